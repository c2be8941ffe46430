"""Card definitions and the ability classes generated card modules subclass.

A generated card module defines one class per ability (subclassing :class:`SpellAbility`,
:class:`TriggeredAbility`, ...) with its parts as class attributes, and one
:class:`CardDefinition`.  Keywords compile to :class:`Keyword` subclasses whose
:meth:`Keyword.abilities` returns the general abilities they stand for (additional and alternative
costs, replacement effects, restrictions); the runtime never looks at a keyword's name to decide
what it does.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, ClassVar, Union

from .continuous import Part
from .mana import SpendingRestriction, colors_of, mana_value
from .values import Amount, Cost
from .selectors import ObjectFilter
from .zones import Zone

if TYPE_CHECKING:
    from .conditions import Condition
    from .effects import Effect
    from .facedown import FaceDown


class TargetKind(Enum):
    """115.1: what a target slot may hold."""

    ANY = "any"  # creature, player or planeswalker (115.4)
    PLAYER = "player"
    OBJECT = "object"


@dataclass(frozen=True)
class TargetSpec:
    """One target slot ("target nonblack creature").  ``condition`` set: chosen only if it holds (702.33g)."""

    kind: TargetKind
    filter: ObjectFilter = ObjectFilter()
    zone: Zone = Zone.BATTLEFIELD
    condition: Condition | None = None
    text: str = "target"
    mode: int = -1  # 700.2 / 601.2c: a modal spell's slot, chosen only if its mode is chosen
    optional: bool = False  # "any number of targets": this slot may be left empty (115.1d)
    group: int = -1  # slots of one "any number of targets" phrase: each must be a different one (115.3)
    # "any number of targets" with no bound (115.1d): this slot, the ability's last, is chosen again
    # for each further target; the targets beyond it extend the chosen tuple.
    repeat: bool = False
    opponents_only: bool = False  # "target opponent or planeswalker": only opponents among players (115.4)
    # 115.1: a card in the graveyard of the player chosen for target slot ``owner_slot`` ("target player
    # shuffles up to two target cards from their graveyard ...").
    owner_slot: int = -1
    # 601.2c, 702.33d: this slot, the ability's last, is chosen this many times, counted as targets are
    # chosen ("another target for each time this spell was kicked": the kicks were announced, 601.2b).
    times: Amount | None = None
    abilities: bool = False  # 113.7, 115.1: "target spell or ability": activated and triggered abilities on the stack too
    # 115.1: one slot spanning zones, "target permanent or suspended card": what this slot's own filter and
    # zone allow, or what any of these slots (each with its own filter and zone) allows
    either: tuple["TargetSpec", ...] = ()


@dataclass(frozen=True)
class Sentence:
    """One instruction sentence (608.2c): effects in order, maybe gated by a condition.

    With ``instead`` the sentence replaces the sentence before it when its condition holds;
    with ``may`` its controller chooses whether to do it (608.2d).
    """

    effects: tuple["Effect", ...]
    condition: Condition | None = None
    instead: bool = False
    may: bool = False
    # "... if C instead if D" (608.2c): D (``condition``) decides the replacement, C gates this sentence.
    gate: Condition | None = None


class Ability:
    """Base of every ability.  ``text`` is its rendered rules text."""

    text: ClassVar[str] = ""
    # 612.1: its text may be changed (runtime.text_changes reads its class attributes and parameters)
    TEXT_CHANGEABLE: ClassVar[bool] = True

    def __deepcopy__(self, memo: dict[int, object]) -> "Ability":
        return self  # abilities are immutable definitions, shared by every game state copy


class SpellAbility(Ability):
    """The instructions of an instant or sorcery (113.3a); a modal spell (700.2) has ``modes``
    instead, ``choose`` of which are announced as it is cast (601.2b)."""

    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    sentences: ClassVar[tuple[Sentence, ...]] = ()
    modes: ClassVar[tuple[tuple[Sentence, ...], ...]] = ()
    choose: ClassVar[int] = 0
    # 601.2d: an amount divided among the chosen targets (announced as it is cast), or None.
    divide: ClassVar[Amount | None] = None


@dataclass(frozen=True)
class EntersTheBattlefield:
    """603.6a: "When this enters the battlefield"."""


@dataclass(frozen=True)
class BeginningOfStep:
    """"At the beginning of [your|each] <step>" (503.1, 513.1); ``yours`` limits it to the controller's turn."""

    step: str
    yours: bool = True
    zone: str = ""  # 113.6b: the zone it functions in when it says so ("exile"); "" is the battlefield


