"""The note lowered once per scan, for every rule that looks for its words case-blind."""

from collections.abc import Iterator
from functools import lru_cache


def lowered(text: str) -> str:
    """`text.lower()` with positions kept: "İ" lowers to two characters, so it stays as it is.

    Rules find their words in the lowered text with `str.find`, which outruns a case-blind
    regex by far, and read the values at the same positions in the original text.
    """
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(char if len(char.lower()) != 1 else char.lower() for char in text)


def positions(text: str, word: str) -> Iterator[int]:
    """Where `word` starts in `text`, left to right, without overlaps."""
    return iter(_positions(text, word))


@lru_cache(maxsize=1024)
def _positions(text: str, word: str) -> tuple[int, ...]:
    """Cached per (note, word): the rules look for the same stems ("pass", "code", "pin") in
    the same lowered note, and a search of a long note that finds nothing still reads all of
    it; the note's hash is computed once and kept by the string."""
    found = []
    position = text.find(word)
    while position != -1:
        found.append(position)
        position = text.find(word, position + len(word))
    return tuple(found)
