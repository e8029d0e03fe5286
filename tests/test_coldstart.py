"""Starting fast: `memoire serve` answers its JSON API before the MCP SDK has loaded, and /mcp
waits for it; a bridge's start runs without the garbage collector, which then resumes.

Importing the MCP SDK takes most of a second; Home Assistant and scripts use only the JSON
API, which needs none of it. These tests hold the MCP side's loading open (the slow import
is the one thing stood in for: a gate in front of the real loader), check that the API
answers meanwhile, that an MCP request sent meanwhile is answered in full once loading
ends, and that a loading failure leaves the API serving and /mcp saying why. The import
tests check what the HTTP side loads before it answers, in a fresh interpreter.
"""

from __future__ import annotations

import errno
import gc
import http.client
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import pytest

from memoire.adapters import http as http_adapter
from memoire.adapters.mcp_mount import NOT_LOADED, LoadedMcp
from memoire.adapters.startup import collector_paused
from memoire.config import ServerSettings, load_config
from memoire.core.errors import MemoryMissing
from memoire.service import MemoryService

from .bridges import HttpBridge, bridge_in_process, issue_token
from .conftest import write_config

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "early-client", "version": "1"},
    },
}
NOT_BEFORE_THE_API = {
    "mcp",
    "mcp_types",
    "pydantic",
    "authlib",
    "webauthn",
    "httpx2",
}
"""Packages the HTTP side of `memoire serve` must not load before it answers (OAuth off)."""


class Gate:
    """Holds the real MCP loader until opened: the SDK's import, made as slow as the test needs.
    A test opens it before its bridge stops: a stopping bridge waits for a load under way."""

    def __init__(self, real: Callable[[MemoryService, ServerSettings], LoadedMcp]) -> None:
        self._real = real
        self.loading = threading.Event()
        self.opened = threading.Event()

    def __call__(self, service: MemoryService, settings: ServerSettings) -> LoadedMcp:
        self.loading.set()
        assert self.opened.wait(30), "the test never opened the gate"
        return self._real(service, settings)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate(http_adapter._mcp_app)
    monkeypatch.setattr(http_adapter, "_mcp_app", held)
    yield held
    held.opened.set()


@pytest.fixture
def config(tmp_path: Path, repository: Path) -> Path:
    return write_config(tmp_path, repository)


