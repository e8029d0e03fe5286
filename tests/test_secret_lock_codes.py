"""Codes given without a code's noun: recovery codes listed under a service's name, digits said
one by one or in words, a dial's turns, a password dictated aloud (recovery_codes.py,
spoken_digits.py, place_codes.py, dictated.py).

Each kind is written in words of its own, English and French, not the corpus rows it stands
for; the look-alikes of the same shapes (orders, parts, parcels, rooms, batches, postcodes,
phones, times, recipes, songs, road directions, an oven's dial, knitting, a chess game, a
username or an e-mail spelt aloud) pass.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values

# --- Recovery codes: under a service's name alone, a sheet kept offline, a bare "recovery:", a
# line of codes set apart, one-time codes of two groups of three digits (recovery_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Slack workspace (acme)\nx7k2-p9m4\n3hq8-w2tz\nm5vd-8rn1", "3hq8-w2tz"),
        ("Bitbucket (perso)\n```\n8c1f4-2be90\n51d7a-e3c28\n0fa96-7b4d1\n```", "51d7a-e3c28"),
        ("Epic Games — print and keep safe\n88K2-Q4TM\n7WPZ-3XRN\nK5DB-91HF", "7WPZ-3XRN"),
        ("Compte Ameli — feuille d'urgence\nR4TZ-9KQW\nM2XP-6HDN\nB8CV-3LJF", "M2XP-6HDN"),
        ("Tutanota, à garder hors ligne\n- 2k9f 7mqx\n- w5hn 3tz8\n- 9pcr v4bd", "w5hn 3tz8"),
        ("Nintendo account backup: 4471 9920, 1183 6654, 7720 3391", "1183 6654"),
        ("Zoho 2FA backup: 83012-44719 / 20957-61384 / 77420-13956", "20957-61384"),
        ("Steam recovery: R8KQ2-7TMXP-W3N9D-4HVZC", "R8KQ2-7TMXP-W3N9D-4HVZC"),
        ("Revolut recovery (joint):\nPX4M-82KT\nQ7WD-19RN\nHZ3C-60LB", "Q7WD-19RN"),
        ("Lyft driver hub — one-time backup codes\n418 097\n726 351\n093 842", "726 351"),
        ("Codes de secours Doctolib\n307 618\n845 290\n162 574", "845 290"),
        ("codes de récupération Instagram :\n61-27 / 38-04 / 95-72 / 13-86", "38-04"),
        ("Mailjet backup codes: 72-19 48-03 16-85 90-37", "48-03"),
        ("Codes de secours Qonto : 511 207 · 830 964 · 275 318", "830 964"),
        ("codes de secours Slack :\nB1 – 204 817\nB2 – 693 150\nB3 – 478 326", "693 150"),
        ("Shopify 2FA backups: 52817 09346 71258 36904", "52817 09346 71258 36904"),
        ("Codes de sauvegarde Google\n4819 2271\n6604 9938\n3310 5577", "6604 9938"),
        ("codes 2FA Instagram : 7281 4409 / 1956 3372 / 8830 2261", "1956 3372"),
        ("Two-factor codes for Binance: 662 019 / 384 551 / 907 226", "384 551"),
    ],
)
def test_recovery_codes_without_their_noun_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- Digits said one by one or in words: alone under a short heading, before what is done at
# the lock (a key, the dial, the handle), typed with dashes or arrows under a lock's name
# (spoken_digits.py, place_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Mum's debit card\nnine three oh two", "nine three oh two"),
        ("Carte bleue de papi\nhuit deux sept quatre", "huit deux sept quatre"),
        ("Panel by the back door\nfour one seven zero\nthen press ARM", "four one seven zero"),
        ("voice memo the gym locker is seven five one two then hash", "seven five one two"),
        ("le portillon c'est... attends, quatre neuf un six puis dièse", "quatre neuf un six"),
        ("cupboard in the hall, two eight five three turn the handle down", "two eight five three"),
        ("Boîte à clés du gîte\nc'est 4-0-7-2", "4-0-7-2"),
        ("Cadenas de la remise\n7 - 2 - 8 - 4", "7 - 2 - 8 - 4"),
        ("Key safe at the cottage\n→ 5 9 1 3\n→ pull the lever", "5 9 1 3"),
        ("Bike store — turn the wheel to 6,0,8 and pull", "6,0,8"),
        ("Léo: c'est quoi le code du cellier ?\nMaya: cinq-deux-neuf-sept", "cinq-deux-neuf-sept"),
        ("— le code de l'armoire à clés, vite !\n— 3 8 1 5\n— merci", "3 8 1 5"),
        ("Text 19:02 Guest: hi, what's the key box code?\nText 19:05 Host: 4 0 2 9", "4 0 2 9"),
        ("Alarm panel\nnine-oh-four-two", "nine-oh-four-two"),
        ("text from Sam: it's 7 then 3 then 9 then 1 for the side gate", "7 then 3 then 9 then 1"),
        ("3 8 2 6, c'est pour le cadenas du garage", "3 8 2 6"),
        ("Clavier du hall\n-------\n A\n 5\n 1\n 9\n 3", "A\n 5\n 1\n 9\n 3"),
        ("Gym locker\n→ 4\n→ 9\n→ 2\n→ 7", "4\n→ 9\n→ 2\n→ 7"),
        ("Porte de service\n-----\n  6\n  1\n  8\n  3\n(de haut en bas)", "6\n  1\n  8\n  3"),
        ("Key safe\nseven-three-one-eight then press the button", "seven-three-one-eight"),
    ],
)
def test_digits_said_one_by_one_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- A dial's turns: a turn, how far round, then "to" or "jusqu'à"; or the numbers, then one
# turn with how many times round (place_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Gran's bureau: right to 36, left past 36 to 8, right to 22", "36"),
        (
            "Max : comment on ouvre le coffre du bureau ?\nMoi : gauche jusqu'à 18, droite un "
            "tour complet jusqu'à 44, gauche 7",
            "18",
        ),
        ("Cash box\nleft to 47\nright to 15 (pass it twice)\nleft to 62", "47"),
        (
            "Armoire à fusils\nG 4 tours jusqu'à 29\nD une fois après 29 jusqu'à 71\nG jusqu'à 5",
            "29",
        ),
        ("Shop safe: spin left four times to 33, then right to 9, then left to 58", "33"),
        ("Coffre de la mairie : 17 – 48 – 63, droite trois tours d'abord", "17 – 48 – 63"),
        ("Safe in the vestry: 44-08-91, turn left twice first", "44-08-91"),
        ("Ben: shop safe?\nAli: 27 - 64 - 13, left first, three times round", "27 - 64 - 13"),
        ("Gun cabinet: anticlockwise 4 full turns to 31, clockwise to 9, anti to 55", "31"),
        ("Safe: L 3x → 22, R 2x → 58, L → 11", "22"),
        ("Safe is R-15, L-32, R-7", "R-15"),
        ("The allotment shed has a combination lock now\n5 8 1, keep it to members", "5 8 1"),
        ("Le local à vélos a maintenant un cadenas à code\n7 3 1 8 (ne pas diffuser)", "7 3 1 8"),
        (
            "Cadenas à molette du coffre : gauche 3 tours, 42 ; droite 2 tours, 17 ; gauche, 63",
            "42",
        ),
        (
            "Safe — right 4 turns stopping on 18, left 3 turns stopping on 56, right stopping on 9",
            "18",
        ),
        (
            "Coffre : 3 tours à droite sur 20, 2 tours à gauche sur 45, à droite sur 10",
            "45",
        ),
        (
            "Old safe: spin 3 times right, stop at 24; left once past 24 to 61; right to 8",
            "24",
        ),
        ("Coffre : trois tours à droite, arrêt sur 24, à gauche jusqu'à 61, à droite sur 9", "24"),
        ("Antivol du scooter : 527 sur les molettes", "527"),
        ("bike lock in the hall: set 3918 on the little wheels", "3918"),
        # a shop's shutter or a keypad's box, digits one at a time before what to press
        ("Rideau métallique → boîtier à droite : 2 5 8 0 puis OK", "2 5 8 0"),
        ("Roller shutter at the back: 7 1 4 6 then OK", "7 1 4 6"),
        ("Volet roulant du garage : 3 3 0 9 puis valider", "3 3 0 9"),
        ("Keypad by the loading bay: 9 0 4 1 then enter", "9 0 4 1"),
        # a dial's numbers written with slashes
        ("Gun cabinet: 41/07/63, turn left first", "41/07/63"),
        ("Cadenas du casier : 28 / 14 / 36", "28 / 14 / 36"),
        ("Note on the bench: safe = 17 / 52 / 08 (dial, three turns right to start)", "17 / 52"),
        ("Armoire forte du club = 62/18/44", "62/18/44"),
    ],
)
def test_dial_turns_are_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "Casier = 12 / 40 / 60 cm",
        "Coffre-fort : commande 14/22/37 reçue",
        "Safe delivered on 12/03/24, invoice in the drawer",
        "Lockers: sizes 30/40/50 litres",
        "Boîtier électrique : 230 V, 16 A",
        "Rideau métallique : 2400 mm de large",
        "Keypad model 1234 from Yale",
        "Roller shutter quote: €1,800 fitted, 2 weeks",
    ],
)
def test_numbers_by_a_lock_that_are_no_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A password dictated: a letter's case, a symbol's name, words joined, letters spelt,
# parts chained, with a number (dictated.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("memo: the tablet is capital R robin then 19 then question mark", "19"),
        ("mot de passe du NAS : loutre tiret bas 88 avec un L majuscule", "88"),
        ("wifi at the caravan is seagull fifty five all one word capital G", "fifty five"),
        ("la box du studio c'est tout en minuscules : hirondelle puis six six trois", "six"),
        ("K comme Kilo, 3, 3, petit z, 8 — c'est l'ordi de la cuisine", "K comme Kilo"),
        ("P for Papa, 7, 1, lower-case q — the printer sticker", "P for Papa"),
        ("password is dolphin, then the year, 1987, with a capital D", "1987"),
        ("wifi for the shed: robin dièse 42 en minuscules", "42"),
        ("laptop pw: harbour slash 77, everything in lower case", "77"),
        ("note vocale le wifi des invités c'est mimosa soixante-quatre tout attaché", "soixante"),
    ],
)
def test_dictated_passwords_are_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


# A dash or a dot said between a dictation's parts, capitals refused ("no capitals", "pas de
# majuscule") and a letter doubled or spelt ("with a k", "avec deux i"), as training corpus O
# dictated them.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Sunday morning: the desk laptop unlocks with radio dash nine seven three, all "
            "lowercase",
            "nine seven three",
        ),
        (
            "Vinted login is lise dot brocante, and then it's antik with a k, then 74, no "
            "capitals.",
            "74",
        ),
        ("the shop laptop: penny dash farthing 88, no capitals", "88"),
        ("le wifi du club c'est marmotte trait d'union 42, pas de majuscule", "42"),
        ("Netflix : kiwi avec deux i puis 1990, sans majuscule", "1990"),
        ("the router is tiger dot lily then 2 2, all lower case", "2 2"),
        ("skiroom pc: piste hyphen rouge 31, no caps", "31"),
        ("ordi du labo : galaxie tiret 77 aucune majuscule", "77"),
        ("code du wifi : marmotte avec deux t puis 88, pas de majuscule", "88"),
    ],
)
def test_dictated_dashes_dots_and_letters_are_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "Add a dash of milk, then 2 eggs, no capitals needed on the label",
        "Style guide: no capitals in headings, a dash between 2 dates",
        "Meet at gate 4 then dash to platform 9, all lower deck seats",
        "email him at tom dot baker 74 at gmail dot com, no capitals",
        "Her username is penny dash farthing 88, no capitals",
        "I'll dash over at 5, no capitals on the sign",
        "Hashtag is ski dash school 2025, no capitals",
        "File names: report dash 2024 dash final, all lowercase, e.g. for the archive",
    ],
)
def test_dashes_dots_and_capitals_in_a_recipe_a_rule_or_an_address_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- Look-alikes of these shapes: each passes.


@pytest.mark.parametrize(
    "text",
    [
        # lists under a heading
        "Order history\nA7K2-9PX4\nB3M8-2QW7\nC9T4-6RV1",
        "Pièces à commander\nX7K2-P9M4\n3HQ8-W2TZ\nM5VD-8RN1",
        "Parts to order\nBX4K-2291\nBX4K-2310\nBX4K-2415",
        "Batch numbers (recall list)\n24A1-7781\n24A1-7790\n24B3-0012",
        "Office laptops\nPF2K-9XQ3\nPF2K-8ZL1\nPF2K-4MN7",
        "Room numbers\nB104 B210\nC301 C118\nD220 D114",
        "Flight times\nAF12 0745\nBA34 1030\nLH56 1415",
        "Delivery drops\nSW1A 1AA\nEC2R 8AH\nM1 1AE",
        "Lottery numbers this week\n04 12 19 33 41\n07 15 22 28 39",
        "Tracking numbers\n1Z 999 AA1 01 2345 6784\nJD01 4600 0062 8123 4567",
        "Phone numbers\n020 7946 0958\n07700 900461",
        "Italian game\ne2e4 e7e5\ng1f3 b8c6\nf1c4 g8f6",
        "Backup schedule: 02:00 / 14:00 / 22:00",
        "recovery: 3 weeks after surgery",
        "Microsoft account recovery: use the phone number",
        "2FA codes arrive by SMS, nothing to note here",
        "Codes de sauvegarde : voir le coffre Bitwarden",
        "Two-factor codes: use the Authenticator app on the old phone",
        "Hors ligne : 4 jours, retour lundi",
        "Numéros de commande\nCMD-4471-22\nCMD-4471-39\nCMD-4472-05",
        "Git commits to review\n4f2a1 9c7e0\nb81d3 06fa2\n7e5c9 d340b",
        "Hex colours for the site\n3a7f 9c2e\nb81d 06fa\n7e5c d340",
        "Codes de secours pour la colo : 15 (SAMU) / 18 (pompiers) / 17 (police)",
        "Recovery after the marathon: 3 days rest, 2 easy runs / 1 long run / 4 km walk",
        # numbers in words or one by one
        "Call Nan\nzero one six one four nine six two three seven one",
        "Recipe\nsix eggs, one cup of flour, two spoons of sugar",
        "Kick-off at seven thirty, final score three one",
        "we live at number forty two",
        "Lyrics\nfour nine two seven\nall night long",
        "Born on the fourth of July nineteen seventy six",
        "Bus route\nnine four two eight",
        "Extension\nfour two one seven",
        "Flight\ntwo four seven one",
        "Le local vélos\nc'est 12 places",
        "Résultat du match : 3 - 9 - 1 - 5 sur le tableau",
        "Delivery van\n→ 7 stops\n→ 3 drops",
        "Pool lanes\n- lane 3 - 9 - 1 - 5",
        "countdown five four three two one then press start",
        # turns that are no dial
        "Directions: turn right to the A40, left to the B12, then right to 27 Mill Lane",
        "Set the oven dial to 180, then turn left to 200 for the last 10 minutes",
        "Thermostat: turn the dial to 21, left to 18 at night",
        "Knitting: knit 2, purl 2, right side 12 rows, left side 12 rows, right 14",
        "Exercise: lean right 10, left 10, right 10",
        "Radio: turn the dial to 98.4, then left to 101",
        "Route : à droite jusqu'à la D12, à gauche jusqu'à la N7, à droite jusqu'à 3 km",
        "Dates: 09 - 05 - 24, turn left twice at the roundabout",
        "Tricot : 12 - 14 - 16 mailles, à droite deux rangs",
        "Directions: left, 2 km, then right, 5 km, then left, 3 km",
        "Hike: turn left, 12 minutes, right, 30 minutes, left, 5 minutes",
        "Seating: left, 12 guests; right, 30 guests; left, 8 kids",
        "Rugby lineout calls: left-15, right-32, left-7",
        "We need a new combination lock for the shed this year\n2 or 3 would do",
        "Bought a combination lock for the gym bag\n4 5 6 sizes available",
        "Four : 185 sur la molette du haut",
        "Radio Nova 101 on the dial",
        "Set the oven to 180 on the dial",
        "The bike has 700 on the wheels",
        "Pneus : 195 sur les roues avant",
        "Match: 24 - 17 - 30, left wing scored first",
        "Laps 45 - 47 - 52, right side is faster every time",
        "— C'est quoi le code postal de mamie ?\n— sept-cinq-zéro-un-un",
        "Dee: what's the promo code?\nRoxy: two-eight-one-four off",
        "Delivery numbers: 84-22 19-07 63-51 30-98",
        "Backup times: 02-00 / 14-00 / 22-00",
        "Codes de secours : appeler le 112 / 18 / 15",
        "— Tu connais le score ?\n— trois-deux pour nous",
        "Extension\nfour-two-one-seven",
        "Call Mum on zero seven seven one two, then press one",
        "Kids' ages\nfour nine two seven",
        "Chapter titles\nfour\nnine\ntwo\nseven",
        "Lockers free this week\n4\n9\n2\n7",
        "We bought 4 5 6 7 for the garage sale",
        "Order 1 2 3 4 for the shed",
        "Alarm clock times\n6\n7\n8\n9",
        "Keypad batteries\n2\nAA",
        "Gym locker\n→ 1\n→ 2\n→ 3\n→ 4",
        "Rooms available\n- 4\n- 9\n- 2\n- 7",
        "Dance class\nfive-six-seven-eight",
        "Radio call sign\ntwo-four-one-nine",
        "Flight home\nBA two-four-one-nine then the shuttle",
        "Directions: go right, stop at 24 Elm Road, then left to 61 High Street, right to 9 Mill",
        # spelt aloud, no password
        "Write your name in capital letters, no spaces, and your age as a number, e.g. 42",
        "File names: use underscore, no spaces, e.g. report_2024",
        "Hashtag for the wedding: #SmithWedding2024 all one word capital S and W",
        "Email: john underscore smith 85 at gmail dot com, all lower case",
        "Username is big underscore dave 77 all lowercase",
        "Postcode SW1A 1AA, all capitals, no spaces in the form",
        "Recette : deux oeufs puis trois cuillères de sucre, tout en minuscules sur l'étiquette",
        "Spelling test: B for ball, C for cat, then 10 more words",
        "Plan B for Tuesday: 3 tables then the chairs",
        "Le prof : un tiret bas entre le nom et l'année, par exemple dupont_2024",
        "Exclamation mark at the end of 2 sentences is too much",
        "PASSWORD_HASH_ROUNDS=12",
        "Coupon code: SAVE 20 all caps no spaces at checkout",
        "Reference for the bank transfer: capital R, then 2024, then your surname, no spaces",
        "Police alphabet practice: A for alpha, B for bravo, C for charlie, 3 rounds",
        "Mon fils épelle son nom : L comme Louis, E comme Émile, O comme Oscar, 8 ans",
        "Volume knob: right to 7, left to 3 when the baby sleeps, right to 9 at parties",
        "WHERE email = $1\n  AND password_hash = crypt($2, password_hash);",
    ],
)
def test_lookalikes_of_codes_without_their_noun_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Tournée 32 — Résidence Les Acacias : digicode bât. B 2476A, bât. C 2477A", "2476A"),
        ("Digicode esc. A 1973B", "1973B"),
        ("Code porte bât. A 2B718", "2B718"),
        ("Keypad bldg. 4: 2580", "2580"),
        ("Door code bldg. C 7731#", "7731"),
        ("Digicode imm. 3 : 40B17", "40B17"),
        ("Interphone bât. D puis code 5120A", "5120A"),
    ],
)
def test_a_code_after_a_buildings_abbreviation_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "digicode bât. B en panne, appeler le syndic",
        "digicode bât. B : voir le gardien",
        "Bât. B 2e étage, porte 12",
        "Bldg 2, room 2104, second floor",
        "esc. A, apt 12 (code à demander au gardien)",
        "Digicode bât. C réparé le 14 mars 2025",
        "Tournée 32 — bât. B 24 colis, bât. C 12 colis",
        "Bldg 4 has 2580 sq ft of office space",
    ],
)
def test_a_buildings_abbreviation_without_a_code_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Mail du patron : « Le coffre a changé. C'est maintenant 24 – 07 – 11. Le fond de "
            "caisse dans le tiroir du haut. »",
            "24 – 07 – 11",
        ),
        ("The safe changed. It's now 24 – 07 – 11.", "24 – 07 – 11"),
        ("Le cadenas a changé : maintenant 24-07-11", "24-07-11"),
        ("Safe combination changed to 14 – 52 – 07 yesterday.", "14 – 52 – 07"),
        ("Cadenas du vestiaire : c'est désormais 31 – 08 – 19", "31 – 08 – 19"),
        ("Coffre du cabinet : 24 — 11 — 36 (gauche, droite, gauche). Nadia", "24 — 11 — 36"),
    ],
)
def test_a_dials_numbers_now_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Le coffre a changé. C'est maintenant le 24 – 07 – 11 qu'on le vide.",
        "La réunion a changé. C'est maintenant 24 – 07 – 2025.",
        "Le planning a changé. C'est maintenant 14 – 16 – 18 h.",
        "Le rendez-vous a changé. C'est maintenant le 24/07/11.",
        "Les horaires ont changé. C'est maintenant 9 – 12 – 14 – 18.",
        "Le prix a changé. C'est maintenant 24 – 07 €.",
        "Le coffre est livré ; maintenant le 24 – 07 – 11 au plus tard.",
        "Cadenas acheté 12 – 15 – 20 € selon la taille, maintenant en promo.",
        "Stay safe! The match is now 3 – 1 – 2 in sets.",
        "Le coffre : la tél est maintenant 06 – 12 – 34 – 56.",
        "Padlock price is now 12 – 15 – 20.",
        "Le coffre ? Demande à Paul, c'est maintenant lui qui a le code.",
    ],
)
def test_dates_prices_and_scores_after_now_pass(text: str) -> None:
    assert find_secrets(text) == []
