"""Who a request speaks for, and the scope keys that carry it through the HTTP layers.

Its own module, free of the MCP SDK: the guard, the JSON API and the request log need the
caller before (and without) the MCP server, which `memoire serve` loads in the background.
"""

from __future__ import annotations

from dataclasses import dataclass

CALLER_KEY = "memoire.caller"
TOOL_KEY = "memoire.tool"
"""Where an HTTP request's scope names the memoire tool it called, for the request log."""
REFUSAL_KEY = "memoire.refusal"
"""Where an HTTP request's scope says why it was refused (no token, unknown token, rights)."""


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is calling, as established by the transport, never by the client's own claim.

    `local`: the caller runs on this machine (stdio, or HTTP from a loopback address), so
    its workspace may be looked up on this disk.
    """

    client: str
    workspace: str | None = None
    session: str | None = None
    local: bool = True
