"""A write's objects stored by memoire (`storage/loose_objects`): the bytes libgit2 would
store, their files fsynced together before they are named, their folders (and `objects/`
when a write had to create fan-out folders) before the branch moves, and a writer killed
in between leaves a whole repository."""

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
from memoire.storage.commits import COMMITTER_EMAIL, commit_text, with_signature
from memoire.storage.loose_objects import LooseObjects
from memoire.storage.signing import BridgeKey

from .conftest import ServiceFactory, fsck_problems, fsync_spans, fsynced, git


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


@pytest.mark.parametrize("offset", [0, 60, -210])
@pytest.mark.parametrize("parents", [0, 1, 2])
def test_a_commit_text_is_the_one_libgit2_writes(
    repository: Path, offset: int, parents: int
) -> None:
    """memoire writes the commit's text itself: libgit2 would look its tree up, which is
    stored only with the commit (its objects' files are fsynced together)."""
    repo = pygit2.Repository(str(repository))
    signature = pygit2.Signature("memoire (desk)", COMMITTER_EMAIL, 1796116425, offset)
    head = str(repo.head.target)
    message = "memoire append topics/a.md\n\nclient: desk\n"
    by_libgit2 = repo.create_commit_string(
        signature, signature, message, repo[head].tree_id, [head] * parents
    )
    tree = str(repo[head].tree_id)
    assert commit_text(tree, [head] * parents, signature, message) == str(by_libgit2)


def test_a_writes_objects_are_durable_in_two_rounds_before_the_branch_moves(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After `git gc` the fan-out folders are gone: each object of the next write creates
    one. The four objects' files are fsynced (together) before any is renamed to its id,
    so before any of their folders is fsynced; each folder, and `objects/` once (libgit2
    never did), is fsynced before the ref's lock and reflogs are: before the branch moves
    and before a reflog names the commit."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    git(repository, "gc", "--quiet")
    objects = (repository / ".git/objects").resolve()
    assert not [entry for entry in objects.iterdir() if len(entry.name) == 2]
    spans = fsync_spans(monkeypatch)
    landed = service.append("desk", "topics/a.md", "second")
    files = {path for _, path in spans if "/tmp_obj_memoire_" in path}
    assert len(files) == 4  # the blob, topics/, the top and the commit
    folders = {str(Path(path).parent) for path in files}
    # The four objects' own fan-out folders: two ids may share one (about 2 % of writes).
    assert folders == {str(objects / oid[:2]) for oid in _write_objects(repository, landed.commit)}
    gitdir = (repository / ".git").resolve()
    ref_files = [str(gitdir / name) for name in ("refs/heads/main.lock", "logs/HEAD")]
    for earlier, later in [(files, folders | {str(objects)}), (folders, ref_files)]:
        assert _last_end(spans, earlier) < _first_start(spans, later)
    assert [path for _, path in spans].count(str(objects)) == 2  # its start and its end
    assert (objects / landed.commit[:2] / landed.commit[2:]).is_file()
    assert fsck_problems(repository) == set()


def _write_objects(repository: Path, commit_id: str) -> set[str]:
    """The ids of a one-file write's objects: its commit, the top tree, topics/ and the blob."""
    commit = pygit2.Repository(str(repository)).get(commit_id)
    assert isinstance(commit, pygit2.Commit)
    topics = commit.tree / "topics"
    blob = commit.tree / "topics/a.md"
    return {str(commit.id), str(commit.tree.id), str(topics.id), str(blob.id)}


def _last_end(spans: list[tuple[str, str]], paths: set[str] | list[str]) -> int:
    return max(at for at, (event, path) in enumerate(spans) if event == "end" and path in paths)


def _first_start(spans: list[tuple[str, str]], paths: set[str] | list[str]) -> int:
    return min(at for at, (event, path) in enumerate(spans) if event == "start" and path in paths)


def test_a_fan_out_folder_made_by_a_write_gets_objects_fsynced_once(
    repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder the write created is an entry of `objects/`: its fsync is added, once,
    and only when needed; an object is readable only once stored."""
    repo = pygit2.Repository(str(repository))
    objects = LooseObjects(repo)
    folder = (repository / ".git/objects").resolve()
    data = next(  # the memory's first commit made a few folders, named by its time
        text
        for text in (b"a note's text %d\n" % n for n in range(10_000))
        if not (folder / str(pygit2.hash(text))[:2]).exists()
    )
    blob = str(pygit2.hash(data))
    synced = fsynced(monkeypatch)
    assert str(objects.write(ObjectType.BLOB, data)) == blob
    assert blob not in repo
    objects.store()
    assert blob in repo
    objects.durability.now()
    assert synced.count(str(folder)) == 1
    again = b"another text in the same folder\n" + bytes(range(256))
    other = next(
        extra
        for extra in (again + bytes([n]) for n in range(10_000))
        if str(pygit2.hash(extra))[:2] == blob[:2]
    )
    objects.write(ObjectType.BLOB, other)
    objects.store()
    objects.durability.now()
    assert synced.count(str(folder)) == 1  # the folder was there: nothing to make durable
    assert synced.count(str(folder / blob[:2])) == 2
    assert git(repository, "cat-file", "blob", blob) == data.decode()


def test_an_object_already_stored_is_freshened_not_written_again(repository: Path) -> None:
    """A `git gc` beside the write must not prune an object the write is about to name:
    one already there gets a new time (libgit2's freshening), not a second copy."""
    repo = pygit2.Repository(str(repository))
    objects = LooseObjects(repo)
    blob = str(objects.write(ObjectType.BLOB, b"the same text\n", level=1))
    objects.store()
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
from memoire.storage import durability
service = MemoryService(make_config(Path({repository!r})))
service.append("desk", "topics/a.md", "confirmed before", title="A", sensitive=False)
print("confirmed", flush=True)

def then_killed(self, *descriptors):
    os.kill(os.getpid(), signal.SIGKILL)

durability.Durability.now = then_killed
service.append("desk", "topics/a.md", "never confirmed")
print("not killed", flush=True)
"""


def test_a_writer_killed_before_its_objects_folders_are_fsynced_leaves_a_whole_repository(
    repository: Path, make_service: ServiceFactory
) -> None:
    """The objects are stored (their files fsynced and renamed); the round that makes
    their folders and `objects/` durable, with the journal's file, never runs: the writer
    has published nothing, and the next write lands with every confirmed line."""
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
