"""The build cache: what the last build compiled, and how the sources compare with it.

The cache is a manifest (``.cache/manifest.marshal``, with a journal of the rows changed since it
was written whole) plus the generated modules themselves.  For each compiled card it records the
source's size and modification time, its key (sha256 of the source bytes and path, compiler
version, grammar, templates and keyword library), its name and the module it was written to.  A
source whose size and mtime are unchanged is not even read and its module is not rewritten, so a
no-op rebuild of a large pool costs one ``stat`` per source and one directory listing; a source
that was touched but has the same key is not recompiled either.  An entry whose file was modified
within :data:`~compiler.sources.RACY_SECONDS` of the build that recorded it is not trusted by its
mtime (the file could change again within the same timestamp tick): it is re-read and hashed,
like git's "racily clean" index entries.

It also records what the build wrote: each card module's, keyword module's and index file's
size, mtime and content hash (a :class:`~compiler.output.Stamp`), so that the next build can tell
an output file that was damaged or deleted since, and write it again (:mod:`compiler.repair`).
"""
from __future__ import annotations

import bisect
import hashlib
import marshal
import operator
import os
import stat
import time
import zlib
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from dsl.diagnostics import Diagnostic

from .output import Stamp, write_new
from .sources import RACY_NS, Display, display, lstat_all, read_source

MANIFEST = "manifest.marshal"
JOURNAL = "manifest.journal"  # rows changed by one-card rebuilds since the manifest was written whole
JOURNAL_LIMIT = 256 * 1024  # bytes of journal past which the next build writes the manifest whole
MANIFEST_FORMAT = 8  # bumped whenever the layout of the manifest changes
# The manifest file is the CRC-32 of its marshal data (4 bytes, little-endian), then the data: marshal
# has no check of its own, and a byte changed in a name or a module would be read as a fact about a
# card whose source is trusted by its size and mtime (and written to the index).


def source_key(base_key: bytes, shown: str, raw: bytes) -> str:
    """The cache key of a card source: its bytes and path, under the build's base key."""
    return hashlib.sha256(base_key + b"\0" + shown.encode() + b"\0" + raw).hexdigest()


class Entry(NamedTuple):
    """A manifest entry: what a source file of this size and mtime compiled to."""

    mtime_ns: int
    size: int
    key: str
    name: str
    module: str  # before renaming for a clash of module names
    stamp: int  # when the build that recorded it started (ns)
    written: str  # the module it was written to (after renaming)
    out_size: int  # the module file as written (see compiler.output.Stamp)
    out_ctime: int
    out_digest: bytes

    def with_output(self, stamp: Stamp) -> Entry:
        """This entry, its module file as ``stamp`` says."""
        return self._replace(out_size=stamp.size, out_ctime=stamp.ctime_ns, out_digest=stamp.digest)

    def trusted(self, st: os.stat_result) -> bool:
        """Unchanged by size and mtime, and not modified just before it was recorded."""
        return (st.st_mtime_ns == self.mtime_ns and st.st_size == self.size
                and self.mtime_ns < self.stamp - RACY_NS)


_COLUMNS = ("paths", "mtimes", "sizes", "keys", "names", "modules", "stamps", "out_sizes", "out_ctimes",
            "out_digests", "written")
# The columns stored as lists.  ``written`` differs from ``modules`` only for a card whose module
# was renamed for a clash of names, so it is stored as ``renamed``, those rows alone ({row:
# written}): a whole list of 30,000 strings would be a large part of the manifest's load.
_STORED_COLUMNS = _COLUMNS[:-1]


def _outputs_data(outputs: dict[str, Stamp]) -> dict[str, list[object]]:
    """The stamps of the files besides card modules as marshal stores them (plain lists)."""
    return {name: list(stamp) for name, stamp in outputs.items()}


def _outputs_from(data: object) -> dict[str, Stamp]:
    """:func:`_outputs_data` read back (``TypeError`` if malformed)."""
    if not isinstance(data, dict):
        raise TypeError("outputs")
    outputs = {}
    for name, (size, ctime, digest) in data.items():
        if not (isinstance(name, str) and isinstance(size, int) and isinstance(ctime, int)
                and isinstance(digest, bytes)):
            raise TypeError("outputs")
        outputs[name] = Stamp(size, ctime, digest)
    return outputs


