"""Search attacked: pasted pages, queries built to be slow, and hidden notes read through scores.

A search is a read: it must never hold up a write's confirmation, never run unbounded, and
tell a client without the sensitive right nothing about the notes it may not see — not
even through a score, a count or an order.
"""

from __future__ import annotations

import random
import sqlite3
import string
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memoire.core.errors import InvalidArgument
from memoire.service import MemoryService
from memoire.storage.search import IndexedNote, SearchIndex
from memoire.storage.search_stems import LANGUAGES, MAX_STEMMED_CHARS

from ..conftest import ServiceFactory, git

MAX_QUERY_CHARS = 1_000  # the limits a refusal states
MAX_QUERY_WORDS = 32
# A test that would hang on a regression fails after this instead; no timing is asserted.
HANG_GUARD_SECONDS = 20
NOTES_FOR_A_LONG_QUERY = 300  # enough rows for SQLite to look at the clock mid-query


def _note(number: int, text: str = "Tea with lemon, always.") -> IndexedNote:
    return IndexedNote(
        path=f"topics/note-{number:04}.md",
        title=f"Note {number}",
        description="",
        sensitive=False,
        text=f"---\ntitle: Note {number}\n---\n\n{text}\n",
    )


def _filled_index(tmp_path: Path, clock: Callable[[], float] = time.monotonic) -> SearchIndex:
    index = SearchIndex(tmp_path / "search.sqlite3", clock=clock)
    notes = [_note(number) for number in range(NOTES_FOR_A_LONG_QUERY)]
    assert index.update(None, "first", notes, [])
    return index


def _pasted_page(words: int) -> str:
    return " ".join(f"word{number}" for number in range(words))


def test_a_pasted_page_is_refused_with_the_limits_and_what_to_do(service: MemoryService) -> None:
    page = _pasted_page(20_000)  # the 136 KB query
    assert len(page) > 100_000
    with pytest.raises(InvalidArgument) as refused:
        service.search("desk", page)
    message = refused.value.message
    assert f"{MAX_QUERY_CHARS:,} characters" in message
    assert f"{MAX_QUERY_WORDS} different words" in message
    assert "a few distinctive words" in message


def test_more_distinct_words_than_the_limit_are_refused_within_the_length(
    service: MemoryService,
) -> None:
    service.append("desk", "topics/tea.md", "Green tea.", title="Tea", sensitive=False)
    too_many = " ".join(f"w{number}" for number in range(MAX_QUERY_WORDS + 1))
    assert len(too_many) <= MAX_QUERY_CHARS
    with pytest.raises(InvalidArgument, match=f"{MAX_QUERY_WORDS + 1} different words"):
        service.search("desk", too_many)
    at_the_limit = " ".join(f"w{number}" for number in range(MAX_QUERY_WORDS - 1)) + " tea"
    assert [hit.path for hit in service.search("desk", at_the_limit).hits] == ["topics/tea.md"]
    repeated = " ".join(["tea"] * 200)  # one word, however often: within the limits
    assert [hit.path for hit in service.search("desk", repeated).hits] == ["topics/tea.md"]


class SearchHold:
    """A search's clock that holds one thread inside its SQLite query until released.

    The search looks at its clock once to set its deadline, then from inside the query:
    the second look from the held thread is where it stops.
    """

    def __init__(self) -> None:
        self.inside_the_query = threading.Event()
        self.release = threading.Event()
        self.thread: threading.Thread | None = None
        self._looks = 0

    def clock(self) -> float:
        if threading.current_thread() is self.thread:
            self._looks += 1
            if self._looks == 2:
                self.inside_the_query.set()
                self.release.wait(HANG_GUARD_SECONDS)
        return time.monotonic()

    def hold(self, search: Callable[[], object]) -> threading.Thread:
        self.thread = threading.Thread(target=search)
        self.thread.start()
        assert self.inside_the_query.wait(HANG_GUARD_SECONDS)
        return self.thread


def test_an_update_completes_while_a_search_is_running(tmp_path: Path) -> None:
    """The search is held inside SQLite (its clock blocks); the update must not wait for it."""
    hold = SearchHold()
    index = _filled_index(tmp_path, hold.clock)
    found: list[set[str]] = []
    updated: list[bool] = []
    added = _note(9_999, "Tea from the new note, with mint.")
    updater = threading.Thread(
        target=lambda: updated.append(index.update("first", "next", [added], []))
    )
    try:
        searcher = hold.hold(
            lambda: found.append(
                {hit.path for hit in index.search("tea", 50, include_sensitive=True)}
            )
        )
        updater.start()
        updater.join(HANG_GUARD_SECONDS)
        assert updated == [True], "the update waited for the running search"
        assert searcher.is_alive()  # still held: the update really ran meanwhile
        assert index.indexed_commit() == "next"
    finally:
        hold.release.set()
        searcher.join(HANG_GUARD_SECONDS)
        updater.join(HANG_GUARD_SECONDS)
    assert len(found) == 1
    assert len(found[0]) == 50  # the held search finished, whole
    assert [hit.path for hit in index.search("mint", 5, include_sensitive=True)] == [added.path]
    index.close()


