"""`memoire stdio` handing its pipes to a running `memoire serve`, which serves them warm.

Real processes throughout: a `memoire serve` subprocess, `memoire stdio` spawned by the MCP
SDK's own client (as a desktop assistant spawns it) or by a raw JSON-RPC writer. Which
process served a session is read from the bridge's log, where each hand-over is a line.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from memoire.adapters.handover import FOLDER, SOCKET_NAME

from .bridges import HttpBridge, memoire_command, running_bridge, stdio_client
from .conftest import write_config
from .handover_bridges import (
    handing_over_bridge,
    handovers,
    index_answers_at_once,
    log_of,
    wait_for_handover,
)
from .test_http_guard import INITIALIZE
from .test_imports import GIT_AND_DATABASES, WEB_STACK, imported_by, packages
from .test_mcp import READ_TOOLS, WRITE_TOOLS, call, tool_names


@pytest.fixture
def config(tmp_path: Path, repository: Path) -> Path:
    return write_config(tmp_path, repository)


@pytest.fixture
def bridge(config: Path, repository: Path) -> Iterator[HttpBridge]:
    with handing_over_bridge(config, repository) as running:
        yield running


def raw_stdio(config: Path, client: str = "desk") -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "memoire", "stdio", "--client", client, "--config"]
    return subprocess.Popen(
        [*command, str(config)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def send(process: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
    stdin: IO[bytes] | None = process.stdin
    assert stdin is not None
    stdin.write(json.dumps(message).encode() + b"\n")
    stdin.flush()


def answer(process: subprocess.Popen[bytes]) -> dict[str, Any]:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line, "no answer: the server ended"
    decoded: dict[str, Any] = json.loads(line)
    return decoded


def initialized(process: subprocess.Popen[bytes]) -> None:
    send(process, INITIALIZE)
    assert answer(process)["result"]["serverInfo"]["name"] == "memoire"
    send(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})


async def test_a_handed_over_client_gets_what_an_in_process_one_gets(
    bridge: HttpBridge, config: Path
) -> None:
    async with stdio_client(config, "desk") as desk:
        await call(desk, "memoire_append", path="topics/tea.md", text="Likes green tea.",
                   title="Tea", description="Drinks", sensitive=False)  # fmt: skip
        warm_tools = (await desk.list_tools()).tools
        warm_index = await call(desk, "memoire_index")
    assert handovers(bridge, "desk") == 1
    async with stdio_client(config, "desk", "--no-handover") as desk:
        cold_tools = (await desk.list_tools()).tools
        cold_index = await call(desk, "memoire_index")
    assert handovers(bridge, "desk") == 1, "--no-handover must serve in its own process"
    assert warm_tools == cold_tools
    assert [tool.name for tool in warm_tools] == READ_TOOLS + WRITE_TOOLS
    assert warm_index == cold_index
    assert "topics/tea.md" in warm_index[1]


async def test_a_handed_over_client_has_its_own_rights_only(
    bridge: HttpBridge, config: Path
) -> None:
    async with stdio_client(config, "desk") as desk:
        await call(desk, "memoire_append", path="topics/health.md", text="Asthma inhaler.",
                   title="Health", description="Doctor", sensitive=True)  # fmt: skip
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
        refused, text, _ = await call(voice, "memoire_append", path="topics/a.md", text="x")
        assert refused
        assert "not available to this client" in text
        _, text, overview = await call(voice, "memoire_index")
        assert overview["index"]["notes"] == []
        assert "health" not in text.lower()
        refused, text, _ = await call(voice, "memoire_read", path="topics/health.md")
        assert refused
        assert text == "No note at topics/health.md (missing, or not readable here)."
    assert handovers(bridge, "voice") == 1
    assert handovers(bridge, "desk") == 1


def test_a_client_without_rights_is_refused_once_as_without_a_bridge(bridge: HttpBridge) -> None:
    """The refusal is said once, in stdio's own words: the bridge is not even asked."""
    for client in ("observer", "not-in-the-table"):
        result = memoire_command("stdio", "--client", client, config=bridge.config)
        assert result.returncode == 2
        assert result.stderr.count("has no read right") == 1, result.stderr
        assert f"client {client!r} has no read right" in result.stderr
        assert "the running bridge did not take this session" not in result.stderr
        assert handovers(bridge, client) == 0
    assert "Refused a stdio hand-over" not in log_of(bridge)


async def test_a_configuration_changed_since_the_bridge_started_is_served_in_process(
    bridge: HttpBridge, config: Path
) -> None:
    config.write_text(config.read_text() + "[clients.newcomer]\nread = true\n")
    async with stdio_client(config, "newcomer") as newcomer:
        assert await tool_names(newcomer) == READ_TOOLS
    assert "changed since it started; restart `memoire serve`" in log_of(bridge)
    assert handovers(bridge, "newcomer") == 0


