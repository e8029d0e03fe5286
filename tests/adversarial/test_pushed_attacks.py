"""What someone with push access can commit into the memory, and how the bridge takes it.

Anyone who can push to the shared remote (or commit in the repository) chooses the blobs
and trees the bridge reads: a blob far larger than any note, a note of 100,000 lines, a
path of 4,000 characters, a tree ten folders deep, thousands of notes in one folder, a
link or a submodule where a note should be, a Git LFS pointer, text that is not UTF-8
or holds NUL bytes. For each, the bridge keeps serving the other notes, reads no more
than it must (a blob too large to be a note is measured by its header, never read), and
says what it refused: `memoire check` names the path, the reason and what to do.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pygit2
import pytest

from memoire.check import check_memory
from memoire.config import Limits
from memoire.core.errors import InvalidNote, NoteNotFound, TooLarge
from memoire.service import WRITE_SEARCH_UPKEEP_NOTES, MemoryService
from tests.conftest import ServiceFactory, git

from .bounded import within_bounded_time

NOTE = "---\ntitle: {title}\ndescription: pushed\nupdated: 2026-11-01\nsensitive: no\n---\n"
LIMIT = Limits(min_free_disk_bytes=0)


def note_text(title: str, body: str = "A plain line.\n") -> bytes:
    return (NOTE.format(title=title) + body).encode()


def commit_files(repository: Path, files: dict[str, bytes], message: str = "pushed") -> None:
    """A person's commit of these files, as `git add` and `git commit` make it."""
    for path, data in files.items():
        file = repository / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(data)
    git(repository, "add", "-A")
    git(repository, "commit", "-q", "-m", message)


def commit_entry(repository: Path, mode: str, object_id: str, path: str) -> None:
    """A tree entry committed without a file in the working tree (as a push brings one)."""
    git(repository, "update-index", "--add", "--cacheinfo", f"{mode},{object_id},{path}")
    git(repository, "commit", "-q", "-m", f"pushed {path[:40]}")


def unreadable_blob(repository: Path, size: int) -> str:
    """A loose blob whose header says `size` bytes and whose content is damaged after a
    few hundred: reading it fails, so a bridge that serves beside it never read it."""
    object_id = "ab" * 20
    folder = repository / ".git/objects" / object_id[:2]
    folder.mkdir(exist_ok=True)
    stream = zlib.compressobj()
    data = stream.compress(f"blob {size}\0".encode() + b"x" * 65_536)
    data += stream.flush(zlib.Z_SYNC_FLUSH)
    (folder / object_id[2:]).write_bytes(data[:200] + bytes(range(256)) * 4)
    return object_id


def problems(service: MemoryService) -> dict[str, str]:
    return {problem.path: problem.message for problem in check_memory(service.config)}


def listed(service: MemoryService, client: str) -> dict[str, str | None]:
    index = service.index(client)
    return {note.path: note.attention for note in index.notes}


def still_serving(service: MemoryService) -> None:
    """Index, read, search and a write on the other notes all work."""
    service.append("desk", "topics/garden.md", "Tomatoes in May.", title="Garden", sensitive=False)
    assert service.read("voice", "topics/garden.md").body.endswith("Tomatoes in May.\n")
    assert [hit.path for hit in service.search("voice", "tomatoes").hits] == ["topics/garden.md"]


# A blob far larger than any note


