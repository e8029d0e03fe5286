"""Who an app is: a client ID metadata document, or (when enabled) a dynamic registration.

The MCP authorization specification prefers client ID metadata documents: the client_id
is an https URL, and the JSON document there names the app and its redirect URIs. It is
fetched without following redirects, within a size and time limit, at a bounded rate per
source (an unauthenticated `/authorize` must not become a way to make the bridge fetch
things), and cached a few minutes. Hosts that are IP addresses outside the public
internet (loopback, private ranges) are refused, so the fetch cannot reach the bridge's
own network; tests may allow `http://127.0.0.1:PORT/...` with an explicit test-only setting.

Dynamic client registration (RFC 7591) is off unless configured; when on, it is bounded
in count and each registration's redirect URIs must already be in the owner's allowlist.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import sqlite3
import time
import urllib.parse
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

import httpx2

from ..adapters.ratelimit import RateLimiter
from ..core.errors import AuthorizationRefused, RegistrationRefused
from .database import AuthDatabase
from .opaque import new_secret
from .redirects import allowed, usable
from .settings import OAuthSettings

DOCUMENT_BYTES = 8 * 1024
FETCH_SECONDS = 5.0
CACHE_SECONDS = 300.0
CACHE_ENTRIES = 256
FETCHES_PER_MINUTE_PER_SOURCE = 20
CONCURRENT_FETCHES = 4
NAME_CHARS = 100
MAX_REDIRECT_URIS = 10
REGISTERED_PREFIX = "memoire-dcr-"
PUBLIC_CLIENT = "none"

TABLES = (
    """CREATE TABLE IF NOT EXISTS oauth_registrations (
        client_id TEXT PRIMARY KEY,
        client_name TEXT NOT NULL,
        redirect_uris TEXT NOT NULL,
        created REAL NOT NULL
    )""",
)


@dataclass(frozen=True, slots=True)
class Client:
    client_id: str
    name: str
    redirect_uris: tuple[str, ...]


class ClientDirectory:
    def __init__(
        self,
        db: AuthDatabase,
        settings: OAuthSettings,
        clock: Callable[[], float] = time.monotonic,
        transport: httpx2.AsyncBaseTransport | None = None,
    ) -> None:
        self._db = db
        self._settings = settings
        self._clock = clock
        self._transport = transport
        self._cache: OrderedDict[str, tuple[float, Client]] = OrderedDict()
        self._fetches = RateLimiter(FETCHES_PER_MINUTE_PER_SOURCE)
        self._fetching = asyncio.Semaphore(CONCURRENT_FETCHES)
        db.create_tables(TABLES)

    async def find(self, client_id: str, source: str) -> Client:
        if client_id.startswith(REGISTERED_PREFIX):
            return self._registered(client_id)
        problem = self._metadata_url_problem(client_id)
        if problem:
            raise AuthorizationRefused(problem)
        cached = self._cache.get(client_id)
        if cached is not None and self._clock() - cached[0] < CACHE_SECONDS:
            return cached[1]
        if self._fetches.retry_after(source) is not None:
            raise AuthorizationRefused(
                "Too many new apps from this address; try again in a minute."
            )
        client = await self._fetch(client_id)
        self._cache[client_id] = (self._clock(), client)
        self._cache.move_to_end(client_id)
        while len(self._cache) > CACHE_ENTRIES:
            self._cache.popitem(last=False)
        return client

    def register(self, metadata: Mapping[str, Any]) -> dict[str, Any]:
        """RFC 7591: a public client (no secret) whose callbacks the allowlist accepts."""
        if not self._settings.dynamic_registration:
            raise RegistrationRefused(
                "access_denied",
                "Dynamic client registration is off on this bridge: the app should use a "
                "client ID metadata document, or the owner sets dynamic_registration = true "
                "in [oauth].",
            )
        client = _registration(metadata, self._settings.redirect_uris)
        client_id = REGISTERED_PREFIX + new_secret("")[:32]
        with self._db.transaction() as db:
            if not _make_room(db, self._settings.max_registered_clients):
                raise RegistrationRefused(
                    "temporarily_unavailable",
                    "This bridge holds as many registered apps as it may; the owner can "
                    "revoke unused ones (memoire oauth list / revoke).",
                )
            db.execute(
                "INSERT INTO oauth_registrations VALUES (?, ?, ?, ?)",
                (client_id, client.name, json.dumps(client.redirect_uris), time.time()),
            )
        return {
            "client_id": client_id,
            "client_id_issued_at": int(time.time()),
            "client_name": client.name,
            "redirect_uris": list(client.redirect_uris),
            "token_endpoint_auth_method": PUBLIC_CLIENT,
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
        }

    def _registered(self, client_id: str) -> Client:
        if not self._settings.dynamic_registration:
            raise AuthorizationRefused(
                "This app was registered dynamically, which is off on this bridge now."
            )
        with self._db.reading() as db:
            row = db.execute(
                "SELECT client_name, redirect_uris FROM oauth_registrations WHERE client_id = ?",
                (client_id,),
            ).fetchone()
        if row is None:
            raise AuthorizationRefused(
                "This client_id is not registered here; the app must register."
            )
        return Client(client_id, row[0], tuple(json.loads(row[1])))

    def _metadata_url_problem(self, client_id: str) -> str | None:
        parts = urllib.parse.urlsplit(client_id)
        host = parts.hostname or ""
        loopback_test = (
            self._settings.test_only_loopback_client_ids
            and parts.scheme == "http"
            and host == "127.0.0.1"
        )
        if parts.scheme != "https" and not loopback_test:
            return (
                "client_id must be the https URL of the app's client metadata document"
                + (", or a client registered here" if self._settings.dynamic_registration else "")
                + "."
            )
        if parts.path in {"", "/"} or parts.fragment or parts.username or parts.password:
            return "client_id must be an https URL with a path, without fragment or user info."
        if not loopback_test and not _public_host(host):
            return f"client_id's host {host!r} is not a public internet name."
        return None

    async def _fetch(self, client_id: str) -> Client:
        if not self._settings.test_only_loopback_client_ids:
            await _refuse_private_addresses(client_id)
        async with (
            self._fetching,
            httpx2.AsyncClient(
                timeout=FETCH_SECONDS, follow_redirects=False, transport=self._transport
            ) as http,
        ):
            try:
                body = await _limited_get(http, client_id)
            except (httpx2.HTTPError, ValueError) as error:
                raise AuthorizationRefused(
                    f"The app's client metadata document at {client_id} could not be read "
                    f"({error}); the app must publish it there."
                ) from None
        return _document_client(client_id, body)


async def _refuse_private_addresses(client_id: str) -> None:
    """A public name that resolves to a private address (a name pointed at the bridge's own
    network) is refused before any request is sent."""
    parts = urllib.parse.urlsplit(client_id)
    try:
        found = await asyncio.to_thread(
            socket.getaddrinfo, parts.hostname, parts.port or 443, type=socket.SOCK_STREAM
        )
    except OSError as error:
        raise AuthorizationRefused(
            f"The app's host {parts.hostname} cannot be resolved ({error})."
        ) from None
    if not all(ipaddress.ip_address(str(entry[4][0]).split("%")[0]).is_global for entry in found):
        raise AuthorizationRefused(
            f"The app's host {parts.hostname} resolves to a non-public address."
        )


async def _limited_get(http: httpx2.AsyncClient, url: str) -> bytes:
    async with http.stream("GET", url, headers={"Accept": "application/json"}) as response:
        if response.status_code != 200:
            raise ValueError(f"HTTP {response.status_code}")
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > DOCUMENT_BYTES:
                raise ValueError(f"larger than {DOCUMENT_BYTES} bytes")
            chunks.append(chunk)
    return b"".join(chunks)


def _document_client(client_id: str, body: bytes) -> Client:
    try:
        document = json.loads(body)
    except ValueError:
        raise AuthorizationRefused(f"The document at {client_id} is not JSON.") from None
    if not isinstance(document, dict) or document.get("client_id") != client_id:
        raise AuthorizationRefused(
            f"The document at {client_id} does not name itself as client_id."
        )
    if document.get("token_endpoint_auth_method", PUBLIC_CLIENT) != PUBLIC_CLIENT:
        raise AuthorizationRefused(
            "This bridge serves public clients only (token_endpoint_auth_method 'none')."
        )
    uris = document.get("redirect_uris")
    if not _uri_list(uris):
        raise AuthorizationRefused(f"The document at {client_id} lists no usable redirect_uris.")
    name = document.get("client_name")
    if not isinstance(name, str) or not name.strip():
        name = urllib.parse.urlsplit(client_id).hostname or client_id
    return Client(client_id, name.strip()[:NAME_CHARS], tuple(uris))


def _registration(metadata: Mapping[str, Any], allowlist: tuple[str, ...]) -> Client:
    uris = metadata.get("redirect_uris")
    if not _uri_list(uris):
        raise RegistrationRefused(
            "invalid_redirect_uri", "redirect_uris must list 1 to 10 absolute callback URLs."
        )
    refused = [uri for uri in uris if not allowed(allowlist, uri)]
    if refused:
        raise RegistrationRefused(
            "invalid_redirect_uri",
            f"{refused[0]} is not in this bridge's redirect_uris allowlist; the owner adds it "
            "to [oauth] redirect_uris in memoire.toml.",
        )
    grants = metadata.get("grant_types", ["authorization_code"])
    if not isinstance(grants, list) or not set(grants) <= {"authorization_code", "refresh_token"}:
        raise RegistrationRefused(
            "invalid_client_metadata", "grant_types may be authorization_code and refresh_token."
        )
    name = metadata.get("client_name")
    if name is not None and (not isinstance(name, str) or len(name) > NAME_CHARS):
        raise RegistrationRefused(
            "invalid_client_metadata", f"client_name must be text of at most {NAME_CHARS} chars."
        )
    return Client("", (name or "").strip() or "unnamed app", tuple(uris))


def _uri_list(uris: object) -> TypeGuard[list[str]]:
    return (
        isinstance(uris, list)
        and 1 <= len(uris) <= MAX_REDIRECT_URIS
        and all(isinstance(uri, str) and usable(uri) for uri in uris)
    )


def _make_room(db: sqlite3.Connection, limit: int) -> bool:
    """Under the limit, or made so by forgetting the oldest registration never approved."""
    count = int(db.execute("SELECT count(*) FROM oauth_registrations").fetchone()[0])
    if count < limit:
        return True
    unused = db.execute(
        "SELECT client_id FROM oauth_registrations WHERE client_id NOT IN "
        "(SELECT client_id FROM oauth_grants) ORDER BY created LIMIT 1"
    ).fetchone()
    if unused is None:
        return False
    db.execute("DELETE FROM oauth_registrations WHERE client_id = ?", unused)
    return True


def _public_host(host: str) -> bool:
    if not host or host == "localhost" or host.endswith((".localhost", ".local", ".internal")):
        return False
    try:
        return ipaddress.ip_address(host).is_global
    except ValueError:
        return "." in host
