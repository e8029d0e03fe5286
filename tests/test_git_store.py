"""Git as a person uses it beside memoire: nothing memoire commits is reverted or lost,
and nothing a person does by hand is overwritten."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pygit2
import pytest

from memoire.bootstrap import create_memory
from memoire.core.errors import Contention, InvalidPath, NoteNotFound, UncommittedChanges
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from memoire.storage import housekeeping, snapshots
from memoire.storage.store import Change, GitStore, Snapshot, committer_name

from .conftest import ServiceFactory, git


def _note_text(title: str, body: str, sensitive: str = "no") -> str:
    header = f"title: {title}\ndescription: d\nupdated: 2026-01-01\nsensitive: {sensitive}\n"
    return f"---\n{header}---\n\n{body}"


def test_commits_made_outside_memoire_are_seen_on_the_next_call(
    service: MemoryService, repository: Path
) -> None:
    assert service.index("desk").notes == ()
    (repository / "topics/boat.md").write_text(_note_text("Boat", "Sailing on the Rhône.\n"))
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "by hand")
    assert [note.path for note in service.index("desk").notes] == ["topics/boat.md"]
    assert service.read("desk", "topics/boat.md").body == "Sailing on the Rhône.\n"
    assert [hit.path for hit in service.search("desk", "rhone").hits] == ["topics/boat.md"]
    git(repository, "rm", "-q", "topics/boat.md")
    git(repository, "commit", "-qm", "removed by hand")
    assert service.search("desk", "rhone").hits == ()
    with pytest.raises(NoteNotFound):
        service.read("desk", "topics/boat.md")


def test_a_person_committing_everything_afterwards_reverts_nothing(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    service.append("desk", "topics/a.md", "second")
    service.append("desk", "topics/b.md", "other", title="B", sensitive=False)
    assert git(repository, "status", "--porcelain") == ""
    (repository / "notes-by-hand.txt").write_text("a person's own file\n")
    git(repository, "add", "-A")
    git(repository, "commit", "-qam", "person commits everything")
    changed = git(repository, "show", "--name-only", "--format=", "HEAD").split()
    assert changed == ["notes-by-hand.txt"]
    assert service.read("desk", "topics/a.md").body.endswith("first\nsecond\n")


def _index_blob(repository: Path, path: str) -> str:
    """The blob id Git's own index names for `path` (`git ls-files --stage`)."""
    return git(repository, "ls-files", "--stage", "--", path).split()[1]


def test_a_person_committing_the_index_afterwards_keeps_memoires_write(
    service: MemoryService, repository: Path
) -> None:
    """Git's index caches each folder's tree (its TREE extension), and `git commit` uses
    that cache as it is: a write that changed a note's entry but left its folder's cached
    tree would be reverted by the person's next plain `git commit`."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    git(repository, "commit", "-q", "--allow-empty", "-m", "git writes its tree cache")
    assert b"TREE" in (repository / ".git/index").read_bytes()
    service.append("desk", "topics/a.md", "second")
    (repository / "mine.txt").write_text("a person's file\n")
    git(repository, "add", "mine.txt")
    git(repository, "commit", "-qm", "person commits what is staged")
    assert git(repository, "show", "HEAD:topics/a.md").endswith("first\nsecond\n")
    assert git(repository, "status", "--porcelain") == ""


def test_a_person_committing_the_index_after_a_new_note_keeps_it(
    service: MemoryService, repository: Path
) -> None:
    """A new note's entry is inserted into an index whose cached trees Git wrote: a kept
    cache tree would make the person's plain `git commit` leave the note out."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    service.append("desk", "topics/b.md", "first", title="B", sensitive=False)
    git(repository, "commit", "-q", "--allow-empty", "-m", "git writes its tree cache")
    assert b"TREE" in (repository / ".git/index").read_bytes()
    service.append("desk", "topics/c.md", "new", title="C", sensitive=False)
    service.delete("desk", "topics/b.md", service.read("desk", "topics/b.md").version)
    (repository / "mine.txt").write_text("a person's file\n")
    git(repository, "add", "mine.txt")
    git(repository, "commit", "-qm", "person commits what is staged")
    listed = git(repository, "ls-tree", "--name-only", "HEAD", "topics/").split()
    assert [path for path in listed if path.endswith(".md")] == ["topics/a.md", "topics/c.md"]
    assert git(repository, "status", "--porcelain") == ""


