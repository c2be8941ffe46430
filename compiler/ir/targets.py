"""Target slots (115.1, 601.2c): what a spell or ability targets, chosen as it is put on the stack."""
from __future__ import annotations

from enum import Enum

from ..pyexpr import lit, tuple_expr
from .base import dataclass, freeze
from .amounts import Amount
from .conditions import Condition
from .selectors import FilterIR


class TargetKind(Enum):
    """115.1: what a target slot may hold (the runtime's ``rt.TargetKind`` of the same names)."""

    ANY = "any"  # creature, player or planeswalker (115.4)
    PLAYER = "player"
    OBJECT = "object"


# How a slot already named is named again, by what it holds ("that player").
_THAT = {TargetKind.ANY: "that permanent or player", TargetKind.PLAYER: "that player"}


@dataclass(frozen=True)
class TargetIR:
    """A target slot."""

    kind: TargetKind
    filter: FilterIR = FilterIR()
    zone: str = "battlefield"
    condition: Condition | None = None  # 702.33g: chosen only if this holds ("if kicked")
    words: str = ""
    mode: int = -1  # 700.2 / 601.2c: the slot of a modal spell's mode, chosen only with that mode
    optional: bool = False  # "any number of targets": may stay empty
    group: int = -1  # the slots of one "any number of targets" phrase
    repeat: bool = False  # 115.1d: an unbounded "any number of targets": this last slot is chosen again and again
    opponents: bool = False  # "target opponent or planeswalker": the players it may be are opponents (115.4)
    owner_slot: int = -1  # a card in the graveyard of the player chosen for this slot ("from their graveyard")
    # 601.2c, 702.33d: this last slot is chosen this many times, counted as targets are chosen ("another
    # target for each time this spell was kicked"); None: once.
    times: Amount | None = None
    abilities: bool = False  # 113.7, 115.1: abilities on the stack too ("target spell or ability")
    # 115.1: a slot spanning zones ("target permanent or suspended card"): the other selectors it allows,
    # each a slot of its own filter and zone
    either: tuple["TargetIR", ...] = ()

    def that(self) -> str:
        """How the slot is named again in the same ability ("that creature", 608.2c)."""
        that = _THAT.get(self.kind)
        if that is not None:
            return that
        if self.zone == "graveyard":
            return "that card"  # a card in a graveyard is a card, whatever its types (109.2)
        noun = (self.filter.types or self.filter.subtypes or (self.filter.kind.value,))[0] or "permanent"
        return f"that {noun}"

    def python(self) -> str:
        """The ``rt.TargetSpec`` expression."""
        fields = [f"kind=rt.TargetKind.{self.kind.name}"]
        if self.kind is TargetKind.OBJECT or (self.kind is TargetKind.PLAYER and self.filter.controller) \
                or (self.kind is TargetKind.ANY and self.filter.types):  # "player or planeswalker" (115.4)
            fields.append(f"filter={self.filter.python()}")
        if self.zone != "battlefield":
            fields.append(f"zone=rt.Zone.{self.zone.upper()}")
        if self.condition is not None:
            fields.append(f"condition={self.condition.python()}")
        if self.mode >= 0:
            fields.append(f"mode={lit(self.mode)}")
        if self.optional:
            fields.append("optional=True")
        if self.group >= 0:
            fields.append(f"group={lit(self.group)}")
        if self.repeat:
            fields.append("repeat=True")
        if self.opponents:
            fields.append("opponents_only=True")
        if self.owner_slot >= 0:
            fields.append(f"owner_slot={lit(self.owner_slot)}")
        if self.times is not None:
            fields.append(f"times={self.times.python()}")
        if self.abilities:
            fields.append("abilities=True")
        if self.either:
            fields.append(f"either={tuple_expr([e.python() for e in self.either])}")
        fields.append(f"text={lit(self.words)}")
        return f"rt.TargetSpec({', '.join(fields)})"


freeze(globals())
