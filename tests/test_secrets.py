"""The secret guard, checked on labelled corpora of secrets and of prose that only looks close.

The corpora and their fake-token generator are in tests/secret_corpus.py.
"""

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from memoire.core.secrets import (
    REFUSAL_MESSAGE,
    SecretFamily,
    SecretFinding,
    find_secret,
    find_secrets,
)
from memoire.core.secrets import text as text_module
from memoire.core.secrets.providers import leading_keys
from memoire.core.secrets.text import end_of_line, holds, lowered, positions, start_of_line
from memoire.core.secrets.window import secrecy
from tests.secret_corpus import (
    DEV2_CORPUS,
    DEV3_CORPUS,
    DEV4_CORPUS,
    DEV_CORPUS,
    FAKES,
    HOLDOUT2_CORPUS,
    HOLDOUT3_CORPUS,
    HOLDOUT4_CORPUS,
    HOLDOUT5_CORPUS,
    HOLDOUT6_CORPUS,
    HOLDOUT7_CORPUS,
    HOLDOUT8_CORPUS,
    HOLDOUT9_CORPUS,
    HOLDOUT10_CORPUS,
    HOLDOUT11_CORPUS,
    HOLDOUT12_CORPUS,
    HOLDOUT13_CORPUS,
    HOLDOUT14_CORPUS,
    HOLDOUT15_CORPUS,
    HOLDOUT16_CORPUS,
    HOLDOUT17_CORPUS,
    HOLDOUT18_CORPUS,
    HOLDOUT19_CORPUS,
    HOLDOUT20_CORPUS,
    HOLDOUT21_CORPUS,
    HOLDOUT22_CORPUS,
    HOLDOUT23_CORPUS,
    HOLDOUT24_CORPUS,
    HOLDOUT25_CORPUS,
    HOLDOUT_CORPUS,
    SEED,
    SEED_CORPUS,
    CorpusEntry,
    caught_per_family,
    load_corpus,
)

MINIMUM_PER_SIDE = 80

CORPUS = load_corpus()
POSITIVES = [entry for entry in CORPUS if entry.family is not None]
NEGATIVES = [entry for entry in CORPUS if entry.family is None]
DEV = load_corpus(DEV_CORPUS)
DEV_POSITIVES = [entry for entry in DEV if entry.family is not None]
DEV_NEGATIVES = [entry for entry in DEV if entry.family is None]


def spanned(text: str, findings: list[SecretFinding]) -> list[str]:
    return [text[finding.start : finding.end] for finding in findings]


def test_refusal_message_is_the_briefs_text() -> None:
    assert REFUSAL_MESSAGE == (
        "Refused: this looks like a secret. The memory never keeps secrets; nothing was written."
    )


def test_corpus_is_large_and_bilingual() -> None:
    for side in (POSITIVES, NEGATIVES):
        assert len(side) >= MINIMUM_PER_SIDE
        assert {entry.lang for entry in side} == {"en", "fr"}
    assert {entry.family for entry in POSITIVES} == {
        SecretFamily.KEYWORD_VALUE,
        SecretFamily.TOKEN_FORMAT,
        SecretFamily.CARD_NUMBER,
    }


def test_dev_corpus_covers_every_family_in_both_languages() -> None:
    for side in (DEV_POSITIVES, DEV_NEGATIVES):
        assert len(side) >= 200
        assert {entry.lang for entry in side} == {"en", "fr"}
    assert {entry.family for entry in DEV_POSITIVES} == set(SecretFamily)


def test_committed_corpus_holds_no_live_format_token() -> None:
    raw = SEED_CORPUS.read_text(encoding="utf-8")
    rules = {f.rule for f in find_secrets(raw) if f.family is SecretFamily.TOKEN_FORMAT}
    assert rules <= {"private-key"}  # bare headers carry no key material


@pytest.mark.parametrize("entry", POSITIVES, ids=[entry.label for entry in POSITIVES])
def test_positive_is_caught_by_its_family_at_the_secret(entry: CorpusEntry) -> None:
    same_family = [f for f in find_secrets(entry.text) if f.family is entry.family]
    assert entry.secret in spanned(entry.text, same_family)
    assert find_secret(entry.text) is not None


@pytest.mark.parametrize("entry", NEGATIVES, ids=[entry.label for entry in NEGATIVES])
def test_hard_negative_passes(entry: CorpusEntry) -> None:
    assert find_secrets(entry.text) == []
    assert find_secret(entry.text) is None


def test_find_secret_returns_one_of_find_secrets() -> None:
    text = "PIN: 4821\nAmex 3782 822463 10005\npassword: hunter2"
    assert find_secret(text) in find_secrets(text)


def test_findings_come_in_text_order() -> None:
    text = "password: hunter2 then 4111 1111 1111 1111 then jeton: abc123"
    findings = find_secrets(text)
    assert spanned(text, findings) == ["hunter2", "4111 1111 1111 1111", "abc123"]
    assert [f.family for f in findings] == [
        SecretFamily.KEYWORD_VALUE,
        SecretFamily.CARD_NUMBER,
        SecretFamily.KEYWORD_VALUE,
    ]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("jeton: abc123", "abc123"),
        ("password: hunter2", "hunter2"),
        ("token=abc123XYZ", "abc123XYZ"),
    ],
)
def test_seed_refuses_a_given_value(text: str, secret: str) -> None:
    finding = find_secret(text)
    assert finding is not None
    assert finding.family is SecretFamily.KEYWORD_VALUE
    assert text[finding.start : finding.end] == secret


def test_seed_lets_prose_about_a_token_pass() -> None:
    assert find_secret("le jeton expire en novembre") is None


def test_curly_apostrophe_in_cle_d_api() -> None:
    text = "clé d’API : f1d2d2f924e986ac86fdf7b36c94bcdf"
    assert spanned(text, find_secrets(text)) == ["f1d2d2f924e986ac86fdf7b36c94bcdf"]


def test_secret_in_the_middle_of_a_long_multiline_note() -> None:
    prose = [entry.text for entry in NEGATIVES]
    token = FAKES["github_classic"](random.Random(SEED))
    text = "\n".join([*prose[:30], f"CI token: {token}", *prose[30:]])
    start = text.index(token)
    findings = find_secrets(text)
    assert SecretFinding(SecretFamily.TOKEN_FORMAT, "github-token", start, start + len(token)) in (
        findings
    )
    assert {f.start for f in findings} == {start}


@pytest.mark.parametrize(
    "text",
    [
        "password: ******** see the vault Abcdefgh12",
        "password: ******** Étagère IKEA KALLAX, article 802.758.87",
    ],
)
def test_a_masked_value_followed_by_more_words_is_no_secret(text: str) -> None:
    """The mask unwraps to an empty value, which once raised IndexError out of the guard."""
    assert find_secrets(text) == []


def test_text_that_lengthens_when_lowered_is_still_scanned() -> None:
    text = "İstanbul: wifi password: Kebap2024, PIN: 4417"
    assert spanned(text, find_secrets(text)) == ["Kebap2024", "4417"]


def test_identifier_forms_of_french_keywords() -> None:
    text = "MOTDEPASSE=Brest29x\ncle_api=4f9a2c7e11"
    assert spanned(text, find_secrets(text)) == ["Brest29x", "4f9a2c7e11"]


def test_value_does_not_run_onto_the_next_line() -> None:
    text = "password:\nthe vault has it"
    assert find_secrets(text) == []


def test_multiline_note_reports_each_secret() -> None:
    text = "# Box\nlogin: admin\nmot de passe : Soleil2024\n\nNIP : 4417\n"
    assert spanned(text, find_secrets(text)) == ["Soleil2024", "4417"]


@pytest.mark.parametrize(
    "text",
    ["PIN: 123", "PIN: 123456789", "code PIN : 12ab", "NIP : 4417-2"],
)
def test_pin_takes_four_to_eight_digits_only(text: str) -> None:
    assert find_secrets(text) == []


def test_card_needs_luhn() -> None:
    valid, invalid = "4242 4242 4242 4242", "4242 4242 4242 4241"
    assert [f.rule for f in find_secrets(valid)] == ["visa"]
    assert find_secrets(invalid) == []


def test_card_with_mixed_separators_is_not_a_card() -> None:
    assert find_secrets("4111 1111-1111 1111") == []


def test_private_key_header_alone_is_enough() -> None:
    text = "pasted this:\n-----BEGIN OPENSSH PRIVATE KEY-----\n(rest deleted)"
    [finding] = find_secrets(text)
    assert text[finding.start : finding.end] == "-----BEGIN OPENSSH PRIVATE KEY-----"


def recall_and_false_positives(
    corpus: list[CorpusEntry],
) -> tuple[dict[str, float], float]:
    """Recall per kind of secret (a refusal is what counts) and the false-positive rate."""
    recall: dict[str, float] = {}
    for kind in {entry.kind for entry in corpus if entry.family is not None}:
        labelled = [entry for entry in corpus if entry.kind == kind and entry.family is not None]
        recall[kind] = sum(find_secret(entry.text) is not None for entry in labelled) / len(
            labelled
        )
    negatives = [entry for entry in corpus if entry.family is None]
    flagged = sum(find_secret(entry.text) is not None for entry in negatives)
    return recall, flagged / len(negatives)


def test_dev_corpus_levels_hold() -> None:
    """Measured when issue 9's rules landed: the seed's guard caught 29.8% of these secrets."""
    recall, false_positives = recall_and_false_positives(DEV)
    assert false_positives == 0
    assert all(level >= 0.95 for level in recall.values()), recall


@dataclass(frozen=True)
class HoldoutFloor:
    """A spent hold-out's levels today, the floor no change may go under (the comment above
    each says what it measured while blind and what was studied since)."""

    corpus: Path
    secrets: int
    keyword: int
    token: int
    card: int
    flagged: int


