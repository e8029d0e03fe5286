"""Attacks on the owner's approval page, on loopback, bounded in count and time.

The `Authorizations` behind the page is `tests.owner_pages.DictAuthorizations` (the protocol
side's is not merged yet): what is attacked here is the owner's sign-in and the page.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import httpx2
import pytest

from memoire.auth.approval import APPROVAL_PATH
from memoire.auth.database import AuthDatabase
from memoire.auth.owner import OwnerSettings, owner_routes
from memoire.auth.owner.attempts import CodeAttempts, source_of
from memoire.auth.owner.credentials import prepare

from ..owner_pages import (
    DictAuthorizations,
    OwnerPages,
    csrf_of,
    from_address,
    post_code,
    served_owner_pages,
)

PASSKEY = "/oauth/owner/passkey"


@pytest.fixture
def pages(tmp_path: Path) -> object:
    with served_owner_pages(tmp_path / "auth.sqlite3") as served:
        yield served


def signed_in_client(pages: OwnerPages, request_id: str) -> httpx2.Client:
    client = httpx2.Client(timeout=10)
    assert post_code(client, pages, request_id, pages.totp()).status_code == 303
    return client


def test_markup_in_a_client_name_is_shown_never_run(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open(
        client_name='<script>alert("owned")</script>',
        client_id='x" onmouseover="alert(1)',
        redirect_uri="https://evil.example/cb?<img src=x onerror=alert(1)>",
    )
    page = signed_in_client(pages, request_id).get(pages.approve_url(request_id)).text
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;" in page
    assert 'x" onmouseover' not in page
    assert "<img" not in page


def test_a_redirect_uri_dressed_as_another_host_shows_its_real_host(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open(redirect_uri="https://claude.ai@evil.example/cb")
    page = signed_in_client(pages, request_id).get(pages.approve_url(request_id)).text
    assert "https://claude.ai@<strong>evil.example</strong>/cb" in page


def test_approving_needs_a_signed_in_owner_not_just_a_csrf_token(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(timeout=10) as attacker:
        page = attacker.get(pages.approve_url(request_id)).text
        for action in ("approve", "deny"):
            answer = attacker.post(
                f"{pages.url}{APPROVAL_PATH}",
                data={
                    "csrf": csrf_of(page),
                    "request": request_id,
                    "action": action,
                    "preset": "full",
                },
            )
            assert answer.status_code == 401
            assert 'value="sign-in"' in answer.text
    assert pages.authorizations.answers == {}
    assert pages.authorizations.pending(request_id) is not None


def test_a_cookie_planted_before_sign_in_never_becomes_the_session(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(timeout=10) as attacker:
        attacker.get(pages.approve_url(request_id))
        planted = attacker.cookies["memoire-owner"]
        with httpx2.Client(timeout=10) as owner:
            owner.cookies.set("memoire-owner", planted, domain="127.0.0.1")
            assert post_code(owner, pages, request_id, pages.totp()).status_code == 303
            assert owner.cookies["memoire-owner"] != planted
        assert 'value="sign-in"' in attacker.get(pages.approve_url(request_id)).text


def test_a_csrf_token_made_for_another_browser_is_refused(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(timeout=10) as attacker:
        token = csrf_of(attacker.get(pages.approve_url(request_id)).text)
    owner = signed_in_client(pages, request_id)
    answer = owner.post(
        f"{pages.url}{APPROVAL_PATH}",
        data={"csrf": token, "request": request_id, "action": "approve", "preset": "full"},
    )
    assert answer.status_code == 403
    assert pages.authorizations.answers == {}


def test_a_post_from_another_origin_is_refused_even_with_the_right_token(
    pages: OwnerPages,
) -> None:
    request_id = pages.authorizations.open()
    owner = signed_in_client(pages, request_id)
    page = owner.get(pages.approve_url(request_id)).text
    for origin in ("https://evil.example", "null"):
        answer = owner.post(
            f"{pages.url}{APPROVAL_PATH}",
            data={
                "csrf": csrf_of(page),
                "request": request_id,
                "action": "approve",
                "preset": "full",
            },
            headers={"origin": origin},
        )
        assert answer.status_code == 403
    assert pages.authorizations.answers == {}


def test_an_unknown_preset_grants_nothing(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    owner = signed_in_client(pages, request_id)
    page = owner.get(pages.approve_url(request_id)).text
    for preset in ("admin", "", "FULL"):
        answer = owner.post(
            f"{pages.url}{APPROVAL_PATH}",
            data={
                "csrf": csrf_of(page),
                "request": request_id,
                "action": "approve",
                "preset": preset,
            },
        )
        assert answer.status_code == 400
    assert pages.authorizations.answers == {}


def test_adding_a_passkey_needs_a_signed_in_owner(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(timeout=10) as attacker:
        token = csrf_of(attacker.get(pages.approve_url(request_id)).text)
        for step in ("register/options", "register"):
            no_token = attacker.post(f"{pages.url}{PASSKEY}/{step}", json={})
            assert no_token.status_code == 403
            with_token = attacker.post(
                f"{pages.url}{PASSKEY}/{step}", json={}, headers={"x-csrf-token": token}
            )
            assert with_token.status_code == 401
    assert sqlite3.connect(pages.database_file).execute(
        "SELECT count(*) FROM owner_passkeys"
    ).fetchone() == (0,)


def test_a_forged_passkey_assertion_signs_nobody_in(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(timeout=10) as attacker:
        token = csrf_of(attacker.get(pages.approve_url(request_id)).text)
        headers = {"x-csrf-token": token}
        assert (
            attacker.post(
                f"{pages.url}{PASSKEY}/sign-in/options", json={}, headers=headers
            ).status_code
            == 404
        )  # no passkey exists: nothing to offer
        for credential in (None, "x", {"rawId": "AAAA", "id": "AAAA", "response": {}}):
            answer = attacker.post(
                f"{pages.url}{PASSKEY}/sign-in",
                json={"request": request_id, "credential": credential},
                headers=headers,
            )
            assert answer.status_code == 401
        assert (
            attacker.post(
                f"{pages.url}{PASSKEY}/sign-in", content=b"{not json", headers=headers
            ).status_code
            == 400
        )
        assert 'value="sign-in"' in attacker.get(pages.approve_url(request_id)).text


@pytest.mark.parametrize("kind", ["recovery", "totp"])
def test_one_code_raced_from_many_clients_signs_in_once(pages: OwnerPages, kind: str) -> None:
    request_id = pages.authorizations.open()
    code = pages.enrolment.recovery_codes[0] if kind == "recovery" else pages.totp()
    statuses: list[int] = []
    lock = threading.Lock()

    def attempt(address: str) -> None:
        with from_address(address) as client:
            status = post_code(client, pages, request_id, code).status_code
        with lock:
            statuses.append(status)

    racers = [threading.Thread(target=attempt, args=(f"127.0.0.{n}",)) for n in range(40, 48)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=30)
    assert sorted(statuses) == [303] + [401] * 7


def test_nothing_over_http_creates_an_owner(tmp_path: Path) -> None:
    """Without `memoire owner init`, no route makes an owner, whatever it is sent."""
    database = AuthDatabase(tmp_path / "auth.sqlite3")
    authorizations = DictAuthorizations(callback="https://claude.ai/cb")
    settings = OwnerSettings(public_url="http://127.0.0.1")
    routes = owner_routes(authorizations, database, settings)
    assert sorted(route.path for route in routes) == sorted(  # type: ignore[attr-defined]
        [
            APPROVAL_PATH,
            f"{PASSKEY}/register",
            f"{PASSKEY}/register/options",
            f"{PASSKEY}/sign-in",
            f"{PASSKEY}/sign-in/options",
            "/oauth/owner/static/{name}",
        ]
    )
    from starlette.applications import Starlette
    from starlette.testclient import TestClient

    request_id = authorizations.open()
    with TestClient(Starlette(routes=routes), base_url="http://127.0.0.1") as client:
        page = client.get(f"{APPROVAL_PATH}?request={request_id}")
        assert page.status_code == 503
        assert "memoire owner init" in page.text
        token = csrf_of_cookie(client, database)
        for code in ("000000", "abcd-efgh-jkmn-pqrs"):
            answer = client.post(
                APPROVAL_PATH,
                data={"csrf": token, "request": request_id, "action": "sign-in", "code": code},
            )
            assert answer.status_code == 503
            assert "memoire owner init" in answer.text
        headers = {"x-csrf-token": token}
        assert (
            client.post(f"{PASSKEY}/register/options", json={}, headers=headers).status_code == 401
        )
        assert client.post(f"{PASSKEY}/register", json={}, headers=headers).status_code == 401
    with database.transaction() as db:
        assert db.execute("SELECT count(*) FROM owner").fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM owner_sessions").fetchone() == (0,)
    database.close()


def csrf_of_cookie(client: object, database: AuthDatabase) -> str:
    """The token the page would embed for this client's cookie (the page shows no form
    while there is no owner, so the test computes it the way the page does)."""
    from memoire.auth.owner.csrf import csrf_token

    cookie = client.cookies["memoire-owner"]  # type: ignore[attr-defined]
    return csrf_token(prepare(database), cookie)


def test_attempt_state_is_bounded_and_forgets_the_least_recent_source() -> None:
    attempts = CodeAttempts(
        source_attempts=2,
        shared_attempts=0,
        window_seconds=900,
        tracked_sources=3,
        clock=lambda: 1000.0,
    )
    for _ in range(2):
        attempts.failed("127.0.0.2")
    assert attempts.retry_after("127.0.0.2") == 900
    for n in range(3, 3 + 3):
        attempts.failed(f"127.0.0.{n}")
    assert attempts.retry_after("127.0.0.2") is None  # forgotten: only three are kept


def test_ipv6_sources_count_per_slash_64() -> None:
    assert source_of("2001:db8:1:2::1") == source_of("2001:db8:1:2:ffff::9")
    assert source_of("2001:db8:1:3::1") != source_of("2001:db8:1:2::1")
    assert source_of("::ffff:192.0.2.7") == source_of("192.0.2.7") == "192.0.2.7"


def test_a_request_id_of_any_size_gets_the_expired_message(pages: OwnerPages) -> None:
    for request_id in ("x" * 10_000, "%00", "../../etc/passwd"):
        answer = httpx2.get(
            f"{pages.url}{APPROVAL_PATH}", params={"request": request_id}, timeout=10
        )
        assert answer.status_code == 404
        assert "expired or was already answered" in answer.text
