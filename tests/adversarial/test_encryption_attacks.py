"""Attacks on encrypted notes: plaintext hunted on the remote, damaged and foreign
envelopes, a key file others can read, a pushed `.gitattributes` switching the filter off."""

from __future__ import annotations

import base64
import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from memoire.bootstrap import create_memory
from memoire.check import check_memory, filter_problems
from memoire.core.errors import MemoryKeyUnusable, NoteLocked, NoteNotFound
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from memoire.storage.encryption import MAGIC
from memoire.storage.keys import KeyFile, Keyring
from memoire.storage.note_cipher import install
from memoire.storage.opening import open_repository

from ..conftest import git
from ..remotes import bare_repository
from ..test_encryption import (
    HAND_HEADER,
    HEALTH,
    MUSIC,
    SECRET_WORDS,
    Bridge,
    bridges,
    committed,
    filled,
    keyed_config,
    status,
)

PUBLIC_WORDS = b"Loves lovefool"


@pytest.fixture
def bridge() -> Iterator[Bridge]:
    yield from bridges()


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    return tmp_path / "config" / "memory.key"


@pytest.fixture
def keyed(repository: Path, key_file: Path, bridge: Bridge) -> MemoryService:
    return filled(bridge(repository, key_file))


def every_object(bare: Path) -> bytes:
    """The content of every object the repository holds, loose or packed, decompressed."""
    return subprocess.run(
        ["git", "-C", str(bare), "cat-file", "--batch-all-objects", "--batch"],
        capture_output=True,
        check=True,
    ).stdout


def every_file(bare: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(bare.rglob("*")) if path.is_file())


