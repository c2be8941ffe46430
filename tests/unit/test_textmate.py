"""The editor grammars (editors/vscode/syntaxes/*.tmLanguage.json): they load, every regex compiles
(Python's re standing in for Oniguruma), and a small TextMate-style tokenizer over them gives a
sample card and scenario the expected scopes, including every keyword of the shipped library."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from compiler.library import load_library
from compiler.sources import default_pool

SYNTAXES = Path(__file__).resolve().parent.parent.parent / "editors" / "vscode" / "syntaxes"
CARD = SYNTAXES / "cardsmith.tmLanguage.json"
SCENARIO = SYNTAXES / "cardsmith-scenario.tmLanguage.json"


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _regexes(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("match", "begin", "end") and isinstance(v, str):
                yield v
            else:
                yield from _regexes(v)
    elif isinstance(node, list):
        for v in node:
            yield from _regexes(v)


def _flatten(grammar: dict[str, Any], patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Top-level patterns with ``include``s of the repository expanded, in order."""
    out: list[dict[str, Any]] = []
    for p in patterns:
        if "include" in p:
            ref = grammar["repository"][p["include"].lstrip("#")]
            group = "patterns" in ref and "match" not in ref and "begin" not in ref
            out += _flatten(grammar, ref["patterns"]) if group else [ref]
        else:
            out.append(p)
    return out


def tokenize(grammar: dict[str, Any], line: str) -> list[tuple[str, str]]:
    """(text, scope) pieces of one line: at each position the earliest match wins, ties go to the
    first pattern, as in TextMate; begin/end rules are matched within the line."""
    pats = _flatten(grammar, grammar["patterns"])
    pos, out = 0, []
    while pos < len(line):
        best: tuple[int, int, re.Match[str], dict[str, Any]] | None = None
        for i, p in enumerate(pats):
            m = re.compile(p.get("match") or p["begin"]).search(line, pos)
            if m and m.end() > m.start() and (best is None or m.start() < best[0]):
                best = (m.start(), i, m, p)
        if best is None:
            break
        _, _, m, p = best
        end = m.end()
        if "begin" in p:
            close = re.compile(p["end"]).search(line, end)
            end = close.end() if close else len(line)
            if "beginCaptures" in p:  # a region whose inside has its own patterns (a keyword line)
                out += [(m.group(int(k)), v["name"]) for k, v in p["beginCaptures"].items() if m.group(int(k))]
                inner = {"patterns": p.get("patterns", []), "repository": grammar["repository"]}
                out += tokenize(inner, line[m.end():close.start() if close else len(line)])
            else:
                out.append((line[m.start():end], p["name"]))
        elif "captures" in p:
            for group, spec in p["captures"].items():
                if m.group(int(group)):
                    out.append((m.group(int(group)), spec["name"]))
        else:
            out.append((m.group(0), p["name"]))
        pos = end
    return out


def scope_of(grammar: dict[str, Any], line: str, text: str) -> str:
    """The scope the tokenizer gives the first piece equal to ``text`` (or "" if none)."""
    return next((scope for piece, scope in tokenize(grammar, line) if piece == text), "")


@pytest.mark.parametrize("path", [CARD, SCENARIO], ids=["card", "scenario"])
def test_grammar_loads_and_every_regex_compiles(path: Path) -> None:
    g = _load(path)
    assert g["scopeName"].startswith("source.cardsmith")
    regexes = list(_regexes(g))
    assert len(regexes) > 10
    for rx in regexes:
        re.compile(rx)


