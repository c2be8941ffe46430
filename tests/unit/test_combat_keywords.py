"""Combat keywords as DSL definitions: two-word names, protection's quality argument, and the
general runtime parts they compile to (no keyword named in the runtime)."""
from __future__ import annotations

from pathlib import Path

from compiler.build import check

from .helpers import compile_src, errors

KNIGHT = '''card "Test Knight" {
    cost {W}{W}
    type creature - Human Knight
    pt 2/2
    first strike
    protection from black
}
'''


def test_two_word_keyword_and_quality_argument_render() -> None:
    result = compile_src(KNIGHT)
    assert result.diagnostics == []
    assert result.text.splitlines()[0].startswith("First strike (")
    assert result.text.splitlines()[1].startswith("Protection from black (This creature can't be blocked, targeted, "
                                                  "dealt damage, or enchanted by anything black.)")


def test_keywords_compile_to_general_parts() -> None:
    result = compile_src(KNIGHT)
    assert "FirstStrike()" in result.code and "Protection('black')" in result.code


def test_protection_needs_a_quality() -> None:
    diags = errors(KNIGHT.replace("protection from black", "protection"))
    assert [(d.line, d.col) for d in diags] == [(6, 5)]
    assert "Protection takes 1 argument" in diags[0].message
    diags = errors(KNIGHT.replace("protection from black", "protection {2}"))
    assert "quality such as 'from black'" in diags[0].message
    diags = errors(KNIGHT.replace("first strike", "flying from black"))
    assert "Flying takes 0 argument" in diags[0].message


def test_quality_parameter_only_inside_a_keyword() -> None:
    src = KNIGHT.replace("    protection from black\n", "    this can't be blocked by colour creatures\n")
    diags = errors(src)
    assert diags and "'colour' is not a quality parameter here" in diags[0].message
    ok = KNIGHT.replace("    protection from black\n", "    this can't be blocked by red creatures\n")
    assert errors(ok) == []


def test_quality_keyword_parameter_is_checked(tmp_path: Path) -> None:
    kw = tmp_path / "bad.kw"
    kw.write_text('keyword Warded(n: number) rule 702.16a {\n    reminder ""\n'
                  '    this can\'t be blocked by n creatures\n}\n', encoding="utf-8")
    report = check([kw])
    assert any("'n' is not a quality parameter here" in d.message for d in report.diagnostics)
