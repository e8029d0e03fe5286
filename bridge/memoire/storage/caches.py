"""A cache with a bound that holds on every insertion, safe to share between threads.

A long-running bridge makes thousands of writes, and each one makes new objects worth
caching (a note's new blob, a folder's new tree); a cache whose limit is checked only on
some paths grows with every write. This one forgets its least recently used entry as soon
as it is over its limit, whoever inserts.
"""

from __future__ import annotations

import threading
from collections import OrderedDict


class BoundedCache[K, V]:
    """A mapping of at most `limit` entries that forgets the least recently used first."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a cache needs room for at least one entry")
        self.limit = limit
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()  # a lookup moves its entry: even reads change order

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)
            return value

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)
