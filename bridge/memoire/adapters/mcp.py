"""The MCP adapter: the tools over the memory service, for stdio and streamable HTTP.

Identity never comes from what a client says about itself (clientInfo is a claim): on
stdio it is the `--client` the user wrote in the launch command, over HTTP the client
whose token the request carries. A client is shown, and may call, only the tools its
rights allow. Refusals come back as tool errors whose text tells the model what to do.

The protocol is the MCP SDK's low-level server; memoire answers its two tool requests.
The SDK's higher-level server would derive every tool's schemas with pydantic at each
start (`tool_schemas` says why they are stored instead) and load `rich` for its log.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TextIO

import anyio
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_REQUEST,
    CallToolRequestParams,
    CallToolResult,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ListToolsResult,
    PaginatedRequestParams,
    TextContent,
    Tool,
    ToolAnnotations,
)
from pydantic import BaseModel, Field, ValidationError

from ..core.acl import Rights
from ..core.errors import MemoireError
from ..history import DEFAULT_LIMIT, MAX_LIMIT, NoteHistory, RestoreResult
from ..results import (
    AppendResult,
    DeleteResult,
    EditResult,
    IndexQuery,
    NoteContent,
    Overview,
    SearchResult,
    WriteResult,
)
from ..service import MemoryService
from ..version import version
from . import render, tool_schemas
from .caller import CALLER_KEY, REFUSAL_KEY, TOOL_KEY, Caller

logger = logging.getLogger(__name__)

INSTRUCTIONS = (
    "memoire is the user's long-term memory, shared by all their assistants. Start each "
    "conversation with memoire_index, passing your project folder as workspace. Read a note "
    "only when its subject comes up. memoire_append is the everyday write: one durable fact "
    "per call. memoire_write rewrites a whole note and needs the version you read. Never "
    "store passwords, tokens, keys, PINs or card numbers."
)

Path = Annotated[str, Field(description="Note path from memoire_index, e.g. people/alice.md")]
Version = Annotated[str, Field(description="The version memoire_read returned for this note")]


class _NoIdentity(Exception):
    """A request that reached the tools without the identity its transport must give."""


# The tools: each takes the service and the caller, then what the client passes.


def memoire_index(
    service: MemoryService,
    caller: Caller,
    *,
    workspace: Annotated[
        str | None, Field(description="Absolute path of the project folder you work in")
    ] = None,
    scope: Annotated[
        str | None, Field(description="Project name, only when the user names one")
    ] = None,
    folder: Annotated[
        str | None, Field(description="List only this folder's notes, e.g. people")
    ] = None,
    since: Annotated[
        str | None, Field(description="List only notes updated on or after this YYYY-MM-DD")
    ] = None,
    until: Annotated[
        str | None, Field(description="List only notes updated on or before this YYYY-MM-DD")
    ] = None,
    cursor: Annotated[
        str | None, Field(description="The next_cursor of the last answer, to list more")
    ] = None,
) -> Overview:
    return service.overview(
        caller.client,
        workspace=workspace or caller.workspace,
        scope=scope,
        session=caller.session,
        probe_disk=caller.local,
        query=IndexQuery(folder=folder, since=since, until=until, cursor=cursor),
    )


def memoire_read(service: MemoryService, caller: Caller, path: Path) -> NoteContent:
    return service.read(caller.client, path)


def memoire_search(
    service: MemoryService,
    caller: Caller,
    query: Annotated[str, Field(description="Words to look for")],
    limit: Annotated[int, Field(ge=1, le=50, description="Most notes to return")] = 10,
) -> SearchResult:
    return service.search(caller.client, query, limit)


def memoire_history(
    service: MemoryService,
    caller: Caller,
    path: Path,
    limit: Annotated[
        int, Field(ge=1, le=MAX_LIMIT, description="Most changes to list, newest first")
    ] = DEFAULT_LIMIT,
) -> NoteHistory:
    return service.history(caller.client, path, limit)


def memoire_append(
    service: MemoryService,
    caller: Caller,
    *,
    path: Path,
    text: Annotated[str, Field(description="The line to add, at most 2,000 characters")],
    title: Annotated[str | None, Field(description="Only to create the note")] = None,
    description: Annotated[str, Field(description="Only to create the note")] = "",
    sensitive: Annotated[
        bool | None,
        Field(description="Only to create: true for health, finances, intimate matters"),
    ] = None,
) -> AppendResult:
    return service.append(
        caller.client, path, text, title=title, description=description, sensitive=sensitive
    )


def memoire_edit(
    service: MemoryService,
    caller: Caller,
    path: Path,
    old: Annotated[str, Field(description="Exact passage of the body, found once")],
    new: Annotated[str, Field(description="Its replacement")],
) -> EditResult:
    return service.edit(caller.client, path, old, new)


def memoire_write(
    service: MemoryService,
    caller: Caller,
    *,
    path: Path,
    title: str,
    description: str,
    sensitive: bool,
    body: Annotated[str, Field(description="The whole body, without the header")],
    version: Annotated[
        str | None, Field(description="The version you read; omit only to create")
    ] = None,
) -> WriteResult:
    return service.write(
        caller.client,
        path,
        title=title,
        description=description,
        sensitive=sensitive,
        body=body,
        version=version,
    )


def memoire_delete(
    service: MemoryService, caller: Caller, path: Path, version: Version
) -> DeleteResult:
    return service.delete(caller.client, path, version)


def memoire_restore(
    service: MemoryService,
    caller: Caller,
    *,
    path: Path,
    commit: Annotated[str, Field(description="A commit memoire_history listed for this note")],
    version: Annotated[
        str | None,
        Field(description="The note's version now, from memoire_read; omit only if deleted"),
    ] = None,
) -> RestoreResult:
    return service.restore(caller.client, path, commit, version)


@dataclass(frozen=True, slots=True)
class _Tool:
    run: Callable[..., Any]
    """(service, caller, **arguments) -> the result; its name is the tool's English name."""
    french_name: str | None
    writes: bool
    text_of: Callable[[Any], str]
    annotations: ToolAnnotations
    description: str

    @property
    def name(self) -> str:
        return self.run.__name__


