"""Invariant-checked random play (quick profile; the soak is `cardsmith soak --games 10000`) and
determinism: the same seed and decisions give the same event log, byte for byte."""
from __future__ import annotations

import pytest

from runtime.pool import Pool
from runtime.tools.simulate import play_game


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
