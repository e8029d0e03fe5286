"""A write's Git objects (the note's blob, the folders' trees, the commit), stored durably.

As Git and libgit2 store a loose object: the id hashed (hashlib's SHA-1), the object
deflated (trees at zlib level 0, see `trees`; blobs and commits at level 1, as libgit2),
written to a temporary file in its fan-out folder (`objects/ab/`), fsynced, renamed to its
id, and that folder fsynced (the rename created an entry in it), so a commit naming it is
never durable before it. What changes is when: `write` only writes the temporary file,
and `store` makes every object written since readable at once, their files fsynced
together (`durability`), then each renamed to its id; their folders' fsyncs wait for the
next round, which comes before anything names the objects in a ref (`loose_refs`). Eight
fsyncs one after another became two rounds (bench/writes.md, sixth pass).

What libgit2 leaves out is added: when an object's fan-out folder had to be created (`git
gc` removes them all), the new entry is in `objects/`, which libgit2 never fsyncs, so a
power cut after the answer could lose the folder and the object with it while the branch
names it. Here `objects/` is fsynced in the same round as the fan-out folders whenever
one of them had to be created.

An object the repository already holds as a loose file is left to libgit2's write, which
freshens it: a `git gc` running beside the write then cannot prune it as unreachable. One
held only in a pack is written loose again, which is as fresh (asking libgit2 whether it is
anywhere cost a pack-folder rescan per object).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import secrets
import zlib
from dataclasses import dataclass
from pathlib import Path

import pygit2
from pygit2.enums import ObjectType

from .durability import Durability, fsync_together

_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
_KINDS = {ObjectType.BLOB: b"blob", ObjectType.TREE: b"tree", ObjectType.COMMIT: b"commit"}
LIBGIT2_LEVEL = 1  # zlib's fastest, as libgit2 deflates loose objects


@dataclass(frozen=True, slots=True)
class _Written:
    """An object's temporary file, open, not yet fsynced, and the name it gets."""

    descriptor: int
    temporary: Path
    stored: Path


class LooseObjects:
    """The object folder of one repository, for the objects of memoire's commits."""

    def __init__(self, repo: pygit2.Repository, durability: Durability | None = None) -> None:
        self._repo = repo
        self._objects = objects_folder(Path(repo.path))
        self.durability = durability or Durability()
        self._written: dict[str, _Written] = {}  # by object id, until `store`
        self._new_folder = False  # a fan-out folder created since `objects/` was fsynced

    def write(self, kind: ObjectType, body: bytes, level: int = LIBGIT2_LEVEL) -> pygit2.Oid:
        """The object's id; its file is written at zlib `level`, and it can be read (and
        named) only once `store` has returned."""
        header = b"%s %d\0" % (_KINDS[kind], len(body))
        digest = hashlib.sha1(header, usedforsecurity=False)
        digest.update(body)
        oid = pygit2.Oid(raw=digest.digest())
        object_id = str(oid)
        stored = self._objects / object_id[:2] / object_id[2:]
        if object_id in self._written:
            return oid
        if stored.exists():
            return self._repo.odb.write(kind, body)  # freshened, not written again
        descriptor, temporary, created = _create_temporary(stored.parent)
        self._new_folder |= created
        try:
            write_all(descriptor, zlib.compress(header + body, level))
        except BaseException:
            os.close(descriptor)
            temporary.unlink(missing_ok=True)
            raise
        self._written[object_id] = _Written(descriptor, temporary, stored)
        return oid

    def store(self) -> None:
        """Make the objects written since the last call readable: their files fsynced
        together, then each renamed to its id. Their folders (and `objects/` when one had
        to be created) are left to the durability's next round: the caller runs it before
        anything names them in a ref."""
        written, self._written = list(self._written.values()), {}
        try:
            fsync_together([each.descriptor for each in written])
            for each in written:
                each.temporary.rename(each.stored)
        except BaseException:
            for each in written:
                with contextlib.suppress(FileNotFoundError):
                    each.temporary.unlink()
            raise
        finally:
            for each in written:
                os.close(each.descriptor)
        for each in written:
            self.durability.later(each.stored.parent)
        if self._new_folder:
            self.durability.later(self._objects)
            self._new_folder = False


@functools.lru_cache(maxsize=16)
def objects_folder(gitdir: Path) -> Path:
    """`objects` of the repository's common folder: a linked worktree's gitdir names it.
    Kept per gitdir: where a repository keeps its objects does not move under a bridge."""
    try:
        common = (gitdir / "commondir").read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return gitdir / "objects"
    return (gitdir / common).resolve() / "objects"


def _create_temporary(folder: Path) -> tuple[int, Path, bool]:
    """A new temporary file in the fan-out `folder`, open; True when the folder had to be
    created (its entry in `objects/` is not yet durable)."""
    temporary = folder / f"tmp_obj_memoire_{secrets.token_hex(8)}"
    try:
        return os.open(temporary, _CREATE_FLAGS, 0o444), temporary, False
    except FileNotFoundError:  # no fan-out folder yet: asked only then, not at every write
        folder.mkdir(exist_ok=True)
        # missing a moment ago: whoever made it, it is synced as if new
        return os.open(temporary, _CREATE_FLAGS, 0o444), temporary, True


def write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]
