"""`memoire stdio` handing its pipes to a running bridge, which serves them warm.

A desktop assistant spawns `memoire stdio` for each conversation. In its own process that
start imports the MCP SDK (most of a second) and reads the memory's index cold; a running
`memoire serve` already holds both. So `memoire stdio` first looks for the bridge's
hand-over socket in the memory's state folder, sends it its standard input and output
(SCM_RIGHTS) with a small hello (client, workspace, configuration file, protocol), and
waits while the bridge serves the assistant over those very pipes. If no bridge listens,
or it refuses (another configuration, a changed one, an unknown client, too many
sessions), or anything fails before the bridge accepted, this process serves the client
itself as it always did: the hand-over only ever makes a start faster. When no one
listens at all, it first starts a warm host for the next spawn (`host_launch`).

The hand-over is Linux's (it relies on SO_PEERCRED, SOCK_SEQPACKET and /proc/self/fd);
elsewhere stdio serves itself. This module runs before anything heavy is imported: only
the standard library and the configuration, which the command line has loaded already.
The bridge's side is `stdio_host`; the socket is trusted only as its owner's (a folder
of this user's, not open to others, a socket there, and a peer of this user's uid),
never through a link.

The wire: one JSON object per SOCK_SEQPACKET message. stdio sends the hello with both
descriptors; the bridge answers `accepted` (or `refused` with a reason); stdio answers
`go`, and from then on the session is the bridge's; the bridge sends `done` when the
client has closed its input. A bridge that vanishes without `done` ends this process with
status 3; SIGTERM or SIGINT close the connection, which ends the session in the bridge.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import struct
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..config import Config, ConfigError, default_config_path, embedded_default, load_config
from ..core.errors import MemoireError

PROTOCOL = 1
FOLDER = "handover"
SOCKET_NAME = "stdio.sock"
MESSAGE_LIMIT = 16 * 1024
"""A hello is a client name, two paths and a number: a few kilobytes at most."""
CONNECT_SECONDS = 2.0
REPLY_SECONDS = 15.0
"""How long stdio waits for the bridge to accept before serving the client itself."""
EXIT_DROPPED = 3
_PEER_CREDENTIALS = struct.Struct("3i")  # pid, uid, gid
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class HandoverUnusable(Exception):
    """The hand-over cannot happen here (no bridge, an untrusted socket): serve in-process."""


@dataclass(frozen=True, slots=True)
class Hello:
    """What `memoire stdio` tells the bridge about the session it hands over."""

    client: str
    workspace: str | None
    config: str | None
    """The configuration file stdio resolved (absolute), None for the built-in default."""
    version: int = PROTOCOL

    def encoded(self) -> bytes:
        return json.dumps(asdict(self)).encode("utf-8")


def hand_over(client: str, workspace: str | None, config: Path | None) -> int | None:
    """The exit status once a running bridge has served this client; None when it did not
    take it, and this process must serve the client itself. With no one listening, a warm
    host is started for the next spawn (`host_launch`)."""
    if not sys.platform.startswith("linux"):
        return None  # SO_PEERCRED, SOCK_SEQPACKET and /proc/self/fd are Linux's
    path = configuration_path(config)
    try:
        settings = load_config(path) if path else embedded_default()
    except ConfigError, MemoireError, OSError:
        return None  # serving in-process says what is wrong, as it always did
    if not settings.access.rights(client).read:
        return None  # refused in-process, in its own words, once
    try:
        control = connect(settings.memory.state_dir)
    except FileNotFoundError, ConnectionRefusedError:  # no one listens: warm up the next
        _warm_up(settings, path)
        return None
    except MemoireError, OSError, HandoverUnusable:
        return None
    with control:
        absolute = str(Path(workspace).absolute()) if workspace else workspace
        hello = Hello(client, absolute, str(path) if path else None)
        try:
            answer = _answer(control, hello)
        except OSError, ValueError:
            return None  # the bridge never read from the pipes: they are still this process's
        if answer != "accepted":
            if answer == "retiring":  # its configuration changed: a fresh host for the next
                _warm_up(settings, path)
            return None
        _leave_the_pipes()
        return _wait_for_the_end(control)


def _warm_up(settings: Config, path: Path | None) -> None:
    """Starts a warm host for this memory, unless turned off; says once why none starts."""
    from .host_launch import keeps_warm, start_warm_host

    if not keeps_warm(settings.stdio) or not settings.memory.repository.is_dir():
        return
    try:
        start_warm_host(path, settings.memory.state_dir)
    except (HandoverUnusable, OSError) as error:
        print(f"memoire: no warm host started for later sessions: {error}", file=sys.stderr)


def configuration_path(given: Path | None) -> Path | None:
    """The configuration file a command reads, made absolute; None for the built-in default.
    Both sides of the hand-over resolve it so: the bridge serves only its own."""
    if given is None:
        given = default_config_path()
        if not given.exists():
            return None
    return given.resolve()


def socket_folder(state_dir: Path) -> Path:
    return state_dir / FOLDER


def connect(state_dir: Path) -> socket.socket:
    """A connection to the bridge's socket, trusted only as this user's own."""
    folder = os.open(socket_folder(state_dir), FOLDER_FLAGS)
    try:
        _check_private_folder(os.fstat(folder))
        mode = os.stat(SOCKET_NAME, dir_fd=folder, follow_symlinks=False).st_mode
        if not stat.S_ISSOCK(mode):
            raise HandoverUnusable(f"{SOCKET_NAME} is not a socket")
        control = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET | socket.SOCK_CLOEXEC)
        try:
            control.settimeout(CONNECT_SECONDS)
            control.connect(address(folder, socket_folder(state_dir)))
            _check_listener(control)
        except BaseException:
            control.close()
            raise
        return control
    finally:
        os.close(folder)


def address(folder: int, folder_path: Path) -> str:
    """The socket's address through the open folder: short whatever the memory's path
    (a Unix socket's path is limited to 107 bytes), and never a link swapped in on the way."""
    through_descriptor = f"/proc/self/fd/{folder}"
    if Path(through_descriptor).is_dir():
        return f"{through_descriptor}/{SOCKET_NAME}"
    return str(folder_path / SOCKET_NAME)


def peer_uid(connection: socket.socket) -> int:
    """The uid of the process at the other end, from the kernel (SO_PEERCRED)."""
    raw = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEER_CREDENTIALS.size)
    return int(_PEER_CREDENTIALS.unpack(raw)[1])


