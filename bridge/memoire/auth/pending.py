"""Authorization requests waiting for the owner: capped per source, in total, and short-lived.

`/authorize` answers anyone, so what it keeps must be bounded (seed 003's hole: nothing
capped these, and anyone could fill the disk). Each source address has its own budget
(`pending_per_source`); only once it is spent does the source draw on a budget shared by
all (`pending_shared`, at most its own budget again). Own budgets together may use what
`pending_total` leaves beside the shared one. So a few loud addresses exhaust their own
budgets and the shared one, while a fresh address (the owner's browser) still finds room
in its own. Requests expire after `pending_minutes`; only the hash of a request's id is
kept. IPv6 sources count per /64, the block one subscriber gets.
"""

from __future__ import annotations

import ipaddress
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

from .approval import ApprovalRequest
from .database import AuthDatabase
from .opaque import REQUEST_PREFIX, digest, new_secret
from .settings import OAuthSettings

TABLES = (
    """CREATE TABLE IF NOT EXISTS oauth_pending (
        digest TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        shared INTEGER NOT NULL,
        client_id TEXT NOT NULL,
        client_name TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        state TEXT,
        challenge TEXT NOT NULL,
        resource TEXT NOT NULL,
        expires REAL NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS oauth_pending_source ON oauth_pending(source, shared)",
    "CREATE INDEX IF NOT EXISTS oauth_pending_expires ON oauth_pending(expires)",
)


@dataclass(frozen=True, slots=True)
class Authorization:
    """A checked `/authorize` request: everything the code will be bound to."""

    client_id: str
    client_name: str
    redirect_uri: str
    state: str | None
    challenge: str
    resource: str


class PendingRequests:
    def __init__(
        self, db: AuthDatabase, settings: OAuthSettings, clock: Callable[[], float] = time.time
    ) -> None:
        self._db = db
        self._settings = settings
        self._clock = clock
        db.create_tables(TABLES)

    def open(self, request: Authorization, source: str) -> str | None:
        """The new request's id, or None when the source's budgets are spent."""
        request_id = new_secret(REQUEST_PREFIX)
        key = source_key(source)
        now = self._clock()
        with self._db.transaction() as db:
            db.execute("DELETE FROM oauth_pending WHERE expires < ?", (now,))
            shared = self._budget(db, key)
            if shared is None:
                return None
            db.execute(
                "INSERT INTO oauth_pending VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    digest(request_id),
                    key,
                    shared,
                    request.client_id,
                    request.client_name,
                    request.redirect_uri,
                    request.state,
                    request.challenge,
                    request.resource,
                    now + self._settings.pending_minutes * 60,
                ),
            )
        return request_id

    def find(self, request_id: str) -> tuple[ApprovalRequest, Authorization] | None:
        with self._db.reading() as db:
            row = db.execute(
                "SELECT client_id, client_name, redirect_uri, state, challenge, resource, expires "
                "FROM oauth_pending WHERE digest = ?",
                (digest(request_id),),
            ).fetchone()
        if row is None or row[6] < self._clock():
            return None
        request = Authorization(*row[:6])
        shown = ApprovalRequest(request_id, row[0], row[1], row[2], row[6])
        return shown, request

    def settle(self, request_id: str) -> Authorization | None:
        """Removes the request and returns it, once: a second approval finds nothing."""
        with self._db.transaction() as db:
            row = db.execute(
                "DELETE FROM oauth_pending WHERE digest = ? RETURNING client_id, client_name, "
                "redirect_uri, state, challenge, resource, expires",
                (digest(request_id),),
            ).fetchone()
        if row is None or row[6] < self._clock():
            return None
        return Authorization(*row[:6])

    def count(self) -> int:
        with self._db.reading() as db:
            return int(db.execute("SELECT count(*) FROM oauth_pending").fetchone()[0])

    def _budget(self, db: sqlite3.Connection, key: str) -> bool | None:
        """False: from the source's own budget; True: from the shared one; None: neither."""
        settings = self._settings
        own = _count(db, "source = ? AND shared = 0", key)
        if own < settings.pending_per_source and _count(db, "shared = 0") < _own_room(settings):
            return False
        borrowed = _count(db, "source = ? AND shared = 1", key)
        if borrowed < settings.pending_per_source and _count(db, "shared = 1") < (
            settings.pending_shared
        ):
            return True
        return None


def _count(db: sqlite3.Connection, where: str, *parameters: str) -> int:
    row = db.execute(f"SELECT count(*) FROM oauth_pending WHERE {where}", parameters).fetchone()
    return int(row[0])


def _own_room(settings: OAuthSettings) -> int:
    """What the own budgets may hold together: the total, less the shared budget."""
    return max(settings.pending_per_source, settings.pending_total - settings.pending_shared)


def source_key(address: str) -> str:
    """The address a budget belongs to: IPv4 as is, IPv6 by its /64."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)
