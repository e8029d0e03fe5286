"""Preferences as key/value data for automations, read from the note people write."""

from __future__ import annotations

from memoire.core.preferences import preference_lines, preferences


def test_bullets_and_plain_lines_become_a_mapping() -> None:
    body = (
        "# Preferences\n\n- preferred temperature: 21\n* music: jazz (quiet)\n"
        "coffee: no sugar\n+ wake-up time: 07:30\n"
    )
    assert preferences(body) == {
        "preferred temperature": "21",
        "music": "jazz (quiet)",
        "coffee": "no sugar",
        "wake-up time": "07:30",
    }


def test_prose_headings_urls_and_empty_values_are_not_preferences() -> None:
    body = (
        "# Heading: not a key\nI like tea. Really.\nsee https://example.org/page\n"
        "- empty:\n- ratio 3:4 in a sentence\n"
    )
    assert preference_lines(body) == []


def test_the_line_written_last_wins() -> None:
    assert preferences("- temperature: 20\n- temperature: 21\n") == {"temperature": "21"}
