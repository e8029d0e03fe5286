"""memoire's own files attacked: the configuration, the token file, the sign-in database,
the memory key, the search index and `.git/info/attributes` replaced by a FIFO, a link (out
of the repository, or to /dev/zero), a folder or a huge file. A FIFO must never hang a
command or the bridge, a link is never followed out, and each refusal names the file and
says what to do."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
import pygit2
import pytest

from memoire import serving
from memoire.adapters import cli
from memoire.auth.database import AuthDatabase
from memoire.bootstrap import create_memory
from memoire.core.errors import MemoryKeyUnusable, UnusableStateFile
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService
from memoire.storage.encryption import MAGIC
from memoire.storage.keys import KeyFile

from ..bridges import issue_token, running_bridge
from ..conftest import git, make_config, write_config
from ..remotes import bare_repository, remote_file
from ..test_encryption import HEALTH, Bridge, bridges, committed, filled
from .bounded import HANG_SECONDS, within_bounded_time

OUTSIDE_TEXT = b"a file of the user's that has nothing to do with the memory\n"

Planter = Callable[[Path, Path], None]


def _fifo(target: Path, _: Path) -> None:
    os.mkfifo(target, 0o600)


def _link_out(target: Path, outside: Path) -> None:
    target.symlink_to(outside)


def _link_to_nothing_outside(target: Path, outside: Path) -> None:
    target.symlink_to(outside.with_name("not-yet-there"))


def _link_to_zero(target: Path, _: Path) -> None:
    target.symlink_to("/dev/zero")


def _folder(target: Path, _: Path) -> None:
    target.mkdir()


PLANTED: dict[str, Planter] = {
    "FIFO": _fifo,
    "link out": _link_out,
    "link to nothing": _link_to_nothing_outside,
    "link to /dev/zero": _link_to_zero,
    "folder": _folder,
}
KINDS = {
    "FIFO": "a FIFO",
    "link out": "a symbolic link",
    "link to nothing": "a symbolic link",
    "link to /dev/zero": "a symbolic link",
    "folder": "a folder",
}


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    file = tmp_path / "elsewhere/notes.txt"
    file.parent.mkdir()
    file.write_bytes(OUTSIDE_TEXT)
    return file


def _plant(target: Path, kind: str, outside: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    PLANTED[kind](target, outside)


def _memoire(config: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """The real CLI; a command blocked for good fails the test instead of hanging it."""
    try:
        return subprocess.run(
            [sys.executable, "-m", "memoire", *arguments, "--config", str(config)],
            capture_output=True,
            text=True,
            check=False,
            timeout=HANG_SECONDS,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"memoire {' '.join(arguments)} hung")


def _assert_untouched(outside: Path) -> None:
    assert outside.read_bytes() == OUTSIDE_TEXT
    assert not outside.with_name("not-yet-there").exists()


def _assert_refused(result: subprocess.CompletedProcess[str], file: Path, kind: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert f"{file} is {KINDS[kind]}" in result.stderr
    assert "Move it away" in result.stderr


# The token file


@pytest.mark.parametrize("kind", PLANTED)
def test_a_token_file_that_is_not_a_regular_file_is_refused_by_the_cli(
    tmp_path: Path, repository: Path, outside: Path, kind: str
) -> None:
    config = write_config(tmp_path, repository)
    tokens = repository / ".git/memoire/tokens.json"
    _plant(tokens, kind, outside)
    for command in (("token", "list"), ("token", "add", "desk")):
        _assert_refused(_memoire(config, *command), tokens, kind)
    _assert_untouched(outside)


@pytest.mark.parametrize("content", [b"", b"not json", b"[1, 2]", b'{"tokens": [{"x": 1}]}'])
def test_a_damaged_token_file_says_what_to_do(
    tmp_path: Path, repository: Path, content: bytes
) -> None:
    config = write_config(tmp_path, repository)
    tokens = repository / ".git/memoire/tokens.json"
    tokens.parent.mkdir(parents=True, exist_ok=True)
    tokens.write_bytes(content)
    result = _memoire(config, "token", "list")
    assert "Traceback" not in result.stderr
    if content:
        assert result.returncode == 2
        assert f"{tokens} is not a token file memoire wrote" in result.stderr
        assert "memoire token add CLIENT" in result.stderr
    else:  # an empty file holds no token: nothing to lose, nothing to refuse
        assert result.returncode == 0, result.stderr


def test_a_huge_token_file_is_refused_without_reading_it_whole(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    tokens = repository / ".git/memoire/tokens.json"
    tokens.parent.mkdir(parents=True, exist_ok=True)
    with tokens.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)  # sparse: costs no disk
    result = _memoire(config, "token", "list")
    assert result.returncode == 2
    assert f"{tokens} is over" in result.stderr


def test_a_link_planted_where_a_token_is_saved_is_not_written_through(
    tmp_path: Path, repository: Path, outside: Path
) -> None:
    """The temporary the new token file was written to had a fixed name: a link there was
    followed and the user's file replaced by the token hashes."""
    config = write_config(tmp_path, repository)
    state = repository / ".git/memoire"
    state.mkdir(parents=True, exist_ok=True)
    (state / "tokens.json.tmp").symlink_to(outside)
    result = _memoire(config, "token", "add", "desk")
    assert result.returncode == 0, result.stderr
    _assert_untouched(outside)
    assert "desk" in _memoire(config, "token", "list").stdout


