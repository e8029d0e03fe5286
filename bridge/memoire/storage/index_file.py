"""Git's index file, changed by memoire itself instead of rewritten entry by entry by libgit2.

After each commit the index must name the note's new blob, or a person's `git commit -a`
would revert the write. libgit2 serialises every entry again for that (and hashes the file
with its collision-detecting SHA-1): 4.1 ms at 10,000 notes. This module edits the file's
bytes instead: a note already in the index gets its entry's blob id and stat data changed
(same length, nothing else moves); a new note's entry is inserted at its place in Git's
order (names compared byte by byte) and a removed note's entry cut out, the entries after
it moved as one block. Copying, hashing with hashlib's SHA-1 and writing the file take
1.7 ms there (bench/writes.md). The entries' positions (`_Layout`) are kept from one write
to the next and moved along with the bytes, so a write in a row parses nothing.

The update follows Git's own protocol: it takes `index.lock`, reads the index under it,
writes the new file into the lock and renames it over the index. Like Git (whose default
`core.fsync=committed` syncs objects and refs, not the index) and libgit2 (which never
fsyncs the index, fsync on or not), it does not fsync: the commit is what is durable, and
a sync cut short by a crash is finished from memoire's fsynced journal (`worktree`), which
is removed only after the index was renamed. What this module does not know how to change
safely it leaves to libgit2 (`update` answers False, nothing written): an index of a
version other than 2 or 3, a split or sparse index (a lowercase, required extension), a
path with conflict stages or extended flags (skip-worktree, intent-to-add), entries out of
Git's order, and a new path that would sit beside a file at one of its folders' names or a
folder at its own name (libgit2 removes what is in the way; this module does not decide).

Optional extensions that summarise entries (the cache tree `TREE`, `EOIE`, `IEOT`, the
untracked cache `UNTR`, `FSMN`) are dropped, as libgit2 drops the ones it does not
know: Git rebuilds them when it needs them. The resolve-undo and conflict-name records
(`REUC`, `NAME`) are kept, as libgit2 keeps them.
"""

from __future__ import annotations

import bisect
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
    """One index file's entries: names in the file's (Git's) order, where each starts,
    the names this module must not change (conflict stages, extended flags), and where
    the entries end."""

    def __init__(
        self,
        data: bytes,
        names: list[bytes],
        offsets: list[int],
        unusable: frozenset[bytes],
        end: int,
    ) -> None:
        self.data = data
        self.names = names
        self.offsets = offsets
        self.unusable = unusable
        self.end = end

    def position(self, name: bytes) -> tuple[int, bool]:
        """Where `name` is or would go among the entries, and whether it is there."""
        at = bisect.bisect_left(self.names, name)
        return at, at < len(self.names) and self.names[at] == name

    def entry_end(self, at: int) -> int:
        return self.offsets[at + 1] if at + 1 < len(self.offsets) else self.end

    def in_the_way(self, name: bytes) -> bool:
        """A file at one of `name`'s folders, or entries below a folder named `name`."""
        folder = name + b"/"
        below, _ = self.position(folder)
        if below < len(self.names) and self.names[below].startswith(folder):
            return True
        parts = name.split(b"/")
        return any(self.position(b"/".join(parts[:depth]))[1] for depth in range(1, len(parts)))


