"""Codes given without a code word, by kind: digits said or spelt after what they unlock, short
chat replies naming a box, a code worked out from its hint, a role's or a level's number or
access, and a place's code after a remark in brackets or a speaker's hesitation
(spoken_digits.py, chat_codes.py, worked_codes.py, place_codes.py, spaced_digits.py).

Each kind is written in new words (other devices, places, speakers and roles than the hold-outs'
rows they stand for), in English and French: 107 phrasings, 32 of which the guard missed before
these rules (the others pin that their kind stays caught by whichever rule). Their look-alikes,
after the same objects, pass (187, none flagged before nor after): a phone, a room, a bus, a flat
or a table number, a price, a time, a date, a quantity, a score, a model, a count, and the code
withheld.
"""

import pytest

from tests.secret_corpus import keyword_values

# --- Digits said or spelt after what they unlock: a device's unlock, a short label, a place said
# with a hesitation ("is, er, …", "c'est, euh, …") (spoken_digits.py, place_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("iPad unlock: four-seven-seven-one-nine-two", "four-seven-seven-one-nine-two"),
        ("Tablette de la caisse, déverrouillage : deux-neuf-neuf-un", "deux-neuf-neuf-un"),
        ("my work laptop unlocks with five five zero two nine one", "five five zero two nine one"),
        ("Kindle lock: one-nine-eight-four", "one-nine-eight-four"),
        ("Ma tablette : six, un, neuf, quatre", "six, un, neuf, quatre"),
        ("Work phone: PIN is eight eight one four", "eight eight one four"),
        ("Tablet unlock is nine-three-nine-one now", "nine-three-nine-one"),
        (
            "Dad's mobile: seven, three, one, one — his old house number twice",
            "seven, three, one, one",
        ),
        ("the bike lock on the blue bike is, er, four one nine six", "four one nine six"),
        ("le cadenas du portail c'est, euh, trois sept sept deux", "trois sept sept deux"),
        ("Le coffre de la chambre, c'est deux, huit, zéro, quatre", "deux, huit, zéro, quatre"),
        ("voice note: the key safe by the back door is, uh, six one one nine", "six one one nine"),
        ("Le coffre du gîte, c'est, euh, un neuf huit trois", "un neuf huit trois"),
        ("Nan's tablet — it's five two five two", "five two five two"),
        (
            "voicemail: the lockbox on the fence, it's two two seven one, keys inside",
            "two two seven one",
        ),
        ("for the side gate you want seven seven nine one", "seven seven nine one"),
        ("Kids' iPad: zero six one two", "zero six one two"),
        ("Mon téléphone se déverrouille avec un quatre un quatre", "un quatre un quatre"),
        ("pour le portillon il faut faire six deux six deux", "six deux six deux"),
        (
            "mémo : le boîtier à clés derrière la haie, c'est quatre-zéro-un-neuf",
            "quatre-zéro-un-neuf",
        ),
        ("Allotment gate (the one on Mill Lane): 1-4-7-7", "1-4-7-7"),
        ("Grandma's phone unlocks with one nine four seven, her birth year", "one nine four seven"),
        ("door to the plant room is eight-one-one-eight", "eight-one-one-eight"),
    ],
)
def test_digits_said_after_what_they_unlock_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Work phone: zero-seven-seven-one-two-three-four-five-six-seven-eight",
        "Téléphone du bureau : poste quatre, deux, un, un",
        "Mobile: one, two, three, four",
        "Work phone unlock is face ID; extension four-two-one-one",
        "Téléphone de Mme Girard : un, neuf, quatre, un appels manqués aujourd'hui",
        "Portable de Paul : zéro six, douze, trente-quatre, cinquante",
        "Carte : quatre pour cent de remise",
        "Tablette des enfants : trois heures par jour maximum",
        "iPad unlock: face ID only, no passcode set",
        "my work laptop unlocks with the fingerprint reader, model five-series",
        "Dad's mobile: seven new messages, call him back",
        "Kindle lock: on, parental controls off",
        "Tablet unlock is face ID now",
        "Ma tablette : six heures de batterie",
        "Work phone: eight, eight, one, four, zero, seven, seven, nine, zero, zero, one",
        "Work phone: 07700 900 123, personal one off after 6",
        "Dad's mobile: seven missed calls today",
        "Phone unlock: swipe up, then the room number, four-one-two",
        "the greenhouse padlock on the roof garden is, um, about 3 metres from the door",
        "the greenhouse padlock is, um, broken again, I'll text Mark",
        "the garden shed is, um, 2019 I think, built by Dad",
        "the bike lock on the blue bike is, er, rusty, needs oil",
        "le cadenas du portail c'est, euh, le gros en laiton",
        "the greenhouse is, er, 4 metres by 3",
        "Scores this week: 3 1 4 1, then 5 9.",
        "Room 4 has beds 1 3 5 7.",
        "Table 12: 4 4 2 1, four courses.",
        "The bus numbers are 1 2 3 4.",
        "Nan's tablet — it's five years old now",
        "Nan's tablet — it's in the drawer, charger too",
        "Grandma's phone unlocks with her face, she's 94",
        "Kids' iPad: zero screen time after 7",
    ],
)
def test_phones_counts_and_hesitations_without_a_code_pass(text: str) -> None:
    assert keyword_values(text) == []


