"""Resources running out under memoire: the disk filling up while the owner signs up or an
app's sign-in state is written. Nothing may be left half-written, the refusal must say
what to do, and what was there before must still work once there is room again.

The full disk is a real one: a 1 MiB tmpfs mounted for the test (the tests run as root,
inside the CI root too), filled with ballast."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memoire.auth.database import AuthDatabase
from memoire.core.errors import LowDiskSpace

from ..conftest import write_config


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount_point = tmp_path / "small-disk"
    mount_point.mkdir()
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", str(mount_point)], check=True
    )
    try:
        yield mount_point
    finally:
        if subprocess.run(["umount", str(mount_point)], check=False).returncode != 0:
            subprocess.run(["umount", "-l", str(mount_point)], check=True)


@contextlib.contextmanager
def full(disk: Path, leave_bytes: int = 0) -> Iterator[None]:
    """The disk filled but for about `leave_bytes`, then freed again."""
    ballast = disk / "ballast"
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    with ballast.open("wb") as handle, contextlib.suppress(OSError):
        handle.write(b"\0" * max(free - leave_bytes, 0))
    try:
        yield
    finally:
        ballast.unlink()


def _memoire(config: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memoire", *arguments, "--config", str(config)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize("leave_bytes", [0, 8_000, 40_000])
def test_owner_init_on_a_full_disk_says_so_and_keeps_the_owner(
    tmp_path: Path, repository: Path, small_disk: Path, leave_bytes: int
) -> None:
    """It ended in a traceback (exit 1), or advised moving the database away, which would
    have dropped the owner and every app's approval, for what was only a full disk."""
    config = write_config(tmp_path, repository, memory=f'state_dir = "{small_disk}/state"\n')
    assert _memoire(config, "owner", "init").returncode == 0
    before = _memoire(config, "owner", "status").stdout
    with full(small_disk, leave_bytes):
        reset = _memoire(config, "owner", "init", "--reset")
    assert reset.returncode == 2, reset.stderr
    assert "Traceback" not in reset.stderr
    assert "nothing was changed" in reset.stderr
    assert "free some space, then try again" in reset.stderr
    assert "Move it away" not in reset.stderr
    assert _memoire(config, "owner", "status").stdout == before
    assert _memoire(config, "owner", "init", "--reset").returncode == 0


def test_a_sign_in_database_that_met_a_full_disk_works_again_once_there_is_room(
    small_disk: Path,
) -> None:
    """The running bridge's sign-in writes (an app's approval, a refresh) met a full disk
    as a bare `OperationalError`; now it is a refusal that says to free space, and the
    same open database takes writes again once there is room."""
    database = AuthDatabase(small_disk / "auth.sqlite3")
    database.create_tables(["CREATE TABLE IF NOT EXISTS kept (value BLOB)"])
    with (
        full(small_disk, 16_000),
        pytest.raises(LowDiskSpace, match="free some space"),
        database.transaction() as db,
    ):
        db.execute("INSERT INTO kept VALUES (?)", (os.urandom(100_000),))
    with database.transaction() as db:
        db.execute("INSERT INTO kept VALUES (?)", (b"after",))
    with database.reading() as db:
        assert db.execute("SELECT value FROM kept").fetchall() == [(b"after",)]
    database.close()
