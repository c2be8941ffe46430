"""``cardsmith new`` writes whole scripts (``cardsmith/translate.py``): Oracle lines become script
lines only when they round-trip; Scryfall and MTGJSON records are read as well as the project's;
``--all`` does a whole card list and prints the totals; an unknown shape is refused."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cardsmith.cli import main
from cardsmith.oracle import OracleFormatError, load_oracle, normalize, records_from
from cardsmith.scaffold import _keyword_line, script_for
from cardsmith.translate import candidates
from compiler.build import build
from compiler.sources import default_pool
from tests.unit.helpers import library

# Copies of the small samples in shared/reference/oracle/formats (the suite runs without shared/).
FORMATS = Path(__file__).resolve().parent / "fixtures" / "oracle"
ROOT = Path(__file__).resolve().parents[2]


def _rec(name: str, text: str, type_line: str = "Creature — Human Wizard", **kw: object) -> dict[str, object]:
    base: dict[str, object] = {"name": name, "mana_cost": "{2}{R}", "type_line": type_line, "power": "2",
                               "toughness": "2", "colors": ["R"], "text": text}
    base.update(records_from([base])[name])
    base.update(kw)
    return base


def test_a_trigger_a_kicker_pair_and_a_static_translate_exactly() -> None:
    rec = _rec("Thunderscape Battlemage",
               "Kicker {1}{B} and/or {G} (You may pay an additional {1}{B} and/or {G} as you cast this spell.)\n"
               "When Thunderscape Battlemage enters the battlefield, if it was kicked with its {1}{B} kicker, "
               "target player discards two cards.\nFirst strike")
    text, t = script_for(rec, library())
    assert t.status == "complete" and (t.translated, t.total) == (3, 3)
    assert text.splitlines()[4:] == [
        "    kicker {1}{B}", "    kicker {G}",
        "    when this enters the battlefield, if kicked with {1}{B}: target player discards two cards.",
        "    first strike", "}"]


def test_a_spell_s_instructions_go_under_spell() -> None:
    rec = _rec("Burst Lightning", "Kicker {4}\nBurst Lightning deals 2 damage to any target. If this spell was "
               "kicked, it deals 4 damage to that permanent or player instead.", type_line="Instant",
               power=None, toughness=None)
    text, t = script_for(rec, library())
    assert t.status == "complete", text
    assert "    spell:\n        deal 2 damage to any target.\n        if kicked, instead deal 4 damage to it.\n" in text


def test_a_line_the_language_can_t_say_stays_a_todo_and_the_rest_still_compiles() -> None:
    rec = _rec("Odd Wizard", "Flying\nOdd Wizard can't be countered by spells named Mana Leak during a full moon.")
    text, t = script_for(rec, library())
    assert t.status == "partial" and (t.translated, t.total) == (1, 2)
    assert "    // TODO: Odd Wizard can't be countered by spells named Mana Leak during a full moon.\n" in text
    assert t.todo == ["Odd Wizard can't be countered by spells named Mana Leak during a full moon."]


def test_keyword_lines_with_costs_are_read_whole() -> None:
    lib = library()
    assert _keyword_line("Flashback—{R}{R}, Sacrifice X Mountains.", lib) in (None, ["flashback {R}{R}, sacrifice X Mountains"])
    assert _keyword_line("Suspend 4—{1}{U} (Rather than cast ...)", lib) == ["suspend 4 {1}{U}"]
    assert _keyword_line("Defender; reach", lib) == ["defender", "reach"]
    assert _keyword_line("Flying, first strike", lib) == ["flying", "first strike"]
    assert _keyword_line("Kicker—Sacrifice a creature.", lib) == ["kicker sacrifice a creature"]


def test_the_name_is_this_and_a_legend_s_short_name_too() -> None:
    rec = _rec("Grunn, the Lonely King", "Whenever Grunn attacks alone, double its power and toughness until end of turn.",
               supertypes=["Legendary"])
    first = next(candidates(str(rec["text"]), rec, spell=False))
    assert first[0].startswith("whenever this attacks alone: ")


def test_scryfall_and_mtgjson_records_read_like_the_project_s() -> None:
    scryfall = load_oracle(FORMATS / "scryfall-sample.json")
    mtgjson = load_oracle(FORMATS / "mtgjson-atomic-sample.json")
    shared = sorted(set(scryfall) & set(mtgjson))
    assert shared
    for name in shared:
        a, b = scryfall[name], mtgjson[name]
        assert (a["mana_cost"], a["types"], a["subtypes"], a["power"], normalize(a["text"])) == \
            (b["mana_cost"], b["types"], b["subtypes"], b["power"], normalize(b["text"]))
    # AllPrintings: sets of cards; a back face is left to its front.
    printings = {"data": {"XYZ": {"cards": [
        {"name": "Front // Back", "faceName": "Front", "side": "a", "manaCost": "{G}", "type": "Creature — Elf",
         "types": ["Creature"], "subtypes": ["Elf"], "text": "Reach", "power": "1", "toughness": "1"},
        {"name": "Front // Back", "faceName": "Back", "side": "b", "type": "Creature — Elf", "types": ["Creature"],
         "text": "Flying"}]}}}
    assert list(records_from(printings)) == ["Front"]
    # Scryfall: a card of two faces is read by its front face.
    faces = {"object": "card", "name": "Front // Back", "card_faces": [
        {"name": "Front", "mana_cost": "{G}", "type_line": "Creature — Elf", "oracle_text": "Reach",
         "power": "1", "toughness": "1"}, {"name": "Back", "type_line": "Creature — Elf", "oracle_text": "Flying"}]}
    assert records_from(faces)["Front"]["text"] == "Reach"


@pytest.mark.parametrize("data", [{"cards": 3}, [1, 2], {"meta": {}, "data": {"A": 3}}, "text"])
def test_an_unknown_shape_is_refused(data: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(OracleFormatError):
        records_from(data)
    f = tmp_path / "odd.json"
    f.write_text(json.dumps(data))
    assert main(["new", "X", "--oracle", str(f), "--pool", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardsmith: error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("sample", ["scryfall-sample.json", "mtgjson-atomic-sample.json"])
def test_new_from_a_scryfall_or_mtgjson_file(sample: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pool = tmp_path / "cards"
    shutil.copytree(default_pool() / "keywords", pool / "keywords")
    assert main(["new", "Stormscape Battlemage", "--oracle", str(FORMATS / sample), "--pool", str(pool)]) == 0
    out = capsys.readouterr().out
    assert "stormscape_battlemage.card: " in out
    text = (pool / "s" / "stormscape_battlemage.card").read_text()
    assert "type creature - Metathran Wizard" in text and "pt 2/2" in text and "kicker {W}" in text
    assert "when this enters the battlefield, if kicked with {W}: you gain 3 life." in text
    assert main(["check", str(pool)]) == 0


def test_new_all_rederives_the_pool_and_every_complete_card_round_trips(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "new"
    assert main(["new", "--all", str(default_pool() / "oracle.json"), "-o", str(out), "-v"]) == 0
    report = capsys.readouterr().out
    total = report.strip().splitlines()[-1]
    assert total.startswith(f"{len(load_oracle(default_pool() / 'oracle.json'))} cards in "), total
    complete = {line.split(None, 1)[1] for line in report.splitlines() if line.startswith("complete ")}
    assert len(complete) > 0.85 * len(load_oracle(default_pool() / "oracle.json"))
    # A partial script may not compile (an instant with every instruction still a TODO); every
    # complete one must, and render its Oracle text.
    from cardsmith.scaffold import card_path
    for name in load_oracle(default_pool() / "oracle.json"):
        if name not in complete:
            card_path(out, name).unlink()
    shutil.copytree(default_pool() / "keywords", out / "keywords")
    built = build([out], tmp_path / "pool")
    assert not [d for d in built.diagnostics if d.severity == "error"], built.diagnostics[:3]
    oracle = load_oracle(default_pool() / "oracle.json")
    for r in built.results:
        if r.name in complete:
            assert normalize(r.text) == normalize(oracle[r.name]["text"] or ""), r.name
