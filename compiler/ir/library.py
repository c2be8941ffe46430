"""The keyword library (702, 701): keyword definitions, keyword actions, counter kinds, land
types and ability words, which cards are checked and compiled against."""
from __future__ import annotations

from enum import Enum
from typing import AbstractSet, Any, Callable, Mapping, TypeVar, cast

from ..pyexpr import ident, lit
from .abilities import AbilityIR, ActivatedIR, KeywordUseIR
from .base import dataclass, freeze
from .costs import CostIR

_T = TypeVar("_T")


# ------------------------------------------------------------------ what a keyword stands for


class KeywordPart:
    """One rules mechanism a keyword stands for beside its abilities (an additional or
    alternative cost, a permission...): rendered as a runtime part of the keyword's
    ``abilities()``, labelled with the keyword's label and name (``kw``)."""

    # Whether it is a cost a card's "if kicked"-style conditions can name (607.2).
    LINKED_COST = False

    def python(self, kw: "KeywordIR") -> str | None:
        """The runtime part expression (None: nothing at run time)."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class AdditionalCostPart(KeywordPart):
    """601.2b, 702.33a: an optional additional cost, the keyword's cost parameter ``param``
    (``repeatable``: multikicker, 702.33c)."""

    param: str
    repeatable: bool = False
    LINKED_COST = True

    def python(self, kw: "KeywordIR") -> str | None:
        return (f"rt.AdditionalCost(label={lit(kw.label)}, cost={ident(self.param)}, "
                f"repeatable={self.repeatable!r}, keyword={lit(kw.name)})")


@dataclass(frozen=True)
class AlternativeCostPart(KeywordPart):
    """118.9: an alternative cost (flashback 702.34a, madness 702.35a, morph 702.37c) in a zone:
    the cost parameter ``param`` or a printed cost ``fixed``; ``face_down``: cast face down;
    ``instructed``: only when an effect instructs (702.35a)."""

    param: str = ""
    zone: str = "hand"
    fixed: tuple[str, ...] = ()
    face_down: bool = False
    instructed: bool = False
    LINKED_COST = True

    def python(self, kw: "KeywordIR") -> str | None:
        label = lit(kw.label)
        cost = f"rt.Cost(mana={lit(self.fixed)})" if self.fixed else ident(self.param)
        extra = ""
        if self.face_down:
            extra += f", face_down=rt.FaceDown({label})"
        if self.instructed:
            extra += ", instructed=True"
        return (f"rt.AlternativeCost(label={label}, cost={cost}, "
                f"zone=rt.Zone.{self.zone.upper()}, keyword={lit(kw.name)}{extra})")


@dataclass(frozen=True)
class FaceUpPart(KeywordPart):
    """702.37e, 116.2b: turning a face-down permanent face up for a cost (``counter``: megamorph's
    counters, 702.37b)."""

    param: str
    counter: str = ""
    amount: int = 0

    def python(self, kw: "KeywordIR") -> str | None:
        counters = f", counters=(({lit(self.counter)}, {lit(self.amount)}),)" if self.counter else ""
        return f"rt.FaceUpCost(label={lit(kw.label)}, cost={ident(self.param)}{counters}, keyword={lit(kw.name)})"


@dataclass(frozen=True)
class CastFromPart(KeywordPart):
    """702.81a-style: cast from a zone for its mana cost plus ``cost``."""

    zone: str
    cost: CostIR

    def python(self, kw: "KeywordIR") -> str | None:
        return (f"rt.AlternativeCost(label={lit(kw.label)}, cost={self.cost.python()}, "
                f"zone=rt.Zone.{self.zone.upper()}, keyword={lit(kw.name)}, plus_mana_cost=True)")


@dataclass(frozen=True)
class DiscardInsteadPart(KeywordPart):
    """702.35a: discarded, it is exiled instead of going to ``zone`` (madness)."""

    zone: str

    def python(self, kw: "KeywordIR") -> str | None:
        return f"rt.DiscardInstead(zone=rt.Zone.{self.zone.upper()}, label={lit(kw.label)})"


@dataclass(frozen=True)
class ExileFromStackPart(KeywordPart):
    """702.34a: cast this way, it is exiled instead of going anywhere else from the stack."""

    def python(self, kw: "KeywordIR") -> str | None:
        return f"rt.ExileIfLeavesStack(label={lit(kw.label)})"


@dataclass(frozen=True)
class HastePart(KeywordPart):
    """702.10b: can attack and {T} as though it had been under its controller's control since the turn began."""

    def python(self, kw: "KeywordIR") -> str | None:
        return "rt.IgnoresSummoningSickness()"


