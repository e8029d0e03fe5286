"""Passwords a person made, given where no secret noun names them.

"GrapeHarvest!2024" under an Instagram handle, "son mail + Vieuxport!1946", "jury /
Spi_Asymetrique", "the cat's name + the year we opened, so Biscuit2011", "Priya: FlatAmazon_2024"
after a question about a password: a value shaped like the passwords people build (a word, a
symbol, digits; CamelCase and a year; words joined by "_", "&" or "-" with a digit; leet) that
stands where an account's password stands. The shape alone says little: hashtags, handles,
product and event names (iPhone15, Paris2024), brands (Procter&Gamble), identifiers (user_id),
file names and network names share it. Each place below takes only the shapes its own
look-alikes do not take there:

- after a login and " / " ("jury / Spi_Asymetrique", "chorale2023 / Alleluia77"), a network's
  name ("Studio wifi: NotesAndKeys / allegro1990"), or a lowercase login among a chat line's
  words in a note naming the account, when the value is built as few names are ("bro lend me
  ur fortnite acc" … "fine its jaydenplays / Skibidi4life99 dont change anything");
- after an e-mail named or written, joined by "+", "et", "and" or a comma, ending the line
  ("son mail + Vieuxport!1946", "→ coloc3rb@gmail.com, Colloc!Prime"), or by " / " when the
  value is built as few names are ("le mail de maman / Mickey_Ears22");
- alone on the line under an account's name: a handle, an e-mail, a login, a network's name
  under a Wi-Fi heading ("Wifi guest / VetsGuest / PuppyTraining22", one a line), or a bare
  login under a device's page ("http://192.168.1.40 / admin / ColdChain2-8", one a line);
- the last of a line's cells two spaces apart, after a login ("postit on monitor: Proscript
  locum1  Locum$2024");
- ending a hint's formula ("le nom du chat + 2019, donc Moustache2019", "nickname then three
  !, i.e. Peanut!!!"), or alone on the line under it ("dog's name twice and the flat number⏎
  MaxMax42"); digits only from a formula that repeats, reverses, joins or marks them ("lot 14
  → 1414"), not from a sum;
- a chat reply alone on its line, a few lines after a question about a password or login;
  first in a reply with words after it when built as few names are, also after a question
  about the account's "one" ("which one is the PlayStation one" … "TacoTuesday_07 same email");
- after a label that names a secret only in its context: a network's "key" or "clé" in a
  note about a router or a Wi-Fi, a bank's "code confidentiel", "code secret", "code perso"
  ("SSID: PritchardRoams / key: TwoOldGoats_onTour", "code confidentiel : Foulard1961"); under
  the line naming the network, a key may be a lowercase phrase typed in one piece ("Nom :
  OdileGerardRoad" then "Clé : lesdeuxvieux_enbalade");
- a login alone on its line (maybe after a role's label) under the service's name, the value
  on the next ("mailchimp" / "ironyardgym" / "Squat-Rack-Sunday-3"), or service, login and
  value on one line ("Later / inkwellstudio / Black-Rose-Needle-7"); a login starting its line
  under a line naming a machine ("work laptop at the front desk" / "reception / Maple_73"); a
  login typed as one, then "+" ("lea.martin3 + Licorne*2012");
- on a machine's line (PC, laptop, ordi), a word with digits and a symbol inside, or a symbol
  for a letter ("staff PC: Lib!rary_Wed", "PC du boulot : je suis sur Alouette!42");
- a network's key or password near the line naming the network, its separator maybe left out
  ("network SeaLark" / "key mackerelskydown", "Wifi de la cabine : clé lesroutesdunord", "WPA
  key 7KQH-M3PX-9TZ2"), a network's name "with" its key ("BigPineLodge with jackrabbit72"), or
  a lone phrase typed in one piece after "wifi:" ("shop wifi: dogearedpages"), or, near a
  Wi-Fi's word, a name as networks are named then a key ending its line after "/", an arrow, a
  label or "tu tapes", or labelled on the next ("Wifi SalleStAubin / belote-et-galette",
  "net: HollowOak_Guests" then "join with: corkscrew-sunset");
- on a sticky note, after a name and "=" or an arrow: built as few names are, or mixed-case
  with digits on a note stuck to a screen, a keyboard or a till ("Post-it sur l'écran : «
  grossiste CERP = Maurice2023 »"); on a note stuck to a machine, also a login, " / " and a
  value with two digits or a symbol, alone in its quotes or ending the line ("« caisse /
  mousse75 »"); a day's or a month's name with digits is a date;
- after a login said on its line ("user is engineer, then Neve1073!mix", "login c'est compta puis
  Facture#2024") or a role's account and its colon ("admin : Ondes_Courtes_99"), or after a login
  and " ~ ";
- after any account's handle and any joiner people use, ending its clause: an e-mail, a login
  typed as one or numbered, a login's or an ID's noun and its login or number, a role's account,
  a login one types; "then", "puis", ", et", ", and it's", "the other bit is", "le reste c'est",
  "→", ":", "/", where it is typed ("online:", "espace en ligne :", "et derrière")
  ("rcarter.nurse then Dressing-Change-48", "Gateway ID 4410 2287 9931, and the other bit is
  Ledger&Quill2023", "MANAGER → Rivington_77", "dad.wheeler@…, Pennyroyal7. Please…"),
  or alone on the line under a labelled login ("identifiant : hugo.luthier" then
  "Epicea&Erable_1988", "acct 7781 2290" then "online: Marmalade_Cat7"; words hyphened with
  digits under "session assistante"); or ending the line after how it is derived from a thing
  known ("admin, then the postcode of the office with no space, lowercase — bl14aq");
- after what protects a file ("le zip des contrats est protégé : Tournesol_Bruxelles!");
- typed where a screen asks ("type Overdue_Fines_2026 at the prompt", "tapez Lavande_42 à
  l'invite"), or after "online:" on a bill's line with its account's number ("acct 7781 2290 /
  online: Goldfish_Nemo"): any made shape but all lowercase;
- after a verb of signing in "with" ("sign in with RakuFiring2025!", "connectez-vous avec
  Pinceau-Rouge-7"), built as few names are: a provider or a product is none;
- capitalised words joined and a year, the whole reply to a question for the Wi-Fi or with how
  to type it ("SourireSansCarie2025 (tout attaché)"), not when the network's name is asked.
"""

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator
from enum import IntEnum
from itertools import pairwise

from memoire.core.secrets.chat_codes import ASKING as CHAT_ASKING
from memoire.core.secrets.chat_codes import PERSON_NAME, speaker_pattern
from memoire.core.secrets.chat_codes import SPEAKER as CHAT_SPEAKER
from memoire.core.secrets.dictated import says_how_to_type
from memoire.core.secrets.lookalikes import (
    AT_A_MACHINE,
    GAMES,
    STICKY_STEMS,
    is_a_days_date,
    is_a_network_name,
    is_a_notes_item,
    is_a_place_name,
    is_other_band,
    is_security_mode,
)
from memoire.core.secrets.passphrases import NEVER_FIRST_WORDS, SENTENCE_WORDS, is_passphrase
from memoire.core.secrets.text import (
    YEAR,
    end_of_line,
    found_alone,
    holds,
    line_start_within,
    positions,
    start_of_line,
    starts_of_any,
)

MADE_PASSWORD_RULE = "made-password"


class Shape(IntEnum):
    """How surely a value reads as made by a person for a password, weakest first."""

    JOINED = 1  # words joined by "_", "&" or "-": Spi_Asymetrique, Gregorien&Co, a-b7-c
    DIGITS = 2  # a word and digits, or leet: Biscuit2011, cricket4life, Bout1que
    SYMBOL = 3  # a symbol inside: GrapeHarvest!2024, Tulip$Harbor88, Pinson1!


_MIN_LENGTH = 5
_MAX_LENGTH = 40
_INNER_SYMBOLS = frozenset("!#$%*?@~^+=")
_TRAILING_SYMBOLS = "!#$*?"
_LOWER_WORD = re.compile(r"(?:[^a-zà-ÿ]*[a-zà-ÿ]){3}")  # three lowercase letters: "InkJet#2023"
# A word and digits, maybe a range's ("ColdChain2-8", "Open24-7") or more words after them.
_DIGITS_SHAPE = re.compile(r"[^\W\d_]{3,}[0-9]{1,4}(?:-[0-9]{1,2}|[^\W\d_]{2,}[0-9]{0,4})?[!#$*?]?")
_JOINED_SHAPE = re.compile(r"[^\W\d_]{2,}[0-9]{0,4}(?:[_&][^\W_]{2,})+")
# Words hyphened, a short one among them ("ampli-a-lampes-1977", "cat-in-a-hat-7").
_HYPHENED_SHAPE = re.compile(r"[^\W_]{2,}(?:-[^\W_]{2,}|-[^\W\d_](?=-)){2,}(?:-[0-9])?")
# Capitalised words then a number, hyphened, a word maybe in CamelCase: "Squat-Rack-Sunday-3",
# "Taq-Polymerase-88", "GreenFingers-Loyal-8".
_CAPITALISED_HYPHENED = re.compile(
    r"[A-ZÀ-Þ][a-zà-ÿ]{2,}(?:[A-ZÀ-Þ][a-zà-ÿ]+)*(?:-[A-Za-zÀ-ÿ][a-zà-ÿ]{1,}(?:[A-ZÀ-Þ][a-zà-ÿ]+)*)+"
    r"-[0-9]{1,4}"
)
_LETTER_DIGIT_CHANGES = re.compile(r"(?<=[^\W\d_])(?=[0-9])|(?<=[0-9])(?=[^\W\d_])")
_MAX_CHANGES = 3  # "Bout1que" changes twice; "a1b2c3d4" is a machine's
_LONG_DIGITS = re.compile(r"[0-9]{5}")  # a person's digits are a year, a number, a date's part
# Three capitalised words typed in one piece, then a symbol: "PodcastDuDimanche!".
_CAMEL_THEN_SYMBOL = re.compile(r"(?:[A-ZÀ-Þ][a-zà-ÿ]+){3,}[!#$*?]")


_KEY_COMBINATION = re.compile(
    r"(?i:ctrl|alt|shift|cmd|command|option|fn|win|maj)(?:[+-][\w]{1,6}){1,3}"
)


def made_shape(value: str) -> Shape | None:
    """The value's shape when a person may have made it for a password, else None."""
    if not _MIN_LENGTH <= len(value) <= _MAX_LENGTH or not value[0].isalpha():
        return None
    if any(char in "./\\:,;()[]{}<>'\"«»" or char.isspace() for char in value):
        return None  # files, addresses, versions, paths, code
    if _LOWER_WORD.search(value) is None or is_security_mode(value):
        return None  # RTX4090, COP28, AT&T, SFR_A1B2: codes and acronyms
    if _KEY_COMBINATION.fullmatch(value):
        return None  # Ctrl+Alt+Del, Cmd-Shift-4: keys pressed together
    if len(_LETTER_DIGIT_CHANGES.findall(value)) > _MAX_CHANGES or _LONG_DIGITS.search(value):
        return None  # a machine's: run_id_20240612_T0930, ab12cd34ef56
    has_digit = any(char.isdigit() for char in value)
    inner = value[:-1] if not has_digit else value
    if any(char in _INNER_SYMBOLS for char in inner[1:]) or _CAMEL_THEN_SYMBOL.fullmatch(value):
        return Shape.SYMBOL
    if _DIGITS_SHAPE.fullmatch(value):
        return Shape.DIGITS
    joined = value.rstrip(_TRAILING_SYMBOLS)  # "Backup_Everything_Twice!"
    if _JOINED_SHAPE.fullmatch(joined) and (has_digit or not joined.islower()):
        return Shape.JOINED  # user_id, first_name: identifiers
    if _HYPHENED_SHAPE.fullmatch(value) and has_digit and value[1:].islower():
        return Shape.JOINED  # surprendre-sensibles7-aider; not Freebox-4D21A0
    if _CAPITALISED_HYPHENED.fullmatch(value):
        return Shape.JOINED
    return None


def find_made_passwords(text: str, lower: str) -> Iterator[tuple[str, int, int]]:
    """Each made password standing where an account's password stands."""
    for start, end in (
        *_after_logins(text, lower),
        *_after_mails(text, lower),
        *_under_accounts(text, lower),
        *_after_formulas(text, lower),
        *_chat_replies(text, lower),
        *_chat_keys(text, lower),
        *_after_context_labels(text, lower),
        *_side_by_side(text, lower),
        *_under_logins(text),
        *_on_devices(text, lower),
        *_network_keys(text, lower),
        *_named_network_with_key(text, lower),
        *_network_name_then_key(text, lower),
        *_wifi_phrases(text, lower),
        *_handles_then_values(text, lower),
        *_protected_files(text, lower),
        *_typed_network_keys(text, lower),
        *_typed_to_get_in(text, lower),
        *_on_sticky_notes(text, lower),
        *_typed_where_asked(text, lower),
        *_online_beside_an_account(text, lower),
        *_signed_in_with(text, lower),
        *_reset_to(text, lower),
        *_spelt_with_its_capitals(text, lower),
    ):
        yield MADE_PASSWORD_RULE, start, end


# --- the value's span ---------------------------------------------------------------------

_LEADING = "«\"“'(*_`"
_TRAILING = "»\"”'),.;:*_`?"
_TOKEN = re.compile(r"\S+")


def _value_at(text: str, position: int) -> tuple[int, int, str] | None:
    """The token starting at `position` (after blanks), unwrapped from quotes and punctuation."""
    while position < len(text) and text[position] in " \t":
        position += 1
    token = _TOKEN.match(text, position)
    if token is None:
        return None
    raw = token[0]
    start = position + len(raw) - len(raw.lstrip(_LEADING))
    end = token.end() - (len(raw) - len(raw.rstrip(_TRAILING)))
    if end <= start:
        return None
    return start, end, text[start:end]


def _ends_its_line(text: str, end: int) -> bool:
    """Nothing after the value on its line but punctuation, a bracket or a dash's aside."""
    return _LINE_END_OR_ASIDE.match(text, end) is not None


# An emoji may close a chat's line: "StudioLumiere / ampli-a-lampes-1977 🎛️".
_LINE_END_OR_ASIDE = re.compile(
    r"[ \t.!\u2600-\u27bf\ufe0f\u200d\U0001f300-\U0001faff]*(?:\n|\Z|[(\-—–])"
)


# --- after a login and " / " ------------------------------------------------------------------

_LOGIN_WORDS = frozenset(
    ("admin", "root", "user", "login", "guest", "invité", "pi", "ubuntu", "utilisateur")
)
# The login starts its line or follows a service's colon or arrow ("NAS : admin / …").
_LOGIN_LEFT = re.compile(
    r"(?:(?P<lead>[:→>\-—]|(?<=[^\s/] )/)|(?<![^\n]))[ \t]*(?P<login>[^\s/|:]{2,40})[ \t]*\Z"
)
# Among words ("fine its jaydenplays / Skibidi4life99 dont change anything"): a login as
# people type one, lowercase.
_LOGIN_AMONG_WORDS = re.compile(r"(?<!\S)(?P<login>[a-z][a-z0-9._@+-]{2,40})[ \t]*\Z")
_LOGIN_REACH = 60


