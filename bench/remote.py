"""Append latency with no remote, with a bare remote by path, and over git:// on loopback.

A write with a remote pushes with a lease against the last commit it knows, fetches only
when the lease is refused, and is confirmed only once the remote accepted it; this shows
what that costs, how many git fetches and pushes a write runs, and how concurrent writers
on two bridges fare (refusals for contention, latency). Prints only.

    bash .ci/run uv run python bench/remote.py [--notes 1000] [--iterations 100]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

from core import build_memory

from memoire.bootstrap import create_memory
from memoire.config import Config, Limits, MemoryLocation
from memoire.core.acl import FULL, AccessTable
from memoire.core.errors import Contention
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
    runs = None if url is None else service._store._remote
    before = None if runs is None else dict(runs.runs)
    appends = timed(
        iterations, lambda number: service.append("desk", targets[number], f"line {number}")
    )
    rows = [(f"append, {name}", appends)]
    if runs is not None and before is not None:
        for command in ("fetch", "push"):
            done = runs.runs[command] - before.get(command, 0)
            print(f"{name}: {done / iterations:.2f} git {command} per append")
    if url is not None:
        remote = GitRemote(local, url, "main", local / ".git" / "memoire")
        rows.append((f"  of which git fetch, {name}", timed(iterations, lambda _: remote.fetch())))
    service.close()
    return rows


def appending_bridge(
    url: str | None, local: str, load: tuple[int, int], start: Any, results: Any
) -> None:
    """One bridge process: `writers` threads appending at once, as concurrent clients do.

    With a remote `url`, the bridge clones it into `local`; without, `local` is the memory
    every bridge shares on this machine (several assistants' `memoire stdio`).
    """
    writers, appends = load
    if url is not None:
        create_memory(Path(local), "", ENGLISH, url)
    service = service_for(Path(local), url)
    samples: list[int] = []
    refused: list[str] = []
    guard = threading.Lock()

    def writer(number: int) -> None:
        for line in range(appends):
            started = time.perf_counter_ns()
            try:
                service.append(
                    "desk",
                    "journal/shared.md",
                    f"{local} {number} {line}",
                    title="Shared",
                    description="",
                    sensitive=False,
                )
            except Contention as refusal:
                with guard:
                    refused.append(refusal.message)
                continue
            with guard:
                samples.append(time.perf_counter_ns() - started)

    threads = [threading.Thread(target=writer, args=(number,)) for number in range(writers)]
    start.wait()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    service.close()
    results.put((samples, refused))


def contended_appends(
    url: str | None, folders: Sequence[Path], writers: int, appends: int
) -> tuple[list[int], list[str]]:
    """A bridge process per folder of `folders`, `writers` threads each, all appending to one
    note at the same moment; (latencies of the confirmed appends, refusals' messages)."""
    context = multiprocessing.get_context("spawn")
    ready, results = context.Barrier(len(folders) + 1), context.Queue()
    processes = [
        context.Process(
            target=appending_bridge,
            args=(url, str(local), (writers, appends), ready, results),
        )
        for local in folders
    ]
    for process in processes:
        process.start()
    ready.wait(timeout=600)  # every bridge has started (and cloned): they start together
    outcomes = [results.get(timeout=600) for _ in processes]
    for process in processes:
        process.join(timeout=60)
    samples = [sample for done, _ in outcomes for sample in done]
    refused = [message for _, failed in outcomes for message in failed]
    return samples, refused


def bench_contention(
    url: str, base: Path, bridges: int, writers: int, appends: int
) -> list[tuple[str, list[int]]]:
    """`bridges` processes with `writers` threads each, all appending to one note."""
    folders = [base / f"bridge-{number}" for number in range(bridges)]
    samples, refused = contended_appends(url, folders, writers, appends)
    total = bridges * writers * appends
    print(
        f"{bridges} bridges x {writers} writers x {appends} appends over git://: "
        f"{len(refused)} of {total} refused for contention"
        + (f" ({refused[0]})" if refused else "")
    )
    return [(f"contended append, {bridges}x{writers} git://", samples)]


def served_copy(base: Path, seed_repo: Path) -> Path:
    """A bare clone of `seed_repo` in `base/served`, the folder `git daemon` serves."""
    served = base / "served"
    served.mkdir()
    subprocess.run(
        ["git", "clone", "-q", "--bare", str(seed_repo), str(served / "shared.git")], check=True
    )
    return served


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--bridges", type=int, default=2)
    parser.add_argument("--writers", type=int, default=4, help="per bridge")
    parser.add_argument("--contended-appends", type=int, default=10, help="per writer")
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="memoire-bench-remote-") as folder:
        base = Path(folder)
        seed_repo = base / "seed"
        notes = [path for path in build_memory(seed_repo, arguments.notes, 11) if "/" in path]
        served = served_copy(base, seed_repo)
        bare = served / "shared.git"
        fixture = Fixture(base, seed_repo, notes, arguments.iterations)
        rows = bench_mode("no remote", None, fixture)
        rows += bench_mode("bare by path", str(bare), fixture)
        with git_daemon(served) as daemon:
            rows += bench_mode("git:// loopback", daemon.url("shared.git"), fixture)
            rows += bench_contention(
                daemon.url("shared.git"),
                base,
                arguments.bridges,
                arguments.writers,
                arguments.contended_appends,
            )
    where = tempfile.gettempdir()
    print(f"{arguments.notes} notes, {arguments.iterations} appends per mode, on {where}")
    print(f"{'operation':<40} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8}")
    for label, samples in rows:
        p50, p95, mean = milliseconds(samples)
        print(f"{label:<40} {p50:8.2f} {p95:8.2f} {mean:8.2f}")


if __name__ == "__main__":
    main()
