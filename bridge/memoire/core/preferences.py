"""Preferences as data: the `key: value` lines of the preferences note, for automations.

"- preferred temperature: 21" becomes {"preferred temperature": "21"}. Values stay text:
the note is written by people and assistants, and an automation knows what it expects.
"""

from __future__ import annotations

import re

_LINE = re.compile(r"^\s*(?:[-*+]\s+)?(?P<key>[^:#\s][^:]*?)\s*:\s+(?P<value>\S.*?)\s*$")


def preference_lines(body: str) -> list[str]:
    """The body's lines that state a preference, as written."""
    return [line for line in body.splitlines() if _LINE.match(line)]


def preferences(body: str) -> dict[str, str]:
    """Key to value; when a key appears twice, the later line wins (it was written last)."""
    found: dict[str, str] = {}
    for line in preference_lines(body):
        match = _LINE.match(line)
        assert match is not None
        found[match["key"]] = match["value"]
    return found
