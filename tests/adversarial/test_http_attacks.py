"""Attacks on the HTTP surface, against a real `memoire serve` on loopback, bounded in count
and time: connection floods, session and stream hoarding, rate-limit abuse, malformed input."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path

import httpx2
import pytest

from memoire.adapters.events import POLL_SECONDS
from memoire.config import load_config
from memoire.service import MemoryService

from ..bridges import HttpBridge, bridge_in_process, issue_token, running_bridge
from ..conftest import write_config
from ..test_http_guard import ACCEPT, INITIALIZE


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


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


def whoami(bridge: HttpBridge, token: str, http: httpx2.Client | None = None) -> httpx2.Response:
    """One authenticated request; pass `http` to reuse its connections and certificates."""
    with ExitStack() as own:
        client = http or own.enter_context(httpx2.Client(timeout=20))
        return client.get(
            f"{bridge.url}/api/v1/whoami", headers={"Authorization": f"Bearer {token}"}
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
    assert during.status_code == 200, log
    assert after.status_code == 200, log
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


def test_a_flood_of_bad_tokens_from_loopback_does_not_lock_out_a_good_token(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository, "[server]\nrequests_per_minute_per_address = 60\n")
    token = issue_token(config, "voice")
    good, bad = [], []
    with running_bridge(config) as bridge, httpx2.Client(timeout=10) as http:
        for round_ in range(20):
            for attempt in range(10):
                answer = http.get(
                    f"{bridge.url}/api/v1/whoami",
                    headers={"Authorization": f"Bearer forged-{round_}-{attempt}"},
                )
                bad.append(answer.status_code)
            good.append(whoami(bridge, token, http).status_code)
    assert good == [200] * 20
    assert bad[:10] == [401] * 10, "a burst of ten seconds' worth is answered 401"
    assert bad.count(429) > bad.count(401), "past the address's rate, failures get 429"


def test_requests_are_rated_per_token(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository, "[server]\nrequests_per_minute = 6\n")
    first, second = issue_token(config, "voice"), issue_token(config, "voice")
    with running_bridge(config) as bridge, httpx2.Client(timeout=10) as http:
        spent = [whoami(bridge, first, http).status_code for _ in range(8)]
        other = whoami(bridge, second, http)
    assert spent[-1] == 429
    assert other.status_code == 200, "a second token of the same client has its own rate"


def raw_exchange(bridge: HttpBridge, request: bytes) -> bytes:
    """Sends bytes no well-behaved client would, and returns what came back (maybe nothing)."""
    answer = b""
    with socket.create_connection(bridge.address, timeout=10) as connection:
        try:
            connection.sendall(request)
            connection.shutdown(socket.SHUT_WR)
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass  # refused before it was all sent: what matters is the bridge's log
    return answer


def test_a_chunked_body_over_the_limit_is_refused_with_413(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository, "[server]\nmax_request_kb = 4\n")
    token = issue_token(config, "desk")

    def chunks() -> Iterator[bytes]:
        for _ in range(10):
            yield b" " * 1024

    with running_bridge(config) as bridge:
        answer = httpx2.post(
            f"{bridge.url}/mcp",
            content=chunks(),
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        assert bridge.log is not None
        log = bridge.log.read_text(encoding="utf-8")
    assert answer.status_code == 413
    assert "limited to 4096 bytes" in answer.json()["error"]
    assert "Traceback" not in log


@pytest.mark.parametrize("limit", ["0", "-1", "51", "999999999", "1" + "0" * 100, "ten", "1e3"])
def test_a_search_limit_out_of_range_is_refused(
    tmp_path: Path, repository: Path, limit: str
) -> None:
    config = write_config(tmp_path, repository)
    token = issue_token(config, "voice")
    with running_bridge(config) as bridge:
        answer = httpx2.get(
            f"{bridge.url}/api/v1/search",
            params={"q": "garden", "limit": limit},
            headers={"Authorization": f"Bearer {token}"},
        )
    assert answer.status_code == 400
    assert answer.json()["message"] == "limit must be a whole number from 1 to 50"


@pytest.mark.parametrize(
    "header", ["Authorization", "Origin", "X-Memoire-Workspace", "Mcp-Session-Id"]
)
def test_a_header_sent_twice_is_refused(tmp_path: Path, repository: Path, header: str) -> None:
    config = write_config(
        tmp_path, repository, '[server]\nallowed_origins = ["https://a.example"]\n'
    )
    token = issue_token(config, "desk")
    values = {
        "Authorization": [f"Bearer {token}", "Bearer forged"],
        "Origin": ["https://a.example", "https://evil.example"],
        "X-Memoire-Workspace": ["/home/me/a", "/home/me/b"],
        "Mcp-Session-Id": ["one", "two"],
    }[header]
    headers = [(header, value) for value in values]
    if header != "Authorization":
        headers.append(("Authorization", f"Bearer {token}"))
    with running_bridge(config) as bridge:
        answer = httpx2.get(f"{bridge.url}/api/v1/whoami", headers=headers)
    assert answer.status_code == 400
    assert (
        answer.json()["error"]
        == f"The {header.lower()} header may be sent only once; send it once."
    )


def test_no_client_input_puts_a_traceback_in_the_log(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository, "[server]\nmax_request_kb = 4\n")
    token = issue_token(config, "desk").encode()
    auth = b"Authorization: Bearer " + token + b"\r\n"
    host = b"Host: 127.0.0.1\r\n"
    requests = [
        b"POST /mcp HTTP/1.1\r\n" + host + auth + b"Content-Type: application/json\r\n"
        b"Accept: application/json, text/event-stream\r\nContent-Length: 9\r\n\r\n{not json",
        b"POST /mcp HTTP/1.1\r\n" + host + auth + b"Content-Type: application/json\r\n"
        b"Accept: application/json, text/event-stream\r\nContent-Length: 4\r\n\r\n\xff\xfe\x00[",
        b"GET /api/v1/notes/\xff\xfe.md HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"GET /api/v1/notes/people/%00.md HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"GET /api/v1/notes/%ff%fe%c3.md HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"GET /api/v1/notes/" + b"a/" * 5000 + b"x.md HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"GET /api/v1/whoami HTTP/1.1\r\n" + host + b"Authorization: Bearer \xff\xfe\r\n\r\n",
        b"GET /api/v1/whoami HTTP/1.1\r\n" + host + auth + b"X-Memoire-Workspace: \xff\r\n\r\n",
        b"GET /api/v1/index HTTP/1.1\r\n"
        + host
        + auth
        + b"X-Memoire-Workspace: "
        + b"/%00" * 2000
        + b"\r\n\r\n",
        b"GET /api/v1/whoami HTTP/1.1\r\n"
        + host
        + auth
        + b"X-Big: "
        + b"x" * 200_000
        + b"\r\n\r\n",
        b"GET /api/v1/search?q=%ff%fe&limit=%ff HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"GET /api/v1/search?q=" + b"%00" * 300 + b" HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"GET /api/v1/events HTTP/1.1\r\n" + host + auth + b"Last-Event-ID: \xff\x00\r\n\r\n",
        b"BREW /mcp HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"PROPFIND /api/v1/index HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"DELETE /mcp HTTP/1.1\r\n" + host + auth + b"Mcp-Session-Id: \xff\r\n\r\n",
        b"POST /mcp HTTP/1.1\r\n" + host + auth + b"Content-Length: -5\r\n\r\n",
        b"POST /mcp HTTP/1.1\r\n" + host + auth + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"POST /mcp HTTP/1.1\r\n" + host + auth + b"Content-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
        + (b"400\r\n" + b" " * 1024 + b"\r\n") * 6
        + b"0\r\n\r\n",
        b"GET http://elsewhere.example/api/v1/whoami HTTP/1.1\r\n" + host + auth + b"\r\n",
        b"GET /api/v1/whoami HTTP/1.0\r\n" + auth + b"\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64,
        b"GET / HTTP/9.9\r\n\r\n",
    ]
    with running_bridge(config) as bridge:
        answers = [raw_exchange(bridge, request) for request in requests]
        still = whoami(bridge, token.decode())
        assert bridge.log is not None
        log = bridge.log.read_text(encoding="utf-8")
    assert still.status_code == 200
    assert "Traceback" not in log
    assert all(not answer.startswith(b"HTTP/1.1 500") for answer in answers), answers


class CountingHeads(MemoryService):
    """The real service, counting how often the bridge asks for the branch head."""

    heads = 0

    def head(self) -> str | None:
        self.heads += 1
        return super().head()


def test_idle_event_streams_share_one_watcher(tmp_path: Path, repository: Path) -> None:
    config = write_config(
        tmp_path, repository, "[server]\nevent_streams_per_token = 8\nheartbeat_seconds = 60\n"
    )
    token = issue_token(config, "voice")
    service = CountingHeads(load_config(config))
    headers = {"Authorization": f"Bearer {token}"}
    with (
        bridge_in_process(config, service) as bridge,
        httpx2.Client(timeout=10) as http,
        ExitStack() as streams,
    ):
        for _ in range(8):
            stream = http.stream("GET", f"{bridge.url}/api/v1/events", headers=headers)
            assert streams.enter_context(stream).status_code == 200
        time.sleep(0.5)
        before = service.heads
        time.sleep(2.0)
        asked = service.heads - before
    service.close()
    polls = 2.0 / POLL_SECONDS
    assert asked <= polls + 2, f"{asked} head reads in 2 s: idle streams poll on their own"


def test_event_streams_are_capped_per_token(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository, "[server]\nevent_streams_per_token = 2\n")
    hoarder, other = issue_token(config, "voice"), issue_token(config, "voice")
    events = "/api/v1/events"
    with running_bridge(config) as bridge, httpx2.Client(timeout=10) as http:

        def stream(token: str) -> AbstractContextManager[httpx2.Response]:
            headers = {"Authorization": f"Bearer {token}"}
            return http.stream("GET", f"{bridge.url}{events}", headers=headers)

        with stream(hoarder) as first, stream(hoarder) as second:
            assert first.status_code == second.status_code == 200
            with stream(hoarder) as third:
                third.read()
                refused = third
            with stream(other) as others:
                assert others.status_code == 200, "another token is not locked out"
        assert refused.status_code == 429
        assert refused.json()["error"] == "too_many_streams"
        assert "Close one" in refused.json()["message"]
        reopened = [_eventually_opens(lambda: stream(hoarder)) for _ in range(2)]
    assert reopened == [200, 200], "closed streams give their slots back"


def _eventually_opens(open_stream: Callable[[], AbstractContextManager[httpx2.Response]]) -> int:
    """The bridge notices a closed stream when it next writes to it: retry for a while."""
    for _ in range(50):
        with open_stream() as answer:
            if answer.status_code != 429:
                return answer.status_code
        time.sleep(0.1)
    return 429


def initialize(bridge: HttpBridge, token: str, session: str | None = None) -> httpx2.Response:
    headers = {"Authorization": f"Bearer {token}", **ACCEPT}
    if session is not None:
        headers["Mcp-Session-Id"] = session
    return httpx2.post(f"{bridge.url}/mcp", json=INITIALIZE, headers=headers, timeout=10)


@pytest.mark.anyio
async def test_mcp_sessions_are_capped_per_token_and_expire_when_idle(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(
        tmp_path, repository, "[server]\nmcp_sessions_per_token = 3\nsession_idle_seconds = 2\n"
    )
    hoarder, other = issue_token(config, "voice"), issue_token(config, "voice")
    with running_bridge(config) as bridge:
        opened = [initialize(bridge, hoarder) for _ in range(3)]
        refused = initialize(bridge, hoarder)
        async with bridge.client(other) as client:
            assert "memoire_read" in [tool.name for tool in (await client.list_tools()).tools]
        sessions = [answer.headers["mcp-session-id"] for answer in opened]
        borrowed = initialize(bridge, other, session=sessions[0])
        time.sleep(3)
        expired = initialize(bridge, hoarder, session=sessions[0])
        async with bridge.client(hoarder) as client:
            assert (await client.list_tools()).tools, "after the idle timeout the token works"
    assert [answer.status_code for answer in opened] == [200] * 3
    assert refused.status_code == 429
    assert "already has 3 MCP sessions open" in refused.json()["error"]
    assert borrowed.status_code == 404, "a session is only usable with its own token"
    assert expired.status_code == 404
