"""The note lowered once per scan, and where each word the rules look for sits in it.

Most of a scan of a long note that holds no secret is spent looking for words that are not
there: each rule family looks for its own nouns and stems, a hundred and more, and each search
reads the whole note. This module makes each of those searches as cheap as it can be: once per
note and word, on a one-byte copy of the note, and not at all when one of the word's characters
is nowhere in the note. With pyahocorasick installed, a lowered note is read once for every
word the rules have asked for so far (one Aho-Corasick pass), and only a word never asked before
is looked for on its own; without it, each word is looked for on its own. A word asked of the
note itself is answered from its lowered copy where the copy tells exactly.
"""

import re
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Any

try:
    # A C extension without type hints; the wrapper below (`_one_pass`) is what this module uses.
    import ahocorasick  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover: the pure-Python searches below still answer
    ahocorasick = None

# False makes every search its own `str.find` pass (the fallback, also taken without the library).
one_pass = ahocorasick is not None

# `str.lower` of every Latin-1 character is one Latin-1 character: such a note is lowered by a
# byte table, several times faster than `str.lower` once the note holds one accented letter.
_LATIN_1_LOWER = bytes(ord(chr(code).lower()) for code in range(256))
_NOTES_KEPT = 8  # the note, its lowered copy and the lines of misspelt nouns read again
_GATED_LENGTH = 1_000  # in a shorter note a search costs less than the checks that may skip it
# A pass costs a fixed ~5 µs (the cache of every word filled), then ~10 ns a character: on a
# note of a few hundred characters it still replaces ~200 searches of ~0.5 µs each.
_PASSED_LENGTH = 100
_LATIN_1_END = 256
# Letters of English and French prose from the rarest to the most common.
_COMMON_LETTERS = "zjqxkywvbgfhmpucldnroitsae"
_COPIED_LENGTH = 3  # a shorter word is looked for in the note itself (`_answered_by_copy`)
_WORDS_KEPT = 2_000  # the rules ask ~200 fixed words; a bound in case one ever asks a note's own


def lowered(text: str) -> str:
    """`text.lower()` with positions kept: "İ" lowers to two characters, so it stays as it is.

    Rules find their words in the lowered text with `str.find`, which outruns a case-blind
    regex by far, and read the values at the same positions in the original text.
    """
    # A note lowered before gets the same copy back, and a note without capitals is its own
    # copy: one object each, as the caches below find an equal string of another object only
    # by comparing every character, at each look-up (~1,000 look-ups a scan).
    lower = _LOWERED_OF.get(text)
    if lower is None:
        lower = _lowered(text)
        if lower == text:
            lower = text
        else:
            _LOWERED_OF[text] = lower
    _LOWERED_NOTES[lower] = None
    while len(_LOWERED_NOTES) > _NOTES_KEPT:
        _LOWERED_NOTES.popitem(last=False)
    while len(_LOWERED_OF) > _NOTES_KEPT:
        _LOWERED_OF.popitem(last=False)
    return lower


# The latest lowered notes: the rules ask most of their words of these, few of the note itself.
_LOWERED_NOTES: OrderedDict[str, None] = OrderedDict()
# The latest notes lowered, each with its lowered copy: a word asked of a note is first looked
# up in its copy's words, which one pass found.
_LOWERED_OF: OrderedDict[str, str] = OrderedDict()


def _lowered(text: str) -> str:
    if text.isascii():
        return text.lower()
    try:
        return text.encode("latin-1").translate(_LATIN_1_LOWER).decode("latin-1")
    except UnicodeEncodeError:
        pass
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(char if len(char.lower()) != 1 else char.lower() for char in text)


def positions(text: str, word: str) -> Iterator[int]:
    """Where `word` starts in `text`, left to right, without overlaps."""
    cached = _found_in(text).get(word)  # most often found by the note's pass: no call below
    return iter(_positions(text, word) if cached is None else cached)


def starts_of_any(text: str, words: Iterable[str]) -> list[int]:
    """Where any of `words` starts in `text`, in order, each place once: their `positions`
    joined, with the note's words looked up once for all of them (rules ask ~30-90 nouns)."""
    found = _found_in(text)
    starts: set[int] = set()
    for word in words:
        cached = found.get(word)
        starts.update(_positions(text, word) if cached is None else cached)
    return sorted(starts)


