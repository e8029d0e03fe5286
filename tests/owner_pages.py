"""The owner's approval page served for tests: its routes in a real Starlette app, on loopback.

The protocol side's `Authorizations` (the authorization server) is not merged yet, so
`DictAuthorizations` stands in for it: a real class over a dict, as small as the interface.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import httpx2
import pyotp
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from memoire.auth.approval import APPROVAL_PATH, PRESETS, ApprovalRequest
from memoire.auth.database import AuthDatabase
from memoire.auth.owner import OwnerSettings, owner_routes
from memoire.auth.owner.credentials import Enrolment, create_owner

from .bridges import free_port, served_in_thread


@dataclass
class DictAuthorizations:
    """Pending requests in a dict; settling one records the answer and forgets the request."""

    callback: str
    requests: dict[str, ApprovalRequest] = field(default_factory=dict)
    answers: dict[str, str] = field(default_factory=dict)
    clock: Callable[[], float] = time.time

    def open(
        self,
        client_name: str = "Claude",
        client_id: str = "https://claude.ai/oauth/client.json",
        redirect_uri: str = "https://claude.ai/api/mcp/auth_callback",
        seconds: float = 600,
    ) -> str:
        request_id = secrets.token_urlsafe(16)
        self.requests[request_id] = ApprovalRequest(
            request_id, client_id, client_name, redirect_uri, self.clock() + seconds
        )
        return request_id

    def pending(self, request_id: str) -> ApprovalRequest | None:
        request = self.requests.get(request_id)
        if request is None or request.expires_at <= self.clock():
            return None
        return request

    def approve(self, request_id: str, preset: str) -> str:
        assert preset in PRESETS
        assert self.pending(request_id) is not None
        del self.requests[request_id]
        self.answers[request_id] = preset
        return f"{self.callback}?{urlencode({'code': 'code-' + request_id, 'state': 's'})}"

    def deny(self, request_id: str) -> str:
        assert self.pending(request_id) is not None
        del self.requests[request_id]
        self.answers[request_id] = "denied"
        return f"{self.callback}?{urlencode({'error': 'access_denied', 'state': 's'})}"


@dataclass
class OwnerPages:
    url: str
    authorizations: DictAuthorizations
    database_file: Path
    enrolment: Enrolment

    @property
    def totp_secret(self) -> str:
        secret = re.search(r"secret=([A-Z2-7]+)", self.enrolment.totp_uri)
        assert secret is not None
        return secret.group(1)

    def totp(self, at: float | None = None) -> str:
        return pyotp.TOTP(self.totp_secret).at(time.time() if at is None else at)

    def approve_url(self, request_id: str) -> str:
        return f"{self.url}{APPROVAL_PATH}?{urlencode({'request': request_id})}"


@contextmanager
def served_owner_pages(
    database_file: Path,
    *,
    host: str = "127.0.0.1",
    clock: Callable[[], float] = time.time,
    **settings: int,
) -> Iterator[OwnerPages]:
    """The owner's routes and a `/callback` the answers lead to, in a uvicorn thread."""
    port = free_port()
    public_url = f"http://{host}:{port}"
    database = AuthDatabase(database_file)
    enrolment = create_owner(database, reset=False, now=clock())
    authorizations = DictAuthorizations(callback=f"{public_url}/callback", clock=clock)
    routes = owner_routes(
        authorizations, database, OwnerSettings(public_url=public_url, **settings), clock=clock
    )

    async def callback(request: Request) -> PlainTextResponse:
        return PlainTextResponse(f"back in the app: {request.url.query}")

    app = Starlette(routes=[*routes, Route("/callback", callback)])
    try:
        with served_in_thread(app, "127.0.0.1", port, "the owner's pages"):
            yield OwnerPages(public_url, authorizations, database_file, enrolment)
    finally:
        database.close()


def from_address(address: str) -> httpx2.Client:
    """A client whose connections leave from this loopback address (127.0.0.N)."""
    transport = httpx2.HTTPTransport(local_address=address)
    return httpx2.Client(transport=transport, timeout=10)


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None, "the page has no CSRF token"
    return found.group(1)


def post_code(
    client: httpx2.Client, pages: OwnerPages, request_id: str, code: str
) -> httpx2.Response:
    """Open the page (for its CSRF token) and submit a code, as the sign-in form does."""
    page = client.get(pages.approve_url(request_id))
    form = {"csrf": csrf_of(page.text), "request": request_id, "action": "sign-in", "code": code}
    return client.post(f"{pages.url}{APPROVAL_PATH}", data=form)
