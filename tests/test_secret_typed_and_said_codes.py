"""Codes as hold-outs 18 and 19 wrote them and the guard missed: digits typed as a chat reply
with an emoji, a key, a remark or "tell them" before them, after a greeting or a thing said to
be shut ("le placard est fermé 😅", "gate wont open", "card machine asking for the manager
thing"); codes by their place with a key or a letter after the digits ("6-6-4-2-✱"), a cold
room's or a shutter's, dictated after a comma ("minibus keysafe, three one one eight") or said
as a whole number ("mille neuf cent quatre-vingt-quatre") (chat_codes.py, place_codes.py).
And the kinds of their false alarms: a 20-digit reference holding a card's prefix, a statistic
of everyone's password, lockers said to be free, a quoted bait after "for", a boiler's fault
code, a padlock's make and number (cards in __init__.py, lookalikes.py).

Each phrasing is new (other places, speakers and remarks than the hold-outs' rows), in English
and French; the same texts giving a room, a time, a price, a score, a count, a size, a phone
number or a withheld code pass.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets
from tests.secret_corpus import keyword_values


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[08:10] Priya: good morning! the bike shed is locked again\n"
            "[08:11] Dan 🚲: 5 5 2 1 👍",
            "5 5 2 1",
        ),
        (
            "[18:40] Marc : salut, la porte du local vélo est fermée\n"
            "[18:41] Julie : 7-3-0-6, bonne soirée",
            "7-3-0-6",
        ),
        (
            "[12:01] Sam: the store room keypad keeps rejecting my code\n[12:02] Ali: we changed"
            " it. 4 8 1 5, sorry!",
            "4 8 1 5",
        ),
        (
            "[14:00] Tom: client at the garage gate, what do I say?\n[14:01] Bea: tell him 6 0 2 9"
            " and to close it behind him",
            "6 0 2 9",
        ),
        (
            "[19:20] Léa : le cadenas du casier refuse mon code\n[19:21] Paul : dis-lui 3-3-7-1,"
            " je l'ai changé hier",
            "3-3-7-1",
        ),
        ("[09:30] Kim: card reader wants the supervisor pin for a void\n[09:31] Jo: 4411", "4411"),
        (
            "[20:05] Nico : bonsoir, la remise du club est fermée ?\n[20:06] Anne : 8 0 1 2 🙂",
            "8 0 1 2",
        ),
        ("[16:40] Ben: shed gate wont open\n[16:41] Ade: 2580# mate", "2580#"),
        (
            "[11:02] livreur : bonsoir je suis devant, personne\n"
            "[11:03] client : laissez-le dans la boîte aux lettres, c'est le 7-2-5",
            "7-2-5",
        ),
    ],
)
def test_codes_typed_as_chat_replies_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "[08:10] Priya: morning! what time does the bike shed open?\n[08:11] Dan: 0 8 3 0 usually",
        "[14:00] Tom: client at the garage gate, what's his number?\n[14:01] Bea: tell him 07700"
        " 900123",
        "[10:15] Jade: card machine asking how much for the refund\n[10:15] Lily: 45.90",
        "[19:20] Léa : le casier est fermé, c'est lequel le mien ?\n[19:21] Paul : le 14, à gauche",
        "[16:40] Ben: shed gate wont open\n[16:41] Ade: ask the office mate, I don't have it",
        "[20:05] Nico : bonsoir, la remise est fermée ?\n[20:06] Anne : oui jusqu'au 12 mars. 2026"
        " sera mieux",
        "[09:00] Kay: good morning, gym is locked, when does it open?\n[09:01] Lee: 9 3 0 I think",
        "[15:02] moi : bonjour je suis devant, personne\n[15:03] client : désolé j'arrive dans 10"
        " min",
        "[07:32] Gaz: depot yard gate wont open\n[07:33] Shaz: ring 0161 496 0000 mate",
        "[21:07] Brenda: the Wilsons are stuck outside the hall!!\n[21:09] Colin: tell them 3 of 4"
        " keys are with Bob",
        "[15:02] moi : bonjour je suis devant, personne\n[15:03] client : c'est le 12, 3e étage",
        "[13:00] Ed: the locker is locked?\n[13:01] Flo: yes. 2-1 to us at half time though",
    ],
)
def test_chat_replies_with_a_time_a_phone_a_price_or_a_score_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("cold room: 5 5 1 9", "5 5 1 9"),
        ("Chambre froide : 7 7 3 0 #", "7 7 3 0"),
        ("shop shutter - 4-4-0-9-✱", "4-4-0-9-✱"),
        ("le garage, neuf huit deux un", "neuf huit deux un"),
        ("shed padlock, four four one two", "four four one two"),
        ("le cadenas du vélo c'est deux mille trois cent dix", "deux mille trois cent dix"),
        (
            "the safe is one thousand nine hundred and twelve",
            "one thousand nine hundred and twelve",
        ),
        ("Note: 'store room: 6621'", "6621"),
        ("back shutter is 3 0 8 8, lock it after", "3 0 8 8"),
        ("Block C: buzzer's dead after 9, use 4-1-6-2 on the panel", "4-1-6-2"),
        ("key in 5 8 2 0 on the keypad by the bins", "5 8 2 0"),
        ("Papi : cadenas du puits n° 2 = mille neuf cent soixante-dix (1970)", "mille neuf cent"),
        (
            "Fiche bénévoles\nLocal kayaks\u202f: 5 0 3 7\nClés du zodiac\u202f: au bureau",
            "5 0 3 7",
        ),
        # a dial's numbers in words, two digits each
        ("wardrobe in the green room: twenty, forty, eleven", "twenty, forty, eleven"),
        ("vestiaire des arbitres : trente, quinze, deux", "trente, quinze, deux"),
        ("Gun cabinet: twenty-two, eight, thirty", "twenty-two, eight, thirty"),
        ("armoire à pharmacie : quarante, douze, trente-huit", "quarante, douze, trente-huit"),
        ("garage, sixty, twenty, eleven", "sixty, twenty, eleven"),
    ],
)
def test_codes_by_their_place_typed_or_said_are_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "cool room: 4°C max, check twice a day",
        "Cupboard: ten, twenty, thirty",
        "casier : dix, vingt, trente",
        "the cupboard holds twenty, thirty, forty boxes",
        "Salle 12 : vingt, trente, quinze élèves",
        "office: twenty, thirty, forty minutes",
        "Cold room: 12 crates of rosé, 4 of white",
        "the shutter is 2 4 0 0 mm wide",
        "Shutter: 1200 x 2100, quote £450",
        "the garage, three hundred quid a month",
        "minibus, three one one eight miles on the clock",
        "the hall, two thousand people last year",
        "le local, mille neuf cent quatre-vingt-quatre euros de travaux",
        "Cadenas acheté, neuf cent grammes, trop lourd",
        "bike shed, 3 of 4 spaces free",
        "the shed, 1998 we built it",
        "keypad: ask the office, it's on the sticker",
        "shutter is down at 18:30",
        "solar panel: 2 4 0 0 mm x 1 1 0 0 mm",
        "Scores: 3 1 0 2 on the panel tonight",
        "Control panel: 2019 model, serviced 12/03",
        "call 0 1 6 1 on the panel if stuck",
        "Panel 3: 14 members, 2 chairs",
        "Casier n° 12 : 2 chaises, 1 table",
        "Box n° 7 : 1 250 € par an",
        "Garage n° 3 : 2019, refait à neuf",
        "Local voiles\u202f: 12 places\nSalle polyvalente\u202f: 1 2 0 places",
    ],
)
def test_places_with_a_size_a_price_a_count_or_a_date_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "EPC rating C (71), certificate ref 2290-3011-7201-4455-1990. Gas safety due 14/10.",
        "Policy number 5412-7534-0011-2980-4411, renewal in March.",
        "Lu dans le journal : « 123456 » reste le mot de passe le plus utilisé en France.",
        '"password" is still the most common of all passwords, says the survey',
        "Lockers for new starters: 21, 22 and 24 are free. Combinations are set by each person.",
        "Casiers pour les stagiaires : 12 et 15 sont libres, chacun choisit sa combinaison.",
        'Reminder: never share your Steam password for "free skins", it\'s always a scam.',
        "Ne donnez jamais votre mot de passe pour « un iPhone gratuit », c'est une arnaque.",
        "Heating fault ref HF-2026-7713; engineer said the boiler code was E119 (ignition failure)",
        "La chaudière affichait le code F28 (défaut d'allumage), technicien mardi.",
        "Stock cupboard: lock broke, padlock bought (Master Lock no. 1500), keys in the office",
        "Garage : nouveau cadenas (Abus n° 4520), clés chez Paul.",
    ],
)
def test_references_statistics_baits_faults_and_models_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("JCB 3530 1113 3330 0000 0426 for the Tokyo trip", "3530 1113 3330 0000"),
        ("my most used password is Soleil2024 and I use it everywhere", "Soleil2024"),
        ("Lockers: mine is 21, combination 4471", "4471"),
        ('Steam password for "gamer_tag": Skins!2024', "Skins!2024"),
        ("the boiler code is 4471, don't lose it", "4471"),
        ("padlock (Master Lock) code 1500", "1500"),
    ],
)
def test_the_same_words_around_a_real_secret_are_refused(text: str, secret: str) -> None:
    found = [text[finding.start : finding.end] for finding in find_secrets(text)]
    assert any(secret in value for value in found)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Passation dépôt\n• rideau latéral : 6 2 4 9, puis bouton vert\n• tournée 8", "6 2 4 9"),
        ("Side shutter: 6249 then the green button.", "6249"),
        ("Portail du dépôt : 4471, puis bouton vert.", "4471"),
        ("Loading bay door 3 8 2 7 then press the green button", "3 8 2 7"),
        ("Alarme : tapez 5520 puis touche verte", "5520"),
    ],
)
def test_a_code_then_the_green_key_is_refused(text: str, code: str) -> None:
    assert any(code in text[f.start : f.end] for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Ring 0113 496 0721 then press the green button.",
        "Washing machine: programme 40 then the green button.",
        "Four : 180, puis bouton vert pour lancer.",
        "Lift: floor 4 then the green button.",
        "Bus 42 then the green line to the end.",
        "Photocopieuse : 25 copies, puis touche verte.",
        "Parking ticket machine: insert 2 pounds then the green button.",
        "Page 214, then the green key on the e-reader.",
    ],
)
def test_a_number_then_the_green_key_that_is_no_code_passes(text: str) -> None:
    assert find_secret(text) is None
