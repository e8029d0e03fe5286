"""Assist, end to end: a spoken question in English or French, an answer from the memory."""

from __future__ import annotations

from typing import Any

import pytest
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import intent
from homeassistant.helpers import issue_registry as ir
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.memoire.const import CONF_LOCAL_ANSWERS, DOMAIN
from custom_components.memoire.triggers import triggers_issue_id
from memoire import listing

from .conftest import Memory, add_entry
from .test_setup import entity_id


async def ask(hass: HomeAssistant, text: str, language: str) -> str:
    result = await conversation.async_converse(hass, text, None, Context(), language=language)
    speech: str = result.response.speech["plain"]["speech"]
    return speech


@pytest.mark.parametrize(
    ("question", "language", "answer"),
    [
        (
            "What do you remember about the garden?",
            "en",
            "Garden: Tomatoes on the balcony. Basil by the window.",
        ),
        ("what do you know about Marie", "en", "Marie: Marie waters the plants when we travel."),
        ("Do you remember basil?", "en", "Garden: Basil by the window."),
        # The profile is shown in full already: no request needed.
        ("what do you remember about my profile", "en", "Profile: Alex, lives in Lyon."),
        # Only the header matches: the note's first lines are said instead.
        (
            "what do you know about neighbour",
            "en",
            "Marie: Marie waters the plants when we travel.",
        ),
        ("Que sais-tu du vélo ?", "fr", "Vélo : Le vélo est rangé dans la cave."),
        ("Qu'est-ce que tu sais sur la cave ?", "fr", "Vélo : Le vélo est rangé dans la cave."),
        ("Que sais-tu de Marie ?", "fr", "Marie : Marie waters the plants when we travel."),
    ],
)
async def test_recall_answers_from_the_right_note(
    hass: HomeAssistant, entry: MockConfigEntry, question: str, language: str, answer: str
) -> None:
    assert await ask(hass, question, language) == answer


@pytest.mark.parametrize(
    ("question", "language", "answer"),
    [
        ("What do you know about submarines?", "en", "I don't have anything about submarines."),
        ("que sais-tu des sous-marins", "fr", "Je n'ai rien sur sous-marins."),
        # Sensitive notes answer exactly like missing ones.
        ("what do you remember about bisoprolol", "en", "I don't have anything about bisoprolol."),
        ("que sais-tu sur Zorglub", "fr", "Je n'ai rien sur Zorglub."),
        ("what do you know about cardiology", "en", "I don't have anything about cardiology."),
    ],
)
async def test_nothing_about_it_is_said_honestly(
    hass: HomeAssistant, entry: MockConfigEntry, question: str, language: str, answer: str
) -> None:
    assert await ask(hass, question, language) == answer