def test_a_fifo_at_the_token_file_never_stops_the_bridge(tmp_path: Path, repository: Path) -> None:
    """Every request reads the token file: a FIFO there held the event loop for good, so no
    client was answered again. Now each request is refused with 503 (the log names the
    file), the bridge lives, and the tokens work again once the file is back."""
    config = write_config(tmp_path, repository)
    token = issue_token(config, "desk")
    tokens = repository / ".git/memoire/tokens.json"
    saved = tokens.read_bytes()
    with running_bridge(config) as bridge, httpx2.Client(timeout=HANG_SECONDS) as http:
        tokens.unlink()
        os.mkfifo(tokens, 0o600)
        headers = {"Authorization": f"Bearer {token}"}
        try:
            refused = http.get(f"{bridge.url}/api/v1/index", headers=headers)
        except httpx2.TimeoutException:
            pytest.fail("the bridge hung on the FIFO")
        assert refused.status_code == 503
        assert "cannot check tokens" in refused.text
        assert bridge.log is not None
        log = bridge.log.read_text()
        assert f"{tokens} is a FIFO" in log
        assert "Traceback" not in log
        tokens.unlink()
        tokens.write_bytes(saved)
        tokens.chmod(0o600)
        assert http.get(f"{bridge.url}/api/v1/index", headers=headers).status_code == 200


# memoire.toml


@pytest.mark.parametrize("kind", ["FIFO", "link to /dev/zero"])
def test_a_configuration_that_never_ends_is_refused(
    tmp_path: Path, outside: Path, kind: str
) -> None:
    config = tmp_path / "memoire.toml"
    _plant(config, kind, outside)
    result = _memoire(config, "check")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    shown = "a FIFO" if kind == "FIFO" else "a device"
    assert f"{config} is {shown}, not a regular file" in result.stderr
    assert "Pass --config" in result.stderr


def test_a_huge_configuration_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    config = tmp_path / "memoire.toml"
    with config.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    result = _memoire(config, "check")
    assert result.returncode == 2
    assert f"{config} is over" in result.stderr


