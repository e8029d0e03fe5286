"""File operations that never follow a link and never touch anything but a regular file.

Anyone who can push to the shared remote, or any local process, can put a symbolic link,
a FIFO or a folder at a name memoire is about to use. So every folder on the way is opened
with O_NOFOLLOW relative to the one before it, every file is opened with O_NOFOLLOW and
O_NONBLOCK and checked with fstat before it is read, and a new file is created under a
random name with O_EXCL in a folder of memoire's own, then renamed onto the note: a rename
replaces a name, it never writes through it. Anything unexpected is a refusal that says
what is in the way, never a write elsewhere and never a hang.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from ..core.errors import InvalidPath, UnusableStateFile
from .durability import Durability

TEMPORARY_MARK = ".memoire-tmp"
_SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")
_DIRECTORY_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_MOVE_IT_AWAY = "Put a folder of its own there, then try again."
_WHAT_TO_DO = (
    "memoire never follows links and writes only regular files, never FIFOs, folders or "
    "devices. Remove or rename it (commit that if it is tracked), then try again."
)


def temporary_prefix(name: str) -> str:
    """How a temporary for `name` beside it starts; no tracked file may start so."""
    return f".{name}{TEMPORARY_MARK}"


def refusal(shown: str, problem: str) -> InvalidPath:
    return InvalidPath(f"{shown} {problem} in the working tree; {_WHAT_TO_DO}")


@contextlib.contextmanager
def folder(root: Path, parts: list[str], shown: str, *, create: bool) -> Iterator[int | None]:
    """A descriptor of root/parts, walked one name at a time without following any link.

    None when a folder on the way is missing and `create` is False.
    """
    descriptor = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for part in parts:
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, dir_fd=descriptor)
            try:
                child = os.open(part, _DIRECTORY_FLAGS, dir_fd=descriptor)
            except FileNotFoundError:
                yield None
                return
            except OSError as error:
                kind = kind_at(descriptor, part, error)
                raise refusal(shown, f"has {part!r} on its way, which is {kind}") from None
            os.close(descriptor)
            descriptor = child
        yield descriptor
    finally:
        os.close(descriptor)


def file_kind(directory: int, name: str, shown: str) -> str | None:
    """None when nothing is at `name`, "file" for a regular file; a refusal for anything else."""
    try:
        mode = os.stat(name, dir_fd=directory, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return None
    except OSError as error:
        raise refusal(shown, f"cannot be looked at ({error.strerror})") from None
    if not stat.S_ISREG(mode):
        raise refusal(shown, f"is {mode_kind(mode)}, not a regular file")
    return "file"


def read_regular(directory: int, name: str, shown: str) -> bytes | None:
    """The file's bytes; None when missing; a refusal for a link, FIFO, folder or device."""
    opened = _open_regular(directory, name, shown)
    if opened is None:
        return None
    with os.fdopen(opened[0], "rb") as handle:
        return handle.read()


def regular_head(directory: int, name: str, shown: str, most: int) -> tuple[int, bytes] | None:
    """A regular file's size and first `most` bytes, without reading the rest; None when
    missing; a refusal for a link, FIFO, folder or device."""
    opened = _open_regular(directory, name, shown)
    if opened is None:
        return None
    descriptor, size = opened
    with os.fdopen(descriptor, "rb") as handle:
        return size, handle.read(most)


def _open_regular(directory: int, name: str, shown: str) -> tuple[int, int] | None:
    """An open descriptor on a regular file and its size, never through a link; None when
    missing."""
    try:
        descriptor = os.open(name, _READ_FLAGS, dir_fd=directory)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise refusal(shown, f"is {kind_at(directory, name, error)}") from None
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode):
        os.close(descriptor)
        raise refusal(shown, f"is {mode_kind(status.st_mode)}, not a regular file")
    return descriptor, status.st_size


def replace_file(
    directory: int,
    name: str,
    data: bytes,
    scratch: Path,
    shown: str,
    *,
    prepared: str | None = None,
    sync_folder: Callable[[int], None] = os.fsync,
) -> None:
    """Put `data` at `name` atomically: written and synced elsewhere, then renamed onto it.

    `prepared` names a temporary in `scratch` already holding `data`, synced
    (`new_temporary`); `sync_folder` is handed the folder's descriptor after the rename
    (it must be fsynced before anything relies on the new name; the descriptor is closed
    once this returns).
    """
    file_kind(directory, name, shown)
    scratch_descriptor = os.open(scratch, _DIRECTORY_FLAGS)
    try:
        temporary = prepared or _create_temporary(scratch_descriptor, f"{TEMPORARY_MARK}-", data)
        try:
            os.rename(temporary, name, src_dir_fd=scratch_descriptor, dst_dir_fd=directory)
        except OSError as error:
            os.unlink(temporary, dir_fd=scratch_descriptor)
            if error.errno != errno.EXDEV:
                raise
            _replace_within(directory, name, data)
    finally:
        os.close(scratch_descriptor)
    sync_folder(directory)


