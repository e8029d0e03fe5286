"""A note's trail through the branch: its blob at each commit, newest first, first parents only.

Each step looks up one path in one commit's tree (libgit2 reads only the trees on the way),
never a whole folder listing, so walking back along a memory of 10,000 notes costs the
same as along one of ten. The walk is lazy and bounded: the caller stops it once it has
what it needs, and it never goes further back than `bound` commits.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pygit2
from pygit2.enums import FileMode

_REGULAR = (FileMode.BLOB, FileMode.BLOB_EXECUTABLE)  # as snapshots count files: no links


@dataclass(frozen=True, slots=True)
class NoteStep:
    """One commit of the branch, as far as one note is concerned.

    `parent` is the first parent (None: the branch's first commit, or the first one a
    shallow clone holds); `before` is the note's blob there and `after` at the commit (None:
    no note there). `time` is the committer's, in seconds since the epoch, and `offset`
    their time zone in minutes.
    """

    commit: str
    parent: str | None
    before: str | None
    after: str | None
    time: int
    offset: int
    committer: str
    message: str

    @property
    def touched(self) -> bool:
        return self.before != self.after


def note_steps(
    repo: pygit2.Repository,
    repo_path: str,
    head: str | None,
    bound: int,
    lock: threading.RLock,
) -> Iterator[NoteStep]:
    """The note at `repo_path` commit by commit from `head`, at most `bound` commits.

    `lock` is the store's: taken for each step only, so a long walk never holds up a write.
    """
    commit_id = head
    after: str | None = None
    for index in range(bound):
        if commit_id is None:
            return
        with lock:
            commit = repo[commit_id]
            assert isinstance(commit, pygit2.Commit)
            if index == 0:
                after = _blob_at(commit.tree, repo_path)
            parent_ids = commit.parent_ids
            found = repo.get(parent_ids[0]) if parent_ids else None
            parent = found if isinstance(found, pygit2.Commit) else None
            before = None
            if parent is not None:
                same_tree = parent.tree_id == commit.tree_id
                before = after if same_tree else _blob_at(parent.tree, repo_path)
            step = NoteStep(
                commit=commit_id,
                parent=None if parent is None else str(parent.id),
                before=before,
                after=after,
                time=commit.commit_time,
                offset=commit.commit_time_offset,
                committer=commit.committer.raw_name.decode("utf-8", errors="replace"),
                message=commit.raw_message.decode("utf-8", errors="replace"),
            )
        yield step
        commit_id = None if parent is None else str(parent.id)
        after = before


def _blob_at(tree: pygit2.Tree, repo_path: str) -> str | None:
    """The blob id of a regular file at `repo_path`; None for nothing, a link or a folder."""
    try:
        found = tree[repo_path]
    except KeyError:
        return None
    if found.filemode not in _REGULAR:
        return None
    return str(found.id)
