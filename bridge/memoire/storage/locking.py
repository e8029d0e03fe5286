"""The advisory lock every memoire process (and its housekeeping) takes to change a memory.

An `flock` belongs to an open file description, so two opens in one process exclude each
other as two processes do, and the kernel releases it when its holders die: a crash never
leaves a lock behind. A child process given the descriptor keeps holding the lock.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..core.errors import Contention
from .refs import LOCK_TIMEOUT_SECONDS

_POLL_SECONDS = 0.002


@contextlib.contextmanager
def exclusive(lock_file: Path, timeout: float = LOCK_TIMEOUT_SECONDS) -> Iterator[IO[str]]:
    """Hold the lock, waiting at most `timeout` seconds; yields the locked file."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC
    with os.fdopen(os.open(lock_file, flags, 0o644), "a") as handle:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise Contention(
                        "Another memoire process is holding the memory; nothing was "
                        "written. Try again."
                    ) from None
                time.sleep(_POLL_SECONDS)
        try:
            yield handle
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
