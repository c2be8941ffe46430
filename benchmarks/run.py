"""All benchmarks in one command: ``python benchmarks/run.py [--quick] [--cards N] [--json FILE]``.

Every speed is reported next to a baseline measured in the same run (these machines are shared
and noisy), and timings are the best of ``--rounds`` repetitions, taken alternately with their
baseline so that both see the same load.  Single-process figures are CPU time of the process
(``time.process_time``), which other jobs on the machine disturb far less than wall-clock time;
builds on all cores report wall-clock time and, beside it, the CPU time of the build and of its
workers, whose sum divided by the cores is what the build takes on an otherwise idle machine.

- compile: cards/s of a cold single-process build vs. the bare textX parse of the same files (and
  vs. the bare parse of the parser generated from the grammar, which the build uses: see
  docs/performance.md).
- scale: a synthetic pool of ``--cards`` renamed copies of the shipped scripts (one card per
  file): cold build on all cores (vs. the bare parse rate times the cores), no-op rebuild and
  one-card edit (vs. the cold build; ``build()`` in a fresh process, and the whole
  ``cardsmith build`` command with its imports: ``*_command_*``, for an edit that renames the card
  and one that doesn't, best and median of ``max(--rounds, 5)`` edits), the same edit seen by ``cardsmith build --watch`` (from saving the file
  to the report that its module was written), peak memory (max RSS of the build and of its workers).  These commands
  run with Python's bytecode cache on, as an installed package does (see ``_environment``).
  The section starts on a settled file system (``benchmarks/filesystem.py``: ext4 here makes
  creating files slow for minutes after many were deleted) and ends with a cold build right after
  deleting the output, which shows that cost (``cold_after_delete_*``).
- load: one card from the compiled pool by name, lazily, in a fresh process, then the name list
  and all of it (after importing the runtime, which is timed on its own).
- play: seeded random games without invariant checks (games/s, decisions/s on one core, best of
  ``--rounds`` passes after a first one that also imports the card modules: ``cold_...``), the cost
  of one priority decision with 100 and 400 permanents vs. 10, a snapshot (taken before every
  player action) and snapshot + restore of those states.

Budgets (issue 8) are printed beside each figure with whether this run met them.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.filesystem import note_deletion, settle_file_system  # noqa: E402
from benchmarks.synth import make_pool  # noqa: E402
from compiler.build import build  # noqa: E402
from compiler.sources import RACY_SECONDS  # noqa: E402
from dsl.metamodel import card_metamodel  # noqa: E402

Results = dict[str, Any]


def machine() -> dict[str, Any]:
    """Where the numbers were taken."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        model = platform.processor()
    import textx
    return {"cores": os.cpu_count() or 1, "cpu": model, "python": platform.python_version(),
            "textx": getattr(textx, "__version__", "?"), "load_average": os.getloadavg()}


def bare_parse_seconds(texts: list[tuple[str, str]]) -> tuple[float, float]:
    """Seconds for textX alone to parse ``texts`` to models (no checks, lowering or rendering),
    and the seconds it then takes to release those models.

    The garbage collector is paused while parsing, as the build does.  textX models are cyclic
    (parent links), so they are only freed by a collection: here one at the end, timed apart.  A
    build has to free every model it makes too (it collects between cards), so the budget's
    baseline is parse + release; the parse alone is reported beside it.
    """
    mm = card_metamodel()
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        for name, text in texts:
            mm.model_from_str(text, file_name=name)
        parsed = time.process_time()
        gc.collect()
        return parsed - start, time.process_time() - parsed
    finally:
        gc.enable()


def generated_parse_seconds(texts: list[tuple[str, str]]) -> tuple[float, float]:
    """:func:`bare_parse_seconds` for the parser generated from the grammar (``dsl.fastparse``),
    which gives textX's models and which the build uses for runs of many cards."""
    from dsl import fastparse
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        for name, text in texts:
            if fastparse.parse_model(text, name) is None:
                raise AssertionError(f"{name}: the generated parser failed")
        parsed = time.process_time()
        gc.collect()
        return parsed - start, time.process_time() - parsed
    finally:
        gc.enable()


def _read(files: list[Path]) -> list[tuple[str, str]]:
    return [(str(f), f.read_text(encoding="utf-8")) for f in files]


