"""Every number of the scale issue in one table, at each size, next to this machine's floors.

A measurement, not a test: it prints and never fails on time. Each row comes from the bench
that owns it (core, index, search, writes, coldstart, rss, remote); this script builds one
memory per size and runs them on it, in an order where no step undoes another's warm-up.

- The memory is search.py's: bench/core.py's seeded corpus with 15 people and 15 phrases
  planted, so hit@1 is measured on the same memory as everything else.
- Floors: a bare fsync'd pygit2 commit on the same repository (writes.py) for the writes,
  the bare FTS ranking query on the same database (search.py) for search.
- Concurrent appenders are four processes with a service each on the one repository (four
  assistants' `memoire stdio`), appending to the same note at the same moment.
- RSS: a fresh process that does nothing but the writes (rss.py).
- Cold start: `memoire stdio` serving itself, starting no warm host; warm start: a later
  spawn handed over to the warm host the first spawn started (coldstart.py --warm-host).
- Remote: a bare clone of the memory, by path and served by `git daemon` on loopback.

Run: `uv run python bench/all.py --sizes 1000 10000` (about ten minutes on two cores), or
`--quick` for a small run in seconds (tests/test_bench.py runs it).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import coldstart
import core
import index
import remote
import rss
import search
import writes

from bridge import write_config
from memoire.adapters.host_launch import SWITCH
from tests.remotes import git_daemon

CONCURRENT_WRITERS = 4
CHARS_PER_TOKEN = 4


@dataclass(frozen=True, slots=True)
class Counts:
    """How much each bench repeats; `--quick` shrinks them all."""

    iterations: int
    writes: int
    cold_starts: int
    remote_appends: int
    concurrent_appends: int


FULL = Counts(
    iterations=200, writes=10_000, cold_starts=15, remote_appends=100, concurrent_appends=25
)
QUICK = Counts(iterations=6, writes=20, cold_starts=2, remote_appends=3, concurrent_appends=3)

# (row, target from the issue); the order of the printed table.
ROWS = (
    ("index answer, default (UTF-8 bytes, tokens)", "<= 8,000 tokens"),
    ("index, in process", ""),
    ("index, over stdio (SDK client)", "<= 5 ms at 10,000"),
    ("read", ""),
    ("search (service, full rights)", "<= 2 ms at 1,000"),
    ("floor: bare SQLite FTS query", ""),
    ("search hit@1 (names and phrases)", ">= 28/30"),
    ("write (whole note, with its version)", ""),
    ("append", "<= 2x floor at 1,000; <= 10 ms at 10,000"),
    ("floor: bare fsync'd pygit2 commit", ""),
    (f"append, {CONCURRENT_WRITERS} concurrent appenders on one note", "none refused"),
    ("cold start, spawn to first index answer", ""),
    ("warm start: later spawn handed over to the host the first started", "<= 0.5 s at 10,000"),
    ("RSS after the first write / after all", "<= 1.5x"),
    ("remote append, bare repository by path", ""),
    ("remote append, git:// on loopback", "<= 80 ms"),
)


def hit_count(summary: str) -> str:
    """The "found/asked" of search.py's summary line, whatever else that line reports."""
    found = re.search(r"hit@1 at [\d,]+ notes: (\d+/\d+)", summary)
    return found.group(1) if found else "not measured"


def milliseconds(samples_ns: Sequence[int]) -> str:
    """p50 (p95) of nanosecond samples, in ms."""
    stats = core.Row(0, "", tuple(samples_ns)).stats_ms()
    return f"{stats['p50']:.2f} ms (p95 {stats['p95']:.2f})"


def picked(rows: Sequence[core.Row], operation: str) -> tuple[int, ...]:
    return next(row.samples_ns for row in rows if row.operation == operation)


