"""Strength of the computer players (``docs/players.md``): seeded games between two kinds of
player with the sample decks, win rates with 95% confidence intervals, time per decision.

    python -m benchmarks.players --pool build/pool --games 200 --budget 30 search,random greedy,random

Each game ``seed`` (0, 1, ...) is played with the invariant checks on; the player under test
takes the first seat in even games and the second in odd ones, and the decks are swapped every
other pair, so seat and deck even out.  A game that reaches the turn limit is a draw (counted
as not won).  Results go to stdout as a table and, with ``--json``, to a file.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from runtime.decisions import Answer, Decider, Question
from runtime.game import Game
from runtime.pool import Pool
from runtime.tools.players import PlayerSpec, player_factory
from runtime.tools.search_player import SearchDecider
from runtime.tools.simulate import InnerFactory, play_game

DECKS = tuple(str(Path(__file__).resolve().parents[1] / "decks" / f) for f in ("blue_black.deck", "red_green.deck"))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


@dataclass
class Matchup:
    """The results of one pairing: the first kind's wins, losses and draws."""

    first: str
    second: str
    budget: int
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    violations: int = 0
    decisions: int = 0  # questions asked of the first kind
    seconds: float = 0.0  # time the first kind spent answering them
    searched: int = 0  # of those, questions the search player searched
    iterations: int = 0
    search_seconds: float = 0.0
    seeds_lost: list[int] = field(default_factory=list)


class _Timed:
    """Times a decider's answers."""

    def __init__(self, inner: Decider, m: Matchup) -> None:
        self.inner = inner
        self.m = m

    def decide(self, question: Question) -> Answer:
        t = time.perf_counter()
        ans = self.inner.decide(question)
        self.m.seconds += time.perf_counter() - t
        self.m.decisions += 1
        return ans


def _timing(factory: InnerFactory, seat: int, searchers: list[SearchDecider], m: Matchup) -> InnerFactory:
    """``factory`` with the player of ``seat`` timed (and kept in ``searchers`` if it searches)."""
    def inner(i: int, game_ref: list[Game]) -> Decider | None:
        d = factory(i, game_ref)
        if i != seat or d is None:
            return d
        if isinstance(d, SearchDecider):
            searchers.append(d)
        return _Timed(d, m)
    return inner


def load_decks(pool: Pool) -> list[list[str]]:
    """The sample decks, their names as the pool spells them."""
    from cardsmith.decks import read_deck, resolve

    return [list(resolve(read_deck(Path(p)), pool.names(), p).main) for p in DECKS]


def run_matchup(pool: Pool, first: str, second: str, games: int, budget: int, start: int = 0,
                max_turns: int = 30, progress: bool = True, log: str | None = None) -> Matchup:
    """Play ``games`` seeded games of ``first`` against ``second``."""
    decks = load_decks(pool)
    m = Matchup(first, second, budget)
    for seed in range(start, start + games):
        seat = seed % 2  # the first kind's seat
        kinds = [second, second]
        kinds[seat] = first
        specs = [PlayerSpec(k, budget) for k in kinds]
        deal = decks if (seed // 2) % 2 == 0 else decks[::-1]
        searchers: list[SearchDecider] = []
        inner = _timing(player_factory(specs, seed), seat, searchers, m)
        before = (m.decisions, m.seconds, m.searched, m.iterations, m.search_seconds, time.process_time())
        r = play_game(pool, seed, deal, max_turns=max_turns, inner=inner)
        m.games += 1
        m.violations += len(r.violations)
        names = ("alice", "bob")
        if r.winner is None:
            m.draws += 1
        elif r.winner == names[seat]:
            m.wins += 1
        else:
            m.losses += 1
            m.seeds_lost.append(seed)
        for s in searchers:
            m.searched += s.searched
            m.iterations += s.spent_iterations
            m.search_seconds += s.spent_seconds
        if log is not None:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"first": first, "second": second, "budget": budget, "seed": seed,
                                    "result": "win" if r.winner == names[seat] else "loss" if r.winner else "draw",
                                    "turns": r.turns, "violations": len(r.violations),
                                    "decisions": m.decisions - before[0], "seconds": round(m.seconds - before[1], 3),
                                    "searched": m.searched - before[2], "iterations": m.iterations - before[3],
                                    "search_seconds": round(m.search_seconds - before[4], 3),
                                    "cpu_seconds": round(time.process_time() - before[5], 3)}) + "\n")
        if progress:
            print(f"  {first} vs {second} seed {seed}: winner {r.winner or 'none'} "
                  f"({'first' if r.winner == names[seat] else 'second' if r.winner else 'draw'}), "
                  f"{r.turns} turns; {m.wins}/{m.games}", file=sys.stderr, flush=True)
    return m


def report(m: Matchup) -> str:
    """One line of the results table."""
    lo, hi = wilson(m.wins, m.games)
    per = m.seconds / m.decisions * 1000 if m.decisions else 0.0
    per_search = m.search_seconds / m.searched * 1000 if m.searched else 0.0
    return (f"| {m.first} vs {m.second} | {m.budget if m.first == 'search' else '-'} | {m.games} | {m.wins} | "
            f"{m.losses} | {m.draws} | {m.wins / max(m.games, 1):.1%} | {lo:.1%} - {hi:.1%} | {per:.1f} | "
            f"{per_search:.0f} | {m.violations} |")


HEADER = ("| matchup | budget | games | wins | losses | draws | win rate | 95% CI (Wilson) | ms/decision | "
          "ms/searched decision | violations |\n|---|---|---|---|---|---|---|---|---|---|---|")


def summarize(lines: list[str]) -> str:
    """The table of the games logged with ``--log`` (one JSON object per line), per pairing."""
    by: dict[tuple[str, str, int], Matchup] = {}
    for line in lines:
        g = json.loads(line)
        m = by.setdefault((g["first"], g["second"], g["budget"]), Matchup(g["first"], g["second"], g["budget"]))
        m.games += 1
        m.wins += g["result"] == "win"
        m.losses += g["result"] == "loss"
        m.draws += g["result"] == "draw"
        m.violations += g["violations"]
        m.decisions += g.get("decisions", 0)
        m.seconds += g.get("seconds", 0.0)
        m.searched += g.get("searched", 0)
        m.iterations += g.get("iterations", 0)
        m.search_seconds += g.get("search_seconds", 0.0)
    return "\n".join([HEADER, *(report(m) for m in by.values())])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pairings", nargs="*", help="FIRST,SECOND kinds (random, greedy, search)")
    ap.add_argument("--pool", default="build/pool", help="a compiled pool (cardsmith build -o DIR)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--budget", type=int, default=30, help="search iterations per decision")
    ap.add_argument("--turns", type=int, default=30, help="turn limit (a draw)")
    ap.add_argument("--json", help="also write the results here")
    ap.add_argument("--log", help="append one JSON line per game here (partial results survive a stop); "
                    "`--summary` reads such a file")
    ap.add_argument("--summary", action="store_true", help="only print the table of the games in --log")
    args = ap.parse_args(argv)
    if args.summary:
        print(summarize(Path(args.log).read_text(encoding="utf-8").splitlines()))
        return 0
    pool = Pool(args.pool)
    results: list[Matchup] = []
    for pairing in args.pairings:
        first, _, second = pairing.partition(",")
        results.append(run_matchup(pool, first, second, args.games, args.budget, args.start, args.turns,
                                   log=args.log))
        print(HEADER if len(results) == 1 else "", report(results[-1]), sep="\n" if len(results) == 1 else "",
              flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(m) for m in results], indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
