"""dsl/cardparser.py is exactly what ``python -m dsl.parsergen`` writes for the current grammar.

The card parser is generated from ``dsl/cardsmith.tx`` and checked in.  It has one source of
truth (the grammar, read through textX's own parsing expressions, and the generator), one command
that regenerates it, and these tests, which fail with that command in the message when the
checked-in file is not what the command would write today: after an edit to the grammar, to
``dsl/parsergen.py``, or to the file itself.  Meanwhile an out-of-date parser for another grammar
is never used (``test_fastparse.test_out_of_date_parser_is_not_used``): textX parses instead.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl import cardparser, parsergen
from dsl.grammar import GRAMMAR_PATH

ROOT = Path(__file__).resolve().parent.parent.parent
REGENERATE = "python -m dsl.parsergen"


def _first_difference(a: str, b: str) -> str:
    """Where two sources first differ, as ``line N: 'checked in' != 'generated'``."""
    for n, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {n}: {x[:100]!r} != {y[:100]!r}"
    return f"lengths differ: {a.count(chr(10))} lines checked in, {b.count(chr(10))} generated"


def test_the_parser_was_generated_from_the_current_grammar() -> None:
    """The grammar digest the generated module records (grammar bytes and the generator's FORMAT)
    is the current grammar's: a grammar edit without regeneration fails here first."""
    assert cardparser.GRAMMAR == parsergen.grammar_digest(GRAMMAR_PATH.read_bytes()), (
        f"dsl/cardparser.py was generated from another grammar (or generator format): run {REGENERATE}")


def test_the_checked_in_parser_is_what_the_generator_writes() -> None:
    """Byte for byte, so a generator change or a hand edit is caught too."""
    checked_in = parsergen.OUT.read_text(encoding="utf-8")
    generated = parsergen.generate()
    if checked_in != generated:
        pytest.fail(f"dsl/cardparser.py is out of date ({_first_difference(checked_in, generated)}): "
                    f"run {REGENERATE}", pytrace=False)


def test_the_one_command_checks_and_regenerates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m dsl.parsergen --check`` reports a stale file (exit 1, naming the command) and
    leaves it alone; ``python -m dsl.parsergen`` rewrites it, after which the check passes."""
    out = tmp_path / "cardparser.py"
    out.write_text("stale\n", encoding="utf-8")
    monkeypatch.setattr(parsergen, "OUT", out)
    assert parsergen.main(["--check"]) == 1
    assert REGENERATE in capsys.readouterr().err and out.read_text(encoding="utf-8") == "stale\n"
    assert parsergen.main([]) == 0
    assert out.read_text(encoding="utf-8") == (ROOT / "dsl" / "cardparser.py").read_text(encoding="utf-8")
    assert parsergen.main(["--check"]) == 0


def test_the_header_says_how_to_regenerate() -> None:
    head = parsergen.OUT.read_text(encoding="utf-8")[:600]
    assert "do not edit" in head and REGENERATE in head


def test_review_tools_are_told_the_file_is_generated() -> None:
    """``.gitattributes`` marks the file generated (GitHub folds it in diffs and leaves it out of
    the language statistics); renaming it without the attribute fails here."""
    lines = (ROOT / ".gitattributes").read_text(encoding="utf-8").splitlines()
    attrs = {line.split()[0]: line.split()[1:] for line in lines if line.strip() and not line.startswith("#")}
    assert attrs.get("[attr]generated") == ["linguist-generated=true", "diff=generated"]
    assert attrs.get("dsl/cardparser.py") == ["generated"]
