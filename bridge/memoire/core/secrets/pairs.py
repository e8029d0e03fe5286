"""Segmentation of a note into secret slots: a secret noun and each value it may be given.

Layout-independent on purpose: a pair says where its value sits (same line after a separator,
a verb, or nothing; before the noun; on the next non-empty line; in the cell under the noun's
column) as features, and the scorer (slots.py) decides; no layout is required for a pair.
"""

import re
from bisect import bisect_left
from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from itertools import islice

from memoire.core.secrets.features import (
    COMMON_WORDS,
    DIGIT_JOINERS,
    SPELT_DIGITS,
    context_features,
    unwrap,
    value_features,
    word_class,
)
from memoire.core.secrets.passphrases import SENTENCE_WORDS
from memoire.core.secrets.slot_bound import cannot_win, noun_score
from memoire.core.secrets.text import holds, positions

# Secret nouns, misspelt and abbreviated ones included, by what they name.
_LABEL = re.compile(
    r"(?<![^\W_])(?:"
    r"(?P<phrase>passphrases?|pass[ _-]phrase|phrases?[ _-]de[ _-]passe|phrases?[ _-]secrètes?"
    r"|(?:security|secret|memorable)[ _-]phrases?|phrases?[ _-]de[ _-]sécurité)"
    r"|(?P<password>mots?[ _-]?de[ _-]?pas{0,3}e?s?|motdepasse|mdp|passcodes?"
    r"|p[a@]?s{1,3}[a-z0-9]{0,3}w[a-z0-9]{0,4}"
    r"|pwd|pw|p/w|psk)"
    r"|(?P<pass>p[a@]ss)"
    r"|(?P<pin>pins?|puk|nip|cvv2?|cvc|cryptogramme)"
    r"|(?P<word>safe[ _-]?words?|code[ _-]?words?|mots?[ _-]de[ _-](?:code|sécurité)"
    r"|mots?[ _-]secrets?|(?:family|secret|pass)[ _-]words?|mots?[ _-]codes?"
    r"|mots?[ _-]de[ _-]la[ _-]famille|(?:words?|mots?)(?=[ \t]*[«\"“‘']))"
    r"|(?P<code>codes?|digicodes?|combos?|combinations?|combinaisons?|dtmf|overrides?)"
    r"|(?P<key>cl[ée]f?s?|keys?|secrets?|tokens?|jetons?)"
    r"|(?P<answer>answers?|réponses?|maiden[ _-]name|nom[ _-]de[ _-]jeune[ _-]fille"
    r"|memorable|mémorable|questions?)"
    r"|(?P<creds>identifiants|credentials|creds|logins?"
    r"|(?:admin|root|user|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)(?=[ \t]*/[ \t]*[^\s/]))"
    r"|(?P<thing>padlocks?|cadenas|keypads?|alarms?|alarmes?|gates?|portails?|doors?|portes?"
    r"|interphones?|intercoms?|lockers?|casiers?|coffres?(?:-forts?)?|safes?|locks?|antivols?"
    r"|consignes?|boîtes?[ _-]à[ _-]clés?|lockbox|barrières?|barriers?|armoires?|serrures?"
    r"|cupboards?|cabinets?|key[ _-]?safes?|grilles?|verrous?|buzzers?|dials?|molettes?|claviers?"
    r"|cadrans?)"
    r"|(?P<device>tablets?|tablettes?|(?:smart|tele|télé|i)?phones?|téléphones?|portables?"
    r"|mobiles?|laptops?|ordis?|ordinateurs?|computers?|pcs?|ipads?|kindles?|tills?|tpe"
    r"|photocopieuses?|photocopiers?|copiers?|printers?|imprimantes?|tel)"
    r"|(?P<reply>(?:(?<=\?)|(?<=\?[ \t]))[ar](?=[ \t]?:))"  # "…grew up on? A: Albion Terrace"
    r"|(?P<unlock>unlock(?:s|ed|ing)?|d[ée]verrouill\w*|opens?[ _-]with|ouvre[ _-]avec)"
    r")(?![^\W_])"
)
# Kinds named by an object or an unlocking verb alone ("Geoff's tablet unlock is 280461"): read
# only on a line holding a code-shaped token, so a page of prose about phones forms no pair.
_OBJECT_KINDS = frozenset(("device", "unlock"))
_CODE_SHAPED = re.compile(r"[0-9]{3}|[0-9][ ,-]{1,2}[0-9][ ,-]{1,2}[0-9]")
# Where each noun above may start, or a part every spelling of it holds ("jeune" for "nom de
# jeune fille"): a line without any holds no noun.
_STEMS = (
    *("pas", "p@s", "ps", "pw", "p/w", "mot", "mdp", "pin", "puk", "nip", "cvv", "cvc"),
    *("crypto", "safe", "code", "comb", "clé", "cle", "key", "secret", "token", "jeton"),
    *("answer", "répon", "maiden", "jeune", "morab", "question", "identifiants", "cred", "login"),
    *("cadenas", "alarm", "gate", "port", "door", "inter", "lock", "casier", "coffre"),
    *("antivol", "consigne", "boîte", "barri", "armoire", "serrure", "cupboard", "cabinet"),
    *("grille", "verrou", "buzzer", "tablet", "phone", "téléphone", "mobile", "laptop", "ordi"),
    *("computer", "pc", "ipad", "kindle", "unlock", "verrouill", "open", "ouvre", "phrase"),
    *("dtmf", "override", "dial", "molette", "cadran", "till", "tpe", "photocop", "copier"),
    *("printer", "imprimante", "tel", " / ", "word", "clavier"),
    *("?a", "? a", "?r", "? r"),
)
_TOKEN = re.compile(r"[0-9](?: [0-9]){3,7}(?![0-9])|\S+")
_SEPARATORS = frozenset((":", "=", "-", "–", "—", "->", "→", ":=", "=>", "|", "::", "=="))
_VERBS = frozenset(
    (
        *("is", "est", "c'est", "c’est", "was", "sera", "vaut", "to", "en", "it's", "it’s"),
        *("are", "reste", "remains", "now", "maintenant", "désormais", "stays", "became"),
        *("'s", "’s"),  # "password's pineapple2020"
    )
)
# Words between a value and its noun after it: "j'ai mis 3112 comme code", "1406 as the PIN".
_VERBS_BEFORE = _VERBS | frozenset(("comme", "as", "en", "pour"))
_SENTENCE_ENDS = (".", "?", "!")
_OPENING_QUOTES = ("«", '"', "“")
_CLOSING_QUOTES = ("»", '"', "”")
_PUNCTUATION = ".,;:!?\"'«»“”‘’()[]*"
# What may open a value's line: a bullet, a speaker, "yes, it's". Not chat_codes' speaker: the
# values after it are the fitted scorer's candidates, and another reading would move the fit.
_SPEAKER = re.compile(
    r"[ \t]*(?:[-*•>]+[ \t]*|[0-9]+[.)][ \t]*)?(?:\[[^\]\n]{1,30}\][ \t]*)?"  # "[dim. 10:05] "
    r"(?:[^\s:]{1,20}(?: [^\s:]{1,20})?(?: [0-9]{1,2}:[0-9]{2})?[ \t]*:[ \t]+)?"  # "Me 18:03: "
    r"(?:(?:yes|yeah|yep|sure|ok|okay|oui|ouais|bah|alors)\b[ \t,]*)?"  # "yes it's sparkly turtle"
    r"(?:(?:it['’]?s|its|c['’]est|that['’]s)[ \t]+)?"
)
# Nouns read per note: a note people write holds tens; one made of nouns ("safe 12: " over and
# over) would cost a fraction of a millisecond per noun, so the rest of it is left to the rules.
_MAX_LABELS = 400
_MAX_AFTER = 10
_MAX_TOKENS = 24  # a later separator still gives values: "… (ville de naissance) : Quimper"
_MAX_AFTER_LINK = 3
_MAX_BEFORE = 4
_MAX_PHRASE = 6
_MAX_NEXT = 4
_GIVEN = re.compile(r"[:=→][ \t]*[^\s:=?]")
_MAX_REST = 3  # words after a noun on its line that still leave its value to the next line
_MAX_VALUE = 80
_REACH = 200
_CONTEXT_BEFORE = 100
_CONTEXT_AFTER = 120
_MAX_BLANKS = 3
_MAX_ROWS = 12
_MAX_TABLE_LINE = 500
_MAX_HEADER = 40
_TABLE_RULE = re.compile(r"[\s|:+-]*")
_CROSSED = frozenset(
    (
        *("r:next_line", "r:table_cell", "r:before", "r:adjacent", "r:first"),
        *("r:heading_item", "r:item_label", "r:quoted_phrase", "r:digit_run"),
        *("r:then_key", "r:replaced", "r:login_pair", "r:reply", "r:sibling_item"),
        "r:recovery_item",
    )
)
_WORD = re.compile(r"[^\W\d_]{2,}")
_PIN_CODE = re.compile(r"\bpin(?:[ -]?code)?\b|\bpincode\b")  # India's six-digit postcodes


