"""Playing at the terminal (`cardsmith play --human`), the readable turn log, and replayable logs.

The human decider is driven through injected streams for every question type of
runtime/decisions.py, and through the real command with a scripted stdin; a saved log is
replayed by `cardsmith replay`, which must print the same turn log and accept the final state,
and must refuse (exit 1) a log whose decisions were tampered with.
"""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from runtime.decisions import (
    Answer, ChooseAction, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget, Choice,
    DeclareAttackers, DeclareBlockers, Mulligan, MulliganBottom, Question, YesNo,
)
from runtime.game import Game
from runtime.pool import Pool
from runtime.tools.human import GameAbandoned, HumanDecider
from runtime.tools.random_player import RandomDecider
from runtime.tools.replay import Decision, RecordingDecider, ReplayCursor, ReplayDecider
from runtime.tools.simulate import play_game
from runtime.tools.turnlog import readable

ROOT = Path(__file__).resolve().parent.parent.parent
DECKS = ["--deck", str(ROOT / "decks" / "red_green.deck"), "--deck", str(ROOT / "decks" / "blue_black.deck")]

A, B, C = Choice("10", "Grizzly Bears"), Choice("11", "Mountain"), Choice("12", "Forest")


def _ask(question: Question, typed: str) -> tuple[Answer, str]:
    """Answer ``question`` with the lines in ``typed``; return the answer and what was printed."""
    out = io.StringIO()
    game = Game(["alice", "bob"], [RandomDecider(0), RandomDecider(1)])
    human = HumanDecider(0, [game], io.StringIO(typed), out)
    return human.decide(question), out.getvalue()


@pytest.mark.parametrize(("question", "typed", "expected"), [
    (YesNo(0, "Pay the echo cost?"), "maybe\ny\n", True),
    (YesNo(0, "Pay the echo cost?"), "no\n", False),
    (Mulligan(0, "Take a mulligan (your hand: Grizzly Bears, Mountain)?", hand=(A, B)), "keep\ny\n", True),
    (MulliganBottom(0, "Put 1 card from your hand on the bottom of your library (103.4)", (A, B), 1, 1), "1 2\n2\n",
     ("11",)),
    (ChooseCards(0, "Discard 2", (A, B, C), 2, 2), "1\n1 1\n1 3\n", ("10", "12")),
    (ChooseCards(0, "Sacrifice up to 1", (A, B), 0, 1), "\n", ()),
    (ChooseTarget(0, "Choose target creature", (A, C)), "0\n2\n", "12"),
    (ChooseTarget(0, "Choose up to one target", (A,), optional=True), "0\n", None),
    (ChooseOrder(0, "Order triggers", (A, B, C)), "1 2\n3 1 2\n", ("12", "10", "11")),
    (ChooseNumber(0, "Choose X", 0, 5), "9\n-1\nthree\n3\n", 3),
    (ChooseOption(0, "Choose a color", (Choice("G", "green"), Choice("R", "red"))), "2\n", "R"),
    (ChooseAction(0, "You have priority", (Choice("pass", "pass"), Choice("play:11", "play Mountain"))), "5\n1\n",
     "play:11"),
    (ChooseAction(0, "You have priority", (Choice("pass", "pass"), Choice("play:11", "play Mountain"))), "0\n", "pass"),
    (DeclareAttackers(0, "Declare attackers", (A, B), legal=("10",)), "2\n1\n", ("10",)),
    (DeclareBlockers(0, "Declare blockers", (A, C), (Choice("20", "Shivan Dragon"), Choice("21", "Ogre")),
                     legal=("10>20", "10>21", "12>21")), "1 2\n1 3\n", ("10>20", "12>21")),
])
def test_every_question_type_is_answerable_and_bad_input_asks_again(
        question: Question, typed: str, expected: Answer) -> None:
    answer, shown = _ask(question, typed)
    assert answer == expected
    assert question.prompt in shown
    refusals = shown.count("not an answer")
    assert refusals == typed.count("\n") - 1, shown  # every line but the last was refused, and said so


def test_nothing_to_choose_is_not_asked() -> None:
    """Priority with only "pass", or combat with no legal attack/block, is answered without a prompt."""
    assert _ask(ChooseAction(0, "You have priority", (Choice("pass", "pass"),)), "") == ("pass", "")
    assert _ask(DeclareAttackers(0, "Declare attackers", (A,), legal=()), "")[0] == ()


def test_end_of_input_abandons_the_game() -> None:
    with pytest.raises(GameAbandoned, match="end of input"):
        _ask(YesNo(0, "Pay?"), "")


