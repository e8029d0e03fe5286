"""The Git store: every write is one commit, and no commit is ever lost.

Writes are built with pygit2 plumbing on the branch's current commit and published by
compare-and-swap on the branch ref, so a commit made in between by anyone (another
memoire process, a person, another tool) makes the CAS fail and the change is planned
again on the new commit. memoire processes also serialise on an advisory `flock`, which
the kernel releases when a process dies, so a crash never leaves a lock behind.

Plumbing commits do not touch the index or the working tree; left stale, a person's
later `git commit -a` would silently revert them. So after each commit the store writes
the same bytes to the working tree and the index, and a small journal lets the next
writer finish that step if the process was killed half-way.

Uncommitted hand edits win: a note whose working-tree file or index entry differs from
the branch is never overwritten; the write is refused until the person commits them.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import random
import stat
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pygit2
from pygit2.enums import CheckoutStrategy, FileMode

from ..core.errors import (
    Contention,
    InvalidPath,
    MemoryMissing,
    RemoteUnavailable,
    UncommittedChanges,
)
from .remote import GitRemote, RemoteStatus

logger = logging.getLogger(__name__)
CAS_ATTEMPTS = 4  # the first try and three retries
RETRY_JITTER_SECONDS = 0.05  # writers that keep colliding fall out of step
GC_ONE_WRITE_IN = 50
LOCK_TIMEOUT_SECONDS = 30.0
STALE_GIT_LOCK_SECONDS = 10.0
COMMITTER_EMAIL = "memoire@localhost"
_ALLOWED_NAME_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._-"
)

pygit2.settings.enable_fsync_gitdir(True)  # a write is confirmed only once it is durable


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The memory's files at one commit: memory-relative path to full blob id.

    `top` and `folders` (folder name to tree id) let two snapshots be compared by looking
    only into the folders whose tree changed.
    """

    commit: str | None
    files: Mapping[str, str]
    top: Mapping[str, str] = field(default_factory=dict)
    folders: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Change[T]:
    """Files to set (bytes) or remove (None), and what the caller wants back if it lands."""

    files: Mapping[str, bytes | None]
    outcome: T


