"""The MCP bridge driven by the SDK's own client, over stdio and over streamable HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.types import Implementation

from .bridges import HttpBridge, issue_token, memoire_command, running_bridge, stdio_client
from .conftest import git, write_config

READ_TOOLS = ["memoire_index", "memoire_read", "memoire_search", "memoire_history"]
WRITE_TOOLS = [
    "memoire_append",
    "memoire_edit",
    "memoire_write",
    "memoire_delete",
    "memoire_restore",
]
SECRET_REFUSAL = (
    "Refused: this looks like a secret. The memory never keeps secrets; nothing was written."
)


@pytest.fixture
def config(tmp_path: Path, repository: Path) -> Path:
    return write_config(tmp_path, repository)


async def call(client: Client, tool: str, **arguments: Any) -> tuple[bool, str, dict[str, Any]]:
    result = await client.call_tool(tool, arguments)
    text = "".join(block.text for block in result.content if block.type == "text")
    return result.is_error, text, result.structured_content or {}


async def tool_names(client: Client) -> list[str]:
    return [tool.name for tool in (await client.list_tools()).tools]


# stdio


async def test_each_client_sees_only_the_tools_its_rights_allow(config: Path) -> None:
    async with stdio_client(config, "desk") as desk:
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
    async with stdio_client(config, "voice") as voice:
        assert await tool_names(voice) == READ_TOOLS
        refused, text, _ = await call(voice, "memoire_append", path="topics/a.md", text="x")
        assert refused
        assert "not available to this client" in text


def test_a_client_without_rights_cannot_start_a_stdio_bridge(config: Path) -> None:
    for client in ("observer", "not-in-the-table"):
        result = memoire_command("stdio", "--client", client, config=config)
        assert result.returncode == 2
        assert "no read right" in result.stderr


async def test_every_tool_over_stdio(config: Path, repository: Path) -> None:
    async with stdio_client(config, "desk") as desk:
        refused, text, created = await call(
            desk,
            "memoire_append",
            path="people/alice.md",
            text="Likes (green) tea.",
            title="Alice",
            description="A friend",
            sensitive=False,
        )
        assert not refused, text
        assert created["appended"] == "Likes (green) tea."
        assert "Likes (green) tea." in text
        _, _, read = await call(desk, "memoire_read", path="people/alice.md")
        assert read["body"] == "Likes (green) tea.\n"
        assert read["version"] == created["version"]
        _, text, edited = await call(
            desk, "memoire_edit", path="people/alice.md", old="(green)", new="(jasmine)"
        )
        assert (edited["old"], edited["new"]) == ("(green)", "(jasmine)")
        _, _, found = await call(desk, "memoire_search", query="jasmine")
        assert [hit["path"] for hit in found["hits"]] == ["people/alice.md"]
        assert found["hits"][0]["lines"] == [{"number": 8, "text": "Likes (jasmine) tea."}]
        _, _, written = await call(
            desk,
            "memoire_write",
            path="people/alice.md",
            title="Alice",
            description="Friend",
            sensitive=True,
            body="Rewritten.\n",
            version=edited["version"],
        )
        assert written["created"] is False
        _, text, overview = await call(desk, "memoire_index")
        assert [note["path"] for note in overview["index"]["notes"]] == ["people/alice.md"]
        assert "[sensitive]" in text
        _, _, people = await call(desk, "memoire_index", folder="people", since="2000-01-01")
        assert people["index"]["notes"] == overview["index"]["notes"]
        assert people["index"]["folders"] == [
            {"folder": "people", "notes": 1, "updated": people["index"]["notes"][0]["updated"]}
        ]
        refused, text, _ = await call(desk, "memoire_index", cursor="people/alice.md")
        assert refused
        assert "next_cursor" in text
        _, _, deleted = await call(
            desk, "memoire_delete", path="people/alice.md", version=written["version"]
        )
        assert deleted["commit"] == git(repository, "rev-parse", "HEAD").strip()
    assert not (repository / "people/alice.md").exists()


async def test_refusals_are_tool_errors_that_say_what_to_do(config: Path) -> None:
    async with stdio_client(config, "desk") as desk:
        cases = [
            ({"path": "../etc/passwd"}, "memoire_read", "is not a memory note path"),
            ({"path": "people/nobody.md"}, "memoire_read", "No note at people/nobody.md"),
            ({"path": "README.md", "text": "x"}, "memoire_append", "is protected"),
            (
                {
                    "path": "topics/x.md",
                    "text": "jeton: abc123XYZ",
                    "title": "X",
                    "sensitive": False,
                },
                "memoire_append",
                SECRET_REFUSAL,
            ),
            (
                {"path": "topics/x.md", "text": "y" * 2001, "title": "X", "sensitive": False},
                "memoire_append",
                "Split it",
            ),
            (
                {"path": "topics/x.md", "text": "hello"},
                "memoire_append",
                "To create it, pass title",
            ),
            ({"query": " "}, "memoire_search", "give a few words"),
        ]
        for arguments, tool, expected in cases:
            refused, text, _ = await call(desk, tool, **arguments)
            assert refused, (tool, arguments)
            assert expected in text
        _, _, first = await call(
            desk, "memoire_append", path="topics/x.md", text="one", title="X", sensitive=False
        )
        await call(desk, "memoire_append", path="topics/x.md", text="two")
        refused, text, _ = await call(
            desk,
            "memoire_write",
            path="topics/x.md",
            title="X",
            description="",
            sensitive=False,
            body="overwrite",
            version=first["version"],
        )
        assert refused
        assert "changed since you read it" in text


async def test_wrong_arguments_are_refused_by_field_without_repeating_what_was_sent(
    config: Path,
) -> None:
    """A model that sends a wrong argument learns which one and why; what it sent is not
    said back (it may be a secret typed in the wrong place), and nothing is written."""
    async with stdio_client(config, "desk") as desk:
        cases = [
            (
                "memoire_append",
                {"path": "topics/x.md", "text": "x", "title": "X", "sensitive": "pin 4921 a"},
                ["sensitive:", "valid boolean", "Nothing was done"],
            ),
            ("memoire_search", {"query": "tea", "limit": 500}, ["limit:", "less than or equal"]),
            ("memoire_read", {}, ["path: Field required"]),
        ]
        for tool, arguments, expected in cases:
            refused, text, _ = await call(desk, tool, **arguments)
            assert refused, (tool, arguments)
            for part in expected:
                assert part in text, text
            assert "4921" not in text
            assert "500" not in text
        _, _, overview = await call(desk, "memoire_index")
    assert "topics/x.md" not in [note["path"] for note in overview["index"]["notes"]]


async def test_the_published_schemas_are_the_ones_the_tools_take_and_answer(
    tmp_path: Path,
) -> None:
    """The schemas are stored, not derived at each start: a tool whose signature or result
    changed must not go on publishing the old ones (French names included)."""
    from memoire.adapters import mcp, tool_schemas
    from memoire.bootstrap import create_memory
    from memoire.core.layout import FRENCH

    derived = tool_schemas.derived((tool.name, tool.run) for tool in mcp.TOOLS)
    assert tool_schemas.stored() == derived, (
        "A tool changed: store its schemas anew with `uv run python -c 'from memoire.adapters "
        "import mcp, tool_schemas; tool_schemas.store((t.name, t.run) for t in mcp.TOOLS)'`"
    )
    repository = tmp_path / "labo"
    create_memory(repository, "", FRENCH)
    english = {tool.french_name: tool.name for tool in mcp.TOOLS if tool.french_name}
    async with stdio_client(write_config(tmp_path, repository, layout="fr"), "desk") as desk:
        listed = (await desk.list_tools()).tools
    assert len(listed) == len(mcp.TOOLS) + len(english)
    for tool in listed:
        schemas = derived[english.get(tool.name, tool.name)]
        assert (tool.input_schema, tool.output_schema) == (schemas["input"], schemas["output"])


async def test_the_voice_client_never_learns_of_sensitive_notes(config: Path) -> None:
    async with stdio_client(config, "desk") as desk:
        await call(
            desk,
            "memoire_append",
            path="topics/health.md",
            text="Asthma inhaler.",
            title="Health",
            description="Doctor",
            sensitive=True,
        )
    async with stdio_client(config, "voice") as voice:
        _, text, overview = await call(voice, "memoire_index")
        assert overview["index"]["notes"] == []
        assert "health" not in text.lower()
        refused, text, _ = await call(voice, "memoire_read", path="topics/health.md")
        assert refused
        assert text == "No note at topics/health.md (missing, or not readable here)."
        _, _, found = await call(voice, "memoire_search", query="asthma")
        assert found["hits"] == []


async def test_two_clients_racing_on_one_note_both_land(config: Path, repository: Path) -> None:
    async with stdio_client(config, "desk") as first, stdio_client(config, "desk") as second:
        await call(
            first,
            "memoire_append",
            path="journal/race.md",
            text="start",
            title="Race",
            sensitive=False,
        )

        async def append_many(client: Client, name: str) -> list[str]:
            lines = []
            for number in range(15):
                refused, text, result = await call(
                    client, "memoire_append", path="journal/race.md", text=f"{name} {number}"
                )
                assert not refused, text
                lines.append(result["appended"])
            return lines

        results: dict[str, list[str]] = {}

        async def run(client: Client, name: str) -> None:
            results[name] = await append_many(client, name)

        async with anyio.create_task_group() as group:
            group.start_soon(run, first, "first")
            group.start_soon(run, second, "second")
    lines = (repository / "journal/race.md").read_text().splitlines()
    for line in results["first"] + results["second"]:
        assert lines.count(line) == 1
    assert git(repository, "status", "--porcelain") == ""


async def test_the_scope_comes_from_the_workspace_never_from_the_bridge_folder(
    config: Path, tmp_path: Path
) -> None:
    launched_in = tmp_path / "bridge-home" / "wrong-repo"
    launched_in.mkdir(parents=True)
    git(launched_in, "init", "-q")
    project = tmp_path / "work" / "myapp"
    (project / "src").mkdir(parents=True)
    git(project, "init", "-q")
    titled = Implementation(name="some-client", title="Refactor the billing module", version="1")
    async with stdio_client(config, "desk", cwd=launched_in) as desk:
        _, text, nothing = await call(desk, "memoire_index")
        assert nothing["project"]["scope"] is None
        assert "no workspace was given" in text
        _, text, found = await call(desk, "memoire_index", workspace=str(project / "src"))
        assert found["project"]["scope"] == "myapp"
        assert found["project"]["note"] == "projects/myapp.md"
        assert "rule: per-repo" in text
        _, _, explicit = await call(desk, "memoire_index", scope="My Explicit Name")
        assert explicit["project"]["scope"] == "my-explicit-name"
    launch_workspace = ["--workspace", str(project)]
    async with stdio_client(config, "desk", *launch_workspace, cwd=launched_in) as desk:
        desk._client_info = titled
        _, _, from_launch = await call(desk, "memoire_index")
        assert from_launch["project"]["scope"] == "myapp"


async def test_the_project_note_comes_in_full_with_the_index(config: Path, tmp_path: Path) -> None:
    async with stdio_client(config, "desk") as desk:
        await call(
            desk,
            "memoire_append",
            path="projects/myapp.md",
            text="Uses Postgres 17.",
            title="myapp",
            sensitive=False,
        )
        _, text, overview = await call(desk, "memoire_index", scope="myapp")
        assert overview["project"]["exists"] is True
        assert overview["project_note"]["body"] == "Uses Postgres 17.\n"
        assert "Uses Postgres 17." in text


def test_scope_explain_prints_the_rule(config: Path, tmp_path: Path) -> None:
    project = tmp_path / "code" / "shop"
    project.mkdir(parents=True)
    git(project, "init", "-q")
    result = memoire_command("scope", "explain", "--workspace", str(project), config=config)
    assert result.stdout.strip() == (
        "Project scope 'shop' → projects/shop.md "
        "(rule: per-repo: name of the workspace's Git repository)."
    )
    home = memoire_command("scope", "explain", "--workspace", "/home/someone", config=config)
    assert home.stdout.startswith("No project scope (the workspace /home/someone is a home folder")


async def test_french_memories_answer_to_the_seed_tool_names(tmp_path: Path) -> None:
    from memoire.bootstrap import create_memory
    from memoire.core.layout import FRENCH

    repository = tmp_path / "labo"
    create_memory(repository, "", FRENCH)
    config = write_config(tmp_path, repository, layout="fr")
    async with stdio_client(config, "desk") as desk:
        names = await tool_names(desk)
        for name in (
            "memoire_lire",
            "memoire_chercher",
            "memoire_ajouter",
            "memoire_modifier",
            "memoire_ecrire",
            "memoire_supprimer",
            "memoire_append",
        ):
            assert name in names
        refused, text, _ = await call(
            desk,
            "memoire_ajouter",
            path="sujets/velo.md",
            text="Roule le dimanche.",
            title="Vélo",
            sensitive=False,
        )
        assert not refused, text
    content = (repository / "sujets/velo.md").read_text()
    assert content.startswith('---\ntitre: Vélo\ndescription: ""\nmaj: ')
    assert "sensible: non\n" in content


# HTTP


@pytest.fixture
def bridge(config: Path) -> Iterator[HttpBridge]:
    with running_bridge(config) as running:
        yield running


async def test_http_needs_a_valid_token(bridge: HttpBridge) -> None:
    async with httpx2.AsyncClient() as http:
        missing = await http.post(f"{bridge.url}/mcp", json={})
        wrong = await http.post(
            f"{bridge.url}/mcp", json={}, headers={"Authorization": "Bearer memoire_nope"}
        )
    assert missing.status_code == wrong.status_code == 401
    assert missing.headers["www-authenticate"].startswith("Bearer")
    assert "memoire token add" in missing.json()["error"]


async def test_http_tools_follow_the_token_rights(bridge: HttpBridge, repository: Path) -> None:
    desk_token = issue_token(bridge.config, "desk")
    voice_token = issue_token(bridge.config, "voice")
    async with bridge.client(desk_token) as desk:
        assert await tool_names(desk) == READ_TOOLS + WRITE_TOOLS
        refused, text, result = await call(
            desk,
            "memoire_append",
            path="topics/hifi.md",
            text="Amp: Naim",
            title="Hi-fi",
            sensitive=False,
        )
        assert not refused, text
        assert result["commit"] == git(repository, "rev-parse", "HEAD").strip()
    async with bridge.client(voice_token) as voice:
        assert await tool_names(voice) == READ_TOOLS
        _, _, found = await call(voice, "memoire_search", query="naim")
        assert [hit["path"] for hit in found["hits"]] == ["topics/hifi.md"]
    assert "memoire (desk)" in git(repository, "log", "-1", "--format=%cn")


async def test_a_revoked_token_stops_working_without_a_restart(bridge: HttpBridge) -> None:
    token = issue_token(bridge.config, "voice")
    async with bridge.client(token) as voice:
        assert await tool_names(voice) == READ_TOOLS
    assert memoire_command("token", "revoke", "voice", config=bridge.config).returncode == 0
    async with httpx2.AsyncClient() as http:
        answer = await http.post(
            f"{bridge.url}/mcp", json={}, headers={"Authorization": f"Bearer {token}"}
        )
    assert answer.status_code == 401


def test_tokens_are_stored_only_as_hashes(config: Path, repository: Path) -> None:
    token = issue_token(config, "desk")
    stored = (repository / ".git/memoire/tokens.json").read_text()
    assert token not in stored
    assert token.removeprefix("memoire_") not in stored
    listing = memoire_command("token", "list", config=config).stdout
    assert listing.startswith("desk\t")
    assert token not in listing


async def test_the_workspace_header_sets_the_scope_over_http(
    bridge: HttpBridge, tmp_path: Path
) -> None:
    token = issue_token(bridge.config, "desk")
    async with bridge.client(token, {"X-Memoire-Workspace": "/srv/code/Shop Front"}) as desk:
        _, _, overview = await call(desk, "memoire_index")
    assert overview["project"]["scope"] == "shop-front"
