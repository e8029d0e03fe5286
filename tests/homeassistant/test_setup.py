"""Setting up, unloading and reloading an entry against a real bridge."""

from __future__ import annotations

from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import STATE_UNKNOWN
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.memoire.const import DOMAIN

from .conftest import Memory


def entity_id(hass: HomeAssistant, entry: MockConfigEntry, key: str) -> str:
    found = er.async_get(hass).async_get_entity_id("sensor", DOMAIN, f"{entry.entry_id}_{key}")
    assert found is not None
    return found


async def test_setup_shows_visible_notes_only(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    notes = hass.states.get(entity_id(hass, entry, "notes"))
    assert notes is not None
    # profile, preferences, garden, velo, marie: the two sensitive notes are not counted.
    assert notes.state == "5"
    last_change = hass.states.get(entity_id(hass, entry, "last_change"))
    assert last_change is not None
    assert last_change.state == STATE_UNKNOWN


async def test_unload_and_reload(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.NOT_LOADED
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED
    assert hass.states.get(entity_id(hass, entry, "notes")).state == "5"
