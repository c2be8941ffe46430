"""Compiling cards: one source text, a batch of them stage by stage, or many in worker processes.

Workers return rendered text and diagnostics (picklable), never textX models.  The compiler
proper (textX, Jinja2, the IR, lowering, rendering) is imported only when something is compiled
or rendered: a no-op rebuild of a large pool needs none of it (see :func:`compiler.build.build`).
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from dsl.diagnostics import Diagnostic

from .cache import source_key
from .sources import read_source

if TYPE_CHECKING:
    from .ir import CardIR, LibraryIR

PARALLEL_THRESHOLD = 64  # below this many cards, worker start-up costs more than it saves
STAGE_BATCH = 32  # cards compiled stage by stage together, and between garbage collections (see _compile_many)


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
    stage's code and data stay in the processor's caches from one card to the next (measured faster
    than card by card; see CHANGELOG.md, session 6).  The parsed models of the list
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


def use_cache_folder(cache_dir: Path) -> None:
    """Before this process compiles its first card: what ``runtime.api`` exports, for the safety
    check, read from the build's cache folder (or kept there: :func:`compiler.safety.api_surface`).

    Nothing in the cache folder is code: Jinja2's compiled templates were kept there until session
    14 (``template-*.cache``, marshalled code objects that the next build ran); a process now
    compiles the templates itself, once (about 20 ms), and such files are never read."""
    from .safety import surface_cache_folder
    surface_cache_folder(cache_dir)


def _ready_to_compile(cache_dir: Path | None) -> None:
    """Import what compiling a card needs and load the card templates (from ``cache_dir``'s
    bytecode if it has it), so that workers forked afterwards start with it instead of each doing
    it again (about 0.1 s a worker)."""
    if cache_dir is not None:
        use_cache_folder(cache_dir)
    from dsl import fastparse

    from . import lower, render, safety, text  # noqa: F401
    fastparse.ready()
    render.ready()
    safety.ready()


def _init_worker(library: LibraryIR, base_key: bytes, cache_dir: Path | None, collector: bool) -> None:
    global _WORKER
    _WORKER = (library, base_key)
    if collector:  # (forked from a build, which pauses it: a worker compiles thousands of cards)
        gc.enable()
    if cache_dir is not None:
        use_cache_folder(cache_dir)


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


def compile_batches(todo: list[str], library: LibraryIR, workers: int, progress: Callable[[int], None],
                    base_key: bytes, cache_dir: Path | None, collector: bool = False) -> Iterable[CardResult]:
    """Compile ``todo`` in this process or, for many cards, in ``workers`` processes; with
    ``cache_dir``, the metamodel is loaded from there (or kept there) before the first parse;
    ``collector``: whether the cyclic collector runs while many cards are compiled (see
    :func:`compiler.build.build`)."""
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
            use_cache_folder(cache_dir)
        with _collector(collector and len(todo) > 2 * STAGE_BATCH), _frozen():
            for i in range(0, len(todo), 2 * STAGE_BATCH):
                batch = _compile_many(todo[i:i + 2 * STAGE_BATCH], library, base_key=base_key)
                yield from batch
                progress(len(batch))


def compile_again(cards: list[CardResult], library: LibraryIR, base_key: bytes,
                  collector: bool = False) -> list[CardResult]:
    """Compile ``cards`` (results of an earlier build) again, in this process, each result keeping
    the module its card was given; ``collector`` as for :func:`compile_batches`."""
    out: list[CardResult] = []
    with _collector(collector and len(cards) > STAGE_BATCH):
        for i in range(0, len(cards), STAGE_BATCH):
            chunk = cards[i:i + STAGE_BATCH]
            # (their display forms name the same files)
            for r, again in zip(chunk, compile_cards([r.path for r in chunk], library, base_key)):
                again.module = r.module
                out.append(again)
            gc.collect(1)  # (as _compile_many does after each batch)
    return out


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
