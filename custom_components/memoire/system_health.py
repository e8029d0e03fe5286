"""System health: can each bridge be reached with its token, and how much it shows."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from homeassistant.components import system_health
from homeassistant.core import HomeAssistant, callback

from .api import MemoireError
from .const import DOMAIN
from .coordinator import MemoireConfigEntry


@callback
def async_register(hass: HomeAssistant, register: system_health.SystemHealthRegistration) -> None:
    register.async_register_info(system_health_info)


async def system_health_info(hass: HomeAssistant) -> dict[str, Any]:
    entries: list[MemoireConfigEntry] = hass.config_entries.async_loaded_entries(DOMAIN)
    info: dict[str, Any] = {"bridges": len(entries)}
    if entries:
        runtime = entries[0].runtime_data
        info["bridge_reachable"] = _reachable(runtime.client.whoami())
        info["visible_notes"] = runtime.snapshot.index.count
        info["stream_connected"] = runtime.available
    return info


async def _reachable(check: Awaitable[object]) -> str | dict[str, str]:
    try:
        await check
    except MemoireError as error:
        return {"type": "failed", "error": type(error).__name__}
    return "ok"