def commit_raw(repository: Path, path: str, data: bytes, message: str) -> None:
    """Commit exact bytes at a path, past any filter: what a forger with push access does."""
    blob = (
        subprocess.run(
            ["git", "-C", str(repository), "hash-object", "-w", "--no-filters", "--stdin"],
            input=data,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .strip()
    )
    git(repository, "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}")
    git(repository, "commit", "-qm", message)
    git(repository, "checkout", "--", path)


def test_no_object_or_pack_on_the_remote_holds_a_sensitive_note_in_clear(
    tmp_path: Path, key_file: Path, bridge: Bridge
) -> None:
    remote = bare_repository(tmp_path / "shared.git")
    local = tmp_path / "local"
    create_memory(local, "", ENGLISH, str(remote))
    service = bridge(local, key_file, remote=str(remote))
    service.append("desk", HEALTH, f"{SECRET_WORDS}.", title="Health", sensitive=True)
    service.append("desk", HEALTH, "Second visit booked.")
    service.edit("desk", HEALTH, "Second visit", "Follow-up visit")
    service.append("desk", MUSIC, "Loves lovefool.", title="Music", sensitive=False)
    note = local / HEALTH
    note.write_text(note.read_text() + "Edited by hand, pushed with git.\n")
    git(local, "commit", "-qam", "by hand")
    git(local, "push", "-q", str(remote), "main")
    plaintexts = [SECRET_WORDS.encode(), b"Follow-up visit", b"Edited by hand"]

    for stage in ("as pushed", "after git gc"):
        objects, files = every_object(remote), every_file(remote)
        assert PUBLIC_WORDS in objects, stage  # the search does find what is in clear
        for words in plaintexts:
            assert words not in objects, (stage, words)
            assert words not in files, (stage, words)
        subprocess.run(
            ["git", "-C", str(remote), "gc", "-q", "--aggressive", "--prune=now"], check=True
        )
    assert list((remote / "objects" / "pack").glob("*.pack"))  # the last look was at a pack


def test_a_damaged_envelope_is_reported_by_check_and_never_served(
    keyed: MemoryService, repository: Path
) -> None:
    stored = committed(repository, HEALTH)
    lines = stored.split(b"\n")
    flipped = bytes([lines[2][0] ^ 1]) + lines[2][1:]  # one character of the ciphertext
    commit_raw(repository, HEALTH, b"\n".join([*lines[:2], flipped, *lines[3:]]), "damaged")

    with pytest.raises(NoteLocked, match="damaged") as locked:
        keyed.read("desk", HEALTH)
    assert SECRET_WORDS not in str(locked.value)
    with pytest.raises(NoteNotFound):
        keyed.read("voice", HEALTH)
    listed = {note.path: note for note in keyed.index("desk").notes}
    assert "damaged" in (listed[HEALTH].attention or "")
    assert [note.path for note in keyed.index("voice").notes] == [MUSIC]
    with pytest.raises(NoteLocked):
        keyed.append("desk", HEALTH, "Not on top of garbage.")
    problems = {problem.path: problem.message for problem in check_memory(keyed.config)}
    assert "damaged" in problems[HEALTH]

    commit_raw(repository, HEALTH, stored[: len(stored) // 2], "truncated")
    with pytest.raises(NoteLocked, match="damaged"):
        keyed.read("desk", HEALTH)


def test_a_wrong_key_locks_the_notes_and_names_the_key_needed(
    keyed: MemoryService, repository: Path, key_file: Path, bridge: Bridge
) -> None:
    needed = KeyFile(key_file).ring()
    assert needed is not None
    KeyFile(key_file).save(Keyring.fresh())
    keyed = bridge(repository, key_file)  # a bridge that never held the right key
    with pytest.raises(NoteLocked, match="memoire key import") as locked:
        keyed.read("desk", HEALTH)
    assert needed.current in str(locked.value)
    with pytest.raises(NoteLocked):
        keyed.edit("desk", HEALTH, "March", "May")
    problems = {problem.path: problem.message for problem in check_memory(keyed.config)}
    assert needed.current in problems[HEALTH]
    assert keyed.read("voice", MUSIC).body == "Loves lovefool.\n"


def test_a_key_file_others_can_read_is_refused(
    keyed: MemoryService, repository: Path, key_file: Path, bridge: Bridge
) -> None:
    key_file.chmod(0o644)
    with pytest.raises(MemoryKeyUnusable, match="chmod 600"):
        keyed.append("desk", "topics/more.md", "Private.", title="More", sensitive=True)
    with pytest.raises(MemoryKeyUnusable, match="chmod 600"):
        keyed.append("desk", HEALTH, "Not with that key.")
    with pytest.raises(NoteLocked, match="chmod 600"):
        bridge(repository, key_file).read("desk", HEALTH)
    keyed.append("desk", MUSIC, "Public writes go on.")
    key_file.chmod(0o600)
    assert keyed.read("desk", HEALTH).body.startswith(SECRET_WORDS)


def test_a_key_file_that_is_a_link_is_refused(
    keyed: MemoryService, repository: Path, key_file: Path, tmp_path: Path, bridge: Bridge
) -> None:
    moved = tmp_path / "elsewhere.key"
    key_file.rename(moved)
    key_file.symlink_to(moved)
    with pytest.raises(NoteLocked, match="regular file"):
        bridge(repository, key_file).read("desk", HEALTH)


def test_a_damaged_key_file_is_refused_not_replaced(keyed: MemoryService, key_file: Path) -> None:
    ring = json.loads(key_file.read_text())
    ring["keys"][ring["current"]] = base64.b64encode(b"x" * 64).decode()
    key_file.write_text(json.dumps(ring))
    with pytest.raises(MemoryKeyUnusable, match="damaged key"):
        keyed.append("desk", "topics/more.md", "Private.", title="More", sensitive=True)
    assert json.loads(key_file.read_text()) == ring


def test_a_pushed_gitattributes_cannot_switch_the_filter_off(
    keyed: MemoryService, repository: Path
) -> None:
    (repository / ".gitattributes").write_text("*.md -filter -diff\n**/*.md filter=cat\n")
    git(repository, "add", ".gitattributes")
    git(repository, "commit", "-qm", "turn encryption off")
    note = repository / HEALTH
    note.write_text(note.read_text() + "After the attributes changed.\n")
    git(repository, "commit", "-qam", "hand edit")
    assert committed(repository, HEALTH).startswith(MAGIC)
    assert b"After the attributes" not in committed(repository, HEALTH)


def test_without_the_key_git_refuses_to_commit_a_sensitive_note_in_clear(
    keyed: MemoryService, repository: Path, tmp_path: Path, bridge: Bridge
) -> None:
    clone = tmp_path / "keyless"
    subprocess.run(["git", "clone", "-q", str(repository), str(clone)], check=True)
    bridge(clone, tmp_path / "no-key-here")  # installs the filter, with no key to use
    assert (clone / HEALTH).read_bytes().startswith(MAGIC)
    assert status(clone) == ""
    (clone / "people" / "new.md").write_text(HAND_HEADER.format(title="New", sensitive="yes"))
    added = subprocess.run(
        ["git", "-C", str(clone), "add", "people/new.md"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert added.returncode != 0
    assert "memoire key import" in added.stderr
    assert "people/new.md" not in git(clone, "ls-files")


def test_checkout_without_the_key_leaves_envelopes_exactly_as_stored(
    keyed: MemoryService, repository: Path, tmp_path: Path, bridge: Bridge
) -> None:
    stored = committed(repository, HEALTH)
    commit_raw(repository, "topics/broken.md", MAGIC + b"0000\n!!not base64!!\n", "garbage")
    clone = tmp_path / "keyless"
    subprocess.run(["git", "clone", "-q", str(repository), str(clone)], check=True)
    bridge(clone, tmp_path / "no-key-here")
    git(clone, "checkout", "-q", "HEAD~1")
    git(clone, "checkout", "-q", "main")
    assert (clone / HEALTH).read_bytes() == stored
    assert (clone / "topics/broken.md").read_bytes().startswith(MAGIC)
    assert status(clone) == ""


def test_the_audit_log_and_search_index_stay_local_and_hold_no_note_text(
    keyed: MemoryService, repository: Path
) -> None:
    keyed.search("desk", "cardiology")
    state = keyed.config.memory.state_dir
    assert state.is_relative_to(repository / ".git")
    assert SECRET_WORDS.encode() not in (state / "audit.jsonl").read_bytes()
    assert git(repository, "ls-files", "--", ".git") == ""


def test_bridges_starting_together_all_install_the_filter(repository: Path, key_file: Path) -> None:
    """Each start writes the clone's config; Git's config lock must not stop any of them."""
    starts = 8
    barrier = threading.Barrier(starts)
    failures: list[Exception] = []

    def start() -> None:
        barrier.wait()
        try:
            install(repository, "", ENGLISH, key_file)
        except Exception as error:
            failures.append(error)

    threads = [threading.Thread(target=start) for _ in range(starts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    memory = keyed_config(repository, key_file).memory
    assert filter_problems(open_repository(repository), memory) == []
