"""Second stage of the scorer: a token shaped like a code or a password, judged by its line.

The pairs (slots.py) need a secret noun, an object or an unlocking verb to read a value; what
they miss most on a blind corpus is a password or code given with none: under an account's
handle ("@domaine_marsac" / "GrapeHarvest!2024"), after "son mail +", after a place and a
colon ("le hangar : 7104"). Here every token shaped like a code or a password (three digits in
a row, letters touching digits, a symbol inside a word) is described by its line: its shape
(features.value_features), the words beside it (their classes, and their identity where the
fit keeps it), how the line is laid out, what the line before it is, and cues read from the
lowered words of both lines through one table (`_CUES`: a dictionary look-up a word, no
regex). A finding is reported as the scorer's (`SLOT_RULE`): it adds nothing where a rule found
the same span.

Two models weigh the same features, and a token is a secret when either says so
(`is_line_secret`). The first (line_weights.py, GENERATED) reads the tokens and names above
and stays as it was fitted: a refit with more features moves the notes it catches in sample
(bench/secrets_lines.md, section 7). The second (line_kind_weights.py, GENERATED) reads more:
digits typed one at a time ("1 0 0 8", "2-9-0-4") and words joined by dashes ("corkscrew-
sunset") as tokens, the line above the line before, the heading of the list a token sits in,
and the value's kind joined to a few contexts that hold across corpora (section 8). Both are
fitted on the spent corpora, apart from the pairs', by bench/secrets_fit_lines.py, which
measures the second each corpus left out of its own fit.

Cost: the note is copied once as classes of characters (one `bytes.translate`), in which byte
searches find the shaped tokens, at most `_MAX_TOKENS` (dashes and underscores by `str.find`);
prose without any costs nothing else. A token's line is read first (string operations and
table look-ups, once for both models); its exact shape (features.value_features, a score of
regexes) only when the most that shape's names may add (`_reach`) could still lift it to
either model's threshold: tests/test_secret_lines.py checks on every token of the spent
corpora that this gives the decisions of scoring every feature.
"""

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType

from memoire.core.secrets import line_kind_weights, line_weights
from memoire.core.secrets.features import unwrap, value_features, word_class
from memoire.core.secrets.slots import SLOT_RULE
from memoire.core.secrets.text import character_classes, end_of_line, start_of_line

# Where a token is shaped, in the class copy: three digits, a digit then a letter, a letter then
# a digit (one literal byte first, which `re` skips to without stepping through its pattern);
# a symbol between two letters or digits (symbols are rarer: `bytes.find`, a memchr).
_SHAPED_DIGITS = re.compile(rb"0(?:00|a|(?<=a0))")
_WORD_CLASSES = b"a0"
# The same, read in a short line of the note itself (the line before a token).
_SHAPED = re.compile(r"[0-9]{3}|[^\W\d_][0-9]|[0-9][^\W\d_]|[^\W_][!@#$%&*][^\W_]")
_TOKEN_END = re.compile(r"\S*")
_MAX_TOKENS = 64
_MAX_VALUE = 64
_REACH = 200  # characters of a line read either side of a token
LINE_WORD_PREFIXES = ("p:", "p2:", "n:")  # a word's identity: the fit keeps few of them
_WORD_PUNCTUATION = ".,;:!?\"'«»“”‘’()[]*`"
_SEPARATORS = frozenset((":", "=", "-", "–", "—", "->", "→", "=>", "|", "+"))
_SPEAKER = re.compile(
    r"[ \t]*(?:[-*•>][ \t]*)?(?:\[[^\]\n]{1,30}\][ \t]*)?[^\s:]{1,20}(?: [^\s:]{1,20})?[ \t]*:[ \t]"
)
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)])[ \t]")
_HANDLE = re.compile(r"(?<![\w.])@[A-Za-z_]\w{1,30}")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
_FEW_TOKENS = 4
_SHORT_LINE = 4


@dataclass(frozen=True, slots=True)
class Candidate:
    """A shaped token, where it sits, every feature of its line, and whether the first model
    reads it (a token of the first model's shapes)."""

    start: int
    end: int
    features: tuple[str, ...]
    first: bool


