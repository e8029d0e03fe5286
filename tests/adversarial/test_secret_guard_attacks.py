"""The secret guard runs on every write: no note, however built, may make it hang.

Each note here is built to make one of the newer rules work hard: huge values after a label,
floods of labels, misspelt nouns, commands or code shapes. Notes are five times the default
write limit (20,000 characters); hand-committed notes are scanned in a bounded prefix. The
tests assert what the guard answers; time is bounded only by `within_bounded_time` (a hang
fails the test): speed is measured in bench/secrets_corpus.py, never asserted.
"""

import pytest

from memoire.core.secrets import find_secret, find_secrets
from memoire.core.secrets.passphrases import find_word_passphrases
from memoire.core.secrets.text import lowered
from tests.adversarial.bounded import within_bounded_time

NOTE = 100_000


def flood(unit: str, size: int = NOTE) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def spanned(text: str) -> list[str]:
    findings = within_bounded_time(lambda: find_secrets(text))
    return [text[finding.start : finding.end] for finding in findings]


@pytest.mark.parametrize(
    "note",
    [
        "password: " + "word " * (NOTE // 5),  # words that never end
        'password: "' + "a" * NOTE,  # a quote that never closes
        "mot de passe\n" + "lapin " * (NOTE // 6),  # a next line as long as the note
        "Password:\n" + "Orange " * (NOTE // 7),
        "le code du wifi c'est « " + "petitbateau" * (NOTE // 11),
        "pass '" + "wallaby-" * (NOTE // 8) + "'",
    ],
)
def test_a_huge_value_after_a_label_is_never_taken_for_a_word_passphrase(note: str) -> None:
    found = within_bounded_time(lambda: list(find_word_passphrases(note, lowered(note))))
    assert found == []
    within_bounded_time(lambda: find_secret(note))


@pytest.mark.parametrize(
    "unit",
    [
        "mdp ",
        "password password: ",
        "pass 'x' ",
        "mot de passe de la box ",
        "password\n",
        "Password:\n",
        "pw is ",
        "code wifi : ",
        "pasword passwrod mot de pase p/w ",
    ],
)
def test_a_flood_of_password_labels_or_misspellings_finds_nothing(unit: str) -> None:
    assert within_bounded_time(lambda: find_secret(flood(unit))) is None


def test_a_value_behind_the_thousandth_misspelt_noun_is_still_found() -> None:
    """Misspellings are repaired without a cap: padding cannot push a secret out of reach."""
    filler = "pasword ok, mot de passse ok, p/w ok, passwrod ok.\n" * 2_000
    note = filler + "passowrd du NAS : Renard-Argent-8\n"
    assert "Renard-Argent-8" in spanned(note)


@pytest.mark.parametrize(
    "unit",
    [
        "mysql -u root -p ",
        "lftp -u " + "x" * 200 + " ",
        "htpasswd -b " + "f " * 50,
        "-U" + "u" * 100 + " ",
        "net use /user:",
        "echo " + "a" * 300 + " ",
        "sudo -S ",
        "mosquitto_pub " + "-h x " * 30,
        "-storepass ",
        " pass:",
        "wpa_passphrase ",
    ],
)
def test_a_flood_of_commands_without_their_password_finds_nothing(unit: str) -> None:
    assert within_bounded_time(lambda: find_secret(flood(unit))) is None


def test_a_command_password_after_a_flood_of_options_is_found() -> None:
    note = flood("mosquitto_pub -t a ") + "\nmosquitto_pub -u ha -P 'L1ghtHouse!'"
    assert "L1ghtHouse!" in spanned(note)


@pytest.mark.parametrize(
    "unit",
    [
        "Q: what's the gate code?\nA: ",
        "`Ab1-Cd2-Ef3` (",
        "Coffre → 3 1 ",
        "PINs: ",
        "password is on the next line\n",
        "Q: code?\n",
    ],
)
def test_a_flood_of_code_shapes_finds_nothing(unit: str) -> None:
    assert within_bounded_time(lambda: find_secret(flood(unit))) is None


def test_every_passphrase_of_a_long_note_is_reported() -> None:
    note = "".join(f"password: velvet otter canyon{'s' * (index % 5)}\n" for index in range(2_000))
    assert len(spanned(note)) == 2_000


def test_a_line_of_a_thousand_commands_is_not_read_back_to_its_start_at_each_option() -> None:
    """Each option once looked back to its line's start for `docker`: on one line of 300,000
    characters of `mysql -u root -p` that took minutes; the look back is bounded now."""
    note = flood("mysql -u root -p ", 300_000)
    assert within_bounded_time(lambda: find_secret(note)) is None


@pytest.mark.parametrize(
    "unit",
    [
        "Security question: first pet -> ",
        "réponse secrète : voir ",
        "Q: name of your first school?\nA: ",
        "Tom: what's the wifi password?\n",
        "Moi : c'est quoi le code ? ",
        "Password for the portal\n\n",
        "code porte\n",
        "The password is her birthday, ",
        "| pw | pass | mdp |\n|-|-|-|\n",
        "mdp c'est « ",
        "card security code (back) = ",
    ],
)
def test_a_flood_of_questions_labels_or_explanations_stays_bounded(unit: str) -> None:
    """The layout rules (layouts.py) read each line holding their literals once, whatever
    repeats: a note made of questions, labels and blank lines is read in bounded time."""
    within_bounded_time(lambda: find_secret(flood(unit)))
    within_bounded_time(lambda: find_secret(flood(unit.replace("\n", " "))))


def test_an_answer_behind_a_thousand_unanswered_questions_is_still_found() -> None:
    filler = "Tom: what's the wifi password?\nAna: it's on the fridge\n" * 1_000
    note = filler + "Tom: and the gate code?\nAna: 4 7 1 9 then enter\n"
    assert spanned(note) == ["4 7 1 9"]
