"""`memoire serve` taking over `memoire stdio` sessions: warm MCP for desktop assistants.

A stdio process that finds this bridge's socket hands it the assistant's pipes (see
`handover`); the bridge serves that client there, with the SDK it has loaded already and
the memory it holds open, each session in its own thread beside the HTTP clients.

Who may connect. The socket lives in a folder of the memory's state folder that only this
user may enter (0700; the socket itself 0600), and a connection is served only when the
kernel says its peer runs under this bridge's uid (SO_PEERCRED). Such a process can already
run `memoire stdio --client anything` on this memory itself, with the same access table:
the socket grants nothing it does not already have. It is served with exactly those
rights: the client's row of the configuration file (never an OAuth app's approved row), a
workspace looked up on this disk, a session key of its own; an unknown client, another
configuration, or a configuration changed since the bridge loaded it is refused, and the
stdio process then serves itself as it always did.

The socket is made without following any link: a link, FIFO, file or folder planted at
its name is refused (the bridge then serves HTTP only and says why), a socket left by a
bridge that crashed is replaced, one that answers is another bridge's and left alone.
"""

from __future__ import annotations

import array
import contextlib
import hashlib
import json
import logging
import os
import select
import socket
import stat
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config import CONFIG_LIMIT
from ..core.acl import AccessTable
from ..core.errors import UnusableStateFile
from ..core.scopes import new_session_key
from ..service import MemoryService
from ..storage.nofollow import mode_kind, read_own_file
from .caller import Caller
from .handover import (
    FOLDER_FLAGS,
    MESSAGE_LIMIT,
    PROTOCOL,
    SOCKET_NAME,
    HandoverUnusable,
    Hello,
    address,
    configuration_path,
    message,
    peer_uid,
    socket_folder,
)
from .mcp_mount import SDK_SETTLED
from .watched_pipes import client_streams

logger = logging.getLogger(__name__)

MAX_SESSIONS = 64
"""Hand-over sessions at once; past it a stdio process serves itself."""
HELLO_SECONDS = 5.0
"""How long a connection may take to send its hello, or its go once accepted."""
SDK_WAIT_SECONDS = 10.0
"""How long a session waits for the bridge's MCP side to load, just after the bridge starts."""
STOP_WAIT_SECONDS = 10.0
"""How long a stopping bridge waits for its sessions' calls under way, all together."""
_BACKLOG = 16
_TWO_DESCRIPTORS = socket.CMSG_SPACE(2 * array.array("i").itemsize)


@dataclass(frozen=True, slots=True)
class ServedConfig:
    """The configuration file the bridge serves, as it was when the bridge loaded it."""

    given: Path | None
    """What `--config` said (None: the user's default file, else the built-in memory)."""
    path: Path | None
    digest: str | None


def config_seen(given: Path | None) -> ServedConfig:
    """Taken before the configuration is loaded: a change made after is then caught."""
    path = configuration_path(given)
    return ServedConfig(given, path, _digest(path))


def peer_refusal(peer: int, own: int) -> str | None:
    """Why a connection from a process of uid `peer` is not served by a bridge of uid `own`."""
    if peer != own:
        return f"its process runs as uid {peer}, not as this bridge's user (uid {own})"
    return None


def parse_hello(data: bytes) -> Hello:
    """The stdio process's hello; ValueError saying what is wrong with anything else."""
    fields = message(data)
    if fields.get("version") != PROTOCOL:
        raise ValueError(f"protocol {fields.get('version')!r} is not this bridge's ({PROTOCOL})")
    if set(fields) != {"client", "workspace", "config", "version"}:
        raise ValueError("the hello must hold client, workspace, config and version only")
    client, workspace, config = fields["client"], fields["workspace"], fields["config"]
    if not isinstance(client, str) or not all(
        value is None or isinstance(value, str) for value in (workspace, config)
    ):
        raise ValueError("client is text; workspace and config are text or null")
    return Hello(client, workspace, config)


def _hello_with(data: bytes, truncated: bool, descriptors: list[int]) -> Hello:
    if truncated:
        raise ValueError("a hello too long, or with more than two descriptors")
    hello = parse_hello(data)
    if len(descriptors) != 2:
        raise ValueError("send exactly two descriptors, standard input and output")
    return hello


