"""Not one byte of a sensitive note reaches Home Assistant, whatever path it takes.

Every response body the bridge sends to the integration's token is recorded; after voice
questions, service actions, LLM tools, live events, diagnostics and system health, none
holds a sensitive note's path, title, description or text. Home Assistant's side (answers,
responses, tool results, events, states, the cache) is checked the same way.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import pytest
from homeassistant.components import conversation
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.system_health import DATA_SYSTEM_HEALTH_PLATFORMS
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events
from pytest_homeassistant_custom_component.components.diagnostics import (
    get_diagnostics_for_config_entry,
)
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.memoire.const import DOMAIN, EVENT_UPDATED

from .bridge import Recorded
from .conftest import SENSITIVE_MARKERS, SENSITIVE_NOTES, Memory, eventually
from .test_setup import entity_id

# Words that are in the sensitive notes but not markers: asking for them must find nothing.
PROBES = ["thursdays", "morning", "sessions", "centre", "doctor", "follow-up"]
HIDDEN_PATHS = [path for path, *_ in SENSITIVE_NOTES]


def leaks(text: str) -> list[str]:
    lowered = text.lower()
    return [marker for marker in SENSITIVE_MARKERS if marker in lowered]


def received_text(record: Recorded) -> str:
    """A body, with the path the client itself asked for blanked (a 404 names it back)."""
    text = record.body.decode("utf-8")
    asked = record.path.removeprefix("/api/v1/notes/")
    return text.replace(asked, "<asked>") if asked != record.path else text


async def collect_outputs(
    hass: HomeAssistant, entry: MockConfigEntry, hass_client: ClientSessionGenerator
) -> list[Any]:
    outputs: list[Any] = []
    for probe in PROBES:
        for text, language in (
            (f"what do you remember about {probe}", "en"),
            (f"que sais-tu sur {probe}", "fr"),
            (f"what is my preferred {probe}", "en"),
        ):
            result = await conversation.async_converse(
                hass, text, None, Context(), language=language
            )
            outputs.append(result.response.speech)
        for service, data in (("search", {"query": probe, "limit": 50}),):
            outputs.append(
                await hass.services.async_call(
                    DOMAIN, service, data, blocking=True, return_response=True
                )
            )
    outputs.append(
        await conversation.async_converse(hass, "what's in your memory", None, Context(), "en")
    )
    for service in ("index", "preferences"):
        outputs.append(
            await hass.services.async_call(DOMAIN, service, {}, blocking=True, return_response=True)
        )
    for query in ("garden", "plants"):
        outputs.append(
            await hass.services.async_call(
                DOMAIN, "search", {"query": query}, blocking=True, return_response=True
            )
        )
    for path in HIDDEN_PATHS:
        with pytest.raises(HomeAssistantError) as raised:
            await hass.services.async_call(
                DOMAIN, "read", {"path": path}, blocking=True, return_response=True
            )
        assert raised.value.translation_placeholders == {"path": path}

    async_expose_entity(hass, "conversation", entity_id(hass, entry, "notes"), True)
    context = llm.LLMContext("test", Context(), "en", "conversation", None)
    api = await llm.async_get_api(hass, llm.LLM_API_ASSIST, context)
    for tool, arguments in [
        ("memoire__index", {}),
        *[("memoire__search", {"query": probe}) for probe in [*PROBES, "garden"]],
        *[("memoire__read", {"path": path}) for path in HIDDEN_PATHS],
        ("memoire__read", {"path": "topics/garden.md"}),
    ]:
        result = await api.async_call_tool(llm.ToolInput(tool, arguments))
        outputs.append(asdict(result) if tool != "memoire__read" or not result.error else None)

    outputs.append(await get_diagnostics_for_config_entry(hass, hass_client, entry))
    assert await async_setup_component(hass, "system_health", {})
    platforms = await hass.data[DATA_SYSTEM_HEALTH_PLATFORMS].async_get_platforms()
    info = await platforms[DOMAIN].info_callback(hass)
    outputs.append(
        {key: await value if hasattr(value, "__await__") else value for key, value in info.items()}
    )
    return outputs


async def test_not_one_byte_of_a_sensitive_note_reaches_home_assistant(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    memory: Memory,
    hass_client: ClientSessionGenerator,
) -> None:
    events = async_capture_events(hass, EVENT_UPDATED)
    outputs = await collect_outputs(hass, entry, hass_client)

    # Live changes: sensitive ones, a note becoming sensitive, then an ordinary one.
    memory.writer.append("desk", "topics/health.md", "New dosage of bisoprolol.")
    memory.writer.append("desk", "topics/anxiety.md", "Breathing.", title="Anxiety", sensitive=True)
    marie = memory.writer.read("desk", "people/marie.md")
    memory.writer.write(
        "desk",
        "people/marie.md",
        title="Marie",
        description="Neighbour",
        sensitive=True,
        body=marie.body + "Her therapy is on Mondays.\n",
        version=marie.version,
    )
    memory.writer.append("desk", "topics/garden.md", "Chives too.")
    await eventually(lambda: len(events) >= 2, timeout=6.0)
    assert [event.data for event in events] == [
        {"path": "people/marie.md", "kind": "deleted"},
        {"path": "topics/garden.md", "kind": "updated"},
    ]
    outputs.append(
        await hass.services.async_call(DOMAIN, "index", {}, blocking=True, return_response=True)
    )

    # Home Assistant's side: answers, responses, results, events, states, the cache.
    runtime = entry.runtime_data
    states = [state.as_dict() for state in hass.states.async_all()]
    held = [asdict(runtime.snapshot), list(runtime.notes._notes.values())]
    ha_side = json.dumps([outputs, [e.data for e in events], states, held], default=str)
    assert leaks(ha_side) == []

    # The markers are real: the memory holds them, the desk client can read them.
    repository = memory.bridge.config.memory.repository
    assert leaks((repository / "topics/health.md").read_text(encoding="utf-8"))
    assert leaks(json.dumps(asdict(memory.writer.search("desk", "thursdays morning"))))

    # The bridge's side: every byte it sent to the integration's token.
    received = memory.received_by_voice()
    asked = {record.path.split("/notes/")[0] for record in received}
    assert {"/api/v1/whoami", "/api/v1/index", "/api/v1/search", "/api/v1/preferences"} <= asked
    assert "/api/v1/events" in asked
    assert any(record.path.startswith("/api/v1/notes/") for record in received)
    assert any(b"event: change" in record.body for record in received)
    for record in received:
        assert leaks(received_text(record)) == [], (record.path, record.body[:200])
