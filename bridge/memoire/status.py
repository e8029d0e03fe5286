"""`memoire status`: the facts about one memory a person checks first, gathered in one place.

Where the memory is and which layout it follows, its last commit, how many notes each kind
of client is shown (counted by the service, from the same indexes clients receive), the
shared remote (its URL without credentials, whether it answers now, when this memory last
synced with it), the clients of the access table with their rights and how many tokens
each holds (never a token), and which bridges serve it now. Reading the facts changes
nothing in the memory; the CLI renders them as text or JSON.
"""

from __future__ import annotations

import os
import subprocess
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pygit2

from .config import Config
from .service import MemoryService
from .serving import ServingBridge, serving_bridges
from .storage.remote import redact
from .storage.tokens import TokenStore
from .version import version

REMOTE_PROBE_SECONDS = 5


@dataclass(frozen=True, slots=True)
class LastCommit:
    id: str
    date: str
    message: str


@dataclass(frozen=True, slots=True)
class RemoteFacts:
    url: str
    reachable: bool | None
    """None when it was not asked (`--offline`)."""
    last_synced: str | None


@dataclass(frozen=True, slots=True)
class ClientFacts:
    name: str
    read: bool
    sensitive: bool
    write: bool
    tokens: int


@dataclass(frozen=True, slots=True)
class Status:
    version: str
    memory: str
    layout: str
    last_commit: LastCommit | None
    notes_visible: int
    notes_sensitive: int
    remote: RemoteFacts | None
    clients: tuple[ClientFacts, ...]
    tokens_of_unknown_clients: int
    """Tokens whose client is no longer in the access table: they open nothing."""
    bridges: tuple[ServingBridge, ...]
    """Bridges whose process lives and whose address accepts connections."""


def gather_status(config: Config, *, probe_remote: bool = True) -> Status:
    memory = config.memory
    service = MemoryService(config)
    try:
        counts = service.note_counts()
        head = service.head()
        remote = _remote(service, probe_remote)
    finally:
        service.close()
    clients, orphans = _clients(config)
    bridges = [bridge for bridge in serving_bridges(memory.state_dir) if bridge.answers]
    return Status(
        version=version(),
        memory=str(memory.repository / memory.subdir if memory.subdir else memory.repository),
        layout=memory.layout.name,
        last_commit=None if head is None else _last_commit(config, head),
        notes_visible=counts.visible,
        notes_sensitive=counts.sensitive,
        remote=remote,
        clients=clients,
        tokens_of_unknown_clients=orphans,
        bridges=tuple(bridges),
    )


def _last_commit(config: Config, head: str) -> LastCommit:
    commit = pygit2.Repository(str(config.memory.repository))[head]
    assert isinstance(commit, pygit2.Commit)
    zone = timezone(timedelta(minutes=commit.commit_time_offset))
    when = datetime.fromtimestamp(commit.commit_time, zone).isoformat()
    subject = (commit.message.splitlines() or [""])[0]
    return LastCommit(id=head[:10], date=when, message=subject)


def _remote(service: MemoryService, probe: bool) -> RemoteFacts | None:
    url = service.config.memory.remote
    known = service.remote_status()
    if url is None or known is None:
        return None
    reachable = _answers(service, url) if probe else None
    return RemoteFacts(url=redact(url), reachable=reachable, last_synced=known.last_synced)


def _answers(service: MemoryService, url: str) -> bool:
    """The cheapest question a Git remote answers (its refs), with a short timeout."""
    environment = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    repository = str(service.config.memory.repository)
    try:
        result = subprocess.run(
            ["git", "-C", repository, "ls-remote", "--heads", url],
            capture_output=True,
            timeout=REMOTE_PROBE_SECONDS,
            env=environment,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return False
    return result.returncode == 0


def _clients(config: Config) -> tuple[tuple[ClientFacts, ...], int]:
    held = Counter(record.client for record in TokenStore(config.memory.tokens_file).records())
    table = config.access.clients()
    clients = tuple(
        ClientFacts(name, rights.read, rights.sensitive, rights.write, held[name])
        for name, rights in sorted(table.items())
    )
    orphans = sum(count for name, count in held.items() if name not in table)
    return clients, orphans
