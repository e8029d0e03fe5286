"""Service actions with response data, as automations and scripts use them."""

from __future__ import annotations

import probatio as vol
import pytest
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError, ServiceValidationError
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.memoire.const import DOMAIN

from .conftest import Memory


async def call(hass: HomeAssistant, service: str, **data: object) -> dict[str, object]:
    response = await hass.services.async_call(
        DOMAIN, service, data, blocking=True, return_response=True
    )
    assert response is not None
    return dict(response)


async def test_an_automation_reads_a_preference_into_a_response_variable(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    thermostat = async_mock_service(hass, "test", "set_temperature")
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": {
                "triggers": [{"trigger": "event", "event_type": "good_morning"}],
                "actions": [
                    {"action": "memoire.preferences", "response_variable": "memory"},
                    {
                        "action": "test.set_temperature",
                        "data": {
                            "temperature": "{{ memory.preferences['preferred temperature'] }}"
                        },
                    },
                ],
            }
        },
    )
    hass.bus.async_fire("good_morning")
    await hass.async_block_till_done()
    assert [service_call.data for service_call in thermostat] == [{"temperature": 21}]


async def test_preferences_as_a_mapping_and_as_written(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    assert await call(hass, "preferences") == {
        "preferences": {
            "preferred temperature": "21",
            "wake-up time": "07:30",
            "coffee": "espresso, no sugar",
        },
        "lines": [
            "- preferred temperature: 21",
            "- wake-up time: 07:30",
            "- coffee: espresso, no sugar",
        ],
    }


async def test_search_read_and_index(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    found = await call(hass, "search", query="balcony", limit=3)
    assert found["query"] == "balcony"
    hits = found["hits"]
    assert isinstance(hits, list)
    assert [hit["path"] for hit in hits] == ["topics/garden.md"]
    # Line numbers are the file's: the header's lines count (and may match) too.
    assert {"number": 8, "text": "Tomatoes on the balcony."} in hits[0]["lines"]

    note = await call(hass, "read", path="topics/garden.md")
    assert note["title"] == "Garden"
    assert note["body"] == "Tomatoes on the balcony.\nBasil by the window.\n"
    assert set(note) == {"path", "title", "description", "updated", "body", "version"}

    index = await call(hass, "index", config_entry_id=entry.entry_id)
    assert [n["path"] for n in index["always_shown"]] == ["profile.md", "preferences.md"]
    assert [n["path"] for n in index["notes"]] == [
        "people/marie.md",
        "topics/garden.md",
        "topics/velo.md",
    ]


@pytest.mark.parametrize("path", ["topics/health.md", "topics/nothing.md"])
async def test_a_hidden_note_reads_exactly_like_a_missing_one(
    hass: HomeAssistant, entry: MockConfigEntry, path: str
) -> None:
    with pytest.raises(ServiceValidationError) as raised:
        await call(hass, "read", path=path)
    assert raised.value.translation_key == "note_not_found"
    assert raised.value.translation_placeholders == {"path": path}


@pytest.mark.parametrize("path", ["../etc/passwd", "/profile.md", "topics/garden.txt"])
async def test_a_path_that_is_no_note_is_refused_before_asking(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory, path: str
) -> None:
    asked = len(memory.received_by_voice())
    with pytest.raises(ServiceValidationError) as raised:
        await call(hass, "read", path=path)
    assert raised.value.translation_key == "invalid_path"
    assert len(memory.received_by_voice()) == asked


async def test_a_request_the_bridge_refuses_is_a_validation_error(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    with pytest.raises(ServiceValidationError) as raised:
        await call(hass, "read", path="elsewhere/notes.md")
    assert raised.value.translation_key == "invalid_request"
    assert "elsewhere/notes.md" in raised.value.translation_placeholders["message"]


async def test_an_empty_query_is_refused_by_the_schema(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    with pytest.raises(vol.Invalid):
        await call(hass, "search", query="   ")


async def test_services_need_a_loaded_entry(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    assert await hass.config_entries.async_unload(entry.entry_id)
    with pytest.raises(ServiceValidationError):
        await call(hass, "index")


async def test_a_revoked_token_is_a_clear_error(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    memory.bridge.tokens.revoke("voice")
    with pytest.raises(HomeAssistantError) as raised:
        await call(hass, "search", query="garden")
    assert raised.value.translation_key == "auth_failed"
