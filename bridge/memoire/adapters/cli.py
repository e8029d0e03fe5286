"""The `memoire` command line."""

# Each command imports what it runs inside its own function: `memoire --help`, `token` and
# `check` never load the MCP SDK, and a command's start pays only for what it uses.

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

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
    init.add_argument("--remote", help="a Git remote URL shared by several bridges")
    init.set_defaults(run=_init)

    check = commands.add_parser("check", help="validate every note; exit 1 if any problem")
    check.add_argument("--config", type=Path, help=f"default: {default_config_path()}")
    check.set_defaults(run=_check)

    serve = commands.add_parser("serve", help="run the bridge over HTTP (MCP at /mcp)")
    serve.add_argument("--config", type=Path, help="default: the user's, else a built-in memory")
    serve.add_argument("--host", help="default: [server] host, 127.0.0.1")
    serve.add_argument("--port", type=int, help="default: [server] port, 8765")
    serve.set_defaults(run=_serve)

    stdio = commands.add_parser("stdio", help="run the bridge over MCP stdio as one client")
    stdio.add_argument("--client", required=True, help="the client of the access table")
    stdio.add_argument("--workspace", help="the project folder this assistant works in")
    stdio.add_argument("--config", type=Path)
    stdio.set_defaults(run=_stdio)

    token = commands.add_parser("token", help="bearer tokens for HTTP clients")
    token_commands = token.add_subparsers(required=True, metavar="action")
    for action, helptext, runner in (
        ("add", "issue a token for a client (printed once)", _token_add),
        ("revoke", "revoke every token of a client", _token_revoke),
    ):
        sub = token_commands.add_parser(action, help=helptext)
        sub.add_argument("name", help="the client of the access table")
        sub.add_argument("--config", type=Path)
        sub.set_defaults(run=runner)
    listing = token_commands.add_parser("list", help="list tokens (never their values)")
    listing.add_argument("--config", type=Path)
    listing.set_defaults(run=_token_list)

    scope = commands.add_parser("scope", help="project scopes")
    scope_commands = scope.add_subparsers(required=True, metavar="action")
    explain = scope_commands.add_parser("explain", help="which project note a workspace maps to")
    explain.add_argument("--workspace", required=True)
    explain.add_argument("--client", help="accepted for symmetry; scopes do not depend on it")
    explain.add_argument("--config", type=Path)
    explain.set_defaults(run=_scope_explain)
    return parser


def _init(arguments: argparse.Namespace) -> int:
    from ..bootstrap import create_memory, detect_layout

    repository: Path = arguments.path.expanduser().resolve()
    subdir = arguments.subdir.strip("/")
    if arguments.layout:
        layout = layout_named(arguments.layout)
    else:
        layout = detect_layout(repository, subdir, list(LAYOUTS.values())) or layout_named("en")
    commit = create_memory(repository, subdir, layout, arguments.remote)
    print(f"Memory ready in {repository / subdir} ({layout.name} layout", end="")
    print(f", commit {commit[:10]})." if commit else ", nothing to add).")
    config_file: Path = arguments.config or default_config_path()
    location = MemoryLocation(
        repository=repository, subdir=subdir, layout=layout, remote=arguments.remote
    )
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
    from ..check import check_memory

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


def _serve(arguments: argparse.Namespace) -> int:
    import dataclasses

    from ..fetching import keep_fetching
    from ..service import MemoryService
    from ..storage.tokens import TokenStore
    from .connections import serve
    from .http import build_app, is_loopback

    config = _config(arguments.config, create_missing=True)
    server = dataclasses.replace(
        config.server,
        host=arguments.host or config.server.host,
        port=arguments.port or config.server.port,
    )
    if not is_loopback(server.host):
        print(
            f"WARNING: listening on {server.host}, not loopback: anyone who can reach this "
            "address may try tokens. Put TLS in front and keep tokens secret.",
            file=sys.stderr,
        )
    tokens = TokenStore(config.memory.tokens_file)
    if not tokens.records():
        print("No tokens yet; issue one with: memoire token add <client>", file=sys.stderr)
    service = MemoryService(config)
    print(
        f"Serving {config.memory.repository} on http://{server.host}:{server.port}/mcp", flush=True
    )
    app = build_app(service, tokens, server)
    with keep_fetching(service):
        served = serve(app, server.host, server.port, server.max_connections)
    return 0 if served else 3


def _stdio(arguments: argparse.Namespace) -> int:
    from ..core.scopes import new_session_key
    from ..fetching import keep_fetching
    from ..service import MemoryService
    from .mcp import Caller, build_server

    config = _config(arguments.config)
    if not config.access.rights(arguments.client).read:
        print(
            f"memoire: client {arguments.client!r} has no read right in the access table; "
            "add it under [clients] in memoire.toml.",
            file=sys.stderr,
        )
        return 2
    caller = Caller(arguments.client, workspace=arguments.workspace, session=new_session_key())
    service = MemoryService(config)
    with keep_fetching(service):
        build_server(service, caller).run()
    return 0


def _token_add(arguments: argparse.Namespace) -> int:
    from ..storage.tokens import TokenStore

    config = _config(arguments.config)
    rights = config.access.rights(arguments.name)
    if not rights.read:
        print(
            f"memoire: {arguments.name!r} has no rights in the access table; a token would "
            "open nothing. Add [clients." + arguments.name + "] to memoire.toml first.",
            file=sys.stderr,
        )
        return 2
    token = TokenStore(config.memory.tokens_file).add(arguments.name)
    granted = ", ".join(name for name in ("read", "sensitive", "write") if getattr(rights, name))
    print(token)
    print(f"Token for {arguments.name} ({granted}). It is shown only this once.", file=sys.stderr)
    return 0


def _token_revoke(arguments: argparse.Namespace) -> int:
    from ..storage.tokens import TokenStore

    config = _config(arguments.config)
    count = TokenStore(config.memory.tokens_file).revoke(arguments.name)
    print(f"Revoked {count} token(s) of {arguments.name}.")
    return 0


def _token_list(arguments: argparse.Namespace) -> int:
    from ..storage.tokens import TokenStore

    config = _config(arguments.config)
    for record in TokenStore(config.memory.tokens_file).records():
        print(f"{record.client}\t{record.id}\t{record.created}")
    return 0


def _scope_explain(arguments: argparse.Namespace) -> int:
    from ..service import MemoryService

    config = _config(arguments.config)
    service = MemoryService(config)
    decision = service.scopes.resolve(workspace=arguments.workspace)
    print(decision.describe())
    return 0


def _config(path: Path | None, *, create_missing: bool = False) -> Config:
    """The explicit file, else the user's default file, else the embedded default."""
    if path is not None:
        return load_config(path)
    default = default_config_path()
    if default.exists():
        return load_config(default)
    config = embedded_default()
    if create_missing and not (config.memory.repository / ".git").exists():
        from ..bootstrap import create_memory

        create_memory(config.memory.repository, "", config.memory.layout)
        print(f"Created a new memory in {config.memory.repository}", file=sys.stderr)
    return config
