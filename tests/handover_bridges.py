"""A `memoire serve` taking stdio sessions over, and how a test sees who served a session.

Shared by the hand-over's tests and its attacks: each hand-over is a line of the log of the
process that served it (the bridge's, or the warm host's `host.log`).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio

from memoire.adapters.handover import FOLDER, SOCKET_NAME

from .bridges import HttpBridge, running_bridge, stdio_client
from .conftest import write_config
from .test_mcp import call

HANDED_OVER = "handed over by its process"


def handover_folder(repository: Path) -> Path:
    return repository / ".git" / "memoire" / FOLDER


@contextmanager
def handing_over_bridge(config: Path, repository: Path) -> Iterator[HttpBridge]:
    """`memoire serve`, once it takes stdio sessions over."""
    with running_bridge(config) as running:
        wait_for_handover(repository, running)
        yield running


def wait_for_handover(repository: Path, bridge: HttpBridge) -> None:
    """Until the bridge's hand-over socket exists (it binds just after its HTTP port)."""
    socket_path = handover_folder(repository) / SOCKET_NAME
    deadline = time.monotonic() + 30
    while not socket_path.exists():
        assert time.monotonic() < deadline, log_of(bridge)
        time.sleep(0.05)


def log_of(bridge: HttpBridge) -> str:
    assert bridge.log is not None
    return bridge.log.read_text(encoding="utf-8")


def handovers(bridge: HttpBridge, client: str) -> int:
    return handovers_in(log_of(bridge), client)


def handovers_in(log: str, client: str) -> int:
    """How many sessions of `client` the process that wrote `log` served, handed over."""
    return log.count(f"Serving stdio client {client} {HANDED_OVER}")


@contextmanager
def warm_host_config(tmp_path: Path, repository: Path) -> Iterator[Path]:
    """A test's configuration; every warm host started for it is ended after the test."""
    written = write_config(tmp_path, repository)
    yield written
    for pid in hosts_of(written):
        os.kill(pid, signal.SIGKILL)


def hosts_of(config: Path) -> list[int]:
    """The live `memoire host` processes serving this configuration."""
    wanted = [b"-m", b"memoire", b"host", b"--config", os.fsencode(config.resolve())]
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            arguments = (entry / "cmdline").read_bytes().split(b"\0")[1:-1]
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError, IndexError:
            continue  # ended meanwhile
        if arguments == wanted and state != "Z":
            found.append(int(entry.name))
    return found


async def index_answers_at_once(config: Path, client: str, count: int) -> list[str]:
    """The index as `count` stdio sessions of `client`, started at the same moment, got it."""
    answers: list[str] = []

    async def one() -> None:
        async with stdio_client(config, client) as session:
            refused, text, _ = await call(session, "memoire_index")
            assert not refused
            answers.append(text)

    async with anyio.create_task_group() as group:
        for _ in range(count):
            group.start_soon(one)
    return answers
