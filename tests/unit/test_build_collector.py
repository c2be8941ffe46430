"""A build pauses Python's cyclic collector (``compiler.build.build``), except while it compiles
more than a batch of cards, when the collector runs as the caller had it between batches, so that
textX's cyclic models are collected however many cards are compiled; the caller's setting is
restored afterwards."""
from __future__ import annotations

import gc
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import compiler.compiling as c
from compiler.build import build

from .helpers import small_pool

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "c/counterspell.card", "l/llanowar_elves.card")


@pytest.mark.parametrize("caller_on", [True, False])
def test_collector_runs_between_batches_only_as_the_caller_had_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   caller_on: bool) -> None:
    src = small_pool(tmp_path, CARDS)
    monkeypatch.setattr(c, "STAGE_BATCH", 1)  # runs of two cards: four cards are a long run
    seen: list[bool] = []
    real = c._compile_many

    def spy(paths: list[str], *args: object, **kwargs: object) -> list[c.CardResult]:
        seen.append(gc.isenabled())
        return real(paths, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(c, "_compile_many", spy)
    was = gc.isenabled()
    (gc.enable if caller_on else gc.disable)()
    try:
        report = build([src], tmp_path / "out", jobs=1)
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert report.compiled == len(CARDS)
    assert seen == [caller_on, caller_on] and after == caller_on


def test_workers_are_forked_with_the_build_s_objects_set_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build on workers forks them with everything alive frozen out of the collector (their
    first collection would walk it all), and gives it back afterwards."""
    src = small_pool(tmp_path, CARDS)
    monkeypatch.setattr(c, "PARALLEL_THRESHOLD", 2)  # four cards go to workers
    frozen: list[int] = []  # objects frozen when the worker pool is made

    class Pool(ProcessPoolExecutor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            frozen.append(gc.get_freeze_count())
            super().__init__(*args, **kwargs)

    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", Pool)
    assert gc.get_freeze_count() == 0
    report = build([src], tmp_path / "out", jobs=2)
    assert report.compiled == len(CARDS) and not report.diagnostics
    assert len(frozen) == 1 and frozen[0] > 0
    assert gc.get_freeze_count() == 0
