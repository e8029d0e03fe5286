"""An account's password changed after an incident, said in prose without a password's noun:
"the club Instagram now uses HartleyTillIDie2024 after the hack", "Dad changed it to
BeatlesRevolver66 because…", "portal changed to Frodo-Baggins-77 after the phishing scare"
(set_codes.py). A value built as few names are, or two names or more and two digits on a line
naming the account; the event after it ("after the hack", "suite au piratage") may follow it.

New phrasings (other services, families and events than training corpus M's), English and
French; the same lines changing a plan, a handle, a profile, a price, a version, a time, a
count or a value withheld pass.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Treasurer: the club Facebook now uses RedKites4Ever2024 after someone got in.",
            "RedKites4Ever2024",
        ),
        (
            "Le compte Vinted de Léa utilise désormais Chaton-Roux-88 suite au piratage.",
            "Chaton-Roux-88",
        ),
        (
            "Netflix — Mum changed it to PizzaFriday2023 because the neighbours were on it",
            "PizzaFriday2023",
        ),
        (
            "Steam account: Jake switched it to GreenArrow77 after the phishing email.",
            "GreenArrow77",
        ),
        ("portail fournisseur modifié en Lavande-Bleue-12 après l'alerte", "Lavande-Bleue-12"),
        (
            "Our Canva login got changed to SunflowerStudio2022 following the breach.",
            "SunflowerStudio2022",
        ),
        (
            "Le compte Deezer de Papa : il l'a changé en VieuxPort1975 car les petits "
            "l'utilisaient",
            "VieuxPort1975",
        ),
        (
            "the shop's Etsy got hacked so Priya changed it to SilverFernStudio88 last night",
            "SilverFernStudio88",
        ),
        (
            "Deezer famille : Papa l'a changé en MarseilleForever13 parce que Lucas partageait",
            "MarseilleForever13",
        ),
    ],
)
def test_an_accounts_password_changed_in_prose_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "the club Instagram now uses Canva2024 templates after the rebrand",
        "Dad changed the Spotify plan to FamilyPremium2024 because of the price",
        "changed the Instagram handle to HartleyFC2024 after the hack",
        "Netflix now uses Profile2 for the kids",
        "The Xbox switched to Windows11 after the update.",
        "Le compte Instagram est passé à 12000 abonnés suite au concours",
        "Spotify family — Dad changed it to 14,99 € because Adam kept logging out everyone",
        "the portal changed to version 2024.3 after the update",
        "Steam account: Jake switched it to Saturday 14:00 after the match",
        "Our Canva login got changed to the office email following the breach, ask Priya",
        "Spotify family — Dad changed it to PlayStation5 because Adam wanted it",
        "Le Deezer de Mamie est passé à Premium2024 après la promo",
        "Netflix: we changed the profile to KidsCorner2024 after the complaint",
        "the shop's Etsy got hacked so Priya changed the banner to SummerSale2024 last night",
        "Etsy got hacked, we changed it to Shopify2024 after that",
        "Instagram hacked, I changed it to 2FA yesterday",
        "Deezer famille : Papa l'a changé en Premium parce que Lucas partageait",
        "Le Wi-Fi a été piraté, on est passé à 5 GHz ce soir",
    ],
)
def test_an_account_changed_in_other_ways_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A new code read out in groups of two digits after a reset, and a role's mode on a till,
# a copier or an alarm with its number (set_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("PIN reset - new one is 83 21", "83 21"),
        (
            "Badge passcode reset this morning, new one is 40 17 22 (same for the side door)",
            "40 17 22",
        ),
        ("Code PIN de la carte réinitialisé, le nouveau : 61 22 09, à ne pas noter", "61 22 09"),
        ("Till supervisor mode: 4480 (refunds only)", "4480"),
        ("Copier admin mode 20417, don't share", "20417"),
        ("Caisse de la buvette : mode gérant 7731 pour les annulations", "7731"),
        ("Caisse enregistreuse, mode responsable 2609", "2609"),
    ],
)
def test_a_new_code_in_groups_or_a_roles_mode_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "PIN reset - new one is 12 30 tomorrow",
        "Meeting reset - new one is 14 30, room 2",
        "PIN reset - new one is 06 12 34 56 78",
        "Badge reset this morning, new one is 40 17 22 on the order form",
        "The till has a manager mode since 2019",
        "Till manager mode costs 12 a month",
        "Manager mode 2 on the till shows the Z report",
        "Manager mode: ask Dave",
        "Till supervisor mode available in version 4.2",
        "Printer engineer mode 3 resets the counter",
        "Caisse : mode gérant en option à 1500 €",
    ],
)
def test_groups_of_digits_and_modes_that_are_no_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# A system, an account or a box changed to a value with no code's noun, a reason after it:
# built as few names are, words joined in one piece, or digits on what locks.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Changed the UniFi controller admin to pebble-rain-eats-cables, tell Marcus",
            "pebble-rain-eats-cables",
        ),
        (
            "Changed my Outlook to Kingfisher_Moss41 after the phishing scare. Jo",
            "Kingfisher_Moss41",
        ),
        (
            "Changed the Sonos admin to 'bassline-and-tea' after the party, tell the flatmates",
            "bassline-and-tea",
        ),
        (
            "Changed the farm shop till to 'duck-eggs-9' after a customer saw it over my shoulder",
            "duck-eggs-9",
        ),
        (
            "Changed the paddock gate box to 8163 because the kids had figured out the old one.",
            "8163",
        ),
        (
            "J'ai changé l'admin du serveur en « fromage-de-chevre-42 » après le départ de Paul",
            "fromage-de-chevre-42",
        ),
        (
            "J'ai changé le boîtier du portail en 4512 parce que les gamins connaissaient l'ancien",
            "4512",
        ),
        (
            "On a changé la caisse du bar en Pastis&Glacons7 suite au vol, préviens Manu",
            "Pastis&Glacons7",
        ),
        (
            "Updated the router admin to Tangerine_Harbour9 after the break-in, tell Dad",
            "Tangerine_Harbour9",
        ),
        ("I changed the Netgear admin to 'hedgehog-in-a-hat' — tell nobody", "hedgehog-in-a-hat"),
        ("Changed the gym's side door to 55812 after someone guessed the old one", "55812"),
    ],
)
def test_a_thing_changed_to_a_password_or_a_code_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "changed the meeting to 4pm because Tom is late",
        "changed the order to 12 units after the call",
        "changed the theme to dark-mode, looks better",
        "changed the printer to tray 2 because of the paper jam",
        "changed the booking to 14 July because of the rain",
        "changed the font to Open-Sans after feedback",
        "changed the plan to pro-annual after the trial",
        "Changed the hostname to nas-living-room-2 after the reinstall",
        "Changed the slug to how-to-bake-bread, tell Sam",
        "Changed the limit to 5000 because of the audit",
        "Changed the phone to Galaxy23 after it broke",
        "Changed the display to 1080 because the old one flickered",
        "changed the subscription to family-plan-yearly after the price rise",
        "changed the lights to warm-white-mode, tell Sam",
        "Changed the project codename to Blue_Falcon_7 after the leak",
        "Changed the shop's away message to 'back-in-ten-minutes' when I went out",
        "Changed the team's Slack to 'out-of-office' until Monday",
        "Changed my Teams status to 'back-in-ten-minutes' after lunch",
        "Changed the dog's name to Biscuit_The_Second after the vet visit",
        "Updated the app to 3.2.1 because of the bug",
        "J'ai changé la réunion à 16h parce que Paul est en retard",
        "J'ai changé la commande en 12 unités après l'appel",
        "J'ai changé le thème en mode-sombre, c'est mieux",
        "J'ai changé l'abonnement en pro-annuel après l'essai",
        "J'ai changé la police en Open-Sans après les retours",
        "J'ai changé le message du répondeur en « de-retour-lundi-matin » avant de partir",
        "J'ai changé le réveil en 0630 parce que je dormais trop",
    ],
)
def test_a_thing_changed_to_its_own_kind_of_value_passes(text: str) -> None:
    assert find_secrets(text) == []
