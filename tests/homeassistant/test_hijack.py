"""memoire's sentences take the memory's questions, and only those, from Home Assistant.

Home Assistant ranks a custom sentence before its own whenever both match, so a memoire
sentence as wide as "who is {topic}" would answer "who is home" from the memory. These
tests ask Home Assistant's own commands and questions, in every language, with devices,
an area and a person it knows, before and after memoire's sentences are loaded: each must
reach the same intent. And the memory's questions that Home Assistant used to take
("Who is Priya?" answered "Not any") now reach the memory, word for word.
"""

from __future__ import annotations

import pytest
from homeassistant.components import conversation
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import area_registry as ar
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import intent
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import async_mock_service
from syrupy.assertion import SnapshotAssertion

from .conftest import Memory, add_entry, eventually

# Home Assistant's own, per language: devices, areas, presence, date, time, timers.
HOME_ASSISTANT_QUESTIONS = {
    "en": [
        "turn on the kitchen light",
        "what is the temperature in the kitchen",
        "who is home",
        "who is in the kitchen",
        "how many people are home",
        "what time is it",
        "what day is it",
        "what's the date",
        "how long is left on my timer",
        "where does my data go",
        "where is Julien",
        "what's the temperature in the kitchen",
        "whats the temperature in the kitchen",
        "set the temperature to 21 degrees",
        "open the garage door",
        "close the covers in the kitchen",
        "set a timer for 5 minutes",
        "how much time is left on my timer",
        "add milk to my shopping list",
        "what's on my shopping list",
        "what is the weather like",
        "what's the weather",
        "pause the music",
        "what is the date today",
    ],
    "fr": [
        "allume la lumière de la cuisine",
        "quelle est la température de la cuisine",
        "qui est à la maison",
        "quelle heure est-il",
        "quel jour sommes-nous",
        "où est Julien",
        "c'est quoi la date",
        "on est quel jour",
        "quel jour est-il",
        "comment va la lumière de la cuisine",
        "ajoute du lait à ma liste de courses",
        "quel temps fait-il",
        "mets un minuteur de 5 minutes",
        "ouvre la porte du garage",
    ],
    "de": [
        "schalte das Küchenlicht ein",
        "wer ist zu Hause",
        "wie spät ist es",
        "welcher Tag ist heute",
        "wann endet mein Timer",
        "wann ist mein Timer fertig",
        "wie warm ist es in der Küche",
        "wie ist das Wetter",
        "füge Milch zu meiner Einkaufsliste hinzu",
        "stelle einen Timer für 5 Minuten",
    ],
    "es": [
        "enciende la luz de la cocina",
        "quién está en casa",
        "qué hora es",
        "qué día es hoy",
        "cuándo termina el temporizador",
        "qué tiempo hace",
        "añade leche a la lista de la compra",
        "pon un temporizador de 5 minutos",
    ],
    "nl": [
        "doe het keukenlicht aan",
        "wie is er thuis",
        "hoe laat is het",
        "welke dag is het",
        "wat is het weer",
        "wie heeft je gemaakt",
        "zet melk op mijn boodschappenlijst",
        "zet een timer voor 5 minuten",
    ],
    "it": [
        "accendi la luce della cucina",
        "chi è in casa",
        "che ore sono",
        "che giorno è oggi",
        "quando finisce il timer",
        "che tempo fa",
        "aggiungi latte alla lista della spesa",
        "imposta un timer di 5 minuti",
    ],
}

# The memory's questions that Home Assistant's own intents or its fallback used to take.
MEMORY_QUESTIONS = [
    ("Who is Priya?", "en"),
    ("Who's Priya?", "en"),
    ("What's the latest on the treehouse?", "en"),
    ("What's the name of our goldfish?", "en"),
    ("Where are we going at Easter?", "en"),
    ("Qui est Priya ?", "fr"),
    ("Où en est la cabane ?", "fr"),
    ("Wer ist Priya?", "de"),
    ("¿Quién es Priya?", "es"),
    ("Wie is Priya?", "nl"),
    ("Chi è Priya?", "it"),
    ("C'est qui Priya ?", "fr"),
    ("Remind me what Priya said about Friday", "en"),
    ("whats the latest on the treehouse", "en"),
    ("Comment s'appelle la cabane ?", "fr"),
    ("Was hat Priya gesagt?", "de"),
    ("¿Qué dijo Priya?", "es"),
    ("Wat heeft Priya gezegd?", "nl"),
    ("Cosa ha detto Priya?", "it"),
]


