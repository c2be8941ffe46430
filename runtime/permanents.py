"""Each player's permanents with their characteristics, kept against the game's clock.

Offering actions (117.1) and paying costs (601.2g-h) look at every permanent a player controls:
its characteristics (613), its continuous-effect parts, its activated abilities, its mana
abilities.  :class:`Permanents` keeps those lists between decisions and brings them up to date
from the game's write journal (``runtime.versions``), looking again only at what was written:

- while only time passed (priority, the step: ``versions.PASSING_TIME``), nothing is looked at;
- while the board is *local* -- no permanent's static ability affects another object or a card
  elsewhere (611.3a) -- a permanent's characteristics depend on that permanent alone (its card,
  counters, status, and the resolved effects on it, 611.2), so only the permanents written since
  are computed again, and only their controllers' lists are patched -- of one whose status alone
  was written (tapped, attacking, damage: ``versions.STATUS``), only its usable mana abilities; but for one whose own static
  ability has a condition or a counted value (604.3: threshold, "power equal to the number of
  ..."), which may read anything, and one something is attached to (303.4: the Aura's statics),
  which are computed again at every update;
- on a board where some permanents' static abilities affect others, but none of those abilities
  has a condition or a counted value, the same, as long as no such permanent is written, arrives or leaves (the
  sources' selectors look at the permanent they match, which is computed again when written);
- a change to the resolved effects in force recomputes the permanents whose effects changed
  (611.2); a new turn, which mana abilities are usable (summoning sickness, 302.6);
- otherwise (a source written, arriving or leaving; a conditional source; an attachment made or
  ended; a rules-changing effect; a fork, or too long a journal), everything is found again.

``Game.verify_characteristics`` compares every list served with a fresh scan of the battlefield.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Mapping

from .abilities import BeginningOfStep, ObjectEvent, TriggeredAbility
from .continuous import PTChange, SetPT
from .costs import tap_mana_sources
from .layers import CONDITIONAL_STATICS, Characteristics, equivalent, printed_characteristics, through_layers
from .zones import Zone

if TYPE_CHECKING:
    from .continuous import ContinuousEffect, Part
    from .game import Game
    from .objects import GameObject

# Writes after which every permanent is looked at again: what is attached to what (303.4, 613)
# and rules-changing effects (611.2c).  After a new turn or active player, only which mana
# abilities can be activated is found again (302.6: which creatures are summoning sick); after a
# change to the resolved effects in force, only the permanents whose effects changed (611.2).
_GLOBAL: frozenset[Hashable] = frozenset({"attachments", "rules"})
_NEW_TURN: frozenset[Hashable] = frozenset({"turn", "active"})
_BATTLEFIELD = (Zone.BATTLEFIELD, -1)

Source = tuple[int, int, tuple[str, ...]]  # (permanent, ability index, the colors it can add)


class _Entry:
    """One permanent, its characteristics, and what the lists need of them, found once."""

    __slots__ = ("obj", "controller", "ch", "actor", "mana", "step_triggers", "watches")

    def __init__(self, game: "Game", o: "GameObject") -> None:
        self.obj = o
        self.controller = o.controller  # as it was found (the object may be written since)
        self.ch = ch = game.characteristics(o)
        # What depends on the characteristics alone is derived once per characteristics object (the
        # printed ones are shared by every permanent of a definition): whether it may offer an
        # action (face down, 116.2b, or with an activated ability that isn't a mana ability, 605.3a),
        # its "at the beginning of" abilities, whether it watches other objects' events (603.2).
        self.actor = o.face_down is not None or ch.derived(_offers_activation)
        self.step_triggers = ch.derived(_step_triggers)
        self.watches = ch.derived(_watches_others)
        self.mana: tuple[Source, ...] = ()
        self.find_mana(game)

    def copy_for(self, o: "GameObject") -> "_Entry":
        """The same entry for ``o``, the copy of its object in another game (``Game.fork``)."""
        new = object.__new__(_Entry)
        new.obj, new.controller, new.ch, new.actor = o, self.controller, self.ch, self.actor
        new.mana, new.step_triggers, new.watches = self.mana, self.step_triggers, self.watches
        return new

    def find_mana(self, game: "Game") -> None:
        """Its {T} mana abilities usable now (605.1a; not while summoning sick, 302.6)."""
        self.mana = tap_mana_sources(game, self.obj, self.ch)


class _Lists:
    """One controller's lists, in battlefield order, made from the entries; a changed entry is
    put in its place, and only the lists it belongs to are made again."""

    __slots__ = ("entries", "pos", "controlled", "with_parts", "actors", "_sources")

    def __init__(self, entries: list[_Entry]) -> None:
        self.entries = entries
        self.pos = {e.obj.oid: i for i, e in enumerate(entries)}
        self.controlled: list[tuple["GameObject", Characteristics]] = [(e.obj, e.ch) for e in entries]
        self.with_parts: list[tuple["GameObject", tuple[tuple["Part", str], ...]]] = []
        self.actors: list[tuple["GameObject", Characteristics]] = []
        self._parts_and_actors()
        self._sources: list[Source] | None = None

    def _parts_and_actors(self) -> None:
        entries = self.entries
        self.with_parts = [(e.obj, e.ch.parts) for e in entries if e.ch.parts]
        self.actors = [(e.obj, e.ch) for e in entries if e.actor]

    @property
    def sources(self) -> list[Source]:
        """The controller's usable {T} mana abilities, in battlefield order (601.2g)."""
        if self._sources is None:
            self._sources = [s for e in self.entries for s in e.mana]
        return self._sources

    def patch(self, old: _Entry, new: _Entry) -> bool:
        """Put ``new`` in the place of ``old`` (the same permanent, still this controller's); False
        if ``old`` isn't in these lists (they must be made again)."""
        i = self.pos.get(old.obj.oid)
        if i is None or self.entries[i] is not old:
            return False
        self.entries[i] = new
        self.controlled[i] = (new.obj, new.ch)
        if old.actor or new.actor or old.ch.parts or new.ch.parts:
            self._parts_and_actors()
        if old.mana != new.mana:
            self._sources = None
        return True

    def forget_sources(self) -> None:
        """An entry's usable mana abilities changed: the sources are listed again on next need."""
        self._sources = None


