"""Building a commit with plumbing: blobs and trees written straight to the object database.

Nothing here touches a ref, the index or the working tree; the commit is published
separately by compare-and-swap, so building one that never lands costs only loose objects.
Each tree is written by `trees` from its entries kept serialised, and a folder's entries
are kept after each commit (`_KeptFolders`): the next commit in the same folder starts from
them instead of loading and parsing the folder's whole tree again. The blob, the trees and
the signed commit go through `loose_objects`, all hashed before any is stored, so their
files are fsynced together once the commit is built (`LooseObjects.store`); the commit's
text is written here, as libgit2 writes it, because libgit2 would look its tree up first.
Every commit is signed with the bridge's key (`signing`); the first write of a bridge whose
key the memory does not list yet is preceded by a commit of its own that adds the key.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping

import pygit2
from pygit2.enums import FileMode, ObjectType

from .durability import Durability
from .loose_objects import LooseObjects
from .signing import ALLOWED_SIGNERS_PATH, BridgeKey, Enrolment, enrolment
from .trees import FolderEntries

COMMITTER_EMAIL = "memoire@localhost"
BUILDERS_KEPT = 8
"""Folders whose entries are kept: a 2,500-note folder costs ~1.5 ms to parse at every
write, and its entries hold about twice what its tree holds (~0.4 MB there)."""


class _LibgitFolder:
    """libgit2's TreeBuilder, for a tree or a name `FolderEntries` leaves to it. libgit2
    checks that an object exists before a tree names it: the objects written so far are
    stored first."""

    def __init__(self, builder: pygit2.TreeBuilder, objects: LooseObjects) -> None:
        self._builder = builder
        self._objects = objects

    def __len__(self) -> int:
        return len(self._builder)

    def set(self, name: str, object_id: str | None, mode: FileMode) -> None:
        """Insert `object_id` at `name`, or remove what is there for None."""
        if object_id is not None:
            self._objects.store()
            self._builder.insert(name, pygit2.Oid(hex=object_id), mode)
        elif self._builder.get(name) is not None:
            self._builder.remove(name)

    def write(self, objects: LooseObjects) -> pygit2.Oid:
        return self._builder.write()


type _Folder = FolderEntries | _LibgitFolder


class _KeptFolders:
    """Each recently written folder's entries, with the id of the tree they last wrote.

    A folder is taken out while it is changed, so one that failed half-way is never
    reused; it is put back only with the id of the tree it then wrote.
    """

    def __init__(self, repo: pygit2.Repository, limit: int, objects: LooseObjects) -> None:
        self._repo = repo
        self._limit = limit
        self._objects = objects
        self._kept: OrderedDict[tuple[str, ...], tuple[pygit2.Oid, _Folder]] = OrderedDict()

    def take(self, folder: tuple[str, ...], tree: pygit2.Tree | None, names: set[str]) -> _Folder:
        """The entries of `tree` (none for None), ready to take `names`."""
        kept = self._kept.pop(folder, None)
        if not all(FolderEntries.accepts(name) for name in names):
            return self._libgit(tree)
        if tree is None:
            return FolderEntries([], [])
        if kept is not None and kept[0] == tree.id:
            return kept[1]
        entries = FolderEntries.of(tree.read_raw())
        return self._libgit(tree) if entries is None else entries

    def _libgit(self, tree: pygit2.Tree | None) -> _LibgitFolder:
        builder = self._repo.TreeBuilder(*(() if tree is None else (tree,)))
        return _LibgitFolder(builder, self._objects)

    def keep(self, folder: tuple[str, ...], tree_id: pygit2.Oid, entries: _Folder) -> None:
        self._kept[folder] = (tree_id, entries)
        while len(self._kept) > self._limit:
            self._kept.popitem(last=False)


class CommitBuilder:
    def __init__(
        self,
        repo: pygit2.Repository,
        subdir: str,
        key: BridgeKey,
        durability: Durability | None = None,
    ) -> None:
        self._repo = repo
        self._subdir = subdir
        self._key = key
        self._listing_key: str | None = None  # an allowed-signers blob known to list the key
        self._objects = LooseObjects(repo, durability)
        self._folders = _KeptFolders(repo, BUILDERS_KEPT, self._objects)

    def repo_path(self, path: str) -> str:
        """The repository path of a memory path."""
        return f"{self._subdir}/{path}" if self._subdir else path

    def write_blobs(self, files: Mapping[str, bytes | None]) -> dict[str, str | None]:
        return {
            path: None if data is None else self.create_note_blob(path, data)
            for path, data in files.items()
        }

    def create_note_blob(self, path: str, data: bytes) -> str:
        """The one place where a file's bytes, as the working tree holds them, become the
        blob stored in Git: a transformation of what Git stores belongs here. The blob is
        stored with the commit that names it (`commit`)."""
        return str(self._objects.write(ObjectType.BLOB, data))

    def commit(
        self, parent: str | None, blobs: Mapping[str, str | None], name: str, message: str
    ) -> str:
        """A commit on `parent` with the memory paths of `blobs` set (or removed for None).

        Each tree on the way is written once however many of its paths change, so a commit
        of many notes in one folder (an import) costs one new folder tree, not one per note.
        Its objects (and the blobs written since the last commit) are stored when it is
        built; their folders' fsyncs wait for the durability's next round.
        """
        root = None if parent is None else self._repo[parent].peel(pygit2.Tree)
        changes = {tuple(self.repo_path(path).split("/")): blob for path, blob in blobs.items()}
        root_id = self._tree_with((), root, changes) or self._repo.TreeBuilder().write()
        content = commit_text(
            str(root_id),
            [] if parent is None else [parent],
            pygit2.Signature(name, COMMITTER_EMAIL),
            message,
        )
        gpgsig = self._key.sign(content.encode("utf-8"))
        signed = with_signature(content, gpgsig).encode("utf-8")
        commit = self._objects.write(ObjectType.COMMIT, signed)
        self._objects.store()
        return str(commit)

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
        self,
        folder: tuple[str, ...],
        tree: pygit2.Tree | None,
        changes: Mapping[tuple[str, ...], str | None],
    ) -> pygit2.Oid | None:
        """The tree with every path of `changes` set or removed; None when nothing is left."""
        entries = self._folders.take(folder, tree, {parts[0] for parts in changes})
        below: dict[str, dict[tuple[str, ...], str | None]] = {}
        for parts, blob_id in changes.items():
            if len(parts) > 1:
                below.setdefault(parts[0], {})[parts[1:]] = blob_id
            else:
                entries.set(parts[0], blob_id, FileMode.BLOB)
        for name, inside in below.items():
            existing = tree[name] if tree is not None and name in tree else None
            subtree = existing if isinstance(existing, pygit2.Tree) else None
            child = self._tree_with((*folder, name), subtree, inside)
            entries.set(name, None if child is None else str(child), FileMode.TREE)
        if not len(entries):
            return None
        written = entries.write(self._objects)
        self._folders.keep(folder, written, entries)
        return written


def commit_text(tree: str, parents: list[str], who: pygit2.Signature, message: str) -> str:
    """A commit's text as libgit2's `git_commit_create_buffer` writes it (author and
    committer both `who`), without looking the tree up: it is not stored yet."""
    offset = who.offset
    sign = "-" if offset < 0 else "+"
    hours, minutes = divmod(abs(offset), 60)
    stamp = f"{who.name} <{who.email}> {who.time} {sign}{hours:02d}{minutes:02d}"
    lines = [f"tree {tree}", *(f"parent {parent}" for parent in parents)]
    return "\n".join([*lines, f"author {stamp}", f"committer {stamp}", "", message])


def with_signature(content: str, signature: str) -> str:
    """The commit `content` with its `gpgsig` header, as libgit2's
    `git_commit_create_with_signature` writes it: after the last header line, each line of
    the signature after the first indented by one space."""
    header_end = content.index("\n\n") + 1
    field = "gpgsig " + signature.replace("\n", "\n ") + "\n"
    return content[:header_end] + field + content[header_end:]
