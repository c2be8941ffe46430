"""Semantic checks: the rules a parse can't enforce, each reported at its location.

Names are resolved against the keyword library (:class:`compiler.ir.LibraryIR`) with
dictionaries; every miss gets a did-you-mean hint.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import AbstractSet, Any, Mapping

from .diagnostics import Diagnostic, did_you_mean
from .mana_symbols import is_mana_symbol
from .metamodel import location


@lru_cache(maxsize=1)
def known_subtypes() -> frozenset[str]:
    """Every subtype printed on a card (from the Oracle data of 2019), for selector checks."""
    text = (Path(__file__).parent / "data" / "subtypes.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip())


def word_location(obj: Any, word: str) -> tuple[int, int] | None:
    """(line, col) of ``word`` (as a whole word) at or after ``obj``'s position in its source, on
    the same line or the next; None if the source or the word can't be found there."""
    import re

    root = obj
    while hasattr(root, "parent"):
        root = root.parent
    parser = getattr(root, "_tx_parser", None)
    text = getattr(parser, "input", None)
    start = getattr(obj, "_tx_position", None)
    if not isinstance(text, str) or not isinstance(start, int) or parser is None:
        return None
    end = text.find("\n", text.find("\n", start) + 1)
    found = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])").search(text, start, end if end >= 0 else len(text))
    if found is None:
        return None
    line, col = parser.pos_to_linecol(found.start())
    return int(line), int(col)


class Checker:
    """Collects diagnostics for one file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        # The keyword library's names, once a lowerer has it: selectors ("with flying") are
        # checked against it as they are lowered.
        self.keyword_names: Mapping[str, Any] | None = None
        # A keyword definition's parameters (name -> kind) while its abilities are lowered, so that a
        # selector may use a number parameter ("with converted mana cost n or less", 702.46a).
        self.params: Mapping[str, str] | None = None

    def error(self, obj: Any, message: str, hint: str = "", word: str = "") -> None:
        """Report an error at ``obj``'s location, or, given the offending ``word``, on that word
        where it first appears from there on (a subtype in a type line, not the line's start)."""
        line, col = location(obj) if obj is not None else (1, 1)
        if word and obj is not None:
            line, col = word_location(obj, word) or (line, col)
        self.diagnostics.append(Diagnostic(self.path, line, col, message, hint))

    def mana_symbols(self, obj: Any, symbols: list[str]) -> tuple[str, ...]:
        """Check each mana symbol (107.4); return them as a tuple."""
        for s in symbols:
            if s == "{TK}":  # 107.17: a ticket symbol isn't mana; it is a cost part of its own
                self.error(obj, "{TK} is a ticket symbol, not a mana symbol",
                           "write the ticket symbols first, as their own cost part: '{TK}, {1}: ...' "
                           "(printed '{1}{TK}: ...')")
            elif not is_mana_symbol(s):
                self.error(obj, f"unknown mana symbol {s}", "mana symbols are {W} {U} {B} {R} {G} {C} {X} {S}, "
                                                           "numbers, hybrid {W/U} {2/W} and Phyrexian {W/P}")
        return tuple(symbols)

    def subtype(self, obj: Any, word: str) -> str:
        """Resolve a subtype word, accepting a plural ("Mountains"); report unknown ones."""
        known = known_subtypes()
        if word in known:
            return word
        if word.endswith("s") and word[:-1] in known:
            return word[:-1]
        if word.endswith("es") and word[:-2] in known:
            return word[:-2]
        if word.endswith("ves") and word[:-3] + "f" in known:  # Elves, Wolves (Elf, Wolf)
            return word[:-3] + "f"
        plural = word[:-3] + "f" if word.endswith("ves") else word[:-1] if word.endswith("s") else word
        self.error(obj, f"unknown subtype '{word}'", did_you_mean(plural, known), word=word)
        return word

    def name_in(self, obj: Any, kind: str, word: str, table: Mapping[str, Any] | AbstractSet[str]) -> bool:
        """Check that ``word`` is a known ``kind``; report with a did-you-mean hint if not."""
        if word in table:
            return True
        self.error(obj, f"unknown {kind} '{word}'", did_you_mean(word, table), word=word)
        return False
