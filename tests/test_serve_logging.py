"""What `memoire serve` prints: a line per request and per refused authentication, at a
level the user chooses, and never a note's content, a query or a token."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import httpx2
import pytest

from memoire.service import MemoryService

from .bridges import HttpBridge, issue_token, memoire_command, running_bridge
from .conftest import write_config

CONTENT = "Quillfeather sleeps under the stairs."
SENSITIVE = "Prescription Zolvexamine twice a day."
WRONG_TOKEN = "memoire_Wr0ngT0kenValueThatMustNeverBeLogged"


@pytest.fixture
def used_memory(repository: Path, make_service: object) -> Path:
    service: MemoryService = make_service(repository)  # type: ignore[operator]
    service.append("desk", "topics/health.md", SENSITIVE, title="Health", sensitive=True)
    return repository


def output_of(bridge: HttpBridge) -> str:
    """Everything the bridge printed so far, once its last line had time to land."""
    assert bridge.log is not None
    time.sleep(0.3)
    return bridge.log.read_text(encoding="utf-8")


async def use_the_bridge(bridge: HttpBridge, desk: str, voice: str) -> None:
    """Tool calls, API calls with a query and a note path, and three refused requests."""
    async with bridge.client(desk) as client:
        await client.call_tool(
            "memoire_append",
            {"path": "topics/pets.md", "text": CONTENT, "title": "Pets", "sensitive": False},
        )
        read = await client.call_tool("memoire_read", {"path": "topics/health.md"})
        assert SENSITIVE in str(read.content)
    headers = {"Authorization": f"Bearer {voice}"}
    async with httpx2.AsyncClient(base_url=f"{bridge.url}/api/v1", timeout=20) as http:
        assert (await http.get("/search?q=Quillfeather", headers=headers)).status_code == 200
        assert (await http.get("/notes/topics/pets.md", headers=headers)).status_code == 200
        assert (await http.get("/whoami")).status_code == 401
        wrong = {"Authorization": f"Bearer {WRONG_TOKEN}"}
        assert (await http.get("/whoami", headers=wrong)).status_code == 401


def test_each_request_is_one_line_naming_client_tool_status_and_duration(
    tmp_path: Path, used_memory: Path
) -> None:
    config = write_config(tmp_path, used_memory)
    desk, voice = issue_token(config, "desk"), issue_token(config, "voice")
    with running_bridge(config) as bridge:
        asyncio.run(use_the_bridge(bridge, desk, voice))
        output = output_of(bridge)

    assert re.search(r"request client=desk tool=memoire_append status=200 duration_ms=\d+", output)
    assert re.search(r"request client=desk tool=memoire_read status=200 duration_ms=\d+", output)
    assert "request client=voice endpoint='GET /api/v1/search' status=200" in output
    assert "request client=voice endpoint='GET /api/v1/notes/{path}' status=200" in output
    refusals = [line for line in output.splitlines() if "refused authentication" in line]
    assert len(refusals) == 2
    assert "from=127.0.0.1 reason=no token endpoint='GET /api/v1/whoami' status=401" in refusals[0]
    assert "from=127.0.0.1 reason=unknown token" in refusals[1]
    for never in (CONTENT, SENSITIVE, "Quillfeather", "Zolvexamine", desk, voice, WRONG_TOKEN):
        assert never not in output
    assert "topics/pets.md" not in output  # a path a client typed is not echoed either
    assert "HTTP/1.1" not in output  # uvicorn's own access log is off
    assert "Traceback" not in output


def test_a_call_the_clients_rights_do_not_allow_is_logged_as_refused(
    tmp_path: Path, used_memory: Path
) -> None:
    config = write_config(tmp_path, used_memory)
    token = issue_token(config, "voice")
    config.write_text(config.read_text().replace("[clients.voice]\nread = true\n", ""))

    async def try_everything(bridge: HttpBridge) -> None:
        async with bridge.client(token) as client:
            refused = await client.call_tool("memoire_index", {})
            assert refused.is_error
        async with httpx2.AsyncClient(base_url=f"{bridge.url}/api/v1", timeout=20) as http:
            headers = {"Authorization": f"Bearer {token}"}
            assert (await http.get("/whoami", headers=headers)).status_code == 200
            assert (await http.get("/index", headers=headers)).status_code == 403

    with running_bridge(config) as bridge:
        asyncio.run(try_everything(bridge))
        output = output_of(bridge)

    refusals = [line for line in output.splitlines() if "refused access" in line]
    assert len(refusals) == 2, output
    assert "from=127.0.0.1 reason=rights client=voice tool=memoire_index status=200" in refusals[0]
    assert "reason=rights client=voice endpoint='GET /api/v1/index' status=403" in refusals[1]
    assert "request client=voice endpoint='GET /api/v1/whoami' status=200" in output
    assert token not in output


@pytest.mark.parametrize("where", ["config", "flag"])
def test_at_warning_level_requests_are_quiet_and_refusals_still_show(
    tmp_path: Path, used_memory: Path, where: str
) -> None:
    extra = '[server]\nlog_level = "warning"\n' if where == "config" else ""
    config = write_config(tmp_path, used_memory, extra)
    arguments = ("--log-level", "warning") if where == "flag" else ()
    desk, voice = issue_token(config, "desk"), issue_token(config, "voice")
    with running_bridge(config, arguments=arguments) as bridge:
        asyncio.run(use_the_bridge(bridge, desk, voice))
        output = output_of(bridge)

    assert "request client=" not in output
    assert output.count("refused authentication") == 2
    assert "WARNING refused authentication from=127.0.0.1 reason=no token" in output


def test_even_at_debug_level_no_content_query_or_token_is_printed(
    tmp_path: Path, used_memory: Path
) -> None:
    config = write_config(tmp_path, used_memory)
    desk, voice = issue_token(config, "desk"), issue_token(config, "voice")
    with running_bridge(config, arguments=("--log-level", "debug")) as bridge:
        asyncio.run(use_the_bridge(bridge, desk, voice))
        output = output_of(bridge)

    assert "request client=desk tool=memoire_append" in output
    for never in (CONTENT, SENSITIVE, "Quillfeather", "Zolvexamine", desk, voice, WRONG_TOKEN):
        assert never not in output


def test_the_flag_wins_over_the_configuration(tmp_path: Path, used_memory: Path) -> None:
    config = write_config(tmp_path, used_memory, '[server]\nlog_level = "error"\n')
    desk, voice = issue_token(config, "desk"), issue_token(config, "voice")
    with running_bridge(config, arguments=("--log-level", "info")) as bridge:
        asyncio.run(use_the_bridge(bridge, desk, voice))
        output = output_of(bridge)

    assert "request client=desk tool=memoire_append" in output


def test_an_unknown_log_level_is_refused_with_the_levels_to_choose_from(
    tmp_path: Path, used_memory: Path
) -> None:
    config = write_config(tmp_path, used_memory, '[server]\nlog_level = "loud"\n')

    result = memoire_command("status", config=config)

    assert result.returncode == 2
    assert "log_level 'loud' is not one of: debug, info, warning, error" in result.stderr
