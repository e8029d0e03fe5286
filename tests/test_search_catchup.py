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
from memoire.bootstrap import create_memory
from memoire.core.errors import VersionConflict
from memoire.core.layout import ENGLISH
from memoire.fetching import keep_fetching
from memoire.search_upkeep import THREAD_NAME, SearchUpkeep
from memoire.service import MemoryService
from memoire.storage.search import SearchIndex

from .adversarial.test_pushed_attacks import commit_files, note_text
from .conftest import ServiceFactory, git, make_config
from .remotes import bare_repository
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


# Commits memoire did not make: a person's, a pull, another bridge's push fetched here.
# The branch's commit is asked of Git, never of the service: asking the service is itself
# a notice, and each test makes exactly the one it names.

PERSONS_NOTES = 300
NOTICES: dict[str, Callable[[MemoryService], object]] = {
    "index": lambda service: service.index("voice"),  # a conversation's first call
    "read": lambda service: service.read("voice", "README.md"),
    "head": lambda service: service.head(),  # what the events watcher polls
}


def branch_commit(repository: Path, ref: str = "HEAD") -> str:
    return git(repository, "rev-parse", ref).strip()


def found_in_index(repository: Path, query: str) -> list[str]:
    """What the search index holds, read without the service (which would catch up)."""
    index = SearchIndex(repository / ".git/memoire/search.sqlite3")
    try:
        return [hit.path for hit in index.search(query, 10, include_sensitive=True)]
    finally:
        index.close()


def persons_notes(count: int, word: str) -> dict[str, bytes]:
    return {
        f"topics/{word}-{number:04d}.md": note_text(f"{word} {number}", f"{word}{number}z.\n")
        for number in range(count)
    }


@pytest.mark.parametrize("notice", NOTICES)
def test_a_persons_commit_is_indexed_after_a_pause_without_a_search(
    service: MemoryService, repository: Path, notice: str
) -> None:
    """300 notes a person committed (100 of them changed, 200 new): the first read that
    finds the branch moved wakes the worker, and the index is at the commit with no
    search; the search after prepares nothing. On the code before, nothing moves it."""
    commit_files(repository, persons_notes(100, "puffin"))
    service.search("desk", "anything")
    changed = persons_notes(100, "puffin")
    changed["topics/puffin-0007.md"] = note_text("puffin 7", "Guillemot on the cliff.\n")
    commit_files(repository, changed | persons_notes(200, "gannet"), "a person's notes")
    head = branch_commit(repository)
    before = service.search_notes_indexed
    NOTICES[notice](service)
    eventually(lambda: indexed_commit(repository) == head)
    assert found_in_index(repository, "guillemot") == ["topics/puffin-0007.md"]
    assert service.search_notes_indexed - before == 201  # the one changed note and 200 new
    assert found(service, "voice", "gannet199z") == ["topics/gannet-0199.md"]
    assert service.search_notes_indexed - before == 201


def test_a_persons_commit_removing_a_note_takes_its_hits_out_without_a_search(
    service: MemoryService, repository: Path
) -> None:
    commit_files(repository, {"domains/otter.md": note_text("Otter", "Holt by the weir.\n")})
    assert found(service, "voice", "weir") == ["domains/otter.md"]
    git(repository, "rm", "-q", "domains/otter.md")
    git(repository, "commit", "-q", "-m", "a person removes a note")
    head = branch_commit(repository)
    service.head()
    eventually(lambda: indexed_commit(repository) == head)
    assert found_in_index(repository, "weir") == []
    assert found(service, "desk", "weir") == []


