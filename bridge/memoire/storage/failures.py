"""Telling a full disk apart from other failures, whichever layer (OS, libgit2) reports it."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pygit2

from ..core.errors import LowDiskSpace

_DISK_FULL = (errno.ENOSPC, errno.EDQUOT)
NEARLY_FULL_BYTES = 1 << 20


def is_disk_full(error: BaseException, where: Path | None = None) -> bool:
    """Whether `error` came from a full disk.

    libgit2 does not always say so (a failed object write can surface as "object not
    found"), so a Git error on a disk with less than NEARLY_FULL_BYTES left counts too.
    """
    if isinstance(error, OSError) and error.errno in _DISK_FULL:
        return True
    text = str(error).lower()
    if "no space left" in text or "quota exceeded" in text:
        return True
    return isinstance(error, pygit2.GitError) and where is not None and _nearly_full(where)


def _nearly_full(where: Path) -> bool:
    try:
        return shutil.disk_usage(where).free < NEARLY_FULL_BYTES
    except OSError:
        return False


def disk_full_refusal(what: str = "nothing was written") -> LowDiskSpace:
    return LowDiskSpace(
        f"The disk holding the memory is full; {what}. Free some space, then try again."
    )
