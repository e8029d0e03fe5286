"""Attacks on the HTTP surface, against a real `memoire serve` on loopback, bounded in count
and time: connection floods, session and stream hoarding, rate-limit abuse, malformed input."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest

from ..bridges import HttpBridge, issue_token, running_bridge
from ..conftest import write_config


@contextmanager
def idle_sockets(bridge: HttpBridge, count: int) -> Iterator[list[socket.socket]]:
    """Connections that never send a byte, as a token-less local process would open them."""
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            opened.append(socket.create_connection(bridge.address, timeout=5))
        yield opened
    finally:
        for connection in opened:
            connection.close()


def whoami(bridge: HttpBridge, token: str) -> httpx2.Response:
    return httpx2.get(
        f"{bridge.url}/api/v1/whoami", headers={"Authorization": f"Bearer {token}"}, timeout=20
    )


@pytest.mark.parametrize(
    "descriptors",
    [(256, 4096), (256, 256)],
    ids=["soft-limit-raised-at-start", "hard-limit-connections-shed"],
)
def test_a_flood_of_idle_connections_neither_stops_nor_blocks_the_bridge(
    tmp_path: Path, repository: Path, descriptors: tuple[int, int]
) -> None:
    """1.5 times the descriptor limit in silent sockets, then an authenticated request."""
    config = write_config(tmp_path, repository)
    token = issue_token(config, "voice")
    with running_bridge(config, descriptors=descriptors) as bridge:
        with idle_sockets(bridge, 384):
            during = whoami(bridge, token)
        after = whoami(bridge, token)
        assert bridge.log is not None
        log = bridge.log.read_text(encoding="utf-8")
    assert during.status_code == 200
    assert after.status_code == 200
    assert "Traceback" not in log


def test_past_the_connection_cap_the_oldest_silent_connections_make_room(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository, "[server]\nmax_connections = 20\n")
    token = issue_token(config, "voice")
    with running_bridge(config) as bridge, idle_sockets(bridge, 60) as flood:
        answer = whoami(bridge, token)
        flood[0].settimeout(3)
        oldest_closed = flood[0].recv(1) == b""
    assert answer.status_code == 200
    assert oldest_closed


def test_a_connection_that_sends_nothing_is_closed(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository)
    with running_bridge(config) as bridge, idle_sockets(bridge, 1) as (silent,):
        silent.settimeout(15)
        assert silent.recv(1) == b"", "the bridge closes a silent connection"
