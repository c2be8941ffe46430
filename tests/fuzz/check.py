"""The property every fuzzed source must satisfy."""
from __future__ import annotations

from textx import TextXError

from compiler.compiling import compile_text
from compiler.ir import LibraryIR
from compiler.safety import check_generated
from dsl import fastparse
from dsl.metamodel import card_metamodel
from tests.unit.test_grammar_equivalence import dump


def same_parse_as_textx(text: str) -> None:
    """The generated parser gives textX's model of ``text`` (class names, attributes, spans), or,
    where textX fails (a syntax error, its recursion limit), nothing: textX is then asked."""
    if not text.strip() or "\x00" in text:
        return  # (never parsed: see dsl.metamodel.parse_text and compiler.compiling.compile_texts)
    try:
        expected = dump(card_metamodel().model_from_str(text, file_name="fuzz.card"))
    except (TextXError, RecursionError):
        expected = None
    except ValueError as e:  # a number past Python's digit limit: both parsers refuse it alike
        if "integer string conversion" not in str(e):
            raise
        try:
            got = fastparse.parse_model(text, "fuzz.card")
        except ValueError as again:
            assert "integer string conversion" in str(again), again
            return
        assert got is None, "the generated parser reads a number textX can't convert"
        return
    got = fastparse.parse_model(text, "fuzz.card")
    if expected is None:
        assert got is None, "the generated parser accepts what textX rejects"
    else:
        assert got is not None, "the generated parser rejects what textX accepts"
        assert dump(got) == expected, "the generated parser's model differs from textX's"


def check_source(text: str, library: LibraryIR) -> str:
    """Compile ``text``; return "ok" or "diagnostics"; raise AssertionError on any other outcome.

    Allowed outcomes: generated code that passes the AST allowlist and compiles, or located
    diagnostics (line and column at least 1).  A Python exception escaping is a failure, and so
    is a parse by the generated parser that differs from textX's (:func:`same_parse_as_textx`).
    """
    same_parse_as_textx(text)
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
