"""A write asked of the store, and the writes waiting in one process to go out together.

A push to a remote takes a network round trip; writes that arrive meanwhile queue, and
the next thread to hold the memory takes them all, plans each on the commit before it
(one commit each) and publishes the last one (one push). Each caller still gets its own
answer: its own commit, or the refusal that concerns it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .snapshots import Snapshot


@dataclass(frozen=True, slots=True)
class Change[T]:
    """Files to set (bytes) or remove (None), and what the caller wants back if it lands."""

    files: Mapping[str, bytes | None]
    outcome: T


@dataclass(frozen=True, slots=True)
class Landed[T]:
    commit: str
    change: Change[T]
    blobs: Mapping[str, str | None]


@dataclass(eq=False, slots=True)
class WriteRequest[T]:
    """One caller's write: answered once it landed or was refused."""

    plan: Callable[[Snapshot], Change[T]]
    client: str
    message: str
    landed: Landed[T] | None = None
    error: Exception | None = None

    @property
    def answered(self) -> bool:
        return self.landed is not None or self.error is not None

    def answer(self) -> Landed[T]:
        """What the caller gets: the landed write, or its refusal raised."""
        if self.error is not None:
            raise self.error
        assert self.landed is not None
        return self.landed


class WaitingWrites:
    """The writes of this process not yet taken by a publishing thread, oldest first."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[WriteRequest[Any]] = []

    def add(self, request: WriteRequest[Any]) -> None:
        with self._lock:
            self._waiting.append(request)

    def take(self) -> list[WriteRequest[Any]]:
        with self._lock:
            taken, self._waiting = self._waiting, []
            return taken
