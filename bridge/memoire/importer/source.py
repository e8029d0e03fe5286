"""The folder being imported, walked and read without ever leaving it.

Every folder is opened relative to the one before it with O_NOFOLLOW, and every file with
O_NOFOLLOW and O_NONBLOCK and checked with fstat before a byte is read: a link (to
anywhere), a FIFO, a socket or a device is reported and never opened, so nothing outside
SOURCE is ever read and the walk never blocks. No more of a file is read than a note
could hold, so a huge file costs nothing. A folder swapped for a link between the walk and
the read is refused the same way.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InvalidArgument
from ..core.layout import LAYOUTS

MAX_DEPTH = 64  # folders deeper than this are reported, not walked
MARKDOWN_SUFFIXES = (".md", ".markdown")
UTF8_MAX_BYTES_PER_CHAR = 4
_DIRECTORY_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_KNOWN_HIDDEN_FOLDERS = {
    ".obsidian": "Obsidian's settings",
    ".trash": "Obsidian's trash",
    ".git": "Git's own data",
}


@dataclass(frozen=True, slots=True)
class Entry:
    """A name found in SOURCE: a Markdown file to read (`problem` None), or why it is skipped."""

    parts: tuple[str, ...]
    problem: str | None = None
    is_folder: bool = False


@dataclass(frozen=True, slots=True)
class Contents:
    data: bytes
    modified: float  # seconds since the epoch


class Unreadable(Exception):
    """A file that cannot be imported; the message says why, never what it holds."""


def walk(root: Path, excluded: frozenset[tuple[int, int]] = frozenset()) -> list[Entry]:
    """Every name under `root`, folders before what they hold, in name order.

    `excluded` holds the (device, inode) of folders never to walk (the memory itself).
    """
    found: list[Entry] = []
    descriptor = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        _walk_folder(descriptor, (), excluded, found)
    finally:
        os.close(descriptor)
    return found


def _walk_folder(
    descriptor: int,
    parts: tuple[str, ...],
    excluded: frozenset[tuple[int, int]],
    found: list[Entry],
) -> None:
    for name in sorted(os.listdir(descriptor)):
        here = (*parts, name)
        try:
            status = os.stat(name, dir_fd=descriptor, follow_symlinks=False)
        except OSError as error:
            found.append(Entry(here, f"cannot be looked at ({error.strerror})"))
            continue
        is_folder = stat.S_ISDIR(status.st_mode)
        problem = _problem(name, status, len(parts), excluded)
        if problem is not None or not is_folder:
            found.append(Entry(here, problem, is_folder))
            continue
        try:
            child = os.open(name, _DIRECTORY_FLAGS, dir_fd=descriptor)
        except OSError as error:
            found.append(Entry(here, f"cannot be opened ({error.strerror})", is_folder=True))
            continue
        try:
            _walk_folder(child, here, excluded, found)
        finally:
            os.close(child)


def _problem(
    name: str, status: os.stat_result, depth: int, excluded: frozenset[tuple[int, int]]
) -> str | None:
    """Why a name is not imported, judged on its own lstat; None for a folder to walk or a
    Markdown file to read."""
    mode = status.st_mode
    if _has_undecodable_bytes(name):
        return "its name is not valid UTF-8; rename it"
    if name.startswith("."):
        known = _KNOWN_HIDDEN_FOLDERS.get(name) if stat.S_ISDIR(mode) else None
        return f"hidden ({known})" if known else "hidden (its name starts with a dot)"
    if stat.S_ISLNK(mode):
        return "a symbolic link; links are never followed, so nothing outside SOURCE is read"
    if stat.S_ISDIR(mode):
        if (status.st_dev, status.st_ino) in excluded:
            return "the memory itself; it is not imported into itself"
        if depth + 1 >= MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} folders deep"
        return None
    if not stat.S_ISREG(mode):
        return f"{_kind(mode)}, not a regular file"
    if not is_markdown(name):
        return "not a Markdown file (.md)"
    return None


def is_markdown(name: str) -> bool:
    return name.lower().endswith(MARKDOWN_SUFFIXES)


def read(root: Path, parts: tuple[str, ...], note_chars: int) -> Contents:
    """The bytes of SOURCE/parts, read through no link and never more than a note of
    `note_chars` characters can take; Unreadable says why not."""
    limit_bytes = note_chars * UTF8_MAX_BYTES_PER_CHAR
    with _folder(root, parts[:-1]) as descriptor:
        try:
            handle = os.open(parts[-1], _READ_FLAGS, dir_fd=descriptor)
        except OSError as error:
            raise Unreadable(_open_failure(descriptor, parts[-1], error)) from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise Unreadable(f"{_kind(status.st_mode)}, not a regular file")
        if status.st_size > limit_bytes:
            raise Unreadable(_too_large(status.st_size, note_chars))
        data = b"".join(_chunks(handle, limit_bytes + 1))
    finally:
        os.close(handle)
    if len(data) > limit_bytes:  # it grew after fstat
        raise Unreadable(_too_large(len(data), note_chars))
    return Contents(data, status.st_mtime)


@contextlib.contextmanager
def _folder(root: Path, parts: tuple[str, ...]) -> Iterator[int]:
    """A descriptor of root/parts, each folder opened without following a link."""
    descriptor = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for part in parts:
            try:
                child = os.open(part, _DIRECTORY_FLAGS, dir_fd=descriptor)
            except OSError:
                raise Unreadable(
                    f"the folder {part!r} on its way stopped being a folder during the "
                    "import; links are never followed"
                ) from None
            os.close(descriptor)
            descriptor = child
        yield descriptor
    finally:
        os.close(descriptor)


def _chunks(handle: int, most: int) -> Iterator[bytes]:
    left = most
    while left > 0:
        chunk = os.read(handle, min(left, 1 << 20))
        if not chunk:
            return
        left -= len(chunk)
        yield chunk


def _open_failure(descriptor: int, name: str, error: OSError) -> str:
    try:
        mode = os.stat(name, dir_fd=descriptor, follow_symlinks=False).st_mode
    except OSError:
        return f"cannot be read ({error.strerror})"
    if stat.S_ISLNK(mode):
        return "a symbolic link; links are never followed, so nothing outside SOURCE is read"
    return f"cannot be read ({error.strerror})"


def _too_large(size: int, note_chars: int) -> str:
    return (
        f"{size:,} bytes, more than a note may hold ({note_chars:,} characters); "
        "split it into smaller notes by hand"
    )


def _kind(mode: int) -> str:
    kinds = (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISDIR, "a folder"),
    )
    return next((kind for test, kind in kinds if test(mode)), "not a regular file")


def _has_undecodable_bytes(name: str) -> bool:
    """os.listdir gives undecodable bytes of a name as lone surrogates."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def checked_source(source: Path, memory: Path) -> Path:
    """SOURCE as a folder outside the memory; InvalidArgument with what to do otherwise."""
    folder, memory = source.expanduser().resolve(), memory.resolve()
    if not folder.exists():
        raise InvalidArgument(f"{source} does not exist; give the folder of notes to import.")
    if not folder.is_dir():
        raise InvalidArgument(f"{source} is a file; give the folder that holds your notes.")
    if folder == memory or memory in folder.parents:
        raise InvalidArgument(
            f"{source} is the memory itself (or inside it); give a folder outside {memory}."
        )
    try:
        os.scandir(folder).close()
    except OSError as error:
        raise InvalidArgument(
            f"{source} cannot be read ({error.strerror}); run the import as a user who may read it."
        ) from None
    return folder


