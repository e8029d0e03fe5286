"""The Git store: every write is one commit, and no commit is ever lost.

A write is planned on the branch's current commit (with a remote: its last known commit),
built with plumbing (`commits`) and published by compare-and-swap on the branch ref
(`refs`), or pushed to the remote with a lease, so a commit made in between by anyone makes
the publish fail and the change is planned again on the new commit, until a deadline.
memoire processes also serialise on an advisory lock (`locking`).

Before a commit, the working tree is checked (`worktree`): a person's uncommitted edit, or
a link, FIFO or folder in the way, refuses the write with nothing committed. Once the
commit is published the write has landed and is answered so, whatever happens next: a
working tree that cannot be synced is logged and finished by the next writer.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pygit2
from pygit2.enums import CheckoutStrategy

from ..core.errors import (
    Contention,
    InvalidPath,
    MemoireError,
    OutcomeUnknown,
    RemoteUnavailable,
)
from .commits import CommitBuilder
from .durability import Durability
from .failures import disk_full_refusal, is_disk_full
from .heads import HeadsLog
from .housekeeping import pack_now_and_then
from .locking import exclusive
from .note_cipher import NoteCipher
from .opening import open_repository
from .refs import RefUpdater
from .remote import GitRemote, RemoteStatus
from .signing import ALLOWED_SIGNERS_PATH, BridgeKey
from .snapshots import Snapshot, SnapshotReader
from .trail import NoteStep, NoteTrails
from .worktree import MAX_NAME_BYTES, JournalEntry, WorkTree, refuse_tracked_temporaries
from .writes import Change, Landed, WaitingWrites, WriteRequest

__all__ = ["Change", "GitStore", "Landed", "Snapshot", "committer_name"]

logger = logging.getLogger(__name__)
CONTENTION_DEADLINE_SECONDS = 5.0  # how long a writer keeps trying before it is refused
RETRY_JITTER_SECONDS = 0.05  # writers that keep colliding fall out of step
_ALLOWED_NAME_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._-"
)

GIT_OBJECT_CACHE_BYTES = 2**20
"""libgit2 keeps every small commit and tree it reads or writes in a process-wide cache of
256 MiB by default: about 0.6 KB of objects (2 KB of heap) more each write, for as long
as the process lives. A write reads back only the branch's commit and its top tree."""

pygit2.settings.enable_fsync_gitdir(True)  # a write is confirmed only once it is durable
pygit2.settings.cache_max_size(GIT_OBJECT_CACHE_BYTES)


def committer_name(client: str) -> str:
    """`memoire (<client>)`, with anything Git or a log reader could misread removed."""
    cleaned = "".join(char for char in client if char in _ALLOWED_NAME_CHARS)[:40].strip()
    return f"memoire ({cleaned or 'unknown'})"


