"""The HTTP bridge: MCP over streamable HTTP at /mcp, behind one guard.

The guard runs before anything else sees a request: a browser page on another origin
is refused (so a web page cannot drive the bridge through the user's browser), each
source address and each token has a rate, bodies have a size limit, and the bearer
token decides which client of the access table the request speaks for.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.routing import Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..config import ServerSettings
from ..service import MemoryService
from ..storage.tokens import TokenStore
from .api import build_api
from .mcp import CALLER_KEY, Caller, build_server
from .ratelimit import RateLimiter

logger = logging.getLogger(__name__)
WORKSPACE_HEADER = "x-memoire-workspace"


def build_app(service: MemoryService, tokens: TokenStore, settings: ServerSettings) -> ASGIApp:
    server = build_server(service)
    mcp_app = server.streamable_http_app(
        streamable_http_path="/mcp",
        host=settings.host,
        max_request_body_size=settings.max_request_kb * 1024,
        transport_security=_host_checks(settings),
    )

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with server.session_manager.run():
            yield

    def still_authorized(request: Request) -> bool:
        caller = request.scope[CALLER_KEY]
        token = _bearer(request.headers.get("authorization", ""))
        return token is not None and tokens.client_for(token) == caller.client

    api = build_api(service, still_authorized, settings.heartbeat_seconds)
    routes = [Mount("/api/v1", app=api), Mount("/", app=mcp_app)]
    return Guard(Starlette(routes=routes, lifespan=lifespan), tokens, settings)


def _host_checks(settings: ServerSettings) -> TransportSecuritySettings:
    """On loopback, refuse Host names a DNS-rebinding page would send (Origin: the guard)."""
    loopback = is_loopback(settings.host)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=loopback,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=list(settings.allowed_origins),
    )


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Guard:
    """Origin, rates, size and identity, checked in that order on every HTTP request."""

    def __init__(self, app: ASGIApp, tokens: TokenStore, settings: ServerSettings) -> None:
        self._app = app
        self._tokens = tokens
        self._allowed_origins = frozenset(settings.allowed_origins)
        self._max_body = settings.max_request_kb * 1024
        self._per_address = RateLimiter(settings.requests_per_minute_per_address)
        self._per_client = RateLimiter(settings.requests_per_minute)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        headers = {
            key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]
        }
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await refusal(send)
            return
        await self._app(scope, _limited(receive, self._max_body), send)

    def _refusal(
        self, scope: MutableMapping[str, Any], headers: dict[str, str]
    ) -> Callable[[Send], Awaitable[None]] | None:
        origin = headers.get("origin")
        if origin is not None and origin not in self._allowed_origins:
            return _answer(403, f"Origin {origin} is not allowed to use this bridge.")
        address = (scope.get("client") or ("unknown", 0))[0]
        wait = self._per_address.retry_after(f"address:{address}")
        if wait is not None:
            return _answer(429, "Too many requests from this address; slow down.", retry=wait)
        client = self._client(headers.get("authorization", ""))
        if client is None:
            return _answer(
                401,
                "A valid bearer token is required. Issue one with: memoire token add <client>",
                extra=[(b"www-authenticate", b'Bearer realm="memoire"')],
            )
        wait = self._per_client.retry_after(f"client:{client}")
        if wait is not None:
            return _answer(429, "Too many requests for this token; slow down.", retry=wait)
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > self._max_body:
            return _answer(413, f"Request bodies are limited to {self._max_body} bytes.")
        scope[CALLER_KEY] = Caller(
            client=client,
            workspace=headers.get(WORKSPACE_HEADER),
            session=_session_key(headers.get("mcp-session-id")),
            local=is_loopback(address),
        )
        return None

    def _client(self, authorization: str) -> str | None:
        token = _bearer(authorization)
        return None if token is None else self._tokens.client_for(token)


def _bearer(authorization: str) -> str | None:
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _session_key(session_id: str | None) -> str | None:
    if not session_id:
        return None
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()[:12]


def _limited(receive: Receive, limit: int) -> Receive:
    """Stops a body that grows past the limit even when no Content-Length announced it."""
    received = 0

    async def limited_receive() -> Message:
        nonlocal received
        message = await receive()
        if message["type"] == "http.request":
            received += len(message.get("body", b""))
            if received > limit:
                raise ValueError(f"request body over {limit} bytes")
        return message

    return limited_receive


def _answer(
    status: int,
    message: str,
    *,
    retry: int | None = None,
    extra: list[tuple[bytes, bytes]] | None = None,
) -> Callable[[Send], Awaitable[None]]:
    body = json.dumps({"error": message}).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry is not None:
        headers.append((b"retry-after", str(retry).encode()))
    headers += extra or []

    async def respond(send: Send) -> None:
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return respond
