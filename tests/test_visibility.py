"""A client without `sensitive` never learns that a sensitive note exists, on any read path."""

from __future__ import annotations

from pathlib import Path

import pytest

from memoire.core.acl import AccessTable, Rights
from memoire.core.errors import NoteNotFound
from memoire.service import MemoryService

from .conftest import git


@pytest.fixture
def filled(service: MemoryService) -> MemoryService:
    service.append(
        "desk",
        "topics/health.md",
        "Cardiology appointment in March.",
        title="Health",
        description="Doctor visits",
        sensitive=True,
    )
    service.append(
        "desk",
        "topics/music.md",
        "Loves the cardigans song lovefool.",
        title="Music",
        description="Songs",
        sensitive=False,
    )
    service.append("desk", "profile.md", "Diagnosed with asthma.", title="Me", sensitive=True)
    return service


def test_index_omits_sensitive_notes(filled: MemoryService) -> None:
    voice = filled.index("voice")
    assert [note.path for note in voice.notes] == ["topics/music.md"]
    assert voice.always_shown == ()
    desk = filled.index("desk")
    assert [note.path for note in desk.notes] == ["topics/health.md", "topics/music.md"]
    assert [note.path for note in desk.always_shown] == ["profile.md"]


def test_read_of_a_sensitive_note_answers_exactly_like_a_missing_one(filled: MemoryService) -> None:
    with pytest.raises(NoteNotFound) as hidden:
        filled.read("voice", "topics/health.md")
    with pytest.raises(NoteNotFound) as missing:
        filled.read("voice", "topics/nothing-here.md")
    assert str(hidden.value).replace("health", "X") == str(missing.value).replace(
        "nothing-here", "X"
    )
    assert filled.read("desk", "topics/health.md").sensitive is True


def test_search_never_returns_sensitive_notes(filled: MemoryService) -> None:
    assert [hit.path for hit in filled.search("voice", "cardio").hits] == []
    assert [hit.path for hit in filled.search("voice", "card").hits] == ["topics/music.md"]
    assert {hit.path for hit in filled.search("desk", "card").hits} == {
        "topics/health.md",
        "topics/music.md",
    }
    assert filled.search("voice", "asthma").hits == ()


def test_a_note_whose_header_cannot_be_read_is_hidden_as_sensitive(
    filled: MemoryService, repository: Path
) -> None:
    (repository / "topics/diary.md").write_text("---\ntitle: [broken\n---\nprivate diary words\n")
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "by hand")
    assert "topics/diary.md" not in [note.path for note in filled.index("voice").notes]
    assert filled.search("voice", "diary").hits == ()
    with pytest.raises(NoteNotFound):
        filled.read("voice", "topics/diary.md")


def test_marking_a_note_sensitive_later_hides_it_at_once(filled: MemoryService) -> None:
    version = filled.read("desk", "topics/music.md").version
    filled.write(
        "desk",
        "topics/music.md",
        title="Music",
        description="Songs",
        sensitive=True,
        body="Loves lovefool.\n",
        version=version,
    )
    assert filled.index("voice").notes == ()
    assert filled.search("voice", "lovefool").hits == ()


@pytest.mark.parametrize(
    "rights",
    [Rights(read=True, write=True), Rights(sensitive=True), Rights(write=True, sensitive=True)],
)
def test_the_table_refuses_write_without_sensitive_and_rights_without_read(rights: Rights) -> None:
    with pytest.raises(ValueError, match="require"):
        AccessTable({"client": rights})