def test_a_persons_staged_work_stays_staged_across_memoires_writes(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    (repository / "draft.txt").write_text("a person's draft\n")
    git(repository, "add", "draft.txt")
    for line in ("second", "third"):
        service.append("desk", "topics/a.md", line)
        assert git(repository, "status", "--porcelain") == "A  draft.txt\n"
    service.append("desk", "topics/new.md", "new", title="New", sensitive=False)
    assert git(repository, "status", "--porcelain") == "A  draft.txt\n"
    service.delete("desk", "topics/new.md", service.read("desk", "topics/new.md").version)
    assert git(repository, "status", "--porcelain") == "A  draft.txt\n"
    assert (
        _index_blob(repository, "topics/a.md")
        == git(repository, "rev-parse", "HEAD:topics/a.md").strip()
    )
    assert git(repository, "fsck", "--no-dangling") == ""


@pytest.mark.parametrize("version", ["2", "3", "4"])
def test_every_kind_of_write_leaves_git_status_clean_whatever_the_index_version(
    service: MemoryService, repository: Path, version: str
) -> None:
    """Notes already in the index are changed in place; new and removed notes, and index
    versions that cannot be changed in place, go through libgit2: the person sees the same."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    service.append("desk", "topics/b.md", "other", title="B", sensitive=False)
    git(repository, "update-index", "--index-version", version)
    service.append("desk", "topics/a.md", "second")
    assert git(repository, "status", "--porcelain") == ""
    service.append("desk", "topics/c.md", "new", title="C", sensitive=False)
    assert git(repository, "status", "--porcelain") == ""
    service.delete("desk", "topics/b.md", service.read("desk", "topics/b.md").version)
    assert git(repository, "status", "--porcelain") == ""
    service.append("desk", "topics/a.md", "third")
    assert git(repository, "status", "--porcelain") == ""
    for path in ("topics/a.md", "topics/c.md"):
        assert _index_blob(repository, path) == git(repository, "rev-parse", f"HEAD:{path}").strip()
    assert "topics/b.md" not in git(repository, "ls-files")
    assert not (repository / ".git/index.lock").exists()


def test_a_persons_commit_in_the_same_folder_between_two_writes_is_kept(
    service: MemoryService, repository: Path
) -> None:
    """memoire builds its next folder tree from the one it last wrote only when the branch
    still holds exactly that tree; a person's commit in between changes it."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    (repository / "topics/person.md").write_text(_note_text("Person", "by hand\n"))
    git(repository, "add", "topics/person.md")
    git(repository, "commit", "-qm", "by hand")
    service.append("desk", "topics/a.md", "second")
    assert git(repository, "show", "HEAD:topics/person.md").endswith("by hand\n")
    git(repository, "rm", "-q", "topics/person.md")
    git(repository, "commit", "-qm", "removed by hand")
    service.append("desk", "topics/a.md", "third")
    assert "topics/person.md" not in git(repository, "ls-tree", "--name-only", "HEAD", "topics/")
    assert git(repository, "show", "HEAD~2:topics/person.md").endswith("by hand\n")
    assert git(repository, "status", "--porcelain") == ""


def test_uncommitted_hand_edits_are_never_overwritten(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "topics/a.md", "from memoire", title="A", sensitive=False)
    edited = repository / "topics/a.md"
    edited.write_text(edited.read_text() + "typed by a person, not committed\n")
    head = git(repository, "rev-parse", "HEAD")
    with pytest.raises(UncommittedChanges, match="Commit or discard them"):
        service.append("desk", "topics/a.md", "from an assistant")
    assert git(repository, "rev-parse", "HEAD") == head
    assert edited.read_text().endswith("typed by a person, not committed\n")
    git(repository, "commit", "-qam", "person commits")
    service.append("desk", "topics/a.md", "from an assistant")
    assert edited.read_text().endswith("not committed\nfrom an assistant\n")


def test_staged_changes_and_untracked_files_at_the_path_are_respected(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "topics/a.md", "one", title="A", sensitive=False)
    note = repository / "topics/a.md"
    note.write_text(note.read_text() + "staged\n")
    git(repository, "add", "topics/a.md")
    with pytest.raises(UncommittedChanges):
        service.append("desk", "topics/a.md", "two")
    (repository / "topics/new.md").write_text("a draft\n")
    with pytest.raises(UncommittedChanges):
        service.append("desk", "topics/new.md", "x", title="New", sensitive=False)


def test_a_memory_in_a_folder_of_a_larger_repository_sees_only_its_folder(
    tmp_path: Path, make_service: ServiceFactory
) -> None:
    repository = tmp_path / "docs"
    repository.mkdir()
    git(repository, "init", "-q", "-b", "main")
    (repository / "topics").mkdir()
    (repository / "topics/outside.md").write_text(_note_text("Outside", "not memory\n"))
    (repository / "profile.md").write_text(_note_text("Outside profile", "not memory\n"))
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "docs")
    create_memory(repository, "memoire", ENGLISH)
    service = make_service(repository, subdir="memoire")
    assert service.index("desk").notes == ()
    assert service.index("desk").always_shown == ()
    assert service.search("desk", "memory").hits == ()
    with pytest.raises(NoteNotFound):
        service.read("desk", "topics/outside.md")
    service.append("desk", "topics/inside.md", "kept here", title="In", sensitive=False)
    assert (repository / "memoire/topics/inside.md").read_text().endswith("kept here\n")
    assert git(repository, "status", "--porcelain") == ""
    assert "memoire/topics/inside.md" in git(repository, "ls-files")


