"""Cards, game objects and players.

400.7: an object that moves from one zone to another becomes a new object with no memory of its
previous existence.  A :class:`Card` is the physical card (it keeps its identity for zone
conservation); a :class:`GameObject` is one existence of it in one zone, with a fresh id.
Everything a spell learned while being cast (kicked, X, alternative cost) lives on the object.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping, TypeVar

from .versions import STATUS, Clock, player_key, status_key
from .zones import Zone

from .stickers import PlacedSticker, StickerSheet
from .text_changes import text_changed

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
    # 607.2a, 111.2: the object whose ability created this token ("tokens created with Saproling Burst",
    # "fade counters on Saproling Burst" in the token's own ability), -1 if none
    created_by: int = -1

    def __deepcopy__(self, memo: dict[int, object]) -> "Card":
        return self  # immutable: every copy of a game state shares its cards


@dataclass(frozen=True)
class CastInfo:
    """601.2b-f: what was announced and paid as the spell was cast (lives on the object)."""

    alternative: int | None = None  # index of the alternative cost option used
    paid: Mapping[int, int] = field(default_factory=dict)  # cost option index -> times paid
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
    # 601.2i: the permanents its controller controlled as it became cast, as they were then (kept
    # only for a card whose abilities ask, "if you ... controlled a Dragon as you cast this spell").
    controlled: tuple["GameObject", ...] = ()
    # 118.3, 601.2h: (how, mana value) of each card moved to pay its costs ("the discarded card's
    # converted mana cost", read as it enters, 614.1c).
    cost_cards: tuple[tuple[str, int], ...] = ()
    mana_spent: tuple[str, ...] = ()  # 601.2h: the mana spent to cast it, one color letter per mana


@dataclass
class GameObject:
    """One object in one zone.  Permanents, spells and cards in other zones alike."""

    oid: int
    card: Card
    zone: Zone
    controller: int
    tapped: bool = False
    # A Counter (0 for a kind it has none of), never changed in place: a write puts a new one.
    counters: Mapping[str, int] = field(default_factory=Counter)
    damage: int = 0
    entered_turn: int = -1  # the turn it came under its controller's control (302.6)
    cast: CastInfo | None = None
    targets: tuple[object, ...] = ()
    # 708.2: face-down status and what made it so (its face-down characteristics); None: face up.
    face_down: "FaceDown | None" = None
    # 707.2 / 706: copiable values set by a copy effect ("enter as a copy of"); None: its own card's.
    copy_of: "CardDefinition | None" = None
    copy_until_face_down: bool = False  # "until this is turned face down, it becomes a copy ..." (708.2a)
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
    # 123.4-123.7: the stickers on it, and its card's definition as they change it (its name, base
    # power and toughness, and abilities, 123.6); None: no sticker changes its card.
    stickers: tuple[PlacedSticker, ...] = ()
    stickered: "CardDefinition | None" = None
    # 702.26n: phased out under the control of a player who left the game (that player's index):
    # it phases in at the untap step after their next turn would have begun (-2: at the next one).
    phases_in_after: int = -1
    chosen_color: str = ""  # 614.12: the color chosen as it entered ("the chosen color")
    designations: frozenset[str] = frozenset()  # 701.31b: "monstrous" (not an ability nor a copiable value)
    transformed: bool = False  # 712.8: a transforming double-faced permanent with its back face up
    # 612.2, 613.1c (layer 3): color-word substitutions of text-changing effects on it, (from, to) color
    # letters in the order the effects were created; its definition reads them (runtime.text_changes)
    color_words: tuple[tuple[str, str], ...] = ()

    # The write clock of its game (``runtime.versions``), and the number of the last write to it.
    version: int = field(default=0, compare=False, repr=False)
    clock: Clock | None = field(default=None, compare=False, repr=False)

    def __setattr__(self, name: str, value: object) -> None:
        """The one way a game object changes: the write is numbered by its game's clock (writing the
        value it already has is no write)."""
        d = self.__dict__
        if d.get(name, d) is value:
            return
        clock = d.get("clock")
        if clock is not None:
            oid = d["oid"]
            clock.write(self, d, oid, status_key(oid) if name in STATUS else None)
        d[name] = value

    def __post_init__(self) -> None:
        if self.clock is not None:  # its creation is a write (its fields were set before the clock)
            self.__dict__["version"] = self.clock.wrote(self.oid)

    def __deepcopy__(self, memo: dict[int, object]) -> "GameObject":
        """A copy for another game (``Game.fork``): see :func:`_copy_for_fork`."""
        return _copy_for_fork(self, memo)

    @property
    def owner(self) -> int:
        """108.3: the owner of a card is the player who started the game with it."""
        return self.card.owner

    @property
    def definition(self) -> "CardDefinition":
        """Its definition as the layers read it: its copiable values (layer 1, 613.2) -- the face-down
        characteristics while it is face down (708.2), else the values a copy effect gave it (707.2),
        else its card as its stickers change it (123.6), else its card as printed -- with its text as
        text-changing effects change it (layer 3, 612.2)."""
        copiable = self.copiable
        return text_changed(copiable, self.color_words) if self.color_words else copiable  # 613.1c: layer 3

    @property
    def copiable(self) -> "CardDefinition":
        """Its copiable values (707.2: what a copy of it copies): its definition before text-changing
        effects, which are not copied."""
        if self.face_down is not None:
            return self.face_down.definition
        if self.copy_of is not None:
            return self.copy_of
        if self.stickered is not None:
            return self.stickered
        back = self.card.definition.back
        return back if self.transformed and back is not None else self.card.definition  # 712.8d


@dataclass
class Player:
    """A player: life total, mana pool and per-turn bookkeeping (119, 106.4)."""

    index: int
    name: str
    life: int = 20
    mana: Mapping[str, int] = field(default_factory=Counter)  # a Counter, replaced whole on a write
    lands_played: int = 0
    lost: bool = False
    drew_from_empty: bool = False
    loss_reason: str = ""
    upkeep_ticks: tuple[int, ...] = ()  # when each of their upkeeps began
    left_battlefield_turn: int = -1  # the last turn a permanent they controlled left the battlefield (revolt)
    turn_began: int = -1  # the number of their most recent turn (302.6 with extra turns, 500.7); -1: none yet
    revealed_top: int = -1  # 401.5: the library card last shown as their revealed top card (-1: none)
    counters: Mapping[str, int] = field(default_factory=Counter)  # 122.1: counters on the player (ticket, ...)
    sheets: tuple[StickerSheet, ...] = ()  # 123.1: their sticker sheets for this game
    left: bool = False  # 800.4a: left the game (104.5: lost it, or conceded, 104.3a) while it goes on
    turns_to_skip: int = 0  # 614.10: "skip your next turn" -- how many of their next turns are skipped
    # 601.2i: the spells they cast this turn, each as it was when it became cast (for "if you've
    # cast an instant or sorcery spell this turn"); emptied as each turn begins.
    cast_this_turn: tuple["GameObject", ...] = ()
    # The write clock of its game (``runtime.versions``), and the number of the last write to them.
    version: int = field(default=0, compare=False, repr=False)
    clock: Clock | None = field(default=None, compare=False, repr=False)

    def __setattr__(self, name: str, value: object) -> None:
        """The one way a player changes: the write is numbered by its game's clock (writing the value
        it already has is no write)."""
        d = self.__dict__
        if d.get(name, d) is value:
            return
        clock = d.get("clock")
        if clock is not None:
            clock.write(self, d, player_key(d["index"]))
        d[name] = value

    def __post_init__(self) -> None:
        if self.clock is not None:
            self.__dict__["version"] = self.clock.wrote(player_key(self.index))

    def __deepcopy__(self, memo: dict[int, object]) -> "Player":
        """A copy for another game (``Game.fork``): see :func:`_copy_for_fork`."""
        return _copy_for_fork(self, memo)


def plus(counts: Mapping[str, int], kind: str, n: int) -> "Counter[str]":
    """A new Counter: ``counts`` with ``n`` more of ``kind`` (fewer, for a negative ``n``; a kind
    down to 0 is dropped).  Counters and mana pools are values: a write puts a new one (122.1, 106.4)."""
    new = Counter(counts)
    left = new[kind] + n
    if left > 0:
        new[kind] = left
    else:
        del new[kind]
    return new


_Written = TypeVar("_Written", GameObject, Player)


def _copy_for_fork(obj: _Written, memo: dict[int, object]) -> _Written:
    """A copy of ``obj`` for another game: every field is an immutable value, so they are shared;
    the copy follows the other game's clock (``GameState.__deepcopy__`` copies the clock first)."""
    new: _Written = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    clock = obj.__dict__.get("clock")
    if clock is not None:
        new.__dict__["clock"] = memo.get(id(clock), clock)
    memo[id(obj)] = new
    return new
