"""The metamodel kept in a build's cache folder (dsl/metamodel_cache.py) parses exactly like the
one built from the grammar: the same generated code, rules text and diagnostics for every
shipped card and keyword file, and the same syntax errors for broken sources."""
from __future__ import annotations

from pathlib import Path

import pytest
from textx import metamodel_from_file

import dsl.metamodel as dm
from dsl.grammar import GRAMMAR_PATH
from compiler.build import build
from compiler.compiling import compile_text
from compiler.lower import build_library, module_name
from compiler.sources import default_pool
from dsl import fastparse, metamodel_cache
from tests.unit.helpers import library


def _fresh() -> object:
    return metamodel_from_file(str(GRAMMAR_PATH), autokwd=True, memoization=False)


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> object:
    path = metamodel_cache.cache_file(tmp_path_factory.mktemp("mm"), GRAMMAR_PATH.read_bytes())
    assert metamodel_cache.save(_fresh(), path)
    loaded = metamodel_cache.load(path)
    assert loaded is not None
    return loaded


def _outputs(mm: object, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    monkeypatch.setitem(dm._METAMODEL, "card", mm)
    monkeypatch.setattr(fastparse, "_BUILDER", [None])  # every text parsed by textX
    out: list[object] = []
    for p in sorted(default_pool().rglob("*.card")):
        r = compile_text(p.read_text(encoding="utf-8"), str(p), library())
        out.append((r.code, r.text, r.diagnostics))
    kws = sorted((default_pool() / "keywords").glob("*.kw"))
    out.append(build_library([(p.read_text(encoding="utf-8"), str(p), module_name(p.stem)) for p in kws]))
    return out


def test_kept_metamodel_compiles_the_pool_identically(kept: object, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _outputs(_fresh(), monkeypatch)
    assert _outputs(kept, monkeypatch) == expected


def test_kept_metamodel_reports_the_same_syntax_errors(kept: object, monkeypatch: pytest.MonkeyPatch) -> None:
    sources = []
    for p in sorted(default_pool().rglob("*.card"))[::40]:
        text = p.read_text(encoding="utf-8")
        sources += [text[:n] for n in range(10, len(text), 23)]  # cut anywhere
        sources.append(text.replace(".", "", 1))
        sources.append(text.replace("{", "{{", 1))
    assert len(sources) > 100

    def errors(mm: object) -> list[object]:
        monkeypatch.setitem(dm._METAMODEL, "card", mm)
        return [dm.parse_text(s, "x.card")[1] for s in sources]

    expected = errors(_fresh())
    assert any(expected)
    assert errors(kept) == expected


def test_damaged_or_missing_file_means_building_from_the_grammar(tmp_path: Path) -> None:
    path = metamodel_cache.cache_file(tmp_path, GRAMMAR_PATH.read_bytes())
    assert metamodel_cache.load(path) is None
    path.write_bytes(b"not a pickle")
    assert metamodel_cache.load(path) is None
    assert metamodel_cache.cache_file(tmp_path, b"another grammar") != path


def test_build_keeps_the_metamodel_in_its_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """textX's metamodel is loaded (from the build's cache folder, or built and kept there) only
    when textX has a text to parse: one the generated parser can't take."""
    monkeypatch.setattr(dm, "_METAMODEL", {})  # as in a new process
    src = tmp_path / "cards"
    (src / "l").mkdir(parents=True)
    (src / "l" / "lightning_bolt.card").write_text((default_pool() / "l" / "lightning_bolt.card").read_text())
    assert not build([src], tmp_path / "out", jobs=1).diagnostics
    assert not list((tmp_path / "out" / ".cache").glob("metamodel-*.pickle"))
    assert "card" not in dm._METAMODEL
    (src / "l" / "lava_spike.card").write_text('card "Lava Spike" {\n type sorcery\n spell: deal 3 damage\n}\n')
    report = build([src], tmp_path / "out", jobs=1)
    assert [d.message.split(":")[0] for d in report.diagnostics] == ["syntax error"]
    assert len(list((tmp_path / "out" / ".cache").glob("metamodel-*.pickle"))) == 1
