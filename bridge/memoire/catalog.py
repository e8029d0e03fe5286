"""The catalog: the notes as the store holds them, each loaded once, and what derives from them.

Loading a note costs far more than reading it (decoding, parsing, scanning for secrets),
so loaded notes are kept by blob id (a blob never changes). The index's one line per
note and the full-text search index are brought from the last commit they reflected to
the branch's commit by looking only at the paths that changed, whoever made the commits
in between.

The catalog also decides what a client without the sensitive right may see of a note
(`LoadedNote.hidden`), and from that which commit such a client is told about: the
newest one that changed something it can see, so a write to a hidden note moves nothing
it receives.
"""

from __future__ import annotations

import functools
import hashlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .core import secrets
from .core.errors import NoteLocked
from .core.layout import Layout
from .core.note import Header, ParsedNote, parse_note, readme_is_hidden
from .core.paths import is_note_path
from .results import NoteSummary
from .storage.caches import BoundedCache
from .storage.search import IndexedNote, IndexPosition, SearchIndex
from .storage.store import GitStore, Snapshot
from .storage.summaries import StoredSummary, SummaryStore

VERSION_CHARS = 10
LOADED_NOTES_KEPT = 1_024
"""Every write loads its note's new blob, so this cache is where a long-running bridge
would grow (about 9 KB a write); it keeps the notes used last, which reads and writes
come back to. A bulk pass (the first index, a search rebuild) loads past it once."""
MAX_HISTORY_WALK = 256  # commits looked at to place a change
PUBLIC_COMMITS_KEPT = 10_000
PATH_SECRETS_KEPT = 4_096
SEARCH_BATCH_NOTES = 50
"""Notes a search catch-up loads, then writes in one SQLite transaction: ~0.2 s of loading
and tens of ms holding the index's writer, so a worker stopping or a search arriving waits
for no more than one batch."""
MAX_TOWARD = 8  # cut-short catch-ups remembered before the index is made again instead
_UTF8_MAX_BYTES_PER_CHAR = 4
_ENVELOPE_BYTES_PER_BYTE = 1.4  # base64 (4/3), a newline every 76 characters, two lines
_ENVELOPE_LINES_BYTES = 512
_LFS_POINTER = b"version https://git-lfs.github.com/spec/v1\n"


def largest_readable_blob(note_chars: int) -> int:
    """The most bytes a note within the limit can be stored in: 4 bytes a character in
    UTF-8, sealed (`encryption`). A larger blob is over the limit whatever it holds, so
    it is never read: knowing its size costs its header, reading it would cost all of it."""
    plain = note_chars * _UTF8_MAX_BYTES_PER_CHAR
    return int(plain * _ENVELOPE_BYTES_PER_BYTE) + _ENVELOPE_LINES_BYTES


@dataclass(frozen=True, slots=True)
class LoadedNote:
    """A note at one commit, with the text needed to splice a change into it.

    `text` is the whole note, or only its first `note_chars` characters when the note is
    over the limit (`too_large`): such a note is never decoded, parsed or served whole.
    """

    path: str
    blob: str
    text: str
    parsed: ParsedNote
    too_large: bool = False
    secret: secrets.SecretFinding | None = None
    labelled_hidden: bool = True
    path_secret: secrets.SecretFinding | None = None
    locked: str | None = None  # why an encrypted note cannot be opened here (`encryption`)
    scanned: bool = True  # False: loaded for a write to splice into, never looked at for secrets
    unread: str | None = None  # why its blob, too large to be a note, was never read
    withheld: str | None = None  # why its text is not the note's (a Git LFS pointer)
    unchangeable: str | None = None  # why it is never changed in place (not UTF-8 text)

    @property
    def version(self) -> str:
        return self.blob[:VERSION_CHARS]

    @property
    def header_text(self) -> str:
        return self.text[: len(self.text) - len(self.parsed.body)]

    @property
    def hidden(self) -> bool:
        """Withheld from clients without the sensitive right: labelled sensitive, a header
        that cannot be trusted, or a secret a person committed by hand, in the text or in
        the file name (fail closed), or text not yet scanned for secrets."""
        return self.labelled_hidden or not self.scanned or self.secret_found is not None

    @property
    def secret_line(self) -> int | None:
        if self.secret is None:
            return None
        return self.text.count("\n", 0, self.secret.start) + 1

    @property
    def secret_found(self) -> str | None:
        """Where a secret a person committed sits, in words the owner can act on."""
        if self.secret is not None:
            return f"line {self.secret_line} looks like a secret ({self.secret.rule})"
        if self.path_secret is not None:
            return (
                f"the file name looks like a secret ({self.path_secret.rule}); "
                "rename it with git mv"
            )
        return None

    @property
    def attention(self) -> str | None:
        """What the owner should fix by hand, for clients that may see hidden notes."""
        found = []
        if self.secret_found is not None:
            found.append(
                f"{self.secret_found}; it is withheld from clients without the sensitive "
                "right until a person removes it"
            )
        if self.locked is not None:
            return self.locked
        for reason in (self.unread, self.withheld, self.unchangeable):
            if reason is not None:
                return reason
        found += [f"header: {problem}" for problem in self.parsed.problems]
        return "; ".join(found) or None


