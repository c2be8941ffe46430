"""The additional and alternative costs an object offers now (601.2b, 118.8, 118.9).

They are read from the object's current characteristics (613), not from its printed card: a keyword
an effect grants in any zone brings its costs with it (613.1f, 611.3a: "target instant or sorcery
card in your graveyard gains flashback", "each Vampire creature card you own that isn't on the
battlefield has madness").  The printed options come first, in printed order, so an option's index
(its id in a cast announcement) is the same whether or not anything is granted.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import AdditionalCost, AlternativeCost

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject

CostOption = AdditionalCost | AlternativeCost


def cost_options(game: "Game", obj: "GameObject") -> tuple[CostOption, ...]:
    """``obj``'s additional and alternative costs now: printed ones, then granted ones (613.1f)."""
    d = obj.definition
    abilities = game.characteristics(obj).abilities
    if abilities is d.expanded:  # nothing granted: the printed card's own options
        return d.cost_options()
    return options_in(abilities)


def options_in(abilities: "tuple[object, ...]") -> tuple[CostOption, ...]:
    """The additional and alternative costs among ``abilities``, in order (an option's index is
    its position here)."""
    return tuple(a for a in abilities if isinstance(a, (AdditionalCost, AlternativeCost)))


def granted_keyword(game: "Game", obj: "GameObject", index: int) -> tuple[str, tuple[str, ...] | None] | None:
    """The granted keyword instance (name, cost parameter) the option ``index`` of ``obj`` comes
    from, or None for a printed option (400.7f: the spell keeps an ability that let it be cast)."""
    options = cost_options(game, obj)
    if not 0 <= index < len(options) or index < len(obj.definition.cost_options()):
        return None
    opt = options[index]
    for name, cost in game.characteristics(obj).granted:
        if name.lower() == opt.keyword.lower() and (cost is None or cost == opt.cost.mana):
            return name, cost
    return None
