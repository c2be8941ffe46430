"""Counters on players (122.1): poison counters and the state-based action that reads them (104.3d, 704.5c)."""
from __future__ import annotations

from runtime.game import Game
from runtime.sba import check_state_based_actions
from runtime.tools.random_player import RandomDecider


def test_ten_poison_counters_lose_the_game() -> None:
    game = Game(["alice", "bob"], [RandomDecider(1), RandomDecider(2)])
    game.add_player_counters(1, "poison", 9)
    check_state_based_actions(game)
    assert not game.players[1].lost  # nine: still in the game
    game.add_player_counters(1, "poison", 1)
    check_state_based_actions(game)
    assert game.players[1].lost and "704.5c" in game.players[1].loss_reason
