"""Git's index edited by memoire (`storage/index_file`): the file Git itself would write.

Each case edits a real index with `IndexFile` and the same changes with
`git update-index` on a copy, then compares what Git reads from both.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memoire.storage.index_file import IndexFile

# Names chosen so Git's byte order interleaves files and folders: "a-b.md" < "a.b/…" <
# "a.md" < "a/…" < "a0.md" < "ab/…".
_FOLDERS = ("a", "a.b", "ab")
_FILES = ("-.md", "a.md", "m.md", "zz.md")
_POOL = tuple(
    ["a-b.md", "a.md", "a0.md", "b.md"]
    + [f"{folder}/{name}" for folder in _FOLDERS for name in _FILES]
)


def _git(repository: Path, *arguments: str, index: Path | None = None, stdin: str = "") -> str:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(repository)}
    if index is not None:
        env["GIT_INDEX_FILE"] = str(index)
    return subprocess.run(
        ["git", "-C", str(repository), *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout


def _repository(folder: Path, paths: list[str]) -> Path:
    """A repository whose index holds `paths` (staged with git add, stat data and all)."""
    repository = folder / "repo"
    _git(folder, "init", "-q", str(repository))
    for path in paths:
        (repository / path).parent.mkdir(parents=True, exist_ok=True)
        (repository / path).write_text(f"{path}\n")
    if paths:
        _git(repository, "add", "--", *paths)
    return repository


def _blob(repository: Path, text: str) -> str:
    return _git(repository, "hash-object", "-w", "--stdin", stdin=text).strip()


def _by_git(repository: Path, changes: dict[str, str | None]) -> str:
    """`git ls-files --stage` after Git itself made the changes, on a copy of the index."""
    copy = repository / ".git" / "index.by-git"
    shutil.copyfile(repository / ".git/index", copy)
    for path, blob in changes.items():
        if blob is None:
            _git(repository, "update-index", "--force-remove", "--", path, index=copy)
        else:
            _git(
                repository,
                "update-index",
                "--add",
                "--cacheinfo",
                f"100644,{blob},{path}",
                index=copy,
            )
    staged = _git(repository, "ls-files", "--stage", index=copy)
    copy.unlink()
    return staged


@settings(max_examples=30, deadline=None)
@given(
    existing=st.sets(st.sampled_from(_POOL), min_size=1),
    chosen=st.lists(st.sampled_from(_POOL), unique=True, max_size=6),
    removing=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_new_changed_and_removed_entries_are_what_git_itself_writes(
    existing: set[str], chosen: list[str], removing: list[bool]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        repository = _repository(Path(folder), sorted(existing))
        changes: dict[str, str | None] = {}
        for path, remove in zip(chosen, removing, strict=False):
            changes[path] = None if remove else _blob(repository, f"new {path}\n")
        expected = _by_git(repository, changes)
        assert IndexFile(repository / ".git").update(changes)
        assert _git(repository, "ls-files", "--stage") == expected
        assert _checksum_holds(repository)
        assert not (repository / ".git/index.lock").exists()


def test_entries_are_inserted_and_removed_in_a_row_without_parsing_again(tmp_path: Path) -> None:
    """The layout kept from the last write is moved along with the bytes it describes."""
    repository = _repository(tmp_path, ["b.md", "d/x.md", "f.md"])
    index = IndexFile(repository / ".git")
    blobs = {path: _blob(repository, path) for path in ("a.md", "c.md", "d/y.md", "g.md")}
    steps: list[dict[str, str | None]] = [
        {"c.md": blobs["c.md"]},
        {"a.md": blobs["a.md"], "g.md": blobs["g.md"]},
        {"b.md": None, "d/y.md": blobs["d/y.md"]},
        {"c.md": blobs["a.md"], "f.md": None},
        {"g.md": None, "a.md": None},
    ]
    for changes in steps:
        expected = _by_git(repository, changes)
        assert index.update(changes)
        assert _git(repository, "ls-files", "--stage") == expected
        assert index.blob_ids(changes) == changes
        assert _checksum_holds(repository)
    assert _git(repository, "ls-files") == "c.md\nd/x.md\nd/y.md\n"


@pytest.mark.parametrize(
    ("staged", "path"),
    [
        (["a.md"], "a.md/x.md"),  # a file where the new note's folder would be
        (["a/x.md"], "a"),  # a folder where the new note would be
    ],
)
def test_a_new_entry_with_something_in_its_way_is_left_to_libgit2(
    tmp_path: Path, staged: list[str], path: str
) -> None:
    repository = _repository(tmp_path, staged)
    before = (repository / ".git/index").read_bytes()
    assert not IndexFile(repository / ".git").update({path: _blob(repository, "x")})
    assert (repository / ".git/index").read_bytes() == before
    assert not (repository / ".git/index.lock").exists()


def test_an_index_of_version_4_is_left_to_libgit2(tmp_path: Path) -> None:
    repository = _repository(tmp_path, ["a.md"])
    _git(repository, "update-index", "--index-version", "4")
    before = (repository / ".git/index").read_bytes()
    assert not IndexFile(repository / ".git").update({"b.md": _blob(repository, "x")})
    assert not IndexFile(repository / ".git").update({"a.md": None})
    assert (repository / ".git/index").read_bytes() == before


def test_entries_out_of_gits_order_are_left_to_libgit2(tmp_path: Path) -> None:
    """An index whose entries are not in order cannot say where a new one goes."""
    repository = _repository(tmp_path, ["b.md", "c.md"])
    index = repository / ".git/index"
    data = bytearray(index.read_bytes()[:-20])
    first, second = 12, 12 + 72  # two entries of 62 + 4 + padding bytes each
    data[first : first + 72], data[second : second + 72] = (
        data[second : second + 72],
        data[first : first + 72],
    )
    index.write_bytes(bytes(data) + hashlib.sha1(data, usedforsecurity=False).digest())
    before = index.read_bytes()
    assert not IndexFile(repository / ".git").update({"a.md": _blob(repository, "x")})
    assert index.read_bytes() == before


def _checksum_holds(repository: Path) -> bool:
    """Git reads an index without checking its checksum (only `git fsck` does): checked here."""
    data = (repository / ".git/index").read_bytes()
    return hashlib.sha1(data[:-20], usedforsecurity=False).digest() == data[-20:]


def _large_repository(folder: Path, count: int) -> tuple[Path, list[str]]:
    """A repository whose index holds `count` entries (well past 64 KiB), one blob for all."""
    repository = _repository(folder, [])
    blob = _blob(repository, "shared\n")
    paths = [f"folder-{number % 7}/note-{number:05}.md" for number in range(count)]
    _git(
        repository,
        "update-index",
        "--index-info",
        stdin="".join(f"100644 {blob}\t{path}\n" for path in paths),
    )
    return repository, sorted(paths)


def test_changes_in_a_row_across_a_large_index_keep_gits_checksum(tmp_path: Path) -> None:
    """The checksum is taken again from the checkpoint before each change: changes in the
    first, a middle and the last 64 KiB, one after another, each give the index Git writes,
    checksum included."""
    repository, paths = _large_repository(tmp_path, 3_000)
    assert (repository / ".git/index").stat().st_size > 3 * 2**16
    index = IndexFile(repository / ".git")
    picks = [paths[0], paths[len(paths) // 2], paths[-1], paths[len(paths) // 3], paths[1]]
    for number, path in enumerate(picks):
        changes: dict[str, str | None] = {path: _blob(repository, f"change {number}\n")}
        if number == 3:
            changes["folder-3/inserted.md"] = _blob(repository, "inserted\n")
        expected = _by_git(repository, changes)
        assert index.update(changes)
        assert _git(repository, "ls-files", "--stage") == expected
        assert _checksum_holds(repository)


@pytest.mark.parametrize("failing", ["folder-2/inserted.md", "folder-6/note-02995.md"])
def test_a_write_that_failed_is_not_what_the_next_one_starts_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    """The kept bytes are changed in place and the checksum states moved on: when the
    rename fails (a full disk, a person's lock), the next write starts from the file."""
    repository, paths = _large_repository(tmp_path, 3_000)
    index = IndexFile(repository / ".git")
    assert index.update({paths[-2]: _blob(repository, "first\n")})
    replace = Path.replace

    def refused(self: Path, target: Path) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", refused)
    with pytest.raises(OSError, match="No space"):
        index.update({failing: _blob(repository, "lost\n")})
    monkeypatch.setattr(Path, "replace", replace)
    assert not (repository / ".git/index.lock").exists()
    changes: dict[str, str | None] = {paths[-1]: _blob(repository, "after\n")}
    expected = _by_git(repository, changes)
    assert index.update(changes)
    assert _git(repository, "ls-files", "--stage") == expected
    assert _checksum_holds(repository)


def test_an_index_known_by_its_checksum_is_not_read_whole_and_any_other_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index memoire last wrote is told by its size and the checksum that ends it, not
    read whole again; an index Git rewrote with another entry of the same size (a blob id
    changed: same length, other checksum) is read and changed as Git left it."""
    repository, paths = _large_repository(tmp_path, 3_000)
    index = IndexFile(repository / ".git")
    assert index.update({paths[10]: _blob(repository, "first\n")})
    reads: list[int] = []
    read_file = IndexFile._read_file

    def counted(self: IndexFile) -> object:
        reads.append(1)
        return read_file(self)

    monkeypatch.setattr(IndexFile, "_read_file", counted)
    changes: dict[str, str | None] = {paths[20]: _blob(repository, "second\n")}
    assert index.blob_ids([paths[20]]) is not None
    assert index.update(changes)
    assert reads == []
    size = (repository / ".git/index").stat().st_size
    by_git = _blob(repository, "by git\n")
    _git(repository, "update-index", "--cacheinfo", f"100644,{by_git},{paths[30]}")
    assert (repository / ".git/index").stat().st_size == size
    assert index.blob_ids([paths[30]]) == {paths[30]: by_git}
    assert reads == [1]
    changes = {paths[40]: _blob(repository, "third\n")}
    expected = _by_git(repository, changes)
    assert index.update(changes)
    assert _git(repository, "ls-files", "--stage") == expected
    assert _checksum_holds(repository)
