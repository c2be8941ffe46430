"""The compiler's own code as part of the build cache key.

A cached module or keyword library is reused only if it was made by the same code: the
compiler's modules, the language front end's, and the two runtime modules whose definitions the
generated code spells out (the selector's fields, the module-naming rule).  The grammar and the
templates have their own hashes (:func:`dsl.metamodel.grammar_hash`,
:func:`compiler.templating.template_hash`); the generated parser is made from the grammar.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
_RUNTIME_READ = ("runtime/selectors.py", "runtime/pool.py")


def code_files() -> list[Path]:
    """The source files whose code decides what the compiler writes, in a fixed order."""
    files = sorted((_ROOT / "compiler").rglob("*.py")) + \
        sorted(p for p in (_ROOT / "dsl").glob("*.py") if p.name != "cardparser.py")
    return files + [_ROOT / r for r in _RUNTIME_READ]


@lru_cache(maxsize=1)
def code_hash() -> str:
    """Hash of :func:`code_files` (their paths below the checkout and their bytes)."""
    h = hashlib.sha256()
    for p in code_files():
        h.update(p.relative_to(_ROOT).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()
