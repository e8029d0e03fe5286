"""Connections: how many the bridge holds at once, and which it drops when a flood comes.

Every open connection costs a file descriptor, and the bridge needs descriptors for its
own work too (Git processes, the search index, the audit log). A local process that opens
thousands of silent sockets must not use them all up: the soft descriptor limit is raised
to the hard one at start, connections are capped below it, and when the cap is reached
the oldest connections still waiting for a request are dropped to make room, so a client
that sends its request at once is still answered during a flood. A connection has a few
seconds to send each request's head; a silent or trickling one is closed.
"""

from __future__ import annotations

import asyncio
import logging
import math
import resource
import socket
from typing import Any, ClassVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

logger = logging.getLogger(__name__)

HEADROOM = 64
"""Descriptors kept for the bridge's own work when connections are capped by the limit."""
MIN_CONNECTIONS = 16
REQUEST_HEAD_SECONDS = 5.0
"""How long a connection may take to send a request's head (from connect, or after an answer)."""


def raise_descriptor_limit() -> int:
    """Raises the soft RLIMIT_NOFILE to the hard limit where allowed; returns the soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except ValueError, OSError:
            return soft
        return hard
    return soft


def connection_cap(configured: int, descriptors: int) -> int:
    """The configured cap, lowered so connections leave HEADROOM descriptors for the bridge."""
    return max(MIN_CONNECTIONS, min(configured, descriptors - HEADROOM))


class SheddingProtocol(H11Protocol):
    """uvicorn's h11 protocol, plus a connection cap that sheds idle connections first."""

    max_connections: ClassVar[int] = 1000
    never_asked: ClassVar[dict[SheddingProtocol, None]]
    """Connections that have not sent a request yet, oldest first (a dict keeps order)."""
    between_requests: ClassVar[dict[SheddingProtocol, None]]
    """Keep-alive connections waiting for their next request, oldest first."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self.never_asked[self] = None
        self._expect_request()
        self._shed_over_cap()

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        """uvicorn's parsing, made safe: input it cannot decode closes the connection quietly."""
        try:
            super().handle_events()
        except Exception as error:  # any client bytes uvicorn chokes on, e.g. non-ASCII paths
            logger.warning("Refused a malformed request from %s: %s", self.client, error)
            self._forget()
            self.transport.close()
            return
        if self.cycle is not None and not self.cycle.response_complete:
            self._forget()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self._between_requests():
            self.between_requests[self] = None
            self._expect_request()

    def _between_requests(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _expect_request(self) -> None:
        self._cancel_timer()
        self._request_timer = self.loop.call_later(REQUEST_HEAD_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        if self._between_requests():
            self._forget()
            self.transport.close()

    def _forget(self) -> None:
        self._cancel_timer()
        self.never_asked.pop(self, None)
        self.between_requests.pop(self, None)

    def _cancel_timer(self) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
            self._request_timer = None

    @classmethod
    def shed_half_of_the_silent(cls) -> int:
        """Closes the oldest half of the connections that never sent a request."""
        victims = list(cls.never_asked)[: (len(cls.never_asked) + 1) // 2]
        for victim in victims:
            victim._close()
        return len(victims)

    def _close(self) -> None:
        self._forget()
        self.connections.discard(self)
        self.transport.close()

    def _shed_over_cap(self) -> None:
        """Drops idle connections, oldest first; with none idle, the newcomer itself."""
        while len(self.connections) > self.max_connections:
            victim = _oldest(self.never_asked) or _oldest(self.between_requests) or self
            victim._close()
            if victim is self:
                return


def _oldest(connections: dict[SheddingProtocol, None]) -> SheddingProtocol | None:
    return next(iter(connections), None)


def protocol_capped_at(limit: int) -> type[SheddingProtocol]:
    """A protocol class of its own for one server: its cap and its idle lists."""
    return type(
        "SheddingProtocol",
        (SheddingProtocol,),
        {"max_connections": limit, "never_asked": {}, "between_requests": {}},
    )


def serve(
    app: Any, listener: socket.socket, host: str, max_connections: int, log_level: str = "info"
) -> bool:
    """Runs uvicorn with the capped protocol on a bound socket until a signal stops it; False
    if it never started (uvicorn has logged why). uvicorn logs through the bridge's own logging
    and without its access log: the bridge's request log says more and never a query string."""
    cap = connection_cap(max_connections, raise_descriptor_limit())
    protocol = protocol_capped_at(cap)
    config = uvicorn.Config(
        app,
        host=host,
        port=listener.getsockname()[1],
        http=protocol,
        log_config=None,
        log_level=log_level,
        access_log=False,
        # Event streams never end by themselves: give them two seconds, then stop anyway.
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(_OutOfDescriptors(protocol))
        await server.serve(sockets=[listener])

    asyncio.run(run(), loop_factory=config.get_loop_factory())
    return server.started


class _OutOfDescriptors:
    """asyncio's answer to running out of descriptors while accepting.

    asyncio then pauses accepting for a second, and reports the error once per connection
    it tried to accept (thousands of traceback lines). Instead: one line, and half of the
    silent connections are dropped so the next round of accepting reaches waiting clients.
    """

    def __init__(self, protocol: type[SheddingProtocol]) -> None:
        self._protocol = protocol
        self._last = -math.inf

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if not isinstance(error, OSError) or "accept" not in str(context.get("message", "")):
            loop.default_exception_handler(context)
            return
        if loop.time() - self._last < 1.0:
            return
        self._last = loop.time()
        dropped = self._protocol.shed_half_of_the_silent()
        logger.warning("Out of descriptors while accepting (%s); dropped %d silent", error, dropped)
