"""Assist sentences for the memory's intents, written where Home Assistant reads custom ones.

Home Assistant 2026.10 gives a custom integration two ways to be asked out loud: sentence
triggers, which answer before any conversation agent and cannot step aside, and intents
with custom sentences, which its default agent matches like its own ("prefer handling
commands locally" included) and which may answer "no match" so an LLM agent takes the
question over. memoire uses intents. Their sentences live in
`<config>/custom_sentences/<language>/memoire.yaml`, the folder Home Assistant loads custom
sentences from; the file is written from the options (each language variant's file holds
its language's sentences: Home Assistant matches every unknown sentence against all of a
language's intents, so other languages' sentences would only slow every question down),
rewritten when they change and removed when no memoire entry answers locally. When the
file cannot be written, a repair issue says so.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import yaml
from homeassistant.components.conversation.agent_manager import get_agent_manager
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir

from .const import (
    CONF_LOCAL_ANSWERS,
    DETAIL_SLOT,
    DOMAIN,
    INTENT_TYPES,
    ISSUE_TRIGGERS,
    TOPIC_SLOT,
)
from .coordinator import MemoireConfigEntry
from .languages import LANGUAGE_SLOT, Language, Question
from .sentences import (
    HOME_ASSISTANT_SENTENCES,
    NAMED_SENTENCES,
    SentenceLists,
    configured_sentences,
)
from .speech import aliases

_LOGGER = logging.getLogger(__package__)

FILE_NAME: Final = "memoire.yaml"
FOLDER: Final = "custom_sentences"
_TEMPLATE_CHARACTERS = re.compile(r"[()\[\]{}<>|;]")
_HEADER = (
    "# Written by the memoire integration from its options; edits here are overwritten.\n"
    "# Change the sentences in Settings > Devices & services > memoire > Configure.\n"
)


def sentences_issue_id(entry: MemoireConfigEntry) -> str:
    return f"{ISSUE_TRIGGERS}_{entry.entry_id}"


def intents_file(lists: SentenceLists, variant: str, names: Sequence[str] = ()) -> str:
    """The custom sentences file of one language variant of Home Assistant: the options'
    sentences with a wildcard topic, "who is" with the notes' `names` only, and Home
    Assistant's own questions that a wildcard would otherwise take from it."""
    intents: dict[str, Any] = {INTENT_TYPES[question]: {"data": []} for question in INTENT_TYPES}
    for language, questions in lists.items():
        if language.value != variant.split("-", maxsplit=1)[0]:
            continue
        for question, sentences in questions.items():
            if sentences:
                intents[INTENT_TYPES[question]]["data"].append(
                    _block(sentences, language, {"wildcard": True})
                )
        said = _said_names(names)
        if said and questions.get(Question.RECALL):
            intents[INTENT_TYPES[Question.RECALL]]["data"].append(
                _block(NAMED_SENTENCES[language], language, {"values": said})
            )
        for intent_type, sentences in HOME_ASSISTANT_SENTENCES.get(language, {}).items():
            intents[intent_type] = {"data": [{"sentences": sentences}]}
    used = {name: intent for name, intent in intents.items() if intent["data"]}
    body = yaml.safe_dump(
        {"language": variant, "intents": used}, allow_unicode=True, sort_keys=False
    )
    return _HEADER + body


def _block(sentences: list[str], language: Language, topic: dict[str, Any]) -> dict[str, Any]:
    return {
        "sentences": sentences,
        "slots": {LANGUAGE_SLOT: language.value},
        "lists": {TOPIC_SLOT: topic, DETAIL_SLOT: {"wildcard": True}},
    }


def _said_names(names: Sequence[str]) -> list[dict[str, str]]:
    """Each name as a list value, without the characters of Home Assistant's templates."""
    said: dict[str, str] = {}
    for name in names:
        plain = " ".join(_TEMPLATE_CHARACTERS.sub(" ", name).split())
        if plain:
            said.setdefault(plain.casefold(), plain)
    return [{"in": plain, "out": plain} for plain in sorted(said.values())]


def note_names(entry: MemoireConfigEntry) -> list[str]:
    """The titles of the notes the entry sees (each alias of one), the names "who is"
    answers for."""
    data = entry.runtime_data.coordinator.data
    if data is None:
        return []
    return [alias for note in data.index.notes for alias in aliases(note.title)]


def variants() -> list[str]:
    """Home Assistant's language variants of the languages memoire answers in (fr, fr-CA…)."""
    from home_assistant_intents import get_languages

    known = {language.value for language in Language}
    return sorted(variant for variant in get_languages() if variant.split("-")[0] in known)


async def async_write_sentences(hass: HomeAssistant, entry: MemoireConfigEntry) -> None:
    """Give the entry's sentences to Assist, or take them away if it does not answer locally."""
    issue_id = sentences_issue_id(entry)
    lists = configured_sentences(entry.options)
    wanted = entry.options.get(CONF_LOCAL_ANSWERS, True)
    folder = Path(hass.config.path(FOLDER))
    try:
        changed = await hass.async_add_executor_job(
            _write, folder, lists if wanted else None, note_names(entry)
        )
    except OSError as error:
        _LOGGER.warning("memoire could not write its Assist sentences in %s: %s", folder, error)
        ir.async_create_issue(
            hass,
            DOMAIN,
            issue_id,
            is_fixable=False,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_TRIGGERS,
            translation_placeholders={"folder": str(folder)},
        )
        return
    ir.async_delete_issue(hass, DOMAIN, issue_id)
    if changed:
        await _async_reload_intents(hass)


async def async_remove_sentences(hass: HomeAssistant, entry: MemoireConfigEntry) -> None:
    """The entry is going: hand the sentences to another loaded entry, or remove them."""
    ir.async_delete_issue(hass, DOMAIN, sentences_issue_id(entry))
    others: list[MemoireConfigEntry] = [
        other
        for other in hass.config_entries.async_loaded_entries(DOMAIN)
        if other.entry_id != entry.entry_id
    ]
    if others:
        await async_write_sentences(hass, others[0])
        return
    folder = Path(hass.config.path(FOLDER))
    try:
        changed = await hass.async_add_executor_job(_write, folder, None)
    except OSError as error:
        _LOGGER.warning("memoire could not remove its Assist sentences in %s: %s", folder, error)
        return
    if changed:
        await _async_reload_intents(hass)


def _write(folder: Path, lists: SentenceLists | None, names: Sequence[str] = ()) -> bool:
    """Write (or, for None, remove) every variant's file; True if any file changed."""
    changed = False
    for variant in variants():
        path = folder / variant / FILE_NAME
        if lists is None:
            if path.exists():
                path.unlink()
                changed = True
            continue
        text = intents_file(lists, variant, names)
        if path.exists() and path.read_text("utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".yaml.partial")
        partial.write_text(text, "utf-8")
        partial.replace(path)
        changed = True
    return changed


async def _async_reload_intents(hass: HomeAssistant) -> None:
    """Home Assistant's default agent reads custom sentences once per language: read again."""
    agent = get_agent_manager(hass).default_agent
    if agent is not None:
        await agent.async_reload()
