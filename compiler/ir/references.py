"""References: the objects and players an instruction acts on (target slots 115.1, "this" 109.5,
"it" 608.2c, "each opponent").

Each class renders its runtime reference (``python``: an ``rt`` reference of
:mod:`runtime.values`); its rules text is ``words``, as written, which the phrasing of an
ability turns into "it" or "that creature" when it is named again (:class:`compiler.text.Phrase`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..pyexpr import lit
from .base import dataclass, freeze

if TYPE_CHECKING:
    from ..text import Phrase
    from .selectors import FilterIR


class Ref:
    """An object or player an instruction refers to."""

    if TYPE_CHECKING:
        words: str

    @property
    def plural(self) -> bool:
        """Whether the words name several objects ("creatures you control"), taking plural verbs."""
        return False

    def text(self, ph: "Phrase", subject: bool = False) -> str:
        """The reference in an instruction's words (``subject``: as the subject of its sentence)."""
        return self.words or "it"

    def player_text(self, ph: "Phrase") -> str:
        """The reference as the player of an instruction ("you", "target opponent")."""
        return self.words

    def python(self) -> str:
        """The runtime reference expression."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class SlotRef(Ref):
    """The object or player chosen for target slot ``index`` (115.1)."""

    index: int
    words: str = ""

    def text(self, ph: "Phrase", subject: bool = False) -> str:
        if self.index in ph.named:
            # Named again: "it" as the subject of a sentence, "that creature" elsewhere; written
            # "that creature", it prints so.
            if self.words.startswith("that ") and self.words != "that card":
                return self.words
            return "it" if subject and not ph.replacing else ph.that(self.index)
        ph.named.add(self.index)
        if self.words.endswith(" blocked by this"):
            # 509.1g: "target creature with flying blocked by Whip Vine" -- "this" printed as the card's name.
            return self.words[:-len("this")] + ph.this_name()
        return self.words

    def python(self) -> str:
        return f"rt.Slot({self.index})"


@dataclass(frozen=True)
class SlotsFrom(Ref):
    """Every target of an "any number of targets" phrase, from slot ``index`` on (115.1d)."""

    index: int
    words: str = ""
    other_than_this: bool = False  # "... other than <this card's name>" (the source can't be chosen)

    def text(self, ph: "Phrase", subject: bool = False) -> str:
        return f"{self.words} other than {ph.this_name()}" if self.other_than_this else self.words

    def python(self) -> str:
        return f"rt.SlotsFrom({self.index})"


@dataclass(frozen=True)
class SlotRange(Ref):
    """The ``count`` target slots of an "up to N target ..." phrase, from slot ``index``."""

    index: int
    words: str = ""
    count: int = 0

    def python(self) -> str:
        return f"rt.Slots({self.index}, {lit(self.count)})"


@dataclass(frozen=True)
class ThisRef(Ref):
    """The object the ability belongs to (109.5); ``words`` "it" where the text calls it so.

    ``short``: the author wrote the legendary card's short name here (201.4, 2019 Oracle wording:
    "... dealt to Opal-Eye this turn"), which ``words`` holds and the text prints; "this" prints
    the full name the first time an ability names the card (:meth:`Phrase.this_name`)."""

    words: str = ""
    short: bool = False

    def text(self, ph: "Phrase", subject: bool = False) -> str:
        if self.words in ("it", "this creature") or self.short:
            return self.words  # "this creature": printed so in a quoted ability (a granted one has no name)
        return ph.this_name()

    def python(self) -> str:
        return "rt.ThisObject()"


@dataclass(frozen=True)
class LastAffected(Ref):
    """What the instruction before affected or made ("that card", "it"), or the trigger's object."""

    words: str = ""

    def python(self) -> str:
        # "that permanent" (110.1): only what is on the battlefield of what the instruction before affected
        return "rt.LastAffected(permanent=True)" if self.words == "that permanent" else "rt.LastAffected()"


@dataclass(frozen=True)
class YouRef(Ref):
    """The ability's controller."""

    words: str = ""

    def python(self) -> str:
        return "rt.You()"


@dataclass(frozen=True)
class PlayerSlot(Ref):
    """The player chosen for target slot ``index``."""

    index: int
    words: str = ""

    def player_text(self, ph: "Phrase") -> str:
        ph.named.add(self.index)
        return self.words

    def python(self) -> str:
        return f"rt.PlayerSlot({self.index})"