class IndexFile:
    """The `.git/index` of one repository, for setting and removing plain blob entries."""

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
            name = path.encode("utf-8")
            if name in layout.unusable:
                return None
            at, present = layout.position(name)
            start = layout.offsets[at] + _STAT_BYTES if present else 0
            found[path] = layout.data[start : start + _ID_BYTES].hex() if present else None
        return found

    def update(self, blobs: Mapping[str, str | None]) -> bool:
        """Point each repository path's entry at its blob id, adding the entry if needed, or
        remove it for None; False (nothing written) when some change is not one this
        module makes: libgit2 must do it.

        Raises FileExistsError while someone else holds `index.lock`.
        """
        descriptor = os.open(self._lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        renamed = False
        try:
            layout = self._read()
            edited = None if layout is None else _edited(layout, blobs)
            if edited is None:
                return False
            with os.fdopen(descriptor, "wb", closefd=False) as lock:
                lock.write(edited.data)
            self._lock.replace(self._path)
            renamed = True
            self._known = edited
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
    """Every entry's name and offset; None for an index this module does not change."""
    if len(data) < _HEADER_BYTES + _ID_BYTES or data[:4] != b"DIRC":
        return None
    version = int.from_bytes(data[4:8])
    count = int.from_bytes(data[8:12])
    if version not in (2, 3) or _sha1(data[:-_ID_BYTES]) != data[-_ID_BYTES:]:
        return None
    names: list[bytes] = []
    offsets: list[int] = []
    unusable: set[bytes] = set()
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
        if names and name <= names[-1]:
            if name != names[-1]:
                return None  # out of Git's order: libgit2 decides
            unusable.add(name)  # conflict stages of one path
        if flags & (_STAGE_BITS | _EXTENDED_BIT):
            unusable.add(name)
        names.append(name)
        offsets.append(offset)
        offset += (name_end - offset + 8) & ~7
    if offset > last:
        return None
    return _Layout(data, names, offsets, frozenset(unusable), offset)


def _edited(layout: _Layout, blobs: Mapping[str, str | None]) -> _Layout | None:
    """The index with the changes made, and its layout; None when one cannot be made here.

    Each change is a span of the old entries replaced by new bytes: an entry patched in
    place, a new entry where nothing was, or nothing where a removed entry was.
    """
    spans: list[tuple[int, int, bytes]] = []  # (first entry replaced, entries replaced, bytes)
    names: dict[int, bytes] = {}  # an inserted entry's name, by the entry it goes before
    for path, blob_id in sorted(blobs.items()):
        name = path.encode("utf-8")
        if name in layout.unusable:
            return None
        at, present = layout.position(name)
        if present and blob_id is None:
            spans.append((at, 1, b""))
        elif present and blob_id is not None:
            start = layout.offsets[at]
            rest = layout.data[start + _FIXED_BYTES : layout.entry_end(at)]
            spans.append((at, 1, _fixed(name, blob_id) + rest))
        elif blob_id is not None:
            if layout.in_the_way(name):
                return None
            spans.append((at, 0, _entry(name, blob_id)))
            names[len(spans) - 1] = name
    extensions = _kept_extensions(layout.data, layout.end)
    if extensions is None:
        return None
    if not names and all(replaced and replacement for _, replaced, replacement in spans):
        return _patched(layout, spans, extensions)
    return _rebuilt(layout, spans, names, extensions)


def _patched(layout: _Layout, spans: list[tuple[int, int, bytes]], extensions: bytes) -> _Layout:
    """Entries changed where they are (same length): nothing moves, the positions stay."""
    data = bytearray(layout.data[: layout.end])
    for at, _, replacement in spans:
        start = layout.offsets[at]
        data[start : start + len(replacement)] = replacement
    data += extensions
    data += _sha1(data)
    return _Layout(bytes(data), layout.names, layout.offsets, layout.unusable, layout.end)


def _rebuilt(
    layout: _Layout,
    spans: list[tuple[int, int, bytes]],
    inserted: Mapping[int, bytes],
    extensions: bytes,
) -> _Layout:
    """The new file from the old one and its spans (in entry order), with its layout."""
    new = _NewEntries(layout)
    kept_from = 0  # the first old entry not yet copied
    for number, (at, replaced, replacement) in enumerate(spans):
        new.copy(kept_from, at)
        if replacement:
            name = inserted[number] if number in inserted else layout.names[at]
            new.add(name, replacement)
        kept_from = at + replaced
    new.copy(kept_from, len(layout.names))
    header = layout.data[:8] + len(new.names).to_bytes(4)
    body = b"".join([header, *new.pieces, extensions])
    return _Layout(body + _sha1(body), new.names, new.offsets, layout.unusable, new.written)


class _NewEntries:
    """The entries of an index being rebuilt from an old one, and where each starts."""

    def __init__(self, old: _Layout) -> None:
        self._old = old
        self.pieces: list[bytes] = []
        self.names: list[bytes] = []
        self.offsets: list[int] = []
        self.written = _HEADER_BYTES  # where the next entry starts in the new file

    def add(self, name: bytes, entry: bytes) -> None:
        self.pieces.append(entry)
        self.names.append(name)
        self.offsets.append(self.written)
        self.written += len(entry)

    def copy(self, first: int, stop: int) -> None:
        """The old entries [first, stop), moved as one block."""
        if first >= stop:
            return
        old = self._old
        start = old.offsets[first]
        end = old.offsets[stop] if stop < len(old.offsets) else old.end
        shift = self.written - start
        self.pieces.append(old.data[start:end])
        self.names.extend(old.names[first:stop])
        moved = old.offsets[first:stop]
        self.offsets.extend(moved if not shift else [offset + shift for offset in moved])
        self.written += end - start


def _fixed(name: bytes, blob_id: str) -> bytes:
    """An entry's fixed part as libgit2 adds a blob by id: no stat data, a plain flag word."""
    return _BLOB_STAT + bytes.fromhex(blob_id) + min(len(name), _NAME_LENGTH_BITS).to_bytes(2)


def _entry(name: bytes, blob_id: str) -> bytes:
    """A whole new entry: fixed part, name, and 1 to 8 NULs to a multiple of 8 bytes."""
    size = (_FIXED_BYTES + len(name) + 8) & ~7
    return (_fixed(name, blob_id) + name).ljust(size, b"\0")


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
