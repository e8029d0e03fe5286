"""The Git store attacked as an attacker would: links, FIFOs and folders planted at every name
memoire touches (by hand or by a commit pushed to the shared remote), names too long for the
filesystem, a recovery journal that cannot be finished, and a disk that fills up."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygit2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memoire.bootstrap import create_memory
from memoire.core.errors import (
    DamagedIndex,
    InvalidPath,
    LowDiskSpace,
    MemoireError,
    OutcomeUnknown,
)
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from memoire.storage.store import Change, GitStore, Snapshot

from ..conftest import fsck_problems, git, make_config
from ..remotes import bare_repository
from .bounded import within_bounded_time

OUTSIDE_TEXT = "ssh-ed25519 AAAA the owner's only key\n"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file the bridge user can write that has nothing to do with the memory."""
    folder = tmp_path / "home/.ssh"
    folder.mkdir(parents=True)
    keys = folder / "authorized_keys"
    keys.write_text(OUTSIDE_TEXT)
    return keys


def _append(service: MemoryService, path: str, line: str) -> str:
    """ "landed" or "refused": the two answers a write may give."""
    try:
        within_bounded_time(lambda: service.append("desk", path, line, title="T", sensitive=False))
    except MemoireError:
        return "refused"
    return "landed"


def _head(repository: Path) -> str:
    return git(repository, "rev-parse", "HEAD").strip()


def _staged(repository: Path) -> str:
    return git(repository, "diff", "--cached", "--name-status")


# Links planted by a local process


def test_a_link_planted_where_memoire_once_put_its_temporary_is_not_written_through(
    service: MemoryService, repository: Path, outside: Path
) -> None:
    service.append("desk", "people/frank.md", "met at the harbour", title="F", sensitive=False)
    (repository / "people/.frank.md.memoire-tmp").symlink_to(outside)
    service.append("desk", "people/frank.md", "likes sailing")
    assert outside.read_text() == OUTSIDE_TEXT
    assert (repository / "people/frank.md").read_text().endswith("likes sailing\n")
    assert not (repository / "people/frank.md").is_symlink()


def test_a_committed_file_named_like_memoire_temporaries_is_refused(
    service: MemoryService, repository: Path, outside: Path
) -> None:
    service.append("desk", "people/frank.md", "met at the harbour", title="F", sensitive=False)
    (repository / "people/.frank.md.memoire-tmp").symlink_to(outside)
    git(repository, "add", "people/.frank.md.memoire-tmp")
    git(repository, "commit", "-qm", "a trap")
    head = _head(repository)
    with pytest.raises(InvalidPath, match=r"git rm people/\.frank\.md\.memoire-tmp"):
        service.append("desk", "people/frank.md", "likes sailing")
    assert outside.read_text() == OUTSIDE_TEXT
    assert _head(repository) == head
    service.append("desk", "topics/boat.md", "other folders still work", title="B", sensitive=False)


@pytest.mark.parametrize("planted", ["fifo", "folder", "link"])
def test_anything_but_a_file_at_a_note_is_refused_before_committing(
    service: MemoryService, repository: Path, outside: Path, planted: str
) -> None:
    note = repository / "people/frank.md"
    if planted == "fifo":
        os.mkfifo(note)
    elif planted == "folder":
        note.mkdir()
        (note / "inside.txt").write_text("a person's file\n")
    else:
        note.symlink_to(outside)
    head = _head(repository)
    with pytest.raises(InvalidPath, match=r"people/frank\.md is a"):
        within_bounded_time(
            lambda: service.append("desk", "people/frank.md", "x", title="F", sensitive=False)
        )
    assert _head(repository) == head, "nothing may be committed"
    assert _staged(repository) == ""
    assert outside.read_text() == OUTSIDE_TEXT
    service.append("desk", "people/anna.md", "every other note works", title="A", sensitive=False)
    service.append("desk", "people/anna.md", "and again")
    assert _staged(repository) == ""


