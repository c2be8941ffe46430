"""Amounts: the numbers instructions and costs take (107.1), fixed or found as they happen (608.2h).

Each class renders its rules text (``text``) and its runtime value (``python``: an ``rt``
amount of :mod:`runtime.values`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..pyexpr import ident, lit
from .base import dataclass, freeze

if TYPE_CHECKING:
    from ..text import Phrase
    from .selectors import FilterIR


class Amount:
    """A number in an instruction or cost."""

    if TYPE_CHECKING:
        value: int  # the number where it is fixed, or the multiplier of a count; else 0
        words: str

    def text(self) -> str:
        """How the number is printed in an instruction ("3", "X", "that much")."""
        return str(self.value)

    def python(self) -> str:
        """The runtime amount expression."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class Fixed(Amount):
    """A number written in the script ("3", "three")."""

    value: int
    words: str = ""

    def python(self) -> str:
        return f"rt.Fixed({lit(self.value)})"


@dataclass(frozen=True)
class XAmount(Amount):
    """X (107.3): the value chosen as the spell or ability was put on the stack."""

    value = 0
    words: str = "X"

    def text(self) -> str:
        return "X"

    def python(self) -> str:
        return "rt.XValue()"


@dataclass(frozen=True)
class Twice(Amount):
    """"twice that many" (107.1): twice the amount an instruction before it named."""

    base: Amount
    value = 0
    words: str = "twice that many"

    def text(self) -> str:
        return "twice that many"

    def python(self) -> str:
        return f"rt.Multiplied(base={self.base.python()}, factor=2)"


@dataclass(frozen=True)
class TimesPaid(Amount):
    """"for each time it was kicked" (702.33d): ``value`` times the number of times the cost
    labelled ``label`` was paid."""

    value: int
    label: str
    words: str = ""

    def python(self) -> str:
        each = f", each={lit(self.value)}" if self.value != 1 else ""
        return f"rt.TimesPaid(label={lit(self.label)}{each})"


@dataclass(frozen=True)
class TimesPaidCount(Amount):
    """"twice the number of times it was kicked" (702.33d, 608.2h): ``value`` times the number of
    times the cost labelled ``label`` was paid, as a number of its own; ``words`` is the phrase with
    "this" standing for the object's name (printed by ``text_named``)."""

    value: int
    label: str
    words: str = ""

    def text(self) -> str:
        return self.words

    def text_named(self, name: str) -> str:
        """The phrase with the object's name for "this" ("... times Marshal's Anthem was kicked")."""
        return self.words.replace(" this was ", f" {name} was ")

    def python(self) -> str:
        each = f", each={lit(self.value)}" if self.value != 1 else ""
        return f"rt.TimesPaid(label={lit(self.label)}{each})"


@dataclass(frozen=True)
class CountersOnThis(Amount):
    """The number of counters of a kind on the source (122.1)."""

    value = 0
    counter: str
    words: str = ""

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return f"rt.CountersOnThis(counter={lit(self.counter)})"


@dataclass(frozen=True)
class CostCardValue(Amount):
    """118.3, 202.3: "the exiled card's converted mana cost" -- the mana value of the card a cost of this
    spell or ability moved (``verb``: "exiled" or "discarded")."""

    value = 0
    verb: str
    words: str = ""

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return f"rt.CostCardManaValue(verb={lit(self.verb)})"


@dataclass(frozen=True)
class CountersOnCreator(Amount):
    """607.2a, 111.2: "the number of fade counters on Saproling Burst" in the ability of a token the card
    created -- the counters on the object that created it (written "on its creator")."""

    value = 0
    counter: str
    words: str = ""

    def named(self, card: str) -> str:
        """The words, naming the creating card."""
        return f"the number of {self.counter} counters on {card}"

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return f"rt.CountersOnCreator(counter={lit(self.counter)})"


@dataclass(frozen=True)
class ParamAmount(Amount):
    """A keyword's number parameter ("Fading N"): a local of the keyword's ``abilities()``."""

    value = 0
    param: str
    words: str = ""

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return f"rt.Fixed({ident(self.param)})"


@dataclass(frozen=True)
class GraveyardSize(Amount):
    """The number of cards in your graveyard ("for each card in your graveyard")."""

    value = 0
    words: str = ""

    def python(self) -> str:
        return "rt.GraveyardSize()"


@dataclass(frozen=True)
class PowerOf(Amount):
    """The power of the object in target slot ``slot`` (-1: the source), as the effect happens."""

    value = 0
    slot: int
    words: str = ""

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return f"rt.PowerOf(slot={lit(self.slot)})"


