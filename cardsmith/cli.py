"""The ``cardsmith`` command line: check, build, text, test, play, replay, soak, simulate, coverage, new, lsp."""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NoReturn, Sequence

if TYPE_CHECKING:
    import tempfile

    from runtime.pool import Pool
    from runtime.tools.backends import Backend
    from runtime.tools.players import PlayerSpec

    from compiler.ir import LibraryIR

    from .decks import Deck
    from .translate import Translation

from compiler import VERSION
from compiler.build import BuildReport, build
from compiler.lock import LOCK_WAIT
from compiler.library import load_library
from compiler.sources import default_pool, display, find_sources, keyword_dir_for
from dsl.diagnostics import Diagnostic

from .terminal import print_diagnostics, progress_bar
from .watch import DEFAULT_INTERVAL


class CliError(Exception):
    """A mistake the user can fix (a missing or unreadable input, a bad value): reported on one
    line, ``cardsmith: error: WHAT, WHERE``, with exit status ``code`` (2: usage or input)."""

    def __init__(self, what: str, where: str | Path = "", code: int = 2) -> None:
        super().__init__(what)
        self.what = what
        self.where = shown_path(where) if where != "" else ""
        self.code = code


def shown_path(path: str | Path) -> str:
    """A path as printed: bytes of a name that aren't UTF-8 (kept by Python as lone surrogates,
    which can't be written to a UTF-8 stream) as backslash escapes."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def report_error(what: str, where: str = "") -> None:
    """Print the one-line error: ``cardsmith: error: WHAT, WHERE`` (no newline of its own in it).

    WHAT's runs of white space are one space; in WHERE (a path, as given) a character that isn't
    printable (a newline, a carriage return, a tab, a zero-width space) is written as its escape, so
    that the line stays one line and a WHERE of white space alone doesn't vanish."""
    line = " ".join(what.split())
    if where:
        shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in where)
        line += ", " + (shown if shown.strip() else repr(shown))
    print(f"cardsmith: error: {line}", file=sys.stderr)


MAX_INPUT_BYTES = 256 << 20  # a file named on the command line (a Scryfall bulk Oracle file is ~150 MB)


def input_file(path: str | Path, what: str = "file", limit: int = MAX_INPUT_BYTES) -> Path:
    """``path``, once known to be a readable regular file of at most ``limit`` bytes, in UTF-8;
    else a :class:`CliError` saying why (missing, a folder, a device or named pipe, unreadable,
    too large, binary, another encoding).  A named pipe or a device is refused before it is opened
    (reading one would wait for a writer, or never end)."""
    import stat

    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise CliError(f"no such {what}", p) from None
    except NotADirectoryError:
        raise CliError(f"no such {what} (a file where a folder goes)", p) from None
    except (OSError, ValueError) as e:  # (ValueError: a NUL in the path)
        raise CliError(f"can't read the {what}: {getattr(e, 'strerror', None) or e}", p) from None
    if stat.S_ISDIR(st.st_mode):
        raise CliError(f"the {what} is a folder, not a file", p)
    if not stat.S_ISREG(st.st_mode):
        raise CliError(f"the {what} is not a regular file (a device, a named pipe or a socket)", p)
    if st.st_size > limit:
        raise CliError(f"the {what} is too large ({st.st_size:,} bytes; at most {limit:,})", p)
    try:
        with p.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise CliError(f"can't read the {what}: {e.strerror or e}", p) from None
    if len(data) > limit:
        raise CliError(f"the {what} is too large (more than {limit:,} bytes)", p)
    if b"\0" in data:
        raise CliError(f"the {what} is binary, not text", p)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CliError(f"the {what} is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})", p) from None
    return p


def input_folder(path: str | Path, what: str = "folder") -> Path:
    """``path``, once known to be a folder; else a :class:`CliError`."""
    p = Path(path)
    if not p.exists():
        raise CliError(f"no such {what}", p)
    if not p.is_dir():
        raise CliError(f"the {what} is a file, not a folder", p)
    return p


