"""`memoire check`: every note at the branch's commit, held to the rules writes obey."""

from __future__ import annotations

from dataclasses import dataclass

from .bootstrap import KEEP_FILE
from .config import Config
from .core import secrets
from .core.note import parse_note
from .core.paths import is_note_path
from .storage.store import GitStore


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    message: str


def check_memory(config: Config) -> list[Problem]:
    layout = config.memory.layout
    store = GitStore(config.memory.repository, config.memory.subdir, config.memory.branch)
    snapshot = store.snapshot()
    problems: list[Problem] = []
    for path, blob in sorted(snapshot.files.items()):
        if path == layout.readme or path.endswith(f"/{KEEP_FILE}"):
            continue
        if not is_note_path(path, layout):
            problems.append(Problem(path, "not an allowed note path; memoire will not show it"))
            continue
        text = store.read_blob(blob).decode("utf-8", errors="replace")
        note = parse_note(text, layout, path)
        problems += [Problem(path, message) for message in note.problems]
        if len(text) > config.limits.note_chars:
            limit = config.limits.note_chars
            problems.append(Problem(path, f"{len(text)} characters, over the {limit} limit"))
        finding = secrets.find_secret(text)
        if finding is not None:
            line = text.count("\n", 0, finding.start) + 1
            problems.append(Problem(path, f"line {line} looks like a secret ({finding.rule})"))
    return problems