def new_temporary(scratch: Path, data: bytes, sync: Callable[[int], None]) -> str:
    """A temporary in memoire's `scratch` folder holding `data`, for `replace_file` to put
    in place later; `sync` is handed its descriptor once written (and may keep a copy)."""
    scratch_descriptor = os.open(scratch, _DIRECTORY_FLAGS)
    try:
        return _create_temporary(scratch_descriptor, f"{TEMPORARY_MARK}-", data, sync=sync)
    finally:
        os.close(scratch_descriptor)


def remove_temporary(scratch: Path, name: str) -> None:
    """A temporary `new_temporary` made that is not needed any more."""
    scratch_descriptor = os.open(scratch, _DIRECTORY_FLAGS)
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name, dir_fd=scratch_descriptor)
    finally:
        os.close(scratch_descriptor)


def write_state_file(
    file: Path,
    data: bytes,
    scratch: Path | None = None,
    *,
    mode: int = 0o644,
    owner_may_link_folder: bool = False,
    replace: bool = True,
    durability: Durability | None = None,
) -> bool:
    """Put one of memoire's own small files (tokens, key, journal, records) in place whole.

    The bytes are written and fsynced under a random name created with O_EXCL|O_NOFOLLOW
    (in `scratch`, else beside the file), with `mode` from the first instant (0600: never
    readable by others, not even while being written), then renamed onto `file`: a
    rename replaces a name and never writes through a link planted there, and a crash
    before it leaves the old file as it was. The file's folder is opened with O_NOFOLLOW
    unless `owner_may_link_folder`: a configuration folder kept as a link into a dotfiles
    repository is its owner's choice, followed; the file itself never is. Without
    `replace`, a file already there is kept (two processes creating the first key agree
    on one); returns whether `data` was put in place. The folder is fsynced after the
    rename, so the file is there after a power cut as soon as this returns; with
    `durability` (a write's journal), the file's fsync joins that write's next round and
    the folder's waits for the round after it.
    """
    folder_flags = _DIRECTORY_FLAGS & ~os.O_NOFOLLOW if owner_may_link_folder else _DIRECTORY_FLAGS
    try:
        folder = os.open(file.parent, folder_flags)
    except OSError as error:
        if error.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        kind = mode_kind(os.lstat(file.parent).st_mode)
        raise _unusable(file.parent, kind, _MOVE_IT_AWAY) from None
    try:
        where = folder if scratch is None else os.open(scratch, _DIRECTORY_FLAGS)
        try:
            prefix = f"{temporary_prefix(file.name)}-" if scratch is None else f"{TEMPORARY_MARK}-"
            sync = os.fsync if durability is None else durability.now
            temporary = _create_temporary(where, prefix, data, mode, sync)
            try:
                placed = _put_in_place(where, temporary, folder, file.name, replace=replace)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temporary, dir_fd=where)
        finally:
            if where != folder:
                os.close(where)
        if placed and durability is not None:
            durability.later(file.parent)
        elif placed:
            # The new name is durable only once its folder is: without this a power cut could
            # lose a confirmed write's journal, a new token or the first memory key.
            os.fsync(folder)
    finally:
        os.close(folder)
    return placed


def _put_in_place(where: int, temporary: str, folder: int, name: str, *, replace: bool) -> bool:
    if replace:
        os.rename(temporary, name, src_dir_fd=where, dst_dir_fd=folder)
        return True
    try:
        os.link(temporary, name, src_dir_fd=where, dst_dir_fd=folder, follow_symlinks=False)
    except FileExistsError:
        return False
    return True


