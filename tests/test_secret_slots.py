"""The secret-slot scorer: segmentation of any layout into (noun, value) pairs, and their score.

Segmentation is tested on its own (every layout gives the pair, whatever its score), then the
scorer on pairs a user writes, then the guard with the slots beside the rules.
"""

from pathlib import Path

import pytest

from memoire.core.secrets import SecretFamily, find_secret, find_secrets
from memoire.core.secrets.pairs import _MAX_LABELS, slots
from memoire.core.secrets.slot_weights import BIAS, THRESHOLD, WEIGHTS
from memoire.core.secrets.slots import SLOT_RULE, find_slot_secrets, score
from memoire.core.secrets.text import lowered
from tests.secret_corpus import (
    TRAIN_A_CORPUS,
    TRAIN_B_CORPUS,
    TRAIN_C_CORPUS,
    TRAIN_D_CORPUS,
    TRAIN_E_CORPUS,
    TRAIN_F_CORPUS,
    TRAIN_G_CORPUS,
    TRAIN_H_CORPUS,
    TRAIN_I_CORPUS,
    TRAIN_J_CORPUS,
    TRAIN_K_CORPUS,
    TRAIN_L_CORPUS,
    TRAIN_M_CORPUS,
    TRAIN_N_CORPUS,
    TRAIN_O_CORPUS,
    TRAIN_P_CORPUS,
    caught_per_family,
    load_corpus,
)


def pairs(text: str) -> dict[str, set[str]]:
    """Each value the segmentation offers, with the features of every pair that offers it."""
    found: dict[str, set[str]] = {}
    for slot in slots(text, lowered(text)):
        found.setdefault(text[slot.start : slot.end], set()).update(slot.features)
    return found


def scored_secrets(text: str) -> list[str]:
    return [text[start:end] for _, start, end in find_slot_secrets(text, lowered(text))]


@pytest.mark.parametrize(
    ("text", "value", "relation"),
    [
        ("wifi password: Kx8#mq2L", "Kx8#mq2L", "r:sep"),
        ("the alarm code is 4821", "4821", "r:first"),
        ("le code de la porte c'est 4B12A", "4B12A", "r:first"),
        ('mdp = "Ravioli&Rain19"', "Ravioli&Rain19", "r:quoted"),
        ("mot de passe de la box « caramel »", "caramel", "r:quoted"),
        ("PIN 7730", "7730", "r:adjacent"),
        ("DB_PASSWORD=Wq7zLr2p", "Wq7zLr2p", "r:sep"),
        ("Zq7#Lm2p is the NAS password", "Zq7#Lm2p", "r:before"),
        ("Router admin password\n\n   k7Hx!mq2Lw", "k7Hx!mq2Lw", "r:after_blank"),
        ("Router admin password\n   k7Hx!mq2Lw", "k7Hx!mq2Lw", "r:indented"),
        ("Mum: what's the alarm code again?\nMe: 1 9 8 4 then OFF", "1 9 8 4", "r:speaker"),
        ("| Site | Pwd |\n|---|---|\n| libby | Reader$4life |", "Reader$4life", "r:table_cell"),
        (
            "Site | User | Pwd\n--- | --- | ---\nlibby | jdoe | Reader$4life",
            "Reader$4life",
            "r:row1",
        ),
        ("Site\tPwd\nlibby\tReader$4life", "Reader$4life", "r:table_cell"),
        (
            "Réponse à la question de sécurité de la banque (ville de naissance) : Quimper",
            "Quimper",
            "r:first",
        ),
        ("passphrase: otter lantern maple quietly", "otter lantern maple quietly", "r:phrase"),
    ],
)
def test_every_layout_gives_its_pair(text: str, value: str, relation: str) -> None:
    found = pairs(text)
    assert value in found
    assert relation in found[value]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("pasword: x", "password"),
        ("passwrod: x", "password"),
        ("paswsord: x", "password"),
        ("mot de passse : x", "password"),
        ("mdp : x", "password"),
        ("pwd: x", "password"),
        ("p/w: x", "password"),
        ("passw0rd is x", "password"),
        ("phrase de passe : x", "phrase"),
        ("PUK: x", "pin"),
        ("cryptogramme : x", "pin"),
        ("safe word: x", "word"),
        ("mot de code : x", "word"),
        ("combinaison : x", "code"),
        ("clé WPA : x", "key"),
        ("réponse secrète : x", "answer"),
        ("cadenas : x", "thing"),
    ],
)
def test_misspelt_and_abbreviated_nouns_are_labels(text: str, kind: str) -> None:
    assert any(slot.label == kind for slot in slots(text, lowered(text)))