def compile_bench(tmp: Path, n: int, rounds: int, code: Path = ROOT) -> Results:
    """Cold single-process build vs. the bare parse of the same files (the cards and the keyword
    library, which a cold build parses too) including the release of the models it made, best of
    ``rounds`` each; the bare parse without the release, and of the cards alone, beside it.

    Each measurement runs in a fresh process (imports done and the metamodel built before the
    clock starts, on both sides), the two sides alternately: measured one after the other in one
    process, the second inherits the heap the first left behind (hundreds of thousands of freed
    model objects), which made whichever ran later about a fifth slower, whichever side it was.

    ``code``: the checkout whose grammar and compiler are measured (both sides), by default this
    one; another (an earlier version exported with ``git archive``) is measured by this harness.
    """
    src = make_pool(tmp / "c_src", n)
    keyword_files = len(list(src.rglob("*.kw")))
    generated = (code / "dsl" / "fastparse.py").exists()  # (an earlier version may have no generated parser)
    bare, bare_only, bare_cards, full = float("inf"), float("inf"), float("inf"), float("inf")
    gen, gen_cards = float("inf"), float("inf")
    for r in range(rounds):
        parse_cards, free_cards, parse_kw, free_kw = _compile_side_in_subprocess("bare", src, tmp / f"c_out{r}", code)
        bare_cards = min(bare_cards, parse_cards)
        bare_only = min(bare_only, parse_cards + parse_kw)
        bare = min(bare, parse_cards + free_cards + parse_kw + free_kw)
        full = min(full, _compile_side_in_subprocess("pipeline", src, tmp / f"c_out{r}", code)[0])
        if generated:
            g_cards, g_free = _compile_side_in_subprocess("generated", src, tmp / f"c_out{r}", code)
            gen_cards = min(gen_cards, g_cards)
            gen = min(gen, g_cards + g_free + parse_kw + free_kw)
    res: Results = {
        "cards": n, **({"code": str(code)} if code != ROOT else {}), "keyword_files": keyword_files,
        "bare_parse_cards_per_s": n / bare_cards, "bare_parse_all_files_s": bare_only,
        "bare_parse_and_release_s": bare, "pipeline_s": full, "pipeline_cards_per_s_1core": n / full,
        "ratio_to_bare_parse": bare / full, "ratio_to_bare_parse_without_release": bare_only / full,
        "ratio_to_bare_parse_of_cards_only": bare_cards / full}
    if generated:
        # The parser the build uses for many cards (the same models, generated from the grammar):
        # its own bare rate, and the pipeline against it (cards by it, keyword files by textX).
        res.update({"generated_parse_cards_per_s": n / gen_cards, "generated_parse_and_release_s": gen,
                    "ratio_to_generated_parse": gen / full})
    return res


_COMPILE_SIDE = """
import importlib.util, sys, time
from pathlib import Path
sys.path.insert(0, {code!r})
from dsl.metamodel import card_metamodel
from compiler import build
card_metamodel()
src, out = Path({src!r}), Path({out!r})
if {side!r} == "bare":
    # This harness's bare parse, run on the measured code's metamodel (imported above).
    spec = importlib.util.spec_from_file_location("harness", {harness!r})
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    cards = harness._read(sorted(src.rglob("*.card")))
    keywords = harness._read(sorted(src.rglob("*.kw")))
    print(*harness.bare_parse_seconds(cards), *harness.bare_parse_seconds(keywords))
elif {side!r} == "generated":
    from dsl import fastparse, cardparser  # imported before the clock, as textX is
    spec = importlib.util.spec_from_file_location("harness", {harness!r})
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    print(*harness.generated_parse_seconds(harness._read(sorted(src.rglob("*.card")))))
else:
    from compiler import lower, render, safety, text  # imported, as textX is on the other side
    start = time.process_time()
    report = build.build([src], out, jobs=1)
    seconds = time.process_time() - start
    assert not report.diagnostics, report.diagnostics[:3]
    print(seconds)
"""


