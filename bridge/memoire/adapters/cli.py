"""The `memoire` command line."""

# Each command imports what it runs inside its own function: `memoire --help` and `token`
# never load the MCP SDK, and a command's start pays only for what it uses.

from __future__ import annotations

import argparse
import contextlib
import errno
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from ..config import (
    LOG_LEVELS,
    PORTS,
    Config,
    ConfigError,
    MemoryLocation,
    config_text,
    default_config_path,
    default_memory_path,
    embedded_default,
    load_config,
)
from ..core.errors import InvalidArgument, MemoireError, MemoryMissing
from ..core.layout import LAYOUTS, layout_named
from ..version import version
from .completion import SHELLS


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    try:
        return int(arguments.run(arguments))
    except (ConfigError, MemoireError) as error:
        print(f"memoire: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"memoire: {_path_problem(error)}", file=sys.stderr)
        return 2


class _OneLineParser(argparse.ArgumentParser):
    """argparse, with a mistake said in one line that points to --help, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see: {self.prog} --help)\n")


class _VersionAction(argparse.Action):
    """`--version`, read from the package's metadata only when asked: the lookup costs tens
    of milliseconds that every other command, `stdio`'s cold start included, would pay."""

    def __init__(self, option_strings: Sequence[str], dest: str) -> None:
        super().__init__(
            option_strings, argparse.SUPPRESS, nargs=0, help="print the version and exit"
        )

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"memoire {version()}")  # on standard output, as argparse's own version does
        parser.exit()


def _port(text: str) -> int:
    """A TCP port a bridge can listen on."""
    if not text.isdigit() or int(text) not in PORTS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give a number from 1 to 65535")
    return int(text)


def _path_problem(error: OSError) -> str:
    """An operating system refusal about a path the user gave, and what to do about it."""
    if error.filename is None:
        return f"{error}. Check the paths in the command and in memoire.toml."
    where = error.filename
    if error.errno == errno.ENOSPC:
        return f"no space left for {where}: nothing was changed; free some space, then try again."
    if isinstance(error, PermissionError):
        return f"permission denied for {where}: choose a path you may use, or fix its rights."
    reason = (error.strerror or str(error)).lower()
    return f"cannot use {where}: {reason}. Check the path (in the command or in memoire.toml)."


def _parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="memoire", description=__doc__)
    parser.add_argument("--version", action=_VersionAction)
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
    serve.add_argument("--port", type=_port, help="default: [server] port, 8765")
    serve.add_argument(
        "--log-level", choices=LOG_LEVELS, help="default: [server] log_level, info (requests)"
    )
    serve.set_defaults(run=_serve)

    stdio = commands.add_parser("stdio", help="run the bridge over MCP stdio as one client")
    stdio.add_argument("--client", required=True, help="the client of the access table")
    stdio.add_argument("--workspace", help="the project folder this assistant works in")
    stdio.add_argument("--config", type=Path)
    stdio.add_argument(
        "--no-handover", action="store_true", help="serve here even when `memoire serve` runs"
    )
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

    _add_service_commands(commands)
    _add_everyday_commands(commands)
    _add_import_command(commands)
    verify = commands.add_parser(
        "verify", help="who made each commit (signed bridges, people), and any rewrite"
    )
    verify.add_argument("--limit", type=int, default=1000, help="commits to walk (default 1000)")
    verify.add_argument("--since", help="stop at this commit (it and older are not checked)")
    verify.add_argument("--config", type=Path)
    verify.set_defaults(run=_run_verify)
    for add_commands in (
        _add_owner_commands,
        _add_oauth_commands,
        _add_key_command,
        _add_host_command,
    ):
        add_commands(commands)
    return parser


def _add_owner_commands(commands: argparse._SubParsersAction[_OneLineParser]) -> None:
    """owner init/status: the person who approves remote apps, made only on the server."""
    owner = commands.add_parser("owner", help="the owner who approves remote apps (OAuth)")
    owner_commands = owner.add_subparsers(required=True, metavar="action")
    owner_init = owner_commands.add_parser("init", help="create the owner: TOTP, recovery codes")
    owner_init.add_argument("--reset", action="store_true", help="replace an existing owner")
    owner_init.add_argument("--config", type=Path)
    owner_init.set_defaults(run=_run_owner_init)
    owner_status = owner_commands.add_parser("status", help="the owner's credentials (no secret)")
    owner_status.add_argument("--config", type=Path)
    owner_status.set_defaults(run=_run_owner_status)


