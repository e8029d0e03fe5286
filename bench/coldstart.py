"""Cold start of `memoire stdio`: spawn to the first `memoire_index` answer, and where it goes.

A measurement, not a test: it prints and never fails on time.

Why each choice:

- The client is a few lines of raw JSON-RPC over the pipes, not the MCP SDK client: the
  SDK client's own work (validating the answer against the output schema) is the client's
  cost, and a cold start is the server's. The exchange is what an assistant sends when it
  starts a conversation: `initialize`, then `notifications/initialized` and the index call.
- The memory is used (search database and stored note lines exist), as on any machine that
  ran memoire once: the first start of all builds them once and is not a cold start.
- Where the time goes is timed inside one fresh process doing what `memoire stdio` does
  before it answers: the interpreter's start, importing the MCP SDK's server, importing
  memoire, opening the service, building the MCP server (its tools' argument and output
  schemas) and the first index; the rest of a real cold start is the handshake, the first
  call and the pipes. Each round measures both once, so a changing load weighs on all
  parts alike; wall and CPU time are both shown (CPU moves less when others load the
  machine; a cold start's CPU also counts the process's exit).
- `--compare CHECKOUT` starts this checkout and another one alternately, each on its own
  copy of the memory, for before/after numbers.
- `--starts` also times `memoire stdio` to its `initialize` answer (the first answer of
  all), `memoire stdio` driven by the MCP SDK's own client as a desktop assistant drives it
  (handshake, `tools/list`, `memoire_index`: the client's work counts in its wall time, not
  in its CPU time), and `memoire serve` twice, each in a fresh process: spawn to the first
  answered `GET /api/v1/index` (the JSON API, Home Assistant's) and spawn to the first
  answered MCP `initialize` posted to /mcp (an MCP client's); the HTTP client polls until
  the port listens, then asks once. It times both commands' first start too: every module
  compiled from source, as the first start after an install that wrote no bytecode (`uv`
  writes none unless asked: `compile-bytecode`). A first start gets a fresh empty
  `PYTHONPYCACHEPREFIX`, so Python finds no `.pyc` and writes them there, as it would
  beside the sources; the second start is the ordinary one. With `--compare`, every kind is
  started in both checkouts in turn.
- `--handover` starts a `memoire serve` on the memory and times `memoire stdio` beside it,
  handing its pipes over to the running bridge (`adapters/handover.py`) and, alternately,
  serving in-process (`--no-handover`), each with the raw client and the SDK client. The
  stdio process's CPU is its own; the bridge's CPU for each session is read from /proc.
  Each start is checked in the bridge's log to have been served as intended. It also
  times the stdio side's imports (the command line, configuration and hand-over).
- `--warm-host` times, in rounds, a first `memoire stdio` spawn that finds no warm host
  (it serves itself and starts one, `adapters/host_launch.py`) and a later spawn handed
  over to that host once it has loaded. Each round ends the host first; each later spawn
  is checked in the host's log. The host's CPU for the session is read from /proc. Every
  other start here runs with `MEMOIRE_KEEP_WARM=0`: it serves itself and starts no host,
  so that it stays a cold start.
- `--importtime` prints the modules a `memoire stdio` start imports, grouped by package
  (Python's `-X importtime`, which slows every import, so its shares count, not its sums).

Run: `uv run python bench/coldstart.py --sizes 1000 10000 --runs 15`; before and after a
change: `... --sizes 10000 --runs 5 --starts --compare OTHER_CHECKOUT`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, NamedTuple

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp_types.version import LATEST_HANDSHAKE_VERSION

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core import build_memory

from bridge import CLIENT, memoire_arguments, write_config
from memoire.adapters.handover import FOLDER, SOCKET_NAME
from memoire.adapters.host_launch import LOG_NAME, SWITCH
from memoire.config import load_config
from memoire.service import MemoryService
from tests.bridges import free_port, issue_token

# What `memoire stdio` does before it answers the first index, timed inside one process.
# time.perf_counter is the system's monotonic clock, the same in the parent that spawned
# it (argv[3]), so the first mark gives the interpreter's start.
IN_PROCESS = """
import sys, time
marks = [(float(sys.argv[3]), 0.0), (time.perf_counter(), time.process_time())]
import mcp.server.lowlevel
marks.append((time.perf_counter(), time.process_time()))
from pathlib import Path
from memoire.adapters.cli import _config
from memoire.adapters.caller import Caller
from memoire.adapters.mcp import build_server
from memoire.fetching import keep_fetching
from memoire.service import MemoryService
marks.append((time.perf_counter(), time.process_time()))
service = MemoryService(_config(Path(sys.argv[1])))
marks.append((time.perf_counter(), time.process_time()))
build_server(service, Caller(sys.argv[2]))
marks.append((time.perf_counter(), time.process_time()))
service.overview(sys.argv[2])
marks.append((time.perf_counter(), time.process_time()))
for (wall, cpu), (then_wall, then_cpu) in zip(marks, marks[1:]):
    print(then_wall - wall, then_cpu - cpu)
