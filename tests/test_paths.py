"""Only allowlisted paths are reachable: nothing escapes the memory or reaches .git."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memoire.core.errors import InvalidPath, ProtectedNote
from memoire.core.layout import ENGLISH, FRENCH
from memoire.core.paths import readable_path, writable_path


@pytest.mark.parametrize(
    "path",
    [
        "profile.md",
        "preferences.md",
        "people/alice.md",
        "projects/memoire-2.md",
        "journal/2026-11-29.md",
    ],
)
def test_allowed_paths_are_accepted(path: str) -> None:
    assert writable_path(path, ENGLISH) == path


@pytest.mark.parametrize(
    "path",
    [
        "../etc/passwd",
        "/etc/passwd",
        "people/../profile.md",
        "people\\alice.md",
        "people/alice.md\x00",
        ".git/config",
        "people/Alice.md",
        "people/alice.txt",
        "people/sub/alice.md",
        "people/.md",
        "secrets.md",
        "personnes/alice.md",
        "",
    ],
)
def test_other_paths_are_refused_with_the_allowed_shapes(path: str) -> None:
    with pytest.raises(InvalidPath, match=r"people/<slug>\.md"):
        readable_path(path, ENGLISH)


def test_readme_is_readable_but_never_writable() -> None:
    assert readable_path("README.md", ENGLISH) == "README.md"
    with pytest.raises(ProtectedNote, match="no tool may change or delete it"):
        writable_path("README.md", ENGLISH)


def test_french_layout_uses_the_seed_names() -> None:
    assert readable_path("profil.md", FRENCH) == "profil.md"
    assert readable_path("personnes/ludo.md", FRENCH) == "personnes/ludo.md"
    with pytest.raises(InvalidPath):
        readable_path("people/ludo.md", FRENCH)


_PATH_ALPHABET = st.sampled_from(
    [
        "a",
        "z",
        "0",
        "-",
        "_",
        ".",
        "..",
        "/",
        "\\",
        "\x00",
        ".git",
        "md",
        ".md",
        "people",
        "topics",
        "profile",
        "é",
        " ",
        "~",
        "$HOME",
        "//",
    ]
)


@given(st.lists(_PATH_ALPHABET, min_size=0, max_size=12).map("".join))
def test_no_accepted_path_leaves_the_memory_or_reaches_git(candidate: str) -> None:
    root = Path("/memory")
    for layout in (ENGLISH, FRENCH):
        try:
            path = readable_path(candidate, layout)
        except InvalidPath:
            continue
        resolved = (root / path).resolve()
        assert resolved.is_relative_to(root)
        assert ".git" not in Path(path).parts
        assert not any(char in path for char in "\\\x00")
        assert all(part not in {"", ".", ".."} for part in path.split("/"))


@given(st.text(max_size=40))
def test_arbitrary_text_is_either_refused_or_an_allowlisted_note(candidate: str) -> None:
    try:
        path = readable_path(candidate, ENGLISH)
    except InvalidPath:
        return
    assert path == "README.md" or path.endswith(".md")
    assert (Path("/memory") / path).resolve().is_relative_to(Path("/memory"))
