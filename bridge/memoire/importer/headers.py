"""The header an imported note needs, added with the project's own note code.

A note without a header gets one: its title from the first `# heading` (else the file
name), its description from the first line of prose, `updated` from the file's date, and
`sensitive` from the folder it came from. A header missing some fields (an Obsidian
front matter of tags and aliases) gets those fields added after its own lines, which stay
byte for byte. A complete header is kept byte for byte. A header written in another
layout's keys (`titre`, `maj`, `sensible` into an English memory) is rewritten in this
memory's keys when it holds nothing else, so that `sensible: oui` never becomes public.
A header readers could take two ways (a key written twice, broken YAML) is refused, never
repaired: memoire does not guess what a person meant a note's label to be.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.layout import LAYOUTS, HeaderField, Layout
from ..core.note import (
    MAX_TITLE_CHARS,
    Header,
    header_values,
    parse_note,
    render_note,
    replace_header_fields,
)

DESCRIPTION_CHARS = 160  # a derived description: one index line, not a paragraph
_OPENING = re.compile(r"\A---[ \t]*\r?\n")
_CLOSING = re.compile(r"^---[ \t]*$", re.M)
_HEADING = re.compile(r"#[ \t]+(?P<title>.*?)[ \t]*#*[ \t]*")
_FENCE = re.compile(r"(```|~~~)")
_RULE = re.compile(r"([-*_])([ \t]*\1){2,}[ \t]*")
_LINE_MARKERS = re.compile(r"(?:>[ \t]*|[-*+][ \t]+(?:\[[ xX]\][ \t]+)?|\d+[.)][ \t]+)+")
_NOT_PROSE = ("#", "|", "<!--", "![", "[[", "%%")  # headings, tables, comments, embeds


class HeaderRefused(Exception):
    """The note's header cannot be trusted or completed; the message says why."""


@dataclass(frozen=True, slots=True)
class Headed:
    text: str
    what: str  # what was done to the header, for the report


@dataclass(frozen=True, slots=True)
class Defaults:
    """What a missing field is set to: the file's name and date, the folder's label."""

    name: str
    updated: str
    sensitive: bool


def with_header(text: str, layout: Layout, defaults: Defaults) -> Headed:
    """The note's text with a complete header in `layout`'s keys; HeaderRefused if it
    already has one that cannot be trusted."""
    headed = _headed(text, layout, defaults)
    if not defaults.sensitive or parse_note(headed.text, layout, "").header.sensitive:
        return headed
    marked = replace_header_fields(headed.text, layout, {HeaderField.SENSITIVE: layout.yes})
    key = layout.key(HeaderField.SENSITIVE)
    return Headed(marked, f"{headed.what}; {key} set to {layout.yes} (folder marked sensitive)")


def _headed(text: str, layout: Layout, defaults: Defaults) -> Headed:
    opening = _OPENING.match(text)
    if opening is None:
        return Headed(render_note(layout, _derived(text, defaults), text), "header added")
    if not _CLOSING.search(text, opening.end()):
        raise HeaderRefused(
            "it starts with '---' but no '---' line closes that header; "
            "close the header or remove the first line"
        )
    parsed = parse_note(text, layout, defaults.name)
    if len(parsed.problems) > len(parsed.missing_fields):
        extra = [problem for problem in parsed.problems if not problem.startswith("missing")]
        raise HeaderRefused(f"its header cannot be trusted ({'; '.join(extra)}); fix it by hand")
    if not parsed.missing_fields:
        return Headed(text, "header kept")
    keys = _header_keys(text[: len(text) - len(parsed.body)])
    foreign = _foreign_layout(keys, layout)
    if foreign is not None:
        return _translated(text, layout, foreign, keys, defaults)
    return _completed(text, parsed.body, layout, parsed.missing_fields, defaults)


def _derived(body: str, defaults: Defaults) -> Header:
    """Header fields read from the note itself, its file name and its folder."""
    return Header(
        title=_title(first_heading(body) or defaults.name),
        description=first_prose_line(body),
        updated=defaults.updated,
        sensitive=defaults.sensitive,
    )


