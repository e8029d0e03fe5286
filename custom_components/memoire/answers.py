"""Answering a spoken question from the memory: one code path for intents and sentences.

The index and the preferences are already in the cache, so an overview or a preference
is answered without asking the bridge. A topic is first looked up among the cached titles
(the note named exactly that), then searched on the bridge; the answer quotes the note's
matching lines, or its first lines. When nothing matches, the answer says so plainly.
"""

from __future__ import annotations

from dataclasses import dataclass

from homeassistant.core import HomeAssistant, callback

from .api import MemoireError, MemoireRequestError
from .const import DOMAIN, Language, Question
from .coordinator import MemoireConfigEntry, MemoireRuntime
from .models import Note, SearchHit
from .speech import (
    clean_topic,
    matching_preferences,
    note_text,
    overview_sentence,
    phrase,
    preferences_sentence,
    same_name,
    speakable,
)

SEARCH_HITS = 3


@dataclass(frozen=True, slots=True)
class Answer:
    speech: str
    # False when the memory holds nothing about it, or could not be asked.
    found: bool
    # True when the bridge could not be asked at all.
    failed: bool = False


@callback
def loaded_runtime(hass: HomeAssistant) -> MemoireRuntime | None:
    """The first loaded bridge that is available, else the first loaded one, else None."""
    entries: list[MemoireConfigEntry] = hass.config_entries.async_loaded_entries(DOMAIN)
    runtimes = [entry.runtime_data for entry in entries]
    return next((runtime for runtime in runtimes if runtime.available), None) or next(
        iter(runtimes), None
    )


async def async_answer(
    runtime: MemoireRuntime | None, question: Question, topic: str | None, language: Language
) -> Answer:
    if runtime is None or not runtime.available:
        return Answer(phrase(language, "unavailable"), found=False, failed=True)
    try:
        if question is Question.OVERVIEW:
            index = runtime.snapshot.index
            return Answer(overview_sentence(index, language), found=bool(index.notes))
        wanted = clean_topic(topic or "")
        if question is Question.PREFERENCE:
            return _preference(runtime, wanted, language)
        return await _recall(runtime, wanted, language)
    except MemoireError:
        return Answer(phrase(language, "unavailable"), found=False, failed=True)


def _nothing(topic: str, language: Language) -> Answer:
    return Answer(phrase(language, "nothing", topic=topic or "…"), found=False)


def _preference(runtime: MemoireRuntime, topic: str, language: Language) -> Answer:
    found = matching_preferences(runtime.snapshot.preferences.values, topic)
    if not found:
        return _nothing(topic, language)
    return Answer(preferences_sentence(found, language), found=True)


async def _recall(runtime: MemoireRuntime, topic: str, language: Language) -> Answer:
    if not topic:
        return _nothing(topic, language)
    note = await _named_note(runtime, topic)
    if note is not None:
        return _quote(note.title, note_text(note), topic, language)
    hit = await _best_hit(runtime, topic)
    if hit is None:
        return _nothing(topic, language)
    text = speakable(line.text for line in hit.lines)
    if text:
        return _quote(hit.title, text, topic, language)
    note = await runtime.notes.get(hit.path)
    return _quote(note.title, note_text(note), topic, language)


async def _named_note(runtime: MemoireRuntime, topic: str) -> Note | None:
    index = runtime.snapshot.index
    for shown in index.always_shown:
        if same_name(topic, shown.title, shown.path):
            return shown
    for summary in index.notes:
        if same_name(topic, summary.title, summary.path):
            return await runtime.notes.get(summary.path)
    return None


async def _best_hit(runtime: MemoireRuntime, topic: str) -> SearchHit | None:
    try:
        result = await runtime.search(topic, SEARCH_HITS)
    except MemoireRequestError:
        return None
    return next(iter(result.hits), None)


def _quote(title: str, text: str, topic: str, language: Language) -> Answer:
    if not text:
        return _nothing(topic, language)
    return Answer(phrase(language, "found", title=title, text=text), found=True)
