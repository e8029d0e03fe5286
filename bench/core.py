"""Benchmark of the memory service's hot operations on realistic 1,000 and 10,000 note memories.

This is a measurement, not a test: it prints p50, p95 and mean latencies next to the targets
of the performance issue and never fails on time, because timings depend on the machine and
its disk, and a flaky timing assertion in CI would teach people to ignore CI.

Why each choice:

- The memories are built directly (note files written, one commit made with pygit2), not
  through 10,000 service appends, so that building takes seconds and the measured service
  starts exactly as it would on a memory that a person already has.
- The memories live on the disk that holds the temporary folder (or `--dir`), and the output
  names its file system: appends fsync Git objects, so tmpfs and a real disk differ a lot.
- The operations are called through `MemoryService` exactly as an adapter calls them, audit
  log, access checks and search refresh included: that is what a client waits for.
- One-off costs (the first index of a fresh process, which parses every note, and the first
  search, which builds the full-text index) are reported separately, so they do not hide in
  or distort the steady-state percentiles.
- `index` is cached per commit, so it is measured both right after a write (the cache is
  empty: what a client sees at the start of a conversation that follows a write) and warm
  (the same commit again).

Run: `uv run python bench/core.py --sizes 1000 10000 --iterations 200`.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import partial
from importlib.metadata import version
from pathlib import Path

import pygit2

from memoire.bootstrap import create_memory
from memoire.config import Config, Limits, MemoryLocation
from memoire.core.acl import FULL, READ_ONLY, AccessTable
from memoire.core.errors import MemoireError
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService

FULL_CLIENT = "desk"
READ_ONLY_CLIENT = "voice"
WARMUP_CALLS = 5
SENSITIVE_SHARE = 0.10
BODY_BYTES = (500, 3_000)
# Share of the folder notes that each folder gets, roughly what a lived-in memory looks like.
FOLDER_SHARES = {"people": 0.25, "domains": 0.10, "topics": 0.30, "journal": 0.25, "projects": 0.10}


def _words(text: str) -> list[str]:
    """Word lists are kept as wrapped prose: far easier to read and extend than list literals."""
    return text.split()


# Everyday English words, no word the secret guard keys on (password, token, key, pin...),
# so that no generated append is refused.
ENGLISH_WORDS = _words("""
garden tomato basil irrigation compost soil seed harvest pruning orchard apple pear plum
cherry hedge lawn mower shovel greenhouse frost spring summer autumn winter rain sunshine
kitchen recipe oven bread flour butter sugar salt pepper onion garlic carrot potato soup
stew lentil chickpea rice pasta sauce cheese yogurt coffee tea breakfast lunch dinner
dessert chocolate vanilla cinnamon lemon orange grape wine beer water bottle glass plate
travel train station ticket airport flight luggage hotel booking passport visa border
museum gallery cathedral bridge river mountain valley lake beach harbour island ferry
village city street square market bakery pharmacy library school university office
meeting deadline report budget invoice contract client supplier colleague manager team
project milestone sprint release feature bug review design prototype architecture server
database backup migration deploy monitoring alert latency throughput cache queue index
search storage network laptop phone tablet printer router cable battery charger screen
keyboard mouse headphones speaker camera photo album video music guitar piano violin
concert festival theatre cinema novel poem author chapter page notebook pencil letter
family mother father sister brother daughter son grandmother grandfather cousin uncle
aunt friend neighbour partner wedding birthday anniversary holiday gift card party
doctor dentist appointment prescription allergy vitamin sleep exercise running swimming
cycling hiking yoga stretching posture knee shoulder back headache fever cough therapy
bank mortgage savings pension insurance tax refund salary rent bill receipt expense
car bicycle bus tram subway parking garage repair tyre engine fuel insurance licence
house apartment roof window door stairs basement attic heating boiler plumbing paint
furniture sofa table chair shelf wardrobe lamp curtain carpet mirror clock blanket
dog cat puppy kitten veterinarian walk leash food bowl collar toy vaccine grooming
language french german spanish italian grammar vocabulary lesson course exam homework
morning afternoon evening night weekend monday tuesday wednesday thursday friday
january february march april may june july august september october november december
quiet busy tired happy calm anxious curious patient careful generous honest gentle
remember prefer avoid enjoy dislike plan decide finish start postpone cancel confirm
call email message visit invite organise schedule prepare cook clean fix build paint
important urgent later weekly monthly yearly often rarely always never usually sometimes
""")

# French words, most with accents, so that accent-folding search has something to fold.
FRENCH_WORDS = _words("""
été café déjà élève fenêtre forêt hôpital bibliothèque château crème fête frère mère père
rêve tête théâtre île goût très préférence réunion médecin déménagement études santé
répétition randonnée pâtisserie boulangerie marché épicerie première deuxième système
problème idée modèle côté début année journée soirée matinée cinéma musée vélo école
lycée collège université équipe société congé vacances génial déçu pressé fatigué reposé
noël pâques août décembre février légumes fromage baguette croissant quiche ratatouille
""")

PEOPLE_NAMES = _words("""
alice bruno camille david emma francois gabriel helene ines julien karim lea manon
nicolas olivia pierre quentin romain sophie thomas ursula victor william xavier yasmine zoe
""")


def slug_words() -> list[str]:
    """Words usable in a slug (`[a-z0-9-]+`): the English list is plain ASCII already."""
    return [word for word in ENGLISH_WORDS if word.isascii() and word.isalpha()]


@dataclass(slots=True)
class TextMaker:
    """Seeded prose from a Zipf-weighted vocabulary, so search has frequent and rare words."""

    rng: random.Random
    vocabulary: list[str] = field(default_factory=list)
    _cumulative: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        words = sorted(set(ENGLISH_WORDS) | set(FRENCH_WORDS))
        self.rng.shuffle(words)
        self.vocabulary = words
        total = 0.0
        for rank in range(len(words)):
            total += 1.0 / (rank + 10)
            self._cumulative.append(total)

    def words(self, count: int) -> list[str]:
        return self.rng.choices(self.vocabulary, cum_weights=self._cumulative, k=count)

    def sentence(self, low: int = 6, high: int = 16) -> str:
        words = self.words(self.rng.randint(low, high))
        return " ".join(words).capitalize() + "."

    def title(self) -> str:
        return " ".join(self.words(self.rng.randint(2, 5))).capitalize()

    def body(self, size: int) -> str:
        """Markdown of about `size` bytes: headings, paragraphs and bullet lists."""
        blocks: list[str] = []
        length = 0
        while length < size:
            kind = self.rng.random()
            if kind < 0.15:
                block = "## " + self.title()
            elif kind < 0.45:
                items = self.rng.randint(2, 5)
                block = "\n".join("- " + self.sentence(3, 10) for _ in range(items))
            else:
                block = " ".join(self.sentence() for _ in range(self.rng.randint(1, 4)))
            blocks.append(block)
            length += len(block.encode("utf-8")) + 2
        return "\n\n".join(blocks) + "\n"


def note_text(maker: TextMaker, rng: random.Random, title: str) -> str:
    """A note with the four-field header, as memoire itself would have written it."""
    updated = date(2024, 1, 1) + timedelta(days=rng.randrange(0, 1_000))
    sensitive = "yes" if rng.random() < SENSITIVE_SHARE else "no"
    description = maker.sentence(5, 12).removesuffix(".")
    header = (
        f"---\ntitle: {title}\ndescription: {description}\n"
        f"updated: {updated.isoformat()}\nsensitive: {sensitive}\n---\n\n"
    )
    return header + maker.body(rng.randint(*BODY_BYTES))


def note_paths(count: int, rng: random.Random) -> list[str]:
    """`count` unique note paths spread over the five folders, slugs `[a-z0-9-]+`."""
    words = slug_words()
    paths: list[str] = []
    seen: set[str] = set()
    folders = list(FOLDER_SHARES)
    weights = list(FOLDER_SHARES.values())
    while len(paths) < count:
        folder = rng.choices(folders, weights=weights)[0]
        if folder == "people":
            slug = f"{rng.choice(PEOPLE_NAMES)}-{rng.choice(PEOPLE_NAMES)}"
        elif folder == "journal":
            day = date(2020, 1, 1) + timedelta(days=rng.randrange(0, 2_500))
            slug = f"{day.isoformat()}-{rng.choice(words)}"
        else:
            slug = "-".join(rng.sample(words, rng.randint(1, 3)))
        path = f"{folder}/{slug}.md"
        suffix = 2
        while path in seen:
            path = f"{folder}/{slug}-{suffix}.md"
            suffix += 1
        seen.add(path)
        paths.append(path)
    return paths


def build_memory(repository: Path, notes: int, seed: int) -> list[str]:
    """Create a memory of `notes` notes (profile and preferences included) in one commit.

    Git's fsync is switched off while building: the fixture's durability does not matter,
    and 10,000 fsynced loose objects would take minutes. It is switched back on before any
    measurement, as `memoire.storage.store` sets it.
    """
    rng = random.Random(seed)
    maker = TextMaker(random.Random(seed + 1))
    create_memory(repository, "", ENGLISH)
    paths = [ENGLISH.profile, ENGLISH.preferences, *note_paths(notes - 2, rng)]
    for path in paths:
        file = repository / path
        file.parent.mkdir(parents=True, exist_ok=True)
        if path == ENGLISH.profile:
            title = "Profile"
        elif path == ENGLISH.preferences:
            title = "Preferences"
        else:
            title = maker.title()
        text = note_text(maker, rng, title)
        if path in ENGLISH.always_shown:  # always shown, so never hidden
            text = text.replace("sensitive: yes", "sensitive: no", 1)
        file.write_text(text, encoding="utf-8")
    pygit2.settings.enable_fsync_gitdir(False)
    try:
        repo = pygit2.Repository(str(repository))
        index = repo.index
        index.read()
        index.add_all()
        index.write()
        tree = index.write_tree()
        signature = pygit2.Signature("bench", "bench@localhost")
        repo.create_commit(
            "HEAD", signature, signature, f"bench: {notes} notes\n", tree, [repo.head.target]
        )
    finally:
        pygit2.settings.enable_fsync_gitdir(True)
    return [path for path in paths if path not in ENGLISH.always_shown]


def make_service(repository: Path) -> MemoryService:
    return MemoryService(
        Config(
            memory=MemoryLocation(repository=repository),
            access=AccessTable({FULL_CLIENT: FULL, READ_ONLY_CLIENT: READ_ONLY}),
            limits=Limits(),
        )
    )


# Measuring


@dataclass(frozen=True, slots=True)
class Target:
    """A goal from the performance issue: `statistic` of the row at most `limit_ms`."""

    statistic: str
    limit_ms: float

    def describe(self) -> str:
        return f"{self.statistic} <= {self.limit_ms:g} ms"


@dataclass(frozen=True, slots=True)
class Row:
    size: int
    operation: str
    samples_ns: tuple[int, ...]
    target: Target | None = None

    def stats_ms(self) -> dict[str, float]:
        values = [sample / 1e6 for sample in self.samples_ns]
        if len(values) == 1:
            return {"mean": values[0], "p50": values[0], "p95": values[0], "max": values[0]}
        cuts = statistics.quantiles(values, n=100, method="inclusive")
        return {
            "mean": statistics.fmean(values),
            "p50": cuts[49],
            "p95": cuts[94],
            "max": max(values),
        }

    def verdict(self) -> str:
        if self.target is None:
            return ""
        met = self.stats_ms()[self.target.statistic] <= self.target.limit_ms
        return "met" if met else "MISSED"


def timed(call: Callable[[], object]) -> int:
    start = time.perf_counter_ns()
    call()
    return time.perf_counter_ns() - start


def repeat(calls: Sequence[Callable[[], object]]) -> tuple[int, ...]:
    """Time each call; a few untimed ones first so one-off warm-up costs stay out."""
    for call in calls[:WARMUP_CALLS]:
        call()
    return tuple(timed(call) for call in calls)


def targets_for(size: int) -> dict[str, Target]:
    """The issue's targets: append at every size, index at 1,000 notes, search at 10,000."""
    found = {"append": Target("p50", 10.0)}
    if size == 1_000:
        found["index"] = Target("p50", 2.0)
    if size == 10_000:
        found["search"] = Target("p50", 10.0)
    return found


