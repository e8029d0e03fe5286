"""The bridge's configuration: one TOML file (`memoire.toml`).

It says where the memory is, which layout it uses, the access table and the limits.
Unknown keys are errors, so a typo never silently grants or drops a right.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from .auth.settings import OAuthSettings, OAuthSettingsError, parse_oauth
from .core.acl import DEFAULT_CLIENTS, AccessTable, Rights
from .core.errors import InvalidArgument, UnusableStateFile
from .core.layout import ENGLISH, Layout, layout_named
from .core.scopes import Strategy
from .storage.keys import default_key_file
from .storage.nofollow import read_own_file
from .storage.search_stems import DEFAULT_LANGUAGES, LANGUAGES, check_languages

APP_NAME = "memoire"
CONFIG_FILE_NAME = "memoire.toml"
LOG_LEVELS = ("debug", "info", "warning", "error")
CONFIG_LIMIT = 1024 * 1024  # a configuration is a few kilobytes; past this it is not one
_CONFIG_WHAT_TO_DO = "Pass --config with the path of your memoire.toml, a regular text file."


class ConfigError(ValueError):
    """The configuration cannot be used; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class Limits:
    note_chars: int = 20_000
    append_chars: int = 2_000
    min_free_disk_bytes: int = 1 << 30


@dataclass(frozen=True, slots=True)
class ScopeSettings:
    strategy: Strategy = Strategy.PER_REPO
    directories: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """The HTTP bridge: loopback by default, bounded requests and connections.

    Successful requests are rated per token, failed authentications per address
    (`requests_per_minute_per_address`). Each token may hold a few MCP sessions and event
    streams at once; a session unused for `session_idle_seconds` ends. `log_level`: what
    `serve` prints (one line per request at info, refused requests at warning).
    """

    host: str = "127.0.0.1"
    port: int = 8765
    allowed_origins: tuple[str, ...] = ()
    max_request_kb: int = 1024
    requests_per_minute: int = 600
    requests_per_minute_per_address: int = 1200
    heartbeat_seconds: int = 15
    max_connections: int = 1000
    mcp_sessions_per_token: int = 16
    event_streams_per_token: int = 8
    session_idle_seconds: int = 1800
    log_level: str = "info"


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """The languages whose word forms search matches ("poubelles" finds "poubelle")."""

    languages: tuple[str, ...] = DEFAULT_LANGUAGES


@dataclass(frozen=True, slots=True)
class StdioSettings:
    """`memoire stdio` keeping a warm host for the next spawn (see `adapters.warm_host`):
    on unless `keep_warm = false`; the host leaves after `idle_minutes` without a session."""

    keep_warm: bool = True
    idle_minutes: float = 15.0


@dataclass(frozen=True, slots=True)
class MemoryLocation:
    """The repository, the folder of it that is the memory, and where derived state lives."""

    repository: Path
    subdir: str = ""
    layout: Layout = ENGLISH
    branch: str | None = None
    state_dir_override: Path | None = None
    remote: str | None = None
    fetch_interval_seconds: int = 60
    key_file_override: Path | None = None

    @property
    def key_file(self) -> Path:
        """The key that encrypts sensitive notes: outside the repository, never pushed."""
        return self.key_file_override or default_key_file()

    @property
    def state_dir(self) -> Path:
        """Search index and audit log: outside the memory tree, never reachable as a note."""
        if self.state_dir_override is not None:
            return self.state_dir_override
        return self.repository / ".git" / APP_NAME

    @property
    def tokens_file(self) -> Path:
        """Token hashes; read again whenever it changes, so a revoke needs no restart."""
        return self.state_dir / "tokens.json"

    @property
    def auth_database(self) -> Path:
        """OAuth clients, grants and the owner's credentials, as hashes (see `auth.database`)."""
        return self.state_dir / "auth.sqlite3"


@dataclass(frozen=True, slots=True)
class Config:
    memory: MemoryLocation
    access: AccessTable = field(default_factory=lambda: AccessTable(DEFAULT_CLIENTS))
    limits: Limits = field(default_factory=Limits)
    scopes: ScopeSettings = field(default_factory=ScopeSettings)
    server: ServerSettings = field(default_factory=ServerSettings)
    search: SearchSettings = field(default_factory=SearchSettings)
    oauth: OAuthSettings | None = None
    stdio: StdioSettings = field(default_factory=StdioSettings)


