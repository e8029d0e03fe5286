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

The socket is made without following any link (`handover_socket`): a link, FIFO, file or
folder planted at its name is refused (the bridge then serves HTTP only and says why), a
socket left by a bridge that crashed is replaced, one that answers is another bridge's and
left alone, unless it is a warm host's (`warm_host`), which gives it to `memoire serve`.
"""

from __future__ import annotations

import array
import contextlib
import json
import logging
import os
import select
import socket
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

from ..core.acl import AccessTable
from ..core.scopes import new_session_key
from ..service import MemoryService
from .caller import Caller
from .handover import (
    MESSAGE_LIMIT,
    PROTOCOL,
    SOCKET_NAME,
    HandoverUnusable,
    Hello,
    message,
    peer_uid,
)
from .handover_socket import RETIRED, BoundSocket, asks_to_retire, bind_socket
from .mcp_mount import SDK_SETTLED
from .served_config import ServedConfig
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
_TWO_DESCRIPTORS = socket.CMSG_SPACE(2 * array.array("i").itemsize)


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
    """`memoire serve` taking stdio sessions over while the block runs (a warm host holding
    the socket is asked to retire). `clients`: the configuration file's access table,
    without approved OAuth rows. Without a usable socket the bridge serves on, and each
    stdio client starts its own process, as before."""
    if not sys.platform.startswith("linux"):
        yield  # the hand-over is Linux's: elsewhere each stdio client serves itself
        return
    try:
        bound = bind_socket(service.config.memory.state_dir, take_over_host=True)
    except (HandoverUnusable, OSError) as error:
        logger.warning("stdio clients will each run in their own process: %s", error)
        yield
        return
    host = StdioHost(service, served, clients, sdk_ready, bound)
    try:
        yield
    finally:
        host.stop()


class StdioHost:
    """The listening socket, its accepting thread, and a thread per handed-over session.

    A warm host (`warm`) also retires: when asked by a starting `memoire serve`, or when a
    hello shows its configuration file changed. Retiring unlinks its socket at once (the
    next stdio process finds no one and starts a fresh host) and stops accepting; the
    sessions under way go on; once `retired` and `idle_seconds()` says none runs, its owner
    stops it."""

    def __init__(
        self,
        service: MemoryService,
        served: ServedConfig,
        clients: AccessTable,
        sdk_ready: threading.Event,
        bound: BoundSocket,
        *,
        warm: bool = False,
    ) -> None:
        self._service = service
        self._served = served
        self._clients = clients
        self._sdk_ready = sdk_ready
        self._bound = bound
        self._warm = warm
        self._stop_reading, self._stop_writing = os.pipe2(os.O_CLOEXEC)
        self._retire_reading, self._retire_writing = os.pipe2(os.O_CLOEXEC)
        self._sessions: set[threading.Thread] = set()
        self._last_session_end = time.monotonic()
        self.retired = False
        self._lock = threading.Lock()
        self._accepting = threading.Thread(
            target=self._accept, name="memoire-stdio-host", daemon=True
        )
        self._accepting.start()
        logger.info("stdio clients are served here through %s", bound.folder_path / SOCKET_NAME)

    def idle_seconds(self) -> float | None:
        """How long no session has run; None while one runs."""
        with self._lock:
            if self._sessions:
                return None
            return time.monotonic() - self._last_session_end

    def retire(self, reason: str) -> None:
        """Gives the socket's name up and stops accepting; the sessions under way go on."""
        with self._lock:
            if self.retired:
                return
            self.retired = True
            self._bound.remove_if_ours()
        logger.info("This warm host retires: %s", reason)
        _mark(self._retire_writing)

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
        self._bound.close()

    def _accept(self) -> None:
        waiting = select.poll()
        waiting.register(self._bound.listener, select.POLLIN)
        ends = (self._stop_reading, self._retire_reading)
        for end in ends:
            waiting.register(end, select.POLLIN)
        while not any(fd in ends for fd, _ in waiting.poll()):
            try:
                connection, _ = self._bound.listener.accept()
            except BlockingIOError:
                continue
            except OSError as error:  # out of descriptors: the backlog waits, stdio falls back
                logger.warning("Could not accept a stdio hand-over: %s", error)
                waiting.poll(100)
                continue
            self._start(connection)
        self._bound.listener.close()  # a connection still waiting is refused: it serves itself

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
                self._last_session_end = time.monotonic()

    def _take_over(self, connection: socket.socket, descriptors: list[int]) -> None:
        data, truncated = _receive(connection, descriptors)
        if asks_to_retire(data):
            self._asked_to_retire(connection)
            return
        try:
            hello = _hello_with(data, truncated, descriptors)
        except ValueError as error:
            _refuse(connection, f"not a hello this bridge understands: {error}")
            return
        refusal = self._refusal(hello)
        if refusal is not None:
            _refuse(connection, refusal, retiring=self.retired)
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
        if self._served.changed():
            shown = served or "a configuration file"
            if self._warm:
                self.retire(f"{shown} changed since it started")
                return f"{shown} changed since this warm host started; it retires"
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

    def _asked_to_retire(self, connection: socket.socket) -> None:
        """A same-uid process (checked before) asks for the socket: a starting `serve`."""
        if not self._warm:
            _refuse(connection, "a bridge serving HTTP keeps its socket")
            return
        self.retire("`memoire serve` takes stdio sessions over")
        connection.sendall(RETIRED)


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


def _refuse(connection: socket.socket, reason: str, *, retiring: bool = False) -> None:
    """`retiring`: this warm host gave its socket up, and the stdio process may start a
    fresh one."""
    logger.warning("Refused a stdio hand-over: %s", reason)
    answer: dict[str, object] = {"refused": reason}
    if retiring:
        answer["retiring"] = True
    connection.sendall(json.dumps(answer).encode("utf-8"))