READ = "read, random note"
WRITE = "write, whole note with the version just read"
APPEND = "append, random existing note"


def bench_size(size: int, iterations: int, base: Path, seed: int) -> tuple[list[Row], float]:
    """All measurements for one memory size; the rows and the build time in seconds."""
    repository = base / f"memory-{size}"
    start = time.perf_counter()
    paths = build_memory(repository, size, seed)
    build_seconds = time.perf_counter() - start
    return measure_service(size, repository, paths, iterations, seed), build_seconds


def measure_service(
    size: int, repository: Path, paths: list[str], iterations: int, seed: int
) -> list[Row]:
    """The service's operations on a memory of `size` notes whose `paths` may be written."""
    rng = random.Random(seed + size)
    maker = TextMaker(random.Random(seed + 2))
    targets = targets_for(size)
    rows: list[Row] = []

    def row(operation: str, samples: tuple[int, ...], target: str | None = None) -> None:
        rows.append(Row(size, operation, samples, targets.get(target) if target else None))

    def query() -> str:
        return " ".join(rng.sample(maker.vocabulary, rng.randint(1, 2)))

    def append_line() -> Callable[[], object]:
        path, line = rng.choice(paths), maker.sentence(6, 14)
        return lambda: service.append(FULL_CLIENT, path, line)

    def rewrite_line() -> Callable[[], object]:
        path, line = rng.choice(paths), maker.sentence(6, 14)
        return lambda: rewrite(service, path, line)

    service = make_service(repository)

    def index_full() -> object:
        return service.index(FULL_CLIENT)

    def index_read_only() -> object:
        return service.index(READ_ONLY_CLIENT)

    try:
        row("index, first call of the process (parses all notes), full", (timed(index_full),))
        first_search = query()
        row(
            "search, first call (builds the FTS index from scratch)",
            (timed(lambda: service.search(FULL_CLIENT, first_search)),),
        )

        reads = [rng.choice(paths) for _ in range(iterations)]
        row(READ, repeat([partial(service.read, FULL_CLIENT, p) for p in reads]))

        queries = [query() for _ in range(iterations)]
        for client, label in ((FULL_CLIENT, "full"), (READ_ONLY_CLIENT, "read-only")):
            calls = [partial(service.search, client, q) for q in queries]
            row(f"search, 1-2 words, {label}", repeat(calls), "search")

        appends = [append_line() for _ in range(iterations)]
        row(APPEND, repeat(appends), "append")
        row(WRITE, repeat([rewrite_line() for _ in range(iterations)]))

        cold_full: list[int] = []
        cold_read_only: list[int] = []
        for _ in range(iterations):
            # The cache is keyed by (commit, sees sensitive): after one write both are cold.
            append_line()()
            cold_full.append(timed(index_full))
            cold_read_only.append(timed(index_read_only))
        row("index after a write (cold cache), full", tuple(cold_full), "index")
        row("index after a write (cold cache), read-only", tuple(cold_read_only), "index")
        row("index warm (same commit), full", repeat([index_full] * iterations), "index")
        row(
            "index warm (same commit), read-only",
            repeat([index_read_only] * iterations),
            "index",
        )
    finally:
        service.close()
    return rows


