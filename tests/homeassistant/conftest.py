"""The Home Assistant tests: the real integration against the real bridge, on loopback.

Every test that has a Home Assistant also has a running bridge over a fresh memory that
holds both ordinary and sensitive notes, and tokens for clients of every kind of rights.
The bridge starts before Home Assistant and stops after it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import CONF_TOKEN, CONF_URL
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.memoire.const import DOMAIN
from custom_components.memoire.sentences import default_options
from memoire.bootstrap import create_memory
from memoire.config import Config, Limits, MemoryLocation, ServerSettings
from memoire.core.acl import FULL, READ_ONLY, AccessTable, Rights
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from memoire.storage.tokens import TokenStore

from .bridge import InProcessBridge, Recorded, wait_for_threads

CLIENTS = {
    "desk": FULL,
    "voice": READ_ONLY,
    "curious": Rights(read=True, sensitive=True),
    "observer": Rights(),
}

# (path, title, description, line): notes the voice client must never learn exist.
SENSITIVE_NOTES = [
    (
        "topics/health.md",
        "Cardiology follow-up",
        "Heart medication",
        "Takes bisoprolol every morning; the cardiologist says gardening helps.",
    ),
    (
        "people/therapist.md",
        "Doctor Zorglub",
        "Therapy sessions",
        "Sessions on Thursdays about anxiety, near the garden centre.",
    ),
]
# Any of these in a byte the integration receives is a leak.
SENSITIVE_MARKERS = [
    "health",
    "therapist",
    "cardiolog",
    "bisoprolol",
    "zorglub",
    "anxiety",
    "heart medication",
    "therapy",
]
ORDINARY_NOTES = [
    ("topics/garden.md", "Garden", "Plants on the balcony", "Tomatoes on the balcony."),
    ("topics/garden.md", None, None, "Basil by the window."),
    ("topics/velo.md", "Vélo", "Le vélo de ville", "Le vélo est rangé dans la cave."),
    ("people/marie.md", "Marie", "Neighbour", "Marie waters the plants when we travel."),
    ("profile.md", "Profile", "Who I am", "Alex, lives in Lyon."),
    ("preferences.md", "Preferences", "What I like", "- preferred temperature: 21"),
    ("preferences.md", None, None, "- wake-up time: 07:30"),
    ("preferences.md", None, None, "- coffee: espresso, no sugar"),
]


@dataclass
class Memory:
    """The bridge, a writer acting as the desk assistant, and one token per client."""

    bridge: InProcessBridge
    writer: MemoryService
    voice: str
    desk: str
    curious: str
    observer: str

    @property
    def url(self) -> str:
        return self.bridge.url

    def received_by_voice(self) -> list[Recorded]:
        return self.bridge.bodies_for(self.voice)


def seed(writer: MemoryService) -> None:
    for path, title, description, line in ORDINARY_NOTES:
        if title is None:
            writer.append("desk", path, line)
        else:
            writer.append(
                "desk", path, line, title=title, description=description or "", sensitive=False
            )
    for path, title, description, line in SENSITIVE_NOTES:
        writer.append("desk", path, line, title=title, description=description, sensitive=True)


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(enable_custom_integrations: None) -> None:
    """Let Home Assistant load custom_components/memoire."""


@pytest.fixture
def hass_config_dir(hass_tmp_config_dir: str) -> str:
    """Each test's own config folder: the integration writes its Assist sentences there."""
    return hass_tmp_config_dir


@pytest.fixture(autouse=True)
def fast_reconnect(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("custom_components.memoire.stream.RECONNECT_MIN_SECONDS", 0.05)
    monkeypatch.setattr("custom_components.memoire.stream.RECONNECT_MAX_SECONDS", 0.2)


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    threads = set(threading.enumerate())
    repository = tmp_path / "memory"
    create_memory(repository, "", ENGLISH)
    config = Config(
        memory=MemoryLocation(repository=repository),
        access=AccessTable(CLIENTS),
        limits=Limits(min_free_disk_bytes=0),
        server=ServerSettings(
            heartbeat_seconds=1,
            requests_per_minute=100_000,
            requests_per_minute_per_address=100_000,
        ),
    )
    writer = MemoryService(config)
    seed(writer)
    tokens = TokenStore(config.memory.tokens_file)
    served = MemoryService(config)
    bridge = InProcessBridge(config, served, tokens)
    bridge.start()
    try:
        yield Memory(
            bridge=bridge,
            writer=writer,
            voice=tokens.add("voice"),
            desk=tokens.add("desk"),
            curious=tokens.add("curious"),
            observer=tokens.add("observer"),
        )
    finally:
        bridge.stop()
        served.close()
        writer.close()
        wait_for_threads(threads)


@pytest.fixture
async def hass(memory: Memory, hass: HomeAssistant) -> HomeAssistant:
    """Home Assistant with its core integration, started after the bridge, stopped before it."""
    assert await async_setup_component(hass, "homeassistant", {})
    return hass


async def add_entry(
    hass: HomeAssistant, memory: Memory, token: str | None = None, **options: Any
) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        title=f"memoire ({memory.url.removeprefix('http://')})",
        unique_id=memory.url,
        data={CONF_URL: memory.url, CONF_TOKEN: token or memory.voice},
        options=default_options() | options,
    )
    entry.add_to_hass(hass)
    await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


@pytest.fixture
async def entry(hass: HomeAssistant, memory: Memory) -> MockConfigEntry:
    """A loaded entry with the voice token, conversation set up as a user's would be."""
    assert await async_setup_component(hass, "conversation", {})
    loaded = await add_entry(hass, memory)
    assert loaded.state is ConfigEntryState.LOADED
    return loaded


async def eventually(
    condition: Callable[[], bool | Awaitable[bool]], timeout: float = 5.0, step: float = 0.02
) -> None:
    """Wait, in real time, until `condition` holds; fail after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = condition()
        if not isinstance(result, bool):
            result = await result
        if result:
            return
        if loop.time() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await asyncio.sleep(step)
