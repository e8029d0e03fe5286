"""The owner and the approval page, over real HTTP on loopback.

The protocol side's `Authorizations` is not merged yet: these tests mount the owner's routes
with `tests.owner_pages.DictAuthorizations`, a small real implementation over a dict, in a
real Starlette app served by uvicorn, and drive it with httpx2.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pyotp
import pytest

from memoire.auth.approval import APPROVAL_PATH
from memoire.config import MemoryLocation

from .conftest import git, write_config
from .owner_pages import OwnerPages, csrf_of, from_address, post_code, served_owner_pages
from .owner_signin import approve_through_page

CODE_FORM = 'value="sign-in"'
APPROVE_FORM = 'value="approve"'


class Clock:
    """Time the test moves by hand, for expiries that would take minutes."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def pages(tmp_path: Path) -> Iterator[OwnerPages]:
    with served_owner_pages(tmp_path / "auth.sqlite3") as served:
        yield served


def owner_command(config: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memoire", "owner", *arguments, "--config", str(config)],
        capture_output=True,
        text=True,
        check=False,
    )


def signed_in(pages: OwnerPages, request_id: str, code: str) -> httpx2.Client:
    client = httpx2.Client(timeout=10)
    answer = post_code(client, pages, request_id, code)
    assert answer.status_code == 303, answer.text
    return client


# memoire owner init / status ------------------------------------------------------------


def test_owner_init_prints_enrolment_and_codes_once_and_status_counts_them(
    repository: Path, tmp_path: Path
) -> None:
    config = write_config(tmp_path, repository)
    assert "No owner yet" in owner_command(config, "status").stdout
    created = owner_command(config, "init")
    assert created.returncode == 0, created.stderr
    assert re.search(r"otpauth://totp/memoire:owner\?secret=[A-Z2-7]{32}", created.stdout)
    assert "█" in created.stdout  # the terminal QR code
    codes = re.findall(r"^  ([0-9a-z]{4}(?:-[0-9a-z]{4}){3})$", created.stdout, re.MULTILINE)
    assert len(set(codes)) == 10
    status = owner_command(config, "status")
    assert "recovery codes left: 10" in status.stdout
    assert "passkeys: 0" in status.stdout
    assert "otpauth" not in status.stdout
    assert codes[0] not in status.stdout


def test_owner_init_refuses_an_existing_owner_and_reset_replaces_every_credential(
    repository: Path, tmp_path: Path
) -> None:
    config = write_config(tmp_path, repository)
    first = owner_command(config, "init").stdout
    again = owner_command(config, "init")
    assert again.returncode == 2
    assert "already exists" in again.stderr
    assert "--reset" in again.stderr
    assert again.stdout == ""
    reset = owner_command(config, "init", "--reset")
    assert reset.returncode == 0
    old_secret = re.findall(r"secret=([A-Z2-7]+)", first)[0]
    assert old_secret not in reset.stdout
    database = sqlite3.connect(MemoryLocation(repository).auth_database)
    (secret,) = database.execute("SELECT totp_secret FROM owner").fetchone()
    assert secret != old_secret
    old_codes = re.findall(r"^  (\S{4}-\S{4}-\S{4}-\S{4})$", first, re.MULTILINE)
    assert old_codes
    assert all(code not in reset.stdout for code in old_codes)


def test_reset_ends_the_old_owners_sessions(tmp_path: Path) -> None:
    from memoire.auth.database import AuthDatabase
    from memoire.auth.owner.credentials import create_owner

    with served_owner_pages(tmp_path / "auth.sqlite3") as pages:
        request_id = pages.authorizations.open()
        client = signed_in(pages, request_id, pages.totp())
        assert APPROVE_FORM in client.get(pages.approve_url(request_id)).text
        other = AuthDatabase(pages.database_file)
        create_owner(other, reset=True, now=0)
        other.close()
        assert CODE_FORM in client.get(pages.approve_url(request_id)).text


# Signing in -------------------------------------------------------------------------------