def fallback_title(path: str) -> str:
    """The title of a note whose header gives none: its file name."""
    return path.rsplit("/", 1)[-1].removesuffix(".md")


@functools.lru_cache(maxsize=PATH_SECRETS_KEPT)
def path_secret(path: str) -> secrets.SecretFinding | None:
    """A secret in a note's file name: its slug, read with the hyphens as spaces. Kept
    per path: a write asks it of its path, then loading the note it wrote asks again."""
    return secrets.find_secret(fallback_title(path).replace("-", " "))


def locked_note(path: str, blob: str, locked: NoteLocked) -> LoadedNote:
    """An encrypted note this bridge cannot open: present, hidden, with nothing of its text."""
    header = Header(title=fallback_title(path), description="", updated="", sensitive=True)
    parsed = ParsedNote(header=header, body="", problems=())
    return LoadedNote(path, blob, "", parsed, locked=f"{path}: {locked.message}")


def unread_note(path: str, blob: str, size: int, note_chars: int) -> LoadedNote:
    """A note whose blob is too large to be one: never read, so nothing of its text is
    known, its header included; hidden from clients without the sensitive right (an
    unknown label counts as sensitive), listed for the others with what to do."""
    header = Header(title=fallback_title(path), description="", updated="", sensitive=True)
    parsed = ParsedNote(header=header, body="", problems=())
    return LoadedNote(
        path, blob, "", parsed, too_large=True, unread=unread_reason(path, size, note_chars)
    )


def unread_reason(path: str, size: int, note_chars: int) -> str:
    return (
        f"{size:,} bytes, more than a note of the {note_chars:,}-character limit can take: "
        "memoire does not read it, show it, search it or change it. Split it into notes by "
        f"hand, or remove it (git rm {path}), then commit"
    )


def lfs_pointer_reason(path: str, data: bytes) -> str | None:
    """Why a blob that is a Git LFS pointer is not the note: its text is elsewhere."""
    if not data.startswith(_LFS_POINTER):
        return None
    return (
        "a Git LFS pointer: the note's text is kept by Git LFS, which memoire never fetches, "
        f"so it is neither shown nor changed. Commit the text itself (git lfs untrack "
        f"'{path}', then git add --renormalize {path}), then commit"
    )


def not_text_reason(data: bytes) -> str | None:
    """Why a note's bytes are not plain UTF-8 text: changing it in place would write back
    the replacement characters it is shown with, and lose the bytes they stand for."""
    nul = data.find(b"\0")
    if nul >= 0:
        problem, fix = f"a NUL byte at byte {nul:,}", "remove the NUL bytes"
    else:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as error:
            problem = f"bytes that are not UTF-8 from byte {error.start:,}"
            fix = "convert it to UTF-8 (for example iconv -f latin1 -t utf-8)"
        else:
            return None
    return (
        f"not plain UTF-8 text ({problem}): it is shown with those bytes replaced and never "
        f"changed in place, which would lose them. {fix.capitalize()}, then commit"
    )


