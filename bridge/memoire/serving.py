"""Which bridges serve a memory now: each `memoire serve` records its pid and URL.

One small file per serving process, under the memory's state folder, written at start and
removed at exit, so several bridges never overwrite each other's record and a bridge that
fails to start removes only its own. A bridge killed without warning leaves its file
behind: a record counts only while its process is alive and its URL answers.

uvicorn ends a SIGTERM-ed server by raising the signal again once it has stopped, which
would end the process before any cleanup: the record catches it, removes itself, and
raises it once more, so the process still ends as a SIGTERM-ed process does.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .core.errors import UnusableStateFile
from .storage.nofollow import read_own_file, write_state_file

FOLDER = "serving"
_RECORD_LIMIT = 4096
PROBE_SECONDS = 2.0


@dataclass(frozen=True, slots=True)
class ServingBridge:
    pid: int
    url: str
    alive: bool
    answers: bool


@contextlib.contextmanager
def recorded_serving(state_dir: Path, url: str) -> Iterator[None]:
    """Record this process as serving `url` while the block runs."""
    folder = state_dir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    record = folder / f"{os.getpid()}.json"
    data = json.dumps({"pid": os.getpid(), "url": url}).encode("utf-8")
    write_state_file(record, data, scratch=folder)  # never through a link planted there
    previous = signal.signal(signal.SIGTERM, _terminated)
    terminated = False
    try:
        yield
    except _Terminated:
        terminated = True
    finally:
        record.unlink(missing_ok=True)
        signal.signal(signal.SIGTERM, previous)
    if terminated:
        signal.raise_signal(signal.SIGTERM)


class _Terminated(BaseException):
    """SIGTERM, carried up to the record so that it can remove itself first."""


def _terminated(_signal: int, _frame: object) -> None:
    raise _Terminated


def serving_bridges(state_dir: Path) -> list[ServingBridge]:
    """Every recorded bridge, with whether its process lives and its URL answers."""
    found = []
    for record in sorted((state_dir / FOLDER).glob("*.json")):
        try:  # a FIFO or link planted here is no bridge: skipped, never waited on
            data = json.loads(read_own_file(record, _RECORD_LIMIT, "") or b"")
            pid, url = int(data["pid"]), str(data["url"])
        except OSError, ValueError, KeyError, TypeError, UnusableStateFile:
            continue
        alive = _alive(pid)
        found.append(ServingBridge(pid, url, alive, alive and _answers(url)))
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: alive, not ours to signal
    return True


def _answers(url: str) -> bool:
    """Something accepts connections at the URL's address. A connection, not a request:
    a request without a token would be logged by the bridge as a refused authentication."""
    parts = urllib.parse.urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "", parts.port or 80), PROBE_SECONDS):
            return True
    except OSError, ValueError:
        return False
