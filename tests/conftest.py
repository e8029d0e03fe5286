"""Shared fixtures: real Git repositories in temporary folders, never a mocked Git."""

from __future__ import annotations

import importlib.util
import os
import subprocess
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from memoire.bootstrap import create_memory
from memoire.config import Config, Limits, MemoryLocation
from memoire.core.acl import FULL, READ_ONLY, AccessTable, Rights
from memoire.core.layout import ENGLISH, Layout
from memoire.service import MemoryService
from memoire.storage import durability

# No silent skip: without the Home Assistant harness its tests could not run, so say why.
if importlib.util.find_spec("pytest_homeassistant_custom_component") is None:
    raise pytest.UsageError(
        "The Home Assistant tests need their harness, which needs Python >= 3.14.2 (Home "
        "Assistant's own floor). Run the tests with Python 3.14.2 or newer: uv run pytest"
    )

TODAY = date(2026, 11, 29)
CLIENTS: dict[str, Rights] = {
    "desk": FULL,
    "voice": READ_ONLY,
    "observer": Rights(),
}


def git(
    repository: Path, *arguments: str, name: str = "Person", email: str = "person@example.org"
) -> str:
    """The real git command line, as a person would use it on the same repository; `name`
    and `email` are whatever that person configured (anyone may claim to be memoire)."""
    result = subprocess.run(
        ["git", "-C", str(repository), *arguments],
        capture_output=True,
        text=True,
        check=True,
        env={
            "GIT_AUTHOR_NAME": name,
            "GIT_AUTHOR_EMAIL": email,
            "GIT_COMMITTER_NAME": name,
            "GIT_COMMITTER_EMAIL": email,
            "HOME": str(repository),
            "PATH": "/usr/bin:/bin",
        },
    )
    return result.stdout


def fsck_problems(repository: Path) -> set[str]:
    """What `git fsck --strict` finds wrong (dangling objects are normal and not counted)."""
    fsck = subprocess.run(
        ["git", "-C", str(repository), "fsck", "--strict", "--no-progress", "--no-dangling"],
        capture_output=True,
        text=True,
        check=False,
    )
    problems = set((fsck.stdout + fsck.stderr).splitlines())
    assert fsck.returncode == 0 or problems, "fsck failed without saying why"
    return problems


def make_config(
    repository: Path,
    *,
    layout: Layout = ENGLISH,
    subdir: str = "",
    limits: Limits | None = None,
    clients: dict[str, Rights] | None = None,
    remote: str | None = None,
    fetch_interval_seconds: int = 60,
) -> Config:
    memory = MemoryLocation(
        repository=repository,
        subdir=subdir,
        layout=layout,
        remote=remote,
        fetch_interval_seconds=fetch_interval_seconds,
    )
    return Config(
        memory=memory,
        access=AccessTable(clients or CLIENTS),
        limits=limits or Limits(min_free_disk_bytes=0),
    )


@pytest.fixture(autouse=True, scope="session")
def _fsync_threads() -> None:
    """memoire's fsync threads live as long as the process (`storage.durability`): started
    before the first test, they are not threads a test left behind (which Home Assistant's
    test plugin refuses)."""
    durability.fsync_threads()


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    path = tmp_path / "memory"
    create_memory(path, "", ENGLISH)
    return path


ServiceFactory = Callable[..., MemoryService]


@pytest.fixture(autouse=True)
def _loopback_sockets(request: pytest.FixtureRequest) -> None:
    """Home Assistant's test plugin blocks sockets; these tests run real bridges on loopback."""
    if request.config.pluginmanager.has_plugin("socket"):
        request.getfixturevalue("socket_enabled")


@pytest.fixture(autouse=True)
def _no_warm_hosts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every `memoire stdio` a test spawns serves in its own process and starts no warm host
    (one would linger, holding the processor, after its test): only the warm host's own tests
    (tests/test_warm_host.py) let stdio start one."""
    monkeypatch.setenv("MEMOIRE_KEEP_WARM", "0")


@pytest.fixture
def make_service() -> Iterator[ServiceFactory]:
    services: list[MemoryService] = []

    def factory(repository: Path, **options: object) -> MemoryService:
        service = MemoryService(make_config(repository, **options), today=lambda: TODAY)  # type: ignore[arg-type]
        services.append(service)
        return service

    yield factory
    for service in services:
        service.close()


@pytest.fixture
def service(repository: Path, make_service: ServiceFactory) -> MemoryService:
    return make_service(repository)


def write_config(
    directory: Path, repository: Path, extra: str = "", layout: str = "en", memory: str = ""
) -> Path:
    """A memoire.toml as a user would write it, with the test clients' rights.

    `memory` adds lines to [memory]; `extra` adds sections at the end.
    """
    config = directory / "memoire.toml"
    config.write_text(
        f'[memory]\nrepository = "{repository}"\nlayout = "{layout}"\n{memory}'
        "[limits]\nmin_free_disk_mb = 0\n"
        "[clients.desk]\nread = true\nsensitive = true\nwrite = true\n"
        "[clients.voice]\nread = true\n"
        "[clients.observer]\n"
        f"{extra}"
    )
    return config


def fsynced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The path of every file or folder fsynced by Python code from now on, in order."""
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        synced.append(str(Path(f"/proc/self/fd/{descriptor}").readlink()))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced


def fsync_spans(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """("start" or "end", path) for every fsync made by Python code from now on, in the
    order they happened, whichever thread made them: fsyncs issued together overlap."""
    events: list[tuple[str, str]] = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        path = str(Path(f"/proc/self/fd/{descriptor}").readlink())
        events.append(("start", path))
        real_fsync(descriptor)
        events.append(("end", path))

    monkeypatch.setattr(os, "fsync", fsync)
    return events
