"""Codes listed one per line by whose or which they are, under a heading naming the locks.

People keep the codes of several locks of a kind as a list: "staff lockers⏎Locker 3 (Kemal):
519⏎Locker 4 (Jess): 806", "casiers du personnel⏎Yanis : 413⏎Inès : 927", "Suitcase locks⏎
blue case 482⏎grey case 915", "Staff lockers⏎Amy 17 — 2096"; or name the lock on each line
under any heading ("Apt 1 Vieux-Port : boîte 2719⏎Apt 2 Panier : boîte 8830"); or give a table
whose column says how to get in ("| what | how |⏎| equipment room | 2046 |⏎| office | key |").

A list is two items or more, each ending on its code (three digits or more, or digits and a
letter or two). What keeps the look-alikes out: a heading naming what its numbers are (sizes,
floors, prices, capacities, marks, extensions) or what is sold; an item whose number is of
something else ("45 m²", "4 guests", "ext 519", "41 ans", a number of two digits) makes the
whole list one of numbers; years listed are dates.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.codes import OTHER_CODES
from memoire.core.secrets.lookalikes import NUMBERS_NAMED
from memoire.core.secrets.place_codes import MIXED_CODE, PLACE_STEMS
from memoire.core.secrets.text import end_of_line, lines_with

RULE = "listed-code"

# Locks a list's heading names: the codes under it are theirs.
_LOCKS = re.compile(
    r"(?<![^\W_])(?:lockers?|casiers?|locks?|padlocks?|cadenas|lock[ -]?box(?:es)?"
    r"|key[ -]?safes?|key[ -]?boxes|bo[îi]tes?[ ][àa][ ]cl[ée]s?|safes?|coffres?(?:-forts?)?"
    r"|vestiaires?|digicodes?|keypads?|door[ ]codes?|codes[ ]des[ ]portes|codes[ ]portes"
    r"|combinations?|combinaisons?|(?:room|door|gate|locker|house|flat)[ ]codes|mail[ ]?box(?:es)?"
    r"|letter[ ]?box(?:es)?|bo[îi]tes?[ ]aux[ ]lettres"
    r"|codes[ ]des[ ](?:chambres|salles|casiers|bo[îi]tes|cadenas)"
    # rooms and huts that lock, one per item: "## Changing rooms⏎Ladies: 2468⏎Gents: 1357"
    r"|changing[ ]rooms|locker[ ]rooms|toilets|toilettes|showers|douches|sheds|cabanons"
    r"|cash[ ]?box(?:es)?|cash[ ]tins)(?![^\W_])"
)
# What every lock a heading or an item names holds (lowered): "lock" is in "padlock",
# "lockers", "lockbox"; "safe" in "key safe"; "box" in "key box".
_LOCK_LITERALS = (
    *("lock", "casier", "cadenas", "safe", "boîte", "boite", "coffre", "vestiaire", "digicode"),
    *("keypad", "combin", "codes", "box", "door", "porte", "gate", "portail", "changing"),
    *("rooms", "toilet", "shower", "douche", "sheds", "cabanons", "cash"),
)
# Locks named on an item's line, right before its code.
_LOCK_ON_ITEM = (
    r"(?:bo[îi]te|box|lock[ -]?box|key[ -]?safe|cadenas|padlock|lock|casier|locker|code|porte"
    r"|door|gate|portail|digicode)"
)
_MAX_HEADING = 60
# A heading gives no value of its own: no number of three digits, nothing after a colon.
_HEADING_VALUE = re.compile(r"[0-9]{3}|:[ \t]*\S")
_MAX_HEADING_WORDS = 7
_MAX_ITEMS = 15
_MIN_CODES = 2
# An item: a bullet, a label of a few words (a name, "Locker 3 (Kemal)", "Amy 17"), a link,
# then its code ending the line, a remark in brackets at most after it.
_ITEM = re.compile(
    r"[ \t]*(?:[-*•][ \t]+)?(?P<label>(?:[0-9]{1,3}[ \t]*[-–—.)][ \t]*)?[^\W\d_][^\n:=→]{0,40}?)"
    r"[ \t]*"
    r"(?P<link>:|=|—|–|-|→|->)?[ \t]*"
    rf"(?P<lock>{_LOCK_ON_ITEM}s?[ \t]+)?"
    rf"(?P<code>(?<![\w.,/-])[a-z]?[0-9]{{3,8}}[a-z]?[#*]?|{MIXED_CODE}"
    r"|(?<![\w.,/-])[0-9](?:[-–.][0-9]){2,7}(?![\w-]))"
    r"[ \t]*(?:\([^()\n]{0,40}\))?[ \t]*"
)
# A year a list could date things by (2046 is no such year: a code).
_YEAR = re.compile(r"19[0-9]{2}|20[0-3][0-9]")
_NUMBER = re.compile(r"[0-9]")


def find_listed_codes(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Read from the lines naming a lock (found once per note): a heading's list below it, a
    list naming its lock on each line from there; then the tables with a column of access."""
    del text
    done = -1
    for line_start, line_end in lines_with(lower, _LOCK_LITERALS):
        if line_start < done:
            continue
        codes = _listed_under(lower, line_start, line_end)
        if codes:
            done = codes[-1][1]
            for start, end in codes:
                yield RULE, start, end
    yield from _table_codes(lower)


