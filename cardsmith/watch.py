"""``cardsmith build --watch``: rebuild whenever a source changes, in one long-running process.

A one-shot ``cardsmith build`` after editing one card of a large pool pays, besides the
``stat`` of every source, for starting Python and importing the compiler (textX, Jinja2, the
IR) and loading the metamodel: about half of its time.  A watching process pays for those once;
each round is then an ordinary :func:`compiler.build.build` (the same cache, manifest and
output, so a one-shot build afterwards finds everything up to date), and it reports only the
rounds that did something.

On Linux the process sleeps until the kernel reports a change in a source folder (inotify,
through ``ctypes``: nothing beyond the standard library), so a save starts a round at once and
an idle watcher costs nothing, and the round ``stat``s only the sources of the folders where
something changed: the others were watched since before the last round began and had no change
reported, so their manifest entries still hold (``build(..., unchanged_folders=...)``).  A folder
holding a symbolic link to a card elsewhere is always looked at.  Every :data:`SAFETY_SECONDS`
without a notification, and whenever the kernel's queue overflowed, a round looks at
everything, as a one-shot build does.  Elsewhere, or if inotify can't be set up, a round runs
every ``interval`` seconds and looks at everything.
"""
from __future__ import annotations

import os
import select
import struct
import sys
import time
from pathlib import Path
from typing import Callable

from compiler.build import BuildReport, build
from compiler.lock import LOCK_WAIT

DEFAULT_INTERVAL = 0.1  # seconds between rounds when polling
SAFETY_SECONDS = 2.0  # with notifications: the longest wait between two rounds
SETTLE_SECONDS = 0.01  # after a notification, for the rest of a save (several writes) to arrive

# inotify(7) event masks: any change to a folder's entries or to a file in it.
_IN_MODIFY, _IN_ATTRIB, _IN_CLOSE_WRITE = 0x2, 0x4, 0x8
_IN_MOVED_FROM, _IN_MOVED_TO, _IN_CREATE, _IN_DELETE = 0x40, 0x80, 0x100, 0x200
_IN_DELETE_SELF, _IN_MOVE_SELF = 0x400, 0x800
_MASK = (_IN_MODIFY | _IN_ATTRIB | _IN_CLOSE_WRITE | _IN_MOVED_FROM | _IN_MOVED_TO | _IN_CREATE | _IN_DELETE
         | _IN_DELETE_SELF | _IN_MOVE_SELF)


_IN_Q_OVERFLOW, _IN_IGNORED = 0x4000, 0x8000
_EVENT = struct.Struct("iIII")  # struct inotify_event: wd, mask, cookie, len (then the name)


class _Inotify:
    """Change notifications for a set of folders (Linux inotify)."""

    def __init__(self) -> None:
        import ctypes  # (only when watching: not on every start of the command line)

        self._libc = ctypes.CDLL(None, use_errno=True)
        fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1 failed")
        self.fd: int = fd
        self._folder_of: dict[int, str] = {}

    def watch(self, folders: list[str]) -> None:
        """Watch ``folders`` (again: watching a folder twice is one watch)."""
        for f in folders:
            wd = self._libc.inotify_add_watch(self.fd, os.fsencode(f), _MASK)
            if wd >= 0:  # (a folder gone meanwhile: nothing to watch)
                self._folder_of[wd] = f

    def wait(self, timeout: float) -> set[str] | None:
        """Wait up to ``timeout`` seconds for changes; the folders they were in (every pending
        notification is consumed), or None when there was none or the kernel dropped some (its
        queue overflowed): then nothing can be said about any folder."""
        if not select.select([self.fd], [], [], timeout)[0]:
            return None
        time.sleep(SETTLE_SECONDS)
        changed: set[str] = set()
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                break
            if not data:
                break
            at = 0
            while at < len(data):
                wd, mask, _, size = _EVENT.unpack_from(data, at)
                at += _EVENT.size + size
                if mask & _IN_Q_OVERFLOW or wd not in self._folder_of:
                    return None
                changed.add(self._folder_of[wd])
                if mask & _IN_IGNORED:  # the folder went away: its watch with it
                    del self._folder_of[wd]
        return changed

    def close(self) -> None:
        """Stop watching."""
        os.close(self.fd)


def _notifier() -> _Inotify | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return _Inotify()
    except (OSError, AttributeError):  # no inotify (another libc, a limit reached): poll instead
        return None


def _folders(paths: list[Path]) -> tuple[list[str], set[str]]:
    """Every folder a build of ``paths`` looks into (a file's own folder for a file), named as
    the build names them, and those holding a card file that is a symbolic link (whose target,
    elsewhere, is not watched)."""
    out: list[str] = []
    linked: set[str] = set()

    def walk(folder: str) -> None:
        out.append(folder)
        subfolders = []
        try:
            with os.scandir(folder) as entries:
                for e in entries:
                    if not e.name.endswith(".card"):
                        if e.is_dir():
                            subfolders.append(e.path)
                    elif e.is_symlink():
                        linked.add(folder)
        except OSError:
            return
        for sub in subfolders:
            walk(sub)

    for p in paths:
        if p.is_dir():
            walk(str(p))
        else:
            out.append(str(p.parent))
            if p.is_symlink():
                linked.add(str(p.parent))
    return out, linked


def watch(paths: list[Path], out: Path, on_build: Callable[[BuildReport], None], jobs: int | None = None,
          interval: float = DEFAULT_INTERVAL, rounds: int | None = None, lock_wait: float = LOCK_WAIT,
          waiting: Callable[[float], None] | None = None) -> int:
    """Build ``paths`` into ``out``, then again on every change (see the module docstring),
    calling ``on_build`` with the first report and with every later one that compiled or wrote
    something or whose diagnostics differ from the round before (a file that keeps failing is
    compiled again each round, as by any build, but reported once).  Runs until interrupted, or
    for ``rounds`` builds in all when given (for tests); returns how many builds ran.  ``lock_wait``
    and ``waiting``: as for :func:`compiler.build.build`, each round."""
    notifier = _notifier()
    done = 0
    last: list[object] = []
    unchanged: frozenset[str] = frozenset()
    watched: set[str] = set()
    try:
        if notifier is not None:
            folders, _ = _folders(paths)
            notifier.watch(folders)
            watched = set(folders)
        while rounds is None or done < rounds:
            report = build(paths, out, jobs=jobs, unchanged_folders=unchanged, lock_wait=lock_wait, waiting=waiting)
            done += 1
            if done == 1 or report.compiled or report.written or report.diagnostics != last:
                on_build(report)
            last = list(report.diagnostics)
            if rounds is not None and done >= rounds:
                break
            if notifier is None:
                time.sleep(interval)
                continue
            # A folder can be trusted unchanged by the next round when it was watched before this
            # one started and no change was reported in it since: any change after this round
            # looked at it was reported.  Folders made since are watched from now on.
            before = watched
            folders, linked = _folders(paths)
            notifier.watch(folders)
            watched = set(folders)
            changed = notifier.wait(max(SAFETY_SECONDS, interval))
            unchanged = frozenset() if changed is None else frozenset((before & watched) - changed - linked)
    finally:
        if notifier is not None:
            notifier.close()
    return done
