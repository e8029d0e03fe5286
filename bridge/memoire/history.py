"""A note's history as one client may see it, and the past version a restore brings back.

Every write is a commit, so a note's history is the branch's commits that changed its
blob, walked back along first parents (`storage.trail`) no further than `HISTORY_WALK`
commits: the answer says so, and says whether it reached the branch's first commit.

What a client may see of each change follows the rule of reads, applied to both sides
of the change as they were then:
- a client without the sensitive right sees nothing of the periods when the note was
  hidden from it (labelled sensitive, a broken header, a secret a person committed);
  where one change crosses between a period it may see and one it may not, it gets the
  change's line counts, never its text nor the hidden side's version; and a note hidden
  now answers exactly as a missing note does;
- a version in which the secret guard finds a secret is never shown in clear, to anyone:
  such a change is given as line counts, with the reason (as `attention` tells owners).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

import pygit2

from .catalog import LoadedNote
from .core import secrets
from .core.acl import CLIENT_NAME, Rights
from .core.errors import InvalidArgument, NoteNotFound
from .storage.trail import NoteStep
from .wire import ChangeKind

HISTORY_WALK = 1_000
"""How many commits of the branch, at most, a history or a restore looks back along."""
DEFAULT_LIMIT = 10
MAX_LIMIT = 50
A_PERSON = "a person"
"""Who made a commit that memoire did not make."""
CONTEXT_LINES = 3
_MIN_COMMIT_CHARS = 7
_MEMOIRE_COMMITTER = re.compile(rf"memoire \(({CLIENT_NAME.pattern})\)")
_TOOL_LINE = re.compile(r"^tool: ([a-z]{1,20})$", re.MULTILINE)
_DIFF_START = re.compile(r"^--- ", re.MULTILINE)

Load = Callable[[str], LoadedNote]
"""The note at the history's path in one blob (loaded once and kept, by the catalog)."""
Read = Callable[[str], bytes]
"""A blob's bytes, whole: line counts stay exact for a version over the size limit."""


@dataclass(frozen=True)
class HistoryEntry:
    """One commit that changed the note, as the caller may see it.

    `client` is the memoire client that made the commit, or "a person"; `tool` the memoire
    tool it names. `version` is the note's version after the commit, when the note was
    there and the caller may read it. `diff` is the change as a unified diff, or None with
    the reason in `withheld`; `added` and `removed` count lines either way, unless a side is
    too large to be a note (never read: both 0, and `withheld` says so).
    """

    commit: str
    date: str
    client: str
    tool: str | None
    change: str
    version: str | None
    added: int
    removed: int
    diff: str | None
    withheld: str | None = None


@dataclass(frozen=True)
class NoteHistory:
    """The changes to one note, newest first, and how far back they were looked for.

    `stopped` says why the list ends: "start" (the branch's first commit: there is nothing
    older), "bound" (only the last `looked_back` commits are looked at), or "limit" (the
    newest `limit` changes; older ones may exist). `window` says the same in words.
    """

    path: str
    entries: tuple[HistoryEntry, ...]
    looked_back: int
    stopped: str
    window: str


@dataclass(frozen=True)
class RestoreResult:
    """A restore as it landed: the note at `restored_from` (then `restored_version`) is now
    at `version`, in the new commit `commit`; `created` when the note had been deleted."""

    path: str
    restored_from: str
    restored_version: str
    created: bool
    version: str
    commit: str
    size: int


@dataclass(frozen=True, slots=True)
class PastNote:
    """The note as one commit of the branch left it."""

    commit: str
    note: LoadedNote


def note_history(
    steps: Iterable[NoteStep], path: str, rights: Rights, load: Load, read: Read, *, limit: int
) -> NoteHistory:
    """The newest `limit` changes the caller may see, from the walk `steps` (newest first)."""
    limit = max(1, min(limit, MAX_LIMIT))
    entries: list[HistoryEntry] = []
    stopped = "bound"
    current: str | None = None
    for index, step in enumerate(steps):
        if index == 0:
            current = step.after
            _refuse_hidden_now(current, path, rights, load)
        entry = _entry(step, path, rights, load, read) if step.touched else None
        if entry is not None:
            entries.append(entry)
        if len(entries) == limit:
            stopped = "limit"
            break
        if step.parent is None:
            stopped = "start"
            break
    if current is None and not entries:  # never here, as far as the walk looked
        raise NoteNotFound(path)
    return NoteHistory(path, tuple(entries), HISTORY_WALK, stopped, _window(stopped, limit))


def _refuse_hidden_now(blob: str | None, path: str, rights: Rights, load: Load) -> None:
    """A note missing now, or hidden now from this caller, answers as a missing note.

    A client with the sensitive right may look at a deleted note's history (to restore
    it); one without never can, so a deleted note and a hidden one look the same to it.
    """
    if not rights.sensitive and (blob is None or load(blob).hidden):
        raise NoteNotFound(path)


def _entry(
    step: NoteStep, path: str, rights: Rights, load: Load, read: Read
) -> HistoryEntry | None:
    """The change one commit made, as the caller may see it; None when it may see neither
    side of it."""
    before = None if step.before is None else load(step.before)
    after = None if step.after is None else load(step.after)
    seen_before, seen_after = _seen(before, rights), _seen(after, rights)
    if not (seen_before or seen_after):
        return None
    crosses = (before is not None and not seen_before) or (after is not None and not seen_after)
    withheld = _withheld(before, after, crosses)
    if any(note is not None and note.unread is not None for note in (before, after)):
        added, removed, diff = 0, 0, None  # a blob too large to be a note is never read
    else:
        added, removed, diff = _diff(
            _bytes(step.before, read), _bytes(step.after, read), path, text=withheld is None
        )
    client = _client(step.committer)
    return HistoryEntry(
        commit=step.commit,
        date=_date(step),
        client=client,
        tool=_tool(step, client),
        change=_change(step),
        version=after.version if after is not None and seen_after else None,
        added=added,
        removed=removed,
        diff=diff,
        withheld=withheld,
    )


