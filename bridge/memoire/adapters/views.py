"""Text for the owner's commands (`memoire status`, `memoire log`): the facts, read aloud."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ..status import ClientFacts, Status
from ..storage.audit import AuditEntry


def status_lines(status: Status) -> list[str]:
    commit = status.last_commit
    lines = [
        f"memoire {status.version}",
        f"memory:   {status.memory} ({status.layout} layout)",
        "commit:   "
        + ("none yet" if commit is None else f"{commit.id} {commit.date} {commit.message}"),
        f"notes:    {status.notes_visible} visible, {status.notes_sensitive} sensitive",
        f"remote:   {_remote(status)}",
        "clients:",
        *(f"  {_client(client)}" for client in status.clients),
    ]
    if status.tokens_of_unknown_clients:
        lines.append(
            f"  {status.tokens_of_unknown_clients} token(s) of clients no longer in the table "
            "(they open nothing; memoire token revoke NAME removes them)"
        )
    if status.bridges:
        lines += [
            f"bridge:   serving on {bridge.url} (pid {bridge.pid})" for bridge in status.bridges
        ]
    else:
        lines.append("bridge:   not running (start it with: memoire serve)")
    return lines


def status_json(status: Status) -> str:
    return json.dumps(dataclasses.asdict(status), indent=2)


def _remote(status: Status) -> str:
    remote = status.remote
    if remote is None:
        return "none (this memory lives on this machine only)"
    answers = {True: "reachable", False: "NOT reachable", None: "not checked"}[remote.reachable]
    return f"{remote.url} ({answers}; last synced {remote.last_synced or 'never'})"


def _client(client: ClientFacts) -> str:
    rights = [name for name in ("read", "sensitive", "write") if getattr(client, name)]
    return f"{client.name}: {', '.join(rights) or 'no rights'}; {client.tokens} token(s)"


def audit_line(entry: AuditEntry) -> str:
    record = entry.record
    columns = [
        entry.time.astimezone().isoformat(timespec="seconds"),
        record.client,
        record.tool,
        record.outcome,
        record.path or "-",
        record.commit[:10] if record.commit else "-",
        "-" if record.size is None else str(record.size),
    ]
    return "\t".join(columns)


def audit_json(entry: AuditEntry) -> str:
    data: dict[str, Any] = {"time": entry.time.isoformat(), **dataclasses.asdict(entry.record)}
    return json.dumps(data, ensure_ascii=False)