@dataclass(frozen=True, slots=True)
class Landed[T]:
    commit: str
    change: Change[T]
    blobs: Mapping[str, str | None]


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
    ) -> None:
        try:
            self._repo = pygit2.Repository(str(repository))
        except pygit2.GitError:
            raise MemoryMissing(
                f"No Git repository at {repository}. "
                f"Create the memory with: memoire init {repository}"
            ) from None
        self._subdir = subdir
        self._local_ref = f"refs/heads/{branch}" if branch else self._head_branch()
        self._gitdir = Path(self._repo.path)
        self._state = self._gitdir / "memoire"
        self._state.mkdir(exist_ok=True)
        self._remote = (
            GitRemote(
                repository, remote_url, self._local_ref.removeprefix("refs/heads/"), self._state
            )
            if remote_url
            else None
        )
        # The ref that holds the truth: the local branch, or the remote branch as last seen.
        self._truth_ref = self._remote.tracking_ref if self._remote else self._local_ref
        self._diverged_warned = False
        self._journal = self._state / "pending.json"
        self._mutex = threading.RLock()
        self._snapshots: dict[str | None, Snapshot] = {}
        self._folders: dict[str, dict[str, str]] = {}

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
            return self._target(self._truth_ref)

    def _target(self, ref_name: str) -> str | None:
        reference = self._repo.references.get(ref_name)
        return None if reference is None else str(reference.target)

    def remote_status(self) -> RemoteStatus | None:
        return None if self._remote is None else self._remote.status()

    def refresh(self) -> None:
        """Fetch the remote now, unless a writer holds the memory (it fetches anyway)."""
        if self._remote is None:
            return
        with self._mutex, self._exclusive(timeout=0):
            self._remote.fetch()
            self._catch_up_local()

    def snapshot(self) -> Snapshot:
        with self._mutex:
            return self._snapshot_at(self.head())

    def files_at(self, commit: str | None) -> Mapping[str, str] | None:
        """The memory's files at any commit; None when that commit is not in this repository."""
        with self._mutex:
            if commit is not None and commit not in self._repo:
                return None
            return self._snapshot_at(commit).files

    def read_blob(self, blob_id: str) -> bytes:
        with self._mutex:
            blob = self._repo[blob_id]
            assert isinstance(blob, pygit2.Blob)
            return blob.data

    def changed_paths(self, old: str | None, new: str | None) -> set[str] | None:
        """Memory paths that differ between two commits; None when `old` is unknown here."""
        with self._mutex:
            if old is not None and old not in self._repo:
                return None
            before, after = self._snapshot_at(old), self._snapshot_at(new)
            changed = _differing(before.top, after.top, prefix="")
            for folder in before.folders.keys() | after.folders.keys():
                old_tree, new_tree = before.folders.get(folder), after.folders.get(folder)
                if old_tree != new_tree:
                    old_files = self._folder_files(old_tree) if old_tree else {}
                    new_files = self._folder_files(new_tree) if new_tree else {}
                    changed |= _differing(old_files, new_files, prefix=f"{folder}/")
            return changed

    def _memory_tree(self, commit: str | None) -> pygit2.Tree | None:
        if commit is None:
            return None
        tree = self._repo[commit].peel(pygit2.Tree)
        if not self._subdir:
            return tree
        try:
            subtree = tree[self._subdir]
        except KeyError:
            return None
        return subtree if isinstance(subtree, pygit2.Tree) else None

    def _snapshot_at(self, commit: str | None) -> Snapshot:
        """Regular files at the top and one folder down; symlinks and submodules never count."""
        cached = self._snapshots.get(commit)
        if cached is not None:
            return cached
        tree = self._memory_tree(commit)
        top: dict[str, str] = {}
        folders: dict[str, str] = {}
        for entry in tree if tree is not None else ():
            if entry.filemode == FileMode.TREE:
                folders[str(entry.name)] = str(entry.id)
            elif entry.filemode in (FileMode.BLOB, FileMode.BLOB_EXECUTABLE):
                top[str(entry.name)] = str(entry.id)
        files = dict(top)
        for folder, tree_id in folders.items():
            files.update(
                {f"{folder}/{name}": blob for name, blob in self._folder_files(tree_id).items()}
            )
        return self._remember(Snapshot(commit=commit, files=files, top=top, folders=folders))

    def _remember(self, snapshot: Snapshot) -> Snapshot:
        if len(self._snapshots) >= 4:
            self._snapshots.pop(next(iter(self._snapshots)))
        self._snapshots[snapshot.commit] = snapshot
        return snapshot

    def _folder_files(self, tree_id: str) -> dict[str, str]:
        cached = self._folders.get(tree_id)
        if cached is None:
            tree = self._repo[tree_id]
            assert isinstance(tree, pygit2.Tree)
            cached = {
                str(entry.name): str(entry.id)
                for entry in tree
                if entry.filemode in (FileMode.BLOB, FileMode.BLOB_EXECUTABLE)
            }
            if len(self._folders) > 256:
                self._folders.clear()
            self._folders[tree_id] = cached
        return cached

    # Writing

    def write[T](
        self, plan: Callable[[Snapshot], Change[T]], client: str, message: str
    ) -> Landed[T]:
        """Plan a change on the current commit and publish it; plan again if someone else won."""
        with self._mutex, self._exclusive():
            self._finish_interrupted_sync()
            for _attempt in range(CAS_ATTEMPTS):
                if self._remote is not None:
                    self._remote.fetch()
                    self._catch_up_local()
                snapshot = self.snapshot()
                change = plan(snapshot)
                self._refuse_uncommitted_edits(change.files)
                blobs = self._write_blobs(change.files)
                commit = self._commit(snapshot, blobs, committer_name(client), message)
                self._write_journal(snapshot, commit, blobs)
                if self._publish(snapshot.commit, commit):
                    if self._local_follows(snapshot.commit, commit):
                        self._sync_worktree(change.files, blobs)
                    self._journal.unlink(missing_ok=True)
                    self._remember_snapshot(snapshot, commit, blobs)
                    self._pack_now_and_then()
                    return Landed(commit, change, blobs)
                self._journal.unlink(missing_ok=True)
                time.sleep(random.uniform(0, RETRY_JITTER_SECONDS * (_attempt + 1)))
            raise Contention(
                "Other writers kept changing the memory at the same moment; nothing was "
                "written. Try again."
            )

    def _remember_snapshot(
        self, before: Snapshot, commit: str, blobs: Mapping[str, str | None]
    ) -> None:
        """Derive the new commit's snapshot from the old one instead of listing its trees."""
        after = self._memory_tree(commit)
        if after is None:
            return
        files = dict(before.files)
        top = dict(before.top)
        folders = dict(before.folders)
        for path, blob in blobs.items():
            _set_or_remove(files, path, blob)
            if "/" not in path:
                _set_or_remove(top, path, blob)
        for folder in {path.split("/")[0] for path in blobs if "/" in path}:
            old_tree = before.folders.get(folder)
            new_tree = str(after[folder].id) if folder in after else None
            _set_or_remove(folders, folder, new_tree)
            if new_tree is None or new_tree in self._folders:
                continue
            listing = dict(self._folder_files(old_tree)) if old_tree else {}
            for path, blob in blobs.items():
                if path.startswith(f"{folder}/"):
                    _set_or_remove(listing, path.split("/", 1)[1], blob)
            self._folders[new_tree] = listing
        self._remember(Snapshot(commit=commit, files=files, top=top, folders=folders))

    def _pack_now_and_then(self) -> None:
        """Plumbing commits leave loose objects (about 16 KB a write) that nothing packs.

        About one write in GC_ONE_WRITE_IN starts `git gc --auto` in the background: git
        decides whether packing is due, and it is safe beside writers. Chance rather than a
        counter, because many short stdio processes share the repository.
        """
        if random.randrange(GC_ONE_WRITE_IN) == 0:
            subprocess.Popen(
                ["git", "-C", str(self._gitdir), "gc", "--auto", "--quiet"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )

    def _publish(self, parent: str | None, commit: str) -> bool:
        """Make `commit` the truth if it still sits on it: the local branch, or the remote."""
        if self._remote is None:
            return self._advance_ref(self._local_ref, parent, commit)
        try:
            accepted = self._remote.push(commit, parent)
        except RemoteUnavailable:
            with contextlib.suppress(RemoteUnavailable):
                self._remote.fetch()
            if self._target(self._truth_ref) != commit:
                raise
            accepted = True
        if accepted:
            self._despite_git_lock(
                self._gitdir / f"{self._truth_ref}.lock",
                lambda: self._repo.references.create(
                    self._truth_ref, pygit2.Oid(hex=commit), force=True
                ),
            )
        return accepted

    def _local_follows(self, parent: str | None, commit: str) -> bool:
        """With a remote, the local branch moves only where it was; the working tree with it."""
        return self._remote is None or self._advance_ref(self._local_ref, parent, commit)

    def _catch_up_local(self) -> None:
        """Fast-forward the local branch (and its checkout) to the remote's commit, safely.

        Uncommitted edits in the way, or local commits the remote does not have, leave the
        local branch where it is: nothing of the person's is overwritten; reads and writes
        follow the remote either way.
        """
        truth, local = self._target(self._truth_ref), self._target(self._local_ref)
        if truth is None or truth == local:
            return
        if local is not None and not self._repo.descendant_of(truth, local):
            if not self._diverged_warned:
                logger.warning("%s has commits the remote lacks; left as it is", self._local_ref)
                self._diverged_warned = True
            return
        if self.workdir is not None and self._head_branch() == self._local_ref:
            try:
                self._repo.checkout_tree(  # type: ignore[no-untyped-call]
                    self._repo[truth], strategy=CheckoutStrategy.SAFE
                )
            except pygit2.GitError as error:
                logger.warning(
                    "local changes keep %s behind the remote: %s", self._local_ref, error
                )
                return
        self._advance_ref(self._local_ref, local, truth)

    @contextlib.contextmanager
    def _exclusive(self, timeout: float = LOCK_TIMEOUT_SECONDS) -> Iterator[None]:
        """The advisory lock shared by every memoire process writing this repository."""
        with (self._state / "write.lock").open("a") as handle:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise Contention(
                            "Another memoire process is holding the memory; nothing was "
                            "written. Try again."
                        ) from None
                    time.sleep(0.002)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def _repo_path(self, path: str) -> str:
        return f"{self._subdir}/{path}" if self._subdir else path

    def _write_blobs(self, files: Mapping[str, bytes | None]) -> dict[str, str | None]:
        return {
            path: None if data is None else str(self._repo.create_blob(data))
            for path, data in files.items()
        }

    def _commit(
        self, snapshot: Snapshot, blobs: Mapping[str, str | None], name: str, message: str
    ) -> str:
        root = None if snapshot.commit is None else self._repo[snapshot.commit].peel(pygit2.Tree)
        for path, blob_id in blobs.items():
            root_id = self._tree_with(root, self._repo_path(path).split("/"), blob_id)
            root = self._repo[root_id or self._repo.TreeBuilder().write()].peel(pygit2.Tree)
        assert root is not None
        signature = pygit2.Signature(name, COMMITTER_EMAIL)
        parents = [] if snapshot.commit is None else [snapshot.commit]
        return str(self._repo.create_commit(None, signature, signature, message, root.id, parents))

    def _tree_with(
        self, tree: pygit2.Tree | None, parts: list[str], blob_id: str | None
    ) -> pygit2.Oid | None:
        """The tree with one path set or removed; None when nothing is left in it."""
        builder = self._repo.TreeBuilder(tree) if tree is not None else self._repo.TreeBuilder()
        name, rest = parts[0], parts[1:]
        existing = tree[name] if tree is not None and name in tree else None
        if rest:
            subtree = existing if isinstance(existing, pygit2.Tree) else None
            child = self._tree_with(subtree, rest, blob_id)
            entry: tuple[pygit2.Oid, int] | None = None if child is None else (child, FileMode.TREE)
        else:
            entry = None if blob_id is None else (pygit2.Oid(hex=blob_id), FileMode.BLOB)
        if entry is None:
            if existing is not None:
                builder.remove(name)
        else:
            builder.insert(name, *entry)
        return builder.write() if len(builder) else None

    def _advance_ref(self, ref_name: str, parent: str | None, commit: str) -> bool:
        """Compare-and-swap a ref from `parent` to `commit`; False if someone moved it."""
        oid = pygit2.Oid(hex=commit)
        lock = self._gitdir / f"{ref_name}.lock"

        def swap() -> bool:
            if parent is None:
                try:
                    self._repo.references.create(ref_name, oid)
                except pygit2.AlreadyExistsError:
                    return False
                return True
            reference = self._repo.references.get(ref_name)
            if reference is None or str(reference.target) != parent:
                return False
            try:
                reference.set_target(oid, "memoire: commit")
            except pygit2.GitError:
                if lock.exists():
                    raise
                return False
            return True

        return self._despite_git_lock(lock, swap)

    def _remove_own_ref_locks(self, commit: str) -> None:
        """A ref lock that is empty or names the journal's commit was left by the dead writer."""
        for ref_name in {self._truth_ref, self._local_ref}:
            lock = self._gitdir / f"{ref_name}.lock"
            with contextlib.suppress(FileNotFoundError):
                if lock.read_text(encoding="ascii", errors="replace").strip() in ("", commit):
                    lock.unlink()

    @staticmethod
    def _despite_git_lock[R](lock: Path, action: Callable[[], R]) -> R:
        """Run a Git update, waiting out another holder of its lock file, or a dead one's."""
        deadline = time.monotonic() + LOCK_TIMEOUT_SECONDS
        while True:
            try:
                return action()
            except pygit2.GitError, OSError:
                if not lock.exists() or time.monotonic() > deadline:
                    raise
                with contextlib.suppress(FileNotFoundError):
                    if time.time() - lock.stat().st_mtime > STALE_GIT_LOCK_SECONDS:
                        lock.unlink()
                time.sleep(0.005)

    # Working tree and index

    def _worktree_file(self, path: str) -> Path | None:
        """The file in the working tree, refusing any symlink on the way."""
        workdir = self.workdir
        if workdir is None:
            return None
        current = workdir
        for part in self._repo_path(path).split("/"):
            current = current / part
            with contextlib.suppress(FileNotFoundError):
                if stat.S_ISLNK(current.lstat().st_mode):
                    raise InvalidPath(
                        f"{path} goes through a symbolic link in the working tree; "
                        "memoire never follows links. Replace the link with a real folder or file."
                    )
        return current

    def _refuse_uncommitted_edits(self, files: Mapping[str, bytes | None]) -> None:
        """Compare the working tree with the local branch, which is what it checks out."""
        if self.workdir is None:
            return
        local = self._snapshot_at(self._target(self._local_ref))
        index = self._repo.index
        index.read(False)
        for path in files:
            committed = local.files.get(path)
            if self._worktree_blob(path) != committed or self._index_blob(index, path) != committed:
                raise UncommittedChanges(
                    f"{path} has uncommitted changes in the working tree of "
                    f"{self.workdir}; nothing was written. Commit or discard them "
                    "(git commit / git restore), then try again."
                )

    def _worktree_blob(self, path: str) -> str | None:
        file = self._worktree_file(path)
        if file is None or not file.is_file():
            return None
        return str(pygit2.hashfile(str(file)))

    def _index_blob(self, index: pygit2.Index, path: str) -> str | None:
        try:
            return str(index[self._repo_path(path)].id)
        except KeyError:
            return None

    def _sync_worktree(
        self, files: Mapping[str, bytes | None], blobs: Mapping[str, str | None]
    ) -> None:
        """Make the working tree and index say what the branch says, for the paths touched."""
        if self.workdir is None:
            return
        for path, data in files.items():
            self._write_worktree_file(path, data)
        index = self._repo.index
        index.read(False)
        for path, blob_id in blobs.items():
            repo_path = self._repo_path(path)
            if blob_id is None:
                if repo_path in index:
                    index.remove(repo_path)
            else:
                index.add(repo_path)
        self._despite_git_lock(self._gitdir / "index.lock", index.write)

    def _write_worktree_file(self, path: str, data: bytes | None) -> None:
        file = self._worktree_file(path)
        assert file is not None
        if data is None:
            file.unlink(missing_ok=True)
            return
        file.parent.mkdir(parents=True, exist_ok=True)
        temporary = _temporary_for(file)
        temporary.write_bytes(data)
        temporary.replace(file)

    def _write_journal(
        self, snapshot: Snapshot, commit: str, blobs: Mapping[str, str | None]
    ) -> None:
        """What the working tree must become if this process dies before syncing it."""
        entries = {path: [snapshot.files.get(path), blob] for path, blob in blobs.items()}
        journal = {"commit": commit, "files": entries}
        self._journal.write_text(json.dumps(journal), encoding="utf-8")

    def _finish_interrupted_sync(self) -> None:
        """Finish what a writer killed half-way left: its ref lock, its working-tree sync."""
        try:
            journal = json.loads(self._journal.read_text(encoding="utf-8"))
            commit, entries = str(journal["commit"]), dict(journal["files"])
        except FileNotFoundError:
            return
        except ValueError, KeyError, TypeError:
            commit, entries = "", {}
        self._remove_own_ref_locks(commit)
        files = self.snapshot().files
        landed = {
            path: new
            for path, (old, new) in entries.items()
            if files.get(path) == new and self._worktree_blob(path) in (old, new)
        }
        if landed:
            data = {
                path: None if blob is None else self.read_blob(blob)
                for path, blob in landed.items()
            }
            self._sync_worktree(data, landed)
        for path in entries:
            if (file := self._worktree_file(path)) is not None:
                _temporary_for(file).unlink(missing_ok=True)
        self._journal.unlink(missing_ok=True)


def _differing(before: Mapping[str, str], after: Mapping[str, str], prefix: str) -> set[str]:
    return {
        prefix + name
        for name in before.keys() | after.keys()
        if before.get(name) != after.get(name)
    }


def _set_or_remove(mapping: dict[str, str], key: str, value: str | None) -> None:
    if value is None:
        mapping.pop(key, None)
    else:
        mapping[key] = value


def _temporary_for(file: Path) -> Path:
    """Where a working-tree file is written before it atomically replaces the real one."""
    return file.with_name(f".{file.name}.memoire-tmp")
