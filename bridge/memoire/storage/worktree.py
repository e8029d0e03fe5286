"""The working tree and index beside the branch: checked before a commit, synced after it.

Plumbing commits do not touch the index or the working tree; left stale, a person's later
`git commit -a` would silently revert them. So after each commit the same bytes go to the
working tree and the index, and a journal lets the next writer finish that step if the
process died half-way. A note whose copy cannot be synced is left refused, with the reason,
until it is fixed; it never blocks writes to the other notes.

Uncommitted hand edits win: a note whose working-tree file or index entry differs from the
branch is never overwritten. Anything but a regular file at a note's name, or a link or
non-folder on its way, is refused before anything is committed (see `nofollow`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import pygit2
from pygit2.enums import FileMode

from ..core.errors import (
    DamagedIndex,
    InvalidPath,
    LowDiskSpace,
    MemoireError,
    UncommittedChanges,
)
from . import nofollow
from .durability import Durability, Fsyncs
from .failures import is_disk_full
from .index_file import IndexFile
from .note_cipher import NoteCipher
from .refs import despite_git_locks

logger = logging.getLogger(__name__)
MAX_NAME_BYTES = 255
JournalEntry = tuple[str | None, str | None]  # the path's blob before and after the commit


class WorkTree:
    """The checkout of one repository, for the memory paths memoire writes."""

    def __init__(
        self,
        repo: pygit2.Repository,
        root: Path,
        repo_path: Callable[[str], str],
        state: Path,
        cipher: NoteCipher,
        *,
        durability: Durability,
    ) -> None:
        self._repo = repo
        self._durability = durability
        self._cipher = cipher
        self.root = root
        self._repo_path = repo_path
        self._gitdir = Path(repo.path)
        self._index_file = IndexFile(self._gitdir)
        self._scratch = state / "tmp"
        self._scratch.mkdir(exist_ok=True)
        self._journal = state / "pending.json"
        self._stuck: dict[str, MemoireError] = {}  # the refusal for a note left unsynced
        self._stuck_entries: dict[str, JournalEntry] = {}
        # Each path's copy written in `begin`, in the scratch folder: its name and bytes.
        self._prepared: dict[str, tuple[str, bytes]] = {}

    # Before committing

    def check(self, paths: Iterable[str], committed: Mapping[str, str]) -> None:
        """Refuse a path with anything in its way, or with edits a person has not committed."""
        paths = list(paths)
        staged = self._staged(paths)
        for path in paths:
            if path in self._stuck:
                raise self._stuck[path]
            expected = committed.get(path)
            if self.blob(path, expected) != expected or staged[path] != expected:
                raise UncommittedChanges(
                    f"{path} has uncommitted changes in the working tree of {self.root}; "
                    "nothing was written. Commit or discard them (git commit / git restore), "
                    "then try again."
                )

    def _staged(self, paths: list[str]) -> dict[str, str | None]:
        """Each path's blob id in the index (None: not there), read by `index_file` when it
        can, so an index it changed in place is not parsed again by libgit2."""
        found = self._index_file.blob_ids([self._repo_path(path) for path in paths])
        if found is not None:
            return {path: found[self._repo_path(path)] for path in paths}
        try:
            index = self._repo.index  # read when first asked for
            index.read(False)
        except pygit2.GitError as error:
            damaged = self._gitdir / "index"
            raise DamagedIndex(
                f"Git's index {damaged} cannot be read ({error}); nothing was written. Move "
                f"it aside and rebuild it from the last commit (mv {damaged} {damaged}.damaged "
                "&& git reset), then try again."
            ) from error
        return {path: self._index_blob(index, path) for path in paths}

    def blob(self, path: str, committed: str | None) -> str | None:
        """The blob id Git would give the path's working-tree file (sealed when sensitive,
        as `committed` when it holds that blob's text); None when there is none."""
        parts = self._parts(path)
        with nofollow.folder(self.root, parts[:-1], path, create=False) as directory:
            data = None if directory is None else nofollow.read_regular(directory, parts[-1], path)
        if data is None:
            return None
        return str(pygit2.hash(self._cipher.stored_like(path, data, committed)))

    def _parts(self, path: str) -> list[str]:
        parts = self._repo_path(path).split("/")
        if any(len(part.encode()) > MAX_NAME_BYTES for part in parts):
            raise InvalidPath(
                f"{path} has a name longer than the filesystem allows ({MAX_NAME_BYTES} "
                "bytes); nothing was written. Use a shorter name."
            )
        return parts

    def _index_blob(self, index: pygit2.Index, path: str) -> str | None:
        try:
            return str(index[self._repo_path(path)].id)
        except KeyError:
            return None

    # After committing

    def sync(
        self, files: Mapping[str, bytes | None], blobs: Mapping[str, str | None]
    ) -> dict[str, Exception]:
        """Make the working tree and index say what the branch says; what failed, by path.

        The copies' folders are fsynced while the index is written (its CPU hides their
        wait), and are durable before the index is renamed into place and before this
        returns (so before the journal goes).
        """
        failed: dict[str, Exception] = {}
        synced: dict[str, str | None] = {}
        folders: list[int] = []  # each written copy's folder, to fsync
        try:
            for path, data in files.items():
                try:
                    self._write(path, data, folders)
                except (MemoireError, OSError) as error:
                    failed[path] = error
                else:
                    synced[path] = blobs[path]
        finally:
            self._discard_prepared()
        return failed | self._stage_once_durable(synced, Fsyncs(folders), folders)

    def _stage_once_durable(
        self, synced: dict[str, str | None], durable: Fsyncs, folders: list[int]
    ) -> dict[str, Exception]:
        """Stage `synced`, the index renamed only once the copies' folders are durable."""
        failed: dict[str, Exception] = {}
        try:
            if synced:
                self._stage(synced, durable.wait)
        except (MemoireError, OSError, pygit2.GitError) as error:
            failed = dict.fromkeys(synced, error)
        finally:
            try:
                durable.wait()
            except OSError as error:
                failed = dict.fromkeys(synced, error)
            finally:
                for descriptor in folders:
                    os.close(descriptor)
        return failed

    def _write(self, path: str, data: bytes | None, folders: list[int]) -> None:
        parts = self._parts(path)
        create = data is not None
        with nofollow.folder(self.root, parts[:-1], path, create=create) as directory:
            if directory is None:
                return
            if data is None:
                nofollow.remove_file(directory, parts[-1], path)
                return
            prepared = self._prepared.get(path)
            nofollow.replace_file(
                directory,
                parts[-1],
                data,
                self._scratch,
                path,
                prepared=prepared[0] if prepared is not None and prepared[1] == data else None,
                sync_folder=lambda folder: folders.append(os.dup(folder)),
            )

    def _prepare(self, files: Mapping[str, bytes | None]) -> None:
        """Each copy written to the scratch folder, its fsync left for the journal's round."""
        self._discard_prepared()
        for path, data in files.items():
            if data is not None:
                name = nofollow.new_temporary(self._scratch, data, self._durability.later_file)
                self._prepared[path] = (name, data)

    def _discard_prepared(self) -> None:
        """The copies prepared and not renamed into place (the write did not land, or the
        working tree does not follow the branch)."""
        for name, _ in self._prepared.values():
            nofollow.remove_temporary(self._scratch, name)
        self._prepared.clear()

    def _stage(self, blobs: Mapping[str, str | None], ready: Callable[[], None]) -> None:
        """Record the blobs in the index by id: Git never reads the working tree for it.

        The index file is edited in place (`index_file`); what that module does not
        change (index version 4, conflicts, skip-worktree entries...) goes through
        libgit2, which rewrites the whole index. Either way `ready` is called just before
        the new index is put in place.
        """
        changes = {self._repo_path(path): blob for path, blob in blobs.items()}
        if despite_git_locks(
            [self._gitdir / "index.lock"],
            "the index",
            lambda: self._index_file.update(changes, before_rename=ready),
        ):
            return
        index = self._repo.index
        index.read(False)
        for path, blob_id in blobs.items():
            repo_path = self._repo_path(path)
            if blob_id is None:
                if repo_path in index:
                    index.remove(repo_path)
            else:
                index.add(pygit2.IndexEntry(repo_path, pygit2.Oid(hex=blob_id), FileMode.BLOB))
        ready()
        despite_git_locks([self._gitdir / "index.lock"], "the index", index.write)

    # The journal

    def begin(
        self,
        before: Mapping[str, str],
        commit: str,
        blobs: Mapping[str, str | None],
        files: Mapping[str, bytes | None],
    ) -> dict[str, JournalEntry]:
        """Record what the working tree must become, in case this process dies before syncing.

        The journal's file is fsynced in the round of the commit's objects' folders, its
        folder in the round of the ref's lock (`durability`): durable before the ref moves.
        The new copies of `files` are written to the scratch folder now and fsynced with
        the journal's file: `sync` renames them into place once the ref has moved.
        """
        entries = {path: (before.get(path), blob) for path, blob in blobs.items()}
        self._prepare(files)
        self._save_journal(commit, self._stuck_entries | entries, self._durability)
        return entries

    def end(
        self, commit: str, entries: Mapping[str, JournalEntry], failed: Mapping[str, Exception]
    ) -> None:
        """Forget the journal, keeping the notes whose copy could not be synced."""
        self._discard_prepared()
        self._remember_stuck({path: entries[path] for path in failed}, failed)
        if not self._stuck_entries:
            self._journal.unlink(missing_ok=True)  # removes a link itself, never its target
            return
        try:
            self._save_journal(commit, self._stuck_entries)
        except OSError as error:  # the journal as it was still lists them: no note is lost
            logger.warning("the journal could not be shortened: %s", error)

    def abandon(self) -> None:
        """The commit did not land: only the notes still stuck stay in the journal."""
        self.end("", {}, {})

    def interrupted(self) -> tuple[str, dict[str, JournalEntry]] | None:
        """The commit and entries a writer left unsynced; None when there is no journal."""
        try:
            data = self._read_journal()
        except InvalidPath as error:  # anything but a file there is dropped, never waited on
            logger.warning("%s", error.message)
            return "", {}
        if data is None:
            self._stuck, self._stuck_entries = {}, {}
            return None
        try:
            journal = json.loads(data)
            entries = {str(path): (old, new) for path, (old, new) in journal["files"].items()}
        except ValueError, KeyError, TypeError, AttributeError:
            return "", {}
        return str(journal.get("commit", "")), entries

    def _read_journal(self) -> bytes | None:
        shown = str(self._journal)
        with nofollow.folder(self._journal.parent, [], shown, create=False) as folder:
            return (
                None if folder is None else nofollow.read_regular(folder, self._journal.name, shown)
            )

    def finish(
        self, commit: str, entries: Mapping[str, JournalEntry], truth: Mapping[str, str]
    ) -> None:
        """Finish a sync a writer left half-done; a note that cannot be synced stays refused."""
        self._clear_scratch()
        self._stuck, self._stuck_entries = {}, {}
        landed: dict[str, str | None] = {}
        data: dict[str, bytes | None] = {}
        failed: dict[str, Exception] = {}
        for path, (old, new) in entries.items():
            try:
                if truth.get(path) == new and self.blob(path, new) in (old, new):
                    data[path] = None if new is None else self._read(new)
                    landed[path] = new
            except (MemoireError, OSError, KeyError, ValueError) as error:
                failed[path] = error
        failed |= self.sync(data, landed)
        for path, failure in failed.items():
            logger.warning("%s: the working tree could not be synced: %s", path, failure)
        self.end(commit, entries, failed)

    def _read(self, blob_id: str) -> bytes:
        blob = self._repo[blob_id]
        assert isinstance(blob, pygit2.Blob)
        return self._cipher.in_clear_or_as_is(blob.data)

    def _remember_stuck(
        self, entries: Mapping[str, JournalEntry], failed: Mapping[str, Exception]
    ) -> None:
        for path, error in failed.items():
            self._stuck_entries[path] = entries[path]
            reason = error.message if isinstance(error, MemoireError) else str(error)
            message = (
                f"{path} was committed, but its copy in the working tree of {self.root} could "
                f"not be updated ({reason}). Nothing more is written to it until that is "
                "fixed; other notes are not affected."
            )
            self._stuck[path] = (
                LowDiskSpace(f"{message} Free some space, then try again.")
                if is_disk_full(error)
                else InvalidPath(message)
            )

    def _save_journal(
        self,
        commit: str,
        entries: Mapping[str, JournalEntry],
        durability: Durability | None = None,
    ) -> None:
        journal = {"commit": commit, "files": {path: list(pair) for path, pair in entries.items()}}
        data = json.dumps(journal).encode("utf-8")
        nofollow.write_state_file(self._journal, data, self._scratch, durability=durability)

    def _clear_scratch(self) -> None:
        """Temporaries of a writer killed before its rename: no living writer owns them."""
        for leftover in self._scratch.iterdir():
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


def refuse_tracked_temporaries(
    dot_names: Callable[[str], Iterable[str]], paths: Iterable[str]
) -> None:
    """A committed file named like a note's temporary is a trap laid for memoire: refuse.

    `dot_names` gives the names starting with a dot in a folder ("" for the top): a
    temporary's name always starts so.
    """
    for path in paths:
        folder, _, name = path.rpartition("/")
        prefix = nofollow.temporary_prefix(name)
        for entry_name in dot_names(folder):
            if entry_name.startswith(prefix):
                shown = f"{folder}/{entry_name}" if folder else entry_name
                raise InvalidPath(
                    f"{shown} is committed under the name memoire gives {path}'s temporary "
                    f"file, so nothing is written to {path}. Remove it (git rm {shown}, then "
                    "commit), then try again."
                )
