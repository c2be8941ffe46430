"""The console script's entry point (``cardsmith.cli.run``): a one-shot build or check runs with
the cyclic collector off, every other command with it on, and the objects left when the command
ends are frozen out of it (the process ends next)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from compiler.sources import default_pool

ROOT = Path(__file__).resolve().parents[2]
_PROBE = ("import gc, sys; from cardsmith.cli import run; sys.argv = ['cardsmith', *sys.argv[1:]]; code = run(); "
          "print(code, gc.isenabled(), gc.get_freeze_count() > 0, file=sys.stderr)")


@pytest.mark.parametrize("command, collector_on", [
    (["build", "-o", "{out}", "{card}"], False),
    (["check", "{card}"], False),
    (["text", "{card}"], True),
])
def test_collector_during_and_after_a_command(tmp_path: Path, command: list[str], collector_on: bool) -> None:
    card = str(default_pool() / "l" / "lightning_bolt.card")
    argv = [a.format(out=tmp_path / "out", card=card) for a in command]
    res = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, cwd=ROOT)
    assert res.stderr.split()[-3:] == ["0", str(collector_on), "True"], res.stderr


def _bad_inputs(tmp_path: Path) -> dict[str, Path]:
    """A missing file, a folder, a binary file and a file in another encoding."""
    (tmp_path / "folder.card").mkdir()
    (tmp_path / "binary.card").write_bytes(b"\x00\x01\xff")
    (tmp_path / "latin1.card").write_bytes(b'card "\xe9" {\n    type land\n}\n')
    return {"missing": tmp_path / "missing.card", "folder": tmp_path / "folder.card",
            "binary": tmp_path / "binary.card", "latin1": tmp_path / "latin1.card"}


_WHY = {"missing": "no such", "folder": "is a folder", "binary": "is binary", "latin1": "is not UTF-8 text"}


@pytest.mark.parametrize("kind", sorted(_WHY))
@pytest.mark.parametrize("command", [
    ["text", "{bad}"], ["test", "{bad}"], ["new", "X", "--oracle", "{bad}"], ["coverage", "--oracle", "{bad}"],
    ["lsp", "--rules", "{bad}"], ["replay", "{bad}"], ["play", "--deck", "{bad}", "--deck", "{bad}"],
])
def test_a_bad_input_is_one_line_and_exit_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     command: list[str], kind: str) -> None:
    from cardsmith.cli import main

    bad = _bad_inputs(tmp_path)[kind]
    assert main([a.format(bad=bad) for a in command]) == 2
    err = capsys.readouterr().err
    why = "no scenario files" if command[0] == "test" and kind == "folder" else _WHY[kind]  # (a folder of them)
    assert err.count("\n") == 1 and err.startswith("cardsmith: error: ") and why in err, err
    assert err.rstrip().endswith(str(bad)), err


@pytest.mark.parametrize("argv", [
    ["play", "--turns", "-1"], ["play", "--turns", "0"], ["soak", "--games", "-3"], ["soak", "--jobs", "0"],
    ["soak", "--turns", "-1"], ["build", "--jobs", "0"], ["check", "-j", "-2"], ["coverage", "--top", "-1"],
])
def test_a_bad_number_is_a_usage_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    from cardsmith.cli import main

    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardsmith: error: argument ") and "or more" in err, err


def test_bad_decks_and_log_paths_are_refused_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.cli import main

    empty = tmp_path / "empty.deck"
    empty.write_text("# nothing\n")
    odd = tmp_path / "odd.deck"
    odd.write_text("4 Forest\nmany Forests\n")
    for argv, why in ((["play", "--deck", str(empty), "--deck", str(empty)], "the deck has no cards"),
                      (["play", "--deck", str(odd), "--deck", str(odd)], "odd.deck:2"),
                      (["play", "--save-log", str(tmp_path)], "is a folder"),
                      (["play", "--save-log", str(tmp_path / "no" / "log.json")], "no folder for the log file")):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and why in err, err


def test_an_internal_error_is_exit_status_3_and_a_traceback_only_with_debug(tmp_path: Path) -> None:
    probe = ("import sys, cardsmith.cli as c; from compiler import build as b\n"
             "def boom(*a, **k): raise RuntimeError('x' * 5000)\n"
             "c.build = boom; sys.argv = ['cardsmith', *sys.argv[1:]]; sys.exit(c.run())")
    res = subprocess.run([sys.executable, "-c", probe, "check", str(default_pool() / "l")],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 3 and "Traceback" not in res.stderr and res.stderr.count("\n") == 1, res.stderr
    assert "internal error (RuntimeError: xxx" in res.stderr and "please report it" in res.stderr
    assert len(res.stderr) < 600
    res = subprocess.run([sys.executable, "-c", probe, "--debug", "check", str(default_pool() / "l")],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode != 3 and "Traceback" in res.stderr and "RuntimeError" in res.stderr


def test_a_long_line_is_cut_in_the_excerpt_and_the_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.cli import main

    card = tmp_path / "big.card"
    card.write_text('card "X" { type land ' + "x" * 1_000_000 + "}", encoding="utf-8")
    assert main(["check", str(card)]) == 1
    err = capsys.readouterr().err
    assert len(err) < 2000 and err.startswith(f"{card}:1:22: error: "), err[:300]
    assert "|                      ^" in err  # the caret still under the column


@pytest.mark.parametrize("change, why", [
    ({"names": ["alice"]}, "1 player name(s) and 2 deck(s)"),
    ({"names": ["alice", "bob", "carol"]}, "3 player name(s)"),
    ({"decks": [["Forest"]]}, "2 player name(s) and 1 deck(s)"),
    ({"names": ["alice", "alice"]}, "the two players have one name"),
    ({"max_turns": -1}, "a turn limit of -1"),
    ({"human": 7}, "no player 7"),
    ({"decks": 5}, "malformed game log: TypeError"),
    ({"seed": None}, "malformed game log: TypeError"),
])
def test_a_malformed_game_log_is_refused_before_replaying(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          change: dict[str, object], why: str) -> None:
    """A log with one player name crashed the replay (KeyError on the second player's library)."""
    import json

    from cardsmith.cli import main
    from runtime.tools.replay import GameLog

    log = tmp_path / "game.json"
    GameLog(seed=1, decks=[["Forest"] * 5, ["Forest"] * 5], names=["alice", "bob"], max_turns=3).save(log)
    data = json.loads(log.read_text(encoding="utf-8"))
    data.update(change)
    log.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(log)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err and err.rstrip().endswith(str(log)), err
