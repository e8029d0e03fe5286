"""Packing the loose objects plumbing commits leave (about 16 KB a write) that nothing packs.

`git gc --auto` packs refs and expires reflogs, which takes the branch's lock files: run
beside a write, it made the write fail. So it runs in a process of its own that first takes
the store's lock, after the write has answered; the `git` child inherits the locked
descriptor, so the lock lasts exactly as long as git runs, whoever exits first.
"""

from __future__ import annotations

import logging
import random
import subprocess
import sys
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
        subprocess.Popen(
            [sys.executable, "-m", __name__, str(gitdir), str(lock_file)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


def pack(gitdir: Path, lock_file: Path) -> None:
    """Run `git gc --auto` in the foreground while holding the store's lock."""
    try:
        with exclusive(lock_file) as handle:
            subprocess.run(
                ["git", "-C", str(gitdir), "-c", "gc.autoDetach=false", "gc", "--auto", "--quiet"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(handle.fileno(),),
                timeout=GC_TIMEOUT_SECONDS,
                check=False,
            )
    except Contention:
        logger.info("git gc skipped: writers kept the memory busy; a later write tries again")
    except (OSError, subprocess.SubprocessError) as error:
        logger.warning("git gc could not run: %s", error)


if __name__ == "__main__":
    pack(Path(sys.argv[1]), Path(sys.argv[2]))
