"""Rules text rendered from each card's structure matches its Oracle text (after normalization)."""
from __future__ import annotations

import pytest

from cardsmith.cli import main
from cardsmith.oracle import load_oracle, normalize, oracle_path
from compiler.build import build
from compiler.sources import default_pool

REPORT = build([default_pool()], None, jobs=1)
ORACLE = load_oracle(oracle_path(default_pool()))


def test_every_card_has_oracle_reference_data() -> None:
    names = {r.name for r in REPORT.results}
    assert names <= set(ORACLE), sorted(names - set(ORACLE))


@pytest.mark.parametrize("result", REPORT.results, ids=lambda r: r.name)
def test_rendered_text_matches_oracle(result: object) -> None:
    name = getattr(result, "name")
    assert normalize(getattr(result, "text")) == normalize(ORACLE[name].get("text") or "")


def test_normalization_drops_reminder_text_only() -> None:
    assert normalize("Kicker {2} (You may pay an additional {2}.)\n\nFlying  ") == "Kicker {2}\nFlying"
    assert normalize("Deals 2 damage.") != normalize("Deals 3 damage.")


def test_cli_text_shows_reminder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["text", "Grow from the Ashes"]) == 0
    out = capsys.readouterr().out
    assert "Kicker {2} (You may pay an additional {2} as you cast this spell.)" in out
    assert main(["text", "Grow from the Ashes", "--no-reminder"]) == 0
    assert "(You may pay" not in capsys.readouterr().out
    assert main(["text", "No Such Card"]) == 2
