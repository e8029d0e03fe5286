"""The audit log: one JSON line per tool call, outside the memory tree, never the content.

Git already keeps what was written; the log says who asked for what, when, and how it
ended. Each line is one `write` to a file opened in append mode, so lines from several
processes never interleave.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path


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

    @property
    def file(self) -> Path:
        return self._file

    def record(self, entry: AuditRecord) -> None:
        line = {"time": datetime.now(UTC).isoformat(timespec="milliseconds"), **asdict(entry)}
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8")
        descriptor = os.open(self._file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(descriptor, data)
        finally:
            os.close(descriptor)
