"""The note format: a four-field YAML header, then Markdown, kept byte for byte.

Notes are never re-dumped through a YAML library: that would sort keys, drop a
person's comments and re-quote values. Reading uses a loader that turns every plain
scalar into a string (YAML 1.1 would make `no` a boolean, `2024-11-05` a date and
`01234` an octal number); writing splices single header lines and the body as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

import yaml

from .errors import InvalidNote
from .layout import HeaderField, Layout

_HEADER = re.compile(r"\A---[ \t]*\r?\n(?P<header>.*?)^---[ \t]*(?:\r?\n|\Z)", re.DOTALL | re.M)
_TRUE_WORDS = frozenset({"yes", "oui", "true"})
_FALSE_WORDS = frozenset({"no", "non", "false"})
_PLAIN_SCALAR = re.compile(r"[^\W_][^:#\n\"'\\]*(?<! )")
MAX_TITLE_CHARS = 200
MAX_DESCRIPTION_CHARS = 500


_FastestSafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StringsOnlyLoader(_FastestSafeLoader):  # type: ignore[misc, valid-type]
    """A YAML loader (libyaml's when present) for which every plain scalar is a string."""

    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}  # noqa: RUF012


@dataclass(frozen=True, slots=True)
class Header:
    title: str
    description: str
    updated: str
    sensitive: bool


@dataclass(frozen=True, slots=True)
class ParsedNote:
    """A note as read. A note whose header is unusable is treated as sensitive."""

    header: Header
    body: str
    problems: tuple[str, ...]

    @property
    def is_valid(self) -> bool:
        return not self.problems


def parse_note(text: str, layout: Layout, fallback_title: str) -> ParsedNote:
    """Read a note without ever failing: problems are reported, never raised."""
    match = _HEADER.match(text)
    if match is None:
        return _unusable(text, fallback_title, "the note does not start with a '---' header")
    try:
        fields = yaml.load(match["header"], Loader=_StringsOnlyLoader)
    except yaml.YAMLError as error:
        reason = str(error).splitlines()[0]
        return _unusable(text[match.end() :], fallback_title, f"invalid YAML header: {reason}")
    if not isinstance(fields, dict):
        return _unusable(text[match.end() :], fallback_title, "the header is not a key: value list")
    return _from_fields(fields, _body_after(text, match.end()), layout, fallback_title)


def _body_after(text: str, header_end: int) -> str:
    """The body starts after the blank line that usually follows the header."""
    body = text[header_end:]
    return body[1:] if body.startswith("\n") else body


def _unusable(body: str, fallback_title: str, problem: str) -> ParsedNote:
    header = Header(title=fallback_title, description="", updated="", sensitive=True)
    return ParsedNote(header=header, body=body, problems=(problem,))


def _from_fields(
    fields: dict[object, object], body: str, layout: Layout, fallback_title: str
) -> ParsedNote:
    problems: list[str] = []

    def text_field(field: HeaderField) -> str:
        key = layout.key(field)
        value = fields.get(key)
        if value is None:
            problems.append(f"missing header field '{key}'")
            return ""
        if not isinstance(value, str):
            problems.append(f"header field '{key}' must be a single value")
            return ""
        return value

    title = text_field(HeaderField.TITLE) or fallback_title
    description = text_field(HeaderField.DESCRIPTION)
    updated = text_field(HeaderField.UPDATED)
    sensitive = _parse_sensitive(text_field(HeaderField.SENSITIVE), layout, problems)
    header = Header(title=title, description=description, updated=updated, sensitive=sensitive)
    return ParsedNote(header=header, body=body, problems=tuple(problems))


def _parse_sensitive(value: str, layout: Layout, problems: list[str]) -> bool:
    word = value.strip().lower()
    if word in _FALSE_WORDS:
        return False
    if word and word not in _TRUE_WORDS:
        key = layout.key(HeaderField.SENSITIVE)
        problems.append(f"header field '{key}' must be {layout.yes} or {layout.no}, not {value!r}")
    return True


def render_note(layout: Layout, header: Header, body: str) -> str:
    """A new note's text; the body follows the header after one blank line."""
    lines = [
        f"{layout.key(field)}: {value}" for field, value in header_values(layout, header).items()
    ]
    return "---\n" + "\n".join(lines) + "\n---\n\n" + body


def replace_header_fields(text: str, layout: Layout, values: Mapping[HeaderField, str]) -> str:
    """Splice new values into an existing header, leaving every other byte as it was."""
    match = _HEADER.match(text)
    if match is None:
        raise InvalidNote("the note has no header to update")
    header = match["header"]
    for field, value in values.items():
        header = _replace_header_line(header, layout.key(field), value)
    return text[: match.start("header")] + header + text[match.end("header") :]


def _replace_header_line(header: str, key: str, rendered: str) -> str:
    line = re.compile(rf"^{re.escape(key)}[ \t]*:.*(?:\n[ \t]+.*)*$", re.M)
    replacement = f"{key}: {rendered}"
    if line.search(header):
        return line.sub(lambda _: replacement, header, count=1)
    separator = "" if header.endswith("\n") or not header else "\n"
    return f"{header}{separator}{replacement}\n"


def header_values(layout: Layout, header: Header) -> dict[HeaderField, str]:
    """The four fields as header text, quoted where a YAML reader would misread them."""
    return {
        HeaderField.TITLE: _scalar(header.title),
        HeaderField.DESCRIPTION: _scalar(header.description),
        HeaderField.UPDATED: header.updated,
        HeaderField.SENSITIVE: layout.yes if header.sensitive else layout.no,
    }


def _scalar(value: str) -> str:
    """Plain when every YAML reader gets the same string back, double-quoted otherwise."""
    if _PLAIN_SCALAR.fullmatch(value) and yaml.safe_load(value) == value:
        return value
    return json.dumps(value, ensure_ascii=False)


def check_header_text(title: str, description: str) -> None:
    """Refuse header values that cannot be one readable header line."""
    for name, value, limit in (
        ("title", title, MAX_TITLE_CHARS),
        ("description", description, MAX_DESCRIPTION_CHARS),
    ):
        if "\n" in value or "\r" in value:
            raise InvalidNote(f"The {name} must be a single line; put details in the body.")
        if len(value) > limit:
            raise InvalidNote(
                f"The {name} is {len(value)} characters; keep it under {limit} "
                "and put details in the body."
            )
    if not title.strip():
        raise InvalidNote("A note needs a title: give a short, non-empty title.")
