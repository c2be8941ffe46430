"""The turn loop's steps (500-514): what the untap step untaps (502.3), which steps go on with
the read-only stretch of the step before, and that no state-based action is pending wherever
legal actions are offered, including after a pass of priority, where the loop doesn't check."""
from __future__ import annotations

import pytest

from runtime.continuous import ContinuousEffect, DoesntUntap
from runtime.game import Game
from runtime.state import state_digest
from runtime.pool import Pool
from runtime.tools.simulate import play_game
from runtime.turns import turn_based_actions
from runtime.zones import Zone

from .helpers import blank_game


def test_the_untap_step_untaps_all_but_what_doesnt_untap(pool: Pool) -> None:
    """502.3: the active player's permanents untap, except one that "doesn't untap during its
    controller's next untap step"; the other player's stay tapped."""
    game = blank_game(pool)
    mine = [game.add_card(0, pool.get(n), Zone.BATTLEFIELD) for n in ("Forest", "Grizzly Bears", "Mountain")]
    theirs = game.add_card(1, pool.get("Forest"), Zone.BATTLEFIELD)
    for oid in mine + [theirs]:
        game.obj(oid).tapped = True
    game.state.continuous.append(ContinuousEffect(mine[1], (DoesntUntap(),), 1, "controller_untap", 1))
    game.state.turn, game.state.active = 2, 0
    turn_based_actions(game, "untap")
    assert [game.obj(o).tapped for o in mine] == [False, True, False] and game.obj(theirs).tapped
    assert game.characteristics_cache is None and not game.state.continuous  # the effect has ended
    turn_based_actions(game, "untap")  # its next untap step: nothing holds it any more
    assert not any(game.obj(o).tapped for o in mine)


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


def test_no_state_based_action_applies_where_actions_are_offered(pool: Pool) -> None:
    """Whenever legal actions are offered -- after a pass of priority too, where the turn loop
    doesn't check (117.3d: passing changes nothing) -- no state-based action applies (704.3):
    checking there finds nothing and changes nothing, and seeded games played so are the same
    games as without it."""
    import runtime.turns as turns

    plain = [play_game(pool, seed, max_turns=8, check=True) for seed in (3, 11)]
    original, original_sba = turns.legal_action_choices, turns.check_state_based_actions
    checks: list[int] = []

    def checked(game: Game, player: int):  # type: ignore[no-untyped-def]
        before = state_digest(game.state)
        assert not original_sba(game), "a state-based action applied where legal actions are offered"
        assert state_digest(game.state) == before
        checks.append(player)
        return original(game, player)

    turns.legal_action_choices = checked  # type: ignore[assignment]
    try:
        forced = [play_game(pool, seed, max_turns=8, check=True) for seed in (3, 11)]
    finally:
        turns.legal_action_choices = original  # type: ignore[assignment]
    assert len(checks) > 100 and all(not r.violations for r in plain + forced)
    assert [(r.log, r.decisions_log, r.final_state) for r in plain] == \
        [(r.log, r.decisions_log, r.final_state) for r in forced]
