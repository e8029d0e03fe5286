"""The version of memoire, read once from the installed distribution's metadata.

One place for it: `memoire --version`, the MCP server info and `memoire status` all
say the same thing, and it is the version the package manager installed.
"""

from __future__ import annotations

import functools
from importlib import metadata

DISTRIBUTION = "memoire-bridge"
"""The name memoire is published under (the command stays `memoire`)."""


@functools.cache
def version() -> str:
    """The installed version, or "unknown" when the code runs without being installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