def test_a_configuration_kept_as_a_dotfile_link_still_works(
    tmp_path: Path, repository: Path
) -> None:
    """Many people link memoire.toml from a dotfiles folder: that link is theirs, followed."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = write_config(dotfiles, repository)
    link = tmp_path / "memoire.toml"
    link.symlink_to(real)
    result = _memoire(link, "check")
    assert result.returncode == 0, result.stderr


# The sign-in database (OAuth and the owner)


@pytest.mark.parametrize("kind", PLANTED)
def test_owner_init_refuses_a_sign_in_database_that_is_not_a_regular_file(
    tmp_path: Path, repository: Path, outside: Path, kind: str
) -> None:
    config = write_config(tmp_path, repository)
    database = repository / ".git/memoire/auth.sqlite3"
    _plant(database, kind, outside)
    _assert_refused(_memoire(config, "owner", "init"), database, kind)
    _assert_untouched(outside)


@pytest.mark.parametrize("side", ["-wal", "-shm", "-journal"])
def test_a_link_at_a_side_file_of_the_sign_in_database_is_not_written_through(
    tmp_path: Path, outside: Path, side: str
) -> None:
    database = tmp_path / "state/auth.sqlite3"
    database.parent.mkdir()
    (database.parent / f"auth.sqlite3{side}").symlink_to(outside)
    with pytest.raises(UnusableStateFile, match=rf"auth\.sqlite3{side} is a symbolic link"):
        AuthDatabase(database)
    _assert_untouched(outside)


def test_a_sign_in_database_that_is_not_sqlite_is_refused_and_kept(tmp_path: Path) -> None:
    database = tmp_path / "auth.sqlite3"
    database.write_bytes(b"not a database" * 100)
    with pytest.raises(UnusableStateFile, match="cannot be used as the sign-in database"):
        AuthDatabase(database)
    assert database.read_bytes() == b"not a database" * 100


# The memory key


def test_a_fifo_at_the_memory_key_is_refused_not_waited_on(tmp_path: Path) -> None:
    key = tmp_path / "memory.key"
    os.mkfifo(key, 0o600)
    with pytest.raises(
        MemoryKeyUnusable, match=r"is a FIFO, not a regular file.*memoire key import"
    ):
        within_bounded_time(KeyFile(key).ring)


@pytest.mark.parametrize("kind", ["folder", "empty file"])
def test_a_memory_key_that_is_a_folder_or_empty_says_to_import_it_again(
    tmp_path: Path, kind: str
) -> None:
    key = tmp_path / "memory.key"
    if kind == "folder":
        key.mkdir(mode=0o700)
    else:
        key.write_bytes(b"")
        key.chmod(0o600)
    with pytest.raises(MemoryKeyUnusable, match="memoire key import"):
        KeyFile(key).ring()


def test_a_huge_memory_key_is_refused_without_reading_it(tmp_path: Path) -> None:
    key = tmp_path / "memory.key"
    with key.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    key.chmod(0o600)
    with pytest.raises(MemoryKeyUnusable, match="is over 1,048,576 bytes, too large to be read"):
        KeyFile(key).ring()


# The search index


@pytest.mark.parametrize("kind", PLANTED)
def test_a_search_index_that_is_not_a_regular_file_is_refused_and_nothing_written_out(
    repository: Path, outside: Path, kind: str
) -> None:
    """SQLite followed a link there: the index (every word of every note, sensitive ones
    too) was written into a file outside the repository."""
    index = repository / ".git/memoire/search.sqlite3"
    _plant(index, kind, outside)
    with pytest.raises(UnusableStateFile, match=f"search.sqlite3 is {KINDS[kind]}"):
        within_bounded_time(lambda: MemoryService(make_config(repository)))
    _assert_untouched(outside)


def test_a_damaged_search_index_is_made_again_from_git(repository: Path) -> None:
    first = MemoryService(make_config(repository))
    first.append("desk", "topics/boats.md", "the harbour at dawn", title="B", sensitive=False)
    first.close()
    (repository / ".git/memoire/search.sqlite3").write_bytes(b"\x00garbage" * 1000)
    service = MemoryService(make_config(repository))
    try:
        hits = service.search("desk", "harbour", 5).hits
        assert [hit.path for hit in hits] == ["topics/boats.md"]
    finally:
        service.close()


# .git/info/attributes (which notes Git encrypts)


@pytest.mark.parametrize("kind", PLANTED)
def test_check_refuses_an_attributes_file_that_is_not_a_regular_file(
    tmp_path: Path, repository: Path, outside: Path, kind: str
) -> None:
    config = write_config(tmp_path, repository)
    attributes = repository / ".git/info/attributes"
    _plant(attributes, kind, outside)
    result = _memoire(config, "check")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert f"{attributes} is {KINDS[kind]}" in result.stderr
    assert "remove it, then run `memoire check`" in result.stderr
    _assert_untouched(outside)


def test_an_attributes_file_removed_or_emptied_by_hand_is_written_again_by_check(
    tmp_path: Path, repository: Path
) -> None:
    config = write_config(tmp_path, repository)
    attributes = repository / ".git/info/attributes"
    assert _memoire(config, "check").returncode == 0
    wanted = attributes.read_text()
    attributes.unlink()
    assert _memoire(config, "check").returncode == 0
    assert attributes.read_text() == wanted
    attributes.write_text("# my own line\n")
    assert _memoire(config, "check").returncode == 0
    assert attributes.read_text() == "# my own line\n" + wanted


# A note renamed by a pushed commit to a name memoire would never write

_NOTE = b"---\ntitle: F\ndescription: d\nupdated: 2026-01-01\nsensitive: no\n---\nmet at sea\n"


def _push_rename(remote: Path, attacker: Path, old: str, new: str) -> None:
    """A commit built by hand (Git's own commands refuse some of these names) and pushed."""
    git(remote.parent, "clone", "-q", str(remote), str(attacker))
    repo = pygit2.Repository(str(attacker))
    head = repo.head.peel(pygit2.Commit)
    folder = head.tree / "people"
    assert isinstance(folder, pygit2.Tree)
    people = repo.TreeBuilder(folder)
    people.remove(old)
    people.insert(new, repo.create_blob(_NOTE), pygit2.enums.FileMode.BLOB)
    root = repo.TreeBuilder(head.tree)
    root.insert("people", people.write(), pygit2.enums.FileMode.TREE)
    eve = pygit2.Signature("eve", "eve@example.org")
    repo.create_commit("refs/heads/main", eve, eve, "rename", root.write(), [head.id])
    git(attacker, "push", "-q", "origin", "main")


@pytest.mark.parametrize(
    "name", ["fr\nank.md", "fr\x01ank.md", "fr..ank.md", "f" * 300 + ".md"], ids=repr
)
def test_a_note_renamed_by_a_pushed_commit_to_an_unwritable_name_wedges_nothing(
    tmp_path: Path, name: str
) -> None:
    """A name too long for the filesystem made the checkout of the pushed commit stop
    half-way: files before it removed or rewritten, the branch left behind, and every such
    note refused for "uncommitted changes" that no one had made. Now that checkout is not
    started (the log says which name to rename): the working tree stays whole at the
    branch it shows, and reads and writes follow the remote as when local edits hold it."""
    remote = bare_repository(tmp_path / "shared.git")
    local = tmp_path / "bridge"
    create_memory(local, "", ENGLISH, str(remote))
    service = MemoryService(make_config(local, remote=str(remote)))
    try:
        service.append("desk", "people/anna.md", "likes tea", title="A", sensitive=False)
        service.append("desk", "people/frank.md", "met at the harbour", title="F", sensitive=False)
        _push_rename(remote, tmp_path / "attacker", "frank.md", name)
        service.append("desk", "people/anna.md", "and sailing")
        again = service.append("desk", "people/frank.md", "back again", title="F", sensitive=False)
        assert again.created  # the renamed note is not one of memoire's names
        assert git(local, "status", "--porcelain") == ""
        assert remote_file(remote, "people/anna.md").endswith("likes tea\nand sailing\n")
        assert service.read("desk", "people/anna.md").body.endswith("likes tea\nand sailing\n")
        assert [note.path for note in service.index("desk").notes] == [
            "people/anna.md",
            "people/frank.md",
        ]
    finally:
        service.close()


# The records of serving bridges


def test_status_skips_a_fifo_or_link_planted_among_the_serving_records(
    tmp_path: Path, repository: Path
) -> None:
    """`memoire status` read every `serving/*.json` whole: a FIFO there hung it, a link to
    /dev/zero read without end."""
    config = write_config(tmp_path, repository)
    clean = _memoire(config, "status")
    serving = repository / ".git/memoire/serving"
    serving.mkdir(parents=True, exist_ok=True)
    os.mkfifo(serving / "4242.json")
    (serving / "4243.json").symlink_to("/dev/zero")
    planted = _memoire(config, "status")
    assert planted.returncode == clean.returncode, planted.stderr
    assert planted.stdout == clean.stdout


def test_a_link_planted_where_the_serving_record_is_written_is_not_written_through(
    tmp_path: Path,
) -> None:
    """The record of a serving bridge was written at the predictable `<pid>.tmp`: a link
    planted there made `serve` overwrite whatever it pointed to."""
    state = tmp_path / "state"
    folder = state / serving.FOLDER
    folder.mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("kept", encoding="utf-8")
    (folder / f"{os.getpid()}.tmp").symlink_to(victim)
    with serving.recorded_serving(state, "http://127.0.0.1:8765"):
        recorded = [bridge.url for bridge in serving.serving_bridges(state)]
    assert victim.read_text(encoding="utf-8") == "kept"
    assert recorded == ["http://127.0.0.1:8765"]


def test_a_full_disk_under_a_command_says_to_free_space() -> None:
    """A command that meets a full disk was told to check its paths, which are right."""
    full = OSError(errno.ENOSPC, "No space left on device", "/srv/memory/notes.md")
    message = cli._path_problem(full)
    assert "free some space" in message
    assert "Check the path" not in message


@pytest.fixture
def bridge() -> Iterator[Bridge]:
    yield from bridges()


def test_a_line_added_after_the_filter_block_cannot_switch_encryption_off(
    repository: Path, tmp_path: Path, bridge: Bridge
) -> None:
    """In one attributes file the last matching line wins: a line added by hand after
    memoire's block (`*.md -filter`) let a person's `git commit` store a sensitive note in
    clear, and neither a restart nor `memoire check` saw it, since the block was still
    there. The block must be the file's last word: it is moved back to the end."""
    key_file = tmp_path / "config/memory.key"
    filled(bridge(repository, key_file))
    attributes = repository / ".git/info/attributes"
    attributes.write_text(attributes.read_text() + "*.md -filter -diff\n")
    bridge(repository, key_file)  # a restart, as after any hand edit
    note = repository / HEALTH
    note.write_text(note.read_text() + "After the attributes changed.\n")
    git(repository, "commit", "-qam", "hand edit")
    assert committed(repository, HEALTH).startswith(MAGIC)
    assert b"After the attributes" not in committed(repository, HEALTH)
    assert "*.md -filter -diff" in attributes.read_text()  # the person's line is kept
