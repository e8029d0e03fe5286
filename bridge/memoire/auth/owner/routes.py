"""The owner's routes: the approval page, its passkey ceremonies and its two static files.

The protocol side mounts `owner_routes(...)`. Every answer carries strict headers: a
content security policy without inline script (the one script is a static file), no
framing, no caching, no referrer. Every post needs the CSRF token of the browser's cookie
and, when the browser says where it comes from, this bridge's origin.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ..approval import APPROVAL_PATH, PRESETS, ApprovalRequest, Authorizations
from ..database import AuthDatabase
from ..paths import OWNER_PATH
from . import credentials
from .attempts import CodeAttempts
from .csrf import csrf_token, csrf_valid
from .language import LANGUAGES, choose_language
from .pages import (
    STATIC_PATH,
    PageContext,
    approve_page,
    message_page,
    sign_in_page,
    static_file,
)
from .passkeys import Passkeys
from .sessions import OwnerSessions
from .settings import OwnerSettings

LANGUAGE_COOKIE = "memoire-language"
MAX_REQUEST_ID = 256
MAX_CODE = 64
STATIC_TYPES = {"owner.css": "text/css", "passkeys.js": "text/javascript"}
CSP_HOST = re.compile(r"[A-Za-z0-9.\-:\[\]]+")
CSP_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")


def owner_routes(
    authorizations: Authorizations,
    database: AuthDatabase,
    settings: OwnerSettings,
    *,
    clock: Callable[[], float] = time.time,
) -> list[BaseRoute]:
    """`/oauth/approve` (GET, POST), `/oauth/owner/passkey/...` (POST) and the static files."""
    pages = _OwnerPages(authorizations, database, settings, clock)
    return [
        Route(APPROVAL_PATH, pages.approval, methods=["GET", "POST"]),
        Route(f"{OWNER_PATH}/passkey/sign-in/options", pages.sign_in_options, methods=["POST"]),
        Route(f"{OWNER_PATH}/passkey/sign-in", pages.passkey_sign_in, methods=["POST"]),
        Route(f"{OWNER_PATH}/passkey/register/options", pages.register_options, methods=["POST"]),
        Route(f"{OWNER_PATH}/passkey/register", pages.register, methods=["POST"]),
        Route(f"{STATIC_PATH}/{{name}}", pages.static, methods=["GET"]),
    ]


@dataclass(frozen=True, slots=True)
class _Visit:
    """One request's browser: its cookie (made now if it had none) and its language."""

    cookie: str
    fresh: bool
    context: PageContext


