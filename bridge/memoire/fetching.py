"""Fetching the shared remote in the background, for as long as a bridge serves.

Commits pushed by other bridges or people then arrive without waiting for a write. Only
a process that serves clients starts this (`memoire serve`, `memoire stdio`); the memory
service itself never starts threads.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator

from .core.errors import MemoireError
from .service import MemoryService

logger = logging.getLogger(__name__)
STOP_WAIT_SECONDS = 5.0


@contextlib.contextmanager
def keep_fetching(service: MemoryService) -> Iterator[None]:
    """Fetch every `fetch_interval_seconds` while the block runs; nothing without a remote."""
    memory = service.config.memory
    if not memory.remote:
        yield
        return
    stop = threading.Event()
    thread = threading.Thread(
        target=_fetch_until,
        args=(service, stop, memory.fetch_interval_seconds),
        name="memoire-fetch",
        daemon=True,
    )
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(STOP_WAIT_SECONDS)


def _fetch_until(service: MemoryService, stop: threading.Event, interval: float) -> None:
    while not stop.wait(interval):
        try:
            service.refresh_from_remote()
        except MemoireError as error:
            logger.info("periodic fetch: %s", error.message)
        except Exception:
            logger.exception("periodic fetch failed; trying again at the next interval")
