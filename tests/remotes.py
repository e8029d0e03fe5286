"""Real Git remotes for the tests: bare repositories by path, and `git daemon` on loopback."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .bridges import free_port


def bare_repository(path: Path) -> Path:
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True)
    return path


class GitDaemon:
    """git:// on 127.0.0.1, which a test can stop and start again like a server going down.

    Started with `serve_fetches` False, it refuses every fetch and still accepts pushes.
    """

    def __init__(self, base: Path) -> None:
        self._base = base
        self.serve_fetches = True
        self.port = free_port()
        self._process: subprocess.Popen[bytes] | None = None

    def url(self, name: str) -> str:
        return f"git://127.0.0.1:{self.port}/{name}"

    def start(self) -> None:
        self._process = subprocess.Popen(
            [
                "git",
                "daemon",
                "--reuseaddr",
                "--export-all",
                "--enable=receive-pack",
                *([] if self.serve_fetches else ["--disable=upload-pack"]),
                f"--base-path={self._base}",
                f"--port={self.port}",
                "--listen=127.0.0.1",
                str(self._base),
            ],
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("git daemon did not start")

    def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.wait(timeout=10)
            self._process = None


@contextmanager
def git_daemon(base: Path) -> Iterator[GitDaemon]:
    daemon = GitDaemon(base)
    daemon.start()
    try:
        yield daemon
    finally:
        daemon.stop()


def remote_head(bare: Path, branch: str = "main") -> str:
    return subprocess.run(
        ["git", "-C", str(bare), "rev-parse", f"refs/heads/{branch}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def remote_file(bare: Path, path: str) -> str:
    return subprocess.run(
        ["git", "-C", str(bare), "show", f"main:{path}"], capture_output=True, text=True, check=True
    ).stdout
