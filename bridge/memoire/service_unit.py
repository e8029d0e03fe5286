"""`memoire service install`: the bridge as a systemd user service.

The unit runs `serve` with the Python of the installation the command came from (a
`uv tool` or `pipx` environment, a checkout's virtual environment), so it keeps working
whatever PATH the service manager gives it. Nothing here calls systemctl: the command
prints the two or three lines the user runs, and the tests never touch the user's session.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .config import ConfigError

UNIT_NAME = "memoire.service"
NEXT_STEPS = (
    "systemctl --user daemon-reload",
    f"systemctl --user enable --now {UNIT_NAME}",
    "loginctl enable-linger $USER   # keep it running while you are logged out",
)
STOP_STEPS = (f"systemctl --user disable --now {UNIT_NAME}",)


def unit_path() -> Path:
    """Where systemd looks for the user's own units (XDG_CONFIG_HOME, else ~/.config)."""
    config_home = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config_home) / "systemd" / "user" / UNIT_NAME


def serve_command(python: str, config: Path | None) -> list[str]:
    command = [python, "-m", "memoire", "serve"]
    if config is not None:
        command += ["--config", str(config.expanduser().resolve())]
    return command


def unit_text(command: Sequence[str]) -> str:
    """The unit: restarted after a crash, but not after a configuration mistake (exit 2)."""
    return "\n".join(
        [
            "[Unit]",
            "Description=memoire bridge: a personal memory for AI assistants",
            "Documentation=https://github.com/memoire-maintainers/memoire#readme",
            "",
            "[Service]",
            "Type=exec",
            f"ExecStart={' '.join(_systemd_word(word) for word in command)}",
            "Restart=on-failure",
            "RestartSec=5",
            "RestartPreventExitStatus=2",
            "",
            "[Install]",
            "WantedBy=default.target",
            "",
        ]
    )


def _systemd_word(word: str) -> str:
    """One ExecStart argument: % and $ escaped, quoted when it holds a space or a quote."""
    escaped = word.replace("%", "%%").replace("$", "$$")
    if not any(character in escaped for character in " \t\"'\\"):
        return escaped
    return '"' + escaped.replace("\\", "\\\\").replace('"', '\\"') + '"'


def install(config: Path | None, *, force: bool) -> Path:
    """Write the unit; an existing one is replaced only when asked."""
    if config is not None and not config.expanduser().is_file():
        raise ConfigError(f"{config}: no such configuration file; pass the one `serve` uses")
    path = unit_path()
    if path.exists() and not force:
        raise ConfigError(f"{path} already exists; add --force to replace it")
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(unit_text(serve_command(sys.executable, config)), encoding="utf-8")
    partial.replace(path)
    return path


def uninstall() -> Path:
    """Remove the unit, once systemd no longer starts it (else its link would dangle)."""
    path = unit_path()
    if not path.exists():
        raise ConfigError(f"{path} does not exist; there is no memoire service to remove")
    if (path.parent / "default.target.wants" / UNIT_NAME).is_symlink():
        raise ConfigError(f"the service is still enabled; first run: {STOP_STEPS[0]}")
    path.unlink()
    return path
