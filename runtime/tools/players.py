"""The registry of computer players: who answers a seat's questions in simulated or played games.

``random`` is the seeded random player (:mod:`runtime.tools.random_player`), ``greedy`` the
one-ply baseline (:mod:`runtime.tools.greedy_player`), ``search`` the ISMCTS player
(:mod:`runtime.tools.search_player`), with ``budget`` iterations per searched question.
:func:`player_factory` gives ``play_game`` (:mod:`runtime.tools.simulate`) its ``inner``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..decisions import Decider
from ..game import Game
from .greedy_player import GreedyDecider
from .random_player import RandomDecider
from .search_player import SearchDecider
from .simulate import InnerFactory

PLAYER_KINDS: tuple[str, ...] = ("random", "greedy", "search")


@dataclass(frozen=True)
class PlayerSpec:
    """A computer player: its kind (one of :data:`PLAYER_KINDS`) and, for ``search``, its budget
    in iterations per decision; ``seconds`` instead sets a time budget per decision (not
    deterministic across machines or loads)."""

    kind: str = "random"
    budget: int = 200
    seconds: float | None = None


def player_factory(specs: Sequence[PlayerSpec], seed: int) -> InnerFactory:
    """Who answers for each seat (``specs[i]`` for seat ``i``), seeded from ``seed``: the same
    seed and specs give the same players, so the same games."""
    for spec in specs:
        if spec.kind not in PLAYER_KINDS:
            raise ValueError(f"player kind {spec.kind} is not available")

    def inner(i: int, game_ref: list[Game]) -> Decider | None:
        spec = specs[i] if i < len(specs) else PlayerSpec()
        if spec.kind == "random":
            return RandomDecider(seed * 2 + i)
        if spec.kind == "greedy":
            return GreedyDecider(game_ref)
        return SearchDecider(i, game_ref, seed * 2 + i + 1_000_003, iterations=spec.budget, seconds=spec.seconds)
    return inner
