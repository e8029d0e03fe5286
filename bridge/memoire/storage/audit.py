"""The audit log: one JSON line per tool call, outside the memory tree, never the content.

Git already keeps what was written; the log says who asked for what, when, and how it
ended. Each line is one `write` to a file opened in append mode, so lines from several
processes never interleave.

The log records a call when it can: a full disk must not stop reads. When a line cannot
be written the bridge says so once in its own log, and once more when it can again.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

logger = logging.getLogger(__name__)


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
