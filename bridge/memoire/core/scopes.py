"""Project scopes: which `projects/<scope>.md` note a conversation's project memory lands in.

The workspace always comes from the caller (a tool argument, or the folder given at
launch), never from the bridge process's own working directory: a server started in the
user's home would otherwise file every project under one bucket named after it. For
the same reason a conversation title never names a scope, and a workspace that is the
home folder or `/` gives no scope at all. Precedence, first match wins: an explicit
scope from the caller, the configured directory map, then the strategy.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

from .errors import InvalidArgument
from .layout import Layout

_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_HOME_LIKE = re.compile(
    r"^(?:/home/[^/]+|/Users/[^/]+|/root|/var/home/[^/]+|[A-Za-z]:\\Users\\[^\\]+)$"
)
MAX_SCOPE_CHARS = 60
MAX_WORKSPACE_CHARS = 4096  # PATH_MAX on Linux
MAX_WORKSPACE_PARTS = 64  # folders below the root
_LOOKUP_ONLY = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY  # no read right needed


class Strategy(StrEnum):
    PER_REPO = "per-repo"
    PER_DIRECTORY = "per-directory"
    PER_SESSION = "per-session"
    GLOBAL = "global"


class Rule(StrEnum):
    """What chose the scope, in the words an answer shows the user."""

    EXPLICIT = "explicit scope given by the caller"
    DIRECTORY_MAP = "directory map in memoire.toml"
    PER_REPO = "per-repo: name of the workspace's Git repository"
    PER_REPO_FOLDER = "per-repo: no Git repository found, name of the workspace folder"
    PER_REPO_REMOTE = (
        "per-repo: name of the workspace folder (a remote caller's folders are not looked "
        "up on the bridge's own disk)"
    )
    PER_DIRECTORY = "per-directory: name of the workspace folder"
    PER_SESSION = "per-session: this conversation's own scope"
    NONE = "no project scope"


@dataclass(frozen=True, slots=True)
class ScopeDecision:
    scope: str | None
    rule: Rule
    note: str | None
    reason: str

    def describe(self) -> str:
        if self.scope is None:
            return f"No project scope ({self.reason})."
        return f"Project scope '{self.scope}' → {self.note} (rule: {self.rule.value})."


def slug(name: str) -> str:
    """A scope name in the slug form note paths allow: `My App` → `my-app`."""
    folded = name.strip().lower()
    return _NOT_SLUG.sub("-", folded).strip("-")[:MAX_SCOPE_CHARS].strip("-")


class ScopeResolver:
    def __init__(
        self,
        layout: Layout,
        strategy: Strategy = Strategy.PER_REPO,
        directories: Mapping[str, str] | None = None,
        git_root_of: Callable[[PurePath], PurePath | None] | None = None,
    ) -> None:
        self._layout = layout
        self._strategy = strategy
        self._directories = {
            _normalise(path): slug(scope) for path, scope in (directories or {}).items()
        }
        self._git_root_of = git_root_of

    @property
    def strategy(self) -> Strategy:
        return self._strategy

    def resolve(
        self,
        *,
        explicit: str | None = None,
        workspace: str | None = None,
        session: str | None = None,
        probe_disk: bool = True,
    ) -> ScopeDecision:
        """`probe_disk` False: never look for the workspace's Git repository on this machine
        (the caller is elsewhere; what this disk holds is none of its business)."""
        if explicit is not None and explicit.strip():
            name = slug(explicit)
            if not name:
                raise InvalidArgument(
                    f"{explicit!r} cannot name a scope: use letters or digits, e.g. 'my-project'."
                )
            return self._decided(name, Rule.EXPLICIT)
        if self._strategy is Strategy.GLOBAL:
            return self._none("the scope strategy is global: there is no per-project note")
        if self._strategy is Strategy.PER_SESSION:
            if session is None:
                return self._none("per-session needs a session; pass scope to name one")
            return self._decided(f"session-{session}", Rule.PER_SESSION)
        return self._from_workspace(workspace, probe_disk)

    def _from_workspace(self, workspace: str | None, probe_disk: bool) -> ScopeDecision:
        if workspace is None or not workspace.strip():
            return self._none(
                "no workspace was given; pass workspace (the project folder) or scope"
            )
        path = _bounded(workspace)
        if _is_home_or_root(path):
            return self._none(
                f"the workspace {workspace} is a home folder or the file system root, not a "
                "project; pass the project's folder as workspace, or scope"
            )
        mapped = self._mapped(path)
        if mapped is not None:
            return self._decided(mapped, Rule.DIRECTORY_MAP)
        if self._strategy is Strategy.PER_REPO:
            if not probe_disk:
                return self._named(path.name, Rule.PER_REPO_REMOTE, workspace)
            root = self._git_root_of(path) if self._git_root_of else None
            if root is not None and not _is_home_or_root(root):
                return self._named(root.name, Rule.PER_REPO, workspace)
            return self._named(path.name, Rule.PER_REPO_FOLDER, workspace)
        return self._named(path.name, Rule.PER_DIRECTORY, workspace)

    def _mapped(self, path: PurePath) -> str | None:
        """The mapping of the deepest configured folder that holds the workspace.

        Compares parts, once per configured folder: linear in the workspace's length
        (`is_relative_to` builds every parent, quadratic in a deep path)."""
        parts = _compared_parts(path)
        candidates = [
            (len(folder.parts), scope)
            for folder, scope in self._directories.items()
            if type(folder) is type(path) and parts[: len(folder.parts)] == _compared_parts(folder)
        ]
        return max(candidates)[1] if candidates else None

    def _named(self, name: str, rule: Rule, workspace: str) -> ScopeDecision:
        scope = slug(name)
        if not scope:
            return self._none(f"the workspace {workspace} has no usable name; pass scope")
        return self._decided(scope, rule)

    def _decided(self, scope: str, rule: Rule) -> ScopeDecision:
        note = self._layout.project_note(scope)
        return ScopeDecision(scope=scope, rule=rule, note=note, reason=rule.value)

    @staticmethod
    def _none(reason: str) -> ScopeDecision:
        return ScopeDecision(scope=None, rule=Rule.NONE, note=None, reason=reason)


def find_git_root(path: PurePath) -> PurePath | None:
    """The Git top-level folder holding a path, when that path exists on this machine.

    Walks down from `/` one folder at a time, each opened relative to the one before, so
    the cost is linear in the path's length; a relative path (it would be read against
    the bridge's own working directory) is never looked up.
    """
    if not isinstance(path, PurePosixPath) or not path.is_absolute():
        return None
    found: int | None = None
    folder = os.open("/", _LOOKUP_ONLY)
    try:
        for depth, part in enumerate(path.parts):
            if depth > 0:
                try:
                    inner = os.open(part, _LOOKUP_ONLY, dir_fd=folder)
                except OSError:
                    break
                os.close(folder)
                folder = inner
            if _holds_git(folder):
                found = depth
    finally:
        os.close(folder)
    return None if found is None else PurePosixPath(*path.parts[: found + 1])


def _holds_git(folder: int) -> bool:
    try:
        os.stat(".git", dir_fd=folder)
    except OSError:
        return False
    return True


def new_session_key() -> str:
    return uuid.uuid4().hex[:12]


def _compared_parts(path: PurePath) -> tuple[str, ...]:
    """Windows folder names match whatever their case, as Windows matches them."""
    if isinstance(path, PureWindowsPath):
        return tuple(part.casefold() for part in path.parts)
    return path.parts


def _bounded(workspace: str) -> PurePath:
    """The workspace as a path, refused when longer or deeper than any real project folder."""
    if len(workspace) > MAX_WORKSPACE_CHARS:
        raise InvalidArgument(
            f"The workspace is {len(workspace)} characters long; the limit is "
            f"{MAX_WORKSPACE_CHARS}. Pass the project's folder as an absolute path, or scope."
        )
    if "\x00" in workspace:
        raise InvalidArgument(
            "The workspace contains a NUL character, which no folder name can hold. Pass the "
            "project's folder as an absolute path, or scope."
        )
    path = _normalise(workspace)
    folders = len(path.parts) - (1 if path.anchor else 0)
    if folders > MAX_WORKSPACE_PARTS:
        raise InvalidArgument(
            f"The workspace has {folders} folders; the limit is {MAX_WORKSPACE_PARTS}. "
            "Pass the project's folder as an absolute path, or scope."
        )
    return path


def _normalise(workspace: str) -> PurePath:
    text = workspace.strip()
    if re.match(r"^[A-Za-z]:\\", text):
        return PureWindowsPath(text)
    return PurePosixPath(text.rstrip("/") or "/")


def _is_home_or_root(path: PurePath) -> bool:
    text = str(path)
    home = str(Path.home())
    return path == path.parent or text in (home, "~") or _HOME_LIKE.match(text) is not None
