"""`memoire init` against places it must not half adopt: nothing is created when refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from memoire.bootstrap import create_memory
from memoire.core.errors import NotAdoptable
from memoire.core.layout import ENGLISH, FRENCH
from memoire.storage.opening import is_repository

from ..conftest import git


def test_a_layout_folder_that_links_elsewhere_is_refused_before_git_init(tmp_path: Path) -> None:
    folder = tmp_path / "memory"
    folder.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (folder / "people").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(NotAdoptable, match="in the way of the memory's people/ folder"):
        create_memory(folder, "", ENGLISH)
    assert sorted(path.name for path in folder.iterdir()) == ["people"]


def test_a_file_where_a_layout_folder_goes_is_refused_before_git_init(tmp_path: Path) -> None:
    folder = tmp_path / "memory"
    folder.mkdir()
    (folder / "sujets").write_text("not a folder\n")
    with pytest.raises(NotAdoptable, match="move it aside"):
        create_memory(folder, "", FRENCH)
    assert not (folder / ".git").exists()


def test_markdown_hidden_deep_in_a_folder_still_points_to_import(tmp_path: Path) -> None:
    folder = tmp_path / "vault"
    deep = folder / "a/b/c/d"
    deep.mkdir(parents=True)
    (deep / "Note.MD").write_text("# A note\n")
    (folder / ".git/objects").mkdir(parents=True)
    (folder / ".git/objects/stray.md").write_text("not a note: inside .git\n")
    with pytest.raises(NotAdoptable, match=r"such as a/b/c/d/Note\.MD\)"):
        create_memory(folder, "", ENGLISH)
    assert not is_repository(folder)


def test_a_repository_with_history_is_adopted_even_with_untracked_notes(tmp_path: Path) -> None:
    """A docs repository where the memory is one folder: its own history makes it a real
    repository, so init adds the layout beside the person's untracked drafts."""
    repository = tmp_path / "docs"
    (repository / "memoire").mkdir(parents=True)
    git(repository, "init", "-q", "-b", "main")
    (repository / "index.md").write_text("# Docs\n")
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "docs")
    (repository / "memoire/draft.md").write_text("untracked draft\n")
    assert create_memory(repository, "memoire", ENGLISH) is not None
    assert "memoire/README.md" in git(repository, "ls-files").split()
    assert (repository / "memoire/draft.md").read_text() == "untracked draft\n"
