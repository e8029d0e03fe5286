"""memoire: the living-room voice assistant and automations read the non-sensitive memory.

A thin client of a memoire bridge's JSON API, with Home Assistant's shared HTTP session
and a least-privilege token: the bridge never sends it a sensitive note.
"""

from __future__ import annotations

from homeassistant.const import CONF_TOKEN, CONF_URL, Platform
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.aiohttp_client import async_get_clientsession
from homeassistant.helpers.typing import ConfigType

from .api import MemoireClient
from .const import DOMAIN
from .coordinator import MemoireConfigEntry, MemoireCoordinator, MemoireRuntime
from .custom_sentences import async_remove_sentences, async_write_sentences, note_names
from .note_cache import NoteCache
from .services import async_setup_services
from .stream import ChangeFeed, unreachable_issue_id

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)
PLATFORMS = [Platform.SENSOR]


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    async_setup_services(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: MemoireConfigEntry) -> bool:
    client = MemoireClient(
        async_get_clientsession(hass), entry.data[CONF_URL], entry.data[CONF_TOKEN]
    )
    coordinator = MemoireCoordinator(hass, entry, client)
    await coordinator.async_config_entry_first_refresh()
    entry.runtime_data = MemoireRuntime(client, coordinator, NoteCache(client))
    feed = ChangeFeed(hass, entry)
    entry.async_on_unload(feed.async_stop)
    entry.async_create_background_task(hass, feed.async_run(), f"{DOMAIN} events {client.url}")
    await async_write_sentences(hass, entry)
    entry.async_on_unload(coordinator.async_add_listener(_sentences_follow(hass, entry)))
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    # Home Assistant 2026.10 still requires a boolean here.
    return True


def _sentences_follow(hass: HomeAssistant, entry: MemoireConfigEntry) -> CALLBACK_TYPE:
    """Write the sentences again when the notes' names change ("who is" answers for them)."""
    written = note_names(entry)

    @callback
    def names_changed() -> None:
        nonlocal written
        names = note_names(entry)
        if names != written:
            written = names
            entry.async_create_background_task(
                hass, async_write_sentences(hass, entry), f"{DOMAIN} sentences"
            )

    return names_changed


async def async_unload_entry(hass: HomeAssistant, entry: MemoireConfigEntry) -> bool:
    unloaded = await hass.config_entries.async_unload_platforms(entry, PLATFORMS)
    if unloaded:
        ir.async_delete_issue(hass, DOMAIN, unreachable_issue_id(entry))
        await async_remove_sentences(hass, entry)
    return unloaded
