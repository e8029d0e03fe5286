"""The integration's pure parts: SSE parsing, JSON checks, URLs, speakable text."""

from __future__ import annotations

import pytest

from custom_components.memoire.api import normalize_url
from custom_components.memoire.languages import Language
from custom_components.memoire.models import (
    Change,
    Identity,
    MemoireProtocolError,
    MemoryIndex,
    Preferences,
    Rights,
    RightsProblem,
    SearchResult,
)
from custom_components.memoire.speech import (
    Preference,
    clean_topic,
    matching_preferences,
    overview_sentence,
    speakable,
)
from custom_components.memoire.sse import SSEParser
from custom_components.memoire.wire import is_note_path


def test_sse_events_comments_ids_and_retry() -> None:
    parser = SSEParser()
    lines = [
        "retry: 2000",
        "",
        ": heartbeat",
        "",
        "id: abc",
        "event: change",
        'data: {"a":',
        "data: 1}",
        "",
        "data:plain",
        "",
    ]
    events = [event for line in lines if (event := parser.feed(line)) is not None]
    assert parser.retry_seconds == 2.0
    assert [(e.event, e.data, e.id) for e in events] == [
        ("change", '{"a":\n1}', "abc"),
        ("message", "plain", "abc"),
    ]
    assert parser.last_event_id == "abc"


@pytest.mark.parametrize(
    ("typed", "base"),
    [
        ("http://127.0.0.1:8765", "http://127.0.0.1:8765"),
        (" http://127.0.0.1:8765/mcp/ ", "http://127.0.0.1:8765"),
        ("https://memory.example.org/memoire/api/v1?x=1#y", "https://memory.example.org/memoire"),
        ("HTTP://Bridge.Local:8765/api", "http://bridge.local:8765"),
    ],
)
def test_urls_are_normalized(typed: str, base: str) -> None:
    assert normalize_url(typed) == base


@pytest.mark.parametrize(
    ("path", "ok"),
    [
        ("topics/garden.md", True),
        ("README.md", True),
        ("profile.md", True),
        ("../x.md", False),
        ("topics/../x.md", False),
        ("/topics/x.md", False),
        ("topics/x.txt", False),
        ("topics\\x.md", False),
    ],
)
def test_note_paths(path: str, ok: bool) -> None:
    assert is_note_path(path) is ok


@pytest.mark.parametrize(
    ("parse", "data"),
    [
        (Identity.from_json, []),
        (Identity.from_json, {"client": "voice", "rights": {"read": True}}),
        (Identity.from_json, {"client": 1, "rights": {}}),
        (MemoryIndex.from_json, {"index": {"always_shown": [], "notes": {}, "commit": None}}),
        (MemoryIndex.from_json, {"index": {"always_shown": [], "notes": [], "commit": 3}}),
        (SearchResult.from_json, {"query": "x", "hits": [{"path": "a", "title": "b"}]}),
        (
            SearchResult.from_json,
            {"query": "x", "hits": [{"path": "a", "title": "b", "score": 1, "lines": [{}]}]},
        ),
        (Preferences.from_json, {"preferences": {"a": 1}, "lines": []}),
        (Preferences.from_json, {"preferences": {}, "lines": [1]}),
        (Change.from_json, {"path": "a.md", "kind": "renamed", "commit": "c"}),
    ],
)
def test_answers_of_the_wrong_shape_are_refused(parse: object, data: object) -> None:
    with pytest.raises(MemoireProtocolError):
        parse(data)  # type: ignore[operator]


def test_anything_marked_sensitive_is_dropped_on_arrival() -> None:
    note = {
        "path": "topics/x.md",
        "title": "X",
        "description": "",
        "updated": "2026-11-29",
        "body": "",
        "version": "0123456789",
    }
    index = MemoryIndex.from_json(
        {
            "index": {
                "always_shown": [note | {"sensitive": True}],
                "notes": [note | {"sensitive": True}, note | {"sensitive": False}],
                "commit": None,
            }
        }
    )
    assert index.always_shown == ()
    assert [summary.path for summary in index.notes] == ["topics/x.md"]


@pytest.mark.parametrize(
    ("topic", "cleaned"),
    [
        ("the garden?", "garden"),
        ("la cuisine", "cuisine"),
        ("l'école", "école"),
        ("my new bike", "new bike"),
        ("the", ""),
    ],
)
def test_topics_lose_their_framing_words(topic: str, cleaned: str) -> None:
    assert clean_topic(topic) == cleaned


def test_markdown_becomes_speech() -> None:
    assert speakable(["# Title", "- **Tomatoes** on the [balcony](x)", "", "1. Basil"]) == (
        "Title. Tomatoes on the balcony. Basil."
    )
    assert speakable(["title: Garden", "---", "Done!"]) == "Done!"
    long = speakable(["word " * 100])
    assert len(long) <= 301
    assert long.endswith("…")


def test_preferences_match_on_words() -> None:
    values = {"preferred temperature": "21", "night temperature": "18", "coffee": "espresso"}
    assert matching_preferences(values, "the temperatures", Language.EN) == [
        Preference("preferred temperature", "21"),
        Preference("night temperature", "18"),
    ]
    assert matching_preferences(values, "preferred coffee", Language.EN) == [
        Preference("coffee", "espresso")
    ]
    assert matching_preferences(values, "preferred", Language.EN) == []
    assert matching_preferences(values, "tea", Language.EN) == []


def test_an_empty_memory_says_so() -> None:
    empty = MemoryIndex(always_shown=(), notes=(), commit=None)
    assert overview_sentence(empty, Language.EN, None) == "My memory is empty."
    assert overview_sentence(empty, Language.FR, None) == "Ma mémoire est vide."


def test_languages() -> None:
    assert Language.of("fr-CA") is Language.FR
    assert Language.of("fr_FR") is Language.FR
    assert Language.of("de_CH") is Language.DE
    assert Language.of("pl") is Language.EN
    assert Language.of(None) is Language.EN


@pytest.mark.parametrize(
    ("read", "sensitive", "write", "problem"),
    [
        (True, False, False, None),
        (False, False, False, RightsProblem.NO_READ),
        (True, True, False, RightsProblem.TOO_MANY_RIGHTS),
        (True, False, True, RightsProblem.TOO_MANY_RIGHTS),
        (True, True, True, RightsProblem.TOO_MANY_RIGHTS),
        # More than reading outweighs not reading: such a token must never be kept.
        (False, True, False, RightsProblem.TOO_MANY_RIGHTS),
        (False, False, True, RightsProblem.TOO_MANY_RIGHTS),
        (False, True, True, RightsProblem.TOO_MANY_RIGHTS),
    ],
)
def test_one_rule_says_which_tokens_the_integration_may_hold(
    read: bool, sensitive: bool, write: bool, problem: RightsProblem | None
) -> None:
    rights = Rights(read=read, sensitive=sensitive, write=write)
    assert rights.problem is problem
    assert rights.least_privilege is (problem is None)


def test_the_read_only_rule_is_written_once() -> None:
    """The flow, the coordinator and the stream ask `Rights`; none reads the flags itself."""
    from pathlib import Path

    import custom_components.memoire as package

    folder = Path(package.__file__).parent
    for module in ("config_flow.py", "coordinator.py", "stream.py"):
        text = (folder / module).read_text(encoding="utf-8")
        for flag in ("rights.read", "rights.sensitive", "rights.write"):
            assert flag not in text, f"{module} decides {flag} itself"