def sensitive_folders(source: Path, folders: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """Each --sensitive FOLDER as its path inside SOURCE; it must be a folder there."""
    found = set()
    for given in folders:
        path = Path(given).expanduser()
        inside = path.resolve() if path.is_absolute() else (source / path).resolve()
        if inside == source or source not in inside.parents or not inside.is_dir():
            raise InvalidArgument(
                f"--sensitive {given}: no such folder inside {source}; give a folder of "
                "SOURCE, relative to it (e.g. --sensitive health)."
            )
        found.add(inside.relative_to(source).parts)
    return frozenset(found)


def folder_identity(folder: Path) -> frozenset[tuple[int, int]]:
    """The (device, inode) of a folder, to leave it out of a walk; empty if it is missing."""
    try:
        status = folder.stat()
    except OSError:
        return frozenset()
    return frozenset({(status.st_dev, status.st_ino)})


def describe(source: Path) -> str:
    """What kind of notes folder SOURCE looks like, for the report's first line."""
    if _is(source / ".obsidian", stat.S_ISDIR):
        return "an Obsidian vault"
    for layout in LAYOUTS.values():
        if _is(source / layout.profile, stat.S_ISREG):
            return f"a memory in the {layout.name} layout"
    return "a folder of Markdown"


def _is(path: Path, kind: Callable[[int], bool]) -> bool:
    try:
        return kind(os.lstat(path).st_mode)
    except OSError:
        return False