def test_a_flood_of_commits_by_hand_wakes_one_worker_which_indexes_each_note_once(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """50 commits, each noticed at once: one thread (it lingers past the test, so a second
    one would be a second worker, not a successor), each note prepared once however the
    catch-ups fall between the commits."""
    monkeypatch.setattr(search_upkeep, "LINGER_SECONDS", 3_600.0)
    commit_files(repository, persons_notes(500, "stock"))
    service.search("desk", "anything")
    before = service.search_notes_indexed
    workers: set[threading.Thread] = set()
    for number in range(50):
        commit_files(repository, {f"journal/flood-{number:02d}.md": note_text(f"Flood {number}")})
        service.head()
        workers |= set(upkeep_threads())
    head = branch_commit(repository)
    eventually(lambda: indexed_commit(repository) == head)
    assert len(workers) == 1
    assert service.search_notes_indexed - before == 50


def test_notices_while_the_worker_is_busy_leave_one_more_look_not_a_queue() -> None:
    """10,000 moves seen during one catch-up: still one thread, and one more step after it."""
    release = threading.Event()
    calls: list[int] = []

    def catch_up(notes: int, _wait: float) -> bool:
        calls.append(notes)
        release.wait(WAIT_SECONDS)
        return True

    upkeep = SearchUpkeep(catch_up)
    try:
        upkeep.saw("commit-0")
        eventually(lambda: len(calls) == 1)
        for number in range(1, 10_001):
            upkeep.saw(f"commit-{number}")
        assert len(upkeep_threads()) == 1
        release.set()
        eventually(lambda: len(calls) == 2)
    finally:
        release.set()
        upkeep.close()
    assert len(calls) == 2
    assert upkeep_threads() == []


def _remote_bridge(tmp_path: Path, name: str, url: str) -> MemoryService:
    local = tmp_path / name
    create_memory(local, "", ENGLISH, url)
    return MemoryService(make_config(local, remote=url, fetch_interval_seconds=1))


def _persons_push(tmp_path: Path, url: str, files: dict[str, bytes]) -> None:
    """A person's clone, commit and `git push` to the shared remote."""
    clone = tmp_path / "persons-clone"
    if not clone.exists():
        git(tmp_path, "clone", "-q", url, str(clone))
        git(clone, "config", "user.name", "A Person")
        git(clone, "config", "user.email", "person@example.org")
    git(clone, "pull", "-q", "--ff-only")
    commit_files(clone, files, "pushed by a person")
    git(clone, "push", "-q", "origin", "HEAD:main")


@pytest.mark.parametrize("arrival", ["periodic fetch", "refused write"])
def test_a_fetch_bringing_pushed_notes_is_indexed_after_a_pause_without_a_search(
    tmp_path: Path, arrival: str
) -> None:
    """200 notes another machine pushed, fetched by the bridge's fetching thread, or by a
    write the remote refused (then refused itself: the note changed): the index is at the
    fetched commit with no search. The refused write's fetch woke nothing before."""
    url = str(bare_repository(tmp_path / "shared.git"))
    home = _remote_bridge(tmp_path, "home", url)
    try:
        home.append("desk", "topics/plan.md", "Step one.", title="Plan", sensitive=False)
        version = home.read("desk", "topics/plan.md").version
        home.search("desk", "anything")
        pushed = persons_notes(200, "tern") | {"topics/plan.md": note_text("Plan", "Redone.\n")}
        _persons_push(tmp_path, url, pushed)
        remote_branch = "refs/remotes/memoire/main"
        if arrival == "periodic fetch":
            with keep_fetching(home):
                eventually(
                    lambda: (
                        indexed_commit(tmp_path / "home") is not None
                        and (
                            indexed_commit(tmp_path / "home")
                            == branch_commit(tmp_path / "shared.git", "main")
                        )
                    )
                )
        else:
            with pytest.raises(VersionConflict):
                home.delete("desk", "topics/plan.md", version)
            head = branch_commit(tmp_path / "home", remote_branch)
            assert head == branch_commit(tmp_path / "shared.git", "main")
            eventually(lambda: indexed_commit(tmp_path / "home") == head)
        assert found_in_index(tmp_path / "home", "tern199z") == ["topics/tern-0199.md"]
        assert found_in_index(tmp_path / "home", "redone") == ["topics/plan.md"]
    finally:
        home.close()
