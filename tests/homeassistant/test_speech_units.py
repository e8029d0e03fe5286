"""The choices behind each spoken answer: which lines, which alias, which words match."""

from __future__ import annotations

import pytest

from custom_components.memoire.answers import NoteNames
from custom_components.memoire.languages import Language
from custom_components.memoire.models import MemoryIndex, NoteSummary
from custom_components.memoire.speech import (
    Preference,
    answering_lines,
    covers,
    current_preferences,
    folder_words,
    language_guess,
    matching_preferences,
    preferences_sentence,
    same_word,
)

BODY = "\n".join(
    [
        "# Bicycle",
        "Bought in 2019 at the market.",
        "The bicycle is kept in the cellar.",
        "Chain oiled in March.",
        "Front light replaced in June.",
        "- Rear tyre changed on **28 November**.",
    ]
)


def test_a_note_asked_by_its_name_says_its_first_line_then_the_newest() -> None:
    """Every line of "Bicycle" is about the bicycle: the name chooses the note, not lines."""
    assert answering_lines(BODY, ["Bicycle", "bicycle"], "bicycle") == (
        "Bought in 2019 at the market. Front light replaced in June. "
        "Rear tyre changed on 28 November."
    )


def test_the_other_words_of_a_question_choose_the_lines_the_rarest_first() -> None:
    body = "\n".join(f"Tyre {number} checked." for number in range(1, 6))
    assert answering_lines(body, ["Tyres"], "tyre") == (
        "Tyre 1 checked. Tyre 4 checked. Tyre 5 checked."
    )
    bins = "\n".join(
        [
            "Grey bin: collected on Tuesday, put it out Monday evening.",
            "Yellow bin (recycling): every other Thursday.",
            "Garden waste: the green bin, collected on Friday.",
            "- 2026-06-02: put the bins out the night before.",
            "- 2026-11-24: the grey bin is collected on Wednesday instead.",
        ]
    )
    # "put … out" are on many lines, "recycling" on one: that one answers.
    assert answering_lines(bins, ["Bins", "bins"], "I put the recycling out") == (
        "Yellow bin (recycling): every other Thursday."
    )
    assert answering_lines(bins, ["Bins", "bins"], "the bins collected") == (
        "Grey bin: collected on Tuesday, put it out Monday evening. Garden waste: the green "
        "bin, collected on Friday. 2026-11-24: the grey bin is collected on Wednesday instead."
    )


def test_a_line_too_long_for_what_is_left_gives_way_never_the_newest() -> None:
    body = "Old fact.\nMiddle fact.\n" + "word " * 70 + "\nNewest fact."
    assert answering_lines(body, ["X"], "nothing matches") == "Old fact. Middle fact. Newest fact."


@pytest.mark.parametrize(
    ("wanted", "word", "same"),
    [
        ("bike", "bikes", True),
        ("temperature", "temperatura", True),
        ("temperature", "temperatuur", True),
        ("temperatur", "temperature", True),
        ("garden", "garder", False),
        ("temperature", "temperament", False),
        ("up", "upstairs", False),
        ("aller", "allergie", False),
        ("pret", "prete", True),
        ("poubelle", "poubelles", True),
        ("bin", "bins", True),
    ],
)
def test_words_match_across_endings(wanted: str, word: str, same: bool) -> None:
    assert same_word(wanted, word) is same


def test_an_alias_is_matched_whichever_is_said_and_said_back() -> None:
    values = {"coffee / café": "espresso", "bedroom temperature / température de la chambre": "18"}
    assert matching_preferences(values, "coffee", Language.EN) == [Preference("coffee", "espresso")]
    assert matching_preferences(values, "le café", Language.FR) == [Preference("café", "espresso")]
    # Both aliases fit "temperature": each language hears its own.
    assert matching_preferences(values, "temperature", Language.FR) == [
        Preference("température de la chambre", "18")
    ]
    assert matching_preferences(values, "temperature", Language.EN) == [
        Preference("bedroom temperature", "18")
    ]


def test_a_key_language_is_guessed_from_its_accents_and_small_words() -> None:
    assert language_guess("température de la chambre") is Language.FR
    assert language_guess("Größe der Schuhe") is Language.DE
    assert language_guess("coffee") is None


def test_preferences_read_as_one_sentence_with_one_capital() -> None:
    found = [Preference("temperature", "21."), Preference("température de la chambre", "18")]
    assert preferences_sentence(found, Language.EN) == (
        "Your temperature is 21 and your température de la chambre is 18."
    )
    assert preferences_sentence(found, Language.FR) == (
        "Temperature : 21 et température de la chambre : 18."
    )


