"""CSRF tokens tied to the browser's cookie (signed in or not): a keyed digest of it.

Every form and every passkey request carries the token; a page on another site can
neither read the cookie nor compute the digest, so it cannot forge a post, not even the
sign-in form (login CSRF). The cookie itself is `SameSite=Strict` as a second wall.
"""

from __future__ import annotations

from .digests import Digests


def csrf_token(digests: Digests, cookie: str) -> str:
    return digests.of("csrf", cookie)


def csrf_valid(digests: Digests, cookie: str | None, submitted: str | None) -> bool:
    if not cookie or not submitted:
        return False
    return digests.matches("csrf", cookie, submitted)
