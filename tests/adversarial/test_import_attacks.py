"""`memoire import` pointed at a folder built to hurt it: links out of SOURCE, FIFOs, link
loops, huge and binary files, names that carry a secret or terminal escapes, headers that
say two things, a folder swapped for a link mid-import, and the memory inside SOURCE."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from memoire.bootstrap import create_memory
from memoire.core.errors import (
    InvalidNote,
    InvalidPath,
    NothingToImport,
    ProtectedNote,
    SecretRefused,
)
from memoire.core.layout import ENGLISH
from memoire.importer.plan import ImportPlan, Target, plan_import
from memoire.importer.source import MAX_DEPTH, Unreadable, read, walk
from memoire.service import MemoryService

from ..conftest import ServiceFactory, git
from ..test_cli import memoire
from .bounded import HANG_SECONDS, within_bounded_time

OUTSIDE_TEXT = "the owner's private diary, outside SOURCE"
NOTE = "---\ntitle: A\ndescription: B\nupdated: 2024-01-01\nsensitive: no\n---\n\nText.\n"


def _plan(source: Path) -> ImportPlan:
    return within_bounded_time(lambda: plan_import(source, Target(ENGLISH, 20_000, {})))


def _reasons(plan: ImportPlan) -> dict[str, str]:
    return {item.source: item.reason for item in plan.skipped}


class _OpenWitness:
    """A FIFO outside SOURCE whose writer end is waiting: it stops waiting the moment anyone
    opens the FIFO to read, so the test knows whether the import ever opened it."""

    def __init__(self, fifo: Path) -> None:
        os.mkfifo(fifo)
        self._fifo = fifo
        self.opened = threading.Event()
        self._thread = threading.Thread(target=self._wait, daemon=True)
        self._thread.start()

    def _wait(self) -> None:
        descriptor = os.open(self._fifo, os.O_WRONLY)  # blocks until a reader opens it
        self.opened.set()
        os.close(descriptor)

    def release(self) -> None:
        descriptor = os.open(self._fifo, os.O_RDONLY | os.O_NONBLOCK)
        self._thread.join(HANG_SECONDS)
        os.close(descriptor)


def test_links_out_of_source_are_never_opened(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "diary.md").write_text(OUTSIDE_TEXT)
    witness = _OpenWitness(outside / "witness.md")
    source = tmp_path / "notes"
    source.mkdir()
    (source / "note.md").write_text("A note.\n")
    (source / "diary.md").symlink_to(outside / "diary.md")
    (source / "witness.md").symlink_to(outside / "witness.md")
    (source / "elsewhere").symlink_to(outside, target_is_directory=True)
    try:
        plan = _plan(source)
        assert not witness.opened.is_set(), "a link out of SOURCE was followed and opened"
    finally:
        witness.release()
    reasons = _reasons(plan)
    for name in ("diary.md", "witness.md", "elsewhere"):
        assert reasons[name].startswith("a symbolic link; links are never followed")
    assert [item.path for item in plan.placed] == ["topics/note.md"]
    assert all(OUTSIDE_TEXT not in item.text for item in plan.placed)


def test_a_link_loop_and_a_fifo_inside_source_do_not_hang(tmp_path: Path) -> None:
    source = tmp_path / "notes"
    (source / "folder").mkdir(parents=True)
    (source / "folder/loop").symlink_to(source, target_is_directory=True)
    (source / "self.md").symlink_to("self.md")
    os.mkfifo(source / "pipe.md")
    (source / "note.md").write_text("A note.\n")
    reasons = _reasons(_plan(source))
    assert reasons["pipe.md"] == "a FIFO, not a regular file"
    assert reasons["folder/loop"].startswith("a symbolic link")
    assert reasons["self.md"].startswith("a symbolic link")


def test_a_huge_file_is_skipped_without_being_read(tmp_path: Path) -> None:
    source = tmp_path / "notes"
    source.mkdir()
    with (source / "huge.md").open("wb") as huge:
        huge.truncate(8 << 30)  # sparse: 8 GiB that reading would have to allocate
    (source / "just-over.md").write_text("x" * 20_001)
    plan = _plan(source)
    reasons = _reasons(plan)
    assert reasons["huge.md"].startswith("8,589,934,592 bytes, more than a note may hold")
    assert "characters with its header, more than a note may hold" in reasons["just-over.md"]
    assert plan.placed == ()


def test_binary_non_utf8_and_empty_files_are_skipped(tmp_path: Path) -> None:
    source = tmp_path / "notes"
    source.mkdir()
    (source / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (source / "latin1.md").write_bytes("Café crème\n".encode("latin-1"))
    (source / "nul.md").write_text("text with a NUL \x00 inside\n")
    (source / "empty.md").write_text("\n  \n")
    reasons = _reasons(_plan(source))
    assert reasons["binary.md"].startswith("not UTF-8 text")
    assert reasons["latin1.md"].startswith("not UTF-8 text")
    assert reasons["nul.md"].startswith("it holds control characters")
    assert reasons["empty.md"] == "empty; nothing to import"


def test_folders_nested_beyond_the_bound_are_reported_not_walked(tmp_path: Path) -> None:
    source = tmp_path / "notes"
    deep = source.joinpath(*["d"] * (MAX_DEPTH + 5))
    deep.mkdir(parents=True)
    (deep / "lost.md").write_text("deep\n")
    plan = _plan(source)
    assert plan.placed == ()
    [(shown, reason)] = _reasons(plan).items()
    assert shown == "/".join(["d"] * MAX_DEPTH) + "/"
    assert reason == f"nested more than {MAX_DEPTH} folders deep"


def test_a_folder_swapped_for_a_link_after_the_walk_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "note.md").write_text(OUTSIDE_TEXT)
    source = tmp_path / "notes"
    (source / "sub").mkdir(parents=True)
    (source / "sub/note.md").write_text("inside\n")
    [entry] = walk(source)
    assert entry.parts == ("sub", "note.md")
    (source / "sub/note.md").unlink()
    (source / "sub").rmdir()
    (source / "sub").symlink_to(outside, target_is_directory=True)
    with pytest.raises(Unreadable, match="stopped being a folder"):
        read(source, entry.parts, 20_000)


def test_secret_looking_names_are_withheld_and_escapes_are_escaped(tmp_path: Path) -> None:
    memory = tmp_path / "mem"
    assert memoire("init", str(memory), home=tmp_path).returncode == 0
    source = tmp_path / "notes"
    (source / "password=Hunter2Xyzzy").mkdir(parents=True)
    (source / "password=Hunter2Xyzzy/note.md").write_text("Inside.\n")
    (source / "token=ghp_Zx81mQ0.md").write_text("A note.\n")
    (source / "clear\x1b[2Jscreen.md").write_text("Escapes.\n")
    (source / "two\nlines.png").write_text("x")
    result = memoire("import", str(source), home=tmp_path)
    assert result.returncode == 0, result.stderr
    output = result.stdout + result.stderr
    assert "Hunter2Xyzzy" not in output
    assert "ghp_Zx81mQ0" not in output
    assert "<name withheld: it looks like a secret>/note.md → topics/note.md" in output
    assert "skipped <name withheld: it looks like a secret>: the title made from its name" in (
        output
    )
    assert "\x1b" not in output
    assert "clear\\u001b[2Jscreen.md" in output
    assert "skipped two\\u000alines.png: not a Markdown file" in output
    assert "ghp_Zx81mQ0" not in git(memory, "log", "-p", "--all")


def test_a_header_that_says_two_things_is_skipped_never_imported_as_public(
    tmp_path: Path,
) -> None:
    source = tmp_path / "notes"
    source.mkdir()
    (source / "twice.md").write_text(
        "---\ntitle: Health\ndescription: x\nupdated: 2024-01-01\nsensitive: yes\n"
        "Sensitive: no\n---\n\nDiagnosis.\n"
    )
    (source / "half.md").write_text("---\ntitle: Health\nsensible: oui\n---\n\nDiagnosis.\n")
    plan = _plan(source)
    assert plan.placed == ()
    reasons = _reasons(plan)
    assert "appears twice" in reasons["twice.md"]
    assert "mixes the fr layout's keys" in reasons["half.md"]


def test_the_memory_inside_source_is_not_imported_into_itself(tmp_path: Path) -> None:
    memory = tmp_path / "mem"
    assert memoire("init", str(memory), home=tmp_path).returncode == 0
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes/garden.md").write_text("Quince.\n")
    result = memoire("import", str(tmp_path), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "skipped mem/: the memory itself; it is not imported into itself" in result.stdout
    assert git(memory, "ls-files", "topics").split() == ["topics/.gitkeep", "topics/garden.md"]


# The write path holds every rule itself, whatever the planner let through


@pytest.fixture
def importing(tmp_path: Path, make_service: ServiceFactory) -> MemoryService:
    create_memory(tmp_path / "mem", "", ENGLISH)
    return make_service(tmp_path / "mem")


@pytest.mark.parametrize(
    ("notes", "refusal"),
    [
        ({"topics/a.md": NOTE.replace("Text.", "password: Tr0ub4dor&3xyz")}, SecretRefused),
        ({"topics/password-hunter2xyzzy-abc.md": NOTE}, SecretRefused),
        ({"../outside.md": NOTE}, InvalidPath),
        ({"topics/a.md": NOTE, ".git/config": NOTE}, InvalidPath),
        ({"README.md": NOTE}, ProtectedNote),
        ({"topics/a.md": "no header\n"}, InvalidNote),
        ({"topics/a.md": NOTE + "\x1b[2J"}, InvalidNote),
        ({}, NothingToImport),
    ],
)
def test_the_write_path_refuses_what_a_write_would_refuse(
    tmp_path: Path,
    importing: MemoryService,
    notes: dict[str, str],
    refusal: type[Exception],
) -> None:
    head = git(tmp_path / "mem", "rev-parse", "HEAD")
    with pytest.raises(refusal):
        importing.import_notes(notes)
    assert git(tmp_path / "mem", "rev-parse", "HEAD") == head


def test_a_note_that_appeared_before_the_commit_is_left_as_it_is(
    tmp_path: Path, importing: MemoryService
) -> None:
    importing.append("desk", "topics/b.md", "theirs", title="B", sensitive=False)
    theirs = (tmp_path / "mem/topics/b.md").read_bytes()
    imported = importing.import_notes({"topics/a.md": NOTE, "topics/b.md": NOTE})
    assert imported.added == ("topics/a.md",)
    assert imported.already_there == ("topics/b.md",)
    assert (tmp_path / "mem/topics/b.md").read_bytes() == theirs
    with pytest.raises(NothingToImport):
        importing.import_notes({"topics/b.md": NOTE})
