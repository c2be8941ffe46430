"""Player actions taken with priority (117.1) and special actions (116)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class CastSpell:
    """601.2: cast the card ``oid``.

    ``alternative`` is the index of an alternative cost option (at most one, 601.2b / 118.9a);
    ``additional`` maps additional cost option indexes to how many times they are paid;
    ``targets`` are target references in slot order (asked for when ``None``); ``x`` is X.
    """

    oid: int
    alternative: int | None = None
    additional: tuple[tuple[int, int], ...] = ()
    targets: tuple[object, ...] | None = None
    x: int = 0
    phyrexian_life: int = 0
    # Further alternative costs asked for together with ``alternative``: always refused, since a
    # spell can't have two alternative costs or be cast two alternative ways (118.9a, 601.2b).
    also: tuple[int, ...] = ()
    modes: tuple[int, ...] | None = None  # 700.2 / 601.2b: the modes of a modal spell (asked for when None)
    division: tuple[int, ...] | None = None  # 601.2d: the split of a divided amount, per target (asked when None)


@dataclass(frozen=True)
class ActivateAbility:
    """602.2: activate the ``index``-th activated ability of permanent ``oid``."""

    oid: int
    index: int
    targets: tuple[object, ...] | None = None
    x: int = 0


@dataclass(frozen=True)
class PlayLand:
    """116.2a / 305.1: play a land (a special action)."""

    oid: int


@dataclass(frozen=True)
class TurnFaceUp:
    """116.2b: turn face-down permanent ``oid`` face up, the ``way``-th way it allows (702.37e, 701.34b);
    ``x`` is X in that cost (702.37f)."""

    oid: int
    way: int = 0
    x: int = 0


@dataclass(frozen=True)
class PassPriority:
    """117.3d: pass priority."""


@dataclass(frozen=True)
class Concede:
    """104.3a: concede the game (any time; here, with priority): lose it and leave it (800.4a)."""


Action = Union[CastSpell, ActivateAbility, PlayLand, TurnFaceUp, PassPriority, Concede]


@dataclass(frozen=True)
class Refusal:
    """An action the game refused, and why."""

    action: Action
    reason: str = field(default="")
