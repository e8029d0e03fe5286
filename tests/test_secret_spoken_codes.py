"""Codes given in speech and chat: a word asked on the phone, digits in a chat reply, digits spelt
in running speech, a dial's turns listed apart, codes changed, set or typed, short backup codes
and an answer after an arrow (code_words.py, chat_codes.py, spoken_digits.py, set_codes.py,
place_codes.py, recovery_codes.py, security_answers.py), and public registers' identifiers the
scored slots must not take.

Each kind is written in new words (other places, devices, speakers and verbs than hold-out 14's
misses they stand for), in English and French; each was missed by the guard before these rules.
The look-alikes of the same shapes (rooms, buses, prices, times, counts, phone extensions,
versions, recipes, a photographer's "say cheese", registry numbers) pass, before and after.
"""

import pytest

from memoire.core.secrets import find_secrets
from tests.secret_corpus import keyword_values

# --- A word given before anything is said or handed over: a caller on another's behalf, a
# visitor at a care home, "if the school calls" (code_words.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            'Mr Okafor asked that anyone ringing on his behalf must give the word "marigold" '
            "before we discuss his account.",
            "marigold",
        ),
        (
            "Mme Perrin souhaite que sa nièce donne le mot « glycine » avant qu'on lui parle de "
            "son dossier.",
            "glycine",
        ),
        (
            "Visitors for Nan at Elmfield House must give the word 'bluebell' at the nurses' desk",
            "bluebell",
        ),
        (
            "Les visiteurs de papa à l'Ehpad doivent donner le mot « coquelicot » à l'accueil",
            "coquelicot",
        ),
        (
            "If someone calls us saying they're from the bank, ask for the word 'walrus' first",
            "walrus",
        ),
        ("Care home: family must give the word 'seashell' when they phone about Mum", "seashell"),
        ("Mot de passe si la crèche appelle pour la sortie : girafe", "girafe"),
        (
            "For the nanny: if anyone rings saying they're us, ask for the word — it's crumpet",
            "crumpet",
        ),
        ("Gran's bank: the security word when they ring is pelican", "pelican"),
        ("Baby-sitting : si quelqu'un passe de notre part, il dira « mandarine »", "mandarine"),
        (
            "Escape room party: to get in you must whisper «rusty anchor» at the door",
            "rusty anchor",
        ),
        (
            "Classe verte de Zoé\nmot de reconnaissance pour récupérer les enfants : CORMORAN",
            "CORMORAN",
        ),
    ],
)
def test_code_words_vouched_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- A code given as a chat reply to someone asking about a door, a room, an alarm, a lock
# (chat_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Priya 09:02: what's the number for the plant room\nDan 09:03: 5 1 9 3\nPriya 09:03: "
            "ta",
            "5 1 9 3",
        ),
        (
            "[22:10] Chloé : l'alarme de la salle des fêtes sonne !!\n[22:11] Bruno : 4 7 0 2 "
            "puis OFF",
            "4 7 0 2",
        ),
        ("Ana: stuck outside the bike store\nLuis: 40917# and pull hard", "40917#"),
        ("Hugo : je suis devant le local à vélos\nInès : 8 3 0 5 et tu tires la porte", "8 3 0 5"),
        (
            "[09:12] Sam: what's the way into the bin store?\n[09:13] Ola: 3 8 8 1 then hash",
            "3 8 8 1",
        ),
        (
            "12/03/2024, 14:20 - Tom: what's the number for the boiler room\n"
            "12/03/2024, 14:21 - Meg: 6 6 0 4",
            "6 6 0 4",
        ),
    ],
)
def test_chat_codes_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # the reply says the code was changed or set, or since when it holds
        (
            "[08:02] Inès : la réserve c'est toujours pareil ?\n"
            "[08:03] Marc : non Paul l'a mis à 5521 hier",
            "5521",
        ),
        (
            "Kim 07:10: is the plant room the same?\n"
            "Jo 07:11: no, Dev changed it to 8830 this morning",
            "8830",
        ),
        (
            "[18:40] Ana : le cadenas du garage est toujours le même ?\n"
            "[18:41] Léo : c'est 3307 depuis vendredi",
            "3307",
        ),
        (
            "[06:01] Tom : je rentre pas dans la caisse\n"
            "[06:02] Zoé : c'est 6142 depuis lundi, l'ancien est bloqué",
            "6142",
        ),
        (
            "Dad 06:10: did you set the garage alarm last night\n"
            "Amy 06:12: yeah. it's 1987 now btw, I changed it",
            "1987",
        ),
        ("Sam 19:02: whats the bike lock\nMo 19:03: 3 9 1 as per", "3 9 1"),
        ("Tom: hey what did you set the bike lock to?\nMe: 0-4-1", "0-4-1"),
        ("Lou : le cadenas du vestiaire stp\nMax : 7 0 4 comme d'hab", "7 0 4"),
    ],
)
def test_chat_codes_set_or_changed_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "[08:02] Inès : la réserve c'est toujours pareil ?\n"
        "[08:03] Marc : non Paul l'a mis à 14h hier",
        "Kim 07:10: is the plant room the same?\n"
        "Jo 07:11: no, Dev changed it to room 12 this morning",
        "[18:40] Ana : le cadenas du garage est toujours le même ?\n"
        "[18:41] Léo : c'est Paul depuis vendredi",
        "[06:01] Tom : je rentre pas dans la caisse\n[06:02] Zoé : c'est fermé depuis lundi",
        "Dad 06:10: did you set the garage alarm last night\nAmy 06:12: yeah. it's 2018 model btw",
        "Dad 06:10: did you fix the garage door\nAmy 06:12: yes since 2019 it's been fine",
        "Sam 19:02: whats the bike lock brand\nMo 19:03: 3 for 10 as per the sale",
        "Lou : le cadenas du vestiaire stp\nMax : 3 euros comme d'hab",
    ],
)
def test_chat_replies_about_a_lock_without_a_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- Digits spelt in running speech after a code's noun or a key to press, or before what they
# open (spoken_digits.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("code de la carte essence quatre un sept deux je l'ai changé hier", "quatre un sept deux"),
        (
            "pour ouvrir la caisse tu fais touche responsable puis huit trois neuf deux puis OK",
            "huit trois neuf deux",
        ),
        ("tape sept quatre quatre un sur le clavier du portail et pousse", "sept quatre quatre un"),
        ("deux neuf quatre un, c'est pour la porte de la cave", "deux neuf quatre un"),
        ("text from Jo: it's eight three three six for the side gate", "eight three three six"),
    ],
)
def test_spoken_digits_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- Codes changed, set, typed, pressed with a key, unlocked with, or named by a device's lock
# (set_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Imprimante Ricoh – mot admin : 00000 remplacé par K7Q2B9", "K7Q2B9"),
        ("Printer admin: 1234567 replaced by 88WPT4", "88WPT4"),
        ("papa a mis le code de verrouillage de la tablette à 7319 lol", "7319"),
        ("Camping des Pins : code sanitaires 5B72 à taper sur le boîtier, change le lundi", "5B72"),
        ("le code du garage à vélos est passé à 6620B cette semaine", "6620B"),
        ("Alarme atelier\nmise en marche : 5120 + ON\narrêt : 5120 + OFF", "5120"),
        ("Gate at the allotments: star 2291 hash", "2291"),
        ("Printer at the library: release your jobs with 44817", "44817"),
        ("Contrôle parental PlayStation 3318", "3318"),
        ("Kids' Netflix profile lock 5520 so they stop at 8", "5520"),
        ("Autoradio de la Clio : 4460, seulement après un changement de batterie", "4460"),
        ("on a mis le portail à 7781 pendant le chantier", "7781"),
        (
            "[20:10] Maman : le code de la résidence a changé\n[20:11] Maman : c'est 51B07 "
            "maintenant",
            "51B07",
        ),
        ("pool plant room\n7730 then #", "7730"),
    ],
)
def test_set_codes_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- Short backup codes one per line, a security answer after an arrow (recovery_codes.py,
# security_answers.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("backup codes steam\nQ4N8T2\nM7R1X5\nB3K9W6\nH2P6Z0", "Q4N8T2"),
        (
            "Compte mutuelle : question « où avez-vous rencontré votre épouse » → concert à Vannes",
            "concert à Vannes",
        ),
        ("Dashlane two-step recovery\nQ4RT-88LM-ZX2P-KD7W-3NCV", "Q4RT-88LM-ZX2P-KD7W-3NCV"),
        ("Bank secret questions\nwhere did you meet your husband? Whitby abbey", "Whitby abbey"),
        (
            "Compte Free de mamie\n1. métier rêvé → infirmière\n2. rue d'enfance → rue des Lilas",
            "infirmière",
        ),
    ],
)
def test_recovery_and_answers_are_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


