"""Everything generated card and keyword modules may use, in one namespace."""
from __future__ import annotations

from .abilities import (
    ActionStep, ActivatedAbility, AdditionalCost, AlternativeCost, BeginningOfStep, CantBeBlockedExceptBy,
    CardDefinition, EntersTheBattlefield, EntersWithCounters, ExileIfLeavesStack, IgnoresSummoningSickness,
    Keyword, KeywordAction, Sentence, SpellAbility, TargetKind, TargetSpec, TriggeredAbility, Ability,
)
from .effects import (
    AddMana, AtBeginningOfNextStep, CounterSpell, CreateTokens, DealDamage, Destroy, Draw, Effect,
    ExileObject, GainLife, LoseLife, PerformAction, PutCounters,
)
from .values import (
    Cost, CostPaid, Fixed, LastAffected, ObjectFilter, PlayerSlot, SacrificeSpec, Slot, ThisObject,
    TimesPaid, XValue, You,
)
from .zones import Zone

__all__ = [
    "Ability", "ActionStep", "ActivatedAbility", "AddMana", "AdditionalCost", "AlternativeCost",
    "AtBeginningOfNextStep", "BeginningOfStep", "CantBeBlockedExceptBy", "CardDefinition", "Cost", "CostPaid",
    "CounterSpell", "CreateTokens", "DealDamage", "Destroy", "Draw", "Effect", "EntersTheBattlefield",
    "EntersWithCounters", "ExileIfLeavesStack", "ExileObject", "Fixed", "GainLife", "IgnoresSummoningSickness",
    "Keyword", "KeywordAction", "LastAffected", "LoseLife", "ObjectFilter", "PerformAction", "PlayerSlot",
    "PutCounters", "SacrificeSpec", "Sentence", "Slot", "SpellAbility", "TargetKind", "TargetSpec",
    "ThisObject", "TimesPaid", "TriggeredAbility", "XValue", "You", "Zone",
]
