"""Everything generated card and keyword modules may use, in one namespace."""
from __future__ import annotations

from .abilities import (
    AsTurnedFaceUp, CantBeCountered, CostsLessIf, CostsMorePerExtraTarget, DiscardInstead, EntersAsCopy, FaceUpCost,
    ActionStep, ActivatedAbility, AuraTarget, AdditionalCost, AlternativeCost, BeginningOfStep,
    CardDefinition, EntersTapped, EntersTheBattlefield, EntersWithCounters, ExileIfLeavesStack, IgnoresSummoningSickness,
    HandIfPaidOnResolve,
    Keyword, KeywordAction, MayCastAsThoughInstant, ObjectEvent, RevealToEnterWithCounters, Sentence, SpellAbility, StaticAbility,
    TargetKind, TargetSpec, TriggeredAbility, Ability, SpliceOnto,
)
from .continuous import *  # noqa: F403 - its __all__: what generated code may use
from .conditions import *  # noqa: F403 - its __all__: what generated code may use
from .effects import *  # noqa: F403 - its __all__: what generated code may use
from . import conditions as _conditions, continuous as _continuous, effects as _effects
from .facedown import FaceDown
from .mana_abilities import AddMana
from .values import (
    GraveyardSize,
    Cost, CountersOnThis, CountOf, EachObject, EachOpponent, EachPlayer,
    Fixed, LastAffected, Multiplied,
    ControllerOf, EnchantedObject, OwnerOf, PowerOf, EventAmount, EventPlayer,
    PlayerSlot, SacrificeSpec, Slot, SlotsFrom, Slots, ThisObject, TimesPaid, XValue, You,
)
from .selectors import ObjectFilter
from .zones import Zone

__all__ = [
    "Ability",
    "ActionStep",
    "ActivatedAbility",
    "AddMana",
    "AdditionalCost",
    "AlternativeCost",
    "SpliceOnto",
    "AsTurnedFaceUp",
    "AuraTarget",
    "BeginningOfStep",
    "CantBeCountered",
    "CostsLessIf",
    "CostsMorePerExtraTarget",
    "CardDefinition",
    "ControllerOf",
    "Cost",
    "CountersOnThis",
    "DiscardInstead",
    "EachObject",
    "EachOpponent",
    "EachPlayer",
    "EnchantedObject",
    "EntersTapped",
    "EntersAsCopy",
    "EntersTheBattlefield",
    "EntersWithCounters",
    "ExileIfLeavesStack",
    "FaceDown",
    "FaceUpCost",
    "Fixed",
    "GraveyardSize",
    "EventAmount",
    "EventPlayer",
    "HandIfPaidOnResolve",
    "IgnoresSummoningSickness",
    "CountOf",
    "Keyword",
    "KeywordAction",
    "LastAffected",
    "Multiplied",
    "MayCastAsThoughInstant",
    "ObjectEvent",
    "ObjectFilter",
    "OwnerOf",
    "PlayerSlot",
    "PowerOf",
    "RevealToEnterWithCounters",
    "SacrificeSpec",
    "Sentence",
    "Slot",
    "SlotsFrom",
    "Slots",
    "SpellAbility",
    "StaticAbility",
    "TargetKind",
    "TargetSpec",
    "ThisObject",
    "TimesPaid",
    "TriggeredAbility",
    "XValue",
    "You",
    "Zone",
]
__all__ += _effects.__all__
__all__ += _conditions.__all__
__all__ += _continuous.__all__
