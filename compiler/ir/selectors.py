"""Selectors (109, 115.1): which objects an instruction, cost, target or count means."""
from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from runtime.selectors import ObjectFilter, ObjectKind

from ..pyexpr import ident, lit, member, tuple_expr

# The runtime selector's fields with their defaults, in the order generated code writes them.
_RUNTIME_FIELDS = tuple((f.name, f.default) for f in fields(ObjectFilter))


# A real dataclass, not one of compiler.ir.base's: it extends the runtime's frozen dataclass.
@dataclass(frozen=True)
class FilterIR(ObjectFilter):
    """A selector: the runtime's :class:`runtime.selectors.ObjectFilter` (one definition of what a
    selector selects), plus the words it was written with, for its rules text, and whether they
    said "exiled card" (406), which lowering reads to choose the target's zone."""

    words: str = ""
    exiled: bool = False
    suspended: bool = False  # 702.62b: said "suspended card" (in exile, with suspend and a time counter)
    alternatives: tuple["FilterIR", ...] = ()  # (the runtime's field, holding selectors with their words)
    # A keyword's number parameter giving the mana value bound (202.3; soulshift N, 702.46a): the
    # bound the generated code passes is that parameter's value, not a literal.
    mana_value_param: str = ""

    @property
    def is_spell(self) -> bool:
        """Whether it selects spells (on the stack, 112.1), not permanents or cards."""
        return self.kind is ObjectKind.SPELL

    @property
    def is_card(self) -> bool:
        """Whether it selects cards (outside the battlefield and the stack)."""
        return self.kind is ObjectKind.CARD

    def python(self) -> str:
        """The ``rt.ObjectFilter`` expression: the fields that differ from their defaults."""
        out = []
        for name, default in _RUNTIME_FIELDS:
            value = getattr(self, name)
            if self.mana_value_param and name in ("mana_value_at_least", "mana_value_at_most") and value != -1:
                out.append(f"{name}={ident(self.mana_value_param)}")
                continue
            if value == default:
                continue
            if name == "alternatives":
                out.append(f"alternatives={tuple_expr([a.python() for a in self.alternatives])}")
            elif isinstance(value, Enum):
                out.append(f"{name}={member(value)}")  # ``kind=rt.ObjectKind.SPELL``
            else:
                out.append(f"{name}={lit(value)}")
        return f"rt.ObjectFilter({', '.join(out)})"


def filters_python(filters: tuple[FilterIR, ...]) -> str:
    """A tuple of ``rt.ObjectFilter`` expressions."""
    return tuple_expr([f.python() for f in filters])
