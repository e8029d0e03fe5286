"""A client's pipes, served in a bridge's thread, that end when the session must end.

The MCP SDK's stdio transport reads and writes in worker threads, each call blocking until
the pipe is ready; a thread blocked so cannot be cancelled. In a `memoire stdio` process
that is fine (the process ends); in a bridge serving handed-over pipes it is not: the
session must end when the stdio process closes its control connection (it was told to
stop), when the bridge stops, or when writing to the client failed, even while the client
neither writes nor reads. So each read and write first waits, with `select`, on the pipe
and on "stop" descriptors, and reports an end (no more input; a broken output) as soon
as one of those becomes readable, which a closed connection or a written pipe is.
"""

from __future__ import annotations

import io
import os
import select
from collections.abc import Buffer, Callable, Sequence

CHUNK = 4096
"""At most PIPE_BUF per write: a pipe select() calls writable takes that much at once."""


class WatchedPipe(io.RawIOBase):
    """One direction of a client's pipe (`fd`), ended early by any readable `stops`."""

    def __init__(
        self, fd: int, stops: Sequence[int], *, writing: bool, broken: Callable[[], None]
    ) -> None:
        super().__init__()
        self._fd = fd
        self._stops = frozenset(stops)
        self._writing = writing
        self._broken = broken

    def readable(self) -> bool:
        return not self._writing

    def writable(self) -> bool:
        return self._writing

    def fileno(self) -> int:
        return self._fd

    def readinto(self, buffer: Buffer) -> int:
        """Bytes from the client; 0 (the end of input) once a stop descriptor is readable."""
        if not self._ready():
            return 0
        view = memoryview(buffer).cast("B")
        data = os.read(self._fd, len(view))
        view[: len(data)] = data
        return len(data)

    def write(self, data: Buffer) -> int:
        """Writes at most CHUNK bytes once the client can take them; a BrokenPipeError once a
        stop descriptor is readable (the session is over, the answer has nowhere to go)."""
        try:
            if not self._ready():
                raise BrokenPipeError("the session ended before this answer could be written")
            return os.write(self._fd, memoryview(data).cast("B")[:CHUNK])
        except OSError:
            self._broken()  # the reading side must end too, not wait for the client
            raise

    def _ready(self) -> bool:
        """Waits until the pipe is ready (True) or a stop descriptor is readable (False).
        poll, not select: a bridge's descriptors may be numbered past select's 1,024."""
        waiting = select.poll()
        for stop in self._stops:
            waiting.register(stop, select.POLLIN)
        waiting.register(self._fd, select.POLLOUT if self._writing else select.POLLIN)
        while True:
            events = waiting.poll()
            if any(fd in self._stops for fd, _ in events):
                return False
            if events:
                return True  # ready, or hung up / failed: the read or write itself says which


def client_streams(
    stdin: int, stdout: int, stops: Sequence[int], broken: Callable[[], None]
) -> tuple[io.TextIOWrapper, io.TextIOWrapper]:
    """The client's input and output as the UTF-8 text the SDK's stdio transport reads and
    writes (undecodable input replaced, as the SDK does for its own standard input).
    `broken` is called when writing fails; it should make one of `stops` readable."""
    reader = io.TextIOWrapper(
        io.BufferedReader(WatchedPipe(stdin, stops, writing=False, broken=broken)),
        encoding="utf-8",
        errors="replace",
    )
    writer = io.TextIOWrapper(
        io.BufferedWriter(WatchedPipe(stdout, stops, writing=True, broken=broken)),
        encoding="utf-8",
    )
    return reader, writer
