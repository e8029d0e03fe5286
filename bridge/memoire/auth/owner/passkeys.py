"""The owner's passkeys (WebAuthn, through the `webauthn` library): add one, sign in with one.

A passkey is added only from a signed-in session, and is bound to the public URL's host
(the relying party). The authenticator must verify the person (PIN, fingerprint, face):
a passkey replaces a code, so a key merely touched by whoever holds it is not enough.

Each ceremony's challenge is kept for two minutes, for the browser that asked (its
cookie's digest) and for that ceremony only, and serves once; at most `CHALLENGES` wait
at a time, the oldest forgotten first, so a flood of requests for options costs bounded
memory.
"""

from __future__ import annotations

import json
import sqlite3
from collections import OrderedDict
from collections.abc import Callable
from typing import Literal

from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..database import AuthDatabase
from .settings import OwnerSettings

type Ceremony = Literal["register", "sign-in"]

CHALLENGE_SECONDS = 120
CHALLENGES = 4096
MAX_PASSKEYS = 20
RELYING_PARTY_NAME = "memoire"

TABLES = (
    "CREATE TABLE IF NOT EXISTS owner_passkeys ("
    " credential_id BLOB PRIMARY KEY, public_key BLOB NOT NULL,"
    " sign_count INTEGER NOT NULL, created REAL NOT NULL)",
)


class Passkeys:
    def __init__(
        self, database: AuthDatabase, settings: OwnerSettings, clock: Callable[[], float]
    ) -> None:
        database.create_tables(TABLES)
        self._database = database
        self._rp_id = settings.relying_party_id
        self._origin = settings.origin
        self._clock = clock
        self._challenges: OrderedDict[tuple[Ceremony, str], tuple[bytes, float]] = OrderedDict()

    def count(self) -> int:
        with self._database.transaction() as db:
            (found,) = db.execute("SELECT count(*) FROM owner_passkeys").fetchone()
        return int(found)

    def registration_options(self, browser: str, user_handle: bytes) -> str:
        """The JSON `navigator.credentials.create` needs (binary fields in base64url)."""
        options = generate_registration_options(
            rp_id=self._rp_id,
            rp_name=RELYING_PARTY_NAME,
            user_id=user_handle,
            user_name="owner",
            user_display_name="memoire owner",
            exclude_credentials=self._descriptors(),
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.PREFERRED,
                user_verification=UserVerificationRequirement.REQUIRED,
            ),
        )
        self._remember("register", browser, options.challenge)
        return options_to_json(options)

    def register(self, browser: str, credential: object) -> bool:
        challenge = self._take("register", browser)
        if challenge is None or self.count() >= MAX_PASSKEYS:
            return False
        try:
            verified = verify_registration_response(
                credential=_as_json(credential),
                expected_challenge=challenge,
                expected_rp_id=self._rp_id,
                expected_origin=self._origin,
                require_user_verification=True,
            )
        except WebAuthnException, ValueError, KeyError, TypeError:
            return False
        with self._database.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO owner_passkeys"
                " (credential_id, public_key, sign_count, created) VALUES (?, ?, ?, ?)",
                (
                    verified.credential_id,
                    verified.credential_public_key,
                    verified.sign_count,
                    self._clock(),
                ),
            )
        return True

    def authentication_options(self, browser: str) -> str:
        options = generate_authentication_options(
            rp_id=self._rp_id,
            allow_credentials=self._descriptors(),
            user_verification=UserVerificationRequirement.REQUIRED,
        )
        self._remember("sign-in", browser, options.challenge)
        return options_to_json(options)

    def authenticate(self, browser: str, credential: object) -> bool:
        challenge = self._take("sign-in", browser)
        if challenge is None:
            return False
        try:
            parsed = json.loads(_as_json(credential))
            credential_id = base64url_to_bytes(str(parsed["rawId"]))
            stored = self._stored(credential_id)
            if stored is None:
                return False
            public_key, sign_count = stored
            verified = verify_authentication_response(
                credential=_as_json(credential),
                expected_challenge=challenge,
                expected_rp_id=self._rp_id,
                expected_origin=self._origin,
                credential_public_key=public_key,
                credential_current_sign_count=sign_count,
                require_user_verification=True,
            )
        except WebAuthnException, ValueError, KeyError, TypeError:
            return False
        with self._database.transaction() as db:
            db.execute(
                "UPDATE owner_passkeys SET sign_count = ? WHERE credential_id = ?",
                (verified.new_sign_count, credential_id),
            )
        return True

    def _stored(self, credential_id: bytes) -> tuple[bytes, int] | None:
        with self._database.transaction() as db:
            row = db.execute(
                "SELECT public_key, sign_count FROM owner_passkeys WHERE credential_id = ?",
                (credential_id,),
            ).fetchone()
        return None if row is None else (bytes(row[0]), int(row[1]))

    def _descriptors(self) -> list[PublicKeyCredentialDescriptor]:
        with self._database.transaction() as db:
            rows = db.execute("SELECT credential_id FROM owner_passkeys").fetchall()
        return [PublicKeyCredentialDescriptor(id=bytes(row[0])) for row in rows]

    def _remember(self, ceremony: Ceremony, browser: str, challenge: bytes) -> None:
        self._challenges[(ceremony, browser)] = (challenge, self._clock() + CHALLENGE_SECONDS)
        self._challenges.move_to_end((ceremony, browser))
        while len(self._challenges) > CHALLENGES:
            self._challenges.popitem(last=False)

    def _take(self, ceremony: Ceremony, browser: str) -> bytes | None:
        """The challenge this browser was given for this ceremony, once, while it is fresh."""
        kept = self._challenges.pop((ceremony, browser), None)
        if kept is None or kept[1] < self._clock():
            return None
        return kept[0]


def _as_json(credential: object) -> str:
    if not isinstance(credential, dict):
        raise TypeError("a credential is a JSON object")
    return json.dumps(credential)


def forget_all(db: sqlite3.Connection) -> None:
    """When the owner is reset: the old owner's passkeys no longer open anything."""
    db.execute("DELETE FROM owner_passkeys")
