"""Opening memoire's SQLite files in WAL mode while another memoire process may do the same.

Switching a database to WAL takes a lock SQLite does not wait for: its busy handler is not
called, so two processes opening a new file at once (the bridge starting while
`memoire owner init` or `memoire check` runs) see one of them fail at once with "database
is locked". That is contention, never damage: this waits it out, within a bound.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

WAL_SWITCH_SECONDS = 10.0


def connect_wal(database: Path) -> sqlite3.Connection:
    """A connection in WAL mode, `synchronous = NORMAL`, autocommit, usable from any thread.

    Raises `sqlite3.OperationalError` (SQLITE_BUSY) if the switch is still refused after
    `WAL_SWITCH_SECONDS`, and any other SQLite error at once; the connection is closed either way.
    """
    connection = sqlite3.connect(database, check_same_thread=False, isolation_level=None)
    try:
        _switch_to_wal(connection, deadline=time.monotonic() + WAL_SWITCH_SECONDS)
        connection.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        connection.close()
        raise
    return connection


def is_busy(error: sqlite3.Error) -> bool:
    """Another connection holds the lock (SQLITE_BUSY or one of its extended codes)."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_BUSY


def _switch_to_wal(connection: sqlite3.Connection, *, deadline: float) -> None:
    pause = 0.005
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
        except sqlite3.OperationalError as error:
            if not is_busy(error) or time.monotonic() >= deadline:
                raise
        else:
            return
        time.sleep(pause)
        pause = min(pause * 2, 0.1)
