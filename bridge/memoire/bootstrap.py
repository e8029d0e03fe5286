"""Creating a memory: a Git repository (new or adopted) with a README and the layout's folders."""

from __future__ import annotations

from pathlib import Path

import pygit2

from .core.errors import NotAdoptable
from .core.layout import Layout
from .storage.opening import is_repository, open_repository
from .storage.store import Change, GitStore, Snapshot

KEEP_FILE = ".gitkeep"

_README = {
    "en": """# Memory

This folder is a personal memory kept by memoire. Every change is a Git commit.

- `profile.md` and `preferences.md` are shown in full at the start of every conversation.
- `people/`, `domains/`, `topics/`, `journal/` and `projects/` hold one note per subject,
  named `<slug>.md` (lower-case letters, digits and dashes).
- Each note starts with a header: `title`, `description`, `updated` (set by memoire) and
  `sensitive` (`yes` hides the note from clients that may not see sensitive notes).
- Secrets (passwords, tokens, API keys, PINs, card numbers) never belong here.

No tool may change or delete this README.
""",
    "fr": """# Mémoire

Ce dossier est une mémoire personnelle tenue par memoire. Chaque modification est un commit Git.

- `profil.md` et `preferences.md` sont montrés en entier au début de chaque conversation.
- `personnes/`, `domaines/`, `sujets/`, `journal/` et `projets/` contiennent une note par sujet,
  nommée `<slug>.md` (minuscules, chiffres et tirets).
- Chaque note commence par un en-tête : `titre`, `description`, `maj` (mise à jour par memoire)
  et `sensible` (`oui` cache la note aux clients qui n'ont pas le droit de voir
  les notes sensibles).
- Les secrets (mots de passe, jetons, clés d'API, NIP, numéros de carte) n'y entrent jamais.

Aucun outil ne peut modifier ni supprimer ce README.
""",
}


def detect_layout(repository: Path, subdir: str, layouts: list[Layout]) -> Layout | None:
    """The preset an existing memory already follows: by its profile note, else by the
    folders only that preset has (a memory fresh from `init` has no profile yet)."""
    root = repository / subdir if subdir else repository
    for layout in layouts:
        if (root / layout.profile).is_file():
            return layout
    for layout in layouts:
        shared = {folder for other in layouts if other != layout for folder in other.folders}
        if any((root / folder).is_dir() for folder in set(layout.folders) - shared):
            return layout
    return None


def choose_layout(
    repository: Path, subdir: str, requested: Layout | None, layouts: list[Layout]
) -> Layout:
    """The layout asked for, unless the memory already follows another; else the one found."""
    found = detect_layout(repository, subdir, layouts)
    if requested is None or found is None or found == requested:
        return requested or found or layouts[0]
    root = repository / subdir if subdir else repository
    raise NotAdoptable(
        f"{root} is already a memory in the {found.name} layout, so --layout "
        f"{requested.name} would mix two layouts. To keep it, run: memoire init {root} "
        f"--layout {found.name}. To switch, rename its files and folders to the "
        f"{requested.name} names by hand (git mv), then run init again."
    )


def create_memory(
    repository: Path, subdir: str, layout: Layout, remote: str | None = None
) -> str | None:
    """Create or adopt the repository and commit what is missing; the commit, if one was made.

    Everything is checked before anything is created, so a refusal leaves no half-made
    repository behind. What an earlier attempt left (an empty or partial `.git`, a
    repository without commits) is built on. With a remote, what it already holds comes
    first, and the commit is pushed to it.
    """
    refuse_what_init_cannot_adopt(repository, subdir, layout)
    if not is_repository(repository):
        repository.mkdir(parents=True, exist_ok=True)
        try:
            pygit2.init_repository(str(repository), initial_head="main")
        except pygit2.GitError as error:
            raise NotAdoptable(
                f"Cannot create a Git repository in {repository} ({error}); move what is in "
                "its .git aside, then run init again."
            ) from None
    store = GitStore(repository, subdir, remote_url=remote)
    store.refresh()
    wanted: dict[str, bytes | None] = {layout.readme: _README[layout.name].encode("utf-8")}
    wanted |= {f"{folder}/{KEEP_FILE}": b"" for folder in layout.folders}

    def plan(snapshot: Snapshot) -> Change[None]:
        missing = {path: data for path, data in wanted.items() if not _present(snapshot, path)}
        return Change(files=missing, outcome=None)

    if all(_present(store.snapshot(), path) for path in wanted):
        return None
    landed = store.write(plan, "init", f"memoire init ({layout.name} layout)\n")
    return landed.commit


def refuse_what_init_cannot_adopt(repository: Path, subdir: str, layout: Layout) -> None:
    """Refuse, before anything is created, a place `init` could only half make a memory of."""
    if repository.exists() and not repository.is_dir():
        raise NotAdoptable(
            f"{repository} is a file, not a folder. Give init a folder for the memory "
            "(it is created if missing), for example: memoire init ~/memory"
        )
    if _has_commits(repository):
        return  # an adopted repository: the store refuses, with nothing written, what is in the way
    root = repository / subdir if subdir else repository
    notes = _markdown_files(root, enough=3)
    if notes:
        shown = ", ".join(str(path.relative_to(root)) for path in notes)
        raise NotAdoptable(
            f"{root} already holds Markdown files that are not in a memoire memory (such as "
            f"{shown}). Make the memory elsewhere (memoire init ~/memory), then adopt them with: "
            f"memoire import {root}"
        )
    for folder in layout.folders:
        place = root / folder
        if place.is_symlink() or (place.exists() and not place.is_dir()):
            raise NotAdoptable(
                f"{place} is in the way of the memory's {folder}/ folder: move it aside, "
                "then run init again."
            )


def _has_commits(repository: Path) -> bool:
    if not is_repository(repository):
        return False
    return not open_repository(repository).head_is_unborn


def _markdown_files(root: Path, enough: int) -> list[Path]:
    """The first Markdown files found under a folder, outside `.git`, links not followed."""
    found: list[Path] = []
    for folder, folders, files in root.walk():
        folders[:] = sorted(name for name in folders if name != ".git")
        found += sorted(folder / name for name in files if name.lower().endswith(".md"))
        if len(found) >= enough:
            return found[:enough]
    return found


def _present(snapshot: Snapshot, path: str) -> bool:
    if path.endswith(KEEP_FILE):
        folder = path.rsplit("/", 1)[0] + "/"
        return any(existing.startswith(folder) for existing in snapshot.files)
    return path in snapshot.files
