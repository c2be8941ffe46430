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
    # Before an instruction, the condition prints the object by its name ("that target is Quicksilver
    # Dragon"): the sentence passes it as ``card``.
    PRINTS_NAME: ClassVar[bool] = False

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
    named: bool = False  # "if Skizzik wasn't kicked": the object by its name

    @property
    def of_target(self) -> bool:
        return self.subject is not None

    def text(self, spell: bool, card: str = "it") -> str:
        who = "it" if self.subject is not None or not spell else "this spell"
        if self.that_spell:
            who = "that spell"
        if self.named:
            who = card
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
class AllGraveyardsCount(Condition):
    """"if there are ten or more creature cards total in all graveyards": matching cards in every
    player's graveyard, counted together (404.1)."""

    count: int
    filter: FilterIR

    def text(self, spell: bool, card: str = "it") -> str:
        n = NUMBER_TEXT.get(self.count, str(self.count))
        return f"if there are {n} or more {self.filter.words} total in all graveyards"

    def python(self) -> str:
        return f"rt.CardsInAllGraveyards(at_least={lit(self.count)}, filter={self.filter.python()})"


@dataclass(frozen=True)
class CastThisTurn(Condition):
    """"if you've cast an instant or sorcery spell this turn": a spell matching the selector (as it
    was when cast) became cast by the controller this turn (601.2i)."""

    filter: FilterIR

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if you've cast {_a(self.filter.words)} {self.filter.words} this turn"

    def python(self) -> str:
        return f"rt.CastThisTurn(filter={self.filter.python()})"


@dataclass(frozen=True)
class RevealedAsCast(Condition):
    """"if you revealed a Dragon card or controlled a Dragon as you cast this spell": the card's
    optional additional cost of revealing was paid (601.2b, 607), or (``controlled``) its controller
    controlled a matching permanent as it became cast (601.2i)."""

    revealed: FilterIR
    controlled: FilterIR | None = None

    def text(self, spell: bool, card: str = "it") -> str:
        also = f" or controlled {_a(self.controlled.words)} {self.controlled.words}" if self.controlled else ""
        return f"if you revealed {_a(self.revealed.words)} {self.revealed.words}{also} as you cast this spell"

    def python(self) -> str:
        controlled = self.controlled.python() if self.controlled is not None else "None"
        return f"rt.RevealedAsCast(label='revealed', controlled={controlled})"


@dataclass(frozen=True)
class Suspended(Condition):
    """"if Nihilith is suspended" (702.62b): the card is in exile, has suspend, and has a time counter
    on it."""

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {card} is suspended"

    def python(self) -> str:
        return ("rt.AllConditions(parts=(rt.SourceInZone(zone='exile'), rt.HasKeyword(keyword='suspend'), "
                "rt.HasCounters(counter='time', at_least=1), ))")


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
    who: str = "you"  # "if a player does" (118.12): after "any player may ..."

    def text(self, spell: bool, card: str = "it") -> str:
        if self.who != "you":
            return f"if {self.who} {self.word}"
        return "if you do" if self.did else f"if you {self.word or 'can' + chr(39) + 't'}"

    def python(self) -> str:
        return f"rt.PreviousResult(did={lit(self.did)})"


@dataclass(frozen=True)
class CoinFlipResult(Condition):
    """705.2: "if you win the flip" / "if you lose the flip" -- the coin flipped before it."""

    won: bool

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if you {'win' if self.won else 'lose'} the flip"

    def python(self) -> str:
        return f"rt.CoinFlipResult(won={lit(self.won)})"


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
class ManaSpent(Condition):
    """601.2h: "{B} was spent to cast it" -- of the source's cast record."""

    color: str  # "B"
    words: str = "it"  # "it" | "this spell"

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {{{self.color}}} was spent to cast {self.words}"

    def python(self) -> str:
        return f"rt.ManaSpentToCast(color={lit(self.color)})"


@dataclass(frozen=True)
class OnlyTargetIsThis(Condition):
    """115.7: "if target spell has only one target and that target is this" -- the spell in target slot
    ``subject`` (chosen in the condition) has exactly one target, the source."""

    subject: int
    words: str  # how the slot is printed ("target spell")
    PRINTS_NAME: ClassVar[bool] = True

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {self.words} has only one target and that target is {card}"

    def python(self) -> str:
        return f"rt.OnlyTargetIsThis(subject={lit(self.subject)})"


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
    graveyard: FilterIR | None = None  # "... or there is a Desert card in your graveyard" (404)

    def text(self, spell: bool, card: str = "it") -> str:
        gy = f" or there is {_a(self.graveyard.words)} {self.graveyard.words} in your graveyard" if self.graveyard else ""
        return "if you control " + " or ".join(f"{_a(f.words)} {f.words}" for f in self.filters) + gy

    def python(self) -> str:
        gy = f", graveyard={self.graveyard.python()}" if self.graveyard is not None else ""
        return f"rt.YouControl(filters={filters_python(self.filters)}{gy})"


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
    """"if you have no cards in hand" (hellbent); ``that_player``: "if that player has no cards in hand",
    the player of the triggering event ("at the beginning of each player's upkeep", 603.2, 603.4)."""

    that_player: bool = False

    def text(self, spell: bool, card: str = "it") -> str:
        return "if that player has no cards in hand" if self.that_player else "if you have no cards in hand"

    def python(self) -> str:
        return "rt.NoCardsInHand(event_player=True)" if self.that_player else "rt.NoCardsInHand()"


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
class AllConditions(Condition):
    """Restrictions that must all hold (602.5b): "Activate this ability only any time you could
    cast a sorcery and only if seven or more cards are in your graveyard."""

    parts: tuple[Condition, ...]

    def text(self, spell: bool, card: str = "it") -> str:
        return " and only ".join(p.text(spell, card) for p in self.parts)

    def python(self) -> str:
        return f"rt.AllConditions(parts=({''.join(p.python() + ', ' for p in self.parts)}))"


