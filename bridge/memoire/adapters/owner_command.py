"""`memoire owner init` and `memoire owner status`: the owner exists only through these.

They run on the server, by whoever may read its memory's state folder; nothing over HTTP
reaches them. `init` shows the TOTP enrolment (URI and a terminal QR code) and the
recovery codes once: afterwards only their digests exist.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from typing import TextIO

import segno

from ..auth.database import AuthDatabase
from ..auth.owner.credentials import create_owner, owner_status
from ..config import Config


def owner_init(config: Config, *, reset: bool, out: TextIO = sys.stdout) -> int:
    database = AuthDatabase(config.memory.auth_database)
    try:
        enrolment = create_owner(database, reset=reset, now=time.time())
    finally:
        database.close()
    verb = "Replaced the owner" if reset else "Created the owner"
    print(f"{verb} of the memory at {config.memory.repository}.", file=out)
    print("Add it to your authenticator app: scan the code, or type in this URI.", file=out)
    print(f"  {enrolment.totp_uri}", file=out)
    segno.make(enrolment.totp_uri, error="m").terminal(out=out, compact=True)
    print("Recovery codes: each signs you in once, if the phone is lost. They are shown", file=out)
    print("only now: keep them somewhere apart from your phone.", file=out)
    for code in enrolment.recovery_codes:
        print(f"  {code}", file=out)
    return 0


def owner_status_lines(config: Config) -> list[str]:
    file = config.memory.auth_database
    if not file.exists():
        return ["No owner yet. Create one on this server with: memoire owner init"]
    database = AuthDatabase(file)
    try:
        status = owner_status(database, time.time())
    finally:
        database.close()
    if status is None:
        return ["No owner yet. Create one on this server with: memoire owner init"]
    created = datetime.fromtimestamp(status.created, UTC).isoformat(timespec="seconds")
    return [
        f"owner: created {created}",
        "totp: enrolled",
        f"recovery codes left: {status.recovery_codes_left}",
        f"passkeys: {status.passkeys}",
        f"signed-in sessions: {status.sessions}",
    ]
