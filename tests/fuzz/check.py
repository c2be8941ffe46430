"""The property every fuzzed source must satisfy."""
from __future__ import annotations

from compiler.build import compile_text
from compiler.ir import LibraryIR
from compiler.safety import check_generated


def check_source(text: str, library: LibraryIR) -> str:
    """Compile ``text``; return "ok" or "diagnostics"; raise AssertionError on any other outcome.

    Allowed outcomes: generated code that passes the AST allowlist and compiles, or located
    diagnostics (line and column at least 1).  A Python exception escaping is a failure.
    """
    result = compile_text(text, "fuzz.card", library)
    if result.diagnostics:
        for d in result.diagnostics:
            assert d.line >= 1 and d.col >= 1 and d.message, d
            assert d.path == "fuzz.card"
        assert not result.code
        return "diagnostics"
    assert result.code
    check_generated(result.code, "fuzz.card")
    compile(result.code, "fuzz.py", "exec")
    return "ok"
