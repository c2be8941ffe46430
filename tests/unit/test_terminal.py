"""Command-line output: plain located diagnostics with a source excerpt when not on a terminal,
rich colors only on one, and no progress bar when output is captured or JSON was asked for."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardsmith.cli import main
from cardsmith.terminal import caret_line, print_diagnostics, progress_bar
from dsl.diagnostics import Diagnostic

BAD = """card "Typo Mage" {
    cost {2}{R}
    type creature - Human Wizard
    pt 2/2
    kicker {G}
    when this enters the battlefield, if kiked with {G}: destroy target enchantment.
}
"""


def test_check_prints_located_line_then_source_and_caret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "typo_mage.card"
    card.write_text(BAD, encoding="utf-8")
    assert main(["check", str(card)]) == 1
    err = capsys.readouterr().err.splitlines()
    col = BAD.splitlines()[5].index("kiked") + 1
    assert err[0] == f"{card}:6:{col}: error: unknown condition word 'kiked'"
    assert err[1] == "    6 |     when this enters the battlefield, if kiked with {G}: destroy target enchantment."
    assert err[2] == "      | " + " " * (col - 1) + "^"
    # the caret sits under the first letter of the offending word
    assert err[1][err[2].index("^")] == "k" and err[1][err[2].index("^"):].startswith("kiked")
    assert err[3] == "    hint: did you mean 'kicked'?"
    assert "\x1b[" not in "\n".join(err)  # no color codes when not a terminal


def test_json_format_stays_machine_readable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "typo_mage.card"
    card.write_text(BAD, encoding="utf-8")
    assert main(["check", str(card), "--format", "json"]) == 1
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["diagnostics"][0]["line"] == 6 and out.err == ""


def test_caret_keeps_tabs_so_it_lines_up() -> None:
    assert caret_line("\tdeal 2", 3) == "\t ^"


def test_diagnostic_without_readable_source_has_no_excerpt() -> None:
    out = io.StringIO()
    print_diagnostics([Diagnostic("no/such/file.card", 3, 4, "oops", "a hint")], out, color=False)
    assert out.getvalue() == "no/such/file.card:3:4: error: oops\n    hint: a hint\n"


def test_colored_output_keeps_the_located_first_line(tmp_path: Path) -> None:
    card = tmp_path / "c.card"
    card.write_text(BAD, encoding="utf-8")
    out = io.StringIO()
    print_diagnostics([Diagnostic(str(card), 6, 42, "unknown condition word 'kiked'")], out, color=True)
    text = out.getvalue()
    assert f"{card}:6:42:" in text and "^" in text


def test_progress_bar_only_when_enabled() -> None:
    with progress_bar(False, "building", io.StringIO()) as cb:
        assert cb is None
    stream = io.StringIO()
    with progress_bar(True, "building", stream) as cb:
        assert cb is not None
        cb(3, 10)
        cb(10, 10)
