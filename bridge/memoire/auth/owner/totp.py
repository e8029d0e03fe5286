"""The owner's TOTP codes (RFC 6238, through pyotp): enrolment, and single-use checking.

A code is accepted for the 30-second step before and after the server's (phones drift),
and only for a step later than the last one accepted: a code seen over a shoulder or
replayed from a log is refused even while it is still current.
"""

from __future__ import annotations

import pyotp
from pyotp.exceptions import OTPVerificationError

from ..database import AuthDatabase

ISSUER = "memoire"
DRIFT_STEPS = 1


def new_secret() -> str:
    """160 random bits in base32, as authenticator apps expect."""
    return pyotp.random_base32()


def enrolment_uri(secret: str) -> str:
    """The `otpauth://` URI an authenticator app scans (or the owner types in)."""
    return pyotp.TOTP(secret).provisioning_uri(name="owner", issuer_name=ISSUER)


def accept_code(database: AuthDatabase, code: str, now: float) -> bool:
    """True once per step for the right code; its step is remembered so it cannot serve twice."""
    code = "".join(code.split())
    if len(code) != 6 or not code.isdigit():
        return False
    with database.transaction() as db:
        row = db.execute("SELECT totp_secret, last_totp_step FROM owner WHERE id = 1").fetchone()
        if row is None:
            return False
        secret, last_step = row
        try:
            step = pyotp.TOTP(secret).verify_and_get_timecode(
                code, for_time=now, valid_window=DRIFT_STEPS
            )
        except OTPVerificationError:
            return False
        if step <= last_step:
            return False
        db.execute("UPDATE owner SET last_totp_step = ? WHERE id = 1", (step,))
    return True


def looks_like_totp(code: str) -> bool:
    """Six digits (spaces allowed): a TOTP code; anything else is tried as a recovery code."""
    digits = "".join(code.split())
    return len(digits) == 6 and digits.isdigit()
