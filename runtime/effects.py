"""One-shot effects (610): what a resolving instruction does.

Each effect is a frozen dataclass built by generated card code.  ``resolve`` asks the game to
perform events; the game passes every event through replacement effects (614) and then offers it
to triggered abilities (603).  Effects never change game state directly.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from .abilities import KeywordAction
from .values import Amount, ObjectFilter, ObjectRef, PlayerRef
from .zones import Zone

if TYPE_CHECKING:
    from .stack import Resolution


@dataclass(frozen=True)
class DealDamage:
    """120.3: the source deals damage to an object or player."""

    amount: Amount
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Deal the damage to each still-legal referent."""
        n = self.amount.evaluate(res)
        for ref in res.referents(self.target):
            res.game.deal_damage(res.source_oid, ref, n)


@dataclass(frozen=True)
class GainLife:
    """119.3: a player gains life."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Gain the life."""
        for p in res.players(self.player):
            res.game.change_life(p, self.amount.evaluate(res))


@dataclass(frozen=True)
class LoseLife:
    """119.3: a player loses life."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Lose the life."""
        for p in res.players(self.player):
            res.game.change_life(p, -self.amount.evaluate(res))


@dataclass(frozen=True)
class Draw:
    """121: a player draws cards, one at a time."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Draw."""
        for p in res.players(self.player):
            res.game.draw(p, self.amount.evaluate(res))


@dataclass(frozen=True)
class Destroy:
    """701.7: move a permanent to its owner's graveyard; ``no_regeneration`` per 701.15c."""

    target: ObjectRef
    no_regeneration: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Destroy each referent."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.destroy(ref, regenerate=not self.no_regeneration)


@dataclass(frozen=True)
class ExileObject:
    """406: move an object to exile."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Exile each referent."""
        moved = []
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                new = res.game.move(ref, Zone.EXILE)
                if new is not None:
                    moved.append(new)
        res.last_affected = tuple(moved)


@dataclass(frozen=True)
class CounterSpell:
    """701.5a: counter a spell: remove it from the stack into its owner's graveyard."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Counter each referent that is still a spell on the stack."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.counter(ref)


@dataclass(frozen=True)
class PutCounters:
    """122.1: put counters on a permanent."""

    amount: Amount
    counter: str
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Add the counters."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.add_counters(ref, self.counter, self.amount.evaluate(res))


@dataclass(frozen=True)
class CreateTokens:
    """111.2: create tokens with the given characteristics."""

    count: Amount
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()

    def resolve(self, res: "Resolution") -> None:
        """Create the tokens under the controller's control; they become "them" for later instructions."""
        res.last_affected = res.game.create_tokens(res.controller, self, self.count.evaluate(res))


@dataclass(frozen=True)
class AddMana:
    """106.3: add mana to the controller's pool; ``any_color`` asks which color (106.1a)."""

    mana: tuple[str, ...] = ()
    any_color: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Add the mana."""
        res.game.add_mana(res.controller, self.mana, self.any_color)


@dataclass(frozen=True)
class AtBeginningOfNextStep:
    """603.7: create a delayed triggered ability "at the beginning of the next <step>"."""

    step: str
    effect: "Effect"

    def resolve(self, res: "Resolution") -> None:
        """Register the delayed trigger, remembering the objects "them" refers to now (603.7c)."""
        res.game.add_delayed_trigger(res, self.step, self.effect)


@dataclass(frozen=True)
class PerformAction:
    """A keyword action (701) applied with its parameters: search (701.19), shuffle (701.20)."""

    action: KeywordAction
    player: PlayerRef
    count: Amount | None = None
    up_to: bool = False
    filter: ObjectFilter | None = None
    destination: Zone | None = None
    tapped: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Run the action's primitive steps in order."""
        for p in res.players(self.player):
            res.game.perform_action(res, p, self)


Effect = Union[
    DealDamage, GainLife, LoseLife, Draw, Destroy, ExileObject, CounterSpell, PutCounters,
    CreateTokens, AddMana, AtBeginningOfNextStep, PerformAction,
]
