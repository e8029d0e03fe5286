"""`memoire import SOURCE`: plan the import, commit it once (unless --dry-run), report it.

The report says what was placed where and what was skipped and why, one line each, then
the counts. A dry run prints the same report and writes nothing. SOURCE is checked before
anything else happens, so a mistyped folder never creates a memory.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from ..config import Config, MemoryLocation
from ..importer.plan import ImportPlan, Placed, Skipped, Target, plan_import
from ..importer.source import checked_source, describe, folder_identity, sensitive_folders
from ..service import MemoryService
from ..storage.store import GitStore
from .progress import ProgressBar

type ConfigLoader = Callable[[bool], Config]  # the argument: create a missing default memory


def import_folder(
    source: Path,
    sensitive: Sequence[str],
    located: Config,
    load_config: ConfigLoader,
    *,
    dry_run: bool,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """`located` says where the memory is, so SOURCE is judged before anything is made;
    `load_config` then opens the memory (making the built-in default, unless a dry run)."""
    folder = checked_source(source, memory_folder(located.memory))
    marked = sensitive_folders(folder, sensitive)
    config = load_config(not dry_run)
    memory = config.memory
    store = GitStore(memory.repository, memory.subdir, memory.branch, memory.remote)
    target = Target(
        memory.layout,
        config.limits.note_chars,
        store.snapshot().files,
        _in_working_tree(store.workdir, memory.subdir),
    )
    print(
        f"Importing {folder} ({describe(folder)}) into {memory_folder(memory)} "
        f"({memory.layout.name} layout).",
        file=out,
    )
    bar = ProgressBar(err, "Reading notes")
    try:
        plan = plan_import(
            folder, target, marked, folder_identity(memory_folder(memory)), bar.update
        )
    finally:
        bar.close()
    if dry_run or not plan.placed:
        _report(plan, out, dry_run=dry_run)
        print(_summary(plan, dry_run=dry_run), file=out)
        return 0
    if err.isatty():  # the commit makes each note durable: long for thousands of notes
        print(f"Writing {len(plan.placed)} notes in one commit…", file=err, flush=True)
    plan, commit = _commit(config, plan)
    _report(plan, out, dry_run=False)
    print(f"{_summary(plan, dry_run=False)} One commit: {commit[:10]}.", file=out)
    print("Check the memory with: memoire check", file=out)
    return 0


def memory_folder(memory: MemoryLocation) -> Path:
    """The folder that is the memory: the repository, or its configured subdir."""
    return memory.repository / memory.subdir if memory.subdir else memory.repository


def _in_working_tree(workdir: Path | None, subdir: str) -> Callable[[str], bool]:
    """Whether a file (committed or not) sits at a memory path in the checkout."""
    if workdir is None:
        return lambda path: False
    root = workdir / subdir if subdir else workdir
    return lambda path: os.path.lexists(root / path)


def _commit(config: Config, plan: ImportPlan) -> tuple[ImportPlan, str]:
    """Every placed note in one commit through the write path; a note that appeared in the
    memory meanwhile is reported skipped, never overwritten."""
    service = MemoryService(config)
    try:
        imported = service.import_notes({item.path: item.text for item in plan.placed})
    finally:
        service.close()
    late = set(imported.already_there)
    placed = tuple(item for item in plan.placed if item.path not in late)
    skipped = plan.skipped + tuple(
        Skipped(
            item.source, f"{item.path} appeared in the memory during the import; not overwritten"
        )
        for item in plan.placed
        if item.path in late
    )
    return ImportPlan(placed, skipped), imported.commit


def _report(plan: ImportPlan, out: TextIO, *, dry_run: bool) -> None:
    verb = "would place" if dry_run else "placed"
    for item in plan.placed:
        print(_placed_line(item, verb), file=out)
    for skipped in plan.skipped:
        print(f"skipped {skipped.source}: {skipped.reason}", file=out)


def _placed_line(item: Placed, verb: str) -> str:
    return f"{verb} {item.source} → {item.path} ({item.how})"


def _summary(plan: ImportPlan, *, dry_run: bool) -> str:
    before = sum(1 for item in plan.skipped if item.imported_before)
    skipped = f"{len(plan.skipped)} skipped"
    if before:
        skipped += f" ({before} already in the memory from an earlier import)"
    if dry_run:
        return (
            f"Dry run, nothing was written: {len(plan.placed)} would be placed, {skipped}. "
            "Run it again without --dry-run to import."
        )
    if not plan.placed:
        return f"Nothing new to import, nothing was written: {skipped}."
    return f"{len(plan.placed)} placed, {skipped}."