@contextlib.contextmanager
def hosting(
    service: MemoryService,
    served: ServedConfig,
    clients: AccessTable,
    sdk_ready: threading.Event = SDK_SETTLED,
) -> Iterator[None]:
    """Takes stdio sessions over while the block runs. `clients`: the configuration file's
    access table, without approved OAuth rows. Without a usable socket the bridge serves on,
    and each stdio client starts its own process, as before."""
    if not sys.platform.startswith("linux"):
        yield  # the hand-over is Linux's: elsewhere each stdio client serves itself
        return
    try:
        host = StdioHost(service, served, clients, sdk_ready)
    except (HandoverUnusable, OSError) as error:
        logger.warning("stdio clients will each run in their own process: %s", error)
        yield
        return
    try:
        yield
    finally:
        host.stop()


class StdioHost:
    """The listening socket, its accepting thread, and a thread per handed-over session."""

    def __init__(
        self,
        service: MemoryService,
        served: ServedConfig,
        clients: AccessTable,
        sdk_ready: threading.Event,
    ) -> None:
        self._service = service
        self._served = served
        self._clients = clients
        self._sdk_ready = sdk_ready
        self._folder_path = socket_folder(service.config.memory.state_dir)
        self._folder = _private_folder(self._folder_path)
        try:
            self._listener, self._identity = _listen(self._folder, self._folder_path)
        except BaseException:
            os.close(self._folder)
            raise
        self._stop_reading, self._stop_writing = os.pipe2(os.O_CLOEXEC)
        self._sessions: set[threading.Thread] = set()
        self._lock = threading.Lock()
        self._accepting = threading.Thread(
            target=self._accept, name="memoire-stdio-host", daemon=True
        )
        self._accepting.start()
        logger.info("stdio clients are served here through %s", self._folder_path / SOCKET_NAME)

    def stop(self) -> None:
        """Stops accepting, ends every session (their clients see the end of output), and
        removes the socket if it is still this bridge's."""
        os.write(self._stop_writing, b"x")
        deadline = time.monotonic() + STOP_WAIT_SECONDS
        self._accepting.join(STOP_WAIT_SECONDS)
        with self._lock:
            sessions = list(self._sessions)
        for session in sessions:  # a tool call under way finishes; a write lands whole
            session.join(max(0.0, deadline - time.monotonic()))
        self._listener.close()
        _remove_if_ours(self._folder, self._identity)
        os.close(self._folder)

    def _accept(self) -> None:
        waiting = select.poll()
        waiting.register(self._listener, select.POLLIN)
        waiting.register(self._stop_reading, select.POLLIN)
        while not any(fd == self._stop_reading for fd, _ in waiting.poll()):
            try:
                connection, _ = self._listener.accept()
            except BlockingIOError:
                continue
            except OSError as error:  # out of descriptors: the backlog waits, stdio falls back
                logger.warning("Could not accept a stdio hand-over: %s", error)
                waiting.poll(100)
                continue
            self._start(connection)

    def _start(self, connection: socket.socket) -> None:
        with self._lock:
            if len(self._sessions) >= MAX_SESSIONS:
                logger.warning("%d stdio sessions already; one more serves itself", MAX_SESSIONS)
                connection.close()
                return
            session = threading.Thread(
                target=self._session, args=(connection,), name="memoire-stdio", daemon=True
            )
            self._sessions.add(session)
        session.start()

    def _session(self, connection: socket.socket) -> None:
        descriptors: list[int] = []
        try:
            with connection:
                refusal = peer_refusal(peer_uid(connection), os.geteuid())
                if refusal is not None:
                    logger.warning("Refused a stdio hand-over: %s", refusal)
                    return
                connection.setblocking(True)
                connection.settimeout(HELLO_SECONDS)
                self._take_over(connection, descriptors)
        except (OSError, ValueError) as error:
            logger.info("A stdio hand-over ended early: %s", error)
        except Exception:
            logger.exception("A stdio hand-over failed")
        finally:
            for descriptor in descriptors:
                os.close(descriptor)
            with self._lock:
                self._sessions.discard(threading.current_thread())

    def _take_over(self, connection: socket.socket, descriptors: list[int]) -> None:
        data, truncated = _receive(connection, descriptors)
        try:
            hello = _hello_with(data, truncated, descriptors)
        except ValueError as error:
            _refuse(connection, f"not a hello this bridge understands: {error}")
            return
        refusal = self._refusal(hello)
        if refusal is not None:
            _refuse(connection, refusal)
            return
        if not self._sdk_ready.wait(SDK_WAIT_SECONDS):
            _refuse(connection, "the bridge is still starting")
            return
        from .mcp import build_server

        caller = Caller(hello.client, workspace=hello.workspace, session=new_session_key())
        server = build_server(self._service, caller)
        connection.sendall(b'{"accepted": true}')
        if message(connection.recv(MESSAGE_LIMIT)).get("go") is not True:
            return  # the stdio process serves itself: the pipes were never read here
        logger.info("Serving stdio client %s handed over by its process", hello.client)
        self._serve(server, connection, descriptors)
        connection.sendall(b'{"done": true}')

    def _refusal(self, hello: Hello) -> str | None:
        served = self._served.path
        if hello.config != (served and str(served)):
            return (
                f"it serves {served or 'the built-in memory'}, not "
                f"{hello.config or 'the built-in memory'}"
            )
        if configuration_path(self._served.given) != served or _digest(served) != (
            self._served.digest
        ):
            shown = served or "a configuration file"
            return f"{shown} changed since it started; restart `memoire serve` to serve it"
        if not self._clients.rights(hello.client).read:
            known = ", ".join(sorted(self._clients.clients())) or "none"
            return f"client {hello.client!r} has no read right in the access table ({known})"
        return None

    def _serve(self, server: Any, connection: socket.socket, descriptors: list[int]) -> None:
        """The session, until the client closes its input, the stdio process its
        connection, or the bridge stops."""
        from .mcp import run_pipes

        ending_reading, ending_writing = os.pipe2(os.O_CLOEXEC)
        stops = (connection.fileno(), self._stop_reading, ending_reading)
        reader, writer = client_streams(
            descriptors[0], descriptors[1], stops, lambda: _mark(ending_writing)
        )
        try:
            run_pipes(server, reader, writer)
        except* OSError as broken:  # the client went away mid-answer: routine, not a crash
            logger.info("A stdio session's pipes broke: %s", broken.exceptions[0])
        finally:
            for stream in (writer, reader):
                with contextlib.suppress(OSError, ValueError):
                    stream.close()
            for descriptor in (ending_reading, ending_writing, *descriptors):
                os.close(descriptor)
            descriptors.clear()  # closed: the client sees the end of its output now