@dataclass(frozen=True, slots=True)
class Slot:
    """A value a secret noun may be given, where it sits in the note and how it reads."""

    label: str
    start: int
    end: int
    features: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Label:
    kind: str
    start: int
    end: int
    line_start: int
    line_end: int
    context: tuple[str, ...]
    crossed: tuple[str, ...]  # the cues and layout crossed with the noun's kind, once per noun
    noun_score: float | None = None  # its part of a pair's score, when pairs that cannot win go


def slots(text: str, lower: str, *, winners_only: bool = False) -> Iterator[Slot]:
    """Every (noun, value) pair of the note, in the order of their nouns; with `winners_only`,
    none that slot_bound.py shows to score under the threshold."""
    matches = (
        (match, line_start, line_end)
        for line_start, line_end in _lines_with_stems(lower)
        for match in _LABEL.finditer(lower, line_start, line_end)
    )
    fences = _fences(text)
    for match, line_start, line_end in islice(matches, _MAX_LABELS):
        if match.lastgroup in _OBJECT_KINDS and not _CODE_SHAPED.search(
            text, line_start, _next_line_end(text, line_end)
        ):
            continue
        label = _label(text, lower, match, line_start, line_end, fences=fences)
        if winners_only:
            label = _with_noun_score(label)
        yield from _same_line(text, label)
        yield from _digit_runs(text, label)
        yield from _quoted_after(text, label)
        yield from _before(text, label)
        yield from _next_line(text, lower, label)
        yield from _table_cells(text, lower, label)
        yield from _heading_items(text, lower, label)