def rewrite(service: MemoryService, path: str, line: str) -> object:
    """memoire_write as an assistant uses it: the note read, then sent back whole, one line
    longer, with the version read (the read is ~1 % of the time)."""
    note = service.read(FULL_CLIENT, path)
    return service.write(
        FULL_CLIENT,
        path,
        title=note.title,
        description=note.description,
        sensitive=note.sensitive,
        body=f"{note.body.rstrip()}\n\n{line}\n",
        version=note.version,
    )


# Reporting


def file_system(path: Path) -> str:
    """The file system type holding `path`, from /proc/self/mountinfo (device numbers)."""
    device = path.stat().st_dev
    wanted = f"{os.major(device)}:{os.minor(device)}"
    try:
        lines = Path("/proc/self/mountinfo").read_text(encoding="utf-8").splitlines()
    except OSError:
        return "unknown (no /proc)"
    for line in lines:
        fields = line.split()
        if len(fields) > 4 and fields[2] == wanted and " - " in line:
            fs_type, source = line.split(" - ", 1)[1].split()[:2]
            return f"{fs_type} ({source})"
    return "unknown"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def print_machine(base: Path) -> None:
    print("Machine")
    print(f"  python    {sys.version.split()[0]} on {platform.platform()}")
    print(f"  cpu       {cpu_model()} x {os.cpu_count()}")
    print(
        f"  libs      pygit2 {version('pygit2')} (libgit2 {pygit2.LIBGIT2_VERSION}), "
        f"sqlite {sqlite3.sqlite_version}"
    )
    print(f"  memories  {base}")
    print(f"  on        {file_system(base)}; Git fsync on (as in production)")
    print()


