"""Bearer tokens for the HTTP bridge: shown once, stored only as SHA-256 hashes.

Tokens are 256 random bits, so a plain hash is the right tool (a slow password hash
protects guessable secrets, and these are not guessable). Every check compares against
every stored hash in constant time. The file is read again whenever it changes on disk,
so `memoire token revoke` takes effect on the next request, without a restart.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..core.errors import UnusableStateFile
from .nofollow import read_own_file, write_state_file

TOKEN_PREFIX = "memoire_"
_FILE_LIMIT = 4 * 1024 * 1024  # thousands of tokens; more is not a token file
_WHAT_TO_DO = "Move it away, then issue tokens again with `memoire token add CLIENT`."


@dataclass(frozen=True, slots=True)
class TokenRecord:
    client: str
    id: str
    sha256: str
    created: str


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class TokenStore:
    def __init__(self, file: Path) -> None:
        self._file = file
        self._mutex = threading.Lock()
        self._loaded_stamp: tuple[int, int, int] | None = None
        self._records: list[TokenRecord] = []

    def add(self, client: str) -> str:
        """A new token for `client`; the caller shows it once, it is never stored in clear."""
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        record = TokenRecord(
            client=client,
            id=secrets.token_hex(4),
            sha256=_digest(token),
            created=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        with self._mutex:
            self._save([*self._current(), record])
        return token

    def revoke(self, client: str) -> int:
        with self._mutex:
            records = self._current()
            kept = [record for record in records if record.client != client]
            if len(kept) < len(records):
                self._save(kept)
            return len(records) - len(kept)

    def records(self) -> list[TokenRecord]:
        with self._mutex:
            return list(self._current())

    def client_for(self, token: str) -> str | None:
        """The client a presented token belongs to, or None."""
        presented = _digest(token)
        with self._mutex:
            records = self._current()
        found = None
        for record in records:
            if hmac.compare_digest(record.sha256, presented):
                found = record.client
        return found

    def _current(self) -> list[TokenRecord]:
        try:
            status = self._file.lstat()  # a link is refused when read, never followed
        except FileNotFoundError:
            self._records, self._loaded_stamp = [], None
            return self._records
        # A save replaces the file, so its inode changes even within one clock tick.
        stamp = (status.st_ino, status.st_mtime_ns, status.st_size)
        if stamp != self._loaded_stamp:
            self._records = _parsed(self._file, read_own_file(self._file, _FILE_LIMIT, _WHAT_TO_DO))
            self._loaded_stamp = stamp
        return self._records

    def _save(self, records: list[TokenRecord]) -> None:
        """The whole file replaced in one step, 0600, never through a link; its folder (the
        state folder the owner chose) may be a link they made."""
        self._file.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"tokens": [asdict(record) for record in records]}, indent=2)
        write_state_file(
            self._file, (data + "\n").encode("utf-8"), mode=0o600, owner_may_link_folder=True
        )
        self._loaded_stamp = None


def _parsed(file: Path, data: bytes | None) -> list[TokenRecord]:
    """The records of the token file's bytes; a refusal saying what to do when damaged."""
    try:
        loaded = json.loads(data or b'{"tokens": []}')
        return [TokenRecord(**item) for item in loaded.get("tokens", [])]
    except (ValueError, TypeError, AttributeError) as error:
        raise UnusableStateFile(
            f"{file} is not a token file memoire wrote ({error}). {_WHAT_TO_DO}"
        ) from None