def _after_logins(text: str, lower: str) -> Iterator[tuple[int, int]]:
    for separator in (" / ", " | ", " ~ "):
        for position in positions(lower, separator):
            value = _value_at(text, position + len(separator))
            if value is not None and _follows_a_login(
                text, lower, position, value, among_words=separator == " / "
            ):
                yield value[0], value[1]
    for position in positions(lower, " + "):
        value = _value_at(text, position + len(" + "))
        if value is not None and _is_added_to_a_login(text, position, value):
            yield value[0], value[1]
    for separator in (" — ", " – "):
        for position in positions(lower, separator):
            value = _value_at(text, position + len(separator))
            if value is not None and _is_a_networks_key_after_a_dash(text, lower, position, value):
                yield value[0], value[1]


_NAMING_LEADS = frozenset((":", "→"))


def _is_a_networks_key_after_a_dash(
    text: str, lower: str, position: int, value: tuple[int, int, str]
) -> bool:
    """ "Guest Wi-Fi, this month: SeaviewGuest — gulls&chips": a network named after a Wi-Fi's
    colon, then a dash and its key ending the line; prose's dashes elsewhere give no login."""
    if not _ends_its_line(text, value[1]) or is_a_notes_item(text, lower, value[0], value[1]):
        return False
    left = _LOGIN_LEFT.search(text, line_start_within(text, position, _LOGIN_REACH), position)
    if left is None or left["lead"] not in _NAMING_LEADS:
        return False
    if not _names_a_network(text, left.start("lead")):
        return False
    shape = made_shape(value[2])
    if shape is None and _JOINED_KEY.fullmatch(value[2]) is None:
        return False  # "— rez-de-chaussée": a hyphened word says where the router is
    return _is_network_and_key(text, left, value[2])


# Lowercase words joined as a guest network's key is: "gulls&chips", "mouettes&frites".
_JOINED_KEY = re.compile(r"(?=.{8})[a-zà-ÿ]{2,}(?:[&+][a-zà-ÿ]{2,})+")


def _is_added_to_a_login(text: str, position: int, value: tuple[int, int, str]) -> bool:
    """ "ENT du collège pour Léa : lea.martin3 + Licorne*2012": a login typed as one (a dot,
    an "@" or digits in it) after a colon, " + ", a value built as few names are; not "python3
    + Django5" nor "flour + Sugar2"."""
    shape = made_shape(value[2])
    if shape is None or not is_built_mixed(value[2], shape) or not _ends_its_line(text, value[1]):
        return False
    line_start = line_start_within(text, position, _LOGIN_REACH)
    left = _LOGIN_LEFT.search(text, line_start, position)
    if left is None or left["lead"] is None or _VERSION.search(left["login"]):
        return False
    login = left["login"]
    return any(char.isalpha() for char in login) and (
        "@" in login or "." in login or any(char.isdigit() for char in login)
    )


def _follows_a_login(
    text: str, lower: str, position: int, value: tuple[int, int, str], *, among_words: bool
) -> bool:
    """The value after " / " (at `position`) ends a login's line, or is built as few names are
    after a lowercase login among words where the account or its page is named before it."""
    line_start = line_start_within(text, position, _LOGIN_REACH)
    if is_a_days_date(value[2]) or is_a_notes_item(text, lower, value[0], value[1]):
        return False  # "Post-it sur le frigo : lait / beurre22", "réunion / mardi14"
    shape = made_shape(value[2])
    ends = _ends_its_line(text, value[1])
    left = _LOGIN_LEFT.search(text, line_start, position) if ends else None
    if shape is None:  # "hotspot : OdileGerard / lesdeuxvieuxenbalade"
        return (
            left is not None
            and _is_key_phrase(value[2])
            and _is_network_and_key(text, left, value[2])
        )
    if left is not None and _is_login(text, left, value[2], shape):
        return True
    if not among_words or not is_built_mixed(value[2], shape):
        return False
    among = _LOGIN_AMONG_WORDS.search(text, line_start, position)
    return among is not None and _names_an_account_near(lower, position)


_BUILT = re.compile(r"[0-9][^\W\d_]|[_&-].*[0-9]|[0-9].*[_&-]|_.*[!#$*?]\Z")
_VERSIONED = re.compile(r"[_-][vV][0-9]+\Z")


def _is_built(value: str, shape: Shape) -> bool:
    """A symbol inside, digits among joined words or inside one, or joined words ending with a
    symbol ("BirdBox_2022", "Skibidi4life99", "Backup_Everything_Twice!"): few names take
    these; "ChangeLog2024", "PlayStation5" do not."""
    if _VERSIONED.search(value) is not None:
        return False  # "Sombre_v2", "Rapport-V3": a name's version
    return shape is Shape.SYMBOL or _BUILT.search(value) is not None


def is_built_mixed(value: str, shape: Shape) -> bool:
    """Built as few names are, and not all lowercase ("BirdBox_2022", not "my_project2")."""
    return _is_built(value, shape) and not value.islower()


def _is_strong(value: str, shape: Shape) -> bool:
    """Mixed case with digits or a symbol: "Skibidi4life99", "Kestrel2019"; not "iphone15"."""
    return shape is not Shape.JOINED and not value.islower() and not value.isupper()


def _is_login(text: str, left: re.Match[str], value: str, shape: Shape) -> bool:
    """An e-mail, a handle, a login word or a name with digits takes any made shape; a bare
    name after a service's colon ("ordi du comité : jury / Spi_Asymetrique") takes one a
    product name does not have ("Console : Xbox / PlayStation5"), or any when lowercase; a
    network's name after a Wi-Fi's colon takes any but its own band's ("HomeNet / HomeNet5G")."""
    login = left["login"]
    if _VERSION.search(login) or (made_shape(login) is Shape.DIGITS and login[0].isupper()):
        return False  # "python3.12 / Django5", "Paris2024 / Euro2024": names side by side
    if left["lead"] == "/":  # "mailchimp / hiveworks / Copper-Kettle-12"; not "xbox / ps5 / …"
        if "@" in login:
            return _is_strong(value, shape) or is_built_mixed(value, shape)
        return _is_typed_login(login) and _is_built_stack_value(value, shape)
    if "@" in login or any(char.isdigit() for char in login):
        return True
    if login.lower() in _LOGIN_WORDS:
        return True
    if left["lead"] is None:  # "work laptop at the front desk" above "reception / Maple_73"
        return (
            login.islower()
            and not _names_a_number(login)
            and is_built_mixed(value, shape)
            and _names_a_device_above(text, left.start("login"))
        )
    if _names_a_network(text, left.start("lead")):
        return _is_network_and_key(text, left, value)
    return shape is not Shape.DIGITS or login.islower()


def _is_typed_login(login: str) -> bool:
    """Lowercase, and long, dotted or with digits as logins are: "hiveworks", "agence.lyon3";
    not "xbox", "main" nor "mp4"."""
    if not login.islower() or _names_a_number(login):
        return False
    if len(login) >= _LONG_LOGIN or "." in login or "_" in login:
        return True
    return len(login) >= _SHORT_LOGIN and any(char.isdigit() for char in login)


_LONG_LOGIN = 8
_SHORT_LOGIN = 5  # "mp4", "ps5" are formats and consoles; "lucas7" a login


def _is_network_and_key(text: str, left: re.Match[str], value: str) -> bool:
    """A Wi-Fi's name then its key, not its other band's name ("HomeNet / HomeNet5G")."""
    if left["lead"] is None or not _names_a_network(text, left.start("lead")):
        return False
    return not is_other_band(left["login"], value)


# A machine people log into, or an account: "work laptop", "ordi du bureau", "staff PC".
_DEVICE_NOUNS = re.compile(
    r"(?<![^\W_])(?:pcs?|laptops?|computers?|ordis?|ordinateurs?|desktops?|workstations?"
    r"|postes?|tablets?|tablettes?|imacs?|macbooks?|chromebooks?)(?![^\W_])"
)


def _names_a_device_above(text: str, position: int) -> bool:
    """The non-blank line above the one at `position` names a machine or an account."""
    line_start = start_of_line(text, position)
    while line_start > 0:
        above = start_of_line(text, line_start - 1)
        line = text[above : line_start - 1].lower()
        if line.strip():
            return _DEVICE_NOUNS.search(line) is not None or _ACCOUNT_NOUNS.search(line) is not None
        line_start = above
    return False


_VERSION = re.compile(r"[0-9]\.[0-9]")


def _names_a_network(text: str, colon: int) -> bool:
    """ "Studio wifi: NotesAndKeys / allegro1990": the words before the colon name a Wi-Fi."""
    line_start = start_of_line(text, colon)
    return _NETWORK_WORDS.search(text[line_start:colon].lower()) is not None


# Nouns that name an account, or a device's page: the value's line or the two above hold one.
_ACCOUNT_NOUNS = re.compile(
    r"(?<![^\W_])(?:accs?|accounts?|comptes?|logins?|log[ -]?in(?:to)?|sign[ -]?in|portal|portail"
    r"|site|website|appli|app|identifiants?|connexion|profil|profile|session)(?![^\W_])"
    r"|://|(?<![\w.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![\w.])"
)
_ACCOUNT_LINES = 2


def _names_an_account_near(lower: str, position: int) -> bool:
    """ "bro lend me ur fortnite acc", "council portal", "http://laura-nas.local:5000": the
    note names the account or its page before the login, on its line or the two above."""
    start = start_of_line(lower, position)
    for _ in range(_ACCOUNT_LINES):
        if start == 0:
            break
        start = start_of_line(lower, start - 1)
    return _ACCOUNT_NOUNS.search(lower, start, position) is not None


# --- after an e-mail --------------------------------------------------------------------------

_AFTER_MAIL = re.compile(
    r"(?:(?:e-?mail|mail)(?:[ \t]+[^\W\d_]{2,12}){0,2}|@[\w-]+(?:\.[\w-]+)+)"
    r"(?:[ \t]*(?:\+|,|&|et|and|→|->|(?P<slash>/))|[ \t]+(?P<dash>[—–:-])(?=[ \t]))[ \t]*",
    re.IGNORECASE,
)
_MAIL_STEMS = ("mail", "@")


def _after_mails(text: str, lower: str) -> Iterator[tuple[int, int]]:
    seen: set[int] = set()
    for stem in _MAIL_STEMS:
        for position in positions(lower, stem):
            start = position
            if stem == "@":
                start = position  # the joiner is matched after the address's domain
            joined = _AFTER_MAIL.match(text, start)
            if joined is None or joined.end() in seen:
                continue
            seen.add(joined.end())
            value = _value_at(text, joined.end())
            if value is None or not _ends_its_line(text, value[1]):
                continue
            shape = made_shape(value[2])
            if shape is None:
                continue
            if joined["slash"] is not None:  # "le mail de maman / Mickey_Ears22"; not "… / Teams2"
                if is_built_mixed(value[2], shape):
                    yield value[0], value[1]
            elif joined["dash"] is not None:
                if stem == "@" and _is_dashed_after_address(text, position, value[2], shape):
                    yield value[0], value[1]
            elif shape is not Shape.JOINED or is_built_mixed(value[2], shape):
                yield value[0], value[1]


def _is_dashed_after_address(text: str, at: int, value: str, shape: Shape) -> bool:
    """ "Orchestra library (Dropbox): library@… — Brahms4_inEminor": built as few names are, or
    words joined in mixed case after an address a service's label names ("Netflix: …@gmail.com
    — Popcorn_Tuesdays"); not "orders@shop.com — iPhone15" nor "— Marketing2024"."""
    if shape is Shape.SYMBOL or is_built_mixed(value, shape):
        return True
    labelled = ":" in text[start_of_line(text, at) : at]
    return labelled and shape is Shape.JOINED and not value.islower() and not value.isupper()


# --- alone on a line under an account --------------------------------------------------------

_NETWORK_WORDS = re.compile(r"(?<![^\W_])(?:wi-?fi|wlan|ssid|réseau|network|hotspot|box)(?![^\W_])")
# The line above names the account: all of it, or what follows its colon ("Appli Ring : lea@…").
_IDENTIFIER = re.compile(
    r"(?:\A|[:→])[ \t]*(?:[^\w\s@]{1,3}[ \t]*)?(?:@[\w.]{2,40}|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"|(?i:admin|root|user|login|pi|ubuntu))[ \t]*\Z"
)
# A heading: a few words, no sentence ("La box est dans le salon." is one).
_HEADING = re.compile(r"[ \t]*(?:#{1,6}[ \t]*)?(?:[^\s.!?]+[ \t]*){1,4}:?[ \t]*")
# A device's or a service's page, the line above a login: a URL, an address, a local name.
_ADMIN_PAGE = re.compile(
    r"://|(?<![\w.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![\w.])|\.(?:local|lan|home)(?![\w.])"
)
_BARE_LOGIN = re.compile(r"[ \t]*(?:[-*•][ \t]*)?[a-z][a-z0-9._-]{1,30}[ \t]*")
_BARE_LINE = re.compile(r"[ \t]*(?:[^\w\s@#]{1,3}[ \t]*)?(?P<value>\S+)[ \t]*\Z")
_ONE_TOKEN = re.compile(r"[ \t]*(?:[^\w\s@#]{1,3}[ \t]*)?[^\s@#]+[ \t]*\Z")