def found_alone(text: str, word: str) -> Iterator[int]:
    """Where `word` starts, left to right, without overlaps, found by `str.find`, not by the
    note's one pass: for words frequent in prose ("puis", "then", "pa"), as each word the pass
    holds costs a step at each of its places in every note, for every rule."""
    position = text.find(word)
    while position != -1:
        yield position
        position = text.find(word, position + len(word))


def _positions(text: str, word: str) -> tuple[int, ...]:
    """Cached per (note, word): the rules look for the same stems ("pass", "code", "pin") in
    the same lowered note, and a search of a long note that finds nothing still reads all of
    it; the note's hash is computed once and kept by the string."""
    found = _found_in(text)
    cached = found.get(word)
    if cached is None:
        if text in _LOWERED_NOTES:
            _register(word)
            cached = _searched(text, word) if _may_hold(text, word) else ()
        else:
            cached = _searched_in_note(text, word)
        found[word] = cached
    return cached


def _searched_in_note(text: str, word: str) -> tuple[int, ...]:
    """A word asked of a note itself, answered from its lowered copy where that is exact.

    The copy holds each character of the note lowered at the same position, and only a letter
    lowers to an ASCII character: an ASCII word without letters (": ", " / ", "\n") stands
    exactly where it stands in the copy, and an ASCII word whose lowered form the copy lacks
    is not in the note either. Prose holds few of the provider literals ("AIza", "PRIVATE
    KEY"), and the copy's words cost no search: one pass found them."""
    lower = _LOWERED_OF.get(text)
    if lower is not None and _answered_by_copy(word):
        if not _has_letter(word):
            return _positions(lower, word)
        if not _positions(lower, word.lower()):
            return ()
    return _searched(text, word) if _may_hold(text, word) else ()


def _answered_by_copy(word: str) -> bool:
    """Whether to look for an ASCII word in the note's lowered copy: a word the pass finds
    already, or one rare in prose, of three characters or more or holding a character other
    than a letter ("Q~"); "a", "at", "sk" would fill the pass with matches, each a step of
    Python."""
    if not word.isascii():
        return False
    rare = len(word) >= _COPIED_LENGTH or not word.isalpha()
    return rare or word.lower() in _words_asked


@lru_cache(maxsize=4096)
def _has_letter(word: str) -> bool:
    return any(char.isalpha() for char in word)


def start_of_line(text: str, position: int) -> int:
    """`text.rfind("\n", 0, position) + 1` from the note's newlines, found once: on a note of
    one long line, reading back to its start from each noun made a scan quadratic."""
    newlines = _positions(text, "\n")
    before = bisect_left(newlines, position)
    return newlines[before - 1] + 1 if before else 0


def line_start_within(text: str, position: int, reach: int) -> int:
    """Where a look-back from `position` starts: its line's start, at most `reach` characters
    back. A look-back never crosses a line and stays bounded, so a flood on one long line is
    still read in linear time."""
    low = max(0, position - reach)
    return text.rfind("\n", low, position) + 1 or low


def end_of_line(text: str, position: int) -> int:
    """Where the line holding `position` ends: its newline, or the end of the note."""
    newlines = _positions(text, "\n")
    after = bisect_left(newlines, position)
    return newlines[after] if after < len(newlines) else len(text)


def grouped_literals(groups: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, frozenset[int]], ...]:
    """Each literal of `groups` once, with the indices of the groups holding it; a literal
    holding a shorter one is dropped and its groups given to that one: every line it is on, the
    shorter one is on too, and a reading run on a line it finds nothing on costs only there.
    Built once per rule, for `lines_with_groups`."""
    kept: dict[str, set[int]] = {}
    for literal in sorted({literal for literals in groups for literal in literals}, key=len):
        found = {index for index, literals in enumerate(groups) if literal in literals}
        shorter = next((other for other in kept if other in literal), None)
        kept.setdefault(shorter or literal, set()).update(found)
    return tuple((literal, frozenset(found)) for literal, found in kept.items())


def lines_with_groups(
    lowered: str, literals: tuple[tuple[str, frozenset[int]], ...]
) -> list[tuple[int, tuple[int, set[int]]]]:
    """`lines_with` for several groups of literals at once (see `grouped_literals`): each line
    holding one, in note order, with its end and the indices of the groups it holds a literal
    of. A rule with many readings finds their lines in one pass instead of one each."""
    lines: dict[int, tuple[int, set[int]]] = {}
    for literal, groups in literals:
        end = -1
        for position in positions(lowered, literal):
            if position < end:
                continue
            end = end_of_line(lowered, position + len(literal) - 1)
            lines.setdefault(start_of_line(lowered, position), (end, set()))[1].update(groups)
    return sorted(lines.items())


