"""`cardsmith coverage` recomputes its numbers from the Oracle data and the pool."""
from __future__ import annotations

import json
from pathlib import Path

from cardsmith.cli import main
from cardsmith.coverage import coverage
from compiler.sources import default_pool


def test_coverage_of_the_pools_own_oracle_file() -> None:
    pool = default_pool()
    report = coverage(pool, pool / "oracle.json", Path("tests/scenarios"))
    t = report.totals()
    scripted = len(list(pool.rglob("*.card")))
    assert t["cards"] == scripted and t["scripted"] == scripted == t["compiles"] == t["text_matches"]
    assert t["overrides"] == 0 and 0 < t["with_scenario"] <= scripted
    assert report.missing_lines == []  # everything in the pool's own Oracle file is scripted


def test_coverage_json_against_another_oracle_list(tmp_path: Path, capsys: object) -> None:
    oracle = tmp_path / "o.json"
    oracle.write_text(json.dumps([
        {"name": "Lightning Bolt", "text": "Lightning Bolt deals 3 damage to any target.", "seed_keywords": []},
        {"name": "Not Scripted", "text": "Flying\nNot Scripted can't block.", "seed_keywords": ["Defender"]},
    ]))
    assert main(["coverage", "--oracle", str(oracle), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert data["totals"] == {"cards": 2, "scripted": 1, "compiles": 1, "text_matches": 1, "overrides": 0,
                              "with_scenario": 1}
    assert data["per_keyword"]["Defender"] == {"cards": 1, "scripted": 0, "text_matches": 0, "scenario": 0}
    assert ["CARDNAME can't block.", 1] in data["missing_lines"]
