"""Side by side with an earlier version: ``python benchmarks/compare.py REV [run.py options]``.

Exports commit ``REV`` of this repository (``git archive``, so nothing in the working tree or the
repository changes) to a temporary folder and runs *its own* ``benchmarks/run.py`` there and this
tree's ``benchmarks/run.py`` here, alternately, ``--repeat`` times, with the same options (for
example ``--only compile,play --rounds 2``).  Each side imports only its own code: the runner
puts its checkout first on ``sys.path`` and runs its subprocesses from there, and ``PYTHONPATH``
points at the same checkout.  Both see the same machine and, because they alternate, about the
same load.

The table gives, for every figure both versions report, the earlier value, this tree's value and
how many times better this tree is: rates (``..._per_...``) and ratios are better higher;
seconds, milliseconds, megabytes, growth factors and shares (``x_vs_y``) better lower.  Figures only one side
reports are listed without a ratio.  ``--json FILE`` writes both sides' results and the ratios.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.filesystem import note_deletion, settle_file_system  # noqa: E402

Results = dict[str, dict[str, Any]]


def export(rev: str, dest: Path) -> str:
    """Write commit ``rev`` of the repository at ROOT into ``dest``; return its full hash."""
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                          capture_output=True, text=True)
    if full.returncode != 0:
        raise SystemExit(f"compare: {rev!r} is not a commit of {ROOT}: {full.stderr.strip()}")
    archive = dest.with_suffix(".tar")
    subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), full.stdout.strip()],
                   check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(dest, filter="data")
    archive.unlink()
    if not (dest / "benchmarks" / "run.py").is_file():
        raise SystemExit(f"compare: {rev} has no benchmarks/run.py to run")
    return full.stdout.strip()


def run_side(checkout: Path, args: list[str], out: Path) -> Results:
    """Run ``checkout``'s benchmark runner with ``args``; its results (the machine section dropped)."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    proc = subprocess.run([sys.executable, str(checkout / "benchmarks" / "run.py"), *args, "--json", str(out)],
                          cwd=checkout, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"compare: the benchmarks of {checkout} failed (exit {proc.returncode})")
    data: Results = json.loads(out.read_text())
    data.pop("machine", None)
    return data


def higher_is_better(key: str) -> bool | None:
    """Which way a figure improves, from its name; None for counts and labels."""
    words = key.split("_")
    if "per" in words or words[0] == "ratio":  # rates, and the pipeline's share of the bare parse
        return True
    if {"ms", "mb", "growth", "vs"} & set(words) or words[-1] == "s":  # times, memory, growth, shares
        return False
    return None


def best(a: Any, b: Any, key: str) -> Any:
    """The better of two readings of the same figure (the first if the direction is unknown)."""
    up = higher_is_better(key)
    if up is None or not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        return a
    return max(a, b) if up else min(a, b)


def merge(into: Results, new: Results) -> Results:
    """Keep the best reading of each figure over repeated runs."""
    if not into:
        return new
    for section, values in new.items():
        for key, value in values.items():
            into.setdefault(section, {})
            into[section][key] = best(into[section][key], value, key) if key in into[section] else value
    return into


def compare(old: Results, new: Results) -> list[tuple[str, str, Any, Any, float | None]]:
    """Rows (section, key, earlier, this tree, times better) for every figure of either side."""
    rows: list[tuple[str, str, Any, Any, float | None]] = []
    for section in list(new) + [s for s in old if s not in new]:
        o, n = old.get(section, {}), new.get(section, {})
        for key in list(n) + [k for k in o if k not in n]:
            a, b = o.get(key), n.get(key)
            up = higher_is_better(key)
            factor = None
            if up is not None and isinstance(a, (int, float)) and isinstance(b, (int, float)) and a > 0 and b > 0:
                factor = b / a if up else a / b
            rows.append((section, key, a, b, factor))
    return rows


def _shown(v: Any) -> str:
    if v is None:
        return "-"
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def table(rows: list[tuple[str, str, Any, Any, float | None]], rev: str) -> str:
    """The comparison as a plain-text table."""
    lines = [f"{'figure':46} {rev[:10]:>12} {'this tree':>12}  this tree is"]
    for section, key, a, b, factor in rows:
        if isinstance(a, str) or isinstance(b, str):
            continue  # build summaries: in the JSON
        verdict = "" if factor is None else f"{factor:.2f}x {'better' if factor >= 1 else 'worse'}"
        lines.append(f"{section + '.' + key:46} {_shown(a):>12} {_shown(b):>12}  {verdict}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rev", help="the earlier version: any commit name git understands (HEAD~5, a hash)")
    ap.add_argument("--repeat", type=int, default=1, help="alternate the two runs this many times, best kept")
    ap.add_argument("--json", help="write both sides and the ratios to this file")
    args, passthrough = ap.parse_known_args()
    if "--json" in passthrough:
        ap.error("--json is this script's own option")
    tmp = Path(tempfile.mkdtemp(prefix="cardsmith-compare-"))
    try:
        full = export(args.rev, tmp / "old")
        old: Results = {}
        new: Results = {}
        for i in range(max(1, args.repeat)):
            # Each side starts on a settled file system (an earlier version's run.py doesn't
            # settle it itself, and the other side has just deleted its pools and outputs: it
            # waits for that deletion to be six minutes old, see benchmarks/filesystem.py).
            print(f"[{i + 1}/{args.repeat}] {full[:10]} ({settle_file_system()}) ...", file=sys.stderr, flush=True)
            old = merge(old, run_side(tmp / "old", passthrough, tmp / "old.json"))
            note_deletion()  # (each side's run.py deletes its pools and outputs as it ends; an earlier one doesn't say so)
            print(f"[{i + 1}/{args.repeat}] this tree ({settle_file_system()}) ...", file=sys.stderr, flush=True)
            new = merge(new, run_side(ROOT, passthrough, tmp / "new.json"))
            note_deletion()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    rows = compare(old, new)
    print(table(rows, full))
    if args.json:
        Path(args.json).write_text(json.dumps({"earlier": full, "earlier_results": old, "results": new,
                                               "times_better": {f"{s}.{k}": f for s, k, _, _, f in rows
                                                                if f is not None}}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
