"""Building a commit with plumbing: blobs and trees written straight to the object database.

Nothing here touches a ref, the index or the working tree; the commit is published
separately by compare-and-swap, so building one that never lands costs only loose objects.
Every commit is signed with the bridge's key (`signing`); the first write of a bridge whose
key the memory does not list yet is preceded by a commit of its own that adds the key.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygit2
from pygit2.enums import FileMode

from .signing import ALLOWED_SIGNERS_PATH, BridgeKey, Enrolment, enrolment

COMMITTER_EMAIL = "memoire@localhost"


class CommitBuilder:
    def __init__(self, repo: pygit2.Repository, subdir: str, key: BridgeKey) -> None:
        self._repo = repo
        self._subdir = subdir
        self._key = key
        self._listing_key: str | None = None  # an allowed-signers blob known to list the key

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
        """A commit on `parent` with the memory paths of `blobs` set (or removed for None).

        Each tree on the way is written once however many of its paths change, so a commit
        of many notes in one folder (an import) costs one new folder tree, not one per note.
        """
        root = None if parent is None else self._repo[parent].peel(pygit2.Tree)
        changes = {tuple(self.repo_path(path).split("/")): blob for path, blob in blobs.items()}
        root_id = self._tree_with(root, changes) or self._repo.TreeBuilder().write()
        signature = pygit2.Signature(name, COMMITTER_EMAIL)
        parents: list[str | pygit2.Oid] = [] if parent is None else [parent]
        # The commit's text (pygit2's stub says Oid), signed, then stored with its signature.
        content = str(
            self._repo.create_commit_string(signature, signature, message, root_id, parents)
        )
        gpgsig = self._key.sign(content.encode("utf-8"))
        return str(self._repo.create_commit_with_signature(content, gpgsig, "gpgsig"))

    def enrolment(self, files: Mapping[str, str]) -> Enrolment | None:
        """The commit to make first when the memory's allowed signers lack this bridge's key.

        `files` are the memory's files (path to blob id) at the commit to build on.
        """
        blob_id = files.get(ALLOWED_SIGNERS_PATH)
        if blob_id is not None and blob_id == self._listing_key:
            return None
        current = None
        if blob_id is not None:
            blob = self._repo[blob_id]
            current = blob.data if isinstance(blob, pygit2.Blob) else None
        needed = enrolment(self._key, current)
        if needed is None:
            self._listing_key = blob_id
        return needed

    def _tree_with(
        self, tree: pygit2.Tree | None, changes: Mapping[tuple[str, ...], str | None]
    ) -> pygit2.Oid | None:
        """The tree with every path of `changes` set or removed; None when nothing is left."""
        builder = self._repo.TreeBuilder(tree) if tree is not None else self._repo.TreeBuilder()
        below: dict[str, dict[tuple[str, ...], str | None]] = {}
        for parts, blob_id in changes.items():
            if len(parts) > 1:
                below.setdefault(parts[0], {})[parts[1:]] = blob_id
            else:
                self._set(builder, parts[0], blob_id, FileMode.BLOB)
        for name, inside in below.items():
            existing = tree[name] if tree is not None and name in tree else None
            subtree = existing if isinstance(existing, pygit2.Tree) else None
            child = self._tree_with(subtree, inside)
            self._set(builder, name, None if child is None else str(child), FileMode.TREE)
        return builder.write() if len(builder) else None

    @staticmethod
    def _set(
        builder: pygit2.TreeBuilder,
        name: str,
        object_id: str | None,
        mode: FileMode,
    ) -> None:
        """Insert `object_id` at `name`, or remove what is there for None."""
        if object_id is not None:
            builder.insert(name, pygit2.Oid(hex=object_id), mode)
        elif builder.get(name) is not None:
            builder.remove(name)
