"""A new user's road, run as they run it: `python -m memoire` in a fresh home.

Each test follows an order a newcomer really takes (a token before the first serve, init
after the built-in memory, a memory folder inside a dotfiles repository, a typo in a
command) and asserts they are never stuck: it works, or one line says what to do.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx2
import pytest

from memoire.bootstrap import create_memory
from memoire.core.errors import MemoryMissing
from memoire.core.layout import ENGLISH
from memoire.storage.store import GitStore

from .bridges import free_port, issue_token, running_bridge, stop, wait_for_port
from .conftest import git, write_config


@dataclass(frozen=True)
class Home:
    """A machine on which memoire never ran: its own HOME and XDG folders."""

    root: Path

    @property
    def environment(self) -> dict[str, str]:
        folders = {
            "XDG_CONFIG_HOME": "config",
            "XDG_DATA_HOME": "data",
            "XDG_STATE_HOME": "state",
            "XDG_CACHE_HOME": "cache",
        }
        paths = {name: str(self.root / folder) for name, folder in folders.items()}
        return {**os.environ, "HOME": str(self.root), **paths}

    @property
    def default_memory(self) -> Path:
        return self.root / "data/memoire/memory"

    @property
    def default_config(self) -> Path:
        return self.root / "config/memoire/memoire.toml"

    def run(self, *arguments: str, user: int | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memoire", *arguments],
            capture_output=True,
            text=True,
            env=self.environment,
            user=user,
            timeout=60,
            check=False,
        )

    def serve(self, *arguments: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "memoire", "serve", *arguments],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=self.environment,
        )


@pytest.fixture
def home(tmp_path: Path) -> Home:
    (tmp_path / "home").mkdir()
    return Home(tmp_path / "home")


def whoami(url: str, token: str) -> httpx2.Response:
    return httpx2.get(f"{url}/api/v1/whoami", headers={"Authorization": f"Bearer {token}"})


def commits(repository: Path) -> int:
    return int(git(repository, "rev-list", "--count", "HEAD"))


INIT_COMMITS = 2  # the bridge's signing key in a commit of its own, then the memory


# Trap 1: nothing is created inside a memory that does not exist; init builds on leftovers


def test_a_token_before_the_first_serve_makes_the_default_memory_and_serve_works(
    home: Home,
) -> None:
    added = home.run("token", "add", "voice")
    assert added.returncode == 0, added.stderr
    token = added.stdout.strip()
    assert commits(home.default_memory) == INIT_COMMITS
    port = free_port()
    bridge = home.serve("--port", str(port))
    try:
        wait_for_port(port, bridge)
        url = f"http://127.0.0.1:{port}"
        assert whoami(url, token).json()["client"] == "voice"
        later = home.run("token", "add", "claude-app")
        assert later.returncode == 0, later.stderr
        assert whoami(url, later.stdout.strip()).json()["client"] == "claude-app"
    finally:
        stop(bridge)


def test_a_home_stuck_by_an_earlier_version_gets_its_memory_and_keeps_its_token(
    home: Home,
) -> None:
    """Earlier versions' `token add` left only `.git/memoire/tokens.json` at the default
    memory's place; every command then refused it forever."""
    stuck = home.default_memory / ".git/memoire"
    stuck.mkdir(parents=True)
    (stuck / "tokens.json").write_text(
        '{"tokens": [{"client": "voice", "id": "0badf00d", "sha256": "'
        + "0" * 64
        + '", "created": "2026-11-01T00:00:00+00:00"}]}\n'
    )
    added = home.run("token", "add", "claude-code")
    assert added.returncode == 0, added.stderr
    assert commits(home.default_memory) == INIT_COMMITS
    listed = home.run("token", "list").stdout.splitlines()
    assert [line.split("\t")[0] for line in listed] == ["voice", "claude-code"]


def test_readme_first_command_serves_a_fresh_home(home: Home) -> None:
    port = free_port()
    bridge = home.serve("--port", str(port))
    try:
        wait_for_port(port, bridge)
    finally:
        stop(bridge)
    assert commits(home.default_memory) == INIT_COMMITS
    assert not home.default_config.exists()


