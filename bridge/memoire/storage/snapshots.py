"""Snapshots: the memory's files at one commit, read from Git trees through bounded caches.

A snapshot lists the regular files at the top of the memory and one folder down; symlinks
and submodules never count. Folder listings are cached by tree id, so a write derives the
next snapshot from the last one instead of listing every tree again. Both caches are
bounded on every insertion: a long-running bridge's memory stays flat however many writes
it makes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygit2
from pygit2.enums import FileMode

from .caches import BoundedCache

SNAPSHOTS_KEPT = 4
FOLDER_LISTINGS_KEPT = 16
DOT_LISTINGS_KEPT = 16
CHANGES_KEPT = 16
_REGULAR = (FileMode.BLOB, FileMode.BLOB_EXECUTABLE)
_NOT_A_FILE = {FileMode.LINK: "a link", FileMode.TREE: "a folder", FileMode.COMMIT: "a submodule"}


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The memory's files at one commit: memory-relative path to full blob id.

    `top` and `folders` (folder name to tree id) let two snapshots be compared by looking
    only into the folders whose tree changed.
    """

    commit: str | None
    files: Mapping[str, str]
    top: Mapping[str, str] = field(default_factory=dict)
    folders: Mapping[str, str] = field(default_factory=dict)


class SnapshotReader:
    """Reads snapshots of one memory folder of one repository; callers serialise access."""

    def __init__(self, repo: pygit2.Repository, subdir: str) -> None:
        self._repo = repo
        self._subdir = subdir
        self.snapshots: BoundedCache[str | None, Snapshot] = BoundedCache(SNAPSHOTS_KEPT)
        self.folder_listings: BoundedCache[str, dict[str, str]] = BoundedCache(FOLDER_LISTINGS_KEPT)
        self.dot_listings: BoundedCache[str, frozenset[str]] = BoundedCache(DOT_LISTINGS_KEPT)
        # The paths a write changed, by (parent, commit): known when it was derived.
        self.changes: BoundedCache[tuple[str | None, str], frozenset[str]] = BoundedCache(
            CHANGES_KEPT
        )

    def memory_tree(self, commit: str | None) -> pygit2.Tree | None:
        if commit is None:
            return None
        tree = self._repo[commit].peel(pygit2.Tree)
        if not self._subdir:
            return tree
        try:
            subtree = tree[self._subdir]
        except KeyError:
            return None
        return subtree if isinstance(subtree, pygit2.Tree) else None

    def at(self, commit: str | None) -> Snapshot:
        cached = self.snapshots.get(commit)
        if cached is not None:
            return cached
        tree = self.memory_tree(commit)
        top: dict[str, str] = {}
        folders: dict[str, str] = {}
        for entry in tree if tree is not None else ():
            if entry.filemode == FileMode.TREE:
                folders[str(entry.name)] = str(entry.id)
            elif entry.filemode in _REGULAR:
                top[str(entry.name)] = str(entry.id)
        files = dict(top)
        for folder, tree_id in folders.items():
            files.update(
                {f"{folder}/{name}": blob for name, blob in self.folder_files(tree_id).items()}
            )
        return self.snapshots.put(
            commit, Snapshot(commit=commit, files=files, top=top, folders=folders)
        )

    def not_files(self, commit: str | None) -> dict[str, str]:
        """What a snapshot leaves out, at the top and one folder down: each path holding a
        link, a submodule or (one folder down) a folder, with what it holds."""
        tree = self.memory_tree(commit)
        found: dict[str, str] = {}
        for entry in tree if tree is not None else ():
            name = str(entry.name)
            if entry.filemode == FileMode.TREE:
                found[name] = _NOT_A_FILE[FileMode.TREE]
                subtree = self._repo[entry.id]
                assert isinstance(subtree, pygit2.Tree)
                for inner in subtree:
                    if inner.filemode in _NOT_A_FILE:
                        found[f"{name}/{inner.name}"] = _NOT_A_FILE[inner.filemode]
            elif entry.filemode in _NOT_A_FILE:
                found[name] = _NOT_A_FILE[entry.filemode]
        return found

    def folder_files(self, tree_id: str) -> dict[str, str]:
        cached = self.folder_listings.get(tree_id)
        if cached is not None:
            return cached
        tree = self._repo[tree_id]
        assert isinstance(tree, pygit2.Tree)
        listing = {str(entry.name): str(entry.id) for entry in tree if entry.filemode in _REGULAR}
        return self.folder_listings.put(tree_id, listing)

    def dot_names(self, snapshot: Snapshot, folder: str) -> frozenset[str]:
        """Names starting with a dot in one folder ("" for the top), of entries of any kind.

        Cached by tree id and derived after each write like the folder listings, so a folder
        of thousands of notes is not loaded and walked on every write.
        """
        tree_id = snapshot.folders.get(folder) if folder else None
        if tree_id is None:
            return _dot_names(self._folder_tree(snapshot.commit, folder))
        cached = self.dot_listings.get(tree_id)
        if cached is not None:
            return cached
        tree = self._repo[tree_id]
        assert isinstance(tree, pygit2.Tree)
        return self.dot_listings.put(tree_id, _dot_names(tree))

    def _folder_tree(self, commit: str | None, folder: str) -> pygit2.Tree | None:
        tree = self.memory_tree(commit)
        if tree is None or not folder:
            return tree
        try:
            listing = tree[folder]
        except KeyError:
            return None
        return listing if isinstance(listing, pygit2.Tree) else None

    def changed_paths(self, old: str | None, new: str | None) -> set[str]:
        """Paths whose blob differs; for a commit this process wrote on `old`, as the
        write recorded them, instead of comparing two listings of a folder's every note."""
        known = None if new is None else self.changes.get((old, new))
        if known is not None:
            return set(known)
        before, after = self.at(old), self.at(new)
        changed = _differing(before.top, after.top, prefix="")
        for folder in before.folders.keys() | after.folders.keys():
            old_tree, new_tree = before.folders.get(folder), after.folders.get(folder)
            if old_tree != new_tree:
                old_files = self.folder_files(old_tree) if old_tree else {}
                new_files = self.folder_files(new_tree) if new_tree else {}
                changed |= _differing(old_files, new_files, prefix=f"{folder}/")
        return changed

    def derive_after_write(
        self, before: Snapshot, commit: str, blobs: Mapping[str, str | None]
    ) -> None:
        """Cache the new commit's snapshot, derived from the old one instead of listing trees."""
        after = self.memory_tree(commit)
        if after is None:
            return
        files = dict(before.files)
        top = dict(before.top)
        folders = dict(before.folders)
        for path, blob in blobs.items():
            _set_or_remove(files, path, blob)
            if "/" not in path:
                _set_or_remove(top, path, blob)
        for folder in {path.split("/")[0] for path in blobs if "/" in path}:
            old_tree = before.folders.get(folder)
            new_tree = str(after[folder].id) if folder in after else None
            _set_or_remove(folders, folder, new_tree)
            if new_tree is not None:
                self._derive_dot_names(old_tree, new_tree, folder, blobs)
            if new_tree is None or new_tree in self.folder_listings:
                continue
            kept = self.folder_listings.get(old_tree) if old_tree else {}
            if kept is None:  # not kept: whoever needs the new one lists it, not each write
                continue
            listing = dict(kept)
            for path, blob in blobs.items():
                if path.startswith(f"{folder}/"):
                    _set_or_remove(listing, path.split("/", 1)[1], blob)
            self.folder_listings.put(new_tree, listing)
        self.snapshots.put(commit, Snapshot(commit=commit, files=files, top=top, folders=folders))
        self._record_changes(before, commit, blobs)

    def _record_changes(
        self, before: Snapshot, commit: str, blobs: Mapping[str, str | None]
    ) -> None:
        """What `changed_paths` would find between the two commits: the paths of `blobs`
        that a snapshot lists (one folder down at most) and whose blob changed. Not
        recorded when a path replaces a folder, or a file stands where a path's folder
        goes: files would come and go that `blobs` does not name."""
        if any(
            path in before.folders or ("/" in path and path.split("/")[0] in before.top)
            for path in blobs
        ):
            return
        changed = frozenset(
            path
            for path, blob in blobs.items()
            if path.count("/") <= 1 and before.files.get(path) != blob
        )
        self.changes.put((before.commit, commit), changed)

    def _derive_dot_names(
        self, old_tree: str | None, new_tree: str, folder: str, blobs: Mapping[str, str | None]
    ) -> None:
        """The new folder tree is the old one with `blobs` set or removed, nothing else."""
        old_names = self.dot_listings.get(old_tree) if old_tree else None
        if old_names is None or new_tree in self.dot_listings:
            return
        names = set(old_names)
        for path, blob in blobs.items():
            parent, _, name = path.rpartition("/")
            if parent == folder and name.startswith("."):
                if blob is None:
                    names.discard(name)
                else:
                    names.add(name)
        self.dot_listings.put(new_tree, frozenset(names))


def _dot_names(tree: pygit2.Tree | None) -> frozenset[str]:
    return frozenset(str(entry.name) for entry in tree or () if str(entry.name).startswith("."))


def _differing(before: Mapping[str, str], after: Mapping[str, str], prefix: str) -> set[str]:
    return {
        prefix + name
        for name in before.keys() | after.keys()
        if before.get(name) != after.get(name)
    }


def _set_or_remove(mapping: dict[str, str], key: str, value: str | None) -> None:
    if value is None:
        mapping.pop(key, None)
    else:
        mapping[key] = value
