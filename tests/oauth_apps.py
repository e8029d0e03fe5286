"""Apps that sign in to a bridge with OAuth, for the tests: their metadata documents (served
on loopback), PKCE pairs, and the authorize → approve → token steps a real app takes."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx2

from memoire.auth.database import AuthDatabase
from memoire.auth.server import OAuthServer
from memoire.config import load_config

from .conftest import write_config
from .oauth_owner import approve, register
from .test_http_guard import INITIALIZE

CALLBACK = "https://app.example/callback"
LOOPBACK_CALLBACK = "http://127.0.0.1:*/callback"


@dataclass(frozen=True)
class App:
    client_id: str
    redirect_uri: str = CALLBACK


@dataclass(frozen=True)
class Pkce:
    verifier: str
    challenge: str


def pkce() -> Pkce:
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return Pkce(verifier, base64.urlsafe_b64encode(digest).decode("ascii").rstrip("="))


class _Documents(BaseHTTPRequestHandler):
    documents: dict[str, bytes]

    def do_GET(self) -> None:
        body = self.documents.get(self.path)
        self.send_response(200 if body is not None else 404)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body or b"{}")

    def log_message(self, *_: object) -> None:
        """Quiet: the test output is for the test."""


class MetadataHost:
    """Client ID metadata documents, served over http on 127.0.0.1 (the bridge accepts that
    only with `test_only_loopback_client_ids = true`)."""

    def __init__(self, server: ThreadingHTTPServer, documents: dict[str, bytes]) -> None:
        self._server = server
        self._documents = documents

    def publish(self, name: str, redirect_uris: list[str] | None = None, **fields: Any) -> App:
        url = f"http://127.0.0.1:{self._server.server_address[1]}/{name}.json"
        document = {
            "client_id": url,
            "client_name": name.replace("-", " ").title(),
            "redirect_uris": redirect_uris or [CALLBACK],
            **fields,
        }
        self.put(f"/{name}.json", json.dumps(document).encode())
        return App(url, (redirect_uris or [CALLBACK])[0])

    def put(self, path: str, body: bytes) -> str:
        self._documents[path] = body
        return f"http://127.0.0.1:{self._server.server_address[1]}{path}"


@contextmanager
def metadata_host() -> Iterator[MetadataHost]:
    documents: dict[str, bytes] = {}
    handler = type("Documents", (_Documents,), {"documents": documents})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield MetadataHost(server, documents)
    finally:
        server.shutdown()
        server.server_close()


def oauth_config(
    directory: Path,
    repository: Path,
    port: int,
    *,
    redirect_uris: tuple[str, ...] = (CALLBACK, LOOPBACK_CALLBACK),
    extra: str = "",
) -> Path:
    """memoire.toml with [oauth] on for a bridge that will listen on `port`."""
    uris = ", ".join(json.dumps(uri) for uri in redirect_uris)
    section = (
        f'[oauth]\npublic_url = "http://127.0.0.1:{port}"\nredirect_uris = [{uris}]\n'
        f"test_only_loopback_client_ids = true\n{extra}"
    )
    return write_config(directory, repository, extra=section)


@contextmanager
def owner_of(config: Path) -> Iterator[OAuthServer]:
    """The bridge's authorization server as the owner's page reaches it (its own database
    connection), registered for `oauth_owner.approve`."""
    settings = load_config(config)
    assert settings.oauth is not None
    database = AuthDatabase(settings.memory.auth_database)
    server = OAuthServer(database, settings.oauth, settings.access.clients())
    register(settings.oauth.public_url, database)
    try:
        yield server
    finally:
        database.close()


def authorize_query(
    app: App, pair: Pkce, bridge_url: str, state: str = "the-state", **overrides: str | None
) -> dict[str, str]:
    query: dict[str, str | None] = {
        "response_type": "code",
        "client_id": app.client_id,
        "redirect_uri": app.redirect_uri,
        "code_challenge": pair.challenge,
        "code_challenge_method": "S256",
        "state": state,
        "resource": f"{bridge_url}/mcp",
        **overrides,
    }
    return {key: value for key, value in query.items() if value is not None}


def start(http: httpx2.Client, bridge_url: str, query: dict[str, str]) -> httpx2.Response:
    return http.get(f"{bridge_url}/authorize", params=query, follow_redirects=False)


def redirect_parameters(url: str) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))


def code_for(
    http: httpx2.Client, bridge_url: str, app: App, pair: Pkce, preset: str = "full"
) -> str:
    """authorize, then the owner approves: the code the app's callback receives."""
    answer = start(http, bridge_url, authorize_query(app, pair, bridge_url))
    assert answer.status_code == 302, answer.text
    back = approve(http, answer.headers["location"], preset)
    parameters = redirect_parameters(back)
    assert parameters["state"] == "the-state"
    assert parameters["iss"] == bridge_url
    return parameters["code"]


def exchange(
    http: httpx2.Client, bridge_url: str, app: App, code: str, verifier: str, **extra: str
) -> httpx2.Response:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": app.redirect_uri,
        "client_id": app.client_id,
        "code_verifier": verifier,
        "resource": f"{bridge_url}/mcp",
        **extra,
    }
    return http.post(f"{bridge_url}/token", data=form)


def refresh(http: httpx2.Client, bridge_url: str, app: App, refresh_token: str) -> httpx2.Response:
    form = {
        "grant_type": "refresh_token",
        "refresh_token": refresh_token,
        "client_id": app.client_id,
    }
    return http.post(f"{bridge_url}/token", data=form)


def sign_in(http: httpx2.Client, bridge_url: str, app: App, preset: str = "full") -> dict[str, Any]:
    """The whole flow; the token response."""
    pair = pkce()
    answer = exchange(
        http, bridge_url, app, code_for(http, bridge_url, app, pair, preset), pair.verifier
    )
    assert answer.status_code == 200, answer.text
    tokens: dict[str, Any] = answer.json()
    return tokens


def mcp_status(http: httpx2.Client, bridge_url: str, access_token: str) -> int:
    """What /mcp answers this token for an initialize request (200: let in); a session it
    opens is closed again, so probing never fills the family's session quota."""
    headers = {
        "Authorization": f"Bearer {access_token}",
        "Accept": "application/json, text/event-stream",
    }
    answer = http.post(f"{bridge_url}/mcp", json=INITIALIZE, headers=headers)
    session = answer.headers.get("mcp-session-id")
    if session:
        http.delete(f"{bridge_url}/mcp", headers={**headers, "Mcp-Session-Id": session})
    return answer.status_code
