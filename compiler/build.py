"""Building a pool: keyword library first, then every card, in parallel, through an on-disk cache.

The cache is a manifest (``.cache/manifest.json``) plus the generated modules themselves.  For
each compiled card it records the source's size and modification time, its key (sha256 of the
source bytes and path, compiler version, grammar, templates and keyword library), its name and
the module it was written to.  A source whose size and mtime are unchanged is not even read and
its module is not rewritten, so a no-op rebuild of a large pool costs one ``stat`` per source and
one directory listing; a source that was touched but has the same key is not recompiled either.
An entry whose file was modified within :data:`RACY_SECONDS` of the build that recorded it is
not trusted by its mtime (the file could change again within the same timestamp tick): it is
re-read and hashed, like git's "racily clean" index entries.  A module missing from the output,
or last written for another card, is compiled again.  The lowered keyword library is cached too
(by its content hash), and the index is rendered only when the list of cards changes.

Workers return rendered text and diagnostics (picklable), never textX models; a module that
would not change is not rewritten.
"""
from __future__ import annotations

import bisect
import gc
import hashlib
import marshal
import operator
import os
import pickle
import stat
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple, Sequence, cast

from dsl.diagnostics import Diagnostic
from dsl.metamodel import grammar_hash, metamodel_cache_folder
from runtime.pool import INDEX_TABLE, PACKAGE

from . import VERSION
from .templating import template_hash

if TYPE_CHECKING:
    import jinja2
    import jinja2.bccache

    from .ir import CardIR, LibraryIR

# The compiler proper (textX, Jinja2, the IR, lowering, rendering) is imported only when something
# is compiled or rendered: a no-op rebuild of a large pool needs none of it (see ``build``).

PARALLEL_THRESHOLD = 64  # below this many cards, worker start-up costs more than it saves
STAGE_BATCH = 32  # cards compiled stage by stage together, and between garbage collections (see _compile_many)
RACY_SECONDS = 1.0  # coarser than any common file system's timestamp granularity but FAT's
_RACY_NS = int(RACY_SECONDS * 1e9)
MANIFEST = "manifest.marshal"
JOURNAL = "manifest.journal"  # rows changed by one-card rebuilds since the manifest was written whole
JOURNAL_LIMIT = 256 * 1024  # bytes of journal past which the next build writes the manifest whole
MANIFEST_FORMAT = 5  # bumped whenever the layout of the manifest changes


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
    card files and sorting them was 50-70 ms of every build of a 30,000-card pool, no-op and
    one-card rebuilds included."""
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
                    and record[1] < record[2] - _RACY_NS):
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
                elif os.path.isdir(p):
                    scan(p)

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
_LISTINGS_FORMAT = 1


def _load_listings(cache_dir: Path) -> dict[str, _Listing]:
    """The card folders' listings recorded by the last build (empty if none, or damaged)."""
    try:
        data = marshal.loads((cache_dir / LISTINGS).read_bytes())
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
        _write_new(cache_dir / LISTINGS, marshal.dumps({"format": _LISTINGS_FORMAT, "folders": listings}))
    except OSError:
        pass


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


class _Display:
    """:func:`display` for many files: each folder is resolved once, not each file in it, and a
    folder that is not a symbolic link is resolved from its parent's resolution (one ``lstat``)
    rather than component by component from the root, with the working directory resolved once
    (each :func:`display` of a folder took 0.3-0.5 ms: 30 folders, 14 ms of every build)."""

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


def library_sources(keyword_files: list[Path]) -> tuple[str, list[tuple[str, str, str]]]:
    """The keyword library's content hash (under the compiler version and grammar) and its files
    as (text, shown path, file stem), read but not parsed."""
    h = hashlib.sha256(f"{VERSION}\0{grammar_hash()}\0".encode())
    items = []
    shown_as = _Display()  # (most keyword files share a folder: resolved once)
    for p in keyword_files:
        data = p.read_bytes()
        shown = shown_as.file(p)  # the path appears in diagnostics and generated docstrings
        h.update(shown.encode() + b"\0" + p.name.encode() + b"\0" + data)
        items.append((data.decode("utf-8", errors="replace"), shown, p.stem))
    return h.hexdigest(), items


def _library_pickle(cache_dir: Path | None, digest: str) -> Path | None:
    return cache_dir / f"library-{digest}.pickle" if cache_dir is not None else None


def _lower_library(items: list[tuple[str, str, str]], digest: str,
                   cached: Path | None) -> tuple[LibraryIR, list[Diagnostic]]:
    """The library from its pickle in the cache, else lowered (and pickled when it has no errors);
    the metamodel is taken from the same cache folder."""
    from .ir import LibraryIR
    from .lower import build_library, module_name
    if cached is not None and cached.exists():
        try:
            lib = pickle.loads(cached.read_bytes())
            if isinstance(lib, LibraryIR):
                return lib, []
        except Exception:  # noqa: BLE001 - a damaged cache entry is rebuilt, never fatal
            pass
    if cached is not None:
        metamodel_cache_folder(cached.parent)
    lib, diags = build_library([(text, shown, module_name(stem)) for text, shown, stem in items])
    if cached is not None and not diags:
        _write_bytes_if_changed(cached, pickle.dumps(lib, protocol=pickle.HIGHEST_PROTOCOL))
    return lib, diags


def load_library(keyword_files: list[Path], cache_dir: Path | None = None) -> tuple[LibraryIR, list[Diagnostic], str]:
    """Lower the keyword library; also return its content hash.

    With ``cache_dir``, a library lowered without diagnostics is kept there (pickled, keyed by
    the library's content, the grammar and the compiler version) and reused while unchanged.
    """
    digest, items = library_sources(keyword_files)
    lib, diags = _lower_library(items, digest, _library_pickle(cache_dir, digest))
    return lib, diags, digest


