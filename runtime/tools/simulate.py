"""Seeded random games between two decks, with every action boundary checked by the invariant
checker; the basis of ``cardsmith play`` and of the soak test.

A :class:`CheckingDecider` wraps the random player: before answering any question it checks the
invariants (every action is followed by a question, so this is "after every action"), and it
checks that every target offered is legal to offer.  A failure carries the seed and the decision
log that reproduce it.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..decisions import Answer, ChooseAction, ChooseTarget, Decider, Question
from ..game import Game
from ..mulligan import STARTING_HAND, take_mulligans
from ..pool import Pool
from ..state import state_digest
from ..turns import run
from ..zones import Zone
from .human import GameAbandoned
from .invariants import card_census, check_invariants, check_invariants_since, phased_out_targetable
from .random_player import RandomDecider

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@dataclass
class GameReport:
    """What one simulated game did."""

    seed: int
    turns: int
    decisions: int
    winner: str | None
    violations: list[str] = field(default_factory=list)
    decisions_log: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    ended: str = ""
    decks: list[list[str]] = field(default_factory=list)
    final_state: str = ""  # state digest at the end (runtime.state.state_digest)


class CheckingDecider:
    """A random player whose every question is an occasion to check the invariants."""

    def __init__(self, game_ref: list[Game], census: list[Counter[int]], seed: int, report: GameReport,
                 check: bool = True, inner: Decider | None = None) -> None:
        self.inner: Decider = inner if inner is not None else RandomDecider(seed)
        self.game_ref = game_ref
        self.census = census
        self.report = report
        self.check = check
        self.last_action: str | None = None
        self.refusals_seen = 0
        self.held_at: int | None = None  # the clock reading at which the invariants last held

    def decide(self, question: Question) -> Answer:
        """Check, then answer randomly; record the decision."""
        game = self.game_ref[0]
        if self.check:
            problems, self.held_at = check_invariants_since(game, self.census[0], self.held_at)
            # An action offered as legal that the engine then refused: the offer was wrong (117.1).
            if self.last_action is not None and len(game.refusals) > self.refusals_seen:
                problems.append(f"offered action {self.last_action} was refused: {game.refusals[-1]}")
            self.last_action = None
            self.refusals_seen = len(game.refusals)
            if isinstance(question, ChooseTarget):
                offered: list[object] = [int(c.key) if c.key.isdigit() else c.key for c in question.options]
                problems += phased_out_targetable(game, offered)
            for p in problems:
                msg = f"T{game.state.turn} {game.state.step}: {p}"
                if msg not in self.report.violations:
                    self.report.violations.append(msg)
        ans = self.inner.decide(question)
        if isinstance(question, ChooseAction) and ans != "pass":
            self.last_action = next((c.label for c in question.options if c.key == ans), str(ans))
        self.report.decisions += 1
        self.report.decisions_log.append(f"{type(question).__name__}({question.player}) -> {ans!r}")
        return ans


def random_deck(pool: Pool, rng: random.Random, size: int = 60, lands: int = 24) -> list[str]:
    """A seeded random deck: basic lands of two colors plus spells drawn from the pool."""
    spells = [n for n in pool.nonland_names() if n not in BASICS]
    colors = rng.sample(BASICS, 2)
    deck = [colors[i % 2] for i in range(lands)]
    deck += [rng.choice(spells) for _ in range(size - lands)]
    return deck


# Who answers for player i, given the (soon filled) one-element game reference; None: a random player.
InnerFactory = Callable[[int, list[Game]], "Decider | None"]


def play_game(pool: Pool, seed: int, decks: Sequence[Sequence[str]] | None = None, max_turns: int = 30,
              check: bool = True, names: Sequence[str] = ("alice", "bob"),
              inner: InnerFactory | None = None, verify: bool = False,
              turn_ended: Callable[[Game], None] | None = None) -> GameReport:
    """Play one seeded game; return its report.

    Players are seeded random players unless ``inner`` gives another decider for a player (a
    person at a terminal, a recorder, a replay).  A :class:`GameAbandoned` raised by a decider
    (end of input, a replay's divergence) ends the game cleanly; ``report.ended`` says why.
    ``verify``: every characteristic the engine is served (remembered, or by a shortcut) is checked
    against a fresh computation through every layer, and every library card a snapshot leaves out
    against its fields when the snapshot was taken; a difference is reported as an engine error
    (slow: for tests).  ``turn_ended``: called with the game as each turn ends (see
    :func:`runtime.turns.run`).
    """
    rng = random.Random(seed)
    if decks is None:
        decks = [random_deck(pool, rng), random_deck(pool, rng)]
    report = GameReport(seed=seed, turns=0, decisions=0, winner=None, decks=[list(d) for d in decks])
    game_ref: list[Game] = []
    census: list[Counter[int]] = []
    deciders = [CheckingDecider(game_ref, census, seed * 2 + i, report, check,
                                inner(i, game_ref) if inner is not None else None) for i in range(len(names))]
    game = Game(list(names), deciders, seed=seed)
    game.keyword_resolver = pool.keyword
    game.verify_characteristics = verify
    game_ref.append(game)
    for p, deck in enumerate(decks):
        for name in deck:
            game.add_card(p, pool.get(name), Zone.LIBRARY)
        game.shuffle(p)
        game.draw(p, STARTING_HAND)  # 103.4: starting hands
    census.append(card_census(game))
    try:
        take_mulligans(game)  # 103.4: nothing changes when every player keeps
        run(game, None, max_turns=max_turns, turn_ended=turn_ended)
        report.ended = "game over" if game.state.game_over else "turn limit"
    except GameAbandoned as e:
        report.ended = f"stopped: {e}"
    except Exception as e:  # noqa: BLE001 - a crash is a finding, reported with its seed
        report.violations.append(f"engine error: {type(e).__name__}: {e}")
        report.ended = "crash"
    if check:
        for problem in check_invariants(game, census[0]):
            report.violations.append(f"end: {problem}")
    report.turns = game.state.turn
    if game.state.winner is not None:
        report.winner = names[game.state.winner]
    report.log = list(game.state.log)
    report.final_state = state_digest(game.state)
    return report