def _compile_side_in_subprocess(side: str, src: Path, out: Path, code: Path = ROOT) -> list[float]:
    """CPU seconds of one side of the compile benchmark, in a fresh process, with the grammar and
    compiler of checkout ``code``: ``bare`` gives the parse and the release of the cards, then of
    the keyword files; ``pipeline`` the cold build."""
    child = _COMPILE_SIDE.format(code=str(code), harness=str(Path(__file__).resolve()), side=side,
                                 src=str(src), out=str(out))
    return [float(x) for x in _in_subprocess(child)]


def _environment() -> dict[str, str]:
    """The environment of the timed commands: that of this process, but with Python's bytecode
    cache on (``PYTHONDONTWRITEBYTECODE`` removed), as for an installed package, whose modules
    are compiled once when it is installed, not on every start."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _in_subprocess(code: str) -> list[str]:
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env=_environment())
    return res.stdout.split()


def _build_in_subprocess(src: Path, out: Path) -> dict[str, Any]:
    """Build in a fresh process on all cores: wall seconds, CPU seconds of the build process and of
    its workers, peak RSS in MB (the largest process), summary."""
    code = ("import sys,time,resource;sys.path.insert(0,%r);from pathlib import Path;"
            "from compiler.build import build;t=time.perf_counter();c=time.process_time();"
            "r=build([Path(%r)],Path(%r));s=time.perf_counter()-t;c=time.process_time()-c;"
            "ch=resource.getrusage(resource.RUSAGE_CHILDREN);"
            "m=max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,ch.ru_maxrss);"
            "print(s,c,ch.ru_utime+ch.ru_stime,m/1024,r.summary().replace(' ','_'))") % (str(ROOT), str(src), str(out))
    wall, cpu, workers, mb, summary = _in_subprocess(code)
    return {"wall": float(wall), "cpu": float(cpu), "workers_cpu": float(workers), "mb": float(mb),
            "summary": summary.replace("_", " ")}


def _command_in_subprocess(src: Path, out: Path) -> dict[str, float]:
    """``cardsmith build`` as a user runs it: a fresh interpreter, imports included.  Wall-clock
    seconds and the CPU seconds of that process (its children's usage, read from this side)."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardsmith", "build", "-o", str(out), str(src)],
                   capture_output=True, text=True, check=True, cwd=ROOT, env=_environment())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return {"wall": wall, "cpu": cpu}


