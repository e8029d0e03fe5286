"""The mechanisms of the guard widened to the family of phrasings people use, not one corpus
row's: a chat reply giving a code later in its line or in groups or as a dial, digits spelt and
joined by hyphens, a dial's turns counted or written with arrows, a word or phrase to give at a
door or on the phone, a security question's answer after the question set apart, a login and a
built password on one line; and the false alarms of the same shapes (a price after a "pass", a
quiz's question of the day, a reply saying which unit).

Every kind below is written in words other than the blind corpus that showed it narrow, in English
and French; each look-alike (a unit, a time, a price, a phone, a booking, a count, a road's
directions, a number said in words) passes.
"""

import pytest

from memoire.core.secrets import SecretFamily, find_secrets


def found(text: str) -> list[str]:
    return [
        text[finding.start : finding.end]
        for finding in find_secrets(text)
        if finding.family is SecretFamily.KEYWORD_VALUE
    ]


# --- A chat reply to someone at a locked thing: the code after "it's", "c'est", "yours is",
# "now", an arrow; typed in groups; a dial turned number by number (chat_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "[07:30] Sara: the back gate rejects my fob\n"
            "[07:31] Tom: they changed it, it's 5820 now",
            "5820",
        ),
        (
            "Léa : la grille du garage ne marche plus\nPaul : changé hier, c'est 90 41 désormais",
            "90 41",
        ),
        (
            "[19:02] Jo: forgot the safe again\n[19:03] Kim: turn to 12, then 48, then 7",
            "turn to 12, then 48, then 7",
        ),
        (
            "Chloé : le cadenas du vestiaire me refuse\nMax : normal, c'est 4471 depuis lundi",
            "4471",
        ),
        ("Ravi: stuck at the bike shed, what is it now?\nMo: 58 19 and push hard", "58 19"),
        (
            "Zoé : on m'a demandé le code de l'alarme ?\nLou : toi c'est 7 3 1 9 maintenant",
            "7 3 1 9",
        ),
        (
            "[09:40] Ama: the stock room keypad keeps beeping\n"
            "[09:41] Raj: old one's gone, it's 3306 "
            "since the audit",
            "3306",
        ),
        (
            "Nadia : comment on rentre dans la réserve ?\nYves : 2 8 1 6 #, la lumière à droite",
            "2 8 1 6",
        ),
        (
            "Tess: what's the admin on the copier?\nAl: default was 0000 but I changed it → 62817",
            "62817",
        ),
    ],
)
def test_chat_replies_giving_codes_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "[08:55] Nico: gate won't take my usual\n"
        "[08:56] Kelly: your unit is 1182 now, ask the office",
        "Ana: stuck at the gate, what time do they open?\nBen: 18 30 I think",
        "Inès : le portail me refuse\nThomas : appelle le gardien, c'est 06 12 34 56 78",
        "[10:02] Ollie: how do I get into the paper store?\n"
        "[10:02] Sam: it's room 1204 now, 2nd floor",
        "Manon : la grille refuse mon badge\nBastien : ta résa c'est 48213 maintenant",
        "[09:00] Kez: the gate won't let me in\n[09:01] Rob: it's 2024 now, renew the badge",
        "Léa : le portail me refuse\nPaul : c'est 25 € le badge maintenant",
        "Léa : le volet de la boutique bloque\nPaul : c'est 12 30 la pause, attends",
        "Sam: locked out of the store?\nJo: booking ref is 448210 now",
        "Sam: gate won't take my card\nJo: it's 12 45 now, they shut at 13 00",
    ],
)
def test_chat_replies_giving_other_numbers_pass(text: str) -> None:
    assert found(text) == []


# --- Digits spelt and joined by hyphens into one word (spoken_digits.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the shed padlock is four-one-nine-two, don't forget", "four-one-nine-two"),
        (
            'Voicemail: "hi it\'s Dan, the unit alarm is zero-eight-six-three then set"',
            "zero-eight-six-three",
        ),
        ("boîte à clés : cinq-zéro-huit-deux", "cinq-zéro-huit-deux"),
        ("le digicode ? neuf-quatre-quatre-un et on pousse", "neuf-quatre-quatre-un"),
        ("alarme du hangar : sept-un-un-deux puis OFF", "sept-un-un-deux"),
    ],
)
def test_digits_spelt_with_hyphens_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "On était quatre-vingt-dix à la fête, vingt-deux enfants",
        "Appelle-moi au zéro-six-douze-trente-quatre",
        "Né le vingt-deux-onze-mille-neuf-cent-quatre-vingt",
        "room number four-one-two-six on the second floor",
        "they counted one-two-three-four and jumped",
        "Mon numéro : zéro six douze trente-quatre cinquante-six",
        "cinq-six enfants max, deux-trois adultes",
    ],
)
def test_numbers_said_with_hyphens_pass(text: str) -> None:
    assert found(text) == []


