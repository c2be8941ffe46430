"""The game: the one path through which its state (:mod:`runtime.state`) changes.

:class:`Game` holds a state and the players' deciders, and offers the operations effects use.
Every operation builds an event, applies replacement effects (614), performs it, logs it, and
collects the triggered abilities it triggers (603.2).  Player actions are transactional: an
illegal action raises :class:`~runtime.errors.IllegalAction` and the state is restored as it was
(726.1).  Reading the state goes through the game too: zones, objects, and characteristics
computed through the layers (613), remembered while nothing changes.
"""
from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, TypeVar

from . import layers
from .abilities import (
    Ability, AsChoosePT, AuraTarget, AsCopyOf, BeginningOfStep, StateTrigger, CantBeCountered, CardDefinition, DiscardInstead, EntersAsCopy, EntersTheBattlefield,
    EntersTapped, EntersWithCounters, ExileIfLeavesStack, HandIfPaidOnResolve, ObjectEvent, RevealToEnterWithCounters,
    ChooseColorAsEnters,
    StaticAbility, TriggeredAbility,
)
from .action_steps import ACTION_STEPS
from .continuous import (
    CantBeAttachedBy, CantSearchLibraries, ContinuousEffect, ControlledBy, GainAbility, GainKeywords, DamageGainsLife, DamageIsLethal, Indestructible,
    CantBeRegenerated, PreventDamageBy, Part, PreventDamageFrom, SetBasePT, affects_player,
    DamageAsCounters,
    DamageCantBePrevented, DamageLifeFloor, ExileIfWouldDie, PreventDamageDealtBy, Redirection, RedirectDamageToThis,
)
from .decisions import Answer, ChooseCards, ChooseOption, ChooseOrder, Choice, Decider, Question, chosen_keys
from .errors import IllegalAction
from .events import DamageDealt, ZoneChange
from .mana import COLOR_NAMES, COLORS
from .objects import Card, GameObject, Player, plus
from .permanents import Permanents
from .resolution import Resolution
from .stack import StackKind
from .state import DelayedTrigger, GameState, PendingTrigger, state_digest, zone_key
from .selectors import has_quality
from .zones import Zone
from .versions import without

if TYPE_CHECKING:
    from .effects import CreateTokens, Effect, PerformAction
    from .offers import Candidates
    from .facedown import FaceDown
    from .stack import StackItem


T = TypeVar("T")


def _watches_casts(a: Ability) -> bool:
    """Whether ``a`` is a cast trigger (603.2, 601.2i), or a static ability granting one (613.1f:
    "As long as ..., this has "Whenever an opponent casts a spell, ..."")."""
    if isinstance(a, TriggeredAbility):
        return isinstance(a.trigger, ObjectEvent) and "cast" in a.trigger.events
    if isinstance(a, StaticAbility):
        return any(isinstance(p, GainAbility) and _watches_casts(p.ability) for p in a.parts)
    return False


class Snapshot:
    """A game as it was, for :meth:`Game.restore` (726.1): the state's fields, the random
    generator's state, the log's length, and the clock's mark and trail length."""

    def __init__(self, fields: dict[str, object], rng: tuple[Any, ...], log_length: int) -> None:
        self.fields = fields
        self.rng = rng
        self.log_length = log_length
        self.mark = 0
        self.trail_length = 0