def default_config_path() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME)) / CONFIG_FILE_NAME


def default_memory_path() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME)) / "memory"


def embedded_default() -> Config:
    """What runs when the user has written no configuration at all."""
    return Config(memory=MemoryLocation(repository=default_memory_path()))


def load_config(path: Path) -> Config:
    try:
        data = tomllib.loads(_config_text(path).decode("utf-8"))
    except UnusableStateFile as error:
        if path.is_dir():
            raise ConfigError(
                f"{path} is a folder, not a configuration file: pass --config with the path "
                "of its memoire.toml"
            ) from None
        raise ConfigError(error.message) from None
    except FileNotFoundError:
        raise ConfigError(
            f"{path}: no such configuration file; pass --config with an existing "
            "memoire.toml, or write one with: memoire init PATH"
        ) from None
    except PermissionError:
        raise ConfigError(f"{path}: permission denied; make it readable (chmod u+r)") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text; save it as UTF-8") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML ({error}); fix that line") from None
    try:
        return _parse(data, base=path.parent)
    except ConfigError as error:
        raise ConfigError(f"{path}: {error}") from None


def _config_text(path: Path) -> bytes:
    """The file's bytes: a link is followed (dotfiles), a FIFO or /dev/zero is refused."""
    text = read_own_file(path, CONFIG_LIMIT, _CONFIG_WHAT_TO_DO, follow=True)
    if text is None:
        raise FileNotFoundError(path)
    return text


def _parse(data: Mapping[str, Any], base: Path) -> Config:
    sections = {"memory", "clients", "limits", "scopes", "server", "search", "oauth", "stdio"}
    _only_keys(data, sections, "top level")
    return Config(
        memory=_parse_memory(_table(data, "memory"), base),
        access=_parse_clients(data.get("clients")),
        limits=_parse_limits(_table(data, "limits")),
        scopes=_parse_scopes(_table(data, "scopes")),
        server=_parse_server(_table(data, "server")),
        search=_parse_search(_table(data, "search")),
        oauth=_parse_oauth(_table(data, "oauth")),
        stdio=_parse_stdio(_table(data, "stdio")),
    )


def _parse_memory(table: Mapping[str, Any], base: Path) -> MemoryLocation:
    keys = {"repository", "subdir", "layout", "branch", "state_dir", "remote"}
    keys |= {"fetch_interval_seconds", "key_file"}
    _only_keys(table, keys, "[memory]")
    if "repository" not in table:
        raise ConfigError("[memory] needs repository = 'path to the Git repository'")
    try:
        layout = layout_named(_typed(table, "layout", str, "en"))
    except ValueError as error:
        raise ConfigError(f"[memory] {error}") from None
    state_dir = _typed(table, "state_dir", str, "")
    return MemoryLocation(
        repository=(base / _typed(table, "repository", str, "")).expanduser().resolve(),
        subdir=_clean_subdir(_typed(table, "subdir", str, "")),
        layout=layout,
        branch=_typed(table, "branch", str, "") or None,
        state_dir_override=(base / state_dir).expanduser().resolve() if state_dir else None,
        remote=_typed(table, "remote", str, "") or None,
        fetch_interval_seconds=_positive(table, "fetch_interval_seconds", 60),
        key_file_override=_key_file(table, base),
    )


def _key_file(table: Mapping[str, Any], base: Path) -> Path | None:
    """`[memory] key_file`: where this machine keeps the memory key (default: beside
    memoire.toml in the user's config folder)."""
    given = _typed(table, "key_file", str, "")
    return (base / given).expanduser().resolve() if given else None


def _clean_subdir(subdir: str) -> str:
    parts = [part for part in subdir.strip("/").split("/") if part]
    if any(part in {".", "..", ".git"} or "\\" in part for part in parts):
        raise ConfigError(f"[memory] subdir {subdir!r} must be a plain folder inside the repo")
    return "/".join(parts)