class GitStore:
    """One memory folder of one branch of one repository."""

    def __init__(
        self,
        repository: Path,
        subdir: str = "",
        branch: str | None = None,
        remote_url: str | None = None,
        signing_key: BridgeKey | None = None,
    ) -> None:
        self._repo = open_repository(repository)
        self._local_ref = f"refs/heads/{branch}" if branch else self._head_branch()
        self._gitdir = Path(self._repo.path)
        state = self._gitdir / "memoire"
        state.mkdir(exist_ok=True)
        self._lock_file = state / "write.lock"
        self._heads = HeadsLog(state)
        self._remote = (
            GitRemote(repository, remote_url, self._local_ref.removeprefix("refs/heads/"), state)
            if remote_url
            else None
        )
        # The ref that holds the truth: the local branch, or the remote branch as last seen.
        self._truth_ref = self._remote.tracking_ref if self._remote else self._local_ref
        self._diverged_warned = False
        self._mutex = threading.RLock()
        self._waiting = WaitingWrites()
        self._durability = Durability()  # the fsyncs of a write, in rounds
        self._refs = RefUpdater(self._repo, self._gitdir, self._durability)
        self._commits = CommitBuilder(
            self._repo, subdir, signing_key or BridgeKey(), self._durability
        )
        self._reader = SnapshotReader(self._repo, subdir)
        self.cipher = NoteCipher.from_local_config(self._repo, subdir)  # sensitive notes
        self._trails = NoteTrails(self._repo, self._mutex)
        workdir = self.workdir
        self._worktree = (
            None
            if workdir is None
            else WorkTree(
                self._repo,
                workdir,
                self._commits.repo_path,
                state,
                self.cipher,
                durability=self._durability,
            )
        )

    @property
    def workdir(self) -> Path | None:
        workdir = self._repo.workdir
        return Path(workdir) if workdir else None

    def _head_branch(self) -> str:
        target = self._repo.references["HEAD"].target
        if not isinstance(target, str):
            raise InvalidPath("the repository's HEAD is detached; check out a branch first")
        return target

    # Reading

    def head(self) -> str | None:
        """The branch's commit as it is now: commits made outside memoire show up at once."""
        with self._mutex:
            return self._refs.target(self._truth_ref)

    def remote_status(self) -> RemoteStatus | None:
        return None if self._remote is None else self._remote.status()

    def refresh(self) -> None:
        """Fetch the remote now, unless a writer holds the memory (it fetches anyway)."""
        if self._remote is None:
            return
        with self._mutex, exclusive(self._lock_file, timeout=0):
            self._fetch()

    def snapshot(self) -> Snapshot:
        with self._mutex:
            return self._reader.at(self.head())

    def not_files(self) -> Mapping[str, str]:
        """Paths at the branch's commit that hold a link, folder or submodule, and which."""
        with self._mutex:
            return self._reader.not_files(self.head())

    def files_at(self, commit: str | None) -> Mapping[str, str] | None:
        """The memory's files at any commit; None when that commit is not in this repository."""
        with self._mutex:
            if commit is not None and not self._is_commit(commit):
                return None
            return self._reader.at(commit).files

    def first_parent(self, commit: str) -> str | None:
        """A commit's first parent; None for a root commit or an id that is not a commit."""
        with self._mutex:
            found = self._repo.get(commit)
            if not isinstance(found, pygit2.Commit):
                return None
            ids = found.parent_ids
            return str(ids[0]) if ids else None

    def note_steps(self, path: str, head: str | None, bound: int) -> Iterator[NoteStep]:
        """One note's blob at each of `bound` commits back from `head`, newest first."""
        return self._trails.steps(self._commits.repo_path(path), head, bound)

    def blob_size(self, blob_id: str) -> int:
        """A blob's size, from its header only: a pushed blob of any size costs nothing
        to measure, where looking it up would inflate all of it."""
        with self._mutex:
            _, size = self._repo.odb.read_header(blob_id)
            return int(size)

    def read_blob(self, blob_id: str) -> bytes:
        """A blob's text, whole: callers measure it first (`blob_size`)."""
        with self._mutex:
            blob = self._repo[blob_id]
            assert isinstance(blob, pygit2.Blob)
            return self.cipher.readable(blob.data)  # NoteLocked when it cannot be opened

    def changed_paths(self, old: str | None, new: str | None) -> set[str] | None:
        """Memory paths that differ between two commits; None when `old` is unknown here."""
        with self._mutex:
            if old is not None and not self._is_commit(old):
                return None
            return self._reader.changed_paths(old, new)

    def _is_commit(self, object_id: str) -> bool:
        """Only a commit: a client can name any blob by hashing a guess of its text, and
        how a blob id is answered must not tell whether that text is stored here."""
        try:
            return isinstance(self._repo.get(object_id), pygit2.Commit)
        except ValueError:  # not a full, unambiguous object id
            return False

    # Writing

    def write[T](
        self, plan: Callable[[Snapshot], Change[T]], client: str, message: str
    ) -> Landed[T]:
        """Plan a change on the last known commit and publish it; plan again if someone won.

        With a remote, the push's lease already checks that nobody pushed in between, so
        the remote is fetched only when the lease is refused, or when a plan refuses its
        change on a copy not yet checked against the remote. Writes waiting meanwhile in
        this process go out with the next push (`writes`).
        """
        request = WriteRequest(plan, client, message)
        if self._remote is not None:
            self._waiting.add(request)
        with self._mutex:
            if not request.answered:
                self._write_batch(request)
        return request.answer()

    def _write_batch(self, request: WriteRequest[Any]) -> None:
        """Land the waiting writes (or this one alone); a failure answers every one left."""
        batch = [request]
        try:
            with exclusive(self._lock_file):
                if self._remote is not None:
                    batch = self._waiting.take()
                self._finish_interrupted_sync()
                self._land(batch)
                pack_now_and_then(self._gitdir, self._lock_file)
        except Exception as error:
            for waiting in batch:
                if not waiting.answered:
                    waiting.error = error

    def _land(self, batch: list[WriteRequest[Any]]) -> None:
        """Plan, commit and publish until every write in the batch is answered or time is up."""
        deadline = time.monotonic() + CONTENTION_DEADLINE_SECONDS
        fresh = self._remote is None  # True once the copy is checked against the truth
        if self._remote is not None and not self._remote.reachable:
            self._fetch()  # it failed last time: a clear refusal while it stays away
            fresh = True
        attempt = 0
        while True:
            try:
                if self._commit_and_publish(batch, refuse=fresh):
                    return
            except _RefusedOnAnOldCopy:
                self._fetch()
                fresh = True
                continue
            if time.monotonic() >= deadline:
                raise Contention(
                    "Other writers kept changing the memory first for "
                    f"{CONTENTION_DEADLINE_SECONDS:g} s; nothing was written. Try again."
                )
            time.sleep(random.uniform(0, min(RETRY_JITTER_SECONDS * (attempt + 1), 0.5)))
            attempt += 1
            if self._remote is not None:
                self._fetch()
                fresh = True

    def _fetch(self) -> None:
        """Learn the remote's commit, and bring the local branch along when it can."""
        assert self._remote is not None
        self._remote.fetch()
        self._heads.record(self._truth_ref, self._refs.target(self._truth_ref))
        self._catch_up_local()

    def _commit_and_publish(self, batch: list[WriteRequest[Any]], *, refuse: bool) -> bool:
        """One attempt, one commit per write: False when someone else published first.

        A write its plan refuses is answered so when `refuse` (the copy is checked against
        the remote); otherwise the whole batch waits for a fetch.
        """
        base = snapshot = self.snapshot()
        planned: list[tuple[WriteRequest[Any], Landed[Any]]] = []
        files: dict[str, bytes | None] = {}
        blobs: dict[str, str | None] = {}
        enrolment = self._commits.enrolment(snapshot.files)
        if enrolment is not None:  # the key first, in a commit of its own: see `signing`
            files[ALLOWED_SIGNERS_PATH] = enrolment.content
            with _refused_when_disk_full(self._gitdir):
                blobs = self._commits.write_blobs(files)
                commit = self._commits.commit(
                    snapshot.commit, blobs, committer_name("key"), enrolment.message
                )
            self._reader.derive_after_write(snapshot, commit, blobs)
            snapshot = self._reader.at(commit)
        for request in (waiting for waiting in batch if not waiting.answered):
            try:
                change = request.plan(snapshot)
                self._refuse_what_is_in_the_way(snapshot, change.files)
            except MemoireError as refusal:
                if not refuse:
                    raise _RefusedOnAnOldCopy from refusal
                request.error = refusal
                continue
            with _refused_when_disk_full(self._gitdir):
                written = self._commits.write_blobs(self.cipher.stored_files(change.files))
                name = committer_name(request.client)
                commit = self._commits.commit(snapshot.commit, written, name, request.message)
            self._reader.derive_after_write(snapshot, commit, written)
            snapshot = self._reader.at(commit)
            planned.append((request, Landed(commit, change, written)))
            files |= change.files
            blobs |= written
        if not planned:
            return True
        tip = planned[-1][1].commit
        with _refused_when_disk_full(self._gitdir):
            if self._worktree is None:
                journal = {}
                self._durability.now()  # the objects, whole, before a reflog names them
            else:  # with the objects' folders
                journal = self._worktree.begin(base.files, tip, blobs, files)
        if not self._publish(base.commit, tip):
            if self._worktree is not None:
                self._worktree.abandon()
            return False
        self._heads.record(self._truth_ref, tip)
        self._after_landing(base, files, tip, blobs, journal)
        for request, landed in planned:
            request.landed = landed
        return True

    def _refuse_what_is_in_the_way(
        self, snapshot: Snapshot, files: Mapping[str, bytes | None]
    ) -> None:
        """Checked before committing, so a refusal leaves nothing half-done behind."""
        refuse_tracked_temporaries(lambda folder: self._reader.dot_names(snapshot, folder), files)
        if self._worktree is not None:
            local = self._reader.at(self._refs.target(self._local_ref))
            self._worktree.check(files, local.files)

    def _publish(self, parent: str | None, commit: str) -> bool:
        """Make `commit` the truth if it still sits on `parent`: the local branch, or the remote.

        Raises only when the commit did not land, or when that cannot be told.
        """
        if self._remote is not None:
            try:
                self._durability.now()  # what is left waiting, before the remote names it
                return self._remote.push(commit, parent)
            except RemoteUnavailable:
                with contextlib.suppress(RemoteUnavailable):
                    self._remote.fetch()
                if self._refs.target(self._truth_ref) != commit:
                    raise
                return True
        try:
            return self._refs.advance(self._local_ref, parent, commit)
        except (pygit2.GitError, OSError) as error:
            return self._landed_despite(error, commit)

    def _landed_despite(self, error: pygit2.GitError | OSError, commit: str) -> bool:
        """A failed ref update may have moved the ref before failing (its reflog, say)."""
        try:
            now = self._refs.target(self._local_ref)
        except pygit2.GitError, OSError:
            raise OutcomeUnknown(
                f"The write may or may not have landed ({error}); read the note to see before "
                "trying again."
            ) from error
        if now == commit:
            logger.warning("commit %s landed despite an error: %s", commit, error)
            return True
        if is_disk_full(error, self._gitdir):
            raise disk_full_refusal() from error
        raise error

    def _after_landing(
        self,
        snapshot: Snapshot,
        files: Mapping[str, bytes | None],
        commit: str,
        blobs: Mapping[str, str | None],
        journal: Mapping[str, JournalEntry],
    ) -> None:
        """Bring the local refs and working tree along; failures never unsay a write.

        The snapshot cache already holds the commit: it was derived when it was built.
        """
        try:
            if self._remote is not None:
                self._refs.force(self._truth_ref, commit)
            follows = self._local_follows(snapshot.commit, commit)
            if self._worktree is not None:
                failed = self._worktree.sync(files, blobs) if follows else {}
                for path, reason in failed.items():
                    logger.warning(
                        "%s landed in %s; its working-tree copy: %s", path, commit, reason
                    )
                self._worktree.end(commit, journal, failed)
        except Exception:
            logger.exception("commit %s landed; the next write finishes syncing it", commit)

    def _local_follows(self, parent: str | None, commit: str) -> bool:
        """With a remote, the local branch moves only where it was; the working tree with it."""
        return self._remote is None or self._refs.advance(self._local_ref, parent, commit)

    def _catch_up_local(self) -> None:
        """Fast-forward the local branch (and its checkout) to the remote's commit, safely.

        Uncommitted edits in the way, or local commits the remote does not have, leave the
        local branch where it is: nothing of the person's is overwritten; reads and writes
        follow the remote either way.
        """
        truth, local = self._refs.target(self._truth_ref), self._refs.target(self._local_ref)
        if truth is None or truth == local:
            return
        if local is not None and not self._repo.descendant_of(truth, local):
            if not self._diverged_warned:
                logger.warning("%s has commits the remote lacks; left as it is", self._local_ref)
                self._diverged_warned = True
            return
        if self.workdir is not None and self._head_branch() == self._local_ref:
            if (unwritable := self._unwritable_name(local, truth)) is not None:
                logger.warning(
                    "%s stays behind the remote: %s, pushed to it, is a name longer than the "
                    "filesystem allows (%d bytes); rename it in Git from another clone",
                    self._local_ref,
                    unwritable,
                    MAX_NAME_BYTES,
                )
                return
            try:
                self._repo.checkout_tree(  # type: ignore[no-untyped-call]
                    self._repo[truth], strategy=CheckoutStrategy.SAFE
                )
            except pygit2.GitError as error:
                logger.warning(
                    "local changes keep %s behind the remote: %s", self._local_ref, error
                )
                return
        self._refs.advance(self._local_ref, local, truth)

    def _unwritable_name(self, local: str | None, truth: str) -> str | None:
        """A path the checkout to `truth` would fail to create half-way (a name too long for
        the filesystem): libgit2 would have removed and rewritten the files before it, so a
        person's working tree would show changes no one made."""
        old = None if local is None else self._repo[local].peel(pygit2.Tree)
        new = self._repo[truth].peel(pygit2.Tree)
        changes = new.diff_to_tree() if old is None else old.diff_to_tree(new)
        for delta in changes.deltas:
            path = delta.new_file.path
            if any(len(part.encode()) > MAX_NAME_BYTES for part in path.split("/")):
                return path
        return None

    def _finish_interrupted_sync(self) -> None:
        """Finish what a writer killed half-way left: its ref lock, its working-tree sync.

        Nothing here may stop this write: a note that cannot be synced stays refused alone.
        """
        if self._worktree is None or (pending := self._worktree.interrupted()) is None:
            return
        commit, entries = pending
        try:
            self._refs.remove_own_locks({self._truth_ref, self._local_ref}, commit)
            self._worktree.finish(commit, entries, self.snapshot().files)
        except Exception:
            logger.exception("an interrupted working-tree sync could not be finished")


class _RefusedOnAnOldCopy(Exception):
    """A plan refused its change on a copy not yet checked against the remote."""


@contextlib.contextmanager
def _refused_when_disk_full(gitdir: Path) -> Iterator[None]:
    """Before publishing, a full disk is a clean refusal: nothing has landed yet."""
    try:
        yield
    except (OSError, pygit2.GitError) as error:
        if is_disk_full(error, gitdir):
            raise disk_full_refusal() from error
        raise