# --- Look-alikes of the same shapes: each passes, before these rules and after.


@pytest.mark.parametrize(
    "text",
    [
        "The museum shop opens with 12 staff on Sundays",
        "The season opened with 2024 runners on the line",
        "Bus 1234 then off at Elm Street",
        "parental controls on the TV since 2019",
        "Contrôle parental activé en 2022",
        "It's 2024 now, time to renew",
        "c'est 1500 maintenant, le prix a monté",
        "le code promo c'est ETE24 maintenant",
        "the door opens with 2 keys",
        "Room 1204 then OK",
        "on a mis la porte à 1200 euros chez le menuisier",
        "Sam: what did you pay for the gate?\nJo: 1250, a bargain",
        "Léa : le garage ouvre à quelle heure ?\nMarc : 0830",
        "Tom: which locker is yours?\nMeg: 1 2",
        "on a acheté deux portes et trois fenêtres pour le garage",
        "Say the word 'cheese' when the photographer calls your name",
        "Appelle le 0800 123 456 si la porte ne s'ouvre pas",
        'When calling the helpline say the word "agent" to reach a person',
        "In the play, Sam must say the word 'curtain' before the lights go down",
        "Le prof demande le mot « anticonstitutionnellement » en dictée avant la récré",
        'She asked that we give the word "literally" a rest in the minutes.',
        "Anyone calling about the flat, tell them the word on the street is it's sold",
        "Tom 14:20: what room is the quiz in?\nMeg 14:21: 204\nTom 14:21: ok",
        "Tom: what's the room number for the interview?\nMeg: 1204",
        "Julien : à quelle heure ouvre le local ?\nMme Lecoq : 0730",
        "Sam: what's the price of the new gate?\nJo: 2400 €",
        "Ana: what's the phone for the office?\nLuis: 01632 960451",
        "Kim: which year was the door fitted?\nJo: 1998",
        "Tom: the shed roof is leaking again\nMeg: 2 buckets should do",
        "Priya: what's the extension for the plant room?\nDan: 4 2 1 7",
        "Hugo : le local vélo est plein ?\nInès : 12 vélos dedans",
        "car service at forty one nine seven zero miles, next at fifty thousand",
        "mémo vocal vol A F un deux cinq sept atterrit à sept heures vingt",
        "order six eight one one zero four? no, six boxes of eight, one of eleven",
        "Tapez un deux trois quatre pour tester le micro",
        "countdown: five four three two one, go!",
        "Song for the kids: one two three four, tell me that you love me more",
        "extension four two one seven for reception",
        "dial four two one seven for the front desk",
        "le code de la route, question quatre deux neuf un du livret",
        "zip code nine four one zero five for the parcel",
        "the dress code four two one nine rule is silly",
        "recette : deux oeufs, trois cuillères de sucre, un verre de lait",
        "press one for English, two for French, three for Spanish",
        "Prendre la D12 puis 2e à gauche, 3e à droite, tout droit sur 300 m",
        "Score 3-1-2 (left, right, left wing)",
        "Itinéraire : 12 - 40 - 07 km, gauche, droite, gauche et on y est",
        "dance steps 1-2-3 left right left",
        "version changed to 2.4 after the update",
        "The meeting moved from 14:00 to 15:30",
        "Room 204 changed to 310 for the exam",
        "Bus 12 replaced by 14 on Sundays",
        "le prix est passé à 1490 € cette année",
        "Ticket INC0012 replaced by INC0013",
        "my tax code changed to 1257L in April",
        "le code du travail a changé en 2017",
        "set the alarm clock to 0630 for Monday",
        "I set the heating thermostat to 1900 hours",
        "J'ai mis le code à jour sur GitHub",
        "code review: changed to 4 spaces per indent",
        "code promo ÉTÉ2024 remplacé par ÉTÉ2025",
        "Please enter 4096 for the token count",
        "Tapez 1 pour le service client, 2 pour les réclamations",
        "composez le 3919 en cas de besoin",
        "Numéro à composer : 0800 123 456",
        "enter 2024 in the year field",
        "Area code changed to 0161 last year",
        "Backup schedule\nMON 0200\nTUE 0200\nWED 0200",
        "Emergency codes\n999\n112\n911",
        "Recovery plan\nWEEK01\nWEEK02\nWEEK03",
        "Security questions we ask: where did you meet your spouse, first pet, first school",
        "Quiz : où avez-vous rencontré votre conjoint ? Une question à éviter.",
        "Pharmacie du Port\nFINESS 290012345\nRPPS 10101234567\nADELI 299912345",
        "Cabinet infirmier – ADELI 759912345 – code RPPS 10003456789",
        "Care home CQC location ID 1-10234567\nOfsted URN 123456",
        "Company registration number 08123456\nVAT GB123456789",
        "Numéro d'agrément 75-0099, SIREN 812 455 930",
        "GMC number 7012345, NMC pin 12A3456E",
        "Driving licence number MORGA657054SM9IJ",
        "le code de la cantine passe de 3 à 4 euros",
        "prices went from 1200 to 1500 this year",
        "the tax code went from 1257L to 1185L",
        "Tom: gym tonight? the door is at the back\nMeg: 1830 ok",
        "je fais quatre deux neuf un kilos de pâte à pizza pour la kermesse",
        "Le prof dit « silence » à la porte de la classe",
        "Le serveur dit « bon appétit » sinon le chef se fâche",
        'At the door, say "hello" to the host, otherwise it\'s rude',
        "Quiz night: first pet? first school? favourite teacher? pick two",
        "If he turns up late, say 'sorry' to the coach",
    ],
)
def test_lookalikes_of_codes_in_speech_and_chat_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A public register's identifiers (features.py): a pharmacy's, a surgery's,
# a nursery's or a care home's code is printed on its letters, no secret. The scored slots took
# them for codes before.


