"""The JSON API at /api/v1, for Home Assistant and scripts: the same service, tokens and rights.

Every answer is what the memory service returns for the token's client, as JSON. A note
the client may not see answers 404 exactly like a missing one. The API only reads: a
change (restoring a note's past version included) goes through the MCP tools. The events stream says
which note changed and how (created, updated, deleted), never what it holds, and never
names a note the client cannot see; each token may hold a few streams at once.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core.errors import MemoireError
from ..history import DEFAULT_LIMIT, MAX_LIMIT
from ..results import IndexQuery
from ..service import MemoryService
from ..wire import EVENT_STREAM_TYPE, LAST_EVENT_ID_HEADER
from .caller import CALLER_KEY, Caller
from .events import ChangeWatcher, HeldStream, changes, with_heartbeats
from .quotas import Quota, token_of

MAX_SEARCH_LIMIT = 50
"""As for the memoire_search tool."""
_COMMIT = re.compile(r"[0-9a-f]{40}")
_STATUS = {
    "not_found": 404,
    "no_memory": 503,
    "forbidden": 403,
    "low_disk_space": 507,
    "busy": 503,
    "outcome_unknown": 503,
}


def build_api(
    service: MemoryService,
    still_authorized: Callable[[Request], bool],
    heartbeat_seconds: float,
    watcher: ChangeWatcher,
    streams: Quota,
) -> Starlette:
    """`still_authorized` is asked again whenever the watcher wakes a stream: a revoke ends
    it. `streams` counts each token's open event streams."""

    async def call(request: Request, operation: Callable[[str], Any]) -> Response:
        caller = request.scope[CALLER_KEY]
        assert isinstance(caller, Caller)
        try:
            result = await run_in_threadpool(operation, caller.client)
        except MemoireError as error:
            status = _STATUS.get(error.code, 400)
            return JSONResponse({"error": error.code, "message": error.message}, status)
        return JSONResponse(dataclasses.asdict(result))

    async def whoami(request: Request) -> Response:
        caller = request.scope[CALLER_KEY]
        rights = service.rights(caller.client)
        return JSONResponse({"client": caller.client, "rights": dataclasses.asdict(rights)})

    async def index(request: Request) -> Response:
        params = request.query_params
        query = IndexQuery(
            folder=params.get("folder"),
            since=params.get("since"),
            until=params.get("until"),
            cursor=params.get("cursor"),
        )
        return await call(request, lambda client: service.overview(client, query=query))

    async def note(request: Request) -> Response:
        path = request.path_params["path"]
        return await call(request, lambda client: service.read(client, path))

    async def search(request: Request) -> Response:
        query = request.query_params.get("q", "")
        limit = _limit(request.query_params.get("limit", "10"), MAX_SEARCH_LIMIT)
        if limit is None:
            return _bad_limit(MAX_SEARCH_LIMIT)
        return await call(request, lambda client: service.search(client, query, limit))

    async def history(request: Request) -> Response:
        path = request.path_params["path"]
        limit = _limit(request.query_params.get("limit", str(DEFAULT_LIMIT)), MAX_LIMIT)
        if limit is None:
            return _bad_limit(MAX_LIMIT)
        return await call(request, lambda client: service.history(client, path, limit))

    async def preferences(request: Request) -> Response:
        return await call(request, service.preferences)

    async def start_of_events(client: str) -> str | None:
        """The rights check that opens a stream (MemoireError if refused) and its start commit."""
        return await run_in_threadpool(service.open_events, client)

    async def events(request: Request) -> Response:
        caller = request.scope[CALLER_KEY]
        token = token_of(request.scope)
        if not streams.take(token):
            return _too_many_streams(streams.per_token)
        try:
            head = await start_of_events(caller.client)
        except MemoireError as error:
            streams.give_back(token)
            return JSONResponse({"error": error.code, "message": error.message}, 403)
        since: str | None = request.headers.get(LAST_EVENT_ID_HEADER, "")
        if not _COMMIT.fullmatch(since or ""):
            since = head
        authorized = functools.partial(still_authorized, request)
        stream = changes(service, watcher, caller.client, since, authorized)
        return HeldStream(
            with_heartbeats(stream, heartbeat_seconds),
            release=lambda: streams.give_back(token),
            media_type=EVENT_STREAM_TYPE,
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    return Starlette(
        routes=[
            Route("/whoami", whoami),
            Route("/index", index),
            Route("/notes/{path:path}", note),
            Route("/search", search),
            Route("/history/{path:path}", history),
            Route("/preferences", preferences),
            Route("/events", events),
        ]
    )


def _limit(text: str, most: int) -> int | None:
    """The limit a client asked for, if it is a sensible one (digits only: no sign, no 1e9)."""
    if not text.isascii() or not text.isdigit() or len(text) > 3:
        return None
    limit = int(text)
    return limit if 1 <= limit <= most else None


def _bad_limit(most: int) -> Response:
    message = f"limit must be a whole number from 1 to {most}"
    return JSONResponse({"error": "invalid_argument", "message": message}, 400)


def _too_many_streams(per_token: int) -> Response:
    message = (
        f"This token already has {per_token} event streams open. Close one before opening "
        "another; one stream per client is enough, and Last-Event-ID resumes it."
    )
    return JSONResponse({"error": "too_many_streams", "message": message}, 429)
