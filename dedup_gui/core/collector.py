"""The interpreter's cyclic garbage collector paused while the engine makes objects that live on (``paused_gc``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc(freeze: bool = False, young_first: bool = False) -> Iterator[None]:
    """No cyclic garbage collection while a run works: it makes millions of small lists, dicts and objects (word
    lists, clusters) and no reference cycles to speak of, and every collection would walk all of them again (a
    third of the time spent making the clusters of a million rows). Collection resumes at the end.

    ``freeze``: what is alive at the end is first taken out of all later collections (``gc.freeze``). For a caller
    that keeps the table and the clusters to the end of the process (``dedup-cli`` writing its files): the first
    full collections after the pause would walk every row list and cluster again (0.8 s before the cleaned file of
    a million short texts is written). Cyclic garbage made during the pause is frozen with them, kept until the
    caller's ``gc.unfreeze()`` (``dedup-cli`` calls it once its files are written).

    For a process that only runs the engine (``dedup-cli``, its imports too; the window's engine worker process).
    In the window's own process only with ``freeze`` and briefly (a result's clusters rebuilt as it arrives,
    ``DedupResult.__setstate__``): otherwise the collections put off would fall due later, at any point of the GUI
    thread, pyqtgraph's painting included.

    ``young_first`` (with ``freeze``): the young generations collected before the pause - few objects, so quickly -
    so that no garbage made before it is frozen with what the pause makes (the window's run sessions and hot
    stories)."""
    if young_first:
        gc.collect(1)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if was_enabled:
            gc.enable()
