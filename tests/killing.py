"""Writers killed with SIGKILL at random points, for the crash tests of every kind of store."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

_WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from conftest import make_config
from memoire.service import MemoryService
service = MemoryService(make_config(Path({repository!r}), remote={remote!r}))
round_ = int(sys.argv[1])
print("ready", flush=True)
for number in range(10_000):
    line = f"round {{round_}} line {{number}}"
    result = service.append("desk", {note!r}, line, title="Killed", description="", sensitive=False)
    print(result.appended, flush=True)
    if {new_notes!r}:
        path = f"journal/killed-{{round_}}-{{number}}.md"
        service.write("desk", path, title="Killed", description="", sensitive=False, body=line)
        print(path, flush=True)
"""


def kill_writers_at_random(
    repository: Path,
    note: str,
    *,
    rounds: int,
    remote: str | None = None,
    check: Callable[[], None] = lambda: None,
    new_notes: bool = False,
) -> list[str]:
    """Start a writer, let it confirm appends for a random while, SIGKILL it; repeat.

    Returns every line a writer confirmed before it died, and with `new_notes` the path
    of each new note it wrote after each append; `check` runs after each kill.
    """
    script = _WRITER.format(
        tests=str(Path(__file__).parent),
        repository=str(repository),
        remote=remote,
        note=note,
        new_notes=new_notes,
    )
    rng = random.Random(20261129)
    confirmed: list[str] = []
    for round_ in range(rounds):
        writer = subprocess.Popen(
            [sys.executable, "-c", script, str(round_)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None
        assert writer.stdout.readline() == "ready\n"
        # The random delay starts after a first confirmed write, so a slow (loaded) machine
        # still kills writers in the middle of their work rather than before it began.
        confirmed.append(writer.stdout.readline().rstrip("\n"))
        time.sleep(0.05 + rng.random() * 0.5)
        writer.send_signal(signal.SIGKILL)
        output, _ = writer.communicate()
        confirmed += output.splitlines()
        check()
    return confirmed
