"""104.4b: a loop of mandatory actions that no player can stop ends the game in a draw."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from runtime import turns
from runtime.game import Game
from runtime.resolution import Resolution
from runtime.stack import StackItem, StackKind
from runtime.tools.random_player import RandomDecider


@dataclass(frozen=True)
class PutItselfBack:
    """A mandatory effect that puts a copy of its ability on the stack again, forever."""

    def resolve(self, res: Resolution) -> None:
        g = res.game
        g.state.stack += (StackItem(kind=StackKind.ABILITY, oid=g.new_id(), source_oid=0, source_card=-1,
                                    controller=0, effect=self, text="loop"),)


def test_mandatory_loop_is_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "LOOP_LIMIT", 50)
    game = Game(["alice", "bob"], [RandomDecider(1, pass_weight=1.0), RandomDecider(2, pass_weight=1.0)])
    game.state.turn, game.state.step = 1, "main1"
    game.state.stack += (StackItem(kind=StackKind.ABILITY, oid=game.new_id(), source_oid=0, source_card=-1,
                                   controller=0, effect=PutItselfBack(), text="loop"),)  # type: ignore[arg-type]
    turns.priority_round(game, None)
    assert game.state.game_over and game.state.winner is None
    assert "mandatory loop" in game.state.log[-1] and "104.4b" in game.state.log[-1]