@dataclass(frozen=True)
class EachObject(Ref):
    """Every object a selector matches as the instruction is followed (611.2c)."""

    words: str
    filter: "FilterIR"
    same_name_as: Ref | None = None  # only those with the same name as this object (201.2)
    attached_to: Ref | None = None  # only those attached to these ("all Auras attached to them")
    in_graveyard: bool = False  # the cards in your graveyard, not permanents (404)
    controlled_by: Ref | None = None  # "creatures target player controls": only that player's (115.1)
    created_by_source: bool = False  # 607.2a: "all tokens created with Saproling Burst"

    @property
    def plural(self) -> bool:
        return not self.words.startswith("each ")

    def python(self) -> str:
        f = self.filter.python()
        if self.controlled_by is not None:
            return f"rt.EachObject(filter={f}, controlled_by={self.controlled_by.python()})"
        if self.created_by_source:
            return f"rt.EachObject(filter={f}, created_by_source=True)"
        if self.attached_to is not None:
            return f"rt.EachObject(filter={f}, attached_to={self.attached_to.python()})"
        if self.same_name_as is not None:
            return f"rt.EachObject(filter={f}, same_name_as={self.same_name_as.python()})"
        if self.in_graveyard:
            return f"rt.EachObject(filter={f}, in_your_graveyard=True)"
        return f"rt.EachObject(filter={f})"


@dataclass(frozen=True)
class Group(Ref):
    """Objects named together in the rules text ("target creature and all other creatures with
    the same name"): words only, made while phrasing; plural."""

    words: str = ""

    @property
    def plural(self) -> bool:
        return not self.words.startswith("each ")


@dataclass(frozen=True)
class EachOpponent(Ref):
    """Each opponent of the ability's controller, in APNAP order (101.4)."""

    words: str = ""

    def python(self) -> str:
        return "rt.EachOpponent()"


@dataclass(frozen=True)
class EachPlayer(Ref):
    """Each player, in APNAP order (101.4)."""

    words: str = ""

    def python(self) -> str:
        return "rt.EachPlayer()"


@dataclass(frozen=True)
class ControllerOf(Ref):
    """"its controller": the controller of the object in slot ``index`` (-1: this object)."""

    index: int
    words: str = ""

    def python(self) -> str:
        return f"rt.ControllerOf({lit(self.index)})"


@dataclass(frozen=True)
class OwnerOf(Ref):
    """"that creature's owner" (108.3): the owner of the object in slot ``index``."""

    index: int
    words: str = ""

    def python(self) -> str:
        return f"rt.OwnerOf({lit(self.index)})"


@dataclass(frozen=True)
class EnchantedRef(Ref):
    """The permanent the source Aura or Equipment is attached to (303.4e, 301.5)."""

    words: str = ""

    def python(self) -> str:
        return "rt.EnchantedObject()"


@dataclass(frozen=True)
class EventPlayer(Ref):
    """"that player" (603.2): the player of the event that triggered the ability."""

    words: str = ""

    def python(self) -> str:
        return "rt.EventPlayer()"


@dataclass(frozen=True)
class OwnersOfAffected(Ref):
    """"those players" (108.3): the owners of the objects the instruction before moved."""

    words: str = "those players"

    def python(self) -> str:
        return "rt.OwnersOfAffected()"


@dataclass(frozen=True)
class DefendingPlayer(Ref):
    """"defending player" (506.2): in a two-player game, the nonactive player during combat."""

    words: str = "defending player"

    def python(self) -> str:
        return "rt.DefendingPlayer()"


@dataclass(frozen=True)
class AttackingPlayer(Ref):
    """"attacking player" (506.2): the active player during combat."""

    words: str = "attacking player"

    def python(self) -> str:
        return "rt.AttackingPlayer()"


@dataclass(frozen=True)
class RestRef(Ref):
    """"the rest" (608.2d): the permanents of the kind a player chose from earlier in the ability that
    weren't chosen ("each player chooses a creature they control. destroy the rest.")."""

    words: str = "the rest"

    @property
    def plural(self) -> bool:
        return True

    def python(self) -> str:
        return "rt.TheRest()"


def each_player(who: str, words: str) -> Ref:
    """"each opponent" / "each player" (``who``: the noun)."""
    return EachOpponent(words) if who == "opponent" else EachPlayer(words)


def same_ref(a: Ref, b: Ref) -> bool:
    """Whether two references name the same thing (the same kind of reference and slot)."""
    return type(a) is type(b) and getattr(a, "index", 0) == getattr(b, "index", 0)


freeze(globals())
