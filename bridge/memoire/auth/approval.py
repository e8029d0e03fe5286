"""What the owner's approval page needs from the authorization server, and nothing more.

`/authorize` (the protocol side) checks a request, keeps it pending and sends the browser to
`/oauth/approve?request=<id>`; the approval page (the owner side) signs the owner in, shows
the request and the presets, and settles it through this interface. The page never sees a
code, a PKCE challenge or a token.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ..core.acl import FULL, READ_ONLY, Rights

APPROVAL_PATH = "/oauth/approve"

PRESETS: Mapping[str, Rights] = {
    "full": FULL,
    "read-sensitive": Rights(read=True, sensitive=True),
    "read": READ_ONLY,
}
"""The rows an owner may give an OAuth client, most to least trusted (a phone: `read`)."""


@dataclass(frozen=True, slots=True)
class ApprovalRequest:
    request_id: str
    client_id: str
    client_name: str
    redirect_uri: str
    expires_at: float


class Authorizations(Protocol):
    def pending(self, request_id: str) -> ApprovalRequest | None:
        """The request, or None when unknown, expired or already settled."""

    def approve(self, request_id: str, preset: str) -> str:
        """Grants the preset's rights as the client's row; the URL to send the browser to."""

    def deny(self, request_id: str) -> str:
        """Settles the request as refused; the URL (with `error=access_denied`) to send it to."""
