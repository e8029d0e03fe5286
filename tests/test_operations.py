"""The seven operations against a real repository: results, commits, and every refusal."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pygit2
import pytest

from memoire import listing
from memoire.adapters import render
from memoire.config import Limits
from memoire.core.errors import (
    AccessDenied,
    InvalidArgument,
    InvalidNote,
    LowDiskSpace,
    NoteNotFound,
    PassageNotFound,
    PassageNotUnique,
    ProtectedNote,
    SecretRefused,
    TooLarge,
    VersionConflict,
)
from memoire.core.layout import ENGLISH
from memoire.core.note import Header, render_note
from memoire.results import IndexQuery, NoteSummary
from memoire.service import MemoryService
from memoire.storage.store import GitStore

from .conftest import ServiceFactory, git

SEED_NOTE = (
    "Ludo a dit : « garder la mémoire chez moi » (dans un dépôt Git privé, pas chez un "
    'fournisseur) ; il a ajouté "chaque écriture est un commit" (vérifié le 8 novembre, '
    "à 21 h 30) et (entre parenthèses (imbriquées)) que la confirmation doit citer "
) * 6 + "la fin exacte (sans coupure)."


def _create(service: MemoryService, path: str = "people/alice.md", sensitive: bool = False) -> str:
    result = service.write(
        "desk",
        path,
        title="Alice",
        description="A friend",
        sensitive=sensitive,
        body="Likes tea.\n",
    )
    return result.version


def _file_at_head(repository: Path, path: str) -> str:
    repo = pygit2.Repository(str(repository))
    blob = repo.head.peel(pygit2.Commit).tree[path]
    assert isinstance(blob, pygit2.Blob)
    return blob.data.decode()


def test_append_creates_a_note_then_adds_lines(service: MemoryService, repository: Path) -> None:
    first = service.append(
        "desk",
        "topics/tea.md",
        "Prefers green tea.",
        title="Tea",
        description="Tastes",
        sensitive=False,
    )
    second = service.append("desk", "topics/tea.md", "Not after 6 pm.")
    assert first.created
    assert not second.created
    assert _file_at_head(repository, "topics/tea.md") == (
        "---\ntitle: Tea\ndescription: Tastes\nupdated: 2026-11-29\nsensitive: no\n---\n\n"
        "Prefers green tea.\nNot after 6 pm.\n"
    )
    assert second.version == git(repository, "rev-parse", "HEAD:topics/tea.md").strip()[:10]
    assert second.commit == git(repository, "rev-parse", "HEAD").strip()


def test_every_write_is_one_commit_naming_tool_path_and_client(
    service: MemoryService, repository: Path
) -> None:
    before = int(git(repository, "rev-list", "--count", "HEAD"))
    version = _create(service)
    service.append("desk", "people/alice.md", "Birthday in May.")
    edited = service.edit("desk", "people/alice.md", "tea", "green tea")
    service.delete("desk", "people/alice.md", edited.version)
    log = git(repository, "log", "--format=%cn|%an|%s", f"-{4}").splitlines()
    assert int(git(repository, "rev-list", "--count", "HEAD")) == before + 4
    assert log == [
        "memoire (desk)|memoire (desk)|memoire delete people/alice.md",
        "memoire (desk)|memoire (desk)|memoire edit people/alice.md",
        "memoire (desk)|memoire (desk)|memoire append people/alice.md",
        "memoire (desk)|memoire (desk)|memoire write people/alice.md",
    ]
    assert version


def test_seed_confirmation_bug_a_long_note_comes_back_whole(
    service: MemoryService, repository: Path
) -> None:
    assert 1_400 <= len(SEED_NOTE) <= 2_000
    result = service.append(
        "desk", "journal/2026-11-08.md", SEED_NOTE, title="8 nov", description="", sensitive=False
    )
    assert result.appended == SEED_NOTE
    stored = _file_at_head(repository, "journal/2026-11-08.md")
    assert stored.endswith("\n" + SEED_NOTE + "\n")
    assert service.read("desk", "journal/2026-11-08.md").body.endswith(SEED_NOTE + "\n")


def test_read_returns_header_body_and_version(service: MemoryService, repository: Path) -> None:
    version = _create(service)
    note = service.read("desk", "people/alice.md")
    assert (note.title, note.description, note.updated, note.sensitive) == (
        "Alice",
        "A friend",
        "2026-11-29",
        False,
    )
    assert note.body == "Likes tea.\n"
    assert note.version == version == git(repository, "rev-parse", "HEAD:people/alice.md")[:10]


def test_readme_is_readable_and_protected(service: MemoryService) -> None:
    assert "No tool may change or delete this README" in service.read("voice", "README.md").body
    for attempt in (
        lambda: service.append("desk", "README.md", "x"),
        lambda: service.edit("desk", "README.md", "Memory", "Mine"),
        lambda: service.delete("desk", "README.md", "0123456789"),
    ):
        with pytest.raises(ProtectedNote):
            attempt()


def test_index_shows_profile_and_preferences_in_full_then_one_entry_per_note(
    service: MemoryService,
) -> None:
    service.append(
        "desk", "preferences.md", "- temperature: 21", title="Preferences", sensitive=False
    )
    service.append("desk", "profile.md", "Lives in Lyon.", title="Profile", sensitive=False)
    _create(service)
    index = service.index("desk")
    assert [note.path for note in index.always_shown] == ["profile.md", "preferences.md"]
    assert index.always_shown[1].body.endswith("- temperature: 21\n")
    assert [(n.path, n.description, n.updated) for n in index.notes] == [
        ("people/alice.md", "A friend", "2026-11-29")
    ]


def test_write_needs_the_version_that_was_read(service: MemoryService) -> None:
    version = _create(service)
    with pytest.raises(VersionConflict, match="already exists") as missing:
        service.write(
            "desk", "people/alice.md", title="A", description="", sensitive=False, body="x"
        )
    assert missing.value.current_version == version
    service.append("desk", "people/alice.md", "Another client added this.")
    with pytest.raises(VersionConflict, match="changed since you read it") as stale:
        service.write(
            "desk",
            "people/alice.md",
            title="A",
            description="",
            sensitive=False,
            body="x",
            version=version,
        )
    current = service.read("desk", "people/alice.md")
    assert stale.value.current_version == current.version
    assert "Another client added this." in current.body


def test_write_keeps_extra_header_lines_and_sets_updated(
    service: MemoryService, repository: Path
) -> None:
    note = repository / "topics/garden.md"
    note.write_text(
        "---\n# written by hand\ntitle: Garden\ntags: [home]\ndescription: old\n"
        "updated: 2020-01-01\nsensitive: no\n---\n\nTomatoes.\n"
    )
    git(repository, "add", "topics/garden.md")
    git(repository, "commit", "-qm", "by hand")
    version = service.read("desk", "topics/garden.md").version
    service.write(
        "desk",
        "topics/garden.md",
        title="Garden",
        description="new",
        sensitive=False,
        body="Tomatoes and basil.",
        version=version,
    )
    assert _file_at_head(repository, "topics/garden.md") == (
        "---\n# written by hand\ntitle: Garden\ntags: [home]\ndescription: new\n"
        "updated: 2026-11-29\nsensitive: no\n---\n\nTomatoes and basil.\n"
    )


def test_write_refuses_a_body_that_carries_its_own_header(service: MemoryService) -> None:
    body = "---\ntitle: X\ndescription: Y\nupdated: 2026-01-01\nsensitive: no\n---\n\ntext\n"
    with pytest.raises(InvalidArgument, match="Pass only the text after the header"):
        service.write("desk", "topics/x.md", title="X", description="", sensitive=False, body=body)


def test_edit_replaces_one_exact_unique_passage(service: MemoryService) -> None:
    _create(service)
    service.append("desk", "people/alice.md", "Likes tea in the morning.")
    with pytest.raises(PassageNotUnique, match="appears 2 times"):
        service.edit("desk", "people/alice.md", "Likes tea", "Likes coffee")
    with pytest.raises(PassageNotFound, match="copy the passage exactly"):
        service.edit("desk", "people/alice.md", "likes TEA", "x")
    result = service.edit("desk", "people/alice.md", "in the morning", "at noon")
    assert (result.old, result.new) == ("in the morning", "at noon")
    assert service.read("desk", "people/alice.md").body == "Likes tea.\nLikes tea at noon.\n"


def test_edit_never_touches_the_header(service: MemoryService) -> None:
    _create(service)
    with pytest.raises(PassageNotFound):
        service.edit("desk", "people/alice.md", "A friend", "An enemy")


def test_delete_needs_the_current_version(service: MemoryService, repository: Path) -> None:
    version = _create(service)
    with pytest.raises(InvalidArgument, match="needs the version"):
        service.delete("desk", "people/alice.md", "")
    with pytest.raises(VersionConflict):
        service.delete("desk", "people/alice.md", "0000000000")
    service.delete("desk", "people/alice.md", version)
    assert not (repository / "people/alice.md").exists()
    with pytest.raises(NoteNotFound):
        service.read("desk", "people/alice.md")


def test_missing_notes_and_how_to_create_them(service: MemoryService) -> None:
    with pytest.raises(NoteNotFound, match="pass title, description and sensitive"):
        service.append("desk", "people/bob.md", "Met at the market.")
    with pytest.raises(NoteNotFound, match="omit version to create it"):
        service.write(
            "desk",
            "people/bob.md",
            title="Bob",
            description="",
            sensitive=False,
            body="x",
            version="0123456789",
        )


def test_size_limits_refuse_and_ask_to_split(service: MemoryService, repository: Path) -> None:
    head = git(repository, "rev-parse", "HEAD")
    with pytest.raises(TooLarge, match="Split it"):
        service.append("desk", "topics/a.md", "x" * 2_001, title="A", sensitive=False)
    with pytest.raises(TooLarge, match="limit is 20000"):
        service.write(
            "desk", "topics/a.md", title="A", description="", sensitive=False, body="y" * 20_000
        )
    service.append("desk", "topics/a.md", "x" * 2_000, title="A", sensitive=False)
    assert git(repository, "rev-list", "--count", f"{head.strip()}..HEAD").strip() == "1"


def test_a_note_cannot_grow_past_the_limit_by_appends(
    repository: Path, make_service: ServiceFactory
) -> None:
    service = make_service(repository, limits=Limits(note_chars=300, min_free_disk_bytes=0))
    service.append("desk", "topics/a.md", "a" * 100, title="A", sensitive=False)
    service.append("desk", "topics/a.md", "b" * 100)
    with pytest.raises(TooLarge, match=r"topics/a\.md would be"):
        service.append("desk", "topics/a.md", "c" * 100)


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.append("desk", "topics/x.md", "password: hunter2", title="X", sensitive=False),
        lambda s: s.append(
            "desk", "topics/x.md", "fine", title="jeton: abc123XYZ", sensitive=False
        ),
        lambda s: s.write(
            "desk",
            "topics/x.md",
            title="X",
            description="",
            sensitive=False,
            body="card 4111 1111 1111 1111\n",
        ),
        lambda s: s.edit("desk", "people/alice.md", "Likes tea.", "mot de passe: hunter2"),
    ],
)
def test_secrets_are_refused_with_the_exact_message_and_nothing_written(
    service: MemoryService, repository: Path, call: object
) -> None:
    _create(service)
    head = git(repository, "rev-parse", "HEAD")
    with pytest.raises(SecretRefused) as refusal:
        call(service)  # type: ignore[operator]
    assert str(refusal.value) == (
        "Refused: this looks like a secret. The memory never keeps secrets; nothing was written."
    )
    assert git(repository, "rev-parse", "HEAD") == head
    assert git(repository, "status", "--porcelain") == ""


def test_a_secret_split_between_old_and_new_text_is_caught(service: MemoryService) -> None:
    service.append("desk", "topics/wifi.md", "Wifi password: ", title="Wifi", sensitive=False)
    with pytest.raises(SecretRefused):
        service.edit("desk", "topics/wifi.md", "password: ", "password: hunter22")


def test_prose_about_secrets_passes(service: MemoryService) -> None:
    service.append(
        "desk", "topics/work.md", "le jeton expire en novembre", title="Travail", sensitive=False
    )


def test_rights_are_enforced_per_client(service: MemoryService) -> None:
    _create(service)
    with pytest.raises(AccessDenied, match="may read but not write"):
        service.append("voice", "people/alice.md", "x")
    for client in ("observer", "stranger"):
        with pytest.raises(AccessDenied, match="no right to read"):
            service.index(client)
        with pytest.raises(AccessDenied):
            service.read(client, "people/alice.md")
        with pytest.raises(AccessDenied):
            service.search(client, "tea")


def test_low_disk_space_refuses_writes_and_keeps_reads(
    repository: Path, make_service: ServiceFactory
) -> None:
    service = make_service(repository, limits=Limits(min_free_disk_bytes=1 << 62))
    with pytest.raises(LowDiskSpace, match="nothing was written"):
        service.append("desk", "topics/a.md", "x", title="A", sensitive=False)
    assert service.index("desk").notes == ()


def test_a_broken_header_blocks_splicing_but_not_a_rewrite(
    service: MemoryService, repository: Path
) -> None:
    (repository / "topics/broken.md").write_text("no header here\n")
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "by hand")
    with pytest.raises(InvalidNote, match="rewrite it whole"):
        service.append("desk", "topics/broken.md", "more")
    version = service.read("desk", "topics/broken.md").version
    service.write(
        "desk",
        "topics/broken.md",
        title="Fixed",
        description="",
        sensitive=False,
        body="no header here\n",
        version=version,
    )
    assert service.read("desk", "topics/broken.md").problems == ()


def test_bad_versions_are_explained(service: MemoryService) -> None:
    _create(service)
    with pytest.raises(InvalidArgument, match="10-character version"):
        service.delete("desk", "people/alice.md", "abc")


def test_the_audit_log_records_every_call_and_never_content(
    service: MemoryService, repository: Path
) -> None:
    _create(service)
    service.read("desk", "people/alice.md")
    with pytest.raises(AccessDenied):
        service.append("voice", "people/alice.md", "Secretly hates tea.")
    lines = (repository / ".git/memoire/audit.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert [(r["client"], r["tool"], r["outcome"]) for r in records] == [
        ("desk", "write", "ok"),
        ("desk", "read", "ok"),
        ("voice", "append", "forbidden"),
    ]
    assert set(records[0]) == {"time", "client", "tool", "path", "commit", "size", "outcome"}
    assert records[0]["commit"] == git(repository, "rev-parse", "HEAD").strip()
    assert "tea" not in "\n".join(lines).lower()


# The index of a large memory


LARGE_FOLDERS = ("people", "topics", "journal")


def _large_memory(repository: Path, count: int) -> dict[str, bool]:
    """`count` notes committed at once by a person (path → hidden): every seventh is
    sensitive, dates spread over a year, and one note has a header a person broke."""
    hidden: dict[str, bool] = {}
    for number in range(count):
        path = f"{LARGE_FOLDERS[number % 3]}/note-{number:04d}.md"
        updated = f"2025-{number % 12 + 1:02d}-{number % 28 + 1:02d}"
        header = Header(f"Note {number}", f"About thing {number}", updated, number % 7 == 0)
        text = render_note(ENGLISH, header, f"Body of note {number}.\n")
        (repository / path).parent.mkdir(exist_ok=True)
        (repository / path).write_text(text, encoding="utf-8")
        hidden[path] = number % 7 == 0
    (repository / "topics/broken.md").write_text("---\ntitle: Broken\n\nno end\n", "utf-8")
    hidden["topics/broken.md"] = True
    git(repository, "add", "-A")
    git(repository, "commit", "-q", "-m", "many notes")
    return hidden


def _every_page(service: MemoryService, client: str, **query: str) -> list[str]:
    """The paths of every page, following next_cursor from the start."""
    listed: list[str] = []
    cursor: str | None = "after:"  # the start of the listing
    while True:
        result = service.index(client, IndexQuery(cursor=cursor, **query))
        listed += [note.path for note in result.notes]
        cursor = result.next_cursor
        if cursor is None:
            return listed


def test_a_large_index_is_bounded_yet_paging_reaches_every_visible_note_once(
    repository: Path, make_service: ServiceFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    hidden = _large_memory(repository, 300)
    service = make_service(repository)
    default = service.index("desk")
    assert not default.complete
    assert default.next_cursor == "after:"
    assert default.total == 301
    assert len(default.notes) < 100
    assert "topics/broken.md" in {note.path for note in default.notes}  # needs attention
    assert {(f.folder, f.notes) for f in default.folders} == {
        ("people", 100),
        ("topics", 101),
        ("journal", 100),
    }
    monkeypatch.setattr(listing, "LISTING_BUDGET_CHARS", 2_000)
    pages = _every_page(service, "desk")
    assert pages == sorted(hidden)
    visible = sorted(path for path, is_hidden in hidden.items() if not is_hidden)
    assert _every_page(service, "voice") == visible
    voice = service.index("voice")
    assert voice.total == len(visible)
    assert sum(folder.notes for folder in voice.folders) == len(visible)
    assert all(note.attention is None for note in voice.notes)


def test_the_default_index_fits_eight_thousand_tokens_with_the_newest_notes(
    repository: Path, make_service: ServiceFactory
) -> None:
    _large_memory(repository, 300)
    service = make_service(repository)
    service.append("desk", "projects/myapp.md", "Uses Git.", title="Myapp", sensitive=False)
    service.append("desk", "people/newest.md", "Just met.", title="Newest", sensitive=False)
    overview = service.overview("desk", scope="myapp")
    size = len(render.overview(overview)) + len(json.dumps(dataclasses.asdict(overview)))
    assert size <= 8_000 * 4
    paths = [note.path for note in overview.index.notes]
    assert paths[1:3] == [
        "people/newest.md",
        "projects/myapp.md",
    ]  # after the one note needing attention
    assert all(note.updated >= "2025-12" for note in overview.index.notes[2:10])
    assert overview.project_note is not None
    assert overview.project_note.body == "Uses Git.\n"
    assert "cursor='after:'" in render.overview(overview)


def test_the_index_lists_one_folder_or_a_date_range_on_request(
    repository: Path, make_service: ServiceFactory
) -> None:
    hidden = _large_memory(repository, 300)
    service = make_service(repository)
    people = _every_page(service, "voice", folder="people")
    assert people == sorted(p for p, h in hidden.items() if p.startswith("people/") and not h)
    march = _every_page(service, "desk", since="2025-03-01", until="2025-03-31")
    assert march
    assert all(int(path[-7:-3]) % 12 == 2 for path in march)
    small = service.index("desk", IndexQuery(folder="people", since="2025-01-01"))
    assert small.total == 301  # the count stays the memory's, the listing is the query's


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (IndexQuery(folder="secrets"), "not a folder"),
        (IndexQuery(since="last week"), "YYYY-MM-DD"),
        (IndexQuery(until="2025-02-30"), "YYYY-MM-DD"),
        (IndexQuery(cursor="people/alice.md"), "next_cursor"),
    ],
)
def test_an_index_query_it_cannot_answer_is_refused_with_what_to_pass(
    service: MemoryService, query: IndexQuery, message: str
) -> None:
    with pytest.raises(InvalidArgument, match=message):
        service.index("desk", query)


def test_a_small_memory_index_is_complete_without_cursor(service: MemoryService) -> None:
    _create(service)
    index = service.index("desk")
    assert index.complete
    assert index.next_cursor is None
    assert index.total == 1
    assert [(f.folder, f.notes) for f in index.folders] == [("people", 1)]


# Cold start: the note lines a previous process kept


def _all_pages(service: MemoryService, client: str) -> list[object]:
    return [dataclasses.astuple(note) for note in _every_page_notes(service, client)]


def _every_page_notes(service: MemoryService, client: str) -> list[object]:
    notes: list[object] = []
    cursor: str | None = "after:"
    while cursor is not None:
        result = service.index(client, IndexQuery(cursor=cursor))
        notes += result.notes
        cursor = result.next_cursor
    return notes


def _blob_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every blob the store reads from now on (a spy on the real store)."""
    reads: list[str] = []
    original = GitStore.read_blob

    def spied(store: GitStore, blob: str) -> bytes:
        reads.append(blob)
        return original(store, blob)

    monkeypatch.setattr(GitStore, "read_blob", spied)
    return reads


