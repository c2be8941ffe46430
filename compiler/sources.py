"""A build's sources: finding the card and keyword files under the paths given (each card folder
listed once, and not again while unchanged: the listings are recorded in the cache folder),
reading a source's bytes and ``stat``-ing a folder's, and how a path is shown in diagnostics."""
from __future__ import annotations

import errno
import marshal
import os
import stat
import zlib
from pathlib import Path
from typing import Iterable

from .output import write_new

RACY_SECONDS = 1.0  # coarser than any common file system's timestamp granularity but FAT's
RACY_NS = int(RACY_SECONDS * 1e9)


def default_pool() -> Path:
    """The shipped pool: ``cards/`` beside the packages (or in the working directory)."""
    here = Path(__file__).resolve().parent.parent / "cards"
    return here if here.is_dir() else Path.cwd() / "cards"


def find_sources(paths: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    """Split paths (files or directories) into card files and keyword files, sorted."""
    folders, keywords = _walk_sources(paths)
    return [Path(f, n) for f, names in folders for n in names], keywords


_Listing = tuple[int, int, int, str]  # a folder's inode, mtime (ns), when read (ns), its card files NUL-joined


def _walk_sources(paths: Iterable[Path], listings: dict[str, _Listing] | None = None,
                  stamp: int = 0) -> tuple[list[tuple[str, list[str]]], list[Path]]:
    """Card files as (folder, sorted file names) strings, folders sorted -- a pool of tens of
    thousands of files is listed with one ``listdir`` per folder, without a ``Path`` or a
    ``DirEntry`` per file -- and keyword files, sorted.  A name ending in ``.card`` is taken for a
    card file (a folder so named is then reported as a file that can't be read); other entries
    are looked into when they are folders, through symbolic links too, as ``os.walk`` with
    ``followlinks`` does; a folder that can't be listed is skipped, as it does.

    With ``listings`` (see :func:`_load_listings`), a folder of card files only is not listed
    again while its inode and mtime are those recorded: adding, removing or renaming an entry
    sets a folder's mtime, and editing a file in it doesn't.  A record is trusted only if the
    folder had not changed within :data:`RACY_SECONDS` before it was read (a change in the same
    tick of the file system's clock would leave the mtime as recorded).  Folders listed here are
    recorded in ``listings`` (read at ``stamp``, taken before any of them).  Listing, keeping the
    card files and sorting them is otherwise the larger part of a no-op or one-card rebuild of a
    large pool."""
    cards: dict[str, set[str]] = {}
    known: dict[str, list[str]] = {}  # folders whose recorded listing holds
    keywords: set[Path] = set()

    scanned: set[str] = set()

    def scan(folder: str) -> None:
        scanned.add(folder)
        st = None
        if listings is not None:
            try:
                st = os.stat(folder)
            except OSError:
                return  # (as listdir would fail)
            record = listings.get(folder)
            if (record is not None and record[0] == st.st_ino and record[1] == st.st_mtime_ns
                    and record[1] < record[2] - RACY_NS):
                known[folder] = record[3].split("\x00") if record[3] else []
                return
        try:
            names = os.listdir(folder)
        except OSError:
            return
        found = [n for n in names if n.endswith(".card")]
        cards.setdefault(folder, set()).update(found)
        if len(found) == len(names):
            if listings is not None and st is not None:
                listings[folder] = (st.st_ino, st.st_mtime_ns, stamp, "\x00".join(sorted(found)))
            return  # (a folder of cards only, as most of a large pool's are)
        if listings is not None:
            listings.pop(folder, None)
        for n in names:
            if not n.endswith(".card"):
                p = os.path.join(folder, n)
                if n.endswith(".kw") and not os.path.isdir(p):
                    keywords.add(Path(p))
                elif os.path.isdir(p) and not _seen_through_link(p, folder):
                    scan(p)

    real: set[str] = set()  # the real paths of the folders scanned, once a symbolic link is met

    def _seen_through_link(p: str, folder: str) -> bool:
        """Whether ``p`` is a symbolic link to a folder already scanned or being scanned (a loop,
        or a second way to the same cards): it is then not scanned again."""
        if not os.path.islink(p):
            if real:
                real.add(os.path.realpath(p))
            return False
        if not real:
            real.update(os.path.realpath(f) for f in scanned)
        target = os.path.realpath(p)
        here = os.path.realpath(folder)
        if target in real or here == target or here.startswith(os.path.join(target, "")):
            return True
        real.add(target)
        return False

    for p in paths:
        if p.is_dir():
            scan(str(p))
        elif p.suffix == ".kw":
            keywords.add(p)
        else:
            cards.setdefault(str(p.parent), set()).add(p.name)
    if listings is not None:
        for gone in listings.keys() - scanned:  # (no longer under the paths given)
            del listings[gone]
    folders = []
    for f in sorted(cards.keys() | known.keys()):
        names = known.get(f)
        if names is None:
            names = sorted(cards[f])
        elif f in cards:  # (also given file by file)
            names = sorted(cards[f].union(names))
        if names:
            folders.append((f, names))
    return folders, sorted(keywords)


LISTINGS = "listings.marshal"  # in the cache folder: the card folders' listings (see _walk_sources)
_LISTINGS_FORMAT = 2  # stored after the CRC-32 of its marshal data (a damaged file is ignored)


def _load_listings(cache_dir: Path) -> dict[str, _Listing]:
    """The card folders' listings recorded by the last build (empty if none, or damaged: the file
    starts with the CRC-32 of the rest, so that a byte changed in a name is not read as a file)."""
    try:
        stored = (cache_dir / LISTINGS).read_bytes()
        body = stored[4:]
        if len(stored) < 4 or zlib.crc32(body) != int.from_bytes(stored[:4], "little"):
            return {}  # (damaged: a listing read from it could name files that aren't there)
        data = marshal.loads(body)
        if not isinstance(data, dict) or data.get("format") != _LISTINGS_FORMAT:
            return {}
        folders = data["folders"]
        if not isinstance(folders, dict):
            return {}
        listings: dict[str, _Listing] = {}
        for folder, record in folders.items():
            if not (isinstance(folder, str) and isinstance(record, tuple) and len(record) == 4
                    and all(isinstance(v, int) for v in record[:3]) and isinstance(record[3], str)):
                return {}
            listings[folder] = record
        return listings
    except (OSError, ValueError, TypeError, KeyError, EOFError):
        return {}


def _save_listings(cache_dir: Path, listings: dict[str, _Listing]) -> None:
    """Record the card folders' listings (a file that can't be written only means listing the
    folders again next time)."""
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        body = marshal.dumps({"format": _LISTINGS_FORMAT, "folders": listings})
        write_new(cache_dir / LISTINGS, zlib.crc32(body).to_bytes(4, "little") + body)
    except OSError:
        pass


def list_sources(paths: Iterable[Path], cache_dir: Path | None,
                 stamp: int) -> tuple[list[tuple[str, list[str]]], list[Path]]:
    """A build's card files, by folder, and keyword files (see :func:`_walk_sources`), read at
    ``stamp``; with ``cache_dir``, through the folder listings recorded there, which are updated."""
    listed = _load_listings(cache_dir) if cache_dir is not None else None
    recorded = dict(listed) if listed is not None else None
    card_files, kw_files = _walk_sources(paths, listed, stamp)
    if cache_dir is not None and listed is not None and listed != recorded:
        _save_listings(cache_dir, listed)  # (facts about the sources, whatever the build makes of them)
    return card_files, kw_files


def keyword_dir_for(cards: list[Path], keyword_files: list[Path]) -> list[Path]:
    """Keyword files to use: those given, else the shipped pool's library."""
    if keyword_files:
        return keyword_files
    return sorted((default_pool() / "keywords").glob("*.kw"))


def display(path: Path) -> str:
    """A path as shown in diagnostics: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class Display:
    """:func:`display` for many files: each folder is resolved once, not each file in it, and a
    folder that is not a symbolic link is resolved from its parent's resolution (one ``lstat``)
    rather than component by component from the root, with the working directory resolved once
    (resolving each path from the root is slow enough to matter in every build)."""

    def __init__(self) -> None:
        self.folders: dict[str, str] = {}
        self._real: dict[str, str] = {}  # folder as listed -> its resolved path
        self._cwd = ""

    def _resolved(self, folder: str) -> str:
        real = self._real.get(folder)
        if real is None:
            parent, base = os.path.split(folder)
            if base not in ("", ".", "..") and not os.path.islink(folder):
                # (what realpath gives for a name that is not a link: its parent's, joined)
                real = os.path.join(self._resolved(parent) if parent else os.path.realpath(os.curdir), base)
            else:
                real = os.path.realpath(folder)
            self._real[folder] = real
        return real

    def __call__(self, folder: str, name: str, st: os.stat_result) -> str:
        if stat.S_ISLNK(st.st_mode):
            return display(Path(folder, name))  # a symbolic link shows as what it points to
        shown = self.folder(folder)
        return name if shown == "." else os.path.join(shown, name)

    def file(self, path: Path) -> str:
        """How the file ``path`` is shown: :func:`display` of it."""
        if os.path.islink(path):
            return display(path)
        shown = self.folder(str(path.parent))
        return path.name if shown == "." else os.path.join(shown, path.name)

    def folder(self, folder: str) -> str:
        """How ``folder`` is shown."""
        shown = self.folders.get(folder)
        if shown is None:
            # As display(): relative to the working directory if the resolved folder is in it,
            # else the folder as given.
            if not self._cwd:
                self._cwd = os.path.realpath(os.getcwd())
            real = self._resolved(folder)
            if real == self._cwd:
                shown = "."
            elif real.startswith(os.path.join(self._cwd, "")):
                shown = real[len(os.path.join(self._cwd, "")):]
            else:
                shown = str(Path(folder))
            self.folders[folder] = shown
        return shown


def read_source(path: str) -> bytes:
    """The bytes of a source file (the one place the build reads card sources).

    Read with the file descriptor calls themselves: ``open`` builds a buffered file object
    around them, which cost more than the read of a card's few hundred bytes (14 against 6
    microseconds a file here); raises ``OSError`` as ``open`` does."""
    fd = os.open(path, _READ_FLAGS)
    try:
        data = os.read(fd, _READ_SIZE)
        if len(data) < _READ_SIZE:
            return data
        chunks = [data]
        size = len(data)
        while True:
            more = os.read(fd, _READ_SIZE)
            if not more:
                return b"".join(chunks)
            size += len(more)
            if size > MAX_SOURCE_BYTES:  # (a device or an endless stream named .card, too)
                raise OSError(errno.EFBIG, f"larger than {MAX_SOURCE_BYTES // (1 << 20)} MB: not a card source")
            chunks.append(more)
    finally:
        os.close(fd)


MAX_SOURCE_BYTES = 16 << 20
# O_NONBLOCK: a named pipe (or another file that would wait for a writer) is opened and read at
# once, as the empty file it is for now, instead of stopping the build until someone writes.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
_READ_SIZE = 1 << 16  # (a card is far smaller: one read, and one more only for a larger file)


def lstat_all(folder: str, prefix: str, names: list[str]) -> list[os.stat_result] | None:
    """``lstat`` of each of ``names`` in ``folder`` (``prefix``: the folder and a separator), or
    None if one can't be read (the caller then goes over them one by one, to say which).

    Each name is looked up from the open folder (``dir_fd``) rather than from the root: every
    build, a no-op or one-card rebuild included, does this once per card of the pool, and the
    kernel's walk down the whole path each time is a measurable part of it."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        fd = -1
    try:
        if fd < 0:
            return list(map(os.lstat, map(prefix.__add__, names)))
        stat_at = os.stat
        return [stat_at(name, dir_fd=fd, follow_symlinks=False) for name in names]
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)
