"""The sixth pass of play-speed work changes no behaviour: a snapshot (taken before every player
action, 726.1) keeps the log's length and the random generator's state instead of copies, and
doesn't save the fields of library cards, which nothing changes in place (``verify`` checks it);
random decks take the pool's nonland names, found once."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from runtime.errors import IllegalAction
from runtime.pool import Pool
from runtime.tools.simulate import BASICS, play_game, random_deck
from runtime.zones import Zone

from .helpers import blank_game


def test_a_refused_action_rewinds_the_log_and_the_random_generator(pool: Pool) -> None:
    game = blank_game(pool)
    for name in ("Forest", "Grizzly Bears", "Lightning Bolt", "Island"):
        game.add_card(0, pool.get(name), Zone.LIBRARY)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    game.log("before the action")
    digest, lines, order = game.digest(), list(game.state.log), list(game.zone(Zone.LIBRARY, 0))

    def action() -> None:
        game.shuffle(0)  # draws from the game's generator (701.20)
        game.log("during the action")
        game.obj(bears).tapped = True
        raise IllegalAction("refused after changing things (test)")

    with pytest.raises(IllegalAction):
        game.transaction(action)
    assert game.digest() == digest  # the digest covers the log and the generator's state
    assert game.state.log == lines and game.zone(Zone.LIBRARY, 0) == order
    assert not game.obj(bears).tapped
    # The generator goes on as it would have without the refused action.
    twin = blank_game(pool)
    twin.state.rng.setstate(game.state.rng.getstate())
    assert [game.state.rng.random() for _ in range(3)] == [twin.state.rng.random() for _ in range(3)]


def test_the_same_snapshot_can_be_restored_twice(pool: Pool) -> None:
    game = blank_game(pool)
    game.log("one")
    snap = game.snapshot()
    digest = game.digest()
    for _ in range(2):
        game.log("two")
        game.state.rng.random()
        game.restore(snap)
        assert game.digest() == digest and game.state.log[-1].endswith("one")


def test_verify_catches_a_library_card_changed_in_place(pool: Pool) -> None:
    game = blank_game(pool)
    card = game.add_card(0, pool.get("Grizzly Bears"), Zone.LIBRARY)
    snap = game.snapshot()
    game.obj(card).tapped = True  # nothing in the engine does this; restore wouldn't undo it
    game.restore(snap)
    assert game.obj(card).tapped  # not saved, so not put back: why ``verify`` checks the claim

    game = blank_game(pool)
    game.verify_characteristics = True
    card = game.add_card(0, pool.get("Grizzly Bears"), Zone.LIBRARY)

    def action() -> None:
        game.obj(card).counters["+1/+1"] += 1

    with pytest.raises(AssertionError, match="changed in place"):
        game.transaction(action)
    game.obj(card).counters.clear()
    snap = game.snapshot()
    game.obj(card).damage = 1
    with pytest.raises(AssertionError, match="changed in place"):
        game.restore(snap)


def test_verified_games_find_no_library_card_changed_in_place(pool: Pool) -> None:
    for seed in (2, 7, 40047):
        report = play_game(pool, seed, max_turns=14, verify=True)
        assert report.violations == [], report.violations
        assert report.decisions > 100


def test_random_decks_draw_from_the_nonland_names(pool: Pool) -> None:
    names = pool.nonland_names()
    assert names == [n for n in pool.names() if "land" not in pool.get(n).types]
    names.append("not a card")  # a copy: the pool's list is unchanged
    assert "not a card" not in pool.nonland_names()
    deck = random_deck(pool, random.Random(5))
    spells = [n for n in deck if n not in BASICS]
    assert len(spells) == 36 and all("land" not in pool.get(n).types for n in spells)


def test_whether_a_mana_plan_exists_depends_only_on_the_kinds_of_sources() -> None:
    """``plan_exists`` and ``_plan_by_position`` (remembered) against the solver on concrete sources,
    in two orders."""
    import itertools
    from collections import Counter

    from runtime.costs import _plan_by_position, _search_plan, plan_exists
    from runtime.mana import ManaRequirement

    costs = [("{R}",), ("{1}", "{R}"), ("{G}", "{G}"), ("{W/U}",), ("{2/W}",), ("{R/P}", "{1}"), ("{3}",),
             ("{R}", "{G}", "{1}")]
    kinds = [("R",), ("G",), ("R", "G"), ("W", "U", "B", "R", "G")]
    pools: list[dict[str, int]] = [{}, {"R": 1}, {"G": 2}]
    checked = found = 0
    for symbols in costs:
        req = ManaRequirement.build(symbols)
        for counts in itertools.product(range(3), repeat=len(kinds)):
            listed = [k for k, n in enumerate(counts) for _ in range(n)]
            # The same sources numbered both ways: the solver orders them by id among equals.
            sources = [(100 + i, 0, kinds[k]) for i, k in enumerate(listed)]
            renumbered = [(200 - i, 0, kinds[k]) for i, k in enumerate(listed)]
            for pool in pools:
                exists = plan_exists(req, tuple(sorted(pool.items())),
                                     tuple(sorted((kinds[k], n) for k, n in enumerate(counts) if n)))
                for numbered in (sources, renumbered):
                    ordered = sorted(numbered, key=lambda s: (len(s[2]), s[0]))
                    plan = _search_plan(Counter(pool), req, ordered)
                    assert exists == (plan is not None), (symbols, counts, pool)
                    # The remembered plan, by position, is the solver's plan for these sources.
                    by_position = _plan_by_position(req, tuple(sorted(pool.items())), tuple(s[2] for s in ordered))
                    assert plan == (None if by_position is None
                                    else [(ordered[i][0], color) for i, color in by_position])
                checked += 1
                found += exists
    assert checked == len(costs) * 81 * 3 and 0 < found < checked


def test_a_quiet_step_goes_on_with_the_last_stretch_of_the_step_before(pool: Pool,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A step with no turn-based action, or a combat step with no creature in combat, starts with
    what the step before last computed when that step ended with every player passing; no other
    step does, nor the main phase after a combat that had creatures in it (511.3).  With ``verify``,
    every characteristic served from such a stretch is checked against a fresh computation."""
    from runtime.game import Game
    from runtime.turns import COMBAT_STEPS, QUIET_STEPS, _in_combat

    seen: list[tuple[int, str, bool, bool]] = []  # game and turn, step, went on with a stretch, creatures in combat
    collect = Game.collect_step_triggers
    playing = [0]  # the seed being played

    def spy(self: Game, step: str) -> None:
        # A step's first stretch is the one its triggers are collected in: it starts empty unless
        # it goes on with the last one of the step before.
        assert self.characteristics_cache is not None
        seen.append((playing[0] * 1000 + self.state.turn, step, bool(self.characteristics_cache.entries),
                     _in_combat(self)))
        collect(self, step)

    monkeypatch.setattr(Game, "collect_step_triggers", spy)
    for seed in (3, 8):
        playing[0] = seed
        report = play_game(pool, seed, max_turns=12, check=True, verify=True)
        assert report.violations == []
    went_on = [(step, fighting) for _, step, resumed, fighting in seen if resumed]
    assert {step for step, _ in went_on} >= {"main1", "end", "attackers", "main2"}
    assert all(step in QUIET_STEPS or (step in COMBAT_STEPS and not fighting) for step, fighting in went_on)
    fought = {turn for turn, step, _, fighting in seen if fighting}
    assert fought and not any(resumed for turn, step, resumed, _ in seen if step == "main2" and turn in fought)
