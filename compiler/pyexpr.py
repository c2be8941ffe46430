"""The only ways a script's words reach generated code: literals and validated identifiers.

Each IR class renders itself to a Python expression (its ``python`` method) with these.  Every
string from a script passes through :func:`lit` (``repr``), so quotes, backslashes,
newlines, ``\"\"\"`` and template syntax become inert literal text; identifiers come only from
:func:`compiler.lower.identifier` / :func:`module_name`, which admit ``[A-Za-z0-9_]`` alone.
"""
from __future__ import annotations

import re


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


# Exactly these types (not subclasses, whose ``repr`` may be anything) are their own ``repr``.
_LITERAL_TYPES = frozenset({str, int, bool, type(None)})


def lit(value: object) -> str:
    """A Python literal for a string, number, bool, None or tuple of them."""
    if type(value) in _LITERAL_TYPES:
        return repr(value)
    if type(value) is tuple and _LITERAL_TYPES.issuperset(map(type, value)):
        # (``repr`` of a flat tuple of literals is what the loop below writes: ``(a, b)``,
        # ``(a,)``, ``()``; C calls, checked and written, instead of generators.  The most
        # common case.)
        return repr(value)
    if isinstance(value, (str, int, bool)) or value is None:
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(lit(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    raise TypeError(f"not a literal: {value!r}")


def ident(name: str) -> str:
    """Pass a name through only if it is a plain identifier."""
    if not _IDENT.fullmatch(name):
        raise ValueError(f"not a valid identifier: {name!r}")
    return name


def tuple_expr(items: list[str]) -> str:
    """A tuple display of expressions."""
    if len(items) == 1:
        return f"({items[0]},)"
    return f"({', '.join(items)})"
