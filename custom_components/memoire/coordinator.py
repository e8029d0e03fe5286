"""The cache of what this client may see, and what a loaded entry keeps in `runtime_data`.

The coordinator holds the index and the preferences, refreshed on change. Nothing polls:
the events stream (stream.py) asks for a refresh when the memory changes and reports when
the bridge goes away. Every refresh checks the token again first, so a token whose client
gained rights (write or sensitive) stops the integration and asks for a least-privilege
one instead of receiving notes it must not hold.

The runtime data lives here, next to the coordinator it holds, so every other module
(the stream included) reads `entry.runtime_data` and none imports another in a circle.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ConfigEntryAuthFailed
from homeassistant.helpers.update_coordinator import DataUpdateCoordinator, UpdateFailed

from .api import MemoireAuthError, MemoireClient, MemoireError
from .const import DOMAIN, VOICE_TOKEN_COMMAND
from .models import Identity, MemoryIndex, Preferences, RightsProblem, SearchResult
from .note_cache import NoteCache

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
            _refuse_unless_least_privilege(identity, self.client.url)
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


def _refuse_unless_least_privilege(identity: Identity, url: str) -> None:
    """Stop before reading anything with a token the integration may not hold."""
    match identity.rights.problem:
        case RightsProblem.TOO_MANY_RIGHTS:
            raise ConfigEntryAuthFailed(
                translation_domain=DOMAIN,
                translation_key="too_many_rights",
                translation_placeholders={
                    "client": identity.client,
                    "command": VOICE_TOKEN_COMMAND,
                },
            )
        case RightsProblem.NO_READ:
            raise ConfigEntryAuthFailed(
                translation_domain=DOMAIN,
                translation_key="auth_failed",
                translation_placeholders={"url": url},
            )


@dataclass(slots=True)
class MemoireRuntime:
    """The client, the cached state and the live counters of one loaded entry."""

    client: MemoireClient
    coordinator: MemoireCoordinator
    notes: NoteCache
    reconnects: int = 0
    """How many times the events stream connected again since the entry was loaded."""

    @property
    def available(self) -> bool:
        return self.coordinator.last_update_success and self.coordinator.data is not None

    @property
    def snapshot(self) -> MemoireSnapshot:
        return self.coordinator.data

    async def search(self, query: str, limit: int) -> SearchResult:
        return await self.client.search(query, limit)


type MemoireConfigEntry = ConfigEntry[MemoireRuntime]
