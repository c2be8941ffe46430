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
    game.state.continuous += (ContinuousEffect(mine[1], (DoesntUntap(),), 1, "controller_untap", 1),)
    game.state.turn, game.state.active = 2, 0
    turn_based_actions(game, "untap")
    assert [game.obj(o).tapped for o in mine] == [False, True, False] and game.obj(theirs).tapped
    assert game.characteristics_cache is None and not game.state.continuous  # the effect has ended
    turn_based_actions(game, "untap")  # its next untap step: nothing holds it any more
    assert not any(game.obj(o).tapped for o in mine)


def test_a_stretch_goes_on_with_the_last_one_while_only_time_passed(pool: Pool) -> None:
    """What a read-only stretch remembered is kept against the game's clock: the next stretch goes
    on with it when nothing but the passing of time (priority, the step: ``versions.PASSING_TIME``)
    was written since, and starts afresh after any other write (runtime.versions)."""
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    with game.unchanging() as first:
        assert game.characteristics(game.obj(bears)).power == 2
    game.state.priority, game.state.step = 1, "upkeep"
    with game.unchanging() as second:
        assert second is first and bears in second.entries
    game.add_counters(bears, "+1/+1", 1)
    with game.unchanging() as third:
        assert third is not first and game.characteristics(game.obj(bears)).power == 3


def test_stretches_kept_across_steps_serve_only_fresh_characteristics(pool: Pool,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """In seeded games many steps begin with what the step before computed; with ``verify``, every
    characteristic served from such a stretch, every skipped state-based-action check and every
    offer list served again is checked against a fresh computation."""
    from runtime.game import Game

    went_on: list[bool] = []
    collect = Game.collect_step_triggers

    def spy(self: Game, step: str) -> None:
        kept = self.kept_cache
        went_on.append(kept is not None and self.characteristics_cache is kept[0])
        collect(self, step)

    monkeypatch.setattr(Game, "collect_step_triggers", spy)
    for seed in (3, 8):
        report = play_game(pool, seed, max_turns=12, check=True, verify=True)
        assert report.violations == []
    assert sum(went_on) > len(went_on) // 4, (sum(went_on), len(went_on))


def test_no_state_based_action_applies_where_actions_are_offered(pool: Pool) -> None:
    """Whenever legal actions are offered -- after a pass of priority too, where the turn loop
    doesn't check (117.3d: passing changes nothing) -- no state-based action applies (704.3):
    checking there finds nothing and changes nothing, and seeded games played so are the same
    games as without it."""
    import runtime.turns as turns

    plain = [play_game(pool, seed, max_turns=8, check=True) for seed in (3, 11)]
    from runtime.sba import _check as full_sba_check  # the check itself, never skipped by the journal

    original, original_sba = turns.legal_action_choices, full_sba_check
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