HOLDOUT_FLOORS = (
    # blind: card 30/31, keyword 53/62, token 52/53; then read while tuning
    HoldoutFloor(HOLDOUT_CORPUS, secrets=146, keyword=62, token=53, card=31, flagged=0),
    # blind: card 32/36, keyword 73/100, token 66/71; misses studied to generalise rules
    HoldoutFloor(HOLDOUT2_CORPUS, secrets=207, keyword=100, token=71, card=36, flagged=0),
    # blind: card 36/36, keyword 112/123, token 67/68, 1 of 208 flagged; misses studied
    HoldoutFloor(HOLDOUT3_CORPUS, secrets=227, keyword=123, token=68, card=36, flagged=0),
    # blind: card 24/24, keyword 131/151, token 41/41, 1 of 229 flagged; studied for the window
    # scoring (window.py)
    HoldoutFloor(HOLDOUT4_CORPUS, secrets=216, keyword=151, token=41, card=24, flagged=0),
    # blind after the window scoring: keyword 180/197, 4 of 269 flagged (two MD5 sums, an SSH
    # public key beside 'clé', a course code); studied for the command table, word passphrases,
    # misspelt nouns and code shapes (dev3)
    HoldoutFloor(HOLDOUT5_CORPUS, secrets=305, keyword=197, token=70, card=38, flagged=0),
    # blind (601 rows): keyword 179/201 (170 before that round), 1 of 290 flagged (Wi-Fi names);
    # the KINDS it missed were told, never its rows, and layouts.py was built on a corpus of its
    # own (dev4)
    HoldoutFloor(HOLDOUT6_CORPUS, secrets=311, keyword=201, token=70, card=40, flagged=0),
    # blind after the layouts round: keyword 98/120 (81.7 %), 2 of 170 flagged (tables of museum
    # and transit passes); fitted on by the slots since
    HoldoutFloor(HOLDOUT7_CORPUS, secrets=170, keyword=119, token=30, card=20, flagged=0),
    # blind while the slot scorer was built: rules 144/160, rules and slots 149 (93.1 %), 4 of
    # 200 flagged (a ski-pass price table, an Indian PIN code, a connection-string template,
    # INSEE and postal codes)
    HoldoutFloor(HOLDOUT8_CORPUS, secrets=220, keyword=160, token=40, card=20, flagged=0),
    # blind while the slots' second round was built: rules 131/160, first slots 132, second
    # round 134 (83.8 %), 4 of 200 flagged (a PIN code in an address, two password checkers in
    # Python, a log line saying a password was wrong)
    HoldoutFloor(HOLDOUT9_CORPUS, secrets=210, keyword=156, token=30, card=20, flagged=0),
    # blind (weak hints, spelt digits, codes one digit a line): 113/160 before the slots' third
    # round, 116 (72.5 %) after, 29/30 tokens, 18/20 cards, 6 flagged; studied for its token,
    # card and false-alarm misses and the login-line layout (blocks.py)
    HoldoutFloor(HOLDOUT10_CORPUS, secrets=210, keyword=155, token=30, card=20, flagged=0),
    # blind (a farm, a nurse's handover, a landlord, a flat-share): 123 then 127 of 160 (79.4
    # %), 4 then 5 flagged (postcodes, locker ranges, where a passphrase is kept, an invoice
    # code); then studied: false alarms (lookalikes.py) and nounless codes
    HoldoutFloor(HOLDOUT11_CORPUS, secrets=210, keyword=155, token=30, card=20, flagged=0),
    # blind (a dental practice, a touring band, a carer, a corner shop, a hiking club), measured
    # once on the code of the session's start and once on its end: 119 then 125 of 160 (74.4 %
    # then 78.1 %), all tokens and cards, 2 then 3 of 200 flagged (a PLU code, 'the password
    # will be in the newsletter', 'leave key in the key safe'). Then studied and trained on (its
    # missed kinds as classes, with corpus F): 149 of 160 and none of 200 flagged, in sample;
    # 153 with tables of codes (code_lists.py)
    HoldoutFloor(HOLDOUT12_CORPUS, secrets=210, keyword=156, token=30, card=20, flagged=0),
    # blind (a vet's desk, a flat-share, a son handling his father's affairs, a vineyard, a
    # sailing club, a freelancer, a night nurse, a choir, a renovation, a youth football club),
    # measured once on the code of the session's start and once on its end: 120 then 129 of
    # 160 (75.0 % then 80.6 %), all tokens and cards, 4 then 2 of 200 flagged. Then studied for
    # words given at a door, security answers and recovery-code lists (code_words.py,
    # security_answers.py, recovery_codes.py), codes given by their place or role
    # (place_codes.py), passwords a person made with no secret noun near them
    # (made_passwords.py), and its two false alarms (a quoted mask, a RIB's bank code): 160 of
    # 160 and none flagged once studied, no longer blind
    HoldoutFloor(HOLDOUT13_CORPUS, secrets=210, keyword=160, token=30, card=20, flagged=0),
    # blind (a bakery, a notary's office, a beekeeper, a camper-van couple, a teenage gamer, an
    # Airbnb host, a scout leader, a pharmacy, a wedding photographer, a garage), measured once
    # on the code of the session's start and once after its merges: 129 then 138 of 160 (80.6 %
    # then 86.2 %), all tokens and cards, 2 then 2 of 200 flagged (a pharmacy's ODS code and
    # premises number, a Wi-Fi listing saying where its password is). Then a network's "key"
    # and a "code confidentiel" before a made password (made_passwords.py): 140. Then URL/login/
    # password stacks, cells two spaces apart, a login / password among a chat line's words, a
    # network's key typed as a phrase, "passkey", a Wi-Fi's name before its password's place
    # (made_passwords.py); codes given in speech and chat (code_words.py, chat_codes.py,
    # spoken_digits.py, set_codes.py, dials in place_codes.py) and registers' identifiers
    # (features.py), and the line scorer (lines.py): 160 of 160, none flagged, in sample
    HoldoutFloor(HOLDOUT14_CORPUS, secrets=210, keyword=160, token=30, card=20, flagged=0),
    # blind (a primary-school teacher, a plumber, a physiotherapy practice, a restaurant kitchen, a
    # gym, an estate agent, a research lab, a riding stable, a parish office, a family moving
    # house), measured once on the code of the session's start and once after its merges: 141
    # then 150 of 160 (88.1 % then 93.8 %; 147 without the line scorer), all tokens and cards,
    # 1 then 1 of 200 flagged. Then its missed kinds of listed, changed and placed codes, as
    # classes in other words (code_lists.py, set_codes.py, place_codes.py): 154
    HoldoutFloor(HOLDOUT15_CORPUS, secrets=210, keyword=159, token=30, card=20, flagged=0),
    # blind (a hair salon, a family hotel's reception, a student in halls, an allotment society,
    # a music school, a bike shop and its club, a volunteer helping an elderly neighbour, an IT
    # freelancer for a charity, a ski chalet, a summer festival's volunteers), measured once on
    # the code of the session's start and once after its merges: 125 then 133 of 160 (78.1 %
    # then 83.1 %), all tokens and cards, 3 then 2 of 200 flagged. Then its made passwords
    # beside an address, a login or a change, and keys given in chat replies, as classes
    # (made_passwords.py, set_codes.py, code_words.py): 150. Then its codes given without a
    # code word, as kinds (chat roles, role numbers, labelled spelt digits): 155. Its 2 flagged
    # (a recovery phone's number, a key safe's make and model before its price) pass since
    # (lookalikes.py).
    HoldoutFloor(HOLDOUT16_CORPUS, secrets=210, keyword=155, token=30, card=20, flagged=0),
    # blind (a bee-keeping supplier, a school's science department, an accountancy practice, a
    # family's holiday house, a youth hostel, a choir's committee, a car-sharing club, a garden
    # centre, a translator, a home nurse's rounds), written late in the session: 114 of 160
    # (71.2 %) on the session's start, 128 (80.0 %) after its first merges, 131 (81.9 %) after
    # its last; all tokens and cards; 4 of 200 flagged each time. Then studied: its codes given
    # without a code word (worked_codes.py, chat_codes.py, spoken_digits.py, place_codes.py), its
    # made passwords joined to their account's handle (made_passwords.py, set_codes.py), and its
    # false alarms as kinds (bank details, an account's reference with its secret withheld, a
    # glossary of the words for secrets, a phone number; lookalikes.py): none flagged.
    HoldoutFloor(HOLDOUT17_CORPUS, secrets=210, keyword=159, token=30, card=20, flagged=0),
    # blind (a dental practice, a vineyard's cellar door, a sailing club, scout leaders, a
    # plumber, a family with teenagers, a yoga studio, a village hall, a landlord and tenants, a
    # photography studio): 123 of 160 (76.9 %) on the session's start, 130 (81.2 %) after all
    # its merges; all tokens and cards; 2 of 200 flagged both times. Then studied (code words
    # said with no noun, Wi-Fi keys after a network's name, passwords under an account line,
    # chat and place codes, its false alarms' kinds).
    HoldoutFloor(HOLDOUT18_CORPUS, secrets=210, keyword=157, token=30, card=20, flagged=0),
    # blind (a bakery, a vet clinic, an amateur theatre, a LAN-party club, a removals firm, a
    # riding stables, a library's staff, a parcel driver, a nail bar, a retired couple): 139 of
    # 160 (86.9 %) on the session's start, 140 (87.5 %) after all its merges; all tokens and
    # cards; 4 of 200 flagged both times. Then studied, as hold-out 18.
    HoldoutFloor(HOLDOUT19_CORPUS, secrets=210, keyword=158, token=30, card=20, flagged=0),
    # blind (a recording studio, a funeral home, a volunteer fire station, an ice rink, an
    # architecture firm, a mosque's community association, a dance school, a scuba club, a
    # butcher's, an optician's): 143 of 160 (89.4 %) on the session's start and after all its
    # merges; all tokens and cards; 4 of 200 flagged both times. Then studied (security answers
    # after the asked question, codes changed because the old one leaked, in groups, dials in
    # words, sessions opened with a value, Wi-Fi keys spelt with their capitals; its false
    # alarms' kinds: job numbers, kit sizes, a share's path): none flagged. Then studied again
    # (a keypad's letter and numbers said whole, an answer "we put" or starting with its
    # article, a dial's numbers now): 159.
    HoldoutFloor(HOLDOUT20_CORPUS, secrets=210, keyword=159, token=30, card=20, flagged=0),
    # blind (a newsroom, a law firm, a food bank, a karaoke bar, a travelling circus, a
    # midwives' practice, a call centre, a cheese shop, a brass band, a pottery studio): 138 of
    # 160 (86.2 %) on the session's start and after all its merges; all tokens and cards; 2 of
    # 200 flagged both times. Then studied (verification words, a value one signs in with or a
    # password was reset to, a reply to a machine asking, a word said instead of paying; its
    # false alarms' kinds: everyone's own password, a thing's serial after its room). Then a
    # dial's numbers with em dashes before its turns: 148.
    HoldoutFloor(HOLDOUT21_CORPUS, secrets=210, keyword=149, token=30, card=20, flagged=0),
    # Hold-outs 22 to 25 were written blind by four new hands on the session of 2026-12-02
    # (the eleventh) and measured on its start (41ab458) and after all its merges, unread by its
    # builders; one card of hold-out 24 was read after the end measure (a 19-digit UnionPay
    # printed 6-13, now caught). Start -> end, keyword secrets of 160 (flagged of 200):
    # 22 (a lighthouse museum, a beekeeping cooperative, an escape room, an organ builder, a
    # rowing club, a youth hostel, a night pharmacy, a film archive, a tattoo studio, a florist):
    # 147 -> 150 (2 -> 2); then its 2 false alarms studied: a user name beside a withheld
    # password, a grid reference (2 -> 0).
    HoldoutFloor(HOLDOUT22_CORPUS, secrets=210, keyword=150, token=30, card=20, flagged=0),
    # 23 (a glass-blowing studio, a mountain refuge, a choir, a comic-book shop, a dialysis
    # unit, a language school, a boatyard, zoo keepers, a bowling alley, a delivery depot):
    # 150 -> 151 (3 -> 3); then its 3 false alarms studied: a firm named after a technician's
    # label, a ticket's number in a chat reply, a vehicle's record on a key cabinet (3 -> 0);
    # then an account's quoted question and its answer ("question « … » → Ginette"): 153; a
    # thing or a locked room changed to a code typed digit by digit ("changed the fuel pump
    # release to 7 7 2 1"): 155; a code then the keypad's green key ("6 2 4 9, puis bouton
    # vert"): 156; a login and its password quoted (« depot35 / Gazette&Matin-12 »): 157.
    HoldoutFloor(HOLDOUT23_CORPUS, secrets=210, keyword=157, token=30, card=20, flagged=0),
    # 24 (home-care nurses, a model railway club, a night porter, a bakery, a rugby club, a
    # bookshop, a recycling centre, a puppet theatre, a garage, a flat-share): 140 -> 141
    # (2 -> 2); cards 19 -> 20. Its two flagged (a waste register's EWC codes, EN and FR) are
    # a classification's public codes since (lookalikes.is_public_code): 2 -> 0. Its misses
    # read by kind since: a number asked about a lockbox or keys in a box, a cash tin's three
    # digits, a day in a chat's brackets, a French speaker's no-break space, a network's key
    # after a dash: 141 -> 147.
    HoldoutFloor(HOLDOUT24_CORPUS, secrets=210, keyword=147, token=30, card=20, flagged=0),
    # 25 (a parish office, a yoga studio, an electrician, a holiday home, a student radio, a
    # flower farm, a boxing gym, a translation agency, a school canteen, a vintage shop):
    # 133 -> 136 (0 -> 0). Its misses read by kind since: digits joined by a typographic dash
    # ("3-0-3-0" typed so, seven), a network's key after a dash, a password a drive "asks
    # for": 136 -> 145; a word after a login's password noun ("user wildacre, pass
    # ranunculus"): 145 -> 148.
    HoldoutFloor(HOLDOUT25_CORPUS, secrets=210, keyword=148, token=30, card=20, flagged=0),
)


@pytest.mark.parametrize("floor", HOLDOUT_FLOORS, ids=lambda floor: floor.corpus.stem)
def test_spent_holdout_levels_hold_as_a_floor(floor: HoldoutFloor) -> None:
    corpus = load_corpus(floor.corpus)
    assert sum(entry.family is not None for entry in corpus) == floor.secrets
    caught, flagged = caught_per_family(corpus)
    assert flagged <= floor.flagged
    assert caught["keyword"] >= floor.keyword
    assert caught["token"] >= floor.token
    assert caught["card"] >= floor.card


def test_second_dev_corpus_levels_hold() -> None:
    """Written before the window scoring to check it generalises: the guard caught 26 of its 61
    secrets and flagged 5 of its 62 hard negatives; the window's first version caught 53 (its
    misses were then studied, so this is no blind number). 'password is Tr0ub4dor&3 in the
    xkcd comic, a famous bad example', flagged until the guard read examples as such
    (lookalikes.is_given_as_an_example), passes now."""
    corpus = load_corpus(DEV2_CORPUS)
    positives = [entry for entry in corpus if entry.family is not None]
    negatives = [entry for entry in corpus if entry.family is None]
    assert (len(positives), len(negatives)) == (61, 62)
    assert sum(find_secret(entry.text) is not None for entry in positives) >= 59
    assert sum(find_secret(entry.text) is not None for entry in negatives) == 0


@pytest.mark.parametrize(
    ("text", "secret", "family"),
    [
        ("DATABASE_URL=postgres://app:Wq7zLr2p@db:5432/app", "Wq7zLr2p", "url-credentials"),
        ("cache at redis://:s3cretRedis@10.0.0.5:6379/0", "s3cretRedis", "url-credentials"),
        ("Authorization: Bearer 8f3b2c1d9e7a6f5b4c3d", "8f3b2c1d9e7a6f5b4c3d", "auth-header"),
        ("curl -u ludo:p4ssw0rd99 https://nas.home/api", "p4ssw0rd99", "auth-header"),
        ("le code de la porte est 4B12A", "4B12A", "keyword-value"),
        ("alarm code 4821", "4821", "keyword-value"),
        ("code d'entrée : 1984A", "1984A", "keyword-value"),
        ("mon mot de passe c'est Soleil2024", "Soleil2024", "keyword-value"),
        ("Router admin password\n  Xk92!pLm", "Xk92!pLm", "keyword-value"),
        ("clé WPA : Fr33b0x-Maison-92", "Fr33b0x-Maison-92", "keyword-value"),
    ],
)
def test_issue_9_kinds_are_caught_at_the_secret(text: str, secret: str, family: str) -> None:
    assert (family, secret) in [(f.family.value, text[f.start : f.end]) for f in find_secrets(text)]