def _next_line_end(text: str, line_end: int) -> int:
    """Where the line after the one ending at `line_end` ends: a column's header ("Car | bay |
    unlock") or a question ("what's mum's phone unlock again") has its code below it."""
    if line_end >= len(text):
        return line_end
    end = text.find("\n", line_end + 1, line_end + 1 + _REACH)
    return min(len(text), line_end + 1 + _REACH) if end == -1 else end


def _lines_with_stems(lower: str) -> list[tuple[int, int]]:
    """The lines holding a stem of a secret noun, in order: prose without any costs one
    `str.find` per stem, which outruns the nouns' regex over the note by far."""
    lines: dict[int, int] = {}
    for stem in _STEMS:
        for position in positions(lower, stem):
            start = lower.rfind("\n", 0, position) + 1
            if start not in lines:
                end = lower.find("\n", position)
                lines[start] = len(lower) if end == -1 else end
    return sorted(lines.items())


def _fences(text: str) -> tuple[int, ...]:
    """Where Markdown code fences open or close: a noun between an odd number of them before
    it and one after it is inside a fenced code block."""
    if not holds(text, "```") and not holds(text, "~~~"):  # answered by the one pass, no search
        return ()
    return tuple(sorted((*positions(text, "```"), *positions(text, "~~~"))))


def _label(
    text: str,
    lower: str,
    match: re.Match[str],
    line_start: int,
    line_end: int,
    *,
    fences: tuple[int, ...],
) -> _Label:
    start, end = match.span()
    window = lower[max(line_start, start - _CONTEXT_BEFORE) : min(line_end, end + _CONTEXT_AFTER)]
    kind = match.lastgroup or "code"
    if kind == "reply":
        kind = "answer"  # a reply after a question is the question's answer
    context = (
        *context_features(window),
        *_label_neighbours(lower, start, end, line_start, line_end),
        *_line_structure(text, start, end, line_start, line_end),
        *_around_lines(text, line_start, line_end),
    )
    if fences and bisect_left(fences, start) % 2:
        context = (*context, "s:fenced")
    if kind in ("pin", "code") and "c:address" in context and _PIN_CODE.search(window):
        context = (*context, "c:public_code")  # "12 MG Road, PIN code 560001", "village …"
    if lower[start - 1 : start] in ("$", "%", "{", ".") or lower[start - 2 : start] == "${":
        context = (*context, "l:variable")  # $PWD, ${PASSWORD}, cfg.password
    return _Label(kind, start, end, line_start, line_end, context, _crossed(kind, context))


def _label_neighbours(
    lower: str, start: int, end: int, line_start: int, line_end: int
) -> Iterator[str]:
    """The words either side of the noun qualify it: "password_policy", "code postal"; their
    class ("meta", "possessive", "thing") generalises, their identity only where the fit keeps
    it."""
    before = _WORD.findall(lower, max(line_start, start - 24), start)
    if before:
        yield f"lp:{before[-1]}"
        yield f"lpc:{word_class(before[-1])}"
    after = (
        _WORD.match(lower, end + 1, min(line_end, end + 24))
        if lower[end : end + 1] in " _-"
        else None
    )
    if after:
        yield f"ln:{after[0]}"
        yield f"lnc:{word_class(after[0])}"
    if lower[start - 1 : start] == "_" or lower[end : end + 1] == "_":
        yield "l:in_name"  # DB_PASSWORD, check_password, password_hash
    name_end = _NAME_END.match(lower, end, min(line_end, end + 40))
    if name_end is not None and lower[name_end.end() : name_end.end() + 1] == "(":
        yield "l:in_call"  # check_password(pw), verify_pin(…)


_NAME_END = re.compile(r"\w*")
_CODE_LINE = re.compile(
    r"[ \t]*(?:def|class|return|if|elif|else|for|while|import|from|try|except|raise|assert"
    r"|print|function|const|let|var|async|await|with)\b.*"
    r"|.*(?:[;{}][ \t]*|\)[ \t]*(?:->[^:]*)?:[ \t]*|==.*|!=.*)"
)
_LOG_LINE = re.compile(
    r".*(?:\b[0-9]{2}:[0-9]{2}:[0-9]{2}\b|\[[A-Za-z]+\]).*"
    r"\b(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL|NOTICE|info|warn|error|debug)\b"
)