def test_a_search_past_its_time_budget_is_refused_as_too_broad(tmp_path: Path) -> None:
    jumping = threading.Event()
    now = [0.0]

    def clock() -> float:
        if jumping.is_set():
            now[0] += 60.0  # each look at the clock finds a minute gone
        return now[0]

    index = _filled_index(tmp_path, clock)
    jumping.set()
    with pytest.raises(InvalidArgument, match="too much to rank within 1 s") as refused:
        index.search("tea lemon", 10, include_sensitive=True)
    assert "fewer words" in refused.value.message
    jumping.clear()
    # The refused search left nothing behind: searches and updates go on.
    assert len(index.search("tea lemon", 10, include_sensitive=True)) == 10
    assert index.update("first", "next", [_note(9_999)], [])
    index.close()


def _as_seen(service: MemoryService, client: str, query: str) -> list[object]:
    return [
        (hit.path, hit.title, hit.score, hit.lines)
        for hit in service.search(client, query, limit=50).hits
    ]


def test_hidden_notes_never_move_the_scores_a_client_without_the_right_sees(
    service: MemoryService,
) -> None:
    for number, mentions in enumerate((1, 2, 3)):
        service.append(
            "desk",
            f"topics/visible-{number}.md",
            " ".join(["The boiler hums."] * mentions) + f" Filler words {'x ' * number}",
            title=f"Visible {number}",
            sensitive=False,
        )
    queries = ("boiler", "boiler hums", "visible", "boiler cardiology")
    before = {query: _as_seen(service, "voice", query) for query in queries}
    assert all(before[query] for query in queries)

    hidden = "topics/hidden.md"
    service.append(
        "desk", hidden, "Boiler boiler boiler; cardiology.", title="Boiler", sensitive=True
    )
    assert hidden in {hit.path for hit in service.search("desk", "boiler").hits}
    assert {query: _as_seen(service, "voice", query) for query in queries} == before

    service.append("desk", hidden, "The boiler again, with visible hums and hums.")
    assert {query: _as_seen(service, "voice", query) for query in queries} == before

    service.delete("desk", hidden, service.read("desk", hidden).version)
    assert {query: _as_seen(service, "voice", query) for query in queries} == before


def test_a_huge_note_is_searched_in_its_first_million_characters_only(tmp_path: Path) -> None:
    """A note committed by hand may be any size; what a search reads of it is bounded."""
    filler = "Filler line of a very long journal.\n" * 30_000  # over a million characters
    huge = IndexedNote(
        path="journal/huge.md",
        title="Huge",
        description="",
        sensitive=False,
        text=f"Kettle on the first line.\n{filler}Teapot past the bound.\n",
    )
    assert len(huge.text) > 1_000_000
    index = SearchIndex(tmp_path / "search.sqlite3")
    assert index.update(None, "first", [huge], [])
    (hit,) = index.search("kettle", 10, include_sensitive=True)
    assert [(line.number, line.text) for line in hit.lines] == [(1, "Kettle on the first line.")]
    assert index.search("teapot", 10, include_sensitive=True) == []
    index.close()


def test_an_append_is_answered_while_a_search_is_running(
    repository: Path, make_service: ServiceFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case end to end: a write's answer never waits behind a running search."""
    for number in range(NOTES_FOR_A_LONG_QUERY):
        (repository / f"topics/note-{number:04}.md").write_text(
            f"---\ntitle: Note {number}\nsensitive: no\n---\n\nTea with lemon.\n"
        )
    git(repository, "add", "topics")
    git(repository, "commit", "-q", "-m", "Notes written by hand")
    hold = SearchHold()
    monkeypatch.setattr("memoire.service.SearchIndex", partial(SearchIndex, clock=hold.clock))
    service = make_service(repository)
    assert len(service.search("desk", "tea", limit=50).hits) == 50  # builds the index
    answers: list[object] = []
    writer = threading.Thread(
        target=lambda: answers.append(
            service.append("desk", "topics/mint.md", "Mint tea.", title="Mint", sensitive=False)
        )
    )
    searcher = hold.hold(lambda: service.search("desk", "tea", limit=50))
    try:
        writer.start()
        writer.join(HANG_GUARD_SECONDS)
        assert len(answers) == 1, "the append's answer waited for the running search"
        assert searcher.is_alive()
    finally:
        hold.release.set()
        searcher.join(HANG_GUARD_SECONDS)
        writer.join(HANG_GUARD_SECONDS)
    assert [hit.path for hit in service.search("desk", "mint").hits] == ["topics/mint.md"]


_NOTES = [
    _note(1, 'Préférences : thé vert, "citron" (pas de sucre).\nNEAR(tea, lemon) AND title:x'),
    _note(2, "Straße, ﬁle, naïve café; 2² = 4\r\nline\u2028separator\x0cform feed"),
    _note(3, "* ^ - + : ( ) { } OR NOT AND \"\" ''"),
]


@pytest.fixture(scope="module")
def fuzzed_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SearchIndex]:
    index = SearchIndex(tmp_path_factory.mktemp("fuzz") / "search.sqlite3")
    assert index.update(None, "first", _NOTES, [])
    yield index
    index.close()


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    query=st.text(
        alphabet=st.sampled_from(list("abcéèthé\"*^:()-+{}NEAROTD \x00\u2028ßﬁ²_'"))
        | st.characters(),
        max_size=60,
    )
)
def test_any_short_query_gets_true_lines_and_no_database_error(
    fuzzed_index: SearchIndex, query: str
) -> None:
    """FTS5 syntax, quotes, control characters: never a database error, never a wrong line."""
    for include_sensitive in (True, False):
        for hit in fuzzed_index.search(query, 10, include_sensitive=include_sensitive):
            text = next(note.text for note in _NOTES if note.path == hit.path)
            file_lines = text.split("\n")
            for line in hit.lines:
                assert file_lines[line.number - 1].removesuffix("\r") == line.text


