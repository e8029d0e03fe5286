"""The base of the integration's entities: one service device per bridge, push updates."""

from __future__ import annotations

from homeassistant.helpers.device_registry import DeviceEntryType, DeviceInfo
from homeassistant.helpers.update_coordinator import CoordinatorEntity

from .const import DOMAIN
from .coordinator import MemoireCoordinator


class MemoireEntity(CoordinatorEntity[MemoireCoordinator]):
    _attr_has_entity_name = True

    def __init__(self, coordinator: MemoireCoordinator, key: str) -> None:
        super().__init__(coordinator)
        entry = coordinator.config_entry
        self._attr_unique_id = f"{entry.entry_id}_{key}"
        self._attr_translation_key = key
        self._attr_device_info = DeviceInfo(
            identifiers={(DOMAIN, entry.entry_id)},
            name=entry.title,
            manufacturer="memoire",
            model="Memory bridge",
            entry_type=DeviceEntryType.SERVICE,
            configuration_url=coordinator.client.url,
        )
