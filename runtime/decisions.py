"""The decision protocol: every question the engine asks a player, typed, and who answers them.

The engine never reads input or picks for a player itself.  Each question is a frozen dataclass;
a :class:`Decider` answers it.  Implementations: :class:`RandomDecider` (seeded, for simulation)
and, in :mod:`runtime.scenario`, the scripted decider of the test harness.  Questions only offer
what the asking player may see (708.5: hidden information is filtered before a question is built).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, Sequence, Union


@dataclass(frozen=True)
class Choice:
    """One option offered to a player: an id the engine understands and a label the player reads.

    ``subject`` is the object the option stands for when its key isn't that object's id (e.g. the
    source of a triggered ability being ordered, 603.3b), so two options with the same label can
    still be told apart; -1 when there is none.
    """

    key: str
    label: str
    subject: int = -1


@dataclass(frozen=True)
class YesNo:
    """A yes/no question (e.g. "pay the echo cost?")."""

    player: int
    prompt: str


@dataclass(frozen=True)
class ChooseCards:
    """Choose between ``minimum`` and ``maximum`` of the offered objects (search, discard, sacrifice)."""

    player: int
    prompt: str
    options: tuple[Choice, ...]
    minimum: int
    maximum: int


@dataclass(frozen=True)
class ChooseTarget:
    """601.2c / 603.3d: choose the target for one target slot."""

    player: int
    prompt: str
    options: tuple[Choice, ...]
    optional: bool = False


@dataclass(frozen=True)
class ChooseOrder:
    """603.3b: order triggered abilities that trigger at once; answer is the keys in stack order (first put first)."""

    player: int
    prompt: str
    options: tuple[Choice, ...]


@dataclass(frozen=True)
class ChooseNumber:
    """Choose a number (e.g. X, 107.3)."""

    player: int
    prompt: str
    minimum: int
    maximum: int


@dataclass(frozen=True)
class ChooseOption:
    """Choose one of several named options (a color of mana, a mode)."""

    player: int
    prompt: str
    options: tuple[Choice, ...]


@dataclass(frozen=True)
class ChooseAction:
    """117: the player has priority; choose an action (or ``pass``).  Options are legal actions."""

    player: int
    prompt: str
    options: tuple[Choice, ...]


@dataclass(frozen=True)
class DeclareAttackers:
    """508.1: choose which creatures attack (keys of creatures; each attacks the opponent).

    ``options`` lists the player's creatures; ``legal`` the keys of those able to attack now.
    """

    player: int
    prompt: str
    options: tuple[Choice, ...]
    legal: tuple[str, ...] = ()
    required: tuple[str, ...] = ()  # 508.1d: keys of creatures that attack each combat if able


@dataclass(frozen=True)
class DeclareBlockers:
    """509.1: choose blocks, as ``blocker_key>attacker_key`` strings."""

    player: int
    prompt: str
    blockers: tuple[Choice, ...]
    attackers: tuple[Choice, ...]
    requirements: tuple[str, ...] = ()  # 509.1c: "blocker>attacker" blocks required if able
    legal: tuple[str, ...] = ()  # every "blocker>attacker" block that breaks no restriction (509.1b)
    minimums: tuple[str, ...] = ()  # 509.1b: "attacker>N": blocked by none or by at least N creatures
    maximums: tuple[str, ...] = ()  # 509.1b: "attacker>N": blocked by at most N creatures


Question = Union[
    YesNo, ChooseCards, ChooseTarget, ChooseOrder, ChooseNumber, ChooseOption, ChooseAction,
    DeclareAttackers, DeclareBlockers,
]
Answer = Union[bool, int, str, tuple[str, ...], None]


class Decider(Protocol):
    """Answers the engine's questions for one or more players."""

    def decide(self, question: Question) -> Answer:
        """Return the answer to ``question``; the engine validates it and refuses illegal answers."""
        ...


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
