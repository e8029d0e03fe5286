"""Sensors: how many notes this client may see, and when the memory last changed.

The notes sensor is also the handle of LLM access: exposing it to an assistant offers
that assistant the memory's read-only tools (llm.py).
"""

from __future__ import annotations

from datetime import datetime

from homeassistant.components.sensor import SensorDeviceClass, SensorEntity, SensorStateClass
from homeassistant.const import EntityCategory
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .coordinator import MemoireConfigEntry
from .entity import MemoireEntity

# Updates are pushed by the events stream; nothing is polled.
PARALLEL_UPDATES = 0

NOTES = "notes"
LAST_CHANGE = "last_change"


def notes_unique_id(entry: MemoireConfigEntry) -> str:
    return f"{entry.entry_id}_{NOTES}"


async def async_setup_entry(
    hass: HomeAssistant,
    entry: MemoireConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    coordinator = entry.runtime_data.coordinator
    async_add_entities(
        [NotesSensor(coordinator, NOTES), LastChangeSensor(coordinator, LAST_CHANGE)]
    )


class NotesSensor(MemoireEntity, SensorEntity):
    _attr_state_class = SensorStateClass.MEASUREMENT

    @property
    def native_value(self) -> int:
        return self.coordinator.data.index.count


class LastChangeSensor(MemoireEntity, SensorEntity):
    _attr_device_class = SensorDeviceClass.TIMESTAMP
    _attr_entity_category = EntityCategory.DIAGNOSTIC

    @property
    def native_value(self) -> datetime | None:
        return self.coordinator.data.last_change
