"""Building a pool: keyword library first, then every card, in parallel, through an on-disk cache.

:func:`build` runs the steps; the modules beside it do the work: :mod:`compiler.sources` finds
and reads the sources, :mod:`compiler.cache` compares them with the manifest of the last build
and keeps it, :mod:`compiler.library` lowers the keyword library, :mod:`compiler.compiling`
compiles cards (in worker processes, for many), :mod:`compiler.output` writes the output
package, and :mod:`compiler.incremental` settles a rebuild of a few edited cards from the manifest
alone.

A module missing from the output, damaged since it was written (:mod:`compiler.repair`), or last
written for another card, is compiled again; a module that would not change is not rewritten.  A
damaged or missing keyword module or index file is written again too, and the report names each
file repaired.  The lowered keyword library is cached too (by its content hash), and the index is
rendered only when the list of cards changes.
"""
from __future__ import annotations

import gc
import hashlib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from dsl.diagnostics import Diagnostic
from dsl.metamodel import grammar_hash
from runtime.pool import PACKAGE

from . import VERSION
from .cache import JOURNAL, MANIFEST, Entry, Manifest, compare_sources, index_key, load_manifest, save_manifest
from .compiling import PARALLEL_THRESHOLD, CardResult, compile_again, compile_batches, use_cache_folder
from .incremental import incremental
from .library import Library
from .lock import LOCK_WAIT, output_lock
from .output import (CardModules, Stamp, has_index, has_keyword_modules, stamp_of, write_index, write_keyword_modules,
                     write_package_files)
from .repair import OutputCheck, check_outputs
from .sources import keyword_dir_for, list_sources
from .fingerprint import code_hash
from .templating import template_hash


@dataclass
class BuildReport:
    """Summary of a build."""

    compiled: int = 0
    cached: int = 0
    failed: int = 0
    written: int = 0
    seconds: float = 0.0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # Output files found damaged or missing and written again, each with why, by their path in
    # the package: "cards/shock.py (changed since it was written)".
    repaired: list[str] = field(default_factory=list)
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
        repaired = f", {len(self.repaired)} repaired" if self.repaired else ""
        return (f"{self.compiled} compiled, {self.cached} cached, {self.failed} failed, "
                f"{self.written} files written{repaired} in {self.seconds:.2f}s")


def check(paths: list[Path], jobs: int | None = None,
          progress: Callable[[int, int], None] | None = None) -> BuildReport:
    """Check sources without writing anything: every diagnostic from every file."""
    return build(paths, None, jobs=jobs, progress=progress)


