"""Make a synthetic pool of N cards from the shipped scripts (renamed copies), one card per file."""
from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

from benchmarks.filesystem import note_deletion
from compiler.sources import default_pool


def make_pool(target: Path, n: int, source: Path | None = None) -> Path:
    """Write ``n`` renamed copies of the source pool's cards under ``target`` (plus its keyword library)."""
    source = source or default_pool()
    if target.exists():
        shutil.rmtree(target)
        note_deletion()
    (target / "keywords").mkdir(parents=True)
    for kw in sorted((source / "keywords").glob("*.kw")):
        shutil.copy(kw, target / "keywords" / kw.name)
    cards = sorted(source.rglob("*.card"))
    texts = [p.read_text(encoding="utf-8") for p in cards]
    for i in range(n):
        text = texts[i % len(texts)]
        m = re.search(r'card "((?:\\.|[^"\\])*)"', text)
        assert m
        name = f"{m.group(1)} {i:05d}"
        new = text[:m.start(1)] + name + text[m.end(1):]
        d = target / f"{i // 1000:03d}"
        d.mkdir(exist_ok=True)
        (d / f"card_{i:05d}.card").write_text(new, encoding="utf-8")
    return target


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("target", type=Path)
    ap.add_argument("-n", type=int, default=30000)
    args = ap.parse_args()
    make_pool(args.target, args.n)
    print(f"wrote {args.n} cards to {args.target}")
