"""Everything generated card and keyword modules may use, in one namespace."""
from __future__ import annotations

from .abilities import (
    AsChoosePT, AsCopyOf, AsTurnedFaceUp, CantBeCountered, CostsMorePerExtraTarget, DiscardInstead, EntersAsCopy, FaceUpCost,
    CostsLessPerPermanent,
    CostsLessIf,
    ActionStep, ActivatedAbility, AuraTarget, AdditionalCost, AlternativeCost, BeginningOfStep,
    CardDefinition, EntersTapped, EntersTheBattlefield, EntersWithCounters, ExileIfLeavesStack, IgnoresSummoningSickness,
    HandIfPaidOnResolve, PlayerGetsCountersIfPaid, StickerOnSpellIfPaid,
    Keyword, KeywordAction, MayCastAsThoughInstant, ObjectEvent, RevealToEnterWithCounters, Sentence, SpellAbility, StaticAbility,
    ChooseColorAsEnters,
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
    Cost, CountersOnCreator, CountersOnThis, CountOf, EachObject, EachOpponent, EachPlayer,
    Fixed, LastAffected, AmountThisWay, Plus,
    Multiplied,
    ControllerOf, EnchantedObject, OwnerOf, PowerOf, EventAmount, EventPlayer,
    AttackingPlayer, CardsInZone, DefendingPlayer, OwnersOfAffected, TheRest,
    PlayerSlot, SacrificeSpec, Slot, SlotsFrom, Slots, ThisObject, TimesPaid, XValue, You,
)
from .selectors import ObjectFilter
from .zones import Zone

__all__ = [
    "Plus",
    "AmountThisWay",
    "Ability",
    "PlayerGetsCountersIfPaid",
    "StickerOnSpellIfPaid",
    "AttackingPlayer", "CardsInZone", "DefendingPlayer", "OwnersOfAffected", "TheRest",
    "ActionStep",
    "ActivatedAbility",
    "AddMana",
    "AdditionalCost",
    "AlternativeCost",
    "SpliceOnto",
    "AsChoosePT",
    "AsCopyOf",
    "AsTurnedFaceUp",
    "AuraTarget",
    "BeginningOfStep",
    "CantBeCountered",
    "ChooseColorAsEnters",
    "CostsLessPerPermanent",
    "CostsLessIf",
    "CostsMorePerExtraTarget",
    "CardDefinition",
    "ControllerOf",
    "Cost",
    "CountersOnCreator",
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
