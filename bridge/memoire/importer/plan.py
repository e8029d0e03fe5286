"""Planning an import: what each file of SOURCE becomes in the memory, or why it is skipped.

Nothing here writes. The plan is the same for a dry run and a real import, and each file
is held to the rules every write obeys (size, plain text, a trustworthy header, the secret
guard on its text and its path) before it is planned; the write path checks them again.
Names are shown with control characters escaped and any part that looks like a secret
withheld, so the report never prints one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pygit2

from ..catalog import path_secret
from ..core import secrets
from ..core.errors import InvalidNote
from ..core.layout import Layout
from ..core.note import check_body_text
from .headers import Defaults, HeaderRefused, with_header
from .placement import Placement, Placer, is_readme, stem
from .source import Unreadable, read, walk

WITHHELD_NAME = "<name withheld: it looks like a secret>"
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_SURROGATE_BYTES = range(0xDC80, 0xDD00)  # how os.listdir gives undecodable bytes


@dataclass(frozen=True, slots=True)
class Placed:
    source: str  # the file's path in SOURCE, as shown
    path: str  # its path in the memory
    text: str
    how: str  # what was done to its header, and why it was renamed if it was


@dataclass(frozen=True, slots=True)
class Skipped:
    source: str
    reason: str
    imported_before: bool = False  # the same note is already in the memory


@dataclass(frozen=True, slots=True)
class ImportPlan:
    placed: tuple[Placed, ...]
    skipped: tuple[Skipped, ...]


@dataclass(frozen=True, slots=True)
class Target:
    """The memory the files go to: its layout, its size limit and the notes it has."""

    layout: Layout
    note_chars: int
    existing: Mapping[str, str]  # memory path → blob id
    in_working_tree: Callable[[str], bool] = lambda path: False  # a file not committed there


type Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A Markdown file of SOURCE, its name as shown and the path it was given."""

    parts: tuple[str, ...]
    shown: str
    placement: Placement
    sensitive: bool


def plan_import(
    source: Path,
    target: Target,
    sensitive_folders: frozenset[tuple[str, ...]] = frozenset(),
    excluded: frozenset[tuple[int, int]] = frozenset(),
    progress: Progress = lambda done, total: None,
) -> ImportPlan:
    """Walk SOURCE, place each Markdown file and check it; `progress` hears of each file.

    Every Markdown file is given its path before any is read, so the same folder always
    maps the same way, whichever files are skipped.
    """
    placer = Placer(target.layout)
    skipped: list[Skipped] = []
    candidates: list[_Candidate] = []
    for entry in walk(source, excluded):
        shown = shown_path(entry.parts) + ("/" if entry.is_folder else "")
        if entry.problem is not None:
            skipped.append(Skipped(shown, entry.problem))
        elif is_readme(entry.parts):
            skipped.append(Skipped(shown, _README_REASON))
        elif not entry.is_folder:
            sensitive = any(_inside(entry.parts, folder) for folder in sensitive_folders)
            placement = placer.place(entry.parts, shown)
            candidates.append(_Candidate(entry.parts, shown, placement, sensitive))
    placed: list[Placed] = []
    for done, candidate in enumerate(candidates, 1):
        outcome = _planned(source, candidate, target)
        if isinstance(outcome, Placed):
            placed.append(outcome)
        else:
            skipped.append(outcome)
        progress(done, len(candidates))
    return ImportPlan(tuple(placed), tuple(sorted(skipped, key=lambda item: item.source)))


_README_REASON = (
    "the memory keeps its own README.md, which no tool changes; copy what you need from "
    "this one into a note by hand"
)


def _planned(source: Path, candidate: _Candidate, target: Target) -> Placed | Skipped:
    shown, path = candidate.shown, candidate.placement.path
    try:
        contents = read(source, candidate.parts, target.note_chars)
        text = _plain_text(contents.data)
        defaults = Defaults(
            name=stem(candidate.parts[-1]),
            updated=date.fromtimestamp(contents.modified).isoformat(),
            sensitive=candidate.sensitive,
        )
        headed = with_header(text, target.layout, defaults)
    except (Unreadable, HeaderRefused, _NotPlainText) as refusal:
        return Skipped(shown, str(refusal))
    if len(headed.text) > target.note_chars:
        return Skipped(
            shown,
            f"{len(headed.text):,} characters with its header, more than a note may hold "
            f"({target.note_chars:,}); split it into smaller notes by hand",
        )
    secret = _secret_in(text, headed.text, path)
    if secret is not None:
        return Skipped(shown, f"{secret}; the memory never keeps secrets, so it was not imported")
    return _against_memory(shown, candidate.placement, headed.text, headed.what, target)


def _against_memory(
    shown: str, placement: Placement, text: str, how: str, target: Target
) -> Placed | Skipped:
    """Placed, unless the memory already has a note there: it is never overwritten."""
    blob = target.existing.get(placement.path)
    if blob is not None:
        if blob == str(pygit2.hash(text.encode("utf-8"))):
            reason = (
                f"{placement.path} already exists in the memory (same content: imported before)"
            )
            return Skipped(shown, reason, imported_before=True)
        return Skipped(shown, f"{placement.path} already exists in the memory; not overwritten")
    if target.in_working_tree(placement.path):
        return Skipped(
            shown,
            f"{placement.path} already exists in the memory's folder, not committed; not "
            "overwritten (commit or remove it, then import again)",
        )
    if placement.renamed_because is not None:
        how += f"; renamed: {placement.renamed_because}"
    return Placed(shown, placement.path, text, how)


class _NotPlainText(Exception):
    """Bytes that are not a note's text: not UTF-8, empty, or with control characters."""


def _plain_text(data: bytes) -> str:
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise _NotPlainText("not UTF-8 text; convert it to UTF-8 first") from None
    if not text.strip():
        raise _NotPlainText("empty; nothing to import")
    try:
        check_body_text(text)
    except InvalidNote:
        raise _NotPlainText(
            "it holds control characters, so it is not plain text (a binary file?)"
        ) from None
    return text


def _secret_in(text: str, headed: str, path: str) -> str | None:
    """Where a secret is, in words that never quote it: the file's line, or its name."""
    finding = secrets.find_secret(text)
    if finding is not None:
        line = text.count("\n", 0, finding.start) + 1
        return f"line {line} looks like a secret ({finding.rule})"
    if headed != text and secrets.find_secret(headed) is not None:
        return "the title made from its name looks like a secret"
    if path_secret(path) is not None:
        return "its name looks like a secret"
    return None


def _inside(parts: tuple[str, ...], folder: tuple[str, ...]) -> bool:
    return len(parts) > len(folder) and parts[: len(folder)] == folder


def shown_path(parts: tuple[str, ...]) -> str:
    """A path of SOURCE fit to print: control characters escaped, secret-looking names
    withheld."""
    return "/".join(_shown_name(part) for part in parts)


def _shown_name(name: str) -> str:
    if any(secrets.find_secret(reading) for reading in (name, _spaced(stem(name)))):
        return WITHHELD_NAME
    return "".join(_escaped(char) for char in name)


def _spaced(name: str) -> str:
    """A file name read as words, the way the secret guard reads a note's slug."""
    return name.replace("-", " ").replace("_", " ")


def _escaped(char: str) -> str:
    code = ord(char)
    if code in _SURROGATE_BYTES:
        return f"\\x{code - 0xDC00:02x}"
    if unicodedata.category(char) in _ESCAPED_CATEGORIES:
        return f"\\u{code:04x}"
    return char
