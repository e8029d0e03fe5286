"""A `memoire serve` taking stdio sessions over, and how a test sees who served a session.

Shared by the hand-over's tests and its attacks: each hand-over is a line of the log of the
process that served it (the bridge's, or the warm host's `host.log`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memoire.adapters.handover import FOLDER, SOCKET_NAME

from .bridges import HttpBridge, running_bridge

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