@dataclass(frozen=True)
class ThisWayAmount(Amount):
    """"that much", "that many" after an instruction of the same ability that counts what it did
    (608.2c): life lost (702.101a), cards discarded."""

    value = 0
    words: str = ""

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return "rt.AmountThisWay()"


@dataclass(frozen=True)
class LifeLostThisWay(ThisWayAmount):
    """"life equal to the life lost this way" (608.2c): the life the instruction before made players lose."""

    words: str = "the life lost this way"


@dataclass(frozen=True)
class HalfLife(Amount):
    """"half your life, rounded up", "half their life, rounded down" (107.1a): half the life total of
    the player following the instruction, as it is followed (608.2h)."""

    value = 0
    whose: str = "your"
    rounded_up: bool = True

    def text(self) -> str:
        return f"half {self.whose} life, rounded {'up' if self.rounded_up else 'down'}"

    def python(self) -> str:
        return f"rt.HalfLife(rounded_up={lit(self.rounded_up)})"


@dataclass(frozen=True)
class EventAmount(Amount):
    """"that much" (603.2): the amount of the event that triggered the ability."""

    value = 0
    words: str = ""

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return "rt.EventAmount()"


@dataclass(frozen=True)
class DamageEventAmount(EventAmount):
    """"life equal to that damage" (603.7c): the amount of the damage event a delayed trigger triggered on."""

    words: str = "that damage"


@dataclass(frozen=True)
class CountOf(Amount):
    """"the number of Wizards on the battlefield", or ``value`` "for each" of them."""

    value: int
    zone: str
    words: str
    filter: "FilterIR"

    def text(self) -> str:
        return self.words if self.value == 0 else str(self.value)  # "the number of ...": no multiplier

    def python(self) -> str:
        extra = (f", zone={lit(self.zone)}" if self.zone and self.zone != "battlefield" else "") + \
            (f", each={lit(self.value)}" if self.value > 1 else "")
        return f"rt.CountOf(filter={self.filter.python()}{extra})"


@dataclass(frozen=True)
class PerCounters(Amount):
    """``value`` for each counter of a kind on the source (122.1: "1 life for each +1/+1 counter on it"),
    counted as the instruction is followed (608.2h); ``on``: how the source is named ("it" or "this")."""

    value: int
    counter: str
    on: str = "it"
    words: str = ""

    def suffix(self, ph: "Phrase") -> str:
        """The words after the amount's noun ("for each fade counter on Tangle Wire")."""
        return f" for each {self.counter} counter on {ph.this_name() if self.on == 'this' else 'it'}"

    def python(self) -> str:
        each = f", each={lit(self.value)}" if self.value != 1 else ""
        return f"rt.CountersOnThis(counter={lit(self.counter)}{each})"


@dataclass(frozen=True)
class PerCard(Amount):
    """``value`` for each card in a player's hand or graveyard ("for each card in their graveyard"),
    counted as the instruction is followed (608.2h); ``their``: the zone of the player following the
    instruction (an instruction with "each player" or "defending player" as its subject), else yours."""

    value: int
    zone: str
    their: bool = False
    words: str = ""

    def suffix(self, ph: "Phrase") -> str:
        """The words after the amount's noun ("for each card in their graveyard")."""
        return f" for each card in {'their' if self.their else 'your'} {self.zone}"

    def python(self) -> str:
        each = f", each={lit(self.value)}" if self.value != 1 else ""
        return f"rt.CardsInZone(zone={lit(self.zone)}, their={lit(self.their)}{each})"


@dataclass(frozen=True)
class XIsPower(Amount):
    """"X life, where X is this's power" (107.3, 608.2h): the source's power as the instruction is
    followed, from last known information if it has left the battlefield."""

    value = 0
    words: str = "X"

    def text(self) -> str:
        return "X"

    def suffix(self, ph: "Phrase") -> str:
        """The words after the amount's noun."""
        return f", where X is {ph.this_name()}'s power"

    def python(self) -> str:
        return "rt.PowerOf(slot=-1)"


def per_count(a: Amount, ph: "Phrase") -> str:
    """The "for each ..." words after an amount counted per counter or per card (608.2h), or ", where X
    is ...", else ""."""
    return a.suffix(ph) if isinstance(a, (PerCounters, PerCard, XIsPower)) else ""


@dataclass(frozen=True)
class Plus(Amount):
    """"1 plus the number of creature cards in your graveyard": a number added to a count."""

    base: int
    count: CountOf
    words: str = ""
    value = 0

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return f"rt.Plus(base={lit(self.base)}, amount={self.count.python()})"


def per_time(a: Amount) -> str:
    """"for each time it was kicked" after an amount multiplied by the times a cost was paid."""
    return f" for each time it was {a.words}" if isinstance(a, TimesPaid) else ""


freeze(globals())
