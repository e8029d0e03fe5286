"""`memoire host`: a process that keeps the MCP SDK and the memory warm for `memoire stdio`.

Desktop assistants spawn `memoire stdio` per conversation, and most users never run
`memoire serve`; so the first stdio process that finds no one on the hand-over socket
starts this host (`host_launch`), as gpg-agent or a build daemon is started on demand.
It serves that socket only (no HTTP): each later stdio process hands it its pipes and the
session is served here, warm (`stdio_host`).

It binds the socket before loading anything heavy: a host that finds another one
listening leaves at once with status 0 (several stdio processes may start one each).
It leaves by itself: after `[stdio] idle_minutes` without a session; when its memory's
folder is gone; on SIGTERM or SIGINT; and once retired (a hello showed its configuration
file changed, or a starting `memoire serve` took the socket over) and its last session
ended. It closes the memory service before it exits.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..config import Config, MemoryLocation
from .handover import HandoverUnusable
from .handover_socket import BoundSocket, SocketTaken, bind_socket
from .host_launch import LOG_LIMIT
from .served_config import ServedConfig, config_seen

if TYPE_CHECKING:
    from ..service import MemoryService
    from .stdio_host import StdioHost

logger = logging.getLogger(__name__)

WATCH_SECONDS = 2.0
"""How often the host looks at its idle time, its memory's folder and its log's size."""
EXIT_UNUSABLE = 3


def run_host(given: Path | None, load: Callable[[], Config]) -> int:
    """Serves stdio hand-overs for this configuration until a reason to leave; the exit
    status. `load`: the configuration, as every command loads it."""
    if not sys.platform.startswith("linux"):
        print(
            "memoire: the warm host is Linux's (its socket is); stdio serves itself here",
            file=sys.stderr,
        )
        return 2
    seen = config_seen(given)  # before loading: a change after is caught
    config = load()
    try:
        bound = bind_socket(config.memory.state_dir, take_over_host=False)
    except SocketTaken:
        return 0  # another host or bridge serves this memory already
    except (HandoverUnusable, OSError) as error:
        print(f"memoire: no warm host: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    with _stop_signals() as signalled:
        try:
            service, host = _started(config, seen, bound)
        except BaseException:
            bound.close()
            raise
        try:
            reason = _watch(host, service, config, signalled)
            logger.info("The warm host stops: %s", reason)
        finally:
            host.stop()
            service.close()
    return 0


def _started(
    config: Config, seen: ServedConfig, bound: BoundSocket
) -> tuple[MemoryService, StdioHost]:
    """The memory opened, the socket served, the MCP SDK loaded (sessions wait for it)."""
    from .startup import collector_paused

    with collector_paused():
        from ..service import MemoryService
        from .requestlog import configure_logging
        from .stdio_host import StdioHost

        configure_logging("info")
        service = MemoryService(config)
        sdk_ready = threading.Event()
        host = StdioHost(service, seen, config.access, sdk_ready, bound, warm=True)
        from . import mcp  # noqa: F401  the SDK, once, before any session imports it

        sdk_ready.set()
    return service, host


def _watch(host: StdioHost, service: MemoryService, config: Config, signalled: int) -> str:
    """Waits, looking every few seconds, until a reason to stop; that reason."""
    from ..fetching import keep_fetching

    idle_limit = config.stdio.idle_minutes * 60
    interval = min(WATCH_SECONDS, idle_limit / 4)
    with keep_fetching(service):
        while (reason := _reason_to_stop(host, config.memory, idle_limit)) is None:
            _bound_the_log()
            if select.select([signalled], [], [], interval)[0]:
                return "SIGTERM or SIGINT"
    return reason


def _reason_to_stop(host: StdioHost, memory: MemoryLocation, idle_limit: float) -> str | None:
    idle = host.idle_seconds()
    if host.retired and idle is not None:
        return "it retired and its last session ended"
    if not (memory.repository.is_dir() and memory.state_dir.is_dir()):
        return f"its memory's folder {memory.repository} is gone"
    if idle is not None and idle >= idle_limit:
        return f"no session for {idle_limit:g} seconds"
    return None


def _bound_the_log() -> None:
    """Empties standard error when it is a log file past LOG_LIMIT (appends go on at 0)."""
    with contextlib.suppress(OSError):
        status = os.fstat(sys.stderr.fileno())
        if stat.S_ISREG(status.st_mode) and status.st_size > LOG_LIMIT:
            os.ftruncate(sys.stderr.fileno(), 0)
            logger.info("The log passed %d bytes and was emptied", LOG_LIMIT)


@contextlib.contextmanager
def _stop_signals() -> Iterator[int]:
    """A descriptor that becomes readable on SIGTERM or SIGINT, which then end nothing by
    themselves: the host stops its sessions and closes the memory first."""
    reading, writing = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    previous = signal.set_wakeup_fd(writing, warn_on_full_buffer=False)
    handlers = {number: signal.signal(number, _noted) for number in _STOPPING}
    try:
        yield reading
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
        signal.set_wakeup_fd(previous)
        os.close(reading)
        os.close(writing)


_STOPPING = (signal.SIGTERM, signal.SIGINT)


def _noted(_number: int, _frame: object) -> None:
    """The signal's number is already written to the wake-up descriptor."""
