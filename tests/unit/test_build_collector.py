"""A build pauses Python's cyclic collector (``compiler.build.build``), except while it compiles
more than a batch of cards, when the collector runs as the caller had it between batches, so that
textX's cyclic models are collected however many cards are compiled; the caller's setting is
restored afterwards."""
from __future__ import annotations

import gc
from pathlib import Path

import pytest

import compiler.build as b
from compiler.build import build

from .helpers import small_pool

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "c/counterspell.card", "l/llanowar_elves.card")


@pytest.mark.parametrize("caller_on", [True, False])
def test_collector_runs_between_batches_only_as_the_caller_had_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   caller_on: bool) -> None:
    src = small_pool(tmp_path, CARDS)
    monkeypatch.setattr(b, "STAGE_BATCH", 1)  # runs of two cards: four cards are a long run
    seen: list[bool] = []
    real = b._compile_many

    def spy(paths: list[str], *args: object, **kwargs: object) -> list[b.CardResult]:
        seen.append(gc.isenabled())
        return real(paths, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(b, "_compile_many", spy)
    was = gc.isenabled()
    (gc.enable if caller_on else gc.disable)()
    try:
        report = build([src], tmp_path / "out", jobs=1)
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert report.compiled == len(CARDS)
    assert seen == [caller_on, caller_on] and after == caller_on