@dataclass
class Manifest:
    """What the last build with the same compiler, grammar, templates and keyword library
    recorded: one column per :class:`Entry` field (the rows sorted by path), the key of the index
    it wrote and the keyword modules it wrote.

    Columns, not a dict of tuples: a pool's manifest is loaded by every build, a no-op one
    included, and lists of plain values load several times faster than one tuple per card.
    """

    paths: list[str] = field(default_factory=list)
    mtimes: list[int] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)
    stamps: list[int] = field(default_factory=list)
    out_sizes: list[int] = field(default_factory=list)  # each card's module file, as written
    out_ctimes: list[int] = field(default_factory=list)
    out_digests: list[bytes] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    index_key: str = ""
    keyword_modules: tuple[str, ...] = ()
    # The card folder as this build left it (see :meth:`compiler.output.CardModules.settle`).
    folder: tuple[int, ...] = ()
    # The stamps of the other files written (keyword modules and the index), by their path in the
    # package: "keywords/flying.py", "index.py", "index.txt".
    outputs: dict[str, Stamp] = field(default_factory=dict)
    token: str = field(default="", compare=False)  # which whole manifest a journal record follows

    @classmethod
    def from_entries(cls, entries: dict[str, Entry], index_key: str, keyword_modules: tuple[str, ...],
                     folder: tuple[int, ...], outputs: dict[str, Stamp]) -> Manifest:
        """A manifest of ``entries`` (by path)."""
        order = sorted(entries)
        rows = [entries[k] for k in order]
        return cls(order, [e.mtime_ns for e in rows], [e.size for e in rows], [e.key for e in rows],
                   [e.name for e in rows], [e.module for e in rows], [e.stamp for e in rows],
                   [e.out_size for e in rows], [e.out_ctime for e in rows], [e.out_digest for e in rows],
                   [e.written for e in rows], index_key, keyword_modules, folder, outputs)

    def copy(self) -> Manifest:
        """A copy whose columns and outputs can be changed without changing this one's."""
        return Manifest(self.paths, list(self.mtimes), list(self.sizes), list(self.keys), list(self.names),
                        list(self.modules), list(self.stamps), list(self.out_sizes), list(self.out_ctimes),
                        list(self.out_digests), list(self.written), self.index_key, self.keyword_modules,
                        self.folder, dict(self.outputs), self.token)

    def set_output(self, i: int, stamp: Stamp) -> None:
        """Record ``stamp`` as row ``i``'s module file."""
        self.out_sizes[i], self.out_ctimes[i], self.out_digests[i] = stamp

    def row(self, path: str) -> int:
        """Row of ``path``, -1 if none (a binary search: rows are sorted by path)."""
        i = bisect.bisect_left(self.paths, path)
        return i if i < len(self.paths) and self.paths[i] == path else -1

    def block(self, paths: list[str]) -> int:
        """Row of ``paths[0]`` when the rows from there hold exactly ``paths`` (the usual case for
        one folder's sources: rows are sorted by path), else -1.  A binary search and one C-level
        list comparison: no lookup per path."""
        if not paths:
            return -1
        i = bisect.bisect_left(self.paths, paths[0])
        return i if self.paths[i:i + len(paths)] == paths else -1

    def entry(self, i: int) -> Entry:
        """Row ``i`` as an entry."""
        return Entry(self.mtimes[i], self.sizes[i], self.keys[i], self.names[i], self.modules[i],
                     self.stamps[i], self.written[i], self.out_sizes[i], self.out_ctimes[i], self.out_digests[i])

    def entries(self) -> dict[str, Entry]:
        """Every row, by path."""
        return {p: self.entry(i) for i, p in enumerate(self.paths)}


def load_manifest(cache_dir: Path, base_key: str) -> Manifest:
    """The manifest of the last build, or an empty one if there is none for this base key.

    It is stored with :mod:`marshal` (plain dicts, lists, strings and integers only): for tens
    of thousands of entries that loads several times faster than JSON, and unlike pickle it can
    hold no code.  A file of another format or a damaged one is ignored (everything is rebuilt):
    marshal data read back from a file with a byte changed often loads, so the file starts with
    the CRC-32 of the data (a few milliseconds at 30,000 cards), and one that doesn't match is
    damaged.  The records of the journal written since (see :func:`save_manifest`) are applied
    to it.
    """
    try:
        stored = (cache_dir / MANIFEST).read_bytes()
        body = stored[4:]
        if len(stored) < 4 or zlib.crc32(body) != int.from_bytes(stored[:4], "little"):
            return Manifest()  # (damaged: a name read from it would go into the index)
        data = marshal.loads(body)
        if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or data.get("base") != base_key:
            return Manifest()
        columns = [data[c] for c in _STORED_COLUMNS]
        renamed = data["renamed"]
        if not all(isinstance(c, list) and len(c) == len(columns[0]) for c in columns) or not isinstance(renamed, dict):
            return Manifest()
        paths, mtimes, sizes, keys, names, modules, stamps, out_sizes, out_ctimes, out_digests = columns
        written = list(modules)
        for i, module in renamed.items():
            if not (isinstance(i, int) and 0 <= i < len(written) and isinstance(module, str)):
                return Manifest()
            written[i] = module
        manifest = Manifest(paths, mtimes, sizes, keys, names, modules, stamps, out_sizes, out_ctimes, out_digests,
                            written, str(data["index"]), tuple(data["keywords"]), tuple(map(int, data["folder"])),
                            _outputs_from(data["outputs"]), str(data["token"]))
        complete = True
        for record in _journal_records(cache_dir / JOURNAL, manifest.token):
            if record is None:  # (records appended after it would never be read: see save_manifest)
                complete = False
                break
            manifest.index_key, manifest.folder = str(record["index"]), tuple(map(int, record["folder"]))
            if "outputs" in record:
                manifest.outputs = _outputs_from(record["outputs"])
            for i, path, *row in record["rows"]:
                if manifest.paths[i] != path:
                    return Manifest()
                (manifest.mtimes[i], manifest.sizes[i], manifest.keys[i], manifest.names[i], manifest.modules[i],
                 manifest.stamps[i], manifest.written[i], manifest.out_sizes[i], manifest.out_ctimes[i],
                 manifest.out_digests[i]) = row
        if not complete:
            manifest.token = ""  # the next build writes it whole (and removes the journal)
        return manifest
    except (OSError, ValueError, TypeError, KeyError, EOFError, IndexError):
        return Manifest()


