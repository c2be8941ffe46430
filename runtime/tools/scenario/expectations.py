"""What a scenario expects of the game where it stops, one class per assertion.

:meth:`Expectation.check` returns a failure message, or "" if the assertion holds.  Assertions on
one object (:class:`ObjectExpectation`) find it first (an alias follows its card, 400.7) and
read its characteristics through the layers (613).
"""
from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING

from ...layers import Characteristics
from ...mana import mana_value
from ...objects import GameObject
from ...zones import Zone
from ..turnlog import TurnLog
from .refs import Ref

if TYPE_CHECKING:
    from .harness import Harness


@dataclass(frozen=True)
class Expectation:
    """An assertion on the state where the scenario stops."""

    _: KW_ONLY
    line: int = 0

    def check(self, h: "Harness") -> str:
        """A failure message, or "" if it holds."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class LifeIs(Expectation):
    """The player's life total (119)."""

    player: str
    value: int

    def check(self, h: "Harness") -> str:
        """Compare the life total."""
        life_total = h.game.players[h.player_of(self.player)].life
        return "" if life_total == self.value else f"{self.player}'s life is {life_total}, expected {self.value}"


@dataclass(frozen=True)
class Loses(Expectation):
    """The player has lost the game (104.3)."""

    player: str

    def check(self, h: "Harness") -> str:
        """Whether they lost."""
        return "" if h.game.players[h.player_of(self.player)].lost else f"{self.player} has not lost the game"


@dataclass(frozen=True)
class ZoneExpectation(Expectation):
    """An assertion on the names of the cards in a zone: ``player``'s, or with no player every
    player's of that kind (or the one shared zone)."""

    player: str
    zone: Zone

    def names(self, h: "Harness") -> list[str]:
        """The names of the cards there.

        702.26b: a phased-out permanent is treated as though it doesn't exist, so battlefield
        checks don't see it.
        """
        g = h.game
        if self.player:
            return h.names_in(h.player_of(self.player), self.zone)
        if self.zone.per_player:
            return [n for i in range(len(g.players)) for n in h.names_in(i, self.zone)]
        return [g.obj(o).definition.name for o in g.zone(self.zone) if not g.obj(o).phased_out]

    def where(self) -> str:
        """The zone, in messages."""
        return f"{self.player}'s {self.zone.value}" if self.player else self.zone.value


@dataclass(frozen=True)
class ZoneHas(ZoneExpectation):
    """The zone holds these cards (a name written twice: two such cards)."""

    cards: tuple[str, ...]

    def check(self, h: "Harness") -> str:
        """Each name, once per time written."""
        names = self.names(h)
        remaining = list(names)
        for n in self.cards:
            if n not in remaining:
                return f"{self.where()} lacks {n!r} (has: {names})"
            remaining.remove(n)
        return ""


@dataclass(frozen=True)
class ZoneLacks(ZoneExpectation):
    """The zone holds none of these cards."""

    cards: tuple[str, ...]

    def check(self, h: "Harness") -> str:
        """No name there."""
        names = self.names(h)
        for n in self.cards:
            if n in names:
                return f"{self.where()} has {n!r}, expected not"
        return ""


@dataclass(frozen=True)
class ZoneCountIs(ZoneExpectation):
    """The number of cards in the zone, or of cards with the name ``card``."""

    value: int
    card: str | None = None

    def check(self, h: "Harness") -> str:
        """Count them."""
        names = self.names(h)
        count = len(names) if self.card is None else sum(1 for n in names if n == self.card)
        what = f"{self.card!r} in {self.where()}" if self.card is not None else f"cards in {self.where()}"
        return "" if count == self.value else f"{count} {what}, expected {self.value} (has: {names})"


@dataclass(frozen=True)
class StackCountIs(Expectation):
    """The number of objects on the stack (405)."""

    value: int

    def check(self, h: "Harness") -> str:
        """Count them."""
        size = len(h.game.state.stack)
        return "" if size == self.value else f"{size} objects on the stack, expected {self.value}"


@dataclass(frozen=True)
class LogHas(Expectation):
    """A line of the event log contains ``text``; with ``later``, a line after it contains that."""

    text: str
    later: str = ""

    def check(self, h: "Harness") -> str:
        """Find the lines."""
        log = h.game.state.log
        first = next((i for i, line in enumerate(log) if self.text in line), None)
        if first is None:
            return f"no log line contains {self.text!r}"
        if self.later and not any(self.later in line for line in log[first + 1:]):
            return f"no log line containing {self.later!r} comes after the first containing {self.text!r}"
        return ""


