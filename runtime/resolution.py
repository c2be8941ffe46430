"""What an instruction sees while it resolves (608.2): :class:`Resolution`.

Amounts, conditions and effects are evaluated against one: the game, the controller, the source
and the chosen targets, plus what the previous instructions left behind ("if you do", "that
much", "them").  It turns the references of generated code (``Slot``, ``ThisObject``, ``You``)
into the objects and players they mean now.  Static abilities and costs evaluate their
conditions and amounts against one too, with no targets.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .selectors import ObjectFilter
from .values import (
    ControllerOf, EachObject, EachOpponent, EachPlayer, EnchantedObject, EventPlayer, LastAffected, ObjectRef,
    OwnerOf, PlayerRef, PlayerSlot, Slot, SlotsFrom, Slots, ThisObject, You,
)
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject


@dataclass
class Resolution:
    """What an instruction needs while it resolves: the game, who controls it, its source and targets."""

    game: "Game"
    controller: int
    source_oid: int
    targets: tuple[object, ...]
    x: int = 0
    last_affected: tuple[object, ...] = field(default_factory=tuple)
    illegal: frozenset[int] = frozenset()  # target slots that became illegal (608.2b)
    performed: bool = True  # whether the previous instruction happened ("if you do", "if you can't")
    event_player: int = -1  # the player the triggering event named ("that player"), -1 if none
    event_amount: int = 0  # the triggering event's amount ("that much")
    chosen: ObjectFilter | None = None  # the kind a player chose earlier in the ability ("of that type")
    division: tuple[int, ...] = ()  # 601.2d, 603.3d: an ability's divided amount as announced (a spell's is on it)

    def source_object(self) -> "GameObject | None":
        """The source object; once it has left its zone, its last known information (113.7a, 608.2h)."""
        state = self.game.state
        return state.objects.get(self.source_oid) or state.last_known.get(self.source_oid)

    def object_or_last_known(self, index: int) -> "GameObject | None":
        """The object in target slot ``index`` (-1: the source), or its last known information (608.2h)."""
        if index < 0:
            return self.source_object()
        if index >= len(self.targets) or not isinstance(self.targets[index], int):
            return None
        oid = self.targets[index]
        assert isinstance(oid, int)
        return self.game.state.objects.get(oid) or self.game.state.last_known.get(oid)

    def target_object(self, index: int) -> "GameObject | None":
        """The object in target slot ``index``, if it is still there."""
        if index >= len(self.targets):
            return None
        ref = self.targets[index]
        if isinstance(ref, int):
            return self.game.state.objects.get(ref)
        return None

    def referents(self, ref: ObjectRef) -> list[object]:
        """The objects or players an object reference means now (illegal targets are skipped, 608.2b)."""
        if isinstance(ref, Slot):
            if ref.index >= len(self.targets) or ref.index in self.illegal:
                return []
            t = self.targets[ref.index]
            return [] if t is None else [t]
        if isinstance(ref, SlotsFrom):
            return [t for i, t in enumerate(self.targets) if i >= ref.index and t is not None and i not in self.illegal]
        if isinstance(ref, Slots):
            return [t for i, t in enumerate(self.targets) if ref.first <= i < ref.first + ref.count
                    and t is not None and i not in self.illegal]
        if isinstance(ref, ThisObject):
            if self.game.exists(self.source_oid):
                return [self.source_oid]
            # 400.7d: an ability that triggered on its source moving zones finds the new object.
            src = self.source_object()
            return [o for o in self.last_affected if isinstance(o, int) and self.game.exists(o)
                    and src is not None and self.game.obj(o).card is src.card]
        if isinstance(ref, LastAffected):
            return [o for o in self.last_affected if not isinstance(o, int) or self.game.exists(o)]
        if isinstance(ref, EachObject) and ref.in_your_graveyard:
            objs = [self.game.obj(c) for c in self.game.zone(Zone.GRAVEYARD, self.controller)]
            return [o.oid for o in objs if ref.filter.matches(self.game, o, viewer=self.controller,
                                                              source_oid=self.source_oid)]
        if isinstance(ref, EachObject):
            hosts = self.referents(ref.attached_to) if ref.attached_to is not None else None
            names = None
            if ref.same_name_as is not None:  # 201.2: a nameless object (708.2) shares no name
                names = {self.game.characteristics(self.game.obj(t)).name for t in self.referents(ref.same_name_as)
                         if isinstance(t, int) and self.game.exists(t)} - {""}
            return [o.oid for o in self.game.battlefield()
                    if (hosts is None or o.attached_to in hosts)
                    and (names is None or self.game.characteristics(o).name in names)
                    and ref.filter.matches(self.game, o, viewer=self.controller, source_oid=self.source_oid)
                    and (not ref.filter.of_chosen or (self.chosen is not None and self.chosen.matches(
                        self.game, o, viewer=self.controller, source_oid=self.source_oid)))]
        if isinstance(ref, (EachOpponent, EachPlayer)):
            return [f"player:{p}" for p in self.players(ref)]
        if isinstance(ref, You):
            return [f"player:{self.controller}"]  # "deals 1 damage to you" (the ability's controller)
        if isinstance(ref, EnchantedObject):
            src = self.game.state.objects.get(self.source_oid)
            host = src.attached_to if src is not None else None
            return [host] if host is not None and self.game.exists(host) else []
        return []

    def players(self, ref: PlayerRef) -> list[int]:
        """The players a player reference means."""
        if isinstance(ref, You):
            return [self.controller]
        if isinstance(ref, EventPlayer):
            return [self.event_player] if self.event_player >= 0 else []
        if isinstance(ref, ControllerOf):
            if ref.slot in self.illegal:
                return []
            obj = self.object_or_last_known(ref.slot)
            return [obj.controller] if obj is not None else []
        if isinstance(ref, OwnerOf):
            owned = self.object_or_last_known(ref.slot)
            return [owned.owner] if owned is not None else []
        if isinstance(ref, PlayerSlot):
            if ref.index >= len(self.targets) or ref.index in self.illegal:
                return []
            t = self.targets[ref.index]
            if isinstance(t, str) and t.startswith("player:"):
                return [int(t.split(":")[1])]
        if isinstance(ref, (EachOpponent, EachPlayer)):
            # 101.4 (APNAP order): starting with the active player.
            n = len(self.game.players)
            order = [(self.game.state.active + i) % n for i in range(n)]
            return [p for p in order if not self.game.players[p].lost
                    and (isinstance(ref, EachPlayer) or p != self.controller)]
        return []
