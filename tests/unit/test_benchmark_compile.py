"""benchmarks/run.py's compile section (issue 8): the bare parse and the pipeline each run in a
fresh process, and each measures real work on the same files."""
from __future__ import annotations

from pathlib import Path

from benchmarks.run import bare_parse_seconds, compile_bench


def test_bare_parse_times_the_parse_and_the_release_apart() -> None:
    text = Path("cards/keywords/kicker.kw").read_text(encoding="utf-8")
    parse, release = bare_parse_seconds([("kicker.kw", text)] * 3)
    assert parse > 0 and release > 0


def test_compile_bench_builds_the_pool_and_parses_the_same_files(tmp_path: Path) -> None:
    res = compile_bench(tmp_path, 12, 1)
    assert res["cards"] == 12 and res["keyword_files"] >= 10
    assert 0 < res["bare_parse_all_files_s"] < res["bare_parse_and_release_s"]
    assert res["pipeline_s"] > 0
    assert res["ratio_to_bare_parse"] == res["bare_parse_and_release_s"] / res["pipeline_s"]
    # The generated parser's own bare rate beside it (the parser the build uses for many cards).
    assert res["generated_parse_cards_per_s"] > 0
    assert res["ratio_to_generated_parse"] == res["generated_parse_and_release_s"] / res["pipeline_s"]
    # The pipeline side really built the cold pool: one module per card.
    modules = [p for p in (tmp_path / "c_out0").rglob("cards/*.py") if p.name != "__init__.py"]
    assert len(modules) == 12


def test_compile_bench_measures_another_checkout_with_this_harness(tmp_path: Path) -> None:
    # An earlier version is exported as compare.py does (git archive); here this very commit.
    from benchmarks.compare import export
    code = tmp_path / "code"
    export("HEAD", code)
    res = compile_bench(tmp_path, 6, 1, code)
    assert res["code"] == str(code)
    assert 0 < res["bare_parse_and_release_s"] and 0 < res["pipeline_s"]
    modules = [p for p in (tmp_path / "c_out0").rglob("cards/*.py") if p.name != "__init__.py"]
    assert len(modules) == 6
