"""Creating a memory: a Git repository (new or adopted) with a README and the layout's folders."""

from __future__ import annotations

from pathlib import Path

import pygit2

from .core.layout import Layout
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
    """The preset an existing memory already follows, judged by its profile note."""
    root = repository / subdir if subdir else repository
    for layout in layouts:
        if (root / layout.profile).is_file():
            return layout
    return None


def create_memory(
    repository: Path, subdir: str, layout: Layout, remote: str | None = None
) -> str | None:
    """Create or adopt the repository and commit what is missing; the commit, if one was made.

    With a remote, what it already holds comes first, and the commit is pushed to it.
    """
    repository.mkdir(parents=True, exist_ok=True)
    if not (repository / ".git").exists():
        pygit2.init_repository(str(repository), initial_head="main")
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


def _present(snapshot: Snapshot, path: str) -> bool:
    if path.endswith(KEEP_FILE):
        folder = path.rsplit("/", 1)[0] + "/"
        return any(existing.startswith(folder) for existing in snapshot.files)
    return path in snapshot.files