def load_note(
    data: bytes, path: str, blob: str, layout: Layout, note_chars: int, *, scan: bool = True
) -> LoadedNote:
    """A note from its bytes. Over the limit, only a prefix is decoded: its header and the
    bounded text search may index, never the whole. Without `scan`, its secrets are not
    looked for (the scan is most of the cost) and it counts as hidden."""
    withheld = lfs_pointer_reason(path, data)
    if withheld is not None:
        header = Header(title=fallback_title(path), description="", updated="", sensitive=True)
        parsed = ParsedNote(header=header, body="", problems=())
        return LoadedNote(path, blob, "", parsed, withheld=withheld)
    too_large = len(data) > note_chars
    if too_large:
        head = data[: note_chars * _UTF8_MAX_BYTES_PER_CHAR].decode("utf-8", errors="replace")
        too_large = len(data) > note_chars * _UTF8_MAX_BYTES_PER_CHAR or len(head) > note_chars
        text = head[:note_chars]
    else:
        text = data.decode("utf-8", errors="replace")
    parsed = parse_note(text, layout, fallback_title(path))
    if path == layout.readme:  # README needs no header; one it has is honoured
        labelled_hidden = readme_is_hidden(text, layout)
    else:
        labelled_hidden = parsed.header.sensitive
    return LoadedNote(
        path=path,
        blob=blob,
        text=text,
        parsed=parsed,
        too_large=too_large,
        secret=secrets.find_secret(text) if scan else None,
        labelled_hidden=labelled_hidden,
        path_secret=None if path == layout.readme or not scan else path_secret(path),
        scanned=scan,
        unchangeable=not_text_reason(data),
    )


@dataclass(slots=True)
class _CatchUp:
    """Bringing the search index from `position` to `target`'s commit; `paths` are left."""

    position: IndexPosition
    target: Snapshot
    paths: list[str]
    rebuild: bool  # its first batch empties the index: where it stood is not in this history

    @property
    def done(self) -> bool:
        return self.position == IndexPosition(self.target.commit)


def _removed_first(paths: set[str], snapshot: Snapshot) -> list[str]:
    """Removed paths first, then in order: a renamed note leaves its old path at once."""
    return sorted(paths, key=lambda path: (path in snapshot.files, path))


def _indexed(note: LoadedNote) -> IndexedNote:
    """Only the bounded text, and a hidden note marked so search never shows it."""
    header = note.parsed.header
    return IndexedNote(note.path, header.title, header.description, note.hidden, note.text)


@dataclass(frozen=True, slots=True)
class Listed:
    summary: NoteSummary
    hidden: bool
    blob: str

    def stored(self) -> StoredSummary:
        line = self.summary
        return StoredSummary(
            self.blob,
            line.path,
            line.title,
            line.description,
            line.updated,
            line.sensitive,
            line.too_large,
            line.attention,
            self.hidden,
        )

    @classmethod
    def from_stored(cls, kept: StoredSummary) -> Listed:
        line = NoteSummary(
            kept.path,
            kept.title,
            kept.description,
            kept.updated,
            kept.sensitive,
            too_large=kept.too_large,
            attention=kept.attention,
        )
        return cls(line, kept.hidden, kept.blob)


def summary_fingerprint(layout: Layout, note_chars: int) -> str:
    """What a kept note line depends on: the code that derives it (this module and the
    rules of `core`: headers, secrets, paths), the layout and the size limit."""
    digest = hashlib.sha256(f"{layout.name}\0{note_chars}".encode())
    here = Path(__file__).parent
    for source in [Path(__file__), *sorted((here / "core").rglob("*.py"))]:
        digest.update(source.read_bytes())
    return digest.hexdigest()