def test_symbolic_links_are_never_followed(
    service: MemoryService, repository: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "target.md").write_text(_note_text("Target", "outside the memory\n"))
    (repository / "topics/link.md").symlink_to(outside / "target.md")
    (repository / "journal-link").symlink_to(outside)
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "links")
    with pytest.raises(NoteNotFound):
        service.read("desk", "topics/link.md")
    assert service.search("desk", "outside").hits == ()
    (repository / "people/.gitkeep").unlink()
    (repository / "people").rmdir()
    (repository / "people").symlink_to(outside)
    with pytest.raises(InvalidPath, match="never follows links"):
        service.append("desk", "people/eve.md", "x", title="Eve", sensitive=False)
    assert not (outside / "eve.md").exists()


def test_a_git_lock_left_by_a_killed_process_does_not_block_forever(
    service: MemoryService, repository: Path
) -> None:
    lock = repository / ".git/refs/heads/main.lock"
    lock.write_text("left behind\n")
    old = time.time() - 3600
    os.utime(lock, (old, old))
    service.append("desk", "topics/a.md", "after a crash", title="A", sensitive=False)
    assert not lock.exists()
    assert service.read("desk", "topics/a.md").body.endswith("after a crash\n")


@pytest.mark.parametrize(
    ("client", "expected"),
    [
        ("claude-code", "memoire (claude-code)"),
        ("evil\nAuthor: x <a@b>", "memoire (evilAuthor x ab)"),
        ("", "memoire (unknown)"),
        ("x" * 60, f"memoire ({'x' * 40})"),
    ],
)
def test_committer_names_cannot_be_forged(client: str, expected: str) -> None:
    assert committer_name(client) == expected


