"""The secret guard that every write goes through.

It is a heuristic against honest mistakes (a password pasted into a note), not a barrier against
someone who means to smuggle a secret in: it would rather miss an odd secret than refuse prose.

Rule source (issue 9): provider formats come from Kingfisher's maintained rule set, derived into
pure Python by bench/secrets_derive_rules.py (providers.py), not from the package at run time:
kingfisher-secret-scanner has no musl wheels (Home Assistant's containers), weighs 36 MB and
compiles its rules for seconds, and alone caught 32 % of the dev corpus; detect-secrets flagged
98 % of the hard negatives. Keywords (English and French), household codes, credentials in URLs
and headers, and cards (Luhn + IIN) are memoire's own. Numbers: bench/secrets_corpus.py.

Beside the keyword rules here: values scored near a secret noun (window.py), household codes
(codes.py), passwords given to known commands (commands.py), ordinary words given as a password
right after its label (passphrases.py), every rule again on the lines of a misspelt noun
(typos.py, `_find_behind_misspelt_nouns`), and last every (noun, value) pair whatever its
layout, scored by weighted named features fitted on the spent corpora (slots.py): the rules
above reach ~98 % on the corpora they studied but 82-91 % on each next blind one, and the
slots carry what they have not seen (bench/secrets_fit_slots.py measures it file by file).
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import chain

from memoire.core.secrets.blocks import find_credential_blocks
from memoire.core.secrets.chat_codes import find_chat_codes
from memoire.core.secrets.code_lists import find_listed_codes
from memoire.core.secrets.code_words import find_code_words
from memoire.core.secrets.codes import find_household_codes, is_postal_pin
from memoire.core.secrets.commands import find_command_passwords
from memoire.core.secrets.dictated import find_dictated_passwords
from memoire.core.secrets.layouts import (
    find_chat_replies,
    find_codes_on_the_next_line,
    find_explained_values,
    find_quoted_and_card_codes,
    find_values_after_a_blank_line,
)
from memoire.core.secrets.letter_locks import find_letter_locks
from memoire.core.secrets.lines import find_line_secrets
from memoire.core.secrets.lookalikes import (
    is_a_code_keeper,
    is_a_network_name,
    is_a_things_number,
    is_amount_or_range,
    is_given_as_an_example,
    is_other_band,
    is_piped_command,
    is_security_mode,
    is_shown_not_used,
    is_who_is_called,
    says_where_it_is,
)
from memoire.core.secrets.made_passwords import find_made_passwords
from memoire.core.secrets.passphrases import find_word_passphrases
from memoire.core.secrets.place_codes import find_place_codes
from memoire.core.secrets.providers import find_provider_tokens, looks_random
from memoire.core.secrets.recovery_codes import find_recovery_codes
from memoire.core.secrets.security_answers import find_security_answers
from memoire.core.secrets.set_codes import (
    find_changed_runs,
    find_leaked_changes,
    find_set_codes,
)
from memoire.core.secrets.slots import SLOT_RULE, find_slot_secrets
from memoire.core.secrets.spaced_digits import joined_digit_runs
from memoire.core.secrets.spoken_digits import find_spoken_digits
from memoire.core.secrets.text import (
    character_classes,
    end_of_line,
    holds,
    is_markup_attribute,
    line_start_within,
    lowered,
    positions,
    start_of_line,
    with_plain_hyphens,
)
from memoire.core.secrets.typos import repaired_lines
from memoire.core.secrets.web import find_auth_headers, find_url_credentials
from memoire.core.secrets.window import find_window_secrets
from memoire.core.secrets.worked_codes import find_worked_codes

# Values judged, kept by their text: a long list or table repeats its values ("n/a", "same as
# above", one code per line), and the same value is judged again by each rule near it.
_VALUES_KEPT = 4096
REFUSAL_MESSAGE = (
    "Refused: this looks like a secret. The memory never keeps secrets; nothing was written."
)


class SecretFamily(StrEnum):
    KEYWORD_VALUE = "keyword-value"
    TOKEN_FORMAT = "token-format"
    CARD_NUMBER = "card-number"
    URL_CREDENTIALS = "url-credentials"
    AUTH_HEADER = "auth-header"


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """Where a secret sits, so a caller can refuse the write or point at (or redact) the span."""

    family: SecretFamily
    rule: str
    start: int
    end: int


def find_secrets(text: str) -> list[SecretFinding]:
    """Every secret, in text order, once per family and span (the rule found first names it).

    A scored slot (slots.py) that overlaps another finding adds nothing: the rule's span is
    the more exact one."""
    by_span: dict[tuple[SecretFamily, int, int], SecretFinding] = {}
    slotted: list[SecretFinding] = []
    for finding in _scan(text):
        if finding.rule == SLOT_RULE:
            slotted.append(finding)
        else:
            by_span.setdefault((finding.family, finding.start, finding.end), finding)
    ruled = list(by_span.values())
    for finding in slotted:
        if not any(finding.start < other.end and other.start < finding.end for other in ruled):
            by_span.setdefault((finding.family, finding.start, finding.end), finding)
    return sorted(by_span.values(), key=lambda finding: (finding.start, finding.end))


def find_secret(text: str) -> SecretFinding | None:
    """The first secret found, cheapest family first: the guard needs one, not the leftmost."""
    return next(_scan(text), None)


def _scan(text: str) -> Iterator[SecretFinding]:
    """Every rule's findings but an app's name where a code would stand ("see 1Password"), in
    the note with its dashes between digits read as hyphens."""
    text = with_plain_hyphens(text)
    lower = lowered(text)
    findings = chain(
        _scan_spelt(text, lower),
        _find_behind_misspelt_nouns(text, lower),
        _find_in_joined_digits(text),
        _find_line_secrets(text, lower),
    )
    for finding in findings:
        if not is_a_code_keeper(text[finding.start : finding.end]):
            yield finding


def _find_line_secrets(text: str, lower: str) -> Iterator[SecretFinding]:
    for rule, start, end in find_line_secrets(text, lower):
        if not is_shown_not_used(text, lower, start, end) and not is_who_is_called(lower, start):
            yield SecretFinding(SecretFamily.KEYWORD_VALUE, rule, start, end)


def _scan_spelt(text: str, lower: str) -> Iterator[SecretFinding]:
    """Every rule, each of which starts from nouns spelt right."""
    yield from _find_tokens(text, lower)
    for rule, start, end in find_provider_tokens(text):
        if not _is_documentation_example(text[start:end]):
            yield SecretFinding(SecretFamily.TOKEN_FORMAT, rule, start, end)
    yield from _found(SecretFamily.URL_CREDENTIALS, find_url_credentials(text))
    yield from _found(SecretFamily.AUTH_HEADER, find_auth_headers(text, lower))
    yield from _found(SecretFamily.AUTH_HEADER, find_command_passwords(text))
    yield from _find_cards(text)
    yield from _found(SecretFamily.KEYWORD_VALUE, find_household_codes(text, lower))
    yield from _find_keyword_values(text, lower)
    yield from _find_login_pairs(text, lower)
    yield from _find_environment_secrets(text)
    yield from _find_named_keys(text)
    yield from _found(SecretFamily.KEYWORD_VALUE, find_window_secrets(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_word_passphrases(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_code_words(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_security_answers(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_recovery_codes(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_chat_replies(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_values_after_a_blank_line(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_explained_values(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_codes_on_the_next_line(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_quoted_and_card_codes(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_place_codes(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_listed_codes(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_chat_codes(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_spoken_digits(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_letter_locks(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_set_codes(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_leaked_changes(lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_worked_codes(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_slot_secrets(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_credential_blocks(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_made_passwords(text, lower))
    yield from _found(SecretFamily.KEYWORD_VALUE, find_dictated_passwords(text, lower))


def _find_behind_misspelt_nouns(text: str, lower: str) -> Iterator[SecretFinding]:
    """ "pasword for the NAS: …", "mot de passse : …": the nouns' lines read again with the
    nouns spelt right; a finding in them is mapped back to the note."""
    for lines in repaired_lines(text, lower):
        for finding in _scan_spelt(lines.text, lowered(lines.text)):
            span = lines.in_note(finding.start, finding.end)
            if span is not None:
                yield SecretFinding(finding.family, finding.rule, *span)


def _find_in_joined_digits(text: str) -> Iterator[SecretFinding]:
    """ "chariot : 4 8 1 5": each rule again on the lines with the spaced digits joined; what
    it finds in a run is the run, at the note's positions."""
    for stretch in joined_digit_runs(text):
        lower = lowered(stretch.text)
        runs = tuple((start - stretch.start, end - stretch.start) for start, end in stretch.runs)
        findings = chain(
            _found(SecretFamily.KEYWORD_VALUE, find_changed_runs(stretch.text, lower, runs)),
            _scan_spelt(stretch.text, lower),
            _find_line_secrets(stretch.text, lower),
        )
        for finding in findings:
            start, end = finding.start + stretch.start, finding.end + stretch.start
            for run_start, run_end in stretch.runs:
                if start < run_end and run_start < end:
                    span = min(start, run_start), max(end, run_end)
                    yield SecretFinding(finding.family, finding.rule, *span)
                    break


def _found(family: SecretFamily, spans: Iterator[tuple[str, int, int]]) -> Iterator[SecretFinding]:
    for rule, start, end in spans:
        yield SecretFinding(family, rule, start, end)


# --- Known token formats without a "_" or "-" prefix (after gitleaks' public rules, MIT) -------
# Those with one (ghp_, glpat-, sk-ant-, xoxb-) are found with the provider rules: providers.py.


@dataclass(frozen=True, slots=True)
class _TokenRule:
    """A regex guarded by literals, one of which any match contains: `in` is far cheaper than `re`.

    A lowercase literal is looked for in the lowered note, so it stands for every case ("aws").
    Each pattern starts with its token's prefix where it has one, which lets `re` skip ahead to
    it; the word boundary before the prefix is then checked by a lookbehind (`(?<!\\w.{N})`).
    """

    name: str
    literals: tuple[str, ...]
    pattern: re.Pattern[str]


