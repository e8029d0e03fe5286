"""`memoire import SOURCE`, run as a user runs it: real folders, a real memory, real Git."""

from __future__ import annotations

import io
import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from memoire.adapters.progress import ProgressBar
from memoire.config import load_config
from memoire.core.errors import InvalidArgument
from memoire.core.layout import ENGLISH, FRENCH
from memoire.importer import source as source_module
from memoire.importer.headers import Defaults, HeaderRefused, first_prose_line, with_header
from memoire.importer.placement import Placer, slugify
from memoire.importer.source import checked_source
from memoire.service import MemoryService

from .conftest import git
from .test_cli import memoire

MODIFIED = datetime(2024, 3, 5, 12, 0).timestamp()


def write(folder: Path, relative: str, text: str) -> Path:
    """A file as a person left it, dated 2024-03-05."""
    path = folder / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (MODIFIED, MODIFIED))
    return path


def new_memory(home: Path, *layout: str) -> Path:
    result = memoire("init", str(home / "mem"), *layout, home=home)
    assert result.returncode == 0, result.stderr
    return home / "mem"


def config_of(home: Path) -> Path:
    return home / "config/memoire/memoire.toml"


def commits(repository: Path) -> int:
    return int(git(repository, "rev-list", "--count", "HEAD"))


def visible_to(home: Path, client: str) -> set[str]:
    service = MemoryService(load_config(config_of(home)))
    try:
        index = service.index(client)
        shown = {note.path for note in index.always_shown}
        return shown | {note.path for note in index.notes}
    finally:
        service.close()


# A plain folder of Markdown


