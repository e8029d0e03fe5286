"""Bringing the search index to the branch between writes, off every request's path.

A write leaves the index behind (the write pays no search update) and a search brings it
up to date before it queries, so read-your-write holds; alone, that makes the first search
after a burst of writes pay for every note written. This worker does that work instead,
once the writes pause: when no write came for `IDLE_SECONDS` (or for twice the gap
between the last two writes, when they come back to back on a slow disk), or at once when
`BACKLOG_WRITES` wait. It catches up batch by batch (`Catalog.catch_up_search`), each batch
a bounded load and one short SQLite transaction, and after a pause it gives way as soon as
writes resume, so a burst does not share the processor with it. A search arriving
meanwhile waits for the batch under way, then finishes the catch-up itself; each note is
indexed once.

Commits memoire did not make (a person's commit, a `git pull`, a fetch bringing another
bridge's pushes) wake it too, as soon as the service sees the branch at a commit it did
not write (`saw`): a search after them then rarely pays for every note they changed. A
notice costs a comparison when the branch has not moved, and any number of them while the
worker is busy leave one flag set: one more look at the branch, never a queue.

One thread per memory, started by the first write or move and ended after
`LINGER_SECONDS` without one, so a process that only reads an unchanging branch, or stops
writing, keeps no thread. `close` stops it between two batches and waits for it: nothing
is written to the index after. An error is logged, never raised: the next search catches
up as it always did.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

logger = logging.getLogger(__name__)

IDLE_SECONDS = 0.05
"""No write for this long and the worker starts: shorter than an assistant's turn between
a write and the search after it, longer than the gap between two writes of a burst."""
MAX_PAUSE_SECONDS = 0.1
"""Writes further apart than this are not a burst: the pause after them is `IDLE_SECONDS`
and the worker starts; it gives way if another write comes meanwhile."""
BACKLOG_WRITES = 100
"""This many writes waiting and the worker starts without waiting for a pause: a search
during a long burst then pays at most about this many notes."""
BATCH_NOTES = 50
"""Notes per step: one step is all a write, a search or `close` may wait behind."""
LINGER_SECONDS = 2.0
OWN_COMMITS_KEPT = 64
"""Commits memoire's last writes made: seeing the branch at one is no move (writes of one
push land in any order, so the last one told is not always the branch's)."""
BUSY_WAIT_SECONDS = 0.05  # waiting for a search that holds the index, between looks at close
THREAD_NAME = "memoire-search-upkeep"

CatchUp = Callable[[int, float], bool]
"""One step of at most that many notes, waiting at most that long for the index; True
when there was nothing to do (`Catalog.catch_up_search`)."""


class SearchUpkeep:
    """The worker that brings one memory's search index to its branch between writes."""

    def __init__(self, catch_up: CatchUp) -> None:
        self._catch_up = catch_up
        self._changed = threading.Condition()
        self._waiting = 0  # writes since the worker last started catching up
        self._last_write = 0.0
        self._gap = MAX_PAUSE_SECONDS  # between the last two writes
        self._moved = False  # the branch moved by someone else since the last catch-up began
        self._seen: str | None = None  # the branch's commit as last seen or written
        self._own: dict[str, None] = {}  # commits memoire wrote lately, oldest first
        self._closed = False
        self._running = False
        self._threads: list[threading.Thread] = []  # the worker, and one that just ended

    def written(self, notes: int = 1, *, commit: str | None = None) -> None:
        """A write landed `notes` notes (in `commit`): catch up once the writes pause."""
        with self._changed:
            if self._closed:
                return
            if commit is not None:
                self._seen = commit
                self._own[commit] = None
                if len(self._own) > OWN_COMMITS_KEPT:
                    del self._own[next(iter(self._own))]
            self._waiting += notes
            now = time.monotonic()
            self._gap, self._last_write = now - self._last_write, now
            if not self._running:
                self._start()
            self._changed.notify()

    def saw(self, head: str | None) -> None:
        """The service found the branch at `head`: a commit memoire did not write means it
        moved by someone else, and the worker catches up at once (after the writes' pause
        if memoire is writing too). O(1): a comparison, and when it moved a flag."""
        if head == self._seen:  # the common case, without the lock: nothing moved
            return
        with self._changed:
            if self._closed or head == self._seen:
                return
            self._seen = head
            if head is None or head in self._own:
                return
            self._moved = True
            if not self._running:
                self._start()
            self._changed.notify()

    def _start(self) -> None:
        """Start the worker; a process out of threads logs it and lets searches catch up
        (the write has landed: nothing here may turn its answer into an error)."""
        thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
        try:
            thread.start()
        except RuntimeError as error:
            logger.warning(
                "the search worker could not start (%s); the next search brings the index "
                "up to date",
                error,
            )
            return
        self._threads = [*(alive for alive in self._threads if alive.is_alive()), thread]
        self._running = True

    def close(self) -> None:
        """Stop the worker between two steps and wait for it; later writes start none."""
        with self._changed:
            self._closed = True
            threads = self._threads
            self._changed.notify_all()
        for thread in threads:
            thread.join()

    def _run(self) -> None:
        while (backlog := self._wait_for_writes()) is not None:
            try:
                while not self._closed and not self._catch_up(BATCH_NOTES, BUSY_WAIT_SECONDS):
                    if not backlog and self._waiting:
                        break  # the writes resumed: wait for their pause
            except Exception as error:
                logger.warning(
                    "the search index could not catch up with the writes (%s); the next "
                    "search brings it up to date",
                    error,
                    exc_info=True,
                )

    def _wait_for_writes(self) -> bool | None:
        """Until writes wait and either they paused (False) or enough of them wait (True),
        or the branch moved with no write waiting (False); None to stop (closed, or nothing
        for `LINGER_SECONDS`: the next write or move starts a new thread)."""
        with self._changed:
            while not self._closed:
                if self._waiting:
                    quiet = time.monotonic() - self._last_write
                    backlog = self._waiting >= BACKLOG_WRITES
                    if quiet >= self._pause() or backlog:
                        self._waiting, self._moved = 0, False
                        return backlog
                    self._changed.wait(self._pause() - quiet)
                elif self._moved:
                    self._moved = False
                    return False
                elif not self._changed.wait(LINGER_SECONDS) and not self._woken():
                    self._running = False
                    return None
            return None

    def _woken(self) -> bool:
        return bool(self._waiting) or self._moved

    def _pause(self) -> float:
        """How long without a write counts as a pause: twice the gap between the last two
        writes when they came back to back (a write on a loaded disk may take longer than
        `IDLE_SECONDS`), else `IDLE_SECONDS`."""
        if self._gap >= MAX_PAUSE_SECONDS:
            return IDLE_SECONDS
        return min(max(IDLE_SECONDS, 2 * self._gap), MAX_PAUSE_SECONDS)
