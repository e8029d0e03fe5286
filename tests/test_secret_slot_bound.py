"""The secret slots' shortcut (slot_bound.py) decides as the plain scorer does.

The guard asks `slots(..., winners_only=True)`, which drops a pair once the most it can still
score is under the threshold. Dropping one that would have scored over it would let a secret
through; keeping one under it changes nothing (the scorer skips it). Checked on every pair of
the spent corpora; tests/test_secret_decisions.py checks the guard's findings, which go through
it, on those rows joined into notes and on notes built to be slow.
"""

import pytest

from memoire.core.secrets import find_secrets
from memoire.core.secrets.pairs import Slot, slots
from memoire.core.secrets.slot_weights import THRESHOLD
from memoire.core.secrets.slots import score
from memoire.core.secrets.text import lowered
from tests.secret_corpus import SPENT_CORPORA, load_corpus


def _key(slot: Slot) -> tuple[str, int, int, tuple[str, ...]]:
    return slot.label, slot.start, slot.end, tuple(sorted(slot.features))


def test_the_shortcut_keeps_every_pair_that_scores_over_the_threshold() -> None:
    dropped_winners, invented, pairs, winners = [], [], 0, 0
    for text in (entry.text for path in SPENT_CORPORA for entry in load_corpus(path)):
        lower = lowered(text)
        plain = list(slots(text, lower))
        kept = {_key(slot) for slot in slots(text, lower, winners_only=True)}
        wanted = [_key(slot) for slot in plain if score(slot) >= THRESHOLD]
        pairs += len(plain)
        winners += len(wanted)
        dropped_winners.extend(pair for pair in wanted if pair not in kept)
        invented.extend(kept - {_key(slot) for slot in plain})
    assert not dropped_winners, (
        f"{len(dropped_winners)} winning pairs dropped: {dropped_winners[:5]}"
    )
    assert not invented, f"{len(invented)} pairs the plain segmentation never gives: {invented[:5]}"
    assert winners > 1_000  # the check saw both kinds of pair
    assert pairs > 2 * winners


def test_the_shortcut_drops_most_pairs_of_a_note_without_secrets() -> None:
    """A shortcut that dropped nothing would pass the test above and save nothing."""
    text = "\n".join(
        f"- room {n}: code postal 750{n:02d}, order #{n}A, see the password policy"
        for n in range(40)
    )
    lower = lowered(text)
    plain = list(slots(text, lower))
    kept = list(slots(text, lower, winners_only=True))
    assert plain
    assert len(kept) * 10 <= len(plain)
    assert not list(find_secrets(text))


@pytest.mark.parametrize(
    "note",
    [
        "wifi password: Kx8#mq2L",
        "le code du portail c'est 4471 puis #",
        "alarm code changed to 9182",
        "security answer: Biscuit",
        "code du cadenas : quatre neuf un sept",
    ],
)
def test_a_secret_is_still_found_through_the_shortcut(note: str) -> None:
    lower = lowered(note)
    winners = [_key(slot) for slot in slots(note, lower) if score(slot) >= THRESHOLD]
    assert winners
    assert set(winners) <= {_key(slot) for slot in slots(note, lower, winners_only=True)}