@dataclass(frozen=True)
class ObjectEvent:
    """"When/whenever this <event> [or <event>]" (603.2): events of the object itself.

    Events: enters (603.6a), leaves and dies (603.6c, 603.10a: they look back in time), attacks
    (508.3a), blocks (509.3c), blocked (509.3d; ``filter`` restricts the blocker), phases_in and
    phases_out (702.26), turned_face_up (708.8), exiled_this_way (607.2a, linked to a replacement
    effect of the same keyword), targeted (becomes the target of a spell or ability, 702.21a).
    """

    events: tuple[str, ...]
    filter: ObjectFilter | None = None
    # Whose events: "this" (the object itself), "yours" (any permanent its controller
    # controls: "whenever a permanent you control is turned face up") or "attached" (the permanent
    # the source is attached to: "when enchanted creature dies", 303.4e).
    scope: str = "this"
    # 702.21a: "... a spell or ability an opponent controls" (for "becomes the target").
    opponents_only: bool = False
    # 113.6k: a triggered ability that functions from the graveyard (it says so in its effect).
    from_graveyard: bool = False
    subject: ObjectFilter | None = None  # for "yours": which objects' events ("a permanent you control")
    # deals_damage / dealt_damage (120.3, 603.2): combat damage only (510.2), and the recipient named
    # ("" any, "player", "opponent", "creature").
    combat_only: bool = False
    recipient: str = ""
    # 113.6b: the zone the ability says it functions in ("exile", 702.62a); "" for the usual ones.
    zone: str = ""
    counter: str = ""  # last_counter_removed: the counter kind ("when the last time counter is removed")


@dataclass(frozen=True)
class StateTrigger:
    """603.8: "when you control no Islands" -- triggers whenever ``condition`` holds (checked as
    state-based actions are), and not again while the ability waits or is on the stack."""

    condition: Condition


Trigger = Union[EntersTheBattlefield, BeginningOfStep, ObjectEvent, StateTrigger]


class TriggeredAbility(Ability):
    """603: a triggered ability, with an optional intervening-if condition (603.4)."""

    trigger: ClassVar[Trigger] = EntersTheBattlefield()
    condition: ClassVar[Condition | None] = None
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    # 603.3d, 601.2d: an amount divided among the chosen targets, announced as it is put on the stack.
    divide: ClassVar[Amount | None] = None
    sentences: ClassVar[tuple[Sentence, ...]] = ()
    # 700.2, 603.3c: a modal triggered ability's modes, ``choose`` of which its controller announces as it
    # is put on the stack (each mode's target slots are chosen only with it, ``TargetSpec.mode``).
    modes: ClassVar[tuple[tuple[Sentence, ...], ...]] = ()
    choose: ClassVar[int] = 0


class ActivatedAbility(Ability):
    """602: "[cost]: [effect]".  ``is_mana`` marks a mana ability (605.1a), which doesn't use the stack."""

    cost: ClassVar[Cost] = Cost()
    targets: ClassVar[tuple[TargetSpec, ...]] = ()
    sentences: ClassVar[tuple[Sentence, ...]] = ()
    is_mana: ClassVar[bool] = False
    restriction: ClassVar[Condition | None] = None  # "activate only if" (602.5b)
    once_per_turn: ClassVar[bool] = False  # "Activate this ability only once each turn." (602.5b)
    from_hand: ClassVar[bool] = False  # functions only while its card is in its owner's hand (113.6a, 702.29a)
    special: ClassVar[bool] = False  # a special action (116.2f): taken at once, without the stack


