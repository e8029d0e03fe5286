"""Command lines that carry a password as an argument: one table, a row per command.

Each row names the literal that starts the command (found with `str.find`, so the regex runs
only where the command is written) and the shape of its options; the group `secret` is the
argument that is the password. A command given no password asks for one (`mysql -u root -p`,
`ldapsearch -W`, `net use … *`, `docker login --password-stdin`): its row does not match, so
nothing is refused. Generic forms (`curl -u user:pass`, `--password X`) are in web.py.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass

from memoire.core.secrets.text import holds, line_start_within, positions

_OPTIONS = r"[^\n|;&]{0,100}?"  # other options of the same command, on its line
# The password: not a variable, a placeholder, another option or the prompt's "*".
_ARGUMENT = r"[\"'`]?(?P<secret>[^\s\"'`$<{*/-][^\s\"'`$<{]{3,199})"
_ATTACHED = r"(?P<secret>[^\s\"'`$<{*-][^\s\"'`$<{]{3,199})"  # -pX: X glued to its option
_QUOTED_ATTACHED = rf"[\"']?{_ATTACHED}"
_FLAGS = r"(?:[ ]+-\w{1,8}){0,4}"  # "-b -B": more flags before the arguments
_WORD = r"(?:\"[^\"\n]{0,64}\"|'[^'\n]{0,64}'|[^\s\"']{1,200})"  # a user, a file, a network
_OPTION_LIST = r"(?:[^\s,]{0,100},){0,8}"  # "-o user=ludo,uid=1000,": the options before
_LISTED = r"(?P<secret>[^\s,\"'`$<{*-][^\s,\"'`$<{]{3,199})"  # up to the next comma
_FILE_AND_USER = rf"[ ]+{_WORD}[ ]+{_WORD}"  # htpasswd -b FILE USER PASS


@dataclass(frozen=True, slots=True)
class _Command:
    """A command (its literal, as written) and where its password sits."""

    literal: str
    pattern: re.Pattern[str]
    ends_a_word: bool  # "storepass" ends "-srcstorepass"; others start their word


def _row(literal: str, shape: str, *, ends_a_word: bool = False) -> _Command:
    return _Command(literal, re.compile(shape), ends_a_word)


_COMMANDS = (
    # smbclient //nas/share -U user%pass, rpcclient, smbmap
    _row("-U", rf"-U[ ]?[^\s%]{{1,64}}%{_ATTACHED}"),
    _row("htpasswd", rf"htpasswd[ ]+-\w{{0,4}}b\w{{0,4}}{_FLAGS}{_FILE_AND_USER}[ ]+{_ARGUMENT}"),
    _row("mosquitto_passwd", rf"mosquitto_passwd[ ]+-b{_FILE_AND_USER}[ ]+{_ARGUMENT}"),
    _row("net user", rf"net[ ]user[ ]+{_WORD}[ ]+{_ARGUMENT}"),
    _row("net use", rf"net[ ]use\b{_OPTIONS}[ ]/user:{_WORD}[ ]+{_ARGUMENT}"),
    _row("redis-cli", rf"redis-cli\b{_OPTIONS}[ ]-a[ ]+{_ARGUMENT}"),
    _row("7z", rf"7za?[ ]+[a-z]\b{_OPTIONS}[ ]-p{_QUOTED_ATTACHED}"),
    _row("zip", rf"zip\b{_OPTIONS}[ ]-P[ ]?{_ARGUMENT}"),
    _row("unzip", rf"unzip\b{_OPTIONS}[ ]-P[ ]?{_ARGUMENT}"),
    _row("unrar", rf"unrar\b{_OPTIONS}[ ]-p{_QUOTED_ATTACHED}"),
    _row("rar", rf"rar[ ]+[a-z]\b{_OPTIONS}[ ]-(?:p|hp){_QUOTED_ATTACHED}"),
    _row("mosquitto_", rf"mosquitto_(?:pub|sub|rr)\b{_OPTIONS}[ ](?:-P|--pw)[ ]+{_ARGUMENT}"),
    _row("lftp", rf"lftp\b{_OPTIONS}[ ]-u[ ]+[\"']?[^\s,\"']{{1,64}},{_ATTACHED}"),
    _row("ldap", rf"ldap[a-z]+\b{_OPTIONS}[ ]-w[ ]+{_ARGUMENT}"),
    _row("ipmitool", rf"ipmitool\b{_OPTIONS}[ ]-P[ ]+{_ARGUMENT}"),
    _row("sqlcmd", rf"sqlcmd\b{_OPTIONS}[ ]-P[ ]+{_ARGUMENT}"),
    _row("sshpass", rf"sshpass\b{_OPTIONS}[ ]-p[ ]?{_ARGUMENT}"),
    # mysql -pX: with "-p X" the password is asked and X is a database.
    _row("mysql", rf"mysql(?:dump|admin|import|check)?\b{_OPTIONS}[ ]-p{_QUOTED_ATTACHED}"),
    _row("mariadb", rf"mariadb(?:-dump|-admin)?\b{_OPTIONS}[ ]-p{_QUOTED_ATTACHED}"),
    _row("mongo", rf"mongo(?:sh|dump|restore|export|import)?\b{_OPTIONS}[ ]-p[ ]+{_ARGUMENT}"),
    # docker login -u ana -p X, podman login, cf login, oc login
    _row("login", rf"login\b{_OPTIONS}[ ]-p[ ]+{_ARGUMENT}"),
    # openssl … -passout pass:X, -passin pass:X, -pass pass:X
    _row("pass:", rf"pass:{_ATTACHED}"),
    # keytool / jarsigner -storepass X, -keypass X, -srcstorepass X
    _row("storepass", rf"storepass[ ]+{_ARGUMENT}", ends_a_word=True),
    _row("keypass", rf"keypass[ ]+{_ARGUMENT}", ends_a_word=True),
    # mount -t cifs … -o username=ludo,password=X,uid=1000: the option list ends at a comma
    _row("mount", rf"mount(?:\.cifs)?\b{_OPTIONS}[ ]-o[ ]+{_OPTION_LIST}pass(?:word)?={_LISTED}"),
    _row("nmcli", rf"nmcli\b{_OPTIONS}[ ](?:password|wifi-sec\.psk)[ ]+{_ARGUMENT}"),
    _row("wpa_passphrase", rf"wpa_passphrase[ ]+{_WORD}[ ]+{_ARGUMENT}"),
    # echo X | sudo -S …: the password piped into sudo
    _row("sudo", rf"(?<![\w-])echo[ ]+{_ARGUMENT}[\"'`]?[ ]*\|[ ]*sudo[ ]+-S\b"),
)
_ECHO_REACH = 220  # "echo X | sudo -S" is found from "sudo", this far back on its line


# Every row but these two takes its password after an option ("-P", "-pX", "/user:", "pass:"):
# a note with no option anywhere is looked at for these two only.
_WITHOUT_OPTIONS = frozenset(("net user", "wpa_passphrase"))


def _has_an_option(text: str) -> bool:
    """ " -P", " /user:", "pass:" anywhere, found with the note's other words (text.py)."""
    for lead in (" -", " /"):
        for position in positions(text, lead):
            if text[position + 2 : position + 3].isalpha():
                return True
    return holds(text, "pass:")


