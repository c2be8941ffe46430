"""Abilities (113) and cards: what a card's text is made of, and the card itself.

Their rules text is phrased by :mod:`compiler.text` and their classes rendered by
:mod:`compiler.render`, each with one function per class here.
"""
from __future__ import annotations

from typing import Union

from .amounts import Amount
from .base import dataclass, freeze
from .conditions import Condition
from .costs import CostIR, SpendingRestrictionIR
from .effects import Effect
from .selectors import FilterIR
from .statics import GainAbility, StaticPart
from .targets import TargetIR
from .triggers import Trigger


@dataclass(frozen=True)
class SentenceIR:
    """A sentence of instructions (608.2c)."""

    effects: tuple[Effect, ...]
    condition: Condition | None = None
    instead: bool = False
    may: bool = False  # "you may" (603.5 / 608.2d): the controller chooses whether to do it
    then: bool = False  # printed "Then ..." (a new sentence continuing the one before)
    gate: Condition | None = None  # "... if C instead if D": C gates the replacing sentence itself
    ability_word: str = ""  # 207.2c: a spell's paragraph labelled by an ability word ("Revolt — ...")
    instead_last: bool = False  # printed "... instead." at the end of the sentence
    instead_if: bool = False  # printed "... instead if CONDITION."
    condition_after: bool = False  # printed after the instructions ("... if seven or more cards are ...")
    and_last: bool = False  # the last instruction printed after "and" ("... loses 3 life and you gain 3 life")
    comma_and: bool = False  # ... after ", and" ("it becomes a Bird Giant, and it loses defender")


@dataclass(frozen=True)
class KeywordUseIR:
    """A keyword line on a card: which compiled keyword class, with which arguments."""

    name: str
    module: str
    cls: str
    args: tuple[Union[CostIR, int, str, FilterIR], ...]  # str: a card type ("enchant creature"); a selector ("for Swamps")
    joined: str = ""  # "," or ";" when printed on the same line as the keyword before it


@dataclass(frozen=True)
class SpellIR:
    """An instant's or sorcery's instructions (608.2)."""

    targets: tuple[TargetIR, ...]
    sentences: tuple[SentenceIR, ...]
    modes: tuple[tuple[SentenceIR, ...], ...] = ()  # 700.2: a modal spell's modes, in printed order
    choose: int = 0  # how many modes are chosen


@dataclass(frozen=True)
class TriggeredIR:
    """A triggered ability (603)."""

    trigger: Trigger
    condition: Condition | None
    targets: tuple[TargetIR, ...]
    sentences: tuple[SentenceIR, ...]
    ability_word: str = ""
    # 700.2, 603.3c: a modal triggered ability's modes, in printed order ("choose one --"), ``choose`` of
    # which are chosen as it is put on the stack; ``sentences`` is then empty.
    modes: tuple[tuple[SentenceIR, ...], ...] = ()
    choose: int = 0


@dataclass(frozen=True)
class ActivatedIR:
    """An activated ability (602)."""

    cost: CostIR
    targets: tuple[TargetIR, ...]
    sentences: tuple[SentenceIR, ...]
    is_mana: bool
    intrinsic: bool = False  # granted by a land type (305.6); printed as reminder text
    restriction: Condition | None = None  # "activate only if" (602.5b)
    ability_word: str = ""
    once_per_turn: bool = False  # "Activate this ability only once each turn." (602.5b)
    from_hand: bool = False  # functions only while its card is in its owner's hand (113.6a, 702.29a)
    special: bool = False  # a special action (116.2f): doesn't use the stack


@dataclass(frozen=True)
class EntersWithIR:
    """"enters with N counters" (614.1c)."""

    amount: Amount
    counter: str
    condition: Condition | None = None
    ability_word: str = ""
    keywords: tuple[str, ...] = ()  # "... and with flying": keywords it has from then on
    granted: GainAbility | None = None  # "... and with "Pay 3 life: Regenerate this."" (613.1f)
    keyword_first: bool = False  # "with flying and with X +1/+1 counters on it": the keyword printed first
    where: Amount | None = None  # 107.3: "..., where X is the discarded card's converted mana cost"


@dataclass(frozen=True)
class EntersTappedIR:
    """"this enters the battlefield tapped" (614.1c)."""

    ability_word: str = ""


@dataclass(frozen=True)
class ChooseColorAsEntersIR:
    """"As this enters the battlefield, choose a color." (614.12, 105.1)."""

    ability_word: str = ""


@dataclass(frozen=True)
class AmplifyIR:
    """As it enters, reveal cards sharing a creature type; N counters per card (702.38a, 614.1c)."""

    amount: Amount
    counter: str
    ability_word: str = ""


