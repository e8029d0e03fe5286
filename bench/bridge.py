"""What the bridge's transports add to a call: core service vs `memoire stdio` vs `memoire serve`.

This is a measurement, not a test: it prints p50, p95 and mean round trips of
`memoire_append` and `memoire_search` and never fails on time, because timings depend on
the machine and its disk.

Why each choice:

- The memory (1,000 notes by default, on the disk of the temporary folder or `--dir`) is
  built by bench/core.py's builder, so both benches measure the same kind of memory and
  building takes about a second instead of a thousand fsynced commits.
- The transports are real: `memoire stdio` and `memoire serve` run as subprocesses,
  started as `python -m memoire` with this interpreter (the same entry point as the
  `memoire` command, and surely the same virtual environment), and are driven by the
  official MCP Python SDK client, as an assistant drives them. A round trip is everything
  a client waits for, the SDK client's own work included.
- The three run the same workload (the same lines appended to the same notes, the same
  queries), one after the other on the same memory and configuration file, and only one
  process touches the memory at a time: the differences are the transports'.
- A few untimed calls start each run: process start, session set-up and the search index
  catching up with the commits of the previous run are paid once, not per call.
- The HTTP rate limits are raised in the configuration: at the default 600 requests a
  minute per token, the limiter would answer 429 within the first second and the numbers
  would measure waiting, not the bridge.
- The bridges' output goes to files: uvicorn logs every request, and a pipe that nobody
  reads fills up and stalls the server.

Run: `uv run python bench/bridge.py --notes 1000 --iterations 200`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from memoire.config import load_config
from memoire.service import MemoryService

# bench/ is a folder of scripts, not a package. `python bench/bridge.py` puts it on the path
# already; this makes the import work however the script is started (python -m, an import).
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core import Row, TextMaker, build_memory, print_columns, print_machine, timed

from tests.bridges import issue_token, running_bridge

CLIENT = "desk"
WARMUP_CALLS = 5
SERVER_START_SECONDS = 30
TRANSPORTS = ("core", "stdio", "HTTP")
OPERATIONS = ("append", "search")
NOTE = (
    "core = MemoryService call in-process (ACL, secret guard, Git commit with fsync, audit, "
    "search refresh); stdio adds the SDK client, JSON-RPC over pipes to another process and "
    "the MCP server's validation and serialisation; HTTP adds a loopback HTTP POST through "
    "uvicorn, the guard (origin, two rate limiters, SHA-256 token check) and the "
    "streamable-HTTP session manager."
)


@dataclass(frozen=True, slots=True)
class Workload:
    """The calls every transport makes; the first WARMUP_CALLS of each list are not timed."""

    appends: tuple[tuple[str, str], ...]
    queries: tuple[str, ...]


def make_workload(paths: Sequence[str], iterations: int, seed: int) -> Workload:
    """Appends of one sentence to existing notes, and searches of one or two words.

    The words come from the builder's own vocabulary, so queries hit notes the way real
    ones do (frequent and rare words), and the sentences hold no word the secret guard
    refuses.
    """
    rng = random.Random(seed + 7)
    maker = TextMaker(random.Random(seed + 2))
    count = iterations + WARMUP_CALLS
    appends = tuple((rng.choice(paths), maker.sentence(6, 14)) for _ in range(count))
    queries = tuple(" ".join(rng.sample(maker.vocabulary, rng.randint(1, 2))) for _ in range(count))
    return Workload(appends, queries)


def write_config(directory: Path, repository: Path) -> Path:
    """A memoire.toml as tests/conftest.py writes it, with rate limits out of the way."""
    config = directory / "memoire.toml"
    config.write_text(
        f'[memory]\nrepository = "{repository}"\nlayout = "en"\n'
        "[limits]\nmin_free_disk_mb = 0\n"
        f"[clients.{CLIENT}]\nread = true\nsensitive = true\nwrite = true\n"
        "[clients.voice]\nread = true\n"
        "[server]\nrequests_per_minute = 1000000\nrequests_per_minute_per_address = 1000000\n",
        encoding="utf-8",
    )
    return config


def memoire_arguments(*arguments: str) -> list[str]:
    """`memoire ARGUMENTS` as this interpreter runs it, so the bridge is the code under test."""
    return [sys.executable, "-m", "memoire", *arguments]


# The core, in-process


def bench_core(config: Path, work: Workload, notes: int) -> dict[str, Row]:
    service = MemoryService(load_config(config))
    try:
        service.search(CLIENT, work.queries[0])  # builds the full-text index: a one-off
        appends = [partial(service.append, CLIENT, path, line) for path, line in work.appends]
        searches = [partial(service.search, CLIENT, query) for query in work.queries]
        return {
            "append": Row(notes, "append", _timed_after_warmup(appends)),
            "search": Row(notes, "search", _timed_after_warmup(searches)),
        }
    finally:
        service.close()


def _timed_after_warmup(calls: Sequence[Callable[[], object]]) -> tuple[int, ...]:
    for call in calls[:WARMUP_CALLS]:
        call()
    return tuple(timed(call) for call in calls[WARMUP_CALLS:])


# Through the bridges, with the MCP SDK client


async def call_tool(client: Client, tool: str, arguments: dict[str, Any]) -> None:
    """One round trip; a refusal stops the bench, since it would time a different path."""
    result = await client.call_tool(tool, arguments)
    if result.is_error:
        text = "".join(block.text for block in result.content if block.type == "text")
        raise RuntimeError(f"{tool} was refused: {text}")


async def _timed_calls(client: Client, tool: str, calls: Sequence[dict[str, Any]]) -> list[int]:
    for arguments in calls[:WARMUP_CALLS]:
        await call_tool(client, tool, arguments)
    samples: list[int] = []
    for arguments in calls[WARMUP_CALLS:]:
        start = time.perf_counter_ns()
        await call_tool(client, tool, arguments)
        samples.append(time.perf_counter_ns() - start)
    return samples


async def drive(client: Client, work: Workload, notes: int) -> dict[str, Row]:
    """The workload through one connected client: appends first, then searches."""
    appends = [{"path": path, "text": line} for path, line in work.appends]
    searches = [{"query": query} for query in work.queries]
    append_samples = await _timed_calls(client, "memoire_append", appends)
    search_samples = await _timed_calls(client, "memoire_search", searches)
    return {
        "append": Row(notes, "append", tuple(append_samples)),
        "search": Row(notes, "search", tuple(search_samples)),
    }


async def bench_stdio(config: Path, work: Workload, notes: int, logs: Path) -> dict[str, Row]:
    parameters = StdioServerParameters(
        command=sys.executable,
        args=memoire_arguments("stdio", "--client", CLIENT, "--config", str(config))[1:],
        env=dict(os.environ),
    )
    with (logs / "stdio.log").open("w", encoding="utf-8") as errlog:
        async with Client(stdio_client(parameters, errlog=errlog)) as client:
            return await drive(client, work, notes)


async def bench_http(url: str, token: str, work: Workload, notes: int) -> dict[str, Row]:
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        return await drive(client, work, notes)


# Reporting


def print_table(results: dict[str, dict[str, Row]]) -> None:
    """One line per transport and operation, with what the transport adds to the core's p50."""
    header = ("operation", "transport", "n", "mean ms", "p50 ms", "p95 ms", "p50 over core")
    lines = [header]
    for operation in OPERATIONS:
        core_p50 = results["core"][operation].stats_ms()["p50"]
        for transport in TRANSPORTS:
            row = results[transport][operation]
            stats = row.stats_ms()
            extra = stats["p50"] - core_p50
            overhead = (
                "" if transport == "core" else f"{extra:+.2f} ms (x{stats['p50'] / core_p50:.1f})"
            )
            lines.append(
                (
                    operation,
                    transport,
                    str(len(row.samples_ns)),
                    f"{stats['mean']:.2f}",
                    f"{stats['p50']:.2f}",
                    f"{stats['p95']:.2f}",
                    overhead,
                )
            )
    print_columns(lines, right=set(range(2, len(header))))


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--notes", type=int, default=1_000, help="size of the memory")
    parser.add_argument("--iterations", type=int, default=200, help="timed calls per operation")
    parser.add_argument("--dir", type=Path, default=None, help="where to build (default: tmp)")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--keep", action="store_true", help="keep the memory and logs afterwards")
    arguments = parser.parse_args(argv)
    if arguments.iterations < 2 or arguments.notes < 3:
        parser.error("--iterations must be >= 2 and --notes >= 3")
    return arguments


