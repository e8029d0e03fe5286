"""Resources running out under memoire: the disk filling up while the owner signs up or an
app's sign-in state is written. Nothing may be left half-written, the refusal must say
what to do, and what was there before must still work once there is room again.

The full disk is a real one: a 4 MiB tmpfs mounted for the test (the tests run as root,
inside the CI root too), filled with ballast."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx2
import pytest

from memoire.adapters.http import BODY_SECONDS
from memoire.auth.database import AuthDatabase
from memoire.bootstrap import create_memory
from memoire.core.errors import LowDiskSpace
from memoire.core.layout import ENGLISH

from ..bridges import HttpBridge, free_port, issue_token, running_bridge
from ..conftest import fsck_problems, git, write_config
from ..oauth_apps import (
    authorize_query,
    mcp_status,
    metadata_host,
    oauth_config,
    owner_of,
    pkce,
    refresh,
    sign_in,
)


@contextlib.contextmanager
def full(disk: Path, leave_bytes: int = 0) -> Iterator[None]:
    """The disk filled but for about `leave_bytes`, then freed again."""
    ballast = disk / "ballast"
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    with ballast.open("wb") as handle, contextlib.suppress(OSError):
        handle.write(b"\0" * max(free - leave_bytes, 0))
    try:
        yield
    finally:
        ballast.unlink()


def _memoire(config: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memoire", *arguments, "--config", str(config)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize("leave_bytes", [0, 8_000, 40_000])
def test_owner_init_on_a_full_disk_says_so_and_keeps_the_owner(
    tmp_path: Path, repository: Path, small_disk: Path, leave_bytes: int
) -> None:
    """It ended in a traceback (exit 1), or advised moving the database away, which would
    have dropped the owner and every app's approval, for what was only a full disk."""
    config = write_config(tmp_path, repository, memory=f'state_dir = "{small_disk}/state"\n')
    assert _memoire(config, "owner", "init").returncode == 0
    before = _memoire(config, "owner", "status").stdout
    with full(small_disk, leave_bytes):
        reset = _memoire(config, "owner", "init", "--reset")
    assert reset.returncode == 2, reset.stderr
    assert "Traceback" not in reset.stderr
    assert "nothing was changed" in reset.stderr
    assert "free some space, then try again" in reset.stderr
    assert "Move it away" not in reset.stderr
    assert _memoire(config, "owner", "status").stdout == before
    assert _memoire(config, "owner", "init", "--reset").returncode == 0


def test_a_sign_in_database_that_met_a_full_disk_works_again_once_there_is_room(
    small_disk: Path,
) -> None:
    """The running bridge's sign-in writes (an app's approval, a refresh) met a full disk
    as a bare `OperationalError`; now it is a refusal that says to free space, and the
    same open database takes writes again once there is room."""
    database = AuthDatabase(small_disk / "auth.sqlite3")
    database.create_tables(["CREATE TABLE IF NOT EXISTS kept (value BLOB)"])
    with (
        full(small_disk, 16_000),
        pytest.raises(LowDiskSpace, match="free some space"),
        database.transaction() as db,
    ):
        db.execute("INSERT INTO kept VALUES (?)", (os.urandom(100_000),))
    with database.transaction() as db:
        db.execute("INSERT INTO kept VALUES (?)", (b"after",))
    with database.reading() as db:
        assert db.execute("SELECT value FROM kept").fetchall() == [(b"after",)]
    database.close()


