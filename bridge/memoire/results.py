"""What the memory service answers: plain, typed records that every adapter renders.

A confirmation quotes exactly what was written, never a shortened copy: what a tool
says it did and what Git holds must not differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from .storage.remote import RemoteStatus
from .storage.search import SearchHit


@dataclass(frozen=True)
class NoteSummary:
    """One index line. `too_large`: over the size limit, listed but never served whole.
    `attention`: what a person should fix by hand (a secret committed in it, a broken
    header); only clients with the sensitive right ever see it set."""

    path: str
    title: str
    description: str
    updated: str
    sensitive: bool
    too_large: bool = False
    attention: str | None = None


@dataclass(frozen=True)
class NoteContent:
    path: str
    title: str
    description: str
    updated: str
    sensitive: bool
    body: str
    version: str
    problems: tuple[str, ...] = ()
    remote: RemoteStatus | None = None


@dataclass(frozen=True)
class IndexResult:
    """Profile and preferences in full, then one line per other note the caller may see."""

    always_shown: tuple[NoteContent, ...]
    notes: tuple[NoteSummary, ...]
    commit: str | None


@dataclass(frozen=True)
class ProjectScope:
    """Where this conversation's project memory goes, and which rule decided it."""

    scope: str | None
    note: str | None
    rule: str
    reason: str
    exists: bool


@dataclass(frozen=True)
class Overview:
    """What a conversation starts with: the index, and its project note in full if any."""

    index: IndexResult
    project: ProjectScope
    project_note: NoteContent | None
    remote: RemoteStatus | None = None


@dataclass(frozen=True)
class SearchResult:
    query: str
    hits: tuple[SearchHit, ...]
    remote: RemoteStatus | None = None


@dataclass(frozen=True)
class AppendResult:
    path: str
    appended: str
    created: bool
    version: str
    commit: str


@dataclass(frozen=True)
class EditResult:
    path: str
    old: str
    new: str
    version: str
    commit: str


@dataclass(frozen=True)
class WriteResult:
    path: str
    created: bool
    version: str
    commit: str
    size: int


@dataclass(frozen=True)
class DeleteResult:
    path: str
    deleted_version: str
    commit: str


@dataclass(frozen=True)
class Preferences:
    """The preferences note's `key: value` lines as a mapping, and the lines themselves."""

    preferences: dict[str, str]
    lines: tuple[str, ...]
    version: str | None


@dataclass(frozen=True)
class NoteChange:
    """One change as a client may learn of it: never content, never a path it cannot see."""

    path: str
    kind: str
    commit: str
