"""Building a pool: keyword library first, then every card, in parallel, through an on-disk cache.

Cache key per card = sha256(source bytes, compiler version, grammar hash, template hash, keyword
library hash).  A cache hit skips parsing; a file whose content would not change is not
rewritten, so a no-op rebuild touches nothing.  Workers return rendered text and diagnostics
(picklable), never textX models.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from dsl.diagnostics import Diagnostic
from dsl.metamodel import grammar_hash
from runtime.pool import PACKAGE

from . import VERSION
from .ir import CardIR, LibraryIR
from .lower import build_library, lower_card_file, module_name
from .render import render_card, render_index, render_keyword_file, template_hash
from .safety import UnsafeCode, check_generated
from .text import card_text

PARALLEL_THRESHOLD = 64  # below this many cards, worker start-up costs more than it saves


def default_pool() -> Path:
    """The shipped pool: ``cards/`` beside the packages (or in the working directory)."""
    here = Path(__file__).resolve().parent.parent / "cards"
    return here if here.is_dir() else Path.cwd() / "cards"


def find_sources(paths: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    """Split paths (files or directories) into card files and keyword files, sorted."""
    cards: set[Path] = set()
    keywords: set[Path] = set()
    for p in paths:
        if p.is_dir():
            cards.update(p.rglob("*.card"))
            keywords.update(p.rglob("*.kw"))
        elif p.suffix == ".kw":
            keywords.add(p)
        else:
            cards.add(p)
    return sorted(cards), sorted(keywords)


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


def load_library(keyword_files: list[Path]) -> tuple[LibraryIR, list[Diagnostic], str]:
    """Lower the keyword library; also return its content hash."""
    h = hashlib.sha256()
    items = []
    for p in keyword_files:
        data = p.read_bytes()
        h.update(p.name.encode() + b"\0" + data)
        items.append((data.decode("utf-8", errors="replace"), display(p), module_name(p.stem)))
    lib, diags = build_library(items)
    return lib, diags, h.hexdigest()


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


def compile_card(path: str, library: LibraryIR) -> CardResult:
    """Parse, check, lower and render one card file (safe to run in a worker process)."""
    try:
        raw = Path(path).read_bytes()
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return CardResult(path, diagnostics=[Diagnostic(path, 1, 1, f"not UTF-8 text: {e.reason}")])
    except OSError as e:
        return CardResult(path, diagnostics=[Diagnostic(path, 1, 1, f"can't read file: {e.strerror}")])
    return compile_text(text, path, library)


def compile_text(text: str, path: str, library: LibraryIR) -> CardResult:
    """Compile card source ``text`` named ``path``."""
    if "\x00" in text:
        return CardResult(path, diagnostics=[Diagnostic(path, 1, text.index("\x00") + 1, "NUL byte in source")])
    ir, diags = lower_card_file(text, path, library)
    if ir is None:
        return CardResult(path, diagnostics=diags)
    code = render_card(ir, library)
    try:
        check_generated(code, path)
    except UnsafeCode as e:  # pragma: no cover - only reachable through a compiler bug
        return CardResult(path, diagnostics=[Diagnostic(path, 1, 1, f"generated code rejected: {e}")])
    return CardResult(path, ir.name, ir.module, code, card_text(ir, library), ir=ir)


_WORKER_LIBRARY: LibraryIR | None = None


def _init_worker(library: LibraryIR) -> None:
    global _WORKER_LIBRARY
    _WORKER_LIBRARY = library


def _work(paths: list[str]) -> list[CardResult]:
    assert _WORKER_LIBRARY is not None
    out = []
    for p in paths:
        r = compile_card(p, _WORKER_LIBRARY)
        r.ir = None  # keep results small across the process boundary
        out.append(r)
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
    results: list[CardResult] = field(default_factory=list)

    def summary(self) -> str:
        """The one-line summary."""
        return (f"{self.compiled} compiled, {self.cached} cached, {self.failed} failed, "
                f"{self.written} files written in {self.seconds:.2f}s")


def _write_if_changed(path: Path, text: str) -> bool:
    data = text.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)  # never a partially written module
    return True


def check(paths: list[Path], jobs: int | None = None,
          progress: Callable[[int, int], None] | None = None) -> BuildReport:
    """Check sources without writing anything: every diagnostic from every file."""
    return build(paths, None, jobs=jobs, progress=progress)


def build(paths: list[Path], out: Path | None, jobs: int | None = None, use_cache: bool = True,
          progress: Callable[[int, int], None] | None = None) -> BuildReport:
    """Compile card and keyword sources under ``paths`` into ``out`` (None: check only)."""
    start = time.perf_counter()
    report = BuildReport()
    card_files, kw_files = find_sources(paths)
    kw_files = keyword_dir_for(card_files, kw_files)
    library, lib_diags, lib_hash = load_library(kw_files)
    report.diagnostics += lib_diags
    base_key = f"{VERSION}\0{grammar_hash()}\0{template_hash()}\0{lib_hash}".encode()
    cache_dir = out / ".cache" if out is not None else None
    results: dict[str, CardResult] = {}
    todo: list[str] = []
    keys: dict[str, str] = {}
    for p in card_files:
        shown = display(p)
        try:
            key = hashlib.sha256(base_key + b"\0" + shown.encode() + b"\0" + p.read_bytes()).hexdigest()
        except OSError as e:
            results[shown] = CardResult(shown, diagnostics=[Diagnostic(shown, 1, 1, f"can't read file: {e.strerror}")])
            continue
        keys[shown] = key
        if cache_dir is not None and use_cache and (cache_dir / f"{key}.json").exists():
            data = json.loads((cache_dir / f"{key}.json").read_text(encoding="utf-8"))
            results[shown] = CardResult(shown, data["name"], data["module"], data["code"], data["text"], cached=True)
        else:
            todo.append(shown)
    done = len(results)
    total = len(card_files)
    if progress:
        progress(done, total)
    workers = jobs or os.cpu_count() or 1
    if len(todo) >= PARALLEL_THRESHOLD and workers > 1:
        chunk = max(8, len(todo) // (workers * 8))
        batches = [todo[i:i + chunk] for i in range(0, len(todo), chunk)]
        with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker, initargs=(library,)) as ex:
            for batch in ex.map(_work, batches):
                for r in batch:
                    results[r.path] = r
                done += len(batch)
                if progress:
                    progress(done, total)
    else:
        for shown in todo:
            results[shown] = compile_card(shown, library)
            done += 1
            if progress:
                progress(done, total)
    # One card per name: a second definition of a name is an error at its file.
    by_name: dict[str, str] = {}
    by_module: dict[str, str] = {}
    for shown in sorted(results):
        r = results[shown]
        if r.diagnostics:
            continue
        if r.name in by_name:
            r.diagnostics.append(Diagnostic(shown, 1, 1, f"card \"{r.name}\" is already defined in {by_name[r.name]}"))
            continue
        if r.module in by_module:
            r.module = f"{r.module}_{hashlib.sha256(r.name.encode()).hexdigest()[:8]}"
            r.code = r.code  # module name only affects the file name and index
        by_name[r.name] = shown
        by_module[r.module] = shown
    for shown in sorted(results):
        r = results[shown]
        report.results.append(r)
        if r.diagnostics:
            report.failed += 1
            report.diagnostics += r.diagnostics
        elif r.cached:
            report.cached += 1
        else:
            report.compiled += 1
    if out is not None and not lib_diags:
        pkg = out / PACKAGE
        written = 0
        written += _write_if_changed(pkg / "__init__.py", f'"""Compiled card pool (cardsmith {VERSION}). Do not edit."""\n')
        written += _write_if_changed(pkg / "py.typed", "")
        written += _write_if_changed(pkg / "cards" / "__init__.py", '"""Compiled cards."""\n')
        written += _write_if_changed(pkg / "keywords" / "__init__.py", '"""Compiled keywords."""\n')
        for f in library.files:
            code = render_keyword_file(f, library)
            check_generated(code, f.source)
            written += _write_if_changed(pkg / "keywords" / f"{f.module}.py", code)
        cards = []
        for r in report.results:
            if r.diagnostics:
                continue
            written += _write_if_changed(pkg / "cards" / f"{r.module}.py", r.code)
            cards.append((r.name, r.module))
            if cache_dir is not None and not r.cached:
                _write_if_changed(cache_dir / f"{keys[r.path]}.json",
                                  json.dumps({"name": r.name, "module": r.module, "code": r.code, "text": r.text}))
        written += _write_if_changed(pkg / "index.py", render_index(cards, library))
        # Remove modules of cards no longer in the pool.
        keep = {f"{m}.py" for _, m in cards} | {"__init__.py"}
        for stale in sorted((pkg / "cards").glob("*.py")):
            if stale.name not in keep:
                stale.unlink()
                written += 1
        report.written = written
    report.diagnostics.sort()
    report.seconds = time.perf_counter() - start
    return report


def main_pool_paths(args: list[str]) -> list[Path]:
    """Paths from the command line, or the shipped pool."""
    return [Path(a) for a in args] if args else [default_pool()]


if __name__ == "__main__":  # pragma: no cover
    rep = build(main_pool_paths(sys.argv[1:]), Path("build/pool"))
    print(rep.summary())
