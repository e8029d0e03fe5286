"""Values a note shows that open nothing, each a kind of false alarm a user would hit, and the
secrets written in the same setting.

A Wi-Fi network's name (anyone near reads it on their phone), a shopping or errands list on a
post-it, advice about security answers that shows one, an alarm clock's time, a sign's or a
status's words, a television show called "Mot de passe", a value that says it is the same as
another secret, the date of a visit and a game's score: the whole guard, rules and fitted
scorers alike, lets each pass, and still refuses the key, the login pair, the answer, the code
written beside the same words.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets

PUBLIC_VALUES = {
    # A network's name: a band, an operator's box, a part naming a network.
    "wifi band name": "Wifi: HomeNet_5G",
    "router name, key on its back": "The router is BT_Hub_55, the password is on the back",
    "mesh name": "Le wifi c'est OfficeMesh_2, le mot de passe est au dos de la box",
    "livebox name": "Réseau wifi chez mamie : Livebox-A1B2",
    "sfr name": "wifi = SFR_7F3A (code sur l'étiquette)",
    "free wifi": "Connecte-toi au wifi FreeWifi_secure",
    "bbox name": "Wifi name: Bbox-5G-2F9C, password on the sticker",
    "virgin hub": "Our wifi is VirginMedia_Hub, key under the router",
    "livebox band": "WiFi: Orange_Livebox_2G",
    "guest network": "Guest wifi for the party: Martin_Guest",
    "freebox ssid": "SSID : Freebox-3C5A21",
    "nom du réseau": "Nom du réseau : SFR_Box_2G, la clé est sur l'étiquette",
    "netgear": "Connect to NETGEAR42 if the mesh drops",
    "tp-link extender": "Le réseau s'appelle TP-Link_Ext, mot de passe au dos",
    "hub, key in a drawer": "wifi → HomeHub_5G (the key is in the kitchen drawer)",
    "gîte wifi": "Wi-Fi du gîte : GiteDesPins_Wifi",
    # A post-it's shopping list or errands.
    "post-it shopping": "Post-it sur le frigo : lait / beurre22",
    "post-it meeting day": "Post-it : réunion / mardi14",
    "version and windows": "version / win11",
    "sticky note shopping": "Sticky note on the fridge: milk / eggs12",
    "post-it dentist day": "post-it on the door: dentist / tuesday14",
    "pense-bête": "Pense-bête : pain / oeufs6",
    "post-it diary": "Post-it dans l'agenda : rdv / jeudi3",
    "post-it groceries": "Post-it : courses / pommes4",
    "post-it on the door": "Post-it sur la porte : pain / yaourts4",
    "to-do post-it": "To-do post-it: garage / tuesday9",
    "post-it médecin": "Post-it au frigo : médecin / jeudi10",
    "shopping post-it": "Shopping post-it: bread / apples6",
    # Advice about security answers, with an example of one.
    "avoid answers like": "avoid answers like first pet → 'Rex'",
    "too easy to guess": "'Rex' is too easy to guess",
    "avoid, in a note on questions": (
        "Security questions: avoid answers like first pet → 'Rex', anyone on Facebook knows it"
    ),
    "bad answers such as": "Bad security answers such as favourite colour: blue are guessed fast",
    "never, like": "Never use real answers, like mother's maiden name: Smith",
    "évitez les réponses comme": "Évitez les réponses comme premier animal → « Médor »",
    "don't use real answers, like": (
        "Advice: don't use real answers for security questions, like first school: St Mary's"
    ),
    "évitez les vraies réponses": (
        "Pour les questions secrètes, évitez les vraies réponses comme ville de naissance : Brest"
    ),
    "bad answers, arrow": "Security tip: bad answers such as favourite colour → blue are guessed",
    # An alarm clock's time.
    "alarm for the bins": "Changed the alarm to 0630 because the bins go out early",
    "réveil": "Réveil changé à 6h30, les poubelles passent tôt",
    "alarm for the shift": "alarm set to 0545 for the early shift",
    "alarm on weekdays": "Moved my alarm to 7:15 on weekdays",
    "alarme pour se lever": "J'ai mis l'alarme à 0700 pour me lever",
    "alarm, no school": "Alarm moved to 0715, no school tomorrow",
    "réveil en semaine": "Mon réveil sonne à 0630 en semaine",
    "alarm for the train": "Set the alarm to 5:45 for the early train",
    # A sign's or a status's words.
    "door sign": "Changed the door sign to 'back-in-ten-minutes'",
    "panneau": "Panneau de la porte changé : « fermé-pour-travaux »",
    "shop sign": "Shop sign now says 'back in five'",
    "status": 'Status set to "out-to-lunch"',
    "out of office": "Changed the out of office to 'back-on-monday'",
    "door sign reads": 'The office door sign now reads "meeting-in-progress"',
    "statut teams": "Statut Teams changé : « en-réunion »",
    "slack status": "Changed my Slack status to 'heads-down-coding'",
    "notice on the gate": "Notice on the gate: 'closed-for-repairs'",
    "message d'absence": "Message d'absence : « de-retour-lundi »",
    # The television show "Mot de passe" (or "Password").
    "tv show special": "Mot de passe « spécial Noël » ce soir sur France 2",
    "tv show tonight": "Ce soir sur France 2 : Mot de passe, émission « spécial célébrités »",
    "tv show episode": "Watched Password tonight on CBS, the episode 'celebrity night' was fun",
    "jeu télévisé": "Mot de passe, le jeu télévisé : « les mots croisés »",
    "game show": 'Password, game show episode "Double Trouble"',
    "tonight on france 2": "Tonight on France 2: Mot de passe, « les animateurs »",
    "l'émission d'hier": (
        "J'ai regardé Mot de passe hier sur France 2, l'émission « spécial chanteurs »"
    ),
    # The same as another secret.
    "same as the router": "password 'same-as-the-router-one'",
    "pareil que la box": "mdp : pareil-que-la-box",
    "same as, spaced": "Wifi password: same as the router",
    "pin same as": "PIN same as the old one",
    "le même que": "code du portail : le même que le garage",
    "same as email": "password: same as email",
    "le même que pour": "Mot de passe : le même que pour la banque",
    "same as last year": "wifi key: same-as-last-year",
    "identical to": "PIN: identical to the card one",
    # A visit's date.
    "safe inspection visit": "the next visit is now 12-03-26, safe inspection",
    "boiler service": "next boiler service on 04/11/25, alarm panel check too",
    "visite prévue": "Prochaine visite prévue le 03.12.26, coffre à vérifier",
    "inspection booked": "Lock inspection booked for 09-10-26",
    "rendez-vous entretien": "Rendez-vous d'entretien de l'alarme : 18/11/26",
    "vault inspection": "Next inspection for the vault: 14/09/26",
    "delivery scheduled": "Lock delivery scheduled 22.01.26",
    "contrôle de l'alarme": "Prochain contrôle de l'alarme : 12/05/26",
    "rdv contrôle coffre": "RDV contrôle coffre : 15-06-26",
    "delivery date changed": "Delivery date changed to 21-02-26 for the safe",
    # A game's score.
    "safe game score": "safe game score is now 2-1-0",
    "score du match": "Score du match hier : 3-1, cadenas de vestiaire oublié",
    "final score": "Final score 2-2, locker room was a mess",
    "won at the quiz": "We won 4-0 at the safe house quiz",
    "résultat": "Résultat : 2-1, la serrure du casier tient",
    "escape room score": "Final score at the escape room: 3-2",
    "locker room match": "The locker room match ended 2-1",
    "quiz result": "Quiz result: 7-3 for the safe team",
    "on a gagné": "On a gagné 3-0, code de bonne conduite respecté",
}

SECRETS_BESIDE = {
    # Wi-Fi keys beside a network's name.
    "name then key": "HomeNet_5G / Tulip-Garden-88",
    "name, key labelled": "Wifi: HomeNet_5G, password: Tulip-Garden-88",
    "name, mot de passe": "Wi-Fi BT_Hub_55 — mot de passe : Kx7#pLm29q",
    "name, it's the key": "Gupta's wifi: GuptaHome5G, it's parrot-kiwi-lemon all lowercase",
    "name, c'est la clé": "Le wifi chez Paul : PaulMaison5G, c'est tulipe-orage-violon",
    "key under the name": "Wifi: HomeNet_5G\nPassword: Falaise_Etretat_76",
    "hub-like key": "Logging in with password Dkr_Hub-9912",
    # Login pairs on post-its.
    "post-it at the till": "Post-it sur l'écran : caisse / mousse75",
    "post-it login": "Post-it : marie.d / Soleil22!",
    "sticky note at the monitor": "Sticky note on the monitor: jsmith / Lighthouse42",
    "admin and a month's password": "Box : admin / mars2024",
    "post-it wifi key": "post-it on the fridge: wifi / sunflower42",
    "post-it mdp": "Post-it frigo : mdp box / tulipe42",
    # Security answers given.
    "bank's question": "Security questions for the bank: first pet → 'Rex'",
    "questions secrètes": "Banque, questions secrètes : premier animal → Médor, ville : Brest",
    "answer labelled": "Security answer: mother's maiden name - Pritchard",
    # Alarm codes.
    "alarm code early": "Changed the alarm code to 0630 early this morning",
    "alarm code, bins": "Alarm code: 0630, bins go out early",
    "alarm unset": "Alarm unset code now 0630",
    # Passphrases beside a sign.
    "door code words": "Changed the door code to 'back-in-ten-minutes'",
    "sign tells the password": "The door sign says the wifi password is purple-monkey-dishwasher",
    "password words": "password 'purple-monkey-dishwasher'",
    # Passwords beside a television's words.
    "wifi tonight on tv": "Mot de passe du wifi : Soleil-Couchant-88 (ce soir sur France 2)",
    "netflix on the tv": "Mot de passe Netflix sur la télé : Kx8!pQ2m",
    "made password after same": "password: same-as-the-router-one-Kx8!",
    # Codes shaped as dates and scores.
    "combination as a date": "the safe combination is now 12-03-26",
    "code after the inspection": "Safe code after the inspection: 12-03-26",
    "combination as a score": "safe combination is now 2-1-0",
    "code du coffre": "Le code du coffre est maintenant 2-1-0",
    "safe code in pairs": "Safe: 12-34-56",
    "new safe code after inspection": "Safe inspection done, new safe code: 15-06-26",
    "coffre as a date": "Coffre : 15-06-26",
    "padlock as a date": "padlock changed to 12-03-26",
    "dial now": "Le coffre a changé. C'est maintenant 24 – 07 – 11",
}


@pytest.mark.parametrize("text", PUBLIC_VALUES.values(), ids=PUBLIC_VALUES.keys())
def test_a_public_value_is_let_through(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize("text", SECRETS_BESIDE.values(), ids=SECRETS_BESIDE.keys())
def test_the_secret_in_the_same_setting_is_refused(text: str) -> None:
    assert find_secret(text) is not None
