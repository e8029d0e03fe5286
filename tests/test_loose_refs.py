"""The branch moved by memoire's own code: the fsyncs it needs and no others, reflogs Git
reads as its own, and a writer killed at any step of the move leaves a whole repository."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pygit2
import pytest

from memoire.service import MemoryService
from memoire.storage.loose_refs import LooseRefs

from .conftest import ServiceFactory, fsck_problems, fsync_spans, git


def test_a_move_fsyncs_the_lock_the_reflogs_and_the_refs_folder_never_the_reflogs_folders(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Appending to a reflog changes the file, not its folder: the folder's fsync (which
    libgit2 adds) keeps nothing. The lock must be durable before it is renamed over the
    ref, the reflogs and the journal (file and folder) before the move, and the ref's
    folder after it (the rename); the lock, the reflogs and the journal's folder are
    fsynced together, the ref's folder only once all of them are done."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    spans = fsync_spans(monkeypatch)
    landed = service.append("desk", "topics/a.md", "second")
    gitdir = (repository / ".git").resolve()
    moved = [
        path for event, path in spans if event == "start" and ("/refs/" in path or "/logs" in path)
    ]
    together = {
        str(gitdir / "refs/heads/main.lock"),
        str(gitdir / "logs/refs/heads/main"),
        str(gitdir / "logs/HEAD"),
    }
    assert set(moved[:3]) == together
    assert moved[3:] == [str(gitdir / "refs/heads")]
    journal = {str(gitdir / "memoire")}
    ends = [
        at
        for at, (event, path) in enumerate(spans)
        if event == "end" and path in together | journal
    ]
    starts = [
        at
        for at, (event, path) in enumerate(spans)
        if event == "start" and path == str(gitdir / "refs/heads")
    ]
    assert len(ends) == 4
    assert max(ends) < starts[0]
    assert git(repository, "rev-parse", "main").strip() == landed.commit


def test_reflogs_written_by_memoire_read_as_libgit2s(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    repo = pygit2.Repository(str(repository))
    repo.references["refs/heads/main"].set_target(repo.head.target, "memoire: commit")
    landed = service.append("desk", "topics/a.md", "second")
    for reflog in ("logs/HEAD", "logs/refs/heads/main"):
        *_, by_libgit2, by_memoire = (repository / ".git" / reflog).read_text().splitlines()
        assert _shape(by_memoire) == _shape(by_libgit2)
        old, new, _ = by_memoire.split(" ", 2)
        assert (old, new) == (by_libgit2.split(" ")[1], landed.commit)
    shown = git(repository, "reflog", "--format=%H %gs", "main").splitlines()
    assert shown[0] == f"{landed.commit} memoire: commit"
    assert fsck_problems(repository) == set()


def _shape(line: str) -> tuple[str, str, str]:
    """A reflog line without its ids and time: who, time zone, message."""
    who, _, message = line.split(" ", 2)[2].partition("\t")
    name_email, _, zone = who.rsplit(" ", 2)
    return name_email, zone, message


def test_a_missing_reflog_and_a_symbolic_branch_are_left_to_libgit2(repository: Path) -> None:
    repo = pygit2.Repository(str(repository))
    refs = LooseRefs(repo, Path(repo.path))
    head = str(repo.head.target)
    (repository / ".git/logs/refs/heads/main").unlink()
    assert refs.swap("refs/heads/main", head, head, "m") is None
    assert not (repository / ".git/refs/heads/main.lock").exists()
    repo.references.create("refs/heads/alias", "refs/heads/main")
    (repository / ".git/logs/refs/heads/alias").write_text("")
    assert refs.swap("refs/heads/alias", head, head, "m") is None


def test_a_branch_moved_by_someone_else_is_not_moved(repository: Path) -> None:
    repo = pygit2.Repository(str(repository))
    refs = LooseRefs(repo, Path(repo.path))
    head = str(repo.head.target)
    assert refs.swap("refs/heads/main", "0" * 40, head, "m") is True  # already there
    assert refs.swap("refs/heads/main", "1" * 40, "2" * 40, "m") is False
    assert str(repo.head.target) == head
    assert not (repository / ".git/refs/heads/main.lock").exists()


_KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from conftest import make_config
from memoire.service import MemoryService
from memoire.storage import durability
service = MemoryService(make_config(Path({repository!r})))
service.append("desk", "topics/a.md", "confirmed before", title="A", sensitive=False)
print("confirmed", flush=True)
original = durability.fsync_together

def then_killed(descriptors):
    original(descriptors)
    synced = [os.readlink(f"/proc/self/fd/{{descriptor}}") for descriptor in descriptors]
    if any(path.endswith({step!r}) for path in synced):
        os.kill(os.getpid(), signal.SIGKILL)

durability.fsync_together = then_killed
service.append("desk", "topics/a.md", "never confirmed")
print("not killed", flush=True)
"""


@pytest.mark.parametrize(
    ("step", "branch_moved"),
    [
        ("/logs/HEAD", False),  # killed once both reflogs hold the line, before the rename
        ("/refs/heads", True),  # killed once the ref is renamed and its folder fsynced
    ],
)
def test_a_writer_killed_during_the_move_leaves_a_whole_repository(
    repository: Path, make_service: ServiceFactory, step: str, branch_moved: bool
) -> None:
    """Where libgit2 fsynced the reflogs' folders, memoire's writer stops: the branch is
    where it was or where it went, Git finds the repository sound, and the next write
    lands with every confirmed line and a clean working tree."""
    script = _KILLED_WRITER.format(
        tests=str(Path(__file__).parent), repository=str(repository), step=step
    )
    writer = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert writer.returncode == -signal.SIGKILL, writer.stderr
    assert writer.stdout == "confirmed\n"
    repo = pygit2.Repository(str(repository))
    at = repo[repo.head.target].peel(pygit2.Tree)["topics/a.md"].data.decode()
    assert ("never confirmed" in at) is branch_moved
    assert "confirmed before" in at
    assert fsck_problems(repository) <= {"error: refs/heads/main.lock: badRefContent: "}
    service = make_service(repository)
    service.append("desk", "topics/a.md", "after the kill")
    body = service.read("desk", "topics/a.md").body
    assert body.count("confirmed before") == 1
    assert body.endswith("after the kill\n")
    assert fsck_problems(repository) == set()
    assert git(repository, "status", "--porcelain") == ""
    assert git(repository, "reflog", "main").count("memoire: commit") >= 2
