"""Layout presets: which files a memory may hold and what its header keys are called.

The French preset uses the seed's exact names so that an existing seed-style memory
works unchanged; the English one is the default for new memories.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..wire import HEADER_KEYS, README, SLUG_PATTERN, HeaderField, note_path_pattern

__all__ = ["ENGLISH", "FRENCH", "LAYOUTS", "SLUG_PATTERN", "HeaderField", "Layout", "layout_named"]


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """Names of one preset; everything else about notes is the same in every preset."""

    name: str
    profile: str
    preferences: str
    folders: tuple[str, ...]
    projects_folder: str
    header_keys: dict[HeaderField, str]
    yes: str
    no: str

    @property
    def readme(self) -> str:
        return README

    @property
    def always_shown(self) -> tuple[str, str]:
        """Notes shown in full at the start of every conversation."""
        return (self.profile, self.preferences)

    def key(self, field: HeaderField) -> str:
        return self.header_keys[field]

    def note_pattern(self) -> re.Pattern[str]:
        """The allowlist: every path a note may have, and nothing else."""
        return _note_pattern(self)

    def project_note(self, scope: str) -> str:
        return f"{self.projects_folder}/{scope}.md"


@cache
def _note_pattern(layout: Layout) -> re.Pattern[str]:
    return note_path_pattern(layout.always_shown, layout.folders)


ENGLISH = Layout(
    name="en",
    profile="profile.md",
    preferences="preferences.md",
    folders=("people", "domains", "topics", "journal", "projects"),
    projects_folder="projects",
    header_keys=dict(HEADER_KEYS["en"]),
    yes="yes",
    no="no",
)

FRENCH = Layout(
    name="fr",
    profile="profil.md",
    preferences="preferences.md",
    folders=("personnes", "domaines", "sujets", "journal", "projets"),
    projects_folder="projets",
    header_keys=dict(HEADER_KEYS["fr"]),
    yes="oui",
    no="non",
)

LAYOUTS: dict[str, Layout] = {layout.name: layout for layout in (ENGLISH, FRENCH)}


def layout_named(name: str) -> Layout:
    try:
        return LAYOUTS[name]
    except KeyError:
        known = ", ".join(sorted(LAYOUTS))
        raise ValueError(f"unknown layout {name!r}; choose one of: {known}") from None
