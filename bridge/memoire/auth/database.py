"""The one SQLite file that holds auth state, shared by the protocol and the owner's sign-in.

It lives in the memory's state folder (`.git/memoire/auth.sqlite3`): never in the memory's
tree, never in Git history, never pushed. Secrets in it (refresh tokens, codes, recovery
codes, session cookies) are stored only as hashes by the modules that own them.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


class AuthDatabase:
    """A serialised connection: auth writes are few and small, one lock keeps them simple."""

    def __init__(self, file: Path) -> None:
        file.parent.mkdir(parents=True, exist_ok=True)
        if not file.exists():
            # Created 0600 before SQLite opens it: hashes are still nobody else's business.
            os.close(os.open(file, os.O_CREAT | os.O_WRONLY, 0o600))
        self.file = file
        self._lock = threading.RLock()
        self._db = sqlite3.connect(file, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA foreign_keys = ON")

    def create_tables(self, statements: Sequence[str]) -> None:
        """Each owner module passes its own `CREATE TABLE IF NOT EXISTS …` statements."""
        with self.transaction() as db:
            for statement in statements:
                db.execute(statement)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic unit: everything inside commits together or not at all."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """For reads on the request path: no write lock taken, each statement sees one state."""
        with self._lock:
            yield self._db

    def close(self) -> None:
        with self._lock:
            self._db.close()
