"""Moving a branch by compare-and-swap, beside anyone else who holds Git's lock files.

Git and libgit2 take `<ref>.lock` (and `packed-refs.lock`) for a moment while they update
refs: a person's `git commit`, a `git gc` packing refs or expiring reflogs. A failed update
while such a lock is held, or one that names a lock in its error, is tried again until the
lock goes; a lock older than STALE_GIT_LOCK_SECONDS was left by a killed process and is
removed. Past LOCK_TIMEOUT_SECONDS the caller gets a clean Contention, never a Git error.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pygit2

from ..core.errors import Contention
from .durability import Durability
from .loose_refs import LooseRefs

LOCK_TIMEOUT_SECONDS = 30.0
REFLOG_MESSAGE = "memoire: commit"
STALE_GIT_LOCK_SECONDS = 10.0
_POLL_SECONDS = 0.005


class RefUpdater:
    """Compare-and-swap on the refs of one repository."""

    def __init__(
        self, repo: pygit2.Repository, gitdir: Path, durability: Durability | None = None
    ) -> None:
        self._repo = repo
        self._gitdir = gitdir
        self._durability = durability or Durability()
        self._loose = LooseRefs(repo, gitdir, self._durability)

    def target(self, ref_name: str) -> str | None:
        reference = self._repo.references.get(ref_name)
        return None if reference is None else str(reference.target)

    def advance(self, ref_name: str, parent: str | None, commit: str) -> bool:
        """Move `ref_name` from `parent` to `commit`; False if someone else moved it first.

        What the write left waiting (`durability`) is made durable before the ref moves:
        by memoire's own move in its lock's round, else before libgit2's.
        """
        oid = pygit2.Oid(hex=commit)

        def swap() -> bool:
            if parent is None:
                self._durability.now()
                try:
                    self._repo.references.create(ref_name, oid)
                except pygit2.AlreadyExistsError:
                    return False
                return True
            moved = self._loose.swap(ref_name, parent, commit, REFLOG_MESSAGE)
            if moved is not None:
                return moved
            self._durability.now()
            reference = self._repo.references.get(ref_name)
            if reference is not None and str(reference.target) == commit:
                return True  # an earlier try moved it, then failed (writing its reflog, say)
            if reference is None or str(reference.target) != parent:
                return False
            reference.set_target(oid, REFLOG_MESSAGE)
            return True

        return self.despite_git_locks(ref_name, swap)

    def force(self, ref_name: str, commit: str) -> None:
        """Set a ref memoire alone keeps (the remote branch as last seen) to `commit`."""
        self.despite_git_locks(
            ref_name,
            lambda: self._repo.references.create(ref_name, pygit2.Oid(hex=commit), force=True),
        )

    def despite_git_locks[R](self, ref_name: str, action: Callable[[], R]) -> R:
        """Run a ref update, waiting out another holder of the ref's lock or of packed-refs."""
        locks = [self._gitdir / f"{ref_name}.lock", self._gitdir / "packed-refs.lock"]
        return despite_git_locks(locks, ref_name, action)

    def remove_own_locks(self, ref_names: Iterable[str], commit: str) -> None:
        """A ref lock that is empty or names `commit` was left by memoire's killed writer."""
        for ref_name in ref_names:
            lock = self._gitdir / f"{ref_name}.lock"
            with contextlib.suppress(FileNotFoundError):
                if lock.read_text(encoding="ascii", errors="replace").strip() in ("", commit):
                    lock.unlink()


def despite_git_locks[R](locks: list[Path], what: str, action: Callable[[], R]) -> R:
    """Run a Git update, waiting out another holder of its lock files, or a dead one's."""
    deadline = time.monotonic() + LOCK_TIMEOUT_SECONDS
    while True:
        try:
            return action()
        except (pygit2.GitError, OSError) as error:
            held = [lock for lock in locks if lock.exists()]
            if not held and "lock" not in str(error).lower():
                raise
            if time.monotonic() > deadline:
                raise Contention(
                    f"Git kept {what} locked ({', '.join(map(str, held)) or error}); nothing "
                    "was written. Try again; if it lasts, check that no git command is stuck."
                ) from None
            _remove_stale(held)
            time.sleep(_POLL_SECONDS)


def _remove_stale(locks: Iterable[Path]) -> None:
    for lock in locks:
        with contextlib.suppress(FileNotFoundError):
            if time.time() - lock.stat().st_mtime > STALE_GIT_LOCK_SECONDS:
                lock.unlink()
