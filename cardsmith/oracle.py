"""Oracle reference data and the normalization used to compare rendered rules text with it.

Normalization (documented in the README): reminder text in parentheses is removed (cards print
it inconsistently), whitespace is collapsed, and each line is stripped.  Nothing else: wording,
punctuation and the card's own name must match exactly.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

_REMINDER = re.compile(r"\s*\([^()]*\)")


def oracle_path(pool: Path) -> Path:
    """The pool's copy of the Oracle data (``cards/oracle.json``)."""
    return pool / "oracle.json"


def load_oracle(path: Path) -> dict[str, dict[str, Any]]:
    """Oracle records by card name, from the pool's ``oracle.json`` or a list-shaped Oracle file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, list):
        return {c["name"]: c for c in data}
    return dict(data)


def normalize(text: str) -> str:
    """Drop reminder text, collapse whitespace, strip lines, drop empty lines."""
    out = []
    for line in text.split("\n"):
        line = _REMINDER.sub("", line)
        line = re.sub(r"\s+", " ", line).strip()
        if line:
            out.append(line)
    return "\n".join(out)
