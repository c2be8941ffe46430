"""The registry of computer players: who answers a seat's questions in simulated or played games.

``random`` is the seeded random player (:mod:`runtime.tools.random_player`), ``greedy`` the
one-ply baseline (:mod:`runtime.tools.greedy_player`), ``search`` the ISMCTS player
(:mod:`runtime.tools.search_player`), with ``budget`` iterations per searched question.
:func:`player_factory` gives ``play_game`` (:mod:`runtime.tools.simulate`) its ``inner``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..decisions import Decider
from ..game import Game
from .greedy_player import GreedyDecider
from .random_player import RandomDecider
from .search_player import SearchDecider
from .simulate import InnerFactory

PLAYER_KINDS: tuple[str, ...] = ("random", "greedy", "search")  # the keys of _MAKERS, below


@dataclass(frozen=True)
class PlayerSpec:
    """A computer player: its kind (one of :data:`PLAYER_KINDS`) and, for ``search``, its budget
    in iterations per decision; ``seconds`` instead sets a time budget per decision (not
    deterministic across machines or loads)."""

    kind: str = "random"
    budget: int = 200
    seconds: float | None = None


def _random(spec: PlayerSpec, seat: int, game_ref: list[Game], seed: int) -> Decider:
    return RandomDecider(seed * 2 + seat)


def _greedy(spec: PlayerSpec, seat: int, game_ref: list[Game], seed: int) -> Decider:
    return GreedyDecider(game_ref)


def _search(spec: PlayerSpec, seat: int, game_ref: list[Game], seed: int) -> Decider:
    return SearchDecider(seat, game_ref, seed * 2 + seat + 1_000_003, iterations=spec.budget, seconds=spec.seconds)


# Each kind's maker (spec, seat, game reference, seed) -> decider, in PLAYER_KINDS order.
_MAKERS: dict[str, Callable[[PlayerSpec, int, list[Game], int], Decider]] = {
    "random": _random, "greedy": _greedy, "search": _search,
}


def player_factory(specs: Sequence[PlayerSpec], seed: int) -> InnerFactory:
    """Who answers for each seat (``specs[i]`` for seat ``i``), seeded from ``seed``: the same
    seed and specs give the same players, so the same games."""
    for spec in specs:
        if spec.kind not in _MAKERS:
            raise ValueError(f"player kind {spec.kind} is not available")

    def inner(i: int, game_ref: list[Game]) -> Decider | None:
        spec = specs[i] if i < len(specs) else PlayerSpec()
        return _MAKERS[spec.kind](spec, i, game_ref, seed)
    return inner
