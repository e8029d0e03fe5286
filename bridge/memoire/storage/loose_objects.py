"""A write's Git objects (the note's blob, the folders' trees, the commit), stored durably.

Trees are stored by this module (`trees` keeps their entries serialised and stores them
uncompressed, which libgit2 cannot): as Git and libgit2 store a loose object, the id
hashed (hashlib's SHA-1), the object deflated, written to a temporary file in its fan-out
folder (`objects/ab/`), fsynced, renamed to its id, and that folder fsynced (the rename
created an entry in it), so a commit naming it is never durable before it. The blob and
the signed commit are hashed here and stored by libgit2, whose C does the same a little
faster (its freshening attempt and pack-folder rescan included).

What libgit2 leaves out is added: when an object's fan-out folder had to be created (`git
gc` removes them all), the new entry is in `objects/`, which libgit2 never fsyncs, so a
power cut after the answer could lose the folder and the object with it while the branch
names it. Here a folder missing before its object was written is remembered, and
`objects/` fsynced once for all of a commit's objects before the commit is handed out
(`sync_new_folders`): one fsync where the trees alone made up to two and libgit2 none.

An object the repository already holds as a loose file is left to libgit2's write, which
freshens it: a `git gc` running beside the write then cannot prune it as unreachable. One
held only in a pack is written loose again, which is as fresh (asking libgit2 whether it is
anywhere cost a pack-folder rescan per object).
"""

from __future__ import annotations

import functools
import hashlib
import os
import secrets
import zlib
from pathlib import Path

import pygit2
from pygit2.enums import ObjectType

_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
_KINDS = {ObjectType.BLOB: b"blob", ObjectType.TREE: b"tree", ObjectType.COMMIT: b"commit"}


class LooseObjects:
    """The object folder of one repository, for the objects of memoire's commits."""

    def __init__(self, repo: pygit2.Repository) -> None:
        self._repo = repo
        self._objects = objects_folder(Path(repo.path))
        self._new_folder = False  # a fan-out folder created since `objects/` was fsynced

    def write(self, kind: ObjectType, body: bytes, level: int | None = None) -> pygit2.Oid:
        """Store the object (fsynced, but see `sync_new_folders`) and return its id: at
        zlib `level` by this module, or for None by libgit2 (level 1, in C: ~0.05 ms less
        per object than this module's Python, measured alone)."""
        header = b"%s %d\0" % (_KINDS[kind], len(body))
        digest = hashlib.sha1(header, usedforsecurity=False)
        digest.update(body)
        oid = pygit2.Oid(raw=digest.digest())
        object_id = str(oid)
        stored = self._objects / object_id[:2] / object_id[2:]
        if level is None:
            self._new_folder |= not stored.parent.is_dir()
            return self._repo.odb.write(kind, body)
        if stored.exists():
            return self._repo.odb.write(kind, body)  # freshened, not written again
        self._new_folder |= _store(stored, zlib.compress(header + body, level))
        return oid

    def sync_new_folders(self) -> None:
        """Make durable the fan-out folders created since the last call: before anything
        that names the objects inside them is published."""
        if self._new_folder:
            fsync_folder(self._objects)
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


def _store(stored: Path, data: bytes) -> bool:
    """Write a loose object: temporary file, fsync, rename, fsync of its folder. True when
    the folder had to be created (its entry in `objects/` is not yet durable)."""
    folder = stored.parent
    temporary = folder / f"tmp_obj_memoire_{secrets.token_hex(8)}"
    created = False
    try:
        descriptor = os.open(temporary, _CREATE_FLAGS, 0o444)
    except FileNotFoundError:  # no fan-out folder yet: asked only then, not at every write
        folder.mkdir(exist_ok=True)
        created = True  # missing a moment ago: whoever made it, it is synced as if new
        descriptor = os.open(temporary, _CREATE_FLAGS, 0o444)
    try:
        try:
            write_all(descriptor, data)
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        temporary.rename(stored)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    fsync_folder(folder)
    return created


def write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


def fsync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
