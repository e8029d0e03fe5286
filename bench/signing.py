"""What signing adds to a write: the SSHSIG signature alone, and a signed commit next to an
unsigned one (issue 15's target: at most 2 ms per write).

A measurement, not a test: it prints and never fails on time. Both commits are made the way
the store makes them (pygit2, fsync on, the same tree and parent each time), so their
difference is what signing costs a write: the commit text built, SHA-512 and Ed25519 over
it, the SSHSIG envelope, and the commit object written with its gpgsig header. With fsync
off the difference is the CPU cost alone; with it on (as memoire runs), the disk's noise
is usually larger than the difference.

It also times `memoire verify` over its default bound (DEFAULT_LIMIT signed commits).

Run: `uv run python bench/signing.py --iterations 2000`.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pygit2

from memoire.config import Config, MemoryLocation
from memoire.storage.commits import COMMITTER_EMAIL, CommitBuilder
from memoire.storage.signing import ALLOWED_SIGNERS_PATH, BridgeKey, enrolment
from memoire.verify import DEFAULT_LIMIT, verify_memory

TARGET_MS = 2.0


def timed(action: Callable[[], object], iterations: int, warmup: int = 5) -> list[float]:
    """Milliseconds per call, after a few warm-up calls."""
    for _ in range(warmup):
        action()
    samples = []
    for _ in range(iterations):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def row(name: str, samples: list[float]) -> str:
    p95 = statistics.quantiles(samples, n=20)[-1]
    return f"{name:<52} p50 {statistics.median(samples):7.3f} ms   p95 {p95:7.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--dir", type=Path, help="where the repository goes (default: temp)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=arguments.dir) as folder:
        key = BridgeKey(Path(folder) / "bridge_ed25519", "memoire@bench")
        for fsync in (False, True):
            pygit2.settings.enable_fsync_gitdir(fsync)
            repository = Path(folder) / f"memory-fsync-{fsync}"
            measure(pygit2.init_repository(str(repository), bare=True), key, fsync, arguments)
        pygit2.settings.enable_fsync_gitdir(False)
        print(row(f"memoire verify, {DEFAULT_LIMIT} signed commits", time_verify(folder, key)))


def time_verify(folder: str, key: BridgeKey) -> list[float]:
    """A branch of DEFAULT_LIMIT signed commits (the key's own first), verified 5 times."""
    path = Path(folder) / "long-history"
    repo = pygit2.init_repository(str(path), initial_head="main")
    builder = CommitBuilder(repo, "", key)
    added = enrolment(key, None)
    assert added is not None
    blobs = builder.write_blobs({ALLOWED_SIGNERS_PATH: added.content})
    commit = builder.commit(None, blobs, "memoire (key)", added.message)
    for number in range(DEFAULT_LIMIT - 1):
        note = builder.write_blobs({"topics/boat.md": f"line {number}\n".encode()})
        commit = builder.commit(commit, note, "memoire (bench)", f"memoire: append {number}")
    repo.references.create("refs/heads/main", commit)
    config = Config(memory=MemoryLocation(repository=path))
    samples = timed(lambda: verify_memory(config), 5, warmup=1)
    assert verify_memory(config).clean
    return samples


def measure(
    repo: pygit2.Repository, key: BridgeKey, fsync: bool, arguments: argparse.Namespace
) -> None:
    """Signed and unsigned commits on one repository; their p50 difference is signing's."""
    builder = CommitBuilder(repo, "", key)
    blobs = builder.write_blobs({"topics/boat.md": b"---\ntitle: Boat\n---\n\nSails.\n"})
    parent = builder.commit(None, blobs, "memoire (bench)", "memoire: first")
    text = repo[parent].read_raw()
    who = pygit2.Signature("memoire (bench)", COMMITTER_EMAIL)
    tree = repo[parent].peel(pygit2.Tree).id
    counter = iter(range(10**9))  # a new message each time: a new object to write

    def unsigned() -> object:
        message = f"memoire: append topics/boat.md ({next(counter)})"
        return repo.create_commit(None, who, who, message, tree, [parent])

    def signed() -> object:
        message = f"memoire: append topics/boat.md ({next(counter)})"
        return builder.commit(parent, {}, "memoire (bench)", message)

    mode = "fsync on" if fsync else "fsync off"
    if not fsync:
        print(row("SSHSIG signature of a commit's text", timed(lambda: key.sign(text), 1000)))
    plain = timed(unsigned, arguments.iterations)
    with_signature = timed(signed, arguments.iterations)
    print(row(f"commit, unsigned ({mode})", plain))
    print(row(f"commit, signed as memoire makes it ({mode})", with_signature))
    added = statistics.median(with_signature) - statistics.median(plain)
    name = f"signing cost per write, p50 difference ({mode})"
    print(f"{name:<52} {added:7.3f} ms   target <= {TARGET_MS} ms")


if __name__ == "__main__":
    main()
