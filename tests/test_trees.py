"""Trees written from kept entries (`storage/trees`): the very objects libgit2 would write,
stored so that Git reads them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pygit2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygit2.enums import FileMode

from memoire.storage.loose_objects import LooseObjects
from memoire.storage.trees import FolderEntries

# Names whose order differs between files and folders ("a" as a folder sorts as "a/",
# after "a-b" and "a.md" and before "a0").
_NAMES = ("a", "a-b", "a.md", "a0", "b.md", "é.md", "Z.md", "-.md")


def _blob(repo: pygit2.Repository, text: str) -> str:
    return str(repo.create_blob(text.encode()))


@settings(max_examples=60, deadline=None)
@given(
    existing=st.dictionaries(st.sampled_from(_NAMES), st.booleans(), min_size=0, max_size=8),
    changes=st.lists(
        st.tuples(st.sampled_from(_NAMES), st.sampled_from(["blob", "tree", "remove"])),
        max_size=5,
    ),
)
def test_a_tree_is_the_one_libgit2s_tree_builder_writes(
    tmp_path_factory: pytest.TempPathFactory,
    existing: dict[str, bool],
    changes: list[tuple[str, str]],
) -> None:
    repo = pygit2.init_repository(str(tmp_path_factory.mktemp("repo")), bare=True)
    inner = repo.TreeBuilder()
    inner.insert("x.md", repo.create_blob(b"x"), FileMode.BLOB)
    folder_id = str(inner.write())
    builder = repo.TreeBuilder()
    for name, is_folder in existing.items():
        object_id = folder_id if is_folder else _blob(repo, name)
        builder.insert(
            name, pygit2.Oid(hex=object_id), FileMode.TREE if is_folder else FileMode.BLOB
        )
    tree = repo[builder.write()]
    entries = FolderEntries.of(tree.read_raw())
    assert entries is not None
    for number, (name, kind) in enumerate(changes):
        if kind == "remove":
            entries.set(name, None, FileMode.BLOB)
            if builder.get(name) is not None:
                builder.remove(name)
        else:
            mode = FileMode.TREE if kind == "tree" else FileMode.BLOB
            object_id = folder_id if kind == "tree" else _blob(repo, f"{name} {number}")
            entries.set(name, object_id, mode)
            builder.insert(name, pygit2.Oid(hex=object_id), mode)
    assert len(entries) == len(builder)
    objects = LooseObjects(repo)
    written = entries.write(objects)
    objects.store()
    assert written == builder.write()
    assert isinstance(repo[written], pygit2.Tree)


def test_a_stored_tree_reads_back_through_git_and_passes_fsck(tmp_path: Path) -> None:
    repo = pygit2.init_repository(str(tmp_path / "repo"), bare=True)
    entries = FolderEntries([], [])
    for number in range(300):
        entries.set(f"note-{number}.md", _blob(repo, f"{number}"), FileMode.BLOB)
    objects = LooseObjects(repo)
    tree_id = str(entries.write(objects))
    objects.store()
    loose = tmp_path / "repo" / "objects" / tree_id[:2] / tree_id[2:]
    assert loose.stat().st_mode & 0o777 == 0o444
    listed = subprocess.run(
        ["git", "-C", str(tmp_path / "repo"), "ls-tree", tree_id],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert len(listed) == 300
    assert listed[0].endswith("\tnote-0.md")
    fsck = subprocess.run(
        ["git", "-C", str(tmp_path / "repo"), "fsck", "--strict", "--full", "--unreachable"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert fsck.returncode == 0, fsck.stderr
    assert [line.split()[1] for line in fsck.stdout.splitlines()] == ["tree"]
    assert entries.write(LooseObjects(repo)) == pygit2.Oid(hex=tree_id), "written again: freshened"


@pytest.mark.parametrize(
    "body", [b"100644 b\0" + bytes(20) + b"100644 a\0" + bytes(20), b"100644 a\0" + bytes(5)]
)
def test_a_tree_out_of_order_or_cut_short_is_left_to_libgit2(body: bytes) -> None:
    assert FolderEntries.of(body) is None


@pytest.mark.parametrize("name", ["", ".", "..", ".git", ".GIT", "a/b"])
def test_a_name_git_refuses_in_a_tree_is_left_to_libgit2(name: str) -> None:
    assert not FolderEntries.accepts(name)
