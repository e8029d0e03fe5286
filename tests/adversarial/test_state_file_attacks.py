"""memoire's own small files (tokens, the memory key, the journal) have one writer:
`nofollow.write_state_file`. A link planted at a file's name is never written through,
a private file is never readable by others (not even its temporary), a crash while
writing leaves the old file whole, and a folder the owner linked (a dotfiles setup) is
followed only where the caller says the owner may have made it."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from memoire.auth.database import AuthDatabase
from memoire.core.errors import Contention, MemoryKeyUnusable, UnusableStateFile
from memoire.storage import nofollow, sqlite_wal
from memoire.storage.keys import KeyFile, Keyring
from memoire.storage.search import SearchIndex
from memoire.storage.summaries import SummaryStore
from memoire.storage.tokens import TokenStore

from ..conftest import fsynced

OUTSIDE_TEXT = "a person's own file\n"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    victim = tmp_path / "outside.txt"
    victim.write_text(OUTSIDE_TEXT)
    return victim


def test_a_state_file_has_the_mode_asked_for_from_its_first_byte(tmp_path: Path) -> None:
    """Tokens wanted 0600 and the shared writer could only make 0644 files."""
    file = tmp_path / "tokens.json"
    file.write_text("old")
    file.chmod(0o644)
    assert nofollow.write_state_file(file, b"new", mode=0o600)
    assert file.read_bytes() == b"new"
    assert _mode(file) == 0o600
    assert [path.name for path in tmp_path.iterdir()] == ["tokens.json"]  # no temporary left


def test_token_and_key_files_stay_private_to_their_owner(tmp_path: Path) -> None:
    tokens = TokenStore(tmp_path / "state" / "tokens.json")
    tokens.add("desk")
    tokens.add("phone")
    assert _mode(tmp_path / "state" / "tokens.json") == 0o600
    key = KeyFile(tmp_path / "config" / "memory.key")
    first = key.create()
    key.save(first.with_key(b"k" * 64))
    assert _mode(key.path) == 0o600
    assert _mode(key.path.parent) == 0o700


def test_a_link_planted_at_a_state_file_is_never_written_through(
    tmp_path: Path, outside: Path
) -> None:
    file = tmp_path / "pending.json"
    file.symlink_to(outside)
    nofollow.write_state_file(file, b"{}")
    assert outside.read_text() == OUTSIDE_TEXT
    assert not file.is_symlink()
    assert file.read_bytes() == b"{}"


def test_a_link_planted_at_the_token_file_is_refused_and_its_target_untouched(
    tmp_path: Path, outside: Path
) -> None:
    file = tmp_path / "tokens.json"
    file.symlink_to(outside)
    with pytest.raises(UnusableStateFile, match=r"tokens\.json is a symbolic link"):
        TokenStore(file).add("desk")
    assert outside.read_text() == OUTSIDE_TEXT
    assert file.is_symlink()


def test_a_link_planted_at_the_key_file_is_refused_and_never_replaced(
    tmp_path: Path, outside: Path
) -> None:
    key = tmp_path / "memory.key"
    key.symlink_to(outside)
    with pytest.raises(MemoryKeyUnusable, match="is a symbolic link"):
        KeyFile(key).ring()
    with pytest.raises(MemoryKeyUnusable, match="is a symbolic link"):
        KeyFile(key).create()  # keeps what is there, then refuses to read it
    assert outside.read_text() == OUTSIDE_TEXT
    assert key.is_symlink()


def test_a_key_file_others_may_read_is_refused_before_it_is_read(tmp_path: Path) -> None:
    key = KeyFile(tmp_path / "memory.key")
    key.create()
    key.path.chmod(0o640)
    with pytest.raises(MemoryKeyUnusable, match=r"chmod 600 .*memoire key rotate"):
        KeyFile(key.path).ring()


def test_a_config_folder_the_owner_linked_is_followed_only_when_allowed(tmp_path: Path) -> None:
    """A config folder kept as a link into a dotfiles repository: the shared writer
    refused it, so tokens and the key could not use it."""
    dotfiles = tmp_path / "dotfiles" / "memoire"
    dotfiles.mkdir(parents=True)
    config = tmp_path / "config-memoire"
    config.symlink_to(dotfiles, target_is_directory=True)
    nofollow.write_state_file(config / "tokens.json", b"{}", mode=0o600, owner_may_link_folder=True)
    assert (dotfiles / "tokens.json").read_bytes() == b"{}"
    with pytest.raises(UnusableStateFile, match="config-memoire is a symbolic link"):
        nofollow.write_state_file(config / "pending.json", b"{}")
    assert not (dotfiles / "pending.json").exists()
    TokenStore(config / "tokens.json").add("desk")
    KeyFile(config / "memory.key").create()
    assert _mode(dotfiles / "memory.key") == 0o600


def test_a_second_first_key_never_replaces_the_first(tmp_path: Path) -> None:
    path = tmp_path / "memory.key"
    first = KeyFile(path).create()
    assert not nofollow.write_state_file(path, Keyring.fresh().to_json(), replace=False)
    assert KeyFile(path).create() == first


_CRASH_WHILE_SAVING = """
import os, sys
from pathlib import Path
from memoire.storage.keys import KeyFile
from memoire.storage.tokens import TokenStore

