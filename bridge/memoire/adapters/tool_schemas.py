"""The tools' argument and result schemas: checked against the code, stored, read at start.

An MCP client lists the tools before it calls one, so a server must have every tool's
JSON Schema ready at once. Deriving them with pydantic from the tools' signatures and
result types costs a cold start ~40-70 ms of CPU (~80 in a French memory, whose tools
answer to two names), every start, for the same answer. So they are derived once, stored
beside this module, and read as plain JSON at start; `tests/test_mcp.py` derives them
again and fails, saying how to store them anew, as soon as a signature or a result type
changes. Arguments are checked with the pydantic model of the tool's signature, built
when that tool is first called.

A result schema is written out whole, without references, and a field that may be null
says so with a list of types: an SDK client checks every answer against it in Python
(most of what a `memoire_index` call costs the client), and each `$ref` or `anyOf` it
meets on each note costs a lookup or a second pass. Both forms accept exactly the same
answers.
"""

from __future__ import annotations

import inspect
import json
import typing
from collections.abc import Callable, Iterable
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

STORED = Path(__file__).with_name("tool_schemas.json")
SKIPPED_PARAMETERS = 2
"""Every tool function takes the service and the caller first; the client gives the rest."""
_SAY_NOTHING_OF_NULL = frozenset(
    {"type", "title", "description", "default", "properties", "required", "items"}
)
"""Keywords that hold only for an instance of their type: beside `"null"` in a list of
types, they accept a null exactly as `anyOf` with `{"type": "null"}` did."""


def arguments_model(name: str, run: Callable[..., Any]) -> type[BaseModel]:
    """What a client may pass to the tool `name`: the parameters of `run` after the first
    two, with their annotations, descriptions, bounds and defaults."""
    hints = typing.get_type_hints(run, include_extras=True)
    parameters = list(inspect.signature(run).parameters.values())[SKIPPED_PARAMETERS:]
    given: dict[str, Any] = {
        parameter.name: (
            hints[parameter.name],
            ... if parameter.default is inspect.Parameter.empty else parameter.default,
        )
        for parameter in parameters
    }
    return create_model(
        f"{name}Arguments", __config__=ConfigDict(arbitrary_types_allowed=True), **given
    )


def result_schema(result: type[Any]) -> dict[str, Any]:
    """The JSON Schema of a result dataclass, as the structured content carries it."""
    return quick_to_check(pydantic_result_schema(result))


def pydantic_result_schema(result: type[Any]) -> dict[str, Any]:
    """The same as pydantic writes it, with references and `anyOf` for nullable fields."""
    hints = typing.get_type_hints(result)
    carried: dict[str, Any] = {
        field.name: hints[field.name]
        if field.default is MISSING
        else (hints[field.name], field.default)
        for field in fields(result)
    }
    model = create_model(result.__name__, __config__=ConfigDict(from_attributes=True), **carried)
    schema: dict[str, Any] = model.model_json_schema()
    return schema


def quick_to_check(schema: dict[str, Any]) -> dict[str, Any]:
    """The same schema with its references written out and nullable fields as type lists
    (the result types hold no cycle, so writing references out ends)."""
    definitions: dict[str, Any] = schema.get("$defs", {})

    def written_out(node: Any) -> Any:
        if isinstance(node, list):
            return [written_out(item) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            name = node["$ref"].removeprefix("#/$defs/")
            beside = {key: value for key, value in node.items() if key != "$ref"}
            return written_out({**definitions[name], **beside})
        return _null_in_type(
            {key: written_out(value) for key, value in node.items() if key != "$defs"}
        )

    written: dict[str, Any] = written_out(schema)
    return written


def _null_in_type(node: dict[str, Any]) -> dict[str, Any]:
    """`anyOf: [X, {"type": "null"}]` as X with `"null"` added to its type, when X is one
    type and keywords that say nothing of a null."""
    choices = node.get("anyOf")
    null = {"type": "null"}
    if not isinstance(choices, list) or len(choices) != 2 or null not in choices:
        return node
    other = choices[1] if choices[0] == null else choices[0]
    if not isinstance(other.get("type"), str) or not other.keys() <= _SAY_NOTHING_OF_NULL:
        return node
    beside = {key: value for key, value in node.items() if key != "anyOf"}
    return {**other, **beside, "type": [other["type"], "null"]}


def derived(tools: Iterable[tuple[str, Callable[..., Any]]]) -> dict[str, dict[str, Any]]:
    """Each tool's schemas, derived from its function: {name: {"input": …, "output": …}}."""
    return {
        name: {
            "input": arguments_model(name, run).model_json_schema(by_alias=True),
            "output": result_schema(typing.get_type_hints(run)["return"]),
        }
        for name, run in tools
    }


def stored() -> dict[str, dict[str, Any]]:
    schemas: dict[str, dict[str, Any]] = json.loads(STORED.read_text(encoding="utf-8"))
    return schemas


def store(tools: Iterable[tuple[str, Callable[..., Any]]]) -> None:
    """Writes the derived schemas where `stored` reads them (after changing a tool)."""
    text = json.dumps(derived(tools), indent=1, sort_keys=True, ensure_ascii=False)
    STORED.write_text(text + "\n", encoding="utf-8")
