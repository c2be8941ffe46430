"""What the runtime remembers serves nothing stale.

Characteristics are remembered only inside a read-only stretch (``Game.unchanging``; carried over
a pass of priority, 117.3d) or taken from the printed values when no layer can apply (613.1);
``verify`` compares every value served with a fresh computation through every layer.  The
continuous effects' index by object follows every change to the list; cost reductions (601.2f),
a player's permanents, mana sources and target candidates are found once per stretch, and a call
outside any stretch opens one of its own that closes with it."""
from __future__ import annotations

import pytest

from runtime import layers
from runtime.abilities import TargetKind, TargetSpec
from runtime.casting import cost_reduction
from runtime.continuous import ContinuousEffect, CostReduction, PTChange
from runtime.costs import mana_sources
from runtime.pool import Pool
from runtime.tools.simulate import play_game
from runtime.stack import target_candidates
from runtime.selectors import ObjectFilter
from runtime.zones import Zone
from runtime.objects import plus

from .helpers import blank_game


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_every_characteristic_served_equals_a_fresh_computation(pool: Pool, seed: int) -> None:
    verified = play_game(pool, seed, max_turns=8, verify=True)
    assert verified.decisions > 50
    assert not verified.violations, verified.violations[:3]
    # Checking changes nothing: the same game, event for event.
    assert verified.log == play_game(pool, seed, max_turns=8).log


def test_a_stale_characteristic_would_be_caught(pool: Pool) -> None:
    game = blank_game(pool)
    oid = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    game.verify_characteristics = True
    bears = game.obj(oid)
    with game.unchanging():
        assert game.characteristics(bears).power == 2
        bears.counters = plus(bears.counters, "+1/+1", 1)  # a change inside the stretch that forgets nothing: a bug
        with pytest.raises(AssertionError, match="stale"):
            game.characteristics(bears)
        game.changed()
        assert game.characteristics(bears).power == 3


def test_printed_characteristics_shortcut_only_without_layer_sources(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.obj(game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD))
    assert game.characteristics(bears) is layers.printed_characteristics(game, bears.definition)[0]
    # Defender's static ability acts on the creature unconditionally: remembered with it applied.
    walls = [game.obj(game.add_card(0, pool.get("Wall of Stone"), Zone.BATTLEFIELD)) for _ in range(2)]
    assert layers.printed_characteristics(game, walls[0].definition)[1] == layers.UNCONDITIONAL_STATICS
    first = game.characteristics(walls[0])
    assert first.parts and game.characteristics(walls[1]) is first
    assert layers.equivalent(first, layers.through_layers(game, walls[1]))
    bears.counters = plus(bears.counters, "+1/+1", 2)
    assert (game.characteristics(bears).power, game.characteristics(bears).toughness) == (4, 4)


def test_controlled_permanents_found_once_per_stretch_and_never_stale(pool: Pool) -> None:
    """``Game.controlled``: a player's phased-in permanents with their characteristics, in
    battlefield order, remembered for the stretch (offering actions goes over them several
    times, 117.1); a change the stretch isn't told of is caught when verifying, and ``changed``
    forgets them."""
    game = blank_game(pool)
    ids = [game.add_card(i % 2, pool.get(n), Zone.BATTLEFIELD)
           for i, n in enumerate(["Grizzly Bears", "Forest", "Llanowar Elves", "Mountain", "Wall of Stone"])]
    game.obj(ids[4]).phased_out = True  # 702.26d: treated as though it doesn't exist
    game.verify_characteristics = True
    with game.unchanging():
        mine = game.controlled(0)
        assert [o.oid for o, _ in mine] == [ids[0], ids[2]]
        assert all(ch is game.characteristics(o) for o, ch in mine)
        assert game.controlled(0) is mine and [o.oid for o, _ in game.controlled(1)] == [ids[1], ids[3]]
        game.obj(ids[0]).counters = plus(game.obj(ids[0]).counters, "+1/+1", 1)  # a change inside the stretch that forgets nothing: a bug
        with pytest.raises(AssertionError, match="stale"):
            game.controlled(0)
        game.changed()
        assert game.controlled(0)[0][1].power == 3
    outside = game.controlled(0)  # outside a stretch: computed each time
    assert outside is not game.controlled(0) and [o.oid for o, _ in outside] == [ids[0], ids[2]]