def _line_structure(
    text: str, start: int, end: int, line_start: int, line_end: int
) -> Iterator[str]:
    """How the noun's line is laid out: a list item, a heading, a quote, a chat speaker's line,
    indented, a line of code or of a log; the note's first line."""
    line = text[line_start : min(line_end, line_start + _REACH)]
    stripped = line.lstrip()
    if line_start == 0:
        yield "s:first_line"
    if line[:1] == "\t" or line.startswith("    "):
        yield "s:indented"
    if stripped[:1] in ("-", "*", "•", "+") or _NUMBERED.match(stripped):
        yield "s:list_item"
    elif stripped[:1] == "#":
        yield "s:heading"
    elif stripped[:1] == ">":
        yield "s:quote"
    if _SPEAKER_NAME.match(stripped) and stripped.index(":") < start - line_start:
        yield "s:speaker"
    if _CODE_LINE.fullmatch(line):
        yield "s:code_line"
    if _LOG_LINE.match(line):
        yield "s:log_line"
    if line_end - line_start > 160:
        yield "s:long_line"


_NUMBERED = re.compile(r"[0-9]{1,2}[.)]\s")
# The fitted feature "s:speaker", as it was fitted; not chat_codes' speaker for the same reason.
_SPEAKER_NAME = re.compile(r"[A-Z][\w'’-]{0,15}(?: [A-Z][\w'’-]{0,15})?[ \t]*:\s")


def _around_lines(text: str, line_start: int, line_end: int) -> Iterator[str]:
    """Code or log lines next to the noun's line: a snippet around it, not a note."""
    before_start = text.rfind("\n", 0, max(0, line_start - 1)) + 1
    if line_start and _CODE_LINE.fullmatch(text[before_start : line_start - 1][:_REACH]):
        yield "s:code_before"
    if line_end < len(text):
        after_end = text.find("\n", line_end + 1)
        after = text[line_end + 1 : len(text) if after_end == -1 else after_end][:_REACH]
        if _CODE_LINE.fullmatch(after):
            yield "s:code_after"
        if _LOG_LINE.match(after):
            yield "s:log_after"


def _slot(text: str, label: _Label, start: int, end: int, where: list[str]) -> Slot | None:
    start, end, quoted = unwrap(text, start, end)
    value = text[start:end]
    if not value or end - start > _MAX_VALUE or not any(char.isalnum() for char in value):
        return None
    if value.isalpha() and value.lower() in COMMON_WORDS:
        return None  # "the", "is", "password": never a value
    shape = value_features(value)
    if _KEYPAD_ENTRY.fullmatch(value if value[-1] in "*#" else text[start : end + 1]):
        shape = (*shape, "v:keypad_key")  # "2207*", "9182#": a code typed on a keypad
    if text[max(0, start - 2) : start].rstrip().endswith(_OPENING_QUOTES) and text[
        end : end + 2
    ].lstrip().startswith(_CLOSING_QUOTES):
        quoted = True  # « caramel », spaced inside its quotes
    if label.noun_score is not None and cannot_win(
        label.noun_score,
        label.kind,
        where,
        shape,
        quoted=quoted,
        crossed_relations=_CROSSED,
        optional=_SEQUENCE_RELATIONS,
    ):
        return None
    where = [*where, *_sequence(text, start, end)]
    names = {f"l:{label.kind}", *where, *shape, *label.context}
    if quoted:  # "code word "pineapple"": a word in quotes after a word said aloud
        names.update(("r:quoted", f"{label.kind}&r:quoted"))
        names.update(f"r:quoted&{name}" for name in shape)
    names.update(f"{label.kind}&{name}" for name in shape)
    names.update(f"{label.kind}&{name}" for name in where if name in _CROSSED)
    names.update(label.crossed)
    names.update(
        f"{relation}&{name}" for name in shape for relation in where if relation in _CROSSED
    )
    return Slot(label.kind, start, end, tuple(names))


_KEYPAD_ENTRY = re.compile(r"[0-9A-Za-z]{0,3}[0-9]{3,10}[*#]")
# "…9911 then the key icon", "1992, puis #", "four one nine seven then OFF": a keypad's key
# after the value, so the value was typed in.
_THEN_KEY = re.compile(
    r"[ \t,]*(?:then|puis|and|et|followed by|suivi de)[ \t]+(?:the[ \t]+|la[ \t]+|le[ \t]+)?"
    r"(?:[#*✓]|off\b|on\b|ok\b|enter\b|entrée|valider|valid|key\b|touche|green|vert|pull|tirer"
    r"|push|pousser|hash|dièse|star|étoile)",
    re.IGNORECASE,
)
# "new one is 604218", "later changed to Shop1eye!", "maintenant c'est 4471": the value that
# replaced an old one.
_REPLACED = re.compile(
    r"(?:new(?:[ \t]+\w+)?|nouveau(?:[ \t]+\w+)?|nouvelle|now|maintenant|désormais|changed"
    r"(?:[ \t]+(?:it|them))?[ \t]+(?:to|into)|chang[ée]e?s?[ \t]+(?:en|pour|par)|updated[ \t]+to"
    r"|reset[ \t]+to|became|devenu|remplac[ée]e?[ \t]+par)[ \t]*"
    r"(?:is|est|c['’]est|it['’]s|:|=|→|->)?[ \t]*[\"'«“]?[ \t]*\Z",
    re.IGNORECASE,
)
_REPLACED_REACH = 30
# A word `_REPLACED` starts with: looked for first, a regex search per value costs more.
_REPLACED_STEMS = (
    *("new", "nouv", "now", "maint", "désormais", "chang", "updated", "reset", "became"),
    *("devenu", "rempla"),
)


