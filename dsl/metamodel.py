"""The metamodel factory and the parse entry points.

The grammar uses no textX cross-references: names are resolved against the keyword library by
:mod:`dsl.checks` with a dictionary (O(1) per reference), avoiding the O(references x objects)
cost of textX's default ``PlainName`` scope provider.  Parsing runs with the garbage collector
paused (faster, and flat as files grow) and without memoization (slower for this grammar).

Texts are parsed by the parser generated from this grammar (:mod:`dsl.parsergen`,
:mod:`dsl.fastparse`) and only those it can't take by textX, which then says what is wrong.
"""
from __future__ import annotations

import gc
import hashlib
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic
from .grammar import GRAMMAR_PATH

if TYPE_CHECKING:
    from textx.metamodel import TextXMetaModel

# textX is imported where it is used, so that what needs only the grammar's hash (the build's
# cache key, a no-op rebuild) doesn't pay for importing it.



# The one metamodel of the process (a memo, like ``functools.lru_cache``).
_METAMODEL: dict[str, Any] = {}


def card_metamodel() -> TextXMetaModel:
    """The card/keyword language metamodel, built from the grammar once per process.

    Only textX needs it, for a text the generated parser can't take (a syntax error: see
    :func:`parse_text`), so a build of valid cards never builds it.  It is not cached on disk:
    until session 14 it was pickled into the build's cache folder, and a pickle loaded by the next
    build runs whatever code the file names; building it costs about 0.4 s, once per process,
    only when a text has a syntax error.  (Old ``metamodel-*.pickle`` files are never read.)"""
    mm: TextXMetaModel | None = _METAMODEL.get("card")
    if mm is None:
        from textx import metamodel_from_file
        mm = _METAMODEL["card"] = metamodel_from_file(str(GRAMMAR_PATH), autokwd=True, memoization=False)
    return mm


def grammar_hash() -> str:
    """Hash of the grammar text (part of the build cache key)."""
    return hashlib.sha256(GRAMMAR_PATH.read_bytes()).hexdigest()


# Python refuses to convert a decimal string of more digits than its limit (4,300 by default,
# 640 at the least: ``sys.set_int_max_str_digits``); a script's numbers stay under any limit.
MAX_DIGITS = 640
_LONG_NUMBER = re.compile(r"[0-9]{%d,}" % (MAX_DIGITS + 1))


def parse_text(text: str, path: str, fast: bool = True) -> tuple[Any, list[Diagnostic]]:
    """Parse ``text`` (named ``path`` in diagnostics); return the model or None and syntax errors.

    The generated parser (:mod:`dsl.fastparse`) is tried first (unless ``fast`` is false): the
    model textX would make, about five times sooner, without loading textX or its metamodel.
    When it can't give textX's answer (a syntax error, among others), textX parses the text and
    its message is the one reported."""
    if not text.strip():
        # textX would read the file from disk for an empty string; an empty source is an error.
        return None, [Diagnostic(path, 1, 1, "empty file: expected a card, keyword, action or counter definition")]
    enabled = gc.isenabled()
    gc.disable()
    try:
        if fast:
            from .fastparse import parse_model
            model = parse_model(text, path)
            if model is not None:
                return model, []
        return _textx_parse(text, path)
    except ValueError as e:
        # Both parsers convert INT with int(), which refuses a number longer than Python's limit.
        found = _LONG_NUMBER.search(text)
        if found is None or "integer string conversion" not in str(e):
            raise
        line = text.count("\n", 0, found.start()) + 1
        col = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        return None, [Diagnostic(path, line, col, f"number too large: {len(found.group())} digits "
                                 f"(at most {MAX_DIGITS})")]
    finally:
        if enabled:
            gc.enable()


def _textx_parse(text: str, path: str) -> tuple[Any, list[Diagnostic]]:
    """textX's parse of ``text``; on a syntax error, every syntax error of the file, each located
    on its word and said in words (:mod:`dsl.syntax_errors`)."""
    from textx import TextXSyntaxError

    from .syntax_errors import parse_all
    mm = card_metamodel()
    try:
        return mm.model_from_str(text, file_name=path), []
    except TextXSyntaxError:
        pass
    except RecursionError:
        return None, [Diagnostic(path, 1, 1, "syntax error: nesting too deep")]

    def parse_once(source: str) -> Any:
        try:
            mm.model_from_str(source, file_name=path)
        except TextXSyntaxError as e:
            return e
        except RecursionError:
            return None
        return None

    return None, parse_all(text, path, parse_once) or [Diagnostic(path, 1, 1, "syntax error")]


def _after_previous_token(text: str, line: int, col: int) -> tuple[int, int]:
    """Where a missing terminator belongs: just after the last token before (line, col)."""
    lines = text.split("\n")
    offset = sum(len(x) + 1 for x in lines[:line - 1]) + col - 1
    i = min(offset, len(text)) - 1
    while i >= 0 and text[i].isspace():
        i -= 1
    if i < 0:
        return line, col
    before = text[:i + 1]
    return before.count("\n") + 1, i + 1 - (before.rfind("\n") + 1) + 1


def _short(msg: str) -> str:
    # "Expected 'cost' or 'type' ... => 'context'": keep expectations readable.
    msg = msg.replace("\n", " ")
    if len(msg) < 480:
        return msg
    # The end of a long list says what may close the statement ("or '}'"): keep it too.
    tail = msg[-60:]
    return msg[:400] + "... " + tail[tail.find(" or ") + 1:] if " or " in tail else msg[:400] + "..."


def location(obj: Any) -> tuple[int, int]:
    """(line, col) of a model object, textX's or the generated parser's: as ``textx.get_location``
    finds it, from the model's root (up the ``parent`` links) and its ``_tx_parser``."""
    root = obj
    while hasattr(root, "parent"):
        root = root.parent
    line, col = root._tx_parser.pos_to_linecol(obj._tx_position)
    return int(line or 1), int(col or 1)