_TOKEN_RULES = (
    _TokenRule(
        "aws-access-key-id",
        ("AKIA", "ASIA", "A3T", "ABIA", "ACCA"),
        re.compile(r"(?P<secret>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)(?<!\w.{4})[A-Z2-7]{16})\b"),
    ),
    _TokenRule(
        "aws-secret-access-key",
        ("aws",),
        re.compile(
            r"[Aa][Ww][Ss][\w .-]{0,20}?(?i:secret)[\w .-]{0,20}?[\"'`]?[ \t]*(?::=|=>|=|:)[ \t]*"
            r"[\"'`]?(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
    ),
    _TokenRule(
        "slack-webhook",
        ("hooks.slack.com",),
        re.compile(
            r"(?P<secret>(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/"
            r"[A-Za-z0-9+/]{43,56})"
        ),
    ),
    _TokenRule(
        "google-api-key",
        ("AIza",),
        re.compile(r"(?P<secret>AIza(?<!\w.{4})[\w-]{35})(?![\w-])"),
    ),
    _TokenRule(
        "jwt",
        ("eyJ",),
        re.compile(r"(?P<secret>eyJ(?<!\w.{3})[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]*)"),
    ),
    _TokenRule(
        "private-key",
        ("PRIVATE KEY",),
        re.compile(r"(?P<secret>-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----)"),
    ),
)


def _find_tokens(text: str, lower: str) -> Iterator[SecretFinding]:
    for rule in _TOKEN_RULES:
        if any(holds(lower if literal.islower() else text, literal) for literal in rule.literals):
            for match in rule.pattern.finditer(text):
                if not _is_documentation_example(match["secret"]):
                    start, end = match.span("secret")
                    yield SecretFinding(SecretFamily.TOKEN_FORMAT, rule.name, start, end)


def _is_documentation_example(token: str) -> bool:
    """Vendors' sample keys (AKIA…EXAMPLE) and filler like ghp_XXXX… are not anyone's secret."""
    return "example" in token.lower() or len(set(token)) < 10


# --- Card numbers ---------------------------------------------------------------------------

# A maximal run of digits with single space or dash separators, starting with four digits (so `re`
# can skip to digits). It may not continue a number (digit or IBAN group before it, decimal after
# it) nor touch a word, "+" (phones) or "/" (dates).
_CARD_CANDIDATE = re.compile(
    r"[0-9][0-9]{3}(?<![\w+.,/][0-9]{4})(?<![0-9][ \u00a0\u202f\u2009-][0-9]{4})"
    r"(?:(?P<dotted>(?:\.[0-9]{4}){3}(?!\w|\.[0-9]))"  # 4970.1012.3456.7893: fours only
    r"|(?=(?:[ \u00a0\u202f\u2009-]?[0-9]){9})"  # 13 digits or more: no year, no phone
    r"[0-9]*+(?:[ \u00a0\u202f\u2009-][0-9]++)*+(?!\w)(?![.,][0-9]))"
)
_CARD_SEPARATOR = re.compile(r"[ \u00a0\u202f\u2009-]")
_CARD_GROUP = 4
_ISSUER_THEN_ACCOUNT = [6, 13]  # a 19-digit UnionPay as its card prints it: "621483 5260181590839"
_SIRET_LENGTH = 14
_SIRET_WINDOW = 60
_LUHN_DOUBLED = (0, 2, 4, 6, 8, 1, 3, 5, 7, 9)  # digit * 2, digits summed


@dataclass(frozen=True, slots=True)
class _CardNetwork:
    """Issuer prefixes (IIN): a Luhn-valid number outside them is an order or account number."""

    name: str
    prefixes: tuple[tuple[int, int], ...]  # inclusive ranges over as many digits as the bounds have
    lengths: frozenset[int]

    def issued(self, digits: str) -> bool:
        return len(digits) in self.lengths and any(
            low <= int(digits[: len(str(low))]) <= high for low, high in self.prefixes
        )


_LONG_CARD = frozenset(range(16, 20))
_CARD_NETWORKS = (
    _CardNetwork("visa", ((4, 4),), frozenset({13, 16, 19})),
    _CardNetwork("mastercard", ((51, 55), (2221, 2720)), frozenset({16})),
    _CardNetwork("amex", ((34, 34), (37, 37)), frozenset({15})),
    _CardNetwork("discover", ((6011, 6011), (644, 649), (65, 65)), _LONG_CARD),
    _CardNetwork("diners", ((300, 305), (36, 36), (38, 39)), frozenset(range(14, 20))),
    _CardNetwork("jcb", ((3528, 3589),), _LONG_CARD),
    _CardNetwork("unionpay", ((62, 62),), _LONG_CARD),
    _CardNetwork(
        "maestro",
        ((5018, 5018), (5020, 5020), (5038, 5038), (5893, 5893), (6304, 6304), (6759, 6763)),
        frozenset(range(13, 20)),
    ),
    _CardNetwork("mir", ((2200, 2204),), _LONG_CARD),
    _CardNetwork("troy", ((9792, 9792),), frozenset({16})),
    _CardNetwork("dankort", ((5019, 5019),), frozenset({16})),
    _CardNetwork("verve", ((506099, 506198), (650002, 650027)), frozenset({16, 18, 19})),
    _CardNetwork(
        "elo", ((509, 509), (6277, 6277), (6362, 6363), (6504, 6505), (6516, 6516)), _LONG_CARD
    ),
)


def _find_cards(text: str) -> Iterator[SecretFinding]:
    if b"0000" not in character_classes(text):
        return  # every card number starts with four digits in a row
    for match in _CARD_CANDIDATE.finditer(text):
        candidate = match[0].replace(".", " ") if match["dotted"] else match[0]
        named = _names_a_card(text, match.start())
        found = _card_in(candidate, text[match.end() : match.end() + 1], named=named)
        if found is not None and not _is_siret(text, match, found[0]):
            network, length = found
            yield SecretFinding(
                SecretFamily.CARD_NUMBER, network, match.start(), match.start() + length
            )


def _card_in(candidate: str, after: str, *, named: bool) -> tuple[str, int] | None:
    """The network and length of the card in a run of digit groups: the whole run, or the run
    without a last group that is a CVV (3 or 4 digits) or an expiry ("… 3823 11/26")."""
    network = _card_network(candidate, named=named)
    if network is not None:
        return network, len(candidate)
    *card, last = _CARD_SEPARATOR.split(candidate)
    if not named and all(len(group) == _CARD_GROUP for group in (*card, last)):
        return None  # five fours, no card named: a longer reference ("2290-3011-7201-4455-1990")
    if card and (len(last) in (3, 4) or (len(last) == 2 and after == "/")):
        length = len(candidate) - len(last) - 1
        network = _card_network(candidate[:length], named=named)
        if network is not None:
            return network, length
    return None


def _card_network(candidate: str, *, named: bool) -> str | None:
    groups = _CARD_SEPARATOR.split(candidate)
    digits = "".join(groups)
    if not 13 <= len(digits) <= 19 or not _is_card_grouping(candidate, groups, named=named):
        return None
    if not _passes_luhn(digits):
        return None
    return next((network.name for network in _CARD_NETWORKS if network.issued(digits)), None)


def _is_siret(text: str, match: re.Match[str], network: str) -> bool:
    """A SIRET is 14 digits, often Luhn-valid, and may start like a Diners card (36, 38, 300-305).

    Written whole, a Diners-like one is taken for a card unless its line names it a SIRET or
    SIREN before it: a note that keeps a company's SIRET almost always says so. Any other whole
    14-digit number is taken for a SIRET, as before.
    """
    if len(match[0]) != _SIRET_LENGTH:
        return False
    if network != "diners":
        return True  # a whole 14-digit Maestro is far rarer in a note than a SIRET
    line_start = start_of_line(text, match.start())
    before = text[max(line_start, match.start() - _SIRET_WINDOW) : match.start()].lower()
    return "siret" in before or "siren" in before


def _is_card_grouping(candidate: str, groups: list[str], *, named: bool) -> bool:
    """Cards are written whole, or from a group of four in groups of three to six (4-4-4-4,
    Amex 4-6-5, Diners 4-6-4, a 13-digit Visa 4-4-5), or as a 19-digit card's issuer and the
    rest (6-13); phones and SIRETs are not. After words
    naming a card ("dad's visa 46140831 60086993", "carte 400048 334402 7172") any grouping
    of the printed digits is the card's."""
    sizes = [len(group) for group in groups]
    if len(sizes) == 1:
        return True
    if len(set(_CARD_SEPARATOR.findall(candidate))) != 1:
        return False
    if named and all(3 <= size <= 8 for size in sizes):
        return True
    if sizes == _ISSUER_THEN_ACCOUNT:
        return True
    if sizes[0] != _CARD_GROUP:
        return False
    *middle, last = sizes[1:]
    return all(3 <= size <= 8 for size in middle) and 1 <= last <= 8


_CARD_WORDS = re.compile(
    r"\b(?:visa|master\s?card|amex|american express|maestro|discover|jcb|unionpay|diners"
    r"|card|carte|cb|credit|crédit|debit|débit)\b"
)
_CARD_WORD_REACH = 40  # characters back on the line where a card's name is looked for


def _names_a_card(text: str, position: int) -> bool:
    low = line_start_within(text, position, _CARD_WORD_REACH)
    return _CARD_WORDS.search(text[low:position].lower()) is not None


def _passes_luhn(digits: str) -> bool:
    undoubled = sum(int(digit) for digit in digits[-1::-2])
    doubled = sum(_LUHN_DOUBLED[int(digit)] for digit in digits[-2::-2])
    return (undoubled + doubled) % 10 == 0


# --- keyword = value ------------------------------------------------------------------------

_GAP = r"[ \t\u00a0\u202f]"  # spaces a line may hold, French narrow no-break space included


_WORD_START = r"(?<![^\W_])"  # not after a letter or digit; "_" is fine: DB_PASSWORD


def _after_any(prefixes: tuple[str, ...]) -> str:
    """Lookbehinds in `re` must be fixed-width, so a variable prefix becomes one per width."""
    return "(?:" + "|".join(f"(?<={_WORD_START}{prefix})" for prefix in prefixes) + ")"


class _Kind(StrEnum):
    """What a keyword names; each kind is a group of the regex and the rule name of its findings."""

    PIN = "pin"
    PASSWORD = "password"
    TOKEN = "token"


_AFTER_MOT_DE = _after_any(("mot[ _-]de[ _-]", "motde"))
_AFTER_CLE = _after_any(("cl[ée][ _-]", "clef[ _-]"))
_AFTER_CLE_DE = _after_any(
    tuple(
        cle + de for cle in ("cl[ée]", "clef") for de in ("[ _-]d['’]", "[ _-]d['’] ", " de l['’]")
    )
)
# Every keyword starts with one of these stems, French compounds too: "mot de passe" is matched
# at "passe", "clé d'API" at "API", "code PIN" at "PIN".
_AFTER_PHRASE_DE = _after_any(("phrase[ _-]de[ _-]",))
_AFTER_PHRASE = _after_any(("phrase[ _-]", "formule[ _-]"))
_AFTER_OTP = _after_any(("totp[ _-]", "otp[ _-]", "2fa[ _-]", "mfa[ _-]"))
_AFTER_CODE = _after_any(("code[ _-]", "code[ _-]du[ _-]"))  # "code wifi", "code du wifi"
# What a forwarded account mail calls a first password: "temporary logon", "temp sign-in".
_AFTER_TEMPORARY = _after_any(
    ("temporary[ _-]", "temp[ _-]", "provisional[ _-]", "initial[ _-]", "one-time[ _-]")
)
# Glued in one word: authtoken (ngrok), accesstoken, apitoken, bottoken.
_AFTER_GLUED = _after_any(("auth", "access", "api", "refresh", "bot", "app", "session"))
_KEYWORD_STEMS = (
    *("pass", "pw", "secr", "mdp", "token", "jeton", "api", "access", "accès", "pin", "nip"),
    *("cred", "identifiant"),
    *("wifi", "wi-fi", "wpa", "psk", "seed", "mnemo", "key", "clé", "cle", "recov", "récup"),
    *("recup", "psw", "totp", "privat", "preshared", "pre-shared"),
    *("logon", "log-on", "sign-in", "phrase", "connexion"),
)
_PIN_WORDS = rf"{_WORD_START}(?:pin|nip)"
_PASSWORD_WORDS = (
    rf"(?P<phrase>{_WORD_START}(?:pass[ ]?phrase"
    rf"|(?:seed|recovery|secret|backup)[ _-](?:phrase|words)"
    rf"|mnemonic[ _-](?:phrase|words))"
    rf"|{_AFTER_PHRASE_DE}(?:passe|r[ée]cup[ée]ration)|{_AFTER_PHRASE}secr[èe]te"
    rf"|(?P<seed_only>{_WORD_START}(?:seed|mnemonic)))"
    rf"|{_WORD_START}(?:pass(?:word|wd|[ -]?code|key|e)?|pwd|psw|pword|pw|secret(?:[ _-]?key)?"
    rf"|secr[èe]te|mdp"
    rf"|(?:wi-?fi|wpa[23]?)[ _-]?(?:key|password|pass|passphrase)"
    rf"|wpa[23]?(?:[ _-]?(?:psk|personal))?|psk)"
    rf"|{_AFTER_MOT_DE}passe|{_AFTER_CLE}(?:secr[èe]te|wpa2?|wi-?fi)"
    rf"|{_AFTER_OTP}seed|{_AFTER_CODE}wi-?fi"
    rf"|{_AFTER_TEMPORARY}(?:log-?on|sign-?in|phrase)|{_WORD_START}(?:log-?on|sign-?in)[ _-]phrase"
    rf"|{_AFTER_PHRASE_DE}connexion"
)
# "key" or "clé" alone names a secret only before a value no word or name looks like (bare_key).
_TOKEN_WORDS = (
    rf"{_WORD_START}(?:token|jeton|api[ _-]?key|access[ _-]?key)|{_AFTER_GLUED}token"
    rf"|(?P<bare_key>{_WORD_START}(?:key|cl[ée]f?|wi-?fi|totp|creds?|credentials?|identifiants))"
    rf"|{_WORD_START}(?:private|preshared|pre-shared)[ _-]?key"
    rf"|{_AFTER_CLE}api|{_AFTER_CLE_DE}(?:api|acc[èe]s)"
)
# A keyword may end an identifier (DB_PASSWORD) but not start one (password_hash), then take
# qualifier words ("mot de passe du wifi"), closing Markdown or quotes, and a separator; or, with
# no separator, the value right after it ("pin 4821 door 1984", not "pass the salt"). The
# qualifiers are possessive: the words stop at a verb or punctuation, and backtracking through
# every shorter run of them cost more than the rest of the scan.
_VERBS = r"(?:is|est|was|vaut|sera|c['’]est)"
_ADVERBS = (
    r"(?:now|still|always|just|[a-z]{3,}ly|maintenant|toujours|encore|d[ée]sormais|[a-zé]{3,}ment)"
)
_MAX_QUALIFIERS = 16  # "mot de passe du wifi de la maison de vacances, c'est …"
_KEYWORD_VALUE = re.compile(
    rf"(?:(?P<{_Kind.PIN}>{_PIN_WORDS})|(?P<{_Kind.PASSWORD}>{_PASSWORD_WORDS})"
    rf"|(?P<{_Kind.TOKEN}>{_TOKEN_WORDS}))(?![^\W_])"
    rf"(?:(?P<qualifiers>(?:{_GAP}+(?!{_VERBS}{_GAP})[(\[]?[^\W_][\w'’-]{{0,30}}(?:\.[\w'’-]{{1,30}})*[)\]]?)"
    rf"{{0,{_MAX_QUALIFIERS}}}+)[*_`\"'’]{{0,3}},?{_GAP}*"
    rf"(?:(?P<separator>:=|=>|=(?!=)|:(?!:)|→|->|\.{{3}}|…|(?<={_GAP})[-|—–](?={_GAP}))"
    rf"|(?<={_GAP})(?P<verb>{_VERBS}(?:{_GAP}+{_ADVERBS})?)(?={_GAP})"
    rf"|(?<=[\w])(?P<tag>>)(?=[^\s<])"
    rf"|(?P<newline>(?=\n)))"
    rf"|[*_`\"'’?)\]]{{0,3}},?{_GAP}+(?P<unmarked>)|\Z"  # "(Windows hello PIN) 908172"
    rf"|(?P<ended>(?=[.!;](?:\s|\Z))))"  # "j'ai mis Bergere1780! comme mot de passe. Bises"
)  # matched in the lowered note: a case-blind regex is several times slower

# Words that make the line about the secret, not the secret itself: after the keyword in English
# ("token limit: 4096"), before it in French ("nom du jeton : ci-bot-2024").
_META_WORDS = frozenset(
    [
        "length",
        "size",
        "count",
        "limit",
        "limits",
        "expiry",
        "expiration",
        "expires",
        "expired",
        "lifetime",
        "ttl",
        "age",
        "validity",
        "duration",
        "policy",
        "policies",
        "rotation",
        "rule",
        "rules",
        "requirement",
        "requirements",
        "strength",
        "complexity",
        "type",
        "mode",
        "format",
        "manager",
        "reset",
        "hint",
        "field",
        "prompt",
        "name",
        "id",
        "prefix",
        "scope",
        "scopes",
        "usage",
        "budget",
        "window",
        "file",
        "path",
        "version",
        "header",
        "endpoint",
        "url",
        "history",
        "change",
        "changed",
        "minimum",
        "maximum",
        "min",
        "max",
        "characters",
        "chars",
        "digits",
        "attempts",
        "tries",
        "retries",
        "encoding",
        "hash",
        "algorithm",
        "entropy",
        "fingerprint",
        "thumbprint",
        "empreinte",
        "generator",
        "longueur",
        "identifiant",
        "date",
        "préfixe",
        "portée",
        "taille",
        "durée",
        "validité",
        "politique",
        "règle",
        "règles",
        "exigences",
        "complexité",
        "format",
        "gestionnaire",
        "nom",
        "fichier",
        "chemin",
        "nombre",
        "tentatives",
        "essais",
        "caractères",
        "chiffres",
        "changement",
        "renouvellement",
        "oublié",
        "emplacement",
        "historique",
        "générateur",
    ]
)
# French names the attribute first: "nom du jeton", "longueur du mot de passe". The keyword match
# starts at its stem, so the window may end in "mot de ", "clé d'" or "code ".
_FRENCH_OWNER = re.compile(
    r"([^\W\d_]+)[ ](?:du|des|de|de[ ]la|de[ ]l['’]|d['’])[ ]?"
    r"(?:mots?[ _-]de[ _-]|cl[ée]f?[ _-](?:d['’][ ]?)?|code[ _-])?\Z",
    re.IGNORECASE,
)
_OWNER_WINDOW = 48
# Stop values that the word-shape rule below does not already reject.
_STOP_VALUES = frozenset({"n/a", "n.a", "s/o", "n/d", "-", "--", "—", "?", "??", "???", "tbd"})
# A YAML tag ("!!str") before the value is skipped.
_VALUE = re.compile(
    rf"[*_]{{0,3}}{_GAP}*(?:!![a-z]+{_GAP}+)?"
    rf"(?:(?P<quote>[\"'`“‘«]){_GAP}?(?P<quoted>[^\"'`”’»\n]{{1,200}}?){_GAP}?"
    r"[\"'`”’»]|(?P<bare>[^\s<]{1,200}))"
)
_QUOTES = "\"'`“‘«"
_LEADING_WRAPPERS = _QUOTES + "([*"
_TRAILING_WRAPPERS = ".,;:)]}\"'`”’»*_"
_MASK = re.compile(r"\*{2,}|[•●…]|\.{3}|(?i:x{4,})")
_PLACEHOLDER = re.compile(r"[<{]|\$[{(]|\$[A-Z_][A-Z0-9_]*$|%[({]|!!?[A-Za-z]")
_WORDS = re.compile(r"[^\W\d_]+(?:[-'’ _][^\W\d_]+)*")
_WORD_JOINER = re.compile(r"[-'’ _]")
_LONGEST_PLAIN_WORD = 15  # a 16-letter "word" is more likely a passphrase than prose
_NOT_A_SECRET = re.compile(
    r"""
    [0-9]{1,4}[-/.][0-9]{1,2}[-/.][0-9]{1,4}                    # date
    | [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(?:Z|[+-][0-9:]+)?     # ISO timestamp
    | [0-9]{1,2}[:h][0-9]{2}(?::[0-9]{2})?                      # time of day
    | v?[0-9]+(?:\.[0-9]+)+(?:[-+][0-9a-z]+(?:\.[0-9a-z]+)*)?     # version, 2.4.1-beta too
    | [0-9]{1,3}(?:[,.\u202f\u00a0][0-9]{3})+                   # grouped number
    | [0-9]+(?:[.,][0-9]+)?(?:%|€|\$|£|k|m|g|kg|ml|l|ms|s|sec|min|h|j|d|days?|jours?|ans?|years?
            |mo|[kmgt]i?b|chars?|caract[eè]res?|tokens?|bits?|bytes?|octets?|x)    # measure
    | [0-9]+(?:st|nd|rd|th|er|e|ème|eme)                        # ordinal
    | [0-9]+-[^\W\d_]+                                          # 30-day, 2-factor
    | (?:~|\.{1,2})?/[\w./-]*                                   # path
    | (?:[a-z][a-z0-9+.-]*:)+//\S*                               # URL, jdbc:mysql:// too
    | [\w.+-]+@[\w-]+(?:\.[\w-]+)+                              # e-mail address
    | [13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[0-9a-z]{25,60}|0x[0-9a-f]{40}  # wallet address
    | @?[\w-]+(?:\.[\w-]+)*\.(?:local|lan|home|internal|com|net|org|fr|io|dev|eu|de|be|ch|ca
        |uk)(?::[0-9]+)?(?:/\S*)?                             # host name
    | [$@]?[A-Za-z_][\w.]*[(\[].*                               # call or subscript in code
    | (?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*(?<![0-9]{2})               # attribute in code
    | (?:ssh|sk-ssh|ecdsa)-[\w@.-]+                            # public key type
    """,
    re.IGNORECASE | re.VERBOSE,
)
_DIGITS = re.compile(r"[0-9]+")
_PIN_VALUE = re.compile(r"[0-9]{4,8}")
_MIN_VALUE_LENGTH = 4
_MIN_PROSE_VALUE_LENGTH = 6
_PASSPHRASE_WORDS = 4
_MAX_PASSPHRASE_WORDS = 24
_ASSIGNMENT = re.compile(r"[A-Za-z_][\w.-]*[=:]")
_PASSPHRASE_WORD = re.compile(r"[\w'’-]+")
_JOINED_WORDS = 3  # correct-horse-battery: words joined without spaces are a passphrase


def _find_keyword_values(text: str, lower: str) -> Iterator[SecretFinding]:
    found: tuple[int, int] | None = None  # "clé d'API : …" is matched at "clé" and at "API"
    for match in _keyword_matches(lower):
        if _is_variable_reference(lower, match.start()):
            continue  # ${ADMIN_PASSWORD:?must be set}: a shell default or message, no value
        kind = _keyword_kind(match)
        name_end = _network_name_end(text, match)
        ended = match["ended"] is not None  # a sentence ends on the keyword: a value before it
        span = _keyword_value(text, match, kind) if name_end is None and not ended else None
        if span is None and match["tag"] is not None:
            continue  # "<password>" with no closing tag after its value: a placeholder
        further_on = False
        if span is None and kind is not _Kind.PIN and match["seed_only"] is None:
            span = None if ended else _generated_value_further_on(text, match)
            further_on = span is not None
            span = span or _generated_value_before(text, match, linked=ended)
        if span is None or span == found:
            continue  # the cheap tests first: most keywords in prose have no value
        if further_on and _is_other_band(text, match, span):
            continue  # "WiFi: BTHub6 / BTHub6-5G": the network's names on both bands
        if is_given_as_an_example(lower, *span) or is_a_things_number(lower, *span):
            continue  # "password is Tr0ub4dor&3 in the xkcd comic", "le forfait passe à …"
        if name_end is not None and span[0] < name_end:
            continue  # "WiFi: Skybox-7H2K\nPassword: on the sticker": the network's name
        if kind is _Kind.PIN and is_postal_pin(lower, span[1]):
            continue  # "PIN code: 560001" under an address: India's postcode
        new_value = further_on or _looks_generated(text[span[0] : span[1]])
        described = _describes_the_secret(text, match, new_value_given=new_value)
        if not described and not _names_another_key(lower, match) and not _qualifies(text, match):
            found = span
            yield SecretFinding(SecretFamily.KEYWORD_VALUE, kind.value, *span)


def _is_variable_reference(lower: str, position: int) -> bool:
    start = position
    while start > 0 and (lower[start - 1].isalnum() or lower[start - 1] == "_"):
        start -= 1
    return lower.endswith("${", 0, start)


def _keyword_value(text: str, match: re.Match[str], kind: _Kind) -> tuple[int, int] | None:
    span, loose = _keyword_value_span(text, match)
    if span is None or (match["tag"] is not None and not text.startswith("</", span[1])):
        return None  # "<password>…</password>", not "mqtt://user:<password>@host"
    spaced = _SPACED_DIGITS.match(text, span[0]) if kind is _Kind.PIN else None
    if spaced is not None:
        return spaced.span()  # a PIN read out: "PIN → 4 8 2 1", "PIN is 70 44"
    grouped = _SPACED_GROUPS.match(text, span[0])
    if grouped is not None and (_letters_and_digits(grouped[0]) or kind is _Kind.PASSWORD):
        return grouped.span()  # a TOTP secret read out in groups: "7btf eevf x52f ovkr"
    value = text[span[0] : span[1]]
    if match["seed_only"] is not None:  # "seed = 20241107" is a random generator's seed
        return span if _SEED_WORDS.fullmatch(value) is not None else None
    if match["bare_key"] is not None:  # "clé : tilleul-ete-2019" after a separator
        given = match["separator"] is not None and _is_given_key(value)
        joined = _is_network_key(text, match) and _LONG_JOINED_WORDS.fullmatch(value) is not None
        return span if given or joined or _looks_generated(value) else None
    if _PRICE.fullmatch(value) is not None or is_amount_or_range(value):
        return None  # "Week pass | $420", "| Pass Navigo | 86,40 |": a price or hours
    if is_markup_attribute(text, span[0]):
        return None  # <input type="password" minlength="8">: the next attribute, no value
    secret = (
        _is_passphrase(match, value)
        or _is_quoted_passphrase(text, match, span)
        or _is_passcode(match, value)
        or _is_secret_value(value, kind, prose=loose)
        or (loose and _is_made_up_words(match, value))
        or (kind is _Kind.PASSWORD and _is_typed_in_capitals(text, span, value))
    )
    return span if secret else None


# How a word in capitals is to be typed: "MASHTUN in caps", "ROUGE, en majuscules".
_IN_CAPITALS = re.compile(
    r"[ ,]*\(?(?:(?:all|in|tout|toute)[ ])?(?:(?:in|en)[ ])?(?:caps|capitals|capital[ ]letters"
    r"|upper[ -]?case|majuscules?)(?![\w])"
)
_MIN_CAPITALS = 4


def _is_typed_in_capitals(text: str, span: tuple[int, int], value: str) -> bool:
    """A plain word after "password is" is a word of prose unless the note says how to type
    it: in capitals, as it is written ("pass code … is MASHTUN in caps")."""
    return (
        len(value) >= _MIN_CAPITALS
        and value.isalpha()
        and value.isupper()
        and _IN_CAPITALS.match(text.lower(), span[1]) is not None
    )


# A PIN read out digit by digit ("PIN → 4 8 2 1") or in two pairs ("PIN is 70 44").
_SPACED_DIGITS = re.compile(
    r"(?:[0-9](?:[ ][0-9]){3,7}|[0-9]{2}[ ][0-9]{2}(?![ ]?(?:[%€$£°]|[.,:/h-][0-9]|(?:mm|cm|km|kg|h"
    r"|mins?|minutes?|hours?|heures?|days?|jours?|months?|mois|years?|ans|times|fois)\b)))"
    r"(?![ ]?[0-9])"
)
# A price, per period or not: "$420", "86,40€", "£52/mo", "9€/mois".
_PRICE = re.compile(r"(?:[$€£¥][0-9][0-9.,]*|[0-9][0-9.,]*[$€£¥])(?:/[^\W\d_]{1,6})?")
_SPACED_GROUPS = re.compile(r"[A-Za-z0-9]{4}(?:[ ][A-Za-z0-9]{4}){3,}(?!\w)")


def _is_given_key(value: str) -> bool:
    return (
        "example" not in value.lower()
        and not is_a_network_name(value)
        and len(value) >= _MIN_GENERATED_LENGTH
        and _letters_and_digits(value)
        and not _is_ordinary_value(value)
    )


def _letters_and_digits(value: str) -> bool:
    return any(char.isalpha() for char in value) and any(char.isdigit() for char in value)


# "key" alone names many things that are not secrets: a table's primary key, a public key, a
# USB key, a house key.
_OTHER_KEYS = frozenset(
    (
        *("public", "publique", "primary", "primaire", "foreign", "sort", "partition", "unique"),
        *("composite", "cache", "lookup", "index", "dict", "ssh", "gpg", "pgp", "usb", "car"),
        *("house", "spare", "room", "voiture", "maison", "garage", "porte", "door", "boîte"),
    )
)
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t]+\Z")