def print_table(rows: list[Row]) -> None:
    header = ("notes", "operation", "n", "mean ms", "p50 ms", "p95 ms", "max ms", "target", "")
    header = (*header[:-1], "verdict")
    lines = [header]
    for row in rows:
        stats = row.stats_ms()
        lines.append(
            (
                f"{row.size:,}",
                row.operation,
                str(len(row.samples_ns)),
                f"{stats['mean']:.2f}",
                f"{stats['p50']:.2f}",
                f"{stats['p95']:.2f}",
                f"{stats['max']:.2f}",
                row.target.describe() if row.target else "",
                row.verdict(),
            )
        )
    print_columns(lines, right={0, 2, 3, 4, 5, 6})


def print_columns(lines: Sequence[Sequence[str]], right: set[int]) -> None:
    """Aligned columns, the first line a header underlined; `right` columns align right."""
    widths = [max(len(line[column]) for line in lines) for column in range(len(lines[0]))]
    for number, line in enumerate(lines):
        cells = [
            cell.rjust(width) if column in right else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--iterations", type=int, default=200, help="timed calls per operation")
    parser.add_argument("--dir", type=Path, default=None, help="where to build (default: tmp)")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--keep", action="store_true", help="keep the memories afterwards")
    arguments = parser.parse_args(argv)
    if arguments.iterations < 2 or any(size < 3 for size in arguments.sizes):
        parser.error("--iterations must be >= 2 and every size >= 3")
    return arguments


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    if arguments.dir is not None:
        arguments.dir.mkdir(parents=True, exist_ok=True)
    base = Path(tempfile.mkdtemp(prefix="memoire-bench-", dir=arguments.dir))
    print_machine(base)
    rows: list[Row] = []
    try:
        for size in arguments.sizes:
            found, build_seconds = bench_size(size, arguments.iterations, base, arguments.seed)
            print(f"built {size:,} notes in {build_seconds:.1f} s", flush=True)
            rows += found
    except MemoireError as error:
        print(f"the service refused a call: {type(error).__name__}: {error}", file=sys.stderr)
        raise
    finally:
        if not arguments.keep:
            shutil.rmtree(base, ignore_errors=True)
    print()
    print_table(rows)
    print()
    print("Targets (issue): append <= 10 ms p50; index <= 2 ms at 1,000 notes;")
    print("search <= 10 ms p50 at 10,000 notes. Times only; nothing is asserted.")


if __name__ == "__main__":
    main()