# --- A chat reply naming a box, its speaker's role in brackets, the code after a verb of typing
# or letters between its digits (chat_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            (
                "[07:12] Priya (early shift): the medicine cupboard?\n[07:13] Dan: "
                "bottom one is 4-4-1-9"
            ),
            "4-4-1-9",
        ),
        (
            "[19:30] Zoé (animatrice) : le local du matériel ?\n[19:31] Karim : le grand → 5 0 8 2",
            "5 0 8 2",
        ),
        ("[21:05] Sam (bar): cellar door?\n[21:06] Lou: same as the office, 2 8 1 4", "2 8 1 4"),
        ("[06:40] Léa (ouverture) : la grille ?\n[06:41] Paul : c'est 8C21 !", "8C21"),
        (
            "[10:15] Mo (reception): the key safe?\n[10:16] Fran: big one 7734, small one 119",
            "7734",
        ),
        (
            (
                "[09:02] Lucie (stagiaire) : le casier du vestiaire ?\n[09:03] Anne : "
                "tu tapes 3 3 0 8 puis OK"
            ),
            "3 3 0 8",
        ),
        (
            "[22:10] Ben (night porter): the back gate?\n[22:11] Kim: punch in 1 9 7 0 then hash",
            "1 9 7 0",
        ),
        ("[18:45] Tom (chef): walk-in fridge?\n[18:46] Ana: 6 6 0 2 then pull", "6 6 0 2"),
        ("Jo (site lead): the container?\nMike: it's 6 2 0 4, pull the handle hard", "6 2 0 4"),
        (
            "[08:10] Kev (maintenance): plant room?\n[08:11] Dee: 4 0 4 1 — same as always",
            "4 0 4 1",
        ),
        ("Mum: what's the garage again\nMe: 2 7 1 1 ✔", "2 7 1 1"),
        (
            "[12:30] Sara (RH) : l'armoire des dossiers ?\n[12:31] Hugo : petite "
            "clé dans le pot, sinon 9 1 1 4",
            "9 1 1 4",
        ),
        ("[07:00] Theo (opening): roller shutter keypad?\n[07:01] Gem: 3311 then the tick", "3311"),
        (
            "[16:20] Inès (stagiaire) : le coffre ?\n[16:21] Marc : demande à Paul, "
            "moi je fais 2 2 8 9",
            "2 2 8 9",
        ),
        ("— le cadenas du local à vélos ?\n— le rouge : 0 4 7", "0 4 7"),
        ("Liam (Sat 14:02): stuck at the bin store\nKaz (Sat 14:03): 5-5-1-0!", "5-5-1-0"),
        ("[06:02] Ops (Dan): compound gate?\n[06:03] Sue: 1 4 0 2 #", "1 4 0 2"),
        ("[07:58] Noah: outside the unit, what is it again?\n[07:59] Bex: 6 0 1 9", "6 0 1 9"),
        (
            "[21:40] Léa : je suis dehors, tu me redonnes ?\n[21:41] Max : 4 4 0 2 puis valider",
            "4 4 0 2",
        ),
    ],
)
def test_chat_replies_to_a_box_asked_about_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        (
            "[22:47] Ana (night): cash box?\n[22:48] Marc: the little grey one is 3 "
            "kg, big safe stays shut till morning"
        ),
        "[09:00] Ana (night): what floor is the safe on?\n[09:01] Marc: 2 3 4 maybe",
        (
            "[07:12] Priya (early shift): the medicine cupboard?\n[07:13] Dan: "
            "bottom one is 4 shelves down"
        ),
        "[19:30] Zoé (animatrice) : le local du matériel ?\n[19:31] Karim : le grand → bâtiment 2",
        "[21:05] Sam (bar): cellar door?\n[21:06] Lou: open till 2300",
        "[10:15] Mo (reception): the key safe?\n[10:16] Fran: it's by door 2, left of the bins",
        (
            "[09:02] Lucie (stagiaire) : le casier du vestiaire ?\n[09:03] Anne : "
            "tu prends le 12, le tien"
        ),
        "[22:10] Ben (night porter): the back gate?\n[22:11] Kim: ring 0161 496 0000 for security",
        "[18:45] Tom (chef): walk-in fridge?\n[18:46] Ana: 3 degrees, all good",
        "[18:45] Tom (chef): walk-in fridge temp?\n[18:46] Ana: 3 5 at 6pm",
        "[10:02] Léa (accueil) : la caisse ?\n[10:03] Tom : 1200 € ce matin, le reste demain",
        (
            "[18:00] Ana (night): what's up with the gate?\n[18:01] Marc: it's "
            "2019, the year they fitted it, so no warranty"
        ),
        "[18:00] Ana (night): the door?\n[18:01] Marc: c'est 12h30 qu'il ferme",
        "[12:00] Ana (night): the safe?\n[12:01] Marc: enter 2024 as the year and it shows the log",
        (
            "[08:00] Ana (night): locked out of the flat again\n[08:01] Marc: call "
            "0345 600 3112, they send someone"
        ),
        (
            "[08:00] Ana: locked myself out, what's the locksmith's "
            "number?\n[08:01] Marc: 0161 496 0000"
        ),
        "[09:00] Ana (night): remember the garage sale?\n[09:01] Marc: 2019, great day",
        (
            "[17:55] Jo: locked myself out of the back office lol\n[17:56] Sam: "
            "it's room 12 if you need the spare key"
        ),
        "[17:55] Jo (day): the shed?\n[17:56] Sam: it's 7h30 to 19h, closed Sundays",
        "— la caisse me demande quoi ?\n— tape 12 30 pour l'heure",
        (
            "[17:55] Jo (day): the bike store?\n[17:56] Sam: it's 1730 if you need "
            "it, Ben locks up then"
        ),
        (
            "[14:00] Marc (cuisine) : la chambre froide ?\n[14:01] Odile : tape 3 "
            "fois sur la porte, elle colle"
        ),
        "[14:00] Marc (cuisine) : le casier de Paul ?\n[14:01] Odile : c'est le 14B, en bas",
        "[22:47] Ana (night): cash box?\n[22:48] Marc: room 12, under the desk",
        "[20:00] Jo (coach): score?\n[20:01] Sam: 4-1 to us, 2 1 0 3 on corners",
        "[09:00] Ana (nuit) : la caisse ?\n[09:01] Tom : fermée à 22 h 30",
        "[09:00] Ana (nuit) : la caisse ?\n[09:01] Tom : c'est 12 € de fond",
        "Jo (site lead): the container?\nMike: it's 6 m long, 2 doors",
        "Mum: what's the garage again\nMe: 2 metres wide ✔",
        "Liam (Sat 14:02): stuck at the bin store\nKaz (Sat 14:03): bus 5 from the station!",
        "[18:00] Sam : je suis devant, c'est quoi déjà ?\n[18:01] Lou : 2 min j'arrive",
        "[18:00] Sam : je suis devant, c'est quoi déjà le numéro ?\n[18:01] Lou : 06 12 34 56 78",
        "[18:00] Sam: outside, which house is it?\n[18:01] Lou: 1 4 2, blue door",
        "[18:00] Sam: outside now, what time is the table?\n[18:01] Lou: 1930",
        "[18:00] Sam: outside the station, which bus?\n[18:01] Lou: the 4 1 2",
        "[18:00] Sam: outside, what's the flat again?\n[18:01] Lou: 14B",
        "[18:00] Sam: I'm outside, what's your postcode again?\n[18:01] Lou: LS6 2AB",
        "[18:00] Sam : il pleut dehors, tu prends quoi ?\n[18:01] Lou : 2 parapluies",
        "[18:00] Sam: outside, how much was it?\n[18:01] Lou: 1 2 5 0 total",
    ],
)
def test_chat_replies_with_other_numbers_pass(text: str) -> None:
    assert keyword_values(text) == []


