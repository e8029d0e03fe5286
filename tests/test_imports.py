"""What each command loads at its start: a command pays only for what it uses.

The MCP SDK and pydantic take most of a second to import; a person typing `memoire --help`
or `memoire token list`, or a script running `memoire check`, must not wait for them. Each
case runs the real command under `python -X importtime`, which names every module the
process imported.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from memoire.core.secrets import find_secret, providers

from .conftest import write_config

WEB_STACK = {"mcp", "mcp_types", "pydantic", "starlette", "uvicorn", "sse_starlette", "httpx2"}
GIT_AND_DATABASES = {"pygit2", "yaml", "sqlite3"}
# memoire's HTTP side, and what only other commands need.
NOT_FOR_STDIO = {
    "memoire.adapters.http",
    "memoire.adapters.api",
    "memoire.adapters.connections",
    "memoire.adapters.events",
    "memoire.adapters.sessions",
    "memoire.check",
    "memoire.bootstrap",
    "memoire.storage.tokens",
}


def imported_by(*arguments: str, config: Path | None = None) -> set[str]:
    """Every module `memoire ARGUMENTS` imports, its standard input closed at once."""
    command = [sys.executable, "-X", "importtime", "-m", "memoire", *arguments]
    if config is not None:
        command += ["--config", str(config)]
    done = subprocess.run(
        command, stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", done.stderr, re.MULTILINE))


def packages(modules: set[str]) -> set[str]:
    return {module.split(".")[0] for module in modules}


def test_help_loads_neither_the_mcp_sdk_nor_git() -> None:
    loaded = packages(imported_by("--help"))
    assert loaded & (WEB_STACK | GIT_AND_DATABASES) == set()


@pytest.mark.parametrize("action", ["list", "add"])
def test_token_commands_never_load_the_mcp_sdk(
    action: str, tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    arguments = ("token", action) if action == "list" else ("token", action, "desk")
    loaded = packages(imported_by(*arguments, config=config))
    assert "pygit2" in loaded  # it did check that the memory exists
    assert loaded & WEB_STACK == set()


def test_check_never_loads_the_mcp_sdk(tmp_path: Path, repository: Path) -> None:
    loaded = packages(imported_by("check", config=write_config(tmp_path, repository)))
    assert "pygit2" in loaded  # it did check the memory
    assert loaded & WEB_STACK == set()


def test_stdio_loads_no_http_side_of_memoire_and_nothing_only_other_commands_use(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    loaded = imported_by("stdio", "--client", "desk", config=config)
    assert "memoire.adapters.mcp" in loaded  # it did start the MCP server
    assert loaded & NOT_FOR_STDIO == set()


def test_every_provider_rule_compiles_though_each_is_compiled_on_first_use() -> None:
    """Rules compile when a note first reaches their prefix: a broken one must fail here,
    not on the day someone's note holds that prefix."""
    rules = {rule for found in providers._PREFIXED.values() for rule in found}
    assert len(rules) > 100
    for rule in rules:
        assert rule.pattern.pattern == rule.source
    assert find_secret("deploy with glpat-Abc123XyZ789Def456Ghi0 tonight") is not None