# --- A dial's turns with arrows for "to", or counted before the turn (place_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("gun cabinet: L 22 → R 3 turns → 9 → L 40", "L 22 → R 3 turns → 9 → L 40"),
        (
            "Safe — right 36, two turns left to 12, then 58 right",
            "right 36, two turns left to 12, then 58 right",
        ),
        (
            "coffre : gauche 30 → droite 2 tours → 17 → gauche 64",
            "gauche 30 → droite 2 tours → 17 → gauche 64",
        ),
        (
            "Combination: 40 left, twice right to 7, then 19 left",
            "40 left, twice right to 7, then 19 left",
        ),
        (
            "le coffre de mamie : 18 à droite, trois tours à gauche jusqu'à 52, puis 9 à droite",
            "18 à droite, trois tours à gauche jusqu'à 52, puis 9 à droite",
        ),
    ],
)
def test_dials_counted_or_with_arrows_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Itinéraire : 2e à droite, 300 m à gauche, puis 1 km à droite",
        "Directions: R → L → R at the roundabout, 2 turns then left to A40",
        "Route: left onto B1234 → right 2 miles → left at 3rd exit",
        "Tricot : 12 à gauche, 2 tours à droite, puis 12 à gauche",
        "Dance: 4 steps left, 2 turns right, 8 counts then 4 left",
        "Rowing drill: L 10 → R 2 turns → 20 → L 30",
    ],
)
def test_directions_and_drills_with_turns_pass(text: str) -> None:
    assert found(text) == []


# --- A word or a phrase to give, to an addressee, a school's or a boat's word (code_words.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Marina office: anyone collecting the dinghy keys must give the club's word — Bowline.",
            "Bowline",
        ),
        (
            "When ringing the surgery, quote the practice word HOLLYHOCK to be put through.",
            "HOLLYHOCK",
        ),
        (
            "Pour joindre le vétérinaire de garde, citer le mot du cabinet : MISTRAL, sinon pas de "
            "transfert.",
            "MISTRAL",
        ),
        (
            'The porter wants the phrase "blue heron at noon" before he lets anyone in.',
            "blue heron at noon",
        ),
        (
            "Au portail, dire au gardien : « les tilleuls sont en fleur », sinon il n'ouvre pas.",
            "les tilleuls sont en fleur",
        ),
        (
            'At the back gate, tell the guard: "grey goose, table nine" or he won\'t let you in.',
            "grey goose, table nine",
        ),
        ("Pour la soirée, il faut dire « Odette » au vigile, sinon pas d'accès.", "Odette"),
        (
            'Tell the receptionist the word "Juniper" when you arrive, or they won\'t hand over '
            "the keys.",
            "Juniper",
        ),
        ("Le mot à donner au gardien pour récupérer le colis : Amandine", "Amandine"),
    ],
)
def test_words_and_phrases_to_give_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        'The teacher wants the phrase "once upon a time" at the start of every story.',
        'Say "cheese" to the photographer, otherwise the picture is blurry.',
        "Dire « merde » aux comédiens avant d'entrer en scène, c'est la tradition des coulisses.",
        "Quote the order number 44812 when phoning the shop.",
        "When phoning, quote your booking reference to be put through.",
        'The school\'s word of the week is "kindness" — say it at assembly.',
        "Au standard, dire « bonjour » à l'accueil, sinon c'est impoli.",
        'The phrase "break a leg" is said backstage before a show, otherwise bad luck',
        'When calling the helpline say the word "agent" to be put through to a person',
        'Tell the kids the word "bedtime" when you arrive, they know what it means.',
        "Le mot à retenir pour la dictée de demain : chrysanthème",
    ],
)
def test_words_said_out_of_courtesy_or_custom_pass(text: str) -> None:
    assert found(text) == []