class StaticAbility(Ability):
    """604 / 611.3: a static ability, applying while ``condition`` holds, to the object itself or,
    with ``affects = "enchanted"``, to the permanent the object (an Aura) is attached to."""

    parts: ClassVar[tuple[Part, ...]] = ()
    condition: ClassVar[Condition | None] = None
    # "" (itself) | "enchanted" | "filter" (every permanent ``filter`` matches) | "cards" (every card
    # ``filter`` matches that isn't on the battlefield, 611.3a: "Each Vampire creature card you own
    # that isn't on the battlefield has madness")
    affects: ClassVar[str] = ""
    # 113.6b: the zones it says it functions in (e.g. ("command", "battlefield"), eminence); () is the battlefield.
    zones: ClassVar[tuple[str, ...]] = ()
    filter: ClassVar[ObjectFilter] = ObjectFilter()


@dataclass(frozen=True)
class AuraTarget(Ability):
    """702.5a / 303.4a: an Aura spell targets a permanent of one of ``types``; it enters attached to it."""

    types: tuple[str, ...]


@dataclass(frozen=True)
class AdditionalCost(Ability):
    """601.2b/f: an optional additional cost, payable once or, if ``repeatable``, any number of times."""

    label: str
    cost: Cost
    repeatable: bool = False
    keyword: str = ""  # the keyword it comes from, for players and logs ("Kicker")
    mandatory: bool = False  # "As an additional cost to cast this spell, ..." (601.2b): always paid
    # 601.2b: "reveal a Goblin card from your hand or pay {3}": the costs the player chooses from as
    # the spell is cast, each with its printed words (``cost`` is then the first of them).
    either: tuple[tuple[str, Cost], ...] = ()


@dataclass(frozen=True)
class AlternativeCost(Ability):
    """601.2b/f, 118.9: pay ``cost`` rather than the mana cost, casting from ``zone``.

    ``face_down``: the spell is cast face down with these face-down characteristics (702.37c,
    708.4).  ``instructed``: usable only when an effect instructs its owner to cast the card this
    way during resolution (608.2g; 702.35a madness), never as a normal cast.
    """

    label: str
    cost: Cost
    zone: Zone = Zone.HAND
    keyword: str = ""
    face_down: "FaceDown | None" = None
    instructed: bool = False
    # An alternative method of casting that adds ``cost`` to the mana cost instead of replacing it
    # ("cast this card from your graveyard by discarding a land card in addition to paying its
    # other costs", 702.81a retrace; 601.2b).
    plus_mana_cost: bool = False

    def total_for(self, mana_cost: tuple[str, ...]) -> Cost:
        """The cost of casting a card whose mana cost is ``mana_cost`` this way: ``cost``, or the
        mana cost plus ``cost`` (unpayable if the card has no mana cost, 118.6)."""
        return Cost.mana_cost_of(mana_cost).plus(self.cost) if self.plus_mana_cost else self.cost


@dataclass(frozen=True)
class SpliceOnto(Ability):
    """702.47a: while this card is in its owner's hand, as they cast a spell with ``subtype`` they may
    reveal it and pay ``cost`` as an additional cost (601.2b, 601.2f-h); the spell gains this card's
    rules text (702.47c, a text-changing effect, 612), its instructions following the spell's own."""

    subtype: str
    label: str
    cost: Cost
    keyword: str = ""


@dataclass(frozen=True)
class CostsMorePerExtraTarget(Ability):
    """601.2f: "This spell costs {1} more to cast for each target beyond the first" -- a cost
    increase added to the total cost once for each chosen target after the first (also strive,
    207.2c)."""

    cost: Cost


@dataclass(frozen=True)
class SpendingRestrictionOnX(Ability):
    """106.6, 601.2h, 107.3a: "Spend only colored mana on X. No more than one mana of each color may be
    spent this way." -- as this spell is cast, the mana spent on the {X} of its costs (its mana cost,
    an alternative cost, an additional cost such as kicker {X}) obeys every one of ``restrictions``;
    a payment that can't is refused (601.2h: unpayable costs can't be paid)."""

    restrictions: tuple[SpendingRestriction, ...]


