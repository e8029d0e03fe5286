"""Resident memory of a bridge after many writes: after the first, and after all of them.

A measurement, not a test: it prints and never fails. The writes run in a fresh process
that holds nothing but the memory service, as a long-running `memoire serve` or `stdio`
does, so its resident size is the service's. Every write is an append to a random note
(the everyday write), each its own commit; a sentence the secret guard refuses (random
words can look like one) is replaced by another, so every counted write lands.

After the last write it also gives the resident size once glibc has handed its free
memory back (`malloc_trim`): what that recovers is free memory held by the allocator,
not live objects.

Run: `uv run python bench/rss.py --notes 1000 --writes 10000`.
"""

from __future__ import annotations

import argparse
import ctypes
import multiprocessing
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from core import FULL_CLIENT, TextMaker, build_memory, make_service

from memoire.core.errors import SecretRefused
from memoire.service import MemoryService


def resident_bytes() -> int:
    """This process's resident set size now (not its peak), from /proc."""
    for line in Path("/proc/self/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def trimmed_resident_bytes() -> int:
    """The resident size once glibc has returned the free memory it holds to the system."""
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    return resident_bytes()


def _append(service: MemoryService, paths: list[str], rng: random.Random, maker: TextMaker) -> None:
    """One append that lands: a sentence the secret guard refuses is drawn again."""
    path = rng.choice(paths)
    while True:
        try:
            service.append(FULL_CLIENT, path, maker.sentence())
        except SecretRefused:
            continue
        return


def _writing_process(repository: str, paths: list[str], writes: int, seed: int, out: Any) -> None:
    rng = random.Random(seed)
    maker = TextMaker(random.Random(seed + 1))
    service = make_service(Path(repository))
    try:
        service.index(FULL_CLIENT)
        service.search(FULL_CLIENT, "garden")
        _append(service, paths, rng, maker)
        first = resident_bytes()
        for _ in range(writes - 1):
            _append(service, paths, rng, maker)
        last = resident_bytes()
        out.put((first, last, trimmed_resident_bytes()))
    finally:
        service.close()


def rss_after_writes(repository: Path, paths: list[str], writes: int, seed: int) -> tuple[int, int]:
    """(resident bytes after the first write, after `writes` writes) of a fresh process."""
    first, last, _ = rss_and_trimmed(repository, paths, writes, seed)
    return first, last


def rss_and_trimmed(
    repository: Path, paths: list[str], writes: int, seed: int
) -> tuple[int, int, int]:
    """As `rss_after_writes`, then the resident bytes once the allocator is trimmed."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    process = context.Process(
        target=_writing_process, args=(str(repository), paths, writes, seed, out)
    )
    process.start()
    first, last, trimmed = out.get(timeout=3600)
    process.join(timeout=60)
    return first, last, trimmed


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=1_000)
    parser.add_argument("--writes", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=5)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        repository = Path(folder) / "memory"
        paths = build_memory(repository, options.notes, options.seed)
        first, last, trimmed = rss_and_trimmed(repository, paths, options.writes, options.seed)
    print(
        f"{options.notes:,} notes: RSS {first / 2**20:.1f} MiB after the first write, "
        f"{last / 2**20:.1f} MiB after {options.writes:,} ({last / first:.2f}x), "
        f"{trimmed / 2**20:.1f} MiB once malloc_trim returns free memory"
    )


if __name__ == "__main__":
    main()