def slug_text(path: str) -> str:
    """What the service scans of a note's path (issue 8): its slug, dashes read as spaces."""
    return path.rsplit("/", 1)[-1].removesuffix(".md").replace("-", " ")


@pytest.mark.parametrize(
    "path",
    [
        "meetings/meeting-2026-11-30.md",
        "projects/project-apollo-13.md",
        "notes/rfc-9728.md",
        "notes/pass-the-salt-please.md",
        "travel/room-101.md",
        "travel/bus-42.md",
        "work/iso-27001.md",
        "garden/pin-oak-tree.md",
        "work/code-review-2026.md",
        "home/alarm-0700.md",
        "home/digicode-installation-2026.md",
    ],
)
def test_slugs_that_are_not_secrets_pass(path: str) -> None:
    assert find_secret(slug_text(path)) is None


@pytest.mark.parametrize(
    ("path", "secret"),
    [
        ("journal/pin-4821-door-1984.md", "4821"),
        ("home/alarm-4821.md", "4821"),
        ("home/alarm-code-4821.md", "4821"),
        ("home/code-porte-1984a.md", "1984a"),
        ("home/digicode-4b12a.md", "4b12a"),
        ("home/wifi-key-hunter2hunter2.md", "hunter2hunter2"),
        ("money/4539148803436467.md", "4539148803436467"),
        ("money/card-4539-1488-0343-6467.md", "4539 1488 0343 6467"),
    ],
)
def test_slugs_holding_a_secret_are_caught(path: str, secret: str) -> None:
    text = slug_text(path)
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Gate keypad: 7391#", "7391"),
        ("Le code du portail a été changé : 3306*", "3306"),
        ("Interphone chez Paul : taper 14 puis le code 7731", "7731"),
        ("At the gate, press 3 then code 5842", "5842"),
        ("the password of dad's old PC in the office = Moustache77", "Moustache77"),
        ("Le mot de passe du wifi de la maison de vacances, c'est Mimosa2019", "Mimosa2019"),
        (
            "Passphrase for the backup disk\ngiraffe lantern orbit pickle",
            "giraffe lantern orbit pickle",
        ),
        ("GitHub recovery codes: a1b2c-d3e4f 9k8j7-h6g5f", "a1b2c-d3e4f"),
        ("2FA backup codes\n4830-2917\n7741-0385", "4830-2917"),
        ("Code for the Airbnb key safe: 4471", "4471"),
        ("Coffre-fort de l'hôtel à Lisbonne, code 8812", "8812"),
        ("cadenas du vélo : 0472", "0472"),
        ("TOTP seed JBSWY3DPEHPK3PXP", "JBSWY3DPEHPK3PXP"),
        ("Spotify: ludo.martin@gmail.com / Mus1que!", "Mus1que!"),
        ("identifiants box : admin / Orange1234", "Orange1234"),
        ("Code wifi : Maison2024!", "Maison2024!"),
        ("Chez Mamie, le code c'est 1234B", "1234B"),
        ("At Grandma's the code is 4821", "4821"),
        ("Casier 12, code 0413", "0413"),
        ("Disarm with 2580 then leave within 30 s", "2580"),
        ("WPA2 : MaisonBleue!2024", "MaisonBleue!2024"),
        ("| Wi-Fi password | Bluefox2024 |", "Bluefox2024"),
        ("Locker combination: 12 34 56", "12 34 56"),
        (
            "recovery key: 419122-350493-606551-158774-201960-083237",
            "419122-350493-606551-158774-201960-083237",
        ),
    ],
)
def test_keyword_family_kinds_of_issue_9_follow_up(text: str, secret: str) -> None:
    findings = find_secrets(text)
    assert secret in spanned(text, findings)
    assert {f.family for f in findings} == {SecretFamily.KEYWORD_VALUE}


@pytest.mark.parametrize(
    "text",
    [
        "Interphone : appuyer sur 14 pour appeler Paul",
        "recovery codes are single use, regenerate them in 2026",
        "keypad battery replaced on 2026-03-02",
        "Locker 1124 at the gym is mine",
        "the password for dad's old PC in the office is written in the blue notebook",
        "## Seed phrase\nNever type it on a computer",
        "api_key:\nmax_tokens=4096",
        "contact: ludo@mail.fr / 06 12 34 56 78",
        "git@github.com:ludo/notes.git",
        "Credentials: ask Ludo / see the vault",
        "identifiants : nom / prénom / date de naissance",
        "combination lock bought 12 03 2026",
        "Code wifi : demander à Ludo",
        "PSK mode is WPA2-Personal",
        "the error code is 5003",
        "the promo code is SAVE2024",
        "the code is 2000 lines long",
        "| Password policy | 12 chars |",
        "Alarm: disarm 0800-1800 on weekdays",
    ],
)
def test_hard_negatives_next_to_the_new_kinds_pass(text: str) -> None:
    assert find_secrets(text) == []


def test_fourteen_digit_diners_is_a_card_unless_its_line_says_siret() -> None:
    assert [f.rule for f in find_secrets("Diners Club 30569309025904")] == ["diners"]
    assert find_secrets("SIRET 36592921085605") == []
    assert find_secrets("siret du cabinet : 38579624637467") == []
    assert find_secrets("bon de commande 12345678901237") == []  # not a Diners prefix


def test_discord_bot_token_is_found_without_the_word_discord() -> None:
    token = FAKES["discord_bot"](random.Random(SEED))
    text = f"bot login: {token}"  # a key named before a colon too: the keyword family's
    tokens = [f for f in find_secrets(text) if f.family is SecretFamily.TOKEN_FORMAT]
    assert [(f.rule, text[f.start : f.end]) for f in tokens] == [("discord-bot-token", token)]
    not_an_id = "bot build MjAyNi0wMS0wMS1ub3QtYW4taWQ.abcdef.ghijklmnopqrstuvwxyzABCDEFGHIJ"
    assert find_secrets(not_an_id) == []


def test_square_access_token_is_found_by_its_prefix() -> None:
    token = FAKES["square_eaaa"](random.Random(SEED))
    text = f"la caisse du marché utilise {token} en production"
    assert [(f.rule, text[f.start : f.end]) for f in find_secrets(text)] == [
        ("square-access-token", token)
    ]


def test_a_derived_provider_rule_finds_its_token_mid_sentence() -> None:
    token = FAKES["digitalocean"](random.Random(SEED))
    text = f"the droplet API token {token} is in the Terraform vars"
    spans = [(f.family, f.rule, text[f.start : f.end]) for f in find_secrets(text)]
    assert (SecretFamily.TOKEN_FORMAT, "digitalocean-pat", token) in spans


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("rtsp://admin:M4ple#63@192.168.2.90:554/live", "M4ple#63"),
        ("amqp://guest:Me@d0w*377@rabbit.lan:5672/", "Me@d0w*377"),
        ("postgres://app:H4rb0r&372@db:5432/notes", "H4rb0r&372"),
        ("mysql -u root -pQx7?Lm2z homeassistant", "Qx7?Lm2z"),
        ("sshpass -p 'Pivert49%x' ssh pi@nas", "Pivert49%x"),
        ("docker login -u ana --password Lynx.gris88 registry.lan", "Lynx.gris88"),
    ],
)
def test_credentials_with_symbols_and_other_command_lines(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "mysql -u root -p homeassistant",
        "ssh -p 2222 pi@nas.lan",
        "docker login --password-stdin < token.txt",
        'sshpass -p "$NAS_PASS" rsync -a photos/ nas:/photos',
        "see https://wiki.lan/a:b@c and ana@mail.fr",
    ],
)
def test_command_lines_without_a_password_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Visa 4577 9848 09908 exp 04/28", "4577 9848 09908"),  # 13 digits, 4-4-5
        ("Discover 6011 1356 2478 3823 11/26", "6011 1356 2478 3823"),  # expiry glued on
        ("4111 1111 1111 1111 123", "4111 1111 1111 1111"),  # CVV glued on
        # a 19-digit UnionPay printed as its issuer's six digits and the rest, named or not
        ("courses communes : 621483 5260181590839 (exp 09/29)", "621483 5260181590839"),
        (
            "Jun's card for the shared shopping, far down the note: 625812 0166131860910",
            "625812 0166131860910",
        ),
    ],
)
def test_card_groupings_and_what_follows_them(text: str, secret: str) -> None:
    assert spanned(text, find_secrets(text)) == [secret]


def test_a_client_number_that_starts_like_a_card_is_not_cut_into_one() -> None:
    assert find_secrets("numéro de client 4556 7375 8689 9855 12 à rappeler") == []


@pytest.mark.parametrize(
    "text",
    [
        "Colis n° 621483 5260181590838 en attente au relais",  # fails Luhn
        "Référence dossier 123456 5260181590839",  # no issuer starts so
        "Order 621483 52601815908 shipped",  # 6-11: no card is printed so
    ],
)
def test_six_then_thirteen_digits_that_no_card_holds_pass(text: str) -> None:
    assert find_secrets(text) == []


def test_every_prefix_a_provider_rule_spells_out_is_indexed() -> None:
    """shp(?:at|ca|pa|ss)_ was indexed at shpat_ only: shpss_ tokens went unseen."""
    assert leading_keys(r"shp(?:at|ca|pa|ss)_[a-f0-9]{32}") == {
        "shpat_",
        "shpca_",
        "shppa_",
        "shpss_",
    }
    rng = random.Random(SEED)
    for fake in ("shopify_shared", "buildkite_agent", "heroku", "cloudflare_origin"):
        token = FAKES[fake](rng)
        assert token in spanned(
            f"deploy with {token} today", find_secrets(f"deploy with {token} today")
        )


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("nouveau mot de passe du NAS = Sam.nuage12, l'ancien ne marche plus", "Sam.nuage12"),
        ("mdp box internet nutmeg88?Pepper", "nutmeg88?Pepper"),
        ("router password changed to Citr0n*522 on Sunday", "Citr0n*522"),
        ("Le mot de passe de l'ordi, celui du grenier, c'est biscuit89!Loulou", "biscuit89!Loulou"),
        ("phrase de passe : « tiger.papillon.maple.walrus »", "tiger.papillon.maple.walrus"),
        (
            "KeePass master passphrase — copper-pivoine-baleine-maple",
            "copper-pivoine-baleine-maple",
        ),
        ("passphrase for the backup disk\ncorrect-staple-lantern-92", "correct-staple-lantern-92"),
        ("iPad screen time passcode 3074", "3074"),
        ("Wi-Fi: Livebox-B2346  key yJwC7IZh9dStnaVEADc", "yJwC7IZh9dStnaVEADc"),
        ("Clé de sécurité réseau (wifi salon)\n2fAcO7DU45PkCp75", "2fAcO7DU45PkCp75"),
        ("clé TOTP du compte impots.gouv : 7btf eevf x52f ovkr", "7btf eevf x52f ovkr"),
        ("NAS admin / KXPDZpAemm1za7", "KXPDZpAemm1za7"),
        ("export PGPASSWORD=Marmot77x && pg_dump ha", "Marmot77x"),
        (
            "seed: abandon ladder pilot orbit canyon velvet harbor tunnel maple frost ember quiet",
            "abandon ladder pilot orbit canyon velvet harbor tunnel maple frost ember quiet",
        ),
        ("boîte aux lettres : code 864", "864"),
        ("The safe in the hotel room: 592174", "592174"),
        ("casier piscine n°42 code 5983", "5983"),
        (
            "Bitwarden recovery code: eVMKxBi8p0gWaesv5NKTHbgjD8XNCWJX",
            "eVMKxBi8p0gWaesv5NKTHbgjD8XNCWJX",
        ),
        ("code de l'appli bancaire : 482913", "482913"),
        ("Pour l'alarme, taper 9034 puis OFF", "9034"),
    ],
)
def test_keyword_forms_the_second_holdout_missed_generalised(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "password = config.db.password",
        "passphrase: pick four random words, never reuse it",
        "the router password is printed under the box, model TG-789vac",
        "the password for my iPhone15 is in Bitwarden",
        "api key for gpt4o-mini is in the vault",
        "primary key: user_id, sort key: created_at",
        "public key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq ludo@mac",
        "clé USB : SanDisk Ultra 64Go",
        "Example key from the AWS docs: AKIAIOSFODNN7EXAMPLE",
        "random seed = 20241107",
        "(seed bug: a reply cut at 80 characters made a correct write look broken)",
        "Seed: tomatoes basil carrots onions leeks beans",
        "PASSWORD_MIN_LENGTH=12",
        "code postal : 69007",
        "discount code: SPRING24",
        "Door: 2026 model from Hörmann",
        "Gate: opens at 0730 on weekdays",
        "admin / users / groups: three tabs in the settings page",
        "Remember to ask Bob for the alarm code when he gets back.\n1234 5678",
    ],
)
def test_hard_negatives_beside_the_generalised_forms_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Tigre42!Rouge is the Netflix password now", "Tigre42!Rouge"),
        ("Soleil#2031, c'est le mot de passe de la box", "Soleil#2031"),
        ("use Ph03nix-Ash as the password for the guest account", "Ph03nix-Ash"),
        ("4821 is the alarm code", "4821"),
        ("1984A, c'est le code du portail", "1984A"),
        ("<password>Rx8!mW2q</password>", "Rx8!mW2q"),
        ("SMTP app password: abcd efgh ijkl mnop", "abcd efgh ijkl mnop"),
        ("Gmail app password\nqwer tyui asdf zxcv", "qwer tyui asdf zxcv"),
        ("le coffre s'ouvre avec 61942", "61942"),
        ("appli banque : code perso 734912", "734912"),
        ("le mdp du compte Free c'est toujours Marmotte2016", "Marmotte2016"),
        ("🔑 wifi : CafeCrème_2023", "CafeCrème_2023"),
        ("psw for the old Gmail: Kiwi*Lemon*7", "Kiwi*Lemon*7"),
        ("accès au NAS : ludo / Falaise_Etretat_76", "Falaise_Etretat_76"),
        ("Pour ouvrir le portillon du jardin : 4417", "4417"),
        ("CB : 4970.1012.3456.7893", "4970.1012.3456.7893"),
    ],
)
def test_forms_found_while_probing_in_new_wording(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "mqtt://user:<password>@broker.local:1883",
        "2024 alarm code changes are in the HOA letter",
        "iPhone15 is the phone whose password I forgot",
        "SMTP app password: ask Marc, it is in his vault",
        "key safe by the back door, it opens with the usual code",
        "réseau wifi : Livebox-7F2A, canal 11",
        "IMG_20240612_Vacances_Plage_Biarritz_Soleil.jpg",
        "npm integrity sha512-Gm5ManizGah7sbhGR0NEJ6FIFyLeEhOqxEw0J4j1f6KlU6Y/OIF1gCcnLf==",
        "Drive link https://drive.google.com/file/d/1Zx8Yq_Lm3Nv7Pq2Rs4Tu6Vw8Xy0AbCdE/view",
        "version 2024.11.3 on 192.168.1.20",
    ],
)
def test_hard_negatives_beside_the_probed_forms_pass(text: str) -> None:
    assert find_secrets(text) == []


