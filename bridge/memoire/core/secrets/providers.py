"""Provider token formats: the rules derived from Kingfisher's maintained set, plus a few more.

Most provider tokens start with a fixed prefix holding "_" or "-" (glpat-, npm_, dop_v1_). Prose
holds few of those characters, so the guard looks only where they are: it reads the run of
letters and digits before each one, and tries the rules whose prefix starts that way. The few
formats without such a prefix are found by a literal that they always contain.
"""

import base64
import binascii
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from memoire.core.secrets.derived_rules import DERIVED_RULES

_END = r"(?![\w-])"
# memoire's own rules from the seed (after gitleaks' public rules, MIT): first, so their names win.
_SEED_PREFIXED_RULES: tuple[tuple[str, str, str], ...] = (
    *(("github-token", f"gh{kind}_", r"(gh[pousr]_[A-Za-z0-9]{36,255})\b") for kind in "pousr"),
    ("github-fine-grained-pat", "github_pat_", r"(github_pat_[A-Za-z0-9_]{82,})\b"),
    ("gitlab-pat", "glpat-", r"(glpat-[\w.-]{20,})"),
    *(
        ("slack-token", f"xox{kind}-", r"(xox[abeoprs]-[0-9]{6,}-[A-Za-z0-9-]{10,})")
        for kind in "abeoprs"
    ),
    ("slack-token", "xapp-", r"(xapp-[0-9]-[A-Z0-9]+-[0-9]+-[a-z0-9]+)"),
    (
        "openai-api-key",
        "sk-",
        r"(sk-(?:(?:proj|svcacct|admin)-[\w-]{32,}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}))",
    ),
    ("anthropic-api-key", "sk-ant-", r"(sk-ant-(?:api03|admin01)-[\w-]{32,})"),
    *(
        ("stripe-key", f"{kind}k_", r"([sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,99})\b")
        for kind in "sr"
    ),
    ("huggingface-token", "hf_", r"(hf_[A-Za-z0-9]{34})\b"),
)
# Formats Kingfisher's high-confidence, prefix-led rules leave out (keyword-led there, or newer).
_EXTRA_PREFIXED_RULES: tuple[tuple[str, str, str], ...] = (
    ("gitlab-runner-token", "glrt-", rf"glrt-[\w-]{{20,}}{_END}"),
    ("gitlab-deploy-token", "gldt-", rf"gldt-[\w-]{{20,}}{_END}"),
    ("google-oauth-client-secret", "GOCSPX-", rf"GOCSPX-[\w-]{{28}}{_END}"),
    ("stripe-webhook-secret", "whsec_", rf"whsec_[A-Za-z0-9]{{32,}}{_END}"),
    ("mailgun-private-key", "key-", rf"key-[0-9a-f]{{32}}{_END}"),
    ("pypi-token", "pypi-", rf"pypi-AgEIcHlwaS5vcmc[\w-]{{50,}}{_END}"),
    ("shopify-token", "shpat_", rf"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{{32}}{_END}"),
    ("square-token", "sq0atp-", rf"sq0atp-[\w-]{{22}}{_END}"),
    ("square-secret", "sq0csp-", rf"sq0csp-[\w-]{{43}}{_END}"),
    ("linear-api-key", "lin_api_", rf"lin_api_[A-Za-z0-9]{{40}}{_END}"),
    ("notion-token", "secret_", rf"secret_[A-Za-z0-9]{{43}}{_END}"),
    ("notion-token", "ntn_", rf"ntn_[A-Za-z0-9]{{40,50}}{_END}"),
    ("postman-api-key", "PMAK-", rf"PMAK-[a-f0-9]{{24}}-[a-f0-9]{{34}}{_END}"),
    ("age-secret-key", "AGE-", rf"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{{58}}{_END}"),
    ("newrelic-user-key", "NRAK-", rf"NRAK-[A-Z0-9]{{27}}{_END}"),
    ("tailscale-key", "tskey-", rf"tskey-(?:auth|client|api|webhook|scim)-[\w-]{{20,}}{_END}"),
    ("sentry-org-token", "sntrys_", rf"sntrys_eyJ[A-Za-z0-9+/=_-]{{50,}}{_END}"),
    ("docker-hub-token", "dckr_", rf"dckr_(?:pat|oat)_[\w-]{{27,}}{_END}"),
    ("openai-api-key", "sk-", rf"sk-(?:proj|svcacct|admin)-[\w-]{{32,}}{_END}"),
    ("xai-api-key", "xai-", rf"xai-[A-Za-z0-9]{{70,90}}{_END}"),
    ("putty-private-key", "PuTTY-", r"PuTTY-User-Key-File-[23]: [\w-]+"),
    ("twilio-api-key", "twilio_", rf"twilio_[A-Za-z0-9_]*[ =:'\"]+[a-f0-9]{{32}}{_END}"),
)
# Formats recognised by a literal they always hold. Patterns start with their literal where they
# can (the word boundary checked after it), so that `re` skips ahead to it.
_LITERAL_RULES: tuple[tuple[str, str, str], ...] = (
    ("telegram-bot-token", ":AA", r"\b[0-9]{8,10}:AA[\w-]{33}(?![\w-])"),
    (
        "discord-webhook",
        "discord",
        r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/"
        r"[0-9]{17,20}/[\w-]{60,}",
    ),
    ("teams-webhook", "webhook.office.com", r"https://[\w-]+\.webhook\.office\.com/webhookb2/\S+"),
    ("sendgrid-api-key", "SG.", r"SG\.(?<!\wSG\.)[\w-]{22}\.[\w-]{43}(?![\w-])"),
    ("mailchimp-api-key", "-us", r"\b[0-9a-f]{32}-us[0-9]{1,2}\b"),
    ("twilio-api-key", "SK", r"SK(?<!\wSK)[0-9a-fA-F]{32}\b"),
    ("vault-token", "hvs.", r"hvs\.(?<!\whvs\.)[\w-]{90,}"),
    ("doppler-token", "dp.", r"dp\.(?<!\wdp\.)(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b"),
    ("terraform-cloud-token", "atlasv1", r"\b[A-Za-z0-9]{14}\.atlasv1\.[\w=-]{60,70}"),
    ("azure-storage-key", "AccountKey=", r"AccountKey=[A-Za-z0-9+/]{86}=="),
    ("firebase-cloud-messaging-key", ":APA91b", r"AAAA(?<!\wAAAA)[\w-]{7}:APA91b[\w-]{134}"),
    ("databricks-token", "dapi", r"dapi(?<!\wdapi)[a-f0-9]{32}(?:-\d)?\b"),
    ("google-service-account", "service_account", r"\"private_key(?:_id)?\"\s*:\s*\"[^\"]{20,}"),
    ("square-access-token", "EAAA", r"EAAA(?<!\wEAAA)[\w-]{22,60}(?![\w-])"),
)


