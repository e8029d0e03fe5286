"""What `memoire_history` costs on a note with 1,000 commits in a 10,000-note memory.

This is a measurement, not a test: it prints p50, p95 and mean latencies next to the
issue's target (p50 <= 20 ms) and never fails on time, because timings depend on the
machine and its disk.

Why each choice:

- The 10,000 notes come from bench/core.py's builder, in one commit. On top, 2,000
  commits are made with plumbing (blobs, trees and commits written straight to the object
  database, fsync off while building, as bench/core.py does): 1,000 that each change one
  line of the measured note, the way memoire's own edits do, and 1,000 others, interleaved,
  that each change a random other note. So the walk has to step over unrelated commits,
  as it does in a lived-in memory where several notes change every day.
- The commits carry memoire's committer and message, so the client and tool of each
  change are read the way they are in a real memory.
- `MemoryService.history` is called as the MCP adapter calls it (audit log and access
  checks included) by a client with full rights and by the read-only voice client.
- Rows: the default answer (the newest 10 changes), the largest (50), and the worst walk:
  a note no commit among the last 1,000 touched, so the walk goes to its bound.
- The first call of the process is reported apart: it reads each commit's trees and loads
  each version once (parse and secret scan); then the steps and the versions are kept.

Run: `uv run python bench/history.py --iterations 200`.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import pygit2

sys.path.insert(0, str(Path(__file__).resolve().parent))
from core import (
    FULL_CLIENT,
    READ_ONLY_CLIENT,
    Row,
    Target,
    TextMaker,
    build_memory,
    make_service,
    repeat,
    timed,
)

from memoire.history import HISTORY_WALK, MAX_LIMIT
from memoire.storage.commits import CommitBuilder
from memoire.storage.signing import BridgeKey
from memoire.storage.store import committer_name

NOTES = 10_000
NOTE_COMMITS = 1_000
OTHER_COMMITS = 1_000
NOTE_LINES = 80
TARGET = Target("p50", 20.0)
MEASURED = "topics/measured-note.md"
UNTOUCHED = "topics/untouched-note.md"


def note_text(title: str, lines: Sequence[str]) -> str:
    header = f"---\ntitle: {title}\ndescription: A busy note\nupdated: 2026-11-30\nsensitive: no\n"
    return header + "---\n\n" + "".join(f"{line}\n" for line in lines)


def build(repository: Path, seed: int) -> None:
    """The memory, then the interleaved commits on the measured note and on the others."""
    paths = build_memory(repository, NOTES, seed)
    rng = random.Random(seed + 3)
    maker = TextMaker(random.Random(seed + 4))
    repo = pygit2.Repository(str(repository))
    builder = CommitBuilder(repo, "", BridgeKey(repository.parent / "plumbing-key"))
    lines = [maker.sentence(4, 10) for _ in range(NOTE_LINES)]
    first = {
        MEASURED: note_text("Measured", lines).encode(),
        UNTOUCHED: note_text("Untouched", ["Nothing happens here."]).encode(),
    }
    pygit2.settings.enable_fsync_gitdir(False)
    try:
        head = str(repo.head.target)
        head = builder.commit(head, builder.write_blobs(first), "memoire (desk)", "setup\n")
        for index in range(NOTE_COMMITS + OTHER_COMMITS):
            if index % 2 == 0:
                lines[rng.randrange(NOTE_LINES)] = maker.sentence(4, 10)
                path, data = MEASURED, note_text("Measured", lines).encode()
            else:
                path = rng.choice(paths)
                data = (repository / path).read_bytes() + maker.sentence().encode() + b"\n"
            tool = "edit" if path == MEASURED else "append"
            message = f"memoire {tool} {path}\n\nclient: desk\ntool: {tool}\n"
            name = committer_name(FULL_CLIENT)
            head = builder.commit(head, builder.write_blobs({path: data}), name, message)
        repo.references[repo.head.name].set_target(head)
    finally:
        pygit2.settings.enable_fsync_gitdir(True)


def measure(repository: Path, iterations: int) -> list[Row]:
    service = make_service(repository)
    rows: list[Row] = []

    def row(label: str, samples: tuple[int, ...], target: Target | None = None) -> None:
        rows.append(Row(NOTES, label, samples, target))

    def calls(client: str, path: str, limit: int) -> list[Callable[[], object]]:
        return [partial(service.history, client, path, limit)] * iterations

    try:
        first = timed(lambda: service.history(FULL_CLIENT, MEASURED, 10))
        row("history, first call of the process (loads each version once)", (first,))
        row("history, newest 10, full rights", repeat(calls(FULL_CLIENT, MEASURED, 10)), TARGET)
        row(
            "history, newest 10, read-only (voice)",
            repeat(calls(READ_ONLY_CLIENT, MEASURED, 10)),
            TARGET,
        )
        row(
            f"history, newest {MAX_LIMIT}, full rights",
            repeat(calls(FULL_CLIENT, MEASURED, MAX_LIMIT)),
        )
        untouched = f"history, untouched note: walks the {HISTORY_WALK:,}-commit bound"
        first = timed(lambda: service.history(FULL_CLIENT, UNTOUCHED, 10))
        row(f"{untouched}, first call", (first,))
        row(untouched, repeat(calls(FULL_CLIENT, UNTOUCHED, 10)))
    finally:
        service.close()
    return rows


def print_rows(rows: Sequence[Row], build_seconds: float) -> None:
    print(
        f"memoire_history: a note with {NOTE_COMMITS:,} commits among {OTHER_COMMITS:,} "
        f"others, in a {NOTES:,}-note memory (built in {build_seconds:.1f} s); the walk "
        f"looks at most {HISTORY_WALK:,} commits back"
    )
    print("| operation | calls | p50 ms | p95 ms | mean ms | target | verdict |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        stats = row.stats_ms()
        target = row.target.describe() if row.target else ""
        print(
            f"| {row.operation} | {len(row.samples_ns)} | {stats['p50']:.2f} | "
            f"{stats['p95']:.2f} | {stats['mean']:.2f} | {target} | {row.verdict()} |"
        )


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--iterations", type=int, default=200, help="timed calls per row")
    parser.add_argument("--dir", type=Path, default=None, help="where to build (default: tmp)")
    parser.add_argument("--seed", type=int, default=20261201)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    base = Path(tempfile.mkdtemp(prefix="memoire-history-", dir=arguments.dir))
    try:
        repository = base / "memory"
        start = time.perf_counter()
        build(repository, arguments.seed)
        build_seconds = time.perf_counter() - start
        print_rows(measure(repository, arguments.iterations), build_seconds)
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