def lines_with(lowered: str, literals: tuple[str, ...]) -> list[tuple[int, int]]:
    """The lines holding one of `literals`, each once, in note order."""
    lines: dict[int, int] = {}
    for literal in literals:
        end = -1
        for position in positions(lowered, literal):  # found once per note, with the others
            if position < end:
                continue  # on the line just found: a line of the literal repeated is read once
            end = end_of_line(lowered, position + len(literal) - 1)
            lines.setdefault(start_of_line(lowered, position), end)
    return sorted(lines.items())


def holds(text: str, word: str) -> bool:
    """`word in text`, told at once when one of the word's rarer characters is not in the note."""
    cached = _found_in(text).get(word)
    if cached is not None:
        return bool(cached)
    if text in _LOWERED_NOTES:
        # A word the note's pass did not look for (asked first after it): searched once, kept.
        return bool(_positions(text, word))
    if _absent_from_lowered_copy(text, word):
        return False
    return _may_hold(text, word) and _first(text, word) != -1


def _absent_from_lowered_copy(text: str, word: str) -> bool:
    """An ASCII word whose lowered form the note's lowered copy lacks (see `_searched_in_note`)."""
    lower = _LOWERED_OF.get(text)
    return lower is not None and _answered_by_copy(word) and not _positions(lower, word.lower())


@lru_cache(maxsize=_NOTES_KEPT)
def _found_in(text: str) -> dict[str, tuple[int, ...]]:
    """The words looked for in `text` so far, with their positions: on a lowered note (of 100
    characters or more), every word asked of any lowered note before, found in one pass. The
    note itself is read by no pass: the words asked of it are answered from its lowered copy
    where that is exact (`_searched_in_note`), or by a search each."""
    if not one_pass or len(text) < _PASSED_LENGTH or not _words_asked:
        return {}
    if text not in _LOWERED_NOTES:
        return {}
    return _one_pass(text)


_words_asked: set[str] = set()
# The automaton and every word it holds mapped to no position (each pass's answers start from
# a copy: building that dict anew cost ~20 µs a note), under how many of the words asked it holds.
_automata: dict[int, tuple[dict[str, tuple[int, ...]], Any]] = {}


def _register(word: str) -> None:
    """Remember a word asked for the first time: the next note's pass finds it too."""
    if word and len(_words_asked) < _WORDS_KEPT:
        _words_asked.add(word)


def _one_pass(text: str) -> dict[str, tuple[int, ...]]:
    """Every asked word's starts in `text`, as repeated `str.find` gives them: the automaton
    reports overlapping matches ("aa" twice in "aaa"), a match is kept only when it starts
    after the end of the word's last kept one."""
    absent, automaton = _current_automaton()
    starts: dict[str, list[int]] = {}
    next_free: dict[str, int] = {}
    for end, (word, length) in automaton.iter(text):
        start = end - length + 1
        if start >= next_free.get(word, 0):
            starts.setdefault(word, []).append(start)
            next_free[word] = end + 1
    found = absent.copy()
    found.update((word, tuple(at)) for word, at in starts.items())
    return found


def _current_automaton() -> tuple[dict[str, tuple[int, ...]], Any]:
    """The automaton over the words asked so far, built again when a new one was asked (the
    rules ask the same words of every note, so after the first notes it is built no more),
    and its words each found nowhere."""
    built = _automata.get(len(_words_asked))
    if built is None:
        automaton = ahocorasick.Automaton()
        for word in _words_asked:
            automaton.add_word(word, (word, len(word)))
        automaton.make_automaton()
        built = dict.fromkeys(_words_asked, ()), automaton
        _automata.clear()
        _automata[len(_words_asked)] = built
    return built


def _may_hold(text: str, word: str) -> bool:
    """False when a character of `word` is nowhere in the note: a search for one character
    reads a one-byte note at memory speed, a search for a word several times slower. Many
    notes hold no "|", "@", "_" or ":", no capital K or P, no "q", "x" or "z": the nouns and
    literals that hold one are then known absent without reading the note for them."""
    if len(text) < _GATED_LENGTH:
        return True
    present = _characters_in(text)
    for char in _characters(word):
        held = present.get(char)
        if held is None:
            held = present[char] = char in _latin_1(text)
        if not held:
            return False
    return True