def test_a_token_from_a_provider_no_rule_knows_is_found_by_its_shape() -> None:
    rng = random.Random(SEED)
    token = "acme_live_" + FAKES["b62_40"](rng)
    text = f"deploy with {token} on Friday"
    assert [(f.rule, text[f.start : f.end]) for f in find_secrets(text)] == [
        ("generic-prefixed-token", token)
    ]


@pytest.mark.parametrize(
    "fake", ["atlassian", "google_access", "deepseek", "azure_ad", "gitlab_trigger"]
)
def test_provider_formats_added_in_this_round(fake: str) -> None:
    token = FAKES[fake](random.Random(SEED))
    text = f"it uses {token} in production"
    findings = find_secrets(text)
    assert token in spanned(text, findings)
    assert {f.family for f in findings} == {SecretFamily.TOKEN_FORMAT}


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("carte : 4970\u202f1012\u202f3456\u202f7893", "4970\u202f1012\u202f3456\u202f7893"),
        ("Code: 4821", "4821"),
        ("phone unlock code 9364", "9364"),
        ("code de sécurité au dos : 517", "517"),
        (
            "recovery words: orbit velvet maple canyon frost ember",
            "orbit velvet maple canyon frost ember",
        ),
        ("TOTP: JBSWY3DPEHPK3PXP", "JBSWY3DPEHPK3PXP"),
        (
            "[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=",
            "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=",
        ),
        ("OpenWeather: 3b9f1c2d8e7a6b5c4d3e2f1a0b9c8d7e", "3b9f1c2d8e7a6b5c4d3e2f1a0b9c8d7e"),
        ("Pour le Wi-Fi : réseau « LesTilleuls », clé : tilleul-ete-2019", "tilleul-ete-2019"),
        ("Code de l'alarme de la maison de Bretagne : 19 86", "19 86"),
        ("my password? it's Penguin_Party_99", "Penguin_Party_99"),
        ("mot de passe : celui du chien + 77, donc Rex77Rex", "Rex77Rex"),
    ],
)
def test_forms_found_in_the_later_probes(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Locker: 118 (the one by the window)",
        "Alarm: 0645 weekdays",
        "Coffre : 420 litres, suffisant pour les valises",
        "la combinaison de ski taille 152 pour Léo",
        "I changed my password after the LinkedIn2012 leak",
        "backup code review on Thursday at 1400",
        "TOTP code: 492011 (expired already)",
        "Code: 404 when the token expired",
        "model: Xiaomi-Mi-Robot-Vacuum-S10Plus",
        "donations: 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
        "Commit: c23e14055456c1f0c6bc55066527a1760aee1498",
        "use a long passphrase as the password for the vault\nthe lockbox holds 2 keys and 1 fob",
        "key: G major, capo on fret 2",
        "PASSWORD_FILE=/run/secrets/db_password",
    ],
)
def test_hard_negatives_of_the_later_probes_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Grafana admin creds admin:Gr@fana2024", "Gr@fana2024"),
        ("connexion Proxmox root@pam / Pr0xm0x!Home", "Pr0xm0x!Home"),
        ("the unlock pattern is 1-5-9-6-3 (the Z shape)", "1-5-9-6-3"),
        ("code parental de la télé : 1962", "1962"),
        ("réponse secrète : Minou1999", "Minou1999"),
        ("Le code du local vélos est le 1793", "1793"),
        ("badge perdu, en attendant le code de la grille est 6B29", "6B29"),
        ("Wifi chez Mamie → Bbox-4D2E, clé 7A3C9E2F1B8D", "7A3C9E2F1B8D"),
    ],
)
def test_forms_found_in_the_last_probes(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Identifiant de la clé d'API : key-7f3a",
        "identifiant de l'appareil dans HA : 5837c263-0079-4fba-be3c-510da13a3821",
        "code de la carte : ne jamais l'écrire ici\n1984 is the book we read for the club",
        "Le code du local vélos est affiché dans le hall",
        "the unlock pattern is an L shape",
    ],
)
def test_hard_negatives_of_the_last_probes_pass(text: str) -> None:
    assert find_secrets(text) == []


def test_a_code_on_the_next_line_needs_a_line_that_ends_with_its_context() -> None:
    assert find_secrets("Code PIN : non défini\n1234 5678 9012 3456") == []
    text = "Codes de récupération Microsoft :\nQ7RT-9XWZ-3KLM-8PNB"
    assert spanned(text, find_secrets(text)) == ["Q7RT-9XWZ-3KLM-8PNB"]


def test_an_abbreviation_does_not_end_the_sentence_a_password_is_in() -> None:
    text = "If I forget: the laptop password is my initials + 1987 + !, i.e. LMD1987!"
    assert "LMD1987!" in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("- mdp : **Chaton#2021**", "Chaton#2021"),
        ("bike lock: 0-3-1-9", "0-3-1-9"),
        ("pour la box 4G, le code wifi est inscrit ici : 6QZ2M8KD", "6QZ2M8KD"),
    ],
)
def test_values_in_markdown_after_a_lock_or_after_a_later_colon(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        '    parser.add_argument("--seed", type=int, default=20261129)',
        "        found.sort(key=lambda item: (-item[0][0], item[1]))",
        '    icons = json.loads((ROOT / "icons.json").read_text("utf-8"))',
    ],
)
def test_code_pasted_into_a_note_is_not_a_secret(text: str) -> None:
    """Found by scanning the repository's own sources with this round's rules."""
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("garage NAS password: Tq8Wm.z3XrPa", "Tq8Wm.z3XrPa"),
        ("export MYSQL_PWD=R7vn2.QkLpHw", "R7vn2.QkLpHw"),
        (
            "boathouse WPA key dormiflax-quentrobe-palvisten-ormund",
            "dormiflax-quentrobe-palvisten-ormund",
        ),
        ("la clé wifi du gîte c'est brovelin-tassoumi-kerdaflo", "brovelin-tassoumi-kerdaflo"),
        ("I switched the bank password over to lantern.cobalt81 yesterday", "lantern.cobalt81"),
        ("mot de passe de la box modifié en falaise.hibou2024", "falaise.hibou2024"),
        ("podman login -u deploy -p Kiwi&Mango77 quay.io", "Kiwi&Mango77"),
        ("Dropbox backup codes (print them!) 8f2a1-c93d0 71be4-0af29", "8f2a1-c93d0"),
        (
            "Password for the old Yahoo account we made for the kids and never changed: Fr0g9x",
            "Fr0g9x",
        ),
    ],
)
def test_value_shapes_unseen_phrasing_missed_are_caught(text: str, secret: str) -> None:
    """Hold-out 3 showed these shapes missed: a dotted random value read as code, made-up words
    joined, words joined then a number, a login command's -p, a remark in brackets before
    backup codes, a long label naming an account that was never changed."""
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "password = settings.DB_PASSWORD",
        "secret: app.config.SecretKey",
        "the wifi password is case-sensitive",
        "le mot de passe wifi est au-dessus-du-frigo",
        "password changed after the breach, see report.final2 for details",
        "docker run -u 1000 -p 8080:80 nginx",
        "mysql -u root -p shopdb < dump.sql",
        "API_KEY=your-api-key-here",
        "mot de passe : votre-mot-de-passe-ici",
        "DB_PASSWORD=replace-with-real-password",
        "Password last changed: 2024-03-12",
        "code Wi-Fi invité affiché dans l'entrée\n1234 5678 9012 3456",
    ],
)
def test_value_shapes_beside_them_are_not_secrets(text: str) -> None:
    """Code, words joined as prose joins them, ports, databases, templates, dates, and a line
    that says where the key is shown, followed by something else."""
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Infirmière : code de la salle de pharmacie 7463*", "7463"),
        ("code for the staff room upstairs 3902", "3902"),
        ("Le code pour la buanderie 6604 depuis lundi", "6604"),
    ],
)
def test_code_of_a_named_place_is_caught(text: str, code: str) -> None:
    """A code of any place named in a few words, not only of a door, gate or safe."""
    assert code in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "code de la consommation page 1245",
        "code for the migration 2000 lines long",
        "code du client 45821 dans la facture",
        "code of practice 2019 edition",
    ],
)
def test_code_of_a_text_a_client_or_a_year_is_not_a_secret(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "The key for the upstairs router is tangerine-octopus-lamp-91",
            "tangerine-octopus-lamp-91",
        ),
        ("The password is literally 'password123'", "password123"),
        ("le mot de passe est actuellement Rivière42", "Rivière42"),
        ("j'ai mis 'Raclette2024!' comme mot de passe", "Raclette2024!"),
        ("password was changed from Abricot12 to Abricot13", "Abricot12"),
        ("Her password? Probably still Kitty2015.", "Kitty2015"),
        ("Password reset done — new one is Kj8#mPq2Zx", "Kj8#mPq2Zx"),
    ],
)
def test_values_said_in_unseen_phrasing_are_caught(text: str, secret: str) -> None:
    """Words then a number after a dash; any adverb after 'is'; the keyword ending the note;
    a word then a number after 'to', 'from', 'still'; a new value after 'reset' or 'changed'."""
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Wi-Fi name: Bouygues-5G-Ludo, la clé est sur la box",
        "the secret sauce is mayo-ketchup-mustard-relish",
        "I moved the password vault to the Windows11 laptop",
        "the password is really long",
        "changed my password yesterday, finally",
        "Password last changed: 2024-03-12, reset by IT",
    ],
)
def test_names_secret_things_and_dates_in_that_phrasing_are_not_secrets(text: str) -> None:
    """A network's name said before 'clé', a secret recipe, a laptop's name after a
    determiner, an adverb then a word, a change with no value."""
    assert find_secret(text) is None


