"""The search index catches up with writes off their path, and every search still sees
every write that landed before it (`search_upkeep`, `Catalog.refresh_search`).

Real Git repositories, the real service and its SQLite index; waiting for the worker is
bounded (`eventually`), never timed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from memoire import search_upkeep
from memoire.search_upkeep import THREAD_NAME, SearchUpkeep
from memoire.service import MemoryService

from .adversarial.test_pushed_attacks import commit_files, note_text
from .conftest import ServiceFactory, git
from .test_write_path import indexed_commit

WAIT_SECONDS = 60.0  # a bound on waiting for the worker on a loaded machine, not a speed
PUSHED = 1_500  # notes a person commits at once: a catch-up of seconds, many batches


def eventually(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, "the search worker never got there"
        time.sleep(0.002)


def upkeep_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == THREAD_NAME]


def found(service: MemoryService, client: str, query: str) -> list[str]:
    return [hit.path for hit in service.search(client, query).hits]


def push_notes(repository: Path, first: dict[str, bytes] | None = None) -> None:
    """A person's commit of `PUSHED` notes (and `first`, which sort before them)."""
    files = {
        f"topics/pushed-{number:04d}.md": note_text(f"Pushed {number}", f"Line pushed{number}.\n")
        for number in range(PUSHED)
    }
    commit_files(repository, (first or {}) | files)


def test_after_a_burst_and_a_pause_the_index_is_current_without_a_search(
    service: MemoryService, repository: Path
) -> None:
    service.search("desk", "anything")
    for number in range(12):
        service.append(
            "desk", f"topics/burst-{number}.md", f"Heron {number}.", title="B", sensitive=False
        )
    service.append("desk", "topics/private.md", "Heron in the attic.", title="P", sensitive=True)
    eventually(lambda: indexed_commit(repository) == service.head())
    indexed = service.search_notes_indexed
    assert indexed == 13  # each note written once, by the worker
    assert "topics/private.md" not in found(service, "voice", "heron attic")
    assert found(service, "desk", "attic") == ["topics/private.md"]
    assert service.search_notes_indexed == indexed  # the search had nothing left to do


def test_a_search_right_after_each_write_sees_it_while_the_worker_runs(
    service: MemoryService,
) -> None:
    """Writes spaced around the worker's pause, each searched at once: the worker may be
    mid-batch, done, or not started; the search finds the write whichever."""
    for number in range(16):
        word = f"kestrel{number}x"
        service.append("desk", f"topics/bird-{number % 3}.md", word, title="K", sensitive=False)
        assert found(service, "voice", word) == [f"topics/bird-{number % 3}.md"]
        time.sleep((number % 4) * search_upkeep.IDLE_SECONDS / 2)
    version = service.read("desk", "topics/bird-0.md").version
    service.delete("desk", "topics/bird-0.md", version)
    assert found(service, "desk", "kestrel0x") == []


