"""Which host names are this machine: the bridge trusts loopback more than the network
(plain http for OAuth's public URL, local callers, serving without a warning)."""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
