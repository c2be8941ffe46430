"""A scenario as data: its set-up, timeline, scripted answers, stop point and expectations."""
from __future__ import annotations

from dataclasses import dataclass

from ...stickers import StickerSheet
from ...zones import Zone
from .actions import ScriptedAction
from .answers import ScriptedAnswer
from .expectations import Expectation


@dataclass(frozen=True)
class CardSetup:
    """Put ``count`` copies of ``name`` into ``player``'s ``zone`` (library: listed top first)."""

    player: str
    zone: Zone
    name: str
    count: int = 1
    alias: str = ""
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    face_down: str = ""  # "" face up; "face down" (708.2a); or the keyword action that did it ("cloak")


@dataclass(frozen=True)
class TimedCheck:
    """An expectation checked during the game: the first time ``player`` (or, with no player, anyone)
    has priority at (``turn``, ``step``) once every action and check written before it for that
    step has happened."""

    turn: int
    step: str
    player: str
    expectation: Expectation
    line: int = 0

    def where(self) -> str:
        """When, for messages."""
        who = f" {self.player}" if self.player else ""
        return f"line {self.line}: at turn {self.turn} {self.step}{who}"


@dataclass(frozen=True)
class Scenario:
    """A whole scenario: setup, timeline, answers, stop point, expectations, and the rules it checks."""

    name: str
    rules: tuple[str, ...]
    source: str = ""
    line: int = 0
    players: tuple[str, ...] = ("alice", "bob")
    life: tuple[tuple[str, int], ...] = ()
    setup: tuple[CardSetup, ...] = ()
    actions: tuple[ScriptedAction, ...] = ()
    answers: tuple[ScriptedAnswer, ...] = ()
    stop: tuple[int, str] = (1, "end")
    expectations: tuple[Expectation, ...] = ()
    seed: int = 0
    mulligans: bool = False  # 103.4: the game begins with the mulligan process (the hands set up are drawn)
    # 123.1: each player's sticker sheets (by player name); 122.1: counters on players (name, kind, n).
    sheets: tuple[tuple[str, tuple[StickerSheet, ...]], ...] = ()
    player_counters: tuple[tuple[str, str, int], ...] = ()
    checks: tuple[TimedCheck, ...] = ()  # expectations during the game, in the order written
