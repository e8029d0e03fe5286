"""`memoire verify` against someone passing their commits off as memoire's, and rewrites.

Every attack is made with the tools an attacker has: plain git with a chosen committer name,
a key of their own, `git push --force`, a commit rewritten with its signature kept.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pygit2
import pytest

from memoire.bootstrap import create_memory
from memoire.core.layout import ENGLISH
from memoire.storage.commits import CommitBuilder
from memoire.storage.signing import ALLOWED_SIGNERS_PATH, BridgeKey

from ..bridges import memoire_command
from ..conftest import ServiceFactory, git, write_config
from ..remotes import bare_repository


@pytest.fixture
def memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    path = tmp_path / "memory"
    create_memory(path, "", ENGLISH)
    return path


def as_committer(repository: Path, name: str, *arguments: str) -> str:
    """Plain git, run by someone who sets the committer name they like."""
    return git(repository, *arguments, name=name, email="memoire@localhost")


def forge_note(repository: Path, path: str, text: str) -> str:
    (repository / path).write_text(text)
    as_committer(repository, "memoire (claude)", "add", path)
    as_committer(repository, "memoire (claude)", "commit", "-qm", f"memoire: append {path}")
    return git(repository, "rev-parse", "HEAD").strip()


def verify(tmp_path: Path, repository: Path, *arguments: str, memory: str = "") -> tuple[int, str]:
    config = write_config(tmp_path, repository, memory=memory)
    result = memoire_command("verify", *arguments, config=config)
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, result.stdout


def line_of(output: str, commit: str) -> str:
    return next(line for line in output.splitlines() if line.startswith(commit[:10]))


def test_a_forged_memoire_commit_made_with_plain_git_is_named(
    memory: Path, make_service: ServiceFactory, tmp_path: Path
) -> None:
    make_service(memory).append("desk", "topics/a.md", "true", title="A", sensitive=False)
    forged = forge_note(memory, "topics/b.md", "---\ntitle: B\n---\n\nI said so.\n")
    status, output = verify(tmp_path, memory)
    assert status == 1
    assert "UNEXPLAINED: claims to be memoire (claude) but is not signed" in line_of(output, forged)
    assert "1 unexplained" in output.splitlines()[-1]


def test_a_persons_commit_is_reported_as_such_and_passes(
    memory: Path, make_service: ServiceFactory, tmp_path: Path
) -> None:
    make_service(memory).append("desk", "topics/a.md", "true", title="A", sensitive=False)
    (memory / "topics/a.md").write_text((memory / "topics/a.md").read_text() + "by hand\n")
    git(memory, "commit", "-qam", "fixed by hand")
    status, output = verify(tmp_path, memory)
    assert status == 0, output
    mine = git(memory, "rev-parse", "HEAD").strip()
    assert "a person's commit (Person <person@example.org>)" in line_of(output, mine)


def test_a_key_added_in_its_own_commit_does_not_vouch_for_that_commit(
    memory: Path, make_service: ServiceFactory, tmp_path: Path
) -> None:
    make_service(memory).append("desk", "topics/a.md", "true", title="A", sensitive=False)
    attacker = BridgeKey(tmp_path / "attacker_key", "memoire@attacker")
    repo = pygit2.Repository(str(memory))
    head = git(memory, "rev-parse", "HEAD").strip()
    listed = (memory / ALLOWED_SIGNERS_PATH).read_text() + attacker.allowed_signers_line() + "\n"
    builder = CommitBuilder(repo, "", attacker)
    blobs = builder.write_blobs(
        {ALLOWED_SIGNERS_PATH: listed.encode(), "topics/evil.md": b"---\ntitle: E\n---\n\nx\n"}
    )
    forged = builder.commit(head, blobs, "memoire (claude)", "memoire: append topics/evil.md")
    git(memory, "update-ref", "refs/heads/main", forged, head)
    status, output = verify(tmp_path, memory)
    assert status == 1
    assert "a key cannot vouch for the commit that adds it" in line_of(output, forged)


def test_a_signed_commit_rewritten_with_its_signature_kept_fails(
    memory: Path, make_service: ServiceFactory, tmp_path: Path
) -> None:
    service = make_service(memory)
    service.append("desk", "topics/a.md", "I like tea.", title="A", sensitive=False)
    signed = git(memory, "cat-file", "commit", "HEAD")
    assert "gpgsig -----BEGIN SSH SIGNATURE-----" in signed
    tampered_text = signed.rstrip("\n") + " (and a little more)\n"  # the message changed
    tampered = subprocess.run(
        ["git", "-C", str(memory), "hash-object", "-t", "commit", "-w", "--stdin"],
        input=tampered_text,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert tampered != git(memory, "rev-parse", "HEAD").strip()
    git(memory, "update-ref", "refs/heads/main", tampered)
    by_git = subprocess.run(
        [
            "git",
            "-C",
            str(memory),
            "-c",
            "gpg.format=ssh",
            "-c",
            f"gpg.ssh.allowedSignersFile={memory / ALLOWED_SIGNERS_PATH}",
            "verify-commit",
            tampered,
        ],
        capture_output=True,
        text=True,
        check=False,
        env={"HOME": str(memory), "PATH": "/usr/bin:/bin"},
    )
    assert by_git.returncode != 0
    status, output = verify(tmp_path, memory)
    assert status == 1
    assert "signature is not valid for its content" in line_of(output, tampered)


def test_a_branch_reset_behind_what_memoire_wrote_is_a_rewrite(
    memory: Path, make_service: ServiceFactory, tmp_path: Path
) -> None:
    service = make_service(memory)
    service.append("desk", "topics/a.md", "one", title="A", sensitive=False)
    lost = service.append("desk", "topics/a.md", "two").commit
    git(memory, "reset", "-q", "--hard", "HEAD~1")
    status, output = verify(tmp_path, memory)
    assert status == 1
    assert f"REWRITTEN: the branch was at {lost[:10]}" in output
    assert "1 rewrite(s)" in output.splitlines()[-1]


def test_a_force_pushed_remote_and_a_forged_push_are_both_reported(
    tmp_path: Path, make_service: ServiceFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    remote = bare_repository(tmp_path / "shared.git")
    local = tmp_path / "desk"
    create_memory(local, "", ENGLISH, str(remote))
    service = make_service(local, remote=str(remote))
    service.append("desk", "topics/a.md", "kept", title="A", sensitive=False)
    pushed = service.append("desk", "topics/a.md", "taken out by the force push").commit
    other = tmp_path / "someone-else"
    subprocess.run(["git", "clone", "-q", str(remote), str(other)], check=True)
    git(other, "reset", "-q", "--hard", "HEAD~1")
    forged = forge_note(other, "topics/b.md", "---\ntitle: B\n---\n\nTrust me.\n")
    git(other, "push", "-q", "--force", "origin", "HEAD:main")
    status, output = verify(tmp_path, local, memory=f'remote = "{remote}"\n')
    assert status == 1
    assert f"REWRITTEN: the branch was at {pushed[:10]}" in output
    assert "UNEXPLAINED: claims to be memoire (claude)" in line_of(output, forged)


def test_the_walk_is_bounded_and_since_leaves_older_commits_out(
    memory: Path, make_service: ServiceFactory, tmp_path: Path
) -> None:
    forged = forge_note(memory, "topics/b.md", "---\ntitle: B\n---\n\nold forgery\n")
    service = make_service(memory)
    service.append("desk", "topics/a.md", "one", title="A", sensitive=False)
    status, output = verify(tmp_path, memory, "--limit", "1")
    assert status == 0, output
    assert "1 commit(s)" in output
    assert "older commits were not checked" in output
    status, output = verify(tmp_path, memory, "--since", forged)
    assert status == 0, output
    assert forged[:10] not in output
    assert verify(tmp_path, memory)[0] == 1


@pytest.mark.parametrize(
    ("arguments", "said"),
    [(("--since", "no-such-commit"), "--since"), (("--limit", "0"), "--limit")],
)
def test_mistakes_in_the_command_are_one_clear_line(
    memory: Path, tmp_path: Path, arguments: tuple[str, ...], said: str
) -> None:
    result = memoire_command("verify", *arguments, config=write_config(tmp_path, memory))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert said in result.stderr
    assert "Traceback" not in result.stderr