os.fsync = lambda descriptor: os._exit(9)  # the power goes while the bytes reach the disk
if sys.argv[1] == "tokens":
    TokenStore(Path(sys.argv[2])).add("late")
else:
    key = KeyFile(Path(sys.argv[2]))
    key.save(key.ring().with_key(b"n" * 64))
"""


@pytest.mark.parametrize("kind", ["tokens", "key"])
def test_a_crash_while_saving_leaves_the_old_file_whole(tmp_path: Path, kind: str) -> None:
    """The token file was renamed into place without its bytes ever being synced: after a
    power cut the rename could be on disk and the bytes not (an empty token file)."""
    path = tmp_path / ("tokens.json" if kind == "tokens" else "memory.key")
    if kind == "tokens":
        TokenStore(path).add("desk")
    else:
        KeyFile(path).create()
    before = path.read_bytes()
    crashed = subprocess.run(
        [sys.executable, "-c", _CRASH_WHILE_SAVING, kind, str(path)],
        capture_output=True,
        check=False,
    )
    assert crashed.returncode == 9, crashed.stderr.decode()
    assert path.read_bytes() == before
    assert _mode(path) == 0o600
    if kind == "tokens":  # and the next save works, leftovers or not
        TokenStore(path).add("again")
        assert {record.client for record in TokenStore(path).records()} == {"desk", "again"}
    else:
        assert KeyFile(path).ring() is not None


def test_a_fifo_at_a_state_file_is_replaced_without_being_opened(tmp_path: Path) -> None:
    file = tmp_path / "pending.json"
    os.mkfifo(file)
    nofollow.write_state_file(file, b"{}")
    assert file.read_bytes() == b"{}"


@contextmanager
def _write_lock_held(database: Path, *, for_seconds: float | None) -> Iterator[None]:
    """Another process writing to a new database (rollback journal), as when two processes
    create it at once: SQLite refuses the switch to WAL at once rather than wait for that
    lock (its busy handler is not called, to avoid a deadlock)."""
    other = sqlite3.connect(database, isolation_level=None, check_same_thread=False)
    other.execute("CREATE TABLE IF NOT EXISTS held (x)")
    other.execute("BEGIN IMMEDIATE")
    release = None if for_seconds is None else threading.Timer(for_seconds, other.rollback)
    if release is not None:
        release.start()
    try:
        yield
    finally:
        if release is not None:
            release.join()
        other.rollback()
        other.close()


@pytest.mark.parametrize(
    "opening",
    [
        lambda file: AuthDatabase(file).close(),
        lambda file: SearchIndex(file).close(),
        lambda file: SummaryStore(file, "fingerprint").load(),
    ],
    ids=["sign-in database", "search index", "kept summaries"],
)
def test_a_database_another_process_is_opening_is_waited_for_not_called_damaged(
    tmp_path: Path, opening: Callable[[Path], object]
) -> None:
    """The bridge starting while `memoire owner init` ran lost the race one time in a
    few hundred: "database is locked" came back as a damaged sign-in database to move away."""
    file = tmp_path / "state.sqlite3"
    with _write_lock_held(file, for_seconds=0.3):
        opening(file)
    with sqlite3.connect(file) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_sign_in_database_held_too_long_says_so_and_never_asks_to_move_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_wal, "WAL_SWITCH_SECONDS", 0.2)
    file = tmp_path / "auth.sqlite3"
    with _write_lock_held(file, for_seconds=None), pytest.raises(Contention) as refused:
        AuthDatabase(file)
    assert "held by another memoire process" in str(refused.value)
    assert "Move it away" not in str(refused.value)
    assert file.is_file()


def test_a_state_file_is_there_after_a_power_cut_once_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rename is durable only once its folder is fsynced: without it a power cut could
    lose a confirmed write's journal (then `git commit -a` reverts it), a new token or the
    first memory key while notes encrypted with it are already committed."""
    state = tmp_path / "state"
    state.mkdir()
    synced = fsynced(monkeypatch)
    nofollow.write_state_file(state / "pending.json", b"{}", tmp_path)
    assert synced[-1] == str(state)
    synced.clear()
    nofollow.write_state_file(state / "key", b"k", mode=0o600, replace=False)
    assert synced[-1] == str(state)
