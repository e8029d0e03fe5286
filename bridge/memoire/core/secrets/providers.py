"""Provider token formats: the rules derived from Kingfisher's maintained set, plus a few more.

Most provider tokens start with a fixed prefix holding "_" or "-" (glpat-, npm_, dop_v1_). Prose
holds few of those characters, so the guard looks only where they are: it reads the run of
letters and digits before each one, and tries the rules whose prefix starts that way. The few
formats without such a prefix are found by a literal that they always contain.
"""

import base64
import binascii
import functools
import itertools
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from memoire.core.secrets.derived_rules import DERIVED_RULES
from memoire.core.secrets.text import holds

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
    ("heroku-api-key", "HRKU-", rf"HRKU-[\w-]{{40,80}}{_END}"),
    (
        "gitlab-token",
        "glptt-",
        rf"gl(?:ptt|cbt|oas|soat|ffct|imt|agent|ft|dt|rt|pat)-[\w.-]{{20,}}{_END}",
    ),
    ("netlify-token", "nfp_", rf"nfp_[A-Za-z0-9]{{36,40}}{_END}"),
    ("fly-token", "fo1_", rf"fo1_[\w-]{{40,50}}{_END}"),
    ("onepassword-service-token", "ops_", rf"ops_eyJ[\w+/=-]{{50,}}{_END}"),
    ("deepseek-api-key", "sk-", rf"sk-[a-f0-9]{{32}}{_END}"),
    (
        "plaid-access-token",
        "access-",
        rf"access-(?:sandbox|development|production)-[a-f0-9-]{{36}}{_END}",
    ),
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
    ("telegram-bot-token", ":A", r"\b[0-9]{8,10}:AA[\w-]{33}(?![\w-])"),
    (
        "discord-webhook",
        "discord",
        r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/"
        r"[0-9]{17,20}/[\w-]{60,}",
    ),
    ("teams-webhook", "office", r"https://[\w-]+\.webhook\.office\.com/webhookb2/\S+"),
    (
        "teams-webhook",
        "office",
        r"https://outlook\.office(?:365)?\.com/webhook/[\w-]{8,}@[\w-]+\S*",
    ),
    ("cloudflare-origin-ca-key", "v1.0-", r"v1\.0-(?<!\wv1\.0-)[a-f0-9]{24}-[a-f0-9]{40,160}\b"),
    ("sendgrid-api-key", "SG.", r"SG\.(?<!\wSG\.)[\w-]{22}\.[\w-]{43}(?![\w-])"),
    ("mailchimp-api-key", "-us", r"\b[0-9a-f]{32}-us[0-9]{1,2}\b"),
    ("twilio-api-key", "SK", r"SK(?<!\wSK)[0-9a-fA-F]{32}\b"),
    ("vault-token", "hv", r"hv[sbr]\.(?<!\whv[sbr]\.)[\w-]{90,}"),
    ("doppler-token", "dp.", r"dp\.(?<!\wdp\.)(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b"),
    ("terraform-cloud-token", "atlasv1", r"\b[A-Za-z0-9]{14}\.atlasv1\.[\w=-]{60,70}"),
    ("azure-storage-key", "AccountKey=", r"AccountKey=[A-Za-z0-9+/]{86}=="),
    ("firebase-cloud-messaging-key", ":A", r"AAAA(?<!\wAAAA)[\w-]{7}:APA91b[\w-]{134}"),
    ("databricks-token", "dapi", r"dapi(?<!\wdapi)[a-f0-9]{32}(?:-\d)?\b"),
    ("google-service-account", "service_account", r"\"private_key(?:_id)?\"\s*:\s*\"[^\"]{20,}"),
    ("square-access-token", "EAA", r"EAAA(?<!\wEAAA)[\w-]{22,60}(?![\w-])"),
    ("facebook-access-token", "EAA", r"EAA(?<!\wEAA)[A-Za-z0-9]{90,}"),
    ("twitter-bearer-token", "AAAAAAAAAAAAAAAAAAAA", r"A{22}[A-Za-z0-9%]{60,}"),
    (
        "braintree-access-token",
        "access_token$",
        r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}",
    ),
    ("sentry-dsn", "sentry.io", r"https://(?P<secret>[0-9a-f]{32})@[\w.-]*sentry\.io/[0-9]+"),
    ("twitch-oauth-token", "oauth:", r"oauth:(?P<secret>[a-z0-9]{30})\b"),
    ("atlassian-api-token", "AT", r"AT[AC]TT(?<!\wAT[AC]TT)[\w=-]{100,}"),
    ("bitbucket-app-password", "AT", r"ATBB(?<!\wATBB)[A-Za-z0-9_=.-]{28,}"),
    ("google-oauth-access-token", "ya29.", r"ya29\.(?<!\wya29\.)[\w-]{30,}"),
    ("google-oauth-refresh-token", "1//0", r"(?<![\w/])1//0[\w-]{30,}"),
    ("dropbox-token", "sl.", r"sl\.(?<!\wsl\.)[\w-]{60,}"),
    ("mapbox-secret-token", "sk.eyJ", r"sk\.eyJ(?<!\wsk\.eyJ)[\w.-]{50,}"),
    (
        "deepl-api-key",
        ":fx",
        r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:fx\b",
    ),
    ("airtable-token", "pat", r"pat(?<!\wpat)[A-Za-z0-9]{14}\.[a-f0-9]{64}\b"),
    ("azure-ad-client-secret", "Q~", r"(?<![\w~.])[\w~.]{3}[0-9]Q~[\w~.-]{31,34}(?![\w~.-])"),
    ("nuget-api-key", "oy2", r"oy2(?<!\woy2)[a-z0-9]{43}\b"),
    ("crates-io-token", "cio", r"cio(?<!\wcio)[A-Za-z0-9]{32}\b"),
    (
        "ifttt-webhook-key",
        "ifttt",
        r"maker\.ifttt\.com/(?:trigger/[^/\s]+/with/)?key/(?P<secret>[\w-]{20,})",
    ),
    ("azure-sas-signature", "sig=", r"[?&]sig=(?P<secret>[A-Za-z0-9%+/]{30,})"),
    ("azure-shared-access-key", "SharedAccessKey=", r"SharedAccessKey=[A-Za-z0-9+/=]{40,}"),
    ("alibaba-access-key", "LTAI", r"LTAI(?<!\wLTAI)[A-Za-z0-9]{12,20}\b"),
)