def _add_oauth_commands(commands: argparse._SubParsersAction[_OneLineParser]) -> None:
    """oauth list/revoke: the apps the owner approved, as rows of the access table."""
    oauth = commands.add_parser("oauth", help="apps signed in with OAuth (their approved rows)")
    oauth_commands = oauth.add_subparsers(required=True, metavar="action")
    oauth_list = oauth_commands.add_parser("list", help="approved apps, rights, last use, tokens")
    oauth_list.add_argument("--config", type=Path)
    oauth_list.set_defaults(run=_run_oauth_list)
    oauth_revoke = oauth_commands.add_parser("revoke", help="remove an app's row and its tokens")
    oauth_revoke.add_argument("name", help="the app's row, as `memoire oauth list` names it")
    oauth_revoke.add_argument("--config", type=Path)
    oauth_revoke.set_defaults(run=_run_oauth_revoke)


def _add_service_commands(commands: argparse._SubParsersAction[_OneLineParser]) -> None:
    """service install/uninstall: the bridge as a systemd user service."""
    service_commands = commands.add_parser(
        "service", help="run the bridge as a systemd user service"
    ).add_subparsers(required=True, metavar="action")
    service_install = service_commands.add_parser(
        "install", help="write ~/.config/systemd/user/memoire.service"
    )
    service_install.add_argument(
        "--config", type=Path, help="the configuration serve uses; default: serve's"
    )
    service_install.add_argument("--force", action="store_true", help="replace an existing unit")
    service_install.set_defaults(run=_run_service_install)
    service_commands.add_parser(
        "uninstall", help="remove the unit (disable it first)"
    ).set_defaults(run=_run_service_uninstall)


def _add_import_command(commands: argparse._SubParsersAction[_OneLineParser]) -> None:
    """import: adopt an existing folder of notes in one commit."""
    importing = commands.add_parser(
        "import", help="copy an existing folder of notes into the memory"
    )
    importing.add_argument(
        "source", type=Path, help="folder of Markdown, Obsidian vault or old memory"
    )
    importing.add_argument("--dry-run", action="store_true", help="report only; write nothing")
    importing.add_argument(
        "--sensitive",
        action="append",
        default=[],
        metavar="FOLDER",
        help="a folder of SOURCE whose notes are sensitive (repeatable)",
    )
    importing.add_argument("--config", type=Path, help=f"default: {default_config_path()}")
    importing.set_defaults(run=_import)


def _add_everyday_commands(commands: argparse._SubParsersAction[_OneLineParser]) -> None:
    """status, log and completion: what a person runs to see how their memory is doing."""
    status = commands.add_parser("status", help="the memory, its remote, clients and bridge")
    status.add_argument("--config", type=Path)
    status.add_argument("--json", action="store_true", help="print the facts as JSON")
    status.add_argument("--offline", action="store_true", help="do not ask the remote")
    status.set_defaults(run=_run_status)
    log = commands.add_parser("log", help="the audit log: who called which tool, when, how")
    log.add_argument("--config", type=Path)
    log.add_argument("--client", help="only this client's calls")
    log.add_argument("--tool", help="only this tool (index, read, search, append, ...)")
    log.add_argument("--outcome", help="only this outcome (ok, not_found, forbidden, ...)")
    log.add_argument("--since", help="from: 2026-11-30, 2026-11-30T14:00, or 30m, 2h, 3d, 1w ago")
    log.add_argument("--until", help="up to: same forms as --since")
    log.add_argument("--limit", type=int, default=50, help="the newest N entries (default 50)")
    log.add_argument("--json", action="store_true", help="one JSON object per line")
    log.set_defaults(run=_run_log)
    completion = commands.add_parser("completion", help="print a shell completion script")
    completion.add_argument("shell", choices=SHELLS)
    completion.set_defaults(run=_run_completion)


