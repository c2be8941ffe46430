"""Scenario checks for player counters (122.1) and stickers (123, docs/stickers.md).

Kept apart from :mod:`.expectations` (one class per assertion, as there): what a scenario can see
of ticket counters on players, of the stickers on an object, and of what is left on a player's
sticker sheets.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...layers import Characteristics
from ...objects import GameObject
from ...stickering import on_sheets
from .expectations import Expectation, ObjectExpectation

if TYPE_CHECKING:
    from .harness import Harness


@dataclass(frozen=True)
class PlayerCountersAre(Expectation):
    """122.1: the number of ``kind`` counters on the player."""

    player: str
    kind: str
    value: int

    def check(self, h: "Harness") -> str:
        """Count them."""
        have = h.game.players[h.player_of(self.player, self.line)].counters.get(self.kind, 0)
        return "" if have == self.value else \
            f"{self.player} has {have} {self.kind} counter(s), expected {self.value}"


@dataclass(frozen=True)
class SheetHas(Expectation):
    """123.4, 123.8: the sticker labelled ``label`` is (``present``) or isn't on the player's sheets."""

    player: str
    label: str
    present: bool = True

    def check(self, h: "Harness") -> str:
        """Look at what is left on the sheets."""
        left = [p.sticker.label for p in on_sheets(h.game, h.player_of(self.player, self.line))]
        if (self.label in left) == self.present:
            return ""
        return f"{self.player}'s sheets {'lack' if self.present else 'have'} the {self.label!r} sticker (left: {left})"


@dataclass(frozen=True)
class HasSticker(ObjectExpectation):
    """123.4, 123.7: the sticker labelled ``label`` is on the object."""

    label: str

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its stickers."""
        on = [p.sticker.label for p in o.stickers]
        return "" if self.label in on else f"{self.ref} has no {self.label!r} sticker (has: {on})"


@dataclass(frozen=True)
class HasNoStickers(ObjectExpectation):
    """123.8: no sticker is on the object."""

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its stickers."""
        on = [p.sticker.label for p in o.stickers]
        return "" if not on else f"{self.ref} has stickers {on}, expected none"
