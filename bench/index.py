"""What `memoire_index` costs at 1,000 and 10,000 notes: its size, its time, and cold start.

This is a measurement, not a test: it prints sizes and p50 latencies and never fails on
time, because timings depend on the machine and its disk.

Why each choice:

- The memories come from bench/core.py's builder, so every bench measures the same kind
  of memory.
- Size is what an assistant receives: the text content plus the structured JSON, in
  characters, and the tokens they cost at four characters a token (the issue's measure).
- In process, `MemoryService.overview` is called as the MCP adapter calls it; over stdio,
  `memoire stdio` runs as a subprocess driven by the official MCP SDK client, whose own
  work (checking the answer against the tool's output schema) is part of what a client
  waits for.
- Cold start is a fresh `memoire stdio` process, spawn to the first index answer, on a
  memory whose search database is already built (as on any machine that used it once).
- Over stdio, the CPU each side spends per call is printed beside the wall time: the
  server's from /proc, the client's from `process_time`. On a shared machine the wall
  time mostly measures the load; the CPU is what a change to either side moves.

Run: `uv run python bench/index.py --sizes 1000 10000 --iterations 50`.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core import build_memory

from bridge import CLIENT, memoire_arguments, write_config
from memoire.adapters import render
from memoire.config import load_config
from memoire.service import MemoryService

WARMUP_CALLS = 3
CHARS_PER_TOKEN = 4
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _p50_ms(samples: Sequence[int]) -> float:
    return statistics.median(samples) / 1e6


def in_process(config: Path, iterations: int) -> tuple[str, float]:
    """(the default answer as a client receives it: its text then its JSON, p50 ms)."""
    service = MemoryService(load_config(config))
    try:
        result = service.overview(CLIENT)
        answer = render.overview(result) + json.dumps(dataclasses.asdict(result))
        samples = []
        for _ in range(iterations):
            start = time.perf_counter_ns()
            service.overview(CLIENT)
            samples.append(time.perf_counter_ns() - start)
        return answer, _p50_ms(samples)
    finally:
        service.close()


def _parameters(config: Path) -> StdioServerParameters:
    arguments = memoire_arguments("stdio", "--client", CLIENT, "--config", str(config))
    return StdioServerParameters(command=arguments[0], args=arguments[1:], env=dict(os.environ))


def _answer_size(result: Any) -> int:
    text = "".join(block.text for block in result.content if block.type == "text")
    return len(text) + len(json.dumps(result.structured_content, ensure_ascii=False))


def _children() -> set[int]:
    """This process's children, from /proc (the SDK does not say which process it spawned)."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text(encoding="ascii")
        except OSError, UnicodeDecodeError:
            continue
        if entry.name.isdigit() and int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
            found.add(int(entry.name))
    return found


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime + stime


@dataclasses.dataclass(frozen=True)
class StdioRun:
    size: int  # the first answer's text and JSON, in characters
    p50_ms: float
    server_cpu_ms: float  # per call
    client_cpu_ms: float  # per call
    cold: tuple[float, float]  # (spawn to session ready, then to first index answer) s


async def over_stdio(
    config: Path, iterations: int, logs: Path
) -> tuple[int, float, tuple[float, float]]:
    """(answer size, warm p50 ms, (spawn to session ready, then to first index answer) s)."""
    run = await stdio_run(config, iterations, logs)
    return run.size, run.p50_ms, run.cold


async def stdio_run(config: Path, iterations: int, logs: Path) -> StdioRun:
    with (logs / "stdio.log").open("a", encoding="utf-8") as errlog:
        before = _children()
        start = time.perf_counter_ns()
        async with Client(stdio_client(_parameters(config), errlog=errlog)) as client:
            ready = time.perf_counter_ns()
            first = await client.call_tool("memoire_index", {})
            cold = ((ready - start) / 1e9, (time.perf_counter_ns() - ready) / 1e9)
            server = max(_children() - before)
            for _ in range(WARMUP_CALLS):
                await client.call_tool("memoire_index", {})
            samples = []
            server_cpu, client_cpu = _cpu_seconds(server), time.process_time()
            for _ in range(iterations):
                begin = time.perf_counter_ns()
                await client.call_tool("memoire_index", {})
                samples.append(time.perf_counter_ns() - begin)
            server_cpu = _cpu_seconds(server) - server_cpu
            client_cpu = time.process_time() - client_cpu
            return StdioRun(
                _answer_size(first),
                _p50_ms(samples),
                server_cpu / iterations * 1e3,
                client_cpu / iterations * 1e3,
                cold,
            )


def run(base: Path, size: int, iterations: int, seed: int) -> None:
    repository = base / f"memory-{size}"
    build_memory(repository, size, seed)
    config = write_config(base, repository)
    warm = MemoryService(load_config(config))
    try:
        warm.search(CLIENT, "garden")  # the search database exists, as on any used machine
    finally:
        warm.close()
    answer, p50 = in_process(config, iterations)
    chars = len(answer)
    print(
        f"{size:>6} notes  in process: {chars:>9,} chars ({chars // CHARS_PER_TOKEN:,} tokens)"
        f"  p50 {p50:7.2f} ms"
    )
    warm = asyncio.run(stdio_run(config, iterations, base))
    spawn, first = asyncio.run(stdio_run(config, 1, base)).cold
    print(
        f"{size:>6} notes  stdio:      {warm.size:>9,} chars "
        f"({warm.size // CHARS_PER_TOKEN:,} tokens)  p50 {warm.p50_ms:7.2f} ms  CPU per call: "
        f"server {warm.server_cpu_ms:.2f} ms, client {warm.client_cpu_ms:.2f} ms"
    )
    print(
        f"{size:>6} notes  cold start: {spawn + first:.2f} s = {spawn:.2f} s spawn, imports "
        f"and MCP handshake + {first:.3f} s first index"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None, help="where to build the memories")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=options.dir) as base:
        for size in options.sizes:
            run(Path(base), size, options.iterations, options.seed)


if __name__ == "__main__":
    main()
