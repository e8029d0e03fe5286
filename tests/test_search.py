"""Search: ranked, case- and accent-insensitive, with line numbers, derived from Git."""

from __future__ import annotations

import dataclasses
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from memoire.config import ConfigError, SearchSettings, load_config
from memoire.core.errors import InvalidArgument
from memoire.service import MemoryService

from .conftest import ServiceFactory, git, make_config, write_config

ServiceIn = Callable[..., MemoryService]


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
    """Both spellings find both notes first; "prefers" (a form of the word) comes after."""
    for query in ("preferences", "PRÉFÉRENCES"):
        hits = [hit.path for hit in notes.search("desk", query).hits]
        assert set(hits[:2]) == {"preferences.md", "topics/heating.md"}
        assert hits[2:] == ["people/marie.md"]


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


def test_an_index_that_lost_its_last_writes_catches_up_from_git(
    notes: MemoryService, repository: Path, make_service: ServiceFactory
) -> None:
    """The index is written with synchronous = NORMAL: a power cut may lose its last
    transactions (never make it inconsistent). It records the commit it reflects, so an
    index put back to an older state is brought up to the branch from Git's diff."""
    notes.close()
    state = repository / ".git/memoire"
    older = {file.name: file.read_bytes() for file in state.glob("search.sqlite3*")}
    later = make_service(repository)
    later.append(
        "desk", "topics/sailing.md", "Sailing on lake Annecy.", title="Sailing", sensitive=False
    )
    later.append("desk", "topics/heating.md", "The chimney sweep comes in May.")
    assert [hit.path for hit in later.search("desk", "chimney").hits] == ["topics/heating.md"]
    later.close()
    for file in state.glob("search.sqlite3*"):
        file.unlink()
    for name, data in older.items():
        (state / name).write_bytes(data)
    fresh = make_service(repository)
    assert [hit.path for hit in fresh.search("desk", "annecy").hits] == ["topics/sailing.md"]
    assert [hit.path for hit in fresh.search("desk", "chimney").hits] == ["topics/heating.md"]


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


@pytest.fixture
def service_in(repository: Path) -> ServiceIn:
    """A service whose search stems in the given languages (closed at the end)."""
    opened: list[MemoryService] = []

    def factory(*languages: str) -> MemoryService:
        config = dataclasses.replace(
            make_config(repository), search=SearchSettings(languages=languages)
        )
        opened.append(MemoryService(config))
        return opened[-1]

    yield factory  # type: ignore[misc]
    for service in opened:
        service.close()


def _paths_and_lines(service: MemoryService, query: str) -> list[tuple[str, list[str]]]:
    return [
        (hit.path, [line.text for line in hit.lines]) for hit in service.search("desk", query).hits
    ]


def test_word_forms_meet_in_english_and_french_by_default(service: MemoryService) -> None:
    """The issue's cases: the query holds another form than the note, longer than it."""
    service.append(
        "desk", "topics/bins.md", "La poubelle jaune sort le mardi.", title="Bins", sensitive=False
    )
    service.append(
        "desk", "topics/garage.md", "One bike in the garage.", title="Garage", sensitive=False
    )
    service.append(
        "desk", "topics/cave.md", "Le vélo est rangé dans la cave.", title="Cave", sensitive=False
    )
    service.append(
        "desk", "topics/farm.md", "Un cheval dans le pré.", title="Farm", sensitive=False
    )
    assert _paths_and_lines(service, "poubelles") == [
        ("topics/bins.md", ["La poubelle jaune sort le mardi."])
    ]
    assert _paths_and_lines(service, "bikes") == [("topics/garage.md", ["One bike in the garage."])]
    assert _paths_and_lines(service, "vélos") == [
        ("topics/cave.md", ["Le vélo est rangé dans la cave."])
    ]
    assert _paths_and_lines(service, "velos garage")[0][0] in {"topics/cave.md", "topics/garage.md"}
    assert [path for path, _ in _paths_and_lines(service, "chevaux")] == ["topics/farm.md"]


