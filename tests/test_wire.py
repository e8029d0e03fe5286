"""The wire format is written once: the bridge's module and the integration's exact copy."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from memoire import wire
from memoire.core.layout import LAYOUTS

ROOT = Path(__file__).parents[1]
BRIDGE_COPY = ROOT / "bridge" / "memoire" / "wire.py"
INTEGRATION_COPY = ROOT / "custom_components" / "memoire" / "wire.py"
SIDES = [ROOT / "bridge" / "memoire", ROOT / "custom_components" / "memoire"]
# The secret guard's word lists hold French words such as "sensible" that are no header key.
NATURAL_LANGUAGE = ROOT / "bridge" / "memoire" / "core" / "secrets"
# What each side wrote for itself before: none of it may appear outside wire.py again.
OWN_DEFINITIONS = [
    r'"/?api/v1',
    r'"(?:created|deleted)"',
    r'"[Ll]ast-[Ee]vent-(?:ID|id)"',
    r'"text/event-stream"',
    r"event: change",
    r'!= "change"',
    r'"(?:titre|maj|sensible)"',
    r'"\[a-z0-9-\]\{1,100\}"',
    r"\[a-z0-9-\]\+/",
    r"unicodedata\.(?:combining|normalize\(\"NFKD\", text)",
]


def test_the_integration_ships_the_bridges_module_byte_for_byte() -> None:
    assert INTEGRATION_COPY.read_bytes() == BRIDGE_COPY.read_bytes(), (
        "custom_components/memoire/wire.py differs from bridge/memoire/wire.py: "
        "edit the bridge's copy and copy it over"
    )


def test_the_wire_module_needs_nothing_but_the_standard_library() -> None:
    tree = ast.parse(BRIDGE_COPY.read_text(encoding="utf-8"))
    imported = {
        (node.module or "").split(".")[0] if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


@pytest.mark.parametrize("side", SIDES, ids=["bridge", "integration"])
def test_neither_side_defines_the_wire_format_itself(side: Path) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(side.rglob("*.py"))
        if path.name != "wire.py" and NATURAL_LANGUAGE not in path.parents
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(re.search(pattern, line) for pattern in OWN_DEFINITIONS)
    ]
    assert found == []


def test_every_path_a_layout_may_read_is_a_note_path_for_the_integration() -> None:
    for layout in LAYOUTS.values():
        readable = [layout.readme, *layout.always_shown]
        readable += [f"{folder}/{'a' * 100}.md" for folder in layout.folders]
        readable += [f"{folder}/x-1.md" for folder in layout.folders]
        for path in readable:
            assert layout.note_pattern().fullmatch(path) or path == layout.readme
            assert wire.is_note_path(path), path


@pytest.mark.parametrize(
    "path",
    [
        "../x.md",
        "topics/../x.md",
        "/topics/x.md",
        "topics/x.txt",
        "topics\\x.md",
        "topics/sub/x.md",
        "topics/X.md",
        "topics/x_y.md",
        f"topics/{'a' * 101}.md",
        ".git/config.md",
        "topics/.md",
    ],
)
def test_no_layout_reads_what_the_integration_refuses(path: str) -> None:
    assert not wire.is_note_path(path)
    assert not any(layout.note_pattern().fullmatch(path) for layout in LAYOUTS.values())


def test_both_sides_fold_alike_so_the_integration_matches_what_search_found() -> None:
    """Accents of Latin letters go; a Devanagari vowel sign is part of its word and stays."""
    from custom_components.memoire import speech

    for text in ("Préférences", "Straße", "ÉTÉ", "हिन्दी", "Ελληνικά", "ﬁle"):
        assert speech.fold(text) == wire.fold(text)
    assert wire.fold("Préférences\nÉté") == "preferences\nete"
    assert wire.fold("हिन्दी") == "हिन्दी"


def test_each_layouts_header_keys_come_from_the_wire() -> None:
    assert {name: layout.header_keys for name, layout in LAYOUTS.items()} == wire.HEADER_KEYS
