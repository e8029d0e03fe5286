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
import contextlib
import hashlib
import json
import os
import secrets
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from ..core.errors import MemoryKeyUnusable

KEY_BYTES = 64  # AES-256-SIV takes two 256-bit keys
KEY_FILE_NAME = "memory.key"
_FORMAT = 1
_FILE_LIMIT = 1024 * 1024  # thousands of keys; a larger file is not a key file


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
    shown = str(path)
    try:
        # O_NONBLOCK: a FIFO planted at the key's name is refused below, never waited on
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise MemoryKeyUnusable(
            f"The memory key {shown} cannot be opened ({error.strerror}); it must be a regular "
            "file. Move it away and run `memoire key import` with your export."
        ) from error
    try:
        _check_key_file(os.fstat(descriptor), shown)
    except BaseException:
        os.close(descriptor)
        raise
    with os.fdopen(descriptor, "rb") as file:
        return Keyring.from_json(file.read(), shown)


def _check_key_file(status: os.stat_result, shown: str) -> None:
    """Before a byte is read: a regular file, of a key file's size, for its owner only."""
    if not stat.S_ISREG(status.st_mode):
        raise MemoryKeyUnusable(
            f"The memory key {shown} is not a regular file. Move it away and run "
            "`memoire key import` with your export."
        )
    if status.st_size > _FILE_LIMIT:
        raise MemoryKeyUnusable(
            f"The memory key {shown} is {status.st_size:,} bytes, far more than a key file "
            "holds. Move it away and run `memoire key import` with your export."
        )
    if status.st_mode & 0o077:
        raise MemoryKeyUnusable(
            f"The memory key {shown} can be read by other users; run `chmod 600 {shown}`, "
            "then try again (and rotate the key with `memoire key rotate` if someone may "
            "have copied it)."
        )


def _write(path: Path, ring: Keyring, *, replace: bool) -> None:
    """Written whole to a temporary file (0600), then moved in place in one step."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(ring.to_json())
            file.flush()
            os.fsync(file.fileno())
        if replace:
            temporary.replace(path)
        else:
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)  # never replaces a key another process made first
    finally:
        temporary.unlink(missing_ok=True)
