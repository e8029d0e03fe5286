"""The note format: strict header reading, and splicing that keeps every other byte."""

from __future__ import annotations

import pytest

from memoire.core.errors import InvalidNote
from memoire.core.layout import ENGLISH, FRENCH, HeaderField
from memoire.core.note import (
    Header,
    check_header_text,
    parse_note,
    render_note,
    replace_header_fields,
)


def _note(header: str, body: str = "\nBody.\n") -> str:
    return f"---\n{header}---\n{body}"


@pytest.mark.parametrize(
    ("word", "sensitive"),
    [
        ("yes", True),
        ("no", False),
        ("oui", True),
        ("non", False),
        ("true", True),
        ("false", False),
        ("NO", False),
        ("Yes", True),
    ],
)
def test_sensitive_accepts_english_french_and_booleans(word: str, sensitive: bool) -> None:
    text = _note(f"title: T\ndescription: D\nupdated: 2026-11-29\nsensitive: {word}\n")
    note = parse_note(text, ENGLISH, "x")
    assert note.is_valid
    assert note.header.sensitive is sensitive


def test_yaml_1_1_surprises_stay_strings() -> None:
    text = _note("title: 01234\ndescription: 12:30\nupdated: 2026-11-29\nsensitive: no\non: yes\n")
    note = parse_note(text, ENGLISH, "x")
    assert note.header.title == "01234"
    assert note.header.description == "12:30"
    assert note.header.updated == "2026-11-29"
    assert note.is_valid


def test_french_header_keys() -> None:
    text = _note("titre: Ludo\ndescription: Qui\nmaj: 2026-11-29\nsensible: oui\n")
    note = parse_note(text, FRENCH, "ludo")
    assert note.header == Header("Ludo", "Qui", "2026-11-29", True)


@pytest.mark.parametrize(
    "text",
    [
        "no header at all\n",
        "---\ntitle: [unclosed\n---\nbody\n",
        "---\n- a list\n---\nbody\n",
        _note("title: T\ndescription: D\nupdated: 2026-11-29\nsensitive: maybe\n"),
        _note("title: T\nupdated: 2026-11-29\n"),
    ],
)
def test_unusable_headers_are_reported_and_treated_as_sensitive(text: str) -> None:
    note = parse_note(text, ENGLISH, "fallback")
    assert not note.is_valid
    assert note.problems
    assert note.header.sensitive is True


def test_render_quotes_what_a_yaml_reader_would_misread() -> None:
    header = Header('Note: "quoted"', "yes", "2026-11-29", False)
    text = render_note(ENGLISH, header, "Body\n")
    assert text == (
        '---\ntitle: "Note: \\"quoted\\""\ndescription: "yes"\nupdated: 2026-11-29\n'
        "sensitive: no\n---\n\nBody\n"
    )
    assert parse_note(text, ENGLISH, "x").header == header


def test_replacing_a_field_keeps_comments_order_and_other_keys() -> None:
    original = _note(
        "# kept by hand\ntitle: Alice\ntags: [family]\ndescription: >\n  folded\n  text\n"
        "updated: 2020-01-01\nsensitive: no\n"
    )
    changed = replace_header_fields(
        original, ENGLISH, {HeaderField.UPDATED: "2026-11-29", HeaderField.DESCRIPTION: "new"}
    )
    assert changed == _note(
        "# kept by hand\ntitle: Alice\ntags: [family]\ndescription: new\n"
        "updated: 2026-11-29\nsensitive: no\n"
    )


def test_a_missing_field_is_added_at_the_end_of_the_header() -> None:
    changed = replace_header_fields(
        _note("title: A\n"), ENGLISH, {HeaderField.UPDATED: "2026-11-29"}
    )
    assert changed == _note("title: A\nupdated: 2026-11-29\n")


@pytest.mark.parametrize(
    ("title", "description", "message"),
    [("two\nlines", "", "single line"), ("", "", "needs a title"), ("t" * 201, "", "under 200")],
)
def test_header_text_refusals(title: str, description: str, message: str) -> None:
    with pytest.raises(InvalidNote, match=message):
        check_header_text(title, description)
