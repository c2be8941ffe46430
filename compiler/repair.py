"""Checking a build's output against what the last build wrote, so that a damaged output repairs
itself on the next build.

The manifest records each output file's size, ctime and sha256 digest as written (a
:class:`~compiler.output.Stamp`): every card module, keyword module and both files of the index.
Every build that writes into an output with a manifest first checks them, cheaply: one ``lstat``
per card module from the open card folder (:func:`~compiler.sources.lstat_all`) and two list
comparisons in C, and one ``stat`` per keyword module and index file.  Only a file whose size or
ctime disagrees with its record is read and hashed.  Its bytes unchanged (it was only touched,
renamed back or copied), its new size and ctime are recorded; else it is damaged, as a missing
file is, and written again: a card's module by compiling the card again (the manifest doesn't
hold the module's code), a keyword module or the index by rendering it again.

The ctime (the inode's change time), not the mtime: the system sets it on every write, rename
and change of mtime, and no call sets it back, so it also moves when two modules of one size
and one mtime are swapped by renames (a rename keeps the mtime) and when a file is written and
its mtime set back.  Like git's index, which checks the ctime for the same reason.
"""
from __future__ import annotations

import hashlib
import operator
import os
import stat
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path

from .cache import Manifest
from .output import INDEX_FILES, Stamp
from .sources import lstat_all


@dataclass(frozen=True)
class OutputCheck:
    """How a build's output compares with the manifest's record of it."""

    damaged: dict[int, str] = field(default_factory=dict)  # rows whose card module is missing or changed: why
    touched: dict[int, Stamp] = field(default_factory=dict)  # rows whose module has a new stamp, same bytes
    damaged_files: frozenset[str] = frozenset()  # other outputs missing or changed (paths in the package)
    touched_files: dict[str, Stamp] = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # the other outputs written again, and why: "index.txt (missing)"

    @property
    def keywords(self) -> bool:
        """Whether a keyword module is missing or damaged."""
        return any(f.startswith("keywords/") for f in self.damaged_files)

    @property
    def index(self) -> bool:
        """Whether a file of the index is missing or damaged."""
        return any(f in INDEX_FILES for f in self.damaged_files)

    @property
    def unchanged(self) -> bool:
        """Whether every output is as recorded (nothing to repair, and no new stamp to record)."""
        return not (self.damaged or self.touched or self.damaged_files or self.touched_files)


def _look(path: str, recorded: Stamp) -> Stamp | str:
    """A file whose ``lstat`` disagrees with its record (or couldn't be had): its new stamp if
    its bytes are still those recorded, else why it is damaged."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return "not a file"
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return "missing"
    except OSError as e:
        return f"unreadable: {e.strerror}"
    digest = hashlib.sha256(data).digest()
    if digest != recorded.digest or len(data) != st.st_size:
        return "changed since it was written"
    return Stamp(st.st_size, st.st_ctime_ns, digest)


def check_outputs(old: Manifest, pkg: Path) -> OutputCheck:
    """Compare the output package ``pkg`` with ``old``, the manifest of the build that wrote it."""
    damaged: dict[int, str] = {}
    touched: dict[int, Stamp] = {}
    damaged_files: set[str] = set()
    touched_files: dict[str, Stamp] = {}
    notes: list[str] = []
    folder = os.path.join(pkg, "cards")
    prefix = os.path.join(folder, "")
    names = [w + ".py" for w in old.written]
    sts = lstat_all(folder, prefix, names) if names else []
    suspects: list[int] = []
    if sts is None:  # one at least can't be had (missing, most likely)
        if not os.path.isdir(folder):  # (the whole folder gone: no file to look at)
            damaged.update(zip(range(len(names)), repeat("missing")))
        else:  # each by itself; those that disagree are looked at (read, for those that exist)
            for i, name in enumerate(names):
                try:
                    st = os.lstat(prefix + name)
                    if st.st_ctime_ns == old.out_ctimes[i] and st.st_size == old.out_sizes[i]:
                        continue
                except OSError:
                    pass
                suspects.append(i)
    else:
        ctimes = list(map(operator.attrgetter("st_ctime_ns"), sts))
        sizes = list(map(operator.attrgetter("st_size"), sts))
        if ctimes != old.out_ctimes or sizes != old.out_sizes:  # (else, the usual case: all as recorded)
            suspects = [i for i, (c, s, oc, os_) in enumerate(zip(ctimes, sizes, old.out_ctimes, old.out_sizes))
                        if c != oc or s != os_]
    for i in suspects:
        found = _look(prefix + names[i], Stamp(old.out_sizes[i], old.out_ctimes[i], old.out_digests[i]))
        if isinstance(found, Stamp):
            touched[i] = found
        else:
            damaged[i] = found
    for name, recorded in sorted(old.outputs.items()):
        path = os.path.join(pkg, name)
        try:
            st = os.lstat(path)
            if st.st_size == recorded.size and st.st_ctime_ns == recorded.ctime_ns and stat.S_ISREG(st.st_mode):
                continue
        except OSError:
            pass
        found = _look(path, recorded)
        if isinstance(found, Stamp):
            touched_files[name] = found
        else:
            damaged_files.add(name)
            notes.append(f"{name} ({found})")
    return OutputCheck(damaged, touched, frozenset(damaged_files), touched_files, tuple(notes))
