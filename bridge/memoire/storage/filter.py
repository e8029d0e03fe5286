"""The Git filter that keeps sensitive notes encrypted for a person's own `git add`.

memoire installs it in the repository's local config (`filter.memoire.*`,
`diff.memoire.textconv`) and declares it for the memory's notes in
`.git/info/attributes`: local to this clone, never pushed, and of the highest precedence,
so a pushed `.gitattributes` cannot switch encryption off for a path. `required` makes a
failed clean stop `git add` rather than store a sensitive note in clear.

Git runs one long-lived process for every file of a command (`filter.<driver>.process`,
the protocol of git-lfs), so `git status` on ten thousand notes starts Python once, not
ten thousand times; single-file `clean`/`smudge` are set too, for Gits without it.
Clean seals a note whose header says sensitive (`encryption.NoteSealer`); smudge opens an
envelope when the key is here and otherwise leaves it exactly as stored: a checkout
without the key shows ciphertext, never garbage, and never fails.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from ..core.errors import MemoireError
from ..core.layout import Layout, layout_named
from .encryption import NoteSealer
from .keys import KeyFile
from .nofollow import read_own_file, write_state_file

DRIVER = "memoire"
_MODULE = "memoire.storage.filter"
_PACKET_DATA = 65516
_FLUSH = b"0000"
_BEGIN = "# memoire: sensitive notes are encrypted in Git (see `memoire key --help`)"
_END = "# memoire: end"
_ATTRIBUTES_LIMIT = 1024 * 1024
_ATTRIBUTES_WHAT_TO_DO = (
    "It tells Git which notes to encrypt: remove it, then run `memoire check` (or start "
    "the bridge), which writes it again."
)


class Filter:
    """Clean and smudge for the notes of one memory, with repository paths."""

    def __init__(self, sealer: NoteSealer, subdir: str) -> None:
        self._sealer = sealer
        self._prefix = f"{subdir}/" if subdir else ""

    def clean(self, repo_path: str, data: bytes) -> bytes:
        path = repo_path.removeprefix(self._prefix) if repo_path.startswith(self._prefix) else ""
        return self._sealer.stored(path, data, self._sealer.key_file.ring)

    def smudge(self, data: bytes) -> bytes:
        return self._sealer.in_clear_or_as_is(data, "This note")


# Installing


def filter_command(key_file: Path, layout: Layout, subdir: str) -> str:
    """The command Git runs: this Python, this module, this memory's settings."""
    words = [sys.executable, "-m", _MODULE, "--key", str(key_file), "--layout", layout.name]
    if subdir:
        words += ["--subdir", subdir]
    return shlex.join(words)


def expected_config(key_file: Path, layout: Layout, subdir: str) -> dict[str, str]:
    command = filter_command(key_file, layout, subdir)
    return {
        f"filter.{DRIVER}.process": f"{command} process",
        f"filter.{DRIVER}.clean": f"{command} clean %f",
        f"filter.{DRIVER}.smudge": f"{command} smudge %f",
        f"filter.{DRIVER}.required": "true",
        f"diff.{DRIVER}.textconv": f"{command} textconv",
        f"diff.{DRIVER}.binary": "false",
    }


def attribute_lines(subdir: str) -> list[str]:
    """The memory's notes, at its top and one folder down, anchored at the repository."""
    base = f"/{subdir}" if subdir else ""
    return [
        _BEGIN,
        f"{_pattern(base + '/*.md')} filter={DRIVER} diff={DRIVER}",
        f"{_pattern(base + '/*/*.md')} filter={DRIVER} diff={DRIVER}",
        _END,
    ]


def _pattern(pattern: str) -> str:
    """A pattern with a space or quote must be quoted, C-style (Git 2.28+)."""
    if any(char in pattern for char in ' "\\\t'):
        escaped = pattern.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
        return f'"{escaped}"'
    return pattern


def attributes_file(gitdir: Path) -> Path:
    return gitdir / "info" / "attributes"


def declared_attributes(gitdir: Path) -> list[str]:
    """Our block of the local attributes file as it stands; [] when absent, or when a line
    follows it: the last matching line wins, so one after it could switch the filter off."""
    lines = _attribute_file_lines(attributes_file(gitdir))
    if _BEGIN not in lines or _END not in lines:
        return []
    end = lines.index(_END) + 1
    if any(line.strip() for line in lines[end:]):
        return []
    return lines[lines.index(_BEGIN) : end]


