"""Game logs that replay: the decks, the seed and every decision, as JSON.

A game is determined by its decks, its seed (one RNG per game) and the answers its players gave
(runtime/decisions.py).  :class:`RecordingDecider` writes down each answer as data;
:class:`ReplayDecider` gives them back in order, checking that each is answering the same kind
of question for the same player.  A saved log also holds the final state digest and the event
log's digest, so a replay proves it reached the same game (``cardsmith replay``).

Since format 2 it also holds a record of every turn (:class:`TurnRecord`): how many decisions
had been made when the turn ended, the digest of the game state then, and a digest chained over
the records before it, that state and the turn's decisions (:class:`TurnDigests`).  A replay
makes the same records and compares them one by one, so a log whose decisions or records were
edited is reported with the first turn that differs; and because each turn's decisions are in
its digest, an edited decision is found even where it happens to leave the game as it was.
The digests are checksums, not signatures: whoever recomputes them with this module can make a
log that replays as its own game, which is what a replay proves anyway.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..decisions import Answer, Decider, Question
from ..state import state_digest
from .human import GameAbandoned

if TYPE_CHECKING:
    from ..game import Game
    from .simulate import GameReport

FORMAT = 2
READABLE_FORMATS = (1, 2)  # format 1: no turn records (only the end is compared)


class ReplayDivergence(GameAbandoned):
    """A replayed game asked something other than what the log recorded."""


def to_data(answer: Answer) -> Any:
    """An answer as JSON data (tuples become lists)."""
    return list(answer) if isinstance(answer, tuple) else answer


def from_data(value: Any) -> Answer:
    """An answer back from JSON data (lists become tuples, as deciders answer)."""
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise ValueError(f"not an answer: {value!r}")


@dataclass
class Decision:
    """One recorded decision: who answered what kind of question, and the answer."""

    player: int
    question: str
    answer: Answer

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"player": self.player, "question": self.question, "answer": to_data(self.answer)}


@dataclass(frozen=True)
class TurnRecord:
    """What a game came to at the end of a turn (or, the last record of a log, at its end)."""

    turn: int
    decisions: int  # decisions made from the start of the game up to here
    state: str  # runtime.state.state_digest then
    digest: str  # sha256 of the previous record's digest, the turn, this state and the turn's decisions

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"turn": self.turn, "decisions": self.decisions, "state": self.state, "digest": self.digest}

    @classmethod
    def from_data(cls, data: Any) -> TurnRecord:
        """A record back from JSON (``TypeError``/``KeyError`` if malformed)."""
        turn, decisions, state, digest = data["turn"], data["decisions"], data["state"], data["digest"]
        if not (type(turn) is int and type(decisions) is int and isinstance(state, str) and isinstance(digest, str)):
            raise TypeError(f"a turn record holds {data!r}")
        return cls(turn, decisions, state, digest)


class TurnDigests:
    """The turn records of a game as it is played or replayed: :meth:`turn_ended` as each turn
    ends (``runtime.turns.run``'s ``turn_ended``), :meth:`finish` once it is over.

    ``decisions`` holds the game's decisions in order and ``made`` says how many have been made
    so far (a recording's list as it grows; a replay's recorded list and its cursor).  The log's
    header (seed, names, decks, turn limit) is not in the chain: what it changes in the game shows
    in the states, and the decks are known only once the game has chosen them."""

    def __init__(self, decisions: Sequence[Decision], made: Callable[[], int]) -> None:
        self.digest = hashlib.sha256(f"cardsmith game log {FORMAT}".encode()).hexdigest()
        self.decisions = decisions
        self.made = made
        self.records: list[TurnRecord] = []

    def _record(self, turn: int, state: str) -> None:
        before = self.records[-1].decisions if self.records else 0
        now = self.made()
        turn_decisions = json.dumps([d.as_dict() for d in self.decisions[before:now]], sort_keys=True,
                                    separators=(",", ":"))
        self.digest = hashlib.sha256(f"{self.digest}\n{turn}\n{state}\n{turn_decisions}".encode()).hexdigest()
        self.records.append(TurnRecord(turn, now, state, self.digest))

    def turn_ended(self, game: Game) -> None:
        """Record the turn that just ended."""
        self._record(game.state.turn, state_digest(game.state))

    def finish(self, turn: int, final_state: str) -> list[TurnRecord]:
        """Record the end of the game (in turn ``turn``, the state's digest ``final_state``): the
        last record, after the turns'; all of them."""
        self._record(turn, final_state)
        return self.records


def first_difference(logged: Sequence[TurnRecord], replayed: Sequence[TurnRecord]) -> str:
    """Where a replay's turn records first differ from a log's, in words ("" if they don't)."""
    for i in range(max(len(logged), len(replayed))):
        if i >= len(logged):
            return (f"the game differs from the log from turn {replayed[i].turn} on: the log has no record of "
                    f"turn {replayed[i].turn} (it ends after {logged[-1].turn if logged else 0} turn(s) of records)")
        a = logged[i]
        if i >= len(replayed):
            return (f"the game differs from the log from turn {a.turn} on: the replay ended before it "
                    f"(the log records {len(logged)} turn(s), the replay {len(replayed)})")
        b = replayed[i]
        if a == b:
            continue
        if a.turn != b.turn:
            why = f"the log's next record is of turn {a.turn}, the replay's of turn {b.turn}"
        elif a.decisions != b.decisions:
            why = f"the log has {a.decisions} decision(s) up to there, the replay made {b.decisions}"
        elif a.state != b.state:
            why = "the game state at its end is not the one the log recorded"
        else:
            why = "the log's digest of it doesn't match its decisions and state (an edited decision or digest)"
        return f"the game differs from the log from turn {min(a.turn, b.turn)} on: turn {a.turn}: {why}"
    return ""


class RecordingDecider:
    """Passes questions to ``inner`` and records every answer in ``record``."""

    def __init__(self, inner: Decider, record: list[Decision]) -> None:
        self.inner = inner
        self.record = record

    def decide(self, question: Question) -> Answer:
        """Answer through the wrapped decider and write the answer down."""
        ans = self.inner.decide(question)
        self.record.append(Decision(question.player, type(question).__name__, ans))
        return ans


@dataclass
class ReplayCursor:
    """Where a replay is in the recorded decisions (shared by the players' deciders), and the
    divergence that stopped it, if any."""

    position: int = 0
    divergence: str = ""


class ReplayDecider:
    """Answers from a recorded list shared by all players, in order."""

    def __init__(self, decisions: Sequence[Decision], cursor: ReplayCursor) -> None:
        self.decisions = decisions
        self.cursor = cursor

    def decide(self, question: Question) -> Answer:
        """The next recorded answer; a different question than recorded is a divergence."""
        i = self.cursor.position
        kind = type(question).__name__
        if i >= len(self.decisions):
            raise GameAbandoned(f"the log ends before decision {i + 1} ({kind} for player {question.player})")
        d = self.decisions[i]
        if (d.player, d.question) != (question.player, kind):
            self.cursor.divergence = (f"decision {i + 1}: the log has {d.question} for player {d.player}, "
                                      f"the game asked {kind} for player {question.player}")
            raise ReplayDivergence(self.cursor.divergence)
        self.cursor.position = i + 1
        return d.answer


def log_digest(lines: Sequence[str]) -> str:
    """A digest of an event log."""
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


@dataclass
class GameLog:
    """Everything needed to replay a game, and what it should come to."""

    seed: int
    decks: list[list[str]]
    names: list[str]
    max_turns: int
    decisions: list[Decision] = field(default_factory=list)
    final_state: str = ""
    event_log: str = ""
    events: int = 0
    ended: str = ""
    human: int | None = None
    turns: list[TurnRecord] = field(default_factory=list)  # (format 2 on: see TurnDigests)
    format: int = FORMAT  # as read (an older log is written as this version's format)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"format": FORMAT, "seed": self.seed, "names": self.names, "decks": self.decks,
                "max_turns": self.max_turns, "human": self.human, "ended": self.ended,
                "final_state": self.final_state, "event_log": self.event_log, "events": self.events,
                "turns": [t.as_dict() for t in self.turns],
                "decisions": [d.as_dict() for d in self.decisions]}

    def save(self, path: Path) -> None:
        """Write the log as JSON."""
        path.write_text(json.dumps(self.as_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> "GameLog":
        """Read a saved log; ``ValueError`` says what is wrong with a malformed one (the message
        doesn't name the file: the caller does)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ValueError(f"not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
        if not isinstance(data, dict) or "format" not in data or "decisions" not in data:
            raise ValueError("not a cardsmith game log")
        if data["format"] not in READABLE_FORMATS or type(data["format"]) is not int:
            raise ValueError(f"a game log of format {data['format']!r}, which this version of cardsmith can't read "
                             f"(it reads formats {', '.join(map(str, READABLE_FORMATS))})")
        try:
            log = cls._from_data(data)
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"malformed game log: {type(e).__name__} {e}") from None
        log.check()
        return log

    @classmethod
    def _from_data(cls, data: dict[str, Any]) -> "GameLog":
        """The log's fields from its JSON (a missing or ill-typed one raises)."""
        decisions = [Decision(int(d["player"]), str(d["question"]), from_data(d["answer"]))
                     for d in data["decisions"]]
        return cls(seed=int(data["seed"]), decks=[[str(c) for c in deck] for deck in data["decks"]],
                   names=[str(n) for n in data["names"]], max_turns=int(data["max_turns"]),
                   decisions=decisions, final_state=str(data["final_state"]),
                   event_log=str(data["event_log"]), events=int(data["events"]), ended=str(data["ended"]),
                   human=data.get("human"), format=data["format"],
                   turns=[TurnRecord.from_data(t) for t in data["turns"]] if data["format"] >= 2 else [])

    def check(self) -> None:
        """Raise ``ValueError`` if the game this log describes can't be set up as recorded: each
        player has a name and a deck, and the game has two players (as ``cardsmith play`` writes)."""
        if len(self.names) != 2 or len(self.decks) != 2:
            raise ValueError(f"malformed game log: {len(self.names)} player name(s) and {len(self.decks)} deck(s); "
                             "a game log has two of each")
        if len(set(self.names)) != 2:
            raise ValueError("malformed game log: the two players have one name")
        if self.max_turns < 1:
            raise ValueError(f"malformed game log: a turn limit of {self.max_turns}")
        if self.human is not None and self.human not in (0, 1):
            raise ValueError(f"malformed game log: no player {self.human!r} to be the human one")


def replay_problems(saved: GameLog, report: GameReport, replayed: Sequence[TurnRecord],
                    cursor: ReplayCursor) -> list[str]:
    """How the replay of ``saved`` (its report, turn records and cursor) differs from the log, the
    first turn that differs first; none if it matches."""
    problems: list[str] = []
    if saved.format >= 2:
        differs = first_difference(saved.turns, replayed)
        if differs:
            problems.append(differs)
    if cursor.divergence:
        problems.append(cursor.divergence)
    elif cursor.position != len(saved.decisions):
        problems.append(f"{len(saved.decisions) - cursor.position} recorded decision(s) were never asked for")
    if log_digest(report.log) != saved.event_log:
        problems.append(f"the event log differs ({len(report.log)} events, the log recorded {saved.events})")
    if report.final_state != saved.final_state:
        problems.append("the final game state differs from the recorded one")
    if report.ended != saved.ended and not saved.ended.startswith("stopped:"):
        # (a game a person left ends the replay where the log's decisions end, with another message)
        problems.append(f"the log says the game ended by {saved.ended!r}, the replay by {report.ended!r}")
    return problems