def _completed(
    text: str, body: str, layout: Layout, missing: frozenset[HeaderField], defaults: Defaults
) -> Headed:
    """The missing fields added after the header's own lines, which stay as they were."""
    values = header_values(layout, _derived(body, defaults))
    ordered = [field for field in HeaderField if field in missing]
    completed = replace_header_fields(text, layout, {field: values[field] for field in ordered})
    if not parse_note(completed, layout, defaults.name).is_valid:
        raise HeaderRefused("its header could not be completed; add the four fields by hand")
    names = ", ".join(layout.key(field) for field in ordered)
    return Headed(completed, f"header completed: {names} added")


def _translated(
    text: str, layout: Layout, foreign: Layout, keys: list[str], defaults: Defaults
) -> Headed:
    """A header made only of another layout's keys, rewritten in this layout's keys (its
    missing fields derived as for any note). One with other keys too is refused rather
    than rewritten with those keys lost."""
    parsed = parse_note(text, foreign, defaults.name)
    theirs = {foreign.key(field).casefold() for field in HeaderField}
    if not set(keys) <= theirs or len(parsed.problems) > len(parsed.missing_fields):
        raise HeaderRefused(
            f"its header mixes the {foreign.name} layout's keys ({', '.join(sorted(theirs))}) "
            f"with others; import it into a memory with the {foreign.name} layout "
            f"(memoire init --layout {foreign.name}), or fix the header by hand"
        )
    derived, old, missing = _derived(parsed.body, defaults), parsed.header, parsed.missing_fields
    header = Header(
        title=derived.title if HeaderField.TITLE in missing else old.title,
        description=derived.description if HeaderField.DESCRIPTION in missing else old.description,
        updated=derived.updated if HeaderField.UPDATED in missing else old.updated,
        sensitive=derived.sensitive if HeaderField.SENSITIVE in missing else old.sensitive,
    )
    translated = render_note(layout, header, parsed.body)
    return Headed(translated, f"header rewritten from the {foreign.name} layout's keys")


def _header_keys(header_text: str) -> list[str]:
    """The top-level keys of a header, as written (folded), from its lines."""
    keys = []
    for line in header_text.splitlines()[1:]:
        if _CLOSING.fullmatch(line):
            break
        if line[:1].isspace() or line.startswith("#") or ":" not in line:
            continue
        keys.append(line.split(":", 1)[0].strip().strip("\"'").casefold())
    return keys


def _foreign_layout(keys: list[str], layout: Layout) -> Layout | None:
    """Another layout one of whose field keys, spelt unlike this layout's, is in the header."""
    own = {layout.key(field).casefold() for field in HeaderField}
    for other in LAYOUTS.values():
        theirs = {other.key(field).casefold() for field in HeaderField} - own
        if theirs & set(keys):
            return other
    return None


def first_heading(text: str) -> str | None:
    """The text of the first level-one `# heading` outside code blocks."""
    for line in _prose_lines(text):
        found = _HEADING.fullmatch(line)
        if found is not None and found["title"]:
            return found["title"]
    return None


def first_prose_line(text: str) -> str:
    """The first line that is prose (not a heading, table, rule, comment or embed),
    without its list or quote markers, trimmed to one index line."""
    for line in _prose_lines(text):
        stripped = _LINE_MARKERS.sub("", line.strip(), count=1).strip()
        if not stripped or stripped.startswith(_NOT_PROSE) or _RULE.fullmatch(stripped):
            continue
        return _bounded(" ".join(stripped.split()), DESCRIPTION_CHARS)
    return ""


def _prose_lines(text: str) -> list[str]:
    """The lines of `text` outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def _title(text: str) -> str:
    return _bounded(" ".join(text.split()), MAX_TITLE_CHARS)


def _bounded(text: str, most: int) -> str:
    """At most `most` characters, cut at a word boundary with an ellipsis."""
    if len(text) <= most:
        return text
    cut = text[: most - 1].rsplit(" ", 1)[0] if " " in text[: most - 1] else text[: most - 1]
    return cut.rstrip() + "…"
