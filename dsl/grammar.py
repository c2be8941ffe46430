"""Where the card language's grammar is: a leaf module, so the metamodel, the parser generator and
the generated parser's loader can all name it without importing each other."""
from __future__ import annotations

from pathlib import Path

GRAMMAR_PATH = Path(__file__).with_name("cardsmith.tx")
