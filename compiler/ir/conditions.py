"""Conditions: "if kicked" (607, 702.33d), "threshold" counts, results of instructions before,
timing restrictions (602.5b) and the other tests an ability makes as it resolves or applies.

Each class renders its rules text (``text``: with its leading "if") and its runtime condition
(``python``: an ``rt`` condition of :mod:`runtime.values`).
"""
from __future__ import annotations

from typing import ClassVar

from ..pyexpr import lit
from ..wording import NUMBER_TEXT
from .base import dataclass, freeze
from .selectors import FilterIR, filters_python


def _a(words: str) -> str:
    return "an" if words[:1] in "aeiouAEIOU" else "a"


class Condition:
    """A condition an ability checks."""

    # The condition names the object itself ("if Wall of Resistance was dealt damage this turn"), so
    # "it" in the instructions after it is that object.
    NAMES_THIS: ClassVar[bool] = False

    @property
    def of_target(self) -> bool:
        """Whether it tests a target chosen before it ("if it was kicked" of a target), and so
        prints after the instructions ("destroy it if it has ...")."""
        return False

    def text(self, spell: bool, card: str = "it") -> str:
        """The condition as printed ("if ..."); ``spell``: of a spell's instructions; ``card``:
        how the object is named."""
        raise NotImplementedError(type(self).__name__)

    def python(self) -> str:
        """The runtime condition expression."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class CostWasPaid(Condition):
    """A linked cost condition (607.2, 702.33d): "if it was kicked", "if it was kicked with its
    {1}{G} kicker" (``ordinal``: which of the card's costs with that label), "if that spell was
    kicked" (``that_spell``: the spell a cast trigger remembers)."""

    label: str
    word: str
    ordinal: int | None = None
    linked_cost: tuple[str, ...] = ()
    subject: int | None = None  # the target slot "it" names (None: this object)
    keyword: str = ""  # the keyword whose cost a linked condition names ("kicker")
    negated: bool = False  # "if it wasn't kicked"
    that_spell: bool = False

    @property
    def of_target(self) -> bool:
        return self.subject is not None

    def text(self, spell: bool, card: str = "it") -> str:
        who = "it" if self.subject is not None or not spell else "this spell"
        if self.that_spell:
            who = "that spell"
        text = f"if {who} {'wasn' + chr(39) + 't' if self.negated else 'was'} {self.word}"
        if self.linked_cost:
            text += f" with its {''.join(self.linked_cost)} {self.keyword}"
        return text

    def python(self) -> str:
        fields = [f"label={lit(self.label)}"]
        if self.ordinal is not None:
            fields.append(f"ordinal={lit(self.ordinal)}")
        if self.subject is not None:
            fields.append(f"subject=rt.Slot({self.subject})")
        if self.negated:
            fields.append("negated=True")
        if self.that_spell:
            fields.append("remembered=True")
        return f"rt.CostPaid({', '.join(fields)})"


@dataclass(frozen=True)
class GraveyardCount(Condition):
    """"if seven or more cards are in your graveyard" (threshold: an ability word, 207.2c)."""

    count: int

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {NUMBER_TEXT.get(self.count, str(self.count))} or more cards are in your graveyard"

    def python(self) -> str:
        return f"rt.CardsInGraveyard(at_least={lit(self.count)})"


@dataclass(frozen=True)
class ControlledSinceUpkeep(Condition):
    """"if it came under your control since the beginning of your last upkeep" (echo, 702.30a)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {card} came under your control since the beginning of your last upkeep"

    def python(self) -> str:
        return "rt.ControlledSinceLastUpkeep()"


@dataclass(frozen=True)
class DealtDamageThisTurn(Condition):
    """"if this was dealt damage this turn" (120.3): the source, as the object it is now (400.7)."""

    NAMES_THIS: ClassVar[bool] = True

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {card} was dealt damage this turn"

    def python(self) -> str:
        return "rt.DealtDamageThisTurn()"


@dataclass(frozen=True)
class PreviousResult(Condition):
    """"if you do" / "if you don't" / "if you can't" (608.2c): whether the instruction before happened."""

    word: str
    did: bool = True

    def text(self, spell: bool, card: str = "it") -> str:
        return "if you do" if self.did else f"if you {self.word or 'can' + chr(39) + 't'}"

    def python(self) -> str:
        return f"rt.PreviousResult(did={lit(self.did)})"


@dataclass(frozen=True)
class HasKeyword(Condition):
    """"if it has flying"."""

    keyword: str

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if it has {self.keyword}"

    def python(self) -> str:
        return f"rt.HasKeyword(keyword={lit(self.keyword)})"


@dataclass(frozen=True)
class CastInMainPhase(Condition):
    """"if you cast this spell during your main phase" (505.1)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return "if you cast this spell during your main phase"

    def python(self) -> str:
        return "rt.CastDuringMainPhase()"


