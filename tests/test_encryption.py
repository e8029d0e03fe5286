"""Sensitive notes are encrypted inside Git and in clear only where the key is.

Real repositories, the real git command line (a person's own `git add`/`commit`, plain
clones), the real filter process Git starts; keys in temporary files.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memoire.bootstrap import create_memory
from memoire.check import check_memory
from memoire.config import Config
from memoire.core.errors import MemoryKeyUnusable, NoteLocked, NoteNotFound
from memoire.core.layout import ENGLISH, FRENCH
from memoire.core.note import Header, parse_note, render_note
from memoire.key_command import export_key, import_key, rotate_key
from memoire.service import MemoryService
from memoire.storage.encryption import MAGIC, NoteSealer, is_sealed, sealed_key_id
from memoire.storage.keys import KeyFile

from .conftest import TODAY, git, make_config, write_config
from .remotes import bare_repository

HEALTH = "topics/health.md"
MUSIC = "topics/music.md"
SECRET_WORDS = "Cardiology appointment in March"
PASSPHRASE = "correct horse battery staple"
HAND_HEADER = (
    "---\ntitle: {title}\ndescription: x\nupdated: 2026-01-01\nsensitive: {sensitive}\n---\n\n"
)

Bridge = Callable[..., MemoryService]


def keyed_config(repository: Path, key_file: Path, **options: object) -> Config:
    config = make_config(repository, **options)  # type: ignore[arg-type]
    memory = dataclasses.replace(config.memory, key_file_override=key_file)
    return dataclasses.replace(config, memory=memory)


@pytest.fixture
def bridge() -> Iterator[Bridge]:
    yield from bridges()


def bridges() -> Iterator[Bridge]:
    """Services on repositories, each with the memory key at its `key_file`."""
    services: list[MemoryService] = []

    def make(repository: Path, key_file: Path, **options: object) -> MemoryService:
        service = MemoryService(keyed_config(repository, key_file, **options), today=lambda: TODAY)
        services.append(service)
        return service

    yield make
    for service in services:
        service.close()


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    return tmp_path / "config" / "memory.key"


@pytest.fixture
def keyed(repository: Path, key_file: Path, bridge: Bridge) -> MemoryService:
    return filled(bridge(repository, key_file))


def filled(service: MemoryService) -> MemoryService:
    """One sensitive note, one public note."""
    service.append(
        "desk", HEALTH, f"{SECRET_WORDS}.", title="Health", description="Doctor", sensitive=True
    )
    service.append(
        "desk", MUSIC, "Loves lovefool.", title="Music", description="Songs", sensitive=False
    )
    return service


def committed(repository: Path, path: str, commit: str = "HEAD") -> bytes:
    return subprocess.run(
        ["git", "-C", str(repository), "cat-file", "blob", f"{commit}:{path}"],
        capture_output=True,
        check=True,
    ).stdout


def status(repository: Path) -> str:
    return git(repository, "status", "--porcelain")


# Stored sealed, in clear in the working tree


def test_a_sensitive_note_is_sealed_in_git_and_in_clear_in_the_working_tree(
    keyed: MemoryService, repository: Path, key_file: Path
) -> None:
    stored = committed(repository, HEALTH)
    assert is_sealed(stored)
    assert SECRET_WORDS.encode() not in stored
    assert b"memoire key import" in stored  # a person opening it without memoire learns how
    assert committed(repository, MUSIC).startswith(b"---\ntitle: Music")
    assert SECRET_WORDS in (repository / HEALTH).read_text()
    assert keyed.read("desk", HEALTH).body.startswith(SECRET_WORDS)
    assert status(repository) == ""
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert not key_file.is_relative_to(repository)


def test_every_write_tool_round_trips_through_the_seal(
    keyed: MemoryService, repository: Path
) -> None:
    first = git(repository, "rev-parse", "HEAD~1").strip()  # the commit that created HEALTH
    steps: dict[str, Callable[[], object]] = {
        "edit": lambda: keyed.edit("desk", HEALTH, "March", "April"),
        "write": lambda: keyed.write(
            "desk",
            HEALTH,
            title="Health",
            description="Doctor",
            sensitive=True,
            body="Rewritten whole.\n",
            version=keyed.read("desk", HEALTH).version,
        ),
        "append": lambda: keyed.append("desk", HEALTH, "One more line."),
        "restore": lambda: keyed.restore("desk", HEALTH, first, keyed.read("desk", HEALTH).version),
    }
    for tool, step in steps.items():
        step()
        stored = committed(repository, HEALTH)
        note = keyed.read("desk", HEALTH)
        assert is_sealed(stored), tool
        assert note.body.encode() not in stored, tool
        assert note.body in (repository / HEALTH).read_text(), tool
        assert status(repository) == "", tool
    assert keyed.read("desk", HEALTH).body.startswith(SECRET_WORDS)  # restored
    history = keyed.history("desk", HEALTH)
    assert any("Rewritten whole." in (entry.diff or "") for entry in history.entries)
    keyed.delete("desk", HEALTH, keyed.read("desk", HEALTH).version)
    assert not (repository / HEALTH).exists()
    assert status(repository) == ""
    imported = HAND_HEADER.format(title="Imported", sensitive="yes") + "From a vault.\n"
    keyed.import_notes(
        {
            "people/imported.md": imported,
            "topics/open.md": HAND_HEADER.format(title="Open", sensitive="no") + "Public.\n",
        }
    )
    assert is_sealed(committed(repository, "people/imported.md"))
    assert (repository / "people/imported.md").read_text() == imported
    assert committed(repository, "topics/open.md").endswith(b"Public.\n")
    assert status(repository) == ""


def test_an_unchanged_note_keeps_its_blob_id(keyed: MemoryService, repository: Path) -> None:
    """Deterministic encryption: a touched file, or one written again, is no change."""
    version = keyed.read("desk", HEALTH).version
    before = git(repository, "rev-parse", f"HEAD:{HEALTH}")
    os.utime(repository / HEALTH, (1, 1))
    assert status(repository) == ""
    git(repository, "add", "--renormalize", ".")
    assert git(repository, "diff", "--cached", "--stat") == ""
    assert git(repository, "rev-parse", f":{HEALTH}") == before
    assert keyed.read("desk", HEALTH).version == version


def test_hand_edits_committed_with_git_are_sealed_by_the_filter(
    keyed: MemoryService, repository: Path
) -> None:
    note = repository / HEALTH
    note.write_text(note.read_text() + "Added by hand.\n")
    assert "+Added by hand." in git(repository, "diff")  # textconv: a readable diff
    git(repository, "commit", "-qam", "by hand")
    assert is_sealed(committed(repository, HEALTH))
    assert b"Added by hand" not in committed(repository, HEALTH)
    assert "Added by hand." in keyed.read("desk", HEALTH).body
    new = repository / "people" / "someone.md"
    new.write_text(HAND_HEADER.format(title="Someone", sensitive="yes") + "Private.\n")
    git(repository, "add", "people/someone.md")
    git(repository, "commit", "-qm", "new sensitive note by hand")
    assert is_sealed(committed(repository, "people/someone.md"))
    assert "+Private." in git(repository, "log", "-p", "-1")
    assert keyed.read("desk", "people/someone.md").body == "Private.\n"
    keyed.append("desk", HEALTH, "The bridge writes after the person.")
    assert status(repository) == ""


def test_turning_a_note_sensitive_encrypts_it_from_that_commit_on(
    keyed: MemoryService, repository: Path
) -> None:
    before = git(repository, "rev-parse", "HEAD").strip()
    note = repository / MUSIC
    note.write_text(note.read_text().replace("sensitive: no", "sensitive: yes"))
    git(repository, "commit", "-qam", "music is private now")
    assert is_sealed(committed(repository, MUSIC))
    assert committed(repository, MUSIC, before).startswith(b"---")  # history keeps the plain one
    assert keyed.read("desk", MUSIC).sensitive
    with pytest.raises(NoteNotFound):
        keyed.read("voice", MUSIC)


def test_a_clone_made_without_memoire_shows_ciphertext_for_sensitive_notes_only(
    keyed: MemoryService, repository: Path, tmp_path: Path
) -> None:
    clone = tmp_path / "plain-clone"
    subprocess.run(["git", "clone", "-q", str(repository), str(clone)], check=True)
    assert (clone / HEALTH).read_bytes().startswith(MAGIC)
    assert SECRET_WORDS not in (clone / HEALTH).read_text()
    assert "Loves lovefool." in (clone / MUSIC).read_text()
    assert status(clone) == ""


def test_a_memoire_clone_with_the_key_turns_the_checkout_to_text(
    keyed: MemoryService, repository: Path, tmp_path: Path, key_file: Path, bridge: Bridge
) -> None:
    clone = tmp_path / "second"
    subprocess.run(["git", "clone", "-q", str(repository), str(clone)], check=True)
    second = bridge(clone, key_file)
    assert SECRET_WORDS in (clone / HEALTH).read_text()
    assert status(clone) == ""
    second.append("desk", HEALTH, "From the clone.")
    assert is_sealed(committed(clone, HEALTH))


def test_a_french_memory_seals_by_its_own_header_words(
    tmp_path: Path, key_file: Path, bridge: Bridge
) -> None:
    repository = tmp_path / "memoire"
    create_memory(repository, "", FRENCH)
    service = bridge(repository, key_file, layout=FRENCH)
    service.append("desk", "sujets/sante.md", "Rendez-vous.", title="Santé", sensitive=True)
    service.append("desk", "sujets/musique.md", "Chansons.", title="Musique", sensitive=False)
    assert is_sealed(committed(repository, "sujets/sante.md"))
    assert b"sensible: non" in committed(repository, "sujets/musique.md")


# A bridge without the key


def test_a_bridge_without_the_key_serves_public_notes_and_locks_sensitive_ones(
    tmp_path: Path, key_file: Path, bridge: Bridge
) -> None:
    remote = bare_repository(tmp_path / "shared.git")
    here, there = tmp_path / "here", tmp_path / "there"
    create_memory(here, "", ENGLISH, str(remote))
    create_memory(there, "", ENGLISH, str(remote))
    owner = bridge(here, key_file, remote=str(remote))
    owner.append("desk", HEALTH, f"{SECRET_WORDS}.", title="Health", sensitive=True)
    owner.append("desk", MUSIC, "Loves lovefool.", title="Music", sensitive=False)
    keyless_file = tmp_path / "other-machine" / "memory.key"
    keyless = bridge(there, keyless_file, remote=str(remote))
    keyless.refresh_from_remote()

    assert keyless.read("voice", MUSIC).body == "Loves lovefool.\n"
    assert [note.path for note in keyless.index("voice").notes] == [MUSIC]
    with pytest.raises(NoteNotFound):
        keyless.read("voice", HEALTH)
    listed = {note.path: note for note in keyless.index("desk").notes}
    assert listed[HEALTH].sensitive
    assert "memoire key import" in (listed[HEALTH].attention or "")
    with pytest.raises(NoteLocked, match="memoire key import"):
        keyless.read("desk", HEALTH)
    with pytest.raises(NoteLocked, match="memoire key import"):
        keyless.append("desk", HEALTH, "Cannot land.")
    with pytest.raises(MemoryKeyUnusable, match="memoire key import"):
        keyless.append("desk", "topics/other.md", "Private too.", title="Other", sensitive=True)
    assert not keyless_file.exists()  # no second key splitting the memory
    assert keyless.search("desk", "cardiology").hits == ()
    assert (there / HEALTH).read_bytes().startswith(MAGIC)  # ciphertext, never garbage
    assert status(there) == ""

    keyless.append("desk", MUSIC, "A public line from the other machine.")
    owner.refresh_from_remote()
    assert "other machine" in owner.read("desk", MUSIC).body

    export = tmp_path / "moved.key"
    export_key(owner.config, export, PASSPHRASE)
    _, cleared = import_key(keyless.config, export, PASSPHRASE)
    assert cleared == [HEALTH]
    assert SECRET_WORDS in (there / HEALTH).read_text()
    assert status(there) == ""
    assert keyless.read("desk", HEALTH).body.startswith(SECRET_WORDS)
    keyless.append("desk", HEALTH, "Now it lands.")
    assert check_memory(owner.config) == []  # another store on the same clone comes and goes
    gc.collect()
    owner.refresh_from_remote()
    assert "Now it lands." in owner.read("desk", HEALTH).body
    assert "Now it lands." in (here / HEALTH).read_text()  # the fetched change, in clear
    assert status(here) == ""


# Keys


def test_export_and_import_carry_the_key_under_a_passphrase(
    keyed: MemoryService, tmp_path: Path
) -> None:
    export = tmp_path / "export.key"
    current = export_key(keyed.config, export, PASSPHRASE)
    assert stat.S_IMODE(export.stat().st_mode) == 0o600
    text = export.read_text()
    ring = KeyFile(keyed.config.memory.key_file).ring()
    assert ring is not None
    assert ring.current == current
    assert ring.current_key.hex() not in text
    other = keyed_config(tmp_path / "elsewhere", tmp_path / "elsewhere.key")
    create_memory(other.memory.repository, "", ENGLISH)
    with pytest.raises(Exception, match="passphrase does not open"):
        import_key(other, export, "not the right passphrase")
    assert not (tmp_path / "elsewhere.key").exists()
    import_key(other, export, PASSPHRASE)
    assert KeyFile(tmp_path / "elsewhere.key").ring() == ring
    with pytest.raises(Exception, match="at least 12"):
        export_key(keyed.config, tmp_path / "short.key", "short")


def test_rotation_reseals_every_sensitive_note_while_writers_keep_writing(
    keyed: MemoryService, repository: Path
) -> None:
    old = sealed_key_id(committed(repository, HEALTH))
    failures: list[BaseException] = []
    appended: list[str] = []

    def writer(number: int) -> None:
        for line in range(5):
            text = f"writer {number} line {line}"
            try:
                keyed.append("desk", HEALTH, text)
                appended.append(text)
            except Exception as error:
                failures.append(error)

    threads = [threading.Thread(target=writer, args=(number,)) for number in range(3)]
    for thread in threads:
        thread.start()
    rotation = rotate_key(keyed.config)
    for thread in threads:
        thread.join()
    assert failures == []
    assert rotation.key != old
    body = keyed.read("desk", HEALTH).body
    assert all(text in body for text in appended)
    assert len(appended) == 15
    assert sealed_key_id(committed(repository, HEALTH)) == rotation.key
    assert status(repository) == ""
    assert check_memory(keyed.config) == []
    keyed.append("desk", HEALTH, "After the rotation.")
    assert sealed_key_id(committed(repository, HEALTH)) == rotation.key


# memoire check


def test_check_reports_a_sensitive_note_in_clear_and_a_filter_it_cannot_install(
    keyed: MemoryService, repository: Path
) -> None:
    assert check_memory(keyed.config) == []
    (repository / "people" / "plain.md").write_text(
        HAND_HEADER.format(title="Plain", sensitive="yes") + "x\n"
    )
    blob = git(repository, "hash-object", "-w", "--no-filters", "people/plain.md").strip()
    git(repository, "update-index", "--add", "--cacheinfo", f"100644,{blob},people/plain.md")
    git(repository, "commit", "-qm", "committed without the filter")
    git(repository, "config", "--unset", "filter.memoire.process")
    (repository / ".git" / "config.lock").write_text("")  # a Git killed while writing
    shutil.rmtree(repository / ".git" / "info")
    (repository / ".git" / "info").write_text("not a folder")
    problems = {problem.path: problem.message for problem in check_memory(keyed.config)}
    assert "filter.memoire.process" in problems[".git/config"]
    assert ".git/info/attributes" in problems
    assert "stored in clear" in problems["people/plain.md"]
    (repository / ".git" / "config.lock").unlink()
    (repository / ".git" / "info").unlink()
    problems = {problem.path: problem.message for problem in check_memory(keyed.config)}
    assert list(problems) == ["people/plain.md"]  # check set the filter up again


def test_the_cli_exports_imports_and_rotates(
    keyed: MemoryService, repository: Path, tmp_path: Path, key_file: Path
) -> None:
    config = write_config(tmp_path, repository, memory=f'key_file = "{key_file}"\n')

    def memoire(*arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memoire", *arguments, "--config", str(config)],
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
        )

    exported = memoire("key", "export", str(tmp_path / "out.key"), stdin=PASSPHRASE + "\n")
    assert exported.returncode == 0, exported.stderr
    again = memoire("key", "export", str(tmp_path / "out.key"), stdin=PASSPHRASE + "\n")
    assert again.returncode == 2
    assert "exists already" in again.stderr
    wrong = memoire("key", "import", str(tmp_path / "out.key"), stdin="wrong passphrase!!\n")
    assert wrong.returncode == 2
    assert "passphrase does not open" in wrong.stderr
    assert "Traceback" not in wrong.stderr
    rotated = memoire("key", "rotate")
    assert rotated.returncode == 0, rotated.stderr
    assert "1 sensitive note(s) re-encrypted" in rotated.stdout
    imported = memoire("key", "import", str(tmp_path / "out.key"), stdin=PASSPHRASE + "\n")
    assert imported.returncode == 0, imported.stderr
    assert keyed.read("desk", HEALTH).body.startswith(SECRET_WORDS)


# The quick reading of a header, held to the YAML one

_VALUE_CHARS = (
    "aZ09 .,;:#'\"&*!|>{}[]?-_=()/+%@`~\\\t"
    "éÉçñßΩжא’–…‰\u2028\u2029\x85\xa0\u200b\u202e\u2000\ufeff\u00c2\x9f\x80"
)


@settings(max_examples=400, deadline=None)
@given(
    keys=st.lists(
        st.sampled_from(["title", "description", "updated", "sensitive", "Sensitive", "other"]),
        min_size=3,
        max_size=5,
    ),
    values=st.lists(
        st.text(alphabet=_VALUE_CHARS, min_size=1, max_size=12), min_size=5, max_size=5
    ),
    label=st.sampled_from(
        ["yes", "no", "Yes", "NO", "oui", "non", "true", "false", "maybe", "no #"]
    ),
)
def test_the_quick_header_reading_agrees_with_yaml(
    keys: list[str], values: list[str], label: str
) -> None:
    lines = [
        f"{key}: {label if key == 'sensitive' else value}"
        for key, value in zip(keys, values, strict=False)
    ]
    text = "---\n" + "\n".join(lines) + "\n---\n\nBody.\n"
    sealer = NoteSealer(KeyFile(Path("/nonexistent")), ENGLISH)
    quick = sealer.label_without_yaml(text.encode())
    if quick is not None:
        assert quick == parse_note(text, ENGLISH, "x").header.sensitive


_BEYOND_ASCII = "aé’–… .\u2028\u2029\x85\x9f\x80\xa0\u2000\u200b\u202e\ufeff"


@settings(max_examples=400, deadline=None)
@given(
    title=st.text(alphabet=_BEYOND_ASCII, max_size=6),
    label=st.sampled_from(["yes", "no", "oui", "non"]),
)
def test_the_quick_header_reading_agrees_with_yaml_on_any_title(title: str, label: str) -> None:
    """The four fields as memoire writes them, a title of any letters: characters YAML
    reads as a line break, or refuses, must never be read as plain."""
    text = (
        f"---\ntitle: é{title}\ndescription: D\nupdated: 2026-11-29\n"
        f"sensitive: {label}\n---\n\nBody.\n"
    )
    sealer = NoteSealer(KeyFile(Path("/nonexistent")), ENGLISH)
    quick = sealer.label_without_yaml(text.encode())
    if quick is not None:
        assert quick == parse_note(text, ENGLISH, "x").header.sensitive


def test_the_quick_header_reading_reads_what_the_bridge_writes() -> None:
    sealer = NoteSealer(KeyFile(Path("/nonexistent")), FRENCH)
    for sensitive in (True, False):
        header = Header("Rendez-vous (mars), 2026", "Chez le médecin", "2026-11-29", sensitive)
        text = render_note(FRENCH, header, "Corps.\n").encode()
        assert sealer.label_without_yaml(text) is sensitive