@dataclass(frozen=True)
class HandOnResolvePart(KeywordPart):
    """Paid this way, it goes to its owner's hand as it resolves (buyback, 702.27a)."""

    def python(self, kw: "KeywordIR") -> str | None:
        return f"rt.HandIfPaidOnResolve(label={lit(kw.label)})"


@dataclass(frozen=True)
class PlayerCountersIfPaidPart(KeywordPart):
    """122.1, 601.2h, 702.33h: as the costs are paid, if the keyword's cost was paid, the spell's
    controller gets ``amount`` ``counter`` counters ("you get a ticket counter")."""

    counter: str
    amount: int

    def python(self, kw: "KeywordIR") -> str | None:
        return (f"rt.PlayerGetsCountersIfPaid(label={lit(kw.label)}, counter={lit(self.counter)}, "
                f"amount={lit(self.amount)})")


@dataclass(frozen=True)
class StickerIfPaidPart(KeywordPart):
    """123.4, 601.2h, 702.33h: as the costs are paid, if the keyword's cost was paid, the spell's
    controller may put a sticker from their sheets on the spell."""

    def python(self, kw: "KeywordIR") -> str | None:
        return f"rt.StickerOnSpellIfPaid(label={lit(kw.label)})"


@dataclass(frozen=True)
class FlashPart(KeywordPart):
    """702.8a: may be cast any time you could cast an instant."""

    def python(self, kw: "KeywordIR") -> str | None:
        return "rt.MayCastAsThoughInstant()"


@dataclass(frozen=True)
class SplicePart(KeywordPart):
    """702.47a: splice onto ``subtype`` (a parameter) for ``param``."""

    param: str
    subtype: str

    def python(self, kw: "KeywordIR") -> str | None:
        return (f"rt.SpliceOnto(subtype={ident(self.subtype)}, label={lit(kw.label)}, cost={ident(self.param)}, "
                f"keyword={lit(kw.name)})")


@dataclass(frozen=True)
class AuraPart(KeywordPart):
    """702.5a, 303.4a: enchant a type (the keyword's type parameter ``param``)."""

    param: str

    def python(self, kw: "KeywordIR") -> str | None:
        return f"rt.AuraTarget(types=({ident(self.param)},))"


@dataclass(frozen=True)
class OnStackRestrictionPart(KeywordPart):
    """702.61a-b: while the object is on the stack, players can't cast spells or activate abilities
    that aren't mana abilities (split second); triggered abilities and special actions are unaffected."""

    def python(self, kw: "KeywordIR") -> str | None:
        return "rt.NoSpellsOrAbilitiesWhileOnStack()"


@dataclass(frozen=True)
class InertPart(KeywordPart):
    """A keyword whose rules are elsewhere (it does nothing itself)."""

    def python(self, kw: "KeywordIR") -> str | None:
        return None


# ------------------------------------------------------------------ definitions


@dataclass(frozen=True)
class KeywordIR:
    """A keyword definition."""

    name: str
    cls: str
    module: str
    params: tuple[tuple[str, str], ...]  # (name, "cost"|"number"|"quality"|"subtype"|"type")
    rule: str
    reminder: str
    condition_word: str
    parts: tuple[KeywordPart, ...]
    source: str
    line: int
    abilities: tuple["AbilityIR", ...] = ()
    joined_by: str = ""  # consecutive instances print as one line joined by this word (702.33c)
    variant_of: str = ""  # 702.37b: the keyword this one is a variant of ("morph"), lowercase
    # The rule saying multiple instances on one object are redundant (702.3c); "" if each
    # instance functions independently (113.2c: 702.38b amplify, 702.39b provoke).
    redundant: str = ""

    @property
    def label(self) -> str:
        """The label its costs carry: the condition word ("kicked"), else its own name."""
        return self.condition_word or self.name.lower()

    @property
    def has_linked_cost(self) -> bool:
        """Whether its costs are ones a card's conditions can name ("if it was kicked", 607.2)."""
        return any(p.LINKED_COST for p in self.parts)


