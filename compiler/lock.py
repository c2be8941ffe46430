"""One build at a time into an output folder: an advisory lock on a file in it.

Two builds writing one output at once could each settle names, modules and the manifest from
what the other is rewriting: a module written for one card by one build and recorded for another
by the other, a manifest that describes neither output.  So a build that writes holds an
exclusive ``flock`` on ``OUTPUT/.lock`` from before it reads the manifest until after it has
saved it; a second build waits for it (saying so), up to a limit, then gives up with an error.

The lock is the kernel's, on an open file: it goes away with the process that holds it, however
that process ends, so a build that was killed never leaves the output locked (the file itself
stays, empty, and means nothing).  Where ``fcntl`` is missing (not POSIX), builds are not locked.
"""
from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

try:
    import fcntl
except ImportError:  # pragma: no cover  (not POSIX)
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = ".lock"  # in the output folder
LOCK_WAIT = 120.0  # seconds a build waits for another into the same output (a cold build of a large pool)
_POLL = 0.05  # seconds between two tries while waiting


class OutputBusy(Exception):
    """Another build held the output's lock for longer than this one would wait."""

    def __init__(self, out: Path, waited: float) -> None:
        super().__init__(f"another build is writing into the output and didn't finish within {waited:g} s")
        self.out = out
        self.waited = waited


@contextmanager
def output_lock(out: Path, wait: float = LOCK_WAIT,
                waiting: Callable[[float], None] | None = None) -> Iterator[None]:
    """Hold the lock of the output folder ``out`` (made if missing) for the ``with`` block.

    Held by another process: ``waiting(wait)`` is called once, then the lock is tried every
    :data:`_POLL` seconds for up to ``wait`` seconds (0: not at all), after which
    :class:`OutputBusy` is raised.  A lock waited for with ``flock`` alone couldn't be given up
    after a time; polling costs nothing while the lock is free, the usual case."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    try:
        out.mkdir(parents=True)
    except FileExistsError:
        pass  # (a file in its place: opening the lock file in it says "Not a directory")
    fd = os.open(out / LOCK_FILE, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        if not _try_lock(fd):
            if waiting is not None:
                waiting(wait)
            deadline = time.monotonic() + wait
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    raise OutputBusy(out, wait)
                time.sleep(_POLL)
        yield
    finally:
        os.close(fd)  # (releases the lock)


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on ``fd`` if no other process holds it; whether it was taken."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
