"""Read-only tools for LLM conversation agents: search, read and index the memory.

Offered to the Assist API only while one of the integration's "notes" sensors is exposed
to that assistant, so the user grants or withdraws LLM access from the usual Expose
screen. The tools can only read what the integration's least-privilege token may read.
"""

from __future__ import annotations

from typing import Any, override

import probatio
from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.components.llm import LLMTools
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.llm import (
    LLM_API_ASSIST,
    LLMContext,
    Tool,
    ToolAnnotations,
    ToolInput,
    ToolResult,
)

from .api import MemoireError, MemoireNotFoundError, MemoireRequestError
from .const import DOMAIN, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX
from .coordinator import MemoireConfigEntry, MemoireRuntime
from .sensor import notes_unique_id
from .wire import is_note_path

READ_ONLY = ToolAnnotations(read_only=True, destructive=False, idempotent=True, open_world=False)
PROMPT = (
    "The user keeps a personal memory of notes. When a question may concern the user's "
    "life, people, projects or preferences, use memoire__search to look for it, "
    "memoire__read to read a note, and memoire__index to list what the memory holds. "
    "The memory is read-only here."
)


class MemoireTool(Tool):
    integration = DOMAIN
    annotations = READ_ONLY

    def __init__(self, runtime: MemoireRuntime) -> None:
        self._runtime = runtime

    @override
    async def async_call(
        self, hass: HomeAssistant, tool_input: ToolInput, llm_context: LLMContext
    ) -> ToolResult:
        arguments = self.parameters(tool_input.tool_args)
        if not self._runtime.available:
            return ToolResult(data={"error": "The memory cannot be reached right now."}, error=True)
        try:
            return ToolResult(data=await self._answer(arguments))
        except MemoireNotFoundError:
            return ToolResult(
                data={"error": "No such note. Use memoire__search or memoire__index for paths."},
                error=True,
            )
        except MemoireRequestError as error:
            return ToolResult(data={"error": str(error)}, error=True)
        except MemoireError:
            return ToolResult(data={"error": "The memory cannot be reached right now."}, error=True)

    async def _answer(self, arguments: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


class SearchTool(MemoireTool):
    name = "memoire__search"
    title = "Search the memory"
    description = (
        "Search the user's personal memory for a topic, a person or a preference. "
        "Returns the best matching notes with their matching lines."
    )
    parameters = probatio.Schema(
        {
            probatio.Required("query", description="words to look for"): cv.string,
            probatio.Optional("limit", default=SEARCH_LIMIT_DEFAULT): probatio.All(
                probatio.Coerce(int), probatio.Range(min=1, max=SEARCH_LIMIT_MAX)
            ),
        }
    )

    @override
    async def _answer(self, arguments: dict[str, Any]) -> dict[str, Any]:
        result = await self._runtime.search(arguments["query"], arguments["limit"])
        return result.as_dict()


class ReadTool(MemoireTool):
    name = "memoire__read"
    title = "Read a note"
    description = "Read one note of the user's memory in full, by its path (e.g. topics/garden.md)."
    parameters = probatio.Schema(
        {probatio.Required("path", description="the note's path, from search or index"): cv.string}
    )

    @override
    async def _answer(self, arguments: dict[str, Any]) -> dict[str, Any]:
        path = arguments["path"].strip()
        if not is_note_path(path):
            raise MemoireRequestError(f"{path!r} is not a note path, like topics/garden.md")
        note = await self._runtime.notes.get(path)
        return note.as_dict()


class IndexTool(MemoireTool):
    name = "memoire__index"
    title = "List the memory"
    description = (
        "List what the user's memory holds: profile and preferences in full, then one line "
        "per note (path, title, description, last update)."
    )

    @override
    async def _answer(self, arguments: dict[str, Any]) -> dict[str, Any]:
        return self._runtime.snapshot.index.as_dict()


@callback
def async_get_tools(hass: HomeAssistant, llm_context: LLMContext, api_id: str) -> LLMTools | None:
    if api_id != LLM_API_ASSIST:
        return None
    runtime = _exposed_runtime(hass, llm_context.assistant)
    if runtime is None:
        return None
    tools: list[Tool] = [SearchTool(runtime), ReadTool(runtime), IndexTool(runtime)]
    return LLMTools(tools=tools, prompt=PROMPT)


@callback
def _exposed_runtime(hass: HomeAssistant, assistant: str) -> MemoireRuntime | None:
    registry = er.async_get(hass)
    entries: list[MemoireConfigEntry] = hass.config_entries.async_loaded_entries(DOMAIN)
    for entry in entries:
        entity_id = registry.async_get_entity_id("sensor", DOMAIN, notes_unique_id(entry))
        if entity_id is not None and async_should_expose(hass, assistant, entity_id):
            return entry.runtime_data
    return None
