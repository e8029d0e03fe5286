"""The random strings OAuth hands out, and how they are kept: only as SHA-256 hashes.

Every secret here (pending request ids, codes, access and refresh tokens) is 48 random
characters from authlib's `generate_token` (a CSPRNG, about 285 bits), so a plain hash
is the right tool, as for static tokens: a slow hash protects guessable secrets only.
A prefix says what a string is, so the guard knows which store to ask without trying both.
"""

from __future__ import annotations

import hashlib
import hmac

from authlib.common.security import generate_token
from authlib.oauth2.rfc7636 import create_s256_code_challenge

ACCESS_PREFIX = "moat_"
REFRESH_PREFIX = "mort_"
CODE_PREFIX = "moac_"
REQUEST_PREFIX = "moar_"
SECRET_CHARS = 48
VERIFIER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def new_secret(prefix: str) -> str:
    return prefix + str(generate_token(SECRET_CHARS))


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def verifier_matches(verifier: str, challenge: str) -> bool:
    """RFC 7636 S256: BASE64URL(SHA256(verifier)) == challenge, for a well-formed verifier.

    authlib computes the challenge; the comparison is hmac's, in constant time (authlib's
    own `compare_s256_code_challenge` uses ==)."""
    if not 43 <= len(verifier) <= 128 or not set(verifier) <= VERIFIER:
        return False
    computed = str(create_s256_code_challenge(verifier))
    return hmac.compare_digest(computed.encode("ascii"), challenge.encode("ascii", "replace"))


def well_formed_challenge(challenge: str) -> bool:
    """An S256 challenge is 43 base64url characters (a SHA-256 digest, unpadded)."""
    return len(challenge) == 43 and set(challenge) <= VERIFIER - {".", "~"}