def run(base: Path, notes: int, iterations: int, seed: int) -> dict[str, dict[str, Row]]:
    """Build the memory, then the same workload through the core, stdio and HTTP in turn."""
    start = time.perf_counter()
    paths = build_memory(base / "memory", notes, seed)
    print(f"built {notes:,} notes in {time.perf_counter() - start:.1f} s", flush=True)
    config = write_config(base, base / "memory")
    work = make_workload(paths, iterations, seed)
    results = {"core": bench_core(config, work, notes)}
    print("core done", flush=True)
    results["stdio"] = asyncio.run(bench_stdio(config, work, notes, base))
    print("stdio done", flush=True)
    token = issue_token(config, CLIENT)
    with running_bridge(config) as bridge:
        results["HTTP"] = asyncio.run(bench_http(f"{bridge.url}/mcp", token, work, notes))
    print("HTTP done", flush=True)
    return results


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    if arguments.dir is not None:
        arguments.dir.mkdir(parents=True, exist_ok=True)
    base = Path(tempfile.mkdtemp(prefix="memoire-bench-bridge-", dir=arguments.dir))
    print_machine(base)
    try:
        results = run(base, arguments.notes, arguments.iterations, arguments.seed)
    except BaseException:
        # The bridges' logs (stdio.log, serve.log) say why a subprocess failed: keep them.
        print(f"failed; the memory and the bridges' logs are kept in {base}", file=sys.stderr)
        raise
    if arguments.keep:
        print(f"kept {base}")
    else:
        shutil.rmtree(base, ignore_errors=True)
    print()
    print_table(results)
    print()
    print(NOTE)


if __name__ == "__main__":
    main()