@dataclass(frozen=True)
class NeverSees(Expectation):
    """708.5: nothing put to the player (questions, options) nor their view of the log named ``name``."""

    player: str
    name: str

    def check(self, h: "Harness") -> str:
        """Look through all they were shown."""
        p = h.player_of(self.player)
        shown = [t for t in h.seen.get(p, []) if self.name in t]
        # The event log is omniscient; the player sees their TurnLog view of it (400.2, 708.5).
        view = TurnLog([pl.name for pl in h.game.players], viewer=p).feed(h.game.state.log)
        shown += [line for line in view if self.name in line]
        return "" if not shown else f"{self.player} was shown {self.name!r}: {shown[0]!r} (708.5)"


@dataclass(frozen=True)
class ObjectExpectation(Expectation):
    """An assertion on the object ``ref`` means now."""

    ref: Ref

    def check(self, h: "Harness") -> str:
        """Find the object, then check it."""
        o = h.find(self.ref)
        if o is None:
            return f"{self.ref} doesn't exist anymore"
        return self.check_object(h, o, h.game.characteristics(o))

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """A failure message about ``o`` (whose characteristics are ``ch``), or ""."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class InZone(ObjectExpectation):
    """The object is in the zone."""

    zone: Zone

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its zone."""
        return "" if o.zone is self.zone else f"{self.ref} is in the {o.zone.value}, expected {self.zone.value}"


@dataclass(frozen=True)
class PowerToughnessIs(ObjectExpectation):
    """Its power and toughness (208, 613.4)."""

    power: int
    toughness: int

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Both at once."""
        return "" if (ch.power, ch.toughness) == (self.power, self.toughness) else \
            f"{self.ref} is {ch.power}/{ch.toughness}, expected {self.power}/{self.toughness}"


@dataclass(frozen=True)
class CountersAre(ObjectExpectation):
    """The number of counters of one kind on it (122)."""

    counter: str
    count: int

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Count them."""
        have = o.counters.get(self.counter, 0)
        return "" if have == self.count else f"{self.ref} has {have} {self.counter} counters, expected {self.count}"


@dataclass(frozen=True)
class IsTapped(ObjectExpectation):
    """It is tapped (110.5)."""

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its status."""
        return "" if o.tapped else f"{self.ref} is untapped, expected tapped"


@dataclass(frozen=True)
class IsUntapped(ObjectExpectation):
    """It is untapped (110.5)."""

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its status."""
        return "" if not o.tapped else f"{self.ref} is tapped, expected untapped"


@dataclass(frozen=True)
class DamageIs(ObjectExpectation):
    """The damage marked on it (120.3e)."""

    value: int

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its damage."""
        return "" if o.damage == self.value else f"{self.ref} has {o.damage} damage, expected {self.value}"


@dataclass(frozen=True)
class FaceIs(ObjectExpectation):
    """708.2: it is face ``face`` ("down" or "up")."""

    face: str

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its status."""
        status = "down" if o.face_down is not None else "up"
        return "" if status == self.face else f"{self.ref} is face {status}, expected face {self.face}"


@dataclass(frozen=True)
class NameIs(ObjectExpectation):
    """Its name now ("" for none, 708.2a)."""

    name: str

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its name."""
        return "" if ch.name == self.name else f"{self.ref} is named {ch.name!r}, expected {self.name!r}"


@dataclass(frozen=True)
class ManaValueIs(ObjectExpectation):
    """202.3: its mana value."""

    value: int

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """From its mana cost now."""
        mv = mana_value(ch.mana_cost)
        return "" if mv == self.value else f"{self.ref} has mana value {mv}, expected {self.value}"


@dataclass(frozen=True)
class IsColorless(ObjectExpectation):
    """105.2c: it has no color."""

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its colors."""
        return "" if not ch.colors else f"{self.ref} is {sorted(ch.colors)}, expected colorless"


_COLOR_SYMBOLS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True)
class ColorIs(ObjectExpectation):
    """105.1: it is exactly this one color."""

    color: str

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its colors."""
        return "" if ch.colors == {_COLOR_SYMBOLS[self.color]} else \
            f"{self.ref} is {sorted(ch.colors)}, expected {self.color}"


@dataclass(frozen=True)
class HasNoSubtypes(ObjectExpectation):
    """It has no subtypes (708.2a: a face-down permanent)."""

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its subtypes."""
        return "" if not ch.subtypes else f"{self.ref} has subtypes {sorted(ch.subtypes)}, expected none"


@dataclass(frozen=True)
class PhasedIs(ObjectExpectation):
    """702.26b-c: the permanent is phased ``direction`` ("out" or "in")."""

    direction: str

    def check_object(self, h: "Harness", o: GameObject, ch: Characteristics) -> str:
        """Its phasing status; only a permanent has one."""
        if o.zone is not Zone.BATTLEFIELD:
            return f"{self.ref} is in the {o.zone.value}, not on the battlefield: it can't be phased {self.direction}"
        status = "out" if o.phased_out else "in"
        return "" if status == self.direction else f"{self.ref} is phased {status}, expected phased {self.direction}"
