"""`memoire check`: every note at the branch's commit, held to the rules writes obey."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pygit2

from .bootstrap import KEEP_FILE
from .catalog import largest_readable_blob, load_note, unread_reason
from .config import Config, MemoryLocation
from .core.errors import NoteLocked
from .core.layout import Layout
from .core.paths import is_note_path
from .storage.encryption import is_sealed
from .storage.filter import attribute_lines, declared_attributes, expected_config
from .storage.note_cipher import NoteCipher, install
from .storage.opening import open_repository
from .storage.signing import ALLOWED_SIGNERS_PATH
from .storage.store import GitStore


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    message: str


def check_memory(config: Config) -> list[Problem]:
    layout = config.memory.layout
    limit = config.limits.note_chars
    memory = config.memory
    with contextlib.suppress(OSError, pygit2.GitError):  # what did not install is reported
        install(memory.repository, memory.subdir, layout, memory.key_file)
    store = GitStore(memory.repository, memory.subdir, memory.branch)
    snapshot = store.snapshot()
    repo = open_repository(memory.repository)
    problems = filter_problems(repo, config.memory)
    not_files = store.not_files()
    problems += [
        Problem(
            path,
            f"{kind} stands where a note should be: memoire neither shows it nor writes "
            "there. Replace it with a regular file (git rm it, then commit).",
        )
        for path, kind in sorted(not_files.items())
        if path == layout.readme or is_note_path(path, layout)
    ]
    problems += _folders_in_note_folders(not_files, layout)
    for path, blob in sorted(snapshot.files.items()):
        if path.endswith(f"/{KEEP_FILE}") or path == ALLOWED_SIGNERS_PATH:
            continue
        if path != layout.readme and not is_note_path(path, layout):
            problems.append(Problem(path, "not an allowed note path; memoire will not show it"))
            continue
        size = store.blob_size(blob)
        if size > largest_readable_blob(limit):  # never read: its size says enough
            problems.append(Problem(path, unread_reason(path, size, limit)))
            continue
        found, problem = _stored_text(repo, store.cipher, path, blob)
        problems += [problem] if problem is not None else []
        if found is None:
            continue
        note = load_note(found, path, blob, layout, limit)
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
        problems += [
            Problem(path, reason)
            for reason in (note.withheld, note.unchangeable)
            if reason is not None
        ]
        if note.secret_found is not None:
            problems.append(
                Problem(
                    path,
                    f"{note.secret_found}; it is withheld from clients without the sensitive right",
                )
            )
    return problems


def _folders_in_note_folders(not_files: Mapping[str, str], layout: Layout) -> list[Problem]:
    """Folders one level down in a note folder: memoire never looks inside them (a tree
    ten folders deep costs nothing), and says so, since what is there is not shown."""
    found = []
    for path, kind in sorted(not_files.items()):
        top, _, name = path.partition("/")
        if kind == "a folder" and name and top in layout.folders and not is_note_path(path, layout):
            found.append(
                Problem(
                    path,
                    f"a folder inside a note folder: memoire reads notes only at {top}/<slug>.md, "
                    "so nothing under it is shown or written. Move its notes up (git mv), then "
                    "commit.",
                )
            )
    return found


FILTER_FIX = "memoire could not install it here: check that .git/config and .git/info are writable"


def filter_problems(repo: pygit2.Repository, memory: MemoryLocation) -> list[Problem]:
    """The Git filter that encrypts a person's own commits of sensitive notes: is it set?"""
    config = repo.config
    wanted = expected_config(memory.key_file, memory.layout, memory.subdir)
    wrong = sorted(
        name for name, value in wanted.items() if name not in config or config[name] != value
    )
    problems = []
    if wrong:
        problems.append(
            Problem(
                ".git/config",
                f"the encryption filter is not installed as expected ({', '.join(wrong)}): a "
                f"person's `git commit` of a sensitive note would store it in clear; {FILTER_FIX}",
            )
        )
    if declared_attributes(Path(repo.path)) != attribute_lines(memory.subdir):
        problems.append(
            Problem(
                ".git/info/attributes",
                f"the memory's notes are not declared for the encryption filter; {FILTER_FIX}",
            )
        )
    return problems


def _stored_text(
    repo: pygit2.Repository, cipher: NoteCipher, path: str, blob: str
) -> tuple[bytes | None, Problem | None]:
    """A note's text (None when it cannot be had), and what is wrong with how it is stored:
    a sensitive note in clear in the branch's commit, or an envelope that cannot be opened
    (damaged, or a key this machine lacks)."""
    stored = repo[blob].read_raw()
    if is_sealed(stored):
        try:
            return cipher.readable(stored, path), None
        except NoteLocked as locked:
            return None, Problem(path, locked.message)
    if not cipher.sealer.is_sensitive(path, stored):
        return stored, None
    return stored, Problem(
        path,
        "a sensitive note stored in clear in the branch's commit: commit it again with the "
        f"filter installed (`git add --renormalize {path}`, then `git commit`) or run "
        "`memoire key rotate`; then purge the earlier commits (README: Encrypted sensitive "
        "notes)",
    )
