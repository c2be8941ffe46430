"""Scenario tests: the Python API beneath the scenario language (``tests/scenarios/*.scn``).

A :class:`Scenario` sets up zones by card name (with aliases), life totals and library order;
schedules actions at (turn, step); scripts answers to the engine's questions, consumed in order
per player; stops as a given step begins and checks observable state.

Each player's actions for a (turn, step) are taken in the order written, one each time that
player has priority there; a scripted ``pass`` uses up one priority (117.3d), to act later.

Strict by construction: a question with no scripted answer fails the scenario (except priority,
attacks and blocks, whose default is to pass / not attack / not block); an action or answer left
unused fails it; an action the engine refuses fails it unless the scenario says ``refused``, and
then the game state must be byte-for-byte what it was before the attempt (726.1).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ..abilities import AdditionalCost, AlternativeCost, CardDefinition
from ..actions import Action, ActivateAbility, CastSpell, PassPriority, PlayLand, TurnFaceUp
from ..costoptions import cost_options
from ..decisions import (
    Answer, ChooseAction, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget, Choice,
    DeclareAttackers, DeclareBlockers, Question, YesNo,
)
from ..errors import IllegalAction
from ..facedown import FaceDown, face_up_ways
from ..game import Game
from ..mana import mana_value
from ..objects import GameObject
from ..pool import Pool
from ..turns import STEPS, StopAt, run
from ..zones import Zone
from .turnlog import TurnLog


@dataclass(frozen=True)
class Ref:
    """A reference to a card in a scenario: by alias, or by card name."""

    name: str = ""
    alias: str = ""

    def __str__(self) -> str:
        return self.alias or repr(self.name)


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
class Pay:
    """Pay an optional cost: the keyword's option (first, or the one with ``cost``), ``times`` times."""

    keyword: str
    cost: tuple[str, ...] = ()
    times: int = 1


@dataclass(frozen=True)
class ScriptedAction:
    """An action at (turn, step) by ``player``."""

    turn: int
    step: str
    player: str
    kind: str  # cast | activate | play | pass | attack | block | faceup
    card: Ref | None = None
    alternative: str = ""  # for faceup: the way (morph, megamorph, mana)
    more: tuple[str, ...] = ()  # further alternative costs asked for at once (118.9a)
    modes: tuple[int, ...] | None = None  # 700.2: the modes announced (1-based, as printed)
    division: tuple[int, ...] | None = None  # 601.2d: a divided amount's split, per target in order
    pays: tuple[Pay, ...] = ()
    x: int = 0
    targets: tuple[Union[Ref, str], ...] | None = None  # str: a player name
    ability: int = 1
    attackers: tuple[Ref, ...] = ()
    blocks: tuple[tuple[Ref, Ref], ...] = ()
    expect_refused: bool = False
    reason: str = ""
    line: int = 0

    def describe(self) -> str:
        """As written, roughly."""
        what = self.kind
        if self.card is not None:
            what += f" {self.card}"
        return f"line {self.line}: turn {self.turn} {self.step} {self.player} {what}"


@dataclass(frozen=True)
class ScriptedAnswer:
    """An answer to the next question put to ``player``."""

    player: str
    kind: str  # yes | no | choose | nothing | number | option | order | target
    items: tuple[Union[Ref, str], ...] = ()
    value: int = 0
    text: str = ""
    line: int = 0


@dataclass(frozen=True)
class Expectation:
    """An assertion on the state where the scenario stops."""

    kind: str  # life | zone_has | zone_lacks | zone_count | power | counters | tapped | untapped | in_zone | damage | phased | stack_count | log | loses
    player: str = ""
    zone: Zone | None = None
    names: tuple[str, ...] = ()
    ref: Ref | None = None
    value: int = 0
    value2: int = 0
    text: str = ""
    line: int = 0


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


class ScenarioError(Exception):
    """The scenario itself is wrong (unknown card, bad reference)."""


