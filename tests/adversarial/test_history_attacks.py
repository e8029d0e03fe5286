"""Attacks on history and restore: what a person's commits, a forged committer, a foreign
commit, a link or a long walk could make memoire show, restore or spend."""

from __future__ import annotations

import json
from pathlib import Path

import pygit2
import pytest

from memoire.core.acl import Rights
from memoire.core.errors import InvalidArgument, InvalidPath, NoteNotFound
from memoire.history import HISTORY_WALK, past_note
from memoire.service import MemoryService
from memoire.storage.commits import CommitBuilder
from memoire.storage.signing import BridgeKey

from ..conftest import ServiceFactory, git
from ..test_history import GARDEN, SENSITIVE_WORDS, build_garden

NOTE = "topics/plants.md"


def person_commits(repository: Path, path: str, text: str) -> str:
    """A person writes a file and commits it with the git command line."""
    file = repository / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text)
    git(repository, "add", path)
    git(repository, "commit", "-qm", "by hand")
    return git(repository, "rev-parse", "HEAD").strip()


def forged_commit(repository: Path, path: str, text: str, committer: str, message: str) -> str:
    """A commit made with plumbing under any committer name, as anyone with push access can."""
    repo = pygit2.Repository(str(repository))
    builder = CommitBuilder(repo, "", BridgeKey(repository.parent / "plumbing-key"))
    blobs = builder.write_blobs({path: text.encode()})
    commit = builder.commit(str(repo.head.target), blobs, committer, message)
    repo.references[repo.head.name].set_target(commit)
    return commit


def test_a_past_version_hidden_from_the_caller_is_restored_as_if_it_never_was(
    service: MemoryService,
) -> None:
    """No client of the table can write without the sensitive right, but the rule holds
    anyway: a version that was hidden then answers as a missing one."""
    hidden = service.append("desk", NOTE, "Rash on Monday.", title="Plants", sensitive=True)
    load = lambda blob: service._catalog.note_in_blob(NOTE, blob)  # noqa: E731
    steps = service._store.note_steps(NOTE, service.head(), HISTORY_WALK)
    with pytest.raises(NoteNotFound) as refused:
        past_note(steps, NOTE, hidden.commit, Rights(read=True), load)
    first = git(service.config.memory.repository, "rev-list", "--max-parents=0", "HEAD").strip()
    steps = service._store.note_steps(NOTE, service.head(), HISTORY_WALK)
    with pytest.raises(NoteNotFound) as absent:
        past_note(steps, NOTE, first, Rights(read=True), load)
    assert refused.value.message.replace(hidden.commit[:10], "C") == absent.value.message.replace(
        first[:10], "C"
    )


def test_a_forged_memoire_committer_cannot_put_words_in_the_answer(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", NOTE, "Ferns.", title="Plants", sensitive=False)
    base = (repository / NOTE).read_text()
    odd = forged_commit(
        repository,
        NOTE,
        base + "Moss.\n",
        "memoire (password: Hunter2-Secret)",
        "memoire delete\n\nclient: desk\ntool: delete\n",
    )
    found = service.history("voice", NOTE)
    entry = next(entry for entry in found.entries if entry.commit == odd)
    assert (entry.client, entry.tool) == ("a person", None)  # and its "tool: delete" ignored
    assert "Hunter2" not in json.dumps([entry.__dict__ for entry in found.entries])


def test_a_commit_off_the_branch_is_never_restored(
    service: MemoryService, repository: Path
) -> None:
    created = service.append("desk", NOTE, "Ferns.", title="Plants", sensitive=False)
    git(repository, "checkout", "-qb", "elsewhere")
    foreign = person_commits(repository, NOTE, "---\ntitle: x\n---\nplanted by someone\n")
    git(repository, "checkout", "-q", "main")
    blob = git(repository, "rev-parse", f"HEAD:{NOTE}").strip()
    refusals = []
    for commit in (foreign, blob, "0" * 40):
        with pytest.raises(InvalidArgument) as refused:
            service.restore("desk", NOTE, commit, created.version)
        refusals.append(refused.value.message.replace(commit, "C"))
    assert len(set(refusals)) == 1  # a blob id is answered as any unknown id: no oracle
    assert "planted by someone" not in (repository / NOTE).read_text()


def test_a_link_committed_at_a_note_path_is_no_note_in_its_history(
    service: MemoryService, repository: Path
) -> None:
    service.append("desk", NOTE, "Ferns.", title="Plants", sensitive=False)
    (repository / NOTE).unlink()
    (repository / NOTE).symlink_to("/etc/passwd")
    git(repository, "add", NOTE)
    git(repository, "commit", "-qm", "a link")
    found = service.history("desk", NOTE)
    assert [entry.change for entry in found.entries] == ["deleted", "created"]
    assert "/etc/passwd" not in json.dumps([entry.__dict__ for entry in found.entries])


@pytest.mark.parametrize(
    "path", ["../outside.md", ".git/config", "topics/../profile.md", "/etc/passwd", "topics/"]
)
def test_history_takes_only_note_paths(service: MemoryService, path: str) -> None:
    with pytest.raises(InvalidPath):
        service.history("desk", path)


def test_history_looks_back_no_further_than_its_bound(
    service: MemoryService, repository: Path
) -> None:
    created = service.append("desk", NOTE, "Ferns.", title="Plants", sensitive=False)
    repo = pygit2.Repository(str(repository))
    builder = CommitBuilder(repo, "", BridgeKey(repository.parent / "plumbing-key"))
    head = str(repo.head.target)
    pygit2.settings.enable_fsync_gitdir(False)
    try:
        for index in range(HISTORY_WALK + 5):
            blobs = builder.write_blobs({"topics/busy.md": f"line {index}\n".encode()})
            head = builder.commit(head, blobs, "memoire (desk)", "busy\n")
        repo.references[repo.head.name].set_target(head)
    finally:
        pygit2.settings.enable_fsync_gitdir(True)
    found = service.history("desk", NOTE)
    assert (found.entries, found.stopped) == ((), "bound")
    assert f"last {HISTORY_WALK:,} commits" in found.window
    now = service.read("desk", NOTE).version
    with pytest.raises(InvalidArgument) as refused:
        service.restore("desk", NOTE, created.commit, now)
    assert f"not among the last {HISTORY_WALK:,} commits" in refused.value.message


def test_limit_is_capped_and_the_audit_keeps_no_content(
    make_service: ServiceFactory, repository: Path
) -> None:
    service = make_service(repository)
    garden = build_garden(service, repository)
    assert len(service.history("desk", GARDEN, limit=10_000).entries) == 7
    assert len(service.history("desk", GARDEN, limit=-5).entries) == 1
    service.history("voice", GARDEN)
    audit = (repository / ".git/memoire/audit.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in audit if '"history"' in line]
    assert [(record["client"], record["path"]) for record in records][-1] == ("voice", GARDEN)
    assert records[-1]["size"] == 6
    for word in (*SENSITIVE_WORDS, "Tomatoes", *garden.hidden_versions):
        assert word not in "\n".join(audit)


def test_restoring_the_content_a_note_already_has_writes_nothing(
    service: MemoryService, repository: Path
) -> None:
    created = service.append("desk", NOTE, "Ferns.", title="Plants", sensitive=False)
    head = service.head()
    with pytest.raises(InvalidArgument) as refused:
        service.restore("desk", NOTE, created.commit, created.version)
    assert "already holds its content" in refused.value.message
    assert service.head() == head == git(repository, "rev-parse", "HEAD").strip()
