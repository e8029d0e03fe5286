"""`memoire verify`: who made each commit of the branch, and whether the branch was rewritten.

The branch's first parents are walked from its commit (with a remote: the remote's, fetched
first), newest first, at most DEFAULT_LIMIT of them unless told otherwise. Each commit is:
- signed by a bridge: its SSH signature is valid for a key the memory's allowed-signers file
  listed in its parent, so a key can never vouch for the commit that adds it;
- a bridge's key added: memoire's commit that only adds the key it is signed with (the
  first commit of every bridge; listed so the owner can check they know that bridge);
- a person's commit: its committer is not `memoire (…)`;
- unexplained: it claims to be memoire's (committer `memoire (…)`) without a valid signature.
Every head this repository's bridge saw the branch at (`storage.heads`) must still be in the
branch's history; one that is not was taken out by a rewrite (a force push, reset, amend).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

import pygit2

from .config import Config
from .core.errors import InvalidArgument, MemoireError
from .storage.heads import HeadsLog
from .storage.opening import open_repository
from .storage.remote import redact
from .storage.signing import ALLOWED_SIGNERS_PATH, parse_allowed_signers, signer_of
from .storage.store import GitStore

DEFAULT_LIMIT = 1000  # commits walked by default: a few years of a busy memory, in a second
HEADS_CHECKED = 1000  # the most recent distinct recorded heads checked against the branch


class Verdict(StrEnum):
    SIGNED = "signed"
    KEY_ADDED = "key added"
    PERSON = "person"
    UNEXPLAINED = "unexplained"


@dataclass(frozen=True, slots=True)
class CommitCheck:
    commit: str
    time: str
    committer: str
    verdict: Verdict
    detail: str


@dataclass(frozen=True, slots=True)
class Rewrite:
    commit: str
    recorded: str
    ref: str


@dataclass(slots=True)
class VerifyReport:
    ref: str
    commits: list[CommitCheck] = field(default_factory=list)
    rewrites: list[Rewrite] = field(default_factory=list)
    more_before: bool = False  # the walk stopped at its bound with older commits left
    fetch_problem: str | None = None

    @property
    def unexplained(self) -> list[CommitCheck]:
        return [check for check in self.commits if check.verdict is Verdict.UNEXPLAINED]

    @property
    def clean(self) -> bool:
        return not self.unexplained and not self.rewrites


def verify_memory(
    config: Config, limit: int = DEFAULT_LIMIT, since: str | None = None
) -> VerifyReport:
    """Check the branch of `config`'s memory; `since` stops the walk at that commit."""
    if limit < 1:
        raise InvalidArgument("--limit must be at least 1: give how many commits to check")
    memory = config.memory
    store = GitStore(memory.repository, memory.subdir, memory.branch, memory.remote)
    report = VerifyReport(ref=memory.branch or "the checked-out branch")
    if memory.remote:
        report.ref = f"{redact(memory.remote)} ({memory.branch or 'its branch'})"
        try:
            store.refresh()
        except MemoireError as error:
            report.fetch_problem = str(error)
    repo = open_repository(memory.repository)
    checker = _CommitChecker(repo, memory.subdir)
    tip = store.head()
    stop = _resolved(repo, since) if since else None
    walked: set[str] = set()
    current = tip
    while current is not None and current != stop:
        if len(report.commits) == limit:
            report.more_before = True
            break
        commit = repo[current]
        assert isinstance(commit, pygit2.Commit)
        walked.add(current)
        report.commits.append(checker.check(commit))
        current = str(commit.parent_ids[0]) if commit.parent_ids else None
    report.rewrites = _rewrites(repo, tip, walked)
    return report


def report_lines(report: VerifyReport) -> list[str]:
    """One line per commit, newest first, then each rewrite, then a summary."""
    lines = [
        f"{check.commit[:10]}  {check.time}  "
        f"{'UNEXPLAINED: ' if check.verdict is Verdict.UNEXPLAINED else ''}{check.detail}"
        for check in report.commits
    ]
    lines += [
        f"REWRITTEN: the branch was at {rewrite.commit[:10]} ({rewrite.ref}, seen "
        f"{rewrite.recorded}); that commit is no longer in its history: a force push, reset "
        "or amend took it out"
        for rewrite in report.rewrites
    ]
    if report.fetch_problem:
        lines.append(
            f"Could not fetch, so the remote's last known commit was checked: "
            f"{report.fetch_problem}"
        )
    counts = Counter(check.verdict for check in report.commits)
    bound = (
        f"; older commits were not checked (--limit {len(report.commits)}, or --since)"
        if report.more_before
        else ""
    )
    lines.append(
        f"{len(report.commits)} commit(s) of {report.ref} checked, first parents, newest "
        f"first{bound}: {counts[Verdict.SIGNED]} signed by a bridge, "
        f"{counts[Verdict.KEY_ADDED]} adding a bridge's key, {counts[Verdict.PERSON]} by a "
        f"person, {counts[Verdict.UNEXPLAINED]} unexplained; {len(report.rewrites)} rewrite(s)."
    )
    return lines


