"""Simulations: many seeded games of one deck against another (``cardsmith simulate``), played on
any backend (:mod:`runtime.tools.backends`), and what they add up to.

Game ``seed`` seats deck A first (seat 0, which takes the first turn) when ``seed`` is even and
deck B first when it is odd, so that going first is shared out evenly over consecutive seeds.
The computer players come from :func:`runtime.tools.players.player_factory`, one kind per deck.

Each game's result (:class:`GameResult`) depends only on its seed; the results are put in seed
order before they are added up (:func:`aggregate`), so every backend and any number of workers
give the same :class:`SimulationResult`, to the byte in its JSON (no timings are in it).

Win rates come with Wilson score intervals at 95% (:func:`wilson`): unlike the plain
``p +- 1.96 sqrt(p(1-p)/n)``, they stay inside [0, 1] and don't shrink to nothing when a deck
wins every game or none.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from functools import partial
from typing import Callable, Iterable, Sequence

from ..decisions import Decider
from ..game import Game
from ..pool import Pool
from .backends import Backend, PackedFolder, local_folder, pool_source
from .players import PlayerSpec, player_factory
from .simulate import play_game

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile: a two-sided 95% interval
NAMES = ("alice", "bob")  # the seats' players in the game log


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``successes`` in ``trials`` (95% by default);
    ``(0.0, 1.0)`` when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # (exactly, not a rounding error away)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class GameResult:
    """What a simulation keeps of one game: its seed, which deck went first (0: A, 1: B), the
    winning deck (``None``: a draw, the turn limit, or a crash), its length in turns, how it
    ended, and the names of the cards each deck cast (sorted, each once)."""

    seed: int
    first: int
    winner: int | None
    turns: int
    ended: str
    cast: tuple[tuple[str, ...], tuple[str, ...]]


def seats(seed: int) -> tuple[int, int]:
    """The deck (0: A, 1: B) in each seat of game ``seed``: A first on even seeds, B on odd."""
    return (0, 1) if seed % 2 == 0 else (1, 0)


def play_one(pool: Pool, decks: Sequence[Sequence[str]], seed: int, players: Sequence[PlayerSpec],
             turns: int) -> GameResult:
    """Play game ``seed`` of ``decks[0]`` against ``decks[1]`` (``players[d]`` plays deck d)."""
    seat_deck = seats(seed)
    casts: list[set[str]] = [set(), set()]

    def record(game: Game) -> None:  # each player's spells cast this turn (601.2i), before the next turn
        for seat, p in enumerate(game.players[:2]):
            casts[seat_deck[seat]].update(s.card.definition.name for s in p.cast_this_turn)

    inner = player_factory([players[d] for d in seat_deck], seed)
    refs: list[list[Game]] = []  # the game reference play_game hands each seat's factory

    def seat(i: int, ref: list[Game]) -> Decider | None:
        refs.append(ref)
        return inner(i, ref)

    report = play_game(pool, seed, [list(decks[d]) for d in seat_deck], max_turns=turns, check=False,
                       names=NAMES, inner=seat, turn_ended=record)
    if refs and refs[0]:
        record(refs[0][0])  # the turn the game ended in (a second look at a finished turn adds nothing)
    winner = None if report.winner is None else seat_deck[NAMES.index(report.winner)]
    return GameResult(seed, seat_deck[0], winner, report.turns, report.ended,
                      (tuple(sorted(casts[0])), tuple(sorted(casts[1]))))


def play_chunk(pool_dir: str | PackedFolder, decks: tuple[tuple[str, ...], tuple[str, ...]],
               players: tuple[PlayerSpec, PlayerSpec], turns: int, seeds: tuple[int, ...]) -> list[GameResult]:
    """The games of ``seeds`` (a backend's task: module-level, so that it pickles)."""
    pool = Pool(local_folder(pool_dir))
    return [play_one(pool, decks, seed, players, turns) for seed in seeds]


@dataclass(frozen=True)
class Rate:
    """``count`` of ``games``, as a proportion with its 95% Wilson interval."""

    count: int
    games: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, count: int, games: int) -> "Rate":
        low, high = wilson(count, games)
        return cls(count, games, count / games if games else 0.0, low, high)


@dataclass(frozen=True)
class CardFigures:
    """One card of a deck: the games in which its deck cast it, and its deck's wins among them."""

    name: str
    copies: int
    cast_in: int
    wins_when_cast: Rate


@dataclass(frozen=True)
class DeckFigures:
    """One deck's results: wins, losses and draws (each over all games), wins when it went first,
    and its cards (every distinct spell of the deck, most often cast first)."""

    name: str
    players: str
    wins: Rate
    losses: Rate
    draws: Rate
    wins_going_first: Rate
    cards: tuple[CardFigures, ...]


