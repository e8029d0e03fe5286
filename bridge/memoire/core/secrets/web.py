"""Credentials sent with a request: inside a URL, in an Authorization header, on curl's line.

Commands that take a password as an argument of their own are in commands.py. Each rule
starts at a fixed anchor ("://", "authorization", "x-", " -u", "--password"), found
with `str.find`; the regex then runs there only, never over the whole note.
"""

import re
from collections.abc import Iterator

from memoire.core.secrets.text import line_start_within, positions

# scheme://user:password@host, any scheme; the password is what is refused.
_SCHEME = re.compile(r"(?<![\w+.-])[a-z][a-z0-9+.-]{1,20}\Z", re.IGNORECASE)
# A password may hold "@", "#" or "&" unescaped (M@ple#638): it runs to the last "@" before the
# host, which is the one followed by a host name and no other "@".
_URL_CREDENTIALS = re.compile(
    r"://[^\s:/@\"'<>]*:(?P<secret>[^\s/\"'<>]{3,}?)@(?=[\w\[][^\s/@]*(?:[\s/]|$))"
)
# Authorization: Bearer …, X-API-Key: …, as a header line, a curl -H argument or a dict entry.
_HEADER = re.compile(
    r"(?:authorization[\"']?[ \t]*[:=,][ \t]*[\"']?(?:bearer|basic|token|digest)"
    r"|x-(?:api-key|auth-token|access-token|token)[\"']?[ \t]*[:=])"
    r"[ \t]+(?P<secret>[A-Za-z0-9._~+/=-]{8,})",
    re.IGNORECASE,
)
_HEADER_ANCHORS = ("authorization", "x-")
# curl -u user:pass, httpie -a user:pass, wget --password=…, docker login --password X.
_COMMAND_LINE = re.compile(
    r"(?:(?:-u|(?<=\s)--user|-a|(?<=\s)--auth)[ =][\"']?[^\s:\"'$]+:"
    r"|--(?:password|passwd|pass)(?:=|[ ]+)[\"']?)"
    r"(?P<secret>[^\s\"'$<{]{4,})",
)
_COMMAND_ANCHORS = ("-u", "-a", "--")  # after a space


def find_url_credentials(text: str) -> Iterator[tuple[str, int, int]]:
    for position in positions(text, "://"):
        scheme = _SCHEME.search(text, max(0, position - 21), position)
        match = _URL_CREDENTIALS.match(text, position) if scheme is not None else None
        if match is not None and _looks_given(match["secret"]):
            yield ("url-password", *match.span("secret"))


# `postgresql://UTILISATEUR:MOT_DE_PASSE@HOTE/BASE`, `Bearer YOUR_API_KEY`: upper-case words
# naming what goes there are a template to fill, not a credential.
_UPPER_WORD = re.compile(r"[A-Z]{2,}(?:_[A-Z]{2,})*")


def find_auth_headers(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """`lowered` is `text` lowered with its positions kept (see text.lowered)."""
    for anchor in _HEADER_ANCHORS:
        for position in positions(lowered, anchor):
            if position == 0 or not lowered[position - 1].isalnum():
                yield from _given(_HEADER.match(text, position), "authorization-header")
    for anchor in _COMMAND_ANCHORS:
        for position in positions(text, anchor):
            if position and text[position - 1] in " \t" and not _runs_a_container(text, position):
                yield from _given(_COMMAND_LINE.match(text, position), "command-line")


_CONTAINER = re.compile(r"\b(?:docker|podman|nerdctl)\b")


_COMMAND_REACH = 200  # characters back from an option where its command is looked for


def _runs_a_container(text: str, position: int) -> bool:
    """`docker run --user guest:users2`: a container's user and group, not a login. Looked for
    within reach only: on a long line of options, reading back to its start each time was
    quadratic (100,000 characters of `mysql -u root -p` took seconds)."""
    line_start = line_start_within(text, position, _COMMAND_REACH)
    return _CONTAINER.search(text, line_start, position) is not None


def _given(match: re.Match[str] | None, rule: str) -> Iterator[tuple[str, int, int]]:
    if match is not None and _looks_given(match["secret"]):
        yield (rule, *match.span("secret"))


def _looks_given(value: str) -> bool:
    """A placeholder ($TOKEN, <token>, ****, YOUR_API_KEY) or a plain word ("password",
    "Secret") is not a credential; letters whose case changes inside (sDxnMrJpEWbZ) are."""
    if value.startswith(("$", "<", "{", "%", "*")) or set(value) <= set("*xX.•"):
        return False
    if _UPPER_WORD.fullmatch(value) is not None:
        return False
    return any(char.isdigit() for char in value) or not value.isalpha() or _case_changes(value)


def _case_changes(word: str) -> bool:
    return any(char.isupper() for char in word[1:]) and any(char.islower() for char in word)