def _resolved(repo: pygit2.Repository, since: str) -> str:
    try:
        found = repo.revparse_single(since).peel(pygit2.Commit)
    except (KeyError, ValueError, pygit2.GitError) as error:
        raise InvalidArgument(
            f"--since {since!r} names no commit of this repository; give a commit id (see git log)"
        ) from error
    return str(found.id)


def _rewrites(repo: pygit2.Repository, tip: str | None, walked: set[str]) -> list[Rewrite]:
    """Recorded heads that are no longer in the branch's history, oldest first."""
    latest: dict[str, tuple[str, str]] = {}
    for head in HeadsLog(Path(repo.path) / "memoire").recorded():
        latest.pop(head.commit, None)
        latest[head.commit] = (head.time, head.ref)
    rewrites = []
    for commit, (recorded, ref) in list(latest.items())[-HEADS_CHECKED:]:
        if commit in walked or (tip is not None and _ancestor(repo, commit, tip)):
            continue
        rewrites.append(Rewrite(commit, recorded, ref))
    return rewrites


def _ancestor(repo: pygit2.Repository, commit: str, tip: str) -> bool:
    if commit == tip:
        return True
    with contextlib.suppress(KeyError, ValueError, pygit2.GitError):
        if isinstance(repo.get(commit), pygit2.Commit):
            return bool(repo.descendant_of(tip, commit))
    return False


class _CommitChecker:
    """Verdicts for commits, with each allowed-signers file parsed once."""

    def __init__(self, repo: pygit2.Repository, subdir: str) -> None:
        self._repo = repo
        self._path = f"{subdir}/{ALLOWED_SIGNERS_PATH}" if subdir else ALLOWED_SIGNERS_PATH
        self._parsed: dict[str, dict[bytes, str]] = {}

    def check(self, commit: pygit2.Commit) -> CommitCheck:
        committer = commit.committer.name
        when = datetime.fromtimestamp(commit.commit_time, UTC).strftime("%Y-%m-%d %H:%M")
        verdict, detail = self._verdict(commit, committer)
        return CommitCheck(str(commit.id), when, committer, verdict, detail)

    def _verdict(self, commit: pygit2.Commit, committer: str) -> tuple[Verdict, str]:
        signature, payload = commit.gpg_signature
        armoured = signature.decode("utf-8", "replace") if signature else None
        parent = commit.parents[0] if commit.parent_ids else None
        if armoured and payload is not None:
            principal = signer_of(armoured, payload, self._allowed(parent))
            if principal is not None:
                return Verdict.SIGNED, f"signed by bridge {principal}"
        if not (committer.startswith("memoire (") and committer.endswith(")")):
            return Verdict.PERSON, f"a person's commit ({committer} <{commit.committer.email}>)"
        if not armoured or payload is None:
            return Verdict.UNEXPLAINED, f"claims to be {committer} but is not signed"
        own = signer_of(armoured, payload, self._allowed(commit))
        if own is None:
            return Verdict.UNEXPLAINED, (
                f"claims to be {committer} but its signature is not valid for its content "
                "or for any key the memory lists"
            )
        if self._only_adds_signers(commit, parent):
            return Verdict.KEY_ADDED, (
                f"adds the key of bridge {own}; a key cannot vouch for itself: make sure "
                "you know this bridge"
            )
        return Verdict.UNEXPLAINED, (
            f"claims to be {committer}, signed by {own}'s key, which was not listed before "
            "this commit: a key cannot vouch for the commit that adds it"
        )

    def _allowed(self, commit: pygit2.Commit | None) -> dict[bytes, str]:
        if commit is None:
            return {}
        try:
            entry = commit.tree[self._path]
        except KeyError:
            return {}
        blob_id = str(entry.id)
        if blob_id not in self._parsed:
            blob = self._repo[entry.id]
            text = blob.data.decode("utf-8", "replace") if isinstance(blob, pygit2.Blob) else ""
            self._parsed[blob_id] = parse_allowed_signers(text)
        return self._parsed[blob_id]

    def _only_adds_signers(self, commit: pygit2.Commit, parent: pygit2.Commit | None) -> bool:
        """The commit changes the allowed-signers file and nothing else, removing no key."""
        if parent is None:
            changed = _file_paths(commit.tree)
        else:
            diff = parent.tree.diff_to_tree(commit.tree)
            changed = [delta.new_file.path for delta in diff.deltas]
        if changed != [self._path]:
            return False
        before, after = self._allowed(parent), self._allowed(commit)
        return before.keys() <= after.keys()


def _file_paths(tree: pygit2.Tree, prefix: str = "") -> list[str]:
    """Every file path in a tree (a root commit's whole content)."""
    found = []
    for entry in tree:
        path = f"{prefix}{entry.name}"
        if isinstance(entry, pygit2.Tree):
            found += _file_paths(entry, f"{path}/")
        else:
            found.append(path)
    return found
