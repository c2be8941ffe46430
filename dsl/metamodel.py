"""The metamodel factory and the parse entry points.

The grammar uses no textX cross-references: names are resolved against the keyword library by
:mod:`dsl.checks` with a dictionary (O(1) per reference), avoiding the O(references x objects)
cost of textX's default ``PlainName`` scope provider.  Parsing runs with the garbage collector
paused (faster, and flat as files grow) and without memoization (slower for this grammar).
"""
from __future__ import annotations

import gc
import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from textx import TextXSyntaxError, get_location, metamodel_from_file
from textx.metamodel import TextXMetaModel

from .diagnostics import Diagnostic

GRAMMAR_PATH = Path(__file__).with_name("cardsmith.tx")


@lru_cache(maxsize=1)
def card_metamodel() -> TextXMetaModel:
    """The card/keyword language metamodel (built once per process)."""
    return metamodel_from_file(str(GRAMMAR_PATH), autokwd=True, memoization=False)


def grammar_hash() -> str:
    """Hash of the grammar text (part of the build cache key)."""
    return hashlib.sha256(GRAMMAR_PATH.read_bytes()).hexdigest()


def parse_text(text: str, path: str) -> tuple[Any, list[Diagnostic]]:
    """Parse ``text`` (named ``path`` in diagnostics); return the model or None and syntax errors."""
    mm = card_metamodel()
    enabled = gc.isenabled()
    gc.disable()
    try:
        return mm.model_from_str(text, file_name=path), []
    except TextXSyntaxError as e:
        msg = str(e.message) if hasattr(e, "message") else str(e)
        # textX prefixes the location; keep only what is after it.
        if msg.startswith(path):
            msg = msg.split(": ", 1)[-1]
        return None, [Diagnostic(path, int(e.line or 1), int(e.col or 1), f"syntax error: {_short(msg)}",
                                 "check the statement against docs/language.md")]
    except RecursionError:
        return None, [Diagnostic(path, 1, 1, "syntax error: nesting too deep")]
    finally:
        if enabled:
            gc.enable()


def _short(msg: str) -> str:
    # "Expected 'cost' or 'type' ... => 'context'": keep expectations readable.
    msg = msg.replace("\n", " ")
    return msg if len(msg) < 400 else msg[:400] + "..."


def location(obj: Any) -> tuple[int, int]:
    """(line, col) of a model object."""
    loc = get_location(obj)
    return int(loc.get("line") or 1), int(loc.get("col") or 1)
