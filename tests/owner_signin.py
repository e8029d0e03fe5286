"""Signs the owner in on the real approval page, and approves: for flow tests.

The protocol side's tests open a request with `/authorize`, follow its redirect to the page
and hand the page's URL here; what comes back is where the page sends the browser (the
client's redirect URI with a code, as the `Authorizations` made it).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx2
import pyotp

STEP_SECONDS = 30


def approve_through_page(
    http_client: httpx2.Client, approve_url: str, totp_secret: str, preset: str
) -> str:
    """The redirect URL after signing in with TOTP (unless `http_client` already holds a
    session) and approving with `preset`. A TOTP code serves once: when this step's code
    (and the next one's) have been used, it waits for the next step."""
    totp = pyotp.TOTP(totp_secret)

    def codes() -> list[str]:
        """This step's, the next one's, then (tried once the next step has come, as the page
        accepts one step ahead) the one after."""
        now = time.time()
        return [totp.at(now + step * STEP_SECONDS) for step in range(3)]

    return approve_signing_in_with(http_client, approve_url, codes, preset)


def approve_signing_in_with(
    http_client: httpx2.Client,
    approve_url: str,
    codes: Callable[[], list[str]],
    preset: str,
) -> str:
    """As `approve_through_page`, signing in with the first of `codes()` the page accepts."""
    request_id = parse_qs(urlsplit(approve_url).query)["request"][0]
    page = http_client.get(approve_url)
    if 'value="sign-in"' in page.text:
        page = _sign_in(http_client, approve_url, request_id, codes(), page.text)
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
    http_client: httpx2.Client, approve_url: str, request_id: str, codes: list[str], page: str
) -> httpx2.Response:
    for index, code in enumerate(codes):
        if index == 2:  # a TOTP code of the step after next: wait for its step to come
            time.sleep(max(0.0, STEP_SECONDS - time.time() % STEP_SECONDS + 0.5))
        answer = http_client.post(
            urljoin(approve_url, "/oauth/approve"),
            data={"csrf": _csrf(page), "request": request_id, "action": "sign-in", "code": code},
            follow_redirects=False,
        )
        if answer.status_code == 303:
            return http_client.get(approve_url)
        assert answer.status_code == 401, f"sign-in refused: {answer.status_code}"
        page = answer.text
    raise AssertionError("no code was accepted")


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None, "the page has no CSRF token"
    return found.group(1)
