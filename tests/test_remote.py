"""Several bridges sharing one Git remote: confirmed only once the remote accepted, nothing
lost, nothing overwritten, and reads that keep working when the remote is away."""

from __future__ import annotations

import multiprocessing
import random
import socket
import string
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest

from memoire.bootstrap import create_memory
from memoire.core.errors import (
    Contention,
    RemoteUnavailable,
    UncommittedChanges,
    VersionConflict,
)
from memoire.core.layout import ENGLISH
from memoire.fetching import keep_fetching
from memoire.service import MemoryService
from memoire.storage import store, transfer
from memoire.storage.locking import exclusive

from .bridges import events_in, issue_token, read_events, running_bridge
from .conftest import fsck_problems, git, make_config, write_config
from .killing import kill_writers_at_random
from .remotes import bare_repository, git_daemon, remote_file, remote_head

Bridge = Callable[..., MemoryService]


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    return bare_repository(tmp_path / "shared.git")


@pytest.fixture
def bridge(tmp_path: Path) -> Iterator[Bridge]:
    """A new bridge: its own local clone of the remote, its own service."""
    services: list[MemoryService] = []

    def make(name: str, url: str, fetch_interval_seconds: int = 60) -> MemoryService:
        local = tmp_path / name
        create_memory(local, "", ENGLISH, url)
        config = make_config(local, remote=url, fetch_interval_seconds=fetch_interval_seconds)
        service = MemoryService(config)
        services.append(service)
        return service

    yield make
    for service in services:
        service.close()


def test_a_write_is_confirmed_once_the_remote_has_it(
    remote: Path, bridge: Bridge, tmp_path: Path
) -> None:
    desk = bridge("desk", str(remote))
    result = desk.append(
        "desk", "topics/boat.md", "Mooring in Sète.", title="Boat", sensitive=False
    )
    assert remote_head(remote) == result.commit
    assert remote_file(remote, "topics/boat.md").endswith("Mooring in Sète.\n")
    local = tmp_path / "desk"
    assert git(local, "rev-parse", "main").strip() == result.commit
    assert (local / "topics/boat.md").read_text().endswith("Mooring in Sète.\n")
    assert git(local, "status", "--porcelain") == ""


def test_other_bridges_see_pushed_commits_by_periodic_fetch(
    remote: Path, bridge: Bridge, tmp_path: Path
) -> None:
    desk = bridge("desk", str(remote))
    home = bridge("home", str(remote), fetch_interval_seconds=1)
    desk.append("desk", "topics/boat.md", "Sails mended.", title="Boat", sensitive=False)
    deadline = time.monotonic() + 10
    with keep_fetching(home):
        while time.monotonic() < deadline and not home.index("desk").notes:
            time.sleep(0.2)
    assert [note.path for note in home.index("desk").notes] == ["topics/boat.md"]
    assert [hit.path for hit in home.search("desk", "sails").hits] == ["topics/boat.md"]
    assert (tmp_path / "home" / "topics/boat.md").read_text().endswith("Sails mended.\n")


def test_a_write_pushes_without_fetching_when_nobody_else_pushed(
    tmp_path: Path, bridge: Bridge
) -> None:
    bare = bare_repository(tmp_path / "served" / "shared.git")
    with git_daemon(tmp_path / "served") as daemon:
        desk = bridge("desk", daemon.url("shared.git"))
        daemon.stop()
        daemon.serve_fetches = False
        daemon.start()
        first = desk.append("desk", "topics/boat.md", "Hull sanded.", title="Boat", sensitive=False)
        second = desk.append("desk", "topics/boat.md", "Hull painted.")
    assert remote_head(bare) == second.commit
    parent = git(bare, "rev-parse", f"{second.commit}^").strip()
    assert parent == first.commit
    assert remote_file(bare, "topics/boat.md").endswith("Hull sanded.\nHull painted.\n")
    assert desk.read("desk", "topics/boat.md").remote.reachable is True  # type: ignore[union-attr]


def test_an_append_after_another_bridge_pushed_is_reapplied_on_top(
    remote: Path, bridge: Bridge
) -> None:
    desk = bridge("desk", str(remote))
    home = bridge("home", str(remote))
    desk.append("desk", "topics/plan.md", "From the desk.", title="Plan", sensitive=False)
    home.append("desk", "topics/plan.md", "From home, on a copy that had not seen the desk.")
    assert remote_file(remote, "topics/plan.md").endswith(
        "From the desk.\nFrom home, on a copy that had not seen the desk.\n"
    )
    assert git(remote, "rev-list", "--merges", "main") == ""


