"""Where OAuth answers: the paths of its endpoints and the owner's pages, and no more.

Constants only, so that the guard and the request log know these paths without loading
what answers them (authlib, webauthn, httpx2 and the MCP SDK's models take a few hundred
milliseconds to import, and a bridge without `[oauth]` never needs them).
"""

from __future__ import annotations

from .approval import APPROVAL_PATH
from .settings import MCP_PATH

RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource"
SERVER_METADATA_PATH = "/.well-known/oauth-authorization-server"
AUTHORIZE_PATH = "/authorize"
TOKEN_PATH = "/token"
REGISTER_PATH = "/register"
REVOKE_PATH = "/revoke"
OWNER_PATH = "/oauth/owner"

PUBLIC_PATHS = frozenset(
    {
        RESOURCE_METADATA_PATH,
        RESOURCE_METADATA_PATH + MCP_PATH,
        SERVER_METADATA_PATH,
        AUTHORIZE_PATH,
        TOKEN_PATH,
        REGISTER_PATH,
        REVOKE_PATH,
        APPROVAL_PATH,
    }
)
"""Paths that answer without a bearer token when OAuth is on (the approval page signs the
owner in by its own means)."""


def is_public(path: str) -> bool:
    """The OAuth endpoints and the owner's pages (passkeys, static files) under `OWNER_PATH`,
    which check the origin and CSRF themselves."""
    return path in PUBLIC_PATHS or path.startswith(OWNER_PATH + "/")