# Training corpus O's keyword kinds: a made value said before its noun when the sentence ends
# on the noun, a PIN read out in two pairs, a login said after "c'est" or "it's" with its
# password after a slash.


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Papa, j'ai mis Bergere1780! comme mot de passe. Change-le si tu veux.", "Bergere1780!"),
        ("I set Quokka-Jam22 as the password. Delete this after.", "Quokka-Jam22"),
        ("Marta chose Pivoine#1984 as the wifi password!", "Pivoine#1984"),
        ("Tom set Sextant#77 as his password. Don't tell him I wrote it here.", "Sextant#77"),
        ("Bergamote29! sera le mot de passe. Bisous", "Bergamote29!"),
        ("On a pris Crampon-Ski42 comme mot de passe; il est sur le planning.", "Crampon-Ski42"),
        ("Orion-Nebula7 is the new club password. See you Friday", "Orion-Nebula7"),
    ],
)
def test_a_value_said_before_its_noun_ending_a_sentence_is_caught(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "I forgot my password. Reset it with the 2FA app.",
        "Order ORD-2291X confirmed, change your password. Thanks",
        "Version 3.8.2 forces a new password. OK",
        "Windows11 asks for a PIN. Fine",
        "Netflix2024 needs a new password. Ugh",
        "Ticket INC-20931 for the password reset. Done",
        "Flight BA2490 in the password? No.",
        "Room B214 for the password workshop. Bring a laptop.",
        "Bus 42A for the password talk. See you there",
        "Evitez Soleil2024! comme mot de passe. Trop facile.",
        "Use something like Correct-Horse-7 as a password. It's just an example.",
        "Buy a YubiKey5 for the password.",
        "Ask Kev4Boats for the password.",
        "Jo-Ann_72 has the password.",
        "Install Authy-Desktop2 for the PIN.",
    ],
)
def test_a_name_a_reference_or_an_example_before_a_password_noun_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Derek, the new online banking PIN is 70 44 and the customer number is on the "
            "chequebook.",
            "70 44",
        ),
        ("my debit card PIN is 19 84, don't tell anyone", "19 84"),
        ("PIN: 04 71", "04 71"),
        ("new SIM, the PIN is 38 06 and the PUK is in the drawer", "38 06"),
        ("Nouveau PIN de la carte du club : 52 07, à mémoriser", "52 07"),
        ("le PIN est 61 29 maintenant", "61 29"),
    ],
)
def test_a_pin_read_out_in_two_pairs_is_caught(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "PIN 12 34 56 78",
        "PIN expires in 30 60 days",
        "the PIN pad is 12 34 mm wide",
        "PIN reset at 10 30 tomorrow",
        "PIN 10 20 times wrong",
        "PIN 70 44€",
        "PIN valid 12 24 months",
        "PIN letter arrived, call 01 23 45 67 89 to activate",
        "PIN sent by post on 12 03 with the card",
        "the PIN is on page 12 of the welcome pack",
    ],
)
def test_a_phone_a_time_a_measure_or_a_count_after_pin_passes(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Pour le menu maintenance c'est technicien / Brosse-Haute-3.", "Brosse-Haute-3"),
        ("For the maintenance menu it's engineer / Brush-High-3", "Brush-High-3"),
        ("le compte de la caisse c'est gerant / Lavage2024!", "Lavage2024!"),
        ("l'interface du portique c'est operateur / Mousse-Bleue-7", "Mousse-Bleue-7"),
        ("the back office account is manager / Sponge-Red-41", "Sponge-Red-41"),
        ("service menu on the HMI is engineer / Pump-Room-88", "Pump-Room-88"),
        ("the shop account is jo.smith / Velo-Rouge-88", "Velo-Rouge-88"),
    ],
)
def test_a_login_said_after_its_menu_or_account_then_a_password_is_caught(
    text: str, secret: str
) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "the score is Rui / 6-4 6-2",
        "the menu is soup / Chicken-Curry-2",
        "le menu du jour c'est entrée / Plat-Dessert-15",
        "the file is docs / Report-Final-3.pdf",
        "the admin console is v3 / Build-2291a",
        "for the maintenance menu it's engineer / the usual one",
        "le compte de la caisse c'est gerant / demande à Dmitri",
    ],
)
def test_two_things_side_by_side_after_is_pass(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("root:Tartiflette74 on the pi", "Tartiflette74"),
        ("admin:Rh0ub@rb for the grafana on the pi", "Rh0ub@rb"),
        (
            "Bitwarden master password (do NOT lose): Girafe Violette Sous La Pluie 2019",
            "Girafe Violette Sous La Pluie 2019",
        ),
    ],
)
def test_usual_login_joined_to_its_password_and_title_case_passphrases_are_caught(
    text: str, secret: str
) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "root:x:0:0:root:/root:/bin/bash",
        "chroot: /srv/jail",
        "ha:2024.11.3",
        "Password: Same As Netflix",
        "Mot de passe : Voir Le Carnet Rouge",
    ],
)
def test_passwd_lines_versions_and_capitalised_hints_are_not_secrets(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "password changed to match the new policy-rules-2024 document",
        "password: see-the-notebook",
        "mot de passe : demande-le-à-papa",
        "Password: Ask Marc For It 2",
    ],
)
def test_hints_and_named_documents_are_not_secrets(text: str) -> None:
    """A value that sends the reader elsewhere, or names a policy, is not the password."""
    assert find_secret(text) is None


def test_grouped_key_still_needs_digits_in_its_groups() -> None:
    text = "Windows key VK7JG-NPHTM-C97JM-9MPGT-3V66T on the sticker"
    assert "VK7JG-NPHTM-C97JM-9MPGT-3V66T" in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("mon mdp habituel, Chocolat77, marche aussi sur le NAS", "Chocolat77"),
        ("my password, Kitty2015, still works on the old iPad", "Kitty2015"),
    ],
)
def test_a_password_between_commas_after_its_keyword_is_caught(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


def test_a_name_after_a_comma_and_more_words_is_not_a_password() -> None:
    assert find_secret("passwords, tokens, Windows10 licences: all in the vault") is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('psk="velo rouge sous la pluie"', "velo rouge sous la pluie"),
        ("Pass phrase for GPG: lundi mardi fromage bicyclette", "lundi mardi fromage bicyclette"),
        ("htpasswd -b /etc/nginx/.htpasswd ludo Biquette!29", "Biquette!29"),
        ("net user invite Mouette2023 /add", "Mouette2023"),
        ("smbclient //nas/photos -U ludo%Crevette77", "Crevette77"),
    ],
)
def test_quoted_passphrases_and_password_arguments_are_caught(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the NAS password is literally 'gooseberry' haha", "gooseberry"),
        ('Shared Spotify: the password is simply "porridge oats"', "porridge oats"),
        ("le mot de passe de l'ordi du bureau est juste « tartiflette »", "tartiflette"),
        ("le mdp du portail est littéralement « bonjour123 », à changer", "bonjour123"),
        ("the kiosk password is actually 'hazelnut' now", "hazelnut"),
    ],
)
def test_a_password_after_a_filler_word_is_caught(text: str, secret: str) -> None:
    """ "is literally", "is just", "est juste": a filler between the link and the value."""
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "the NAS password is literally the worst, I keep forgetting it",
        "the password is just the dog's name, ask Mum",
        "le mot de passe est juste trop long à taper",
        "the password is actually on the sticker under the router",
        "the password is simply too short for the bank's rules",
    ],
)
def test_a_filler_word_before_no_password_passes(text: str) -> None:
    assert find_secret(text) is None, find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        'password = "the one on the fridge"',
        'psk="ask papa for it please"',
        'password: "never write it down here"',
        "net user ludo /delete",
        "smbclient -L //nas -U ludo",
        "htpasswd -c .htpasswd ludo",
    ],
)
def test_quoted_prose_and_commands_without_a_password_are_not_secrets(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Key takeaways: ship-it-friday-2024 went well",
        "the secret ingredient is Nutella-Banane-2024 style crêpes",
        "The wifi is called Chez-Ludo-Et-Lea-2024",
        "mot de passe du wifi : demander à l'accueil (Hôtel-des-Pins-2023)",
        "the code of the project 20461 in Jira",
        "PGPASSWORD: ${PGPASSWORD:-postgres}",
    ],
)
def test_adjectives_names_referrals_and_defaults_are_not_secrets(text: str) -> None:
    """'key' and 'secret' before a lower-case noun are adjectives; a name follows 'called'; a
    referral ends the search for a value; a project's code; a shell default inside ${…}."""
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("secret partagé : 9c1e-44fa-b2", "9c1e-44fa-b2"),
        ("key (Mistral): Xk29LmQp7Rt2Vw8Yz", "Xk29LmQp7Rt2Vw8Yz"),
        ("client secret for the app: 9Hk2Lm8QzPrT4vW", "9Hk2Lm8QzPrT4vW"),
    ],
)
def test_key_and_secret_still_name_credentials(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


def test_a_networks_key_may_be_joined_words() -> None:
    text = "the guest network key is sunflower-meadow-river-stone"
    assert "sunflower-meadow-river-stone" in spanned(text, find_secrets(text))
    assert find_secret("the house key is under-the-flower-pot") is None
    assert find_secret("the network key is printed-under-the-router") is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Pour se connecter au portail de l'école, le mot de passe de Léo est dinosaure.vert7",
            "dinosaure.vert7",
        ),
        ("Le mot de passe, pour info, c'est Galipette_2017", "Galipette_2017"),
        (
            "Mot de passe oublié réinitialisé, le nouveau c'est Castor!Riviere21",
            "Castor!Riviere21",
        ),
        ("Il faut taper 4512 puis valider pour ouvrir la porte du garage", "4512"),
    ],
)
def test_french_phrasing_of_a_sixth_probe_is_caught(text: str, secret: str) -> None:
    """Dotted words then a number in prose; a word, '_' and a number after an aside; a new
    value after 'oublié'; a number pressed, then what it opens."""
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "password = self.item2",
        "enter 2024 to unlock the archive year",
        "press 1200 to open the menu",
        "Le mot de passe, pour info, est dans Bitwarden_2024",
    ],
)
def test_attributes_years_times_and_vault_names_are_not_secrets(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("note: dropbox pass changed again -> Hazelnut!Crunch5", "Hazelnut!Crunch5"),
        ("apple id pwd... Kiwi.Mango.Guava.3", "Kiwi.Mango.Guava.3"),
    ],
)
def test_a_changed_password_and_an_ellipsis_before_it_are_caught(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    ["password... anyway, see you tomorrow", "password reset -> done", "token limit -> 4096"],
)
def test_an_ellipsis_or_a_change_with_no_value_is_not_a_secret(text: str) -> None:
    assert find_secret(text) is None


def test_a_network_name_with_its_band_is_not_a_key() -> None:
    assert find_secret("Wi-Fi: Bbox-7F2A91 (2.4 GHz) / Bbox-7F2A91-5G") is None
    text = "wifi: Bbox-7F2A91-5G / Xk29LmQp7Rt2"
    assert "Xk29LmQp7Rt2" in spanned(text, find_secrets(text))


def test_a_yaml_tag_before_the_value_is_skipped() -> None:
    text = "password: !!str 4815162342"
    assert spanned(text, find_secrets(text)) == ["4815162342"]
    assert find_secret("password: !!str") is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("To get into Mum's building: 2741B on the panel, then the lift", "2741B"),
        ("For the bike room downstairs punch in 3690", "3690"),
        ("Visitors dial 115 then code 6022 at the gate", "6022"),
        ("Code secret de la CB de papa, pour les courses : 1962", "1962"),
        ("Coffre de l'hôtel, chambre 214 : 4471", "4471"),
    ],
)
def test_household_codes_of_a_ninth_probe_are_caught(text: str, code: str) -> None:
    """A building entered before a colon; any thing before a press verb; 'code N at the gate';
    a long label; a comma inside a thing's label."""
    assert code in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Building: 1200 m² of offices, built in 1987",
        "Immeuble : 2450 habitants selon la mairie",
        "the bike shop said to enter 2024 as the model year",
        "code 4040 for the error page",
    ],
)
def test_sizes_counts_and_years_beside_those_codes_are_not_secrets(text: str) -> None:
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "phone support: dial 3900 then press 2 for billing",
        "on the card reader enter 1500 for 15 €",
        "security desk: dial 2200 from any office phone",
    ],
)
def test_numbers_dialled_on_phones_and_card_readers_are_not_codes(text: str) -> None:
    """A press verb after a thing that locks (door, gate, safe, a room) announces a code; after
    a phone, a card reader or a desk it announces a number to call or an amount."""
    assert find_secret(text) is None


@pytest.mark.parametrize(
    "text", ["chown admin:staff2024 report.pdf", "password: changeme123", 'key = "REPLACE_ME"']
)
def test_owners_and_numbered_placeholders_are_not_secrets(text: str) -> None:
    assert find_secret(text) is None


def test_a_keyword_closing_a_bracket_is_followed_by_its_value() -> None:
    text = "pw for dad's laptop (Windows hello PIN) 908172"
    assert "908172" in spanned(text, find_secrets(text))
    assert find_secret("(see password) for details") is None


