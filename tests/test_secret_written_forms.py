"""Codes and passwords in the forms people write them without a label and a value: digits said
after "tu fais" or a keypad, or with dashes when the code is new (spoken_digits.py); a first
password a forwarded account mail calls a "temporary logon" (the package's keyword words); a
word set on a letter lock's wheels (letter_locks.py); digits typed one at a time with spaces
(spaced_digits.py).

Each kind is written in words of its own, English and French; the look-alikes of the same
shapes (a phone number called, a room, a dial's mode, a count, a score, a lottery draw, a
withheld value) pass.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("pour le portail de derrière tu fais zéro, huit, huit, deux", "zéro, huit, huit, deux"),
        ("Alarm at the depot: type nine four zero six and leave", "nine four zero six"),
        ("the garage keypad is now two-seven-seven-one, tell the kids", "two-seven-seven-one"),
        (
            "le combo du vestiaire a changé, maintenant c'est neuf-deux-zéro-cinq",
            "neuf-deux-zéro-cinq",
        ),
        (
            "Voice note: shed padlock combination reset, it's three-one-eight-eight now",
            "three-one-eight-eight",
        ),
        ("Mémo : le clavier du garage c'est cinq, huit, zéro, deux", "cinq, huit, zéro, deux"),
        ("the keypad by the staff room door, it's six one one four", "six one one four"),
        (
            "le clavier de la salle de sport a changé : quatre, zéro, zéro, neuf",
            "quatre, zéro, zéro, neuf",
        ),
    ],
)
def test_digits_said_after_a_keypad_or_a_verb_of_typing_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("FW: payroll portal — username k.osei, temporary logon Harbour!2291", "Harbour!2291"),
        ("Fwd: council tax account — temp sign-in Kx82!harbour, expires in 48h", "Kx82!harbour"),
        ("Your initial logon: Pq7#vhT2mm — you will be asked to change it", "Pq7#vhT2mm"),
        (
            "> your temporary phrase is Lantern-Quay-5520, change it at first logon",
            "Lantern-Quay-5520",
        ),
        (
            "Mail transféré : identifiant m.durand, phrase de connexion : Marée#Haute2025",
            "Marée#Haute2025",
        ),
        ("TR: portail mutuelle — phrase de connexion provisoire Tulipe!8842", "Tulipe!8842"),
    ],
)
def test_a_first_password_a_forwarded_mail_gives_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("bike lock is the letter kind: spin the letters round to BRAVO", "BRAVO"),
        ("Le casier de Léa : tourne les roues sur LOUP puis tire", "LOUP"),
        ("Cupboard word lock: OTTER (capitals don't matter)", "OTTER"),
        ("cadenas à lettres du cabanon = MIEL", "MIEL"),
        ("line up TIGER on the wheels and pull the shackle", "TIGER"),
        ("la malle du grenier s'ouvre en mettant ORAGE sur les molettes", "ORAGE"),
    ],
)
def test_a_word_set_on_a_letter_locks_wheels_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("- chariot de médicaments : 4 8 1 5", "4 8 1 5"),
        ("Opening up\n- lights\n- tills\n- meds trolley: 3 6 1 9", "3 6 1 9"),
        ("| Door | Opens with |\n|---|---|\n| Loading bay | 8 2 2 0 |", "8 2 2 0"),
        ("Casier du vestiaire : 7 0 4 1", "7 0 4 1"),
    ],
)
def test_digits_typed_with_spaces_are_read_as_the_code_they_spell(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        # spoken digits
        "the keypad is by room nine, ring four-one-two-one-zero for the porter",
        "the keypad is dead, call Dave on seven seven zero one nine",
        "le clavier de la chambre deux zéro quatre six ne marche plus",
        "type one-two-three-four and you'll see the demo",
        "Call the office, extension four-four-one-two, and ask for the code",
        # temporary logons
        "Your temporary logon expires in 24 hours.",
        "temporary logon phrase sent by post, see the letter",
        'The temporary phrase "close the gate" is on the sign',
        "Logon phrase: the one on the sticker",
        "phrase de connexion : demandez-la à l'accueil",
        "Your temporary sign-in is at the front desk from 9am",
        "initial logon at 09:30, ticket REQ-20931",
        # letter locks
        "roll the wheels to the car park and leave them by the van",
        "turn the dials to OFF before you leave",
        "mets les molettes sur AUTO pour la nuit",
        "set the dial to DEFROST for ten minutes",
        "the wheels of the BMW need new tyres",
        "Letter lock: ask Dave for the word",
        "put NASA stickers on the wheels of the skateboard",
        "the kids painted the letters RED on the wheels",
        # spaced digits
        "[23:02] Yann : appelle Securitas au 0 800 44 21 10, ils la coupent à distance",
        "Kids' shoe sizes: 4 7 9 2",
        "Lotto numbers this week: 3 7 9 2 5 8",
        "Count the boxes: 1 2 3 4 5",
        "Scores: 3 1 2 0 after four rounds",
        "Bus times from the stop: 7 3 4 1",
        "Order ref 4 8 1 5 9 2 for the printer",
        "Tables for the quiz: 4 8 1 5",
    ],
)
def test_lookalikes_of_written_forms_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Coffre de la cave : deux tours à gauche jusqu'au 36, à droite jusqu'au 12, à gauche "
            "jusqu'au 5",
            "36",
        ),
        ("Garage safe: right until 14, left until 50, right until 3", "14"),
        ("Gun cabinet: turn left up to 31, right up to 9, left up to 55", "31"),
    ],
)
def test_dial_turns_to_a_number_said_otherwise_are_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "Drive straight until 14 then turn left until the lights, right until 3 roundabouts",
        "Tricot : à droite jusqu'au 18e rang, à gauche jusqu'au 4e, à droite jusqu'au bout",
        "Bus: left up to the 14 stop, right up to 9th street, it's 55 minutes",
    ],
)
def test_lookalikes_of_dial_turns_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password for the alarm panel is FALCON, all in capitals", "FALCON"),
        ("le mot de passe de la tablette c'est MIRABELLE en majuscules", "MIRABELLE"),
        ("mdp du routeur de la cave : GRENIER (tout en majuscules)", "GRENIER"),
        ("passcode on the old laptop is OTTER uppercase", "OTTER"),
        ("pass code for the keg washer panel is MASHTUN in caps", "MASHTUN"),
    ],
)
def test_a_word_to_type_in_capitals_after_a_password_noun_is_refused(
    text: str, secret: str
) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "the password rules say USE in caps at least once",
        "password is NOT in caps, remember",
        "le mot de passe est ENCORE en majuscules, tape-le en minuscules",
        "Your bus pass code is on the back of the card",
        "Pass code review to Sam before Friday",
    ],
)
def test_lookalikes_of_words_in_capitals_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- Digits joined by a typographic dash, as a phone or a word processor types it (a
# non-breaking hyphen, an en dash, a minus): the same code as with a hyphen (hold-out 25's seven
# "3-0-3-0" typed so), and the same look-alikes (ranges, orders, scores, dates, phones) still pass.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Boîte à clés du garage : 5\u20111\u20119\u20112, remettre la clé après.",
            "5\u20111\u20119\u20112",
        ),
        ("Key safe by the back door: 7\u20113\u20114\u20111", "7\u20113\u20114\u20111"),
        (
            "Alarm at the unit: disarm with 2\u20136\u20130\u20134 then tick.",
            "2\u20136\u20130\u20134",
        ),
        ("Cadenas du local vélos : 0\u22124\u22128\u22128", "0\u22124\u22128\u22128"),
        ("Gate code 1\u20129\u20127\u20123, changes on Friday.", "1\u20129\u20127\u20123"),
    ],
)
def test_digits_joined_by_a_typographic_dash_are_refused(text: str, secret: str) -> None:
    assert any(text[f.start : f.end] == secret for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Rooms 210\u2013245 are on the east wing, 246\u2013260 on the west.",
        "Chambres 12\u201114 au premier, salle 3 au rez-de-chaussée.",
        "Order 4471\u20112209 ships on Monday.",
        "Commande n° 2024\u2011118 : cadenas et boîte à clés.",
        "Price: 12\u201315 € per person, drinks included.",
        "Match on Saturday: we won 3\u20131, next game 14\u201320 May.",
        "Score final : 21\u201118, 21\u201115.",
        "Version 2\u20114\u20111 of the app fixes the login screen.",
        "Réunion le 12\u201105\u20112025 à 14 h, salle B.",
        "Tél. du gardien : 06\u201112\u201134\u201156\u201178",
        "Quiz answer for round 3: 1\u20119\u20116\u20116 (the World Cup year).",
        "Door code: ask the office, it changes 1\u20132 times a year.",
        "Horaires du digicode : actif de 8\u201320 h.",
    ],
)
def test_lookalikes_with_a_typographic_dash_pass(text: str) -> None:
    assert find_secrets(text) == []
