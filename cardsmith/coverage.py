"""``cardsmith coverage``: how much of an Oracle card list the pool expresses.

For each card of the Oracle file: scripted or not; compiles; rendered text equals the Oracle text
after normalization (and whether by a ``text`` override); named in a hand-written scenario.  Totals
overall and per seed keyword; for unscripted cards, the Oracle lines (card name replaced by
CARDNAME, reminder text removed) most often needed, so the next vocabulary to add is obvious.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from compiler.build import build

from .oracle import load_oracle, normalize

_REMINDER = re.compile(r"\s*\([^()]*\)")


@dataclass
class CardCoverage:
    """One Oracle card's status."""

    name: str
    keywords: list[str]
    scripted: bool = False
    compiles: bool = False
    text_matches: bool = False
    override: bool = False
    scenario: bool = False


@dataclass
class CoverageReport:
    """The whole table, with totals."""

    cards: list[CardCoverage] = field(default_factory=list)
    per_keyword: dict[str, dict[str, int]] = field(default_factory=dict)
    missing_lines: list[tuple[str, int]] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        """Counts over all cards."""
        c = self.cards
        return {"cards": len(c), "scripted": sum(x.scripted for x in c), "compiles": sum(x.compiles for x in c),
                "text_matches": sum(x.text_matches and not x.override for x in c),
                "overrides": sum(x.override for x in c), "with_scenario": sum(x.scenario for x in c)}

    def as_json(self) -> str:
        """Machine-readable form."""
        return json.dumps({"totals": self.totals(), "per_keyword": self.per_keyword,
                           "missing_lines": self.missing_lines, "cards": [asdict(x) for x in self.cards]},
                          indent=2, ensure_ascii=False)

    def table(self) -> str:
        """A terminal table: totals, per keyword, then the most needed missing lines."""
        t = self.totals()
        out = [f"cards {t['cards']}  scripted {t['scripted']}  compile {t['compiles']}  "
               f"text exact {t['text_matches']}  overrides {t['overrides']}  in a scenario {t['with_scenario']}", "",
               f"{'keyword':16} {'cards':>6} {'scripted':>9} {'exact':>6} {'scenario':>9}"]
        for kw, row in sorted(self.per_keyword.items()):
            out.append(f"{kw:16} {row['cards']:6} {row['scripted']:9} {row['text_matches']:6} {row['scenario']:9}")
        out += ["", "most needed lines among unscripted cards:"]
        out += [f"{n:5}  {line}" for line, n in self.missing_lines]
        return "\n".join(out)


def coverage(pool: Path, oracle_file: Path, scenario_dir: Path, top: int = 25,
             progress: Callable[[int, int], None] | None = None) -> CoverageReport:
    """Compute the coverage of ``oracle_file`` by the pool at ``pool`` (``progress(done, total)``
    is told as cards compile)."""
    report = build([pool], None, progress=progress)
    results = {r.name: r for r in report.results if not r.diagnostics}
    oracle = load_oracle(oracle_file)
    scenario_text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(scenario_dir.rglob("*.scn")))
    overrides = _override_names(pool)
    out = CoverageReport()
    missing: Counter[str] = Counter()
    for name in sorted(oracle):
        rec: dict[str, Any] = oracle[name]
        cc = CardCoverage(name, list(rec.get("seed_keywords") or []))
        path_known = name in results or any(r.name == name for r in report.results)
        cc.scripted = path_known
        if name in results:
            cc.compiles = True
            cc.text_matches = normalize(results[name].text) == normalize(rec.get("text") or "")
            cc.override = name in overrides
        cc.scenario = f'"{name}"' in scenario_text
        if not cc.scripted:
            for line in (rec.get("text") or "").split("\n"):
                line = _REMINDER.sub("", line).strip().replace(name, "CARDNAME")
                if line:
                    missing[line] += 1
        out.cards.append(cc)
        for kw in cc.keywords:
            row = out.per_keyword.setdefault(kw, {"cards": 0, "scripted": 0, "text_matches": 0, "scenario": 0})
            row["cards"] += 1
            row["scripted"] += cc.scripted
            row["text_matches"] += cc.text_matches and not cc.override
            row["scenario"] += cc.scenario
    out.missing_lines = missing.most_common(top)
    return out


def _override_names(pool: Path) -> set[str]:
    names = set()
    for p in pool.rglob("*.card"):
        text = p.read_text(encoding="utf-8", errors="replace")
        if re.search(r"^\s*text\s+\"", text, re.M):
            m = re.search(r'card\s+"((?:\\.|[^"\\])*)"', text)
            if m:
                names.add(m.group(1))
    return names
