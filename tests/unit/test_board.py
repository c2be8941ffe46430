"""The table as a person sees it (``runtime/tools/board.py``): what a viewer may see (400.2 hidden
zones, 708.5 face-down permanents), ``play --board`` and ``replay --board``, and the HTML replay
(its data, its escaping, and the page itself in headless Chromium)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cardsmith.cli import main
from cardsmith.html_replay import html_page
from compiler.scenarios import load_scenarios
from runtime.pool import Pool
from runtime.tools.board import Frame, board, board_text
from runtime.tools.scenario import run_scenario

TABLE = '''
scenario "a table" rule 400.2, 708.5 {
    alice hand: "Lightning Bolt", "Grizzly Bears"
    alice battlefield: "Mountain", "Grizzly Bears" face down
    bob hand: "Counterspell"
    bob battlefield: "Llanowar Elves" with 1 +1/+1 counter
    bob graveyard: "Counterspell"
    bob library: "Forest", "Forest"
    stop turn 1 main1
}
'''


def _game(pool: Pool) -> Any:
    scenarios, diags = load_scenarios(TABLE, "table.scn")
    assert not diags
    return run_scenario(scenarios[0], pool).game


def test_a_judge_sees_everything(pool: Pool) -> None:
    text = board_text(_game(pool))
    assert "alice: 20 life" in text and "bob: 20 life, library 2" in text
    assert "hand: Lightning Bolt, Grizzly Bears" in text and "hand: Counterspell" in text
    assert "battlefield: Mountain, face-down Grizzly Bears 2/2" in text
    assert "battlefield: Llanowar Elves 2/2 (1 +1/+1)" in text
    assert "graveyard: Counterspell" in text and "stack (bottom first): empty" in text


def test_a_player_sees_their_hand_and_their_face_down_cards_only(pool: Pool) -> None:
    game = _game(pool)
    alice, bob = board(game, viewer=0), board(game, viewer=1)
    assert alice.players[0].hand == ("Lightning Bolt", "Grizzly Bears") and alice.players[1].hand == 1
    assert bob.players[0].hand == 2 and bob.players[1].hand == ("Counterspell",)
    assert "face-down Grizzly Bears 2/2" in alice.players[0].battlefield  # 708.5: its controller may look
    assert "a face-down card 2/2" in bob.players[0].battlefield  # the opponent may not


def test_play_board_prints_the_table_as_steps_begin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--board", "--turns", "2", "--seed", "4", "--deck", "decks/red_green.deck",
                 "--deck", "decks/blue_black.deck"]) == 0
    out = capsys.readouterr().out
    assert "    | turn 1, upkeep step, alice's turn" in out
    assert re.search(r"    \|   hand: \w", out)  # alice's own hand, named
    assert "    |   hand: 7 card(s)" in out  # bob's, counted only
    assert out.count("    | exile:") >= 2 and "-- seed 4:" in out


def _saved_game(tmp_path: Path) -> Path:
    log = tmp_path / "game.json"
    assert main(["play", "--turns", "4", "--seed", "5", "--save-log", str(log)]) == 0
    return log


def test_replay_board_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _saved_game(tmp_path)
    capsys.readouterr()
    page = tmp_path / "game.html"
    assert main(["replay", str(log), "--board", "--html", str(page), "--viewer", "bob"]) == 0
    out = capsys.readouterr().out
    assert "replay matches" in out and "    | turn 1, upkeep step, alice's turn" in out
    frames = json.loads(re.search(r'<script id="frames" type="application/json">(.*?)</script>',
                                  page.read_text(), re.S).group(1))
    assert len(frames) >= 8 and frames[0]["board"]["turn"] == 1
    assert isinstance(frames[0]["board"]["players"][0]["hand"], int)  # alice's hand hidden from bob
    assert frames[-1]["news"][-1].startswith("== End")


def test_the_page_can_t_be_broken_out_of_by_a_name() -> None:
    hostile = "</script><script>alert(1)</script><!--"
    from runtime.tools.board import Board, PlayerView

    p = PlayerView(hostile, 20, "", "", (hostile,), 0, (), ())
    page = html_page([Frame(Board(1, "main1", hostile, (p,), (), (), ""), (hostile,))], hostile)
    assert hostile not in page and page.count("</script>") == 2
    assert "<title>&lt;/script&gt;" in page


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _rendered(page: Path, step: int) -> str:
    """The page's text as headless Chromium shows it at ``#step=N`` (after its script ran)."""
    assert CHROMIUM, "headless Chromium is needed: apt-get install chromium (.ci/run installs it)"
    res = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000",
                          "--dump-dom", f"{page.as_uri()}#step={step}"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    return re.sub(r"<[^>]+>", " ", res.stdout)


def test_the_page_steps_through_the_game_in_a_browser(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _saved_game(tmp_path)
    page = tmp_path / "game.html"
    assert main(["replay", str(log), "--html", str(page), "--viewer", "all"]) == 0
    frames = json.loads(re.search(r'<script id="frames" type="application/json">(.*?)</script>',
                                  page.read_text(), re.S).group(1))
    first, last = _rendered(page, 1), _rendered(page, len(frames))
    assert f"step 1 of {len(frames)}" in first and "Turn 1, upkeep step, alice" in first
    assert f"step {len(frames)} of {len(frames)}" in last
    b = frames[-1]["board"]
    assert f"Turn {b['turn']}, {b['step']} step" in last
    for p in b["players"]:
        assert f"{p['name']}: {p['life']} life" in last
        for card in p["battlefield"]:
            assert card.replace("'", "&#39;") in last or card in last