def _parse_clients(table: object) -> AccessTable:
    if table is None:
        return AccessTable(DEFAULT_CLIENTS)
    if not isinstance(table, dict):
        raise ConfigError("[clients] must be a table of [clients.NAME] tables")
    clients: dict[str, Rights] = {}
    for name, rights in table.items():
        if not isinstance(rights, dict):
            raise ConfigError(f"[clients.{name}] must be a table with read, sensitive, write")
        _only_keys(rights, {"read", "sensitive", "write"}, f"[clients.{name}]")
        clients[name] = Rights(
            read=_typed(rights, "read", bool, False),
            sensitive=_typed(rights, "sensitive", bool, False),
            write=_typed(rights, "write", bool, False),
        )
    try:
        return AccessTable(clients)
    except ValueError as error:
        raise ConfigError(str(error)) from None


def _parse_oauth(table: Mapping[str, Any]) -> OAuthSettings | None:
    """[oauth]: remote apps signing in (see `auth.settings`); off when absent."""
    try:
        return parse_oauth(table)
    except OAuthSettingsError as error:
        raise ConfigError(str(error)) from None


def _parse_limits(table: Mapping[str, Any]) -> Limits:
    _only_keys(table, {"note_chars", "append_chars", "min_free_disk_mb"}, "[limits]")
    defaults = Limits()
    return Limits(
        note_chars=_positive(table, "note_chars", defaults.note_chars),
        append_chars=_positive(table, "append_chars", defaults.append_chars),
        min_free_disk_bytes=_positive(
            table, "min_free_disk_mb", defaults.min_free_disk_bytes >> 20, minimum=0
        )
        << 20,
    )


def _parse_scopes(table: Mapping[str, Any]) -> ScopeSettings:
    _only_keys(table, {"strategy", "directories"}, "[scopes]")
    strategy = _typed(table, "strategy", str, Strategy.PER_REPO.value)
    if strategy not in {item.value for item in Strategy}:
        known = ", ".join(item.value for item in Strategy)
        raise ConfigError(f"[scopes] strategy {strategy!r} is not one of: {known}")
    directories = _table(table, "directories")
    for folder, scope in directories.items():
        if not isinstance(scope, str) or not scope.strip():
            raise ConfigError(f"[scopes.directories] {folder!r} must map to a scope name")
    return ScopeSettings(strategy=Strategy(strategy), directories=dict(directories))


def _parse_server(table: Mapping[str, Any]) -> ServerSettings:
    keys = {
        "host",
        "port",
        "allowed_origins",
        "max_request_kb",
        "requests_per_minute",
        "requests_per_minute_per_address",
        "heartbeat_seconds",
        "max_connections",
        "mcp_sessions_per_token",
        "event_streams_per_token",
        "session_idle_seconds",
        "log_level",
    }
    _only_keys(table, keys, "[server]")
    defaults = ServerSettings()
    origins = _typed(table, "allowed_origins", list, [])
    if not all(isinstance(origin, str) for origin in origins):
        raise ConfigError("[server] allowed_origins must be a list of origins like 'https://x.org'")
    log_level = _typed(table, "log_level", str, defaults.log_level).lower()
    if log_level not in LOG_LEVELS:
        raise ConfigError(
            f"[server] log_level {log_level!r} is not one of: {', '.join(LOG_LEVELS)}"
        )
    return ServerSettings(
        host=_typed(table, "host", str, defaults.host),
        port=_port(table, defaults.port),
        allowed_origins=tuple(origins),
        max_request_kb=_positive(table, "max_request_kb", defaults.max_request_kb),
        requests_per_minute=_positive(table, "requests_per_minute", defaults.requests_per_minute),
        requests_per_minute_per_address=_positive(
            table, "requests_per_minute_per_address", defaults.requests_per_minute_per_address
        ),
        heartbeat_seconds=_positive(table, "heartbeat_seconds", defaults.heartbeat_seconds),
        max_connections=_positive(table, "max_connections", defaults.max_connections),
        mcp_sessions_per_token=_positive(
            table, "mcp_sessions_per_token", defaults.mcp_sessions_per_token
        ),
        event_streams_per_token=_positive(
            table, "event_streams_per_token", defaults.event_streams_per_token
        ),
        session_idle_seconds=_positive(
            table, "session_idle_seconds", defaults.session_idle_seconds
        ),
        log_level=log_level,
    )


