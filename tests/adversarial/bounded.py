"""Attacks that could block a call for good (a FIFO, a lock) must fail the test, not hang it."""

from __future__ import annotations

import threading
from collections.abc import Callable

HANG_SECONDS = 20  # far beyond any honest call here; only a call blocked for good takes this long


def within_bounded_time[R](call: Callable[[], R]) -> R:
    """Run `call`, failing the test instead of hanging forever if it blocks."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as error:
            outcome["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(HANG_SECONDS)
    assert not worker.is_alive(), "the call hung"
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["value"]  # type: ignore[return-value]
