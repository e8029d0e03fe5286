"""Opening the memory's repository: exactly the configured folder, never one above it.

Git looks upward for a repository by default, so a plain folder inside a dotfiles `$HOME`
would silently be the enclosing repository, and notes would land at its root. memoire
opens only the folder it was given; the enclosing repository is looked up only to say,
in the refusal, how to use it on purpose (`subdir`).
"""

from __future__ import annotations

from pathlib import Path

import pygit2
from pygit2.enums import RepositoryOpenFlag

from ..core.errors import MemoryMissing


def open_repository(repository: Path) -> pygit2.Repository:
    """The repository at exactly this folder; MemoryMissing, saying what to do, if none."""
    try:
        return pygit2.Repository(str(repository), RepositoryOpenFlag.NO_SEARCH)
    except pygit2.GitError, OSError:  # OSError: a folder this user may not enter
        raise MemoryMissing(missing_memory_message(repository)) from None


def is_repository(repository: Path) -> bool:
    try:
        pygit2.Repository(str(repository), RepositoryOpenFlag.NO_SEARCH)
    except pygit2.GitError, OSError:  # OSError: a folder this user may not enter
        return False
    return True


def missing_memory_message(repository: Path) -> str:
    if _closed_to_us(repository):
        return (
            f"Cannot open the memory at {repository}: permission denied. Give your user "
            "access to it, or run memoire as the user who owns it."
        )
    message = f"No memory at {repository} yet. Create it with: memoire init {repository}"
    outer = enclosing_repository(repository)
    if outer is None:
        return message
    inside = repository.relative_to(outer).as_posix()
    return (
        f"{message} (it is a folder inside the Git repository at {outer}, which memoire "
        f'never uses unless told: to keep the memory there, set repository = "{outer}" and '
        f'subdir = "{inside}" in memoire.toml)'
    )


def _closed_to_us(repository: Path) -> bool:
    """Whether the folder, or its `.git`, exists but this user may not look inside."""
    for folder in (repository, repository / ".git"):
        try:
            next(folder.iterdir(), None)
        except PermissionError:
            return True
        except OSError:
            return False
    return False


def enclosing_repository(folder: Path) -> Path | None:
    """The working folder of the repository a folder lies inside, if another one holds it."""
    existing = next((path for path in (folder, *folder.parents) if path.is_dir()), None)
    found = None if existing is None else pygit2.discover_repository(str(existing))
    if found is None:
        return None
    outer = pygit2.Repository(found, RepositoryOpenFlag.NO_SEARCH)
    workdir = Path(outer.workdir) if outer.workdir else None
    if workdir is None or workdir == folder or not folder.is_relative_to(workdir):
        return None
    return workdir
