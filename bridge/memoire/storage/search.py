"""Full-text search: SQLite FTS5, derived from Git and rebuildable from it at any time.

The index lives outside the memory tree and remembers the commit it reflects; whoever
finds it behind the branch brings it up to date from the diff between the two commits.
Case and accents are folded by the tokenizer, for notes and queries alike, so
"preferences" finds "préférences"; word forms meet through their stems in each configured
language (`search_stems.py`), kept in a fourth column, so "poubelles" finds "poubelle"
and "bikes" finds "bike". That column weighs least and a note's exact words also hold
their own stems, so the note with the word as written ranks before the one with another
form of it. Titles weigh most: a note whose title is the query (a person's name) comes
before notes that only mention it. Three promises shape this:

- What a client without the sensitive right receives depends only on the notes it may
  see. bm25 scores from the statistics of the table queried (how many notes, how long,
  how many hold a word), so such clients query a table holding only the visible notes:
  a hidden note moves no score, count or order they see.
- Nothing is folded at search time. Each note's text is stored folded when indexed, so a
  hit's matching lines are found by a regular expression run in C over that folded text,
  whose lines are the file's lines; the lines given back are cut from the text itself.
- A search never delays a write. Updates go through one writer connection, searches
  through pooled read connections of a WAL database (readers and the writer never wait
  for each other); each search reads one consistent snapshot, under a time budget.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InvalidArgument
from ..wire import fold
from .nofollow import check_sqlite_files
from .search_query import SearchQuery, folded_words, parse_query, words_of
from .search_stems import DEFAULT_LANGUAGES, Stemmer
from .sqlite_wal import connect_wal

logger = logging.getLogger(__name__)

__all__ = ["IndexPosition", "IndexedNote", "MatchingLine", "SearchHit", "SearchIndex", "fold"]

MAX_LINES_PER_HIT = 5
MAX_LINE_CHARS = 400
# Far above what memoire writes (20,000 characters): only a note committed by hand gets
# here, and past this its text is not searched rather than slowing every write's refresh.
MAX_INDEXED_CHARS = 1_000_000
SEARCH_SECONDS = 1.0
_PROGRESS_STEPS = 1_000  # SQLite instructions between two looks at the clock
# title, description, text, stems: what one occurrence in each is worth
BM25_WEIGHTS = "10.0, 4.0, 1.0, 0.5"
_CANDIDATES = 50  # ranked by bm25, then with the title's share: enough to hold the best
_TOO_BROAD = (
    "The search matched too much to rank within {seconds:g} s. "
    "Use fewer words, or longer and rarer ones (a name, an unusual word)."
)

SCHEMA_VERSION = "4"
_DAMAGED = {sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT}
_WHAT_TO_DO = "Move it away: memoire makes the search index again from Git."
_FTS = (
    "title, description, text, stems, content = 'notes', content_rowid = 'doc',"
    " tokenize = 'unicode61 remove_diacritics 2'"
)
_TABLES = {
    "meta": "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
    "notes": (
        "CREATE TABLE notes (doc INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE,"
        " sensitive INTEGER NOT NULL, title TEXT NOT NULL, title_words TEXT NOT NULL,"
        " description TEXT NOT NULL, text TEXT NOT NULL, folded TEXT NOT NULL,"
        " stems TEXT NOT NULL)"
    ),
    "visible_notes": f"CREATE VIRTUAL TABLE visible_notes USING fts5({_FTS})",
    "all_notes": f"CREATE VIRTUAL TABLE all_notes USING fts5({_FTS})",
}
_OLDER_TABLES = ("docs",)  # schema 2


@dataclass(frozen=True, slots=True)
class IndexedNote:
    path: str
    title: str
    description: str
    sensitive: bool
    text: str


@dataclass(frozen=True, slots=True)
class IndexPosition:
    """Where the index stands: each note as it is at `commit`, or, after a catch-up cut
    short (batch by batch, `Catalog.catch_up_search`), as it is at one of `toward`, the
    commits it was being brought to. Bringing it to a commit re-indexes the paths changed
    since `commit` and since each of `toward`'s: whichever version a note was left at,
    it is indexed again, even one changed back since."""

    commit: str | None
    toward: tuple[str, ...] = ()


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


def _open_writer(database: Path) -> sqlite3.Connection:
    """The writer connection, on a regular file only (SQLite would write through a link).

    The index is derived from Git: a damaged one is removed and made again, not a bridge
    that cannot start.
    """
    files = check_sqlite_files(database, _WHAT_TO_DO)
    try:
        return connect_wal(database)
    except sqlite3.DatabaseError as error:
        if error.sqlite_errorcode not in _DAMAGED:
            raise
        logger.warning("the search index %s is damaged (%s): making it again", database, error)
    for file in files:
        file.unlink(missing_ok=True)
    return connect_wal(database)


class SearchIndex:
    """The index of one memory: one writer connection for updates, pooled ones for searches."""

    def __init__(
        self,
        database: Path,
        *,
        languages: tuple[str, ...] = DEFAULT_LANGUAGES,
        budget_seconds: float = SEARCH_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`languages`: whose word forms meet (InvalidArgument for one without a stemmer);
        `budget_seconds` bounds each search, measured with `clock`."""
        self._stemmer = Stemmer(languages)
        database.parent.mkdir(parents=True, exist_ok=True)
        self._database = database
        self._budget_seconds = budget_seconds
        self._clock = clock
        self._writer = _open_writer(database)
        self._write_lock = threading.Lock()
        self._idle_readers: list[sqlite3.Connection] = []
        self._pool_lock = threading.Lock()
        self._closed = False
        with self._writing() as db:
            _ensure_schema(db, self._stemmer.signature)

    def indexed_commit(self) -> str | None:
        """The commit the index reflects in full; None when it reflects none (new, or a
        catch-up cut short)."""
        position = self.position()
        return None if position.toward else position.commit

    def position(self) -> IndexPosition:
        with self._reading() as db:
            return _position(db)

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
        reached = IndexPosition(commit)
        return self.write(IndexPosition(seen_commit), notes, removed, reached, rebuild=rebuild)

    def write(
        self,
        seen: IndexPosition,
        notes: Iterable[IndexedNote],
        removed: Iterable[str],
        reached: IndexPosition,
        *,
        rebuild: bool = False,
    ) -> bool:
        """One transaction from `seen` to `reached` (emptied first with `rebuild`); False,
        and nothing written, if the index no longer stands at `seen` (another process)."""
        with self._writing() as db:
            if _position(db) != seen:
                return False
            if rebuild:
                _remove_everything(db)
            for path in removed:
                _remove(db, path)
            for note in notes:
                _remove(db, note.path)
                _add(db, note, self._stemmer)
            _record_position(db, reached)
        return True

    def search(self, query: str, limit: int, *, include_sensitive: bool) -> list[SearchHit]:
        """Best notes first: every word must match; if no note has them all, any word may.

        InvalidArgument for a query past the limits of `search_query`, or one that matches
        too much to rank within the time budget; either message says what to do instead.
        """
        words = parse_query(query, self._stemmer)
        if not words.words:
            return []
        table = "all_notes" if include_sensitive else "visible_notes"
        with self._reading() as db, self._budget(db):
            candidates = max(limit, _CANDIDATES)
            best = _best(db, table, words.all_words(), candidates)
            if not best and len(words.words) > 1:
                best = _best(db, table, words.any_word(), candidates)
            ranked = sorted(
                (_score(words, rank, title_words, self._stemmer), path, title, doc)
                for doc, path, title, title_words, rank in best
            )[:limit]
            return [
                SearchHit(path=path, title=title, score=-score, lines=_lines(db, doc, words))
                for score, path, title, doc in ranked
            ]

    def close(self) -> None:
        with self._write_lock:
            self._writer.close()
        with self._pool_lock:
            self._closed = True
            idle, self._idle_readers = self._idle_readers, []
        for reader in idle:
            reader.close()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction at a time in this process; BEGIN IMMEDIATE for the others."""
        with self._write_lock:
            self._writer.execute("BEGIN IMMEDIATE")
            try:
                yield self._writer
            except BaseException:
                self._writer.execute("ROLLBACK")
                raise
            self._writer.execute("COMMIT")

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A pooled read connection inside one read transaction: one snapshot throughout."""
        reader = self._take_reader()
        try:
            reader.execute("BEGIN")
            try:
                yield reader
            finally:
                reader.execute("ROLLBACK")
        finally:
            self._give_back(reader)

    def _take_reader(self) -> sqlite3.Connection:
        with self._pool_lock:
            if self._idle_readers:
                return self._idle_readers.pop()
        reader = sqlite3.connect(self._database, check_same_thread=False, isolation_level=None)
        reader.execute("PRAGMA query_only = 1")
        return reader

    def _give_back(self, reader: sqlite3.Connection) -> None:
        with self._pool_lock:
            if not self._closed:
                self._idle_readers.append(reader)
                return
        reader.close()

    @contextmanager
    def _budget(self, db: sqlite3.Connection) -> Iterator[None]:
        """Abort the statements run inside once the budget is spent, with a clear refusal."""
        deadline = self._clock() + self._budget_seconds
        db.set_progress_handler(lambda: self._clock() > deadline, _PROGRESS_STEPS)
        try:
            yield
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode != sqlite3.SQLITE_INTERRUPT:
                raise
            raise InvalidArgument(_TOO_BROAD.format(seconds=self._budget_seconds)) from None
        finally:
            db.set_progress_handler(None, 0)