class Game:
    """A game in progress: state plus the deciders that answer for each player."""

    def __init__(self, players: Sequence[str], deciders: Sequence[Decider], seed: int = 0) -> None:
        state = GameState(players=[Player(i, n) for i, n in enumerate(players)])
        for p in state.players:
            p.__dict__["clock"] = state.clock
        state.rng = random.Random(seed)
        zones: dict[tuple[Zone, int], tuple[int, ...]] = {}
        for i in range(len(players)):
            for z in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD):
                zones[(z, i)] = ()
        for z in (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND):
            zones[(z, -1)] = ()
        state.zones = zones
        self.state = state
        self.deciders = list(deciders)
        self.refusals: list[str] = []
        self.observers: list[Callable[["Game"], None]] = []
        # Characteristics being computed, by object id: what a condition sees of its own object (613.8).
        self.partial: dict[int, layers.Characteristics] = {}
        # Set only inside ``unchanging()``: characteristics remembered while nothing can change.
        self.characteristics_cache: layers.CharacteristicsCache | None = None
        # The clock reading at which the last state-based-action check left no action to perform
        # (-1: none yet; ``sba.check_state_based_actions``).
        self.sba_clean_at = -1
        # The offers found for each (player, sorcery timing), with the clock reading they were true at
        # (``offers.legal_action_choices``).
        self.kept_offers: dict[tuple[int, bool], tuple["Candidates", int]] = {}
        # The last list of mana sources looked at, with how many sources make each set of colors
        # (``costs.mana_payable``).
        self.source_kinds: tuple[list[tuple[int, int, tuple[str, ...]]], dict[tuple[str, ...], int]] | None = None
        # Each player's permanents with their characteristics, kept against the clock (``controlled``).
        self.permanents = Permanents()
        # The last stretch's cache and the clock reading it was true at (see ``unchanging``).
        self.kept_cache: tuple[layers.CharacteristicsCache, int] | None = None
        # Tests: every characteristics served (remembered, or by a shortcut) is checked against a
        # fresh computation through every layer; a difference raises.
        self.verify_characteristics = False
        # Characteristics that depend on a definition alone (definitions never change: never stale).
        self.printed = layers.PrintedMemo()
        # ``state.continuous`` as last indexed, and its effects by object (see ``effects_on``).
        self._effects_index: tuple[tuple[ContinuousEffect, ...], dict[int, list[ContinuousEffect]]] = ((), {})
        # Set only inside ``simultaneous_damage()``: damage dealt so far in one event (510.2, 603.2c).
        self.damage_batch: list[tuple[int, object, int, bool]] | None = None
        # ... and the "next time" redirection effects (614.9) that event used: they end with it.
        self.batch_redirections: list[Redirection] = []
        # ``state.cards`` as last looked at, its size then, and whether a token was among them (see ``has_tokens``).
        self._tokens_seen: tuple[Mapping[int, Card] | None, int, bool] = (None, 0, False)
        # How many players passed priority in succession before the priority decision being asked
        # now (117.3d; public), so a copy of the game can take the round up there (``turns.resume``).
        self.priority_passes = 0

    # ------------------------------------------------------------ basics

    @property
    def players(self) -> list[Player]:
        """The players, by index."""
        return self.state.players

    def ask(self, question: Question) -> Answer:
        """Put ``question`` to the decider of the player it is addressed to."""
        return self.deciders[question.player].decide(question)

    def ask_valid(self, question: Question, read: Callable[[Answer], T | None], why: str, tries: int = 20) -> T:
        """Ask until the answer is a legal choice (``read`` gives None for an illegal one).

        A choice made while a spell or ability resolves, or in a turn-based action, can't be undone
        by rewinding the whole action (726.1), so an illegal answer is refused and asked again.
        """
        for _ in range(tries):
            got = read(self.ask(question))
            if got is not None:
                return got
            self.refusals.append(why)
        raise IllegalAction(f"no legal answer was given: {why}")

    def log(self, message: str) -> None:
        """Append to the event log (identical for the same seed and decisions)."""
        self.state.log.append(f"T{self.state.turn} {self.state.step}: {message}")

    def new_id(self) -> int:
        """A fresh object id (400.7: each new object gets one)."""
        i = self.state.next_id
        self.state.next_id += 1
        return i

    def opponent(self, player: int) -> int:
        """The next player in turn order still in the game (800.4a): in a two-player game, the other
        player; the player themselves if no one else is left."""
        n = len(self.players)
        for step in range(1, n):
            p = (player + step) % n
            if not self.players[p].left:
                return p
        return player

    def in_game(self) -> list[int]:
        """The players still in the game (800.4a: not those who left it), in turn order."""
        return [p.index for p in self.players if not p.left]

    def zone(self, zone: Zone, player: int = -1) -> tuple[int, ...]:
        """Object ids in ``player``'s ``zone`` (library top first)."""
        # ``zone_key`` inline: one of the engine's most frequent calls.
        return self.state.zones[
            (zone, player if zone is Zone.LIBRARY or zone is Zone.HAND or zone is Zone.GRAVEYARD else -1)]

    def set_zone(self, zone: Zone, player: int, ids: Sequence[int]) -> None:
        """Write ``player``'s ``zone`` (its object ids, library top first): the one way a zone
        changes; the write is numbered by the game's clock under the zone's key."""
        key = zone_key(zone, player)
        s = self.state
        new = tuple(ids)
        if s.zones[key] == new:
            return  # the same cards in the same order: no write
        s.__dict__["zones"] = {**s.zones, key: new}
        s.clock.wrote(key)

    def set_object(self, o: GameObject) -> None:
        """Put ``o`` among the game's objects (a new object, 400.7); from now on its writes are
        numbered by the game's clock (``runtime.versions``)."""
        s = self.state
        if o.clock is not s.clock:
            o.__dict__["clock"] = s.clock
            o.__dict__["version"] = s.clock.wrote(o.oid)
        s.objects = {**s.objects, o.oid: o}

    def remove_object(self, oid: int) -> None:
        """Take object ``oid`` out of the game's objects (it left its zone, 400.7)."""
        s = self.state
        objects = dict(s.objects)
        del objects[oid]
        s.objects = objects

    def obj(self, oid: int) -> GameObject:
        """The object with id ``oid``."""
        return self.state.objects[oid]

    def exists(self, oid: int) -> bool:
        """Whether ``oid`` is still an object in some zone (400.7: a moved object is gone)."""
        return oid in self.state.objects

    def has_tokens(self) -> bool:
        """Whether any card of the game is a token (111.1), so that 704.5d has something to look for.

        Remembered per ``state.cards`` dict and its size: cards are only ever added to it, under
        fresh ids (a card, like a token, is never removed or replaced; a rewind, 726.1, puts back
        another dict), so the same dict with the same size holds the same cards."""
        cards = self.state.cards
        seen, size, tokens = self._tokens_seen
        if seen is cards and size == len(cards):
            return tokens
        tokens = any(c.is_token for c in cards.values())
        self._tokens_seen = (cards, len(cards), tokens)
        return tokens

    def attached_to(self, oid: int) -> list[GameObject]:
        """Phased-in permanents attached to ``oid`` (its Auras, 303.4)."""
        objects = self.state.objects
        return [objects[a] for a in self.state.attachments.get(oid, ())
                if a in objects and objects[a].attached_to == oid and not objects[a].phased_out]

    def attach(self, oid: int, host: int) -> None:
        """301.5 / 303.4f / 701.3a: attach ``oid`` to ``host``, unattaching it from what it was
        attached to; attaching it to what it's already attached to does nothing (701.3b)."""
        o = self.obj(oid)
        if o.attached_to == host:
            return
        if o.attached_to is not None:
            self.unattach(oid)
        o.attached_to = host
        att = self.state.attachments
        self.state.attachments = {**att, host: (*att.get(host, ()), oid)}

    def unattach(self, oid: int) -> None:
        """701.3d: ``oid`` stops being attached; it stays where it is."""
        o = self.obj(oid)
        if o.attached_to is None:
            return
        siblings = self.state.attachments.get(o.attached_to, ())
        if oid in siblings:
            att = dict(self.state.attachments)
            rest = tuple(a for a in siblings if a != oid)
            if rest:
                att[o.attached_to] = rest
            else:
                del att[o.attached_to]
            self.state.attachments = att
        o.attached_to = None

    def battlefield(self) -> list[GameObject]:
        """Permanents on the battlefield that are phased in (702.26d: phased-out ones don't exist)."""
        cache = self.characteristics_cache
        if cache is not None:  # a read-only stretch: the battlefield stands still
            if cache.battlefield is None:
                cache.battlefield = self._battlefield()
            return list(cache.battlefield)
        return self._battlefield()

    def _battlefield(self) -> list[GameObject]:
        objects = self.state.objects
        return [o for o in map(objects.__getitem__, self.zone(Zone.BATTLEFIELD)) if not o.phased_out]

    def battlefield_parts(self, cls: type, controller: int) -> list[tuple[GameObject, Part, str]]:
        """Each continuous-effect part of class ``cls`` applying to a phased-in permanent
        ``controller`` controls, with the permanent and the part's origin, in battlefield order
        (e.g. every cost reduction of that player's spells, 601.2f).

        Read only.  Found once per read-only stretch (``unchanging``), like the characteristics it
        is made of, rather than once per card that asks; never remembered while another object's
        characteristics are in progress (613.8)."""
        cache = self.characteristics_cache
        if self.partial:
            return [(o, p, origin) for o in self.battlefield() if o.controller == controller
                    for p, origin in self.characteristics(o).parts if isinstance(p, cls)]
        if cache is None:
            # Outside a stretch (e.g. paying for a spell being cast): a stretch of its own, as this
            # only reads, so each permanent's layers don't look through the battlefield again.
            with self.unchanging():
                return self.battlefield_parts(cls, controller)
        key = (cls, controller)
        hit = cache.parts.get(key)
        if hit is not None:
            return hit
        lists = self.permanents.lists_of(self, controller)
        if lists is None:  # asked while the permanents' lists are being brought up to date
            return [(o, p, origin) for o, ch in self.controlled(controller) for p, origin in ch.parts
                    if isinstance(p, cls)]
        # The permanents with parts are kept with the controller's lists: most have none.
        out = [(o, p, origin) for o, parts in lists.with_parts for p, origin in parts if isinstance(p, cls)]
        if self.characteristics_cache is cache and not self.partial:
            cache.parts[key] = out
        return out

    def controlled(self, player: int) -> list[tuple[GameObject, layers.Characteristics]]:
        """The phased-in permanents ``player`` controls, each with its current characteristics
        (613), in battlefield order; read only.

        Inside a read-only stretch (``unchanging``) served from :class:`~runtime.permanents.Permanents`,
        kept against the game's clock and brought up to date from what was written.  Never
        remembered while another object's characteristics are in progress (613.8)."""
        if self.characteristics_cache is not None and not self.partial:
            lists = self.permanents.lists_of(self, player)
            if lists is not None:
                return lists.controlled
        characteristics = self.characteristics
        return [(o, characteristics(o)) for o in self.battlefield() if o.controller == player]

    def rule_parts(self, obj: GameObject | None, cls: type) -> list[Part]:
        """The parts of class ``cls`` of the effects changing the rules (611.2c) that apply to ``obj``
        now (to the game itself, with None)."""
        out: list[Part] = []
        for e in self.state.rules:
            if obj is None and e.filter is not None:
                continue
            if obj is not None and (e.filter is None or not e.filter.matches(self, obj, viewer=e.controller)):
                continue
            out.extend(p for p in e.parts if isinstance(p, cls))
        return out

    def effects_on(self, oid: int) -> list[ContinuousEffect]:
        """The resolved continuous effects on object ``oid`` (611.2), in creation order; read only.

        Found through an index by object, rebuilt whenever ``state.continuous`` is not element for
        element the list it was built from (a C-level comparison, by identity first; effects are
        frozen), so it is never stale, whoever changed the list and however; a lookup no longer
        scans every effect in the game (hundreds, after a repeated "until end of turn" ability)."""
        cont = self.state.continuous
        if not cont:
            return []
        seen, index = self._effects_index
        if seen != cont:
            index = {}
            for e in cont:
                index.setdefault(e.oid, []).append(e)
            self._effects_index = (cont, index)
        return index.get(oid, [])

    def characteristics(self, obj: GameObject) -> layers.Characteristics:
        """``obj``'s current characteristics (613)."""
        partial = self.partial
        if partial and obj.oid in partial:
            return partial[obj.oid]
        cache = self.characteristics_cache
        if cache is not None and not partial:
            # Looked up and stored here, not through ``cache.get``: this is the engine's most frequent call.
            hit = cache.entries.get(obj.oid)
            if hit is not None and hit[0] is obj:
                ch = hit[1]
            else:
                # A permanent's are kept between stretches with the permanents (brought up to date
                # from the write journal, ``runtime.permanents``); anything else is computed.
                kept = self.permanents.kept(self, obj) if obj.zone is Zone.BATTLEFIELD else None
                ch = kept if kept is not None else layers.characteristics(self, obj)
                cache.entries[obj.oid] = (obj, ch)
        elif not partial and obj.zone is Zone.BATTLEFIELD:
            # Outside a stretch: a permanent's as kept with the permanents (up to date by the journal).
            kept = self.permanents.kept(self, obj)
            ch = kept if kept is not None else layers.characteristics(self, obj)
        else:  # another object's characteristics in progress (613.8): not remembered
            ch = layers.characteristics(self, obj)
        if self.verify_characteristics and not layers.equivalent(ch, layers.through_layers(self, obj)):
            raise AssertionError(f"stale or shortcut characteristics served for {obj.definition.name} #{obj.oid}")
        return ch

    def unchanging(self) -> "_Stretch":
        """A read-only stretch (e.g. computing the legal actions to offer, 117.1): characteristics
        are computed once per object inside it.  Nothing inside may change the game state, except
        inside ``changing()`` or followed by ``changed()``, which forget what was remembered.

        A context manager giving the stretch's cache.  What a stretch remembered is kept against
        the game's clock when it ends, and the next stretch goes on with it if nothing but the
        passing of time (``versions.PASSING_TIME``: priority passing, 117.3d; a new step) was
        written in between."""
        return _Stretch(self)

    def changed(self) -> None:
        """The state was just changed inside an ``unchanging()`` stretch, by code that computed no
        characteristics while changing it: forget what was remembered before the change."""
        if self.characteristics_cache is not None:
            self.characteristics_cache.clear()

    def changing(self) -> "_Change":
        """A change to the state made inside an ``unchanging()`` stretch (e.g. a state-based action
        performed between two checks, 704.3): nothing is remembered while it runs, and what was
        remembered before it is forgotten, so no characteristics from before the change are served.
        A context manager."""
        return _Change(self)

    def name_of(self, oid: int) -> str:
        """A readable name for logs (public: a face-down object isn't named, 708.5)."""
        o = self.state.objects.get(oid) or self.state.last_known.get(oid)
        if o is None:
            return f"#{oid}"
        # The name is a copiable value (layer 1: face-down 708.2, copies 707.2) that no later layer
        # changes here, so the layers need not run for a log line (they did, per line, per object).
        name = o.definition.name
        if self.verify_characteristics and name != self.characteristics(o).name:
            raise AssertionError(f"name shortcut differs from the layers for #{oid}")
        return name or (f"face-down creature #{oid}" if o.face_down else "a nameless object")

    def name_for(self, oid: int, viewer: int) -> str:
        """How ``oid`` is shown to ``viewer`` in a question: 708.5, you may look at a face-down spell or
        permanent you control, but not at anyone else's."""
        o = self.state.objects.get(oid)
        if o is not None and o.face_down is not None and o.controller == viewer \
                and o.zone in (Zone.BATTLEFIELD, Zone.STACK):
            return f"face-down {o.card.definition.name} #{oid}"
        return self.name_of(oid)

    def source_name(self, oid: int, card_id: int) -> str:
        """The name of a source: the object if it still exists, else its card (603.7d)."""
        if oid in self.state.objects or card_id not in self.state.cards:
            return self.name_of(oid)
        return self.state.cards[card_id].definition.name

    def snapshot(self) -> "Snapshot":
        """The game as it is now, for :meth:`restore` to put back (726.1).

        It shares everything: the state's fields are immutable values (``runtime.versions``), so
        the snapshot keeps the state's field table as it is (a few dozen references), the log's
        length (the log only grows) and the random generator's state.  Objects and players are
        kept by the game's clock: from now on, the first write to each puts its fields on the
        clock's trail, which ``restore`` undoes.  So taking one costs the same whatever the size
        of the game, and restoring costs what was written since."""
        s = self.state
        snap = Snapshot(dict(s.__dict__), s.rng.getstate(), len(s.log))
        snap.mark, snap.trail_length = s.clock.mark(snap)
        return snap

    def restore(self, snap: "Snapshot") -> None:
        """Put back a snapshot taken with :meth:`snapshot`.

        The snapshot's fields go into the *existing* state object, in place: the turn loop and
        the priority loop hold references to ``game.state``, and a rewound action (726.1) must
        rewind what they see too, not leave them looking at the abandoned attempt.  The objects and
        players are the same ones, with the fields they had (and so the versions they had).
        """
        s = self.state
        clock = s.clock
        written = clock.rewind(snap.mark, snap.trail_length)
        # A rewind is a write of everything it puts back: the fields of the state that differ, zone
        # by zone, and the objects and players from the trail (``runtime.versions``), so whatever
        # is kept against the clock brings itself up to date from them like from any other write.
        now = s.__dict__
        for name, value in snap.fields.items():
            if now.get(name) is not value:
                if name == "zones":
                    old: Mapping[tuple[Zone, int], tuple[int, ...]] = now.get(name, {})
                    new: Mapping[tuple[Zone, int], tuple[int, ...]] = value  # type: ignore[assignment]
                    written.update(k for k in new.keys() | old.keys() if old.get(k) is not new.get(k))
                else:
                    written.add(name)
        s.__dict__.clear()
        s.__dict__.update(snap.fields)
        s.rng.setstate(snap.rng)
        del s.log[snap.log_length:]
        for key in written:
            clock.wrote(key)
        # Nothing remembered in a read-only stretch about the abandoned attempt may be served again.
        self.changed()

    def fork(self, deciders: Sequence[Decider]) -> "Game":
        """An independent copy of the game to look ahead in, with other deciders: the state is
        deep-copied (``GameState.__deepcopy__``: cards and definitions shared, objects copied), so
        nothing done to the copy reaches this game, and this game is only read.  The copy answers
        its questions through ``deciders`` and is played on with ``turns.resume``."""
        new = Game([p.name for p in self.players], deciders)
        new.state = copy.deepcopy(self.state)
        new.keyword_resolver = self.keyword_resolver
        new.priority_passes = self.priority_passes
        # What is kept against the clock is true of the copy too (its clock has the same readings
        # and journal, ``Clock.__deepcopy__``): the copy starts with it rather than from nothing.
        # Offers and the last clean state-based-action check are values, shared; the permanents'
        # entries are pointed at the copy's objects (characteristics are immutable, shared).
        new.kept_offers = dict(self.kept_offers)
        new.sba_clean_at = self.sba_clean_at
        new.permanents = self.permanents.copy_for(new.state.objects)
        new.printed = self.printed  # depends on definitions alone, which never change
        new.verify_characteristics = self.verify_characteristics
        return new

    def digest(self) -> str:
        """Hash of the full state."""
        return state_digest(self.state)

    def transaction(self, action: Callable[[], None]) -> None:
        """Run a player action; if it is illegal, restore the exact prior state and re-raise (726.1)."""
        before = self.snapshot()
        try:
            action()
        except IllegalAction as e:
            self.restore(before)
            self.refusals.append(str(e))
            raise

    # ------------------------------------------------------------ setup

    def add_card(self, player: int, definition: CardDefinition, zone: Zone, alias: str = "") -> int:
        """Setup only: create a card owned by ``player`` directly in ``zone``; returns its object id."""
        card = Card(card_id=self.new_id(), owner=player, definition=definition, alias=alias)
        self.state.cards = {**self.state.cards, card.card_id: card}
        oid = self.new_id()
        self.set_object(GameObject(oid=oid, card=card, zone=zone, controller=player, entered_turn=-1,
                                   clock=self.state.clock))
        self.set_zone(zone, player, (*self.zone(zone, player), oid))
        return oid

    # ------------------------------------------------------------ zone changes

    def move(self, oid: int, to: Zone, *, position: int | None = None, tapped: bool = False,
             controller: int | None = None, face_down: "FaceDown | None" = None, cause: str = "",
             counters: dict[str, int] | None = None, transformed: bool = False) -> int | None:
        """Move an object to another zone, through replacement effects; return the new object's id.

        400.7: the moved card becomes a new object.  Per-player zones are the owner's (400.3).
        ``face_down``: it arrives face down (708.3, 708.4); ``cause``: "discard" for a discard (701.8).
        ``counters``: onto the battlefield, it enters with these counters (614.1c, 702.79a).
        """
        o = self.state.objects.get(oid)
        if o is None:
            return None
        ev = ZoneChange(oid=oid, card_id=o.card.card_id, from_zone=o.zone, to_zone=to,
                        to_player=o.owner, controller=o.controller if controller is None else controller,
                        tapped=tapped, cause=cause, face_down=face_down, transformed=transformed)
        if counters and to is Zone.BATTLEFIELD:
            ev.counters.update(counters)
        ev = self.replace_zone_change(ev, o)
        host: int | None = None
        aura = self._entering_aura(ev, o)
        if aura is not None:
            # 303.4f: an Aura put onto the battlefield other than by resolving as an Aura spell: the
            # player it enters under chooses what it enchants (not targeted); 303.4g: with nothing it
            # could enchant, it stays where it is.
            host = self._choose_aura_host(o, aura, ev.controller)
            if host is None:
                self.log(f"{o.card.definition.name} has nothing to enchant and stays in its zone (303.4g)")
                return None
        if self._cant_enter(ev, o):
            where = f"{self.players[o.owner].name}'s {o.zone.value}" if o.zone.per_player else o.zone.value
            shown = "a card" if o.zone.hidden else o.card.definition.name  # 400.2, 708.5
            self.log(f"{shown} can't enter the battlefield and stays in {where} (400.4a)")
            return None
        new = self._do_zone_change(ev, o, position)
        if new is not None and host is not None:
            self.attach(new, host)
        return new

    def _entering_aura(self, ev: ZoneChange, o: GameObject) -> AuraTarget | None:
        """303.4f: the enchant ability of an Aura entering the battlefield from a zone other than the stack
        (an Aura spell is attached as it resolves, 303.4a), face up; None for anything else."""
        if ev.to_zone is not Zone.BATTLEFIELD or o.zone in (Zone.BATTLEFIELD, Zone.STACK) or ev.face_down is not None:
            return None
        defn = ev.copy_of or o.definition
        if "Aura" not in defn.subtypes:
            return None
        return next((a for a in self.characteristics(o).abilities if isinstance(a, AuraTarget)), None)

    def _choose_aura_host(self, o: GameObject, aura: AuraTarget, player: int) -> int | None:
        """303.4f: ``player`` chooses a permanent the Aura could enchant (its enchant ability, 702.5a; not one
        with protection from it, 702.16c), or None if there is none."""
        ach = self.characteristics(o)

        def legal(h: GameObject) -> bool:
            hch = self.characteristics(h)
            if not set(aura.types) & hch.types:
                return False
            return not any(isinstance(p, CantBeAttachedBy) and has_quality(ach.colors, p.quality, ach.subtypes, ach.types)
                           for p, _ in hch.has(CantBeAttachedBy))
        hosts = [h.oid for h in self.battlefield() if h.oid != o.oid and legal(h)]
        if not hosts:
            return None
        opts = tuple(Choice(str(h), self.name_of(h)) for h in hosts)
        picked = self.ask_valid(
            ChooseCards(player, f"Choose what {ach.name} enchants", opts, 1, 1),
            lambda ans: chosen_keys(ans, hosts, 1, 1), "choose one permanent it could enchant (303.4f)")
        return picked[0]

    @staticmethod
    def _cant_enter(ev: ZoneChange, o: GameObject) -> bool:
        """400.4a: an instant or sorcery card that would enter the battlefield remains in its previous
        zone.  Put onto it face down, it is a creature with no other card type (708.2a), so it may."""
        if ev.to_zone is not Zone.BATTLEFIELD or o.zone is Zone.BATTLEFIELD:
            return False
        if ev.face_down is not None or (o.zone is Zone.STACK and o.face_down is not None):
            return False
        return bool({"instant", "sorcery"} & set((ev.copy_of or o.card.definition).types))

    def replace_zone_change(self, ev: ZoneChange, o: GameObject | None,
                            token: GameObject | None = None) -> ZoneChange:
        """Apply each applicable replacement effect once (614.5), the affected object's own first (614.12).

        ``token``: a token being created (``o`` is None: it comes from no zone), the object it will
        be, for its own "as this enters" abilities (614.12, 111.2)."""
        if o is not None and ev.from_zone is Zone.BATTLEFIELD and ev.to_zone is Zone.GRAVEYARD \
                and "exile-if-dies" not in ev.applied and self.characteristics(o).has(ExileIfWouldDie):
            # 614.1a, 700.4: "if it would die this turn, exile it instead".
            ev.to_zone = Zone.EXILE
            ev.applied = ev.applied | {"exile-if-dies"}
            self.log(f"{self.name_of(o.oid)} would die; it is exiled instead (614.1a)")
        while True:
            applied = False
            candidates: list[tuple[GameObject | None, Ability]] = []
            # 708.3: an object put onto the battlefield face down has only its face-down abilities
            # as it enters; 707.5 / 614.12: one entering as a copy has the copied abilities.
            if ev.face_down is not None:
                defn = ev.face_down.definition
            elif ev.copy_of is not None:
                defn = ev.copy_of
            elif o is not None:
                defn = o.definition
            else:
                defn = self.state.cards[ev.card_id].definition
            if o is not None and defn is o.definition:
                # The object's own abilities as it has them now, granted ones included: madness a
                # card in hand has from a permanent's static ability (611.3a, 702.35a), flashback a
                # spell kept from the card it was cast from (400.7f).
                candidates += [(o, a) for a in self.characteristics(o).abilities]
            elif o is not None or ev.oid is None:
                candidates += [(o if o is not None else token, a) for a in defn.expanded]
            for index, (src, a) in enumerate(candidates):
                # A granted keyword's abilities are made anew on each computation (Keyword.abilities):
                # a replacement is known by the definition read, its place and its class (614.5).
                key = f"{id(defn)}:{index}:{type(a).__qualname__}"
                if key in ev.applied:
                    continue
                if isinstance(a, ExileIfLeavesStack) and src is not None and ev.from_zone is Zone.STACK \
                        and ev.to_zone is not Zone.EXILE and self.alternative_label(src) == a.label:
                    ev.to_zone = Zone.EXILE
                elif isinstance(a, DiscardInstead) and ev.cause == "discard" and ev.from_zone is Zone.HAND \
                        and ev.to_zone is Zone.GRAVEYARD:
                    # 702.35a: discarded, but put into exile (or another zone) instead; the object it
                    # becomes there is the one "exiled this way" (607.2a).
                    ev.to_zone = a.zone
                    ev.linked = a.label
                elif isinstance(a, EntersAsCopy) and ev.to_zone is Zone.BATTLEFIELD \
                        and ev.from_zone is not Zone.BATTLEFIELD and ev.copy_of is None:
                    ev.copy_of = self._choose_copy(a, src, ev)
                elif isinstance(a, AsCopyOf) and ev.to_zone is Zone.BATTLEFIELD and ev.face_down is None \
                        and ev.from_zone is not Zone.BATTLEFIELD and ev.copy_of is None:
                    # 707.5, 707.9a: as it enters face up; the copy effect lasts until it is turned face down
                    ev.copy_of = self._choose_copy(a, src, ev)
                    ev.copy_until_face_down = ev.copy_of is not None
                elif isinstance(a, HandIfPaidOnResolve) and src is not None and ev.from_zone is Zone.STACK \
                        and ev.to_zone is Zone.GRAVEYARD and self.state.resolving == src.oid \
                        and self.times_paid(src, a.label, None) > 0:
                    ev.to_zone = Zone.HAND  # 608.2m replaced: e.g. buyback (702.27a)
                elif isinstance(a, (EntersWithCounters, RevealToEnterWithCounters)) \
                        and ev.to_zone is Zone.BATTLEFIELD and ev.from_zone is not Zone.BATTLEFIELD:
                    n = self._evaluate_on_entering(a, src, ev)
                    if n > 0:
                        ev.counters[a.counter] += n
                        if isinstance(a, EntersWithCounters):
                            ev.keywords += a.keywords
                            ev.abilities += a.abilities
                elif isinstance(a, EntersTapped) and ev.to_zone is Zone.BATTLEFIELD \
                        and ev.from_zone is not Zone.BATTLEFIELD:
                    ev.tapped = True
                elif isinstance(a, ChooseColorAsEnters) and ev.to_zone is Zone.BATTLEFIELD \
                        and ev.from_zone is not Zone.BATTLEFIELD:
                    ev.chosen_color = self.choose_color(ev.controller)  # 614.12
                else:
                    continue
                ev.applied = ev.applied | {key}
                applied = True
                break
            if not applied:
                return ev

    def _evaluate_on_entering(self, a: EntersWithCounters | RevealToEnterWithCounters, src: GameObject | None,
                              ev: ZoneChange) -> int:
        if src is None:
            return 0
        res = Resolution(self, controller=ev.controller, source_oid=src.oid, targets=(),
                         x=src.cast.x if src.cast else 0)
        if isinstance(a, EntersWithCounters):
            if a.condition is not None and not a.condition.holds(self, res):
                return 0
            return a.amount.evaluate(res)
        # 702.38a: reveal any number of cards in hand sharing a creature type with it (not itself),
        # as it would exist on the battlefield (614.12).
        entering = self._entering_characteristics(src, ev)
        mine = self._types_of_creature(entering)
        hand = [o for o in self.zone(Zone.HAND, ev.controller)
                if o != src.oid and mine & self._creature_types(self.obj(o))]
        if not hand:
            return 0
        opts = tuple(Choice(str(o), self.name_of(o)) for o in hand)
        shown = self.ask_valid(
            ChooseCards(ev.controller, f"Reveal cards that share a creature type with {entering.name}",
                        opts, 0, len(hand)),
            lambda ans: chosen_keys(ans, hand, 0, len(hand)), "reveal cards from your hand that qualify (702.38a)")
        if shown:
            self.log(f"{self.players[ev.controller].name} reveals {', '.join(self.name_of(o) for o in shown)}")
        return a.amount.evaluate(res) * len(shown)

    def _choose_copy(self, a: EntersAsCopy | AsCopyOf, src: GameObject | None, ev: ZoneChange) -> CardDefinition | None:
        """707.5: as it enters, its controller may choose an object to copy (not targeted, 115.10)."""
        return self.choose_copy(a, src, ev.controller)

    def choose_copy(self, a: EntersAsCopy | AsCopyOf, src: GameObject | None, controller: int) -> CardDefinition | None:
        """707.5, 708.11: ``controller`` may choose an object for ``src`` to become a copy of; its copiable
        values, with the exception's abilities added (707.9a), or None if none was chosen."""
        cands = [o.oid for o in self.battlefield()
                 if (src is None or o.oid != src.oid) and a.filter.matches(self, o, controller,
                                                                         src.oid if src is not None else None)]
        if not cands:
            return None
        lo = 0 if a.optional else 1
        opts = tuple(Choice(str(c), self.name_for(c, controller)) for c in cands)
        picked = self.ask_valid(
            ChooseCards(controller, "Choose what it enters as a copy of (707.5)", opts, lo, 1),
            lambda ans: chosen_keys(ans, cands, lo, 1), "choose at most one object to copy (707.5)")
        if not picked:
            return None
        chosen = self.obj(picked[0])
        self.log(f"it {'becomes' if isinstance(a, AsCopyOf) else 'enters as'} a copy of {self.name_of(chosen.oid)} (707.5)")
        # 707.2: the copiable values -- as modified by other copy effects and face-down status (708.10);
        # 707.9a: an exception's abilities are part of the copy's copiable values.
        # (Text-changing effects on it are not copied, 707.2.)
        if isinstance(a, AsCopyOf) and a.extra:
            return dataclasses.replace(chosen.copiable, abilities=chosen.copiable.abilities + a.extra)
        return chosen.copiable

    def _entering_characteristics(self, src: GameObject, ev: ZoneChange) -> "layers.Characteristics":
        """614.12: the characteristics of ``src`` as it would exist on the battlefield, with the
        replacement effects already applied to its entering: a copy's copiable values (707.2, 707.5),
        or face down, its face-down values (708.3)."""
        as_entering = ev.face_down.definition if ev.face_down is not None else ev.copy_of
        if as_entering is not None:
            return layers.characteristics_of_definition(as_entering)
        return self.characteristics(src)

    @staticmethod
    def _types_of_creature(ch: "layers.Characteristics") -> set[str]:
        """205.3m: creatures and tribals share their subtypes, the creature types."""
        return set(ch.subtypes) if {"creature", "tribal"} & ch.types else set()

    def _creature_types(self, o: GameObject) -> set[str]:
        """205.3m: the creature types of ``o`` as it is now."""
        return self._types_of_creature(self.characteristics(o))

    def _do_zone_change(self, ev: ZoneChange, o: GameObject, position: int | None) -> int | None:
        if o.card.is_token and o.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            # 111.8: a token that has left the battlefield can't move again; it stays where it is
            # until it ceases to exist as a state-based action (704.5d).  A copy of a spell leaves
            # the stack like a spell (707.10f: a permanent spell's copy becomes a token; 704.5e).
            return None
        self.set_zone(o.zone, o.owner, without(self.zone(o.zone, o.owner), o.oid))
        self.remove_object(o.oid)
        self.state.last_known = {**self.state.last_known, o.oid: o}
        new = GameObject(oid=self.new_id(), card=o.card, zone=ev.to_zone, controller=ev.controller,
                         tapped=ev.tapped, counters=Counter(ev.counters),
                         entered_turn=self.state.turn, control_since=self.state.tick, clock=self.state.clock)
        if ev.to_zone is Zone.BATTLEFIELD and o.zone is Zone.STACK:
            new.cast = o.cast  # 608.3: the permanent the spell becomes keeps what was paid (702.33d)
            # 400.7a: a text-changing effect on the permanent spell applies to the permanent (612.2)
            new.color_words = o.color_words
            if o.face_down is not None and ev.face_down is None:
                ev.face_down = o.face_down  # 702.37c: it enters with the face-down spell's characteristics
        new.face_down = ev.face_down
        new.copy_of = ev.copy_of
        if ev.transformed and ev.to_zone is Zone.BATTLEFIELD and o.card.definition.back is not None:
            new.transformed = True  # put onto the battlefield transformed: its back face up (701.28)
        if o.stickers:
            self._stickers_follow(o, new)
        new.copy_until_face_down = ev.copy_until_face_down
        new.chosen_color = ev.chosen_color
        if o.face_down is not None and new.face_down is None:
            # 708.9: a face-down permanent or spell leaving for another zone is revealed to all.
            self.log(f"{self.players[o.owner].name} reveals the face-down card: {o.card.definition.name} (708.9)")
        if not ev.to_zone.per_player:
            new.controller = ev.controller
        else:
            new.controller = o.owner
        self.set_object(new)
        if o.zone is Zone.STACK and ev.to_zone is Zone.BATTLEFIELD:
            # 702.62a: "... until you lose control of the spell or the permanent it becomes": such an
            # effect follows the resolving spell onto the battlefield (608.3).
            self.state.continuous = tuple(dataclasses.replace(e, oid=new.oid) if e.oid == o.oid and e.until == "control"
                                          else e for e in self.state.continuous)
        if ev.keywords and ev.to_zone is Zone.BATTLEFIELD:
            # "enters with ... and with flying" (614.1c): it has those keywords while it stays (613.1f).
            self.state.continuous += (ContinuousEffect(new.oid, (GainKeywords(ev.keywords),), new.controller,
                                                          "forever", self.new_id()),)
        if ev.abilities and ev.to_zone is Zone.BATTLEFIELD:
            # "... and with "Pay 3 life: Regenerate this."" (614.1c): a quoted ability it has while it
            # stays (613.1f); its source is the permanent itself (113.7).
            self.state.continuous += (ContinuousEffect(
                new.oid, tuple(GainAbility(a) for a in ev.abilities), new.controller, "forever", self.new_id()),)
        if o.zone is Zone.BATTLEFIELD:
            self.players[o.controller].left_battlefield_turn = self.state.turn  # for revolt (207.2c)
            # 603.10a: leaves-the-battlefield abilities look back at the object as it was; 400.7d:
            # they can find the new object it became (remembered for "return it ...").
            self.fire_object_event(o, "leaves", remembered=(new.oid,))
            if ev.to_zone is Zone.GRAVEYARD and "creature" in self.characteristics(o).types:
                self.fire_object_event(o, "dies", remembered=(new.oid,))  # 700.4
                if self.state.step in _COMBAT_PHASE:  # "dies during combat"
                    self.fire_object_event(o, "dies_in_combat", remembered=(new.oid,))
            if ev.to_zone is Zone.GRAVEYARD and o.owner == o.controller:
                # 603.6c: "is put into your graveyard from the battlefield" (its owner's is its controller's)
                self.fire_object_event(o, "to_your_graveyard", remembered=(new.oid,), became=new.oid)
            # 400.7: effects on the old object end with it (after the look-back above: an ability
            # granted until end of turn still triggers on its dying, 603.10a).
            self.state.continuous = tuple(e for e in self.state.continuous if e.oid != o.oid)
            self.end_while_tapped()  # 611.2b: "for as long as it remains tapped" ends as it leaves
        lst = self.zone(ev.to_zone, o.owner)
        if position is None:
            self.set_zone(ev.to_zone, o.owner, (*lst, new.oid))
        else:
            self.set_zone(ev.to_zone, o.owner, lst[:position] + (new.oid,) + lst[position:])
        ev.new_oid = new.oid
        if ev.to_zone is Zone.GRAVEYARD:
            # 603.6c: "when this is put into a graveyard from anywhere" triggers on the card there.
            self.fire_object_event(new, "put_into_graveyard")
        where = ev.to_zone.value
        if ev.to_zone.per_player:
            where = f"{self.players[o.owner].name}'s {where}"
        # 708.5: the log is public -- a card moving face down, or a face-down object moving, isn't named.
        shown = "a face-down card" if new.face_down is not None else o.card.definition.name
        self.log(f"{shown} moves from {o.zone.value} to {where}")
        if ev.to_zone is Zone.BATTLEFIELD and new.face_down is None:
            self.choose_pt_as(new, entering=True)  # 614.1c, 614.12: as it enters
        self.collect_triggers_for_zone_change(ev, new)
        if ev.linked:
            self.fire_object_event(new, "exiled_this_way")  # 607.2a: the linked trigger ("When you do")
        return new.oid

    def _stickers_follow(self, o: GameObject, new: GameObject) -> None:
        """123.7: a card's stickers stay on it as it moves from one public zone to another (the new
        object has them, an exception to 400.7); 123.8: moved to a hidden zone, they go back to their
        sheets (a token's go back as it ceases to exist: its object is gone, 704.5d)."""
        if new.zone.hidden:
            self.log(f"the stickers on {o.card.definition.name} go back to their sheets (123.8)")
            return
        new.stickers = o.stickers
        new.stickered = o.stickered

    def add_player_counters(self, player: int, kind: str, n: int) -> None:
        """122.1: put ``n`` counters of ``kind`` on a player ("you get a ticket counter")."""
        if n > 0:
            p = self.players[player]
            p.counters = plus(p.counters, kind, n)
            self.log(f"{p.name} gets {n} {kind} counter{'s' if n != 1 else ''} (now {p.counters[kind]})")

    def remove_player_counters(self, player: int, kind: str, n: int) -> bool:
        """122.1, 107.14, 107.17: remove ``n`` counters of ``kind`` from a player; False (nothing
        removed) if they haven't that many."""
        counters = self.players[player].counters
        if n <= 0 or counters.get(kind, 0) < n:
            return n == 0
        self.players[player].counters = plus(counters, kind, -n)
        self.log(f"{n} {kind} counter(s) removed from {self.players[player].name}")
        return True
    def choose_pt_as(self, o: GameObject, entering: bool) -> None:
        """"As this enters the battlefield or is turned face up, it becomes your choice of 5/1 or 1/5"
        (614.1c, 708.11): its controller chooses now; the values set its power and toughness from then
        on (613.4b, layer 7b), for as long as it is this object (400.7)."""
        if not any(isinstance(a, AsChoosePT) for a in o.definition.expanded):
            return  # cheap pre-check on the copiable values before computing characteristics
        for a in self.characteristics(o).abilities:
            if not isinstance(a, AsChoosePT) or not (a.on_enter if entering else a.on_turned_up):
                continue
            labels = [f"{p}/{t}" for p, t in a.options]
            pick = self.ask_valid(ChooseOption(o.controller, "Choose its power and toughness: " + " or ".join(labels),
                                               tuple(Choice(label, label) for label in labels)),
                                  lambda ans: ans if isinstance(ans, str) and ans in labels else None,
                                  "choose one of the options offered")
            p, t = a.options[labels.index(pick)]
            self.state.continuous += (ContinuousEffect(o.oid, (SetBasePT(p, t),), o.controller, "forever",
                                                          self.new_id()),)
            self.log(f"{self.players[o.controller].name} chooses {pick} for {self.name_of(o.oid)}")

    # ------------------------------------------------------------ operations used by effects

    def draw(self, player: int, n: int) -> None:
        """121.2: draw one card at a time; 704.5b: drawing from an empty library loses at the next check."""
        for _ in range(n):
            lib = self.zone(Zone.LIBRARY, player)
            if not lib:
                self.players[player].drew_from_empty = True
                self.log(f"{self.players[player].name} can't draw: library is empty")
                continue
            self.move(lib[0], Zone.HAND)

    def choose_color(self, player: int) -> str:
        """105.1: the player chooses one of the five colors."""
        colors = ("white", "blue", "black", "red", "green")
        pick = self.ask_valid(ChooseOption(player, "Choose a color", tuple(Choice(c, c) for c in colors)),
                              lambda ans: ans if isinstance(ans, str) and ans in colors else None, "choose a color (105.1)")
        self.log(f"{self.players[player].name} chooses {pick}")
        return str(pick)

    def change_life(self, player: int, amount: int) -> None:
        """119.3: gain or lose life."""
        p = self.players[player]
        p.life += amount
        verb = "gains" if amount >= 0 else "loses"
        self.log(f"{p.name} {verb} {abs(amount)} life (now {p.life})")
        if amount > 0:
            self.fire_life_gained(player, amount)

    def fire_life_gained(self, player: int, amount: int) -> None:
        """119.9, 603.2: "whenever you gain life" abilities of the player's permanents trigger once for
        the event; "that much" is the life gained."""
        for w in self.battlefield():
            if w.controller != player or not any(
                    isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)
                    and "gained_life" in a.trigger.events for a in w.definition.expanded):
                continue  # cheap pre-check on the printed abilities
            for a in self.characteristics(w).abilities:
                if isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent) \
                        and "gained_life" in a.trigger.events and a.trigger.scope == "you_gain":
                    self._trigger(w, a, event_player=player, event_amount=amount)

    @contextmanager
    def simultaneous_damage(self) -> Iterator[None]:
        """Damage dealt inside is one event (510.2: combat damage is dealt at once; 120.3): once it is
        all dealt, each source's and each recipient's damage abilities trigger once (603.2c)."""
        if self.damage_batch is not None:
            yield
            return
        self.damage_batch = []
        try:
            yield
            records = self.damage_batch
        finally:
            self.damage_batch = None
            self.batch_redirections = []
        self._damage_triggers(records)

    def _damage_triggers(self, records: list[tuple[int, object, int, bool]]) -> None:
        """603.2: "whenever this deals [combat] damage [to a player]" and "whenever this is dealt damage"
        abilities trigger for the damage event ``records`` (source, recipient, amount, combat)."""
        combat = any(c for _, _, _, c in records)
        by_source: dict[int, list[tuple[object, int]]] = {}
        taken: dict[int, int] = {}
        for src, ref, amount, _ in records:
            by_source.setdefault(src, []).append((ref, amount))
            if isinstance(ref, int):
                taken[ref] = taken.get(ref, 0) + amount
        for src, dealt in by_source.items():
            o = self.state.objects.get(src)
            if o is None or o.zone is not Zone.BATTLEFIELD:
                continue
            self.fire_object_event(o, "deals_damage", damage=DamageDealt(sum(n for _, n in dealt), combat))
            per: dict[object, int] = {}
            for ref, n in dealt:
                per[ref] = per.get(ref, 0) + n
            for ref, n in per.items():
                if isinstance(ref, str):
                    d = DamageDealt(n, combat, "player", player=int(ref.split(":")[1]))
                else:
                    assert isinstance(ref, int)
                    d = DamageDealt(n, combat, "creature", obj=ref)
                self.fire_object_event(o, "deals_damage", damage=d)
            # 603.2c: "to one or more blocking creatures" -- once for the event, if any recipient is blocking.
            blocking = [(ref, n) for ref, n in per.items() if isinstance(ref, int) and ref in self.state.objects
                        and self.obj(ref).blocking]
            if blocking:
                self.fire_object_event(o, "deals_damage",
                                       damage=DamageDealt(sum(n for _, n in blocking), combat, "blocking"))
        for oid, n in taken.items():
            t = self.state.objects.get(oid)
            if t is not None and t.zone is Zone.BATTLEFIELD:
                self.fire_object_event(t, "dealt_damage", damage=DamageDealt(n, combat))

    def deal_damage(self, source_oid: int, ref: object, amount: int, combat: bool = False,
                    preventable: bool = True) -> None:
        """120.3: damage to a player causes life loss; to a creature it is marked on it.

        Before it is dealt, prevention applies (615: 702.16e protection, prevention effects of the
        creature dealt damage and of the source, shields), unless damage can't be prevented (615.12);
        as it is dealt, the source's damage abilities apply: its controller gains that much life
        (702.15b), and a creature dealt damage by a source whose damage is lethal in any amount is
        marked for 704.5h.  ``preventable`` False: the effect dealing it says it can't be prevented
        (615.12).
        """
        if amount <= 0:
            return
        src = self.state.cards.get(self._source_card(source_oid))
        src_name = src.definition.name if src else "a source"
        src_obj = self.state.objects.get(source_oid) or self.state.last_known.get(source_oid)
        src_ch = self.characteristics(src_obj) if src_obj is not None else None
        ref = self._redirected(source_oid, src_obj, src_name, ref, amount, combat)
        # 615.12: damage that can't be prevented passes every prevention effect, and shields aren't reduced.
        preventable = preventable and not self.rule_parts(None, DamageCantBePrevented)
        if preventable and self._prevented_by_source(src_obj, src_ch, src_name, amount, combat):
            return
        if isinstance(ref, str) and ref.startswith("player:"):
            p = int(ref.split(":")[1])
            if preventable:
                amount = self._prevent(ref, amount, src_name, self.players[p].name)
            if amount <= 0:
                return
            self.log(f"{src_name} deals {amount} damage to {self.players[p].name}")
            self.change_life(p, -self._life_lost_to_damage(p, amount))
        elif isinstance(ref, int) and self.exists(ref):
            o = self.obj(ref)
            ch = self.characteristics(o)
            if o.zone is not Zone.BATTLEFIELD or "creature" not in ch.types:
                return
            if preventable:
                if self._prevented_to(o, ch, src_obj, src_ch, src_name, amount, combat):
                    return
                amount = self._prevent(str(ref), amount, src_name, self.name_of(ref))
            if amount <= 0:
                return
            o.dealt_damage_turn = self.state.turn
            if (source_oid, self.state.turn) not in o.damaged_by:
                o.damaged_by += ((source_oid, self.state.turn),)
            if src_ch is not None and src_ch.has(DamageAsCounters):
                # 120.3d, 702.80a: not marked; that many -1/-1 counters are put on it instead
                self.log(f"{src_name} deals {amount} damage to {self.name_of(ref)} in the form of -1/-1 counters")
                self.add_counters(ref, "-1/-1", amount)
            else:
                o.damage += amount
                self.log(f"{src_name} deals {amount} damage to {self.name_of(ref)}")
            if src_ch is not None and src_ch.has(DamageIsLethal):
                o.deathtouched = True  # 704.5h
        else:
            return
        if self.damage_batch is not None:
            self.damage_batch.append((source_oid, ref, amount, combat))
        else:
            self._damage_triggers([(source_oid, ref, amount, combat)])
        if src_obj is not None and src_ch is not None and src_ch.has(DamageGainsLife):
            self.change_life(src_obj.controller, amount)

    def add_redirection(self, to: object, recipient: object = None, source: int | None = None,
                        once: bool = False, combat: bool = False) -> None:
        """614.9: a redirection effect of a resolving spell or ability, until end of turn."""
        self.state.redirections += (Redirection(self.new_id(), to, recipient, source, once, combat),)
        def who(r: object) -> str:
            return self.players[int(r.split(":")[1])].name if isinstance(r, str) else self.name_of(int(str(r)))
        what = f"the next damage {self.name_of(source)} would deal" if source is not None else "damage"
        to_what = f" to {who(recipient)}" if recipient is not None else ""
        self.log(f"{what}{to_what} this turn will be dealt to {who(to)} instead (614.9)")

    def _redirected(self, source_oid: int, src_obj: GameObject | None, src_name: str, ref: object, amount: int,
                    combat: bool) -> object:
        """614.9: the recipient of damage that would be dealt to ``ref``, once redirection effects have
        applied: those of resolved abilities (``state.redirections``) and static ones of the permanents of
        a player dealt damage (``RedirectDamageToThis``), each at most once to the event (616.1f).  An
        effect whose new recipient is no longer a creature or planeswalker on the battlefield, or a
        player in the game, does nothing.  (Where prevention effects apply to the same damage, they
        apply after redirection; 616.1 would let the affected player choose the order.)"""
        applied: set[tuple[str, int]] = set()
        while True:
            found: tuple[tuple[str, int], object, Redirection | None] | None = None
            for r in (*self.state.redirections, *self.batch_redirections):
                if ("r", r.key) in applied or r.to == ref or (r.combat and not combat):
                    continue
                if (r.recipient is None or r.recipient == ref) and (r.source is None or r.source == source_oid):
                    found = (("r", r.key), r.to, r)
                    break
            if found is None and isinstance(ref, str) and ref.startswith("player:"):
                player = int(ref.split(":")[1])
                for o, part, _ in self.battlefield_parts(RedirectDamageToThis, player):
                    assert isinstance(part, RedirectDamageToThis)
                    if ("s", o.oid) in applied or (part.combat and not combat):
                        continue
                    if part.filter is None or (src_obj is not None and part.filter.matches(
                            self, src_obj, viewer=o.controller, source_oid=o.oid)):
                        found = (("s", o.oid), o.oid, None)
                        break
            if found is None:
                return ref
            key, to, effect = found
            applied.add(key)
            if not self._can_be_dealt_damage(to):
                continue  # 614.9: the effect does nothing
            if effect is not None and effect.once:
                # "the next time ...": this event only (all the damage the source deals in it).
                self.state.redirections = without(self.state.redirections, effect)
                if self.damage_batch is not None:
                    self.batch_redirections.append(effect)
            old = self.players[int(ref.split(":")[1])].name if isinstance(ref, str) else self.name_of(int(str(ref)))
            new = self.players[int(to.split(":")[1])].name if isinstance(to, str) else self.name_of(int(str(to)))
            self.log(f"{amount} damage {src_name} would deal to {old} is dealt to {new} instead (614.9)")
            ref = to

    def _can_be_dealt_damage(self, ref: object) -> bool:
        """614.9: a player still in the game, or a creature or planeswalker on the battlefield."""
        if isinstance(ref, str) and ref.startswith("player:"):
            p = self.players[int(ref.split(":")[1])]
            return not p.lost and not p.left
        if not isinstance(ref, int) or not self.exists(ref):
            return False
        o = self.obj(ref)
        types = self.characteristics(o).types
        return o.zone is Zone.BATTLEFIELD and not o.phased_out and ("creature" in types or "planeswalker" in types)

    def _life_lost_to_damage(self, player: int, amount: int) -> int:
        """120.3a: damage dealt to a player makes them lose that much life, unless a replacement effect
        of a permanent they control keeps their life total from going below a floor (614.1a: "damage
        that would reduce your life total to less than 1 reduces it to 1 instead")."""
        floors = [part.floor for _, part, _ in self.battlefield_parts(DamageLifeFloor, player)
                  if isinstance(part, DamageLifeFloor)]
        if not floors:
            return amount
        life = self.players[player].life
        lost = max(0, min(amount, life - max(floors)))
        if lost < amount:
            self.log(f"{self.players[player].name}'s life total can't be reduced below {max(floors)} by damage (614.1a)")
        return lost

    def _prevented_by_source(self, src_obj: GameObject | None, src_ch: "layers.Characteristics | None", src_name: str,
                             amount: int, combat: bool) -> bool:
        """615.1a: whether a prevention effect on the source prevents all the damage it would deal: one
        on the permanent ("prevent all combat damage that would be dealt ... by this", "... target
        creature would deal this turn"), or a resolved effect on every source a selector matches, in
        any zone (611.2c: "non-Soldier creatures", "sources of the color of your choice")."""
        if src_obj is None or src_ch is None:
            return False
        found: list[tuple[Part, str]] = []
        if src_obj.zone is Zone.BATTLEFIELD:
            found += src_ch.has(PreventDamageDealtBy)
        found += [(p, "") for p in self.rule_parts(src_obj, PreventDamageDealtBy)]
        for part, origin in found:
            assert isinstance(part, PreventDamageDealtBy)
            if combat or not part.combat:
                self.log(f"{amount} {'combat ' if combat else ''}damage {src_name} would deal is prevented "
                         f"({origin or 'a prevention effect'}, 615.1a)")
                return True
        return False

    def _prevented_to(self, o: GameObject, ch: "layers.Characteristics", src_obj: GameObject | None,
                      src_ch: "layers.Characteristics | None", src_name: str, amount: int, combat: bool) -> bool:
        """Whether a prevention effect of the creature ``o`` prevents all of this damage (615)."""
        for part, origin in ch.has(PreventDamageFrom):
            assert isinstance(part, PreventDamageFrom)
            if src_ch is not None and has_quality(src_ch.colors, part.quality, src_ch.subtypes, src_ch.types):
                why = f"{origin} from {part.quality}" if origin else f"{part.quality} sources"
                self.log(f"{amount} damage {src_name} would deal to {self.name_of(o.oid)} is prevented "
                         f"({why}, 702.16e, 615)")
                return True
        for part, origin in ch.has(PreventDamageBy):
            assert isinstance(part, PreventDamageBy)
            if part.combat and not combat:
                continue
            if part.filter is None or (src_obj is not None and part.filter.matches(
                    self, src_obj, viewer=o.controller, source_oid=o.oid)):
                self.log(f"{amount} damage {src_name} would deal to {self.name_of(o.oid)} is prevented "
                         f"({origin or 'a prevention effect'}, 615.1a)")
                return True
        return False

    def add_prevention_shield(self, ref: object, amount: int) -> None:
        """615.7: the next ``amount`` damage that would be dealt to ``ref`` (an object id or "player:i")
        this turn is prevented."""
        if amount > 0 and (isinstance(ref, str) or (isinstance(ref, int) and self.exists(ref))):
            key = str(ref)
            self.state.prevention = {**self.state.prevention, key: self.state.prevention.get(key, 0) + amount}
            who = self.players[int(key.split(":")[1])].name if key.startswith("player:") else self.name_of(int(key))
            self.log(f"the next {amount} damage that would be dealt to {who} this turn will be prevented")

    def _prevent(self, key: str, amount: int, src_name: str, target_name: str) -> int:
        """Apply prevention shields (615.7) to damage about to be dealt; return what is left to deal."""
        shield = self.state.prevention.get(key, 0)
        if not shield:
            return amount
        prevented = min(shield, amount)
        prevention = dict(self.state.prevention)
        if shield > prevented:
            prevention[key] = shield - prevented
        else:
            del prevention[key]
        self.state.prevention = prevention
        self.log(f"{prevented} damage {src_name} would deal to {target_name} is prevented (615.7)")
        return amount - prevented

    def _source_card(self, source_oid: int) -> int:
        o = self.state.objects.get(source_oid) or self.state.last_known.get(source_oid)
        if o is not None:
            return o.card.card_id
        for item in self.state.stack:
            if item.oid == source_oid or item.source_oid == source_oid:
                return item.source_card
        return -1

    def destroy(self, oid: int, regenerate: bool = True, message: str = "is destroyed") -> bool:
        """701.7a: move a permanent to its owner's graveyard (702.12b: not if it is indestructible;
        701.15a: not if a regeneration shield replaces it).  ``message`` is the log wording."""
        if not self.exists(oid) or self.obj(oid).zone is not Zone.BATTLEFIELD:
            return False
        if self.characteristics(self.obj(oid)).has(Indestructible):
            self.log(f"{self.name_of(oid)} is indestructible and isn't destroyed (702.12b)")
            return False
        o = self.obj(oid)
        if regenerate and o.regenerate_shields > 0 and not self.characteristics(o).has(CantBeRegenerated):
            # 701.15a: regeneration replaces the destruction (614.8): remove all damage, tap it,
            # and remove it from combat (506.4).
            o.regenerate_shields -= 1
            o.damage = 0
            o.tapped = True
            o.attacking = False
            o.blocking = ()
            if oid in self.state.blocked:
                self.state.blocked = without(self.state.blocked, oid)
            self.log(f"{self.name_of(oid)} regenerates (701.15a)")
            return False
        self.log(f"{self.name_of(oid)} {message}")
        self.last_destroyed = self.move(oid, Zone.GRAVEYARD)
        return True

    # The object the last permanent destroyed became (400.7): "cards destroyed this way" (701.7a).
    last_destroyed: int | None = None

    def add_regeneration_shield(self, oid: int) -> None:
        """701.15a: a regeneration shield on a permanent, used up by its next destruction this turn."""
        if self.exists(oid) and self.obj(oid).zone is Zone.BATTLEFIELD:
            self.obj(oid).regenerate_shields += 1
            self.log(f"{self.name_of(oid)} gets a regeneration shield")

    def sacrifice(self, oid: int) -> bool:
        """701.17a: its controller moves a permanent they control to its owner's graveyard."""
        if not self.exists(oid) or self.obj(oid).zone is not Zone.BATTLEFIELD or self.obj(oid).phased_out:
            return False
        o = self.obj(oid)
        self.log(f"{self.players[o.controller].name} sacrifices {self.name_of(oid)}")
        self.move(oid, Zone.GRAVEYARD)
        return True

    def set_tapped(self, oid: int, tapped: bool) -> None:
        """701.21: tap or untap a permanent."""
        if self.exists(oid) and self.obj(oid).zone is Zone.BATTLEFIELD and self.obj(oid).tapped != tapped:
            self.obj(oid).tapped = tapped
            self.log(f"{self.name_of(oid)} becomes {'tapped' if tapped else 'untapped'}")
            if not tapped:
                self.fire_object_event(self.obj(oid), "untapped")  # 603.2: "whenever this becomes untapped"
                self.end_while_tapped()

    def end_while_tapped(self) -> None:
        """611.2b: an effect lasting "for as long as [its source] remains tapped" ends once that source
        is untapped or has left the battlefield (a new object, 400.7); it doesn't begin again if the
        permanent is tapped later."""
        def holds(until: str) -> bool:
            if not until.startswith("tapped:"):
                return True
            src = self.state.objects.get(int(until.split(":")[1]))
            return src is not None and src.zone is Zone.BATTLEFIELD and src.tapped
        if any(not holds(e.until) for e in self.state.continuous):
            self.state.continuous = tuple(e for e in self.state.continuous if holds(e.until))

    def remove_counters(self, oid: int, kind: str, n: int) -> bool:
        """Remove ``n`` counters of ``kind``; False (nothing removed) if there aren't that many."""
        if not self.exists(oid) or self.obj(oid).counters.get(kind, 0) < n:
            return False
        o = self.obj(oid)
        o.counters = plus(o.counters, kind, -n)
        self.log(f"{n} {kind} counter(s) removed from {self.name_of(oid)}")
        if n > 0 and not o.counters.get(kind, 0):
            self.fire_object_event(o, "last_counter_removed", counter=kind)  # 702.62a: "when the last is removed"
        return True

    def discard(self, player: int, n: int, at_random: bool = False) -> bool:
        """701.8: the player discards ``n`` cards of their choice (all of them if fewer); ``at_random``:
        chosen with the game's seeded random generator (701.8a)."""
        hand = list(self.zone(Zone.HAND, player))
        k = min(n, len(hand))
        if k == 0:
            return n == 0
        if k == len(hand):
            chosen = hand
        elif at_random:
            chosen = self.state.rng.sample(hand, k)
        else:
            opts = tuple(Choice(str(o), self.name_of(o)) for o in hand)
            chosen = self.ask_valid(ChooseCards(player, f"Discard {k}", opts, k, k),
                                    lambda ans: chosen_keys(ans, hand, k, k), f"choose {k} cards to discard (701.8)")
        for oid in chosen:
            self.discard_card(player, oid)
        return k == n

    def discard_card(self, player: int, oid: int) -> int | None:
        """701.8a: move a card from its owner's hand to the graveyard as a discard -- the one path for
        discard effects, discard costs (118.3) and the cleanup discard (514.1), so that discard
        replacement effects (702.35a madness) see every discard."""
        self.log(f"{self.players[player].name} discards {self.name_of(oid)}")
        new = self.move(oid, Zone.GRAVEYARD, cause="discard")
        if new is not None:
            self._discarded(player, new)
        return new

    def _discarded(self, player: int, card: int) -> None:
        """603.2, 701.8: "whenever you discard a card" abilities of ``player``'s permanents trigger,
        remembering the card where the discard put it ("the discarded card")."""
        for w in self.battlefield():
            if w.controller != player or not any(isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)
                                                 and "discard" in a.trigger.events for a in w.definition.expanded):
                continue  # cheap pre-check on the printed abilities
            for a in self.characteristics(w).abilities:
                if isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent) \
                        and "discard" in a.trigger.events and a.trigger.scope == "discard_you" \
                        and (a.trigger.subject is None or a.trigger.subject.matches(self, self.obj(card), player)):
                    self._trigger(w, a, (card,))

    def mill(self, player: int, n: int) -> None:
        """Put the top ``n`` cards of the library into the graveyard, one at a time."""
        for _ in range(n):
            lib = self.zone(Zone.LIBRARY, player)
            if not lib:
                return
            self.move(lib[0], Zone.GRAVEYARD)

    def add_continuous(self, oid: int, parts: tuple[Part, ...], controller: int, until: str) -> None:
        """611.2: record a continuous effect on one object (its timestamp orders it, 613.7)."""
        if not self.exists(oid):
            return
        if until in ("next_turn_controller", "next_turn_you"):
            # 500.1: "during its controller's next turn": it applies from that turn's beginning to its end.
            player = self.obj(oid).controller if until == "next_turn_controller" else controller
            self.state.scheduled += ((player, ContinuousEffect(oid, parts, controller, "eot", 0)),)
            self.log(f"an effect will apply to {self.name_of(oid)} during "
                     f"{self.players[player].name}'s next turn")
            return
        self.state.continuous += (ContinuousEffect(oid, parts, controller, until, self.new_id()),)
        ends = {"eot": "until end of turn", "next_upkeep": "until your next upkeep",
                "control": "until its controller loses control of it", "indefinitely": "indefinitely"}
        if until.startswith("tapped:"):
            ends[until] = f"for as long as {self.name_of(int(until.split(':')[1]))} remains tapped"  # 611.2b
        self.log(f"an effect applies to {self.name_of(oid)} {ends.get(until, 'until ' + until)}")

    def expire_continuous(self, until: str, player: int | None = None) -> None:
        """End effects with the given duration (514.2 for "eot"; "next_upkeep" for ``player``)."""
        keep: list[ContinuousEffect] = []
        for e in self.state.continuous:
            if e.until == until and (player is None or e.controller == player):
                for p in e.parts:
                    if isinstance(p, ControlledBy) and self.exists(e.oid):
                        self._set_controller(e.oid, p.previous)
            else:
                keep.append(e)
        self.state.continuous = tuple(keep)

    def gain_control(self, oid: int, player: int, until: str) -> None:
        """613.1b: ``player`` controls the permanent; timed changes revert when they end."""
        if not self.exists(oid) or self.obj(oid).zone is not Zone.BATTLEFIELD:
            return
        previous = self.obj(oid).controller
        self._set_controller(oid, player)
        # Recorded even when it lasts indefinitely: it ends if ``player`` leaves the game (800.4a).
        self.state.continuous += (ContinuousEffect(oid, (ControlledBy(player, previous),), player, until,
                                                      self.new_id()),)

    def set_controller(self, oid: int, player: int) -> None:
        """613.1b: ``player`` controls the permanent from now on, with no effect to end (e.g. as the
        effect that gave another player control ends, 800.4a)."""
        self._set_controller(oid, player)

    def _set_controller(self, oid: int, player: int) -> None:
        o = self.obj(oid)
        if o.controller == player:
            return
        o.controller = player
        # 302.6 and 702.30a: it has just come under this player's control.
        o.entered_turn = self.state.turn
        o.control_since = self.state.tick
        self.log(f"{self.players[player].name} gains control of {self.name_of(oid)}")

    def add_block_requirement(self, blocker: int, attacker: int) -> None:
        """509.1c: ``blocker`` blocks ``attacker`` this combat if able."""
        if self.exists(blocker) and self.exists(attacker):
            self.state.block_requirements += ((blocker, attacker),)
            self.log(f"{self.name_of(blocker)} must block {self.name_of(attacker)} this combat if able")

    def controlled_since_last_upkeep(self, obj: GameObject, player: int) -> bool:
        """702.30a: ``obj`` came under ``player``'s control since the beginning of their last upkeep."""
        if obj.controller != player or obj.control_since < 0:
            return False  # not theirs, or theirs since before the game began
        ticks = self.players[player].upkeep_ticks
        # During that player's own upkeep, "your last upkeep" is the one before this one.
        own_upkeep = self.state.step == "upkeep" and self.state.active == player
        earlier = ticks[:-1] if own_upkeep else ticks
        # Whatever happened during that upkeep (same tick) happened after it began.
        return not earlier or obj.control_since >= earlier[-1]

    def counter(self, oid: int) -> None:
        """701.5a: counter a spell or ability: remove it from the stack; a countered spell goes to its
        owner's graveyard (replacement effects may apply)."""
        for i, item in enumerate(self.state.stack):
            if item.oid != oid:
                continue
            if item.kind is StackKind.SPELL and self.exists(oid) and \
                    any(isinstance(a, CantBeCountered) for a in self.obj(oid).definition.expanded):
                self.log(f"{self.name_of(oid)} can't be countered (101.2)")
                return
            self.state.stack = self.state.stack[:i] + self.state.stack[i + 1:]
            if item.kind is StackKind.SPELL:
                self.log(f"{self.name_of(oid)} is countered")
                self.move(oid, Zone.GRAVEYARD)
            else:
                self.log(f"ability of {self.source_name(item.source_oid, item.source_card)} is countered")
            return

    def add_counters(self, oid: int, kind: str, n: int) -> None:
        """122.1: put counters on a permanent."""
        if n > 0 and self.exists(oid):
            o = self.obj(oid)
            o.counters = plus(o.counters, kind, n)
            self.log(f"{n} {kind} counter(s) put on {self.name_of(oid)}")

    def create_tokens(self, controller: int, spec: "CreateTokens", n: int, creator: int = -1) -> tuple[int, ...]:
        """111.2: create ``n`` tokens; they enter the battlefield under ``controller``'s control.  ``creator``:
        the object whose ability created them (607.2a: "tokens created with it")."""
        made: list[int] = []
        for _ in range(n):
            definition = CardDefinition(
                name=spec.name, supertypes=spec.supertypes, types=spec.types, subtypes=spec.subtypes, power=spec.power,
                toughness=spec.toughness, color_indicator=spec.colors,
                abilities=tuple(self.keyword_library(k) for k in spec.keywords) + spec.abilities,
            )
            made.append(self._token_enters(controller, definition, f"a token named {spec.name}", tapped=spec.tapped,
                                           creator=creator))
        return tuple(made)

    def create_token_copy(self, controller: int, values: CardDefinition) -> list[int]:
        """111.2 / 707.2: create a token with the given copiable values; it enters the battlefield."""
        what = f"a token that's a copy of {values.name or 'a face-down creature'}"
        return [self._token_enters(controller, values, what)]

    def _token_enters(self, controller: int, definition: CardDefinition, what: str, tapped: bool = False,
                      creator: int = -1) -> int:
        """111.2: a new token enters the battlefield under ``controller``'s control (``tapped``: "create
        ... tapped ... tokens"), through the replacement effects that apply to entering (614.1c, 614.12,
        which may also make it enter tapped); its enters triggers go pending."""
        card = Card(card_id=self.new_id(), owner=controller, definition=definition, is_token=True, created_by=creator)
        self.state.cards = {**self.state.cards, card.card_id: card}
        ev = ZoneChange(oid=None, card_id=card.card_id, from_zone=None, to_zone=Zone.BATTLEFIELD,
                        to_player=controller, controller=controller, tapped=tapped)
        # 614.12: its own "as this enters" abilities see the token as it will be; it exists only
        # once the replacement effects are applied.
        new = GameObject(oid=self.new_id(), card=card, zone=Zone.BATTLEFIELD, controller=controller,
                         entered_turn=self.state.turn, control_since=self.state.tick, clock=self.state.clock)
        ev = self.replace_zone_change(ev, None, token=new)
        new.tapped, new.counters, new.copy_of = ev.tapped, Counter(ev.counters), ev.copy_of
        new.copy_until_face_down = ev.copy_until_face_down
        self.set_object(new)
        self.set_zone(Zone.BATTLEFIELD, -1, (*self.zone(Zone.BATTLEFIELD), new.oid))
        ev.new_oid = new.oid
        self.log(f"{self.players[controller].name} creates {what}")
        self.collect_triggers_for_zone_change(ev, new)
        return new.oid

    keyword_resolver: Callable[..., Ability] | None = None

    def keyword_library(self, name: str, *args: object) -> Ability:
        """The compiled keyword ``name`` with its parameters ``args`` (none for tokens created "with
        haste"); set by the pool loader."""
        if self.keyword_resolver is None:
            raise LookupError(f"no keyword library loaded to resolve {name!r}")
        return self.keyword_resolver(name, *args)

    def add_mana(self, player: int, mana: tuple[str, ...], any_color: bool, count: int = 1) -> None:
        """106.4: mana goes into the player's pool; "any color" asks which (106.1a), once for ``count``
        mana ("two mana of any one color")."""
        p = self.players[player]
        if any_color:
            color = self.ask_valid(
                ChooseOption(player, "Choose a color of mana", tuple(Choice(c, COLOR_NAMES[c]) for c in COLORS)),
                lambda ans: ans if isinstance(ans, str) and ans in COLORS else None,
                "choose one of the five colors (106.1a)")
            p.mana = plus(p.mana, color, count)
            self.log(f"{self.players[player].name} adds {('{' + color + '}') * count}")
            return
        pool = Counter(p.mana)
        for s in mana:
            body = s[1:-1]
            if body.isdigit():
                pool["C"] += int(body)
            else:
                pool[body] += 1
        p.mana = +pool
        self.log(f"{self.players[player].name} adds {''.join(mana)}")

    def add_delayed_trigger(self, res: "Resolution", step: str, effect: "Effect") -> None:
        """603.7: remember a delayed triggered ability and what "them" means now."""
        self.state.delayed += (DelayedTrigger(
            controller=res.controller, source_oid=res.source_oid, step=step, effect=effect,
            remembered=tuple(x for x in res.last_affected if isinstance(x, int)),
            created_turn=self.state.turn, created_step=self.state.step,
            source_card=self._source_card(res.source_oid)),)

    def add_event_trigger(self, res: "Resolution", oid: int, event: str, effect: "Effect", combat: bool = False,
                          once: bool = False) -> None:
        """603.7, 603.7c: a delayed triggered ability that triggers when ``event`` happens to object ``oid``
        this turn (it ends in the cleanup step, 514.2): each time ("whenever that creature deals combat
        damage this turn"; ``combat``: only combat damage, 510.2), or ``once`` ("when this dies this
        turn", 603.7c), remembering then the object the event left behind (400.7)."""
        self.state.delayed += (DelayedTrigger(
            controller=res.controller, source_oid=res.source_oid, step="", effect=effect, remembered=(oid,),
            created_turn=self.state.turn, created_step=self.state.step, source_card=self._source_card(res.source_oid),
            event=event, watched=oid, combat=combat, once=once),)

    def perform_action(self, res: "Resolution", player: int, act: "PerformAction") -> None:
        """Run a keyword action's primitive steps (701.19 search, 701.20 shuffle), each by its kind."""
        found: list[int] = []
        for step in act.action.steps:
            after = ACTION_STEPS[step.kind](self, res, player, act, step, found)
            if after is None:
                return  # a step's condition stopped the action (701.31a, 701.43a)
            found = after

    def cant_search(self, player: int) -> bool:
        """701.19: whether a static ability of a permanent says ``player`` can't search libraries."""
        return any(affects_player(part.who, o.controller, player)
                   for o in self.battlefield() for part, _ in self.characteristics(o).has(CantSearchLibraries)
                   if isinstance(part, CantSearchLibraries))

    def arrange_top(self, player: int, count: int, verb: str) -> None:
        """701.18a: look at the top ``count`` cards of the library, put any number of them on the
        bottom in any order and the rest on top in any order (701.18b: looking at none is no event)."""
        lib = self.zone(Zone.LIBRARY, player)
        top = list(lib[:max(count, 0)])
        if not top:
            return
        opts = tuple(Choice(str(o), self.name_of(o)) for o in top)
        bottom = self.ask_valid(
            ChooseCards(player, f"{verb.capitalize()} {count}: choose the cards to put on the bottom", opts, 0, len(top)),
            lambda ans: chosen_keys(ans, top, 0, len(top)),
            f"choose any number of the top {len(top)} cards for the bottom (701.18a)")
        rest = [o for o in top if o not in bottom]
        rest = self._ask_library_order(player, rest, "on top (first is the top card)")
        bottom = self._ask_library_order(player, list(bottom), "on the bottom (first is nearest the top)")
        self.set_zone(Zone.LIBRARY, player, rest + list(lib[len(top):]) + bottom)
        # The cards stay hidden (401.2): the public record says only how many went where.
        verbs = verb[:-1] + "ies" if verb.endswith("y") else verb + "s"
        self.log(f"{self.players[player].name} {verbs} {len(top)}: {len(rest)} on top, {len(bottom)} on the bottom")

    def library_order(self, player: int, cards: list[int], where: str) -> list[int]:
        """401.4: the order in which ``player`` puts ``cards`` into their library together."""
        return self._ask_library_order(player, cards, where)

    def _ask_library_order(self, player: int, cards: list[int], where: str) -> list[int]:
        """The order in which ``player`` puts ``cards`` into a library ("in any order", 401.4)."""
        if len(cards) < 2:
            return cards
        opts = tuple(Choice(str(o), self.name_of(o)) for o in cards)
        return list(self.ask_valid(ChooseOrder(player, f"Order the cards to put {where}", opts),
                                   lambda ans: chosen_keys(ans, cards, len(cards), len(cards)),
                                   "an order lists each card once (401.4)"))

    def shuffle(self, player: int) -> None:
        """701.20a: randomize the library with the game's seeded RNG."""
        lib = list(self.zone(Zone.LIBRARY, player))
        self.state.rng.shuffle(lib)
        self.set_zone(Zone.LIBRARY, player, lib)
        self.log(f"{self.players[player].name} shuffles their library")

    # ------------------------------------------------------------ cost bookkeeping

    def times_paid(self, obj: GameObject, label: str, ordinal: int | None) -> int:
        """How many times ``obj``'s cost options with ``label`` were paid (all, or the ``ordinal``-th)."""
        if obj.cast is None:
            return 0
        # Cost option indexes refer to the card as it was cast (a face-down spell's real card; a copy
        # of a spell copies the card's values and the choices made, 707.10).  A permanent that
        # entered as a copy of a kicked permanent has its own card's options: not kicked (seed 003).
        options = [i for i, lab in enumerate(self._option_labels(obj)) if lab == label]
        if ordinal is not None:
            options = options[ordinal:ordinal + 1]
        total = sum(obj.cast.paid.get(i, 0) for i in options)
        if obj.cast.alternative is not None and obj.cast.alternative in options:
            total += 1
        return total

    def alternative_label(self, obj: GameObject) -> str | None:
        """The label of the alternative cost ``obj`` was cast with, if any."""
        if obj.cast is None or obj.cast.alternative is None:
            return None
        labels = self._option_labels(obj)
        return labels[obj.cast.alternative] if 0 <= obj.cast.alternative < len(labels) else None

    @staticmethod
    def _option_labels(obj: GameObject) -> tuple[str, ...]:
        """The labels of the cost options ``obj`` was cast with, as indexed by its cast info: those
        recorded as it was cast (printed and granted ones, 613.1f), else its card's printed ones."""
        assert obj.cast is not None
        if obj.cast.options:
            return obj.cast.options
        return tuple(a.label for a in obj.card.definition.cost_options())

    # ------------------------------------------------------------ triggers

    def collect_triggers_for_zone_change(self, ev: ZoneChange, new: GameObject) -> None:
        """603.6a: enters-the-battlefield abilities of the entering object trigger; a card put into a
        graveyard from anywhere triggers "whenever a card is put into an opponent's graveyard" (603.2)."""
        if ev.to_zone is Zone.GRAVEYARD and not new.card.is_token:
            self._card_to_graveyard(new)
        if ev.to_zone is not Zone.BATTLEFIELD or new.phased_out:
            return
        for a in self.characteristics(new).abilities:
            if isinstance(a, TriggeredAbility) and isinstance(a.trigger, EntersTheBattlefield):
                self._trigger(new, a)
        self.fire_object_event(new, "enters")

    def _card_to_graveyard(self, card: GameObject) -> None:
        """603.2: "whenever a card is put into an opponent's graveyard from anywhere" abilities of
        permanents, and of cards in exile whose ability says it functions there (113.6b), trigger."""
        watchers = list(self.battlefield()) + [self.obj(i) for i in self.zone(Zone.EXILE)]
        for w in watchers:
            if not any(isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)
                       and "card_to_graveyard" in a.trigger.events for a in w.definition.expanded):
                continue  # cheap pre-check on the printed abilities
            for a in self.characteristics(w).abilities:
                if not isinstance(a, TriggeredAbility):
                    continue
                t = a.trigger
                if not isinstance(t, ObjectEvent) or "card_to_graveyard" not in t.events:
                    continue
                if (t.zone or "battlefield") != w.zone.value:
                    continue  # 113.6b: it functions only in the zone it says
                mine = card.owner == w.controller
                if {"graveyard_you": mine, "graveyard_opponent": not mine}.get(t.scope, False):
                    self._trigger(w, a, (card.oid,))

    def fire_object_event(self, obj: GameObject, event: str, other: GameObject | None = None,
                          by: "StackItem | None" = None, remembered: tuple[int, ...] = (),
                          damage: DamageDealt | None = None, counter: str = "", became: int | None = None) -> None:
        """603.2: an event happened to ``obj``; its own "when/whenever this <event>" abilities trigger,
        and so do "whenever a permanent you control <event>" abilities of its controller's permanents
        (and of cards in their graveyard whose ability works from there, 113.6k).

        Leaves-the-battlefield and phasing-out abilities look back in time (603.10a): they are
        read from ``obj`` as it was, which the caller passes before it changes.  ``by``: the spell
        or ability that made it the target ("that spell or ability", 702.21a).  ``damage``: what a
        damage event dealt (603.2: "that player", "that creature", "that much").  ``counter``: the kind
        of counter of a "last_counter_removed" event.  ``became``: the new object a zone change made
        of ``obj`` (400.7), which other objects' triggers then mean by "that card".  An ability that
        says which zone it functions in triggers only there (113.6b).
        """
        if by is not None:
            remembered = (by.oid,)
        elif other is not None and not remembered:
            remembered = (other.oid,)  # 509.3c-d: "that creature" -- the one it blocks, or that blocks it
        # 603.7c: delayed triggers watching this object's event this turn ("that damage": its amount).
        watching = [d for d in self.state.delayed if d.event == event and d.watched == obj.oid
                    and d.created_turn == self.state.turn]
        for d in watching:
            if damage is not None and (damage.recipient or (d.combat and not damage.combat)):
                continue
            if d.once:  # "when this dies this turn": once, remembering the object it became (400.7)
                self.state.delayed = without(self.state.delayed, d)
            self.state.pending += (PendingTrigger(d.controller, d.source_oid, None, d.effect,
                                                     remembered if d.once else d.remembered,
                                                     label="delayed trigger", source_card=d.source_card,
                                                     event_amount=damage.amount if damage is not None else 0),)
        for a in self.characteristics(obj).abilities:
            if isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent) and event in a.trigger.events \
                    and a.trigger.scope == "this":
                flt = a.trigger.filter
                if flt is not None and (other is None or not flt.matches(self, other, obj.controller, obj.oid)):
                    continue
                if a.trigger.counter != counter or (a.trigger.zone and a.trigger.zone != obj.zone.value):
                    continue
                if a.trigger.opponents_only and (by is None or by.controller == obj.controller):
                    continue
                if damage is not None:
                    if _damage_matches(a.trigger, damage, obj.controller):
                        self._trigger(obj, a, (damage.obj,) if damage.obj >= 0 else remembered,
                                      event_player=damage.player, event_amount=damage.amount)
                    continue
                self._trigger(obj, a, remembered)
        if obj.zone is not Zone.BATTLEFIELD:
            return
        # Any permanent may watch ("whenever another permanent is turned face up"); the subject's
        # own selector says whose objects count ("... you control"). Cards in a graveyard watch
        # only their owner's objects ("whenever a creature you control dies" from the graveyard).
        graveyard = [self.obj(i) for i in self.zone(Zone.GRAVEYARD, obj.controller)]
        # The permanents that watch are kept with the permanents (``runtime.permanents``: found from
        # their characteristics, granted abilities included).
        kept = self.permanents.event_watchers(self) if not self.partial else None
        if kept is None:
            granted = self._watching_granted()
            watchers = [w for w in (*self.battlefield(), *graveyard)
                        if granted or any(_watches(a) for a in w.definition.expanded)]
        else:
            granted = bool(graveyard) and self._watching_granted()
            # A cheap pre-check on a graveyard card's copiable values before computing characteristics.
            watchers = [*kept, *(w for w in graveyard if granted or any(_watches(a) for a in w.definition.expanded))]
        for w in watchers:
            for a in self.characteristics(w).abilities:
                if not isinstance(a, TriggeredAbility):
                    continue
                t = a.trigger
                if not isinstance(t, ObjectEvent) or event not in t.events:
                    continue
                # 303.4e, 603.10a: "when enchanted creature dies" -- the source attached to it (as it was)
                attached = t.scope == "attached" and w.zone is Zone.BATTLEFIELD and w.attached_to == obj.oid
                if attached or t.scope == "yours" and (w.zone is Zone.BATTLEFIELD) != t.from_graveyard \
                        and (t.subject is None or t.subject.matches(self, obj, w.controller, w.oid)):
                    if damage is None:
                        # 400.7, 603.6c: "is put into your graveyard ...: return that card" -- the card it became.
                        self._trigger(w, a, (became,) if became is not None else (obj.oid,))
                    elif _damage_matches(t, damage, w.controller):
                        # "whenever a creature you control deals combat damage to a player": "it" is that creature.
                        self._trigger(w, a, (obj.oid,), event_player=damage.player, event_amount=damage.amount)

    def _watching_granted(self) -> bool:
        """Whether an ability that watches other objects' events (603.2: "whenever a creature you control
        ...") may be granted to a permanent by another object's static ability or by a resolved effect
        (613.1f), so that the pre-check on each permanent's own printed abilities is not enough."""
        if any(isinstance(p, GainAbility) and _watches(p.ability) for e in self.state.continuous for p in e.parts):
            return True
        return any(isinstance(a, StaticAbility) and a.affects and _watches(a)
                   for o in self.battlefield() for a in o.definition.expanded)

    def fire_attack_batch(self, attackers: list[int]) -> None:
        """508.3a, 603.2c: "whenever one or more <filter> you control attack" triggers once for a
        declaration of attackers, if any of them matches; "that many" is how many matched (603.2)."""
        for w in self.battlefield():
            if not any(isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)
                       and "attack_batch" in a.trigger.events for a in w.definition.expanded):
                continue  # cheap pre-check on the printed abilities
            for a in self.characteristics(w).abilities:
                if not (isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)
                        and "attack_batch" in a.trigger.events):
                    continue
                subject = a.trigger.subject
                which = tuple(oid for oid in attackers if self.obj(oid).controller == w.controller
                              and (subject is None or subject.matches(self, self.obj(oid), w.controller, w.oid)))
                if which:
                    self._trigger(w, a, which, event_amount=len(which))

    def spell_cast(self, spell: GameObject, caster: int) -> None:
        """603.2 / 601.2i: a spell became cast; "whenever [you|an opponent|a player] casts a ... spell"
        abilities of permanents trigger, remembering the spell ("that spell").  The caster's record
        of spells cast this turn keeps a copy of it as it is now."""
        self.players[caster].cast_this_turn += (dataclasses.replace(spell),)
        # 601.2i, 603.2: "When you cast this spell, ..." -- an ability of the spell itself.
        for a in self.characteristics(spell).abilities:
            if isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent) \
                    and a.trigger.scope == "cast_this" and "cast" in a.trigger.events:
                self._trigger(spell, a, (spell.oid,))
        for w in self.battlefield():
            if not any(_watches_casts(a) for a in w.definition.expanded):
                continue  # cheap pre-check on the printed abilities (and the ones they grant)
            mine = caster == w.controller
            for a in self.characteristics(w).abilities:
                if not (isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)):
                    continue
                t = a.trigger
                who_ok = {"cast_you": mine, "cast_opponent": not mine, "cast_any": True}.get(t.scope, False)
                if "cast" in t.events and who_ok and (t.subject is None or t.subject.matches(self, spell, w.controller)):
                    self._trigger(w, a, (spell.oid,))

    def collect_state_triggers(self) -> None:
        """603.8: a state trigger triggers whenever its condition is true (checked with the state-based
        actions, 704.3), and not again while the ability is waiting to be put on the stack or is on it."""
        for o in self.battlefield():
            for a in self.characteristics(o).derived(_state_triggers):
                assert isinstance(a.trigger, StateTrigger)
                waiting = any(p.source_oid == o.oid and type(p.ability) is type(a) for p in self.state.pending) or \
                    any(i.source_oid == o.oid and type(i.ability) is type(a) for i in self.state.stack)
                if waiting:
                    continue
                res = Resolution(self, controller=o.controller, source_oid=o.oid, targets=())
                if a.trigger.condition.holds(self, res):
                    self._trigger(o, a)

    def collect_step_triggers(self, step: str) -> None:
        """503.1a-style: "at the beginning of <step>" abilities and delayed triggers (603.7); also those
        of cards in exile whose ability says it functions there (113.6b, 702.62a)."""
        # The permanents with such abilities are kept with the permanents (``runtime.permanents``).
        watchers = self.permanents.with_step_triggers(self) if not self.partial else None
        if watchers is None:
            watchers = [(o, self.characteristics(o).derived(_step_triggers)) for o in self.battlefield()]
        for o, triggers in watchers:
            for a in triggers:
                if isinstance(a.trigger, BeginningOfStep) and a.trigger.step == step and not a.trigger.zone \
                        and (not a.trigger.yours or o.controller == self.state.active):
                    # "each player's upkeep": "that player" is the player whose step it is (the active player).
                    self._trigger(o, a, event_player=self.state.active)
        # exile: one zone shared by all players (406.1); a graveyard (113.6k: "if this is in your graveyard")
        elsewhere = [(oid, "exile") for oid in self.zone(Zone.EXILE)]
        elsewhere += [(oid, "graveyard") for p in range(len(self.players)) for oid in self.zone(Zone.GRAVEYARD, p)]
        for oid, where in elsewhere:
            o = self.obj(oid)
            if not any(isinstance(a, TriggeredAbility) and isinstance(a.trigger, BeginningOfStep)
                       and a.trigger.zone == where for a in o.definition.expanded):
                continue  # cheap pre-check on the printed abilities
            for t in self.characteristics(o).derived(_step_triggers):
                if isinstance(t.trigger, BeginningOfStep) and t.trigger.step == step and t.trigger.zone == where \
                        and (not t.trigger.yours or o.controller == self.state.active):
                    self._trigger(o, t, event_player=self.state.active)
        keep: list[DelayedTrigger] = []
        for d in self.state.delayed:
            if d.event and d.created_turn != self.state.turn:
                continue  # "... this turn" (603.7c): it can no longer trigger
            fresh = d.created_turn == self.state.turn and d.created_step == step
            if d.step == step and not fresh:
                self.state.pending += (PendingTrigger(d.controller, d.source_oid, None, d.effect,
                                                         d.remembered, label="delayed trigger",
                                                         source_card=d.source_card),)
            else:
                keep.append(d)
        self.state.delayed = tuple(keep)

    def _trigger(self, obj: GameObject, a: TriggeredAbility, remembered: tuple[int, ...] = (),
                 event_player: int = -1, event_amount: int = 0) -> None:
        if a.condition is not None:
            # 603.4: an intervening-if condition is checked as the ability triggers.
            res = Resolution(self, controller=obj.controller, source_oid=obj.oid, targets=(),
                             x=obj.cast.x if obj.cast else 0, last_affected=remembered,
                             event_player=event_player, event_amount=event_amount)
            if not a.condition.holds(self, res):
                return
        self.state.pending += (PendingTrigger(obj.controller, obj.oid, a, remembered=remembered, label=a.text,
                                                 source_card=obj.card.card_id, event_player=event_player,
                                                 event_amount=event_amount),)

    def became_targets(self, item: "StackItem") -> None:
        """601.2c, 603.2 / 702.21a: each object a spell or ability targets "becomes the target" as it is put on
        the stack; its "whenever this becomes the target" abilities trigger."""
        for t in dict.fromkeys(x for x in item.targets if isinstance(x, int)):
            o = self.state.objects.get(t)
            if o is not None and o.zone is Zone.BATTLEFIELD and not o.phased_out:
                self.fire_object_event(o, "targeted", by=item)

    def order_pending(self) -> list[PendingTrigger]:
        """603.3b: APNAP order; each player orders their own simultaneous triggers."""
        out: list[PendingTrigger] = []
        n = len(self.players)
        for k in range(n):
            p = (self.state.active + k) % n
            mine = [t for t in self.state.pending if t.controller == p]
            if len(mine) > 1:
                opts = tuple(Choice(str(i), f"{self.source_name(t.source_oid, t.source_card)}: {t.label}",
                                    subject=t.source_oid) for i, t in enumerate(mine))
                order = self.ask_valid(
                    ChooseOrder(p, "Order your triggered abilities (first goes on the stack first)", opts),
                    lambda ans: chosen_keys(ans, range(len(mine)), len(mine), len(mine)),
                    "trigger order must list each triggered ability once (603.3b)")
                mine = [mine[k] for k in order]
            out.extend(mine)
        self.state.pending = ()
        return out


