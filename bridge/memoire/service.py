"""The memory service: the seven operations, and every rule of the memory, in one place.

Adapters (CLI, MCP, HTTP, Home Assistant's API) call this and nothing else, naming the
client on whose behalf they act. Here the access table is applied, sensitive notes are
hidden from clients that may not see them (a hidden note answers exactly like a missing
one), secrets and oversized text are refused before anything is written, and every call
is audited exactly once.

The four writes share one path through the rules (`_write`): rights and path, the
operation's own checks and plan, the store's compare-and-swap. The search index
follows off the write's path, once the writes pause or as soon as a read finds the branch
moved by someone else (`search_upkeep`), or at the next search, which brings it to the
branch first.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date

from . import listing
from .catalog import (
    VERSION_CHARS,
    Catalog,
    LoadedNote,
    fallback_title,
    path_secret,
    summary_fingerprint,
)
from .config import Config
from .core import secrets
from .core.acl import Rights
from .core.errors import (
    AccessDenied,
    InvalidArgument,
    InvalidNote,
    MemoireError,
    NoteLocked,
    NoteNotFound,
    NothingToImport,
    PassageNotFound,
    PassageNotUnique,
    SecretRefused,
    TooLarge,
    VersionConflict,
)
from .core.layout import HeaderField
from .core.note import (
    Header,
    check_body_text,
    check_header_text,
    check_header_values,
    header_saying,
    parse_note,
    render_note,
)
from .core.paths import is_note_path, readable_path, writable_path
from .core.preferences import preference_lines, preferences
from .core.scopes import Rule, ScopeResolver, find_git_root
from .history import (
    DEFAULT_LIMIT,
    HISTORY_WALK,
    NoteHistory,
    PastNote,
    RestoreResult,
    note_history,
    past_note,
)
from .results import (
    AppendResult,
    DeleteResult,
    EditResult,
    ImportedNotes,
    IndexQuery,
    IndexResult,
    NoteChange,
    NoteContent,
    Overview,
    Preferences,
    ProjectScope,
    SearchResult,
    WriteResult,
)
from .search_upkeep import SearchUpkeep
from .storage import audit
from .storage.audit import AuditLog, AuditRecord
from .storage.disk import ensure_free_space
from .storage.note_cipher import install as install_encryption
from .storage.remote import RemoteStatus
from .storage.search import SearchIndex
from .storage.store import Change, GitStore, Landed, Snapshot
from .storage.summaries import SummaryStore
from .wire import ChangeKind

logger = logging.getLogger(__name__)
MAX_SEARCH_RESULTS = 50
WRITE_SEARCH_UPKEEP_NOTES = 1_000
"""A write brings search along when at most this many notes changed since it was last
brought (about a second of loading); a push of more waits for the next search."""
IMPORT_CLIENT = "import"  # the committer and audit name of `memoire import`
READ_ONLY_SCOPE_REASON = (
    "this client may only read, so it has no project note to write to; a project scope is "
    "given only to clients with the write right"
)


@dataclass(frozen=True, slots=True)
class _CachedIndex:
    """What every index answer for one kind of caller derives from, at one commit."""

    commit: str | None
    always_shown: tuple[NoteContent, ...]
    listing: listing.Listing


@dataclass(frozen=True, slots=True)
class NoteCounts:
    """Notes every reading client is shown, and notes only the sensitive right shows."""

    visible: int
    sensitive: int


@dataclass(frozen=True, slots=True)
class _WritePlan[T]:
    """What one write operation brings to the shared write path: its change, planned on
    whichever commit the store offers, and the size its audit record gives."""

    plan: Callable[[Snapshot], Change[T]]
    audit_size: Callable[[Landed[T]], int]


class MemoryService:
    def __init__(self, config: Config, today: Callable[[], date] = date.today) -> None:
        self.config = config
        self.layout = config.memory.layout
        self._today = today
        memory = config.memory
        install_encryption(memory.repository, memory.subdir, self.layout, memory.key_file)
        self._store = GitStore(memory.repository, memory.subdir, memory.branch, memory.remote)
        state = config.memory.state_dir
        self._search = SearchIndex(state / "search.sqlite3", languages=config.search.languages)
        self._kept_summaries = SummaryStore(
            state / "summaries.sqlite3",
            summary_fingerprint(self.layout, config.limits.note_chars),
        )
        self._catalog = Catalog(
            self._store,
            self.layout,
            self._search,
            config.limits.note_chars,
            kept=self._kept_summaries,
        )
        self._search_upkeep = SearchUpkeep(self._catalog.catch_up_search)
        self._audit = AuditLog(state / audit.FILE_NAME)
        self.scopes = ScopeResolver(
            self.layout, config.scopes.strategy, config.scopes.directories, find_git_root
        )
        self._index_cache: dict[bool, _CachedIndex] = {}  # by the sensitive right
        self._cache_lock = threading.Lock()  # adapters call from several threads

    def close(self) -> None:
        self._search_upkeep.close()  # first: its last batch is written before the index closes
        self._search.close()
        self._kept_summaries.close()

    def refresh_from_remote(self) -> None:
        """Fetch what other bridges or people pushed; the search worker brings the index to
        it in steps, so the fetching thread is free for its next fetch."""
        self._store.refresh()
        self._head()

    def rights(self, client: str) -> Rights:
        return self.config.access.rights(client)

    def remote_status(self) -> RemoteStatus | None:
        """The shared remote as this bridge last saw it (no network call); None without one."""
        return self._store.remote_status()

    def note_counts(self) -> NoteCounts:
        """For the owner (`memoire status`), not a client: counted from the very indexes a
        client with and one without the sensitive right receive, so the numbers agree."""

        def shown(rights: Rights) -> int:
            index = self._index(rights, IndexQuery())
            return index.total + len(index.always_shown)

        everything = shown(Rights(read=True, sensitive=True))
        visible = shown(Rights(read=True))
        return NoteCounts(visible=visible, sensitive=everything - visible)

    # Reading

    def index(self, client: str, query: IndexQuery | None = None) -> IndexResult:
        with self._audited(client, "index") as record:
            result = self._index(self._require_read(client), query or IndexQuery())
            record.commit, record.size = result.commit, len(result.notes)
            return result

    def overview(
        self,
        client: str,
        *,
        workspace: str | None = None,
        scope: str | None = None,
        session: str | None = None,
        probe_disk: bool = True,
        query: IndexQuery | None = None,
    ) -> Overview:
        """The index plus the caller's project scope, resolved by the one rule of precedence.

        Only a client that may write gets a project scope. `probe_disk` is False for callers
        on another machine: their workspace names their disk, not this one.
        """
        with self._audited(client, "index") as record:
            rights = self._require_read(client)
            index = self._index(rights, query or IndexQuery())
            project, project_note = self._project(rights, workspace, scope, session, probe_disk)
            record.commit, record.size = index.commit, len(index.notes)
            remote = self._store.remote_status()
            return Overview(index=index, project=project, project_note=project_note, remote=remote)

    def _index(self, rights: Rights, query: IndexQuery) -> IndexResult:
        """The default answer (bounded at any size), or the page the query asks for."""
        query = listing.checked_query(query, self.layout)
        snapshot = self._snapshot()
        commit = self._commit_for(rights, snapshot.commit)
        with self._cache_lock:
            cached = self._index_cache.get(rights.sensitive)
            if cached is None or cached.commit != commit:
                cached = self._build_index(snapshot, rights, commit)
                self._index_cache[rights.sensitive] = cached
        known = cached.listing
        if query.is_default:
            notes, complete = known.default, known.complete
            next_cursor = None if complete else listing.START_CURSOR
        else:
            notes, next_cursor = listing.page(known, query)
            complete = query.cursor is None and next_cursor is None
        return IndexResult(
            always_shown=cached.always_shown,
            notes=notes,
            commit=commit,
            total=len(known.notes),
            folders=known.folders,
            complete=complete,
            next_cursor=next_cursor,
        )

    def _build_index(self, snapshot: Snapshot, rights: Rights, commit: str | None) -> _CachedIndex:
        shown = [
            self._catalog.note_at(snapshot, path)
            for path in self.layout.always_shown
            if path in snapshot.files
        ]
        visible = [_content(note) for note in shown if rights.sensitive or not note.hidden]
        summaries = self._catalog.summaries(snapshot)
        if rights.sensitive:
            listed = [entry.summary for entry in summaries.values()]
        else:  # what needs a person's attention is for clients that see hidden notes
            listed = [
                dataclasses.replace(entry.summary, attention=None)
                for entry in summaries.values()
                if not entry.hidden
            ]
        return _CachedIndex(commit, tuple(visible), listing.build_listing(listed))

    def _project(
        self,
        rights: Rights,
        workspace: str | None,
        scope: str | None,
        session: str | None,
        probe_disk: bool,
    ) -> tuple[ProjectScope, NoteContent | None]:
        if not rights.write:
            return ProjectScope(None, None, Rule.NONE.value, READ_ONLY_SCOPE_REASON, False), None
        decision = self.scopes.resolve(
            explicit=scope, workspace=workspace, session=session, probe_disk=probe_disk
        )
        note = None
        if decision.note is not None:
            with contextlib.suppress(NoteNotFound):
                note = _content(self._visible(self._store.snapshot(), decision.note, rights))
        project = ProjectScope(
            scope=decision.scope,
            note=decision.note,
            rule=decision.rule.value,
            reason=decision.reason,
            exists=note is not None,
        )
        return project, note

    def read(self, client: str, path: str) -> NoteContent:
        with self._audited(client, "read") as record:
            rights = self._require_read(client)
            path = record.path = readable_path(path, self.layout)
            snapshot = self._snapshot()
            record.commit = snapshot.commit
            note = self._servable(snapshot, path, rights)
            record.size = len(note.text)
            content = _readme_content(note) if path == self.layout.readme else _content(note)
            return dataclasses.replace(content, remote=self._store.remote_status())

    def search(self, client: str, query: str, limit: int = 10) -> SearchResult:
        with self._audited(client, "search") as record:
            rights = self._require_read(client)
            if not query.strip():
                raise InvalidArgument("The search query is empty: give a few words to look for.")
            limit = max(1, min(limit, MAX_SEARCH_RESULTS))
            record.commit = self._catalog.refresh_search()
            hits = self._search.search(query, limit, include_sensitive=rights.sensitive)
            record.size = len(hits)
            remote = self._store.remote_status()
            return SearchResult(query=query, hits=tuple(hits), remote=remote)

    @property
    def search_notes_indexed(self) -> int:
        """Notes this service has prepared for the search index since it started: what
        catching up cost (each note once, however many searches wait for it)."""
        return self._catalog.notes_indexed

    def preferences(self, client: str) -> Preferences:
        """A hidden preferences note reads exactly like a missing one: no preferences."""
        with self._audited(client, "preferences", self.layout.preferences) as record:
            rights = self._require_read(client)
            snapshot = self._snapshot()
            record.commit = snapshot.commit
            try:
                note = self._servable(snapshot, self.layout.preferences, rights)
            except NoteNotFound:
                return Preferences(preferences={}, lines=(), version=None)
            body = note.parsed.body
            return Preferences(preferences(body), tuple(preference_lines(body)), note.version)

    def history(self, client: str, path: str, limit: int = DEFAULT_LIMIT) -> NoteHistory:
        """The commits that changed a note, newest first, each as this client may see it
        then (`history`); a note hidden from it now answers exactly like a missing one."""
        with self._audited(client, "history") as record:
            rights = self._require_read(client)
            path = record.path = readable_path(path, self.layout)
            head = record.commit = self._head()
            steps = self._store.note_steps(path, head, HISTORY_WALK)
            load = functools.partial(self._catalog.note_in_blob, path)
            found = note_history(steps, path, rights, load, self._store.read_blob, limit=limit)
            record.size = len(found.entries)
            return found

    def head(self) -> str | None:
        """The branch's commit now; adapters poll it to notice any writer's commits."""
        return self._head()

    def _head(self) -> str | None:
        """The branch's commit, and a commit memoire did not make wakes the search worker."""
        head = self._store.head()
        self._search_upkeep.saw(head)
        return head

    def _snapshot(self) -> Snapshot:
        """The branch's files, noticed as `_head` notices the branch."""
        snapshot = self._store.snapshot()
        self._search_upkeep.saw(snapshot.commit)
        return snapshot

    def open_events(self, client: str) -> str | None:
        """Start an events stream: checks the read right, audits once, and gives the commit
        the stream starts from, the same one this client's index reports."""
        with self._audited(client, "events") as record:
            rights = self._require_read(client)
            record.commit = self._commit_for(rights, self._head())
            return record.commit

    def changes(self, client: str, old: str | None, new: str | None) -> list[NoteChange]:
        """What changed between two commits, as this client sees it, oldest change first.

        A note that became hidden disappears for a client without the right (deleted); one
        that stopped being hidden appears (created). Each change carries the commit that
        made it, so a write to a hidden note never shows up in an event id. Unknown `old`:
        nothing to say.
        """
        rights = self._require_read(client)
        before, after = self._store.files_at(old), self._store.files_at(new)
        if before is None or after is None or new is None:
            return []
        seen = self._seen_by(rights)
        kinds: dict[str, str] = {}
        for path in sorted(before.keys() | after.keys()):
            if before.get(path) == after.get(path) or not is_note_path(path, self.layout):
                continue
            was, now = seen(path, before.get(path)), seen(path, after.get(path))
            if was or now:
                kinds[path] = (
                    ChangeKind.UPDATED
                    if was and now
                    else (ChangeKind.CREATED if now else ChangeKind.DELETED)
                )
        placed = self._place_changes(set(kinds), old, new, rights)
        fallback = (-1, self._commit_for(rights, new) or new)
        found = [(placed.get(path, fallback), path) for path in kinds]
        found.sort(key=lambda item: (-item[0][0], item[1]))
        return [
            NoteChange(path=path, kind=kinds[path], commit=commit) for (_, commit), path in found
        ]

    def _place_changes(
        self, paths: set[str], old: str | None, new: str, rights: Rights
    ) -> dict[str, tuple[int, str]]:
        """For each path, the newest commit between `old` and `new` that changed it in a way
        this client sees, with its distance from `new` (bounded walk, first parents)."""
        placed: dict[str, tuple[int, str]] = {}
        pending = set(paths)
        for distance, (parent, commit) in enumerate(self._catalog.history(old, new)):
            if not pending:
                break
            if rights.sensitive:
                changed = self._catalog.paths_changed(parent, commit)
            else:
                changed = self._catalog.public_paths_changed(parent, commit)
            for path in pending & changed:
                placed[path] = (distance, commit)
            pending -= changed
        return placed

    def _seen_by(self, rights: Rights) -> Callable[[str, str | None], bool]:
        if rights.sensitive:
            return lambda _path, blob: blob is not None
        return self._catalog.is_public

    def _commit_for(self, rights: Rights, head: str | None) -> str | None:
        """The commit a client is told about: the head, or for a client without the
        sensitive right the newest commit that changed something it can see."""
        return head if rights.sensitive else self._catalog.public_commit(head)

    # Writing: one path through the rules for the four operations

    def append(
        self,
        client: str,
        path: str,
        text: str,
        *,
        title: str | None = None,
        description: str = "",
        sensitive: bool | None = None,
    ) -> AppendResult:
        """Add a line at the end; title, description and sensitive only matter to create."""
        line = text.rstrip("\r\n")
        return self._write(
            client,
            "append",
            path,
            lambda path: self._append_plan(path, line, title, description, sensitive),
            lambda path, landed: AppendResult(
                path, line, landed.change.outcome, _version(landed, path), landed.commit
            ),
        )

    def edit(self, client: str, path: str, old: str, new: str) -> EditResult:
        return self._write(
            client,
            "edit",
            path,
            lambda path: self._edit_plan(path, old, new),
            lambda path, landed: EditResult(path, old, new, _version(landed, path), landed.commit),
        )

    def write(
        self,
        client: str,
        path: str,
        *,
        title: str,
        description: str,
        sensitive: bool,
        body: str,
        version: str | None = None,
    ) -> WriteResult:
        """Rewrite a whole note; an existing note needs the version the caller read."""
        return self._write(
            client,
            "write",
            path,
            lambda path: self._rewrite_plan(
                path,
                title=title,
                description=description,
                sensitive=sensitive,
                body=body,
                version=version,
            ),
            lambda path, landed: WriteResult(
                path,
                landed.change.outcome,
                _version(landed, path),
                landed.commit,
                len(landed.change.files[path] or b""),
            ),
        )

    def delete(self, client: str, path: str, version: str) -> DeleteResult:
        return self._write(
            client,
            "delete",
            path,
            lambda path: self._delete_plan(path, version),
            lambda path, landed: DeleteResult(path, landed.change.outcome, landed.commit),
        )

    def restore(
        self, client: str, path: str, commit: str, version: str | None = None
    ) -> RestoreResult:
        """Bring a note back to its content at a past commit of the branch, as a new commit
        through the write rules: its current version is needed as for `write` (omitted only
        for a deleted note), and the secret guard reads what comes back."""
        return self._write(
            client,
            "restore",
            path,
            lambda path: self._restore_plan(client, path, commit, version),
            lambda path, landed: RestoreResult(
                path=path,
                restored_from=landed.change.outcome[0].commit,
                restored_version=landed.change.outcome[0].note.version,
                created=landed.change.outcome[1],
                version=_version(landed, path),
                commit=landed.commit,
                size=len(landed.change.files[path] or b""),
            ),
        )

    def import_notes(self, notes: Mapping[str, str]) -> ImportedNotes:
        """New notes in one commit, for `memoire import`: the owner at the command line, not
        a client of the access table. Every rule of a write holds (path, size, plain text,
        header, secrets, disk; audit and search after), and no note is overwritten: one that
        appeared since the import was planned is left out and named in the answer."""
        with self._audited(IMPORT_CLIENT, "import") as record:
            files = {
                self._importable(path, text): text.encode("utf-8") for path, text in notes.items()
            }
            ensure_free_space(self.config.memory.repository, self.config.limits.min_free_disk_bytes)

            def plan(snapshot: Snapshot) -> Change[tuple[str, ...]]:
                new = {path: data for path, data in files.items() if path not in snapshot.files}
                if not new:
                    raise NothingToImport(
                        "Every note to import is already in the memory; nothing was written."
                    )
                return Change(files=new, outcome=tuple(sorted(files.keys() - new.keys())))

            message = (
                f"memoire import ({len(files)} notes)\n\nclient: {IMPORT_CLIENT}\ntool: import\n"
            )
            landed = self._store.write(plan, IMPORT_CLIENT, message)
            added = tuple(sorted(landed.change.files))
            record.commit, record.size = landed.commit, len(added)
            self._after_landing("import", f"{len(added)} notes")
            return ImportedNotes(landed.commit, added, landed.change.outcome)

    def _importable(self, path: str, text: str) -> str:
        """The path, once the note may be created as it is by the write rules."""
        path = writable_path(path, self.layout)
        if path_secret(path) is not None:
            raise SecretRefused(secrets.REFUSAL_MESSAGE)
        check_body_text(text)
        self._check_limit(len(text), self.config.limits.note_chars, f"{path} would be", "write")
        self._refuse_secrets(text)
        if not parse_note(text, self.layout, fallback_title(path)).is_valid:
            raise InvalidNote(f"{path} has no valid header; nothing was written.")
        return path

    def _write[T, R](
        self,
        client: str,
        tool: str,
        path: str,
        prepare: Callable[[str], _WritePlan[T]],
        answer: Callable[[str, Landed[T]], R],
    ) -> R:
        """Rights, path and disk; the operation's checks and plan; the commit (search follows
        once the writes pause, or at the next search: `search_upkeep`)."""
        with self._audited(client, tool) as record:
            path = record.path = self._writable(client, path)
            ensure_free_space(self.config.memory.repository, self.config.limits.min_free_disk_bytes)
            planned = prepare(path)
            try:
                landed = self._store.write(planned.plan, client, self._message(tool, path, client))
            except MemoireError:
                self._head()  # refused, maybe after a fetch brought other bridges' commits
                raise
            self._search_upkeep.written(commit=landed.commit)
            record.commit, record.size = landed.commit, planned.audit_size(landed)
            return answer(path, landed)

    def _after_landing(self, tool: str, path: str) -> None:
        """The commit exists: nothing here may turn the answer into an error.

        Only an import indexes its notes for search at once; the other writes leave it to
        the worker once they pause (`search_upkeep`) or to the next search, which brings
        the index to the branch first (`refresh_search`): a write pays no search update,
        and writes to one note between two catch-ups are indexed once."""
        try:
            self._catalog.refresh_search(most=WRITE_SEARCH_UPKEEP_NOTES)
        except Exception as error:
            logger.warning(
                "%s %s landed, but the search index could not follow (%s); the next search "
                "brings it up to date",
                tool,
                path,
                error,
            )

    def _append_plan(
        self,
        path: str,
        line: str,
        title: str | None,
        description: str,
        sensitive: bool | None,
    ) -> _WritePlan[bool]:
        if not line.strip():
            raise InvalidArgument("Nothing to append: give the line to add.")
        self._check_limit(len(line), self.config.limits.append_chars, "An append is", "append")
        check_body_text(line)
        check_header_values(title or "", description)
        self._refuse_secrets(line, title or "", description)

        def plan(snapshot: Snapshot) -> Change[bool]:
            if path not in snapshot.files:
                new_text = self._new_note(path, title, description, sensitive, line + "\n")
                return self._change(path, new_text, outcome=True)
            note = self._editable(snapshot, path)
            separator = "" if note.text.endswith("\n") or not note.text else "\n"
            new_text = self._touched(note) + note.parsed.body + separator + line + "\n"
            return self._change(path, new_text, outcome=False)

        return _WritePlan(plan, lambda _: len(line))

    def _edit_plan(self, path: str, old: str, new: str) -> _WritePlan[None]:
        if not old:
            raise InvalidArgument("Give the exact passage to replace (old); it is empty.")
        check_body_text(new)
        self._check_limit(
            len(new), self.config.limits.note_chars, f"The new passage for {path} is", "edit"
        )
        self._refuse_secrets(new)

        def plan(snapshot: Snapshot) -> Change[None]:
            note = self._editable(snapshot, path)
            body = note.parsed.body
            count = body.count(old)
            if count == 0 and old in note.header_text:
                raise PassageNotFound(
                    f"The passage is in the header of {path}, which edit does not change. To "
                    "change the title, description or sensitive, rewrite the note with write, "
                    f"passing its version {note.version}."
                )
            if count == 0:
                raise PassageNotFound(
                    f"The passage was not found in {path}. Read the note again and copy "
                    "the passage exactly, including spaces and punctuation."
                )
            if count > 1:
                raise PassageNotUnique(
                    f"The passage appears {count} times in {path}. Include more of the "
                    "surrounding text so it matches exactly one place."
                )
            start = body.index(old)
            new_body = body[:start] + new + body[start + len(old) :]
            self._refuse_secrets(_lines_around(new_body, start, start + len(new)))
            return self._change(path, self._touched(note) + new_body, outcome=None)

        return _WritePlan(plan, lambda _: len(new))

    def _rewrite_plan(
        self,
        path: str,
        *,
        title: str,
        description: str,
        sensitive: bool,
        body: str,
        version: str | None,
    ) -> _WritePlan[bool]:
        check_header_text(title, description)
        if parse_note(body, self.layout, "").is_valid:
            raise InvalidArgument(
                "The body starts with a header. Pass only the text after the header; "
                "title, description and sensitive are separate arguments."
            )
        check_body_text(body)
        self._check_limit(len(body), self.config.limits.note_chars, f"{path} would be", "write")
        self._refuse_secrets(body, title, description)
        expected = _clean_version(version)
        body = body if body.endswith("\n") or not body else body + "\n"

        def plan(snapshot: Snapshot) -> Change[bool]:
            header = Header(title, description, self._today().isoformat(), sensitive)
            blob = snapshot.files.get(path)
            if blob is None:
                if expected is not None:
                    raise NoteNotFound(path, "It may have been deleted; omit version to create it.")
                return self._change(path, render_note(self.layout, header, body), outcome=True)
            note = self._catalog.note_to_change(path, blob)
            self._check_version(note, expected)
            fields = tuple(HeaderField)
            new_header = header_saying(
                note.header_text, self.layout, header, fields, fallback_title(path)
            )
            return self._change(path, new_header + body, outcome=False)

        return _WritePlan(plan, lambda landed: len(landed.change.files[path] or b""))

    def _delete_plan(self, path: str, version: str) -> _WritePlan[str]:
        expected = _clean_version(version)
        if expected is None:
            raise InvalidArgument(f"Deleting needs the version: read {path} first, then pass it.")

        def plan(snapshot: Snapshot) -> Change[str]:
            blob = snapshot.files.get(path)
            if blob is None:
                raise NoteNotFound(path)
            self._check_version(self._catalog.note_to_change(path, blob), expected)
            return Change(files={path: None}, outcome=blob[:VERSION_CHARS])

        return _WritePlan(plan, lambda _: 0)

    def _restore_plan(
        self, client: str, path: str, commit: str, version: str | None
    ) -> _WritePlan[tuple[PastNote, bool]]:
        """The past version, checked once (a commit never changes); the current one in the
        plan, exactly as `write` checks it."""
        expected = _clean_version(version)
        steps = self._store.note_steps(path, self._store.head(), HISTORY_WALK)
        load = functools.partial(self._catalog.note_in_blob, path)
        past = past_note(steps, path, commit, self.rights(client), load)
        text = self._restorable(past)

        def plan(snapshot: Snapshot) -> Change[tuple[PastNote, bool]]:
            blob = snapshot.files.get(path)
            if blob is None:
                if expected is not None:
                    raise NoteNotFound(path, "It was deleted; omit version to bring it back.")
                return self._change(path, text, outcome=(past, True))
            current = self._catalog.note_to_change(path, blob)
            self._check_version(current, expected)
            if current.text == text:
                raise InvalidArgument(
                    f"{path} already holds its content of commit {past.commit[:10]}; nothing "
                    "was written."
                )
            return self._change(path, text, outcome=(past, False))

        return _WritePlan(plan, lambda landed: len(landed.change.files[path] or b""))

    def _restorable(self, past: PastNote) -> str:
        """The past note's text with `updated` set to today, once it passes a write's rules."""
        note = past.note
        if note.too_large:
            raise TooLarge(_too_large_message(note.path, self.config.limits.note_chars))
        if not note.parsed.is_valid:
            problems = "; ".join(note.parsed.problems)
            raise InvalidNote(
                f"The header of {note.path} at commit {past.commit[:10]} is broken ({problems}); "
                "nothing was written. Restore another commit, or rewrite the note with write."
            )
        check_body_text(note.parsed.body)
        text = self._touched(note) + note.parsed.body
        self._refuse_secrets(text)
        return text

    # Rules shared by the operations

    def _require_read(self, client: str) -> Rights:
        rights = self.rights(client)
        if not rights.read:
            raise AccessDenied(
                f"Client {client!r} has no right to read this memory. The owner can grant it "
                f"in [clients.{client}] of memoire.toml."
            )
        return rights

    def _writable(self, client: str, path: str) -> str:
        """The path, once the client may write and the path may be written (and stored)."""
        rights = self._require_read(client)
        if not rights.write:
            raise AccessDenied(
                f"Client {client!r} may read but not write this memory. Tell the user what you "
                f"wanted to save; the owner can grant write in [clients.{client}] of memoire.toml."
            )
        path = writable_path(path, self.layout)
        if path_secret(path) is not None:  # a path is stored too
            raise SecretRefused(secrets.REFUSAL_MESSAGE)
        return path

    def _refuse_secrets(self, *texts: str) -> None:
        """Called after the size limits: the guard's cost grows with the text (seconds for a
        megabyte built of secret nouns), so text too large to store is refused before."""
        if any(secrets.find_secret(text) for text in texts if text):
            raise SecretRefused(secrets.REFUSAL_MESSAGE)

    @staticmethod
    def _check_limit(size: int, limit: int, what: str, verb: str) -> None:
        if size > limit:
            raise TooLarge(
                f"{what} {size} characters; the limit is {limit}. Nothing was written. "
                f"Split it and {verb} the parts separately, or move part of it to another note."
            )

    def _change[T](self, path: str, text: str, outcome: T) -> Change[T]:
        self._check_limit(len(text), self.config.limits.note_chars, f"{path} would be", "write")
        return Change(files={path: text.encode("utf-8")}, outcome=outcome)

    def _new_note(
        self, path: str, title: str | None, description: str, sensitive: bool | None, body: str
    ) -> str:
        if title is None or sensitive is None:
            raise NoteNotFound(
                path,
                "To create it, pass title, description and sensitive (true for health, "
                "finances or intimate matters).",
            )
        check_header_text(title, description)
        header = Header(title, description, self._today().isoformat(), sensitive)
        return render_note(self.layout, header, body)

    def _touched(self, note: LoadedNote) -> str:
        """The note's header with `updated` set to today, every other byte as it was."""
        header = dataclasses.replace(note.parsed.header, updated=self._today().isoformat())
        return header_saying(
            note.header_text, self.layout, header, (HeaderField.UPDATED,), fallback_title(note.path)
        )

    def _check_version(self, note: LoadedNote, expected: str | None) -> None:
        if expected is None:
            raise VersionConflict(
                f"{note.path} already exists (version {note.version}). Read it, then pass "
                "its version to rewrite it, or use append to add to it.",
                note.version,
            )
        if not note.blob.startswith(expected):
            raise VersionConflict(
                f"{note.path} changed since you read it: its version is now {note.version}, "
                f"not {expected}. Nothing was written. Read it again and redo your change.",
                note.version,
            )

    def _message(self, tool: str, path: str, client: str) -> str:
        return f"memoire {tool} {path}\n\nclient: {client}\ntool: {tool}\n"

    # Loading notes

    def _visible(self, snapshot: Snapshot, path: str, rights: Rights) -> LoadedNote:
        """The note, or NoteNotFound if it is missing or hidden: the caller can't tell which."""
        blob = snapshot.files.get(path)
        if blob is None:
            raise NoteNotFound(path)
        note = self._catalog.note_in_blob(path, blob)
        if note.hidden and not rights.sensitive:
            raise NoteNotFound(path)
        if note.locked is not None:
            raise NoteLocked(note.locked)
        return note

    def _servable(self, snapshot: Snapshot, path: str, rights: Rights) -> LoadedNote:
        """A visible note that may be sent whole: never one over the size limit."""
        note = self._visible(snapshot, path, rights)
        if note.too_large:
            raise TooLarge(_too_large_message(path, self.config.limits.note_chars))
        if note.withheld is not None:
            raise InvalidNote(f"{path} is {note.withheld}.")
        return note

    def _editable(self, snapshot: Snapshot, path: str) -> LoadedNote:
        blob = snapshot.files.get(path)
        if blob is None:
            raise NoteNotFound(path)
        note = self._catalog.note_to_change(path, blob)
        if note.locked is not None:
            self._store.cipher.key_file.ring()  # a key file that cannot be used says so itself
            raise NoteLocked(note.locked)
        if note.too_large:
            raise TooLarge(_too_large_message(path, self.config.limits.note_chars))
        for reason in (note.withheld, note.unchangeable):
            if reason is not None:
                raise InvalidNote(f"{path} is {reason}; nothing was written.")
        if not note.parsed.is_valid:
            problems = "; ".join(note.parsed.problems)
            raise InvalidNote(
                f"The header of {path} is broken ({problems}). Read it and rewrite it whole "
                "with write (passing its version), or ask the user to fix it."
            )
        return note

    # Audit

    @contextlib.contextmanager
    def _audited(self, client: str, tool: str, path: str | None = None) -> Iterator[AuditRecord]:
        """One record per call, written when it can be: the log never fails a call.

        A caller's path is recorded only once it has passed the path rules and the secret
        guard: anything else a client sends as a path is its text, which the log never keeps.
        """
        record = AuditRecord(client=client, tool=tool, path=path)
        try:
            yield record
        except MemoireError as error:
            record.outcome = error.code
            raise
        except Exception:
            record.outcome = "internal_error"
            raise
        finally:
            self._audit.record(record)


