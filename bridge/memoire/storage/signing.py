"""Signing memoire's commits in Git's SSH format, with one Ed25519 key per bridge.

The key is made on first use and kept outside every repository (the user's data folder,
mode 0600, OpenSSH format); its public half is listed in the memory's `ALLOWED_SIGNERS_PATH`,
in Git's allowed-signers format, so `git verify-commit` with `gpg.format=ssh` and
`gpg.ssh.allowedSignersFile` pointing at it checks what memoire wrote.

The cryptography is the `cryptography` library's (Ed25519, OpenSSH key encoding). It has no
SSHSIG support, so this module only frames its signature in the documented SSHSIG envelope
(OpenSSH's PROTOCOL.sshsig): magic "SSHSIG", version 1, public key, namespace "git", an empty
reserved field, hash "sha512", and the signature of the SHA-512 of the signed data.
`cryptography` is imported when a key is first used, not with this module: a bridge
answers its first reads without it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import socket
import struct
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from ..core.errors import SigningKeyUnusable

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

ALLOWED_SIGNERS_PATH = ".memoire/allowed_signers"
NAMESPACE = b"git"
_KEY_TYPE = b"ssh-ed25519"
_MAGIC = b"SSHSIG"
_VERSION = 1
_HASHES = {b"sha512": hashlib.sha512, b"sha256": hashlib.sha256}
_BEGIN = "-----BEGIN SSH SIGNATURE-----"
_END = "-----END SSH SIGNATURE-----"
_PRINCIPAL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-")


def default_key_path() -> Path:
    """Outside every repository: the user's data folder (XDG_DATA_HOME moves it)."""
    return Path(platformdirs.user_data_dir("memoire")) / "signing" / "bridge_ed25519"


def default_principal() -> str:
    """`memoire@<host>`: who the allowed-signers file says a key belongs to."""
    host = "".join(char for char in socket.gethostname().lower() if char in _PRINCIPAL_CHARS)
    return f"memoire@{host.strip('.-')[:60] or 'bridge'}"


class BridgeKey:
    """This bridge's signing key, read (or made) on first use and then kept in memory."""

    def __init__(self, path: Path | None = None, principal: str | None = None) -> None:
        self.path = path or default_key_path()
        self.principal = principal or default_principal()
        self._private: Ed25519PrivateKey | None = None
        self._lock = threading.Lock()

    def sign(self, data: bytes) -> str:
        """The armoured SSHSIG signature of `data` in the "git" namespace."""
        private = self._key()
        signed = _signed_data(NAMESPACE, b"sha512", hashlib.sha512(data).digest())
        blob = (
            _MAGIC
            + struct.pack(">I", _VERSION)
            + _string(self.public_blob())
            + _string(NAMESPACE)
            + _string(b"")
            + _string(b"sha512")
            + _string(_string(_KEY_TYPE) + _string(private.sign(signed)))
        )
        return _armour(blob)

    def public_blob(self) -> bytes:
        """The public key in SSH wire form, as allowed-signers lines and SSHSIG hold it."""
        from cryptography.hazmat.primitives import serialization

        raw = (
            self._key()
            .public_key()
            .public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        )
        return _string(_KEY_TYPE) + _string(raw)

    def allowed_signers_line(self) -> str:
        key = base64.b64encode(self.public_blob()).decode("ascii")
        return f'{self.principal} namespaces="git" {_KEY_TYPE.decode()} {key}'

    def _key(self) -> Ed25519PrivateKey:
        with self._lock:
            if self._private is None:
                self._private = _load_or_create(self.path)
            return self._private


@dataclass(frozen=True, slots=True)
class Enrolment:
    """The allowed-signers file with this bridge's key added, to be committed on its own."""

    content: bytes
    message: str


def enrolment(key: BridgeKey, current: bytes | None) -> Enrolment | None:
    """None when `current` (the committed allowed-signers file) already lists the key."""
    text = (current or b"").decode("utf-8", errors="replace")
    if key.public_blob() in parse_allowed_signers(text):
        return None
    if text and not text.endswith("\n"):
        text += "\n"
    header = "" if text else "# Bridges whose commits memoire verify trusts (written by memoire)\n"
    content = f"{header}{text}{key.allowed_signers_line()}\n".encode()
    return Enrolment(content, f"memoire: add the signing key of bridge {key.principal}")


