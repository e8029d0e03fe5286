"""A write's Git objects (the note's blob, the folders' trees, the commit), stored by memoire.

Each is stored as Git and libgit2 store a loose object: its id hashed (hashlib's SHA-1),
the object deflated, written to a temporary file in its fan-out folder (`objects/ab/`),
fsynced, renamed to its id, and that folder fsynced (the rename created an entry in it),
so a commit naming it is never durable before it. Blobs and commits are deflated at zlib's
level 1, as Git (`core.looseCompression`) and libgit2 do; trees at level 0 (`trees`).

What libgit2 added per object is left out: an attempt to freshen the object (utimensat),
then, as the object is not found, the pack folder read again (stat, multi-pack-index,
opendir and getdents), and a hard link then an unlink instead of a rename. And what it
left out is added: when the fan-out folder had to be created (`git gc` removes them all),
the new entry is in `objects/`, which libgit2 never fsyncs, so a power cut after the
answer could lose the folder and the object with it while the branch names it. Here a
created folder is remembered and `objects/` fsynced once for all of a commit's objects,
before the commit is handed out (`sync_new_folders`): one fsync where the trees alone made
up to two and libgit2 none.

An object the repository already holds is left to libgit2's write, which freshens it: a
`git gc` running beside the write then cannot prune it as unreachable.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import secrets
import zlib
from pathlib import Path

import pygit2
from pygit2.enums import ObjectType

DEFLATED = 1  # zlib level of loose blobs and commits, as Git's default and libgit2's
_KINDS = {ObjectType.BLOB: b"blob", ObjectType.TREE: b"tree", ObjectType.COMMIT: b"commit"}


class LooseObjects:
    """The object folder of one repository, for the objects of memoire's commits."""

    def __init__(self, repo: pygit2.Repository) -> None:
        self._repo = repo
        self._objects = objects_folder(Path(repo.path))
        self._new_folder = False  # a fan-out folder created since `objects/` was fsynced

    def write(self, kind: ObjectType, body: bytes, level: int) -> pygit2.Oid:
        """Store the object (fsynced, but see `sync_new_folders`) and return its id."""
        header = b"%s %d\0" % (_KINDS[kind], len(body))
        digest = hashlib.sha1(header, usedforsecurity=False)
        digest.update(body)
        oid = pygit2.Oid(raw=digest.digest())
        if oid in self._repo.odb:
            return self._repo.odb.write(kind, body)  # freshened, not written again
        created = _store(self._objects, str(oid), zlib.compress(header + body, level))
        self._new_folder |= created
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


def _store(objects: Path, object_id: str, data: bytes) -> bool:
    """Write a loose object: temporary file, fsync, rename, fsync of its folder. True when
    the folder was created (its entry in `objects/` is not yet durable)."""
    folder = objects / object_id[:2]
    created = False
    try:
        folder.mkdir()
        created = True
    except FileExistsError:
        pass
    temporary = folder / f"tmp_obj_memoire_{secrets.token_hex(8)}"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o444)
    try:
        try:
            write_all(descriptor, data)
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        temporary.rename(folder / object_id[2:])
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
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
