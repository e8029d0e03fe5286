"""Setting up, unloading and reloading an entry against a real bridge."""

from __future__ import annotations

from homeassistant.config_entries import SOURCE_REAUTH, ConfigEntryState
from homeassistant.const import STATE_UNKNOWN
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.memoire.const import DOMAIN

from .conftest import Memory, add_entry


def entity_id(hass: HomeAssistant, entry: MockConfigEntry, key: str) -> str:
    found = er.async_get(hass).async_get_entity_id("sensor", DOMAIN, f"{entry.entry_id}_{key}")
    assert found is not None
    return found


async def test_setup_shows_visible_notes_only(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    notes = hass.states.get(entity_id(hass, entry, "notes"))
    assert notes is not None
    # profile, preferences, garden, velo, marie: the two sensitive notes are not counted.
    assert notes.state == "5"
    last_change = hass.states.get(entity_id(hass, entry, "last_change"))
    assert last_change is not None
    assert last_change.state == STATE_UNKNOWN


async def test_unload_and_reload(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.NOT_LOADED
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED
    assert hass.states.get(entity_id(hass, entry, "notes")).state == "5"


async def test_a_token_that_may_not_read_asks_for_a_new_one_after_one_question(
    hass: HomeAssistant, memory: Memory
) -> None:
    """The coordinator applies the config flow's rule: it never tries the index first."""
    entry = await add_entry(hass, memory, token=memory.observer)
    assert entry.state is ConfigEntryState.SETUP_ERROR
    flows = hass.config_entries.flow.async_progress_by_handler(DOMAIN)
    assert [flow["context"]["source"] for flow in flows] == [SOURCE_REAUTH]
    asked = {record.path for record in memory.bridge.bodies_for(memory.observer)}
    assert asked == {"/api/v1/whoami"}


def test_the_runtime_data_and_the_change_feed_import_no_module_in_a_circle() -> None:
    """coordinator, stream and the note cache: each only imports what comes before it."""
    import ast
    from pathlib import Path

    import custom_components.memoire as package

    folder = Path(package.__file__).parent
    imports: dict[str, set[str]] = {}
    for module in folder.glob("*.py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        imports[module.stem] = {
            (node.module or "").lstrip(".").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1
        }

    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(
            target == goal or (target not in seen and reaches(target, goal, seen | {target}))
            for target in imports.get(start, set())
        )

    circles = sorted(name for name in imports if name != "__init__" and reaches(name, name))
    assert circles == []
