"""Per-token quotas: how many long-lived things (event streams, MCP sessions) a token holds.

The guard puts a digest of the request's token in the ASGI scope under TOKEN_KEY; quotas
count by it, so one token hoarding streams or sessions never locks out another token.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableMapping
from typing import Any

TOKEN_KEY = "memoire.token"


def token_digest(token: str) -> str:
    """A name for a token that is safe to keep in memory and logs."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()[:16]


def token_of(scope: MutableMapping[str, Any]) -> str:
    """The digest the guard stored for this request's token."""
    return str(scope[TOKEN_KEY])


class Quota:
    """At most `per_token` held at once per token; `take` says whether one more fits.

    Used from the event loop only (no lock needed)."""

    def __init__(self, per_token: int) -> None:
        self.per_token = per_token
        self._held: dict[str, int] = {}

    def take(self, token: str) -> bool:
        held = self._held.get(token, 0)
        if held >= self.per_token:
            return False
        self._held[token] = held + 1
        return True

    def give_back(self, token: str) -> None:
        held = self._held.get(token, 0) - 1
        if held > 0:
            self._held[token] = held
        else:
            self._held.pop(token, None)
