"""`memoire init` and `memoire check`, run as a user runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import git


def memoire(*arguments: str, home: Path) -> subprocess.CompletedProcess[str]:
    environment = {
        **os.environ,
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
    }
    return subprocess.run(
        [sys.executable, "-m", "memoire", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )


def test_init_creates_a_memory_and_its_configuration(tmp_path: Path) -> None:
    result = memoire("init", str(tmp_path / "mem"), home=tmp_path)
    assert result.returncode == 0, result.stderr
    config = tmp_path / "config/memoire/memoire.toml"
    assert f'repository = "{tmp_path / "mem"}"' in config.read_text()
    assert git(tmp_path / "mem", "ls-files").split() == [
        ".memoire/allowed_signers",  # the bridge's signing key, added in its own commit
        "README.md",
        "domains/.gitkeep",
        "journal/.gitkeep",
        "people/.gitkeep",
        "projects/.gitkeep",
        "topics/.gitkeep",
    ]
    committers = git(tmp_path / "mem", "log", "--format=%cn").split("\n")
    assert committers[:2] == ["memoire (init)", "memoire (key)"]
    checked = memoire("check", home=tmp_path)
    assert checked.returncode == 0
    assert "All notes" in checked.stdout


def test_init_is_idempotent_and_keeps_an_existing_configuration(tmp_path: Path) -> None:
    memoire("init", str(tmp_path / "mem"), home=tmp_path)
    again = memoire("init", str(tmp_path / "mem"), home=tmp_path)
    assert "nothing to add" in again.stdout
    assert "left as it is" in again.stdout
    assert git(tmp_path / "mem", "rev-list", "--count", "HEAD").strip() == "2"


def test_init_adopts_a_seed_style_memory_in_a_folder_and_detects_french(tmp_path: Path) -> None:
    repository = tmp_path / "labo"
    (repository / "memoire").mkdir(parents=True)
    git(repository, "init", "-q", "-b", "main")
    (repository / "memoire/profil.md").write_text(
        "---\ntitre: Profil\ndescription: Qui\nmaj: 2026-11-07\nsensible: non\n---\n\nLudo.\n"
    )
    (repository / "doc.md").write_text("the rest of the docs\n")
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "docs")
    config = tmp_path / "memoire.toml"
    result = memoire(
        "init", str(repository), "--subdir", "memoire", "--config", str(config), home=tmp_path
    )
    assert "fr layout" in result.stdout
    assert 'layout = "fr"' in config.read_text()
    assert "personnes/.gitkeep" in git(repository, "ls-files", "memoire")
    assert memoire("check", "--config", str(config), home=tmp_path).returncode == 0


def test_check_lists_every_problem_and_exits_1(tmp_path: Path) -> None:
    repository = tmp_path / "mem"
    memoire("init", str(repository), home=tmp_path)
    (repository / "topics/bad.md").write_text("no header\n")
    (repository / "topics/leak.md").write_text(
        "---\ntitle: L\ndescription: d\nupdated: 2026-01-01\nsensitive: no\n---\n\n"
        "password: hunter2\n"
    )
    (repository / "topics/Wrong Name.md").write_text("x\n")
    (repository / "topics/doubled.md").write_text(
        "---\ntitle: D\ndescription: d\nupdated: 2026-01-01\nsensitive: yes\nsensitive: no\n"
        "---\n\nbody\n"
    )
    (repository / "topics/huge.md").write_text(
        "---\ntitle: H\ndescription: d\nupdated: 2026-01-01\nsensitive: no\n---\n\n"
        + "many words\n" * 3000
    )
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "by hand")
    result = memoire("check", home=tmp_path)
    assert result.returncode == 1
    assert "topics/bad.md: the note does not start with a '---' header" in result.stdout
    assert "topics/leak.md: line 8 looks like a secret" in result.stdout
    assert "withheld from clients without the sensitive right" in result.stdout
    assert "topics/Wrong Name.md: not an allowed note path" in result.stdout
    assert "topics/doubled.md: invalid YAML header: the key 'sensitive' appears twice" in (
        result.stdout
    )
    assert "topics/huge.md: over the 20000-character limit" in result.stdout


def test_check_says_when_only_the_closing_header_line_is_missing(tmp_path: Path) -> None:
    repository = tmp_path / "mem"
    memoire("init", str(repository), home=tmp_path)
    (repository / "topics/open.md").write_text(
        "---\ntitle: Open\ndescription: d\nupdated: 2026-01-01\nsensitive: no\n\nbody\n"
    )
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "by hand")
    result = memoire("check", home=tmp_path)
    assert result.returncode == 1
    assert (
        "topics/open.md: the header's closing '---' line is missing: end the header with a "
        "line '---'"
    ) in result.stdout


def test_check_without_a_memory_says_how_to_create_one(tmp_path: Path) -> None:
    result = memoire("check", home=tmp_path)
    assert result.returncode == 2
    assert "memoire init" in result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            '[memory]\nrepository = "x"\n[clients.bad]\nread = true\nwrite = true\n',
            "write requires sensitive",
        ),
        ('[memory]\nrepository = "x"\ntypo = 1\n', "unknown key(s) typo"),
        ("[memory\n", "not valid TOML"),
        ('[memory]\nrepository = "x"\nlayout = "de"\n', "unknown layout"),
    ],
)
def test_bad_configuration_is_refused_with_the_key_to_fix(
    tmp_path: Path, content: str, message: str
) -> None:
    config = tmp_path / "memoire.toml"
    config.write_text(content)
    result = memoire("check", "--config", str(config), home=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert str(config) in result.stderr
