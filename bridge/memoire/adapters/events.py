"""Event streams that cost nothing while nothing happens.

One watcher per app looks at the branch head and the token table a few times a second,
once for every stream together, and wakes the streams only when one of them moved; a
woken stream asks the service what changed for its client, or ends if its token was
revoked. A quiet stream is a suspended coroutine: no polling of its own, no threads.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from ..service import MemoryService
from ..wire import CHANGE_EVENT

logger = logging.getLogger(__name__)
POLL_SECONDS = 0.2


class ChangeWatcher:
    """Polls `probe` (head and token table) for all streams, only while some stream waits."""

    def __init__(self, probe: Callable[[], object], every: float = POLL_SECONDS) -> None:
        self._probe = probe
        self._every = every
        self.generation = 0
        """Grows each time the probe's answer changes; a stream remembers the one it saw."""
        self._moved = asyncio.Event()
        self._waiting = 0
        self._someone_waits = asyncio.Event()

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The one polling task, for the app's lifetime."""
        task = asyncio.create_task(self._watch())
        try:
            yield
        finally:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task

    async def after(self, generation: int) -> int:
        """Returns the new generation once it differs from `generation` (at once if it does)."""
        self._waiting += 1
        self._someone_waits.set()
        try:
            while self.generation == generation:
                await self._moved.wait()
        finally:
            self._waiting -= 1
            if not self._waiting:
                self._someone_waits.clear()
        return self.generation

    async def _watch(self) -> None:
        seen: object = None
        while True:
            await self._someone_waits.wait()
            await asyncio.sleep(self._every)
            try:
                state = await run_in_threadpool(self._probe)
            except Exception as error:  # a passing failure must not end every stream for good
                logger.warning("Could not look for new commits: %s", error)
                continue
            if state != seen:
                seen = state
                self._wake_everyone()

    def _wake_everyone(self) -> None:
        self.generation += 1
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()


async def changes(
    service: MemoryService,
    watcher: ChangeWatcher,
    client: str,
    since: str | None,
    still_authorized: Callable[[], bool],
) -> AsyncIterator[str]:
    """One SSE event per visible change; the event id is the commit, for a clean reconnect."""
    last = since
    yield "retry: 2000\n\n"
    generation = watcher.generation
    while still_authorized():
        head = await run_in_threadpool(service.head)
        if head != last:
            found = await run_in_threadpool(service.changes, client, last, head)
            for change in found:
                data = json.dumps(dataclasses.asdict(change))
                yield f"id: {change.commit}\nevent: {CHANGE_EVENT}\ndata: {data}\n\n"
            last = head
        generation = await watcher.after(generation)


async def with_heartbeats(stream: AsyncIterator[str], every: float) -> AsyncIterator[str]:
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


class HeldStream(StreamingResponse):
    """A stream that gives its slot of the token's quota back however it ends."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None], **kw: Any):
        super().__init__(content, **kw)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()