def _best(runs: list[dict[str, float]]) -> dict[str, float]:
    """The best wall-clock and CPU seconds of ``runs``, and the median CPU seconds."""
    cpu = sorted(r["cpu"] for r in runs)
    return {"wall": min(r["wall"] for r in runs), "cpu": cpu[0], "cpu_median": cpu[len(cpu) // 2]}


def scale_bench(tmp: Path, n: int, rounds: int = 3) -> Results:
    """The synthetic pool: cold build, no-op rebuild, one-card edit (the whole command: best and
    median of ``max(rounds, 5)`` runs), peak memory, load; last, a cold build right after deleting
    the output (see :func:`settle_file_system`)."""
    settled = settle_file_system()
    src = make_pool(tmp / "s_src", n)
    # Sources older than the manifest's racy window, as in any pool not written this very second.
    time.sleep(RACY_SECONDS + 0.1)
    sample = _read(sorted(src.rglob("*.card"))[:min(n, 1000)])
    bare_rate = len(sample) / sum(bare_parse_seconds(sample))  # parse and release, as in compile_bench
    out = tmp / "s_out"
    cold = _build_in_subprocess(src, out)
    noop = _build_in_subprocess(src, out)
    files = sorted(src.rglob("*.card"))
    one = files[n // 2]
    one.write_text(one.read_text(encoding="utf-8").replace("card \"", "card \"Edited ", 1), encoding="utf-8")
    edit = _build_in_subprocess(src, out)
    # The whole command, a few times each (a single run varies by 20-30% here, more right after
    # the cold build's 30,000 writes): the same edit on other cards, then an edit that keeps the
    # name (the index is unchanged), then nothing changed; best and median kept.
    commands: dict[str, list[dict[str, float]]] = {"edit": [], "body": [], "noop": []}
    for two in files[n // 2 + 1: n // 2 + 1 + max(rounds, 5)]:
        two.write_text(two.read_text(encoding="utf-8").replace("card \"", "card \"Edited ", 1), encoding="utf-8")
        commands["edit"].append(_command_in_subprocess(src, out))
        body = two.read_text(encoding="utf-8")
        two.write_text(body.replace("\n}", "\n\n}", 1) if "\n}" in body else body + "\n", encoding="utf-8")
        commands["body"].append(_command_in_subprocess(src, out))
        commands["noop"].append(_command_in_subprocess(src, out))
    edit_cmd, body_cmd, noop_cmd = (_best(commands[k]) for k in ("edit", "body", "noop"))
    watch = watch_bench(src, out, files[n // 2 + 20: n // 2 + 23])
    cores = os.cpu_count() or 1
    # On an idle machine the build takes its CPU time spread over the cores (but no less than the
    # part the main process does alone).
    idle = max(cold["cpu"], (cold["cpu"] + cold["workers_cpu"]) / cores)
    res: Results = {"cards": n, "cores": cores, "bare_parse_cards_per_s_1core": bare_rate,
                    "cold_build_s": cold["wall"], "cold_build_cpu_s": cold["cpu"],
                    "cold_build_workers_cpu_s": cold["workers_cpu"], "cold_build_idle_estimate_s": idle,
                    "cold_cards_per_cpu_s": n / (cold["cpu"] + cold["workers_cpu"]),
                    "cold_vs_bare_parse_per_cpu_s": n / (cold["cpu"] + cold["workers_cpu"]) / bare_rate,
                    "cold_summary": cold["summary"],
                    "noop_rebuild_s": noop["wall"], "noop_rebuild_cpu_s": noop["cpu"],
                    "noop_vs_cold": noop["wall"] / cold["wall"], "noop_summary": noop["summary"],
                    "noop_command_s": noop_cmd["wall"], "noop_command_cpu_s": noop_cmd["cpu"],
                    "noop_command_cpu_median_s": noop_cmd["cpu_median"],
                    "one_card_edit_s": edit["wall"], "one_card_edit_cpu_s": edit["cpu"],
                    "edit_vs_cold": edit["wall"] / cold["wall"], "edit_summary": edit["summary"],
                    "one_card_edit_command_s": edit_cmd["wall"], "one_card_edit_command_cpu_s": edit_cmd["cpu"],
                    "one_card_edit_command_cpu_median_s": edit_cmd["cpu_median"],
                    "body_edit_command_s": body_cmd["wall"], "body_edit_command_cpu_s": body_cmd["cpu"],
                    "body_edit_command_cpu_median_s": body_cmd["cpu_median"],
                    "peak_rss_mb": max(cold["mb"], noop["mb"], edit["mb"])}
    res.update(watch)
    name = _card_name(files[n // 3])
    res.update(load_bench(out, name))
    # What a maintainer who deletes the output and builds again at once meets on this file system.
    shutil.rmtree(out)
    note_deletion()  # (after this build: a later section or run waits for it to age)
    again = _build_in_subprocess(src, out)
    res.update({"file_system": settled, "cold_after_delete_s": again["wall"], "cold_after_delete_cpu_s": again["cpu"],
                "cold_after_delete_workers_cpu_s": again["workers_cpu"]})
    return res


def watch_bench(src: Path, out: Path, cards: list[Path], interval: float = 0.1) -> Results:
    """``cardsmith build --watch``: wall seconds from saving an edited card (renamed, so its module
    changes) to the watcher's report that it was written, for each of ``cards`` in turn (the
    watcher polls every ``interval`` seconds, so half of that is waiting, on average)."""
    import signal
    proc = subprocess.Popen([sys.executable, "-m", "cardsmith", "build", "--watch", "--interval", str(interval),
                             "-o", str(out), str(src)], cwd=ROOT, env=_environment(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            # Ctrl-C's default in the watcher, as at a terminal: a shell starts
                            # background jobs (nohup ... &) with SIGINT ignored, and the child
                            # would inherit that and never stop.
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None
    latencies = []
    try:
        proc.stdout.readline()  # the first build (a no-op)
        for card in cards:
            text = card.read_text(encoding="utf-8").replace("card \"", "card \"Watched ", 1)
            start = time.perf_counter()
            card.write_text(text, encoding="utf-8")
            line = proc.stdout.readline()
            latencies.append(time.perf_counter() - start)
            assert line.startswith("cardsmith build: 1 compiled"), line
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise
    return {"watch_interval_s": interval, "watch_edit_to_written_s": min(latencies),
            "watch_edit_to_written_mean_s": sum(latencies) / len(latencies)}


def _card_name(path: Path) -> str:
    import re
    m = re.search(r'card "((?:\\.|[^"\\])*)"', path.read_text(encoding="utf-8"))
    assert m and "\\" not in m.group(1)
    return m.group(1)


def load_bench(out: Path, name: str) -> Results:
    """Load one card by name lazily in a fresh process (``Pool(dir).get(name)``, CPU and wall
    time), then the pool's name list and every card; the runtime import is timed apart."""
    code = ("import sys,time;sys.path.insert(0,%r);t=time.perf_counter();import runtime.pool, runtime.api;"
            "i=time.perf_counter()-t;t=time.perf_counter();c=time.process_time();p=runtime.pool.Pool(%r);"
            "p.get(%r);a=time.perf_counter()-t;c=time.process_time()-c;"
            "t=time.perf_counter();n=p.names();x=time.perf_counter()-t;"
            "t=time.perf_counter();[p.get(x) for x in n];print(i,a,c,x,time.perf_counter()-t)") % (
                str(ROOT), str(out), name)
    imports, load_one, load_one_cpu, names, load_all = (float(x) for x in _in_subprocess(code))
    return {"import_runtime_s": imports, "load_one_card_s": load_one, "load_one_card_cpu_s": load_one_cpu,
            "read_index_s": names, "load_all_s": load_all, "load_one_vs_all": load_one / load_all}


def play_bench(tmp: Path, games: int, rounds: int) -> Results:
    """Seeded random games on the shipped pool, and the cost of one decision at 10 vs 100 permanents."""
    from runtime.pool import Pool
    from runtime.tools.simulate import play_game

    report = build([ROOT / "cards"], tmp / "p_out", jobs=1)
    assert not report.diagnostics
    pool = Pool(tmp / "p_out")
    # The first pass also imports each card's module as a game first draws it (``Pool.get`` is
    # lazy): timed on its own (``cold_...``); play speed is the best of ``rounds`` passes after it.
    secs: list[float] = []
    decisions = 0
    for _ in range(1 + max(1, rounds)):
        start = time.process_time()
        decisions = 0
        for seed in range(games):
            decisions += play_game(pool, seed, max_turns=20, check=False).decisions
        secs.append(time.process_time() - start)
    best = min(secs[1:])
    out: Results = {"games": games, "games_per_s_1core": games / best, "decisions_per_s": decisions / best,
                    "decisions_per_game": decisions / games, "cold_games_per_s_1core": games / secs[0]}
    # Each round of the decision measure takes a few tens of milliseconds, so it gets at least ten:
    # with two or three, one collection or scheduling hiccup inside a round decided the growth figure.
    out.update(decision_cost(pool, max(rounds, DECISION_ROUNDS)))
    # A snapshot + restore against a whole random game's cost (issue target: under 5%).
    out["snapshot_restore_share_of_game"] = (out["snapshot_restore_ms_400_permanents"] / 1000) / (best / games)
    return out


DECISION_ROUNDS = 10  # at least this many alternating rounds for the per-decision figures


def _best_ms(fn: Callable[[], object], reps: int, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(reps):
            fn()
        best = min(best, (time.process_time() - start) / reps * 1000)
    return best


def decision_cost(pool: object, rounds: int) -> Results:
    """Cost of computing one priority decision's legal options, of a snapshot, and of snapshot +
    restore, with 10, 100 and 400 permanents (measured alternately, best of ``rounds``).

    A decision's cost depends on what was written since the last one (``runtime.versions``):
    ``decision_ms`` is the full computation (the clock told to forget: what an engine without
    versions pays at every decision); ``decision_after_fork_ms`` is the first decision in a copy
    of the game (``Game.fork``) made as the game offered it; ``decision_after_passing_ms`` follows a pass
    of priority (the most common case in play); ``decision_after_write_ms`` follows a write to
    one of the other player's permanents (it is tapped or untapped), ``decision_after_own_write_ms``
    to one of the deciding player's own (a Forest: its mana ability is usable, then not)."""
    from runtime.game import Game
    from runtime.pool import Pool
    from runtime.tools.random_player import RandomDecider
    from runtime.offers import legal_action_choices
    from runtime.zones import Zone

    assert isinstance(pool, Pool)
    games: dict[int, Game] = {}
    for n in (10, 100, 400):
        game = Game(["alice", "bob"], [RandomDecider(1), RandomDecider(2)])
        game.keyword_resolver = pool.keyword
        game.state.turn, game.state.step = 3, "main1"
        names = ["Grizzly Bears", "Forest", "Llanowar Elves", "Wall of Stone", "Mountain"]
        for i in range(n):
            game.add_card(i % 2, pool.get(names[i % len(names)]), Zone.BATTLEFIELD)
        for name in ("Lightning Bolt", "Grow from the Ashes", "Burst Lightning", "Counterspell", "Forest"):
            game.add_card(0, pool.get(name), Zone.HAND)
        games[n] = game
    result: Results = {}
    best: dict[str, float] = {}
    for _ in range(rounds):
        for n, game in games.items():
            # A snapshot is taken before every player action (726.1); a restore only follows a refused one.
            theirs = next(o for o in game.zone(Zone.BATTLEFIELD) if game.obj(o).controller == 1)
            mine = next(o for o in game.zone(Zone.BATTLEFIELD)
                        if game.obj(o).controller == 0 and game.obj(o).definition.name == "Forest")

            def forgotten(g: Game = game) -> None:
                g.state.clock.forget()
                legal_action_choices(g, 0)

            def passed(g: Game = game) -> None:
                g.state.priority = 1 - g.state.priority
                legal_action_choices(g, 0)

            def written(g: Game = game, oid: int = theirs) -> None:
                g.obj(oid).tapped = not g.obj(oid).tapped
                legal_action_choices(g, 0)

            # The first decision in a copy of the game (``Game.fork``, as a search player makes at
            # each question it searches), the game having just offered the same decision.
            legal_action_choices(game, 0)
            forks = [game.fork([RandomDecider(1), RandomDecider(2)]) for _ in range(50)]
            gc.collect()  # the copies' allocation is the fork's cost, not the decision's: collected first

            def forked(copies: Iterator[Game] = iter(forks)) -> None:
                legal_action_choices(next(copies), 0)  # the copy stays held: its release isn't timed

            for key, fn in ((f"decision_after_fork_ms_{n}_permanents", forked),
                            (f"decision_ms_{n}_permanents", forgotten),
                            (f"decision_after_passing_ms_{n}_permanents", passed),
                            (f"decision_after_write_ms_{n}_permanents", written),
                            (f"decision_after_own_write_ms_{n}_permanents", lambda: written(game, mine)),
                            (f"snapshot_ms_{n}_permanents", lambda g=game: g.snapshot()),
                            (f"snapshot_restore_ms_{n}_permanents", lambda g=game: g.restore(g.snapshot()))):
                best[key] = min(best.get(key, float("inf")), _best_ms(fn, 50, 1))
    result.update(best)
    for n in (100, 400):
        for kind in ("", "_after_fork", "_after_passing", "_after_write", "_after_own_write"):
            result[f"decision{kind}_growth_{n}_vs_10"] = (best[f"decision{kind}_ms_{n}_permanents"]
                                                          / best[f"decision{kind}_ms_10_permanents"])
        result[f"snapshot_growth_{n}_vs_10"] = (best[f"snapshot_restore_ms_{n}_permanents"]
                                                / best["snapshot_restore_ms_10_permanents"])
    return result


# (section, key, budget, holds(value)) -- the budgets.
BUDGETS: list[tuple[str, str, str, Callable[[float], bool]]] = [
    ("compile", "ratio_to_bare_parse", ">= 0.7", lambda v: v >= 0.7),
    ("scale", "cold_build_s", "<= 12 s at 30,000 cards on 2 cores", lambda v: v <= 12),
    ("scale", "cold_build_idle_estimate_s", "<= 12 s at 30,000 cards on 2 cores", lambda v: v <= 12),
    ("scale", "cold_after_delete_s", "<= 12 s at 30,000 cards on 2 cores", lambda v: v <= 12),
    ("scale", "noop_rebuild_s", "<= 1 s at 30,000", lambda v: v <= 1),
    ("scale", "noop_rebuild_cpu_s", "<= 1 s at 30,000", lambda v: v <= 1),
    ("scale", "one_card_edit_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "one_card_edit_cpu_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "noop_command_s", "<= 1 s at 30,000", lambda v: v <= 1),
    ("scale", "noop_command_cpu_s", "<= 1 s at 30,000", lambda v: v <= 1),
    ("scale", "one_card_edit_command_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "one_card_edit_command_cpu_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "body_edit_command_cpu_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "one_card_edit_command_cpu_median_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "body_edit_command_cpu_median_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "watch_edit_to_written_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "watch_edit_to_written_mean_s", "<= 0.5 s at 30,000", lambda v: v <= 0.5),
    ("scale", "peak_rss_mb", "<= 500 MB", lambda v: v <= 500),
    ("scale", "load_one_card_s", "<= 0.05 s (lazy)", lambda v: v <= 0.05),
    ("scale", "load_one_card_cpu_s", "<= 0.05 s (lazy)", lambda v: v <= 0.05),
    ("play", "games_per_s_1core", "target 50 / core", lambda v: v >= 50),
    ("play", "decision_growth_100_vs_10", "< 2x", lambda v: v < 2),
    ("play", "decision_growth_400_vs_10", "<= 1.5x", lambda v: v <= 1.5),
    ("play", "decision_after_fork_growth_400_vs_10", "<= 1.5x", lambda v: v <= 1.5),
    ("play", "decision_after_passing_growth_400_vs_10", "<= 1.5x", lambda v: v <= 1.5),
    ("play", "decision_after_write_growth_400_vs_10", "<= 1.5x", lambda v: v <= 1.5),
    ("play", "decision_after_own_write_growth_400_vs_10", "<= 1.5x", lambda v: v <= 1.5),
    ("play", "snapshot_restore_share_of_game", "< 5% of a game", lambda v: v < 0.05),
]


def table(results: Results) -> str:
    """The results as a plain-text table, budgets beside the figures they apply to."""
    budgets = {(s, k): (b, ok) for s, k, b, ok in BUDGETS}
    lines = []
    for section, values in results.items():
        lines.append(f"[{section}]")
        for k, v in values.items():
            shown = f"{v:.3f}" if isinstance(v, float) else str(v)
            note = ""
            if (section, k) in budgets and isinstance(v, (int, float)):
                b, ok = budgets[(section, k)]
                note = f"   budget {b}: {'met' if ok(float(v)) else 'NOT met'}"
                if section == "scale" and values.get("cards") != 30000:
                    note += f" (measured at {values.get('cards')} cards)"
            lines.append(f"  {k:36} {shown}{note}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, help="synthetic pool size for the scale benchmark (30,000)")
    ap.add_argument("--compile-cards", type=int, help="pool size for the single-core compile benchmark (1,000)")
    ap.add_argument("--compile-code", type=Path, default=ROOT, metavar="DIR",
                    help="measure the compile section on the grammar and compiler of another checkout "
                         "(e.g. an earlier version exported with git archive) with this harness")
    ap.add_argument("--games", type=int, help="random games to play (20)")
    ap.add_argument("--rounds", type=int, help="repetitions of each timing, best kept (3)")
    ap.add_argument("--quick", action="store_true",
                    help="smaller defaults: 3,000 cards, 300 to compile, 5 games, 2 rounds")
    ap.add_argument("--only", default="compile,scale,play", help="comma-separated sections to run")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    defaults = (3000, 300, 5, 2) if args.quick else (30000, 1000, 20, 3)
    for name, default in zip(("cards", "compile_cards", "games", "rounds"), defaults):
        if getattr(args, name) is None:
            setattr(args, name, default)
    only = set(args.only.split(","))
    tmp = Path(tempfile.mkdtemp(prefix="cardsmith-bench-"))
    results: Results = {"machine": machine()}
    try:
        if "compile" in only:
            results["compile"] = compile_bench(tmp, args.compile_cards, args.rounds, args.compile_code.resolve())
        if "scale" in only:
            results["scale"] = scale_bench(tmp, args.cards, args.rounds)
        if "play" in only:
            results["play"] = play_bench(tmp, args.games, args.rounds)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        note_deletion()
    print(table(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