def _names_another_key(lower: str, match: re.Match[str]) -> bool:
    if match["bare_key"] is None:
        return False
    others = _OTHER_WIFI if match["bare_key"].startswith("wi") else _OTHER_KEYS
    before = _WORD_BEFORE.search(lower, max(0, match.start() - 24), match.start())
    words = (match["qualifiers"] or "").split()
    return (before is not None and before[1] in others) or any(
        word.strip("()[]") in others for word in words
    )


# "Key takeaways", "the secret ingredient": "key" and "secret" before a lower-case noun are
# adjectives, unless the noun names a credential or a preposition links a thing to the key.
_LINKS_TO_A_SECRET = frozenset(
    (
        *("for", "of", "to", "on", "at", "in", "from", "with", "used", "de", "du", "des", "d"),
        *("pour", "la", "le", "les", "l", "the", "my", "our", "your", "a", "an", "this", "that"),
        *("key", "keys", "code", "codes", "word", "words", "phrase", "answer", "token", "pin"),
        *("number", "value", "string", "password", "passphrase", "access", "env", "variable"),
        *("shared", "partagé", "partagée", "client", "webhook", "signing", "hmac", "jwt", "totp"),
        *("otp", "session", "master", "maître", "principal", "admin", "app", "api", "bot"),
    )
)
_FIRST_WORD = re.compile(r"[ \t]*[(\[]?([^\W\d_][\w'’-]*)")


