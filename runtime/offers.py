"""The actions a player with priority is offered (117.1), kept against the game's clock.

:func:`legal_action_choices` asks :mod:`runtime.legality` about every candidate: each card in the
hand, cards another zone lets the player cast (exile, the top of the library, alternative costs
from the graveyard), each permanent's activated abilities and face-down permanents.  What it
found is kept with the clock reading it was true at (``runtime.versions``) and offered again while
nothing but the passing of time was written.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, ActivateAbility, CastSpell, PassPriority, PlayLand, TurnFaceUp
from .abilities import ActivatedAbility, AlternativeCost
from .casting import may_play
from .costoptions import options_in
from .costs import mana_sources
from .facedown import face_up_ways
from .layers import characteristics_of_definition
from .legality import Sources, can_activate, can_cast, can_pay, can_play_land, instant_speed, legal_modes, sorcery_timing
from .continuous import MayPlayTopOfLibrary
from .library_top import top_card
from .decisions import Choice
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .layers import Characteristics


def legal_action_choices(game: "Game", player: int) -> list[tuple[Choice, Action]]:
    """The actions a player with priority may take now (117.1), per :mod:`runtime.legality`.

    Kept against the game's clock, per player and per sorcery timing (307.1): while nothing but
    the passing of time (``versions.PASSING_TIME``: priority, the step) was written since they
    were found, the same candidates are offered again, and only what depends on the step -- an
    activated ability's restriction ("activate only during your upkeep", 602.5b) -- is checked
    afresh.  ``verify`` compares every offer list served with a fresh one."""
    with game.unchanging():  # offers only read the state: each permanent's layers computed once
        sorcery = sorcery_timing(game, player)
        clock = game.state.clock
        key = (player, sorcery)
        kept = game.kept_offers.get(key)
        if kept is not None and clock.quiet_since(kept[1]):
            found = kept[0]
        else:
            found = _candidates(game, player, sorcery)
            game.kept_offers[key] = (found, clock.now)
        out = _served(game, player, found)
        if game.verify_characteristics and kept is not None and found is kept[0]:
            fresh = _served(game, player, _candidates(game, player, sorcery))
            if fresh != out:
                raise AssertionError(f"stale offers served: {[c.key for c, _ in out]} != {[c.key for c, _ in fresh]}")
        return out


Candidates = tuple["tuple[Choice, Action] | _Restricted", ...]


@dataclass(frozen=True)
class _Restricted:
    """An activated ability with a restriction that may depend on the step (602.5b): checked
    whenever the offers are served, not kept."""

    oid: int
    index: int
    ability: ActivatedAbility


def _served(game: "Game", player: int, found: "Candidates") -> list[tuple[Choice, Action]]:
    """The offers now: the kept candidates, each restricted ability checked now."""
    out: list[tuple[Choice, Action]] = [(Choice("pass", "pass priority"), PassPriority())]
    sources: list[Sources] = []
    for c in found:
        if isinstance(c, _Restricted):
            o = game.obj(c.oid)
            if not sources:
                sources.append(mana_sources(game, player))
            if can_activate(game, player, o, c.ability, sources[0], c.index):
                where = " from hand" if c.ability.from_hand else ""
                out.append((Choice(f"activate:{o.oid}:{c.index}", f"activate {o.definition.name}{where}"),
                            ActivateAbility(o.oid, c.index)))
        else:
            out.append(c)
    return out


def _candidates(game: "Game", player: int, sorcery: bool) -> "Candidates":
    """Every offer but passing, in the order they are offered; a restricted ability as a
    :class:`_Restricted`, whatever its restriction says now."""
    stretch = game.characteristics_cache
    assert stretch is not None  # called in a read-only stretch only (``legal_action_choices``)
    out: "list[tuple[Choice, Action] | _Restricted]" = []
    objects = game.state.objects
    # The player's hand and graveyard and the shared exile, looked up once (``zone_key``).
    zones = game.state.zones
    hand, graveyard, exile = zones[(Zone.HAND, player)], zones[(Zone.GRAVEYARD, player)], zones[(Zone.EXILE, -1)]
    characteristics = game.characteristics
    # 307.1, 305.1-305.2: whether sorcery-speed actions are possible is the same for every
    # candidate; when they are not (most offers: the other player's priority, every step but the
    # main phases), a card whose characteristics can't be cast at instant speed is passed over
    # before its cost or targets are looked at.  Every check ``can_cast`` makes is side-effect
    # free, so testing its timing condition first leaves the offers exactly as they were.
    found: list[Sources] = []

    def sources() -> Sources:
        """What could pay for each candidate: found on first need (most offers pay for nothing)."""
        if not found:
            found.append(mana_sources(game, player))
        return found[0]
    for oid in hand:
        o = objects[oid]
        ch = characteristics(o)
        if "land" in ch.types:
            # ``can_play_land`` requires sorcery timing too (305.1).
            if sorcery and can_play_land(game, player, o):
                out.append((Choice(f"play:{oid}", f"play {o.definition.name}"), PlayLand(oid)))
        elif (sorcery or ch.derived(instant_speed)) and can_cast(game, player, o, sources=sources()):
            for modes in legal_modes(game, player, o):  # 700.2: each legal mode choice is its own offer
                key = f"cast:{oid}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else "")
                label = f"cast {o.definition.name}" + (f" (mode {'+'.join(str(m + 1) for m in modes)})" if modes else "")
                out.append((Choice(key, label), CastSpell(oid, modes=modes or None)))
    # "You may play the top card of your library" (305.1, 601.2a): the top card, if a permission
    # covers it -- looked at only when a permanent the player controls gives one (``may_play_top``
    # refuses it otherwise), which few do.
    top = top_card(game, player) if game.battlefield_parts(MayPlayTopOfLibrary, player) else None
    for oid in (*exile, top) if top is not None else exile:
        o = objects[oid]
        if not may_play(game, o, player):  # "you may play that card" (e.g. until end of turn)
            continue
        ch = characteristics(o)
        if "land" in ch.types:
            if can_play_land(game, player, o):
                out.append((Choice(f"play:{oid}", f"play {o.definition.name} from {o.zone.value}"), PlayLand(oid)))
        elif (sorcery or ch.derived(instant_speed)) and can_cast(game, player, o, sources=sources()):
            for modes in legal_modes(game, player, o):
                out.append((Choice(f"cast:{oid}:{o.zone.value}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else ""),
                                   f"cast {o.definition.name} from {o.zone.value}"), CastSpell(oid, modes=modes or None)))
    # Whether any permanent's static ability reaches cards off the battlefield (611.3a), once.
    reached = bool(stretch.reaching_sources(game))
    for zone, cards in ((Zone.HAND, hand), (Zone.GRAVEYARD, graveyard), (Zone.EXILE, exile)):
        for oid in cards:
            o = objects[oid]
            if o.owner != player:
                continue
            if not reached and not o.counters and not o.definition.costs and not game.effects_on(oid):
                # Nothing reaches it and no effect or counter is on it: a card off the battlefield
                # has its printed characteristics (113.6), with no cost option here; passed over
                # without a look at its characteristics (a graveyard grows all game).
                if game.verify_characteristics and characteristics(o).derived(_alternatives):
                    raise AssertionError(f"alternative cost passed over for {o.definition.name} #{oid}")
                continue
            # The alternative costs among its cost options, printed and granted (613.1f), by their
            # index; 702.35a: one usable only as an effect instructs is never offered here.
            for i, opt, instant in characteristics(o).derived(_alternatives):
                if opt.zone is zone and (sorcery or instant) and can_cast(game, player, o, i, sources()):
                    for modes in legal_modes(game, player, o):
                        key = f"cast:{oid}:alt{i}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else "")
                        out.append((Choice(key, f"cast {o.definition.name} ({opt.label})"),
                                    CastSpell(oid, alternative=i, modes=modes or None)))
    lists = game.permanents.lists_of(game, player)
    # Only permanents that are face down or have an activated ability other than a mana ability.
    for o, ch in lists.actors if lists is not None else game.controlled(player):
        if o.face_down is not None:
            # 116.2b: turning a face-down permanent face up, each way it allows, if the cost is payable.
            for i, way in enumerate(face_up_ways(game, o)):
                if can_pay(game, player, way.cost, o, sources()):
                    out.append((Choice(f"faceup:{o.oid}:{i}", f"turn {game.name_for(o.oid, player)} face up "
                                                             f"({way.label})"), TurnFaceUp(o.oid, i)))
        # Its activated abilities other than mana abilities (605.3a: those aren't offered), by index.
        for i, a in ch.derived(_non_mana_activated):
            if a.restriction is not None:
                out.append(_Restricted(o.oid, i, a))
            elif can_activate(game, player, o, a, sources(), i):
                out.append((Choice(f"activate:{o.oid}:{i}", f"activate {o.definition.name}"), ActivateAbility(o.oid, i)))
    for oid in hand:
        # 113.6a: abilities that work in the hand (702.29a cycling); cheap check on the printed ones first.
        h = objects[oid]
        if not h.definition.hand_abilities:
            continue
        for i, a in enumerate(characteristics(h).activated):
            if a.from_hand and a.restriction is not None:
                out.append(_Restricted(oid, i, a))
            elif a.from_hand and can_activate(game, player, h, a, sources(), i):
                out.append((Choice(f"activate:{oid}:{i}", f"activate {h.definition.name} from hand"),
                            ActivateAbility(oid, i)))
    return tuple(out)


def _alternatives(ch: "Characteristics") -> "tuple[tuple[int, AlternativeCost, bool], ...]":
    """The alternative costs a normal cast may use (not "only as instructed", 702.35a), each with its
    index among the cost options (``costoptions.cost_options``: the cost abilities in order) and
    whether the spell it casts may be cast at instant speed (a face-down spell has the face-down
    characteristics, 702.37c)."""
    out = []
    for i, opt in enumerate(options_in(ch.abilities)):
        if isinstance(opt, AlternativeCost) and not opt.instructed:
            cast_as = ch if opt.face_down is None else characteristics_of_definition(opt.face_down.definition)
            out.append((i, opt, instant_speed(cast_as)))
    return tuple(out)


def _non_mana_activated(ch: "Characteristics") -> "tuple[tuple[int, ActivatedAbility], ...]":
    """The activated abilities a player is offered, with their index (mana abilities are activated
    while paying, 605.3a)."""
    return tuple((i, a) for i, a in enumerate(ch.activated) if not a.is_mana)
