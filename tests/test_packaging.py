"""What a newcomer installs and reads: the package, README's commands, the project's
addresses and versions, written once in pyproject.toml and repeated nowhere differently."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from memoire.adapters.cli import _parser
from memoire.config import ServerSettings

ROOT = Path(__file__).parent.parent
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
PROJECT: dict[str, Any] = PYPROJECT["project"]
URLS: dict[str, str] = PROJECT["urls"]
README = (ROOT / "README.md").read_text("utf-8")
ADDON = ROOT / "memoire_bridge"
DEVELOPMENT_ONLY = re.compile(
    r"pytest|hypothesis|ruff|mypy|types-|homeassistant|home-assistant|hassil|gazetteer|coverage"
)
"""Names of test, lint and Home Assistant packages: none belongs in the bridge's install."""


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower()


def _json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def _yaml(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text("utf-8"))
    return data


def _shell_blocks(text: str) -> list[str]:
    """README's shell snippets, continuation lines joined."""
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL)
    return [line for block in blocks for line in block.replace("\\\n", " ").splitlines()]


def test_the_distribution_is_memoire_bridge_and_the_command_memoire() -> None:
    assert PROJECT["name"] == "memoire-bridge"
    assert PROJECT["scripts"] == {"memoire": "memoire.adapters.cli:main"}
    assert "uv tool install --compile-bytecode memoire-bridge" in README  # a quick first start
    assert "pipx install memoire-bridge" in README


def test_the_bridges_dependencies_hold_no_test_or_home_assistant_package() -> None:
    runtime = [_name(requirement) for requirement in PROJECT["dependencies"]]
    assert runtime, "the bridge has dependencies"
    assert not [name for name in runtime if DEVELOPMENT_ONLY.search(name)]
    assert PYPROJECT["tool"]["uv"]["default-groups"] == [], "uv run installs no group by itself"