@dataclass(frozen=True, slots=True)
class _Rule:
    """A rule compiled on first use: a note reaches the few rules whose prefix it holds, and
    compiling all of them would cost every process start tens of milliseconds."""

    name: str
    source: str

    @property
    def pattern(self) -> re.Pattern[str]:
        return _compiled(self.source)


@functools.cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


def _by_key() -> dict[str, list[_Rule]]:
    """Rules indexed by every prefix they accept up to its first "_" or "-": what the scan can
    read back. A rule for shp(?:at|ca|pa|ss)_ is found at shpss_ as well as at shpat_."""
    rules: dict[str, list[_Rule]] = defaultdict(list)
    for rule_id, prefix, pattern in (
        *_SEED_PREFIXED_RULES,
        *DERIVED_RULES,
        *_EXTRA_PREFIXED_RULES,
    ):
        rule = _Rule(rule_id.removeprefix("betterleaks."), pattern)
        for key in leading_keys(pattern) or {_key_of(prefix)}:
            if rule not in rules[key]:
                rules[key].append(rule)
    return dict(rules)


def _key_of(prefix: str) -> str:
    cut = min(i for i in (prefix.find("_"), prefix.find("-")) if i >= 0)
    return prefix[: cut + 1]


_LEADING_NOISE = re.compile(r"(?:\(\?i\)|\\b)*")
_PLAIN = re.compile(r"[A-Za-z0-9]")
_MAX_KEYS = 64


