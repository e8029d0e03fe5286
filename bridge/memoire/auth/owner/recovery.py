"""One-time recovery codes: for the day the phone with the authenticator app is lost.

Ten codes of 80 random bits each, shown once by `memoire owner init` and stored only as
keyed digests (see `digests`). A code works once: using it marks it spent in the same
statement that checks it, so two requests racing with one code cannot both succeed.
"""

from __future__ import annotations

import secrets
import sqlite3

from ..database import AuthDatabase
from .digests import Digests

COUNT = 10
GROUPS = 4
GROUP_LENGTH = 4
ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
"""Crockford's base32: no i, l, o or u, so a code copied by hand reads back the same."""
LOOKALIKES = str.maketrans({"i": "1", "l": "1", "o": "0"})

TABLES = ("CREATE TABLE IF NOT EXISTS owner_recovery_codes ( digest TEXT PRIMARY KEY, used REAL)",)


def new_codes() -> tuple[str, ...]:
    return tuple(_new_code() for _ in range(COUNT))


def _new_code() -> str:
    groups = ("".join(secrets.choice(ALPHABET) for _ in range(GROUP_LENGTH)) for _ in range(GROUPS))
    return "-".join(groups)


def normalised(code: str) -> str | None:
    """The code without spaces, dashes or case; None when it cannot be a recovery code."""
    plain = "".join(code.split()).replace("-", "").lower().translate(LOOKALIKES)
    if len(plain) != GROUPS * GROUP_LENGTH or any(char not in ALPHABET for char in plain):
        return None
    return plain


def store(db: sqlite3.Connection, digests: Digests, codes: tuple[str, ...]) -> None:
    """Inside the owner's creation: the old codes die with the old owner."""
    db.execute("DELETE FROM owner_recovery_codes")
    db.executemany(
        "INSERT INTO owner_recovery_codes (digest) VALUES (?)",
        [(digests.of("recovery", normalised(code) or ""),) for code in codes],
    )


def consume(database: AuthDatabase, digests: Digests, code: str, now: float) -> bool:
    plain = normalised(code)
    if plain is None:
        return False
    with database.transaction() as db:
        spent = db.execute(
            "UPDATE owner_recovery_codes SET used = ? WHERE digest = ? AND used IS NULL",
            (now, digests.of("recovery", plain)),
        )
    return spent.rowcount == 1


def left(database: AuthDatabase) -> int:
    with database.transaction() as db:
        (count,) = db.execute(
            "SELECT count(*) FROM owner_recovery_codes WHERE used IS NULL"
        ).fetchone()
    return int(count)