@lru_cache(maxsize=_NOTES_KEPT)
def _characters_in(text: str) -> dict[bytes, bool]:
    """Whether each character asked about so far is in `text`."""
    del text
    return {}


@lru_cache(maxsize=4096)
def _characters(word: str) -> tuple[bytes, ...]:
    """The word's characters as Latin-1 bytes, rarest in prose first (punctuation, digits,
    capitals and accented letters, then letters from the least to the most common), so that
    an absent one is met soon. "?" stands for every character beyond Latin-1 in the note's
    copy, and a character beyond Latin-1 is not in it: neither tells anything."""
    chars = sorted(
        {char for char in word if char != "?" and ord(char) < _LATIN_1_END}, key=_commonness
    )
    return tuple(char.encode("latin-1") for char in chars)


def _commonness(char: str) -> int:
    return _COMMON_LETTERS.find(char) + 1  # 0: not a common letter, so rarer than any


def _first(text: str, word: str) -> int:
    needle = None if text.isascii() else _latin_1_word(word)
    return text.find(word) if needle is None else _latin_1(text).find(needle)


def _searched(text: str, word: str) -> tuple[int, ...]:
    needle = None if text.isascii() else _latin_1_word(word)
    if needle is None:
        return _starts(text.find, word, len(word))
    return _starts(_latin_1(text).find, needle, len(word))


def _starts[Needle: (str, bytes)](
    find: Callable[[Needle, int], int], needle: Needle, length: int
) -> tuple[int, ...]:
    found = []
    position = find(needle, 0)
    while position != -1:
        found.append(position)
        position = find(needle, position + length)
    return tuple(found)


@lru_cache(maxsize=4096)
def _latin_1_word(word: str) -> bytes | None:
    """A note that holds one character beyond Latin-1 ("’", "—", "€") is stored two or four
    bytes a character, and every search reads it several times slower. Its Latin-1 copy, with
    "?" for every other character, keeps the positions: a Latin-1 word without "?" is found in
    it exactly where it is in the note."""
    if "?" in word:
        return None
    try:
        return word.encode("latin-1")
    except UnicodeEncodeError:
        return None


@lru_cache(maxsize=_NOTES_KEPT)
def _latin_1(text: str) -> bytes:
    return text.encode("latin-1", "replace")


# `name="…"` inside a tag: the next attribute, where a value would stand (`value="…"` is one).
# A year as people write one ("1984", "2019"): a birth's, a model's, a date's; many rules ask
# whether a number is one before taking it for a code.
# A typographic dash between digits, as phones and word processors type it ("8‑2‑0‑5", a
# non-breaking hyphen; "1–9–6–8", an en dash): the rules read it as the hyphen they know. One
# character for one, so every position stays the note's.
_DASHES = "\u2010\u2011\u2012\u2013\u2212"
_DIGIT_DASH = re.compile(f"(?<=[0-9])[{_DASHES}](?=[0-9])")


def with_plain_hyphens(text: str) -> str:
    """`text` with each dash between two digits a hyphen ("-")."""
    # `in` answers at once for a note of Latin-1 characters, which holds none of the dashes.
    if not any(dash in text for dash in _DASHES):
        return text
    return _DIGIT_DASH.sub("-", text)


YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_MARKUP_ATTRIBUTE = re.compile(r"(?!value=)[A-Za-z][\w:-]*=[\"']")


def is_markup_attribute(text: str, position: int) -> bool:
    """<input type="password" minlength="8">: what follows the noun is markup, no value."""
    return _MARKUP_ATTRIBUTE.match(text, position) is not None


# The note's characters by class, one byte each: b"0" a digit, b"a" a letter, b"!" a symbol a
# password holds, b" " anything else. A shape is looked for in it by byte searches (a literal
# byte first, which `re` and `bytes.find` skip to at memory speed), not by a regex testing a
# character class at every position of the note; and a shape it lacks (four digits in a row:
# no card) is known absent from the note for the cost of one `bytes.find`.
_PASSWORD_SYMBOLS = "!@#$%&*"


def _class_table() -> bytes:
    table = bytearray(b" " * _LATIN_1_END)
    for code in range(_LATIN_1_END):
        char = chr(code)
        if "0" <= char <= "9":
            table[code] = ord("0")
        elif char.isalpha():
            table[code] = ord("a")
        elif char in _PASSWORD_SYMBOLS:
            table[code] = ord("!")
    return bytes(table)


