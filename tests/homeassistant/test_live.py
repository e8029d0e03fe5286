"""Live updates, outages and revoked tokens, with the real bridge and real writes."""

from __future__ import annotations

import dataclasses
import logging
import time
from typing import Any

import httpx2
import pytest
from homeassistant.config_entries import SOURCE_REAUTH, ConfigEntryState
from homeassistant.const import CONF_TOKEN, STATE_UNAVAILABLE
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import issue_registry as ir
from homeassistant.util import dt as dt_util
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_fire_time_changed,
)

from custom_components.memoire.const import DOMAIN, EVENT_UPDATED, OUTAGE_ISSUE_AFTER
from custom_components.memoire.coordinator import MemoireRuntime
from custom_components.memoire.stream import unreachable_issue_id
from memoire.core.acl import AccessTable, Rights
from memoire.service import MemoryService

from .bridge import InProcessBridge, Recorded
from .conftest import Memory, add_entry, eventually
from .test_setup import entity_id


async def mcp_call(memory: Memory, tool: str, **arguments: Any) -> dict[str, Any]:
    """A desk assistant's tool call over MCP, as Claude Code would make it."""
    headers = {"Authorization": f"Bearer {memory.desk}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        Client(streamable_http_client(f"{memory.url}/mcp", http_client=http)) as client,
    ):
        result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content or {}


def runtime(entry: MockConfigEntry) -> MemoireRuntime:
    data: MemoireRuntime = entry.runtime_data
    return data


