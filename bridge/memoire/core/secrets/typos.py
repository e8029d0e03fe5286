"""Password nouns as people mistype them: "pasword", "passwrod", "mot de passse", "p/w".

Every rule of the guard starts from a noun spelt right. Rather than teach each rule every
misspelling, the guard repairs the noun and reads its lines again (the package's `_scan`):
this module finds the misspelt nouns and gives their lines repaired, with the way back to the
note's positions.

A noun of six letters or more is taken at one edit from its spelling (a letter added, dropped,
changed, or two neighbours swapped: optimal string alignment distance 1, a check that needs no
table); the few real words one edit away are listed. Short nouns are too close to other words
("pw" and "pe", "mdp" and "mdr") for that, so only their usual variants are known ("p/w").
The standard library suffices: a distance of at most one is a single linear comparison.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass

from memoire.core.secrets.text import found_alone, line_start_within, positions

# Nouns taken at one edit, and the first two letters a misspelling keeps (a typo rarely hits
# the first two: looking only at words starting so keeps the search cheap on prose).
_NOUNS = ("password", "passphrase", "passcode")
_FRENCH_NOUN = "passe"  # after "mot de ": "mot de passse", "mot de pase", "mot de pass"
# Real words one edit from a noun, which are no misspelling of it.
_REAL_WORDS = frozenset(("passwords", "passcodes", "passphrases", "passe", "passé", "passes"))
_CANDIDATE = re.compile(r"pa[^\W\d_]{4,9}")
_MOT_DE = re.compile(r"mots?[ _-]de[ _-](?P<noun>pa[^\W\d_]{1,5})(?![^\W_])")
# Short forms people write for a password that its rules do not know, and what they stand for.
_VARIANTS = {"p/w": "pw", "p.w.": "pw", "pswd": "pwd", "passw": "password", "pass-word": "password"}
_FREQUENT = "pa"  # in "pas", "par", "page", "part": searched on its own (text.found_alone)


@dataclass(frozen=True, slots=True)
class RepairedLines:
    """Lines of the note holding misspelt nouns, with every one of them spelt right."""

    text: str  # the lines, repaired
    start: int  # where the lines start in the note
    nouns: tuple[tuple[int, int], ...]  # the repaired nouns' spans in `text`
    shifts: tuple[tuple[int, int], ...]  # (position in `text`, the note's) after each noun

    def in_note(self, start: int, end: int) -> tuple[int, int] | None:
        """A span of `text` as a span of the note; None over a repaired noun itself."""
        if any(start < noun_end and noun_start < end for noun_start, noun_end in self.nouns):
            return None
        return self._position(start), self._position(end)

    def _position(self, position: int) -> int:
        repaired, original = 0, self.start
        for after, note_position in self.shifts:
            if after > position:
                break
            repaired, original = after, note_position
        return position - repaired + original


_REPAIR_REACH = 320  # the lines read again around a misspelt noun, at most this far


def repaired_lines(text: str, lowered: str) -> Iterator[RepairedLines]:
    """The lines around misspelt nouns (the noun's line and the next), repaired: lines that
    overlap are read as one, so a note of misspellings is read again once, not once each."""
    misspelt = sorted(_misspellings(lowered))
    index = 0
    while index < len(misspelt):
        start = line_start_within(text, misspelt[index][0], _REPAIR_REACH)
        end = _lines_end(text, misspelt[index][1])
        group = [misspelt[index]]
        index += 1
        while index < len(misspelt) and misspelt[index][0] < end:
            if misspelt[index][0] >= group[-1][1]:  # overlapping finds are one misspelling
                group.append(misspelt[index])
                end = max(end, _lines_end(text, misspelt[index][1]))
            index += 1
        yield _repaired(text, start, end, group)


def _repaired(
    text: str, start: int, end: int, misspelt: list[tuple[int, int, str]]
) -> RepairedLines:
    parts, nouns, shifts = [], [], []
    cursor, length = start, 0
    for noun_start, noun_end, noun in misspelt:
        parts += [text[cursor:noun_start], noun]
        length += noun_start - cursor
        nouns.append((length, length + len(noun)))
        length += len(noun)
        shifts.append((length, noun_end))
        cursor = noun_end
    parts.append(text[cursor:end])
    return RepairedLines("".join(parts), start, tuple(nouns), tuple(shifts))


def _lines_end(text: str, position: int) -> int:
    """The end of the line after the one holding `position`, each looked for within reach."""
    first = _line_end(text, position)
    return first if first >= len(text) else _line_end(text, first + 1)


def _line_end(text: str, position: int) -> int:
    high = min(len(text), position + _REPAIR_REACH)
    newline = text.find("\n", position, high)
    return high if newline == -1 else newline


def _misspellings(lowered: str) -> Iterator[tuple[int, int, str]]:
    for position in _word_starts(lowered, "pa"):
        word = _CANDIDATE.match(lowered, position)
        if word is None or _continues(lowered, word.end()):
            continue
        noun = _noun_at_one_edit(word[0])
        if noun is not None:
            yield word.start(), word.end(), noun
    for position in _word_starts(lowered, "mot"):
        phrase = _MOT_DE.match(lowered, position)
        if phrase is None:
            continue
        misspelt = phrase["noun"]
        if misspelt not in _REAL_WORDS and _at_most_one_edit(misspelt, _FRENCH_NOUN):
            yield phrase.start("noun"), phrase.end("noun"), _FRENCH_NOUN
    for variant, noun in _VARIANTS.items():
        for position in _word_starts(lowered, variant):
            end = position + len(variant)
            if not _continues(lowered, end):
                yield position, end, noun


def _word_starts(lowered: str, literal: str) -> Iterator[int]:
    """Where `literal` starts a word. None of the literals overlaps itself, so the note's one
    pass finds the places repeated `str.find` would, an absent one at no cost; but "pa"."""
    found = found_alone(lowered, literal) if literal == _FREQUENT else positions(lowered, literal)
    for position in found:
        if position == 0 or not (lowered[position - 1].isalnum() or lowered[position - 1] == "_"):
            yield position


def _continues(lowered: str, end: int) -> bool:
    return end < len(lowered) and (lowered[end].isalnum() or lowered[end] == "_")


def _noun_at_one_edit(word: str) -> str | None:
    if word in _NOUNS or word in _REAL_WORDS:
        return None
    return next((noun for noun in _NOUNS if _at_most_one_edit(word, noun)), None)


def _at_most_one_edit(word: str, noun: str) -> bool:
    """Optimal string alignment distance of at most 1, in one pass over the two words."""
    if abs(len(word) - len(noun)) > 1:
        return False
    prefix = 0
    while prefix < min(len(word), len(noun)) and word[prefix] == noun[prefix]:
        prefix += 1
    if len(word) == len(noun):
        rest_word, rest_noun = word[prefix + 1 :], noun[prefix + 1 :]
        swapped = word[prefix : prefix + 2] == noun[prefix : prefix + 2][::-1]
        return rest_word == rest_noun or (swapped and word[prefix + 2 :] == noun[prefix + 2 :])
    if len(word) < len(noun):
        return word[prefix:] == noun[prefix + 1 :]
    return word[prefix + 1 :] == noun[prefix:]