class ActionStep(Enum):
    """One step of a keyword action (701), as the runtime's ``rt.ActionStep`` kinds name them."""

    FIND = "find"
    MOVE = "move"
    RANDOMIZE = "randomize"
    FACE_DOWN = "face_down"  # 701.34a: turned face down (manifest, cloak): acts on a library's top card
    ARRANGE = "arrange"  # 701.18a: looks at and orders a number of cards (scry)
    UNLESS_COUNTERS = "unless_counters"  # 701.43a: stops if the source has a counter of a kind (adapt)
    UNLESS_DESIGNATED = "unless_designated"  # 701.31a: stops if the source has a designation (monstrosity)
    PUT_COUNTERS = "put_counters"  # 122.6: the action's number of counters of a kind on the source
    DESIGNATE = "designate"  # 701.31b: the source gets a designation ("becomes monstrous")


@dataclass(frozen=True)
class ActionIR:
    """A keyword action definition (701)."""

    name: str
    cls: str
    module: str
    rule: str
    text: str
    steps: tuple[tuple[ActionStep, bool], ...]  # (step, may_fail)
    step_args: tuple[str, ...] = ()  # per step: its counter kind or designation ("" for none)
    # For a face-down step: the keywords its face-down characteristics list, and whether it may
    # be turned face up for its mana cost if it's a creature card (701.34b).
    face_down_keywords: tuple["KeywordUseIR", ...] = ()
    face_up_for_mana_cost: bool = False

    def has_step(self, step: ActionStep) -> bool:
        """Whether one of its steps is ``step``."""
        return any(s is step for s, _ in self.steps)


@dataclass(frozen=True)
class CounterIR:
    """A counter kind (122.1)."""

    name: str
    rule: str


@dataclass(frozen=True)
class LandTypeIR:
    """A land type and the mana ability it grants (305.6)."""

    name: str
    rule: str
    ability: ActivatedIR


@dataclass(frozen=True)
class KeywordFileIR:
    """One keyword file: what it defines, compiled into one module."""

    source: str
    module: str
    keywords: tuple[KeywordIR, ...]
    actions: tuple[ActionIR, ...]
    counters: tuple[CounterIR, ...]
    land_types: tuple[LandTypeIR, ...] = ()
    ability_words: tuple[str, ...] = ()


@dataclass(frozen=True)
class LibraryIR:
    """The whole keyword library: the symbol table cards are checked against.

    Its lookup tables are made once per library and shared (read-only) by every card compiled
    against it: a build compiles thousands of cards against one library.  They are kept beside
    the fields, out of equality, hashing and pickles.
    """

    files: tuple[KeywordFileIR, ...]

    def _memo(self, name: str, make: Callable[[], _T]) -> _T:
        memo: dict[str, Any] = self.__dict__.setdefault("_tables", {})
        if name not in memo:
            memo[name] = make()
        return cast(_T, memo[name])

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_tables"}

    def keywords(self) -> Mapping[str, KeywordIR]:
        """Keywords by lower-case name."""
        return self._memo("keywords", lambda: {k.name.lower(): k for f in self.files for k in f.keywords})

    def actions(self) -> Mapping[str, ActionIR]:
        """Keyword actions by name."""
        return self._memo("actions", lambda: {a.name: a for f in self.files for a in f.actions})

    def action_classes(self) -> Mapping[str, tuple[str, str]]:
        """Keyword actions by name -> (module, class)."""
        return self._memo("action_classes", lambda: {name: (a.module, a.cls) for name, a in self.actions().items()})

    def counters(self) -> AbstractSet[str]:
        """Known counter kinds."""
        return self._memo("counters", lambda: frozenset(c.name for f in self.files for c in f.counters))

    def ability_words(self) -> AbstractSet[str]:
        """Known ability words (207.2c)."""
        return self._memo("ability_words", lambda: frozenset(w for f in self.files for w in f.ability_words))

    def land_types(self) -> Mapping[str, LandTypeIR]:
        """Land types by name."""
        return self._memo("land_types", lambda: {t.name: t for f in self.files for t in f.land_types})

    def condition_words(self) -> Mapping[str, str]:
        """Condition word -> label."""
        return self._memo("condition_words", lambda: {k.condition_word: k.label for f in self.files
                                                      for k in f.keywords if k.condition_word})


freeze(globals())
