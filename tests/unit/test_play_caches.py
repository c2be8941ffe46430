"""The third pass of play-speed work keeps nothing stale: the index of continuous effects by object
follows every change to the list, however made; snapshots share only frozen items and still rewind
exactly (726.1); cost reductions (601.2f) are found once per read-only stretch and again after a
change; values derived from a characteristics object are computed once."""
from __future__ import annotations

import dataclasses

import pytest

from runtime.casting import cost_reduction
from runtime.continuous import ContinuousEffect, CostReduction, GainKeywords, PTChange
from runtime.costs import mana_sources
from runtime.pool import Pool
from runtime.stack import StackItem, with_targets
from runtime.zones import Zone

from .helpers import blank_game



def test_effects_index_follows_every_change_to_the_list(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    elves = game.add_card(0, pool.get("Llanowar Elves"), Zone.BATTLEFIELD)
    assert game.effects_on(bears) == []
    game.add_continuous(bears, (PTChange(3, 3),), 0, "eot")  # appended in place
    assert [e.parts for e in game.effects_on(bears)] == [(PTChange(3, 3),)]
    assert game.characteristics(game.obj(bears)).power == 5
    # Replaced in place by an effect of the same length on another object: rebuilt, not stale.
    game.state.continuous[0] = ContinuousEffect(elves, (PTChange(1, 0),), 0, "eot", game.new_id())
    assert game.effects_on(bears) == [] and len(game.effects_on(elves)) == 1
    assert game.characteristics(game.obj(bears)).power == 2
    # Reassigned to a new list (as the cleanup step does, 514.2).
    game.state.continuous = []
    assert game.effects_on(elves) == []
    assert game.characteristics(game.obj(elves)).power == 1


def test_rewinding_restores_the_effects_and_the_stack_items_a_snapshot_shares(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    item = StackItem(kind="ability", oid=game.new_id(), source_oid=bears, source_card=-1, controller=0)
    game.state.stack.append(item)
    before = game.snapshot()
    assert before.stack[0] is item  # frozen: shared, not copied
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.targets = (bears,)  # type: ignore[misc]
    chosen = with_targets(game, item, (bears,))
    assert game.state.stack == [chosen] and chosen.targets == (bears,) and item.targets == ()
    game.add_continuous(bears, (GainKeywords(("flying",)),), 0, "eot")
    assert "flying" in game.characteristics(game.obj(bears)).keywords
    game.restore(before)  # 726.1: exactly the state before
    assert game.state.stack == [item] and game.state.stack[0].targets == ()
    assert game.effects_on(bears) == []
    assert "flying" not in game.characteristics(game.obj(bears)).keywords


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
    # Outside a stretch nothing is remembered: each call finds the parts afresh.
    assert game.battlefield_parts(CostReduction, 0) is not game.battlefield_parts(CostReduction, 0)


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