@dataclass(frozen=True, slots=True)
class _Rule:
    name: str
    pattern: re.Pattern[str]


def _by_key() -> dict[str, list[_Rule]]:
    """Rules indexed by their prefix up to its first "_" or "-": what the scan can read back."""
    rules: dict[str, list[_Rule]] = defaultdict(list)
    for rule_id, prefix, pattern in (
        *_SEED_PREFIXED_RULES,
        *DERIVED_RULES,
        *_EXTRA_PREFIXED_RULES,
    ):
        cut = min(i for i in (prefix.find("_"), prefix.find("-")) if i >= 0)
        name = rule_id.removeprefix("betterleaks.")
        rules[prefix[: cut + 1]].append(_Rule(name, re.compile(pattern)))
    return dict(rules)


_PREFIXED = _by_key()
# Key lengths by the character before the separator: most "-" and "_" in prose follow a space,
# a digit or a letter no key ends with, and cost one lookup.
_KEY_LENGTHS: dict[str, list[int]] = defaultdict(list)
for _key in sorted(_PREFIXED, key=len):
    if len(_key) not in _KEY_LENGTHS[_key[-2]]:
        _KEY_LENGTHS[_key[-2]].append(len(_key))
_TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_LITERAL_COMPILED = tuple(
    (name, literal, re.compile(pattern)) for name, literal, pattern in _LITERAL_RULES
)


def find_provider_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    yield from _find_prefixed(text, "_")
    yield from _find_prefixed(text, "-")
    for name, literal, pattern in _LITERAL_COMPILED:
        if literal in text:
            for match in pattern.finditer(text):
                yield (name, *match.span())
    yield from _find_discord_bot_tokens(text)


def _find_prefixed(text: str, separator: str) -> Iterator[tuple[str, int, int]]:
    position = text.find(separator)
    while position != -1:
        end = position + 1
        for length in _KEY_LENGTHS.get(text[position - 1], ()) if position else ():
            start = end - length
            rules = _PREFIXED.get(text[start:end]) if start >= 0 else None
            if rules is not None and (start == 0 or text[start - 1] not in _TOKEN_CHARS):
                yield from _first_match(text, start, rules)
                break
        position = text.find(separator, end)


def _first_match(text: str, start: int, rules: list[_Rule]) -> Iterator[tuple[str, int, int]]:
    for rule in rules:
        match = rule.pattern.match(text, start)
        if match is not None:
            group = 1 if rule.pattern.groups else 0  # derived rules capture the token
            yield (rule.name, *match.span(group))
            return


# A Discord bot token is the bot's numeric id in base64, a timestamp and an HMAC, joined by dots:
# the guard looks for the dotted tail, then checks that the head decodes to a snowflake id.
_DISCORD_TAIL = re.compile(r"\.[\w-]{6}\.[\w-]{27,38}(?![\w-])")
_DISCORD_HEAD = re.compile(r"(?<![\w-])[A-Za-z0-9]{23,28}\Z")
_SNOWFLAKE = re.compile(rb"[0-9]{17,20}")


def _find_discord_bot_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    for tail in _DISCORD_TAIL.finditer(text):
        head = _DISCORD_HEAD.search(text, max(0, tail.start() - 28), tail.start())
        if head is not None and _is_snowflake(head[0]):
            yield ("discord-bot-token", head.start(), tail.end())


def _is_snowflake(encoded: str) -> bool:
    try:
        decoded = base64.b64decode(encoded + "=" * (-len(encoded) % 4))
    except binascii.Error:
        return False
    return _SNOWFLAKE.fullmatch(decoded) is not None
