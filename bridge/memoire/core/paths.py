"""Note paths: an allowlist, so nothing outside the memory's own files is ever reachable.

Paths are checked against the layout's patterns and nothing else; there is no
normalisation step that could be tricked (`..`, absolute paths, backslashes, NUL and
`.git` simply never match).
"""

from __future__ import annotations

from ..wire import SLUG_PATTERN
from .errors import InvalidPath, ProtectedNote
from .layout import Layout


def _describe_allowed(layout: Layout) -> str:
    folders = ", ".join(f"{folder}/<slug>.md" for folder in layout.folders)
    return f"{layout.profile}, {layout.preferences}, or {folders} (slug: {SLUG_PATTERN})"


def readable_path(path: str, layout: Layout) -> str:
    """A path the tools may read: a note, or the protected README."""
    if path == layout.readme or layout.note_pattern().fullmatch(path):
        return path
    raise InvalidPath(
        f"{path!r} is not a memory note path. Use {_describe_allowed(layout)}; "
        "call the index tool to see the notes that exist."
    )


def writable_path(path: str, layout: Layout) -> str:
    """A path the tools may change: any note, never the README."""
    if path == layout.readme:
        raise ProtectedNote(
            f"{layout.readme} is protected: no tool may change or delete it. "
            "Write to another note instead."
        )
    return readable_path(path, layout)


def is_note_path(path: str, layout: Layout) -> bool:
    return layout.note_pattern().fullmatch(path) is not None
