"""The warm host `memoire stdio` starts on demand, so that every later spawn is handed over.

Real processes throughout: `memoire stdio` spawned by the MCP SDK's own client (as a
desktop assistant spawns it) or by a raw JSON-RPC writer, the detached `memoire host` it
starts, and `memoire serve`. Which process served a session is read from the host's log,
where each hand-over is a line; the hosts alive are read from /proc.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from memoire.adapters.handover import SOCKET_NAME
from memoire.adapters.host_launch import LOG_LIMIT, LOG_NAME
from memoire.config import ConfigError, load_config

from .bridges import memoire_command, running_bridge, stdio_client
from .conftest import write_config
from .handover_bridges import (
    handover_folder,
    handovers,
    handovers_in,
    hosts_of,
    index_answers_at_once,
    log_of,
    warm_host_config,
)
from .test_handover import answer, initialized, leftover_journals, raw_stdio, send
from .test_mcp import READ_TOOLS, WRITE_TOOLS, call, tool_names

WAIT_SECONDS = 60
FLOOD_SECONDS = 300  # twenty cold starts on a loaded two-core machine, far beyond need


@pytest.fixture(autouse=True)
def _warm_hosts_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are the warm host's: stdio may start one (the suite keeps it off)."""
    monkeypatch.delenv("MEMOIRE_KEEP_WARM", raising=False)


@pytest.fixture
def config(tmp_path: Path, repository: Path) -> Iterator[Path]:
    with warm_host_config(tmp_path, repository) as written:
        yield written