async def test_ten_clients_at_once_are_all_answered(bridge: HttpBridge, config: Path) -> None:
    answers = await index_answers_at_once(config, "voice", 10)
    assert len(answers) == 10
    assert len(set(answers)) == 1
    assert handovers(bridge, "voice") == 10


def test_a_bridge_killed_mid_session_ends_stdio_with_status_3(config: Path) -> None:
    with running_bridge(config) as bridge:
        wait_for_handover(config.parent / "memory", bridge)
        process = raw_stdio(config)
        initialized(process)
        assert handovers(bridge, "desk") == 1
        (record,) = (config.parent / "memory" / ".git" / "memoire" / "serving").glob("*.json")
        os.kill(json.loads(record.read_text())["pid"], signal.SIGKILL)
        assert process.wait(timeout=20) == 3
        assert process.stdout is not None
        assert process.stdout.read() == b"", "the client sees the end of its server's output"


def test_a_terminated_stdio_process_ends_its_session_in_the_bridge(bridge: HttpBridge) -> None:
    process = raw_stdio(bridge.config)
    initialized(process)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == -signal.SIGTERM
    assert process.stdout is not None
    assert process.stdout.read() == b"", "the bridge let go of the client's pipes"
    process.stdin.close()  # type: ignore[union-attr]
    later = raw_stdio(bridge.config)
    initialized(later)
    later.stdin.close()  # type: ignore[union-attr]
    assert later.wait(timeout=20) == 0
    assert handovers(bridge, "desk") == 2


def test_a_client_that_closes_its_input_ends_with_status_0(bridge: HttpBridge) -> None:
    process = raw_stdio(bridge.config)
    initialized(process)
    send(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    assert len(answer(process)["result"]["tools"]) == len(READ_TOOLS + WRITE_TOOLS)
    process.stdin.close()  # type: ignore[union-attr]
    assert process.wait(timeout=20) == 0
    assert handovers(bridge, "desk") == 1


async def test_without_a_bridge_stdio_serves_itself(config: Path, repository: Path) -> None:
    async with stdio_client(config, "desk") as desk:
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
    assert not (repository / ".git" / "memoire" / FOLDER / SOCKET_NAME).exists()


def test_the_socket_is_removed_when_the_bridge_stops(config: Path, repository: Path) -> None:
    folder = repository / ".git" / "memoire" / FOLDER
    with running_bridge(config) as bridge:
        wait_for_handover(repository, bridge)
        assert (folder.stat().st_mode & 0o777, (folder / SOCKET_NAME).stat().st_mode & 0o777) == (
            0o700,
            0o600,
        )
    assert not (folder / SOCKET_NAME).exists()


def test_a_handed_over_stdio_process_imports_nothing_heavy(bridge: HttpBridge) -> None:
    """What makes the hand-over fast: the stdio process loads neither the MCP SDK nor Git,
    the databases or the memory service; the bridge that holds them serves."""
    loaded = imported_by("stdio", "--client", "desk", config=bridge.config)
    assert handovers(bridge, "desk") == 1
    assert packages(loaded) & (WEB_STACK | GIT_AND_DATABASES) == set()
    assert {"memoire.service", "memoire.adapters.mcp", "memoire.core.secrets"} & loaded == set()


def test_a_client_gone_mid_session_ends_only_its_own_session(bridge: HttpBridge) -> None:
    """The assistant stops reading (it crashed) while its request is answered: the bridge's
    write fails, that session ends, its stdio process with it; the next client is served."""
    process = raw_stdio(bridge.config)
    initialized(process)
    process.stdout.close()  # type: ignore[union-attr]
    send(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    assert process.wait(timeout=20) == 0
    process.stdin.close()  # type: ignore[union-attr]
    later = raw_stdio(bridge.config)
    initialized(later)
    later.stdin.close()  # type: ignore[union-attr]
    assert later.wait(timeout=20) == 0
    assert handovers(bridge, "desk") == 2
    assert "A stdio session's pipes broke" in log_of(bridge)
    assert "Traceback" not in log_of(bridge)


def leftover_journals(repository: Path) -> list[str]:
    """SQLite's write-ahead files: removed when the process closes its databases."""
    state = repository / ".git" / "memoire"
    return sorted(path.name for path in state.iterdir() if path.name.endswith(("-wal", "-shm")))


async def test_stdio_and_serve_close_the_memory_when_they_end(
    config: Path, repository: Path
) -> None:
    """The search upkeep worker stops and the databases close (their journals go)."""
    async with stdio_client(config, "desk", "--no-handover") as desk:
        await call(desk, "memoire_append", path="topics/tea.md", text="Likes green tea.",
                   title="Tea", description="Drinks", sensitive=False)  # fmt: skip
    assert leftover_journals(repository) == []
    with handing_over_bridge(config, repository) as bridge:
        async with stdio_client(config, "desk") as desk:
            await call(desk, "memoire_append", path="topics/tea.md", text="And jasmine.")
        assert handovers(bridge, "desk") == 1
        assert leftover_journals(repository) != [], "open while the bridge serves"
    assert leftover_journals(repository) == []
