"""Diagnostics and system health: enough to debug a connection, nothing of the notes."""

from __future__ import annotations

import json

from homeassistant.components.system_health import DATA_SYSTEM_HEALTH_PLATFORMS
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.components.diagnostics import (
    get_diagnostics_for_config_entry,
)
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.memoire.const import DOMAIN

from .conftest import ORDINARY_NOTES, SENSITIVE_NOTES, Memory


async def test_diagnostics_hold_no_title_path_text_or_token(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory, hass_client: ClientSessionGenerator
) -> None:
    await hass.services.async_call(
        DOMAIN, "read", {"path": "topics/garden.md"}, blocking=True, return_response=True
    )
    diagnostics = await get_diagnostics_for_config_entry(hass, hass_client, entry)
    assert diagnostics["entry"]["data"] == {"url": memory.url, "token": "**REDACTED**"}
    bridge = diagnostics["bridge"]
    assert bridge["available"] is True
    assert bridge["client"] == "voice"
    assert bridge["rights"] == {"read": True, "sensitive": False, "write": False}
    assert bridge["listed_notes"] == 3
    assert bridge["always_shown_notes"] == 2
    assert bridge["preferences"] == 3
    assert bridge["cached_notes"] == 1
    text = json.dumps(diagnostics)
    assert memory.voice not in text
    for path, title, description, line in ORDINARY_NOTES + SENSITIVE_NOTES:
        for secret in (path, title, description, line):
            if secret and secret not in ("Profile", "Preferences"):
                assert secret not in text


async def test_system_health_says_whether_the_bridge_answers(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    assert await async_setup_component(hass, "system_health", {})
    platforms = await hass.data[DATA_SYSTEM_HEALTH_PLATFORMS].async_get_platforms()
    registration = platforms[DOMAIN]
    assert registration.info_callback is not None

    async def info() -> dict[str, object]:
        data = await registration.info_callback(hass)
        return {
            key: await value if hasattr(value, "__await__") else value
            for key, value in data.items()
        }

    assert await info() == {
        "bridges": 1,
        "bridge_reachable": "ok",
        "visible_notes": 5,
        "stream_connected": True,
    }
    memory.bridge.tokens.revoke("voice")
    assert (await info())["bridge_reachable"] == {"type": "failed", "error": "MemoireAuthError"}
    assert await hass.config_entries.async_unload(entry.entry_id)
    assert await info() == {"bridges": 0}