@dataclass(frozen=True)
class CastTiming(Condition):
    """A special action taken any time its card could be cast (116.2f)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return "any time you could cast it"

    def python(self) -> str:
        return "rt.CouldCastTiming()"


@dataclass(frozen=True)
class BlockedBy(Condition):
    """509.1g, 603.4: "if at least one other Wall creature is blocking that creature and no non-Wall
    creatures are blocking that creature" -- the creatures blocking the trigger's event creature."""

    some: FilterIR
    none: FilterIR

    def text(self, spell: bool, card: str = "it") -> str:
        return (f"if at least one {self.some.words} is blocking that creature and no {self.none.words} "
                f"are blocking that creature")

    def python(self) -> str:
        return f"rt.EventCreatureBlockedBy(some={self.some.python()}, none={self.none.python()})"


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
    there: bool = False  # printed "if there are five or more hatchling counters on it"
    none: bool = False  # "if it has no ice counters on it": none at all

    def text(self, spell: bool, card: str = "it") -> str:
        if self.none:
            return f"if it has no {self.counter} counters on it"
        if self.there:
            return f"if there are {NUMBER_TEXT.get(self.count, str(self.count))} or more {self.counter} counters on it"
        n = "a" if self.count == 1 and not self.or_more else NUMBER_TEXT.get(self.count, str(self.count))
        more = " or more" if self.or_more else ""
        return f"if it has {n}{more} {self.counter} counter{'s' if self.count != 1 or self.or_more else ''} on it"

    def python(self) -> str:
        if self.none:
            return f"rt.HasCounters(counter={lit(self.counter)}, at_least=0, at_most=0)"
        return f"rt.HasCounters(counter={lit(self.counter)}, at_least={lit(self.count)})"


@dataclass(frozen=True)
class GreaterPowerOrToughness(Condition):
    """"if that creature has greater power or toughness than this" (702.100a evolve): the trigger's
    event object has greater power, or greater toughness, than the source."""

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if that creature has greater power or toughness than {card}"

    def python(self) -> str:
        return "rt.GreaterPowerOrToughness()"


@dataclass(frozen=True)
class InGraveyard(Condition):
    """"if this is in your graveyard" (113.6k: its trigger then functions from the graveyard)."""

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {card} is in your graveyard"

    def python(self) -> str:
        return "rt.InGraveyard()"


@dataclass(frozen=True)
class IsTapped(Condition):
    """"if this is untapped", "as long as this is tapped" (110.5): the source permanent's status."""

    tapped: bool

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {card} is {'tapped' if self.tapped else 'untapped'}"

    def python(self) -> str:
        return f"rt.IsTapped(tapped={lit(self.tapped)})"


@dataclass(frozen=True)
class IsDesignated(Condition):
    """"if this is monstrous" (701.31b): the source has the designation."""

    designation: str

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if {card} is {self.designation}"

    def python(self) -> str:
        return f"rt.IsDesignated(designation={lit(self.designation)})"


@dataclass(frozen=True)
class CardTypesInGraveyard(Condition):
    """"if there are four or more card types among cards in your graveyard" (delirium, 207.2c; 205.2a)."""

    at_least: int

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if there are {NUMBER_TEXT.get(self.at_least, str(self.at_least))} or more card types among cards in your graveyard"

    def python(self) -> str:
        return f"rt.CardTypesInGraveyard(at_least={lit(self.at_least)})"


@dataclass(frozen=True)
class HadNoCounters(Condition):
    """"if it had no -1/-1 counters on it" (702.79a persist): the source as it last existed on the
    battlefield (603.10a leaves-the-battlefield abilities look back in time; 608.2h)."""

    counter: str

    def text(self, spell: bool, card: str = "it") -> str:
        return f"if it had no {self.counter} counters on it"

    def python(self) -> str:
        return f"rt.HadNoCounters(counter={lit(self.counter)})"


def condition_python(c: Condition | None) -> str:
    """A condition's expression, or ``None``."""
    return "None" if c is None else c.python()


freeze(globals())
