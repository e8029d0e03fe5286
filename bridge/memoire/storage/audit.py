"""The audit log: one JSON line per tool call, outside the memory tree, never the content.

Git already keeps what was written; the log says who asked for what, when, and how it
ended. Each line is one `write` to a file opened in append mode, so lines from several
processes never interleave.

The log records a call when it can: a full disk must not stop reads. When a line cannot
be written the bridge says so once in its own log, and once more when it can again.

Reading it back (`memoire log`) keeps every well-formed line and counts the others: a
line cut short by a crash or a full disk, or edited by hand, never stops the reading.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Iterator
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)
FILE_NAME = "audit.jsonl"


@dataclass(slots=True)
class AuditRecord:
    client: str
    tool: str
    path: str | None = None
    commit: str | None = None
    size: int | None = None
    outcome: str = "ok"


class AuditLog:
    def __init__(self, file: Path) -> None:
        file.parent.mkdir(parents=True, exist_ok=True)
        self._file = file
        self._failing = False
        self._lock = threading.Lock()

    @property
    def file(self) -> Path:
        return self._file

    def record(self, entry: AuditRecord) -> None:
        """Append one line; never raises."""
        line = {"time": datetime.now(UTC).isoformat(timespec="milliseconds"), **asdict(entry)}
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            self._append(data)
        except OSError as error:
            self._note_state(failing=True, error=error)
        else:
            self._note_state(failing=False)

    def _append(self, data: bytes) -> None:
        descriptor = os.open(self._file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(descriptor, data)
        finally:
            os.close(descriptor)

    def _note_state(self, *, failing: bool, error: OSError | None = None) -> None:
        with self._lock:
            if failing == self._failing:
                return
            self._failing = failing
        if failing:
            logger.warning(
                "cannot write the audit log %s (%s); calls go on unrecorded until it can",
                self._file,
                error,
            )
        else:
            logger.warning("the audit log %s can be written again", self._file)


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One line read back: when, and the record."""

    time: datetime
    record: AuditRecord


@dataclass(slots=True)
class AuditReading:
    entries: Iterator[AuditEntry]
    skipped: int = 0
    """Malformed lines met so far: complete once `entries` is exhausted."""


def read_audit(file: Path) -> AuditReading:
    """The log's entries in the order written, read lazily; no file means no entries."""
    reading = AuditReading(iter(()))

    def entries() -> Iterator[AuditEntry]:
        try:
            handle = file.open("rb")
        except FileNotFoundError:
            return
        with handle:
            for raw in handle:
                entry = _parsed(raw)
                if entry is None:
                    reading.skipped += 1
                else:
                    yield entry

    reading.entries = entries()
    return reading


_OPTIONAL_TEXT = ("path", "commit")


def _parsed(raw: bytes) -> AuditEntry | None:
    """One line as written by `AuditLog.record`, or None for anything else."""
    try:
        data = json.loads(raw)
        if not isinstance(data, dict):
            return None
        time = datetime.fromisoformat(data.pop("time"))
        record = AuditRecord(**data)
    except ValueError, TypeError, KeyError, UnicodeDecodeError:
        return None
    if time.tzinfo is None or not _well_typed(record):
        return None
    return AuditEntry(time, record)


def _well_typed(record: AuditRecord) -> bool:
    values: dict[str, Any] = {field.name: getattr(record, field.name) for field in fields(record)}
    texts_ok = all(isinstance(values[name], str) for name in ("client", "tool", "outcome"))
    optional_ok = all(
        values[name] is None or isinstance(values[name], str) for name in _OPTIONAL_TEXT
    )
    size = values["size"]
    size_ok = size is None or (isinstance(size, int) and not isinstance(size, bool))
    return texts_ok and optional_ok and size_ok
