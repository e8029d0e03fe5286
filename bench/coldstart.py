"""Cold start of `memoire stdio`: spawn to the first `memoire_index` answer, and where it goes.

A measurement, not a test: it prints and never fails on time.

Why each choice:

- The client is a few lines of raw JSON-RPC over the pipes, not the MCP SDK client: the
  SDK client's own work (validating the answer against the output schema) is the client's
  cost, and a cold start is the server's. The exchange is what an assistant sends when it
  starts a conversation: `initialize`, then `notifications/initialized` and the index call.
- The memory is used (search database and stored note lines exist), as on any machine that
  ran memoire once: the first start of all builds them once and is not a cold start.
- Where the time goes is measured by parts, each the p50 of fresh processes: the bare
  interpreter, the interpreter importing the MCP SDK's server, the interpreter importing
  all `memoire stdio` needs; then, inside one process, building the MCP server (its tools'
  argument and output schemas) and the first index. The handshake and pipes are the rest.
- `--importtime` prints the modules a `memoire stdio` start imports, grouped by package
  (Python's `-X importtime`, which slows every import, so its shares count, not its sums).

Run: `uv run python bench/coldstart.py --sizes 1000 10000 --runs 15`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, NamedTuple

from mcp_types.version import LATEST_HANDSHAKE_VERSION

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core import build_memory

from bridge import CLIENT, memoire_arguments, write_config
from memoire.config import load_config
from memoire.service import MemoryService

# What one fresh process does for each import part (the SDK part is what memoire's adapter
# imports from the SDK; the last imports everything `memoire stdio` runs).
IMPORT_PARTS = {
    "interpreter start (python -c pass)": "pass",
    "+ MCP SDK server and pydantic": "import mcp.server.mcpserver",
    "+ memoire (CLI, service, store, MCP adapter)": (
        "import memoire.adapters.cli, memoire.adapters.mcp, memoire.fetching"
    ),
}
# In process, after the imports: what `memoire stdio` does before it answers the index.
IN_PROCESS = """
import sys, time
from pathlib import Path
from memoire.adapters.cli import _config
from memoire.adapters.mcp import Caller, build_server
from memoire.service import MemoryService
start = time.perf_counter()
service = MemoryService(_config(Path(sys.argv[1])))
built = time.perf_counter()
build_server(service, Caller(sys.argv[2]))
server = time.perf_counter()
service.overview(sys.argv[2])
print(built - start, server - built, time.perf_counter() - server)
"""


def _message(stream: IO[bytes], body: dict[str, Any]) -> None:
    stream.write(json.dumps(body).encode() + b"\n")
    stream.flush()


def _answer(stream: IO[bytes], wanted: int) -> dict[str, Any]:
    """The response with id `wanted`; notifications and log lines before it are skipped."""
    while line := stream.readline():
        message = json.loads(line)
        if message.get("id") == wanted:
            return dict(message)
    raise RuntimeError("memoire stdio ended before it answered")


class Start(NamedTuple):
    """One cold start: wall seconds to the answer, CPU seconds of the whole process."""

    wall: float
    cpu: float


def cold_start(config: Path, client: str = CLIENT, code: Path | None = None) -> Start:
    """From spawning `memoire stdio` to its first `memoire_index` answer.

    `code`: another checkout's `bridge` folder to run instead of this one (before/after).
    The CPU time is the process's own, from its resource usage once it ended: unlike the
    wall time, it hardly moves when other work loads the machine.
    """
    environment = dict(os.environ)
    if code is not None:
        environment["PYTHONPATH"] = str(code)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    with Path(os.devnull).open("ab") as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            memoire_arguments("stdio", "--client", client, "--config", str(config)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=environment,
        )
        assert process.stdin is not None
        assert process.stdout is not None
        try:
            _message(
                process.stdin,
                {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "initialize",
                    "params": {
                        "protocolVersion": LATEST_HANDSHAKE_VERSION,
                        "capabilities": {},
                        "clientInfo": {"name": "coldstart-bench", "version": "1"},
                    },
                },
            )
            _answer(process.stdout, 1)
            _message(process.stdin, {"jsonrpc": "2.0", "method": "notifications/initialized"})
            call = {"name": "memoire_index", "arguments": {}}
            _message(
                process.stdin, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call}
            )
            answer = _answer(process.stdout, 2)
            elapsed = time.perf_counter() - start
        finally:
            process.stdin.close()
            process.wait(timeout=30)
    if "result" not in answer or answer["result"].get("isError"):
        raise RuntimeError(f"memoire_index was refused: {answer}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    return Start(elapsed, cpu)


def cold_starts(config: Path, runs: int, client: str = CLIENT) -> list[Start]:
    return [cold_start(config, client) for _ in range(runs)]


def p50(starts: Sequence[Start]) -> Start:
    return Start(
        statistics.median(start.wall for start in starts),
        statistics.median(start.cpu for start in starts),
    )


def compare(config: Path, runs: int, other: Path) -> tuple[Start, Start]:
    """(p50 of this checkout, p50 of `other`), started alternately so load hits both alike."""
    mine: list[Start] = []
    theirs: list[Start] = []
    for _ in range(runs):
        mine.append(cold_start(config))
        theirs.append(cold_start(config, code=other))
    return p50(mine), p50(theirs)


def _process_seconds(*arguments: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *arguments], check=True, capture_output=True)
    return time.perf_counter() - start


def breakdown(config: Path, runs: int) -> list[tuple[str, float]]:
    """(part, p50 ms) for each part of a cold start; the parts add up to the cold start."""
    imports = {
        label: statistics.median(_process_seconds("-c", code) for _ in range(runs))
        for label, code in IMPORT_PARTS.items()
    }
    inside = [[float(value) for value in _run_in_process(config).split()] for _ in range(runs)]
    total = p50(cold_starts(config, runs)).wall
    parts: list[tuple[str, float]] = []
    previous = 0.0
    for label, seconds in imports.items():
        parts.append((label, max(seconds - previous, 0.0)))
        previous = seconds
    for number, label in enumerate(
        ("service (open the store)", "MCP server (tools' schemas)", "first index")
    ):
        parts.append((label, statistics.median(sample[number] for sample in inside)))
    parts.append(("handshake, pipes, the rest", total - sum(seconds for _, seconds in parts)))
    parts.append(("cold start (spawn to first index answer)", total))
    return [(label, seconds * 1000) for label, seconds in parts]


def _run_in_process(config: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", IN_PROCESS, str(config), CLIENT],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def import_shares(config: Path) -> list[tuple[str, float]]:
    """(top-level package, share of import time) for one `memoire stdio` start."""
    command = [sys.executable, "-X", "importtime", "-c", IN_PROCESS, str(config), CLIENT]
    report = subprocess.run(command, capture_output=True, text=True, check=True).stderr
    own: Counter[str] = Counter()
    for line in report.splitlines():
        found = re.match(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)", line)
        if found:
            own[found[2].split(".")[0]] += int(found[1])
    total = sum(own.values())
    return [(package, 100 * micros / total) for package, micros in own.most_common(15)]


def prepare(base: Path, size: int, seed: int) -> Path:
    """A memory of `size` notes, used once (search database and note lines stored)."""
    repository = base / f"memory-{size}"
    build_memory(repository, size, seed)
    config = write_config(base, repository)
    service = MemoryService(load_config(config))
    try:
        service.search(CLIENT, "garden")
        service.overview(CLIENT)
    finally:
        service.close()
    return config


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--runs", type=int, default=15, help="fresh processes per number")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--importtime", action="store_true", help="also the import shares")
    parser.add_argument("--dir", type=Path, default=None, help="where to build the memories")
    parser.add_argument(
        "--compare", type=Path, help="another checkout: cold starts of both, alternately"
    )
    options = parser.parse_args(argv)
    for size in options.sizes:
        with tempfile.TemporaryDirectory(dir=options.dir) as folder:
            base = Path(folder)
            config = prepare(base, size, options.seed)
            print(f"\n{size:,} notes, p50 of {options.runs} fresh processes")
            if options.compare:
                mine, theirs = compare(config, options.runs, options.compare / "bridge")
                for name, start in (("this checkout", mine), (str(options.compare), theirs)):
                    print(
                        f"  {name}: {start.wall * 1000:.1f} ms wall, {start.cpu * 1000:.1f} ms CPU"
                    )
            for label, milliseconds in breakdown(config, options.runs):
                print(f"  {label:<46} {milliseconds:8.1f} ms")
            if options.importtime:
                print("  share of import time by package (-X importtime):")
                for package, share in import_shares(config):
                    print(f"    {package:<20} {share:5.1f} %")


if __name__ == "__main__":
    main()
