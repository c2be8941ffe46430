"""Whether a card could be cast now, apart from its costs and targets: permission to cast it at
instant speed (702.8a), a ban on casting it (101.2), and a spell on the stack that forbids casting
spells and activating abilities while it is there (702.61a).

Casting (601.2), activating (602.2), the offers of legal actions (117.1) and the condition "any time
you could cast it" (116.2f) all ask the same questions, so the answers live here, below all of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import ConditionalKeyword, MayCastAsThoughInstant, NoSpellsOrAbilitiesWhileOnStack
from .resolution import Resolution
from .zones import Zone

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


def _forbids(a: "Ability") -> bool:
    return isinstance(a, NoSpellsOrAbilitiesWhileOnStack)


def stack_restriction(game: "Game") -> str:
    """702.61a: the name of a spell on the stack as long as which players can't cast spells or activate
    abilities that aren't mana abilities (split second), or "" if there is none.  A keyword that a static
    ability of the spell gives it only while a condition holds (604.1, 702.33d: "If this spell was
    kicked, it has split second") counts while the condition holds, asked of the spell itself.
    Mana abilities, special actions (116.2) and triggered abilities are for the callers to let through
    (702.61b)."""
    stack = game.state.stack
    if not stack:  # the usual case: nothing to look at
        return ""
    objects = game.state.objects
    for item in stack:
        o = objects.get(item.oid)
        if o is None or o.zone is not Zone.STACK:
            continue  # an activated or triggered ability (113.7) is not an object of the game
        for a in game.characteristics(o).abilities:
            if _forbids(a) or (isinstance(a, ConditionalKeyword) and any(map(_forbids, a.keyword.abilities()))
                               and a.condition.holds(game, Resolution(game, o.controller, o.oid, ()))):
                return game.name_of(o.oid)
    return ""
