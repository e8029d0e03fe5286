"""The Home Assistant add-on, without a container engine: its options become a configuration
that the bridge's own loader accepts, its run script starts from them, and bad options stop
it with one clear line (exit status 2) before anything is written."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
import yaml

from memoire.addon import OPTION_KEYS, RIGHTS_LEVELS, main, parse_options, prepare
from memoire.config import load_config
from memoire.core.acl import Rights
from memoire.core.layout import LAYOUTS
from memoire.storage.tokens import TokenStore
from tests.bridges import free_port, wait_for_port

ADDON = Path(__file__).parent.parent / "memoire_bridge"
VALID: dict[str, Any] = {
    "layout": "en",
    "remote": "",
    "port": 8765,
    "clients": [
        {"name": "voice", "rights": "read"},
        {"name": "desk", "rights": "write"},
        {"name": "doctor", "rights": "sensitive"},
        {"name": "observer", "rights": "none"},
    ],
}


def _options(tmp_path: Path, options: object) -> Path:
    path = tmp_path / "options.json"
    path.write_text(json.dumps(options), encoding="utf-8")
    return path


def _prepare(tmp_path: Path, options: object) -> Path:
    """Runs the add-on's preparation; the folder standing for its /data."""
    data = tmp_path / "data"
    prepare(_options(tmp_path, options), data, tmp_path / "config")
    return data


def _addon_manifest() -> dict[str, Any]:
    manifest: dict[str, Any] = yaml.safe_load((ADDON / "config.yaml").read_text("utf-8"))
    return manifest


def test_options_become_the_access_table_the_bridge_loads(tmp_path: Path) -> None:
    data = _prepare(tmp_path, VALID)

    config = load_config(data / "memoire.toml")
    assert config.memory.repository == (data / "memory").resolve()
    assert config.memory.layout.name == "en"
    assert config.memory.remote is None
    assert (config.server.host, config.server.port) == ("0.0.0.0", 8765)
    assert config.access.clients() == {
        "voice": Rights(read=True),
        "desk": Rights(read=True, sensitive=True, write=True),
        "doctor": Rights(read=True, sensitive=True),
        "observer": Rights(),
    }
    assert (data / "memory" / ".git").is_dir(), "the memory is created under /data"


def test_the_french_layout_and_another_port_reach_the_configuration(tmp_path: Path) -> None:
    data = _prepare(tmp_path, VALID | {"layout": "fr", "port": 9000})

    config = load_config(data / "memoire.toml")
    assert (config.memory.layout.name, config.server.port) == ("fr", 9000)
    assert (data / "memory" / "profil.md").exists() or (data / "memory" / "personnes").exists()


def test_each_client_with_rights_gets_one_token_printed_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _prepare(tmp_path, VALID)
    first = capsys.readouterr().out
    _prepare(tmp_path, VALID)
    again = capsys.readouterr().out

    tokens = TokenStore(load_config(data / "memoire.toml").memory.tokens_file)
    assert sorted(record.client for record in tokens.records()) == ["desk", "doctor", "voice"]
    for record in tokens.records():
        assert f"Token for {record.client} " in first
    assert "Token for" not in again, "a restart prints no token again"


def test_a_client_removed_then_listed_again_gets_a_new_token(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _prepare(tmp_path, VALID)
    old = _printed_token(capsys.readouterr().out, "voice")
    tokens = TokenStore(load_config(data / "memoire.toml").memory.tokens_file)

    _prepare(tmp_path, VALID | {"clients": [{"name": "desk", "rights": "write"}]})
    assert "Revoked the tokens of voice" in capsys.readouterr().out
    assert tokens.client_for(old) is None, "a client no longer listed keeps no working token"

    _prepare(tmp_path, VALID)
    new = _printed_token(capsys.readouterr().out, "voice")
    assert new != old
    assert tokens.client_for(new) == "voice"


def _printed_token(output: str, client: str) -> str:
    line = next(line for line in output.splitlines() if line.startswith(f"Token for {client} "))
    return line.rsplit(" ", 1)[1]


@pytest.mark.parametrize(
    "remote", ["git@github.com:me/memory.git", "ssh://git@nas.local/srv/memory.git"]
)
def test_a_remote_url_is_kept_in_the_configuration(tmp_path: Path, remote: str) -> None:
    options = parse_options(VALID | {"remote": remote})
    assert options.remote == remote
    # The configuration is checked without reaching the remote: nothing here can.
    from memoire.addon import config_text

    config_file = tmp_path / "memoire.toml"
    config_file.write_text(config_text(options, tmp_path / "memory"), encoding="utf-8")
    assert load_config(config_file).memory.remote == remote


def test_an_ssh_key_in_the_addon_folder_is_the_one_git_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_SSH_COMMAND", "restored after the test")
    key = tmp_path / "config" / "ssh" / "id_ed25519"
    key.parent.mkdir(parents=True)
    key.write_text("not a real key\n", encoding="utf-8")

    launch = prepare(_options(tmp_path, VALID), tmp_path / "data", tmp_path / "config")

    command = shlex.split(launch.env["GIT_SSH_COMMAND"])
    assert command[:3] == ["ssh", "-i", str(key)]
    assert f"UserKnownHostsFile={key.parent / 'known_hosts'}" in command


BAD_OPTIONS: list[tuple[str, object, str]] = [
    ("missing port", {k: v for k, v in VALID.items() if k != "port"}, "missing option(s) port"),
    ("missing clients", {"layout": "en", "port": 8765}, "missing option(s) clients"),
    ("unknown key", VALID | {"prot": 1}, "unknown option(s) prot"),
    ("bad layout", VALID | {"layout": "de"}, "layout 'de' is not one of"),
    ("port too large", VALID | {"port": 70000}, "port 70000 must be a whole number from 1"),
    ("port as text", VALID | {"port": "8765"}, "port '8765' must be a whole number"),
    ("port zero", VALID | {"port": 0}, "port 0 must be"),
    (
        "bad rights",
        VALID | {"clients": [{"name": "voice", "rights": "admin"}]},
        "rights 'admin' is not one of: none, read, sensitive, write",
    ),
    (
        "bad client name",
        VALID | {"clients": [{"name": "Voice Assistant", "rights": "read"}]},
        "client name 'Voice Assistant'",
    ),
    (
        "client twice",
        VALID | {"clients": [{"name": "voice", "rights": "read"}] * 2},
        "listed twice",
    ),
    ("client without rights", VALID | {"clients": [{"name": "voice"}]}, "a name and rights"),
    ("remote not a URL", VALID | {"remote": "my memory"}, "is not a Git URL"),
    (
        "password in the remote",
        VALID | {"remote": "https://me:hunter2@git.example.org/memory.git"},
        "remote holds a password",
    ),
    ("not a mapping", ["en"], "options must be a mapping"),
]


@pytest.mark.parametrize(
    ("options", "message"),
    [pytest.param(options, message, id=name) for name, options, message in BAD_OPTIONS],
)
def test_bad_options_stop_the_addon_with_one_line_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: object, message: str
) -> None:
    data = tmp_path / "data"
    status = main([str(_options(tmp_path, options)), str(data), str(tmp_path / "config")])

    error = capsys.readouterr().err
    assert status == 2
    assert message in error
    assert error.startswith("memoire add-on: ")
    assert error.count("\n") == 1
    assert not data.exists(), "nothing is written for options that cannot be used"