# --- the window around a secret noun (window.py) ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Tu as le mot de passe du Plex ? Oui, Bq8wKt3Zx", "Bq8wKt3Zx"),
        ("Le code du local vélos ? Bien sûr, 6618", "6618"),
        ("What's the PIN of the old SIM? I think 4432", "4432"),
        ("| Site | User | Pwd |\n|--|--|--|\n| Ameli | ludo | Kc7wQm2Xz |", "Kc7wQm2Xz"),
        ("| Pièce | Code |\n|---|---|\n| Cave | 3381 |", "3381"),
        ("Feed the cat, the back door is locked (code 7719)", "7719"),
        (
            "the password for the streaming account my brother shares with his flatmates and"
            " their cousin from Nantes who never pays is Jt6wRq2Xm",
            "Jt6wRq2Xm",
        ),
        ("Hp4!wQz9Lt <= Freebox admin password", "Hp4!wQz9Lt"),
        ("Rotated it yesterday, now it's Nq7xP2wLz8", "Nq7xP2wLz8"),
        ("J'ai mis le mot de passe de la box à caramel-hibou-sapin", "caramel-hibou-sapin"),
        ("Wifi of the cottage, key\nmaple-otter-lantern-river", "maple-otter-lantern-river"),
        ("Teams meeting passcode for the board review Xq4Tz9", "Xq4Tz9"),
        ("the new passphrase is orange kettle tundra ribbon", "orange kettle tundra ribbon"),
        ("set the disk passphrase to walnut harbour velvet crane", "walnut harbour velvet crane"),
        (
            "la passphrase du disque devient citron ardoise violon marée",
            "citron ardoise violon marée",
        ),
        ("redis-cli -h cache.lan -a Tz7pQw3Km9", "Tz7pQw3Km9"),
        ("Alarme du garage : marche 1990, arrêt 4418", "4418"),
    ],
)
def test_a_value_anywhere_in_a_secret_nouns_window_is_caught(text: str, secret: str) -> None:
    """A value after a question, in a table's column, in brackets, after a long label, before
    an arrow, after 'now it's' with no noun, joined words after a password or a network's key,
    a passcode with letters, a spaced passphrase, redis-cli -a, the second number of an alarm."""
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "SMTP_PASSWORD=${SMTP_PASSWORD:?set it in .env}",
        # advice about passphrases, sent to someone: a destination, no value
        "DIT note: never put drive passphrases in the report, send them to post by text message.",
        "Keep vault passphrases out of tickets, pass them to the admin over signal chat.",
        "Rotate backup passphrases yearly and hand them to the owner in sealed envelopes.",
        "Ne mettez jamais les passphrases dans le ticket, envoyez-les à la régie par message.",
        "never email the disk passphrase, give it to the producer in person on set",
        'password: "{{ secrets.NAS_PASSWORD }}"',
        "Le mot de passe de la box ? Il est écrit sous la box.",
        "Do you have the PIN? No, call the bank on 01 23 45 67 89.",
        "| Password manager | Version |\n|---|---|\n| KeePassXC | 2.7.9 |",
        "| Lock | Where |\n|---|---|\n| Padlock | Shed door |",
        "code 2048 is a tile in that game",
        "Key of the song: F#m, capo 2",
        "I moved the passwords to KeePassXC2 last week",
        "the password policy says 12 characters, rotated every 90 days",
        "Commande n° 559013 : cadenas à code livré le 14/06",
        "docker run --user app:staff99 nginx",
        "SECRET_KEY = get_random_secret_key()",
        "Changed the router to an Archer AX55 last spring",
        "error code 0x80070005 after the password reset",
        "Password changed on 2025-03-14 at 18:30",
        "the secret ingredient is butter-sugar-vanilla-cream",
        "passphrase: at least four random words, never a sentence",
        "sha256 of the backup: 9f2c4e1a7b3d5f60c8e2a4b6d8f0a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5",
        "MD5 de l'image : 0c4a9e7f21d35b8a6e0f7c2d94b1a3e5",
        "Clé publique à mettre dans authorized_keys : ssh-ed25519 "
        "AAAAC3NzaC1lZDI1NTE5AAAAIHq8mZ2vX0pL7cR4tW9yB3nF6kD1sG5hJ8aQ2eV0uT4 paul@nas",
    ],
)
def test_prose_placeholders_and_numbers_around_secret_nouns_are_not_secrets(text: str) -> None:
    """The window closes at placeholders and at words that describe or locate the secret; a
    version, a phone number, a date, a product name or a program's code is no value."""
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("value", "made_up"),
    [
        ("Vq8rT2mXwe", True),
        ("kP3n!Zr77q", True),
        ("3f9a7c1e5b2d8f4a6c0e", True),
        ("iPhone15", False),
        ("Pixel8a", False),
        ("KeePassXC", False),
        ("Livebox-7F2A", False),
        ("AX3000", False),
        ("2025-03-14", False),
        ("Bonjour", False),
    ],
)
def test_secrecy_scores_made_up_values_above_names_and_numbers(value: str, made_up: bool) -> None:
    assert (secrecy(value) >= 2) is made_up


# A probe written after the window scoring and before looking at what it catches, measured
# once: 27/30 secrets caught (the guard before the window: 24/30), 0/30 hard negatives flagged.
# Its three misses were then studied ("mon casier ferme avec 3-9-27", an account's password
# said with "uses" or "login is"), so these now guard against regressions only.
PROBE_SECRETS = [
    "pour la salle de sport, mon casier ferme avec 3-9-27",
    "Remember: the shed's combination lock is set to 0815",
    "the Plex account, if anyone asks, uses Lm5#qTz8Rw",
    "mdp du compte EDF (celui de maman, pas le mien) → Fh7kQw2Zp",
    "Guest wifi for the party tonight: network Maison, password Rq9tLw4Xz",
    "J'ai enfin changé le code du portail, maintenant c'est 7734",
    "Hey, what's our Disney+ password again? Oh right: Dz6!pWq3Lm",
    "Code porte immeuble de Julie (bâtiment B) : 2496A",
    "| Compte | Mot de passe |\n|---|---|\n| Netflix | Wq2zKp9Tx4 |",
    "set the NAS admin password to Pz8wQk3Lm! after the update",
    "Le PIN de la carte bleue de mamie, qu'elle m'a confié pour les courses : 5820",
    "garage keypad → 9043",
    "Mot de passe de l'ordinateur du bureau, au cas où : Tx8#kLq2Wz",
    "reminder to self, laptop login is Mv4qT9xLz2",
    "For the alarm panel, disarm with 6215 then press OFF",
    "the cloud backup encryption passphrase: glacier-walnut-pepper-harbor",
    "Wi-Fi chez les parents\nKq7wLz3Xp9Tr",
    "Apple ID password (the one on the iPad): Bn3!xQw7Lz",
    "Code de la boîte à clés du gîte : 1207, la clé est dedans",
    "Our router's admin page: user admin, pass Hq4zW8tLx2",
    "Le nouveau mot de passe Wi-Fi, c'est soleil-cactus-marmotte",
    "PIN for the kids' tablet is 2580, don't tell them",
    "changed the Spotify password this morning to Xr7pQ2wLk9",
    "code du cadenas de la cave : 482",
    "Pour se connecter au Freebox OS, le mot de passe est Jq3xL8wTz5",
    "The alarm code at grandma's house changed, it is now 3317",
    "Netflix: mdp Kw4pZq9Lx7 (profil Léo)",
    "backup codes for GitHub: 3f9a1-c2e7b 8d4e2-a1f6c",
    "safe in the wardrobe, combination 14-32-07",
    "Interphone de la résidence, taper 0452 puis la touche cloche",
]
PROBE_NEGATIVES = [
    "The password manager costs 36 € a year for the family plan",
    "Le code de la route : j'ai eu 38 sur 40 !",
    "I changed my mind about the Lisbon trip, flights on 14/09",
    "the alarm goes off at 0630 on weekdays",
    "PIN pad broken at the bakery, card payments from 5 € only",
    "code review scheduled on Tuesday at 1400 in room 3B",
    "Password reset link sent to ludo@example.org, valid 30 minutes",
    "Le mot de passe est dans le carnet bleu, tiroir du haut",
    "Keynote speaker: Marie Dupont, slides v2.3",
    "| Password rule | Value |\n|---|---|\n| Length | 12 |\n| Symbols | yes |",
    "the key to the garage is on the hook by the door",
    "Clé USB 64 Go : photos de vacances 2023",
    "set the thermostat to 19 and the boiler to eco mode",
    "Nouveau numéro de Léa : 06 71 22 90 13",
    "changed the tyres to Michelin CrossClimate 2 last week",
    "The token count for that prompt was 12345",
    "What's the wifi password? I'll check the box sticker tomorrow.",
    "code promo BIENVENUE10 pour la première commande",
    "secret santa: Paul offre à Julie, budget 20 €",
    "Combination skin, use the gentle cleanser twice a day",
    "I use Firefox 128 on the work laptop",
    "the new one is the Pixel8a, the old one was a Galaxy S21",
    "postal code 75011, floor 4, door on the left",
    "Le digicode a été changé hier, demande le nouveau à la gardienne",
    "Order #448213 shipped, tracking 1Z999AA10123456784",
    "Mot de passe oublié ? Cliquer sur le lien et suivre les étapes",
    "rotate the API keys every 90 days according to the policy",
    "| App | 2FA |\n|---|---|\n| Google | Authenticator |\n| Bank | SMS |",
    "Commit a3f9c2e fixed the login page layout",
    "la clé de voiture de rechange est chez Paul, boîte 12",
]


@pytest.mark.parametrize("text", PROBE_SECRETS)
def test_a_probe_written_after_the_window_scoring_is_caught(text: str) -> None:
    assert find_secret(text) is not None


@pytest.mark.parametrize("text", PROBE_NEGATIVES)
def test_the_probes_hard_negatives_pass(text: str) -> None:
    assert find_secrets(text) == []


def test_third_dev_corpus_levels_hold() -> None:
    """Written before the mechanisms for the fifth hold-out's misses (word passphrases, command
    lines, misspelt nouns, code shapes): the guard caught 23 of its 58 secrets (code 6/11,
    command 11/20, passphrase 1/17, typo 5/10) and flagged 2 of its 116 hard negatives (public
    course and room codes). Then tuned on: these are the levels after the last rule change."""
    corpus = load_corpus(DEV3_CORPUS)
    positives = [entry for entry in corpus if entry.family is not None]
    negatives = [entry for entry in corpus if entry.family is None]
    assert (len(positives), len(negatives)) == (58, 116)
    caught: dict[str, int] = {}
    for entry in positives:
        caught[entry.kind] = caught.get(entry.kind, 0) + (find_secret(entry.text) is not None)
    assert caught == {"code": 11, "command": 20, "passphrase": 17, "typo": 10}
    assert [entry.text for entry in negatives if find_secret(entry.text) is not None] == []


def test_fourth_dev_corpus_levels_hold() -> None:
    """Written before the layout rules for the sixth hold-out's misses (security answers, chat
    replies, bare password columns, a value below a blank line or after its explanation): the
    guard caught 19 of its 81 secrets and flagged 2 of its 100 hard negatives (a guest Wi-Fi
    network's name, a museum pass's hours). Then tuned on: the levels after the last change.
    Still flagged: the hours in a table's row after "Pass" ("| Paris Museum Pass | 9-18 |")."""
    corpus = load_corpus(DEV4_CORPUS)
    positives = [entry for entry in corpus if entry.family is not None]
    negatives = [entry for entry in corpus if entry.family is None]
    assert (len(positives), len(negatives)) == (81, 100)
    caught: dict[str, int] = {}
    for entry in positives:
        caught[entry.kind] = caught.get(entry.kind, 0) + (find_secret(entry.text) is not None)
    assert caught == {
        "security_qa": 20,
        "chat": 20,
        "table": 10,
        "blank_line": 10,
        "explained": 10,
        "labels": 11,
    }
    assert sum(find_secret(entry.text) is not None for entry in negatives) == 0


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Security question: first pet's name -> Biscuit", "Biscuit"),
        ("bank memorable answer (favourite aunt): Roseline", "Roseline"),
        ("Q: name of your first school?\nA: Ridgeway", "Ridgeway"),
        ("Question secrète (ville de naissance) → Quimper", "Quimper"),
        ("Réponse secrète pour le compte Ameli : Garance", "Garance"),
        ("Memorable information for Barclays: Wolverhampton", "Wolverhampton"),
        ("Sécurité bancaire - question : nom de ma grand-mère ; réponse : Odette", "Odette"),
        ("Q. Name of your first teacher?\nA. Mrs Patel", "Mrs Patel"),
    ],
)
def test_security_answer_is_a_secret_however_plain(text: str, secret: str) -> None:
    assert spanned(text, find_secrets(text)) == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "Security question: mother's maiden name",
        "bank security answer: ask Mum, she set it up",
        "Réponse à la question secrète : voir le coffre-fort numérique",
        "Q: what is a security question?\nA: a backup way to prove who you are.",
        "question: what's for dinner?\nanswer: lasagne",
        "Memorable information: we keep it in the safe",
    ],
)
def test_security_question_without_its_answer_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("[21:05] Tom: what's the router password?\n[21:06] Ana: R0uter!blue", "R0uter!blue"),
        ("Dad: can you send me the alarm code?\nMe: 5 8 2 0 then the tick", "5 8 2 0"),
        ("Tonton : le mot de passe du wifi stp\nMoi : tournesol-bleu", "tournesol-bleu"),
        ("Chloé : tu as le code du cadenas du vélo ?\nMax : 0718", "0718"),
        ("Claire: le code de l'immeuble c'est quoi ?\nMoi: 2B47A", "2B47A"),
        ("[10:42] A: wifi password again?\n[10:43] B: it's bluebird all lowercase", "bluebird"),
    ],
)
def test_chat_reply_under_a_question_for_a_secret_is_one(text: str, secret: str) -> None:
    assert spanned(text, find_secrets(text)) == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "[10:42] A: what's the wifi password again?\n[10:43] B: it's on the fridge",
        "Ben: the laptop password?\nLiv: it's in Bitwarden under Home",
        "Dad: what time is the train?\nMe: 1745 from platform 3",
        "Chloé : tu as le code du cadenas ?\nMax : je l'ai oublié, faut le couper",
    ],
)
def test_chat_reply_without_the_secret_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("| compte | mdp |\n|--|--|\n| box | Grenouille72 |", "Grenouille72"),
        ("|what|pw|\n|-|-|\n|nas|Qz9walrus|", "Qz9walrus"),
        ("| Service | Pass |\n|---|---|\n| Deezer | Soleil-couchant-9 |", "Soleil-couchant-9"),
    ],
)
def test_cell_under_a_bare_password_column_is_a_secret(text: str, secret: str) -> None:
    assert spanned(text, find_secrets(text)) == [secret]


