"""Conditions (the "if" and "as long as" of abilities, 603.4, 611.3a, 702.33d): each ``holds``
for a game and a resolution context.

All are frozen dataclasses: generated card modules construct them as literals.  They sit above
:mod:`runtime.abilities` because some ask about abilities ("any time you could cast it" asks
whether the card may be cast as though it had flash, 702.8a).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .mana import mana_value
from .timing import cast_banned, instant_timing, stack_restriction
from .values import Slot
from .selectors import ObjectFilter
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .resolution import Resolution


@dataclass(frozen=True)
class CostPaid:
    """"if it was kicked [with its {W} kicker]": a linked-ability condition (607, 702.33d-f).

    ``ordinal`` picks one of the object's cost options carrying ``label`` (0 = first listed, as
    702.33f reads "[A]" and "[B]"); ``subject`` is the object asked about: the ability's own
    source (``None``) or the object in a target slot.
    """

    label: str
    ordinal: int | None = None
    subject: Slot | None = None
    negated: bool = False  # "if it wasn't kicked"
    remembered: bool = False  # "if that spell was kicked": the spell a cast trigger remembers (601.2i)

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Evaluate against the subject's cast information."""
        if self.remembered:
            spells = [o for o in res.last_affected if isinstance(o, int)]
            obj = (game.state.objects.get(spells[0]) or game.state.last_known.get(spells[0])) if spells else None
        elif self.subject is None:
            obj = res.source_object()
        else:
            obj = res.target_object(self.subject.index)
        if obj is None:
            return False
        return (game.times_paid(obj, self.label, self.ordinal) > 0) != self.negated


@dataclass(frozen=True)
class RevealedAsCast:
    """"if you revealed a Dragon card or controlled a Dragon as you cast this spell": the source's
    optional additional cost ``label`` was paid (601.2b, 607), or one of the permanents its
    controller controlled as it became cast matches ``controlled`` (601.2i)."""

    label: str
    controlled: ObjectFilter | None = None

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Ask the source's cast information."""
        obj = res.source_object()
        if obj is None:
            return False
        if game.times_paid(obj, self.label, None) > 0:
            return True
        flt = self.controlled
        return flt is not None and obj.cast is not None and any(
            flt.matches(game, p, res.controller) for p in obj.cast.controlled)


@dataclass(frozen=True)
class SourceInZone:
    """The source is in ``zone`` now (400.1; 702.62b: a suspended card is in exile)."""

    zone: str

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Where the source is."""
        return game.exists(res.source_oid) and game.obj(res.source_oid).zone.value == self.zone


@dataclass(frozen=True)
class CardsInGraveyard:
    """"seven or more cards are in your graveyard" (threshold, 207.2c)."""

    at_least: int

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Count the controller's graveyard."""
        return len(game.zone(Zone.GRAVEYARD, res.controller)) >= self.at_least


@dataclass(frozen=True)
class CardsInAllGraveyards:
    """"there are ten or more creature cards total in all graveyards": the matching cards of every
    player's graveyard, counted together (404.1)."""

    at_least: int
    filter: ObjectFilter

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Count every graveyard."""
        n = sum(1 for p in range(len(game.players)) for o in game.zone(Zone.GRAVEYARD, p)
                if self.filter.matches(game, game.obj(o), res.controller))
        return n >= self.at_least


@dataclass(frozen=True)
class CastThisTurn:
    """"as long as you've cast an instant or sorcery spell this turn": one of the spells the
    controller cast this turn matched the selector as it became cast (601.2i)."""

    filter: ObjectFilter

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Look through the controller's spells cast this turn."""
        return any(self.filter.matches(game, s, res.controller) for s in game.players[res.controller].cast_this_turn)


@dataclass(frozen=True)
class ControlledSinceLastUpkeep:
    """"if this came under your control since the beginning of your last upkeep" (702.30a); "your" is
    the ability's controller."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Compare when control began with when the controller's previous upkeep began."""
        src = res.source_object()
        if src is None:
            return False
        return game.controlled_since_last_upkeep(src, res.controller)


@dataclass(frozen=True)
class PreviousResult:
    """"If you do" / "if you can't" (608.2c): whether the previous instruction was performed."""

    did: bool

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Read what the previous instruction reported."""
        return res.performed == self.did


@dataclass(frozen=True)
class CoinFlipResult:
    """705.2: "if you win the flip" / "if you lose the flip": the result of the coin flipped before it
    in the ability."""

    won: bool

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Read the flip's result; with no flip, neither holds."""
        return res.coin_won is not None and res.coin_won == self.won


