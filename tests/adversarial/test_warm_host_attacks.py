"""Attacks on the warm host that `memoire stdio` starts: its log file and its socket's name.

Anything planted at the log's name (a link, a hard link, a FIFO, a folder) is refused
before a host starts, never followed, truncated or opened for writing, and the stdio
process still serves its client; anything but a socket at the socket's name starts no
host at all. Only a warm host gives its socket up when asked: `memoire serve` does not.
Real `memoire stdio` and `memoire host` processes.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_socket

from memoire.adapters.handover import MESSAGE_LIMIT, SOCKET_NAME, connect
from memoire.adapters.handover_socket import RETIRE
from memoire.adapters.host_launch import LOG_NAME

from ..bridges import HttpBridge, stdio_client
from ..handover_bridges import (
    handing_over_bridge,
    handover_folder,
    handovers,
    hosts_of,
    log_of,
    warm_host_config,
)
from ..test_handover import initialized, raw_stdio
from ..test_mcp import READ_TOOLS, WRITE_TOOLS, tool_names
from .bounded import within_bounded_time

KINDS = {
    "link": stat.S_ISLNK,
    "hard link": stat.S_ISREG,
    "FIFO": stat.S_ISFIFO,
    "folder": stat.S_ISDIR,
}


@pytest.fixture(autouse=True)
def _warm_hosts_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """stdio may start a warm host here (the suite keeps it off); Unix sockets allowed."""
    monkeypatch.delenv("MEMOIRE_KEEP_WARM", raising=False)
    pytest_socket.socket_allow_hosts(["127.0.0.1"], allow_unix_socket=True)


@pytest.fixture
def config(tmp_path: Path, repository: Path) -> Iterator[Path]:
    with warm_host_config(tmp_path, repository) as written:
        yield written


def plant(name: Path, kind: str, elsewhere: Path) -> None:
    """A link to a file elsewhere, a hard link of it, a FIFO or a folder, at `name`."""
    target = elsewhere / "precious.txt"
    target.write_text("precious\n")
    name.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if kind == "link":
        name.symlink_to(target)
    elif kind == "hard link":
        os.link(target, name)
    elif kind == "FIFO":
        os.mkfifo(name)
    else:
        name.mkdir()


@pytest.mark.parametrize("kind", list(KINDS))
async def test_anything_planted_at_the_log_name_starts_no_host_and_is_never_followed(
    config: Path, repository: Path, tmp_path: Path, kind: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    log = handover_folder(repository) / LOG_NAME
    plant(log, kind, elsewhere)
    async with stdio_client(config, "desk") as desk:  # served in its own process all the same
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
    assert hosts_of(config) == []
    assert not (handover_folder(repository) / SOCKET_NAME).exists()
    assert (elsewhere / "precious.txt").read_text() == "precious\n", "never written or emptied"
    assert KINDS[kind](log.lstat().st_mode), "what was planted is left as it was"


def test_a_refused_log_is_said_once_on_stderr(
    config: Path, repository: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    log = handover_folder(repository) / LOG_NAME
    plant(log, "link", elsewhere)
    process = raw_stdio(config)
    initialized(process)
    process.stdin.close()  # type: ignore[union-attr]
    assert process.wait(timeout=60) == 0
    assert process.stderr is not None
    said = process.stderr.read().decode()
    assert said.count(f"no warm host started for later sessions: {log} is a symbolic link") == 1


@pytest.mark.parametrize("kind", ["link", "FIFO", "folder"])
async def test_anything_but_a_socket_at_the_socket_name_starts_no_host(
    config: Path, repository: Path, tmp_path: Path, kind: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    name = handover_folder(repository) / SOCKET_NAME
    plant(name, kind, elsewhere)
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    assert hosts_of(config) == []
    assert not (handover_folder(repository) / LOG_NAME).exists()
    assert KINDS[kind](name.lstat().st_mode)


async def test_a_link_planted_at_the_folder_name_starts_no_host(
    config: Path, repository: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    handover_folder(repository).symlink_to(elsewhere)
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    assert hosts_of(config) == []
    assert list(elsewhere.iterdir()) == []


@pytest.fixture
def bridge(config: Path, repository: Path) -> Iterator[HttpBridge]:
    with handing_over_bridge(config, repository) as running:
        yield running


async def test_serve_never_gives_its_socket_up(
    bridge: HttpBridge, config: Path, repository: Path
) -> None:
    with connect(repository / ".git" / "memoire") as control:
        control.sendall(RETIRE)
        answer = json.loads(within_bounded_time(lambda: control.recv(MESSAGE_LIMIT)))
    assert answer == {"refused": "a bridge serving HTTP keeps its socket"}
    assert (handover_folder(repository) / SOCKET_NAME).is_socket()
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    assert handovers(bridge, "voice") == 1
    assert hosts_of(config) == []
    assert "Refused a stdio hand-over: a bridge serving HTTP keeps its socket" in log_of(bridge)