@pytest.mark.parametrize(
    "text",
    [
        "Our ODS code FQ812\nfax 020 7946 0321\nGPhC premises 1119283",
        "Surgery ODS code M85019\nphone 0121 496 0000",
        "Nursery details\nOfsted code EY48213\nphone 0161 496 0000",
        "Our CQC code 1-1024567\nfax 0161 496 0001",
    ],
)
def test_registry_identifiers_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[08:02] Marc : la boîte du compteur d'eau, ça s'ouvre comment ?\n"
            "[08:05] Odile : 7319 mais tourne doucement, c'est grippé",
            "7319",
        ),
        (
            "Léa : la boîte à clés du gîte, c'est quoi déjà ?\nPaul : 4 8 2 6 puis tu tires",
            "4 8 2 6",
        ),
        ("Jeanne : je suis devant la boîte aux lettres\nMarc : 2719 et tu pousses", "2719"),
    ],
)
def test_a_box_opened_by_a_code_given_in_a_chat_reply(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Marc : ta boîte t'a payé la prime ?\nOdile : 2500 brut",
        "Marc : la boîte aux lettres c'est quel numéro ?\nOdile : 12, au rez-de-chaussée",
        "Marc : tu sors à quelle heure de ta boîte ?\nOdile : 1830 normalement",
        "Léa : la boîte à clés, on la trouve où ?\nPaul : demande à l'accueil",
    ],
)
def test_chat_replies_about_a_box_without_a_code_pass(text: str) -> None:
    assert find_secrets(text) == []