@dataclass(frozen=True)
class StaticIR:
    """A static ability of the object itself, maybe "as long as" a condition (604, 611.3)."""

    parts: tuple[StaticPart, ...]
    condition: Condition | None = None
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

    amount: Amount
    counter: str
    ability_word: str = ""


@dataclass(frozen=True)
class AsCopyIR:
    """"As this enters the battlefield or is turned face up, you may choose another creature on the
    battlefield. If you do, until this is turned face down, it becomes a copy of that creature, except
    it has "..."" (707.5, 707.9a, 708.11)."""

    filter: FilterIR
    extra: GainAbility  # the quoted ability the copy has (707.9a), rendered as a class of its own
    ability_word: str = ""


@dataclass(frozen=True)
class AsChoosePTIR:
    """"As this enters the battlefield or is turned face up, it becomes your choice of 5/1 or 1/5"
    (614.1c, 708.11, 613.4b)."""

    options: tuple[tuple[int, int], ...]
    on_enter: bool
    on_turned_up: bool
    ability_word: str = ""


@dataclass(frozen=True)
class EntersAsCopyIR:
    """"You may have this enter the battlefield as a copy of any creature on the battlefield" (707.5)."""

    filter: FilterIR
    ability_word: str = ""


@dataclass(frozen=True)
class AlternativeCardCost:
    """118.9: "You may ... rather than pay this spell's mana cost." printed on the card."""

    cost: CostIR
    ability_word: str = ""


@dataclass(frozen=True)
class AdditionalCardCost:
    """601.2b: "As an additional cost to cast this spell, ..." -- mandatory; with ``or_cost`` the
    player chooses one of two costs ("reveal a Goblin card from your hand or pay {3}", ``pay``:
    the second printed "pay {3}"); ``optional``: "you may ..." (whether it was paid is asked
    with the condition word "revealed", 607)."""

    cost: CostIR
    ability_word: str = ""
    or_cost: CostIR | None = None
    pay: bool = False
    optional: bool = False


@dataclass(frozen=True)
class CostPerExtraTarget:
    """601.2f: "This spell costs {1} more to cast for each target beyond the first."."""

    cost: CostIR
    ability_word: str = ""


@dataclass(frozen=True)
class CostPerPermanent:
    """601.2f, 702.41a: "This spell costs {1} less to cast for each artifact you control": a cost
    reduction of the spell itself, ``filter`` counted among its controller's permanents, or a keyword's
    selector parameter ``param`` (affinity)."""

    cost: CostIR
    filter: FilterIR | None = None
    param: str = ""
    ability_word: str = ""


@dataclass(frozen=True)
class CostLessIf:
    """601.2f: "If there are ten or more creature cards total in all graveyards, this spell costs
    {6} less to cast." -- a reduction of the spell's own total cost while the condition holds."""

    cost: CostIR
    condition: Condition
    ability_word: str = ""


@dataclass(frozen=True)
class ConditionalKeywordIR:
    """604.1, 113.6, 702.33d: "If this spell was kicked, it has split second." -- a static ability giving
    the object a keyword (``use``) only while ``condition`` holds; a spell's works on the stack.
    ``words`` is the keyword as printed ("split second") and ``reminder`` its reminder text, both
    filled in from the keyword library as it is lowered."""

    use: KeywordUseIR
    condition: Condition
    words: str
    reminder: str = ""
    ability_word: str = ""


@dataclass(frozen=True)
class SpendOnXIR:
    """106.6, 601.2h, 107.3a: "Spend only colored mana on X. No more than one mana of each color may be
    spent this way." -- restrictions on the mana spent on X as this spell is cast, printed as one
    paragraph of one sentence each."""

    restrictions: tuple[SpendingRestrictionIR, ...]
    ability_word: str = ""


AbilityIR = Union[KeywordUseIR, SpellIR, TriggeredIR, ActivatedIR, EntersWithIR, EntersTappedIR, AmplifyIR, StaticIR,
                  AsTurnedFaceUpIR, AsChoosePTIR, AsCopyIR, EntersAsCopyIR, UncounterableIR, AlternativeCardCost, AdditionalCardCost,
                  ChooseColorAsEntersIR,
                  CostPerExtraTarget, CostPerPermanent, CostLessIf, ConditionalKeywordIR, SpendOnXIR]


@dataclass(frozen=True)
class CardIR:
    """A whole card: its characteristics (109.3) and its abilities in printed order."""

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
    back: "CardIR | None" = None  # 712.2: a transforming double-faced card's back face


freeze(globals())