@dataclass(frozen=True)
class CastFrom(Condition):
    """"if this spell was cast from your graveyard" (601.2a: the zone it was cast from)."""

    whose: str
    zone: str

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if this spell was cast from {self.whose} {self.zone}"

    def python(self) -> str:
        return f"rt.CastFromZone(zone={lit(self.zone)})"


@dataclass(frozen=True)
class DefendingControls(Condition):
    """"if defending player controls an Island" (506.2)."""

    filter: FilterIR

    def text(self, spell: bool, card: str = "it") -> str:
        noun = self.filter.words
        return f"if defending player controls {_a(noun)} {noun}"

    def python(self) -> str:
        return f"rt.DefendingPlayerControls(filter={self.filter.python()})"


@dataclass(frozen=True)
class PermanentLeft(Condition):
    """"if a permanent you controlled left the battlefield this turn" (revolt)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return "if a permanent you controlled left the battlefield this turn"

    def python(self) -> str:
        return "rt.PermanentLeftThisTurn()"


@dataclass(frozen=True)
class ManaValueIs(Condition):
    """"if it has converted mana cost 3 or less" (202.3): of the last target chosen before it."""

    direction: str  # "less" | "greater"
    count: int
    subject: int | None = None
    its: bool = False  # printed "if its converted mana cost is N or less"

    @property
    def of_target(self) -> bool:
        return self.subject is not None

    def text(self, spell: bool, card: str = "it") -> str:
        if self.its:
            return f"if its converted mana cost is {self.count} or {self.direction}"
        return f"if it has converted mana cost {self.count} or {self.direction}"

    def python(self) -> str:
        bound = "at_most" if self.direction == "less" else "at_least"
        return f"rt.ManaValueIs(subject={lit(-1 if self.subject is None else self.subject)}, {bound}={lit(self.count)})"


@dataclass(frozen=True)
class YouControl(Condition):
    """"if you control a Swamp or a Forest"."""

    filters: tuple[FilterIR, ...]

    def text(self, spell: bool, card: str = "it") -> str:
        return "if you control " + " or ".join(f"{_a(f.words)} {f.words}" for f in self.filters)

    def python(self) -> str:
        return f"rt.YouControl(filters={filters_python(self.filters)})"


@dataclass(frozen=True)
class ControlNone(Condition):
    """"if you control no other creatures": none of the controller's permanents matches the selector;
    "other" excludes the source itself (109.5: "you" is the source's controller)."""

    filter: FilterIR

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if you control no {self.filter.words}"

    def python(self) -> str:
        return f"rt.ControlsNone(filter={self.filter.python()})"


@dataclass(frozen=True)
class EmptyHand(Condition):
    """"if you have no cards in hand" (hellbent)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return "if you have no cards in hand"

    def python(self) -> str:
        return "rt.NoCardsInHand()"


@dataclass(frozen=True)
class TotalPower(Condition):
    """"if creatures you control have total power 8 or greater" (ferocious-style)."""

    count: int

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if creatures you control have total power {self.count} or greater"

    def python(self) -> str:
        return f"rt.TotalPower(at_least={lit(self.count)})"


@dataclass(frozen=True)
class SorceryTiming(Condition):
    """"Activate only as a sorcery" (307.1, 602.5d)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return "any time you could cast a sorcery"

    def python(self) -> str:
        return "rt.SorceryTiming()"


@dataclass(frozen=True)
class CastTiming(Condition):
    """A special action taken any time its card could be cast (116.2f)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return "any time you could cast it"

    def python(self) -> str:
        return "rt.CouldCastTiming()"


@dataclass(frozen=True)
class ItIs(Condition):
    """"if it's a creature card": of what the instruction before affected."""

    filter: FilterIR

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if it's {'an' if self.filter.words[:1] in 'aeiou' else 'a'} {self.filter.words}"

    def python(self) -> str:
        return f"rt.LastAffectedIs(filter={self.filter.python()})"


@dataclass(frozen=True)
class HasCounters(Condition):
    """"if it has a time counter on it" (122.1): at least ``count`` (``or_more``: printed so)."""

    counter: str
    count: int
    or_more: bool = False

    def text(self, spell: bool, card: str = "it") -> str:
        n = "a" if self.count == 1 and not self.or_more else NUMBER_TEXT.get(self.count, str(self.count))
        more = " or more" if self.or_more else ""
        return f"if it has {n}{more} {self.counter} counter{'s' if self.count != 1 or self.or_more else ''} on it"

    def python(self) -> str:
        return f"rt.HasCounters(counter={lit(self.counter)}, at_least={lit(self.count)})"


def condition_python(c: Condition | None) -> str:
    """A condition's expression, or ``None``."""
    return "None" if c is None else c.python()


freeze(globals())
