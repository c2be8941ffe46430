"""``cardsmith simulate`` and the backends games are played on (runtime/tools/simulation.py,
backends.py): the same seeds give the same figures, to the byte of their JSON, in this process, on
two worker processes and on a local Ray cluster, and so does the soak; Wilson intervals; per-card
figures on a hand-checked sample; the PNG chart; one-line errors.

The Ray tests need Ray, which ``pip install -e ".[dev]"`` (CI's command) installs through the
``scale`` extra; without it (an install without the extras) they are skipped, saying so.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterator

import pytest

from cardsmith.cli import main
from cardsmith.decks import read_deck, resolve
from runtime.pool import Pool
from runtime.tools.backends import (
    Backend, LocalBackend, PackedFolder, RayBackend, by_index, in_order, local_folder,
)
from runtime.tools.players import PlayerSpec
from runtime.tools.simulation import GameResult, aggregate, chunk_seeds, seats, simulate, wilson
from runtime.tools.soak import soak

ROOT = Path(__file__).resolve().parents[2]
DECK_A, DECK_B = ROOT / "decks" / "red_green.deck", ROOT / "decks" / "blue_black.deck"
NO_RAY = "Ray is not installed: the ray backend's tests need cardsmith[scale] (the dev extra includes it)"


def _decks(pool: Pool) -> list[list[str]]:
    return [list(resolve(read_deck(p), pool.names(), str(p)).main) for p in (DECK_A, DECK_B)]


def _run(pool_dir: Path, pool: Pool, backend: Backend | None, workers: int = 1) -> str:
    spells = frozenset(pool.nonland_names())
    return simulate(str(pool_dir), _decks(pool), 8, 10, turns=12, backend=backend, workers=workers,
                    names=("red_green", "blue_black"), spells=spells.__contains__).to_json()


@pytest.fixture(scope="module")
def ray_backend() -> Iterator[RayBackend]:
    """A local Ray cluster (or the one RAY_ADDRESS names), shared by this module's Ray tests."""
    try:
        import ray  # noqa: F401
    except ImportError:
        pytest.skip(NO_RAY)
    backend = RayBackend()
    yield backend
    backend.close()


def test_wilson_intervals_match_known_values() -> None:
    # Reference values: Wilson (1927) score interval at z = 1.96 (as R's prop.test without correction).
    for (k, n), (low, high) in {(8, 10): (0.4902, 0.9433), (0, 10): (0.0, 0.2775), (10, 10): (0.7225, 1.0),
                                (50, 100): (0.4038, 0.5962), (1, 20): (0.0089, 0.2361)}.items():
        got = wilson(k, n)
        assert got == pytest.approx((low, high), abs=5e-5), (k, n, got)
    assert wilson(0, 0) == (0.0, 1.0)


def test_per_card_figures_on_a_hand_checked_sample() -> None:
    decks = [["Forest", "Forest", "Grizzly Bears", "Grizzly Bears", "Lightning Bolt"], ["Island", "Counterspell"]]
    results = [  # out of seed order on purpose: aggregation sorts them
        GameResult(2, 0, 0, 10, "game over", (("Grizzly Bears",), ("Counterspell",))),
        GameResult(0, 0, 1, 20, "game over", (("Grizzly Bears", "Lightning Bolt"), ())),
        GameResult(1, 1, None, 30, "turn limit", ((), ("Counterspell",))),
        GameResult(3, 1, 0, 12, "game over", (("Lightning Bolt",), ("Counterspell",))),
    ]
    r = aggregate(results, decks, ("A", "B"), (PlayerSpec(), PlayerSpec()), 30,
                  spells=lambda n: n not in ("Forest", "Island"))
    assert (r.games, r.first_seed, r.average_turns, dict(r.outcomes)) == (4, 0, 18.0, {"game over": 3, "turn limit": 1})
    a, b = r.decks
    assert (a.wins.count, a.losses.count, a.draws.count) == (2, 1, 1)
    assert (b.wins.count, b.losses.count, b.draws.count) == (1, 2, 1)
    assert (a.wins_going_first.count, a.wins_going_first.games) == (1, 2)  # seeds 0 and 2; won seed 2
    assert (b.wins_going_first.count, b.wins_going_first.games) == (0, 2)
    assert [(c.name, c.copies, c.cast_in, c.wins_when_cast.count) for c in a.cards] == [
        ("Grizzly Bears", 2, 2, 1), ("Lightning Bolt", 1, 2, 1)]  # lands are not figured
    assert [(c.name, c.copies, c.cast_in, c.wins_when_cast.count) for c in b.cards] == [("Counterspell", 1, 3, 0)]
    assert a.wins.rate == 0.5 and (a.wins.low, a.wins.high) == wilson(2, 4)
    data = json.loads(r.to_json())
    assert data["decks"][0]["cards"][0]["wins_when_cast"]["rate"] == 0.5 and data["outcomes"]["turn limit"] == 1
    assert aggregate(reversed(results), decks, ("A", "B"), (PlayerSpec(), PlayerSpec()), 30).to_json() == \
        aggregate(results, decks, ("A", "B"), (PlayerSpec(), PlayerSpec()), 30).to_json()


def test_seats_alternate_and_seeds_are_chunked_in_order() -> None:
    assert [seats(s)[0] for s in range(4)] == [0, 1, 0, 1]
    assert [s for c in chunk_seeds(5, 23, 2) for s in c] == list(range(5, 28))


