"""The runtime's speed-ups serve nothing stale: characteristics remembered across a read-only
stretch (``Game.unchanging``, carried over a pass of priority, 117.3d) or taken from the printed
values when no layer can apply (613.1) equal a fresh computation through every layer, and the
fast invariant check finds exactly what the full one finds; the soak gives the same report on any
number of worker processes."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from runtime import layers
from runtime.game import Game
from runtime.pool import Pool
from runtime.tools.invariants import _violations, card_census, check_invariants
from runtime.tools.simulate import play_game
from runtime.tools.soak import chunks, soak
from runtime.zones import Zone

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
        bears.counters["+1/+1"] += 1  # a change inside the stretch that forgets nothing: a bug
        with pytest.raises(AssertionError, match="stale"):
            game.characteristics(bears)
        game.changed()
        assert game.characteristics(bears).power == 3


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
        game.obj(ids[0]).counters["+1/+1"] += 1  # a change inside the stretch that forgets nothing: a bug
        with pytest.raises(AssertionError, match="stale"):
            game.controlled(0)
        game.changed()
        assert game.controlled(0)[0][1].power == 3
    outside = game.controlled(0)  # outside a stretch: computed each time
    assert outside is not game.controlled(0) and [o.oid for o, _ in outside] == [ids[0], ids[2]]


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
    bears.counters["+1/+1"] += 2
    assert (game.characteristics(bears).power, game.characteristics(bears).toughness) == (4, 4)


def _broken_states(pool: Pool) -> list[tuple[str, Game, Counter[int]]]:
    out = []
    for what in ("orphan", "wrong zone", "two zones", "lost card", "stack", "counters", "priority", "life"):
        game = blank_game(pool)
        bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
        game.add_card(1, pool.get("Forest"), Zone.HAND)
        census = card_census(game)
        s = game.state
        if what == "orphan":
            s.zones[(Zone.GRAVEYARD, 0)].append(999)
        elif what == "wrong zone":
            s.objects[bears].zone = Zone.GRAVEYARD
        elif what == "two zones":
            s.zones[(Zone.GRAVEYARD, 0)].append(bears)
        elif what == "lost card":
            s.zones[(Zone.BATTLEFIELD, -1)].remove(bears)
            del s.objects[bears]
        elif what == "stack":
            s.zones[(Zone.STACK, -1)].append(bears)
        elif what == "counters":
            s.objects[bears].counters["+1/+1"] = -1
        elif what == "priority":
            s.priority = 5
        elif what == "life":
            game.players[0].life = 2.5  # type: ignore[assignment]
        out.append((what, game, census))
    return out


def test_fast_invariant_check_agrees_with_the_full_one(pool: Pool) -> None:
    for what, game, census in _broken_states(pool):
        found = check_invariants(game, census)
        assert found and found == _violations(game, census), what
    game, census = _broken_states(pool)[0][1], Counter({0: 1, 1: 1})
    game.state.zones[(Zone.GRAVEYARD, 0)].remove(999)
    assert check_invariants(game, census) == [] == _violations(game, census)
    assert check_invariants(game, Counter({0: 2, 1: 1})) == _violations(game, Counter({0: 2, 1: 1})) != []


def test_soak_report_is_the_same_on_any_number_of_workers(pool_dir: Path) -> None:
    seen: list[tuple[int, int, int]] = []
    one = soak(str(pool_dir), 40, 4, turns=4, jobs=1,
               progress=lambda t: seen.append((t.games, t.decisions, len(t.failures))))
    two = soak(str(pool_dir), 40, 4, turns=4, jobs=2)
    assert one.games == two.games == 4
    assert (one.decisions, one.outcomes, one.failures) == (two.decisions, two.outcomes, two.failures)
    assert one.decisions > 0 and not one.failures
    # Progress is reported as games finish, with running totals ending at the report's.
    assert seen and seen[-1] == (4, one.decisions, 0) and [g for g, _, _ in seen] == sorted(g for g, _, _ in seen)
    assert chunks(0, 100, 2) == [tuple(range(i, i + 10)) for i in range(0, 100, 10)]
    assert sum(len(c) for c in chunks(7, 5, 4)) == 5
