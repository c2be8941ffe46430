"""A person at a terminal answering the engine's questions (``cardsmith play --human``).

:class:`HumanDecider` implements the decision protocol of :mod:`runtime.decisions` for one
player: every question type is shown with numbered options and answered by number; an answer
that isn't one of the offered options is refused and the question asked again; end of input
ends the game cleanly (:class:`GameAbandoned`).  Before each question it prints what happened
since the last one (the readable turn log) and, when the player has priority, what they can see
(117.1; 400.2: their own hand, not the opponent's).
"""
from __future__ import annotations

from typing import Callable, Sequence, TextIO

from ..decisions import (
    Answer, ChooseAction, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget, Choice,
    DeclareAttackers, DeclareBlockers, Question, YesNo,
)
from ..game import Game
from ..zones import Zone
from .turnlog import TurnLog


class GameAbandoned(Exception):
    """The game stops before its end: a player left (end of input) or a replay ran out of answers."""


class _Invalid(Exception):
    """An answer that is not one of the offered options; the message says why."""


class HumanDecider:
    """Asks one player's questions on ``out`` and reads the answers from ``inp``."""

    def __init__(self, player: int, game_ref: list[Game], inp: TextIO, out: TextIO) -> None:
        self.player = player
        self.game_ref = game_ref
        self.inp = inp
        self.out = out
        self.turn_log: TurnLog | None = None
        self.shown = 0  # event-log lines already shown

    # ------------------------------------------------------------------ output

    def _say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show_news(self) -> None:
        """Print the readable log of everything that happened since the last question."""
        game = self.game_ref[0]
        if self.turn_log is None:
            self.turn_log = TurnLog([p.name for p in game.players], viewer=self.player)
        lines = game.state.log[self.shown:]
        self.shown = len(game.state.log)
        for line in self.turn_log.feed(lines):
            self._say(line)

    def _permanents(self, player: int) -> str:
        game = self.game_ref[0]
        parts: list[str] = []
        for o in game.battlefield():
            if o.controller != player:
                continue
            ch = game.characteristics(o)
            desc = ch.name
            if ch.power is not None and ch.toughness is not None:
                desc += f" {ch.power}/{ch.toughness}"
            if o.tapped:
                desc += " (tapped)"
            if o.counters:
                desc += " [" + ", ".join(f"{n} {k}" for k, n in sorted(o.counters.items()) if n) + "]"
            parts.append(desc)
        return ", ".join(parts) or "nothing"

    def show_board(self) -> None:
        """Life totals, the player's hand, every battlefield, and the stack."""
        game = self.game_ref[0]
        s = game.state
        me = game.players[self.player]
        other = game.opponent(self.player)
        self._say(f"-- T{s.turn} {s.step}, {game.players[s.active].name}'s turn -- "
                  + ", ".join(f"{p.name} {p.life} life" for p in game.players))
        hand = [game.name_of(i) for i in game.zone(Zone.HAND, self.player)]
        self._say(f"   your hand: {', '.join(hand) or 'empty'}")
        self._say(f"   {me.name}'s battlefield: {self._permanents(self.player)}")
        self._say(f"   {game.players[other].name}'s battlefield: {self._permanents(other)}; "
                  f"hand: {len(game.zone(Zone.HAND, other))} cards")
        if s.stack:
            self._say(f"   stack (top last): {', '.join(game.name_of(i.oid) for i in s.stack)}")

    # ------------------------------------------------------------------ input

    def _read(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self._say()
            raise GameAbandoned(f"{self.game_ref[0].players[self.player].name} left the game (end of input)")
        if not self.inp.isatty():
            self._say(line.strip())  # answers piped from a file: echo them so the transcript reads right
        return line.strip()

    def _ask(self, prompt: str, parse: Callable[[str], Answer]) -> Answer:
        """Ask until ``parse`` accepts the reply; each refusal says why."""
        while True:
            reply = self._read(prompt)
            try:
                return parse(reply)
            except _Invalid as e:
                self._say(f"   not an answer: {e}")

    def _menu(self, options: Sequence[Choice], first: int = 1) -> None:
        for i, c in enumerate(options, start=first):
            self._say(f"   {i}) {c.label}")

    @staticmethod
    def _numbers(reply: str, count: int, lo: int = 1) -> list[int]:
        """Numbers from a reply such as "1 3" or "1,3"; each in lo..count, none repeated."""
        words = reply.replace(",", " ").split()
        if not all(w.isdigit() for w in words):
            raise _Invalid("give option numbers separated by spaces")
        nums = [int(w) for w in words]
        if any(not lo <= n <= count for n in nums):
            raise _Invalid(f"numbers go from {lo} to {count}")
        if len(set(nums)) != len(nums):
            raise _Invalid("a number is repeated")
        return nums

    # ------------------------------------------------------------------ questions

    def decide(self, question: Question) -> Answer:
        """Show the news and the question, read an answer that is one of the options."""
        self.show_news()
        q = question
        # Questions with only one possible answer are answered without asking (nothing to choose).
        if isinstance(q, ChooseAction) and all(c.key == "pass" for c in q.options):
            return "pass"
        if isinstance(q, DeclareAttackers) and not q.legal:
            return ()
        if isinstance(q, DeclareBlockers) and not q.legal:
            return ()
        if isinstance(q, ChooseAction):
            self.show_board()
        self._say(f"{q.prompt}:")
        if isinstance(q, YesNo):
            return self._ask("   yes or no? ", self._yes_no)
        if isinstance(q, ChooseAction):
            acts = [c for c in q.options if c.key != "pass"]
            self._say("   0) pass priority")
            self._menu(acts)
            return self._ask("action> ", lambda r: "pass" if r in ("0", "") else acts[self._one(r, len(acts)) - 1].key)
        if isinstance(q, ChooseTarget):
            if q.optional:
                self._say("   0) no target")
            self._menu(q.options)
            lo = 0 if q.optional else 1
            return self._ask("target> ", lambda r: self._target(r, q.options, lo))
        if isinstance(q, ChooseCards):
            self._menu(q.options)
            self._say(f"   choose {q.minimum}" + (f" to {q.maximum}" if q.maximum != q.minimum else "")
                      + " by number (separated by spaces; empty for none)")
            return self._ask("choose> ", lambda r: self._cards(r, q))
        if isinstance(q, ChooseOrder):
            self._menu(q.options)
            self._say("   the order to put them on the stack, first put first (empty: as listed)")
            return self._ask("order> ", lambda r: self._order(r, q.options))
        if isinstance(q, ChooseNumber):
            return self._ask(f"number ({q.minimum}-{q.maximum})> ", lambda r: self._number(r, q.minimum, q.maximum))
        if isinstance(q, ChooseOption):
            self._menu(q.options)
            return self._ask("option> ", lambda r: q.options[self._one(r, len(q.options)) - 1].key)
        if isinstance(q, DeclareAttackers):
            able = [c for c in q.options if c.key in q.legal]
            self._menu(able)
            self._say("   attackers by number (separated by spaces; empty for no attack)")
            return self._ask("attack> ", lambda r: tuple(able[n - 1].key for n in self._numbers(r, len(able))))
        if isinstance(q, DeclareBlockers):
            return self._blocks(q)
        raise TypeError(f"unknown question {q!r}")

    def _one(self, reply: str, count: int) -> int:
        nums = self._numbers(reply, count)
        if len(nums) != 1:
            raise _Invalid("give one number")
        return nums[0]

    @staticmethod
    def _yes_no(reply: str) -> Answer:
        low = reply.lower()
        if low in ("y", "yes", "1"):
            return True
        if low in ("n", "no", "2"):
            return False
        raise _Invalid("answer yes or no")

    def _target(self, reply: str, options: Sequence[Choice], lo: int) -> Answer:
        if lo == 0 and reply in ("0", ""):
            return None
        return options[self._one(reply, len(options)) - 1].key

    def _cards(self, reply: str, q: ChooseCards) -> Answer:
        nums = self._numbers(reply, len(q.options))
        if not q.minimum <= len(nums) <= q.maximum:
            raise _Invalid(f"choose {q.minimum}" + (f" to {q.maximum}" if q.maximum != q.minimum else ""))
        return tuple(q.options[n - 1].key for n in nums)

    def _order(self, reply: str, options: Sequence[Choice]) -> Answer:
        if not reply:
            return tuple(c.key for c in options)
        nums = self._numbers(reply, len(options))
        if len(nums) != len(options):
            raise _Invalid(f"give all {len(options)} numbers in order")
        return tuple(options[n - 1].key for n in nums)

    @staticmethod
    def _number(reply: str, lo: int, hi: int) -> Answer:
        if not reply.lstrip("-").isdigit() or not lo <= int(reply) <= hi:
            raise _Invalid(f"a whole number from {lo} to {hi}")
        return int(reply)

    def _blocks(self, q: DeclareBlockers) -> Answer:
        """509.1a: blocks as numbered legal (blocker, attacker) pairs; requirements are shown."""
        labels = {c.key: c.label for c in (*q.blockers, *q.attackers)}
        pairs = list(q.legal)
        for i, p in enumerate(pairs, start=1):
            b, a = p.split(">")
            must = "  (required if able, 509.1c)" if p in q.requirements else ""
            self._say(f"   {i}) {labels.get(b, b)} blocks {labels.get(a, a)}{must}")
        self._say("   blocks by number (separated by spaces; empty for no blocks)")

        def parse(reply: str) -> Answer:
            chosen = [pairs[n - 1] for n in self._numbers(reply, len(pairs))]
            blockers = [c.split(">")[0] for c in chosen]
            if len(set(blockers)) != len(blockers):
                raise _Invalid("each creature blocks at most one attacker")
            return tuple(chosen)
        return self._ask("block> ", parse)
