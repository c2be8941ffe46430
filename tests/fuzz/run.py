"""The fuzzer: ``python tests/fuzz/run.py --profile quick|long [--seed N]``.

Runs cases of every target (:mod:`tests.fuzz.targets`: grammar, cli, keywords, cache, runtime),
each case from its own seed, so that a chunk of a long run can be run, or run again, alone
(``--target T --first I --cases N``).  Progress goes to stderr; at the end a table of cases,
outcomes, failures and cases per second for each target.  Every failure is printed with its
reproduce command and saved, with its message, to ``--failures DIR`` (default
``fuzz-failures/``) as JSON.  Exit status 1 on any failure.

Profiles (cases per target):
  quick: a few seconds' worth, for the test suite;
  long:  100,000 cases: grammar 50,000, cli 20,000, keywords 10,000, cache 10,000, runtime 10,000.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.targets import CaseTimeout, Target, all_targets, case_rng, time_limit, workspace  # noqa: E402

PROFILES = {
    "quick": {"grammar": 40, "cli": 12, "keywords": 2, "cache": 4, "runtime": 2},
    "long": {"grammar": 50_000, "cli": 20_000, "keywords": 10_000, "cache": 10_000, "runtime": 10_000},
}


class Failure:
    def __init__(self, target: str, seed: int, index: int, message: str) -> None:
        self.target, self.seed, self.index, self.message = target, seed, index, message

    def save(self, folder: Path) -> None:
        """Write this failure to ``folder/TARGET-SEED-CASE.json``."""
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{self.target}-{self.seed}-{self.index}.json").write_text(json.dumps(
            {"target": self.target, "seed": self.seed, "case": self.index, "reproduce": self.reproduce,
             "message": self.message}, indent=1))

    @property
    def reproduce(self) -> str:
        return f"python tests/fuzz/run.py --target {self.target} --seed {self.seed} --first {self.index} --cases 1"


def run_target(target: Target, seed: int, first: int, cases: int, failures: list[Failure],
               failures_dir: Path | None = None, progress_every: float = 10.0) -> tuple[dict[str, int], float]:
    """Run cases ``first`` .. ``first + cases - 1`` of ``target``; the outcomes and seconds taken."""
    outcomes: dict[str, int] = {}
    start = last = time.perf_counter()
    for index in range(first, first + cases):
        rng = case_rng(target.name, seed, index)
        target.current = ""
        try:
            with time_limit(target.time_limit):
                outcome = target.case(rng, index)
        except CaseTimeout as e:
            outcome = "FAILED"
            failures.append(Failure(target.name, seed, index, f"hang: {e}: {target.current}"))
        except Exception:  # noqa: BLE001 - an oracle's "no" or an escaped exception: a finding
            outcome = "FAILED"
            failures.append(Failure(target.name, seed, index, traceback.format_exc(limit=-6)[-6000:]))
        if outcome == "FAILED":
            f = failures[-1]
            print(f"  {target.name}: FAIL case {index}: {f.message.strip().splitlines()[-1][:300]}\n"
                  f"    reproduce: {f.reproduce}", file=sys.stderr, flush=True)
            if failures_dir is not None:
                f.save(failures_dir)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        now = time.perf_counter()
        if now - last >= progress_every:
            last = now
            done = index - first + 1
            print(f"  {target.name}: {done}/{cases} cases, {outcomes.get('FAILED', 0)} failed, "
                  f"{done / (now - start):.2f} cases/s", file=sys.stderr, flush=True)
    return outcomes, time.perf_counter() - start


def fuzz(plan: dict[str, int], seed: int, first: int = 0, failures_dir: Path | None = None,
         quiet: bool = False, pool_dir: Path | None = None) -> list[Failure]:
    """Run ``plan`` (cases per target); print the table; return the failures (``pool_dir``: the
    shipped pool already built, else the runtime target builds it)."""
    targets = all_targets(pool_dir)
    failures: list[Failure] = []
    rows = []
    with workspace() as work:
        for name, cases in plan.items():
            if cases <= 0:
                continue
            target = targets[name]
            (work / name).mkdir()
            t0 = time.perf_counter()
            target.setup(work / name)
            setup = time.perf_counter() - t0
            if not quiet:
                print(f"{name}: set up in {setup:.1f}s; {cases} cases from {first}", file=sys.stderr, flush=True)
            before = len(failures)
            outcomes, seconds = run_target(target, seed, first, cases, failures, failures_dir)
            rows.append((name, cases, outcomes, len(failures) - before, seconds))
    print(f"{'target':<9} {'cases':>7} {'failed':>6} {'seconds':>8} {'cases/s':>8}  outcomes")
    for name, cases, outcomes, failed, seconds in rows:
        shown = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()) if k != "FAILED")
        print(f"{name:<9} {cases:>7} {failed:>6} {seconds:>8.1f} {cases / seconds if seconds else 0:>8.2f}  {shown}")
    total = sum(r[1] for r in rows)
    print(f"{'total':<9} {total:>7} {len(failures):>6} {sum(r[4] for r in rows):>8.1f}")
    for f in failures:
        print(f"--- FAIL {f.target} case {f.index} (seed {f.seed}); reproduce: {f.reproduce}")
        print(f.message[-3000:])
    if failures_dir is not None and failures:
        print(f"(each failure is also saved in {failures_dir}/)")
    return failures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="quick")
    ap.add_argument("--target", action="append", choices=sorted(PROFILES["long"]),
                    help="only this target (repeatable; default: all)")
    ap.add_argument("--cases", type=int, help="cases per target (instead of the profile's)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the profile's cases (e.g. 0.1)")
    ap.add_argument("--first", type=int, default=0, help="number of the first case (to resume or split a run)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--failures", default="fuzz-failures", help="folder for the failures' JSON files")
    args = ap.parse_args(argv)
    plan = {name: (args.cases if args.cases is not None else max(1, round(n * args.scale)))
            for name, n in PROFILES[args.profile].items() if not args.target or name in args.target}
    failures = fuzz(plan, args.seed, args.first, Path(args.failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