def test_a_missing_or_broken_options_file_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(tmp_path / "absent.json"), str(tmp_path), str(tmp_path)]) == 2
    assert "no options file" in capsys.readouterr().err
    broken = tmp_path / "options.json"
    broken.write_text("{layout: en", encoding="utf-8")
    assert main([str(broken), str(tmp_path), str(tmp_path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_the_run_script_refuses_bad_options_without_a_traceback(tmp_path: Path) -> None:
    """The script's own command line, with this machine's Python and temporary folders."""
    options = _options(tmp_path, VALID | {"port": 70000})
    command = _run_script_command(options, tmp_path / "data", tmp_path / "config")

    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)

    assert result.returncode == 2
    assert result.stderr.strip().startswith("memoire add-on: port 70000")
    assert "Traceback" not in result.stderr


def _run_script_command(options: Path, data: Path, config: Path) -> list[str]:
    script = (ADDON / "run.sh").read_text(encoding="utf-8")
    line = next(line for line in script.splitlines() if line.startswith("exec "))
    words = shlex.split(line.removeprefix("exec "))
    assert words[:3] == ["python3", "-m", "memoire.addon"]
    assert words[3:] == ["/data/options.json", "/data", "/config"]
    return [sys.executable, "-m", "memoire.addon", str(options), str(data), str(config)]


def test_the_prepared_addon_serves_each_client_its_rights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the run script executes, on loopback instead of every address."""
    data = tmp_path / "data"
    launch = prepare(_options(tmp_path, VALID), data, tmp_path / "config")
    output = capsys.readouterr().out
    assert launch.argv == ("memoire", "serve", "--config", str(data / "memoire.toml"))

    with _serving(list(launch.argv[1:]), tmp_path) as url:
        for client, rights in (("voice", ["read"]), ("desk", ["read", "sensitive", "write"])):
            token = _printed_token(output, client)
            answer = httpx2.get(
                f"{url}/api/v1/whoami", headers={"Authorization": f"Bearer {token}"}, timeout=30
            )
            assert answer.status_code == 200
            granted = answer.json()["rights"]
            assert [name for name in ("read", "sensitive", "write") if granted[name]] == rights


@contextmanager
def _serving(arguments: list[str], tmp_path: Path) -> Iterator[str]:
    port = free_port()
    command = [sys.executable, "-m", "memoire", *arguments, "--host", "127.0.0.1"]
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as output:
        process = subprocess.Popen(
            [*command, "--port", str(port)], stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_for_port(port, process, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_addon_form_offers_exactly_what_the_options_accept() -> None:
    manifest = _addon_manifest()
    schema = manifest["schema"]

    assert set(schema) == OPTION_KEYS
    assert schema["layout"] == f"list({'|'.join(sorted(LAYOUTS))})"
    assert schema["clients"][0]["rights"] == f"list({'|'.join(RIGHTS_LEVELS)})"
    assert parse_options(manifest["options"]).port == 8765, "the defaults are valid options"


def test_the_addon_is_a_store_entry_home_assistant_accepts() -> None:
    manifest = _addon_manifest()
    required = {"name", "version", "slug", "description", "arch"}
    assert required <= set(manifest)
    assert manifest["slug"] == ADDON.name, "the slug names the add-on's folder"
    assert set(manifest["arch"]) <= {"aarch64", "amd64"}
    assert "addon_config:rw" in manifest["map"]
    repository = yaml.safe_load((ADDON.parent / "repository.yaml").read_text("utf-8"))
    assert {"name", "url", "maintainer"} <= set(repository)
    for name in ("DOCS.md", "CHANGELOG.md", "icon.png", "logo.png", "Dockerfile", "run.sh"):
        assert (ADDON / name).is_file(), name


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_addon_form_explains_every_option(language: str) -> None:
    translation = yaml.safe_load((ADDON / "translations" / f"{language}.yaml").read_text("utf-8"))
    fields = translation["configuration"]
    assert set(fields) == OPTION_KEYS
    assert all(field["name"] and field["description"] for field in fields.values())
