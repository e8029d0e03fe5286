"""What the bridge's JSON API answers, as typed records, checked as they are parsed.

The bridge never sends a sensitive note to a least-privilege token. As a second line of
defence, anything the bridge marks sensitive is dropped here, before it is kept anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from .wire import ChangeKind


class MemoireProtocolError(ValueError):
    """The answer is not what a memoire bridge sends."""


def _index_of(data: object) -> Mapping[str, Any]:
    return _object(_object(data, "index answer").get("index"), "index")


def _object(data: object, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise MemoireProtocolError(f"{what} is not a JSON object")
    return data


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise MemoireProtocolError(f"{key} is not a list")
    return value


def _str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise MemoireProtocolError(f"{key} is not a string")
    return value


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise MemoireProtocolError(f"{key} is not a boolean")
    return value


def _optional_str(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise MemoireProtocolError(f"{key} is not a string")
    return value


class RightsProblem(StrEnum):
    """Why a token may not be used here; the values are the config flow's error keys."""

    NO_READ = "no_read"
    TOO_MANY_RIGHTS = "too_many_rights"


@dataclass(frozen=True, slots=True)
class Rights:
    read: bool
    sensitive: bool
    write: bool

    @property
    def problem(self) -> RightsProblem | None:
        """The one rule, used by the config flow, the coordinator and the stream alike.

        Rights beyond reading come first: a token that may see sensitive notes must never
        be held, whatever else it lacks.
        """
        if self.sensitive or self.write:
            return RightsProblem.TOO_MANY_RIGHTS
        if not self.read:
            return RightsProblem.NO_READ
        return None

    @property
    def least_privilege(self) -> bool:
        """Reads non-sensitive notes and nothing more: all this integration may hold."""
        return self.problem is None


@dataclass(frozen=True, slots=True)
class Identity:
    client: str
    rights: Rights

    @classmethod
    def from_json(cls, data: object) -> Identity:
        body = _object(data, "whoami")
        rights = _object(body.get("rights"), "rights")
        return cls(
            client=_str(body, "client"),
            rights=Rights(
                read=_bool(rights, "read"),
                sensitive=_bool(rights, "sensitive"),
                write=_bool(rights, "write"),
            ),
        )


@dataclass(frozen=True, slots=True)
class NoteSummary:
    path: str
    title: str
    description: str
    updated: str

    @classmethod
    def from_json(cls, data: object) -> NoteSummary:
        body = _object(data, "note summary")
        return cls(
            path=_str(body, "path"),
            title=_str(body, "title"),
            description=_str(body, "description"),
            updated=_str(body, "updated"),
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Note:
    path: str
    title: str
    description: str
    updated: str
    body: str
    version: str

    @classmethod
    def from_json(cls, data: object) -> Note:
        body = _object(data, "note")
        return cls(
            path=_str(body, "path"),
            title=_str(body, "title"),
            description=_str(body, "description"),
            updated=_str(body, "updated"),
            body=_str(body, "body"),
            version=_str(body, "version"),
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def is_sensitive(data: object) -> bool:
    return isinstance(data, Mapping) and data.get("sensitive") is True


@dataclass(frozen=True, slots=True)
class MemoryIndex:
    """Profile and preferences in full, then one line per other note (every page of them)."""

    always_shown: tuple[Note, ...]
    notes: tuple[NoteSummary, ...]
    commit: str | None

    @classmethod
    def from_json(cls, data: object, pages: Sequence[object] = ()) -> MemoryIndex:
        """From one index answer; from its `pages` instead for the notes when it had more."""
        index = _index_of(data)
        listed = [_index_of(page) for page in pages] if pages else [index]
        return cls(
            always_shown=tuple(
                Note.from_json(item)
                for item in _list(index, "always_shown")
                if not is_sensitive(item)
            ),
            notes=tuple(
                NoteSummary.from_json(item)
                for part in listed
                for item in _list(part, "notes")
                if not is_sensitive(item)
            ),
            commit=_optional_str(index, "commit"),
        )

    @staticmethod
    def next_cursor(data: object) -> str | None:
        """Where the listing of an index answer goes on, or None when it holds it all."""
        return _optional_str(_index_of(data), "next_cursor")

    @property
    def count(self) -> int:
        return len(self.always_shown) + len(self.notes)

    def as_dict(self) -> dict[str, Any]:
        return {
            "commit": self.commit,
            "always_shown": [note.as_dict() for note in self.always_shown],
            "notes": [note.as_dict() for note in self.notes],
        }


@dataclass(frozen=True, slots=True)
class MatchingLine:
    number: int
    text: str


@dataclass(frozen=True, slots=True)
class SearchHit:
    path: str
    title: str
    score: float
    lines: tuple[MatchingLine, ...]

    @classmethod
    def from_json(cls, data: object) -> SearchHit:
        body = _object(data, "search hit")
        score = body.get("score")
        if not isinstance(score, int | float) or isinstance(score, bool):
            raise MemoireProtocolError("score is not a number")
        lines = []
        for item in _list(body, "lines"):
            line = _object(item, "line")
            number = line.get("number")
            if not isinstance(number, int) or isinstance(number, bool):
                raise MemoireProtocolError("line number is not a whole number")
            lines.append(MatchingLine(number=number, text=_str(line, "text")))
        return cls(
            path=_str(body, "path"),
            title=_str(body, "title"),
            score=float(score),
            lines=tuple(lines),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "score": self.score,
            "lines": [{"number": line.number, "text": line.text} for line in self.lines],
        }


@dataclass(frozen=True, slots=True)
class SearchResult:
    query: str
    hits: tuple[SearchHit, ...]

    @classmethod
    def from_json(cls, data: object) -> SearchResult:
        body = _object(data, "search answer")
        return cls(
            query=_str(body, "query"),
            hits=tuple(SearchHit.from_json(item) for item in _list(body, "hits")),
        )

    def as_dict(self) -> dict[str, Any]:
        return {"query": self.query, "hits": [hit.as_dict() for hit in self.hits]}


@dataclass(frozen=True, slots=True)
class Preferences:
    """The preferences note's `key: value` lines, as a mapping and as written."""

    values: Mapping[str, str]
    lines: tuple[str, ...]

    @classmethod
    def from_json(cls, data: object) -> Preferences:
        body = _object(data, "preferences answer")
        values = _object(body.get("preferences"), "preferences")
        if not all(isinstance(value, str) for value in values.values()):
            raise MemoireProtocolError("a preference value is not a string")
        lines = _list(body, "lines")
        if not all(isinstance(line, str) for line in lines):
            raise MemoireProtocolError("a preference line is not a string")
        return cls(values=dict(values), lines=tuple(lines))

    def as_dict(self) -> dict[str, Any]:
        return {"preferences": dict(self.values), "lines": list(self.lines)}


@dataclass(frozen=True, slots=True)
class Change:
    """One change the client may see: which note and how, never what it holds."""

    path: str
    kind: ChangeKind
    commit: str

    @classmethod
    def from_json(cls, data: object) -> Change:
        body = _object(data, "change")
        kind = _str(body, "kind")
        if kind not in ChangeKind:
            raise MemoireProtocolError(f"unknown change kind {kind!r}")
        return cls(path=_str(body, "path"), kind=ChangeKind(kind), commit=_str(body, "commit"))
