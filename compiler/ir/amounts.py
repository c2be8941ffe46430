"""Amounts: the numbers instructions and costs take (107.1), fixed or found as they happen (608.2h).

Each class renders its rules text (``text``) and its runtime value (``python``: an ``rt``
amount of :mod:`runtime.values`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..pyexpr import ident, lit
from .base import dataclass, freeze

if TYPE_CHECKING:
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
class EventAmount(Amount):
    """"that much" (603.2): the amount of the event that triggered the ability."""

    value = 0
    words: str = ""

    def text(self) -> str:
        return self.words

    def python(self) -> str:
        return "rt.EventAmount()"


@dataclass(frozen=True)
class CountOf(Amount):
    """"the number of Wizards on the battlefield", or ``value`` "for each" of them."""

    value: int
    zone: str
    words: str
    filter: "FilterIR"

    def python(self) -> str:
        extra = (f", zone={lit(self.zone)}" if self.zone and self.zone != "battlefield" else "") + \
            (f", each={lit(self.value)}" if self.value > 1 else "")
        return f"rt.CountOf(filter={self.filter.python()}{extra})"


def per_time(a: Amount) -> str:
    """"for each time it was kicked" after an amount multiplied by the times a cost was paid."""
    return f" for each time it was {a.words}" if isinstance(a, TimesPaid) else ""


freeze(globals())