class _Library:
    """The keyword library of a build, lowered (or unpickled) only when something needs it: a
    no-op rebuild doesn't.  A library with errors has no pickle, so it is lowered at once and its
    diagnostics are known before any card is looked at."""

    def __init__(self, keyword_files: list[Path], cache_dir: Path | None) -> None:
        self.digest, self._items = library_sources(keyword_files)
        self._cached = _library_pickle(cache_dir, self.digest)
        self._lib: LibraryIR | None = None
        self.diagnostics: list[Diagnostic] = []
        if self._cached is None or not self._cached.exists():
            self.get()

    def get(self) -> LibraryIR:
        """The lowered library."""
        if self._lib is None:
            self._lib, diags = _lower_library(self._items, self.digest, self._cached)
            self.diagnostics += diags
        return self._lib


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
        while True:
            more = os.read(fd, _READ_SIZE)
            if not more:
                return b"".join(chunks)
            chunks.append(more)
    finally:
        os.close(fd)


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_READ_SIZE = 1 << 16  # (a card is far smaller: one read, and one more only for a larger file)


@dataclass
class CardResult:
    """What compiling one card produced."""

    path: str
    name: str = ""
    module: str = ""
    code: str = ""
    text: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    cached: bool = False
    ir: CardIR | None = None
    key: str = ""  # the build cache key of the source (see :func:`source_key`)


def source_key(base_key: bytes, shown: str, raw: bytes) -> str:
    """The cache key of a card source: its bytes and path, under the build's base key."""
    return hashlib.sha256(base_key + b"\0" + shown.encode() + b"\0" + raw).hexdigest()


def compile_card(path: str, library: LibraryIR, base_key: bytes = b"") -> CardResult:
    """Parse, check, lower and render one card file (safe to run in a worker process); with
    ``base_key``, also compute the source's cache key from the bytes read."""
    return compile_cards([path], library, base_key)[0]


def compile_cards(paths: Sequence[str], library: LibraryIR, base_key: bytes = b"") -> list[CardResult]:
    """:func:`compile_card` for each of ``paths`` (a few dozen at a time: see :func:`compile_texts`),
    results in the same order."""
    results: list[CardResult] = []
    readable: list[tuple[int, str, bytes, str]] = []
    for path in paths:
        try:
            raw = read_source(path)
            readable.append((len(results), path, raw, raw.decode("utf-8")))
            results.append(CardResult(path))  # replaced below
        except UnicodeDecodeError as e:
            results.append(CardResult(path, diagnostics=[Diagnostic(path, 1, 1, f"not UTF-8 text: {e.reason}")]))
        except OSError as e:
            results.append(CardResult(path, diagnostics=[Diagnostic(path, 1, 1, f"can't read file: {e.strerror}")]))
    compiled = compile_texts([(path, text) for _, path, _, text in readable], library)
    for (i, path, raw, _), result in zip(readable, compiled):
        if base_key:
            result.key = source_key(base_key, path, raw)
        results[i] = result
    return results


def compile_text(text: str, path: str, library: LibraryIR) -> CardResult:
    """Compile card source ``text`` named ``path``."""
    return compile_texts([(path, text)], library)[0]


def compile_texts(sources: Sequence[tuple[str, str]], library: LibraryIR) -> list[CardResult]:
    """Compile card sources ``(path, text)``, one result each, in order.

    The work runs stage by stage over the list -- every parse, then every check and lowering, then
    rules text and rendering, then the safety check -- rather than card by card, so that each
    stage's code and data stay in the processor's caches from one card to the next.  In batches of
    32, a cold build of 100 cards under cachegrind with a 512 KB last-level cache (this machine's
    L2) ran 3% fewer instructions and missed that cache 24% less often than card by card; timed
    alternately (300 cards, 12 rounds, median) it took 13% less CPU.  The parsed models of the list
    are alive together, so a build passes a few dozen cards at a time (:data:`STAGE_BATCH`), never
    a whole pool.
    """
    from dsl.fastparse import release
    from dsl.metamodel import parse_text

    from .lower import lower_card_model
    from .render import render_card
    from .safety import UnsafeCode, check_generated
    from .text import card_text
    results: list[CardResult] = [CardResult(path) for path, _ in sources]
    models: list[tuple[int, str, Any]] = []
    for i, (path, text) in enumerate(sources):
        if "\x00" in text:
            results[i].diagnostics = [Diagnostic(path, 1, text.index("\x00") + 1, "NUL byte in source")]
            continue
        model, diags = parse_text(text, path)
        if model is None:
            results[i].diagnostics = diags
        else:
            models.append((i, path, model))
    lowered: list[tuple[int, str, CardIR]] = []
    for i, path, model in models:
        ir, diags = lower_card_model(model, path, library)
        if ir is None:
            results[i].diagnostics = diags
        else:
            lowered.append((i, path, ir))
        release(model)  # (acyclic now: freed when ``models`` goes, not by the cyclic collector)
    del models  # the models are garbage from here on
    rendered: list[tuple[int, str, CardIR, str, str]] = []
    for i, path, ir in lowered:
        lines_of: dict[int, str] = {}
        text = card_text(ir, library, lines_of=lines_of)
        rendered.append((i, path, ir, text, render_card(ir, library, text, lines_of)))
    for i, path, ir, text, code in rendered:
        try:
            check_generated(code, path)
        except UnsafeCode as e:  # pragma: no cover - only reachable through a compiler bug
            results[i].diagnostics = [Diagnostic(path, 1, 1, f"generated code rejected: {e}")]
            continue
        results[i] = CardResult(path, ir.name, ir.module, code, text, ir=ir)
    return results


_WORKER: tuple[LibraryIR, bytes] | None = None  # set once per worker process


def _from_cache(cache_dir: Path) -> None:
    """Before this process compiles its first card: the metamodel to be loaded from the build's
    cache folder (or kept there) if textX is needed (only for a text the generated parser can't
    take), and Jinja2's compiled templates loaded from there too (see :func:`_template_cache`)."""
    metamodel_cache_folder(cache_dir)
    from .render import environment
    environment().bytecode_cache = _template_cache()(cache_dir)


_TEMPLATE_CACHE: dict[str, Callable[[Path], jinja2.BytecodeCache]] = {}  # the class below, made once