# 506.1: the steps of the combat phase.
_COMBAT_PHASE = ("begin_combat", "attackers", "blockers", "first_damage", "damage", "end_combat")


def _state_triggers(ch: layers.Characteristics) -> "tuple[TriggeredAbility, ...]":
    """The state triggers among ``ch``'s abilities (603.8; remembered per characteristics object)."""
    return tuple(a for a in ch.abilities if isinstance(a, TriggeredAbility) and isinstance(a.trigger, StateTrigger))


def _step_triggers(ch: layers.Characteristics) -> "tuple[TriggeredAbility, ...]":
    """The "at the beginning of <step>" abilities among ``ch``'s (remembered per characteristics
    object: every permanent is looked at in every step, and few have one)."""
    return tuple(a for a in ch.abilities if isinstance(a, TriggeredAbility) and isinstance(a.trigger, BeginningOfStep))


def _damage_matches(t: ObjectEvent, d: DamageDealt, controller: int) -> bool:
    """Whether a damage trigger's words fit the damage event ``d``: combat damage only (510.2), and the
    recipient named ("to a player", "to an opponent" -- a player other than its controller, 102.2 --,
    "to a creature", "to you" -- its controller); with no recipient named, the whole event (603.2c: it triggers once)."""
    if t.combat_only and not d.combat:
        return False
    if not t.recipient:
        return not d.recipient
    if t.recipient in ("creature", "blocking"):
        return d.recipient == t.recipient
    if t.recipient == "you":
        return d.recipient == "player" and d.player == controller
    return d.recipient == "player" and (t.recipient == "player" or d.player != controller)