def test_a_note_answers_only_when_it_holds_most_of_the_topics_words() -> None:
    assert not covers("cardiology follow-up", ["Preferences"], ["wake-up time: 07:30"])
    assert covers("yellow bins", ["Bins"], ["The yellow bin goes out on Tuesday."])
    # One word of two, only by a longer word ("prête" is not "prêt"): not this note.
    assert not covers("prêt immobilier", ["Marc"], ["Il nous prête sa remorque."])
    # Only a stem in another language ("cane", French "can", "cans"): not this note.
    assert not covers("cane", ["Bins"], ["Yellow bin (recycling: plastic, cans)."])
    # The question's own words do not count: "Grandma Rose … Christmas" is enough.
    assert covers(
        "Grandma Rose arriving for Christmas",
        ["Grandma Rose"],
        ["She is coming to Annecy for Christmas, flying into Geneva on 21 December."],
    )
    assert not covers("Léo's health", ["Léo"], ["Léo a 8 ans."])
    assert not covers("l'allergie de Léo", ["Routine du soir"], ["Léo va aller se coucher."])
    assert not covers("the", ["The"], ["the"])


def test_folders_are_said_in_the_answers_language() -> None:
    assert folder_words("people", Language.FR) == "les personnes"
    assert folder_words("personnes", Language.EN) == "people"
    assert folder_words("sujets", Language.DE) == "Themen"
    assert folder_words("recipes", Language.IT) == "recipes"


def test_a_word_is_not_taken_for_a_framing_word_once_its_accents_are_folded() -> None:
    values = {"tea / thé": "rooibos", "the car": "blue"}
    assert matching_preferences(values, "le thé", Language.FR) == [Preference("thé", "rooibos")]


def test_a_note_is_named_by_its_whole_title_or_file_name() -> None:
    index = MemoryIndex(
        always_shown=(),
        notes=(
            NoteSummary("topics/velo.md", "Vélo", "", "2026-11-30"),
            NoteSummary("topics/new-bike.md", "Something", "", "2026-11-30"),
        ),
        commit=None,
    )
    named = NoteNames()
    assert named.path_named(index, "velo") == "topics/velo.md"
    assert named.path_named(index, "New bike") == "topics/new-bike.md"
    assert named.path_named(index, "bike") is None
    assert named.path_named(index, "") is None


def test_an_appended_dated_preference_line_is_the_newest_value_of_its_key() -> None:
    """The preferences read "- 2026-11-15: living room temperature: 21" as the key
    "2026-11-15"; a voice must say 21 for the living room, not the 20 written above it."""
    values = {
        "living room temperature / température du salon": "20",
        "bedroom temperature": "18",
        "2026-11-15": "living room temperature / température du salon: 21",
    }
    found = matching_preferences(values, "temperature living room", Language.EN)
    assert found == [Preference("living room temperature", "21")]
    assert current_preferences(values)["bedroom temperature"] == "18"


def test_a_note_answers_by_the_words_of_one_line_not_words_scattered_over_lines() -> None:
    journal = ["2026-11-22: finished Declan's mandolin.", "2026-11-27: anniversaire de Mamie Jo."]
    assert not covers("anniversaire de declan", ["Journal"], journal)
    assert covers("anniversaire de declan", ["Journal"], ["Declan : anniversaire le 19."])


def test_a_note_not_named_by_the_topic_needs_a_lines_very_word() -> None:
    """ "bins" is not the "bin lorry" a child wants for Christmas; "bikes" named in the
    title still finds "Bike"."""
    assert not covers("bins", ["Christmas gifts"], ["Owen: a bin lorry."])
    assert covers("bins", ["Bins"], ["Grey bin on Tuesday."])
    assert covers("peanuts", ["Nina"], ["Allergic to peanuts."], person=True)


def test_a_persons_note_does_not_answer_the_askers_own_question() -> None:
    etienne = ["Supporte les Canadiens ; se lève la nuit pour les matchs."]
    assert not covers("je me lève", ["Étienne"], etienne, person=True)
    assert covers("étienne se lève", ["Étienne"], etienne, person=True)


def test_an_english_ing_or_ed_ending_is_the_same_word() -> None:
    assert same_word("sweep", "sweeping")
    assert same_word("book", "booked")
    assert not same_word("bed", "bedding")


def test_a_name_in_brackets_lets_the_lines_saying_it_answer() -> None:
    """ "Chimney sweeping (ramonage)": the booking says "ramonage", not "sweep"."""
    body = "\n".join(
        [
            "Pellet boiler (chaudière à granulés) in the cellar.",
            "Chimney sweeping (ramonage) every year before Christmas.",
            "Annual boiler service: technician Julien.",
            "- 2026-11-20: ramonage of the wood stove booked for 10 December.",
        ]
    )
    assert answering_lines(body, ["Heating"], "the next chimney sweep") == (
        "Chimney sweeping (ramonage) every year before Christmas. "
        "2026-11-20: ramonage of the wood stove booked for 10 December."
    )
    assert "Julien" in answering_lines(body, ["Heating"], "la chaudière")
