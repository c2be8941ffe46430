"""Long fuzzing run: ``python tests/fuzz/run.py --cases 20000 [--seed N]``.

Prints cases tried, how many compiled and how many were rejected with diagnostics, and every
failure (an escaped exception, an unlocated diagnostic, or generated code outside the allowlist)
with the source that caused it.  Exit status 1 if any failure.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from tests.fuzz.check import check_source  # noqa: E402
from tests.fuzz.strategies import any_source  # noqa: E402
from tests.unit.helpers import library  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cases", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    lib = library()
    counts = {"ok": 0, "diagnostics": 0}
    failures: list[tuple[str, str]] = []
    start = time.perf_counter()

    @seed(args.seed)
    @settings(max_examples=args.cases, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(any_source)
    def run(text: str) -> None:
        try:
            counts[check_source(text, lib)] += 1
        except Exception:  # noqa: BLE001 - every escape is a finding
            failures.append((text, traceback.format_exc(limit=3)))
        done = counts["ok"] + counts["diagnostics"] + len(failures)
        if done % 1000 == 0:
            print(f"  {done} cases, {len(failures)} failures, {time.perf_counter() - start:.0f}s", file=sys.stderr)

    random.seed(args.seed)
    run()
    total = counts["ok"] + counts["diagnostics"] + len(failures)
    print(f"cases: {total}  compiled: {counts['ok']}  rejected with diagnostics: {counts['diagnostics']}  "
          f"failures: {len(failures)}  seconds: {time.perf_counter() - start:.1f}")
    for text, tb in failures[:20]:
        print("--- failing source:", repr(text[:500]))
        print(tb)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
