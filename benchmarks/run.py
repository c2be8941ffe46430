"""All benchmarks in one command: ``python benchmarks/run.py [--cards 30000] [--games 20] [--json FILE]``.

Every speed is reported next to a baseline measured in the same run (these machines are shared
and noisy): compile throughput against the bare textX parse of the same files, rebuilds against
the cold build, decision cost with 100 permanents against 10.

- compile: cards/s on one process building a synthetic pool cold, vs. the bare textX parse rate.
- scale: a synthetic pool of --cards renamed copies of the shipped scripts: cold build with all
  cores, no-op rebuild, rebuild after editing one card, peak memory (max RSS of build processes).
- load: one card from the compiled pool (lazy), then all of it.
- play: seeded random games (no invariant checks): games/s and decisions/s on one core; the cost
  of one priority decision with 10 and with 100 permanents; snapshot + restore of a mid-game state.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.synth import make_pool  # noqa: E402
from compiler.build import build  # noqa: E402
from dsl.metamodel import card_metamodel  # noqa: E402


def bare_parse_rate(files: list[Path]) -> float:
    """Cards per second for textX alone (model only, no checks, lowering or rendering)."""
    mm = card_metamodel()
    texts = [(str(f), f.read_text(encoding="utf-8")) for f in files]
    gc.disable()
    start = time.perf_counter()
    for name, text in texts:
        mm.model_from_str(text, file_name=name)
    secs = time.perf_counter() - start
    gc.enable()
    return len(texts) / secs


def compile_bench(tmp: Path, n: int) -> dict[str, float]:
    src = make_pool(tmp / "c_src", n)
    files = sorted(src.rglob("*.card"))
    bare = bare_parse_rate(files)
    start = time.perf_counter()
    report = build([src], tmp / "c_out", jobs=1)
    secs = time.perf_counter() - start
    assert not report.diagnostics
    full = n / secs
    return {"cards": n, "bare_parse_cards_per_s": bare, "pipeline_cards_per_s_1core": full,
            "ratio_to_bare_parse": full / bare}


def _build_in_subprocess(src: Path, out: Path, jobs: int | None) -> tuple[float, float, str]:
    """Run a build in a fresh process; return seconds, peak RSS in MB (process tree), summary."""
    code = ("import sys,time,resource;sys.path.insert(0,%r);from pathlib import Path;"
            "from compiler.build import build;t=time.perf_counter();"
            "r=build([Path(%r)],Path(%r),jobs=%r);s=time.perf_counter()-t;"
            "m=max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
            "print(s,m/1024,r.summary())") % (str(ROOT), str(src), str(out), jobs)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    secs, mb, summary = res.stdout.strip().split(" ", 2)
    return float(secs), float(mb), summary


def scale_bench(tmp: Path, n: int) -> dict[str, float | str]:
    src = make_pool(tmp / "s_src", n)
    out = tmp / "s_out"
    cold, mem, summary = _build_in_subprocess(src, out, None)
    noop, _, noop_summary = _build_in_subprocess(src, out, None)
    one = next(src.rglob("*.card"))
    one.write_text(one.read_text(encoding="utf-8").replace("card \"", "card \"Edited ", 1), encoding="utf-8")
    edit, _, edit_summary = _build_in_subprocess(src, out, None)
    code = ("import sys,time;sys.path.insert(0,%r);t=time.perf_counter();from runtime.pool import Pool;"
            "p=Pool(%r);n=p.names();p.get(n[len(n)//2]);a=time.perf_counter()-t;"
            "t=time.perf_counter();[p.get(x) for x in n];print(a,time.perf_counter()-t)") % (str(ROOT), str(out))
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    load_one, load_all = (float(x) for x in res.stdout.split())
    return {"cards": n, "cores": os.cpu_count() or 1, "cold_build_s": cold, "cold_summary": summary,
            "noop_rebuild_s": noop, "noop_summary": noop_summary, "one_card_edit_s": edit,
            "edit_summary": edit_summary, "peak_rss_mb": mem, "load_one_card_s": load_one, "load_all_s": load_all}


def play_bench(tmp: Path, games: int) -> dict[str, float]:
    from runtime.pool import Pool
    from runtime.simulate import play_game

    report = build([ROOT / "cards"], tmp / "p_out", jobs=1)
    assert not report.diagnostics
    pool = Pool(tmp / "p_out")
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        decisions += play_game(pool, seed, max_turns=20, check=False).decisions
    secs = time.perf_counter() - start
    out: dict[str, float] = {"games": games, "games_per_s_1core": games / secs, "decisions_per_s": decisions / secs}
    out.update(decision_cost(pool))
    return out


def decision_cost(pool: "object") -> dict[str, float]:
    """Cost of computing one priority decision's legal options, with 10 and 100 permanents."""
    from runtime.decisions import RandomDecider
    from runtime.game import Game
    from runtime.pool import Pool
    from runtime.turns import legal_action_choices
    from runtime.zones import Zone

    assert isinstance(pool, Pool)
    result: dict[str, float] = {}
    for n in (10, 100):
        game = Game(["alice", "bob"], [RandomDecider(1), RandomDecider(2)])
        game.keyword_resolver = pool.keyword
        game.state.turn, game.state.step = 3, "main1"
        names = ["Grizzly Bears", "Forest", "Llanowar Elves", "Wall of Stone", "Mountain"]
        for i in range(n):
            game.add_card(i % 2, pool.get(names[i % len(names)]), Zone.BATTLEFIELD)
        for name in ("Lightning Bolt", "Grow from the Ashes", "Burst Lightning", "Counterspell", "Forest"):
            game.add_card(0, pool.get(name), Zone.HAND)
        reps = 200
        start = time.perf_counter()
        for _ in range(reps):
            legal_action_choices(game, 0)
        result[f"decision_ms_{n}_permanents"] = (time.perf_counter() - start) / reps * 1000
        start = time.perf_counter()
        for _ in range(reps):
            game.restore(game.snapshot())
        result[f"snapshot_restore_ms_{n}_permanents"] = (time.perf_counter() - start) / reps * 1000
    result["decision_growth_100_vs_10"] = result["decision_ms_100_permanents"] / result["decision_ms_10_permanents"]
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, default=30000, help="synthetic pool size for the scale benchmark")
    ap.add_argument("--compile-cards", type=int, default=2000, help="pool size for the single-core compile benchmark")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="cardsmith-bench-"))
    try:
        results = {"compile": compile_bench(tmp, args.compile_cards), "scale": scale_bench(tmp, args.cards),
                   "play": play_bench(tmp, args.games)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for section, values in results.items():
        print(f"[{section}]")
        for k, v in values.items():
            print(f"  {k:34} {v:.3f}" if isinstance(v, float) else f"  {k:34} {v}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
