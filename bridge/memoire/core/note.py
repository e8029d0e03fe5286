"""The note format: a four-field YAML header, then Markdown, kept byte for byte.

Notes are never re-dumped through a YAML library: that would sort keys, drop a
person's comments and re-quote values. Reading uses a loader that turns every plain
scalar into a string (YAML 1.1 would make `no` a boolean, `2024-11-05` a date and
`01234` an octal number); writing splices single header lines and the body as text.

A header is trusted only when every reader would agree on what it says: a key written
twice (in any spelling YAML or a person would take for the same key), a merge key, an
anchor or a field key nested in another value makes the header invalid, and an invalid
header hides the note from clients without the sensitive right.
"""

from __future__ import annotations

import contextlib
import json
import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode

from .errors import InvalidNote
from .layout import HeaderField, Layout

_HEADER = re.compile(r"\A---[ \t]*\r?\n(?P<header>.*?)^---[ \t]*(?:\r?\n|\Z)", re.DOTALL | re.M)
_OPENING = re.compile(r"---[ \t]*\r?\n")
_TRUE_WORDS = frozenset({"yes", "oui", "true"})
_FALSE_WORDS = frozenset({"no", "non", "false"})
_PLAIN_SCALAR = re.compile(r"[^\W_][^:#\n\"'\\]*(?<! )")
_YAML_ESCAPED = re.compile("[\x00-\x1f\x7f-\x9f\ufffe\uffff]")
"""What a YAML reader refuses or reads otherwise (tab, controls): written as escapes."""
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Every character `str.splitlines` (and YAML, and editors) end a line at."""
_BODY_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters a body never needs: all but tab, line feed and carriage return."""
MAX_TITLE_CHARS = 200
MAX_DESCRIPTION_CHARS = 500


_FastestSafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_MERGE_TAG = "tag:yaml.org,2002:merge"
_STR_TAG = "tag:yaml.org,2002:str"


class _UntrustedHeader(yaml.YAMLError):
    """A header that readers could take two ways; its message says why."""


class _HeaderLoader(_FastestSafeLoader):  # type: ignore[misc, valid-type]
    """A YAML loader (libyaml's when present) for which every plain scalar is a string,
    and which sees every key of every mapping.

    PyYAML builds each mapping as a dict and silently keeps the LAST of two equal keys,
    while memoire's writer splices the FIRST: `sensitive: yes` then `sensitive: no`
    would read as public and stay public after a write that asked for sensitive. A dict
    has already lost the duplicate, so `construct_mapping` is overridden to look at the
    composed key nodes before the dict is built. Merge keys (`<<`) are refused too: other
    readers would merge them, this loader (without implicit resolvers) would not.
    """

    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}  # noqa: RUF012

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.keys: list[tuple[str, bool]] = []  # every scalar key, and whether at top level
        self._root: Node | None = None

    def construct_document(self, node: Node) -> object:
        self._root = node
        return super().construct_document(node)

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[object, object]:
        seen: set[str] = set()
        for key_node, _ in node.value:
            if key_node.tag == _MERGE_TAG or key_node.value == "<<":
                raise _UntrustedHeader("merge keys (<<) are not allowed in a header")
            if not isinstance(key_node, ScalarNode) or key_node.tag != _STR_TAG:
                raise _UntrustedHeader("header keys must be plain words")
            folded = fold_key(key_node.value)
            if folded in seen:
                raise _UntrustedHeader(f"the key {key_node.value!r} appears twice")
            seen.add(folded)
            self.keys.append((key_node.value, node is self._root))
        result: dict[object, object] = super().construct_mapping(node, deep)
        return result