@dataclass(frozen=True)
class HasKeyword:
    """"as long as it has defender": the source has the keyword now."""

    keyword: str

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Ask the source's characteristics."""
        src = res.source_object()
        return src is not None and self.keyword in game.characteristics(src).keywords


@dataclass(frozen=True)
class CastFromZone:
    """"if this spell was cast from a graveyard" (601.2a): the zone recorded on the spell as it was cast."""

    zone: str

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Read the source's cast record (a copy was not cast, 707.10)."""
        src = res.source_object()
        return src is not None and src.cast is not None and not src.cast.copy \
            and src.cast.from_zone.value == self.zone


@dataclass(frozen=True)
class CastDuringMainPhase:
    """"if you cast this spell during your main phase" (505.1): recorded on the spell as it was cast."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Read the source's cast record."""
        src = res.source_object()
        return src is not None and src.cast is not None and src.cast.main_phase


@dataclass(frozen=True)
class ManaValueIs:
    """"if it has converted mana cost N or less/greater" (202.3): of the object in target slot
    ``subject`` (-1: the source), as it is now (or as it last existed, 608.2h)."""

    subject: int = -1
    at_most: int = -1
    at_least: int = -1

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Compute the object's mana value."""
        obj = res.object_or_last_known(self.subject)
        if obj is None:
            return False
        mv = mana_value(game.characteristics(obj).mana_cost)
        return (self.at_most < 0 or mv <= self.at_most) and (self.at_least < 0 or mv >= self.at_least)


@dataclass(frozen=True)
class ManaSpentToCast:
    """601.2h: "{B} was spent to cast it" -- mana of that color was among the mana spent to cast the
    source (its cast record, kept by the permanent it became, 400.7); a permanent that wasn't cast
    had none spent."""

    color: str  # "B"

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Read the source's cast record."""
        src = res.source_object()
        return src is not None and src.cast is not None and self.color in src.cast.mana_spent


@dataclass(frozen=True)
class OnlyTargetIsThis:
    """115.7: "target spell has only one target and that target is this" -- the spell in target slot
    ``subject`` is still on the stack with exactly one target chosen, and it is the source."""

    subject: int

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Read the spell's targets now."""
        spell = res.targets[self.subject] if self.subject < len(res.targets) else None
        item = next((i for i in game.state.stack if i.oid == spell), None)
        if item is None:
            return False
        chosen = [t for t in item.targets if t is not None]
        return len(chosen) == 1 and chosen[0] == res.source_oid


@dataclass(frozen=True)
class PermanentLeftThisTurn:
    """Revolt (207.2c): "a permanent you controlled left the battlefield this turn"."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Read the controller's record of permanents leaving the battlefield."""
        return game.players[res.controller].left_battlefield_turn == game.state.turn


@dataclass(frozen=True)
class DefendingPlayerControls:
    """"defending player controls an Island" (702.14c landwalk; 506.2: in a two-player game, the
    defending player is the opponent of the attacking creature's controller)."""

    filter: ObjectFilter

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Whether the opponent of the source's controller controls a permanent the filter matches."""
        defender = game.opponent(res.controller)
        return any(o.controller == defender and self.filter.matches(game, o, viewer=res.controller)
                   for o in game.battlefield())



@dataclass(frozen=True)
class YouControl:
    """"as long as you control a Gate": the controller controls a permanent one of the selectors matches."""

    filters: tuple[ObjectFilter, ...]
    graveyard: ObjectFilter | None = None  # "... or there is a Desert card in your graveyard" (404)

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Look at the controller's permanents (and graveyard) now."""
        if self.graveyard is not None and any(self.graveyard.matches(game, game.obj(c))
                                              for c in game.zone(Zone.GRAVEYARD, res.controller)):
            return True
        return any(o.controller == res.controller and
                   any(f.matches(game, o, viewer=res.controller, source_oid=res.source_oid) for f in self.filters)
                   for o in game.battlefield())


