"""A note's trail through the branch: its blob at each commit, newest first, first parents only.

A step compares the trees on the way to the note's folder first (the top of the memory is
small), and reads the folder itself only when it changed: in a memory of 10,000 notes a
folder tree is over 100 KB to inflate, the whole cost of a step. A step never changes
once its commit exists, so steps are kept (bounded), and asking again for a note's history
costs only the commits made since. The walk is lazy: the caller stops it once it has what
it needs, and it never goes further back than `bound` commits.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pygit2
from pygit2.enums import FileMode

from .caches import BoundedCache

STEPS_KEPT = 20_000
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


class NoteTrails:
    """Steps of any note's trail, read from one repository under the store's lock."""

    def __init__(self, repo: pygit2.Repository, lock: threading.RLock) -> None:
        self._repo = repo
        self._lock = lock
        self._kept: BoundedCache[tuple[str, str], NoteStep] = BoundedCache(STEPS_KEPT)

    def steps(self, repo_path: str, head: str | None, bound: int) -> Iterator[NoteStep]:
        """The note at `repo_path` commit by commit from `head`, at most `bound` commits.

        The lock is taken for each step only, so a long walk never holds up a write.
        """
        commit_id = head
        after: str | None = None
        for index in range(bound):
            if commit_id is None:
                return
            with self._lock:
                step = self._kept.get((repo_path, commit_id))
                if step is None:
                    step = self._step(repo_path, commit_id, after, known=index > 0)
                    self._kept.put((repo_path, commit_id), step)
            yield step
            commit_id, after = step.parent, step.before

    def _step(self, repo_path: str, commit_id: str, after: str | None, *, known: bool) -> NoteStep:
        """One step; `after` is the note's blob at the commit when `known` (the previous
        step read it as its `before`)."""
        commit = self._repo[commit_id]
        assert isinstance(commit, pygit2.Commit)
        folder, _, name = repo_path.rpartition("/")
        if not known:
            after = self._blob_in(_tree_id(commit.tree, folder), name)
        found = self._repo.get(commit.parent_ids[0]) if commit.parent_ids else None
        parent = found if isinstance(found, pygit2.Commit) else None
        before = None
        if parent is not None:
            before = after
            if parent.tree_id != commit.tree_id:
                parent_folder = _tree_id(parent.tree, folder)
                if parent_folder != _tree_id(commit.tree, folder):
                    before = self._blob_in(parent_folder, name)
        return NoteStep(
            commit=commit_id,
            parent=None if parent is None else str(parent.id),
            before=before,
            after=after,
            time=commit.commit_time,
            offset=commit.commit_time_offset,
            committer=commit.committer.raw_name.decode("utf-8", errors="replace"),
            message=commit.raw_message.decode("utf-8", errors="replace"),
        )

    def _blob_in(self, folder: str | None, name: str) -> str | None:
        """The blob id of the regular file `name` in a folder tree; None for nothing there,
        a link or a folder."""
        if folder is None:
            return None
        tree = self._repo[folder]
        assert isinstance(tree, pygit2.Tree)
        try:
            entry = tree[name]
        except KeyError:
            return None
        return str(entry.id) if entry.filemode in _REGULAR else None


def _tree_id(root: pygit2.Tree, folder: str) -> str | None:
    """The id of the tree at `folder` ("" for the root itself); None when there is none."""
    if not folder:
        return str(root.id)
    try:
        found = root[folder]
    except KeyError:
        return None
    return str(found.id) if isinstance(found, pygit2.Tree) else None
