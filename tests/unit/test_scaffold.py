"""``cardsmith new`` writes a card from Oracle data and never overwrites."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from cardsmith.cli import main
from compiler.sources import default_pool


def test_new_card_from_oracle_file(tmp_path: Path) -> None:
    pool = tmp_path / "cards"
    shutil.copytree(default_pool(), pool)
    (pool / "k" / "kavu_titan.card").unlink(missing_ok=True)  # the shipped pool scripts it; start afresh
    oracle = tmp_path / "oracle.json"
    oracle.write_text(json.dumps([{
        "name": "Kavu Titan", "mana_cost": "{1}{G}", "type_line": "Creature \u2014 Kavu", "types": ["Creature"],
        "subtypes": ["Kavu"], "supertypes": [], "power": "2", "toughness": "2", "colors": ["G"],
        "text": "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\n"
                "If Kavu Titan was kicked, it enters the battlefield with three +1/+1 counters on it and with trample."}]))
    assert main(["new", "Kavu Titan", "--pool", str(pool), "--oracle", str(oracle)]) == 0
    text = (pool / "k" / "kavu_titan.card").read_text()
    assert 'card "Kavu Titan" {' in text and "cost {1}{G}" in text and "type creature - Kavu" in text
    assert "pt 2/2" in text and "    kicker {2}{G}\n" in text
    assert "    if kicked, enters with three +1/+1 counters and with trample\n" in text and "TODO" not in text
    assert "Kavu Titan" in json.loads((pool / "oracle.json").read_text())
    before = (pool / "k" / "kavu_titan.card").read_text()
    assert main(["new", "Kavu Titan", "--pool", str(pool), "--oracle", str(oracle)]) == 1
    assert (pool / "k" / "kavu_titan.card").read_text() == before
    assert main(["new", "No Such Card", "--pool", str(pool), "--oracle", str(oracle)]) == 1
