"""The hand-over socket's name in the memory's state folder: made, claimed and given up.

Both processes that take stdio sessions over bind it: `memoire serve` and the warm host
that `memoire stdio` starts on demand (`warm_host`). Binding is their mutex: at most one
listens, and whoever finds another listening stays out, except that `serve` asks a warm
host to retire and takes the name (its HTTP clients and stdio clients then share one
process). The folder's lock (flock on its descriptor) makes "clear a stale socket, then
bind" one step, so two processes starting at once never both think they won.

Nothing here follows a link: a link, FIFO, file or folder planted at the socket's name is
refused, a socket left by a process that crashed is replaced, one that answers is left
alone. Standard library only: a warm host that lost the race exits before importing the
memory's heavy parts.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import socket
import stat
from dataclasses import dataclass
from pathlib import Path

from ..storage.nofollow import mode_kind
from .handover import (
    FOLDER_FLAGS,
    MESSAGE_LIMIT,
    SOCKET_NAME,
    HandoverUnusable,
    address,
    message,
    socket_folder,
)

BACKLOG = 16
RETIRE_SECONDS = 5.0
"""How long `serve` waits for a warm host to give its socket up."""
RETIRE = b'{"retire": true}'
RETIRED = b'{"retired": true}'


class SocketTaken(HandoverUnusable):
    """Another live process listens at the socket's name: this one is not needed."""


@dataclass(slots=True)
class BoundSocket:
    """A listening socket at the name, the folder holding it, and the socket's identity."""

    folder: int
    folder_path: Path
    listener: socket.socket
    identity: tuple[int, int]
    """(device, inode) of the socket made here: only that one is ever removed."""
    removed: bool = False

    def remove_if_ours(self) -> None:
        """Unlinks the name if it still is this socket (a successor's is left alone), once:
        after that, a successor's socket may well have this one's freed inode number."""
        if self.removed:
            return
        with contextlib.suppress(OSError):
            status = os.stat(SOCKET_NAME, dir_fd=self.folder, follow_symlinks=False)
            if (status.st_dev, status.st_ino) == self.identity:
                os.unlink(SOCKET_NAME, dir_fd=self.folder)
                self.removed = True

    def close(self) -> None:
        self.listener.close()
        self.remove_if_ours()
        os.close(self.folder)


def bind_socket(state_dir: Path, *, take_over_host: bool) -> BoundSocket:
    """The socket, listening; SocketTaken when another process holds it (with
    `take_over_host`, only when that one is not a warm host willing to retire),
    HandoverUnusable when something else stands at a name."""
    folder_path = socket_folder(state_dir)
    folder = private_folder(folder_path)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)  # released when the descriptor closes, or below
        try:
            listener, identity = _listen(folder, folder_path, take_over_host)
        finally:
            fcntl.flock(folder, fcntl.LOCK_UN)
    except BaseException:
        os.close(folder)
        raise
    return BoundSocket(folder, folder_path, listener, identity)


def private_folder(path: Path) -> int:
    """The socket's folder, made 0700 if missing, opened without following a link; a
    descriptor the caller closes. Anything but a folder of this user's is refused."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        path.mkdir(0o700)
    try:
        folder = os.open(path, FOLDER_FLAGS)
    except OSError as error:
        raise HandoverUnusable(
            f"{path} is {_kind(path)}, not a folder ({error.strerror})"
        ) from None
    status = os.fstat(folder)
    if status.st_uid != os.geteuid():
        os.close(folder)
        raise HandoverUnusable(f"{path} belongs to uid {status.st_uid}, not to this user")
    os.fchmod(folder, 0o700)
    return folder


def _listen(
    folder: int, folder_path: Path, take_over_host: bool
) -> tuple[socket.socket, tuple[int, int]]:
    """A listening socket at SOCKET_NAME in `folder`, mode 0600, and its (device, inode)."""
    _clear(folder, folder_path, take_over_host)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET | socket.SOCK_CLOEXEC)
    try:
        try:
            listener.bind(address(folder, folder_path))  # never over anything: EADDRINUSE
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise SocketTaken(f"{folder_path / SOCKET_NAME} was taken meanwhile") from None
            raise
        identity = _restrict(folder)
        listener.listen(BACKLOG)
        listener.setblocking(False)
    except BaseException:
        listener.close()
        raise
    return listener, identity


def _clear(folder: int, folder_path: Path, take_over_host: bool) -> None:
    """Removes a socket no one answers on (or a warm host gave up, when asked); refuses
    anything else at the name."""
    shown = folder_path / SOCKET_NAME
    try:
        mode = os.stat(SOCKET_NAME, dir_fd=folder, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(mode):
        raise HandoverUnusable(
            f"{shown} is {mode_kind(mode)}, not this bridge's socket; memoire never uses it "
            "through a link. Remove it, then restart `memoire serve`"
        )
    with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET | socket.SOCK_CLOEXEC) as probe:
        probe.settimeout(1.0)
        try:
            probe.connect(address(folder, folder_path))
        except ConnectionRefusedError:
            os.unlink(SOCKET_NAME, dir_fd=folder)  # left by a process that ended without warning
            return
        if take_over_host and _retired(probe):
            return  # the warm host unlinked its socket before saying so
    raise SocketTaken(f"another bridge already takes stdio sessions through {shown}")


def _retired(probe: socket.socket) -> bool:
    """Asks the listener to retire: a warm host does (it unlinks its socket, then answers),
    a `memoire serve` does not."""
    probe.settimeout(RETIRE_SECONDS)
    try:
        probe.sendall(RETIRE)
        return message(probe.recv(MESSAGE_LIMIT)).get("retired") is True
    except OSError, ValueError:
        return False


def asks_to_retire(data: bytes) -> bool:
    try:
        return message(data) == {"retire": True}
    except ValueError:
        return False


def _restrict(folder: int) -> tuple[int, int]:
    """Mode 0600 on the socket just bound, through a descriptor of it (never a link)."""
    handle = os.open(SOCKET_NAME, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=folder)
    try:
        status = os.fstat(handle)
        if not stat.S_ISSOCK(status.st_mode):
            raise HandoverUnusable(f"{SOCKET_NAME} was replaced while the bridge made it")
        Path(f"/proc/self/fd/{handle}").chmod(0o600)
        return status.st_dev, status.st_ino
    finally:
        os.close(handle)


def _kind(path: Path) -> str:
    try:
        return mode_kind(os.lstat(path).st_mode)
    except OSError as error:
        return f"not usable ({error.strerror})"