def _under_accounts(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """ "Vineyard Instagram / @domaine_marsac / GrapeHarvest!2024", one a line: a line of one
    made value whose line above names the account (a handle, an e-mail, a login; a network's
    name under a Wi-Fi heading), or ends with one after a colon ("Appli Ring : lea@…")."""
    lines, below = _lines_below(text, lower, _ACCOUNT_STEMS)
    for index in below:
        start, end = lines[index]
        bare = _BARE_LINE.fullmatch(text, start, end)
        shape = made_shape(_unwrapped(bare["value"])) if bare is not None else None
        if bare is None or shape is None:
            continue
        above = _non_blank_above(text, lines, index)
        if above is None:
            continue
        built = shape is not Shape.JOINED and is_built_mixed(_unwrapped(bare["value"]), shape)
        if _names_an_account(text, lower, lines, above) or (
            built and _under_an_admin_page(text, lines, above)
        ):
            value = _value_at(text, bare.start("value"))
            if value is not None:
                yield value[0], value[1]


def _under_an_admin_page(text: str, lines: list[tuple[int, int]], above: int) -> bool:
    """ "http://192.168.1.1", then "mike.t": a bare login under a device's or service's page."""
    if _BARE_LOGIN.fullmatch(text, *lines[above]) is None:
        return False
    page = _non_blank_above(text, lines, above)
    return page is not None and _ADMIN_PAGE.search(text, *lines[page]) is not None


def _names_an_account(text: str, lower: str, lines: list[tuple[int, int]], above: int) -> bool:
    start, end = lines[above]
    line = text[start:end]
    if _IDENTIFIER.search(line) is not None:
        return True  # "@domaine_marsac", "lea.fournier@gmail.com", "admin", "Ring : lea@…"
    if ":" in line:  # "📶 wifi : MaisonDuLac": a network named, one word after its colon
        colon = start + line.index(":")
        return (
            _NETWORK_WORDS.search(lower, start, colon) is not None
            and _ONE_TOKEN.fullmatch(text, colon + 1, end) is not None
        )
    heading = _non_blank_above(text, lines, above)
    if heading is None or _ONE_TOKEN.fullmatch(line) is None:
        return False
    return _HEADING.fullmatch(text, *lines[heading]) is not None and (
        _NETWORK_WORDS.search(lower, *lines[heading]) is not None
    )


def _unwrapped(value: str) -> str:
    return value.lstrip(_LEADING).rstrip(_TRAILING)


# Words one of the two lines above a value names its account with: a note without any (most
# prose) has no line read for a value alone.
_ACCOUNT_STEMS = (
    *("@", "wifi", "wi-fi", "wlan", "ssid", "réseau", "network", "hotspot", "box"),
    *("admin", "root", "user", "login", "ubuntu"),
    *("://", ".local", ".lan", "192.168.", "10.0."),
)
_ASKED_STEMS = ("pass", "pw", "mdp", "mot de passe", "login", "identifiant")
_LINES_BELOW = 3


def _lines_below(
    text: str, lower: str, stems: tuple[str, ...]
) -> tuple[list[tuple[int, int]], list[int]]:
    """The note's lines, and the indexes of the few under each line holding one of `stems`."""
    held = [position for stem in stems for position in positions(lower, stem)]
    if not held:
        return [], []
    lines = _lines(text)
    starts = [start for start, _ in lines]
    below: set[int] = set()
    for position in held:
        index = bisect_right(starts, position) - 1
        below.update(range(index + 1, min(len(lines), index + 1 + _LINES_BELOW)))
    return lines, sorted(below)


def _lines(text: str) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for newline in positions(text, "\n"):
        spans.append((start, newline))
        start = newline + 1
    spans.append((start, len(text)))
    return spans


def _non_blank_above(text: str, lines: list[tuple[int, int]], index: int) -> int | None:
    for above in range(index - 1, max(-1, index - 3), -1):
        if text[slice(*lines[above])].strip():
            return above
    return None


# --- ending a hint's formula ------------------------------------------------------------------

# A date in words, which a formula turns into digits ("l'anniversaire de la directrice, 11 mai
# → 1105", "mum's birthday, 5 July, so 0507").
_SPELT_DATE = (
    r"(?<![^\W_])[0-9]{1,2}(?:st|nd|rd|th|er)?[ ](?:jan|feb|fév|fev|mar|apr|avr|may|mai|jun|juin"
    r"|jul|juil|aug|août|aout|sep|oct|nov|dec|déc)[^\W\d_]*(?![^\W_])"
)
# What a formula is made of, then how its parts are joined or changed.
_FORMULA_PARTS = (
    r"(?<![^\W_])(?:name|nom|prénom|year|année|an|dog|cat|chien|chat|pet|birthday|anniv\w*"
    r"|usual|habituel|number|numéro|date|nickname|surnom|band|groupe|team|équipe|shirt|maillot"
    r"|flat|appart\w*|street|rue|lot|initials|initiales|maiden|same[ ]as|même[ ]que)(?![^\W_])"
    r"[^\n]{0,80}?"
    r"(?:\+|(?<![^\W_])(?:then|puis|suivi de|followed by|plus|twice|deux[ ]fois|backwards"
    r"|à[ ]l['’]envers|reversed)(?![^\W_])|" + _SPELT_DATE + ")"
)
_FORMULA = re.compile(
    _FORMULA_PARTS + r"[^\n]{0,60}(?:(?<![^\W_])(?:so|donc|soit|i\.e\.|ie)(?![^\W_])|=|→|->|,|:)"
    r"[ \t]*\Z",
    re.IGNORECASE,
)
# A formula ending its line, the value it makes alone on the next ("dog's name twice and the
# flat number⏎MaxMax42").
_FORMULA_LINE = re.compile(_FORMULA_PARTS + r"[^\n]{0,60}\Z", re.IGNORECASE)
# The formula's nouns, rarer in prose than its joiners ("puis", "then", "+"): where it is read.
# Parts common inside other words ("rue" in "true", "lot" in "pilot") come with one of these.
_FORMULA_STEMS = (
    *("name", "nom", "year", "année", "dog", "cat", "chien", "chat", "pet", "birthday"),
    *("anniv", "usual", "habituel", "number", "numéro", "date", "nickname", "surnom"),
    *("équipe", "maillot", "appart", "street", "initials", "initiales", "maiden", "same as"),
    *("même que",),
)
_FORMULA_REACH = 200
# What a formula makes: a made password, or letters and digits mixed ("Rex2011", "ASSE_10"),
# or digits with a symbol or four or more ("81025090#", "1414"), not a year alone.
_FORMULA_VALUE = re.compile(
    r"(?=[^\s]*[0-9])(?=[^\s]*[^\W\d_])[^\W_][\w!#$%*?@&-]{3,30}|[0-9]{4,12}[!#$%*?@]{0,3}"
)


def _after_formulas(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """The line's last word, when made, after a formula that builds it: only the lines that
    end with a made value are read for a formula (prose says "puis" and "then" often)."""
    seen: set[int] = set()
    for stem in _FORMULA_STEMS:
        for position in positions(lower, stem):
            line_start, line_end = start_of_line(lower, position), end_of_line(lower, position)
            if line_start in seen:
                continue
            seen.add(line_start)
            line_end = line_start + len(text[line_start:line_end].rstrip())
            last = max(
                text.rfind(" ", line_start, line_end), text.rfind("\t", line_start, line_end)
            )
            value = _value_at(text, last + 1) if last > position else None
            if (
                value is not None
                and _is_formula_value(value[2], lower[line_start : value[0]])
                and _FORMULA.search(text, max(line_start, value[0] - _FORMULA_REACH), value[0])
            ):
                yield value[0], value[1]
                continue
            below = _value_under_a_formula(text, line_start, line_end)
            if below is not None:
                yield below


def _is_formula_value(value: str, formula: str) -> bool:
    """Digits alone are made only by a formula that repeats, reverses, joins or marks them
    ("lot 14 twice → 1414", "date backwards with a # on the end, so 81025090#", "le numéro du
    centre puis l'année, 17 et 1952 → 171952"): a sum gives digits too."""
    if made_shape(value) in (Shape.DIGITS, Shape.SYMBOL, Shape.JOINED):
        return True
    if _FORMULA_VALUE.fullmatch(value) is None or YEAR.fullmatch(value) is not None:
        return False
    return not value.isdigit() or _DIGITS_MADE.search(formula) is not None


_DIGITS_MADE = re.compile(
    r"(?<![^\W_])(?:twice|deux[ ]fois|backwards|à[ ]l['’]envers|reversed|doubled?|doublé|then"
    r"|puis|followed[ ]by|suivi[ ]de)(?![^\W_])|" + _SPELT_DATE,
    re.IGNORECASE,
)


def _value_under_a_formula(text: str, line_start: int, line_end: int) -> tuple[int, int] | None:
    """The next line's one word, when the formula's line ends without its value."""
    if line_end >= len(text):
        return None
    below = text[line_end + 1 : end_of_line(text, line_end + 1)].strip()
    if not below or " " in below or "\t" in below:
        return None
    value = _value_at(text, line_end + 1)
    formula = text[max(line_start, line_end - _FORMULA_REACH) : line_end]
    if value is None or value[2] != below.strip(_LEADING + _TRAILING):
        return None
    if not _is_formula_value(value[2], formula) or not _FORMULA_LINE.search(formula):
        return None
    return value[0], value[1]


# --- a chat reply -------------------------------------------------------------------------------

# A chat's speaker (chat_codes), named as one person is: "Zara 📱:", "Anaïs 09:14 — ", not
# "password_hash:".
_SPEAKER = speaker_pattern(PERSON_NAME)
_SPEAKER_VALUE = re.compile(_SPEAKER + r"(?P<value>\S+)[ \t]*\Z")
_ASKED_ABOUT = re.compile(
    r"(?<![^\W_])(?:passwords?|pw|pwd|mdp|mot de passe|passcode|login|logins|identifiants?)"
    r"(?![^\W_])"
)
_SPEAKER_LINE = re.compile(_SPEAKER + r"\S")
_QUESTION = re.compile(r"\?|(?<![^\W_])(?:what|whats|which|quel|quelle|quoi|koi|lequel)(?![^\W_])")
_ASKED_A_NAME = re.compile(
    r"(?<![^\W_])(?:name|called|nom|appelle|ssid|réseau|network|hashtag|handle|user(?:name)?)"
    r"(?![^\W_])"
)
_REPLY_REACH = 3


def _is_asked_about(lower: str, start: int, end: int) -> bool:
    """A question about a password: "whats the bins rota password??", "c'est quoi le mdp"."""
    return (
        _ASKED_ABOUT.search(lower, start, end) is not None
        and _QUESTION.search(lower, start, end) is not None
    )


def _is_speaker_line(text: str, start: int, end: int) -> bool:
    return _SPEAKER_LINE.match(text, start, end) is not None


# "which one is the PlayStation one again", "tu me redonnes celui de Canal ?", "c koi pour la
# switch", "what's it for the Xbox": people ask for a password by its account, as "the … one",
# "celui de …" or what is typed for it; or say a machine asks them for something ("le PC de
# l'atelier me demande un truc", "the laptop's asking for something").
_ASKED_ONE = re.compile(
    r"(?<![^\W_])(?:the|ur|your|my|his|her|our)[ \t]+(?:[^\W\d_][\w'’+-]*[ \t]+){1,2}one"
    r"(?![^\W_])|(?<![^\W_])(?:celui|celle)[ \t]+(?:de|du|d['’]|pour)(?![^\W_])"
    r"|(?<![^\W_])(?:quoi|koi|what['’]?s[ ]it|what[ ]is[ ]it|what[ ]do[ ]i[ ](?:put|type|enter))"
    r"[ \t]+(?:pour|for)[ \t]+(?:le|la|les|l['’]|mon|ma|the|my|our)"
)
# Consoles, televisions and phones also ask for a password: "the xbox is asking me for
# something".
_CONSOLES = re.compile(
    r"(?<![^\W_])(?:xbox|playstation|ps[345]|switch|wii|consoles?|tv|télé|telly|smart[ ]tv"
    r"|phones?|iphones?|ipads?|téléphones?|portables?)(?![^\W_])"
)
_ASKED_BY_A_MACHINE = re.compile(
    r"(?<![^\W_])(?:(?:me[ ]|nous[ ])?(?:demande|réclame|veut)|asks?[ ](?:me[ ]|us[ ])?for"
    r"|asking[ ](?:me[ ]|us[ ])?for|wants?|needs?)[ ]"
    r"(?:un[ ]truc|quelque[ ]chose|something|a[ ]thing|stuff)(?![^\W_])"
)
_REPLY_STEMS = (
    *_ASKED_STEMS,
    " one",
    "celui",
    "celle",
    "pour",
    " for ",
    "demande",
    "ask",
    "réclame",
    "veut",
    "want",
    "need",
)
# The reply's first word, more words after it: "Kirikou_2009 avec le mail de maman".
_SPEAKER_FIRST = re.compile(_SPEAKER + r"(?P<value>\S+)[ \t]+\S")


def _chat_replies(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """A made value alone in a reply under a question about a password; one built as few
    names are ("PineCone_44!", "Kirikou_2009") also first in a reply with words after it, or
    under a question naming the account's "one" ("the PlayStation one", "celui de Canal")."""
    lines, below = _lines_below(text, lower, _REPLY_STEMS)
    for index in below:
        start, end = lines[index]
        alone = _SPEAKER_VALUE.fullmatch(text, start, end)
        reply = alone or _SPEAKER_FIRST.match(text, start, end)
        shape = made_shape(_unwrapped(reply["value"])) if reply is not None else None
        if reply is None or shape is None:
            continue
        if not _is_speaker_line(text, *lines[index - 1]):
            continue  # a label's line under a heading ("Réseau : Gite_LesChenes"), no chat
        value = _value_at(text, reply.start("value"))
        if value is None:
            continue
        typed = says_how_to_type(lower, value[1], end)  # "Lucas2012 avec un L majuscule"
        built = is_built_mixed(value[2], shape) or typed
        if alone is None and not built:
            continue
        # Alone in the reply, names and digits joined as a family's are: "ZaraAndAdam2015".
        built = built or (alone is not None and _is_names_joined(value[2], shape))
        asked = [lines[above] for above in range(max(0, index - _REPLY_REACH), index)]
        if any(_is_asked(lower, *line, by_its_one=built) for line in asked) and not any(
            _ASKED_A_NAME.search(lower, *line) for line in (lines[index - 1], (start, end))
        ):
            yield value[0], value[1]


# Three capitalised words joined and digits: few products' names ("PlayStation5" has two).
_THREE_NAMES = re.compile(r"(?:[A-ZÀ-Þ][a-zà-ÿ]+){3}")


def _is_names_joined(value: str, shape: Shape) -> bool:
    return shape is Shape.DIGITS and _THREE_NAMES.match(value) is not None


def _is_asked(lower: str, start: int, end: int, *, by_its_one: bool) -> bool:
    if _is_asked_about(lower, start, end):
        return True
    if not by_its_one:
        return False
    if _ASKED_BY_A_MACHINE.search(lower, start, end) is not None:
        return _DEVICE_NOUNS.search(lower, start, end) is not None or (
            _CONSOLES.search(lower, start, end) is not None
        )
    return (
        _ASKED_ONE.search(lower, start, end) is not None
        and _QUESTION.search(lower, start, end) is not None
    )


# --- a key or a password given in reply to someone asking for the Wi-Fi or a login ------------

# The ask names a network or a login ("what's the card machine's wifi again??", "le wifi de la
# régie c'est quoi ?", "can you log in to My Music Staff for me?", "locked out of Little Hotelier").
_ASKED_ACCESS = re.compile(
    r"(?<![^\W_])(?:wi-?fi|wlan|hotspot|log[ -]?in(?:to)?|logins?|sign[ -]?in(?:to)?"
    r"|connexion|connecter|passwords?|pw|pwd|mdp|mot[ ]de[ ]passe|identifiants?|locked[ ]out[ ]of"
    r"|what[ ]do[ ]i[ ]type)"
    r"(?![^\W_])"
)
_ACCESS_STEMS = ("wifi", "wi-fi", "wlan", "hotspot", "log", "sign", "conne", "pass", "pw", "mdp")
_ACCESS_MORE_STEMS = ("identifiant", "locked out", "what do i type")
# Where the reply hands the value over: its start, "it's", "c'est", "is", "then", an arrow, a
# dash after the network's name ("Miellerie_Pro — abeille+reine2023").
_HANDED = re.compile(
    r"(?<![^\W_])(?:it['’]?s|its|c['’]est|is|est|then|puis|ensuite)[ \t]+|(?:→|->|=>|=|—|–)[ \t]*"
)
# A network's or a login's name comes before its key: "Réseau « Hotel-des-Tilleuls », c'est …".
_NAMED_BEFORE = re.compile(
    r"(?<![^\W_])(?:réseau|network|ssid|name|nom|user(?:name)?|login|identifiant|compte"
    r"|account)(?:[ \t]+(?:is|was|est|c['’]est|it['’]?s))?[ \t]*[:=]?[ \t]*\Z"
)
# A key as a machine prints it on a router's card: "Fg4d-Xt9P-Lm2R".
_PRINTED_KEY = re.compile(
    r"(?=[^\s]*[0-9])(?=[^\s]*[a-z])(?=[^\s]*[A-Z])[A-Za-z0-9]{3,6}(?:-[A-Za-z0-9]{3,6}){2,4}"
)
_OPENING_MARKS = re.compile(r"[«\"“'‘ \t]*")


def _chat_keys(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """A made password, a key typed as a phrase or printed on a router, handed over in the next
    speaker's line after a question for the Wi-Fi or a login: "Tasha: ShearMagic_2024!",
    "Manon : Regie-FDL → decibel_en_plein_air", "It's BT-7KQ2 and the thing on the back is
    Fg4d-Xt9P-Lm2R". The network's or the login's name before it is no key, and a reply that
    sends one elsewhere ("ask reception", "on the router") gives none."""
    if "\n" not in text or ":" not in text:
        return
    asked = {
        start_of_line(lower, position)
        for stem in (*_ACCESS_STEMS, *_ACCESS_MORE_STEMS)
        for position in positions(lower, stem)
    }
    for line_start in sorted(asked):
        line_end = end_of_line(lower, line_start)
        if line_end >= len(text) or line_end - line_start > _MAX_ASK:
            continue
        asker = _ASKER.match(text, line_start, line_end)
        if asker is None:
            continue
        said = lower[asker.end() : line_end]
        if _ASKED_ACCESS.search(said) is None or CHAT_ASKING.search(said) is None:
            continue
        span = _key_in_reply(text, lower, line_end + 1, asker["name"].lower())
        if span is not None:
            yield span


_MAX_ASK = 200
# The asker, named as people or desks are: "Client ch. 8 :", "[Sun 16:02] Me:", "Théo :".
# Its own, not chat SPEAKER: that reads "Centrale 02:10 :" too, and a false alarm follows.
_ASKER = re.compile(
    r"[ \t]*(?:\[[^\]\n]{1,25}\][ \t]*)?(?P<name>[^\W\d_][^:\n]{0,30}?)[ \t]?:[ \t]+"
)


def _key_in_reply(text: str, lower: str, start: int, asker: str) -> tuple[int, int] | None:
    reply = CHAT_SPEAKER.match(text, start, end_of_line(text, start))
    if reply is None:
        return None
    name = (reply["name"] or "").lower()
    if name == asker or _ASKED_ACCESS.fullmatch(name) or _NETWORK_WORDS.fullmatch(name):
        return None  # a label's line ("Password: …"), or the asker again
    line_end = end_of_line(text, start)
    starts = [reply.end()]
    starts += [handed.end() for handed in _HANDED.finditer(lower, reply.end(), line_end)]
    for handed in starts:
        marks = _OPENING_MARKS.match(text, handed)  # "c'est « soupe-populaire-du-jeudi »"
        value_start = marks.end() if marks is not None else handed
        if _NAMED_BEFORE.search(lower, reply.end(), value_start):
            continue  # "réseau SQ-Bureau", "username riverside_admin"
        value = _value_at(text, value_start)
        if value is not None and value[0] == value_start and _is_handed_key(value[2]):
            return value[0], value[1]
    value = _value_at(text, reply.end())
    if value is not None and _is_names_and_year_key(text, lower, start, value):
        return value[0], value[1]
    return None


# "SourireSansCarie2025 (tout attaché)", "BlueOceanView2024": capitalised words typed in one
# piece and a year or a number, as a household names its Wi-Fi's key.
_NAMES_AND_NUMBER = re.compile(r"(?:[A-ZÀ-Þ][a-zà-ÿ]+){2,}[0-9]{2,4}[!#$*?]?")


def _is_names_and_year_key(text: str, lower: str, start: int, value: tuple[int, int, str]) -> bool:
    """The reply is the key alone, or the key and how to type it ("tout attaché", "capital S"),
    and neither the question nor the reply is about the network's name ("what's it called",
    "which wifi do I pick")."""
    line_end = end_of_line(text, start)
    if _NAMES_AND_NUMBER.fullmatch(value[2]) is None:
        return False
    if not (
        _ends_its_line(text, value[1])
        or says_how_to_type(lower, value[1], line_end)
        or _TYPED_WHOLE.match(lower, value[1], line_end) is not None
    ):
        return False
    asked = start_of_line(lower, start - 1)
    return (
        _ASKED_A_NAME.search(lower, asked, line_end) is None
        and _WHICH_NETWORK.search(lower, asked, start) is None
    )


# Asking which network to join asks for its name: "which wifi do I pick?", "quel réseau ?".
_WHICH_NETWORK = re.compile(
    r"(?<![^\W_])(?:(?:which|quel(?:le)?)[ ](?:wi-?fi|network|réseau)|pick|choose|select"
    r"|choisi\w*|sélectionne\w*)(?![^\W_])"
)


# How a key typed in one piece is said: "tout attaché", "tout collé", "all one word".
_TYPED_WHOLE = re.compile(
    r"[ \t(,-]*(?:tout[ ](?:attach|coll)[ée]e?s?|(?:all[ ])?(?:in[ ])?one[ ]word|no[ ]spaces?"
    r"|sans[ ]espaces?|en[ ]un[ ]mot)(?![^\W_])"
)


def _is_handed_key(value: str) -> bool:
    if value.startswith(("#", "@", "http")) or "@" in value:
        return False
    shape = made_shape(value)
    if shape is not None and _is_built(value, shape):
        return True
    return _is_key_phrase(value) or _PRINTED_KEY.fullmatch(value) is not None


# --- after a label that names a secret in its context -----------------------------------------

# At a line's start (after a list's mark): "key:" and "clé :" are a network's key only in a
# note about a network; a code named confidential or personal is a secret code anywhere.
_PASSWORD_NOUNS = r"password|pass|passe|mot de passe|mdp|pw|pwd|wpa2?|psk"
# A password's own noun is the keyword rules' label; here it takes only a network's key typed
# as a phrase, which they leave ("Mot de passe : lesdeuxvieux_enbalade" under "WiFi : …").
_CONTEXT_LABEL = re.compile(
    rf"[ \t]*(?:[-*•][ \t]*)?(?:(?P<key>key|clé|cle)|(?P<password>{_PASSWORD_NOUNS})"
    r"|code[ ](?:confidentiel|secret|perso(?:nnel)?))[ \t]*[:=][ \t]*"
)
_CONTEXT_LABEL_STEMS = ("key", "clé", "cle", "code", "pass", "mdp", "wpa", "psk")
_ROUTER_WORDS = re.compile(r"(?<![^\W_])(?:routers?|routeurs?|livebox|freebox|bbox)(?![^\W_])")


def _after_context_labels(text: str, lower: str) -> Iterator[tuple[int, int]]:
    line_starts = {
        start_of_line(lower, position)
        for stem in _CONTEXT_LABEL_STEMS
        for position in positions(lower, stem)
    }
    about_a_network: bool | None = None  # read once, and only for a value that needs it
    for line_start in sorted(line_starts):
        label = _CONTEXT_LABEL.match(lower, line_start)
        named_before = False
        if label is None:  # "WiFi : Gite_LesChenes / clé : …": the network named first
            label = _NAMED_THEN_KEY.match(lower, line_start)
            named_before = label is not None
        value = _value_at(text, label.end()) if label is not None else None
        if label is None or value is None or not _ends_its_line(text, value[1]):
            continue
        made = label["password"] is None and made_shape(value[2]) is not None
        if label["key"] is None and label["password"] is None:
            if made:  # "code confidentiel : Foulard1961"
                yield value[0], value[1]
            continue
        phrase = _is_key_phrase(value[2]) and (
            named_before or _names_the_network_above(lower, line_start)
        )
        if not made and not phrase:
            continue
        if about_a_network is None:
            about_a_network = _is_about_a_network(lower)
        if about_a_network:
            yield value[0], value[1]


# A network's key as a phrase typed in one piece: "lesdeuxvieux_enbalade", "poulesetcanards".
# One long word ending as few words do ("confidential", "automatiquement" are words).
_KEY_PHRASE = re.compile(
    r"[a-zà-ÿ]{3,}(?:[_-][a-zà-ÿ]{2,})+(?<=.{12})"
    r"|[a-zà-ÿ]{13,}(?<!ment)(?<!tion)(?<!sion)(?<!elle)(?<!ique)(?<!able)(?<!ible)(?<!ness)"
    r"(?<!ly)(?<!ity)(?<!ité)(?<!ial)(?<!ées)(?<!ing)"
)
# Words that say the key is not given: "same_as_before", "see_sticker".
_NOT_GIVEN = frozenset(
    (
        *("same", "as", "before", "see", "ask", "default", "none", "unchanged", "sticker"),
        *("idem", "voir", "comme", "avant", "défaut", "defaut", "aucun", "inchangé", "étiquette"),
        *("your", "votre", "password", "passe", "example", "exemple", "changeme", "placeholder"),
    )
)


def _is_key_phrase(value: str) -> bool:
    if _KEY_PHRASE.fullmatch(value) is None:
        return False
    return not any(part in _NOT_GIVEN for part in re.split(r"[_-]", value))


# The line above names the network: "Nom : OdileGerardRoad", "WiFi : Gite_LesChenes".
# Its label names the network, not its password ("wifi_password:").
_NETWORK_LABEL = (
    r"[ \t]*(?:[-*•][ \t]*)?(?:nom|name|ssid|wi-?fi|réseau|network)"
    r"(?![ _-]?(?:pass|pw|key|mdp|clé))[^:\n]{0,20}:[ \t]*\S+"
)
_NETWORK_NAMED = re.compile(_NETWORK_LABEL + r"[ \t]*")


# Or the line names it before its key: "WiFi : Gite_LesChenes / clé : poulesetcanards".
_NAMED_THEN_KEY = re.compile(
    _NETWORK_LABEL
    + r"[ \t]*(?:[/|,;]|[-–—](?=[ \t]))[ \t]*(?:(?P<key>key|clé|cle)|(?P<password>"
    + _PASSWORD_NOUNS
    + r"))[ \t]*[:=][ \t]*"
)


def _names_the_network_above(lower: str, line_start: int) -> bool:
    """A key given as words is taken only under the line that names its network."""
    if line_start == 0:
        return False
    above = start_of_line(lower, line_start - 1)
    return _NETWORK_NAMED.fullmatch(lower, above, line_start - 1) is not None


def _is_about_a_network(lower: str) -> bool:
    return _NETWORK_WORDS.search(lower) is not None or _ROUTER_WORDS.search(lower) is not None


# --- side by side on one line, two spaces apart -----------------------------------------------

# "postit on monitor: Proscript  locum1  Locum$2024": the line's last two cells, a login then
# the value, each after two spaces, a colon or the line's start.
_LAST_CELLS = re.compile(
    r"(?:(?<![^\n])|(?<=[ \t]{2})|(?<=\t)|(?<=[:>—–][ \t]))(?P<login>[\w.+@-]{3,40})"
    r"(?:[ ]{2,}|\t+)(?P<value>\S{5,40})[ \t]*\Z"
)


def _side_by_side(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """A login and a made value as the last cells of a line (a post-it, a list of logins): a
    value built as few names are ("Locum$2024", "Tricot&Laine59"), or one mixed-case with
    digits after an e-mail or a login with digits ("jdoe55@hotmail.com  Summer2019")."""
    for gap in (" " * 2, "\t"):
        line_end = -1
        for position in positions(lower, gap):  # the lowered note's pass holds its gaps
            if position < line_end or position == 0 or text[position - 1] in " \t\n":
                continue  # a line read already, or an indentation
            line_end = end_of_line(text, position)
            found = _last_cells(text, start_of_line(text, position), line_end)
            if found is not None:
                yield found


def _last_cells(text: str, start: int, end: int) -> tuple[int, int] | None:
    cells = _LAST_CELLS.search(text, start, end)
    if cells is None or not _is_cell_login(cells["login"]):
        return None
    value = cells["value"]
    shape = made_shape(value)
    if shape is None or value == cells["login"]:
        return None
    if is_built_mixed(value, shape) or (
        _has_digit_or_mail(cells["login"]) and _is_strong(value, shape)
    ):
        return cells.start("value"), cells.end("value")
    return None


def _is_cell_login(login: str) -> bool:
    """ "locum1", "mamie.roux", "jdoe55@hotmail.com": lowercase, as logins are typed."""
    return login.islower() and made_shape(login) is not Shape.SYMBOL


def _has_digit_or_mail(login: str) -> bool:
    return "@" in login or any(char.isdigit() for char in login)


# --- under a login alone on its line ----------------------------------------------------------

# "mailchimp / ironyardgym / Squat-Rack-Sunday-3", "LIMS / researcher: jlambert / …", one a
# line: a login typed alone on its line (maybe after a role's label), under the service's name,
# then the value alone on the next line.
# A line of one token with a digit or a symbol: every built value has one.
_VALUE_LINE = r"[ \t]*(?:[-*•][ \t]*)?(?P<value>(?=\S*[0-9!#$%*?@~^+=])\S{5,40})[ \t]*(?:\n|\Z)"
_VALUE_ALONE = re.compile(_VALUE_LINE)
_LOGIN_LINE = 64  # characters: a role's label and a login
_NOT_BLANK = re.compile(r"\S")
_LOGIN_THEN_VALUE = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?(?:(?P<label>[^\W\d_]{2,20}(?:[ ][^\W\d_]{2,20})?)[ \t]*:[ \t]*)?"
    r"(?P<login>[a-z][a-z0-9._-]{2,30})[ \t]*"
    r"(?=\n" + _VALUE_LINE + ")"
)


def _under_logins(text: str) -> Iterator[tuple[int, int]]:
    """A value built as few names are ("Tulip$Season24", "Taq-Polymerase-88") under a login,
    itself under a line naming the service: a list's words ("milk" then "Bread&Butter"), a
    console's model ("xbox" then "PlayStation5") are not built so."""
    for newline, following in pairwise(positions(text, "\n")):
        if following - newline > _LOGIN_LINE or _VALUE_ALONE.match(text, following + 1) is None:
            continue  # a short login's line, not the note's first, then a value's line
        match = _LOGIN_THEN_VALUE.match(text, newline + 1)
        if match is None:
            continue
        value = _value_at(text, match.start("value"))
        if value is None or value[1] != match.end("value"):
            continue
        shape = made_shape(value[2])
        label = match["label"]
        if label is not None and _names_a_number(label):
            continue  # "ref: abc12" names an order, not a login
        login = label is not None or _is_typed_login(match["login"])
        if shape is None or not _is_stacked_value(value[2], shape, login=login):
            continue
        if _NOT_BLANK.search(text, 0, newline) is not None:
            yield value[0], value[1]


def _is_stacked_value(value: str, shape: Shape, *, login: bool) -> bool:
    """A value with a symbol under any word ("Tulip$Season24" under "manager"); words hyphened
    then a number, or mixed case with digits, only under a login typed as one or labelled
    ("Squat-Rack-Sunday-3" under "ironyardgym", "Dossier-Classe-42" under "agent: mdupuis";
    not "PlayStation5" under "xbox" nor "Oat-Milk-Barista-2" under "bananas")."""
    if shape is Shape.SYMBOL:
        return is_built_mixed(value, shape)
    return login and (_is_built_stack_value(value, shape) or _is_strong_with_digits(value, shape))


def _is_built_stack_value(value: str, shape: Shape) -> bool:
    """Built as few names are, and not an identifier's joined words ("CPU_Usage2"): a symbol,
    or capitalised words hyphened then a number ("Squat-Rack-Sunday-3")."""
    if not is_built_mixed(value, shape):
        return False
    return shape is not Shape.JOINED or _CAPITALISED_HYPHENED.fullmatch(value) is not None


def _is_strong_with_digits(value: str, shape: Shape) -> bool:
    return _is_strong(value, shape) and sum(char.isdigit() for char in value) >= _STRONG_DIGITS


_STRONG_DIGITS = 2


def _names_a_number(label: str) -> bool:
    return label.lower() in _NUMBER_LABELS


_NUMBER_LABELS = frozenset(
    (
        *("ref", "réf", "order", "commande", "invoice", "facture", "ticket", "tracking", "suivi"),
        *("id", "no", "n°", "number", "numéro", "file", "fichier", "tag", "hashtag", "version"),
        *("model", "modèle", "serial", "série", "brand", "marque", "os", "branch", "branche"),
    )
)


# --- on a machine's line ------------------------------------------------------------------------

# --- on a sticky note ----------------------------------------------------------------------------

# "Post-it sur l'écran du back-office : « grossiste CERP = Maurice2023 »", "sticky note on the
# till: Sage = Ledger2021": a note stuck where passwords are typed, a name, "=" or an arrow,
# then a made value.
_STICKY_PAIR = re.compile(
    r"(?P<label>[^\W\d_][\w'’ .-]{0,30}?)[ \t]*(?:=|->|→)[ \t]*[«\"“'‘]?[ \t\u202f]*"
    r"(?P<value>[^\s«»\"“”‘’',;]{5,40}?)\.?[ \t\u202f]*(?=[»\"”’',;]|[ \t]*$)",
    re.MULTILINE,
)
# Or a login, " / " and the value, the pair alone in its quotes or ending the line: "« caisse /
# mousse75 »", "'Lightspeed → shop / reefbreak22'"; not an item of a longer list.
_STICKY_LOGIN_PAIR = re.compile(
    r"(?<![^\s«\"“'‘→>:])(?P<login>[a-z][a-z0-9._-]{1,30})[ \t]+/[ \t]+"
    r"(?P<value>[^\s«»\"“”‘’',;/]{5,40}?)\.?[ \t\u202f]*(?=[»\"”’']|[ \t]*$)",
    re.MULTILINE,
)
_STRONG_DIGITS_ON_A_NOTE = 2
_STICKY_REACH = 160  # characters of the note's line read after its noun


def _on_sticky_notes(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """A made value after a name on a sticky note: built as few names are, or, on a note
    stuck to a screen, a keyboard or a till, mixed-case with digits ("Maurice2023"); a date, a
    time, an amount or words after the name are none ("réunion = 14h30", "float = 150")."""
    for stem in STICKY_STEMS:
        for position in positions(lower, stem):
            line_end = min(end_of_line(lower, position), position + _STICKY_REACH)
            colon = lower.find(":", position, line_end)
            if colon == -1:
                continue
            at_a_machine = AT_A_MACHINE.search(lower, position, colon) is not None
            for pair in _STICKY_PAIR.finditer(text, colon + 1, line_end):
                value = pair["value"]
                shape = made_shape(value)
                if is_a_days_date(value):
                    continue
                if shape is not None and (
                    is_built_mixed(value, shape) or (at_a_machine and _is_strong(value, shape))
                ):
                    yield pair.span("value")
            if at_a_machine:
                yield from _sticky_logins(text, colon + 1, line_end)


def _sticky_logins(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """On a note stuck to a machine, a login and a value with two digits or a symbol, typed as
    people type them in lowercase ("caisse / mousse75"); a date is none ("rdv / mardi14")."""
    for pair in _STICKY_LOGIN_PAIR.finditer(text, start, end):
        if text[max(start, pair.start() - 3) : pair.start()].rstrip().endswith("/"):
            continue  # "lait / pain / oeufs12": a list
        value = pair["value"]
        shape = made_shape(value)
        if shape is None or is_a_days_date(value):
            continue
        digits = sum(char.isdigit() for char in value)
        if shape is Shape.SYMBOL or digits >= _STRONG_DIGITS_ON_A_NOTE:
            yield pair.span("value")


# "- staff PC: Lib!rary_Wed", "PC du boulot : je suis sur Alouette!42 jusqu'au …", "Laptop at
# work — I'm using Meadowlark!42": a machine named, then a word with a symbol inside among the
# line's first words. Models and prices take no symbol inside a word ("RTX4070", "£450!").
_DEVICE_STEMS = (
    *("pc", "laptop", "computer", "ordi", "desktop", "workstation", "poste", "tablet"),
    *("tablette", "imac", "macbook", "chromebook"),
)
_TYPED_SYMBOLS = frozenset("!#$%*?~^")
_DEVICE_REACH = 8  # words after the machine's noun where its password is looked for


def _on_devices(text: str, lower: str) -> Iterator[tuple[int, int]]:
    seen: set[int] = set()
    for stem in _DEVICE_STEMS:
        for position in positions(lower, stem):
            noun = _DEVICE_NOUNS.match(lower, position)
            if noun is None or position in seen or (position and lower[position - 1].isalnum()):
                continue
            seen.add(position)
            line_end = end_of_line(text, position)
            for count, token in enumerate(_TOKEN.finditer(text, noun.end(), line_end)):
                if count >= _DEVICE_REACH:
                    break
                if _TYPED_SYMBOLS.isdisjoint(token[0]):
                    continue
                value = _value_at(text, token.start())
                if value is not None and _is_typed_password(value[2]):
                    yield value[0], value[1]
                    break


def _is_typed_password(value: str) -> bool:
    """A made value with digits and a symbol inside, or a symbol for a letter: "Alouette!42",
    "Lib!rary_Wed"; not "attention!!", "Yahoo!" nor "Hello!Kitty"."""
    if _TYPED_SYMBOLS.isdisjoint(value) or made_shape(value) is not Shape.SYMBOL:
        return False
    inner = value.rstrip(_TRAILING_SYMBOLS)
    if any(char.isdigit() for char in inner):
        return any(char in _TYPED_SYMBOLS for char in inner[1:])
    return _LEET_SYMBOL.search(inner) is not None


_LEET_SYMBOL = re.compile(r"[a-z][!#$%*?~^][a-z]")  # a symbol for a letter: "Lib!rary_Wed"


# --- a network's key, after its name -----------------------------------------------------------

# "Salon wifi: PawsAndSuds_5G" then "key: wetdogsmellsgreat", "Wifi de la cabine (box 4G) : clé
# lesroutesdunord", "router sticker says WPA key 7KQH-M3PX-9TZ2", "hut wifi key is barrelsallday
# btw": a key or a password named, its separator maybe left out: a network's own ("wifi key",
# "clé du wifi"), whose phrase may have words after it, or one alone where the key's line or the
# line above names a network, whose value ends its line.
_KEY_STEMS = ("key", "clé", "clef", "cle", "pass", "mdp", "pw")
_KEY_LABEL = re.compile(
    r"(?P<noun>(?<![^\W_])(?:key|clé|clef|cle|password|passe|pass|mdp|pwd|pw|code))(?!\w)"
    r"(?P<network>[ \t]+(?:du[ \t]+|de[ \t]+la[ \t]+|de[ \t]+l['’])?"
    r"(?:wi-?fi|wpa2?|réseau|box|network)(?![^\W_]))?[ \t]*"
    r"(?:(?:[:=→]|->|[-—–](?=[ \t])|(?<![^\W_])(?:is|est|c['’]est)(?![^\W_]))[ \t]*)?"
)
_NETWORK_BEFORE = re.compile(r"(?:wi-?fi|wlan|network|hotspot|wpa2?|réseau)[ \t]+\Z")
_NETWORK_NOUNS = re.compile(
    r"(?<![^\W_])(?:wi-?fi|wlan|ssid|réseau|network|hotspot|routers?|routeurs?|livebox|freebox"
    r"|bbox|starlink|partage de connexion|tethering|wpa2?)(?![^\W_])"
)
# A key given in groups, as a router's sticker prints it: "7KQH-M3PX-9TZ2".
_GROUPED_KEY = re.compile(r"[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){2,}")
# A phrase typed in one piece that says where the key is, not what: "seethesticker".
_NOT_GIVEN_INSIDE = (
    *("sticker", "router", "label", "default", "unchanged", "password", "étiquette"),
    *("etiquette", "motdepasse", "defaut", "défaut"),
)
# Or names a network, an operator's or a guest's: "bouyguestelecom", "cafeguestwifi".
NETWORK_NAME_INSIDE = (
    *("guest", "invite", "wifi", "telecom", "broadband", "fibre", "fiber", "hotspot"),
    *("network", "reseau", "réseau", "public", "free"),
)
_LAST_AFTER_ARROW = re.compile(r"(?:→|->|=)[ \t]*(?P<value>\S+)[ \t]*\Z")
_NETWORK_REACH = 12
_ARROW_REACH = 160
_NETWORK_WINDOW = 240  # characters back from the key where its network may be named


def _network_keys(text: str, lower: str) -> Iterator[tuple[int, int]]:
    seen: set[int] = set()
    for stem in _KEY_STEMS:
        for position in positions(lower, stem):
            label = _KEY_LABEL.match(lower, position)
            if label is None or position in seen:
                continue
            seen.add(position)
            if label["noun"] not in _KEY_NOUNS and not _VALUE_AHEAD.match(lower, label.end()):
                continue  # a password's noun is frequent: read on only before a likely value
            own = label["network"] is not None or (
                _NETWORK_BEFORE.search(lower, max(0, position - _NETWORK_REACH), position)
                is not None
            )
            if not own and not _names_a_network_near(lower, position):
                continue
            value = _network_key_at(text, label, own=own)
            if value is not None:
                yield value[0], value[1]
    for stem in _NETWORK_CODE_STEMS:  # "wifi code: sunnysideupeggs"; "code" alone is any code's
        for position in positions(lower, stem):
            label = _KEY_LABEL.match(lower, position + len(stem) - len("code"))
            value = _network_key_at(text, label, own=True) if label is not None else None
            if value is not None:
                yield value[0], value[1]


def _network_key_at(text: str, label: re.Match[str], *, own: bool) -> tuple[int, int, str] | None:
    """The key after its label on the label's line, or the line's last word after an arrow
    ("key is roses are red … → rosesareredvioletsareblue"): a key printed in groups; a phrase
    typed in one piece, ending its line unless after a network's own key; a made value with
    digits or a symbol ending its line ("network MumNet, password buttercup77")."""
    value = _value_at(text, label.end())
    if value is not None and text.find("\n", label.end(), value[0]) == -1:
        if _GROUPED_KEY.fullmatch(value[2]) is not None:
            groups = value[2].split("-")
            if sum(any(char.isdigit() for char in group) for group in groups) >= _DIGIT_GROUPS:
                return value
        elif _is_typed_key_phrase(value[2]):
            if own or _ends_its_line(text, value[1]):
                return value
        elif made_shape(value[2]) in (Shape.DIGITS, Shape.SYMBOL):
            return value if _ends_its_line(text, value[1]) else None
    line_end = end_of_line(text, label.end())
    if line_end - label.end() > _ARROW_REACH:
        return None  # a long line is no key's sentence: read no farther
    last = _LAST_AFTER_ARROW.search(text, label.end(), line_end)
    if last is None:
        return None
    value = _value_at(text, last.start("value"))
    return value if value is not None and _is_typed_key_phrase(value[2]) else None


_KEY_NOUNS = frozenset(("key", "clé", "clef", "cle"))
_NETWORK_CODE_STEMS = ("wifi code", "wi-fi code", "hotspot code", "network code")
# A phrase typed in one piece, or a word with a digit or a symbol soon in it.
_VALUE_AHEAD = re.compile(r"[\"'«“]?(?:[a-zà-ÿ_-]{12}|[a-zà-ÿ][^\s\d!#$%*?~^]{0,30}[\d!#$%*?~^])")
_DIGIT_GROUPS = 2


# "shop wifi: dogearedpages": a Wi-Fi given only a phrase typed in one piece, no password's
# noun on its line or the next (which would make the phrase the network's name).
_WIFI_THEN_PHRASE = re.compile(r"wi-?fi[ \t]*[:=][ \t]*")
_KEY_NOUN = re.compile(r"(?<![^\W_])(?:key|clé|cle|pass\w*|pw|pwd|mdp|mot de passe|code)(?![^\W_])")


def _wifi_phrases(text: str, lower: str) -> Iterator[tuple[int, int]]:
    for stem in ("wifi", "wi-fi"):
        for position in positions(lower, stem):
            label = _WIFI_THEN_PHRASE.match(lower, position)
            if label is None or (position and lower[position - 1].isalnum()):
                continue
            value = _value_at(text, label.end())
            if value is None or not _ends_its_line(text, value[1]):
                continue
            phrase = value[2]
            if not phrase.islower() or not _is_typed_key_phrase(phrase):
                continue
            if any(word in phrase for word in NETWORK_NAME_INSIDE):
                continue
            next_end = end_of_line(lower, end_of_line(lower, position) + 1)
            if _KEY_NOUN.search(lower, value[1], next_end) is None:
                yield value[0], value[1]


# "the long thing you type is …", "à taper : …", "the fridge magnet says …": a network's key
# named by what one types or what its card reads, on the line naming the network or under it.
_TYPED_KEY_LABEL = re.compile(
    r"(?<![^\W_])(?:(?:the[ \t]+)?(?:long[ \t]+)?(?:thing|bit|one|word|string)[ \t]+(?:you|to)"
    r"[ \t]+(?:type|enter)|(?:the[ \t]+)?long[ \t]+(?:thing|bit|one|string)|what[ \t]+you[ \t]+"
    r"(?:type|enter)|à[ \t]+(?:taper|saisir|entrer)|(?:magnet|card|sticker|tag|aimant|carte)"
    r"(?:[ \t]+(?:du|de la|on the)[ \t]+\w+)?[ \t]+(?:says|reads|dit|indique))(?![^\W_])[ \t]*"
    r"(?:(?:[:=→]|->|[-—–](?=[ \t])|(?<![^\W_])(?:is|est|c['’]est)(?![^\W_]))[ \t]*)?"
)
_TYPED_KEY_STEMS = (
    "type",
    "enter",
    "long ",
    "taper",
    "saisir",
    "entrer",
    "says",
    "reads",
    "dit",
    "indique",
)


def _typed_network_keys(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """A key after what names it typed or read, on a network's line or the next; or a made
    value alone under the line naming the network ("réseau FoyerRural" then "Belote-Tarot-12")."""
    held = [position for stem in _NETWORK_STEMS for position in positions(lower, stem)]
    if not held:
        return
    lines = _lines(text)
    starts = [start for start, _ in lines]
    typed = any(stem in lower for stem in _TYPED_KEY_STEMS)
    for index in sorted({bisect_right(starts, position) - 1 for position in held}):
        start, end = lines[index]
        for line in (index, index + 1)[: len(lines) - index] if typed else ():
            label = _TYPED_KEY_LABEL.search(lower, *lines[line])
            value = _value_at(text, label.end()) if label is not None else None
            if value is not None and _is_named_key(text, value):
                yield value[0], value[1]
        named = _NAMED_NETWORK_LINE.fullmatch(text, start, end)
        below = index + 1
        if named is None or below == len(lines):
            continue
        alone = _BARE_LINE.fullmatch(text, *lines[below])
        value = _value_at(text, alone.start("value")) if alone is not None else None
        if (
            value is not None
            and not any(mark in value[2] for mark in "=:")  # "pwd=…": a label's line, not a key
            and _HAS_DIGIT_OR_SYMBOL.search(value[2]) is not None
            and not is_other_band(named["name"], value[2])
            and _is_named_key(text, value)
        ):
            yield value[0], value[1]


# "Shed wifi: AllotmentNet", "réseau FoyerRural": a line ending with the network's name.
_NAMED_NETWORK_LINE = re.compile(
    r"[^\n]*?(?<![^\W_])(?i:wi-?fi|ssid|réseau|network|hotspot)(?![^\W_])[^\n:]{0,30}?"
    r"(?::|[ \t])[ \t]*['\"«“]?(?P<name>[\w.-]{3,40})['\"»”]?[ \t]*"
)
_HAS_DIGIT_OR_SYMBOL = re.compile(r"[0-9!#$%*?@~^+=&]")
# Words hyphened, then a number: "anchor-rope-gull-8", "Belote-Tarot-12".
_WORDS_THEN_NUMBER = re.compile(r"[^\W\d_]{2,}(?:-[^\W\d_]{2,})+-[0-9]{1,4}")


def _is_named_key(text: str, value: tuple[int, int, str]) -> bool:
    """A phrase typed in one piece or a made value, ending its line or before an aside."""
    if text.find("\n", value[0], value[1]) != -1 or not _ends_its_line(text, value[1]):
        return False
    key = value[2]
    if any(part in _NOT_GIVEN for part in re.split(r"[_-]", key.lower())):
        return False
    return (
        _is_typed_key_phrase(key)
        or made_shape(key) is not None
        or _WORDS_THEN_NUMBER.fullmatch(key) is not None
    )


# "The word you type to get into the drawings PC is hoist-west-19", "the phrase to unlock is
# 'blue hour never waits'", "le mot à taper pour ouvrir la session c'est « … »": what one types
# to get in, named by its words, then the value after "is".
_TYPED_TO_GET_IN = re.compile(
    r"(?<![^\W_])(?:word|phrase|thing|mot|phrase|truc)[ ](?:(?:you|we|to|à|qu['’]on|pour)[ ])?"
    r"(?:type|enter|unlock|taper|tape|saisir|déverrouiller|ouvrir)(?![^\W_])"
    r"(?P<clause>[^\n.;!?\"«“]{0,60}?)[ \t]*(?:[ ](?:is|est|c['’]est)[ ]|:)[ \t]*"
)
_GETTING_IN = re.compile(
    r"unlock|déverrouill|get[ ]in|log[ ]?(?:in|on)|sign[ ]in|access|accéder|entrer|ouvrir"
    r"|connect|session"
)
_TYPED_STEMS = ("type", "enter", "unlock", "taper", "tape ", "saisir", "déverrouiller", "ouvrir")
_GAME_NEAR = re.compile(rf"(?<![^\W_])(?:{GAMES}|level|niveau|game|jeu|puzzle)(?![^\W_])")
_QUOTED_WORDS = re.compile(
    r"[\"'«“‘][ \u00a0]?(?P<value>[^\W\d_][^\n\"'«»“”‘’]{1,60}?)[ \u00a0]?[\"'»”’]"
)
_MOST_TYPED_WORDS = 6
_GAME_REACH = 80  # characters around: a line of prose is not read to its ends each time


def _typed_to_get_in(text: str, lower: str) -> Iterator[tuple[int, int]]:
    if not any(holds(lower, stem) for stem in _TYPED_STEMS):  # the one pass answers, no search
        return
    for stem in ("word ", "phrase ", "thing ", "mot ", "truc "):
        for position in positions(lower, stem):
            typed = _TYPED_TO_GET_IN.match(lower, position)
            if typed is None:
                continue
            said = lower[position : typed.end()]
            near = lower[max(0, position - _GAME_REACH) : typed.end() + _GAME_REACH]
            if _GETTING_IN.search(said) is None or _GAME_NEAR.search(near) is not None:
                continue
            quoted = _QUOTED_WORDS.match(text, typed.end())
            if quoted is not None:
                if len(quoted["value"].split()) <= _MOST_TYPED_WORDS:
                    yield quoted.span("value")
                continue
            value = _value_at(text, typed.end())
            if value is not None and (
                made_shape(value[2]) is not None or _is_typed_key_phrase(value[2])
            ):
                yield value[0], value[1]


def _names_a_network_near(lower: str, position: int) -> bool:
    """The key's line names a network before it, or the line above does without giving a
    password of its own ("… mot de passe du wifi c'est Surf64" above "key: sort-by-date")."""
    line_start = start_of_line(lower, position)
    start = max(line_start, position - _NETWORK_WINDOW)
    if _NETWORK_NOUNS.search(lower, start, position) is not None:
        return True
    if line_start == 0:
        return False
    above = max(start_of_line(lower, line_start - 1), line_start - _NETWORK_WINDOW)
    return (
        _NETWORK_NOUNS.search(lower, above, line_start) is not None
        and _KEY_NOUN.search(lower, above, line_start) is None
    )


def _is_typed_key_phrase(value: str) -> bool:
    """A key phrase that does not say where the key is, nor is an English compound
    ("case-sensitive", "well-known": two words hyphened)."""
    if value.count("-") == 1 and "_" not in value:
        return False
    return _is_key_phrase(value) and not any(word in value for word in _NOT_GIVEN_INSIDE)


# "wifi in the cabin is BigPineLodge with jackrabbit72": the network's name, then its key.
_NAME_WITH_KEY = re.compile(
    r"(?<![^\W_])(?:is|est|c['’]est|:)[ \t]+(?P<name>[^\s,]{3,40})[ \t]*"
    r"(?:(?<![^\W_])(?:with|avec|and|et)(?![^\W_])|[+,])[ \t]*(?P<value>\S+)"
)
_NETWORK_STEMS = ("wifi", "wi-fi", "wlan", "network", "réseau", "hotspot")


def _named_network_with_key(text: str, lower: str) -> Iterator[tuple[int, int]]:
    line_starts = {
        start_of_line(lower, position)
        for stem in _NETWORK_STEMS
        for position in positions(lower, stem)
    }
    for line_start in sorted(line_starts):
        line_end = end_of_line(lower, line_start)
        network = _NETWORK_NOUNS.search(lower, line_start, line_end)
        if network is None:
            continue
        named = _NAME_WITH_KEY.search(lower, network.end(), line_end)
        if named is None:
            continue
        value = _value_at(text, named.start("value"))
        name = text[named.start("name") : named.end("name")]
        if value is None or not _ends_its_line(text, value[1]):
            continue
        if is_other_band(name, value[2]):
            continue  # "HomeNet with HomeNet5G"
        if _is_typed_key_phrase(value[2]) or made_shape(value[2]) in (Shape.DIGITS, Shape.SYMBOL):
            yield value[0], value[1]


# "net: HollowOak_Guests / join with: corkscrew-sunset", "Wifi SalleStAubin / belote-et-galette",
# "(réseau MEDIA_AGENTS) … → Roman-Policier-44", "le réseau c'est Nail_Bar_Linh et derrière tu
# tapes ongles-parfaits-2026": near a Wi-Fi's word, a name as networks are named (words joined
# or in CamelCase), then its key ending that line, or alone or labelled on the next.
_NETWORK_NAME = re.compile(
    r"(?<![\w@/.#-])(?:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)"
    r"(?![\w@/.-])"
)
# Or the name, a comma (a dash, a bracket) and the key's label, or "it's", and how to type it:
# "GuptaHome5G, it's parrot-kiwi-lemon all lowercase", "SDF_Public, clé «
# la-nuit-americaine »", "Marbled_Endpapers, key is 'headbands&tailbands'", "Harbour_Guest
# (key: 'salty-dog-days')"; a key in quotes may hold words ("LabLibre / « soudure à l'étain »").
_KEY_AFTER_NAME = re.compile(
    r"(?:/|→|->|=>|:|(?<![^\W_])(?:tape[sz]?|type|enter|entrez|derrière|then|puis)"
    r"|,[ \t]*(?:it['’]?s|it[ ]is|c['’]est)(?![^\W_])"
    r"|(?:[,;(]|[-–—](?=[ \t]))[ \t]*(?:(?:the|its|la|sa)[ \t]+)?"
    r"(?P<label>key|clé|clef|cle|password|pass|mot[ ]de[ ]passe"
    r"|mdp|pw)(?:[ \t]*(?:is|est|c['’]est|:|=)(?![^\W_]))?)[ \t]*"
    r"(?:«[ \t]*(?P<french>[^«»\n]{2,60}?)[ \t]*»|[\"“](?P<double>[^\"“”\n]{2,60})[\"”]"
    r"|['‘](?P<single>[^'‘’\n]{2,60})['’]|(?P<value>[^\s()«»\"“”'‘]+))"
    r"[ \t]*(?:\([^)\n]{0,40}\)|\))?[ \t]*(?:(?:all[ ]|tout[ ])?(?:in[ ]|en[ ])?"
    r"(?:lower[ ]?case|upper[ ]?case|caps|minuscules?|majuscules?))?[ \t]*[.!]?[ \t]*\Z"
)
_KEY_GROUPS = ("french", "double", "single", "value")
_KEY_UNDER_NAME = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?(?:[^\n:/]{0,20}[:/])?[ \t]*(?P<value>[^\s()]+)"
    r"[ \t]*(?:\([^)\n]{0,40}\))?[ \t]*\Z"
)
# What a network's line also names that is not its key: "plan: fibre-max-500", "user: jdupont".
_NOT_KEY_LABELS = re.compile(
    r"(?<![^\W_])(?:plan|forfait|offre|offer|model|modèle|speed|débit|version|campaign|campagne"
    r"|hashtag|tag|file|fichier|user(?:name)?|login|identifiant|name|nom|ssid|band|bande|channel"
    r"|canal|router|routeur|box|mode|security|sécurité)(?![^\W_])"
)
_NETWORK_LINES = 2  # a heading naming the Wi-Fi, then the network's name and its key
_LABEL_REACH = 20
_KEY_REACH = 90  # "(réseau MEDIA_AGENTS) depuis la mise à jour de lundi → Roman-Policier-44"


def _network_name_then_key(text: str, lower: str) -> Iterator[tuple[int, int]]:
    line_starts = {
        start_of_line(lower, position)
        for stem in _NETWORK_STEMS
        for position in positions(lower, stem)
    }
    found: set[tuple[int, int]] = set()
    for line_start in sorted(line_starts):
        start = line_start
        for _ in range(_NETWORK_LINES + 1):
            end = end_of_line(text, start)
            for name in _NETWORK_NAME.finditer(text, start, end):
                key = _key_after_name(text, lower, name, end)
                if key is not None and key not in found:
                    found.add(key)
                    yield key
            if end >= len(text) or not text[start:end].strip():
                break
            start = end + 1


def _key_after_name(
    text: str, lower: str, name: re.Match[str], line_end: int
) -> tuple[int, int] | None:
    if line_end - name.end() > _KEY_REACH:
        return None  # the key ends the name's line: a long line is prose's
    if text[name.end() : line_end].strip():
        key = _KEY_AFTER_NAME.search(text, name.end(), line_end)
    elif line_end < len(text):
        key = _KEY_UNDER_NAME.match(text, line_end + 1, end_of_line(text, line_end + 1))
    else:
        return None
    if key is None:
        return None
    group = next(group for group in _KEY_GROUPS if key.re.groupindex.get(group) and key[group])
    start = key.start(group)
    value = key[group].rstrip(".,;")
    before = lower[max(name.end(), start - _LABEL_REACH) : start]
    if _NOT_KEY_LABELS.search(before) is not None:
        return None
    labelled = key.re is _KEY_AFTER_NAME and key["label"] is not None
    if group == "value" and not labelled:
        if not _is_network_key(name[0], value):
            return None
    elif not _is_given_key(name[0], value, labelled=labelled):
        return None
    alone_under = key.start(group) > line_end and not text[key.start() : start].strip()
    if alone_under and made_shape(value) is None:
        return None  # a phrase alone under a name is a place's ("salle-des-fetes")
    return start, start + len(value)


def _is_network_key(name: str, value: str) -> bool:
    """A key of its own shape: not the network's other band nor its mode, nor another
    network's name ("Cafe_Main / Cafe_Guest"); a phrase's closing "!" is typed too."""
    if is_other_band(name, value) or is_security_mode(value) or value[:1] in "#@":
        return False
    if is_a_network_name(value):
        return False
    if value.endswith("!") and _is_key_phrase(value.rstrip("!")):
        return True  # "galop-au-trot!"
    if _NETWORK_NAME.fullmatch(value) and not any(char.isdigit() for char in value):
        return value.islower() and _is_key_phrase(value)
    return made_shape(value) is not None or _is_key_phrase(value)


def _is_given_key(name: str, value: str, *, labelled: bool) -> bool:
    """In quotes or after a key's label: a key of its own shape or a passphrase's words; after
    a key's label, also any token typed as one with a joiner or a digit ("headbands&tailbands",
    "la-nuit-americaine"), unless it says where the key is ("voir-l-etiquette")."""
    lower = value.lower()
    if any(word in lower for word in (*_NOT_GIVEN_INSIDE, *_WHERE_PRINTED)):
        return False  # "printed-on-the-router"
    if _is_network_key(name, value) or is_passphrase(value, quoted=True):
        return True
    if not labelled or not _LABELLED_KEY.fullmatch(value) or is_security_mode(value):
        return False
    parts = _KEY_PARTS.split(lower)
    if parts[0] in NEVER_FIRST_WORDS or any(part in _NOT_GIVEN for part in parts):
        return False
    return not any(part in SENTENCE_WORDS and part not in _SMALL_WORDS for part in parts)


# Words a key phrase holds ("la-nuit-americaine"); the other words of a sentence make a hint
# ("room-number") or say where the key is.
_SMALL_WORDS = frozenset(
    (
        *("le", "la", "les", "l", "un", "une", "the", "an", "a", "de", "du", "des", "d", "à"),
        *("au", "aux", "et", "en", "of", "in", "on", "and", "to", "my", "our", "mon", "ma"),
    )
)


_WHERE_PRINTED = ("printed", "imprim", "written", "écrit", "ecrit")
# One token of letters (and digits) with a joiner or a digit inside: "headbands&tailbands".
_LABELLED_KEY = re.compile(r"(?=\S*(?:[-_&+.][^\W_]|[0-9]))[^\W_][\w&+.-]{4,39}")
_KEY_PARTS = re.compile(r"[-_&+.]")


# --- an account's handle, then its value -----------------------------------------------------

# "user is engineer, then Neve1073!mix", "identifiant nadia.perrin, et DSN_avril!26", "c'est
# session invite, et Palais2024", "Gateway ID 4410 2287 9931, and the other bit is
# Ledger&Quill2023", "n° fiscal 1288 4410 553 puis Bilan2024!", "MANAGER → Rivington_77",
# "admin : Ondes_Courtes_99", "dad.wheeler@btinternet.com, Pennyroyal7.", "type conf3 then
# Hartley!Moss": what names the account (a login's noun and the login, an account's ID and its
# number, a role's account, an e-mail, a login typed), then what people join a login and its
# password with, then the value.
_HANDLE_SAID = re.compile(
    r"(?<![^\W_])(?:(?:log(?:ged)?[ ]?(?:in|on)[ ]as|sign(?:ed)?[ ]in[ ]as|en[ ]tant[ ]que"
    r"|user(?:[ ]?name)?|login|identifiant|utilisateur|session|compte|account)"
    r"[ \t]*(?:(?:is|est|c['’]est|:|=)[ \t]*)?(?P<quote>['‘\"“«][ \t]*)?"
    r"(?P<login>[a-z][a-z0-9._@-]{1,40})(?(quote)[ \t]*['’\"”»])"
    r"|(?:id|n°[ ]fiscal|num[ée]ro[ ](?:fiscal|client|adh[ée]rent|allocataire|d['’]usager)"
    r"|identifiant|login|acct|r[ée]f\.?[ ]client|n°[ ]client|adh[ée]rent|member[ ]no"
    r"|user(?:[ ]?name)?|account|compte|customer[ ]number)[ \t]*"
    r"(?:(?:is|:|=)[ \t]*)?(?P<number>[0-9](?:[ .-]?[0-9]){1,24}|(?:sur|on)[ ](?:l['’]|la[ ]|le[ ]"
    r"|the[ ]|your[ ]|votre[ ]|ton[ ])?(?:avis|courrier|facture|lettre|carte|relevé|bill|letter"
    r"|card|statement))"
    r"|(?P<role>admin|root|manager|administrat(?:eur|or))"
    r"|(?P<typed>type|enter|tape[sz]?)[ \t]+[a-z][a-z0-9._-]{1,30})"
    r"(?![\w@-])",
    re.IGNORECASE,
)
# Where a handle may start: each one's first word, or its shortest stem ("log" for "login", "log
# in", "logged in as"; "id" for "identifiant"; "numéro" for "numéro client").
_HANDLE_STEMS = (
    *("user", "log", "sign", "id", "utilisateur", "session", "compte", "account", "n°"),
    *("numéro", "numero", "customer", "admin", "root", "manager", "type", "enter", "tape"),
    *("en tant", "acct", "réf", "ref client", "ref. client", "adhérent", "adherent"),
    *("member no",),
)
# An ID is an account's after these words, or with no word before it on its line: "order ID",
# "ticket ID" number other things.
_ID_NOUN = re.compile(r"id(?![^\W_])")
_WORD_BEFORE_ID = re.compile(r"([^\W\d_]+)[^\w\n]*\Z")
_ACCOUNT_ID_WORDS = frozenset(
    (
        *("user", "gateway", "login", "customer", "client", "member", "account", "staff"),
        *("agent", "apple", "employee", "portal", "sign-in", "identifiant", "connexion"),
    )
)
_PERSON_BEFORE = re.compile(
    r"(?<![^\W_])(?:the|our|my|your|his|her|their|le|la|notre|mon|ma|son|sa|votre)[ \t]+\Z"
)
_PERSON_REACH = 8  # characters: "their "
_MAIL_END = re.compile(r"@[\w-]+(?:\.[\w-]+)+")
_SOCIAL_HANDLE = re.compile(r"@[a-z0-9_.]{3,30}(?<!\.)(?![\w@])")
# What people join a login and its password with: "then", "puis", ", et", ", and then", ", and
# it's", "the other bit is", "; the other half:", "le reste c'est", "→", ":", "+", a dash; one
# of them at least.
_JOINER = re.compile(
    r"[ \t]*[,;/]?[ \t]*(?:(?:and|et|then|puis|ensuite|plus)(?![^\W_])[ \t]*){0,2}"
    r"(?:(?:(?:the[ ])?(?:other[ ](?:bit|part|half|one)|rest|second[ ](?:bit|part|half))"
    r"|l['’]autre(?:[ ](?:partie|bout|moitié))?|le[ ]reste|la[ ]suite)(?:[ ](?:is|est"
    r"|c['’]est)|(?=[ \t]*:))|it['’]?s|c['’]est|(?:pw|pwd|pass(?:word)?|mdp)"
    r"|online|(?:espace[ ])?en[ ]ligne|derrière(?:[ ]c['’]est)?)?(?![^\W_])"
    r"[ \t]*(?:→|->|=>|[:=]|(?<=[ \t])[+&—–(])?[ \t]*",
    re.IGNORECASE,
)
# Joiners before which a login typed as one is looked for: "rcarter.nurse then …". Those rare
# in prose are found by the note's one pass, at no cost where absent; "then" and "puis" are not.
_TYPED_JOINERS = (" then ", " puis ")
_RARE_TYPED_JOINERS = (" ensuite ", "→", "->")
_TYPED_LOGIN = re.compile(r"[a-z][a-z0-9]*(?:[._][a-z0-9]+)+")
_TYPED_LOGIN_REACH = 40
# A word numbered as shared logins are ("salle1 puis Avocat#2023", "counter4 then …"): its value
# needs a symbol inside, as "iphone15 then Galaxy_S24" has not.
_NUMBERED_LOGIN = re.compile(r"[a-z]{3,12}[0-9]{1,3}")
# A file's, a site's or a machine's name ends so: "notes.txt", "impots.gouv", "nas.local".
_NOT_A_LOGIN_END = frozenset(
    (
        *("com", "fr", "uk", "org", "net", "io", "co", "de", "eu", "gouv", "local", "lan"),
        *("txt", "pdf", "doc", "docx", "xls", "xlsx", "csv", "zip", "jpg", "png", "md", "py"),
        *("js", "json", "yaml", "yml", "html", "exe", "app", "mp3", "mp4", "mov", "ppt", "pptx"),
    )
)
# The value ends its line or its clause: a sentence's stop, an aside, a closing quote, "after
# the reset" ("Pennyroyal7. Please don't…", "Bandage!Spring2024 after the 90-day reset").
_SENTENCE_END = r"[ \t.!]*(?:\n|\Z|[()\-—–»”\"'])|[.;,!][ \t]"
_ENDS_SENTENCE = re.compile(_SENTENCE_END)
_CLAUSE_END = re.compile(
    _SENTENCE_END + r"|[ \t]+(?:after|since|until|till|once|now"
    r"|maintenant|désormais|depuis|jusqu\w*|après|dès|for[ ]now|for[ ]the[ ]moment"
    r"|pour[ ]l['’]instant|pour[ ]le[ ]moment|to[ ](?:log|sign|get)[ ]in|pour[ ](?:se|te|vous)"
    r"[ ]connecter)(?![^\W_])"
)
_MAX_HANDLES = 200


def ends_its_clause(text: str, end: int) -> bool:
    """Nothing after the value at `end` but its line's or its clause's end (see _CLAUSE_END)."""
    return _CLAUSE_END.match(text, end) is not None


def _handles_then_values(text: str, lower: str) -> Iterator[tuple[int, int]]:
    for kind, joiner_start in _handles(text, lower):
        span = _made_value_handed(text, kind, joiner_start)
        if span is not None and not _names_other_things(lower, span[0]):
            yield span


# What a line lists or files under an address or a folder's dotted name, with names built as
# passwords are: "Shared drive folders: marketing.assets then Summer_Campaign2024", "Campagne
# mailing : contact@asso.fr puis Noel_Solidaire2024", "playlist", "order"; or work given to
# people ("Reviewer: anna.b → Sprint_42").
_OTHER_THINGS = re.compile(
    r"(?<![\w.@])(?:folders?|files?|fichiers?|dossiers?|drives?|campaigns?|campagnes?|projects?"
    r"|projets?|channels?|cha[îi]nes?|branch(?:es)?|branches?|playlists?|albums?|templates?"
    r"|mod[èe]les?|th[èe]mes?|hashtags?|products?|produits?|models?|orders?|commandes?|invoices?"
    r"|factures?|tickets?|versions?|releases?|sprints?|paths?|chemins?|newsletters?|mailings?"
    r"|assign\w*|assignees?|reviewers?|owners?|attribu\w*|responsables?)"
    r"(?![\w.@])"  # not a word of the address itself: "orders@goldenhive.co.uk then …"
)


def _names_other_things(lower: str, start: int) -> bool:
    return _OTHER_THINGS.search(lower, start_of_line(lower, start), start) is not None


def _made_value_handed(text: str, kind: str, start: int) -> tuple[int, int] | None:
    """A value built as few names are after the handle, ending its clause."""
    handed = _value_handed(text, kind, start)
    if handed is None:
        return None
    value, strong_taken = handed
    if "=" in value[2] or not ends_its_clause(text, value[1]):
        return None  # "admin: PGPASSWORD=x" sets a variable
    shape = made_shape(value[2])
    if shape is None or (kind == "numbered" and shape is not Shape.SYMBOL):
        return None
    if is_built_mixed(value[2], shape) or _is_phrase_alone_under(text, start, value):
        return value[0], value[1]
    if strong_taken and _is_strong(value[2], shape) and _ENDS_SENTENCE.match(text, value[1]):
        return value[0], value[1]  # not "… and Office365 to log in"
    return None


def _is_phrase_alone_under(text: str, start: int, value: tuple[int, int, str]) -> bool:
    """Words hyphened with digits, alone on the line under the handle, as a post-it gives a
    session's password ("session assistante⏎fraise-diamant-43")."""
    return (
        "\n" in text[start : value[0]]
        and _HYPHENED_SHAPE.fullmatch(value[2]) is not None
        and any(char.isdigit() for char in value[2])
        and _ends_its_line(text, value[1])
    )


def _value_handed(text: str, kind: str, start: int) -> tuple[tuple[int, int, str], bool] | None:
    """The value after the handle's joiner, or alone on the next line; and whether one mixed-case
    with digits is taken there: after an e-mail's or a login's joiner ("session invite, et
    Palais2024"), not after a role's word, a dash, nor alone on the line under the handle
    ("identifiant : hugo.luthier⏎Epicea&Erable_1988")."""
    joined = _JOINER.match(text, start)  # each of its parts is optional: it always matches
    end = joined.end() if joined is not None else start
    joiner = text[start:end].strip()
    if joiner:
        if joiner in _DASHES and kind == "mail":
            return None  # an address and a dash: `_after_mails` reads them ("… — iPhone15")
        value = _value_at(text, end)
        if value is None or value[0] != end:
            return None
        return value, kind in ("login", "mail") and joiner not in _BRACKETING
    below = _LINE_BREAK.match(text, start)
    if kind == "role" or below is None:
        return None
    alone = _HANDED_BELOW.fullmatch(text, below.end(), end_of_line(text, below.end()))
    value = _value_at(text, alone.start("value")) if alone is not None else None
    return (value, False) if value is not None else None


_LINE_BREAK = re.compile(r"[ \t]*\n")
# The value alone under the handle, or after where it is typed: "online: Goldfish_Nemo".
_HANDED_BELOW = re.compile(
    r"[ \t]*(?:[^\w\s@#]{1,3}[ \t]*)?(?:(?:online|(?:espace[ ])?en[ ]ligne|web)[ \t]*:[ \t]*)?"
    r"(?P<value>\S+)[ \t]*\Z",
    re.IGNORECASE,
)
_DASHES = ("—", "–")
_BRACKETING = (*_DASHES, "(")  # a dash or a bracket also sets off a name: "jo@… (Marketing2024)"


def _handles(text: str, lower: str) -> Iterator[tuple[str, int]]:
    """Each handle's kind and where its joiner may start."""
    yield from _said_handles(text, lower)
    for position in list(positions(lower, "@"))[:_MAX_HANDLES]:
        if position and not lower[position - 1].isspace():
            address = _MAIL_END.match(text, position)
            if address is not None:
                yield "mail", address.end()
        elif (handle := _SOCIAL_HANDLE.match(text, position)) is not None:
            yield "login", handle.end()  # "@knotandloom then Yarn&Needles6"
    yield from _typed_logins(text, lower)


def _said_handles(text: str, lower: str) -> Iterator[tuple[str, int]]:
    """A login's or an ID's noun and its login or number, a role's account, a login typed."""
    starts = starts_of_any(lower, _HANDLE_STEMS)
    for position in starts[:_MAX_HANDLES]:
        said = _HANDLE_SAID.match(text, position)
        if said is None:
            continue
        if said["number"] is not None and _ID_NOUN.match(lower, position):
            line_start = line_start_within(lower, position, _LOGIN_REACH)
            before = _WORD_BEFORE_ID.search(lower, line_start, position)
            if before is not None and before[1] not in _ACCOUNT_ID_WORDS:
                continue  # "order ID 4471", "ticket ID …"
        if said["role"] is not None:
            if _PERSON_BEFORE.search(lower, max(0, position - _PERSON_REACH), position):
                continue  # "our manager, then …": a person, not an account
            yield "role", said.end()
        else:
            yield ("typed" if said["typed"] else "login"), said.end()


def _typed_logins(text: str, lower: str) -> Iterator[tuple[str, int]]:
    """The word before a joiner ("then", "puis", an arrow), when typed as a login is: dotted or
    underscored ("rcarter.nurse then …"), or a word numbered ("salle1 puis …")."""
    found = (
        *(found_alone(lower, joiner) for joiner in _TYPED_JOINERS),
        *(positions(lower, joiner) for joiner in _RARE_TYPED_JOINERS),
    )
    for places in found:
        for position in places:
            reach = max(0, position - _TYPED_LOGIN_REACH)
            before = text[reach:position].rstrip(" \t,")  # "rcarter.nurse, then", "MANAGER → "
            if "." not in before and "_" not in before and not before[-1:].isdigit():
                continue  # most words before a joiner: no mark of a login near
            login = before.rpartition(" ")[2].rpartition("\n")[2]
            end = reach + len(before)
            if ("." in login or "_" in login) and _TYPED_LOGIN.fullmatch(login) is not None:
                if login.rsplit(".", 1)[-1] not in _NOT_A_LOGIN_END:
                    yield "login", end
            elif login[-1:].isdigit() and _NUMBERED_LOGIN.fullmatch(login) is not None:
                yield "numbered", end


# --- a file protected, then its value ---------------------------------------------------------

# "le zip des contrats est protégé : Tournesol_Bruxelles!", "the payroll sheet is locked with
# Ledger#2024", "archive chiffrée → Dossier_Mars!24": what a file or an archive opens with.
_PROTECTED = re.compile(
    r"(?<![^\W_])(?:protected|prot[ée]g[ée]e?s?|locked|verrouill[ée]e?s?|chiffr[ée]e?s?|encrypted"
    r"|s[ée]curis[ée]e?s?)(?![^\W_])(?:[ \t]*(?::|→|->|—|–)|[ \t]+(?:with|avec)(?:[ \t]+(?:the|a|le"
    r"|la|un)[ \t]+(?:password|mot[ ]de[ ]passe|mdp))?[ \t]*:?)[ \t]*"
)
_PROTECTED_STEMS = ("prot", "locked", "verrouill", "chiffr", "encrypt")
# A session or an account opens with it: "compte « studioA », ça s'ouvre avec Marteau-Piqueur-21",
# "the studio Mac opens with Hammer-Drill-21", "session « accueil » → Pointe-Demi-Pointe".
_OPENS_WITH = re.compile(
    r"(?:s['’]ouvre|opens|unlocks|logs?[ ]in|se[ ]connecte|se[ ]d[ée]verrouille)"
    r"[ \t]+(?:with|avec)[ \t]*:?[ \t]*"
    r"|(?:session|compte|account|profil|profile|user|utilisateur)[ \t]+[«\"“'‘][ \t\u202f]*"
    r"[^\s«»\"“”'‘’]{2,30}[ \t\u202f]*[»\"”'’][ \t]*(?:→|->|=>)[ \t]*"
)
_OPENS_WITH_STEMS = (
    *("s'ouvre", "s’ouvre", "opens with", "unlocks with", "log in with", "logs in with"),
    *("se connecte", "se déverrouille", "se deverrouille", "session", "compte", "account"),
    *("profil", "user"),
)
# Capitalised words joined by hyphens, three or more: "Pointe-Demi-Pointe", made for a login.
_HYPHENED_WORDS = re.compile(r"[A-ZÀ-Þ][a-zà-ÿ]+(?:-[A-Za-zÀ-ÿ][a-zà-ÿ]*){2,}(?:-[0-9]{1,4})?")


def _protected_files(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """A value built as few names are, ending its clause; after a session or an account that
    opens with it, capitalised words joined by hyphens too."""
    for stems, pattern in ((_PROTECTED_STEMS, _PROTECTED), (_OPENS_WITH_STEMS, _OPENS_WITH)):
        for stem in stems:
            for position in positions(lower, stem):
                protected = pattern.match(lower, position)
                value = _value_at(text, protected.end()) if protected is not None else None
                if value is None or not ends_its_clause(text, value[1]):
                    continue
                shape = made_shape(value[2])
                if (shape is not None and is_built_mixed(value[2], shape)) or (
                    pattern is _OPENS_WITH
                    and _HYPHENED_WORDS.fullmatch(value[2]) is not None
                    and not is_a_place_name(value[2])  # "compte « Martin » → Saint-Jean-de-Luz"
                ):
                    yield value[0], value[1]


# --- typed where a screen asks, or online beside an account's number ----------------------------

# "type Overdue_Fines_2026 at the prompt", "tapez Lavande_42 à l'invite", "saisir Renard_Bleu9
# quand il le demande", "at login type Marmotte_2025": a value typed where a screen asks for it
# is what opens it. A command typed at a prompt ("type exit at the prompt", "Get-Help") is no
# made shape.
_TYPED = re.compile(
    r"(?<![^\W_])(?:type|enter|key[ ]in|tapez|tape|taper|saisi(?:r|ssez|s)|entrez|entre[rz]?)"
    r"[ \t]+"
)
# The verbs whole, so that the phrase ends within a blank of its stem.
_TYPING_STEMS = (
    *("type ", "enter ", "key in ", "tape ", "tapez ", "taper ", "saisir ", "saisis "),
    *("saisissez ", "entre ", "entrez ", "entrer "),
)
_WHERE_ASKED = re.compile(
    r"[ \t]+(?:at[ ]the[ ](?:prompt|login(?:[ ]screen)?|password[ ]prompt)|at[ ]login"
    r"|when[ ](?:it|the[ ]\w+)[ ]asks|when[ ]prompted|à[ ]l['’]invite|quand[ ](?:il|elle|[çc]a)"
    r"[ ](?:le[ ]|la[ ]|vous[ ]le[ ]|te[ ]le[ ])?demande)(?![^\W_])"
    # Not what a screen asks before the password: "when it asks for the network's name".
    r"(?![ ](?:for[ ]|le[ ]|la[ ]|l['’]|les[ ])(?:the[ ]|your[ ]|its[ ])?(?:network|name|nom"
    r"|user|e-?mail|login|ssid|server|serveur|domain|domaine|r[ée]seau|identifiant))"
)
_ASKED_FIRST = re.compile(
    r"(?<![^\W_])(?:at[ ]login|at[ ]the[ ](?:prompt|login[ ]screen)|à[ ]l['’]invite)[ \t,]+\Z"
)
_ASKED_REACH = 24
_FOR_WHAT = re.compile(r"[ \t]+(?:to|pour|and|et)[ ]")


def _typed_where_asked(text: str, lower: str) -> Iterator[tuple[int, int]]:
    for typed, value in _values_right_after(text, lower, _TYPING_STEMS, _TYPED, 0):
        position = typed.start()
        asked = _WHERE_ASKED.match(lower, value[1]) is not None or (
            _ASKED_FIRST.search(lower, max(0, position - _ASKED_REACH), position) is not None
            and (ends_its_clause(text, value[1]) or _FOR_WHAT.match(text, value[1]))
        )
        shape = made_shape(value[2]) if asked else None
        if shape is not None and not value[2].islower():
            yield value[0], value[1]


# "Water (Severn Trent) - acct 7781 2290 / online: Goldfish_Nemo", "EDF - contrat 4471 2290 /
# en ligne : Tournesol_88": a bill's line, its account's number, then what is typed online.
_ONLINE = re.compile(r"(?<![^\W_])(?:online|en[ ]ligne|web)[ \t\u00a0\u202f]*[:=→][ \t]*")
_ONLINE_STEMS = ("online", "en ligne", "web")
_BILL_ACCOUNT = re.compile(
    r"(?<![^\W_])(?:acct|account|a/c|compte|contrat|contract|client|customer|ref|réf|n°)"
    r"(?![^\W_])[^\n]{0,24}?[0-9]{4}|(?<![^\W_])(?:bills?|factures?|direct[ ]debit|dd"
    r"|pr[ée]l[èe]vements?)(?![^\W_])"
)
_BILL_REACH = 80


def _online_beside_an_account(text: str, lower: str) -> Iterator[tuple[int, int]]:
    for stem in _ONLINE_STEMS:
        for position in positions(lower, stem):
            online = _ONLINE.match(lower, position)
            if online is None:
                continue
            line_start = line_start_within(lower, position, _BILL_REACH)
            if _BILL_ACCOUNT.search(lower, line_start, position) is None:
                continue
            value = _value_at(text, online.end())
            if value is None or not ends_its_clause(text, value[1]):
                continue
            shape = made_shape(value[2])
            if shape is not None and not value[2].islower():
                yield value[0], value[1]


# "sign in with RakuFiring2025!", "log in with Kestrel-88 and change it", "connecte-toi avec
# Marmotte_51": the value one signs in with, built as few names are; an account's provider or a
# product ("sign in with Google", "with Office365") is none.
_SIGNED_IN_WITH = re.compile(
    r"(?<![^\W_])(?:(?:sign|log)(?:s|ged|ging)?[ -]?(?:in|on)|connecte[sz]?-(?:toi|vous)"
    r"|(?:se|te|vous)[ ]connecter|connexion)[ ](?:with|avec)[ ]+"
)
# The verb's end with "avec": French prose holds " avec " dozens of times a note.
_SIGNED_IN_STEMS = ("in with ", "on with ", "toi avec ", "vous avec ", "ter avec ", "xion avec ")


def _signed_in_with(text: str, lower: str) -> Iterator[tuple[int, int]]:
    stems, phrase = _SIGNED_IN_STEMS, _SIGNED_IN_WITH
    for _, value in _values_right_after(text, lower, stems, phrase, _PHRASE_REACH):
        shape = made_shape(value[2])
        if shape is not None and is_built_mixed(value[2], shape):
            yield value[0], value[1]


# How far before its stem a phrase may start: "connectez-vous" before " avec ", "c'est" before
# "maintenant ".
_PHRASE_REACH = 24


# "Kasia — done. It's now Winter-Calls-19 until you change it", "pour la caisse à partir de
# demain ce sera Mimolette18 (M majuscule)": what a password was reset to, in a note about the
# reset or a machine, built as few names are and ending its clause, or with how to type it;
# "it's now Windows11 on all the PCs" is a product, "it's now Room_B2 upstairs" a room.
_NOW_IT_IS = re.compile(
    r"(?<![^\W_])(?:(?:it['’]?s|it[ ]is|c['’]est)[ ](?:now|maintenant|désormais)"
    r"|(?:ce|ça)[ ]sera|it['’]ll[ ]be|it[ ]will[ ]be)[ ]+"
)
_NOW_STEMS = ("now ", "maintenant ", "désormais ", " sera ", "ll be ", "will be ")
_RESET = re.compile(
    r"(?<![^\W_])(?:reset|réinitialis\w*|until[ ]you[ ]change|jusqu['’]à[ ]ce[ ]que[ ]tu"
    r"|passwords?|mot[ ]de[ ]passe|mdp|ordis?|ordinateurs?|pcs?|laptops?|computers?|logins?"
    r"|sessions?)(?![^\W_])"
)
# After the value: the clause's end, how long it holds or how to type it.
_HOLDS_UNTIL = re.compile(r"[ \t]+(?:until|till|jusqu['’]à)(?![^\W_])")
_RESET_REACH = 160
_HOW_TO_TYPE_REACH = 24  # "(M majuscule)", "all one word" after the value


def _reset_to(text: str, lower: str) -> Iterator[tuple[int, int]]:
    for now, value in _values_right_after(text, lower, _NOW_STEMS, _NOW_IT_IS, _PHRASE_REACH):
        shape = made_shape(value[2])
        if shape is None or value[2].islower():
            continue
        clause_end = min(len(lower), value[1] + _HOW_TO_TYPE_REACH)
        typed = says_how_to_type(lower, value[1], clause_end)
        context = lower[max(0, now.start() - _RESET_REACH) : clause_end]
        ended = ends_its_clause(text, value[1]) or _HOLDS_UNTIL.match(lower, value[1])
        if (typed or (ended and is_built_mixed(value[2], shape))) and _RESET.search(
            context
        ) is not None:
            yield value[0], value[1]


def _values_right_after(
    text: str, lower: str, stems: tuple[str, ...], phrase: re.Pattern[str], reach: int
) -> Iterator[tuple[re.Match[str], tuple[int, int, str]]]:
    """Each `phrase` holding one of its literal `stems`, starting at most `reach` characters
    before the stem and ending at most a blank after it, and the value starting right where the
    phrase ends ("sign in with X", not "sign in with the X")."""
    for stem in stems:
        if not holds(lower, stem):
            continue
        for position in positions(lower, stem):
            end = position + len(stem) + 1
            found = phrase.search(lower, max(0, position - reach), end)
            if found is None or found.end() <= position:
                continue
            value = _value_at(text, found.end())
            if value is not None and value[0] == found.end():
                yield found, value


# --- a value spelt with its capitals ------------------------------------------------------------

# "Échelle-de-Monoyer, E majuscule, M majuscule", "HarbourLights7, capital H and capital L": how
# to type a value's capitals is said only of what one types to get in.
_CAPITALS_SAID = re.compile(
    r"(?P<value>[^\s,;«»\"“”'‘’()]{5,40})[»\"”’']?[ \t]*[,:(—–-][ \t]*"
    r"(?:(?:with[ ]an?[ ]|avec[ ]une?[ ])?(?:capital|big|upper[- ]?case|uppercase)[ ]"
    r"(?P<letter>[A-Za-zÀ-ÿ])(?![^\W_])"
    r"|(?P<french>[A-Za-zÀ-ÿ])[ ](?:majuscule|capitale)(?![^\W_]))",
    re.IGNORECASE,
)
_CAPITALS_LITERALS = ("majuscule", "capitale", "capital ", "big ", "upper")
_CAPITALS_REACH = 60  # characters before the capitals' word where the value is read
# What one types a value into to get in, named on the value's line.
_WHAT_IT_OPENS = re.compile(
    r"(?<![^\W_])(?:wi-?fi|password|passwords|passcode|mot[ ]de[ ]passe|mdp|session|key|clé"
    r"|pc|ordi|laptop|portable|computer|mac|imac)(?![^\W_])"
)
# A name spelt, not a password: a network's, a login's, a person's.
_A_NAME_SPELT = re.compile(
    r"(?<![^\W_])(?:names?|noms?|ssid|network|réseau|login|identifiant|username|user"
    r"|utilisateur|s['’]écrit|spel[lt]\w*)(?![^\W_])"
)


def _spelt_with_its_capitals(text: str, lower: str) -> Iterator[tuple[int, int]]:
    """A value, then one of its capitals said: the value has that capital, and letters."""
    for literal in _CAPITALS_LITERALS:
        for position in positions(lower, literal):
            line_start = start_of_line(lower, position)
            start = max(line_start, position - _CAPITALS_REACH)
            if (
                _WHAT_IT_OPENS.search(lower, line_start, position) is None
                or _A_NAME_SPELT.search(lower, line_start, end_of_line(lower, position)) is not None
            ):
                continue  # "Le nom s'écrit Dupont-Martin, D majuscule": a name spelt
            for said in _CAPITALS_SAID.finditer(text, start, position + len(literal) + 2):
                letter = (said["letter"] or said["french"] or "").upper()
                value = said["value"]
                capitals = {_unaccented(char) for char in value if char.isupper()}
                if letter and letter in capitals and _LOWER_WORD.search(value) is not None:
                    yield said.span("value")


def _unaccented(char: str) -> str:
    return unicodedata.normalize("NFD", char)[0]
