"""Real bridges for the tests: `memoire stdio` and `memoire serve` as subprocesses."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx2
import uvicorn
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from starlette.types import ASGIApp

from memoire.adapters.http import build_app
from memoire.auth.server import OAuthServer
from memoire.config import load_config
from memoire.service import MemoryService
from memoire.storage.tokens import TokenStore


def memoire_command(*arguments: str, config: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memoire", *arguments, "--config", str(config)],
        capture_output=True,
        text=True,
        check=False,
    )


def issue_token(config: Path, client: str) -> str:
    result = memoire_command("token", "add", client, config=config)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def stdio_client(config: Path, client: str, *extra: str, cwd: Path | None = None) -> Client:
    arguments = ["-m", "memoire", "stdio", "--client", client, "--config", str(config), *extra]
    parameters = StdioServerParameters(
        command=sys.executable, args=arguments, env=dict(os.environ), cwd=cwd
    )
    return Client(parameters, raise_exceptions=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class HttpBridge:
    url: str
    config: Path
    log: Path | None = None

    @property
    def address(self) -> tuple[str, int]:
        host, _, port = self.url.removeprefix("http://").rpartition(":")
        return host, int(port)

    def client(self, token: str, headers: dict[str, str] | None = None) -> Client:
        http = httpx2.AsyncClient(
            headers={"Authorization": f"Bearer {token}", **(headers or {})}, timeout=30
        )
        return Client(streamable_http_client(f"{self.url}/mcp", http_client=http))


@contextmanager
def running_bridge(
    config: Path,
    descriptors: tuple[int, int] | None = None,
    arguments: tuple[str, ...] = (),
    port: int | None = None,
) -> Iterator[HttpBridge]:
    """`memoire serve` on a free port (or `port`, when the config must name it first, as
    [oauth] public_url does). Its log goes to `serve.log` beside the config: a pipe
    nobody reads would fill up with its request lines and stall the server.
    `descriptors` sets its (soft, hard) RLIMIT_NOFILE, as a tight system would; `arguments`
    are added to the command line."""
    port = port or free_port()
    serve = ["serve", "--config", str(config), "--port", str(port), *arguments]
    log = config.parent / "serve.log"
    with log.open("w", encoding="utf-8") as output:
        process = subprocess.Popen(
            [*_limited(descriptors), sys.executable, "-m", "memoire", *serve],
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for_port(port, process, log)
        yield HttpBridge(url=f"http://127.0.0.1:{port}", config=config, log=log)
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a bridge as a service manager would: SIGTERM, then SIGKILL after ten seconds."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def bridge_in_process(
    config: Path, service: MemoryService, oauth: OAuthServer | None = None, port: int = 0
) -> Iterator[HttpBridge]:
    """The HTTP app of `memoire serve` over a service object the test holds, in a uvicorn
    thread: for tests that watch what the bridge asks of the service (or, with `oauth`, tests
    that hold the authorization server's clock)."""
    settings = load_config(config)
    app = build_app(service, TokenStore(settings.memory.tokens_file), settings.server, oauth)
    port = port or free_port()
    with served_in_thread(app, "127.0.0.1", port, "the in-process bridge"):
        yield HttpBridge(url=f"http://127.0.0.1:{port}", config=config)


@contextmanager
def served_in_thread(app: ASGIApp, host: str, port: int, what: str) -> Iterator[None]:
    """`app` served by uvicorn in a thread of the test's process, until the block ends."""
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.started, f"{what} did not start"
        yield
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _limited(descriptors: tuple[int, int] | None) -> list[str]:
    """The `prlimit` prefix that starts a command with these (soft, hard) descriptor limits."""
    if descriptors is None:
        return []
    soft, hard = descriptors
    return ["prlimit", f"--nofile={soft}:{hard}", "--"]


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path | None = None) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = log.read_text(encoding="utf-8") if log else f"exit code {process.returncode}"
            raise RuntimeError(f"memoire serve exited: {output}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("memoire serve did not start listening")


def read_events(
    bridge: HttpBridge,
    token: str,
    seconds: float,
    headers: dict[str, str] | None = None,
    during: object = None,
) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + seconds
    with httpx2.stream(
        "GET",
        f"{bridge.url}/api/v1/events",
        headers={"Authorization": f"Bearer {token}", **(headers or {})},
        timeout=10,
    ) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        if callable(during):
            during()
        for line in response.iter_lines():
            lines.append(line)
            if time.monotonic() > deadline:
                break
    return lines


def events_in(lines: list[str]) -> list[dict[str, str]]:
    return [json.loads(line.removeprefix("data: ")) for line in lines if line.startswith("data: ")]
