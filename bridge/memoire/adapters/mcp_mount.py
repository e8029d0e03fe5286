"""The MCP side of `memoire serve`, built in the background while the bridge already answers.

Importing the MCP SDK takes most of a second (pydantic builds hundreds of models), and
the JSON API that Home Assistant and scripts call needs none of it. So the bridge listens
and answers its API at once, and builds its MCP server in a thread meanwhile. A request
for the MCP side that comes before it is ready waits for it, then is served as if it had
come later: it is never refused for being early.

Loading reads the SDK's files while the bridge already accepts connections: a flood of
them can take every file descriptor for a moment (the bridge then sheds the idle ones).
Running out of descriptors is waited out and the load tried again; any other failure is
logged once, and /mcp then answers 503 while the JSON API goes on serving.

No request may import the SDK while it loads: two threads importing its circular
packages at once make Python's import locks report a deadlock. So nothing the JSON API
runs imports it, and with OAuth on, whose discovery documents are built with the SDK's
models, `build_app` imports it with OAuth's routes, before the bridge serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import NamedTuple

from starlette.types import ASGIApp, Receive, Scope, Send

logger = logging.getLogger(__name__)
NOT_LOADED = "The MCP side of this bridge could not start; its log says why. The JSON API works."
FIRST_RETRY_SECONDS = 0.1
LAST_RETRY_SECONDS = 2.0
_OUT_OF_DESCRIPTORS = frozenset({errno.EMFILE, errno.ENFILE})
SDK_SETTLED = threading.Event()
"""Set when a load has ended, well or not: another thread (the stdio hand-over's) may then
import the SDK without racing this one's import."""


class LoadedMcp(NamedTuple):
    """What loading gives: the MCP app, and what runs its sessions while the bridge serves."""

    app: ASGIApp
    run: Callable[[], AbstractAsyncContextManager[None]]


class McpMount:
    """An ASGI app that forwards to the MCP app once `load` (run in a thread) has built it."""

    def __init__(self, load: Callable[[], LoadedMcp]) -> None:
        self._load = load
        self._ready = asyncio.Event()
        self._app: ASGIApp | None = None

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Loads in the background, then runs the MCP sessions until the bridge stops."""
        task = asyncio.create_task(self._load_and_run(), name="memoire-mcp")
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _load_and_run(self) -> None:
        try:
            loaded = await self._load_waiting_out_descriptors()
        except Exception:
            logger.exception("The MCP side could not start; /mcp answers 503")
            self._ready.set()
            return
        finally:
            SDK_SETTLED.set()
        async with loaded.run():
            self._app = loaded.app
            self._ready.set()
            await asyncio.Event().wait()  # until the bridge stops and cancels this task

    async def _load_waiting_out_descriptors(self) -> LoadedMcp:
        delay = FIRST_RETRY_SECONDS
        while True:
            try:
                return await asyncio.to_thread(self._load)
            except OSError as error:
                if error.errno not in _OUT_OF_DESCRIPTORS:
                    raise
                logger.warning("Out of descriptors loading the MCP side (%s); trying again", error)
            await asyncio.sleep(delay)
            delay = min(2 * delay, LAST_RETRY_SECONDS)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._ready.wait()
        if self._app is None:
            await _unavailable(send)
            return
        await self._app(scope, receive, send)


async def _unavailable(send: Send) -> None:
    body = json.dumps({"error": NOT_LOADED}).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})