def _stems_of(database: Path, path: str) -> list[str]:
    with sqlite3.connect(database) as db:
        (stems,) = db.execute("SELECT stems FROM notes WHERE path = ?", (path,)).fetchone()
    return str(stems).split()


def test_huge_words_are_searched_as_written_and_never_stemmed(tmp_path: Path) -> None:
    """A pasted key or a 200,000-letter word costs the stemmer nothing and still matches."""
    rng = random.Random(13)
    huge = "".join(rng.choices(string.ascii_lowercase, k=200_000))
    long_words = [
        "".join(rng.choices(string.ascii_lowercase, k=MAX_STEMMED_CHARS + 1)) for _ in range(2_000)
    ]
    index = SearchIndex(tmp_path / "search.sqlite3")
    note = _note(1, f"Poubelles {huge}\n" + " ".join(long_words))
    assert index.update(None, "first", [note], [])
    stems = _stems_of(tmp_path / "search.sqlite3", note.path)
    assert max(len(stem) for stem in stems) <= MAX_STEMMED_CHARS
    assert "poubel" in stems
    assert [hit.path for hit in index.search(huge[:900], 5, include_sensitive=True)] == [note.path]
    assert [hit.path for hit in index.search(long_words[7], 5, include_sensitive=True)] == [
        note.path
    ]
    index.close()


def test_a_note_of_countless_distinct_words_gives_a_bounded_number_of_stems(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("memoire.storage.search_stems.MAX_STEMMED_WORDS", 300)
    words = [f"bicycles{number:05}x" for number in range(5_000)]
    index = SearchIndex(tmp_path / "search.sqlite3")
    assert index.update(None, "first", [_note(1, " ".join(words))], [])
    stems = _stems_of(tmp_path / "search.sqlite3", _note(1).path)
    # Each word has at most two stems per language, and stems are kept once.
    assert 300 <= len(stems) <= 300 * 2 * 2
    assert [hit.path for hit in index.search(words[-1], 5, include_sensitive=True)] == [
        _note(1).path
    ]
    index.close()


def test_every_language_at_once(tmp_path: Path) -> None:
    index = SearchIndex(tmp_path / "search.sqlite3", languages=tuple(LANGUAGES))
    notes = [
        _note(1, "La poubelle jaune."),
        _note(2, "Das Haus am See."),
        _note(3, "De fiets staat buiten."),
        _note(4, "La bicicletta in cantina."),
    ]
    assert index.update(None, "first", notes, [])
    for query, number in [("poubelles", 1), ("Häuser", 2), ("fietsen", 3), ("biciclette", 4)]:
        hits = index.search(query, 5, include_sensitive=True)
        assert hits[0].path == _note(number).path, query
    index.close()


def test_a_language_without_a_stemmer_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="'tlh' have no stemmer; use codes among: da, de"):
        SearchIndex(tmp_path / "search.sqlite3", languages=("en", "tlh"))


@pytest.mark.parametrize(
    "query",
    [
        "stems : poubelles",
        "{title description text} : poubelles",
        "{stems}: poubelles",
        'NEAR("poubelles" "jaune")',
        '"poubelles',
        "poubelles*",
        "-poubelles +jaune",
        "poubelles OR NOT jaune",
        "^poubelles AND jaune",
        "poubelles) OR (stems",
    ],
)
def test_fts_syntax_in_a_query_is_only_words(tmp_path: Path, query: str) -> None:
    """Column names and operators are words like any other: the same hits as the bare words."""
    index = SearchIndex(tmp_path / "search.sqlite3")
    notes = [
        _note(1, "La poubelle jaune."),
        _note(2, "Stems of text: the title and NEAR notes."),
        _note(3, "Poubelles et cartons, or not."),
    ]
    assert index.update(None, "first", notes, [])
    words_only = "".join(char if char.isalnum() else " " for char in query)
    found = [hit.path for hit in index.search(query, 5, include_sensitive=True)]
    assert found == [hit.path for hit in index.search(words_only, 5, include_sensitive=True)]
    assert _note(1).path in found
    index.close()
