"""Diagnostics: the state of the connection and counts, never a note's title, path or text."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from homeassistant.components.diagnostics import async_redact_data
from homeassistant.const import CONF_TOKEN
from homeassistant.core import HomeAssistant

from .coordinator import MemoireConfigEntry

TO_REDACT = {CONF_TOKEN}


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: MemoireConfigEntry
) -> dict[str, Any]:
    runtime = entry.runtime_data
    coordinator = runtime.coordinator
    snapshot = coordinator.data
    return {
        "entry": {
            "data": async_redact_data(dict(entry.data), TO_REDACT),
            "options": dict(entry.options),
        },
        "bridge": {
            "available": runtime.available,
            "last_error": type(coordinator.last_exception).__name__
            if coordinator.last_exception
            else None,
            "client": snapshot.identity.client,
            "rights": asdict(snapshot.identity.rights),
            "commit": snapshot.index.commit,
            "always_shown_notes": len(snapshot.index.always_shown),
            "listed_notes": len(snapshot.index.notes),
            "preferences": len(snapshot.preferences.values),
            "last_change": snapshot.last_change.isoformat() if snapshot.last_change else None,
            "cached_notes": len(runtime.notes),
            "reconnects": runtime.reconnects,
        },
    }
