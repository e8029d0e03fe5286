"""A note's history and restore, through the MCP SDK's own client, for every role of the table.

The memory is built by the service (memoire's own commits) and by a person with the git
command line, then each role asks over stdio as its assistant would: a writer, a client
that may read sensitive notes but not write, and the voice client that may read only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest

from memoire.bootstrap import create_memory
from memoire.core.layout import FRENCH
from memoire.service import MemoryService

from .bridges import issue_token, running_bridge, stdio_client
from .conftest import ServiceFactory, git, write_config
from .test_mcp import SECRET_REFUSAL, call, tool_names

GARDEN = "topics/garden.md"
WIFI = "topics/wifi.md"
SENSITIVE_WORDS = ("Pollen", "cetirizine", "Allergist", "Tuesday", "sensitive: yes")
SECRET_TEXT = "Tr0ub4dor-77xQ"
READER = "[clients.reader]\nread = true\nsensitive = true\n"


@dataclass(frozen=True)
class Garden:
    """The commits of the garden note, oldest first, named for what each did."""

    created: str
    basil: str
    turned_sensitive: str
    while_sensitive: str
    public_again: str
    by_hand: str
    compost: str
    hidden_versions: tuple[str, ...]


def build_garden(service: MemoryService, repository: Path) -> Garden:
    """A note that is public, turns sensitive for two commits, is public again, then gets
    a person's commit and one more append."""
    created = service.append(
        "desk", GARDEN, "Tomatoes in the south bed.", title="Garden", sensitive=False
    )
    basil = service.append("desk", GARDEN, "Basil beside the tomatoes.")
    sensitive = service.write(
        "desk",
        GARDEN,
        title="Garden",
        description="",
        sensitive=True,
        body=(
            "Tomatoes in the south bed.\nBasil beside the tomatoes.\n"
            "Pollen allergy: cetirizine every morning.\n"
        ),
        version=basil.version,
    )
    during = service.append("desk", GARDEN, "Allergist on Tuesday.")
    public = service.write(
        "desk",
        GARDEN,
        title="Garden",
        description="",
        sensitive=False,
        body="Tomatoes in the south bed.\nBasil beside the tomatoes.\nMulch in May.\n",
        version=during.version,
    )
    note = repository / GARDEN
    note.write_text(note.read_text() + "Water at dawn.\n")
    git(repository, "commit", "-qam", "Watering, from my phone")
    by_hand = git(repository, "rev-parse", "HEAD").strip()
    compost = service.append("desk", GARDEN, "Compost in autumn.")
    return Garden(
        created=created.commit,
        basil=basil.commit,
        turned_sensitive=sensitive.commit,
        while_sensitive=during.commit,
        public_again=public.commit,
        by_hand=by_hand,
        compost=compost.commit,
        hidden_versions=(sensitive.version, during.version),
    )


def build_wifi(service: MemoryService, repository: Path) -> tuple[str, str]:
    """A public note into which a person commits a secret, then takes it out: the two
    commits, the secret's first."""
    service.append("desk", WIFI, "Router in the hall.", title="Wifi", sensitive=False)
    note = repository / WIFI
    clean = note.read_text()
    note.write_text(clean + f"wifi password: {SECRET_TEXT}\n")
    git(repository, "commit", "-qam", "wifi")
    with_secret = git(repository, "rev-parse", "HEAD").strip()
    note.write_text(clean + "Ask the guest to use the guest network.\n")
    git(repository, "commit", "-qam", "wifi, without the secret")
    return with_secret, git(repository, "rev-parse", "HEAD").strip()


@pytest.fixture
def config(tmp_path: Path, repository: Path) -> Path:
    return write_config(tmp_path, repository, extra=READER)


@pytest.fixture
def garden(make_service: ServiceFactory, repository: Path) -> Garden:
    return build_garden(make_service(repository), repository)


async def history(config: Path, client: str, path: str, **arguments: Any) -> tuple[bool, str, Any]:
    async with stdio_client(config, client) as session:
        return await call(session, "memoire_history", path=path, **arguments)


