"""`memoire key export | import | rotate`: move the memory key between the owner's machines,
and replace it.

An export is the keyring wrapped with a passphrase: scrypt (from `cryptography`) derives
a key from it, AES-GCM encrypts the ring. Import adds the exported keys to this
machine's ring (the exported current key becomes current here too), then turns the
working tree's envelopes into text and lets the search index see the notes now readable.
Rotate makes a new key and re-encrypts every sensitive note at the branch's commit in
one commit; the old keys stay in the ring, so history stays readable here.
"""

from __future__ import annotations

import base64
import binascii
import getpass
import os
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from .config import Config
from .core.errors import InvalidArgument, MemoireError, NoteLocked
from .storage.keys import KeyFile, Keyring
from .storage.note_cipher import install
from .storage.store import Change, GitStore, Snapshot

EXPORT_HEADER = "memoire-key-export v1"
SCRYPT_N = 2**17  # 128 MiB, about half a second: costly to guess, fine once a move
SCRYPT_R = 8
SCRYPT_P = 1
MAX_SCRYPT_N = 2**20  # an export asking more is refused, not run
MIN_PASSPHRASE_CHARS = 12
_SALT_BYTES = 16
_NONCE_BYTES = 12


@dataclass(frozen=True, slots=True)
class Rotation:
    key: str
    notes: int
    commit: str | None


def run(action: str, config: Config, file: Path | None) -> int:
    """The command line's side: passphrases asked (or read from stdin), outcomes said."""
    if action == "rotate":
        rotation = rotate_key(config)
        where = f" in commit {rotation.commit[:10]}" if rotation.commit else ""
        notes = f"{rotation.notes} sensitive note(s) re-encrypted{where}"
        print(f"New memory key {rotation.key}; {notes}.")
        print("Run `memoire key export` and import it on your other machines.")
        return 0
    assert file is not None
    if action == "export":
        current = export_key(config, file, _passphrase(confirm=True))
        print(f"Wrote the memory key {current} to {file}, wrapped with your passphrase.")
        print(f"Move it to your other machine and run: memoire key import {file.name}")
        return 0
    current, cleared = import_key(config, file, _passphrase(confirm=False))
    print(f"Imported the memory key {current} into {config.memory.key_file}.")
    if cleared:
        print(f"{len(cleared)} encrypted note(s) in the working tree are now in clear.")
    return 0


def _passphrase(*, confirm: bool) -> str:
    """Asked twice on a terminal (once to import); the first line of stdin otherwise."""
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("Passphrase: ")
    if confirm and getpass.getpass("Passphrase again: ") != first:
        raise InvalidArgument("The two passphrases differ; nothing was exported. Try again.")
    return first


