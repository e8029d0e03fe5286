"""Git's index file, changed by memoire itself instead of rewritten entry by entry by libgit2.

After each commit the index must name the note's new blob, or a person's `git commit -a`
would revert the write. libgit2 serialises every entry again for that (and hashes the file
with its collision-detecting SHA-1): 4.1 ms at 10,000 notes. This module edits the file's
bytes instead: a note already in the index gets its entry's blob id and stat data changed
(same length, nothing else moves); a new note's entry is inserted at its place in Git's
order (names compared byte by byte) and a removed note's entry cut out, the entries after
it moved as one block. The entries' positions (`_Layout`) are kept from one write to the
next and moved along with the bytes, so a write in a row parses nothing. The file's bytes
are kept too, and an entry changed in place is changed in them, not in a copy (a fresh
0.9 MB buffer costs its page faults); and so is the SHA-1 state after each 64 KiB of them
(`_Checksum`), so the checksum is taken again only from the changed entry on: about half
the file on average, for the one part of the write that is all arithmetic
(bench/writes.md, fourth pass).

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
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

_HEADER_BYTES = 12
_FIXED_BYTES = 62  # stat data (40), object id (20), flags (2)
_ID_BYTES = 20  # SHA-1; a repository of SHA-256 objects has another layout and falls back
_STAT_BYTES = 40
_STAGE_BITS = 0x3000
_EXTENDED_BIT = 0x4000
_NAME_LENGTH_BITS = 0x0FFF
_KEPT_EXTENSIONS = frozenset({b"REUC", b"NAME"})
_BLOB_STAT = bytes(24) + (stat.S_IFREG | 0o644).to_bytes(4) + bytes(12)  # as libgit2 adds
_CHECKPOINT_BYTES = 1 << 16
_SPARE_BYTES = 1 << 16  # room in the read buffer for new entries (~80 bytes each)


class _Checksum:
    """The SHA-1 that ends an index, with the hash's state kept after every 64 KiB: a
    change at some offset hashes again only from the checkpoint before it."""

    def __init__(self) -> None:
        self._states: list[Any] = [hashlib.sha1(usedforsecurity=False)]  # after i * 64 KiB

    def seal(self, data: bytearray, changed_from: int) -> None:
        """Write the checksum of `data` (all but its last 20 bytes) into them; the bytes
        before `changed_from` must be those the states were taken on."""
        content = len(data) - _ID_BYTES
        del self._states[min(changed_from, content) // _CHECKPOINT_BYTES + 1 :]
        state = self._states[-1].copy()
        position = (len(self._states) - 1) * _CHECKPOINT_BYTES
        view = memoryview(data)
        while position + _CHECKPOINT_BYTES <= content:
            state.update(view[position : position + _CHECKPOINT_BYTES])
            position += _CHECKPOINT_BYTES
            self._states.append(state.copy())
        state.update(view[position:content])
        view.release()
        data[content:] = state.digest()


class _Layout:
    """One index file's entries: names in the file's (Git's) order, where each starts,
    the names this module must not change (conflict stages, extended flags), and where
    the entries end."""

    def __init__(
        self,
        data: bytearray,
        names: list[bytes],
        offsets: list[int],
        unusable: frozenset[bytes],
        end: int,
        *,
        checksum: _Checksum,
    ) -> None:
        self.data = data
        self.names = names
        self.offsets = offsets
        self.unusable = unusable
        self.end = end
        self.checksum = checksum

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
        self._buffer = bytearray()  # where the file is read, to compare with what is known

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

    def update(
        self, blobs: Mapping[str, str | None], before_rename: Callable[[], None] | None = None
    ) -> bool:
        """Point each repository path's entry at its blob id, adding the entry if needed, or
        remove it for None; False (nothing written) when some change is not one this
        module makes: libgit2 must do it. `before_rename` is called once the new index is
        written, just before it is put in place (what must be durable before it, is).

        Raises FileExistsError while someone else holds `index.lock`.
        """
        descriptor = os.open(self._lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        renamed = False
        try:
            layout = self._read()
            # `layout` itself may be edited now: until the new file is in place it is
            # forgotten, so should the write fail the next read parses the file again.
            self._known = None
            edited = None if layout is None else _edited(layout, blobs)
            if edited is None:
                return False
            with os.fdopen(descriptor, "wb", closefd=False) as lock:
                lock.write(edited.data)
            if before_rename is not None:
                before_rename()
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
        known = self._known
        if known is not None and self._holds(known):
            return known
        data = self._read_file()
        if data is None:
            return None
        known = self._known
        if known is None or known.data != data:
            self._known = _parse(bytearray(data))
        data.release()
        return self._known

    def _holds(self, known: _Layout) -> bool:
        """Whether the file is still the one `known` was read from or written as, told by
        its size and the SHA-1 of its content that ends it: reading and comparing the whole
        0.9 MB (at 10,000 notes) twice per write cost ~0.3 ms. Git and libgit2 replace
        the index whole (a new file renamed over it) and end it with that checksum, so a
        file with other entries ends otherwise. An index without a checksum
        (`index.skipHash`: twenty zeros) is always read whole."""
        trailer = bytes(known.data[-_ID_BYTES:])
        if trailer == bytes(_ID_BYTES):
            return False
        try:
            descriptor = os.open(self._path, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            return False
        try:
            size = os.fstat(descriptor).st_size
            return (
                size == len(known.data)
                and os.pread(descriptor, _ID_BYTES, size - _ID_BYTES) == trailer
            )
        finally:
            os.close(descriptor)

    def _read_file(self) -> memoryview | None:
        """The file's bytes, read into a buffer kept from read to read (a new 0.9 MB one
        costs its page faults), with room to spare for new entries; None when the file is
        missing or grew while read (libgit2 then reads it)."""
        try:
            file = self._path.open("rb", buffering=0)
        except FileNotFoundError:
            return None
        with file:
            size = os.fstat(file.fileno()).st_size
            if not size < len(self._buffer) <= 2 * size + _SPARE_BYTES:
                self._buffer = bytearray(size + _SPARE_BYTES)
            read = file.readinto(memoryview(self._buffer)[: size + 1])
        return memoryview(self._buffer)[:size] if read == size else None


def _parse(data: bytearray) -> _Layout | None:
    """Every entry's name and offset; None for an index this module does not change."""
    if len(data) < _HEADER_BYTES + _ID_BYTES or data[:4] != b"DIRC":
        return None
    version = int.from_bytes(data[4:8])
    count = int.from_bytes(data[8:12])
    stored = data[-_ID_BYTES:]
    checksum = _Checksum()
    checksum.seal(data, 0)
    if version not in (2, 3) or data[-_ID_BYTES:] != stored:
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
        name = bytes(data[start:name_end])
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
    return _Layout(data, names, offsets, frozenset(unusable), offset, checksum=checksum)


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
    """Entries changed where they are (same length): nothing moves, the positions stay;
    the bytes are changed in place unless extensions are dropped."""
    data = layout.data
    if data[layout.end : -_ID_BYTES] != extensions:
        data = data[: layout.end] + extensions + bytes(_ID_BYTES)
    for at, _, replacement in spans:
        start = layout.offsets[at]
        data[start : start + len(replacement)] = replacement
    first = min((layout.offsets[at] for at, _, _ in spans), default=layout.end)
    layout.checksum.seal(data, first)
    layout.data = data
    return layout


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
    data = bytearray().join([header, *new.pieces, extensions, bytes(_ID_BYTES)])
    checksum = _Checksum()  # the old layout's states stay its own: its write may fail
    checksum.seal(data, 0)  # the entry count, in the header, changed
    return _Layout(data, new.names, new.offsets, layout.unusable, new.written, checksum=checksum)


class _NewEntries:
    """The entries of an index being rebuilt from an old one, and where each starts."""

    def __init__(self, old: _Layout) -> None:
        self._old = old
        self.pieces: list[bytes | memoryview] = []
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
        self.pieces.append(memoryview(old.data)[start:end])
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


def _kept_extensions(data: bytearray, offset: int) -> bytes | None:
    """The extensions libgit2 would keep; None when one is required and unknown here."""
    kept = bytearray()
    end = len(data) - _ID_BYTES
    while offset < end:
        signature = bytes(data[offset : offset + 4])
        size = int.from_bytes(data[offset + 4 : offset + 8])
        following = offset + 8 + size
        if not b"A" <= signature[:1] <= b"Z" or following > end:
            return None  # a split or sparse index, or damage: libgit2 decides
        if signature in _KEPT_EXTENSIONS:
            kept += data[offset:following]
        offset = following
    return bytes(kept)
