"""Face-down spells and permanents (708), and turning them face up (116.2b).

What makes an object face down (casting it with a face-down alternative cost, 702.37c; a keyword
action such as manifest, 701.34a, or cloak) also says what its face-down characteristics are and
how it may be turned face up.  That is a :class:`FaceDown` value, stored on the object; layer 1
reads its characteristics from it (708.2).  Ways to turn a permanent face up come from two general
places: cost abilities on the card itself (:class:`~runtime.abilities.FaceUpCost`, what morph and
megamorph stand for, 702.37e) and the face-down status ("for its mana cost if it's a creature
card", 701.34b).  No keyword name appears here.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .abilities import Ability, AsCopyOf, AsTurnedFaceUp, CardDefinition, FaceUpCost
from .costs import pay_cost
from .errors import IllegalAction
from .mana import format_cost
from .objects import CastInfo, plus
from .resolution import Resolution
from .values import Cost
from .zones import Zone

if TYPE_CHECKING:
    from .actions import TurnFaceUp as TurnFaceUpAction
    from .game import Game
    from .objects import GameObject


@dataclass(frozen=True)
class FaceDown:
    """708.2: a face-down object's status.  ``via`` names what turned it face down (for logs and
    "how each became face down", seed 001); ``abilities`` are the abilities its face-down
    characteristics list (cloak: ward {2}); with ``up_for_mana_cost`` it may be turned face up for
    its mana cost if it is a creature card (701.34b)."""

    via: str
    abilities: tuple[Ability, ...] = ()
    up_for_mana_cost: bool = False
    definition: CardDefinition = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # 708.2a / 702.37c / 701.34a: a 2/2 creature with no text, no name, no subtypes and no mana
        # cost (so colorless, mana value 0): these are its copiable values.
        object.__setattr__(self, "definition", CardDefinition(
            name="", types=("creature",), power=2, toughness=2, abilities=self.abilities))

    def __deepcopy__(self, memo: dict[int, object]) -> "FaceDown":
        return self


@dataclass(frozen=True)
class FaceUpWay:
    """One way to turn a face-down permanent face up: its label, the cost to pay, and what the
    cost option puts on the permanent as it turns face up (702.37b megamorph)."""

    label: str
    cost: Cost
    counters: tuple[tuple[str, int], ...] = ()


def face_up_ways(game: "Game", obj: "GameObject") -> list[FaceUpWay]:
    """The ways ``obj``'s controller may turn it face up (702.37e, 701.34b-c).

    Read from the card's face-up characteristics (its controller may look at it, 708.5), ignoring
    copy and type-changing effects (701.34b).
    """
    if obj.face_down is None:
        return []
    card = obj.card.definition
    ways = [FaceUpWay(a.label, a.cost, a.counters) for a in card.expanded if isinstance(a, FaceUpCost)]
    if obj.face_down.up_for_mana_cost and "creature" in card.types:
        ways.append(FaceUpWay("mana cost", Cost.mana_cost_of(card.mana_cost)))  # 118.6: none, unpayable
    return ways


def as_turned_face_up(obj: "GameObject") -> list[AsTurnedFaceUp]:
    """708.11: "As this is turned face up ..." abilities of the face-up card, applied while it turns."""
    return [a for a in obj.card.definition.expanded if isinstance(a, AsTurnedFaceUp)]


def turn_face_up(game: "Game", player: int, req: "TurnFaceUpAction") -> None:
    """116.2b special action: show how it may be turned face up, pay that cost, turn it face up.

    702.37e (morph cost), 701.34b (a manifested creature card, for its mana cost); 701.34f: an
    instant or sorcery card can't be turned face up -- the request is refused and nothing changes.
    Called inside :meth:`Game.transaction`: a refusal leaves the game exactly as it was (726.1).
    """
    if not game.exists(req.oid):
        raise IllegalAction("that permanent is no longer there (400.7)")
    o = game.obj(req.oid)
    if o.zone is not Zone.BATTLEFIELD or o.phased_out:
        raise IllegalAction("only a face-down permanent on the battlefield can be turned face up (708.7)")
    if o.face_down is None:
        raise IllegalAction(f"{game.name_of(o.oid)} is already face up (708.7)")
    if o.controller != player:
        raise IllegalAction("only its controller can turn a face-down permanent face up (116.2b)")
    ways = face_up_ways(game, o)
    if not ways:
        card = o.card.definition
        why = ("it is an instant or sorcery card: it is revealed and stays face down (701.34f)"
               if {"instant", "sorcery"} & set(card.types) else
               "nothing lets it be turned face up: it has no morph cost and wasn't manifested as a "
               "creature card (702.37e, 701.34b)")
        raise IllegalAction(f"this face-down permanent can't be turned face up: {why}")
    if not 0 <= req.way < len(ways):
        raise IllegalAction(f"no such way to turn it face up (there are {len(ways)})")
    way = ways[req.way]
    if req.x < 0:
        raise IllegalAction("X can't be negative (107.3)")
    if req.x and "{X}" not in way.cost.mana:
        raise IllegalAction("that cost has no X to choose (107.3)")
    # 702.37e: show all players what the cost is, then pay it (116.2b: no stack, no response).
    res = Resolution(game, player, o.oid, (), x=req.x)
    pay_cost(game, player, way.cost, o, res)
    game.log(f"{game.players[player].name} turns {game.name_of(o.oid)} face up for its {way.label} "
             f"({format_cost(way.cost.mana) or 'no mana'})")
    turn_up(game, o, way, req.x)


def turn_up(game: "Game", o: "GameObject", way: FaceUpWay | None, x: int = 0) -> None:
    """708.8: its copiable values revert to its card's; it stays the same permanent (targets, Auras,
    damage, counters, tapped status kept); "as this is turned face up" applies while it turns
    (708.11); enters-the-battlefield abilities don't trigger; "when this is turned face up"
    abilities do (and "whenever a permanent you control is turned face up")."""
    for kind, n in (way.counters if way is not None else ()):
        o.counters = plus(o.counters, kind, n)  # 702.37b: as it turns face up, if that cost was paid
        game.log(f"{n} {kind} counter(s) put on it as it is turned face up")
    res = Resolution(game, o.controller, o.oid, (), x=x)
    for a in as_turned_face_up(o):
        n = a.amount.evaluate(res)
        if n > 0:
            o.counters = plus(o.counters, a.counter, n)
            game.log(f"{n} {a.counter} counter(s) put on it as it is turned face up (708.11)")
    o.face_down = None
    for copying in o.card.definition.expanded:
        if isinstance(copying, AsCopyOf):
            # 708.11, 707.5: "as this is turned face up, you may choose ... it becomes a copy ..."
            copied = game.choose_copy(copying, o, o.controller)
            if copied is not None:
                o.copy_of, o.copy_until_face_down = copied, True
    game.choose_pt_as(o, entering=False)  # 708.11: "as this is turned face up, it becomes ..."
    o.turned_up_with = way.label if way is not None else ""
    if way is not None and "{X}" in way.cost.mana:
        # 702.37f: X in its other abilities is the X chosen for the special action.
        o.cast = replace(o.cast or CastInfo(), x=x)
    game.log(f"it is {o.card.definition.name}")
    game.fire_object_event(o, "turned_face_up")
