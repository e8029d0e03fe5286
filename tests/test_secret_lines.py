"""The line scorer (core/secrets/lines.py): a code or password given on a line with no secret
noun, judged by its line and the line before it; the look-alikes of the same shapes; and its
shortcut (a token left once the features still unread cannot lift it) against the full score.

The scorer is not yet one of find_secrets' steps (it costs more than the guard's speed budget
allows: bench/secrets_lines.md, section 3), so it is asked here directly."""

import pytest

from memoire.core.secrets import find_secrets
from memoire.core.secrets.line_weights import THRESHOLD
from memoire.core.secrets.lines import candidates, find_line_secrets, score
from memoire.core.secrets.slots import SLOT_RULE
from memoire.core.secrets.text import lowered
from tests.secret_corpus import SPENT_CORPORA, load_corpus

# Each one's secret, which no rule and no (noun, value) pair of the start code finds.
CAUGHT = {
    "address-plus-password-en": (
        "Old Hotmail for Grandpa — his mail + Tortoise&Lettuce54\n(to get the wedding photos back)",
        "Tortoise&Lettuce54",
    ),
    "address-plus-password-fr": (
        "Compte Netflix de tata : son mail + Tortue&Salade54",
        "Tortue&Salade54",
    ),
    "chat-reply-with-the-password-fr": (
        "[SMS 08:12] Paul : tu me redonnes celui du wifi ?\n[08:13] Moi : Tartine_Beurre4",
        "Tartine_Beurre4",
    ),
    "one-time-codes-under-their-heading-fr": (
        "Codes à usage unique du compte impots (imprimés le 03/05)\n40718263\n81529047\n36074192",
        "81529047",
    ),
    "login-slash-password-in-a-list-en": (
        "- renew passport\n- library account tbrown / Otter2017? then return the books\n- call"
        " plumber",
        "Otter2017?",
    ),
}
# Tokens of the same shapes (digits, letters mixed with digits, a symbol inside a word) that
# people write beside no secret.
LOOKALIKES = {
    "hashtag-event-handle": "Follow us @the_rusty_kettles #Harvest2024 see you at Paris2024",
    "handle-then-words": "Nouvelle page Insta\n@jardins_partages_lyon\nabonnez-vous !",
    "room": "Meeting moved to room 412, 4th floor",
    "salle": "Réunion salle 204 à 14h30",
    "invoice-price": "Invoice INV-20931 paid, €120 total",
    "order": "Order #558812 shipped via Colissimo",
    "version": "Upgraded the router firmware to 2.4.1 yesterday",
    "file-names": "Attached report_2023.pdf and budget-v3.xlsx",
    "phone": "Appelle le cabinet au 04 72 10 33 21",
    "year-in-prose": "Le club a été fondé en 1964 par trois amis",
    "channel": "VHF channel 72 for the race officer",
    "products": "Bought an iPhone 15 and a PS5 for Noël",
    "bus-stop": "Take the 7B bus to stop 1142",
    "recipe": "Cake: 250g flour, 3 eggs, 180°C for 35 min",
    "code-elsewhere": "the code is on the fridge, ask Anna",
    "handle-then-event-en": "Choir account\n@st_marys_choir\nConcert2025 rehearsals start Monday",
    "mail-plus-attachment-fr": "Envoie à son mail + la facture F2024-118 en PDF",
}


@pytest.mark.parametrize(("text", "secret"), CAUGHT.values(), ids=CAUGHT.keys())
def test_a_secret_given_without_a_noun_is_caught_by_its_line(text: str, secret: str) -> None:
    found = [(rule, text[start:end]) for rule, start, end in find_line_secrets(text, lowered(text))]
    assert (SLOT_RULE, secret) in found


@pytest.mark.parametrize("text", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_a_token_of_the_same_shape_beside_no_secret_passes(text: str) -> None:
    assert find_secrets(text) == []
    assert list(find_line_secrets(text, lowered(text))) == []


def test_the_shortcut_never_drops_a_token_that_scores_over_the_threshold() -> None:
    """find_line_secrets leaves a token once the features it has not read cannot lift it to
    the threshold: on every note of the spent corpora, it keeps exactly the tokens whose full
    score reaches it."""
    texts = [entry.text for path in SPENT_CORPORA for entry in load_corpus(path)]
    texts += [text for text, _ in CAUGHT.values()] + list(LOOKALIKES.values())
    over = 0
    for text in texts:
        lower = lowered(text)
        kept = [(start, end) for _, start, end in find_line_secrets(text, lower)]
        full = [(c.start, c.end) for c in candidates(text, lower) if score(c.features) >= THRESHOLD]
        assert kept == full, text
        over += len(full)
    assert over > 0  # the check saw tokens over the threshold, not only tokens under it