def test_pass_column_of_bus_passes_passes() -> None:
    text = "| Name | Bus pass | Expires |\n|---|---|---|\n| Leo | Junior | 2025-09 |"
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Password for the school portal\n\nTurnip!Patch7\n\n(Dad's login)", "Turnip!Patch7"),
        ("Code PIN de la carte SIM\n\n6672", "6672"),
        ("Mot de passe du compte Ameli\n\n\nSecu2023!", "Secu2023!"),
        ("code porte garage\n1066", "1066"),
        ("Password for the school portal\n\nSunflower\n\n(Léa's account)", "Sunflower"),
    ],
)
def test_value_alone_below_its_label_is_a_secret(text: str, secret: str) -> None:
    assert spanned(text, find_secrets(text)) == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "Laptop PIN\n\nNot set yet, remember to add one.",
        "code postal\n75011",
        "Alarm\n\n07:30",
        "Password manager\n\nBitwarden",
        "Password reset\n\nDone2024",
        "code de réduction\n2024",
    ],
)
def test_label_followed_by_no_value_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The tablet password is her name plus the year: Dupuis1961.", "Dupuis1961"),
        ("Le code de l'alarme est l'année de notre mariage, 1998.", "1998"),
        ("Le mot de passe de la box est noté ici : Freebox*Salon42", "Freebox*Salon42"),
        ("Le mot de passe du wifi invité, c'est « pamplemousse »", "pamplemousse"),
        ("card security code (back) = 417", "417"),
        ("Maya's tablet password is her birthday backwards, 5491.", "5491"),
        ("Le mot de passe de Netflix est écrit ici : Paprika", "Paprika"),
    ],
)
def test_value_after_its_explanation_is_a_secret(text: str, secret: str) -> None:
    assert spanned(text, find_secrets(text)) == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "Password manager: 1Password",
        "The password policy is 12 characters, since 2023.",
        "The printer admin password is written here: see page 3 of the manual.",
        "Le mot de passe du wifi invité, c'est « le même que d'habitude »",
        "Noms des réseaux wifi : Freebox-7D4E21, Bbox-91A2F3-invités",
    ],
)
def test_explanation_or_network_names_without_a_value_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password\nblue horse battery staple", "blue horse battery staple"),
        ('wifi:\n  password: "garden gnome tulips"', "garden gnome tulips"),
        ("Password:\n  Orange Tractor Lemonade", "Orange Tractor Lemonade"),
        ("Le code du wifi c'est « petitbateau » sans majuscule", "petitbateau"),
        ("the wifi pw is ‘kettle-on-please’", "kettle-on-please"),
        ("htpasswd for the dashboard: user admin, pass 'wallaby-sunset'", "wallaby-sunset"),
        ("The shed laptop's password is rusty anchor lighthouse", "rusty anchor lighthouse"),
        ("mdp de l'ordi portable : fromage blanc myrtille", "fromage blanc myrtille"),
        ("MOT DE PASSE : CHEVAL NOIR PRAIRIE", "CHEVAL NOIR PRAIRIE"),
        ("Our Netflix password: correct horse battery staple", "correct horse battery staple"),
        ("Mot de passe\n» Vieux-Port-1999 «", "Vieux-Port-1999"),
    ],
)
def test_ordinary_words_right_after_a_password_label_are_its_value(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Password: same as the router one",
        "Password\nis in the blue notebook in the drawer",
        "Password:\n  We still need to pick one together",
        "password: unchanged since last year",
        "Password is long and random, generated by the manager.",
        "mot de passe : rangé dans Bitwarden",
        "mot de passe : appuyer sur le bouton WPS",
        "Mot de passe\nLe taper deux fois puis valider",
        "password: ask at the front desk",
        "Password: KeePassXC on the laptop",
        "Boarding pass: seat 14C, gate B22",
        "pass: monthly bus pass renewed",
        "password = cfg.Database.Password2",
        "password = self.item2",
        '"password": "string", "username": "string"',
        "Le mot de passe, c'est le nom du chien suivi de l'année",
        "Password\nManager migration planned for June",
        # Found in Debian's documentation (81,810 paragraphs scanned), each flagged once:
        'It is recommended to pass --disable-autoipd to\n"configure" on non-Linux systems',
        "when deciding what data to pass via\n    function parameters and so on.",
        "Pass `dependent` as the resource, indicating the owner",
        "* lib/security.h: Only include `<pwd.h>` if `MAN_OWNER` is defined.",
        "* Add BSD-style MD5-based passwords to 'openssl passwd' (option '-1').",
        "Report failure to unlock the passwd or shadow\nfile to stderr and syslog.",
        "discrepancies between the value of $PWD and the\n    actual working directory.",
        "Initial password for the 'postgres' user.",
        "Mot de passe : date de naissance de papa",
        "mdp : reçu par courrier",
        "password: dog name birth year",
        'In German always use "Passwort" instead of "Passphrase" in\n    prompts.',
    ],
)
def test_sentences_and_instructions_after_a_password_label_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("net use Z: \\\\nas\\partage /user:claire Pivoine-Rose-3", "Pivoine-Rose-3"),
        ("mosquitto_pub -h broker -u ha -P 'L1ghtHouse!' -t test -m hi", "L1ghtHouse!"),
        ("lftp -u claire,Coquelicot44 ftp.maison.lan", "Coquelicot44"),
        ("htpasswd -bc /etc/nginx/.htpasswd admin Crocus!2024", "Crocus!2024"),
        ("ldapsearch -x -D cn=admin,dc=home -w Ldap-Pass-99 -b dc=home", "Ldap-Pass-99"),
        ("openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:Certif1cat", "Certif1cat"),
        ("unrar x -pArchive2019 photos.rar", "Archive2019"),
        ("keytool -list -keystore app.jks -storepass Keyst0re!", "Keyst0re!"),
        ("wpa_passphrase CabinNet Sequoia-Pine-42 >> /etc/wpa.conf", "Sequoia-Pine-42"),
        ("sqlcmd -S localhost -U sa -P Sql-Serv3r! -Q 'select 1'", "Sql-Serv3r!"),
        ("ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -P Ipm1Pass lan print", "Ipm1Pass"),
        ("mongosh mongodb://localhost -u admin -p Mong0Pass", "Mong0Pass"),
        ("echo 'Sud0Pass!' | sudo -S apt update", "Sud0Pass!"),
        ("mosquitto_passwd -b /etc/mosquitto/passwd ha Mqtt-Br0ker", "Mqtt-Br0ker"),
        (
            "mount -t cifs //nas/d /mnt -o username=ludo,password=Papaye2023x,uid=1000",
            "Papaye2023x",
        ),
    ],
)
def test_the_password_argument_of_a_known_command_is_caught(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "net use Z: \\\\nas\\share /user:claire *",
        "mosquitto_pub -h broker -u ha -t test -m hello",
        "lftp -u claire ftp.maison.lan",
        "ldapsearch -x -D cn=admin,dc=home -W -b dc=home",
        "htpasswd -B /etc/nginx/.htpasswd ludo",
        "openssl pkcs12 -in cert.p12 -passin env:P12_PASS",
        "unrar x -p- archive.rar",
        "7z x archive.7z -p",
        "mysql --user=root --password homeassistant",
        "echo $PASS | sudo -S apt update",
        "wpa_passphrase MyNetwork < passphrase.txt",
        "ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -a lan print",
        "gunzip -P archive.gz",
        "mount -t cifs //nas/docs /mnt/docs -o username=ludo,credentials=/root/.smbcred",
    ],
)
def test_a_command_that_prompts_for_its_password_is_not_a_secret(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("pasword for the NAS: Gribble-Stone-58", "Gribble-Stone-58"),
        ("passwrod: Tr4mpoline!", "Tr4mpoline!"),
        ("the router passowrd is Kiwi-Tango-77", "Kiwi-Tango-77"),
        ("p/w: Snowdrop-2021", "Snowdrop-2021"),
        ("mot de passse du routeur : Ecureuil-Roux-12", "Ecureuil-Roux-12"),
        ("mot de pase de l'ordi du bureau : Bureau2024!!", "Bureau2024!!"),
        ("mot de passse wifi invités : bienvenue chez nous", "bienvenue chez nous"),
        ("passord: Kr0kodil!", "Kr0kodil!"),
    ],
)
def test_a_misspelt_password_noun_still_labels_its_value(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Passport photos: 4 copies needed by 12/03",
        "Passover dinner at 19:30 with the Cohen family",
        "passe-partout of the frame: 30x40",
        "The pasta water needs 12 g of salt per litre",
        "passwords.txt was deleted from the desktop",
        "Mot de passage du col : 2 115 m d'altitude",
    ],
)
def test_words_near_a_password_noun_are_not_misspellings_of_it(text: str) -> None:
    assert find_secrets(text) == []


def test_a_finding_behind_a_misspelt_noun_points_at_the_value_in_the_note() -> None:
    text = "Notes du jour.\nmot de passse du routeur : Ecureuil-Roux-12\nfin"
    assert "Ecureuil-Roux-12" in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Coffre de la chambre → 3 1 7 9", "3 1 7 9"),
        ("Q: what's the alarm code?\nA: 0620", "0620"),
        ("Q : code du portail ?\nR : 3381", "3381"),
        ("PINs: debit 4410, credit 8823", "4410"),
        ("ssh root@vps — password is on the next line\nF4lc0n!Ridge", "F4lc0n!Ridge"),
        ("- Livebox : `AB12-CD34-EF56-GH78` (clé wifi)", "AB12-CD34-EF56-GH78"),
        ("`Rq8!mZ2pLw` (mot de passe du NAS)", "Rq8!mZ2pLw"),
        ("Le code de la boîte à clés est ci-dessous\n5503", "5503"),
        ("PIN → 4 8 2 1", "4 8 2 1"),
        ("Garage → 1 9 8 4", "1 9 8 4"),
    ],
)
def test_codes_answered_listed_spaced_or_labelled_after_are_caught(text: str, secret: str) -> None:
    assert secret in spanned(text, find_secrets(text))


@pytest.mark.parametrize(
    "text",
    [
        "Code de l'UE de maths : MAT-2041",
        "Room code for the exam: HALL-B12",
        "Course code: INFO-1101",
        "Q: what's the wifi speed?\nA: 300",
        "Q: error code?\nA: 0x80070005",
        "Room numbers: debit office 4410, credit office 8823",
        "Score → 3 1 in the second half",
        "Garage, near the station: 3500 € per year",
        "PIN: 4 8",
        "ABCD-1234-EFGH (order number)",
        "The pattern is below:\nzigzag",
        "`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKq3` (clé publique)",
    ],
)
def test_public_codes_and_answers_that_are_no_code_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Pass | Cost | Length\n--- | --- | ---\nAdult pass | $310 | 5 days\n"
        "Kids pass | $155 | 5 days",
        "| Ville | Code INSEE |\n|---|---|\n| Nantes | 44109 |\n| Rennes | 35238 |",
        "| Shop | Promo code |\n|---|---|\n| Decathlon | 58213 |",
        "Template: mysql://USER:PASSWORD@HOST:3306/DB",
        "Modèle : amqp://UTILISATEUR:MOT_DE_PASSE@SERVEUR:5672/",
    ],
)
def test_prices_public_code_columns_and_url_templates_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []


def test_a_real_password_in_a_url_with_an_upper_case_host_is_still_refused() -> None:
    text = "mysql://admin:Kx8mq2Lw@DBHOST:3306/app"
    assert [text[f.start : f.end] for f in find_secrets(text)] == ["Kx8mq2Lw"]


@pytest.mark.parametrize(
    "note",
    [
        "plain ascii: password and PASS and pass " * 40,
        "Latin-1, accents: clé, mot de passe, ÉTÉ " * 40,
        "beyond Latin-1: l’accès — clé → passe? ?pass €5 " * 40,
        "İstanbul wifi password? " * 60,
    ],
)
def test_the_searches_find_each_word_where_str_find_does(note: str) -> None:
    """The rules' searches run on a one-byte copy of the note ("?" for characters beyond
    Latin-1) and skip words holding a character the note lacks: they must still find every
    word, "?" and characters beyond Latin-1 included, exactly where `str.find` does."""
    for word in ("pass", "PASS", "clé", "l’accès", "?", "? ?", "€5", "→ passe", "zq", "İst", "ÉTÉ"):
        expected = []
        start = note.find(word)
        while start != -1:
            expected.append(start)
            start = note.find(word, start + len(word))
        assert list(positions(note, word)) == expected, word
        assert holds(note, word) == (word in note), word