def _clean_version(version: str | None) -> str | None:
    if version is None or version == "":
        return None
    cleaned = version.strip().lower()
    if len(cleaned) < VERSION_CHARS or any(char not in "0123456789abcdef" for char in cleaned):
        raise InvalidArgument(
            f"{version!r} is not a note version. Pass the {VERSION_CHARS}-character version "
            "that read returned."
        )
    return cleaned


def _lines_around(text: str, start: int, end: int) -> str:
    """The whole lines a replacement touches: a secret may be split across old and new text."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return text[line_start : len(text) if line_end == -1 else line_end]


def _content(note: LoadedNote) -> NoteContent:
    """A note as sent in full; one over the size limit is sent without its body."""
    header = note.parsed.header
    problems = note.parsed.problems
    if note.too_large:
        problems += ("too large to be shown; a person must split it by hand",)
    return NoteContent(
        path=note.path,
        title=header.title,
        description=header.description,
        updated=header.updated,
        sensitive=header.sensitive,
        body="" if note.too_large else note.parsed.body,
        version=note.version,
        problems=problems,
    )


def _readme_content(note: LoadedNote) -> NoteContent:
    return NoteContent(
        note.path, "README", "", "", note.hidden, note.text, note.blob[:VERSION_CHARS]
    )


def _version[T](landed: Landed[T], path: str) -> str:
    blob = landed.blobs[path]
    assert blob is not None
    return blob[:VERSION_CHARS]


def _too_large_message(path: str, limit: int) -> str:
    return (
        f"{path} is over the {limit}-character limit for a note, so it is not served whole "
        "and cannot be changed piece by piece. A person must split it by hand into several "
        "notes and commit them; a rewrite with write (passing its version) also replaces it."
    )
