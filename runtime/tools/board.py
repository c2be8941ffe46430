"""The table as a person looks at it: every player's life, zones and permanents, and the stack.

Used by ``cardsmith play --board`` and ``cardsmith replay --board`` (after each step), by the
pytest plugin when a scenario fails, and as the data of the HTML replay.  With a ``viewer`` it
shows only what that player may see (400.2: hands and libraries are hidden zones; 708.5: a
face-down permanent's controller may look at it, others may not); without one it shows
everything, as a judge looking at the table would see it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from ..decisions import Answer, Decider, Question
from ..game import Game
from ..objects import GameObject
from ..zones import Zone
from .turnlog import TurnLog


@dataclass(frozen=True)
class PlayerView:
    """One player's side of the table, as text for each zone."""

    name: str
    life: int
    counters: str  # player counters (poison, ...), "" if none
    mana: str  # the mana pool, "" if empty
    hand: tuple[str, ...] | int  # the cards, or only how many when hidden from the viewer
    library: int
    battlefield: tuple[str, ...]
    graveyard: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    """The whole table at one moment."""

    turn: int
    step: str
    active: str
    players: tuple[PlayerView, ...]
    exile: tuple[str, ...]
    stack: tuple[str, ...]  # bottom first
    over: str  # "" while the game goes on


def _shown(game: Game, oid: int, viewer: int | None) -> str:
    """An object's name as the viewer may know it (708.5 for face-down objects)."""
    o = game.state.objects.get(oid)
    if o is None or o.face_down is None:
        return game.name_of(oid)
    if viewer is None or viewer == o.controller:
        return f"face-down {o.card.definition.name}"
    return "a face-down card"


def permanent_text(game: Game, o: GameObject, viewer: int | None = None) -> str:
    """A permanent with what can be seen of it: name, P/T, tapped, counters, damage, attachment,
    combat role, phasing."""
    text = _shown(game, o.oid, viewer)
    if o.phased_out:
        return text + " (phased out)"
    ch = game.characteristics(o)
    if ch.power is not None and ch.toughness is not None:
        text += f" {ch.power}/{ch.toughness}"
    notes: list[str] = []
    if o.tapped:
        notes.append("tapped")
    if o.attacking:
        notes.append("attacking")
    if o.blocking:
        notes.append("blocking " + ", ".join(_shown(game, b, viewer) for b in o.blocking))
    if o.damage:
        notes.append(f"{o.damage} damage")
    if o.attached_to is not None:
        notes.append(f"attached to {_shown(game, o.attached_to, viewer)}")
    counters = ", ".join(f"{n} {kind}" for kind, n in sorted(o.counters.items()) if n)
    if counters:
        notes.append(counters)
    return text + (f" ({'; '.join(notes)})" if notes else "")


def board(game: Game, viewer: int | None = None) -> Board:
    """The table now, as ``viewer`` (a player's index) may see it; ``None``: everything."""
    s = game.state
    players: list[PlayerView] = []
    for p in game.players:
        i = p.index
        hand_ids = game.zone(Zone.HAND, i)
        hand: tuple[str, ...] | int = (tuple(_shown(game, c, viewer) for c in hand_ids)
                                       if viewer is None or viewer == i else len(hand_ids))
        permanents = tuple(permanent_text(game, s.objects[oid], viewer) for oid in game.zone(Zone.BATTLEFIELD)
                           if s.objects[oid].controller == i)
        counters = getattr(p, "counters", None)
        players.append(PlayerView(
            name=p.name, life=p.life,
            counters=", ".join(f"{n} {k}" for k, n in sorted(counters.items()) if n) if counters else "",
            mana="".join(f"{{{m}}}" * n for m, n in sorted(p.mana.items()) if n),
            hand=hand, library=len(game.zone(Zone.LIBRARY, i)), battlefield=permanents,
            graveyard=tuple(game.name_of(c) for c in game.zone(Zone.GRAVEYARD, i))))
    stack = tuple(f"{_shown(game, item.oid, viewer)} ({game.players[item.controller].name})" for item in s.stack)
    over = ""
    if s.game_over:
        over = f"{game.players[s.winner].name} won" if s.winner is not None else "a draw"
    return Board(turn=s.turn, step=s.step, active=game.players[s.active].name, players=tuple(players),
                 exile=tuple(_shown(game, c, viewer) for c in game.zone(Zone.EXILE)), stack=stack, over=over)


