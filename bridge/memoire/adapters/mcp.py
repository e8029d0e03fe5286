"""The MCP adapter: the tools over the memory service, for stdio and streamable HTTP.

Identity never comes from what a client says about itself (clientInfo is a claim): on
stdio it is the `--client` the user wrote in the launch command, over HTTP the client
whose token the request carries. A client is shown, and may call, only the tools its
rights allow. Refusals come back as tool errors whose text tells the model what to do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

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
from . import render
from .caller import CALLER_KEY, REFUSAL_KEY, TOOL_KEY, Caller

INSTRUCTIONS = (
    "memoire is the user's long-term memory, shared by all their assistants. Start each "
    "conversation with memoire_index, passing your project folder as workspace. Read a note "
    "only when its subject comes up. memoire_append is the everyday write: one durable fact "
    "per call. memoire_write rewrites a whole note and needs the version you read. Never "
    "store passwords, tokens, keys, PINs or card numbers."
)


@dataclass(frozen=True, slots=True)
class _Tool:
    name: str
    french_name: str | None
    writes: bool
    function: Callable[..., CallToolResult]
    annotations: ToolAnnotations
    description: str


Path = Annotated[str, Field(description="Note path from memoire_index, e.g. people/alice.md")]
Version = Annotated[str, Field(description="The version memoire_read returned for this note")]


def build_server(service: MemoryService, stdio_caller: Caller | None = None) -> MCPServer:
    """One MCP server; `stdio_caller` is the identity of a stdio process, None over HTTP."""

    def caller_of(request_context: ServerRequestContext[Any, Any]) -> Caller:
        request = request_context.request
        if request is None:
            if stdio_caller is None:
                raise ToolError("No identity for this request; nothing was done.")
            return stdio_caller
        caller = request.scope.get(CALLER_KEY)
        if not isinstance(caller, Caller):
            raise ToolError("The request carries no valid token; nothing was done.")
        return caller

    tools = _tools(service, caller_of)
    by_name = {name: tool for tool in tools for name in _names(tool, service)}

    async def only_allowed_tools(
        ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        if ctx.method not in ("tools/list", "tools/call"):
            return await call_next(ctx)
        rights = service.rights(caller_of(ctx).client)
        if ctx.method == "tools/call":
            name = str((ctx.params or {}).get("name", ""))
            tool = by_name.get(name)
            _name_in_request_log(ctx, name if tool is not None else "(unknown tool)")
            if tool is not None and not _allowed(tool, rights):
                _refused_for_rights(ctx)
                return _error(f"The tool {name} is not available to this client; nothing was done.")
            return await call_next(ctx)
        listed = await call_next(ctx)
        if isinstance(listed, BaseModel):
            listed = listed.model_dump(mode="json", by_alias=True, exclude_none=True)
        assert isinstance(listed, dict)
        tools = listed.get("tools", [])
        return {
            **listed,
            "tools": [tool for tool in tools if _allowed(by_name[tool["name"]], rights)],
        }

    server: MCPServer = MCPServer(
        "memoire", version=version(), instructions=INSTRUCTIONS, middleware=[only_allowed_tools]
    )
    for tool in tools:
        for name in _names(tool, service):
            server.add_tool(
                tool.function,
                name=name,
                title=tool.annotations.title,
                description=tool.description,
                annotations=tool.annotations,
            )
    return server


def _name_in_request_log(ctx: ServerRequestContext[Any, Any], name: str) -> None:
    """Over HTTP, tells the request log which tool ran: only a name of ours, never what a
    client typed (an unknown name could be anything, a secret included)."""
    if ctx.request is not None:
        ctx.request.scope[TOOL_KEY] = name


def _refused_for_rights(ctx: ServerRequestContext[Any, Any]) -> None:
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


def _result(value: Any, text: str) -> CallToolResult:
    structured = dataclasses.asdict(value)
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=structured
    )


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


def _tools(
    service: MemoryService, caller_of: Callable[[ServerRequestContext[Any, Any]], Caller]
) -> list[_Tool]:
    """The tools. Each is a thin call to the service; refusals become tool errors."""

    def respond[T](
        ctx: Context, operation: Callable[[Caller], T], text_of: Callable[[T], str]
    ) -> CallToolResult:
        """The result as structured data plus text, or the refusal's own words as a tool error."""
        caller = caller_of(ctx.request_context)
        try:
            result = operation(caller)
        except MemoireError as error:
            return _error(error.message)
        return _result(result, text_of(result))

    def memoire_index(
        ctx: Context,
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
    ) -> Annotated[CallToolResult, Overview]:
        query = IndexQuery(folder=folder, since=since, until=until, cursor=cursor)
        return respond(
            ctx,
            lambda caller: service.overview(
                caller.client,
                workspace=workspace or caller.workspace,
                scope=scope,
                session=caller.session,
                probe_disk=caller.local,
                query=query,
            ),
            render.overview,
        )

    def memoire_read(ctx: Context, path: Path) -> Annotated[CallToolResult, NoteContent]:
        return respond(
            ctx,
            lambda caller: service.read(caller.client, path),
            render.note,
        )

    def memoire_search(
        ctx: Context,
        query: Annotated[str, Field(description="Words to look for")],
        limit: Annotated[int, Field(ge=1, le=50, description="Most notes to return")] = 10,
    ) -> Annotated[CallToolResult, SearchResult]:
        return respond(
            ctx,
            lambda caller: service.search(caller.client, query, limit),
            render.search,
        )

    def memoire_history(
        ctx: Context,
        path: Path,
        limit: Annotated[
            int, Field(ge=1, le=MAX_LIMIT, description="Most changes to list, newest first")
        ] = DEFAULT_LIMIT,
    ) -> Annotated[CallToolResult, NoteHistory]:
        return respond(
            ctx,
            lambda caller: service.history(caller.client, path, limit),
            render.history,
        )

    def memoire_append(
        ctx: Context,
        *,
        path: Path,
        text: Annotated[str, Field(description="The line to add, at most 2,000 characters")],
        title: Annotated[str | None, Field(description="Only to create the note")] = None,
        description: Annotated[str, Field(description="Only to create the note")] = "",
        sensitive: Annotated[
            bool | None,
            Field(description="Only to create: true for health, finances, intimate matters"),
        ] = None,
    ) -> Annotated[CallToolResult, AppendResult]:
        return respond(
            ctx,
            lambda caller: service.append(
                caller.client, path, text, title=title, description=description, sensitive=sensitive
            ),
            render.appended,
        )

    def memoire_edit(
        ctx: Context,
        path: Path,
        old: Annotated[str, Field(description="Exact passage of the body, found once")],
        new: Annotated[str, Field(description="Its replacement")],
    ) -> Annotated[CallToolResult, EditResult]:
        return respond(
            ctx,
            lambda caller: service.edit(caller.client, path, old, new),
            render.edited,
        )

    def memoire_write(
        ctx: Context,
        *,
        path: Path,
        title: str,
        description: str,
        sensitive: bool,
        body: Annotated[str, Field(description="The whole body, without the header")],
        version: Annotated[
            str | None, Field(description="The version you read; omit only to create")
        ] = None,
    ) -> Annotated[CallToolResult, WriteResult]:
        return respond(
            ctx,
            lambda caller: service.write(
                caller.client,
                path,
                title=title,
                description=description,
                sensitive=sensitive,
                body=body,
                version=version,
            ),
            render.written,
        )

    def memoire_delete(
        ctx: Context, path: Path, version: Version
    ) -> Annotated[CallToolResult, DeleteResult]:
        return respond(
            ctx,
            lambda caller: service.delete(caller.client, path, version),
            render.deleted,
        )

    def memoire_restore(
        ctx: Context,
        *,
        path: Path,
        commit: Annotated[str, Field(description="A commit memoire_history listed for this note")],
        version: Annotated[
            str | None,
            Field(description="The note's version now, from memoire_read; omit only if deleted"),
        ] = None,
    ) -> Annotated[CallToolResult, RestoreResult]:
        return respond(
            ctx,
            lambda caller: service.restore(caller.client, path, commit, version),
            render.restored,
        )

    return [
        _Tool(
            "memoire_index",
            None,
            False,
            memoire_index,
            _reading("Memory index"),
            "Start here, once per conversation: the user's profile and preferences in full, "
            "this project's note, and one line per other note; in a large memory, the notes "
            "that need attention, the most recently updated and the count per folder. Pass "
            "folder, since/until or the answer's next_cursor to list more.",
        ),
        _Tool(
            "memoire_read",
            "memoire_lire",
            False,
            memoire_read,
            _reading("Read a note"),
            "Read one note when its subject comes up. Returns its version.",
        ),
        _Tool(
            "memoire_search",
            "memoire_chercher",
            False,
            memoire_search,
            _reading("Search the memory"),
            "Find notes by words (case and accents ignored), with matching lines.",
        ),
        _Tool(
            "memoire_history",
            "memoire_historique",
            False,
            memoire_history,
            _reading("Note history"),
            "What happened to one note, newest first: when, which assistant (or a person), "
            "with which tool, and the change as a diff. Look here before undoing a change "
            "with memoire_restore.",
        ),
        _Tool(
            "memoire_append",
            "memoire_ajouter",
            True,
            memoire_append,
            _writing("Append a line", destructive=False, idempotent=False),
            "The everyday write: add one durable fact at the end of a note. To create the "
            "note, also pass title, description and sensitive. Never store secrets.",
        ),
        _Tool(
            "memoire_edit",
            "memoire_modifier",
            True,
            memoire_edit,
            _writing("Edit a passage", destructive=True, idempotent=False),
            "Replace one exact passage that appears once in a note's body.",
        ),
        _Tool(
            "memoire_write",
            "memoire_ecrire",
            True,
            memoire_write,
            _writing("Rewrite a note", destructive=True, idempotent=True),
            "Rewrite a whole note. Pass the version you read; if the note changed since, "
            "read it again. Omit version only to create.",
        ),
        _Tool(
            "memoire_delete",
            "memoire_supprimer",
            True,
            memoire_delete,
            _writing("Delete a note", destructive=True, idempotent=True),
            "Delete a note. Needs the version you read.",
        ),
        _Tool(
            "memoire_restore",
            "memoire_restaurer",
            True,
            memoire_restore,
            _writing("Restore a note", destructive=True, idempotent=False),
            "Bring a note back to its content after a commit memoire_history listed, as a "
            "new commit (history is kept). Pass the note's current version from memoire_read; "
            "omit it only to bring back a deleted note.",
        ),
    ]
