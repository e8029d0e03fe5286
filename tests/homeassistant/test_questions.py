"""Questions that ask a fact rather than "what do you remember", and notes that must not
answer: what a household hears, word for word, through Home Assistant's own agent.

The memory holds a bins note (titled in English and French) whose newest line changed
the collection day, a neighbour who "nous prête sa remorque" (lends: not a loan), and a
morning routine. A question is
answered from the note holding most of its words, with the lines holding its rarer words;
a note that shares only a word's start or another language's stem with it stays silent.
"""

from __future__ import annotations

import pytest
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry
from syrupy.assertion import SnapshotAssertion

from .conftest import Memory, add_entry

NOTES = {
    "topics/bins.md": (
        "Bins / Poubelles",
        "Rubbish and recycling collection",
        [
            "Grey bin (household waste): collected on Tuesday morning, put it out Monday evening.",
            "Yellow bin (recycling: plastic, cans, cardboard): every other Thursday.",
            "Garden waste: the green bin, collected on Friday from April to November.",
            "- 2026-06-02: the truck now comes before 6 am, put the bins out the night before.",
            "- 2026-11-24: from December the grey bin is collected on Wednesday.",
        ],
    ),
    "people/marc.md": (
        "Marc",
        "Marc, le voisin",
        ["Marc Favre, le voisin du numéro 14.", "Il nous prête sa remorque pour la déchetterie."],
    ),
    "topics/morning-routine.md": (
        "Morning routine",
        "How weekday mornings go",
        [
            "6:45 alarm, coffee.",
            "7:50 Emma takes the 7 bus from the stop at Les Fins.",
            "- 2026-11-03: Emma now takes the 7:40 bus.",
        ],
    ),
    "people/grandma-rose.md": (
        "Grandma Rose",
        "My mother, in Leeds",
        [
            "Rose lives in Leeds.",
            "She is coming to Annecy for Christmas, flying into Geneva on 21 December.",
        ],
    ),
}

QUESTIONS = [
    ("What day are the bins collected?", "en"),
    ("When do I put the recycling out?", "en"),
    ("What time does Emma catch the bus?", "en"),
    ("When is Grandma Rose arriving for Christmas?", "en"),
    ("What happened to the bins recently?", "en"),
    ("When is the chimney sweep coming?", "en"),
    ("À quelle heure Emma prend le bus ?", "fr"),
    ("C'est quand Grandma Rose arrive ?", "fr"),
    ("Wann kommt der Schornsteinfeger?", "de"),
    ("¿Cuándo llega Grandma Rose?", "es"),
    ("Wanneer komt Grandma Rose?", "nl"),
    ("Quando arriva Grandma Rose?", "it"),
]

# Each would be answered from a note that does not answer it, by a shared word start or
# another language's stem; each must say the memory has nothing.
NOT_THIS_NOTE = [
    ("C'est quoi mon prêt immobilier ?", "fr", "Je n'ai rien sur prêt immobilier."),
    ("Cosa ricordi del cane?", "it", "Non ho niente su cane."),
    ("Tell me about Emma's violin", "en", "I don't have anything about Emma's violin."),
]


@pytest.fixture
async def household(hass: HomeAssistant, memory: Memory) -> MockConfigEntry:
    for path, (title, description, lines) in NOTES.items():
        for number, line in enumerate(lines):
            details = {"title": title, "description": description, "sensitive": False}
            memory.writer.append("desk", path, line, **(details if not number else {}))
    assert await async_setup_component(hass, "conversation", {})
    return await add_entry(hass, memory)


async def ask(hass: HomeAssistant, text: str, language: str) -> str:
    result = await conversation.async_converse(hass, text, None, Context(), language=language)
    assert result.response.intent is not None, text
    assert result.response.intent.intent_type.startswith("Memoire"), text
    speech: str = result.response.speech["plain"]["speech"]
    return speech


async def test_a_fact_question_is_answered_from_the_lines_that_hold_it(
    hass: HomeAssistant, household: MockConfigEntry, snapshot: SnapshotAssertion
) -> None:
    said = {text: await ask(hass, text, language) for text, language in QUESTIONS}
    assert said["What day are the bins collected?"].endswith(
        "2026-11-24: from December the grey bin is collected on Wednesday."
    )
    assert said["When do I put the recycling out?"] == (
        "Bins: Yellow bin (recycling: plastic, cans, cardboard): every other Thursday."
    )
    assert "7:40" in said["What time does Emma catch the bus?"]
    assert "21 December" in said["When is Grandma Rose arriving for Christmas?"]
    assert said["When is the chimney sweep coming?"] == (
        "I don't have anything about chimney sweep."
    )
    assert said == snapshot


@pytest.mark.parametrize(("question", "language", "answer"), NOT_THIS_NOTE)
async def test_a_note_sharing_only_a_word_start_or_a_stem_does_not_answer(
    hass: HomeAssistant, household: MockConfigEntry, question: str, language: str, answer: str
) -> None:
    assert await ask(hass, question, language) == answer


async def test_a_title_with_aliases_answers_in_either_language_said_as_asked(
    hass: HomeAssistant, household: MockConfigEntry
) -> None:
    """A household writes "Bins / Poubelles" where it wants both: a French question finds
    the English note, and the answer names it with the word the question used."""
    assert (await ask(hass, "Que sais-tu sur les poubelles ?", "fr")).startswith(
        "Poubelles : Grey bin"
    )
    assert (await ask(hass, "Quand passent les poubelles ?", "fr")).startswith("Poubelles : ")
    assert (await ask(hass, "Tell me about the bins", "en")).startswith("Bins: Grey bin")
