"""Many processes, one repository: every confirmed write is in Git exactly once, even when
writers are killed at random points."""

from __future__ import annotations

import multiprocessing
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from pathlib import Path

import pygit2

from memoire.core.layout import ENGLISH
from memoire.core.note import parse_note
from memoire.service import MemoryService

from .conftest import fsck_problems, git, make_config
from .killing import kill_writers_at_random

WRITERS = 8
APPENDS_EACH = 12
NOTE = "journal/shared.md"


def _append_many(
    repository: str, writer: int, start: Event, results: Queue[list[tuple[str, str, str]]]
) -> None:
    service = MemoryService(make_config(Path(repository)))
    start.wait()
    confirmations = []
    for number in range(APPENDS_EACH):
        line = f"writer {writer} line {number} (« quoted », 'single')"
        result = service.append("desk", NOTE, line, title="Shared", description="", sensitive=False)
        confirmations.append((result.appended, result.commit, result.version))
    service.close()
    results.put(confirmations)


def _note_at(repository: Path, commit: str) -> tuple[str, str]:
    repo = pygit2.Repository(str(repository))
    blob = repo[commit].peel(pygit2.Tree)[NOTE]
    return blob.data.decode(), str(blob.id)


def test_eight_processes_appending_to_one_note_lose_nothing(repository: Path) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    results: Queue[list[tuple[str, str, str]]] = context.Queue()
    writers = [
        context.Process(target=_append_many, args=(str(repository), writer, start, results))
        for writer in range(WRITERS)
    ]
    for process in writers:
        process.start()
    time.sleep(1.0)
    start.set()
    collected = [results.get(timeout=300) for _ in writers]
    for process in writers:
        process.join(timeout=60)
        assert process.exitcode == 0
    confirmations = [confirmation for result in collected for confirmation in result]
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
    assert fsck_problems(repository) == set()


def test_writers_killed_at_random_points_leave_a_sound_repository(repository: Path) -> None:
    def sound_after_each_kill() -> None:
        assert fsck_problems(repository) <= {"error: refs/heads/main.lock: badRefContent: "}

    confirmed = kill_writers_at_random(repository, NOTE, rounds=15, check=sound_after_each_kill)
    assert len(confirmed) >= 15, "each writer confirms a write before it is killed"
    service = MemoryService(make_config(repository))
    text = service.read("desk", NOTE)
    lines = text.body.splitlines()
    for line in confirmed:
        assert lines.count(line) == 1
    service.append("desk", NOTE, "after the crashes")
    assert fsck_problems(repository) == set()
    assert git(repository, "status", "--porcelain") == ""
    head_text = (repository / NOTE).read_text()
    assert parse_note(head_text, ENGLISH, "x").is_valid
    service.close()


def test_writers_killed_while_adding_notes_leave_every_confirmed_note_in_git_and_checkout(
    repository: Path,
) -> None:
    """New notes change Git's index and the folder's tree by memoire's own code (entries
    inserted, trees written from kept entries): a writer killed anywhere in that leaves
    a repository Git finds sound, every confirmed note committed, and after the next
    write a checkout and index that say what the branch says."""

    def sound_after_each_kill() -> None:
        assert fsck_problems(repository) <= {"error: refs/heads/main.lock: badRefContent: "}

    confirmed = kill_writers_at_random(
        repository, NOTE, rounds=8, check=sound_after_each_kill, new_notes=True
    )
    service = MemoryService(make_config(repository))
    service.append("desk", NOTE, "after the crashes")
    committed = set(git(repository, "ls-tree", "--name-only", "HEAD", "journal/").split())
    staged = set(git(repository, "ls-files", "journal/").split())
    new_notes = [line for line in confirmed if line.startswith("journal/killed-")]
    assert new_notes, "the writers confirmed new notes before they were killed"
    for path in new_notes:
        assert path in committed
        assert path in staged
        assert (repository / path).is_file()
    assert fsck_problems(repository) == set()
    assert git(repository, "status", "--porcelain") == ""
    service.close()