@dataclass(frozen=True)
class ControlsNone:
    """"if you control no other creatures": none of the controller's permanents matches the selector
    ("other" in it: the source itself doesn't count, 109.5)."""

    filter: ObjectFilter

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Look at the controller's permanents now (603.4: an intervening "if" is checked as the
        ability triggers and again as it resolves)."""
        return not any(o.controller == res.controller
                       and self.filter.matches(game, o, viewer=res.controller, source_oid=res.source_oid)
                       for o in game.battlefield())


@dataclass(frozen=True)
class NoCardsInHand:
    """"as long as you have no cards in hand" (hellbent, 207.2c); ``event_player``: "if that player has no
    cards in hand", the player the triggering event names (603.2, 603.4)."""

    event_player: bool = False

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """The player's hand is empty."""
        player = res.event_player if self.event_player else res.controller
        return player >= 0 and not game.zone(Zone.HAND, player)


@dataclass(frozen=True)
class TotalPower:
    """Formidable (207.2c): "creatures you control have total power N or greater"."""

    at_least: int

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Add up the power of the controller's creatures now."""
        total = 0
        for o in game.battlefield():
            ch = game.characteristics(o)
            if o.controller == res.controller and "creature" in ch.types:
                total += ch.power or 0
        return total >= self.at_least


