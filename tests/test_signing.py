"""memoire signs every commit it makes, and real `git verify-commit` accepts the signature."""

from __future__ import annotations

import stat
import subprocess
import threading
from pathlib import Path

import pytest

from memoire.bootstrap import create_memory
from memoire.core.errors import InvalidPath, SigningKeyUnusable
from memoire.core.layout import ENGLISH
from memoire.storage.signing import (
    ALLOWED_SIGNERS_PATH,
    BridgeKey,
    default_key_path,
    parse_allowed_signers,
    signer_of,
)

from .bridges import memoire_command
from .conftest import ServiceFactory, git, write_config


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder, where the bridge keeps its key: its own for each test."""
    home = tmp_path / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


@pytest.fixture
def memory(tmp_path: Path, data_home: Path) -> Path:
    path = tmp_path / "memory"
    create_memory(path, "", ENGLISH)
    return path


def verify_commit(repository: Path, commit: str) -> subprocess.CompletedProcess[str]:
    """Git's own check, with ssh-keygen, against the allowed signers memoire committed."""
    allowed = repository / ALLOWED_SIGNERS_PATH
    return subprocess.run(
        [
            "git",
            "-C",
            str(repository),
            "-c",
            "gpg.format=ssh",
            "-c",
            f"gpg.ssh.allowedSignersFile={allowed}",
            "verify-commit",
            "--raw",
            commit,
        ],
        capture_output=True,
        text=True,
        check=False,
        env={"HOME": str(repository), "PATH": "/usr/bin:/bin"},
    )


def test_a_memoire_write_is_signed_and_git_verify_commit_accepts_it(
    memory: Path, make_service: ServiceFactory
) -> None:
    service = make_service(memory)
    service.append("desk", "topics/boat.md", "Sailing on the Rhône.", title="Boat", sensitive=False)
    head = git(memory, "rev-parse", "HEAD").strip()
    checked = verify_commit(memory, head)
    assert checked.returncode == 0, checked.stderr
    principal = BridgeKey().principal
    assert f'Good "git" signature for {principal} with ED25519 key' in checked.stderr
    assert "memoire (desk)" in git(memory, "log", "-1", "--format=%cn")


def test_every_commit_memoire_made_is_signed_and_the_key_came_first_on_its_own(
    memory: Path, make_service: ServiceFactory
) -> None:
    make_service(memory).append("desk", "topics/a.md", "one", title="A", sensitive=False)
    commits = git(memory, "rev-list", "--reverse", "HEAD").split()
    for commit in commits:
        assert verify_commit(memory, commit).returncode == 0, commit
    first = git(memory, "show", "--name-only", "--format=%s", commits[0]).split("\n")
    assert first[0].startswith("memoire: add the signing key of bridge ")
    assert [line for line in first[1:] if line] == [ALLOWED_SIGNERS_PATH]
    listed = parse_allowed_signers((memory / ALLOWED_SIGNERS_PATH).read_text())
    assert list(listed) == [BridgeKey().public_blob()]


def test_a_second_bridge_adds_its_key_in_a_signed_commit_of_its_own(
    memory: Path, make_service: ServiceFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "second-machine"))
    make_service(memory).append("desk", "topics/a.md", "two", title="A", sensitive=False)
    added = git(memory, "log", "-2", "--format=%s").splitlines()
    assert added[1].startswith("memoire: add the signing key of bridge ")
    assert len(parse_allowed_signers((memory / ALLOWED_SIGNERS_PATH).read_text())) == 2
    parent = git(memory, "rev-parse", "HEAD~1").strip()
    assert verify_commit(memory, parent).returncode == 0


def test_the_key_lives_outside_the_repository_private_and_is_never_committed(
    memory: Path, make_service: ServiceFactory, data_home: Path
) -> None:
    make_service(memory).append("desk", "topics/a.md", "one", title="A", sensitive=False)
    key = default_key_path()
    assert key.is_relative_to(data_home)
    assert not key.resolve().is_relative_to(memory.resolve())
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    secret_lines = [line for line in key.read_text().splitlines() if "-----" not in line]
    history = git(memory, "log", "--all", "-p", "--format=%H %s")
    names = git(memory, "log", "--all", "--name-only", "--format=")
    assert all(line not in history for line in secret_lines)
    assert key.name not in names
    assert "allowed_signers" in names


def test_a_key_readable_by_others_refuses_the_write_and_commits_nothing(
    memory: Path, make_service: ServiceFactory
) -> None:
    service = make_service(memory)
    service.append("desk", "topics/a.md", "one", title="A", sensitive=False)
    before = git(memory, "rev-parse", "HEAD")
    default_key_path().chmod(0o644)
    fresh = make_service(memory)
    with pytest.raises(SigningKeyUnusable, match="chmod 600"):
        fresh.append("desk", "topics/a.md", "two")
    assert git(memory, "rev-parse", "HEAD") == before


def test_bridges_racing_to_make_the_first_key_end_up_with_one(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "bridge_ed25519"
    keys = [BridgeKey(path) for _ in range(8)]
    blobs: list[bytes] = []
    threads = [threading.Thread(target=lambda k=key: blobs.append(k.public_blob())) for key in keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(blobs)) == 1
    assert sorted(entry.name for entry in path.parent.iterdir()) == ["bridge_ed25519"]


def test_a_signature_verifies_only_for_the_same_bytes_and_a_listed_key(tmp_path: Path) -> None:
    key, other = BridgeKey(tmp_path / "a", "memoire@a"), BridgeKey(tmp_path / "b", "memoire@b")
    allowed = parse_allowed_signers(key.allowed_signers_line())
    armoured = key.sign(b"tree 123\n\nnote\n")
    assert signer_of(armoured, b"tree 123\n\nnote\n", allowed) == "memoire@a"
    assert signer_of(armoured, b"tree 124\n\nnote\n", allowed) is None
    assert signer_of(other.sign(b"x"), b"x", allowed) is None
    assert (
        signer_of("-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----", b"x", allowed)
        is None
    )


def test_memoire_verify_reports_a_fresh_memory_as_explained(
    memory: Path, make_service: ServiceFactory, tmp_path: Path
) -> None:
    make_service(memory).append("desk", "topics/a.md", "one", title="A", sensitive=False)
    git(memory, "commit", "-q", "--allow-empty", "-m", "a person's note to self")
    result = memoire_command("verify", config=write_config(tmp_path, memory))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert "a person's commit (Person <person@example.org>)" in lines[0]
    assert f"signed by bridge {BridgeKey().principal}" in lines[1]
    assert "adds the key of bridge" in result.stdout
    assert "0 unexplained; 0 rewrite(s)." in lines[-1]


def test_no_tool_reads_or_writes_the_allowed_signers_file(
    memory: Path, make_service: ServiceFactory
) -> None:
    service = make_service(memory)
    service.append("desk", "topics/a.md", "one", title="A", sensitive=False)
    before = git(memory, "rev-parse", "HEAD")
    with pytest.raises(InvalidPath):
        service.read("desk", ALLOWED_SIGNERS_PATH)
    with pytest.raises(InvalidPath):
        service.append("desk", ALLOWED_SIGNERS_PATH, "memoire@evil ssh-ed25519 AAAA")
    assert git(memory, "rev-parse", "HEAD") == before
    assert ALLOWED_SIGNERS_PATH not in [note.path for note in service.index("desk").notes]