@pytest.mark.parametrize(
    ("language", "line", "query"),
    [
        ("de", "Das Haus am See ist blau.", "Häuser"),
        ("es", "La bicicleta roja está en el garaje.", "bicicletas"),
        ("nl", "De fiets staat in de schuur.", "fietsen"),
        ("it", "La bicicletta è in cantina.", "biciclette"),
    ],
)
def test_word_forms_meet_in_each_configured_language(
    service_in: ServiceIn, language: str, line: str, query: str
) -> None:
    stemming = service_in("en", "fr", language)
    stemming.append("desk", "topics/place.md", line, title="Place", sensitive=False)
    assert _paths_and_lines(stemming, query) == [("topics/place.md", [line])]


def test_the_exact_word_ranks_before_another_form(service: MemoryService) -> None:
    service.append("desk", "topics/a.md", "We own two bikes.", title="Alpha", sensitive=False)
    service.append("desk", "topics/b.md", "We own one bike.", title="Beta", sensitive=False)
    assert [hit.path for hit in service.search("desk", "bikes").hits] == [
        "topics/a.md",
        "topics/b.md",
    ]
    service.append("desk", "topics/c.md", "Les poubelles sortent.", title="Gamma", sensitive=False)
    service.append("desk", "topics/d.md", "Poubelle pleine.", title="Delta", sensitive=False)
    hits = service.search("desk", "poubelles").hits
    assert [hit.path for hit in hits] == ["topics/c.md", "topics/d.md"]


def test_a_title_in_another_form_still_weighs_as_the_title(service: MemoryService) -> None:
    """Titles weigh most, through their stems too: the note named "Bikes" comes first."""
    service.append("desk", "topics/bikes.md", "Kept in the garage.", title="Bikes", sensitive=False)
    service.append(
        "desk",
        "topics/trip.md",
        "Hired a bike, then another bike.",
        title="Trip",
        sensitive=False,
    )
    assert service.search("desk", "bike").hits[0].path == "topics/bikes.md"


def test_the_index_is_rebuilt_when_the_languages_change(
    service_in: ServiceIn, repository: Path
) -> None:
    english = service_in("en")
    english.append("desk", "topics/house.md", "Das Haus am See.", title="See", sensitive=False)
    assert english.search("desk", "häuser").hits == ()
    english.close()
    german = service_in("en", "de")
    assert [hit.path for hit in german.search("desk", "häuser").hits] == ["topics/house.md"]
    database = repository / ".git/memoire/search.sqlite3"
    with sqlite3.connect(database) as db:
        (stemming,) = db.execute("SELECT value FROM meta WHERE key = 'stemming'").fetchone()
    assert stemming.endswith(";en,de")
    german.close()
    assert service_in("en").search("desk", "häuser").hits == ()


def test_search_languages_are_read_from_memoire_toml(tmp_path: Path, repository: Path) -> None:
    assert load_config(write_config(tmp_path, repository)).search.languages == ("en", "fr")
    config = write_config(tmp_path, repository, extra='[search]\nlanguages = ["fr", "de", "fr"]\n')
    assert load_config(config).search.languages == ("fr", "de")


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ('languages = ["en", "klingon"]', "'klingon' have no stemmer; use codes among: da, de"),
        ('languages = "en"', "languages must be a list"),
        ("languages = [1]", "must be a list of language codes among: da, de"),
        ('language = ["en"]', "unknown key(s) language in [search]"),
    ],
)
def test_unknown_search_languages_are_refused_with_the_known_ones(
    tmp_path: Path, repository: Path, section: str, message: str
) -> None:
    config = write_config(tmp_path, repository, extra=f"[search]\n{section}\n")
    with pytest.raises(ConfigError, match=r"memoire\.toml: ") as refused:
        load_config(config)
    assert message in str(refused.value)


def test_reading_the_configuration_loads_no_stemmer() -> None:
    """Every command reads memoire.toml; only one that searches pays for Snowball."""
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, memoire.config; print('snowballstemmer' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "False"
