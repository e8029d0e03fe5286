"""A password dictated aloud: its parts said one after another, with how to type them.

Voice memos and notes taken on the phone give a password as it is spoken, without writing it:
"capital T tiger then 77 then exclamation mark — that's the laptop", "surgery underscore smith
2023 capital S", "B for bravo, 5, 5, X, lower-case k, 9", "S majuscule soleil quatre vingt dix
neuf point d'exclamation", "mirabelle soixante deux tout attaché m majuscule", "c'est tout en
minuscules : tournesol puis quatre quatre deux". Nobody speaks of anything else that way: a
line holding a number (digits or number words) and two of these is the password: a letter's
case ("capital S", "M majuscule", "petit k", "all lower case"), a symbol's name (underscore,
exclamation mark, point d'exclamation), words joined ("no spaces", "tout attaché", "all one
word"), a letter spelt ("B for bravo", "T comme Thierry"), parts chained ("then", "puis"), or a
password's noun.

What keeps the look-alikes out: one of them alone ("write it in capital letters", "no spaces
in file names, e.g. 2024") is an instruction; a rule, an example, a file name, a hashtag, a
username or an e-mail address dictated ("john underscore smith 85 at gmail dot com") is no
password.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.place_codes import DIGIT_WORDS, TENS
from memoire.core.secrets.text import end_of_line, line_start_within, starts_of_any

RULE = "dictated-password"

_CASE = re.compile(
    r"(?<![^\W_])(?:(?:capital|big|small|lower[ -]?case|upper[ -]?case|caps)[ ][a-z](?![^\W_])"
    r"|(?:petite?|grande?)[ ](?![ay][ ])[a-z](?![^\W_])"  # not "Mme Petit a", "grand y"
    r"|[a-z][ ](?:majuscule|minuscule|capital)(?![^\W_])"
    r"|(?:all|tout)[ ](?:in[ ]|en[ ])?(?:lower[ -]?case|minuscules?|caps|capitals|majuscules?)"
    r"|(?:in|en)[ ](?:lower[ -]?case|minuscules?|majuscules?)"
    r"|(?:no|pas[ ]de|sans|aucune)[ ](?:capitals?|caps|upper[ -]?case|majuscules?)(?![^\W_]))"
)
_SYMBOL = re.compile(
    r"(?<![\w-])(?:underscore|exclamation(?:[ ](?:mark|point))?|point[ ]d['’]exclamation"
    r"|tiret(?:[ ]bas)?|arobase|at[ ]sign|dollar[ ]sign|ampersand|esperluette|asterisk"
    r"|astérisque|question[ ]mark|point[ ]d['’]interrogation|hash(?:[ ]sign)?|dièse|slash"
    r"|tilde|trait[ ]d['’]union)(?![\w-])"
    # a dash or a dot said between two parts ("radio dash nine seven three"), not a noun ("a
    # dash of") nor a verb ("then dash to platform 9")
    r"|(?<=[^\W_][ ])(?<!\ba[ ])(?<!\bthe[ ])(?<!\bun[ ])(?<!\bune[ ])(?<!then[ ])(?<!and[ ])"
    r"(?<!\bto[ ])(?<!\bi[ ])(?<!\bwe[ ])(?<!you[ ])(?<!['’]ll[ ])(?<!\bwill[ ])"
    r"(?:dash|hyphen|dot)(?=[ ](?!(?:to|off|out|back|over|across|into|through|home|around)\b)"
    r"[^\W_])"
)
_JOINED = re.compile(
    r"(?<![^\W_])(?:no[ ]spaces?|without[ ](?:any[ ])?spaces?|sans[ ]espaces?|tout[ ]attach[ée]s?"
    r"|tout[ ]coll[ée]s?|all[ ]one[ ]word|(?:en[ ])?un[ ]seul[ ]mot)(?![^\W_])"
)
# A letter spelt: "B for bravo" (the radio alphabet), "T comme Thierry" (a word of its initial).
_SPELT_LETTER = re.compile(
    r"(?<![^\W_])(?:[a-z][ ](?:for|as[ ]in)[ ](?:alpha|alfa|bravo|charlie|delta|echo|foxtrot"
    r"|golf|hotel|india|juliett?|kilo|lima|mike|november|oscar|papa|quebec|romeo|sierra|tango"
    r"|uniform|victor|whiske?y|x-ray|xray|yankee|zulu)|(?P<letter>[a-z])[ ]comme[ ](?P=letter)"
    r"[a-zà-ÿ]{2,}|(?:with|avec)[ ](?:a|an|un|two|deux|double)[ ][a-z](?:'s|s)?)(?![^\W_])"
)
_CHAINED = re.compile(r"(?<![^\W_])(?:then|puis)(?![^\W_])")
_NOUN = re.compile(
    r"(?<![^\W_])(?:password|passwords|mot[ ]de[ ]passe|mdp|wifi|wi-fi|pin|code|cl[ée]|key)"
    r"(?![^\W_])"
)
# A number said: digits, or number words but "one", "un" and "oh", which are words as well.
_DIGIT_WORDS = "|".join(word for word in DIGIT_WORDS.split("|") if word not in ("one", "un", "oh"))
_NUMBER = re.compile(rf"(?<![^\W_])(?:[0-9]{{1,4}}|{_DIGIT_WORDS}|{TENS})(?![^\W_])")
# A rule, an example, a file name, a hashtag, a username or an address: dictated, no password.
_NOT_A_PASSWORD = re.compile(
    r"(?<![^\W_])(?:e\.g|eg|for[ ]example|par[ ]exemple|ex|such[ ]as|must|should|doit|doivent"
    r"|policy|politique|rules?|r[èe]gles?|file[ ]?names?|noms?[ ]de[ ]fichiers?|hashtag"
    r"|user[ ]?names?|identifiant|pseudo|handle|gamertag|e-?mail|mail|adresse|address"
    r"|(?:dot|point)[ ](?:com|fr|org|net|co)|gmail|hotmail|outlook|postcode|code[ ]postal"
    r"|form|formulaire|letters|lettres|coupon|promo|voucher|discount|r[ée]duction|ref"
    r"|r[ée]f[ée]rence|libell[ée]|transfer|virement)(?![^\W_])"
)
_CODE_MARKS = re.compile(r"[=$<>{}]|\w_\w")
_MARKERS = (_CASE, _SYMBOL, _JOINED, _SPELT_LETTER, _CHAINED, _NOUN)
_MIN_MARKERS = 2
# Every case, symbol or joining mark holds one of these (a letter spelt comes with a case: "B
# for bravo, 5, 5, X, lower-case k"): lines without any are not read. Words frequent in prose
# ("for", "big", "sign") would cost the note's one pass more than the rule.
_LITERALS = (
    *("capital", "majuscule", "minuscule", "lower", "upper", "caps", "petit ", "petite "),
    *("underscore", "exclamation", "tiret", "arobase", "at sign", "dollar sign", "ampersand"),
    *("esperluette", "asterisk", "astérisque", "question mark", "interrogation", "no space"),
    *("without space", "without any space", "sans espace", "attaché", "collé", "one word"),
    *("seul mot", "hash", "dièse", "slash", "tilde", " dash ", " hyphen ", " dot ", "trait d"),
)


def says_how_to_type(lower: str, start: int, end: int) -> bool:
    """The words say how a value is typed: a letter's case, a symbol's name, words joined
    ("Lucas2012 avec un L majuscule", "Renault4L! with the exclamation mark")."""
    return any(marker.search(lower, start, end) for marker in (_CASE, _SYMBOL, _JOINED))


# A dictation goes on over the next line when that line goes on with "then" or "puis".
_GOES_ON = re.compile(r"[ \t]*(?:then|puis|and[ ]then|et[ ]puis)(?![^\W_])")


_REACH = 120  # a dictation is a clause: read this far either side of each of its words
_MAX_WINDOWS = 100
_LONGEST_WINDOW = 4 * _REACH  # clauses merged up to this length: a flood of markers stays cheap


def find_dictated_passwords(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    del text
    for start, end in _windows(lower)[:_MAX_WINDOWS]:
        span = _dictated(lower, start, end)
        if span is not None:
            yield RULE, *span


def _windows(lower: str) -> list[tuple[int, int]]:
    """Each marker's clause: its line, a reach either side at most, and the next line when
    that goes on with "then" or "puis"; overlapping clauses merged."""
    windows: list[tuple[int, int]] = []
    for position in starts_of_any(lower, _LITERALS):
        line_end = end_of_line(lower, position)
        start = line_start_within(lower, position, _REACH)
        end = min(line_end, position + _REACH)
        if end == line_end and _GOES_ON.match(lower, line_end + 1) is not None:
            end = min(end_of_line(lower, line_end + 1), line_end + 1 + _REACH)
        if windows and start <= windows[-1][1] and end - windows[-1][0] <= _LONGEST_WINDOW:
            windows[-1] = (windows[-1][0], max(end, windows[-1][1]))
        else:
            windows.append((start, end))
    return windows


def _dictated(lower: str, start: int, end: int) -> tuple[int, int] | None:
    """From the first marker or number said to the last, when the line holds a number and two
    markers of different kinds."""
    numbers = [number for number in _NUMBER.finditer(lower, start, end) if _is_said(lower, number)]
    if not numbers or _NOT_A_PASSWORD.search(lower, start, end) is not None:
        return None
    if _CODE_MARKS.search(lower, start, end) is not None:
        return None  # "PASSWORD_HASH_ROUNDS=12", "crypt($2, password_hash)": code, not speech
    found = [marker.search(lower, start, end) for marker in _MARKERS]
    said = [match for match in found if match is not None]
    if len(said) < _MIN_MARKERS or all(match.re in (_CHAINED, _NOUN) for match in said):
        return None
    spans = [match.span() for match in said if match.re is not _NOUN] + [
        number.span() for number in numbers
    ]
    return min(a for a, _ in spans), max(b for _, b in spans)


# A number is a part said when nothing, a mark, another part or a chain follows it; a word
# after it makes it a count ("deux oeufs", "3 tables", "10 more words").
_WORD_AFTER = re.compile(r"[ ]+([^\W\d_][\w'’-]*)")
_SAID_AFTER = frozenset(
    (
        *("then", "puis", "and", "et", "avec", "with", "all", "tout", "no", "sans", "if", "si"),
        *("capital", "majuscule", "minuscule", "lower", "lower-case", "upper", "upper-case"),
        *("small", "big", "petit", "petite", "grand", "caps", "exclamation", "point"),
        *("underscore", "tiret", "hash", "dièse", "at", "arobase", "dollar", "star", "étoile"),
        *("question", "asterisk", "astérisque", "ampersand", "esperluette", "that's", "c'est"),
        *("that", "is", "est", "for", "pour", "on", "sur", "plus", "or", "ou", "try", "essaie"),
        *("en", "in", "everything", "aucune"),
    )
)


def _is_said(lower: str, number: re.Match[str]) -> bool:
    after = _WORD_AFTER.match(lower, number.end())
    if after is None:
        return True
    word = after[1]
    if word in _SAID_AFTER or _NUMBER.fullmatch(word) is not None:
        return True
    return _CASE.match(lower, after.start(1)) is not None  # "77 pas de majuscule"
