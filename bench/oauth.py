"""What OAuth costs the bridge: per MCP call, and in memory while `/authorize` is flooded.

This is a measurement, not a test: it prints numbers and never fails on time.

- Extra cost per call: one `memoire serve` with [oauth] on, a static token and an OAuth
  access token (approved with the "full" preset) for rows with the same rights. The MCP
  Python SDK client calls `memoire_read` on the README through each, in alternating
  blocks, so both see the same machine state; the p50 difference is what an OAuth call
  costs over a static-token one (target: at most 1 ms). The guard's own check is also
  timed in process (static token hash lookup vs access-token row lookup in SQLite).
- Memory under the flood: the pending-request budgets are filled, then 10,000 more
  `/authorize` requests come from 20 loopback addresses (127.0.0.0/8) and are refused; the
  bridge's RSS is read from /proc before and after, and its peak (VmHWM). The per-address
  request rate is raised so that the refusals measured are the pending caps', not the
  rate limiter's.

Run: `uv run python bench/oauth.py --calls 400 --flood 10000`.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx2

from memoire.auth.database import AuthDatabase
from memoire.auth.server import OAuthServer
from memoire.bootstrap import create_memory
from memoire.config import load_config
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from memoire.serving import serving_bridges
from memoire.storage.tokens import TokenStore

# bench/ is a folder of scripts: the tests' helpers (bridges, apps) come from the checkout.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.bridges import HttpBridge, free_port, issue_token, running_bridge
from tests.oauth_apps import authorize_query, metadata_host, oauth_config, owner_of, pkce, sign_in

RATES = "requests_per_minute = 1000000\nrequests_per_minute_per_address = 1000000\n"
CAPS = "pending_per_source = 3\npending_shared = 30\npending_total = 1000\n"
SOURCES = 20
BLOCKS = 8
WARMUP = 5


def write_config(directory: Path, repository: Path, port: int) -> Path:
    config = oauth_config(directory, repository, port, extra=CAPS)
    text = config.read_text(encoding="utf-8")
    return_to = text.index("[oauth]")
    config.write_text(text[:return_to] + "[server]\n" + RATES + text[return_to:], encoding="utf-8")
    return config


async def call_samples(
    bridge: HttpBridge, tokens: dict[str, str], calls: int
) -> dict[str, list[int]]:
    """Round trips of `memoire_read` per token, in blocks that alternate between the tokens.

    One client at a time: two SDK clients open at once in one event loop disturb each
    other's timings by tens of milliseconds, which would bury what is measured here."""
    samples: dict[str, list[int]] = {name: [] for name in tokens}
    for _ in range(BLOCKS):
        for name, token in tokens.items():
            async with bridge.client(token) as client:
                for number in range(calls // BLOCKS + WARMUP):
                    start = time.perf_counter_ns()
                    result = await client.call_tool("memoire_read", {"path": "README.md"})
                    elapsed = time.perf_counter_ns() - start
                    if result.is_error:
                        raise RuntimeError(f"{name}: memoire_read was refused: {result.content}")
                    if number >= WARMUP:
                        samples[name].append(elapsed)
    return samples


def guard_check_samples(
    config: Path, static: str, access: str, rounds: int
) -> dict[str, list[int]]:
    """In process, what each kind of caller costs: the guard's identity check, a rights
    lookup, and a whole `MemoryService.read` (which looks the rights up itself)."""
    settings = load_config(config)
    assert settings.oauth is not None
    static_store = TokenStore(settings.memory.tokens_file)
    database = AuthDatabase(settings.memory.auth_database)
    oauth = OAuthServer(database, settings.oauth, settings.access.clients())
    table = settings.access.with_rows(oauth.grants)
    row = next(name for name in table.clients() if name.startswith("oauth-"))
    service = MemoryService(dataclasses.replace(settings, access=table))
    checks = {
        "read, configured row": lambda: service.read("desk", "README.md"),
        "read, approved row": lambda: service.read(row, "README.md"),
        "static": lambda: static_store.client_for(static),
        "oauth": lambda: oauth.bearer(access),
        "configured row": lambda: table.rights("desk"),
        "approved row": lambda: table.rights(row),
    }
    samples: dict[str, list[int]] = {name: [] for name in checks}
    for _ in range(rounds):
        for name, check in checks.items():
            start = time.perf_counter_ns()
            found = check()
            assert found is not None
            samples[name].append(time.perf_counter_ns() - start)
    service.close()
    database.close()
    return samples


def rss_kib(bridge: HttpBridge, field: str = "VmRSS") -> int:
    state = load_config(bridge.config).memory.state_dir
    (serving,) = [record for record in serving_bridges(state) if record.url.startswith(bridge.url)]
    status = Path(f"/proc/{serving.pid}/status").read_text(encoding="utf-8")
    return int(next(line for line in status.splitlines() if line.startswith(field)).split()[1])


def flood(bridge: HttpBridge, client_id_query: dict[str, str], count: int) -> dict[int, int]:
    """`count` /authorize requests spread over SOURCES loopback addresses; status counts."""
    statuses: dict[int, int] = {}
    clients = [
        httpx2.Client(transport=httpx2.HTTPTransport(local_address=f"127.0.2.{n + 1}"), timeout=30)
        for n in range(SOURCES)
    ]
    try:
        for number in range(count):
            answer = clients[number % SOURCES].get(
                f"{bridge.url}/authorize", params=client_id_query
            )
            statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
    finally:
        for client in clients:
            client.close()
    return statuses


def fill_budgets(bridge: HttpBridge, query: dict[str, str]) -> int:
    """Opens pending requests from ever new addresses until a fresh one is refused too: the
    total cap is reached. How many are held then."""
    opened = 0
    for number in range(2000):
        address = f"127.0.{3 + number // 250}.{number % 250 + 1}"
        with httpx2.Client(transport=httpx2.HTTPTransport(local_address=address)) as http:
            statuses = [
                http.get(f"{bridge.url}/authorize", params=query).status_code for _ in range(4)
            ]
        opened += statuses.count(302)
        if statuses[0] != 302:
            break
    return opened


def server_side_extra(checks: dict[str, list[int]]) -> float:
    """What the bridge itself spends more on an OAuth call: the access-token check, the
    service's work for an approved row, and the MCP adapter's own rights lookup."""
    return sum(
        p50_us(checks[oauth]) - p50_us(checks[static])
        for oauth, static in (
            ("oauth", "static"),
            ("read, approved row", "read, configured row"),
            ("approved row", "configured row"),
        )
    )


def us(checks: dict[str, list[int]], name: str) -> str:
    return f"{p50_us(checks[name]):.1f} µs"


def p50_us(samples: list[int]) -> float:
    return statistics.median(samples) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=400, help="timed MCP calls per token")
    parser.add_argument("--flood", type=int, default=10_000, help="refused /authorize requests")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="memoire-oauth-bench-") as folder:
        root = Path(folder)
        repository = root / "memory"
        create_memory(repository, "", ENGLISH)
        port = free_port()
        config = write_config(root, repository, port)
        static = issue_token(config, "desk")
        with (
            metadata_host() as apps,
            running_bridge(config, port=port) as bridge,
            owner_of(config),
            httpx2.Client(timeout=30) as http,
        ):
            app = apps.publish("bench-app")
            access = sign_in(http, bridge.url, app, preset="full")["access_token"]
            calls = asyncio.run(
                call_samples(bridge, {"static": static, "oauth": access}, arguments.calls)
            )
            checks = guard_check_samples(config, static, access, 2000)
            query = authorize_query(app, pkce(), bridge.url)
            opened = fill_budgets(bridge, query)
            before = rss_kib(bridge)
            statuses = flood(bridge, query, arguments.flood)
            after, peak = rss_kib(bridge), rss_kib(bridge, "VmHWM")
    static_p50, oauth_p50 = p50_us(calls["static"]), p50_us(calls["oauth"])
    extra = f"{server_side_extra(checks):+.1f} µs"
    refused = sum(count for status, count in statuses.items() if status != 302)
    rows = [
        ("memoire_read p50, static token", f"{static_p50:.0f} µs"),
        ("memoire_read p50, OAuth access token", f"{oauth_p50:.0f} µs"),
        ("extra cost of OAuth per MCP call (p50 difference)", f"{oauth_p50 - static_p50:+.0f} µs"),
        ("guard check p50, static token (in process)", f"{p50_us(checks['static']):.1f} µs"),
        ("guard check p50, OAuth access token (in process)", f"{p50_us(checks['oauth']):.1f} µs"),
        ("rights p50, configured row (in process)", f"{p50_us(checks['configured row']):.1f} µs"),
        ("rights p50, approved row (in process)", f"{p50_us(checks['approved row']):.1f} µs"),
        ("service read p50, configured row (in process)", us(checks, "read, configured row")),
        ("service read p50, approved row (in process)", us(checks, "read, approved row")),
        ("server-side extra per OAuth call: guard + read + one more rights lookup", extra),
        ("pending requests held when the caps refuse", str(opened)),
        ("/authorize requests refused during the flood", f"{refused} of {arguments.flood}"),
        ("bridge RSS before / after the flood", f"{before / 1024:.1f} / {after / 1024:.1f} MiB"),
        ("bridge peak RSS (VmHWM)", f"{peak / 1024:.1f} MiB"),
    ]
    print("| measure | value |")
    print("|---|---|")
    for label, value in rows:
        print(f"| {label} | {value} |")


if __name__ == "__main__":
    main()