def test_concurrent_searches_after_a_burst_each_find_the_truth_and_index_each_note_once(
    service: MemoryService,
) -> None:
    service.search("desk", "anything")
    before = service.search_notes_indexed
    writes = 200
    for number in range(writes):
        service.append(
            "desk",
            f"journal/wren-{number:03d}.md",
            f"Wren{number}q seen.",
            title="W",
            sensitive=False,
        )
    clients = 8
    start = threading.Barrier(clients)
    answers: dict[int, list[str]] = {}

    def search(client: int) -> None:
        start.wait()
        number = writes - 1 - client  # the last notes written: the least likely indexed yet
        answers[client] = found(service, "voice", f"wren{number}q")

    threads = [threading.Thread(target=search, args=(client,)) for client in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == {
        client: [f"journal/wren-{writes - 1 - client:03d}.md"] for client in range(clients)
    }
    assert service.search_notes_indexed - before == writes


def _interrupted_catch_up(service: MemoryService, repository: Path) -> None:
    """The index current, then a person's commit of `PUSHED` notes and one write; returns
    once the worker has written its first batch, with the catch-up not finished."""
    service.search("desk", "anything")
    push_notes(
        repository,
        {
            "domains/anchor.md": note_text("Anchor", "Badgerline after the push.\n"),
            "domains/bridge.md": note_text("Bridge", "Stoatline in the bridge.\n"),
        },
    )
    service.append("desk", "topics/garden.md", "Tomatoes in May.", title="Garden", sensitive=False)
    eventually(lambda: service.search_notes_indexed >= search_upkeep.BATCH_NOTES)


def test_close_during_a_catch_up_leaves_no_thread_and_the_next_bridge_finishes_it(
    repository: Path, make_service: ServiceFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """Cut short, the index records which commit each note may be at: a note the worker
    indexed, then changed back by a person before the next bridge, is indexed again."""
    commit_files(repository, {"domains/anchor.md": note_text("Anchor", "Otterline before.\n")})
    first = make_service(repository)
    with caplog.at_level(logging.WARNING):
        _interrupted_catch_up(first, repository)
        first.close()
    assert upkeep_threads() == []
    assert [record for record in caplog.records if record.name.startswith("memoire")] == []
    assert indexed_commit(repository) is None  # cut short: between two commits
    commit_files(repository, {"domains/anchor.md": note_text("Anchor", "Otterline before.\n")})
    second = make_service(repository)
    assert found(second, "voice", "badgerline") == []
    assert found(second, "voice", "otterline") == ["domains/anchor.md"]
    assert found(second, "voice", f"pushed{PUSHED - 1}") == [f"topics/pushed-{PUSHED - 1:04d}.md"]
    assert found(second, "voice", "tomatoes") == ["topics/garden.md"]
    assert indexed_commit(repository) == second.head()


def test_a_note_deleted_or_renamed_during_a_catch_up_is_never_found_at_its_old_path(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The catch-up's steps taken here, one batch, so the deletion and the rename land
    between two of its batches whatever the machine's speed (the worker never starts)."""
    monkeypatch.setattr(search_upkeep, "IDLE_SECONDS", 3_600.0)
    monkeypatch.setattr(search_upkeep, "BACKLOG_WRITES", 1_000_000)
    service.search("desk", "anything")
    push_notes(
        repository,
        {
            "domains/anchor.md": note_text("Anchor", "Badgerline after the push.\n"),
            "domains/bridge.md": note_text("Bridge", "Stoatline in the bridge.\n"),
        },
    )
    # private: one step of the worker's catch-up, which no client can ask for
    assert not service._catalog.catch_up_search(search_upkeep.BATCH_NOTES, 1.0)
    assert service.search_notes_indexed >= 2  # both notes in its first batch
    assert indexed_commit(repository) is None  # the catch-up under way
    service.delete("desk", "domains/anchor.md", service.read("desk", "domains/anchor.md").version)
    git(repository, "mv", "domains/bridge.md", "topics/bridge-moved.md")
    git(repository, "commit", "-q", "-m", "moved")
    for client in ("voice", "desk"):
        assert found(service, client, "badgerline") == []
        assert found(service, client, "stoatline") == ["topics/bridge-moved.md"]
    assert found(service, "voice", f"pushed{PUSHED - 1}") == [f"topics/pushed-{PUSHED - 1:04d}.md"]
    assert indexed_commit(repository) == service.head()


def test_close_with_no_write_and_writes_after_close_start_no_thread(
    service: MemoryService,
) -> None:
    service.close()
    service.append("desk", "topics/late.md", "After close.", title="L", sensitive=False)
    assert upkeep_threads() == []


def test_a_failing_catch_up_is_logged_and_the_worker_carries_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The step is the worker's only edge: one that raises once, then succeeds."""
    calls: list[int] = []

    def catch_up(notes: int, _wait: float) -> bool:
        calls.append(notes)
        if len(calls) == 1:
            raise OSError("disk gone")
        return True

    upkeep = SearchUpkeep(catch_up)
    try:
        with caplog.at_level(logging.WARNING, logger="memoire.search_upkeep"):
            upkeep.written()
            eventually(lambda: len(calls) == 1 and bool(caplog.records))
            upkeep.written()
            eventually(lambda: len(calls) == 2)
        assert "could not catch up" in caplog.records[0].getMessage()
        assert "disk gone" in caplog.records[0].getMessage()
    finally:
        upkeep.close()
    assert upkeep_threads() == []
