"""The Home Assistant add-on's start: its options become `memoire.toml`, then the bridge runs.

Home Assistant writes the options the user chose to `/data/options.json`; everything the
add-on keeps (memory, configuration, token hashes) lives under `/data`, which Home
Assistant backs up with the add-on. The access table is exactly the listed clients. A
listed client without a token gets one, printed once in the add-on's log; the tokens of a
client no longer listed are revoked, so removing a client and adding it back gives it a
new token. Bad options stop the add-on with one line saying what to fix (exit status 2).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from .bootstrap import create_memory
from .config import PORTS, ConfigError, client_table, load_config
from .core.acl import CLIENT_NAME, Rights
from .core.errors import MemoireError
from .core.layout import LAYOUTS
from .storage.tokens import TokenStore

RIGHTS_LEVELS: Mapping[str, tuple[bool, bool, bool]] = {
    "none": (False, False, False),
    "read": (True, False, False),
    "sensitive": (True, True, False),
    "write": (True, True, True),
}
"""One level per client, as the add-on's form offers it: each level includes the ones before."""

ADDON_PATHS = ("/data/options.json", "/data", "/config")
"""Where Home Assistant puts the options, the add-on's own storage and its public folder."""
OPTION_KEYS = frozenset({"layout", "remote", "port", "clients"})
SSH_KEY = "ssh/id_ed25519"
"""A key the user drops in the add-on's configuration folder to reach an SSH remote."""
_SCP_LIKE = re.compile(r"[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:\S+")
_URL = re.compile(r"(ssh|git|https?|file)://\S+")
_PASSWORD_IN_URL = re.compile(r"://[^/@\s]*:[^/@\s]*@")


@dataclass(frozen=True, slots=True)
class Client:
    name: str
    rights: str


@dataclass(frozen=True, slots=True)
class AddonOptions:
    layout: str
    remote: str | None
    port: int
    clients: tuple[Client, ...]


@dataclass(frozen=True, slots=True)
class Launch:
    """What the add-on executes once the configuration is written."""

    argv: tuple[str, ...]
    env: Mapping[str, str]


def parse_options(data: object) -> AddonOptions:
    """The options Home Assistant saved, checked again: a hand-edited file skips the form."""
    if not isinstance(data, dict):
        raise ConfigError("options must be a mapping of layout, remote, port and clients")
    unknown = sorted(set(data) - OPTION_KEYS)
    if unknown:
        raise ConfigError(f"unknown option(s) {', '.join(unknown)}; allowed: {_allowed()}")
    missing = sorted(key for key in ("layout", "port", "clients") if key not in data)
    if missing:
        raise ConfigError(f"missing option(s) {', '.join(missing)}; set them in the add-on's form")
    return AddonOptions(
        layout=_layout(data["layout"]),
        remote=_remote(data.get("remote")),
        port=_port(data["port"]),
        clients=_clients(data["clients"]),
    )


def _allowed() -> str:
    return ", ".join(sorted(OPTION_KEYS))


def _layout(value: object) -> str:
    if value not in LAYOUTS:
        raise ConfigError(f"layout {value!r} is not one of: {', '.join(sorted(LAYOUTS))}")
    return str(value)


def _remote(value: object) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not (_URL.fullmatch(value) or _SCP_LIKE.fullmatch(value)):
        raise ConfigError(
            f"remote {value!r} is not a Git URL; use git@host:me/memory.git or https://host/…"
        )
    if _PASSWORD_IN_URL.search(value):
        raise ConfigError(
            "remote holds a password; memoire never stores one. Use an SSH URL and put the "
            f"key in the add-on's configuration folder as {SSH_KEY}"
        )
    return value