class _OwnerPages:
    def __init__(
        self,
        authorizations: Authorizations,
        database: AuthDatabase,
        settings: OwnerSettings,
        clock: Callable[[], float],
    ) -> None:
        self._authorizations = authorizations
        self._database = database
        self._settings = settings
        self._clock = clock
        self._digests = credentials.prepare(database)
        self._sessions = OwnerSessions(
            database,
            self._digests,
            lifetime=settings.session_seconds,
            limit=settings.max_sessions,
            clock=clock,
        )
        self._passkeys = Passkeys(database, settings, clock)
        self._attempts = CodeAttempts(
            source_attempts=settings.source_attempts,
            shared_attempts=settings.shared_attempts,
            window_seconds=settings.lockout_seconds,
            tracked_sources=settings.tracked_sources,
            clock=clock,
        )
        secure = settings.secure
        self._cookie_name = "__Host-memoire-owner" if secure else "memoire-owner"

    # The page -------------------------------------------------------------------------

    async def approval(self, request: Request) -> Response:
        if request.method == "POST":
            return await self._answer(request)
        visit = self._visit(request, _request_id(request.query_params.get("request")))
        response = self._show(visit)
        chosen = request.query_params.get("lang")
        if chosen in LANGUAGES:
            response.set_cookie(
                LANGUAGE_COOKIE,
                chosen,
                max_age=365 * 86400,
                samesite="strict",
                secure=self._settings.secure,
                httponly=True,
            )
        return self._finish(response, visit)

    async def _answer(self, request: Request) -> Response:
        form = await request.form(max_files=0, max_fields=10)
        visit = self._visit(request, _request_id(_field(form, "request")))
        if not self._same_origin(request) or not csrf_valid(
            self._digests, _cookie_value(request, self._cookie_name), _field(form, "csrf")
        ):
            return self._finish(self._message(visit, "bad_form", 403), visit)
        action = _field(form, "action")
        if action == "sign-in":
            return self._finish(self._sign_in(request, visit, form), visit)
        if action in {"approve", "deny"}:
            return self._finish(self._settle(visit, action, _field(form, "preset")), visit)
        return self._finish(self._message(visit, "bad_form", 400), visit)

    def _show(self, visit: _Visit, notice: str | None = None, status: int = 200) -> Response:
        if credentials.user_handle(self._database) is None:
            return self._message(visit, "no_owner", 503)
        pending = self._pending(visit)
        if pending is None:
            return self._message(visit, "request_gone", 404)
        if self._sessions.signed_in(visit.cookie):
            page = approve_page(visit.context, pending, notice)
            return _secured(HTMLResponse(page, status), form_target=pending.redirect_uri)
        page = sign_in_page(visit.context, notice, passkeys=self._passkeys.count() > 0)
        return _secured(HTMLResponse(page, status))

    def _sign_in(self, request: Request, visit: _Visit, form: FormData) -> Response:
        if self._pending(visit) is None:
            return self._message(visit, "request_gone", 404)
        source = _source(request)
        wait = self._attempts.retry_after(source)
        if wait is not None:
            minutes = str(math.ceil(wait / 60))
            notice = visit.context.text("locked_out").format(minutes=minutes)
            response = self._show(visit, notice, 429)
            response.headers["retry-after"] = str(wait)
            return response
        code = _field(form, "code")[:MAX_CODE]
        if not credentials.check_code(self._database, self._digests, code, self._clock()):
            self._attempts.failed(source)
            return self._show(visit, visit.context.text("wrong_code"), 401)
        self._attempts.succeeded(source)
        return self._signed_in(RedirectResponse(_page_url(visit), 303))

    def _settle(self, visit: _Visit, action: str, preset: str) -> Response:
        if not self._sessions.signed_in(visit.cookie):
            return self._show(visit, visit.context.text("signed_out"), 401)
        if self._pending(visit) is None:
            return self._message(visit, "request_gone", 404)
        if action == "deny":
            return _secured(
                RedirectResponse(self._authorizations.deny(visit.context.request_id), 303)
            )
        if preset not in PRESETS:
            return self._show(visit, visit.context.text("choose_preset"), 400)
        url = self._authorizations.approve(visit.context.request_id, preset)
        return _secured(RedirectResponse(url, 303))

    # Passkeys ---------------------------------------------------------------------------

    async def sign_in_options(self, request: Request) -> Response:
        checked = await self._json_body(request)
        if isinstance(checked, Response):
            return checked
        cookie, _ = checked
        if self._passkeys.count() == 0:
            return _json_error("No passkey has been added yet: sign in with a code.", 404)
        options = self._passkeys.authentication_options(self._digests.of("browser", cookie))
        return _secured(Response(options, media_type="application/json"))

    async def passkey_sign_in(self, request: Request) -> Response:
        checked = await self._json_body(request)
        if isinstance(checked, Response):
            return checked
        cookie, body = checked
        browser = self._digests.of("browser", cookie)
        if not self._passkeys.authenticate(browser, body.get("credential")):
            return _json_error("The passkey was not accepted; try again or use a code.", 401)
        self._attempts.succeeded(_source(request))
        query = urlencode({"request": _request_id(str(body.get("request", "")))})
        return self._signed_in(_secured(JSONResponse({"next": f"{APPROVAL_PATH}?{query}"})))

    async def register_options(self, request: Request) -> Response:
        checked = await self._json_body(request, signed_in=True)
        if isinstance(checked, Response):
            return checked
        cookie, _ = checked
        handle = credentials.user_handle(self._database)
        if handle is None:
            return _json_error("This memory has no owner yet: run memoire owner init.", 503)
        options = self._passkeys.registration_options(self._digests.of("browser", cookie), handle)
        return _secured(Response(options, media_type="application/json"))

    async def register(self, request: Request) -> Response:
        checked = await self._json_body(request, signed_in=True)
        if isinstance(checked, Response):
            return checked
        cookie, body = checked
        if not self._passkeys.register(self._digests.of("browser", cookie), body.get("credential")):
            return _json_error("The passkey could not be added; try again.", 400)
        return _secured(JSONResponse({"added": True}))

    async def _json_body(
        self, request: Request, *, signed_in: bool = False
    ) -> tuple[str, Mapping[str, Any]] | Response:
        """The cookie and the JSON object of a passkey request, once origin, CSRF token
        and (to add a passkey) the owner's session are checked; else the refusal."""
        cookie = _cookie_value(request, self._cookie_name)
        if not self._same_origin(request) or not csrf_valid(
            self._digests, cookie, request.headers.get("x-csrf-token")
        ):
            return _json_error("This request did not come from the approval page.", 403)
        assert cookie is not None  # a valid CSRF token needs a cookie
        if signed_in and not self._sessions.signed_in(cookie):
            return _json_error("Sign in first: adding a passkey needs the owner.", 401)
        try:
            body = json.loads(await request.body())
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return _json_error("Send a JSON object.", 400)
        return cookie, body

    # Shared pieces ----------------------------------------------------------------------

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_TYPES:
            return _secured(Response("Not found.", 404, media_type="text/plain"))
        return _secured(Response(static_file(name), media_type=STATIC_TYPES[name]))

    def _visit(self, request: Request, request_id: str) -> _Visit:
        cookie = _cookie_value(request, self._cookie_name)
        fresh = cookie is None
        cookie = cookie or _new_browser_cookie()
        language = choose_language(
            request.query_params.get("lang") or request.cookies.get(LANGUAGE_COOKIE),
            request.headers.get("accept-language", ""),
        )
        context = PageContext(language, csrf_token(self._digests, cookie), request_id)
        return _Visit(cookie=cookie, fresh=fresh, context=context)

    def _finish(self, response: Response, visit: _Visit) -> Response:
        """A browser seen for the first time gets the cookie its CSRF token was made for."""
        prefix = f"{self._cookie_name}="
        if visit.fresh and not any(
            line.startswith(prefix) for line in response.headers.getlist("set-cookie")
        ):
            self._set_cookie(response, visit.cookie, max_age=None)
        return response

    def _signed_in(self, response: Response) -> Response:
        """A new session, under a new cookie: one planted before sign-in never becomes one."""
        self._set_cookie(response, self._sessions.start(), self._settings.session_seconds)
        return response

    def _set_cookie(self, response: Response, value: str, max_age: int | None) -> None:
        response.set_cookie(
            self._cookie_name,
            value,
            max_age=max_age,
            path="/",
            httponly=True,
            samesite="strict",
            secure=self._settings.secure,
        )

    def _pending(self, visit: _Visit) -> ApprovalRequest | None:
        request_id = visit.context.request_id
        return self._authorizations.pending(request_id) if request_id else None

    def _message(self, visit: _Visit, key: str, status: int) -> Response:
        return _secured(HTMLResponse(message_page(visit.context, visit.context.text(key)), status))

    def _same_origin(self, request: Request) -> bool:
        origin = request.headers.get("origin")
        return origin is None or origin == self._settings.origin