def _template_cache() -> Callable[[Path], jinja2.BytecodeCache]:
    """A Jinja2 bytecode cache in a build's cache folder (``template-*.cache``): the Python code
    Jinja2 compiles each template to, keyed by Jinja2 by the template's name and file and checked
    against a checksum of its source and Jinja2's own version marker, so a one-card rebuild loads
    the card templates instead of compiling them (about 17 ms).  As with the metamodel, a file
    that can't be read or written only means compiling the template as usual.  Only a template
    not yet loaded in this process reads it (Jinja2 keeps loaded templates)."""
    cls = _TEMPLATE_CACHE.get("cls")
    if cls is None:
        import jinja2

        class TemplateCache(jinja2.BytecodeCache):
            def __init__(self, folder: Path) -> None:
                self.folder = folder

            def _file(self, bucket: jinja2.bccache.Bucket) -> Path:
                return self.folder / f"template-{bucket.key}.cache"

            def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
                try:
                    data = self._file(bucket).read_bytes()
                except OSError:
                    return
                try:
                    bucket.bytecode_from_string(data)  # (Jinja2 drops a stale one itself)
                except Exception:  # noqa: BLE001 - a damaged file: the template is compiled again
                    bucket.reset()

            def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
                path = self._file(bucket)
                tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # workers may write at once
                try:
                    tmp.write_bytes(bucket.bytecode_to_string())
                    os.replace(tmp, path)
                except OSError:
                    pass

        cls = _TEMPLATE_CACHE["cls"] = TemplateCache
    return cls


def _ready_to_compile(cache_dir: Path | None) -> None:
    """Import what compiling a card needs and load the card templates (from ``cache_dir``'s
    bytecode if it has it), so that workers forked afterwards start with it instead of each doing
    it again (about 0.1 s a worker)."""
    if cache_dir is not None:
        _from_cache(cache_dir)
    from dsl import fastparse

    from . import lower, render, safety, text  # noqa: F401
    fastparse.ready()
    render.ready()


def _init_worker(library: LibraryIR, base_key: bytes, cache_dir: Path | None, collector: bool) -> None:
    global _WORKER
    _WORKER = (library, base_key)
    if collector:  # (forked from a build, which pauses it: a worker compiles thousands of cards)
        gc.enable()
    if cache_dir is not None:
        _from_cache(cache_dir)


def _work(paths: list[str]) -> list[CardResult]:
    assert _WORKER is not None
    # IR dropped: keep results small across the process boundary.
    return _compile_many(paths, _WORKER[0], keep_ir=False, base_key=_WORKER[1])


def _compile_many(paths: list[str], library: LibraryIR, keep_ir: bool = True,
                  base_key: bytes = b"") -> list[CardResult]:
    """Compile cards :data:`STAGE_BATCH` at a time (see :func:`compile_texts`), with the cyclic
    garbage collector paused, collecting the young generations after each batch instead.

    textX models are cyclic (parent links), so some collection is needed; but the automatic one,
    set off by the many small objects of parsing, rendering and the AST check, regularly rescans
    every long-lived object of the process (metamodel, templates, keyword library) as well.
    Collections run between batches, when no model is alive, so no garbage outlives them.
    """
    out: list[CardResult] = []
    enabled = gc.isenabled()
    gc.disable()
    try:
        for i in range(0, len(paths), STAGE_BATCH):
            batch = compile_cards(paths[i:i + STAGE_BATCH], library, base_key)
            if not keep_ir:
                for r in batch:
                    r.ir = None
            out += batch
            if len(paths) > STAGE_BATCH:
                # (A single batch -- a one-card rebuild -- leaves what little it made to the
                # caller's collector: collecting here walked the compiler's modules imported for
                # it, 2-7 ms of a one-card rebuild, to free nothing: models are released acyclic.)
                gc.collect(1)
    finally:
        if enabled:
            gc.enable()
    return out


@dataclass
class BuildReport:
    """Summary of a build."""

    compiled: int = 0
    cached: int = 0
    failed: int = 0
    written: int = 0
    seconds: float = 0.0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _results: list[CardResult] = field(default_factory=list, repr=False)
    _unlisted: Callable[[], list[CardResult]] | None = field(default=None, repr=False, compare=False)

    @property
    def results(self) -> list[CardResult]:
        """Every card's result, in path order (made on first use when the build needed only its
        manifest for most cards)."""
        if self._unlisted is not None:
            self._results, self._unlisted = self._unlisted(), None
        return self._results

    def summary(self) -> str:
        """The one-line summary."""
        return (f"{self.compiled} compiled, {self.cached} cached, {self.failed} failed, "
                f"{self.written} files written in {self.seconds:.2f}s")


def _write_bytes_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)  # never a partially written module
    return True


def _write_new(path: Path, data: bytes) -> None:
    """Write a file known not to exist yet, in an existing folder (no read to compare first)."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)  # never a partially written module


def _write_if_changed(path: Path, text: str) -> bool:
    return _write_bytes_if_changed(path, text.encode("utf-8"))


def check(paths: list[Path], jobs: int | None = None,
          progress: Callable[[int, int], None] | None = None) -> BuildReport:
    """Check sources without writing anything: every diagnostic from every file."""
    return build(paths, None, jobs=jobs, progress=progress)


class _Entry(NamedTuple):
    """A manifest entry: what a source file of this size and mtime compiled to."""

    mtime_ns: int
    size: int
    key: str
    name: str
    module: str  # before renaming for a clash of module names
    stamp: int  # when the build that recorded it started (ns)
    written: str  # the module it was written to (after renaming)

    def trusted(self, st: os.stat_result) -> bool:
        """Unchanged by size and mtime, and not modified just before it was recorded."""
        return (st.st_mtime_ns == self.mtime_ns and st.st_size == self.size
                and self.mtime_ns < self.stamp - _RACY_NS)


_COLUMNS = ("paths", "mtimes", "sizes", "keys", "names", "modules", "stamps", "written")
# The columns stored as lists.  ``written`` differs from ``modules`` only for a card whose module
# was renamed for a clash of names, so it is stored as ``renamed``, those rows alone ({row:
# written}): its own list was a sixth of the manifest's load (4 of 25 ms at 30,000 cards).
_STORED_COLUMNS = _COLUMNS[:-1]


@dataclass
class _Manifest:
    """What the last build with the same compiler, grammar, templates and keyword library
    recorded: one column per :class:`_Entry` field (the rows sorted by path), the key of the index
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
    written: list[str] = field(default_factory=list)
    index_key: str = ""
    keyword_modules: tuple[str, ...] = ()
    folder: tuple[int, ...] = ()  # the card folder as this build left it (see :meth:`_CardModules.settle`)
    token: str = field(default="", compare=False)  # which whole manifest a journal record follows

    @classmethod
    def from_entries(cls, entries: dict[str, _Entry], index_key: str,
                     keyword_modules: tuple[str, ...], folder: tuple[int, ...]) -> _Manifest:
        """A manifest of ``entries`` (by path)."""
        order = sorted(entries)
        rows = [entries[k] for k in order]
        return cls(order, [e.mtime_ns for e in rows], [e.size for e in rows], [e.key for e in rows],
                   [e.name for e in rows], [e.module for e in rows], [e.stamp for e in rows],
                   [e.written for e in rows], index_key, keyword_modules, folder)

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

    def entry(self, i: int) -> _Entry:
        """Row ``i`` as an entry."""
        return _Entry(self.mtimes[i], self.sizes[i], self.keys[i], self.names[i], self.modules[i],
                      self.stamps[i], self.written[i])

    def entries(self) -> dict[str, _Entry]:
        """Every row, by path."""
        return {p: self.entry(i) for i, p in enumerate(self.paths)}