def test_a_blob_too_large_to_be_a_note_is_never_read_and_check_says_what_to_do(
    repository: Path, make_service: ServiceFactory
) -> None:
    """pygit2 read such a blob whole wherever a note was loaded (the index, search, check,
    history): 100 MB pushed cost ~570 MB of memory. Its size is now read from its header;
    this blob cannot even be inflated, so any read of it would fail the calls below."""
    size = 100 * 1024 * 1024
    commit_entry(repository, "100644", unreadable_blob(repository, size), "topics/huge.md")
    service = make_service(repository)

    within_bounded_time(lambda: still_serving(service))
    attention = listed(service, "desk")["topics/huge.md"]
    assert attention is not None
    assert "104,857,600 bytes, more than a note of the 20,000-character limit" in attention
    assert "topics/huge.md" not in listed(service, "voice")  # its label is unknown: hidden
    with pytest.raises(TooLarge):
        service.read("desk", "topics/huge.md")
    with pytest.raises(NoteNotFound):
        service.read("voice", "topics/huge.md")
    with pytest.raises(TooLarge):
        service.append("desk", "topics/huge.md", "more")
    history = service.history("desk", "topics/huge.md")
    assert history.entries[0].withheld is not None
    assert "never read" in history.entries[0].withheld
    assert problems(service)["topics/huge.md"] == (
        "104,857,600 bytes, more than a note of the 20,000-character limit can take: memoire "
        "does not read it, show it, search it or change it. Split it into notes by hand, or "
        "remove it (git rm topics/huge.md), then commit"
    )


def test_a_note_a_little_over_the_limit_is_still_listed_by_its_own_title(
    repository: Path, make_service: ServiceFactory
) -> None:
    """Only a blob no note could fit in is left unread: one just over the limit is read
    (a bounded prefix), so its title and the reason stay the ones it always had."""
    commit_files(repository, {"topics/long.md": note_text("Long one", "word " * 5_000)})
    service = make_service(repository, limits=Limits(note_chars=20_000, min_free_disk_bytes=0))
    index = service.index("desk")
    line = next(note for note in index.notes if note.path == "topics/long.md")
    assert (line.title, line.too_large) == ("Long one", True)
    assert "topics/long.md" in problems(service)


# Shapes of text and trees


def test_a_note_of_100000_lines_under_the_limit_is_served_searched_and_appended_to(
    repository: Path, make_service: ServiceFactory
) -> None:
    body = "".join(f"l{number % 10}\n" for number in range(100_000)) + "the needle line\n"
    commit_files(repository, {"topics/lines.md": note_text("Lines", body)})
    limits = Limits(note_chars=400_000, append_chars=2_000, min_free_disk_bytes=0)
    service = make_service(repository, limits=limits)

    def use() -> None:
        assert service.read("voice", "topics/lines.md").body == body
        assert [hit.path for hit in service.search("voice", "needle").hits] == ["topics/lines.md"]
        service.append("desk", "topics/lines.md", "one more line")
        entry = service.history("desk", "topics/lines.md").entries[0]
        assert (entry.added, entry.removed) == (2, 1)  # the line, and the date it was updated
        still_serving(service)

    within_bounded_time(use)
    assert "topics/lines.md" not in problems(service)


def test_a_path_of_4000_characters_is_ignored_and_named_by_check(
    repository: Path, make_service: ServiceFactory
) -> None:
    path = "topics/" + "a" * 3_990 + ".md"
    blob = git(repository, "hash-object", "-w", "--stdin", "-t", "blob").strip()
    commit_entry(repository, "100644", blob, path)
    service = make_service(repository)
    within_bounded_time(lambda: still_serving(service))
    assert path not in listed(service, "desk")
    assert problems(service)[path] == "not an allowed note path; memoire will not show it"


def test_a_tree_ten_folders_deep_is_never_walked_and_check_names_its_top(
    repository: Path, make_service: ServiceFactory
) -> None:
    deep = "topics/" + "/".join(f"level{depth}" for depth in range(10))
    commit_files(repository, {f"{deep}/note.md": note_text("Deep")})
    service = make_service(repository)
    within_bounded_time(lambda: still_serving(service))
    assert not any(path.startswith("topics/level0") for path in listed(service, "desk"))
    assert problems(service)["topics/level0"] == (
        "a folder inside a note folder: memoire reads notes only at topics/<slug>.md, so "
        "nothing under it is shown or written. Move its notes up (git mv), then commit."
    )


