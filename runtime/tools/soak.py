"""The soak test: many seeded, invariant-checked random games (``cardsmith soak``), on several
worker processes if asked.

Each game depends only on its seed (``runtime.tools.simulate.play_game``), so the games are split into
chunks of consecutive seeds, played wherever, and their summaries taken back in seed order: the
report (and every FAIL line) is the same whatever the number of workers.  Progress (games done,
decisions checked, failures, games per second) goes to a callback as chunks finish.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Iterator

from ..pool import Pool
from .backends import Backend, LocalBackend, PackedFolder, in_order, local_folder, pool_source
from .simulate import play_game


@dataclass(frozen=True)
class GameSummary:
    """What the soak keeps of one game: its seed, decisions checked, how it ended, its first violation."""

    seed: int
    decisions: int
    ended: str
    violation: str = ""


@dataclass
class SoakTotals:
    """The running sums of a soak."""

    games: int = 0
    decisions: int = 0
    failures: list[GameSummary] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, g: GameSummary) -> None:
        """Count one finished game."""
        self.games += 1
        self.decisions += g.decisions
        self.outcomes[g.ended] = self.outcomes.get(g.ended, 0) + 1
        if g.violation:
            self.failures.append(g)

    def rate(self) -> float:
        """Games per second of wall-clock time so far."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


def play_chunk(pool_dir: str | PackedFolder, turns: int, seeds: tuple[int, ...]) -> list[GameSummary]:
    """Play the games of ``seeds`` with invariant checks (in whichever process, or machine, runs this)."""
    pool = Pool(local_folder(pool_dir))
    out = []
    for seed in seeds:
        r = play_game(pool, seed, max_turns=turns)
        out.append(GameSummary(seed, r.decisions, r.ended, r.violations[0] if r.violations else ""))
    return out


def chunks(first: int, games: int, jobs: int) -> list[tuple[int, ...]]:
    """Consecutive seeds in chunks small enough to keep every worker busy and progress frequent."""
    size = max(1, min(10, games // max(1, jobs * 4)))
    seeds = range(first, first + games)
    return [tuple(seeds[i:i + size]) for i in range(0, games, size)]


def soak(pool_dir: str, first: int, games: int, turns: int, jobs: int = 1,
         progress: Callable[[SoakTotals], None] | None = None, backend: Backend | None = None) -> SoakTotals:
    """Play ``games`` games from seed ``first`` on ``jobs`` local processes, or on ``backend``
    (:mod:`runtime.tools.backends`; ``jobs`` then only sizes the chunks); the totals, in seed order."""
    totals = SoakTotals()
    start = time.perf_counter()
    where = backend if backend is not None else LocalBackend(jobs)
    work = chunks(first, games, jobs)
    play = partial(play_chunk, pool_source(pool_dir, where), turns)

    def done(results: Iterator[list[GameSummary]]) -> None:
        for chunk in results:
            for g in chunk:
                totals.add(g)
            totals.seconds = time.perf_counter() - start
            if progress is not None:
                progress(totals)

    done(in_order(where.run(play, work)))  # chunks taken in seed order, whatever order they finish in
    totals.seconds = time.perf_counter() - start
    return totals