def _port(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in PORTS:
        raise ConfigError(f"port {value!r} must be a whole number from 1 to 65535")
    return value


def _clients(value: object) -> tuple[Client, ...]:
    if not isinstance(value, list):
        raise ConfigError("clients must be a list of {name, rights}")
    clients: dict[str, Client] = {}
    for entry in value:
        client = _client(entry)
        if client.name in clients:
            raise ConfigError(f"client {client.name!r} is listed twice; keep one line for it")
        clients[client.name] = client
    return tuple(clients.values())


def _client(entry: object) -> Client:
    if not isinstance(entry, dict) or set(entry) != {"name", "rights"}:
        raise ConfigError(f"each client needs exactly a name and rights, not {entry!r}")
    name, rights = entry["name"], entry["rights"]
    if not isinstance(name, str) or not CLIENT_NAME.fullmatch(name):
        raise ConfigError(f"client name {name!r}: use 1-40 characters of a-z, 0-9, '.', '_' or '-'")
    if rights not in RIGHTS_LEVELS:
        raise ConfigError(
            f"client {name!r}: rights {rights!r} is not one of: {', '.join(RIGHTS_LEVELS)}"
        )
    return Client(name=name, rights=str(rights))


def config_text(options: AddonOptions, repository: Path) -> str:
    """The `memoire.toml` for these options: the listed clients and nothing else."""
    lines = [
        "# Written by the memoire add-on from its options at every start; edit the options.",
        "[memory]",
        f"repository = {json.dumps(str(repository))}",
        f"layout = {json.dumps(options.layout)}",
    ]
    if options.remote:
        lines.append(f"remote = {json.dumps(options.remote)}")
    lines += ["", "[server]", 'host = "0.0.0.0"', f"port = {options.port}"]
    for client in options.clients:
        lines += client_table(client.name, Rights(*RIGHTS_LEVELS[client.rights]))
    return "\n".join(lines) + "\n"


def prepare(options_file: Path, data_dir: Path, config_dir: Path) -> Launch:
    """Write the configuration, create the memory if missing, settle tokens; what to run."""
    options = parse_options(_read_json(options_file))
    os.environ.update(_git_environment(config_dir))  # for the first clone and for the bridge
    repository = data_dir / "memory"
    config_file = data_dir / "memoire.toml"
    _replace(config_file, config_text(options, repository))
    config = load_config(config_file)
    if not (repository / ".git").exists():
        create_memory(repository, "", config.memory.layout, config.memory.remote)
        print(f"Created a new memory in {repository}.")
    _settle_tokens(TokenStore(config.memory.tokens_file), options.clients)
    argv = ("memoire", "serve", "--config", str(config_file))
    return Launch(argv=argv, env=dict(os.environ))


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(
            f"{path}: no options file; start the add-on from Home Assistant"
        ) from None
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path}: not valid JSON ({error})") from None


def _replace(path: Path, text: str) -> None:
    """Write beside, then rename: a crash never leaves half a configuration."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


def _settle_tokens(tokens: TokenStore, clients: Sequence[Client]) -> None:
    listed = {client.name for client in clients if client.rights != "none"}
    for name in sorted({record.client for record in tokens.records()} - listed):
        tokens.revoke(name)
        print(f"Revoked the tokens of {name}, no longer listed in the add-on's clients.")
    holders = {record.client for record in tokens.records()}
    for name in sorted(listed - holders):
        print(f"Token for {name} (shown once; paste it where the client asks): {tokens.add(name)}")


def _git_environment(config_dir: Path) -> dict[str, str]:
    """Git reaches an SSH remote with the key the user put in the add-on's folder, if any;
    the remote's host key is accepted the first time and kept beside it."""
    key = config_dir / SSH_KEY
    if not key.exists():
        return {}
    known_hosts = key.parent / "known_hosts"
    command = ["ssh", "-i", str(key), "-o", f"UserKnownHostsFile={known_hosts}"]
    command += ["-o", "StrictHostKeyChecking=accept-new"]
    return {"GIT_SSH_COMMAND": shlex.join(command)}


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m memoire.addon [OPTIONS_FILE DATA_DIR CONFIG_DIR]`: prepare, then run."""
    arguments = list(sys.argv[1:] if argv is None else argv) or list(ADDON_PATHS)
    if len(arguments) != len(ADDON_PATHS):
        print("usage: python -m memoire.addon [OPTIONS_FILE DATA_DIR CONFIG_DIR]", file=sys.stderr)
        return 2
    options_file, data_dir, config_dir = (Path(value) for value in arguments)
    try:
        launch = prepare(options_file, data_dir, config_dir)
    except ConfigError as error:
        print(f"memoire add-on: {error}", file=sys.stderr)
        return 2
    except MemoireError as error:
        print(f"memoire add-on: the memory could not be prepared: {error}", file=sys.stderr)
        return 3
    return _run(launch)


def _run(launch: Launch) -> NoReturn:
    """The bridge takes the add-on's process: Home Assistant stops it with its signals."""
    sys.stdout.flush()
    os.execvpe(launch.argv[0], list(launch.argv), dict(launch.env))


if __name__ == "__main__":
    sys.exit(main())
