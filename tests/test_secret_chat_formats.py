"""Codes given as chat replies in the shapes chats are written and exported in: a speaker with a
role in brackets ("Margaret (churchwarden):"), a desk and a person ("Office - Jo:"), a name then
a dash ("Père Antoine — …"), an SMS's arrow ("Karim (7h32) > …"); a code with a remark on it
after ("1066 like the battle", "0310 comme l'anniv du club"), or after "try" / "essaie"; a key
box, a snack bar, a kiosk or a tablet asked about (chat_codes.py).

Each phrasing is new (other places, speakers and remarks than training corpus M's misses), in
English and French; the same chats giving a room, an order, a phone, a price, a date, a count,
a model or a withheld code pass.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a role or a desk beside the speaker's name
        (
            "[Tue 07:02] Dev: locked out of the plant room again, what is it?\n"
            "[Tue 07:04] Karen (site manager): 4 8 1 9\n[Tue 07:04] Dev: cheers",
            "4 8 1 9",
        ),
        (
            "[07:15] Samir : je suis devant le local poubelles, c'est quoi ?\n"
            "[07:16] Syndic - Claire : 5820\n[07:16] Samir : merci",
            "5820",
        ),
        (
            "[21:40] Ollie: the keybox at the Airbnb won't open\n"
            "[21:41] Host - Mel (cleaning): 3371\n[21:41] Ollie: sorted",
            "3371",
        ),
        # a name then a dash, an SMS's arrow
        (
            "WhatsApp, samedi :\nJulien Marchal — On est devant le vestiaire, c'est fermé\n"
            "Coach Didier — 6 2 0 4 et tu pousses\nJulien Marchal — ok",
            "6 2 0 4",
        ),
        (
            "Text from Abby (18:02) > at the allotment gate, what's it now?\n"
            "Reply Tom (18:05) > try 7719, they changed it\nAbby > in!",
            "7719",
        ),
        # a remark on the code after it
        (
            "[06:50] Lee: at the boathouse, what was it again?\n"
            "[06:52] Gav: 1415 like agincourt\n[06:52] Lee: 👍",
            "1415",
        ),
        (
            "[Sam 09:10] Inès : c'est quoi pour la buvette ?\n"
            "[Sam 09:11] Paulo : 2506 comme la date du tournoi",
            "2506",
        ),
        (
            "Mo: stuck at the bin store, whats the keypad\nJess: 3 0 6 1 same as the bike shed lol",
            "3 0 6 1",
        ),
        (
            "[14:02] Anna: the reception tablet is locked again\n[14:03] Raj (IT): 551903\n"
            "[14:03] Anna: ty",
            "551903",
        ),
        (
            "Nadia : le kiosque du stade me refuse\nKevin : essaie 8142 il l'a changé hier",
            "8142",
        ),
        # an emoji beside a speaker's name or after the code
        ("Zoe 💜: stuck outside the bike shed, what's the padlock\nMum ❤️: 4 4 1 0", "4 4 1 0"),
        ("Ana: what's the lockbox at the flat?\nMe: 2 7 1 9 🙂", "2 7 1 9"),
        ("Sophie : c'est quoi le cadenas du vestiaire ?\nMoi : 4 1 1 8 bisous", "4 1 1 8"),
    ],
)
def test_chat_codes_in_every_chat_format_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "[Tue 07:02] Dev: locked out of the plant room again, which floor?\n"
        "[Tue 07:04] Karen (site manager): 4\n[Tue 07:04] Dev: cheers",
        "[07:15] Samir : je suis devant le local poubelles, c'est quoi le numéro du syndic ?\n"
        "[07:16] Syndic - Claire : 01 45 82 20 11",
        "[21:40] Ollie: the keybox at the Airbnb won't open\n"
        "[21:41] Host - Mel (cleaning): ask the neighbour, she has the spare\n[21:41] Ollie: ok",
        "WhatsApp, samedi :\nJulien Marchal — On est devant le vestiaire, c'est fermé\n"
        "Coach Didier — j'arrive dans 10 minutes\nJulien Marchal — ok",
        "Text from Abby (18:02) > at the allotment gate, when do they lock it?\n"
        "Reply Tom (18:05) > try 1930, they close at dusk\nAbby > ok",
        "[06:50] Lee: at the boathouse, how many boats are out?\n[06:52] Gav: 12 like yesterday",
        "[Sam 09:10] Inès : c'est combien pour la buvette ?\n"
        "[Sam 09:11] Paulo : 2,50 comme l'an dernier",
        "Mo: stuck at the bin store, whats the keypad model\nJess: KP-3061 same as the bike shed",
        "[14:02] Anna: the reception tablet is locked again\n"
        "[14:03] Raj (IT): it's on the sticker under it\n[14:03] Anna: ty",
        "[14:02] Anna: which tablet is broken?\n[14:03] Raj (IT): order 551903, arriving Tuesday",
        "Nadia : le kiosque du stade me refuse\nKevin : essaie le numéro du stade, 0145822011",
        "[Mer 17:40] Yanis : la buvette ouvre quand ?\n[Mer 17:41] Nadia : 1830 comme d'hab",
        "Zoe 💜: what time does the bike shed open\nMum ❤️: 0 8 3 0",
        "Ana: what's the lockbox at the flat?\nMe: no idea 🙂 ask Tom",
        "Sophie : c'est quoi le cadenas du vestiaire ?\nMoi : 12 € chez Decathlon bisous",
    ],
)
def test_chat_replies_of_every_format_without_a_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A password given as a chat reply about its account or machine, without a password's noun:
# asked as what is typed for it ("c koi pour la switch", "what do I put for the nintendo"), as
# "the disney+ one", or said to be asked for by a machine ("l'ordi me demande un truc"); the
# reply says how to type it, or joins three names and digits (made_passwords.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Ella: papa c koi pour la wii\nPapa: Ella2014 avec un E majuscule\nElla: ok", "Ella2014"),
        (
            "[20:01] Chloé : c'est quoi pour le canal+ ?\n[20:02] Maman : Chloe2009 tout attaché",
            "Chloe2009",
        ),
        (
            "[21:10] Sam: what's the apple tv+ one again\n[21:11] Dad: SunnyAndRex2019\n"
            "[21:11] Sam: ta",
            "SunnyAndRex2019",
        ),
        (
            "Tom 📱: what do i put for the nintendo\nMum: TomAndMaxLego22\nTom 📱: 👍",
            "TomAndMaxLego22",
        ),
        (
            "[08:05] Inès : l'ordi de la caisse me demande un truc\n"
            "[08:06] Marc : Pharma22 avec un P majuscule",
            "Pharma22",
        ),
        (
            "Leo: the laptop in the back is asking for something\n"
            "Priya: Riverside7 with a capital R\nLeo: in",
            "Riverside7",
        ),
        (
            "[19:40] Jake: the xbox is asking me for something\n"
            "[19:41] Dad: Halo4Ever! with the exclamation mark",
            "Halo4Ever!",
        ),
    ],
)
def test_chat_replies_giving_an_accounts_password_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ella: papa c koi pour la wii\nPapa: MarioKart8 avec le volant\nElla: ok",
        "Ella: papa c koi pour la wii\nPapa: 2 manettes avec un câble",
        "[20:01] Chloé : c'est quoi pour le canal+ ?\n[20:02] Maman : 24,99 par mois",
        "[20:01] Chloé : c'est quoi pour le canal+ ?\n[20:02] Maman : TF1 en majuscules",
        "[21:10] Sam: what's the apple tv+ one called again\n[21:11] Dad: SeveranceSeason2",
        "Tom 📱: what do i put for the nintendo\nMum: 25/12 with the gift card",
        "[08:05] Inès : l'ordi de la caisse me demande un truc\n"
        "[08:06] Marc : redémarre-le avec le bouton, ticket 44120",
        "Leo: the laptop in the back is asking for something\n"
        "Priya: Windows11 update, with a restart\nLeo: ok",
        "Leo: the laptop in the back is asking for something\n"
        "Priya: ask IT, it's on the sticker under it",
        "[19:40] Jake: the xbox is asking me for something\n"
        "[19:41] Dad: GamePass2024 renewal, ignore it",
        "[19:40] Jake: the telly is asking for something\n[19:41] Dad: Netflix4K with the remote",
    ],
)
def test_chat_replies_about_an_account_without_its_password_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- Where a code would stand, the app it is kept in, or a product's model (lookalikes.py).


@pytest.mark.parametrize(
    "text",
    [
        "Reminder: Slack backup codes belong in 1Password, not in Notion or on your desk.",
        "Rappel : les codes de secours vont dans 1Password, pas sur un post-it.",
        'Recovery codes: stored in 1Password (shared vault "Ops").',
        "Backup codes saved to 1Password, ask Sofia for access.",
        "backup codes -> 1Password",
        "Door code: see 1Password",
        "2FA codes come from 2FAS on the office phone.",
        "Machine n° 6 Miele PW 6080, intervention n° INT-55210 le 3 avril, pompe changée.",
        "Sèche-linge Miele PW 5105 en panne, technicien jeudi.",
        "Pressure washer Karcher PW 4020 serviced on 12/03, next service in March.",
        "Lave-linge Miele PW 6065 : réparation le 14/05, pièce 1180 commandée.",
    ],
)
def test_a_code_keepers_name_or_a_products_model_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Backup codes (also in 1Password): 4819-2271 6604-9938 1130-4472",
            "4819-2271 6604-9938 1130-4472",
        ),
        ("Miele PW 6080 laundry room door code: 4471", "4471"),
        ("Gmail PW: Tulip$Harbor88 (also in Bitwarden)", "Tulip$Harbor88"),
    ],
)
def test_a_code_beside_its_keeper_or_a_model_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[09:02] M. Bouvier : Bonjour, pour l'immeuble c'est le 19A42, puis 3e gauche\n"
            "[09:03] Karim Plomberie : ok j'arrive vers 10h",
            "19A42",
        ),
        ("[10:14] Mme Leroy : pour la porte d'en bas c'est le 4512B, 2e étage", "4512B"),
        ("[18:20] Sam: for the building it's 2580#, then 4th floor", "2580#"),
        ("[11:30] Julie : pour le portail c'est le 12A34, garez-vous devant", "12A34"),
        ("[08:01] Paul : l'entrée c'est le 7B19, 2e étage", "7B19"),
        ("Mme Perrin : pour le hall c'est le 3A771, ensuite l'ascenseur", "3A771"),
        ("Text from the landlord: for the front door it's 4C81, flat 3 is upstairs", "4C81"),
    ],
)
def test_a_code_given_with_the_door_it_opens_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "[09:02] M. Bouvier : Bonjour, pour l'immeuble c'est le 19 rue des Lilas, puis 3e gauche",
        "[09:02] M. Bouvier : pour l'immeuble c'est le bâtiment C, puis 3e gauche",
        "[09:02] M. Bouvier : pour l'immeuble c'est le 3e à gauche",
        "[18:20] Sam: for the building it's number 42, then 4th floor",
        "[11:30] Julie : pour le colis c'est le 12A34 sur le bon de livraison",
        "[10:00] Léo : pour la réunion c'est le 14B, salle du fond",
        "[08:01] Paul : l'entrée c'est le 7 bis, 2e étage",
        "[12:00] Jo: the main door is 48 metres down the road",
        "Pour l'immeuble c'est le 1998, année de construction",
        "For the building it's 2024 sq ft per floor",
    ],
)
def test_a_door_given_with_an_address_a_floor_or_a_parcel_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A code asked for by what it opens (a vault, a strongroom, a self-storage unit), how to
# open it, or a lock that will not take the old code, answered with the code or with it "now"
# after a comma (chat_codes.py); training corpus O's kinds in words of their own.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[07:31] Liam: how do i open the vault\n[07:33] Dmitri: 3 2 1 4 then turn the handle",
            "3 2 1 4",
        ),
        ("Sam: how do we open the strongroom?\nAna: 5 9 1 2 then the wheel", "5 9 1 2"),
        ("Lou : comment j'ouvre le coffre ?\nMax : 4 4 7 1 puis tu tournes", "4 4 7 1"),
        (
            "[05:48] Karim: c koi le truc du garde-meuble ils ont changé\n"
            "[05:49] Armand: 8 3 0 0 étoile",
            "8 3 0 0",
        ),
        (
            "[06:02] Karim: at the unit, gate's not taking it\n"
            "[06:03] Jo: they changed it Friday, 7719 now",
            "7719",
        ),
        ("Ben: the key box isn't taking my code\nTia: we reset it Monday, 3391 now", "3391"),
        (
            "Léa : le portail ne prend plus le code\nMarc : ils l'ont changé hier, 6620 maintenant",
            "6620",
        ),
        ("Dan: how do I get in the self-storage unit\nEd: 7 7 3 1 then hash", "7 7 3 1"),
    ],
)
def test_a_code_asked_for_by_how_to_open_or_a_refusing_lock_is_refused(
    text: str, secret: str
) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "[07:31] Liam: coin machine's full, how do i open the vault\n"
        "[07:33] Dmitri: leave it, the cash company collects Thursday 10am",
        "[06:02] Karim: at the unit, gate's not taking it\n"
        "[06:03] Jo: ring the office, 0161 496 0732, they'll buzz you in",
        "[05:48] Karim: c koi le truc du garde-meuble ils ont changé\n"
        "[05:49] Armand: je sais pas, sonne à l'interphone du gardien",
        "Sam: how do we open the vault?\nAna: ask the manager, he has the key",
        "Ben: the gate isn't taking my card\nTia: they changed the readers Friday, 2 new ones now",
        "Lou : c koi le box au garde-meuble ?\nMax : box 38, allée C",
        "Léa : le portail ne prend plus les badges\nMarc : appelle le 06 12 34 56 78",
        "Ana: how do I open the strongroom door report\nBo: page 2024 of the manual",
    ],
)
def test_replies_about_opening_that_give_no_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A number asked about what opens with a code (a lockbox, a key safe, a padlock, keys put
# in a box), three digits asked as a cash tin's or a case's combination, a password a machine
# "asks for", and a day's name in the speaker's brackets ("[Tue 19:40]"): hold-out 24's chats.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Sam: the key safe by the garage, what number is it now?\nJo: 4417 since Monday", "4417"),
        ("Léa : le cadenas du local vélo, c'est quels chiffres déjà ?\nTom : 3 8 2 1", "3 8 2 1"),
        (
            "[09:10] Kim: spare keys are in the box outside, which number?\n[09:12] Al: 6203",
            "6203",
        ),
        ("Zoé\u00a0: la boîte à clés du gîte, quel numéro ?\nMarc\u00a0: 1579", "1579"),
        (
            "[mar. 19:40] Luc\u202f: la combinaison de la caisse ?\n[mar. 19:42] Ana\u202f: 517",
            "517",
        ),
        ("[Sat 10:02] Ali: combination for the raffle cash box?\n[Sat 10:03] Jo: 642", "642"),
        ("Nina : la combinaison de la valise ?\nPaul : 904, de droite à gauche", "904"),
        (
            "[Mon 08:15] Ana: the laptop asks for a password again\n"
            "[Mon 08:16] Raj: marmalade-sky, lowercase",
            "marmalade-sky",
        ),
    ],
)
def test_a_codes_number_asked_in_a_chat_is_refused(text: str, secret: str) -> None:
    assert any(text[f.start : f.end] == secret for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "[15:30] Maud: van keys are in the lockbox, which room number?\n[15:31] Ivo: 1204",
        "Maud : les clés sont dans la boîte, quel numéro de chambre ?\nIvo : 2208",
        "Maud: keys are in the lockbox at reception, what's the locksmith's phone number?\n"
        "Ivo: 0161 496 0733",
        "Sam: which number is the parcel box?\nJo: 4417",
        "Sam: the parcel is in the box, which order number?\nJo: 44120",
        "Léa : le coffre est dans quel bureau, quel numéro ?\nTom : 214",
        "Léa: how many digits does the padlock take?\nTom: 4, it's the old one",
        "Nina: what's your combo score this week?\nPaul: 350 points",
        "Nina : quel combo tu prends ?\nPaul : 2 menus, merci",
        "[10:00] Ana: the form asks for a password with 8 characters\n"
        "[10:01] Bo: Understood, thanks",
        "Maud: keys are in the lockbox, which price did you pay?\nIvo: 1299",
        "Maud: the keypad at the gym, which version?\nIvo: 2024",
        "[Tue 19:40] Ken: anyone know the combo for the cash tin?\n"
        "[Tue 19:41] Marge: ask the treasurer",
    ],
)
def test_a_things_number_asked_beside_a_lock_passes(text: str) -> None:
    assert find_secrets(text) == []