class _Stretch:
    """``Game.unchanging()``: a class, not a ``contextmanager`` generator, because stretches are
    opened tens of thousands of times a game and the generator protocol cost more than most of them."""

    __slots__ = ("game", "opened")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.opened = False

    def __enter__(self) -> layers.CharacteristicsCache:
        game = self.game
        current = game.characteristics_cache
        if current is not None:  # already inside one: it goes on
            return current
        kept = game.kept_cache
        if kept is not None and game.state.clock.quiet_since(kept[1]):
            cache = kept[0]  # nothing it depends on was written since it was true
        else:
            cache = layers.CharacteristicsCache()
        game.characteristics_cache = cache
        self.opened = True
        return cache

    def __exit__(self, *exc: object) -> None:
        if self.opened:
            game = self.game
            cache = game.characteristics_cache
            game.characteristics_cache = None
            if cache is not None:
                game.kept_cache = (cache, game.state.clock.now)


class _Change:
    """``Game.changing()`` (see ``_Stretch`` for why a class)."""

    __slots__ = ("game", "cache")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cache: layers.CharacteristicsCache | None = None

    def __enter__(self) -> None:
        self.cache = self.game.characteristics_cache
        self.game.characteristics_cache = None

    def __exit__(self, *exc: object) -> None:
        cache = self.cache
        if cache is not None:
            cache.clear()
            self.game.characteristics_cache = cache


def _watches(a: Ability) -> bool:
    """603.2: ``a`` is, or grants (613.1f), a triggered ability watching other objects' events
    ("whenever a nontoken creature is put into your graveyard ...", "when enchanted creature dies")."""
    if isinstance(a, TriggeredAbility):
        return isinstance(a.trigger, ObjectEvent) and a.trigger.scope in ("yours", "attached")
    if isinstance(a, StaticAbility):
        return any(isinstance(p, GainAbility) and _watches(p.ability) for p in a.parts)
    return False
