"""A lock's code written as the rule that makes it, then its result.

People keep a code they can work out again rather than the code: "Garden shed: the number of
flats times 100 plus the year's last two digits → 2488", "Le cadenas du vélo = nombre de sacs
(88) suivi de 88 → 8888", "Bike store: our house number twice, so 1414". On a line that names a
thing that locks (place_codes.LOCKING) and says how the number is made (times, plus, followed
by, last two digits, the number of, a year, a birthday), the number that ends the line after an
arrow, "=", "so", "donc", "which gives" is the code.

What keeps the look-alikes out: the result ends its line, with no unit nor noun after it ("→ 6
m²", "= 48 lockers"); it has four to eight digits (three for a padlock's); a year is a date, not
a result; and a line about money or a measure (a price, a total, a budget, €, kg) sums amounts.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.place_codes import LOCKING
from memoire.core.secrets.text import character_classes, end_of_line, positions, start_of_line

RULE = "worked-out-code"

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
_LOCK = re.compile(rf"(?<![^\W_])(?:{LOCKING})(?![^\W_])")
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
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_THREE_DIGIT_LOCKS = ("padlock", "cadenas", "antivol", "bike lock")
_THREE_DIGITS = b"000"
_MAX_LINE = 300
_MAX_LINES = 50


def find_worked_out_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
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
            if len(read) >= _MAX_LINES:
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
    if _YEAR.fullmatch(value) or _RECIPE.search(rule) is None or _SUMS.search(rule) is not None:
        return None
    lock = _LOCK.search(rule)
    if lock is None:
        return None
    if len(value) == 3 and not any(word in rule for word in _THREE_DIGIT_LOCKS):
        return None
    return found.span("value")