def _reading(title: str) -> ToolAnnotations:
    return ToolAnnotations(title=title, read_only_hint=True, open_world_hint=False)


def _writing(title: str, *, destructive: bool, idempotent: bool) -> ToolAnnotations:
    return ToolAnnotations(
        title=title,
        read_only_hint=False,
        destructive_hint=destructive,
        idempotent_hint=idempotent,
        open_world_hint=False,
    )


TOOLS = (
    _Tool(
        memoire_index,
        None,
        False,
        render.overview,
        _reading("Memory index"),
        "Start here, once per conversation: the user's profile and preferences in full, "
        "this project's note, and one line per other note; in a large memory, the notes "
        "that need attention, the most recently updated and the count per folder. Pass "
        "folder, since/until or the answer's next_cursor to list more.",
    ),
    _Tool(
        memoire_read,
        "memoire_lire",
        False,
        render.note,
        _reading("Read a note"),
        "Read one note when its subject comes up. Returns its version.",
    ),
    _Tool(
        memoire_search,
        "memoire_chercher",
        False,
        render.search,
        _reading("Search the memory"),
        "Find notes by words (case and accents ignored), with matching lines.",
    ),
    _Tool(
        memoire_history,
        "memoire_historique",
        False,
        render.history,
        _reading("Note history"),
        "What happened to one note, newest first: when, which assistant (or a person), "
        "with which tool, and the change as a diff. Look here before undoing a change "
        "with memoire_restore.",
    ),
    _Tool(
        memoire_append,
        "memoire_ajouter",
        True,
        render.appended,
        _writing("Append a line", destructive=False, idempotent=False),
        "The everyday write: add one durable fact at the end of a note. To create the "
        "note, also pass title, description and sensitive. Never store secrets.",
    ),
    _Tool(
        memoire_edit,
        "memoire_modifier",
        True,
        render.edited,
        _writing("Edit a passage", destructive=True, idempotent=False),
        "Replace one exact passage that appears once in a note's body.",
    ),
    _Tool(
        memoire_write,
        "memoire_ecrire",
        True,
        render.written,
        _writing("Rewrite a note", destructive=True, idempotent=True),
        "Rewrite a whole note. Pass the version you read; if the note changed since, "
        "read it again. Omit version only to create.",
    ),
    _Tool(
        memoire_delete,
        "memoire_supprimer",
        True,
        render.deleted,
        _writing("Delete a note", destructive=True, idempotent=True),
        "Delete a note. Needs the version you read.",
    ),
    _Tool(
        memoire_restore,
        "memoire_restaurer",
        True,
        render.restored,
        _writing("Restore a note", destructive=True, idempotent=False),
        "Bring a note back to its content after a commit memoire_history listed, as a "
        "new commit (history is kept). Pass the note's current version from memoire_read; "
        "omit it only to bring back a deleted note.",
    ),
)