class Permanents:
    """The phased-in permanents on the battlefield with their characteristics, by controller."""

    def __init__(self) -> None:
        self.updating = False  # being brought up to date: a nested question is answered by a scan
        self.local_known = False  # while updating: ``local`` is already true of the state being caught up with
        self.stamp = -1  # the clock reading the lists are true at (-1: never found)
        self.order: tuple[int, ...] = ()  # the battlefield as last seen
        self.entries: dict[int, _Entry] = {}
        self.continuous: tuple["ContinuousEffect", ...] = ()  # the resolved effects in force as last seen
        self.local = False
        # The permanents whose own static abilities have a condition or a counted value (604.3):
        # their characteristics may depend on anything, so they are computed again at every update.
        self.volatile: set[int] = set()
        # The permanents whose static abilities affect others (611.3a), and whether none of those
        # abilities has a condition or a counted value: then a write to another
        # permanent changes only that permanent's characteristics (the sources' selectors look at
        # the permanent they match), and a write to a source, or a source arriving or leaving,
        # makes everything be found again.
        self.sources: set[int] = set()
        self.stable_sources = False
        self.lists: dict[int, _Lists] = {}
        # Every permanent with an "at the beginning of" triggered ability (603.2, 503.1a), with
        # them, in battlefield order: found again whenever an entry changes.
        self.step_watchers: list[tuple["GameObject", tuple["TriggeredAbility", ...]]] | None = None
        # Every permanent with an ability watching other objects' events, in battlefield order.
        self.event_watchers_found: list["GameObject"] | None = None

    def copy_for(self, objects: "Mapping[int, GameObject]") -> "Permanents":
        """These permanents for a copy of the game (``Game.fork``) whose objects are ``objects``:
        true at the same clock reading; the lists are made again from the entries on first need."""
        new = Permanents()
        new.stamp, new.order, new.continuous = self.stamp, self.order, self.continuous
        new.local, new.stable_sources = self.local, self.stable_sources
        new.volatile, new.sources = set(self.volatile), set(self.sources)
        # An entry whose object is gone since the stamp is left out: the journal has its removal.
        new.entries = {oid: e.copy_for(o) for oid, e in self.entries.items() if (o := objects.get(oid)) is not None}
        return new

    def lists_of(self, game: "Game", player: int) -> _Lists | None:
        """``player``'s lists, brought up to date (inside a read-only stretch, 613.8 not in progress);
        None while they are being brought up to date (a characteristic computed for them asked)."""
        if not self.refresh(game):
            return None
        got = self.lists.get(player)
        if got is None:
            got = self.lists[player] = _Lists([e for e in map(self.entries.get, self.order)
                                                if e is not None and e.controller == player])
        if game.verify_characteristics:
            fresh = [o for o in game.battlefield() if o.controller == player]
            if fresh != [o for o, _ in got.controlled] or not all(
                    equivalent(ch, through_layers(game, o)) for o, ch in got.controlled):
                raise AssertionError(f"stale permanents served for player {player}")
        return got

    def refresh(self, game: "Game") -> bool:
        """Bring the entries up to date with the game's clock; False while that is under way (a
        characteristic computed for them asked a question of the permanents)."""
        if self.updating:
            return False
        clock = game.state.clock
        if self.stamp != clock.now and not clock.quiet_since(self.stamp):
            self.updating, self.local_known = True, False
            try:
                self._update(game)
            finally:
                self.updating = False
            self.stamp = clock.now
        return True

    def kept(self, game: "Game", o: "GameObject") -> Characteristics | None:
        """``o``'s characteristics as kept, brought up to date; None if it has no entry (phased
        out, not a permanent) or while the entries are being brought up to date."""
        if not self.refresh(game):
            return None
        e = self.entries.get(o.oid)
        return e.ch if e is not None and e.obj is o else None

    def with_step_triggers(self, game: "Game") -> list[tuple["GameObject", tuple["TriggeredAbility", ...]]] | None:
        """The permanents with "at the beginning of <step>" abilities, with those abilities, in
        battlefield order; None while the entries are being brought up to date."""
        if not self.refresh(game):
            return None
        found = self.step_watchers
        if found is None:
            found = self.step_watchers = [(e.obj, e.step_triggers) for e in map(self.entries.get, self.order)
                                          if e is not None and e.step_triggers]
        if game.verify_characteristics:
            fresh = [(o, t) for o in game.battlefield() for t in [tuple(
                a for a in through_layers(game, o).abilities
                if isinstance(a, TriggeredAbility) and isinstance(a.trigger, BeginningOfStep))] if t]
            # Compared by class and text: a keyword's abilities are made again at each computation.
            if [(o, [(type(a), a.text) for a in t]) for o, t in fresh] != \
                    [(o, [(type(a), a.text) for a in t]) for o, t in found]:
                raise AssertionError("stale step triggers served")
        return found

    def event_watchers(self, game: "Game") -> list["GameObject"] | None:
        """The permanents whose abilities watch other objects' events (603.2: "whenever a creature
        you control dies", "when enchanted creature dies"), in battlefield order; None while the
        entries are being brought up to date."""
        if not self.refresh(game):
            return None
        found = self.event_watchers_found
        if found is None:
            found = self.event_watchers_found = [e.obj for e in map(self.entries.get, self.order)
                                                 if e is not None and e.watches]
        if game.verify_characteristics:
            fresh = [o for o in game.battlefield() if any(
                isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)
                and a.trigger.scope in ("yours", "attached") for a in through_layers(game, o).abilities)]
            if fresh != found:
                raise AssertionError("stale event watchers served")
        return found

    def is_local(self, game: "Game") -> bool:
        """Whether, now, no permanent's static ability affects other objects or cards elsewhere
        (611.3a); False when it can't be known cheaply now.  While
        the entries are brought up to date, it is known once every written permanent's definition
        has been looked at (before any characteristic is computed)."""
        if self.updating:
            return self.local_known and self.local
        return self.refresh(game) and self.local

    def _update(self, game: "Game") -> None:
        written = game.state.clock.since(self.stamp) if self.local or self.stable_sources else None
        if written is None or not written.isdisjoint(_GLOBAL):
            self._rebuild(game)
            return
        objects = game.state.objects
        s = game.state
        if "continuous" in written:
            # The permanents an effect began or ended on (611.2: an effect applies to its object).
            before, now = set(map(id, self.continuous)), set(map(id, s.continuous))
            written |= {e.oid for e in (*self.continuous, *s.continuous) if (id(e) in before) != (id(e) in now)}
            self.continuous = s.continuous
        if _BATTLEFIELD in written:
            self.order = game.zone(Zone.BATTLEFIELD)
            present = set(self.order)
            gone = [oid for oid in self.entries if oid not in present]
            if not self.sources.isdisjoint(gone):
                self._rebuild(game)  # a source left the battlefield: what it gave others ends
                return
            for oid in gone:
                del self.entries[oid]
            self.lists.clear()
        changed = [key for key in written | self.volatile if type(key) is int and key > 0]
        # Permanents whose status alone was written (tapped, attacking, damage: ``versions.STATUS``).
        # On a local board their characteristics stand and only their usable mana abilities are
        # found again (605.1a: a tapped permanent's {T} abilities can't be activated); where a
        # source affects others, its selector may read the status ("attacking creatures"): computed again.
        status = {key[1] for key in written if type(key) is tuple and key[0] == "status"}.difference(changed)
        if status and not self.local:
            changed += status
            status = set()
        if changed or _BATTLEFIELD in written:
            self.step_watchers = self.event_watchers_found = None
        here = [o for o in map(objects.get, changed)
                if o is not None and o.zone is Zone.BATTLEFIELD and not o.phased_out]
        # A source affecting others written (phased out, say: 702.26b), or one arriving: found again.
        if not self.sources.isdisjoint(changed) or not all(_local(game, o) for o in here):
            self._rebuild(game)
            return
        self.local_known = True  # every permanent is local: no characteristic computed below looks elsewhere
        for key in changed:
            self.volatile.discard(key)
        self.volatile.update(o.oid for o in here if _volatile(game, o) or o.oid in s.attachments)
        olds = {key: self.entries.pop(key) for key in changed if key in self.entries}
        for o in here:
            self.entries[o.oid] = _Entry(game, o)
        for key in changed:
            old, new = olds.get(key), self.entries.get(key)
            if old is not None and new is not None and old.controller == new.controller:
                lists = self.lists.get(new.controller)
                # The same permanent in the same place (no zone was written): patched in.
                if lists is not None and not lists.patch(old, new):
                    del self.lists[new.controller]
                continue
            for e in (old, new):
                if e is not None:
                    self.lists.pop(e.controller, None)
        for key in status:
            e = self.entries.get(key)
            if e is not None:
                mana = e.mana
                e.find_mana(game)
                lists = self.lists.get(e.controller)
                if lists is not None and e.mana != mana:
                    lists.forget_sources()
        if not written.isdisjoint(_NEW_TURN):
            for e in self.entries.values():
                e.find_mana(game)
            self.lists.clear()

    def _rebuild(self, game: "Game") -> None:
        self.order = game.zone(Zone.BATTLEFIELD)
        here = game.battlefield()
        self.local = all(_local(game, o) for o in here)
        # A permanent something is attached to gets the Aura's statics (303.4): computed again at
        # every update, as the Aura's state (or its condition's) may change them.
        self.volatile = {o.oid for o in here if _volatile(game, o)} | set(game.state.attachments)
        self.sources = {o.oid for o in here if o.definition.affecting}
        self.stable_sources = all(a.condition is None and not any(_counted(p) for p in a.parts)
                                  for o in here for a in o.definition.affecting)
        self.local_known = True
        self.entries = {o.oid: _Entry(game, o) for o in here}
        self.continuous = game.state.continuous
        self.lists = {}
        self.step_watchers = self.event_watchers_found = None