def test_a_fifo_at_the_old_temporary_name_cannot_hang_a_write(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "people/frank.md", "one", title="F", sensitive=False)
    os.mkfifo(repository / "people/.frank.md.memoire-tmp")
    assert _append(service, "people/frank.md", "two") == "landed"
    assert service.read("desk", "people/frank.md").body.endswith("one\ntwo\n")


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    slug=st.from_regex(r"[a-z0-9-]{1,24}", fullmatch=True),
    where=st.sampled_from(["note", "folder", "temporary"]),
    planted=st.sampled_from(["link to a file", "link to a folder", "fifo", "folder", "file"]),
    existing=st.booleans(),
)
def test_whatever_is_planted_wherever_nothing_leaves_the_memory_and_nothing_hangs(
    slug: str, where: str, planted: str, existing: bool
) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        repository = base / "memory"
        create_memory(repository, "", ENGLISH)
        outside = base / "outside"
        outside.mkdir()
        (outside / "keys").write_text(OUTSIDE_TEXT)
        service = MemoryService(make_config(repository))
        try:
            path = f"people/{slug}.md"
            if existing:
                service.append("desk", path, "before", title="T", sensitive=False)
            target = {
                "note": repository / path,
                "folder": repository / "people",
                "temporary": repository / f"people/.{slug}.md.memoire-tmp",
            }[where]
            _plant(target, planted, outside)
            answer = _append(service, path, "after")
            assert [entry.name for entry in outside.iterdir()] == ["keys"]
            assert (outside / "keys").read_text() == OUTSIDE_TEXT
            if answer == "landed":
                assert git(repository, "show", f"HEAD:{path}").endswith("after\n")
            assert _append(service, "topics/other.md", "unaffected") == "landed"
        finally:
            service.close()


def _plant(target: Path, planted: str, outside: Path) -> None:
    if target.is_dir() and not target.is_symlink():
        for child in target.iterdir():
            child.unlink()
        target.rmdir()
    else:
        target.unlink(missing_ok=True)
    if planted == "link to a file":
        target.symlink_to(outside / "keys")
    elif planted == "link to a folder":
        target.symlink_to(outside)
    elif planted == "fifo":
        os.mkfifo(target)
    elif planted == "folder":
        target.mkdir()
    else:
        target.write_text("a person's file\n")


@pytest.mark.parametrize("planted", ["fifo", "link"])
def test_something_planted_at_memoire_journal_neither_hangs_nor_leaks_a_write(
    service: MemoryService, repository: Path, outside: Path, planted: str
) -> None:
    journal = repository / ".git/memoire/pending.json"
    if planted == "fifo":
        os.mkfifo(journal)
    else:
        journal.symlink_to(outside)
    assert _append(service, "people/frank.md", "written") == "landed"
    assert outside.read_text() == OUTSIDE_TEXT
    assert git(repository, "status", "--porcelain") == ""


# Names too long, and a recovery that cannot finish


def test_a_slug_too_long_for_the_filesystem_is_refused_and_wedges_nothing(
    service: MemoryService, repository: Path
) -> None:
    head = _head(repository)
    with pytest.raises(InvalidPath, match="slug"):
        service.append("desk", f"people/{'a' * 248}.md", "x", title="Long", sensitive=False)
    assert _head(repository) == head
    service.append("desk", f"people/{'a' * 100}.md", "the longest slug", title="L", sensitive=False)
    service.append("desk", "people/frank.md", "every write still works", title="F", sensitive=False)
    assert git(repository, "status", "--porcelain") == ""


def test_the_store_refuses_a_name_the_filesystem_cannot_hold_before_committing(
    repository: Path,
) -> None:
    store = GitStore(repository)
    head = store.head()

    def long_name(_: Snapshot) -> Change[None]:
        return Change(files={f"people/{'b' * 253}.md": b"x\n"}, outcome=None)

    with pytest.raises(InvalidPath, match="longer than the filesystem allows"):
        store.write(long_name, "desk", "too long")
    assert store.head() == head
    store.write(lambda _: Change(files={"people/frank.md": b"f\n"}, outcome=None), "desk", "ok")
    assert git(repository, "status", "--porcelain") == ""