def output_file(path: str | Path, what: str) -> Path:
    """``path``, once it looks writable (its folder exists, it isn't a folder, a named pipe or a
    socket, which would wait for a reader), so that a long command doesn't fail only at its end."""
    import stat

    p = Path(path)
    try:
        st: os.stat_result | None = p.stat()
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        raise CliError(f"no folder for the {what} (a file where a folder goes)", p) from None
    except (OSError, ValueError) as e:  # (ValueError: a NUL in the path)
        raise CliError(f"can't write the {what}: {getattr(e, 'strerror', None) or e}", p) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise CliError(f"the {what} is a folder, not a file", p)
    if st is not None and (stat.S_ISFIFO(st.st_mode) or stat.S_ISSOCK(st.st_mode)):
        raise CliError(f"the {what} is a named pipe or a socket, not a file", p)
    if not p.parent.is_dir():
        raise CliError(f"no folder for the {what}", p.parent)
    if not os.access(p.parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise CliError(f"can't write the {what}: permission denied", p)
    return p


def _temporary_directory() -> tempfile.TemporaryDirectory[str]:
    """A temporary directory (``tempfile`` is imported only by the commands that need one: a
    rebuild is timed as a whole command, imports included)."""
    import tempfile

    return tempfile.TemporaryDirectory()


def _show_progress(fmt: str) -> bool:
    """A progress bar only for people: text output to a terminal (never with --format json)."""
    return fmt == "text" and sys.stderr.isatty()


def _print_located(diags: Sequence[Diagnostic]) -> None:
    """Diagnostics on stderr with their source line and a caret (colored on a terminal)."""
    print_diagnostics(diags, sys.stderr, color=sys.stderr.isatty())


def _print_diagnostics(report: BuildReport, fmt: str) -> None:
    if fmt == "json":
        import json

        print(json.dumps({"diagnostics": [d.as_dict() for d in report.diagnostics],
                          "compiled": report.compiled, "cached": report.cached, "failed": report.failed,
                          "repaired": report.repaired}, indent=2))
    else:
        _print_located(report.diagnostics)


def cmd_check(args: argparse.Namespace) -> int:
    """Report every diagnostic in the given sources (or the shipped pool); exit 1 on any error."""
    paths = [Path(p) for p in args.paths] or [default_pool()]
    missing = [p for p in paths if not p.exists()]
    if missing:
        raise CliError("no such file or folder", ", ".join(map(shown_path, missing)))
    with progress_bar(_show_progress(args.format), "checking", sys.stderr) as progress:
        report = build(paths, None, jobs=args.jobs, progress=progress)
    todos = _todo_warnings(paths)
    report.diagnostics = sorted(report.diagnostics + todos)
    _print_diagnostics(report, args.format)
    errors = [d for d in report.diagnostics if d.severity == "error"]
    if args.format == "text":
        n = len(errors)
        cards = report.compiled + report.cached + report.failed
        done = f"checked {cards} card(s): {n} error(s)" if n else f"checked {cards} card(s): no errors"
        if todos:
            done += f", {len(todos)} TODO line(s) left"
        print(done, file=sys.stderr if n or todos else sys.stdout)
    return 1 if errors else 0


def _todo_warnings(paths: list[Path]) -> list[Diagnostic]:
    """A warning for each ``// TODO`` comment in the card files under ``paths``: the Oracle lines
    ``cardsmith new`` could not translate, which the card doesn't have yet (it compiles without
    them, and would render and play without that text)."""
    from compiler.sources import find_sources, read_source

    found: list[Diagnostic] = []
    for path in find_sources(paths)[0]:
        try:
            text = read_source(str(path)).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # (the build reports an unreadable file)
        if "TODO" not in text:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            col = line.find("// TODO")
            if col >= 0:
                found.append(Diagnostic(display(path), number, col + 1,
                                        f"TODO left: {line[col + 7:].lstrip(': ').strip()}",
                                        "write this Oracle line as a script line (docs/language.md), "
                                        "or the card lacks it", severity="warning"))
    return found


def cmd_build(args: argparse.Namespace) -> int:
    """Compile the sources into ``-o DIR``; print a one-line summary."""
    paths = [Path(p) for p in args.paths] or [default_pool()]
    missing = [p for p in paths if not p.exists()]
    if missing:
        raise CliError("no such file or folder", ", ".join(map(shown_path, missing)))
    out = Path(args.output)
    if args.watch:
        return _watch(paths, out, args)
    from compiler.lock import OutputBusy

    try:
        with progress_bar(_show_progress(args.format), "building", sys.stderr) as progress:
            report = build(paths, out, jobs=args.jobs, use_cache=not args.no_cache, progress=progress,
                           lock_wait=args.lock_wait, waiting=_waiting(out))
    except OSError as e:
        return _unwritable(e)
    except OutputBusy as e:
        raise CliError(str(e), out) from None
    _print_diagnostics(report, args.format)
    if args.format == "text":
        _print_repaired(report, out)
        print(f"cardsmith build: {report.summary()} -> {shown_path(out)}")
    return 1 if report.diagnostics else 0


REPAIRED_SHOWN = 10  # repaired files named one by one; past this, counted


def _print_repaired(report: BuildReport, out: Path) -> None:
    """Name the output files the build found damaged or missing and wrote again."""
    from runtime.pool import PACKAGE

    for line in report.repaired[:REPAIRED_SHOWN]:
        print(f"cardsmith build: repaired {shown_path(out / PACKAGE)}/{line}")
    if len(report.repaired) > REPAIRED_SHOWN:
        print(f"cardsmith build: repaired {len(report.repaired) - REPAIRED_SHOWN} more file(s) in {shown_path(out / PACKAGE)}")


def _watch(paths: list[Path], out: Path, args: argparse.Namespace) -> int:
    """``build --watch``: build, then rebuild on every change until interrupted (Ctrl-C, exit 0)."""
    from .watch import watch

    def show(report: BuildReport) -> None:
        _print_diagnostics(report, args.format)
        if args.format == "text":
            _print_repaired(report, out)
            print(f"cardsmith build: {report.summary()} -> {shown_path(out)}", flush=True)

    from compiler.lock import OutputBusy

    if args.no_cache:
        raise CliError("--watch rebuilds through the cache: drop --no-cache", "in the command line")
    try:
        watch(paths, out, show, jobs=args.jobs, interval=args.interval, lock_wait=args.lock_wait,
              waiting=_waiting(out))
    except KeyboardInterrupt:
        pass
    except OSError as e:
        return _unwritable(e)
    except OutputBusy as e:
        raise CliError(str(e), out) from None
    return 0


def _waiting(out: Path) -> Callable[[float], None]:
    """What a build says when another build holds the output's lock (see :mod:`compiler.lock`)."""
    def say(limit: float) -> None:
        print(f"cardsmith build: another build is writing into {shown_path(out)}; waiting for it to finish "
              f"(up to {limit:g} s)", file=sys.stderr, flush=True)
    return say


def _unwritable(e: OSError) -> int:
    """Report an output that can't be written (a file where a folder goes, no space, no
    permission, ...) in one line; exit status 2.  Sources that can't be read are diagnostics."""
    where = shown_path(e.filename) if e.filename else ""
    where += f" -> {shown_path(e.filename2)}" if e.filename2 else ""  # a rename names both sides
    report_error(f"can't write the output: {e.strerror or e}", where)
    return 2


def cmd_text(args: argparse.Namespace) -> int:
    """Print the rules text a card's script renders."""
    target = Path(args.card)
    card_files, kw_files = find_sources([default_pool()])
    if not target.exists() and not args.card.endswith(".card"):
        # A card name: find its file in the pool.
        from compiler.lower import module_name
        wanted = module_name(args.card)
        matches = [p for p in card_files if module_name(p.stem) == wanted]
        if not matches:
            raise CliError(f"no card named {args.card!r}", f"in {display(default_pool())}")
        target = matches[0]
    input_file(target, "card file")
    from compiler.lower import lower_card_file
    from compiler.text import card_text
    library, diags, _ = load_library(keyword_dir_for([target], kw_files))
    ir, card_diags = lower_card_file(target.read_text(encoding="utf-8"), display(target), library)
    _print_located(diags + card_diags)
    if ir is None:
        return 1
    print(ir.name)
    print(card_text(ir, library, reminder=not args.no_reminder))
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    """Run scenario files against a freshly built pool (the shipped pool by default)."""
    from compiler.scenarios import load_scenario_file
    from runtime.tools.scenario import ScenarioError, run_scenario

    paths = [Path(p) for p in args.paths] or [Path("tests/scenarios")]
    files: list[Path] = []
    for p in paths:
        files += sorted(p.rglob("*.scn")) if p.is_dir() else [p]
    if not files:
        raise CliError("no scenario files", f"in {', '.join(map(shown_path, paths))}")
    for f in files:
        input_file(f, "scenario file")
    pool_dir = input_folder(args.pool, "pool folder") if args.pool else default_pool()
    with _temporary_directory() as tmp:
        pool = _playable_pool(tmp, pool_dir)
        passed = failed = 0
        for f in files:
            scenarios, diags = load_scenario_file(f)
            _print_located(diags)
            failed += len(diags)
            for s in scenarios:
                table: list[str] = []
                try:
                    result = run_scenario(s, pool)
                    problems = result.failures
                    table = result.table() if problems else []
                except ScenarioError as e:
                    problems = [f"scenario error: {e}"]
                if problems:
                    failed += 1
                    print(f"FAIL {shown_path(f)}:{s.line} {s.name} [{', '.join(s.rules)}]")
                    for msg in problems:
                        print(f"     {msg}")
                    for row in table:  # the table where it stopped, as a judge sees it
                        print(f"     {row}")
                else:
                    passed += 1
                    if args.verbose:
                        print(f"ok   {shown_path(f)}:{s.line} {s.name} [{', '.join(s.rules)}]")
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0


def cmd_new(args: argparse.Namespace) -> int:
    """Write a card script from its Oracle record (or, with ``--all``, one for every record)."""
    from .scaffold import ScaffoldError, scaffold

    pool = input_folder(args.pool, "pool folder") if args.pool else default_pool()
    oracle = _oracle_file(args.oracle) if args.oracle else None
    library, diags, _ = load_library(sorted((pool / "keywords").glob("*.kw")) or keyword_dir_for([], []))
    if args.all:
        return _new_all(args, library)
    if not args.name:
        raise CliError("give a card name, or --all ORACLE_FILE -o DIR", "in the command line")
    from .oracle import OracleFormatError

    try:
        path, t = scaffold(args.name, pool, library, oracle)
    except OracleFormatError as e:
        raise _oracle_error(e, oracle or pool / "oracle.json") from None
    except ScaffoldError as e:
        raise CliError(str(e), "", code=1) from None
    path = Path(shown_path(path))
    print(f"wrote {path}: {_account(t)}")
    if t.todo:
        _todo_hints(t.todo, args.name, pool)
        print(f"next: replace the TODO lines, then `cardsmith check {path}` and `cardsmith text {path}`")
    else:
        print(f"next: `cardsmith check {path}`, and a scenario that proves it plays (docs/scenarios.md)")
    return 0


def _todo_hints(todo: list[str], name: str, pool: Path) -> None:
    """For each line ``new`` left as a TODO, the pool's closest scripted line and how it is
    written (see ``cardsmith examples``)."""
    from .examples import find_examples, scripted_lines

    lines = scripted_lines(pool)
    for line in todo:
        found = find_examples(line, lines, top=1, name=name)
        if not found:
            continue
        ex = found[0]
        print(f"TODO {line}")
        print(f"  like {ex.found.card}: {ex.found.line}")
        script = ex.found.script.read_text(encoding="utf-8").splitlines()
        for i in ex.marked:
            print(f"    {script[i].strip()}")
    print("more examples of a line: `cardsmith examples \"TEXT\"`")


def cmd_examples(args: argparse.Namespace) -> int:
    """Print the pool's scripted cards whose Oracle text is most like TEXT, with their scripts."""
    from .examples import find_examples, format_example, scripted_lines

    pool = input_folder(args.pool, "pool folder") if args.pool else default_pool()
    text = " ".join(args.text).strip()
    if not text:
        raise CliError("give some Oracle text to look for", "in the command line")
    if len(text) > 2000:
        raise CliError("the text is longer than 2,000 characters", "in the command line")
    found = find_examples(text, scripted_lines(pool), top=args.top, name=args.card)
    if not found:
        print(f"no scripted card of {pool} says anything like that")
        return 1
    for i, ex in enumerate(found):
        if i:
            print()
        for row in format_example(ex, root=pool.parent):
            print(row)
    return 0


def _account(t: "Translation") -> str:
    if t.status == "partial":
        return f"partial ({t.translated} of {t.total} lines; the rest are TODO comments)"
    return "complete" if t.status == "complete" else f"none of its {t.total} lines (all TODO comments)"


def _new_all(args: argparse.Namespace, library: "LibraryIR") -> int:
    """``new --all ORACLE -o DIR``: a script for every record, a line per card, then the totals."""
    import time

    from .oracle import OracleFormatError, load_oracle
    from .scaffold import card_path, script_for

    if args.name:
        raise CliError("give either a card name or --all, not both", "in the command line")
    out = Path(args.output or "new-cards")
    if out.exists() and not out.is_dir():
        raise CliError("the output is a file, not a folder", out)
    try:
        records = load_oracle(_oracle_file(args.all))
    except OracleFormatError as e:
        raise _oracle_error(e, args.all) from None
    totals = {"complete": 0, "partial": 0, "none": 0}
    lines = translated = 0
    start = time.perf_counter()
    tty = sys.stderr.isatty()
    for i, rec in enumerate(records.values(), 1):
        text, t = script_for(rec, library)
        path = card_path(out, rec["name"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        totals[t.status] += 1
        lines += t.total
        translated += t.translated
        if args.verbose:
            print(f"{t.status:8} {rec['name']}" + (f" ({t.translated} of {t.total})" if t.status == "partial" else ""))
        if tty and (i % 25 == 0 or i == len(records)):
            sys.stderr.write(f"\r  {i}/{len(records)} cards  {totals['complete']} complete")
            sys.stderr.flush()
    if tty:
        sys.stderr.write("\n")
    n = len(records)
    print(f"{n} cards in {time.perf_counter() - start:.1f}s -> {shown_path(out)}: {totals['complete']} complete "
          f"({100 * totals['complete'] / max(n, 1):.1f}%), {totals['partial']} partial, {totals['none']} none; "
          f"{translated} of {lines} Oracle lines translated")
    return 0


def _oracle_error(e: Exception, path: str | Path) -> CliError:
    """An Oracle file of a shape no reader knows: WHAT (the message, less the path it starts
    with), WHERE (the file)."""
    what = str(e)
    for prefix in (f"{path}: ", f"{shown_path(path)}: "):
        what = what.removeprefix(prefix)
    return CliError(what, path)


def _oracle_file(path: str | Path) -> Path:
    """An Oracle data file, once known to be readable JSON."""
    import json

    p = input_file(path, "Oracle file")
    try:
        json.loads(p.read_text(encoding="utf-8"))
    except ValueError as e:
        raise CliError(f"the Oracle file is not JSON ({e})", p) from None
    except RecursionError:  # (arrays or objects nested thousands deep)
        raise CliError("the Oracle file is JSON nested too deeply to be Oracle data", p) from None
    return p


def _playable_pool(tmp: str, pool_dir: Path | None = None) -> "Pool":
    """The pool built into ``tmp`` for a command that plays (``play``, ``replay``, ``soak``,
    ``test``).  A card that fails to compile is left out with a warning, so that one unfinished
    script doesn't stop every game; errors in keyword files stop the command (exit 1), as no card
    can be built without its keywords.  (``build`` and ``check`` fail on any error.)"""
    from runtime.pool import Pool

    report = build([pool_dir or default_pool()], Path(tmp))
    errors = [d for d in report.diagnostics if d.severity == "error"]
    if any(d.path.endswith(".kw") for d in errors):
        _print_diagnostics(report, "text")
        raise CliError("the keyword files have errors, so no card can be built", "in the pool", code=1)
    if errors:
        _print_located(report.diagnostics)
        failed = sorted({d.path for d in errors})
        shown = ", ".join(failed[:5]) + (f" and {len(failed) - 5} more" if len(failed) > 5 else "")
        print(f"cardsmith: warning: {len(failed)} card file(s) failed to compile and are left out of the "
              f"pool: {shown}", file=sys.stderr)
    return Pool(tmp)


def _random_decks_possible(pool: "Pool", where: Path) -> None:
    """A :class:`CliError` unless random decks can be made of ``pool``: they take two of the five
    basic lands and spells (:func:`runtime.tools.simulate.random_deck`), so a pool lacking one
    of those (an empty folder, a folder of lands) can't give a game of random decks."""
    from runtime.tools.simulate import BASICS

    names = set(pool.names())
    missing = [b for b in BASICS if b not in names]
    if missing:
        raise CliError(f"random decks need the five basic lands, and the pool lacks {', '.join(missing)} "
                       "(give decks, or a pool that has them)", where)
    if not set(pool.nonland_names()) - set(BASICS):
        raise CliError("random decks need spells, and the pool has none (give decks, or a pool that has them)",
                       where)


def _pool_dir(args: argparse.Namespace) -> Path:
    """The card pool a command names with ``--pool`` (checked to be a folder), or the shipped one."""
    return input_folder(args.pool, "pool folder") if args.pool else default_pool()


def _read_deck(path: str) -> "Deck":
    """A deck list (this project's format, MTGO, Arena or Forge: :mod:`cardsmith.decks`); a
    :class:`CliError` naming what is wrong, and where."""
    from .decks import DeckError, read_deck

    try:
        return read_deck(input_file(path, "deck file"))
    except DeckError as e:
        raise CliError(e.what, shown_path(e.where)) from None


def _deck_names(deck: "Deck", path: str, pool_names: Iterable[str]) -> list[str]:
    """The deck's main deck, its names spelt as the pool spells them (a :class:`CliError` lists
    the names the pool lacks, each with the nearest pool name)."""
    from .decks import DeckError, resolve

    try:
        return list(resolve(deck, pool_names, shown_path(path)).main)
    except DeckError as e:
        raise CliError(e.what, e.where) from None


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game (random players, or one side at the terminal) and print its turn-by-turn log."""
    from runtime.decisions import Decider
    from runtime.game import Game
    from runtime.tools.board import BoardingDecider, BoardWatcher
    from runtime.tools.human import HumanDecider
    from runtime.tools.players import PLAYER_KINDS, PlayerSpec, player_factory
    from runtime.tools.random_player import RandomDecider
    from runtime.tools.replay import Decision, GameLog, RecordingDecider, TurnDigests, log_digest
    from runtime.tools.simulate import play_game
    from runtime.tools.turnlog import readable

    names = ("alice", "bob")
    human: int | None = None
    if args.human is not None:
        if args.human not in names:
            raise CliError(f"--human takes {' or '.join(names)}, not {args.human!r}", "in the command line")
        human = names.index(args.human)
    kinds = [args.vs or "random"] * len(names)
    if args.players is not None:
        if args.human is not None or args.vs is not None:
            raise CliError("--players names both seats: not with --human or --vs", "in the command line")
        kinds = [k.strip() for k in args.players.split(",")]
        if len(kinds) != len(names) or any(k not in PLAYER_KINDS for k in kinds):
            raise CliError(f"--players takes two of {', '.join(PLAYER_KINDS)} separated by a comma, "
                           f"not {args.players!r}", "in the command line")
    iterations, seconds = args.budget
    computers = player_factory([PlayerSpec(k, iterations, seconds) for k in kinds], args.seed)
    if args.deck is not None and len(args.deck) != 2:
        raise CliError("give two --deck files (or none for random decks)", "in the command line")
    lists = [(d, _read_deck(d)) for d in args.deck or []]
    if args.save_log:
        output_file(args.save_log, "log file")
    with _temporary_directory() as tmp:
        pool_dir = _pool_dir(args)
        pool = _playable_pool(tmp, pool_dir)
        decks = [_deck_names(deck, path, pool.names()) for path, deck in lists] or None
        if decks is None:
            _random_decks_possible(pool, pool_dir)
        record: list[Decision] = []
        humans: list[HumanDecider] = []
        watchers: list[BoardWatcher] = []

        def inner(i: int, game_ref: list[Game]) -> Decider:
            d: Decider = computers(i, game_ref) or RandomDecider(args.seed * 2 + i)
            if i == human:
                h = HumanDecider(i, game_ref, sys.stdin, sys.stdout)
                humans.append(h)
                d = h
            if args.board:
                if not watchers:
                    watchers.append(BoardWatcher(game_ref, list(names), sys.stdout, viewer=human or 0))
                d = BoardingDecider(d, watchers[0])
            return RecordingDecider(d, record)

        digests = TurnDigests(record, record.__len__)  # (the state after each turn, for the log)
        report = play_game(pool, args.seed, decks, max_turns=args.turns, names=names, inner=inner,
                           turn_ended=digests.turn_ended if args.save_log else None)
        if watchers:
            watchers[0].finish()
        elif humans:
            h = humans[0]
            h.show_news()
            print("\n".join(h.turn_log.finish() if h.turn_log else []))
        elif args.raw:
            print("\n".join(report.log))
        else:
            print("\n".join(readable(report.log, names)))
        print(f"-- seed {report.seed}: {report.ended} after {report.turns} turns, {report.decisions} decisions; "
              f"winner: {report.winner or 'none'}")
        for v in report.violations:
            print(f"VIOLATION {v}")
        if args.save_log:
            GameLog(seed=args.seed, decks=report.decks, names=list(names), max_turns=args.turns,
                    decisions=record, final_state=report.final_state, event_log=log_digest(report.log),
                    events=len(report.log), ended=report.ended, human=human,
                    turns=digests.finish(report.turns, report.final_state)).save(Path(args.save_log))
            print(f"saved {shown_path(args.save_log)} ({len(record)} decisions); replay with `cardsmith replay {shown_path(args.save_log)}`")
        return 1 if report.violations else 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-run a saved game log, print its turn log, and check it reaches the recorded state after each
    turn and at its end (exit 1 if not, naming the first turn that differs)."""
    from runtime.decisions import Decider
    from runtime.game import Game
    from runtime.tools.board import BoardingDecider, BoardWatcher
    from runtime.tools.replay import GameLog, ReplayCursor, ReplayDecider, TurnDigests, replay_problems
    from runtime.tools.simulate import play_game
    from runtime.tools.turnlog import readable

    if args.html:
        output_file(args.html, "HTML file")
    try:
        saved = GameLog.load(input_file(args.file, "log file"))
    except (OSError, ValueError) as e:
        raise CliError(str(e), args.file) from None
    except RecursionError:  # (JSON's arrays or objects nested thousands deep)
        raise CliError("not a cardsmith game log: JSON nested too deeply", args.file) from None
    with _temporary_directory() as tmp:
        pool = _playable_pool(tmp, _pool_dir(args))
        unknown = sorted({c for d in saved.decks for c in d if c not in pool.names()})
        if unknown:
            raise CliError(f"not in the pool: {', '.join(unknown)}", args.file, code=1)
        cursor = ReplayCursor()

        watchers: list[BoardWatcher] = []
        if args.viewer is None:
            viewer = saved.human  # a person's game as they saw it; else everything
        elif args.viewer == "all":
            viewer = None
        elif args.viewer in saved.names:
            viewer = saved.names.index(args.viewer)
        else:
            raise CliError(f"--viewer takes {', '.join(saved.names)} or all, not {args.viewer!r}", "in the command line")

        def inner(i: int, game_ref: list[Game]) -> Decider:
            d: Decider = ReplayDecider(saved.decisions, cursor)
            if args.board or args.html:
                if not watchers:
                    watchers.append(BoardWatcher(game_ref, list(saved.names), sys.stdout if args.board else None,
                                                 viewer=viewer))
                d = BoardingDecider(d, watchers[0])
            return d

        digests = TurnDigests(saved.decisions, lambda: cursor.position)
        report = play_game(pool, saved.seed, saved.decks, max_turns=saved.max_turns, names=saved.names,
                           inner=inner, turn_ended=digests.turn_ended)
        replayed = digests.finish(report.turns, report.final_state)
        if watchers:
            watchers[0].finish()
        if not args.board:
            print("\n".join(report.log if args.raw else readable(report.log, saved.names)))
        if args.html and watchers:
            from .html_replay import write_html

            write_html(watchers[0].frames, f"cardsmith replay: seed {saved.seed}, {' vs '.join(saved.names)}",
                       Path(args.html))
            print(f"wrote {shown_path(args.html)} ({len(watchers[0].frames)} steps); open it in a browser")
        problems = replay_problems(saved, report, replayed, cursor)
        print(f"-- replayed seed {saved.seed}: {report.turns} turns, {cursor.position} of {len(saved.decisions)} "
              f"decisions; winner: {report.winner or 'none'}")
        for p in problems:
            print(f"DIVERGED: {p}")
        if not problems and saved.format >= 2:
            print(f"replay matches: the same decisions and state after each of {len(replayed) - 1} turn(s), "
                  "the same event log and final state")
        elif not problems:
            print(f"the replay ends as the log does: the same event log and final state (a format {saved.format} "
                  "log has no turn records, so its decisions can't be checked turn by turn; "
                  "`cardsmith play --save-log` writes them)")
        return 1 if problems else 0


def _cpu_seconds() -> float:
    """CPU time of this process and its finished workers (a shared machine's fair measure)."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def cmd_soak(args: argparse.Namespace) -> int:
    """Play many seeded random games with invariant checks; report games, decisions checked, failures.

    Progress goes to stderr as games finish (rewritten in place on a terminal, a line every ten
    seconds otherwise); ``--jobs`` plays on several processes, with the same report for a seed."""
    import time

    from runtime.tools.soak import SoakTotals, soak

    tty = sys.stderr.isatty()
    last = [0.0]
    printed = [0]

    def fails(t: SoakTotals) -> None:  # FAIL lines as soon as known, in seed order
        for g in t.failures[printed[0]:]:
            if tty:
                sys.stderr.write("\n")
            print(f"FAIL seed {g.seed}: {g.violation}  (reproduce: cardsmith play --seed {g.seed} "
                  f"--turns {args.turns})", flush=True)
        printed[0] = len(t.failures)

    def progress(t: SoakTotals) -> None:
        fails(t)
        now = time.perf_counter()
        if not tty and now - last[0] < 10 and t.games < args.games:
            return
        last[0] = now
        line = (f"  {t.games}/{args.games} games  {t.decisions} decisions  {len(t.failures)} failures  "
                f"{t.rate():.2f} games/s")
        if t.games < args.games:  # (games finish in seed order: the rest is a soak of its own)
            line += f"  (the rest: --seed {args.seed + t.games} --games {args.games - t.games})"
        sys.stderr.write(f"\r{line}" if tty else f"{line}\n")
        sys.stderr.flush()

    with _backend(args) as backend, _temporary_directory() as tmp:
        pool_dir = _pool_dir(args)
        _random_decks_possible(_playable_pool(tmp, pool_dir), pool_dir)
        cpu = _cpu_seconds()
        totals = soak(tmp, args.seed, args.games, args.turns, jobs=args.jobs, progress=progress, backend=backend)
        cpu = _cpu_seconds() - cpu
        if tty:
            sys.stderr.write("\n")
        fails(totals)
        print(f"games: {totals.games}  decisions checked: {totals.decisions}  failures: {len(totals.failures)}  "
              f"outcomes: {totals.outcomes}  seconds: {totals.seconds:.1f}  games/s: {totals.rate():.2f}  "
              f"jobs: {args.jobs}  cpu seconds: {cpu:.1f}")
        return 1 if totals.failures else 0


@contextlib.contextmanager
def _backend(args: argparse.Namespace) -> Iterator["Backend"]:
    """The backend ``--backend`` names (local processes by default; :mod:`runtime.tools.backends`),
    closed when the command is done with it; one that can't be used is a one-line error."""
    from runtime.tools.backends import BackendError, make_backend

    try:
        backend = make_backend(args.backend, args.jobs, args.ray_address)
    except BackendError as e:
        raise CliError(str(e), "in `--backend ray`" if args.backend == "ray" else "in the command line") from None
    try:
        yield backend
    finally:
        backend.close()


def _player_specs(text: str, budget: int) -> "tuple[PlayerSpec, PlayerSpec]":
    """``--players KIND[,KIND]``: deck A's kind of player, then deck B's (one kind: both)."""
    from runtime.tools.players import PLAYER_KINDS, PlayerSpec, player_factory

    kinds = [k.strip() for k in text.split(",")]
    if len(kinds) not in (1, 2) or not all(kinds):
        raise CliError(f"--players takes KIND or KIND,KIND, not {text!r}", "in the command line")
    specs = (PlayerSpec(kinds[0], budget), PlayerSpec(kinds[-1], budget))
    try:
        player_factory(specs, 0)
    except ValueError as e:
        raise CliError(f"{e} (available: {', '.join(PLAYER_KINDS)})", "in `--players`") from None
    return specs


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play many seeded games of deck A against deck B and print win rates with 95% intervals,
    the average game length and per-card figures; optionally as JSON and as a PNG chart."""
    import time

    from runtime.tools.simulation import simulate

    specs = _player_specs(args.players, args.budget)
    lists = [(d, _read_deck(d)) for d in (args.deck_a, args.deck_b)]
    if args.json:
        output_file(args.json, "JSON file")
    if args.png:
        output_file(args.png, "PNG file")
        from .charts import ChartUnavailable, require_matplotlib

        try:
            require_matplotlib()
        except ChartUnavailable as e:
            raise CliError(str(e), "in the command line") from None
    names = [deck.name or Path(path).stem for path, deck in lists]
    if names[0] == names[1]:
        names = [f"{names[0]} (A)", f"{names[1]} (B)"]
    pool_dir = _pool_dir(args)
    with _backend(args) as backend, _temporary_directory() as tmp:
        pool = _playable_pool(tmp, pool_dir)
        decks = [_deck_names(deck, path, pool.names()) for path, deck in lists]
        spells = frozenset(pool.nonland_names())
        workers = backend.workers
        start = time.perf_counter()
        with progress_bar(sys.stderr.isatty(), "simulating", sys.stderr) as progress:
            result = simulate(tmp, decks, args.games, args.seed, specs, args.turns, backend=backend,
                              workers=workers, names=names, spells=spells.__contains__, progress=progress)
        seconds = time.perf_counter() - start
    print(result.table())
    print(f"-- {result.games} games in {seconds:.1f}s on the {backend.name} backend", file=sys.stderr)
    if args.json:
        Path(args.json).write_text(result.to_json() + "\n", encoding="utf-8")
        print(f"wrote {args.json}", file=sys.stderr)
    if args.png:
        from .charts import write_chart

        write_chart(result, Path(args.png))
        print(f"wrote {args.png}", file=sys.stderr)
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    """Coverage of an Oracle card list by the pool (table or JSON)."""
    from .coverage import coverage

    pool = input_folder(args.pool, "pool folder") if args.pool else default_pool()
    oracle = _oracle_file(args.oracle if args.oracle else pool / "oracle.json")
    scenarios = Path(args.scenarios)
    for f in sorted(scenarios.rglob("*.scn")) if scenarios.is_dir() else ():
        input_file(f, "scenario file")
    from .oracle import OracleFormatError

    try:
        with progress_bar(_show_progress(args.format), "compiling the pool", sys.stderr) as progress:
            report = coverage(pool, oracle, scenarios, top=args.top, progress=progress)
    except OracleFormatError as e:
        raise _oracle_error(e, oracle) from None
    print(report.as_json() if args.format == "json" else report.table())
    return 0


def cmd_lsp(args: argparse.Namespace) -> int:
    """Run the language server on stdin/stdout (for editors; see editors/vscode)."""
    from langserver.server import serve

    refused = serve(input_file(args.rules, "rules file") if args.rules else None,
                    debug=getattr(args, "debug", False))
    if refused:
        raise CliError(refused, "on standard input")
    return 0


COMMANDS = ("check", "build", "text", "test", "play", "replay", "soak", "simulate", "coverage", "new", "examples",
            "lsp")


def _terminal_columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` gives it (``COLUMNS``, else the
    terminal on standard output, else 80), without importing :mod:`shutil`, which imports the
    compression modules (about 5 ms of every command's start)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            stdout = sys.__stdout__
            columns = (os.get_terminal_size(stdout.fileno()).columns if stdout is not None else 0) or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the terminal's width (see :func:`_terminal_columns`):
    argparse makes one for every argument it adds, and its own would import :mod:`shutil`."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _terminal_columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """An argument parser (and its commands' parsers, which argparse makes of the same class)
    whose help is formatted by :class:`_Formatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """A usage error in the one-line style of every other error (exit status 2)."""
        report_error(message, f"in the command line (see `{self.prog} --help`)")
        raise SystemExit(2)


def at_least(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number, ``least`` or more (and ``most`` or less, if given)."""
    def whole_number(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid int value: {text[:50]!r}") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, not {n}")
        if most is not None and n > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, not {n:,}" if n < 10 ** 30 else
                                             f"must be at most {most:,}, not a {len(str(n))}-digit number")
        return n
    return whole_number


MAX_JOBS = 256  # worker processes (a process pool of absurd size fails, or takes the machine)
MAX_GAMES = 10 ** 6  # games of a soak (its chunks of seeds are all handed out at the start)
# The search player's budget per decision: past these, one decision takes hours (a 1,000-turn game
# of such decisions, weeks), so a larger number is a typo, refused at once rather than played.
MAX_SEARCH_ITERATIONS = 100_000
MAX_SEARCH_SECONDS = 60.0
_POSITIVE = at_least(1)
_NATURAL = at_least(0)
_JOBS = at_least(1, MAX_JOBS)


def _seconds(text: str) -> float:
    """An argument type: a number of seconds, 0 or more."""
    try:
        n = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds: {text!r}") from None
    if not n >= 0 or n == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {text}")
    return n


def _backend_options(parser: argparse.ArgumentParser, jobs_default: int | None = 1) -> None:
    """``--backend``, ``--ray-address`` (and ``--jobs`` where the command has none yet)."""
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="where the games are played: local processes (default), or Ray tasks "
                        "(needs cardsmith[scale]; docs/simulate.md)")
    parser.add_argument("--ray-address", metavar="ADDRESS", default=None,
                        help="with --backend ray: the cluster to join (default: $RAY_ADDRESS, else a local cluster)")
    if jobs_default is None:
        parser.add_argument("--jobs", type=_JOBS, default=None,
                            help="worker processes with --backend local (default: the CPU count; 1: in this "
                            "process); the figures are the same for any number, and on any backend")


def _budget(text: str) -> tuple[int, float | None]:
    """An argument type: a search budget, ``N`` iterations per decision (deterministic) or ``Ns``
    seconds per decision (not deterministic across machines); as (iterations, seconds or None)."""
    if text.endswith("s"):
        seconds = _seconds(text[:-1])
        if seconds <= 0:
            raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
        if seconds > MAX_SEARCH_SECONDS:
            raise argparse.ArgumentTypeError(f"must be at most {MAX_SEARCH_SECONDS:g} seconds, not {text[:50]}")
        return 200, seconds
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid budget: {text!r} (iterations, e.g. 200, or seconds, e.g. 0.5s)") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more iterations, not {n}")
    if n > MAX_SEARCH_ITERATIONS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SEARCH_ITERATIONS:,} iterations, not {text[:50]}")
    return n, None


def make_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only`` (a command's name), one with that command alone.

    (Each command's parser costs about a millisecond to make -- ``argparse`` looks its messages up
    in gettext's catalogues, through the file system, every time -- and a one-shot rebuild needs
    one of them.  Its help, usage and errors are the same either way.)"""
    p = _Parser(prog="cardsmith", description="Compile and test cardsmith card scripts.")
    p.add_argument("--version", action="version", version=f"cardsmith {VERSION}",
                   help="print the version and exit")
    p.add_argument("--debug", action="store_true", help="show the traceback of an internal error")
    sub = p.add_subparsers(dest="command", required=True)
    if only in (None, "check"):
        c = sub.add_parser("check", help="report every error in card and keyword files")
        c.add_argument("paths", nargs="*", help="files or directories (default: the shipped pool)")
        c.add_argument("--format", choices=("text", "json"), default="text",
                       help="text for people (default), json for tools")
        c.add_argument("-j", "--jobs", type=_JOBS, default=None, help="worker processes (default: all cores)")
        c.set_defaults(func=cmd_check)
    if only in (None, "build"):
        b = sub.add_parser("build", help="compile cards and keywords to Python modules")
        b.add_argument("paths", nargs="*", help="files or directories (default: the shipped pool)")
        b.add_argument("-o", "--output", default="build/pool", help="output directory (default: build/pool)")
        b.add_argument("--format", choices=("text", "json"), default="text",
                       help="text for people (default), json for tools")
        b.add_argument("-j", "--jobs", type=_JOBS, default=None, help="worker processes (default: all cores)")
        b.add_argument("--no-cache", action="store_true", help="recompile every card")
        b.add_argument("--watch", action="store_true",
                       help="keep running: rebuild whenever a source changes (Ctrl-C to stop)")
        b.add_argument("--interval", type=float, default=DEFAULT_INTERVAL, metavar="SECONDS",
                       help=f"with --watch: pause between two checks for changes (default: {DEFAULT_INTERVAL})")
        b.add_argument("--lock-wait", type=_seconds, default=LOCK_WAIT, metavar="SECONDS",
                       help="while another build writes into the output, wait this long for it, then give up "
                            f"(default: {LOCK_WAIT:g}; 0: give up at once)")
        b.set_defaults(func=cmd_build)
    if only in (None, "text"):
        t = sub.add_parser("text", help="print the rules text a card's script renders")
        t.add_argument("card", help="a card name or a .card file")
        t.add_argument("--no-reminder", action="store_true", help="omit reminder text")
        t.set_defaults(func=cmd_text)
    if only in (None, "test"):
        s = sub.add_parser("test", help="run scenario files")
        s.add_argument("paths", nargs="*", help="scenario files or directories (default: tests/scenarios)")
        s.add_argument("--pool", help="card pool to build (default: the shipped pool)")
        s.add_argument("-v", "--verbose", action="store_true", help="also list the scenarios that pass")
        s.set_defaults(func=cmd_test)
    if only in (None, "play"):
        pl = sub.add_parser("play", help="play a game (computer players, or you against one) and print its log")
        pl.add_argument("--seed", type=int, default=0, help="the game's random seed (default: 0)")
        pl.add_argument("--deck", action="append",
                        help="a deck list (give two): cardsmith, MTGO .dec, Arena export or Forge .dck; "
                        "default: random decks from the pool")
        pl.add_argument("--pool", help="card pool directory (default: the shipped pool)")
        pl.add_argument("--turns", type=_POSITIVE, default=30, help="turn limit")
        pl.add_argument("--human", nargs="?", const="alice", default=None, metavar="PLAYER",
                        help="play PLAYER (alice, the first deck, by default) at the terminal")
        pl.add_argument("--vs", choices=("random", "greedy", "search"), default=None,
                        help="the computer player of every seat not played at the terminal (default: random)")
        pl.add_argument("--players", metavar="KIND,KIND",
                        help="the computer players of alice and bob, e.g. search,random (not with --human or --vs)")
        pl.add_argument("--budget", type=_budget, default=(200, None), metavar="N|Ns",
                        help="the search player's budget per decision: N iterations (default 200; deterministic) "
                        "or N seconds, e.g. 0.5s (depends on the machine, so not deterministic)")
        pl.add_argument("--save-log", metavar="FILE", help="write a replayable JSON log (decks, seed, decisions)")
        pl.add_argument("--raw", action="store_true", help="print the full event log instead of the readable one")
        pl.add_argument("--board", action="store_true",
                        help="print the table (life, zones, stack) as each step begins, as alice (or the "
                        "--human player) sees it")
        pl.set_defaults(func=cmd_play)
    if only in (None, "replay"):
        rp = sub.add_parser("replay", help="replay a saved game log and check it ends the same")
        rp.add_argument("file", help="a log written by `cardsmith play --save-log`")
        rp.add_argument("--raw", action="store_true", help="print the full event log")
        rp.add_argument("--board", action="store_true",
                        help="print the table (life, zones, stack) as each step begins")
        rp.add_argument("--html", metavar="FILE",
                        help="write one self-contained HTML page that steps through the game")
        rp.add_argument("--viewer", metavar="PLAYER",
                        help="show the table as PLAYER sees it, or all for everything (default: the log's "
                        "human player, else everything)")
        rp.add_argument("--pool", help="card pool directory (default: the shipped pool)")
        rp.set_defaults(func=cmd_replay)
    if only in (None, "soak"):
        so = sub.add_parser("soak", help="play many invariant-checked random games")
        so.add_argument("--games", type=at_least(1, MAX_GAMES), default=100, help="how many games (default: 100)")
        so.add_argument("--seed", type=int, default=0, help="first seed")
        so.add_argument("--turns", type=_POSITIVE, default=20, help="turn limit per game")
        so.add_argument("--jobs", type=_JOBS, default=1,
                        help="worker processes with --backend local (the report for a seed range is the same for "
                        "any number, and on any backend)")
        so.add_argument("--pool", help="card pool directory (default: the shipped pool)")
        _backend_options(so)
        so.set_defaults(func=cmd_soak)
    if only in (None, "simulate"):
        si = sub.add_parser("simulate", help="play many games of one deck against another: win rates, "
                            "game length, per-card figures")
        si.add_argument("deck_a", metavar="DECK_A", help="a deck list: cardsmith, MTGO .dec, Arena export or Forge .dck")
        si.add_argument("deck_b", metavar="DECK_B", help="the deck it plays against")
        si.add_argument("--games", type=at_least(1, MAX_GAMES), default=100, help="how many games (default: 100)")
        si.add_argument("--seed", type=int, default=0, help="first seed (default: 0); deck A goes first on even seeds")
        si.add_argument("--players", default="random", metavar="KIND[,KIND]",
                        help="the computer players: one kind for both decks, or deck A's,deck B's (default: random)")
        si.add_argument("--budget", type=at_least(1, MAX_SEARCH_ITERATIONS), default=200,
                        help="search iterations per decision, for search players (default: 200)")
        si.add_argument("--turns", type=_POSITIVE, default=50, help="turn limit per game; a game cut off is a draw "
                        "(default: 50)")
        si.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
        si.add_argument("--png", metavar="FILE", help="also draw them as a PNG chart (needs cardsmith[plot])")
        si.add_argument("--pool", help="card pool directory (default: the shipped pool)")
        _backend_options(si, jobs_default=None)
        si.set_defaults(func=cmd_simulate)
    if only in (None, "coverage"):
        cv = sub.add_parser("coverage", help="how much of an Oracle card list the pool scripts, exactly")
        cv.add_argument("--oracle", help="Oracle file (default: the pool's oracle.json)")
        cv.add_argument("--pool", help="card pool directory (default: the shipped pool)")
        cv.add_argument("--scenarios", default="tests/scenarios", help="scenario directory")
        cv.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json for tools")
        cv.add_argument("--top", type=_NATURAL, default=25, help="how many missing lines to list")
        cv.set_defaults(func=cmd_coverage)
    if only in (None, "new"):
        n = sub.add_parser("new", help="write a card script from its Oracle text")
        n.add_argument("name", nargs="?", help="the card's name")
        n.add_argument("--oracle", help="Oracle data file: cardsmith, Scryfall or MTGJSON JSON "
                       "(default: the pool's oracle.json)")
        n.add_argument("--pool", help="card pool directory (default: the shipped pool)")
        n.add_argument("--all", metavar="ORACLE_FILE", help="write a script for every card of an Oracle file "
                       "into -o DIR and print the totals")
        n.add_argument("-o", "--output", metavar="DIR", help="with --all: the folder to write (default: new-cards)")
        n.add_argument("-v", "--verbose", action="store_true", help="with --all: a line per card")
        n.set_defaults(func=cmd_new)
    if only in (None, "examples"):
        ex = sub.add_parser("examples", help="show how scripted cards write Oracle text like TEXT")
        ex.add_argument("text", nargs="+", help="an Oracle line or phrase (quote it)")
        ex.add_argument("--card", help="the card the text comes from (its name is read as 'this')")
        ex.add_argument("--pool", help="card pool directory (default: the shipped pool)")
        ex.add_argument("--top", type=_NATURAL, default=5, help="how many cards to show (default 5)")
        ex.set_defaults(func=cmd_examples)
    if only in (None, "lsp"):
        ls = sub.add_parser("lsp", help="run the language server on stdio (editor support)")
        ls.add_argument("--rules", help="Comprehensive Rules text file quoted in hovers "
                        "(default: $CARDSMITH_RULES or shared/reference beside the checkout)")
        ls.set_defaults(func=cmd_lsp)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``cardsmith`` command (``argv``: the arguments, default ``sys.argv[1:]``)."""
    return _dispatch(make_parser().parse_args(argv))


def _dispatch(args: argparse.Namespace) -> int:
    """Run the command; report what stops it in one line (no traceback unless ``--debug``).

    Exit status: 0 done, 1 errors in cards (or a failed test, replay or soak), 2 a usage or
    input error, 3 an internal error (a bug: the message asks for a report)."""
    try:
        return int(args.func(args))
    except KeyboardInterrupt:  # pragma: no cover
        return 130
    except BrokenPipeError:
        # The reader went away (`cardsmith coverage | head`): nothing more can be said to it, and
        # the interpreter's final flush of stdout must not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except CliError as e:
        report_error(e.what, e.where)
        return e.code
    except Exception as e:
        from compiler.safety import UnsafeCode
        if isinstance(e, UnsafeCode):  # (a keyword module or the index: a card's is a diagnostic)
            report_error(f"generated code rejected: {e}", f"in `cardsmith {args.command}`")
            return 1
        if isinstance(e, OSError) and e.filename:
            # An input or output the command couldn't use (checked inputs are CliErrors before).
            report_error(f"{e.strerror or e}", shown_path(e.filename))
            return 2
        if getattr(args, "debug", False):  # (only an internal error's traceback: the rest is the user's)
            raise
        what = " ".join(str(e).split())
        what = what if len(what) <= 200 else what[:200] + "..."
        report_error(f"internal error ({type(e).__name__}: {what}); please report it with the command "
                     "that caused it (`cardsmith --debug ...` shows the traceback)", f"in `cardsmith {args.command}`")
        return 3


def run() -> int:
    """Entry point of the ``cardsmith`` console script: :func:`main`, in a process that ends with it.

    A one-shot ``build`` or ``check`` runs with the cyclic collector off: ``build`` pauses it
    anyway, and compiling collects the young generations itself every few dozen cards, so the
    only collection left would be the one set off when ``build`` turns it back on, which traces
    every object the build loaded (about 18 ms of a one-card rebuild of a 30,000-card pool).
    Whatever the command, the objects still alive are then frozen out of the collector, so that
    the interpreter's exit doesn't trace them all once more only to free them (about 30 ms); the
    operating system frees the process's memory anyway.  Not done by :func:`main`, which tests
    and other code call inside a process that goes on.
    """
    import gc
    argv = sys.argv[1:]
    args = make_parser(argv[0] if argv and argv[0] in COMMANDS else None).parse_args(argv)
    if args.func in (cmd_build, cmd_check) and not getattr(args, "watch", False):
        gc.disable()
    code = _dispatch(args)
    gc.freeze()
    return code