def build(paths: list[Path], out: Path | None, jobs: int | None = None, use_cache: bool = True,
          progress: Callable[[int, int], None] | None = None,
          unchanged_folders: frozenset[str] = frozenset(), lock_wait: float = LOCK_WAIT,
          waiting: Callable[[float], None] | None = None) -> BuildReport:
    """Compile card and keyword sources under ``paths`` into ``out`` (None: check only).

    A build into ``out`` holds its lock (:func:`compiler.lock.output_lock`) throughout: while
    another build holds it, ``waiting(lock_wait)`` is called and the lock waited for up to
    ``lock_wait`` seconds, then :class:`compiler.lock.OutputBusy` raised.

    ``unchanged_folders`` (folders as listed, for :mod:`cardsmith.watch`): folders known to have
    had no change since the build that wrote the manifest (the kernel said so); their sources
    recorded in the manifest are trusted without a ``stat``.

    The automatic cyclic collector is paused for the build: a rebuild of a large pool makes a
    ``stat`` result per source and loads the metamodel, the keyword library and the manifest,
    and the generation-2 collections that set off rescan all of it for nothing (about a tenth of
    a one-card rebuild at 30,000 cards).  Compiling collects the young generations every
    :data:`~compiler.compiling.STAGE_BATCH` cards itself, and a run of more cards than a batch (in
    this process or in workers) runs with the collector as the caller had it, so textX's cyclic
    models don't pile up.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        if out is None:
            return _build(paths, out, jobs, use_cache, progress, unchanged_folders, enabled)
        with output_lock(out, lock_wait, waiting):
            return _build(paths, out, jobs, use_cache, progress, unchanged_folders, enabled)
    finally:
        if enabled:
            gc.enable()


def _build(paths: list[Path], out: Path | None, jobs: int | None, use_cache: bool,
           progress: Callable[[int, int], None] | None, unchanged_folders: frozenset[str],
           collector: bool) -> BuildReport:
    start = time.perf_counter()
    b = _Build(paths, out, use_cache, unchanged_folders, collector)
    report = BuildReport(diagnostics=list(b.library_diagnostics), repaired=b.repaired)
    found, todo = b.found, b.found.todo
    compiled: Iterable[CardResult] = ()
    if b.few_edits():
        # The same sources as the last build, a few of them edited: settled against the manifest
        # alone when nothing but those few changes (see ``incremental``).
        edited = list(compile_batches(todo, b.library.get(), 1, lambda n: None, b.base_key, b.kept)) if todo else []
        if b.settle_incremental(edited, report):
            if progress:
                progress(found.card_count, found.card_count)
            report.seconds = time.perf_counter() - start
            return report
        compiled, todo = edited, []
    entries = b.old.entries()
    results, new_manifest = b.cached(entries)
    advance = _progress(progress, len(results), found.card_count)
    present = b.modules.present
    if todo:
        compiled = compile_batches(todo, b.library.get(), jobs or os.cpu_count() or 1, advance, b.base_key, b.kept,
                                   b.collector)
    writer, written = b.write_as_compiled(compiled, results)
    order, base_module = _one_card_per_name(results)
    if b.writing:
        present_modules = {n[:-3] for n in present if n.endswith(".py")}
        b.compile_late(results, entries, present_modules, writer)
    _tally(report, [results[shown] for shown in order])
    if b.writing:
        report.written = written + b.finish_output(report._results, new_manifest, writer, base_module, present_modules)
    report.diagnostics.sort()
    report.seconds = time.perf_counter() - start
    return report


class _Build:
    """One build's state, shared by its steps: the methods, in the order :func:`_build` runs them."""

    def __init__(self, paths: list[Path], out: Path | None, use_cache: bool, unchanged_folders: frozenset[str],
                 collector: bool) -> None:
        """Find the sources, read the keyword library's, load the last build's manifest and compare
        the card sources with it."""
        self.stamp = time.time_ns()  # when the build began
        self.cache_dir = out / ".cache" if out is not None else None
        self.use_cache = use_cache
        self.kept = self.cache_dir if use_cache else None  # the cache folder, if the build uses it
        self.collector = collector  # whether the cyclic collector runs while many cards compile
        card_files, kw_files = list_sources(paths, self.kept, self.stamp)
        self.library = Library(keyword_dir_for([], kw_files), self.kept)
        self.library_diagnostics = list(self.library.diagnostics)
        self.base = f"{VERSION}\0{grammar_hash()}\0{template_hash()}\0{code_hash()}\0{self.library.digest}"
        self.base_key = self.base.encode()
        self.old = load_manifest(self.kept, self.base) if self.kept is not None else Manifest()
        self.found = compare_sources(card_files, self.old, self.base_key, unchanged_folders)
        self.writing = out is not None and not self.library_diagnostics
        self.pkg = out / PACKAGE if out is not None else Path()
        self.check = check_outputs(self.old, self.pkg) if self.writing and self.use_cache else OutputCheck()
        self.repaired = self._compile_damaged() + list(self.check.notes)
        self.modules = CardModules(self.pkg, staging=self.writing)

    def _compile_damaged(self) -> list[str]:
        """Have the cards whose modules are damaged or missing compiled again, as if their sources
        had been edited (the manifest doesn't hold a module's code); what is repaired so."""
        damaged, found, old = self.check.damaged, self.found, self.old
        if not damaged:
            return []
        repaired = []
        for i in [i for i in found.unchanged if i in damaged]:
            shown = old.paths[i]
            try:
                found.stats[shown] = os.stat(shown)
            except OSError:
                pass  # (gone since it was listed: compiling it says so)
            found.todo.append(shown)
            repaired.append(f"cards/{old.written[i]}.py ({damaged[i]})")
        found.unchanged[:] = [i for i in found.unchanged if i not in damaged]
        for shown, i in found.same_key:
            if i in damaged:
                found.todo.append(shown)
                repaired.append(f"cards/{old.written[i]}.py ({damaged[i]})")
        found.same_key[:] = [(shown, i) for shown, i in found.same_key if i not in damaged]
        # (a damaged module of an edited card is rewritten anyway, and one of a card no longer in
        # the pool is removed: neither is a repair)
        return repaired

    def few_edits(self) -> bool:
        """Whether the sources are those of the last build, a few edited, all readable (for
        :func:`compiler.incremental.incremental`)."""
        found = self.found
        return (self.writing and self.use_cache and not found.unreadable
                and len(self.old.paths) == len(found.unchanged) + len(found.same_key) + len(found.todo)
                and len(found.todo) < PARALLEL_THRESHOLD)

    def settle_incremental(self, edited: list[CardResult], report: BuildReport) -> bool:
        """Settle the build from the manifest alone, if it can be, and fill ``report``; whether it was."""
        quick = incremental(self.old, self.pkg, self.modules, self.found.same_key, edited, self.found.stats,
                            self.stamp, self.base_key, self.library, self.check)
        if quick is None:
            return False
        if self.cache_dir is not None and quick.manifest is not None:
            save_manifest(self.cache_dir, self.base, quick.manifest, quick.rows,
                          outputs=quick.manifest.outputs != self.old.outputs)
        report.compiled, report.cached, report.written = len(edited), len(self.old.paths) - len(edited), quick.written
        report._unlisted = quick.results
        return True

    def cached(self, manifest: dict[str, Entry]) -> tuple[dict[str, CardResult], dict[str, Entry]]:
        """Results of the sources that can't be read and of those the manifest (``manifest``: its
        entries) still describes, by source; the new manifest's entries so far (the sources trusted
        by their ``stat``)."""
        found = self.found
        results = {shown: CardResult(shown, diagnostics=[d]) for shown, d in found.unreadable.items()}
        new_manifest: dict[str, Entry] = {}
        touched = self.check.touched
        for i in found.unchanged:
            shown = self.old.paths[i]
            entry = manifest[shown]
            results[shown] = CardResult(shown, entry.name, entry.module, cached=True, key=entry.key)
            new_manifest[shown] = entry.with_output(touched[i]) if i in touched else entry
        for shown, i in found.same_key:
            entry = manifest[shown]
            results[shown] = CardResult(shown, entry.name, entry.module, cached=True, key=entry.key)
        return results, new_manifest

    def write_as_compiled(self, compiled: Iterable[CardResult],
                          results: dict[str, CardResult]) -> tuple[dict[str, str], int]:
        """Add ``compiled`` to ``results`` and write their modules as they arrive, while the workers
        go on compiling: which card's code each module holds now, and how many were written.

        A module name two cards want is settled later (see :func:`_one_card_per_name`: the first by
        path keeps it); until then the first to arrive writes it, unless a cached card holds it."""
        written = 0
        writer: dict[str, str] = {}  # module -> the card whose code is in it now
        claimed = {r.module: r.path for r in results.values() if r.cached}
        for r in compiled:
            results[r.path] = r
            if self.writing and not r.diagnostics and claimed.setdefault(r.module, r.path) == r.path:
                written += self.modules.write(r)
                writer[r.module] = r.path
        return writer, written

    def compile_late(self, results: dict[str, CardResult], manifest: dict[str, Entry], present_modules: set[str],
                     writer: dict[str, str]) -> None:
        """Compile again each cached card whose module is missing, was last written (``manifest``:
        the last build's entries) for another card, or was overwritten (the manifest and the
        modules are the whole cache)."""
        late = [r for r in results.values() if r.cached and not r.diagnostics and not
                (r.module in present_modules and manifest[r.path].written == r.module
                 and writer.get(r.module, r.path) == r.path)]
        if not late:
            return
        if self.kept is not None:
            use_cache_folder(self.kept)
        for again in compile_again(late, self.library.get(), self.base_key, self.collector):
            results[again.path] = again

    def finish_output(self, results: list[CardResult], new_manifest: dict[str, Entry],
                      writer: dict[str, str], base_module: dict[str, str], present_modules: set[str]) -> int:
        """Write the rest of the output (in path order, ``results``): the package's fixed files,
        keyword modules, the modules not yet written, the index; remove the modules of cards no
        longer in the pool; record the manifest.  How many files were written or removed."""
        assert self.cache_dir is not None
        pkg, modules, old, stats = self.pkg, self.modules, self.old, self.found.stats
        written = write_package_files(pkg, modules)
        keyword_modules = old.keyword_modules
        outputs = {**old.outputs, **self.check.touched_files}
        if not has_keyword_modules(pkg, keyword_modules) or self.check.keywords:
            # They depend only on the library and the templates (both in the base key).
            if self.kept is not None:
                use_cache_folder(self.kept)  # (the templates as the workers compiled them, not compiled again)
            keyword_modules, n, stamps = write_keyword_modules(pkg, self.library.get())
            outputs = {name: s for name, s in outputs.items() if not name.startswith("keywords/")} | stamps
            written += n
        cards = []
        for r in results:
            if r.diagnostics:
                continue
            if not r.cached and writer.get(r.module) != r.path:
                written += modules.write(r)  # (a cached card's module is its own: see compile_late)
            cards.append((r.name, r.module))
            if r.path in stats:
                st = stats[r.path]
                new_manifest[r.path] = Entry(st.st_mtime_ns, st.st_size, r.key, r.name, base_module[r.path],
                                             self.stamp, r.module, *self._output_stamp(r))
            elif r.path in new_manifest:
                stamp = modules.stamps.get(f"{r.module}.py")  # (compiled again: see compile_late)
                if stamp is not None or new_manifest[r.path].written != r.module:
                    new_manifest[r.path] = new_manifest[r.path]._replace(written=r.module).with_output(
                        stamp or self._output_stamp(r))
        modules.publish()  # (a cold build's modules all become visible here, at once)
        # The index depends only on the (name, module) list, the library and the templates: unchanged
        # since the build that wrote it, it is not even rendered.
        key = index_key(self.base_key, [n for n, _ in cards], [m for _, m in cards])
        if key != old.index_key or not has_index(pkg) or self.check.index:
            n, stamps = write_index(pkg, cards, self.library.get())
            outputs.update(stamps)
            written += n
        in_pool = {m for _, m in cards} | {"__init__"}
        for stale in sorted(present_modules - in_pool):  # (cards no longer in the pool)
            (pkg / "cards" / f"{stale}.py").unlink()
            written += 1
        new = Manifest.from_entries(new_manifest, key, keyword_modules, modules.settle(old.folder, self.stamp), outputs)
        if self.use_cache:
            if new != old:  # (a no-op build writes nothing, not even the manifest)
                save_manifest(self.cache_dir, self.base, new)
        else:  # modules were rewritten without it: it no longer describes the output
            (self.cache_dir / MANIFEST).unlink(missing_ok=True)
            (self.cache_dir / JOURNAL).unlink(missing_ok=True)
        return written

    def _output_stamp(self, r: CardResult) -> Stamp:
        """The stamp of the module of ``r``, a card recorded in the new manifest: as this build
        wrote it (or found it holding its code), else as the last build recorded it (a card
        touched but not compiled), else as it is now."""
        name = f"{r.module}.py"
        stamp = self.modules.stamps.get(name)
        if stamp is not None:
            return stamp
        i = self.old.row(r.path)
        if i >= 0 and self.old.written[i] == r.module:
            touched = self.check.touched.get(i)
            return touched or Stamp(self.old.out_sizes[i], self.old.out_ctimes[i], self.old.out_digests[i])
        path = self.modules.folder / name
        return stamp_of(os.stat(path), path.read_bytes())


def _progress(progress: Callable[[int, int], None] | None, done: int, total: int) -> Callable[[int], None]:
    """Report ``done`` of ``total`` cards to ``progress`` (if any), and return what reports ``n``
    more done."""
    if progress:
        progress(done, total)

    def advance(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, total)

    return advance


def _one_card_per_name(results: dict[str, CardResult]) -> tuple[list[str], dict[str, str]]:
    """Settle names and modules in path order: a second definition of a card's name is an error at
    its file; a second card with a module name gets that name with a hash of its own name added.
    The sources in path order, and each card's module before that renaming."""
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
    return order, base_module


def _tally(report: BuildReport, results: list[CardResult]) -> None:
    """Add ``results`` (in path order) to ``report``: its counts, diagnostics and results."""
    for r in results:
        report._results.append(r)
        if r.diagnostics:
            report.failed += 1
            report.diagnostics += r.diagnostics
        elif r.cached:
            report.cached += 1
        else:
            report.compiled += 1