"""
IN_PROCESS_PARTS = (
    "interpreter start",
    "import the MCP SDK (and pydantic)",
    "import memoire (CLI, service, store, adapter)",
    "service (open the store)",
    "MCP server (stored tool schemas)",
    "first index",
)


INITIALIZE = {
    "method": "initialize",
    "params": {
        "protocolVersion": LATEST_HANDSHAKE_VERSION,
        "capabilities": {},
        "clientInfo": {"name": "coldstart-bench", "version": "1"},
    },
}


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
    """One cold start: wall seconds to the answer, CPU seconds of the whole process, and for
    `memoire stdio` the wall seconds to its first answer of all (`initialize`)."""

    wall: float
    cpu: float
    first: float = 0.0


def _environment(
    code: Path | None, pycache: Path | None, warm_host: bool = False
) -> dict[str, str]:
    """`code`: another checkout's `bridge` folder to run instead of this one (before/after);
    `pycache`: an empty folder for a first start, where Python finds no bytecode;
    `warm_host`: `memoire stdio` may start a warm host (off otherwise: each start is cold)."""
    environment = dict(os.environ)
    environment.pop(SWITCH, None)
    if not warm_host:
        environment[SWITCH] = "0"
    if code is not None:
        environment["PYTHONPATH"] = str(code)
    if pycache is not None:
        environment["PYTHONPYCACHEPREFIX"] = str(pycache)
    return environment


def _cpu_since(used: resource.struct_rusage) -> float:
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime


def cold_start(
    config: Path,
    client: str = CLIENT,
    code: Path | None = None,
    pycache: Path | None = None,
    extra: Sequence[str] = (),
    *,
    warm_host: bool = False,
) -> Start:
    """From spawning `memoire stdio` to its first `memoire_index` answer (and to its
    `initialize` answer, `first`). `warm_host`: it may start one, or be handed over to it.

    The CPU time is the process's own, from its resource usage once it ended: unlike the
    wall time, it hardly moves when other work loads the machine.
    """
    environment = _environment(code, pycache, warm_host)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    with Path(os.devnull).open("ab") as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            memoire_arguments("stdio", "--client", client, "--config", str(config), *extra),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=environment,
        )
        assert process.stdin is not None
        assert process.stdout is not None
        try:
            _message(process.stdin, {"jsonrpc": "2.0", "id": 1, **INITIALIZE})
            _answer(process.stdout, 1)
            initialized = time.perf_counter() - start
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
    return Start(elapsed, _cpu_since(used), initialized)


def cold_start_sdk(
    config: Path,
    client: str = CLIENT,
    code: Path | None = None,
    pycache: Path | None = None,
    extra: Sequence[str] = (),
) -> Start:
    """From spawning `memoire stdio` to its first index, driven by the MCP SDK's own client
    as a desktop assistant drives it: the handshake, `tools/list`, then `memoire_index`.

    Unlike `cold_start`, the wall time counts the client's work too (it checks the tools'
    schemas and the answer against its output schema); `cpu` is the server's alone.
    """
    parameters = StdioServerParameters(
        command=sys.executable,
        args=memoire_arguments("stdio", "--client", client, "--config", str(config), *extra)[1:],
        env=_environment(code, pycache),
    )

    async def first_index() -> tuple[float, bool]:
        with Path(os.devnull).open("w") as errors:
            start = time.perf_counter()
            async with Client(stdio_client(parameters, errlog=errors)) as session:
                await session.list_tools()
                result = await session.call_tool("memoire_index", {})
                return time.perf_counter() - start, result.is_error

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    elapsed, refused = anyio.run(first_index)
    if refused:
        raise RuntimeError("memoire_index was refused")
    return Start(elapsed, _cpu_since(used))


def _http_request(port: int, token: str, deadline: float, mcp: bool) -> int:
    """The status of the first request answered on `port`, polling until it listens: the
    JSON API's index, or an MCP `initialize` on /mcp."""
    headers = {"Authorization": f"Bearer {token}"}
    body = None
    if mcp:
        headers |= {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        body = json.dumps({"jsonrpc": "2.0", "id": 1, **INITIALIZE})
    while time.perf_counter() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            if mcp:
                connection.request("POST", "/mcp", body=body, headers=headers)
            else:
                connection.request("GET", "/api/v1/index", headers=headers)
        except ConnectionRefusedError:
            time.sleep(0.002)
            continue
        try:
            response = connection.getresponse()
            response.read()  # an MCP answer may come as an event stream: its whole body
            return response.status
        finally:
            connection.close()
    raise RuntimeError("memoire serve did not answer in time")


def cold_start_http(
    config: Path,
    token: str,
    pycache: Path | None = None,
    code: Path | None = None,
    mcp: bool = False,
) -> Start:
    """From spawning `memoire serve` to its first answer: to `GET /api/v1/index`, or with
    `mcp` to an MCP `initialize` posted to /mcp, each the first request of its process."""
    port = free_port()
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    arguments = memoire_arguments("serve", "--config", str(config), "--port", str(port))
    with Path(os.devnull).open("ab") as output:
        start = time.perf_counter()
        process = subprocess.Popen(
            arguments, stdout=output, stderr=output, env=_environment(code, pycache)
        )
        try:
            status = _http_request(port, token, start + 60, mcp)
            elapsed = time.perf_counter() - start
        finally:
            process.terminate()
            process.wait(timeout=30)
    if status != 200:
        raise RuntimeError(f"memoire serve answered {status}")
    return Start(elapsed, _cpu_since(used))


START_KINDS = (
    "stdio, to its initialize answer",
    "stdio, to its first index answer",
    "stdio, SDK client: initialize, tools/list, index",
    "serve, to its first JSON API answer",
    "serve, to its first MCP answer",
)


def _one_round(config: Path, token: str, code: Path | None, first: bool) -> list[Start]:
    """One start of each kind, in START_KINDS' order; `first`: without bytecode."""
    taken: list[Start] = []
    for measure in (
        lambda pycache: cold_start(config, code=code, pycache=pycache),
        lambda pycache: cold_start_sdk(config, code=code, pycache=pycache),
        lambda pycache: cold_start_http(config, token, pycache, code),
        lambda pycache: cold_start_http(config, token, pycache, code, mcp=True),
    ):
        pycache = Path(tempfile.mkdtemp(prefix="pycache-")) if first else None
        try:
            taken.append(measure(pycache))
        finally:
            if pycache is not None:
                shutil.rmtree(pycache)
    stdio, *serve = taken
    return [Start(stdio.first, stdio.cpu), stdio, *serve]


def starts(
    config: Path, runs: int, other: tuple[Path, Path] | None = None
) -> list[tuple[str, Start, Start | None]]:
    """(label, p50 of this checkout, p50 of `other` or None) of first and second starts of
    `memoire stdio` and `memoire serve`. `other` is another checkout's `bridge` folder and
    its own copy of the memory; within each round every kind is started in turn, in both
    checkouts, so that the load weighs on all alike."""
    token = issue_token(config, CLIENT)
    other_token = issue_token(other[1], CLIENT) if other else ""
    taken: dict[tuple[str, bool], list[list[Start]]] = {}
    for _ in range(runs):
        for first in (True, False):
            taken.setdefault(("this", first), []).append(_one_round(config, token, None, first))
            if other:
                taken.setdefault(("other", first), []).append(
                    _one_round(other[1], other_token, other[0], first)
                )
    rows = []
    for first in (True, False):
        label = "first start (no bytecode)" if first else "second start"
        for n, kind in enumerate(START_KINDS):
            mine = p50([rounds[n] for rounds in taken["this", first]])
            theirs = p50([rounds[n] for rounds in taken["other", first]]) if other else None
            rows.append((f"{kind}, {label}", mine, theirs))
    return rows


def cold_starts(config: Path, runs: int, client: str = CLIENT) -> list[Start]:
    return [cold_start(config, client) for _ in range(runs)]


def p50(starts: Sequence[Start]) -> Start:
    return Start(
        statistics.median(start.wall for start in starts),
        statistics.median(start.cpu for start in starts),
        statistics.median(start.first for start in starts),
    )


def compare(config: Path, other_config: Path, runs: int, other: Path) -> tuple[Start, Start]:
    """(p50 of this checkout, p50 of the checkout whose `bridge` folder is `other`), started
    alternately so that the machine's load weighs on both alike.

    Each checkout has its own copy of the memory: the stored note lines are dropped whenever
    the rules' source changes, so one copy shared by two versions would be rebuilt each time.
    """
    cold_start(config)  # the first start of each stores its note lines: not measured
    cold_start(other_config, code=other)
    mine: list[Start] = []
    theirs: list[Start] = []
    for _ in range(runs):
        mine.append(cold_start(config))
        theirs.append(cold_start(other_config, code=other))
    return p50(mine), p50(theirs)


def _process(*arguments: str) -> tuple[Start, str]:
    """A fresh interpreter running `arguments`: its wall and CPU time, and what it printed."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *arguments], check=True, capture_output=True, text=True)
    return Start(time.perf_counter() - start, _cpu_since(used)), done.stdout


def _round(config: Path) -> list[Start]:
    """One measurement of every part, in the order of `breakdown`'s rows."""
    _, printed = _process("-c", IN_PROCESS, str(config), CLIENT, repr(time.perf_counter()))
    parts = [Start(*(float(value) for value in line.split())) for line in printed.splitlines()]
    total = cold_start(config)
    rest = Start(
        total.wall - sum(part.wall for part in parts), total.cpu - sum(part.cpu for part in parts)
    )
    return [*parts, rest, total]


def breakdown(config: Path, runs: int) -> list[tuple[str, Start]]:
    """(part, p50 wall and CPU seconds) of a cold start. Every round measures each part once,
    in turn, so that the machine's changing load weighs on all parts alike."""
    labels = [
        *IN_PROCESS_PARTS,
        "the rest: handshake, first call, pipes (CPU: and exit)",
        "cold start (spawn to first index answer)",
    ]
    rounds = [_round(config) for _ in range(runs)]
    return [(label, p50([parts[n] for parts in rounds])) for n, label in enumerate(labels)]


def import_shares(config: Path) -> list[tuple[str, float]]:
    """(top-level package, share of import time) for one `memoire stdio` start."""
    command = [sys.executable, "-X", "importtime", "-c", IN_PROCESS, str(config), CLIENT, "0"]
    report = subprocess.run(command, capture_output=True, text=True, check=True).stderr
    own: Counter[str] = Counter()
    for line in report.splitlines():
        found = re.match(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)", line)
        if found:
            own[found[2].split(".")[0]] += int(found[1])
    total = sum(own.values())
    return [(package, 100 * micros / total) for package, micros in own.most_common(15)]


HANDOVER_KINDS = (
    "stdio, to its first index answer (raw client)",
    "stdio, SDK client: initialize, tools/list, index",
)
HANDOVER_MODES = ("hand-over to a running serve", "in-process (--no-handover)")


class Served(NamedTuple):
    """A start served through the hand-over: the stdio process's own numbers, and the CPU
    the bridge spent on the session (read from /proc, as the bridge is not our child)."""

    start: Start
    bridge_cpu: float


def _process_cpu(pid: int) -> float:
    """User and system CPU seconds of a running process, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _serving(config: Path) -> tuple[subprocess.Popen[bytes], Path]:
    """`memoire serve` on `config`, once its hand-over socket is bound and a first hand-over
    (which waits for the bridge's MCP SDK to load) has been served."""
    socket_path = load_config(config).memory.state_dir / FOLDER / SOCKET_NAME
    arguments = memoire_arguments("serve", "--config", str(config), "--port", str(free_port()))
    log = config.parent / "serve.log"
    with log.open("ab") as output:
        process = subprocess.Popen(arguments, stdout=output, stderr=output)
    deadline = time.perf_counter() + 60
    while not socket_path.exists():
        if process.poll() is not None or time.perf_counter() > deadline:
            raise RuntimeError(f"memoire serve did not bind its hand-over socket; see {log}")
        time.sleep(0.05)
    cold_start(config)  # the first hand-over waits for the SDK: the bridge is warm after it
    return process, log


def handover_starts(config: Path, runs: int) -> list[tuple[str, str, Start, float]]:
    """(kind, mode, p50 of the stdio process, p50 of the bridge's CPU for the session) of
    starts handed over to a running `memoire serve` and of starts in-process beside it,
    alternately, so that the load weighs on both alike. Each hand-over is checked in the
    bridge's log: a start that fell back in-process would be counted as one otherwise."""
    process, log = _serving(config)
    measures = (cold_start, cold_start_sdk)
    taken: dict[tuple[int, int], list[Served]] = {}
    try:
        for _ in range(runs):
            for kind, measure in enumerate(measures):
                for mode, extra in enumerate(((), ("--no-handover",))):
                    before = _process_cpu(process.pid)
                    handed = log.read_text().count("handed over by its process")
                    start = measure(config, extra=extra)
                    served = Served(start, _process_cpu(process.pid) - before)
                    if log.read_text().count("handed over by its process") != handed + (mode == 0):
                        raise RuntimeError(f"not served as {HANDOVER_MODES[mode]}; see {log}")
                    taken.setdefault((kind, mode), []).append(served)
    finally:
        process.terminate()
        process.wait(timeout=30)
    return [
        (
            HANDOVER_KINDS[kind],
            HANDOVER_MODES[mode],
            p50([served.start for served in taken[kind, mode]]),
            statistics.median(served.bridge_cpu for served in taken[kind, mode]),
        )
        for kind in range(len(measures))
        for mode in range(len(HANDOVER_MODES))
    ]


WARM_HOST_KINDS = (
    "first spawn, no host yet (serves itself, starts the host)",
    "later spawn, handed over to the warm host",
    "the host's own start and its first hand-over (host CPU only)",
)
HANDED_OVER = "handed over by its process"


def _hosts(config: Path) -> list[int]:
    """The live `memoire host` processes serving `config` (read from /proc)."""
    wanted = [b"-m", b"memoire", b"host", b"--config", os.fsencode(config.resolve())]
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if (
                entry.name.isdigit()
                and (entry / "cmdline").read_bytes().split(b"\0")[1:-1] == wanted
                and " Z " not in (entry / "stat").read_text()
            ):
                found.append(int(entry.name))
        except OSError:
            continue  # ended meanwhile
    return found


def _until(condition: Any, what: str) -> None:
    deadline = time.perf_counter() + 60
    while not condition():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"waited a minute for {what}")
        time.sleep(0.01)


def _end_hosts(config: Path, socket_path: Path) -> None:
    for pid in _hosts(config):
        os.kill(pid, signal.SIGTERM)
    _until(lambda: not _hosts(config) and not socket_path.exists(), "the warm host to end")


def warm_host_starts(config: Path, runs: int) -> list[tuple[str, Start, float]]:
    """(kind, p50 of the stdio process, p50 of the host's CPU for the session) of a first
    spawn with no host (cold: it serves itself and starts the host) and of a later spawn,
    handed over to that host once it has loaded (one unmeasured hand-over waits for that);
    then the host's CPU from its start to the end of that first hand-over.
    Each round ends the host first, so every first spawn finds none; each later spawn is
    checked in the host's log to have been handed over."""
    folder = load_config(config).memory.state_dir / FOLDER
    socket_path, log = folder / SOCKET_NAME, folder / LOG_NAME
    taken: dict[int, list[Served]] = {0: [], 1: [], 2: []}
    try:
        for _ in range(runs):
            _end_hosts(config, socket_path)
            taken[0].append(Served(cold_start(config, warm_host=True), 0.0))
            _until(lambda: len(_hosts(config)) == 1 and socket_path.exists(), "the warm host")
            (host,) = _hosts(config)
            cold_start(config, warm_host=True)  # waits for the host's SDK: not measured
            handed = log.read_text().count(HANDED_OVER)
            before = _process_cpu(host)
            taken[2].append(Served(Start(0.0, 0.0), before))
            start = cold_start(config, warm_host=True)
            taken[1].append(Served(start, _process_cpu(host) - before))
            if log.read_text().count(HANDED_OVER) != handed + 1:
                raise RuntimeError(f"the later spawn was not handed over; see {log}")
    finally:
        _end_hosts(config, socket_path)
    return [
        (
            kind,
            p50([served.start for served in taken[n]]),
            statistics.median(served.bridge_cpu for served in taken[n]),
        )
        for n, kind in enumerate(WARM_HOST_KINDS)
    ]


STDIO_SIDE_IMPORTS = "import memoire.adapters.cli, memoire.adapters.handover"


def stdio_side_imports(runs: int) -> list[tuple[str, Start]]:
    """(what, p50) of a fresh interpreter alone and of one importing what a handing-over
    `memoire stdio` imports: the command line, the configuration, the hand-over."""
    rows = []
    for label, code in (
        ("interpreter alone (python -c pass)", "pass"),
        (f"python -c '{STDIO_SIDE_IMPORTS}'", STDIO_SIDE_IMPORTS),
    ):
        rows.append((label, p50([_process("-c", code)[0] for _ in range(runs)])))
    return rows


def prepare(base: Path, size: int, seed: int) -> Path:
    """A memory of `size` notes, used once (search database and note lines stored)."""
    base.mkdir(parents=True, exist_ok=True)
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
    parser.add_argument(
        "--starts", action="store_true", help="also first and second starts, stdio and serve"
    )
    parser.add_argument("--dir", type=Path, default=None, help="where to build the memories")
    parser.add_argument(
        "--compare", type=Path, help="another checkout: cold starts of both, alternately"
    )
    parser.add_argument(
        "--no-breakdown", action="store_true", help="skip the parts of a stdio start"
    )
    parser.add_argument(
        "--warm-host",
        action="store_true",
        help="also a first spawn (no host) against a later one handed over to the warm host",
    )
    parser.add_argument(
        "--handover",
        action="store_true",
        help="also stdio handed over to a running serve against in-process, and its imports",
    )
    options = parser.parse_args(argv)
    for size in options.sizes:
        with tempfile.TemporaryDirectory(dir=options.dir) as folder:
            base = Path(folder)
            config = prepare(base / "this", size, options.seed)
            other = None
            if options.compare:
                other = (
                    options.compare.resolve() / "bridge",
                    prepare(base / "other", size, options.seed),
                )
            print(f"\n{size:,} notes, p50 of {options.runs} fresh processes: wall ms, CPU ms")
            if not options.no_breakdown:
                for label, part in breakdown(config, options.runs):
                    print(f"  {label:<56} {part.wall * 1000:8.1f} {part.cpu * 1000:8.1f}")
            if other and not options.starts:
                mine, theirs = compare(config, other[1], options.runs, other[0])
                for name, start in (("this checkout", mine), (str(options.compare), theirs)):
                    print(
                        f"  cold start, {name}: {start.wall * 1000:.1f} ms wall, "
                        f"{start.cpu * 1000:.1f} ms CPU"
                    )
            if options.starts:
                _print_starts(starts(config, options.runs, other), options.compare)
            if options.handover:
                _print_handover(handover_starts(config, options.runs), options.runs)
            if options.warm_host:
                _print_warm_host(warm_host_starts(config, options.runs))
            if options.importtime:
                print("  share of import time by package (-X importtime):")
                for package, share in import_shares(config):
                    print(f"    {package:<20} {share:5.1f} %")


def _print_handover(rows: list[tuple[str, str, Start, float]], runs: int) -> None:
    print("  stdio beside a running serve: wall ms, stdio CPU ms, bridge CPU ms for the session")
    for kind, mode, start, bridge_cpu in rows:
        print(
            f"  {kind}, {mode:<30} {start.wall * 1000:8.1f} {start.cpu * 1000:8.1f} "
            f"{bridge_cpu * 1000:8.1f}"
        )
    print("  a handing-over stdio process's imports: wall ms, CPU ms")
    for label, start in stdio_side_imports(runs):
        print(f"  {label:<62} {start.wall * 1000:8.1f} {start.cpu * 1000:8.1f}")


def _print_warm_host(rows: list[tuple[str, Start, float]]) -> None:
    print(
        "  stdio with the warm host it starts: wall ms, stdio CPU ms, host CPU ms for the session"
    )
    for kind, start, host_cpu in rows:
        print(
            f"  {kind:<62} {start.wall * 1000:8.1f} {start.cpu * 1000:8.1f} {host_cpu * 1000:8.1f}"
        )


def _print_starts(rows: list[tuple[str, Start, Start | None]], other: Path | None) -> None:
    print("  first and second starts: wall ms, CPU ms" + (f"; then {other}'s" if other else ""))
    for label, mine, theirs in rows:
        line = f"  {label:<62} {mine.wall * 1000:8.1f} {mine.cpu * 1000:8.1f}"
        if theirs is not None:
            line += f"   {theirs.wall * 1000:8.1f} {theirs.cpu * 1000:8.1f}"
        print(line)


if __name__ == "__main__":
    main()