def test_a_push_of_thousands_of_notes_waits_for_the_next_search_not_in_a_write(
    repository: Path, make_service: ServiceFactory
) -> None:
    """The first write after a push of 20,000 notes loaded every one of them for search
    before it answered (~40 s): long enough for a client to give up and write again."""
    service = make_service(repository)
    service.search("desk", "anything")
    count = WRITE_SEARCH_UPKEEP_NOTES + 200
    pushed = {
        f"topics/pushed-{number}.md": note_text(f"Pushed {number}") for number in range(count)
    }
    pushed["topics/pushed-7.md"] = note_text("Pushed 7", "The quokka line.\n")
    commit_files(repository, pushed)
    service.append("desk", "topics/garden.md", "Tomatoes in May.", title="Garden", sensitive=False)
    # private: what the write left for search to do, which no answer shows
    assert service._catalog._search.indexed_commit() != service.head()
    assert [hit.path for hit in service.search("voice", "quokka").hits] == ["topics/pushed-7.md"]
    assert service._catalog._search.indexed_commit() == service.head()
    index = service.index("voice")
    assert index.total == count + 1


@pytest.mark.parametrize("kind", ["link", "submodule"])
def test_a_link_or_submodule_pushed_at_a_note_path_is_neither_followed_nor_served(
    repository: Path, make_service: ServiceFactory, kind: str
) -> None:
    if kind == "link":
        (repository / "topics").mkdir(exist_ok=True)
        (repository / "topics/secret.md").symlink_to("/etc/passwd")
        git(repository, "add", "-A")
        git(repository, "commit", "-q", "-m", "a link")
    else:
        commit = git(repository, "rev-parse", "HEAD").strip()
        commit_entry(repository, "160000", commit, "topics/secret.md")
    service = make_service(repository)
    within_bounded_time(lambda: still_serving(service))
    assert "topics/secret.md" not in listed(service, "desk")
    with pytest.raises(NoteNotFound):
        service.read("desk", "topics/secret.md")
    assert problems(service)["topics/secret.md"].startswith(
        f"a {kind} stands where a note should be"
    )


LFS_POINTER = (
    b"version https://git-lfs.github.com/spec/v1\n"
    b"oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
    b"size 12345\n"
)


def test_a_git_lfs_pointer_is_named_as_such_and_never_served_as_the_note(
    repository: Path, make_service: ServiceFactory
) -> None:
    commit_files(repository, {"topics/stored-elsewhere.md": LFS_POINTER})
    service = make_service(repository)
    within_bounded_time(lambda: still_serving(service))
    with pytest.raises(InvalidNote, match="Git LFS pointer"):
        service.read("desk", "topics/stored-elsewhere.md")
    with pytest.raises(InvalidNote, match="Git LFS pointer"):
        service.append("desk", "topics/stored-elsewhere.md", "more")
    assert "Git LFS pointer" in (listed(service, "desk")["topics/stored-elsewhere.md"] or "")
    assert "git lfs" in problems(service)["topics/stored-elsewhere.md"]


@pytest.mark.parametrize(
    ("kind", "body"),
    [("latin-1", "Café crème à Noël\n".encode("latin-1")), ("nul", b"before\0after\n")],
)
def test_a_note_that_is_not_utf8_text_is_never_rewritten_and_check_names_it(
    repository: Path, make_service: ServiceFactory, kind: str, body: bytes
) -> None:
    """A note of Latin-1 bytes was read with replacement characters, and an append wrote
    them back: every accented letter in it was lost for good."""
    data = NOTE.format(title="Odd").encode() + body
    commit_files(repository, {"topics/odd.md": data})
    service = make_service(repository)
    within_bounded_time(lambda: still_serving(service))
    with pytest.raises(InvalidNote, match="not plain UTF-8 text"):
        service.append("desk", "topics/odd.md", "one more line")
    stored = pygit2.Repository(str(repository)).revparse_single("HEAD:topics/odd.md")
    assert isinstance(stored, pygit2.Blob)
    assert stored.data == data
    assert "not plain UTF-8 text" in (listed(service, "desk")["topics/odd.md"] or "")
    assert "not plain UTF-8 text" in problems(service)["topics/odd.md"]