def _qualifies(text: str, match: re.Match[str]) -> bool:
    keyword = match[_Kind.PASSWORD] or match["bare_key"]
    if keyword not in ("secret", "key") or not match["qualifiers"]:
        return False
    first = _FIRST_WORD.match(text, match.start("qualifiers"))
    if first is None or not first[1][0].islower():
        return False  # "key (Mistral):", "key Mistral:" name a service
    return _ELISION.sub("", first[1]) not in _LINKS_TO_A_SECRET


# A Wi-Fi's name, band or channel is not its password.
_OTHER_WIFI = frozenset(("ssid", "name", "nom", "network", "réseau", "channel", "canal", "band"))


# Farther along the line ("mdp box internet nutmeg88?Pepper", "password changed to Citr0n*522",
# "le mot de passe de l'ordi de mamie, celui du grenier, c'est biscuit89!Loulou"), only a value
# no word, name or number looks like is taken: the scan stops at a sentence's end or a meta word.
_FURTHER_WINDOW = 140
_FURTHER_TOKENS = 14
_TOKEN = re.compile(r"\S+")
_LONG_TOKEN_WITH_A_DIGIT = re.compile(r"(?<!\S)(?=\S{8})[^\s0-9]*[0-9]")
_ELISION = re.compile(r"^[a-z]['’]")
_SENTENCE_END = (".", "!", "?", ";")
_ABBREVIATION_DOTS = 2
_MIN_GENERATED_LENGTH = 8
_MIN_DISTINCT = 4
_HEX_KEY = re.compile(r"[0-9A-F]{10,}|[0-9a-f]{10,}")  # a WEP or WPA key in hex
_LONG_KEY = re.compile(r"[A-Za-z0-9+/=]{16,}")
_GROUPED_KEY = re.compile(r"[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){2,}")
# Where a password is shown: a keyword's line that says so gives no value on the next line.
_SHOWN = ("printed", "written", "displayed", "shown", "affiché", "affichée", "imprimé", "écrit")
# Where a password is kept, or what else a line names: after these the line gives no password.
_ELSEWHERE = frozenset(
    (
        *("stored", "saved", "kept", "sticker", "label", "model", "ssid"),
        *("serial", "imprimée", "écrite", "noté", "notée", "rangé", "rangée"),
        *("étiquette", "modèle", "série", "réseau", "network", *_SHOWN),
        *("called", "named", "nommé", "nommée", "appelé", "appelée", "appelle"),
    )
)
_NEW_VALUE_WORDS = frozenset(("change", "changed", "changement", "reset", "oublié"))
_STOP_FURTHER = _META_WORDS - _NEW_VALUE_WORDS
# After these a name follows, not a password: "after the LinkedIn2012 leak", "sur le NAS2024".
_DETERMINERS = frozenset(
    (
        *("the", "a", "an", "my", "his", "her", "our", "their", "your", "this", "that", "its"),
        *("le", "la", "les", "l", "un", "une", "du", "des", "mon", "ma", "mes", "son", "sa"),
        *("ses", "notre", "votre", "leur", "ce", "cette", "au", "aux"),
    )
)


