"""Credential blocks without a secret noun: a service's name, a login, then the password alone.

    Apple ID for dad            Box (192.168.1.254)        Service   User     Password
    john.mcl@icloud.com         admin                      Hostinger mike.p   Cl0udberry!
    Whistle1946!                Lapin_Rose_88

People write the password under the login and name nothing: the login line (an e-mail, a
login word and its value, or a bare identifier under a block's first line) says what the next
line is. That line is taken when it is one token made for secrecy, never an address, a number,
a date, a version, a hash or a word alone. A table without bars is read by its header's
password column. Lines are read once each, so the scan stays linear.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.text import positions, start_of_line
from memoire.core.secrets.window import password_shaped, secrecy

RULE = "credential-block"
TABLE_RULE = "credential-table"

_MIN_VALUE, _MAX_VALUE = 6, 64
_EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
# "john@x.io", "E-mail: john@x.io", "Apple ID : john@x.io": an e-mail alone on its line.
_EMAIL_LINE = re.compile(rf"(?:(?:e-?mail|mail|courriel|apple id|id|login)\s*:?\s*)?{_EMAIL}", re.I)
# "user: admin", "login 40312877", "WP admin: bakeadmin", "pseudo TomBlox": a login word,
# at most two words around it, then one value.
_LOGIN_LINE = re.compile(
    r"(?:[\w-]+\s+){0,2}(?:user(?:name)?|login|identifiant|id|utilisateur|pseudo|compte"
    r"|account|admin)(?:\s+[\w-]+){0,2}\s*[:=]?\s*\S+",
    re.I,
)
# "ines.garnier3", "admin": an identifier alone, under a block's first line.
_IDENTIFIER = re.compile(r"[a-z][\w.-]{2,40}")
# A block's first line names a service or a device, "Box (192.168.1.254)": words, no sentence.
_SERVICE_LINE = re.compile(r"(?!.*[.!?;:,] )[^\n]{0,39}[^\s.:;!?,]")
_SERVICE_MOST_WORDS = 5

# What a value under a login is when it is no password.
_NOT_A_PASSWORD = re.compile(
    rf"{_EMAIL}"
    r"|(?:[a-z][a-z0-9+.-]*://|www\.).*"  # a URL
    r"|[\w-]+(?:\.[\w-]+)*\.[a-z]{2,6}(?:/\S*)?"  # a domain
    r"|[0-9a-f]{7,}|[0-9A-F]{16,}"  # a commit or a hash
    r"|[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}"  # a UUID
    r"|v?[0-9]+(?:\.[0-9]+)+\S*"  # a version, an IP address
    r"|[0-9]+(?:[.,][0-9]+)?(?:[a-zA-Z]{1,4}|[€$£%])"  # a price, a measure, "12h30"
    r"|[0-9]{1,2}[a-z]{1,2}[0-9]{2}"  # a time: "12h30", "9am15"
    r"|[^\W\d_][\w.-]+[=:].*",  # "passwd=…", "max_tokens=4096": a key and its value
    re.I,
)
_LOWER = re.compile(r"[a-zß-öø-ÿ]")
_LETTER = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"[0-9]")
_SYMBOL = re.compile(r"[!#$%&*@?^~=+§£€_]")
_CELL_GAP = re.compile(r"\s{2,}")
_HEADER_WORDS = ("pass", "mdp", "pw", "mot de passe", "mots de passe")
_PASSWORD_HEADER = re.compile(r"pw|pwd|mdp|pass|passwords?|mots? de passe|passcode", re.I)


def find_credential_blocks(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """Each password under a login line, then each cell of a bare table's password column."""
    if "\n" not in text:
        return
    lines = _lines(text)
    for index, (start, line) in enumerate(lines):
        value = line.strip()
        if value and _is_password(value) and _follows_a_login(lines, index, value):
            offset = start + line.index(value)
            yield RULE, offset, offset + len(value)
    yield from _find_in_bare_tables(text, lowered, lines)


def _lines(text: str) -> list[tuple[int, str]]:
    lines, start = [], 0
    for line in text.split("\n"):
        lines.append((start, line))
        start += len(line) + 1
    return lines


def _is_password(value: str) -> bool:
    """One token made for secrecy: letters with digits or a symbol, a lowercase letter or a
    symbol (a tracking number is capitals and digits), no address, number, date or hash."""
    if not _MIN_VALUE <= len(value) <= _MAX_VALUE or any(char.isspace() for char in value):
        return False
    if _LETTER.search(value) is None or _NOT_A_PASSWORD.fullmatch(value) is not None:
        return False
    digits = _DIGIT.search(value) is not None
    symbol = _SYMBOL.search(value) is not None
    if not (digits or symbol) or not (symbol or _LOWER.search(value) is not None):
        return False
    return password_shaped(value) or secrecy(value) >= 1


def _previous(lines: list[tuple[int, str]], index: int) -> int | None:
    """The line above `index`, past one blank line at most."""
    for above in (index - 1, index - 2):
        if above < 0:
            return None
        if lines[above][1].strip():
            return above
    return None


def _follows_a_login(lines: list[tuple[int, str]], index: int, value: str) -> bool:
    """Under an e-mail or a login word, any password; under a bare identifier, which could be
    a name in a list, only one holding a symbol ("Licorne*2013", "Lapin_Rose_88"; not "Q3-a2")."""
    login = _previous(lines, index)
    if login is None:
        return False
    line = lines[login][1].strip().lstrip("-*• ").strip()
    if _EMAIL_LINE.fullmatch(line) is not None or _LOGIN_LINE.fullmatch(line) is not None:
        return True
    if _IDENTIFIER.fullmatch(line) is None:
        return False
    if _SYMBOL.search(value) is None:
        return False
    service = _previous(lines, login)
    return service is not None and _opens_a_block(lines, service)


def _opens_a_block(lines: list[tuple[int, str]], index: int) -> bool:
    """A short line naming a thing, first in the note or after a blank line."""
    line = lines[index][1].strip()
    if index and lines[index - 1][1].strip():
        return False
    return _SERVICE_LINE.fullmatch(line) is not None and len(line.split()) <= _SERVICE_MOST_WORDS


def _find_in_bare_tables(
    text: str, lowered: str, lines: list[tuple[int, str]]
) -> Iterator[tuple[str, int, int]]:
    """ "Service   User   Password": cells two spaces apart, the password column's cells.

    Only lines holding a password's noun are read as headers, found with `positions`."""
    line_at = {start: index for index, (start, _) in enumerate(lines)}
    headers = sorted(
        {
            line_at[start_of_line(text, at)]
            for word in _HEADER_WORDS
            for at in positions(lowered, word)
        }
    )
    below = 0
    for index in headers:
        if index < below:
            continue
        header = lines[index][1]
        cells = _CELL_GAP.split(header.strip())
        column = next(
            (at for at, cell in enumerate(cells) if _PASSWORD_HEADER.fullmatch(cell)), None
        )
        if column is None or len(cells) < 2 or "|" in header:
            continue
        below = index + 1
        while below < len(lines) and lines[below][1].strip():
            yield from _cell_value(*lines[below], column, len(cells))
            below += 1


def _cell_value(start: int, row: str, column: int, width: int) -> Iterator[tuple[str, int, int]]:
    cells = [(match.start(), match.group()) for match in re.finditer(r"\S+(?: \S+)*", row)]
    if len(cells) == width:
        offset, value = cells[column]
        if _is_password(value):
            yield TABLE_RULE, start + offset, start + offset + len(value)
