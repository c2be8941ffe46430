"""Whether a card could be cast now, apart from its costs and targets: permission to cast it at
instant speed (702.8a) and a ban on casting it (101.2).

Casting (601.2), the offers of legal actions (117.1) and the condition "any time you could cast
it" (116.2f) all ask the same two questions, so the answers live here, below all three.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import MayCastAsThoughInstant

if TYPE_CHECKING:
    from .abilities import Ability
    from .game import Game


def instant_timing(abilities: "tuple[Ability, ...]") -> bool:
    """702.8a: whether an ability lets the card be cast any time its controller could cast an instant."""
    return any(isinstance(a, MayCastAsThoughInstant) for a in abilities)


def cast_banned(game: "Game", player: int, name: str) -> bool:
    """Whether an effect says ``player`` can't cast spells with this name, or can't cast spells at all
    (a ban with no name) (101.2: "can't" wins)."""
    bans = game.state.cast_bans
    return bool(bans) and any(p == player and (not n or (bool(name) and n == name)) for p, n, _ in bans)
