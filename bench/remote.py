"""Append latency with no remote, with a bare remote by path, and over git:// on loopback.

A write with a remote fetches first, then pushes with a lease, and is confirmed only once
the remote accepted it; this shows what that costs and which step dominates. Prints only.

    bash .ci/run uv run python bench/remote.py [--notes 1000] [--iterations 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

from core import build_memory

from memoire.bootstrap import create_memory
from memoire.config import Config, Limits, MemoryLocation
from memoire.core.acl import FULL, AccessTable
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from memoire.storage.remote import GitRemote
from tests.remotes import git_daemon


def service_for(repository: Path, remote: str | None) -> MemoryService:
    memory = MemoryLocation(repository=repository, layout=ENGLISH, remote=remote)
    access = AccessTable({"desk": FULL})
    return MemoryService(Config(memory=memory, access=access, limits=Limits(min_free_disk_bytes=0)))


def milliseconds(samples: Sequence[int]) -> tuple[float, float, float]:
    cuts = statistics.quantiles(samples, n=20)
    return statistics.median(samples) / 1e6, cuts[18] / 1e6, statistics.fmean(samples) / 1e6


def timed(calls: int, call: Callable[[int], object]) -> list[int]:
    samples = []
    for number in range(calls):
        started = time.perf_counter_ns()
        call(number)
        samples.append(time.perf_counter_ns() - started)
    return samples


@dataclass(frozen=True)
class Fixture:
    base: Path
    seed_repo: Path
    notes: list[str]
    iterations: int


def bench_mode(name: str, url: str | None, fixture: Fixture) -> list[tuple[str, list[int]]]:
    local = fixture.base / name
    iterations, notes = fixture.iterations, fixture.notes
    if url is None:
        subprocess.run(["git", "clone", "-q", str(fixture.seed_repo), str(local)], check=True)
    else:
        create_memory(local, "", ENGLISH, url)
    service = service_for(local, url)
    rng = random.Random(7)
    targets = [rng.choice(notes) for _ in range(iterations)]
    for number in range(3):
        service.append("desk", targets[number], f"warm-up {number}")
    appends = timed(
        iterations, lambda number: service.append("desk", targets[number], f"line {number}")
    )
    rows = [(f"append, {name}", appends)]
    if url is not None:
        remote = GitRemote(local, url, "main", local / ".git" / "memoire")
        rows.append((f"  of which git fetch, {name}", timed(iterations, lambda _: remote.fetch())))
    service.close()
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=100)
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="memoire-bench-remote-") as folder:
        base = Path(folder)
        seed_repo = base / "seed"
        notes = [path for path in build_memory(seed_repo, arguments.notes, 11) if "/" in path]
        served = base / "served"
        served.mkdir()
        bare = served / "shared.git"
        subprocess.run(["git", "clone", "-q", "--bare", str(seed_repo), str(bare)], check=True)
        fixture = Fixture(base, seed_repo, notes, arguments.iterations)
        rows = bench_mode("no remote", None, fixture)
        rows += bench_mode("bare by path", str(bare), fixture)
        with git_daemon(served) as daemon:
            rows += bench_mode("git:// loopback", daemon.url("shared.git"), fixture)
    where = tempfile.gettempdir()
    print(f"{arguments.notes} notes, {arguments.iterations} appends per mode, on {where}")
    print(f"{'operation':<40} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8}")
    for label, samples in rows:
        p50, p95, mean = milliseconds(samples)
        print(f"{label:<40} {p50:8.2f} {p95:8.2f} {mean:8.2f}")


if __name__ == "__main__":
    main()
