"""Events: every change to the game is described by one of these before it happens.

The game passes each event through replacement effects (614) and, once it has happened, offers
it to triggered abilities (603).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from collections import Counter

from .zones import Zone

if TYPE_CHECKING:
    from .abilities import Ability, CardDefinition
    from .facedown import FaceDown


@dataclass
class ZoneChange:
    """An object moves from one zone to another (or a token is created: ``oid`` is None)."""

    oid: int | None
    card_id: int
    from_zone: Zone | None
    to_zone: Zone
    to_player: int  # whose zone it goes to (the owner's for per-player zones, 400.3)
    controller: int
    counters: Counter[str] = field(default_factory=Counter)
    tapped: bool = False
    keywords: tuple[str, ...] = ()  # "enters with ... and with flying" (614.1c)
    abilities: tuple[Ability, ...] = ()  # "enters with ... and with "ABILITY"" (614.1c, 613.1f)
    applied: frozenset[str] = frozenset()  # replacement effects already applied (614.5)
    new_oid: int | None = None  # filled in once it happened
    cause: str = ""  # "discard" when a player discards it (701.8): discard replacements apply
    face_down: "FaceDown | None" = None  # 708.3: put onto the battlefield face down
    copy_of: "CardDefinition | None" = None  # 707.5: enters as a copy of these copiable values
    copy_until_face_down: bool = False  # the copy effect ends when it is turned face down (708.2a)
    linked: str = ""  # the label of the replacement effect that sent it here (607.2a "this way")
    chosen_color: str = ""  # 614.12: the color chosen as it enters
    transformed: bool = False  # put onto the battlefield transformed: its back face up (701.28)


@dataclass(frozen=True)
class DamageDealt:
    """120.3, 603.2c: damage a source dealt in one event to one recipient (a creature's object id or
    a player), or, with ``recipient`` "", all the damage the source (or, for "is dealt damage", the
    recipient ``obj``) took part in during the event."""

    amount: int
    combat: bool  # combat damage (510.2)
    recipient: str = ""  # "" (the whole event) | "player" | "creature" | "blocking" (any blocking creatures)
    player: int = -1  # the player dealt damage, for "player"
    obj: int = -1  # the creature dealt damage, for "creature"
