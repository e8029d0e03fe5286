"""MCP sessions per token: a few each, each tied to its token, and an unused one ends.

The MCP SDK keeps every session until the client deletes it or it idles out, up to a
global cap; one token opening sessions in a loop would lock every other client out. In
front of the SDK, each token may hold `per_token` sessions; one more is refused with 429
until one is deleted or has had no request in flight for `idle_seconds` (the SDK is given
the same idle timeout, so it ends and frees the session at the same time). A session is
only usable with the token that opened it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .quotas import token_of

SESSION_HEADER = b"mcp-session-id"


@dataclass(slots=True)
class _Session:
    token: str
    idle_since: float
    in_flight: int = 0


class SessionQuota:
    """ASGI middleware around the SDK's streamable HTTP app."""

    def __init__(
        self,
        app: ASGIApp,
        per_token: int,
        idle_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._app = app
        self._per_token = per_token
        self._idle_seconds = idle_seconds
        self._clock = clock
        self._sessions: dict[str, _Session] = {}
        self._opening: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        session_id = _header(scope, SESSION_HEADER)
        if session_id is not None:
            await self._use(session_id, scope, receive, send)
        elif scope["method"] == "POST":
            await self._open(scope, receive, send)
        else:
            await self._app(scope, receive, send)

    async def _open(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A request without a session may open one: counted from its start, against the cap."""
        token = token_of(scope)
        self._expire_idle()
        held = sum(session.token == token for session in self._sessions.values())
        if held + self._opening[token] >= self._per_token:
            await self._too_many(scope, receive, send)
            return
        self._opening[token] += 1
        opened: _Session | None = None

        async def register(message: Message) -> None:
            nonlocal opened
            session_id = _opened_session(message)
            if session_id is not None and opened is None:
                opened = self._sessions[session_id] = _Session(token, self._clock(), 1)
                self._opening[token] -= 1
            await send(message)

        try:
            await self._app(scope, receive, register)
        finally:
            if opened is None:
                self._opening[token] -= 1
            else:
                self._done(opened)
            if not self._opening[token]:
                del self._opening[token]

    async def _use(self, session_id: str, scope: Scope, receive: Receive, send: Send) -> None:
        session = self._sessions.get(session_id)
        if session is None or session.token != token_of(scope):
            await _not_found(scope, receive, send)
            return
        session.in_flight += 1
        status = 0

        async def watch(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self._app(scope, receive, watch)
        finally:
            self._done(session)
            ended = scope["method"] == "DELETE" and status < 400
            if ended or status == 404:
                self._sessions.pop(session_id, None)

    def _done(self, session: _Session) -> None:
        session.in_flight -= 1
        session.idle_since = self._clock()

    def _expire_idle(self) -> None:
        """Forgets sessions the SDK has ended for idleness (the same timeout, counted earlier)."""
        deadline = self._clock() - self._idle_seconds
        for session_id, session in list(self._sessions.items()):
            if not session.in_flight and session.idle_since < deadline:
                del self._sessions[session_id]

    async def _too_many(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = (
            f"This token already has {self._per_token} MCP sessions open. End one (HTTP DELETE "
            f"/mcp with its Mcp-Session-Id) or wait: a session unused for "
            f"{self._idle_seconds:g} seconds ends by itself."
        )
        await JSONResponse({"error": message}, 429)(scope, receive, send)


async def _not_found(scope: Scope, receive: Receive, send: Send) -> None:
    message = "Session not found (ended, expired or not this token's); initialize a new one."
    await JSONResponse({"error": message}, 404)(scope, receive, send)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def _opened_session(message: Message) -> str | None:
    """The session id a successful response hands out, if this is its start."""
    if message["type"] != "http.response.start" or message["status"] >= 400:
        return None
    for key, value in message.get("headers", []):
        if bytes(key).lower() == SESSION_HEADER:
            return bytes(value).decode("latin-1")
    return None