async def _heard(hass: HomeAssistant, text: str, language: str) -> tuple[str | None, str]:
    result = await conversation.async_converse(hass, text, None, Context(), language=language)
    response = result.response
    kind = response.error_code.value if response.error_code else response.response_type.value
    return (response.intent.intent_type if response.intent else None), kind


@pytest.fixture
async def home(hass: HomeAssistant, memory: Memory) -> HomeAssistant:
    """A kitchen with a light and a thermometer, a person, and a household memory."""
    assert await async_setup_component(hass, "conversation", {})
    kitchen = ar.async_get(hass).async_create("Kitchen")
    registry = er.async_get(hass)
    for entity, state, attributes in [
        ("light.kitchen_light", "off", {"friendly_name": "Kitchen light"}),
        (
            "sensor.kitchen_temperature",
            "21.5",
            {"friendly_name": "Kitchen temperature", "device_class": "temperature"},
        ),
        ("person.julien", "home", {"friendly_name": "Julien"}),
    ]:
        domain, name = entity.split(".")
        registered = registry.async_get_or_create(domain, "test", name, suggested_object_id=name)
        registry.async_update_entity(
            registered.entity_id, area_id=kitchen.id if "kitchen" in name else None
        )
        hass.states.async_set(registered.entity_id, state, attributes)
        async_expose_entity(hass, "conversation", registered.entity_id, True)
    async_mock_service(hass, "light", "turn_on")
    for path, title, line in [
        ("people/priya.md", "Priya", "Priya is our babysitter, on Friday evenings."),
        ("projects/treehouse.md", "Treehouse", "Roof done, painting in spring."),
        ("topics/holidays.md", "Holidays", "Booked Easter in Seville, flights on 10 April."),
        ("projects/cabane.md", "Cabane", "Le toit est fini, peinture au printemps."),
    ]:
        memory.writer.append("desk", path, line, title=title, description="", sensitive=False)
    await hass.async_block_till_done()
    return hass


@pytest.mark.parametrize("language", list(HOME_ASSISTANT_QUESTIONS))
async def test_home_assistant_still_answers_its_own_questions(
    home: HomeAssistant, memory: Memory, language: str
) -> None:
    questions = HOME_ASSISTANT_QUESTIONS[language]
    before = [await _heard(home, text, language) for text in questions]
    await add_entry(home, memory)
    after = [await _heard(home, text, language) for text in questions]
    assert dict(zip(questions, after, strict=True)) == dict(zip(questions, before, strict=True))
    assert not [
        text for text, (kind, _) in zip(questions, after, strict=True) if kind and "Memoire" in kind
    ]


async def test_what_day_is_today_is_a_date_not_a_topic(home: HomeAssistant, memory: Memory) -> None:
    """memoire's "what day is {topic}" would take it; Home Assistant's date answers it."""
    await add_entry(home, memory)
    assert await _heard(home, "what day is today", "en") == ("HassGetCurrentDate", "action_done")


async def test_the_memory_answers_the_questions_home_assistant_used_to_take(
    home: HomeAssistant, memory: Memory, snapshot: SnapshotAssertion
) -> None:
    before = {text: await _heard(home, text, language) for text, language in MEMORY_QUESTIONS}
    assert not [text for text, (kind, _) in before.items() if kind and "Memoire" in kind]
    await add_entry(home, memory)
    said = {}
    for text, language in MEMORY_QUESTIONS:
        result = await conversation.async_converse(home, text, None, Context(), language=language)
        assert result.response.response_type is intent.IntentResponseType.QUERY_ANSWER, text
        assert result.response.intent is not None
        assert result.response.intent.intent_type == "MemoireRecall", text
        said[text] = result.response.speech["plain"]["speech"]
    assert said == snapshot


async def test_who_is_answers_for_a_note_named_after_setup(
    home: HomeAssistant, memory: Memory
) -> None:
    """ "Who is" matches the notes' names only: a new note's name joins them."""
    await add_entry(home, memory)
    assert await _heard(home, "who is Zoe", "en") != ("MemoireRecall", "query_answer")
    memory.writer.append(
        "desk",
        "people/zoe.md",
        "Zoe is Emma's friend.",
        title="Zoe",
        description="",
        sensitive=False,
    )

    async def answered() -> bool:
        return await _heard(home, "who is Zoe", "en") == ("MemoireRecall", "query_answer")

    await eventually(answered)
    result = await conversation.async_converse(home, "who is Zoe", None, Context(), language="en")
    assert result.response.speech["plain"]["speech"] == "Zoe: Zoe is Emma's friend."