def test_a_sentence_that_goes_on_after_its_noun_does_not_reach_the_next_line() -> None:
    text = "The API key is in the .env file, not here.\nBrightOtter42"
    assert "BrightOtter42" not in pairs(text)
    text = "Code PIN : non défini\n1234"
    assert "1234" not in pairs(text)


def test_a_table_cell_is_read_under_its_own_column_only() -> None:
    text = "| Pwd | Note |\n|---|---|\n| Gl4ss-Owl | 2024 |"
    assert "Gl4ss-Owl" in pairs(text)
    assert "r:table_cell" not in pairs(text).get("2024", set())


def test_the_score_is_the_bias_plus_the_weights_of_the_pairs_features() -> None:
    text = "wifi password: Kx8#mq2L"
    slot = next(
        slot for slot in slots(text, lowered(text)) if text[slot.start : slot.end] == "Kx8#mq2L"
    )
    assert score(slot) == pytest.approx(
        BIAS + sum(WEIGHTS.get(name, 0.0) for name in slot.features)
    )
    assert all(isinstance(weight, float) for weight in WEIGHTS.values())
    assert THRESHOLD > 0


# Written for these tests in wording of their own, not taken from a corpus.
USERS_SECRETS = [
    ("Storage unit padlock: 4-1-9-7", "4-1-9-7"),
    ("Mot de passe de la tablette des enfants :\n\nLoutre!Verte55", "Loutre!Verte55"),
    ("| Compte | MDP |\n| --- | --- |\n| Ameli | Sapin#Blanc12 |", "Sapin#Blanc12"),
    ("Account\tPassword\nsteam\trocket-gull-3", "rocket-gull-3"),
    ("Ana: c'est quoi le digicode ?\nMoi : 7 2 4 9 puis la clé", "7 2 4 9"),
]
USERS_PROSE = [
    "password reset link expires in 24 hours",
    "code postal : 75011",
    "Navigo pass renewed until 2026",
    "promo code SUMMER at checkout",
    "the wifi password is written on the fridge",
    "password: ${{ secrets.SMTP_PASSWORD }}",
    "PIN code must be 4 to 8 digits",
    "Le code de la route a changé en 2024",
    "I forgot my password again, reset it tomorrow",
    "Q: what's the door code?\nA: ask Paul, he has it",
    '{"question": "When does the green bin go out?", "language": "en", "words": ["Friday"]}',
    "password: see Paul, user: Bernard",
]


@pytest.mark.parametrize(("text", "secret"), USERS_SECRETS)
def test_pairs_a_user_writes_score_as_secrets(text: str, secret: str) -> None:
    assert secret in scored_secrets(text)


@pytest.mark.parametrize("text", USERS_PROSE)
def test_prose_about_secrets_scores_below_the_threshold(text: str) -> None:
    assert scored_secrets(text) == []
    assert find_secrets(text) == []


def test_a_slot_that_overlaps_a_rules_finding_adds_nothing() -> None:
    text = "wifi password: Kx8#mq2L"
    findings = find_secrets(text)
    assert [text[f.start : f.end] for f in findings] == ["Kx8#mq2L"]
    assert findings[0].rule != SLOT_RULE


# Written after the scorer, in wording of their own; the rules alone let each of them through.
RULES_MISSED = [
    ("Mot de passe de la tablette des enfants :\n\nLoutre!Verte55", "Loutre!Verte55"),
    ("Account\tPassword\nsteam\trocket-gull-3", "rocket-gull-3"),
    (
        "Pour le coffre de l'armoire, la combinaison c'est gauche 12 droite 34 gauche 56",
        "gauche 12 droite 34 gauche 56",
    ),
]