def test_running_the_bridge_installs_only_what_it_needs(tmp_path: Path) -> None:
    """What the first `uv run memoire serve` installs in a fresh environment (182 packages
    with Home Assistant before; about 30 now)."""
    uv = os.environ.get("UV") or shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed; README's commands run through it")
    env = os.environ | {"UV_PROJECT_ENVIRONMENT": str(tmp_path / "fresh")}
    result = subprocess.run(
        [uv, "sync", "--dry-run", "--locked", "--offline"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    output = (result.stdout + result.stderr).splitlines()
    installed = [_name(line[3:]) for line in output if line.startswith(" + ")]
    assert "memoire-bridge" in installed
    assert "pygit2" in installed
    assert not [name for name in installed if DEVELOPMENT_ONLY.search(name)]
    assert len(installed) < 50, installed


def test_readme_has_the_two_commands_and_ci_runs_the_test_command() -> None:
    commands = _shell_blocks(README)
    assert "uv run memoire serve" in commands
    assert "uv run --group dev pytest" in commands
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    checks = ci[ci.index("run_checks() {") :].splitlines()
    assert checks[1].strip() == "uv run --group dev pytest", "CI's first step is README's"


@pytest.mark.parametrize("client", ["claude", "gemini"])
def test_every_client_snippet_registers_memoire_for_the_user(client: str) -> None:
    """Without it, Claude Code and Gemini CLI register a server for the current folder only."""
    lines = [line for line in _shell_blocks(README) if line.startswith(f"{client} mcp add")]
    assert lines, f"README shows how to add memoire to {client}"
    for line in lines:
        words = shlex.split(line)
        assert words[3:5] == ["--scope", "user"], line


def test_the_project_addresses_are_pyprojects() -> None:
    home = URLS["Homepage"]
    manifest = _json(ROOT / "custom_components" / "memoire" / "manifest.json")
    assert manifest["documentation"] == f"{home}#home-assistant"
    assert "\n## Home Assistant\n" in README, "the documentation anchor exists"
    assert manifest["issue_tracker"] == URLS["Issues"] == f"{home}/issues"
    assert URLS["Changelog"] == f"{home}/blob/main/CHANGELOG.md"
    assert _yaml(ADDON / "config.yaml")["url"] == home
    assert _yaml(ROOT / "repository.yaml")["url"] == home
    assert f'org.opencontainers.image.source="{home}"' in (ADDON / "Dockerfile").read_text()
    assert home in (ADDON / "DOCS.md").read_text("utf-8")
    assert f"{home}#readme" == URLS["Documentation"]


def test_the_codeowners_are_pyprojects() -> None:
    owners = PYPROJECT["tool"]["memoire"]["codeowners"]
    manifest = _json(ROOT / "custom_components" / "memoire" / "manifest.json")
    assert manifest["codeowners"] == owners
    assert (ROOT / ".github" / "CODEOWNERS").read_text("utf-8").splitlines()[-1].split()[
        1:
    ] == owners
    assert URLS["Homepage"].split("/")[3] == owners[0].removeprefix("@")
    assert owners[0].removeprefix("@") in _yaml(ROOT / "repository.yaml")["maintainer"]


def test_every_published_part_carries_pyprojects_version() -> None:
    version = PROJECT["version"]
    manifest = _json(ROOT / "custom_components" / "memoire" / "manifest.json")
    assert manifest["version"] == version
    assert _yaml(ADDON / "config.yaml")["version"] == version
    dockerfile = (ADDON / "Dockerfile").read_text("utf-8")
    assert f"ARG MEMOIRE_VERSION={version}\n" in dockerfile, "the add-on installs its version"


def test_the_changelog_names_the_current_version_and_the_store_shows_the_same() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    versions = re.findall(r"^## \[([^\]]+)\]", changelog, flags=re.MULTILINE)
    assert versions[0] == "Unreleased"
    assert versions[1] == PROJECT["version"], "the newest release is pyproject's version"
    assert re.search(rf"^## \[{re.escape(versions[1])}\] - \d{{4}}-\d\d-\d\d$", changelog, re.M)
    assert (ADDON / "CHANGELOG.md").read_text("utf-8") == changelog


def test_the_readme_image_for_hacs_exists_in_the_repository() -> None:
    raw = URLS["Homepage"].replace("github.com", "raw.githubusercontent.com") + "/main/"
    images = re.findall(r'<img src="([^"]+)"', README)
    assert images
    for image in images:
        assert image.startswith(raw)
        assert (ROOT / image.removeprefix(raw)).is_file(), image


def test_the_container_recipe_runs_the_bridge_on_its_published_port() -> None:
    recipe = (ROOT / "Dockerfile").read_text("utf-8")
    instructions = dict(
        re.findall(r"^(CMD|EXPOSE|USER|VOLUME) (.+)$", recipe.replace("\\\n", ""), re.M)
    )
    command = json.loads(instructions["CMD"])
    assert command[0] == "memoire"
    arguments = _parser().parse_args(command[1:])
    port = ServerSettings().port
    assert (arguments.host, arguments.port) == ("0.0.0.0", port)
    assert instructions["EXPOSE"] == str(port)
    healthcheck = recipe[recipe.index("HEALTHCHECK") :].split("\n\n")[0]
    assert f"('127.0.0.1', {port})" in healthcheck
    assert instructions["USER"] not in {"root", "0"}
    assert instructions["VOLUME"] == "/data"


def test_the_workflows_run_hassfest_hacs_and_the_addon_linter() -> None:
    workflows = ROOT / ".github" / "workflows"
    uses = {
        step["uses"].split("@")[0]
        for path in workflows.glob("*.yaml")
        for job in _yaml(path)["jobs"].values()
        for step in job["steps"]
        if "uses" in step
    }
    assert {"home-assistant/actions/hassfest", "hacs/action"} <= uses
    assert "frenck/action-addon-linter" in uses
