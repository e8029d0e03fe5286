"""The disk guard: a write stops cleanly before the disk is full, not half-way through."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..core.errors import LowDiskSpace


def ensure_free_space(where: Path, minimum_bytes: int) -> None:
    free = shutil.disk_usage(where).free
    if free < minimum_bytes:
        raise LowDiskSpace(
            f"Only {free >> 20} MiB free on the disk holding {where} (memoire keeps at least "
            f"{minimum_bytes >> 20} MiB); nothing was written. Free some space, or lower "
            "[limits] min_free_disk_mb in memoire.toml."
        )