@pytest.mark.parametrize(
    "command",
    [
        ("check",),
        ("token", "list"),
        ("token", "revoke", "voice"),
        ("scope", "explain", "--workspace", "/srv/project"),
    ],
)
def test_commands_that_read_a_memory_refuse_a_missing_one_and_create_nothing(
    home: Home, command: tuple[str, ...]
) -> None:
    result = home.run(*command)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"memoire: No memory at {home.default_memory} yet: run `memoire serve` once to "
        "create it there, or make one where you want it with: memoire init PATH"
    ]
    assert not home.default_memory.exists()


def test_a_token_for_an_unknown_client_is_refused_before_the_memory_is_made(home: Home) -> None:
    result = home.run("token", "add", "claude-desktop")
    assert result.returncode == 2
    assert "client 'claude-desktop' has no read right in the access table (clients: " in (
        result.stderr
    )
    assert not home.default_memory.exists()


def test_a_token_for_a_configured_memory_that_does_not_exist_is_refused(
    home: Home, tmp_path: Path
) -> None:
    repository = tmp_path / "memory"
    config = write_config(tmp_path, repository)
    result = home.run("token", "add", "voice", "--config", str(config))
    assert result.returncode == 2
    assert f"Create it with: memoire init {repository}" in result.stderr
    assert not repository.exists()
    assert home.run("init", str(repository), "--config", str(config)).returncode == 0
    assert home.run("token", "add", "voice", "--config", str(config)).returncode == 0


LEFTOVERS: dict[str, Callable[[Path], None]] = {
    "state folder left by an early token add": lambda folder: (
        (folder / ".git/memoire").mkdir(parents=True),
        (folder / ".git/memoire/tokens.json").write_text('{"tokens": []}\n'),
    ),
    "empty .git": lambda folder: (folder / ".git").mkdir(parents=True),
    "repository without commits": lambda folder: (
        folder.mkdir(),
        git(folder, "init", "-q", "-b", "main"),
    ),
    "folder with other files": lambda folder: (
        folder.mkdir(),
        (folder / "todo.txt").write_text("buy milk\n"),
    ),
}


@pytest.mark.parametrize("leftover", sorted(LEFTOVERS))
def test_init_builds_on_what_an_earlier_attempt_left(
    home: Home, tmp_path: Path, leftover: str
) -> None:
    folder = tmp_path / "memory"
    LEFTOVERS[leftover](folder)
    result = home.run("init", str(folder))
    assert result.returncode == 0, result.stderr
    assert "README.md" in git(folder, "ls-files").split()
    assert commits(folder) == INIT_COMMITS
    assert home.run("check").returncode == 0


def test_init_refuses_a_folder_of_notes_before_creating_anything(
    home: Home, tmp_path: Path
) -> None:
    folder = tmp_path / "notes"
    (folder / "ideas").mkdir(parents=True)
    (folder / "README.md").write_text("# My notes\n")
    (folder / "ideas/garden.md").write_text("Plant tomatoes in May.\n")
    result = home.run("init", str(folder))
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1
    assert f"memoire import {folder}" in result.stderr
    assert sorted(path.name for path in folder.iterdir()) == ["README.md", "ideas"]
    assert not home.default_config.exists()


# Trap 2: the memory is exactly the configured folder, never a repository above it


@pytest.fixture
def dotfiles(tmp_path: Path) -> Path:
    """A `$HOME` that is itself a Git repository, with one commit."""
    outer = tmp_path / "dotfiles"
    outer.mkdir()
    git(outer, "init", "-q", "-b", "main")
    (outer / ".bashrc").write_text("alias ll='ls -l'\n")
    git(outer, "add", ".")
    git(outer, "commit", "-qm", "dotfiles")
    return outer


def test_a_plain_folder_inside_another_repository_is_not_a_memory(dotfiles: Path) -> None:
    inner = dotfiles / "memory"
    inner.mkdir()
    with pytest.raises(MemoryMissing) as refusal:
        GitStore(inner)
    assert f'repository = "{dotfiles}"' in refusal.value.message
    assert 'subdir = "memory"' in refusal.value.message
    assert commits(dotfiles) == 1