def test_card_sample_is_highlighted() -> None:
    g = _load(CARD)
    assert scope_of(g, 'card "Goblin Glider" {', "card") == "storage.type.card.cardsmith"
    assert scope_of(g, 'card "Goblin Glider" {', '"Goblin Glider"') == "string.quoted.double.cardsmith"
    assert scope_of(g, "    cost {2}{R}", "cost") == "keyword.other.statement.cardsmith"
    assert scope_of(g, "    cost {2}{R}", "{2}") == "constant.other.symbol.mana.cardsmith"
    assert scope_of(g, "    type creature - Goblin", "Goblin") == "entity.name.type.subtype.cardsmith"
    assert scope_of(g, "    flying", "flying") == "entity.name.function.keyword.cardsmith"
    assert scope_of(g, "    kicker {2}{R}", "kicker") == "entity.name.function.keyword.cardsmith"
    assert scope_of(g, "    first strike", "first strike") == "entity.name.function.keyword.cardsmith"
    assert scope_of(g, "    defender, reach", "reach") == "entity.name.function.keyword.cardsmith"
    assert scope_of(g, "    flashback {1}{U}, pay 3 life", "{U}") == "constant.other.symbol.mana.cardsmith"
    assert scope_of(g, "    flashback {1}{U}, pay 3 life", "pay") == ""
    assert scope_of(g, "        if kicked, instead deal 4 damage to it.", "instead") == \
        "keyword.control.conditional.cardsmith"
    line = "    {R}: this gains haste until end of turn."
    assert scope_of(g, line, "haste") == "entity.name.function.keyword.cardsmith"
    assert scope_of(g, line, "this") == "variable.language.self.cardsmith"
    assert scope_of(g, line, "until end of turn") == "keyword.control.trigger.cardsmith"
    trig = "    when this enters the battlefield, if kicked: deal 2 damage to any target."
    assert scope_of(g, trig, "when") == "keyword.control.trigger.cardsmith"
    assert scope_of(g, trig, "deal") == "support.function.effect.cardsmith"
    assert scope_of(g, trig, "kicked") != "entity.name.function.keyword.cardsmith"
    assert scope_of(g, "    // TODO: flying", "// TODO: flying") == "comment.line.double-slash.cardsmith"
    assert scope_of(g, "keyword Kicker(cost: cost) rule 702.33a {", "Kicker") == \
        "entity.name.function.keyword.cardsmith"
    assert scope_of(g, "keyword Kicker(cost: cost) rule 702.33a {", "702.33a") == "constant.numeric.rule.cardsmith"


def test_every_library_keyword_is_highlighted_on_its_own_line() -> None:
    g = _load(CARD)
    library, _, _ = load_library(sorted((default_pool() / "keywords").glob("*.kw")))
    for name in library.keywords():
        assert scope_of(g, f"    {name}", name) == "entity.name.function.keyword.cardsmith", name


def test_scenario_sample_is_highlighted() -> None:
    g = _load(SCENARIO)
    head = 'scenario "Bolt the bear" rule 702.33a {'
    assert scope_of(g, head, "scenario") == "storage.type.scenario.cardsmith-scenario"
    assert scope_of(g, head, "702.33a") == "constant.numeric.rule.cardsmith-scenario"
    line = '    turn 1 main1 alice: cast "Lightning Bolt" targeting bears'
    assert scope_of(g, line, "turn") == "keyword.control.cardsmith-scenario"
    assert scope_of(g, line, "main1") == "entity.name.section.step.cardsmith-scenario"
    assert scope_of(g, line, '"Lightning Bolt"') == "string.quoted.double.cardsmith-scenario"
    assert scope_of(g, "    expect bob life 17", "expect") == "keyword.control.cardsmith-scenario"


def test_vscode_extension_manifest_points_at_the_grammars_and_the_server() -> None:
    root = SYNTAXES.parent
    manifest = _load(root / "package.json")
    langs = {lang["id"]: lang for lang in manifest["contributes"]["languages"]}
    assert langs["cardsmith"]["extensions"] == [".card", ".kw"] and langs["cardsmith-scenario"]["extensions"] == [".scn"]
    for gr in manifest["contributes"]["grammars"]:
        assert (root / gr["path"]).is_file()
        assert _load(root / gr["path"])["scopeName"] == gr["scopeName"]
    assert manifest["contributes"]["configuration"]["properties"]["cardsmith.server.command"]["default"] == \
        ["cardsmith", "lsp"]
    assert "vscode-languageclient" in manifest["dependencies"]
    assert "vscode-languageclient/node" in (root / "extension.js").read_text(encoding="utf-8")
    _load(root / "language-configuration.json")
