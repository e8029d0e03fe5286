"""`memoire --version`, the version in the MCP server info, and `memoire status`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from memoire.bootstrap import create_memory
from memoire.core.layout import ENGLISH

from .bridges import issue_token, memoire_command, running_bridge, stdio_client
from .conftest import git, write_config
from .remotes import bare_repository

INSTALLED = metadata.version("memoire-bridge")


def status(config: Path, *extra: str) -> dict[str, Any]:
    result = memoire_command("status", "--json", *extra, config=config)
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout))


# The version


def test_version_prints_the_installed_distributions_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "memoire", "--version"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"memoire {INSTALLED}\n"
    assert INSTALLED[0].isdigit()


@pytest.mark.anyio
@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_the_mcp_server_info_carries_the_version_over_stdio_and_http(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    async with stdio_client(config, "desk") as client:
        assert client.server_info is not None
        assert (client.server_info.name, client.server_info.version) == ("memoire", INSTALLED)
    token = issue_token(config, "desk")
    with running_bridge(config) as bridge:
        async with bridge.client(token) as client:
            assert client.server_info is not None
            assert client.server_info.version == INSTALLED


# Status


def test_status_counts_notes_as_clients_see_them_and_names_the_last_commit(
    tmp_path: Path, repository: Path, make_service: Any
) -> None:
    service = make_service(repository)
    service.append("desk", "profile.md", "Lives in Lyon.", title="Profile", sensitive=False)
    service.append("desk", "topics/garden.md", "Basil.", title="Garden", sensitive=False)
    service.append("desk", "topics/health.md", "Allergic.", title="Health", sensitive=True)
    (repository / "topics/keys.md").write_text(
        "---\ntitle: Keys\ndescription: ''\nupdated: 2026-11-29\nsensitive: no\n---\n"
        "password: hunter2hunter2\n"
    )
    git(repository, "add", "topics/keys.md")
    git(repository, "commit", "-q", "-m", "Keys by hand\n\nsecond line")
    config = write_config(tmp_path, repository)

    facts = status(config)

    voice_index = service.index("voice")
    desk_index = service.index("desk")
    assert facts["notes_visible"] == 2 == voice_index.total + len(voice_index.always_shown)
    assert facts["notes_sensitive"] == 2  # labelled sensitive, and one holding a secret
    assert facts["notes_visible"] + facts["notes_sensitive"] == desk_index.total + 1
    assert facts["memory"] == str(repository)
    assert facts["layout"] == "en"
    head = git(repository, "rev-parse", "HEAD").strip()
    assert facts["last_commit"]["id"] == head[:10]
    assert facts["last_commit"]["message"] == "Keys by hand"
    committed = git(repository, "log", "-1", "--format=%cI").strip()
    assert datetime.fromisoformat(facts["last_commit"]["date"]) == datetime.fromisoformat(committed)
    assert facts["version"] == INSTALLED


def test_status_lists_clients_rights_and_token_counts_never_token_values(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    tokens = [
        issue_token(config, "desk"),
        issue_token(config, "desk"),
        issue_token(config, "voice"),
    ]

    facts = status(config)
    text = memoire_command("status", config=config).stdout

    clients = {client["name"]: client for client in facts["clients"]}
    assert clients["desk"] == {
        "name": "desk",
        "read": True,
        "sensitive": True,
        "write": True,
        "tokens": 2,
    }
    assert (clients["voice"]["read"], clients["voice"]["write"], clients["voice"]["tokens"]) == (
        True,
        False,
        1,
    )
    assert clients["observer"]["tokens"] == 0
    assert "desk: read, sensitive, write; 2 token(s)" in text
    assert "observer: no rights; 0 token(s)" in text
    for token in tokens:
        assert token not in text
        assert token not in json.dumps(facts)


def test_status_reports_a_reachable_remote_and_its_last_sync(tmp_path: Path) -> None:
    remote = bare_repository(tmp_path / "shared.git")
    local = tmp_path / "local"
    create_memory(local, "", ENGLISH, str(remote))
    config = write_config(tmp_path, local, memory=f'remote = "{remote}"\n')

    facts = status(config)

    assert facts["remote"]["url"] == str(remote)
    assert facts["remote"]["reachable"] is True
    assert facts["remote"]["last_synced"] is not None
    offline = status(config, "--offline")
    assert offline["remote"]["reachable"] is None


def test_status_never_shows_remote_credentials_and_says_when_it_does_not_answer(
    tmp_path: Path, repository: Path
) -> None:
    url = "http://alice:s3cr3t-pass@127.0.0.1:9/memory.git"  # port 9: nobody listens
    config = write_config(tmp_path, repository, memory=f'remote = "{url}"\n')

    result = memoire_command("status", config=config)
    facts = status(config)

    assert result.returncode == 0, result.stderr
    assert "s3cr3t-pass" not in result.stdout + result.stderr + json.dumps(facts)
    assert "alice" not in result.stdout
    assert "http://127.0.0.1:9/memory.git (NOT reachable; last synced never)" in result.stdout
    assert facts["remote"]["reachable"] is False


def test_status_names_the_serving_bridge_and_forgets_it_once_stopped(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    records = repository / ".git/memoire/serving"
    with running_bridge(config) as bridge:
        serving = status(config)["bridges"]
        text = memoire_command("status", config=config).stdout
    assert [item["url"] for item in serving] == [f"{bridge.url}/mcp"]
    assert f"serving on {bridge.url}/mcp" in text
    assert list(records.iterdir()) == []  # removed at exit
    after = memoire_command("status", config=config).stdout
    assert "bridge:   not running" in after


def test_a_record_left_by_a_killed_bridge_does_not_count(tmp_path: Path, repository: Path) -> None:
    config = write_config(tmp_path, repository)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    records = repository / ".git/memoire/serving"
    records.mkdir(parents=True)
    stale = {"pid": dead.pid, "url": "http://127.0.0.1:9/mcp"}
    (records / f"{dead.pid}.json").write_text(json.dumps(stale))
    (records / f"{os.getpid()}.json").write_text(json.dumps({"pid": os.getpid(), "url": "x"}))
    (records / "garbage.json").write_text("{not json")

    assert status(config)["bridges"] == []


def test_status_of_a_memory_that_does_not_exist_says_how_to_create_it_and_creates_nothing(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "nowhere"
    config = write_config(tmp_path, missing)

    result = memoire_command("status", config=config)

    assert result.returncode == 2
    assert f"memoire init {missing}" in result.stderr
    assert "Traceback" not in result.stderr
    assert not missing.exists()


# Shell completion


SUBCOMMANDS = ("init", "check", "serve", "stdio", "token", "scope", "status", "log", "completion")


def test_bash_completion_is_a_valid_script_offering_every_command(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "memoire", "completion", "bash"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    script = tmp_path / "memoire.bash"
    script.write_text(result.stdout)
    syntax = subprocess.run(
        ["bash", "-n", str(script)], capture_output=True, text=True, check=False
    )
    assert syntax.returncode == 0, syntax.stderr
    for command in SUBCOMMANDS:
        assert re.search(rf"\b{command}\b", result.stdout), command
    assert "--log-level" in result.stdout
    completed = subprocess.run(
        [
            "bash",
            "-c",
            f'source "{script}"; COMP_WORDS=(memoire st); COMP_CWORD=1; '
            '_shtab_memoire; printf "%s\\n" "${COMPREPLY[@]}"',
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert set(completed.stdout.split()) == {"status", "stdio"}, completed.stderr


def test_zsh_completion_names_every_command_and_an_unknown_shell_is_refused() -> None:
    zsh = subprocess.run(
        [sys.executable, "-m", "memoire", "completion", "zsh"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert zsh.returncode == 0, zsh.stderr
    assert zsh.stdout.startswith("#compdef memoire")
    for command in SUBCOMMANDS:
        assert command in zsh.stdout
    fish = subprocess.run(
        [sys.executable, "-m", "memoire", "completion", "fish"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert fish.returncode == 2
    assert "invalid choice: 'fish'" in fish.stderr
