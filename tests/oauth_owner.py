"""The one step where the owner approves an app: every OAuth test goes through `approve`.

`register` makes the bridge's owner as `memoire owner init` does; `approve` then signs in on
the real approval page with one of the owner's recovery codes (a TOTP code serves once per
30 s, recovery codes let many tests approve without waiting) and approves.
"""

from __future__ import annotations

import time
import urllib.parse
from dataclasses import dataclass, field

import httpx2

from memoire.auth.database import AuthDatabase
from memoire.auth.owner.credentials import create_owner

from .owner_signin import approve_signing_in_with


@dataclass
class _Owner:
    database: AuthDatabase
    codes: list[str] = field(default_factory=list)

    def enrol(self) -> None:
        """As `memoire owner init --reset` does (the page answers 503 while there is none)."""
        self.codes = list(create_owner(self.database, reset=True, now=time.time()).recovery_codes)

    def next_codes(self) -> list[str]:
        """One unspent recovery code (a fresh enrolment when all are spent)."""
        if not self.codes:
            self.enrol()
        return [self.codes.pop()]


_OWNERS: dict[str, _Owner] = {}


def register(public_url: str, database: AuthDatabase) -> None:
    """The bridge at `public_url` gets a fresh owner in `database`, its auth database."""
    owner = _Owner(database)
    owner.enrol()
    _OWNERS[public_url] = owner


def approve(http_client: httpx2.Client, approve_url: str, preset: str) -> str:
    """The owner approves the request at `approve_url` with `preset` on the real page; the URL
    the browser is sent to next (the app's redirect URI with code, state and iss)."""
    parts = urllib.parse.urlsplit(approve_url)
    owner = _OWNERS[f"{parts.scheme}://{parts.netloc}"]
    return approve_signing_in_with(http_client, approve_url, owner.next_codes, preset)