def commits_of(answer: dict[str, Any]) -> list[str]:
    return [entry["commit"] for entry in answer["entries"]]


# Tools by role


async def test_each_role_is_offered_history_and_only_writers_restore(config: Path) -> None:
    for client, offered in (("desk", True), ("reader", False), ("voice", False)):
        async with stdio_client(config, client) as session:
            names = await tool_names(session)
            assert "memoire_history" in names
            assert ("memoire_restore" in names) is offered
            refused, text, _ = await call(
                session, "memoire_restore", path=GARDEN, commit="0" * 40, version="0" * 10
            )
            if not offered:
                assert refused
                assert "not available to this client" in text


async def test_french_memories_answer_to_the_seed_names_of_history_and_restore(
    tmp_path: Path,
) -> None:
    repository = tmp_path / "labo"
    create_memory(repository, "", FRENCH)
    config = write_config(tmp_path, repository, layout="fr")
    async with stdio_client(config, "desk") as desk:
        names = await tool_names(desk)
        assert {"memoire_historique", "memoire_restaurer"} <= set(names)
        _, _, created = await call(
            desk,
            "memoire_ajouter",
            path="sujets/velo.md",
            text="Roule.",
            title="Vélo",
            sensitive=False,
        )
        refused, text, found = await call(desk, "memoire_historique", path="sujets/velo.md")
        assert not refused, text
        assert commits_of(found) == [created["commit"]]


# What each role sees of the history


async def test_a_writer_sees_every_change_with_its_client_tool_and_diff(
    config: Path, garden: Garden
) -> None:
    refused, text, found = await history(config, "desk", GARDEN)
    assert not refused, text
    assert commits_of(found) == [
        garden.compost,
        garden.by_hand,
        garden.public_again,
        garden.while_sensitive,
        garden.turned_sensitive,
        garden.basil,
        garden.created,
    ]
    newest, by_hand, *_, created = found["entries"]
    assert (newest["client"], newest["tool"], newest["change"]) == ("desk", "append", "updated")
    assert newest["diff"].endswith(" Water at dawn.\n+Compost in autumn.\n")
    assert (newest["added"], newest["removed"]) == (1, 0)
    assert (by_hand["client"], by_hand["tool"]) == ("a person", None)
    assert "+Water at dawn." in by_hand["diff"]
    assert created["change"] == "created"
    assert created["diff"].startswith("--- /dev/null\n+++ b/topics/garden.md\n")
    assert found["stopped"] == "start"
    assert "whole history" in found["window"]
    assert "+Allergist on Tuesday." in text
    assert "a person: updated" in text


async def test_a_sensitive_reader_sees_the_sensitive_period_too(
    config: Path, garden: Garden
) -> None:
    _, _, found = await history(config, "reader", GARDEN)
    by_commit = {entry["commit"]: entry for entry in found["entries"]}
    assert len(by_commit) == 7
    assert (
        "+Pollen allergy: cetirizine every morning." in by_commit[garden.turned_sensitive]["diff"]
    )
    assert "+Allergist on Tuesday." in by_commit[garden.while_sensitive]["diff"]


async def test_voice_sees_the_early_and_late_diffs_and_not_a_word_of_the_sensitive_period(
    config: Path, garden: Garden
) -> None:
    refused, text, found = await history(config, "voice", GARDEN)
    assert not refused, text
    assert commits_of(found) == [
        garden.compost,
        garden.by_hand,
        garden.public_again,
        garden.turned_sensitive,
        garden.basil,
        garden.created,
    ]
    entries = {entry["commit"]: entry for entry in found["entries"]}
    for commit in (garden.compost, garden.by_hand, garden.basil, garden.created):
        assert entries[commit]["diff"] is not None
    into, out_of = entries[garden.turned_sensitive], entries[garden.public_again]
    for crossing in (into, out_of):
        assert crossing["diff"] is None
        assert "not readable by this client" in crossing["withheld"]
    assert (into["added"], into["removed"]) == (2, 1)
    assert into["version"] is None
    assert out_of["version"] is not None
    answer = text + json.dumps(found)
    for word in (*SENSITIVE_WORDS, *garden.hidden_versions, garden.while_sensitive):
        assert word not in answer