@dataclass(frozen=True)
class CostsLessPerPermanent(Ability):
    """601.2f, 702.41a: "This spell costs {1} less to cast for each artifact you control" -- the
    generic part of its total cost is reduced by ``mana`` once for each permanent its caster controls
    that ``filter`` matches (``yours``: the selector doesn't say whose; affinity's are the caster's)."""

    mana: tuple[str, ...]
    filter: ObjectFilter
    yours: bool = False


@dataclass(frozen=True)
class CostsLessIf(Ability):
    """601.2f: "If [condition], this spell costs {6} less to cast." -- while the total cost is
    determined, ``cost`` (generic mana) is taken off it if ``condition`` holds."""

    cost: Cost
    condition: "Condition"


@dataclass(frozen=True)
class CantBeCountered(Ability):
    """"This spell can't be countered." (101.2: a "can't" wins over an instruction to counter it;
    it works while the spell is on the stack)."""


@dataclass(frozen=True)
class FaceUpCost(Ability):
    """702.37e: while this card is a face-down permanent, its controller may turn it face up for
    ``cost`` (a special action, 116.2b); ``counters`` are put on it as it turns up if this cost was
    the one paid (702.37b)."""

    label: str
    cost: Cost
    counters: tuple[tuple[str, int], ...] = ()
    keyword: str = ""


@dataclass(frozen=True)
class AsTurnedFaceUp(Ability):
    """708.11: "As this is turned face up, put N counters on it" -- applied while it turns face up."""

    amount: Amount
    counter: str


@dataclass(frozen=True)
class AsChoosePT(Ability):
    """614.1c, 614.12, 708.11: "As this enters the battlefield or is turned face up, it becomes your
    choice of 5/1 or 1/5" -- its controller chooses as it enters face up (``on_enter``) or while it
    turns face up (``on_turned_up``); from then on its power and toughness are the values chosen
    (613.4b, layer 7b: :class:`runtime.continuous.SetBasePT`)."""

    options: tuple[tuple[int, int], ...]
    on_enter: bool = True
    on_turned_up: bool = True


@dataclass(frozen=True)
class DiscardInstead(Ability):
    """614.1a: a replacement effect that works while the card is in its owner's hand: if it would
    be discarded, it is put into ``zone`` instead (702.35a).  The object it becomes there is
    "exiled this way" for the linked triggered ability (607.2a)."""

    zone: Zone
    label: str = ""


@dataclass(frozen=True)
class EntersAsCopy(Ability):
    """707.5 / 614.1c: "You may have this enter the battlefield as a copy of any creature on the
    battlefield": as it enters, its controller may choose one; it enters with that object's
    copiable values (707.2)."""

    filter: ObjectFilter
    optional: bool = True


@dataclass(frozen=True)
class AsCopyOf(Ability):
    """707.5, 707.9a, 708.11: "As this enters the battlefield or is turned face up, you may choose
    another creature on the battlefield. If you do, until this is turned face down, it becomes a copy
    of that creature, except it has "..."" -- the copiable values of the object chosen, plus the
    ``extra`` abilities (707.9a); the copy effect ends when the permanent is turned face down."""

    filter: ObjectFilter
    extra: tuple[Ability, ...] = ()
    optional: bool = True


@dataclass(frozen=True)
class ExileIfLeavesStack(Ability):
    """A replacement effect (614): if the cost option ``label`` was paid, the card is exiled instead
    of going anywhere else when it leaves the stack (e.g. 702.34a)."""

    label: str


@dataclass(frozen=True)
class HandIfPaidOnResolve(Ability):
    """A replacement effect (614): if the cost option ``label`` was paid, the card is put into its
    owner's hand instead of the graveyard as it finishes resolving (608.2m; e.g. 702.27a)."""

    label: str