def leading_keys(pattern: str) -> set[str]:
    """Every text a pattern can start with up to its first "_" or "-", spelled out from its
    literals, small classes ([pousr]) and alternations ((?:at|ca), a|b); empty when the pattern
    starts some other way, and the rule's declared prefix is used instead."""
    keys = _expand(_LEADING_NOISE.sub("", pattern, count=1), 0, "")
    return keys if keys is not None and len(keys) <= _MAX_KEYS else set()


def _expand(pattern: str, position: int, head: str) -> set[str] | None:
    """The keys of `pattern` from `position`, `head` read so far; None if it cannot say."""
    if position >= len(pattern):
        return None
    char = pattern[position]
    if char in "_-":
        return {head + char}
    if _PLAIN.fullmatch(char):
        return _expand(pattern, position + 1, head + char)
    if char == "[":
        end = pattern.find("]", position)
        members = pattern[position + 1 : end]
        if end == -1 or not all(_PLAIN.fullmatch(member) for member in members):
            return None
        return _union(_expand(pattern, end + 1, head + member) for member in members)
    if char == "(":
        opening = 3 if pattern.startswith("(?:", position) else 1
        closing = _closing(pattern, position)
        if closing is None or (opening == 1 and pattern.startswith("(?", position)):
            return None
        rest = pattern[closing + 1 :]
        body = pattern[position + opening : closing]
        return _union(_expand(option + rest, 0, head) for option in _options(body))
    return None


def _union(parts: Iterator[set[str] | None]) -> set[str] | None:
    keys: set[str] = set()
    for part in parts:
        if part is None:
            return None
        keys |= part
    return keys


def _closing(pattern: str, start: int) -> int | None:
    depth, escaped = 0, False
    for index in range(start, len(pattern)):
        char, escaped = ("", False) if escaped else (pattern[index], pattern[index] == "\\")
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char == ")":
            return index
    return None


def _options(group: str) -> list[str]:
    """The alternatives of a group's body, split at its own top-level "|"."""
    options, depth, start = [], 0, 0
    for index, char in enumerate(group):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "|" and depth == 0:
            options.append(group[start:index])
            start = index + 1
    return [*options, group[start:]]


_PREFIXED = _by_key()
# Key lengths by the character before the separator: most "-" and "_" in prose follow a space,
# a digit or a letter no key ends with, and cost one lookup.
_KEY_LENGTHS: dict[str, list[int]] = defaultdict(list)
for _key in sorted(_PREFIXED, key=len):
    if len(_key) not in _KEY_LENGTHS[_key[-2]]:
        _KEY_LENGTHS[_key[-2]].append(len(_key))
_TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
# Rules by the literal they hold: each literal is looked for once, whatever rules share it.
_LITERAL_COMPILED: dict[str, list[tuple[str, re.Pattern[str]]]] = defaultdict(list)
for _name, _literal, _pattern in _LITERAL_RULES:
    _LITERAL_COMPILED[_literal].append((_name, re.compile(_pattern)))


def find_provider_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    yield from _find_prefixed(text, "_")
    yield from _find_prefixed(text, "-")
    for literal, rules in _LITERAL_COMPILED.items():
        if holds(text, literal):
            for name, pattern in rules:
                for match in pattern.finditer(text):
                    yield (name, *match.span("secret" if pattern.groupindex else 0))
    yield from _find_discord_bot_tokens(text)


def _find_prefixed(text: str, separator: str) -> Iterator[tuple[str, int, int]]:
    position = text.find(separator)
    while position != -1:
        end = position + 1
        found = False
        for length in _KEY_LENGTHS.get(text[position - 1], ()) if position else ():
            start = end - length
            rules = _PREFIXED.get(text[start:end]) if start >= 0 else None
            if rules is not None and (start == 0 or text[start - 1] not in _TOKEN_CHARS):
                for finding in _first_match(text, start, rules):
                    found = True
                    yield finding
                break
        if not found and position and text[position - 1].isalnum():
            yield from _generic_prefixed(text, position)
        position = text.find(separator, end)