class UnscriptedQuestion(Exception):
    """Strict mode: the engine asked something the scenario did not answer."""


@dataclass
class _Submitted:
    action: ScriptedAction
    digest: str
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
        self.answers: dict[int, list[ScriptedAnswer]] = {i: [] for i in range(len(names))}
        for a in scenario.answers:
            self.answers[self._player(a.player, a.line)].append(a)
        self.submitted: list[_Submitted] = []
        self.refusal_mark = 0
        self.defaulted = False  # the last answer was a default (no attack / no block), not scripted

    # ---------------------------------------------------------- setup

    def _player(self, name: str, line: int = 0) -> int:
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
            self.game.players[self._player(name)].life = life
        for c in self.s.setup:
            p = self._player(c.player)
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
                    o.counters[kind] += n
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

    def _target(self, t: Union[Ref, str]) -> object:
        if isinstance(t, str):
            return f"player:{self._player(t)}"
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
        if len(refusals) > self.refusal_mark and self.submitted:
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
        self.submitted.append(_Submitted(a, self.game.digest()))
        self.refusal_mark = len(self.game.refusals)

    def _due(self, player: int, kinds: tuple[str, ...]) -> ScriptedAction | None:
        """The first action still pending for ``player`` at this (turn, step), if any.

        A player's actions at one step are taken in the order written, one each time that player
        gets priority; ``pass`` uses up one priority ("alice casts, passes, and after bob's
        response casts again" is three lines for alice).
        """
        st = self.game.state
        for a in self.pending:
            if a.kind in kinds and a.turn == st.turn and a.step == st.step and self.player_index.get(a.player) == player:
                return a
        return None

    # ---------------------------------------------------------- the action source (priority)

    def next_action(self, game: Game, player: int) -> Action | None:
        """The next scheduled action for ``player`` at this (turn, step), or None to pass."""
        self._attribute_refusals()
        a = self._due(player, ("cast", "activate", "play", "pass", "faceup"))
        if a is None:
            return None
        if a.kind == "pass":
            self._submit(a)
            return PassPriority()
        action = self._build(a, player)
        self._submit(a)
        return action

    def _build(self, a: ScriptedAction, player: int) -> Action:
        assert a.card is not None
        if a.kind == "play":
            o = self.find(a.card, (Zone.HAND, Zone.EXILE, Zone.LIBRARY), player)
            if o is None:
                raise ScenarioError(f"{a.describe()}: {a.card} is not in {a.player}'s hand")
            return PlayLand(o.oid)
        if a.kind == "faceup":
            o = self.find(a.card, (Zone.BATTLEFIELD,))
            if o is None:
                raise ScenarioError(f"{a.describe()}: {a.card} is not on the battlefield")
            ways = face_up_ways(self.game, o)
            way = 0
            if a.alternative:
                found = [i for i, w in enumerate(ways) if w.label.split()[0] == a.alternative.lower()]
                way = found[0] if found else len(ways)  # an unknown way: refused by the engine
            return TurnFaceUp(o.oid, way, a.x)
        if a.kind == "activate":
            o = self.find(a.card, (Zone.BATTLEFIELD,)) or self.find(a.card, (Zone.HAND,), player)
            if o is None:
                raise ScenarioError(f"{a.describe()}: {a.card} is not on the battlefield or in the hand")
            targets = tuple(self._target(t) for t in a.targets) if a.targets is not None else None
            return ActivateAbility(o.oid, a.ability - 1, targets, a.x)
        o = self.find(a.card, (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY, Zone.BATTLEFIELD), player)
        if o is None:
            raise ScenarioError(f"{a.describe()}: {a.card} not found")
        options = cost_options(self.game, o)  # printed and granted (613.1f)
        alternative = None
        if a.alternative:
            matches = [i for i, opt in enumerate(options)
                       if isinstance(opt, AlternativeCost)
                       and a.alternative.lower() in (opt.keyword.lower(), opt.label.lower())]
            # A card without that cost now (e.g. flashback granted until end of turn, 514.2): an
            # unknown option, refused by the engine with its reason.
            alternative = matches[0] if matches else len(options)
        also: list[int] = []
        for word in a.more:
            extra = [i for i, opt in enumerate(options)
                     if isinstance(opt, AlternativeCost) and opt.keyword.lower() == word.lower()]
            also.append(extra[0] if extra else -1)  # the engine refuses any second alternative (118.9a)
        additional: list[tuple[int, int]] = []
        for pay in a.pays:
            idx = [i for i, opt in enumerate(options) if isinstance(opt, AdditionalCost)
                   and opt.keyword.lower() == pay.keyword.lower() and (not pay.cost or opt.cost.mana == pay.cost)]
            if not idx:
                raise ScenarioError(f"{a.describe()}: {o.definition.name} has no {pay.keyword} {''.join(pay.cost)} cost")
            additional.append((idx[0], pay.times))
        targets = tuple(self._target(t) for t in a.targets) if a.targets is not None else None
        modes = tuple(m - 1 for m in a.modes) if a.modes is not None else None
        return CastSpell(o.oid, alternative=alternative, additional=tuple(additional), targets=targets, x=a.x,
                         also=tuple(also), modes=modes, division=a.division)

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
            a = self._due(q.player, ("attack",))
            if a is None:
                self.defaulted = True
                return ()
            self._submit(a)
            keys: list[str] = []
            for r in a.attackers:
                o = self.find(r, (Zone.BATTLEFIELD,), skip=frozenset(int(k) for k in keys))
                if o is None:
                    raise ScenarioError(f"{a.describe()}: attacker {r} is not on the battlefield")
                keys.append(str(o.oid))
            return tuple(keys)
        if isinstance(q, DeclareBlockers):
            a = self._due(q.player, ("block",))
            if a is None:
                self.defaulted = True
                return ()
            self._submit(a)
            pairs: list[str] = []
            for b, att in a.blocks:
                blockers = frozenset(int(p.partition(">")[0]) for p in pairs)
                bo, ao = self.find(b, (Zone.BATTLEFIELD,), skip=blockers), self.find(att, (Zone.BATTLEFIELD,))
                if bo is None or ao is None:
                    raise ScenarioError(f"{a.describe()}: {b} or {att} is not on the battlefield")
                pairs.append(f"{bo.oid}>{ao.oid}")
            return tuple(pairs)
        queue = self.answers[q.player]
        if not queue:
            raise UnscriptedQuestion(
                f"unscripted question to {self.s.players[q.player]} at turn {self.game.state.turn} "
                f"{self.game.state.step}: {type(q).__name__}: {q.prompt} "
                f"(options: {', '.join(c.label for c in getattr(q, 'options', ()))})")
        ans = queue.pop(0)
        return self._answer(q, ans)

    def _match(self, options: tuple[Choice, ...], item: Union[Ref, str], used: set[str]) -> str:
        if isinstance(item, str):
            key = f"player:{self._player(item)}"
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

    def _answer(self, q: Question, ans: ScriptedAnswer) -> Answer:
        where = f"line {ans.line}"
        if isinstance(q, YesNo):
            if ans.kind not in ("yes", "no"):
                raise ScenarioError(f"{where}: the question was yes/no ({q.prompt}), the answer is '{ans.kind}'")
            return ans.kind == "yes"
        if isinstance(q, ChooseCards):
            if ans.kind == "nothing":
                return ()
            if ans.kind != "choose":
                raise ScenarioError(f"{where}: the question was to choose cards ({q.prompt}), the answer is '{ans.kind}'")
            used: set[str] = set()
            for item in ans.items:
                used.add(self._match(q.options, item, used))
            return tuple(sorted(used, key=lambda k: [c.key for c in q.options].index(k)))
        if isinstance(q, ChooseTarget):
            if ans.kind == "nothing" and q.optional:
                return None  # an optional target slot left empty ("any number of targets")
            if ans.kind not in ("target", "choose"):
                raise ScenarioError(f"{where}: the question was a target ({q.prompt}), the answer is '{ans.kind}'")
            return self._match(q.options, ans.items[0], set())
        if isinstance(q, ChooseOrder):
            if ans.kind != "order":
                raise ScenarioError(f"{where}: the question was an order ({q.prompt}), the answer is '{ans.kind}'")
            used2: list[str] = []
            for item in ans.items:
                used2.append(self._match(q.options, item, set(used2)))
            return tuple(used2)
        if isinstance(q, ChooseNumber):
            if ans.kind != "number":
                raise ScenarioError(f"{where}: the question was a number ({q.prompt}), the answer is '{ans.kind}'")
            return ans.value
        if isinstance(q, ChooseOption):
            if ans.kind != "option":
                raise ScenarioError(f"{where}: the question was an option ({q.prompt}), the answer is '{ans.kind}'")
            for c in q.options:
                if ans.text in (c.key, c.label):
                    return c.key
            raise ScenarioError(f"{where}: {ans.text!r} is not one of {', '.join(c.label for c in q.options)}")
        raise ScenarioError(f"{where}: can't answer {type(q).__name__}")

    # ---------------------------------------------------------- running and checking

    def run(self) -> ScenarioResult:
        """Set up, play to the stop point, and check everything."""
        self.setup()
        turn, step = self.s.stop
        try:
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
        for p, queue in self.answers.items():
            for ans in queue:
                self.failures.append(f"line {ans.line}: answer '{ans.kind}' for {self.s.players[p]} was never asked for")
        for e in self.s.expectations:
            msg = self.check(e)
            if msg:
                self.failures.append(f"line {e.line}: {msg}")
        return ScenarioResult(self.game, self.failures)

    def _names_in(self, player: int, zone: Zone) -> list[str]:
        """Names of the cards in ``player``'s ``zone`` (for the battlefield: the permanents they control).

        702.26b: a phased-out permanent is treated as though it doesn't exist, so battlefield checks
        (has, lacks, count) don't see it; ``expect X phased out`` and ``X in battlefield`` still do.
        """
        return [self.game.obj(o).definition.name for o in self.game.zone(zone, player)
                if zone is not Zone.BATTLEFIELD
                or (self.game.obj(o).controller == player and not self.game.obj(o).phased_out)]

    def check(self, e: Expectation) -> str:
        """Check one expectation; return a failure message, or "" if it holds."""
        g = self.game
        if e.kind == "life":
            life_total = g.players[self._player(e.player)].life
            return "" if life_total == e.value else f"{e.player}'s life is {life_total}, expected {e.value}"
        if e.kind == "loses":
            lost = g.players[self._player(e.player)].lost
            return "" if lost else f"{e.player} has not lost the game"
        if e.kind in ("zone_has", "zone_lacks", "zone_count"):
            assert e.zone is not None
            p = self._player(e.player) if e.player else -1
            if p >= 0:
                names = self._names_in(p, e.zone)
            elif e.zone.per_player:  # no player named: every player's zone of that kind
                names = [n for i in range(len(g.players)) for n in self._names_in(i, e.zone)]
            else:  # 702.26b: phased-out permanents are treated as though they don't exist
                names = [g.obj(o).definition.name for o in g.zone(e.zone) if not g.obj(o).phased_out]
            where = f"{e.player}'s {e.zone.value}" if e.player else e.zone.value
            if e.kind == "zone_count":
                count = len(names) if not e.names else sum(1 for n in names if n == e.names[0])
                what = f"{e.names[0]!r} in {where}" if e.names else f"cards in {where}"
                return "" if count == e.value else f"{count} {what}, expected {e.value} (has: {names})"
            remaining = list(names)
            for n in e.names:
                if e.kind == "zone_has":
                    if n not in remaining:
                        return f"{where} lacks {n!r} (has: {names})"
                    remaining.remove(n)
                elif n in names:
                    return f"{where} has {n!r}, expected not"
            return ""
        if e.kind == "stack_count":
            size = len(g.state.stack)
            return "" if size == e.value else f"{size} objects on the stack, expected {e.value}"
        if e.kind == "log":
            first = next((i for i, line in enumerate(g.state.log) if e.text in line), None)
            if first is None:
                return f"no log line contains {e.text!r}"
            if e.names and not any(e.names[0] in line for line in g.state.log[first + 1:]):
                return f"no log line containing {e.names[0]!r} comes after the first containing {e.text!r}"
            return ""
        if e.kind == "never_sees":
            p = self._player(e.player)
            shown = [t for t in self.seen.get(p, []) if e.text in t]
            # The event log is omniscient; the player sees their TurnLog view of it (400.2, 708.5).
            view = TurnLog([pl.name for pl in g.players], viewer=p).feed(g.state.log)
            shown += [line for line in view if e.text in line]
            return "" if not shown else f"{e.player} was shown {e.text!r}: {shown[0]!r} (708.5)"
        assert e.ref is not None
        o = self.find(e.ref)
        if o is None:
            return f"{e.ref} doesn't exist anymore"
        ch = g.characteristics(o)
        if e.kind == "in_zone":
            assert e.zone is not None
            return "" if o.zone is e.zone else f"{e.ref} is in the {o.zone.value}, expected {e.zone.value}"
        if e.kind == "power":
            return "" if (ch.power, ch.toughness) == (e.value, e.value2) else \
                f"{e.ref} is {ch.power}/{ch.toughness}, expected {e.value}/{e.value2}"
        if e.kind == "counters":
            have = o.counters.get(e.text, 0)
            return "" if have == e.value else f"{e.ref} has {have} {e.text} counters, expected {e.value}"
        if e.kind == "tapped":
            return "" if o.tapped else f"{e.ref} is untapped, expected tapped"
        if e.kind == "untapped":
            return "" if not o.tapped else f"{e.ref} is tapped, expected untapped"
        if e.kind == "damage":
            return "" if o.damage == e.value else f"{e.ref} has {o.damage} damage, expected {e.value}"
        if e.kind == "face":
            status = "down" if o.face_down is not None else "up"
            return "" if status == e.text else f"{e.ref} is face {status}, expected face {e.text}"
        if e.kind == "named":
            return "" if ch.name == e.text else f"{e.ref} is named {ch.name!r}, expected {e.text!r}"
        if e.kind == "mana_value":
            mv = mana_value(ch.mana_cost)
            return "" if mv == e.value else f"{e.ref} has mana value {mv}, expected {e.value}"
        if e.kind == "colorless":
            return "" if not ch.colors else f"{e.ref} is {sorted(ch.colors)}, expected colorless"
        if e.kind == "color":
            want = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[e.text]
            return "" if ch.colors == {want} else f"{e.ref} is {sorted(ch.colors)}, expected {e.text}"
        if e.kind == "no_subtypes":
            return "" if not ch.subtypes else f"{e.ref} has subtypes {sorted(ch.subtypes)}, expected none"
        if e.kind == "phased":
            if o.zone is not Zone.BATTLEFIELD:
                return f"{e.ref} is in the {o.zone.value}, not on the battlefield: it can't be phased {e.text}"
            status = "out" if o.phased_out else "in"
            return "" if status == e.text else f"{e.ref} is phased {status}, expected phased {e.text}"
        raise ScenarioError(f"unknown expectation {e.kind}")


def run_scenario(scenario: Scenario, pool: Pool) -> ScenarioResult:
    """Run ``scenario`` against ``pool``; a :class:`ScenarioError` means the scenario itself is wrong."""
    if scenario.stop[1] not in STEPS:
        raise ScenarioError(f"unknown step {scenario.stop[1]!r}")
    return Harness(scenario, pool).run()
