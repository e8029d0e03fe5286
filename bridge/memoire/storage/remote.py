"""A Git remote as the source of truth, reached with the git command line.

The git CLI, not a library, talks to the remote: it already knows the user's SSH keys,
credential helpers, proxies and certificates, and memoire never stores a credential.
A push is a compare-and-swap on the remote branch (`--force-with-lease` naming the
commit our change was built on, which is its parent): it only ever fast-forwards, and a
remote that moved in between rejects it instead of being overwritten. So a write pushes
against the last commit it knows, and fetches only when that lease is refused.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import RemoteUnavailable
from .transfer import run_while_answering

_REJECTED = re.compile(r"\[rejected\]|stale info|fetch first|non-fast-forward|\[remote rejected\]")
# Git says these before it has sent the remote anything: a push that failed so wrote nothing.
_NOT_CONTACTED = re.compile(
    r"unable to connect|Could not read from remote repository|"
    r"does not appear to be a git repository|Could not resolve host"
)
_CREDENTIALS = re.compile(r"(?<=://)[^/\s]*@")  # up to the last @: a password may hold @


@dataclass(frozen=True)
class RemoteStatus:
    """How fresh the local copy is: when the remote last answered, and whether it does now."""

    url: str
    reachable: bool
    last_synced: str | None


def redact(url: str) -> str:
    """A URL fit for messages and logs: any user:password@ part removed."""
    return _CREDENTIALS.sub("", url)


class GitRemote:
    def __init__(self, repository: Path, url: str, branch: str, state_dir: Path) -> None:
        self._repository = repository
        self._url = url
        self._branch = branch
        self._status_file = state_dir / "remote.json"
        self._reachable = True
        self.runs: Counter[str] = Counter()  # git commands run, by name: what a write costs

    @property
    def reachable(self) -> bool:
        """False once a call failed, until one succeeds again."""
        return self._reachable

    @property
    def tracking_ref(self) -> str:
        """Where the remote branch's last known commit is kept in the local repository."""
        return f"refs/remotes/memoire/{self._branch}"

    def fetch(self) -> None:
        refspec = f"+refs/heads/{self._branch}:{self.tracking_ref}"
        result = self._git("fetch", "--no-tags", "--progress", self._url, refspec)
        if result.returncode != 0 and "couldn't find remote ref" in result.stderr:
            self._synced()  # the remote exists and has no such branch yet
            return
        self._check(result, f"Could not fetch from the remote {redact(self._url)}", written=False)
        self._synced()

    def push(self, commit: str, expected: str | None) -> bool:
        """Publish `commit` if the remote branch is still at `expected`; False if it moved."""
        lease = f"--force-with-lease=refs/heads/{self._branch}:{expected or ''}"
        result = self._git(
            "push",
            "--porcelain",
            "--progress",
            lease,
            self._url,
            f"{commit}:refs/heads/{self._branch}",
        )
        if result.returncode != 0 and _REJECTED.search(result.stdout + result.stderr):
            self._synced()
            return False
        written = False if _NOT_CONTACTED.search(result.stderr) else None
        self._check(
            result, f"The push to the remote {redact(self._url)} did not complete", written=written
        )
        self._synced()
        return True

    def status(self) -> RemoteStatus:
        try:
            last = json.loads(self._status_file.read_text(encoding="utf-8"))["last_synced"]
        except FileNotFoundError, ValueError, KeyError:
            last = None
        return RemoteStatus(url=redact(self._url), reachable=self._reachable, last_synced=last)

    def _synced(self) -> None:
        self._reachable = True
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        temporary = self._status_file.with_suffix(".tmp")
        temporary.write_text(json.dumps({"last_synced": stamp}), encoding="utf-8")
        temporary.replace(self._status_file)

    def _check(
        self, result: subprocess.CompletedProcess[str], what: str, *, written: bool | None
    ) -> None:
        """Raise for a failed git call; `written` None means the outcome cannot be known."""
        if result.returncode == 0:
            return
        self._reachable = False
        reason = redact((result.stderr.strip().splitlines() or ["no answer"])[-1])
        outcome = (
            "nothing was written"
            if written is False
            else "the change may or may not have reached it: read the note again once it answers"
        )
        last = self.status().last_synced or "never"
        raise RemoteUnavailable(
            f"{what} ({reason}); {outcome}. Reads still work from the local copy, last synced "
            f"{last}. Try again when the remote is reachable."
        )

    def _git(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        self.runs[arguments[0]] += 1
        environment = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
        return run_while_answering(["git", "-C", str(self._repository), *arguments], environment)
