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

Or the hint is a recipe, its result ending the line: "Garden shed: the number of flats times 100
plus the year's last two digits → 2488", "Le cadenas du vélo = nombre de sacs (88) suivi de 88 →
8888", "Bike store: our house number twice, so 1414". On a line that names a thing that locks
and says how the number is made (times, plus, followed by, last two digits, the number of, a
year, a birthday), the number ending the line after an arrow, "=", "so", "donc", "which gives".
Its look-alikes: a unit or a noun after it ("→ 6 m²", "= 48 lockers"); fewer than four digits
(three for a padlock's); a year; a line about money or a measure (a price, a total, €, kg).
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.place_codes import LOCKING
from memoire.core.secrets.text import (
    YEAR,
    character_classes,
    end_of_line,
    positions,
    start_of_line,
    starts_of_any,
)

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
# "door number": the thing's own number, not what opens it.
_ITS_OWN_NUMBER = r"(?![ ](?:numbers?|num[ée]ros?|n°|no\b|ref))"
# What the value gets into: a lock, an admin's or a user's login, an unlock.
_ACCESS = re.compile(
    rf"(?<![^\W_])(?:{LOCKING}|admin|user|identifiant|utilisateur|login|unlock\w*"
    r"|(?:dé)?verrouill\w*|alarms?|alarmes?|keypads?|digicodes?)(?![^\W_])" + _ITS_OWN_NUMBER
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
    r"|mod[èe]le|ask|demande[rz]?)(?![^\W_])"
)
_DIGIT = re.compile(r"[0-9]")
_MAX_LINE = 300
_MAX_HINTS = 50  # a note of hints is read this many at most


def find_worked_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    yield from _hints_values(lower)
    yield from _recipes_results(text, lower)


def _hints_values(lower: str) -> Iterator[tuple[str, int, int]]:
    """Read from each hint's literal, on its line only."""
    done = -1
    for position in starts_of_any(lower, _HINTS)[:_MAX_HINTS]:
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
        if value is None or YEAR.fullmatch(value[0]) is not None:
            continue  # "last serviced in 2019, twice → 2021": years
        if _VALUE_END.match(lower, value.end(), line_end) is not None:
            about_a_lock = _ACCESS.search(line) is not None and _PRINTED.search(line) is None
            other = _OTHER_NUMBERS.search(lower, line_start, value.start()) is not None
            return value.span() if about_a_lock and not other else None
    return None


# How a number is made, EN and FR; every line read holds one of these stems.
_RECIPE = re.compile(
    r"(?<![^\W_])(?:times|fois|plus|minus|moins|multipli\w*|divided|divis[ée]e?|suivie?s?[ ]de"
    r"|followed[ ]by|twice|deux[ ]fois|reversed|backwards|à[ ]l['’]envers|(?:last|first)[ ]"
    r"(?:two|three|four|2|3|4)|(?:deux|trois|quatre|2|3|4)[ ](?:derniers|premiers)|digits"
    r"|chiffres|number[ ]of|nombre[ ]de|year|année|birthday|anniversaire|born|née?)(?![^\W_])"
    r"|[0-9][ ]?[x×*+][ ]?[0-9]"
)
_RECIPE_STEMS = (
    *("times", "fois", "plus", "minus", "moins", "multipli", "divi", "suivi", "followed"),
    *("twice", "reversed", "backwards", "envers", "last", "first", "dernier", "premier"),
    *("digits", "chiffres", "number of", "nombre de", "year", "année", "birthday"),
    *("anniversaire", "born", "né", "×", "+"),
)
_LOCK = re.compile(rf"(?<![^\W_])(?:{LOCKING})(?![^\W_]){_ITS_OWN_NUMBER}")
# The result: after an arrow, "=", or a word that gives it, ending the line.
_RESULT = re.compile(
    r"(?:→|->|=>|⇒|=|(?<![^\W_])(?:so|donc|soit|gives|makes|donne|fait|equals|égale?))[ \t]*"
    r"(?:(?:it['’]s|c['’]est|ça[ ]fait)[ \t]+)?(?P<value>[0-9]{3,8})[ \t]*[.!)]*[ \t]*\Z"
)
_SUMS = re.compile(
    r"[€$£%]|(?<![^\W_])(?:total|budget|prix|price|costs?|co[ûu]ts?|sum|somme|tarif|m²|m2|kg"
    r"|litres?|liters?|score|points|euros?|pounds?|dollars?)(?![^\W_])"
    r"|[0-9][ ]?(?:mm|cm|m|km|g|kg|ml|l|h|min)(?![^\W_])"
)
_THREE_DIGIT_LOCKS = ("padlock", "cadenas", "antivol", "bike lock")
_THREE_DIGITS = b"000"
_MAX_RECIPE_LINES = 50


def _recipes_results(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Only the lines holding a recipe's stem are read, each once, at most `_MAX_LINES`; a note
    without three digits in a row (one byte search of its classes) holds no result."""
    if _THREE_DIGITS not in character_classes(text):
        return
    read: set[int] = set()
    for stem in _RECIPE_STEMS:
        for position in positions(lower, stem):
            line_start = start_of_line(lower, position)
            if line_start in read:
                continue
            if len(read) >= _MAX_RECIPE_LINES:
                return
            read.add(line_start)
            span = _result(lower, line_start, end_of_line(lower, position))
            if span is not None:
                yield RULE, *span


def _result(lower: str, line_start: int, line_end: int) -> tuple[int, int] | None:
    if line_end - line_start > _MAX_LINE:
        return None
    found = _RESULT.search(lower, line_start, line_end)
    if found is None:
        return None
    value = found["value"]
    rule = lower[line_start : found.start()]
    if YEAR.fullmatch(value) or _RECIPE.search(rule) is None or _SUMS.search(rule) is not None:
        return None
    if _LOCK.search(rule) is None or _OTHER_NUMBERS.search(rule) is not None:
        return None
    if len(value) == 3 and not any(word in rule for word in _THREE_DIGIT_LOCKS):
        return None
    return found.span("value")
