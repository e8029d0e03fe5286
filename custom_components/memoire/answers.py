"""Answering a spoken question from the memory: one code path for every sentence and intent.

The index and the preferences are already in the cache, so an overview or a preference
is answered without asking the bridge. A topic is first looked up among the cached titles
and their aliases (the note named exactly that), then among the preferences' keys, then
its words (not the question's: "when do I put the recycling out" asks about recycling)
are searched on the bridge, and a note found answers only if it holds most of them
(`speech.covers`): no answer is better than another note's. The answer says the note's
lines that answer the question (`speech.answering_lines`). A preference question that
names no preference is answered from the notes the same way. When nothing matches, the
answer says so plainly (and `found` is False, so an LLM agent may take the question over).
"""

from __future__ import annotations

from dataclasses import dataclass

from homeassistant.core import Event, HomeAssistant, callback

from .api import MemoireError, MemoireNotFoundError, MemoireRequestError
from .const import DOMAIN
from .coordinator import MemoireConfigEntry, MemoireRuntime
from .languages import Language, Question
from .models import MemoryIndex, Note, SearchHit
from .speech import (
    aliases,
    answering_lines,
    clean_topic,
    content_words,
    covers,
    folded_words,
    matching_preferences,
    names,
    overview_sentence,
    phrase,
    preferences_sentence,
    said_title,
    said_topic,
    speakable,
    topic_words,
)

SEARCH_HITS = 5
# The folders of memoire's layouts (English and French) that hold a note per person.
PEOPLE_FOLDERS = frozenset(["people", "personnes"])


@dataclass(frozen=True, slots=True)
class Answer:
    speech: str
    # False when the memory holds nothing about it, or could not be asked.
    found: bool
    # True when the bridge could not be asked at all.
    failed: bool = False


class Recency:
    """When each note last changed, as the live updates announced it (`memoire_updated`).

    The index dates notes to the day; two notes of the same day are told apart by this,
    never by their titles.
    """

    def __init__(self) -> None:
        self._changed: dict[str, float] = {}

    @callback
    def async_changed(self, event: Event) -> None:
        path = event.data.get("path")
        if isinstance(path, str):
            self._changed[path] = event.time_fired_timestamp

    def latest(self, index: MemoryIndex) -> str | None:
        """The title of the note changed last, or None when the index cannot tell which."""
        if not index.notes:
            return None
        newest_day = max(note.updated for note in index.notes)
        candidates = [note for note in index.notes if note.updated == newest_day]
        if len(candidates) == 1:
            return candidates[0].title
        seen = [note for note in candidates if note.path in self._changed]
        if not seen:
            return None
        return max(seen, key=lambda note: self._changed[note.path]).title


@callback
def loaded_runtime(hass: HomeAssistant) -> MemoireRuntime | None:
    """The first loaded bridge that is available, else the first loaded one, else None."""
    entries: list[MemoireConfigEntry] = hass.config_entries.async_loaded_entries(DOMAIN)
    runtimes = [entry.runtime_data for entry in entries]
    return next((runtime for runtime in runtimes if runtime.available), None) or next(
        iter(runtimes), None
    )


async def async_answer(
    runtime: MemoireRuntime | None,
    question: Question,
    topic: str | None,
    language: Language,
    recency: Recency | None = None,
) -> Answer:
    if runtime is None or not runtime.available:
        return Answer(phrase(language, "unavailable"), found=False, failed=True)
    try:
        if question is Question.OVERVIEW:
            index = runtime.snapshot.index
            latest = (recency or Recency()).latest(index)
            return Answer(overview_sentence(index, language, latest), found=bool(index.notes))
        wanted = clean_topic(topic or "")
        if question is Question.PREFERENCE:
            said = _preference(runtime, wanted, language, exact=False)
            if said is not None:
                return said
        return await _recall(runtime, wanted, language)
    except MemoireError:
        return Answer(phrase(language, "unavailable"), found=False, failed=True)


def _nothing(topic: str, language: Language) -> Answer:
    return Answer(phrase(language, "nothing", topic=said_topic(topic) or "…"), found=False)


def _preference(
    runtime: MemoireRuntime, topic: str, language: Language, *, exact: bool
) -> Answer | None:
    """The preferences the topic names; with `exact`, only one named by all its words."""
    found = matching_preferences(runtime.snapshot.preferences.values, topic, language)
    if exact:
        wanted = topic_words(topic)
        found = [item for item in found if topic_words(item.key) == wanted]
    if not found:
        return None
    return Answer(preferences_sentence(found, language), found=True)


async def _recall(runtime: MemoireRuntime, topic: str, language: Language) -> Answer:
    if not topic:
        return _nothing(topic, language)
    note = await _named_note(runtime, topic)
    if note is not None:
        return _quote(note, answering_lines(note.body, _names(note), topic), topic, language)
    said = _preference(runtime, topic, language, exact=True)
    if said is not None:
        return said
    for hit in await _hits(runtime, " ".join(content_words(topic))):
        try:
            note = await _note(runtime, hit.path)
        except MemoireNotFoundError:
            continue  # gone since the search: deleted, or made sensitive
        person = note.path.split("/", 1)[0] in PEOPLE_FOLDERS
        if not covers(
            topic, [*_names(note), note.description], note.body.splitlines(), person=person
        ):
            continue
        return _quote(note, answering_lines(note.body, _names(note), topic), topic, language)
    return _nothing(topic, language)


def _names(note: Note) -> list[str]:
    """What names a note: its title, each alias of it ("Bins / Poubelles"), its file name."""
    return [note.title, *aliases(note.title), note.path.rsplit("/", 1)[-1].removesuffix(".md")]


class NoteNames:
    """Which note each title and file name names, made once per index: a memory of a
    thousand notes should not have every title folded again for each question."""

    def __init__(self) -> None:
        self._index: MemoryIndex | None = None
        self._paths: dict[tuple[str, ...], str] = {}

    def path_named(self, index: MemoryIndex, topic: str) -> str | None:
        if index is not self._index:
            self._paths = {}
            named: list[tuple[str, str]] = [(note.title, note.path) for note in index.always_shown]
            named += [(note.title, note.path) for note in index.notes]
            for title, path in named:
                for name in names(title, path):
                    self._paths.setdefault(name, path)
            self._index = index
        wanted = tuple(folded_words(topic))
        return self._paths.get(wanted) if wanted else None


_NOTE_NAMES = NoteNames()


async def _named_note(runtime: MemoireRuntime, topic: str) -> Note | None:
    path = _NOTE_NAMES.path_named(runtime.snapshot.index, topic)
    return None if path is None else await _note(runtime, path)


async def _note(runtime: MemoireRuntime, path: str) -> Note:
    """A note, from the index when it is always shown, else from the cache or the bridge."""
    shown = next((note for note in runtime.snapshot.index.always_shown if note.path == path), None)
    return shown if shown is not None else await runtime.notes.get(path)


async def _hits(runtime: MemoireRuntime, topic: str) -> tuple[SearchHit, ...]:
    if not topic:
        return ()
    try:
        result = await runtime.search(topic, SEARCH_HITS)
    except MemoireRequestError:
        return ()
    return result.hits


def _quote(note: Note, text: str, topic: str, language: Language) -> Answer:
    title = said_title(note.title, topic)
    return _said(title, text or speakable([note.description]), topic, language)


def _said(title: str, text: str, topic: str, language: Language) -> Answer:
    if not text:
        return _nothing(topic, language)
    return Answer(phrase(language, "found", title=title, text=text), found=True)
