"""The memory key: one file outside the repository, readable by its owner only.

The file is a small keyring: the key that encrypts (`current`) and the keys that
encrypted before (after a rotation, or imported from another machine), so every
version of a sensitive note in history stays readable here. Its id (a hash of the key,
never the key) is written in each encrypted note, so a bridge that lacks the key says
which one it needs. The file is read again whenever it changes: `memoire key rotate` or
`import` run beside a serving bridge take effect without a restart.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from ..core.errors import MemoryKeyUnusable, UnusableStateFile
from . import nofollow

KEY_BYTES = 64  # AES-256-SIV takes two 256-bit keys
KEY_FILE_NAME = "memory.key"
_FORMAT = 1
_FILE_LIMIT = 1024 * 1024  # thousands of keys; a larger file is not a key file
_WHAT_TO_DO = "Move it away and run `memoire key import` with your export."
_IF_COPIED = "rotate the key with `memoire key rotate`"


def default_key_file() -> Path:
    """In the bridge's config folder, beside memoire.toml: never inside a repository."""
    return Path(platformdirs.user_config_dir("memoire")) / KEY_FILE_NAME


def key_id(secret: bytes) -> str:
    """A short public name for a key: it tells which key a note needs, and nothing else."""
    return hashlib.sha256(b"memoire memory key id\0" + secret).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Keyring:
    current: str
    keys: dict[str, bytes] = field(default_factory=dict)

    @property
    def current_key(self) -> bytes:
        return self.keys[self.current]

    @classmethod
    def fresh(cls) -> Keyring:
        secret = secrets.token_bytes(KEY_BYTES)
        return cls(key_id(secret), {key_id(secret): secret})

    def with_key(self, secret: bytes) -> Keyring:
        """This ring with `secret` added and made current; the others kept for history."""
        return Keyring(key_id(secret), {**self.keys, key_id(secret): secret})

    def merged(self, other: Keyring) -> Keyring:
        """Every key of both rings; `other`'s current key becomes current."""
        return Keyring(other.current, {**self.keys, **other.keys})

    def to_json(self) -> bytes:
        keys = {name: base64.b64encode(secret).decode() for name, secret in self.keys.items()}
        return json.dumps({"format": _FORMAT, "current": self.current, "keys": keys}).encode()

    @classmethod
    def from_json(cls, data: bytes, shown: str) -> Keyring:
        try:
            loaded = json.loads(data)
            keys = {
                str(name): base64.b64decode(value, validate=True)
                for name, value in loaded["keys"].items()
            }
            ring = cls(str(loaded["current"]), keys)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise MemoryKeyUnusable(
                f"{shown} is not a memoire key file ({error}); restore it from your export "
                "with `memoire key import`."
            ) from error
        if loaded.get("format") != _FORMAT or ring.current not in keys:
            raise MemoryKeyUnusable(f"{shown} is not a memoire key file of a known format.")
        for name, secret in keys.items():
            if len(secret) != KEY_BYTES or key_id(secret) != name:
                raise MemoryKeyUnusable(f"{shown} holds a damaged key ({name}).")
        return ring


class KeyFile:
    """The key file at one path, read when it changes; None while there is none."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_key_file()
        self._lock = threading.Lock()
        self._seen: tuple[int, ...] | None = None
        self._ring: Keyring | None = None

    def ring(self) -> Keyring | None:
        """The keyring as the file says now; raises when the file cannot be trusted."""
        with self._lock:
            try:
                info = self.path.lstat()
            except FileNotFoundError:
                self._seen, self._ring = None, None
                return None
            # chmod changes only the mode and ctime: a key made readable is refused at once
            signature = (
                info.st_ino,
                info.st_mtime_ns,
                info.st_ctime_ns,
                info.st_size,
                info.st_mode,
            )
            if signature != self._seen:
                self._ring = _read(self.path)
                self._seen = signature
            return self._ring

    def create(self) -> Keyring:
        """Make the first key; two processes racing agree on the one written first."""
        _write(self.path, Keyring.fresh(), replace=False)
        ring = self.ring()
        assert ring is not None
        return ring

    def save(self, ring: Keyring) -> None:
        _write(self.path, ring, replace=True)


def _read(path: Path) -> Keyring:
    """The keyring, once `nofollow` found a regular file of a key file's size that only
    its owner may read: a FIFO, link, folder or huge file is refused before a byte is read."""
    try:
        data = nofollow.read_own_file(path, _FILE_LIMIT, _WHAT_TO_DO, if_copied=_IF_COPIED)
    except UnusableStateFile as error:
        raise MemoryKeyUnusable(f"The memory key {error.message}") from None
    except OSError as error:
        raise MemoryKeyUnusable(
            f"The memory key {path} cannot be opened ({error.strerror}). {_WHAT_TO_DO}"
        ) from error
    if data is None:  # removed since it was looked at
        raise MemoryKeyUnusable(f"The memory key {path} is gone. {_WHAT_TO_DO}")
    return Keyring.from_json(data, str(path))


def _write(path: Path, ring: Keyring, *, replace: bool) -> None:
    """Written whole (0600 from the start), then put in place in one step, never through a
    link; without `replace`, a key another process made first is kept. The folder may be
    a link its owner made (a config folder kept in a dotfiles repository)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    nofollow.write_state_file(
        path, ring.to_json(), mode=0o600, owner_may_link_folder=True, replace=replace
    )
