"""Readable text for every result: what a person (or model) reads beside the structured data.

Nothing is shortened here: a confirmation quotes the whole text that was written.
"""

from __future__ import annotations

from ..history import NoteHistory, RestoreResult
from ..results import (
    AppendResult,
    DeleteResult,
    EditResult,
    IndexResult,
    NoteContent,
    Overview,
    SearchResult,
    WriteResult,
)


def overview(result: Overview) -> str:
    project = result.project
    if project.scope is None:
        lines = [f"Project scope: none ({project.reason})."]
    else:
        state = "exists" if project.exists else "does not exist yet; create it with memoire_append"
        where = f"'{project.scope}' → {project.note}"
        lines = [f"Project scope: {where} ({state}; rule: {project.rule})."]
    shown = [*result.index.always_shown]
    if result.project_note is not None:
        shown.append(result.project_note)
    for note in shown:
        lines += ["", f"## {note.path} (version {note.version})", note.body.rstrip("\n")]
    lines += ["", *_listing_heading(result.index)]
    for summary in result.index.notes:
        mark = " [sensitive]" if summary.sensitive else ""
        if summary.too_large:
            mark += " [too large to read: a person must split it by hand]"
        if summary.attention:
            mark += f" [needs attention: {summary.attention}]"
        lines.append(
            f"- {summary.path} — {summary.description or summary.title} "
            f"(updated {summary.updated or '?'}){mark}"
        )
    return "\n".join(lines)


def _listing_heading(index: IndexResult) -> list[str]:
    """What the note lines below are, and how to ask for the others."""
    if index.complete and index.next_cursor is None:
        return [f"Other notes ({len(index.notes)}):"]
    folders = ", ".join(f"{folder.folder} {folder.notes}" for folder in index.folders)
    lines = [f"Other notes: {index.total} in all ({folders})."]
    if index.next_cursor is not None:
        lines.append(
            "To list more, call memoire_index again with folder, since/until (YYYY-MM-DD) "
            f"or cursor={index.next_cursor!r}."
        )
    lines.append(f"Shown here ({len(index.notes)}):")
    return lines


def note(result: NoteContent) -> str:
    header = (
        f"{result.path} — version {result.version}, updated {result.updated or '?'}, "
        f"sensitive: {'yes' if result.sensitive else 'no'}\n"
        f"title: {result.title}\ndescription: {result.description}"
    )
    problems = "".join(f"\nproblem: {problem}" for problem in result.problems)
    return f"{header}{problems}\n\n{result.body}"


def search(result: SearchResult) -> str:
    if not result.hits:
        return f"No note matches {result.query!r}."
    lines = [f"{len(result.hits)} note(s) match {result.query!r}:"]
    for hit in result.hits:
        lines.append(f"- {hit.path} — {hit.title}")
        lines += [f"  {line.number}: {line.text}" for line in hit.lines]
    return "\n".join(lines)


def appended(result: AppendResult) -> str:
    verb = "Created" if result.created else "Appended to"
    return (
        f"{verb} {result.path} (version {result.version}, commit {result.commit[:10]}). "
        f"Line written:\n{result.appended}"
    )


def edited(result: EditResult) -> str:
    return (
        f"Edited {result.path} (version {result.version}, commit {result.commit[:10]}).\n"
        f"Replaced:\n{result.old}\nWith:\n{result.new}"
    )


def written(result: WriteResult) -> str:
    verb = "Created" if result.created else "Rewrote"
    return (
        f"{verb} {result.path}: {result.size} bytes, version {result.version}, "
        f"commit {result.commit[:10]}."
    )


def deleted(result: DeleteResult) -> str:
    was = f"was version {result.deleted_version}"
    return f"Deleted {result.path} ({was}), commit {result.commit[:10]}."


def history(result: NoteHistory) -> str:
    lines = [f"History of {result.path}, newest first: {len(result.entries)} change(s)."]
    lines.append(result.window)
    for entry in result.entries:
        tool = f" ({entry.tool})" if entry.tool else ""
        version = f", version {entry.version}" if entry.version else ""
        lines += [
            "",
            f"## {entry.date} — {entry.client}{tool}: {entry.change}, commit "
            f"{entry.commit}{version}; +{entry.added} -{entry.removed} lines",
        ]
        lines.append(entry.diff.rstrip("\n") if entry.diff is not None else f"({entry.withheld})")
    return "\n".join(lines)


def restored(result: RestoreResult) -> str:
    verb = "Brought back the deleted note" if result.created else "Restored"
    return (
        f"{verb} {result.path} to its content after commit {result.restored_from[:10]} "
        f"(version {result.restored_version} then): {result.size} bytes, now version "
        f"{result.version}, commit {result.commit[:10]}."
    )
