"""The file system's state before a benchmark that creates tens of thousands of files."""
from __future__ import annotations

import os


def settle_file_system() -> str:
    """Write everything out and drop the clean page cache (root only); what was done.

    ext4 without a journal (this machine's root file system) skips inodes freed in the last one
    to six minutes when it allocates new ones (``recently_deleted`` in fs/ext4/ialloc.c), scanning
    from the start of the block group for every new file.  Right after a run deleted tens of
    thousands of files (a previous benchmark's pool and output, or the other side of
    ``compare.py``), creating as many again took 19-21 CPU-s in the kernel here instead of 1-2
    (perf: ``recently_deleted`` and ``find_inode_bit`` over half of it).  Once the inode tables
    are written out and evicted the check passes at once.  The sources and outputs a section
    writes afterwards are cached as usual; only modules and the venv are read again once."""
    os.sync()
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("1\n")
    except OSError:
        return "synced; page cache not dropped (not permitted): a recent deletion may slow file creation"
    return "synced, page cache dropped"
