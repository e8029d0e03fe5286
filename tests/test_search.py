"""Search: ranked, case- and accent-insensitive, with line numbers, derived from Git."""

from __future__ import annotations

from pathlib import Path

import pytest

from memoire.core.errors import InvalidArgument
from memoire.service import MemoryService

from .conftest import ServiceFactory, git


@pytest.fixture
def notes(service: MemoryService) -> MemoryService:
    service.append(
        "desk",
        "preferences.md",
        "- Préférences de chauffage : 21 °C le soir",
        title="Préférences",
        sensitive=False,
    )
    service.append(
        "desk",
        "topics/heating.md",
        "Heating preferences: the boiler is old.",
        title="Heating",
        description="House heating",
        sensitive=False,
    )
    service.append("desk", "topics/heating.md", "Nothing else here.")
    service.append("desk", "topics/heating.md", "PREFERENCES again, in capitals.")
    service.append("desk", "people/marie.md", "Marie prefers tea.", title="Marie", sensitive=False)
    return service


def test_accents_and_case_do_not_matter(notes: MemoryService) -> None:
    hits = notes.search("desk", "preferences").hits
    assert {hit.path for hit in hits} == {"preferences.md", "topics/heating.md"}
    assert {hit.path for hit in notes.search("desk", "PRÉFÉRENCES").hits} == {
        "preferences.md",
        "topics/heating.md",
    }


def test_hits_carry_file_line_numbers_and_the_whole_line(
    notes: MemoryService, repository: Path
) -> None:
    hit = next(
        hit for hit in notes.search("desk", "preferences").hits if hit.path == "topics/heating.md"
    )
    file_lines = (repository / "topics/heating.md").read_text().splitlines()
    assert [(line.number, line.text) for line in hit.lines] == [
        (number, file_lines[number - 1])
        for number in range(1, len(file_lines) + 1)
        if "preferences" in file_lines[number - 1].lower()
    ]
    assert any(line.text == "PREFERENCES again, in capitals." for line in hit.lines)


def test_results_are_ranked_and_limited(notes: MemoryService) -> None:
    hits = notes.search("desk", "heating").hits
    assert hits[0].path == "topics/heating.md"
    assert hits == tuple(sorted(hits, key=lambda hit: -hit.score))
    assert len(notes.search("desk", "preferences", limit=1).hits) == 1


def test_all_words_first_then_any_word(notes: MemoryService) -> None:
    assert [hit.path for hit in notes.search("desk", "marie tea").hits] == ["people/marie.md"]
    assert {hit.path for hit in notes.search("desk", "marie boiler").hits} == {
        "people/marie.md",
        "topics/heating.md",
    }


def test_an_empty_query_is_explained(notes: MemoryService) -> None:
    with pytest.raises(InvalidArgument, match="give a few words"):
        notes.search("desk", "  ")


def test_the_index_is_derived_and_rebuilds_itself(
    notes: MemoryService, repository: Path, make_service: ServiceFactory
) -> None:
    notes.close()
    for file in (repository / ".git/memoire").glob("search.sqlite3*"):
        file.unlink()
    fresh = make_service(repository)
    assert [hit.path for hit in fresh.search("desk", "boiler").hits] == ["topics/heating.md"]


def test_two_services_share_one_index_without_missing_changes(
    notes: MemoryService, repository: Path, make_service: ServiceFactory
) -> None:
    other = make_service(repository)
    other.append(
        "desk", "topics/sailing.md", "Sailing on lake Annecy.", title="Sailing", sensitive=False
    )
    assert [hit.path for hit in notes.search("desk", "annecy").hits] == ["topics/sailing.md"]
    notes.delete("desk", "topics/sailing.md", notes.read("desk", "topics/sailing.md").version)
    assert other.search("desk", "annecy").hits == ()


def test_a_persons_note_comes_before_the_notes_that_name_them(service: MemoryService) -> None:
    service.append(
        "desk",
        "people/helene-lefevre.md",
        "Sings in the choir on Thursdays.",
        title="Hélène Lefèvre",
        description="A friend from the choir",
        sensitive=False,
    )
    service.append(
        "desk",
        "people/helene-lefevre-preferences.md",
        "\n".join(f"- Hélène Lefèvre likes {thing}." for thing in ("tea", "jazz", "rain", "figs")),
        title="Préférences de Hélène",
        description="What Hélène Lefèvre likes",
        sensitive=False,
    )
    for query in ("helene lefevre", "HÉLÈNE LEFÈVRE", "Hélène", "lefevre"):
        hits = service.search("desk", query).hits
        assert hits[0].path == "people/helene-lefevre.md", query
        assert hits == tuple(sorted(hits, key=lambda hit: -hit.score))


def test_line_numbers_count_only_line_breaks(service: MemoryService, repository: Path) -> None:
    """A form feed or a Unicode line separator inside a line does not start a new line."""
    header = "---\ntitle: Odd\nsensitive: no\n---\n\n"
    text = header + "Page one\x0cstill line six\nu2028: a\u2028b\nkettle\n"
    (repository / "topics").mkdir(exist_ok=True)
    (repository / "topics/odd.md").write_text(text, encoding="utf-8")
    git(repository, "add", "topics/odd.md")
    git(repository, "commit", "-q", "-m", "A note edited by hand")
    (hit,) = service.search("desk", "kettle").hits
    assert [(line.number, line.text) for line in hit.lines] == [(8, "kettle")]
    (hit,) = service.search("desk", "still").hits
    assert [(line.number, line.text) for line in hit.lines] == [(6, "Page one\x0cstill line six")]


def test_a_long_line_is_cut_and_marked(service: MemoryService) -> None:
    long_line = "Kettle " + "descaling " * 60
    service.append("desk", "topics/kettle.md", long_line, title="Kitchen", sensitive=False)
    (hit,) = service.search("desk", "kettle").hits
    (line,) = hit.lines
    assert line.text == long_line[:400] + "…"


def test_words_match_where_a_word_starts(service: MemoryService) -> None:
    service.append(
        "desk",
        "topics/words.md",
        "Steam and tea.\nInstead of coffee.\nTeapot on the shelf.\nAt ten.\nA tenant.",
        title="Words",
        sensitive=False,
    )
    (hit,) = service.search("desk", "tea").hits
    assert [line.text for line in hit.lines] == ["Steam and tea.", "Teapot on the shelf."]
    (hit,) = service.search("desk", "at").hits  # short words match whole words only
    assert [line.text for line in hit.lines] == ["At ten."]
