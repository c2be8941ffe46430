"""How a scenario names cards and players, and the errors of a scenario that is itself wrong."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class Ref:
    """A reference to a card in a scenario: by alias, or by card name."""

    name: str = ""
    alias: str = ""

    def __str__(self) -> str:
        return self.alias or repr(self.name)


Target = Union[Ref, str]
"""What a target or a choice names: a card, or a player by name (a ``str``)."""


class ScenarioError(Exception):
    """The scenario itself is wrong (unknown card, bad reference)."""


class UnscriptedQuestion(Exception):
    """Strict mode: the engine asked something the scenario did not answer."""