async def test_preferences_are_answered_in_both_languages(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    assert await ask(hass, "What's my preferred temperature?", "en") == (
        "Your preferred temperature is 21."
    )
    assert await ask(hass, "Quelle est ma température préférée ?", "fr") == (
        "preferred temperature : 21."
    )
    assert await ask(hass, "what are my preferences for music", "en") == (
        "I don't have anything about music."
    )


async def test_what_the_memory_holds(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    english = await ask(hass, "What's in your memory?", "en")
    assert english.startswith("I remember 3 notes: 2 in topics and 1 in people.")
    french = await ask(hass, "De quoi te souviens-tu ?", "fr")
    assert french.startswith("Je me souviens de 3 notes : 2 dans topics et 1 dans people.")


async def test_local_answers_can_be_turned_off(hass: HomeAssistant, memory: Memory) -> None:
    from homeassistant.setup import async_setup_component

    assert await async_setup_component(hass, "conversation", {})
    await add_entry(hass, memory, **{CONF_LOCAL_ANSWERS: False})
    answer = await ask(hass, "What do you remember about the garden?", "en")
    assert "Tomatoes" not in answer


async def test_the_intents_answer_without_sentences(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    response = await intent.async_handle(
        hass, "test", "MemoireRecall", {"topic": {"value": "the garden"}}, language="en"
    )
    assert response.response_type is intent.IntentResponseType.QUERY_ANSWER
    assert response.speech["plain"]["speech"].startswith("Garden: Tomatoes")
    response = await intent.async_handle(hass, "test", "MemoireOverview", {}, language="fr-CA")
    assert response.speech["plain"]["speech"].startswith("Je me souviens de 3 notes")
    response = await intent.async_handle(
        hass, "test", "MemoirePreference", {"topic": {"value": "wake-up time"}}, language="de"
    )
    assert response.speech["plain"]["speech"] == "Your wake-up time is 07:30."


async def test_the_intents_say_when_the_memory_is_away(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    assert await hass.config_entries.async_unload(entry.entry_id)
    response = await intent.async_handle(
        hass, "test", "MemoireRecall", {"topic": {"value": "garden"}}, language="en"
    )
    assert response.response_type is intent.IntentResponseType.ERROR
    assert response.speech["plain"]["speech"] == "I can't reach the memory right now."


class _OldManager:
    """The 2026.2 signature: register_trigger(TriggerDetails(sentences, callback))."""

    def __init__(self) -> None:
        self.registered: list[Any] = []

    def register_trigger(self, trigger_details: Any) -> Any:
        self.registered.append(trigger_details)
        return lambda: self.registered.remove(trigger_details)


class _Details:
    def __init__(self, sentences: list[str], callback: Any) -> None:
        self.sentences, self.callback = sentences, callback


async def test_the_trigger_shim_speaks_the_old_signature(
    hass: HomeAssistant, memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    from homeassistant.components.conversation import agent_manager, trigger

    manager = _OldManager()
    monkeypatch.setattr(agent_manager, "get_agent_manager", lambda hass: manager)
    monkeypatch.setattr(trigger, "TriggerDetails", _Details, raising=False)
    entry = await add_entry(hass, memory)
    assert len(manager.registered) == 6
    assert all(isinstance(details, _Details) for details in manager.registered)
    assert ir.async_get(hass).async_get_issue(DOMAIN, triggers_issue_id(entry)) is None
    assert await hass.config_entries.async_unload(entry.entry_id)
    assert manager.registered == []


@pytest.mark.parametrize("manager", [object(), _OldManager()])
async def test_a_missing_trigger_api_raises_a_repair_issue(
    hass: HomeAssistant, memory: Memory, monkeypatch: pytest.MonkeyPatch, manager: object
) -> None:
    from homeassistant.components.conversation import agent_manager

    monkeypatch.setattr(agent_manager, "get_agent_manager", lambda hass: manager)
    entry = await add_entry(hass, memory)
    issue = ir.async_get(hass).async_get_issue(DOMAIN, triggers_issue_id(entry))
    assert issue is not None
    assert issue.translation_key == "sentence_triggers_unavailable"
    assert await hass.config_entries.async_unload(entry.entry_id)
    assert ir.async_get(hass).async_get_issue(DOMAIN, triggers_issue_id(entry)) is None


async def test_a_memory_too_large_for_one_index_answer_is_read_page_by_page(
    hass: HomeAssistant, memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a budget of one note per answer, the integration still knows every visible
    note (and no hidden one): counts, what the memory holds, notes found by title."""
    monkeypatch.setattr(listing, "LISTING_BUDGET_CHARS", 1)
    assert await async_setup_component(hass, "conversation", {})
    entry = await add_entry(hass, memory)
    asked = [record for record in memory.received_by_voice() if record.path == "/api/v1/index"]
    assert len(asked) == 4  # the bounded default answer, then one page per visible note
    assert hass.states.get(entity_id(hass, entry, "notes")).state == "5"
    holds = await ask(hass, "What's in your memory?", "en")
    assert holds.startswith("I remember 3 notes: 2 in topics and 1 in people.")
    assert await ask(hass, "what do you know about Marie", "en") == (
        "Marie: Marie waters the plants when we travel."
    )
