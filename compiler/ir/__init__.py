"""The intermediate representation: one frozen, hashable, picklable dataclass per construct.

Lowering (:mod:`compiler.lower`) builds these from textX models; worker processes return them
(or rendered text), never textX models.  The modules follow the rules' concepts, and each
construct renders itself: ``text`` for its rules text, ``python`` for its runtime expression.

- :mod:`.selectors` -- which objects (109, 115.1): :class:`FilterIR`
- :mod:`.amounts` -- numbers (107.1, 608.2h): :class:`Fixed`, :class:`XAmount`, ...
- :mod:`.references` -- objects and players acted on: :class:`SlotRef`, :class:`ThisRef`, ...
- :mod:`.costs` -- costs (118): :class:`CostIR`
- :mod:`.conditions` -- conditions: :class:`CostWasPaid`, :class:`GraveyardCount`, ...
- :mod:`.targets` -- target slots (115): :class:`TargetIR`
- :mod:`.statics` -- what static abilities and continuous effects do (611, 613)
- :mod:`.triggers` -- trigger conditions (603)
- :mod:`.effects` -- instructions (608.2c)
- :mod:`.abilities` -- abilities and cards (113)
- :mod:`.library` -- keyword, action, counter and land type definitions (701, 702)
"""
from .abilities import (
    AbilityIR, ActivatedIR, AdditionalCardCost, AlternativeCardCost, AmplifyIR, AsChoosePTIR, AsCopyIR,
    AsTurnedFaceUpIR, CardIR, CostPerExtraTarget, EntersAsCopyIR, EntersTappedIR, EntersWithIR, KeywordUseIR, SentenceIR, SpellIR, StaticIR,
    ChooseColorAsEntersIR,
    CostPerPermanent,
    CostLessIf, SpendOnXIR,
    TriggeredIR, UncounterableIR,
)
from .amounts import Amount
from .conditions import Condition
from .costs import CostIR, SacrificeIR
from .effects import Effect
from .library import (
    ActionIR, ActionStep, CounterIR, KeywordFileIR, KeywordIR, KeywordPart, LandTypeIR, LibraryIR,
)
from .references import Ref
from .selectors import FilterIR
from .statics import StaticPart
from .targets import TargetIR, TargetKind
from .triggers import Trigger

__all__ = [
    "AbilityIR", "ActionIR", "ActionStep", "ActivatedIR", "AdditionalCardCost", "AlternativeCardCost", "Amount",
    "AmplifyIR", "AsChoosePTIR", "AsCopyIR", "AsTurnedFaceUpIR", "CardIR", "Condition", "CostIR", "CostPerExtraTarget", "CounterIR", "Effect",
    "CostPerPermanent",
    "CostLessIf", "SpendOnXIR",
    "EntersAsCopyIR", "EntersTappedIR", "EntersWithIR", "FilterIR", "KeywordFileIR", "KeywordIR", "KeywordPart",
    "KeywordUseIR", "LandTypeIR", "LibraryIR", "Ref", "SacrificeIR", "SentenceIR", "SpellIR", "StaticIR",
    "StaticPart", "TargetIR", "TargetKind", "Trigger", "TriggeredIR", "UncounterableIR",
]
