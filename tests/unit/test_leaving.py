"""Leaving the game (800.4a), beyond what the scenarios reach with the pool's cards: what a leaving
player controls by default but doesn't own is exiled; a phased-out permanent they controlled by an
effect returns to its owner and phases in after their next turn would have begun (702.26n); every
card stays in exactly one zone throughout (the invariant checker)."""
from __future__ import annotations

from runtime.game import Game
from runtime.leaving import leave_game, turn_not_begun
from runtime.phasing import phase_out, untap_step_phasing
from runtime.pool import Pool
from runtime.tools.invariants import card_census, check_invariants
from runtime.tools.scenario import CardSetup, Harness, Ref, Scenario
from runtime.zones import Zone


def _table(pool: Pool) -> tuple[Game, Harness]:
    s = Scenario(name="t", rules=("800.4a",), players=("alice", "bob", "carol"), setup=(
        CardSetup("alice", Zone.BATTLEFIELD, "Grizzly Bears", alias="bears"),
        CardSetup("alice", Zone.BATTLEFIELD, "Hill Giant", alias="giant"),
        CardSetup("alice", Zone.LIBRARY, "Island", count=3),
        CardSetup("bob", Zone.LIBRARY, "Island", count=3),
        CardSetup("carol", Zone.HAND, "Lightning Bolt"),
        CardSetup("carol", Zone.BATTLEFIELD, "Mountain", alias="mountain"),
    ))
    h = Harness(s, pool)
    h.setup()
    return h.game, h


def _oid(h: Harness, alias: str) -> int:
    o = h.find(Ref(alias=alias))
    assert o is not None
    return o.oid


def test_what_the_leaver_controls_by_default_is_exiled(pool: Pool) -> None:
    game, h = _table(pool)
    census = card_census(game)
    bears = _oid(h, "bears")
    game.obj(bears).controller = 2  # carol put alice's Bears onto the battlefield under her control
    leave_game(game, 2)
    assert check_invariants(game, census) == []
    new = h.find(Ref(alias="bears"))
    assert new is not None and new.zone is Zone.EXILE and new.owner == 0
    assert all(o.owner != 2 for o in game.state.objects.values())
    assert game.players[2].left and game.opponent(1) == 0


def test_a_phased_out_permanent_stolen_by_the_leaver_returns_and_phases_in_after_their_turn(pool: Pool) -> None:
    game, h = _table(pool)
    census = card_census(game)
    giant = _oid(h, "giant")
    game.gain_control(giant, 2, "eot")
    phase_out(game, giant)
    leave_game(game, 2)
    o = game.obj(giant)
    assert o.controller == 0 and o.phased_out and o.phases_in_after == 2
    assert check_invariants(game, census) == []
    untap_step_phasing(game, 0)  # alice's untap step before carol's turn would have begun: still out
    assert o.phased_out
    turn_not_begun(game, 2)  # 800.4k: carol's turn doesn't begin
    untap_step_phasing(game, 1)  # the next untap step (bob's): it phases in (702.26n)
    assert not o.phased_out and o.phases_in_after == -1


def test_priority_held_by_the_leaver_passes_on(pool: Pool) -> None:
    game, _ = _table(pool)
    game.state.priority = 2
    leave_game(game, 2)
    assert game.state.priority == 0
    assert game.in_game() == [0, 1]


def test_every_leaving_scenario_keeps_the_invariants_at_every_priority(pool: Pool) -> None:
    from pathlib import Path

    from compiler.scenarios import load_scenario_file
    from runtime.actions import Action

    class Checked(Harness):
        census: object = None
        problems: list[str] = []

        def next_action(self, game: Game, player: int) -> Action | None:
            if self.census is None:
                self.census = card_census(game)
            self.problems.extend(check_invariants(game, self.census))  # type: ignore[arg-type]
            return super().next_action(game, player)

    scenarios, diags = load_scenario_file(Path(__file__).parents[1] / "scenarios" / "leaving_the_game.scn")
    assert not diags and scenarios
    for s in scenarios:
        h = Checked(s, pool)
        h.problems = []
        result = h.run()
        assert result.passed, (s.name, result.failures)
        assert not h.problems, (s.name, h.problems)


def test_four_player_random_games_where_players_lose_and_leave_keep_the_invariants(pool: Pool) -> None:
    """Seeded random four-player games with small decks: players draw from empty libraries (704.5b),
    lose and leave (800.4a), the game goes on; every decision boundary is checked."""
    import random

    from runtime.tools.simulate import play_game, random_deck

    left = 0
    for seed in (131, 137, 3, 10):
        rng = random.Random(seed)
        decks = [random_deck(pool, rng, size=12, lands=6) for _ in range(4)]
        report = play_game(pool, seed, decks=decks, max_turns=40, names=("a", "b", "c", "d"))
        assert not report.violations, (seed, report.violations[:5])
        left += sum(1 for line in report.log if "leaves the game (800.4a)" in line)
    assert left >= 4
