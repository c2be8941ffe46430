"""The documentation's examples compile, and docs/language.md shows every statement of the grammar.

Every fenced block marked ```card in docs/*.md is a whole card file: it must parse, check, lower,
render to Python and render rules text with no diagnostic.  Every ```kw block is a keyword file:
it must lower together with the shipped keyword library (redefining a shipped name is allowed, as
the reference shows the real definitions).

Completeness: every alternative of every choice rule of dsl/cardsmith.tx (statements, abilities,
triggers, static abilities, conditions, effects, costs, keyword statements, ...) must occur in the
parsed model of some example of docs/language.md.  A rule added to the grammar without an example
fails here, by name.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from textx import get_children

from compiler.compiling import compile_text
from compiler.lower import build_library, module_name
from compiler.sources import default_pool
from dsl.diagnostics import Diagnostic
from dsl.metamodel import card_metamodel, parse_text

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
BLOCK = re.compile(r"^```(card|kw)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def blocks(doc: Path) -> list[tuple[str, int, str]]:
    """(kind, 1-based line of the block's first line, text) of every ```card / ```kw block."""
    text = doc.read_text(encoding="utf-8")
    return [(m.group(1), text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in BLOCK.finditer(text)]


def _library_files() -> list[tuple[str, str, str]]:
    files = sorted((default_pool() / "keywords").glob("*.kw"))
    return [(p.read_text(encoding="utf-8"), f"cards/keywords/{p.name}", module_name(p.stem)) for p in files]


ALL_BLOCKS = [(doc.name, kind, line, text) for doc in sorted(DOCS.glob("*.md")) for kind, line, text in blocks(doc)]


def test_docs_have_examples() -> None:
    assert (DOCS / "language.md").is_file() and (DOCS / "authoring.md").is_file()
    assert sum(1 for b in ALL_BLOCKS if b[0] == "language.md") >= 40
    assert any(b[0] == "authoring.md" for b in ALL_BLOCKS)


def _located(diags: list[Diagnostic], doc: str, first: int) -> str:
    """Diagnostics of a block, located in the Markdown file (``docs/language.md:LINE:COL``)."""
    return "\n".join(replace(d, path=f"docs/{doc}", line=d.line + first - 1).format() for d in diags)


@pytest.mark.parametrize(("doc", "kind", "line", "text"), ALL_BLOCKS,
                         ids=[f"{b[0]}:{b[2]}" for b in ALL_BLOCKS])
def test_example_compiles(doc: str, kind: str, line: int, text: str) -> None:
    """Each example compiles with no diagnostic (positions are reported within the doc)."""
    where = f"docs/{doc}"
    if kind == "card":
        library, lib_diags = build_library(_library_files())
        assert not lib_diags
        result = compile_text(text, where, library)
        assert not result.diagnostics, _located(result.diagnostics, doc, line)
        assert result.code and result.text is not None
    else:
        _, diags = build_library(_library_files() + [(text, where, "docs_example")])
        real = [d for d in diags if "is already defined" not in d.message]
        assert not real, _located(real, doc, line)


def grammar_alternatives() -> dict[str, str]:
    """Every object alternative of every choice rule of the card grammar -> the choice rule."""
    out: dict[str, str] = {}
    for cls in card_metamodel():
        if getattr(cls, "_tx_type", "") == "abstract" and cls.__name__ != "OBJECT":
            for alt in cls._tx_inh_by:
                out.setdefault(alt.__name__, cls.__name__)
    return out


def test_language_reference_covers_every_grammar_alternative() -> None:
    """docs/language.md has an example using every statement, effect, trigger, static, condition and
    cost alternative of dsl/cardsmith.tx."""
    seen: set[str] = set()
    for kind, line, text in blocks(DOCS / "language.md"):
        model, diags = parse_text(text, f"docs/language.md:{line}")
        assert model is not None, diags
        seen.add(type(model).__name__)
        seen.update(type(o).__name__ for o in get_children(lambda _: True, model))
    alternatives = grammar_alternatives()
    assert len(alternatives) > 90
    missing = sorted(f"{parent} -> {alt}" for alt, parent in alternatives.items() if alt not in seen)
    assert not missing, ("rules of dsl/cardsmith.tx with no example in docs/language.md (add a "
                         "section with a ```card or ```kw example for each): " + ", ".join(missing))


def test_tutorial_scenario_passes_with_the_tutorial_card(tmp_path: Path) -> None:
    """The guide's finished card, added to the shipped pool, passes the guide's scenarios."""
    from compiler.build import build
    from compiler.scenarios import load_scenarios
    from runtime.pool import Pool
    from runtime.tools.scenario import run_scenario

    text = (DOCS / "authoring.md").read_text(encoding="utf-8")
    cards = [t for k, _, t in blocks(DOCS / "authoring.md") if k == "card"]
    finished = cards[-1]
    assert "// TODO" not in finished
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tutorial.card").write_text(finished, encoding="utf-8")
    # Someone who followed the guide to the end has the card in the pool already: it is then
    # that copy that must pass (adding the guide's too would define the card twice).
    followed = (default_pool() / "t" / "thunderscape_battlemage.card").exists()
    report = build([default_pool()] if followed else [default_pool(), tmp_path / "src"], tmp_path / "pool")
    assert not report.diagnostics, [d.format() for d in report.diagnostics]
    # The rules text the guide shows is what `cardsmith text` renders for the finished card.
    (rendered,) = [r.text for r in report.results if r.name == "Thunderscape Battlemage"]
    for line in rendered.split("\n"):
        assert line in text, line
    (scn,) = re.findall(r"^```scn[ \t]*\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    scenarios, diags = load_scenarios(scn, "docs/authoring.md")
    assert not diags and len(scenarios) == 2
    pool = Pool(tmp_path / "pool")
    for s in scenarios:
        result = run_scenario(s, pool)
        assert result.passed, (s.name, result.failures)


README_BLOCK = re.compile(r"^( *)```(card|kw|scn)[ \t]*\n(.*?)^\1```[ \t]*$", re.MULTILINE | re.DOTALL)


def test_readme_examples_compile() -> None:
    """The README's tour shows cards, a keyword and a scenario (indented in a list): each compiles,
    and the scenario loads, with no diagnostic."""
    text = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    found = [(m.group(2), textwrap.dedent(m.group(3))) for m in README_BLOCK.finditer(text)]
    assert sorted(kind for kind, _ in found) == ["card", "card", "kw", "scn"]
    library, _ = build_library(_library_files())
    for kind, block in found:
        if kind == "card":
            result = compile_text(block, "README.md", library)
            assert not result.diagnostics, [d.format() for d in result.diagnostics]
        elif kind == "kw":
            _, diags = build_library(_library_files() + [(block, "README.md", "readme_example")])
            assert not [d for d in diags if "is already defined" not in d.message], diags
        else:
            from compiler.scenarios import load_scenarios
            scenarios, diags = load_scenarios(block, "README.md")
            assert not diags and len(scenarios) == 1, diags


def test_target_player_discards_reads_back() -> None:
    """The reference's effects example renders "target player discards" (701.8), not "discard"."""
    from compiler.lower import build_library as _bl

    (block,) = [t for k, _, t in blocks(DOCS / "language.md") if '"Effects of Damage and Life"' in t]
    library, _ = _bl(_library_files())
    result = compile_text(block, "docs/language.md", library)
    assert "Target player discards a card." in result.text


def test_tutorial_new_writes_the_card_the_guide_shows(tmp_path: Path) -> None:
    """`cardsmith new` on the guide's card writes exactly the script the guide shows, and says so."""
    import shutil

    from cardsmith.cli import main

    # The guide's card's record from shared/reference/oracle/all-cards-2019.json (the suite runs
    # without shared/).
    oracle = Path(__file__).parent / "fixtures" / "oracle" / "thunderscape-battlemage.json"
    pool = tmp_path / "cards"
    shutil.copytree(default_pool() / "keywords", pool / "keywords")
    assert main(["new", "Thunderscape Battlemage", "--oracle", str(oracle), "--pool", str(pool)]) == 0
    cards = [t for k, _, t in blocks(DOCS / "authoring.md") if k == "card"]
    written = (pool / "t" / "thunderscape_battlemage.card").read_text(encoding="utf-8")
    assert written.strip() == cards[0].strip()
    assert "wrote cards/t/thunderscape_battlemage.card: complete" in (DOCS / "authoring.md").read_text()