def _check_listener(control: socket.socket) -> None:
    if peer_uid(control) != os.geteuid():
        raise HandoverUnusable("the socket's listener is another user")


def _check_private_folder(status: os.stat_result) -> None:
    if status.st_uid != os.geteuid() or status.st_mode & 0o077:
        raise HandoverUnusable("the socket's folder is not this user's alone")


def message(data: bytes) -> dict[str, Any]:
    """One JSON object of the wire; ValueError for anything else."""
    decoded = json.loads(data.decode("utf-8"))
    if isinstance(decoded, dict):
        return decoded
    raise ValueError("not a JSON object")


def _answer(control: socket.socket, hello: Hello) -> str:
    """Sends the hello and both pipes. "accepted" once the bridge accepted and was told to
    go; "refused", or "retiring" when the refusing warm host gave its socket up."""
    socket.send_fds(control, [hello.encoded()], [sys.stdin.fileno(), sys.stdout.fileno()])
    control.settimeout(REPLY_SECONDS)
    reply = message(control.recv(MESSAGE_LIMIT))
    if reply.get("accepted") is not True:
        refusal = reply.get("refused")
        if isinstance(refusal, str):
            print(
                f"memoire: the running bridge did not take this session: {refusal}; "
                "serving it in this process.",
                file=sys.stderr,
            )
        return "retiring" if reply.get("retiring") is True else "refused"
    control.sendall(b'{"go": true}')
    return "accepted"


def _leave_the_pipes() -> None:
    """The bridge serves the client now: this process neither reads nor writes the pipes,
    and lets go of them, so the client sees the end as soon as the bridge closes them."""
    nothing = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)
    os.dup2(nothing, sys.stdin.fileno())
    os.dup2(nothing, sys.stdout.fileno())
    os.close(nothing)


class _Signalled(BaseException):
    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def _signalled(number: int, _frame: object) -> None:
    raise _Signalled(number)


def _wait_for_the_end(control: socket.socket) -> int:
    """0 when the bridge says the session ended, 3 when the bridge vanished mid-session.
    SIGTERM and SIGINT close the connection (the bridge ends the session), then end this
    process as the signal would have."""
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, _signalled)
    control.settimeout(None)
    try:
        while True:
            data = control.recv(MESSAGE_LIMIT)
            if not data:
                return EXIT_DROPPED
            if _says_done(data):
                return 0
    except ConnectionError:
        return EXIT_DROPPED
    except _Signalled as signalled:
        control.close()
        signal.signal(signalled.number, signal.SIG_DFL)
        signal.raise_signal(signalled.number)
        return 128 + signalled.number


def _says_done(data: bytes) -> bool:
    try:
        return message(data).get("done") is True
    except ValueError:
        return False
