"""A write's fsyncs in rounds: those that do not depend on each other issued together.

On ext4 (and XFS) an fsync commits the file system's journal, then flushes the disk's
cache. Issued one after another, each fsync waits for a commit and a flush of its own: 16
per append in the fifth pass, about a third of an append's wall time at 10,000 notes on a
quiet disk, and most of it on a disk others are syncing. Issued at once from several
threads (`os.fsync` releases the GIL), fsyncs whose changes sit in the same running
transaction wait for one commit and one flush (jbd2 groups them): measured on this
machine's ext4, four new files fsynced together took 0.6-0.7 ms where one after another
took 6-8 ms (bench/writes.md, sixth pass).

So a write's fsyncs come in rounds (`loose_objects`, `worktree`, `loose_refs`): the files
of its Git objects; then their folders, with the journal's file and the working-tree
copy's (written to memoire's scratch folder); then the journal's folder, with the ref's
lock and its reflogs; then the ref's folder, the commit point; last the copy's folder,
once it is renamed into place, while the index is written (`Fsyncs`). A round returns
only once every fsync in it is done, and what relies on a round is done after it, so
every order that matters is kept exactly as before: an object's file before its name,
every object before a reflog or the ref names it, the journal before the ref, the lock
before its rename, the ref before the working tree, the copy before the index.

A folder whose fsync can wait for the next round is named with `later`, a file with
`later_file`; `now` fsyncs the descriptors it is given and everything waiting, together,
and returns once all are durable. A failed fsync raises, and the folders waiting stay
waiting: whatever comes next, the ref cannot move before they are durable.
"""

from __future__ import annotations

import functools
import os
import queue
import threading
from collections.abc import Sequence
from pathlib import Path

FSYNC_THREADS = 8  # a round holds at most ~10 fsyncs; more threads would only wait
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


class Durability:
    """What of one repository's write waits for the next round: folders whose new or
    renamed entries are not durable yet, and files written but not yet fsynced."""

    def __init__(self) -> None:
        self._folders: dict[Path, None] = {}  # ordered, each folder once
        self._files: list[int] = []  # duplicates of the writer's descriptors, owned here

    def later(self, folder: Path) -> None:
        """Fsync `folder` in the next round."""
        self._folders[folder] = None

    def later_file(self, descriptor: int) -> None:
        """Fsync the file open at `descriptor` in the next round (the caller may close it)."""
        self._files.append(os.dup(descriptor))

    def now(self, *descriptors: int) -> None:
        """Fsync `descriptors` and everything waiting, together; return once all are
        durable. On failure the folders stay waiting, the files are dropped (their write
        failed with this round)."""
        opened: list[int] = []
        try:
            for folder in self._folders:
                opened.append(os.open(folder, _FOLDER_FLAGS))
            fsync_together([*descriptors, *self._files, *opened])
        finally:
            for descriptor in [*opened, *self._files]:
                os.close(descriptor)
            self._files.clear()
        self._folders.clear()


def fsync_together(descriptors: Sequence[int]) -> None:
    """Fsync every descriptor, all at once; return when all are done, raising the first
    error once every fsync has returned (a descriptor is never closed under one)."""
    if not descriptors:
        return
    first, *others = descriptors
    started = Fsyncs(others)
    try:
        os.fsync(first)
    finally:
        started.wait()


class Fsyncs:
    """Fsyncs handed to the threads, done while the caller goes on until it `wait`s."""

    def __init__(self, descriptors: Sequence[int]) -> None:
        self._answers: queue.SimpleQueue[OSError | None] = queue.SimpleQueue()
        self._left = len(descriptors)
        self._failure: OSError | None = None
        if descriptors:
            threads = fsync_threads()
            for descriptor in descriptors:
                threads.put((descriptor, self._answers))

    def wait(self) -> None:
        """Return once every fsync is done; raise the first error (again at each call)."""
        while self._left:
            answer = self._answers.get()  # each one, even after a failure
            self._failure = self._failure or answer
            self._left -= 1
        if self._failure is not None:
            raise self._failure


type _Request = tuple[int, queue.SimpleQueue[OSError | None]]


@functools.cache
def fsync_threads() -> queue.SimpleQueue[_Request]:
    """Where fsyncs are handed to threads that live as long as the process (one started
    per round would cost ~0.1 ms of CPU each; handing one over costs ~0.01 ms)."""
    requests: queue.SimpleQueue[_Request] = queue.SimpleQueue()
    for number in range(FSYNC_THREADS):
        name = f"memoire-fsync-{number}"
        threading.Thread(target=_fsync_forever, args=(requests,), name=name, daemon=True).start()
    return requests


def _fsync_forever(requests: queue.SimpleQueue[_Request]) -> None:
    while True:
        descriptor, answers = requests.get()
        try:
            os.fsync(descriptor)
        except OSError as error:
            answers.put(error)
        else:
            answers.put(None)


os.register_at_fork(after_in_child=fsync_threads.cache_clear)  # a child has none of them
