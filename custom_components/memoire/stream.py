"""Live updates: the bridge's events stream keeps the cache fresh and fires `memoire_updated`.

The stream reconnects with exponential backoff and resumes from the last commit it saw,
so changes made while Home Assistant was disconnected still arrive. While the bridge is
away the entities are unavailable (the coordinator logs it once going down and once coming
back); an outage that lasts gets a repair issue. A refused token stops the stream and asks
the user to reauthenticate.
"""

from __future__ import annotations

import asyncio
import logging

from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.event import async_call_later
from homeassistant.helpers.update_coordinator import UpdateFailed
from homeassistant.util import dt as dt_util

from .api import MemoireAuthError, MemoireError
from .const import (
    DOMAIN,
    EVENT_UPDATED,
    ISSUE_UNREACHABLE,
    OUTAGE_ISSUE_AFTER,
    RECONNECT_MAX_SECONDS,
    RECONNECT_MIN_SECONDS,
)
from .coordinator import MemoireConfigEntry, MemoireCoordinator, MemoireRuntime
from .models import Change

_LOGGER = logging.getLogger(__package__)


def unreachable_issue_id(entry: MemoireConfigEntry) -> str:
    return f"{ISSUE_UNREACHABLE}_{entry.entry_id}"


class ChangeFeed:
    """Runs for the entry's lifetime as a background task of the entry, on its runtime data."""

    def __init__(self, hass: HomeAssistant, entry: MemoireConfigEntry) -> None:
        self._hass = hass
        self._entry = entry
        self._runtime: MemoireRuntime = entry.runtime_data
        self._coordinator: MemoireCoordinator = self._runtime.coordinator
        self._client = self._runtime.client
        self._outage_timer: CALLBACK_TYPE | None = None

    async def async_run(self) -> None:
        delay = RECONNECT_MIN_SECONDS
        while True:
            try:
                if not self._coordinator.last_update_success:
                    await self._refresh()
                await self._verify()
                self._outage_over()
                pause = await self._follow()
                delay = RECONNECT_MIN_SECONDS
            except MemoireAuthError as error:
                self._coordinator.async_set_update_error(UpdateFailed(str(error)))
                self._entry.async_start_reauth(self._hass)
                return
            except MemoireError as error:
                self._went_away(error)
                pause, delay = delay, min(delay * 2, RECONNECT_MAX_SECONDS)
            self._runtime.reconnects += 1
            await asyncio.sleep(pause)

    async def _verify(self) -> None:
        """Before each connection: the token still has exactly the rights it was given.

        A bridge restarted with a wider access table would otherwise announce, on the very
        next connection, changes to notes this integration must not know of.
        """
        identity = await self._client.whoami()
        if not identity.rights.least_privilege:
            raise MemoireAuthError(f"client {identity.client!r} no longer has read-only rights")

    async def _follow(self) -> float:
        """Follow one connection until the bridge ends it; the pause before the next one."""
        since = self._coordinator.data.index.commit
        async with self._client.events(since) as changes:
            async for change in changes:
                await self._apply(change)
            return changes.retry_seconds or RECONNECT_MIN_SECONDS

    async def _refresh(self) -> None:
        """Read the index and preferences again; the coordinator logs a change of state."""
        await self._coordinator.async_refresh()
        if self._coordinator.auth_failed:
            raise MemoireAuthError("the token is no longer accepted")
        if not self._coordinator.last_update_success:
            raise MemoireError("the bridge did not answer")

    async def _apply(self, change: Change) -> None:
        if change.commit != self._coordinator.data.index.commit:
            self._coordinator.last_change = dt_util.utcnow()
            await self._refresh()
        await self._runtime.notes.changed(change)
        self._hass.bus.async_fire(EVENT_UPDATED, {"path": change.path, "kind": change.kind})

    @callback
    def _went_away(self, error: MemoireError) -> None:
        self._coordinator.async_set_update_error(UpdateFailed(str(error)))
        if self._outage_timer is None:
            self._outage_timer = async_call_later(
                self._hass, OUTAGE_ISSUE_AFTER, self._raise_outage_issue
            )

    @callback
    def _raise_outage_issue(self, _now: object) -> None:
        self._outage_timer = None
        if self._coordinator.last_update_success:
            return
        ir.async_create_issue(
            self._hass,
            DOMAIN,
            unreachable_issue_id(self._entry),
            is_fixable=False,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_UNREACHABLE,
            translation_placeholders={
                "url": self._client.url,
                "minutes": str(int(OUTAGE_ISSUE_AFTER.total_seconds() // 60)),
            },
        )

    @callback
    def _outage_over(self) -> None:
        self.async_stop()
        ir.async_delete_issue(self._hass, DOMAIN, unreachable_issue_id(self._entry))

    @callback
    def async_stop(self) -> None:
        if self._outage_timer is not None:
            self._outage_timer()
            self._outage_timer = None