@pytest.mark.parametrize(("text", "secret"), RULES_MISSED)
def test_the_guard_refuses_what_only_the_slots_find(text: str, secret: str) -> None:
    findings = find_secrets(text)
    assert [text[f.start : f.end] for f in findings] == [secret]
    assert findings[0].family is SecretFamily.KEYWORD_VALUE
    assert findings[0].rule == SLOT_RULE
    assert find_secret(text) is not None


# Written for these tests in wording of their own: a code named by the thing it opens, by an
# unlocking verb, spelt or dialled digit by digit, or a reply after a question, no secret noun.
@pytest.mark.parametrize(
    ("text", "value", "feature"),
    [
        ("Priya's phone unlocks with 904417", "904417", "l:unlock"),
        ("Priya's phone unlocks with 904417", "904417", "l:device"),
        ("le portillon du potager s'ouvre avec 5531", "5531", "l:unlock"),
        ("bike shed keypad 6130# (the cleaners know it)", "6130#", "v:keypad_key"),
        ("side door 4471* after 8pm", "4471", "v:keypad_key"),
        ("barrière du parking visiteurs : 2913", "2913", "l:thing"),
        (
            "la combinaison du vélo : sept zéro deux huit, pas de dièse",
            "sept zéro deux huit",
            "r:digit_run",
        ),
        (
            "padlock on the shed: 14 left, 3 right, 27 left then pull",
            "14 left, 3 right, 27 left",
            "v:dialled_digits",
        ),
        ("armoire du vestiaire : 6,0,3,8", "6,0,3,8", "v:digit_groups"),
        ("Q: first concert you went to? A: Blur at Wembley", "Blur at Wembley", "l:answer"),
    ],
)
def test_an_object_an_unlock_spelt_digits_or_a_reply_give_a_pair(
    text: str, value: str, feature: str
) -> None:
    assert feature in pairs(text).get(value, set())


# Written for these tests in wording of their own; the guard before the object pairs let each
# of them through.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Lena's tablet unlocks with 551903", "551903"),
        ("Grandpa's phone: 740913, he never remembers it", "740913"),
        ("mon ordi du bureau se déverrouille avec 628104", "628104"),
        ("porte du garage 7712#", "7712#"),
        ("work laptop unlock 8830", "8830"),
        ("Q: name of your first teacher? A: Pennyworth", "Pennyworth"),
    ],
)
def test_a_code_named_by_its_object_or_an_unlock_is_refused(text: str, secret: str) -> None:
    assert secret in scored_secrets(text)
    assert find_secret(text) is not None


# Numbers beside the same objects that are no secret: times, rooms, lockers, gates, prices,
# models, extensions and phone numbers (wording of their own, pinned by the fit as tests).
@pytest.mark.parametrize(
    "text",
    [
        "gate B17 boards at 07:40",
        "room 3012",
        "locker 212",
        "the door closes at 22:07",
        "barrière levée de 7h à 19h",
        "my new phone is a Pixel 8, bought for £499 in 2024",
        "tablet battery at 15%, charge it before 8",
        "padlock bought for 12,90 € at the hardware store",
        "phone extension 4471 for the front desk",
        "the gate opens at 0730 and closes at 1900",
        "porte 3 du hall B, rendez-vous à 14h30",
        "le portable de Julien : 06 12 48 90 33",
        "laptop serial 5CG1234XYZ under the battery",
        "casier 118 au sous-sol, à côté du local vélos",
        "my tablet runs Android 13, the update took 45 min",
    ],
)
def test_numbers_beside_doors_phones_and_lockers_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []


def test_a_phone_or_an_unlock_without_a_code_shaped_token_forms_no_pair() -> None:
    """Prose about phones and tablets costs no pair: their kinds are read only on a line that
    holds a code-shaped token."""
    text = "my phone is old, the tablet is slow, I unlock it with my face"
    assert not any(slot.label in ("device", "unlock") for slot in slots(text, lowered(text)))


def test_a_note_made_of_nouns_is_read_up_to_a_bounded_number_of_them() -> None:
    unit = "safe 12: "  # each noun reads a few units ahead of it, never the whole note
    text = unit * 5_000
    furthest = max(slot.end for slot in slots(text, lowered(text)))
    assert len(unit) * _MAX_LABELS < furthest < len(unit) * (_MAX_LABELS + 30)


