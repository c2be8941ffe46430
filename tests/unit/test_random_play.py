"""Invariant-checked random play (quick profile; the soak is `cardsmith soak --games 10000`) and
determinism: the same seed and decisions give the same event log, byte for byte.  Also: random
decks, the invariant check's fast path against its full description of what is wrong, and the
soak's report, which is the same on any number of worker processes."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from runtime.game import Game
from runtime.tools.invariants import _violations, card_census, check_invariants
from runtime.pool import Pool
from runtime.tools.simulate import BASICS, play_game, random_deck
from runtime.tools.soak import chunks, soak
from runtime.zones import Zone

from .helpers import blank_game


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_every_invariant(pool: Pool, seed: int) -> None:
    report = play_game(pool, seed, max_turns=14)
    assert report.decisions > 50
    assert report.ended in ("game over", "turn limit")
    assert not report.violations, (
        f"seed {seed}: {report.violations[:5]}\nlast decisions: {report.decisions_log[-10:]}")


def test_same_seed_same_log(pool: Pool) -> None:
    a = play_game(pool, 42, max_turns=10)
    b = play_game(pool, 42, max_turns=10)
    assert a.log == b.log and a.decisions_log == b.decisions_log
    c = play_game(pool, 43, max_turns=10)
    assert c.log != a.log


def test_turn_limit_ends_cleanly(pool: Pool) -> None:
    report = play_game(pool, 7, max_turns=3)
    assert report.turns == 3 and report.ended == "turn limit" and not report.violations


def test_random_decks_draw_from_the_nonland_names(pool: Pool) -> None:
    names = pool.nonland_names()
    assert names == [n for n in pool.names() if "land" not in pool.get(n).types]
    names.append("not a card")  # a copy: the pool's list is unchanged
    assert "not a card" not in pool.nonland_names()
    deck = random_deck(pool, random.Random(5))
    spells = [n for n in deck if n not in BASICS]
    assert len(spells) == 36 and all("land" not in pool.get(n).types for n in spells)


def _broken_states(pool: Pool) -> list[tuple[str, Game, Counter[int]]]:
    out = []
    for what in ("orphan", "wrong zone", "two zones", "lost card", "stack", "counters", "priority", "life"):
        game = blank_game(pool)
        bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
        game.add_card(1, pool.get("Forest"), Zone.HAND)
        census = card_census(game)
        s = game.state
        if what == "orphan":
            game.set_zone(Zone.GRAVEYARD, 0, (*game.zone(Zone.GRAVEYARD, 0), 999))
        elif what == "wrong zone":
            s.objects[bears].zone = Zone.GRAVEYARD
        elif what == "two zones":
            game.set_zone(Zone.GRAVEYARD, 0, (*game.zone(Zone.GRAVEYARD, 0), bears))
        elif what == "lost card":
            game.set_zone(Zone.BATTLEFIELD, -1, ())
            game.remove_object(bears)
        elif what == "stack":
            game.set_zone(Zone.STACK, -1, (bears,))
        elif what == "counters":
            s.objects[bears].counters = Counter({"+1/+1": -1})
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
    game.set_zone(Zone.GRAVEYARD, 0, ())
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
