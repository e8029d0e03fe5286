"""The first search after a person's commit: does the search worker get there first?

This is a measurement, not a test: it prints numbers and never fails on time.

Why each choice:

- The memory is `bench/core.py`'s seeded corpus at each size, its search index current.
- Each sample is what a person does between two turns of an assistant: a `git commit` (a
  real `git` process) changing `--changed` existing notes, each given a new line with a
  word of its own. Then the assistant's client calls `index` (what starts a
  conversation, and the service's first look at the moved branch), the pause of a turn
  (`--pause`, 0.5 s), and a search for the word of the last note changed.
- "Wall" is what the client waits for; "CPU" is the searching thread's own CPU, which
  counts the notes the search itself had to index and not the worker's; "indexed" is how
  many notes the search prepared (`MemoryService.search_notes_indexed`), the rest having
  been done by the worker during the pause. The code before the worker followed such
  commits indexed all of them in the search: run this script on that code (put its
  `bridge/` first on PYTHONPATH) for the "before" numbers.

Run: `uv run python bench/search_after_commit.py --sizes 1000 10000 --samples 10`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

# bench/ is a folder of scripts, not a package (see bench/bridge.py).
sys.path.insert(0, str(Path(__file__).resolve().parent))
from core import FULL_CLIENT, build_memory, make_service, print_machine

import memoire
from memoire.service import MemoryService


def persons_commit(repository: Path, paths: Sequence[str], word: str) -> None:
    """A line with `word` and the note's number appended to each note, then `git commit`."""
    for number, path in enumerate(paths):
        with (repository / path).open("a", encoding="utf-8") as file:
            file.write(f"\nNoted by hand: {word}{number}q.\n")
    subprocess.run(["git", "-C", str(repository), "add", "--", *paths], check=True)
    person = ["-c", "user.name=A Person", "-c", "user.email=person@example.org"]
    subprocess.run(
        ["git", "-C", str(repository), *person, "commit", "-q", "-m", f"by hand: {word}"],
        check=True,
    )


def sample(
    service: MemoryService, repository: Path, paths: Sequence[str], word: str, pause: float
) -> tuple[float, float, int]:
    """(wall ms, CPU ms, notes the search indexed) of the first search after a commit."""
    persons_commit(repository, paths, word)
    service.index(FULL_CLIENT)
    time.sleep(pause)
    before = service.search_notes_indexed
    wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
    hits = service.search(FULL_CLIENT, f"{word}{len(paths) - 1}q").hits
    cpu, wall = time.thread_time_ns() - cpu, time.perf_counter_ns() - wall
    assert [hit.path for hit in hits] == [paths[-1]], "the search missed the commit"
    return wall / 1e6, cpu / 1e6, service.search_notes_indexed - before


def _p50_p95(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):8.2f} / {p95:8.2f}"


def run(base: Path, size: int, options: argparse.Namespace) -> None:
    changed, samples, pause, seed = options.changed, options.samples, options.pause, options.seed
    repository = base / f"memory-{size}"
    notes = build_memory(repository, size, seed)
    rng = random.Random(seed)
    service = make_service(repository)
    try:
        service.search(FULL_CLIENT, "garden")  # the index current, as on any used machine
        results = [
            sample(service, repository, rng.sample(notes, changed), f"hand{turn}x", pause)
            for turn in range(samples)
        ]
    finally:
        service.close()
    walls, cpus, indexed = zip(*results, strict=True)
    print(
        f"{size:>6} notes, {changed} changed, pause {pause:g} s:  wall p50 / p95 "
        f"{_p50_p95(walls)} ms   CPU p50 / p95 {_p50_p95(cpus)} ms   "
        f"indexed by the search: median {statistics.median(indexed):g}, max {max(indexed)}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--changed", type=int, default=200)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--pause", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None, help="where to build the memories")
    options = parser.parse_args(argv)
    print(f"memoire from {Path(memoire.__file__).parent}")
    with tempfile.TemporaryDirectory(dir=options.dir) as base:
        print_machine(Path(base))
        for size in options.sizes:
            run(Path(base), size, options)


if __name__ == "__main__":
    main()
