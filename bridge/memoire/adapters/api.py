"""The JSON API at /api/v1, for Home Assistant and scripts: the same service, tokens and rights.

Every answer is what the memory service returns for the token's client, as JSON. A note
the client may not see answers 404 exactly like a missing one. The events stream says
which note changed and how (created, updated, deleted), never what it holds, and never
names a note the client cannot see.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..core.errors import MemoireError
from ..service import MemoryService
from .mcp import CALLER_KEY, Caller

POLL_SECONDS = 0.2
MAX_SEARCH_LIMIT = 50
"""As for the memoire_search tool."""
_COMMIT = re.compile(r"[0-9a-f]{40}")
_STATUS = {
    "not_found": 404,
    "no_memory": 503,
    "forbidden": 403,
    "low_disk_space": 507,
    "busy": 503,
}


def build_api(
    service: MemoryService, still_authorized: Callable[[Request], bool], heartbeat_seconds: float
) -> Starlette:
    """`still_authorized` is asked again during a long events stream: a revoke ends it."""

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
        return await call(request, service.overview)

    async def note(request: Request) -> Response:
        path = request.path_params["path"]
        return await call(request, lambda client: service.read(client, path))

    async def search(request: Request) -> Response:
        query = request.query_params.get("q", "")
        limit = _search_limit(request.query_params.get("limit", "10"))
        if limit is None:
            message = f"limit must be a whole number from 1 to {MAX_SEARCH_LIMIT}"
            return JSONResponse({"error": "invalid_argument", "message": message}, 400)
        return await call(request, lambda client: service.search(client, query, limit))

    async def preferences(request: Request) -> Response:
        return await call(request, service.preferences)

    async def events(request: Request) -> Response:
        caller = request.scope[CALLER_KEY]
        try:
            await run_in_threadpool(service.index, caller.client)
        except MemoireError as error:
            return JSONResponse({"error": error.code, "message": error.message}, 403)
        since: str | None = request.headers.get("last-event-id", "")
        if not _COMMIT.fullmatch(since or ""):
            since = await run_in_threadpool(service.head)
        stream = _changes(service, request, caller.client, since, still_authorized)
        return StreamingResponse(
            _with_heartbeats(stream, heartbeat_seconds),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    return Starlette(
        routes=[
            Route("/whoami", whoami),
            Route("/index", index),
            Route("/notes/{path:path}", note),
            Route("/search", search),
            Route("/preferences", preferences),
            Route("/events", events),
        ]
    )


def _search_limit(text: str) -> int | None:
    """The limit a client asked for, if it is a sensible one (digits only: no sign, no 1e9)."""
    if not text.isascii() or not text.isdigit() or len(text) > 3:
        return None
    limit = int(text)
    return limit if 1 <= limit <= MAX_SEARCH_LIMIT else None


async def _changes(
    service: MemoryService,
    request: Request,
    client: str,
    since: str | None,
    still_authorized: Callable[[Request], bool],
) -> AsyncIterator[str]:
    """One SSE event per visible change; the event id is the commit, for a clean reconnect."""
    last = since
    yield "retry: 2000\n\n"
    while not await request.is_disconnected() and still_authorized(request):
        head = await run_in_threadpool(service.head)
        if head != last:
            changes = await run_in_threadpool(service.changes, client, last, head)
            for change in changes:
                data = json.dumps(dataclasses.asdict(change))
                yield f"id: {change.commit}\nevent: change\ndata: {data}\n\n"
            last = head
        await asyncio.sleep(POLL_SECONDS)


async def _with_heartbeats(stream: AsyncIterator[str], every: float) -> AsyncIterator[str]:
    """Comment lines keep proxies and the client's read timeout from closing a quiet stream."""
    pending = asyncio.ensure_future(anext(stream))
    try:
        while True:
            done, _ = await asyncio.wait({pending}, timeout=every)
            if not done:
                yield ": heartbeat\n\n"
                continue
            try:
                yield pending.result()
            except StopAsyncIteration:
                return
            pending = asyncio.ensure_future(anext(stream))
    finally:
        pending.cancel()