_CLASS_TABLE = _class_table()


@lru_cache(maxsize=_NOTES_KEPT)
def character_classes(text: str) -> bytes:
    """`text` as classes of characters, one byte a character at the same positions (a
    character beyond Latin-1 is "anything else")."""
    return text.encode("latin-1", "replace").translate(_CLASS_TABLE)


# --- a value of a few words, said or given (code words, security answers) ----------------------

MAX_VALUE_WORDS = 3
_OPENING_QUOTES = frozenset("«\"“‘'")
_CLOSING_QUOTES = frozenset("»\"”’'")
_VALUE_WORD = re.compile(r"[^\W_][\w'’&!#.-]*")
# Words that say the value is elsewhere, not given, or that a sentence goes on.
_NOT_VALUES = frozenset(
    (
        *("a", "an", "the", "on", "in", "at", "it", "its", "it's", "is", "see", "ask", "check"),
        *("same", "none", "no", "not", "yes", "set", "changed", "i", "i'll", "we", "you", "he"),
        *("she", "they", "my", "your", "our", "his", "her", "their", "this", "that", "what"),
        *("which", "who", "secret", "tbd", "tbc", "xxx", "unknown", "private", "written", "kept"),
        *("le", "la", "les", "l", "un", "une", "sur", "dans", "à", "voir", "demander", "aucun"),
        *("pas", "je", "j", "tu", "il", "elle", "on", "nous", "vous", "ils", "mon", "ma", "ton"),
        *("ta", "son", "sa", "ses", "notre", "votre", "ce", "cet", "cette", "celui", "quel"),
        *("quelle", "qui", "que", "quoi", "même", "changé", "oui", "non", "ok", "to", "for"),
        *("pour", "de", "du", "des", "password", "code", "word", "mot", "answer", "réponse"),
        *("question", "later", "plus", "inconnu", "secret", "confidentiel", "écrit", "noté"),
        *("and", "or", "et", "ou", "if", "si", "when", "quand", "with", "avec", "by", "par"),
        *("please", "please!", "stp", "svp", "thanks", "merci", "sorry", "pardon", "hello"),
        *("something", "anything", "nothing", "whatever", "rien", "quelque", "been", "use"),
        *("utiliser", "pick", "choose", "choisir", "annoying", "pénible", "fine", "easy"),
        *("don't", "do", "never", "jamais", "ne", "mettre", "put", "store", "enter", "choose"),
        *("there", "todo", "you're", "we're", "i'm", "they're", "hi", "bonjour", "thank", "so"),
        *("y", "idk", "dunno", "aucune", "nobody", "personne", "demande", "demandé", "demandée"),
        *("asked", "requested", "required", "requis", "requise", "needed", "nécessaire"),
        *("goodbye", "bye", "cheers", "salut", "hey"),
        # a password each user has their own of: "Mot de passe RPVA : chacun le sien"
        *("chacun", "chacune", "each", "everyone", "everybody", "individual", "individuel"),
        *("individuelle", "personal", "personnel", "personnelle", "perso"),
    )
)


def worded_value(
    text: str,
    start: int,
    end: int,
    *,
    name: bool = False,
    most: int = MAX_VALUE_WORDS,
    said: bool = False,
) -> tuple[int, int] | None:
    """One to three words (`most`), none saying the value is elsewhere: the span without its
    edges and quotes. A `name` may start with a capitalised article ("Le Goff", "De Souza"),
    a phrase `said` in quotes with any word and commas ("«les carottes sont cuites»",
    "« famille Bertrand, galettes »")."""
    raw = text[start:end]
    value = raw.strip().rstrip(".,;:!?)")
    if value[:1] in _OPENING_QUOTES and value[-1:] in _CLOSING_QUOTES and len(value) > 2:
        start += raw.index(value[0]) + 1
        raw = text[start : start + len(value) - 2]
        value = raw.strip()
    words = value.split()
    if not 1 <= len(words) <= most:
        return None
    named = name and len(words) > 1 and all(_is_title(word) for word in words)
    if (words[0].strip("'’").lower() in _NOT_VALUES and not named and not said) or len(value) < 3:
        return None
    if any(_VALUE_WORD.fullmatch(word.rstrip(",;") if said else word) is None for word in words):
        return None
    if set(value.lower()) <= set("x.-* "):
        return None  # a placeholder: "xxxx", "…"
    first = start + len(raw) - len(raw.lstrip())
    return first, first + len(value)


def _is_title(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()