def _ensure_schema(db: sqlite3.Connection, stemming: str) -> None:
    """Create the tables, or drop and recreate them all if they are of another schema or
    hold other stems; with no commit recorded, the next refresh indexes every note again."""
    tables = {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master")}
    if (
        "meta" in tables
        and _meta(db, "schema") == SCHEMA_VERSION
        and _meta(db, "stemming") == stemming
    ):
        return
    for table in (*_TABLES, *_OLDER_TABLES):
        db.execute(f"DROP TABLE IF EXISTS {table}")
    for statement in _TABLES.values():
        db.execute(statement)
    db.executemany(
        "INSERT INTO meta (key, value) VALUES (?, ?)",
        [("schema", SCHEMA_VERSION), ("stemming", stemming)],
    )


def _meta(db: sqlite3.Connection, key: str) -> str | None:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None or row[0] is None else str(row[0])


def _position(db: sqlite3.Connection) -> IndexPosition:
    toward = _meta(db, "toward")
    return IndexPosition(_meta(db, "commit"), tuple(toward.split()) if toward else ())


def _record_position(db: sqlite3.Connection, position: IndexPosition) -> None:
    for key, value in (("commit", position.commit), ("toward", " ".join(position.toward))):
        if value:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
        else:
            db.execute("DELETE FROM meta WHERE key = ?", (key,))


def _remove_everything(db: sqlite3.Connection) -> None:
    for table in ("visible_notes", "all_notes"):
        db.execute(f"INSERT INTO {table} ({table}) VALUES ('delete-all')")
    db.execute("DELETE FROM notes")


def _remove(db: sqlite3.Connection, path: str) -> None:
    """Take a note out of the tables that index it, with the values it was indexed with."""
    row = db.execute(
        "SELECT doc, sensitive, title, description, text, stems FROM notes WHERE path = ?",
        (path,),
    ).fetchone()
    if row is None:
        return
    doc, sensitive, *values = row
    for table in ("all_notes",) if sensitive else ("all_notes", "visible_notes"):
        db.execute(
            f"INSERT INTO {table} ({table}, rowid, title, description, text, stems)"
            " VALUES ('delete', ?, ?, ?, ?, ?)",
            (doc, *values),
        )
    db.execute("DELETE FROM notes WHERE doc = ?", (doc,))


def _add(db: sqlite3.Connection, note: IndexedNote, stemmer: Stemmer) -> None:
    text = note.text[:MAX_INDEXED_CHARS]
    folded = fold(text)
    title_words = words_of(note.title)
    words = [*title_words, *words_of(note.description), *folded_words(folded)]
    values = (note.title, note.description, text, stemmer.text_stems(words))
    doc = db.execute(
        "INSERT INTO notes (path, sensitive, title_words, title, description, text, stems,"
        " folded) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (note.path, note.sensitive, " ".join(title_words), *values, folded),
    ).lastrowid
    for table in ("all_notes",) if note.sensitive else ("all_notes", "visible_notes"):
        db.execute(
            f"INSERT INTO {table} (rowid, title, description, text, stems) VALUES (?, ?, ?, ?, ?)",
            (doc, *values),
        )


def _best(
    db: sqlite3.Connection, table: str, expression: str, candidates: int
) -> list[tuple[int, str, str, str, float]]:
    """The `candidates` notes of `table` that bm25 ranks best, ranked before anything is read."""
    return db.execute(
        f"""
        WITH best AS (
            SELECT rowid AS doc, bm25({table}, {BM25_WEIGHTS}) AS rank FROM {table}
            WHERE {table} MATCH ? ORDER BY rank LIMIT ?
        )
        SELECT notes.doc, notes.path, notes.title, notes.title_words, best.rank
        FROM best JOIN notes ON notes.doc = best.doc
        """,
        (expression, candidates),
    ).fetchall()


def _score(words: SearchQuery, rank: float, title_words: str, stemmer: Stemmer) -> float:
    """bm25's rank, up to twice as good when the title is made of the query's words.

    bm25 saturates: a note naming a person on every line scores like the person's own
    note, whose title is the name. The share of the title the query covers tells them apart.
    """
    return rank * (1.0 + words.share_of(title_words.split(), stemmer.stems))


def _lines(db: sqlite3.Connection, doc: int, words: SearchQuery) -> tuple[MatchingLine, ...]:
    """The note's first lines holding any of the words, numbered and whole as in the file.

    The words are looked for in the text folded at indexing time; folding keeps every line
    break where it was, so a line number there is a line number in the file.
    """
    text, folded = db.execute("SELECT text, folded FROM notes WHERE doc = ?", (doc,)).fetchone()
    numbers = words.line_numbers(folded, MAX_LINES_PER_HIT)
    lines = text.split("\n", numbers[-1]) if numbers else []
    return tuple(
        MatchingLine(number, _excerpt(lines[number - 1].removesuffix("\r"))) for number in numbers
    )


def _excerpt(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "…"