def _init(arguments: argparse.Namespace) -> int:
    from ..bootstrap import choose_layout, create_memory

    repository: Path = arguments.path.expanduser().resolve()
    subdir = arguments.subdir.strip("/")
    config_file: Path = (arguments.config or default_config_path()).expanduser()
    _refuse_config_place(config_file)
    requested = layout_named(arguments.layout) if arguments.layout else None
    layout = choose_layout(repository, subdir, requested, list(LAYOUTS.values()))
    switching = _switches_from_embedded(config_file, repository)
    commit = create_memory(repository, subdir, layout, arguments.remote)
    print(f"Memory ready in {repository / subdir} ({layout.name} layout", end="")
    print(f", commit {commit[:10]})." if commit else ", nothing to add).")
    location = MemoryLocation(
        repository=repository, subdir=subdir, layout=layout, remote=arguments.remote
    )
    if config_file.exists():
        print(f"{config_file} already exists and was left as it is; its [memory] section")
        print("decides which memory the bridge serves. For this one:")
        print(config_text(location).split("\n\n")[0])
        return 0
    config_file.parent.mkdir(parents=True, exist_ok=True)
    config_file.write_text(config_text(location), encoding="utf-8")
    print(f"Configuration written to {config_file}.")
    if switching:
        _say_what_switched(location)
    return 0


def _refuse_config_place(config_file: Path) -> None:
    """A configuration that could not be written is refused before the memory is made."""
    if config_file.is_dir():
        raise ConfigError(
            f"{config_file} is a folder, not a configuration file: pass --config with a "
            f"file path, such as {config_file / 'memoire.toml'}"
        )
    folder = next(path for path in config_file.parents if path.exists())
    if not folder.is_dir():
        raise ConfigError(
            f"{folder} is a file, so {config_file} cannot be written there: pass --config "
            "with a path in a folder"
        )


def _switches_from_embedded(config_file: Path, repository: Path) -> bool:
    """Whether writing this configuration moves every command off the built-in memory."""
    from ..storage.opening import is_repository

    embedded = default_memory_path()
    return (
        config_file == default_config_path()
        and not config_file.exists()
        and repository != embedded
        and is_repository(embedded)
    )


def _say_what_switched(location: MemoryLocation) -> None:
    """The user's tokens and bridge change memory with this configuration: say so."""
    old = embedded_default().memory
    print(
        f"memoire used the built-in memory in {old.repository} until now; it stays there, "
        f"untouched.\nFrom now on it uses {location.repository}, and tokens are kept in "
        f"{location.tokens_file}: tokens issued before belong to the old memory and open "
        "nothing here. Issue new ones with: memoire token add NAME\n"
        "A `memoire serve` still running serves the old memory with the old tokens: "
        "restart it."
    )


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
    from .startup import collector_paused

    with collector_paused():  # the MCP SDK, loaded in the background, is not frozen
        import dataclasses

        from ..addresses import is_loopback
        from ..fetching import keep_fetching
        from ..service import MemoryService
        from ..serving import recorded_serving
        from ..storage.tokens import TokenStore
        from .connections import serve
        from .http import build_app
        from .listening import listening_socket
        from .requestlog import configure_logging
        from .served_config import config_seen
        from .stdio_host import hosting

        seen = config_seen(arguments.config)  # before loading: a change after is caught
        config = _config(arguments.config, create_default=True)
        stdio_clients = config.access  # the file's rows: stdio never gets an OAuth app's
        server = dataclasses.replace(
            config.server,
            host=arguments.host or config.server.host,
            port=arguments.port or config.server.port,
            log_level=arguments.log_level or config.server.log_level,
        )
        configure_logging(server.log_level)
        listener = listening_socket(server.host, server.port)
        if not is_loopback(server.host):
            print(
                f"WARNING: listening on {server.host}, not loopback: anyone who can reach this "
                "address may try tokens. Put TLS in front and keep tokens secret.",
                file=sys.stderr,
            )
        tokens = TokenStore(config.memory.tokens_file)
        if not tokens.records():
            print("No tokens yet; issue one with: memoire token add <client>", file=sys.stderr)
        oauth = None
        if config.oauth is not None:  # authlib and httpx2 load only when OAuth is on
            from ..auth.server import open_oauth

            oauth = open_oauth(config)
        if oauth is not None:  # approved apps are rows of the one access table
            config = dataclasses.replace(config, access=config.access.with_rows(oauth.grants))
        service = MemoryService(config)
        url = f"http://{server.host}:{server.port}/mcp"
        print(f"Serving {config.memory.repository} on {url}", flush=True)
        app = build_app(service, tokens, server, oauth)
    with (  # left in reverse: sessions end, fetching stops, the memory closes, the record goes
        recorded_serving(config.memory.state_dir, url),
        contextlib.closing(service),
        keep_fetching(service),
        hosting(service, seen, stdio_clients),
    ):
        served = serve(app, listener, server.host, server.max_connections, server.log_level)
    return 0 if served else 3