def _parse_search(table: Mapping[str, Any]) -> SearchSettings:
    _only_keys(table, {"languages"}, "[search]")
    languages = _typed(table, "languages", list, list(DEFAULT_LANGUAGES))
    if not all(isinstance(code, str) for code in languages):
        raise ConfigError(
            f"[search] languages must be a list of language codes among: {', '.join(LANGUAGES)}"
        )
    try:
        return SearchSettings(languages=check_languages(languages))
    except InvalidArgument as error:
        raise ConfigError(f"[search] {error}") from None


MAX_IDLE_MINUTES = 7 * 24 * 60


def _parse_stdio(table: Mapping[str, Any]) -> StdioSettings:
    """[stdio]: keep_warm (true/false) and idle_minutes (a number of minutes, fractions
    allowed, up to a week)."""
    _only_keys(table, {"keep_warm", "idle_minutes"}, "[stdio]")
    defaults = StdioSettings()
    idle = table.get("idle_minutes", defaults.idle_minutes)
    if (
        isinstance(idle, bool)
        or not isinstance(idle, int | float)
        or not 0 < idle <= (MAX_IDLE_MINUTES)
    ):
        raise ConfigError(
            f"[stdio] idle_minutes must be a number of minutes above 0 and at most "
            f"{MAX_IDLE_MINUTES} (a week), such as 15, not {idle!r}"
        )
    keep_warm = table.get("keep_warm", defaults.keep_warm)
    if not isinstance(keep_warm, bool):
        raise ConfigError(f"[stdio] keep_warm must be true or false, not {keep_warm!r}")
    return StdioSettings(keep_warm=keep_warm, idle_minutes=float(idle))


def _table(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"[{key}] must be a table")
    return value


def _only_keys(table: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise ConfigError(
            f"unknown key(s) {', '.join(unknown)} in {where}; allowed: {', '.join(sorted(allowed))}"
        )


def _typed[T](table: Mapping[str, Any], key: str, kind: type[T], default: T) -> T:
    value = table.get(key, default)
    if not isinstance(value, kind):
        raise ConfigError(f"{key} must be a {kind.__name__}, not {value!r}")
    return value


def _positive(table: Mapping[str, Any], key: str, default: int, minimum: int = 1) -> int:
    value = _typed(table, key, int, default)
    if isinstance(value, bool) or value < minimum:
        raise ConfigError(f"{key} must be a whole number >= {minimum}")
    return value


PORTS = range(1, 65536)
"""The TCP ports a bridge may listen on; the command line, memoire.toml and the add-on agree."""


def _port(table: Mapping[str, Any], default: int) -> int:
    port = _positive(table, "port", default)
    if port not in PORTS:
        raise ConfigError(f"[server] port {port} is not a port: give a number from 1 to 65535")
    return port


def config_text(memory: MemoryLocation) -> str:
    """A starting configuration for `memoire init`, with the default access table."""
    lines = [
        "# memoire configuration. Rights: read, sensitive (see notes marked sensitive),",
        "# write (implies sensitive). A client that is not listed gets nothing.",
        "[memory]",
        f"repository = {_toml_string(str(memory.repository))}",
        f"layout = {_toml_string(memory.layout.name)}",
    ]
    if memory.subdir:
        lines.append(f"subdir = {_toml_string(memory.subdir)}")
    if memory.remote:
        lines.append(f"remote = {_toml_string(memory.remote)}")
    lines += [
        "",
        "[limits]",
        "note_chars = 20000",
        "append_chars = 2000",
        "min_free_disk_mb = 1024",
    ]
    for name, rights in DEFAULT_CLIENTS.items():
        lines += client_table(name, rights)
    return "\n".join(lines) + "\n"


def client_table(name: str, rights: Rights) -> list[str]:
    """One row of the access table as memoire.toml writes it, after a blank line."""
    key = name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else _toml_string(name)
    return [
        "",
        f"[clients.{key}]",
        f"read = {_toml_bool(rights.read)}",
        f"sensitive = {_toml_bool(rights.sensitive)}",
        f"write = {_toml_bool(rights.write)}",
    ]


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _toml_bool(value: bool) -> str:
    return "true" if value else "false"
