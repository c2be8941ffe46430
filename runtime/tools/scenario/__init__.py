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

Modules: :mod:`.script` (the scenario as data), :mod:`.actions`, :mod:`.answers` and
:mod:`.expectations` (one class per kind, each with its own behaviour; :mod:`.judging` the checks
a judge makes at the table), :mod:`.refs` (how cards and players are named; the errors),
:mod:`.harness` (running one) and :mod:`.table` (the table printed when one fails).
"""
from __future__ import annotations

from .actions import (
    ActivateAction, AttackAction, BlockAction, CardAction, CastAction, ConcedeAction, Declaration, PassAction, Pay,
    PlayAction,
    PriorityAction, ScriptedAction, TurnFaceUpAction,
)
from .answers import (
    ChooseAnswer, NoAnswer, NothingAnswer, NumberAnswer, OptionAnswer, OrderAnswer, ScriptedAnswer, TargetAnswer,
    YesAnswer,
)
from .expectations import (
    ColorIs, CountersAre, DamageIs, Expectation, FaceIs, HasNoSubtypes, InZone, IsColorless, IsTapped, IsUntapped,
    LifeIs, LogHas, Loses, ManaValueIs, NameIs, NeverSees, ObjectExpectation, PhasedIs, PowerToughnessIs,
    StackCountIs, ZoneCountIs, ZoneExpectation, ZoneHas, ZoneLacks,
)
from .harness import Harness, ScenarioResult, run_scenario
from .judging import (
    AttachedTo, CardLeft, KeywordsAre, ManaPoolIs, PermanentCountIs, PlayerLeft, Shuffled, SubtypesAre, Unattached,
)
from .refs import Ref, ScenarioError, Target, UnscriptedQuestion
from .script import CardSetup, Scenario
from .stickers import HasNoStickers, HasSticker, PlayerCountersAre, SheetHas
from .script import CardSetup, Scenario, TimedCheck
from .table import describe_table

__all__ = [
    "AttachedTo", "KeywordsAre", "ManaPoolIs", "PermanentCountIs", "Shuffled", "SubtypesAre", "TimedCheck",
    "Unattached", "describe_table", "CardLeft", "PlayerLeft", "ConcedeAction",
    "ActivateAction", "AttackAction", "BlockAction", "CardAction", "CardSetup", "CastAction", "ChooseAnswer",
    "ColorIs", "CountersAre", "DamageIs", "Declaration", "Expectation", "FaceIs", "Harness", "HasNoSubtypes",
    "InZone", "IsColorless", "IsTapped", "IsUntapped", "LifeIs", "LogHas", "Loses", "ManaValueIs", "NameIs",
    "NeverSees", "NoAnswer", "NothingAnswer", "NumberAnswer", "ObjectExpectation", "OptionAnswer", "OrderAnswer",
    "PassAction", "Pay", "PhasedIs", "PlayAction", "PowerToughnessIs", "PriorityAction", "Ref", "Scenario",
    "ScenarioError", "ScenarioResult", "ScriptedAction", "ScriptedAnswer", "StackCountIs", "Target",
    "TargetAnswer", "TurnFaceUpAction", "UnscriptedQuestion", "YesAnswer", "ZoneCountIs", "ZoneExpectation",
    "ZoneHas", "ZoneLacks", "run_scenario",
]
__all__ += ["HasNoStickers", "HasSticker", "PlayerCountersAre", "SheetHas"]
