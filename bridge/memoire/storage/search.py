"""Full-text search: SQLite FTS5, derived from Git and rebuildable from it at any time.

The index lives outside the memory tree and remembers the commit it reflects; whoever
finds it behind the branch brings it up to date from the diff between the two commits.
Case and accents are folded both by the tokenizer and by the line matcher, so
"preferences" finds "préférences". Sensitive notes are filtered in the query itself,
before anything leaves the database.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

MAX_LINES_PER_HIT = 5
MAX_LINE_CHARS = 400
_WORD = re.compile(r"\w+")

SCHEMA_VERSION = "2"
_SCHEMA = """
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS notes (path TEXT PRIMARY KEY, doc INTEGER NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS docs USING fts5(
    title, description, text, path UNINDEXED, sensitive UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2'
);
"""
_DROP = "DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS notes; DROP TABLE IF EXISTS docs;"


@dataclass(frozen=True, slots=True)
class IndexedNote:
    path: str
    title: str
    description: str
    sensitive: bool
    text: str


@dataclass(frozen=True)
class MatchingLine:
    number: int
    text: str


@dataclass(frozen=True)
class SearchHit:
    path: str
    title: str
    score: float
    lines: tuple[MatchingLine, ...]


def fold(text: str) -> str:
    """Lower case without accents: what the tokenizer does, for matching lines in Python."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


class SearchIndex:
    def __init__(self, database: Path) -> None:
        database.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(database, check_same_thread=False, isolation_level=None)
        self._db.executescript(_SCHEMA)
        if self._meta("schema") != SCHEMA_VERSION:
            self._db.executescript(_DROP + _SCHEMA)
            self._db.execute(
                "INSERT INTO meta (key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,)
            )
        self._mutex = threading.Lock()

    def indexed_commit(self) -> str | None:
        with self._mutex:
            return self._indexed_commit()

    def _indexed_commit(self) -> str | None:
        return self._meta("commit")

    def _meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def update(
        self,
        seen_commit: str | None,
        commit: str | None,
        notes: Iterable[IndexedNote],
        removed: Iterable[str],
        *,
        rebuild: bool = False,
    ) -> bool:
        """Move the index from `seen_commit` to `commit`; False if another process did it first."""
        with self._mutex:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if self._indexed_commit() != seen_commit:
                    self._db.execute("ROLLBACK")
                    return False
                if rebuild:
                    self._db.execute("DELETE FROM notes")
                    self._db.execute("DELETE FROM docs")
                for path in removed:
                    self._remove(path)
                for note in notes:
                    self._remove(note.path)
                    self._add(note)
                self._db.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('commit', ?)", (commit,)
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return True

    def _remove(self, path: str) -> None:
        row = self._db.execute("SELECT doc FROM notes WHERE path = ?", (path,)).fetchone()
        if row is not None:
            self._db.execute("DELETE FROM docs WHERE rowid = ?", (row[0],))
            self._db.execute("DELETE FROM notes WHERE path = ?", (path,))

    def _add(self, note: IndexedNote) -> None:
        cursor = self._db.execute(
            "INSERT INTO docs (title, description, text, path, sensitive) VALUES (?, ?, ?, ?, ?)",
            (note.title, note.description, note.text, note.path, int(note.sensitive)),
        )
        self._db.execute(
            "INSERT INTO notes (path, doc) VALUES (?, ?)", (note.path, cursor.lastrowid)
        )

    def search(self, query: str, limit: int, *, include_sensitive: bool) -> list[SearchHit]:
        """Best notes first: every word must match; if no note has them all, any word may."""
        words = [fold(word) for word in _WORD.findall(query)]
        if not words:
            return []
        with self._mutex:
            rows = self._matching(" AND ".join(map(_term, words)), limit, include_sensitive)
            if not rows and len(words) > 1:
                rows = self._matching(" OR ".join(map(_term, words)), limit, include_sensitive)
        return [
            SearchHit(path=path, title=title, score=-rank, lines=_matching_lines(text, words))
            for path, title, rank, text in rows
        ]

    def _matching(
        self, expression: str, limit: int, include_sensitive: bool
    ) -> list[tuple[str, str, float, str]]:
        """The best `limit` notes, ranked before any text is read; hidden notes never match."""
        return self._db.execute(
            """
            WITH best AS (
                SELECT rowid, bm25(docs, 5.0, 2.0, 1.0) AS rank FROM docs
                WHERE docs MATCH ? AND (sensitive = 0 OR ?)
                ORDER BY rank LIMIT ?
            )
            SELECT docs.path, docs.title, best.rank, docs.text
            FROM best JOIN docs ON docs.rowid = best.rowid
            ORDER BY best.rank, docs.path
            """,
            (expression, include_sensitive, limit),
        ).fetchall()

    def close(self) -> None:
        with self._mutex:
            self._db.close()


def _term(word: str) -> str:
    """A quoted FTS5 string; longer words also match as a prefix ("prefer" → "preferences")."""
    return f'"{word}"*' if len(word) >= 3 else f'"{word}"'


def _matching_lines(text: str, words: list[str]) -> tuple[MatchingLine, ...]:
    found: list[MatchingLine] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line_words = _WORD.findall(fold(line))
        if any(token.startswith(word) for word in words for token in line_words):
            excerpt = line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "…"
            found.append(MatchingLine(number=number, text=excerpt))
            if len(found) == MAX_LINES_PER_HIT:
                break
    return tuple(found)
