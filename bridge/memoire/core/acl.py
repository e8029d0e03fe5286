"""The access table: which client may read, see sensitive notes, and write.

One table, in the bridge's configuration, enforced by the memory service and nowhere
else. Write implies sensitive: a client that can create a note must be able to see the
sensitive one already at that path, or a create could reveal that it exists.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

CLIENT_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")


@dataclass(frozen=True, slots=True)
class Rights:
    read: bool = False
    sensitive: bool = False
    write: bool = False

    def problems(self) -> list[str]:
        found = []
        if self.write and not self.sensitive:
            found.append("write requires sensitive (a create could reveal a hidden note)")
        if (self.write or self.sensitive) and not self.read:
            found.append("write and sensitive require read")
        return found


NO_RIGHTS = Rights()
FULL = Rights(read=True, sensitive=True, write=True)
READ_ONLY = Rights(read=True)

DEFAULT_CLIENTS: Mapping[str, Rights] = {
    "claude-app": FULL,
    "claude-code": FULL,
    "gemini-cli": FULL,
    "codex": FULL,
    "voice": READ_ONLY,
    "observer": NO_RIGHTS,
}


class ApprovedRows(Protocol):
    """Rows added at run time (OAuth clients the owner approved), read at every check, so
    an approval or a revocation takes effect on the next request, without a restart."""

    def rights_of(self, client: str) -> Rights | None: ...

    def rows(self) -> Mapping[str, Rights]: ...


class AccessTable:
    """Rights by client name; a client that is not in the table has none.

    The configured rows come first; approved rows (`with_rows`) never shadow one of them."""

    def __init__(self, clients: Mapping[str, Rights], approved: ApprovedRows | None = None) -> None:
        problems = [
            f"client {name!r}: {problem}"
            for name, rights in clients.items()
            for problem in [*_name_problems(name), *rights.problems()]
        ]
        if problems:
            raise ValueError("invalid access table: " + "; ".join(problems))
        self._clients = dict(clients)
        self._approved = approved

    def rights(self, client: str) -> Rights:
        configured = self._clients.get(client)
        if configured is not None or self._approved is None:
            return configured or NO_RIGHTS
        return self._approved.rights_of(client) or NO_RIGHTS

    def clients(self) -> Mapping[str, Rights]:
        approved = self._approved.rows() if self._approved is not None else {}
        return {**approved, **self._clients}

    def with_rows(self, approved: ApprovedRows) -> AccessTable:
        """This table, plus the rows `approved` holds now and later."""
        return AccessTable(self._clients, approved)


def _name_problems(name: str) -> list[str]:
    if CLIENT_NAME.fullmatch(name):
        return []
    return ["a client name is 1-40 characters of a-z, 0-9, '.', '_' or '-'"]
