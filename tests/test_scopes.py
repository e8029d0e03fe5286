"""Where project memory lands: the seed's table, and every rule of precedence."""

from __future__ import annotations

from pathlib import Path, PurePath, PurePosixPath

import pytest

from memoire.core.errors import InvalidArgument
from memoire.core.layout import ENGLISH, FRENCH
from memoire.core.scopes import Rule, ScopeResolver, Strategy, find_git_root

from .conftest import git


@pytest.fixture
def myapp(tmp_path: Path) -> Path:
    repository = tmp_path / "src" / "myapp"
    (repository / "backend" / "billing").mkdir(parents=True)
    git(repository, "init", "-q")
    return repository


def resolver(strategy: Strategy = Strategy.PER_REPO, **directories: str) -> ScopeResolver:
    return ScopeResolver(ENGLISH, strategy, directories, find_git_root)


def test_seed_table_no_title_gives_the_repository(myapp: Path) -> None:
    decision = resolver().resolve(workspace=str(myapp / "backend" / "billing"))
    assert (decision.scope, decision.note, decision.rule) == (
        "myapp",
        "projects/myapp.md",
        Rule.PER_REPO,
    )


def test_seed_table_an_explicit_name_wins_in_slug_form(myapp: Path) -> None:
    decision = resolver().resolve(explicit="My Explicit Name", workspace=str(myapp))
    assert (decision.scope, decision.rule) == ("my-explicit-name", Rule.EXPLICIT)


@pytest.mark.parametrize("workspace", [None, "", "/", "/root", "/home/ludo", "/Users/ludo", "~"])
def test_no_workspace_or_a_home_folder_gives_no_scope_and_says_so(workspace: str | None) -> None:
    decision = resolver().resolve(workspace=workspace)
    assert decision.scope is None
    assert decision.note is None
    assert "pass" in decision.reason


def test_the_bridge_users_own_home_is_never_a_project() -> None:
    assert resolver().resolve(workspace=str(Path.home())).scope is None


def test_the_directory_map_beats_the_strategy_and_the_deepest_folder_wins(myapp: Path) -> None:
    mapped = resolver(**{str(myapp): "shop", str(myapp / "backend"): "shop-api"})
    decision = mapped.resolve(workspace=str(myapp / "backend" / "billing"))
    assert (decision.scope, decision.rule) == ("shop-api", Rule.DIRECTORY_MAP)
    assert mapped.resolve(explicit="other", workspace=str(myapp)).scope == "other"


def test_per_directory_uses_the_folder_itself(myapp: Path) -> None:
    decision = resolver(Strategy.PER_DIRECTORY).resolve(workspace=str(myapp / "backend"))
    assert (decision.scope, decision.rule) == ("backend", Rule.PER_DIRECTORY)


def test_per_repo_outside_any_repository_falls_back_to_the_folder_name_and_says_so() -> None:
    decision = resolver().resolve(workspace="/elsewhere/on/the/laptop/Client Work")
    assert (decision.scope, decision.rule) == ("client-work", Rule.PER_REPO_FOLDER)


def test_per_session_and_global() -> None:
    per_session = resolver(Strategy.PER_SESSION)
    assert per_session.resolve(workspace="/x/app", session="ab12").scope == "session-ab12"
    assert per_session.resolve(workspace="/x/app").scope is None
    assert resolver(Strategy.GLOBAL).resolve(workspace="/x/app").scope is None
    assert resolver(Strategy.GLOBAL).resolve(explicit="app").scope == "app"


def test_an_explicit_scope_that_cannot_be_a_slug_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="cannot name a scope"):
        resolver().resolve(explicit="!!!")


def test_french_layout_uses_projets() -> None:
    french = ScopeResolver(FRENCH, Strategy.PER_DIRECTORY)
    assert french.resolve(workspace="/src/labo").note == "projets/labo.md"


def test_windows_workspaces_are_understood() -> None:
    decision = resolver(Strategy.PER_DIRECTORY).resolve(workspace="C:\\Users\\ludo\\src\\My App")
    assert decision.scope == "my-app"
    assert resolver().resolve(workspace="C:\\Users\\ludo").scope is None


def test_find_git_root_walks_up(myapp: Path) -> None:
    assert find_git_root(PurePath(myapp / "backend" / "billing")) == PurePath(myapp)


def test_a_relative_workspace_is_never_read_against_the_bridges_own_folder(
    myapp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(myapp)
    assert find_git_root(PurePosixPath("backend/billing")) is None


def test_a_remote_callers_workspace_is_named_without_looking_at_the_disk(myapp: Path) -> None:
    decision = resolver().resolve(workspace=str(myapp / "backend"), probe_disk=False)
    assert (decision.scope, decision.rule) == ("backend", Rule.PER_REPO_REMOTE)
    assert "not looked up" in decision.reason


def test_the_deepest_allowed_workspace_still_resolves(myapp: Path) -> None:
    deep = myapp.joinpath(*["d"] * (65 - len(myapp.parts)))
    assert len(deep.parts) == 65  # "/" and 64 folders
    decision = resolver(**{str(myapp / "d" / "d"): "mapped"}).resolve(workspace=str(deep))
    assert (decision.scope, decision.rule) == ("mapped", Rule.DIRECTORY_MAP)
    assert resolver().resolve(workspace=str(deep)).scope == "myapp"
    with pytest.raises(InvalidArgument, match="64"):
        resolver().resolve(workspace=str(deep / "one-more"))


def test_the_directory_map_matches_windows_folders_whatever_their_case() -> None:
    mapped = resolver(**{"C:\\Users\\ludo\\src\\App": "windows-app"})
    decision = mapped.resolve(workspace="c:\\users\\LUDO\\src\\app\\backend")
    assert (decision.scope, decision.rule) == ("windows-app", Rule.DIRECTORY_MAP)
