"""A write's fsyncs in rounds (`storage/durability`): fsyncs that do not depend on each
other are issued together, and every order a crash could expose is kept: what each round
makes durable is done before the rename or the next step that relies on it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memoire.service import MemoryService
from memoire.storage import durability
from memoire.storage.refs import RefUpdater

from .adversarial.test_service_attacks import commit_by_hand
from .conftest import git

Events = list[tuple[str, str]]


def recorded(monkeypatch: pytest.MonkeyPatch) -> Events:
    """("start"/"end", path) of each fsync, ("rename", new name) of each rename and
    ("unlink", name) of each removal, in the order they happened, from any thread."""
    events: Events = []
    real_fsync, real_rename, real_replace, real_unlink = (
        os.fsync,
        os.rename,
        os.replace,
        os.unlink,
    )

    def fsync(descriptor: int) -> None:
        path = str(Path(f"/proc/self/fd/{descriptor}").readlink())
        events.append(("start", path))
        real_fsync(descriptor)
        events.append(("end", path))

    def rename(source: object, target: object, **options: object) -> None:
        real_rename(source, target, **options)  # type: ignore[arg-type]
        events.append(("rename", Path(str(target)).name))

    def replace(source: object, target: object, **options: object) -> None:
        real_replace(source, target, **options)  # type: ignore[arg-type]
        events.append(("rename", Path(str(target)).name))

    def unlink(path: object, **options: object) -> None:
        real_unlink(path, **options)  # type: ignore[arg-type]
        events.append(("unlink", Path(str(path)).name))

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "rename", rename)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "unlink", unlink)
    return events


def at(events: Events, event: str, matches: str) -> list[int]:
    """Where `event`s whose path ends with `matches` happened."""
    return [
        number
        for number, (kind, path) in enumerate(events)
        if kind == event and path.endswith(matches)
    ]


def test_an_append_is_durable_in_rounds_each_before_what_relies_on_it(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal and the working-tree copy are written before the ref moves, fsynced
    together with the objects' folders; the journal's folder with the ref's lock; the
    copy is renamed into place only once the ref's folder is durable, and its folder is
    durable before the index is put in place and before the journal is removed."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    events = recorded(monkeypatch)
    service.append("desk", "topics/a.md", "second")
    scratch = str((repository / ".git/memoire/tmp").resolve())
    written = [path for kind, path in events if kind == "start" and path.startswith(scratch)]
    assert len(written) == 2, "the journal's file and the copy's, each fsynced once"
    journal_file = [number for number, event in enumerate(events) if event[1] in written]
    [journal_renamed] = at(events, "rename", "pending.json")
    [ref_renamed] = at(events, "rename", "main")
    [copy_renamed] = at(events, "rename", "a.md")
    [index_renamed] = at(events, "rename", "index")
    [journal_removed] = at(events, "unlink", "pending.json")
    assert len(journal_file) == 4  # two starts, two ends
    assert max(journal_file) < journal_renamed < ref_renamed
    assert max(at(events, "end", "/.git/memoire")) < ref_renamed  # the journal's folder
    assert max(at(events, "end", "/refs/heads")) < copy_renamed
    assert min(at(events, "start", "/refs/heads")) > ref_renamed
    topics = at(events, "end", "/memory/topics")
    assert len(topics) == 1
    assert copy_renamed < topics[0] < index_renamed < journal_removed
    assert (repository / "topics/a.md").read_text().endswith("second\n")
    assert git(repository, "status", "--porcelain") == ""
    assert list((repository / ".git/memoire/tmp").iterdir()) == []


def test_a_write_that_loses_the_race_leaves_no_copy_behind(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The working-tree copy is written before the ref moves: when a person commits first,
    the copy of the attempt that lost is removed, and the retry lands on the person's."""
    service.append("desk", "topics/a.md", "first", title="A", sensitive=False)
    real_advance = RefUpdater.advance
    left_behind: list[list[str]] = []

    def person_first(self: RefUpdater, ref: str, parent: str | None, commit: str) -> bool:
        if not left_behind:
            commit_by_hand(repository, "topics/b.md", "a person's note\n")
            left_behind.append([])
        return real_advance(self, ref, parent, commit)

    real_abandon = service._store._worktree.abandon  # type: ignore[union-attr]

    def abandon() -> None:
        real_abandon()
        left_behind.append(
            sorted(path.name for path in (repository / ".git/memoire/tmp").iterdir())
        )

    monkeypatch.setattr(RefUpdater, "advance", person_first)
    monkeypatch.setattr(service._store._worktree, "abandon", abandon)  # type: ignore[union-attr]
    service.append("desk", "topics/a.md", "second")
    assert left_behind == [[], []], "the lost attempt's copy is gone once it is abandoned"
    assert (repository / "topics/a.md").read_text().endswith("second\n")
    assert (repository / "topics/b.md").read_text() == "a person's note\n"
    assert git(repository, "status", "--porcelain") == ""


def test_a_failed_fsync_in_a_round_is_raised_once_every_other_is_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [os.open(tmp_path / f"file-{number}", os.O_WRONLY | os.O_CREAT) for number in range(4)]
    spans: Events = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        spans.append(("start", str(descriptor)))
        real_fsync(descriptor)  # EINVAL for a pipe
        spans.append(("end", str(descriptor)))

    monkeypatch.setattr(os, "fsync", fsync)
    pipe, other_end = os.pipe()  # what fsync refuses
    waiting = durability.Durability()
    waiting.later(tmp_path)
    with pytest.raises(OSError, match="Invalid argument"):
        waiting.now(*files[:2], pipe, *files[2:])
    kinds = [kind for kind, _ in spans]
    assert (kinds.count("start"), kinds.count("end")) == (6, 5), "the others were all done"
    spans.clear()
    waiting.now()
    assert [kind for kind, _ in spans] == ["start", "end"], "the folder waits for the next round"
    for descriptor in [*files, pipe, other_end]:
        os.close(descriptor)
