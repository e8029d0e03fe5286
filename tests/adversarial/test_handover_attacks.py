"""Attacks on the stdio hand-over socket of `memoire serve`.

Anything planted at the socket's name (a link, a FIFO, a folder) or at its folder's is
refused and never followed or opened; a socket left by a crashed bridge is replaced; a
process of another uid is not served; garbage, silence or a connection closed early on
the socket never stops the bridge from serving the next client, and never costs a stdio
process its pipes. Real `memoire serve` processes; real descriptors sent with SCM_RIGHTS.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_socket

from memoire.adapters.handover import (
    FOLDER,
    MESSAGE_LIMIT,
    PROTOCOL,
    SOCKET_NAME,
    HandoverUnusable,
    connect,
)
from memoire.adapters.stdio_host import parse_hello, peer_refusal

from ..bridges import HttpBridge, running_bridge, stdio_client
from ..conftest import write_config
from ..handover_bridges import handing_over_bridge, handovers, log_of
from ..test_mcp import READ_TOOLS, WRITE_TOOLS, tool_names
from .bounded import within_bounded_time

NOBODY = 65534
NOT_HOSTING = "stdio clients will each run in their own process"


@pytest.fixture(autouse=True)
def _unix_sockets() -> None:
    """Home Assistant's test plugin lets tests connect to 127.0.0.1 only; these connect to
    the bridge's Unix socket as a stdio process does (the next test's setup resets it)."""
    pytest_socket.socket_allow_hosts(["127.0.0.1"], allow_unix_socket=True)


@pytest.fixture
def config(tmp_path: Path, repository: Path) -> Path:
    return write_config(tmp_path, repository)


@pytest.fixture
def folder(repository: Path) -> Path:
    return repository / ".git" / "memoire" / FOLDER


@pytest.fixture
def bridge(config: Path, repository: Path) -> Iterator[HttpBridge]:
    with handing_over_bridge(config, repository) as running:
        yield running


def wait_for_log(bridge: HttpBridge, text: str) -> str:
    deadline = time.monotonic() + 30
    while text not in (log := log_of(bridge)):
        assert time.monotonic() < deadline, log
        time.sleep(0.05)
    return log


def hello(config_file: Path, **changes: object) -> bytes:
    fields = {"client": "desk", "workspace": None, "config": str(config_file.resolve())}
    return json.dumps({**fields, "version": PROTOCOL, **changes}).encode()


async def still_handed_over(bridge: HttpBridge, config: Path, served_before: int) -> None:
    """The bridge, after whatever the test did, still takes a real client over."""
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    assert handovers(bridge, "voice") == served_before + 1


@pytest.mark.parametrize("planted", ["link", "FIFO", "folder"])
async def test_anything_planted_at_the_socket_name_is_refused_and_never_followed(
    config: Path, repository: Path, folder: Path, tmp_path: Path, planted: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder.mkdir(parents=True, mode=0o700)
    name = folder / SOCKET_NAME
    if planted == "link":
        name.symlink_to(elsewhere / "target.sock")
    elif planted == "FIFO":
        os.mkfifo(name)
    else:
        name.mkdir()
    kind = {"link": "a symbolic link", "FIFO": "a FIFO", "folder": "a folder"}[planted]
    with running_bridge(config) as bridge:
        log = wait_for_log(bridge, NOT_HOSTING)
        assert f"{name} is {kind}, not this bridge's socket" in log
        async with stdio_client(config, "desk") as desk:  # served in its own process
            assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
        assert handovers(bridge, "desk") == 0
    assert list(elsewhere.iterdir()) == []
    assert {"link": stat.S_ISLNK, "FIFO": stat.S_ISFIFO, "folder": stat.S_ISDIR}[planted](
        name.lstat().st_mode
    ), "what was planted is left as it was"


def test_a_link_planted_at_the_folder_name_is_refused(
    config: Path, folder: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.symlink_to(elsewhere)
    with running_bridge(config) as bridge:
        assert f"{folder} is a symbolic link, not a folder" in wait_for_log(bridge, NOT_HOSTING)
    assert list(elsewhere.iterdir()) == []


def test_stdio_never_connects_through_a_link_or_an_open_folder(
    bridge: HttpBridge, config: Path, repository: Path, tmp_path: Path, folder: Path
) -> None:
    """The stdio side trusts the socket only as its user's own: a link to a live bridge's
    socket, or a folder others may enter, is not connected to."""
    other = tmp_path / "other" / ".git" / "memoire"
    (other / FOLDER).mkdir(parents=True, mode=0o700)
    (other / FOLDER / SOCKET_NAME).symlink_to(folder / SOCKET_NAME)
    with pytest.raises(HandoverUnusable, match="not a socket"):
        connect(other)
    folder.chmod(0o755)
    try:
        with pytest.raises(HandoverUnusable, match="not this user's alone"):
            connect(repository / ".git" / "memoire")
    finally:
        folder.chmod(0o700)
    connect(repository / ".git" / "memoire").close()


async def test_a_socket_left_by_a_crashed_bridge_is_replaced(
    config: Path, repository: Path, folder: Path
) -> None:
    folder.mkdir(parents=True, mode=0o700)
    with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as crashed:
        crashed.bind(str(folder / SOCKET_NAME))  # bound, never listening: no one answers
    with running_bridge(config) as bridge:
        wait_for_log(bridge, "stdio clients are served here")
        await still_handed_over(bridge, config, 0)


async def test_a_second_bridge_leaves_the_first_ones_socket_alone(
    bridge: HttpBridge, config: Path
) -> None:
    with running_bridge(config) as second:
        wait_for_log(second, "another bridge already takes stdio sessions")
    await still_handed_over(bridge, config, 0)


def test_a_peer_of_another_uid_is_refused() -> None:
    assert peer_refusal(NOBODY, 1000) == (
        f"its process runs as uid {NOBODY}, not as this bridge's user (uid 1000)"
    )
    assert peer_refusal(1000, 1000) is None


async def test_a_process_of_another_uid_is_not_served(
    bridge: HttpBridge, config: Path, folder: Path
) -> None:
    """Real: the folder and socket opened to everyone (as a careless chmod would), then a
    process of uid 65534 connects and sends a hello with its pipes. Needs root to make that
    process; the function test above covers the decision itself."""
    if os.geteuid() != 0:
        pytest.skip("making a process of another uid needs root (the decision is tested above)")
    folder.chmod(0o711)
    (folder / SOCKET_NAME).chmod(0o666)
    # The folder is reached through a descriptor opened before the uid changes: the temporary
    # folders above it are root's alone. Changing uid makes a process undumpable, which
    # would close its own /proc/self/fd to it: set dumpable again.
    attacker = f"""
