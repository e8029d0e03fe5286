"""A write's objects stored by memoire (`storage/loose_objects`): the bytes libgit2 would
store, each fsynced before anything names it, `objects/` fsynced once when a write had to
create fan-out folders, and a writer killed in between leaves a whole repository."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygit2
import pytest
from pygit2.enums import ObjectType

from memoire.service import MemoryService
from memoire.storage.commits import COMMITTER_EMAIL, with_signature
from memoire.storage.loose_objects import LooseObjects
from memoire.storage.signing import BridgeKey

from .conftest import ServiceFactory, fsck_problems, fsynced, git


@pytest.mark.parametrize(
    "message",
    ["memoire append topics/a.md\n\nclient: desk\ntool: append\n", "one line", "é\n\n\nx\n"],
)
def test_a_signed_commit_is_the_object_libgit2_writes(repository: Path, message: str) -> None:
    repo = pygit2.Repository(str(repository))
    signature = pygit2.Signature("memoire (desk)", COMMITTER_EMAIL, 1796116425, 60)
    head = repo.head.target
    content = str(
        repo.create_commit_string(signature, signature, message, repo[head].tree_id, [head])
    )
    gpgsig = BridgeKey().sign(content.encode())
    by_libgit2 = repo.create_commit_with_signature(content, gpgsig, "gpgsig")
    assert repo[by_libgit2].read_raw() == with_signature(content, gpgsig).encode()


def test_objects_is_fsynced_once_before_the_branch_moves_when_fan_out_folders_were_made(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After `git gc` the fan-out folders are gone: each object of the next write creates
    one. Each tree's file is fsynced, then its folder (the rename), and `objects/` once for
    all four objects (the trees did it once each, libgit2 never), before the ref moves."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    git(repository, "gc", "--quiet")
    objects = (repository / ".git/objects").resolve()
    assert not [entry for entry in objects.iterdir() if len(entry.name) == 2]
    synced = fsynced(monkeypatch)
    landed = service.append("desk", "topics/a.md", "second")
    written = [path for path in synced if path.startswith(str(objects))]
    trees = [path for path in written if "/tmp_obj_memoire_" in path]
    assert len(trees) == 2  # topics/ and the top; the blob and the commit are libgit2's
    for tree in trees:
        assert written.index(str(Path(tree).parent)) == written.index(tree) + 1
    assert written[-1] == str(objects)
    assert written.count(str(objects)) == 1
    lock = str((repository / ".git/refs/heads/main.lock").resolve())
    assert synced.index(str(objects)) < synced.index(lock)
    assert (objects / landed.commit[:2] / landed.commit[2:]).is_file()
    assert fsck_problems(repository) == set()


@pytest.mark.parametrize("level", [None, 1])
def test_a_fan_out_folder_made_by_any_writer_gets_objects_fsynced_once(
    repository: Path, monkeypatch: pytest.MonkeyPatch, level: int | None
) -> None:
    """libgit2 (level None) fsyncs the object and its folder, never `objects/`, where a
    folder it created is an entry: that fsync is added, once, and only when needed."""
    repo = pygit2.Repository(str(repository))
    objects = LooseObjects(repo)
    folder = (repository / ".git/objects").resolve()
    data = b"a note's text\n"
    blob = str(pygit2.hash(data))
    assert not (folder / blob[:2]).exists()
    synced = fsynced(monkeypatch)
    assert str(objects.write(ObjectType.BLOB, data, level)) == blob
    objects.sync_new_folders()
    assert synced.count(str(folder)) == 1
    again = b"another text in the same folder\n" + bytes(range(256))
    other = next(
        extra
        for extra in (again + bytes([n]) for n in range(10_000))
        if str(pygit2.hash(extra))[:2] == blob[:2]
    )
    objects.write(ObjectType.BLOB, other, level)
    objects.sync_new_folders()
    assert synced.count(str(folder)) == 1  # the folder was there: nothing to make durable
    assert git(repository, "cat-file", "blob", blob) == "a note's text\n"


def test_an_object_already_stored_is_freshened_not_written_again(repository: Path) -> None:
    """A `git gc` beside the write must not prune an object the write is about to name:
    one already there gets a new time (libgit2's freshening), not a second copy."""
    repo = pygit2.Repository(str(repository))
    objects = LooseObjects(repo)
    blob = str(objects.write(ObjectType.BLOB, b"the same text\n", level=1))
    assert blob == str(pygit2.hash(b"the same text\n"))
    stored = repository / ".git/objects" / blob[:2] / blob[2:]
    os.utime(stored, (0, 0))
    inode = stored.stat().st_ino
    assert str(objects.write(ObjectType.BLOB, b"the same text\n", level=1)) == blob
    assert stored.stat().st_ino == inode
    assert stored.stat().st_mtime > 0
    assert git(repository, "cat-file", "blob", blob) == "the same text\n"


_KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from conftest import make_config
from memoire.service import MemoryService
from memoire.storage import loose_objects
service = MemoryService(make_config(Path({repository!r})))
service.append("desk", "topics/a.md", "confirmed before", title="A", sensitive=False)
print("confirmed", flush=True)
original = loose_objects.LooseObjects.sync_new_folders

def then_killed(self):
    os.kill(os.getpid(), signal.SIGKILL)

loose_objects.LooseObjects.sync_new_folders = then_killed
service.append("desk", "topics/a.md", "never confirmed")
print("not killed", flush=True)
"""


def test_a_writer_killed_before_objects_is_fsynced_leaves_a_whole_repository(
    repository: Path, make_service: ServiceFactory
) -> None:
    """Where the trees each fsynced `objects/`, the write now does it once, after its
    commit object: a writer killed just before has published nothing; the next write
    lands with every confirmed line."""
    git(repository, "gc", "--quiet")
    script = _KILLED_WRITER.format(tests=str(Path(__file__).parent), repository=str(repository))
    writer = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert writer.returncode == -signal.SIGKILL, writer.stderr
    assert writer.stdout == "confirmed\n"
    assert "never confirmed" not in git(repository, "show", "HEAD:topics/a.md")
    assert fsck_problems(repository) == set()
    service = make_service(repository)
    service.append("desk", "topics/a.md", "after the kill")
    body = service.read("desk", "topics/a.md").body
    assert body.count("confirmed before") == 1
    assert "never confirmed" not in body
    assert body.endswith("after the kill\n")
    assert fsck_problems(repository) == set()
    assert git(repository, "status", "--porcelain") == ""