def _load_manifest(cache_dir: Path, base_key: str) -> _Manifest:
    """The manifest of the last build, or an empty one if there is none for this base key.

    It is stored with :mod:`marshal` (plain dicts, lists, strings and integers only): for tens
    of thousands of entries that loads several times faster than JSON, and unlike pickle it can
    hold no code.  A file of another format or a damaged one is ignored (everything is rebuilt).
    The records of the journal written since (see :func:`_save_manifest`) are applied to it.
    """
    try:
        data = marshal.loads((cache_dir / MANIFEST).read_bytes())
        if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or data.get("base") != base_key:
            return _Manifest()
        columns = [data[c] for c in _STORED_COLUMNS]
        renamed = data["renamed"]
        if not all(isinstance(c, list) and len(c) == len(columns[0]) for c in columns) or not isinstance(renamed, dict):
            return _Manifest()
        paths, mtimes, sizes, keys, names, modules, stamps = columns
        written = list(modules)
        for i, module in renamed.items():
            if not (isinstance(i, int) and 0 <= i < len(written) and isinstance(module, str)):
                return _Manifest()
            written[i] = module
        manifest = _Manifest(paths, mtimes, sizes, keys, names, modules, stamps, written, str(data["index"]),
                             tuple(data["keywords"]), tuple(map(int, data["folder"])), str(data["token"]))
        complete = True
        for record in _journal_records(cache_dir / JOURNAL, manifest.token):
            if record is None:  # (records appended after it would never be read: see _save_manifest)
                complete = False
                break
            manifest.index_key, manifest.folder = str(record["index"]), tuple(map(int, record["folder"]))
            for i, path, *row in record["rows"]:
                if manifest.paths[i] != path:
                    return _Manifest()
                (manifest.mtimes[i], manifest.sizes[i], manifest.keys[i], manifest.names[i], manifest.modules[i],
                 manifest.stamps[i], manifest.written[i]) = row
        if not complete:
            manifest.token = ""  # the next build writes it whole (and removes the journal)
        return manifest
    except (OSError, ValueError, TypeError, KeyError, EOFError, IndexError):
        return _Manifest()


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


def _save_manifest(cache_dir: Path, base_key: str, manifest: _Manifest, rows: list[int] | None = None) -> None:
    """Record ``manifest``: with ``rows`` (it differs from the one loaded only in those rows, its
    index key and its folder), by appending a record of them to the journal, a few hundred bytes
    where the whole manifest is megabytes at 30,000 cards; else, or once the journal has grown
    past :data:`JOURNAL_LIMIT`, whole, through a temporary file (never half-written), under a new
    token that the old journal's records don't carry, and the journal is removed."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    journal = cache_dir / JOURNAL
    if rows is not None and manifest.token:
        try:
            size = journal.stat().st_size
        except FileNotFoundError:
            size = 0
        if size < JOURNAL_LIMIT:
            body = marshal.dumps({"token": manifest.token, "index": manifest.index_key, "folder": list(manifest.folder),
                                  "rows": [[i, manifest.paths[i], manifest.mtimes[i], manifest.sizes[i],
                                            manifest.keys[i], manifest.names[i], manifest.modules[i],
                                            manifest.stamps[i], manifest.written[i]] for i in rows]})
            with open(journal, "ab") as f:
                f.write(len(body).to_bytes(4, "little") + hashlib.sha256(body).digest() + body)
            return
    token = f"{time.time_ns()}-{os.getpid()}"
    data: dict[str, object] = {"format": MANIFEST_FORMAT, "base": base_key, "index": manifest.index_key,
                               "keywords": list(manifest.keyword_modules), "folder": list(manifest.folder),
                               "token": token}
    data.update((c, getattr(manifest, c)) for c in _STORED_COLUMNS)
    data["renamed"] = {i: w for i, m, w in zip(range(len(manifest.written)), manifest.modules, manifest.written) if m != w}
    _write_new(cache_dir / MANIFEST, marshal.dumps(data))
    journal.unlink(missing_ok=True)
    manifest.token = token


def _compile_batches(todo: list[str], library: LibraryIR, workers: int, progress: Callable[[int], None],
                     base_key: bytes, cache_dir: Path | None, collector: bool = False) -> Iterable[CardResult]:
    """Compile ``todo`` in this process or, for many cards, in ``workers`` processes; with
    ``cache_dir``, the metamodel is loaded from there (or kept there) before the first parse;
    ``collector``: whether the cyclic collector runs while many cards are compiled (see ``build``)."""
    if len(todo) >= PARALLEL_THRESHOLD and workers > 1:
        # Batches of a few dozen cards: few round trips, and still even load at the end.
        chunk = max(8, min(64, len(todo) // (workers * 8)))
        batches = [todo[i:i + chunk] for i in range(0, len(todo), chunk)]
        _ready_to_compile(cache_dir)  # (once, here: the workers are forked with it done)
        from concurrent.futures import ProcessPoolExecutor  # (not imported by a no-op or small build)
        # Forked with everything alive set aside from the collector (``_frozen``): the build runs
        # with it paused, so all it made (modules imported, templates, the sources' list) is in
        # the youngest generation, and each worker's first collection walked all of it, writing
        # to every page of it as it went (copied from the build's, page by page): 30 ms a worker.
        with _frozen(), ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                            initargs=(library, base_key, cache_dir, collector)) as ex:
            for batch in ex.map(_work, batches):
                yield from batch
                progress(len(batch))
    else:
        if cache_dir is not None:
            _from_cache(cache_dir)
        with _collector(collector and len(todo) > 2 * STAGE_BATCH), _frozen():
            for i in range(0, len(todo), 2 * STAGE_BATCH):
                batch = _compile_many(todo[i:i + 2 * STAGE_BATCH], library, base_key=base_key)
                yield from batch
                progress(len(batch))


@contextmanager
def _frozen() -> Iterator[None]:
    """Everything alive now set aside from the cyclic collector while cards are compiled in this
    process (``gc.freeze``), then given back (unless something else had frozen objects: then
    nothing is done).

    The collections after each batch (see :func:`_compile_many`) need look only at what
    compiling made; without this, the first one in a rebuild also walked every object the build
    had made so far (with the collector paused, all still in the youngest generation): the
    manifest and a ``stat`` result per source, 19 ms of a one-card edit at 30,000 cards."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def _collector(on: bool) -> Iterator[None]:
    """The cyclic collector running (if ``on``) during a long compiling run of a build, which
    pauses it otherwise: between batches, as without the pause, so that a cyclic model promoted
    to the oldest generation is collected in time, however many cards are compiled."""
    if not on:
        yield
        return
    gc.enable()
    try:
        yield
    finally:
        gc.disable()