def test_effects_index_follows_every_change_to_the_list(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    elves = game.add_card(0, pool.get("Llanowar Elves"), Zone.BATTLEFIELD)
    assert game.effects_on(bears) == []
    game.add_continuous(bears, (PTChange(3, 3),), 0, "eot")
    assert [e.parts for e in game.effects_on(bears)] == [(PTChange(3, 3),)]
    assert game.characteristics(game.obj(bears)).power == 5
    # Replaced by an effect of the same length on another object: rebuilt, not stale.
    game.state.continuous = (ContinuousEffect(elves, (PTChange(1, 0),), 0, "eot", game.new_id()),)
    assert game.effects_on(bears) == [] and len(game.effects_on(elves)) == 1
    assert game.characteristics(game.obj(bears)).power == 2
    # Emptied (as the cleanup step does, 514.2).
    game.state.continuous = ()
    assert game.effects_on(elves) == []
    assert game.characteristics(game.obj(elves)).power == 1


def test_cost_reductions_found_once_per_stretch_and_again_after_a_change(pool: Pool) -> None:
    game = blank_game(pool)
    spell = game.obj(game.add_card(0, pool.get("Grizzly Bears"), Zone.HAND))
    other = game.obj(game.add_card(1, pool.get("Grizzly Bears"), Zone.HAND))
    with game.unchanging():
        assert cost_reduction(game, 0, spell) == 0
        assert game.battlefield_parts(CostReduction, 0) == []
        # Sunscape Familiar: "Green spells and blue spells you cast cost {1} less" (601.2f).
        with game.changing():
            familiar = game.add_card(0, pool.get("Sunscape Familiar"), Zone.BATTLEFIELD)
        found = game.battlefield_parts(CostReduction, 0)
        assert [o.oid for o, _, _ in found] == [familiar]
        assert game.battlefield_parts(CostReduction, 0) is found  # remembered in the stretch
        assert cost_reduction(game, 0, spell) == 1
        assert cost_reduction(game, 1, other) == 0  # only its controller's spells
        assert game.battlefield_parts(CostReduction, 1) == []
    # Outside a stretch each call opens one of its own, which goes on with the last one while
    # nothing was written since (runtime.versions), and finds the parts afresh after a write.
    kept = game.battlefield_parts(CostReduction, 0)
    assert game.battlefield_parts(CostReduction, 0) is kept
    game.obj(familiar).tapped = True
    assert game.battlefield_parts(CostReduction, 0) is not kept


def test_values_derived_from_characteristics_are_computed_once(pool: Pool) -> None:
    game = blank_game(pool)
    elves = game.obj(game.add_card(0, pool.get("Llanowar Elves"), Zone.BATTLEFIELD))
    elves.entered_turn = -1
    ch = game.characteristics(elves)
    calls: list[int] = []

    def count_abilities(c: object) -> int:
        calls.append(1)
        return len(ch.abilities)

    assert ch.derived(count_abilities) == ch.derived(count_abilities) == len(ch.abilities)
    assert len(calls) == 1
    assert [a.is_mana for a in ch.activated] == [True]
    assert [(oid, colors) for oid, _, colors in mana_sources(game, 0)] == [(elves.oid, ("G",))]


def test_read_only_helpers_outside_a_stretch_open_one_of_their_own_only(pool: Pool) -> None:
    """Paying a cost reads the mana sources and cost reductions outside any stretch: they are found
    in a stretch of their own (each permanent's layers computed once), which closes with the call,
    and give what they give inside a stretch."""
    from runtime.continuous import CostReduction
    from runtime.costs import mana_sources

    game = blank_game(pool)
    for name in ("Forest", "Llanowar Elves", "Sunscape Familiar", "Mountain"):
        game.add_card(0, pool.get(name), Zone.BATTLEFIELD)
    outside = (mana_sources(game, 0), game.battlefield_parts(CostReduction, 0))
    assert game.characteristics_cache is None  # nothing stays remembered after the call
    with game.unchanging():
        inside = (mana_sources(game, 0), game.battlefield_parts(CostReduction, 0))
    assert outside == inside and len(outside[0]) >= 2 and len(outside[1]) == 1
    # A change after the call is seen by the next one.
    game.obj(game.zone(Zone.BATTLEFIELD)[0]).tapped = True
    assert len(mana_sources(game, 0)) == len(outside[0]) - 1


def test_target_candidates_outside_a_stretch_open_one_of_their_own_only(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(1, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    walls = game.add_card(1, pool.get("Wall of Stone"), Zone.BATTLEFIELD)
    spec = TargetSpec(TargetKind.OBJECT, ObjectFilter(types=("creature",)))
    outside = target_candidates(game, 0, spec, -1)
    assert game.characteristics_cache is None  # nothing stays remembered after the call
    with game.unchanging():
        inside = target_candidates(game, 0, spec, -1)
    assert outside == inside == [bears, walls]
    game.move(bears, Zone.GRAVEYARD)  # a change after the call is seen by the next one
    assert target_candidates(game, 0, spec, -1) == [walls]