def test_a_plain_folder_lands_in_the_layout_in_one_commit_with_headers_added(
    tmp_path: Path,
) -> None:
    memory = new_memory(tmp_path)
    source = tmp_path / "notes"
    write(source, "Recipes/Pasta Carbonara.md", "# Carbonara\n\nEggs, pecorino, guanciale.\n")
    write(source, "ideas.md", "\n\n- Plant  tomatoes  by the wall.\n")
    write(source, "People/Alice Martin.md", "Alice likes hiking.\n")
    write(source, "About me.md", "# Me\n\nI live in Lyon.\n")
    write(source, "2024-03-05.md", "Went to the market.\n")
    write(source, "Recipes/cat.png", "not an image, not a note")
    result = memoire("import", str(source), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "(a folder of Markdown)" in result.stdout
    assert git(memory, "ls-files", "*.md").split() == [
        "README.md",
        "journal/2024-03-05.md",
        "people/alice-martin.md",
        "profile.md",
        "topics/ideas.md",
        "topics/pasta-carbonara.md",
    ]
    assert (memory / "topics/pasta-carbonara.md").read_text() == (
        "---\ntitle: Carbonara\ndescription: Eggs, pecorino, guanciale.\nupdated: 2024-03-05\n"
        "sensitive: no\n---\n\n# Carbonara\n\nEggs, pecorino, guanciale.\n"
    )
    ideas = (memory / "topics/ideas.md").read_text()
    assert "title: ideas\ndescription: Plant tomatoes by the wall.\n" in ideas
    assert ideas.endswith("---\n\n\n\n- Plant  tomatoes  by the wall.\n")  # body as it was
    assert "placed Recipes/Pasta Carbonara.md → topics/pasta-carbonara.md" in result.stdout
    assert "skipped Recipes/cat.png: not a Markdown file" in result.stdout
    assert "5 placed, 1 skipped. One commit:" in result.stdout
    assert commits(memory) == 3  # init's two (the bridge's key, the memory), the import's one
    assert git(memory, "log", "-1", "--format=%cn").strip() == "memoire (import)"
    assert git(memory, "status", "--porcelain") == ""
    assert memoire("check", home=tmp_path).returncode == 0


def test_a_real_import_is_audited_once_and_searchable_at_once(tmp_path: Path) -> None:
    memory = new_memory(tmp_path)
    source = tmp_path / "notes"
    write(source, "garden.md", "# Garden\n\nThe quince tree needs pruning in February.\n")
    write(source, "kitchen.md", "Descale the kettle.\n")
    assert memoire("import", str(source), home=tmp_path).returncode == 0
    audit = [
        json.loads(line) for line in (memory / ".git/memoire/audit.jsonl").read_text().splitlines()
    ]
    imports = [record for record in audit if record["tool"] == "import"]
    assert len(imports) == 1
    assert imports[0]["client"] == "import"
    assert imports[0]["size"] == 2
    assert imports[0]["commit"] == git(memory, "rev-parse", "HEAD").strip()
    service = MemoryService(load_config(config_of(tmp_path)))
    try:
        hits = service.search("claude-code", "quince").hits
    finally:
        service.close()
    assert [hit.path for hit in hits] == ["topics/garden.md"]


def test_profile_and_preferences_are_recognised_and_readme_is_left_alone(tmp_path: Path) -> None:
    memory = new_memory(tmp_path)
    readme = (memory / "README.md").read_bytes()
    source = tmp_path / "notes"
    write(source, "Profile.md", "# Who I am\n\nA gardener.\n")
    write(source, "prefs.md", "- temperature: 21\n")
    write(source, "README.md", "# My notes\n")
    result = memoire("import", str(source), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Profile.md → profile.md" in result.stdout
    assert "prefs.md → preferences.md" in result.stdout
    assert "skipped README.md: the memory keeps its own README.md" in result.stdout
    assert (memory / "README.md").read_bytes() == readme


# An Obsidian vault


def test_an_obsidian_vault_skips_its_settings_trash_and_attachments_and_keeps_wikilinks(
    tmp_path: Path,
) -> None:
    memory = new_memory(tmp_path)
    vault = tmp_path / "vault"
    write(vault, ".obsidian/app.json", "{}")
    write(vault, ".obsidian/workspace.md", "# not a note\n")
    write(vault, ".trash/old.md", "# thrown away\n")
    write(vault, "attachments/cat.png", "png")
    front = "---\ntags: [garden, plan]\naliases:\n  - Jardin\n---\n"
    body = "# Garden plan\n\nSee [[Tomatoes]] and ![[cat.png]], then [[People/Alice|Alice]].\n"
    write(vault, "Projects/Garden.md", front + body)
    write(vault, "Daily Notes/2024-01-02.md", "Met [[Alice]].\n")
    write(vault, "Tomatoes.md", "Tomatoes need sun.\n")
    result = memoire("import", str(vault), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "(an Obsidian vault)" in result.stdout
    assert "skipped .obsidian/: hidden (Obsidian's settings)" in result.stdout
    assert "skipped .trash/: hidden (Obsidian's trash)" in result.stdout
    assert "skipped attachments/cat.png: not a Markdown file" in result.stdout
    garden = (memory / "projects/garden.md").read_text()
    assert garden == (
        front.removesuffix("---\n")
        + "title: Garden plan\n"
        + "description: See [[Tomatoes]] and ![[cat.png]], then [[People/Alice|Alice]].\n"
        + "updated: 2024-03-05\nsensitive: no\n---\n"
        + body
    )
    assert "header completed: title, description, updated, sensitive added" in result.stdout
    assert (memory / "journal/2024-01-02.md").read_text().endswith("---\n\nMet [[Alice]].\n")
    assert git(memory, "ls-files", "topics").split() == ["topics/.gitkeep", "topics/tomatoes.md"]
    assert memoire("check", home=tmp_path).returncode == 0


# A seed-style French memory


SEED_NOTES = {
    "profil.md": "---\ntitre: Profil\ndescription: Qui est Ludo\nmaj: 2026-11-07\n"
    "sensible: non\n---\n\nLudo, bricoleur.\n",
    "preferences.md": "---\ntitre: Préférences\ndescription: Ce que Ludo aime\n"
    "maj: 2026-11-07\nsensible: non\n---\n\n- température préférée : 21\n",
    "personnes/marie.md": "---\ntitre: Marie\ndescription: Sa sœur\nmaj: 2026-11-08\n"
    "sensible: non\n---\n\nMarie habite Nantes.\n",
    "domaines/sante.md": "---\ntitre: Santé\ndescription: Suivi médical\nmaj: 2026-11-09\n"
    "sensible: oui\n---\n\nRendez-vous chez le dentiste en mars.\n",
    "projets/labo.md": "---\ntitre: Labo\ndescription: Le labo maison\nmaj: 2026-11-10\n"
    "sensible: non\n---\n\nk3s sur trois nœuds.\n",
}


def seed_memory(folder: Path) -> None:
    write(folder, "README.md", "# Mémoire\n\nCe dossier est une mémoire.\n")
    write(folder, "journal/.gitkeep", "")
    for path, text in SEED_NOTES.items():
        write(folder, path, text)


def test_a_seed_style_memory_into_a_french_memory_keeps_every_byte(tmp_path: Path) -> None:
    memory = new_memory(tmp_path, "--layout", "fr")
    seed = tmp_path / "ancienne"
    seed_memory(seed)
    result = memoire("import", str(seed), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "(a memory in the fr layout)" in result.stdout
    for path, text in SEED_NOTES.items():
        assert (memory / path).read_text() == text
        assert f"→ {path} (header kept)" in result.stdout
    assert "skipped journal/.gitkeep: hidden" in result.stdout
    assert "domaines/sante.md" not in visible_to(tmp_path, "voice")
    assert "personnes/marie.md" in visible_to(tmp_path, "voice")


def test_a_seed_style_memory_into_an_english_memory_keeps_what_is_sensitive(
    tmp_path: Path,
) -> None:
    memory = new_memory(tmp_path)
    seed = tmp_path / "ancienne"
    seed_memory(seed)
    result = memoire("import", str(seed), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (memory / "domains/sante.md").read_text() == (
        "---\ntitle: Santé\ndescription: Suivi médical\nupdated: 2026-11-09\nsensitive: yes\n"
        "---\n\nRendez-vous chez le dentiste en mars.\n"
    )
    assert (memory / "profile.md").read_text().startswith("---\ntitle: Profil\n")
    assert "header rewritten from the fr layout's keys" in result.stdout
    assert "domains/sante.md" not in visible_to(tmp_path, "voice")
    assert {"people/marie.md", "projects/labo.md"} <= visible_to(tmp_path, "voice")


# Dry run, second import, clashes


def test_a_dry_run_reports_the_same_and_writes_nothing(tmp_path: Path) -> None:
    memory = new_memory(tmp_path)
    source = tmp_path / "notes"
    write(source, "garden.md", "# Garden\n\nQuince.\n")
    write(source, "photo.jpg", "jpg")
    head = git(memory, "rev-parse", "HEAD")
    files = sorted(path.relative_to(memory) for path in memory.rglob("*"))
    audit = (
        (memory / ".git/memoire/audit.jsonl").read_bytes()
        if (memory / ".git/memoire/audit.jsonl").exists()
        else b""
    )
    dry = memoire("import", "--dry-run", str(source), home=tmp_path)
    assert dry.returncode == 0, dry.stderr
    assert "would place garden.md → topics/garden.md (header added)" in dry.stdout
    assert "skipped photo.jpg: not a Markdown file" in dry.stdout
    assert "Dry run, nothing was written: 1 would be placed, 1 skipped." in dry.stdout
    assert git(memory, "rev-parse", "HEAD") == head
    assert git(memory, "status", "--porcelain", "--ignored") == ""
    assert sorted(path.relative_to(memory) for path in memory.rglob("*")) == files
    audit_file = memory / ".git/memoire/audit.jsonl"
    assert (audit_file.read_bytes() if audit_file.exists() else b"") == audit
    real = memoire("import", str(source), home=tmp_path)
    report = real.stdout.splitlines()[1:-2]  # the same lines, but for the verb
    assert report == [
        line.replace("would place", "placed") for line in dry.stdout.splitlines()[1:-1]
    ]


def test_a_second_import_of_the_same_folder_imports_nothing_new_and_says_so(
    tmp_path: Path,
) -> None:
    memory = new_memory(tmp_path)
    source = tmp_path / "notes"
    write(source, "garden.md", "# Garden\n\nQuince.\n")
    write(source, "A/Note.md", "First.\n")
    write(source, "B/note.md", "Second.\n")
    assert memoire("import", str(source), home=tmp_path).returncode == 0
    head = git(memory, "rev-parse", "HEAD")
    again = memoire("import", str(source), home=tmp_path)
    assert again.returncode == 0, again.stderr
    assert git(memory, "rev-parse", "HEAD") == head
    assert "garden.md: topics/garden.md already exists in the memory (same content" in again.stdout
    assert "B/note.md: topics/note-2.md already exists in the memory" in again.stdout
    assert "Nothing new to import, nothing was written: 3 skipped (3 already in the memory" in (
        again.stdout
    )


def test_name_clashes_get_a_suffix_and_existing_notes_are_never_overwritten(
    tmp_path: Path,
) -> None:
    memory = new_memory(tmp_path)
    (memory / "topics/garden.md").write_text(
        "---\ntitle: Garden\ndescription: Mine\nupdated: 2026-01-01\nsensitive: no\n---\n\nOld.\n"
    )
    git(memory, "add", "-A")
    git(memory, "commit", "-qm", "by hand")
    mine = (memory / "topics/garden.md").read_bytes()
    source = tmp_path / "notes"
    write(source, "A/Note.md", "First.\n")
    write(source, "B/note.md", "Second.\n")
    write(source, "C/NOTE.md", "Third.\n")
    write(source, "garden.md", "New garden text.\n")
    result = memoire("import", str(source), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "placed A/Note.md → topics/note.md (header added)" in result.stdout
    assert (
        "placed B/note.md → topics/note-2.md (header added; renamed: topics/note.md was taken "
        "by A/Note.md)" in result.stdout
    )
    assert "C/NOTE.md → topics/note-3.md" in result.stdout
    assert "skipped garden.md: topics/garden.md already exists in the memory; not overwritten" in (
        result.stdout
    )
    assert (memory / "topics/garden.md").read_bytes() == mine
    assert (memory / "topics/note-2.md").read_text().endswith("\nSecond.\n")


def test_a_file_not_yet_committed_in_the_memory_folder_is_not_overwritten(tmp_path: Path) -> None:
    memory = new_memory(tmp_path)
    (memory / "topics/garden.md").write_text("my draft, not committed\n")
    source = tmp_path / "notes"
    write(source, "garden.md", "Imported.\n")
    write(source, "kitchen.md", "Descale.\n")
    result = memoire("import", str(source), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "topics/garden.md already exists in the memory's folder, not committed" in result.stdout
    assert (memory / "topics/garden.md").read_text() == "my draft, not committed\n"
    assert "topics/kitchen.md" in git(memory, "ls-files")


# Secrets and sensitive folders


def test_a_note_holding_a_secret_is_skipped_and_the_secret_never_printed(tmp_path: Path) -> None:
    memory = new_memory(tmp_path)
    source = tmp_path / "notes"
    write(source, "wifi.md", "# Wifi\n\nThe box is in the hall.\npassword: Tr0ub4dor&3xyz\n")
    write(source, "garden.md", "Quince.\n")
    result = memoire("import", str(source), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "skipped wifi.md: line 4 looks like a secret" in result.stdout
    assert "Tr0ub4dor" not in result.stdout + result.stderr
    assert "Tr0ub4dor" not in git(memory, "log", "-p", "--all")
    assert "topics/wifi.md" not in git(memory, "ls-files")


def test_sensitive_folders_label_their_notes_sensitive(tmp_path: Path) -> None:
    memory = new_memory(tmp_path)
    source = tmp_path / "notes"
    write(source, "Health/dentist.md", "Appointment in March.\n")
    write(source, "Health/Old/blood.md", "Results fine.\n")
    labelled = (
        "---\ntitle: Diet\ndescription: What I eat\nupdated: 2024-01-01\nsensitive: no\n---\n"
    )
    write(source, "Health/diet.md", labelled + "\nLess sugar.\n")
    write(source, "Money/bank.md", "Bank appointment.\n")
    write(source, "garden.md", "Quince.\n")
    result = memoire(
        "import", str(source), "--sensitive", "Health", "--sensitive", "Money", home=tmp_path
    )
    assert result.returncode == 0, result.stderr
    for path in ("dentist", "blood", "bank"):
        assert "\nsensitive: yes\n" in (memory / f"topics/{path}.md").read_text()
    assert (memory / "topics/diet.md").read_text() == labelled.replace(
        "sensitive: no", "sensitive: yes"
    ) + "\nLess sugar.\n"
    assert "header kept; sensitive set to yes (folder marked sensitive)" in result.stdout
    assert "\nsensitive: no\n" in (memory / "topics/garden.md").read_text()
    seen = visible_to(tmp_path, "voice")
    assert "topics/garden.md" in seen
    assert not {"topics/dentist.md", "topics/blood.md", "topics/bank.md", "topics/diet.md"} & seen


# Refusals: one clear line, exit 2, nothing created


@pytest.mark.parametrize(
    ("make_source", "message"),
    [
        (lambda home, memory: home / "missing", "does not exist"),
        (lambda home, memory: write(home, "file.md", "x"), "is a file"),
        (lambda home, memory: memory, "is the memory itself"),
        (lambda home, memory: memory / "topics", "is the memory itself"),
    ],
)
def test_a_source_that_cannot_be_imported_is_one_line_and_exit_2(
    tmp_path: Path, make_source: object, message: str
) -> None:
    memory = new_memory(tmp_path)
    head = git(memory, "rev-parse", "HEAD")
    source = make_source(tmp_path, memory)  # type: ignore[operator]
    result = memoire("import", str(source), home=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr
    assert git(memory, "rev-parse", "HEAD") == head


def test_a_sensitive_folder_that_is_not_in_source_is_refused(tmp_path: Path) -> None:
    new_memory(tmp_path)
    write(tmp_path / "notes", "a.md", "A.\n")
    result = memoire("import", str(tmp_path / "notes"), "--sensitive", "Health", home=tmp_path)
    assert result.returncode == 2
    assert "--sensitive Health: no such folder inside" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_configured_memory_that_does_not_exist_is_named_with_how_to_create_it(
    tmp_path: Path,
) -> None:
    config = tmp_path / "memoire.toml"
    config.write_text(f'[memory]\nrepository = "{tmp_path / "nowhere"}"\n')
    write(tmp_path / "notes", "a.md", "A.\n")
    result = memoire("import", str(tmp_path / "notes"), "--config", str(config), home=tmp_path)
    assert result.returncode == 2
    assert f"Create it with: memoire init {tmp_path / 'nowhere'}" in result.stderr
    assert not (tmp_path / "nowhere").exists()


def test_without_configuration_a_real_import_creates_the_default_memory_a_dry_run_does_not(
    tmp_path: Path,
) -> None:
    write(tmp_path / "notes", "a.md", "A.\n")
    default = tmp_path / "data/memoire/memory"
    missing = memoire("import", str(tmp_path / "missing"), home=tmp_path)
    assert missing.returncode == 2
    assert not default.exists()
    dry = memoire("import", "--dry-run", str(tmp_path / "notes"), home=tmp_path)
    assert dry.returncode == 2
    assert "memoire init PATH" in dry.stderr
    assert not default.exists()
    real = memoire("import", str(tmp_path / "notes"), home=tmp_path)
    assert real.returncode == 0, real.stderr
    assert "Created a new memory in" in real.stderr
    assert "topics/a.md" in git(default, "ls-files")


# The parts, each on its own


def test_slugs_follow_the_layout_rule() -> None:
    assert slugify("Réunion de l'équipe") == "reunion-de-l-equipe"
    assert slugify("日本語") == "note"
    assert len(slugify("a" * 300)) == 100
    placer = Placer(ENGLISH)
    first = placer.place(("x", "a" * 300 + ".md"), "x")
    second = placer.place(("y", "a" * 300 + ".md"), "y")
    assert first.path == f"topics/{'a' * 100}.md"
    assert second.path == f"topics/{'a' * 98}-2.md"
    assert second.renamed_because == f"topics/{'a' * 100}.md was taken by x"


def test_folders_of_either_preset_map_to_this_layout() -> None:
    placer = Placer(FRENCH)
    assert placer.place(("People", "Bob.md"), "").path == "personnes/bob.md"
    assert placer.place(("projects", "deep", "k3s.md"), "").path == "projets/k3s.md"
    assert placer.place(("profile.md",), "").path == "profil.md"
    assert placer.place(("Profil.md",), "").path == "sujets/profil.md"  # a second profile
    assert placer.place(("misc", "2024-01-02.md"), "").path == "journal/2024-01-02.md"


DEFAULTS = Defaults(name="note", updated="2024-03-05", sensitive=False)


def test_a_valid_header_is_kept_byte_for_byte() -> None:
    text = "---\n# mine\ntitle:   Garden   # a comment\ndescription: x\nupdated: 2020-01-01\n"
    text += "sensitive: no\nextra: kept\n---\nBody\n"
    assert with_header(text, ENGLISH, DEFAULTS).text == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("---\ntitle: A\nsensitive: yes\nsensitive: no\n---\nx\n", "appears twice"),
        ("---\ntitle: [unclosed\n---\nx\n", "cannot be trusted"),
        ("---\ntitle: A\n\nno closing line\n", "no '---' line closes"),
        ("---\ntitle: A\nsensitive: maybe\n---\nx\n", "must be yes or no"),
        ("---\ntitle: A\nsensible: oui\n---\nx\n", "mixes the fr layout's keys"),
    ],
)
def test_a_header_that_cannot_be_trusted_is_refused(text: str, reason: str) -> None:
    with pytest.raises(HeaderRefused, match=reason):
        with_header(text, ENGLISH, DEFAULTS)


def test_the_description_is_the_first_line_of_prose_bounded() -> None:
    text = "# Title\n\n```\ncode: here\n```\n| a | b |\n---\n> - [ ] Buy " + "seeds " * 50
    description = first_prose_line(text)
    assert description.startswith("Buy seeds seeds")
    assert len(description) <= 160
    assert description.endswith("…")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_only_on_a_terminal_and_only_on_long_work() -> None:
    now = [0.0]
    terminal, pipe = _Terminal(), io.StringIO()
    bars = [ProgressBar(stream, "Reading", clock=lambda: now[0]) for stream in (terminal, pipe)]
    for bar in bars:
        bar.update(1, 10)
    assert terminal.getvalue() == ""  # a short import shows nothing
    now[0] = 1.0
    for bar in bars:
        bar.update(5, 10)
        bar.close()
    assert "\rReading [" in terminal.getvalue()
    assert "5/10" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r\033[K")
    assert pipe.getvalue() == ""


def test_a_large_import_writes_each_folder_tree_once(tmp_path: Path) -> None:
    """An import of many notes in one folder adds one tree for it, not one per note (which
    made a 2,000-note import write 66 MB of trees)."""
    memory = new_memory(tmp_path)
    source = tmp_path / "notes"
    for number in range(60):
        write(source, f"note {number}.md", f"Note number {number}.\n")
    before = set(git(memory, "cat-file", "--batch-all-objects", "--batch-check").splitlines())
    assert memoire("import", str(source), home=tmp_path).returncode == 0
    after = set(git(memory, "cat-file", "--batch-all-objects", "--batch-check").splitlines())
    kinds = [line.split()[1] for line in after - before]
    assert sorted(set(kinds)) == ["blob", "commit", "tree"]
    assert (kinds.count("blob"), kinds.count("tree"), kinds.count("commit")) == (60, 2, 1)


def test_a_memory_in_a_folder_of_a_larger_repository_takes_notes_from_beside_it(
    tmp_path: Path,
) -> None:
    repository = tmp_path / "labo"
    config = tmp_path / "memoire.toml"
    options = ("--config", str(config))
    created = memoire("init", str(repository), "--subdir", "memoire", "--layout", "fr", *options,
                      home=tmp_path)  # fmt: skip
    assert created.returncode == 0, created.stderr
    write(repository, "docs/notes/velo.md", "# Vélo\n\nRévision au printemps.\n")
    inside = memoire("import", str(repository / "memoire/sujets"), *options, home=tmp_path)
    assert inside.returncode == 2
    assert "is the memory itself" in inside.stderr
    result = memoire("import", str(repository / "docs/notes"), *options, home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "velo.md → sujets/velo.md" in result.stdout
    imported = (repository / "memoire/sujets/velo.md").read_text()
    assert imported.startswith(
        "---\ntitre: Vélo\ndescription: Révision au printemps.\nmaj: 2024-03-05\nsensible: non\n"
    )
    assert (repository / "docs/notes/velo.md").read_text() == "# Vélo\n\nRévision au printemps.\n"


def test_a_source_that_cannot_be_read_is_one_clear_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tests run as root, who reads every folder: the refusal of the file system is faked."""

    def refused(path: object) -> list[str]:
        raise PermissionError(13, "Permission denied")

    (tmp_path / "notes").mkdir()
    monkeypatch.setattr(source_module.os, "scandir", refused)
    with pytest.raises(InvalidArgument, match=r"cannot be read \(Permission denied\); run"):
        checked_source(tmp_path / "notes", tmp_path / "mem")