def build(paths: list[Path], out: Path | None, jobs: int | None = None, use_cache: bool = True,
          progress: Callable[[int, int], None] | None = None,
          unchanged_folders: frozenset[str] = frozenset()) -> BuildReport:
    """Compile card and keyword sources under ``paths`` into ``out`` (None: check only).

    ``unchanged_folders`` (folders as listed, for :mod:`cardsmith.watch`): folders known to have
    had no change since the build that wrote the manifest (the kernel said so); their sources
    recorded in the manifest are trusted without a ``stat``.

    The automatic cyclic collector is paused for the build: a rebuild of a large pool makes a
    ``stat`` result per source and loads the metamodel, the keyword library and the manifest,
    and the generation-2 collections that set off rescan all of it for nothing (about a tenth of
    a one-card rebuild at 30,000 cards).  Compiling collects the young generations every
    :data:`STAGE_BATCH` cards itself (see :func:`_compile_many`), and a run of more cards than a
    batch (in this process or in workers) runs with the collector as the caller had it, so
    textX's cyclic models don't pile up.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _build(paths, out, jobs, use_cache, progress, unchanged_folders, enabled)
    finally:
        if enabled:
            gc.enable()


def _build(paths: list[Path], out: Path | None, jobs: int | None, use_cache: bool,
           progress: Callable[[int, int], None] | None, unchanged_folders: frozenset[str],
           collector: bool) -> BuildReport:
    start = time.perf_counter()
    stamp = time.time_ns()
    report = BuildReport()
    cache_dir = out / ".cache" if out is not None else None
    listed = _load_listings(cache_dir) if cache_dir is not None and use_cache else None
    recorded = dict(listed) if listed is not None else None
    card_files, kw_files = _walk_sources(paths, listed, stamp)
    if cache_dir is not None and listed is not None and listed != recorded:
        _save_listings(cache_dir, listed)  # (facts about the sources, whatever the build makes of them)
    kw_files = keyword_dir_for([], kw_files)
    library = _Library(kw_files, cache_dir if use_cache else None)
    lib_diags = list(library.diagnostics)
    report.diagnostics += lib_diags
    base = f"{VERSION}\0{grammar_hash()}\0{template_hash()}\0{library.digest}"
    base_key = base.encode()
    old = _load_manifest(cache_dir, base) if cache_dir is not None and use_cache else _Manifest()
    stats: dict[str, os.stat_result] = {}
    results: dict[str, CardResult] = {}
    unchanged: list[int] = []  # manifest rows of sources trusted by their stat
    same_key: list[tuple[str, int]] = []  # touched, but the same bytes: no compiling needed
    todo: list[str] = []
    shown_as = _Display()
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
        sts = _lstat_all(folder, prefix, names)
        if sts is not None and first >= 0:
            folder_mtimes = list(map(get_mtime, sts))
            if (folder_mtimes == mtimes[first:end] and list(map(get_size, sts)) == sizes[first:end]
                    and all(map(operator.lt, map(operator.add, folder_mtimes, repeat(_RACY_NS)), stamps[first:end]))
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
                    if m == mtimes[i] and st.st_size == sizes[i] and m < stamps[i] - _RACY_NS:
                        unchanged.append(i)
                        continue
                    # Touched (or recorded too close to its last change): the same bytes need no compiling.
                    key = source_key(base_key, shown, read_source(p))
            except OSError as e:
                shown = display(Path(p))
                results[shown] = CardResult(shown, diagnostics=[Diagnostic(shown, 1, 1, f"can't read file: {e.strerror}")])
                continue
            stats[shown] = st
            if i >= 0 and keys[i] == key:
                same_key.append((shown, i))
            else:
                todo.append(shown)  # read and keyed where it is compiled (in a worker, for many cards)
    writing = out is not None and not lib_diags
    pkg = out / PACKAGE if out is not None else Path()
    modules = _CardModules(pkg, staging=writing)
    metamodel_dir = cache_dir if use_cache else None
    compiled: Iterable[CardResult] = ()
    if (writing and use_cache and not results and len(old.paths) == len(unchanged) + len(same_key) + len(todo)
            and len(todo) < PARALLEL_THRESHOLD):
        # The same sources as the last build, a few of them edited: settled against the manifest
        # alone when nothing but those few changes (see ``_incremental``).
        edited = list(_compile_batches(todo, library.get(), 1, lambda n: None, base_key, metamodel_dir)) if todo else []
        quick = _incremental(old, pkg, modules, same_key, edited, stats, stamp, base_key, library)
        if quick is not None:
            if cache_dir is not None and quick.manifest is not None:
                _save_manifest(cache_dir, base, quick.manifest, quick.rows)
            report.compiled, report.cached, report.written = len(edited), len(old.paths) - len(edited), quick.written
            report._unlisted = quick.results
            if progress:
                progress(card_count, card_count)
            report.seconds = time.perf_counter() - start
            return report
        compiled = edited
        todo = []
    manifest = old.entries()
    new_manifest: dict[str, _Entry] = {}
    for i in unchanged:
        shown = old.paths[i]
        entry = manifest[shown]
        results[shown] = CardResult(shown, entry.name, entry.module, cached=True, key=entry.key)
        new_manifest[shown] = entry
    for shown, i in same_key:
        entry = manifest[shown]
        results[shown] = CardResult(shown, entry.name, entry.module, cached=True, key=entry.key)
    done = len(results)
    total = card_count
    if progress:
        progress(done, total)

    def advance(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, total)

    present = modules.present
    written = 0
    # Modules are written as results arrive, while the workers go on compiling.  A module name
    # two cards want is settled below (the first by path keeps it); until then the first to
    # arrive writes it, unless a cached card holds it.
    writer: dict[str, str] = {}  # module -> the card whose code is in it now
    claimed = {r.module: r.path for r in results.values() if r.cached}
    if todo:
        compiled = _compile_batches(todo, library.get(), jobs or os.cpu_count() or 1, advance, base_key, metamodel_dir,
                                    collector)
    for r in compiled:
        results[r.path] = r
        if writing and not r.diagnostics and claimed.setdefault(r.module, r.path) == r.path:
            written += modules.write(r)
            writer[r.module] = r.path
    # One card per name: a second definition of a name is an error at its file.
    by_name: dict[str, str] = {}
    by_module: dict[str, str] = {}
    base_module: dict[str, str] = {}
    order = sorted(results)
    for shown in order:
        r = results[shown]
        if r.diagnostics:
            continue
        if r.name in by_name:
            r.diagnostics.append(Diagnostic(shown, 1, 1, f"card \"{r.name}\" is already defined in {by_name[r.name]}"))
            continue
        base_module[shown] = r.module
        if r.module in by_module:
            r.module = f"{r.module}_{hashlib.sha256(r.name.encode()).hexdigest()[:8]}"
        by_name[r.name] = shown
        by_module[r.module] = shown
    if writing:
        # A cached card whose module is missing, was last written for another card, or was
        # overwritten above is compiled again (the manifest and the modules are the whole cache).
        present_modules = {n[:-3] for n in present if n.endswith(".py")}
        late = [r for r in results.values() if r.cached and not r.diagnostics and not
                (r.module in present_modules and manifest[r.path].written == r.module
                 and writer.get(r.module, r.path) == r.path)]
        if late and metamodel_dir is not None:
            _from_cache(metamodel_dir)
        with _collector(collector and len(late) > STAGE_BATCH):
            for i in range(0, len(late), STAGE_BATCH):
                chunk = late[i:i + STAGE_BATCH]
                # (their display forms name the same files)
                for r, again in zip(chunk, compile_cards([r.path for r in chunk], library.get(), base_key)):
                    again.module = r.module
                    results[r.path] = again
                gc.collect(1)  # (as _compile_many does after each batch)
    for shown in order:
        r = results[shown]
        report._results.append(r)
        if r.diagnostics:
            report.failed += 1
            report.diagnostics += r.diagnostics
        elif r.cached:
            report.cached += 1
        else:
            report.compiled += 1
    if writing:
        assert cache_dir is not None and out is not None
        written += _write_package_files(pkg, modules)
        keyword_modules = old.keyword_modules
        if not keyword_modules or not all((pkg / "keywords" / m).exists() for m in keyword_modules):
            # They depend only on the library and the templates (both in the base key).
            if metamodel_dir is not None:
                _from_cache(metamodel_dir)  # (the templates as the workers compiled them, not compiled again)
            from .render import render_keyword_file
            from .safety import check_generated
            lib = library.get()
            for f in lib.files:
                code = render_keyword_file(f, lib)
                check_generated(code, f.source)
                written += _write_if_changed(pkg / "keywords" / f"{f.module}.py", code)
            keyword_modules = tuple(f"{f.module}.py" for f in lib.files)
        cards = []
        for r in report._results:
            if r.diagnostics:
                continue
            if not r.cached and writer.get(r.module) != r.path:
                written += modules.write(r)  # (a cached card's module is its own: see above)
            cards.append((r.name, r.module))
            if r.path in stats:
                st = stats[r.path]
                new_manifest[r.path] = _Entry(st.st_mtime_ns, st.st_size, r.key, r.name,
                                              base_module[r.path], stamp, r.module)
            elif r.path in new_manifest and new_manifest[r.path].written != r.module:
                new_manifest[r.path] = new_manifest[r.path]._replace(written=r.module)
        modules.publish()  # (a cold build's modules all become visible here, at once)
        # The index depends only on the (name, module) list, the library and the templates.
        index_key = _index_key(base_key, [n for n, _ in cards], [m for _, m in cards])
        if index_key == old.index_key and _has_index(pkg):
            pass  # unchanged since the build that wrote it: not even rendered
        else:
            written += _write_index(pkg, cards, library.get())
        # Remove modules of cards no longer in the pool.
        kept = {m for _, m in cards} | {"__init__"}
        for stale in sorted(present_modules - kept):
            (pkg / "cards" / f"{stale}.py").unlink()
            written += 1
        new = _Manifest.from_entries(new_manifest, index_key, keyword_modules, modules.settle(old.folder, stamp))
        if use_cache:
            if new != old:  # (a no-op build writes nothing, not even the manifest)
                _save_manifest(cache_dir, base, new)
        else:  # modules were rewritten without it: it no longer describes the output
            (cache_dir / MANIFEST).unlink(missing_ok=True)
            (cache_dir / JOURNAL).unlink(missing_ok=True)
        report.written = written
    report.diagnostics.sort()
    report.seconds = time.perf_counter() - start
    return report


def _lstat_all(folder: str, prefix: str, names: list[str]) -> list[os.stat_result] | None:
    """``lstat`` of each of ``names`` in ``folder`` (``prefix``: the folder and a separator), or
    None if one can't be read (the caller then goes over them one by one, to say which).

    Each name is looked up from the open folder (``dir_fd``) rather than from the root: every
    build, a no-op or one-card rebuild included, does this once per card of the pool, and the
    kernel's walk down the path was about a tenth of it (30,000 sources, alternating, best of 15:
    91 -> 81 ms)."""
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


class _Quick(NamedTuple):
    """What :func:`_incremental` did."""

    written: int
    manifest: _Manifest | None  # to save (None: nothing changed)
    results: Callable[[], list[CardResult]]
    rows: list[int]  # the manifest's rows that changed


def _incremental(old: _Manifest, pkg: Path, modules: _CardModules,
                 same_key: list[tuple[str, int]], edited: list[CardResult], stats: dict[str, os.stat_result],
                 stamp: int, base_key: bytes, library: _Library) -> _Quick | None:
    """Finish a build whose sources are exactly those of the last build, ``edited`` compiled again
    and ``same_key`` touched but unchanged, from the manifest alone: O(edited) work besides
    the listing of the output folder and the manifest itself (and the index, if a name changed).

    Returns None, having written nothing, whenever the whole settlement of names and modules is
    needed (``build`` then runs it): an edited card failed; the output lacks a module the
    manifest lists, or holds one it doesn't, or lacks a keyword module or the index; an edited
    card takes a name or module another card has, or leaves a module another card wanted; more
    than one card changed its name or module.
    """
    if any(r.diagnostics for r in edited) or modules.staging:
        return None
    if not modules.as_left(old.folder):
        # Changed since the last build left it (or not known): listed and compared.
        expected = {f"{w}.py" for w in old.written}
        expected.add("__init__.py")
        if {n for n in modules.present if n.endswith(".py")} != expected:
            return None
    if (not old.keyword_modules or not _has_index(pkg)
            or not all((pkg / "keywords" / m).exists() for m in old.keyword_modules)):
        return None
    placed: dict[int, str] = {}  # manifest row -> the module an edited card is written to
    moved: list[int] = []
    for r in edited:
        i = old.row(r.path)
        if r.name == old.names[i] and r.module == old.modules[i]:
            placed[i] = old.written[i]
            continue
        if moved or old.written[i] != old.modules[i]:
            return None
        # Names are unique and a plain module name is held by at most one card (the manifest
        # records no failed card); the card itself counts once in the old columns.
        if (r.name != old.names[i] and r.name in old.names) or (r.module != old.modules[i] and (
                r.module in old.modules or r.module in old.written)) or old.modules.count(old.modules[i]) > 1:
            return None
        placed[i] = r.module
        moved.append(i)
    written = 0
    base_modules = {old.row(r.path): r.module for r in edited}
    for r in edited:
        r.module = placed[old.row(r.path)]
        written += modules.write(r)
    for i in moved:
        (modules.folder / f"{old.written[i]}.py").unlink(missing_ok=True)
        written += 1
    written += _write_package_files(pkg, modules)
    folder = modules.settle(old.folder, stamp)
    if not edited and not same_key:
        manifest = None if folder == old.folder else replace(old, folder=folder)
    else:
        manifest = _Manifest(old.paths, list(old.mtimes), list(old.sizes), list(old.keys), list(old.names),
                             list(old.modules), list(old.stamps), list(old.written), old.index_key,
                             old.keyword_modules, folder, old.token)
        for r in edited:
            i = old.row(r.path)
            manifest.keys[i], manifest.names[i], manifest.modules[i] = r.key, r.name, base_modules[i]
            manifest.written[i] = r.module
        for shown, i in [*((r.path, old.row(r.path)) for r in edited), *same_key]:
            st = stats[shown]
            manifest.mtimes[i], manifest.sizes[i], manifest.stamps[i] = st.st_mtime_ns, st.st_size, stamp
        if moved:
            cards = list(zip(manifest.names, manifest.written))
            manifest.index_key = _index_key(base_key, manifest.names, manifest.written)
            written += _write_index(pkg, cards, library.get())
    edited_at = {old.row(r.path): r for r in edited}
    final = manifest or old

    def results() -> list[CardResult]:
        return [edited_at.get(i) or CardResult(p, final.names[i], final.written[i], cached=True, key=final.keys[i])
                for i, p in enumerate(final.paths)]

    return _Quick(written, manifest, results, sorted({old.row(r.path) for r in edited} | {i for _, i in same_key}))


def _index_key(base_key: bytes, names: list[str], modules: list[str]) -> str:
    """The key of the index of these cards (names and their modules, in path order): it depends
    only on them, the library and the templates (all in ``base_key``).  Two NUL-joined strings
    (no name or module holds NUL) hash in a few milliseconds where the ``repr`` of 30,000 pairs
    took 40."""
    h = hashlib.sha256(base_key + b"\0%d\0" % len(names))
    h.update("\0".join(names).encode())
    h.update(b"\0\0")
    h.update("\0".join(modules).encode())
    return h.hexdigest()


def _write_package_files(pkg: Path, modules: _CardModules) -> int:
    """The package's fixed files (rewritten only if they changed); how many were written."""
    return (_write_if_changed(pkg / "__init__.py", f'"""Compiled card pool (cardsmith {VERSION}). Do not edit."""\n')
            + _write_if_changed(pkg / "py.typed", "")
            + modules.write_init('"""Compiled cards."""\n')
            + _write_if_changed(pkg / "keywords" / "__init__.py", '"""Compiled keywords."""\n'))


