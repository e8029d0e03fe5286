"""Codes written at work without a code's noun, the kinds training corpus N showed: a keypad's
code typed key by key, a letter among its digits (spaced_digits.py), and said to be the one now,
a Wi-Fi changed to a new key (set_codes.py), a lock's code written as the rule that makes it and
its result (worked_codes.py), a chat's speaker named with a role, a flat or a number
(chat_codes.py), a lock's code said in words after "it's" or "c'est maintenant"
(spoken_digits.py); and what it showed reads as a code but is none: a number named
by its own noun, a phone number in pairs, the firm one calls when a code is forgotten
(window.py, codes.py, lookalikes.py).

Each kind is written in words of its own, English and French, not the corpus rows it stands
for; the look-alikes of the same sentences (a room, a bus, a ticket's price, a score, a
ranking, a version, a phone number, a year, a code withheld) pass.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values

# --- A code typed digit by digit after a change or "now": keys pressed one at a time name a
# keypad's code on any line, even without a lock's or a code's noun (set_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The cellar under the chapel is now 5 5 0 9, the old one got out.", "5 5 0 9"),
        ("La réserve du bar est désormais 4 1 9 6, ne pas la donner aux extras.", "4 1 9 6"),
        ("Pour le vestiaire des cuisines c'est maintenant 0 3 8 8.", "0 3 8 8"),
        ("Drying room on the quay changed to 7 1 7 3 this morning, tell the crews", "7 1 7 3"),
        ("Le local vélos a été modifié en 5 2 0 6 hier soir.", "5 2 0 6"),
        ("Heads up: the tool cage was reset to 3 9 4 0 after the audit", "3 9 4 0"),
        ("La remise du jardin est passée à 2 0 2 5 (l'ancien circulait trop)", "2 0 2 5"),
        ("Bin store\n• now 6 6 1 8, spin the wheels after", "6 6 1 8"),
    ],
)
def test_a_code_typed_digit_by_digit_after_a_change_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# The same, its digits joined, on a line naming a place that locks (place_codes.LOCKING).
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Info : le local produits chimiques a été changé en 2718 par l'ACMO.", "2718"),
        (
            "Container at the lower landing changed to 8282 after someone nicked two paddles.",
            "8282",
        ),
        ("La réserve du bar est désormais 4196, ne pas la donner aux extras.", "4196"),
        ("Heads up: the tool cage was reset to 3940 after the audit", "3940"),
        ("The boathouse changed to 7719 on Monday.", "7719"),
        ("Le local vélos a été modifié en 5206 hier soir.", "5206"),
        ("La buanderie est passée à 8110.", "8110"),
    ],
)
def test_a_place_that_locks_changed_to_a_code_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "The cellar changed to 1200 bottles after the delivery",
        "Showers are now 0700 to 2200 on weekdays",
        "Le local est désormais 2024 compliant",
        "The boathouse is now 1200 members strong",
        "The workshop is now 1500 sq ft after the extension",
        "Les vestiaires sont désormais 12, plus 4 pour les arbitres",
        "The garage changed to 2400 rpm",
        "The container is now 40ft, not 20ft",
        "Le garage a été changé en 2019 par l'ancien propriétaire",
        "Yard now 1430 closing on Saturdays",
        "Le local est passé à 1200 m2",
        "The bike store changed to 1500 for the annual fee",
        "Le conteneur a été changé en 4417 après le vol de 3 pagaies, numéro sur la facture",
    ],
)
def test_a_place_changed_to_a_number_that_is_no_code_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Le syndic a changé le digicode du parking en 1 7 B 4 depuis lundi.", "1 7 B 4"),
        ("Digicode du hall : 2 9 A 1", "2 9 A 1"),
        ("The bin store keypad is now 7 C 4 0.", "7 C 4 0"),
        ("Le code de la porte de service : 1 B 8 8 puis la clé", "1 B 8 8"),
        ("Code portail 4 0 4 0 B, then push hard", "4 0 4 0 B"),
        ("Bike store keypad: 3 3 D 1", "3 3 D 1"),
        ("Casier 27 à la piscine — code 6 1 9 3 Webhook des alertes : voir le wiki", "6 1 9 3"),
    ],
)
def test_a_code_typed_key_by_key_with_a_letter_is_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "Tables 1 2 3 A B are reserved for the wedding.",
        "Seats 1 2 3 A for the Smiths on the seating plan",
        "Grid squares C 4 5 6 on the map",
        "Question 4 0 1 A in the exam booklet",
        "Row 4 5 6 B of the stand",
        "The running order changed to 3 1 2 4 for the finals.",
        "L'ordre de passage est maintenant 2 4 1 3.",
        "La salle est désormais 1 0 4 2 pour les TD.",
        "Ticket price changed to 1 2 5 0 yen.",
        "The bus is now 4 0 1 7 since the timetable change.",
        "Score is now 3 3 1 0 after the second round.",
        "Call the depot, their number is now 0 1 2 3 4 5 6 7 8 9",
        "Le conteneur a été changé en 2024 après le vol.",
        "The container code changed, ask Jo at the hut for it.",
        "Le local a changé de serrure, demander le code au gardien.",
    ],
)
def test_digits_after_a_change_that_are_no_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A Wi-Fi changed to a made value: its key, not its name (set_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Café wifi changed to PourOver_Please. Chalkboard, not the old one.", "PourOver_Please"),
        ("Guest wifi is now Lavande_88", "Lavande_88"),
        ("Hotspot is now Saucisson!Sec9, tell Marc.", "Saucisson!Sec9"),
        ("J'ai changé le wifi du gîte en Coquelicot_Rouge, refaire l'affiche.", "Coquelicot_Rouge"),
        ("Le wifi de l'atelier est désormais Copeaux&Sciure4", "Copeaux&Sciure4"),
        ("Office wifi was reset to Biscuit_Tin_42 over the weekend", "Biscuit_Tin_42"),
        ("On a modifié le wi-fi des studios en Pivoine2019 (trop de squatteurs)", "Pivoine2019"),
        # the change said, then the key now, maybe in quotes
        (
            "Changed the studio wifi. now it's 'drafting-table-12' (SSID Atelier)",
            "drafting-table-12",
        ),
        ("J'ai changé le wifi des invités, maintenant c'est « tuile-rouge-42 »", "tuile-rouge-42"),
        ("Reset the shop wifi: now Flat-White-Oat-7", "Flat-White-Oat-7"),
    ],
)
def test_a_wifi_changed_to_a_new_key_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "we changed the Wi-Fi network name to Maison-Ludo-2024",
        "Renamed the wifi to Cottage_Guest so people find it.",
        "Changed the wifi to Livebox_Pro_8F2A",
        "Changed the wifi to WPA3 only.",
        "Changed the wifi to the 5GHz band.",
        "The wifi is now Starlink, much faster than before.",
        "Le wifi est maintenant Freebox_Delta, plus rapide.",
        "Changed the wifi to auto-reconnect on the tills.",
        "Wifi changed to 2.4GHz for the printer.",
        "Le wifi a été changé en 2023, nouvelle box.",
        "Le wifi est passé à la fibre, 1 Gb/s.",
        "Wifi password changed, it's on the sticker under the router.",
        "Changed the guest wifi. now it's 'LW-Visitors-2' (the network name)",
        "Changed the guest wifi. now it's on the new router",
        "Changed the office wifi name, now it's 'Bureau-Nord-24'",
        "J'ai changé le wifi, maintenant c'est la fibre",
    ],
)
def test_a_wifi_changed_to_a_name_a_band_or_a_year_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- Beside a code's or a password's noun, what is no code: a number its own noun names ("site
# number", "numéro", "ref"), a phone number written in pairs, the firm or person to call.


@pytest.mark.parametrize(
    "text",
    [
        "Calling the ARC to stand down an alarm: give site number 40991 and the password from "
        "the envelope",
        "Alarm company: quote account number 77310 and the password from the safe.",
        "Pour l'alarme, donner le numéro 40991 puis le mot de passe de l'enveloppe.",
        "Alarm: site ref 20931, the code word is kept by the manager.",
        "Coffre de la chambre Thym : si un client oublie sa combinaison, appeler le SAV Safe&Co "
        "au 04 90 12 34 56, ils ont la clé de secours.",
        "Cadenas du local : combinaison perdue ? appeler Marc au 06 12 34 56 78.",
        "Digicode en panne, appeler le syndic au 01.45.67.89.10",
        "Alarm code forgotten? Ring the monitoring centre on 01 23 45 67 89.",
        "Combinaison oubliée : appeler l'accueil au 04 76 00 11 22 (24h/24).",
        "Safe in room 4: if a guest forgets the combination, call the installer SafeGuard&Co.",
        "Mot de passe du portail oublié : contacter le SAV Portalis_Pro, ils le réinitialisent.",
        "Forgot the alarm code? Ring Secur&Co on the number on the panel.",
        "Code oublié : appelez l'installateur Alarmes&Fils.",
    ],
)
def test_a_number_or_a_name_beside_a_code_that_is_no_code_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Alarm PIN number 4471", "4471"),
        ("alarm code number: 4471", "4471"),
        ("Combinaison du coffre : 12 34 56", "12 34 56"),
        ("Code du cadenas : 04 19 27", "04 19 27"),
        ("Le cadenas de la cave, combinaison 07-14-33-21", "07-14-33-21"),
    ],
)
def test_a_code_named_a_number_or_in_pairs_is_still_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- A lock's code written as the rule that makes it, then its result after an arrow, "=",
# "so", "donc" (worked_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Bike store: our house number twice, so 1414", "1414"),
        ("Garage = 12 x 100 + 34 = 1234", "1234"),
        ("Cabane du jardin : nombre de pommiers fois 100 plus 7, donc 1207", "1207"),
        ("Boathouse: year the club was founded minus 100 → 1832", "1832"),
        ("Le local à vélos = numéro de l'immeuble suivi de 21 → 4721", "4721"),
        ("Workshop door: the last four digits of Dad's old landline reversed = 6604", "6604"),
        ("Cadenas du portillon : la date de naissance de Mamie à l'envers → 8391", "8391"),
    ],
)
def test_a_lock_code_worked_out_from_a_rule_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Garden shed: 3 m × 2 m → 6 m²",
        "Bike store: 12 bikes plus 4 → 16",
        "Locker allocation: 24 staff times 2 = 48 lockers",
        "Portail : travaux prévus en 2023, repoussés plus tard → 2025",
        "Cadenas : 12,99 € plus le port → 15",
        "Garage: number of cars times 2 → 4",
        "Shed rent: 12 months times 40 = 480",
        "Le garage fait 6 m sur 3 plus l'atelier → 2400 cm",
        "Door count for the new build: 14 flats times 3 doors → 42",
        "Bike shed capacity: 40 bikes plus 20 for staff = 60",
        "Shed: built in 1988, extended in 2004 → 2004",
        "Garage extension: 2 walls times 1200 mm = 2400",
        "Cadenas du vélo : code = date d'anniversaire de Léo, il le donnera lui-même.",
    ],
)
def test_a_sum_a_measure_or_a_year_by_a_lock_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A code given in a chat whose speakers are named with a role, a flat or a number in
# brackets, or with French spacing before the colon (chat_codes.SPEAKER).
_NNBSP = "\u202f"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[19:02] Karim (gardien) : quelqu'un a le code de la cave ?\n"
            "[19:05] Mme Roux (apt 12) : 4 7 0 2 puis tu tires",
            "4 7 0 2",
        ),
        (
            "Driver 12 (Sam): depot gate won't open, what is it now\n"
            "Dispatch (Jo): 8 8 1 4 then the green button",
            "8 8 1 4",
        ),
        (
            "Paul (3e étage) : je suis coincé devant le local vélos\n"
            "Inès (RDC) : 5 0 5 9 et tu pousses",
            "5 0 5 9",
        ),
        (f"Nurse 2 (nights){_NNBSP}: drug room keypad?\nSister Kaye{_NNBSP}: 3 1 7 7", "3 1 7 7"),
        (
            f"Léa{_NNBSP}: quelqu'un sait ouvrir le portillon{_NNBSP}?\n"
            f"Marc{_NNBSP}: 9 0 2 1 et tu tires fort",
            "9 0 2 1",
        ),
    ],
)
def test_a_code_in_a_chat_whose_speakers_have_a_role_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "[20:14] Léa (apt 3) : c'est quelle salle pour la réunion ?\n"
        "[20:16] Bruno (apt 8) : 1 0 4 et c'est au 1er",
        "Driver 12 (Sam): what time does the depot gate open?\nDispatch (Jo): 0 6 3 0 on weekdays",
        "Paul (3e étage) : combien coûte le badge du local vélos ?\nInès (RDC) : 1 5 euros",
        f"Nurse 2 (nights){_NNBSP}: which room is Mr Patel in?\nSister Kaye{_NNBSP}: room 1 4",
        f"Léa{_NNBSP}: quelqu'un sait ouvrir le portillon{_NNBSP}?\n"
        f"Marc{_NNBSP}: demande au gardien, je l'ai pas",
        "Karim (gardien) : le local vélos est ouvert quand ?\nMme Roux (apt 12) : de 8 h à 2 0 h",
    ],
)
def test_a_chat_reply_that_is_no_code_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A lock's or a place's code said digit by digit in words after "it's", "is now", "c'est
# maintenant", on a clause naming what locks (spoken_digits.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the garage is now eight four four one", "eight four four one"),
        ("Pour le vestiaire des filles c'est désormais trois neuf zéro sept.", "trois neuf zéro"),
        (
            "Reminder for Tom: the bike shed, it's two six six one, spin the dials",
            "two six six one",
        ),
        ("La boîte aux lettres de l'école : c'est maintenant cinq, zéro, huit, deux", "cinq, zéro"),
        (
            "voice memo: the freezer room lock, it's nine oh four four, tell Ana",
            "nine oh four four",
        ),
        ("Le cadenas du portail, maintenant c'est sept, un, un, trois", "sept, un, un, trois"),
    ],
)
def test_a_lock_code_said_in_words_after_its_is_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "the garage, it's one two three four metres wide",
        "the shed is now four four four four",
        "the garage is now open from eight to four every day",
        "Le local vélos est au numéro quatre deux un sept de la rue",
        "The garage sale is now on, nine till four then one o'clock",
        "La porte c'est maintenant six heures, deux fois par semaine, quatre euros",
        "the garage is now number four two one seven on the new plan",
    ],
)
def test_numbers_said_in_words_by_a_lock_that_are_no_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- Digits said as a radio says them: "niner" is nine (place_codes.DIGIT_WORDS).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "00:47 Control: Alpha 2, confirm access to the server cage\n00:48 A2: negative, how "
            "do I get in\n00:48 Control: one-five-zero-one-niner, reset after",
            "one-five-zero-one-niner",
        ),
        ("Gatehouse keypad code is niner three three one, over.", "niner three three one"),
        ("Unit 4: loading bay door, code niner-zero-seven-two", "niner-zero-seven-two"),
    ],
)
def test_a_code_said_as_a_radio_says_it_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Radio call sign: Tango four niner one five",
        "Control: frequency is one two niner decimal five",
        "Patrol log: vehicle reg niner two four seven checked at 02:10",
        "Control: what's your position? Unit 3: grid niner four two seven, over",
    ],
)
def test_a_radio_number_that_is_no_code_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A chat asking what to type ("what do I punch in", "je tape quoi") and the digits in reply
# (chat_codes.py); not a quantity, an amount, overtime, a reference or a postcode.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[07:43] Me: yes 7.15, what do I punch in\n[07:43] Dan: 2-9-0-6 then set, it beeps",
            "2-9-0-6",
        ),
        ("Léo : j'arrive à 6h, je tape quoi ?\nMax : 4 0 9 2 puis valider", "4 0 9 2"),
        (
            "Nina: what do I type in at the side entrance again\nRaj: 5518 then the green key",
            "5518",
        ),
        ("Karim : je compose quoi pour entrer ?\nInès : 1 9 8 4 et tu pousses", "1 9 8 4"),
        ("Sam: first shift tomorrow, what do I key in?\nJo: 7 7 3 1 then OFF", "7 7 3 1"),
    ],
)
def test_digits_given_to_someone_asking_what_to_type_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Me: what do I punch in for the pallet count?\nDan: 1 2 0 0",
        "Sam: what do I type in the quantity box?\nJo: 2 4 0 0",
        "Léo : je tape quoi comme montant ?\nMax : 1 5 0 0",
        "Nina: what do I key in for overtime this week\nRaj: 1 2 5 0",
        "Sam: what do I type in as the reference?\nJo: 4 4 1 8",
        "Léo : je tape quoi ?\nMax : demande au chef, je ne l'ai pas",
    ],
)
def test_digits_typed_that_are_no_code_pass(text: str) -> None:
    assert find_secrets(text) == []