@pytest.mark.parametrize(
    ("text", "value", "relation"),
    [
        ("Netflix security questions:\nFirst pet: Biscotte", "Biscotte", "r:heading_item"),
        ("Identifiants du NAS :\n- admin : Grive!Noire8", "Grive!Noire8", "r:item_label"),
        ("Backup codes for GitHub:\n4471 9023\n1185 6630", "1185 6630", "r:item2+"),
        ("the safe word is 'purple octopus' ok?", "purple octopus", "r:quoted_phrase"),
        ("mot de sécurité « lapin bleu » pour l'école", "lapin bleu", "r:quoted_phrase"),
        ("the wifi password's Otter2019", "Otter2019", "r:first"),
        ("J'ai choisi 7741 comme code du cadenas", "7741", "r:verb_before"),
    ],
)
def test_headings_quotes_and_contractions_give_values(text: str, value: str, relation: str) -> None:
    assert relation in pairs(text).get(value, set())


def test_a_passphrase_is_a_label_of_its_own_kind() -> None:
    text = "backup passphrase: seven lazy otters 42"
    assert any(slot.label == "phrase" for slot in slots(text, lowered(text)))
    assert "l:phrase" in pairs(text)["seven lazy otters 42"]


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("Codes de récupération Microsoft :\n5521 0093", "c:recovery"),
        ("The garage keypad opens with 5530", "c:sets"),
        ("Teams meeting host key: 552019", "c:sets"),
        ("PIN code 400017, Andheri West address", "c:public_code"),
    ],
)
def test_cues_name_recovery_setting_and_address_contexts(text: str, cue: str) -> None:
    assert any(cue in features for features in pairs(text).values())


def test_the_words_of_a_question_are_not_its_answer() -> None:
    text = '{"question": "What\'s my sister\'s dog called?", "expected_words": ["Pixel"]}'
    assert not any(value.startswith("What") for value in pairs(text))
    assert find_secrets(text) == []


# In wording of their own, after the eighth hold-out's misses: the rules alone miss each.
SLOTS_NOW_FIND = [
    ("my bank pwd's Tournesol1999 don't tell anyone", "Tournesol1999"),
]


@pytest.mark.parametrize(("text", "secret"), SLOTS_NOW_FIND)
def test_the_guard_refuses_contracted_secrets(text: str, secret: str) -> None:
    assert secret in [text[f.start : f.end] for f in find_secrets(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Ship to: 44 Park Street, Kolkata, PIN code 700016, India",
        "Livraison : 8 Hill Road, Mumbai, PIN code 400050",
        '"resolved": "https://registry.npmjs.org/path-key/-/path-key-3.1.1.tgz",',
    ],
)
def test_addresses_and_package_files_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []


# In wording of their own, after the ninth hold-out's false alarms: code that checks a secret,
# a log that says one was wrong, a postcode called a PIN code in an address without a street.
CODE_LOGS_AND_ADDRESSES = [
    "def password_ok(pwd: str) -> bool:\n"
    "    if len(pwd) < 14:\n"
    "        return False\n"
    "    return True",
    "def controle_mdp(mdp):\n    if len(mdp) < 8:\n        return False\n    return True",
    "08:00:01 WARN mot de passe erroné utilisateur=compta (essai 2)",
    "Cousin's flat in Kochi, PIN code 682011",
    "My grandparents live in a small village near Madurai, PIN code 625002",
]


@pytest.mark.parametrize("text", CODE_LOGS_AND_ADDRESSES)
def test_code_logs_and_addresses_are_not_secrets(text: str) -> None:
    assert scored_secrets(text) == []
    assert find_secrets(text) == []


# The same shapes holding a real secret stay refused.
CODE_LOGS_AND_ADDRESSES_WITH_SECRETS = [
    ("ADMIN_PASSWORD = 'Tulip!Brick-93'", "Tulip!Brick-93"),
    ("PIN code for the new SIM: 680013", "680013"),
    ("le mot de passe du routeur est Fenouil#28", "Fenouil#28"),
]


@pytest.mark.parametrize(("text", "secret"), CODE_LOGS_AND_ADDRESSES_WITH_SECRETS)
def test_the_same_shapes_with_a_secret_are_refused(text: str, secret: str) -> None:
    assert secret in [text[f.start : f.end] for f in find_secrets(text)]


