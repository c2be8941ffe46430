"""A pool with one card that doesn't compile still plays: ``play``, ``soak`` and ``test`` leave
the card out with a warning that names it; ``build`` and ``check`` still fail; ``check`` warns
about the TODO lines ``cardsmith new`` leaves."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardsmith.cli import main
from compiler.sources import default_pool

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def broken_pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped pool plus an unfinished card with a syntax error."""
    pool = tmp_path_factory.mktemp("pool") / "cards"
    shutil.copytree(default_pool(), pool)
    (pool / "z").mkdir(exist_ok=True)
    (pool / "z" / "zz_unfinished.card").write_text('card "Zz Unfinished" {\n    type creature - Bear\n    pt 2/\n}\n')
    return pool


def _warned(err: str) -> bool:
    return "cardsmith: warning: 1 card file(s) failed to compile and are left out of the pool" in err \
        and "zz_unfinished.card" in err


def test_build_and_check_still_fail(broken_pool: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "-o", str(tmp_path / "out"), str(broken_pool)]) == 1
    assert main(["check", str(broken_pool / "z")]) == 1
    assert "zz_unfinished.card:3:10: error: syntax error: expected a power or toughness" in capsys.readouterr().err


def test_test_runs_the_scenarios_without_the_card(broken_pool: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", str(ROOT / "tests" / "scenarios" / "fight.scn"), "--pool", str(broken_pool)]) == 0
    captured = capsys.readouterr()
    assert _warned(captured.err), captured.err
    assert " 0 failed" in captured.out


def test_soak_and_play_run_without_the_card(broken_pool: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "--games", "2", "--turns", "3", "--pool", str(broken_pool)]) == 0
    assert _warned(capsys.readouterr().err)
    assert main(["play", "--turns", "2", "--pool", str(broken_pool)]) == 0
    captured = capsys.readouterr()
    assert _warned(captured.err) and "-- seed 0:" in captured.out


def test_a_broken_keyword_file_stops_a_playing_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pool = tmp_path / "cards"
    (pool / "keywords").mkdir(parents=True)
    (pool / "keywords" / "bad.kw").write_text("keyword {\n")
    (pool / "a.card").write_text('card "A" {\n    type land\n}\n')
    assert main(["play", "--turns", "1", "--pool", str(pool)]) == 1
    assert "the keyword files have errors, so no card can be built" in capsys.readouterr().err


def test_check_warns_about_todo_lines_without_failing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "wall.card"
    card.write_text('card "Todo Wall" {\n    cost {1}{W}\n    type creature - Wall\n    pt 0/4\n    defender\n'
                    '    // TODO: Todo Wall can block any number of creatures.\n}\n')
    assert main(["check", str(card)]) == 0
    err = capsys.readouterr().err
    assert f"{card}:6:5: warning: TODO left: Todo Wall can block any number of creatures." in err, err
    assert "no errors, 1 TODO line(s) left" in err
