"""The bridge as its own authorization server for `/mcp`: the protocol, without HTTP.

`/authorize` checks a request and keeps it pending; the owner's approval page settles it
through the `Authorizations` interface (`pending`, `approve`, `deny`); `/token` exchanges
the code and rotates refresh tokens; the guard asks `bearer` on every `/mcp` request.

authlib's server framework (`AuthorizationServer` and its grants) is not used: it expects
a synchronous request wrapper per web framework and a client model it loads by id, while
here a client is a fetched metadata document, a request waits in SQLite for a person, and
codes and tokens live in the bridge's own tables. Its pieces that fit are used: the PKCE
S256 computation and token generation (`opaque`) and its error types (`errors`).
"""

from __future__ import annotations

import time
import urllib.parse
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from authlib.oauth2.rfc6749.errors import InvalidRequestError, UnsupportedGrantTypeError

from ..config import Config
from ..core.errors import AuthorizationRefused, InvalidArgument
from .approval import APPROVAL_PATH, PRESETS, ApprovalRequest
from .clients import ClientDirectory
from .database import AuthDatabase
from .grants import Grants
from .opaque import well_formed_challenge
from .pending import Authorization, PendingRequests
from .redirects import allowed, registered
from .settings import OAuthSettings
from .tokens import Bearer, CodeBinding, Issued, TokenStore

MAX_STATE_CHARS = 1024


@dataclass(frozen=True, slots=True)
class Redirect:
    """Where `/authorize` sends the browser: the approval page, or the app with `error=`."""

    url: str


def open_oauth(config: Config) -> OAuthServer | None:
    """The authorization server `memoire serve` runs, or None when [oauth] is absent."""
    if config.oauth is None:
        return None
    database = AuthDatabase(config.memory.auth_database)
    return OAuthServer(database, config.oauth, config.access.clients())