def export_key(config: Config, destination: Path, passphrase: str) -> str:
    """Write the keyring, wrapped, to a new file; the id of its current key."""
    _check_passphrase(passphrase)
    ring = _ring(config)
    salt = os.urandom(_SALT_BYTES)
    nonce = os.urandom(_NONCE_BYTES)
    wrapping = _derive(passphrase, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    sealed = AESGCM(wrapping).encrypt(nonce, ring.to_json(), EXPORT_HEADER.encode())
    text = "\n".join(
        [
            EXPORT_HEADER,
            f"scrypt n={SCRYPT_N} r={SCRYPT_R} p={SCRYPT_P} salt={_b64(salt)}",
            _b64(nonce + sealed),
            "",
        ]
    )
    try:
        descriptor = os.open(destination, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise InvalidArgument(
            f"{destination} exists already; nothing was written. Choose a new file name."
        ) from None
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(text)
    return ring.current


def import_key(config: Config, source: Path, passphrase: str) -> tuple[str, list[str]]:
    """Add the exported keys to this machine's ring; the current key's id, and the notes
    whose working-tree copy became readable."""
    imported = unwrap(source.read_text(encoding="ascii", errors="replace"), passphrase)
    key_file = KeyFile(config.memory.key_file)
    existing = key_file.ring()
    key_file.save(imported if existing is None else existing.merged(imported))
    memory = config.memory
    install(memory.repository, memory.subdir, memory.layout, memory.key_file)
    store = GitStore(memory.repository, memory.subdir, memory.branch)
    cleared = []
    if store.workdir is not None:
        scratch = memory.repository / ".git" / "memoire" / "tmp"
        scratch.mkdir(parents=True, exist_ok=True)
        cleared = store.cipher.clear_worktree(store.workdir, scratch)
    _forget_search_commit(memory.state_dir / "search.sqlite3")
    return imported.current, cleared


def unwrap(text: str, passphrase: str) -> Keyring:
    lines = text.splitlines()
    refusal = InvalidArgument(
        "This is not a memoire key export (made by `memoire key export`); nothing was imported."
    )
    if len(lines) < 3 or lines[0] != EXPORT_HEADER:
        raise refusal
    try:
        settings = dict(word.split("=", 1) for word in lines[1].split()[1:])
        n, r, p = int(settings["n"]), int(settings["r"]), int(settings["p"])
        salt = base64.b64decode(settings["salt"], validate=True)
        blob = base64.b64decode(lines[2], validate=True)
    except ValueError, KeyError, binascii.Error:
        raise refusal from None
    if not lines[1].startswith("scrypt ") or n > MAX_SCRYPT_N or r > 32 or p > 16:
        raise refusal
    try:
        wrapping = _derive(passphrase, salt, n, r, p)
        data = AESGCM(wrapping).decrypt(
            blob[:_NONCE_BYTES], blob[_NONCE_BYTES:], EXPORT_HEADER.encode()
        )
    except InvalidTag, ValueError:
        raise InvalidArgument(
            "The passphrase does not open this export (or the file was changed); nothing "
            "was imported. Try again with the passphrase given to `memoire key export`."
        ) from None
    return Keyring.from_json(data, "the export")


def rotate_key(config: Config) -> Rotation:
    """A new current key, and every sensitive note at the branch's commit sealed with it."""
    memory = config.memory
    install(memory.repository, memory.subdir, memory.layout, memory.key_file)
    store = GitStore(memory.repository, memory.subdir, memory.branch, memory.remote)
    key_file = KeyFile(memory.key_file)
    existing = key_file.ring()
    _sensitive_notes(store, store.snapshot())  # refuses before any key changes
    ring = Keyring.fresh() if existing is None else existing.with_key(Keyring.fresh().current_key)
    key_file.save(ring)

    def plan(snapshot: Snapshot) -> Change[int]:
        files = _sensitive_notes(store, snapshot)
        return Change(files, len(files))

    if not _sensitive_notes(store, store.snapshot()):
        return Rotation(ring.current, 0, None)
    message = "memoire key rotate\n\nclient: key\ntool: rotate\n"
    landed = store.write(plan, "key", message)
    return Rotation(ring.current, landed.change.outcome, landed.commit)


def _sensitive_notes(store: GitStore, snapshot: Snapshot) -> dict[str, bytes]:
    """Every sensitive note's text (sealed or still in clear); NoteLocked names the first
    note this machine cannot open, since rotating past it would leave it behind."""
    sealer = store.cipher.sealer
    found: dict[str, bytes] = {}
    for path, blob in sorted(snapshot.files.items()):
        try:
            text = store.read_blob(blob)
        except NoteLocked as locked:
            raise NoteLocked(
                f"{path}: {locked.message} Nothing was rotated: every sensitive note must be "
                "readable here first."
            ) from None
        if sealer.is_sensitive(path, text):
            found[path] = text
    return found


def _ring(config: Config) -> Keyring:
    ring = KeyFile(config.memory.key_file).ring()
    if ring is None:
        raise InvalidArgument(
            f"There is no memory key at {config.memory.key_file} yet: it is made with the first "
            "sensitive note (or `memoire key rotate`). Nothing was exported."
        )
    return ring


def _check_passphrase(passphrase: str) -> None:
    if len(passphrase) < MIN_PASSPHRASE_CHARS:
        raise InvalidArgument(
            f"The passphrase must have at least {MIN_PASSPHRASE_CHARS} characters (a few "
            "words); nothing was exported."
        )


def _derive(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return Scrypt(salt=salt, length=32, n=n, r=r, p=p).derive(passphrase.encode("utf-8"))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _forget_search_commit(database: Path) -> None:
    """The search index was built without the notes that could not be opened: make the
    next search rebuild it (`storage.search` rebuilds when it reflects no commit)."""
    if not database.exists():
        return
    try:
        with sqlite3.connect(database, timeout=5) as db:
            db.execute("DELETE FROM meta WHERE key = 'commit'")
    except sqlite3.Error as error:
        raise MemoireError(
            f"The key was imported, but the search index {database} could not be reset "
            f"({error}); delete that file so it is rebuilt."
        ) from error
