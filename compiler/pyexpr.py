"""The only ways a script's words reach generated code: literals and validated identifiers.

Each IR class renders itself to a Python expression (its ``python`` method) with these.  Every
string from a script passes through :func:`lit` (``repr``), so quotes, backslashes,
newlines, ``\"\"\"`` and template syntax become inert literal text; identifiers come only from
:func:`compiler.lower.identifier` / :func:`module_name`, which admit ``[A-Za-z0-9_]`` alone, and
every one the templates write passes :func:`ident` (a name bound or read) or :func:`module` (a
generated module's name in a relative import).  A member of a runtime enum (``rt.ObjectKind.SPELL``)
is written by :func:`member`, from the enum's and the member's own names, never a script's words.
"""
from __future__ import annotations

import keyword
import re
from enum import Enum

from .safety import FORBIDDEN_NAMES

# ASCII only (``re.ASCII``: ``[A-Za-z]`` is ASCII anyway, but no flag may ever widen it), matched
# whole with ``fullmatch`` (``$`` would let a trailing newline through).
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)


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
    """Pass a name through only if it is a plain identifier generated code may bind or read: ASCII,
    the whole string (no trailing newline), not a keyword (soft ones included), not a builtin, not
    a dunder, and not a name the generated code itself uses (``rt``, ``self``, ``annotations``:
    :data:`compiler.safety.RESERVED_NAMES`)."""
    if type(name) is not str or not _IDENT.fullmatch(name) or name.startswith("__") \
            or keyword.iskeyword(name) or keyword.issoftkeyword(name) or name in FORBIDDEN_NAMES:
        raise ValueError(f"not a valid identifier: {name!r}")
    return name


def member(value: Enum) -> str:
    """``rt.ENUM.MEMBER`` for a member of an enum of the runtime (``rt.ObjectKind.SPELL``): the enum's
    and the member's names are the runtime's own, a fixed set, never a script's words (and
    :mod:`compiler.safety` allows only the members of the enums ``runtime.api`` exports)."""
    cls = type(value)
    if not isinstance(value, Enum) or not cls.__module__.startswith("runtime.") \
            or cls.__members__.get(value.name) is not value or not _IDENT.fullmatch(value.name):
        raise TypeError(f"not a member of a runtime enum: {value!r}")
    return f"rt.{ident(cls.__name__)}.{value.name}"


def module(name: str) -> str:
    """Pass a generated module's name through (``from .NAME import ...``): as :func:`ident`, but a
    builtin's name is allowed, as it binds and reads nothing (a keyword file ``type.kw``)."""
    if type(name) is not str or not _IDENT.fullmatch(name) or name.startswith("_") \
            or keyword.iskeyword(name) or keyword.issoftkeyword(name):
        raise ValueError(f"not a valid module name: {name!r}")
    return name


def tuple_expr(items: list[str]) -> str:
    """A tuple display of expressions."""
    if len(items) == 1:
        return f"({items[0]},)"
    return f"({', '.join(items)})"
