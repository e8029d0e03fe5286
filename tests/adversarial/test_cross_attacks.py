"""Attacks on the merged bridge with fresh eyes: what users and attackers send that the
first round of hardening did not try. Every test here failed on the merged main before its fix.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest

from memoire.check import check_memory
from memoire.core.errors import (
    InvalidArgument,
    InvalidNote,
    InvalidPath,
    NoteNotFound,
    PassageNotFound,
    SecretRefused,
    TooLarge,
)
from memoire.service import MemoryService

from ..conftest import ServiceFactory, git, make_config

HIDDEN = (
    "---\ntitle: Eve\ndescription: health\nupdated: 2026-11-01\nsensitive: yes\n---\n\n"
    "diagnosis: flu\n"
)


def commit_by_hand(repository: Path, path: str, text: str) -> str:
    file = repository / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    git(repository, "add", path)
    git(repository, "commit", "-q", "-m", f"hand edit {path}")
    return git(repository, "rev-parse", "HEAD").strip()


def git_blob_id(text: str) -> str:
    """The id Git gives a file holding `text`: anyone can compute it from a guess."""
    data = text.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


# Event ids: a Last-Event-ID that is not a commit


def test_a_last_event_id_naming_a_blob_is_no_oracle_for_a_hidden_notes_text(
    service: MemoryService, repository: Path
) -> None:
    """A voice client guesses a hidden note's text and sends its blob id as Last-Event-ID:
    the right guess must answer exactly like a wrong one (it used to crash the stream)."""
    commit_by_hand(repository, "people/eve.md", HIDDEN)
    head = service.head()
    right = git_blob_id(HIDDEN)
    wrong = git_blob_id(HIDDEN.replace("flu", "cold"))
    tree = git(repository, "rev-parse", "HEAD:people").strip()

    assert service.changes("voice", right, head) == service.changes("voice", wrong, head) == []
    assert service.changes("voice", tree, head) == []
    assert service.changes("desk", right, head) == []


# Header values a YAML reader would take apart


@pytest.mark.parametrize(
    "value",
    ["tab\there", "delete\x7fchar", "escape\x1b[31m", "c1\x9bcontrol", "nonchar\ufffe"],
    ids=["tab", "delete", "escape", "c1-control", "noncharacter"],
)
def test_a_title_with_a_control_character_is_written_and_read_back_exactly(
    service: MemoryService, value: str
) -> None:
    """Created, rewritten, then appended to: the header always reads back as written."""
    created = service.write(
        "desk", "topics/odd.md", title=value, description=value, sensitive=False, body="b\n"
    )
    first = service.read("voice", "topics/odd.md")
    service.write(
        "desk",
        "topics/odd.md",
        title=value + "!",
        description=value,
        sensitive=False,
        body="b\n",
        version=created.version,
    )
    service.append("desk", "topics/odd.md", "more")
    again = service.read("voice", "topics/odd.md")

    assert (first.title, first.description, first.problems) == (value, value, ())
    assert (again.title, again.description, again.problems) == (value + "!", value, ())


@pytest.mark.parametrize(
    "value",
    [
        "line\u2028separator",
        "para\u2029separator",
        "next\x85line",
        "vertical\x0btab",
        "form\x0cfeed",
    ],
    ids=["U+2028", "U+2029", "NEL", "VT", "FF"],
)
def test_a_title_holding_a_line_break_of_any_kind_is_refused(
    service: MemoryService, value: str
) -> None:
    """YAML (and every editor) breaks the line there: the header would say something else."""
    with pytest.raises(InvalidNote, match="must be a single line; put details in the body"):
        service.write(
            "desk", "topics/odd.md", title=value, description="", sensitive=False, body="b"
        )
    with pytest.raises(InvalidNote, match="must be a single line; put details in the body"):
        service.append("desk", "topics/odd.md", "x", title="T", description=value, sensitive=False)
    with pytest.raises(NoteNotFound):
        service.read("desk", "topics/odd.md")


# Workspaces


def test_a_workspace_holding_a_nul_is_refused_with_what_to_do(
    service: MemoryService, tmp_path: Path
) -> None:
    """The folders before the NUL exist, so looking the workspace up reaches it."""
    with pytest.raises(InvalidArgument, match="Pass the project's folder as an absolute path"):
        service.overview("desk", workspace=f"{tmp_path}/\x00shop")


# Hand-made notes that end right after their header


HEADER_ONLY = "---\ntitle: T\ndescription: D\nupdated: 2026-11-01\nsensitive: no\n---"


def test_a_rewrite_of_a_note_ending_at_its_closing_dashes_keeps_the_header_closed(
    service: MemoryService, repository: Path
) -> None:
    """The body used to run on into the closing `---`: answered OK, the note left broken
    and hidden from the voice client."""
    commit_by_hand(repository, "topics/bare.md", HEADER_ONLY)
    version = service.read("desk", "topics/bare.md").version

    service.write(
        "desk",
        "topics/bare.md",
        title="T",
        description="D",
        sensitive=False,
        body="new body\n",
        version=version,
    )
    seen = service.read("voice", "topics/bare.md")

    assert (seen.body, seen.problems) == ("new body\n", ())


# memoire check


def test_check_names_a_link_a_folder_or_a_submodule_committed_at_a_note_path(
    repository: Path,
) -> None:
    """memoire never shows nor writes what stands there; check used to say all was well."""
    (repository / "people/link.md").symlink_to("/etc/passwd")
    (repository / "people/folder.md").mkdir()
    (repository / "people/folder.md/inner.md").write_text("x\n", encoding="utf-8")
    (repository / "profile.md").mkdir()
    (repository / "profile.md/inner.md").write_text("x\n", encoding="utf-8")
    git(repository, "add", "-A")
    blob = git(repository, "rev-parse", "HEAD:README.md").strip()
    git(repository, "update-index", "--add", "--cacheinfo", f"160000,{blob},topics/module.md")
    git(repository, "commit", "-q", "-m", "odd entries by hand")

    found = {problem.path: problem.message for problem in check_memory(make_config(repository))}

    kinds = {
        "people/link.md": "a link",
        "people/folder.md": "a folder",
        "profile.md": "a folder",
        "topics/module.md": "a submodule",
    }
    for path, kind in kinds.items():
        assert found[path] == (
            f"{kind} stands where a note should be: memoire neither shows it nor writes "
            "there. Replace it with a regular file (git rm it, then commit)."
        )


# The audit log keeps no client text


def audit_lines(repository: Path) -> list[dict[str, object]]:
    file = repository / ".git/memoire/audit.jsonl"
    return [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines()]


def test_a_refused_path_is_not_copied_into_the_audit_log(
    service: MemoryService, repository: Path
) -> None:
    """A read-only client sending megabyte paths filled the disk through the audit log, and
    a path refused as a secret was kept there verbatim."""
    for _ in range(3):
        with pytest.raises(InvalidPath):
            service.read("voice", "people/" + "x" * 1_000_000)
    with pytest.raises(SecretRefused):
        service.append("desk", "people/4539148803436467.md", "x", title="T", sensitive=False)
    service.read("voice", "README.md")

    lines = audit_lines(repository)
    log = (repository / ".git/memoire/audit.jsonl").read_text(encoding="utf-8")

    assert [(line["tool"], line["path"], line["outcome"]) for line in lines] == [
        ("read", None, "invalid_path"),
        ("read", None, "invalid_path"),
        ("read", None, "invalid_path"),
        ("append", None, "secret"),
        ("read", "README.md", "ok"),
    ]
    assert "4539148803436467" not in log
    assert len(log) < 2_000


# Control characters in a body


@pytest.mark.parametrize(
    "text",
    ["before\x00after", "hidden\x1b[2K\x1b[1Aline", "bell\x07", "delete\x7f"],
    ids=["NUL", "terminal-escape", "bell", "delete"],
)
def test_text_with_a_control_character_is_refused_with_nothing_written(
    service: MemoryService, text: str
) -> None:
    """A NUL made Git show the note as binary (its later changes hidden from `git diff`);
    escapes hide lines from a person reading it in a terminal."""
    created = service.append("desk", "topics/log.md", "first", title="Log", sensitive=False)
    refused = "holds a control character .*nothing was written. Remove it and send plain text"

    with pytest.raises(InvalidNote, match=refused):
        service.append("desk", "topics/log.md", text)
    with pytest.raises(InvalidNote, match=refused):
        service.edit("desk", "topics/log.md", "first", text)
    with pytest.raises(InvalidNote, match=refused):
        service.write(
            "desk",
            "topics/log.md",
            title="Log",
            description="",
            sensitive=False,
            body=text,
            version=created.version,
        )
    assert service.read("desk", "topics/log.md").version == created.version
    service.append("desk", "topics/log.md", "tab\tand\r\nbreaks are plain text")
    assert service.read("desk", "topics/log.md").body.endswith(
        "tab\tand\r\nbreaks are plain text\n"
    )


# What a read-only client is told about the remote


@pytest.mark.parametrize(
    "url",
    [
        "https://me:p@ss@git.example/memory.git",
        "https://me:p@ss:w@rd@git.example/memory.git",
    ],
    ids=["at-in-password", "several-at-signs"],
)
def test_no_part_of_the_remotes_credentials_reaches_a_client(
    repository: Path, make_service: ServiceFactory, url: str
) -> None:
    """A password holding '@' (Git reads the userinfo up to the last '@') was cut at its
    first '@' and the rest sent to every client, the voice one included."""
    service = make_service(repository, remote=url)

    remote = service.overview("voice").remote

    assert remote is not None
    assert remote.url == "https://git.example/memory.git"


# Refusals say what to do


def test_an_edit_of_a_header_passage_says_to_rewrite_with_write(service: MemoryService) -> None:
    """'Read the note again and copy the passage exactly' sent the model round in circles:
    the passage was copied exactly, from the header, which edit never changes."""
    created = service.append("desk", "people/frank.md", "likes tea", title="Frank", sensitive=False)

    with pytest.raises(PassageNotFound) as refused:
        service.edit("desk", "people/frank.md", "title: Frank", "title: Francis")

    assert refused.value.message == (
        "The passage is in the header of people/frank.md, which edit does not change. To "
        "change the title, description or sensitive, rewrite the note with write, passing "
        f"its version {created.version}."
    )


def test_a_note_that_would_outgrow_the_limit_is_refused_in_plain_words(
    service: MemoryService,
) -> None:
    service.append("desk", "topics/a.md", "a", title="A", sensitive=False)

    with pytest.raises(TooLarge) as refused:
        service.edit("desk", "topics/a.md", "a", "b" * 30_000)

    assert refused.value.message.startswith(
        "The new passage for topics/a.md is 30000 characters; the limit is 20000."
    )


# The commit a client without the sensitive right is told about


def hidden_commits_by_hand(repository: Path, count: int) -> None:
    """`count` commits that each change only a sensitive note, as a person's pushes would
    bring them, made in one go by `git fast-import`."""
    branch = git(repository, "symbolic-ref", "HEAD").strip()
    head = git(repository, "rev-parse", "HEAD").strip()
    stream = []
    for day in range(count):
        text = HIDDEN + "".join(f"day {n}\n" for n in range(day + 1))
        message = f"diary day {day}"
        stream.append(
            f"commit {branch}\ncommitter Person <person@example.org> {1_700_000_000 + day} +0000\n"
            f"data {len(message)}\n{message}\n"
            + (f"from {head}\n" if day == 0 else "")
            + f"M 100644 inline journal/diary.md\ndata {len(text.encode())}\n{text}\n"
        )
    subprocess.run(
        ["git", "-C", str(repository), "fast-import", "--quiet"],
        input="".join(stream),
        text=True,
        check=True,
    )


def test_a_long_run_of_hidden_writes_never_moves_the_voice_clients_commit(
    repository: Path, make_service: ServiceFactory
) -> None:
    """Past 256 hidden-only commits the walk stopped and answered a hidden commit, one that
    moved with every further hidden write (seen after a restart, or a first request)."""
    service = make_service(repository)
    service.append("desk", "people/bob.md", "likes tea", title="Bob", sensitive=False)
    public = service.index("voice").commit

    hidden_commits_by_hand(repository, 300)
    fresh = make_service(repository)

    assert fresh.index("voice").commit == public
    assert fresh.open_events("voice") == public
    assert service.index("voice").commit == public
