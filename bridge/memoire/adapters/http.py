"""The HTTP bridge: MCP over streamable HTTP at /mcp, behind one guard.

The guard runs before anything else sees a request: a browser page on another origin
is refused (so a web page cannot drive the bridge through the user's browser), and so is
a header that must come once and comes twice; the bearer token decides which client of
the access table the request speaks for, and bodies have a size limit. With OAuth on, an
access token speaks for its approved row, on `/mcp` only, and the OAuth endpoints answer
without a token, rated per source address. Failed
authentications are rated per source address and successful requests per token, so a
token-less local process cannot slow down the clients that share its address.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..addresses import is_loopback
from ..auth.paths import is_public
from ..auth.settings import MCP_PATH
from ..config import ServerSettings
from ..core.errors import LowDiskSpace, UnusableStateFile
from ..service import MemoryService
from ..storage.tokens import TokenStore
from ..wire import API_PREFIX, LAST_EVENT_ID_HEADER
from .api import build_api
from .caller import CALLER_KEY, REFUSAL_KEY, Caller
from .events import ChangeWatcher
from .mcp_mount import LoadedMcp, McpMount
from .quotas import TOKEN_KEY, Quota, token_digest
from .ratelimit import RateLimiter
from .requestlog import RequestLog
from .sessions import SessionQuota

if TYPE_CHECKING:
    from mcp.server.transport_security import TransportSecuritySettings

    from ..auth.server import OAuthServer

logger = logging.getLogger(__name__)

BODY_SECONDS = 10.0
"""How long a request's body may take once its head has come. A body trickled a byte at a
time held its connection for good, so one client could fill the connection cap; now each
is held BODY_SECONDS at most, and the per-token rate bounds how many one client holds."""
_TOO_SLOW = "The request body came too slowly; send it whole, at once."
WORKSPACE_HEADER = "x-memoire-workspace"
SINGLE_HEADERS = frozenset(
    {"authorization", "origin", WORKSPACE_HEADER, "mcp-session-id", "host"}
    | {LAST_EVENT_ID_HEADER.lower()}
)
"""Headers that mean one thing: sent twice, the guard and the app could read different ones."""


def build_app(
    service: MemoryService,
    tokens: TokenStore,
    settings: ServerSettings,
    oauth: OAuthServer | None = None,
) -> ASGIApp:
    """The bridge's HTTP app. Its MCP side is built in the background once the app runs
    (`mcp_mount`): the JSON API answers before the MCP SDK has loaded."""
    mcp_side = McpMount(lambda: _mcp_app(service, settings))
    sessions = SessionQuota(
        mcp_side, settings.mcp_sessions_per_token, settings.session_idle_seconds
    )

    watcher = ChangeWatcher(
        lambda: (service.head(), tuple(record.id for record in tokens.records()))
    )

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with mcp_side.running(), watcher.running():
            yield

    def still_authorized(request: Request) -> bool:
        caller = request.scope[CALLER_KEY]
        token = _bearer(request.headers.get("authorization", ""))
        return token is not None and tokens.client_for(token) == caller.client

    streams = Quota(settings.event_streams_per_token)
    api = build_api(service, still_authorized, settings.heartbeat_seconds, watcher, streams)
    routes: list[BaseRoute] = [*(_oauth_routes(oauth) if oauth is not None else [])]
    routes += [Mount(API_PREFIX, app=api), Mount("/", app=sessions)]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={LowDiskSpace: _disk_full})
    return RequestLog(Guard(app, tokens, settings, oauth))


async def _disk_full(_: Request, error: Exception) -> Response:
    """A sign-in (OAuth, owner pages) that met a full disk: nothing was saved, so the app may
    simply try again. The log names the file; the caller, who may be anyone, is not told."""
    logger.warning("%s", error)
    body = {
        "error": "temporarily_unavailable",
        "error_description": "The bridge cannot save this now; try again later.",
    }
    return JSONResponse(body, 503, headers={"Retry-After": "60", "Cache-Control": "no-store"})


def _mcp_app(service: MemoryService, settings: ServerSettings) -> LoadedMcp:
    """The MCP server over streamable HTTP at /mcp: what imports the MCP SDK."""
    from .mcp import build_server

    server = build_server(service)
    app = server.streamable_http_app(
        streamable_http_path="/mcp",
        host=settings.host,
        max_request_body_size=settings.max_request_kb * 1024,
        transport_security=_host_checks(settings),
        session_idle_timeout=settings.session_idle_seconds,
    )
    return LoadedMcp(app, server.session_manager.run)


def _oauth_routes(oauth: OAuthServer) -> list[BaseRoute]:
    """Imported only with OAuth on: its libraries take a few hundred milliseconds to load."""
    from ..auth.endpoints import oauth_routes

    return oauth_routes(oauth)


def _host_checks(settings: ServerSettings) -> TransportSecuritySettings:
    """On loopback, refuse Host names a DNS-rebinding page would send (Origin: the guard)."""
    from mcp.server.transport_security import TransportSecuritySettings

    loopback = is_loopback(settings.host)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=loopback,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=list(settings.allowed_origins),
    )


class Guard:
    """Single headers, origin, identity, rates and size, checked in that order."""

    def __init__(
        self,
        app: ASGIApp,
        tokens: TokenStore,
        settings: ServerSettings,
        oauth: OAuthServer | None = None,
    ) -> None:
        self._app = app
        self._tokens = tokens
        self._oauth = oauth
        self._public_per_address = RateLimiter(settings.requests_per_minute_per_address)
        self._allowed_origins = frozenset(settings.allowed_origins)
        self._max_body = settings.max_request_kb * 1024
        self._failures_per_address = RateLimiter(settings.requests_per_minute_per_address)
        self._per_token = RateLimiter(settings.requests_per_minute)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        refusal = self._refusal(scope, scope["headers"])
        if refusal is not None:
            await refusal(send)
            return
        try:
            async with asyncio.timeout(BODY_SECONDS):
                body = await _read_body(receive, self._max_body)
        except TimeoutError:
            await _answer(408, _TOO_SLOW, extra=[(b"connection", b"close")])(send)
            return
        if body is None:
            await self._too_large(send)
            return
        await self._app(scope, _replaying(body, receive), send)

    def _refusal(
        self, scope: MutableMapping[str, Any], raw_headers: list[tuple[bytes, bytes]]
    ) -> Callable[[Send], Awaitable[None]] | None:
        repeated = _repeated(raw_headers)
        if repeated:
            return _answer(400, f"The {repeated} header may be sent only once; send it once.")
        if self._oauth is not None and is_public(str(scope.get("path", ""))):
            return self._public(scope)
        headers = {key.decode("latin-1"): value.decode("latin-1") for key, value in raw_headers}
        origin = headers.get("origin")
        if origin is not None and origin not in self._allowed_origins:
            return _answer(403, f"Origin {origin} is not allowed to use this bridge.")
        token = _bearer(headers.get("authorization", ""))
        try:
            client, digest = self._identify(token, str(scope.get("path", "")))
        except UnusableStateFile as error:  # the owner's to fix; no path told to a caller
            logger.warning("cannot check tokens: %s", error)
            return _answer(503, "The bridge cannot check tokens now; its log says why.")
        if token is None or client is None:
            return self._unauthenticated(scope, "no token" if token is None else "unknown token")
        wait = self._per_token.retry_after(digest)
        if wait is not None:
            return _answer(429, "Too many requests for this token; slow down.", retry=wait)
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > self._max_body:
            return self._too_large
        scope[TOKEN_KEY] = digest
        scope[CALLER_KEY] = Caller(
            client=client,
            workspace=headers.get(WORKSPACE_HEADER),
            session=_session_key(headers.get("mcp-session-id")),
            local=is_loopback(_peer_address(scope)),
        )
        return None

    def _identify(self, token: str | None, path: str) -> tuple[str | None, str]:
        """The client a token speaks for, and the name its quotas count by. An OAuth access
        token counts by its authorization (it rotates, the MCP session it opened stays)."""
        if token is None:
            return None, ""
        if self._oauth is None:
            return self._tokens.client_for(token), token_digest(token)
        from ..auth.opaque import ACCESS_PREFIX  # OAuth on: loaded with its routes already

        if not token.startswith(ACCESS_PREFIX):
            return self._tokens.client_for(token), token_digest(token)
        on_mcp = path == MCP_PATH or path.startswith(MCP_PATH + "/")
        bearer = self._oauth.bearer(token) if on_mcp else None
        if bearer is None:
            return None, ""
        return bearer.grant_name, token_digest("oauth:" + bearer.family)

    def _public(self, scope: MutableMapping[str, Any]) -> Callable[[Send], Awaitable[None]] | None:
        """The OAuth endpoints: no token (they hand them out), a rate per source address."""
        wait = self._public_per_address.retry_after(_peer_address(scope))
        if wait is not None:
            return _answer(
                429, "Too many sign-in requests from this address; slow down.", retry=wait
            )
        return None

    def _unauthenticated(
        self, scope: MutableMapping[str, Any], reason: str
    ) -> Callable[[Send], Awaitable[None]]:
        """401; past the address's rate of failures, 429 without looking further."""
        scope[REFUSAL_KEY] = reason
        wait = self._failures_per_address.retry_after(_peer_address(scope))
        if wait is not None:
            return _answer(
                429, "Too many failed authentications from this address; slow down.", retry=wait
            )
        if self._oauth is None:
            challenge = 'Bearer realm="memoire"'
            advice = "Issue one with: memoire token add <client>"
        else:
            from ..auth.metadata import www_authenticate  # OAuth on: loaded by its routes

            error = None if reason == "no token" else "invalid_token"
            challenge = www_authenticate(self._oauth.settings, error)
            advice = "Sign in with OAuth, or issue a token with: memoire token add <client>"
        return _answer(
            401,
            f"A valid bearer token is required. {advice}",
            extra=[(b"www-authenticate", challenge.encode("latin-1"))],
        )

    async def _too_large(self, send: Send) -> None:
        await _answer(413, f"Request bodies are limited to {self._max_body} bytes.")(send)


def _repeated(raw_headers: list[tuple[bytes, bytes]]) -> str | None:
    counts = Counter(key.decode("latin-1").lower() for key, _ in raw_headers)
    return next((name for name in sorted(SINGLE_HEADERS) if counts[name] > 1), None)


def _peer_address(scope: MutableMapping[str, Any]) -> str:
    return str((scope.get("client") or ("unknown", 0))[0])


def _bearer(authorization: str) -> str | None:
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _session_key(session_id: str | None) -> str | None:
    if not session_id:
        return None
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()[:12]


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, read before the app runs: a chunked body that grows past the limit
    is answered 413 (None here), never half-read by the app."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)  # the client went away; the app will hear it next
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """Gives the app the body already read, then whatever the connection says next."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay


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