def fold_key(key: str) -> str:
    """The form two keys share when a person would take them for the same key: same
    letters whatever their case, width or surrounding spaces, invisible characters out."""
    visible = "".join(char for char in key if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFKC", visible).strip().casefold()


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
    missing_fields: frozenset[HeaderField] = frozenset()

    @property
    def is_valid(self) -> bool:
        return not self.problems


def parse_note(text: str, layout: Layout, fallback_title: str) -> ParsedNote:
    """Read a note without ever failing: problems are reported, never raised."""
    match = _HEADER.match(text)
    if match is None:
        return _unusable(text, fallback_title, _why_no_header(text))
    try:
        fields, keys = _load_header(match["header"])
    except yaml.YAMLError as error:
        reason = str(error).splitlines()[0]
        return _unusable(text[match.end() :], fallback_title, f"invalid YAML header: {reason}")
    if not isinstance(fields, dict):
        return _unusable(text[match.end() :], fallback_title, "the header is not a key: value list")
    misplaced = _misplaced_field_key(keys, layout)
    if misplaced is not None:
        return _unusable(text[match.end() :], fallback_title, f"invalid header: {misplaced}")
    return _from_fields(fields, _body_after(text, match.end()), layout, fallback_title)


def _why_no_header(text: str) -> str:
    if _OPENING.match(text):
        return "the header's closing '---' line is missing: end the header with a line '---'"
    return "the note does not start with a '---' header"


def _load_header(header: str) -> tuple[object, list[tuple[str, bool]]]:
    """The header's data and every key in it; anchors and aliases are refused first, since
    an alias can make one key or value stand for another out of sight."""
    for event in yaml.parse(header, Loader=_FastestSafeLoader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _UntrustedHeader("anchors and aliases (& and *) are not allowed in a header")
    loader = _HeaderLoader(header)
    try:
        return loader.get_single_data(), loader.keys
    finally:
        loader.dispose()


def _misplaced_field_key(keys: list[tuple[str, bool]], layout: Layout) -> str | None:
    """A field key spelt another way, or nested in another value: readers would disagree."""
    fields = {fold_key(layout.key(field)): layout.key(field) for field in HeaderField}
    for key, top_level in keys:
        expected = fields.get(fold_key(key))
        if expected is None:
            continue
        if not top_level:
            return f"the field key {key!r} is nested inside another value"
        if key != expected:
            return f"the key {key!r} must be written {expected!r}"
    return None


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
    missing: set[HeaderField] = set()

    def text_field(field: HeaderField) -> str:
        key = layout.key(field)
        value = fields.get(key)
        if value is None:
            problems.append(f"missing header field '{key}'")
            missing.add(field)
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
    return ParsedNote(header, body, tuple(problems), frozenset(missing))


def readme_is_hidden(text: str, layout: Layout) -> bool:
    """README needs no header and is public without one. A README with a header is hidden
    from clients without the sensitive right when that header says sensitive, or cannot be
    trusted (broken, duplicated keys); a header without the label reads as public."""
    if not _OPENING.match(text):
        return False
    note = parse_note(text, layout, "README")
    if len(note.problems) > len(note.missing_fields):
        return True
    return note.header.sensitive and HeaderField.SENSITIVE not in note.missing_fields


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
    """The first line of `key` (in any quoting or case) says `rendered`; others go."""
    line = re.compile(
        rf"^[ \t]*[\"']?[ \t]*{re.escape(key)}[ \t]*[\"']?[ \t]*:.*(?:\r?\n[ \t]+.*)*(?:\r?\n|\Z)",
        re.M | re.I,
    )
    replacement = f"{key}: {rendered}\n"
    first = line.search(header)
    if first is None:
        separator = "" if header.endswith("\n") or not header else "\n"
        return f"{header}{separator}{replacement}"
    rest = line.sub("", header[first.end() :])
    return header[: first.start()] + replacement + rest


def header_saying(
    header_text: str,
    layout: Layout,
    header: Header,
    fields: Collection[HeaderField],
    fallback_title: str,
) -> str:
    """Header text that reads back as exactly `header`, with one line per field.

    `fields` are spliced into the existing header text (a note's text up to its body),
    keeping a person's comments and extra keys, when the result reads back as exactly
    `header`; otherwise (no header, broken YAML, anything unexpected) the header is
    written anew, so a write can never leave behind a header that says something else.
    It always ends with a line break: a hand-made note that ends right after its closing
    `---` would otherwise have that line run on into the body written after it.
    """
    values = header_values(layout, header, fields)
    try:
        spliced = replace_header_fields(header_text, layout, values)
    except InvalidNote:
        return render_note(layout, header, "")
    reread = parse_note(spliced, layout, fallback_title)
    if reread.is_valid and reread.header == header and not reread.body.strip():
        return spliced if spliced.endswith("\n") else spliced + "\n"
    return render_note(layout, header, "")


def header_values(
    layout: Layout, header: Header, fields: Collection[HeaderField] = tuple(HeaderField)
) -> dict[HeaderField, str]:
    """The fields as header text, quoted where a YAML reader would misread them; only
    those asked for (quoting a title asks YAML, which a write touching `updated` skips)."""
    values = {
        HeaderField.TITLE: lambda: _scalar(header.title),
        HeaderField.DESCRIPTION: lambda: _scalar(header.description),
        HeaderField.UPDATED: lambda: header.updated,
        HeaderField.SENSITIVE: lambda: layout.yes if header.sensitive else layout.no,
    }
    return {field: values[field]() for field in fields}


def _scalar(value: str) -> str:
    """Plain when every YAML reader gets the same string back, double-quoted otherwise,
    with every character YAML does not take literally (controls, tab) escaped."""
    if _PLAIN_SCALAR.fullmatch(value) and not _YAML_ESCAPED.search(value):
        with contextlib.suppress(yaml.YAMLError):
            if yaml.safe_load(value) == value:
                return value
    quoted = json.dumps(value, ensure_ascii=False)
    return _YAML_ESCAPED.sub(lambda found: f"\\u{ord(found[0]):04x}", quoted)


def check_body_text(text: str) -> None:
    """Refuse control characters in text bound for a note's body. A NUL makes Git take the
    note for a binary file, so `git diff` and `git log -p` stop showing any change to it;
    terminal escapes can hide lines from a person reading the note or its history."""
    found = _BODY_CONTROL.search(text)
    if found is not None:
        raise InvalidNote(
            f"The text holds a control character (U+{ord(found[0]):04X}); nothing was written. "
            "Remove it and send plain text (tabs and line breaks are fine)."
        )


def check_header_text(title: str, description: str) -> None:
    """Refuse header values that cannot be one readable header line, or no title."""
    check_header_values(title, description)
    if not title.strip():
        raise InvalidNote("A note needs a title: give a short, non-empty title.")


def check_header_values(title: str, description: str) -> None:
    """Each value one header line of bounded length (an append may give no title)."""
    for name, value, limit in (
        ("title", title, MAX_TITLE_CHARS),
        ("description", description, MAX_DESCRIPTION_CHARS),
    ):
        if any(char in _LINE_BREAKS for char in value):
            raise InvalidNote(f"The {name} must be a single line; put details in the body.")
        if len(value) > limit:
            raise InvalidNote(
                f"The {name} is {len(value)} characters; keep it under {limit} "
                "and put details in the body."
            )
