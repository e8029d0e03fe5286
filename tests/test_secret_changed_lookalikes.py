"""Numbers and names that change or say where a thing is, which open nothing, beside the codes
written the same way.

A room, a gate, a flight, a platform, a seat, a version, a plan or a tariff is known by a number
or a name that changes ("Room changed to 2 1 4 0", "Version is now 2104", "Abonnement passé à
Premium-Plus-2026"); a room's number is said with where the room is ("room 1 2 0 4 is on the
left"); a locker's size or area follows its number ("Casier n° 12 = 14 m2"); spaced digits are a
room, a phone or an extension; a quiz's answer, a year in talk about security questions, a bad
password shown in a training reminder and a newspaper's list of the commonest passwords are
no one's secret. Each kind in English and French, in wording of its own; the codes beside them
(a lock's, a room's door's, a password changed on a plan's account) are still refused.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets
from tests.secret_corpus import keyword_values

LOOKALIKES = {
    # A room's, a gate's, a flight's, a platform's or a seat's number that changed.
    "room on the left": "room 1 2 0 4 is on the left",
    "room changed": "Room changed to 2 1 4 0",
    "meeting room changed": "Meeting room changed to 3 1 0 5, same floor",
    "room down the corridor": "Room 4 1 2 is down the corridor, second door on the right",
    "salle au fond": "Salle 2 1 0 4 au fond du couloir, à gauche",
    "changé de salle": "La réunion a changé de salle : maintenant salle 3 1 0 2",
    "chambre étage": "Chambre 2 1 0 4, au deuxième étage, à droite de l'ascenseur",
    "bureau étage": "Bureau 3 0 1 2 se trouve au 3e étage",
    "ward and room": "Ward 2 1 is on the second floor, room 4 0 1 2 near the lifts",
    "gate changed": "Gate changed to 2 1 4, boarding at 18:40",
    "gate now": "Gate now B 4 2 — boarding 40 min before",
    "porte d'embarquement": "Porte d'embarquement changée : maintenant porte 3 2",
    "flight changed": "Flight changed to BA 2 4 9 0, leaves at 7",
    "vol modifié": "Vol modifié : AF 1 2 3 4, départ 9h10",
    "platform changed": "Platform changed to 1 2 for the 08:14",
    "voie changée": "Voie changée : le TER part maintenant voie 1 1",
    "seat changed": "Seat changed to 2 4 C, aisle",
    "siège changé": "Siège changé : 1 4 A côté hublot",
    "my seat changed": "Changed my seat to 2 4 C, window was broken",
    "table changed": "Our table number changed to 1 2 at the wedding",
    "siège maintenant": "Mon siège est maintenant le 14A, à l'avant",
    "new room number": "new room number: 2 1 0 4",
    "hotel room now": "Hotel room is now 4 1 2 — the lift is on the right",
    "moved to room": "Conference moved to room 2 1 0 4 on the second floor",
    "salle déplacée": "Salle de réunion déplacée : 3 1 0 4",
    "room next to lifts": "Room 2 1 0 4 next to the lifts",
    "chambre ascenseur": "Chambre 4 1 2 à côté de l'ascenseur",
    "flight now": "Our flight is now AF 2 2 4 7 at 18:40",
    "vol maintenant": "Le vol est maintenant le AF2247 de 18h40",
    "platform now": "The train now leaves from platform 1 2",
    "bus now": "Bus 4 2 now goes via the station",
    # A version, a plan, a tariff or a subscription that changed.
    "version now": "Version is now 2 1 0 4",
    "firmware now": "Firmware is now 4 2 1 0 after the update",
    "app version": "App updated, version now 2 1 0 4 (build 8812)",
    "version passe": "La version passe à 3 1 0 2 ce soir",
    "release changed": "Release changed to 2026.1, see the changelog",
    "plan changed": "Plan changed: Pro-Plus-2024",
    "plan changed to": "Plan changed to Family-Max-2025 from next month",
    "forfait changé": "Forfait changé : Free Série 2025 à 19,99 €",
    "tariff changed": "Tariff changed to Economy7-2024 on the 1st",
    "abonnement passé": "Abonnement passé à Premium-Plus-2026 le mois prochain",
    "broadband plan": "My broadband plan is now Fibre_500-2025",
    "forfait passe": "Le forfait passe à Free_5G-2026 en janvier",
    "firmware dotted": "Firmware now 2.4.1, reboot done",
    "version out": "Version 2 1 0 4 is out, changelog in the wiki",
    # Spaced digits that are an extension or a phone.
    "extension": "Extension is 2 2 4 7 if you need reception",
    "poste": "Poste 4 1 2 0 pour joindre l'accueil",
    "ext.": "Ext. 2 2 4 7 for the front desk",
    "phone spaced": "Call me on 0 7 7 0 0 9 0 0 1 2 3",
    "téléphone espacé": "Appelle le 0 6 1 2 3 4 5 6 7 8 après 18h",
    # A size or an area after a locker's number.
    "casier m2": "Casier n° 12 = 14 m2",
    "casier cm": "Casier n° 14 : 40 x 30 cm",
    "locker m2": "Locker 12 = 2 m2 of storage",
    "box m²": "Box 7 : 12 m² au sous-sol",
    "storage unit": "Storage unit 44 is 3 m x 2 m, 60 £ a month",
    "garage m2": "Garage n° 3 = 18 m2, loué 90 € par mois",
    "locker cm": "Locker 12 is 30 x 40 x 60 cm",
    "casier m3": "Casier 14 : 0,5 m3",
    # A quiz's answer.
    "quiz year": "Quiz: what year did the Berlin Wall fall? Answer 1 9 8 9",
    "quiz de noël": "Quiz de Noël : réponse à la question 4 : 1 7 8 9",
    "quiz was": "The quiz answer was 1 9 6 6, England won",
    # A year in talk about security questions, giving no one's answer.
    "security questions so": (
        "Security questions are weak: so 1987 could be anyone's year of birth, don't use them"
    ),
    "questions secrètes donc": (
        "Les questions secrètes, c'est nul : donc 1985 pour l'année de naissance, tout le monde"
        " peut la trouver"
    ),
    "public answer": (
        "Don't pick a security question whose answer is public, so no birth year like 1990"
    ),
    "so on facebook": "so 1987 is a bad security answer since it's on Facebook",
    # A bad password shown in a training reminder.
    "example of a weak one": "Example of a weak password in today's training: Welcome2025!",
    "exemples faibles": (
        "Formation RGPD : exemples de mots de passe faibles, Bonjour2024, Motdepasse1"
    ),
    "training like": (
        "Training reminder: a password like Summer2024! is the first one attackers try"
    ),
    "formation comme": (
        "Rappel formation : un mot de passe comme Soleil2025 est trouvé en quelques secondes"
    ),
    "training never": "Security training: never use Password123 or your team's name",
    "sensibilisation liste": (
        "Sensibilisation : évitez les mots de passe du type Azerty123 ou Marseille13"
    ),
    "training list": "Training: passwords like Welcome1, Summer2024 or Arsenal1886 fall in seconds",
    # A newspaper's list of the commonest passwords.
    "newspaper uk": (
        "The paper says the most common passwords in the UK are still 123456 and qwerty"
    ),
    "journal france": (
        "D'après Le Monde, les mots de passe les plus utilisés en France restent 123456 et azerty"
    ),
    "times list": ("The Times lists 'Password1' and 'Qwerty123' among the most common passwords"),
    "le parisien": (
        "Le Parisien : « 123456 » et « azerty » toujours en tête des mots de passe les plus"
        " utilisés"
    ),
    "leaked list": (
        "Article in the Guardian: 'password' and 'iloveyou' top the list of leaked passwords again"
    ),
    # A thing's new number with a reason that is no code's (the old one too small, a surprise).
    "room too small": "The meeting room is now 2140, the old one was too small",
    "old room upstairs": "Meeting room is now 3102, the old one was on the 2nd floor",
    "ancienne salle": "La salle de réunion c'est 3102 maintenant, l'ancienne était sur le palier",
    "a surprise room": "Party room is now 2140, don't tell the kids",
    "rent kept quiet": "Rent is now 1 200, don't tell the neighbours",
    "a leaky version": "Version is now 2 1 0 4, the old one leaked memory",
    "un numéro à ne pas donner": "Mon numéro c'est 06 12 34 56 78 maintenant, ne le donnez pas",
    "a meeting's time": "The meeting is now 14 30, don't share it with the client yet",
}


@pytest.mark.parametrize("text", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_a_things_number_size_or_example_passes(text: str) -> None:
    assert find_secret(text) is None


SECRETS_BESIDE = {
    "a room's door code changed": ("Meeting room door code changed to 4 8 1 2", "4 8 1 2"),
    "a treatment room's code": ("Salle de soins 4 8 2 6", "4 8 2 6"),
    "a server room changed": ("Server room changed to 4 8 1 2", "4 8 1 2"),
    "a back gate changed": ("Back gate changed to 4 8 1 2 after the break-in", "4 8 1 2"),
    "a plan's password": ("Plan changed, new password Flix!Night24", "Flix!Night24"),
    "a locker's code": ("Casier n° 12 : 4 8 1 5", "4 8 1 5"),
    "a room's code on the left": ("Room 12: code 4 8 2 6, on the left", "4 8 2 6"),
    "a bike store now": ("Bike store is now 3 8 1 7", "3 8 1 7"),
    "salle des profs": ("Salle des profs : le code est maintenant 7 3 1 9", "7 3 1 9"),
    "a pin after a firmware update": ("Firmware updated, admin PIN is now 4 2 1 9", "4 2 1 9"),
    "un abonnement et son mot de passe": (
        "Abonnement Netflix : mot de passe passé à Canape_Rouge77",
        "Canape_Rouge77",
    ),
    "chambre froide": ("Chambre froide : maintenant 4 9 1 7", "4 9 1 7"),
    "a safe changed": ("Changed the safe to 2 4 6 8 after the burglary", "2 4 6 8"),
    "a room's keypad now": ("Room 12 keypad now 4 8 2 6", "4 8 2 6"),
    "le digicode d'une salle": ("Salle de réunion : le digicode passe à 3 1 0 4", "3 1 0 4"),
    # A new number with why the old one had to go, or how to keep it: a door's code.
    "a tank room's after a leak": (
        "the dive shop's fill room is now 58 12, the old one got out on the parents' WhatsApp",
        "58 12",
    ),
    "a storeroom kept quiet": ("Storeroom is now 8815, keep it to yourselves this time", "8815"),
    "un local gardé pour soi": (
        "Le local ménage : on est passés à 71 40, gardez-le pour vous",
        "71 40",
    ),
    "une réserve après une fuite": (
        "La réserve c'est 3 9 0 2 maintenant, l'ancien a fuité sur le groupe Facebook",
        "3 9 0 2",
    ),
    "a plant room not to be shouted": (
        "Plant room changed to 6 0 1 7 - don't shout it across the car park",
        "6 0 1 7",
    ),
    "une salle affichée": (
        "Salle du matériel : c'est 27 93 maintenant, l'ancien était affiché à l'entrée",
        "27 93",
    ),
    "a car park's gate near flights": (
        "Gate code for the car park is now 5 5 1 2, flight crews use it too",
        "5 5 1 2",
    ),
}


@pytest.mark.parametrize(("text", "secret"), SECRETS_BESIDE.values(), ids=SECRETS_BESIDE.keys())
def test_a_code_written_like_a_things_number_is_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "Room changed to 2 1 4 0",
        "Changed the room to 2 1 4 0 for the AGM.",
        "Changed the running order to 3 1 2 4 after the rehearsal.",
        "Set the timer to 0 0 3 0 for the eggs.",
        "They changed the bus to 4 0 1 7 this term.",
        "On a mis la salle de réunion à 2 1 0 4 pour l'AG.",
        "Changed the lottery numbers to 4 8 1 5 this week.",
        "Changed the team sheet to 4 4 2 for Saturday.",
        "J'ai passé le thermostat à 1 9 la nuit.",
        "The meeting room is changed to 2 0 1 9 since the old one flooded.",
        "changed the price to 1 2 5 0 euros",
    ],
)
def test_a_things_number_changed_digit_by_digit_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "Rosie: changed the fuel pump release to 7 7 2 1 after someone helped themselves"
            " to 60 litres.",
            "7 7 2 1",
        ),
        (
            "Raj: the penguin pool plant room is changed to 2 0 1 9 since the contractor had"
            " the old one.",
            "2 0 1 9",
        ),
        ("On a changé le local poubelles à 3 8 4 1 hier.", "3 8 4 1"),
        ("Dave reset the bike shed to 5 0 2 9, tell the night shift.", "5 0 2 9"),
        ("The server room is now 6 2 8 3 after the audit.", "6 2 8 3"),
        ("J'ai mis le boîtier des clés à 1 9 7 4.", "1 9 7 4"),
    ],
)
def test_a_thing_changed_to_a_code_typed_digit_by_digit_is_refused(text: str, code: str) -> None:
    assert any(code in text[f.start : f.end] for f in find_secrets(text))