def build_server(service: MemoryService, stdio_caller: Caller | None = None) -> Server[Any]:
    """One MCP server; `stdio_caller` is the identity of a stdio process, None over HTTP."""

    def caller_of(ctx: ServerRequestContext[Any]) -> Caller:
        if ctx.request is None:
            if stdio_caller is None:
                raise _NoIdentity("No identity for this request; nothing was done.")
            return stdio_caller
        caller = ctx.request.scope.get(CALLER_KEY)
        if not isinstance(caller, Caller):
            raise _NoIdentity("The request carries no valid token; nothing was done.")
        return caller

    names = {name: tool for tool in TOOLS for name in _names(tool, service)}
    schemas = tool_schemas.stored()
    listed = {name: _listed(name, tool, schemas[tool.name]) for name, tool in names.items()}
    arguments: dict[str, type[BaseModel]] = {}  # each tool's, built at its first call

    async def list_tools(
        ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        try:
            rights = service.rights(caller_of(ctx).client)
        except _NoIdentity as error:
            raise MCPError(INVALID_REQUEST, str(error)) from None
        allowed = [listed[name] for name, tool in names.items() if _allowed(tool, rights)]
        return ListToolsResult(tools=allowed)

    async def call_tool(
        ctx: ServerRequestContext[Any], params: CallToolRequestParams
    ) -> CallToolResult:
        tool = names.get(params.name)
        _name_in_request_log(ctx, params.name if tool is not None else "(unknown tool)")
        if tool is None:
            return _error(f"Unknown tool: {params.name}")
        try:
            caller = caller_of(ctx)
        except _NoIdentity as error:
            return _error(str(error))
        if not _allowed(tool, service.rights(caller.client)):
            _refused_for_rights(ctx)
            return _error(
                f"The tool {params.name} is not available to this client; nothing was done."
            )
        if tool.name not in arguments:
            arguments[tool.name] = tool_schemas.arguments_model(tool.name, tool.run)
        try:
            given = arguments[tool.name].model_validate(params.arguments or {})
        except ValidationError as error:
            logger.info("Tool %r rejected arguments: %r", params.name, _fields(error))
            return _error(_invalid(params.name, error))
        return await anyio.to_thread.run_sync(_run, tool, service, caller, dict(given))

    return Server(
        "memoire",
        version=version(),
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=_no_resources,
        on_list_resource_templates=_no_resource_templates,
        on_list_prompts=_no_prompts,
    )


# memoire offers neither resources nor prompts; clients that ask anyway (some list all
# three at start) get empty lists, not "method not found".


async def _no_resources(
    ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
) -> ListResourcesResult:
    return ListResourcesResult(resources=[])


async def _no_resource_templates(
    ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
) -> ListResourceTemplatesResult:
    return ListResourceTemplatesResult(resource_templates=[])


async def _no_prompts(
    ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
) -> ListPromptsResult:
    return ListPromptsResult(prompts=[])


def run_stdio(server: Server[Any]) -> None:
    """Serves one client over standard input and output until it closes them."""

    async def serve() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(serve)


def run_pipes(server: Server[Any], stdin: TextIO, stdout: TextIO) -> None:
    """Serves one client over pipes a `memoire stdio` process handed over, in this thread,
    with the SDK's stdio transport, until the client closes its input."""

    async def serve() -> None:
        async with stdio_server(anyio.wrap_file(stdin), anyio.wrap_file(stdout)) as (
            read_stream,
            write_stream,
        ):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(serve)


def _run(
    tool: _Tool, service: MemoryService, caller: Caller, given: dict[str, Any]
) -> CallToolResult:
    """The tool's result as structured data plus text, or the refusal's own words as a tool
    error. In a worker thread: Git and the disk must not hold up the other sessions."""
    try:
        result = tool.run(service, caller, **given)
    except MemoireError as error:
        return _error(error.message)
    except Exception:  # a crash: its own text stays in the log, as the SDK's own server does
        logger.exception("Tool %r raised an unexpected exception", tool.name)
        return _error(f"Error executing tool {tool.name}")
    return CallToolResult(
        content=[TextContent(type="text", text=tool.text_of(result))],
        structured_content=dataclasses.asdict(result),
    )


def _listed(name: str, tool: _Tool, schemas: dict[str, Any]) -> Tool:
    return Tool(
        name=name,
        title=tool.annotations.title,
        description=tool.description,
        input_schema=schemas["input"],
        output_schema=schemas["output"],
        annotations=tool.annotations,
    )


def _fields(error: ValidationError) -> list[str]:
    """The rejected fields' names only: the rejected values are the caller's data."""
    return sorted({".".join(str(part) for part in found["loc"]) for found in error.errors()})


def _invalid(name: str, error: ValidationError) -> str:
    problems = "; ".join(
        f"{'.'.join(str(part) for part in found['loc']) or 'arguments'}: {found['msg']}"
        for found in error.errors()
    )
    return f"Error executing tool {name}: {problems}. Nothing was done."


def _name_in_request_log(ctx: ServerRequestContext[Any], name: str) -> None:
    """Over HTTP, tells the request log which tool ran: only a name of ours, never what a
    client typed (an unknown name could be anything, a secret included)."""
    if ctx.request is not None:
        ctx.request.scope[TOOL_KEY] = name


def _refused_for_rights(ctx: ServerRequestContext[Any]) -> None:
    if ctx.request is not None:
        ctx.request.scope[REFUSAL_KEY] = "rights"


def _names(tool: _Tool, service: MemoryService) -> list[str]:
    """French-layout memories also answer to the seed's tool names."""
    if service.layout.name == "fr" and tool.french_name:
        return [tool.name, tool.french_name]
    return [tool.name]


def _allowed(tool: _Tool, rights: Rights) -> bool:
    return rights.write if tool.writes else rights.read


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)
