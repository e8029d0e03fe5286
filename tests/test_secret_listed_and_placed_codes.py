"""Codes listed by whose or which they are under a heading naming the locks (code_lists.py),
codes changed or set in a sentence, or given for getting in (set_codes.py), codes named by their
place or their use without the word "code" (place_codes.py) and chat replies to "PIN?" and "le
code ?" (layouts.py).

Each kind is written in other words than the spent corpora's rows it stands for, in English and
French; the look-alikes of the same shapes (sizes, floors, prices, capacities, marks,
extensions, ages, a year, a time, a phone number, a flight, a code withheld) pass.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values

# --- Codes listed one per line under a heading naming the locks, or naming its lock on each line,
# or in a table whose column says how to get in (code_lists.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Pool lockers\nMum: 4471\nDad: 9023\nKids: 1187", "4471"),
        ("Casiers de la piscine\npapa : 552\nmaman : 918", "552"),
        ("Bike locks\nred bike 339\nblue bike 721", "339"),
        ("Cadenas des vélos\nvélo de Léo : 4410\nvélo de Mia : 8821", "4410"),
        ("Key safes\n- 12 Rose Lane: 3391\n- 4 Mill Court: 0722", "3391"),
        ("Boîtes à clés\nGîte du Lac : 4521\nGîte des Pins : 7730", "4521"),
        ("Staff lockers\nAmy 17 — 2096\nRaj 18 — 5510", "2096"),
        ("Gym lockers (1st floor)\n2 – Sam: 3391\n5 – Ana: 0722", "3391"),
        ("Casiers, 2e étage\n12 - Martin : 4410\n14 - Petit : 9981", "4410"),
        ("Cabin codes for the retreat\nTeam lead (Jo): 4471\nGuests: 9023", "4471"),
        ("Gîte (codes des chambres)\nTilleul – parents : 3318\nChêne – enfants : 7702", "3318"),
        ("Mailboxes\nFlat 1: 0417\nFlat 2: 9932", "0417"),
        ("Notes\nApt 1 : boîte 2719\nApt 2 : boîte 8830", "2719"),
        ("Padlocks (gym bags)\nred - 4-1-9\nblue - 8-0-2", "4-1-9"),
        ("| Bike | Lock | Code |\n|---|---|---|\n| red bike | D-lock | 4471 |", "4471"),
        ("Van | bay | code\nTransit | 4 | 6093\nSprinter | 7 | 1185", "6093"),
        ("Boîtes aux lettres\nApt 3 : 4412\nApt 5 : 8830", "4412"),
        ("Holiday lets\nFlat 1 Harbour St: key safe 2719\nFlat 2 Quay Rd: key safe 8830", "2719"),
        (
            "| room | access |\n|---|---|\n| server room | 55102 |\n| meeting room | badge |",
            "55102",
        ),
        ("| pièce | accès |\n|---|---|\n| local technique | 4471B |\n| accueil | badge |", "4471b"),
    ],
)
def test_codes_listed_under_their_locks_are_refused(text: str, secret: str) -> None:
    assert secret in [value.lower() for value in keyword_values(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Staff lockers\nKemal: size M\nJess: floor 2",
        "Lockers\nLocker 3: 2nd floor\nLocker 4: 3rd floor",
        "Staff lockers\nKemal: ext 519\nJess: ext 806",
        "Staff\nYanis : 41 ans\nInès : 27 ans",
        "Salles de réunion\nsalle Chêne : 12 places\nsalle Orme : 40 places",
        "Valises\nvalise rouge 73 €\nvalise noire 96 €",
        "Valises\nvalise rouge 73 litres\nvalise noire 96 litres",
        "Shoe sizes\nTom 42\nLéa 38",
        "Notes de la classe\nYanis : 14\nInès : 17",
        "Lockers\nA: 101-140\nB: 141-180",
        "Lockers by row\nA - 1-10\nB - 11-20",
        "Locker rental\nsmall: 120\nlarge: 180",
        "Padlock orders\nAbus 3391\nMaster 0722",
        "Lockers installed\nBlock A: 2019\nBlock B: 2021",
        "Locker sizes (2nd floor)\nsmall: 120\nlarge: 180",
        "Mailboxes\nFlat 1: 12\nFlat 2: 14",
        "Boîtes aux lettres\nApt 3 : Dupont\nApt 5 : Martin",
        "Cadenas valises\nvalise rouge : 2 clés\nvalise noire : perdue",
        "Appartements\nApt 1 Vieux-Port : 45 m²\nApt 2 Panier : 60 m²",
        "Cottages\nRose Cottage 4 guests\nIvy Cottage 6 guests",
        "| room | access |\n|---|---|\n| server room | badge |\n| meeting room | 2nd floor |",
        "| what | how |\n|---|---|\n| bus | 2046 |",
        "| pays | code |\n| France | 0033 |",
        "| ville | code |\n| Paris | 75001 |",
        "| name | code |\n| Zoé | 4093 |",
        "| car | year | code |\n| Clio | 2019 | 2019 |",
    ],
)
def test_lists_of_other_numbers_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- Codes changed or set in a sentence, given for getting in, or passwords given after a reset
# (set_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the key safe at Nan's was changed to 5512 by the carers", "5512"),
        ("the padlock on the shed has been reset to 817", "817"),
        ("Gate reset to 1188 after the power cut", "1188"),
        ("boîte à clés de l'appart remise à 2206 par l'agence", "2206"),
        ("le code du portail a été changé\ndésormais 4480B", "4480B"),
        ("the gate code changed last week\nnow 7719", "7719"),
        ("Sam: alarm code still the same?\nJo: nope, the landlord changed it — 6620", "6620"),
        ("7B41 to enter on the keypad then push", "7B41"),
        ("4480 à composer sur le clavier de l'entrée", "4480"),
        ("she uses Sparrow1952 for everything online", "Sparrow1952"),
        ("il a remis 7731 partout", "7731"),
        ("Grandpa uses Blackbird_1950 everywhere", "Blackbird_1950"),
        ("he lets himself in with 9021", "9021"),
        ("grand-père entre par le garage avec le 7731", "7731"),
        ("he uses 2580 to get in", "2580"),
        ("my tablet's 551020 if the kids need it", "551020"),
        ("Ellie's iPad: 270418 (she said it's fine to use it)", "270418"),
        ("Nan gets into her laptop with 1944", "1944"),
        ("son portable c'est 246810 si tu dois le déverrouiller", "246810"),
        ("il le déverrouille avec son année de naissance, 1958", "1958"),
        ("work email was reset — new one is Lantern_2025", "Lantern_2025"),
        ("ma session a expiré, la nouvelle c'est Girafe#88", "Girafe#88"),
        ("I'm on Bluebell!77 until the next forced change", "Bluebell!77"),
    ],
)
def test_codes_changed_set_or_used_to_get_in_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "The price was changed to 8124 euros by the management co",
        "the meeting was moved to 1874 Main Street",
        "His phone number changed to 07700 900123",
        "My flight was changed to AF1234",
        "The lockbox code was changed, ask the office",
        "le code du cadenas a changé, demande au bureau",
        "le prix du cadenas est passé à 12 €",
        "le cadenas a été changé en 2019",
        "Padlock changed to a 4-digit one",
        "the gate fee changed to 1200 this year",
        "the shed was changed to 2400 mm wide",
        "the door was replaced by 2 new ones",
        "now 1874 people live in the village",
        "le code a changé, désormais demandez au bureau",
        "she uses 2 keys to get in",
        "we need 1500 signatures to get in the final",
        "use 4096 for the key size",
        "enter 2024 to unlock the archive year",
        "he gets in at 0830",
        "my phone's 5 years old",
        "my phone's 07700900123 if you need to call",
        "mon tél c'est 0612345678 si besoin",
        "my phone is 2019 if you want the model year",
        "Mum's phone: 07700 900123",
        "Dad's laptop: 2015 MacBook",
        "Grandad gets into his car with 2 sticks",
        "I use Firefox everywhere",
        "I use Windows11 until IT forces the upgrade",
        "I'll be using Room_204 until the change of term",
        "password reset: the new one is in 1Password",
        "using 4 threads until the next reset",
        "set 4096 everywhere in the configs",
        "j'ai mis 2 couches partout",
        "mis 2000 € partout dans les placards",
    ],
)
def test_changes_and_uses_of_other_numbers_pass(text: str) -> None:
    assert find_secrets(text) == []


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
        ("Coffre : la date de naissance de papa à l'envers, 0591.", "0591"),
        ("Padlock on the boat shed\n4 – 0 – 7 – 2", "4 – 0 – 7 – 2"),
        ("Bike store\n→ 5 9 1 3", "5 9 1 3"),
        ("Gun cabinet at the farm: 14 – 62 – 08, left first", "14 – 62 – 08"),
        ("Gym locker: left to 14, right to 36, left to 2", "left to 14, right to 36, left to 2"),
        (
            "Coffre de la mairie :\ntourner à gauche jusqu'à 27\nà droite jusqu'à 81\nà gauche "
            "jusqu'à 44",
            "gauche jusqu'à 27\nà droite jusqu'à 81\nà gauche jusqu'à 44",
        ),
        (
            "Boat safe\nL 2 turns to 31\nR past 31 once to 9\nL to 56, open",
            "L 2 turns to 31\nR past 31 once to 9\nL to 56",
        ),
        ("Shed: my old house number twice, 2727", "2727"),
        (
            "Armoire à linge : le numéro de l'appart puis l'année du mariage, 12 et 1998 → 121998",
            "121998",
        ),
        ("supervisor override: 40917", "40917"),
        ("Barclays telephone banking\nsecurity number 58201", "58201"),
        ("[09:12] Sam: front door keypad?\n[09:13] Jo: 5819", "5819"),
        ("WhatsApp 21:05 Kim: van tablet locked, PIN?\n21:06 Me: 551034", "551034"),
        ("lun. 08:10 – Marc : le code du local ?\nlun. 08:11 – Léa : 4 4 1 9", "4 4 1 9"),
        ("— La porte de derrière, c'est quoi le code ?\n— 8813, tu pousses fort", "8813"),
        ("Sam: bike shed code? my phone died\nJo: five-two-nine-one", "five-two-nine-one"),
        ("— Tu me redonnes le code du vestiaire ?\n— quatre-un-neuf-deux", "quatre-un-neuf-deux"),
        ("Mia: safe combo?\nRaj: 22 - 48 - 07, left first", "22 - 48 - 07"),
        ("— Et pour le garage ?\n— 8812", "8812"),
        ("— Le local, c'est toujours pareil ?\n— Non, 5512 maintenant", "5512"),
        ("Chris: how do we get into the hall?\nSue: 4471 on the keypad", "4471"),
        ("Mamie : code du cadenas ?\nMoi : 4.0.9.1", "4.0.9.1"),
        ("Cupboard of meds: code 5529 changed this morning", "5529"),
        (
            "Jo: how do I open the cabinet?\nMe: right to 30, left one full turn to 8, right 61",
            "right to 30, left one full turn to 8, right 61",
        ),
        ("— Léo, le code de la réserve, vite !\n— 3 8 1 0", "3 8 1 0"),
        # a place named at length, what it holds in brackets
        (
            "Coffre de la salle de soins (stupéfiants) : 12 – 48 – 03",
            "12 – 48 – 03",
        ),
        ("Armoire du bureau de la directrice (dossiers RH) : 4471", "4471"),
        ("Cupboard in the back of the staff room (first aid) : 4 8 2 6", "4 8 2 6"),
    ],
)
def test_codes_named_by_their_place_or_use_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Room 2014 is the staff toilet",
        "Local du club de la plage (planches) : 1998 à 2004",
        "Armoire de la salle des fêtes (grandes tables) : 120 chaises",
        "Garage of the house at the end (ours) : 2 cars, 1 van",
        "Placard de l'entrée du fond (produits ménagers) : 1er étage",
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
        "Garage : acheté en 2019, 1299.",
        "Garage : our annual budget, 1200.",
        "Cave : date de construction, 1998",
        "Shed: built by my dad, 1987",
        "Dance: step left to 2, right to 4, left to 6, right to 8",
        "Directions: turn left to 5th Avenue, right to 12th Street, left to the park",
        "Drive: left to the A12, right to 40 km/h, then left to 30",
        "Gym locker drill: turn left 2 times, right 3 times, left 1 time",
        "Itinéraire : à gauche 2 km, à droite 5 km, à gauche 3 km",
        "Crochet: left 12, right 12, left 12 stitches",
        "Cave\n12-03-24",
        "Sam: what's the bus to the gate?\nJo: twenty-two",
        "Mia: score?\nRaj: 22 - 18 - 07",
        "— Tu as le code postal ?\n— sept-cinq-zéro-un-un",
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
        "— Et le garage, il ouvre à quelle heure ?\n— 0830",
        "— Le garage est loin ?\n— 1500 m",
        "Tom: what time can we get into the hall?\nMeg: 1830",
        "— Ça coûte combien maintenant le local ?\n— Non, 1500 maintenant",
        "— Tu as vu la porte ?\n— 2024 je crois",
    ],
)
def test_places_times_and_other_numbers_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A cash box or a cash tin locks: its code after it, a year with a hint, a new code "now"
# when the old is said gone; a till ("caisse"), also a checkout or a fund, only with its code
# typed key by key (place_codes.py, set_codes.py); and a
# list under a heading naming rooms or huts that lock, one code per item (code_lists.py).
# Training corpus O's kinds in words of their own.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Cashbox: 1954. Same as the Bakelite radio's year, that's how I remember.", "1954"),
        ("Cash tin for subs: Fischer's birth year. (1943)", "1943"),
        ("CAISSE = 5 5 0 8 (Anita)", "5 5 0 8"),
        ("cash tin: 4471", "4471"),
        ("the cashbox is 2208", "2208"),
        ("la caisse du bar c'est 4 4 0 1", "4 4 0 1"),
        ("petty cash tin - 3 9 1 7", "3 9 1 7"),
        ("the cash box is no longer 1234, it's 9740 now", "9740"),
        ("Coffre de la caisse : plus 1234, c'est 9740 maintenant, Chloé l'a changé", "9740"),
        ("bike shed changed, it's 4471 now", "4471"),
        ("Le cadenas du local : plus 4471, c'est 8820 maintenant", "8820"),
        ("The locker: not 1 2 3 any more, it's 9740 now", "9740"),
    ],
)
def test_a_cash_boxs_code_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Cashbox: £312 takings Sat, £188 Sun. Biggest sale: 1954 Bakelite radio, £65.",
        "CAISSE = fond de caisse 150 € (Anita) — à recompter le dimanche",
        "Caisse du stand — dimanche 412 €, dont 150 € pour le buffet Henri II.",
        "Cash tin: 1954 Bakelite radio sold",
        "Cashbox: 2150 counted Sunday",
        "Cash tin: 1943",
        "caisse 2 : 14 clients",
        "Total caisse : 1820",
        "Ticket de caisse : 4471",
        "Caisse d'Épargne : 4471 € sur le livret",
        "Caisse n° 3 : 1207 tickets",
        "Cashbox total: 2150",
        "Cashbox takings: 2150",
        "Cash box float: 1500",
        "Coffre bureau : 1 986,42 € comptés dimanche soir, bordereau de remise n° 0318",
        "The garage is 3000 now, not 2500 as quoted",
        "Shed: no longer 1200 litres, it's 1500 now",
        "Storage unit: new contract, it's 1180 now",
        "The attic insulation: not 120mm, it's 2400 now",
        "Shed: not 1.5 m, it's 1800 now",
        "the safe: not 1998, it's 2024 now",
    ],
)
def test_a_cash_boxs_money_a_year_or_a_checkout_number_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("## Changing rooms\nLadies: 2468\nGents: 1357\nDisabled: no lock", "2468"),
        ("Vestiaires / toilettes\nDames : 4812\nHommes : 3907", "4812"),
        ("Sheds on the allotment\n- Blue: 2291\n- Green: 7730", "2291"),
        ("Locker rooms\nStaff: 5821\nVisitors: 6604", "5821"),
        ("Douches du camping\nBloc A : 1379\nBloc B : 2846", "1379"),
        ("Cash boxes\nBar: 4410\nShop: 8127", "4410"),
    ],
)
def test_codes_listed_under_rooms_or_huts_that_lock_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "## Changing rooms\nLadies: shower 2 broken\nGents: lockers 13–57 free\nDisabled: no lock",
        "## Changing rooms\nLadies: 1450 visits\nGents: 1320 visits",
        "## Changing rooms (opening)\nLadies: 0700\nGents: 0730",
        "## Toilets\nGround floor: 2\nFirst floor: 3",
        "Showers\nBlock A: 2019\nBlock B: 2021",
        "Sheds\nBlue: 2400 x 1800\nGreen: 1800 x 1200",
        "## Changing rooms\nLadies: 1240\nGents: 1130\nTotal footfall: 2370",
        "Caisses du magasin\nCaisse 1 : 1245,50 €\nCaisse 2 : 980,00 €",
        "Sheds (prices)\nBlue: 1299\nGreen: 1499",
    ],
)
def test_rooms_listed_with_counts_times_sizes_or_prices_pass(text: str) -> None:
    assert find_secrets(text) == []


# A booth or a cabin is numbered like a room: only a run of single digits after it is its code.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Ciné-club — cabine de projection : 3 9 1 8, le boîtier est derrière le rideau",
            "3 9 1 8",
        ),
        ("Projection booth: 6 2 0 4, keypad behind the curtain", "6 2 0 4"),
        ("Cabine de traduction : 5 1 7 3", "5 1 7 3"),
    ],
)
def test_a_run_of_digits_after_a_booth_is_its_code(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Cabine 214 sur le ferry de Roscoff",
        "Booth 12 at the trade fair, hall 3",
        "Cabine d'essayage 4, à gauche",
        "Stand / booth: 4512",
        "Photo booth: 4 photos for 5 euros",
        "Cabine téléphonique : 0 800 123 456",
        "Cabine 3 2 1 du bateau",
    ],
)
def test_a_booths_or_a_cabins_own_number_passes(text: str) -> None:
    assert find_secrets(text) == []