def find_command_passwords(text: str) -> Iterator[tuple[str, int, int]]:
    """Each password given to a command of the table, as (rule, start, end)."""
    options = _has_an_option(text)
    for command in _COMMANDS:
        if not options and command.literal not in _WITHOUT_OPTIONS:
            continue
        for position in positions(text, command.literal):
            start = _command_start(text, command, position)
            if start is None:
                continue
            match = command.pattern.match(text, start)
            if match is not None and _looks_given(match["secret"], command.literal):
                yield ("command-line", *match.span("secret"))


def _command_start(text: str, command: _Command, position: int) -> int | None:
    """Where the row's pattern is tried: at the literal when it starts a word."""
    if command.literal == "sudo":
        line_start = line_start_within(text, position, _ECHO_REACH)
        echo = text.rfind("echo ", line_start, position)
        return None if echo == -1 else echo
    if command.ends_a_word:
        return position
    if position and (text[position - 1].isalnum() or text[position - 1] in "_-.:"):
        return None  # inside another word: "gunzip", "my-lftp", "mypass:"
    return position


def _looks_given(value: str, literal: str) -> bool:
    """A placeholder ($TOKEN, <token>, ****), a plain word or the command's own name (a line
    of commands repeated) is not a credential."""
    value = value.rstrip("\"'`")
    if set(value) <= set("*xX.•") or literal in value or value in literal:
        return False
    return any(char.isdigit() for char in value) or not value.isalpha()