def test_check_never_reads_the_enclosing_repository(
    home: Home, tmp_path: Path, dotfiles: Path
) -> None:
    inner = dotfiles / "memory"
    inner.mkdir()
    config = write_config(tmp_path, inner)
    result = home.run("check", "--config", str(config))
    assert result.returncode == 2
    assert f"inside the Git repository at {dotfiles}" in result.stderr


@pytest.mark.parametrize("leftover", ["none", "state folder left by an early token add"])
def test_init_inside_another_repository_makes_a_repository_of_its_own(
    home: Home, dotfiles: Path, leftover: str
) -> None:
    inner = dotfiles / "memory"
    if leftover == "none":
        inner.mkdir()
    else:
        LEFTOVERS[leftover](inner)
    result = home.run("init", str(inner))
    assert result.returncode == 0, result.stderr
    assert commits(dotfiles) == 1
    assert git(dotfiles, "ls-files").split() == [".bashrc"]
    assert commits(inner) == INIT_COMMITS
    assert git(inner, "rev-parse", "--show-toplevel").strip() == str(inner)


# Trap 3: init after the built-in memory says what changed; token add needs no restart


def test_init_after_the_built_in_memory_says_what_changed(home: Home, tmp_path: Path) -> None:
    create_memory(home.default_memory, "", ENGLISH)
    chosen = tmp_path / "memory"
    result = home.run("init", str(chosen))
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert f"built-in memory in {home.default_memory} until now; it stays there" in said
    assert f"tokens are kept in {chosen}/.git/memoire/tokens.json" in said
    assert "tokens issued before belong to the old memory" in said
    assert "still running serves the old memory with the old tokens: restart it" in said
    assert commits(home.default_memory) == INIT_COMMITS


def test_init_of_a_first_memory_says_nothing_about_switching(home: Home, tmp_path: Path) -> None:
    result = home.run("init", str(tmp_path / "memory"))
    assert result.returncode == 0, result.stderr
    assert "built-in memory" not in result.stdout


