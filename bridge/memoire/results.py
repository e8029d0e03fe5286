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
class FolderSummary:
    """How many notes the caller may see in one folder, and when the newest was updated."""

    folder: str
    notes: int
    updated: str


@dataclass(frozen=True)
class IndexQuery:
    """What part of the listing to answer: a folder, an `updated` date range (ISO dates,
    both ends included), and where to continue (`cursor`, from the last answer). With none
    of them the answer is the default one, bounded at any size."""

    folder: str | None = None
    since: str | None = None
    until: str | None = None
    cursor: str | None = None

    @property
    def is_default(self) -> bool:
        return self == IndexQuery()


@dataclass(frozen=True)
class IndexResult:
    """Profile and preferences in full, then lines for the other notes the caller may see.

    `notes` is every such note when they all fit the answer's budget (`complete`); else
    the default answer holds the notes that need attention and the most recently updated
    ones, and a page holds the next notes in path order. `next_cursor`, when set, continues
    the listing; `total` counts every note the caller may see outside `always_shown`, and
    `folders` counts them per folder.
    """

    always_shown: tuple[NoteContent, ...]
    notes: tuple[NoteSummary, ...]
    commit: str | None
    total: int = 0
    folders: tuple[FolderSummary, ...] = ()
    complete: bool = True
    next_cursor: str | None = None


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


@dataclass(frozen=True)
class ImportedNotes:
    """One import's commit, the notes it added, and those left out because they appeared
    in the memory after the import was planned (never overwritten)."""

    commit: str
    added: tuple[str, ...]
    already_there: tuple[str, ...]