async def test_a_full_disk_refuses_writes_plainly_and_the_bridge_keeps_serving_reads(
    tmp_path: Path, small_disk: Path
) -> None:
    """The real bridge, its memory on the full disk, with no free-space threshold to stop
    the write early: the write meets ENOSPC itself."""
    repository = small_disk / "memory"
    create_memory(repository, "", ENGLISH)
    config = write_config(tmp_path, repository)
    token = issue_token(config, "desk")
    with running_bridge(config) as bridge:
        async with bridge.client(token) as desk:
            await desk.call_tool(
                "memoire_append",
                {
                    "path": "people/anna.md",
                    "text": "likes tea",
                    "title": "Anna",
                    "sensitive": False,
                },
            )
            with full(small_disk):
                refused = await desk.call_tool(
                    "memoire_append", {"path": "people/anna.md", "text": "and sailing " * 150}
                )
                read = await desk.call_tool("memoire_read", {"path": "people/anna.md"})
                index = httpx2.get(
                    f"{bridge.url}/api/v1/index",
                    headers={"Authorization": f"Bearer {token}"},
                    timeout=30,
                )
            text = "".join(block.text for block in refused.content if block.type == "text")
            assert refused.is_error
            assert "full; nothing was written. Free some space, then try again." in text
            assert not read.is_error
            assert "likes tea" in str(read.content)
            assert "sailing" not in str(read.content)
            assert index.status_code == 200
            again = await desk.call_tool(
                "memoire_append", {"path": "people/anna.md", "text": "room again"}
            )
            assert not again.is_error
    assert git(repository, "status", "--porcelain") == ""
    assert fsck_problems(repository) == set()


# Slow and oversized requests


def _trickling(bridge: HttpBridge, token: str, path: str) -> socket.socket:
    """A request whose head is whole and whose body is promised, then sent a byte at a time."""
    connection = socket.create_connection(bridge.address, timeout=5)
    connection.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        "Content-Length: 100000\r\n\r\n{".encode()
    )
    return connection


def test_clients_trickling_request_bodies_cannot_hold_the_bridge(
    tmp_path: Path, repository: Path
) -> None:
    """One token's connections, each sending its body a byte a second, filled the connection
    cap for as long as they kept trickling: no other client was answered. Now each is told
    408 and closed once its body is BODY_SECONDS late, and the others are answered again."""
    config = write_config(tmp_path, repository, "[server]\nmax_connections = 20\n")
    token = issue_token(config, "voice")
    with running_bridge(config) as bridge, httpx2.Client(timeout=5) as http:
        trickles = [
            _trickling(bridge, token, path)
            for path in ["/mcp", "/api/v1/whoami"]
            for _ in range(12)
        ]
        answers: list[bytes] = []
        whoami = None
        for _ in range(int(BODY_SECONDS) + 8):  # bounded: each round sleeps one second
            for connection in trickles:
                with contextlib.suppress(OSError):
                    connection.send(b" ")
            time.sleep(1)
            with contextlib.suppress(httpx2.TransportError):
                whoami = http.get(
                    f"{bridge.url}/api/v1/whoami", headers={"Authorization": f"Bearer {token}"}
                )
            if whoami is not None and whoami.status_code == 200:
                break
        for connection in trickles:
            connection.settimeout(5)
            with contextlib.suppress(OSError):
                answers.append(connection.recv(4096))
            connection.close()
    assert whoami is not None
    assert whoami.status_code == 200
    told = [answer for answer in answers if answer.startswith(b"HTTP/1.1 408")]
    assert told
    assert all(b"came too slowly" in answer for answer in told)


# Two commands on one memory at once


async def test_two_bridges_serving_one_repository_lose_no_write(
    tmp_path: Path, repository: Path
) -> None:
    """`memoire serve` started twice on the same memory (a service and a hand-run one):
    both answer, and every append each confirmed is in Git exactly once."""
    config = write_config(tmp_path, repository)
    token = issue_token(config, "desk")
    with running_bridge(config) as first, running_bridge(config) as second:

        async def append_through(bridge: HttpBridge, name: str) -> None:
            async with bridge.client(token) as desk:
                for number in range(15):
                    answer = await desk.call_tool(
                        "memoire_append",
                        {
                            "path": "people/anna.md",
                            "text": f"{name} {number}",
                            "title": "A",
                            "sensitive": False,
                        },
                    )
                    assert not answer.is_error, answer.content

        async with anyio.create_task_group() as group:
            group.start_soon(append_through, first, "first")
            group.start_soon(append_through, second, "second")
    lines = git(repository, "show", "HEAD:people/anna.md").splitlines()
    for name in ("first", "second"):
        assert [line for line in lines if line.startswith(name)] == [
            f"{name} {number}" for number in range(15)
        ]
    assert git(repository, "status", "--porcelain") == ""
    assert fsck_problems(repository) == set()


