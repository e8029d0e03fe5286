"""Labelled corpora of secrets and of prose that only looks close, shared by tests and bench.

Token-format positives are written in the corpora as `{fake:NAME}` and filled here by a seeded
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

from memoire.core.secrets import SecretFamily, find_secret, find_secrets

DATA = Path(__file__).parent / "data"
SEED_CORPUS = DATA / "secrets_corpus.jsonl"  # written while the seed's rules were tuned
DEV_CORPUS = DATA / "secrets_dev.jsonl"  # written before the rules of issue 9, then tuned on
DEV2_CORPUS = DATA / "secrets_dev2.jsonl"  # keywords, written before the window scoring
HOLDOUT_CORPUS = DATA / "secrets_holdout.jsonl"  # written blind, measured once, then spent
HOLDOUT2_CORPUS = DATA / "secrets_holdout2.jsonl"  # written blind, measured once, then spent
HOLDOUT3_CORPUS = DATA / "secrets_holdout3.jsonl"  # written blind, measured once, then spent
HOLDOUT4_CORPUS = DATA / "secrets_holdout4.jsonl"  # written blind (keywords), measured once
HOLDOUT5_CORPUS = DATA / "secrets_holdout5.jsonl"  # written blind, measured once (window scoring)
HOLDOUT6_CORPUS = DATA / "secrets_holdout6.jsonl"  # written blind, measured once (dev3 rules)
HOLDOUT7_CORPUS = DATA / "secrets_holdout7.jsonl"  # written blind, measured once (layouts)
HOLDOUT8_CORPUS = DATA / "secrets_holdout8.jsonl"  # written blind, measured once (slots)
HOLDOUT9_CORPUS = DATA / "secrets_holdout9.jsonl"  # written blind, measured once (slots 2)
HOLDOUT10_CORPUS = DATA / "secrets_holdout10.jsonl"  # written blind, measured once (slots 3)
HOLDOUT11_CORPUS = DATA / "secrets_holdout11.jsonl"  # written blind, measured once (session end)
HOLDOUT12_CORPUS = DATA / "secrets_holdout12.jsonl"  # written blind, measured before and after
HOLDOUT13_CORPUS = DATA / "secrets_holdout13.jsonl"  # written blind, measured before and after
HOLDOUT14_CORPUS = DATA / "secrets_holdout14.jsonl"  # written blind, measured before and after
HOLDOUT15_CORPUS = DATA / "secrets_holdout15.jsonl"  # written blind, measured before and after
HOLDOUT16_CORPUS = DATA / "secrets_holdout16.jsonl"  # written blind, measured before and after
HOLDOUT17_CORPUS = DATA / "secrets_holdout17.jsonl"  # written blind, measured before and after
HOLDOUT18_CORPUS = DATA / "secrets_holdout18.jsonl"  # written blind, measured before and after
HOLDOUT19_CORPUS = DATA / "secrets_holdout19.jsonl"  # written blind, measured before and after
HOLDOUT20_CORPUS = DATA / "secrets_holdout20.jsonl"  # written blind, measured before and after
HOLDOUT21_CORPUS = DATA / "secrets_holdout21.jsonl"  # written blind, measured before and after
HOLDOUT22_CORPUS = DATA / "secrets_holdout22.jsonl"  # written blind, measured before and after
HOLDOUT23_CORPUS = DATA / "secrets_holdout23.jsonl"  # written blind, measured before and after
HOLDOUT24_CORPUS = DATA / "secrets_holdout24.jsonl"  # written blind, measured before and after
HOLDOUT25_CORPUS = DATA / "secrets_holdout25.jsonl"  # written blind, measured before and after
HOLDOUTS = (
    HOLDOUT_CORPUS,
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
)
# Word passphrases, command lines, typos and code shapes, in the hold-outs' row format, written
# before the mechanisms for the misses of the fifth hold-out, then tuned on.
DEV3_CORPUS = DATA / "secrets_dev3.jsonl"
# Security questions, chat replies, table columns, values after a blank line or an explanation,
# written before the mechanisms for the sixth hold-out's misses, then tuned on.
DEV4_CORPUS = DATA / "secrets_dev4.jsonl"
# Written by three writers who never saw the guard, to train the secret-slot scorer on many
# hands; each was measured once by the whole guard before it was trained on (see
# bench/secrets_blind.py), then spent.
TRAIN_A_CORPUS = DATA / "secrets_train_a.jsonl"
TRAIN_B_CORPUS = DATA / "secrets_train_b.jsonl"
TRAIN_C_CORPUS = DATA / "secrets_train_c.jsonl"
# Two more hands: D writes secrets without a secret noun beside them (an object's code, an
# unlock, spelt digits, answers, code words) and their look-alikes; E everyday notes full of
# numbers. Measured once by the guard before the object pairs, then trained on.
TRAIN_D_CORPUS = DATA / "secrets_train_d.jsonl"
TRAIN_E_CORPUS = DATA / "secrets_train_e.jsonl"
# F: the kinds hold-out 12 missed (codes named by their object, digits read out, dials, code
# words, code columns, headings of recovery codes, login lines, replaced values) and their
# look-alikes; measured once by the guard before it was trained on.
TRAIN_F_CORPUS = DATA / "secrets_train_f.jsonl"
# G: the kinds hold-out 13 missed (passwords under a service's name, code words, security
# answers, recovery lists, codes named by their place or role, dials, digits in words) and
# their look-alikes; measured once by the guard before the session's rules were merged.
TRAIN_G_CORPUS = DATA / "secrets_train_g.jsonl"
# H: the kinds hold-out 14 missed (code words given on the phone, digits as a chat reply,
# digits spelt in speech, login and password side by side, a network key typed as a phrase,
# short backup codes, dials with their turns, codes changed or set) and their look-alikes;
# measured once by the guard at the session's start and once after its merges.
TRAIN_H_CORPUS = DATA / "secrets_train_h.jsonl"
# I: the kinds hold-out 15 and H missed (codes listed by name, logins under a service, codes
# changed or set, backup codes, hints, security answers, code words, Wi-Fi keys as joined words,
# dials, chat replies) and their look-alikes; measured once by the guard at the session's start.
TRAIN_I_CORPUS = DATA / "secrets_train_i.jsonl"
# J, K, L: three more hands, thirty lives, secrets mostly without a secret noun and their
# look-alikes; each measured once on the session's start and once on its first merges, before
# anyone read it, then studied.
TRAIN_J_CORPUS = DATA / "secrets_train_j.jsonl"
TRAIN_K_CORPUS = DATA / "secrets_train_k.jsonl"
TRAIN_L_CORPUS = DATA / "secrets_train_l.jsonl"
# M: a pharmacy, a car garage, a football club, a cleaning company, a laundrette, an angling
# club, an estate agency, a start-up office, a parish hall, a family's streaming and console
# accounts; measured once by the guard on the session's start (146/180, 2 of 180 flagged).
TRAIN_M_CORPUS = DATA / "secrets_train_m.jsonl"
# N: ten more workplaces (a school office, a dog groomer, a night security firm, a taxi firm, a
# B&B, a roastery, a housing co-op, a kayak rental, a hospital ward, a research lab), keyword
# secrets and their hard negatives; measured once by the guard on the session's start
# (163/180, 2 of 180 flagged).
TRAIN_N_CORPUS = DATA / "secrets_train_n.jsonl"
# O: ten more lives (a fishing boat's crew, a ski school, an astronomy club, a community radio, a
# music school, a tennis club, an antiques dealer, a chess club, a car wash, a bicycle repair
# shop), keyword secrets and their hard negatives; measured once by the guard on the session's
# start (160/180, 1 of 180 flagged).
TRAIN_O_CORPUS = DATA / "secrets_train_o.jsonl"
# P: written for the line scorer's second model (bench/secrets_lines.md, section 8), keyword
# secrets and their hard negatives; measured once by the guard at 41ab458 before it was fitted
# on (159/180, 0 of 180 flagged).
TRAIN_P_CORPUS = DATA / "secrets_train_p.jsonl"
TRAIN_CORPORA = (
    *(TRAIN_A_CORPUS, TRAIN_B_CORPUS, TRAIN_C_CORPUS, TRAIN_D_CORPUS, TRAIN_E_CORPUS),
    *(TRAIN_F_CORPUS, TRAIN_G_CORPUS, TRAIN_H_CORPUS, TRAIN_I_CORPUS),
    *(TRAIN_J_CORPUS, TRAIN_K_CORPUS, TRAIN_L_CORPUS, TRAIN_M_CORPUS, TRAIN_N_CORPUS),
    *(TRAIN_O_CORPUS, TRAIN_P_CORPUS),
)
SEED = 20241107
# Every corpus read while tuning: the secret-slot scorer is fitted and measured on these, each
# left out of its own fit in turn (bench/secrets_fit_slots.py).
SPENT_CORPORA = (
    *(SEED_CORPUS, DEV_CORPUS, DEV2_CORPUS, DEV3_CORPUS, DEV4_CORPUS),
    *HOLDOUTS,
    *TRAIN_CORPORA,
)

ALNUM = string.ascii_letters + string.digits
URL_SAFE = ALNUM + "_-"
HEX = "0123456789abcdef"
BASE32_UPPER = string.ascii_uppercase + "234567"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l".upper()
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


def fake_discord_bot(rng: random.Random) -> str:
    user_id = base64url(str(rng.randrange(10**17, 10**18)).encode())
    return f"{user_id}.{chars(rng, URL_SAFE, 6)}.{chars(rng, URL_SAFE, 38)}"


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
    "gitlab_runner": lambda rng: "glrt-" + chars(rng, URL_SAFE, 20),
    "slack_bot": lambda rng: (
        f"xoxb-{chars(rng, string.digits, 12)}-{chars(rng, string.digits, 13)}"
        f"-{chars(rng, ALNUM, 24)}"
    ),
    "slack_user": lambda rng: (
        f"xoxp-{chars(rng, string.digits, 11)}-{chars(rng, string.digits, 12)}"
        f"-{chars(rng, string.digits, 13)}-{chars(rng, HEX, 32)}"
    ),
    "slack_app": lambda rng: (
        f"xapp-1-A{chars(rng, BASE32_UPPER, 10)}-{chars(rng, string.digits, 13)}"
        f"-{chars(rng, HEX, 64)}"
    ),
    "slack_webhook": lambda rng: (
        f"https://hooks.slack.com/services/T{chars(rng, BASE32_UPPER, 8)}"
        f"/B{chars(rng, BASE32_UPPER, 8)}/{chars(rng, ALNUM, 24)}"
    ),
    "discord_webhook": lambda rng: (
        f"https://discord.com/api/webhooks/{chars(rng, string.digits, 18)}/"
        f"{chars(rng, URL_SAFE, 68)}"
    ),
    "discord_bot": fake_discord_bot,
    "telegram_bot": lambda rng: f"{rng.randrange(10**8, 10**10)}:AA{chars(rng, URL_SAFE, 33)}",
    "teams_webhook": lambda rng: (
        f"https://contoso.webhook.office.com/webhookb2/{chars(rng, HEX, 8)}-{chars(rng, HEX, 4)}"
        f"-{chars(rng, HEX, 4)}-{chars(rng, HEX, 4)}-{chars(rng, HEX, 12)}@{chars(rng, HEX, 8)}"
        f"/IncomingWebhook/{chars(rng, HEX, 32)}/{chars(rng, HEX, 8)}"
    ),
    "openai_legacy": lambda rng: f"sk-{chars(rng, ALNUM, 20)}T3BlbkFJ{chars(rng, ALNUM, 20)}",
    "openai_project": lambda rng: (
        f"sk-proj-{chars(rng, URL_SAFE, 74)}T3BlbkFJ{chars(rng, URL_SAFE, 74)}"
    ),
    "anthropic": lambda rng: f"sk-ant-api03-{chars(rng, URL_SAFE, 93)}AA",
    "anthropic_admin": lambda rng: f"sk-ant-admin01-{chars(rng, URL_SAFE, 93)}AA",
    "stripe_secret": lambda rng: "sk_live_" + chars(rng, ALNUM, 24),
    "stripe_restricted": lambda rng: "rk_live_" + chars(rng, ALNUM, 24),
    "stripe_webhook": lambda rng: "whsec_" + chars(rng, ALNUM, 32),
    "google": lambda rng: "AIza" + chars(rng, URL_SAFE, 35),
    "google_oauth": lambda rng: "GOCSPX-" + chars(rng, URL_SAFE, 28),
    "twilio_key": lambda rng: "SK" + chars(rng, HEX, 32),
    "sendgrid": lambda rng: f"SG.{chars(rng, URL_SAFE, 22)}.{chars(rng, URL_SAFE, 43)}",
    "mailgun": lambda rng: "key-" + chars(rng, HEX, 32),
    "mailchimp": lambda rng: f"{chars(rng, HEX, 32)}-us{rng.randrange(1, 21)}",
    "npm": lambda rng: "npm_" + chars(rng, ALNUM, 36),
    "pypi": lambda rng: "pypi-AgEIcHlwaS5vcmc" + chars(rng, URL_SAFE, 70),
    "dockerhub": lambda rng: "dckr_pat_" + chars(rng, URL_SAFE, 27),
    "huggingface": lambda rng: "hf_" + chars(rng, string.ascii_letters, 34),
    "groq": lambda rng: "gsk_" + chars(rng, ALNUM, 52),
    "replicate": lambda rng: "r8_" + chars(rng, ALNUM, 37),
    "xai": lambda rng: "xai-" + chars(rng, ALNUM, 80),
    "perplexity": lambda rng: "pplx-" + chars(rng, ALNUM, 48),
    "openrouter": lambda rng: "sk-or-v1-" + chars(rng, HEX, 64),
    "azure_storage": lambda rng: chars(rng, ALNUM + "+/", 86) + "==",
    "digitalocean": lambda rng: "dop_v1_" + chars(rng, HEX, 64),
    "shopify": lambda rng: "shpat_" + chars(rng, HEX, 32),
    "square": lambda rng: "sq0atp-" + chars(rng, URL_SAFE, 22),
    "square_eaaa": lambda rng: "EAAA" + chars(rng, URL_SAFE, 60),
    "linear": lambda rng: "lin_api_" + chars(rng, ALNUM, 40),
    "notion": lambda rng: "ntn_" + chars(rng, ALNUM, 46),
    "vault": lambda rng: "hvs." + chars(rng, URL_SAFE, 90),
    "terraform": lambda rng: f"{chars(rng, ALNUM, 14)}.atlasv1.{chars(rng, ALNUM, 67)}",
    "postman": lambda rng: f"PMAK-{chars(rng, HEX, 24)}-{chars(rng, HEX, 34)}",
    "age": lambda rng: "AGE-SECRET-KEY-1" + chars(rng, BECH32, 58),
    "grafana": lambda rng: f"glsa_{chars(rng, ALNUM, 32)}_{chars(rng, HEX, 8)}",
    "newrelic": lambda rng: "NRAK-" + chars(rng, string.ascii_uppercase + string.digits, 27),
    "databricks": lambda rng: "dapi" + chars(rng, HEX, 32),
    "doppler": lambda rng: "dp.pt." + chars(rng, ALNUM, 43),
    "tailscale": lambda rng: f"tskey-auth-{chars(rng, ALNUM, 17)}-{chars(rng, ALNUM, 33)}",
    "sentry": lambda rng: "sntrys_eyJ" + chars(rng, URL_SAFE, 120),
    "atlassian": lambda rng: "ATATT3xFfGF0" + chars(rng, URL_SAFE, 180),
    "fcm": lambda rng: f"AAAA{chars(rng, URL_SAFE, 7)}:APA91b{chars(rng, URL_SAFE, 134)}",
    "shopify_shared": lambda rng: "shpss_" + chars(rng, HEX, 32),
    "heroku": lambda rng: f"HRKU-AA{chars(rng, URL_SAFE, 58)}",
    "cloudflare_origin": lambda rng: f"v1.0-{chars(rng, HEX, 24)}-{chars(rng, HEX, 146)}",
    "teams_legacy": lambda rng: (
        f"https://outlook.office.com/webhook/{chars(rng, HEX, 8)}-{chars(rng, HEX, 4)}"
        f"-{chars(rng, HEX, 4)}-{chars(rng, HEX, 4)}-{chars(rng, HEX, 12)}@{chars(rng, HEX, 8)}"
        f"/IncomingWebhook/{chars(rng, HEX, 32)}/{chars(rng, HEX, 8)}"
    ),
    "discord_bot_random": lambda rng: (
        f"{rng.choice('MNO')}{chars(rng, ALNUM, 25)}.{chars(rng, URL_SAFE, 6)}"
        f".{chars(rng, URL_SAFE, 38)}"
    ),
    "buildkite_agent": lambda rng: "bkct_" + chars(rng, URL_SAFE, 73),
    "b62_40": lambda rng: chars(rng, ALNUM, 40),
    "b62_24": lambda rng: chars(rng, ALNUM, 24),
    "google_access": lambda rng: "ya29.a0" + chars(rng, URL_SAFE, 120),
    "deepseek": lambda rng: "sk-" + chars(rng, HEX, 32),
    "azure_ad": lambda rng: f"{chars(rng, ALNUM, 3)}8Q~{chars(rng, ALNUM + '_~.-', 34)}",
    "gitlab_trigger": lambda rng: "glptt-" + chars(rng, HEX, 40),
    "hex40": lambda rng: chars(rng, HEX, 40),
    "b64line": lambda rng: chars(rng, ALNUM + "+/", 64),
    "jwt": fake_jwt,
    "key_body": fake_key_body,
}


@dataclass(frozen=True, slots=True)
class CorpusEntry:
    text: str
    family: SecretFamily | None  # None for a hard negative
    kind: str  # the corpus's own category, for recall per kind of secret
    lang: str
    secret: str | None  # the exact text a finding of `family` must span

    @property
    def label(self) -> str:
        return f"{self.kind}-{self.lang}"


HOLDOUT_FAMILIES = {
    "keyword": SecretFamily.KEYWORD_VALUE,
    "token": SecretFamily.TOKEN_FORMAT,
    "card": SecretFamily.CARD_NUMBER,
}


def load_corpus(path: Path = SEED_CORPUS, seed: int = SEED) -> list[CorpusEntry]:
    if path in HOLDOUTS or path in TRAIN_CORPORA:
        return load_holdout(path)
    if path in (DEV3_CORPUS, DEV4_CORPUS):
        return load_holdout(path, by_kind=True)
    rng = random.Random(seed)
    lines = path.read_text(encoding="utf-8").splitlines()
    return [entry_from_row(json.loads(line), rng) for line in lines if line.strip()]


def load_holdout(path: Path, seed: int = SEED, *, by_kind: bool = False) -> list[CorpusEntry]:
    """The blind corpora have their own format: a family per row; `{fake:NAME}` tokens are
    filled by the seeded generator (the first four hold-outs have none). Their rows are counted
    per family, or per the row's own kind (`by_kind`) where it names the mechanism tried."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    rng = random.Random(seed)

    def fill(text: str) -> str:
        return FAKE_PLACEHOLDER.sub(lambda match: FAKES[match[1]](rng), text)

    return [
        CorpusEntry(
            fill(row["text"]),
            HOLDOUT_FAMILIES[row["family"]] if row["secret"] else None,
            row["kind"] if by_kind else row["family"],
            row["lang"],
            None,
        )
        for row in rows
    ]


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
        fill(row["text"]),
        family,
        row.get("kind", row["family"]),
        row["lang"],
        None if secret is None else fill(secret),
    )


def caught_per_family(corpus: list[CorpusEntry]) -> tuple[dict[str, int], int]:
    """Secrets the guard refuses per family (a row's kind), and hard negatives it refuses."""
    caught: dict[str, int] = {}
    for entry in corpus:
        if entry.family is not None:
            caught[entry.kind] = caught.get(entry.kind, 0) + (find_secret(entry.text) is not None)
    flagged = sum(find_secret(e.text) is not None for e in corpus if e.family is None)
    return caught, flagged


def keyword_values(text: str) -> list[str]:
    """The text of every keyword finding in `text`: what the guard tests' cases name."""
    return [
        text[finding.start : finding.end]
        for finding in find_secrets(text)
        if finding.family is SecretFamily.KEYWORD_VALUE
    ]