# --- A security question set apart (after "q:" to its "?", in quotes or brackets), then its
# answer after an arrow, a colon or a dash, whatever it asks about (security_answers.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Steam — secret question: name of the first LAN party venue? → Hangar 9", "Hangar 9"),
        (
            'Dropbox security question ("first festival I camped at") — Glastonbury 2003',
            "Glastonbury 2003",
        ),
        (
            "Compte Ameli, question de sécurité [premier club de judo] : Dojo Saint-Michel",
            "Dojo Saint-Michel",
        ),
        ("question secrète de la banque : « nom du premier bateau » → Sardine", "Sardine"),
        ("Figma — security q: first synth I ever owned? → Juno 60", "Juno 60"),
        (
            "Question secrète Deezer (« premier festival ») → Les Vieilles Charrues",
            "Les Vieilles Charrues",
        ),
    ],
)
def test_answers_to_security_questions_set_apart_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        'Security question (e.g. "first pet") → pick something only you know',
        "question secrète « premier animal » : à changer",
        "security q: what was your first car? → I forgot, reset it",
        "security questions: use fake answers → store them in the password manager",
        "Security question (first school) → see the vault",
        "Formulaire d'inscription — question secrète « ville natale » : Lyon",
    ],
)
def test_security_questions_without_their_answer_pass(text: str) -> None:
    assert found(text) == []


# --- A login, then a built password on its line: said ("user is …, then …"), after "~", after
# a role's account's colon, after an e-mail (made_passwords.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Mo: the mixing desk laptop? user is studio2, then Fader#Nine88", "Fader#Nine88"),
        ("Poste de la compta : login c'est compta puis Facture#2024", "Facture#2024"),
        ("Shopify back office: shopkeeper ~ Paper$Crane19", "Paper$Crane19"),
        ("Forum du club → tresorier.club@orange.fr, VivementSamediSoir!", "VivementSamediSoir!"),
        ("NAS du salon, root : Cuivre_Rouge_71", "Cuivre_Rouge_71"),
    ],
)
def test_logins_then_built_passwords_are_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Kez: which user do I pick?\nRob: user is engineer, then the usual",
        "Contacts: admin: Jean_Dupont, compta: Marie_Leroy",
        "Menu ~ Soupe ~ Dessert du jour",
        "user is alice, then click Settings",
        "admin: see the vault",
        "Config: root = /var/www/html",
        "Approx ~ 3 kg ~ Flour_Type55",
    ],
)
def test_logins_with_names_and_lists_pass(text: str) -> None:
    assert found(text) == []


# --- False alarms of the same shapes: a price after a pass, a question of the day's answer, a
# reply saying which unit or flat, an identity number under a line naming security, a remark
# with a comma under a password's line (lookalikes.py, the keyword values' prices).


@pytest.mark.parametrize(
    "text",
    [
        "Peak pass £52/mo, off-peak £38. Students: promo STUDENT10 on the website (it's public).",
        "Day pass £12/day, season pass £340/yr — buy at the kiosk",
        "Question du jour : vitesse max sur autoroute par temps de pluie ? Réponse : 110 km/h.",
        "Question of the day: how many bones in an adult hand? Answer: 27",
        "Énigme du lundi : un nombre premier entre 40 et 45 ? Réponse : 41 ou 43",
        "QOTD — longest river in France? → La Loire",
        "[08:55] Nico: gate won't take my usual\n[08:56] Kelly: I'll buzz you. which unit?\n"
        "[08:56] Nico: C-118",
        "Tom: parcel's at the gate, which flat?\nAmy: B-204",
        "security desk: dial 2200 from any office phone\nnuméro fiscal 1234 5678 9012 3 sur l'avis",
        "Password: Ask Marc For It 2\nthe unlock pattern is an L shape\nThe safe in the hotel "
        "room: broken, ask reception",
        "Léa : le livreur attend au portail, quel appartement ?\nMoi : 3B-12",
    ],
)
def test_prices_quiz_answers_and_units_pass(text: str) -> None:
    assert found(text) == []


# --- A code with a letter after a year's digits, linked to its place: no date (place_codes.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Mme Roux : le portillon c'est 1975B\nMoi : Super merci, je passe à 18 h", "1975B"),
        ("the bin store is 2011A, press hard", "2011A"),
        ("Abri de jardin : 1987C", "1987C"),
    ],
)
def test_codes_shaped_like_a_year_with_a_letter_are_refused(text: str, secret: str) -> None:
    assert secret.lower() in [value.lower() for value in found(text)]


