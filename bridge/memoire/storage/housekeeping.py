"""Packing the loose objects plumbing commits leave (about 16 KB a write) that nothing packs.

`git gc --auto` packs refs and expires reflogs, which takes the branch's lock files: run
beside a write, it made the write fail. So it runs holding the store's own lock, in a
thread, after the write has answered. The `git` child inherits the locked descriptor, so
the lock lasts as long as git does, even when a short-lived memoire process exits first.
"""

from __future__ import annotations

import logging
import random
import subprocess
import threading
from pathlib import Path

from ..core.errors import Contention
from .locking import exclusive

logger = logging.getLogger(__name__)
GC_ONE_WRITE_IN = 50
GC_TIMEOUT_SECONDS = 600


def pack_now_and_then(gitdir: Path, lock_file: Path) -> None:
    """About one write in GC_ONE_WRITE_IN starts `git gc --auto`, which decides if it is due.

    Chance rather than a counter, because many short stdio processes share the repository.
    """
    if random.randrange(GC_ONE_WRITE_IN) == 0:
        threading.Thread(
            target=_pack, args=(gitdir, lock_file), name="memoire-gc", daemon=True
        ).start()


def _pack(gitdir: Path, lock_file: Path) -> None:
    try:
        with exclusive(lock_file) as handle:
            subprocess.run(
                ["git", "-C", str(gitdir), "-c", "gc.autoDetach=false", "gc", "--auto", "--quiet"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(handle.fileno(),),
                start_new_session=True,
                timeout=GC_TIMEOUT_SECONDS,
                check=False,
            )
    except Contention:
        logger.info("git gc skipped: writers kept the memory busy; a later write tries again")
    except (OSError, subprocess.SubprocessError) as error:
        logger.warning("git gc could not run: %s", error)