_SEQUENCE_RELATIONS = ("r:then_key", "r:replaced")  # what `_sequence` may add


def _sequence(text: str, start: int, end: int) -> Iterator[str]:
    """What the words right around the value say: a key pressed after it, a replacement
    before it."""
    if _THEN_KEY.match(text, end, end + 30):
        yield "r:then_key"
    before = text[max(0, start - _REPLACED_REACH) : start]
    if any(stem in before.lower() for stem in _REPLACED_STEMS) and _REPLACED.search(before):
        yield "r:replaced"


def _same_line(text: str, label: _Label) -> Iterator[Slot]:
    """Words after the noun on its line: after a separator, a verb, or right after it, up to
    the next separator once a value was given ("password: x, user: bob", a line of JSON)."""
    linked = separated = crossed = given = False
    since_link = 0
    tokens = _tokens_after(text, label)
    for index, token in enumerate(tokens[:_MAX_TOKENS]):
        start, end = token.span()
        raw = token[0]
        bare = raw.lower().rstrip(",;")
        start, link = _after_inner_separator(raw, start)
        if given and (link or bare in _SEPARATORS or raw.endswith(":")):
            return
        if bare in _SEPARATORS or bare.rstrip(":") in _VERBS:
            separated = separated or bare in _SEPARATORS or raw.endswith(":")
            linked, since_link = True, 0
            continue
        if link:
            separated = linked = True
            since_link = 0
        given = separated
        if index >= _MAX_AFTER and not (linked and since_link < _MAX_AFTER_LINK):
            since_link += 1
            continue
        where = ["r:after", _distance(index)]
        if separated:
            where.append("r:sep")
        if linked and since_link == 0:
            where.append("r:first")
        if not linked and index == 0:
            where.append("r:adjacent")
        if crossed:
            where.append("r:crossed_sentence")
        where.extend(_neighbours(tokens, index))
        slot = _slot(text, label, start, end, where)
        if slot is not None:
            yield slot
        if linked and since_link == 0:
            yield from _phrase(text, label, tokens[index:], where)
        if raw.endswith(":"):
            separated = linked = True
            since_link = 0
            continue
        since_link += 1
        crossed = crossed or raw.endswith(_SENTENCE_ENDS)


def _digit_runs(
    text: str, label: _Label, tokens: list[re.Match[str]] | None = None, below: tuple[str, ...] = ()
) -> Iterator[Slot]:
    """Digits said or typed one by one after the noun, as one value: "c'est quatre un neuf zéro
    et après…", "turn the dial to 4, 4, 0, 9", "36 right, 12 left, 58 right": the run alone,
    not the words around it; `tokens` and `below` for a run on the next line ("Me: 4 9 2")."""
    if tokens is None:
        tokens = _tokens_after(text, label)[:_MAX_TOKENS]
    words = [token[0].lower().strip(_PUNCTUATION) for token in tokens]
    run: list[int] = []
    for index in range(len(tokens) + 1):
        word = words[index] if index < len(tokens) else ""
        if _is_run_digit(word) or (run and word in DIGIT_JOINERS):
            run.append(index)
            if not tokens[index][0].endswith(_SENTENCE_ENDS):
                continue
        while run and words[run[-1]] in _RUN_CONNECTORS:
            run.pop()  # "…zéro et après", "…5 then pull": a direction ("left") stays
        if sum(_is_run_digit(words[at]) for at in run) >= 3:
            where = [*(below or ("r:after",)), "r:digit_run", _distance(run[0])]
            before = tokens[run[0] - 1][0].lower() if run[0] else ""
            if before in _SEPARATORS or before.rstrip(",") in _VERBS or before.endswith(":"):
                where.append("r:first")  # "is five one one eight", "dial: 14 left, 3 right"
            if before:
                where.append(f"pc:{word_class(before.strip(_PUNCTUATION))}")  # "punch four…"
            slot = _slot(text, label, tokens[run[0]].start(), tokens[run[-1]].end(), where)
            if slot is not None:
                yield slot
        run = []


_QUOTES_AFTER = "\"'”’»)"
_RUN_CONNECTORS = frozenset(("then", "puis", "et", "and", "to", "à", "-"))


