"""The memory service attacked the way issue 8 did: hand edits, a read-only token, a full disk.

Every test here failed on the code before its fix. Notes are committed by hand with the
real `git` command line, as a person (or anyone who can push to the shared remote) would.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import pytest

from memoire.check import check_memory
from memoire.config import ServerSettings
from memoire.core import secrets
from memoire.core.errors import (
    InvalidArgument,
    InvalidNote,
    NoteNotFound,
    SecretRefused,
    TooLarge,
)
from memoire.core.layout import ENGLISH
from memoire.core.note import parse_note
from memoire.service import MemoryService
from memoire.storage.tokens import TokenStore

from ..bridges import issue_token, read_events, running_bridge
from ..conftest import git, make_config, write_config

PUBLIC = "title: T\ndescription: D\nupdated: 2026-11-01\n"


def commit_by_hand(repository: Path, path: str, text: str) -> str:
    """A note committed by a person (or pushed by anyone), not through memoire."""
    file = repository / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    git(repository, "add", path)
    git(repository, "commit", "-q", "-m", f"hand edit {path}")
    return git(repository, "rev-parse", "HEAD").strip()


def audit_lines(repository: Path) -> list[dict[str, Any]]:
    file = repository / ".git/memoire/audit.jsonl"
    if not file.exists():
        return []
    return [json.loads(line) for line in file.read_text().splitlines()]


def hidden_from_voice(service: MemoryService, path: str) -> bool:
    """Hidden exactly like a missing note, on every read path."""
    try:
        service.read("voice", path)
    except NoteNotFound:
        listed = [note.path for note in service.index("voice").notes]
        found = [hit.path for hit in service.search("voice", "marker").hits]
        return path not in listed and path not in found
    return False


# Duplicated header keys


@pytest.mark.parametrize(
    "sensitive_lines",
    [
        "sensitive: yes\nsensitive: no\n",
        "sensitive: no\nsensitive: yes\n",
        'sensitive: yes\n"sensitive": no\n',
        "sensitive: yes\n'sensitive' : no\n",
        "Sensitive: yes\nsensitive: no\n",
        "sensitive: yes\n? sensitive\n: no\n",
        "sensitive: yes\n!!str sensitive: no\n",
        "base: &b no\nsensitive: *b\n",
        "<<: {sensitive: no}\n",
        "sensitive: no\nextra: {sensitive: yes}\n",
        "sensitive: no\ntitle: again\n",
    ],
    ids=[
        "yes-then-no",
        "no-then-yes",
        "double-quoted",
        "single-quoted",
        "case",
        "explicit-key",
        "tagged-key",
        "alias",
        "merge-key",
        "nested",
        "other-field-twice",
    ],
)
def test_a_header_with_a_duplicated_or_disguised_key_is_hidden_and_listed(
    service: MemoryService, repository: Path, sensitive_lines: str
) -> None:
    text = f"---\n{PUBLIC}{sensitive_lines}---\n\nmarker in the body.\n"
    commit_by_hand(repository, "topics/doubled.md", text)
    assert hidden_from_voice(service, "topics/doubled.md")
    problems = check_memory(make_config(repository))
    assert [problem.path for problem in problems] == ["topics/doubled.md"]


def test_write_sensitive_over_a_duplicated_header_leaves_one_of_each_field(
    service: MemoryService, repository: Path
) -> None:
    text = f"---\n# kept comment\n{PUBLIC}sensitive: yes\nsensitive: no\nmood: calm\n---\n\nx\n"
    commit_by_hand(repository, "topics/doubled.md", text)
    version = service.read("desk", "topics/doubled.md").version
    service.write(
        "desk",
        "topics/doubled.md",
        title="Doubled",
        description="was doubled",
        sensitive=True,
        body="marker stays private.\n",
        version=version,
    )
    assert hidden_from_voice(service, "topics/doubled.md")
    written = (repository / "topics/doubled.md").read_text()
    note = parse_note(written, ENGLISH, "x")
    assert note.is_valid
    assert note.header.sensitive
    header = written.split("---")[1]
    keys = [line.split(":")[0] for line in header.splitlines() if ":" in line]
    assert sorted(k for k in keys if k != "mood") == [
        "description",
        "sensitive",
        "title",
        "updated",
    ]


# README


@pytest.mark.parametrize(
    "header",
    [
        "---\nsensitive: yes\n---\n",
        "---\ntitle: R\nsensitive: no\nsensitive: yes\n---\n",
        "---\ntitle: [unclosed\n---\n",
    ],
    ids=["sensitive", "duplicated", "broken"],
)
def test_a_readme_whose_header_says_sensitive_or_is_broken_is_hidden(
    service: MemoryService, repository: Path, header: str
) -> None:
    commit_by_hand(repository, "README.md", f"{header}\nThe alarm story.\n")
    with pytest.raises(NoteNotFound):
        service.read("voice", "README.md")
    assert "alarm" in service.read("desk", "README.md").body


def test_a_readme_without_a_header_or_saying_no_stays_public(
    service: MemoryService, repository: Path
) -> None:
    assert "memoire" in service.read("voice", "README.md").body.lower()
    commit_by_hand(repository, "README.md", "---\nsensitive: no\n---\n\nPublic readme.\n")
    assert "Public readme." in service.read("voice", "README.md").body


# Audit


def test_reads_keep_working_when_the_audit_log_cannot_be_written(
    service: MemoryService, repository: Path, caplog: pytest.LogCaptureFixture
) -> None:
    service.append("desk", "topics/music.md", "marker jazz", title="Music", sensitive=False)
    audit = repository / ".git/memoire/audit.jsonl"
    audit.unlink()
    audit.symlink_to("/dev/full")  # every write to it fails with ENOSPC, like a full disk
    with caplog.at_level(logging.INFO, logger="memoire"):
        for _ in range(5):
            assert service.read("voice", "topics/music.md").body == "marker jazz\n"
            assert service.index("voice").notes
            assert service.search("voice", "marker").hits
        written = service.append("desk", "topics/music.md", "marker blues")
        assert service.head() == written.commit
        failed = [record for record in caplog.records if "audit" in record.getMessage()]
        assert len(failed) == 1
        audit.unlink()
        service.read("voice", "topics/music.md")
        service.read("voice", "topics/music.md")
    messages = [record.getMessage() for record in caplog.records if "audit" in record.getMessage()]
    assert len(messages) == 2
    assert [line["tool"] for line in audit_lines(repository)] == ["read", "read"]


def test_one_tool_call_is_exactly_one_audit_record(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "projects/myapp.md", "Uses SQLite.", title="myapp", sensitive=False)
    service.append("desk", "preferences.md", "- tea: green", title="Prefs", sensitive=False)
    before = len(audit_lines(repository))
    service.overview("desk", scope="myapp")
    service.preferences("voice")
    service.open_events("voice")
    assert [line["tool"] for line in audit_lines(repository)[before:]] == [
        "index",
        "preferences",
        "events",
    ]


def test_open_events_needs_the_read_right_and_starts_from_the_visible_commit(
    service: MemoryService,
) -> None:
    public = service.append("desk", "topics/music.md", "jazz", title="Music", sensitive=False)
    service.append("desk", "topics/health.md", "private", title="Health", sensitive=True)
    assert service.open_events("voice") == public.commit
    assert service.open_events("desk") == service.head()
    with pytest.raises(Exception, match="no right to read"):
        service.open_events("observer")


# Hidden writes leave no trace for a client without the sensitive right


def test_hidden_writes_change_nothing_a_voice_client_receives(service: MemoryService) -> None:
    service.append("desk", "topics/music.md", "marker jazz", title="Music", sensitive=False)
    service.append("desk", "preferences.md", "- tea: green", title="Prefs", sensitive=False)
    index, prefs = service.index("voice"), service.preferences("voice")
    start = service.open_events("voice")
    service.append("desk", "topics/health.md", "marker private", title="Health", sensitive=True)
    service.append("desk", "topics/health.md", "marker more private")
    assert service.index("voice") == index
    assert service.preferences("voice") == prefs
    assert service.open_events("voice") == start
    assert service.changes("voice", start, service.head()) == []
    assert service.index("desk").commit == service.head()


def test_each_event_carries_the_commit_that_made_it(
    service: MemoryService, repository: Path
) -> None:
    start = service.open_events("voice")
    music = service.append("desk", "topics/music.md", "jazz", title="Music", sensitive=False)
    service.append("desk", "topics/health.md", "private", title="Health", sensitive=True)
    tea = service.append("desk", "topics/tea.md", "green", title="Tea", sensitive=False)
    service.append("desk", "topics/health.md", "more private")
    changes = service.changes("voice", start, service.head())
    assert [(change.path, change.kind, change.commit) for change in changes] == [
        ("topics/music.md", "created", music.commit),
        ("topics/tea.md", "created", tea.commit),
    ]
    assert service.index("voice").commit == tea.commit
    hidden = commit_by_hand(
        repository, "topics/tea.md", "---\nsensitive: yes\n---\n\nnow private\n"
    )
    changes = service.changes("voice", tea.commit, service.head())
    assert [(change.path, change.kind, change.commit) for change in changes] == [
        ("topics/tea.md", "deleted", hidden)
    ]


def test_the_events_stream_of_a_voice_token_never_names_a_hidden_commit(
    service: MemoryService, repository: Path, tmp_path: Path
) -> None:
    config = write_config(tmp_path, repository, "[server]\nheartbeat_seconds = 1\n")
    token = issue_token(config, "voice")
    start = service.open_events("voice")
    music = service.append("desk", "topics/music.md", "jazz", title="Music", sensitive=False)
    service.append("desk", "topics/health.md", "private", title="Health", sensitive=True)
    before = len(audit_lines(repository))
    with running_bridge(config) as bridge:
        lines = read_events(bridge, token, 3, headers={"Last-Event-ID": str(start)})
    assert [line for line in lines if line.startswith("id: ")] == [f"id: {music.commit}"]
    assert [line["tool"] for line in audit_lines(repository)[before:]] == ["events"]


# Size


def test_a_note_over_the_limit_is_listed_as_too_large_and_never_served_whole(
    service: MemoryService, repository: Path
) -> None:
    body = "marker at the start.\n" + "filler words here.\n" * 60_000 + "zanzibar at the end.\n"
    commit_by_hand(repository, "topics/huge.md", f"---\n{PUBLIC}sensitive: no\n---\n\n{body}")
    # 1.1 MB: more than any note of the limit can be stored in, so it is never read (its
    # header neither: a label it cannot know counts as sensitive, as for a broken header)
    listed = {note.path: note for note in service.index("desk").notes}
    assert listed["topics/huge.md"].too_large is True
    assert "topics/huge.md" not in {note.path for note in service.index("voice").notes}
    with pytest.raises(TooLarge, match="split"):
        service.read("desk", "topics/huge.md")
    assert service.search("desk", "marker").hits == ()
    assert service.search("desk", "zanzibar").hits == ()
    problems = check_memory(make_config(repository))
    assert [problem.path for problem in problems] == ["topics/huge.md"]
    assert "20,000-character limit" in problems[0].message


def test_an_oversized_profile_or_preferences_is_shown_without_its_body(
    service: MemoryService, repository: Path
) -> None:
    body = "- tea: green\n" * 3000
    for path in ("profile.md", "preferences.md"):
        commit_by_hand(repository, path, f"---\n{PUBLIC}sensitive: no\n---\n\n{body}")
    shown = service.index("voice").always_shown
    assert [(note.path, note.body) for note in shown] == [
        ("profile.md", ""),
        ("preferences.md", ""),
    ]
    assert all("split it by hand" in note.problems[-1] for note in shown)
    with pytest.raises(TooLarge):
        service.preferences("voice")


# Secrets


@pytest.mark.parametrize("path", ["people/4539148803436467.md", "journal/4539-1488-0343-6467.md"])
def test_a_secret_in_the_path_is_refused(service: MemoryService, path: str) -> None:
    head = service.head()
    with pytest.raises(SecretRefused) as refused:
        service.append("desk", path, "hello", title="Card", sensitive=False)
    assert refused.value.message == secrets.REFUSAL_MESSAGE
    assert service.head() == head


def test_a_hand_committed_secret_is_withheld_from_clients_without_sensitive(
    service: MemoryService, repository: Path
) -> None:
    text = f"---\n{PUBLIC}sensitive: no\n---\n\nmarker wifi at home\npassword: Xk9-tr0ub4dor-77\n"
    commit_by_hand(repository, "topics/wifi.md", text)
    assert hidden_from_voice(service, "topics/wifi.md")
    desk = {note.path: note for note in service.index("desk").notes}
    assert desk["topics/wifi.md"].attention is not None
    assert "line 9" in desk["topics/wifi.md"].attention
    problems = check_memory(make_config(repository))
    assert [problem.path for problem in problems] == ["topics/wifi.md"]
    assert "line 9" in problems[0].message


def test_a_hand_committed_secret_in_a_file_name_is_withheld_from_clients_without_sensitive(
    service: MemoryService, repository: Path
) -> None:
    text = f"---\n{PUBLIC}sensitive: no\n---\n\nmarker the front door\n"
    commit_by_hand(repository, "journal/pin-4821-door-1984.md", text)
    assert hidden_from_voice(service, "journal/pin-4821-door-1984.md")
    desk = {note.path: note for note in service.index("desk").notes}
    attention = desk["journal/pin-4821-door-1984.md"].attention
    assert attention is not None
    assert "file name" in attention
    assert "git mv" in attention
    problems = check_memory(make_config(repository))
    assert [problem.path for problem in problems] == ["journal/pin-4821-door-1984.md"]
    assert "file name" in problems[0].message


# After landing


def test_a_write_that_landed_is_never_answered_as_failed(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", "topics/music.md", "jazz", title="Music", sensitive=False)
    blocker = sqlite3.connect(repository / ".git/memoire/search.sqlite3", isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")  # another process holds the search index
    try:
        landed = service.append("desk", "topics/music.md", "blues")
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert service.head() == landed.commit
    assert [hit.path for hit in service.search("desk", "blues").hits] == ["topics/music.md"]


# Project scopes


def test_a_read_only_client_gets_no_project_scope_and_is_told_why(
    service: MemoryService, tmp_path: Path
) -> None:
    overview = service.overview("voice", workspace=str(tmp_path), scope="myapp")
    assert overview.project.scope is None
    assert "write" in overview.project.reason


@pytest.mark.parametrize(
    "workspace", ["/a" * 2100, "/" + "/".join(["p"] * 65)], ids=["long", "deep"]
)
def test_an_oversized_workspace_is_refused(service: MemoryService, workspace: str) -> None:
    with pytest.raises(InvalidArgument, match="workspace"):
        service.overview("desk", workspace=workspace)


def test_a_remote_callers_workspace_is_never_looked_up_on_the_bridges_disk(
    service: MemoryService, tmp_path: Path
) -> None:
    repository = tmp_path / "secret-client-repo"
    (repository / "inner").mkdir(parents=True)
    git(repository, "init", "-q")
    local = service.overview("desk", workspace=str(repository / "inner"))
    assert local.project.scope == "secret-client-repo"
    remote = service.overview("desk", workspace=str(repository / "inner"), probe_disk=False)
    assert remote.project.scope == "inner"


@pytest.mark.parametrize(("address", "local"), [("127.0.0.1", True), ("203.0.113.9", False)])
async def test_http_callers_are_local_only_from_loopback(
    tmp_path: Path, address: str, local: bool
) -> None:
    from memoire.adapters.http import Guard
    from memoire.adapters.mcp import CALLER_KEY

    tokens = TokenStore(tmp_path / "tokens.json")
    token = tokens.add("desk")
    seen: list[Any] = []

    async def downstream(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        seen.append(scope[CALLER_KEY])

    guard = Guard(downstream, tokens, ServerSettings())
    scope = {
        "type": "http",
        "client": (address, 5000),
        "headers": [(b"authorization", f"Bearer {token}".encode())],
    }

    async def nothing() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def ignore(_: Any) -> None:
        return None

    receive: Callable[[], Awaitable[dict[str, Any]]] = nothing
    await guard(scope, receive, ignore)
    assert [caller.local for caller in seen] == [local]


OVERSIZED_SECRET = "password: Xk9-tr0ub4dor-77\n" + "mdp code pin " * 2_000  # > 20,000 chars


def test_text_too_large_to_store_is_refused_before_the_secret_guard_reads_it(
    service: MemoryService,
) -> None:
    """The guard's cost grows with the text (a megabyte of secret nouns takes it seconds):
    every write that could never be stored says so first, without the guard's work."""
    service.append("desk", "topics/nas.md", "marker NAS", title="NAS", sensitive=False)
    refusals: list[Callable[[], object]] = [
        lambda: service.write(
            "desk",
            "topics/big.md",
            title="Big",
            description="",
            sensitive=False,
            body=OVERSIZED_SECRET,
        ),
        lambda: service.edit("desk", "topics/nas.md", "marker NAS", OVERSIZED_SECRET),
        lambda: service.import_notes(
            {"topics/imported.md": "---\ntitle: Big\n---\n\n" + OVERSIZED_SECRET}
        ),
    ]
    for refusal in refusals:
        with pytest.raises(TooLarge, match="the limit is 20000"):
            refusal()
    with pytest.raises(TooLarge):
        service.append("desk", "topics/nas.md", OVERSIZED_SECRET)


def test_an_append_s_oversized_description_is_refused_before_the_guard_reads_it(
    service: MemoryService,
) -> None:
    with pytest.raises(InvalidNote, match=r"The description is \d+ characters"):
        service.append(
            "desk",
            "topics/new.md",
            "a line",
            title="New",
            description=OVERSIZED_SECRET.replace("\n", " "),
            sensitive=False,
        )