@dataclass(frozen=True, slots=True)
class LineModel:
    """Fitted weights of a token's features and the threshold of their sum; `reach`, per crude
    shape, the most the exact shape's names may add (the shortcut's bound)."""

    bias: float
    threshold: float
    weights: Mapping[str, float]
    leaves: frozenset[str] = frozenset()  # a token with one of these names is never a secret
    reach: Mapping[str, float] = field(init=False)

    def __post_init__(self) -> None:
        reach = {main: _reach(self.weights, main) for main in _MAIN_SHAPES}
        object.__setattr__(self, "reach", reach)

    def reads(self, features: Iterable[str]) -> bool:
        return self.leaves.isdisjoint(features)

    def score(self, features: Iterable[str]) -> float:
        """The token's weighted sum: at or over the threshold, it is taken for a secret."""
        return self.bias + self.sum(features) if self.reads(features) else -math.inf

    def sum(self, features: Iterable[str]) -> float:
        return sum(self.weights.get(name, 0.0) for name in features)


def _model(weights: ModuleType, leaves: frozenset[str] = frozenset()) -> LineModel:
    return LineModel(weights.BIAS, weights.THRESHOLD, weights.WEIGHTS, leaves)


def is_line_secret(candidate: Candidate) -> bool:
    """The two models ORed, every feature read: the first on the tokens it was fitted to read,
    the second on every token."""
    if candidate.first and FIRST.score(candidate.features) >= FIRST.threshold:
        return True
    return KINDS.score(candidate.features) >= KINDS.threshold


