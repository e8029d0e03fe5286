"""The real bridge, in-process on loopback, with a recorder of every response body it sends.

The recorder sits outside the bridge's guard, so it sees exactly the bytes a client
receives, refusals included, tagged with the token that asked.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import uvicorn
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from memoire.adapters.http import build_app
from memoire.config import Config
from memoire.service import MemoryService
from memoire.storage.tokens import TokenStore

from ..bridges import free_port


@dataclass(frozen=True, slots=True)
class Recorded:
    token: str
    path: str
    body: bytes


@dataclass
class ResponseRecorder:
    """An ASGI middleware keeping every response body chunk the wrapped app sends."""

    app: ASGIApp
    records: list[Recorded] = field(default_factory=list)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        token = headers.get(b"authorization", b"").decode().removeprefix("Bearer ").strip()
        path = str(scope["path"])

        async def recording_send(message: Message) -> None:
            if message["type"] == "http.response.body":
                self.records.append(Recorded(token, path, bytes(message.get("body", b""))))
            await send(message)

        await self.app(scope, receive, recording_send)


class InProcessBridge:
    """`memoire serve`, as a uvicorn server in a thread; it can stop and start again."""

    def __init__(
        self, config: Config, service: MemoryService, tokens: TokenStore, port: int | None = None
    ) -> None:
        self.config = config
        self.service = service
        self.tokens = tokens
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.records: list[Recorded] = []
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """A fresh app each time: the MCP session manager runs once per instance."""
        app = ResponseRecorder(build_app(self.service, self.tokens, self.config.server))
        app.records = self.records
        server = uvicorn.Server(
            uvicorn.Config(
                app,
                host="127.0.0.1",
                port=self.port,
                log_level="warning",
                lifespan="on",
                timeout_graceful_shutdown=1,
            )
        )
        thread = threading.Thread(target=server.run, name="memoire-test-bridge", daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test bridge did not start")
            time.sleep(0.01)
        self._server, self._thread = server, thread

    def stop(self) -> None:
        if self._server is None or self._thread is None:
            return
        self._server.should_exit = True
        self._thread.join(timeout=15)
        assert not self._thread.is_alive(), "the test bridge did not stop"
        self._server = self._thread = None

    def bodies_for(self, token: str) -> list[Recorded]:
        return [record for record in self.records if record.token == token]


def wait_for_threads(before: set[threading.Thread], timeout: float = 10) -> None:
    """Threads the bridge started (its worker threads) end with it; wait until they have.

    Home Assistant's executor threads (SyncWorker_*) are its test harness's to shut down.
    """
    deadline = time.monotonic() + timeout
    for thread in set(threading.enumerate()) - before:
        if not thread.name.startswith("SyncWorker"):
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
