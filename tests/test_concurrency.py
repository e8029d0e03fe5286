"""Many processes, one repository: every confirmed write is in Git exactly once, even when
writers are killed at random points."""

from __future__ import annotations

import multiprocessing
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygit2

from memoire.core.layout import ENGLISH
from memoire.core.note import parse_note
from memoire.service import MemoryService

from .conftest import git, make_config

WRITERS = 8
APPENDS_EACH = 12
NOTE = "journal/shared.md"


def _append_many(
    repository: str, writer: int, start: multiprocessing.synchronize.Event
) -> list[tuple[str, str, str]]:
    service = MemoryService(make_config(Path(repository)))
    start.wait()
    confirmations = []
    for number in range(APPENDS_EACH):
        line = f"writer {writer} line {number} (« quoted », 'single')"
        result = service.append("desk", NOTE, line, title="Shared", description="", sensitive=False)
        confirmations.append((result.appended, result.commit, result.version))
    service.close()
    return confirmations


def _note_at(repository: Path, commit: str) -> tuple[str, str]:
    repo = pygit2.Repository(str(repository))
    blob = repo[commit].peel(pygit2.Tree)[NOTE]
    return blob.data.decode(), str(blob.id)


def test_eight_processes_appending_to_one_note_lose_nothing(repository: Path) -> None:
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager:
        start = manager.Event()
        with context.Pool(WRITERS) as pool:
            pending = [
                pool.apply_async(_append_many, (str(repository), writer, start))
                for writer in range(WRITERS)
            ]
            time.sleep(1.0)
            start.set()
            results = [item.get(timeout=300) for item in pending]
    confirmations = [confirmation for result in results for confirmation in result]
    assert len(confirmations) == WRITERS * APPENDS_EACH
    final = (repository / NOTE).read_text()
    lines = final.splitlines()
    for appended, commit, version in confirmations:
        assert lines.count(appended) == 1
        text_then, blob_then = _note_at(repository, commit)
        assert text_then.endswith(appended + "\n"), "the confirmation must match Git"
        assert blob_then.startswith(version)
    assert len({commit for _, commit, _ in confirmations}) == len(confirmations)
    assert git(repository, "status", "--porcelain") == ""
    assert (
        subprocess.run(["git", "-C", str(repository), "fsck", "--strict"], check=False).returncode
        == 0
    )


_WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from conftest import make_config
from memoire.service import MemoryService
service = MemoryService(make_config(Path({repository!r})))
round_ = int(sys.argv[1])
print("ready", flush=True)
for number in range(10_000):
    line = f"round {{round_}} line {{number}}"
    result = service.append("desk", {note!r}, line, title="Killed", description="", sensitive=False)
    print(result.appended, flush=True)
"""


def _fsck_errors(repository: Path) -> set[str]:
    """What `git fsck --strict` finds wrong (dangling objects are normal and not counted)."""
    fsck = subprocess.run(
        ["git", "-C", str(repository), "fsck", "--strict", "--no-progress", "--no-dangling"],
        capture_output=True,
        text=True,
        check=False,
    )
    problems = set((fsck.stdout + fsck.stderr).splitlines())
    assert fsck.returncode == 0 or problems, "fsck failed without saying why"
    return problems


def test_writers_killed_at_random_points_leave_a_sound_repository(repository: Path) -> None:
    script = _WRITER.format(tests=str(Path(__file__).parent), repository=str(repository), note=NOTE)
    rng = random.Random(20261129)
    confirmed: list[str] = []
    for round_ in range(15):
        writer = subprocess.Popen(
            [sys.executable, "-c", script, str(round_)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None
        assert writer.stdout.readline() == "ready\n"
        time.sleep(0.05 + rng.random() * 0.5)
        writer.send_signal(signal.SIGKILL)
        output, _ = writer.communicate()
        confirmed += output.splitlines()
        assert _fsck_errors(repository) <= {"error: refs/heads/main.lock: badRefContent: "}
    assert len(confirmed) > 30, "the writers must have confirmed writes before being killed"
    service = MemoryService(make_config(repository))
    text = service.read("desk", NOTE)
    lines = text.body.splitlines()
    for line in confirmed:
        assert lines.count(line) == 1
    service.append("desk", NOTE, "after the crashes")
    assert _fsck_errors(repository) == set()
    assert git(repository, "status", "--porcelain") == ""
    head_text = (repository / NOTE).read_text()
    assert parse_note(head_text, ENGLISH, "x").is_valid
    service.close()
