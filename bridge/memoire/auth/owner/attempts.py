"""How many wrong codes (TOTP or recovery) the page accepts, and from whom.

A single global limit would let anyone lock the owner out by failing on purpose; a limit
per address alone would let many addresses guess without end. So each source address
first spends its own budget, which nobody else can touch: the owner arriving from a
network of their own always gets `source_attempts` tries, whatever a flood does
elsewhere. A source past its own budget may go on only by spending the one shared
budget; once that is spent too, the source waits until its window ends (lockouts
expire). Passkey sign-ins do not pass through here at all: a passkey cannot be guessed.

IPv6 sources count per /64, the block one subscriber usually holds. The state lives in
memory and is bounded: past `tracked_sources`, the least recently seen source is
forgotten.
"""

from __future__ import annotations

import ipaddress
import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(slots=True)
class _Window:
    started: float
    failures: int = 0


class CodeAttempts:
    def __init__(
        self,
        *,
        source_attempts: int,
        shared_attempts: int,
        window_seconds: float,
        tracked_sources: int,
        clock: Callable[[], float],
    ) -> None:
        self._source_attempts = source_attempts
        self._shared_attempts = shared_attempts
        self._window = window_seconds
        self._tracked = tracked_sources
        self._clock = clock
        self._sources: OrderedDict[str, _Window] = OrderedDict()
        self._shared = _Window(started=clock())

    def retry_after(self, address: str) -> int | None:
        """None when this source may try a code now; else the seconds until it may."""
        own = self._source(source_of(address))
        if own.failures < self._source_attempts:
            return None
        shared = self._shared_window()
        if shared.failures < self._shared_attempts:
            return None
        ends = min(own.started, shared.started) + self._window
        return max(1, math.ceil(ends - self._clock()))

    def failed(self, address: str) -> None:
        own = self._source(source_of(address))
        if own.failures >= self._source_attempts:
            self._shared_window().failures += 1
        own.failures += 1

    def succeeded(self, address: str) -> None:
        """The owner is in: this source's own budget starts afresh."""
        self._sources.pop(source_of(address), None)

    def _source(self, source: str) -> _Window:
        now = self._clock()
        window = self._sources.get(source)
        if window is None or now - window.started >= self._window:
            window = _Window(started=now)
        self._sources[source] = window
        self._sources.move_to_end(source)
        while len(self._sources) > self._tracked:
            self._sources.popitem(last=False)
        return window

    def _shared_window(self) -> _Window:
        now = self._clock()
        if now - self._shared.started >= self._window:
            self._shared = _Window(started=now)
        return self._shared


def source_of(address: str) -> str:
    """The key a peer address counts under: itself for IPv4, its /64 for IPv6."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv4Address):
        return str(parsed)
    if parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(ipaddress.IPv6Network((parsed, 64), strict=False))
