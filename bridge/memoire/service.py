"""The memory service: the seven operations, and every rule of the memory, in one place.

Adapters (CLI, MCP, HTTP, Home Assistant's API) call this and nothing else, naming the
client on whose behalf they act. Here the access table is applied, sensitive notes are
hidden from clients that may not see them (a hidden note answers exactly like a missing
one), secrets and oversized text are refused before anything is written, and every call
is audited.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
from collections.abc import Callable, Iterator
from datetime import date

from .catalog import VERSION_CHARS, Catalog, LoadedNote
from .config import Config
from .core import secrets
from .core.acl import Rights
from .core.errors import (
    AccessDenied,
    InvalidArgument,
    InvalidNote,
    MemoireError,
    NoteNotFound,
    PassageNotFound,
    PassageNotUnique,
    SecretRefused,
    TooLarge,
    VersionConflict,
)
from .core.layout import HeaderField
from .core.note import (
    Header,
    check_header_text,
    header_values,
    parse_note,
    render_note,
    replace_header_fields,
)
from .core.paths import is_note_path, readable_path, writable_path
from .core.preferences import preference_lines, preferences
from .core.scopes import ScopeDecision, ScopeResolver, find_git_root
from .results import (
    AppendResult,
    DeleteResult,
    EditResult,
    IndexResult,
    NoteChange,
    NoteContent,
    Overview,
    Preferences,
    ProjectScope,
    SearchResult,
    WriteResult,
)
from .storage.audit import AuditLog, AuditRecord
from .storage.disk import ensure_free_space
from .storage.search import SearchIndex
from .storage.store import Change, GitStore, Snapshot

logger = logging.getLogger(__name__)
MAX_SEARCH_RESULTS = 50


class MemoryService:
    def __init__(self, config: Config, today: Callable[[], date] = date.today) -> None:
        self.config = config
        self.layout = config.memory.layout
        self._today = today
        memory = config.memory
        self._store = GitStore(memory.repository, memory.subdir, memory.branch, memory.remote)
        state = config.memory.state_dir
        self._search = SearchIndex(state / "search.sqlite3")
        self._catalog = Catalog(self._store, self.layout, self._search)
        self._audit = AuditLog(state / "audit.jsonl")
        self.scopes = ScopeResolver(
            self.layout, config.scopes.strategy, config.scopes.directories, find_git_root
        )
        self._index_cache: dict[tuple[str | None, bool], IndexResult] = {}
        self._cache_lock = threading.Lock()  # adapters call from several threads
        self._closing = threading.Event()
        if memory.remote:
            threading.Thread(target=self._keep_fetching, name="memoire-fetch", daemon=True).start()

    def close(self) -> None:
        self._closing.set()
        self._search.close()

    def _keep_fetching(self) -> None:
        """Commits pushed by other bridges or people arrive without waiting for a write."""
        while not self._closing.wait(self.config.memory.fetch_interval_seconds):
            try:
                self._store.refresh()
                self._catalog.refresh_search()
            except MemoireError as error:
                logger.info("periodic fetch: %s", error.message)
            except Exception:
                logger.exception("periodic fetch failed; trying again at the next interval")

    def rights(self, client: str) -> Rights:
        return self.config.access.rights(client)

    # Reading

    def index(self, client: str) -> IndexResult:
        with self._audited(client, "index") as record:
            rights = self._require_read(client)
            snapshot = self._store.snapshot()
            key = (snapshot.commit, rights.sensitive)
            with self._cache_lock:
                result = self._index_cache.get(key)
                if result is None:
                    if any(commit != snapshot.commit for commit, _ in self._index_cache):
                        self._index_cache.clear()
                    result = self._index_cache[key] = self._build_index(snapshot, rights)
            record.commit = snapshot.commit
            record.size = len(result.notes)
            return result

    def overview(
        self,
        client: str,
        *,
        workspace: str | None = None,
        scope: str | None = None,
        session: str | None = None,
    ) -> Overview:
        """The index plus the caller's project scope, resolved by the one rule of precedence."""
        index = self.index(client)
        decision = self.scopes.resolve(explicit=scope, workspace=workspace, session=session)
        project_note = self._project_note(client, decision)
        project = ProjectScope(
            scope=decision.scope,
            note=decision.note,
            rule=decision.rule.value,
            reason=decision.reason,
            exists=project_note is not None,
        )
        remote = self._store.remote_status()
        return Overview(index=index, project=project, project_note=project_note, remote=remote)

    def _project_note(self, client: str, decision: ScopeDecision) -> NoteContent | None:
        if decision.note is None:
            return None
        try:
            return self.read(client, decision.note)
        except NoteNotFound:
            return None

    def _build_index(self, snapshot: Snapshot, rights: Rights) -> IndexResult:
        shown = [
            _content(self._catalog.load(snapshot, path))
            for path in self.layout.always_shown
            if path in snapshot.files
        ]
        visible = [note for note in shown if rights.sensitive or not note.sensitive]
        summaries = self._catalog.summaries(snapshot)
        listed = [
            summaries[path]
            for path in sorted(summaries)
            if rights.sensitive or not summaries[path].sensitive
        ]
        return IndexResult(always_shown=tuple(visible), notes=tuple(listed), commit=snapshot.commit)

    def read(self, client: str, path: str) -> NoteContent:
        with self._audited(client, "read", path) as record:
            rights = self._require_read(client)
            path = readable_path(path, self.layout)
            snapshot = self._store.snapshot()
            record.commit = snapshot.commit
            if path == self.layout.readme:
                return self._readme(snapshot)
            note = self._visible(snapshot, path, rights)
            record.size = len(note.text)
            return dataclasses.replace(_content(note), remote=self._store.remote_status())

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

    def preferences(self, client: str) -> Preferences:
        """A hidden preferences note reads exactly like a missing one: no preferences."""
        try:
            note = self.read(client, self.layout.preferences)
        except NoteNotFound:
            return Preferences(preferences={}, lines=(), version=None)
        lines = tuple(preference_lines(note.body))
        return Preferences(preferences(note.body), lines, note.version)

    def head(self) -> str | None:
        """The branch's commit now; adapters poll it to notice any writer's commits."""
        return self._store.head()

    def changes(self, client: str, old: str | None, new: str | None) -> list[NoteChange]:
        """What changed between two commits, as this client sees it.

        A note that became sensitive disappears for a client without the right (deleted);
        one that stopped being sensitive appears (created). Unknown `old`: nothing to say.
        """
        rights = self._require_read(client)
        before, after = self._store.files_at(old), self._store.files_at(new)
        if before is None or after is None or new is None:
            return []
        found = []
        for path in sorted(before.keys() | after.keys()):
            if before.get(path) == after.get(path) or not is_note_path(path, self.layout):
                continue
            was = self._visible_blob(path, before.get(path), rights)
            now = self._visible_blob(path, after.get(path), rights)
            if was or now:
                kind = "updated" if was and now else ("created" if now else "deleted")
                found.append(NoteChange(path=path, kind=kind, commit=new))
        return found

    def _visible_blob(self, path: str, blob: str | None, rights: Rights) -> bool:
        if blob is None:
            return False
        return rights.sensitive or not self._catalog.loaded(path, blob).parsed.header.sensitive

    # Writing

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
        with self._audited(client, "append", path) as record:
            path = self._prepare_write(client, path)
            line = text.rstrip("\r\n")
            if not line.strip():
                raise InvalidArgument("Nothing to append: give the line to add.")
            self._check_limit(len(line), self.config.limits.append_chars, "An append", "append")
            self._refuse_secrets(line, title or "", description)

            def plan(snapshot: Snapshot) -> Change[bool]:
                blob = snapshot.files.get(path)
                if blob is None:
                    new_text = self._new_note(path, title, description, sensitive, line + "\n")
                    return self._change(path, new_text, outcome=True)
                note = self._editable(snapshot, path)
                separator = "" if note.text.endswith("\n") or not note.text else "\n"
                new_text = self._touched(note) + note.parsed.body + separator + line + "\n"
                return self._change(path, new_text, outcome=False)

            landed = self._store.write(plan, client, self._message("append", path, client))
            self._catalog.refresh_search()
            version = self._version(landed.blobs[path])
            record.commit, record.size = landed.commit, len(line)
            return AppendResult(path, line, landed.change.outcome, version, landed.commit)

    def edit(self, client: str, path: str, old: str, new: str) -> EditResult:
        with self._audited(client, "edit", path) as record:
            path = self._prepare_write(client, path)
            if not old:
                raise InvalidArgument("Give the exact passage to replace (old); it is empty.")
            self._refuse_secrets(new)

            def plan(snapshot: Snapshot) -> Change[None]:
                note = self._editable(snapshot, path)
                body = note.parsed.body
                count = body.count(old)
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

            landed = self._store.write(plan, client, self._message("edit", path, client))
            self._catalog.refresh_search()
            record.commit, record.size = landed.commit, len(new)
            return EditResult(path, old, new, self._version(landed.blobs[path]), landed.commit)

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
        with self._audited(client, "write", path) as record:
            path = self._prepare_write(client, path)
            check_header_text(title, description)
            if parse_note(body, self.layout, "").is_valid:
                raise InvalidArgument(
                    "The body starts with a header. Pass only the text after the header; "
                    "title, description and sensitive are separate arguments."
                )
            self._refuse_secrets(body, title, description)
            expected = _clean_version(version)
            body = body if body.endswith("\n") or not body else body + "\n"

            def plan(snapshot: Snapshot) -> Change[bool]:
                header = Header(title, description, self._today().isoformat(), sensitive)
                blob = snapshot.files.get(path)
                if blob is None:
                    if expected is not None:
                        raise NoteNotFound(
                            path, "It may have been deleted; omit version to create it."
                        )
                    return self._change(path, render_note(self.layout, header, body), outcome=True)
                note = self._catalog.loaded(path, blob)
                self._check_version(note, expected)
                if not note.parsed.is_valid:
                    return self._change(path, render_note(self.layout, header, body), outcome=False)
                new_header = replace_header_fields(
                    note.header_text, self.layout, header_values(self.layout, header)
                )
                return self._change(path, new_header + body, outcome=False)

            landed = self._store.write(plan, client, self._message("write", path, client))
            self._catalog.refresh_search()
            size = len(landed.change.files[path] or b"")
            record.commit, record.size = landed.commit, size
            version_now = self._version(landed.blobs[path])
            return WriteResult(path, landed.change.outcome, version_now, landed.commit, size)

    def delete(self, client: str, path: str, version: str) -> DeleteResult:
        with self._audited(client, "delete", path) as record:
            path = self._prepare_write(client, path)
            expected = _clean_version(version)
            if expected is None:
                raise InvalidArgument(
                    f"Deleting needs the version: read {path} first, then pass it."
                )

            def plan(snapshot: Snapshot) -> Change[str]:
                blob = snapshot.files.get(path)
                if blob is None:
                    raise NoteNotFound(path)
                self._check_version(self._catalog.loaded(path, blob), expected)
                return Change(files={path: None}, outcome=blob[:VERSION_CHARS])

            landed = self._store.write(plan, client, self._message("delete", path, client))
            self._catalog.refresh_search()
            record.commit = landed.commit
            return DeleteResult(path, landed.change.outcome, landed.commit)

    # Rules shared by the operations

    def _require_read(self, client: str) -> Rights:
        rights = self.rights(client)
        if not rights.read:
            raise AccessDenied(
                f"Client {client!r} has no right to read this memory. The owner can grant it "
                f"in [clients.{client}] of memoire.toml."
            )
        return rights

    def _prepare_write(self, client: str, path: str) -> str:
        rights = self._require_read(client)
        if not rights.write:
            raise AccessDenied(
                f"Client {client!r} may read but not write this memory. Tell the user what you "
                f"wanted to save; the owner can grant write in [clients.{client}] of memoire.toml."
            )
        path = writable_path(path, self.layout)
        ensure_free_space(self.config.memory.repository, self.config.limits.min_free_disk_bytes)
        return path

    def _refuse_secrets(self, *texts: str) -> None:
        if any(secrets.find_secret(text) for text in texts if text):
            raise SecretRefused(secrets.REFUSAL_MESSAGE)

    @staticmethod
    def _check_limit(size: int, limit: int, what: str, verb: str) -> None:
        if size > limit:
            raise TooLarge(
                f"{what} is {size} characters; the limit is {limit}. Nothing was written. "
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
        today = {HeaderField.UPDATED: self._today().isoformat()}
        return replace_header_fields(note.header_text, self.layout, today)

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

    @staticmethod
    def _version(blob: str | None) -> str:
        assert blob is not None
        return blob[:VERSION_CHARS]

    # Loading notes

    def _visible(self, snapshot: Snapshot, path: str, rights: Rights) -> LoadedNote:
        """The note, or NoteNotFound if it is missing or hidden: the caller can't tell which."""
        blob = snapshot.files.get(path)
        if blob is None:
            raise NoteNotFound(path)
        note = self._catalog.loaded(path, blob)
        if note.parsed.header.sensitive and not rights.sensitive:
            raise NoteNotFound(path)
        return note

    def _editable(self, snapshot: Snapshot, path: str) -> LoadedNote:
        blob = snapshot.files.get(path)
        if blob is None:
            raise NoteNotFound(path)
        note = self._catalog.loaded(path, blob)
        if not note.parsed.is_valid:
            problems = "; ".join(note.parsed.problems)
            raise InvalidNote(
                f"The header of {path} is broken ({problems}). Read it and rewrite it whole "
                "with write (passing its version), or ask the user to fix it."
            )
        return note

    def _readme(self, snapshot: Snapshot) -> NoteContent:
        blob = snapshot.files.get(self.layout.readme)
        if blob is None:
            raise NoteNotFound(self.layout.readme)
        text = self._store.read_blob(blob).decode("utf-8", errors="replace")
        return NoteContent(self.layout.readme, "README", "", "", False, text, blob[:VERSION_CHARS])

    # Audit

    @contextlib.contextmanager
    def _audited(self, client: str, tool: str, path: str | None = None) -> Iterator[AuditRecord]:
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
    header = note.parsed.header
    return NoteContent(
        path=note.path,
        title=header.title,
        description=header.description,
        updated=header.updated,
        sensitive=header.sensitive,
        body=note.parsed.body,
        version=note.version,
        problems=note.parsed.problems,
    )
