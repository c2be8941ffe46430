"""Replay integrity: a saved log (format 2) holds the state after every turn, chained with the
turn's decisions, and a replay compares every turn.  An edited decision, an edited state or
digest, and decisions cut short are each reported with the first turn that differs; an edited
decision is found even where the game comes out the same; an old log (format 1) still replays,
without the claim that its decisions were checked; a log of an unknown format is refused."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from runtime.pool import Pool
from runtime.tools.random_player import RandomDecider
from runtime.tools.replay import (
    Decision, GameLog, RecordingDecider, ReplayCursor, ReplayDecider, TurnDigests, TurnRecord, first_difference,
    log_digest, replay_problems,
)
from runtime.tools.simulate import play_game

ROOT = Path(__file__).resolve().parent.parent.parent
SEED, TURNS = 3, 6


def _record(pool: Pool) -> GameLog:
    """A random game saved as ``cardsmith play --save-log`` saves it."""
    record: list[Decision] = []
    digests = TurnDigests(record, record.__len__)
    report = play_game(pool, SEED, max_turns=TURNS, turn_ended=digests.turn_ended,
                       inner=lambda i, ref: RecordingDecider(RandomDecider(SEED * 2 + i), record))
    return GameLog(seed=SEED, decks=report.decks, names=["alice", "bob"], max_turns=TURNS, decisions=record,
                   final_state=report.final_state, event_log=log_digest(report.log), events=len(report.log),
                   ended=report.ended, turns=digests.finish(report.turns, report.final_state))


def _replay(pool: Pool, saved: GameLog) -> list[str]:
    """What ``cardsmith replay`` reports of ``saved``."""
    cursor = ReplayCursor()
    digests = TurnDigests(saved.decisions, lambda: cursor.position)
    report = play_game(pool, saved.seed, saved.decks, max_turns=saved.max_turns, names=saved.names,
                       inner=lambda i, ref: ReplayDecider(saved.decisions, cursor), turn_ended=digests.turn_ended)
    return replay_problems(saved, report, digests.finish(report.turns, report.final_state), cursor)


@pytest.fixture(scope="module")
def saved(pool: Pool) -> GameLog:
    log = _record(pool)
    assert [t.turn for t in log.turns] == [1, 2, 3, 4, 5, 6, 6]  # each turn, then the end
    assert log.turns[-1].decisions == len(log.decisions) and log.turns[-1].state == log.final_state
    return log


def _turn_of(log: GameLog, decision: int) -> int:
    """The turn in which decision number ``decision`` (from 0) was made."""
    return next(t.turn for t in log.turns if t.decisions > decision)


def test_an_untouched_log_matches(pool: Pool, saved: GameLog) -> None:
    assert _replay(pool, saved) == []


def test_an_edited_decision_is_reported_at_its_turn(pool: Pool, saved: GameLog) -> None:
    edited = copy.deepcopy(saved)
    i = next(i for i, d in enumerate(edited.decisions)
             if _turn_of(edited, i) >= 3 and d.question == "ChooseAction" and d.answer != "pass")
    edited.decisions[i] = Decision(edited.decisions[i].player, "ChooseAction", "pass")
    problems = _replay(pool, edited)
    assert problems and problems[0].startswith(f"the game differs from the log from turn {_turn_of(saved, i)} on: ")


def test_an_edit_that_leaves_the_game_as_it_was_is_still_found() -> None:
    """The digest of a turn covers its decisions, not only the state they led to."""
    one = [Decision(0, "ChooseCards", ("10", "12")), Decision(1, "ChooseAction", "pass")]
    other = [Decision(0, "ChooseCards", ("12", "10")), Decision(1, "ChooseAction", "pass")]
    logged, replayed = TurnDigests(one, one.__len__), TurnDigests(other, other.__len__)
    a, b = logged.finish(1, "same state"), replayed.finish(1, "same state")
    assert a[0].state == b[0].state and a[0].digest != b[0].digest
    assert first_difference(a, b) == ("the game differs from the log from turn 1 on: turn 1: the log's digest of it "
                                      "doesn't match its decisions and state (an edited decision or digest)")


@pytest.mark.parametrize("field", ["state", "digest"])
def test_an_edited_turn_record_is_reported_at_its_turn(pool: Pool, saved: GameLog, field: str) -> None:
    edited = copy.deepcopy(saved)
    t = edited.turns[2]
    edited.turns[2] = TurnRecord(t.turn, t.decisions, "0" * 64 if field == "state" else t.state,
                                 "0" * 64 if field == "digest" else t.digest)
    problems = _replay(pool, edited)
    assert problems == [problems[0]] and problems[0].startswith("the game differs from the log from turn 3 on: turn 3: ")


def test_decisions_cut_short_are_reported_at_the_turn_they_end_in(pool: Pool, saved: GameLog) -> None:
    edited = copy.deepcopy(saved)
    cut = (saved.turns[2].decisions + saved.turns[3].decisions) // 2  # in turn 4
    edited.decisions = edited.decisions[:cut]
    problems = _replay(pool, edited)
    assert problems[0].startswith(f"the game differs from the log from turn {_turn_of(saved, cut)} on: ")
    assert any(f"'stopped: the log ends before decision {cut + 1} " in p for p in problems)


def test_removed_turn_records_are_reported(pool: Pool, saved: GameLog) -> None:
    edited = copy.deepcopy(saved)
    edited.turns = edited.turns[:4]
    problems = _replay(pool, edited)
    assert problems == ["the game differs from the log from turn 5 on: the log has no record of turn 5 "
                        "(it ends after 4 turn(s) of records)"]


def _cardsmith(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardsmith", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_the_command_reports_the_turn_and_reads_old_logs(tmp_path: Path, saved: GameLog) -> None:
    log = tmp_path / "game.json"
    edited = copy.deepcopy(saved)
    t = edited.turns[2]
    edited.turns[2] = TurnRecord(t.turn, t.decisions, "0" * 64, t.digest)
    edited.save(log)
    out = _cardsmith("replay", str(log))
    assert out.returncode == 1 and "DIVERGED: the game differs from the log from turn 3 on" in out.stdout
    assert "replay matches" not in out.stdout
    # An old log: no turn records, read and replayed, checked at its end only, and said so.
    data = json.loads(log.read_text(encoding="utf-8"))
    data["format"] = 1
    del data["turns"]
    log.write_text(json.dumps(data), encoding="utf-8")
    out = _cardsmith("replay", str(log))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "replay matches" not in out.stdout
    assert "the replay ends as the log does" in out.stdout and "format 1 log has no turn records" in out.stdout
    data["format"] = 3
    log.write_text(json.dumps(data), encoding="utf-8")
    out = _cardsmith("replay", str(log))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == (f"cardsmith: error: a game log of format 3, which this version of cardsmith can't read "
                          f"(it reads formats 1, 2), {log}\n")