def test_a_version_newer_than_the_bridge_knows_is_checked_against_the_remote(
    remote: Path, bridge: Bridge
) -> None:
    desk = bridge("desk", str(remote))
    home = bridge("home", str(remote))
    desk.append("desk", "topics/plan.md", "Step one.", title="Plan", sensitive=False)
    newer = home.append("desk", "topics/plan.md", "Step two, from home.")
    result = desk.write(
        "desk",
        "topics/plan.md",
        title="Plan",
        description="",
        sensitive=False,
        body="Rewritten with what home showed.\n",
        version=newer.version,
    )
    assert remote_head(remote) == result.commit
    assert remote_file(remote, "topics/plan.md").endswith("Rewritten with what home showed.\n")


def test_a_remote_that_keeps_refusing_is_a_refusal_naming_the_deadline(
    remote: Path, bridge: Bridge, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = bridge("desk", str(remote))
    desk.append("desk", "topics/boat.md", "Afloat.", title="Boat", sensitive=False)
    before = remote_head(remote)
    hook = remote / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\nexit 1\n")
    hook.chmod(0o755)
    monkeypatch.setattr(store, "CONTENTION_DEADLINE_SECONDS", 0.5)
    with pytest.raises(Contention, match=r"for 0\.5 s; nothing was written"):
        desk.append("desk", "topics/boat.md", "Never confirmed.")
    assert remote_head(remote) == before
    assert "Never confirmed." not in desk.read("desk", "topics/boat.md").body


def test_writes_waiting_in_one_bridge_go_out_in_one_push_one_commit_each(
    remote: Path, bridge: Bridge, tmp_path: Path
) -> None:
    git(remote, "config", "core.logAllRefUpdates", "always")  # the reflog counts pushes
    desk = bridge("desk", str(remote))
    start = desk.append("desk", "journal/day.md", "Morning.", title="Day", sensitive=False)
    confirmed: list[tuple[str, str]] = []

    def append(number: int) -> None:
        result = desk.append("desk", "journal/day.md", f"Line {number}.")
        confirmed.append((result.commit, result.appended))

    writers = [threading.Thread(target=append, args=(number,)) for number in range(5)]
    with exclusive(tmp_path / "desk" / ".git" / "memoire" / "write.lock"):
        for writer in writers:
            writer.start()
        time.sleep(1)  # every writer is waiting for the memory
    for writer in writers:
        writer.join(timeout=60)
    assert len(confirmed) == 5
    history = git(remote, "rev-list", f"{start.commit}..main").split()
    assert sorted(commit for commit, _ in confirmed) == sorted(history)
    for commit, line in confirmed:
        assert git(remote, "show", f"{commit}:journal/day.md").endswith(line + "\n")
    lines = remote_file(remote, "journal/day.md").splitlines()
    assert all(lines.count(line) == 1 for _, line in confirmed)
    pushes = git(remote, "reflog", "show", "--format=%H", "main").split()
    assert pushes[:2] == [history[0], start.commit]


def test_a_batch_overtaken_by_another_bridge_is_replanned_and_answers_each_writer(
    remote: Path, bridge: Bridge, tmp_path: Path
) -> None:
    git(remote, "config", "core.logAllRefUpdates", "always")
    desk = bridge("desk", str(remote))
    home = bridge("home", str(remote))
    desk.append("desk", "journal/day.md", "Morning.", title="Day", sensitive=False)
    seen = desk.read("desk", "journal/day.md").version
    appended: list[str] = []
    refused: list[VersionConflict] = []

    def append(number: int) -> None:
        appended.append(desk.append("desk", "journal/day.md", f"Desk {number}.").appended)

    def rewrite() -> None:
        try:
            desk.write(
                "desk",
                "journal/day.md",
                title="Day",
                description="",
                sensitive=False,
                body="Rewritten.\n",
                version=seen,
            )
        except VersionConflict as conflict:
            refused.append(conflict)

    writers = [threading.Thread(target=append, args=(number,)) for number in range(3)]
    writers.insert(1, threading.Thread(target=rewrite))
    with exclusive(tmp_path / "desk" / ".git" / "memoire" / "write.lock"):
        for writer in writers:
            writer.start()
        time.sleep(1)  # every writer is waiting for the memory
        pushed = home.append("desk", "journal/day.md", "From home.")
    for writer in writers:
        writer.join(timeout=60)
    assert sorted(appended) == ["Desk 0.", "Desk 1.", "Desk 2."]
    [conflict] = refused
    since_home = git(remote, "rev-list", f"{pushed.commit}^..main").split()
    versions = [git(remote, "rev-parse", f"{commit}:journal/day.md")[:10] for commit in since_home]
    assert conflict.current_version in versions  # a version no older than home's push
    lines = remote_file(remote, "journal/day.md").splitlines()
    assert lines.count("From home.") == 1
    assert all(lines.count(line) == 1 for line in appended)
    assert "Rewritten." not in lines
    pushes = git(remote, "reflog", "show", "--format=%H", "main").split()
    assert pushes[1] == pushed.commit
    assert git(remote, "rev-list", "--count", f"{pushed.commit}..main").strip() == "3"


def test_a_version_another_bridge_overtook_is_refused_with_the_new_one(
    remote: Path, bridge: Bridge
) -> None:
    desk = bridge("desk", str(remote))
    home = bridge("home", str(remote))
    desk.append("desk", "topics/plan.md", "Step one.", title="Plan", sensitive=False)
    home.append("desk", "topics/plan.md", "Placeholder so home has fetched.")
    seen = desk.read("desk", "topics/plan.md").version
    newer = home.append("desk", "topics/plan.md", "Step two, from home.")
    with pytest.raises(VersionConflict) as conflict:
        desk.write(
            "desk",
            "topics/plan.md",
            title="Plan",
            description="",
            sensitive=False,
            body="Rewritten.\n",
            version=seen,
        )
    assert conflict.value.current_version == newer.version
    assert remote_file(remote, "topics/plan.md").endswith("Step two, from home.\n")


def test_an_edit_is_reapplied_on_the_remotes_new_commit(remote: Path, bridge: Bridge) -> None:
    desk = bridge("desk", str(remote))
    home = bridge("home", str(remote))
    desk.append("desk", "topics/plan.md", "Meet at noon.", title="Plan", sensitive=False)
    home.append("desk", "topics/plan.md", "Bring bread.")
    desk.edit("desk", "topics/plan.md", "noon", "one o'clock")
    assert remote_file(remote, "topics/plan.md").endswith("Meet at one o'clock.\nBring bread.\n")


def test_a_human_push_in_the_middle_is_neither_lost_nor_reverted(
    remote: Path, bridge: Bridge, tmp_path: Path
) -> None:
    desk = bridge("desk", str(remote))
    desk.append("desk", "topics/garden.md", "Tomatoes.", title="Garden", sensitive=False)
    laptop = tmp_path / "laptop"
    subprocess.run(["git", "clone", "-q", str(remote), str(laptop)], check=True)
    note = laptop / "topics/garden.md"
    note.write_text(note.read_text() + "Basil, added on the laptop.\n")
    (laptop / "notes.txt").write_text("a file of the person's own\n")
    git(laptop, "add", ".")
    git(laptop, "commit", "-qm", "laptop edit")
    git(laptop, "push", "-q", "origin", "main")
    human = git(laptop, "rev-parse", "HEAD").strip()
    desk.append("desk", "topics/garden.md", "Peppers, from the desk.")
    assert remote_file(remote, "topics/garden.md").endswith(
        "Tomatoes.\nBasil, added on the laptop.\nPeppers, from the desk.\n"
    )
    assert remote_file(remote, "notes.txt") == "a file of the person's own\n"
    ancestry = subprocess.run(
        ["git", "-C", str(remote), "merge-base", "--is-ancestor", human, "main"], check=False
    )
    assert ancestry.returncode == 0
    assert git(tmp_path / "desk", "status", "--porcelain") == ""
    assert (tmp_path / "desk" / "notes.txt").exists()


def test_uncommitted_local_edits_keep_the_checkout_behind_but_never_lose_anything(
    remote: Path, bridge: Bridge, tmp_path: Path
) -> None:
    desk = bridge("desk", str(remote))
    home = bridge("home", str(remote))
    desk.append("desk", "topics/garden.md", "Tomatoes.", title="Garden", sensitive=False)
    home.append("desk", "topics/other.md", "x", title="Other", sensitive=False)
    draft = tmp_path / "home" / "topics/garden.md"
    draft.write_text(draft.read_text() + "a person's unsaved thought\n")
    desk.append("desk", "topics/garden.md", "Peppers.")
    with pytest.raises(UncommittedChanges):
        home.append("desk", "topics/garden.md", "From home.")
    assert draft.read_text().endswith("a person's unsaved thought\n")
    assert home.read("desk", "topics/garden.md").body.endswith("Peppers.\n")
    home.append("desk", "topics/other.md", "Other notes still work.")
    assert remote_file(remote, "topics/other.md").endswith("Other notes still work.\n")


def test_remote_down_refuses_writes_serves_reads_and_resumes(
    tmp_path: Path, bridge: Bridge
) -> None:
    bare_repository(tmp_path / "served" / "shared.git")
    with git_daemon(tmp_path / "served") as daemon:
        url = daemon.url("shared.git")
        desk = bridge("desk", url)
        confirmed = [desk.append("desk", "journal/log.md", "before", title="Log", sensitive=False)]
        daemon.stop()
        with pytest.raises(RemoteUnavailable, match="nothing was written") as refusal:
            desk.append("desk", "journal/log.md", "while down")
        assert "Reads still work" in str(refusal.value)
        note = desk.read("desk", "journal/log.md")
        assert note.body.endswith("before\n")
        assert note.remote is not None
        assert note.remote.reachable is False
        assert note.remote.last_synced is not None
        assert "while down" not in remote_file(tmp_path / "served" / "shared.git", "journal/log.md")
        daemon.start()
        confirmed.append(desk.append("desk", "journal/log.md", "after"))
        assert desk.read("desk", "journal/log.md").remote.reachable is True  # type: ignore[union-attr]
    text = remote_file(tmp_path / "served" / "shared.git", "journal/log.md")
    for result in confirmed:
        assert text.count(result.appended + "\n") == 1
    assert "while down" not in text


def _append_from_a_bridge(
    url: str, local: str, name: str, start: Event, results: Queue[tuple[list[str], list[str]]]
) -> None:
    """Appends like a client would: a refusal for contention is answered by trying again."""
    confirmed: list[str] = []
    refused: list[str] = []
    try:
        create_memory(Path(local), "", ENGLISH, url)
        service = MemoryService(make_config(Path(local), remote=url))
        start.wait()
        for number in range(8):
            for attempt in range(5):
                line = f"{name} {number} try {attempt}"
                try:
                    result = service.append(
                        "desk",
                        "journal/shared.md",
                        line,
                        title="Shared",
                        description="",
                        sensitive=False,
                    )
                except Contention:
                    refused.append(line)
                    continue
                confirmed.append(result.appended)
                break
        service.close()
    finally:
        results.put((confirmed, refused))


def test_three_bridges_appending_over_the_network_lose_nothing(tmp_path: Path) -> None:
    bare = bare_repository(tmp_path / "served" / "shared.git")
    with git_daemon(tmp_path / "served") as daemon:
        url = daemon.url("shared.git")
        context = multiprocessing.get_context("spawn")
        start = context.Event()
        results: Queue[tuple[list[str], list[str]]] = context.Queue()
        create_memory(tmp_path / "seed", "", ENGLISH, url)
        bridges = [
            context.Process(
                target=_append_from_a_bridge,
                args=(url, str(tmp_path / name), name, start, results),
            )
            for name in ("desk", "home", "vps")
        ]
        for process in bridges:
            process.start()
        time.sleep(2)
        start.set()
        outcomes = [results.get(timeout=180) for _ in bridges]
        for process in bridges:
            process.join(timeout=60)
    confirmed = [line for done, _ in outcomes for line in done]
    refused = [line for _, failed in outcomes for line in failed]
    assert len(confirmed) == 24
    lines = remote_file(bare, "journal/shared.md").splitlines()
    for line in confirmed:
        assert lines.count(line) == 1
    for line in refused:
        assert line not in lines, "a refusal must mean nothing was written"
    assert fsck_problems(bare) == set()
    merges = subprocess.run(
        ["git", "-C", str(bare), "rev-list", "--merges", "main"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert merges == ""


def test_init_with_a_remote_adopts_what_it_already_holds(remote: Path, tmp_path: Path) -> None:
    first = create_memory(tmp_path / "one", "", ENGLISH, str(remote))
    assert first == remote_head(remote)
    second = create_memory(tmp_path / "two", "", ENGLISH, str(remote))
    assert second is None
    assert (tmp_path / "two" / "README.md").exists()
    assert git(tmp_path / "two", "rev-parse", "main").strip() == first


def test_writers_killed_between_commit_and_push_lose_nothing_confirmed(
    remote: Path, tmp_path: Path
) -> None:
    local = tmp_path / "desk"
    create_memory(local, "", ENGLISH, str(remote))
    confirmed = kill_writers_at_random(local, "journal/killed.md", rounds=10, remote=str(remote))
    assert len(confirmed) >= 10
    service = MemoryService(make_config(local, remote=str(remote)))
    service.append("desk", "journal/killed.md", "after the crashes")
    lines = remote_file(remote, "journal/killed.md").splitlines()
    for line in confirmed:
        assert lines.count(line) == 1
    assert git(local, "rev-parse", "main").strip() == remote_head(remote)
    assert git(local, "status", "--porcelain") == ""
    assert fsck_problems(remote) == set()
    service.close()


def test_changes_pushed_by_another_bridge_reach_the_events_stream(
    remote: Path, bridge: Bridge, tmp_path: Path
) -> None:
    local = tmp_path / "home"
    create_memory(local, "", ENGLISH, str(remote))
    settings = f'remote = "{remote}"\nfetch_interval_seconds = 1\n'
    config = write_config(tmp_path, local, "[server]\nheartbeat_seconds = 1\n", memory=settings)
    token = issue_token(config, "voice")
    desk = bridge("desk", str(remote))

    def write_on_another_bridge() -> None:
        desk.append("desk", "topics/boat.md", "Sails mended.", title="Boat", sensitive=False)
        desk.append("desk", "topics/health.md", "Private.", title="Health", sensitive=True)

    with running_bridge(config) as home:
        lines = read_events(home, token, 6, during=write_on_another_bridge)
    assert [(event["path"], event["kind"]) for event in events_in(lines)] == [
        ("topics/boat.md", "created")
    ]
    assert "health" not in "\n".join(lines)


TRICKLE = """\
import os, subprocess, sys, threading, time
# An ext:: remote: git-upload-pack on the bare repository, its answer relayed in small
# pieces with a pause between them, as a slow link delivers a large memory.
service, repository = sys.argv[1], sys.argv[2]
child = subprocess.Popen([service, repository], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def forward():
    while chunk := os.read(0, 65536):
        child.stdin.write(chunk)
        child.stdin.flush()
    child.stdin.close()
threading.Thread(target=forward, daemon=True).start()
while chunk := os.read(child.stdout.fileno(), 8192):
    os.write(1, chunk)
    time.sleep(0.2)
sys.exit(child.wait())
"""


def test_a_slow_transfer_that_keeps_answering_is_not_cut(
    remote: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first fetch of a large memory over a slow link takes longer than any fixed limit."""
    author = tmp_path / "author"
    git(tmp_path, "clone", "--quiet", str(remote), str(author))
    letters = random.Random(7)
    for number in range(8):  # barely compressible: a pack of ~120 KB, 15 pieces, 3 s
        words = ("".join(letters.choices(string.ascii_lowercase, k=7)) for _ in range(2_000))
        (author / f"file-{number}.md").write_text(" ".join(words))
    git(author, "add", ".")
    git(author, "commit", "--quiet", "-m", "A large memory")
    git(author, "push", "--quiet", "origin", "HEAD:main")
    relay = tmp_path / "trickle.py"
    relay.write_text(TRICKLE)
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "protocol.ext.allow")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", "always")
    monkeypatch.setattr(transfer, "STALL_SECONDS", 1)
    url = f"ext::{sys.executable} {relay} %S {remote}"
    started = time.monotonic()
    create_memory(tmp_path / "laptop", "", ENGLISH, url)
    assert time.monotonic() - started > 2 * transfer.STALL_SECONDS  # longer than a stall
    assert git(tmp_path / "laptop", "rev-parse", "main").strip() == remote_head(remote)
    assert (tmp_path / "laptop" / "file-7.md").exists()


def test_a_remote_that_stops_answering_is_refused_after_the_stall_and_writes_nothing(
    remote: Path, bridge: Bridge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = bridge("desk", str(remote))
    desk.append("desk", "topics/boat.md", "Mooring in Sète.", title="Boat", sensitive=False)
    listener = socket.create_server(("127.0.0.1", 0))  # accepts, then never says a word
    held: list[socket.socket] = []
    threading.Thread(target=lambda: held.append(listener.accept()[0]), daemon=True).start()
    monkeypatch.setattr(transfer, "STALL_SECONDS", 1)
    silent = MemoryService(
        make_config(
            tmp_path / "desk", remote=f"git://127.0.0.1:{listener.getsockname()[1]}/shared.git"
        )
    )
    try:
        before = git(tmp_path / "desk", "rev-parse", "main")
        with pytest.raises(RemoteUnavailable, match=r"did not complete \(no answer for 1 s\)"):
            silent.append("desk", "topics/boat.md", "Second mooring.", sensitive=False)
        assert git(tmp_path / "desk", "rev-parse", "main") == before
        assert silent.read("desk", "topics/boat.md").body.endswith("Mooring in Sète.\n")
    finally:
        silent.close()
        listener.close()
        for connection in held:
            connection.close()
