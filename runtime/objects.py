"""Cards, game objects and players.

400.7: an object that moves from one zone to another becomes a new object with no memory of its
previous existence.  A :class:`Card` is the physical card (it keeps its identity for zone
conservation); a :class:`GameObject` is one existence of it in one zone, with a fresh id.
Everything a spell learned while being cast (kicked, X, alternative cost) lives on the object.
"""
from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .zones import Zone

if TYPE_CHECKING:
    from .abilities import CardDefinition
    from .facedown import FaceDown


@dataclass(frozen=True)
class Card:
    """A physical card (or a token's identity).  ``alias`` names it in scenarios and logs."""

    card_id: int
    owner: int
    definition: "CardDefinition"
    is_token: bool = False
    alias: str = ""

    def __deepcopy__(self, memo: dict[int, object]) -> "Card":
        return self  # immutable: every copy of a game state shares its cards


@dataclass
class CastInfo:
    """601.2b-f: what was announced and paid as the spell was cast (lives on the object)."""

    alternative: int | None = None  # index of the alternative cost option used
    paid: dict[int, int] = field(default_factory=dict)  # cost option index -> times paid
    x: int = 0
    from_zone: Zone = Zone.HAND
    copy: bool = False  # 707.10: a copy of a spell, put on the stack rather than cast
    main_phase: bool = False  # cast during its controller's main phase (505.1)
    modes: tuple[int, ...] = ()  # 700.2 / 601.2b: the modes announced, in printed order
    division: tuple[int, ...] = ()  # 601.2d: how the divided amount was split among the targets
    # The labels of the cost options the card had as it was cast, indexed like ``alternative`` and
    # ``paid`` (printed ones first, then granted ones, 613.1f); empty: its printed card's.
    options: tuple[str, ...] = ()
    # 400.7f: keywords granted to the card that let it be cast, kept by the spell: (name, cost
    # parameter or None), as in ``Characteristics.granted``.
    granted: tuple[tuple[str, tuple[str, ...] | None], ...] = ()
    # 702.47a-c: the cards spliced onto the spell, in the order their instructions follow its own.
    spliced: tuple["CardDefinition", ...] = ()


@dataclass
class GameObject:
    """One object in one zone.  Permanents, spells and cards in other zones alike."""

    oid: int
    card: Card
    zone: Zone
    controller: int
    tapped: bool = False
    counters: Counter[str] = field(default_factory=Counter)
    damage: int = 0
    entered_turn: int = -1  # the turn it came under its controller's control (302.6)
    cast: CastInfo | None = None
    targets: tuple[object, ...] = ()
    # 708.2: face-down status and what made it so (its face-down characteristics); None: face up.
    face_down: "FaceDown | None" = None
    # 707.2 / 706: copiable values set by a copy effect ("enter as a copy of"); None: its own card's.
    copy_of: "CardDefinition | None" = None
    activations: tuple[tuple[int, int], ...] = ()  # (ability index, turn) of once-each-turn abilities used (602.5b)
    turned_up_with: str = ""  # 702.37b: the label of the cost paid to turn it face up, if any
    phased_out: bool = False
    attacking: bool = False
    blocking: tuple[int, ...] = ()
    deathtouched: bool = False
    dealt_damage_turn: int = -1  # the last turn damage was dealt to it (120.3; -1: never)
    damaged_by: tuple[tuple[int, int], ...] = ()  # (source, turn) of each source that dealt damage to it (120.3)
    tapped_for: tuple[tuple[int, int], ...] = ()  # (permanent, turn) tapped to pay costs of this object's (118.3)
    regenerate_shields: int = 0
    # When it came under its controller's control, as a step tick (702.30a echo; -1: before the game).
    control_since: int = -1
    attached_to: int | None = None  # 301.5 / 303.4: the permanent an Aura or Equipment is attached to
    phased_indirectly: bool = False  # 702.26g: phased out because what it's attached to did

    def __deepcopy__(self, memo: dict[int, object]) -> "GameObject":
        """A fast copy: every field is immutable except the counters and the cast record."""
        new = copy.copy(self)
        new.counters = Counter(self.counters)
        if self.cast is not None:
            new.cast = dataclasses.replace(self.cast, paid=dict(self.cast.paid))  # every field, the dict copied
        memo[id(self)] = new
        return new

    @property
    def owner(self) -> int:
        """108.3: the owner of a card is the player who started the game with it."""
        return self.card.owner

    @property
    def definition(self) -> "CardDefinition":
        """Its copiable values (layer 1, 613.2): the face-down characteristics while it is face down
        (708.2), else the values a copy effect gave it (707.2), else its card as printed."""
        if self.face_down is not None:
            return self.face_down.definition
        if self.copy_of is not None:
            return self.copy_of
        return self.card.definition


@dataclass
class Player:
    """A player: life total, mana pool and per-turn bookkeeping (119, 106.4)."""

    index: int
    name: str
    life: int = 20
    mana: Counter[str] = field(default_factory=Counter)
    lands_played: int = 0
    lost: bool = False
    drew_from_empty: bool = False
    loss_reason: str = ""
    upkeep_ticks: list[int] = field(default_factory=list)  # when each of their upkeeps began
    left_battlefield_turn: int = -1  # the last turn a permanent they controlled left the battlefield (revolt)
    turn_began: int = -1  # the number of their most recent turn (302.6 with extra turns, 500.7); -1: none yet
    revealed_top: int = -1  # 401.5: the library card last shown as their revealed top card (-1: none)
