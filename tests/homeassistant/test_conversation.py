"""Assist, end to end: a question said the way people say it, an answer from the memory.

The sentences reach Home Assistant's default agent as custom sentences of the memoire
intents, so every answer is a `query_answer` of an intent (not a sentence trigger's
`action_done`), whichever phrasing and language was used.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import intent
from homeassistant.helpers import issue_registry as ir
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.memoire.const import CONF_LOCAL_ANSWERS, DOMAIN
from custom_components.memoire.custom_sentences import sentences_issue_id
from memoire import listing

from .conftest import Memory, add_entry
from .test_setup import entity_id


async def converse(
    hass: HomeAssistant, text: str, language: str
) -> conversation.ConversationResult:
    return await conversation.async_converse(hass, text, None, Context(), language=language)


async def ask(hass: HomeAssistant, text: str, language: str) -> str:
    result = await converse(hass, text, language)
    speech: str = result.response.speech["plain"]["speech"]
    return speech


# Each phrasing people use, per language, and the note it must be answered from.
PHRASINGS = [
    ("What do you remember about the garden?", "en", "Garden: "),
    ("what do you know about Marie", "en", "Marie: "),
    ("Do you remember the garden?", "en", "Garden: "),
    ("Tell me about the garden", "en", "Garden: "),
    ("What did I say about Marie?", "en", "Marie: "),
    ("What did I tell you about the garden?", "en", "Garden: "),
    ("What's my wake-up time?", "en", "Your wake-up time is 07:30."),
    ("what is my coffee", "en", "Your coffee is espresso, no sugar."),
    ("Parle-moi du vélo", "fr", "Vélo : "),
    ("Tu te souviens de Marie ?", "fr", "Marie : "),
    ("Que sais-tu sur le vélo ?", "fr", "Vélo : "),
    ("Qu'est-ce que j'ai dit sur le jardin ?", "fr", "Je n'ai rien sur jardin."),
    ("C'est quoi ma température ?", "fr", "Preferred temperature : 21."),
    ("Erzähl mir von Marie", "de", "Marie: "),
    ("Was weißt du über den Garten?", "de", "Über Garten weiß ich nichts."),
    ("Háblame de Marie", "es", "Marie: "),
    ("¿Qué sabes del vélo?", "es", "Vélo: "),
    ("Vertel me over Marie", "nl", "Marie: "),
    ("Wat weet je over garden", "nl", "Garden: "),
    ("Parlami di Marie", "it", "Marie: "),
    ("Cosa sai del garden?", "it", "Garden: "),
]


@pytest.mark.parametrize(("question", "language", "start"), PHRASINGS)
async def test_each_phrasing_is_a_query_answered_by_a_memoire_intent(
    hass: HomeAssistant, entry: MockConfigEntry, question: str, language: str, start: str
) -> None:
    result = await converse(hass, question, language)
    response = result.response
    assert response.response_type is intent.IntentResponseType.QUERY_ANSWER
    assert response.intent is not None
    assert response.intent.intent_type.startswith("Memoire")
    assert response.speech["plain"]["speech"].startswith(start)


async def test_the_sentences_file_follows_the_options(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    written = Path(hass.config.path("custom_sentences", "fr", "memoire.yaml"))
    data = yaml.safe_load(written.read_text("utf-8"))
    assert data["language"] == "fr"
    recall = data["intents"]["MemoireRecall"]["data"]
    assert [block["slots"]["language"] for block in recall] == ["fr", "fr"]
    assert "parle-moi (de|du|des) {topic}" in recall[0]["sentences"]
    # "qui est …" matches the notes' names only, not any words ("qui est à la maison").
    assert recall[1]["sentences"] == ["(qui est|c'est qui) {topic}"]
    assert recall[1]["lists"]["topic"]["values"] == [
        {"in": "Garden", "out": "Garden"},
        {"in": "Marie", "out": "Marie"},
        {"in": "Vélo", "out": "Vélo"},
    ]
    # Home Assistant's Swiss German reads its own folder: it gets the German sentences.
    swiss = Path(hass.config.path("custom_sentences", "de-CH", "memoire.yaml"))
    swiss_recall = yaml.safe_load(swiss.read_text("utf-8"))["intents"]["MemoireRecall"]["data"]
    assert [block["slots"]["language"] for block in swiss_recall] == ["de", "de"]
    hass.config_entries.async_update_entry(
        entry, options={**entry.options, "en": {"recall": ["what about {topic}"]}}
    )
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    assert (await ask(hass, "what about Marie", "en")).startswith("Marie: ")
    assert "Sorry" in await ask(hass, "tell me about Marie", "en")
    assert await hass.config_entries.async_unload(entry.entry_id)
    assert not written.exists()
    assert "Marie" not in await ask(hass, "what about Marie", "en")


async def test_local_answers_can_be_turned_off(hass: HomeAssistant, memory: Memory) -> None:
    assert await async_setup_component(hass, "conversation", {})
    await add_entry(hass, memory, **{CONF_LOCAL_ANSWERS: False})
    answer = await ask(hass, "What do you remember about the garden?", "en")
    assert "Tomatoes" not in answer
    assert not Path(hass.config.path("custom_sentences", "en", "memoire.yaml")).exists()


async def test_a_config_folder_that_cannot_be_written_raises_a_repair_issue(
    hass: HomeAssistant, memory: Memory
) -> None:
    assert await async_setup_component(hass, "conversation", {})
    Path(hass.config.path("custom_sentences")).write_text("not a folder", "utf-8")
    entry = await add_entry(hass, memory)
    issue = ir.async_get(hass).async_get_issue(DOMAIN, sentences_issue_id(entry))
    assert issue is not None
    assert issue.translation_key == "sentence_triggers_unavailable"
    assert issue.translation_placeholders == {"folder": hass.config.path("custom_sentences")}
    assert await hass.config_entries.async_unload(entry.entry_id)
    assert ir.async_get(hass).async_get_issue(DOMAIN, sentences_issue_id(entry)) is None


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
        hass, "test", "MemoirePreference", {"topic": {"value": "wake-up time"}}, language="pl"
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
