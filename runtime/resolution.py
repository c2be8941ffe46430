"""What an instruction sees while it resolves (608.2): :class:`Resolution`.

Amounts, conditions and effects are evaluated against one: the game, the controller, the source
and the chosen targets, plus what the previous instructions left behind ("if you do", "that
much", "them").  It turns the references of generated code (``Slot``, ``ThisObject``, ``You``)
into the objects and players they mean now.  Static abilities and costs evaluate their
conditions and amounts against one too, with no targets.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator

from .creature_types import choose_creature_type
from .selectors import ObjectFilter
from .values import (
    AttackingPlayer, ControllerOf, DefendingPlayer, EachObject, EachOpponent, EachPlayer, EnchantedObject, EventPlayer,
    LastAffected, ObjectRef, OwnerOf, OwnersOfAffected, PlayerRef, PlayerSlot, Slot, SlotsFrom, Slots, TheRest, ThisObject, You,
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
    this_way: int = 0  # how much the last counting instruction did ("that much", "that many": life lost, cards discarded, 608.2c)
    chosen: ObjectFilter | None = None  # the kind a player chose earlier in the ability ("of that type")
    coin_won: bool | None = None  # 705.2: whether the controller won the last coin flip of the ability
    # The player following the instruction being followed ("they", "their" in "each player sacrifices all
    # lands they control", "defending player loses 1 life for each card in their graveyard"), -1 if none.
    subject: int = -1
    rest: tuple[int, ...] = ()  # "the rest": the permanents not chosen by an instruction before (608.2d)
    chosen_name: str = ""  # a card name chosen earlier in the ability ("that name", 201.3)
    chosen_color: str = ""  # a color chosen earlier in the ability ("the chosen color", 105.1)
    division: tuple[int, ...] = ()  # 601.2d, 603.3d: an ability's divided amount as announced (a spell's is on it)
    # 118.3, 601.2h: (how, mana value) of each card its costs moved ("the exiled card's converted mana cost")
    cost_cards: tuple[tuple[str, int], ...] = ()
    mana_spent: tuple[str, ...] = ()  # 601.2h: the mana its costs spent, one color letter per mana ("B", "C")
    # The cards that permanents destroyed by this ability's instructions became in a graveyard ("destroyed
    # this way", 701.7a, 400.7).
    destroyed: tuple[int, ...] = ()

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
        if isinstance(ref, TheRest):
            return [o for o in self.rest if self.game.exists(o)]
        if isinstance(ref, LastAffected) and ref.permanent:
            return [o for o in self.last_affected if isinstance(o, int) and self.game.exists(o)
                    and self.game.obj(o).zone is Zone.BATTLEFIELD]
        if isinstance(ref, LastAffected):
            return [o for o in self.last_affected if not isinstance(o, int) or self.game.exists(o)]
        if isinstance(ref, EachObject) and ref.in_your_graveyard:
            objs = [self.game.obj(c) for c in self.game.zone(Zone.GRAVEYARD, self.controller)]
            return [o.oid for o in objs if ref.filter.matches(self.game, o, viewer=self.controller,
                                                              source_oid=self.source_oid)]
        if isinstance(ref, EachObject):
            if ref.filter.creature_type_of_choice and self.chosen is None:
                # 608.2d: "creatures of the creature type of your choice" -- chosen now, once.
                self.chosen = ObjectFilter(subtypes=(choose_creature_type(self.game, self.controller),))
            hosts = self.referents(ref.attached_to) if ref.attached_to is not None else None
            names = None
            if ref.same_name_as is not None:  # 201.2: a nameless object (708.2) shares no name
                names = {self.game.characteristics(self.game.obj(t)).name for t in self.referents(ref.same_name_as)
                         if isinstance(t, int) and self.game.exists(t)} - {""}
            players = self.players(ref.controlled_by) if ref.controlled_by is not None else None
            return [o.oid for o in self.game.battlefield()
                    if (players is None or o.controller in players)
                    and (not ref.created_by_source or o.card.created_by == self.source_oid)
                    and (hosts is None or o.attached_to in hosts)
                    and (names is None or self.game.characteristics(o).name in names)
                    and ref.filter.matches(self.game, o, viewer=self.controller, source_oid=self.source_oid)
                    and (not ref.filter.of_chosen or (self.chosen is not None and self.chosen.matches(
                        self.game, o, viewer=self.controller, source_oid=self.source_oid)))]
        if isinstance(ref, (EachOpponent, EachPlayer)):
            return [f"player:{p}" for p in self.players(ref)]
        if isinstance(ref, You):
            return [f"player:{self.controller}"]  # "deals 1 damage to you" (the ability's controller)
        if isinstance(ref, ControllerOf):
            # "deals X damage to that creature's controller" (608.2h: as it last existed)
            return [f"player:{p}" for p in self.players(ref)]
        if isinstance(ref, EnchantedObject):
            # 603.10a, 608.2h: once the Aura has left the battlefield ("when this leaves the
            # battlefield, destroy enchanted creature"), what it was attached to as it last existed
            src = self.source_object()
            host = src.attached_to if src is not None else None
            return [host] if host is not None and self.game.exists(host) else []
        return []

    def following(self, ref: PlayerRef) -> Iterator[int]:
        """The players a player reference means, each in turn the player following the instruction
        (101.4: "each player" in APNAP order): what "they" and "their" in it mean while it is theirs."""
        before = self.subject
        for p in self.players(ref):
            self.subject = p
            yield p
        self.subject = before

    def players(self, ref: PlayerRef) -> list[int]:
        """The players a player reference means."""
        if isinstance(ref, You):
            return [self.controller]
        if isinstance(ref, OwnersOfAffected):
            owners = {self.game.obj(o).owner for o in self.last_affected if isinstance(o, int) and self.game.exists(o)}
            n = len(self.game.players)
            return [p for p in [(self.game.state.active + i) % n for i in range(n)] if p in owners]  # 101.4
        if isinstance(ref, AttackingPlayer):
            return [self.game.state.active]  # 506.2
        if isinstance(ref, DefendingPlayer):
            return [self.game.opponent(self.game.state.active)]  # 506.2: two players
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