def _secured(response: Response, form_target: str | None = None) -> Response:
    """The page's headers. A form may post here, and (after Approve or Deny) lead the
    browser on to the client's redirect URI, which `form-action` must then allow."""
    targets = _csp_source(form_target) if form_target else "'self'"
    form_action = "" if targets is None else f" form-action {targets};"
    response.headers.update(
        {
            "content-security-policy": "default-src 'none'; script-src 'self'; "
            "style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none';"
            f"{form_action} frame-ancestors 'none'",
            "x-frame-options": "DENY",
            "cache-control": "no-store",
            "pragma": "no-cache",
            "referrer-policy": "same-origin",
            "x-content-type-options": "nosniff",
            "cross-origin-opener-policy": "same-origin",
            "cross-origin-resource-policy": "same-origin",
        }
    )
    return response


def _csp_source(uri: str) -> str | None:
    """`'self'` and the redirect URI's origin; None (no `form-action`) when it has none a
    policy can name, rather than a policy that would stop the owner's answer."""
    parts = urlsplit(uri)
    if not CSP_SCHEME.fullmatch(parts.scheme):
        return None
    if not parts.netloc:
        return f"'self' {parts.scheme}:"
    if not CSP_HOST.fullmatch(parts.netloc):
        return None
    return f"'self' {parts.scheme}://{parts.netloc}"


def _json_error(message: str, status: int) -> Response:
    return _secured(JSONResponse({"error": message}, status))


def _field(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def _request_id(value: str | None) -> str:
    return value if value and len(value) <= MAX_REQUEST_ID else ""


def _page_url(visit: _Visit) -> str:
    return f"{APPROVAL_PATH}?{urlencode({'request': visit.context.request_id})}"


def _source(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _cookie_value(request: Request, name: str) -> str | None:
    value = request.cookies.get(name)
    return value if value and len(value) <= 128 else None


def _new_browser_cookie() -> str:
    return secrets.token_urlsafe(32)
