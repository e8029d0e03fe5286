"""The approval page in a real browser: Debian's Chromium, headless, driven by Playwright.

Playwright drives the system's Chromium (`/usr/bin/chromium`, installed in the CI root by
.ci/run); it downloads no browser of its own. Passkeys use Chromium's virtual authenticator
(the DevTools WebAuthn domain). Chromium treats http://localhost as a secure context, so
the passkey tests serve the page as `localhost`, which is then also the relying party ID.
The `Authorizations` is `tests.owner_pages.DictAuthorizations`: the protocol side's is not
merged yet.
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

from .owner_pages import OwnerPages, from_address, post_code, served_owner_pages

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


BROWSER_SECONDS = 120


def in_browser(scenario: Callable[[BrowserContext], None], locale: str = "en-GB") -> None:
    """Run `scenario` in a fresh headless Chromium. Playwright's sync API runs its own event
    loop, so it gets a thread of its own, away from the test harness's loop."""
    assert Path(CHROMIUM).exists(), "Chromium is missing: .ci/run installs Debian's chromium"
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            with sync_playwright() as playwright:
                # Root in the CI root has no user namespaces for Chromium's sandbox.
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
                )
                try:
                    context = browser.new_context(locale=locale)
                    context.set_default_timeout(10_000)
                    scenario(context)
                finally:
                    browser.close()
        except BaseException as error:
            outcome.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(BROWSER_SECONDS)
    assert not worker.is_alive(), "the browser scenario hung"
    if outcome:
        raise outcome[0]


def page_errors(page: Page) -> list[str]:
    """Script errors, refused loads (a CSP violation shows up here) and failed requests while
    the test runs; the browser's own guess at /favicon.ico is not the page's."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    page.on(
        "console",
        lambda message: (
            found.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource")
            else None
        ),
    )
    page.on(
        "response",
        lambda response: (
            found.append(f"{response.status} {response.url}")
            if response.status >= 400 and not response.url.endswith("/favicon.ico")
            else None
        ),
    )
    return found


def sign_in_with_code(page: Page, pages: OwnerPages, request_id: str, code: str) -> None:
    page.goto(pages.approve_url(request_id))
    page.fill("#code", code)
    page.click("button[type=submit]")
    page.wait_for_selector("button[value=approve]")


def approve(page: Page, pages: OwnerPages, preset: str) -> str:
    page.check(f"input[name=preset][value={preset}]")
    with page.expect_navigation(url=f"{pages.url}/callback**"):
        page.click("button[value=approve]")
    return page.url


def test_the_owner_signs_in_with_totp_and_approves(tmp_path: Path) -> None:
    with served_owner_pages(tmp_path / "auth.sqlite3") as pages:
        request_id = pages.authorizations.open(client_name="Claude")

        def scenario(context: BrowserContext) -> None:
            page = context.new_page()
            errors = page_errors(page)
            sign_in_with_code(page, pages, request_id, pages.totp())
            assert page.inner_text("dl.client").startswith("App")
            assert page.inner_text("code.redirect strong") == "claude.ai"
            url = approve(page, pages, "read")
            assert url == f"{pages.url}/callback?code=code-{request_id}&state=s"
            assert "back in the app" in page.inner_text("body")
            assert errors == []

        in_browser(scenario)
        assert pages.authorizations.answers == {request_id: "read"}


def test_the_owner_signs_in_with_a_recovery_code_in_french_and_denies(tmp_path: Path) -> None:
    with served_owner_pages(tmp_path / "auth.sqlite3") as pages:
        request_id = pages.authorizations.open()

        def scenario(context: BrowserContext) -> None:
            page = context.new_page()
            page.goto(pages.approve_url(request_id))
            assert page.inner_text("h1") == "Connectez-vous pour approuver une application"
            sign_in_with_code(page, pages, request_id, pages.enrolment.recovery_codes[3])
            assert page.get_attribute("html", "lang") == "fr"
            with page.expect_navigation(url=f"{pages.url}/callback**"):
                page.click("button[value=deny]")
            assert "error=access_denied" in page.url

        in_browser(scenario, locale="fr-FR")
        assert pages.authorizations.answers == {request_id: "denied"}


VIRTUAL_AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


def test_a_passkey_is_added_then_signs_in_while_codes_are_locked_out(tmp_path: Path) -> None:
    with served_owner_pages(
        tmp_path / "auth.sqlite3", host="localhost", source_attempts=2, shared_attempts=2
    ) as pages:
        first = pages.authorizations.open()
        second = pages.authorizations.open()

        def scenario(context: BrowserContext) -> None:
            page = context.new_page()
            errors = page_errors(page)
            authenticator = context.new_cdp_session(page)
            authenticator.send("WebAuthn.enable")
            authenticator.send(
                "WebAuthn.addVirtualAuthenticator", {"options": VIRTUAL_AUTHENTICATOR}
            )
            sign_in_with_code(page, pages, first, pages.totp())
            page.click("#passkey-button")
            page.wait_for_selector("#passkey-status:has-text('Passkey added')")
            approve(page, pages, "full")

            # Codes from this address are now locked out: its own budget and the shared one.
            with from_address("127.0.0.1") as flood:
                statuses = [post_code(flood, pages, second, "000001").status_code for _ in range(5)]
            assert statuses[-1] == 429

            context.clear_cookies()
            page.goto(pages.approve_url(second))
            page.click("#passkey-button")
            page.wait_for_selector("button[value=approve]")
            url = approve(page, pages, "read-sensitive")
            assert url == f"{pages.url}/callback?code=code-{second}&state=s"
            assert errors == []

        in_browser(scenario)
        assert pages.authorizations.answers == {first: "full", second: "read-sensitive"}
        # Signing in with the passkey gave this address its own code budget back.
        third = pages.authorizations.open()
        with from_address("127.0.0.1") as owner:
            next_step = pages.totp(time.time() + 30)  # this step's code was used above
            assert post_code(owner, pages, third, next_step).status_code == 303
