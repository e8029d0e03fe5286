"""`memoire service install`: a systemd user unit that starts this installation's bridge.

The command runs in a temporary HOME; systemctl is never called (it would act on the
session of whoever runs the tests), the unit's command line is run instead.
"""

from __future__ import annotations

import configparser
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from memoire.adapters.cli import main
from memoire.service_unit import unit_text
from tests.conftest import write_config


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return home


def _unit(home: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(home / ".config" / "systemd" / "user" / "memoire.service", encoding="utf-8")
    return parser


def test_install_writes_a_unit_that_runs_this_installation(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["service", "install"]) == 0

    unit = _unit(home)
    assert shlex.split(unit["Service"]["ExecStart"]) == [sys.executable, "-m", "memoire", "serve"]
    assert unit["Service"]["RestartPreventExitStatus"] == "2"
    assert unit["Install"]["WantedBy"] == "default.target"
    printed = capsys.readouterr().out
    assert "systemctl --user enable --now memoire.service" in printed
    assert "systemctl --user daemon-reload" in printed


def test_the_units_command_starts_the_bridge_with_the_given_configuration(
    home: Path, tmp_path: Path, repository: Path
) -> None:
    """What systemd would run, run here: `check` in place of `serve`, which never returns."""
    config = write_config(tmp_path, repository)
    assert main(["service", "install", "--config", str(config)]) == 0

    command = shlex.split(_unit(home)["Service"]["ExecStart"])
    assert command[-2:] == ["--config", str(config.resolve())]
    command[command.index("serve")] = "check"
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"All notes in {repository}" in result.stdout


def test_install_honours_xdg_config_home(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert main(["service", "install"]) == 0
    assert (tmp_path / "xdg" / "systemd" / "user" / "memoire.service").is_file()


def test_an_existing_unit_is_replaced_only_with_force(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = home / ".config" / "systemd" / "user" / "memoire.service"
    path.parent.mkdir(parents=True)
    path.write_text("[Service]\nExecStart=/my/own/memoire serve\n", encoding="utf-8")

    assert main(["service", "install"]) == 2
    error = capsys.readouterr().err
    assert "already exists; add --force" in error
    assert error.count("\n") == 1
    assert "/my/own/memoire" in path.read_text(encoding="utf-8"), "kept as it was"

    assert main(["service", "install", "--force"]) == 0
    assert sys.executable in path.read_text(encoding="utf-8")


def test_a_missing_configuration_is_refused_before_writing(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["service", "install", "--config", str(tmp_path / "absent.toml")]) == 2
    assert "no such configuration file" in capsys.readouterr().err
    assert not (home / ".config" / "systemd").exists()


def test_uninstall_removes_the_unit_once_disabled(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["service", "install"]) == 0
    units = home / ".config" / "systemd" / "user"
    wants = units / "default.target.wants"
    wants.mkdir()
    (wants / "memoire.service").symlink_to(units / "memoire.service")

    assert main(["service", "uninstall"]) == 2
    assert "systemctl --user disable --now memoire.service" in capsys.readouterr().err
    assert (units / "memoire.service").exists()

    (wants / "memoire.service").unlink()
    assert main(["service", "uninstall"]) == 0
    assert not (units / "memoire.service").exists()
    assert main(["service", "uninstall"]) == 2, "nothing left to remove says so"


@pytest.mark.parametrize(
    ("word", "written"),
    [
        ("/home/me/My Tools/python", '"/home/me/My Tools/python"'),
        ("/srv/100%/python", "/srv/100%%/python"),
        ("/opt/$HOME/python", "/opt/$$HOME/python"),
    ],
)
def test_paths_are_written_the_way_systemd_reads_them(word: str, written: str) -> None:
    line = next(line for line in unit_text([word, "-m", "memoire"]).splitlines() if "Exec" in line)
    assert line == f"ExecStart={written} -m memoire"
