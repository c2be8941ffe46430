"""A scenario's timeline: what a player does at a (turn, step), one class per action.

An action taken with priority (:class:`PriorityAction`: cast, activate, play a land, turn face up,
pass) builds the engine's :class:`~runtime.actions.Action`; a declaration (:class:`Declaration`:
attack, block) answers the engine's question of its step (508.1, 509.1).
"""
from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, ClassVar

from ...abilities import AdditionalCost, AlternativeCost
from ...actions import Action, ActivateAbility, CastSpell, Concede, PassPriority, PlayLand, TurnFaceUp
from ...costoptions import cost_options
from ...facedown import face_up_ways
from ...zones import Zone
from .refs import Ref, ScenarioError, Target

if TYPE_CHECKING:
    from .harness import Harness


@dataclass(frozen=True)
class Pay:
    """Pay an optional cost: the keyword's option (first, or the one with ``cost``), ``times`` times."""

    keyword: str
    cost: tuple[str, ...] = ()
    times: int = 1


@dataclass(frozen=True)
class ScriptedAction:
    """An action at (turn, step) by ``player``; ``expect_refused``: the engine must refuse it, with
    ``reason`` in its message if one is given."""

    word: ClassVar[str] = ""  # the action as written, in messages

    turn: int
    step: str
    player: str
    _: KW_ONLY
    expect_refused: bool = False
    reason: str = ""
    line: int = 0

    def what(self) -> str:
        """The action, roughly as written ("cast 'Lightning Bolt'")."""
        return self.word

    def describe(self) -> str:
        """Where and what, for messages."""
        return f"line {self.line}: turn {self.turn} {self.step} {self.player} {self.what()}"


@dataclass(frozen=True)
class PriorityAction(ScriptedAction):
    """An action taken when its player has priority (117)."""

    def build(self, h: "Harness", player: int) -> Action:
        """The engine's action for ``player`` (the index of :attr:`player`)."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class PassAction(PriorityAction):
    """Pass priority once (117.3d), to act at a later priority of the same step."""

    word: ClassVar[str] = "pass"

    def build(self, h: "Harness", player: int) -> Action:
        """Passing."""
        return PassPriority()


@dataclass(frozen=True)
class ConcedeAction(PriorityAction):
    """104.3a: concede the game -- lose it and leave it (800.4a)."""

    word: ClassVar[str] = "concede"

    def build(self, h: "Harness", player: int) -> Action:
        """Conceding."""
        return Concede()


@dataclass(frozen=True)
class CardAction(PriorityAction):
    """A priority action on one card."""

    card: Ref

    def what(self) -> str:
        """The action and its card."""
        return f"{self.word} {self.card}"


@dataclass(frozen=True)
class CastAction(CardAction):
    """601.2: cast a spell, announcing an alternative cost (and ``more`` at once, 118.9a), modes
    (700.2, 1-based as printed), optional costs paid, X, targets and a division (601.2d)."""

    word: ClassVar[str] = "cast"

    alternative: str = ""
    more: tuple[str, ...] = ()
    modes: tuple[int, ...] | None = None
    division: tuple[int, ...] | None = None
    pays: tuple[Pay, ...] = ()
    x: int = 0
    targets: tuple[Target, ...] | None = None

    def build(self, h: "Harness", player: int) -> Action:
        """The cast: options (alternative and additional costs) matched by keyword or label among the
        card's printed and granted ones (613.1f)."""
        o = h.find(self.card, (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY, Zone.BATTLEFIELD), player)
        if o is None:
            raise ScenarioError(f"{self.describe()}: {self.card} not found")
        options = cost_options(h.game, o)
        alternative = None
        if self.alternative:
            matches = [i for i, opt in enumerate(options)
                       if isinstance(opt, AlternativeCost)
                       and self.alternative.lower() in (opt.keyword.lower(), opt.label.lower())]
            # A card without that cost now (e.g. flashback granted until end of turn, 514.2): an
            # unknown option, refused by the engine with its reason.
            alternative = matches[0] if matches else len(options)
        also: list[int] = []
        for word in self.more:
            extra = [i for i, opt in enumerate(options)
                     if isinstance(opt, AlternativeCost) and opt.keyword.lower() == word.lower()]
            also.append(extra[0] if extra else -1)  # the engine refuses any second alternative (118.9a)
        additional: list[tuple[int, int]] = []
        for pay in self.pays:
            idx = [i for i, opt in enumerate(options) if isinstance(opt, AdditionalCost)
                   and pay.keyword.lower() in (opt.keyword.lower(), opt.label.lower())
                   and (not pay.cost or opt.cost.mana == pay.cost)]
            if not idx:
                raise ScenarioError(
                    f"{self.describe()}: {o.definition.name} has no {pay.keyword} {''.join(pay.cost)} cost"
                    + _did_you_mean(pay, options))
            additional.append((idx[0], pay.times))
        targets = tuple(h.target(t) for t in self.targets) if self.targets is not None else None
        modes = tuple(m - 1 for m in self.modes) if self.modes is not None else None
        return CastSpell(o.oid, alternative=alternative, additional=tuple(additional), targets=targets, x=self.x,
                         also=tuple(also), modes=modes, division=self.division)


