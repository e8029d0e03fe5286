"""More ways of asking, and notes that must stay silent, word for word.

The shapes ("how does …", "remind me what …", "c'est qui …", "comment s'appelle …",
"was hat … gesagt", "qué dijo …", "wat heeft … gezegd", "cosa ha detto …") hand their
topic to the same answering path as every memory question. The silent cases are the wrong
notes a blind set heard: a child's note answering "bins" because he loves "bin lorries",
a partner's note answering "when do I get up" because he "se lève la nuit", a neighbour's
or the journal's note answering a question whose two words sit in two unrelated lines.
"""

from __future__ import annotations

import pytest
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry
from syrupy.assertion import SnapshotAssertion

from .conftest import Memory, add_entry
from .test_questions import ask

NOTES = {
    "people/owen.md": (
        "Owen",
        "Our son Owen, 4",
        [
            "Doudou: a blue rabbit called Lapinou.",
            "Loves dinosaurs, diggers and bin lorries.",
            "2026-11-25: now wants a bin lorry for Christmas.",
            "Swimming on Sunday at 10:00.",
        ],
    ),
    "people/etienne.md": (
        "Étienne",
        "Étienne, luthier",
        [
            "Café : un allongé, sans sucre.",
            "Supporte les Canadiens ; se lève la nuit pour les matchs.",
        ],
    ),
    "people/bernard.md": (
        "Bernard",
        "Le voisin d'en face",
        [
            "Il arrose les plantes quand on part.",
            "2026-11-23: d'accord pour nourrir Pixel pendant le voyage en Irlande.",
        ],
    ),
    "journal/2026-11.md": (
        "Journal — November 2026",
        "",
        [
            "2026-11-22: Étienne finished the back of Declan's mandolin.",
            "2026-11-27: anniversaire de Mamie Jo, appel vidéo.",
        ],
    ),
    "domains/biscotte.md": (
        "Biscotte",
        "Our dog",
        ["The vet said her weight should stay under 9.5 kg.", "Walks at 7 and 18."],
    ),
    "topics/recipes.md": (
        "Recipes",
        "Family recipes",
        ["Tartiflette: reblochon, potatoes, lardons, onions.", "Soda bread: 425 g flour."],
    ),
    "topics/books.md": ("Books", "What we read", ["Reading now: The Island, by Victoria Hislop."]),
    "domains/heating.md": (
        "Heating",
        "Boiler and stove",
        ["Chimney sweeping every year before Christmas.", "2026-11-20: booked for 10 December."],
    ),
    "domains/pixel.md": (
        "Pixel",
        "Notre chat",
        ["Litière changée tous les samedis.", "Vermifuge : le prochain en janvier."],
    ),
    "topics/christmas-gifts.md": ("Christmas gifts", "", ["Owen: a bin lorry, a torch."]),
    "topics/zwemles.md": ("Zwemles", "", ["Owen heeft zwemles op zondag om 10:00."]),
}

PREFERENCES = [
    "- living room temperature / température du salon: 21",
    "- bedroom temperature / température de la chambre: 18",
    "- kids' room temperature / température chambre des enfants: 19",
]

SHAPES = [
    ("remind me what the vet said about biscotte", "en"),
    ("what do I need for a tartiflette", "en"),
    ("whats the name of owen's doudou", "en"),
    ("whens owen's swimming", "en"),
    ("c'est qui bernard", "fr"),
    ("comment s'appelle le doudou d'owen", "fr"),
    ("tu te rappelles ce qu'a dit le vet pour biscotte", "fr"),
    ("was hat der vet über biscotte gesagt", "de"),
    ("wann hat owen swimming", "de"),
    ("qué dijo el vet de biscotte", "es"),
    ("wat heeft de vet gezegd over biscotte", "nl"),
    ("cosa ha detto il vet di biscotte", "it"),
    ("come prende il café etienne", "it"),
    ("what temperature do we like in the living room", "en"),
    ("quelle température pour la chambre", "fr"),
    ("comment étienne prend son café", "fr"),
    ("on change la litière de pixel quel jour", "fr"),
    ("le vermifuge de pixel c'est pour quand", "fr"),
    ("what am i reading at the moment", "en"),
    ("when is the next chimney sweep", "en"),
    ("what are we getting owen for christmas", "en"),
    ("hoe laat gaat owen naar zwemles", "nl"),
]

# Each was answered from a note that does not answer it; each must say "nothing".
SILENT = [
    ("when do the bins go out", "en", "I don't have anything about bins."),
    ("à quelle heure je me lève", "fr", "Je n'ai rien sur lève."),
    ("quand est-ce qu'on part en irlande", "fr", "Je n'ai rien sur qu'on part en irlande."),
    ("c'est quand l'anniversaire de declan", "fr", "Je n'ai rien sur anniversaire de declan."),
]


@pytest.fixture
async def household(hass: HomeAssistant, memory: Memory) -> MockConfigEntry:
    for path, (title, description, lines) in NOTES.items():
        for number, line in enumerate(lines):
            details = {"title": title, "description": description, "sensitive": False}
            memory.writer.append("desk", path, line, **(details if not number else {}))
    for line in PREFERENCES:
        memory.writer.append("desk", "preferences.md", line)
    assert await async_setup_component(hass, "conversation", {})
    return await add_entry(hass, memory)


async def test_each_shape_is_answered_from_the_note_in_each_language(
    hass: HomeAssistant, household: MockConfigEntry, snapshot: SnapshotAssertion
) -> None:
    said = {text: await ask(hass, text, language) for text, language in SHAPES}
    assert "9.5 kg" in said["remind me what the vet said about biscotte"]
    assert "reblochon" in said["what do I need for a tartiflette"]
    assert "Lapinou" in said["comment s'appelle le doudou d'owen"]
    assert said["what temperature do we like in the living room"] == (
        "Your living room temperature is 21."
    )
    assert said["quelle température pour la chambre"] == "Température de la chambre : 18."
    assert said["when is the next chimney sweep"].startswith("Heating: Chimney sweeping")
    assert said == snapshot


@pytest.mark.parametrize(("question", "language", "answer"), SILENT)
async def test_a_note_matched_by_a_side_word_or_scattered_words_stays_silent(
    hass: HomeAssistant, household: MockConfigEntry, question: str, language: str, answer: str
) -> None:
    assert await ask(hass, question, language) == answer