# --- A code worked out from its hint: last digits of a number, reversed, twice, in lower case
# (worked_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            (
                "Alarm panel engineer login: installer, then the last 4 digits of the "
                "shop's phone → 6610"
            ),
            "6610",
        ),
        (
            "Boîte à clés du gîte : les 4 derniers chiffres du numéro de réservation → 7 2 1 8",
            "7 2 1 8",
        ),
        ("NAS admin: the serial backwards, all lower case → 8kd2p1x", "8kd2p1x"),
        ("Le cadenas du local : la date de naissance de Léon à l'envers → 0291", "0291"),
        ("Shed padlock = our house number twice, 2727", "2727"),
        ("Keysafe: the year we moved in, reversed → 5102", "5102"),
        (
            "Router admin page: user admin, the rest is the last 6 digits of the serial → 883 104",
            "883 104",
        ),
        ("Code for the padlock? It's the last 4 digits of Mum's mobile — 7 7 0 3", "7 7 0 3"),
        ("Padlock on the trailer: Grandad's birthday, day then month → 1403", "1403"),
        ("Wi-Fi router login: admin, then the serial's last 8 characters → 7d2kq9wx", "7d2kq9wx"),
        ("Alarm code? Dad's birthday backwards, so 2 1 8 0", "2 1 8 0"),
        ("Tablet PIN: the last four of the shop's number → 2 2 6 1", "2 2 6 1"),
        ("Coffre-fort : les 4 premiers chiffres du SIRET → 8 3 2 1", "8 3 2 1"),
        ("Gate keypad: the house number twice, so 4747", "4747"),
        (
            "Key safe at the cottage: house number, then the year we bought it, "
            "last two digits → 1419",
            "1419",
        ),
        ("Le cadenas de la remorque : l'anniversaire de Mamie, jour et mois → 1 7 0 8", "1 7 0 8"),
        (
            "Le digicode du garage : la date de naissance de Jules, jour puis mois → 2 4 0 7",
            "2 4 0 7",
        ),
        ("Lockbox = Nan's birthday (DDMM) → 0312", "0312"),
        ("Padlock: same as the alarm but backwards → 4 1 9 2", "4 1 9 2"),
        ("Tablet unlock: the first 4 digits of the shop's landline → 0 1 6 1", "0 1 6 1"),
        ("Vestiaire : mon année de naissance à l'envers → 7 8 9 1", "7 8 9 1"),
        ("admin for the NVR: the site postcode without the space, in capitals → BL14AQ", "BL14AQ"),
        ("the safe is our postcode digits, so 2 4 1 7", "2 4 1 7"),
    ],
)
def test_codes_worked_out_from_their_hint_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Invoice ref: last 6 digits of the order number → 552 917",
        "CCTV recorder in the office cupboard: user admin, the rest is on the sticker underneath",
        "Card ending: last 4 digits → 4417, Visa debit",
        "the door number is the last 4 digits of the postcode → 4417",
        "Usernames: all lower case, spaces as dots → jane.doe",
        "File names: lower case, spaces as hyphens → annual-report-2024",
        (
            "Admin login for the wifi: user admin, the rest is the serial number "
            "last 6 digits, see the box"
        ),
        "The shed key: first drawer on the left → 2nd shelf",
        "the reg number digits reversed — reg is WX68 → 86XW, a fun game for the kids",
        "Account number: last 4 digits → 1234, Barclays",
        "Unlock the tablet twice a day, 2 times max",
        "the lock's last service was in 2019, twice → 2021",
        "Alarm panel engineer: call the installer, last visit 12/03 → next 12/09",
        "Boîte à clés du gîte : les 4 derniers chiffres sont sur la réservation",
        "the keysafe is the reg number digits reversed — ask Sam for the reg",
        "the CCTV recorder: user admin, the rest is on the sticker",
        "Enregistreur vidéo : identifiant admin, le reste est chez le gérant",
        "Tablet PIN: the last four are on the sticker",
        "Wi-Fi router login: admin, then the password on the sticker",
        "Alarm code? Dad knows it, ask him",
        "Phone number digits reversed → 0000 dial tone test",
    ],
)
def test_hints_without_a_value_or_about_no_lock_pass(text: str) -> None:
    assert keyword_values(text) == []


