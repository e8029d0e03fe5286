"""`memoire log`: the audit log read back, filtered, never with content, robust to bad lines."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memoire.audit_query import moment
from memoire.core.errors import InvalidArgument, NoteNotFound, SecretRefused
from memoire.service import MemoryService

from .bridges import memoire_command
from .conftest import write_config

CONTENT = "The zebra is called Quillfeather."
QUERY = "Quillfeather"
SECRET_LINE = "password: hunter2-Quillfeather"
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture
def used(repository: Path, make_service: Any) -> MemoryService:
    """A memory some clients used: writes, a search, a refused secret, a missing note."""
    service: MemoryService = make_service(repository)
    service.append("desk", "topics/zoo.md", CONTENT, title="Zoo", sensitive=False)
    service.search("voice", QUERY)
    service.read("voice", "topics/zoo.md")
    with pytest.raises(SecretRefused):
        service.append("desk", "topics/zoo.md", SECRET_LINE)
    with pytest.raises(NoteNotFound):
        service.read("voice", "topics/nowhere.md")
    return service


def audit_file(repository: Path) -> Path:
    return repository / ".git/memoire/audit.jsonl"


def log(config: Path, *arguments: str) -> list[str]:
    result = memoire_command("log", *arguments, config=config)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout.splitlines()


def test_the_audit_log_holds_no_content_no_query_and_no_refused_text(
    used: MemoryService, repository: Path
) -> None:
    raw = audit_file(repository).read_text(encoding="utf-8")
    assert QUERY not in raw
    assert "hunter2" not in raw
    assert "zebra" not in raw
    assert len(raw.splitlines()) == 5


def test_log_lists_every_call_with_who_what_and_how_it_ended(
    used: MemoryService, repository: Path, tmp_path: Path
) -> None:
    config = write_config(tmp_path, repository)

    lines = log(config)

    columns = [line.split("\t") for line in lines]
    assert [(client, tool, outcome) for _, client, tool, outcome, *_ in columns] == [
        ("desk", "append", "ok"),
        ("voice", "search", "ok"),
        ("voice", "read", "ok"),
        ("desk", "append", "secret"),
        ("voice", "read", "not_found"),
    ]
    assert columns[0][4] == "topics/zoo.md"
    assert columns[0][5] == git_head(repository)[:10]
    assert QUERY not in "\n".join(lines)


def git_head(repository: Path) -> str:
    from .conftest import git

    return git(repository, "rev-parse", "HEAD").strip()


def test_log_filters_by_client_tool_outcome_time_and_limit(
    used: MemoryService, repository: Path, tmp_path: Path
) -> None:
    config = write_config(tmp_path, repository)

    def tools(*arguments: str) -> list[tuple[str, str, str]]:
        return [tuple(line.split("\t")[1:4]) for line in log(config, *arguments)]  # type: ignore[misc]

    assert tools("--client", "voice") == [
        ("voice", "search", "ok"),
        ("voice", "read", "ok"),
        ("voice", "read", "not_found"),
    ]
    assert tools("--tool", "append") == [("desk", "append", "ok"), ("desk", "append", "secret")]
    assert tools("--outcome", "secret") == [("desk", "append", "secret")]
    assert tools("--client", "voice", "--tool", "read", "--outcome", "ok") == [
        ("voice", "read", "ok")
    ]
    assert len(tools("--since", "1h")) == 5
    assert tools("--until", "2h") == []
    assert tools("--since", "2000-01-01", "--until", "2000-01-02") == []
    today = datetime.now().astimezone().date().isoformat()
    assert len(tools("--since", today, "--until", today)) == 5
    assert tools("--limit", "2") == [("desk", "append", "secret"), ("voice", "read", "not_found")]
    entries = [json.loads(line) for line in log(config, "--json", "--tool", "search")]
    assert [(entry["client"], entry["size"], entry["path"]) for entry in entries] == [
        ("voice", 1, None)
    ]


def test_malformed_or_truncated_lines_are_skipped_and_counted(
    used: MemoryService, repository: Path, tmp_path: Path
) -> None:
    config = write_config(tmp_path, repository)
    good = audit_file(repository).read_bytes().splitlines(keepends=True)
    bad = [
        b"not json at all\n",
        b'{"time": "2026-11-30T10:00:00+00:00", "client": "desk", "to\n',  # cut by a crash
        b"[1, 2, 3]\n",
        b'{"time": "2026-11-30T10:00:00+00:00", "client": "desk"}\n',  # no tool
        b'{"time": "yesterday", "client": "desk", "tool": "read", "outcome": "ok"}\n',
        b'{"time": "2026-11-30T10:00:00", "client": "desk", "tool": "read", "outcome": "ok"}\n',
        b'{"time": "2026-11-30T10:00:00+00:00", "client": 7, "tool": "read", "outcome": "ok"}\n',
        b'{"time": "2026-11-30T10:00:00+00:00", "client": "x", "tool": "r", "size": "big"}\n',
        b'{"time": "2026-11-30T10:00:00+00:00", "client": "x", "tool": "r", "extra": 1}\n',
        b"\xff\xfe garbage bytes\n",
        b"\n",
    ]
    mixed = good[:2] + bad + good[2:]
    audit_file(repository).write_bytes(b"".join(mixed) + b'{"time": "2026-11-30T1')

    result = memoire_command("log", config=config)

    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    assert len(result.stdout.splitlines()) == 5
    assert result.stderr.strip() == (
        f"memoire: skipped {len(bad) + 1} malformed line(s) in {audit_file(repository)}."
    )


def test_a_memory_never_used_has_no_log_and_says_so(repository: Path, tmp_path: Path) -> None:
    config = write_config(tmp_path, repository)

    result = memoire_command("log", config=config)

    assert result.returncode == 0
    assert result.stdout == ""
    assert "No audit log yet" in result.stderr


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (("--since", "yesterday"), "is not a time"),
        (("--until", "2026-13-45"), "is not a time"),
        (("--since", "5 hours"), "is not a time"),
        (("--limit", "0"), "--limit must be 1 or more"),
    ],
)
def test_a_bad_filter_is_one_clear_line_and_exit_2(
    repository: Path, tmp_path: Path, arguments: tuple[str, ...], says: str
) -> None:
    config = write_config(tmp_path, repository)

    result = memoire_command("log", *arguments, config=config)

    assert result.returncode == 2
    assert says in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_moments_are_durations_back_from_now_or_iso_dates() -> None:
    assert moment("90s", NOW) == NOW - timedelta(seconds=90)
    assert moment("30m", NOW) == NOW - timedelta(minutes=30)
    assert moment("2h", NOW) == NOW - timedelta(hours=2)
    assert moment("3d", NOW) == NOW - timedelta(days=3)
    assert moment("1w", NOW) == NOW - timedelta(weeks=1)
    assert moment("2026-11-29T08:00:00+01:00", NOW) == datetime(2026, 11, 29, 7, tzinfo=UTC)
    local_midnight = datetime(2026, 11, 29).astimezone()
    assert moment("2026-11-29", NOW) == local_midnight
    assert moment("2026-11-29", NOW, end_of_day=True) == local_midnight + timedelta(days=1)
    with pytest.raises(InvalidArgument):
        moment("soon", NOW)