def test_readable_log_groups_draws_hides_bookkeeping_and_tracks_life() -> None:
    raw = ["T0 untap: Forest moves from library to alice's hand", "T0 untap: Island moves from library to bob's hand",
           "T0 untap: Swamp moves from library to bob's hand",
           "T1 untap: turn 1 begins (alice)", "T1 main1: Lightning Bolt moves from hand to stack",
           "T1 main1: alice adds {R}", "T1 main1: Mountain is tapped for mana", "T1 main1: alice casts Lightning Bolt",
           "T1 main1: Lightning Bolt resolves", "T1 main1: Lightning Bolt deals 3 damage to bob",
           "T1 main1: bob loses 3 life (now 17)", "T1 main1: Lightning Bolt moves from stack to alice's graveyard",
           "T2 untap: turn 2 begins (bob)"]
    assert readable(raw, ["alice", "bob"], viewer=0) == [
        "  untap: alice draws a card (Forest)",
        "  untap: bob draws 2 cards",
        "== Turn 1 (alice) -- alice 20 life, bob 20 life",
        "  main1: alice casts Lightning Bolt",
        "  main1: Lightning Bolt resolves",
        "  main1: Lightning Bolt deals 3 damage to bob",
        "  main1: bob loses 3 life (now 17)",
        "== Turn 2 (bob) -- alice 20 life, bob 17 life",
        "== End -- alice 20 life, bob 17 life",
    ]


def test_recorded_decisions_replay_to_the_same_game(pool: Pool) -> None:
    record: list[Decision] = []
    first = play_game(pool, 11, max_turns=8,
                      inner=lambda i, ref: RecordingDecider(RandomDecider(11 * 2 + i), record))
    assert first.ended in ("game over", "turn limit") and len(record) == first.decisions
    cursor = ReplayCursor()
    again = play_game(pool, 11, first.decks, max_turns=8, inner=lambda i, ref: ReplayDecider(record, cursor))
    assert again.log == first.log and again.final_state == first.final_state
    assert cursor.position == len(record) and not cursor.divergence


def _cardsmith(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardsmith", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_human_game_at_the_terminal_saves_a_log_that_replays(tmp_path: Path) -> None:
    """A person plays alice through stdin (keeps the hand, 103.4; a bad answer, a land, then end of
    input); the game ends cleanly, the saved log replays to the same turn log and final state."""
    log = tmp_path / "game.json"
    typed = "n\nx\n1\n"  # keep the hand (no mulligan), refused, then play the first land offered
    played = _cardsmith("play", "--human", "--seed", "5", "--turns", "4", *DECKS, "--save-log", str(log),
                        stdin=typed)
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "your hand: Thornscape Battlemage, Burst Lightning" in out
    assert "not an answer: give option numbers" in out
    assert "main1: alice plays Mountain" in out
    assert "stopped: alice left the game (end of input)" in out
    assert "Traceback" not in played.stderr
    data = json.loads(log.read_text(encoding="utf-8"))
    assert data["seed"] == 5 and data["human"] == 0 and len(data["decks"][0]) == 60
    assert any(d["player"] == 0 and isinstance(d["answer"], str) and d["answer"].startswith("play:")
               for d in data["decisions"])
    replayed = _cardsmith("replay", str(log))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "replay matches" in replayed.stdout


def test_random_game_replays_with_identical_turn_log_and_tampering_is_caught(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    played = _cardsmith("play", "--seed", "3", "--turns", "6", *DECKS, "--save-log", str(log))
    assert played.returncode == 0, played.stderr
    replayed = _cardsmith("replay", str(log))
    assert replayed.returncode == 0, replayed.stdout
    turn_log = played.stdout.split("\n-- seed")[0]
    assert "== Turn 6 (bob)" in turn_log
    assert replayed.stdout.split("\n-- replayed")[0] == turn_log
    data = json.loads(log.read_text(encoding="utf-8"))
    for d in data["decisions"]:
        if d["question"] == "ChooseAction" and d["answer"] != "pass":
            d["answer"] = "pass"
            break
    log.write_text(json.dumps(data), encoding="utf-8")
    tampered = _cardsmith("replay", str(log))
    assert tampered.returncode == 1
    assert "DIVERGED" in tampered.stdout


def test_readable_log_hides_what_a_search_finds_from_other_players() -> None:
    # 401.2 / 701.19a: only the searcher sees the cards found, unless the search reveals them
    # (701.16a); a card put from a hand onto a library stays hidden too (402.3).
    raw = ["T1 main1: alice searches their library and finds Lightning Bolt, Forest",
           "T1 main1: Lightning Bolt moves from library to alice's hand",
           "T1 main1: Forest moves from library to alice's hand",
           "T1 main1: alice shuffles their library",
           "T1 main1: bob searches their library and finds and reveals Dirty Wererat",
           "T1 main1: Dirty Wererat moves from library to bob's hand",
           "T1 main1: Island moves from hand to alice's library"]
    bob_view = readable(raw, ["alice", "bob"], viewer=1)
    assert bob_view[:3] == [
        "  main1: alice searches their library and finds 2 cards",
        "  main1: alice shuffles their library",
        "  main1: bob searches their library and finds and reveals Dirty Wererat",
    ]
    assert "  main1: a card moves from hand to alice's library" in bob_view
    assert not any("Lightning Bolt" in line or "Island" in line for line in bob_view)
    alice_view = readable(raw, ["alice", "bob"], viewer=0)
    assert alice_view[0] == "  main1: alice searches their library and finds Lightning Bolt, Forest"
    assert "  main1: Island moves from hand to alice's library" in alice_view
