"""Codes named by their place or their use without the word "code" (place_codes.py) and chat
replies to "PIN?" and "le code ?" (layouts.py).

Each kind is written in other words than the spent corpora's rows it stands for, in English and
French; the look-alikes of the same shapes (sizes, floors, prices, capacities, marks,
extensions, ages, a year, a time, a phone number, a flight, a code withheld) pass.
"""

import pytest

from memoire.core.secrets import SecretFamily, find_secrets


def found(text: str) -> list[str]:
    return [
        text[finding.start : finding.end]
        for finding in find_secrets(text)
        if finding.family is SecretFamily.KEYWORD_VALUE
    ]


# --- Codes named by their place or their use, without the word "code" (place_codes.py), and
# chat replies to a code asked for (layouts.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Kitchen pantry lock: 3391", "3391"),
        ("staff room door after 6pm is 5512#", "5512#"),
        ("les WC du personnel : 7731", "7731"),
        ("Cage d'escalier B : 0940#", "0940#"),
        ("Caravan toilet block: B2207", "B2207"),
        ("Shower block 4471#", "4471#"),
        ("Staff entrance\n5519#", "5519#"),
        ("local vélos C4X9", "C4X9"),
        ("entrée immeuble : 62#15", "62#15"),
        ("Pour la baby-sitter :\n* goûter à 16h\n* porte d'entrée 47 09", "47 09"),
        ("Bike cage at work: 12-44-09", "12-44-09"),
        ("Changing room toilets are 1998\nsame as the year we opened", "1998"),
        ("code responsable sur la caisse 8814", "8814"),
        ("supervisor override: 40917", "40917"),
        ("Barclays telephone banking\nsecurity number 58201", "58201"),
        ("[09:12] Sam: front door keypad?\n[09:13] Jo: 5819", "5819"),
        ("WhatsApp 21:05 Kim: van tablet locked, PIN?\n21:06 Me: 551034", "551034"),
        ("lun. 08:10 – Marc : le code du local ?\nlun. 08:11 – Léa : 4 4 1 9", "4 4 1 9"),
        ("— La porte de derrière, c'est quoi le code ?\n— 8813, tu pousses fort", "8813"),
    ],
)
def test_codes_named_by_their_place_or_use_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Room 2014 is the staff toilet",
        "The staff toilet is on floor 2",
        "The staff toilet is opposite room 2014",
        "Toilets open from 0800 to 2000",
        "Toilets: 2nd door on the left",
        "Staff toilet cleaned at 1400",
        "The toilet block was built in 1954",
        "Showers: 6 cubicles",
        "the kitchen opened in 2014",
        "entrée : 12 €",
        "entrée immeuble : 41 rue des Lilas",
        "side entrance after 7pm is closed, use the front desk",
        "entrée du personnel côté parking",
        "porte d'entrée 2, bâtiment B",
        "Caravan site: pitch C19",
        "the meeting moved to 23h12",
        "Alarm went off at 23h12 in the shed",
        "Cave : 12x30 cm",
        "Cave : 12-03-24 livraison",
        "Tool cage at the depot: 7 drills, 3 saws",
        "Bike cage: 12 places",
        "code manager for the 2290 series",
        "code gérant : demandez à Marc",
        "social security number 1234567",
        "numéro de sécurité sociale 18512",
        "Co-op telephone banking\ntelephone number 0345 721 3213",
        "Sam: what time?\nJo: 1830",
        "Sam: how much was it?\nJo: 2400",
        "Tom: what room?\nMeg: 2014",
        "Tom: PIN?\nMeg: it's on the fridge",
        "Léa : le code ?\nMarc : demande à papa",
        "— Tu as le code postal ?\n— 75011",
        "— Quel code promo ?\n— ETE2024",
        "— Le code de la porte ?\n— Demande à la gardienne",
        "— C'était quand déjà ?\n— 1998",
    ],
)
def test_places_times_and_other_numbers_pass(text: str) -> None:
    assert find_secrets(text) == []
