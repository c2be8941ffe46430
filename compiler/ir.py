"""The intermediate representation: frozen, hashable, picklable dataclasses.

Lowering produces these from textX models; templates and the text renderer consume them.
Worker processes return them (or rendered text), never textX models.
"""
from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, fields, is_dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, AbstractSet, Any, Callable, Mapping, TypeVar, Union, cast

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from dataclasses import dataclass as _dataclass

    def dataclass(*, frozen: bool) -> Callable[[type], type]:
        """``dataclasses.dataclass(frozen=True)`` without the methods, which
        :func:`_frozen_dataclass_methods` gives every class of this module at once at its end.

        The dataclass decorator compiles each method it makes with an ``exec`` of its own: six
        per frozen class, 31 classes, 25 ms of this module's import, which every one-shot
        ``cardsmith build`` pays (a one-card rebuild takes about 0.35 s).  Type checkers see the
        real decorator."""
        assert frozen
        return _dataclass(init=False, repr=False, eq=False)

_T = TypeVar("_T")


@dataclass(frozen=True)
class FilterIR:
    """A selector (see runtime.values.ObjectFilter)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    non: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    kind: str = ""
    words: str = ""  # the selector as written, for rules text
    other: bool = False  # "other": not the source itself
    without: str = ""  # "without flying"
    controller: str = ""  # "you" | "defending" | "opponent"
    blocked_by_source: bool = False  # "creature it's blocking"
    any_types: tuple[str, ...] = ()  # "instant or sorcery": one of these
    mv_min: int = -1  # "with converted mana cost N or greater" (202.3)
    mv_max: int = -1  # "... N or less"
    multicolored: bool = False  # "multicolored spell" (105.2c: two or more colors)
    face_down: bool = False  # "face-down creatures" (708.2)
    face_up: bool = False  # "face-up creatures"
    exiled: bool = False  # "exiled card": a card in exile (406)
    combat: tuple[str, ...] = ()  # "attacking or blocking creature" (506.4): any one of these
    name: str = ""  # "a permanent named X" (201.2)
    attacking_viewer: bool = False  # "that's attacking you" (508.1b: you are the defending player)
    alternatives: tuple["FilterIR", ...] = ()  # "a basic land card or a Gate card": or any one of these
    states: tuple[str, ...] = ()  # "tapped", "attacking or blocking": any one of these statuses
    power_max: int = -1  # "with power N or less" (208.1)
    power_min: int = -1
    toughness_max: int = -1  # "with toughness N or less"
    toughness_min: int = -1
    of_chosen: bool = False  # "of that type": also the kind chosen earlier in the ability


@dataclass(frozen=True)
class AmountIR:
    """A number: fixed, X, or times a cost was paid."""

    kind: str  # "fixed" | "x" | "times_paid" | "counters_on_this" | "param" | "graveyard_size"
    #            | "power_of" (value: slot, -1: this) | "event_amount" ("that much": of the trigger event)
    value: int = 0
    label: str = ""  # the cost label (times_paid), counter kind (counters_on_this) or parameter name
    words: str = ""
    filter: "FilterIR | None" = None  # count: the permanents counted ("the number of Wizards on the battlefield")


@dataclass(frozen=True)
class SacrificeIR:
    """"sacrifice N <filter>"."""

    count: AmountIR
    filter: FilterIR


@dataclass(frozen=True)
class CostIR:
    """A cost (118)."""

    mana: tuple[str, ...] = ()
    tap: bool = False
    life: AmountIR | None = None
    sacrifice: SacrificeIR | None = None
    discard: int = 0
    sacrifice_this: bool = False
    param: str = ""  # a keyword's cost parameter standing for the whole cost
    discard_filter: FilterIR | None = None  # "discard a land card"
    exile_from_hand: SacrificeIR | None = None  # "exile a blue card from your hand" (count and selector)
    remove_counter: str = ""  # "remove a fade counter from this": the counter kind ...
    remove_count: int = 0  # ... and how many
    discard_this: bool = False  # "discard this card" (the source, from its owner's hand)
    plus_param: str = ""  # a keyword's cost parameter paid together with the parts above
    reveal: SacrificeIR | None = None  # "reveal a green card in your hand" (count and selector)
    tap_permanents: SacrificeIR | None = None  # "tap an untapped creature you control" (count and selector)
    put_counters: tuple[str, int] | None = None  # "put a -0/-1 counter on this": (counter kind, how many)
    exile_this: bool = False  # "exile this": the permanent itself, as a cost (118.3)


@dataclass(frozen=True)
class RefIR:
    """A reference to an object or player: slot N, this object, the last affected objects, you."""

    kind: str  # "slot" | "this" | "last" | "you" | "player_slot" | "each" | "each_opponent" | "each_player"
    #            | "controller_of" | "enchanted" | "slots_from" (an "any number of targets" phrase)
    #            | "event_player" ("that player": of the trigger event)
    index: int = 0
    words: str = ""
    filter: "FilterIR | None" = None  # "each": the permanents meant
    same_name_as: "RefIR | None" = None  # "each": only those with the same name as this object (201.2)
    attached_to: "RefIR | None" = None  # "each": only those attached to these ("all Auras attached to them")
    in_graveyard: bool = False  # "each": the cards in your graveyard, not permanents (404)
    count: int = 0  # "slots": how many target slots from ``index`` ("up to two target creatures")


@dataclass(frozen=True)
class ConditionIR:
    """A condition.  ``kind`` "paid": a linked cost condition (607) with label, optional ordinal and
    subject slot (None: this); "graveyard": at least ``count`` cards in your graveyard;
    "control_since": came under your control since your last upkeep; "result": the previous
    instruction happened (``did``) or not; "has_keyword": this has ``keyword``."""

    label: str
    word: str
    kind: str = "paid"
    count: int = 0
    did: bool = True
    ordinal: int | None = None
    linked_cost: tuple[str, ...] = ()
    subject: int | None = None
    keyword: str = ""  # the keyword whose cost a linked condition names ("kicker")
    negated: bool = False  # "if it wasn't kicked"
    that_spell: bool = False  # "if that spell was kicked": the spell a cast trigger remembers
    its: bool = False  # mana_value printed "if its converted mana cost is N or less"
    filter: "FilterIR | None" = None  # defending_controls: "defending player controls an Island"
    zone: str = ""  # cast_from: the zone the spell was cast from ("graveyard")
    filters: tuple["FilterIR", ...] = ()  # control: "you control a FILTER [or a FILTER]"


@dataclass(frozen=True)
class TargetIR:
    """A target slot."""

    kind: str  # "any" | "player" | "object"
    filter: FilterIR = FilterIR()
    zone: str = "battlefield"
    condition: ConditionIR | None = None
    words: str = ""
    mode: int = -1  # 700.2 / 601.2c: the slot of a modal spell's mode, chosen only with that mode
    optional: bool = False  # "any number of targets": may stay empty
    group: int = -1  # the slots of one "any number of targets" phrase
    repeat: bool = False  # 115.1d: an unbounded "any number of targets": this last slot is chosen again and again


@dataclass(frozen=True)
class EffectIR:
    """One effect.  ``kind`` names the runtime effect; ``args`` are its typed arguments."""

    kind: str
    args: tuple[tuple[str, "ArgValue"], ...]


ArgValue = Union[int, bool, str, tuple[str, ...], AmountIR, RefIR, FilterIR, tuple[FilterIR, ...], CostIR, "EffectIR",
                 tuple["StaticPartIR", ...], None]


@dataclass(frozen=True)
class SentenceIR:
    """A sentence of instructions."""

    effects: tuple[EffectIR, ...]
    condition: ConditionIR | None = None
    instead: bool = False
    may: bool = False  # "you may" (603.5 / 608.2d): the controller chooses whether to do it
    then: bool = False  # printed "Then ..." (a new sentence continuing the one before)
    gate: "ConditionIR | None" = None  # "... if C instead if D": C gates the replacing sentence itself
    ability_word: str = ""  # 207.2c: a spell's paragraph labelled by an ability word ("Revolt — ...")
    instead_last: bool = False  # printed "... instead." at the end of the sentence
    instead_if: bool = False  # printed "... instead if CONDITION."
    condition_after: bool = False  # printed after the instructions ("... if seven or more cards are ...")
    and_last: bool = False  # the last instruction printed after "and" ("... loses 3 life and you gain 3 life")


@dataclass(frozen=True)
class StaticPartIR:
    """One thing a static ability or continuous effect does (611, 613)."""

    kind: str  # pt | cant_attack | cant_block | cant_attack_or_block | evasion | block_only | shroud
    #            | hexproof | indestructible | cant_phase_out | phasing | has | loses | min_blockers
    #            | damage_steps | excess_to_player | attacks_untapped | lifelink_damage | lethal_damage
    #            | cant_be_blocked_by | cant_be_targeted_by | cant_be_attached_by | prevent_damage_from
    #            | attack_despite | color
    power: int = 0
    toughness: int = 0
    x_power: int = 0  # "+X/-X": power and toughness change by these multiples of X (fixed on resolution)
    minus_zero: str = ""  # "p", "t" or "pt": a zero written "-0" ("-2/-0"), kept for the rules text
    x_toughness: int = 0
    filters: tuple[FilterIR, ...] = ()
    keywords: tuple[str, ...] = ()
    count: int = 0  # min_blockers: "two or more creatures"
    regular: bool = False  # damage_steps: also in the regular combat damage step (510.4)
    quality: str = ""  # protection parts: a quality word ("black", "multicolored"), 702.16a
    quality_param: str = ""  # ... or a keyword's quality parameter standing for it
    this_turn: bool = False  # attack_despite: "can attack this turn as though ..." (a duration of its own)
    ability: "AbilityIR | None" = None  # gain_ability: the quoted ability granted (613.1f)
    ability_cls: str = ""  # ... and the module-level class it is rendered as
    colors: tuple[str, ...] = ()  # color: the color letters it becomes (613.1e, layer 5)
    additional: bool = False  # pt: printed "an additional +1/+1"
    amount: "AmountIR | None" = None  # set_pt: the number power and/or toughness equal (613.4a)
    per_counter: str = ""  # pt: "for each +1/+1 counter on this" (counted on the ability's source)
    per_filter: "FilterIR | None" = None  # pt: "for each face-down creature on the battlefield" (counted now)


@dataclass(frozen=True)
class TriggerIR:
    """What triggers an ability: events of the object itself, or the beginning of a step."""

    events: tuple[str, ...]  # enters | leaves | dies | attacks | blocks | blocked | phases_in | phases_out | beginning
    step: str = ""  # upkeep | draw | end (for "beginning")
    whose: str = ""  # your | each
    filter: FilterIR | None = None  # "becomes blocked by a creature without flanking"
    words: str = ""
    scope: str = "this"  # "this": the object's own events; "yours": "whenever a permanent you control ...";
    #                      "cast_you" | "cast_opponent" | "cast_any": "whenever an opponent casts a ... spell"
    subject: FilterIR | None = None  # for "yours": which objects ("permanent you control")
    opponents: bool = False  # "becomes the target of a spell or ability an opponent controls"
    from_graveyard: bool = False  # 113.6k-style: the ability works while its card is in the graveyard
    combat: bool = False  # deals_damage / dealt_damage: combat damage only (510.2)
    recipient: str = ""  # deals_damage: "" (anything) | "player" | "opponent" | "creature"
    zone: str = ""  # 113.6b: the zone it functions in when it says so ("exile"); "" for the usual zones
    counter: str = ""  # last_counter_removed: the counter kind ("time", 702.62a)

    @property
    def event_player(self) -> bool:
        """Whether the event names a player ("that player": the player dealt damage)."""
        # ... or the player whose step it is ("at the beginning of each player's upkeep").
        return ("deals_damage" in self.events and self.recipient in ("player", "opponent")) \
            or (self.events == ("beginning",) and self.whose == "each player's")

    @property
    def event_amount(self) -> bool:
        """Whether the event has an amount ("that much": the damage dealt, 603.2)."""
        return "deals_damage" in self.events or "dealt_damage" in self.events or "attack_batch" in self.events


@dataclass(frozen=True)
class KeywordUseIR:
    """A keyword line on a card: which compiled keyword class, with which arguments."""

    name: str
    module: str
    cls: str
    args: tuple[Union[CostIR, int, str], ...]  # str: a card type ("enchant creature")
    joined: str = ""  # "," or ";" when printed on the same line as the keyword before it


@dataclass(frozen=True)
class SpellIR:
    """An instant's or sorcery's instructions."""

    targets: tuple[TargetIR, ...]
    sentences: tuple[SentenceIR, ...]
    modes: tuple[tuple[SentenceIR, ...], ...] = ()  # 700.2: a modal spell's modes, in printed order
    choose: int = 0  # how many modes are chosen


@dataclass(frozen=True)
class TriggeredIR:
    """A triggered ability."""

    trigger: TriggerIR
    condition: ConditionIR | None
    targets: tuple[TargetIR, ...]
    sentences: tuple[SentenceIR, ...]
    ability_word: str = ""


@dataclass(frozen=True)
class ActivatedIR:
    """An activated ability."""

    cost: CostIR
    targets: tuple[TargetIR, ...]
    sentences: tuple[SentenceIR, ...]
    is_mana: bool
    intrinsic: bool = False  # granted by a land type (305.6); printed as reminder text
    restriction: ConditionIR | None = None  # "activate only if" (602.5b)
    ability_word: str = ""
    once_per_turn: bool = False  # "Activate this ability only once each turn." (602.5b)
    from_hand: bool = False  # functions only while its card is in its owner's hand (113.6a, 702.29a)
    special: bool = False  # a special action (116.2f): doesn't use the stack


@dataclass(frozen=True)
class EntersWithIR:
    """"enters with N counters" (614.1c)."""

    amount: AmountIR
    counter: str
    condition: ConditionIR | None = None
    ability_word: str = ""
    keywords: tuple[str, ...] = ()  # "... and with flying": keywords it has from then on


@dataclass(frozen=True)
class EntersTappedIR:
    """"this enters the battlefield tapped" (614.1c)."""

    ability_word: str = ""


@dataclass(frozen=True)
class AmplifyIR:
    """As it enters, reveal cards sharing a creature type; N counters per card (702.38a, 614.1c)."""

    amount: AmountIR
    counter: str
    ability_word: str = ""


@dataclass(frozen=True)
class StaticIR:
    """A static ability of the object itself, maybe "as long as" a condition (604, 611.3)."""

    parts: tuple[StaticPartIR, ...]
    condition: ConditionIR | None = None
    condition_first: bool = False  # "As long as ..., this ..." (printed order)
    ability_word: str = ""
    enchanted: str = ""  # "enchanted creature gets ...": applies to what the Aura is attached to
    host_word: str = "enchanted"  # "enchanted" (an Aura, 303.4) or "equipped" (an Equipment, 301.5)
    affected: FilterIR | None = None  # "white creatures get +1/+1": every permanent the selector matches
    cards: bool = False  # ... every card it matches that isn't on the battlefield (611.3a)
    zones: tuple[str, ...] = ()  # 113.6b: the zones it says it functions in ("command", "battlefield")


@dataclass(frozen=True)
class UncounterableIR:
    """"This spell can't be countered." (101.2, 701.5a)"""

    ability_word: str = ""


@dataclass(frozen=True)
class AsTurnedFaceUpIR:
    """"As this is turned face up, put N counters on it" (708.11)."""

    amount: AmountIR
    counter: str
    ability_word: str = ""


@dataclass(frozen=True)
class EntersAsCopyIR:
    """"You may have this enter the battlefield as a copy of any creature on the battlefield" (707.5)."""

    filter: FilterIR
    ability_word: str = ""


@dataclass(frozen=True)
class CardCostIR:
    """A cost option printed on the card itself: an alternative cost ("you may ... rather than pay this
    spell's mana cost", 118.9) or a mandatory additional cost ("as an additional cost ...", 601.2b)."""

    kind: str  # "alternative" | "additional" | "per_extra_target" (601.2f: "costs {1} more ... beyond the first")
    cost: CostIR
    ability_word: str = ""


AbilityIR = Union[KeywordUseIR, SpellIR, TriggeredIR, ActivatedIR, EntersWithIR, EntersTappedIR, AmplifyIR, StaticIR,
                  AsTurnedFaceUpIR, EntersAsCopyIR, UncounterableIR, CardCostIR]


@dataclass(frozen=True)
class CardIR:
    """A whole card."""

    name: str
    source: str
    module: str
    mana_cost: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    colors: tuple[str, ...]
    abilities: tuple[AbilityIR, ...]
    text_override: str | None


# ------------------------------------------------------------------ keyword library


@dataclass(frozen=True)
class KeywordPartIR:
    """One thing a keyword stands for: kind + parameters."""

    kind: str  # "additional" | "alternative" | "exile_from_stack" | "discard_instead" | "face_up" | "haste" | "flash" | "inert"
    param: str = ""
    repeatable: bool = False
    zone: str = ""
    filter: FilterIR | None = None
    fixed: tuple[str, ...] = ()  # a printed cost instead of a parameter ("alternative cost {3}")
    face_down: bool = False  # cast face down (702.37c)
    instructed: bool = False  # only when an effect instructs (702.35a)
    counter: str = ""  # face_up: counters put on it as it turns face up (702.37b)
    amount: int = 0
    cost: CostIR | None = None  # cast_from: the cost added to the mana cost (702.81a)


@dataclass(frozen=True)
class KeywordIR:
    """A keyword definition."""

    name: str
    cls: str
    module: str
    params: tuple[tuple[str, str], ...]  # (name, "cost"|"number")
    rule: str
    reminder: str
    condition_word: str
    parts: tuple[KeywordPartIR, ...]
    source: str
    line: int
    abilities: tuple["AbilityIR", ...] = ()
    joined_by: str = ""  # consecutive instances print as one line joined by this word (702.33c)

    @property
    def label(self) -> str:
        """The label its costs carry: the condition word ("kicked"), else its own name."""
        return self.condition_word or self.name.lower()


@dataclass(frozen=True)
class ActionIR:
    """A keyword action definition (701)."""

    name: str
    cls: str
    module: str
    rule: str
    text: str
    steps: tuple[tuple[str, bool], ...]  # (kind, may_fail)
    # For a "face_down" step: the keywords its face-down characteristics list, and whether it may
    # be turned face up for its mana cost if it's a creature card (701.34b).
    face_down_keywords: tuple["KeywordUseIR", ...] = ()
    face_up_for_mana_cost: bool = False


@dataclass(frozen=True)
class CounterIR:
    """A counter kind."""

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
        """Keyword actions by name -> (module, class) (a build renders thousands of cards against
        one library: made once, not per card)."""
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


def _frozen_dataclass_methods(classes: list[type]) -> None:
    """Give each class of ``classes`` (dataclasses made with no methods, see :func:`dataclass`)
    what ``dataclasses.dataclass(frozen=True)`` would: ``__init__``, ``__repr__``, ``__eq__``,
    ``__hash__``, and the ``__setattr__``/``__delattr__`` that refuse to change a field.

    They behave as the dataclass's own (the same signatures; equality and hash of the tuple of
    the fields; the same ``repr``; :class:`dataclasses.FrozenInstanceError`), with two
    differences.  ``__init__`` stores the fields in the instance's ``__dict__`` directly: a
    frozen dataclass's own goes through ``object.__setattr__`` once per field, which made it 2.5
    times slower (a ``FilterIR`` has 30 fields), and lowering makes a few dozen of these objects
    per card.  And only the ``__init__``s are compiled (one ``exec`` for all of them, their code
    made from the field names of this module's own classes, never from a script): the other
    methods are shared by every class and read its fields' names from ``_ir_fields``, because
    compiling a method costs about 0.14 ms, and the 186 the dataclass decorator compiled were
    25 ms of the import.  A method a class defines itself is kept."""
    source: list[str] = []
    namespace: dict[str, Any] = {}
    for n, cls in enumerate(classes):
        params: list[str] = []
        stores: list[str] = []
        names = tuple(f.name for f in fields(cls))
        for f in fields(cls):
            # (none here: the fields this code knows how to store and compare)
            assert f.init and f.repr and f.compare and f.hash is None and f.default_factory is MISSING, f
            if f.default is MISSING:
                params.append(f.name)
            else:
                namespace[f"_default{n}_{f.name}"] = f.default
                params.append(f"{f.name}=_default{n}_{f.name}")
            stores.append(f"    d[{f.name!r}] = {f.name}\n")
        source.append(f"def init{n}(self{''.join(', ' + p for p in params)}):\n    d = self.__dict__\n{''.join(stores)}")
        setattr(cls, "_ir_fields", names)
        # The tuple of the fields, as the dataclass's __eq__ and __hash__ compare and hash it.
        setattr(cls, "_ir_key", staticmethod(attrgetter(*names) if len(names) > 1 else _one_field_key(names[0])
                                             if names else _no_field_key))
    exec("".join(source), namespace)  # noqa: S102 - field names of this module (see above)
    for n, cls in enumerate(classes):
        shared: dict[str, Callable[..., Any]] = {"__init__": namespace[f"init{n}"], "__repr__": _ir_repr,
                                                 "__eq__": _ir_eq, "__hash__": _ir_hash,
                                                 "__setattr__": _ir_setattr, "__delattr__": _ir_delattr}
        for method, fn in shared.items():
            if method in vars(cls):
                continue
            if method == "__init__":
                fn.__name__ = method
                fn.__qualname__ = f"{cls.__qualname__}.{method}"
                fn.__module__ = cls.__module__
            setattr(cls, method, fn)
        _FROZEN.add(cls)


def _one_field_key(name: str) -> Callable[[Any], tuple[Any, ...]]:
    def key(obj: Any) -> tuple[Any, ...]:
        return (getattr(obj, name),)
    return key


def _no_field_key(obj: Any) -> tuple[Any, ...]:
    return ()


_FROZEN: set[type] = set()  # the classes given these methods (a subclass of one may set other attributes)


def _ir_repr(self: Any) -> str:
    return f"{self.__class__.__qualname__}({', '.join(f'{a}={getattr(self, a)!r}' for a in self._ir_fields)})"


def _ir_eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self._ir_key(self) == self._ir_key(other)
    return NotImplemented


def _ir_hash(self: Any) -> int:
    return hash(self._ir_key(self))


def _ir_setattr(self: Any, name: str, value: object) -> None:
    if type(self) in _FROZEN or name in self._ir_fields:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _ir_delattr(self: Any, name: str) -> None:
    if type(self) in _FROZEN or name in self._ir_fields:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


_frozen_dataclass_methods([v for v in list(globals().values())
                           if isinstance(v, type) and is_dataclass(v) and v.__module__ == __name__])
