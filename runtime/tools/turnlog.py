"""A readable turn-by-turn account of a game, made from its event log.

The event log (``GameState.log``) records every event for determinism checks, including the
bookkeeping a reader doesn't need (a spell moving from hand to stack before "casts" says so, mana
being added).  :class:`TurnLog` turns it into what a player follows: a header per turn with the
life totals, then who played, cast or activated what, what resolved, attacks and blocks, damage,
life changes and deaths.  When a viewer is given, cards in hidden zones are named only as that
player may see them (400.2, 401.2, 402.3: the library and hand are hidden): cards drawn, or moved
between a library and a hand, only to their owner; cards found by a search only to the searcher,
unless the search reveals them (701.16a, 701.19a); a hand looked at, only to the looker and its owner.
"""
from __future__ import annotations

import re
from typing import Sequence

LINE = re.compile(r"^T(\d+) (\S+): (.*)$")
MOVE = re.compile(r"^(.*) moves from (\w+) to (.*)$")
DRAW = re.compile(r"^(.*) moves from library to (\w+)'s hand$")
LIFE = re.compile(r"^(\w+) (?:gains|loses) \d+ life \(now (-?\d+)\)$")
TURN = re.compile(r"^turn (\d+) begins \((\w+)\)$")
SEARCH = re.compile(r"^(\w+) searches their library and finds (?!and reveals )(.*)$")
LOOK = re.compile(r"^(\w+) looks at (\w+)'s hand: (.*) \(402\.3\)$")
HIDDEN_ZONES = {"library", "hand"}

# Moves that another line already tells ("casts", "plays", "resolves", "is countered", "discards").
QUIET_MOVES = {("hand", "stack"), ("stack", "battlefield"), ("hand", "battlefield"), ("stack", "graveyard"),
               ("hand", "graveyard")}
QUIET = (re.compile(r" is tapped for mana$"), re.compile(r"^\w+ adds \{"))


class TurnLog:
    """Formats event-log lines incrementally: feed it new lines, get readable ones back."""

    def __init__(self, names: Sequence[str], viewer: int | None = None, life: int = 20) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.life = {n: life for n in names}
        self.pending_draws: tuple[str, str, list[str]] | None = None  # (step, player, cards)
        self.searcher: str | None = None  # the cards a search just found go to this player's hand

    def _sees(self, player: str) -> bool:
        """Whether the viewer may see ``player``'s hidden cards (everyone, without a viewer)."""
        return self.viewer is None or self.names.index(player) == self.viewer

    def _flush_draws(self) -> list[str]:
        if self.pending_draws is None:
            return []
        step, player, cards = self.pending_draws
        self.pending_draws = None
        n = len(cards)
        what = "a card" if n == 1 else f"{n} cards"
        shown = self._sees(player)
        return [f"  {step}: {player} draws {what}" + (f" ({', '.join(cards)})" if shown else "")]

    def feed(self, lines: Sequence[str]) -> list[str]:
        """Readable lines for these event-log lines (in order; state carries over between calls)."""
        out: list[str] = []
        for raw in lines:
            m = LINE.match(raw)
            if not m:
                out += self._flush_draws() + [raw]
                continue
            _, step, text = m.groups()
            draw = DRAW.match(text)
            if draw and draw.group(2) == self.searcher:
                continue  # the search line already told it (701.19a)
            if not draw:
                self.searcher = None
            search = SEARCH.match(text)
            if search:
                out += self._flush_draws()
                who, found = search.groups()
                self.searcher = who
                if not self._sees(who) and found != "nothing":
                    n = found.count(", ") + 1
                    text = f"{who} searches their library and finds {n} card{'s' if n != 1 else ''}"
                out.append(f"  {step}: {text}")
                continue
            look = LOOK.match(text)
            if look:
                # 402.3: the cards of the hand looked at are named only to the looker and the owner.
                out += self._flush_draws()
                who, owner, _ = look.groups()
                if not (self._sees(who) or self._sees(owner)):
                    text = f"{who} looks at {owner}'s hand"
                out.append(f"  {step}: {text}")
                continue
            if draw:
                card, player = draw.groups()
                if self.pending_draws and self.pending_draws[1] == player and self.pending_draws[0] == step:
                    self.pending_draws[2].append(card)
                else:
                    out += self._flush_draws()
                    self.pending_draws = (step, player, [card])
                continue
            out += self._flush_draws()
            life = LIFE.match(text)
            if life and life.group(1) in self.life:
                self.life[life.group(1)] = int(life.group(2))
            turn = TURN.match(text)
            if turn:
                totals = ", ".join(f"{n} {self.life[n]} life" for n in self.names)
                out.append(f"== Turn {turn.group(1)} ({turn.group(2)}) -- {totals}")
                continue
            move = MOVE.match(text)
            if move and (move.group(2), move.group(3).split("'s ")[-1].split()[0]) in QUIET_MOVES:
                continue
            if move and "'s " in move.group(3):
                owner, dest = move.group(3).split("'s ", 1)
                if {move.group(2), dest} <= HIDDEN_ZONES and owner in self.names and not self._sees(owner):
                    text = f"a card moves from {move.group(2)} to {move.group(3)}"
            if any(q.search(text) for q in QUIET):
                continue
            out.append(f"  {step}: {text}")
        return out

    def finish(self) -> list[str]:
        """Lines still held back (draws being gathered) and the final life totals."""
        totals = ", ".join(f"{n} {self.life[n]} life" for n in self.names)
        return self._flush_draws() + [f"== End -- {totals}"]


def readable(lines: Sequence[str], names: Sequence[str], viewer: int | None = None) -> list[str]:
    """The whole readable account of a finished game's event log."""
    log = TurnLog(names, viewer)
    return log.feed(lines) + log.finish()
