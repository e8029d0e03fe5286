"""Notes read recently, kept fresh by the events stream, bounded in size."""

from __future__ import annotations

from collections import OrderedDict

from .api import MemoireClient, MemoireConnectionError, MemoireNotFoundError
from .const import NOTE_CACHE_SIZE
from .models import Change, Note
from .wire import ChangeKind


class NoteCache:
    """A note read once answers the next question without a request, until it changes."""

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
        if change.kind is ChangeKind.DELETED:
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
