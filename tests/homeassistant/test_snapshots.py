"""Snapshots of what users and automations see: the sensors, diagnostics, every service.

The memory is the real seeded one on a real bridge; what changes from one run to the next
(the bridge's port, commit ids, note versions, today's date) is replaced by a fixed
marker before the comparison, and nothing else. Update after a deliberate change with
`pytest tests/homeassistant/test_snapshots.py --snapshot-update`, and read the diff.
"""

from __future__ import annotations

from typing import Any

import pytest
from homeassistant.const import CONF_TOKEN, CONF_URL
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, snapshot_platform
from pytest_homeassistant_custom_component.components.diagnostics import (
    get_diagnostics_for_config_entry,
)
from pytest_homeassistant_custom_component.syrupy import HomeAssistantSnapshotExtension
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator
from syrupy.assertion import SnapshotAssertion

from custom_components.memoire.const import DOMAIN
from custom_components.memoire.sentences import default_options

from .conftest import Memory

ENTRY_ID = "01JMEMOIRESNAPSHOTENTRY000"
# Values that differ between runs of the same memory, whatever their place in an answer.
_VARYING = {"commit": "<commit>", "version": "<version>", "updated": "<date>"}


def steady(data: Any, url: str) -> Any:
    """`data` with the run's own values (port, commits, versions, dates) replaced."""
    if isinstance(data, dict):
        return {
            key: _VARYING[key] if key in _VARYING and value else steady(value, url)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [steady(item, url) for item in data]
    if isinstance(data, str):
        return data.replace(url, "http://bridge")
    return data


@pytest.fixture
def snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Home Assistant's own serializer (registry ids, timestamps), as its tests use it."""
    return snapshot.use_extension(HomeAssistantSnapshotExtension)


@pytest.fixture
async def snapshot_entry(hass: HomeAssistant, memory: Memory) -> MockConfigEntry:
    """The voice token's entry, with the id and title a snapshot can hold."""
    assert await async_setup_component(hass, "conversation", {})
    entry = MockConfigEntry(
        domain=DOMAIN,
        entry_id=ENTRY_ID,
        title="memoire (bridge)",
        unique_id="http://bridge",
        data={CONF_URL: memory.url, CONF_TOKEN: memory.voice},
        options=default_options(),
    )
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


async def test_the_sensors(
    hass: HomeAssistant,
    snapshot_entry: MockConfigEntry,
    entity_registry: er.EntityRegistry,
    snapshot: SnapshotAssertion,
) -> None:
    await snapshot_platform(hass, entity_registry, snapshot, snapshot_entry.entry_id)


async def test_the_diagnostics(
    hass: HomeAssistant,
    snapshot_entry: MockConfigEntry,
    memory: Memory,
    hass_client: ClientSessionGenerator,
    snapshot: SnapshotAssertion,
) -> None:
    await hass.services.async_call(
        DOMAIN, "read", {"path": "topics/garden.md"}, blocking=True, return_response=True
    )
    diagnostics = await get_diagnostics_for_config_entry(hass, hass_client, snapshot_entry)
    # The options are the Assist sentences, whose own tests say what they hold.
    assert diagnostics["entry"].pop("options") == dict(snapshot_entry.options)
    assert steady(diagnostics, memory.url) == snapshot


@pytest.mark.parametrize(
    ("service", "data"),
    [
        ("search", {"query": "balcony tomatoes"}),
        ("search", {"query": "vélo", "limit": 1}),
        ("search", {"query": "bisoprolol"}),
        ("read", {"path": "topics/garden.md"}),
        ("read", {"path": "preferences.md"}),
        ("index", {}),
        ("preferences", {}),
    ],
    ids=["search", "search-limited", "search-hidden", "read", "read-preferences", "index", "prefs"],
)
@pytest.mark.usefixtures("snapshot_entry")
async def test_each_service_response(
    hass: HomeAssistant,
    memory: Memory,
    snapshot: SnapshotAssertion,
    service: str,
    data: dict[str, Any],
) -> None:
    response = await hass.services.async_call(
        DOMAIN, service, data, blocking=True, return_response=True
    )
    assert steady(response, memory.url) == snapshot
