"""`bench/all.py`, the one command that prints the scale issue's numbers, keeps working.

It runs in `--quick` mode (a small memory, a few calls per row): what is checked is that
the table has every row the issue asks for, each with a measured value, never a timing.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# What the issue lists: index (size and time), read, search, write, append, 4 concurrent
# appenders, cold start, RSS after many writes, remote append by path and over git://, and
# the floors (bare commit, bare FTS query).
EXPECTED_ROWS = {
    "index answer, default (UTF-8 bytes, tokens)",
    "index, in process",
    "index, over stdio (SDK client)",
    "read",
    "search (service, full rights)",
    "floor: bare SQLite FTS query",
    "search hit@1 (names and phrases)",
    "write (whole note, with its version)",
    "append",
    "floor: bare fsync'd pygit2 commit",
    "append, 4 concurrent appenders on one note",
    "cold start, spawn to first index answer",
    "warm start: later spawn handed over to the host the first started",
    "RSS after the first write / after all",
    "remote append, bare repository by path",
    "remote append, git:// on loopback",
}


def test_the_quick_run_prints_every_row_with_a_value(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "all.py"), "--quick", "--dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    table = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    header, *rows = table
    assert header.startswith("| measure | 100 notes |")
    cells = {row.split(" | ")[0].removeprefix("| "): row.split(" | ")[1] for row in rows}
    assert set(cells) == EXPECTED_ROWS
    for label, value in cells.items():
        assert value, label
        assert value != "not measured", label
    assert re.fullmatch(r"\d+/\d+", cells["search hit@1 (names and phrases)"])
