"""`memoire check`: every note at the branch's commit, held to the rules writes obey."""

from __future__ import annotations

from dataclasses import dataclass

from .bootstrap import KEEP_FILE
from .catalog import load_note
from .config import Config
from .core.paths import is_note_path
from .storage.signing import ALLOWED_SIGNERS_PATH
from .storage.store import GitStore


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    message: str


def check_memory(config: Config) -> list[Problem]:
    layout = config.memory.layout
    limit = config.limits.note_chars
    store = GitStore(config.memory.repository, config.memory.subdir, config.memory.branch)
    snapshot = store.snapshot()
    problems = [
        Problem(
            path,
            f"{kind} stands where a note should be: memoire neither shows it nor writes "
            "there. Replace it with a regular file (git rm it, then commit).",
        )
        for path, kind in sorted(store.not_files().items())
        if path == layout.readme or is_note_path(path, layout)
    ]
    for path, blob in sorted(snapshot.files.items()):
        if path.endswith(f"/{KEEP_FILE}") or path == ALLOWED_SIGNERS_PATH:
            continue
        if path != layout.readme and not is_note_path(path, layout):
            problems.append(Problem(path, "not an allowed note path; memoire will not show it"))
            continue
        note = load_note(store.read_blob(blob), path, blob, layout, limit)
        if path == layout.readme:
            broken = len(note.parsed.problems) > len(note.parsed.missing_fields)
            if note.labelled_hidden and broken:
                reason = "; ".join(note.parsed.problems)
                problems.append(Problem(path, f"its header cannot be trusted ({reason})"))
        else:
            problems += [Problem(path, message) for message in note.parsed.problems]
        if note.too_large:
            problems.append(
                Problem(path, f"over the {limit}-character limit: split it by hand into notes")
            )
        if note.secret_found is not None:
            problems.append(
                Problem(
                    path,
                    f"{note.secret_found}; it is withheld from clients without the sensitive right",
                )
            )
    return problems
