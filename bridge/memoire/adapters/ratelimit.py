"""Token-bucket rate limits, one bucket per key (a client, or a source address)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

BURST_SECONDS = 10
MAX_KEYS = 10_000


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """Allows `per_minute` requests per key, with bursts of up to ten seconds' worth."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._rate = per_minute / 60
        self._capacity = max(5.0, self._rate * BURST_SECONDS)
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}
        self._mutex = threading.Lock()

    def retry_after(self, key: str) -> int | None:
        """None if the request may go ahead (and counts it); else seconds to wait."""
        now = self._clock()
        with self._mutex:
            bucket = self._buckets.get(key)
            if bucket is None:
                if len(self._buckets) >= MAX_KEYS:
                    self._buckets.clear()
                bucket = self._buckets[key] = _Bucket(self._capacity, now)
            bucket.tokens = min(self._capacity, bucket.tokens + (now - bucket.stamp) * self._rate)
            bucket.stamp = now
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return None
            return max(1, math.ceil((1 - bucket.tokens) / self._rate))