def test_loose_objects_get_packed_in_the_background(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    git(repository, "config", "gc.auto", "1")
    loose = pygit2.Repository(str(repository))
    for number in range(2_000):  # git samples one objects/ folder to decide that gc is due
        loose.create_blob(f"loose object {number}".encode())
    monkeypatch.setattr(housekeeping, "GC_ONE_WRITE_IN", 1)
    service.append("desk", "topics/a.md", "packed soon", title="A", sensitive=False)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        counts = dict(
            line.split(": ") for line in git(repository, "count-objects", "-v").splitlines()
        )
        if int(counts["in-pack"]) > 0:
            break
        time.sleep(0.2)
    assert int(counts["in-pack"]) > 0
    assert service.read("desk", "topics/a.md").body.endswith("packed soon\n")


def test_git_packing_refs_beside_memoire_never_fails_a_write(
    service: MemoryService, repository: Path
) -> None:
    """A person's git (or git gc) takes the branch's lock and packed-refs.lock meanwhile."""
    stop = threading.Event()

    def person_packs_refs() -> None:
        while not stop.is_set():
            git(repository, "pack-refs", "--all")
            git(repository, "reflog", "expire", "--expire=now", "--all")

    packer = threading.Thread(target=person_packs_refs)
    packer.start()
    failures: list[BaseException] = []
    try:
        for number in range(150):
            try:
                service.append("desk", "topics/a.md", f"line {number}", title="A", sensitive=False)
            except Contention:
                continue
            except Exception as error:  # the test counts what escapes
                failures.append(error)
    finally:
        stop.set()
        packer.join()
    assert failures == []
    assert git(repository, "status", "--porcelain") == ""


def _packed_objects(repository: Path) -> int:
    counts = dict(line.split(": ") for line in git(repository, "count-objects", "-v").splitlines())
    return int(counts["in-pack"])


def test_memoire_packs_only_while_no_write_can_collide(
    repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    git(repository, "config", "gc.auto", "1")
    loose = pygit2.Repository(str(repository))
    for number in range(2_000):
        loose.create_blob(f"loose object {number}".encode())
    monkeypatch.setattr(housekeeping, "GC_ONE_WRITE_IN", 1)
    writer, other_writer = GitStore(repository), GitStore(repository)
    writer.write(lambda _: Change(files={"topics/a.md": b"a\n"}, outcome=None), "desk", "gc due")

    def still_unpacked_while_writing(_: Snapshot) -> Change[None]:
        for _poll in range(20):
            assert _packed_objects(repository) == 0, "git gc ran beside a write"
            time.sleep(0.1)
        return Change(files={"topics/b.md": b"b\n"}, outcome=None)

    other_writer.write(still_unpacked_while_writing, "desk", "meanwhile")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and _packed_objects(repository) == 0:
        time.sleep(0.2)
    assert _packed_objects(repository) > 0, "git gc runs once the writers are done"


def test_the_snapshot_caches_stay_bounded_over_many_writes(
    repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshots, "FOLDER_LISTINGS_KEPT", 16)
    monkeypatch.setattr(snapshots, "DOT_LISTINGS_KEPT", 16)
    store = GitStore(repository)
    for number in range(60):
        note = f"{('people', 'topics', 'journal')[number % 3]}/note-{number}.md"
        store.write(lambda _, note=note: Change(files={note: b"x\n"}, outcome=None), "desk", "m")
        assert store.snapshot().files[note]
        assert len(store._reader.folder_listings) <= 16
        assert len(store._reader.dot_listings) <= 16
        assert len(store._reader.snapshots) <= snapshots.SNAPSHOTS_KEPT
    assert len(store.snapshot().files) == 60 + 7  # the notes, README, 5 .gitkeep, allowed_signers


def test_folder_listings_kept_or_not_are_the_folders_trees(
    repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write derives its folder's new listing from the kept old one, and leaves it to be
    listed when the old one was forgotten: either way a listing is what the tree holds."""
    monkeypatch.setattr(snapshots, "FOLDER_LISTINGS_KEPT", 2)
    store = GitStore(repository)
    commits = [store.head()]
    for number in range(12):
        note = f"{('people', 'topics', 'journal')[number % 3]}/note-{number % 5}.md"
        data = None if number % 4 == 3 else f"{number}\n".encode()
        store.write(lambda _, note=note, data=data: Change({note: data}, None), "desk", "m")
        commits.append(store.head())
        fresh = GitStore(repository)
        tree = store.snapshot().folders[note.split("/", 1)[0]]  # the others' listings: forgotten
        assert store._reader.folder_files(tree) == fresh._reader.folder_files(tree)
        assert store.snapshot() == fresh.snapshot()
    for old, new in zip(commits, commits[3:], strict=False):
        assert store.changed_paths(old, new) == GitStore(repository).changed_paths(old, new)


def test_a_trap_committed_through_memoire_itself_is_still_refused_next_write(
    repository: Path,
) -> None:
    """The names checked for a temporary's trap are derived after each write, not re-read:
    the derivation must see a trap the write itself added, and forget one it removed."""
    store = GitStore(repository)

    def put(path: str, data: bytes | None) -> None:
        store.write(lambda _: Change(files={path: data}, outcome=None), "desk", "m")

    put("people/frank.md", b"one\n")
    put("people/.frank.md.memoire-tmp-trap", b"a trap\n")
    head = store.head()
    with pytest.raises(InvalidPath, match=r"git rm people/\.frank\.md\.memoire-tmp-trap"):
        put("people/frank.md", b"two\n")
    assert store.head() == head
    put("people/.frank.md.memoire-tmp-trap", None)
    put("people/frank.md", b"two\n")
    assert store.read_blob(store.snapshot().files["people/frank.md"]) == b"two\n"


def test_the_paths_a_write_changed_are_those_its_trees_differ_by(repository: Path) -> None:
    """Each write records the paths it changed (search refresh and `changes` use them);
    what it records is what comparing the two commits' trees finds, whatever it wrote:
    a new note, the same bytes again, a removal, a note at the top, deeper paths."""
    store = GitStore(repository)
    writes: list[dict[str, bytes | None]] = [
        {"topics/a.md": b"a\n", "README.md": b"top\n"},
        {"topics/a.md": b"a\n", "people/b.md": b"b\n"},
        {"topics/a.md": None, "topics/deep/c.md": b"c\n"},
        {"journal/d.md": b"d\n", "people/b.md": b"b2\n"},
    ]
    for files in writes:
        parent = store.head()
        store.write(lambda _, files=files: Change(files=files, outcome=None), "desk", "m")
        commit = store.head()
        assert commit is not None
        assert (parent, commit) in store._reader.changes
        recorded = store.changed_paths(parent, commit)
        assert recorded == GitStore(repository).changed_paths(parent, commit)
    assert store.changed_paths(parent, commit) == {"journal/d.md", "people/b.md"}