# --- A role's or a level's number or access (place_codes.py, spaced_digits.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The intruder alarm needs engineer level access for the zones, it's 9127", "9127"),
        ("Caisse : numéro du responsable → 2 2 0 9", "2 2 0 9"),
        ("Fire panel, access level 2 — 3141", "3141"),
        ("cleaner access 4 0 7 1, only weekdays", "4 0 7 1"),
        ("Pharmacist access on the dispensing robot, it's 66120", "66120"),
        ("Le badge ne marche pas ? accès gardien 7 7 1 0", "7 7 1 0"),
        ("nurse access on the drugs trolley is 2 5 8 0", "2 5 8 0"),
        ("Numéro superviseur pour les remboursements : 40517", "40517"),
        ("Manager access on the till is 5 5 0 9, don't share it", "5 5 0 9"),
        ("Cleaner's access to the flat — 5 0 9 9", "5 0 9 9"),
        ("Accès technicien de la chaudière : 4 4 0 1", "4 4 0 1"),
        ("Accès niveau 3 sur la centrale : 8 3 1 9", "8 3 1 9"),
        ("Key holder access for the alarm is 6 6 2 1", "6 6 2 1"),
    ],
)
def test_a_roles_number_or_access_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        (
            "Refunds on the card terminal need the supervisor's signature and the "
            "receipt number: 07410."
        ),
        "Refunds need the supervisor number: 0113 496 0721, call before 6pm",
        "Staff number: 45122, payroll only",
        "Level 2 has 24 rooms and a lift",
        "Level 2 access is from 0730 via the east stairs",
        "Fire panel Kentec K11, installed 2019, serviced by Chubb",
        "If the fire panel beeps, call the supervisor on 0161 496 0000",
        "Carer access: Tuesdays 10-12, 2 carers max",
        "carer access 2 days a week, 4 hours each",
        "The manager number is 0345 600 3112 for complaints.",
        "Employee number 45122, start date 12/03",
        "numéro du gérant : 06 12 34 56 78",
        "user level 2 access granted on 12/03/2024",
        "supervisor number for the Leeds branch is 0113 496 0721",
        "Fire panel access level 2 is for engineers only",
        "Fire panel, access level 2 — engineers only",
        "cleaner access from 0600, weekdays only",
        "Nurse number 0161 496 0000, ward 4",
        "nurse access on the drugs trolley is restricted to 2 staff",
        "Caretaker number: 07700 900123",
        "numéro du gardien : 06 12 34 56 78",
        "numéro du gardien : 0612345678",
        "Pharmacist access on the dispensing robot, 2 shifts a day",
        "accès gardien 7h-19h du lundi au vendredi",
        "Caisse : numéro du ticket → 2 2 0 9",
        "Fire panel Kentec K11, zone 2 — 3 detectors",
        "level 2 has 24 rooms",
        "Supervisor number: ask Sue, it changes monthly",
        "numéro du responsable → voir le planning",
        "Cleaner's access to the flat — Tuesdays 10-12",
        "Cleaner's access to the flat — 2 days a week",
        "Cleaner's number: 07700 900 123",
        "Accès technicien de la chaudière : 2 fois par an",
        "Accès niveau 3 sur la centrale : réservé aux techniciens",
        "Key holder access for the alarm is via Secom, 0345 600 3112",
        "Manager's number to call: 0161 496 0721",
        "Engineer's access for the boiler is on Thursday 12/03",
        "the order number has 8 digits → 12345678",
        "the bus number has 3 digits → 141",
    ],
)
def test_roles_phones_levels_and_counts_pass(text: str) -> None:
    assert keyword_values(text) == []


