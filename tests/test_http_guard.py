"""The HTTP guard against the real server: origins, sizes, rates, and loopback by default."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx2
import pytest

from memoire.adapters.ratelimit import RateLimiter
from memoire.addresses import is_loopback

from .bridges import issue_token, running_bridge
from .conftest import write_config

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "1"},
    },
}
ACCEPT = {"Accept": "application/json, text/event-stream"}


def test_a_web_page_on_another_origin_is_refused(tmp_path: Path, repository: Path) -> None:
    config = write_config(
        tmp_path, repository, '[server]\nallowed_origins = ["https://ok.example"]\n'
    )
    token = issue_token(config, "desk")
    headers = {"Authorization": f"Bearer {token}", **ACCEPT}
    with running_bridge(config) as bridge, httpx2.Client() as http:
        evil = http.post(
            f"{bridge.url}/mcp",
            json=INITIALIZE,
            headers={**headers, "Origin": "https://evil.example"},
        )
        allowed = http.post(
            f"{bridge.url}/mcp",
            json=INITIALIZE,
            headers={**headers, "Origin": "https://ok.example"},
        )
        plain = http.post(f"{bridge.url}/mcp", json=INITIALIZE, headers=headers)
    assert evil.status_code == 403
    assert "not allowed" in evil.json()["error"]
    assert allowed.status_code == 200
    assert plain.status_code == 200


def test_large_bodies_are_refused(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository, "[server]\nmax_request_kb = 4\n")
    token = issue_token(config, "desk")
    with running_bridge(config) as bridge, httpx2.Client() as http:
        answer = http.post(
            f"{bridge.url}/mcp",
            content=b"{" + b" " * 5000 + b"}",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
    assert answer.status_code == 413


@pytest.mark.parametrize(
    ("key", "token_of"),
    [
        ("requests_per_minute", lambda issued: issued),
        ("requests_per_minute_per_address", lambda issued: "forged"),
    ],
    ids=["successes-per-token", "failures-per-address"],
)
def test_rates_are_limited_with_retry_after(
    tmp_path: Path, repository: Path, key: str, token_of: Callable[[str], str]
) -> None:
    config = write_config(tmp_path, repository, f"[server]\n{key} = 6\n")
    token = token_of(issue_token(config, "desk"))
    headers = {"Authorization": f"Bearer {token}", **ACCEPT}
    with running_bridge(config) as bridge, httpx2.Client() as http:
        statuses = [
            http.post(f"{bridge.url}/mcp", json=INITIALIZE, headers=headers) for _ in range(8)
        ]
    codes = [answer.status_code for answer in statuses]
    assert codes[:5] == [200 if token != "forged" else 401] * 5
    assert 429 in codes
    limited = next(answer for answer in statuses if answer.status_code == 429)
    assert int(limited.headers["retry-after"]) >= 1


def test_the_bridge_listens_on_loopback_by_default(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository)
    with running_bridge(config) as bridge:
        assert bridge.url.startswith("http://127.0.0.1:")


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("::1", True),
        ("localhost", True),
        ("127.0.0.2", True),
        ("0.0.0.0", False),
        ("192.168.1.10", False),
        ("bridge.example.org", False),
    ],
)
def test_only_loopback_hosts_are_called_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_the_rate_limiter_refills_with_time() -> None:
    now = [0.0]
    limiter = RateLimiter(60, clock=lambda: now[0])
    allowed = [limiter.retry_after("a") is None for _ in range(12)]
    assert allowed.count(True) == 10
    assert limiter.retry_after("b") is None, "keys are limited separately"
    now[0] += 3.0
    assert limiter.retry_after("a") is None