def _is_run_digit(word: str) -> bool:
    return word in SPELT_DIGITS or (word.isdigit() and len(word) <= 2)


def _tokens_after(text: str, label: _Label) -> list[re.Match[str]]:
    """The words after the noun on its line; after a question's "?" for a "question": the
    words up to it ("question": "What's my…?") are the question, not its answer."""
    tokens = list(_TOKEN.finditer(text, label.end, min(label.line_end, label.end + _REACH)))
    if not text[label.start : label.end].lower().startswith("question"):
        return tokens
    asked = next(
        (
            index
            for index, token in enumerate(tokens)
            if token[0].rstrip(_QUOTES_AFTER).endswith("?")
        ),
        None,
    )
    return [] if asked is None else tokens[asked + 1 :]


def _neighbours(tokens: list[re.Match[str]], index: int) -> Iterator[str]:
    """The words on either side of a value: "the LinkedIn2012 leak" names a thing."""
    if index:
        before = tokens[index - 1][0].lower().strip(_PUNCTUATION)
        if before.isalpha():
            yield f"p:{before}"
            yield f"pc:{word_class(before)}"
    if index and tokens[index - 1][0] == "/":
        yield "r:login_pair"  # "login: jo@mail.com / Vos_Garage_22", "admin / hikvision"
    raw = tokens[index][0]
    if raw.endswith((",", ";")):
        yield "r:ends_clause"
    if index == len(tokens) - 1:
        yield "r:last_on_line"
        return
    after = tokens[index + 1][0].lower().strip(_PUNCTUATION)
    if after in COMMON_WORDS:
        yield f"n:{after}"
    elif after[:1].isalpha():
        yield "r:word_after"
    yield f"nc:{word_class(after)}"


def _after_inner_separator(raw: str, start: int) -> tuple[int, bool]:
    """`:hunter2`, `_BDD=x1`: the value starts after a separator glued to the noun."""
    for separator in ("=", ":"):
        cut = raw.find(separator)
        if cut != -1 and "://" not in raw and not raw[:1].isdigit() and cut < len(raw) - 1:
            return start + cut + 1, True
    return start, False


def _phrase(
    text: str, label: _Label, tokens: list[re.Match[str]], where: list[str]
) -> Iterator[Slot]:
    """Words given together after a separator: a passphrase, or a sentence about the noun."""
    words: list[re.Match[str]] = []
    for token in tokens[: _MAX_PHRASE + 1]:
        words.append(token)
        if token[0].endswith(_SENTENCE_ENDS):
            break
    if 2 <= len(words) <= _MAX_PHRASE:
        slot = _slot(text, label, words[0].start(), words[-1].end(), [*where, "r:phrase"])
        if slot is not None:
            yield slot


def _distance(index: int) -> str:
    return "r:d0" if index == 0 else "r:d1-3" if index <= 3 else "r:d4+"


def _before(text: str, label: _Label) -> Iterator[Slot]:
    """ "Wq7!zz is my password": a value said before its noun, on the same line."""
    reach = max(label.line_start, label.start - _REACH)
    tokens = list(_TOKEN.finditer(text, reach, label.start))[-_MAX_BEFORE:]
    verb = False
    for distance, token in enumerate(reversed(tokens)):
        raw = token[0]
        if (raw.endswith(_SENTENCE_ENDS) or raw.endswith(":")) and distance:
            break  # "İstanbul: wifi password: Kebap2024, PIN": another noun's words
        if raw.lower() in _VERBS_BEFORE or raw in _SEPARATORS:
            verb = True
            continue
        where = ["r:before", _distance(distance)]
        if verb:
            where.append("r:verb_before")
        slot = _slot(text, label, *token.span(), where)
        if slot is not None:
            yield slot


def _next_line(text: str, lower: str, label: _Label) -> Iterator[Slot]:
    """The first words of the next non-empty line, after blank lines, indentation or a speaker,
    when the noun's line ends soon after it, with a colon or a question: a sentence that goes
    on after its noun gives its value on its own line, or none."""
    if label.line_end - label.end > _REACH:
        return
    rest = text[label.end : label.line_end].rstrip()
    asks = _ASKS.search(lower, label.line_start, label.line_end) is not None
    if _GIVEN.search(rest) or not (rest.endswith((":", "?", "-", "→")) or _qualifies(rest) or asks):
        return  # "Code PIN : non défini", "password for nas2.local was reset": no value below
    found = _next_non_empty_line(text, label.line_end)
    if found is None:
        return
    start, line_end, blanks = found
    prefix = _SPEAKER.match(text, start, line_end)
    body = prefix.end() if prefix else start
    tokens = list(_TOKEN.finditer(text, body, line_end))
    where = ["r:next_line", *_next_line_relation(text, label, start, body, blanks)]
    if asks:
        where.append("r:reply")  # "what's mum's phone unlock again" / "Me: 0 8 8 3"
    if len(tokens) == 1:
        where.append("r:line_alone")
    if not any(char.isdigit() for char in rest) and len(rest.split()) <= _MAX_REST:
        where.append("r:label_ends_line")
    if "s:list_item" in label.context and _LIST_MARK.match(text, start, line_end):
        where.append("r:sibling_item")  # "- leave key in the key safe" / "- meter reading"
    extended = _with_context(label, lower[start:line_end])
    for index, token in enumerate(tokens[:_MAX_TOKENS]):
        if index >= _MAX_NEXT and not _NUMBER_SHAPED.search(token[0]):
            continue  # "I set it to my mum's birthday 0309": a number further on the line
        slot = _slot(text, extended, *token.span(), [*where, _distance(index)])
        if slot is not None:
            yield slot
    yield from _digit_runs(text, extended, tokens[:_MAX_TOKENS], tuple(where))
    if 2 <= len(tokens) <= _MAX_PHRASE:
        slot = _slot(text, extended, tokens[0].start(), tokens[-1].end(), [*where, "r:phrase"])
        if slot is not None:
            yield slot


