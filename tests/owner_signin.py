"""Signs the owner in on the real approval page with a TOTP code, and approves: for flow tests.

The protocol side's tests open a request with `/authorize`, follow its redirect to the page
and hand the page's URL here; what comes back is where the page sends the browser (the
client's redirect URI with a code, as the `Authorizations` made it).
"""

from __future__ import annotations

import re
import time
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx2
import pyotp

STEP_SECONDS = 30


def approve_through_page(
    http_client: httpx2.Client, approve_url: str, totp_secret: str, preset: str
) -> str:
    """The redirect URL after signing in (unless `http_client` already holds a session)
    and approving with `preset`. A TOTP code serves once: when this step's code (and the
    next one's) have been used, it waits for the next step."""
    request_id = parse_qs(urlsplit(approve_url).query)["request"][0]
    page = http_client.get(approve_url)
    if 'value="sign-in"' in page.text:
        page = _sign_in(http_client, approve_url, request_id, totp_secret, page.text)
    assert 'value="approve"' in page.text, f"not the approval form: {page.status_code}"
    answer = http_client.post(
        urljoin(approve_url, "/oauth/approve"),
        data={
            "csrf": _csrf(page.text),
            "request": request_id,
            "action": "approve",
            "preset": preset,
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303, f"approval refused: {answer.status_code} {answer.text}"
    return answer.headers["location"]


def _sign_in(
    http_client: httpx2.Client, approve_url: str, request_id: str, secret: str, page: str
) -> httpx2.Response:
    totp = pyotp.TOTP(secret)
    for attempt in range(3):
        now = time.time() + attempt * STEP_SECONDS  # the page accepts the next step's code too
        if attempt == 2:
            time.sleep(STEP_SECONDS - time.time() % STEP_SECONDS + 0.5)
            now = time.time()
        answer = http_client.post(
            urljoin(approve_url, "/oauth/approve"),
            data={
                "csrf": _csrf(page),
                "request": request_id,
                "action": "sign-in",
                "code": totp.at(now),
            },
            follow_redirects=False,
        )
        if answer.status_code == 303:
            return http_client.get(approve_url)
        assert answer.status_code == 401, f"sign-in refused: {answer.status_code}"
        page = answer.text
    raise AssertionError("no TOTP code was accepted")


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None, "the page has no CSRF token"
    return found.group(1)
