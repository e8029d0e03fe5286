"""Values given near a secret noun, wherever they sit in its sentence: scored, not placed.

The keyword rules (package __init__) read a value at a fixed place after its label. People do
not: "Can you remember the Livebox password? It's …", "le code de la porte de derrière de la
maison des cousins, celle qui donne sur le potager, c'est 6284", "lock garage (code 9470)", a
Markdown table whose "Password" column holds the values, "changed it to …" with no noun at
all. So here every secret noun opens a window (the rest of its sentence, across one question,
or the next line when its own line ends), and each word in it is scored by how much it looks
like a secret, not by where it is:

- a password or a key must look made for secrecy (`secrecy`): classes of characters mixed
  inside the word (case flipping mid-word, digits between letters, symbols), letter runs no
  language pronounces; "iPhone15", "Pixel8a", "AX3000", "Livebox-7F2A", dates and versions
  score low. People's own words count only when joined in threes and said to be the value
  ("set the wifi password to lantern-biscuit-harbor");
- a code is digits (4-8, or 3 after a lock), a combination or digits with a letter or two,
  never a year, a time, a phone number, an amount or a number a word before it names (room,
  n°, page, at).

The sentence's shape decides too: the window closes at words that say the value is elsewhere
or only described ("ask Paul", "policy", "written on the sticker", "length"), at placeholders
(`${…}`, `{{ secrets.X }}`, `getenv`), and the word after a determiner is a name, not a value
("after the LinkedIn2012 leak"). "Key" alone, an account or a login ask for a more strongly
made-up value than "password", and a value said before its noun or after "changed it to"
with no noun must score higher still.

Cost: the words that may be values (a digit, a symbol, a case flip, words joined) are few in
prose, so they drive the search, and only around nouns: each looks back for the nearest noun
of each kind on its line, whose window is read once. Windows are bounded in characters and
words, so a note made of secret nouns stays linear (bench/secrets_corpus.py).
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import Enum

from memoire.core.secrets.codes import (
    COUNTED_UNITS,
    OTHER_CODES,
    THINGS_A_CODE_OPENS,
    is_postal_pin,
    is_wake_up_time,
)
from memoire.core.secrets.lookalikes import (
    JOB_NOUNS,
    is_enumerated,
    is_exam_centre_number,
    is_explained_as_a_number,
    is_fault_code,
    is_given_as_an_example,
    is_model_number,
)
from memoire.core.secrets.text import YEAR, line_start_within, positions
from memoire.core.secrets.text import end_of_line as _line_end


class Noun(Enum):
    """What a secret noun names, which decides the values it may be given."""

    PASSWORD = "password"  # a made-up value, or joined words
    KEY = "key"  # a made-up value only: "key" names many other things
    CODE = "code"  # digits, a combination
    ACCOUNT = "account"  # only a strongly made-up value: "the Plex account … uses Lm5#qTz8Rw"


_NOUN = re.compile(
    r"(?<![^\W_])(?:"
    r"(?P<password>pass(?:word|wd|phrase|code|e)?s?|pwd|pw|mdp|mots?[ _-]de[ _-]passe|wpa[23]?"
    r"|psk|identifiants|credentials|creds)"
    r"|(?P<key>cl[ée]f?s?|keys?|secret|token|jeton|api[ _-]?key)"
    r"|(?P<code>codes?|pins?|puk|nip|combos?|combinations?|combinaisons?|cadenas"
    r"|padlocks?|antivols?|digicodes?|alarm|alarme|keypads?)"
    r"|(?P<account>accounts?|comptes?|logins?))(?![^\W_])"
)
# Nouns that make "key" a password's key: "wifi key", "clé WPA", "network key".
_SECRET_KEY_WORDS = frozenset(
    ("wifi", "wi-fi", "wpa", "wpa2", "réseau", "network", "api", "secret", "secrète", "private")
)
# "Key" and "clé" that name something else: a house key, a USB key, a public key, a song's key.
_OTHER_KEYS = frozenset(
    (
        *("public", "publique", "primary", "foreign", "sort", "usb", "car", "house", "spare"),
        *("door", "porte", "voiture", "maison", "garage", "ssh", "gpg", "pgp", "of", "largo"),
        *("takeaways", "points", "moments", "succès", "role", "rôle", "fob", "song"),
    )
)

_WINDOW_CHARS = 320
_WINDOW_WORDS = 48
_CODE_REACH = 8  # a code is said within this many words of its noun
_BEFORE_WORDS = 6
_WORD = re.compile(r"\S+")
# A sentence ends at a full stop, "!" or ";" before a space; a question does not end the window
# ("the password? It's …") but a second one does.
_SENTENCE_END = re.compile(r"[.!;](?=\s|\Z)")
_WRAPPERS_BEFORE = "\"'`“‘«([*_|"
_WRAPPERS_AFTER = ".,;:!?)]}\"'`”’»*_|"

# Words after which the line no longer gives a value: it describes, locates or defers it.
_STOP_WORDS = frozenset(
    (
        *("length", "policy", "policies", "hint", "rule", "rules", "min", "max", "minimum"),
        *("maximum", "characters", "chars", "digits", "caractères", "chiffres", "longueur"),
        *("politique", "règle", "règles", "indice", "manager", "gestionnaire", "name", "nom"),
        *("ssid", "model", "modèle", "serial", "série", "id", "uuid", "address", "adresse"),
        *("wallet", "hash", "sha", "commit", "order", "commande", "suivi", "tracking", "ref"),
        *("référence", "version", "firmware", "ask", "see", "check", "demande", "demander"),
        *("demandez", "voir", "cf", "stored", "written", "sticker", "label", "étiquette"),
        *("noté", "notée", "écrit", "écrite", "rangé", "rangée", "called", "named", "nommé"),
        *("appelé", "will", "should", "must", "doit", "faut", "expire", "expires", "expiry"),
        *("format", "type", "field", "champ", "prompt", "reset", "forgot", "oublié", "lost"),
        *("perdu", "exemple", "example", "e.g.", "ex", "comic", "budget", "limit", "count"),
        *("requirements", "exigences", "complexity", "complexité", "strength", "taille"),
        *("size", "pointure", "articles", "publique", "public"),
    )
)
# A word after these is a name, not a value: "after the LinkedIn2012 leak".
_DETERMINERS = frozenset(
    (
        *("the", "a", "an", "my", "his", "her", "our", "their", "your", "this", "that", "its"),
        *("le", "la", "les", "l", "un", "une", "du", "des", "mon", "ma", "mes", "son", "sa"),
        *("ses", "notre", "votre", "leur", "ce", "cette", "au", "aux", "de", "d"),
    )
)
# A number after these is counted or dated, not a code: "room 1204", "n° 4471", "at 1400".
_NUMBER_NAMERS = frozenset(
    (
        *("n°", "no", "nº", "#", "room", "salle", "chambre", "page", "étage", "floor", "at"),
        *("à", "vers", "le", "on", "in", "en", "since", "depuis", "dès", "by", "until", "from"),
        *("article", "line", "ligne", "port", "pr", "issue", "ticket", "build", "version"),
        *("v", "bus", "ligne", "route", "tel", "tél", "phone", "téléphone", "fax", "zip"),
        *("bâtiment", "building", "apt", "appartement", "flat", "lot", "box", "rue", "street"),
        *("taille", "size", "pointure", "commande", "order", "facture", "invoice"),
        *JOB_NOUNS,
    )
)
# A number named by its own noun, unless that noun is a code's: "site number 40991", "account
# ref 7731", but "PIN number 4471".
_NUMBER_NOUNS = frozenset(("number", "numéro", "numero", "num", "ref", "id"))
_CODE_NUMBERS = frozenset(("pin", "code", "nip", "puk", "combination", "combinaison"))
_PLACEHOLDERS = ("${", "{{", "getenv", "environ", "process.env", "!secret", "<", "****", "xxx")
# A value linked to its noun before it: "Zq9!mT4xLp <-- wifi password", "… is the password".
_LINK_BEFORE = re.compile(
    r"[ \t]*(?:(?:<[-=]+|←|⟵|⇐|[-=]+>|→|⇒|=|:|—)[ \t]*"
    r"|,?[ \t]*(?:is|was|est|c['’]est|as|comme)[ \t]+)"
    r"(?:(?:that['’]s|c['’]est|the|my|our|a|le|la|l['’]|mon|ma|notre)[ \t]*)*"
    r"(?:[^\W\d_][\w-]*[ \t]+){0,3}(?:mot[ ]de[ ]|cl[ée][ ])?\Z",
    re.IGNORECASE,
)
# Words that introduce the new value with no noun: "changed it to …", "je l'ai remplacé par …".
_CHANGED = re.compile(
    r"(?<!\w)(?:now[ ]it['’]?s|(?:the[ ])?new[ ]one[ ](?:is|será|est)"
    r"|(?:changed|switched|updated|rotated|reset|set)(?:[ ]it)?(?:[ ](?:over|back))?[ ]to"
    r"|remplac[ée]e?[ ]par|chang[ée]e?[ ](?:pour|en)|devenue?|pass[ée]e?s?[ ][àa]"
    r"|c['’]est[ ]maintenant|maintenant[ ]c['’]est|(?:i|we|j['’]|on)[ ]?(?:use|utilise))(?!\w)"
)
_CHANGED_REACH = 3  # words after "changed it to" where its value may be
# A word that may be a value holds a digit or a symbol people put in passwords, a case flip,
# or words joined. Each mark is found by a regex that starts with one character class, which
# `re` looks for fast, so Python sees only the few words that hold one.
_VALUE_MARKS = (
    re.compile(r"[0-9!#$%&*@^~=+§£€]+"),
    re.compile(r"[A-Z](?<=[a-z].)"),
    re.compile(r"[-._](?<=[^\W\d_]{4}.)(?=[^\W\d_]{4})"),
)
_WORD_END = re.compile(r"\S*")
_LONGEST_WORD = 256
# A note holds a secret noun, a change or a table, or this module has nothing to look for.
# Each noun and change phrase starts with one of these; the values searched for lie around them.
_LITERALS = (
    *("pass", "pw", "mdp", "code", "digicode", "pin", "puk", "nip", "cl", "key", "secret"),
    *("token", "jeton", "comb", "cadenas", "padlock", "antivol", "alarm", "wpa", "psk"),
    *("identifiant", "cred", "account", "compte", "login"),
    *("now it", "new one", "chang", "switched", "updated", "rotated", "reset", "set"),
    *("remplac", "devenu", "maintenant", "use", "utilise"),
)
_LITERAL_HITS = 512  # past this many, the whole note is searched
_REGION_BEFORE = 96  # a value said before its noun, or "I use … for"
_REGION_AFTER = 2 * _WINDOW_CHARS + 64  # the noun's window, then the next line

# Markdown tables: a header row, a separator row, then rows whose cells under a secret noun are
# the values.
_ROW_START = re.compile(r"^[ \t]{0,3}\|", re.MULTILINE)
_ROW_REACH = 4096  # the longest table row looked back over
_TABLE_SEPARATOR = re.compile(r"[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\Z")

_MIN_SECRET_LENGTH = 6
_SECRET = 2  # the score a word needs, beside a noun, to be taken for the value
_STRONG = 3  # and with no noun, or before it
_CODE_SHAPE = re.compile(
    r"[0-9]{3,8}|[0-9]{1,2}(?:-[0-9]{1,2}){2,5}|(?=(?:[A-Z]?[0-9]){3})[0-9A-Z]{4,6}"
)
_JOINED_WORDS = re.compile(r"[^\W\d_]{4,}(?:([-._])[^\W\d_]{4,})(?:\1[^\W\d_]{4,})+")
# Words no made-up passphrase holds: they tell the reader what to write or where to look.
_TEMPLATE_WORDS = frozenset(
    (
        *("your", "here", "votre", "ici", "example", "exemple", "sample", "same", "pareil"),
        *("voir", "avec", "demande", "demander", "check", "look", "paste", "insert", "dans"),
        *("with", "from", "into", "that", "this", "case", "sensitive", "upper", "lower"),
        *("digit", "digits", "symbol", "symbols", "chiffre", "lettre", "lettres", "word"),
        *("words", "mots", "random", "hasard", "pick", "choose", "never", "jamais"),
    )
)
_SPACED_WORDS_MIN = 4
_HEX_RUN = re.compile(r"[0-9a-f]{16,}|[0-9A-F]{16,}")
_NETWORK_SUFFIX = re.compile(r"[-_ ][0-9A-F]{4,6}\Z")
_NOT_A_VALUE = re.compile(
    r"[a-z][a-z0-9+.-]*://|[\w.+-]+@[\w-]+\.[\w.-]+|^[~/$<>@{%#]|[(\[{]|\.\.|^\w+\.\w+\.\w+$"
    r"|\w=\S|^(?:ssh|ecdsa|sk)-|^AAAA[0-9A-Za-z+/]{16,}"  # AAAA…: an SSH public key's body
    r"|\w['\"`]@['\"`]?[\w.-]",  # 'shop'@'172.18.0.3': a database account in a log line
    re.IGNORECASE,
)
_DIGIT_GROUP = re.compile(r"[ \t]?[0-9]{2,}")


@dataclass(frozen=True, slots=True)
class _Word:
    """A word of the window, without the punctuation and Markdown around it."""

    start: int
    end: int
    raw: str  # as written, punctuation included
    value: str


@dataclass(frozen=True, slots=True)
class _Context:
    """The noun a window belongs to, and the score a made-up value needs there."""

    kind: Noun
    noun: str
    needed: int
    words: bool  # whether joined words may be the value: a password's, a network's key
    bare: bool = False  # a table column headed by a password's noun alone


def find_window_secrets(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """`lowered` is `text` lowered with its positions kept (see text.lowered)."""
    for rule, start, end in _find_near_nouns(text, lowered):
        if not is_given_as_an_example(lowered, start, end):  # "… in the xkcd comic"
            yield rule, start, end
    yield from _find_spaced_passphrases(text, lowered)
    yield from _find_in_tables(text, lowered)


def secrecy(value: str) -> int:
    """How much a word looks made for secrecy: 0 for words, names and numbers people write.

    One point each for three classes of characters or more, for a case flip inside letters
    (two for two: "iPhone" and "macOS" flip once, "Vq8rT2mXwe" often; capitalised words joined,
    "KeePassXC", do not count), for letters and digits
    alternating three times or more ("Pixel8a" twice), for a symbol people put in passwords,
    for a run of letters no language pronounces (five consonants, or no vowel in five
    letters: "kxnvpuwme"), and two for sixteen hex digits or more (a machine's key).
    """
    if len(value) < _MIN_SECRET_LENGTH or _LETTER.search(value) is None:
        return 0
    if _NETWORK_SUFFIX.search(value) is not None:
        return 0  # Livebox-7F2A: a box's network name ends in hex digits of its address
    lower = _LOWER.search(value) is not None
    upper = _UPPER.search(value) is not None
    digits = _DIGIT.search(value) is not None
    symbol = _SYMBOL.search(value, 1, len(value) - 1) is not None
    alternations = len(_RUN.findall(_NOT_ALNUM.sub("", value))) - 1
    flips = min(len(_FLIP.findall(value, 1)), 2 if alternations >= 2 or symbol else 1)
    if _CAMEL_WORDS.fullmatch(value) is not None:
        flips = 0  # KeePassXC2, MacBookPro16, PlayStation5: words capitalised, a name
    score = int(lower + upper + digits + symbol >= 3) + flips + symbol + (alternations >= 3)
    score += _CONSONANTS.search(value.lower()) is not None  # "kxnvpuwme": no language says it
    if digits and (lower or upper) and _HEX_RUN.search(value) is not None:
        score += 2
    return score


_LETTER = re.compile(r"[^\W\d_]")
_LOWER = re.compile(r"[a-zß-öø-ÿ]")
_UPPER = re.compile(r"[A-ZÀ-ÖØ-Þ]")
_DIGIT = re.compile(r"[0-9]")
_SYMBOL = re.compile(r"[!#$%&*@?^~=+§£€]")
_NOT_ALNUM = re.compile(r"[\W_]+")
_RUN = re.compile(r"[0-9]+|[^\W\d_]+")
# Lower to upper inside letters, not after a single first letter: "iPhone" and "eBay" do not flip.
_FLIP = re.compile(r"[a-zß-öø-ÿ](?=[A-ZÀ-ÖØ-Þ])")
_CAMEL_WORDS = re.compile(r"[a-z]?(?:[A-Z][a-z]{2,})+[A-Z]{0,3}[0-9]{0,4}")
# Five consonants in a row: a run of letters with no vowel in five has one too.
_CONSONANTS = re.compile(r"[b-df-hj-np-tv-xzç]{5}")


# --- beside a noun --------------------------------------------------------------------------


def _find_near_nouns(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """Driven by the words that may be values, which prose holds few of: only the nouns just
    before one (the nearest of each kind) read their window, once each, and the nouns are found
    in one pass, so a note made of secret nouns costs little and a line of both stays linear."""
    regions = _regions(lowered)
    if not regions:
        return
    nouns = _Nouns(text, lowered)
    found: set[tuple[int, int]] = set()
    for candidate in _candidates(text, regions):
        if not _may_be_a_value(candidate.raw):
            continue
        for rule, *span in _values_for(text, lowered, candidate, nouns):
            if (span[0], span[1]) not in found:
                found.add((span[0], span[1]))
                yield (rule, span[0], span[1])


class _Nouns:
    """The note's secret nouns, found left to right as far as the words asked about, and the
    value each one's window gives (read once)."""

    def __init__(self, text: str, lowered: str) -> None:
        self._text = text
        self._lowered = lowered
        self._scanned = 0
        self._last: dict[Noun, re.Match[str]] = {}
        self._values: dict[int, tuple[int, int] | None] = {}

    def nearest(self, start: int, end: int) -> list[tuple[re.Match[str], Noun]]:
        """The last noun of each kind before `end`, if it starts after `start`, nearest first."""
        if end > self._scanned:  # nouns before `start` are never asked for again
            for noun in _NOUN.finditer(self._lowered, max(self._scanned, start), end):
                self._last[_kind(noun)] = noun
            self._scanned = end
        nearest = [(noun, kind) for kind, noun in self._last.items() if start <= noun.start()]
        return sorted(nearest, key=lambda pair: -pair[0].start())

    def value(self, noun: re.Match[str], kind: Noun) -> tuple[int, int] | None:
        if noun.start() not in self._values:
            value = None
            if not _is_placeholder_or_other(self._lowered, noun):
                context = _context(self._lowered, noun.start(), noun.end(), kind, noun[0])
                value = _value_after(self._text, self._lowered, noun.end(), context)
            self._values[noun.start()] = value
        return self._values[noun.start()]


def _regions(lowered: str) -> list[tuple[int, int]]:
    """Where a value may lie: around each secret noun or change phrase that starts a word.

    Looking for a value's marks costs more than finding these words, and prose holds few."""
    hits = []
    for literal in _LITERALS:
        for position in positions(lowered, literal):
            if position == 0 or not lowered[position - 1].isalpha():
                hits.append(position)
                if len(hits) > _LITERAL_HITS:
                    return [(0, len(lowered))]
    regions: list[tuple[int, int]] = []
    for position in sorted(hits):
        start, end = max(0, position - _REGION_BEFORE), position + _REGION_AFTER
        if regions and start <= regions[-1][1]:
            regions[-1] = (regions[-1][0], max(regions[-1][1], end))
        else:
            regions.append((start, end))
    return regions


def _candidates(text: str, regions: list[tuple[int, int]]) -> Iterator[_Word]:
    """The words holding a value's mark, each once, in text order."""
    marks = sorted(
        {
            mark.start()
            for start, end in regions
            for pattern in _VALUE_MARKS
            for mark in pattern.finditer(text, start, end)
        }
    )
    end = -1
    for mark in marks:
        if mark < end:
            continue  # another mark of the same word
        low = max(0, mark - _LONGEST_WORD)
        start = max(text.rfind(space, low, mark) for space in " \t\n") + 1 or low
        word_end = _WORD_END.match(text, mark)
        end = mark if word_end is None else word_end.end()
        yield _unwrapped(text, start, end)


def _may_be_a_value(token: str) -> bool:
    """Cheap first test: a piece of the word (around "=" or ":") shaped like a value."""
    for piece in _PIECES.split(token):
        value = piece.strip(_WRAPPERS_BEFORE + _WRAPPERS_AFTER)
        if _CODE_SHAPE.fullmatch(value.rstrip("#*")) or _JOINED_WORDS.fullmatch(value):
            return True
        if _is_grouped_key(value):
            return True
        if len(value) >= _MIN_SECRET_LENGTH and secrecy(value) >= _SECRET:
            return True
    return False


_PIECES = re.compile(r"[=:]")


def _values_for(
    text: str, lowered: str, word: _Word, nouns: _Nouns
) -> Iterator[tuple[str, int, int]]:
    line_start = line_start_within(text, word.start, _WINDOW_CHARS)
    regions = [(line_start, word.end)]
    before = text[line_start : word.start]
    if line_start > 0 and (not before.strip() or _ANSWER_MARK.fullmatch(before)):  # alone
        regions.insert(0, (line_start_within(text, line_start - 1, _WINDOW_CHARS), line_start - 1))
    for region_start, region_end in regions:
        for noun, kind in nouns.nearest(region_start, region_end):
            span = nouns.value(noun, kind)
            if span is not None:
                yield (f"window-{kind.value}", *span)
                return
    labelled = _value_labelled_in_brackets(text, lowered, word)
    if labelled is not None:
        yield labelled
    elif secrecy(word.value) >= _STRONG:
        said = _value_before(text, lowered, word) or _value_after_a_change(text, lowered, word)
        if said is not None:
            yield said


def _kind(noun: re.Match[str]) -> Noun:
    return Noun(next(name for name, value in noun.groupdict().items() if value is not None))


def _unwrapped(text: str, start: int, end: int) -> _Word:
    """The word between `start` and `end`, without the punctuation and Markdown around it."""
    raw = text[start:end]
    left = len(raw) - len(raw.lstrip(_WRAPPERS_BEFORE))
    right = len(raw) - len(raw.rstrip(_WRAPPERS_AFTER))
    value = raw[left : len(raw) - right] if left < len(raw) - right else ""
    return _Word(start + left, end - right, raw, value)


def _is_placeholder_or_other(lowered: str, noun: re.Match[str]) -> bool:
    """ "${ADMIN_PASSWORD:?…}", "secrets.MQTT_PASSWORD", "error code", "USB key": no value."""
    start = noun.start()
    while start > 0 and (lowered[start - 1].isalnum() or lowered[start - 1] == "_"):
        start -= 1
    if lowered[max(0, start - 2) : start].endswith(("${", "{", "$", ".", "<", "%")):
        return True
    if _IDENTIFIER_GOES_ON.match(lowered, noun.end()):
        return True  # PASSWORD_FILE, password_min_length, token-count: another setting
    before = _word_before(lowered, noun.start())
    after = _word_after(lowered, noun.end())
    word = noun[0]
    if noun["code"] is not None and (before in OTHER_CODES or after in OTHER_CODES):
        return True
    if noun["code"] is not None and is_exam_centre_number(lowered, noun.start()):
        return True  # "Exam centre code: 1420": printed on every candidate's timetable
    others = before in _OTHER_KEYS or after in _OTHER_KEYS
    return noun["key"] is not None and word.startswith(("key", "cl")) and others


_IDENTIFIER_GOES_ON = re.compile(r"[_-][^\W\d_]")


def _word_after(lowered: str, position: int) -> str:
    """The word after, past French prepositions: "clé de la voiture", "code du portail"."""
    for raw in lowered[position : position + 32].split():
        word = _elided(raw.strip(_WRAPPERS_BEFORE + _WRAPPERS_AFTER))
        if word not in _PREPOSITIONS:
            return word
    return ""


_PREPOSITIONS = frozenset(("de", "du", "des", "la", "le", "l", "d", "the", "for", "to"))


def _word_before(lowered: str, position: int) -> str:
    words = lowered[max(0, position - 24) : position].split()
    return words[-1].strip(_WRAPPERS_BEFORE + _WRAPPERS_AFTER) if words else ""


def _window_words(text: str, start: int, end: int, most: int = _WINDOW_WORDS) -> list[_Word]:
    words = []
    for match in _WORD.finditer(text, start, end):
        words.append(_unwrapped(text, *match.span()))
        if len(words) >= most:
            break
    return words


def _window_end(text: str, start: int) -> int:
    """The end of the noun's sentence, across one question ("password? It's …")."""
    line_end = text.find("\n", start, start + _WINDOW_CHARS)
    end = min(len(text), start + _WINDOW_CHARS) if line_end == -1 else line_end
    sentence = _SENTENCE_END.search(text, start, end)
    if sentence is not None:
        end = sentence.start()
    question = text.find("?", start, end)
    if question != -1:
        second = text.find("?", question + 1, end)
        end = end if second == -1 else second
    return end


def _value_after(
    text: str, lowered: str, noun_end: int, context: _Context
) -> tuple[int, int] | None:
    end = _window_end(text, noun_end)
    if any(mark in lowered[noun_end:end] for mark in _PLACEHOLDERS):
        return None
    span, words = _scan_words(text, lowered, noun_end, end, context)
    if span is not None:
        return span
    line_end = text.find("\n", noun_end, noun_end + _WINDOW_CHARS)
    if line_end == -1 or (words and not _announces(lowered, noun_end, line_end)):
        return None
    next_end = text.find("\n", line_end + 1, line_end + 1 + _WINDOW_CHARS)
    next_start = line_end + 1
    answer = _ANSWER_MARK.match(text, next_start)
    next_start = answer.end() if answer is not None else next_start
    next_words = _window_words(
        text, next_start, line_end + 1 + _WINDOW_CHARS if next_end == -1 else next_end, 2
    )
    if len(next_words) == 1:  # the value alone on the next line
        return _scored(text, lowered, next_words[0], context, reach=0, linked=True)
    return None


# A line that announces the next one: a question ("Q: what's the gate code?"), a colon, or
# words saying so ("password is on the next line", "le code ci-dessous").
_ANNOUNCING = (
    *("next line", "line below", "below", "ci-dessous", "en dessous", "ligne suivante"),
    *("here it is", "le voici", "la voici", "voici"),
)
_ANNOUNCING_TAIL = 32  # only the end of the line is read
# The answer's mark before a value on the next line: "A: 0620", "R : 3381", "→ 4821", "- x".
_ANSWER_MARK = re.compile(
    r"[ \t]*(?:(?:a|r|answer|réponse|rép|reply)[ \t]*[:.)][ \t]*|(?:[-*•>→]|->)[ \t]+)",
    re.IGNORECASE,
)


def _announces(lowered: str, start: int, line_end: int) -> bool:
    tail = lowered[max(start, line_end - _ANNOUNCING_TAIL) : line_end].rstrip(" \t*_")
    if tail.endswith(("?", ":")):
        return True
    tail = tail.rstrip(".!")
    return any(
        tail.endswith(words) and not tail[: -len(words)][-1:].isalpha() for words in _ANNOUNCING
    )


def _scan_words(
    text: str, lowered: str, start: int, end: int, context: _Context
) -> tuple[tuple[int, int] | None, bool]:
    """The first word of the window taken for the value, and whether the window holds a word.

    The window stops at a word that says the value is elsewhere or only described, and at the
    next noun of the same kind, which reads on from there itself.
    """
    previous: _Word | None = None
    first = -1
    asked = -_ANSWER_REACH - 1  # where a question ended: the answer follows it
    for reach, match in enumerate(_WORD.finditer(text, start, end)):
        if reach >= _WINDOW_WORDS:
            break
        word = _unwrapped(text, *match.span())
        folded = word.value.lower()
        if first == -1:
            first = word.start
        if folded in _STOP_WORDS or _elided(folded) in _STOP_WORDS:
            return None, True
        if reach and _is_noun_of(folded, context.kind):
            return None, True
        before = "" if previous is None else _elided(previous.value.lower())
        if before not in _DETERMINERS and _VALUE_MARK.search(word.value) is not None:
            linked = _is_linked(text, previous, before, start, first)
            linked = linked or reach - asked <= _ANSWER_REACH
            span = _scored(text, lowered, word, context, reach=reach, linked=linked)
            if span is not None:
                return span, True
        if word.raw.endswith("?"):
            asked = reach
        previous = word
    return None, _has_word(text, start, end)


_ANSWER_REACH = 3  # "the code? Sure, 6618", "le mot de passe ? Oui, c'est …"


def _has_word(text: str, start: int, end: int) -> bool:
    return any(char.isalnum() for char in text[start:end])


def _is_noun_of(word: str, kind: Noun) -> bool:
    noun = _NOUN.fullmatch(word)
    return noun is not None and _kind(noun) is kind


# Any mark a value holds (a digit, a symbol, a case flip, a joiner): other words are skipped.
_VALUE_MARK = re.compile(r"[0-9!#$%&*@^~=+§£€._-]|[a-z][A-Z]")


def _find_spaced_passphrases(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    for position in positions(lowered, "passphrase"):
        if position and lowered[position - 1].isalnum():
            continue
        if lowered.startswith("passphrases", position):
            continue  # passphrases in general: advice, not one passphrase's words
        start = position + len("passphrase")
        end = _window_end(text, start)
        if end - start > _PASSPHRASE_CHARS:
            continue  # the words end the sentence: a long one is prose
        words = _window_words(text, start, end, _PASSPHRASE_WINDOW + 1)
        span = _spaced_passphrase(text, words, start) if len(words) <= _PASSPHRASE_WINDOW else None
        if span is not None:
            yield ("window-passphrase", *span)


def _spaced_passphrase(text: str, words: list[_Word], start: int) -> tuple[int, int] | None:
    """ "the new passphrase … is copper otter mango violin": after a link, four lower-case words
    or more that end the sentence and read as no sentence (no determiner, no advice)."""
    for reach in range(len(words)):
        previous = words[reach - 1] if reach else None
        before = "" if previous is None else _elided(previous.value.lower())
        if _is_linked(text, previous, before, start, words[0].start):
            if before in ("to", "à") and _is_sent(words[max(0, reach - 3) : reach - 1]):
                return None  # "send it to post by text": a destination
            rest = words[reach:]
            plain = all(
                part.value.isalpha()
                and part.value.islower()
                and (part.raw == part.value or part is rest[-1])
                and part.value not in _DETERMINERS
                and part.value not in _TEMPLATE_WORDS
                and part.value not in _STOP_WORDS
                for part in rest
            )
            if plain and _SPACED_WORDS_MIN <= len(rest) <= _MAX_SPACED_WORDS:
                return rest[0].start, rest[-1].end
            return None
    return None


def _is_sent(words: list[_Word]) -> bool:
    return any(_elided(word.value.lower()).split("-")[0] in _SENDING_VERBS for word in words)


# Verbs sending a secret somewhere: the words after their "to" are where, not what.
_SENDING_VERBS = frozenset(
    (
        *("send", "sent", "give", "given", "pass", "hand", "forward", "mail", "email", "text"),
        *("envoie", "envoyez", "envoyer", "donne", "donnez", "donner", "transmets", "transmettez"),
        *("transmettre", "remets", "remettez", "remettre", "passe", "passez"),
    )
)
_MAX_SPACED_WORDS = 8
_PASSPHRASE_WINDOW = 2 * _MAX_SPACED_WORDS  # a few words, a link, then the words: the sentence
_PASSPHRASE_CHARS = 200


def _is_linked(text: str, previous: _Word | None, before: str, start: int, first: int) -> bool:
    """Said to be the value: right after a separator or a bracket ("code: 4821", "(code 9470)",
    "PIN? 7391"), or after a linking word ("c'est", "is", "to")."""
    if previous is None:
        between = text[start:first]
        opened = text[max(0, start - 16) : start].rfind("(") > text[
            max(0, start - 16) : start
        ].rfind(")")
        return opened or any(mark in between for mark in ":=?→—|") or between.endswith("-")
    return before in _LINKS or previous.raw.endswith((":", "?", "=", "→"))


_LINKS = frozenset(
    (
        *("is", "was", "to", "now", "est", "c'est", "c’est", "à", "en", "devient", "vaut"),
        *("it's", "it’s", "voici", ":", "=", "->", "→", "—", "-", "sur", "with", "avec"),
        *("still", "toujours", "encore", "maintenant", "became", "devenu", "set", "oui"),
    )
)


def _elided(word: str) -> str:
    return word[2:] if len(word) > 2 and word[1] in "'’" else word


def _scored(
    text: str, lowered: str, word: _Word, context: _Context, *, reach: int, linked: bool
) -> tuple[int, int] | None:
    value = word.value
    kind = context.kind
    if not value or _NOT_A_VALUE.search(value) is not None:
        return None
    if kind is Noun.CODE:
        return _code(text, lowered, word, context.noun, reach=reach, linked=linked)
    if context.noun.startswith("passcode") and _CODE_SHAPE.fullmatch(value):
        return _code(text, lowered, word, context.noun, reach=reach, linked=linked)
    if secrecy(value) >= context.needed:
        return word.start, word.end
    if linked and context.words and _are_joined_words(value):
        return word.start, word.end  # "set the wifi password to lantern-biscuit-harbor"
    return None


def _are_joined_words(value: str) -> bool:
    """Three words or more of four letters or more, joined, none telling what to write."""
    if _JOINED_WORDS.fullmatch(value) is None:
        return False
    words = re.split(r"[-._]", value.lower())
    return len(set(words)) == len(words) and not any(
        word in _TEMPLATE_WORDS or _NOUN.fullmatch(word) for word in words
    )


def _context(lowered: str, start: int, end: int, kind: Noun, noun: str) -> _Context:
    """ "Key" alone may be a song's or a house's: only a strong value is its secret, unless a
    word beside it names a password's key ("wifi key", "clé WPA", "API key"); only a password
    or a network's key may be words ("the secret sauce is mayo-ketchup-mustard-relish")."""
    line_start = line_start_within(lowered, start, _NAMING_REACH)
    around = {
        word.strip(_WRAPPERS_BEFORE + _WRAPPERS_AFTER)
        for word in lowered[line_start : end + 16].replace("-", " ").split()
    }
    if kind is Noun.PASSWORD:
        return _Context(kind, noun, _SECRET, words=True)
    if kind is Noun.ACCOUNT:
        return _Context(kind, noun, _STRONG, words=False)
    network = not around.isdisjoint(_NETWORK_WORDS)
    if not noun.startswith(("key", "cl")):
        return _Context(kind, noun, _SECRET, words=network)
    named = network or not around.isdisjoint(_SECRET_KEY_WORDS)
    return _Context(kind, noun, _SECRET if named else _STRONG, words=network)


_NAMING_REACH = 60
_NETWORK_WORDS = frozenset(("wifi", "wi fi", "wpa", "wpa2", "réseau", "network", "box", "router"))


def _code(
    text: str, lowered: str, word: _Word, noun: str, *, reach: int, linked: bool
) -> tuple[int, int] | None:
    """Digits said after a code's noun: not a year, a time, a phone number, an amount, nor a
    number a word before it names ("room 1204")."""
    value = word.value.rstrip("#*")
    if (reach > _CODE_REACH and not linked) or _CODE_SHAPE.fullmatch(value) is None:
        return None
    if noun.startswith("code") and not (linked or _names_a_thing(lowered, word.start)):
        return None  # "code 4040 for the error page": a bare "code" may be a program's
    digits = value.replace("-", "")
    if len(digits) == 3 and not _is_lock(noun) and "-" not in value:
        return None
    if YEAR.fullmatch(value) and not linked:
        return None
    if noun.startswith("alarm") and is_wake_up_time(value):
        return None
    before = _word_before(lowered, word.start)
    if before in _NUMBER_NAMERS or before in OTHER_CODES or _is_a_numbers(lowered, word, before):
        return None
    if is_postal_pin(lowered, word.end):
        return None  # "PIN code: 560001" under an address: India's postcode
    after = lowered[word.end : word.end + 16].split()
    if after and (after[0].strip(_WRAPPERS_AFTER) in COUNTED_UNITS or after[0][0] in "€$%£"):
        return None
    if (
        _DIGIT_GROUP.match(text, word.end)
        or text[max(0, word.start - 3) : word.start].strip()[-1:].isdigit()
    ):
        return None  # a phone number or an amount written in groups
    if text[word.end : word.end + 1] in "/.:,h" and text[word.end + 1 : word.end + 2].isdigit():
        return None  # 12/05, 10.5, 18:30, 18h30
    if is_enumerated(text, word.start, word.end) or is_explained_as_a_number(text, word.end):
        return None  # "35000 Rennes, 29200 Brest, 56100 Lorient"; "31045 - the set number"
    if is_model_number(text, word.start, word.end) or is_fault_code(text, word.start, word.end):
        return None  # "centrale Hager Logisty 40917, pile changée en 2023"; "E119 (no ignition)"
    return word.start, word.end


def _is_a_numbers(lowered: str, word: _Word, before: str) -> bool:
    """ "give site number 40991", "le numéro 40991": not "PIN number 4471"."""
    if before not in _NUMBER_NOUNS:
        return False
    return _word_before(lowered, lowered.rfind(before, 0, word.start)) not in _CODE_NUMBERS


_THING = re.compile(rf"(?<!\w)(?:{THINGS_A_CODE_OPENS})(?!\w)")
_THING_REACH = 80


def _names_a_thing(lowered: str, position: int) -> bool:
    """A door, a gate, a lock… named on the line before the number: then "code" is its code."""
    line_start = line_start_within(lowered, position, _THING_REACH)
    return _THING.search(lowered, line_start, position) is not None


def _is_lock(noun: str) -> bool:
    return noun.startswith(("combo", "combin", "cadenas", "padlock", "antivol"))


def _value_before(text: str, lowered: str, word: _Word) -> tuple[str, int, int] | None:
    """A made-up value said first, then linked to its noun: "Zq9!mT4xLp <-- wifi password"."""
    noun = _NOUN.search(lowered, word.end, min(_line_end(text, word.end), word.end + _BEFORE_CHARS))
    if noun is None or _kind(noun) is Noun.CODE or _is_placeholder_or_other(lowered, noun):
        return None
    if _LINK_BEFORE.fullmatch(text, word.end, noun.start()) is None:
        return None
    return ("window-before", word.start, word.end)


_BEFORE_CHARS = 64
# "`K3PX-9TQA-77MZ` (clé wifi)", "Rq8!mZ2pLw (mot de passe du NAS)": a value, then its label in
# brackets right after it, which names it as plainly as a colon before it would.
_LABEL_IN_BRACKETS = re.compile(r"[`'\"’”»*_]{0,3}[ \t]*\((?P<label>[^()\n]{1,48})\)")
_MAX_LABEL_WORDS = 5
_MIN_LABELLED = 8
_GROUPED_KEY = re.compile(r"[A-Za-z0-9]{3,6}(?:-[A-Za-z0-9]{3,6}){2,}")


def _value_labelled_in_brackets(
    text: str, lowered: str, word: _Word
) -> tuple[str, int, int] | None:
    label = _LABEL_IN_BRACKETS.match(text, word.end)
    if label is None or len(word.value) < _MIN_LABELLED or _NOT_A_VALUE.search(word.value):
        return None
    if len(label["label"].split()) > _MAX_LABEL_WORDS:
        return None
    noun = _NOUN.search(lowered, label.start("label"), label.end("label"))
    if noun is None or _kind(noun) in (Noun.CODE, Noun.ACCOUNT):
        return None
    if _is_placeholder_or_other(lowered, noun):
        return None  # "(clé publique)", "(USB key)"
    if any(word in _STOP_WORDS for word in lowered[noun.end() : label.end("label")].split()):
        return None  # "Skybox-7H2K (password on the sticker)": the network's name
    if secrecy(word.value) >= _SECRET or _is_grouped_key(word.value):
        return ("window-labelled", word.start, word.end)
    return None


def _is_grouped_key(value: str) -> bool:
    """K3PX-9TQA-77MZ: groups of letters and digits, two of them at least holding a digit."""
    if _GROUPED_KEY.fullmatch(value) is None:
        return False
    return sum(any(char.isdigit() for char in group) for group in value.split("-")) >= 2


def _value_after_a_change(text: str, lowered: str, word: _Word) -> tuple[str, int, int] | None:
    """ "changed it to B8N4gYpggd", "je l'ai remplacé par …": a strong value, no noun needed."""
    region_start = line_start_within(text, word.start, _CHANGE_REACH)
    changes = list(_CHANGED.finditer(lowered, region_start, word.start))
    if not changes:
        return None
    change = changes[-1]
    between = text[change.end() : word.start]
    if len(between.split()) >= _CHANGED_REACH or _SENTENCE_END.search(between):
        return None
    return ("window-changed", word.start, word.end)


_CHANGE_REACH = 64


# --- Markdown tables --------------------------------------------------------------------------


def _find_in_tables(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if "|" not in text:
        return
    for row in _ROW_START.finditer(text):
        line_start = row.start()
        if line_start and _ROW_START.match(
            text, line_start_within(text, line_start - 1, _ROW_REACH)
        ):
            continue  # a row of a table above: tables never overlap, so each row is read once
        header_end = _line_end(text, line_start)
        separator_end = _line_end(text, header_end + 1)
        if header_end == len(text) or not _TABLE_SEPARATOR.fullmatch(
            text, header_end + 1, separator_end
        ):
            continue
        columns = _secret_columns(lowered[line_start:header_end])
        if columns:
            yield from _column_values(text, lowered, separator_end + 1, columns)


def _cells(line: str) -> list[tuple[int, str]]:
    """Each cell's offset in the line and its text, outer bars dropped."""
    cells, start = [], line.find("|") + 1
    while start <= len(line):
        bar = line.find("|", start)
        end = len(line) if bar == -1 else bar
        if bar == -1 and not line[start:].strip():
            break
        cells.append((start, line[start:end]))
        if bar == -1:
            break
        start = bar + 1
    return cells


def _secret_columns(header: str) -> dict[int, _Context]:
    columns = {}
    cells = _cells(header)
    of_places = any(_PLACE_HEADER.fullmatch(cell.strip()) for _, cell in cells) and not any(
        _THING.search(cell) for _, cell in cells
    )
    for index, (_, cell) in enumerate(cells):
        noun = _NOUN.search(cell)
        if noun is not None and len(cell.split()) <= 3 and not _names_another_kind(cell):
            kind = Noun(next(name for name, value in noun.groupdict().items() if value))
            if kind is Noun.CODE and of_places:
                continue  # "| Commune | Code |": each place's code (INSEE, postal), public
            context = _context(cell, noun.start(), noun.end(), kind, noun[0])
            if _BARE_HEADER.fullmatch(cell.strip()) is not None:
                context = replace(context, bare=True)
            columns[index] = context
    return columns


# A column naming places: a code beside it is the place's (postcode, INSEE, country code),
# unless another column names a thing a code opens ("| Ville | Porte | Code |").
_PLACE_HEADER = re.compile(
    r"(?:communes?|villes?|towns?|cit(?:y|ies)|villages?|d[ée]partements?|r[ée]gions?|pays"
    r"|countr(?:y|ies)|count(?:y|ies)|states?|provinces?|cantons?|localit[ée]s?|lieux?)"
)


def _names_another_kind(header: str) -> bool:
    """ "Code INSEE", "Code postal", "Promo code": the column holds public codes."""
    return any(word.strip(".()") in OTHER_CODES for word in header.lower().split())


def _column_values(
    text: str, lowered: str, start: int, columns: dict[int, _Context]
) -> Iterator[tuple[str, int, int]]:
    while start < len(text) and text[start : _line_end(text, start)].lstrip().startswith("|"):
        end = _line_end(text, start)
        for index, (offset, cell) in enumerate(_cells(text[start:end])):
            if index in columns and len(cell.split()) == 1:
                context = columns[index]
                word = _window_words(text, start + offset, start + offset + len(cell))[0]
                span = _scored(text, lowered, word, context, reach=0, linked=True)
                if span is None and context.bare and password_shaped(word.value):
                    span = word.start, word.end
                if span is not None:
                    yield (f"table-{context.kind.value}", *span)
        start = end + 1


# A column headed by a password's noun alone ("pw", "MDP", "Pass"): its cells are passwords,
# so one shaped like a password is taken even when it is not made up ("chaton1948").
_BARE_HEADER = re.compile(r"pw|pwd|mdp|pass|passwords?|mots?[ ]de[ ]passe|passcode|passphrase")
_LETTERS_AND_DIGITS = re.compile(r"(?=[^\W\d_]*[0-9])(?=[0-9]*[^\W\d_])[^\W_]{5,}[!#$%&*@?]?")
_JOINED_PARTS = re.compile(r"[^\W\d_]{3,}(?:[-._](?:[^\W\d_]{2,}|[0-9]{1,4}))+")


def password_shaped(value: str) -> bool:
    """Letters with digits ("Grenouille72"), words joined ("copper-owl-12"), or made up: the
    shape of a value people choose for a password, where a noun says one is given."""
    return (
        _LETTERS_AND_DIGITS.fullmatch(value) is not None
        or _JOINED_PARTS.fullmatch(value) is not None
        or secrecy(value) >= 1
    )