def _offers_activation(ch: Characteristics) -> bool:
    return any(not a.is_mana for a in ch.activated)


def _step_triggers(ch: Characteristics) -> tuple[TriggeredAbility, ...]:
    return tuple(a for a in ch.abilities if isinstance(a, TriggeredAbility) and isinstance(a.trigger, BeginningOfStep))


def _watches_others(ch: Characteristics) -> bool:
    return any(isinstance(a, TriggeredAbility) and isinstance(a.trigger, ObjectEvent)
               and a.trigger.scope in ("yours", "attached") for a in ch.abilities)


def _counted(p: "Part") -> bool:
    """Whether a part's value is counted as the characteristics are computed (604.3: "+1/+1 for each
    ...", "power equal to the number of ..."), so it may read anything."""
    return isinstance(p, SetPT) or (isinstance(p, PTChange) and (bool(p.per_counter) or p.per_filter is not None))


def _local(game: "Game", o: "GameObject") -> bool:
    """Whether ``o``'s static abilities act on ``o`` alone (see the module)."""
    d = o.definition
    return not (d.affecting or d.reaching)


def _volatile(game: "Game", o: "GameObject") -> bool:
    """Whether a static ability of ``o``'s own has a condition or a counted value (604.3: threshold,
    "as long as you control ...", "power equal to the number of ..."), which may read anything."""
    return printed_characteristics(game, o.definition)[1] == CONDITIONAL_STATICS