@dataclass(frozen=True)
class AsCastIfPaid(Ability):
    """An instruction carried out as the spell's costs are paid (601.2h) if its cost option
    ``label`` was paid: "As an additional cost to cast this spell, if it's kicked, ..." (702.33h).
    Each subclass is one mechanism; ``runtime.casting`` carries it out by its class."""

    label: str


@dataclass(frozen=True)
class PlayerGetsCountersIfPaid(AsCastIfPaid):
    """122.1, 702.33h: the spell's controller gets ``amount`` ``counter`` counters ("you get a
    ticket counter") if the cost option ``label`` was paid."""

    counter: str = ""
    amount: int = 1


@dataclass(frozen=True)
class StickerOnSpellIfPaid(AsCastIfPaid):
    """123.4, 702.33h: the spell's controller may put a sticker from their sheets on the spell if
    the cost option ``label`` was paid, paying the sticker's ticket cost (123.3)."""


@dataclass(frozen=True)
class EntersWithCounters(Ability):
    """614.1c: "enters the battlefield with N counters" is a replacement effect."""

    amount: Amount
    counter: str
    condition: Condition | None = None
    keywords: tuple[str, ...] = ()  # "... and with flying": it has them from then on (611.2, 613.1f)
    abilities: tuple["Ability", ...] = ()  # "... and with "Pay 3 life: Regenerate this."" (613.1f)


@dataclass(frozen=True)
class EntersTapped(Ability):
    """614.1c: "enters the battlefield tapped" is a replacement effect."""


@dataclass(frozen=True)
class RevealToEnterWithCounters(Ability):
    """702.38a as a general replacement effect (614.1c, 614.12): as it enters, its controller reveals
    any number of cards in hand sharing a creature type with it (not itself, not cards entering at
    the same time); it enters with ``amount`` counters per card revealed."""

    amount: Amount
    counter: str


@dataclass(frozen=True)
class ChooseColorAsEnters(Ability):
    """614.12, 105.1: "As this enters the battlefield, choose a color" -- a replacement effect: its
    controller chooses as it enters; its abilities' "the chosen color" is that color."""


@dataclass(frozen=True)
class IgnoresSummoningSickness(Ability):
    """302.6: may attack and pay {T} costs without having been controlled continuously since the turn began."""


@dataclass(frozen=True)
class MayCastAsThoughInstant(Ability):
    """702.8a / 307.1: its controller may cast it any time they could cast an instant."""


@dataclass(frozen=True)
class NoSpellsOrAbilitiesWhileOnStack(Ability):
    """702.61a-b (split second): as long as the object with this is on the stack, players can't cast
    spells or activate abilities that aren't mana abilities (605.1a).  Triggered abilities still
    trigger and are put on the stack, and special actions (116.2: turning a face-down creature face
    up, suspending a card) may still be taken (702.61b).  :func:`runtime.timing.stack_restriction`
    finds it; casting and activating refuse, and no such action is offered."""


class Keyword(Ability):
    """A keyword ability (702) compiled from ``cards/keywords/``.

    ``name`` and ``rule`` identify it; :meth:`abilities` gives what it stands for.  ``redundant``
    is the rule saying multiple instances of it on one object are redundant (702.3c defender,
    702.26p phasing, ...); "" when each instance functions independently (113.2c: 702.38b amplify,
    702.39b provoke), the default the rules give.
    """

    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    # 702.37b: the keyword this one is a variant of ("megamorph is a variant of the morph ability"):
    # an object with this keyword has that one too, for what selects by keyword.
    variant_of: ClassVar[str] = ""
    # The rule saying multiple instances on one object are redundant (702.3c); "" if each instance
    # functions independently (113.2c: 702.38b amplify, 702.39b provoke).
    redundant: ClassVar[str] = ""

    def abilities(self) -> tuple[Ability, ...]:
        """The general abilities this keyword instance stands for."""
        return ()


@dataclass(frozen=True)
class ConditionalKeyword(Ability):
    """604.1, 113.6, 702.33d: "If this spell was kicked, it has split second." -- a static ability by which
    the object has ``keyword`` (and the abilities it stands for) only while ``condition`` holds,
    asked of the object itself; a spell's works while it is on the stack (113.6)."""

    keyword: Keyword
    condition: "Condition"


