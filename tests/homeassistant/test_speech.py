"""What Assist says, word for word, for every kind of answer in every language.

Asked through Home Assistant's conversation (the default agent, the custom sentences, the
memoire intents) against the real bridge. The memory is the shared test memory plus a
bicycle note whose newest facts were appended last, and preferences whose keys carry
aliases in several languages. Each language's answers are also kept as a snapshot.
"""

from __future__ import annotations

import pytest
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry
from syrupy.assertion import SnapshotAssertion

from .conftest import Memory, add_entry, eventually

BICYCLE = [
    "Bought in 2019 at the market.",
    "The bicycle is kept in the cellar.",
    "Chain oiled in March.",
    "Front light replaced in June.",
    "Rear tyre changed on 28 November.",
]
PREFERENCES = [
    "- wine / vin / Wein / vino / wijn: Burgundy",
    "- bedroom temperature / température de la chambre: 18",
]


async def ask(hass: HomeAssistant, text: str, language: str) -> str:
    result = await conversation.async_converse(hass, text, None, Context(), language=language)
    speech: str = result.response.speech["plain"]["speech"]
    return speech


@pytest.fixture
async def household(hass: HomeAssistant, memory: Memory) -> MockConfigEntry:
    """The shared memory, a bicycle note appended to over time, and aliased preferences."""
    for number, line in enumerate(BICYCLE):
        details = {"title": "Bicycle", "description": "The city bike", "sensitive": False}
        memory.writer.append("desk", "topics/bicycle.md", line, **(details if not number else {}))
    for line in PREFERENCES:
        memory.writer.append("desk", "preferences.md", line)
    assert await async_setup_component(hass, "conversation", {})
    return await add_entry(hass, memory)


# For each language: (kind of answer, question, exact answer).
SPOKEN = {
    "en": [
        (
            "a note",
            "What do you remember about the bicycle?",
            "Bicycle: Bought in 2019 at the market. Front light replaced in June. "
            "Rear tyre changed on 28 November.",
        ),
        ("a line of a note", "Do you remember basil?", "Garden: Basil by the window."),
        (
            "nothing known",
            "What do you know about submarines?",
            "I don't have anything about submarines.",
        ),
        ("a preference", "What's my wine?", "Your wine is Burgundy."),
        (
            "several preferences",
            "What are my preferences for temperature?",
            "Your preferred temperature is 21 and your bedroom temperature is 18.",
        ),
        (
            "the overview",
            "What's in your memory?",
            "I remember 4 notes: 3 in topics and 1 in people.",
        ),
        (
            "a sensitive word",
            "What do you remember about bisoprolol?",
            "I don't have anything about bisoprolol.",
        ),
        (
            "a sensitive title",
            "Tell me about Cardiology follow-up",
            "I don't have anything about Cardiology follow-up.",
        ),
    ],
    "fr": [
        ("a note", "Parle-moi du vélo", "Vélo : Le vélo est rangé dans la cave."),
        ("a line of a note", "Tu te souviens du basil ?", "Garden : Basil by the window."),
        ("nothing known", "Que sais-tu des sous-marins ?", "Je n'ai rien sur sous-marins."),
        ("a preference", "C'est quoi mon vin ?", "Vin : Burgundy."),
        (
            "several preferences",
            "Quelles sont mes préférences pour la température ?",
            "Preferred temperature : 21 et température de la chambre : 18.",
        ),
        (
            "the overview",
            "De quoi te souviens-tu ?",
            "Je me souviens de 4 notes : 3 dans les sujets et 1 dans les personnes.",
        ),
        ("a sensitive word", "Que sais-tu sur Zorglub ?", "Je n'ai rien sur Zorglub."),
        (
            "a sensitive title",
            "Parle-moi de Cardiology follow-up",
            "Je n'ai rien sur Cardiology follow-up.",
        ),
    ],
    "de": [
        ("a note", "Erzähl mir von Marie", "Marie: Marie waters the plants when we travel."),
        ("a line of a note", "Erinnerst du dich an basil?", "Garden: Basil by the window."),
        ("nothing known", "Was weißt du über U-Boote?", "Über U-Boote weiß ich nichts."),
        ("a preference", "Was ist mein Wein?", "Wein: Burgundy."),
        (
            "several preferences",
            "Was sind meine Vorlieben für Temperatur?",
            "Preferred temperature: 21 und bedroom temperature: 18.",
        ),
        (
            "the overview",
            "Woran erinnerst du dich?",
            "Ich erinnere mich an 4 Notizen: 3 in Themen und 1 in Personen.",
        ),
        ("a sensitive word", "Was weißt du über Zorglub?", "Über Zorglub weiß ich nichts."),
        (
            "a sensitive title",
            "Erzähl mir von Cardiology follow-up",
            "Über Cardiology follow-up weiß ich nichts.",
        ),
    ],
    "es": [
        ("a note", "Háblame de Marie", "Marie: Marie waters the plants when we travel."),
        ("a line of a note", "¿Te acuerdas de basil?", "Garden: Basil by the window."),
        ("nothing known", "¿Qué sabes de submarinos?", "No tengo nada sobre submarinos."),
        ("a preference", "¿Cuál es mi vino?", "Vino: Burgundy."),
        (
            "several preferences",
            "¿Cuáles son mis preferencias de temperatura?",
            "Preferred temperature: 21 y bedroom temperature: 18.",
        ),
        ("the overview", "¿Qué recuerdas?", "Recuerdo 4 notas: 3 en temas y 1 en personas."),
        ("a sensitive word", "¿Qué sabes de Zorglub?", "No tengo nada sobre Zorglub."),
        (
            "a sensitive title",
            "Háblame de Cardiology follow-up",
            "No tengo nada sobre Cardiology follow-up.",
        ),
    ],
    "nl": [
        ("a note", "Vertel me over Marie", "Marie: Marie waters the plants when we travel."),
        ("a line of a note", "Weet je nog basil?", "Garden: Basil by the window."),
        ("nothing known", "Wat weet je over onderzeeërs?", "Ik heb niets over onderzeeërs."),
        ("a preference", "Wat is mijn wijn?", "Wijn: Burgundy."),
        (
            "several preferences",
            "Wat zijn mijn voorkeuren voor temperatuur?",
            "Preferred temperature: 21 en bedroom temperature: 18.",
        ),
        (
            "the overview",
            "Wat weet je?",
            "Ik herinner me 4 notities: 3 in onderwerpen en 1 in personen.",
        ),
        ("a sensitive word", "Wat weet je over Zorglub?", "Ik heb niets over Zorglub."),
        (
            "a sensitive title",
            "Vertel me over Cardiology follow-up",
            "Ik heb niets over Cardiology follow-up.",
        ),
    ],
    "it": [
        ("a note", "Parlami di Marie", "Marie: Marie waters the plants when we travel."),
        ("a line of a note", "Ti ricordi di basil?", "Garden: Basil by the window."),
        ("nothing known", "Cosa sai dei sottomarini?", "Non ho niente su sottomarini."),
        ("a preference", "Qual è il mio vino?", "Vino: Burgundy."),
        (
            "several preferences",
            "Quali sono le mie preferenze per temperatura?",
            "Preferred temperature: 21 e bedroom temperature: 18.",
        ),
        ("the overview", "Cosa ricordi?", "Ricordo 4 note: 3 in argomenti e 1 in persone."),
        ("a sensitive word", "Cosa sai di Zorglub?", "Non ho niente su Zorglub."),
        (
            "a sensitive title",
            "Parlami di Cardiology follow-up",
            "Non ho niente su Cardiology follow-up.",
        ),
    ],
}


