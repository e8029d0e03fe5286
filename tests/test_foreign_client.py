"""A client nobody on this project wrote: the MCP TypeScript SDK, against a live bridge."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from .bridges import issue_token, running_bridge
from .conftest import git, write_config

CLIENT = Path(__file__).parent / "ts_client"


def _install_client() -> None:
    """npm install, once per checkout: the SDK comes from the npm registry, pinned by range."""
    assert shutil.which("node"), "this test needs Node.js"
    assert shutil.which("npm"), "this test needs npm"
    if not (CLIENT / "node_modules" / "@modelcontextprotocol" / "sdk").exists():
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--silent"], cwd=CLIENT, check=True
        )


def test_the_typescript_sdk_lists_and_calls_tools_with_a_token(
    tmp_path: Path, repository: Path
) -> None:
    _install_client()
    config = write_config(tmp_path, repository)
    token = issue_token(config, "desk")
    with running_bridge(config) as bridge:
        output = subprocess.run(
            ["node", str(CLIENT / "client.mjs"), bridge.url, token],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
    answer = json.loads(output)
    assert answer["tools"] == [
        "memoire_index",
        "memoire_read",
        "memoire_search",
        "memoire_history",
        "memoire_append",
        "memoire_edit",
        "memoire_write",
        "memoire_delete",
        "memoire_restore",
    ]
    assert answer["appended"]["structuredContent"]["appended"] == (
        "Written by the TypeScript SDK (with « quotes »)."
    )
    assert answer["found"]["structuredContent"]["hits"][0]["path"] == "topics/typescript.md"
    assert answer["refused"]["isError"] is True
    assert answer["refused"]["content"][0]["text"].startswith("Refused: this looks like a secret.")
    assert "TypeScript SDK" in (repository / "topics/typescript.md").read_text()
    assert "memoire (desk)" in git(repository, "log", "-1", "--format=%cn")