import ctypes, os, socket, sys
folder = os.open(sys.argv[1], os.O_PATH)
os.setgid({NOBODY}); os.setuid({NOBODY})
ctypes.CDLL(None).prctl(4, 1, 0, 0, 0)
control = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
control.connect(f"/proc/self/fd/{{folder}}/{SOCKET_NAME}")
try:
    socket.send_fds(control, [sys.argv[2].encode()], [0, 1])
    print(repr(control.recv(4096)))
except (BrokenPipeError, ConnectionResetError):
    print("b''")  # closed on it before its hello was even read
"""
    done = subprocess.run(
        [sys.executable, "-c", attacker, str(folder), hello(config).decode()],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert done.stdout.strip() == "b''", "closed without a word, nothing accepted"
    wait_for_log(bridge, f"Refused a stdio hand-over: its process runs as uid {NOBODY}")
    folder.chmod(0o700)  # open to others, stdio itself would not have used it
    await still_handed_over(bridge, config, 0)


def test_garbage_on_the_socket_is_refused_one_connection_at_a_time(
    bridge: HttpBridge, config: Path, repository: Path
) -> None:
    state = repository / ".git" / "memoire"
    stdin_read, stdin_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    pipes = [stdin_read, stdout_write]
    refusals = {
        b"not json at all \xff": "not a hello this bridge understands",
        b"[1, 2]": "not a JSON object",
        hello(config, version=99): "protocol 99 is not this bridge's",
        hello(config, extra="x"): "client, workspace, config and version only",
        hello(config, client=7): "client is text",
        hello(config, config="/elsewhere/memoire.toml"): "not /elsewhere/memoire.toml",
        hello(config, client="nobody-here"): "'nobody-here' has no read right",
        b"x" * (MESSAGE_LIMIT + 10): "too long",
    }
    for sent, reason in refusals.items():
        with connect(state) as control:
            socket.send_fds(control, [sent], pipes)
            answer = json.loads(within_bounded_time(lambda c=control: c.recv(MESSAGE_LIMIT)))
        assert reason in answer["refused"], (sent[:40], answer)
    for descriptors in ([], [stdin_read], [stdin_read, stdout_write, stdout_read]):
        with connect(state) as control:
            socket.send_fds(control, [hello(config)], descriptors)
            answer = json.loads(within_bounded_time(lambda c=control: c.recv(MESSAGE_LIMIT)))
        assert "not a hello" in answer["refused"], descriptors
    with connect(state):
        pass  # connected, then gone at once
    assert handovers(bridge, "desk") == 0
    for descriptor in (stdin_read, stdin_write, stdout_read, stdout_write):
        os.close(descriptor)


async def test_silence_and_a_go_never_sent_cost_nothing(
    bridge: HttpBridge, config: Path, repository: Path
) -> None:
    """A connection that never speaks holds no one up; one accepted that never says go
    leaves its pipes unread, for its own process to serve."""
    state = repository / ".git" / "memoire"
    silent = [connect(state) for _ in range(5)]
    await still_handed_over(bridge, config, 0)
    stdin_read, stdin_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    os.write(stdin_write, b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}\n')
    with connect(state) as control:
        socket.send_fds(control, [hello(config)], [stdin_read, stdout_write])
        answer = within_bounded_time(lambda: control.recv(MESSAGE_LIMIT))
        assert json.loads(answer) == {"accepted": True}
    wait_for_log(bridge, "A stdio hand-over ended early")
    os.set_blocking(stdin_read, False)
    assert os.read(stdin_read, 4096) == b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}\n'
    for control in silent:
        control.close()
    for descriptor in (stdin_read, stdin_write, stdout_read, stdout_write):
        os.close(descriptor)
    await still_handed_over(bridge, config, 1)


def test_a_hello_names_its_fields_exactly() -> None:
    with pytest.raises(ValueError, match="protocol"):
        parse_hello(b'{"client": "desk"}')
    assert (
        parse_hello(
            json.dumps(
                {"client": "d", "workspace": "/w", "config": None, "version": PROTOCOL}
            ).encode()
        ).workspace
        == "/w"
    )