def _seen(note: LoadedNote | None, rights: Rights) -> bool:
    """Whether the caller may read this version of the note (an absent one: trivially)."""
    return note is None or rights.sensitive or not note.hidden


def _withheld(before: LoadedNote | None, after: LoadedNote | None, crosses: bool) -> str | None:
    """Why only line counts are given, or None when the diff may be shown."""
    if crosses:
        return (
            "this change crosses into a period when the note was not readable by this "
            "client: only its line counts are given"
        )
    for side, note in (("before", before), ("after", after)):
        if note is not None and note.secret_found is not None:
            return (
                f"the version {side} this change holds what looks like a secret, committed "
                f"by hand ({note.secret_found}): it is never shown, only line counts"
            )
    for side, note in (("before", before), ("after", after)):
        if note is not None and note.unread is not None:
            return (
                f"the version {side} this change is too large to be a note, so it is never "
                "read: neither its diff nor its line counts are given"
            )
    for side, note in (("before", before), ("after", after)):
        if note is not None and note.too_large:
            return f"the version {side} this change is too large to show: only line counts"
    return None


def _bytes(blob: str | None, read: Read) -> bytes | None:
    return None if blob is None else read(blob)


def _diff(
    before: bytes | None, after: bytes | None, path: str, *, text: bool
) -> tuple[int, int, str | None]:
    """Lines added and removed, and (if `text`) the unified diff without Git's own header.

    libgit2 reads the two buffers while the patch lives: they stay referenced here.
    """
    patch = pygit2.Patch.create_from(
        before, after, old_as_path=path, new_as_path=path, context_lines=CONTEXT_LINES
    )
    _, added, removed = patch.line_stats
    if not text:
        return added, removed, None
    unified = patch.text or ""
    start = _DIFF_START.search(unified)
    return added, removed, unified[start.start() :] if start is not None else unified


def _change(step: NoteStep) -> str:
    if step.before is None:
        return ChangeKind.CREATED
    return ChangeKind.DELETED if step.after is None else ChangeKind.UPDATED


def _date(step: NoteStep) -> str:
    zone = timezone(timedelta(minutes=step.offset)) if step.offset else UTC
    return datetime.fromtimestamp(step.time, zone).isoformat(timespec="seconds")


@functools.lru_cache(maxsize=256)
def _client(committer: str) -> str:
    """The client a memoire commit names; anything else, or anything odd, is a person's."""
    found = _MEMOIRE_COMMITTER.fullmatch(committer)
    if found is None or secrets.find_secret(found[1]) is not None:
        return A_PERSON
    return found[1]


def _tool(step: NoteStep, client: str) -> str | None:
    """The tool a memoire commit's message names (`tool: append`); none for a person's."""
    if client == A_PERSON:
        return None
    found = _TOOL_LINE.search(step.message)
    return None if found is None else found[1]


def _window(stopped: str, limit: int) -> str:
    if stopped == "start":
        return "Looked back to the branch's first commit: this is the note's whole history."
    if stopped == "limit":
        return (
            f"The newest {limit} change(s); older ones may exist (ask with a larger limit, "
            f"at most {MAX_LIMIT})."
        )
    return (
        f"Looked at the last {HISTORY_WALK:,} commits of the branch; older changes are not listed."
    )


# Restore


def past_note(
    steps: Iterable[NoteStep], path: str, commit: str, rights: Rights, load: Load
) -> PastNote:
    """The note as the named commit of the branch left it, if the caller may read it then."""
    wanted = _commit_prefix(commit, path)
    found = _matching(steps, wanted)
    if not found:
        raise InvalidArgument(
            f"Commit {commit} is not among the last {HISTORY_WALK:,} commits of the memory's "
            f"branch. Pass a commit that memoire_history listed for {path}."
        )
    if len(found) > 1:
        raise InvalidArgument(
            f"{commit} names several commits; pass the full commit id memoire_history gave."
        )
    step = found[0]
    note = None if step.after is None else load(step.after)
    if note is None or not _seen(note, rights):
        raise NoteNotFound(
            path,
            f"It is not in commit {step.commit[:10]}: pass a commit after which "
            "memoire_history gives the note a version.",
        )
    return PastNote(step.commit, note)


def _commit_prefix(commit: str, path: str) -> str:
    cleaned = commit.strip().lower()
    if not _MIN_COMMIT_CHARS <= len(cleaned) <= 40 or any(
        char not in "0123456789abcdef" for char in cleaned
    ):
        raise InvalidArgument(
            f"{commit!r} is not a commit id. Pass a commit that memoire_history listed for "
            f"{path} (at least {_MIN_COMMIT_CHARS} hex characters)."
        )
    return cleaned


def _matching(steps: Iterable[NoteStep], prefix: str) -> list[NoteStep]:
    """The walked commits `prefix` names; a full id stops the walk at its commit."""
    found = []
    for step in steps:
        if step.commit.startswith(prefix):
            found.append(step)
            if len(prefix) == 40:
                break
    return found