async def test_a_secret_committed_by_hand_is_never_shown_to_anyone(
    config: Path, make_service: ServiceFactory, repository: Path
) -> None:
    with_secret, without = build_wifi(make_service(repository), repository)
    for client in ("desk", "reader", "voice"):
        refused, text, found = await history(config, client, WIFI)
        assert not refused, text
        assert SECRET_TEXT not in text + json.dumps(found)
        entries = {entry["commit"]: entry for entry in found["entries"]}
        for commit in (with_secret, without):
            assert entries[commit]["diff"] is None
        assert (entries[with_secret]["added"], entries[with_secret]["removed"]) == (1, 0)
        assert (entries[without]["added"], entries[without]["removed"]) == (1, 1)
        reason = entries[with_secret]["withheld"]
        if client == "voice":  # a client without the right never hears of the secret
            assert "secret" not in reason
        else:
            assert "looks like a secret" in reason


async def test_a_note_hidden_now_answers_exactly_like_a_missing_one(
    config: Path, make_service: ServiceFactory, repository: Path
) -> None:
    service = make_service(repository)
    service.append("desk", "topics/health.md", "Asthma.", title="Health", sensitive=True)
    gone = service.append("desk", "topics/gone.md", "Soon gone.", title="Gone", sensitive=False)
    service.delete("desk", "topics/gone.md", gone.version)
    async with stdio_client(config, "voice") as voice:
        answers = {}
        for path in ("topics/health.md", "topics/gone.md", "topics/never.md"):
            refused, text, _ = await call(voice, "memoire_history", path=path)
            assert refused
            answers[path] = text.replace(path, "PATH")
            _, read_text, _ = await call(voice, "memoire_read", path=path)
            assert text == read_text
    assert len(set(answers.values())) == 1
    assert answers["topics/never.md"] == "No note at PATH (missing, or not readable here)."
    _, _, deleted = await history(config, "desk", "topics/gone.md")
    assert [entry["change"] for entry in deleted["entries"]] == ["deleted", "created"]


# Restore


async def test_restore_brings_back_a_past_version_as_a_new_commit(
    config: Path, garden: Garden, repository: Path
) -> None:
    before = git(repository, "log", "--format=%H").split()
    async with stdio_client(config, "desk") as desk:
        _, _, now = await call(desk, "memoire_read", path=GARDEN)
        refused, text, restored = await call(
            desk, "memoire_restore", path=GARDEN, commit=garden.basil, version=now["version"]
        )
        assert not refused, text
        _, _, read = await call(desk, "memoire_read", path=GARDEN)
        _, _, found = await call(desk, "memoire_history", path=GARDEN, limit=1)
    assert read["body"] == "Tomatoes in the south bed.\nBasil beside the tomatoes.\n"
    assert restored["restored_from"] == garden.basil
    assert restored["version"] == read["version"]
    assert restored["created"] is False
    after = git(repository, "log", "--format=%H").split()
    assert after == [restored["commit"], *before]
    assert git(repository, "log", "-1", "--format=%cn|%s").strip() == (
        f"memoire (desk)|memoire restore {GARDEN}"
    )
    (entry,) = found["entries"]
    assert (entry["tool"], entry["commit"]) == ("restore", restored["commit"])
    assert "-Compost in autumn." in entry["diff"]
    assert found["stopped"] == "limit"