def test_totp_sign_in_then_approve_returns_the_authorizations_url(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(timeout=10) as client:
        url = approve_through_page(
            client, pages.approve_url(request_id), pages.totp_secret, "read-sensitive"
        )
    assert url == f"{pages.url}/callback?code=code-{request_id}&state=s"
    assert pages.authorizations.answers == {request_id: "read-sensitive"}


def test_deny_returns_the_authorizations_url_with_access_denied(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    client = signed_in(pages, request_id, pages.totp())
    page = client.get(pages.approve_url(request_id)).text
    answer = client.post(
        f"{pages.url}{APPROVAL_PATH}",
        data={"csrf": csrf_of(page), "request": request_id, "action": "deny"},
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == f"{pages.url}/callback?error=access_denied&state=s"
    assert pages.authorizations.answers == {request_id: "denied"}


def test_a_recovery_code_signs_in_once_then_is_refused(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    code = pages.enrolment.recovery_codes[0]
    first = signed_in(pages, request_id, code.upper().replace("-", " "))
    assert APPROVE_FORM in first.get(pages.approve_url(request_id)).text
    with httpx2.Client(timeout=10) as second:
        again = post_code(second, pages, request_id, code)
    assert again.status_code == 401
    assert "already used" in again.text
    assert CODE_FORM in again.text
    remaining = sqlite3.connect(pages.database_file).execute(
        "SELECT count(*) FROM owner_recovery_codes WHERE used IS NULL"
    )
    assert remaining.fetchone() == (9,)


@pytest.mark.parametrize("code", ["000000", "12345", "abcd-efgh-jkmn-pqrs", "", "x" * 5000])
def test_wrong_codes_are_refused_and_nobody_signs_in(pages: OwnerPages, code: str) -> None:
    request_id = pages.authorizations.open()
    if code == "000000" and pages.totp() == code:
        code = "999999"
    with httpx2.Client(timeout=10) as client:
        answer = post_code(client, pages, request_id, code)
        assert answer.status_code == 401
        assert "not right" in answer.text
        assert CODE_FORM in client.get(pages.approve_url(request_id)).text
    assert pages.authorizations.answers == {}


def test_a_totp_code_serves_once(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    code = pages.totp()
    signed_in(pages, request_id, code)
    with httpx2.Client(timeout=10) as replay:
        assert post_code(replay, pages, request_id, code).status_code == 401


def test_the_next_steps_code_is_accepted_for_a_drifting_phone(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    signed_in(pages, request_id, pages.totp(time.time() + 30))


def test_a_session_ends_after_its_lifetime(tmp_path: Path) -> None:
    clock = Clock()
    with served_owner_pages(tmp_path / "auth.sqlite3", clock=clock, session_seconds=60) as pages:
        request_id = pages.authorizations.open(seconds=3600)
        client = signed_in(pages, request_id, pages.totp(clock.now))
        assert APPROVE_FORM in client.get(pages.approve_url(request_id)).text
        clock.now += 61
        assert CODE_FORM in client.get(pages.approve_url(request_id)).text


# CSRF and expired requests ----------------------------------------------------------------


@pytest.mark.parametrize("csrf", [None, "", "0" * 64, "wrong"])
def test_sign_in_without_the_right_csrf_token_is_refused(
    pages: OwnerPages, csrf: str | None
) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(timeout=10) as client:
        client.get(pages.approve_url(request_id))
        form = {"request": request_id, "action": "sign-in", "code": pages.totp()}
        if csrf is not None:
            form["csrf"] = csrf
        answer = client.post(f"{pages.url}{APPROVAL_PATH}", data=form)
    assert answer.status_code == 403
    assert "did not come from this page" in answer.text
    # The code was not spent on a forged form: the owner can still use it.
    signed_in(pages, request_id, form["code"])


@pytest.mark.parametrize("csrf", [None, "forged"])
def test_approve_without_the_right_csrf_token_is_refused(
    pages: OwnerPages, csrf: str | None
) -> None:
    request_id = pages.authorizations.open()
    client = signed_in(pages, request_id, pages.totp())
    form = {"request": request_id, "action": "approve", "preset": "full"}
    if csrf is not None:
        form["csrf"] = csrf
    answer = client.post(f"{pages.url}{APPROVAL_PATH}", data=form)
    assert answer.status_code == 403
    assert pages.authorizations.answers == {}


def test_an_expired_request_gets_a_clear_message(tmp_path: Path) -> None:
    clock = Clock()
    with served_owner_pages(tmp_path / "auth.sqlite3", clock=clock) as pages:
        request_id = pages.authorizations.open(seconds=60)
        client = signed_in(pages, request_id, pages.totp(clock.now))
        page = client.get(pages.approve_url(request_id)).text
        clock.now += 61
        shown = client.get(pages.approve_url(request_id))
        assert shown.status_code == 404
        assert "expired or was already answered" in shown.text
        approved = client.post(
            f"{pages.url}{APPROVAL_PATH}",
            data={
                "csrf": csrf_of(page),
                "request": request_id,
                "action": "approve",
                "preset": "read",
            },
        )
        assert approved.status_code == 404
        assert "Go back to the app and connect again" in approved.text
    assert pages.authorizations.answers == {}


def test_an_unknown_or_missing_request_gets_the_same_message(pages: OwnerPages) -> None:
    for url in (pages.approve_url("nope"), f"{pages.url}{APPROVAL_PATH}"):
        answer = httpx2.get(url, timeout=10)
        assert answer.status_code == 404
        assert "expired or was already answered" in answer.text


# Attempt limits ---------------------------------------------------------------------------


def test_a_source_is_locked_out_after_its_budget_and_the_shared_one(tmp_path: Path) -> None:
    with served_owner_pages(
        tmp_path / "auth.sqlite3", source_attempts=3, shared_attempts=2
    ) as pages:
        request_id = pages.authorizations.open()
        with from_address("127.0.0.2") as attacker:
            statuses = [
                post_code(attacker, pages, request_id, "000001").status_code for _ in range(6)
            ]
            assert statuses == [401] * 5 + [429]
            locked = post_code(attacker, pages, request_id, pages.totp())
        assert locked.status_code == 429
        assert int(locked.headers["retry-after"]) > 0
        assert "Too many wrong codes" in locked.text
        with from_address("127.0.0.3") as owner:
            assert post_code(owner, pages, request_id, pages.totp()).status_code == 303


def test_the_owner_signs_in_during_a_flood_of_wrong_codes_from_many_addresses(
    tmp_path: Path,
) -> None:
    """Twenty loopback addresses each spend their own budget and then the shared one; the
    owner, from an address of their own, still gets in with the first right code."""
    with served_owner_pages(
        tmp_path / "auth.sqlite3", source_attempts=3, shared_attempts=10
    ) as pages:
        request_id = pages.authorizations.open()
        refused: list[int] = []
        for n in range(10, 30):
            with from_address(f"127.0.0.{n}") as attacker:
                refused += [
                    post_code(attacker, pages, request_id, f"{n:06d}").status_code for _ in range(5)
                ]
        assert refused.count(401) == 20 * 3 + 10
        assert refused.count(429) == 30
        with from_address("127.0.0.1") as owner:
            assert post_code(owner, pages, request_id, pages.totp()).status_code == 303
            assert APPROVE_FORM in owner.get(pages.approve_url(request_id)).text


def test_lockouts_expire(tmp_path: Path) -> None:
    clock = Clock()
    with served_owner_pages(
        tmp_path / "auth.sqlite3",
        clock=clock,
        source_attempts=2,
        shared_attempts=0,
        lockout_seconds=300,
    ) as pages:
        request_id = pages.authorizations.open(seconds=3600)
        with from_address("127.0.0.4") as client:
            for _ in range(2):
                post_code(client, pages, request_id, "000001")
            assert post_code(client, pages, request_id, "000001").status_code == 429
            clock.now += 301
            answer = post_code(client, pages, request_id, pages.totp(clock.now))
        assert answer.status_code == 303


# Secrets at rest --------------------------------------------------------------------------


def test_the_session_cookie_is_stored_only_as_a_digest(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    client = signed_in(pages, request_id, pages.totp())
    cookie = client.cookies["memoire-owner"]
    assert len(cookie) >= 40
    stored = b"".join(
        path.read_bytes() for path in pages.database_file.parent.glob("auth.sqlite3*")
    )
    assert stored.count(cookie.encode()) == 0
    for code in pages.enrolment.recovery_codes:
        assert code.encode() not in stored
        assert code.replace("-", "").encode() not in stored


def test_secrets_never_reach_the_memorys_tree_or_history(repository: Path, tmp_path: Path) -> None:
    config = write_config(tmp_path, repository)
    output = owner_command(config, "init").stdout
    secret = re.findall(r"secret=([A-Z2-7]+)", output)[0]
    codes = re.findall(r"^  (\S{4}-\S{4}-\S{4}-\S{4})$", output, re.MULTILINE)
    git(repository, "add", "-A")
    git(repository, "commit", "-q", "--allow-empty", "-m", "a person commits everything")
    assert not git(repository, "status", "--porcelain", "--ignored")
    tracked = git(repository, "ls-files")
    assert "auth.sqlite3" not in tracked
    everything = git(repository, "log", "--all", "-p", "--format=%H %B")
    objects = subprocess.run(
        ["git", "-C", str(repository), "cat-file", "--batch-all-objects", "--batch"],
        capture_output=True,
        check=True,
    ).stdout
    for needle in [secret, *codes]:
        assert needle not in everything
        assert needle.encode() not in objects
    tree = [p for p in repository.rglob("*") if p.is_file() and ".git" not in p.parts]
    assert all(secret.encode() not in p.read_bytes() for p in tree)
    assert MemoryLocation(repository).auth_database.stat().st_mode & 0o077 == 0


# What the page shows and how it is served -------------------------------------------------


def test_the_approval_page_shows_the_client_its_redirect_host_and_the_presets(
    pages: OwnerPages,
) -> None:
    request_id = pages.authorizations.open(
        client_name="Claude",
        client_id="https://claude.ai/oauth/mcp-client-metadata",
        redirect_uri="https://claude.ai/api/mcp/auth_callback",
    )
    client = signed_in(pages, request_id, pages.totp())
    page = client.get(pages.approve_url(request_id)).text
    assert "<dd>Claude</dd>" in page
    assert "https://claude.ai/oauth/mcp-client-metadata" in page
    assert "https://<strong>claude.ai</strong>/api/mcp/auth_callback" in page
    for preset in ("full", "read-sensitive", "read"):
        assert f'value="{preset}"' in page
    assert 'value="read" checked' in page
    assert "reads notes not marked sensitive; cannot write" in page
    assert "reads every note, sensitive ones included; writes notes" in page


def test_strict_headers_and_cookies(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open(redirect_uri="https://claude.ai/api/mcp/auth_callback")
    answer = httpx2.get(pages.approve_url(request_id), timeout=10)
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "<script>" not in answer.text
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["referrer-policy"] == "same-origin"
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie
    assert "samesite=strict" in cookie
    assert "secure" not in cookie
    client = signed_in(pages, request_id, pages.totp())
    approve = client.get(pages.approve_url(request_id))
    assert "form-action 'self' https://claude.ai;" in approve.headers["content-security-policy"]
    script = httpx2.get(f"{pages.url}/oauth/owner/static/passkeys.js", timeout=10)
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert httpx2.get(f"{pages.url}/oauth/owner/static/x.py", timeout=10).status_code == 404


def test_cookies_are_secure_under_an_https_public_url(tmp_path: Path) -> None:
    from starlette.applications import Starlette
    from starlette.testclient import TestClient

    from memoire.auth.database import AuthDatabase
    from memoire.auth.owner import OwnerSettings, owner_routes

    from .owner_pages import DictAuthorizations

    database = AuthDatabase(tmp_path / "auth.sqlite3")
    authorizations = DictAuthorizations(callback="https://claude.ai/cb")
    settings = OwnerSettings(public_url="https://memory.example.org")
    app = Starlette(routes=owner_routes(authorizations, database, settings))
    with TestClient(app, base_url="https://memory.example.org") as client:
        answer = client.get(f"{APPROVAL_PATH}?request={authorizations.open()}")
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith("__Host-memoire-owner=")
    assert "Secure" in cookie
    assert "Path=/" in cookie
    assert "Domain" not in cookie
    database.close()


def test_french_from_accept_language_and_the_switch_back_to_english(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    with httpx2.Client(
        timeout=10, headers={"accept-language": "fr-CA,fr;q=0.9,en;q=0.5"}
    ) as client:
        page = client.get(pages.approve_url(request_id)).text
        assert '<html lang="fr">' in page
        assert "Se connecter" in page
        switched = client.get(f"{pages.approve_url(request_id)}&lang=en").text
        assert '<html lang="en">' in switched
        assert "Sign in" in switched
        assert '<html lang="en">' in client.get(pages.approve_url(request_id)).text


def test_the_page_works_without_javascript_passkeys_only_with_it(pages: OwnerPages) -> None:
    request_id = pages.authorizations.open()
    page = httpx2.get(pages.approve_url(request_id), timeout=10).text
    assert '<form method="post"' in page
    assert 'name="code"' in page
    assert 'id="passkey"' not in page  # no passkey yet: nothing to sign in with
    client = signed_in(pages, request_id, pages.totp())
    approving = client.get(pages.approve_url(request_id)).text
    assert 'id="passkey" class="passkey" hidden' in approving
    assert '<script src="/oauth/owner/static/passkeys.js" defer></script>' in approving


def test_pyotp_agrees_with_the_enrolment_uri(pages: OwnerPages) -> None:
    parsed = pyotp.parse_uri(pages.enrolment.totp_uri)
    assert isinstance(parsed, pyotp.TOTP)
    assert parsed.issuer == "memoire"
