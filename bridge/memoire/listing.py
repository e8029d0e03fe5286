"""Which note lines an index answer holds: every one while they fit, else a bounded choice.

An assistant reads the index at the start of every conversation, so the answer must fit
its context at any size of memory. Its note lines get a budget of characters, counted as
the client receives them (the text line and the structured entry): while every note fits,
the answer lists them all, as a small memory always did; past that, the default answer
holds the notes that need a person's attention and the most recently updated ones, the
folder counts say what else there is, and pages in path order (optionally one folder or
an `updated` date range) reach every note exactly once through a cursor.

A cursor is the last path a page listed: paths are unique and ordered, so a note added
or removed between pages never shifts the others.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from .core.errors import InvalidArgument
from .core.layout import Layout
from .results import FolderSummary, IndexQuery, NoteSummary

LISTING_BUDGET_CHARS = 20_000
"""About 5,000 tokens of note lines; profile, preferences, the project note and the folder
counts fit in the rest of an 8,000-token answer."""
RECENT_NOTES = 10
ATTENTION_NOTES = 10
"""Entries, more than characters, are what a client pays for: it checks each one against
the tool's output schema (0.1 to 0.3 ms an entry over stdio here)."""
CURSOR_PREFIX = "after:"
START_CURSOR = CURSOR_PREFIX
_ENTRY_OVERHEAD_CHARS = 160  # JSON keys and punctuation, the text line's marks and date


def entry_chars(summary: NoteSummary) -> int:
    """What one note line costs in an answer: its text line plus its structured entry."""
    shown = summary.description or summary.title
    attention = len(summary.attention or "")
    return (
        _ENTRY_OVERHEAD_CHARS
        + 2 * (len(summary.path) + attention)
        + len(shown)
        + len(summary.title)
        + len(summary.description)
    )


@dataclass(frozen=True, slots=True)
class Listing:
    """Every note one kind of caller may see, in path order, and what each answer needs."""

    notes: tuple[NoteSummary, ...]
    paths: tuple[str, ...]
    folders: tuple[FolderSummary, ...]
    default: tuple[NoteSummary, ...]
    complete: bool


def build_listing(notes: Iterable[NoteSummary]) -> Listing:
    ordered = tuple(sorted(notes, key=lambda note: note.path))
    default, complete = _default_choice(ordered, LISTING_BUDGET_CHARS)
    return Listing(
        notes=ordered,
        paths=tuple(note.path for note in ordered),
        folders=_folders(ordered),
        default=default,
        complete=complete,
    )


def _default_choice(
    notes: tuple[NoteSummary, ...], budget: int
) -> tuple[tuple[NoteSummary, ...], bool]:
    """All notes if they fit; else those needing attention (up to half the budget), then
    the most recently updated."""
    if _fits(notes, budget):
        return notes, True
    chosen: dict[str, NoteSummary] = {}
    spent = 0
    for note in (note for note in notes if note.attention):
        cost = entry_chars(note)
        if len(chosen) >= ATTENTION_NOTES or spent + cost > budget // 2:
            break
        chosen[note.path], spent = note, spent + cost
    recent = 0
    for note in sorted(notes, key=lambda note: note.updated, reverse=True):
        cost = entry_chars(note)
        if recent >= RECENT_NOTES or spent + cost > budget:
            break
        if note.path not in chosen:
            chosen[note.path], spent, recent = note, spent + cost, recent + 1
    return tuple(chosen.values()), False


def _fits(notes: tuple[NoteSummary, ...], budget: int) -> bool:
    """Whether every line fits, stopping at the first one that does not."""
    spent = 0
    for note in notes:
        spent += entry_chars(note)
        if spent > budget:
            return False
    return True


def _folders(notes: tuple[NoteSummary, ...]) -> tuple[FolderSummary, ...]:
    counts: dict[str, int] = {}
    newest: dict[str, str] = {}
    for note in notes:
        folder = note.path.split("/", 1)[0]
        counts[folder] = counts.get(folder, 0) + 1
        newest[folder] = max(newest.get(folder, ""), note.updated)
    return tuple(FolderSummary(folder, counts[folder], newest[folder]) for folder in counts)


def page(listing: Listing, query: IndexQuery) -> tuple[tuple[NoteSummary, ...], str | None]:
    """The notes after the query's cursor that match it, in path order, up to the budget
    (at least one, so paging always moves on); and the cursor of the next page, if any."""
    after = (query.cursor or START_CURSOR).removeprefix(CURSOR_PREFIX)
    start = bisect.bisect_right(listing.paths, after)
    prefix = f"{query.folder}/" if query.folder else ""
    if prefix:
        start = max(start, bisect.bisect_left(listing.paths, prefix))
    picked: list[NoteSummary] = []
    spent = 0
    for note in listing.notes[start:]:
        if not note.path.startswith(prefix):
            break
        if not _in_range(note.updated, query.since, query.until):
            continue
        cost = entry_chars(note)
        if picked and spent + cost > LISTING_BUDGET_CHARS:
            return tuple(picked), CURSOR_PREFIX + picked[-1].path
        picked.append(note)
        spent += cost
    return tuple(picked), None


def _in_range(updated: str, since: str | None, until: str | None) -> bool:
    if since is None and until is None:
        return True
    return bool(updated) and (since or "") <= updated <= (until or "9999-12-31")


def checked_query(query: IndexQuery, layout: Layout) -> IndexQuery:
    """The query, or InvalidArgument saying what to pass instead."""
    if query.folder is not None and query.folder not in layout.folders:
        raise InvalidArgument(
            f"{query.folder!r} is not a folder of this memory; pass one of "
            f"{', '.join(layout.folders)}, or omit folder."
        )
    for name, value in (("since", query.since), ("until", query.until)):
        if value is not None and not _is_iso_date(value):
            raise InvalidArgument(f"{name} must be a date written YYYY-MM-DD, not {value!r}.")
    if query.cursor is not None and not query.cursor.startswith(CURSOR_PREFIX):
        raise InvalidArgument(
            "That cursor is not one memoire_index gave; pass the next_cursor of the last "
            "answer unchanged, or omit cursor to start again."
        )
    return query


def _is_iso_date(text: str) -> bool:
    try:
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False