@pytest.mark.parametrize("language", list(SPOKEN))
async def test_every_answer_kind_is_said_exactly(
    hass: HomeAssistant, household: MockConfigEntry, snapshot: SnapshotAssertion, language: str
) -> None:
    said = {kind: await ask(hass, question, language) for kind, question, _ in SPOKEN[language]}
    assert said == {kind: answer for kind, _, answer in SPOKEN[language]}
    assert said == snapshot


async def test_the_newest_facts_of_a_note_are_said_not_its_first_lines(
    hass: HomeAssistant, household: MockConfigEntry, memory: Memory
) -> None:
    memory.writer.append("desk", "topics/bicycle.md", "New bell fitted on 30 November.")

    async def newest_is_said() -> bool:
        return "New bell fitted on 30 November." in await ask(
            hass, "tell me about the bicycle", "en"
        )

    await eventually(newest_is_said)
    assert await ask(hass, "tell me about the bicycle", "en") == (
        "Bicycle: Bought in 2019 at the market. Rear tyre changed on 28 November. "
        "New bell fitted on 30 November."
    )


async def test_the_latest_note_is_the_one_written_last_not_the_last_title(
    hass: HomeAssistant, household: MockConfigEntry, memory: Memory
) -> None:
    """All notes are dated today, so the day cannot tell; the change written last does."""
    memory.writer.append(
        "desk",
        "people/aaron.md",
        "Aaron fixes bikes.",
        title="Aaron",
        description="",
        sensitive=False,
    )

    async def five_notes() -> bool:
        return (await ask(hass, "what's in your memory", "en")).startswith("I remember 5 notes")

    await eventually(five_notes)
    assert await ask(hass, "what's in your memory", "en") == (
        "I remember 5 notes: 3 in topics and 2 in people. The latest is Aaron."
    )
    assert await ask(hass, "de quoi te souviens-tu", "fr") == (
        "Je me souviens de 5 notes : 3 dans les sujets et 2 dans les personnes. "
        "La plus récente est Aaron."
    )
    memory.writer.append("desk", "topics/garden.md", "Chives sown.")

    async def garden_latest() -> bool:
        return (await ask(hass, "what's in your memory", "en")).endswith("The latest is Garden.")

    await eventually(garden_latest)
