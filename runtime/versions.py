"""The game state's one write path, and the versions it keeps.

Every change to a game goes through one place: an attribute assignment on a
:class:`~runtime.objects.GameObject`, a :class:`~runtime.objects.Player` or the
:class:`~runtime.state.GameState`, whose ``__setattr__`` calls :meth:`Clock.wrote`.  The containers
those hold are immutable values (tuples, frozen dataclasses, mappings replaced whole, never
changed in place: their types say so, and ``mypy --strict`` holds the engine to it), so nothing
can change the game without an assignment.  Two things are kept outside on purpose: the event
log, which only grows (nothing is derived from it), and the random generator, whose state is
saved and put back by snapshots (nothing is derived from it either).

A :class:`Clock` numbers the writes of one game: each write takes the next number, which the
written object keeps as its ``version``, and the clock remembers what was written (an object's
id, ``-1 - index`` for a player, a field's name or a zone's key for the game state; a write of
one of an object's :data:`STATUS` fields alone is recorded as :func:`status_key` of its id).  Numbers are
never reused: a rewind (726.1) puts objects back with the versions they had, whose contents are
exactly those they had then, and is itself recorded as a write of everything it put back.  So
anything derived from the state can be remembered against a clock reading and brought up to date
from :meth:`Clock.since` (only what was written after it needs to be looked at again), or kept as
it is while :meth:`Clock.quiet_since` says only time passed.
"""
from __future__ import annotations

import weakref
from typing import Hashable, TypeVar

T = TypeVar("T")

# The game state's fields that the turn's structure writes as time passes while nothing else
# happens: who holds priority, the step and its clock tick, and the triggered abilities waiting or
# delayed.  No characteristic (613), no state-based action (704) and no offered action, apart from
# its timing (307.1, checked afresh), depends on them: what was derived from the state stays true
# across writes of these alone (``verify`` compares every such value with a fresh computation).
PASSING_TIME = frozenset({"priority", "step", "tick", "pending", "delayed"})

# The fields of a game object that are none of its characteristics' inputs (613: those come from
# its card, copy and face-down status, stickers, text changes, counters and the effects on it):
# its status (110.5: tapped, 506.4 attacking and blocking), damage marked on it (120.3), and what
# was done with it this turn.  A write of these alone is journalled as :func:`status_key`, so what
# was derived from its characteristics alone is known to stand (``runtime.permanents``); a
# characteristic that does read them (a condition, 604.3; a selector, "attacking creatures") is
# of a permanent computed again at every update, or of one a source's selector may match.
STATUS = frozenset({"tapped", "attacking", "blocking", "damage", "deathtouched", "dealt_damage_turn",
                    "damaged_by", "tapped_for", "regenerate_shields", "activations", "entered_turn",
                    "control_since", "targets"})

# Past this many writes since a derived value was computed, it is recomputed whole rather than
# brought up to date write by write (the journal is also cut back to this length).
JOURNAL_LIMIT = 4096


