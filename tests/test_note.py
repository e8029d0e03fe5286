"""The note format: strict header reading, and splicing that keeps every other byte."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memoire.core.errors import InvalidNote
from memoire.core.layout import ENGLISH, FRENCH, HeaderField
from memoire.core.note import (
    Header,
    check_header_text,
    fold_key,
    header_saying,
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


# Duplicated and disguised keys: a header readers could take two ways is never trusted.

_SENSITIVE_KEYS = [
    "sensitive",
    '"sensitive"',
    "'sensitive'",
    "Sensitive",
    "SENSITIVE",
    '"sensitive "',
    "!!str sensitive",
    "sensitive ",
    "ｓｅｎｓｉｔｉｖｅ",
    "sensitive\u200b",
    "!!binary c2Vuc2l0aXZl",
]
_SAYS_NO = ["no", "No", "non", "false", '"no"', "'no'", "!!str no"]
_SAYS_OTHER = ["yes", "oui", "true", '"yes"', "Yes", "maybe", "1", "!!bool no", "[no]"]
_FORMS = {
    "plain": "{key}: {value}",
    "explicit": "? {key}\n: {value}",
    "nested": "extra: {{{key}: {value}}}",
    "merged": "<<: {{{key}: {value}}}",
    "flow": "{{{key}: {value}}}",
}
_OTHER_LINES = [
    "title: T",
    "description: D",
    "updated: 2026-11-29",
    "# a comment",
    "tags: [a, b]",
    "title: Again",
    "anchor: &a no",
    "sensitive_too: no",
]

_sensitive_line = st.tuples(
    st.sampled_from(sorted(_FORMS)),
    st.sampled_from(_SENSITIVE_KEYS),
    st.sampled_from(_SAYS_NO + _SAYS_OTHER),
)


@st.composite
def _headers(draw: st.DrawFn) -> tuple[str, list[tuple[str, str, str]]]:
    said = draw(st.lists(_sensitive_line, max_size=3))
    others = draw(st.lists(st.sampled_from(_OTHER_LINES), max_size=5))
    lines = [_FORMS[form].format(key=key, value=value) for form, key, value in said]
    ordered = draw(st.permutations(lines + others))
    return "\n".join(ordered) + "\n", said


@settings(max_examples=400, deadline=None)
@given(_headers())
def test_a_header_read_as_public_says_no_once_and_nothing_else(
    drawn: tuple[str, list[tuple[str, str, str]]],
) -> None:
    header, said = drawn
    note = parse_note(_note(header), ENGLISH, "x")
    if not note.header.sensitive:
        assert len(said) == 1
        form, key, value = said[0]
        assert value in _SAYS_NO
        assert form not in {"nested", "merged"}
        plain_key = key.removeprefix("!!str ").rstrip()  # YAML drops a plain key's trailing spaces
        assert plain_key in {"sensitive", '"sensitive"', "'sensitive'"}


@settings(max_examples=400, deadline=None)
@given(_headers(), st.booleans())
def test_a_write_leaves_a_header_that_says_exactly_what_was_asked(
    drawn: tuple[str, list[tuple[str, str, str]]], sensitive: bool
) -> None:
    header_text = f"---\n{drawn[0]}---\n\n"
    wanted = Header("Title", "Description", "2026-11-30", sensitive)
    written = header_saying(header_text, ENGLISH, wanted, tuple(HeaderField), "x") + "Body\n"
    note = parse_note(written, ENGLISH, "x")
    assert note.is_valid
    assert note.header == wanted
    block = written.split("---")[1]
    said = [line for line in block.splitlines() if "sensitive" in fold_key(line)]
    assert [line for line in said if not line.startswith("sensitive_too")] == [
        f"sensitive: {'yes' if sensitive else 'no'}"
    ]


def test_a_write_over_a_duplicated_header_keeps_comments_and_other_keys() -> None:
    header_text = "---\n# mine\ntitle: T\nsensitive: yes\nmood: calm\nsensitive: no\n---\n\n"
    wanted = Header("T", "D", "2026-11-30", True)
    written = header_saying(header_text, ENGLISH, wanted, tuple(HeaderField), "x")
    assert written == (
        "---\n# mine\ntitle: T\nsensitive: yes\nmood: calm\ndescription: D\n"
        "updated: 2026-11-30\n---\n\n"
    )
