"""Mana abilities (605): the instruction that adds mana (106.3), :class:`AddMana`.

Paying a cost reads mana abilities to activate them for the payer (601.2g, 605.3b), and casting
and effects sit above paying, so the effect that mana abilities are made of lives here, below all
of them; the other one-shot effects are in :mod:`runtime.effects`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .decisions import Choice, ChooseOption

if TYPE_CHECKING:
    from .resolution import Resolution
    from .values import Amount


@dataclass(frozen=True)
class AddMana:
    """106.3: add mana to the controller's pool; ``any_color`` asks which color (106.1a)."""

    mana: tuple[str, ...] = ()
    any_color: bool = False
    choices: tuple[str, ...] = ()  # "add {G}, {U}, or {R}": one of these, chosen as it resolves
    per: "Amount | None" = None  # 106.3: "add {G} for each ...": the mana that many times, counted now
    count: int = 1  # "add two mana of any one color" (106.1a): one color chosen, that many mana of it

    def resolve(self, res: "Resolution") -> None:
        """Add the mana."""
        if self.choices:
            opts = self.choices
            pick = res.game.ask_valid(ChooseOption(res.controller, "Choose the mana to add",
                                                   tuple(Choice(c, c) for c in opts)),
                                      lambda ans: ans if isinstance(ans, str) and ans in opts else None,
                                      "choose one of the mana symbols offered (106.1)")
            res.game.add_mana(res.controller, (pick,), False)
            return
        if self.per is not None:
            times = self.per.evaluate(res)
            if times > 0:
                res.game.add_mana(res.controller, self.mana * times, False)
            return
        res.game.add_mana(res.controller, self.mana, self.any_color, count=self.count)