async def test_a_write_through_mcp_reaches_home_assistant_within_two_seconds(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    events = async_capture_events(hass, EVENT_UPDATED)
    notes = entity_id(hass, entry, "notes")
    await mcp_call(
        memory,
        "memoire_append",
        path="topics/music.md",
        text="Jazz on Sunday mornings.",
        title="Music",
        description="What we listen to",
        sensitive=False,
    )
    confirmed = time.monotonic()

    def arrived() -> bool:
        paths = [note.path for note in runtime(entry).snapshot.index.notes]
        return "topics/music.md" in paths and bool(events)

    await eventually(arrived, timeout=2.0)
    assert time.monotonic() - confirmed < 2.0
    assert [event.data for event in events] == [{"path": "topics/music.md", "kind": "created"}]
    assert hass.states.get(notes).state == "6"
    last_change = hass.states.get(entity_id(hass, entry, "last_change"))
    assert last_change.state not in ("unknown", STATE_UNAVAILABLE)


async def test_a_sensitive_write_is_not_even_announced(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    events = async_capture_events(hass, EVENT_UPDATED)
    await mcp_call(memory, "memoire_append", path="topics/health.md", text="New dosage.")
    memory.writer.append("desk", "topics/garden.md", "Chives too.")
    # Changes arrive in commit order: once the garden's is here, the health one went by.
    await eventually(lambda: bool(events))
    assert [event.data for event in events] == [{"path": "topics/garden.md", "kind": "updated"}]


async def test_a_cached_note_is_read_again_when_it_changes(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    before = await hass.services.async_call(
        DOMAIN, "read", {"path": "topics/garden.md"}, blocking=True, return_response=True
    )
    assert "Chives" not in str(before)
    events = async_capture_events(hass, EVENT_UPDATED)
    memory.writer.append("desk", "topics/garden.md", "Chives too.")
    await eventually(lambda: bool(events))
    # Already read again: answering needs no request to the bridge.
    asked = len(memory.received_by_voice())
    after = await hass.services.async_call(
        DOMAIN, "read", {"path": "topics/garden.md"}, blocking=True, return_response=True
    )
    assert after is not None
    assert str(after["body"]).endswith("Chives too.\n")
    assert len(memory.received_by_voice()) == asked


async def test_a_note_that_becomes_sensitive_disappears(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    await hass.services.async_call(
        DOMAIN, "read", {"path": "people/marie.md"}, blocking=True, return_response=True
    )
    assert len(runtime(entry).notes) == 1
    events = async_capture_events(hass, EVENT_UPDATED)
    note = memory.writer.read("desk", "people/marie.md")
    memory.writer.write(
        "desk",
        "people/marie.md",
        title=note.title,
        description=note.description,
        sensitive=True,
        body=note.body,
        version=note.version,
    )
    await eventually(lambda: bool(events))
    assert events[0].data == {"path": "people/marie.md", "kind": "deleted"}
    assert "people/marie.md" not in [n.path for n in runtime(entry).snapshot.index.notes]
    assert len(runtime(entry).notes) == 0
    with pytest.raises(ServiceValidationError):
        await hass.services.async_call(
            DOMAIN, "read", {"path": "people/marie.md"}, blocking=True, return_response=True
        )


async def test_a_deleted_note_leaves_the_cache(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    note = await hass.services.async_call(
        DOMAIN, "read", {"path": "topics/velo.md"}, blocking=True, return_response=True
    )
    assert note is not None
    events = async_capture_events(hass, EVENT_UPDATED)
    memory.writer.delete("desk", "topics/velo.md", str(note["version"]))
    await eventually(lambda: bool(events))
    assert events[0].data == {"path": "topics/velo.md", "kind": "deleted"}
    assert len(runtime(entry).notes) == 0
    assert hass.states.get(entity_id(hass, entry, "notes")).state == "4"


async def test_a_revoked_token_asks_for_a_new_one(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    notes = entity_id(hass, entry, "notes")
    memory.bridge.tokens.revoke("voice")

    def reauth_started() -> bool:
        flows = hass.config_entries.flow.async_progress_by_handler(DOMAIN)
        return any(flow["context"]["source"] == SOURCE_REAUTH for flow in flows)

    await eventually(reauth_started, timeout=6.0)
    assert hass.states.get(notes).state == STATE_UNAVAILABLE
    flow = hass.config_entries.flow.async_progress_by_handler(DOMAIN)[0]
    token = memory.bridge.tokens.add("voice")
    result = await hass.config_entries.flow.async_configure(flow["flow_id"], {CONF_TOKEN: token})
    assert result["reason"] == "reauth_successful"
    await hass.async_block_till_done()
    assert entry.state is ConfigEntryState.LOADED
    assert hass.states.get(notes).state == "5"


async def test_an_outage_is_logged_once_each_way_and_raises_an_issue_if_it_lasts(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    memory: Memory,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="custom_components.memoire")
    notes = entity_id(hass, entry, "notes")
    issues = ir.async_get(hass)
    memory.bridge.stop()
    await eventually(lambda: hass.states.get(notes).state == STATE_UNAVAILABLE, timeout=5.0)
    await eventually(lambda: runtime(entry).reconnects >= 5, timeout=5.0)
    assert issues.async_get_issue(DOMAIN, unreachable_issue_id(entry)) is None
    async_fire_time_changed(hass, dt_util.utcnow() + OUTAGE_ISSUE_AFTER)
    await hass.async_block_till_done()
    issue = issues.async_get_issue(DOMAIN, unreachable_issue_id(entry))
    assert issue is not None
    assert issue.translation_placeholders == {"url": memory.url, "minutes": "15"}
    with pytest.raises(Exception, match="cannot be reached"):
        await hass.services.async_call(
            DOMAIN, "preferences", {}, blocking=True, return_response=True
        )

    memory.bridge.start()
    await eventually(lambda: hass.states.get(notes).state == "5", timeout=5.0)
    # The index is read again before the token is checked, and the issue goes with that
    # check: wait for it, not for the state alone.
    await eventually(lambda: issues.async_get_issue(DOMAIN, unreachable_issue_id(entry)) is None)
    went_away = [r for r in caplog.records if r.levelno >= logging.ERROR]
    came_back = [r for r in caplog.records if "recovered" in r.getMessage()]
    assert len(went_away) == 1
    assert len(came_back) == 1


async def test_a_short_outage_raises_no_issue(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    notes = entity_id(hass, entry, "notes")
    memory.bridge.stop()
    await eventually(lambda: hass.states.get(notes).state == STATE_UNAVAILABLE, timeout=5.0)
    memory.bridge.start()
    await eventually(lambda: hass.states.get(notes).state == "5", timeout=5.0)
    async_fire_time_changed(hass, dt_util.utcnow() + OUTAGE_ISSUE_AFTER)
    await hass.async_block_till_done()
    assert ir.async_get(hass).async_get_issue(DOMAIN, unreachable_issue_id(entry)) is None


async def test_a_bridge_restarted_with_wider_rights_is_refused_before_it_says_anything(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    """The owner gives the voice client the sensitive right and restarts the bridge.

    The old stream is made to end cleanly (as a proxy may end it) and the new bridge is up
    before the integration reconnects: the first thing it must do is ask who it is.
    """
    events = async_capture_events(hass, EVENT_UPDATED)
    old = memory.bridge
    tokens_file = old.config.memory.tokens_file
    saved = tokens_file.read_bytes()
    old.tokens.revoke("voice")  # ends the open stream cleanly
    await eventually(lambda: not any(r.path == "/api/v1/events" for r in _open_streams(old)))
    tokens_file.write_bytes(saved)
    old.stop()
    wider = dataclasses.replace(
        old.config,
        access=AccessTable({**old.config.access.clients(), "voice": Rights(True, True)}),
    )
    served = MemoryService(wider)
    bridge = InProcessBridge(wider, served, old.tokens, port=old.port)
    bridge.start()
    try:
        memory.writer.append("desk", "topics/health.md", "New dosage.")

        def reauth_started() -> bool:
            flows = hass.config_entries.flow.async_progress_by_handler(DOMAIN)
            return any(flow["context"]["source"] == SOURCE_REAUTH for flow in flows)

        await eventually(reauth_started, timeout=6.0)
        await hass.async_block_till_done()
        assert events == []
        assert {record.path for record in bridge.bodies_for(memory.voice)} == {"/api/v1/whoami"}
        assert hass.states.get(entity_id(hass, entry, "notes")).state == STATE_UNAVAILABLE
    finally:
        assert await hass.config_entries.async_unload(entry.entry_id)
        bridge.stop()
        served.close()


def _open_streams(bridge: InProcessBridge) -> list[Recorded]:
    """Events streams still open: their last recorded chunk is not the closing empty one."""
    streams = [r for r in bridge.records if r.path == "/api/v1/events"]
    return streams[-1:] if streams and streams[-1].body else []


async def test_setup_waits_for_a_bridge_that_is_down(hass: HomeAssistant, memory: Memory) -> None:
    memory.bridge.stop()
    entry = await add_entry(hass, memory)
    assert entry.state is ConfigEntryState.SETUP_RETRY


@pytest.mark.parametrize("token", ["desk", "curious"])
async def test_setup_refuses_a_token_that_gained_rights(
    hass: HomeAssistant, memory: Memory, token: str
) -> None:
    """As if the owner gave the voice client more rights after the entry was made."""
    entry = await add_entry(hass, memory, token=getattr(memory, token))
    assert entry.state is ConfigEntryState.SETUP_ERROR
    flows = hass.config_entries.flow.async_progress_by_handler(DOMAIN)
    assert [flow["context"]["source"] for flow in flows] == [SOURCE_REAUTH]
    asked = {record.path for record in memory.bridge.bodies_for(getattr(memory, token))}
    assert asked == {"/api/v1/whoami"}


async def test_setup_with_a_revoked_token_asks_for_a_new_one(
    hass: HomeAssistant, memory: Memory
) -> None:
    memory.bridge.tokens.revoke("voice")
    entry = await add_entry(hass, memory)
    assert entry.state is ConfigEntryState.SETUP_ERROR
    flows = hass.config_entries.flow.async_progress_by_handler(DOMAIN)
    assert [flow["context"]["source"] for flow in flows] == [SOURCE_REAUTH]
