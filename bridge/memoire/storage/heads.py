"""Every commit memoire saw its branch at, appended to `.git/memoire/heads.jsonl`.

`memoire verify` checks that each recorded head is still in the branch's history: one that
is not was taken out by a rewrite (a force push, a reset, an amend) after memoire saw it.
The file is only ever appended to; a line is a JSON object with time, ref and commit.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HEADS_FILE = "heads.jsonl"

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RecordedHead:
    time: str
    ref: str
    commit: str


class HeadsLog:
    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / HEADS_FILE
        self._last: dict[str, str] = {}

    def record(self, ref: str, commit: str | None) -> None:
        """Append `commit` unless it is what this process last recorded for `ref`.

        A record that cannot be written is logged, never raised: the write it follows landed.
        """
        if commit is None or self._last.get(ref) == commit:
            return
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        line = json.dumps({"time": stamp, "ref": ref, "commit": commit}) + "\n"
        try:
            descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(descriptor, line.encode("ascii"))
            finally:
                os.close(descriptor)
        except OSError as error:
            logger.warning("could not record the branch head %s: %s", commit, error)
            return
        self._last[ref] = commit

    def recorded(self) -> Iterator[RecordedHead]:
        """Oldest first; a damaged line (a write cut short) is skipped."""
        try:
            lines = self.path.read_text(encoding="ascii", errors="replace").splitlines()
        except FileNotFoundError:
            return
        for line in lines:
            try:
                entry = json.loads(line)
                yield RecordedHead(str(entry["time"]), str(entry["ref"]), str(entry["commit"]))
            except ValueError, KeyError, TypeError:
                continue
