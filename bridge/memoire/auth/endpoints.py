"""The OAuth endpoints over HTTP: discovery, `/authorize`, `/token`, `/register`, `/revoke`.

These answer without a bearer token (that is what they hand out); the guard lets their
paths through (`paths.PUBLIC_PATHS`) after its header and size checks, and rates them per source
address. A request whose app cannot be trusted with a redirect gets a small page that says
what is wrong; every other refusal goes back to the app as `error=` (RFC 6749 4.1.2.1).
"""

from __future__ import annotations

import html
import json
from typing import Any

from authlib.oauth2.rfc6749.errors import InvalidRequestError, OAuth2Error
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ..core.errors import AuthorizationRefused, RegistrationRefused
from .metadata import resource_metadata, server_metadata
from .owner import OwnerSettings, owner_routes
from .paths import (
    AUTHORIZE_PATH,
    REGISTER_PATH,
    RESOURCE_METADATA_PATH,
    REVOKE_PATH,
    SERVER_METADATA_PATH,
    TOKEN_PATH,
)
from .server import OAuthServer
from .settings import MCP_PATH

REGISTRATION_BYTES = 16 * 1024
NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}


def oauth_routes(server: OAuthServer) -> list[BaseRoute]:
    """The protocol's endpoints and the owner's approval page, which settles through `server`."""
    settings = server.settings

    async def protected_resource(_: Request) -> Response:
        return JSONResponse(resource_metadata(settings))

    async def authorization_server(_: Request) -> Response:
        return JSONResponse(server_metadata(settings))

    async def authorize(request: Request) -> Response:
        source = request.client.host if request.client else "unknown"
        try:
            redirect = await server.authorize(dict(request.query_params), source)
        except AuthorizationRefused as problem:
            return error_page(str(problem), problem.status)
        return RedirectResponse(redirect.url, status_code=302, headers=NO_STORE)

    async def token(request: Request) -> Response:
        try:
            issued = server.token(await _form(request))
        except OAuth2Error as error:
            return _oauth_error(error)
        body = {
            "access_token": issued.access_token,
            "token_type": "Bearer",
            "expires_in": issued.expires_in,
            "refresh_token": issued.refresh_token,
        }
        return JSONResponse(body, headers=NO_STORE)

    async def revoke(request: Request) -> Response:
        try:
            server.revoke(await _form(request))
        except OAuth2Error as error:
            return _oauth_error(error)
        return Response(status_code=200, headers=NO_STORE)

    async def register(request: Request) -> Response:
        body = await request.body()
        try:
            metadata = json.loads(body) if len(body) <= REGISTRATION_BYTES else None
        except ValueError:
            metadata = None
        if not isinstance(metadata, dict):
            return JSONResponse(
                {
                    "error": "invalid_client_metadata",
                    "error_description": f"Send one JSON object of at most {REGISTRATION_BYTES} "
                    "bytes.",
                },
                400,
            )
        try:
            registered = server.clients.register(metadata)
        except RegistrationRefused as problem:
            status = 403 if problem.error == "access_denied" else 400
            body_out = {"error": problem.error, "error_description": str(problem)}
            return JSONResponse(body_out, status)
        return JSONResponse(registered, 201, headers=NO_STORE)

    return [
        Route(RESOURCE_METADATA_PATH, protected_resource, methods=["GET"]),
        Route(RESOURCE_METADATA_PATH + MCP_PATH, protected_resource, methods=["GET"]),
        Route(SERVER_METADATA_PATH, authorization_server, methods=["GET"]),
        Route(AUTHORIZE_PATH, authorize, methods=["GET"]),
        Route(TOKEN_PATH, token, methods=["POST"]),
        Route(REVOKE_PATH, revoke, methods=["POST"]),
        Route(REGISTER_PATH, register, methods=["POST"]),
        *owner_routes(server, server.db, OwnerSettings(public_url=settings.public_url)),
    ]


async def _form(request: Request) -> dict[str, str]:
    if not request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        raise InvalidRequestError(description="Send the form as application/x-www-form-urlencoded.")
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


def _oauth_error(error: OAuth2Error) -> Response:
    body: dict[str, Any] = {"error": error.error}
    if error.description:
        body["error_description"] = error.description
    status = 401 if error.error == "invalid_client" else 400
    return JSONResponse(body, status, headers=NO_STORE)


def error_page(message: str, status: int) -> Response:
    """A page for the person at the browser when the app cannot be sent the error."""
    text = html.escape(message, quote=False)
    page = (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        "<title>memoire: sign-in refused</title>"
        "<body style='font-family:system-ui,sans-serif;max-width:36em;margin:2em auto;"
        "padding:0 1em'><h1>This app cannot sign in</h1>"
        f"<p>{text}</p><p>Nothing was granted.</p></body></html>"
    )
    headers = {"Retry-After": "60"} if status == 429 else {}
    return HTMLResponse(page, status, headers={**NO_STORE, **headers})