@dataclass(frozen=True)
class CardDefinition:
    """A card as printed: characteristics (109.3, 200) and abilities, keywords expanded."""

    name: str
    mana_cost: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    color_indicator: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    # 712.2: a transforming double-faced card's back face (its own definition; none for other cards)
    back: "CardDefinition | None" = None
    expanded: tuple[Ability, ...] = field(init=False, repr=False, compare=False)
    keywords: frozenset[str] = field(init=False, repr=False, compare=False)
    # For each expanded ability, the keyword it comes from ("" for the card's own abilities).
    origins: tuple[str, ...] = field(init=False, repr=False, compare=False)
    # Static abilities that affect other permanents ("White creatures get +1/+1", 611.3a).
    affecting: tuple["StaticAbility", ...] = field(init=False, repr=False, compare=False)
    # Static abilities that affect cards in zones other than the battlefield (611.3a, 613.1f).
    reaching: tuple["StaticAbility", ...] = field(init=False, repr=False, compare=False)
    # The additional and alternative costs (``cost_options``), found once: asked at every offer.
    costs: tuple["AdditionalCost | AlternativeCost", ...] = field(init=False, repr=False, compare=False)
    # Whether it has an activated ability that works in the hand (702.29a): asked at every offer.
    hand_abilities: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        out: list[Ability] = []
        origins: list[str] = []
        names: set[str] = set()
        for a in self.abilities:
            if isinstance(a, Keyword):
                names.add(a.name.lower())
                if a.variant_of:
                    names.add(a.variant_of)
                parts = a.abilities()
                out.extend(parts)
                origins.extend([a.name] * len(parts))
            out.append(a)
            origins.append(a.name if isinstance(a, Keyword) else "")
        object.__setattr__(self, "expanded", tuple(out))
        object.__setattr__(self, "origins", tuple(origins))
        object.__setattr__(self, "keywords", frozenset(names))
        object.__setattr__(self, "affecting", tuple(a for a in out if isinstance(a, StaticAbility)
                                                     and a.affects == "filter"))
        object.__setattr__(self, "reaching", tuple(a for a in out if isinstance(a, StaticAbility)
                                                    and a.affects == "cards"))
        object.__setattr__(self, "costs", tuple(a for a in out if isinstance(a, (AdditionalCost, AlternativeCost))))
        object.__setattr__(self, "hand_abilities", any(isinstance(a, ActivatedAbility) and a.from_hand for a in out))

    def __deepcopy__(self, memo: dict[int, object]) -> "CardDefinition":
        return self

    @property
    def colors(self) -> frozenset[str]:
        """202.2 and 204: colors from the mana cost, or the color indicator."""
        return frozenset(self.color_indicator) | colors_of(self.mana_cost)

    @property
    def mana_value(self) -> int:
        """202.3."""
        return mana_value(self.mana_cost)

    def cost_options(self) -> tuple[AdditionalCost | AlternativeCost, ...]:
        """The card's additional and alternative costs, in printed order (their index is their id)."""
        return self.costs

    def of_type(self, cls: type) -> list[Ability]:
        """The expanded abilities of class ``cls``."""
        return [a for a in self.expanded if isinstance(a, cls)]


@dataclass(frozen=True)
class ActionStep:
    """A primitive step of a keyword action (701)."""

    kind: str  # "find", "move", "randomize", "face_down", "arrange", "unless_counters", ...
    may_fail: bool = False
    arg: str = ""  # a counter kind or a designation, for the steps that name one


class KeywordAction:
    """A keyword action (701) compiled from ``cards/keywords/``: its rule and primitive steps."""

    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    steps: ClassVar[tuple[ActionStep, ...]] = ()
    face_down: ClassVar["FaceDown | None"] = None  # for a "face_down" step: what the card becomes (708.2)

    def __deepcopy__(self, memo: dict[int, object]) -> "KeywordAction":
        return self