def board_text(game: Game, viewer: int | None = None) -> str:
    """:func:`board` as lines of text."""
    b = board(game, viewer)
    lines = [f"turn {b.turn}, {b.step} step, {b.active}'s turn" + (f" -- game over: {b.over}" if b.over else "")]
    for p in b.players:
        head = f"{p.name}: {p.life} life"
        if p.counters:
            head += f", {p.counters} counters"
        if p.mana:
            head += f", mana pool {p.mana}"
        head += f", library {p.library}"
        lines.append(head)
        hand = f"{p.hand} card(s)" if isinstance(p.hand, int) else ", ".join(p.hand) or "empty"
        lines.append(f"  hand: {hand}")
        lines.append(f"  battlefield: {', '.join(p.battlefield) or 'nothing'}")
        lines.append(f"  graveyard: {', '.join(p.graveyard) or 'empty'}")
    lines.append(f"exile: {', '.join(b.exile) or 'empty'}")
    lines.append(f"stack (bottom first): {', '.join(b.stack) or 'empty'}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Frame:
    """The table as one step began, and the readable log lines that came before it."""

    board: Board
    news: tuple[str, ...]


class BoardWatcher:
    """Follows the game as it goes: at the first question of each new step it takes a
    :class:`Frame` (the table and the readable turn log since the last one), and once more at the
    end.  With ``out`` it also prints them (``--board``): the log, and the table whenever it
    changed.

    One watcher is shared by every player's :class:`BoardingDecider`, so a step is seen once
    whoever is asked first."""

    def __init__(self, game_ref: list[Game], names: list[str], out: TextIO | None,
                 viewer: int | None = None) -> None:
        self.game_ref = game_ref
        self.out = out
        self.viewer = viewer
        self.turn_log = TurnLog(names, viewer=viewer)
        self.shown = 0  # event-log lines already read
        self.step: tuple[int, str] | None = None
        self.last = ""  # the table last printed, but its first line
        self.frames: list[Frame] = []
        self.news: list[str] = []  # readable lines since the last frame

    def _read_news(self) -> None:
        game = self.game_ref[0]
        lines = game.state.log[self.shown:]
        self.shown = len(game.state.log)
        for line in self.turn_log.feed(lines):
            self.news.append(line)
            if self.out is not None:
                self.out.write(line + "\n")

    def _frame(self, always: bool = False) -> None:
        """Take a frame; print the table unless nothing but the step changed since it was printed."""
        game = self.game_ref[0]
        self.frames.append(Frame(board(game, self.viewer), tuple(self.news)))
        self.news = []
        if self.out is None:
            return
        header, _, body = board_text(game, self.viewer).partition("\n")
        if body == self.last and not always:
            return
        self.last = body
        for line in [header, *body.splitlines()]:
            self.out.write(f"    | {line}\n")

    def before_question(self) -> None:
        """Read the news since the last question and, if a new step began, take a frame (the first
        as the first turn begins: no step has begun while mulligans are asked, 103.4)."""
        s = self.game_ref[0].state
        self._read_news()
        if s.turn > 0 and (s.turn, s.step) != self.step:
            self.step = (s.turn, s.step)
            self._frame()

    def finish(self) -> None:
        """The rest of the log, the final life totals and the table as the game ended."""
        self._read_news()
        for line in self.turn_log.finish():
            self.news.append(line)
            if self.out is not None:
                self.out.write(line + "\n")
        self._frame(always=True)


class BoardingDecider:
    """A decider that lets a :class:`BoardWatcher` show the game before each question, then asks
    ``inner``."""

    def __init__(self, inner: Decider, watcher: BoardWatcher) -> None:
        self.inner = inner
        self.watcher = watcher

    def decide(self, question: Question) -> Answer:
        """Show the news (and the table at a new step), then answer through ``inner``."""
        self.watcher.before_question()
        return self.inner.decide(question)
