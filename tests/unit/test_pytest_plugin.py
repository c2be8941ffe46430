"""cardsmith's pytest plugin: a project of its own (a card folder and ``.scn`` files, no
``conftest.py``) gets its scenarios collected and run by ``pytest`` alone, against its own pool;
a failing scenario shows the table; a pool with errors fails its scenarios with the errors."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from compiler.sources import default_pool

SCENARIOS = '''
scenario "Bolt the opponent" rule 601.2 {
    alice hand: "Lightning Bolt"
    alice battlefield: "Mountain"
    turn 1 main1 alice: cast "Lightning Bolt" targeting player bob
    stop turn 1 end
    expect bob life 17
}

scenario "A wrong expectation" rule 601.2 {
    alice hand: "Lightning Bolt"
    alice battlefield: "Mountain", "Grizzly Bears"
    turn 1 main1 alice: cast "Lightning Bolt" targeting player bob
    stop turn 1 end
    expect bob life 10
}
'''


def _project(root: Path, cards: tuple[str, ...] = ("l/lightning_bolt", "m/mountain", "g/grizzly_bears")) -> Path:
    pool = root / "mycards"
    shutil.copytree(default_pool() / "keywords", pool / "keywords")
    for card in cards:
        shutil.copy(default_pool() / f"{card}.card", pool / f"{Path(card).name}.card")
    (root / "scenarios").mkdir()
    (root / "scenarios" / "bolt.scn").write_text(SCENARIOS)
    (root / "pytest.ini").write_text("[pytest]\ncardsmith_pool = mycards\n")
    return pool


def _pytest(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=root, capture_output=True, text=True, timeout=600)


def test_a_project_s_scenarios_run_with_pytest_alone(tmp_path: Path) -> None:
    _project(tmp_path)
    res = _pytest(tmp_path, "scenarios")
    assert "1 failed, 1 passed" in res.stdout, res.stdout + res.stderr
    # The failure names the scenario and shows the table as a judge sees it.
    assert "scenario 'A wrong expectation' (rules 601.2) failed" in res.stdout
    assert "--- the table at turn 1 end" in res.stdout and "bob: life 17" in res.stdout
    assert '"Mountain" [tapped], "Grizzly Bears" [2/2]' in res.stdout, res.stdout


def test_the_pool_option_and_a_pool_with_errors(tmp_path: Path) -> None:
    pool = _project(tmp_path)
    (pool / "broken.card").write_text('card "Broken" {\n    type creature\n    pt 2/\n}\n')
    res = _pytest(tmp_path, "scenarios")
    assert "2 failed" in res.stdout and "has errors" in res.stdout and "broken.card:" in res.stdout, res.stdout
    (tmp_path / "other").mkdir()
    res = _pytest(tmp_path, "scenarios", "--cardsmith-pool", "other")
    assert "2 failed" in res.stdout and "Bolt the opponent" in res.stdout, res.stdout