# --- A thing's own serial, order or invoice number said after its room is no code of the room
# (place_codes.py); the room's code said the same way is.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the antenatal room keypad, four one one nine, don't share it", "four one one nine"),
        ("Salle de pause : quatre un un neuf", "quatre un un neuf"),
        ("Back office, then four one one nine on the keypad", "four one one nine"),
        ("Staff room door, three eight two two", "three eight two two"),
    ],
)
def test_a_rooms_code_said_digit_by_digit_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "🎙 memo from Ffion (transcribed): “Amara, the scales in the antenatal room need "
        "recalibrating, serial four one one nine, the company's on the sticker. Thanks lovely.”",
        "voice memo: the fridge in the staff room is broken again, serial three eight two two, "
        "call the engineer",
        "Le frigo de la salle de pause est en panne, série quatre un un neuf, appeler le SAV.",
        "Le four de la cuisine, commande 5 5 2 1, livré jeudi.",
        "The kettle in the back office, invoice 4 4 1 8, still under guarantee.",
        "Le lave-vaisselle de la cuisine, facture 7 3 0 2, garantie deux ans.",
    ],
)
def test_a_things_serial_or_order_number_after_its_room_passes(text: str) -> None:
    assert find_secrets(text) == []


# --- A box's or a cabinet's code, its digits spelt with commas or typed between middle dots
# (place_codes.py); a gift box's contents, a room's number and opening hours pass.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Le coffret du camion : un, un, huit, quatre. Je ne le redis pas 😉 — Père Antoine",
            "un, un, huit, quatre",
        ),
        ("Armoire à pharmacie (salle de prépa)\u202f: 6 · 0 · 4 · 2", "6 · 0 · 4 · 2"),
        ("Coffret à clés de la salle : 3 · 9 · 1 · 7", "3 · 9 · 1 · 7"),
        ("Key cabinet in the office: 4 · 8 · 2 · 6", "4 · 8 · 2 · 6"),
        ("Coffret de la camionnette : sept, trois, zéro, deux", "sept, trois, zéro, deux"),
    ],
)
def test_a_boxs_code_spelt_or_between_dots_is_refused(text: str, secret: str) -> None:
    assert secret in keyword_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "Salle 4 · 5 · 6 · 7 au rez-de-chaussée",
        "Coffret cadeau : 4 · 5 · 6 · 7 € pièce",
        "Le coffret contient 3 · 4 · 5 bougies",
        "Armoire à pharmacie : 2 · 3 étagères",
        "Office hours: 9 · 12 · 14 · 17",
        "Coffret cadeau n° 4 8 2 6 à retirer en caisse",
        "Coffrets de Noël : 1, 2, 3 et 4 en stock",
        "Coffret vin : 3 · 6 · 12 bouteilles",
    ],
)
def test_a_gift_boxs_contents_or_hours_between_dots_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a keypad's letter, then numbers said whole
        (
            "Transcription mémo vocal : « alors le digicode de la porte de derrière c'est B "
            "quatre-vingt-dix-sept quarante, voilà »",
            "quatre-vingt-dix-sept quarante",
        ),
        ("Digicode du local vélo : C vingt-trois quinze", "vingt-trois quinze"),
        ("the door code is B ninety-seven forty", "ninety-seven forty"),
        ("Back gate keypad: it's B ninety-seven forty.", "ninety-seven forty"),
    ],
)
def test_a_letter_and_numbers_said_whole_are_refused(text: str, secret: str) -> None:
    assert any(secret in value for value in keyword_values(text))


@pytest.mark.parametrize(
    "text",
    [
        "Le cadenas B coûte vingt-deux quarante.",
        "La porte B ouvre à sept heures quarante.",
        "Salle B vingt-deux, au fond du couloir.",
        "Le casier B, quatre-vingt-dix-sept ans de service !",
        "Porte B : vingt-deux euros quarante le badge.",
        "The gate B opens at seven forty.",
        "Locker B: twenty-two fifty a month.",
        "Le garage B, quatre-vingt-dix-sept mètres carrés.",
        "Porte de derrière, celle du bâtiment B : quatre-vingt-dix-sept personnes max.",
        "Porte B, vingt-deux trente le soir.",
        "Porte B : dix heures quarante du soir.",
        "Back gate: seven forty five pm, after the bins.",
        "Le portail B, quatre-vingt-dix-sept quarante de haut.",
        "Chambre B vingt-deux trente, au fond du couloir.",
        "Garage B : vingt-deux quarante euros le mois.",
    ],
)
def test_prices_ages_and_times_said_in_words_pass(text: str) -> None:
    assert find_secrets(text) == []