def parse_allowed_signers(text: str) -> dict[bytes, str]:
    """Ed25519 public keys (SSH wire form) to principals, for keys allowed in namespace git.

    Lines are `principals [options] key-type base64-key [comment]`; other key types are
    skipped (memoire only signs with Ed25519), as are keys restricted to other namespaces.
    """
    allowed: dict[bytes, str] = {}
    for line in text.splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#") or _KEY_TYPE.decode() not in fields[1:-1]:
            continue
        where = fields.index(_KEY_TYPE.decode(), 1)
        options = " ".join(fields[1:where]).lower()
        if "namespaces=" in options and not _git_namespace_allowed(options):
            continue
        with contextlib.suppress(ValueError):
            allowed[base64.b64decode(fields[where + 1], validate=True)] = fields[0]
    return allowed


def signer_of(armoured: str, data: bytes, allowed: Mapping[bytes, str]) -> str | None:
    """The principal whose allowed key made this SSHSIG signature of `data`; None otherwise."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        fields = _Reader(_unarmour(armoured))
        if fields.raw(len(_MAGIC)) != _MAGIC or fields.uint32() != _VERSION:
            return None
        public, namespace = fields.string(), fields.string()
        reserved, hash_name, signature = fields.string(), fields.string(), fields.string()
        fields.end()
        principal = allowed.get(public)
        if principal is None or namespace != NAMESPACE or hash_name not in _HASHES:
            return None
        key_fields, signature_fields = _Reader(public), _Reader(signature)
        if key_fields.string() != _KEY_TYPE or signature_fields.string() != _KEY_TYPE:
            return None
        raw_key, raw_signature = key_fields.string(), signature_fields.string()
        key_fields.end()
        signature_fields.end()
        digest = _HASHES[hash_name](data).digest()
        signed = _MAGIC + _string(namespace) + _string(reserved) + _string(hash_name)
        Ed25519PublicKey.from_public_bytes(raw_key).verify(raw_signature, signed + _string(digest))
    except ValueError, InvalidSignature:
        return None
    return principal


def _git_namespace_allowed(options: str) -> bool:
    listed = options.split("namespaces=", 1)[1].strip().strip('"').split('"')[0]
    return "git" in {name.strip() for name in listed.split(",")}


def _signed_data(namespace: bytes, hash_name: bytes, digest: bytes) -> bytes:
    return _MAGIC + _string(namespace) + _string(b"") + _string(hash_name) + _string(digest)


def _load_or_create(path: Path) -> Ed25519PrivateKey:
    """Read the key; make it first if there is none. Two processes racing agree on one key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        return _load(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    )
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(pem)
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)  # never replaces a key another process made first
    finally:
        temporary.unlink(missing_ok=True)
    return _load(path)


def _load(path: Path) -> Ed25519PrivateKey:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(descriptor, "rb") as file:
        if os.fstat(file.fileno()).st_mode & 0o077:
            raise SigningKeyUnusable(
                f"The signing key {path} can be read by other users; run `chmod 600 {path}` "
                "(or delete it so memoire makes a new one), then try again."
            )
        data = file.read()
    try:
        key = serialization.load_ssh_private_key(data, password=None)
    except (ValueError, TypeError) as error:
        raise SigningKeyUnusable(
            f"The signing key {path} cannot be read ({error}); move it away so memoire makes "
            "a new one, then try again."
        ) from error
    if not isinstance(key, Ed25519PrivateKey):
        raise SigningKeyUnusable(
            f"The signing key {path} is not an Ed25519 key; move it away so memoire makes a "
            "new one, then try again."
        )
    return key


def _string(value: bytes) -> bytes:
    return struct.pack(">I", len(value)) + value


def _armour(blob: bytes) -> str:
    encoded = base64.b64encode(blob).decode("ascii")
    lines = [encoded[start : start + 70] for start in range(0, len(encoded), 70)]
    return "\n".join([_BEGIN, *lines, _END]) + "\n"


def _unarmour(armoured: str) -> bytes:
    lines = [line.strip() for line in armoured.strip().splitlines()]
    if len(lines) < 3 or lines[0] != _BEGIN or lines[-1] != _END:
        raise ValueError("not an SSH signature")
    return base64.b64decode("".join(lines[1:-1]), validate=True)


class _Reader:
    """SSH wire-format fields, read in order; anything malformed raises ValueError."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def raw(self, size: int) -> bytes:
        if self._at + size > len(self._data):
            raise ValueError("truncated")
        chunk = self._data[self._at : self._at + size]
        self._at += size
        return chunk

    def uint32(self) -> int:
        value: int = struct.unpack(">I", self.raw(4))[0]
        return value

    def string(self) -> bytes:
        return self.raw(self.uint32())

    def end(self) -> None:
        if self._at != len(self._data):
            raise ValueError("trailing bytes")
