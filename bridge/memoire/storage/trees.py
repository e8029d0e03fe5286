"""A folder's Git tree written from the one written before it, stored uncompressed.

A tree is one object holding all of a folder's entries, so a write in a folder of 2,400
notes serialises, hashes and stores all 2,400 (156 KB) whatever changed: libgit2's
TreeBuilder takes 2.4 ms of CPU there, ~0.75 ms sorting and formatting, 0.34 ms its
collision-detecting SHA-1 and 1.3 ms deflating at zlib's fastest level. Here each entry's
bytes are kept from the last write in Git's order; a write replaces, inserts or removes a
few, joins them, hashes the object with hashlib's SHA-1 and stores it in zlib's "stored"
blocks (level 0, which Git reads like any other level; `git gc` compresses when it packs).
libgit2 cannot be asked for level 0: its loose backend then writes no zlib stream at all,
an object nothing can read.

The object is stored as Git and libgit2 store loose objects: written to a temporary file
in its folder, fsynced, renamed to its id, the folder fsynced (and `objects/` when the
folder is new), so a commit naming it is never durable before it. An object the
repository already holds is left to libgit2, which freshens it: a `git gc` running beside
the write then cannot prune it as unreachable. A tree whose entries are out of Git's
order, or a name Git refuses, is not handled here (`FolderEntries.of` answers None,
`accepts` False): the caller uses libgit2's TreeBuilder, which decides.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import hashlib
import os
import secrets
import zlib
from pathlib import Path

import pygit2
from pygit2.enums import FileMode, ObjectType

_ID_BYTES = 20
_STORED = 0  # zlib level: stored blocks, no compression
_REFUSED_NAMES = frozenset({b"", b".", b"..", b".git"})


class FolderEntries:
    """One tree's entries, each as the bytes Git stores for it, sorted as Git sorts them
    (a folder's name compared as if it ended with "/")."""

    def __init__(self, keys: list[bytes], entries: list[bytes]) -> None:
        self._keys = keys
        self._entries = entries

    @classmethod
    def of(cls, body: bytes) -> FolderEntries | None:
        """The entries of a tree object's body; None when out of order or damaged."""
        keys: list[bytes] = []
        entries: list[bytes] = []
        offset = 0
        while offset < len(body):
            space = body.find(b" ", offset)
            name_end = body.find(b"\0", space + 1)
            end = name_end + 1 + _ID_BYTES
            if space < 0 or name_end < 0 or end > len(body):
                return None
            key = _key(body[space + 1 : name_end], body[offset:space] == b"40000")
            if keys and key <= keys[-1]:
                return None
            keys.append(key)
            entries.append(body[offset:end])
            offset = end
        return cls(keys, entries)

    def __len__(self) -> int:
        return len(self._entries)

    @staticmethod
    def accepts(name: str) -> bool:
        """Whether `name` is one Git takes in a tree (else libgit2 refuses it, as before)."""
        raw = name.encode("utf-8")
        return raw.lower() not in _REFUSED_NAMES and b"/" not in raw and b"\0" not in raw

    def set(self, name: str, object_id: str | None, mode: FileMode) -> None:
        """Put `object_id` at `name` (a name it `accepts`); remove what is there for None."""
        raw = name.encode("utf-8")
        for key in (raw, raw + b"/"):
            at = bisect.bisect_left(self._keys, key)
            if at < len(self._keys) and self._keys[at] == key:
                del self._keys[at], self._entries[at]
        if object_id is not None:
            key = _key(raw, mode == FileMode.TREE)
            at = bisect.bisect_left(self._keys, key)
            self._keys.insert(at, key)
            self._entries.insert(at, b"%o %s\0" % (mode, raw) + bytes.fromhex(object_id))

    def write(self, repo: pygit2.Repository) -> pygit2.Oid:
        """Store the tree (fsynced) and return its id."""
        body = b"".join(self._entries)
        header = b"tree %d\0" % len(body)
        digest = hashlib.sha1(header, usedforsecurity=False)
        digest.update(body)
        oid = pygit2.Oid(raw=digest.digest())
        if oid in repo.odb:
            return repo.odb.write(ObjectType.TREE, body)  # freshened, not written again
        _store_loose(
            _objects_folder(Path(repo.path)), str(oid), zlib.compress(header + body, _STORED)
        )
        return oid


def _key(name: bytes, is_tree: bool) -> bytes:
    return name + b"/" if is_tree else name


@functools.lru_cache(maxsize=16)
def _objects_folder(gitdir: Path) -> Path:
    """`objects` of the repository's common folder: a linked worktree's gitdir names it.
    Kept per gitdir: where a repository keeps its objects does not move under a bridge."""
    try:
        common = (gitdir / "commondir").read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return gitdir / "objects"
    return (gitdir / common).resolve() / "objects"


def _store_loose(objects: Path, object_id: str, data: bytes) -> None:
    """Write a loose object durably: temporary file, fsync, rename, fsync of its folder."""
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
            _write_all(descriptor, data)
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        temporary.rename(folder / object_id[2:])
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        raise
    _fsync_folder(folder)
    if created:
        _fsync_folder(objects)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


def _fsync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
