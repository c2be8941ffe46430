"""Stickers and ticket counters (cardsmith rules 123, 107.17, 122.1; docs/stickers.md): the sheet
files, the scenario set-up's checks, and the refusals of ``runtime.stickering.put_sticker`` (each
with its reason, the game state unchanged)."""
from __future__ import annotations

from collections import Counter

from pathlib import Path

import pytest

from compiler.scenarios import load_scenarios
from compiler.stickersheets import load_sheets, parse_sheets
from runtime.errors import IllegalAction
from runtime.game import Game
from runtime.pool import Pool
from runtime.state import state_digest
from runtime.stickering import TICKET, on_sheets, put_sticker
from runtime.stickers import AbilitySticker, ArtSticker, NameSticker, PTSticker, StickerSheet
from runtime.tools.scenario import Scenario, ScenarioError, run_scenario
from runtime.zones import Zone

from .helpers import blank_game


def test_the_shipped_sheets_parse() -> None:
    sheets, diags = load_sheets()
    assert not diags
    assert sheets["Carnival Classics"].stickers == (
        NameSticker("Cotton Candy Colossus"), ArtSticker("Balloon Arch"), AbilitySticker("flying", 1),
        PTSticker(4, 4, 1))


def test_a_sheet_syntax_error_is_located(tmp_path: Path) -> None:
    (tmp_path / "bad.sheet").write_text('sheet "X" {\n    pt 4/4\n}\n')  # 123.3: a P/T sticker has a ticket cost
    sheets, diags = load_sheets(tmp_path)
    assert not sheets and diags and diags[0].line == 3


def test_a_file_holds_several_sheets_and_a_name_is_defined_once(tmp_path: Path) -> None:
    sheets, diags = parse_sheets('sheet "A" { name "N" }\nsheet "B" { art "Q" }', "x.sheet")
    assert [s.name for s in sheets] == ["A", "B"] and not diags
    (tmp_path / "a.sheet").write_text('sheet "A" { name "N" }')
    (tmp_path / "b.sheet").write_text('sheet "A" { art "Q" }')
    _, diags = load_sheets(tmp_path)
    assert any("defined twice" in d.message for d in diags)


SCENARIO = '''scenario "s" rule 123.1 {
    alice sheets: %s
    stop turn 1 end
}'''


def test_a_scenario_names_known_sheets_only() -> None:
    _, diags = load_scenarios(SCENARIO % '"No Such Sheet"', "t.scn")
    assert any("no sticker sheet named 'No Such Sheet'" in d.message for d in diags)


def test_at_most_three_sheets_each() -> None:
    names = ", ".join(['"Carnival Classics"', '"Big Top Deluxe"'] * 2)
    _, diags = load_scenarios(SCENARIO % names, "t.scn")
    assert any("up to 3" in d.message for d in diags)


def _game(pool: Pool) -> tuple[Game, int, int, int]:
    game = blank_game(pool)
    sheets, _ = load_sheets()
    game.players[0].sheets = (sheets["Carnival Classics"],)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    forest = game.add_card(0, pool.get("Forest"), Zone.BATTLEFIELD)
    theirs = game.add_card(1, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    return game, bears, forest, theirs


@pytest.mark.parametrize("where, index, tickets, reason", [
    ("forest", 0, 0, "is a land"),          # 123.4: only a nonland permanent
    ("theirs", 0, 0, "isn't yours"),        # 123.4: only one you own
    ("hand", 0, 0, "isn't a permanent"),    # 123.4: only a permanent (or the sticker-kicked spell)
    ("bears", 3, 0, "ticket counter"),      # 123.3: the P/T sticker's ticket cost, with no tickets
])
def test_put_sticker_refusals_change_nothing(pool: Pool, where: str, index: int, tickets: int, reason: str) -> None:
    game, bears, forest, theirs = _game(pool)
    hand = game.add_card(0, pool.get("Grizzly Bears"), Zone.HAND)
    oid = {"forest": forest, "theirs": theirs, "hand": hand, "bears": bears}[where]
    game.players[0].counters = Counter({TICKET: tickets})
    sticker = on_sheets(game, 0)[index]
    before = state_digest(game.state)
    with pytest.raises(IllegalAction, match=reason):
        put_sticker(game, 0, oid, sticker)
    assert state_digest(game.state) == before


def test_put_sticker_pays_and_changes_the_card(pool: Pool) -> None:
    game, bears, _, _ = _game(pool)
    g = game
    g.players[0].counters = Counter({TICKET: 1})
    put_sticker(g, 0, bears, on_sheets(g, 0)[3])  # 4/4 for {TK}
    put_sticker(g, 0, bears, on_sheets(g, 0)[0])  # the name sticker, free
    ch = g.characteristics(g.obj(bears))
    assert (ch.name, ch.power, ch.toughness) == ("Cotton Candy Colossus", 4, 4)
    assert not g.players[0].counters[TICKET]
    assert [p.sticker.label for p in on_sheets(g, 0)] == ["Balloon Arch", "flying"]
    with pytest.raises(IllegalAction, match="isn't on"):  # 123.4: a sticker is on one object only
        put_sticker(g, 0, bears, g.obj(bears).stickers[0])


@pytest.mark.parametrize("keyword", ["no such keyword", "protection"])
def test_an_ability_sticker_names_a_keyword_without_parameters(pool: Pool, keyword: str) -> None:
    sheet = StickerSheet("Odd", (AbilitySticker(keyword, 1),))
    scenario = Scenario(name="odd", rules=("123.2c",), sheets=(("alice", (sheet,)),), stop=(1, "end"))
    with pytest.raises(ScenarioError, match="123.2c"):
        run_scenario(scenario, pool)
