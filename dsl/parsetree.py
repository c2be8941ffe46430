"""The parse tree the generated card parser (:mod:`dsl.cardparser`) builds.

It has Arpeggio's shape, which is what textX makes its model from: a token per matched terminal,
and per rule a list of the tokens and rule nodes inside it, flattened, positioned at its first
child.  Unlike Arpeggio's nodes these carry no reference to a parsing expression: a rule node
names its rule by its index in the generated ``RULES`` table, and a token is a plain tuple
``(position, text, rule name)`` (the rule name of the expression, '' in a rule's body): a tuple is
made in a fifth of the time an object with an ``__init__`` takes, and a text has dozens.
"""
from __future__ import annotations

from typing import Any

# A matched token: (where it starts, its text, the rule name of the expression that matched it).
Token = tuple[int, str, str]


def token_end(t: Token) -> int:
    """Just past token ``t``."""
    return t[0] + len(t[1])


class Nt(list[Any]):
    """What one rule (or assignment) matched: its children (``Nt`` nodes and tokens), flattened;
    falsy when empty, as Arpeggio's NonTerminal is.  Made as ``n = Nt(children); n.rule = index``,
    with list's own constructor: a Python ``__init__`` cost a third of the tree's making."""

    __slots__ = ("rule",)
    rule: int

    @property
    def position(self) -> int:
        """Where the first child starts (Arpeggio: "Inherit position from the first child node"),
        0 when there is none (which only a flattened list can leave)."""
        n: Any = self
        while type(n) is Nt:
            if not n:
                return 0
            n = n[0]
        start: int = n[0]  # a token's position
        return start

    @property
    def position_end(self) -> int:
        """Just past the last child (the start when there is none)."""
        n: Any = self
        while type(n) is Nt:
            if not n:
                return n.position
            n = n[-1]
        end: int = n[0] + len(n[1])  # a token's end
        return end


def flatten(items: list[Any]) -> list[Any]:
    """Arpeggio's ``flatten``: nested plain lists spliced in; nodes (``Nt``, tokens) kept whole.
    ``items`` itself when it holds no plain list (the usual case: a rule's one alternative)."""
    for x in items:
        if type(x) is list:
            break
    else:
        return items
    out: list[Any] = []
    for x in items:
        if type(x) is list:
            out.extend(flatten(x))
        else:
            out.append(x)
    return out
