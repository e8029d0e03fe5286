"""Building a commit with plumbing: blobs and trees written straight to the object database.

Nothing here touches a ref, the index or the working tree; the commit is published
separately by compare-and-swap, so building one that never lands costs only loose objects.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygit2
from pygit2.enums import FileMode

COMMITTER_EMAIL = "memoire@localhost"


class CommitBuilder:
    def __init__(self, repo: pygit2.Repository, subdir: str) -> None:
        self._repo = repo
        self._subdir = subdir

    def repo_path(self, path: str) -> str:
        """The repository path of a memory path."""
        return f"{self._subdir}/{path}" if self._subdir else path

    def write_blobs(self, files: Mapping[str, bytes | None]) -> dict[str, str | None]:
        return {
            path: None if data is None else str(self._repo.create_blob(data))
            for path, data in files.items()
        }

    def commit(
        self, parent: str | None, blobs: Mapping[str, str | None], name: str, message: str
    ) -> str:
        """A commit on `parent` with the memory paths of `blobs` set (or removed for None)."""
        root = None if parent is None else self._repo[parent].peel(pygit2.Tree)
        for path, blob_id in blobs.items():
            root_id = self._tree_with(root, self.repo_path(path).split("/"), blob_id)
            root = self._repo[root_id or self._repo.TreeBuilder().write()].peel(pygit2.Tree)
        assert root is not None
        signature = pygit2.Signature(name, COMMITTER_EMAIL)
        parents = [] if parent is None else [parent]
        return str(self._repo.create_commit(None, signature, signature, message, root.id, parents))

    def _tree_with(
        self, tree: pygit2.Tree | None, parts: list[str], blob_id: str | None
    ) -> pygit2.Oid | None:
        """The tree with one path set or removed; None when nothing is left in it."""
        builder = self._repo.TreeBuilder(tree) if tree is not None else self._repo.TreeBuilder()
        name, rest = parts[0], parts[1:]
        existing = tree[name] if tree is not None and name in tree else None
        if rest:
            subtree = existing if isinstance(existing, pygit2.Tree) else None
            child = self._tree_with(subtree, rest, blob_id)
            entry: tuple[pygit2.Oid, int] | None = None if child is None else (child, FileMode.TREE)
        else:
            entry = None if blob_id is None else (pygit2.Oid(hex=blob_id), FileMode.BLOB)
        if entry is None:
            if existing is not None:
                builder.remove(name)
        else:
            builder.insert(name, *entry)
        return builder.write() if len(builder) else None
