"""Redirect URIs: which callbacks the owner allows, and which a client registered.

A redirect is where the authorization code goes, so it is matched exactly, never by
prefix. The one latitude is RFC 8252's: a desktop or command-line app listens on a
loopback port the system picks, so an allowlist entry `http://127.0.0.1:*/callback`
accepts any port on that host and path, and a client that registered a loopback URI
without a port may use any port with it.
"""

from __future__ import annotations

import re

HOST = re.compile(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\]")
"""A host name or an IP literal: no wildcard, no user info, nothing a parser could read
differently from a browser."""
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "[::1]", "localhost"})
ANY_PORT = "*"


def check_allowlist_entry(uri: str) -> str | None:
    """What is wrong with an allowlist entry, or None."""
    host, port, _ = _split(uri)
    if host is None:
        return f"{uri!r} is not an absolute http(s) URL"
    if "#" in uri:
        return f"{uri!r} must not have a fragment"
    if uri.startswith("http://") and host not in LOOPBACK_HOSTS:
        return f"{uri!r}: plain http is allowed only for loopback (127.0.0.1, [::1], localhost)"
    if port == ANY_PORT and host not in LOOPBACK_HOSTS:
        return f"{uri!r}: a port of '*' is allowed only for loopback hosts"
    return None


def allowed(allowlist: tuple[str, ...], uri: str) -> bool:
    """Whether the owner's allowlist accepts this callback."""
    return usable(uri) and any(_matches(entry, uri, any_port=False) for entry in allowlist)


def registered(client_uris: tuple[str, ...], uri: str) -> bool:
    """Whether the client registered this callback (RFC 8252: loopback ports may vary)."""
    return usable(uri) and any(_matches(entry, uri, any_port=True) for entry in client_uris)


def usable(uri: str) -> bool:
    """A callback a code may be sent to: absolute http(s), no fragment, no wildcard."""
    host, port, _ = _split(uri)
    return host is not None and "#" not in uri and port != ANY_PORT


def _matches(entry: str, uri: str, *, any_port: bool) -> bool:
    if entry == uri:
        return True
    entry_host, entry_port, entry_rest = _split(entry)
    host, port, rest = _split(uri)
    if entry_host is None or entry_host not in LOOPBACK_HOSTS or entry_host != host:
        return False
    if port == ANY_PORT:
        return False
    if not entry.startswith("http://") or not uri.startswith("http://"):
        return False
    port_free = entry_port == ANY_PORT or (any_port and entry_port == "")
    return port_free and entry_rest == rest


def _split(uri: str) -> tuple[str | None, str, str]:
    """(host, port text, path + query) of an http(s) URL, host None if it is not one."""
    scheme, _, remainder = uri.partition("://")
    if scheme not in {"http", "https"} or not remainder:
        return None, "", ""
    authority, slash, rest = remainder.partition("/")
    if "@" in authority or not authority:
        return None, "", ""
    if authority.startswith("["):
        host, _, after = authority.partition("]")
        host += "]"
        port = after.removeprefix(":")
    else:
        host, _, port = authority.partition(":")
    if not HOST.fullmatch(host.lower()) or not (port.isdigit() or port in {"", ANY_PORT}):
        return None, "", ""
    return host.lower(), port, slash + rest