def _stdio(arguments: argparse.Namespace) -> int:
    from .startup import collector_paused

    if not arguments.no_handover:  # a running bridge serves it warm; else, as before, here
        from .handover import hand_over

        status = hand_over(arguments.client, arguments.workspace, arguments.config)
        if status is not None:
            return status
    with collector_paused():
        from ..core.scopes import new_session_key
        from ..fetching import keep_fetching
        from ..service import MemoryService
        from .caller import Caller
        from .mcp import build_server, run_stdio

        config = _config(arguments.config, create_default=True, client=arguments.client)
        caller = Caller(arguments.client, workspace=arguments.workspace, session=new_session_key())
        service = MemoryService(config)
        server = build_server(service, caller)
    with contextlib.closing(service), keep_fetching(service):
        run_stdio(server)
    return 0


def _token_add(arguments: argparse.Namespace) -> int:
    from ..storage.tokens import TokenStore

    config = _config(arguments.config, create_default=True, client=arguments.name)
    rights = config.access.rights(arguments.name)
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


def _config(
    path: Path | None, *, create_default: bool = False, client: str | None = None
) -> Config:
    """The explicit file, else the user's default file, else the embedded default.

    Its memory must exist: no command creates anything inside a memory that does not,
    except that `create_default` makes the embedded default on first use, as serve does.
    A `client` the command acts for must be able to read, checked before anything is made.
    """
    from ..storage.opening import is_repository, missing_memory_message

    config, embedded = _located(path)
    if client is not None and not config.access.rights(client).read:
        known = ", ".join(sorted(config.access.clients())) or "none"
        raise InvalidArgument(
            f"client {client!r} has no read right in the access table (clients: {known}); "
            f"use one of them, or add [clients.{client}] with read = true to memoire.toml"
        )
    if embedded:
        return _embedded(config, create_default)
    if not is_repository(config.memory.repository):
        raise MemoryMissing(missing_memory_message(config.memory.repository))
    return config


def _located(path: Path | None) -> tuple[Config, bool]:
    """Where the configuration says the memory is, whether or not it exists yet; and whether
    that is the embedded default (no configuration file at all)."""
    if path is None and not default_config_path().exists():
        return embedded_default(), True
    return load_config(path or default_config_path()), False


def _embedded(config: Config, create: bool) -> Config:
    from ..bootstrap import create_memory
    from ..storage.opening import is_repository

    repository = config.memory.repository
    if is_repository(repository):
        return config
    if not create:
        raise MemoryMissing(
            f"No memory at {repository} yet: run `memoire serve` once to create it there, "
            "or make one where you want it with: memoire init PATH"
        )
    create_memory(repository, "", config.memory.layout)
    print(f"Created a new memory in {repository}", file=sys.stderr)
    return config


def _run_service_install(arguments: argparse.Namespace) -> int:
    from .. import service_unit

    path = service_unit.install(arguments.config, force=arguments.force)
    print(f"Wrote {path}. Start it now and at every login with:")
    print("\n".join(f"  {step}" for step in service_unit.NEXT_STEPS))
    return 0


def _run_service_uninstall(arguments: argparse.Namespace) -> int:
    from .. import service_unit

    print(f"Removed {service_unit.uninstall()}. Then run: systemctl --user daemon-reload")
    return 0


