"""The game state (plain data) and what is read straight off it.

:class:`GameState` is everything that is the game and nothing that isn't: players, cards, objects
and the zones that hold them, the stack, the turn, triggered abilities waiting to be put on the
stack, continuous effects in force, the event log and the game's one random generator.  It is
deep-copyable and hashable through :func:`state_digest`.  :class:`runtime.game.Game` holds one,
with the players' deciders, and is the only way it changes.
"""
from __future__ import annotations

import copy
import hashlib
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

from .versions import Clock
from .zones import Zone

if TYPE_CHECKING:
    from .abilities import TriggeredAbility
    from .continuous import ContinuousEffect, Redirection, RuleEffect
    from .effects import Effect
    from .objects import Card, GameObject, Player
    from .stack import StackItem


@dataclass(frozen=True)
class PendingTrigger:
    """A triggered ability that triggered and waits to be put on the stack (603.3)."""

    controller: int
    source_oid: int
    ability: TriggeredAbility | None
    effect: "Effect | None" = None  # for delayed triggers (603.7)
    remembered: tuple[int, ...] = ()
    label: str = ""
    source_card: int = -1  # the source's card, named even after the source left its zone
    event_player: int = -1  # the player the triggering event named ("that player", 603.2)
    event_amount: int = 0  # the triggering event's amount ("that much")


@dataclass(frozen=True)
class DelayedTrigger:
    """603.7: a delayed triggered ability waiting for the next ``step``."""

    controller: int
    source_oid: int
    step: str
    effect: "Effect"
    remembered: tuple[int, ...]
    created_turn: int
    created_step: str
    source_card: int = -1  # 603.7d: the spell that created it is its source, even once gone
    # 603.7c: instead of a step, an event of one object this turn: the event's key and the object;
    # ``combat``: only combat damage counts (510.2); ``once``: it triggers once ("when this dies this
    # turn"), else each time ("whenever that creature deals combat damage this turn").
    event: str = ""
    watched: int = -1
    combat: bool = False
    once: bool = False


@dataclass
class GameState:
    """Everything that is the game, and nothing that isn't (no deciders, no definitions copied)."""

    players: list[Player]
    cards: Mapping[int, Card] = field(default_factory=dict)
    objects: Mapping[int, GameObject] = field(default_factory=dict)
    zones: Mapping[tuple[Zone, int], tuple[int, ...]] = field(default_factory=dict)
    stack: tuple["StackItem", ...] = ()
    turn: int = 0
    active: int = 0
    step: str = "untap"
    priority: int = 0
    next_id: int = 1
    rng: random.Random = field(default_factory=random.Random)
    log: list[str] = field(default_factory=list)
    pending: tuple[PendingTrigger, ...] = ()
    delayed: tuple[DelayedTrigger, ...] = ()
    game_over: bool = False
    winner: int | None = None
    first_player: int = 0
    blocked: tuple[int, ...] = ()  # attackers that became blocked (509.1h)
    # 509.2: each blocked attacker's damage assignment order (its blockers, in the active player's order).
    damage_order: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    # 113.7a / 608.2h: each object as it last existed before it left its zone (by its old id).
    last_known: Mapping[int, GameObject] = field(default_factory=dict)
    tick: int = 0  # counts step beginnings: a clock for "since the beginning of your last upkeep"
    continuous: tuple[ContinuousEffect, ...] = ()  # 611.2 effects in force
    rules: tuple[RuleEffect, ...] = ()  # 611.2c effects changing the rules, in force
    # Effects "during its controller's next turn", by the player whose next turn they wait for (500.1).
    scheduled: tuple[tuple[int, ContinuousEffect], ...] = ()
    block_requirements: tuple[tuple[int, int], ...] = ()  # 509.1c (blocker, attacker)
    resolving: int | None = None  # the spell resolving now (608.2), still in the stack zone
    # host -> objects attached to it (an index; each entry is re-checked against attached_to).
    attachments: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    # 510.4: the attackers and blockers that dealt combat damage in the first combat damage step.
    first_damage_dealers: tuple[int, ...] = ()
    # 702.22c-e: the attacking bands announced this combat (a member removed from combat stops being
    # one, 702.22f: readers keep only the members still attacking).
    bands: tuple[tuple[int, ...], ...] = ()
    # 615.7: prevention shields set up this turn ("prevent the next N damage"), by "player:i" or object id.
    prevention: Mapping[str, int] = field(default_factory=dict)
    # 614.9: redirection effects of resolved spells and abilities, in force until end of turn.
    redirections: tuple["Redirection", ...] = ()
    # "can't cast spells with the same name as ..." (101.2): (player, name, the player whose next
    # turn ends it), from effects lasting "until your next turn"; "can't cast spells this turn": (player,
    # "", -1), ended with the turn (514.2).
    cast_bans: tuple[tuple[int, str, int], ...] = ()
    # 500.7: extra turns to be taken after this one, the most recently created last (taken first).
    extra_turns: tuple[int, ...] = ()
    # 607.2a: the cards each object's abilities exiled (the object's id, the exiled card's new object id):
    # "exiled with this" is a linked set.
    exiled_with: tuple[tuple[int, int], ...] = ()
    normal_active: int = -1  # the player of the last turn that wasn't an extra one (-1: none yet)
    defending: int = -1  # 506.2: the player attacked in this combat (-1: no attackers declared)

    # The game's write clock (``runtime.versions``): every assignment to a field of the state, of an
    # object or of a player is numbered by it.
    clock: Clock = field(default_factory=Clock, compare=False, repr=False)

    def __setattr__(self, name: str, value: object) -> None:
        """The one way the game state's fields change: the write is numbered by its clock (writing the
        value it already has, or an equal tuple or mapping, is no write)."""
        d = self.__dict__
        old = d.get(name, d)
        if old is value or (type(old) in (tuple, dict) and old == value):
            return
        d[name] = value
        clock = d.get("clock")
        if clock is not None and name != "clock":
            clock.wrote(name)

    def __deepcopy__(self, memo: dict[int, object]) -> "GameState":
        """A copy for another game (``Game.fork``).  Every field is an immutable value but the log
        (copied) and the random generator (a new one in the same state); the objects and players
        are copied so that the copy's writes are numbered by the copy's own clock."""
        new: GameState = object.__new__(GameState)
        clock = copy.deepcopy(self.clock, memo)
        memo[id(self.clock)] = clock
        d = new.__dict__
        d.update(self.__dict__)
        d["clock"] = clock
        d["log"] = list(self.log)
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        d["objects"] = {k: copy.deepcopy(o, memo) for k, o in self.objects.items()}
        d["players"] = [copy.deepcopy(p, memo) for p in self.players]
        return new


