"""The `memoire` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..bootstrap import create_memory, detect_layout
from ..check import check_memory
from ..config import (
    Config,
    ConfigError,
    MemoryLocation,
    config_text,
    default_config_path,
    embedded_default,
    load_config,
)
from ..core.errors import MemoireError
from ..core.layout import LAYOUTS, layout_named


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    try:
        return int(arguments.run(arguments))
    except (ConfigError, MemoireError) as error:
        print(f"memoire: {error}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="memoire", description=__doc__)
    commands = parser.add_subparsers(required=True, metavar="command")

    init = commands.add_parser("init", help="create (or adopt) a Git repository holding a memory")
    init.add_argument("path", type=Path, help="the repository's folder (created if missing)")
    init.add_argument("--layout", choices=sorted(LAYOUTS), help="default: detected, else en")
    init.add_argument("--subdir", default="", help="keep the memory in this folder of the repo")
    init.add_argument("--config", type=Path, help=f"default: {default_config_path()}")
    init.set_defaults(run=_init)

    check = commands.add_parser("check", help="validate every note; exit 1 if any problem")
    check.add_argument("--config", type=Path, help=f"default: {default_config_path()}")
    check.set_defaults(run=_check)
    return parser


def _init(arguments: argparse.Namespace) -> int:
    repository: Path = arguments.path.expanduser().resolve()
    subdir = arguments.subdir.strip("/")
    if arguments.layout:
        layout = layout_named(arguments.layout)
    else:
        layout = detect_layout(repository, subdir, list(LAYOUTS.values())) or layout_named("en")
    commit = create_memory(repository, subdir, layout)
    print(f"Memory ready in {repository / subdir} ({layout.name} layout", end="")
    print(f", commit {commit[:10]})." if commit else ", nothing to add).")
    config_file: Path = arguments.config or default_config_path()
    location = MemoryLocation(repository=repository, subdir=subdir, layout=layout)
    if config_file.exists():
        print(f"{config_file} already exists and was left as it is; its [memory] section")
        print("decides which memory the bridge serves. For this one:")
        print(config_text(location).split("\n\n")[0])
    else:
        config_file.parent.mkdir(parents=True, exist_ok=True)
        config_file.write_text(config_text(location), encoding="utf-8")
        print(f"Configuration written to {config_file}.")
    return 0


def _check(arguments: argparse.Namespace) -> int:
    config = _config(arguments.config)
    problems = check_memory(config)
    for problem in problems:
        print(f"{problem.path}: {problem.message}")
    where = config.memory.repository / config.memory.subdir
    if problems:
        print(f"{len(problems)} problem(s) in {where}.", file=sys.stderr)
        return 1
    print(f"All notes in {where} are valid.")
    return 0


def _config(path: Path | None) -> Config:
    """The explicit file, else the user's default file, else the embedded default."""
    if path is not None:
        return load_config(path)
    default = default_config_path()
    return load_config(default) if default.exists() else embedded_default()
