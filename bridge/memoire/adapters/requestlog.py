"""What `memoire serve` says while it runs: one line per request, refusals marked as such.

A request line names the client, the tool (or the endpoint), the status and how long the
answer took. A refused request names the source address and why: no token or an unknown
token (refused authentication), or rights the access table does not give the client (a
403 from the API, a tool call the client may not make). Lines never carry what was read
or written, a token, a query string or a path a client typed: the endpoint is named by
its route, and a tool only when it is one of memoire's. Requests log at info and refusals
at warning, so `--log-level warning` keeps the refusals and drops the rest.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import MutableMapping
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..auth.paths import PUBLIC_PATHS
from ..wire import API_PREFIX
from .caller import CALLER_KEY, REFUSAL_KEY, TOOL_KEY, Caller

logger = logging.getLogger("memoire.requests")
FORBIDDEN = 403
"""What the API answers a client whose rights do not allow the request."""
_ROUTES = frozenset(
    {"/mcp"}
    | {f"{API_PREFIX}/{name}" for name in ("whoami", "index", "search", "preferences", "events")}
)
_NOTE_ROUTE = f"{API_PREFIX}/notes/"
_HISTORY_ROUTE = f"{API_PREFIX}/history/"
_METHODS = frozenset({"GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS"})
_MCP_SDK = "mcp"
"""The MCP SDK logs session ids at info and whole messages at debug: only its warnings show."""


def configure_logging(level: str) -> None:
    """Everything the bridge and its libraries log, on stderr, at `level` and above."""
    numeric = logging.getLevelNamesMapping()[level.upper()]
    logging.basicConfig(
        level=numeric,
        format="%(asctime)s %(levelname)s %(message)s",
        datefmt="%Y-%m-%dT%H:%M:%S",
        stream=sys.stderr,
        force=True,
    )
    logging.getLogger(_MCP_SDK).setLevel(max(numeric, logging.WARNING))


class RequestLog:
    """The outermost layer: times each request and logs it once its answer is complete."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        endpoint = endpoint_of(scope)  # before the app: routing rewrites the scope's path
        started = time.monotonic()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self._app(scope, receive, sending)
        finally:
            _log(scope, endpoint, status, time.monotonic() - started)


def endpoint_of(scope: MutableMapping[str, Any]) -> str:
    """The method and the route, never what the client put in the path or the query."""
    method = str(scope.get("method", ""))
    method = method if method in _METHODS else "OTHER"
    path = str(scope.get("path", ""))
    if path in _ROUTES or path in PUBLIC_PATHS:
        route = path
    elif path.startswith(_NOTE_ROUTE):
        route = _NOTE_ROUTE + "{path}"
    elif path.startswith(_HISTORY_ROUTE):
        route = _HISTORY_ROUTE + "{path}"
    else:
        route = "(other path)"
    return f"{method} {route}"


def _log(scope: MutableMapping[str, Any], endpoint: str, status: int, seconds: float) -> None:
    milliseconds = round(seconds * 1000)
    address = str((scope.get("client") or ("unknown", 0))[0])
    refusal = scope.get(REFUSAL_KEY)
    caller = scope.get(CALLER_KEY)
    if not isinstance(caller, Caller):
        if refusal is not None:
            logger.warning(
                "refused authentication from=%s reason=%s endpoint=%r status=%d",
                address,
                refusal,
                endpoint,
                status,
            )
        else:  # refused before identity was asked: a repeated header, a foreign origin
            logger.info("request client=- endpoint=%r status=%d", endpoint, status)
        return
    tool = scope.get(TOOL_KEY)
    what = f"tool={tool}" if isinstance(tool, str) else f"endpoint={endpoint!r}"
    if refusal is not None or status == FORBIDDEN:
        logger.warning(
            "refused access from=%s reason=rights client=%s %s status=%d",
            address,
            caller.client,
            what,
            status,
        )
        return
    logger.info(
        "request client=%s %s status=%d duration_ms=%d", caller.client, what, status, milliseconds
    )
