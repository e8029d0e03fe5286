"""Two versions of the write path in lockstep: one append each, in turn, on the same disk.

`bench/writes.py` run before, after, before, after leaves minutes between the two sides,
and on a shared machine the disk's and the CPU's load change within a minute (the CPU of
an unchanged, fsynced part doubled from one run to the next in the fifth pass). Here two
worker processes, one importing the code before (`--before`, a folder holding that
version's `memoire` package, put first on its PYTHONPATH) and one this checkout's, each
with its own copy of one built memory, take one append (then one new note) each in turn,
the first of each pair alternating: both sides meet the same moment's load.

A measurement, not a test: it prints CPU (this process's `process_time`) and wall time
per write, p50 and p95, and never fails on time.

Run: `uv run python bench/writes_lockstep.py --before /tmp/old/bridge --sizes 1000 10000`
(with `git archive <commit> bridge | tar -x -C /tmp/old` for the code before).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from core import FULL_CLIENT, build_memory, make_service

WARMUP = 5
KINDS = ("append", "new note")


def worker(memory_path: Path, paths_file: Path) -> None:
    """Serve writes read from stdin (`append N` or `new N`), one JSON [cpu, wall] each."""
    paths = paths_file.read_text(encoding="utf-8").split("\n")
    memory = make_service(memory_path)
    rng = random.Random(7)
    memory.search(FULL_CLIENT, "garden")  # as bench/writes.py: the notes loaded once
    print("ready", flush=True)
    for line in sys.stdin:
        kind, number = line.split()
        start_cpu, start = time.process_time(), time.perf_counter()
        if kind == "append":
            memory.append(FULL_CLIENT, rng.choice(paths), f"- bench line {number}: tomato")
        else:
            memory.write(
                FULL_CLIENT,
                f"journal/lockstep-{number}.md",
                title=f"Lockstep {number}",
                description="A note the lockstep bench adds",
                sensitive=False,
                body="Tomato and basil.\n",
            )
        used, elapsed = time.process_time() - start_cpu, time.perf_counter() - start
        print(json.dumps([used, elapsed]), flush=True)
    memory.close()


def start_worker(memory: Path, paths_file: Path, python_path: str | None) -> subprocess.Popen[str]:
    env = dict(os.environ)
    if python_path is not None:
        env["PYTHONPATH"] = python_path
    process = subprocess.Popen(
        [sys.executable, __file__, "--worker", str(memory), str(paths_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    if process.stdout.readline() != "ready\n":
        raise SystemExit(f"the worker for {memory} did not start")
    return process


def ask(process: subprocess.Popen[str], request: str) -> tuple[float, float]:
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(request + "\n")
    process.stdin.flush()
    used, elapsed = json.loads(process.stdout.readline())
    return float(used), float(elapsed)


def lockstep(base: Path, size: int, count: int, before: str, seed: int) -> None:
    built = base / f"memory-{size}"
    paths = build_memory(built, size, seed)
    subprocess.run(["git", "-C", str(built), "gc", "--quiet"], check=True)
    paths_file = base / f"paths-{size}.txt"
    paths_file.write_text("\n".join(paths), encoding="utf-8")
    workers = {}
    for side, python_path in (("before", before), ("after", None)):
        copy = base / f"memory-{size}-{side}"
        shutil.copytree(built, copy, symlinks=True)
        workers[side] = start_worker(copy, paths_file, python_path)
    samples: dict[tuple[str, str], list[tuple[float, float]]] = {
        (side, kind): [] for side in workers for kind in KINDS
    }
    for number in range(count + WARMUP):
        for kind in KINDS:
            sides = list(workers) if number % 2 else list(workers)[::-1]
            for side in sides:
                request = f"{'append' if kind == 'append' else 'new'} {number}"
                taken = ask(workers[side], request)
                if number >= WARMUP:
                    samples[(side, kind)].append(taken)
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    print(f"\n== {size} notes, {count} of each, in lockstep ==")
    for (side, kind), taken in samples.items():
        cpu = [used * 1000 for used, _ in taken]
        wall = [elapsed * 1000 for _, elapsed in taken]
        print(
            f"{kind:<9} {side:<7} CPU p50 {statistics.median(cpu):6.2f} p95 "
            f"{percentile(cpu, 95):6.2f}   wall p50 {statistics.median(wall):7.2f} p95 "
            f"{percentile(wall, 95):7.2f} ms"
        )


def percentile(values: Sequence[float], share: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[share - 1]


def main(argv: Sequence[str] | None = None) -> None:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--worker"]:
        worker(Path(arguments[1]), Path(arguments[2]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="folder holding the older memoire")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--appends", type=int, default=60)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--dir", type=Path, default=None, help="where the memories are built")
    parsed = parser.parse_args(arguments)
    with tempfile.TemporaryDirectory(dir=parsed.dir) as folder:
        for size in parsed.sizes:
            lockstep(Path(folder), size, parsed.appends, parsed.before, parsed.seed)


if __name__ == "__main__":
    main()
