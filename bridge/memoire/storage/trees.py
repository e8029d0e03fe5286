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

The object is stored by `loose_objects`, as every object of a commit memoire writes. A tree
whose entries are out of Git's order, or a name Git refuses, is not handled here
(`FolderEntries.of` answers None, `accepts` False): the caller uses libgit2's TreeBuilder,
which decides.
"""

from __future__ import annotations

import bisect

import pygit2
from pygit2.enums import FileMode, ObjectType

from .loose_objects import LooseObjects

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

    def write(self, objects: LooseObjects) -> pygit2.Oid:
        """Store the tree and return its id."""
        return objects.write(ObjectType.TREE, b"".join(self._entries), _STORED)


def _key(name: bytes, is_tree: bool) -> bytes:
    return name + b"/" if is_tree else name