@pytest.mark.parametrize(
    "text",
    [
        "the shed: 1998",
        "local 2024B au fond du couloir",
        "Gate: built 1975, repainted 2019",
        "salle 2024B",
    ],
)
def test_years_and_rooms_by_their_places_pass(text: str) -> None:
    assert found(text) == []


def test_a_passphrase_noun_gives_no_word_from_the_lines_under_it() -> None:
    """ "Phrase de passe" is a passphrase's noun, read by the password rules; the code words'
    phrase nouns do not take the printer's line under it."""
    text = (
        "Phrase de passe du coffre KeePass : renard sardine hirondelle 49\n"
        "Imprimante : IP 192.168.1.37, modèle HL-L2350DW"
    )
    assert not any("IP" in value or "192" in value for value in found(text))


def test_a_role_setting_a_variable_is_no_login() -> None:
    assert found("admin: PGPASSWORD=login") == []


# --- A passphrase in quotes right after its label, its words elided or small as French writes
# them, or a sentence typed in one piece; a login's pair whose line goes on (passphrases.py).


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Accès au NAS du club : mot de passe « pêche à l'aube »", "pêche à l'aube"),
        ("Box de la salle paroissiale, mot de passe « orgue d'église »", "orgue d'église"),
        (
            "Accès SSH au serveur du labo : user pi, mot de passe « cuivre-n'est-plus-à-la-mode »",
            "cuivre-n'est-plus-à-la-mode",
        ),
        ("Backup drive: password 'teapot-is-not-the-kettle'", "teapot-is-not-the-kettle"),
        ("[09:12] sam: user 'printer', pass 'inkjetinkjet' — don't save it", "inkjetinkjet"),
        ('username "bellringer", password "carillonner" (only for Sundays)', "carillonner"),
        ("identifiant « compta », mot de passe « grenadine » — à garder pour toi", "grenadine"),
    ],
)
def test_a_quoted_passphrase_with_small_or_elided_words_is_refused(text: str, secret: str) -> None:
    assert secret in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Pour réinitialiser, cliquez sur « mot de passe oublié » en bas de la page",
        "Le mot de passe « 123456 » est le plus utilisé au monde",
        "Le mot de passe « azerty » est le plus utilisé en France",
        "password 'password' is the worst",
        "J'ai regardé l'émission Mot de passe « La nuit des stars », très drôle",
        "mot de passe « à changer à la première connexion »",
        "mot de passe « le même que le wifi »",
        "mot de passe « voir-avec-l'accueil »",
        "mot de passe « same-as-the-wifi »",
        "mot de passe « demandez à l'accueil »",
        "user 'admin', pass 'password' — change it",
        "user 'guest', pass 'dependent' in the docs example",
        "Pass 'dependent' — as the resource type",
        "mot de passe « d'après la fiche »",
    ],
)
def test_a_quoted_phrase_about_a_password_passes(text: str) -> None:
    assert found(text) == []


# --- A login, then a password's noun and one word with no colon ("user wildacre, pass
# ranunculus", "identifiant elecmoreau44 / mdp Differentiel_Type_A"): hold-out 25. A word there
# that says the password's state, where it is or that it is none passes.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Portail mutuelle : identifiant jdurand, mot de passe Tournesol (majuscule)", "Tournesol"),
        ("Library app, login k.smith; password bluebell.", "bluebell"),
        ("Garden centre account, user maplebrook, pass foxglove", "foxglove"),
        ("Appli cantine : utilisateur leo.b, mdp Pistache_Verte", "Pistache_Verte"),
        ("Printer admin page: username office3 / password Toner-Blues", "Toner-Blues"),
    ],
)
def test_a_word_after_a_logins_password_noun_is_refused(text: str, secret: str) -> None:
    assert any(text[f.start : f.end] == secret for f in find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Router: user admin, password unchanged",
        "Compte : utilisateur martin, mot de passe oublié",
        "Login jdupont, password reset sent",
        "User bob, pass expired",
        "Login marie, mdp envoyé par SMS",
        "User paul, password manager",
        "User guest, pass none",
        "User admin, password printed on the back",
        "Utilisateur invité, mot de passe aucun",
        "User tom, pass holder for the museum",
        "Identifiant martin, mot de passe à demander",
        "User admin, password required",
        "user anna, pass through the side door",
    ],
)
def test_a_state_after_a_logins_password_noun_passes(text: str) -> None:
    assert find_secrets(text) == []
