"""What a memoire bridge and its Home Assistant integration must agree on, written once.

The JSON API's root, the events stream's record type, change kinds and header, the note
header's keys in each layout, which paths are notes, and how text is folded for search.
The bridge imports this module as `memoire.wire`; the integration ships a byte-for-byte
copy (`custom_components/memoire/wire.py`), because it keeps no requirements and cannot
import the bridge. `tests/test_wire.py` fails when the two copies differ, so edit this
one and copy it. Standard library only, for the same reason.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Final

API_PREFIX: Final = "/api/v1"
"""Where the JSON API is mounted on the bridge's address."""

EVENT_STREAM_TYPE: Final = "text/event-stream"
LAST_EVENT_ID_HEADER: Final = "Last-Event-ID"
"""The request header that resumes an events stream after the commit it names."""
CHANGE_EVENT: Final = "change"
"""The record type of the events stream: one `{path, kind, commit}` record per change."""


class ChangeKind(StrEnum):
    """What happened to a note, as the events stream and the history say it."""

    CREATED = "created"
    UPDATED = "updated"
    DELETED = "deleted"


class HeaderField(StrEnum):
    """The four header fields every note starts with, by meaning."""

    TITLE = "title"
    DESCRIPTION = "description"
    UPDATED = "updated"
    SENSITIVE = "sensitive"


HEADER_KEYS: Final[Mapping[str, Mapping[HeaderField, str]]] = {
    "en": {
        HeaderField.TITLE: "title",
        HeaderField.DESCRIPTION: "description",
        HeaderField.UPDATED: "updated",
        HeaderField.SENSITIVE: "sensitive",
    },
    "fr": {
        HeaderField.TITLE: "titre",
        HeaderField.DESCRIPTION: "description",
        HeaderField.UPDATED: "maj",
        HeaderField.SENSITIVE: "sensible",
    },
}
"""Each layout's names for the header fields: a client reading a note may meet any of them."""

SLUG_PATTERN: Final = "[a-z0-9-]{1,100}"
"""A note's file name without `.md`, and a folder's name: every name fits in 255 bytes."""
README: Final = "README.md"
"""The memory's own README: readable like a note, never writable."""


def note_path_pattern(top: Iterable[str], folders: Iterable[str]) -> re.Pattern[str]:
    """The paths a layout's notes may have: `top` files, or a slug in one of `folders`."""
    files = "|".join(re.escape(name) for name in top)
    places = "|".join(re.escape(folder) for folder in folders)
    return re.compile(rf"(?:{files}|(?:{places})/{SLUG_PATTERN}\.md)")


_ANY_NOTE_PATH = re.compile(rf"{re.escape(README)}|(?:{SLUG_PATTERN}/)?{SLUG_PATTERN}\.md")


def is_note_path(path: str) -> bool:
    """Whether a path may name a readable note in some layout: what a client can check
    without knowing the bridge's layout (the bridge checks the layout's own rule)."""
    return _ANY_NOTE_PATH.fullmatch(path) is not None


# The blocks of combining marks that accented Latin, Greek and Cyrillic letters decompose to.
_ACCENTS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold(text: str) -> str:
    """Lower case without accents: how search sees a word ("Préférences" → "preferences").

    Line breaks stay where they were, so a line of a folded text is the same line unfolded.
    """
    return _ACCENTS.sub("", unicodedata.normalize("NFKD", text)).casefold()
