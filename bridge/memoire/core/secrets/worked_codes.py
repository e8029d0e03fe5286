"""A code stored as the hint it was made from, then worked out after an arrow or a dash.

People who keep a code as a hint often write its answer beside it: "CCTV recorder: user admin,
the rest is the centre's phone number last 6 digits — 552 917", "identifiant admin, et les 6
derniers chiffres du SIRET de la jardinerie → 300 418", "the keysafe is the reg number digits
reversed … so it's 8686", "admin unlock: rutherford gold foil (all lower case, spaces as
hyphens → rutherford-gold-foil)". On a line that says how a value was made (the last digits of
a number, reversed, doubled, in lower case, spaces as hyphens) and what it gets into (a lock,
an admin or a user, an unlock), the value after the hint's arrow, dash or "so it's" is the code.

What keeps the look-alikes out: a hint with no value after it ("the rest is on the sticker"); a
line about no access ("invoice ref: last 6 digits of the order → 552 917"), or a hint made from
a number that opens nothing (a model's, an order's) or a value to ask for, or about a thing's
own number ("door number = last 4 digits of the postcode"); a card's or an account's last
digits, which identify it and are printed everywhere ("card ending, last 4 digits → 4417"); a
number of more than eight digits (a phone number), a year, or a word after it (a quantity); words
worked out for a name, a file or an address ("usernames: lower case, spaces as dots").
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.place_codes import LOCKING
from memoire.core.secrets.text import end_of_line, positions, start_of_line

RULE = "worked-code"

# How a value was made from another: its last digits, reversed, doubled, its case, its spaces.
_DIGIT_HINTS = (
    *("last ", "derniers", "dernières", "first ", "premiers", "reversed", "backwards"),
    *("à l'envers", "twice", "deux fois", "doubled", "doublé", "digits", "chiffres"),
)
_CASE_HINTS = (
    *("lower case", "lowercase", "upper case", "uppercase", "minuscule", "majuscule"),
    *("spaces as", "no space", "sans espace", "without the space", "without spaces"),
    *("hyphens", "tirets", "capitals", "in caps", "all caps"),
)
_HINTS = (*_DIGIT_HINTS, *_CASE_HINTS)
# What the value gets into: a lock, an admin's or a user's login, an unlock.
_ACCESS = re.compile(
    rf"(?<![^\W_])(?:{LOCKING}|admin|user|identifiant|utilisateur|login|unlock\w*"
    r"|(?:dé)?verrouill\w*|alarms?|alarmes?|keypads?|digicodes?)(?![^\W_])"
    r"(?![ ](?:numbers?|num[ée]ros?|n°|no\b|ref))"  # "door number": the thing's own number
)
# Words whose value needs no access to be worked out: a username, a file, an address.
_NAMES = re.compile(
    r"(?<![^\W_])(?:usernames?|user[ ]names?|identifiants?|logins?|e-?mails?|files?|fichiers?"
    r"|noms?|names?|urls?|adresses?|address)(?![^\W_])"
)
# A card's or an account's last digits identify it: they are printed on every statement.
_PRINTED = re.compile(
    r"(?<![^\W_])(?:cards?|cartes?|cb|visa|mastercard|amex|accounts?|comptes?|iban|rib"
    r"|policy|police|contrat|contract)(?![^\W_])"
)
# Between the hint and the value: an arrow, a dash, "so it's", "donc", "ce qui donne".
_THEN = re.compile(
    r"(?:[ \t]*(?:→|->|=>|—|–|=|,|(?:so[ ]it['’]?s|so|donc|soit|c['’]est|it['’]?s|gives"
    r"|ce[ ]qui[ ](?:donne|fait)|ça[ ](?:donne|fait))(?![^\W_]))[ \t]*)+"
)
# Four to eight digits, in two groups at most ("552 917"), a key after them.
_DIGITS_VALUE = re.compile(
    r"(?<![\w.,/-])(?:[0-9]{4,8}|[0-9]{2,4}[ ][0-9]{2,4})[#*]?(?![\w.,/°-]|[ ][0-9])"
)
# A value typed as the hint says: lower-case words joined ("rutherford-gold-foil"), or letters
# and digits together ("bl14aq").
_WORDS_VALUE = re.compile(
    r"(?<![\w.-])(?:[a-z0-9]+(?:[-_.][a-z0-9]+){1,5}|(?=[a-z]*[0-9])(?=[0-9]*[a-z])[a-z0-9]{5,20})"
    r"(?![\w-])"
)
# After the value: the line's end, a remark, "now"; a word or a unit makes it something else.
_VALUE_END = re.compile(
    r"[ \t]*(?:$|[.,;!?)»\"”]|(?:now|maintenant|but|mais|and|et|then|puis)(?![^\W_]))",
    re.MULTILINE,
)
# A hint made from a number that opens nothing ("then the model number without spaces — …"),
# or a value one must ask for ("Ask the admin, then …").
_OTHER_NUMBERS = re.compile(
    r"(?<![^\W_])(?:order|invoice|ticket|ref|tracking|model|version|commande|facture"
    r"|suivi|mod[èe]le|ask|demande[rz]?)(?![^\W_])"
)
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_DIGIT = re.compile(r"[0-9]")
_MAX_LINE = 300
_MAX_HINTS = 50  # a note of hints is read this many at most


def find_worked_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Read from each hint's literal, on its line only."""
    del text
    done = -1
    for position in sorted({p for hint in _HINTS for p in positions(lower, hint)})[:_MAX_HINTS]:
        if position < done:
            continue
        line_start, line_end = start_of_line(lower, position), end_of_line(lower, position)
        done = line_end
        if line_end - line_start <= _MAX_LINE:
            span = _worked_out(lower, line_start, position, line_end)
            if span is not None:
                yield RULE, *span


def _worked_out(lower: str, line_start: int, hint: int, line_end: int) -> tuple[int, int] | None:
    """The first value after a separator past the hint; words only for a hint of case or
    spaces, on a line that names no username, file or address."""
    line = lower[line_start:line_end]
    words = any(case in line for case in _CASE_HINTS) and _NAMES.search(line) is None
    if not words and _DIGIT.search(lower, hint, line_end) is None:
        return None  # no digit after a digit's hint: "the last bus", "first floor"
    for then in _THEN.finditer(lower, hint, line_end):
        value = _DIGITS_VALUE.match(lower, then.end(), line_end)
        if value is None and words:
            value = _WORDS_VALUE.match(lower, then.end(), line_end)
        if value is None or _YEAR.fullmatch(value[0]) is not None:
            continue  # "last serviced in 2019, twice → 2021": years
        if _VALUE_END.match(lower, value.end(), line_end) is not None:
            about_a_lock = _ACCESS.search(line) is not None and _PRINTED.search(line) is None
            other = _OTHER_NUMBERS.search(lower, line_start, value.start()) is not None
            return value.span() if about_a_lock and not other else None
    return None
