"""Game logs that replay: the decks, the seed and every decision, as JSON.

A game is determined by its decks, its seed (one RNG per game) and the answers its players gave
(runtime/decisions.py).  :class:`RecordingDecider` writes down each answer as data;
:class:`ReplayDecider` gives them back in order, checking that each is answering the same kind
of question for the same player.  A saved log also holds the final state digest and the event
log's digest, so a replay proves it reached the same game (``cardsmith replay``).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..decisions import Answer, Decider, Question
from .human import GameAbandoned

FORMAT = 1


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

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"format": FORMAT, "seed": self.seed, "names": self.names, "decks": self.decks,
                "max_turns": self.max_turns, "human": self.human, "ended": self.ended,
                "final_state": self.final_state, "event_log": self.event_log, "events": self.events,
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
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a cardsmith game log (format {FORMAT})")
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
                   human=data.get("human"))

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