async def test_restore_refuses_a_stale_version_exactly_as_write_does(
    config: Path, garden: Garden, repository: Path
) -> None:
    head = git(repository, "rev-parse", "HEAD")
    async with stdio_client(config, "desk") as desk:
        _, _, created = await call(desk, "memoire_history", path=GARDEN)
        stale = created["entries"][-1]["version"]
        refused, restore_text, _ = await call(
            desk, "memoire_restore", path=GARDEN, commit=garden.basil, version=stale
        )
        _, write_text, _ = await call(
            desk,
            "memoire_write",
            path=GARDEN,
            title="Garden",
            description="",
            sensitive=False,
            body="x",
            version=stale,
        )
        missing, missing_text, _ = await call(
            desk, "memoire_restore", path=GARDEN, commit=garden.basil
        )
    assert refused
    assert restore_text == write_text
    assert "changed since you read it" in restore_text
    assert missing
    assert "already exists (version" in missing_text
    assert git(repository, "rev-parse", "HEAD") == head


async def test_restore_refuses_a_version_holding_a_secret(
    config: Path, make_service: ServiceFactory, repository: Path
) -> None:
    with_secret, _ = build_wifi(make_service(repository), repository)
    head = git(repository, "rev-parse", "HEAD")
    async with stdio_client(config, "desk") as desk:
        _, _, now = await call(desk, "memoire_read", path=WIFI)
        refused, text, _ = await call(
            desk, "memoire_restore", path=WIFI, commit=with_secret, version=now["version"]
        )
    assert refused
    assert text == SECRET_REFUSAL
    assert git(repository, "rev-parse", "HEAD") == head
    assert SECRET_TEXT not in (repository / WIFI).read_text()


async def test_restore_says_what_to_do_with_a_wrong_commit(
    config: Path, garden: Garden, repository: Path
) -> None:
    first = git(repository, "rev-list", "--max-parents=0", "HEAD").strip()
    cases = [
        ("not-a-commit", "is not a commit id"),
        ("f" * 40, "is not among the last 1,000 commits"),
        (first, "It is not in commit"),
        (garden.created[:12], None),
    ]
    async with stdio_client(config, "desk") as desk:
        for commit, expected in cases:
            _, _, now = await call(desk, "memoire_read", path=GARDEN)
            refused, text, _ = await call(
                desk, "memoire_restore", path=GARDEN, commit=commit, version=now["version"]
            )
            if expected is None:  # a short id of a commit on the branch is enough
                assert not refused, text
            else:
                assert refused
                assert expected in text
                assert "memoire_history" in text


async def test_restore_brings_back_a_deleted_note_without_a_version(
    config: Path, make_service: ServiceFactory, repository: Path
) -> None:
    service = make_service(repository)
    created = service.append("desk", "people/ada.md", "Likes tea.", title="Ada", sensitive=False)
    service.delete("desk", "people/ada.md", created.version)
    async with stdio_client(config, "desk") as desk:
        refused, text, restored = await call(
            desk, "memoire_restore", path="people/ada.md", commit=created.commit
        )
    assert not refused, text
    assert restored["created"] is True
    assert "Likes tea." in (repository / "people/ada.md").read_text()


# The JSON API


def test_the_json_api_answers_history_as_the_tool_does(
    config: Path, garden: Garden, make_service: ServiceFactory, repository: Path
) -> None:
    make_service(repository).append("desk", "topics/health.md", "x", title="H", sensitive=True)
    voice = issue_token(config, "voice")
    with running_bridge(config) as bridge:

        def get(token: str, path: str, query: str = "") -> httpx2.Response:
            return httpx2.get(
                f"{bridge.url}/api/v1/history/{path}{query}",
                headers={"Authorization": f"Bearer {token}"},
                timeout=30,
            )

        found = get(voice, GARDEN, "?limit=2")
        hidden, missing = get(voice, "topics/health.md"), get(voice, "topics/never.md")
        refusals = [get(voice, GARDEN, f"?limit={limit}") for limit in ("0", "51", "-1", "1e9")]
    assert found.status_code == 200
    assert commits_of(found.json()) == [garden.compost, garden.by_hand]
    assert found.json()["stopped"] == "limit"
    assert (hidden.status_code, missing.status_code) == (404, 404)
    assert hidden.json()["message"].replace("topics/health.md", "P") == missing.json()[
        "message"
    ].replace("topics/never.md", "P")
    assert {refusal.status_code for refusal in refusals} == {400}
