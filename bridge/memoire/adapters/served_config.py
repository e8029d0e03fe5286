"""The configuration file a bridge serves stdio sessions for, as it was when loaded.

A process that takes `memoire stdio` sessions over (`memoire serve`, a warm host) serves
them with the access table it loaded. It notes the file's path and digest before loading
it, so a change made at any moment after is caught by the next hello, which is then
refused: the stdio process serves itself with the file as it is now. Standard library
only: a warm host notes it before it knows whether it is needed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ..config import CONFIG_LIMIT
from ..core.errors import UnusableStateFile
from ..storage.nofollow import read_own_file
from .handover import configuration_path


@dataclass(frozen=True, slots=True)
class ServedConfig:
    """The configuration file the bridge serves, as it was when the bridge loaded it."""

    given: Path | None
    """What `--config` said (None: the user's default file, else the built-in memory)."""
    path: Path | None
    digest: str | None

    def changed(self) -> bool:
        """The file `--config` names now is another, or its content changed."""
        return configuration_path(self.given) != self.path or _digest(self.path) != self.digest


def config_seen(given: Path | None) -> ServedConfig:
    """Taken before the configuration is loaded: a change made after is then caught."""
    path = configuration_path(given)
    return ServedConfig(given, path, _digest(path))


def _digest(path: Path | None) -> str | None:
    """The file's SHA-256, "unreadable" if it cannot be read now; None without a file."""
    if path is None:
        return None
    try:
        data = read_own_file(path, CONFIG_LIMIT, "", follow=True)
    except OSError, UnusableStateFile:
        return "unreadable"
    return hashlib.sha256(data).hexdigest() if data is not None else "missing"
