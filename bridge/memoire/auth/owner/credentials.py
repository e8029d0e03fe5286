"""The owner's credentials: created or reset only from the server's command line.

One owner per memory: a TOTP secret, ten recovery codes (as digests), passkeys added later
from the page, and a WebAuthn user handle. A reset makes a new secret, new codes and a
new handle in one transaction, and ends every session and passkey of the old owner.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from ...core.errors import OwnerExists
from ..database import AuthDatabase
from . import passkeys, recovery, sessions, totp
from .digests import Digests

TABLES = (
    "CREATE TABLE IF NOT EXISTS owner ("
    " id INTEGER PRIMARY KEY CHECK (id = 1), totp_secret TEXT NOT NULL,"
    " user_handle BLOB NOT NULL, created REAL NOT NULL,"
    " last_totp_step INTEGER NOT NULL DEFAULT 0)",
)


@dataclass(frozen=True, slots=True)
class Enrolment:
    """What `memoire owner init` shows once: never stored in clear, never shown again."""

    totp_uri: str
    recovery_codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OwnerStatus:
    created: float
    recovery_codes_left: int
    passkeys: int
    sessions: int


def prepare(database: AuthDatabase) -> Digests:
    """Every owner table exists; the digests' key too."""
    database.create_tables([*TABLES, *recovery.TABLES, *sessions.TABLES, *passkeys.TABLES])
    return Digests(database)


def create_owner(database: AuthDatabase, *, reset: bool, now: float) -> Enrolment:
    digests = prepare(database)
    secret = totp.new_secret()
    codes = recovery.new_codes()
    with database.transaction() as db:
        if db.execute("SELECT 1 FROM owner WHERE id = 1").fetchone() and not reset:
            raise OwnerExists(
                "an owner already exists for this memory. To replace it (its TOTP secret, "
                "recovery codes, passkeys and sessions stop working), run: "
                "memoire owner init --reset"
            )
        db.execute("DELETE FROM owner")
        db.execute(
            "INSERT INTO owner (id, totp_secret, user_handle, created) VALUES (1, ?, ?, ?)",
            (secret, secrets.token_bytes(32), now),
        )
        recovery.store(db, digests, codes)
        sessions.end_all(db)
        passkeys.forget_all(db)
    return Enrolment(totp_uri=totp.enrolment_uri(secret), recovery_codes=codes)


def owner_status(database: AuthDatabase, now: float) -> OwnerStatus | None:
    prepare(database)
    with database.transaction() as db:
        row = db.execute("SELECT created FROM owner WHERE id = 1").fetchone()
        (keys,) = db.execute("SELECT count(*) FROM owner_passkeys").fetchone()
    if row is None:
        return None
    return OwnerStatus(
        created=float(row[0]),
        recovery_codes_left=recovery.left(database),
        passkeys=int(keys),
        sessions=sessions.active(database, now),
    )


def user_handle(database: AuthDatabase) -> bytes | None:
    """The owner's WebAuthn user handle; None while there is no owner."""
    with database.transaction() as db:
        row = db.execute("SELECT user_handle FROM owner WHERE id = 1").fetchone()
    return None if row is None else bytes(row[0])


def check_code(database: AuthDatabase, digests: Digests, code: str, now: float) -> bool:
    """A TOTP code (six digits), else a recovery code, which this spends."""
    if totp.looks_like_totp(code):
        return totp.accept_code(database, code, now)
    return recovery.consume(database, digests, code, now)
