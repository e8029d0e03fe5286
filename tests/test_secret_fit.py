"""The fit of the secret scorers (bench/secrets_fit_slots.py): what it teaches from a note."""

import sys
from pathlib import Path

from memoire.core.secrets import SecretFamily
from tests.secret_corpus import CorpusEntry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from secrets_fit_slots import NOT_SECRET, SECRET, UNKNOWN, note_of, weighted


def test_the_other_secrets_of_a_secret_note_can_be_left_out_of_the_fit() -> None:
    """A row names one secret; the note's other pairs may be secrets too (a second login's
    password, a security answer). With `--other-pairs unknown` (the default) they are taught as
    secrets when a rule finds them, left out otherwise, never taught as "not a secret"."""
    text = (
        "Allotment society\n"
        "treasurer login: Courgette!Marrow77\n"
        "shed padlock: 5093\n"
        "memorable word: Lavender"
    )
    entry = CorpusEntry(text, SecretFamily.KEYWORD_VALUE, "logins", "en", "Courgette!Marrow77")
    labels = [label for _, label in note_of("test", entry, UNKNOWN).pairs]
    assert SECRET in labels
    assert NOT_SECRET not in labels


def test_every_pair_of_a_hard_negative_is_taught_as_no_secret() -> None:
    text = "Allotment society\nshed rota: 5093 plots\nmemorable day: the Lavender fair"
    entry = CorpusEntry(text, None, "rota", "en", None)
    for other in (NOT_SECRET, UNKNOWN):
        note = note_of("test", entry, other)
        assert note.pairs
        assert {label for _, label in note.pairs} == {NOT_SECRET}


def test_a_secret_note_no_rule_finds_weighs_more_and_corpora_can_weigh_alike() -> None:
    """The sample weights of the fit: a secret note the rules miss is what the slots are for;
    balanced, a corpus of two notes weighs together what a corpus of one does."""
    found = CorpusEntry(
        "wifi password: Courgette!Marrow77", SecretFamily.KEYWORD_VALUE, "", "en", None
    )
    missed = CorpusEntry("the side door: the usual", SecretFamily.KEYWORD_VALUE, "", "en", None)
    negative = CorpusEntry("shed rota: 5093 plots", None, "", "en", None)
    notes = [note_of("big", found), note_of("big", missed), note_of("small", negative)]
    assert notes[0].by_rules
    assert not notes[1].by_rules
    missed_weights = [note.weight for note in weighted(notes, balance=False, missed=2.0)]
    assert missed_weights == [1.0, 2.0, 1.0]
    balanced = [note.weight for note in weighted(notes, balance=True, missed=1.0)]
    assert balanced[0] + balanced[1] == balanced[2]
