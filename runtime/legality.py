"""Which actions a player with priority may take now (117.1): the options offered to players.

Each check is the cheap, side-effect-free part of the action's own legality: zone and timing
(307.1, 305.1-305.2), a total cost the player's pool and untapped mana sources can pay
(601.2f-h, solved without tapping anything), non-mana costs that can be paid (118.3), and a legal
target for every target slot (601.2c).  The action itself still checks everything when performed;
the simulator reports any offered action the engine then refuses, so the two can't drift apart.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from . import layers
from .abilities import ActivatedAbility, AdditionalCost, AlternativeCost, SpellAbility
from .casting import cost_reduction, land_plays_allowed, may_play
from .costoptions import CostOption, cost_options
from .continuous import AbilitiesCantBeActivated
from .costs import Sources as Sources, _nonmana_ok, mana_payable, mana_sources, summoning_sick, tappable_for_cost
from .mana import ManaRequirement
from .resolution import Resolution
from .stack import aura_target_specs, targets_exist
from .timing import cast_banned, instant_timing, stack_restriction
from .values import Cost
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject


_NO_COST = Cost()  # frozen: shared by every cast without an alternative cost


def sorcery_timing(game: "Game", player: int) -> bool:
    """307.1: whether ``player`` could cast a sorcery now (their main phase, the stack empty)."""
    s = game.state
    return s.active == player and s.step in ("main1", "main2") and not s.stack


_mana_ok = mana_payable  # (in costs, where casting uses it too: 601.2b)


def legal_modes(game: "Game", player: int, obj: "GameObject") -> list[tuple[int, ...]]:
    """700.2, 601.2b-c: the mode choices of a modal spell for which every chosen mode's targets exist
    (one entry, ``()``, for a spell without modes)."""
    from itertools import combinations
    spell = next((a for a in obj.definition.expanded if isinstance(a, SpellAbility)), None)
    if spell is None or not spell.modes:
        return [()]
    return [modes for modes in combinations(range(len(spell.modes)), spell.choose)
            if targets_exist(game, player, tuple(s for s in spell.targets if s.mode in modes), obj.oid)]


def can_play_land(game: "Game", player: int, obj: "GameObject") -> bool:
    """305.1-305.2."""
    return (obj.zone is Zone.HAND or may_play(game, obj, player)) and sorcery_timing(game, player) \
        and game.players[player].lands_played < land_plays_allowed(game, player)


def payable_with(game: "Game", player: int, base: tuple[str, ...], cost: Cost, obj: "GameObject",
                 sources: Sources | None = None) -> bool:
    """601.2b, 601.2f-h: whether ``player`` could pay ``cost`` (one of the costs of an additional
    cost printed as a choice) beside the mana cost ``base`` of the spell ``obj``: its non-mana
    part, and its mana with ``base``'s, less the spell's cost reductions (118.3: a cost that can't
    be paid is not offered)."""
    need = ManaRequirement.build(base).plus(ManaRequirement.build(cost.mana)).reduced(cost_reduction(game, player, obj))
    return _nonmana_ok(game, player, cost.without_mana(), obj) and _mana_ok(game, player, need, sources)


def can_cast(game: "Game", player: int, obj: "GameObject", alternative: int | None = None,
             sources: Sources | None = None) -> bool:
    """601.2: could ``player`` cast ``obj`` now (without optional additional costs, X = 0)?"""
    d = obj.definition
    ch = game.characteristics(obj)
    options: tuple[CostOption, ...] | None = None
    base = d.mana_cost
    nonmana = _NO_COST
    as_cast = obj  # the object whose total cost is determined (601.2f)
    if alternative is not None:
        options = cost_options(game, obj)  # printed and granted (613.1f)
        alt = options[alternative]
        if not isinstance(alt, AlternativeCost) or obj.zone is not alt.zone or alt.instructed:
            return False
        nonmana = alt.total_for(d.mana_cost)
        base = nonmana.mana
        if alt.face_down is not None:
            ch = layers.characteristics_of_definition(alt.face_down.definition)  # 702.37c
            # 708.4, 601.2f: cast face down, the spell whose cost is reduced or increased is the
            # face-down one (a colorless 2/2 without a name), not the card as it is in the hand.
            as_cast = dataclasses.replace(obj, face_down=alt.face_down, clock=None)
    if "land" in ch.types or obj.owner != player or cast_banned(game, player, ch.name) or stack_restriction(game):
        return False  # 101.2, 702.61a
    if alternative is None and not d.mana_cost:
        return False  # 202.1b, 118.6: no mana cost can't be paid
    elif obj.zone is not Zone.HAND:
        if not may_play(game, obj, player):
            return False
    if not sorcery_timing(game, player) and not ch.derived(instant_speed):
        return False
    if not _mana_ok(game, player, ManaRequirement.build(base).reduced(cost_reduction(game, player, as_cast)), sources):
        return False
    if not _nonmana_ok(game, player, nonmana.without_mana(), obj):
        return False
    for opt in options if options is not None else cost_options(game, obj):
        # 601.2b: a mandatory additional cost must be payable too.
        if isinstance(opt, AdditionalCost) and opt.mandatory and not any(
                payable_with(game, player, base, c, as_cast, sources)
                for c in ([c for _, c in opt.either] or [opt.cost])):
            return False
    spell = next((a for a in d.expanded if isinstance(a, SpellAbility)), None)
    if spell is not None and spell.modes:
        return bool(legal_modes(game, player, obj))
    specs = spell.targets if spell is not None else aura_target_specs(d)
    return targets_exist(game, player, specs, obj.oid)


def instant_speed(ch: layers.Characteristics) -> bool:
    """Whether an object with these characteristics may be cast when only an instant could be
    (307.1, 702.8a); asked at every offer, so callers remember it per characteristics object
    (``ch.derived(instant_speed)``)."""
    return "instant" in ch.types or instant_timing(ch.abilities)


def can_pay(game: "Game", player: int, cost: Cost, obj: "GameObject", sources: Sources | None = None) -> bool:
    """118.3: could ``player`` pay ``cost`` now (X = 0), e.g. to turn ``obj`` face up (116.2b)?"""
    if not _nonmana_ok(game, player, cost, obj):
        return False
    return _mana_ok(game, player, ManaRequirement.build(cost.mana), sources)


def can_activate(game: "Game", player: int, obj: "GameObject", ability: ActivatedAbility,
                 sources: Sources | None = None, index: int = -1) -> bool:
    """602.2: could ``player`` activate ``ability`` of ``obj`` now (X = 0)?"""
    # 113.6, 113.6a: an ability works on the battlefield, or in the hand if it says so (702.29a).
    zone = Zone.HAND if ability.from_hand else Zone.BATTLEFIELD
    if obj.controller != player or obj.phased_out or obj.zone is not zone or (ability.from_hand and obj.owner != player):
        return False
    if not ability.special and any(isinstance(p, AbilitiesCantBeActivated) and p.forbids(ability.cost.tap)
                                   for p, _ in game.characteristics(obj).has(AbilitiesCantBeActivated)):
        return False  # 602.5a-style restriction of a static ability (116.2f: not of a special action)
    if ability.restriction is not None and not ability.restriction.holds(game, Resolution(game, player, obj.oid, ())):
        return False
    if not ability.special and not ability.is_mana and stack_restriction(game):
        return False  # 702.61a-b: only mana abilities and special actions while such a spell is on the stack
    if ability.once_per_turn and (index, game.state.turn) in obj.activations:
        return False  # 602.5b: already activated this turn
    if not _nonmana_ok(game, player, ability.cost, obj):
        return False
    if sources is None:
        sources = mana_sources(game, player)
    if ability.cost.tap or ability.cost.sacrifice_this or ability.cost.exile_this:
        # Paying {T} (or sacrificing it) uses it up, so it can't also be a mana source for this ability.
        sources = [src for src in sources if src[0] != obj.oid]
    ok = _mana_ok(game, player, ManaRequirement.build(ability.cost.mana), sources)
    return ok and targets_exist(game, player, ability.targets, obj.oid)
