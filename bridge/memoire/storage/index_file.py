"""Git's index file, changed where a note's entry already is instead of rewritten by libgit2.

After each commit the index must name the note's new blob, or a person's `git commit -a`
would revert the write. libgit2 serialises every entry again for that (and hashes the file
with its collision-detecting SHA-1): 4.1 ms at 10,000 notes. A note that is already in the
index only needs its entry's blob id (and stat data) changed; the entry keeps its length,
so every other byte stays where it is, and copying, patching, hashing with hashlib's SHA-1
and writing the file take 1.7 ms there (bench/writes.md).

The update follows Git's own protocol: it takes `index.lock`, reads the index under it,
writes the new file into the lock and renames it over the index. Like Git (whose default
`core.fsync=committed` syncs objects and refs, not the index) and libgit2 (which never
fsyncs the index, fsync on or not), it does not fsync: the commit is what is durable, and
a sync cut short by a crash is finished from memoire's fsynced journal (`worktree`), which
is removed only after the index was renamed. What this module does not know how to change
safely it leaves to libgit2 (`update` answers False, nothing written): an index of a
version other than 2 or 3, a split or sparse index (a lowercase, required extension), a
path missing from the index, or one with conflict stages or extended flags.

Optional extensions that summarise entries (the cache tree `TREE`, `EOIE`, `IEOT`, the
untracked cache `UNTR`, `FSMN`) are dropped, as libgit2 drops the ones it does not
know: Git rebuilds them when it needs them. The resolve-undo and conflict-name records
(`REUC`, `NAME`) are kept, as libgit2 keeps them.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

_HEADER_BYTES = 12
_FIXED_BYTES = 62  # stat data (40), object id (20), flags (2)
_ID_BYTES = 20  # SHA-1; a repository of SHA-256 objects has another layout and falls back
_STAT_BYTES = 40
_STAGE_BITS = 0x3000
_EXTENDED_BIT = 0x4000
_NAME_LENGTH_BITS = 0x0FFF
_KEPT_EXTENSIONS = frozenset({b"REUC", b"NAME"})
_BLOB_STAT = bytes(24) + (stat.S_IFREG | 0o644).to_bytes(4) + bytes(12)  # as libgit2 adds


class _Layout:
    """Where each plain entry of one index file starts, and where its entries end."""

    def __init__(self, data: bytes, offsets: dict[bytes, int], end: int) -> None:
        self.data = data
        self.offsets = offsets
        self.end = end


class IndexFile:
    """The `.git/index` of one repository, for changing the blob ids of existing entries."""

    def __init__(self, gitdir: Path) -> None:
        self._path = gitdir / "index"
        self._lock = gitdir / "index.lock"
        self._known: _Layout | None = None  # the file as this process last read or wrote it

    def blob_ids(self, paths: Iterable[str]) -> dict[str, str | None] | None:
        """Each repository path's blob id in the index (None: not there); None when some
        path is not a plain entry, or the index not one this module reads: ask libgit2."""
        layout = self._read()
        if layout is None:
            return None
        found: dict[str, str | None] = {}
        for path in paths:
            offset = layout.offsets.get(path.encode("utf-8"))
            if offset is not None and offset < 0:
                return None
            found[path] = (
                None
                if offset is None
                else layout.data[offset + _STAT_BYTES : offset + _STAT_BYTES + _ID_BYTES].hex()
            )
        return found

    def update(self, blobs: Mapping[str, str]) -> bool:
        """Point each repository path's entry at its blob id; False (nothing written) when
        some path is not a plain entry this module can change: libgit2 must do it.

        Raises FileExistsError while someone else holds `index.lock`.
        """
        descriptor = os.open(self._lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        renamed = False
        try:
            layout = self._read()
            data = None if layout is None else _patched(layout, blobs)
            if data is None:
                return False
            with os.fdopen(descriptor, "wb", closefd=False) as lock:
                lock.write(data)
            self._lock.replace(self._path)
            renamed = True
            assert layout is not None
            self._known = _Layout(data, layout.offsets, layout.end)
        finally:
            os.close(descriptor)
            if not renamed:
                with contextlib.suppress(FileNotFoundError):
                    self._lock.unlink()
        return True

    def _read(self) -> _Layout | None:
        try:
            data = self._path.read_bytes()
        except FileNotFoundError:
            return None
        known = self._known
        if known is not None and known.data == data:
            return known
        self._known = _parse(data)
        return self._known


def _parse(data: bytes) -> _Layout | None:
    """Every plain entry's offset; None for an index this module does not change."""
    if len(data) < _HEADER_BYTES + _ID_BYTES or data[:4] != b"DIRC":
        return None
    version = int.from_bytes(data[4:8])
    count = int.from_bytes(data[8:12])
    if version not in (2, 3) or _sha1(data[:-_ID_BYTES]) != data[-_ID_BYTES:]:
        return None
    offsets: dict[bytes, int] = {}
    offset = _HEADER_BYTES
    last = len(data) - _ID_BYTES
    for _ in range(count):
        if offset + _FIXED_BYTES > last:
            return None  # fewer entries than the header says: damaged, libgit2 decides
        flags = int.from_bytes(data[offset + _FIXED_BYTES - 2 : offset + _FIXED_BYTES])
        start = offset + _FIXED_BYTES + (2 if flags & _EXTENDED_BIT else 0)
        name_end = data.find(b"\0", start, last)
        if name_end < 0:
            return None
        name = data[start:name_end]
        plain = not flags & (_STAGE_BITS | _EXTENDED_BIT) and name not in offsets
        offsets[name] = offset if plain else -1  # -1: conflict stages or flags: libgit2's
        offset += (name_end - offset + 8) & ~7
    if offset > last:
        return None
    return _Layout(data, offsets, offset)


def _patched(layout: _Layout, blobs: Mapping[str, str]) -> bytes | None:
    """The index with the entries' ids replaced; None when one cannot be changed here."""
    data = bytearray(layout.data[: layout.end])
    for path, blob_id in blobs.items():
        offset = layout.offsets.get(path.encode("utf-8"), -1)
        if offset < 0:
            return None
        name_length = min(len(path.encode("utf-8")), _NAME_LENGTH_BITS)
        entry = _BLOB_STAT + bytes.fromhex(blob_id) + name_length.to_bytes(2)
        data[offset : offset + _FIXED_BYTES] = entry
    extensions = _kept_extensions(layout.data, layout.end)
    if extensions is None:
        return None
    data += extensions
    data += _sha1(data)
    return bytes(data)


def _kept_extensions(data: bytes, offset: int) -> bytes | None:
    """The extensions libgit2 would keep; None when one is required and unknown here."""
    kept = bytearray()
    end = len(data) - _ID_BYTES
    while offset < end:
        signature = data[offset : offset + 4]
        size = int.from_bytes(data[offset + 4 : offset + 8])
        following = offset + 8 + size
        if not b"A" <= signature[:1] <= b"Z" or following > end:
            return None  # a split or sparse index, or damage: libgit2 decides
        if signature in _KEPT_EXTENSIONS:
            kept += data[offset:following]
        offset = following
    return bytes(kept)


def _sha1(data: bytes | bytearray) -> bytes:
    """The index's checksum: it detects damage, it protects nothing."""
    return hashlib.sha1(data, usedforsecurity=False).digest()
