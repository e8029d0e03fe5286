"""`memoire oauth list` and `memoire oauth revoke NAME`: the approved apps, on the server.

Both read the auth database directly, so they work whether or not a bridge is serving, and
a revocation takes effect on the bridge's next request (it reads the rows every time).
"""

from __future__ import annotations

from datetime import UTC, datetime

from ..config import Config
from ..core.errors import InvalidArgument
from .database import AuthDatabase
from .grants import Grant
from .server import OAuthServer
from .settings import OAuthSettings

_HEADER = ("client", "app", "rights", "redirect URI", "last use", "live tokens")


def list_lines(config: Config) -> list[str]:
    """One tab-separated line per approved app, after a header; a sentence when none."""
    if not config.memory.auth_database.exists():
        return [_none(config, "No OAuth apps yet: none has been approved on this memory.")]
    server = _server(config)
    try:
        grants, live = server.grants.all(), server.tokens.live_tokens()
    finally:
        server.db.close()
    if not grants:
        return [_none(config, "No OAuth apps: none is approved now.")]
    return ["\t".join(_HEADER)] + [_line(grant, live.get(grant.name, 0)) for grant in grants]


def _none(config: Config, sentence: str) -> str:
    """With OAuth off, say how to turn it on: no app can ask for approval until then."""
    if config.oauth is not None:
        return sentence
    return (
        f"{sentence} OAuth is off: add an [oauth] section with public_url and redirect_uris "
        "to memoire.toml (README: Remote apps (OAuth)), then restart memoire serve."
    )


def revoke(config: Config, name: str) -> str:
    """Removes the app's row and every token it holds; what was done, in one line."""
    if config.memory.auth_database.exists():
        server = _server(config)
        try:
            if server.grants.revoke(name):
                return f"Revoked {name}: its row and every token it held are gone."
        finally:
            server.db.close()
    raise InvalidArgument(f"No OAuth app named {name!r}; see the names with: memoire oauth list")


def _server(config: Config) -> OAuthServer:
    # Listing and revoking need no public URL: a bridge with [oauth] removed keeps its rows.
    settings = config.oauth or OAuthSettings(public_url="http://127.0.0.1", redirect_uris=())
    return OAuthServer(AuthDatabase(config.memory.auth_database), settings, config.access.clients())


def _line(grant: Grant, live: int) -> str:
    rights = grant.rights
    granted = ", ".join(name for name in ("read", "sensitive", "write") if getattr(rights, name))
    used = "never" if grant.last_used is None else _when(grant.last_used)
    fields = (grant.name, grant.client_name, granted or "none", grant.redirect_uri, used, str(live))
    return "\t".join(fields)


def _when(stamp: float) -> str:
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds")
