"""textX integration: the languages and the generator are registered through entry points."""
from __future__ import annotations

from pathlib import Path

import pytest
from textx import TextXSemanticError
from textx.registration import generator_description, language_description, language_for_file

from compiler.sources import default_pool


def test_languages_registered() -> None:
    assert language_for_file("x.card").name == "cardsmith"
    assert language_for_file("x.kw").name == "cardsmith-keywords"
    assert language_for_file("x.scn").name == "cardsmith-scenario"
    assert generator_description("cardsmith", "python") is not None


def test_textx_check_runs_semantic_checks(tmp_path: Path) -> None:
    mm = language_description("cardsmith").metamodel()
    good = default_pool() / "g" / "grow_from_the_ashes.card"
    mm.model_from_file(str(good))
    bad = tmp_path / "bad.card"
    bad.write_text(good.read_text().replace("kicker {2}", "kickr {2}"))
    with pytest.raises(TextXSemanticError) as e:
        mm.model_from_file(str(bad))
    assert "unknown keyword 'kickr'" in str(e.value) and e.value.line == 4


def test_generator_writes_module(tmp_path: Path) -> None:
    desc = language_description("cardsmith")
    card = default_pool() / "l" / "lightning_bolt.card"
    mm = desc.metamodel()
    model = mm.model_from_file(str(card))
    generator_description("cardsmith", "python").generator(mm, model, str(tmp_path), True, False)
    code = (tmp_path / "lightning_bolt.py").read_text()
    assert "name='Lightning Bolt'" in code
