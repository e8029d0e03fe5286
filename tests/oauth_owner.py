"""The one step where the owner approves an app: every OAuth test goes through `approve`.

Until the owner's sign-in page is merged, the request is settled through the protocol
side's `Authorizations` implementation, on the bridge's own auth database; at merge this
function drives the real page at `approve_url` with `http_client` instead, and `register`
goes away.
"""

from __future__ import annotations

import urllib.parse

import httpx2

from memoire.auth.approval import Authorizations

_BRIDGES: dict[str, Authorizations] = {}


def register(public_url: str, authorizations: Authorizations) -> None:
    """Which authorization server settles the requests of the bridge at `public_url`."""
    _BRIDGES[public_url] = authorizations


def approve(http_client: httpx2.Client, approve_url: str, preset: str) -> str:
    """The owner approves the request at `approve_url` with `preset`; the URL the browser is
    sent to next (the app's redirect URI with code, state and iss)."""
    del http_client  # the real page will be driven with it
    parts = urllib.parse.urlsplit(approve_url)
    request_id = urllib.parse.parse_qs(parts.query)["request"][0]
    return _BRIDGES[f"{parts.scheme}://{parts.netloc}"].approve(request_id, preset)
