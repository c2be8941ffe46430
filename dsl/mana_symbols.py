"""Which ``{...}`` words of a script are mana symbols (CR 107.4).

The grammar's ``ManaSymbol`` token takes any short braced word (so that a typo is reported here,
at its location, with a hint, rather than as a syntax error somewhere after it); this is the
language's rule for which of them are mana.
"""
from __future__ import annotations

COLORS = "WUBRG"  # 107.4a

# Every mana symbol but the numerical ones, as written between the braces.
SYMBOLS: frozenset[str] = frozenset(
    [*COLORS, "C", "X", "S"]  # 107.4a, 107.4c colorless, 107.3 X, 107.4h snow
    + [f"{a}/{b}" for a in COLORS for b in COLORS if a != b]  # 107.4e hybrid (either color first)
    + [f"2/{c}" for c in COLORS]  # 107.4e monocolored hybrid
    + [f"{c}/P" for c in COLORS]  # 107.4f Phyrexian
)


def is_mana_symbol(symbol: str) -> bool:
    """Whether ``symbol`` (braces included, as the grammar reads it) is a mana symbol."""
    body = symbol[1:-1]
    return body in SYMBOLS or body.isdigit()  # 107.4b: the numerical symbols {0}, {1}, {2}, ...