def measure_size(size: int, base: Path, counts: Counts, seed: int) -> dict[str, str]:
    """Every row's cell for a memory of `size` notes."""
    folder = base / f"size-{size}"
    folder.mkdir()
    repository = folder / "memory"
    paths, cases = search.build_with_cases(repository, size, seed)
    config = write_config(folder, repository)
    cells: dict[str, str] = {}

    def cell(row: int, text: str) -> None:
        cells[ROWS[row][0]] = text
        print(f"  {size:,} notes: {ROWS[row][0]}: {text}", flush=True)

    # Search first: it builds the search database as any first use does, then stays warm.
    search_rows, hits = search.measure(
        size, repository, paths, cases, iterations=counts.iterations, seed=seed
    )
    answer, index_p50 = index.in_process(config, counts.iterations)
    tokens = len(answer) // CHARS_PER_TOKEN
    cell(0, f"{len(answer.encode()):,} B ({tokens:,} tokens)")
    cell(1, f"{index_p50:.2f} ms")
    _, stdio_p50, _ = asyncio.run(index.over_stdio(config, counts.iterations, folder))
    cell(2, f"{stdio_p50:.2f} ms")
    service_rows = core.measure_service(size, repository, paths, counts.iterations, seed)
    cell(3, milliseconds(picked(service_rows, core.READ)))
    cell(4, milliseconds(picked(search_rows, search.SERVICE_SEARCH)))
    cell(5, milliseconds(picked(search_rows, search.FLOOR)))
    cell(6, hit_count(hits))
    cell(7, milliseconds(picked(service_rows, core.WRITE)))
    cell(8, milliseconds(picked(service_rows, core.APPEND)))
    cell(9, milliseconds(writes.floor_commits(repository, counts.iterations, fsync=True)))
    samples, refused = remote.contended_appends(
        None, [repository] * CONCURRENT_WRITERS, 1, counts.concurrent_appends
    )
    total = CONCURRENT_WRITERS * counts.concurrent_appends
    cell(10, f"{milliseconds(samples)}, {len(refused)} of {total} refused")
    starts = coldstart.p50(coldstart.cold_starts(config, counts.cold_starts))
    cell(11, f"{starts.wall:.2f} s (CPU {starts.cpu:.2f} s)")
    (_, alone, _), (_, warm, _), _ = coldstart.warm_host_starts(config, counts.cold_starts)
    cell(12, f"{warm.wall:.2f} s (CPU {warm.cpu:.2f} s); its first spawn {alone.wall:.2f} s")
    first, last = rss.rss_after_writes(repository, paths, counts.writes, seed)
    mib = 2**20
    cell(
        13,
        f"{first / mib:.0f} / {last / mib:.0f} MiB, {counts.writes:,} writes ({last / first:.2f}x)",
    )
    notes = [path for path in paths if "/" in path]
    fixture = remote.Fixture(folder, repository, notes, counts.remote_appends)
    served = remote.served_copy(folder, repository)
    by_path = remote.bench_mode("bare by path", str(served / "shared.git"), fixture)
    cell(14, milliseconds(by_path[0][1]))
    with git_daemon(served) as daemon:
        over_git = remote.bench_mode("git:// loopback", daemon.url("shared.git"), fixture)
    cell(15, milliseconds(over_git[0][1]))
    return cells


def print_table(sizes: Sequence[int], cells: dict[int, dict[str, str]]) -> None:
    header = ["measure", *(f"{size:,} notes" for size in sizes), "target"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for label, target in ROWS:
        values = [cells[size].get(label, "not measured") for size in sizes]
        print("| " + " | ".join([label, *values, target]) + " |")


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--quick", action="store_true", help="100 notes, a few calls per row")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--dir", type=Path, default=None, help="where to build (default: tmp)")
    arguments = parser.parse_args(argv)
    if arguments.quick:
        arguments.sizes = [100]
    if any(size < 100 for size in arguments.sizes):
        parser.error("every size must be >= 100 (30 search cases are planted among the notes)")
    return arguments


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    counts = QUICK if arguments.quick else FULL
    os.environ[SWITCH] = "0"  # every stdio spawn serves itself, unless the warm row asks
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="memoire-bench-all-", dir=arguments.dir) as folder:
        base = Path(folder)
        core.print_machine(base)
        cells = {size: measure_size(size, base, counts, arguments.seed) for size in arguments.sizes}
    print()
    print_table(arguments.sizes, cells)
    print()
    minutes = (time.perf_counter() - started) / 60
    print(f"p50 (p95) of {counts.iterations} calls per row unless said; {minutes:.1f} min in all.")
    print("Times only; nothing is asserted.")


if __name__ == "__main__":
    main()