def _write_index(pkg: Path, cards: list[tuple[str, str]], library: LibraryIR) -> int:
    """Write the index of ``cards`` (name, module): its card table, then its module, each only if
    it changed; how many files changed."""
    from .render import index_table, render_index
    written = int(_write_if_changed(pkg / INDEX_TABLE, index_table(cards)))
    index = pkg / "index.py"
    if _write_if_changed(index, render_index(library)):
        # Compiled now, so the first lazy load of the pool doesn't compile it.
        import py_compile  # (only here: with what it imports, 3 ms of every rebuild's start)
        py_compile.compile(str(index), doraise=True)
        written += 1
    return written


def _has_index(pkg: Path) -> bool:
    """Whether the index's module and card table are both there."""
    return (pkg / "index.py").exists() and (pkg / INDEX_TABLE).exists()


class _CardModules:
    """The folder of card modules of an output package: what is in it, and writing a module.

    When the output has no card folder yet (a cold build), every module is written straight into
    a staging folder beside it, with no temporary file per module, and the whole folder is renamed
    into place once complete (:meth:`publish`): no module is visible before all are written, so
    none can be loaded half-written, and a build that stops half-way leaves only the staging
    folder, which the next build removes.  Into an existing folder, a module is written to a
    temporary file renamed over its name, and only if it changed (see :func:`_write_bytes_if_changed`).
    """

    def __init__(self, pkg: Path, staging: bool) -> None:
        self.final = pkg / "cards"
        self._present: set[str] | None = set()  # file names in the folder (None: not listed yet)
        self.folder = self.final
        self._found: tuple[int, ...] = ()  # the folder's identity and mtime when the build began
        self._staging = False  # (a plain flag: it is read for every module written)
        if pkg == Path():  # checking only: no output
            return
        try:
            st = os.stat(self.final)
            if stat.S_ISDIR(st.st_mode):
                self._present, self._found = None, (st.st_ino, st.st_mtime_ns)
                return
        except FileNotFoundError:
            pass
        if staging:
            self.folder = pkg / ".cards.partial"  # not an importable name
            self._staging = True
            if self.folder.exists():  # left by a build that stopped half-way
                import shutil
                shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._prefix = os.path.join(self.folder, "")

    @property
    def present(self) -> set[str]:
        """The file names in the folder (listed on first use: tens of thousands in a large pool)."""
        if self._present is None:
            self._present = set(os.listdir(self.final))
        return self._present

    def as_left(self, recorded: tuple[int, ...]) -> bool:
        """Whether the folder is as the build that recorded ``recorded`` (see :meth:`settle`) left
        it: no entry added, removed or renamed since, so it holds exactly the modules that build
        wrote, and need not be listed."""
        return bool(recorded) and self._found == recorded

    def settle(self, recorded: tuple[int, ...], stamp: int) -> tuple[int, ...]:
        """After the last write into the folder: its identity and mtime, to record in the manifest,
        the mtime first set back to a minute before the build began (``stamp``).

        A folder's mtime changes whenever an entry is added, removed or renamed, but this build's
        own writes set it to a time a later change, within the file system's timestamp tick,
        could set again; set back into the past, any later change moves it to a time after the
        build began, which can't be the recorded one (git's racily clean entries, avoided).
        The time set is never the mtime of ``recorded`` (the state this build found recorded), so
        that if this build's record is lost (it stopped before saving the manifest, or its
        journal record is damaged) the next build, finding that older state recorded, doesn't
        take the folder for the one it describes: two builds within a second would otherwise
        set the same time.  Unchanged since ``recorded`` (nothing written): left alone.  () if it
        can't be done.
        """
        try:
            st = os.stat(self.final)
            if (st.st_ino, st.st_mtime_ns) == recorded:
                return recorded
            for back in (60, 62):  # (whole seconds: 2 s apart, for the coarsest file systems)
                os.utime(self.final, ns=(st.st_atime_ns, (stamp // 1_000_000_000 - back) * 1_000_000_000))
                left = os.stat(self.final)
                if (left.st_ino, left.st_mtime_ns) != recorded:
                    return (left.st_ino, left.st_mtime_ns)
        except OSError:
            pass
        return ()

    def _has(self, name: str) -> bool:
        if self._present is None:
            return os.path.lexists(os.path.join(self.folder, name))
        return name in self._present

    @property
    def staging(self) -> bool:
        """Whether modules are written to the staging folder (until :meth:`publish`)."""
        return self._staging

    def write(self, r: CardResult) -> int:
        """Write a card's module; 1 if the file changed.  A module not in the folder before is
        written without reading anything first."""
        if self._staging:  # (a cold build: 30,000 times in a row, so the shortest path)
            name = r.module + ".py"
            _write_fresh(self._prefix + name, r.code.encode("utf-8"))
            if self._present is not None:
                self._present.add(name)
            return 1
        return self._write(f"{r.module}.py", r.code)

    def write_init(self, code: str) -> int:
        """Write the folder's ``__init__.py``; 1 if it changed."""
        return self._write("__init__.py", code)

    def _write(self, name: str, code: str) -> int:
        if self._staging:
            _write_fresh(self._prefix + name, code.encode("utf-8"))
        elif self._has(name):
            return int(_write_if_changed(self.folder / name, code))
        else:
            _write_new(self.folder / name, code.encode("utf-8"))
        if self._present is not None:
            self._present.add(name)
        return 1

    def publish(self) -> None:
        """Move a staging folder into place (one rename: all its modules appear at once)."""
        if self._staging:
            os.rename(self.folder, self.final)
            self.folder = self.final
            self._staging = False


def _write_fresh(path: str, data: bytes) -> None:
    """Write a new file in a folder nobody reads yet (the staging folder): three system calls."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def main_pool_paths(args: list[str]) -> list[Path]:
    """Paths from the command line, or the shipped pool."""
    return [Path(a) for a in args] if args else [default_pool()]


if __name__ == "__main__":  # pragma: no cover
    rep = build(main_pool_paths(sys.argv[1:]), Path("build/pool"))
    print(rep.summary())
