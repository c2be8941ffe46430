"""The decision protocol: every question the engine asks a player, typed, and who answers them.

The engine never reads input or picks for a player itself.  Each question is a frozen dataclass;
a :class:`Decider` answers it.  The implementations drive games and live in :mod:`runtime.tools`:
the scripted decider of the scenario harness, a seeded random player, a person at a terminal, and
a recorded game's replay.  Questions only offer what the asking player may see (708.5: hidden
information is filtered before a question is built).
"""
from __future__ import annotations

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
class Mulligan(YesNo):
    """103.4: take a mulligan?  (yes: shuffle the hand into the library, draw a new hand, put
    ``bottom`` of its cards on the bottom of the library.)  ``hand``: the cards the player holds;
    ``taken``: the mulligans they have taken so far."""

    hand: tuple["Choice", ...] = ()
    taken: int = 0
    bottom: int = 1


@dataclass(frozen=True)
class ChooseCards:
    """Choose between ``minimum`` and ``maximum`` of the offered objects (search, discard, sacrifice)."""

    player: int
    prompt: str
    options: tuple[Choice, ...]
    minimum: int
    maximum: int


@dataclass(frozen=True)
class MulliganBottom(ChooseCards):
    """103.4: the ``minimum`` (= ``maximum``) cards of a hand just drawn for a mulligan to put on the
    bottom of the library, as many as the mulligans the player has taken."""


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


def chosen_keys(ans: Answer, allowed: Sequence[object], lo: int, hi: int) -> list[int] | None:
    """Read an answer naming between ``lo`` and ``hi`` distinct objects among ``allowed``, or None."""
    keys = ans if isinstance(ans, tuple) else ()
    picked = [int(k) for k in keys if k.isdigit() and int(k) in allowed]
    if len(picked) != len(keys) or len(set(picked)) != len(picked) or not lo <= len(picked) <= hi:
        return None
    return picked
