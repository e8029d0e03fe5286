"""The catalog: the notes as the store holds them, each parsed once, and what derives from them.

Parsing a note costs far more than reading it, so parsed notes are kept by blob id (a
blob never changes). The index's one line per note and the full-text search index are
brought from the last commit they reflected to the branch's commit by looking only at
the paths that changed, whoever made the commits in between.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core.layout import Layout
from .core.note import ParsedNote, parse_note
from .core.paths import is_note_path
from .results import NoteSummary
from .storage.search import IndexedNote, SearchIndex
from .storage.store import GitStore, Snapshot

VERSION_CHARS = 10
_PARSED_CACHE_LIMIT = 50_000


@dataclass(frozen=True, slots=True)
class LoadedNote:
    """A note at one commit, with the text needed to splice a change into it."""

    path: str
    blob: str
    text: str
    parsed: ParsedNote

    @property
    def version(self) -> str:
        return self.blob[:VERSION_CHARS]

    @property
    def header_text(self) -> str:
        return self.text[: len(self.text) - len(self.parsed.body)]


class Catalog:
    def __init__(self, store: GitStore, layout: Layout, search: SearchIndex) -> None:
        self._store = store
        self._layout = layout
        self._search = search
        self._parsed: dict[str, tuple[str, ParsedNote]] = {}
        self._summaries: tuple[str | None, dict[str, NoteSummary] | None] = (None, None)

    def load(self, snapshot: Snapshot, path: str) -> LoadedNote:
        return self.loaded(path, snapshot.files[path])

    def loaded(self, path: str, blob: str) -> LoadedNote:
        cached = self._parsed.get(blob)
        if cached is None:
            text = self._store.read_blob(blob).decode("utf-8", errors="replace")
            fallback = path.rsplit("/", 1)[-1].removesuffix(".md")
            cached = (text, parse_note(text, self._layout, fallback))
            if len(self._parsed) >= _PARSED_CACHE_LIMIT:
                self._parsed.clear()
            self._parsed[blob] = cached
        return LoadedNote(path=path, blob=blob, text=cached[0], parsed=cached[1])

    def summaries(self, snapshot: Snapshot) -> dict[str, NoteSummary]:
        """One line per note, patched from the last commit's lines where only a few changed."""
        commit, previous = self._summaries
        if commit == snapshot.commit and previous is not None:
            return previous
        changed = self._store.changed_paths(commit, snapshot.commit) if previous else None
        summaries = dict(previous) if previous is not None and changed is not None else {}
        paths = snapshot.files.keys() if changed is None else changed
        always_shown = set(self._layout.always_shown)
        for path in paths:
            summaries.pop(path, None)
            if path in snapshot.files and path not in always_shown and self._is_note(path):
                header = self.load(snapshot, path).parsed.header
                summaries[path] = NoteSummary(
                    path, header.title, header.description, header.updated, header.sensitive
                )
        self._summaries = (snapshot.commit, summaries)
        return summaries

    def refresh_search(self) -> str | None:
        """Bring the search index to the branch's commit; the commit it now reflects."""
        snapshot = self._store.snapshot()
        seen = self._search.indexed_commit()
        if seen == snapshot.commit:
            return seen
        changed = self._store.changed_paths(seen, snapshot.commit) if seen else None
        paths = set(snapshot.files) if changed is None else changed
        notes = [
            self._indexed(snapshot, path)
            for path in sorted(paths)
            if path in snapshot.files and self._is_note(path)
        ]
        removed = [path for path in paths if path not in snapshot.files]
        self._search.update(seen, snapshot.commit, notes, removed, rebuild=changed is None)
        return snapshot.commit

    def _indexed(self, snapshot: Snapshot, path: str) -> IndexedNote:
        note = self.load(snapshot, path)
        header = note.parsed.header
        return IndexedNote(path, header.title, header.description, header.sensitive, note.text)

    def _is_note(self, path: str) -> bool:
        return is_note_path(path, self._layout)
