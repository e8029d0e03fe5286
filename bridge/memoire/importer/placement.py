"""Where each imported file lands in the memory's layout.

A file already in one of a layout's folders (in either preset, any case: `People/`,
`personnes/`) keeps that folder, in this memory's spelling; a recognisable profile or
preferences file at the top becomes the layout's; a file named for a date goes to the
journal; anything else goes to the topics folder. Names become slugs (`My Note.md` →
`my-note.md`). Two files of SOURCE that would land on one name are told apart with a
suffix (`-2`, `-3`…), given in name order, so the same folder always maps the same way.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..core.layout import ENGLISH, LAYOUTS, Layout

MAX_SLUG_CHARS = 100  # the layout's slug rule: [a-z0-9-]{1,100}
EMPTY_SLUG = "note"
README_NAME = "readme.md"
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_DATE_NAME = re.compile(r"\d{4}-\d{2}-\d{2}")
_PROFILE_NAMES = frozenset({"profile", "profil", "about-me", "a-propos-de-moi", "a-propos"})
_PREFERENCES_NAMES = frozenset({"preferences", "prefs"})


@dataclass(frozen=True, slots=True)
class Placement:
    path: str
    renamed_because: str | None = None  # set when a suffix was added


def slugify(name: str) -> str:
    """`Réunion de l'équipe` → `reunion-de-l-equipe`: accents dropped, at most 100 characters."""
    ascii_only = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = _NOT_SLUG.sub("-", ascii_only.lower()).strip("-")
    return slug[:MAX_SLUG_CHARS].strip("-") or EMPTY_SLUG


def stem(name: str) -> str:
    """The file name without its Markdown suffix."""
    return name.rsplit(".", 1)[0] if "." in name else name


class Placer:
    """Gives each file of SOURCE its path in the memory, never the same one twice."""

    def __init__(self, layout: Layout) -> None:
        self._layout = layout
        self._given: dict[str, str] = {}  # memory path → the SOURCE file it went to
        self._folder_by_name = {
            folder: layout.folders[index]
            for preset in LAYOUTS.values()
            for index, folder in enumerate(preset.folders)
        }

    def place(self, parts: tuple[str, ...], shown: str) -> Placement:
        """The path for SOURCE/parts; `shown` names the file in a rename's explanation."""
        wanted = self._wanted(parts)
        taken_by = self._given.get(wanted)
        reason = None if taken_by is None else f"{wanted} was taken by {taken_by}"
        if taken_by is not None and wanted in self._layout.always_shown:
            wanted = f"{self._topics}/{slugify(stem(parts[-1]))}.md"  # a second profile
        if wanted in self._given:
            wanted = self._free_name(wanted)
        self._given[wanted] = shown
        return Placement(wanted, reason)

    def _wanted(self, parts: tuple[str, ...]) -> str:
        slug = slugify(stem(parts[-1]))
        if len(parts) == 1:
            if slug in _PROFILE_NAMES:
                return self._layout.profile
            if slug in _PREFERENCES_NAMES:
                return self._layout.preferences
        folder = self._folder_by_name.get(slugify(parts[0])) if len(parts) > 1 else None
        if folder is None:
            folder = self._journal if _DATE_NAME.fullmatch(slug) else self._topics
        return f"{folder}/{slug}.md"

    def _free_name(self, wanted: str) -> str:
        folder, name = wanted.rsplit("/", 1)
        base = name.removesuffix(".md")
        number = 2
        while True:
            suffix = f"-{number}"
            path = f"{folder}/{base[: MAX_SLUG_CHARS - len(suffix)].rstrip('-')}{suffix}.md"
            if path not in self._given:
                return path
            number += 1

    @property
    def _topics(self) -> str:
        return self._layout.folders[ENGLISH.folders.index("topics")]

    @property
    def _journal(self) -> str:
        return self._layout.folders[ENGLISH.folders.index("journal")]


def is_readme(parts: tuple[str, ...]) -> bool:
    """The top README of SOURCE: the memory keeps its own, which no tool may change."""
    return len(parts) == 1 and parts[0].lower() == README_NAME
