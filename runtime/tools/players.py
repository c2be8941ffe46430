"""The registry of computer players (``--players``): each kind of player by name, and the factory
that seats them in a game (:func:`runtime.tools.simulate.play_game`'s ``inner``).

Only the seeded random player is here; asking for another kind is a :class:`ValueError`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..decisions import Decider
from ..game import Game
from .simulate import InnerFactory

PLAYER_KINDS: tuple[str, ...] = ("random",)


@dataclass(frozen=True)
class PlayerSpec:
    """A kind of computer player, and its search budget (iterations per decision; search only)."""

    kind: str = "random"  # one of PLAYER_KINDS
    budget: int = 200


def player_factory(specs: Sequence[PlayerSpec], seed: int) -> InnerFactory:
    """Who answers for each seat (``specs[i]`` for seat ``i``) in the game of ``seed``: ``None``
    for the built-in seeded random player.  A kind not in :data:`PLAYER_KINDS`: ValueError."""
    for spec in specs:
        if spec.kind not in PLAYER_KINDS:
            raise ValueError(f"player kind {spec.kind} is not available")

    def inner(seat: int, game_ref: list[Game]) -> Decider | None:
        return None  # the seeded random player of play_game (seed * 2 + seat)

    return inner