class Clock:
    """The write clock of one game: numbers every write and remembers what each one wrote."""

    __slots__ = ("now", "base", "journal", "marks", "trail", "eventful", "__weakref__")

    def __init__(self, now: int = 0) -> None:
        self.now = now
        # The number of the last write that wasn't only the passing of time (``PASSING_TIME``).
        self.eventful = now
        # ``journal[i]`` is what write number ``base + i + 1`` wrote.
        self.base = now
        self.journal: list[Hashable] = []
        # The clock readings at which the snapshots still held were taken, in order, and the trail:
        # each object's or player's fields as they were before its first write after the latest
        # of them (what a rewind puts back).
        self.marks: list[int] = []
        self.trail: list[tuple[object, dict[str, object], Hashable]] = []

    def write(self, owner: object, fields: dict[str, object], key: Hashable, written: Hashable | None = None) -> None:
        """``owner`` (whose ``__dict__`` is ``fields``, journalled as ``key``) is about to be
        written: keep its fields on the trail if this is its first write since the latest snapshot,
        and give it a new version.  ``written``: what to journal instead of ``key`` (a status write,
        :func:`status_key`); a rewind reports ``key``, as it puts back every field."""
        marks = self.marks
        if marks and fields["version"] <= marks[-1]:  # type: ignore[operator]
            self.trail.append((owner, fields.copy(), key))
        fields["version"] = self.wrote(key if written is None else written)

    def wrote(self, key: Hashable) -> int:
        """Record a write of ``key``; returns the write's number (the written thing's new version)."""
        self.now = now = self.now + 1
        journal = self.journal
        if len(journal) >= 2 * JOURNAL_LIMIT:
            # Keep the most recent writes only: a value computed before them is recomputed whole.
            del journal[:JOURNAL_LIMIT]
            self.base += JOURNAL_LIMIT
        journal.append(key)
        if key not in PASSING_TIME:
            self.eventful = now
        return now

    def forget(self) -> None:
        """Everything may have changed: the next number starts a new era, and :meth:`since` and
        :meth:`quiet_since` know nothing of writes before it."""
        self.now += 1
        self.base = self.eventful = self.now
        self.journal.clear()

    def quiet_since(self, version: int, passing: frozenset[str] = PASSING_TIME) -> bool:
        """Whether every write after ``version`` was to one of the fields ``passing`` (False when the
        clock doesn't know: too long ago, or before a rewind)."""
        i = version - self.base
        if i < 0:
            return False
        if passing is PASSING_TIME:
            return version >= self.eventful  # kept up to date by every write
        journal = self.journal
        if i >= len(journal):
            return i == len(journal) and version == self.now
        return passing.issuperset(journal[i:])

    def since(self, version: int) -> set[Hashable] | None:
        """What was written after ``version``: a set of keys, or None if the clock doesn't know
        (too long ago, or before a rewind): then everything must be taken as changed."""
        if version < self.base or version - self.base < len(self.journal) - JOURNAL_LIMIT:
            return None
        return set(self.journal[version - self.base:])

    def mark(self, holder: object) -> tuple[int, int]:
        """A snapshot is taken: from now on, a first write keeps the written fields on the trail.
        Returns the mark (the clock reading) and the trail's length; the mark is dropped when
        ``holder`` (the snapshot) is no longer held."""
        mark = self.now
        self.marks.append(mark)
        weakref.finalize(holder, self._release, mark)
        return mark, len(self.trail)

    def _release(self, mark: int) -> None:
        if mark in self.marks:
            self.marks.remove(mark)
        if not self.marks:
            self.trail.clear()

    def rewind(self, mark: int, length: int) -> set[Hashable]:
        """Put back every object's and player's fields written since the snapshot ``mark`` was
        taken (726.1): the trail is undone down to ``length``, latest first; snapshots taken after
        it can't be restored any more.  Returns the keys of what was put back (the caller records
        them as written: a rewind is a write of everything it puts back)."""
        if mark not in self.marks:
            raise RuntimeError("this snapshot can't be restored: an earlier one was restored since")
        trail = self.trail
        keys: set[Hashable] = set()
        while len(trail) > length:
            owner, fields, key = trail.pop()
            object.__setattr__(owner, "__dict__", fields)  # not a write: the write hook is bypassed
            keys.add(key)
        while self.marks[-1] != mark:
            self.marks.pop()
        return keys

    def __deepcopy__(self, memo: dict[int, object]) -> "Clock":
        """A copy for another game (``Game.fork``): the same readings and the same journal, so what
        was derived from the state before the copy stays true of the copy while nothing is written
        (the copy's objects are equal to these, version for version).  The snapshots' marks and
        trail stay here: a snapshot restores the game it was taken of."""
        new = Clock(self.now)
        new.base, new.eventful, new.journal = self.base, self.eventful, list(self.journal)
        return new


def player_key(index: int) -> int:
    """The journal key of player ``index`` (object ids are positive)."""
    return -1 - index


def status_key(oid: int) -> tuple[str, int]:
    """The journal key of a write of :data:`STATUS` fields alone of object ``oid``."""
    return ("status", oid)


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` without the first one equal to ``item`` (``list.remove`` for an immutable field)."""
    i = items.index(item)
    return items[:i] + items[i + 1:]
