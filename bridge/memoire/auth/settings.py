"""The `[oauth]` section of memoire.toml: off unless it names the bridge's public URL.

`public_url` is the bridge's external base URL (as apps reach it, usually through a TLS
proxy): it is the issuer, and `<public_url>/mcp` is the one resource tokens are bound to.
`redirect_uris` is the allowlist an app's callback must be in (exact match; a loopback
entry written with port `*` accepts any port, as RFC 8252 asks for desktop apps).
"""

from __future__ import annotations

import dataclasses
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..addresses import is_loopback
from .redirects import check_allowlist_entry

MCP_PATH = "/mcp"


class OAuthSettingsError(ValueError):
    """The [oauth] section cannot be used; the message names the key."""


@dataclass(frozen=True, slots=True)
class OAuthSettings:
    public_url: str
    redirect_uris: tuple[str, ...]
    dynamic_registration: bool = False
    access_token_minutes: int = 30
    refresh_token_days: int = 30
    code_seconds: int = 60
    pending_minutes: int = 10
    pending_per_source: int = 3
    """A source address's own budget of pending requests, spent before the shared one."""
    pending_shared: int = 30
    """The budget every source draws from once its own is spent (at most its own again)."""
    pending_total: int = 1000
    """No more pending requests than this, whatever their sources."""
    max_registered_clients: int = 100
    test_only_loopback_client_ids: bool = False
    """Tests only: accept `http://127.0.0.1:PORT/...` client ID metadata documents."""

    @property
    def issuer(self) -> str:
        return self.public_url

    @property
    def resource(self) -> str:
        return self.public_url + MCP_PATH


_POSITIVE = (
    "access_token_minutes",
    "refresh_token_days",
    "code_seconds",
    "pending_minutes",
    "pending_per_source",
    "pending_shared",
    "pending_total",
    "max_registered_clients",
)
_FLAGS = ("dynamic_registration", "test_only_loopback_client_ids")


def parse_oauth(table: Mapping[str, Any]) -> OAuthSettings | None:
    """None when the section is absent or empty: OAuth stays off."""
    if not table:
        return None
    allowed = {"public_url", "redirect_uris", *_POSITIVE, *_FLAGS}
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise OAuthSettingsError(
            f"unknown key(s) {', '.join(unknown)} in [oauth]; allowed: {', '.join(sorted(allowed))}"
        )
    if "public_url" not in table:
        raise OAuthSettingsError(
            "[oauth] needs public_url = 'https://your.host' (the address apps reach the bridge at)"
        )
    numbers: dict[str, Any] = {key: _positive(table, key) for key in _POSITIVE if key in table}
    flags: dict[str, Any] = {key: _flag(table, key) for key in _FLAGS if key in table}
    settings = dataclasses.replace(
        OAuthSettings(
            public_url=_public_url(table["public_url"]),
            redirect_uris=_redirect_uris(table.get("redirect_uris", [])),
        ),
        **numbers,
        **flags,
    )
    if settings.pending_total <= settings.pending_shared:
        raise OAuthSettingsError(
            "[oauth] pending_total must be larger than pending_shared (the rest is what every "
            "source's own budget is drawn from)"
        )
    return settings


def _public_url(value: object) -> str:
    if not isinstance(value, str):
        raise OAuthSettingsError("[oauth] public_url must be a string like 'https://your.host'")
    parts = urllib.parse.urlsplit(value.rstrip("/"))
    if parts.query or parts.fragment or not parts.hostname:
        raise OAuthSettingsError(
            f"[oauth] public_url {value!r} must be a base URL like 'https://your.host', "
            "without query or fragment"
        )
    if parts.scheme != "https" and not (parts.scheme == "http" and is_loopback(parts.hostname)):
        raise OAuthSettingsError(
            f"[oauth] public_url {value!r} must use https (http only on 127.0.0.1 or localhost)"
        )
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc.lower(), parts.path, "", ""))


def _redirect_uris(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(uri, str) for uri in value):
        raise OAuthSettingsError(
            "[oauth] redirect_uris must be a list of callback URLs, such as "
            "['https://claude.ai/api/mcp/auth_callback']"
        )
    for uri in value:
        problem = check_allowlist_entry(uri)
        if problem:
            raise OAuthSettingsError(f"[oauth] redirect_uris: {problem}")
    return tuple(value)


def _positive(table: Mapping[str, Any], key: str) -> int:
    value = table[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise OAuthSettingsError(f"[oauth] {key} must be a whole number >= 1")
    return value


def _flag(table: Mapping[str, Any], key: str) -> bool:
    value = table[key]
    if not isinstance(value, bool):
        raise OAuthSettingsError(f"[oauth] {key} must be true or false")
    return value