def test_a_note_is_lowered_as_str_lower_does_with_its_length_kept() -> None:
    for note in ("ÀÉÎÕÜ ÇA VA, Straße, ÿ µ", "L’ÉTÉ — NOËL", "plain ASCII"):
        assert lowered(note) == note.lower()
    assert lowered("İSTANBUL PASS") == "İstanbul pass"  # "İ" would lower to two characters


@pytest.mark.parametrize(
    "note", ["one long line without a newline " * 40, "a\nbc\n\nd e\n" * 150, "\n" * 1_200]
)
def test_line_bounds_read_off_the_newlines_are_those_find_gives(note: str) -> None:
    """The rules read a line's bounds from the note's newlines, found once (a note of one long
    line made each noun read back to its start): the bounds must be the ones `find` gives."""
    for position in range(len(note) + 1):
        assert start_of_line(note, position) == note.rfind("\n", 0, position) + 1
        end = note.find("\n", position)
        assert end_of_line(note, position) == (len(note) if end == -1 else end)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("cache: redis://worker:QwErTyUiOpLk@10.1.1.5:6379/0", "QwErTyUiOpLk"),
        ("base de prod → mariadb://appli:pLuMeTiGrE@db.interne:3306", "pLuMeTiGrE"),
        ("tante Odile, sa mastercard 545454 545454 5454 pour les courses", "545454 545454 5454"),
        ("the visa card ends up as 40128888 88881881 on the form", "40128888 88881881"),
    ],
)
def test_letters_only_url_passwords_odd_card_groupings_and_filled_inputs_are_refused(
    text: str, secret: str
) -> None:
    """Letters whose case changes inside are a password in a URL; after a card's name, any
    grouping of a valid card number is the card; an input's `value` is what was typed."""
    assert [text[f.start : f.end] for f in find_secrets(text)] == [secret]


def test_an_input_filled_with_a_password_is_refused_its_attributes_are_not() -> None:
    """After "password", the next attribute of a tag is no value, but `value="…"` is one."""
    (finding,) = find_secrets('<input type="password" value="Zq7!mRt2w">')
    assert finding.family is SecretFamily.KEYWORD_VALUE
    assert find_secrets('<input type="password" name="pw" minlength="12" required>') == []


@pytest.mark.parametrize(
    "text",
    [
        "docs: postgres://user:Password@localhost/app",  # a capitalised word: the template's
        'curl -H "Authorization: Bearer PUT_YOUR_TOKEN" https://api.example.org/v2/me',
        "X-API-Key: VOTRE_CLE_ICI",
        "invoice refs 52008282 82828210 and 4012 8888",  # no card named: not a card's grouping
        "Office: 3rd floor, 88 Brigade Road, Bengaluru\nPIN code - 560025",
        "Livraison chez Anjali, 14 MG Marg, Gangtok\nPincode: 737101",
        '<input id="pw" type="password" autocomplete="current-password" minlength="10">',
        "New tax code from HMRC: 1185L (was 1257L last year)",
    ],
)
def test_templates_uncalled_numbers_postcodes_markup_and_tax_codes_pass(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Netflix (shared with Gran)\ngran.okafor@gmail.com\nPopcorn!Sofa42", "Popcorn!Sofa42"),
        ("Printer web panel\nusername: office\nInk#Jet2290", "Ink#Jet2290"),
        ("Nest thermostat\nlogin 77120458\nsunflower58", "sunflower58"),
        ("Espace client EDF\nidentifiant : martine.roux\nCompteur_Bleu7", "Compteur_Bleu7"),
        ("Cantine école\n  utilisateur: famille.roux\n  Tartine#2019", "Tartine#2019"),
        ("NAS du grenier\nadmin\n\nGrenier&Poutre9", "Grenier&Poutre9"),
        ("Roblox de Léa\npseudo LeaPoney\nponey2015arc", "poney2015arc"),
        ("Moodle Hugo\nhugo.lambert4\nFusee*2012", "Fusee*2012"),
        (
            "Tool      Who           Password\nFigma     studio@kz.io  see 1Password\n"
            "Miro      kz.admin      Tableau!Blanc4",
            "Tableau!Blanc4",
        ),
    ],
)
def test_a_password_under_a_login_without_a_secret_noun_is_refused(text: str, secret: str) -> None:
    """A service's line, a login (an e-mail, a login word, an identifier), then one token made
    for secrecy: the block says what that token is though no line names a password."""
    assert [text[f.start : f.end] for f in find_secrets(text)] == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Amelia Stone\namelia.stone@clinic-north.org\n+44 20 7946 0321",
        "Your parcel for lina.k@gmail.com\n1Z84F2070398127731",
        "Reminder sent to hugo@lambert.fr\n2025-06-14",
        "NAS login: admin\nsee the family vault",
        "Best regards,\nPriya Natarajan\npriya@orbitlabs.io\nwww.orbitlabs.io",
        "Order confirmed for sam.reed@outlook.com\nORD-20250611-4471",
        "Author: Lena Vogt <lena.vogt@example.org>\n3f9c2a1b7d\nfix the upload retry",
        "username: bertrand\nMarketing",
        "To subscribe, write to:\nbirders-l@lists.example.net\nmembers2025 list archive",
        "Guests:\nana@x.org\nben@y.org\ncarl@z.org",
        "Version notes\nlogin page\nv2.14.3-rc1",
        "Facture\nclient: 44821\n129.90EUR",
        "Meeting notes\nalice\nQ3-roadmap2",
    ],
)
def test_contact_cards_orders_commits_and_lists_under_a_login_pass(text: str) -> None:
    """An e-mail or a login followed by a phone, a tracking or order number, a date, a hash,
    a word, a URL or more addresses is no credential block."""
    assert find_secrets(text) == []


_ONE_PASS_WORDS = (
    *("aa", "aaa", "aba", "a", "\n", "\n\n", "?", "??", "a?", "pass", "code", "://", "```"),
    *("é", "mot de passe", "’", "—", "€", "clé’", "日本", "日", "σ", "ß", "i̇", "\ufffd"),
)
_ONE_PASS_ALPHABET = "aab ?\n\né’—€日本σßİ:/`pascodemt"


def _find_all(text: str, word: str) -> list[int]:
    """What `positions` must give: `str.find` again after the end of each word found."""
    found, position = [], text.find(word)
    while position != -1:
        found.append(position)
        position = text.find(word, position + len(word))
    return found


def _one_pass_notes(seed: int) -> list[str]:
    """Long notes (the one pass reads notes of 1,000 characters and more) made of overlapping
    letters, "?", newlines, Latin-1 and wider characters (lower them as the rules do before
    asking: the pass reads the latest lowered notes)."""
    rng = random.Random(seed)
    return [
        "".join(rng.choice(_ONE_PASS_ALPHABET) for _ in range(rng.randrange(1_000, 3_000)))
        for _ in range(40)
    ] + ["a" * 1_500, "ab" * 800 + "\n" * 3]


@pytest.mark.parametrize("one_pass", [True, False])
def test_positions_and_holds_answer_as_str_find_on_both_paths(
    one_pass: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the Aho-Corasick pass and with the searches it falls back on without the library,
    every word is found where repeated `str.find` finds it, without overlaps ("aa" twice in
    "aaaa"), with "?", newlines and characters beyond Latin-1 in note and word."""
    monkeypatch.setattr(text_module, "one_pass", one_pass)
    for note in map(lowered, _one_pass_notes(seed=int(one_pass))):
        for word in _ONE_PASS_WORDS:
            assert list(positions(note, word)) == _find_all(note, word), (word, note[:40])
            assert holds(note, word) is (word in note)


def test_a_long_lowered_note_is_read_once_for_every_word_asked_before() -> None:
    """After one note asked for the words, the next long note has them all found in the one
    pass that reads it, before any is asked, and in the same places as `str.find`."""
    if not text_module.one_pass:
        pytest.fail("pyahocorasick is a dependency: `import ahocorasick` failed")
    first, second = _one_pass_notes(seed=2)[:2]
    for word in _ONE_PASS_WORDS:
        positions(lowered(first), word)
    second = lowered(second)
    prefilled = text_module._found_in(second)
    assert {word: list(prefilled[word]) for word in _ONE_PASS_WORDS} == {
        word: _find_all(second, word) for word in _ONE_PASS_WORDS
    }


@pytest.mark.parametrize("prefix", ["AKIA", "ASIA", "A3TB", "ABIA", "ACCA"])
def test_every_aws_key_id_prefix_is_found_mid_sentence(prefix: str) -> None:
    """The AWS key id rule is tried only in notes holding one of its prefixes (not any "A"):
    each prefix must still find its key."""
    key = f"{prefix}Q7XK2MZP4LWN6RTY"
    text = f"Backup job uses {key} for the bucket."
    found = [f for f in find_secrets(text) if f.rule == "aws-access-key-id"]
    assert [(f.start, f.end) for f in found] == [(text.index(key), text.index(key) + len(key))]


def test_a_short_lowered_note_is_read_in_one_pass_too() -> None:
    """Most notes are a few hundred characters: their words are found in one pass as well,
    rather than by a search each (~200 of them), and in the same places as `str.find`."""
    if not text_module.one_pass:
        pytest.fail("pyahocorasick is a dependency: `import ahocorasick` failed")
    words = ("password", "code", "door", "\n", "é")
    for word in words:
        positions(lowered("My password, the door code: see the notebook.\n" * 3), word)
    second = lowered("Le code de la porte est dans le carnet, pas ici.\nThe door: blue.\n" * 4)
    prefilled = text_module._found_in(second)
    assert {word: list(prefilled[word]) for word in words} == {
        word: _find_all(second, word) for word in words
    }


_CASED_ALPHABET = "aAbB pP:/ \n\nKkİσΣßé’—?sS"  # with the Kelvin sign, which lowers to "k"
_WORDS_ASKED_OF_NOTES = (
    *("Ab", "PASS", "pass", "ABBA", "aAbB pP", "SsSs", "K", "k", "A"),
    *(": ", " / ", "\n", "\n\n", "://", "?", " — ", "’", "Kk", "İσ", "ß"),
)


@pytest.mark.parametrize("one_pass", [True, False])
def test_a_note_asked_after_its_lowered_copy_is_found_where_str_find_does(
    one_pass: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A word asked of the note itself is answered from its lowered copy where that is exact
    (an ASCII word without letters; an ASCII word the copy lacks): with capitals, the Kelvin
    sign (lowered to "k"), "İ" (kept) and a final sigma in the note, every word is still found
    where repeated `str.find` finds it."""
    monkeypatch.setattr(text_module, "one_pass", one_pass)
    rng = random.Random(11)
    for _ in range(30):
        note = "".join(rng.choice(_CASED_ALPHABET) for _ in range(rng.randrange(200, 2_500)))
        lowered(note)
        for word in _WORDS_ASKED_OF_NOTES:
            assert list(positions(note, word)) == _find_all(note, word), (word, note[:40])
            assert holds(note, word) is (word in note), word


def test_a_word_the_lowered_copy_lacks_is_not_looked_for_in_the_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Provider literals ("PRIVATE KEY", "AccountKey=") are asked of the note itself: when the
    note's lowered copy, read in one pass, lacks them, the note is not read again for them; a
    word without letters that the copy was asked for is read off the copy's positions."""
    note = "Pam Rode In Vans At Tea Ends; Kim Yells = Counts. " * 40  # all their letters
    positions(lowered(note), "; ")  # a word the rules ask of lowered notes too
    read: list[str] = []
    for name in ("_first", "_searched"):
        search = getattr(text_module, name)
        monkeypatch.setattr(
            text_module,
            name,
            lambda text, word, search=search: (
                text is note and read.append(word),
                search(text, word),
            )[1],
        )
    assert not holds(note, "PRIVATE KEY")
    assert list(positions(note, "AccountKey=")) == []
    assert list(positions(note, "; ")) == _find_all(note, "; ")
    assert read == []


def test_a_note_without_capitals_is_its_own_lowered_copy() -> None:
    """The same object, not an equal copy: the caches keyed by the note would otherwise compare
    all its characters at each look-up (seconds on a megabyte of "mdp mdp …")."""
    note = "mdp mdp code 1234 " * 100
    assert lowered(note) is note
    assert lowered(note.upper()) == note


def test_a_line_of_one_literal_repeated_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`lines_with` finds the lines holding its literals off the note's cached positions: a
    line holding one thousands of times is found once, not once per occurrence."""
    note = lowered("mdp " * 7_500)
    bounds: list[int] = []
    monkeypatch.setattr(
        text_module,
        "start_of_line",
        lambda text, position: (bounds.append(position), start_of_line(text, position))[1],
    )
    assert text_module.lines_with(note, ("mdp", "code")) == [(0, len(note))]
    assert bounds == [0]


def test_a_setting_under_a_login_line_is_no_password() -> None:
    """`net user ludo *` then `max_tokens=4096`: a key and its value, whatever its name holds."""
    assert find_secrets("net user ludo *\nmax_tokens=4096\n") == []
    assert find_secrets("login: margaux\nretry.count=12\n") == []
