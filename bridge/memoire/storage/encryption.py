"""Sensitive notes encrypted inside Git: what is stored for a note, and how it is read back.

A note whose header says sensitive (or cannot be trusted, which counts as sensitive) is
stored as an envelope: one line naming the format and the key, one line saying what it is
for a person who opens it without memoire, then AES-SIV ciphertext in base64. AES-SIV is
deterministic: the same text under the same key gives the same bytes, so an unchanged
note never shows as modified and its version (blob id) stays stable. It is authenticated:
a changed or truncated envelope fails to open instead of giving garbage.

The same rule serves the bridge (which builds blobs itself) and the Git filter (a
person's own `git add`), so both store a note the same way: `NoteSealer`.
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
from collections.abc import Callable
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESSIV

from ..core.errors import MemoryKeyUnusable, NoteLocked
from ..core.layout import HeaderField, Layout
from ..core.note import parse_note, readme_is_hidden
from ..core.paths import is_note_path
from .keys import KeyFile, Keyring

MAGIC = b"memoire-encrypted v1 key="
_EXPLANATION = (
    b"# An encrypted sensitive note: a memoire bridge holding the memory key reads it "
    b"(memoire key import).\n"
)
_KEY_ID_CHARS = 16
_LETTER = rb"(?:[A-Za-z0-9]|[\xc3-\xdf][\x80-\xbf])"
_PUNCTUATION = rb"(?:[ .,;()/+=?_'-]|\xe2\x80[\x90-\xa7\xb0-\xbf])"
_PLAIN_VALUE = _LETTER + rb"(?:" + _LETTER + rb"|" + _PUNCTUATION + rb")*(?<! )"
"""Letters, digits and punctuation that YAML reads literally inside a plain value: ASCII,
the letters of U+00C0-U+07FF (accented Latin, Greek, Cyrillic...) and the dashes, quotes
and ellipsis of U+2010-U+2027 and U+2030-U+203F, never a character YAML reads as a line
break (U+0085, U+2028, U+2029), a space or a mark of its own (U+00A0, U+2000-U+200F,
U+202A-U+202F)."""
_PLAIN_HEADER = re.compile(rb"---\n(?P<lines>(?:[a-z]+: " + _PLAIN_VALUE + rb"\n){4})---(?:\n|\Z)")
_PLAIN_LINE = re.compile(rb"^([a-z]+): (" + _PLAIN_VALUE + rb")$", re.M)
_TRUE_WORDS = frozenset({b"yes", b"oui", b"true"})
_FALSE_WORDS = frozenset({b"no", b"non", b"false"})


def is_sealed(data: bytes) -> bool:
    return data.startswith(MAGIC)


def sealed_key_id(data: bytes) -> str | None:
    """The id of the key an envelope was made with; None for anything else."""
    if not is_sealed(data):
        return None
    return data[len(MAGIC) : len(MAGIC) + _KEY_ID_CHARS].decode("ascii", "replace")


def seal(plaintext: bytes, ring: Keyring) -> bytes:
    first_line = MAGIC + ring.current.encode("ascii") + b"\n"
    ciphertext = _cipher(ring.current_key).encrypt(plaintext, [first_line])
    return first_line + _EXPLANATION + base64.encodebytes(ciphertext)  # lines of 76


def unseal(data: bytes, ring: Keyring | None, shown: str) -> bytes:
    """The note's text; NoteLocked, saying what to do, when it cannot be had."""
    first_line, _, rest = data.partition(b"\n")
    wanted = sealed_key_id(data) or ""
    if ring is None or wanted not in ring.keys:
        held = "no memory key" if ring is None else f"the key {ring.current}"
        raise NoteLocked(
            f"{shown} is a sensitive note encrypted with the memory key {wanted}, and this "
            f"bridge holds {held}. Import that key on this machine with `memoire key import` "
            "(export it with `memoire key export` on a machine that reads it)."
        )
    try:
        body = rest.removeprefix(_EXPLANATION)
        ciphertext = base64.b64decode(b"".join(body.split()), validate=True)
        return _cipher(ring.keys[wanted]).decrypt(ciphertext, [first_line + b"\n"])
    except (InvalidTag, binascii.Error, ValueError) as error:
        raise NoteLocked(
            f"{shown} is a sensitive note whose stored ciphertext is damaged (it does not "
            "authenticate), so it is not shown. Restore an earlier version from history "
            "(`memoire_history`, then `memoire_restore`), and run `memoire check`."
        ) from error


