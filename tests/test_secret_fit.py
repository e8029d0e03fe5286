"""The fit of the secret scorers (bench/secrets_fit_slots.py): what it teaches from a note."""

import sys
from pathlib import Path

from memoire.core.secrets import SecretFamily
from tests.secret_corpus import CorpusEntry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from secrets_fit_slots import NOT_SECRET, SECRET, UNKNOWN, note_of


def test_the_other_secrets_of_a_secret_note_can_be_left_out_of_the_fit() -> None:
    """A row names one secret; the note's other pairs may be secrets too (a second login's
    password, a security answer). With `--unlabel-other-pairs` they are taught as secrets when
    a rule finds them, left out otherwise, never taught as "not a secret"."""
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