@dataclass(frozen=True)
class SimulationResult:
    """A simulation's figures; the same for the same seeds on every backend."""

    games: int
    first_seed: int
    turn_limit: int
    average_turns: float
    outcomes: tuple[tuple[str, int], ...]  # how games ended ("game over", "turn limit", "crash"), counted
    decks: tuple[DeckFigures, DeckFigures]

    def to_dict(self) -> dict[str, object]:
        """The figures as plain data (what :meth:`to_json` writes)."""
        data = asdict(self)
        data["outcomes"] = dict(self.outcomes)
        return data

    def to_json(self) -> str:
        """The figures as JSON (keys sorted: the same result gives the same text)."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)

    def table(self) -> str:
        """The figures as a text table for people."""
        a, b = self.decks
        pct = _percent
        lines = [f"{self.games} games, seeds {self.first_seed}..{self.first_seed + self.games - 1}, "
                 f"turn limit {self.turn_limit}; average length {self.average_turns:.1f} turns",
                 "outcomes: " + ", ".join(f"{k} {v}" for k, v in self.outcomes), "",
                 f"{'deck':<28} {'players':<10} {'wins':>5} {'win rate':>9} {'95% interval':>16} "
                 f"{'losses':>7} {'draws':>6} {'won going first':>16}"]
        for d in self.decks:
            lines.append(f"{d.name[:28]:<28} {d.players:<10} {d.wins.count:>5} {pct(d.wins.rate):>9} "
                         f"{_interval(d.wins):>16} {d.losses.count:>7} {d.draws.count:>6} "
                         f"{d.wins_going_first.count:>6} of {d.wins_going_first.games:<6}")
        for d in (a, b):
            lines += ["", f"{d.name}: cards (games cast in, its deck's win rate when cast, 95% interval)"]
            for c in d.cards:
                shown = f"{pct(c.wins_when_cast.rate):>7} {_interval(c.wins_when_cast):>16}" if c.cast_in else \
                    f"{'-':>7} {'':>16}"
                lines.append(f"  {c.name[:34]:<34} x{c.copies:<3} {c.cast_in:>6} {shown}")
        return "\n".join(lines)


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(r: Rate) -> str:
    return f"{100 * r.low:.1f}-{100 * r.high:.1f}%"


def aggregate(results: Iterable[GameResult], decks: Sequence[Sequence[str]], names: Sequence[str],
              players: Sequence[PlayerSpec], turns: int, spells: Callable[[str], bool] = lambda _: True) -> SimulationResult:
    """Add up ``results`` (put in seed order first); ``spells``: which card names are figured per
    card (spells: a land is played, never cast)."""
    ordered = sorted(results, key=lambda r: r.seed)
    n = len(ordered)
    outcomes: dict[str, int] = {}
    for r in ordered:
        outcomes[r.ended] = outcomes.get(r.ended, 0) + 1
    figures = []
    for d in (0, 1):
        wins = sum(1 for r in ordered if r.winner == d)
        losses = sum(1 for r in ordered if r.winner == 1 - d)
        first = [r for r in ordered if r.first == d]
        copies: dict[str, int] = {}
        for name in decks[d]:
            copies[name] = copies.get(name, 0) + 1
        cards = []
        for name, count in copies.items():
            if not spells(name):
                continue
            cast = [r for r in ordered if name in r.cast[d]]
            cards.append(CardFigures(name, count, len(cast), Rate.of(sum(1 for r in cast if r.winner == d), len(cast))))
        cards.sort(key=lambda c: (-c.cast_in, c.name))
        spec = players[d]
        figures.append(DeckFigures(names[d], spec.kind, Rate.of(wins, n), Rate.of(losses, n),
                                   Rate.of(n - wins - losses, n),
                                   Rate.of(sum(1 for r in first if r.winner == d), len(first)), tuple(cards)))
    average = round(sum(r.turns for r in ordered) / n, 6) if n else 0.0
    first_seed = ordered[0].seed if ordered else 0
    return SimulationResult(n, first_seed, turns, average, tuple(sorted(outcomes.items())),
                            (figures[0], figures[1]))


def chunk_seeds(first: int, games: int, workers: int) -> list[tuple[int, ...]]:
    """Consecutive seeds in chunks: about four per worker, at most ten games each (for progress)."""
    size = max(1, min(10, games // max(1, workers * 4)))
    seeds = range(first, first + games)
    return [tuple(seeds[i:i + size]) for i in range(0, games, size)]


def simulate(pool_dir: str, decks: Sequence[Sequence[str]], games: int, first_seed: int = 0,
             players: Sequence[PlayerSpec] = (PlayerSpec(), PlayerSpec()), turns: int = 30,
             backend: Backend | None = None, workers: int | None = None, names: Sequence[str] = ("deck A", "deck B"),
             spells: Callable[[str], bool] = lambda _: True,
             progress: Callable[[int, int], None] | None = None) -> SimulationResult:
    """Play ``games`` games from seed ``first_seed`` on ``backend`` (in this process if None) and
    add them up; ``progress(done, total)`` as games finish.  ``workers`` (default: the backend's)
    only sizes the chunks: the figures are the same for any number."""
    from .backends import LocalBackend

    player_factory(players, first_seed)  # an unavailable kind of player: ValueError before any game
    where = backend if backend is not None else LocalBackend(1)
    work = chunk_seeds(first_seed, games, workers if workers is not None else where.workers)
    task = partial(play_chunk, pool_source(pool_dir, where), (tuple(decks[0]), tuple(decks[1])),
                   (players[0], players[1]), turns)
    results: list[GameResult] = []
    for _, chunk in where.run(task, work):
        results += chunk
        if progress is not None:
            progress(len(results), games)
    return aggregate(results, decks, names, players, turns, spells)
