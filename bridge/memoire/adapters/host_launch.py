"""`memoire stdio` starting a warm host for the next spawn, when no one took its session.

A desktop assistant spawns `memoire stdio` once per conversation; each start alone pays
for the MCP SDK and the memory's index (over a second at 10,000 notes). When no process
listens on the hand-over socket, the stdio process starts one, detached, that serves only
that socket (`warm_host`), and serves its own client itself as before without waiting:
the first spawn stays cold, every later one is handed over. Binding the socket decides
which host lives when several start at once; the others leave at once.

The host runs in a new session, its standard input and output on /dev/null and its
standard error on `host.log` in the socket's private folder, opened here without
following a link, mode 0600, emptied when it passed `LOG_LIMIT`; a link, FIFO or folder
at that name is refused and no host starts. Standard library only: this runs on every
cold start, before the heavy imports.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

from ..config import StdioSettings
from ..storage.nofollow import kind_at, mode_kind
from .handover import HandoverUnusable, socket_folder
from .handover_socket import private_folder

LOG_NAME = "host.log"
LOG_LIMIT = 1 << 20
"""A log past this size is emptied when a host starts (and while it runs, see `warm_host`)."""
SWITCH = "MEMOIRE_KEEP_WARM"
"""`MEMOIRE_KEEP_WARM=0` in the environment starts no host, whatever memoire.toml says."""
_LOG_FLAGS = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def keeps_warm(settings: StdioSettings) -> bool:
    return settings.keep_warm and os.environ.get(SWITCH) != "0"


def start_warm_host(config: Path | None, state_dir: Path) -> None:
    """Starts `memoire host` for this configuration, detached, without waiting for it.
    HandoverUnusable or OSError when its folder or log cannot be used safely."""
    folder = private_folder(socket_folder(state_dir))
    try:
        log = open_log(folder, socket_folder(state_dir) / LOG_NAME)
    finally:
        os.close(folder)
    given = ["--config", str(config)] if config is not None else []
    try:
        host = subprocess.Popen(
            [sys.executable, "-m", "memoire", "host", *given],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            cwd="/",  # holds no folder of the assistant's busy
            start_new_session=True,  # outlives this process; no signal of its terminal
        )
    finally:
        os.close(log)
    # A host that lost the race ends at once: reaped here, never left a zombie.
    threading.Thread(target=host.wait, name="memoire-host-reaper", daemon=True).start()


def open_log(folder: int, shown: Path) -> int:
    """The host's log file in `folder`, for appending: created 0600, never through a link,
    emptied past LOG_LIMIT. Anything but a regular file of this user's is refused."""
    try:
        log = os.open(LOG_NAME, _LOG_FLAGS, 0o600, dir_fd=folder)
    except OSError as error:
        kind = kind_at(folder, LOG_NAME, error)
        raise HandoverUnusable(f"{shown} is {kind}, not a log file ({error.strerror})") from None
    status = os.fstat(log)
    if not stat.S_ISREG(status.st_mode) or status.st_uid != os.geteuid() or status.st_nlink != 1:
        os.close(log)
        raise HandoverUnusable(
            f"{shown} is {mode_kind(status.st_mode)} not kept by memoire alone; remove it"
        )
    if status.st_size > LOG_LIMIT:
        os.ftruncate(log, 0)
    return log