# A line asking for a code: "what's mum's phone unlock again", "c'est quoi le code du tel".
_ASKS = re.compile(
    r"\b(?:what(?:['’]s| is| was)|c['’]est quoi|quel(?:le)? est|remind me|rappelle|again"
    r"|encore|anyone (?:know|have|got))\b"
)
_LIST_MARK = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)])[ \t]")
_NUMBER_SHAPED = re.compile(r"[0-9]{3}")


def _qualifies(rest: str) -> bool:
    """A few words that name what the noun is for ("porte garage", "du coffre Bitwarden"), not
    a sentence that goes on ("was reset", "est au-dessus du frigo")."""
    words = rest.lower().split()
    return len(words) <= _MAX_REST and not any(word in SENTENCE_WORDS for word in words)


def _next_non_empty_line(text: str, position: int) -> tuple[int, int, int] | None:
    """Start and end of the first non-empty line after `position` (a line's end), and how many
    blank lines came before it; none beyond a few blank lines."""
    blanks = 0
    while position < len(text) and blanks <= _MAX_BLANKS:
        line_end = text.find("\n", position + 1)
        line_end = len(text) if line_end == -1 else line_end
        if text[position + 1 : line_end].strip():
            return position + 1, min(line_end, position + 1 + _REACH), blanks
        blanks += 1
        position = line_end
    return None


def _next_line_relation(
    text: str, label: _Label, start: int, body: int, blanks: int
) -> Iterator[str]:
    if blanks:
        yield "r:after_blank"
    if body > start and text[start:body].strip():
        yield "r:speaker"
    elif text[start : start + 1] in " \t":
        yield "r:indented"
    if "?" in text[max(label.line_start, label.start - _REACH) : label.line_end]:
        yield "r:label_question"


def _with_context(label: _Label, window: str) -> _Label:
    """The label with the cues of its value's line added (a next line, a table row)."""
    context = tuple({*label.context, *context_features(window)})
    crossed = _crossed(label.kind, context)
    return _Label(
        label.kind,
        label.start,
        label.end,
        label.line_start,
        label.line_end,
        context,
        crossed,
        None if label.noun_score is None else noun_score(label.kind, context, crossed),
    )


def _with_noun_score(label: _Label) -> _Label:
    score = noun_score(label.kind, label.context, label.crossed)
    return replace(label, noun_score=score)