@dataclass(frozen=True)
class SorceryTiming:
    """"Activate this ability only any time you could cast a sorcery" (307.1): a main phase of the
    controller's own turn, with an empty stack."""

    refusal = "it can be activated only as a sorcery: in your main phase with an empty stack (307.1, 602.5d)"

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Check the turn, the step and the stack."""
        s = game.state
        return s.active == res.controller and s.step in ("main1", "main2") and not s.stack


@dataclass(frozen=True)
class AllConditions:
    """602.5b: several restrictions on an ability ("only any time you could cast a sorcery and
    only if ..."): it holds when every part holds; a refusal names the first that doesn't."""

    parts: tuple["Condition", ...]

    @property
    def refusal(self) -> str:
        """The reasons of the parts, joined (the ability can't be activated unless all hold)."""
        return "; ".join(getattr(p, "refusal", "it can be activated only if its condition holds (602.5b)") for p in self.parts)

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Every part holds."""
        return all(p.holds(game, res) for p in self.parts)


@dataclass(frozen=True)
class CouldCastTiming:
    """116.2f: "any time you could cast it" -- the source card could begin to be cast now: any time its
    controller has priority if it's an instant or may be cast as though it had flash (702.8a), else a
    main phase of their turn with an empty stack (307.1); and no effect forbids casting it (702.62c), nor a
    spell on the stack (702.61a: a card can't be suspended in response to a spell with split second)."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Check the card's types and timing permissions, then the turn, step and stack."""
        if not game.exists(res.source_oid):
            return False
        ch = game.characteristics(game.obj(res.source_oid))
        if cast_banned(game, res.controller, ch.name) or "land" in ch.types or stack_restriction(game):
            return False
        return "instant" in ch.types or instant_timing(ch.abilities) or SorceryTiming().holds(game, res)


@dataclass(frozen=True)
class HasCounters:
    """122.1: "if this has a time counter on it" -- at least ``at_least`` counters of a kind on the source;
    ``at_most`` (if not -1): no more than that ("if it has no ice counters on it": 0)."""

    counter: str
    at_least: int = 1
    at_most: int = -1

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Count the counters on the source object now."""
        if not game.exists(res.source_oid):
            return False
        n = game.obj(res.source_oid).counters.get(self.counter, 0)
        return n >= self.at_least and (self.at_most < 0 or n <= self.at_most)


@dataclass(frozen=True)
class GreaterPowerOrToughness:
    """702.100a: "if that creature has greater power or toughness than this" -- the object the trigger
    remembers (603.2: the creature that entered) has greater power or greater toughness than the
    source; checked as it triggers and as it resolves (603.4).  An object without power and toughness
    has neither greater (702.100c)."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Compare the event's object, as it is now, with the source."""
        objs = [o for o in res.last_affected if isinstance(o, int) and game.exists(o)]
        src = game.state.objects.get(res.source_oid)
        if not objs or src is None:
            return False
        that, this = game.characteristics(game.obj(objs[0])), game.characteristics(src)
        if that.power is None or that.toughness is None or this.power is None or this.toughness is None:
            return False
        return that.power > this.power or that.toughness > this.toughness


@dataclass(frozen=True)
class EventCreatureBlockedBy:
    """509.1g, 603.4: of the creatures blocking the trigger's event creature (603.2: the creature blocked),
    at least one matches ``some`` ("other": other than the source) and none matches ``none``; checked as
    it triggers and as it resolves."""

    some: ObjectFilter
    none: ObjectFilter

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Look at the blockers of the event's creature now."""
        objs = [o for o in res.last_affected if isinstance(o, int) and game.exists(o)]
        if not objs:
            return False
        blockers = [b for b in game.battlefield() if objs[0] in b.blocking]
        return (any(self.some.matches(game, b, viewer=res.controller, source_oid=res.source_oid) for b in blockers)
                and not any(self.none.matches(game, b, viewer=res.controller, source_oid=res.source_oid)
                            for b in blockers))


@dataclass(frozen=True)
class InGraveyard:
    """113.6k, 603.4: "if this is in your graveyard" -- the source card is in its owner's graveyard now."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Where the source is now."""
        src = game.state.objects.get(res.source_oid)
        return src is not None and src.zone is Zone.GRAVEYARD


@dataclass(frozen=True)
class IsTapped:
    """110.5: "as long as this is untapped" -- the source permanent's status now (``tapped``: or tapped)."""

    tapped: bool

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """The source, on the battlefield now, is (un)tapped."""
        src = game.state.objects.get(res.source_oid)
        return src is not None and src.zone is Zone.BATTLEFIELD and src.tapped == self.tapped


@dataclass(frozen=True)
class IsDesignated:
    """701.31b: "as long as this is monstrous" -- the source permanent has the designation."""

    designation: str

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """The source, on the battlefield now, has it."""
        src = game.state.objects.get(res.source_oid)
        return src is not None and self.designation in src.designations


@dataclass(frozen=True)
class CardTypesInGraveyard:
    """Delirium (207.2c): "there are four or more card types among cards in your graveyard" -- the card
    types (205.2a; supertypes and subtypes aren't card types) of the cards in the controller's graveyard."""

    at_least: int

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Count the distinct card types now."""
        types: set[str] = set()
        for oid in game.zone(Zone.GRAVEYARD, res.controller):
            types |= set(game.characteristics(game.obj(oid)).types)
        return len(types) >= self.at_least


@dataclass(frozen=True)
class HadNoCounters:
    """603.10a, 608.2h: "if it had no -1/-1 counters on it" (702.79a persist) -- the source as it last
    existed on the battlefield: its last known information once it has left (400.7)."""

    counter: str

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """No counter of the kind on the source, or on its last known information."""
        obj = res.source_object()
        return obj is not None and obj.counters.get(self.counter, 0) == 0
class DealtDamageThisTurn:
    """120.3, 603.4: "if this was dealt damage this turn" -- the source, as the object it is now (400.7),
    had damage dealt to it during this turn."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Look at the turn the source was last dealt damage."""
        return game.exists(res.source_oid) and game.obj(res.source_oid).dealt_damage_turn == game.state.turn


@dataclass(frozen=True)
class LastAffectedIs:
    """"if it's a creature spell": an object the previous instruction acted on matches ``filter`` now
    (702.62a: the spell just cast)."""

    filter: ObjectFilter

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Look at the objects the previous instruction acted on."""
        return any(isinstance(o, int) and game.exists(o)
                   and self.filter.matches(game, game.obj(o), viewer=res.controller, source_oid=res.source_oid)
                   for o in res.last_affected)


class Condition(Protocol):
    """A condition an ability checks (603.4, 608.2c, 602.5b): every condition class here has this method."""

    def holds(self, game: "Game", res: "Resolution") -> bool:
        """Whether it holds now, for the resolving (or checked) ability ``res``."""


# What generated card modules may use (re-exported by runtime.api).
__all__ = [
    "IsTapped",
    "CoinFlipResult",
    "AllConditions", "CardsInAllGraveyards",
    "CardsInGraveyard",
    "CastDuringMainPhase",
    "CastThisTurn",
    "CastFromZone",
    "ControlledSinceLastUpkeep",
    "ControlsNone",
    "GreaterPowerOrToughness",
    "EventCreatureBlockedBy",
    "CardTypesInGraveyard",
    "HadNoCounters",
    "InGraveyard",
    "IsDesignated",
    "CostPaid",
    "CouldCastTiming",
    "DealtDamageThisTurn",
    "DefendingPlayerControls",
    "HasCounters",
    "HasKeyword",
    "LastAffectedIs",
    "ManaValueIs",
    "NoCardsInHand",
    "PermanentLeftThisTurn",
    "PreviousResult",
    "RevealedAsCast",
    "SourceInZone",
    "SorceryTiming",
    "TotalPower",
    "YouControl",
    "OnlyTargetIsThis",
    "ManaSpentToCast",
]
