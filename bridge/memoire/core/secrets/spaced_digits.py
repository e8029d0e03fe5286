"""Digits typed one at a time with a space between, as a keypad's code is written: read joined.

"chariot de médicaments : 4 8 1 5", "meds trolley: 3 6 1 9", "| Loading bay | 8 2 2 0 |" are the
codes 4815, 3619 and 8220 written as they are pressed; a keypad's letter may be among them
("digicode en 1 7 B 4"). Rather than teach each rule this spelling, the guard reads the lines
around such a run again with its digits joined and padded to the run's length (positions stay
those of the note), and keeps what the rules find in a run. The rules then judge "4815" as they
would anywhere: a phone number's groups ("0 800 44 21 10") are no run of single digits, and a
count ("1 2 3 4") or a number's noun stays what it was.
"""

import re
from dataclasses import dataclass

from memoire.core.secrets.text import character_classes

# Four keys, each with one character between, in the note's classes: digits, or three digits
# and a keypad's letter ("1 7 B 4", "4 0 4 0 B").
_SHAPES = (b"0 0 0 0", b"0 0 a 0", b"0 a 0 0", b"0 0 0 a")
_IN_EVERY_SHAPE = b"0 0"  # a note's classes without it hold no shape: one search, not four
_RUN = re.compile(r"[0-9](?: [0-9A-Z]){3,7}")
_DIGITS = re.compile(r"[0-9](?: [0-9]){3,7}")
_MIN_DIGITS = 3
_NOT_BEFORE = frozenset("0123456789.,/:+-")  # "+33 6 1 2 3", "1.2 3 4 5": a number's parts
_NOT_AFTER = frozenset("0123456789/:-")
_DECIMAL_MARKS = frozenset(".,")  # a number's parts before a digit, a sentence's marks before none
_MAX_RUNS = 20
_LINES_ABOVE = 3  # a heading or a table's header row above a run names what it opens
_REACH = 400  # characters read above a run, at most


@dataclass(frozen=True, slots=True)
class JoinedDigits:
    """A stretch of the note with its runs of spaced digits joined, at the note's positions."""

    text: str
    start: int  # where the stretch starts in the note
    runs: tuple[tuple[int, int], ...]  # the runs' spans in the note


def joined_digit_runs(text: str) -> list[JoinedDigits]:
    """The stretches of the note around its runs of spaced digits, joined; none in most notes,
    found by one byte search of the note's character classes."""
    runs = _runs(text)
    stretches: list[JoinedDigits] = []
    for run_start, run_end in runs:
        start = _lines_above(text, run_start)
        end = text.find("\n", run_end)
        end = len(text) if end == -1 else end
        if stretches and start < stretches[-1].start + len(stretches[-1].text):
            start = stretches[-1].start  # overlapping stretches are read as one
            stretches.pop()
        inside = tuple((a, b) for a, b in runs if start <= a and b <= end)
        stretches.append(JoinedDigits(_joined(text, start, end, inside), start, inside))
    return stretches


def _runs(text: str) -> list[tuple[int, int]]:
    classes = character_classes(text)
    runs: list[tuple[int, int]] = []
    if _IN_EVERY_SHAPE not in classes:
        return runs
    ahead = {shape: classes.find(shape) for shape in _SHAPES}  # each shape's next place
    position = _next(classes, ahead, 0)
    while position != -1 and len(runs) < _MAX_RUNS:
        found = _RUN.match(text, position)
        if found is None or not _is_keyed(found[0]) or not _stands_alone(text, *found.span()):
            found = _DIGITS.match(text, position)  # "1 2 3 4 A B", "6 1 9 3 Webhook": digits
        if found is not None and _stands_alone(text, *found.span()):
            runs.append(found.span())
            position = _next(classes, ahead, found.end())
        else:
            position = _next(classes, ahead, position + 1)
    return runs


def _next(classes: bytes, ahead: dict[bytes, int], start: int) -> int:
    """The first place at or after `start` where a shape starts; each shape is searched again
    only once passed, so a note is read once per shape."""
    for shape, position in ahead.items():
        if -1 < position < start:
            ahead[shape] = classes.find(shape, start)
    return min((position for position in ahead.values() if position != -1), default=-1)


def _is_keyed(run: str) -> bool:
    """Digits, or one capital letter among three digits or more: "1 7 B 4", not "1 A B 4"."""
    letters = sum(char.isalpha() for char in run)
    return letters == 0 or (letters == 1 and len(run) - len(run) // 2 - letters >= _MIN_DIGITS)


def _stands_alone(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    if after in ".," and not text[end + 1 : end + 2].isdigit():
        after = " "  # a sentence's stop or a comma after the run: "carer access 1 1 5 3."
    if before in _NOT_BEFORE or before.isalpha() or after in _NOT_AFTER or after.isalpha():
        return False
    if after in _DECIMAL_MARKS:
        return not text[end + 1 : end + 2].isdigit()  # "1 2 3 4,5", but "is now 3 8 1 7, please"
    return not (after == " " and text[end + 1 : end + 2].isdigit())  # a longer number's groups


def _lines_above(text: str, position: int) -> int:
    low = max(0, position - _REACH)
    start = position
    for _ in range(_LINES_ABOVE + 1):  # the run's own line start, then the lines above
        newline = text.rfind("\n", low, start)
        if newline == -1:
            return low
        start = newline
    return start + 1


def _joined(text: str, start: int, end: int, runs: tuple[tuple[int, int], ...]) -> str:
    parts, cursor = [], start
    for run_start, run_end in runs:
        digits = text[run_start:run_end].replace(" ", "")
        parts += [text[cursor:run_start], digits.ljust(run_end - run_start)]
        cursor = run_end
    parts.append(text[cursor:end])
    return "".join(parts)
