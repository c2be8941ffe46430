"""The file system's state before a benchmark that creates tens of thousands of files.

ext4 (this machine's root file system, without a journal) passes over recently freed inodes when
it allocates new ones (``recently_deleted`` in fs/ext4/ialloc.c: an inode whose deletion time is
less than RECENTCY_MIN = 60 s old, or 60 + RECENTCY_DIRTY = 360 s old while its inode-table block
is dirty in the buffer cache), and scans its block group from the start again for every new
file.  Right after tens of thousands of files were deleted nearby, creating as many again took
the build's own process 5.4-5.7 CPU-s in the kernel instead of 1.3-1.8 (perf:
``recently_deleted``, ``find_get_block_common``, ``find_inode_bit`` half of that process's
samples), and the cold build 14.5-15.8 s instead of 12.1.  Writing the inode tables out first
(``sync``) does not keep the longer window away: creating files writes new inodes into those same
blocks, which makes them dirty again, so for the rest of the build the deleted inodes beside them
count as deleted less than 360 s ago.  (Measured: a cold build 200 s after its previous output
was deleted, sources cached and synced, took its main process 3.7 CPU-s in the kernel, against
1.2 six minutes after it.)  So a benchmark that deletes many files (a pool and outputs at
the end of a run, the other side of ``compare.py``) says when (:func:`note_deletion`), and the
next one to settle the file system waits until that deletion is more than 360 s old.  A cold build
right after deleting its output is still measured, on purpose, and reported as such
(``cold_after_delete_*``).
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

# ext4's longer window (RECENTCY_MIN + RECENTCY_DIRTY: a build dirties the inode-table blocks it
# allocates from) plus a margin.
RECENT_DELETION_S = 362.0

_MARKER = Path(tempfile.gettempdir()) / "cardsmith-bench-last-deletion"


def note_deletion() -> None:
    """Record that many files were just deleted (see the module docstring)."""
    try:
        _MARKER.write_text(f"{time.time()!r}\n")
    except OSError:
        pass


def seconds_since_deletion() -> float | None:
    """Seconds since the last deletion a benchmark recorded, or None if none is recorded."""
    try:
        return time.time() - float(_MARKER.read_text())
    except (OSError, ValueError):
        return None


def wait_for_deletion_to_age() -> float:
    """Sleep until the last recorded deletion is :data:`RECENT_DELETION_S` old; seconds slept."""
    since = seconds_since_deletion()
    if since is None or not 0 <= since < RECENT_DELETION_S:
        return 0.0
    print(f"(waiting {RECENT_DELETION_S - since:.0f} s for files deleted {since:.0f} s ago to leave ext4's "
          "recently-deleted window: see benchmarks/filesystem.py)", file=sys.stderr, flush=True)
    time.sleep(RECENT_DELETION_S - since)
    return RECENT_DELETION_S - since


def settle_file_system() -> str:
    """Write everything out, wait until the last recorded mass deletion is more than six minutes
    old, and drop the clean page cache (root only); what was done."""
    os.sync()
    slept = wait_for_deletion_to_age()
    waited = f"waited {slept:.0f} s for a deletion to age, " if slept else ""
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("1\n")
    except OSError:
        return f"synced; {waited}page cache not dropped (not permitted)"
    return f"synced, {waited}page cache dropped"