def test_a_note_whose_copy_cannot_be_synced_never_blocks_the_others(
    service: MemoryService, repository: Path
) -> None:
    """A writer killed after committing left a journal; the note's name is now a folder."""
    landed = service.append("desk", "people/frank.md", "committed", title="F", sensitive=False)
    blob = git(repository, "rev-parse", "HEAD:people/frank.md").strip()
    (repository / "people/frank.md").unlink()
    git(repository, "rm", "-q", "--cached", "people/frank.md")
    (repository / "people/frank.md").mkdir()
    (repository / "people/frank.md/draft.txt").write_text("a person's folder\n")
    journal = {"commit": landed.commit, "files": {"people/frank.md": [None, blob]}}
    (repository / ".git/memoire/pending.json").write_text(json.dumps(journal))
    service.append("desk", "people/anna.md", "other notes work", title="A", sensitive=False)
    service.append("desk", "topics/boat.md", "and again", title="B", sensitive=False)
    with pytest.raises(InvalidPath, match=r"people/frank\.md is a folder"):
        service.append("desk", "people/frank.md", "refused until the folder goes")
    assert (repository / "people/frank.md/draft.txt").read_text() == "a person's folder\n"
    for child in (repository / "people/frank.md").iterdir():
        child.unlink()
    (repository / "people/frank.md").rmdir()
    service.append("desk", "people/anna.md", "the next write finishes frank's sync")
    assert (repository / "people/frank.md").read_text().endswith("committed\n")
    service.append("desk", "people/frank.md", "and frank is writable again")
    assert git(repository, "status", "--porcelain") == ""


# A full disk


def _fill(disk: Path, leave_bytes: int) -> Path:
    """Ballast that leaves about `leave_bytes` free; deleting it frees the disk again."""
    ballast = disk / "ballast"
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    with ballast.open("wb") as handle, contextlib.suppress(OSError):
        handle.write(b"\0" * max(free - leave_bytes, 0))
    return ballast


def test_a_full_disk_never_answers_failed_for_a_write_that_landed(
    small_disk: Path, tmp_path: Path
) -> None:
    """The disk fills at a different step each round: objects, journal, ref, working tree."""
    repository = small_disk / "memory"
    create_memory(repository, "", ENGLISH)
    git(repository, "config", "gc.auto", "0")  # no packing in the middle of the count
    config = make_config(repository)
    config = dataclasses.replace(
        config,
        memory=dataclasses.replace(config.memory, state_dir_override=tmp_path / "state"),
    )
    service = MemoryService(config)
    notes = [f"journal/day-{number}.md" for number in range(4)]
    for path in notes:  # notes bigger than their compressed objects: the sync needs room too
        service.write(
            "desk", path, title="Day", description="", sensitive=False, body="~\n" * 5_000
        )
    answers: list[tuple[str, str, str]] = []
    for round_, leave_bytes in enumerate((64_000, 40_000, 24_000, 12_000, 4_000)):
        ballast = _fill(small_disk, leave_bytes)
        answers += _append_until_refused(service, notes, f"round {round_}")
        ballast.unlink()
    committed = {path: _committed_lines(repository, path) for path in notes}
    for answer, path, line in answers:
        if answer == "landed":
            assert committed[path].count(line) == 1, f"{line} was confirmed"
        elif answer == "refused":
            assert line not in committed[path], f"{line} was refused yet landed"
    for path in [*notes, "topics/after.md"]:
        service.append("desk", path, "the disk has room again", title="After", sensitive=False)
    assert fsck_problems(repository) == set()
    assert git(repository, "status", "--porcelain") == ""
    service.close()


def _append_until_refused(
    service: MemoryService, notes: list[str], label: str
) -> list[tuple[str, str, str]]:
    """Append round the notes until every note has been refused twice in a row."""
    answers: list[tuple[str, str, str]] = []
    refusals_in_a_row = 0
    for number in range(300):
        if refusals_in_a_row >= 2 * len(notes):
            return answers
        path, line = notes[number % len(notes)], f"{label} line {number}"
        try:
            service.append("desk", path, line)
        except OutcomeUnknown:
            answers.append(("unknown", path, line))
        except LowDiskSpace:
            answers.append(("refused", path, line))
            refusals_in_a_row += 1
            continue
        else:
            answers.append(("landed", path, line))
        refusals_in_a_row = 0
    raise AssertionError("the disk never filled up")


def _committed_lines(repository: Path, path: str) -> list[str]:
    repo = pygit2.Repository(str(repository))
    tree = repo.head.peel(pygit2.Tree)
    return tree[path].data.decode().splitlines() if path in tree else []


# A planted commit arriving from the shared remote