def features_of(text: str, value: str) -> set[str]:
    found = pairs(text)
    assert value in found, sorted(found)
    return found[value]


@pytest.mark.parametrize(
    ("text", "value", "feature"),
    [
        ("```\nsmtp_password = Gravel!Moth4\n```", "Gravel!Moth4", "s:fenced"),
        ("    if pin != stored_pin:\n        deny()", "stored_pin", "s:code_line"),
        ("14:02:09 WARN code refused for door=back", "refused", "s:log_line"),
        ("14:02:09 WARN code refused for door=back", "refused", "c:failure"),
        ("> the gate code is 7781", "7781", "s:quote"),
        ("- garage pin: 5523", "5523", "s:list_item"),
        ("## Safe combination 19-44-02", "19-44-02", "s:heading"),
        ("Tante Léa : le digicode c'est 3391", "3391", "s:speaker"),
        ("the alarm code is four four one nine", "four four one nine", "v:spelled_digits"),
        ("door code near 5 Rose Lane: 2201", "2201", "c:address"),
        ("gift voucher code 4410 worth €25", "4410", "c:commerce"),
        ("MAX_PASSWORD_LENGTH = 64", "64", "l:in_name"),
        ("password policy: twelve characters", "twelve characters", "lnc:meta"),
        ("my password: Otter2019", "Otter2019", "lpc:possessive"),
        ("wifi key: Kx8#mq2L", "Kx8#mq2L", "v:bits24-39"),
        ("vault token: b4_tulip_moon", "b4_tulip_moon", "v:has_underscore"),
    ],
)
def test_pairs_are_described_by_structure_and_classes_not_words(
    text: str, value: str, feature: str
) -> None:
    assert feature in features_of(text, value)


def test_a_line_of_code_ending_in_a_colon_is_no_heading() -> None:
    text = "def reset_code(code: str) -> None:\n    store(code)\n    notify()"
    assert not any("r:heading_item" in features for features in pairs(text).values())


