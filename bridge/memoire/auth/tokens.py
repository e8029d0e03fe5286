"""Authorization codes, access tokens and refresh tokens, all stored as hashes.

One approval starts a *family*: its code, the tokens the code is exchanged for, and every
token a refresh rotates into. The family is what a theft detection revokes: a code used a
second time, or a refresh token presented after it was spent, means two parties hold it,
and the bridge cannot tell which is the app, so the whole family ends and the app asks
the owner again. Access tokens are short-lived, bound to the one resource (`<public_url>
/mcp`), and checked on every request; a revoked row takes them with it (foreign keys).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

from authlib.oauth2.rfc6749.errors import InvalidGrantError

from .database import AuthDatabase
from .opaque import (
    ACCESS_PREFIX,
    CODE_PREFIX,
    REFRESH_PREFIX,
    digest,
    new_secret,
    verifier_matches,
)
from .settings import OAuthSettings

SPENT_KEPT_PER_FAMILY = 20
"""Spent refresh tokens kept per family to recognise a reuse; older ones are forgotten."""
USED_CODES_KEPT_SECONDS = 86_400
"""A used code is remembered this long after it expired, so a late replay still revokes."""

TABLES = (
    """CREATE TABLE IF NOT EXISTS oauth_codes (
        digest TEXT PRIMARY KEY,
        grant_name TEXT NOT NULL REFERENCES oauth_grants(name) ON DELETE CASCADE,
        client_id TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        challenge TEXT NOT NULL,
        resource TEXT NOT NULL,
        family TEXT NOT NULL,
        expires REAL NOT NULL,
        used INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS oauth_tokens (
        digest TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        grant_name TEXT NOT NULL REFERENCES oauth_grants(name) ON DELETE CASCADE,
        client_id TEXT NOT NULL,
        family TEXT NOT NULL,
        resource TEXT NOT NULL,
        created REAL NOT NULL,
        expires REAL NOT NULL,
        spent INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS oauth_tokens_family ON oauth_tokens(family)",
    "CREATE INDEX IF NOT EXISTS oauth_tokens_grant ON oauth_tokens(grant_name)",
)


@dataclass(frozen=True, slots=True)
class CodeBinding:
    """What a code was issued for; the exchange must present the same."""

    grant_name: str
    client_id: str
    redirect_uri: str
    challenge: str
    resource: str


@dataclass(frozen=True, slots=True)
class Issued:
    access_token: str
    refresh_token: str
    expires_in: int


@dataclass(frozen=True, slots=True)
class Bearer:
    """Whom a valid access token speaks for, and the family its quotas count by."""

    grant_name: str
    family: str


class TokenStore:
    def __init__(
        self, db: AuthDatabase, settings: OAuthSettings, clock: Callable[[], float] = time.time
    ) -> None:
        self._db = db
        self._settings = settings
        self._clock = clock
        db.create_tables(TABLES)

    def issue_code(self, db: sqlite3.Connection, binding: CodeBinding) -> str:
        """A one-time code for a fresh family, inside the caller's transaction."""
        code = new_secret(CODE_PREFIX)
        now = self._clock()
        db.execute("DELETE FROM oauth_codes WHERE expires < ?", (now - USED_CODES_KEPT_SECONDS,))
        db.execute(
            "INSERT INTO oauth_codes VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)",
            (
                digest(code),
                binding.grant_name,
                binding.client_id,
                binding.redirect_uri,
                binding.challenge,
                binding.resource,
                new_secret(""),
                now + self._settings.code_seconds,
            ),
        )
        return code

    def exchange_code(
        self, code: str, client_id: str, redirect_uri: str, verifier: str, resource: str | None
    ) -> Issued:
        """Tokens for a code, once. Any use spends it; a second use revokes what the first gave."""
        with self._db.transaction() as db:
            outcome = self._exchange(
                db, code, client_id, redirect_uri=redirect_uri, verifier=verifier, resource=resource
            )
        if isinstance(outcome, str):  # raised after the commit: the spending must stay
            raise InvalidGrantError(outcome)
        return outcome

    def refresh(self, refresh_token: str, client_id: str, resource: str | None) -> Issued:
        """A new pair for a refresh token, which is spent; a spent one revokes its family."""
        with self._db.transaction() as db:
            outcome = self._rotate(db, refresh_token, client_id, resource)
        if isinstance(outcome, str):
            raise InvalidGrantError(outcome)
        return outcome

    def _exchange(
        self,
        db: sqlite3.Connection,
        code: str,
        client_id: str,
        *,
        redirect_uri: str,
        verifier: str,
        resource: str | None,
    ) -> Issued | str:
        row = db.execute(
            "SELECT grant_name, client_id, redirect_uri, challenge, resource, family, "
            "expires, used FROM oauth_codes WHERE digest = ?",
            (digest(code),),
        ).fetchone()
        if row is None:
            return "This code is unknown or was revoked; authorize again."
        grant_name, bound_client, bound_redirect, challenge, bound_resource = row[:5]
        family, expires, used = row[5:]
        if used:
            db.execute("DELETE FROM oauth_tokens WHERE family = ?", (family,))
            return "This code was already used; the tokens it gave are revoked. Authorize again."
        db.execute("UPDATE oauth_codes SET used = 1 WHERE digest = ?", (digest(code),))
        problem = _code_problem(
            expires < self._clock(),
            bound_client == client_id,
            bound_redirect == redirect_uri,
            resource in (None, bound_resource),
            verifier_matches(verifier, challenge),
        )
        return problem or self._issue(db, grant_name, client_id, family, bound_resource)

    def _rotate(
        self, db: sqlite3.Connection, refresh_token: str, client_id: str, resource: str | None
    ) -> Issued | str:
        row = db.execute(
            "SELECT grant_name, client_id, family, resource, expires, spent FROM oauth_tokens "
            "WHERE digest = ? AND kind = 'refresh'",
            (digest(refresh_token),),
        ).fetchone()
        if row is None:
            return "This refresh token is unknown, expired or revoked; authorize again."
        grant_name, bound_client, family, bound_resource, expires, spent = row
        if spent:
            db.execute("DELETE FROM oauth_tokens WHERE family = ?", (family,))
            return (
                "This refresh token was already used, so it may have been stolen: every "
                "token of this authorization is revoked. Authorize again."
            )
        if bound_client != client_id:
            return "This refresh token was issued to another client."
        if resource not in (None, bound_resource):
            return f"This refresh token is for {bound_resource} only."
        if expires < self._clock():
            return "This refresh token has expired; authorize again."
        db.execute("UPDATE oauth_tokens SET spent = 1 WHERE digest = ?", (digest(refresh_token),))
        return self._issue(db, grant_name, client_id, family, bound_resource)

    def revoke(self, token: str) -> None:
        """RFC 7009: a refresh token ends its family; an access token ends itself."""
        with self._db.transaction() as db:
            row = db.execute(
                "SELECT kind, family FROM oauth_tokens WHERE digest = ?", (digest(token),)
            ).fetchone()
            if row is None:
                return
            kind, family = row
            if kind == "refresh":
                db.execute("DELETE FROM oauth_tokens WHERE family = ?", (family,))
            else:
                db.execute("DELETE FROM oauth_tokens WHERE digest = ?", (digest(token),))

    def bearer(self, access_token: str, resource: str) -> Bearer | None:
        """The row a presented access token speaks for, if it is live and for `resource`."""
        with self._db.reading() as db:
            row = db.execute(
                "SELECT grant_name, family, resource, expires FROM oauth_tokens "
                "WHERE digest = ? AND kind = 'access'",
                (digest(access_token),),
            ).fetchone()
        if row is None or row[2] != resource or row[3] < self._clock():
            return None
        return Bearer(grant_name=row[0], family=row[1])

    def live_tokens(self) -> dict[str, int]:
        """Unexpired, unspent tokens per row, for `memoire oauth list`."""
        with self._db.reading() as db:
            rows = db.execute(
                "SELECT grant_name, count(*) FROM oauth_tokens WHERE spent = 0 AND expires > ? "
                "GROUP BY grant_name",
                (self._clock(),),
            ).fetchall()
        return {str(name): int(count) for name, count in rows}

    def _issue(
        self, db: sqlite3.Connection, grant_name: str, client_id: str, family: str, resource: str
    ) -> Issued:
        now = self._clock()
        lifetime = self._settings.access_token_minutes * 60
        access, refresh = new_secret(ACCESS_PREFIX), new_secret(REFRESH_PREFIX)
        for token, kind, expires in (
            (access, "access", now + lifetime),
            (refresh, "refresh", now + self._settings.refresh_token_days * 86_400),
        ):
            db.execute(
                "INSERT INTO oauth_tokens VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)",
                (digest(token), kind, grant_name, client_id, family, resource, now, expires),
            )
        _forget_old(db, family, now)
        return Issued(access_token=access, refresh_token=refresh, expires_in=lifetime)


def _code_problem(
    expired: bool, same_client: bool, same_redirect: bool, same_resource: bool, verified: bool
) -> str | None:
    if expired:
        return "This code has expired (codes live a minute); authorize again."
    if not same_client:
        return "This code was issued to another client."
    if not same_redirect:
        return "redirect_uri differs from the one the code was issued for."
    if not same_resource:
        return "resource differs from the one the code was issued for."
    if not verified:
        return "code_verifier does not match the code_challenge (PKCE S256)."
    return None


def _forget_old(db: sqlite3.Connection, family: str, now: float) -> None:
    """Expired access tokens go; a family keeps its newest spent refresh tokens only."""
    db.execute("DELETE FROM oauth_tokens WHERE expires < ?", (now,))
    db.execute(
        "DELETE FROM oauth_tokens WHERE family = ? AND kind = 'refresh' AND spent = 1 AND digest "
        "NOT IN (SELECT digest FROM oauth_tokens WHERE family = ? AND kind = 'refresh' "
        "AND spent = 1 ORDER BY created DESC LIMIT ?)",
        (family, family, SPENT_KEPT_PER_FAMILY),
    )