def _run_status(arguments: argparse.Namespace) -> int:
    from ..status import gather_status
    from .views import status_json, status_lines

    status = gather_status(_config(arguments.config), probe_remote=not arguments.offline)
    print(status_json(status) if arguments.json else "\n".join(status_lines(status)))
    return 0


def _run_log(arguments: argparse.Namespace) -> int:
    from .. import audit_query
    from ..storage.audit import FILE_NAME, read_audit
    from .views import audit_json, audit_line

    limit = audit_query.checked_limit(arguments.limit)
    now = audit_query.now()
    wanted = audit_query.AuditFilter(
        client=arguments.client,
        tool=arguments.tool,
        outcome=arguments.outcome,
        since=arguments.since and audit_query.moment(arguments.since, now),
        until=arguments.until and audit_query.moment(arguments.until, now, end_of_day=True),
    )
    file = _config(arguments.config).memory.state_dir / FILE_NAME
    if not file.exists():
        print(f"No audit log yet at {file}: no client has called a tool.", file=sys.stderr)
        return 0
    reading = read_audit(file)
    for entry in audit_query.selected(reading.entries, wanted, limit):
        print(audit_json(entry) if arguments.json else audit_line(entry))
    if reading.skipped:
        print(f"memoire: skipped {reading.skipped} malformed line(s) in {file}.", file=sys.stderr)
    return 0


def _run_completion(arguments: argparse.Namespace) -> int:
    from .completion import completion_script

    print(completion_script(_parser(), arguments.shell))
    return 0


def _import(arguments: argparse.Namespace) -> int:
    from .import_command import import_folder

    def load(create_default: bool) -> Config:
        return _config(arguments.config, create_default=create_default)

    located, _ = _located(arguments.config)
    return import_folder(
        arguments.source, arguments.sensitive, located, load, dry_run=arguments.dry_run
    )


def _run_verify(arguments: argparse.Namespace) -> int:
    from ..verify import report_lines, verify_memory

    report = verify_memory(_config(arguments.config), arguments.limit, arguments.since)
    print("\n".join(report_lines(report)))
    return 0 if report.clean else 1


def _run_owner_init(arguments: argparse.Namespace) -> int:
    from .owner_command import owner_init

    return owner_init(_config(arguments.config), reset=arguments.reset)


def _run_owner_status(arguments: argparse.Namespace) -> int:
    from .owner_command import owner_status_lines

    print("\n".join(owner_status_lines(_config(arguments.config))))
    return 0


def _run_oauth_list(arguments: argparse.Namespace) -> int:
    from ..auth.command import list_lines

    print("\n".join(list_lines(_config(arguments.config))))
    return 0


def _run_oauth_revoke(arguments: argparse.Namespace) -> int:
    from ..auth.command import revoke

    print(revoke(_config(arguments.config), arguments.name))
    return 0


def _run_key(arguments: argparse.Namespace) -> int:
    from .. import key_command

    file = getattr(arguments, "file", None)
    return key_command.run(arguments.key_action, _config(arguments.config), file)


def _add_key_command(commands: argparse._SubParsersAction[_OneLineParser]) -> None:
    key = commands.add_parser("key", help="the key that encrypts sensitive notes in Git")
    key_actions = key.add_subparsers(required=True, metavar="action")
    for action, helptext in (
        ("export", "write the key, wrapped with a passphrase, to a new FILE"),
        ("import", "add the key from an export FILE to this machine"),
        ("rotate", "make a new key and re-encrypt every sensitive note with it"),
    ):
        sub = key_actions.add_parser(action, help=helptext)
        if action != "rotate":
            sub.add_argument("file", type=Path)
        sub.add_argument("--config", type=Path)
        sub.set_defaults(run=_run_key, key_action=action)


def _run_host(arguments: argparse.Namespace) -> int:
    from .warm_host import run_host

    return run_host(arguments.config, lambda: _config(arguments.config))


def _add_host_command(commands: argparse._SubParsersAction[_OneLineParser]) -> None:
    host = commands.add_parser(
        "host", help="keep the memory warm for `memoire stdio` (stdio starts it on demand)"
    )
    host.add_argument("--config", type=Path)
    host.set_defaults(run=_run_host)
