"""Credentials sent with a request: inside a URL, in an Authorization header, on curl's line."""

import re
from collections.abc import Iterator

# scheme://user:password@host, any scheme; the password is what is refused.
_URL_CREDENTIALS = re.compile(
    r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@\"'<>]*:(?P<secret>[^\s/@\"'<>]{3,})@[\w\[]",
    re.IGNORECASE,
)
# Authorization: Bearer …, X-API-Key: …, as a header line, a curl -H argument or a dict entry.
_HEADER = re.compile(
    r"(?:\b(?:proxy-)?authorization[\"']?[ \t]*[:=,][ \t]*[\"']?(?:bearer|basic|token|digest)"
    r"|\bx-(?:api-key|auth-token|access-token|token)[\"']?[ \t]*[:=])"
    r"[ \t]+(?P<secret>[A-Za-z0-9._~+/=-]{8,})",
    re.IGNORECASE,
)
# curl -u user:pass, httpie -a user:pass, wget --password=…
_COMMAND_LINE = re.compile(
    r"(?:\s(?:-u|--user|-a|--auth)[ =][\"']?[^\s:\"'$]+:|--password=[\"']?)"
    r"(?P<secret>[^\s\"'$<{]{4,})",
)
_LITERALS = (
    "://",
    "uthorization",
    "UTHORIZATION",
    "x-",
    "X-",
    " -u",
    " -a",
    "--user",
    "--auth",
    "--password",
)


def find_url_credentials(text: str) -> Iterator[tuple[str, int, int]]:
    if "://" in text:
        for match in _URL_CREDENTIALS.finditer(text):
            if _looks_given(match["secret"]):
                yield ("url-password", *match.span("secret"))


def find_auth_headers(text: str) -> Iterator[tuple[str, int, int]]:
    if any(literal in text for literal in _LITERALS[1:]):
        for pattern, rule in ((_HEADER, "authorization-header"), (_COMMAND_LINE, "command-line")):
            for match in pattern.finditer(text):
                if _looks_given(match["secret"]):
                    yield (rule, *match.span("secret"))


def _looks_given(value: str) -> bool:
    """A placeholder ($TOKEN, <token>, ****) or a plain word is not a credential."""
    if value.startswith(("$", "<", "{", "%", "*")) or set(value) <= set("*xX.•"):
        return False
    return any(char.isdigit() for char in value) or not value.isalpha()