def within(seconds: float, call: Callable[[], None]) -> None:
    """Runs `call`, failing the test instead of hanging if it blocks (a pipe never answered)."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:
            failed.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"not done within {seconds} s"
    if failed:
        raise failed[0]


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def socket_of(repository: Path) -> Path:
    return handover_folder(repository) / SOCKET_NAME


def host_log(repository: Path) -> str:
    return (handover_folder(repository) / LOG_NAME).read_text(encoding="utf-8")


def one_host(config: Path, repository: Path) -> int:
    """Waits until exactly one host serves `config` and listens; its pid."""
    wait_until(
        lambda: len(hosts_of(config)) == 1 and socket_of(repository).exists(),
        f"one host listening, not {hosts_of(config)}",
    )
    (pid,) = hosts_of(config)
    return pid


def no_host(config: Path, repository: Path) -> None:
    wait_until(lambda: not hosts_of(config), "the host to leave")
    assert not socket_of(repository).exists(), "a leaving host removes its socket"


async def test_the_first_stdio_serves_itself_and_starts_a_host_for_the_next(
    config: Path, repository: Path
) -> None:
    async with stdio_client(config, "desk") as desk:
        await call(desk, "memoire_append", path="topics/tea.md", text="Likes green tea.",
                   title="Tea", description="Drinks", sensitive=False)  # fmt: skip
        cold_tools = (await desk.list_tools()).tools
    host = one_host(config, repository)
    assert handovers_in(host_log(repository), "desk") == 0, "the first one served itself"
    async with stdio_client(config, "desk") as desk:
        warm_tools = (await desk.list_tools()).tools
        _, text, _ = await call(desk, "memoire_index")
    assert handovers_in(host_log(repository), "desk") == 1
    assert "topics/tea.md" in text
    assert warm_tools == cold_tools
    assert hosts_of(config) == [host]
    folder = handover_folder(repository)
    modes = [path.stat().st_mode & 0o777 for path in (folder, folder / LOG_NAME)]
    assert modes == [0o700, 0o600]


def test_two_stdio_processes_starting_at_once_leave_one_host(
    config: Path, repository: Path
) -> None:
    both = [raw_stdio(config), raw_stdio(config)]
    for process in both:  # each served itself, having started a host
        within(WAIT_SECONDS, lambda process=process: initialized(process))
    host = one_host(config, repository)
    for process in both:
        process.stdin.close()  # type: ignore[union-attr]
        assert process.wait(timeout=WAIT_SECONDS) == 0
    later = raw_stdio(config)
    initialized(later)
    later.stdin.close()  # type: ignore[union-attr]
    assert later.wait(timeout=WAIT_SECONDS) == 0
    assert handovers_in(host_log(repository), "desk") == 1
    assert hosts_of(config) == [host]


def test_a_flood_of_twenty_stdio_spawns_is_served_by_one_host(
    config: Path, repository: Path
) -> None:
    processes = [raw_stdio(config, "voice") for _ in range(20)]

    def all_served() -> None:
        for number, process in enumerate(processes):
            initialized(process)
            send(process, {"jsonrpc": "2.0", "id": 2 + number, "method": "tools/list"})
            assert len(answer(process)["result"]["tools"]) == len(READ_TOOLS)
            process.stdin.close()  # type: ignore[union-attr]

    try:
        within(FLOOD_SECONDS, all_served)
    except BaseException:
        for process in processes:
            process.kill()  # none left behind by a failed test
        raise
    assert [process.wait(timeout=WAIT_SECONDS) for process in processes] == [0] * 20
    host = one_host(config, repository)
    later = raw_stdio(config, "voice")
    initialized(later)
    later.stdin.close()  # type: ignore[union-attr]
    assert later.wait(timeout=WAIT_SECONDS) == 0
    assert hosts_of(config) == [host]
    assert handovers_in(host_log(repository), "voice") >= 1


async def test_an_idle_host_leaves_and_removes_its_socket(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository, extra="[stdio]\nidle_minutes = 0.02\n")
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    wait_until(lambda: "no session for 1.2 seconds" in host_log(repository), "an idle host")
    no_host(config, repository)
    assert "Traceback" not in host_log(repository)


async def test_a_changed_configuration_retires_the_host_and_its_rights_apply(
    config: Path, repository: Path
) -> None:
    async with stdio_client(config, "desk") as desk:
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
    old = one_host(config, repository)
    async with stdio_client(config, "desk") as desk:  # handed over, with the old rights
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
    assert handovers_in(host_log(repository), "desk") == 1
    text = config.read_text()
    desk_row = "[clients.desk]\nread = true\nsensitive = true\nwrite = true\n"
    config.write_text(text.replace(desk_row, "[clients.desk]\nread = true\n").replace(
        "[clients.voice]\nread = true\n", ""))  # fmt: skip
    refused = memoire_command("stdio", "--client", "voice", config=config)
    assert refused.returncode == 2
    assert refused.stderr.count("'voice' has no read right") == 1, refused.stderr
    async with stdio_client(config, "desk") as desk:  # the old host refuses it, and retires
        assert await tool_names(desk) == READ_TOOLS
    wait_until(lambda: old not in hosts_of(config), "the old host to retire")
    assert "changed since this warm host started; it retires" in host_log(repository)
    new = one_host(config, repository)
    async with stdio_client(config, "desk") as desk:  # the new host, with the new rights
        assert await tool_names(desk) == READ_TOOLS
        refused_write, _, _ = await call(desk, "memoire_append", path="topics/a.md", text="x")
        assert refused_write
    assert handovers_in(host_log(repository), "desk") == 2
    assert hosts_of(config) == [new]


async def test_a_host_leaves_when_its_memory_is_deleted(config: Path, repository: Path) -> None:
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    one_host(config, repository)
    shutil.rmtree(repository)
    wait_until(lambda: not hosts_of(config), "the host to leave a deleted memory")


async def test_a_killed_host_is_replaced_by_the_next_stdio(config: Path, repository: Path) -> None:
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    killed = one_host(config, repository)
    os.kill(killed, signal.SIGKILL)
    wait_until(lambda: not hosts_of(config), "the killed host to be gone")
    assert socket_of(repository).is_socket(), "a killed host leaves its socket behind"
    async with stdio_client(config, "voice") as voice:  # no one answers: served here
        assert await tool_names(voice) == READ_TOOLS
    replacement = one_host(config, repository)
    assert replacement != killed
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    assert handovers_in(host_log(repository), "voice") == 1


async def test_sigterm_ends_a_host_cleanly(config: Path, repository: Path) -> None:
    async with stdio_client(config, "desk") as desk:
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
    host = one_host(config, repository)
    async with stdio_client(config, "desk") as desk:
        await call(desk, "memoire_append", path="topics/tea.md", text="Likes green tea.",
                   title="Tea", description="Drinks", sensitive=False)  # fmt: skip
    assert handovers_in(host_log(repository), "desk") == 1
    os.kill(host, signal.SIGTERM)
    no_host(config, repository)
    assert "The warm host stops: SIGTERM or SIGINT" in host_log(repository)
    assert leftover_journals(repository) == [], "the host closed the memory"


@pytest.mark.parametrize("off", ["keep_warm = false", "--no-handover", "MEMOIRE_KEEP_WARM=0"])
async def test_no_host_starts_when_turned_off(
    tmp_path: Path, repository: Path, monkeypatch: pytest.MonkeyPatch, off: str
) -> None:
    extra = "[stdio]\nkeep_warm = false\n" if off == "keep_warm = false" else ""
    config = write_config(tmp_path, repository, extra=extra)
    if off == "MEMOIRE_KEEP_WARM=0":
        monkeypatch.setenv("MEMOIRE_KEEP_WARM", "0")
    arguments = ["--no-handover"] if off == "--no-handover" else []
    async with stdio_client(config, "desk", *arguments) as desk:
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
    assert hosts_of(config) == []
    assert not (handover_folder(repository) / LOG_NAME).exists(), "no host was ever started"


async def test_serve_takes_the_socket_over_from_a_host(config: Path, repository: Path) -> None:
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    one_host(config, repository)
    with running_bridge(config) as bridge:
        wait_until(lambda: not hosts_of(config), "the host to give its socket to serve")
        assert "`memoire serve` takes stdio sessions over" in host_log(repository)
        wait_until(socket_of(repository).exists, log_of(bridge))
        async with stdio_client(config, "voice") as voice:
            assert await tool_names(voice) == READ_TOOLS
        assert handovers(bridge, "voice") == 1
        assert hosts_of(config) == [], "with serve listening, stdio starts no host"


async def test_a_host_log_past_its_limit_is_emptied(config: Path, repository: Path) -> None:
    folder = handover_folder(repository)
    folder.mkdir(mode=0o700)
    (folder / LOG_NAME).write_bytes(b"old line\n" * (LOG_LIMIT // 4))
    (folder / LOG_NAME).chmod(0o600)
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    one_host(config, repository)
    assert (folder / LOG_NAME).stat().st_size < LOG_LIMIT
    assert "old line" not in host_log(repository)


async def test_a_host_serves_sessions_at_once(config: Path, repository: Path) -> None:
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
    one_host(config, repository)
    answers = await index_answers_at_once(config, "voice", 5)
    assert len(answers) == 5
    assert handovers_in(host_log(repository), "voice") == 5


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ("idle_minutes = 0", "idle_minutes must be a number of minutes above 0"),
        ("idle_minutes = 20000", "at most 10080 (a week)"),
        ("idle_minutes = true", "not True"),
        ('keep_warm = "yes"', "[stdio] keep_warm must be true or false, not 'yes'"),
        ("keep = true", "unknown key(s) keep in [stdio]"),
    ],
)
def test_a_wrong_stdio_section_is_refused_clearly(
    tmp_path: Path, repository: Path, table: str, problem: str
) -> None:
    config = write_config(tmp_path, repository, extra=f"[stdio]\n{table}\n")
    with pytest.raises(ConfigError, match=re.escape(problem)):
        load_config(config)
    result = memoire_command("stdio", "--client", "desk", config=config)
    assert result.returncode == 2
    assert problem in result.stderr
