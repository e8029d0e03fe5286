"""A bridge's start, without the cyclic garbage collector running through it.

Starting `memoire stdio` or `memoire serve` creates hundreds of thousands of objects that
live as long as the process: modules, the MCP SDK's pydantic models, the tools' schemas.
While they are made, the collector runs again and again and finds nothing to free; after,
every full collection walks them all once more. So the collector is paused while the
bridge starts, and what the start made is then frozen (`gc.freeze`: left out of every
later collection) before the collector resumes. What the start left in reference cycles
stays until the process ends: a megabyte or so, once.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside the block; what it made is frozen when it ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
