"""``cardsmith examples``: the pool's scripted cards whose Oracle text is most like a line, with
their scripts; and the hints ``cardsmith new`` prints for the lines it leaves as TODO."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cardsmith.cli import main
from cardsmith.examples import find_examples, scripted_lines
from compiler.sources import default_pool

CARDS = {
    "Hill Giant Thief": ("{2}{R}", "Creature \u2014 Giant", "3", "3",
                         "Whenever Hill Giant Thief deals combat damage to a player, that player discards a card.",
                         "whenever this deals combat damage to a player: that player discards a card."),
    "Quiet Study": ("{1}{U}", "Sorcery", None, None, "Draw two cards.", "spell:\n        draw two cards."),
    "Ember Shot": ("{R}", "Instant", None, None, "Ember Shot deals 2 damage to any target.",
                   "spell:\n        deal 2 damage to any target."),
}


def _pool(tmp_path: Path) -> Path:
    pool = tmp_path / "cards"
    records = {}
    for name, (cost, type_line, power, toughness, text, body) in CARDS.items():
        types, _, sub = type_line.partition(" \u2014 ")
        head = f'card "{name}" {{\n    cost {cost}\n    type {types.lower()}' + (f" - {sub}" if sub else "") + "\n"
        pt = f"    pt {power}/{toughness}\n" if power is not None else ""
        path = pool / name[0].lower() / (name.lower().replace(" ", "_") + ".card")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(head + pt + f"    {body}\n}}\n", encoding="utf-8")
        records[name] = {"name": name, "mana_cost": cost, "type_line": type_line, "types": [types],
                         "subtypes": [sub] if sub else [], "power": power, "toughness": toughness, "text": text}
    (pool / "oracle.json").write_text(json.dumps(records), encoding="utf-8")
    return pool


def test_a_line_containing_the_phrase_comes_first(tmp_path: Path) -> None:
    found = find_examples("deals 2 damage to any target", scripted_lines(_pool(tmp_path)))
    assert found[0].found.card == "Ember Shot"
    assert found[0].found.line == "this deals 2 damage to any target."  # the name read as `this`


def test_words_in_common_rank_the_rest_and_the_writing_lines_are_marked(tmp_path: Path) -> None:
    pool = _pool(tmp_path)
    found = find_examples("Whenever Grim Rider deals combat damage to a player, that player loses 2 life.",
                          scripted_lines(pool), name="Grim Rider")
    assert [e.found.card for e in found][0] == "Hill Giant Thief"
    script = found[0].found.script.read_text().splitlines()
    assert [script[i].strip() for i in found[0].marked] == [
        "whenever this deals combat damage to a player: that player discards a card."]
    # A line sharing nothing with the query is not an example.
    assert "Quiet Study" not in [e.found.card for e in found]


def test_the_card_itself_is_never_its_own_example(tmp_path: Path) -> None:
    pool = _pool(tmp_path)
    assert all(e.found.card != "Ember Shot"
               for e in find_examples("Ember Shot deals 2 damage to any target.", scripted_lines(pool),
                                      name="Ember Shot"))


def test_the_command_prints_the_card_its_line_and_its_script(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    pool = _pool(tmp_path)
    assert main(["examples", "draw two cards", "--pool", str(pool), "--top", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Quiet Study (cards")
    assert out[1] == "  oracle: Draw two cards."
    assert "  >         draw two cards." in out
    assert main(["examples", "xyzzy plugh", "--pool", str(pool)]) == 1
    assert main(["examples", " ", "--pool", str(pool)]) == 2
    assert "cardsmith: error: give some Oracle text" in capsys.readouterr().err


def test_the_shipped_pool_answers_an_oracle_phrase(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["examples", "Whenever CARDNAME deals combat damage to a player, you may draw a card.",
                 "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "oracle: Whenever this deals combat damage to a player, you may draw a card." in out
    assert "whenever this deals combat damage to a player: you may draw a card." in out


def test_new_shows_the_closest_scripted_line_for_each_todo(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    pool = tmp_path / "cards"
    shutil.copytree(default_pool(), pool)
    oracle = tmp_path / "oracle.json"
    line = "Whenever Gloom Prowler deals combat damage to a player, you may draw a card. Xyzzy the plugh."
    oracle.write_text(json.dumps([{
        "name": "Gloom Prowler", "mana_cost": "{2}{B}", "type_line": "Creature \u2014 Horror",
        "types": ["Creature"], "subtypes": ["Horror"], "supertypes": [], "power": "2", "toughness": "2",
        "colors": ["B"], "text": line}]))
    assert main(["new", "Gloom Prowler", "--pool", str(pool), "--oracle", str(oracle)]) == 0
    out = capsys.readouterr().out
    assert f"TODO {line}" in out
    assert "  like " in out and "whenever this deals combat damage to a player: you may draw a card." in out
    assert 'cardsmith examples "TEXT"' in out


def test_the_authoring_guide_shows_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "authoring.md").read_text(encoding="utf-8")
    command = 'cardsmith examples "that player discards a card" --top 1'
    shown = guide.split(command + "\n```", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert main(["examples", "that player discards a card", "--top", "1"]) == 0
    assert capsys.readouterr().out == shown