class OAuthServer:
    """Implements `approval.Authorizations` for the owner's page."""

    def __init__(
        self,
        db: AuthDatabase,
        settings: OAuthSettings,
        configured_clients: Collection[str],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.db = db
        self.grants = Grants(db, configured_clients, clock)
        self.tokens = TokenStore(db, settings, clock)
        self.requests = PendingRequests(db, settings, clock)
        self.clients = ClientDirectory(db, settings)

    # /authorize

    async def authorize(self, query: Mapping[str, str], source: str) -> Redirect:
        """Checks an authorization request and keeps it pending; raises AuthorizationRefused when
        the browser cannot safely be sent back to the app."""
        client_id = query.get("client_id", "")
        redirect_uri = query.get("redirect_uri", "")
        if not client_id or not redirect_uri:
            raise AuthorizationRefused(
                "The app's request lacks client_id or redirect_uri; ask its maker."
            )
        client = await self.clients.find(client_id, source)
        if not registered(client.redirect_uris, redirect_uri):
            raise AuthorizationRefused(f"{redirect_uri} is not one of this app's redirect URIs.")
        if not allowed(self.settings.redirect_uris, redirect_uri):
            raise AuthorizationRefused(
                f"{redirect_uri} is not in this bridge's redirect_uris allowlist. If you trust "
                f"{client.name}, add it to [oauth] redirect_uris in memoire.toml."
            )
        state = query.get("state")
        refusal = self._refusal(query)
        if refusal is not None:
            return Redirect(self._back(redirect_uri, state, *refusal))
        request = Authorization(
            client_id=client.client_id,
            client_name=client.name,
            redirect_uri=redirect_uri,
            state=state,
            challenge=query["code_challenge"],
            resource=self.settings.resource,
        )
        request_id = self.requests.open(request, source)
        if request_id is None:
            raise AuthorizationRefused(
                "Too many authorization requests are waiting; approve or let them expire "
                f"({self.settings.pending_minutes} minutes), then try again.",
                status=429,
            )
        approval = urllib.parse.urlencode({"request": request_id})
        return Redirect(f"{self.settings.public_url}{APPROVAL_PATH}?{approval}")

    def _refusal(self, query: Mapping[str, str]) -> tuple[str, str] | None:
        """(error, description) for a request that can be answered at the app's redirect."""
        if query.get("response_type") != "code":
            return "unsupported_response_type", "Only response_type=code is supported."
        if query.get("code_challenge_method") != "S256":
            return "invalid_request", "PKCE with code_challenge_method=S256 is required."
        if not well_formed_challenge(query.get("code_challenge", "")):
            return "invalid_request", "code_challenge must be an S256 challenge."
        resource = query.get("resource")
        if resource is not None and resource.rstrip("/") != self.settings.resource:
            return "invalid_target", f"This server grants access to {self.settings.resource} only."
        if len(query.get("state") or "") > MAX_STATE_CHARS:
            return "invalid_request", f"state is limited to {MAX_STATE_CHARS} characters."
        return None

    # The owner's page (approval.Authorizations)

    def pending(self, request_id: str) -> ApprovalRequest | None:
        found = self.requests.find(request_id)
        return None if found is None else found[0]

    def approve(self, request_id: str, preset: str) -> str:
        rights = PRESETS.get(preset)
        if rights is None:
            raise InvalidArgument(f"Unknown preset {preset!r}; choose one of {', '.join(PRESETS)}.")
        request = self.requests.settle(request_id)
        if request is None:
            raise InvalidArgument("This request is unknown, expired or already settled.")
        with self.db.transaction() as db:
            name = self.grants.record(
                db, request.client_id, request.client_name, request.redirect_uri, rights
            )
            code = self.tokens.issue_code(
                db,
                CodeBinding(
                    grant_name=name,
                    client_id=request.client_id,
                    redirect_uri=request.redirect_uri,
                    challenge=request.challenge,
                    resource=request.resource,
                ),
            )
        return self._back(request.redirect_uri, request.state, code=code)

    def deny(self, request_id: str) -> str:
        request = self.requests.settle(request_id)
        if request is None:
            raise InvalidArgument("This request is unknown, expired or already settled.")
        return self._back(
            request.redirect_uri, request.state, "access_denied", "The owner refused."
        )

    def _back(
        self,
        redirect_uri: str,
        state: str | None,
        error: str | None = None,
        description: str | None = None,
        *,
        code: str | None = None,
    ) -> str:
        """The app's redirect URI with the answer, its state and our issuer (RFC 9207)."""
        parameters = {
            "code": code,
            "error": error,
            "error_description": description,
            "state": state,
            "iss": self.settings.issuer,
        }
        query = urllib.parse.urlencode({k: v for k, v in parameters.items() if v is not None})
        separator = "&" if urllib.parse.urlsplit(redirect_uri).query else "?"
        return f"{redirect_uri}{separator}{query}"

    # /token, /revoke

    def token(self, form: Mapping[str, str]) -> Issued:
        """Raises an authlib OAuth2Error with the RFC 6749 error code on refusal."""
        grant_type = form.get("grant_type")
        client_id = _required(form, "client_id")
        resource = form.get("resource")
        if resource is not None:
            resource = resource.rstrip("/")
        if grant_type == "authorization_code":
            return self.tokens.exchange_code(
                _required(form, "code"),
                client_id,
                _required(form, "redirect_uri"),
                _required(form, "code_verifier"),
                resource,
            )
        if grant_type == "refresh_token":
            return self.tokens.refresh(_required(form, "refresh_token"), client_id, resource)
        raise UnsupportedGrantTypeError(
            description="grant_type must be authorization_code or refresh_token."
        )

    def revoke(self, form: Mapping[str, str]) -> None:
        self.tokens.revoke(_required(form, "token"))

    # The resource side

    def bearer(self, access_token: str) -> Bearer | None:
        """The row an access token speaks for on `/mcp`, noting that the row was used."""
        found = self.tokens.bearer(access_token, self.settings.resource)
        if found is not None:
            self.grants.touch(found.grant_name)
        return found


def _required(form: Mapping[str, str], name: str) -> str:
    value = form.get(name)
    if not value:
        raise InvalidRequestError(description=f"{name} is required.")
    return value
