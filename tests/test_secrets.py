"""The secret guard, checked on a labelled corpus of secrets and of prose that only looks close.

Token-format positives are written in the corpus as `{fake:NAME}` and filled here by a seeded
generator, so the repository never holds a realistic live-format token.
"""

import base64
import json
import random
import re
import string
from collections.abc import Callable
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

CORPUS_PATH = Path(__file__).parent / "data" / "secrets_corpus.jsonl"
SEED = 20241107
MINIMUM_PER_SIDE = 80

ALNUM = string.ascii_letters + string.digits
URL_SAFE = ALNUM + "_-"
BASE32_UPPER = string.ascii_uppercase + "234567"
FAKE_PLACEHOLDER = re.compile(r"\{fake:(\w+)\}")


def chars(rng: random.Random, alphabet: str, count: int) -> str:
    return "".join(rng.choices(alphabet, k=count))


def base64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def fake_jwt(rng: random.Random) -> str:
    header = base64url(b'{"alg":"HS256","typ":"JWT"}')
    claims = {
        "sub": chars(rng, string.digits, 10),
        "iat": rng.randrange(1_600_000_000, 1_800_000_000),
    }
    payload = base64url(json.dumps(claims).encode())
    return f"{header}.{payload}.{chars(rng, URL_SAFE, 43)}"


def fake_key_body(rng: random.Random) -> str:
    return "\n".join(chars(rng, ALNUM + "+/", 64) for _ in range(4))


FAKES: dict[str, Callable[[random.Random], str]] = {
    "aws_key_id": lambda rng: rng.choice(("AKIA", "ASIA")) + chars(rng, BASE32_UPPER, 16),
    "aws_secret": lambda rng: chars(rng, ALNUM + "/+", 40),
    "github_classic": lambda rng: "ghp_" + chars(rng, ALNUM, 36),
    "github_oauth": lambda rng: "gho_" + chars(rng, ALNUM, 36),
    "github_user": lambda rng: "ghu_" + chars(rng, ALNUM, 36),
    "github_server": lambda rng: "ghs_" + chars(rng, ALNUM, 36),
    "github_refresh": lambda rng: "ghr_" + chars(rng, ALNUM, 36),
    "github_fine_grained": lambda rng: (
        f"github_pat_{chars(rng, ALNUM, 22)}_{chars(rng, ALNUM, 59)}"
    ),
    "gitlab": lambda rng: "glpat-" + chars(rng, URL_SAFE, 20),
    "slack_bot": lambda rng: (
        f"xoxb-{chars(rng, string.digits, 12)}-{chars(rng, string.digits, 13)}"
        f"-{chars(rng, ALNUM, 24)}"
    ),
    "slack_user": lambda rng: (
        f"xoxp-{chars(rng, string.digits, 11)}-{chars(rng, string.digits, 12)}"
        f"-{chars(rng, string.digits, 13)}-{chars(rng, string.hexdigits.lower()[:16], 32)}"
    ),
    "slack_app": lambda rng: (
        f"xapp-1-A{chars(rng, BASE32_UPPER, 10)}-{chars(rng, string.digits, 13)}"
        f"-{chars(rng, string.digits + 'abcdef', 64)}"
    ),
    "slack_webhook": lambda rng: (
        f"https://hooks.slack.com/services/T{chars(rng, BASE32_UPPER, 8)}"
        f"/B{chars(rng, BASE32_UPPER, 8)}/{chars(rng, ALNUM, 24)}"
    ),
    "openai_legacy": lambda rng: f"sk-{chars(rng, ALNUM, 20)}T3BlbkFJ{chars(rng, ALNUM, 20)}",
    "openai_project": lambda rng: (
        f"sk-proj-{chars(rng, URL_SAFE, 74)}T3BlbkFJ{chars(rng, URL_SAFE, 74)}"
    ),
    "anthropic": lambda rng: f"sk-ant-api03-{chars(rng, URL_SAFE, 93)}AA",
    "anthropic_admin": lambda rng: f"sk-ant-admin01-{chars(rng, URL_SAFE, 93)}AA",
    "stripe_secret": lambda rng: "sk_live_" + chars(rng, ALNUM, 24),
    "stripe_restricted": lambda rng: "rk_live_" + chars(rng, ALNUM, 24),
    "google": lambda rng: "AIza" + chars(rng, URL_SAFE, 35),
    "huggingface": lambda rng: "hf_" + chars(rng, string.ascii_letters, 34),
    "jwt": fake_jwt,
    "key_body": fake_key_body,
}


@dataclass(frozen=True, slots=True)
class CorpusEntry:
    text: str
    family: SecretFamily | None  # None for a hard negative
    lang: str
    secret: str | None  # the exact text a finding of `family` must span

    @property
    def label(self) -> str:
        return f"{self.family or 'none'}-{self.lang}"


def load_corpus(seed: int = SEED) -> list[CorpusEntry]:
    rng = random.Random(seed)
    lines = CORPUS_PATH.read_text(encoding="utf-8").splitlines()
    return [entry_from_row(json.loads(line), rng) for line in lines if line.strip()]


def entry_from_row(row: dict[str, str], rng: random.Random) -> CorpusEntry:
    fakes: dict[str, str] = {}  # one value per placeholder name, shared by text and secret

    def fake(match: re.Match[str]) -> str:
        if match[1] not in fakes:
            fakes[match[1]] = FAKES[match[1]](rng)
        return fakes[match[1]]

    def fill(template: str) -> str:
        return FAKE_PLACEHOLDER.sub(fake, template)

    family = None if row["family"] == "none" else SecretFamily(row["family"])
    secret = row.get("secret")
    return CorpusEntry(
        fill(row["text"]), family, row["lang"], None if secret is None else fill(secret)
    )


CORPUS = load_corpus()
POSITIVES = [entry for entry in CORPUS if entry.family is not None]
NEGATIVES = [entry for entry in CORPUS if entry.family is None]


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
    assert {entry.family for entry in POSITIVES} == set(SecretFamily)


def test_committed_corpus_holds_no_live_format_token() -> None:
    raw = CORPUS_PATH.read_text(encoding="utf-8")
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
