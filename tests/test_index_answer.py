"""The index answer as an MCP client checks it: published output schemas a client checks
quickly, which accept exactly the answers pydantic's own schemas accepted.

Real answers of the real service (a memory with a sensitive note, a note with a broken
header, a project note), each changed field by field; both schemas are asked by the same
validator the SDK client uses (`jsonschema`).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import validators
from referencing import Registry

from memoire.adapters import mcp, tool_schemas
from memoire.service import MemoryService

from .adversarial.test_pushed_attacks import commit_files, note_text

WRONG_VALUES: tuple[object, ...] = (None, 3, "x", True, [], {}, [{"path": 1}])


def checker(schema: dict[str, Any]) -> Any:
    return validators.validator_for(schema)(schema, registry=Registry())


def changed_copies(answer: object) -> Iterator[object]:
    """The answer with one field set to each wrong value, or removed, one at a time."""
    if isinstance(answer, dict):
        for key, value in answer.items():
            for wrong in WRONG_VALUES:
                yield {**answer, key: wrong}
            yield {other: kept for other, kept in answer.items() if other != key}
            for inner in changed_copies(value):
                yield {**answer, key: inner}
    elif isinstance(answer, list):
        for position, item in enumerate(answer[:2]):  # the others are alike
            for inner in changed_copies(item):
                yield [*answer[:position], inner, *answer[position + 1 :]]


def wire(result: object) -> Any:
    """The structured content as a client parses it (lists, not tuples)."""
    return json.loads(json.dumps(dataclasses.asdict(result)))  # type: ignore[call-overload]


def answers(service: MemoryService, repository: Path) -> dict[str, list[Any]]:
    commit_files(
        repository,
        {
            "topics/garden.md": note_text("Garden", "Tomatoes in May.\n"),
            "topics/broken.md": b"no header at all\n",
            "projects/memoire.md": note_text("memoire", "The project note.\n"),
        },
    )
    service.append("desk", "topics/health.md", "Knee check.", title="Health", sensitive=True)
    overviews = [
        service.overview(client, scope=scope)
        for client in ("desk", "voice")
        for scope in (None, "memoire")
    ]
    return {
        "memoire_index": [wire(overview) for overview in overviews],
        "memoire_search": [wire(service.search("desk", "tomatoes knee"))],
        "memoire_read": [wire(service.read("desk", "topics/garden.md"))],
    }


def test_published_output_schemas_accept_exactly_what_pydantics_accepted(
    service: MemoryService, repository: Path
) -> None:
    runs = {tool.name: tool.run for tool in mcp.TOOLS}
    published = tool_schemas.stored()
    for name, given in answers(service, repository).items():
        result_type = typing.get_type_hints(runs[name])["return"]
        pydantic = checker(tool_schemas.pydantic_result_schema(result_type))
        quick = checker(published[name]["output"])
        instances = [changed for answer in given for changed in [answer, *changed_copies(answer)]]
        verdicts = [quick.is_valid(instance) for instance in instances]
        for instance, verdict in zip(instances, verdicts, strict=True):
            assert verdict == pydantic.is_valid(copy.deepcopy(instance)), (name, instance)
        assert all(quick.is_valid(answer) for answer in given)
        assert verdicts.count(False) > 50  # the changes reach what the schema checks


def test_published_output_schemas_hold_no_reference_or_alternative() -> None:
    """What makes them quick to check: each note's fields checked once, nothing looked up."""
    for name, schemas in tool_schemas.stored().items():
        written = json.dumps(schemas["output"])
        assert "$ref" not in written, name
        assert "anyOf" not in written, name
