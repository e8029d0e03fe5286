"""Six languages: their sentence lists are valid, editable in the options, and answered."""

from __future__ import annotations

import pytest
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.setup import async_setup_component

from custom_components.memoire.const import CONF_LOCAL_ANSWERS
from custom_components.memoire.languages import Language, Question
from custom_components.memoire.sentences import DEFAULT_SENTENCES, default_options, sentence_problem

from .conftest import Memory, add_entry


async def ask(hass: HomeAssistant, text: str, language: str) -> str:
    result = await conversation.async_converse(hass, text, None, Context(), language=language)
    speech: str = result.response.speech["plain"]["speech"]
    return speech


@pytest.mark.parametrize("language", list(Language))
def test_every_default_sentence_is_usable(language: Language) -> None:
    lists = DEFAULT_SENTENCES[language]
    assert set(lists) == set(Question)
    for question, sentences in lists.items():
        assert sentences
        for sentence in sentences:
            assert sentence_problem(question, sentence) is None, sentence


@pytest.mark.parametrize(
    ("code", "expected"),
    [("de-CH", Language.DE), ("es_MX", Language.ES), ("nl", Language.NL), ("it", Language.IT)],
)
def test_language_tags_are_understood(code: str, expected: Language) -> None:
    assert Language.of(code) is expected


async def test_each_language_list_is_editable_in_the_options(
    hass: HomeAssistant, memory: Memory
) -> None:
    assert await async_setup_component(hass, "conversation", {})
    entry = await add_entry(hass, memory)
    form = dict(await hass.config_entries.options.async_init(entry.entry_id))
    assert form["type"] is FlowResultType.FORM
    sections = {str(key) for key in form["data_schema"].schema}
    assert {language.value for language in Language} <= sections
    options = {
        CONF_LOCAL_ANSWERS: True,
        **{language.value: dict(DEFAULT_SENTENCES[language]) for language in Language},
        "de": {"recall": ["sag mir alles über {topic}"], "preference": [], "overview": []},
    }
    result = dict(await hass.config_entries.options.async_configure(form["flow_id"], options))
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert await ask(hass, "Sag mir alles über Marie", "de") == (
        "Marie: Marie waters the plants when we travel."
    )
    assert "Marie waters" not in await ask(hass, "Erzähl mir von Marie", "de")
    assert await ask(hass, "Parlami di Marie", "it") == (
        "Marie: Marie waters the plants when we travel."
    )


async def test_an_entry_set_up_by_the_first_version_hears_the_new_phrasings(
    hass: HomeAssistant, memory: Memory
) -> None:
    """0.1.0 stored its English and French defaults in the options; never edited, they
    give way to today's lists, so "tell me about" works after the update."""
    first_version = {
        CONF_LOCAL_ANSWERS: True,
        "en": {
            "recall": [
                "what do you remember about {topic}",
                "what do you know about {topic}",
                "do you remember {topic}",
            ],
            "preference": ["what is my preferred {topic}"],
            "overview": [],
        },
    }
    assert await async_setup_component(hass, "conversation", {})
    entry = await add_entry(hass, memory)
    hass.config_entries.async_update_entry(entry, options=first_version)
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    assert (await ask(hass, "tell me about Marie", "en")).startswith("Marie: ")
    # An edited list stays as the user left it.
    assert "Sorry" in await ask(hass, "what's my wake-up time", "en")


async def test_an_entry_holding_the_previous_defaults_hears_the_question_phrasings(
    hass: HomeAssistant, memory: Memory
) -> None:
    """The version before the question-shaped sentences stored its six languages' lists;
    never edited, they give way to today's, so "when is …" and "où en est …" work."""
    previous = default_options()
    previous["en"]["recall"] = [
        "what do you (remember|know) about {topic}",
        "do you remember {topic}",
        "tell me about {topic}",
        "what did I (say|tell you|write) about {topic}",
        "what have I (said|told you) about {topic}",
        "what do you have (on|about) {topic}",
    ]
    assert await async_setup_component(hass, "conversation", {})
    entry = await add_entry(hass, memory)
    hass.config_entries.async_update_entry(entry, options=previous)
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    assert (await ask(hass, "When is Marie coming?", "en")).startswith("Marie: ")


async def test_an_entry_holding_the_question_rounds_defaults_hears_the_new_shapes(
    hass: HomeAssistant, memory: Memory
) -> None:
    """The version with the question-shaped sentences stored its lists too; never edited,
    they give way to today's, so "remind me …" and "c'est qui …" work after the update."""
    previous = default_options()
    previous["en"]["recall"] = [
        "what do you (remember|know) about {topic}",
        "do you remember {topic}",
        "tell me about {topic}",
        "what did I (say|tell you|write) about {topic}",
        "what have I (said|told you) about {topic}",
        "what do you have (on|about) {topic}",
        "(what is|what's) (the latest|new) (on|about|with) {topic}",
        "any news (on|about) {topic}",
        "what happened (to|with) {topic}",
        "when (is|are|was|were|does|do|did|will|should) {topic}",
        "what (day|time) (are|does|do|did|will) {topic}",
        "what (day|time) is {topic}",
        "where (are|were|do|did|will|should) (we|I) {topic}",
        "how much (do|does|did) (we|I) {topic}",
        "(what is|what's) the name of {topic}",
        "(what is|what's) {topic} called",
    ]
    assert await async_setup_component(hass, "conversation", {})
    entry = await add_entry(hass, memory)
    hass.config_entries.async_update_entry(entry, options=previous)
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    assert (await ask(hass, "Remind me about Marie", "en")).startswith("Marie: ")