def read_own_file(
    path: Path,
    limit: int,
    what_to_do: str,
    *,
    follow: bool = False,
    if_copied: str | None = None,
) -> bytes | None:
    """One of memoire's own small files (configuration, tokens, key, attributes); None when
    missing.

    A FIFO, folder or device there, a link (unless `follow`: memoire.toml may be a user's
    dotfile link), or more than `limit` bytes is a refusal that names the file and ends
    with `what_to_do`. With `if_copied` (what to do if someone may have copied it: the
    memory key), a file other users may read is refused too, saying to chmod it. All is
    decided before a byte is read: never a hang on a FIFO, never /dev/zero read without
    end, never a secret used while others can read it.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno != errno.ELOOP:  # permissions and the like: the caller's to explain
            raise
        raise _unusable(path, "a symbolic link", what_to_do) from None
    try:
        _check_own(path, os.fstat(descriptor), limit, what_to_do, if_copied)
    except BaseException:
        os.close(descriptor)
        raise
    with os.fdopen(descriptor, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise _too_large(path, limit, what_to_do)
    return data


def _check_own(
    path: Path, status: os.stat_result, limit: int, what_to_do: str, if_copied: str | None
) -> None:
    if not stat.S_ISREG(status.st_mode):
        raise _unusable(path, f"{mode_kind(status.st_mode)}, not a regular file", what_to_do)
    if status.st_size > limit:
        raise _too_large(path, limit, what_to_do)
    if if_copied is not None and status.st_mode & 0o077:
        raise UnusableStateFile(
            f"{path} can be read by other users; run `chmod 600 {path}`, then try again "
            f"(and {if_copied} if someone may have copied it)."
        )


def _too_large(path: Path, limit: int, what_to_do: str) -> UnusableStateFile:
    return UnusableStateFile(f"{path} is over {limit:,} bytes, too large to be read. {what_to_do}")


def check_own_file(path: Path, what_to_do: str) -> None:
    """Nothing, or a regular file, at `path` (not followed): what a database may be opened on."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise _unusable(path, f"{mode_kind(mode)}, not a regular file", what_to_do)


def check_sqlite_files(database: Path, what_to_do: str) -> list[Path]:
    """`check_own_file` on a SQLite database and the files SQLite keeps beside it (it follows
    links and blocks on FIFOs); returns them all, checked."""
    files = [database.with_name(database.name + suffix) for suffix in ("", *_SQLITE_SIDE_FILES)]
    for file in files:
        check_own_file(file, what_to_do)
    return files


def _unusable(path: Path, kind: str, what_to_do: str) -> UnusableStateFile:
    return UnusableStateFile(
        f"{path} is {kind}: memoire uses its own files only when they are regular files, "
        f"never through links, FIFOs or devices. {what_to_do}"
    )


def remove_file(directory: int, name: str, shown: str) -> None:
    if file_kind(directory, name, shown) is not None:
        os.unlink(name, dir_fd=directory)


def _replace_within(directory: int, name: str, data: bytes) -> None:
    """The fallback when memoire's folder is on another filesystem than the note."""
    temporary = _create_temporary(directory, f"{temporary_prefix(name)}-", data)
    try:
        os.rename(temporary, name, src_dir_fd=directory, dst_dir_fd=directory)
    except OSError:
        os.unlink(temporary, dir_fd=directory)
        raise


def _create_temporary(
    directory: int,
    prefix: str,
    data: bytes,
    mode: int = 0o644,
    sync: Callable[[int], None] = os.fsync,
) -> str:
    """A new file under a random name no one could have prepared, synced; returns its name."""
    while True:
        name = prefix + secrets.token_hex(8)
        try:
            descriptor = os.open(name, _CREATE_FLAGS, mode, dir_fd=directory)
        except FileExistsError:
            continue
        break
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            sync(handle.fileno())
    except BaseException:
        os.unlink(name, dir_fd=directory)
        raise
    return name


def kind_at(directory: int, name: str, error: OSError) -> str:
    """What made opening `name` fail, told by looking at it without following it."""
    try:
        return mode_kind(os.stat(name, dir_fd=directory, follow_symlinks=False).st_mode)
    except OSError:
        return f"not usable ({error.strerror})"


def mode_kind(mode: int) -> str:
    """What stands at a name, as a refusal says it ("a symbolic link", "a FIFO", "a device")."""
    kinds = {
        stat.S_ISLNK: "a symbolic link",
        stat.S_ISDIR: "a folder",
        stat.S_ISFIFO: "a FIFO",
        stat.S_ISSOCK: "a socket",
        stat.S_ISCHR: "a device",
        stat.S_ISBLK: "a device",
        stat.S_ISREG: "a file",
    }
    return next((kind for test, kind in kinds.items() if test(mode)), "not a regular file")