class Catalog:
    def __init__(
        self,
        store: GitStore,
        layout: Layout,
        search: SearchIndex,
        note_chars: int,
        *,
        kept: SummaryStore,
    ) -> None:
        self._store = store
        self._kept = kept
        self._kept_lines: dict[tuple[str, str], StoredSummary] | None = None
        self._layout = layout
        self._search = search
        self._note_chars = note_chars
        self._loaded: BoundedCache[str, LoadedNote] = BoundedCache(LOADED_NOTES_KEPT)
        self._summaries: tuple[str | None, dict[str, Listed] | None] = (None, None)
        self._public_commits: BoundedCache[str, str] = BoundedCache(PUBLIC_COMMITS_KEPT)
        # Index lines the search refresh made, by path, until the next listing: at most one
        # a note, as a refresh replaces a path's line and drops a removed path's.
        self._just_indexed: dict[str, Listed] = {}
        self._lock = threading.Lock()
        self._search_flight = threading.Lock()  # one search catch-up at a time
        self._catch_up: _CatchUp | None = None  # one a worker left between two batches
        self._notes_indexed = 0

    # One note

    def note_at(self, snapshot: Snapshot, path: str) -> LoadedNote:
        """The note at `path` in a snapshot that holds it."""
        return self.note_in_blob(path, snapshot.files[path])

    def note_in_blob(self, path: str, blob: str) -> LoadedNote:
        """The note stored in one blob, loaded once and kept."""
        cached = self._loaded.get(blob)
        if cached is not None and cached.path == path:
            return cached
        size = self._store.blob_size(blob)
        if size > largest_readable_blob(self._note_chars):
            return self._loaded.put(blob, unread_note(path, blob, size, self._note_chars))
        try:
            data = self._store.read_blob(blob)
        except NoteLocked as locked:  # not kept: the key may be imported meanwhile
            return locked_note(path, blob, locked)
        return self._loaded.put(blob, load_note(data, path, blob, self._layout, self._note_chars))

    def note_to_change(self, path: str, blob: str) -> LoadedNote:
        """The note a write splices its change into: the kept one, or else one loaded
        without the secret scan and not kept. A write needs the text and header only; what
        it writes is a new blob, scanned whole when anything reads it, and the blob it
        replaces is rarely read again."""
        cached = self._loaded.get(blob)
        if cached is not None and cached.path == path:
            return cached
        try:
            data = self._store.read_blob(blob)
        except NoteLocked as locked:
            return locked_note(path, blob, locked)
        return load_note(data, path, blob, self._layout, self._note_chars, scan=False)

    def is_public(self, path: str, blob: str | None) -> bool:
        """Whether a client without the sensitive right may see this path at this blob."""
        if blob is None or not (path == self._layout.readme or self._is_note(path)):
            return False
        return not self._hidden(path, blob)

    def _hidden(self, path: str, blob: str) -> bool:
        """Whether a blob at a path is hidden, from a note line when one is known for it."""
        loaded = self._loaded.get(blob)
        if loaded is not None and loaded.path == path:
            return loaded.hidden
        listed = (self._summaries[1] or {}).get(path)
        if listed is not None and listed.blob == blob:
            return listed.hidden
        with self._lock:
            if self._kept_lines is None and self._summaries[1] is None:
                self._kept_lines = self._kept.load()
            kept = (self._kept_lines or {}).get((blob, path))
        if kept is not None:
            return kept.hidden
        return self.note_in_blob(path, blob).hidden

    def _take_kept_lines(self) -> dict[tuple[str, str], StoredSummary]:
        """The lines a previous process kept, read once: the first listing uses them up."""
        with self._lock:
            kept = self._kept_lines if self._kept_lines is not None else self._kept.load()
            self._kept_lines = {}
            return kept

    # The index

    def summaries(self, snapshot: Snapshot) -> dict[str, Listed]:
        """One line per note, patched from the last commit's lines where only a few changed.

        The first time, lines kept by an earlier process for the same blobs are used as
        they are; only the notes they miss are read, and the kept lines become exactly
        this commit's (lines of blobs no longer here are forgotten).
        """
        commit, previous = self._summaries
        if commit == snapshot.commit and previous is not None:
            return previous
        changed = self._store.changed_paths(commit, snapshot.commit) if previous else None
        summaries = dict(previous) if previous is not None and changed is not None else {}
        paths = snapshot.files.keys() if changed is None else changed
        kept = self._take_kept_lines() if previous is None else {}
        always_shown = set(self._layout.always_shown)
        fresh: list[Listed] = []
        for path in paths:
            summaries.pop(path, None)
            if path in snapshot.files and path not in always_shown and self._is_note(path):
                found = kept.get((snapshot.files[path], path))
                if found is None:
                    listed, keep = self._line(snapshot, path)
                    if keep:
                        fresh.append(listed)
                    summaries[path] = listed
                else:
                    summaries[path] = Listed.from_stored(found)
        stale = len(kept) - (len(summaries) - len(fresh)) if previous is None else 0
        if stale > 0:
            self._kept.keep((listed.stored() for listed in summaries.values()), only=True)
        else:
            self._kept.keep(listed.stored() for listed in fresh)
        self._summaries = (snapshot.commit, summaries)
        self._just_indexed = {}  # taken, or of notes whose line this listing holds already
        return summaries

    def _line(self, snapshot: Snapshot, path: str) -> tuple[Listed, bool]:
        """A note's line, and whether it may be kept (a locked note's line is not kept past
        the key's import): made by the search refresh that just loaded the note, when one
        did, so a push of thousands of notes is not loaded again for the index."""
        listed = self._just_indexed.pop(path, None)
        if listed is not None and listed.blob == snapshot.files[path]:
            return listed, True
        note = self.note_at(snapshot, path)
        return self._listed(note), note.locked is None

    @staticmethod
    def _listed(note: LoadedNote) -> Listed:
        header = note.parsed.header
        summary = NoteSummary(
            note.path,
            header.title,
            header.description,
            header.updated,
            header.sensitive,
            too_large=note.too_large,
            attention=note.attention,
        )
        return Listed(summary, note.hidden, note.blob)

    # Search

    @property
    def notes_indexed(self) -> int:
        """Notes loaded and prepared for the search index since this catalog was made:
        what catching up cost, each note once however many searches wait for it."""
        return self._notes_indexed

    def refresh_search(self, most: int | None = None) -> str | None:
        """Bring the search index to the branch's commit; the commit it now reflects.

        What landed before the call is searchable after it (read-your-write). One caller
        or worker indexes at a time (single flight): one arriving meanwhile waits for the
        batch under way, finishes that catch-up, then brings the index from there to the
        branch, so each note is indexed once however many searches wait.

        With `most`, only when at most that many notes changed since the index's commit
        (else nothing is done, None): an import's answer never waits for thousands of
        pushed notes to be loaded; the next search, or the worker, loads them.
        """
        with self._search_flight:
            self._finish(self._catch_up_under_way())
            plan = self._plan_catch_up()
            if most is not None and len(plan.paths) > most:
                return None
            return self._finish(plan)

    def catch_up_search(self, notes: int, wait_seconds: float) -> bool:
        """One bounded step of bringing the index to the branch, for a worker between
        writes (`search_upkeep`): at most `notes` notes, in one short transaction. True
        when the index already was at the branch's commit, so there is nothing to do;
        False after a step, or after `wait_seconds` while another caller held the index
        (a search or a fetch bringing it up: the worker looks again, or stops)."""
        if not self._search_flight.acquire(timeout=wait_seconds):
            return False
        try:
            plan = self._catch_up_under_way() or self._plan_catch_up()
            if plan.done:
                return True
            self._index_batch(plan, notes)
            return False
        finally:
            self._search_flight.release()

    def _catch_up_under_way(self) -> _CatchUp | None:
        """The catch-up a worker left between two batches, if the index still stands where
        that catch-up left it (another process may have moved it meanwhile)."""
        plan = self._catch_up
        if plan is None or plan.done or plan.position != self._search.position():
            return None
        return plan

    def _plan_catch_up(self) -> _CatchUp:
        """From where the index stands to the branch's commit: the paths changed since
        its commit and since each commit a cut-short catch-up was bringing it to."""
        snapshot = self._store.snapshot()
        position = self._search.position()
        current = position == IndexPosition(snapshot.commit)
        paths = set() if current else self._changed(position, snapshot)
        rebuild = paths is None
        ordered = _removed_first(set(snapshot.files) if paths is None else paths, snapshot)
        self._catch_up = _CatchUp(position, snapshot, ordered, rebuild)
        return self._catch_up

    def _changed(self, position: IndexPosition, snapshot: Snapshot) -> set[str] | None:
        """Paths whose indexed version may differ from the snapshot's; None when the index
        must be made again (where it stood is not in this history)."""
        if position.commit is None or len(position.toward) > MAX_TOWARD:
            return None
        paths: set[str] = set()
        for since in (position.commit, *position.toward):
            changed = self._store.changed_paths(since, snapshot.commit)
            if changed is None:
                return None
            paths |= changed
        return paths

    def _finish(self, plan: _CatchUp | None) -> str | None:
        """Index what is left of a catch-up, batch by batch; planned again from where the
        index stands if another process moved it. The commit reached."""
        while plan is not None and not plan.done:
            if not self._index_batch(plan, SEARCH_BATCH_NOTES):
                plan = self._plan_catch_up()
        return None if plan is None else plan.target.commit

    def _index_batch(self, plan: _CatchUp, most: int) -> bool:
        """Load up to `most` of the plan's notes, then write them in one transaction; False
        when another process moved the index first (nothing written)."""
        taken, left = plan.paths[:most], plan.paths[most:]
        target = plan.target
        notes: list[IndexedNote] = []
        removed: list[str] = []
        lines = self._just_indexed
        for path in taken:
            lines.pop(path, None)
            if path not in target.files:
                removed.append(path)
            elif self._is_note(path):
                note = self.note_at(target, path)
                notes.append(_indexed(note))
                if note.locked is None:
                    lines[path] = self._listed(note)
        reached = IndexPosition(target.commit)
        if left and target.commit is not None:  # each note at `since`'s version or the target's
            since = None if plan.rebuild else plan.position.commit
            toward = plan.position.toward
            if target.commit not in toward:
                toward = (*toward, target.commit)
            reached = IndexPosition(since, toward)
        self._notes_indexed += len(notes)
        if not self._search.write(plan.position, notes, removed, reached, rebuild=plan.rebuild):
            self._catch_up = None
            return False
        plan.position, plan.paths, plan.rebuild = reached, left, False
        return True

    # History, as a client without the sensitive right may know it

    def public_commit(self, head: str | None) -> str | None:
        """The newest commit, at or before `head`, that changed something public.

        Walks back (first parent) while a commit's changes are all hidden; remembered per
        commit, so a new head costs only the commits since the last answer, and the same
        commit always gets the same answer. The walk has no bound: stopped short in a long
        run of hidden writes, it would answer a hidden commit that moves with the head.
        """
        if head is None:
            return None
        walked: list[str] = []
        commit = head
        while (answer := self._public_commits.get(commit)) is None:
            walked.append(commit)
            parent = self._store.first_parent(commit)
            if parent is None or self.public_paths_changed(parent, commit):
                answer = commit
                break
            commit = parent
        for walked_commit in walked:  # forgotten ones are walked again, to the same answer
            self._public_commits.put(walked_commit, answer)
        return answer

    def public_paths_changed(self, parent: str | None, commit: str) -> set[str]:
        """Paths whose change from `parent` to `commit` a client without sensitive sees."""
        changed = self.paths_changed(parent, commit)
        before = self._store.files_at(parent) or {}
        after = self._store.files_at(commit) or {}
        return {
            path
            for path in changed
            if self.is_public(path, before.get(path)) or self.is_public(path, after.get(path))
        }

    def paths_changed(self, parent: str | None, commit: str) -> set[str]:
        """Memory paths one commit changed; every path when its parent is not here."""
        changed = self._store.changed_paths(parent, commit)
        if changed is None:
            before = self._store.files_at(parent) or {}
            after = self._store.files_at(commit) or {}
            changed = set(before) | set(after)
        return changed

    def history(self, old: str | None, new: str) -> Iterator[tuple[str | None, str]]:
        """(parent, commit) pairs from `new` back to `old` along first parents, bounded."""
        commit: str | None = new
        for _ in range(MAX_HISTORY_WALK):
            if commit is None or commit == old:
                return
            parent = self._store.first_parent(commit)
            yield parent, commit
            commit = parent

    def _is_note(self, path: str) -> bool:
        return is_note_path(path, self._layout)
