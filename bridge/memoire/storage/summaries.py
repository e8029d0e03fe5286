"""The index's note lines, kept across restarts by blob id, so a cold start reads no note.

Listing a note means reading its blob, decoding, parsing its header and scanning it for
secrets: seconds for a large memory, paid by every new process before its first index.
A blob never changes, so the line derived from it stays true as long as the code and
settings that derive it do; `fingerprint` names them, and a table made under another
fingerprint is emptied. The table lives in its own small database beside the search
index (`summaries.sqlite3`): it is as derived, and as disposable, as that index.

This is a cache and never a reason to fail: any SQLite error is logged and the caller
loads the notes as it would without it.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any

from .sqlite_wal import connect_wal

logger = logging.getLogger(__name__)

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE IF NOT EXISTS summaries (blob TEXT NOT NULL, path TEXT NOT NULL,"
    " title TEXT NOT NULL, description TEXT NOT NULL, updated TEXT NOT NULL,"
    " sensitive INTEGER NOT NULL, too_large INTEGER NOT NULL, attention TEXT,"
    " hidden INTEGER NOT NULL, PRIMARY KEY (blob, path)) WITHOUT ROWID",
)


@dataclass(frozen=True, slots=True)
class StoredSummary:
    """One note line as derived from one blob at one path."""

    blob: str
    path: str
    title: str
    description: str
    updated: str
    sensitive: bool
    too_large: bool
    attention: str | None
    hidden: bool


class SummaryStore:
    def __init__(self, database: Path, fingerprint: str) -> None:
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        try:
            database.parent.mkdir(parents=True, exist_ok=True)
            self._db = connect_wal(database)
            with self._db:
                for statement in _SCHEMA:
                    self._db.execute(statement)
                row = self._db.execute("SELECT value FROM meta WHERE key = 'made_by'").fetchone()
                if row is None or row[0] != fingerprint:
                    self._db.execute("DELETE FROM summaries")
                    self._db.execute(
                        "INSERT OR REPLACE INTO meta (key, value) VALUES ('made_by', ?)",
                        (fingerprint,),
                    )
        except sqlite3.Error as error:
            self._give_up(error)

    def load(self) -> dict[tuple[str, str], StoredSummary]:
        """Every kept line, by (blob, path)."""
        with self._lock:
            if self._db is None:
                return {}
            try:
                rows = self._db.execute("SELECT * FROM summaries").fetchall()
            except sqlite3.Error as error:
                self._give_up(error)
                return {}
        found = (_stored(row) for row in rows)
        return {(summary.blob, summary.path): summary for summary in found}

    def keep(self, summaries: Iterable[StoredSummary], *, only: bool = False) -> None:
        """Add these lines; with `only`, forget every other (lines of blobs no longer used)."""
        rows = [astuple(summary) for summary in summaries]
        with self._lock:
            if self._db is None or not (rows or only):
                return
            try:
                with self._db:
                    self._db.execute("BEGIN IMMEDIATE")
                    if only:
                        self._db.execute("DELETE FROM summaries")
                    self._db.executemany(
                        "INSERT OR REPLACE INTO summaries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
                    )
            except sqlite3.Error as error:
                self._give_up(error)

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _give_up(self, error: sqlite3.Error) -> None:
        logger.warning("the kept note summaries are not usable (%s); notes are read instead", error)
        if self._db is not None:
            self._db.close()
        self._db = None


def _stored(row: tuple[Any, ...]) -> StoredSummary:
    """A row as this module wrote it: text columns hold text, flags are 0 or 1."""
    blob, path, title, description, updated, sensitive, too_large, attention, hidden = row
    return StoredSummary(
        blob,
        path,
        title,
        description,
        updated,
        sensitive == 1,
        too_large == 1,
        attention,
        hidden == 1,
    )
