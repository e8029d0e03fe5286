"""What the owner's pages need to know about where they are served, and their limits."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class OwnerSettings:
    """`public_url`: the bridge as browsers reach it (`https://memory.example.org`); its host
    is the passkeys' relying party and its scheme decides whether cookies are `Secure`.

    Code attempts: each source address may fail `source_attempts` times per
    `lockout_seconds`; past that it spends the `shared_attempts` budget, and once that is
    spent too it waits until its window ends. Sessions last `session_seconds`.
    """

    public_url: str
    session_seconds: int = 600
    source_attempts: int = 5
    shared_attempts: int = 20
    lockout_seconds: int = 900
    tracked_sources: int = 10_000
    max_sessions: int = 16

    def __post_init__(self) -> None:
        parts = urlsplit(self.public_url)
        if parts.scheme not in {"http", "https"} or not parts.hostname:
            raise ValueError(
                f"public URL {self.public_url!r} must look like https://memory.example.org"
            )

    @property
    def origin(self) -> str:
        """What browsers send as `Origin` and put in a passkey's client data."""
        parts = urlsplit(self.public_url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def relying_party_id(self) -> str:
        """Passkeys are bound to the public URL's host name (no port, no scheme)."""
        return urlsplit(self.public_url).hostname or ""

    @property
    def secure(self) -> bool:
        return urlsplit(self.public_url).scheme == "https"
