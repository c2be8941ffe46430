"""Trigger conditions (603.1-603.2): what makes a triggered ability trigger."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..pyexpr import lit
from .base import dataclass, freeze
from .selectors import FilterIR

if TYPE_CHECKING:
    from .conditions import Condition


@dataclass(frozen=True)
class TriggerEvent:
    """One event of "when[ever] this EVENT [or EVENT]": the runtime's event key (what
    ``Game.fire_object_event`` announces, 603.2), its words, and what it says of the trigger."""

    key: str
    words: str
    filter: FilterIR | None = None  # "becomes blocked by a creature without flanking"
    opponents: bool = False  # "... a spell or ability an opponent controls"
    combat: bool = False  # combat damage only (510.2)
    recipient: str = ""  # "deals damage to a player": "" | "player" | "opponent" | "creature"


class Trigger:
    """A trigger condition."""

    if TYPE_CHECKING:
        words: str
        zone: str  # 113.6b: the zone it functions in when it says so ("exile"); "" for the usual zones
        from_graveyard: bool  # 113.6k-style: the ability works while its card is in the graveyard

    @property
    def own_event(self) -> bool:
        """Whether it triggers on an event of the object itself ("it" may then be the object)."""
        return False

    @property
    def event_player(self) -> bool:
        """Whether the event names a player ("that player", 603.2)."""
        return False

    @property
    def event_amount(self) -> bool:
        """Whether the event has an amount ("that much": the damage dealt, 603.2)."""
        return False

    def head(self, card: str) -> str:
        """The trigger as printed, uncapitalized ("whenever Mogg Fanatic attacks")."""
        # "this creature" (in a quoted, granted ability) and "when you cast this spell" (601.2i) stay
        # as written; "this" is the card's name.
        if " this creature " in self.words or self.words.endswith(" this spell"):
            return self.words
        return self.words.replace(" this ", f" {card} ").replace(" this's ", f" {card}'s ")

    def python(self) -> str:
        """The runtime trigger expression."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class StepTrigger(Trigger):
    """"At the beginning of your upkeep" (503.1a, 513.1a): the beginning of a step."""

    step: str  # upkeep | draw | end
    whose: str  # "your" | "each" | "each player's" ...
    words: str = ""
    zone: str = ""
    from_graveyard: bool = False

    @property
    def event_player(self) -> bool:
        # "at the beginning of each player's upkeep": "that player" is the player whose step it is.
        return self.whose == "each player's"

    def head(self, card: str) -> str:
        return f"at the beginning of {self.whose} {'upkeep' if self.step == 'upkeep' else self.step + ' step'}"

    def python(self) -> str:
        zone = f", zone={lit(self.zone)}" if self.zone else ""
        return f"rt.BeginningOfStep(step={lit(self.step)}, yours={lit(self.whose == 'your')}{zone})"


@dataclass(frozen=True)
class EventTrigger(Trigger):
    """Events of objects (603.2, 603.6, 603.10): of the object itself, of objects you control
    (``scope`` "yours"), or casts ("cast_you" | "cast_opponent" | "cast_any", 601.2i)."""

    events: tuple[str, ...]  # enters | leaves | dies | attacks | blocks | blocked | phases_in | ...
    filter: FilterIR | None = None  # "becomes blocked by a creature without flanking"
    words: str = ""
    scope: str = "this"
    subject: FilterIR | None = None  # for "yours" and casts: which objects ("permanent you control")
    opponents: bool = False  # "becomes the target of a spell or ability an opponent controls"
    from_graveyard: bool = False
    combat: bool = False  # deals_damage / dealt_damage: combat damage only (510.2)
    recipient: str = ""  # deals_damage: "" (anything) | "player" | "opponent" | "creature"
    zone: str = ""
    counter: str = ""  # last_counter_removed: the counter kind ("time", 702.62a)

    @property
    def own_event(self) -> bool:
        return self.scope == "this"

    @property
    def event_player(self) -> bool:
        return "deals_damage" in self.events and self.recipient in ("player", "opponent")

    @property
    def event_amount(self) -> bool:
        return "deals_damage" in self.events or "dealt_damage" in self.events or "attack_batch" in self.events \
            or "gained_life" in self.events

    def python(self) -> str:
        if self.events == ("enters",) and self.scope == "this" and not self.zone:
            return "rt.EntersTheBattlefield()"
        extra = f", filter={self.filter.python()}" if self.filter is not None else ""
        if self.scope != "this":
            extra += f", scope={lit(self.scope)}"
        if self.subject is not None:
            extra += f", subject={self.subject.python()}"
        if self.opponents:
            extra += ", opponents_only=True"
        if self.from_graveyard:
            extra += ", from_graveyard=True"
        if self.combat:
            extra += ", combat_only=True"
        if self.recipient:
            extra += f", recipient={lit(self.recipient)}"
        if self.zone:
            extra += f", zone={lit(self.zone)}"
        if self.counter:
            extra += f", counter={lit(self.counter)}"
        return f"rt.ObjectEvent(events={lit(self.events)}{extra})"


@dataclass(frozen=True)
class StateTrigger(Trigger):
    """603.8: a state trigger, "when you control no Islands": it triggers whenever the condition is
    true, and doesn't trigger again while the ability is waiting or on the stack."""

    condition: "Condition"
    words: str = ""
    zone: str = ""
    from_graveyard: bool = False

    def head(self, card: str) -> str:
        return "when " + self.condition.text(False, card).removeprefix("if ")

    def python(self) -> str:
        return f"rt.StateTrigger(condition={self.condition.python()})"


freeze(globals())
