"""benchmarks/compare.py: which way each figure improves, best-of merging, the side-by-side rows,
and the export of an earlier commit (the judge reruns the benchmarks against the previous version)."""
from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.compare import best, compare, export, higher_is_better, merge, table


@pytest.mark.parametrize("key,up", [
    ("bare_parse_cards_per_s", True), ("games_per_s_1core", True), ("ratio_to_bare_parse", True),
    ("cold_vs_bare_parse_per_cpu_s", True), ("cold_build_s", False), ("decision_ms_10_permanents", False),
    ("peak_rss_mb", False), ("snapshot_restore_ms_100_permanents", False),
    ("edit_vs_cold", False), ("decision_growth_100_vs_10", False), ("cards", None), ("cold_summary", None),
])
def test_direction_of_each_figure(key: str, up: bool | None) -> None:
    assert higher_is_better(key) is up


def test_best_keeps_the_better_reading_by_direction() -> None:
    assert best(2.0, 3.0, "games_per_s_1core") == 3.0
    assert best(2.0, 3.0, "cold_build_s") == 2.0
    assert best(500, 1000, "cards") == 500  # a count: the first reading stays


def test_merge_over_repeats() -> None:
    runs = [{"play": {"games_per_s_1core": 4.0, "decision_ms_10_permanents": 0.6}},
            {"play": {"games_per_s_1core": 5.0, "decision_ms_10_permanents": 0.7}}]
    merged: dict[str, dict[str, object]] = {}
    for r in runs:
        merged = merge(merged, r)
    assert merged == {"play": {"games_per_s_1core": 5.0, "decision_ms_10_permanents": 0.6}}


def test_rows_give_times_better_both_ways_and_keep_one_sided_figures() -> None:
    old = {"compile": {"pipeline_s": 4.0, "bare_parse_cards_per_s": 200.0, "gone_s": 1.0}}
    new = {"compile": {"pipeline_s": 2.0, "bare_parse_cards_per_s": 100.0, "added_ms": 3.0}}
    rows = {(s, k): (a, b, f) for s, k, a, b, f in compare(old, new)}
    assert rows[("compile", "pipeline_s")] == (4.0, 2.0, 2.0)  # half the time: 2x better
    assert rows[("compile", "bare_parse_cards_per_s")] == (200.0, 100.0, 0.5)  # half the rate: worse
    assert rows[("compile", "gone_s")] == (1.0, None, None)
    assert rows[("compile", "added_ms")] == (None, 3.0, None)
    shown = table(compare(old, new), "0123456789abcdef")
    assert "2.00x better" in shown and "0.50x worse" in shown and "0123456789" in shown


def test_export_writes_a_commit_without_touching_the_repository(tmp_path: Path) -> None:
    full = export("HEAD", tmp_path / "old")
    assert len(full) == 40
    assert (tmp_path / "old" / "benchmarks" / "run.py").is_file()
    assert (tmp_path / "old" / "dsl" / "cardsmith.tx").is_file()


def test_export_refuses_what_is_not_a_commit(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="not a commit"):
        export("no-such-revision-anywhere", tmp_path / "old")
