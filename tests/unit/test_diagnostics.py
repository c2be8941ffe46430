"""Diagnostics: located, collected for every file, with did-you-mean hints."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsmith.cli import main
from compiler.build import check
from compiler.sources import default_pool

from .helpers import errors

GOOD_KICKER = '''card "Test Bolt" {
    cost {R}
    type instant
    kicker {1}
    spell:
        deal 2 damage to any target.
        if kicked, instead deal 3 damage to it.
}
'''


def test_valid_card_has_no_diagnostics() -> None:
    assert errors(GOOD_KICKER) == []


def test_misspelt_keyword_is_located_with_hint() -> None:
    diags = errors(GOOD_KICKER.replace("kicker {1}", "kickr {1}"))
    assert [(d.line, d.col) for d in diags] == [(4, 5), (7, 12)]
    assert diags[0].message == "unknown keyword 'kickr'"
    assert "did you mean 'kicker'" in diags[0].hint
    # The condition then refers to a kicker cost the card doesn't have: also reported.
    assert "kicker" in diags[1].message


def test_misspelt_keyword_in_a_selector_is_located_with_hint() -> None:
    # A selector's keyword ("creature with flying", "creature without flying") names a keyword
    # of the library (702); a misspelling there used to compile silently.
    src = GOOD_KICKER.replace("any target.", "target creature with flyng.")
    diags = errors(src)
    assert [(d.line, d.message) for d in diags] == [(6, "unknown keyword 'flyng'")]
    assert "did you mean 'flying'" in diags[0].hint
    src = GOOD_KICKER.replace("any target.", "target creature without reech.")
    assert [d.message for d in errors(src)] == ["unknown keyword 'reech'"]
    assert errors(GOOD_KICKER.replace("any target.", "target creature without flying.")) == []


def test_syntax_error_points_at_missing_period() -> None:
    src = GOOD_KICKER.replace("any target.", "any target").replace("        if kicked, instead deal 3 damage to it.\n", "")
    diags = errors(src)
    assert len(diags) == 1
    d = diags[0]
    assert (d.line, d.col) == (6, 36)
    assert d.message.startswith("syntax error")
    assert "'.'" in d.hint
    assert d.format().startswith("test.card:6:36: error: syntax error")


def test_unknown_mana_symbol_subtype_and_counter() -> None:
    src = '''card "Odd" {
    cost {1}{Q}
    type creature - Elf Wizzard
    pt 2/2
    enters with a doom counter
}
'''
    msgs = [d.message for d in errors(src)]
    assert "unknown mana symbol {Q}" in msgs
    assert "unknown subtype 'Wizzard'" in msgs
    assert "unknown counter kind 'doom'" in msgs


def test_linked_kicker_cost_must_exist() -> None:
    src = '''card "Linked" {
    cost {2}{U}
    type creature - Wizard
    pt 2/2
    kicker {W}
    when this enters the battlefield, if kicked with {B}: you gain 3 life.
}
'''
    diags = errors(src)
    assert len(diags) == 1
    assert "no kicked cost {B}" in diags[0].message and "{W}" in diags[0].message


def test_keyword_argument_count_and_kind() -> None:
    src = GOOD_KICKER.replace("kicker {1}", "kicker")
    assert any("takes 1 argument" in d.message for d in errors(src))
    src2 = GOOD_KICKER.replace("kicker {1}", "kicker 3")
    assert any("must be a cost" in d.message for d in errors(src2))


def test_structure_checks() -> None:
    no_pt = '''card "Bear" {
    cost {1}{G}
    type creature - Bear
}
'''
    assert any("needs 'pt" in d.message for d in errors(no_pt))
    twice = '''card "Two" {
    cost {1}{G}
    cost {2}
    type sorcery
    spell:
        draw a card.
}
'''
    assert any("given twice" in d.message for d in errors(twice))
    two_cards = '''card "One" { type land }
card "Two" { type land }
'''
    assert any("one card per file" in d.message for d in errors(two_cards))


def test_all_files_reported_in_one_run(tmp_path: Path) -> None:
    (tmp_path / "a.card").write_text(GOOD_KICKER.replace("kicker {1}", "kickr {1}"))
    (tmp_path / "b.card").write_text(GOOD_KICKER.replace("any target.", "any target"))
    (tmp_path / "c.card").write_text(GOOD_KICKER.replace("Test Bolt", "Fine Bolt"))
    report = check([tmp_path], jobs=1)
    files = sorted({Path(d.path).name for d in report.diagnostics})
    assert files == ["a.card", "b.card"]
    assert report.failed == 2 and report.compiled == 1


def test_cli_check_exit_codes_and_json(tmp_path: Path, capsys: object) -> None:
    (tmp_path / "a.card").write_text(GOOD_KICKER.replace("kicker {1}", "kickr {1}"))
    assert main(["check", str(tmp_path), "--format", "json"]) == 1
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    data = json.loads(out)
    assert data["diagnostics"][0]["line"] == 4
    assert data["diagnostics"][0]["message"] == "unknown keyword 'kickr'"
    (tmp_path / "a.card").write_text(GOOD_KICKER)
    assert main(["check", str(tmp_path)]) == 0
    assert main(["check", str(tmp_path / "missing.card")]) == 2


def test_bad_bytes_and_empty_file(tmp_path: Path) -> None:
    (tmp_path / "bin.card").write_bytes(b"\xff\xfe card")
    (tmp_path / "empty.card").write_text("")
    (tmp_path / "nul.card").write_text('card "A\x00" { type land }')
    report = check([tmp_path], jobs=1)
    assert report.failed == 3
    assert all(d.line >= 1 and d.col >= 1 for d in report.diagnostics)


def test_x_in_a_static_power_change_is_a_located_error_not_a_crash() -> None:
    """Regression: "+X/+X" parses (X is fixed by a resolving effect, 608.2h) but has no value in a
    static ability; it used to raise ValueError while lowering."""
    src = 'card "T" {\n    cost {1}\n    type creature - Bear\n    pt 1/1\n    this gets +X/+X\n}\n'
    diags = errors(src)
    assert [(d.line, d.col) for d in diags] == [(5, 5)] and "X has no value" in diags[0].message


def test_or_without_a_type_before_it_is_a_located_error_not_a_crash() -> None:
    """Regression found by the long fuzz run: "target or enchantment" raised IndexError."""
    src = ('card "N" {\n    cost {3}{G}\n    type creature - Insect\n    pt 3/2\n'
           '    when this enters the battlefield: destroy target or enchantment.\n}\n')
    diags = errors(src)
    assert diags and all(d.line == 5 for d in diags)


GRANT = '''card "Test Recall" {
    cost {1}{U}
    type sorcery
    spell:
        target instant card in your graveyard gains flashback with cost equal to its mana cost until end of turn.
}
'''


def test_granting_a_keyword_at_its_mana_cost_needs_a_one_cost_keyword() -> None:
    # 702.1b: only a keyword with one cost parameter can take the object's mana cost.
    assert errors(GRANT) == []
    diags = errors(GRANT.replace("gains flashback", "gains flying"))
    assert [(d.line, d.col) for d in diags] == [(5, 47)]
    assert "'flying' doesn't take one cost" in diags[0].message
    diags = errors(GRANT.replace("gains flashback", "gains flashbak"))
    assert [d.message for d in diags] == ["unknown keyword 'flashbak'"]
    assert "did you mean 'flashback'" in diags[0].hint


def test_a_graveyard_target_or_off_battlefield_static_names_cards() -> None:
    diags = errors(GRANT.replace("instant card in your", "instant in your"))
    assert [(d.line, d.message.split(":")[0]) for d in diags] == [(5, "a target in a graveyard is a card")]
    src = '''card "Test Gorger" {
    cost {R}
    type creature - Vampire
    pt 2/1
    each Vampire creature you own that isn't on the battlefield has madness with cost equal to its mana cost
}
'''
    assert errors(src.replace("creature you own", "creature card you own")) == []
    diags = errors(src)
    assert [(d.line, d.col) for d in diags] == [(5, 5)]
    assert "named as cards" in diags[0].message


def test_of_that_type_without_a_choice_is_located() -> None:
    # "of that type" refers to a kind a player chose earlier in the same ability (Teferi's Realm).
    src = '''card "Bad Realm" {
    cost {1}{U}{U}
    type enchantment
    at the beginning of your upkeep: all nontoken permanents of that type phase out.
}
'''
    diags = errors(src)
    assert [(d.line, d.col) for d in diags] == [(4, 38)]
    assert "'of that type' needs a choice" in diags[0].message
    fixed = src.replace("upkeep: all", "upkeep: you choose artifact, creature, or land. all")
    assert errors(fixed) == []


@pytest.mark.parametrize("blocker", [".", "cardsmith_pool/cards"])
def test_build_into_an_output_that_cannot_be_written_is_an_error_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], blocker: str) -> None:
    # A file where the output folder, or its card folder, must go.
    out = tmp_path / "out"
    (out / blocker).parent.mkdir(parents=True, exist_ok=True)
    (out if blocker == "." else out / blocker).write_text("not a folder")
    card = str(default_pool() / "l" / "lightning_bolt.card")
    assert main(["build", "-o", str(out), card]) == 2
    err = capsys.readouterr().err
    assert "can't write the output: Not a directory" in err and "Traceback" not in err
