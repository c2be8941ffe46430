"""Running a scenario: the harness that sets it up, drives the real turn loop, and checks it.

The :class:`Harness` is both the game's decider for every player (answering from the script,
strict about anything unscripted) and its source of actions at priority.  Each scripted action,
answer and expectation carries its own behaviour (:mod:`.actions`, :mod:`.answers`,
:mod:`.expectations`); the harness finds what is due and keeps the books.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from ...abilities import CardDefinition
from ...actions import Action
from ...decisions import Answer, ChooseAction, Choice, DeclareAttackers, DeclareBlockers, Question
from ...errors import IllegalAction
from ...facedown import FaceDown
from ...game import Game
from ...mulligan import take_mulligans
from ...objects import GameObject, plus
from ...pool import Pool
from ...stickers import AbilitySticker
from ...turns import STEPS, StopAt, run
from ...zones import Zone
from .actions import AttackAction, BlockAction, Declaration, PriorityAction, ScriptedAction
from .answers import ScriptedAnswer
from .refs import Ref, ScenarioError, Target, UnscriptedQuestion
from .script import Scenario, TimedCheck
from .table import describe_table

A = TypeVar("A", bound=ScriptedAction)


@dataclass
class _Submitted:
    action: ScriptedAction
    digest: str
    refusal: str | None = None


@dataclass
class _Given:
    answer: ScriptedAnswer
    refusal: str | None = None


@dataclass
class ScenarioResult:
    """The outcome: the game as it stopped, and every failure found."""

    game: Game
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """No failures."""
        return not self.failures

    def table(self) -> list[str]:
        """The table where the game stopped, as a judge looks at it (for failure reports)."""
        return describe_table(self.game)


class Harness:
    """Runs one scenario against a compiled pool."""

    def __init__(self, scenario: Scenario, pool: Pool) -> None:
        self.s = scenario
        self.pool = pool
        self.failures: list[str] = []
        names = list(scenario.players)
        self.player_index = {n: i for i, n in enumerate(names)}
        self.game = Game(names, [self] * len(names), seed=scenario.seed)
        self.game.keyword_resolver = pool.keyword
        self.aliases: dict[str, int] = {}
        self.seen: dict[int, list[str]] = {}  # every prompt and option label shown to each player
        self.pending = list(scenario.actions)
        self.timed: list[TimedCheck] = sorted(scenario.checks, key=lambda c: c.line)
        self.answers: dict[int, list[ScriptedAnswer]] = {i: [] for i in range(len(names))}
        for a in scenario.answers:
            self.answers[self.player_of(a.player, a.line)].append(a)
        self.submitted: list[_Submitted] = []
        self.given: list[_Given] = []
        self.answering = False  # the last thing scripted was an answer, not an action
        self.refusal_mark = 0
        self.defaulted = False  # the last answer was a default (no attack / no block), not scripted

    # ---------------------------------------------------------- setup

    def player_of(self, name: str, line: int = 0) -> int:
        """The index of the player ``name`` (``line``: where the scenario names them)."""
        if name not in self.player_index:
            raise ScenarioError(f"line {line}: unknown player {name!r} (players: {', '.join(self.s.players)})")
        return self.player_index[name]

    def _definition(self, name: str) -> CardDefinition:
        try:
            return self.pool.get(name)
        except LookupError as e:
            raise ScenarioError(str(e)) from None

    def setup(self) -> None:
        """Create every card of the setup in its zone."""
        for name, life in self.s.life:
            self.game.players[self.player_of(name)].life = life
        for name, sheets in self.s.sheets:
            for sheet in sheets:  # 123.6c: an ability sticker grants a keyword the library defines
                for st in sheet.stickers:
                    if isinstance(st, AbilitySticker):
                        try:
                            self.pool.keyword(st.keyword)
                        except (LookupError, TypeError):
                            raise ScenarioError(f"sheet {sheet.name!r}: {st.keyword!r} is no keyword without "
                                                f"parameters in the library (123.2c)") from None
            self.game.players[self.player_of(name)].sheets = sheets  # 123.1
        for name, kind, n in self.s.player_counters:
            pl = self.game.players[self.player_of(name)]
            pl.counters = plus(pl.counters, kind, n)  # 122.1
        for c in self.s.setup:
            p = self.player_of(c.player)
            d = self._definition(c.name)
            for i in range(c.count):
                alias = c.alias if c.count == 1 else (f"{c.alias}{i + 1}" if c.alias else "")
                oid = self.game.add_card(p, d, c.zone, alias=alias)
                o = self.game.obj(oid)
                o.tapped = c.tapped
                if c.face_down:
                    # 708.2a, or the face-down characteristics the named keyword action lists (701.34a).
                    act = self.pool.action(c.face_down) if c.face_down != "face down" else None
                    o.face_down = (act.face_down if act is not None else None) or FaceDown("face down")
                for kind, n in c.counters:
                    o.counters = plus(o.counters, kind, n)
                if alias:
                    if alias in self.aliases:
                        raise ScenarioError(f"alias {alias!r} used twice")
                    self.aliases[alias] = o.card.card_id

    # ---------------------------------------------------------- references

    def find(self, ref: Ref, zones: tuple[Zone, ...] | None = None, player: int | None = None,
             skip: frozenset[int] = frozenset()) -> GameObject | None:
        """The object a reference means now (400.7: an alias follows its card to its new object).

        ``skip``: for a card name, objects already named in the same list ("attack with "Cat" and
        "Cat"" means two of them); an alias always means its one card.
        """
        objs = sorted(self.game.state.objects.values(), key=lambda o: o.oid)
        if ref.alias:
            if ref.alias not in self.aliases:
                raise ScenarioError(f"unknown alias {ref.alias!r}")
            cid = self.aliases[ref.alias]
            return next((o for o in objs if o.card.card_id == cid), None)
        order = zones or tuple(Zone)
        for z in order:
            for o in objs:
                # By the card's own name: the scenario's author knows what a face-down card is, and
                # means the card, not a copy of it.
                if o.zone is z and o.card.definition.name == ref.name and (player is None or o.owner == player) \
                        and o.oid not in skip:
                    return o
        return None

    def target(self, t: Target) -> object:
        """What the engine calls the target ``t`` names: an object id, or ``player:N``."""
        if isinstance(t, str):
            return f"player:{self.player_of(t)}"
        o = self.find(t, (Zone.STACK, Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.HAND, Zone.EXILE, Zone.LIBRARY))
        if o is None:
            raise ScenarioError(f"target {t} not found")
        return o.oid

    # ---------------------------------------------------------- refusals

    def _attribute_refusals(self) -> None:
        refusals = self.game.refusals
        if self.defaulted:
            # Refusals since the harness answered by default (no attack, no block) are the
            # default's, not the last scripted action's.
            self.defaulted = False
            self.refusal_mark = len(refusals)
            return
        if len(refusals) > self.refusal_mark and self.answering:
            # The engine refused the answer just given to a question and asks again (726.1): the
            # refusal is that answer's, not the action's that led to the question.
            if self.given[-1].refusal is None:
                self.given[-1].refusal = refusals[self.refusal_mark]
        elif len(refusals) > self.refusal_mark and self.submitted:
            last = self.submitted[-1]
            if last.refusal is None:
                last.refusal = refusals[self.refusal_mark]
                # 726.1 / 508.1 / 509.1: a refused action or declaration leaves no trace.
                if self.game.digest() != last.digest:
                    self.failures.append(f"{last.action.describe()}: refused, but the game state changed (726.1)")
        self.refusal_mark = len(refusals)

    def _submit(self, a: ScriptedAction) -> None:
        self._attribute_refusals()
        self.pending.remove(a)
        self.answering = False
        self.submitted.append(_Submitted(a, self.game.digest()))
        self.refusal_mark = len(self.game.refusals)

    def _due(self, player: int, cls: type[A]) -> A | None:
        """The first action of class ``cls`` still pending for ``player`` at this (turn, step), if any.

        A player's actions at one step are taken in the order written, one each time that player
        gets priority; ``pass`` uses up one priority ("alice casts, passes, and after bob's
        response casts again" is three lines for alice).
        """
        st = self.game.state
        for a in self.pending:
            if isinstance(a, cls) and a.turn == st.turn and a.step == st.step \
                    and self.player_index.get(a.player) == player:
                if issubclass(cls, PriorityAction) and any(
                        c.turn == st.turn and c.step == st.step and c.line < a.line for c in self.timed):
                    return None  # a check written before it is made first
                return a
        return None

    def _timed_checks(self, player: int) -> None:
        """Make the checks due now, in the order written: at this (turn, step), for this player (or
        anyone), once every priority action and check written before each has happened."""
        st = self.game.state
        for c in list(self.timed):
            if (c.turn, c.step) != (st.turn, st.step):
                continue
            if any(isinstance(a, PriorityAction) and (a.turn, a.step) == (c.turn, c.step) and a.line < c.line
                   for a in self.pending):
                return
            if c.player and self.player_index.get(c.player) != player:
                return
            self.timed.remove(c)
            msg = c.expectation.check(self)
            if msg:
                self.failures.append(f"{c.where()}: {msg}")

    # ---------------------------------------------------------- the action source (priority)

    def next_action(self, game: Game, player: int) -> Action | None:
        """The next scheduled action for ``player`` at this (turn, step), or None to pass."""
        self._attribute_refusals()
        self._timed_checks(player)
        a = self._due(player, PriorityAction)
        if a is None:
            return None
        action = a.build(self, player)
        self._submit(a)
        return action

    def _declare(self, player: int, cls: type[Declaration]) -> tuple[str, ...]:
        """The scripted declaration of class ``cls`` due now, or by default none (no attack, no block)."""
        a = self._due(player, cls)
        if a is None:
            self.defaulted = True
            return ()
        self._submit(a)
        return a.declare(self)

    # ---------------------------------------------------------- the decider

    def decide(self, q: Question) -> Answer:
        """Answer from the script; strict for everything but priority, attacks and blocks."""
        self._attribute_refusals()
        # Everything shown to the player, for "never sees" (708.5 hidden information).
        labels = [getattr(q, "prompt", "")]
        for field_name in ("options", "blockers", "attackers"):
            labels += [c.label for c in getattr(q, field_name, ())]
        self.seen.setdefault(q.player, []).extend(labels)
        if isinstance(q, ChooseAction):
            return "pass"
        if isinstance(q, DeclareAttackers):
            return self._declare(q.player, AttackAction)
        if isinstance(q, DeclareBlockers):
            return self._declare(q.player, BlockAction)
        queue = self.answers[q.player]
        if not queue:
            raise UnscriptedQuestion(
                f"unscripted question to {self.s.players[q.player]} at turn {self.game.state.turn} "
                f"{self.game.state.step}: {type(q).__name__}: {q.prompt} "
                f"(options: {', '.join(c.label for c in getattr(q, 'options', ()))})")
        given = queue.pop(0)
        self.given.append(_Given(given))
        self.answering = True
        return given.answer(self, q)

    def match(self, options: tuple[Choice, ...], item: Target, used: set[str]) -> str:
        """The key of the option ``item`` names, not one of ``used``: a player, an alias's object, a
        card by name, or else a phrase of the option's text."""
        if isinstance(item, str):
            key = f"player:{self.player_of(item)}"
            if any(c.key == key for c in options):
                return key
            raise ScenarioError(f"{item} is not among the options: {', '.join(c.label for c in options)}")
        if item.alias:
            o = self.find(item)
            if o is not None:
                for c in options:
                    if c.key not in used and (c.key == str(o.oid) or c.subject == o.oid):
                        return c.key
        else:
            for c in options:
                if c.key not in used and (c.label == item.name or c.label.startswith(item.name + ":")):
                    return c.key
            # Otherwise a phrase of the option's text ("you gain 3 life" picks that triggered ability).
            for c in options:
                if c.key not in used and item.name in c.label:
                    return c.key
        raise ScenarioError(f"{item} is not among the options: {', '.join(c.label for c in options)}")

    # ---------------------------------------------------------- running and checking

    def run(self) -> ScenarioResult:
        """Set up, play to the stop point, and check everything."""
        self.setup()
        turn, step = self.s.stop
        try:
            if self.s.mulligans:
                take_mulligans(self.game)  # 103.4, before the first turn
            run(self.game, StopAt(turn, step), max_turns=turn + 1, actions=self.next_action)
        except UnscriptedQuestion as err:
            self.failures.append(str(err))
            return ScenarioResult(self.game, self.failures)
        except IllegalAction as err:
            # A turn-based action or a resolving choice got no legal answer (e.g. blocks that
            # ignore a blocking requirement, with no other block scripted).
            self._attribute_refusals()
            self.failures.append(f"turn {self.game.state.turn} {self.game.state.step}: the game can't go on: {err}")
            return ScenarioResult(self.game, self.failures)
        self._attribute_refusals()
        for a in self.pending:
            self.failures.append(f"{a.describe()}: never happened (did {a.player} get priority then?)")
        for sub in self.submitted:
            a = sub.action
            if a.expect_refused:
                if sub.refusal is None:
                    self.failures.append(f"{a.describe()}: expected to be refused, but it was allowed")
                elif a.reason and a.reason not in sub.refusal:
                    self.failures.append(f"{a.describe()}: refused with {sub.refusal!r}, expected {a.reason!r}")
            elif sub.refusal is not None:
                self.failures.append(f"{a.describe()}: refused: {sub.refusal}")
        for g in self.given:
            where = f"line {g.answer.line}: answer '{g.answer.word}'"
            if g.answer.expect_refused:
                if g.refusal is None:
                    self.failures.append(f"{where}: expected to be refused, but it was accepted")
                elif g.answer.reason and g.answer.reason not in g.refusal:
                    self.failures.append(f"{where}: refused with {g.refusal!r}, expected {g.answer.reason!r}")
            elif g.refusal is not None:
                self.failures.append(f"{where}: refused: {g.refusal}")
        for c in self.timed:
            self.failures.append(f"{c.where()}: never checked (did {c.player or 'anyone'} get priority then, "
                                 f"after what is written before it?)")
        for p, queue in self.answers.items():
            for ans in queue:
                self.failures.append(f"line {ans.line}: answer '{ans.word}' for {self.s.players[p]} was never asked for")
        for e in self.s.expectations:
            msg = e.check(self)
            if msg:
                self.failures.append(f"line {e.line}: {msg}")
        return ScenarioResult(self.game, self.failures)

    def names_in(self, player: int, zone: Zone) -> list[str]:
        """Names of the cards in ``player``'s ``zone`` (for the battlefield: the permanents they control).

        702.26b: a phased-out permanent is treated as though it doesn't exist, so battlefield checks
        (has, lacks, count) don't see it; ``expect X phased out`` and ``X in battlefield`` still do.
        """
        return [self.game.obj(o).definition.name for o in self.game.zone(zone, player)
                if zone is not Zone.BATTLEFIELD
                or (self.game.obj(o).controller == player and not self.game.obj(o).phased_out)]


def run_scenario(scenario: Scenario, pool: Pool) -> ScenarioResult:
    """Run ``scenario`` against ``pool``; a :class:`ScenarioError` means the scenario itself is wrong."""
    if scenario.stop[1] not in STEPS:
        raise ScenarioError(f"unknown step {scenario.stop[1]!r}")
    return Harness(scenario, pool).run()
