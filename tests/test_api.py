"""The JSON API and its events stream, against a running bridge with real tokens."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from memoire.config import Limits
from memoire.service import MemoryService

from .bridges import (
    HttpBridge,
    events_in,
    free_port,
    issue_token,
    memoire_command,
    read_events,
    running_bridge,
    wait_for_port,
)
from .conftest import make_config, write_config


@pytest.fixture
def bridge(tmp_path: Path, repository: Path) -> Iterator[HttpBridge]:
    config = write_config(tmp_path, repository, "[server]\nheartbeat_seconds = 1\n")
    with running_bridge(config) as running:
        yield running


@pytest.fixture
def writer(repository: Path) -> Iterator[MemoryService]:
    service = MemoryService(make_config(repository, limits=Limits(min_free_disk_bytes=0)))
    service.append(
        "desk",
        "preferences.md",
        "- preferred temperature: 21",
        title="Preferences",
        sensitive=False,
    )
    service.append("desk", "preferences.md", "* wake-up time: 07:30")
    service.append("desk", "preferences.md", "Just a sentence, not a preference.")
    service.append(
        "desk",
        "topics/garden.md",
        "Tomatoes on the balcony.",
        title="Garden",
        description="Plants",
        sensitive=False,
    )
    service.append(
        "desk",
        "topics/health.md",
        "Blood pressure pills.",
        title="Health",
        description="Doctor",
        sensitive=True,
    )
    yield service
    service.close()


def get(bridge: HttpBridge, token: str, path: str) -> httpx2.Response:
    return httpx2.get(f"{bridge.url}/api/v1{path}", headers={"Authorization": f"Bearer {token}"})


def test_the_index_answers_a_folder_a_date_range_and_a_cursor(
    bridge: HttpBridge, writer: MemoryService
) -> None:
    writer.append("desk", "people/marie.md", "Neighbour.", title="Marie", sensitive=False)
    voice = issue_token(bridge.config, "voice")
    index = get(bridge, voice, "/index").json()["index"]
    assert index["total"] == 2
    assert index["complete"]
    assert index["next_cursor"] is None
    assert index["folders"] == [
        {"folder": "people", "notes": 1, "updated": index["notes"][0]["updated"]},
        {"folder": "topics", "notes": 1, "updated": index["notes"][1]["updated"]},
    ]
    topics = get(bridge, voice, "/index?folder=topics").json()["index"]
    assert [note["path"] for note in topics["notes"]] == ["topics/garden.md"]
    after = get(bridge, voice, "/index?cursor=after:people/marie.md").json()["index"]
    assert [note["path"] for note in after["notes"]] == ["topics/garden.md"]
    assert get(bridge, voice, "/index?since=2999-01-01").json()["index"]["notes"] == []
    refused = get(bridge, voice, "/index?folder=health")
    assert refused.status_code == 400
    assert "not a folder" in refused.json()["message"]


def test_whoami_says_who_and_what_rights(bridge: HttpBridge) -> None:
    token = issue_token(bridge.config, "voice")
    assert get(bridge, token, "/whoami").json() == {
        "client": "voice",
        "rights": {"read": True, "sensitive": False, "write": False},
    }
    assert httpx2.get(f"{bridge.url}/api/v1/whoami").status_code == 401


def test_index_notes_and_search_follow_the_rights(
    bridge: HttpBridge, writer: MemoryService
) -> None:
    voice = issue_token(bridge.config, "voice")
    desk = issue_token(bridge.config, "desk")
    index = get(bridge, voice, "/index").json()
    assert [note["path"] for note in index["index"]["notes"]] == ["topics/garden.md"]
    assert "health" not in json.dumps(index).lower()
    assert get(bridge, voice, "/notes/topics/garden.md").json()["body"].endswith("balcony.\n")
    hidden = get(bridge, voice, "/notes/topics/health.md")
    missing = get(bridge, voice, "/notes/topics/nothing.md")
    assert hidden.status_code == missing.status_code == 404
    assert hidden.json()["message"].replace("health", "X") == missing.json()["message"].replace(
        "nothing", "X"
    )
    assert get(bridge, desk, "/notes/topics/health.md").json()["sensitive"] is True
    assert get(bridge, voice, "/search?q=pills").json()["hits"] == []
    assert get(bridge, desk, "/search?q=pills").json()["hits"][0]["path"] == "topics/health.md"
    assert get(bridge, voice, "/notes/../etc/passwd").status_code in (400, 404)
    assert get(bridge, voice, "/search?q=x&limit=many").status_code == 400


def test_preferences_become_a_mapping(bridge: HttpBridge, writer: MemoryService) -> None:
    token = issue_token(bridge.config, "voice")
    answer = get(bridge, token, "/preferences").json()
    assert answer["preferences"] == {"preferred temperature": "21", "wake-up time": "07:30"}
    assert answer["lines"] == ["- preferred temperature: 21", "* wake-up time: 07:30"]


def test_a_client_without_read_gets_nothing(bridge: HttpBridge) -> None:
    with pytest.raises(AssertionError):
        issue_token(bridge.config, "observer")


def test_events_name_visible_changes_only_and_never_content(
    bridge: HttpBridge, writer: MemoryService
) -> None:
    token = issue_token(bridge.config, "voice")

    def write_things() -> None:
        """Apart enough that each commit is seen on its own (close ones are coalesced)."""
        writer.append("desk", "topics/garden.md", "Basil too.")
        time.sleep(0.6)
        writer.append("desk", "topics/health.md", "New prescription.")
        time.sleep(0.6)
        version = writer.read("desk", "topics/garden.md").version
        writer.write(
            "desk",
            "topics/garden.md",
            title="Garden",
            description="Plants",
            sensitive=True,
            body="Now private.\n",
            version=version,
        )

    lines = read_events(bridge, token, 3.5, during=write_things)
    events = events_in(lines)
    assert [(event["path"], event["kind"]) for event in events] == [
        ("topics/garden.md", "updated"),
        ("topics/garden.md", "deleted"),
    ]
    assert set(events[0]) == {"path", "kind", "commit"}
    text = "\n".join(lines)
    assert "health" not in text
    assert "Basil" not in text
    assert ": heartbeat" in text


def test_events_resume_from_the_last_event_id(bridge: HttpBridge, writer: MemoryService) -> None:
    token = issue_token(bridge.config, "voice")
    seen = writer.head()
    writer.append("desk", "topics/music.md", "Jazz.", title="Music", sensitive=False)
    lines = read_events(bridge, token, 1.0, headers={"Last-Event-ID": str(seen)})
    assert [(e["path"], e["kind"]) for e in events_in(lines)] == [("topics/music.md", "created")]


def test_a_revoked_token_ends_the_events_stream(bridge: HttpBridge, writer: MemoryService) -> None:
    token = issue_token(bridge.config, "voice")
    started = time.monotonic()

    def revoke() -> None:
        assert memoire_command("token", "revoke", "voice", config=bridge.config).returncode == 0

    read_events(bridge, token, 30, during=revoke)
    assert time.monotonic() - started < 10


def test_the_bridge_stops_promptly_while_an_events_client_is_connected(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    token = issue_token(config, "voice")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "memoire", "serve", "--config", str(config), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, server)
        with httpx2.stream(
            "GET",
            f"http://127.0.0.1:{port}/api/v1/events",
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        ) as response:
            assert response.status_code == 200
            stopped_at = time.monotonic()
            server.send_signal(signal.SIGTERM)
            assert server.wait(timeout=15) is not None
        assert time.monotonic() - stopped_at < 10
    finally:
        server.kill()