@pytest.mark.parametrize(
    ("path", "keyword", "token", "card", "flagged"),
    [
        (TRAIN_A_CORPUS, 177, 10, 10, 0),  # blind on the code before: 133/180, 10, 10, 2 of 180
        (TRAIN_B_CORPUS, 167, 30, 10, 0),  # blind: 155/170, 29, 10, 8 of 190
        (TRAIN_C_CORPUS, 175, 10, 9, 0),  # blind: 143/180, 10, 9, 0 of 180
        (TRAIN_D_CORPUS, 175, 10, 10, 0),  # blind: 58/180, 10, 10, 4 of 180
        (TRAIN_E_CORPUS, 158, 10, 10, 0),  # blind: 136/160, 10, 10, 3 of 200
        # blind: 122/180 on the session's start, 127/180 on its first slots, 10, 10, 5 then 4 of
        # 180 (rules: a keypad box's model number, an alarm unit's model, a vault command)
        (TRAIN_F_CORPUS, 179, 10, 10, 0),
        # blind: 52/180 and 1 of 180 flagged on the session's start; 96/180 with the session's
        # rules, written without reading it; 122/180 after the next session's rules and line
        # scorer; 133 with listed, changed and placed codes (code_lists.py); the slot weights are
        # not yet fitted on it
        (TRAIN_G_CORPUS, 179, 0, 0, 0),
        # blind: 110/180 and 5 of 180 flagged on the session's start; 132/180 and 4 flagged after
        # its merges (126 without the line scorer); 143 with listed, changed and placed codes
        (TRAIN_H_CORPUS, 180, 0, 0, 0),
        # blind: 110/180 and 1 of 180 flagged on the session's start (written while hold-out 16
        # was, by another hand); then studied by the session's builders
        (TRAIN_I_CORPUS, 180, 0, 0, 0),
        # blind: 142/180 and 3 of 180 flagged on the session's start, 149 and 3 on its first
        # merges; then studied (and "four-one-nine-two" in the dev corpus relabelled a secret)
        (TRAIN_J_CORPUS, 179, 0, 0, 0),
        # blind: 135/180 and 1 of 180 flagged on the session's start, 139 and 1 on its merges;
        # then studied; its flagged note (an alarm company's phone number) passes since
        (TRAIN_K_CORPUS, 169, 0, 0, 0),
        # blind: 133/180 and 1 of 180 flagged on the session's start, 141 and 1 on its merges;
        # then studied
        (TRAIN_L_CORPUS, 171, 0, 0, 0),
        # blind: 146/180 and 2 of 180 flagged on the session's start; then studied
        (TRAIN_M_CORPUS, 170, 0, 0, 0),
        # blind: 163/180 and 2 of 180 flagged on the session's start; then studied (codes
        # typed digit by digit after a change, a keypad's letter among them, a Wi-Fi changed to a
        # new key, a code worked out from a rule; its two false alarms, a site number beside an
        # alarm and a phone number in pairs, fixed by kind; chat speakers with a role in
        # brackets; a lock's code said in words after "it's", "c'est maintenant"; "niner"; a
        # chat asking what to type)
        (TRAIN_N_CORPUS, 180, 0, 0, 0),
        # blind: 160/180 and 1 of 180 flagged on the session's start; then studied (a cash box's
        # code, a value said before its noun ending a sentence, a PIN in two pairs, a login said
        # after "c'est", dashes and dots dictated, chat replies to how to open a vault or to a
        # lock refusing the old code, codes listed under changing rooms, a code word after a
        # long condition, a "question de secours"; its false alarm, an exam centre's number,
        # fixed by kind)
        (TRAIN_O_CORPUS, 176, 0, 0, 0),
        # blind: 159/180 and 0 of 180 flagged at 41ab458; then the line scorer's second model
        # was fitted on it (bench/secrets_lines.md, section 8): 161 left out, 162 in sample;
        # studied (a Wi-Fi's network then its key, "changed the X to" a value, quoted security
        # answers and passphrases, door words, booths): all caught
        (TRAIN_P_CORPUS, 180, 0, 0, 0),
    ],
)
def test_training_corpora_levels_hold_as_a_floor(
    path: Path, keyword: int, token: int, card: int, flagged: int
) -> None:
    """Written by six writers who never saw the guard, measured once by the code before
    (bench/secrets_blind.py), then trained on: these are the levels after, no longer blind.
    Every false alarm left is a rule's (the slots flag none of their negatives)."""
    caught, refused = caught_per_family(load_corpus(path))
    assert refused <= flagged
    assert caught["keyword"] >= keyword
    assert caught.get("token", 0) >= token
    assert caught.get("card", 0) >= card


# Hold-out 12's missed kinds as classes, each in wording of its own: the pair the segmentation
# now offers and the relation or shape that describes it.
@pytest.mark.parametrize(
    ("text", "value", "feature"),
    [
        ("Wendy: what's the shed padlock again\nMe: 5 2 8 1", "5 2 8 1", "r:reply"),
        (
            "[lun. 08:12] Léo : c'est quoi le code du portail déjà\n[lun. 08:15] Moi : 7 3 0 6",
            "7 3 0 6",
            "r:reply",
        ),
        (
            "Dan 18:02: garage code pls\nMe 18:03: six one four eight",
            "six one four eight",
            "r:digit_run",
        ),
        ("Van | bay | unlock\nTransit | 4 | 6203", "6203", "r:table_cell"),
        ("codes de secours de la messagerie\n- 5521 0934", "5521 0934", "r:no_colon"),
        ("backup codes for the club email\n- 3307 9951", "3307 9951", "r:recovery_item"),
        ("backup codes for the club email\n- 3307 9951", "3307 9951", "v:grouped_digits"),
        (
            'Stage door tonight needs a code word for the crew.\nIt\'s "silver teapot". Pass it on',
            "silver teapot",
            "r:quoted_phrase",
        ),
        ("NVR: admin / dahua123", "dahua123", "r:login_pair"),
        ("NVR: admin / dahua123 later changed to Till4Shop!", "Till4Shop!", "r:replaced"),
        ("My office badge PIN was reset, new one is 915372.", "915372", "r:replaced"),
        ("alarm panel: punch five two six one then OFF", "five two six one", "r:then_key"),
        ("alarm panel: punch five two six one then OFF", "five two six one", "pc:press"),
        ("le cadenas du local vélo c'est quatre sept un huit", "quatre sept un huit", "v:read_out"),
        ("Coffre : tourner à 30 puis 12 puis 4", "30 puis 12 puis 4", "v:read_out"),
        ("turn the dial to 308 then pull", "308", "l:thing"),
        ("code photocopieuse 52931", "52931", "lnc:machine"),
        (
            "security phrase: bilberry scramble misty ridge",
            "bilberry scramble misty ridge",
            "l:phrase",
        ),
    ],
)
def test_the_kinds_hold_out_12_missed_give_their_pairs(text: str, value: str, feature: str) -> None:
    assert feature in pairs(text).get(value, set())


