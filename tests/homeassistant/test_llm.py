"""LLM tools through the Assist API, offered only while the notes sensor is exposed."""

from __future__ import annotations

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.memoire.const import DOMAIN

from .conftest import Memory
from .test_setup import entity_id

TOOLS = {"memoire__search", "memoire__read", "memoire__index"}


def context() -> llm.LLMContext:
    return llm.LLMContext(
        platform="test", context=Context(), language="en", assistant="conversation", device_id=None
    )


async def memoire_tools(hass: HomeAssistant) -> dict[str, llm.Tool]:
    api = await llm.async_get_api(hass, llm.LLM_API_ASSIST, context())
    return {tool.name: tool for tool in api.tools if tool.name.startswith("memoire")}


async def call(hass: HomeAssistant, tool: str, **arguments: object) -> llm.ToolResult:
    api = await llm.async_get_api(hass, llm.LLM_API_ASSIST, context())
    return await api.async_call_tool(llm.ToolInput(tool, dict(arguments)))


async def test_no_tools_until_the_sensor_is_exposed(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    assert await memoire_tools(hass) == {}
    async_expose_entity(hass, "conversation", entity_id(hass, entry, "notes"), True)
    tools = await memoire_tools(hass)
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.integration == DOMAIN
        assert tool.annotations.read_only
        assert not tool.annotations.destructive
    api = await llm.async_get_api(hass, llm.LLM_API_ASSIST, context())
    assert "memoire__search" in api.api_prompt
    async_expose_entity(hass, "conversation", entity_id(hass, entry, "notes"), False)
    assert await memoire_tools(hass) == {}


async def test_the_tools_read_what_the_voice_client_may_read(
    hass: HomeAssistant, entry: MockConfigEntry
) -> None:
    async_expose_entity(hass, "conversation", entity_id(hass, entry, "notes"), True)
    found = await call(hass, "memoire__search", query="plants")
    assert not found.error
    assert [hit["path"] for hit in found.data["hits"]] == ["topics/garden.md", "people/marie.md"]
    note = await call(hass, "memoire__read", path="people/marie.md")
    assert note.data["body"] == "Marie waters the plants when we travel.\n"
    index = await call(hass, "memoire__index")
    assert len(index.data["notes"]) == 3
    hidden = await call(hass, "memoire__read", path="topics/health.md")
    missing = await call(hass, "memoire__read", path="topics/nothing.md")
    assert hidden.error
    assert hidden.data == missing.data
    refused = await call(hass, "memoire__read", path="../../etc/passwd")
    assert refused.error
    assert "not a note path" in str(refused.data["error"])
    nothing = await call(hass, "memoire__search", query="bisoprolol")
    assert nothing.data["hits"] == []


async def test_the_tools_say_when_the_memory_is_away(
    hass: HomeAssistant, entry: MockConfigEntry, memory: Memory
) -> None:
    async_expose_entity(hass, "conversation", entity_id(hass, entry, "notes"), True)
    api = await llm.async_get_api(hass, llm.LLM_API_ASSIST, context())
    memory.bridge.tokens.revoke("voice")
    result = await api.async_call_tool(llm.ToolInput("memoire__search", {"query": "garden"}))
    assert result.error
    assert result.data == {"error": "The memory cannot be reached right now."}
