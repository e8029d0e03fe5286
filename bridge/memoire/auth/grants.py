"""Approved OAuth clients: each is one row of the access table, with the owner's preset.

A row is named after the client (`oauth-<slug>`, unique, a valid client name), so the
audit log, `memoire log` and the request log say which app did what, exactly as for a
client with a static token. Revoking the row removes its codes and tokens with it (the
foreign keys cascade), and the memory service reads the row at every call, so both an
approval and a revocation take effect on the next request.
"""

from __future__ import annotations

import logging
import re
import sqlite3
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from ..core.acl import CLIENT_NAME, Rights
from ..core.errors import LowDiskSpace
from .database import AuthDatabase

logger = logging.getLogger(__name__)

NAME_PREFIX = "oauth-"
TOUCH_SECONDS = 60.0
"""`last_used` is written at most this often per row: a request must not cost a write."""

TABLES = (
    """CREATE TABLE IF NOT EXISTS oauth_grants (
        name TEXT PRIMARY KEY,
        client_id TEXT NOT NULL UNIQUE,
        client_name TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        read INTEGER NOT NULL,
        sensitive INTEGER NOT NULL,
        write INTEGER NOT NULL,
        created REAL NOT NULL,
        last_used REAL
    )""",
)


@dataclass(frozen=True, slots=True)
class Grant:
    name: str
    client_id: str
    client_name: str
    redirect_uri: str
    rights: Rights
    created: float
    last_used: float | None


class Grants:
    """The approved rows, as the access table reads them (`ApprovedRows`)."""

    def __init__(
        self,
        db: AuthDatabase,
        configured: Collection[str],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._db = db
        self._configured = frozenset(configured)
        self._clock = clock
        self._touched: dict[str, float] = {}
        db.create_tables(TABLES)

    def rights_of(self, client: str) -> Rights | None:
        if not client.startswith(NAME_PREFIX):
            return None
        with self._db.reading() as db:
            row = db.execute(
                "SELECT read, sensitive, write FROM oauth_grants WHERE name = ?", (client,)
            ).fetchone()
        return None if row is None else Rights(*(bool(value) for value in row))

    def rows(self) -> Mapping[str, Rights]:
        return {grant.name: grant.rights for grant in self.all()}

    def all(self) -> list[Grant]:
        with self._db.reading() as db:
            rows = db.execute(
                "SELECT name, client_id, client_name, redirect_uri, read, sensitive, write, "
                "created, last_used FROM oauth_grants ORDER BY name"
            ).fetchall()
        return [
            Grant(name, client_id, client_name, redirect, Rights(bool(r), bool(s), bool(w)), c, u)
            for name, client_id, client_name, redirect, r, s, w, c, u in rows
        ]

    def record(
        self,
        db: sqlite3.Connection,
        client_id: str,
        client_name: str,
        redirect_uri: str,
        rights: Rights,
    ) -> str:
        """The client's row with these rights, inside the caller's transaction: a client
        approved again keeps its name and gets the rights the owner chose this time."""
        row = db.execute(
            "SELECT name FROM oauth_grants WHERE client_id = ?", (client_id,)
        ).fetchone()
        if row is not None:
            db.execute(
                "UPDATE oauth_grants SET client_name = ?, redirect_uri = ?, read = ?, "
                "sensitive = ?, write = ? WHERE name = ?",
                (client_name, redirect_uri, rights.read, rights.sensitive, rights.write, row[0]),
            )
            return str(row[0])
        name = self._free_name(db, client_name)
        db.execute(
            "INSERT INTO oauth_grants VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)",
            (
                name,
                client_id,
                client_name,
                redirect_uri,
                rights.read,
                rights.sensitive,
                rights.write,
                self._clock(),
            ),
        )
        return name

    def revoke(self, name: str) -> bool:
        """Removes the row and, by cascade, every code and token it was given."""
        with self._db.transaction() as db:
            return db.execute("DELETE FROM oauth_grants WHERE name = ?", (name,)).rowcount > 0

    def touch(self, name: str) -> None:
        """Notes that the row was used now (at most once a minute)."""
        now = self._clock()
        if now - self._touched.get(name, -TOUCH_SECONDS) < TOUCH_SECONDS:
            return
        if len(self._touched) > 10_000:
            self._touched.clear()
        self._touched[name] = now
        try:
            with self._db.transaction() as db:
                db.execute("UPDATE oauth_grants SET last_used = ? WHERE name = ?", (now, name))
        except LowDiskSpace as error:  # bookkeeping: on a full disk the app still gets in
            logger.warning("%s (the last use of %s is not noted)", error, name)

    def _free_name(self, db: sqlite3.Connection, client_name: str) -> str:
        base = NAME_PREFIX + (slug(client_name) or "app")
        taken = {row[0] for row in db.execute("SELECT name FROM oauth_grants")}
        taken |= self._configured
        candidate, number = base, 1
        while candidate in taken:
            number += 1
            suffix = f"-{number}"
            candidate = base[: 40 - len(suffix)] + suffix
        assert CLIENT_NAME.fullmatch(candidate), candidate
        return candidate


def slug(name: str) -> str:
    """A client's display name as part of a row name: a-z, 0-9 and dashes, short enough."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[: 40 - len(NAME_PREFIX) - 4].strip("-")