def _request(
    bridge: HttpBridge, token: str, method: str, path: str, body: object = None
) -> tuple[int, bytes]:
    host, port = bridge.address
    connection = http.client.HTTPConnection(host, port, timeout=30)
    headers = {"Authorization": f"Bearer {token}"}
    if body is not None:
        headers |= {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
    try:
        connection.request(method, path, body=json.dumps(body) if body else None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def _sent_then_answered(bridge: HttpBridge, token: str, sent: threading.Event) -> tuple[int, bytes]:
    """An MCP initialize: `sent` is set once the whole request is on the wire."""
    host, port = bridge.address
    connection = http.client.HTTPConnection(host, port, timeout=30)
    headers = {
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
    }
    try:
        connection.request("POST", "/mcp", body=json.dumps(INITIALIZE), headers=headers)
        sent.set()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def _initialize_result(body: bytes) -> dict[str, Any]:
    """The JSON-RPC result of an initialize answered as JSON or as one server-sent event."""
    text = body.decode("utf-8")
    data = next(
        (
            line.removeprefix("data:").strip()
            for line in text.splitlines()
            if line.startswith("data:")
        ),
        text,
    )
    answer = json.loads(data)
    assert "result" in answer, answer
    return dict(answer["result"])


def test_the_json_api_answers_while_the_mcp_side_is_still_loading(config: Path, gate: Gate) -> None:
    token = issue_token(config, "voice")
    service = MemoryService(load_config(config))
    try:
        with bridge_in_process(config, service) as bridge:
            assert gate.loading.wait(30)
            status, body = _request(bridge, token, "GET", "/api/v1/whoami")
            assert status == 200, body
            assert json.loads(body)["client"] == "voice"
            status, body = _request(bridge, token, "GET", "/api/v1/index")
            assert status == 200, body
            assert not gate.opened.is_set()  # all of it answered with the MCP side not built
            gate.opened.set()  # the bridge, stopping, waits for a load under way to end
    finally:
        service.close()


def test_an_mcp_request_sent_during_loading_waits_and_is_answered(config: Path, gate: Gate) -> None:
    token = issue_token(config, "desk")
    service = MemoryService(load_config(config))
    sent = threading.Event()
    try:
        with bridge_in_process(config, service) as bridge, ThreadPoolExecutor(1) as pool:
            assert gate.loading.wait(30)
            early: Future[tuple[int, bytes]] = pool.submit(_sent_then_answered, bridge, token, sent)
            assert sent.wait(30)
            status, _ = _request(bridge, token, "GET", "/api/v1/whoami")
            assert status == 200
            assert not early.done()  # held, not refused, while the MCP side loads
            gate.opened.set()
            status, body = early.result(timeout=30)
            assert status == 200, body
            assert _initialize_result(body)["serverInfo"]["name"] == "memoire"
            listed = anyio.run(_tool_call_over_mcp, bridge, token)
            assert "memoire_index" in listed
    finally:
        service.close()


async def _tool_call_over_mcp(bridge: HttpBridge, token: str) -> str:
    """The real MCP SDK client, once loaded: tools listed, the index called."""
    async with bridge.client(token) as client:
        tools = [tool.name for tool in (await client.list_tools()).tools]
        answer = await client.call_tool("memoire_index", {})
        assert not answer.is_error
        return " ".join(tools)


def test_a_failed_load_leaves_the_api_serving_and_mcp_saying_why(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_service: MemoryService, _settings: ServerSettings) -> LoadedMcp:
        raise ImportError("No module named 'mcp' (a broken install)")

    monkeypatch.setattr(http_adapter, "_mcp_app", broken)
    token = issue_token(config, "desk")
    service = MemoryService(load_config(config))
    try:
        with bridge_in_process(config, service) as bridge:
            status, body = _request(bridge, token, "POST", "/mcp", INITIALIZE)
            assert status == 503
            assert json.loads(body)["error"] == NOT_LOADED
            status, _ = _request(bridge, token, "GET", "/api/v1/whoami")
            assert status == 200
    finally:
        service.close()


def test_stdio_answers_a_client_that_sends_everything_at_once(config: Path) -> None:
    """A desktop client spawns `memoire stdio` and writes its handshake, its tools/list and
    its first call without waiting for the bridge to start: all are answered, in order."""
    messages = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "memoire_index", "arguments": {}},
        },
    ]
    command = [sys.executable, "-m", "memoire", "stdio", "--client", "desk"]
    with subprocess.Popen(
        [*command, "--config", str(config)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as bridge:
        assert bridge.stdin is not None
        assert bridge.stdout is not None
        deadline = threading.Timer(60, bridge.kill)  # a bridge that never answers fails
        deadline.start()
        try:
            bridge.stdin.write("".join(json.dumps(message) + "\n" for message in messages))
            bridge.stdin.flush()
            answers = [json.loads(bridge.stdout.readline()) for _ in range(3)]
            bridge.stdin.close()
        finally:
            deadline.cancel()
        assert bridge.wait(timeout=30) == 0
    assert [answer["id"] for answer in answers] == [1, 2, 3]
    assert answers[0]["result"]["serverInfo"]["name"] == "memoire"
    assert len(answers[1]["result"]["tools"]) == 9
    index = answers[2]["result"]
    assert not index.get("isError"), index
    assert "always_shown" in index["structuredContent"]["index"]


def test_serves_http_side_loads_no_mcp_sdk_and_no_oauth_libraries() -> None:
    """What `memoire serve` imports before it answers, OAuth off: the SDK loads afterwards,
    in the background; OAuth's libraries not at all."""
    modules = [
        "memoire.adapters.cli",
        "memoire.adapters.http",
        "memoire.adapters.connections",
        "memoire.adapters.listening",
        "memoire.adapters.requestlog",
        "memoire.fetching",
        "memoire.serving",
        "memoire.service",
        "memoire.storage.tokens",
    ]
    code = f"import {', '.join(modules)}; import sys; print('\\n'.join(sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(done.stdout.split())
    assert "starlette" in loaded  # it did load the HTTP side
    assert "pygit2" in loaded  # and the store
    assert {module for module in loaded if module.split(".")[0] in NOT_BEFORE_THE_API} == set()


def test_running_out_of_descriptors_while_loading_is_waited_out(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flood of connections can take every descriptor while the SDK's files are read:
    the load is tried again, and /mcp answers once it succeeds, never 503."""
    attempts: list[int] = []

    def short_of_descriptors(service: MemoryService, settings: ServerSettings) -> LoadedMcp:
        attempts.append(1)
        if len(attempts) < 3:
            raise OSError(errno.EMFILE, "Too many open files")
        return real(service, settings)

    real = http_adapter._mcp_app
    monkeypatch.setattr(http_adapter, "_mcp_app", short_of_descriptors)
    token = issue_token(config, "desk")
    service = MemoryService(load_config(config))
    try:
        with bridge_in_process(config, service) as bridge:
            status, body = _request(bridge, token, "POST", "/mcp", INITIALIZE)
            assert status == 200, body
            assert _initialize_result(body)["serverInfo"]["name"] == "memoire"
    finally:
        service.close()
    assert len(attempts) == 3


def _failing_start(made: list[list[int]]) -> None:
    with collector_paused():
        assert not gc.isenabled()
        made.extend([] for _ in range(1000))
        raise MemoryMissing("the start failed")


def test_the_collector_resumes_after_a_start_and_what_the_start_made_is_frozen() -> None:
    """A bridge's start runs without the cyclic collector; it must come back on, even when
    the start fails, or a long-running bridge would never free a reference cycle again."""
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    made: list[list[int]] = []
    try:
        with pytest.raises(MemoryMissing):
            _failing_start(made)
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen + len(made)
    finally:
        gc.unfreeze()
        gc.enable()
