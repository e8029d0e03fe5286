"""What an append costs, part by part, next to the floor: a bare fsync'd pygit2 commit.

A measurement, not a test: it prints and never fails on time. Each part of the write path
is timed by wrapping the function that does it (exclusive time: a part called inside
another is counted once, in the inner part), so the parts add up to the append and
"other" is what no wrapper covers. fsync has no wrapper of its own: a write's fsyncs come
in rounds (`storage/durability`), each inside the part that needs it done, so their wait
sits in "tree + commit" (the objects' files), "journal" (their folders, the journal's and
the working-tree copy's files), "ref CAS" (the lock, the reflogs, the ref's folder) and
"index write" (the copy's folder, fsynced while the index is written). For the floor it
is measured as the floor with fsync on minus the floor with it off.

The floor is what any Git-backed write must pay: one blob, the touched folder's tree and
the root tree rebuilt with TreeBuilder, one commit, the ref moved; fsync on, same repository,
committed on a side branch so the memory is not disturbed. The memory is packed once
after it is built (`packed_memory`), as a used one is.

Run: `uv run python bench/writes.py --sizes 1000 10000 --appends 100` (that many appends,
and as many new notes, in turn; then as many searches right after an append, since a write
leaves its search update to the next search, and as many with nothing left to index).

With `--catch-up`, only what the search catch-up (`search_upkeep`) changes: a search right
after one append and after a pause, the first search after bursts of 100 and 1,000 writes
with and without a pause, the first searches of 8 concurrent clients after a burst, and
appends in a flood with the worker and without it (`catch_up_report`).
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygit2
from pygit2.enums import FileMode

sys.path.insert(0, str(Path(__file__).parent))

from core import FULL_CLIENT, build_memory, file_system, make_service

from memoire import catalog, search_upkeep, service
from memoire.core import secrets
from memoire.storage import (
    audit,
    commits,
    refs,
    snapshots,
    store,
    summaries,
    worktree,
)
from memoire.storage import search as search_index
from memoire.storage.index_file import IndexFile
from memoire.storage.trees import FolderEntries

WARMUP = 5
FLOOR_BRANCH = "refs/heads/bench-floor"

# Part name: (owner, attribute) pairs timed as that part.
PARTS: dict[str, list[tuple[Any, str]]] = {
    "disk space check": [(service, "ensure_free_space")],
    "secret scan": [(secrets, "find_secret")],
    "note load + parse": [(catalog, "load_note")],
    "snapshot (read)": [(snapshots.SnapshotReader, "at")],
    "plan (render)": [],  # the plan callable itself, wrapped in GitStore.write
    "refuse temporaries": [(store, "refuse_tracked_temporaries")],
    "worktree check (index read)": [(worktree.WorkTree, "check")],
    "blobs (+fsync)": [(commits.CommitBuilder, "write_blobs")],
    "tree + commit (+fsync)": [(commits.CommitBuilder, "commit")],
    "journal (begin/end)": [
        (worktree.WorkTree, "begin"),
        (worktree.WorkTree, "end"),
        (worktree.WorkTree, "interrupted"),
    ],
    "ref CAS (+fsync)": [(refs.RefUpdater, "advance")],
    "working-tree write": [(worktree.WorkTree, "_write")],
    "index write": [(worktree.WorkTree, "_stage")],
    "snapshot derive": [(snapshots.SnapshotReader, "derive_after_write")],
    "search refresh": [(catalog.Catalog, "refresh_search")],
    "search index update": [(search_index.SearchIndex, "update")],
    "summaries": [(summaries.SummaryStore, "keep")],
    "audit": [(audit.AuditLog, "record")],
    "gc trigger": [(store, "pack_now_and_then")],
}


class PartClock:
    """Exclusive time per part, wall and CPU: a part's time excludes the parts called
    inside it. The CPU time (this process's) hardly moves when others load the disk."""

    def __init__(self) -> None:
        self.totals: dict[str, int] = defaultdict(int)
        self.cpu: dict[str, int] = defaultdict(int)
        self._stack: list[list[int]] = []  # per open part: [start, cpu start, inner, inner cpu]

    @contextmanager
    def part(self, name: str) -> Iterator[None]:
        self._stack.append([time.perf_counter_ns(), time.process_time_ns(), 0, 0])
        try:
            yield
        finally:
            start, start_cpu, inner, inner_cpu = self._stack.pop()
            elapsed = time.perf_counter_ns() - start
            used = time.process_time_ns() - start_cpu
            self.totals[name] += elapsed - inner
            self.cpu[name] += used - inner_cpu
            if self._stack:
                self._stack[-1][2] += elapsed
                self._stack[-1][3] += used

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            with self.part(name):
                return function(*args, **kwargs)

        return timed

    def take(self) -> tuple[dict[str, int], dict[str, int]]:
        """(wall, CPU) ns per part since the last take."""
        taken = dict(self.totals), dict(self.cpu)
        self.totals, self.cpu = defaultdict(int), defaultdict(int)
        return taken


def instrument(clock: PartClock) -> None:
    for name, places in PARTS.items():
        for owner, attribute in places:
            setattr(owner, attribute, clock.wrap(name, getattr(owner, attribute)))
    original_write = store.GitStore.write

    def write(self: store.GitStore, plan: Any, client: str, message: str) -> Any:
        return original_write(self, clock.wrap("plan (render)", plan), client, message)

    store.GitStore.write = write  # type: ignore[method-assign]


def floor_commits(repository: Path, count: int, *, fsync: bool) -> list[int]:
    """A bare commit per sample: blob, folder tree, root tree, commit, ref; nothing else."""
    pygit2.settings.enable_fsync_gitdir(fsync)
    try:
        repo = pygit2.Repository(str(repository))
        parent = repo.head.target
        repo.references.create(FLOOR_BRANCH, parent, force=True)
        samples = []
        for number in range(count + WARMUP):
            start = time.perf_counter_ns()
            blob = repo.create_blob(f"floor sample {number} {time.time_ns()}\n".encode())
            root = repo[parent].peel(pygit2.Tree)
            folder = repo.TreeBuilder(root["journal"])
            folder.insert("floor.md", blob, FileMode.BLOB)
            top = repo.TreeBuilder(root)
            top.insert("journal", folder.write(), FileMode.TREE)
            signature = pygit2.Signature("floor", "floor@localhost")
            commit = repo.create_commit(None, signature, signature, "floor", top.write(), [parent])
            repo.references[FLOOR_BRANCH].set_target(commit)
            parent = commit
            if number >= WARMUP:
                samples.append(time.perf_counter_ns() - start)
        repo.references.delete(FLOOR_BRANCH)
        return samples
    finally:
        pygit2.settings.enable_fsync_gitdir(True)


def index_and_tree_alone(repository: Path, path: str, count: int) -> dict[str, list[int]]:
    """The two costs this bench's readers asked about, each next to what it replaced,
    sample by sample in turn (so the load weighs on both alike), fsync as configured,
    in CPU time:

    - the index: libgit2 rewriting the whole index vs `IndexFile` changing one entry;
    - the note's folder tree: libgit2's TreeBuilder kept from the write before (what
      the previous pass did) vs the entries kept serialised and stored uncompressed
      (`trees.FolderEntries`).
    """
    repo = pygit2.Repository(str(repository))
    index_file = IndexFile(Path(repo.path))
    index = repo.index
    folder, name = path.split("/", 1)
    folder_tree = repo.head.peel(pygit2.Tree)[folder]
    kept = repo.TreeBuilder(folder_tree)
    entries = FolderEntries.of(folder_tree.read_raw())
    assert entries is not None
    tree_store = _tree_store(repo)

    def libgit2_index(blob: pygit2.Oid) -> int:
        index.read(False)  # what the other side wrote is read outside the time
        start = time.process_time_ns()
        index.add(pygit2.IndexEntry(path, blob, FileMode.BLOB))
        index.write()
        return time.process_time_ns() - start

    def in_place_index(blob: pygit2.Oid) -> int:
        index_file.blob_ids([path])  # likewise
        start = time.process_time_ns()
        index_file.update({path: str(blob)})
        return time.process_time_ns() - start

    def kept_builder(blob: pygit2.Oid) -> int:
        start = time.process_time_ns()
        kept.insert(name, blob, FileMode.BLOB)
        kept.write()
        return time.process_time_ns() - start

    def kept_entries(blob: pygit2.Oid) -> int:
        start = time.process_time_ns()
        entries.set(name, str(blob), FileMode.BLOB)
        entries.write(tree_store)
        return time.process_time_ns() - start

    pairs = [
        (
            ("index: libgit2 rewrites it all", libgit2_index),
            ("index: one entry changed in place", in_place_index),
        ),
        (
            ("folder tree: libgit2 TreeBuilder, kept", kept_builder),
            ("folder tree: kept entries, stored", kept_entries),
        ),
    ]
    samples: dict[str, list[int]] = defaultdict(list)
    for number in range(count + WARMUP):
        for pair in pairs:  # each pair in turn, the first of it alternating: order costs too
            for side, (label, measure) in enumerate(pair[::-1] if number % 2 else pair):
                text = f"alone {number} {side} {time.time_ns()}\n"  # never the same tree twice
                elapsed = measure(repo.create_blob(text.encode()))
                if number >= WARMUP:
                    samples[label].append(elapsed)
    committed = repo.head.peel(pygit2.Tree)[path].id
    index_file.update({path: str(committed)})  # as it was: the appends check it
    return samples


def _tree_store(repo: pygit2.Repository) -> Any:
    """Where `FolderEntries.write` stores a tree: its `LooseObjects` since the fifth pass,
    the repository itself in the code before (measured with this script alternately)."""
    try:
        from memoire.storage.loose_objects import LooseObjects
    except ImportError:
        return repo
    return LooseObjects(repo)


class Samples:
    """Per operation: wall ns, CPU ns, and the parts' (wall, CPU) ns of each call."""

    def __init__(self) -> None:
        self.wall: list[int] = []
        self.cpu: list[int] = []
        self.parts: list[tuple[dict[str, int], dict[str, int]]] = []


def operations(
    repository: Path, paths: list[str], count: int, clock: PartClock, seed: int
) -> dict[str, Samples]:
    """Appends to existing notes and writes of new notes (in the largest folder, where a
    new entry moves most of Git's index), in turn, through the service."""
    memory = make_service(repository)
    rng = random.Random(seed)
    folders = Counter(path.split("/")[0] for path in paths if "/" in path)
    largest = folders.most_common(1)[0][0]
    calls: dict[str, Callable[[int], object]] = {
        "append": lambda number: memory.append(
            FULL_CLIENT, rng.choice(paths), f"- bench line {number}: tomato and basil"
        ),
        "new note": lambda number: memory.write(
            FULL_CLIENT,
            f"{largest}/bench-new-{number}-{rng.randrange(10**9)}.md",
            title=f"Bench note {number}",
            description="A note the write bench adds",
            sensitive=False,
            body="Tomato and basil, a new note.\n",
        ),
    }
    samples = {name: Samples() for name in calls}
    try:
        memory.search(FULL_CLIENT, "garden")  # the first search builds the full-text index
        for number in range(count + WARMUP):
            for name, call in calls.items():
                clock.take()
                start, start_cpu = time.perf_counter_ns(), time.process_time_ns()
                call(number)
                elapsed, used = time.perf_counter_ns() - start, time.process_time_ns() - start_cpu
                taken = clock.take()
                if number >= WARMUP:
                    samples[name].wall.append(elapsed)
                    samples[name].cpu.append(used)
                    samples[name].parts.append(taken)
        samples |= searches_after_writes(memory, paths, count, rng)
        return samples
    finally:
        memory.close()


def searches_after_writes(
    memory: Any, paths: list[str], count: int, rng: random.Random
) -> dict[str, Samples]:
    """Where a write's search update went: a write leaves it to the next search, which
    indexes the notes written since the last one. Each sample is one search, right after
    an append (not timed), then again with nothing left to index."""
    samples = {"search after an append": Samples(), "search, nothing to index": Samples()}
    for number in range(count + WARMUP):
        memory.append(FULL_CLIENT, rng.choice(paths), f"- searched line {number}: leek soup")
        for taken in samples.values():
            start, start_cpu = time.perf_counter_ns(), time.process_time_ns()
            memory.search(FULL_CLIENT, "leek soup")
            elapsed, used = time.perf_counter_ns() - start, time.process_time_ns() - start_cpu
            if number >= WARMUP:
                taken.wall.append(elapsed)
                taken.cpu.append(used)
                taken.parts.append(({}, {}))
    return samples


CLIENTS = 8
PAUSE_SECONDS = 0.2  # an assistant's turn between a write and the search after it is longer


def _timed(call: Callable[[], object]) -> tuple[int, int]:
    """Wall and this thread's CPU ns of one call (the worker's CPU is not the caller's)."""
    start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
    call()
    return time.perf_counter_ns() - start, time.thread_time_ns() - start_cpu


def _current(memory: Any) -> bool:
    # private: whether the worker has brought the index to the branch, which no answer shows
    return bool(memory._search.indexed_commit() == memory.head())


def _wait_until_current(memory: Any) -> int:
    """ns from now until the worker has the index at the branch (bounded: 10 minutes)."""
    start = time.perf_counter_ns()
    deadline = time.monotonic() + 600
    while not _current(memory) and time.monotonic() < deadline:
        time.sleep(0.001)
    return time.perf_counter_ns() - start


def _burst(memory: Any, paths: list[str], count: int, rng: random.Random, tag: str) -> list[int]:
    """`count` appends to random notes, back to back: the wall ns of each."""
    walls = []
    for number in range(count):
        start = time.perf_counter_ns()
        memory.append(FULL_CLIENT, rng.choice(paths), f"- {tag} line {number}: leek soup")
        walls.append(time.perf_counter_ns() - start)
    return walls


def catch_up_samples(
    memory: Any, paths: list[str], count: int, rng: random.Random
) -> dict[str, list[str]]:
    """Each row: what one scenario cost, as printable cells."""
    rows: dict[str, list[str]] = {}
    memory.search(FULL_CLIENT, "garden")  # the first search builds the full-text index
    for label, pause in (("right after one append", 0.0), ("one append, a pause", PAUSE_SECONDS)):
        walls, cpus = [], []
        for number in range(count + WARMUP):
            memory.append(FULL_CLIENT, rng.choice(paths), f"- single line {number}: leek soup")
            time.sleep(pause)
            wall, cpu = _timed(lambda: memory.search(FULL_CLIENT, "leek soup"))
            if number >= WARMUP:
                walls.append(wall)
                cpus.append(cpu)
        rows[f"search {label}"] = [_p50_p95(walls), _p50_p95(cpus)]
    for writes in (100, 1_000):
        time.sleep(PAUSE_SECONDS)
        before = memory.search_notes_indexed
        _burst(memory, paths, writes, rng, f"burst{writes}")
        wall, cpu = _timed(lambda: memory.search(FULL_CLIENT, "leek soup"))
        indexed = memory.search_notes_indexed - before
        rows[f"search after {writes:,} writes, no pause"] = [
            ms(wall),
            ms(cpu),
            f"{indexed} notes indexed since the burst began",
        ]
        _burst(memory, paths, writes, rng, f"paused{writes}")
        caught_up = _wait_until_current(memory)
        wall, cpu = _timed(lambda: memory.search(FULL_CLIENT, "leek soup"))
        rows[f"search after {writes:,} writes, paused"] = [
            ms(wall),
            ms(cpu),
            f"worker current {ms(caught_up).strip()} ms after the last write",
        ]
        rows[f"{CLIENTS} clients after {writes:,} writes"] = concurrent_first_searches(
            memory, paths, writes, rng
        )
    return rows


def concurrent_first_searches(
    memory: Any, paths: list[str], writes: int, rng: random.Random
) -> list[str]:
    """`CLIENTS` threads search at once right after a burst: each one's wall time."""
    time.sleep(PAUSE_SECONDS)
    _burst(memory, paths, writes, rng, f"clients{writes}")
    before = memory.search_notes_indexed
    start = threading.Barrier(CLIENTS)
    walls: list[int] = []

    def client() -> None:
        start.wait()
        walls.append(_timed(lambda: memory.search(FULL_CLIENT, "leek soup"))[0])

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    indexed = memory.search_notes_indexed - before
    return [
        f"p50 {ms(statistics.median(walls)).strip()} max {ms(max(walls)).strip()}",
        "",
        f"{indexed} notes indexed after the burst",
    ]


def flood_samples(
    memory: Any, paths: list[str], count: int, rng: random.Random, *, worker: bool
) -> list[int]:
    """Appends back to back; then the index brought up, by the worker or by a search."""
    walls = _burst(memory, paths, count, rng, "flood")
    if worker:
        _wait_until_current(memory)
    memory.search(FULL_CLIENT, "leek soup")
    return walls


def _p50_p95(values: Sequence[int]) -> str:
    return f"{ms(statistics.median(values)).strip()} / {ms(percentile(values, 95)).strip()}"


def catch_up_report(size: int, count: int, base: Path, seed: int) -> None:
    repository = base / f"memory-{size}"
    paths = packed_memory(repository, size, seed)
    rng = random.Random(seed)
    memory = make_service(repository)
    try:
        rows = catch_up_samples(memory, paths, count, rng)
        floods = {}
        kept = search_upkeep.IDLE_SECONDS, search_upkeep.BACKLOG_WRITES
        for label, worker in (("worker on", True), ("worker off", False)):
            if not worker:  # it never starts: no pause long enough, no backlog large enough
                search_upkeep.IDLE_SECONDS, search_upkeep.BACKLOG_WRITES = 3_600.0, 10**9
            floods[f"appends in a flood, {label}"] = flood_samples(
                memory, paths, 2 * count, rng, worker=worker
            )
        search_upkeep.IDLE_SECONDS, search_upkeep.BACKLOG_WRITES = kept
    finally:
        memory.close()
    print(f"\n== search catch-up, {size} notes ({count} samples a row) ==")
    print(f"{'':<40}{'wall (p50 / p95)':>22}{'CPU, caller':>22}")
    for label, cells in rows.items():
        print(f"{label:<40}{cells[0]:>22}{cells[1]:>22}  {' '.join(cells[2:])}")
    for label, walls in floods.items():
        print(f"{label:<40}{_p50_p95(walls):>22}  (wall, {len(walls)} appends)")


def percentile(values: Sequence[float], share: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[share - 1]


def ms(nanoseconds: float) -> str:
    return f"{nanoseconds / 1e6:7.2f}"


def packed_memory(repository: Path, size: int, seed: int) -> list[str]:
    """A memory of `size` notes with its objects packed, as `git gc` leaves a used one.

    Built loose, its 10,000 objects would make the first `git gc --auto` that a write starts
    (one write in 50) pack them all while holding the memory's lock: a one-off of seconds
    that lands on a few measured appends, not a cost of each write.
    """
    paths = build_memory(repository, size, seed)
    subprocess.run(["git", "-C", str(repository), "gc", "--quiet"], check=True)
    return paths


def report_size(size: int, count: int, base: Path, clock: PartClock, seed: int) -> None:
    repository = base / f"memory-{size}"
    paths = packed_memory(repository, size, seed)
    floor_on = floor_commits(repository, count, fsync=True)
    floor_off = floor_commits(repository, count, fsync=False)
    folders = Counter(path.split("/")[0] for path in paths if "/" in path)
    largest = folders.most_common(1)[0][0]
    alone = index_and_tree_alone(repository, next(p for p in paths if p.startswith(largest)), count)
    measured = operations(repository, paths, count, clock, seed)
    floor_p50 = statistics.median(floor_on)
    print(f"\n== {size} notes, {count} of each ==")
    for name, samples in measured.items():
        print(
            f"{name:<26} wall p50 {ms(statistics.median(samples.wall))} p95 "
            f"{ms(percentile(samples.wall, 95))}   CPU p50 {ms(statistics.median(samples.cpu))} "
            f"p95 {ms(percentile(samples.cpu, 95))} ms"
        )
    print(
        f"{'floor':<26} wall p50 {ms(floor_p50)} p95 {ms(percentile(floor_on, 95))} (bare commit)"
    )
    print(f"floor without fsync p50 {ms(statistics.median(floor_off))} ms")
    print(f"fsync in the floor  p50 {ms(floor_p50 - statistics.median(floor_off))} ms")
    append_p50 = statistics.median(measured["append"].wall)
    print(f"append / floor      {append_p50 / floor_p50:5.2f}x (wall p50)")
    print("\nmeasured alone, in turn (fsync on)  CPU p50 ms")
    for label, values in alone.items():
        print(f"  {label:<35}{ms(statistics.median(values))}")
    for name, samples in measured.items():
        if name.startswith("search"):
            continue
        print(f"\n{name}: part (exclusive)        wall p50 CPU p50  CPU mean")
        for part in PARTS:
            walls = [wall.get(part, 0) for wall, _ in samples.parts]
            cpus = [cpu.get(part, 0) for _, cpu in samples.parts]
            if any(walls):
                print(
                    f"  {part:<30}{ms(statistics.median(walls))} {ms(statistics.median(cpus))}"
                    f" {ms(statistics.fmean(cpus))}"
                )
        other = [
            total - sum(wall.values())
            for total, (wall, _) in zip(samples.wall, samples.parts, strict=True)
        ]
        other_cpu = [
            total - sum(cpu.values())
            for total, (_, cpu) in zip(samples.cpu, samples.parts, strict=True)
        ]
        print(
            f"  {'other (not wrapped)':<30}{ms(statistics.median(other))}"
            f" {ms(statistics.median(other_cpu))} {ms(statistics.fmean(other_cpu))}"
        )


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--appends", type=int, default=100)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--dir", type=Path, default=None, help="where the memories are built")
    parser.add_argument("--catch-up", action="store_true", help="only the search catch-up")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    clock = PartClock()
    if not arguments.catch_up:
        instrument(clock)
    with tempfile.TemporaryDirectory(dir=arguments.dir) as folder:
        base = Path(folder)
        print(f"file system: {file_system(base)}")
        for size in arguments.sizes:
            if arguments.catch_up:
                catch_up_report(size, arguments.appends, base, arguments.seed)
            else:
                report_size(size, arguments.appends, base, clock, arguments.seed)


if __name__ == "__main__":
    main()