# Providers this list does not know still mint tokens the same way: a short name, "_" or "-",
# then random letters and digits (acme_live_8fK2…). Random means many changes between upper
# case, lower case and digits; a file name (IMG_20240612_Vacances_Plage) has few.
_GENERIC_PREFIXED = re.compile(
    r"(?P<prefix>[A-Za-z][A-Za-z0-9]{1,9})[_-](?P<body>[A-Za-z0-9_-]{24,200})(?![\w-])"
)
_MAX_PREFIX = 10
_HASH_NAMES = frozenset(("sha", "sha1", "sha224", "sha256", "sha384", "sha512", "md5", "blake2b"))
_NOT_BEFORE_A_TOKEN = frozenset("/.@+\\=%&?#")
_MIN_CLASS_CHANGES = 0.4
_MIN_OF_EACH_CLASS = 2
_MIN_HEX = 32
_HEX = re.compile("[0-9a-f]+")


def _generic_prefixed(text: str, separator: int) -> Iterator[tuple[str, int, int]]:
    start = separator - 1
    while start > 0 and text[start - 1].isalnum() and separator - start <= _MAX_PREFIX:
        start -= 1
    if start and (text[start - 1] in _TOKEN_CHARS or text[start - 1] in _NOT_BEFORE_A_TOKEN):
        return
    match = _GENERIC_PREFIXED.match(text, start)
    if match is None or match["prefix"].lower() in _HASH_NAMES:
        return
    if looks_random(match["body"].replace("_", "").replace("-", "")):
        yield ("generic-prefixed-token", *match.span())


def looks_random(body: str) -> bool:
    """Mixed case with a digit (base62), or lower-case hex, changing class often."""
    upper = sum(char.isupper() for char in body)
    lower = sum(char.islower() for char in body)
    digits = sum(char.isdigit() for char in body)
    mixed = min(upper, lower) >= _MIN_OF_EACH_CLASS and (digits > 0 or min(upper, lower) > 3)
    hexadecimal = upper == 0 and len(body) >= _MIN_HEX and _HEX.fullmatch(body) is not None
    if not (mixed or (hexadecimal and digits >= _MIN_OF_EACH_CLASS < lower)):
        return False
    classes = [0 if char.isdigit() else 1 if char.isupper() else 2 for char in body]
    changes = sum(a != b for a, b in itertools.pairwise(classes))
    return changes >= _MIN_CLASS_CHANGES * (len(body) - 1)


def _first_match(text: str, start: int, rules: list[_Rule]) -> Iterator[tuple[str, int, int]]:
    for rule in rules:
        match = rule.pattern.match(text, start)
        if match is not None:
            group = 1 if rule.pattern.groups else 0  # derived rules capture the token
            yield (rule.name, *match.span(group))
            return


# A Discord bot token is the bot's numeric id in base64, a timestamp and an HMAC, joined by dots:
# the guard looks for the dotted tail, then checks the head. An id's first digit (1-9) encodes
# as M, N or O; a head that decodes to other readable text is someone's base64, not an id.
_DISCORD_TAIL = re.compile(r"\.[\w-]{6}\.[\w-]{27,38}(?![\w-])")
_DISCORD_HEAD = re.compile(r"(?<![\w-])[MNO][A-Za-z0-9]{22,27}\Z")
_SNOWFLAKE = re.compile(rb"[0-9]{17,20}")
_READABLE = re.compile(rb"[\x20-\x7e]+")


def _find_discord_bot_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    for tail in _DISCORD_TAIL.finditer(text):
        head = _DISCORD_HEAD.search(text, max(0, tail.start() - 28), tail.start())
        if head is not None and _may_be_an_id(head[0]):
            yield ("discord-bot-token", head.start(), tail.end())


def _may_be_an_id(encoded: str) -> bool:
    """A snowflake id in base64, or bytes no one wrote as text (a token typed from memory)."""
    try:
        decoded = base64.b64decode(encoded + "=" * (-len(encoded) % 4))
    except binascii.Error:
        return False
    return _SNOWFLAKE.fullmatch(decoded) is not None or _READABLE.fullmatch(decoded) is None