def test_a_token_added_while_the_bridge_runs_opens_it_without_a_restart(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    with running_bridge(config) as bridge:
        first = issue_token(config, "voice")
        assert whoami(bridge.url, first).status_code == 200
        second = issue_token(config, "desk")
        assert whoami(bridge.url, second).json()["client"] == "desk"


# Trap 5: every user mistake is one line on stderr, exit status 2, never a traceback


@dataclass(frozen=True)
class Mistake:
    arguments: Callable[[Path], list[str]]
    says: str
    prepare: Callable[[Path], object] = lambda folder: None
    as_unprivileged_user: bool = False


def _english_memory(folder: Path) -> None:
    create_memory(folder / "memory", "", ENGLISH)


def _configured(folder: Path, text: str = "") -> None:
    _english_memory(folder)
    write_config(folder, folder / "memory", text)


def _occupied_port(folder: Path) -> socket.socket:
    _configured(folder)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    (folder / "port").write_text(str(taken.getsockname()[1]))
    return taken


def _unreadable_config(folder: Path) -> None:
    _configured(folder)
    (folder / "memoire.toml").chmod(0)


def _closed_folder(folder: Path) -> None:
    (folder / "closed").mkdir()
    (folder / "closed").chmod(0o555)


def _serve(folder: Path, *extra: str) -> list[str]:
    return ["serve", "--config", str(folder / "memoire.toml"), *extra]


MISTAKES: dict[str, Mistake] = {
    "init --layout fr on an English memory": Mistake(
        lambda folder: ["init", str(folder / "memory"), "--layout", "fr"],
        "already a memory in the en layout",
        _english_memory,
    ),
    "init on an existing file": Mistake(
        lambda folder: ["init", str(folder / "notes.txt")],
        "is a file, not a folder",
        lambda folder: (folder / "notes.txt").write_text("x\n"),
    ),
    "init under a file": Mistake(
        lambda folder: ["init", str(folder / "notes.txt/memory")],
        "cannot use",
        lambda folder: (folder / "notes.txt").write_text("x\n"),
    ),
    "init with --config pointing to a folder": Mistake(
        lambda folder: ["init", str(folder / "memory"), "--config", str(folder)],
        "is a folder, not a configuration file",
    ),
    "init where the user may not write": Mistake(
        lambda folder: ["init", str(folder / "closed/memory")],
        "permission denied",
        _closed_folder,
        as_unprivileged_user=True,
    ),
    "--port 70000": Mistake(lambda folder: _serve(folder, "--port", "70000"), "not a port"),
    "--port 0": Mistake(lambda folder: _serve(folder, "--port", "0"), "not a port"),
    "--port -1": Mistake(lambda folder: _serve(folder, "--port", "-1"), "not a port"),
    "--port abc": Mistake(lambda folder: _serve(folder, "--port", "abc"), "not a port"),
    "[server] port 70000": Mistake(
        _serve,
        "port 70000 is not a port",
        lambda folder: _configured(folder, "[server]\nport = 70000\n"),
    ),
    "port in use": Mistake(
        lambda folder: _serve(folder, "--port", (folder / "port").read_text()),
        "is in use on 127.0.0.1: stop the other program or pass --port",
        _occupied_port,
    ),
    "host that is not this machine's": Mistake(
        lambda folder: _serve(folder, "--host", "192.0.2.1"),
        "not an address of this machine; pass --host 127.0.0.1",
        _configured,
    ),
    "config file that does not exist": Mistake(
        lambda folder: ["check", "--config", str(folder / "nowhere.toml")],
        "no such configuration file",
    ),
    "config file that is unreadable": Mistake(
        lambda folder: ["check", "--config", str(folder / "memoire.toml")],
        "permission denied",
        _unreadable_config,
        as_unprivileged_user=True,
    ),
    "--config pointing to a folder": Mistake(
        lambda folder: ["serve", "--config", str(folder)],
        "is a folder, not a configuration file",
    ),
    "config that is not UTF-8": Mistake(
        lambda folder: ["check", "--config", str(folder / "memoire.toml")],
        "not UTF-8 text",
        lambda folder: (folder / "memoire.toml").write_bytes(b"[memory]\nrepository = '\xff'\n"),
    ),
    "malformed memoire.toml": Mistake(
        lambda folder: ["check", "--config", str(folder / "memoire.toml")],
        "(at line 2, column 14)",
        lambda folder: (folder / "memoire.toml").write_text("[memory]\nrepository = \n"),
    ),
    "unknown client for stdio": Mistake(
        lambda folder: ["stdio", "--client", "nobody", "--config", str(folder / "memoire.toml")],
        "(clients: desk, observer, voice); use one of them, or add [clients.nobody]",
        _configured,
    ),
    "repository path that may not be read": Mistake(
        lambda folder: ["token", "list", "--config", str(folder / "memoire.toml")],
        "closed/memory: permission denied",
        lambda folder: (
            create_memory(folder / "closed/memory", "", ENGLISH),
            write_config(folder, folder / "closed/memory"),
            (folder / "closed").chmod(0o000),
        ),
        as_unprivileged_user=True,
    ),
    "unknown command": Mistake(lambda folder: ["serv"], "invalid choice: 'serv'"),
}


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder another user may enter, for mistakes only an unprivileged user can make."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        folder.chmod(0o755)
        yield folder
        for path in folder.rglob("*"):
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)


@pytest.mark.parametrize("case", sorted(MISTAKES))
def test_a_user_mistake_is_one_line_and_exit_2(open_folder: Path, case: str) -> None:
    mistake = MISTAKES[case]
    home = Home(open_folder / "home")
    home.root.mkdir(mode=0o777)
    home.root.chmod(0o777)
    held = mistake.prepare(open_folder)
    user = 65534 if mistake.as_unprivileged_user and os.geteuid() == 0 else None
    try:
        result = home.run(*mistake.arguments(open_folder), user=user)
    finally:
        if isinstance(held, socket.socket):
            held.close()
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert mistake.says in lines[0]
    assert "Serving" not in result.stdout
