"""A branch moved by memoire itself, by Git's protocol, with only the fsyncs that keep something.

libgit2 moves a branch by creating `<ref>.lock`, appending a line to the branch's reflog
and to HEAD's (when HEAD names the branch), then renaming the lock over the ref. With fsync
on it fsyncs each reflog *and its folder*, because it opens reflogs with O_CREAT whether or
not they exist. A folder's fsync makes durable the entries created or renamed in it; an
append to an existing reflog changes the file, not its folder. So for a reflog that was
already there, the file's fsync makes the line durable and the folder's guarantees nothing:
a power cut right after it would find the folder as it was before, which already held the
reflog. Those two fsyncs (`logs/refs/heads/` and `logs/`) are what this module saves on
each write: 16 fsyncs instead of 18 (bench/writes.md, fifth pass).

Everything else is as libgit2 does it, in its order: the lock is created with O_EXCL (held
by someone else: FileExistsError, which `refs.despite_git_locks` waits out), the branch is
read under it and compared with the parent, the new id written to the lock, a line appended
to each reflog, the lock and the reflogs fsynced (together, in one round with whatever the
write left waiting: the journal's folder, see `durability`), the lock renamed over the ref
and the ref's folder fsynced (the rename replaced or created an entry there: that fsync is
needed). A crash before the rename leaves the branch where it was, with at most a reflog
line for a move that never happened (its objects durable: their round came before) and the
lock, which the next writer removes (`remove_own_locks`); the write was not confirmed. Only
after the folder's fsync is the move durable and answered.

What is not this common case is left to libgit2 (`swap` answers None, nothing written): a
missing reflog (libgit2 decides whether to create one, from `core.logAllRefUpdates`), a
linked worktree (refs and reflogs split between two folders), a branch whose folder is not
there, a branch that is a symbolic ref.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pygit2

from .durability import Durability
from .loose_objects import write_all

_APPEND_FLAGS = os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC  # never O_CREAT: see above
_LOCK_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC


class LooseRefs:
    """Moves one repository's branches by writing their lock and reflog files."""

    def __init__(
        self, repo: pygit2.Repository, gitdir: Path, durability: Durability | None = None
    ) -> None:
        self._repo = repo
        self._gitdir = gitdir
        self._durability = durability or Durability()
        self._linked = (gitdir / "commondir").exists()  # a linked worktree: libgit2's

    def swap(self, ref_name: str, parent: str, commit: str, message: str) -> bool | None:
        """Move `ref_name` from `parent` to `commit`: True when it is there, False when it
        held something else, None when libgit2 must do it (nothing written)."""
        ref_path = self._gitdir / ref_name
        reflogs = self._reflogs(ref_name)
        if self._linked or reflogs is None or not ref_path.parent.is_dir():
            return None
        lock = ref_path.with_name(ref_path.name + ".lock")
        descriptor = os.open(lock, _LOCK_FLAGS, 0o666)
        renamed = False
        try:
            current = self._repo.references.get(ref_name)
            if current is None or current.type != pygit2.enums.ReferenceType.DIRECT:
                return None
            if str(current.target) != parent:
                return str(current.target) == commit  # an earlier try moved it, then failed
            write_all(descriptor, f"{commit}\n".encode("ascii"))
            line = _reflog_line(parent, commit, self._signature(), message)
            with appended(reflogs, line) as reflog_descriptors:
                self._durability.now(descriptor, *reflog_descriptors)  # the journal's folder too
            lock.rename(ref_path)
            renamed = True
        finally:
            os.close(descriptor)
            if not renamed:
                lock.unlink(missing_ok=True)
        self._durability.later(ref_path.parent)  # the rename replaced an entry there
        self._durability.now()
        return True

    def _reflogs(self, ref_name: str) -> list[Path] | None:
        """The reflogs a move of `ref_name` appends to (HEAD's too when HEAD names it);
        None when one of them is missing: whether to create it is libgit2's to decide."""
        reflogs = [self._gitdir / "logs" / ref_name]
        head = self._repo.references.get("HEAD")
        symbolic = pygit2.enums.ReferenceType.SYMBOLIC
        if head is not None and head.type == symbolic and head.target == ref_name:
            reflogs.append(self._gitdir / "logs" / "HEAD")
        return reflogs if all(reflog.is_file() for reflog in reflogs) else None

    def _signature(self) -> pygit2.Signature:
        """Who moved the ref, as libgit2 writes it in reflogs: the configured user, else
        "unknown"."""
        try:
            return self._repo.default_signature
        except KeyError, pygit2.GitError:
            return pygit2.Signature("unknown", "unknown")


@contextlib.contextmanager
def appended(reflogs: list[Path], line: bytes) -> Iterator[list[int]]:
    """`line` appended to each existing file, whose descriptors are open inside, to be
    fsynced: the files alone, their folders are unchanged."""
    descriptors: list[int] = []
    try:
        for reflog in reflogs:
            descriptors.append(os.open(reflog, _APPEND_FLAGS))
            write_all(descriptors[-1], line)
        yield descriptors
    finally:
        for descriptor in descriptors:
            os.close(descriptor)


def _reflog_line(old: str, new: str, who: pygit2.Signature, message: str) -> bytes:
    """One reflog line as Git and libgit2 write it: old and new ids, who and when, a tab
    and the message on one line."""
    offset = who.offset
    sign = "-" if offset < 0 else "+"
    hours, minutes = divmod(abs(offset), 60)
    text = message.replace("\n", " ").rstrip()
    return (
        f"{old} {new} {who.name} <{who.email}> {who.time} {sign}{hours:02d}{minutes:02d}\t{text}\n"
    ).encode()