def test_links_pushed_to_the_shared_remote_are_never_written_through(
    tmp_path: Path, outside: Path
) -> None:
    remote = bare_repository(tmp_path / "shared.git")
    local = tmp_path / "bridge"
    create_memory(local, "", ENGLISH, str(remote))
    service = MemoryService(make_config(local, remote=str(remote)))
    service.append("desk", "people/frank.md", "met at the harbour", title="F", sensitive=False)
    attacker = tmp_path / "attacker"
    git(tmp_path, "clone", "-q", str(remote), str(attacker))
    (attacker / "people/.frank.md.memoire-tmp").symlink_to(outside)
    (attacker / "people/eve.md").symlink_to(outside)
    git(attacker, "rm", "-rq", "topics")
    (attacker / "topics").symlink_to(outside.parent)
    git(attacker, "add", "-A")
    git(attacker, "commit", "-qm", "nothing to see here")
    git(attacker, "push", "-q", "origin", "HEAD:main")
    answers = {
        path: _append(service, path, "after the push")
        for path in ("people/frank.md", "people/eve.md", "topics/boat.md", "people/anna.md")
    }
    assert outside.read_text() == OUTSIDE_TEXT
    assert [entry.name for entry in outside.parent.iterdir()] == ["authorized_keys"]
    assert answers["people/anna.md"] == "landed", "notes away from the traps still work"
    for path, answer in answers.items():
        if answer == "landed":
            assert git(local, "show", f"main:{path}").endswith("after the push\n")
    service.close()


# Git's index, changed in place by memoire (storage/index_file)


def _forge_index(repository: Path, change: Callable[[bytearray], None]) -> bytes:
    """Rewrite .git/index with `change` applied and a valid checksum: damage Git's own
    check cannot see. Returns the forged bytes."""
    index = repository / ".git/index"
    data = bytearray(index.read_bytes()[:-20])
    change(data)
    forged = bytes(data) + hashlib.sha1(data, usedforsecurity=False).digest()
    index.write_bytes(forged)
    return forged


def test_an_index_claiming_billions_of_entries_neither_hangs_nor_is_overwritten(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "people/frank.md", "one", title="F", sensitive=False)
    head = _head(repository)
    forged = _forge_index(repository, lambda data: data.__setitem__(slice(8, 12), b"\xff" * 4))
    with pytest.raises(DamagedIndex, match=r"index\.damaged && git reset"):
        within_bounded_time(lambda: service.append("desk", "people/frank.md", "two"))
    assert _head(repository) == head, "nothing may be committed"
    assert (repository / ".git/index").read_bytes() == forged
    assert not (repository / ".git/index.lock").exists()


def test_a_note_whose_name_ends_another_entrys_name_changes_only_its_own_entry(
    service: MemoryService, repository: Path
) -> None:
    """Entries are found by walking the index, never by searching for the name's bytes."""
    (repository / "topics/xpeople").mkdir(parents=True)
    decoy = "topics/xpeople/frank.md"
    (repository / decoy).write_text("a person's file\n")
    git(repository, "add", decoy)
    git(repository, "commit", "-qm", "a decoy")
    decoy_blob = git(repository, "rev-parse", f"HEAD:{decoy}").strip()
    service.append("desk", "people/frank.md", "one", title="F", sensitive=False)
    service.append("desk", "people/frank.md", "two")
    staged = git(repository, "ls-files", "--stage", "--", decoy, "people/frank.md").split("\n")
    assert staged[0].split()[1] == git(repository, "rev-parse", "HEAD:people/frank.md").strip()
    assert staged[1].split()[1] == decoy_blob
    assert git(repository, "status", "--porcelain") == ""


def test_a_conflicted_or_duplicated_entry_is_left_to_libgit2(
    service: MemoryService, repository: Path
) -> None:
    """An entry the in-place update does not understand (here a skip-worktree flag, which
    needs an extended entry) is not patched blindly: libgit2 rewrites the index as before."""
    service.append("desk", "people/frank.md", "one", title="F", sensitive=False)
    service.append("desk", "people/anna.md", "one", title="A", sensitive=False)
    git(repository, "update-index", "--skip-worktree", "people/anna.md")
    service.append("desk", "people/frank.md", "two")
    assert git(repository, "status", "--porcelain") == ""
    assert (
        git(repository, "ls-files", "--stage", "--", "people/frank.md").split()[1]
        == git(repository, "rev-parse", "HEAD:people/frank.md").strip()
    )
    assert git(repository, "fsck", "--no-dangling") == ""
