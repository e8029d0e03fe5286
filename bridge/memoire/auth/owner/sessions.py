"""The owner's signed-in sessions: a random cookie, stored only as a keyed digest.

A session belongs to the owner and to nothing a client controls (no client id, no request
id): it only says "the owner signed in here, a few minutes ago". It is short-lived, a new
one is made at each sign-in (so a cookie planted before sign-in never becomes a session),
and at most `limit` live at once, the oldest forgotten first.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Callable

from ..database import AuthDatabase
from .digests import Digests

TABLES = (
    "CREATE TABLE IF NOT EXISTS owner_sessions ("
    " digest TEXT PRIMARY KEY, created REAL NOT NULL, expires REAL NOT NULL)",
)


class OwnerSessions:
    def __init__(
        self,
        database: AuthDatabase,
        digests: Digests,
        *,
        lifetime: float,
        limit: int,
        clock: Callable[[], float],
    ) -> None:
        database.create_tables(TABLES)
        self._database = database
        self._digests = digests
        self._lifetime = lifetime
        self._limit = limit
        self._clock = clock

    def start(self) -> str:
        """A new session; the cookie value is returned once and kept only as a digest."""
        cookie = secrets.token_urlsafe(32)
        now = self._clock()
        with self._database.transaction() as db:
            db.execute("DELETE FROM owner_sessions WHERE expires <= ?", (now,))
            db.execute(
                "INSERT INTO owner_sessions (digest, created, expires) VALUES (?, ?, ?)",
                (self._digests.of("session", cookie), now, now + self._lifetime),
            )
            _keep_newest(db, self._limit)
        return cookie

    def signed_in(self, cookie: str | None) -> bool:
        if not cookie:
            return False
        with self._database.transaction() as db:
            row = db.execute(
                "SELECT expires FROM owner_sessions WHERE digest = ?",
                (self._digests.of("session", cookie),),
            ).fetchone()
        return row is not None and row[0] > self._clock()

    def end(self, cookie: str) -> None:
        with self._database.transaction() as db:
            db.execute(
                "DELETE FROM owner_sessions WHERE digest = ?",
                (self._digests.of("session", cookie),),
            )


def _keep_newest(db: sqlite3.Connection, limit: int) -> None:
    db.execute(
        "DELETE FROM owner_sessions WHERE digest NOT IN"
        " (SELECT digest FROM owner_sessions ORDER BY created DESC LIMIT ?)",
        (limit,),
    )


def end_all(db: sqlite3.Connection) -> None:
    """When the owner is reset: every session of the old owner dies with it."""
    db.execute("DELETE FROM owner_sessions")


def active(database: AuthDatabase, now: float) -> int:
    with database.transaction() as db:
        (count,) = db.execute(
            "SELECT count(*) FROM owner_sessions WHERE expires > ?", (now,)
        ).fetchone()
    return int(count)
