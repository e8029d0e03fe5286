"""Discovery: what an app reads before it signs in (RFC 9728 and RFC 8414).

The protected-resource document names `/mcp` as the resource and the bridge itself as its
authorization server; the authorization-server document lists the endpoints and what they
support. Both are built with the MCP SDK's own models, so they are exactly what its
clients parse. A 401 from `/mcp` points at the resource document in `WWW-Authenticate`,
as the MCP authorization specification asks.
"""

from __future__ import annotations

from typing import Any

from mcp.shared.auth import OAuthMetadata, ProtectedResourceMetadata

from .paths import (
    AUTHORIZE_PATH,
    REGISTER_PATH,
    RESOURCE_METADATA_PATH,
    REVOKE_PATH,
    TOKEN_PATH,
)
from .settings import MCP_PATH, OAuthSettings


def resource_metadata_url(settings: OAuthSettings) -> str:
    """The path-suffixed document for `/mcp` (RFC 9728 section 3.1)."""
    return settings.public_url + RESOURCE_METADATA_PATH + MCP_PATH


def www_authenticate(settings: OAuthSettings, error: str | None = None) -> str:
    """The challenge a 401 from `/mcp` carries (RFC 9728 section 5.1, RFC 6750)."""
    challenge = f'Bearer realm="memoire", resource_metadata="{resource_metadata_url(settings)}"'
    if error:
        challenge += f', error="{error}"'
    return challenge


def resource_metadata(settings: OAuthSettings) -> dict[str, Any]:
    # Validated from plain strings: the models keep an issuer without a trailing slash as
    # it is, and clients compare issuers as strings (RFC 9207).
    document = ProtectedResourceMetadata.model_validate(
        {
            "resource": settings.resource,
            "authorization_servers": [settings.issuer],
            "bearer_methods_supported": ["header"],
            "resource_name": "memoire",
        }
    )
    return document.model_dump(mode="json", exclude_none=True)


def server_metadata(settings: OAuthSettings) -> dict[str, Any]:
    base = settings.public_url
    registration = base + REGISTER_PATH if settings.dynamic_registration else None
    document = OAuthMetadata.model_validate(
        {
            "issuer": settings.issuer,
            "authorization_endpoint": base + AUTHORIZE_PATH,
            "token_endpoint": base + TOKEN_PATH,
            "registration_endpoint": registration,
            "revocation_endpoint": base + REVOKE_PATH,
            "revocation_endpoint_auth_methods_supported": ["none"],
            "response_types_supported": ["code"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "token_endpoint_auth_methods_supported": ["none"],
            "code_challenge_methods_supported": ["S256"],
            "client_id_metadata_document_supported": True,
            "authorization_response_iss_parameter_supported": True,
        }
    )
    return document.model_dump(mode="json", exclude_none=True)
