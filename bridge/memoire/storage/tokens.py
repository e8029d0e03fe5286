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
import os
import secrets
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

TOKEN_PREFIX = "memoire_"


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
            status = self._file.stat()
        except FileNotFoundError:
            self._records, self._loaded_stamp = [], None
            return self._records
        # A save replaces the file, so its inode changes even within one clock tick.
        stamp = (status.st_ino, status.st_mtime_ns, status.st_size)
        if stamp != self._loaded_stamp:
            data = json.loads(self._file.read_text(encoding="utf-8"))
            self._records = [TokenRecord(**item) for item in data.get("tokens", [])]
            self._loaded_stamp = stamp
        return self._records

    def _save(self, records: list[TokenRecord]) -> None:
        self._file.parent.mkdir(parents=True, exist_ok=True)
        temporary = self._file.with_name(self._file.name + ".tmp")
        data = json.dumps({"tokens": [asdict(record) for record in records]}, indent=2)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(data + "\n")
        temporary.replace(self._file)
        self._loaded_stamp = None
