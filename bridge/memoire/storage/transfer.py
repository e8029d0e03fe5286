"""A git command that talks to a remote, stopped only when the remote stops answering.

A fixed time limit would refuse forever the first fetch of a large memory over a slow link,
so the limit is on silence instead: the command is stopped once it has said nothing, and its
processes have moved no byte, for STALL_SECONDS. Git reports a transfer's progress on stderr
(`--progress`), but not for every kind of transfer (a fetch of fewer than 100 objects is
unpacked without a word), so on Linux the bytes its processes read and write count too.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from pathlib import Path
from typing import IO

STALL_SECONDS = 30
_TICK_SECONDS = 1.0


def run_while_answering(
    command: list[str], environment: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """Run `command` to its end, unless it goes silent for STALL_SECONDS (exit 124)."""
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment
    ) as process:
        streams = [stream for stream in (process.stdout, process.stderr) if stream is not None]
        received = {stream.fileno(): bytearray() for stream in streams}
        if not _read_while_answering(process.pid, streams, received):
            process.kill()
            process.wait()
            return subprocess.CompletedProcess(command, 124, "", f"no answer for {STALL_SECONDS} s")
        returncode = process.wait()
    output, errors = (text.decode("utf-8", "replace") for text in received.values())
    return subprocess.CompletedProcess(command, returncode, output, errors)


def _read_while_answering(
    pid: int, streams: list[IO[bytes]], received: dict[int, bytearray]
) -> bool:
    """Collect each stream into `received` until all close; False if the command went silent."""
    last_sign = time.monotonic()
    moved = _bytes_moved(pid)
    with selectors.DefaultSelector() as waiting:
        for stream in streams:
            waiting.register(stream, selectors.EVENT_READ)
        while waiting.get_map():
            for key, _ in waiting.select(timeout=min(_TICK_SECONDS, STALL_SECONDS)):
                last_sign = time.monotonic()
                chunk = os.read(key.fd, 65536)
                if chunk:
                    received[key.fd] += chunk
                else:
                    waiting.unregister(key.fileobj)
            now_moved = _bytes_moved(pid)
            if now_moved != moved:
                moved, last_sign = now_moved, time.monotonic()
            if time.monotonic() - last_sign >= STALL_SECONDS:
                return False
    return True


def _bytes_moved(pid: int) -> int | None:
    """Bytes read and written so far by `pid` and its descendants (Linux), else None."""
    total = 0
    waiting = [pid]
    while waiting:
        current = waiting.pop()
        proc = Path(f"/proc/{current}")
        try:
            counters = (proc / "io").read_text()
            children = (proc / "task" / str(current) / "children").read_text().split()
        except OSError:
            if current == pid:
                return None
            continue  # a child that ended between the two reads
        total += sum(
            int(line.split()[1])
            for line in counters.splitlines()
            if line.startswith(("rchar", "wchar"))
        )
        waiting.extend(int(child) for child in children)
    return total