# Words after which a person's usual password shape, a word then a number, is the value given.
_LINK_WORDS = frozenset(
    (
        *("to", "from", "is", "was", "still", "now", "into", "en", "à", "est", "toujours"),
        *("encore", "maintenant", "devenu", "vers"),
    )
)
_WORD_THEN_NUMBER = re.compile(r"[A-Za-z][a-z]{3,}[._-]?[0-9]{2,4}[!?#*$&@%]*")


def _generated_value_further_on(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    line_end = text.find("\n", match.end(), match.end() + _FURTHER_WINDOW)
    end = match.end() + _FURTHER_WINDOW if line_end == -1 else line_end
    if _LONG_TOKEN_WITH_A_DIGIT.search(text, match.end(), end) is None:
        return None  # every value taken farther on is eight characters long and holds a digit
    previous, after_colon, linked = "", False, "," in match[0]
    for count, token in enumerate(_TOKEN.finditer(text, match.end(), end)):
        raw = token[0]
        word = _ELISION.sub("", raw.lower()).strip(_TRAILING_WRAPPERS)
        if count >= _FURTHER_TOKENS or word in _ELSEWHERE or word in _STOP_FURTHER:
            return None
        if word in _HINT_VERBS:
            return None  # "mot de passe : demander à l'accueil (Hôtel-des-Pins-2023)"
        if len(raw) >= _MIN_GENERATED_LENGTH and previous not in _DETERMINERS:
            start, stop = _unwrapped(text, *token.span())
            value = text[start:stop]
            if _reads_as_code(value):
                pass  # default=20261129, item[0][0]: code on the keyword's line, not a value
            elif _looks_generated(value) or (after_colon and _is_given_key(value)):
                return start, stop  # after "… est inscrit ici :" a value is given
            elif linked and _WORD_THEN_NUMBER.fullmatch(value) is not None:
                return start, stop  # "changed from Abricot12 to …", "probably still Kitty2015"
        previous, after_colon = word, raw.endswith(":")
        linked = word in _LINK_WORDS or raw.endswith(",")  # "mon mdp habituel, Chocolat77, …"
        if raw.endswith(_SENTENCE_END) and raw.count(".") < _ABBREVIATION_DOTS:
            return None  # a sentence ended; "i.e." and "e.g." do not end one
    return None


# "Tigre42!Rouge is the Netflix password", "Soleil#2031, c'est le mot de passe de la box",
# "use Ph03nix-Ash as the password": a generated-looking value said first, then linked to it.
_LINK_TO_KEYWORD = re.compile(
    r"[ \t]*,?[ \t]*(?:(?P<verb>is|was|est|c['’]est|as|comme|=|:|—|→|->|en|will[ ]be|sera)"
    r"[ \t]+)?(?:(?:the|my|our|your|his|her|their|a|le|la|l['’]|mon|ma|notre|votre|son|sa|leur)"
    r"[ \t]*)?"
    r"(?:[^\W\d_][\w-]*[ \t]+){0,2}(?:mot[ ]de[ ]|phrase[ ]de[ ]|cl[ée][ ]d['’]|cl[ée][ ])?",
    re.IGNORECASE,
)
_BEFORE_WINDOW = 56
# A value another label names is that label's: a network's name, a model, a serial number.
_LABELLED_AS_ANOTHER = re.compile(
    r"\b(?:name|nom|ssid|network|réseau|model|modèle|serial|série)[ \t]*(?:[:=][ \t]*)?\Z",
    re.IGNORECASE,
)


def _reads_as_code(value: str) -> bool:
    """A masked value ("********") unwraps to nothing: no value, and nothing to read as code."""
    return (
        not value
        or not value[0].isalnum()
        or _ASSIGNMENT.match(value) is not None
        or _CODE_MARKS.search(value) is not None
    )


_CODE_MARKS = re.compile(r"[\[\](){}]")


_WHERE_REACH = 64


def _generated_value_before(
    text: str, match: re.Match[str], *, linked: bool = False
) -> tuple[int, int] | None:
    """A made value said before its keyword; when `linked`, only with a verb between ("… as
    the password.", not "Jo-Ann_72 has the password.")."""
    start = line_start_within(text, match.start(), _BEFORE_WINDOW)
    if _LONG_TOKEN_WITH_A_DIGIT.search(text, start, match.start()) is None:
        return None  # every value taken before its keyword is long and holds a digit
    if says_where_it_is(text[match.end() : match.end() + _WHERE_REACH].lstrip(" \t:")):
        return None  # "Instagram @Pattes38, mot de passe dans le carnet": the account's name
    for token in _TOKEN.finditer(text, start, match.start()):
        if len(token[0]) < _MIN_GENERATED_LENGTH:
            continue
        value_start, value_end = _unwrapped(text, *token.span())
        if _LABELLED_AS_ANOTHER.search(text, start, token.start()) is not None:
            continue  # "Wi-Fi name: Bouygues-5G-Ludo, la clé est sur la box"
        link = _LINK_TO_KEYWORD.fullmatch(text, token.end(), match.start())
        if _looks_generated(text[value_start:value_end]) and link is not None:
            if linked and link["verb"] is None:
                continue
            return value_start, value_end
    return None


@lru_cache(maxsize=_VALUES_KEPT)
def _looks_generated(value: str) -> bool:
    """Letters, digits and a symbol or mixed case, as a person makes a password or a machine a
    key: "Citr0n*522", "Sam.nuage12", "yJwC7IZh9dSt". "iPhone15", "gpt4o-mini" are names."""
    if len(value) < _MIN_GENERATED_LENGTH or not _letters_and_digits(value):
        return False
    if "example" in value.lower() or len(set(value)) < _MIN_DISTINCT:
        return False  # AKIAIOSFODNN7EXAMPLE, aaaa1111
    if _CODE_MARKS.search(value) is not None:
        return False  # read_text("utf-8"), item[0]: code
    if _is_ordinary_value(value):
        return False
    if is_a_network_name(value):
        return False  # Livebox-7F2A, HomeNet_5G, BT_Hub_55: a network's name, not its key
    if _is_grouped_key(value) or _LONG_KEY.fullmatch(value) or _HEX_KEY.fullmatch(value):
        return True  # VK7JG-NPHTM-C97JM-9MPGT-3V66T, 3f9a7c1e5b2d8f4a6c0e9b1d7f3a5c2e
    if _WORDS_THEN_NUMBER.fullmatch(value) is not None:
        parts = _VALUE_PARTS.split(value.lower())
        return not any(part in _META_WORDS for part in parts)  # not "policy-rules-2024"
    upper = sum(char.isupper() for char in value)
    lower = sum(char.islower() for char in value)
    symbol = any(not char.isalnum() and char not in "-_./:" for char in value)
    return symbol or (upper > 0 and lower > 0 and (upper > 1 or "." in value))


def _is_grouped_key(value: str) -> bool:
    """VK7JG-NPHTM-C97JM: groups of which two or more hold a digit; "policy-rules-2024" is words
    and a year."""
    if _GROUPED_KEY.fullmatch(value) is None:
        return False
    return sum(any(char.isdigit() for char in group) for group in value.split("-")) >= 2


def _is_passcode(match: re.Match[str], value: str) -> bool:
    """A passcode, like a PIN, is often four digits: "iPad screen time passcode 3074"."""
    password = match[_Kind.PASSWORD]
    return (
        password is not None
        and password.startswith("passcode")
        and bool(_PIN_VALUE.fullmatch(value))
    )


def _keyword_value_span(text: str, match: re.Match[str]) -> tuple[tuple[int, int] | None, bool]:
    """The value and whether it came loosely (after a verb, no separator, on the next line)."""
    line_end = end_of_line(text, match.end())
    phrase = match["phrase"] is not None
    short = phrase or line_end - match.end() <= _MAX_TITLE_LINE  # a long line is not split
    rest = text[match.end() : line_end] if match["separator"] is not None and short else ""
    words = rest.split()  # read only where words may be a passphrase: no long line copied
    if not phrase and not _is_title_case_phrase(words):
        words = []  # after "password:" only words all capitalised are a passphrase
    if len(words) >= _PASSPHRASE_WORDS and not _reads_as_a_sentence(words):
        start = match.end() + len(rest) - len(rest.lstrip())
        return (start, start + len(rest.strip())), False
    if line_end == len(text) or _NOT_SPACE.search(text, match.end(), line_end) is not None:
        loose = match["separator"] is None
        return _value_span(text, match.end()), loose
    if phrase:
        return _next_line_passphrase(text, line_end + 1), False
    if any(word in _SHOWN for word in (match["qualifiers"] or "").split()):
        return None, True  # "code Wi-Fi affiché dans l'entrée": the next line is something else
    return _next_line_value(text, line_end + 1), True


def _is_title_case_phrase(words: list[str]) -> bool:
    """ "Girafe Violette Sous La Pluie 2019": every word capitalised, a number at most last."""
    if not _PASSPHRASE_WORDS <= len(words) <= _MAX_TITLE_WORDS:
        return False
    last = words[-1] if words[-1].isdigit() else ""
    if words[0].lower() in _HINT_VERBS:
        return False  # "Ask Marc For It 2"
    return all(word[0].isupper() and word.isalpha() for word in words[: len(words) - bool(last)])


_MAX_TITLE_WORDS = 8
_MAX_TITLE_LINE = 100
_NOT_SPACE = re.compile(r"\S")  # what `str.strip` keeps: both read `str.isspace`


def _next_line_passphrase(text: str, start: int) -> tuple[int, int] | None:
    """A passphrase keyword ending its line may have the words alone on the next one."""
    line = text[start : end_of_line(text, start)]
    value = line.strip()
    words = value.split()
    if _JOINED_PASSPHRASE.fullmatch(value) is not None:
        offset = start + len(line) - len(line.lstrip())
        return offset, offset + len(value)
    if not _PASSPHRASE_WORDS <= len(words) <= _MAX_PASSPHRASE_WORDS or value[0].isupper():
        return None  # a sentence ("We still need to pick one") starts with a capital
    if not all(_PASSPHRASE_WORD.fullmatch(word) for word in words):
        return None
    if _reads_as_a_sentence(words) or any(word.isdigit() for word in words[:-1]):
        return None  # "the lockbox holds 2 keys and 1 fob" counts things; "… verte 88" ends so
    offset = start + len(line) - len(line.lstrip())
    return offset, offset + len(value)


def _next_line_value(text: str, start: int) -> tuple[int, int] | None:
    """A keyword that ends its line may have its value alone on the next one."""
    line = text[start : end_of_line(text, start)]
    value = line.strip()
    if _SPACED_GROUPS.fullmatch(value) is not None:
        offset = start + len(line) - len(line.lstrip())
        return offset, offset + len(value)  # an app password: "qwer tyui asdf zxcv"
    if not value or any(char.isspace() for char in value) or _ASSIGNMENT.match(value):
        return None  # "max_tokens=4096" on the next line is a setting of its own
    offset = start + len(line) - len(line.lstrip())
    return offset, offset + len(value)


def _is_quoted_passphrase(text: str, match: re.Match[str], span: tuple[int, int]) -> bool:
    """psk="velo rouge sous la pluie": quotes after a password word and a separator keep
    ordinary words together as the value, unless they start as prose or a hint does."""
    if match[_Kind.PASSWORD] is None or match["separator"] is None or span[0] == 0:
        return False
    value = text[span[0] : span[1]]
    words = value.split()
    return (
        text[span[0] - 1] in _QUOTES
        and _PASSPHRASE_WORDS <= len(words) <= _MAX_PASSPHRASE_WORDS
        and words[0].lower() not in _DETERMINERS
        and not _reads_as_a_sentence(words)
        and not _is_template(value)
        and _PLACEHOLDER.match(value) is None  # "$(vault kv get …)": a command's output
    )


def _is_passphrase(match: re.Match[str], value: str) -> bool:
    """After "passphrase:" ordinary words are the secret, if there are enough of them, spaced or
    joined ("tiger.papillon.maple.walrus", "correct-staple-lantern-92")."""
    if match["phrase"] is None:
        return False
    if _JOINED_PASSPHRASE.fullmatch(value) is not None:
        return True
    words = value.split()
    return len(words) >= _PASSPHRASE_WORDS and not _reads_as_a_sentence(words)


# Words of advice about passphrases ("pick four random words", "au moins quatre mots").
_ADVICE_WORDS = frozenset(
    (
        *("never", "pick", "choose", "random", "least", "words", "use", "must", "should"),
        *("jamais", "choisir", "choisis", "hasard", "moins", "mots", "utiliser", "doit"),
    )
)


def _reads_as_a_sentence(words: list[str]) -> bool:
    """A comma, a full stop, a word of advice or a number inside makes words prose."""
    return (
        any(word.isdigit() for word in words[:-1])
        or any(
            word[-1] in ",.;!?" or word.lower().strip("\"'«»“”") in _ADVICE_WORDS for word in words
        )
        or says_where_it_is(" ".join(words))  # "- it's in the sealed envelope in the bureau"
    )


# A wallet's seed: twelve words or more from a list of short lower-case words (BIP-39).
_SEED_WORDS = re.compile(r"[a-z]{3,8}(?:[ ][a-z]{3,8}){11,23}")


_JOINED_PASSPHRASE = re.compile(r"[^\W\d_]+([.\-_+])[^\W\d_]+(?:\1[^\W\d_]+)+(?:\1?[0-9]{1,4})?")
_LONG_JOINED_WORDS = re.compile(r"[^\W\d_]{4,}([.\-_+])[^\W\d_]{4,}(?:\1[^\W\d_]{4,})+")
# "orchard.pivoine72", "tangerine-octopus-lamp-91": words joined, then a number, as people
# make passwords.
_WORDS_THEN_NUMBER = re.compile(r"[^\W\d_]{3,}(?:[.\-_+][^\W\d_]{3,})+[.\-_+]?[0-9]{2,4}")


_NETWORKS = frozenset(("network", "wireless", "wifi", "wi-fi", "router", "réseau", "box", "wlan"))


def _is_network_key(text: str, match: re.Match[str]) -> bool:
    """ "the guest network key is sunflower-meadow-river-stone": a network's key may be words."""
    before = _WORD_BEFORE.search(text, max(0, match.start() - 24), match.start())
    return before is not None and before[1].lower() in _NETWORKS


# A password's noun after a Wi-Fi's value, a word on its line or the next, gives the key apart
# ("Clé SSH" names another key).
_KEY_APART = re.compile(
    r"(?<![^\s(])(?:pass(?:word|e)?|pw|pwd|mdp|mot de passe|key|clé|cle)(?![^\W_])"
    r"[ \t]*(?P<next>[^\W\d_]*)"
)
_NAME_TOKEN = re.compile(r"[ \t]*[^\s:;]+(?!\S)")  # "WIFI:S:Casa;P:…" is a QR code's payload
_APART_REACH = 80


def _is_other_band(text: str, match: re.Match[str], span: tuple[int, int]) -> bool:
    """A value farther on after a Wi-Fi's noun that starts as the name after the noun does."""
    if match["bare_key"] is None or not match["bare_key"].startswith("wi"):
        return False
    name = _NAME_TOKEN.match(text, match.end())
    if name is None or name.end() > span[0]:
        return False
    return is_other_band(name[0].strip(), text[span[0] : span[1]])


def _network_name_end(text: str, match: re.Match[str]) -> int | None:
    """ "WiFi: Skybox-7H2K" above "Password: …": where the Wi-Fi's value, its name, ends."""
    if match["bare_key"] is None or not match["bare_key"].startswith("wi"):
        return None
    name = _NAME_TOKEN.match(text, match.end())
    if name is None:
        return None
    line_end = end_of_line(text, name.end())
    rest = text[name.end() : min(line_end, name.end() + _APART_REACH)]
    if line_end < len(text):
        rest += (
            "\n"
            + text[line_end + 1 : min(end_of_line(text, line_end + 1), line_end + 1 + _APART_REACH)]
        )
    apart = _KEY_APART.search(rest.lower())
    return name.end() if apart is not None and apart["next"] not in _OTHER_KEYS else None


def _is_made_up_words(match: re.Match[str], value: str) -> bool:
    """ "wifi pw is vensordax-sortrimu-lioronddax": three words or more of four letters or more,
    joined, after a password word (prose joins short ones: "state-of-the-art"). "Secret" before
    a noun names a secret thing instead: "the secret sauce is mayo-ketchup-mustard-relish"."""
    password = match[_Kind.PASSWORD]
    if password is None or (password.startswith("secr") and match["qualifiers"]):
        return False
    return not _is_ordinary_value(value) and _LONG_JOINED_WORDS.fullmatch(value) is not None


def _keyword_matches(lower: str) -> Iterator[re.Match[str]]:
    """Tries the regex only where a stem occurs: `str.find` outruns a `re` search by far.

    The matches are in the lowered note: their positions hold in the original, their text does not.
    """
    resume = 0
    for position in sorted(_stem_positions(lower)):
        match = _KEYWORD_VALUE.match(lower, position) if position >= resume else None
        if match is not None:
            if match["bare_key"] is None:  # "clé" may start "clé secrète", tried at "secrète"
                resume = match.end()
            yield match


def _stem_positions(lowered: str) -> Iterator[int]:
    for stem in _KEYWORD_STEMS:
        yield from positions(lowered, stem)


def _keyword_kind(match: re.Match[str]) -> _Kind:
    if match[_Kind.PASSWORD] is not None:
        return _Kind.PASSWORD
    return _Kind.PIN if match[_Kind.PIN] is not None else _Kind.TOKEN


def _describes_the_secret(text: str, match: re.Match[str], *, new_value_given: bool) -> bool:
    """A meta word near the keyword ("token limit", "nom du jeton") means no secret is given;
    "changed" or "reset" does not when a generated value follows: "reset done, new one is …",
    "pass changed again -> Hazelnut!Crunch5"."""
    words = [word.strip("()[]").lower() for word in (match["qualifiers"] or "").split()]
    owner = _FRENCH_OWNER.search(text, max(0, match.start() - _OWNER_WINDOW), match.start())
    if owner is not None:
        words.append(owner[1].lower())
    return any(
        word in _META_WORDS
        and (word not in _NEW_VALUE_WORDS or (index < _CHANGED_REACH and not new_value_given))
        for index, word in enumerate(words)
    )


# "Password last changed: 2024-03-12" says when; "Password for the account nobody ever
# changed: P4p1l" names an account in a long label, then gives its password.
_CHANGED_REACH = 3


def _value_span(text: str, position: int) -> tuple[int, int] | None:
    """The value after a separator, unwrapped from quotes and Markdown; None if the line ends."""
    match = _VALUE.match(text, position)
    if match is None:
        return None
    group = "quoted" if match["quote"] is not None else "bare"
    start, end = _unwrapped(text, *match.span(group))
    return (start, end) if start < end else None


def _unwrapped(text: str, start: int, end: int) -> tuple[int, int]:
    """The span without the quotes, brackets, Markdown and punctuation around it."""
    raw = text[start:end]
    start += len(raw) - len(raw.lstrip(_LEADING_WRAPPERS))
    end -= len(raw) - len(raw.rstrip(_TRAILING_WRAPPERS))
    return start, max(start, end)


def _is_secret_value(value: str, kind: _Kind, *, prose: bool) -> bool:
    if kind is _Kind.PIN:
        return _PIN_VALUE.fullmatch(value) is not None
    if prose and _DOTTED_WORDS.fullmatch(value) is not None:
        return True
    if _is_ordinary_value(value):
        return False
    if prose:
        return _is_strong_value(value, kind)
    if _DIGITS.fullmatch(value):
        return kind is _Kind.PASSWORD and len(value) >= _MIN_VALUE_LENGTH
    return len(value) >= _MIN_VALUE_LENGTH


@lru_cache(maxsize=_VALUES_KEPT)
def _is_ordinary_value(value: str) -> bool:
    """Words, masks, placeholders, dates, measures, paths, URLs and code are not secrets."""
    return (
        _is_plain_words(value)
        or value.lower() in _STOP_VALUES
        or _MASK.search(value) is not None
        or _PLACEHOLDER.match(value) is not None
        or _is_template(value)
        or is_security_mode(value)
        or (_NOT_A_SECRET.fullmatch(value) is not None and not _is_random_dotted(value))
    )


def _is_random_dotted(value: str) -> bool:
    """ "K1tz5.LBQNdSN", "hvs.Dv58dZkRm…" read like an attribute in code, but their characters
    change class (upper, lower, digit) too often for names a person wrote: "settings.DB_PASS"."""
    return "." in value and looks_random(_DOTS.sub("", value))


_DOTS = re.compile(r"[._]")
# "le mot de passe est dinosaure.vert7": in prose, words dotted then a number are a password;
# after "=" they are code ("password = self.item2").
_DOTTED_WORDS = re.compile(r"[^\W\d_]{3,}(?:\.[^\W\d_]{3,})+[0-9]{1,4}")
# Words that tell the reader what to put there: "your-api-key-here", "votre-mot-de-passe-ici".
_TEMPLATE_WORDS = frozenset(
    (
        *("your", "yours", "here", "changeme", "placeholder", "replace", "insert", "paste"),
        *("dummy", "example", "sample", "votre", "vos", "ici", "remplacer", "exemple"),
    )
)
_VALUE_PARTS = re.compile(r"[-_. ]")


# Words that send the reader elsewhere: "see-the-notebook", "Ask Marc For It", "demande-le-à-papa".
_HINT_VERBS = frozenset(
    (
        *("see", "ask", "check", "look", "same", "idem", "voir", "demander", "demande"),
        *("demandez", "regarder", "regarde", "pareil", "même", "cf"),
    )
)


def _is_template(value: str) -> bool:
    lower = value.lower()
    parts = _VALUE_PARTS.split(lower)
    if parts[0] in _HINT_VERBS or lower.startswith(_TEMPLATE_STARTS):
        return True  # "changeme123", "placeholder_2"
    return any(part in _TEMPLATE_WORDS for part in parts)


_TEMPLATE_STARTS = ("changeme", "change_me", "change-me", "placeholder", "dummy", "example")


def _is_plain_words(value: str) -> bool:
    if _WORDS.fullmatch(value) is None:
        return False
    words = _WORD_JOINER.split(value)
    if " " not in value and len(words) >= _JOINED_WORDS and not value.isupper():
        return False
    return max(len(word) for word in words) <= _LONGEST_PLAIN_WORD


def _is_strong_value(value: str, kind: _Kind) -> bool:
    """Prose ("my password is …") needs a value no sentence holds: letters mixed with digits."""
    if _DIGITS.fullmatch(value):
        return kind is _Kind.PASSWORD and len(value) >= _MIN_PROSE_VALUE_LENGTH
    has_letter = any(char.isalpha() for char in value)
    has_digit = any(char.isdigit() for char in value)
    return len(value) >= _MIN_PROSE_VALUE_LENGTH and has_letter and has_digit


# --- environment variables -----------------------------------------------------------------

# PGPASSWORD=…, MYSQL_ROOT_PASSWORD: …, DBPASS=…: an upper-case name that holds a secret word,
# even glued to other letters, which a keyword never is in prose.
_ENV_WORDS = ("PASS", "PWD", "SECRET", "TOKEN", "APIKEY")  # PASS: PASSWORD, PASSWD too
_ENV_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_ENV_ASSIGNMENT = re.compile(
    r"(?P<name>[A-Z][A-Z0-9_]{0,63})[ \t]*(?::=|=|:)[ \t]*[\"']?(?P<value>[^\s\"'`]{1,200})"
)
_ENV_NAME_PART = re.compile(r"[A-Z]+")
_MAX_NAME = 48


def _find_environment_secrets(text: str) -> Iterator[SecretFinding]:
    seen: set[int] = set()
    for word in _ENV_WORDS:
        for position in positions(text, word):
            start = position
            while start > 0 and text[start - 1] in _ENV_NAME_CHARS and position - start < _MAX_NAME:
                start -= 1
            if start in seen or (
                start > 0 and (text[start - 1].isalnum() or text[start - 1] in "${_")
            ):
                continue  # inside a word, or a name longer than any variable's
            seen.add(start)
            match = _ENV_ASSIGNMENT.match(text, start)
            if match is not None and _is_environment_secret(match):
                value_start, value_end = _unwrapped(text, *match.span("value"))
                yield SecretFinding(
                    SecretFamily.KEYWORD_VALUE, "environment", value_start, value_end
                )


def _is_environment_secret(match: re.Match[str]) -> bool:
    parts = [part.lower() for part in _ENV_NAME_PART.findall(match["name"])]
    if any(part in _META_WORDS for part in parts):
        return False  # PASSWORD_MIN_LENGTH=12, TOKEN_COUNT=4096
    value = _unwrapped_text(match["value"])
    if len(value) < _MIN_VALUE_LENGTH or _is_ordinary_value(value) or "(" in match["value"]:
        return False  # SECRET_KEY = get_random_secret_key(): a call
    return not _DIGITS.fullmatch(value) or "PASS" in match["name"] or "PWD" in match["name"]


def _unwrapped_text(value: str) -> str:
    return value.strip(_LEADING_WRAPPERS + _TRAILING_WRAPPERS)


# --- a service named, then its key -------------------------------------------------------------

# "OpenWeather: 3b9f1c2d…", "Mistral — Xk29LmQp…": a line that names something, then holds only
# a long random value, gives that thing's key, unless the name says it is a hash, an id or an
# address ("Commit: c23e14…", "SHA-256: …", "Wallet: bc1q…").
_NAMED_KEY = re.compile(r"[ \t]*(?P<value>[A-Za-z0-9_+/=.-]{20,200})[ \t]*(?:\n|\Z)")
_NAME_BEFORE = re.compile(
    r"(?:^|\n)[ \t]*(?:[-*•][ \t]+)?(?P<name>[^\W\d_][\w .()'’-]{0,30}?)[ \t]*\Z"
)
_NOT_KEY_NAMES = frozenset(
    (
        *("commit", "hash", "sha", "sha1", "sha256", "sha512", "md5", "checksum", "digest"),
        *("revision", "rev", "build", "uuid", "guid", "serial", "id", "fingerprint", "etag"),
        *("signature", "tracking", "order", "ref", "reference", "iban", "bic", "address"),
        *("adresse", "wallet", "public", "pubkey", "publique", "somme", "empreinte", "numéro"),
        *("number", "commande", "suivi", "colis", "url", "lien", "link", "path", "chemin"),
        *("model", "modèle", "donation", "donations", "dons", "btc", "bitcoin", "eth"),
    )
)
_NAME_SEPARATORS = (": ", " — ", " → ")


def _find_named_keys(text: str) -> Iterator[SecretFinding]:
    for separator in _NAME_SEPARATORS:
        for position in positions(text, separator):
            value = _NAMED_KEY.match(text, position + len(separator))
            if value is None or not _is_random_key(value["value"]):
                continue
            line_start = max(0, text.rfind("\n", max(0, position - 40), position))
            name = _NAME_BEFORE.search(text, line_start, position)
            words = _WORDS_IN_NAME.findall(name["name"].lower()) if name is not None else []
            if words and not any(word in _NOT_KEY_NAMES for word in words):
                yield SecretFinding(SecretFamily.KEYWORD_VALUE, "named-key", *value.span("value"))


_WORDS_IN_NAME = re.compile(r"[^\W_]+")  # with digits: "md5", "sha256" name a checksum
_MIN_HEX_KEY = 32


def _is_random_key(value: str) -> bool:
    """A key a machine made: generated-looking, or 32 hex digits and more."""
    if _is_ordinary_value(value):
        return False
    hexadecimal = len(value) >= _MIN_HEX_KEY and all(
        char in "0123456789abcdefABCDEF" for char in value
    )
    return (hexadecimal and _letters_and_digits(value)) or (
        _looks_generated(value) and looks_random(value.replace("-", "").replace("_", ""))
    )


# --- login / password -----------------------------------------------------------------------

# "Netflix: ludo@mail.fr / Fl1xPass", "identifiants box : admin / Orange1234": a login, " / " or
# " | ", and a password. The login is an e-mail address, or follows a word naming credentials and
# a colon. The scan starts at the separators, which prose holds few of.
_PAIR_SEPARATORS = (" / ", " | ")
_LOGIN_BEFORE = re.compile(
    r"(?:\w@[\w-]+(?:\.[\w-]+)*"
    r"|(?:login|identifiants?|credentials?|creds|user(?:name)?|utilisateur|acc[eè]s|access"
    r"|compte|account)\b[^\n]{0,40}?[:=]"
    r"[ \t]*[^\s/|]+"
    r"|(?<![\w.-])(?:admin|root|administrat(?:or|eur)|ubuntu|guest|invit[ée]|pi|ha))[ \t]*\Z"
)
# "NAS : ludo / Falaise_Etretat_76", "pour le menu maintenance c'est technicien / Brosse-Haute-3":
# a login after a colon, maybe quoted ("Sandrine : « depot35 / Gazette&Matin-12 »"), or a plain
# word after "c'est", "it's".
_LOGIN_AFTER_COLON = re.compile(
    r"(?:[:=][ \t]*(?P<quote>[«\"“‘'][ \t\u00a0\u202f]*)?(?P<login>[\w.@-]+)"
    r"|(?<![^\W_])(?:c['’]est|it['’]?s|is|est)[ \t]+(?P<word>[^\W\d_][\w.@-]*))[ \t]*\Z"
)
# What a login said after "c'est", "it's" opens: a menu, an account, a session, an interface.
_ACCESS_BEFORE = re.compile(
    r"(?<![^\W_])(?:(?:maintenance|admin|service|engineer|settings|installer)[ ]menus?"
    r"|menus?[ ](?:maintenance|admin|service|technicien|r[ée]glages|param[èe]tres|installateur)"
    r"|login|log[ ]?on|compte|account|admin|acc[eè]s|access|sessions?"
    r"|interface|connexion|sign[ -]?in|portal|back[ -]?office|console|dashboard|espace)(?![^\W_])"
)


def _is_said_login(lower: str, window: int, login: re.Match[str]) -> bool:
    """A plain lower-case word said to be the login, of a menu, an account or an interface
    named before it: "pour le menu maintenance c'est technicien / Brosse-Haute-3"."""
    word = login["word"]
    if not word.islower() or not (word in _ROLE_LOGINS or _HANDLE_MARK.search(word)):
        return False  # "the account is closed / Ref-2291-B": a state, no login
    return _ACCESS_BEFORE.search(lower, window, login.start()) is not None


def _is_quoted_login(lower: str, window: int, login_start: int) -> bool:
    """A login and its password in quotes name what they open on their line or the line above
    ("le login du dépôt ?⏎Sandrine : « depot35 / … »"); quoted, "Paris / Lyon-Part-Dieu-2" is a
    route, "Tome1 / Les-Années-Folles-2" a shelf."""
    above = start_of_line(lower, window - 1) if window > 0 and lower[window - 1] == "\n" else window
    return _ACCESS_BEFORE.search(lower, above, login_start) is not None


# A login said in words is a role's or a handle ("jo.smith", "brocante_armand", "tech2").
_ROLE_LOGINS = frozenset(
    (
        *("admin", "administrator", "administrateur", "root", "user", "utilisateur", "guest"),
        *("invite", "invité", "staff", "engineer", "technicien", "technician", "tech", "service"),
        *("maintenance", "installer", "installateur", "manager", "gerant", "gérant", "operator"),
        *("operateur", "opérateur", "supervisor", "superviseur", "owner", "master", "support"),
    )
)
_HANDLE_MARK = re.compile(r"[._@0-9]")


_LOGIN_WINDOW = 120
_PAIR_VALUE = re.compile(r"[ \t]*(?P<secret>[^\s,;|]+)")


def _find_login_pairs(text: str, lower: str) -> Iterator[SecretFinding]:
    yield from _find_joined_logins(text, lower)
    for separator in _PAIR_SEPARATORS:
        for position in positions(text, separator):
            window = line_start_within(text, position, _LOGIN_WINDOW)
            value = _PAIR_VALUE.match(text, position + len(separator))
            if value is None:
                continue
            if not _LOGIN_BEFORE.search(lower, window, position):
                start, end = _unwrapped(text, *value.span("secret"))
                login = _LOGIN_AFTER_COLON.search(text, window, position)
                if (
                    login is not None
                    and (login["login"] is not None or _is_said_login(lower, window, login))
                    and (login["quote"] is None or _is_quoted_login(lower, window, login.start()))
                    and _looks_generated(text[start:end])
                    and not is_other_band(login["login"] or login["word"], text[start:end])
                ):  # "NAS : ludo / Falaise_Etretat_76"; not "WiFi: BTHub6 / BTHub6-5G"
                    yield SecretFinding(SecretFamily.KEYWORD_VALUE, "login-password", start, end)
                continue
            start, end = _unwrapped(text, *value.span("secret"))
            if _is_login_password(text[start:end]) and not is_piped_command(text, end):
                yield SecretFinding(SecretFamily.KEYWORD_VALUE, "login-password", start, end)


# "root:Tartiflette74 on the pi", "admin:Rh0ub@rb": an account every device has, a colon and
# its password with no space, as curl -u and URLs write them.
_USUAL_LOGINS = ("root:", "admin:", "pi:", "ubuntu:", "guest:", "homeassistant:", "ha:")
_JOINED_LOGIN = re.compile(r"[^\s:]+")
_OWNERSHIP = re.compile(r"\b(?:chown|chgrp|--chown|--owner|docker|podman)\b[^\n]*\Z")
_OWNERSHIP_REACH = 40


def _find_joined_logins(text: str, lower: str) -> Iterator[SecretFinding]:
    for login in _USUAL_LOGINS:
        for position in positions(lower, login):
            if position and (lower[position - 1].isalnum() or lower[position - 1] in "_.-/@"):
                continue  # a longer name: "chroot:", "web-admin:"
            if _OWNERSHIP.search(lower, max(0, position - _OWNERSHIP_REACH), position):
                continue  # "chown admin:staff2024": an owner and a group
            value = _JOINED_LOGIN.match(text, position + len(login))
            if value is None:
                continue
            start, end = _unwrapped(text, *value.span())
            if _is_login_password(text[start:end]):
                yield SecretFinding(SecretFamily.KEYWORD_VALUE, "login-password", start, end)


def _is_login_password(value: str) -> bool:
    """Letters mixed with digits: a phone number, a name, another address or code (a path
    joined with " / ") is not a password."""
    return (
        not _is_ordinary_value(value)
        and _CODE_MARKS.search(value) is None
        and len(value) >= _MIN_PROSE_VALUE_LENGTH
        and any(char.isalpha() for char in value)
        and any(char.isdigit() for char in value)
    )