_CIPHERS: dict[bytes, AESSIV] = {}


def _cipher(secret: bytes) -> AESSIV:
    cipher = _CIPHERS.get(secret)
    if cipher is None:
        cipher = _CIPHERS.setdefault(secret, AESSIV(secret))
    return cipher


class NoteSealer:
    """Which notes of one memory are stored encrypted, and with the key of which file.

    Paths given are memory paths (relative to the memory folder). Only notes and README
    are ever sealed: other files (the allowed signers, `.keep`) stay as they are.
    """

    def __init__(self, key_file: KeyFile, layout: Layout) -> None:
        self.key_file = key_file
        self.layout = layout

    @property
    def key_path(self) -> Path:
        return self.key_file.path

    def is_sensitive(self, path: str, data: bytes) -> bool:
        """What the catalog would hide by its label: sensitive, or a header not trusted."""
        if path != self.layout.readme and not is_note_path(path, self.layout):
            return False
        if path != self.layout.readme:
            plain = self.label_without_yaml(data)
            if plain is not None:
                return plain
        text = data.decode("utf-8", "replace")
        if path == self.layout.readme:
            return readme_is_hidden(text, self.layout)
        return parse_note(text, self.layout, "note").header.sensitive

    def label_without_yaml(self, data: bytes) -> bool | None:
        """The label of a header exactly as memoire writes it, read without YAML: the four
        fields, once each, with plain values no YAML reader can take two ways. None for any
        other header, which `parse_note` reads (tests hold the two to the same answer).
        It keeps `git status` on a memory of thousands of notes from parsing YAML for each.
        """
        match = _PLAIN_HEADER.match(data)
        if match is None:
            return None
        fields = dict(_PLAIN_LINE.findall(match["lines"]))
        keys = self._field_keys
        if len(fields) != len(keys) or set(fields) != keys:
            return None
        label = fields[self._sensitive_key].lower()
        if label in _FALSE_WORDS:
            return False
        return True if label in _TRUE_WORDS else None

    @functools.cached_property
    def _field_keys(self) -> frozenset[bytes]:
        return frozenset(self.layout.key(field).encode() for field in HeaderField)

    @functools.cached_property
    def _sensitive_key(self) -> bytes:
        return self.layout.key(HeaderField.SENSITIVE).encode()

    def stored(self, path: str, data: bytes, ring: Callable[[], Keyring | None]) -> bytes:
        """What Git keeps for a note with this text: its envelope when sensitive.

        Text that is already an envelope is kept as it is (a checkout without the key
        leaves envelopes in place, and `git status` must not see them as changed).
        `ring` is asked only for a sensitive note.
        """
        if is_sealed(data) or not self.is_sensitive(path, data):
            return data
        keys = ring()
        if keys is None:
            raise MemoryKeyUnusable(
                f"{path} is sensitive, and this machine has no memory key ({self.key_path}) "
                "to encrypt it with; nothing was written. Run `memoire key import` with the "
                "key exported from your other machine (or `memoire key rotate` to make one)."
            )
        return seal(data, keys)

    def readable(self, data: bytes, shown: str = "This note") -> bytes:
        """The text of a stored blob: opened when sealed, raising NoteLocked if it cannot be."""
        if not is_sealed(data):
            return data
        try:
            ring = self.key_file.ring()
        except MemoryKeyUnusable as error:
            message = f"{shown} is encrypted, and the memory key is unusable: {error.message}"
            raise NoteLocked(message) from None
        return unseal(data, ring, shown)

    def in_clear_or_as_is(self, data: bytes, shown: str) -> bytes:
        """For a checkout: the text when it can be had, else the envelope untouched."""
        try:
            return self.readable(data, shown)
        except NoteLocked, MemoryKeyUnusable:
            return data