def find_line_secrets(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """The shaped tokens `is_line_secret` takes; a token's exact shape (the costliest step,
    features.value_features) is read only when it may still lift it to a model's threshold."""
    for token in _tokens(text):
        line = _line_features(text, lower, token)
        main = line[1]
        first = FIRST.bias + FIRST.sum(line) if token.first else -math.inf
        kinds = KINDS.bias + KINDS.sum(line) if KINDS.reads(line) else -math.inf
        first_may = first + FIRST.reach[main] >= FIRST.threshold
        kinds_may = kinds + KINDS.reach[main] >= KINDS.threshold
        if not (first_may or kinds_may):
            continue
        shape = _shape_features(text, token)
        if (first_may and first + FIRST.sum(shape) >= FIRST.threshold) or (
            kinds_may and kinds + KINDS.sum(shape) >= KINDS.threshold
        ):
            yield SLOT_RULE, token.start, token.end


def candidates(text: str, lower: str) -> Iterator[Candidate]:
    """Every shaped token of the note (a bounded number) with all its features: what the fit
    (bench/secrets_fit_lines.py) learns from."""
    for token in _tokens(text):
        features = (*_line_features(text, lower, token), *_shape_features(text, token))
        yield Candidate(token.start, token.end, features, token.first)


# --- the tokens -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    start: int
    end: int
    line_start: int
    line_end: int
    crowd: str  # how many shaped tokens of the first model's the note holds
    first: bool  # a token of the first model's shapes


def _tokens(text: str) -> list[_Token]:
    """The first model's tokens, then (in text order with them) the second's own: runs of
    single digits and joined words that hold no shaped run."""
    classes = character_classes(text)
    spans = _token_spans(text, sorted([*_digit_runs(classes), *_symbols_inside(classes)]))
    crowd = (
        "t:note_shaped1"
        if len(spans) == 1
        else "t:note_shaped2-4"
        if len(spans) <= _FEW_TOKENS
        else "t:note_shaped5+"
    )
    known = set(spans)
    more = [span for span in _kinds_tokens(text, classes) if span not in known]
    tokens = [
        _Token(start, end, start_of_line(text, start), end_of_line(text, end), crowd, first)
        for spans_of, first in ((spans, True), (more[:_MAX_TOKENS], False))
        for start, end in spans_of
    ]
    if more:
        tokens.sort(key=lambda token: token.start)
    return tokens


def _kinds_tokens(text: str, classes: bytes) -> list[tuple[int, int]]:
    """The digits typed one at a time ("1 0 0 8", "2-9-0-4") and the joined words, in text
    order."""
    joined = _token_spans(text, sorted(_joined_words(text)))
    return sorted({*joined, *_spaced_digits(text, classes)})


def _digit_runs(classes: bytes) -> Iterator[int]:
    """Where a digit run makes a token shaped: a bounded number, as the note's tokens are."""
    for count, match in enumerate(_SHAPED_DIGITS.finditer(classes)):
        if count == _MAX_HITS:
            return
        yield match.start()


def _symbols_inside(classes: bytes) -> Iterator[int]:
    """Where a symbol stands between two letters or digits ("Dahlia!1987", "Rh0ub@rb")."""
    at = classes.find(b"!", 1)
    count = 0
    while at != -1 and count < _MAX_HITS:
        count += 1
        if classes[at - 1] in _WORD_CLASSES and classes[at + 1 : at + 2] in (b"a", b"0"):
            yield at - 1
        at = classes.find(b"!", at + 1)


_MAX_HITS = 4 * _MAX_TOKENS


def _spaced_digits(text: str, classes: bytes) -> list[tuple[int, int]]:
    """Runs of three to eight single digits with one space or one dash between ("1 0 0 8",
    "2-9-0-4"), standing alone: a code as it is pressed (spaced_digits.py joins runs of four
    spaced keys for the rules; the fit judges dashes and three keys as well). In the classes a
    dash and a space are both "anything else", so one byte search finds both."""
    spans: list[tuple[int, int]] = []
    at = classes.find(b"0 0 0")
    while at != -1 and len(spans) < _MAX_TOKENS:
        found = _SPACED_RUN.match(text, at)
        end = at + 1
        if found is not None:
            end = found.end()
            if _stands_alone(text, at, end):
                spans.append((at, end))
        at = classes.find(b"0 0 0", end)
    return spans


_SPACED_RUN = re.compile(r"[0-9]([ -])[0-9](?:\1[0-9]){1,6}")
_NOT_AROUND = frozenset("0123456789.,/:+-")


def _stands_alone(text: str, start: int, end: int) -> bool:
    """No digit, letter or number's mark touches the run: not a date's, a phone's or a
    decimal's parts ("1.2 3 4", "+33 6 1 2", "1-2-3-4-5-6-7-8-9")."""
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    if after in ".," and not text[end + 1 : end + 2].isdigit():
        after = " "  # a sentence's stop after the run
    return not (
        before in _NOT_AROUND or before.isalpha() or after in _NOT_AROUND or after.isalpha()
    ) and not (after == " " and text[end + 1 : end + 2].isdigit())


def _joined_words(text: str) -> Iterator[int]:
    """Where words are joined by dashes or underscores as a made password's are: three words
    or more ("Tent-Peg-Mudbath-Sunrise", "cloudberry-jam-9"), or two ending their line ("join
    with: corkscrew-sunset"); two mid-sentence ("week-end", "peut-être") are left."""
    for mark in "-_":
        at = text.find(mark, 1)
        count = 0
        while at > 0 and count < _MAX_HITS:
            count += 1
            found = _TOKEN_END.match(text, at)
            end = found.end() if found is not None else at + 1
            if (
                text[at - 1].isalpha()
                and text[at + 1 : at + 2].isalpha()
                and (text.find(mark, at + 1, end) != -1 or _ends_line(text, end))
                and end - _token_start(text, at) > _MIN_JOINED
            ):
                yield at - 1
            at = text.find(mark, end)


def _ends_line(text: str, end: int) -> bool:
    while text[end : end + 1] in (" ", "\t", "\r"):
        end += 1
    return end == len(text) or text[end] == "\n"


def _token_start(text: str, at: int) -> int:
    """Where the token holding `at` starts (the white space before it), looked for at most
    `_MAX_VALUE` characters back."""
    reach = max(0, at - _MAX_VALUE)
    return max(text.rfind(" ", reach, at), text.rfind("\n", reach, at), text.rfind("\t", reach, at))


_MIN_JOINED = 8  # characters of a joined token, its space before included: not "Wi-Fi"


def _token_spans(text: str, starts: list[int]) -> list[tuple[int, int]]:
    """Each start's token, once, unwrapped from quotes and punctuation, at most `_MAX_TOKENS`."""
    spans: list[tuple[int, int]] = []
    token_end = -1
    for at in starts:
        if at < token_end:
            continue  # inside the token found last
        start = _token_start(text, at)
        found = _TOKEN_END.match(text, at)
        token_end = found.end() if found is not None else at + 1
        value_start, value_end, _ = unwrap(text, start + 1, token_end)
        if 0 < value_end - value_start <= _MAX_VALUE:
            spans.append((value_start, value_end))
            if len(spans) == _MAX_TOKENS:
                break
    return spans


# --- the line: the crude shape, the words beside, the layout, the line before, the cues --------


def _line_features(text: str, lower: str, token: _Token) -> tuple[str, ...]:
    """The crowd first and the crude shape second (find_line_secrets reads it there), then
    the words beside the token, how its line is laid out, what the line before is, and the
    cues of both lines: string operations and table look-ups."""
    start, end, line_start, line_end = token.start, token.end, token.line_start, token.line_end
    main = _crude_shape(text[start:end])
    before = lower[max(line_start, start - _REACH) : start].split()
    after = lower[end : min(line_end, end + _REACH)].split()
    names = [token.crowd, main, *_beside(before, after)]
    if before:
        names.append(f"{main}&pc:{word_class(before[-1].strip(_WORD_PUNCTUATION))}")
    names.extend(_layout(text, line_start, line_end, len(before) + len(after) + 1))
    names.extend(_line_before(text, token))
    names.extend(_cue_features(lower, token, main))
    names.extend(_kind_in_context(text[start:end], main, before, names))
    return tuple(dict.fromkeys(names))


def _crude_shape(value: str) -> str:
    """Digits by their count, letters with digits, symbols with either: read with str methods."""
    if value.isascii() and value.isdigit():
        length = len(value)
        return (
            "s:digits3"
            if length <= 3
            else "s:digits4"
            if length == 4
            else "s:digits5-8"
            if length <= 8
            else "s:digits9+"
        )
    if value.isalnum():
        return "s:letters_digits"
    if _SPACED_RUN.fullmatch(value):
        return "s:spaced"
    if value.replace("-", "").replace("_", "").isalpha():
        return "s:words"
    return "s:symbols"


_MAIN_SHAPES = (
    "s:digits3",
    "s:digits4",
    "s:digits5-8",
    "s:digits9+",
    "s:letters_digits",
    "s:symbols",
    "s:spaced",
    "s:words",
)


def _beside(before: list[str], after: list[str]) -> Iterator[str]:
    """The words either side: their classes, their identity where the fit keeps it."""
    if before:
        raw = before[-1]
        word = raw.strip(_WORD_PUNCTUATION)
        if raw in _SEPARATORS or raw.endswith(":"):
            yield "t:after_separator"
        if word:
            yield f"p:{word}"
            yield f"pc:{word_class(word)}"
        if len(before) > 1:
            second = before[-2].strip(_WORD_PUNCTUATION)
            if second:
                yield f"p2:{second}"
                yield f"pc2:{word_class(second)}"
    yield "t:at0" if not before else "t:at1-3" if len(before) <= 3 else "t:at4+"
    if not after:
        yield "t:last"
        return
    word = after[0].strip(_WORD_PUNCTUATION)
    if word:
        yield f"n:{word}"
        yield f"nc:{word_class(word)}"


def _layout(text: str, line_start: int, line_end: int, words: int) -> Iterator[str]:
    yield (
        "t:words1"
        if words == 1
        else "t:words2-4"
        if words <= 4
        else "t:words5-10"
        if words <= 10
        else "t:words11+"
    )
    if line_start == 0:
        yield "t:first_line"
    if _LIST_ITEM.match(text, line_start, line_end):
        yield "t:list_item"
    if text.startswith("#", line_start):
        yield "t:heading"
    if _SPEAKER.match(text, line_start, line_end):
        yield "t:speaker"
    if text[line_start : line_start + 1] in (" ", "\t"):
        yield "t:indented"


# --- the value's kind in its context ------------------------------------------------------


def _kind_in_context(value: str, main: str, before: list[str], names: list[str]) -> Iterator[str]:
    """The value's kind (a made password, a word with a number, a year, a short code...) and
    its conjunctions with a few contexts that hold across corpora: a handle or an account
    above or before it, a giving word just before it, a thing that locks, a chat answer, a
    number's name just before it, a code said to be elsewhere."""
    kind = _kind(value, main)
    seen = set(names)
    near = [word.strip(_WORD_PUNCTUATION) for word in before[-2:]]
    contexts = [name for name, cues in _CONTEXTS if not seen.isdisjoint(cues)]
    if any(word in _GIVING for word in near):
        contexts.append("x:given")
    if any(word in _NUMBER_NAMES for word in near):
        contexts.append("x:number_name")
    yield kind
    for context in contexts:
        yield context
        yield f"{kind}&{context}"


def _kind(value: str, main: str) -> str:
    """A cheap class of the value's shape, read with str methods."""
    if main.startswith("s:digits"):
        return "k:year" if len(value) == 4 and value.startswith(("19", "20")) else main
    if value.startswith(_PATH_STARTS) or value[1:3] == ":\\":
        return "k:path"  # a share or a file: \\NAS01\Projects, C:\Users, ~/notes
    case = "upper" if value.isupper() else "lower" if value.islower() else "mixed"
    if main == "s:letters_digits":
        if value[0] in "xX" and value[1:].isdigit() and len(value) <= _EXTENSION:
            return "k:extension"  # a desk's phone: "helpdesk x4444"
        return f"k:alnum_{case}"
    if main == "s:spaced":
        return main
    if main == "s:words":
        return f"k:words_{case}"
    if not any(char.isalpha() for char in value):
        return "k:digits_symbols"
    return f"k:symbols_{case}"


_EXTENSION = 6  # "x" and up to five digits
_PATH_STARTS = ("\\\\", "/", "~/", "./", "../")

# Each context and the features (of the line, the line before, the layout) that say it.
_CONTEXTS = (
    ("x:handle", frozenset(("b:email", "b:handle", "c:at"))),
    ("x:account", frozenset(("c:credentials", "bc:credentials"))),
    ("x:secret", frozenset(("c:secret", "bc:secret"))),
    ("x:lock", frozenset(("c:thing", "bc:thing", "c:lock", "bc:lock"))),
    ("x:answer", frozenset(("b:question",))),
    ("x:chat", frozenset(("t:speaker", "b:speaker"))),
    ("x:withheld", frozenset(("c:elsewhere", "c:keyholder"))),
    ("x:numbers", frozenset(("c:public_code", "c:commerce", "c:address", "c:measure"))),
    (
        "x:numbers_above",
        frozenset(("bc:public_code", "bc:commerce", "bc:measure", "bc:date", "hc:public_code")),
    ),
    ("x:asked", frozenset(("b2:question",))),
    ("x:rules", frozenset(("c:meta", "bc:meta", "c:sample", "c:failure", "c:bad", "bc:bad"))),
    ("x:quiz", frozenset(("c:quiz", "bc:quiz"))),
)
# Words just before a value that give it: "is", "c'est", "now", "changed to", "tape".
_GIVING = frozenset(
    (
        *("is", "it's", "its", "are", "was", "now", "to", "be", "then", "use", "try", "type"),
        *("enter", "punch", "press", "dial", "tap", "changed", "reset", "set", "became"),
        *("est", "c'est", "maintenant", "désormais", "devient", "passé", "tape", "tapez", "taper"),
        *("composer", "compose", "composez", "entrer", "entrez", "saisir", "mettre", "mets"),
        *("→", "->", "=>", "="),
    )
)
# Words just before a value that name it a number that is not a secret.
_NUMBER_NAMES = frozenset(
    (
        *("price", "prix", "room", "chambre", "salle", "phone", "tel", "tél", "mobile", "order"),
        *("commande", "ref", "réf", "reference", "référence", "sort", "model", "modèle", "no"),
        *("n°", "nº", "number", "numéro", "num", "flight", "vol", "invoice", "facture", "serial"),
        *("série", "version", "ext", "extension", "route", "platform", "quai", "seat", "apt"),
        *("flat", "appartement", "unit", "postcode", "zip", "page", "chapter", "size", "taille"),
        *("qty", "ticket", "booking", "réservation", "tracking", "suivi", "siret", "iban"),
        *("account", "compte", "policy", "police", "contrat", "contract", "dossier", "case"),
        *("bus", "ligne", "line", "bay", "pitch", "lot", "km", "mile", "miles"),
        # A desk's extension: "the IT helpdesk x4444", "standard poste 212".
        *("helpdesk", "hotline", "switchboard", "standard", "poste", "support", "x"),
    )
)


# --- the line before ------------------------------------------------------------------------


def _line_before(text: str, token: _Token) -> Iterator[str]:
    """What the previous non-empty line is: a heading, a label, a question, a handle or an
    address (the login a code goes with), a link, a list, a chat speaker, a short line."""
    span = _span_before(text, token.line_start)
    if span is None:
        yield "b:none"
        return
    start, end, blank = span
    if blank:
        yield "b:blank"
    line = text[start:end][:_REACH].strip()
    if line:
        yield from _line_shape(line)


def _line_shape(line: str) -> Iterator[str]:
    if line.endswith(":"):
        yield "b:colon"
    if line.startswith("#"):
        yield "b:heading"
    if line.endswith("?"):
        yield "b:question"
    if "@" in line:
        if _EMAIL.search(line):
            yield "b:email"
        elif _HANDLE.search(line):
            yield "b:handle"
    if "://" in line or "www." in line:
        yield "b:url"
    if _LIST_ITEM.match(line):
        yield "b:list_item"
    if ":" in line and _SPEAKER.match(line):
        yield "b:speaker"
    if _SHAPED.search(line):
        yield "b:shaped"
    if len(line.split()) <= _SHORT_LINE:
        yield "b:short"


def _span_before(text: str, line_start: int) -> tuple[int, int, bool] | None:
    """The previous non-empty line's bounds (one blank line skipped), and whether one was."""
    if line_start == 0:
        return None
    end = line_start - 1
    start = start_of_line(text, end)
    if text[start:end].strip():
        return start, end, False
    if start == 0:
        return None
    end = start - 1
    return start_of_line(text, end), end, True


# --- the cues of the line and of the line before ---------------------------------------------


def _cue_features(lower: str, token: _Token, main: str) -> Iterator[str]:
    line = lower[token.line_start : min(token.line_end, token.line_start + _REACH)]
    for name in _cues(line):
        yield name
        yield f"{main}&{name}"
    span = _span_before(lower, token.line_start)
    if span is None:
        return
    yield from (f"b{name}" for name in _cues(lower[span[0] : span[1]][:_REACH]))
    further = _span_before(lower, span[0])
    if further is not None:
        line = lower[further[0] : further[1]][:_REACH]
        if line.rstrip().endswith("?"):
            yield "b2:question"
        yield from (f"b2{name}" for name in _cues(line))
    yield from _list_heading(lower, token)


def _list_heading(lower: str, token: _Token) -> Iterator[str]:
    """The cues of the line a list's items hang from ("Order numbers to chase:", "Codes à
    usage unique"), for every item of the list, not the first alone."""
    if not _LIST_ITEM.match(lower, token.line_start, token.line_end):
        return
    start = token.line_start
    for _ in range(_LIST_REACH):
        span = _span_before(lower, start)
        if span is None:
            return
        if not _LIST_ITEM.match(lower, span[0], span[1]):
            yield "h:list"
            yield from (f"h{name}" for name in _cues(lower[span[0] : span[1]][:_REACH]))
            return
        start = span[0]


_LIST_REACH = 12  # list items read up to the list's heading, at most


def _cues(line: str) -> list[str]:
    """The cues of a lowered line: its words (one regex) met in the table (one set
    intersection), and a few marks found by `in`."""
    found = {cue for cue, mark in _MARKS if mark in line}
    for word in _CUES.keys() & _WORD.findall(line):
        found.update(_CUES[word])
    return sorted(found)


# A word, apostrophes included as breaks: "l'alarme" is "l" and "alarme".
_WORD = re.compile(r"[^\s.,;:!?\"'«»“”‘’()\[\]*`]+")


# The words of a cue, English and French, as people write them (no stems: each form listed).
_CUE_WORDS: dict[str, tuple[str, ...]] = {
    "c:secret": (
        *("password", "passwords", "passwd", "pass", "pw", "pwd", "mdp", "passcode", "pin"),
        *("code", "codes", "clé", "clef", "key", "secret", "token", "passphrase", "puk"),
        *("combination", "combinaison", "combo", "digicode", "unlock", "déverrouiller"),
        *("answer", "réponse", "cvv", "cvc", "identifiants", "credentials", "creds", "login"),
    ),
    "c:meta": (
        *("reset", "forgot", "forgotten", "oublié", "oubliée", "oublier", "expire", "expired"),
        *("expires", "policy", "politique", "must", "doit", "doivent", "characters", "length"),
        *("caractères", "longueur", "strong", "weak", "rules", "règles", "requirements"),
        *("rotate", "rotation", "complexity", "complexité", "réinitialiser", "minimum"),
    ),
    "c:changed_to": (
        *("changed", "changé", "changée", "nouveau", "nouvelle", "new", "now", "updated"),
        *("désormais", "remplacé", "remplacée", "maintenant"),
    ),
    "c:elsewhere": (
        *("ask", "asks", "demande", "demander", "demandez", "bitwarden", "1password"),
        *("keepass", "lastpass", "keychain", "manager", "gestionnaire", "sticker", "étiquette"),
        *("fridge", "frigo", "envelope", "enveloppe", "printed", "imprimé", "imprimée"),
        *("texted", "sms", "vault", "notebook", "carnet", "moved", "migrated"),
    ),
    # Who holds a code for others (the second model's: the first was fitted without them).
    "c:keyholder": (
        *("keyholders", "keyholder", "office", "reception", "accueil", "gardien", "concierge"),
    ),
    "c:public_pass": (
        *("museum", "musée", "navigo", "bus", "metro", "métro", "train", "ski", "season"),
        *("annual", "annuel", "boarding", "festival", "tram", "ticket", "tickets", "billet"),
        *("billets", "abonnement", "visitor", "visiteur", "zoo", "park", "parc", "cinema"),
        *("cinéma", "weekly", "monthly", "stop", "arrêt", "ligne", "line"),
    ),
    "c:public_code": (
        *("promo", "coupon", "discount", "réduction", "voucher", "gift", "cadeau", "postal"),
        *("postcode", "zip", "booking", "réservation", "reservation", "reference", "ref"),
        *("référence", "confirmation", "order", "commande", "tracking", "suivi", "invoice"),
        *("facture", "product", "produit", "sku", "ean", "isbn", "error", "erreur", "status"),
        *("barcode", "iban", "bic", "swift", "parcel", "colis", "flight", "vol", "seat"),
        *("siège", "siret", "insee", "tarif", "dossier", "ticket", "n°", "no.", "#"),
    ),
    "c:place": (
        *("course", "cours", "module", "room", "salle", "class", "classe", "chambre", "bay"),
        *("bâtiment", "floor", "étage", "quai", "platform", "gate", "porte", "hangar", "cave"),
        *("vestiaire", "local", "cellier", "grenier", "atelier", "boathouse", "cellar"),
    ),
    "c:machine": (
        *("printer", "imprimante", "photocopieuse", "copier", "tpe", "till", "caisse"),
        *("terminal", "ipad", "tablet", "tablette", "kindle", "console", "borne", "machine"),
        *("superviseur", "supervisor", "override", "badge", "phone", "téléphone", "portable"),
        *("laptop", "ordi", "ordinateur", "pc", "mac", "nas", "server", "serveur"),
    ),
    "c:negation": ("none", "aucun", "aucune", "sans", "without", "no", "pas", "never", "jamais"),
    "c:thing": (
        *("door", "porte", "portail", "alarm", "alarme", "safe", "coffre", "interphone"),
        *("intercom", "locker", "casier", "cadenas", "padlock", "bike", "vélo", "garage"),
        *("keypad", "boîte", "mailbox", "wifi", "wi-fi", "wpa", "wpa2", "sim", "router"),
        *("routeur", "box", "livebox", "freebox", "bank", "banque", "atm", "lock", "shed"),
        *("abri", "lobby", "hall", "immeuble", "building", "entrée", "résidence", "bâtiment"),
    ),
    # More things that lock (the second model's: the first was fitted without them).
    "c:lock": (
        *("gate", "keysafe", "lockbox", "panel", "portal", "cage", "shutter", "doors", "lock-box"),
        *("portillon", "grille", "boîtier", "serrure", "verrou", "clavier", "coffre-fort"),
    ),
    "c:security": (
        *("question", "maiden", "pet", "animal", "naissance", "born", "school", "école"),
        *("memorable", "mémorable", "security", "sécurité", "teacher", "street", "rue"),
    ),
    "c:hint": ("indice", "hint", "birthday", "anniversaire", "usual", "habituel", "backwards"),
    "c:recovery": ("recovery", "backup", "secours", "récupération", "2fa", "mfa", "2sv"),
    "c:clock": (
        *("clock", "réveil", "wake", "weekday", "weekdays", "weekend", "weekends", "morning"),
        *("matin", "snooze", "sonne", "rings", "o'clock", "heure", "heures", "h"),
    ),
    "c:sample": ("example", "exemple", "e.g", "sample", "dummy", "fake", "lorem", "template"),
    "c:quiz": (
        *("quiz", "quizz", "quizzes", "trivia", "riddle", "riddles", "devinette", "devinettes"),
        *("énigme", "énigmes", "enigme", "qcm", "charade", "crossword", "croisés", "corrigé"),
        *("flashcard", "flashcards", "exam", "examen", "revision", "révisions", "jeopardy"),
    ),
    # Talk of a password as a bad example: "never use Filou2008", "genre Filou2008, à éviter".
    "c:bad": (
        *("avoid", "éviter", "évitez", "évite", "guessable", "devinable", "devinables"),
        *("obvious", "évident", "évidents", "predictable", "prévisible", "prévisibles", "bad"),
        *("worst", "pire", "pires", "training", "formation", "awareness", "sensibilisation"),
        *("genre", "outdated", "dépassé", "ringard", "crackable"),
    ),
    "c:failure": (
        *("invalid", "invalide", "failed", "failure", "fails", "échec", "incorrect", "wrong"),
        *("denied", "refused", "refusé", "rejected", "rejeté", "mauvais", "attempt", "attempts"),
        *("essai", "essais", "tentative", "tentatives", "locked", "verrouillé", "mismatch"),
    ),
    "c:address": (
        *("village", "town", "city", "ville", "district", "road", "avenue", "lane", "chemin"),
        *("boulevard", "allée", "cedex", "address", "adresse", "livraison", "delivery"),
        *("shipping", "street", "rue", "bd", "impasse", "place"),
    ),
    "c:commerce": (
        *("price", "prix", "total", "cost", "coût", "paid", "payé", "qty", "quantité"),
        *("checkout", "panier", "cart", "adult", "adulte", "child", "enfant", "eur", "usd"),
        *("euros", "€", "$", "£", "budget", "devis", "remboursé", "acompte"),
    ),
    "c:credentials": (
        *("login", "user", "username", "identifiant", "utilisateur", "account", "compte"),
        *("email", "e-mail", "mail", "admin", "root", "ssid", "network", "réseau", "db"),
        *("database", "smtp", "vpn", "insta", "instagram", "facebook", "gmail", "site"),
    ),
    "c:date": (
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
        *("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "janvier"),
        *("février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre"),
        *("octobre", "novembre", "décembre", "january", "february", "march", "april", "june"),
        *("july", "august", "september", "october", "november", "december", "since", "depuis"),
        *("year", "years", "année", "an", "ans", "born", "né", "née", "en", "in"),
    ),
    "c:measure": (
        *("km", "kg", "g", "cm", "mm", "m", "min", "minutes", "°c", "degrés", "degrees"),
        *("pages", "page", "points", "pts", "score", "%", "x", "fois", "times", "people"),
        *("personnes", "mètres", "meters", "litres", "liters", "ml", "gb", "go", "mb", "mo"),
    ),
}


def _cue_table() -> dict[str, tuple[str, ...]]:
    """Each word to the cues it belongs to: one look-up a word of the line."""
    table: dict[str, tuple[str, ...]] = {}
    for cue, words in _CUE_WORDS.items():
        for word in words:
            table[word] = (*table.get(word, ()), cue)
    return table


_CUES = _cue_table()
# Marks read by `in` on the lowered line: code, links, handles, hashtags, sums.
_MARKS = (
    ("c:equals", "="),
    ("c:quiz", "question du jour"),
    ("c:quiz", "question of the day"),
    ("c:call", "("),
    ("c:url", "://"),
    ("c:at", "@"),
    ("c:hashtag", " #"),
    ("c:backtick", "`"),
    ("c:slash", "/"),
    ("c:plus", " + "),
    ("c:quote", "«"),
    ("c:quote", '"'),
)


# --- the exact shape, and the most it may add ------------------------------------------------


def _shape_features(text: str, token: _Token) -> tuple[str, ...]:
    value = text[token.start : token.end]
    if _SPACED_RUN.fullmatch(value):
        return (*value_features(value[::2]), "v:spaced")  # the code it spells
    return tuple(dict.fromkeys(value_features(value)))


# A value has one of each of these families' names (features.value_features).
_EXCLUSIVE = re.compile(
    r"(v:len)(?:<4|4-5|6-7|8-11|12\+)\Z|(v:bits)|(v:classes)[0-9]\Z|(v:digits)(?:1-2|3|4|5-8|9\+)\Z"
)
# The names a value of ASCII digits alone may have, by its crude shape (features.value_features
# reads letters, symbols or separators for every other name): its length's and count's buckets,
# one kind of character, the bits its length allows, a year, a phone number, a hex string.
_DIGIT_NAMES = {
    "s:digits3": re.compile(r"v:(?:len<4|digits1-2|digits3|classes1|bits<12)\Z"),
    "s:digits4": re.compile(r"v:(?:len4-5|digits4|classes1|bits<12|year)\Z"),
    "s:digits5-8": re.compile(
        r"v:(?:len4-5|len6-7|len8-11|digits5-8|digits5|digits6|classes1|bits<12|bits12-23"
        r"|bits24-39)\Z"
    ),
    "s:digits9+": re.compile(
        r"v:(?:len8-11|len12\+|len40\+|digits9\+|classes1|bits\S*|phone|hex)\Z"
    ),
    "s:spaced": re.compile(
        r"v:(?:len<4|len4-5|len6-7|len8-11|digits1-2|digits3|digits4|digits5-8|digits5|digits6"
        r"|classes1|bits<12|bits12-23|bits24-39|year|spaced)\Z"
    ),
}


def _reach(weights: Mapping[str, float], main: str) -> float:
    """The most a value of this crude shape may add: the positive weights of the names it may
    have, one per family of which it has one; a rounding margin added (summed in another order
    than the score, the bound may differ from it in its last bits)."""
    best: dict[str, float] = {}
    total = _ROUNDING
    allowed = _DIGIT_NAMES.get(main)
    for name, weight in weights.items():
        if weight <= 0 or not name.startswith("v:"):
            continue
        if allowed is not None and allowed.match(name) is None:
            continue
        family = _EXCLUSIVE.match(name)
        if family is None:
            total += weight
        else:
            key = next(group for group in family.groups() if group is not None)
            best[key] = max(best.get(key, 0.0), weight)
    return total + sum(best.values())


_ROUNDING = 1e-9
FIRST = _model(line_weights)
# A path (\\NAS01\Projects, C:\Users\jo2, ~/notes) is where a file is, never a secret: the
# second model leaves it (its contexts, an account and a login above, are a secret's).
KINDS = _model(line_kind_weights, frozenset(("k:path",)))