# The same kinds in other words (none is a row of a corpus); the guard of the session's start
# let each of them through.
@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Copier code 31842 (accounts only)", "31842"),
        ("My office badge PIN was reset, new one is 915372.", "915372"),
        ("Wendy: what's the shed padlock again\nMe: 5 2 8 1", "5 2 8 1"),
        (
            "[lun. 08:12] Léo : c'est quoi le code du portail déjà\n[lun. 08:15] Moi : 7 3 0 6\n"
            "[lun. 08:15] Léo : merci",
            "7 3 0 6",
        ),
        (
            "Dan 18:02: garage code pls\nMe 18:03: six one four eight\nDan 18:03: ta",
            "six one four eight",
        ),
        ("le cadenas du local vélo c'est quatre sept un huit", "quatre sept un huit"),
        ("ok so the deposit box pin is three nine oh one six", "three nine oh one six"),
        ("alarm panel by the back door: punch five two six one then OFF", "five two six one"),
        ("Coffre du bureau : tourner à 30 puis 12 puis 4", "30 puis 12 puis 4"),
        ("cash box combination 31 left 8 right 22 left", "31 left 8 right 22 left"),
        ("Van | bay | unlock\nTransit | 4 | 6203\nVito | 7 | 1958", "6203"),
        (
            'Stage door tonight needs a code word for the crew.\nIt\'s "silver teapot". Pass it on',
            "silver teapot",
        ),
        ("NVR under the desk: admin / dahua123 later changed to Till4Shop!", "Till4Shop!"),
    ],
)
def test_the_kinds_hold_out_12_missed_are_refused(text: str, secret: str) -> None:
    assert secret in [text[f.start : f.end] for f in find_secrets(text)]


# Their look-alikes that the guard of the session's start refused: a public code named by its
# product or an error, where a password will be given out, a to-do list's next item.
@pytest.mark.parametrize(
    "text",
    [
        "le code PLU des pommes gala c'est 4133, à taper à la balance",
        "PLU code for bananas is 4011 at the self checkout",
        "card terminal showing error code 80426, support says reboot it",
        "Concert privé à Lyon le 14 ! Le mot de passe pour les billets sera dans la newsletter"
        " jeudi",
        "Check-out:\n- strip beds\n- empty fridge\n- leave key in the key safe\n- meter reading"
        " photo",
    ],
)
def test_the_look_alikes_of_hold_out_12s_kinds_pass(text: str) -> None:
    assert find_secrets(text) == []


# What the new pairs must leave alone (they did not exist before, so these passed before too):
# a reply without a code, a replacement that is no value, a list without codes under a code
# noun, a manager named where a password would be, a future place for a password.
@pytest.mark.parametrize(
    "text",
    [
        "The password for the raffle will be in next week's newsletter",
        "Le mot de passe pour l'atelier sera dans le mail de vendredi",
        "Before leaving:\n- strip beds\n- leave key in the key safe\n- photo of the meter",
        "Password manager: Bitwarden",
        "printer code E-04 means paper jam",
        "Wendy: what's the shed made of again\nMe: pine, 2 m by 3",
        "new one is on order, arrives in 3 days",
        "codes de la formation\n- module 3 : mardi\n- module 4 : jeudi",
    ],
)
def test_the_new_pairs_leave_their_look_alikes_alone(text: str) -> None:
    assert find_secrets(text) == []


