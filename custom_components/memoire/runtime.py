"""What a loaded entry keeps in `entry.runtime_data`: the client, the cache, the live state."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from homeassistant.config_entries import ConfigEntry

from .api import MemoireClient, MemoireConnectionError, MemoireNotFoundError
from .const import NOTE_CACHE_SIZE
from .coordinator import MemoireCoordinator, MemoireSnapshot
from .models import Change, Note, SearchResult

if TYPE_CHECKING:
    from .stream import ChangeFeed


class NoteCache:
    """Notes read recently, kept fresh by the events stream, bounded in size."""

    def __init__(self, client: MemoireClient, size: int = NOTE_CACHE_SIZE) -> None:
        self._client = client
        self._size = size
        self._notes: OrderedDict[str, Note] = OrderedDict()

    def __len__(self) -> int:
        return len(self._notes)

    async def get(self, path: str) -> Note:
        note = self._notes.get(path)
        if note is None:
            note = await self._client.note(path)
            self._store(note)
        else:
            self._notes.move_to_end(path)
        return note

    async def changed(self, change: Change) -> None:
        """A note it holds changed: read it again now, so the next answer needs no fetch."""
        if change.path not in self._notes:
            return
        del self._notes[change.path]
        if change.kind == "deleted":
            return
        try:
            self._store(await self._client.note(change.path))
        except MemoireNotFoundError, MemoireConnectionError:
            return

    def _store(self, note: Note) -> None:
        self._notes[note.path] = note
        self._notes.move_to_end(note.path)
        while len(self._notes) > self._size:
            self._notes.popitem(last=False)


@dataclass(slots=True)
class MemoireRuntime:
    client: MemoireClient
    coordinator: MemoireCoordinator
    notes: NoteCache
    feed: ChangeFeed | None = None

    @property
    def available(self) -> bool:
        return self.coordinator.last_update_success and self.coordinator.data is not None

    @property
    def snapshot(self) -> MemoireSnapshot:
        return self.coordinator.data

    async def search(self, query: str, limit: int) -> SearchResult:
        return await self.client.search(query, limit)


type MemoireConfigEntry = ConfigEntry[MemoireRuntime]