def zone_key(zone: Zone, player: int) -> tuple[Zone, int]:
    """The key of ``player``'s ``zone`` (shared zones use -1)."""
    # Identity tests, not ``zone.per_player``: this is asked at every zone lookup.
    return (zone, player if zone is Zone.LIBRARY or zone is Zone.HAND or zone is Zone.GRAVEYARD else -1)


def state_digest(state: GameState) -> str:
    """A hash of the whole game state, for determinism and transactional-rollback checks."""
    parts: list[str] = [
        repr([(p.index, p.life, sorted(p.mana.items()), p.lands_played, p.lost, p.left_battlefield_turn, p.left,
               sorted(p.counters.items()))
              for p in state.players]),
        repr(sorted((k[0].value, k[1], tuple(v)) for k, v in state.zones.items())),
        repr(sorted(
            (o.oid, o.card.card_id, o.zone.value, o.controller, o.tapped, sorted(o.counters.items()),
             o.damage, o.entered_turn, repr(o.cast), o.targets, o.face_down.via if o.face_down else "",
             o.copy_of.name if o.copy_of else None, o.turned_up_with, o.activations, o.phased_out,
             o.attacking, o.blocking, o.attached_to, o.phased_indirectly, o.regenerate_shields,
             o.deathtouched, o.phases_in_after, sorted(o.designations), o.transformed, o.color_words,
             o.dealt_damage_turn, o.damaged_by, o.tapped_for)
            for o in state.objects.values()
        )),
        repr([(s.kind.value, s.oid, s.source_oid, s.controller, s.targets) for s in state.stack]),
        repr((state.turn, state.active, state.step, state.priority, state.next_id, state.game_over)),
        repr(state.rng.getstate()),
        repr(state.log),
        repr([(p.controller, p.source_oid, p.label) for p in state.pending]),
        repr([(d.controller, d.step, d.remembered, d.event, d.watched, d.once) for d in state.delayed]),
        repr((state.blocked, sorted(state.damage_order.items()), state.first_damage_dealers, state.bands)),
        repr((state.tick, [(e.oid, e.parts, e.controller, e.until, e.timestamp) for e in state.continuous],
              state.block_requirements, [p.upkeep_ticks for p in state.players],
              sorted((k, tuple(v)) for k, v in state.attachments.items()),
              sorted((o.oid, o.control_since) for o in state.objects.values()))),
        repr(sorted(state.prevention.items())),
        repr(state.redirections),
        repr(state.rules),
        repr([(p, e.oid, e.parts, e.controller) for p, e in state.scheduled]),
        repr(state.cast_bans),
        repr((state.extra_turns, state.normal_active, [(p.revealed_top, p.turn_began, p.turns_to_skip) for p in state.players])),
        repr([(sorted(p.counters.items()), p.sheets) for p in state.players]),  # 122.1, 123.1
        repr(sorted((o.oid, o.stickers) for o in state.objects.values() if o.stickers)),  # 123.4
        repr(state.defending),
        repr(state.exiled_with),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