def _mark(descriptor: int) -> None:
    with contextlib.suppress(OSError):
        os.write(descriptor, b"x")


def _receive(connection: socket.socket, descriptors: list[int]) -> tuple[bytes, bool]:
    """One message, and whether it or the descriptors sent with it were cut short; the
    descriptors go into `descriptors`, for the caller to close whatever happens.
    ValueError when the connection closed without a message."""
    data, ancillary, flags, _ = connection.recvmsg(
        MESSAGE_LIMIT, _TWO_DESCRIPTORS, socket.MSG_CMSG_CLOEXEC
    )
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            received = array.array("i")
            received.frombytes(payload[: len(payload) - len(payload) % received.itemsize])
            descriptors.extend(received)
    if not data:
        raise ValueError("the connection closed before its hello")
    return data, bool(flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC))


def _refuse(connection: socket.socket, reason: str) -> None:
    logger.warning("Refused a stdio hand-over: %s", reason)
    connection.sendall(json.dumps({"refused": reason}).encode("utf-8"))


def _digest(path: Path | None) -> str | None:
    """The file's SHA-256, "unreadable" if it cannot be read now; None without a file."""
    if path is None:
        return None
    try:
        data = read_own_file(path, CONFIG_LIMIT, "", follow=True)
    except OSError, UnusableStateFile:
        return "unreadable"
    return hashlib.sha256(data).hexdigest() if data is not None else "missing"


def _private_folder(path: Path) -> int:
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


def _listen(folder: int, folder_path: Path) -> tuple[socket.socket, tuple[int, int]]:
    """A listening socket at SOCKET_NAME in `folder`, mode 0600, and its (device, inode)."""
    _clear_stale(folder, folder_path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET | socket.SOCK_CLOEXEC)
    try:
        listener.bind(address(folder, folder_path))  # never over anything: EADDRINUSE
        identity = _restrict(folder)
        listener.listen(_BACKLOG)
        listener.setblocking(False)
    except BaseException:
        listener.close()
        raise
    return listener, identity


def _clear_stale(folder: int, folder_path: Path) -> None:
    """Removes a socket no bridge answers on; refuses anything else at the name."""
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
            os.unlink(SOCKET_NAME, dir_fd=folder)  # left by a bridge that ended without warning
            return
    raise HandoverUnusable(f"another bridge already takes stdio sessions through {shown}")


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


def _remove_if_ours(folder: int, identity: tuple[int, int]) -> None:
    with contextlib.suppress(OSError):
        status = os.stat(SOCKET_NAME, dir_fd=folder, follow_symlinks=False)
        if (status.st_dev, status.st_ino) == identity:
            os.unlink(SOCKET_NAME, dir_fd=folder)


def _kind(path: Path) -> str:
    try:
        return mode_kind(os.lstat(path).st_mode)
    except OSError as error:
        return f"not usable ({error.strerror})"
