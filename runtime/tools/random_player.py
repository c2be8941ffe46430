"""A seeded random player (for simulation, soak tests and fuzzing): it answers every question of
the decision protocol (:mod:`runtime.decisions`) with a legal answer picked at random -- except
the mulligan (103.4), which it never takes: a random mulligan would only make it weaker, and
keeping without drawing a random number leaves every seeded game what it was before mulligans.
"""
from __future__ import annotations

import random
from typing import Sequence

from ..decisions import (
    Answer, Choice, ChooseAction, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget,
    DeclareAttackers, DeclareBlockers, Mulligan, Question, YesNo,
)


class RandomDecider:
    """A seeded random player: the same seed and the same questions give the same answers."""

    def __init__(self, seed: int, pass_weight: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.pass_weight = pass_weight

    def _subset(self, options: Sequence[Choice], lo: int, hi: int) -> tuple[str, ...]:
        n = self.rng.randint(lo, min(hi, len(options))) if options else 0
        return tuple(c.key for c in self.rng.sample(list(options), n))

    def decide(self, question: Question) -> Answer:
        """Pick uniformly among legal answers (passing priority with probability ``pass_weight``)."""
        q = question
        if isinstance(q, Mulligan):
            return False  # it keeps (see the module docstring), drawing no random number
        if isinstance(q, YesNo):
            return self.rng.random() < 0.5
        if isinstance(q, ChooseCards):
            return self._subset(q.options, q.minimum, q.maximum)
        if isinstance(q, ChooseTarget):
            if q.optional and (not q.options or self.rng.random() < 0.25):
                return None
            return self.rng.choice(q.options).key if q.options else None
        if isinstance(q, ChooseOrder):
            keys = [c.key for c in q.options]
            self.rng.shuffle(keys)
            return tuple(keys)
        if isinstance(q, ChooseNumber):
            return self.rng.randint(q.minimum, q.maximum)
        if isinstance(q, ChooseOption):
            return self.rng.choice(q.options).key
        if isinstance(q, ChooseAction):
            acts = [c for c in q.options if c.key != "pass"]
            lands = [c for c in acts if c.key.startswith("play:")]
            if lands:  # a land drop is almost always right
                return self.rng.choice(lands).key
            if not acts or self.rng.random() < self.pass_weight:
                return "pass"
            return self.rng.choice(acts).key
        if isinstance(q, DeclareAttackers):
            able = [c for c in q.options if c.key in q.legal and c.key not in q.required]
            must = tuple(k for k in q.required if k in q.legal)  # 508.1d: requirements are obeyed
            return must + self._subset(able, 0, len(able))
        if isinstance(q, DeclareBlockers):
            pairs: list[str] = []
            required = {r.split(">")[0]: r for r in q.requirements if r in q.legal}
            for b in q.blockers:
                if b.key in required:
                    pairs.append(required[b.key])
                    continue
                mine = [p for p in q.legal if p.startswith(b.key + ">")]
                if mine and self.rng.random() < 0.5:
                    pairs.append(self.rng.choice(mine))
            # 509.1b: drop the blocks of an attacker that would have too few blockers.
            for m in q.minimums:
                attacker, _, n = m.partition(">")
                if len([p for p in pairs if p.endswith(">" + attacker)]) < int(n):
                    pairs = [p for p in pairs if not p.endswith(">" + attacker)]
            for m in q.maximums:
                attacker, _, n = m.partition(">")
                mine = [p for p in pairs if p.endswith(">" + attacker)]
                pairs = [p for p in pairs if p not in mine[int(n):]]
            return tuple(pairs)
        raise TypeError(f"unknown question {q!r}")