_RECORD_HEAD = 36  # a journal record: its length (4 bytes, little-endian), the sha256 of its data, the data


def _journal_records(path: Path, token: str) -> Iterator[dict[str, Any] | None]:
    """The journal's records that follow the manifest written whole as ``token``, in order, up to
    the first one that is cut short or damaged, for which None is given (a build stopped while
    appending it: the manifest then describes the state before that build, which the next build
    compares with the sources and the output like any other)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return
    at = 0
    while at + _RECORD_HEAD <= len(data):
        size = int.from_bytes(data[at:at + 4], "little")
        body = data[at + _RECORD_HEAD:at + _RECORD_HEAD + size]
        if len(body) != size or hashlib.sha256(body).digest() != data[at + 4:at + _RECORD_HEAD]:
            break
        record = marshal.loads(body)
        if not isinstance(record, dict) or record.get("token") != token:
            break
        yield record
        at += _RECORD_HEAD + size
    if at < len(data):
        yield None


def save_manifest(cache_dir: Path, base_key: str, manifest: Manifest, rows: list[int] | None = None,
                  outputs: bool = False) -> None:
    """Record ``manifest``: with ``rows`` (it differs from the one loaded only in those rows, its
    index key, its folder and, if ``outputs``, its other outputs' stamps), by appending a record of
    them to the journal, a few hundred bytes where the whole manifest is megabytes at 30,000
    cards; else, or once the journal has grown past :data:`JOURNAL_LIMIT`, whole (after its
    CRC-32), through a temporary file (never half-written), under a new token that the old
    journal's records don't carry, and the journal is removed."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    journal = cache_dir / JOURNAL
    if rows is not None and manifest.token:
        try:
            size = journal.stat().st_size
        except FileNotFoundError:
            size = 0
        if size < JOURNAL_LIMIT:
            record: dict[str, object] = {
                "token": manifest.token, "index": manifest.index_key, "folder": list(manifest.folder),
                "rows": [[i, manifest.paths[i], manifest.mtimes[i], manifest.sizes[i], manifest.keys[i],
                          manifest.names[i], manifest.modules[i], manifest.stamps[i], manifest.written[i],
                          manifest.out_sizes[i], manifest.out_ctimes[i], manifest.out_digests[i]] for i in rows]}
            if outputs:  # (else unchanged: a few kilobytes left out of the usual record)
                record["outputs"] = _outputs_data(manifest.outputs)
            body = marshal.dumps(record)
            with open(journal, "ab") as f:
                f.write(len(body).to_bytes(4, "little") + hashlib.sha256(body).digest() + body)
            return
    token = f"{time.time_ns()}-{os.getpid()}"
    data: dict[str, object] = {"format": MANIFEST_FORMAT, "base": base_key, "index": manifest.index_key,
                               "keywords": list(manifest.keyword_modules), "folder": list(manifest.folder),
                               "outputs": _outputs_data(manifest.outputs), "token": token}
    data.update((c, getattr(manifest, c)) for c in _STORED_COLUMNS)
    data["renamed"] = {i: w for i, m, w in zip(range(len(manifest.written)), manifest.modules, manifest.written) if m != w}
    body = marshal.dumps(data)
    write_new(cache_dir / MANIFEST, zlib.crc32(body).to_bytes(4, "little") + body)
    journal.unlink(missing_ok=True)
    manifest.token = token


def index_key(base_key: bytes, names: list[str], modules: list[str]) -> str:
    """The key of the index of these cards (names and their modules, in path order): it depends
    only on them, the library and the templates (all in ``base_key``).  Two NUL-joined strings
    (no name or module holds NUL) hash in a few milliseconds where the ``repr`` of 30,000 pairs
    took 40."""
    h = hashlib.sha256(base_key + b"\0%d\0" % len(names))
    h.update("\0".join(names).encode())
    h.update(b"\0\0")
    h.update("\0".join(modules).encode())
    return h.hexdigest()


class Comparison(NamedTuple):
    """How a build's card sources compare with the manifest of the build before it."""

    card_count: int
    unchanged: list[int]  # manifest rows of sources trusted by their stat
    same_key: list[tuple[str, int]]  # (source, row): touched, but the same bytes: no compiling needed
    todo: list[str]  # sources to compile (read and keyed where they are compiled: in a worker, for many cards)
    stats: dict[str, os.stat_result]  # of the sources in ``same_key`` and ``todo``
    unreadable: dict[str, Diagnostic]  # sources that can't be read


def _is_utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (a name decoded with ``surrogateescape`` can't)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def compare_sources(card_files: list[tuple[str, list[str]]], old: Manifest, base_key: bytes,
                    unchanged_folders: frozenset[str]) -> Comparison:
    """Which of ``card_files`` (by folder, as listed) ``old`` still describes; ``unchanged_folders``:
    folders known to have had no change since it was written (see :func:`compiler.build.build`)."""
    stats: dict[str, os.stat_result] = {}
    unreadable: dict[str, Diagnostic] = {}
    unchanged: list[int] = []
    same_key: list[tuple[str, int]] = []
    todo: list[str] = []
    shown_as = Display()
    # The loops below run once per card of the pool on every build, a no-op one included: paths
    # are joined once per folder, and a folder whose sources are the manifest's rows from one
    # row on (found by a binary search), all trusted by their size and mtime, is settled in bulk
    # with C-level maps and list comparisons: one ``lstat`` per source, no Python code per source.
    lstat, is_link = os.lstat, stat.S_ISLNK
    get_mtime, get_size, get_mode = (operator.attrgetter(a) for a in ("st_mtime_ns", "st_size", "st_mode"))
    mtimes, sizes, stamps, keys = old.mtimes, old.sizes, old.stamps, old.keys
    card_count = 0
    for folder, names in card_files:
        card_count += len(names)
        prefix = os.path.join(folder, "")
        shown_prefix = os.path.join(shown_as.folder(folder), "")
        if shown_prefix == os.path.join(".", ""):
            shown_prefix = ""
        shown_names = list(map(shown_prefix.__add__, names))
        first = old.block(shown_names)
        end = first + len(names)
        if first >= 0 and folder in unchanged_folders:
            unchanged.extend(range(first, end))
            continue
        sts = lstat_all(folder, prefix, names)
        if sts is not None and first >= 0:
            folder_mtimes = list(map(get_mtime, sts))
            if (folder_mtimes == mtimes[first:end] and list(map(get_size, sts)) == sizes[first:end]
                    and all(map(operator.lt, map(operator.add, folder_mtimes, repeat(RACY_NS)), stamps[first:end]))
                    and not any(map(is_link, map(get_mode, sts)))):
                # Unchanged since they were compiled (and not modified just before that was
                # recorded): not even read (their modules are in the output).
                unchanged.extend(range(first, end))
                continue
        for j, (file_name, shown) in enumerate(zip(names, shown_names)):
            p = prefix + file_name
            try:
                st = sts[j] if sts is not None else lstat(p)
                if is_link(st.st_mode):
                    shown = shown_as(folder, file_name, st)  # a symbolic link shows as what it points to
                    st = os.stat(p)
                    i = old.row(shown)
                else:
                    i = first + j if first >= 0 else old.row(shown)
                if i >= 0:
                    m = st.st_mtime_ns
                    if m == mtimes[i] and st.st_size == sizes[i] and m < stamps[i] - RACY_NS:
                        unchanged.append(i)
                        continue
                    # Touched (or recorded too close to its last change): the same bytes need no compiling.
                    key = source_key(base_key, shown, read_source(p))
            except OSError as e:
                shown = display(Path(p))
                unreadable[shown] = Diagnostic(shown, 1, 1, f"can't read file: {e.strerror}")
                continue
            stats[shown] = st
            if i >= 0 and keys[i] == key:
                same_key.append((shown, i))
            elif shown.isascii() or _is_utf8(shown):
                todo.append(shown)
            else:
                # A name the file system holds as bytes that aren't UTF-8 (Python keeps them as
                # lone surrogates): it can't be hashed, written to a module's header or printed.
                escaped = shown.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
                unreadable[escaped] = Diagnostic(escaped, 1, 1, "the file's name is not valid UTF-8: rename it")
    return Comparison(card_count, unchanged, same_key, todo, stats, unreadable)