# --- A place's code after a remark in brackets or a comma before "c'est" (place_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Armoire à pharmacie (celle du haut) : 4-0-2-6", "4-0-2-6"),
        ("Portail (côté champ) : 7 7 3 1, le clavier est derrière le lierre", "7 7 3 1"),
        ("Local poubelles (bâtiment B) — 2 5 9 9", "2 5 9 9"),
        ("Gym locker (the one by the showers): 0-9-1-4", "0-9-1-4"),
        ("the cash box in the bar (grey, under the till): 3 8 1", "3 8 1"),
        ("Le garage (celui de gauche), c'est 4 1 7 7", "4 1 7 7"),
        ("Le local (celui du fond) — 8 8 1 2", "8 8 1 2"),
        ("Bin store (behind block C) = 2 4 1 9", "2 4 1 9"),
        ("the safe in the office, it's 5 5 2 0 then the key", "5 5 2 0"),
        ("le portail de l'école, c'est, heu, 1 9 8 8 B", "1 9 8 8"),
        ("The walk-in freezer (kitchen, back left): 7 0 2 2", "7 0 2 2"),
        ("Staff room fridge lock? It's 3 9 9 1", "3 9 9 1"),
        ("Vestry cupboard → 4 4 1 7", "4 4 1 7"),
        ("School minibus key box: 3 1 1 9", "3 1 1 9"),
        ("Sacristie – armoire des vases sacrés : 2 0 5 5", "2 0 5 5"),
        ("Milking parlour office (door by the tank): 6-2-6-1", "6-2-6-1"),
        ("the drugs cupboard on ward 7 is 4 1 1 8", "4 1 1 8"),
        ("Caisse enregistreuse : touche gérant puis 5 5 2 1", "5 5 2 1"),
        ("Work phone unlock: 828214", "828214"),
        ("Mum's phone is 1 9 5 2, her birth year", "1 9 5 2"),
        ("iPad: 4 4 7 1 (kids don't know it)", "4 4 7 1"),
        ("Téléphone de Mme Girard : 1 9 4 1 — son année de naissance", "1 9 4 1"),
        ("Tablet unlock → 7 7 1 9", "7 7 1 9"),
        ("Le portable de papa se déverrouille avec 0 6 0 6", "0 6 0 6"),
        ("Kindle (Sophie's) — 2 2 8 1", "2 2 8 1"),
        ("The tractor immobiliser: 7 3 0 1", "7 3 0 1"),
        ("Laptop at reception: unlock with 9 9 1 2", "9 9 1 2"),
        ("Allotment shed: try 1 9 8 4, if not 1 9 8 5", "1 9 8 4"),
        ("Le local du club : essaie 7 7 0 4 puis la poignée", "7 7 0 4"),
    ],
)
def test_a_places_code_after_a_remark_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "la petite boîte grise, c'est 12 € chez Leroy Merlin",
        "ma boîte, c'est 1250 salariés maintenant",
        "la boîte de vitesses, c'est 6 rapports",
        "Boîte postale : 4521, 75001 Paris",
        "the little black box under the van's wheel arch, it's 3 kg of tools",
        "the little black box under the van's wheel arch, it's the tracker, serial 4401",
        "Tool shed (the green one by plot 22): opens at 0730 on weekdays",
        "Tool shed (the green one by plot 22): 2 rakes, 3 spades",
        "Tool shed (plot 22): 2019",
        "Shower block after 10pm: closed for cleaning",
        "Shower block after 10pm: 2 showers only",
        "The shed opens at 0730 and closes at 1800",
        "Garage (built 1998): 2 cars",
        "Shed padlock = the brass one, 40 mm",
        "Armoire à pharmacie (celle du haut) : 4 boîtes de Doliprane",
        "Gym locker (the one by the showers): £2 coin needed",
        "Portail (côté champ) : 7 m de large",
        "Local poubelles (bâtiment B) — sortie mardi 7h",
        "Local poubelles (bâtiment B) — 2 bacs jaunes",
        "the cash box in the bar (grey, under the till): £200 float",
        "Le chariot de médicaments : 4 tiroirs, 2 roues bloquées",
        "Trolley 4 5 6 7 8 are in the car park",
        "Container 4417 arrived at Felixstowe on Monday",
        "Le conteneur MSCU 4417 est arrivé au port",
        "the shed opens at 0730",
        "the little grey one is 3 kg",
        "Tool shed (plot 22): bus 14 stops outside",
        "Shed padlock = £12.99 at Wickes",
        "Table 4 (by the window): 6 people at 7.30",
        "Flat 3 (top floor): 2 bedrooms, £950 a month",
        "Shed (the green one by plot 22): built 1998, new roof 2021",
        "the locker room (the one by the pool): 24 lockers, 2 showers",
        "Garage (the double one): 2019",
        "la boîte (la grise), c'est 3 kg",
        "Le coffre de la chambre, c'est le grand en bas",
        "Gym locker (the one by the showers): 45 minutes max",
        "Local vélos (bâtiment B) — 12 places",
        "the safe in the office, it's 40 kg, bolted down",
        "The walk-in freezer (kitchen, back left): -18 °C",
        "door to the plant room is 2 metres wide",
        "Staff room fridge lock? It's broken again",
        "Padlock on the trailer: bought 2019, £12",
        "The tractor immobiliser: fitted 2019, £240",
        "the drugs cupboard on ward 7 is 2 metres tall",
        "the drugs cupboard on ward 7 is 1998 vintage",
        "the bin store on block C is 4 bins, 2 for recycling",
        "Garage on plot 12 is 1200 sq ft",
        "Lockers: 4 digits each, 2 for the row → 1000 total",
        "the safe is our postcode digits, ask Mum",
        "Postcode for the NVR delivery: without the space, in capitals → BL14AQ",
        "Username for the NVR: in capitals → ADMIN01",
        "Allotment shed: try the spare key under the pot",
        "Allotment shed: try 2 rakes and a hoe",
        "Le garage : essaie 2 fois, la porte colle",
        "Gate: try 0800 tomorrow, the office opens then",
        "Shed: try Tuesday 12/03",
    ],
)
def test_places_sizes_times_and_prices_after_a_remark_pass(text: str) -> None:
    assert keyword_values(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Defib cabinet outside: if 999 give you a number, it's usually 2 2 4 7 C — ours is"
            " fixed at that, the ambulance service knows",
            "2 2 4 7 C",
        ),
        (
            "Key safe at Nan's: if the carers ask, it's usually 1 9 4 7 B unless they changed it",
            "1 9 4 7 B",
        ),
        ("Defib box by the hall: when you ring, they normally say 3 1 5 9 X", "3 1 5 9 X"),
        ("Armoire du défibrillateur : normalement c'est 5 5 2 1 C", "5 5 2 1 C"),
        ("Boîte à clés du gîte : si on vous demande, c'est en général 4402A", "4402A"),
        ("Locker room cupboard — it's always 7 3 9 1 then the key", "7 3 9 1"),
    ],
)
def test_a_locks_usual_code_said_later_on_its_line_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Defib cabinet outside: if 999 give you a number, it's usually 4 digits and a letter",
        "Defib cabinet outside: the code is usually given by 999, we don't keep it",
        "Our seat is usually row 2 2, seat C",
        "Boîte à clés : c'est en général au 4 4 rue Gambetta",
        "The bus is usually the 2 2 4 C from the station",
        "Locker room: it's usually 2 0 1 5 metres from the pool",
    ],
)
def test_a_locks_usual_number_that_is_no_code_passes(text: str) -> None:
    assert keyword_values(text) == []