def test_results_come_back_in_order_whatever_order_they_finish_in() -> None:
    finished = [(2, "c"), (0, "a"), (3, "d"), (1, "b")]
    assert list(in_order(finished)) == ["a", "b", "c", "d"] == by_index(finished)


def test_a_packed_pool_unpacks_to_the_same_cards(pool_dir: Path, pool: Pool) -> None:
    packed = PackedFolder.pack(pool_dir)
    assert packed == PackedFolder.pack(pool_dir)  # the same files, the same archive (and digest)
    assert local_folder(str(pool_dir)) == str(pool_dir)
    assert Pool(local_folder(packed)).names() == pool.names()


def test_the_same_seeds_give_the_same_json_in_process_and_on_two_processes(pool_dir: Path, pool: Pool) -> None:
    one = _run(pool_dir, pool, None)
    assert one == _run(pool_dir, pool, LocalBackend(2), workers=2)
    data = json.loads(one)
    assert data["games"] == 8 and sum(data["outcomes"].values()) == 8
    assert any(c["cast_in"] for c in data["decks"][0]["cards"])  # casts were recorded


def test_the_same_seeds_give_the_same_json_on_a_local_ray_cluster(pool_dir: Path, pool: Pool,
                                                                   ray_backend: RayBackend) -> None:
    assert _run(pool_dir, pool, ray_backend, workers=2) == _run(pool_dir, pool, LocalBackend(1))


def test_soak_gives_the_same_report_on_ray(pool_dir: Path, ray_backend: RayBackend) -> None:
    local = soak(str(pool_dir), 40, 4, turns=4, jobs=1)
    remote = soak(str(pool_dir), 40, 4, turns=4, jobs=1, backend=ray_backend)
    assert remote.games == 4 and remote.decisions > 0
    assert (local.decisions, local.outcomes, local.failures) == (remote.decisions, remote.outcomes, remote.failures)


def test_simulate_command_local_and_ray_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              ray_backend: RayBackend) -> None:
    """The judged run: one simulation on local processes and on a local Ray cluster, identical."""
    common = ["simulate", str(DECK_A), str(DECK_B), "--games", "6", "--turns", "12", "--seed", "3"]
    assert main(common + ["--jobs", "2", "--json", str(tmp_path / "local.json")]) == 0
    local_out = capsys.readouterr().out
    assert main(common + ["--backend", "ray", "--json", str(tmp_path / "ray.json")]) == 0
    ray_out = capsys.readouterr().out
    assert (tmp_path / "local.json").read_bytes() == (tmp_path / "ray.json").read_bytes()
    assert local_out == ray_out and "win rate" in local_out
    assert main(["soak", "--games", "3", "--turns", "3", "--backend", "ray"]) == 0
    assert "games: 3 " in capsys.readouterr().out


def test_simulate_command_writes_the_table_json_and_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the chart needs cardsmith[plot] (the dev extra includes it)")
    out_json, out_png = tmp_path / "sim.json", tmp_path / "sim.png"
    assert main(["simulate", str(DECK_A), str(DECK_B), "--games", "4", "--turns", "10", "--jobs", "1",
                 "--json", str(out_json), "--png", str(out_png)]) == 0
    out = capsys.readouterr().out
    assert "red_green" in out and "blue_black" in out and "95% interval" in out
    data = json.loads(out_json.read_text())
    assert data["games"] == 4 and data["decks"][0]["name"] == "red_green" and data["turn_limit"] == 10
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out_png.stat().st_size > 5_000


def _one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardsmith: error: "), err
    assert all(w in err for w in words), err


def test_bad_decks_and_options_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = str(DECK_A), str(DECK_B)
    _one_line_error(capsys, ["simulate", str(tmp_path / "nope.deck"), b], "no such deck file", "nope.deck")
    odd = tmp_path / "odd.deck"
    odd.write_text("4 Forest\nmany Forests\n")
    _one_line_error(capsys, ["simulate", a, str(odd)], "expected 'COUNT Card Name'", "odd.deck:2")
    _one_line_error(capsys, ["simulate", a, b, "--players", "psychic"], "player kind psychic is not available")
    _one_line_error(capsys, ["simulate", a, b, "--players", "random,random,random"], "--players takes")
    _one_line_error(capsys, ["simulate", a, b, "--json", str(tmp_path / "no" / "x.json")], "no folder for the JSON file")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    _one_line_error(capsys, ["simulate", a, b, "--png", str(tmp_path / "x.png")], "install cardsmith[plot]")
    monkeypatch.setitem(sys.modules, "ray", None)
    _one_line_error(capsys, ["simulate", a, b, "--backend", "ray"], "install cardsmith[scale]")
    _one_line_error(capsys, ["soak", "--backend", "ray"], "install cardsmith[scale]")
    with pytest.raises(SystemExit) as e:
        main(["simulate", a, b, "--games", "0"])
    assert e.value.code == 2 and "must be 1 or more" in capsys.readouterr().err


def test_a_card_the_pool_lacks_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    typo = tmp_path / "typo.deck"
    typo.write_text("20 Mountain\n4 Lightnig Bolt\n")
    _one_line_error(capsys, ["simulate", str(DECK_A), str(typo), "--games", "1"],
                    "not in the pool", "did you mean 'Lightning Bolt'?")
