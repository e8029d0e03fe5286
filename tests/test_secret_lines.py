"""The line scorer (core/secrets/lines.py): a code or password given on a line with no secret
noun, judged by its line and the line before it; the look-alikes of the same shapes; and its
shortcut (a token left once the features still unread cannot lift it) against the full score.

The scorer is asked here directly; its second model (line_kind_weights.py) reads what the
first does not: digits typed one at a time, words joined by dashes, the line above the line
before, a list's heading and the value's kind in its context (bench/secrets_lines.md,
section 8)."""

import pytest

from memoire.core.secrets import find_secrets
from memoire.core.secrets.lines import candidates, find_line_secrets, is_line_secret
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
    # The second model's, in words of their own: joined words, a chat reply to an unlock.
    "joined-words-after-a-network-fr": (
        "Wifi du chalet : Chalet_Edelweiss, mot à taper « marmotte-et-myrtille »",
        "marmotte-et-myrtille",
    ),
    "joined-words-after-an-address-fr": (
        "Boîte mail du festival : contact@festival-loire.fr, « Guinguette-Bords-44 »",
        "Guinguette-Bords-44",
    ),
    "chat-reply-to-an-unlock-en": (
        "[23:05] Max: what's the lab PC unlock again\n[23:05] Noor: Centrifuge4!  (capital C)\n"
        "[23:06] Max: cheers",
        "Centrifuge4!",
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
    # The second model's tokens beside no secret: digits one at a time, joined words.
    "breathing-count": "Breathing exercise: 4-7-8, three rounds before bed",
    "desk-extension": "Call the IT helpdesk x4421 if your login fails twice",
    "hyphenated-names-fr": "Le week-end prochain, peut-être chez Marie-Claire",
    "table-numbers": "Table plan: guests at tables 1 3 5 7, band on the left",
    "bus-route": "Bus route 2-4-6 runs every ten minutes",
    "hyphenated-words": "Follow the signs to the drop-off-point near gate B",
    "running-order-fr": "Ordre de passage : 3 1 4 2, puis la finale",
    "darts-score": "Darts tonight: we finished 3 0 1 up, next leg at nine",
    "knitting-repeat": "Knitting pattern row 4: k2 p2, repeat 1 2 1 2 to the end",
    "team-lineup": "Team lineup for Saturday: 9 7 4 1 up front, the rest on the bench",
    "book-titles": "Reading list: the-name-of-the-wind, then a re-read of the hobbit",
    "parking-space-fr": "Parking du cinéma : niveau -2, place 1 4 8",
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
    either model's threshold: on every note of the spent corpora, it keeps exactly the tokens
    whose full scores one of the two models takes."""
    texts = [entry.text for path in SPENT_CORPORA for entry in load_corpus(path)]
    texts += [text for text, _ in CAUGHT.values()] + list(LOOKALIKES.values())
    over = 0
    for text in texts:
        lower = lowered(text)
        kept = [(start, end) for _, start, end in find_line_secrets(text, lower)]
        full = [(c.start, c.end) for c in candidates(text, lower) if is_line_secret(c)]
        assert kept == full, text
        over += len(full)
    assert over > 0  # the check saw tokens over the threshold, not only tokens under it
