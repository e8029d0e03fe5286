"""The one SQLite file that holds auth state, shared by the protocol and the owner's sign-in.

It lives in the memory's state folder (`.git/memoire/auth.sqlite3`): never in the memory's
tree, never in Git history, never pushed. Secrets in it (refresh tokens, codes, recovery
codes, session cookies) are stored only as hashes by the modules that own them.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import Contention, LowDiskSpace, UnusableStateFile
from ..storage.nofollow import check_sqlite_files
from ..storage.sqlite_wal import connect_wal, is_busy

_WHAT_TO_DO = (
    "Move it away (with its -wal and -shm files): apps then sign in again and the owner "
    "is made again with `memoire owner init`."
)


@contextmanager
def _disk_trouble(file: Path) -> Iterator[None]:
    """SQLite's "disk is full" and I/O errors, said as what they nearly always are."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode != sqlite3.SQLITE_FULL and (
            error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_IOERR
        ):
            raise
        raise LowDiskSpace(
            f"The sign-in database {file} could not be written ({error}); nothing was changed. "
            "If its disk is full, free some space, then try again."
        ) from None


def _connect(file: Path) -> sqlite3.Connection:
    """A lock held by another memoire process is said as such: moving the file away, which
    `_WHAT_TO_DO` asks for a damaged one, would sign every app out for nothing."""
    try:
        with _disk_trouble(file):
            return connect_wal(file)
    except sqlite3.DatabaseError as error:
        if is_busy(error):
            raise Contention(
                f"The sign-in database {file} is held by another memoire process ({error}). "
                "Wait for it to finish (or stop it), then try again."
            ) from None
        raise UnusableStateFile(
            f"{file} cannot be used as the sign-in database ({error}). {_WHAT_TO_DO}"
        ) from None


class AuthDatabase:
    """A serialised connection: auth writes are few and small, one lock keeps them simple."""

    def __init__(self, file: Path) -> None:
        file.parent.mkdir(parents=True, exist_ok=True)
        # SQLite follows links and blocks on FIFOs: only a regular file (or none) will do.
        check_sqlite_files(file, _WHAT_TO_DO)
        with contextlib.suppress(FileExistsError):
            # Created 0600 before SQLite opens it: hashes are still nobody else's business.
            flags = os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_WRONLY
            os.close(os.open(file, flags, 0o600))
        self.file = file
        self._lock = threading.RLock()
        self._db = _connect(file)
        self._db.execute("PRAGMA foreign_keys = ON")

    def create_tables(self, statements: Sequence[str]) -> None:
        """Each owner module passes its own `CREATE TABLE IF NOT EXISTS …` statements."""
        with self.transaction() as db:
            for statement in statements:
                db.execute(statement)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic unit: everything inside commits together or not at all."""
        with self._lock, _disk_trouble(self.file):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")  # on a full disk SQLite rolls back by itself

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """For reads on the request path: no write lock taken, each statement sees one state."""
        with self._lock:
            yield self._db

    def close(self) -> None:
        with self._lock:
            self._db.close()