# --- Codes given by the place or the role they belong to, without a secret noun (place_codes.py)
# Written in new words for the kinds hold-out 13 missed: a place that locks and a bare code after
# it (a colon, "c'est", nothing), a run of single digits after a room, a heading naming a place
# over the code's line, a year a hint says was chosen, a dial's turns, a code named by whose it
# is. Each was missed by the guard before place_codes.py.
PLACE_CODES = [
    ("Rowing club\nthe boiler room: 6614\nkeys for the launch are in the office", "6614"),
    ("Jardins partagés\nla remise : 3972\nl'arrosoir est derrière", "3972"),
    ("the bin store - 8135 (changed in June)", "8135"),
    ("Astreinte\nch. 7 : pansement\nsalle de repos 7 3 1 5\nlinge : voir Corinne", "7 3 1 5"),
    ("la buanderie c'est 8-0-6-2 (facile, le département)", "8-0-6-2"),
    ("Cabanon du jardin\n6 2 9 4\nfermer le robinet en partant", "6 2 9 4"),
    ("Grenier de mamie :\n3 3 8 1", "3 3 8 1"),
    ("the tack room: 1987 (the year Mum was born, easy)", "1987"),
    ("Armoire à linge : c'est l'année de naissance de papi, 1936", "1936"),
    ("Strongbox in the back office\n22 left\n9 right\n41 left", "22 left\n9 right\n41 left"),
    ("Tiroir-caisse du marché : droite 33, gauche 8, droite 16", "droite 33, gauche 8, droite 16"),
    ("Centrale de l'église : code installateur 9072", "9072"),
    ("Caisse du bar : code gérant 44817 pour annuler un ticket", "44817"),
    ("Répondeur du gîte : code d'interrogation 3306", "3306"),
    ("Free papi : code client confidentiel 557201, ils le demandent au 3244", "557201"),
    ("le cabanon c'est sept trois un huit si tu passes avant moi", "sept trois un huit"),
    ("Workshop back door 4419 — members only", "4419"),
    ("the chapel vestry: 2 0 7 7", "2 0 7 7"),
    ("Gun cabinet\n14 right\n3 left\n27 right", "14 right\n3 left\n27 right"),
]


@pytest.mark.parametrize(("text", "secret"), PLACE_CODES)
def test_a_code_given_by_its_place_or_role_is_refused(text: str, secret: str) -> None:
    assert secret in [text[f.start : f.end] for f in find_secrets(text)]


# The same places, rooms and roles with the numbers people write beside them: a room, a
# channel, a bus, opening hours, a year in a sentence, a price or a quantity, a floor, a
# service's phone number, a bank's RIB fields, a customer number, a score, a date, an address,
# a road's directions, a list of rooms, a product's model, a code said to be elsewhere.
@pytest.mark.parametrize(
    "text",
    [
        "Planning\nsalle 214 : réunion parents\nch. 8 : perfusion à 22h",
        "bureau 2C, au fond du couloir",
        "VHF ch 16 for the harbour, ch 72 for the race",
        "Bus 38 stops outside the boathouse",
        "opening hours of the workshop: 0900-1700",
        "The boathouse was built in 1962 by the members",
        "the workshop: 1974 (year it was built)",
        "La remise date de 1887, la charpente est d'origine",
        "Garage : 1450 € par an",
        "la cave : 600 bouteilles environ",
        "Hangar 12, 2e étage, porte B",
        "Casier n° 1204 au sous-sol",
        "box internet en panne, appeler le 3900",
        "RIB de maman\ncode banque 30004\ncode guichet 01234",
        "code banque : 30004 / guichet : 01234",
        "le code du local est sur le frigo",
        "the shed key is under the blue pot",
        "score 3-1 at the clubhouse, great match",
        "rendez-vous le 2-7-19 devant le hangar",
        "Garage Martin\n04 78 12 34 56",
        "Storage unit\n1200 Harbour Road",
        "Clubhouse\n1962 - opened by the mayor",
        "pour le local : prendre la 2e à gauche puis la 1re à droite puis la 3e à gauche",
        "code client 7781204 sur la facture",
        "Lockers 1, 2, 3 and 4 are free this term",
        "Salles 5, 6, 7 et 8 : examens",
        "cabinet key on the hook, turn it left then right",
        "manager code review at 1400 in room 3",
        "mqtt://user@broker.local:1883",
        "the workshop floor is 2400 sq ft",
    ],
)
def test_numbers_beside_places_and_roles_pass(text: str) -> None:
    assert find_secrets(text) == []
