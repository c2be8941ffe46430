"""The parse tree the generated card parser (:mod:`dsl.cardparser`) builds.

It has Arpeggio's shape, which is what textX makes its model from: a terminal per matched token,
and per rule a list of the terminals and rule nodes inside it, flattened, positioned at its first
child.  Unlike Arpeggio's nodes these carry no reference to a parsing expression: a rule node
names its rule by its index in the generated ``RULES`` table.
"""
from __future__ import annotations

from typing import Any


class Tm:
    """A matched token: where, what, and the rule name of the expression ('' in a rule's body)."""

    __slots__ = ("position", "value", "rule_name")

    def __init__(self, position: int, value: str, rule_name: str) -> None:
        self.position = position
        self.value = value
        self.rule_name = rule_name

    @property
    def position_end(self) -> int:
        """Just past the token."""
        return self.position + len(self.value)

    def __repr__(self) -> str:
        return f"Tm({self.position}, {self.value!r}, {self.rule_name!r})"


class Nt(list[Any]):
    """What one rule (or assignment) matched: its children, flattened; falsy when empty, as
    Arpeggio's NonTerminal is.  Made as ``n = Nt(children); n.rule = index; n.position = ...``
    (where its first child starts, 0 if none: Arpeggio's "Inherit position from the first child
    node"), with list's own constructor: a Python ``__init__`` cost a third of the tree's making."""

    __slots__ = ("rule", "position")
    rule: int
    position: int

    @property
    def position_end(self) -> int:
        """Just past the last child (the start when there is none)."""
        n: Any = self
        while type(n) is Nt:
            if not n:
                return n.position
            n = n[-1]
        end: int = n.position + len(n.value)  # a Tm's position_end
        return end


def flatten(items: list[Any]) -> list[Any]:
    """Arpeggio's ``flatten``: nested plain lists spliced in; nodes (``Nt``, ``Tm``) kept whole."""
    out: list[Any] = []
    for x in items:
        if type(x) is list:
            out.extend(flatten(x))
        else:
            out.append(x)
    return out