def test_oversized_requests_are_refused_at_once_and_others_still_answered(
    tmp_path: Path, repository: Path
) -> None:
    """A body announced at a terabyte, two megabytes of one header, a hundred thousand
    headers, a megabyte of path: each is refused before anything is read into memory."""
    config = write_config(tmp_path, repository)
    token = issue_token(config, "desk")
    bearer = f"Host: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
    requests = {
        "413": f"POST /mcp HTTP/1.1\r\n{bearer}Content-Length: 999999999999\r\n\r\n",
        "400 header": f"GET /api/v1/whoami HTTP/1.1\r\n{bearer}X-Pad: {'a' * 2_000_000}\r\n\r\n",
        "400 headers": f"GET /api/v1/whoami HTTP/1.1\r\n{bearer}"
        + "".join(f"X-{number}: a\r\n" for number in range(100_000))
        + "\r\n",
        "400 path": f"GET /api/v1/notes/{'a' * 1_000_000} HTTP/1.1\r\n{bearer}\r\n",
    }
    with running_bridge(config) as bridge, httpx2.Client(timeout=10) as http:
        for expected, request in requests.items():
            with socket.create_connection(bridge.address, timeout=10) as connection:
                with contextlib.suppress(ConnectionError):  # refused before all was sent
                    connection.sendall(request.encode())
                answer = connection.recv(64)
            assert answer.startswith(f"HTTP/1.1 {expected.split()[0]}".encode()), expected
            whoami = http.get(
                f"{bridge.url}/api/v1/whoami", headers={"Authorization": f"Bearer {token}"}
            )
            assert whoami.status_code == 200


def test_an_oauth_sign_in_on_a_full_disk_is_told_to_retry_and_loses_nothing(
    tmp_path: Path, repository: Path, small_disk: Path
) -> None:
    """The sign-in database on a full disk: /authorize and /token answered 500 with a
    traceback in the log, and so did every /mcp request of a signed-in app, whose use was
    noted in that database before it was let in. Now its use goes unnoted and it gets in;
    the others are told 503 `temporarily_unavailable` (OAuth's own word for it), and the
    app's refresh token, not spent, still works once there is room."""
    port = free_port()
    config = oauth_config(tmp_path, repository, port)
    config.write_text(
        config.read_text().replace("[memory]\n", f'[memory]\nstate_dir = "{small_disk}/s"\n', 1)
    )
    with (
        metadata_host() as apps,
        running_bridge(config, port=port) as bridge,
        owner_of(config),
        httpx2.Client(timeout=30) as http,
    ):
        app = apps.publish("phone-assistant")
        tokens = sign_in(http, bridge.url, app)
        with full(small_disk):
            refused = refresh(http, bridge.url, app, tokens["refresh_token"])
            started = http.get(
                f"{bridge.url}/authorize",
                params=authorize_query(app, pkce(), bridge.url),
                follow_redirects=False,
            )
            assert mcp_status(http, bridge.url, tokens["access_token"]) == 200
        assert refreshed_ok(refresh(http, bridge.url, app, tokens["refresh_token"]))
        assert bridge.log is not None
        log = bridge.log.read_text()
    for answer in (refused, started):
        assert answer.status_code == 503
        assert answer.json()["error"] == "temporarily_unavailable"
    assert "Traceback" not in log
    assert "could not be written" in log


def refreshed_ok(answer: httpx2.Response) -> bool:
    return answer.status_code == 200 and answer.json()["refresh_token"].startswith("mort_")
