"""``cardsmith build --watch``: rebuild whenever a source changes, in one long-running process.

A one-shot ``cardsmith build`` after editing one card of a large pool pays, besides the
``stat`` of every source, for starting Python and importing the compiler (textX, Jinja2, the
IR) and loading the metamodel: about half of its time.  A watching process pays for those once;
each round is then an ordinary :func:`compiler.build.build` (the same cache, manifest and
output, so a one-shot build afterwards finds everything up to date), started every ``interval``
seconds, and it reports only the rounds that did something.  The watcher polls with ``stat``
rather than asking the operating system for change notifications: it needs nothing beyond the
standard library and misses nothing a one-shot build would see.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from .build import BuildReport, build

DEFAULT_INTERVAL = 0.1  # seconds between the end of a round and the start of the next


def watch(paths: list[Path], out: Path, on_build: Callable[[BuildReport], None], jobs: int | None = None,
          interval: float = DEFAULT_INTERVAL, rounds: int | None = None) -> int:
    """Build ``paths`` into ``out``, then again every ``interval`` seconds, calling ``on_build``
    with the first report and with every later one that compiled or wrote something or whose
    diagnostics differ from the round before (a file that keeps failing is compiled again each
    round, as by any build, but reported once).  Runs until interrupted, or for ``rounds`` builds
    in all when given (for tests); returns how many builds ran."""
    done = 0
    last: list[object] = []
    while rounds is None or done < rounds:
        report = build(paths, out, jobs=jobs)
        done += 1
        if done == 1 or report.compiled or report.written or report.diagnostics != last:
            on_build(report)
        last = list(report.diagnostics)
        if rounds is None or done < rounds:
            time.sleep(interval)
    return done