def declare_attributes(gitdir: Path, subdir: str) -> bool:
    """Write (or correct) our block, keeping every other line; True when it changed."""
    wanted = attribute_lines(subdir)
    if declared_attributes(gitdir) == wanted:
        return False
    file = attributes_file(gitdir)
    lines = _attribute_file_lines(file)
    if _BEGIN in lines and _END in lines:
        del lines[lines.index(_BEGIN) : lines.index(_END) + 1]
    file.parent.mkdir(parents=True, exist_ok=True)
    text = "\n".join([*lines, *wanted]) + "\n"
    # bridges starting together write the same block: last one wins
    write_state_file(file, text.encode("utf-8"), scratch=file.parent)
    return True


def _attribute_file_lines(file: Path) -> list[str]:
    """The lines of `.git/info/attributes`, never read through a link, FIFO or device."""
    try:
        data = read_own_file(file, _ATTRIBUTES_LIMIT, _ATTRIBUTES_WHAT_TO_DO)
    except NotADirectoryError:
        return []
    return [] if data is None else data.decode("utf-8", errors="replace").splitlines()


# Running, as Git calls it


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=f"python -m {_MODULE}")
    parser.add_argument("--key", type=Path, required=True)
    parser.add_argument("--layout", default="en")
    parser.add_argument("--subdir", default="")
    parser.add_argument("action", choices=("process", "clean", "smudge", "textconv"))
    parser.add_argument("path", nargs="?", default="")
    arguments = parser.parse_args(argv)
    sealer = NoteSealer(KeyFile(arguments.key), layout_named(arguments.layout))
    running = Filter(sealer, arguments.subdir)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    try:
        if arguments.action == "process":
            serve(running, stdin, stdout)
        elif arguments.action == "clean":
            stdout.write(running.clean(arguments.path, stdin.read()))
        elif arguments.action == "smudge":
            stdout.write(running.smudge(stdin.read()))
        else:  # textconv: the file to show is named; whatever cannot be opened shows as is
            stdout.write(running.smudge(Path(arguments.path).read_bytes()))
    except MemoireError as error:
        print(f"memoire: {error.message}", file=sys.stderr)
        return 1
    stdout.flush()
    return 0


def serve(running: Filter, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Git's long-running filter protocol, version 2: a handshake, then one file a request."""
    if _read_text_list(stdin)[:2] != ["git-filter-client", "version=2"]:
        raise MemoireError("Git did not speak the filter protocol version 2.")
    _write_lists(stdout, [b"git-filter-server\n", b"version=2\n"])
    offered = _read_text_list(stdin)
    capabilities = [f"{name}\n".encode() for name in ("capability=clean", "capability=smudge")]
    _write_lists(stdout, [line for line in capabilities if line.decode().strip() in offered])
    while True:
        try:
            request = dict(line.split("=", 1) for line in _read_text_list(stdin) if "=" in line)
        except EOFError:
            return
        content = b"".join(_read_until_flush(stdin))
        try:
            if request.get("command") == "clean":
                answer = running.clean(request.get("pathname", ""), content)
            else:
                answer = running.smudge(content)
        except MemoireError as error:
            print(f"memoire: {request.get('pathname', '')}: {error.message}", file=sys.stderr)
            _write_lists(stdout, [b"status=error\n"])
            continue
        # One write a file: Git waits for each answer, so every round trip counts.
        _write_lists(stdout, [b"status=success\n"], list(_chunks(answer)), [])


def _read_packet(stdin: BinaryIO) -> bytes | None:
    """One packet's data; None for a flush packet; EOFError when Git has closed the pipe."""
    size_text = stdin.read(4)
    if len(size_text) < 4:
        raise EOFError
    size = int(size_text, 16)
    if size == 0:
        return None
    data = stdin.read(size - 4)
    if len(data) < size - 4:
        raise EOFError
    return data


def _read_until_flush(stdin: BinaryIO) -> Iterator[bytes]:
    while (packet := _read_packet(stdin)) is not None:
        yield packet


def _read_text_list(stdin: BinaryIO) -> list[str]:
    return [packet.decode("utf-8").rstrip("\n") for packet in _read_until_flush(stdin)]


def _chunks(data: bytes) -> Iterator[bytes]:
    for start in range(0, len(data), _PACKET_DATA):
        yield data[start : start + _PACKET_DATA]


def _write_lists(stdout: BinaryIO, *lists: list[bytes]) -> None:
    """Packet lists, each ended by a flush packet, in one write."""
    stdout.write(
        b"".join(
            b"".join(b"%04x%s" % (len(packet) + 4, packet) for packet in packets) + _FLUSH
            for packets in lists
        )
    )
    stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