def _did_you_mean(pay: Pay, options: tuple[object, ...]) -> str:
    """A hint when ``pay`` names a keyword the card lacks but another of its optional costs is named
    with it: "with kicker x2" for a multikicker cost (702.33c) suggests "with multikicker x2"."""
    words = sorted({opt.keyword.lower() for opt in options if isinstance(opt, AdditionalCost)
                    and opt.keyword and pay.keyword.lower() in opt.keyword.lower()
                    and opt.keyword.lower() != pay.keyword.lower()})
    if not words:
        return ""
    times = f" x{pay.times}" if pay.times != 1 else ""
    cost = f" {''.join(pay.cost)}" if pay.cost else ""
    return f"; did you mean {' or '.join(f'with {w}{cost}{times}' for w in words)}?"


@dataclass(frozen=True)
class ActivateAction(CardAction):
    """602.2: activate a permanent's (or a card in hand's) ``ability``-th activated ability (1-based)."""

    word: ClassVar[str] = "activate"

    ability: int = 1
    x: int = 0
    targets: tuple[Target, ...] | None = None

    def build(self, h: "Harness", player: int) -> Action:
        """The activation."""
        o = h.find(self.card, (Zone.BATTLEFIELD,)) or h.find(self.card, (Zone.HAND,), player)
        if o is None:
            raise ScenarioError(f"{self.describe()}: {self.card} is not on the battlefield or in the hand")
        targets = tuple(h.target(t) for t in self.targets) if self.targets is not None else None
        return ActivateAbility(o.oid, self.ability - 1, targets, self.x)


@dataclass(frozen=True)
class PlayAction(CardAction):
    """305.1: play a land (special action, 116.2a)."""

    word: ClassVar[str] = "play"

    def build(self, h: "Harness", player: int) -> Action:
        """Playing the land from the hand (or from exile or the library, where an effect allows)."""
        o = h.find(self.card, (Zone.HAND, Zone.EXILE, Zone.LIBRARY), player)
        if o is None:
            raise ScenarioError(f"{self.describe()}: {self.card} is not in {self.player}'s hand")
        return PlayLand(o.oid)


@dataclass(frozen=True)
class TurnFaceUpAction(CardAction):
    """116.2b: turn a face-down permanent face up, ``way`` naming how (morph, megamorph, mana)."""

    word: ClassVar[str] = "faceup"

    way: str = ""
    x: int = 0

    def build(self, h: "Harness", player: int) -> Action:
        """Turning it face up by the first of its ways whose label starts with :attr:`way`; a face-down
        spell on the stack may be named too, for the engine to refuse (708.7)."""
        o = h.find(self.card, (Zone.BATTLEFIELD, Zone.STACK))
        if o is None:
            raise ScenarioError(f"{self.describe()}: {self.card} is not on the battlefield or the stack")
        ways = face_up_ways(h.game, o)
        way = 0
        if self.way:
            found = [i for i, w in enumerate(ways) if w.label.split()[0] == self.way.lower()]
            way = found[0] if found else len(ways)  # an unknown way: refused by the engine
        return TurnFaceUp(o.oid, way, self.x)


@dataclass(frozen=True)
class Declaration(ScriptedAction):
    """A declaration of the combat step its (turn, step) names."""

    def declare(self, h: "Harness") -> tuple[str, ...]:
        """The answer to the engine's declaration question."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class AttackAction(Declaration):
    """508.1: declare these creatures as attackers."""

    word: ClassVar[str] = "attack"

    attackers: tuple[Ref, ...]

    def declare(self, h: "Harness") -> tuple[str, ...]:
        """The attackers' keys; a card name written twice means two such creatures."""
        keys: list[str] = []
        for r in self.attackers:
            o = h.find(r, (Zone.BATTLEFIELD,), skip=frozenset(int(k) for k in keys))
            if o is None:
                raise ScenarioError(f"{self.describe()}: attacker {r} is not on the battlefield")
            keys.append(str(o.oid))
        return tuple(keys)


@dataclass(frozen=True)
class BlockAction(Declaration):
    """509.1: declare these blocks, as (blocker, attacker) pairs; none for ``block nothing``."""

    word: ClassVar[str] = "block"

    blocks: tuple[tuple[Ref, Ref], ...]

    def declare(self, h: "Harness") -> tuple[str, ...]:
        """The blocks as ``blocker>attacker`` keys; a blocker's card name written twice means two creatures."""
        pairs: list[str] = []
        for b, att in self.blocks:
            blockers = frozenset(int(p.partition(">")[0]) for p in pairs)
            bo, ao = h.find(b, (Zone.BATTLEFIELD,), skip=blockers), h.find(att, (Zone.BATTLEFIELD,))
            if bo is None or ao is None:
                raise ScenarioError(f"{self.describe()}: {b} or {att} is not on the battlefield")
            pairs.append(f"{bo.oid}>{ao.oid}")
        return tuple(pairs)