def test_a_new_process_lists_the_notes_without_reading_them_again(
    repository: Path, make_service: ServiceFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    _large_memory(repository, 60)
    first = make_service(repository)
    before = {client: _all_pages(first, client) for client in ("desk", "voice")}
    reads = _blob_reads(monkeypatch)
    second = make_service(repository)
    assert {client: _all_pages(second, client) for client in ("desk", "voice")} == before
    assert reads == []


def test_kept_note_lines_follow_a_persons_commit_and_never_show_a_hidden_note(
    repository: Path, make_service: ServiceFactory
) -> None:
    _large_memory(repository, 30)
    _all_pages(make_service(repository), "voice")
    note = repository / "people/note-0003.md"
    note.write_text(note.read_text("utf-8").replace("sensitive: no", "sensitive: yes"), "utf-8")
    git(repository, "commit", "-q", "-am", "hide it")
    later = make_service(repository)
    paths = [entry[0] for entry in _all_pages(later, "voice")]
    assert "people/note-0003.md" not in paths
    assert later.index("voice").total == len(paths)


def test_kept_note_lines_made_under_other_rules_or_unreadable_are_not_used(
    repository: Path, make_service: ServiceFactory
) -> None:
    _large_memory(repository, 30)
    _all_pages(make_service(repository), "desk")
    small = make_service(repository, limits=Limits(min_free_disk_bytes=0, note_chars=60))
    listed = [note for note in _every_page_notes(small, "desk") if isinstance(note, NoteSummary)]
    assert all(note.too_large for note in listed if note.path != "topics/broken.md")
    assert len(listed) == 31
    kept = repository / ".git/memoire/summaries.sqlite3"
    kept.write_bytes(b"not a database at all" * 100)
    for extra in ("-wal", "-shm"):
        kept.with_name(kept.name + extra).unlink(missing_ok=True)
    broken = make_service(repository)
    assert len(_all_pages(broken, "desk")) == 31
