"""The bridge's side of encrypted notes: the blobs it builds and reads, and its first key.

The bridge writes blobs itself (not through `git add`), so it applies the Git filter's
rule itself at the one place it creates a note's blob, and opens envelopes where it reads
one. A bridge with no key file makes the memory's first key when it first writes a
sensitive note, unless the memory already holds notes encrypted with a key it lacks:
then a second key would split the memory in two, and the write is refused instead,
naming `memoire key import`.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import cast

import pygit2
from pygit2.enums import FileMode, FilterMode

from ..core.errors import MemoireError, MemoryKeyUnusable, NoteLocked
from ..core.layout import ENGLISH, Layout, layout_named
from . import nofollow
from .encryption import MAGIC, NoteSealer, is_sealed, sealed_key_id
from .filter import DRIVER, declare_attributes, expected_config
from .keys import KeyFile, Keyring
from .opening import open_repository

logger = logging.getLogger(__name__)
_SNIFF_BYTES = 64
_CONFIG_ATTEMPTS = 100
_CONFIG_WAIT_SECONDS = 0.02
KEY_FILE_SETTING = "memoire.keyfile"  # in the repository's local config, set by `install`
LAYOUT_SETTING = "memoire.layout"


class NoteCipher:
    def __init__(
        self,
        repo: pygit2.Repository,
        subdir: str,
        key_file: KeyFile,
        layout: Layout,
        *,
        sealing: bool = True,
    ) -> None:
        self._repo = repo
        self._subdir = subdir
        self.sealer = NoteSealer(key_file, layout)
        self.sealing = sealing
        _IN_PROCESS.setdefault(str(Path(repo.path).resolve()), weakref.WeakSet()).add(self)

    def libgit2_filtered(self, repo_path: str, data: bytes, to_worktree: bool) -> bytes:
        """What libgit2 (checkout, its dirty checks) gets: never an error, which would fail
        the whole checkout; text that cannot be sealed hashes as itself, so it is a change."""
        if to_worktree:
            return self.in_clear_or_as_is(data)
        if not self.sealing:
            return data
        prefix = f"{self._subdir}/" if self._subdir else ""
        path = repo_path.removeprefix(prefix) if repo_path.startswith(prefix) else ""
        try:
            ring = self.key_file.ring()
            return data if ring is None else self.sealer.stored(path, data, lambda: ring)
        except MemoireError:
            return data

    @classmethod
    def from_local_config(cls, repo: pygit2.Repository, subdir: str) -> NoteCipher:
        """The key file and layout `install` recorded for this clone. A clone memoire never
        set up (a bare store opened by a script) seals nothing: its Git has no filter to
        agree with, and would see every sealed note as changed. It still opens envelopes."""
        key_path = _setting(repo.config, KEY_FILE_SETTING)
        layout_name = _setting(repo.config, LAYOUT_SETTING)
        layout = layout_named(layout_name) if layout_name else ENGLISH
        key_file = KeyFile(Path(key_path) if key_path else None)
        return cls(repo, subdir, key_file, layout, sealing=key_path is not None)

    @property
    def key_file(self) -> KeyFile:
        return self.sealer.key_file

    # Writing

    def stored_files(self, files: Mapping[str, bytes | None]) -> dict[str, bytes | None]:
        """The bytes Git keeps for each file of a change (memory paths)."""
        if not self.sealing:
            return dict(files)
        return {
            path: None if data is None else self.sealer.stored(path, data, self._ring_to_write)
            for path, data in files.items()
        }

    def stored_like(self, path: str, data: bytes, committed: str | None) -> bytes:
        """What Git would keep for a working-tree file, to compare with the committed blob.

        The committed blob itself when it holds this very text: in clear (a note committed
        before encryption, or by a bridge without the key), or sealed under any key held
        (a note sealed before a rotation is not a change). No key is ever made here.
        """
        blob = None if committed is None else self._repo.get(committed)
        if isinstance(blob, pygit2.Blob):
            stored = blob.data
            if stored == data:
                return data
            if is_sealed(stored) and not is_sealed(data):
                try:
                    if self.sealer.readable(stored) == data:
                        return stored
                except NoteLocked:
                    pass
        ring = self.key_file.ring() if self.sealing else None
        return data if ring is None else self.sealer.stored(path, data, lambda: ring)

    def _ring_to_write(self) -> Keyring:
        ring = self.key_file.ring()
        if ring is not None:
            return ring
        foreign = self.sealed_key_ids()
        if foreign:
            raise MemoryKeyUnusable(
                f"This memory's sensitive notes are encrypted with the key {min(foreign)}, "
                "which this machine lacks; nothing was written. Import it with "
                "`memoire key import` (export it with `memoire key export` where it is)."
            )
        return self.key_file.create()

    def sealed_key_ids(self) -> set[str]:
        """The keys the notes at the tips of the local and remote-tracking branches need."""
        found: set[str] = set()
        for tree in self._memory_trees():
            for blob in _blobs(self._repo, tree):
                key = sealed_key_id(blob.read_raw()[:_SNIFF_BYTES])
                if key is not None:
                    found.add(key)
        return found

    def _memory_trees(self) -> Iterator[pygit2.Tree]:
        for name in self._repo.references:
            if not name.startswith(("refs/heads/", "refs/remotes/memoire/")):
                continue
            tree: pygit2.Object = self._repo.references[name].peel(pygit2.Tree)
            if self._subdir:
                try:
                    tree = tree.peel(pygit2.Tree)[self._subdir]
                except KeyError:
                    continue
            if isinstance(tree, pygit2.Tree):
                yield tree

    # The working tree

    def clear_worktree(
        self, root: Path, scratch: Path, paths: Iterable[str] | None = None
    ) -> list[str]:
        """Working-tree copies that hold their index blob's envelope get the note's text.

        A checkout made without the filter (libgit2's, a clone before memoire was set up,
        a bridge that lacked the key) leaves envelopes in the working tree. Only files
        exactly equal to their staged envelope are replaced: a person's edit never is.
        `paths` are memory paths (all notes when None); returns those cleared.
        """
        index = self._repo.index
        index.read(False)
        prefix = f"{self._subdir}/" if self._subdir else ""
        wanted = None if paths is None else {prefix + path for path in paths}
        cleared = []
        for entry in index:
            repo_path = str(entry.path)
            if not repo_path.startswith(prefix) or not repo_path.endswith(".md"):
                continue
            if wanted is not None and repo_path not in wanted:
                continue
            try:
                if self._clear_one(root, scratch, repo_path, str(entry.id)):
                    cleared.append(repo_path.removeprefix(prefix))
            except (MemoireError, OSError) as error:
                logger.warning("%s stays encrypted in the working tree: %s", repo_path, error)
        if cleared:
            # The entries' sizes were the envelopes': Git would call the files modified
            # without looking. Without sizes, it runs the filter and finds them unchanged.
            for path in cleared:
                entry = index[prefix + path]
                index.add(pygit2.IndexEntry(prefix + path, entry.id, entry.mode))
            index.write()
        return cleared

    def _clear_one(self, root: Path, scratch: Path, repo_path: str, blob_id: str) -> bool:
        """A blob is read only once the working-tree file could be its envelope (its size,
        its first line): a pushed blob of any size is otherwise never read."""
        try:
            _, size = self._repo.odb.read_header(blob_id)
        except KeyError:
            return False
        parts = repo_path.split("/")
        with nofollow.folder(root, parts[:-1], repo_path, create=False) as directory:
            if directory is None:
                return False
            head = nofollow.regular_head(directory, parts[-1], repo_path, len(MAGIC))
            if head is None or head != (size, MAGIC):
                return False
            blob = self._repo.get(blob_id)
            if not isinstance(blob, pygit2.Blob) or not is_sealed(stored := blob.data):
                return False
            if nofollow.read_regular(directory, parts[-1], repo_path) != stored:
                return False
            try:
                text = self.readable(stored)
            except NoteLocked:
                return False
            nofollow.replace_file(directory, parts[-1], text, scratch, repo_path)
        return True

    # Reading

    def readable(self, data: bytes, shown: str = "This note") -> bytes:
        return self.sealer.readable(data, shown)

    def in_clear_or_as_is(self, data: bytes) -> bytes:
        return self.sealer.in_clear_or_as_is(data, "This note")


def _setting(config: pygit2.Config, name: str) -> str | None:
    return str(config[name]) if name in config else None


def _blobs(repo: pygit2.Repository, tree: pygit2.Tree) -> Iterator[pygit2.Blob]:
    """The regular files at the top of a memory tree and one folder down."""
    for entry in tree:
        if entry.filemode == FileMode.TREE:
            inner = repo[entry.id]
            assert isinstance(inner, pygit2.Tree)
            for item in inner:
                if item.filemode == FileMode.BLOB:
                    found = repo[item.id]
                    assert isinstance(found, pygit2.Blob)
                    yield found
        elif entry.filemode == FileMode.BLOB:
            found = repo[entry.id]
            assert isinstance(found, pygit2.Blob)
            yield found


def install(repository: Path, subdir: str, layout: Layout, key_file: Path) -> list[str]:
    """Set up this clone: the filter in its local config, the notes declared in its local
    attributes, and (when that changed) the working tree in clear.

    Returns the notes whose working-tree copy was turned from envelope to text. Bridges
    starting together may race on `.git/config`: each waits for the other's lock, and a
    setting that cannot be written is logged (`memoire check` reports it), never fatal.
    """
    repo = open_repository(repository)
    wanted = expected_config(key_file, layout, subdir) | {
        KEY_FILE_SETTING: str(key_file),
        LAYOUT_SETTING: layout.name,
    }
    changed = False
    for name, value in wanted.items():
        changed = _set_setting(repo, name, value) or changed
    changed = declare_attributes(Path(repo.path), subdir) or changed
    workdir = repo.workdir
    if not changed or workdir is None:
        return []
    scratch = Path(repo.path) / "memoire" / "tmp"
    scratch.mkdir(parents=True, exist_ok=True)
    cipher = NoteCipher(repo, subdir, KeyFile(key_file), layout)
    return cipher.clear_worktree(Path(workdir), scratch)


def _set_setting(repo: pygit2.Repository, name: str, value: str) -> bool:
    """Set one local config value unless it says so already; True when it was written."""
    for _ in range(_CONFIG_ATTEMPTS):
        config = repo.config  # read again: another process may have written it meanwhile
        if _setting(config, name) == value:
            return False
        try:
            config[name] = value
        except pygit2.GitError:  # another process holds .git/config.lock
            time.sleep(_CONFIG_WAIT_SECONDS)
            continue
        return True
    logger.warning("could not set %s in the repository's config (locked); run memoire check", name)
    return False


_IN_PROCESS: dict[str, weakref.WeakSet[NoteCipher]] = {}
"""The ciphers of each repository this process has open, by git folder: libgit2's filter
registry is global, and its filter finds the repository's cipher here. Held weakly: a
store no longer used is not kept alive, and its going leaves the others in place."""


class _InProcessFilter(pygit2.Filter):
    """The Git filter for libgit2 itself: the checkout that brings a fetched commit to the
    working tree writes sensitive notes in clear, and sees a note in clear as unchanged."""

    attributes = f"filter={DRIVER}"

    def __init__(self) -> None:
        super().__init__()
        self._chunks: list[bytes] = []
        self._source: tuple[str, str, bool] | None = None

    def check(self, src: pygit2.FilterSource, attr_values: list[str | None]) -> None:
        repo = cast(pygit2.Repository, src.repo)
        self._source = (repo.path, src.path, src.mode == FilterMode.TO_WORKTREE)

    def write(self, data: bytes, src: pygit2.FilterSource, write_next: object) -> None:
        self._chunks.append(data)

    def close(self, write_next: Callable[[bytes], None]) -> None:
        data = b"".join(self._chunks)
        if self._source is not None:
            gitdir, path, to_worktree = self._source
            cipher = next(iter(_IN_PROCESS.get(str(Path(gitdir).resolve()), ())), None)
            if cipher is not None:
                data = cipher.libgit2_filtered(path, data, to_worktree)
        write_next(data)


pygit2.filter_register(DRIVER, _InProcessFilter)
