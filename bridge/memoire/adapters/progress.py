"""A one-line progress bar for long commands, drawn only on a terminal.

On a pipe, a file or a test's captured stream it draws nothing at all, so reports stay
clean to read and to parse. It appears only once the work has lasted `delay` seconds (a
short import shows none) and redraws at most ten times a second.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

BAR_WIDTH = 30
REDRAW_SECONDS = 0.1


class ProgressBar:
    def __init__(
        self,
        stream: TextIO,
        label: str,
        *,
        delay: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._stream = stream
        self._label = label
        self._clock = clock
        self._enabled = stream.isatty()
        self._start = clock()
        self._delay = delay
        self._last_draw: float | None = None

    def update(self, done: int, total: int) -> None:
        if not self._enabled or total <= 0:
            return
        now = self._clock()
        if now - self._start < self._delay:
            return
        if self._last_draw is not None and now - self._last_draw < REDRAW_SECONDS and done < total:
            return
        self._last_draw = now
        filled = BAR_WIDTH * done // total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self._stream.write(f"\r{self._label} [{bar}] {done}/{total}")
        self._stream.flush()

    def close(self) -> None:
        """Clear the bar's line, so what is printed next starts on a clean line."""
        if self._last_draw is not None:
            self._stream.write("\r\033[K")
            self._stream.flush()
            self._last_draw = None
