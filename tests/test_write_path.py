"""What a write leaves to later, and that later sees it exactly as if the write had done it.

A write loads the note it changes without scanning it for secrets (`Catalog.note_to_change`)
and leaves the search index to the next search (`refresh_search`): these tests pin what a
client relies on across that, the hidden notes and read-your-write of search.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memoire import search_upkeep
from memoire.core.errors import PassageNotFound
from memoire.service import MemoryService
from memoire.storage.search import SearchIndex

from .adversarial.test_service_attacks import PUBLIC, commit_by_hand, hidden_from_voice

HAND_SECRET = (
    f"---\n{PUBLIC}sensitive: no\n---\n\nmarker wifi at home\npassword: Xk9-tr0ub4dor-77\n"
)


def indexed_commit(repository: Path) -> str | None:
    index = SearchIndex(repository / ".git/memoire/search.sqlite3")
    try:
        return index.indexed_commit()
    finally:
        index.close()


def attention(service: MemoryService, path: str) -> str | None:
    return {note.path: note for note in service.index("desk").notes}[path].attention


def test_a_write_refused_after_loading_a_hand_committed_secret_leaves_it_found(
    service: MemoryService, repository: Path
) -> None:
    """The edit loads the note unscanned, then refuses: no unscanned copy may be what a
    later read finds, or the secret would go unreported (and, failing open, be shown)."""
    commit_by_hand(repository, "topics/wifi.md", HAND_SECRET)
    with pytest.raises(PassageNotFound):
        service.edit("desk", "topics/wifi.md", "not in the note", "anything")
    assert hidden_from_voice(service, "topics/wifi.md")
    assert "line 9 looks like a secret" in (attention(service, "topics/wifi.md") or "")


def test_an_append_to_a_hand_committed_secret_keeps_it_hidden(
    service: MemoryService, repository: Path
) -> None:
    commit_by_hand(repository, "topics/wifi.md", HAND_SECRET)
    service.append("desk", "topics/wifi.md", "The router sits in the hall.")
    assert hidden_from_voice(service, "topics/wifi.md")
    assert "line 9 looks like a secret" in (attention(service, "topics/wifi.md") or "")
    assert [hit.path for hit in service.search("desk", "router hall").hits] == ["topics/wifi.md"]


def test_an_append_that_completes_a_secret_hides_the_note_from_the_next_search(
    service: MemoryService,
) -> None:
    """The line alone is no secret; with the line before it, the note holds one: the next
    search (which indexes the note) never shows it to a client without sensitive."""
    service.append("desk", "topics/nas.md", "marker NAS login", title="NAS", sensitive=False)
    service.append("desk", "topics/nas.md", "password:")
    service.append("desk", "topics/nas.md", "Xk9-tr0ub4dor-77")
    assert service.search("voice", "marker").hits == ()
    assert [hit.path for hit in service.search("desk", "marker").hits] == ["topics/nas.md"]
    assert hidden_from_voice(service, "topics/nas.md")


def test_writes_leave_search_to_the_next_search_which_sees_each_one(
    service: MemoryService, repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no pause for the worker to catch up in (`search_upkeep`), the search does."""
    monkeypatch.setattr(search_upkeep, "IDLE_SECONDS", 3_600.0)
    # and none between writes of a burst either: on a loaded machine these writes can be
    # further apart than the burst's pause (flaky before this line)
    monkeypatch.setattr(search_upkeep, "MAX_PAUSE_SECONDS", 3_600.0)
    service.append("desk", "topics/garden.md", "Tomatoes in May.", title="Garden", sensitive=False)
    service.search("desk", "tomatoes")
    searched = service.head()
    service.append("desk", "topics/garden.md", "Basil beside the tomatoes.")
    service.edit("desk", "topics/garden.md", "Tomatoes in May.", "Courgettes in June.")
    service.append("desk", "journal/2026-12-01.md", "Planted leeks.", title="Day", sensitive=False)
    assert indexed_commit(repository) == searched  # the writes paid no search update
    assert [hit.path for hit in service.search("desk", "basil courgettes").hits] == [
        "topics/garden.md"
    ]
    assert service.search("desk", "may").hits == ()
    assert [hit.path for hit in service.search("desk", "leeks").hits] == ["journal/2026-12-01.md"]
    assert indexed_commit(repository) == service.head()
