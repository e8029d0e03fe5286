"""A long-running bridge's memory stays flat: every cache keeps its bound on every path.

Each write makes new things worth caching (the note's new blob, the folder's new tree, a
new commit), so a cache whose limit is checked only on some paths grows with every write.
These tests drive many more writes than each bound through the real service, with the
bounds made small, and look at every cache after each one.
"""

from __future__ import annotations

from pathlib import Path

import pygit2
import pytest

from memoire import catalog
from memoire.service import MemoryService
from memoire.storage import snapshots, store, trail
from memoire.storage.caches import BoundedCache

from .conftest import ServiceFactory

SMALL_BOUND = 4
LARGEST_CACHED_OBJECT = 4096  # libgit2's default size limit for cached commits and trees
WRITES = 30
FOLDERS = ("people", "topics", "journal")


@pytest.fixture
def small_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bounds far below the number of writes, read when the service is built."""
    for module, name in (
        (catalog, "LOADED_NOTES_KEPT"),
        (catalog, "PUBLIC_COMMITS_KEPT"),
        (snapshots, "FOLDER_LISTINGS_KEPT"),
        (snapshots, "DOT_LISTINGS_KEPT"),
        (trail, "STEPS_KEPT"),
    ):
        monkeypatch.setattr(module, name, SMALL_BOUND)


def _cache_sizes(service: MemoryService) -> dict[str, tuple[int, int]]:
    """(entries, bound) of every cache the service keeps across calls."""
    reader = service._store._reader
    notes = service._catalog
    return {
        "loaded notes": (len(notes._loaded), SMALL_BOUND),
        "public commits": (len(notes._public_commits), SMALL_BOUND),
        "folder listings": (len(reader.folder_listings), SMALL_BOUND),
        "dot names": (len(reader.dot_listings), SMALL_BOUND),
        "snapshots": (len(reader.snapshots), snapshots.SNAPSHOTS_KEPT),
        "index answers": (len(service._index_cache), 2),  # with and without sensitive
        "history steps": (len(service._store._trails._kept), SMALL_BOUND),
    }


@pytest.mark.usefixtures("small_bounds")
def test_every_cache_stays_within_its_bound_over_many_writes(
    repository: Path, make_service: ServiceFactory
) -> None:
    service = make_service(repository)
    written: dict[str, list[str]] = {}
    for number in range(WRITES):
        path = f"{FOLDERS[number % len(FOLDERS)]}/note-{number % 5}.md"
        written.setdefault(path, []).append(f"line {number}")
        service.append("desk", path, f"line {number}", title=f"Note {number % 10}", sensitive=False)
        service.read("desk", path)
        service.index("desk")
        service.index("voice")  # the commit a client without sensitive is told about
        service.search("voice", "line")
        service.history("desk", path)
        for cache, (entries, bound) in _cache_sizes(service).items():
            assert entries <= bound, f"{cache}: {entries} entries after write {number + 1}"
    for path, lines in written.items():
        assert service.read("desk", path).body.split("\n")[-len(lines) - 1 : -1] == lines


@pytest.mark.usefixtures("small_bounds")
def test_notes_forgotten_by_the_cache_are_loaded_again_unchanged(
    repository: Path, make_service: ServiceFactory
) -> None:
    service = make_service(repository)
    for number in range(3 * SMALL_BOUND):
        service.append(
            "desk", f"topics/note-{number}.md", f"only in note {number}", title="N", sensitive=False
        )
    for number in range(3 * SMALL_BOUND):
        assert f"only in note {number}" in service.read("desk", f"topics/note-{number}.md").body
    assert len(service._catalog._loaded) <= SMALL_BOUND


def test_a_bounded_cache_forgets_the_least_recently_used_entry_first() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("old", 1)
    cache.put("used", 2)
    assert cache.get("old") == 1  # now the most recently used
    cache.put("new", 3)
    assert ("old" in cache, "used" in cache, "new" in cache) == (True, False, True)
    assert len(cache) == 2


def test_a_cache_without_room_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one entry"):
        BoundedCache[str, int](0)


def test_libgit2_object_cache_is_bounded_to_a_few_mib() -> None:
    """libgit2 caches every small commit and tree it meets, 256 MiB by default. It evicts
    before it inserts, so the total may end one cached object (at most 4 KiB: libgit2 caches
    commits and trees up to that size) over the bound."""
    used, bound = pygit2.settings.cached_memory
    assert bound == store.GIT_OBJECT_CACHE_BYTES <= 16 * 2**20
    assert used <= bound + LARGEST_CACHED_OBJECT
