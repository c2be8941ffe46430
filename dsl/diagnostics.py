"""Located diagnostics: ``path:line:col: error: message`` with an optional hint."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


MAX_MESSAGE = 1000  # characters of a message or hint; more are cut, ending in "..."


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem in a source file."""

    path: str
    line: int
    col: int
    message: str
    hint: str = ""
    severity: str = "error"

    def __post_init__(self) -> None:
        # A message quotes words of the source; a word can be megabytes long (a minified or
        # hostile file), which no reader of a message wants repeated in full.
        for field in ("message", "hint"):
            text = getattr(self, field)
            if len(text) > MAX_MESSAGE:
                object.__setattr__(self, field, text[:MAX_MESSAGE] + "...")

    def format(self) -> str:
        """``path:line:col: error: message`` and, on the next line, the hint."""
        out = f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"
        if self.hint:
            out += f"\n    hint: {self.hint}"
        return out

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {"path": self.path, "line": self.line, "col": self.col, "severity": self.severity,
                "message": self.message, "hint": self.hint}


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A "did you mean ...?" hint for a misspelt name, or "" if nothing is close."""
    import difflib  # (here, not at the top: only a misspelling needs it, and every command imports this module)

    close = difflib.get_close_matches(word, sorted(set(candidates)), n=3, cutoff=0.6)
    if not close:
        return ""
    return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
