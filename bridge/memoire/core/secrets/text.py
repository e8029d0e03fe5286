"""The note lowered once per scan, for every rule that looks for its words case-blind."""

from collections.abc import Iterator


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
    position = text.find(word)
    while position != -1:
        yield position
        position = text.find(word, position + len(word))