def _listed_under(lower: str, line_start: int, line_end: int) -> list[tuple[int, int]]:
    """The codes of the list under this line, when it is a heading naming locks; or of the
    list starting on this line, when each of its items names its lock."""
    if _is_heading(lower[line_start:line_end]):
        codes = _items(lower, line_end + 1, named=False)
        if codes:
            return codes
    item = _ITEM.fullmatch(lower, line_start, line_end)
    if item is None or item["lock"] is None:
        return []
    above = lower.rfind("\n", 0, max(0, line_start - 1)) + 1 if line_start else line_start
    if NUMBERS_NAMED.search(lower, above, line_start) is not None:
        return []  # "Prix des locations⏎Apt 1 : boîte 45": the heading names the numbers
    return _items(lower, line_start, named=True)


# Where the locks are is no fact about their numbers: "Lockers (2nd floor)", "casiers, 1er étage".
_LOCATION = re.compile(
    r"[0-9]+(?:st|nd|rd|th|er|e|ème)?[ ](?:floor|[ée]tage|level|niveau)"
    r"|(?:floor|[ée]tage|level|niveau)[ ][0-9]+"
)


def _is_heading(line: str) -> bool:
    line = _LOCATION.sub("", line)
    words = line.split()
    return (
        0 < len(line.strip()) <= _MAX_HEADING
        and len(words) <= _MAX_HEADING_WORDS
        and _HEADING_VALUE.search(line) is None
        and _LOCKS.search(line) is not None
        and NUMBERS_NAMED.search(line) is None
    )


def _items(lower: str, start: int, *, named: bool) -> list[tuple[int, int]]:
    """The codes of the items from `start` on, or none when an item gives a number that is no
    code, when a heading names what the numbers are, or when fewer than two items give one."""
    codes: list[tuple[int, int]] = []
    position = start
    for _ in range(_MAX_ITEMS):
        if position >= len(lower):
            break
        end = end_of_line(lower, position)
        line = lower[position:end]
        if not line.strip():
            break
        item = _ITEM.fullmatch(lower, position, end)
        if item is None or (named and item["lock"] is None) or NUMBERS_NAMED.search(item["label"]):
            if _NUMBER.search(line) is not None:
                return []  # "4 guests", "45 m²", "ext 519": a list of other numbers
        elif _YEAR.fullmatch(item["code"]):
            return []
        else:
            codes.append(item.span("code"))
        position = end + 1
    return codes if len(codes) >= _MIN_CODES else []


# A table's column of access: how to get in ("| what | how |", "| pièce | accès |"), or the
# codes themselves ("Voiture | place | code"), whose rows then name a place, a lock or a vehicle
# and whose header no other kind of code (a course's, a product's, a country's).
_ACCESS_COLUMN = re.compile(
    r"how|comment|access|acc[èe]s|entry|entr[ée]e|to[ ]get[ ]in|pour[ ]entrer|how[ ]to[ ]get[ ]in"
    r"|how[ ]to[ ]open|ouverture"
)
_CODE_COLUMN = re.compile(r"codes?|pins?|digicodes?|combinaisons?|combinations?|combos?")
_HEADER = re.compile(
    rf"(?:^|\|)[ \t]*(?:{_ACCESS_COLUMN.pattern}|{_CODE_COLUMN.pattern})[ \t]*(?:\||$)",
    re.MULTILINE,
)
_CELL_CODE = re.compile(rf"[a-z]?[0-9]{{4,8}}[a-z]?[#*]?|{MIXED_CODE}")
_VEHICLES = ("voiture", "car", "van", "vélo", "bike", "scooter", "moto", "camion", "truck")
_SEPARATOR = frozenset("-:| \t")
_WORD = re.compile(r"[^\W\d_]+")
_TABLE_ROWS = 20


def _table_codes(lower: str) -> Iterator[tuple[str, int, int]]:
    for line_start, line_end in lines_with(lower, ("|",)):
        if _HEADER.search(lower, line_start, line_end) is None:
            continue
        header = _cells(lower[line_start:line_end])
        column = next(
            (
                index
                for index, cell in enumerate(header)
                if _ACCESS_COLUMN.fullmatch(cell) or _CODE_COLUMN.fullmatch(cell)
            ),
            None,
        )
        if column is None or column == 0:
            continue
        access = _ACCESS_COLUMN.fullmatch(header[column]) is not None
        if not access and not OTHER_CODES.isdisjoint(_WORD.findall(" ".join(header))):
            continue  # "| cours | code |", "| pays | code |": other kinds of code
        yield from _column_codes(lower, line_end + 1, header, column, access=access)


def _column_codes(
    lower: str, position: int, header: list[str], column: int, *, access: bool
) -> Iterator[tuple[str, int, int]]:
    """The codes of a table's column, on the rows below its header that name what they open."""
    for _ in range(_TABLE_ROWS):
        if position >= len(lower) or "|" not in lower[position : end_of_line(lower, position)]:
            return
        end = end_of_line(lower, position)
        line = lower[position:end]
        position = end + 1
        if set(line) <= _SEPARATOR:
            continue
        cells = _cells(line)
        if len(cells) != len(header):
            return
        value = cells[column]
        if _CELL_CODE.fullmatch(value) is None or _YEAR.fullmatch(value):
            continue
        others = " ".join(cells[:column] + cells[column + 1 :])
        named = others if access else f"{others} {' '.join(header)}"
        opens = any(stem in named for stem in PLACE_STEMS) or (
            not access and any(vehicle in named.split() for vehicle in _VEHICLES)
        )
        if opens:
            start = line.index(value) + end - len(line)
            yield RULE, start, start + len(value)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]
