"""The cache of what this client may see: the index and the preferences, refreshed on change.

Nothing polls: the events stream (stream.py) asks for a refresh when the memory changes
and reports when the bridge goes away. Every refresh checks the token again first, so a
token whose client gained rights (write or sensitive) stops the integration and asks for a
least-privilege one instead of receiving notes it must not hold.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ConfigEntryAuthFailed
from homeassistant.helpers.update_coordinator import DataUpdateCoordinator, UpdateFailed

from .api import MemoireAuthError, MemoireClient, MemoireError
from .const import DOMAIN, VOICE_TOKEN_COMMAND
from .models import Identity, MemoryIndex, Preferences

if TYPE_CHECKING:
    from .runtime import MemoireConfigEntry

_LOGGER = logging.getLogger(__package__)


@dataclass(frozen=True, slots=True)
class MemoireSnapshot:
    identity: Identity
    index: MemoryIndex
    preferences: Preferences
    last_change: datetime | None


class MemoireCoordinator(DataUpdateCoordinator[MemoireSnapshot]):
    config_entry: MemoireConfigEntry

    def __init__(
        self, hass: HomeAssistant, entry: MemoireConfigEntry, client: MemoireClient
    ) -> None:
        super().__init__(hass, _LOGGER, config_entry=entry, name=f"{DOMAIN} bridge {client.url}")
        self.client = client
        self.last_change: datetime | None = None

    async def _async_update_data(self) -> MemoireSnapshot:
        try:
            identity = await self.client.whoami()
            if identity.rights.sensitive or identity.rights.write:
                raise ConfigEntryAuthFailed(
                    translation_domain=DOMAIN,
                    translation_key="too_many_rights",
                    translation_placeholders={
                        "client": identity.client,
                        "command": VOICE_TOKEN_COMMAND,
                    },
                )
            index, preferences = await asyncio.gather(
                self.client.index(), self.client.preferences()
            )
        except MemoireAuthError as error:
            raise ConfigEntryAuthFailed(
                translation_domain=DOMAIN,
                translation_key="auth_failed",
                translation_placeholders={"url": self.client.url},
            ) from error
        except MemoireError as error:
            raise UpdateFailed(
                translation_domain=DOMAIN,
                translation_key="bridge_unavailable",
                translation_placeholders={"url": self.client.url, "error": str(error)},
            ) from error
        return MemoireSnapshot(identity, index, preferences, self.last_change)

    @property
    def auth_failed(self) -> bool:
        return isinstance(self.last_exception, ConfigEntryAuthFailed)
