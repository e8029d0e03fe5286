"""The mechanisms of the guard widened to the family of phrasings people use, not one corpus
row's: a chat reply giving a code later in its line or in groups or as a dial, digits spelt and
joined by hyphens, a dial's turns counted or written with arrows.

Every kind below is written in words other than the blind corpus that showed it narrow, in English
and French; each look-alike (a unit, a time, a price, a phone, a booking, a count, a road's
directions, a number said in words) passes.
"""

import pytest

from memoire.core.secrets import SecretFamily, find_secrets


def found(text: str) -> list[str]:
    return [
        text[finding.start : finding.end]
        for finding in find_secrets(text)
        if finding.family is SecretFamily.KEYWORD_VALUE
    ]


# --- A chat reply to someone at a locked thing: the code after "it's", "c'est", "yours is",
# "now", an arrow; typed in groups; a dial turned number by number (chat_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[07:30] Sara: the back gate rejects my fob\n"
            "[07:31] Tom: they changed it, it's 5820 now",
            "5820",
        ),
        (
            "Léa : la grille du garage ne marche plus\nPaul : changé hier, c'est 90 41 désormais",
            "90 41",
        ),
        (
            "[19:02] Jo: forgot the safe again\n[19:03] Kim: turn to 12, then 48, then 7",
            "turn to 12, then 48, then 7",
        ),
        (
            "Chloé : le cadenas du vestiaire me refuse\nMax : normal, c'est 4471 depuis lundi",
            "4471",
        ),
        ("Ravi: stuck at the bike shed, what is it now?\nMo: 58 19 and push hard", "58 19"),
        (
            "Zoé : on m'a demandé le code de l'alarme ?\nLou : toi c'est 7 3 1 9 maintenant",
            "7 3 1 9",
        ),
        (
            "[09:40] Ama: the stock room keypad keeps beeping\n"
            "[09:41] Raj: old one's gone, it's 3306 "
            "since the audit",
            "3306",
        ),
        (
            "Nadia : comment on rentre dans la réserve ?\nYves : 2 8 1 6 #, la lumière à droite",
            "2 8 1 6",
        ),
        (
            "Tess: what's the admin on the copier?\nAl: default was 0000 but I changed it → 62817",
            "62817",
        ),
    ],
)
def test_chat_replies_giving_codes_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "[08:55] Nico: gate won't take my usual\n"
        "[08:56] Kelly: your unit is 1182 now, ask the office",
        "Ana: stuck at the gate, what time do they open?\nBen: 18 30 I think",
        "Inès : le portail me refuse\nThomas : appelle le gardien, c'est 06 12 34 56 78",
        "[10:02] Ollie: how do I get into the paper store?\n"
        "[10:02] Sam: it's room 1204 now, 2nd floor",
        "Manon : la grille refuse mon badge\nBastien : ta résa c'est 48213 maintenant",
        "[09:00] Kez: the gate won't let me in\n[09:01] Rob: it's 2024 now, renew the badge",
        "Léa : le portail me refuse\nPaul : c'est 25 € le badge maintenant",
        "Léa : le volet de la boutique bloque\nPaul : c'est 12 30 la pause, attends",
        "Sam: locked out of the store?\nJo: booking ref is 448210 now",
        "Sam: gate won't take my card\nJo: it's 12 45 now, they shut at 13 00",
    ],
)
def test_chat_replies_giving_other_numbers_pass(text: str) -> None:
    assert found(text) == []


# --- Digits spelt and joined by hyphens into one word (spoken_digits.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the shed padlock is four-one-nine-two, don't forget", "four-one-nine-two"),
        (
            'Voicemail: "hi it\'s Dan, the unit alarm is zero-eight-six-three then set"',
            "zero-eight-six-three",
        ),
        ("boîte à clés : cinq-zéro-huit-deux", "cinq-zéro-huit-deux"),
        ("le digicode ? neuf-quatre-quatre-un et on pousse", "neuf-quatre-quatre-un"),
        ("alarme du hangar : sept-un-un-deux puis OFF", "sept-un-un-deux"),
    ],
)
def test_digits_spelt_with_hyphens_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "On était quatre-vingt-dix à la fête, vingt-deux enfants",
        "Appelle-moi au zéro-six-douze-trente-quatre",
        "Né le vingt-deux-onze-mille-neuf-cent-quatre-vingt",
        "room number four-one-two-six on the second floor",
        "they counted one-two-three-four and jumped",
        "Mon numéro : zéro six douze trente-quatre cinquante-six",
        "cinq-six enfants max, deux-trois adultes",
    ],
)
def test_numbers_said_with_hyphens_pass(text: str) -> None:
    assert found(text) == []


# --- A dial's turns with arrows for "to", or counted before the turn (place_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("gun cabinet: L 22 → R 3 turns → 9 → L 40", "L 22 → R 3 turns → 9 → L 40"),
        (
            "Safe — right 36, two turns left to 12, then 58 right",
            "right 36, two turns left to 12, then 58 right",
        ),
        (
            "coffre : gauche 30 → droite 2 tours → 17 → gauche 64",
            "gauche 30 → droite 2 tours → 17 → gauche 64",
        ),
        (
            "Combination: 40 left, twice right to 7, then 19 left",
            "40 left, twice right to 7, then 19 left",
        ),
        (
            "le coffre de mamie : 18 à droite, trois tours à gauche jusqu'à 52, puis 9 à droite",
            "18 à droite, trois tours à gauche jusqu'à 52, puis 9 à droite",
        ),
    ],
)
def test_dials_counted_or_with_arrows_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Itinéraire : 2e à droite, 300 m à gauche, puis 1 km à droite",
        "Directions: R → L → R at the roundabout, 2 turns then left to A40",
        "Route: left onto B1234 → right 2 miles → left at 3rd exit",
        "Tricot : 12 à gauche, 2 tours à droite, puis 12 à gauche",
        "Dance: 4 steps left, 2 turns right, 8 counts then 4 left",
        "Rowing drill: L 10 → R 2 turns → 20 → L 30",
    ],
)
def test_directions_and_drills_with_turns_pass(text: str) -> None:
    assert found(text) == []