def _crossed(kind: str, context: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{kind}&{name}" for name in context if name.startswith(("c:", "s:")))


def _table_cells(text: str, lower: str, label: _Label) -> Iterator[Slot]:
    """The cells under the noun when it heads a column, with or without the outer pipes."""
    if label.line_end - label.line_start > _MAX_TABLE_LINE:
        return
    line = text[label.line_start : label.line_end]
    bar = "|" if "|" in line else "\t" if "\t" in line else None
    if bar is None:
        return
    offset = label.start - label.line_start
    column = line.count(bar, 0, offset)
    header = line.split(bar)[column]
    if len(header.strip()) > _MAX_HEADER or len(header.split()) > 4:
        return
    position = label.line_end
    rows = 0
    while position < len(text) and rows < _MAX_ROWS:
        line_end = text.find("\n", position + 1)
        line_end = len(text) if line_end == -1 else line_end
        row_start = position + 1
        row = text[row_start : min(line_end, row_start + _MAX_TABLE_LINE)]
        position = line_end
        if _TABLE_RULE.fullmatch(row):
            if not row.strip():
                return
            continue
        if bar not in row:
            return
        cells = row.split(bar)
        if column < len(cells):
            cell_start = row_start + sum(len(cell) + 1 for cell in cells[:column])
            cell_end = cell_start + len(cells[column])
            where = ["r:table_cell", "r:row1" if rows == 0 else "r:row2+"]
            extended = _with_context(label, lower[row_start : min(line_end, row_start + _REACH)])
            stripped = text[cell_start:cell_end].strip()
            if stripped:
                inner = cell_start + text[cell_start:cell_end].index(stripped)
                slot = _slot(text, extended, inner, inner + len(stripped), where)
                if slot is not None:
                    yield slot
        rows += 1


_QUOTE_PAIRS = {"«": "»", '"': '"', "“": "”", "'": "'", "‘": "’"}
_MAX_QUOTE_GAP = 12  # "code word «…»", "mot de code : « … »", "safe word is '…'"


def _quoted_after(text: str, label: _Label) -> Iterator[Slot]:
    """Words in quotes soon after the noun, spaces and all: "code word «blue giraffe»"; for a
    word said aloud, at the start of the next line too ("…a code word for the crew.\nIt's
    "blue harmonica".")."""
    if text[label.start : label.end].lower().startswith("question"):
        return  # a question is quoted, its answer is not in its quotes
    end = min(label.line_end, label.end + _MAX_QUOTE_GAP + _MAX_VALUE)
    found = yield from _quoted(text, label, label.end, end, ())
    if found is not None or label.kind not in _SAID_KINDS or label.line_end >= len(text):
        return
    start = label.line_end + 1
    end = min(_next_line_end(text, label.line_end), start + _MAX_QUOTE_GAP + _MAX_VALUE)
    yield from _quoted(text, label, start, end, ("r:next_line",))


_SAID_KINDS = frozenset(("word", "phrase", "password", "pass"))


def _quoted(
    text: str, label: _Label, start: int, end: int, below: tuple[str, ...]
) -> Generator[Slot, None, bool | None]:
    """The first quotes in text[start:end] if they open within a few characters: whether they
    held words (none when no quote opens)."""
    line = text[start:end]
    for offset, char in enumerate(line[:_MAX_QUOTE_GAP]):
        closing = _QUOTE_PAIRS.get(char)
        if closing is None or (char in "'’" and line[offset - 1 : offset].isalpha()):
            continue  # "It's": an apostrophe
        close = line.find(closing, offset + 1)
        inner = line[offset + 1 : close].strip()
        if close == -1 or " " not in inner:
            return False  # one word in quotes is a token the line's words already give
        at = start + line.index(inner, offset + 1)
        where = [*below, "r:quoted_phrase", "r:first" if offset <= 3 else "r:d1-3"]
        slot = _slot(text, label, at, at + len(inner), where)
        if slot is not None:
            yield slot
        return True
    return None


_ITEM_LABEL = re.compile(
    r"[ \t]*(?:[-*•]+[ \t]*|[0-9]+[.)][ \t]*)?(?:[^:\n]{1,40}?[ \t]*(?::|[ \t][—–-])[ \t]+)?"
)  # "- Google: 4021 8866", "Amy 17 — 2096"
_MAX_ITEMS = 8
_MAX_HEADING_WORDS = 8  # "Codes de secours Google (imprimés en mars) :"
_MAX_HEADING_START = 30  # a heading without a colon names its secret near its start


def _heading_items(text: str, lower: str, label: _Label) -> Iterator[Slot]:
    """A heading naming secrets ("Bank security questions:", "Codes de secours :") gives the
    lines listed under it their values: after an item's own label, or the line itself."""
    rest = text[label.end : label.line_end].rstrip()
    if len(rest.split()) > _MAX_HEADING_WORDS or "s:code_line" in label.context:
        return  # "def check_pin(pin: str) -> bool:" opens a block of code, not a list
    colon = rest.endswith(":")
    if not colon and (
        any(char.isdigit() for char in rest)
        or _GIVEN.search(rest)  # "Code PIN : non défini": a line that gives its value
        or label.start - label.line_start > _MAX_HEADING_START
        or not (
            _LIST_MARK.match(text, label.line_end + 1)
            or _NUMBER_SHAPED.search(text, label.line_end + 1, _next_line_end(text, label.line_end))
        )
    ):
        return  # "codes de secours du mail du club" over "- 4021 8866": a heading all the same
    position = label.line_end
    for index in range(_MAX_ITEMS):
        line_end = text.find("\n", position + 1)
        line_end = len(text) if line_end == -1 else line_end
        start = position + 1
        if not text[start:line_end].strip():
            return  # the list ends at a blank line
        item = _ITEM_LABEL.match(text, start, min(line_end, start + _REACH))
        body = item.end() if item else start
        tokens = list(_TOKEN.finditer(text, body, min(line_end, start + _REACH)))
        where = ["r:heading_item", "r:item1" if index == 0 else "r:item2+"]
        if not colon:
            where.append("r:no_colon")
        if "c:recovery" in label.context:
            where.append("r:recovery_item")  # "backup codes for the club email" / "- 3307 9951"
        if body > start and text[start:body].rstrip().endswith(":"):
            where.append("r:item_label")
        extended = _with_context(label, lower[start : min(line_end, start + _REACH)])
        if 1 <= len(tokens) <= _MAX_PHRASE:
            value = _slot(text, extended, tokens[0].start(), tokens[-1].end(), where)
            if value is not None:
                yield value
        position = line_end
