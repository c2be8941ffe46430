"""Scripted answers to the engine's questions, one class per answer; each player's are consumed in order.

Each answer knows the questions it can answer; put to any other question it is a mistake of the
scenario, reported with what the question was.
"""
from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, ClassVar

from ...decisions import (
    Answer, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget, Question, YesNo,
)
from .refs import ScenarioError, Target

if TYPE_CHECKING:
    from .harness import Harness

# What each question a scripted answer may be put to asks, in messages.
_ASKS: dict[type, str] = {
    YesNo: "yes/no", ChooseCards: "to choose cards", ChooseTarget: "a target", ChooseOrder: "an order",
    ChooseNumber: "a number", ChooseOption: "an option",
}


@dataclass(frozen=True)
class ScriptedAnswer:
    """An answer to the next question put to ``player``."""

    word: ClassVar[str] = ""  # the answer as written, in messages

    player: str
    _: KW_ONLY
    line: int = 0
    expect_refused: bool = False  # the engine must refuse it (an illegal choice, asked again)
    reason: str = ""  # a phrase the refusal's reason must contain

    def answer(self, h: "Harness", q: Question) -> Answer:
        """The engine's answer to ``q``; a :class:`ScenarioError` if this answer doesn't fit it."""
        raise self.mismatch(q)

    def mismatch(self, q: Question) -> ScenarioError:
        """The error for a question this answer doesn't answer."""
        asks = _ASKS.get(type(q))
        if asks is None:
            return ScenarioError(f"line {self.line}: can't answer {type(q).__name__}")
        return ScenarioError(f"line {self.line}: the question was {asks} ({q.prompt}), the answer is '{self.word}'")


@dataclass(frozen=True)
class YesAnswer(ScriptedAnswer):
    """Yes, to a yes/no question."""

    word: ClassVar[str] = "yes"

    def answer(self, h: "Harness", q: Question) -> Answer:
        """True."""
        if isinstance(q, YesNo):
            return True
        raise self.mismatch(q)


@dataclass(frozen=True)
class NoAnswer(ScriptedAnswer):
    """No, to a yes/no question."""

    word: ClassVar[str] = "no"

    def answer(self, h: "Harness", q: Question) -> Answer:
        """False."""
        if isinstance(q, YesNo):
            return False
        raise self.mismatch(q)


@dataclass(frozen=True)
class NothingAnswer(ScriptedAnswer):
    """Choose no cards, or leave an optional target slot empty ("any number of targets", 115.1d)."""

    word: ClassVar[str] = "nothing"

    def answer(self, h: "Harness", q: Question) -> Answer:
        """No cards, or no target."""
        if isinstance(q, ChooseCards):
            return ()
        if isinstance(q, ChooseTarget) and q.optional:
            return None
        raise self.mismatch(q)


@dataclass(frozen=True)
class ChooseAnswer(ScriptedAnswer):
    """Choose these cards or players (or, for a target, the first of them)."""

    word: ClassVar[str] = "choose"

    items: tuple[Target, ...]

    def answer(self, h: "Harness", q: Question) -> Answer:
        """The options the items name, in the order offered."""
        if isinstance(q, ChooseCards):
            used: set[str] = set()
            for item in self.items:
                used.add(h.match(q.options, item, used))
            return tuple(sorted(used, key=lambda k: [c.key for c in q.options].index(k)))
        if isinstance(q, ChooseTarget):
            return h.match(q.options, self.items[0], set())
        raise self.mismatch(q)


@dataclass(frozen=True)
class TargetAnswer(ScriptedAnswer):
    """Choose this card or player as the target of one target slot (601.2c)."""

    word: ClassVar[str] = "target"

    item: Target

    def answer(self, h: "Harness", q: Question) -> Answer:
        """The option the item names."""
        if isinstance(q, ChooseTarget):
            return h.match(q.options, self.item, set())
        raise self.mismatch(q)


@dataclass(frozen=True)
class OrderAnswer(ScriptedAnswer):
    """Put these in this order (603.3b: triggered abilities, first put on the stack first)."""

    word: ClassVar[str] = "order"

    items: tuple[Target, ...]

    def answer(self, h: "Harness", q: Question) -> Answer:
        """The options the items name, in the order written."""
        if isinstance(q, ChooseOrder):
            used: list[str] = []
            for item in self.items:
                used.append(h.match(q.options, item, set(used)))
            return tuple(used)
        raise self.mismatch(q)


@dataclass(frozen=True)
class NumberAnswer(ScriptedAnswer):
    """Choose this number (107.3: X, among others)."""

    word: ClassVar[str] = "number"

    value: int

    def answer(self, h: "Harness", q: Question) -> Answer:
        """The number."""
        if isinstance(q, ChooseNumber):
            return self.value
        raise self.mismatch(q)


@dataclass(frozen=True)
class OptionAnswer(ScriptedAnswer):
    """Choose the option with this key or label (a color of mana, a mode)."""

    word: ClassVar[str] = "option"

    text: str

    def answer(self, h: "Harness", q: Question) -> Answer:
        """The option's key."""
        if isinstance(q, ChooseOption):
            for c in q.options:
                if self.text in (c.key, c.label):
                    return c.key
            raise ScenarioError(f"line {self.line}: {self.text!r} is not one of {', '.join(c.label for c in q.options)}")
        raise self.mismatch(q)
