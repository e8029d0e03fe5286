"""A hostile push: one commit with a 100 MB note and 20,000 small notes, then the bridge's
first write after it. Prints that write's time, the bridge's peak resident size during it,
and where the time went (`--profile`). A measurement, not a test: it never fails on time.

The bridge runs in this process with a shared remote (a bare repository by path), as a
bridge does when several machines share a memory. Someone else clones the remote, adds
the commit with `git fast-import` (seconds, not minutes) and pushes it. The bridge knows
nothing yet: its first append pushes with a lease, is refused, fetches, brings its
working tree along and writes again. The peak resident size is the kernel's high-water
mark of this process (`VmHWM`), reset just before the write, so what the bridge did
before does not count; Git's own processes (fetch, push) are reported apart.

    bash .ci/run uv run python bench/hostile_push.py [--files 20000] [--blob-mb 100]
        [--without-remote] [--profile]

`--without-remote` commits the push straight into the bridge's repository (as `git pull`
would) and checks out with Git, so the write alone is measured.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

from core import build_memory

from memoire.config import Config, Limits, MemoryLocation
from memoire.core.acl import FULL, AccessTable
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from tests.remotes import bare_repository

CLIENT = "desk"
FOLDER = "topics"
HUGE_PATH = f"{FOLDER}/huge.md"
_ENV = {
    "GIT_AUTHOR_NAME": "Someone",
    "GIT_AUTHOR_EMAIL": "someone@example.org",
    "GIT_COMMITTER_NAME": "Someone",
    "GIT_COMMITTER_EMAIL": "someone@example.org",
    "PATH": "/usr/bin:/bin",
    "HOME": "/nonexistent",
}


def git(repository: Path, *arguments: str, data: bytes | None = None) -> str:
    done = subprocess.run(
        ["git", "-C", str(repository), *arguments],
        input=data,
        capture_output=True,
        check=True,
        env=_ENV,
    )
    return done.stdout.decode()


def small_note(number: int) -> bytes:
    return (
        f"---\ntitle: Pushed {number}\ndescription: one of many\nupdated: 2026-11-01\n"
        f"sensitive: no\n---\nLine {number} of a note someone pushed.\n"
    ).encode()


def fast_import_stream(files: int, blob_bytes: int, parent: str) -> Iterator[bytes]:
    """One commit on `parent` adding `files` small notes and one note of `blob_bytes`."""
    yield b"commit refs/heads/main\ncommitter Someone <someone@example.org> 1764000000 +0000\n"
    yield b"data 12\nhostile push\n"
    yield f"from {parent}\n".encode()
    for number in range(files):
        body = small_note(number)
        yield f"M 100644 inline {FOLDER}/pushed-{number}.md\ndata {len(body)}\n".encode()
        yield body + b"\n"
    header = small_note(-1)
    line = b"x" * 99 + b"\n"
    yield f"M 100644 inline {HUGE_PATH}\ndata {blob_bytes}\n".encode()
    yield header
    remaining = blob_bytes - len(header)
    yield line * (remaining // len(line)) + b"y" * (remaining % len(line))
    yield b"\n"


def push_commit(clone: Path, files: int, blob_bytes: int) -> None:
    """Add the hostile commit to `clone`'s main (its working tree is left alone)."""
    parent = git(clone, "rev-parse", "main").strip()
    stream = b"".join(fast_import_stream(files, blob_bytes, parent))
    git(clone, "fast-import", "--quiet", data=stream)


def service_for(repository: Path, remote: str | None) -> MemoryService:
    memory = MemoryLocation(repository=repository, layout=ENGLISH, remote=remote)
    access = AccessTable({CLIENT: FULL})
    return MemoryService(Config(memory=memory, access=access, limits=Limits(min_free_disk_bytes=0)))


def reset_peak() -> None:
    Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS


def status_mib(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field} in /proc/self/status")


def after_the_write(service: MemoryService, path: str) -> None:
    """The first search (it loads what the write left), a second write, the index."""
    reset_peak()
    started = time.perf_counter()
    hits = service.search(CLIENT, "pushed")
    search_seconds = time.perf_counter() - started
    started = time.perf_counter()
    service.append(CLIENT, path, "the second write")
    second_seconds = time.perf_counter() - started
    started = time.perf_counter()
    index = service.index(CLIENT)
    index_seconds = time.perf_counter() - started
    print(
        f"then: search {search_seconds * 1000:.0f} ms ({len(hits.hits)} hits), second write "
        f"{second_seconds * 1000:.0f} ms, index {index_seconds * 1000:.0f} ms "
        f"({index.total:,} notes); peak {status_mib('VmHWM'):.0f} MiB"
    )


def run(base: Path, files: int, blob_bytes: int, with_remote: bool, profile: bool) -> None:
    memory = base / "memory"
    paths = build_memory(memory, 200, seed=7)
    if with_remote:
        bare = bare_repository(base / "shared.git")
        git(memory, "push", "-q", str(bare), "main")
        service = service_for(memory, str(bare))
    else:
        service = service_for(memory, None)
    try:
        service.index(CLIENT)
        service.search(CLIENT, "garden")
        service.append(CLIENT, paths[0], "before the push")
        attacker = base / "attacker" if with_remote else memory
        if with_remote:
            subprocess.run(["git", "clone", "-q", str(bare), str(attacker)], check=True, env=_ENV)
        started = time.perf_counter()
        push_commit(attacker, files, blob_bytes)
        if with_remote:
            git(attacker, "push", "-q", "origin", "main")
        else:
            git(memory, "checkout", "-q", "-f", "main")  # what `git pull` would leave
        print(
            f"push of {files:,} notes + {blob_bytes / 2**20:.0f} MiB built in "
            f"{time.perf_counter() - started:.1f} s"
        )
        resident_before = status_mib("VmRSS")
        reset_peak()
        profiler = cProfile.Profile() if profile else None
        started = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        service.append(CLIENT, paths[1], "the first write after the push")
        if profiler is not None:
            profiler.disable()
        write_seconds = time.perf_counter() - started
        peak = status_mib("VmHWM")
        print(f"first write after the push: {write_seconds:.2f} s")
        print(f"bridge resident: {resident_before:.0f} MiB before, peak {peak:.0f} MiB during it")
        after_the_write(service, paths[2])
    finally:
        service.close()
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"largest Git child process (fetch, push, checkout): {children:.0f} MiB")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--blob-mb", type=int, default=100)
    parser.add_argument("--without-remote", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--dir", type=Path, default=None, help="where to build (default: /tmp)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=options.dir) as base:
        run(
            Path(base),
            options.files,
            options.blob_mb * 2**20,
            not options.without_remote,
            options.profile,
        )


if __name__ == "__main__":
    main()
