"""Effects: one instruction of a spell or ability (608.2c), each a class.

Each class renders its rules text (``text``: the instruction as printed, uncapitalized, with no
final period, phrased by :class:`compiler.text.Phrase`, which remembers what the ability has
named already) and its runtime effect (``python``: an ``rt`` effect of :mod:`runtime.effects`).
``subject`` is how the source is named as the subject of a sentence ("Lightning Bolt", "it").
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, Mapping

from ..pyexpr import ident, lit, tuple_expr
from ..wording import COLOR_WORDS, NUMBER_TEXT, becomes, count_of, counters_text, plural_verbs
from .amounts import (
    Amount, CountOf, CountersOnThis, DamageEventAmount, EventAmount, Fixed, HalfLife, LifeLostThisWay, PerCard, PerCounters, PowerOf, TimesPaid, TimesPaidCount, XAmount, per_count,
    per_time,
)
from .base import dataclass, freeze
from .conditions import Condition
from .costs import CostIR
from .references import EachObject, Group, Ref, YouRef
from .selectors import FilterIR
from .statics import (
    GainAbility, HasKeywordAtManaCost, StaticPart, mana_cost_sentences, static_parts_text,
)

if TYPE_CHECKING:
    from ..text import Phrase
    from .conditions import Condition

Actions = Mapping[str, str]  # keyword action name -> the class name the module imports


class Effect:
    """One instruction."""

    def text(self, ph: "Phrase", subject: str) -> str:
        """The instruction as printed."""
        raise NotImplementedError(type(self).__name__)

    def python(self, actions: Actions) -> str:
        """The runtime effect expression."""
        raise NotImplementedError(type(self).__name__)

    def nested(self) -> tuple["Effect", ...]:
        """The effects this one contains ("you may ...", "... at the beginning of the next end step")."""
        return ()

    def refs(self) -> tuple[Ref, ...]:
        """The references among its fields, in order (an instance's ``__dict__`` holds its fields)."""
        return tuple(v for v in vars(self).values() if isinstance(v, Ref))


# ------------------------------------------------------------------ damage and life (120, 119)


@dataclass(frozen=True)
class DealDamage(Effect):
    """120.3: "deals 3 damage to any target" / "deals damage equal to ... to ..."."""

    amount: Amount
    target: Ref
    equal_to: bool = False  # printed "deals damage equal to N to ..."
    also: Ref | None = None  # "... to target creature and 2 damage to you": a second recipient
    named: bool = False  # the source is named even where "it" would do
    late: bool = False  # printed "deals damage to TARGET equal to N"
    again: bool = False  # "it also deals 4 damage to ...": the source, dealing damage a second time
    also_amount: Amount | None = None  # "... and 4 damage to that creature's controller": its own amount
    unpreventable: bool = False  # 615.12: "... and the damage can't be prevented" (this damage only)
    base: bool = False  # "have it deal 2 damage to ...": the source, the verb in its base form after "have" (608.2c)

    def text(self, ph: "Phrase", subject: str) -> str:
        to = self.target.text(ph)
        if self.also is not None:
            more = f"{self.also_amount.text()} damage to " if self.also_amount is not None else ""
            to += f" and {more}{self.also.text(ph)}"
        if self.base:
            return f"it deal {self.amount.text()} damage to {to}"
        if self.named:
            subject = ph.this_name()
        if self.again:
            subject = "it also"
        if self.unpreventable:
            to += " and the damage can't be prevented"
        if self.late:
            return f"{subject} deals damage to {to} equal to {self.amount.text()}"
        if self.equal_to:
            return f"{subject} deals damage equal to {self.amount.text()} to {to}"
        return f"{subject} deals {self.amount.text()} damage to {to}"

    def python(self, actions: Actions) -> str:
        also = f", also={self.also.python()}" if self.also is not None else ""
        if self.also_amount is not None:
            also += f", also_amount={self.also_amount.python()}"
        if self.unpreventable:
            also += ", unpreventable=True"
        return f"rt.DealDamage(amount={self.amount.python()}, target={self.target.python()}{also})"


@dataclass(frozen=True)
class ObjectDealsDamage(Effect):
    """120.3, 608.2h: "target creature you control deals damage equal to its power to any target" --
    the object is the damage's source (its deathtouch, lifelink and color count), and its power is
    read as the instruction is followed."""

    source: Ref
    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{self.source.text(ph, True)} deals damage equal to its power to {self.target.text(ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.ObjectDealsDamage(source={self.source.python()}, target={self.target.python()})"


class Divided(Effect):
    """601.2d: an amount divided as its controller chooses among the target slots ``slots``, announced
    as the spell is cast or the ability put on the stack (603.3d)."""

    amount: Amount
    slots: tuple[int, ...]


@dataclass(frozen=True)
class DividedDamage(Divided):
    """601.2d: damage divided as you choose among the target slots ``slots`` (``through_end``: and
    every slot after the last, an unbounded "any number of targets" phrase for X damage, 115.1d)."""

    amount: Amount
    slots: tuple[int, ...]
    through_end: bool = False
    among: str = "any number of targets"  # or "one, two, or three target creatures"

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{subject} deals {self.amount.text()} damage divided as you choose among {self.among}"

    def python(self, actions: Actions) -> str:
        end = ", through_end=True" if self.through_end else ""
        return f"rt.DealDividedDamage(slots={lit(self.slots)}{end})"


@dataclass(frozen=True)
class DividedEvenly(Effect):
    """"divided evenly, rounded down, among any number of targets" (115.1d), from slot ``first``."""

    amount: Amount
    first: int

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{subject} deals {self.amount.text()} damage divided evenly, rounded down, among any number of targets"

    def python(self, actions: Actions) -> str:
        return f"rt.DealDamageDividedEvenly(amount={self.amount.python()}, first={lit(self.first)})"


@dataclass(frozen=True)
class PreventDamage(Effect):
    """615.7: "prevent the next 3 damage that would be dealt to any target this turn"."""

    amount: Amount
    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"prevent the next {self.amount.text()} damage that would be dealt to {self.target.text(ph)} this turn"

    def python(self, actions: Actions) -> str:
        return f"rt.PreventNextDamage(amount={self.amount.python()}, target={self.target.python()})"


@dataclass(frozen=True)
class DividedPrevent(Divided):
    """615.7, 601.2d: "prevent the next 3 damage that would be dealt this turn to any number of targets,
    divided as you choose": a prevention shield on each target of the share announced for it;
    ``this_way``: "prevent the next 6 damage this way" (608.2c: a replacing sentence, the same slots)."""

    amount: Amount
    slots: tuple[int, ...]
    this_way: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.this_way:
            return f"prevent the next {self.amount.text()} damage this way"
        return (f"prevent the next {self.amount.text()} damage that would be dealt this turn to any number of "
                f"targets, divided as you choose")

    def python(self, actions: Actions) -> str:
        return f"rt.PreventDividedDamage(slots={lit(self.slots)})"


@dataclass(frozen=True)
class PreventAllDamage(Effect):
    """615.1a: "prevent all combat damage that would be dealt to and dealt by this this turn" -- a
    prevention effect on the object until end of turn (611.2), both ways (``combat``: combat damage
    only, 510.2)."""

    target: Ref
    combat: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        kind = "combat damage" if self.combat else "damage"
        return f"prevent all {kind} that would be dealt to and dealt by {self.target.text(ph)} this turn"

    def python(self, actions: Actions) -> str:
        c = lit(self.combat)
        return (f"rt.ApplyContinuous(target={self.target.python()}, parts=(rt.PreventDamageBy(combat={c}), "
                f"rt.PreventDamageDealtBy(combat={c})), until='eot')")


@dataclass(frozen=True)
class PreventDamageDealt(Effect):
    """615.1a: "prevent all combat damage target creature would deal this turn" -- a prevention effect
    on the damage sources until end of turn: the target (611.2a: that object), every object a group
    matches whenever it would deal damage ("non-Soldier creatures", 611.2c), or, with ``chosen_color``,
    every source of the color its controller chooses as it resolves (105.1, 608.2d; spells too).
    ``combat``: combat damage only (510.2)."""

    sources: Ref | None
    combat: bool = False
    chosen_color: bool = False
    that: bool = False  # printed "damage that ... would deal"

    def text(self, ph: "Phrase", subject: str) -> str:
        kind = "combat damage" if self.combat else "damage"
        who = "sources of the color of your choice" if self.sources is None else self.sources.text(ph)
        return f"prevent all {kind} {'that ' if self.that else ''}{who} would deal this turn"

    def python(self, actions: Actions) -> str:
        part = f"(rt.PreventDamageDealtBy(combat={lit(self.combat)}),)"
        if self.sources is None:
            return f"rt.ApplyRules(filter=rt.ObjectFilter(), parts={part}, until='eot', of_chosen_color=True)"
        if isinstance(self.sources, EachObject):
            return f"rt.ApplyRules(filter={self.sources.filter.python()}, parts={part}, until='eot')"
        return f"rt.ApplyContinuous(target={self.sources.python()}, parts={part}, until='eot')"


@dataclass(frozen=True)
class RedirectDamage(Effect):
    """614.9: a redirection effect until end of turn: "all damage that would be dealt to it this turn is
    dealt to target creature instead"; with ``next_from_chosen``, "the next time a source of your
    choice would deal damage this turn, that damage is dealt to this instead" (``recipient`` None)."""

    to: Ref
    recipient: Ref | None = None
    next_from_chosen: bool = False
    combat: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.recipient is None:
            lead = "the next time a source of your choice would deal damage this turn, that damage is"
        else:
            kind = "combat damage" if self.combat else "damage"
            lead = f"all {kind} that would be dealt to {self.recipient.text(ph)} this turn is"
        return f"{lead} dealt to {self.to.text(ph)} instead"

    def python(self, actions: Actions) -> str:
        recipient = f", recipient={self.recipient.python()}" if self.recipient is not None else ""
        return (f"rt.RedirectDamage(to={self.to.python()}{recipient}, choose_source={lit(self.next_from_chosen)}, "
                f"combat={lit(self.combat)})")


@dataclass(frozen=True)
class ExileIfDies(Effect):
    """614.1a, 700.4: "if it would die this turn, exile it instead" -- a replacement effect on the object
    until end of turn."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"if {self.target.text(ph, True)} would die this turn, exile it instead"

    def python(self, actions: Actions) -> str:
        return f"rt.ApplyContinuous(target={self.target.python()}, parts=(rt.ExileIfWouldDie(),), until='eot')"


@dataclass(frozen=True)
class WheneverThisTurn(Effect):
    """603.7, 603.7c: "whenever that creature deals combat damage this turn, if this spell was kicked,
    you gain life equal to that damage" -- a delayed triggered ability for the rest of the turn; the
    intervening "if" (603.4) is about the spell (a cost paid as it was cast), so it can't change."""

    subject: Ref
    effect: Effect
    combat: bool = False
    condition: Condition | None = None

    def text(self, ph: "Phrase", subject: str) -> str:
        kind = "combat damage" if self.combat else "damage"
        cond = f"{self.condition.text(True)}, " if self.condition is not None else ""
        return f"whenever {self.subject.text(ph)} deals {kind} this turn, {cond}{self.effect.text(ph, subject)}"

    def python(self, actions: Actions) -> str:
        cond = f", condition={self.condition.python()}" if self.condition is not None else ""
        return (f"rt.WheneverThisTurn(subject={self.subject.python()}, effect={self.effect.python(actions)}, "
                f"combat={lit(self.combat)}{cond})")

    def nested(self) -> tuple[Effect, ...]:
        return (self.effect,)


@dataclass(frozen=True)
class DamageUnpreventable(Effect):
    """615.12, 611.2c: "damage can't be prevented this turn" -- a change to the rules of the game until
    end of turn: prevention effects prevent none of the damage dealt meanwhile."""

    def text(self, ph: "Phrase", subject: str) -> str:
        return "damage can't be prevented this turn"

    def python(self, actions: Actions) -> str:
        return "rt.ApplyRules(filter=None, parts=(rt.DamageCantBePrevented(),), until='eot')"


class _LifeChange(Effect):
    """119.3: a player gains or loses life."""

    player: Ref
    amount: Amount
    VERBS: ClassVar[tuple[str, str]]  # (second person, third person)
    RUNTIME: ClassVar[str]

    def text(self, ph: "Phrase", subject: str) -> str:
        third = not isinstance(self.player, YouRef)
        who = self.player.player_text(ph)
        verb = self.VERBS[1] if third else self.VERBS[0]
        if isinstance(self.amount, (PowerOf, LifeLostThisWay, DamageEventAmount)):
            return f"{who} {verb} life equal to {self.amount.words}"
        if isinstance(self.amount, HalfLife):  # "loses half their life, rounded up"
            return f"{who} {verb} {self.amount.text()}"
        if isinstance(self.amount, CountOf):  # "you gain 2 life for each creature card in your graveyard"
            return f"{who} {verb} {self.amount.value} life {self.amount.words}"
        return f"{who} {verb} {self.amount.text()} life{per_time(self.amount)}{per_count(self.amount, ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.{self.RUNTIME}(player={self.player.python()}, amount={self.amount.python()})"


@dataclass(frozen=True)
class GainLife(_LifeChange):
    """119.3: "you gain 3 life"."""

    player: Ref
    amount: Amount
    VERBS, RUNTIME = ("gain", "gains"), "GainLife"


@dataclass(frozen=True)
class LoseLife(_LifeChange):
    """119.3: "target player loses 2 life"."""

    player: Ref
    amount: Amount
    VERBS, RUNTIME = ("lose", "loses"), "LoseLife"


# ------------------------------------------------------------------ cards: draw, discard, mill (121, 701.8)


@dataclass(frozen=True)
class PlayerCounters(Effect):
    """122.1: "defending player gets a poison counter" (104.3d, 704.5c)."""

    player: Ref
    amount: Amount
    counter: str
    symbols: bool = False  # 107.14: printed as energy symbols, "you get {E}{E} (two energy counters)"

    def text(self, ph: "Phrase", subject: str) -> str:
        who = self.player.player_text(ph)
        verb = 'get' if isinstance(self.player, YouRef) else 'gets'
        if self.symbols:
            return f"{who} {verb} {'{E}' * self.amount.value} ({counters_text(self.amount.value, self.counter)})"
        return f"{who} {verb} {counters_text(self.amount.value, self.counter)}"

    def python(self, actions: Actions) -> str:
        return (f"rt.PlayerGetsCounters(player={self.player.python()}, counter={lit(self.counter)}, "
                f"amount={self.amount.python()})")


@dataclass(frozen=True)
class ShuffleIntoLibrary(Effect):
    """401.3, 701.20a: "each player shuffles their hand and graveyard into their library"."""

    player: Ref
    zones: tuple[str, ...]

    def text(self, ph: "Phrase", subject: str) -> str:
        zones = " and ".join(self.zones)
        if isinstance(self.player, YouRef):
            return f"shuffle your {zones} into your library"
        return f"{self.player.player_text(ph)} shuffles their {zones} into their library"

    def python(self, actions: Actions) -> str:
        return f"rt.ShuffleIntoLibrary(player={self.player.python()}, zones={tuple_expr([lit(z) for z in self.zones])})"


@dataclass(frozen=True)
class ShuffleCardsIntoLibrary(Effect):
    """115.1, 401.3: "target player shuffles up to two target cards from their graveyard into their library"."""

    player: Ref
    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        if isinstance(self.player, YouRef):
            return f"shuffle {self.target.text(ph)} from your graveyard into your library"
        return f"{self.player.player_text(ph)} shuffles {self.target.text(ph)} from their graveyard into their library"

    def python(self, actions: Actions) -> str:
        return f"rt.ShuffleCardsIntoLibrary(player={self.player.python()}, target={self.target.python()})"


@dataclass(frozen=True)
class Draw(Effect):
    """121.1: "draw two cards", "target player draws X cards"; ``you``: written "you draw a card" (with
    another player's instruction before it: "... if that player has no cards in hand, you draw a card")."""

    player: Ref
    amount: Amount
    you: bool = False
    implicit: bool = False  # "..., then draws seven cards": the player of the instruction before
    up_to: bool = False  # 608.2d: "each opponent may draw up to three cards" (each chooses how many)

    def text(self, ph: "Phrase", subject: str) -> str:
        who = self.player.player_text(ph)
        n = self.amount.value
        obj = "a card" if n == 1 else f"{NUMBER_TEXT.get(n, str(n))} cards"
        if self.up_to:
            return f"{who} may draw up to {NUMBER_TEXT.get(n, str(n))} {'card' if n == 1 else 'cards'}"
        if isinstance(self.amount, (PerCounters, PerCard)):  # "draws a card for each +1/+1 counter on it"
            obj = count_of(n, "card") + per_count(self.amount, ph)
        elif not isinstance(self.amount, Fixed):
            obj = f"{self.amount.text()} cards"  # "draw that many cards", "draw X cards"
        if self.implicit:
            return f"draws {obj}"
        if isinstance(self.player, YouRef):
            return f"you draw {obj}" if self.you else f"draw {obj}"
        return f"{who} draws {obj}"

    def python(self, actions: Actions) -> str:
        up_to = ", up_to=True" if self.up_to else ""
        return f"rt.Draw(player={self.player.python()}, amount={self.amount.python()}{up_to})"


@dataclass(frozen=True)
class Discard(Effect):
    """701.8: "discard a card", "each opponent discards a card at random"; ``implicit``: the
    player named by the instruction before ("... loses 2 life and discards a card")."""

    player: Ref
    amount: Amount
    at_random: bool = False
    implicit: bool = False
    named: bool = False  # "discards all cards with that name" (the name chosen before, 201.3)
    whole_hand: bool = False  # "discard all the cards in your hand"

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.named:
            verb = "discards" if self.implicit or not isinstance(self.player, YouRef) else "discard"
            who = "" if self.implicit or isinstance(self.player, YouRef) else self.player.player_text(ph) + " "
            return f"{who}{verb} all cards with that name"
        if self.whole_hand:
            return "discard all the cards in your hand"
        if self.implicit:
            return f"discards {count_of(self.amount.value, 'card')}"
        tail = (" at random" if self.at_random else "") + per_time(self.amount)
        if not isinstance(self.player, YouRef):
            return f"{self.player.player_text(ph)} discards {count_of(self.amount.value, 'card')}{tail}"
        return f"discard {count_of(self.amount.value, 'card')}{tail}"

    def python(self, actions: Actions) -> str:
        random = ", at_random=True" if self.at_random else ""
        if self.named:
            return f"rt.DiscardNamed(player={self.player.python()})"
        if self.whole_hand:
            random += ", whole_hand=True"
        return f"rt.Discard(player={self.player.python()}, amount={self.amount.python()}{random})"


@dataclass(frozen=True)
class ChangeTarget(Effect):
    """115.7: "change the target of target spell ... to this": the spell's one target becomes the
    source, if it could be that spell's target (otherwise it doesn't change)."""

    spell: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"change the target of {self.spell.text(ph)} to {ph.this_name()}"

    def python(self, actions: Actions) -> str:
        return f"rt.ChangeTargetToThis(spell={self.spell.python()})"


@dataclass(frozen=True)
class ChangeColorWord(Effect):
    """612.1-612.2, 613.1c (layer 3): "change the text of target permanent by replacing all instances of
    one color word with another" -- a text-changing effect lasting indefinitely; the two words are
    chosen as it resolves."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"change the text of {self.target.text(ph)} by replacing all instances of one color word with another"

    def python(self, actions: Actions) -> str:
        return f"rt.ChangeColorWord(target={self.target.python()})"


@dataclass(frozen=True)
class AnyPlayerMayPay(Effect):
    """118.12, 101.4: "any player may sacrifice a creature": each player in turn order, beginning with the
    active player, may pay the cost as it resolves, until one does."""

    cost: CostIR

    def text(self, ph: "Phrase", subject: str) -> str:
        text = self.cost.text()
        return f"any player may {text[:1].lower()}{text[1:]}"

    def python(self, actions: Actions) -> str:
        return f"rt.AnyPlayerMayPay(cost={self.cost.python()})"


@dataclass(frozen=True)
class NewTarget(Effect):
    """115.7a: "change that spell's target to another creature": the spell's one target becomes another
    legal target matching ``filter``, of the effect's controller's choice; if there is none, it stays."""

    spell: Ref
    filter: FilterIR | None  # None: "change the target of target spell or ability ...": any other legal one

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.filter is None:
            return f"change the target of {self.spell.text(ph)}"
        return f"change that spell's target to another {self.filter.words}"

    def python(self, actions: Actions) -> str:
        flt = f", filter={self.filter.python()}" if self.filter is not None else ""
        return f"rt.ChangeTargetToAnother(spell={self.spell.python()}{flt})"


@dataclass(frozen=True)
class Mill(Effect):
    """701.13 (2019 wording): "put the top N cards of your library into your graveyard";
    ``their``: another player's ("target player puts ... into their graveyard")."""

    player: Ref
    amount: Amount
    their: bool = False
    short: bool = False  # "that player puts twice that many cards into their graveyard"

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.short:
            return f"{self.player.player_text(ph)} puts {self.amount.text()} cards into their graveyard"
        n = self.amount.value
        top = "the top card" if n == 1 else f"the top {NUMBER_TEXT.get(n, str(n))} cards"
        if isinstance(self.amount, XAmount):
            top = "the top X cards"
        if self.their:
            return f"{self.player.player_text(ph)} puts {top} of their library into their graveyard"
        return f"put {top} of your library into your graveyard"

    def python(self, actions: Actions) -> str:
        return f"rt.Mill(player={self.player.python()}, amount={self.amount.python()})"


# ------------------------------------------------------------------ players' choices and turns


@dataclass(frozen=True)
class ChoosePermanent(Effect):
    """608.2d, 101.4: "each player chooses a creature they control"; "the rest" is what wasn't chosen."""

    player: Ref
    filter: FilterIR

    def text(self, ph: "Phrase", subject: str) -> str:
        article = "an" if self.filter.words[:1] in "aeiou" else "a"
        verb = "choose" if isinstance(self.player, YouRef) else "chooses"
        return f"{self.player.player_text(ph)} {verb} {article} {self.filter.words}"

    def python(self, actions: Actions) -> str:
        return f"rt.ChoosePermanent(player={self.player.python()}, filter={self.filter.python()})"


@dataclass(frozen=True)
class PlayerTaps(Effect):
    """701.21a, 608.2d: "that player taps an untapped artifact, creature, or land they control for each fade
    counter on this" (the player chooses which)."""

    player: Ref
    amount: Amount
    filter: FilterIR

    def text(self, ph: "Phrase", subject: str) -> str:
        n = self.amount.value
        article = ("an" if self.filter.words[:1] in "aeiou" else "a") if n == 1 else NUMBER_TEXT.get(n, str(n))
        return f"{self.player.player_text(ph)} taps {article} {self.filter.words}{per_count(self.amount, ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.PlayerTaps(player={self.player.python()}, filter={self.filter.python()}, amount={self.amount.python()})"


@dataclass(frozen=True)
class ExchangeLifeWithToughness(Effect):
    """701.10g: "exchange your life total with this's toughness"."""

    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        who = "your" if isinstance(self.player, YouRef) else self.player.player_text(ph) + "'s"
        return f"exchange {who} life total with {ph.this_name()}'s toughness"

    def python(self, actions: Actions) -> str:
        return f"rt.ExchangeLifeWithToughness(player={self.player.python()})"


@dataclass(frozen=True)
class RevealHand(Effect):
    """701.16a: "target player reveals their hand", "..., then reveals a card at random from their hand";
    ``implicit``: the player of the instruction before."""

    player: Ref
    at_random: bool = False
    implicit: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        you = isinstance(self.player, YouRef) and not self.implicit
        what = ("a card at random from " if self.at_random else "") + ("your hand" if you else "their hand")
        if self.implicit:
            return f"reveals {what}"
        return f"reveal {what}" if you else f"{self.player.player_text(ph)} reveals {what}"

    def python(self, actions: Actions) -> str:
        rnd = ", at_random=True" if self.at_random else ""
        return f"rt.RevealHand(player={self.player.python()}{rnd})"


@dataclass(frozen=True)
class LookAtHand(Effect):
    """402.3, 400.2: "look at target opponent's hand" -- the ability's controller sees the cards in
    that player's hand; they stay there, hidden from everyone else."""

    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"look at {self.player.player_text(ph)}'s hand"

    def python(self, actions: Actions) -> str:
        return f"rt.LookAtHand(player={self.player.python()})"


@dataclass(frozen=True)
class ChooseName(Effect):
    """201.3, 608.2d: "choose a nonland card name" (the ability's controller); "that name" later."""

    filter: FilterIR

    def text(self, ph: "Phrase", subject: str) -> str:
        article = "an" if self.filter.words[:1] in "aeiou" else "a"
        return f"choose {article} {self.filter.words} name"

    def python(self, actions: Actions) -> str:
        return f"rt.ChooseCardName(filter={self.filter.python()})"


@dataclass(frozen=True)
class ReturnExiledWith(Effect):
    """607.2a, 610.3c: "each player returns to the battlefield all cards they own exiled with this"."""

    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        if isinstance(self.player, YouRef):
            return f"return to the battlefield all cards you own exiled with {ph.this_name()}"
        return f"{self.player.player_text(ph)} returns to the battlefield all cards they own exiled with {ph.this_name()}"

    def python(self, actions: Actions) -> str:
        return f"rt.ReturnExiledWith(player={self.player.python()})"


@dataclass(frozen=True)
class ChooseColor(Effect):
    """105.1, 608.2d: "choose a color" (the ability's controller); "the chosen color" later in it."""

    def text(self, ph: "Phrase", subject: str) -> str:
        return "choose a color"

    def python(self, actions: Actions) -> str:
        return "rt.ChooseColor()"


@dataclass(frozen=True)
class ChooseAmong(Effect):
    """A player chooses one of several kinds of objects, remembered for "of that type" (608.2c-d)."""

    player: Ref
    options: tuple[FilterIR, ...]

    def text(self, ph: "Phrase", subject: str) -> str:
        kinds = [f.words for f in self.options]
        listed = f"{kinds[0]} or {kinds[1]}" if len(kinds) == 2 else ", ".join(kinds[:-1]) + f", or {kinds[-1]}"
        if isinstance(self.player, YouRef):
            return f"choose {listed}"
        return f"{self.player.player_text(ph)} chooses {listed}"

    def python(self, actions: Actions) -> str:
        return (f"rt.ChooseAmong(player={self.player.python()}, "
                f"options={tuple_expr([f.python() for f in self.options])}, "
                f"labels={lit(tuple(f.words for f in self.options))})")


@dataclass(frozen=True)
class ExtraTurn(Effect):
    """500.7: "take an extra turn after this one"."""

    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        if isinstance(self.player, YouRef):
            return "take an extra turn after this one"
        return f"{self.player.player_text(ph)} takes an extra turn after this one"

    def python(self, actions: Actions) -> str:
        return f"rt.TakeExtraTurn(player={self.player.python()})"


@dataclass(frozen=True)
class CantCastSameName(Effect):
    """"can't cast spells with the same name as that card until your next turn" (201.2)."""

    player: Ref
    named: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return (f"{self.player.player_text(ph)} can't cast spells with the same name as {self.named.text(ph)} "
                "until your next turn")

    def python(self, actions: Actions) -> str:
        return f"rt.CantCastSameName(player={self.player.python()}, named={lit(getattr(self.named, 'index', 0))})"


@dataclass(frozen=True)
class CantCastThisTurn(Effect):
    """101.2: "target player can't cast spells this turn" -- until the turn ends (514.2)."""

    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{self.player.player_text(ph)} can't cast spells this turn"

    def python(self, actions: Actions) -> str:
        return f"rt.CantCastSpellsThisTurn(player={self.player.python()})"


@dataclass(frozen=True)
class Pay(Effect):
    """"pay {2}" as an instruction (118.1, 608.2c): usually followed by "if you do"."""

    cost: CostIR

    def text(self, ph: "Phrase", subject: str) -> str:
        words = self.cost.text(card=ph.card.name)
        # Mana is paid ("pay {2}"); other parts print their own verbs ("reveal X black cards ...").
        verb = "pay " if self.cost.mana and self.cost.printed_plain else ""
        return verb + words[:1].lower() + words[1:]

    def python(self, actions: Actions) -> str:
        return f"rt.Pay(cost={self.cost.python()})"


@dataclass(frozen=True)
class May(Effect):
    """608.2d: "you may ..." -- the controller chooses whether to follow the instruction."""

    effect: Effect

    def text(self, ph: "Phrase", subject: str) -> str:
        return "you may " + self.effect.text(ph, subject)

    def python(self, actions: Actions) -> str:
        return f"rt.MayDo(effect={self.effect.python(actions)})"

    def nested(self) -> tuple[Effect, ...]:
        return (self.effect,)


@dataclass(frozen=True)
class FlipCoin(Effect):
    """705.1: "flip a coin"."""

    def text(self, ph: "Phrase", subject: str) -> str:
        return "flip a coin"

    def python(self, actions: Actions) -> str:
        return "rt.FlipCoin()"


@dataclass(frozen=True)
class ExchangeControl(Effect):
    """701.10a-b: "exchange control of target creature you control and target creature an opponent
    controls"."""

    first: Ref
    second: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"exchange control of {self.first.text(ph)} and {self.second.text(ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.ExchangeControl(first={self.first.python()}, second={self.second.python()})"


@dataclass(frozen=True)
class SkipTurn(Effect):
    """614.10: "you skip your next turn"."""

    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        if isinstance(self.player, YouRef):
            return "you skip your next turn"
        return f"{self.player.player_text(ph)} skips their next turn"

    def python(self, actions: Actions) -> str:
        return f"rt.SkipNextTurn(player={self.player.python()})"


@dataclass(frozen=True)
class AttacksPlayerIfAble(Effect):
    """508.1d: "target creature attacks target opponent this turn if able" -- a requirement this turn."""

    target: Ref
    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{self.target.text(ph, True)} attacks {self.player.player_text(ph)} this turn if able"

    def python(self, actions: Actions) -> str:
        return f"rt.AttacksPlayerIfAble(target={self.target.python()}, player={self.player.python()})"


@dataclass(frozen=True)
class DoublePT(Effect):
    """701.9b: "double its power and toughness until end of turn" -- +X/+Y, X and Y its power and
    toughness as the instruction is followed."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return "double its power and toughness until end of turn"

    def python(self, actions: Actions) -> str:
        return f"rt.DoublePowerToughness(target={self.target.python()})"


@dataclass(frozen=True)
class Causative(Effect):
    """608.2c: "have it fight target creature" -- the instruction worded with "have" and the verb's
    base form; it is followed as the instruction itself."""

    effect: Effect

    def text(self, ph: "Phrase", subject: str) -> str:
        return "have " + self.effect.text(ph, subject)

    def python(self, actions: Actions) -> str:
        return self.effect.python(actions)

    def nested(self) -> tuple[Effect, ...]:
        return (self.effect,)


@dataclass(frozen=True)
class Delayed(Effect):
    """603.7: a delayed triggered ability ("... at the beginning of the next end step", 511.2
    "at end of combat": ``step`` "end_combat")."""

    step: str
    effect: Effect

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.step == "end_combat":
            return f"{self.effect.text(ph, subject)} at end of combat"
        return f"{self.effect.text(ph, subject)} at the beginning of the next {self.step} step"

    def python(self, actions: Actions) -> str:
        return f"rt.AtBeginningOfNextStep(step={lit(self.step)}, effect={self.effect.python(actions)})"

    def nested(self) -> tuple[Effect, ...]:
        return (self.effect,)


@dataclass(frozen=True)
class DelayedOnEvent(Effect):
    """603.7, 603.7c: "when this dies this turn, ..." -- a delayed triggered ability on an event of the
    source, triggering once, this turn only."""

    event: str  # "dies"
    effect: Effect

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"when {ph.this_name()} dies this turn, {self.effect.text(ph, subject)}"

    def python(self, actions: Actions) -> str:
        return f"rt.WhenThisThisTurn(event={lit(self.event)}, effect={self.effect.python(actions)})"

    def nested(self) -> tuple[Effect, ...]:
        return (self.effect,)


class VerbOnTarget(Effect):
    """An instruction that is a verb and what it acts on ("tap target creature"): its words
    ``VERB`` and its runtime effect ``RUNTIME``, which takes the reference as ``target``."""

    target: Ref
    VERB: ClassVar[str]
    RUNTIME: ClassVar[str]

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{self.VERB} {self.target.text(ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.{self.RUNTIME}(target={self.target.python()})"


@dataclass(frozen=True)
class CounterSpell(VerbOnTarget):
    """701.5a: "counter target spell"."""

    target: Ref
    VERB, RUNTIME = "counter", "CounterSpell"


@dataclass(frozen=True)
class CreateTokenCopy(VerbOnTarget):
    """707.2, 111.10: "create a token that's a copy of target creature"; "create five of those
    tokens" (``amount``, ``those``): as many copies of the object a copy instruction before named."""

    target: Ref
    amount: Amount = Fixed(1)
    those: bool = False  # printed "create N of those tokens"
    VERB, RUNTIME = "create a token that's a copy of", "CreateTokenCopy"

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.those:
            n = self.amount
            return f"create {NUMBER_TEXT.get(n.value, str(n.value)) if isinstance(n, Fixed) else n.text()} of those tokens"
        return super().text(ph, subject)

    def python(self, actions: Actions) -> str:
        amount = f", amount={self.amount.python()}" if self.amount != Fixed(1) else ""
        return f"rt.CreateTokenCopy(target={self.target.python()}{amount})"


@dataclass(frozen=True)
class Tap(VerbOnTarget):
    """701.21a: "tap target creature"."""

    target: Ref
    VERB, RUNTIME = "tap", "Tap"


@dataclass(frozen=True)
class Untap(VerbOnTarget):
    """701.21b: "untap target land"."""

    target: Ref
    VERB, RUNTIME = "untap", "Untap"


@dataclass(frozen=True)
class TapOrUntap(VerbOnTarget):
    """701.21: "tap or untap target permanent"."""

    target: Ref
    VERB, RUNTIME = "tap or untap", "TapOrUntap"


@dataclass(frozen=True)
class Regenerate(VerbOnTarget):
    """701.15a: "regenerate this"."""

    target: Ref
    VERB, RUNTIME = "regenerate", "Regenerate"


# ------------------------------------------------------------------ objects: destroy, exile, move (701, 400)


@dataclass(frozen=True)
class Destroy(Effect):
    """701.7: "destroy target creature"; ``no_regeneration`` (701.15c): "It can't be regenerated."."""

    target: Ref
    no_regeneration: bool = False
    no_regen_words: str = ""  # how the next sentence names it ("it", "that creature")
    # "..., then create ... tokens. Creatures destroyed this way can't be regenerated.": printed after
    # the whole sentence it is in (compiler/text.py)
    no_regen_after: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        out = f"destroy {self.target.text(ph)}"
        if self.no_regeneration and not self.no_regen_after:
            that = self.no_regen_words or "it"
            out += f". {that[:1].upper()}{that[1:]} can't be regenerated"
        return out

    def python(self, actions: Actions) -> str:
        return f"rt.Destroy(target={self.target.python()}, no_regeneration={lit(self.no_regeneration)})"


@dataclass(frozen=True)
class CantBeRegenerated(Effect):
    """701.15c: "It can't be regenerated." after a destroy, folded into that :class:`Destroy`
    by lowering (it exists only until then)."""

    target: Ref
    words: str
    later: bool = False  # "creatures destroyed this way": a destroy before the sentence's last instruction


@dataclass(frozen=True)
class CantBeRegeneratedThisTurn(Effect):
    """701.15c with a duration: any destruction this turn can't be replaced by regeneration."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{self.target.text(ph, True)} can't be regenerated this turn"

    def python(self, actions: Actions) -> str:
        return f"rt.ApplyContinuous(target={self.target.python()}, parts=(rt.CantBeRegenerated(),), until='eot')"


@dataclass(frozen=True)
class Exile(Effect):
    """406.3: "exile target creature", "... from your graveyard", "exile it with three time
    counters on it" (702.62a: ``amount`` counters of kind ``counter`` come with it)."""

    target: Ref
    whose: str = ""  # "from your/a graveyard"
    also: Ref | None = None
    amount: Amount | None = None
    counter: str = ""

    def text(self, ph: "Phrase", subject: str) -> str:
        tail = f" from {self.whose} graveyard" if self.whose else ""
        if self.also is not None:
            tail += f" and {self.also.text(ph)}"
        if self.amount is not None:
            many = counters_text(self.amount.value, self.counter) if isinstance(self.amount, Fixed) else \
                f"{self.amount.text()} {self.counter} counters"
            tail += f" with {many} on it"
        return f"exile {self.target.text(ph)}{tail}"

    def python(self, actions: Actions) -> str:
        also = f", also={self.also.python()}" if self.also is not None else ""
        if self.counter and self.amount is not None:
            also += f", counters={lit(self.counter)}, amount={self.amount.python()}"
        return f"rt.ExileObject(target={self.target.python()}{also})"



@dataclass(frozen=True)
class CounterUnless(Effect):
    """701.5a, 118.12: "counter target spell unless its controller pays {3}" (``per``: "for each ...")."""

    target: Ref
    unless: CostIR
    per: Amount | None = None

    def text(self, ph: "Phrase", subject: str) -> str:
        tail = f" {self.per.words}" if self.per is not None else ""
        return f"counter {self.target.text(ph)} unless its controller pays {self.unless.text()}{tail}"

    def python(self, actions: Actions) -> str:
        mana = f"{ident(self.unless.param)}.mana" if self.unless.param else lit(self.unless.mana)
        extra = f", per={self.per.python()}" if self.per is not None else ""
        return f"rt.CounterUnlessPays(target={self.target.python()}, mana={mana}{extra})"


@dataclass(frozen=True)
class ReturnFromGraveyard(Effect):
    """400.3: "return target creature card from your graveyard to your hand" (or the battlefield;
    ``zone`` "exile": "return target exiled card you own to your hand", 406)."""

    target: Ref
    whose: str
    to: str  # "hand" | "battlefield"
    mine: bool = False  # "... under your control"
    zone: str = ""
    where_x: Amount | None = None  # "..., where X is the number of times this was kicked" ("up to X target")

    def text(self, ph: "Phrase", subject: str) -> str:
        to = "your hand" if self.to == "hand" else "the battlefield"
        if self.mine:
            to += " under your control"
        if self.zone == "exile":
            return f"return {self.target.text(ph)} to {to}"
        where = ""
        if self.where_x is not None:
            x = self.where_x
            where = f", where X is {x.text_named(ph.card.name) if isinstance(x, TimesPaidCount) else x.text()}"
        return f"return {self.target.text(ph)} from {self.whose} graveyard to {to}{where}"

    def python(self, actions: Actions) -> str:
        zone = "HAND" if self.to == "hand" else "BATTLEFIELD"
        if self.zone == "exile":
            return f"rt.ReturnFromGraveyard(target={self.target.python()}, to=rt.Zone.{zone}, from_zone=rt.Zone.EXILE)"
        return f"rt.ReturnFromGraveyard(target={self.target.python()}, to=rt.Zone.{zone})"


@dataclass(frozen=True)
class ReturnAllFromGraveyards(Effect):
    """"return all creature cards from all graveyards to their owners' hands" (404.1); ``yours``: "from your
    graveyard to your hand" (the controller's graveyard only)."""

    filter: FilterIR
    yours: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.yours:
            return f"return all {self.filter.words} from your graveyard to your hand"
        return f"return all {self.filter.words} from all graveyards to their owners' hands"

    def python(self, actions: Actions) -> str:
        yours = ", yours=True" if self.yours else ""
        return f"rt.ReturnAllFromGraveyards(filter={self.filter.python()}{yours})"


@dataclass(frozen=True)
class CopyEach(Effect):
    """707.2, 111.2, 608.2c: "for each creature token on the battlefield, its controller creates a token
    that's a copy of that creature" -- the permanents are determined first, then each is copied."""

    filter: FilterIR
    copied: str  # "that creature", as printed

    def text(self, ph: "Phrase", subject: str) -> str:
        return (f"for each {self.filter.words} on the battlefield, its controller creates a token that's a copy "
                f"of {self.copied}")

    def python(self, actions: Actions) -> str:
        return f"rt.CopyEach(filter={self.filter.python()})"


@dataclass(frozen=True)
class ReturnDestroyed(Effect):
    """701.7a, 400.7: "return all cards in your graveyard destroyed this way to the battlefield"."""

    def text(self, ph: "Phrase", subject: str) -> str:
        return "return all cards in your graveyard destroyed this way to the battlefield"

    def python(self, actions: Actions) -> str:
        return "rt.ReturnDestroyed()"


@dataclass(frozen=True)
class RevealUntil(Effect):
    """701.16a: "reveal cards from the top of your library until you reveal a creature card" -- the card
    found is "that card"; the others revealed stay in the library ("revealed this way")."""

    filter: FilterIR

    def text(self, ph: "Phrase", subject: str) -> str:
        article = "an" if self.filter.words[:1] in "aeiou" else "a"
        return f"reveal cards from the top of your library until you reveal {article} {self.filter.words}"

    def python(self, actions: Actions) -> str:
        return f"rt.RevealUntil(filter={self.filter.python()})"


@dataclass(frozen=True)
class PutOntoBattlefield(Effect):
    """110.2: "put that card onto the battlefield" -- under the control of the player putting it there;
    "... with a manifestation counter on it" (614.1c, 122.6)."""

    target: Ref
    amount: Amount | None = None
    counter: str = ""

    def text(self, ph: "Phrase", subject: str) -> str:
        with_ = f" with {counters_text(self.amount.value, self.counter)} on it" if self.amount is not None else ""
        return f"put {self.target.text(ph)} onto the battlefield{with_}"

    def python(self, actions: Actions) -> str:
        extra = (f", amount={self.amount.python()}, counter={lit(self.counter)}" if self.amount is not None else "")
        return f"rt.PutOntoBattlefield(target={self.target.python()}{extra})"


@dataclass(frozen=True)
class RevealTopCard(Effect):
    """701.16a: "reveal the top card of your library" -- shown to all; it is "it" afterwards."""

    def text(self, ph: "Phrase", subject: str) -> str:
        return "reveal the top card of your library"

    def python(self, actions: Actions) -> str:
        return "rt.RevealTopCard()"


PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker")  # 205.2a


@dataclass(frozen=True)
class ChoosePermanentType(Effect):
    """205.2a, 608.2d: "choose a permanent type" -- the controller chooses artifact, creature, enchantment,
    land, or planeswalker, remembered for "of the chosen type" later in the ability."""

    def text(self, ph: "Phrase", subject: str) -> str:
        return "choose a permanent type"

    def python(self, actions: Actions) -> str:
        options = tuple_expr([f"rt.ObjectFilter(types=({lit(t)},))" for t in PERMANENT_TYPES])
        return f"rt.ChooseAmong(player=rt.You(), options={options}, labels={lit(PERMANENT_TYPES)})"


@dataclass(frozen=True)
class ReturnToHand(Effect):
    """"return target creature to its owner's hand" (``yours``: "to your hand", what you own)."""

    target: Ref
    yours: bool = False
    their: bool = False  # printed "to their owners' hands" (several objects)
    exceptions: tuple[str, ...] = ()  # "except for Merfolk, Krakens, ...": the subtypes left out, as written

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.their:
            ex = self.exceptions
            but = ""
            if ex:
                listed = f"{ex[0]} and {ex[1]}" if len(ex) == 2 else ", ".join(ex[:-1]) + (", and " if ex[:-1] else "") + ex[-1]
                but = f" except for {listed}"
            return f"return {self.target.text(ph)} to their owners' hands{but}"
        whose = "your" if self.yours else "its owner's"
        return f"return {self.target.text(ph)} to {whose} hand"

    def python(self, actions: Actions) -> str:
        return f"rt.ReturnToHand(target={self.target.python()})"


@dataclass(frozen=True)
class ReturnDiscarded(Effect):
    """603.2, 400.7: "return the discarded card from your graveyard to your hand" -- the card a discard
    trigger remembers, if it is still in the graveyard."""

    def text(self, ph: "Phrase", subject: str) -> str:
        return "return the discarded card from your graveyard to your hand"

    def python(self, actions: Actions) -> str:
        return "rt.ReturnDiscarded()"


@dataclass(frozen=True)
class PutInto(Effect):
    """Moving an object: "put it into your graveyard", "return it to the battlefield face down
    under your control" (``face_down`` "yes" | "no" | "choice", 708.2)."""

    target: Ref
    zone: str  # "graveyard" | "battlefield"
    face_down: str = "no"
    mine: bool = False
    from_graveyard: bool = False  # its own card, "from your graveyard": the ability works there
    owners: bool = False  # printed "under its owner's control"
    # 614.1c: "with a -1/-1 counter on it" -- it enters with these counters (702.79a persist)
    counters: Amount | None = None
    counter: str = ""
    transformed: bool = False  # "return it to the battlefield transformed": its back face up (701.28)

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.zone == "graveyard":
            return f"put {self.target.text(ph)} into your graveyard"
        src = " from your graveyard" if self.from_graveyard else ""
        face = {"yes": " face down", "choice": " face up or face down"}.get(self.face_down, "")
        face += " transformed" if self.transformed else ""
        mine = " under your control" if self.mine else " under its owner's control" if self.owners else ""
        with_counters = f" with {counters_text(self.counters.value, self.counter)} on it" if self.counters else ""
        return f"return {self.target.text(ph)}{src} to the battlefield{face}{mine}{with_counters}"

    def python(self, actions: Actions) -> str:
        counters = (f", counters={self.counters.python()}, counter={lit(self.counter)}"
                    if self.counters is not None else "")
        transformed = ", transformed=True" if self.transformed else ""
        return (f"rt.PutIntoZone(target={self.target.python()}, zone=rt.Zone.{self.zone.upper()}, "
                f"face_down={lit(self.face_down)}, under_your_control={lit(self.mine)}{counters}{transformed})")


@dataclass(frozen=True)
class PutOnLibrary(Effect):
    """"put target creature on top of its owner's library" (or on the bottom)."""

    target: Ref
    whose: str = ""  # "from your/a graveyard"
    top: bool = False
    also: Ref | None = None  # "put this and each creature it's blocking on top of their owners' libraries"

    def text(self, ph: "Phrase", subject: str) -> str:
        src = f" from {self.whose} graveyard" if self.whose else ""
        where = "on top" if self.top else "on the bottom"
        if self.also is not None:
            return f"put {self.target.text(ph)} and {self.also.text(ph)}{src} {where} of their owners' libraries"
        return f"put {self.target.text(ph)}{src} {where} of its owner's library"

    def python(self, actions: Actions) -> str:
        also = f", also={self.also.python()}" if self.also is not None else ""
        return f"rt.PutIntoZone(target={self.target.python()}, zone=rt.Zone.LIBRARY, on_top={lit(self.top)}{also})"


@dataclass(frozen=True)
class PutFromHand(Effect):
    """"put a creature card from your hand onto the battlefield"."""

    filter: FilterIR
    face_up: bool = False  # worded "... onto the battlefield face up" (the same instruction)

    def text(self, ph: "Phrase", subject: str) -> str:
        article = "an" if self.filter.words[:1] in "aeiou" else "a"
        tail = " face up" if self.face_up else ""
        return f"put {article} {self.filter.words} from your hand onto the battlefield{tail}"

    def python(self, actions: Actions) -> str:
        return f"rt.PutFromHand(filter={self.filter.python()})"


@dataclass(frozen=True)
class ExileTop(Effect):
    """406.3: "exile the top card of your library" (with :class:`MayPlay`, impulse draw); ``their``:
    the player exiles them, "that player exiles the top ten cards of their library"."""

    player: Ref
    count: Amount | None = None  # None: the top card
    their: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        cards = ("card" if self.count is None else count_of(self.count.value, "card").removeprefix("a ")
                 if isinstance(self.count, Fixed) else f"{self.count.text()} cards")
        if self.their:
            return f"{self.player.player_text(ph)} exiles the top {cards} of their library"
        whose = "your" if isinstance(self.player, YouRef) else "target player's"
        return f"exile the top {cards} of {whose} library"

    def python(self, actions: Actions) -> str:
        count = f", count={self.count.python()}" if self.count is not None else ""
        return f"rt.ExileTopCard(player={self.player.python()}{count})"


@dataclass(frozen=True)
class MayPlay(Effect):
    """"until end of turn, you may play that card", "you may play that card this turn" (601.2a, 305.1)."""

    this_turn: bool = False  # worded "you may play that card this turn" (it ends as "until end of turn")

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.this_turn:
            return "you may play that card this turn"
        return "until end of turn, you may play that card"

    def python(self, actions: Actions) -> str:
        return "rt.MayPlayThem()"


@dataclass(frozen=True)
class CastThis(Effect):
    """Cast a card during resolution (608.2g): "without paying its mana cost" (``label`` "", 118.9)
    or "for its madness cost" (a keyword's cost; ``cost_param`` names it, 113.7a)."""

    target: Ref
    label: str = ""
    cost_param: str = ""

    def text(self, ph: "Phrase", subject: str) -> str:
        if not self.label:
            return f"cast {self.target.text(ph)} without paying its mana cost"
        return f"cast {self.target.text(ph)} for its {self.label} cost"

    def python(self, actions: Actions) -> str:
        if self.cost_param:  # a keyword's cost parameter: a local of abilities()
            return (f"rt.CastThis(target={self.target.python()}, label={lit(self.label)}, "
                    f"cost={ident(self.cost_param)})")
        return f"rt.CastThis(target={self.target.python()}, label={lit(self.label)})"


@dataclass(frozen=True)
class CopySpell(Effect):
    """707.10: "copy target instant or sorcery spell" (``new_targets``: 707.10c)."""

    target: Ref
    new_targets: bool = False
    that_copy: bool = False  # worded "for that copy" (the same instruction)

    def text(self, ph: "Phrase", subject: str) -> str:
        tail = f". You may choose new targets for {'that' if self.that_copy else 'the'} copy" if self.new_targets else ""
        return f"copy {self.target.text(ph)}{tail}"

    def python(self, actions: Actions) -> str:
        return f"rt.CopySpell(target={self.target.python()}, new_targets={lit(self.new_targets)})"


# ------------------------------------------------------------------ tokens and counters (111, 122)


@dataclass(frozen=True)
class CreateTokens(Effect):
    """111.1: "create two 1/1 white Soldier creature tokens with flying"."""

    count: Amount
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...]
    named: bool = False  # its name is printed ("named Kaldra")
    tapped: bool = False
    supertypes: tuple[str, ...] = ()  # "a legendary 4/4 red Dragon creature token" (205.4)
    name_first: bool = False  # printed "create Karox Bladewing, a legendary ..." (111.4)
    granted: tuple["GainAbility", ...] = ()  # 111.2: quoted abilities the tokens have ("with "{R}: ...."")
    it_has: bool = False  # the quoted ability printed as a sentence of its own: "... token. It has "...""

    def text(self, ph: "Phrase", subject: str) -> str:
        cnt = self.count
        color_words = " ".join(COLOR_WORDS[c] for c in self.colors) or "colorless"
        plural = not (isinstance(cnt, Fixed) and cnt.value == 1)
        count_word = "X" if isinstance(cnt, XAmount) else \
            ("a" if not plural else NUMBER_TEXT.get(cnt.value, str(cnt.value)))
        if isinstance(cnt, EventAmount):
            count_word = cnt.words  # "create that many ... tokens"
        quoted = [f'"{ph.ability_text(g.ability)}"' for g in self.granted]
        after = ""
        if self.it_has:
            after, quoted = f". It has {' and '.join(quoted)}", []
        with_ = f" with {' and '.join((*self.keywords, *quoted))}" if self.keywords or quoted else ""
        if isinstance(cnt, CountersOnThis):
            plural, count_word = False, "a"
            with_ += f" {cnt.words}"
        if isinstance(cnt, TimesPaid):
            plural = cnt.value != 1
            count_word = "a" if not plural else NUMBER_TEXT.get(cnt.value, str(cnt.value))
            with_ += per_time(cnt)
        tapped = "tapped" if self.tapped else ""
        pt = f"{self.power}/{self.toughness}" if self.power >= 0 else ""  # none printed: defined by its ability
        words = " ".join(w for w in (count_word, tapped, *self.supertypes, pt, color_words,
                                     " ".join(self.subtypes), " ".join(self.types)) if w)
        same = (self.name, self.power, self.toughness, self.colors, self.types, self.subtypes, self.keywords,
                self.named, self.tapped)
        if ph.replacing and same == ph.last_tokens and plural:
            return f"create {count_word} of those tokens"  # the same tokens, another number
        ph.last_tokens = same
        if self.name_first:
            return f"create {self.name}, {words} token{'s' if plural else ''}{with_}{after}"
        named = f" named {self.name}" if self.named else ""
        return f"create {words} token{'s' if plural else ''}{with_}{named}{after}"

    def python(self, actions: Actions) -> str:
        return (f"rt.CreateTokens(count={self.count.python()}, name={lit(self.name)}, power={lit(max(self.power, 0))}, "
                f"toughness={lit(max(self.toughness, 0))}, colors={lit(self.colors)}, types={lit(self.types)}, "
                f"subtypes={lit(self.subtypes)}, keywords={lit(self.keywords)}"
                + (f", supertypes={lit(self.supertypes)}" if self.supertypes else "")
                + (f", abilities=({''.join(ident(g.cls) + '(), ' for g in self.granted)})" if self.granted else "")
                + (", tapped=True)" if self.tapped else ")"))



@dataclass(frozen=True)
class PutCounters(Effect):
    """122.6: "put two +1/+1 counters on target creature"."""

    amount: Amount
    counter: str
    target: Ref
    where: Amount | None = None  # 107.3: "..., where X is the exiled card's converted mana cost"

    def text(self, ph: "Phrase", subject: str) -> str:
        what = counters_text(self.amount.value, self.counter)
        if isinstance(self.amount, XAmount):
            what = f"X {self.counter} counters"
        where = f", where X is {self.where.words}" if self.where is not None else ""
        return f"put {what} on {self.target.text(ph)}{where}"

    def python(self, actions: Actions) -> str:
        amount = self.where if self.where is not None else self.amount
        return (f"rt.PutCounters(amount={amount.python()}, counter={lit(self.counter)}, "
                f"target={self.target.python()})")


@dataclass(frozen=True)
class RemoveCounters(Effect):
    """122.8-style: "remove a fade counter from this"."""

    amount: Amount
    counter: str
    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"remove {counters_text(self.amount.value, self.counter)} from {self.target.text(ph)}"

    def python(self, actions: Actions) -> str:
        return (f"rt.RemoveCounters(amount={self.amount.python()}, counter={lit(self.counter)}, "
                f"target={self.target.python()})")


@dataclass(frozen=True)
class Transform(Effect):
    """701.28a: "transform this" -- a transforming double-faced permanent turns over (712.8)."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"transform {self.target.text(ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.Transform(target={self.target.python()})"


@dataclass(frozen=True)
class RemoveAllCounters(Effect):
    """122.1: "remove all of them" -- every counter of the kind a condition before it counted, from the
    source ("... if there are five or more hatchling counters on it, remove all of them")."""

    counter: str
    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return "remove all of them"

    def python(self, actions: Actions) -> str:
        return (f"rt.RemoveCounters(amount=rt.CountersOnThis(counter={lit(self.counter)}), "
                f"counter={lit(self.counter)}, target={self.target.python()})")


@dataclass(frozen=True)
class ChangeBase(Effect):
    """613.4b (layer 7b), 611.2: "change this's base toughness to N" -- the source's base power or
    toughness becomes the number counted as it resolves, indefinitely."""

    which: str  # "power" | "toughness"
    amount: Amount

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"change {ph.this_name()}'s base {self.which} to {self.amount.text()}"

    def python(self, actions: Actions) -> str:
        return f"rt.SetBaseValue(which={lit(self.which)}, amount={self.amount.python()})"


@dataclass(frozen=True)
class ExileCards(Effect):
    """406.3: "exile two cards from your graveyard" -- cards of its controller's choice, not targeted."""

    amount: Amount

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"exile {count_of(self.amount.value, 'card')} from your graveyard"

    def python(self, actions: Actions) -> str:
        return f"rt.ExileFromGraveyard(amount={self.amount.python()})"


@dataclass(frozen=True)
class MoveCounters(Effect):
    """122.5: "move a +1/+1 counter from this onto that creature"."""

    amount: Amount
    counter: str
    source: Ref
    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return (f"move {counters_text(self.amount.value, self.counter)} from {self.source.text(ph)} "
                f"onto {self.target.text(ph)}")

    def python(self, actions: Actions) -> str:
        return (f"rt.MoveCounters(amount={self.amount.python()}, counter={lit(self.counter)}, "
                f"source={self.source.python()}, target={self.target.python()})")


# ------------------------------------------------------------------ permanents (701)


@dataclass(frozen=True)
class Sacrifice(Effect):
    """701.17: "sacrifice this", "... unless you pay {2}" (``unless``, 118.12)."""

    target: Ref
    unless: CostIR | None = None
    per_counter: str = ""  # 702.24a: "... for each age counter on it": the cost once per counter
    # 603.2: the event announced on the source when ``unless`` (a keyword's cost parameter) is paid
    # ("when this's echo cost is paid"): "cost_paid:" and the keyword's name
    paid_event: str = ""
    unless_condition: Condition | None = None  # "unless {B} was spent to cast it": kept if it holds

    def text(self, ph: "Phrase", subject: str) -> str:
        tail = f" unless you pay {self.unless.text()}" if self.unless is not None else ""
        if self.unless is not None and self.unless.exile_from_graveyard is not None:
            words = self.unless.text()
            tail = f" unless you {words[:1].lower()}{words[1:]}"  # "unless you exile a card from your graveyard"
        if self.unless_condition is not None:
            tail = " unless " + self.unless_condition.text(False).removeprefix("if ")
        if self.per_counter:
            tail += f" for each {self.per_counter} counter on it"
        return f"sacrifice {self.target.text(ph)}{tail}"

    def python(self, actions: Actions) -> str:
        extra = f", unless={self.unless.python()}" if self.unless is not None else ""
        if self.per_counter:
            extra += f", per=rt.CountersOnThis(counter={lit(self.per_counter)})"
        if self.paid_event:
            extra += f", paid_event={lit(self.paid_event)}"
        if self.unless_condition is not None:
            extra += f", unless_condition={self.unless_condition.python()}"
        return f"rt.Sacrifice(target={self.target.python()}{extra})"


@dataclass(frozen=True)
class PlayerSacrifices(Effect):
    """701.17a: "each opponent sacrifices a creature" (the player chooses which)."""

    player: Ref
    amount: Amount | None  # None: "all lands they control" (each of them, no choice)
    filter: FilterIR

    def text(self, ph: "Phrase", subject: str) -> str:
        third = not isinstance(self.player, YouRef)
        if self.amount is None:
            return f"{self.player.player_text(ph) + ' sacrifices' if third else 'sacrifice'} all {self.filter.words}"
        article = "a" if isinstance(self.amount, Fixed) and self.amount.value == 1 else self.amount.text()
        if article == "a" and self.filter.words[:1] in "aeiou":
            article = "an"
        return f"{self.player.player_text(ph) + ' sacrifices' if third else 'sacrifice'} {article} {self.filter.words}"

    def python(self, actions: Actions) -> str:
        if self.amount is None:
            return f"rt.PlayerSacrifices(player={self.player.python()}, filter={self.filter.python()})"
        return (f"rt.PlayerSacrifices(player={self.player.python()}, filter={self.filter.python()}, "
                f"amount={self.amount.python()})")






@dataclass(frozen=True)
class MustBlock(Effect):
    """509.1c: "target creature blocks this creature this combat if able" (provoke, 702.39a)."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{self.target.text(ph, True)} blocks this creature this combat if able"

    def python(self, actions: Actions) -> str:
        return f"rt.MustBlock(target={self.target.python()})"


@dataclass(frozen=True)
class NoUntap(Effect):
    """502.3: "it doesn't untap during its controller's next untap step"."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.target.words.startswith("those ") or self.target.plural:
            return f"{self.target.text(ph, True)} don't untap during their controller's next untap step"
        return f"{self.target.text(ph, True)} doesn't untap during its controller's next untap step"

    def python(self, actions: Actions) -> str:
        return (f"rt.ApplyContinuous(target={self.target.python()}, parts=(rt.DoesntUntap(),), "
                "until='controller_untap')")


@dataclass(frozen=True)
class PhaseOut(Effect):
    """702.26: "target creature phases out"; "this phases out unless you pay {2}{G}{U}" (118.12)."""

    target: Ref
    unless: CostIR | None = None

    def text(self, ph: "Phrase", subject: str) -> str:
        tail = f" unless you pay {self.unless.text()}" if self.unless is not None else ""
        return f"{self.target.text(ph, True)} {'phase' if self.target.plural else 'phases'} out{tail}"

    def python(self, actions: Actions) -> str:
        extra = f", unless={self.unless.python()}" if self.unless is not None else ""
        return f"rt.PhaseOut(target={self.target.python()}{extra})"


@dataclass(frozen=True)
class PutSticker(Effect):
    """123.4 (cardsmith, docs/stickers.md): "put a sticker on target nonland permanent you own"."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"put a sticker on {self.target.text(ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.PutSticker(target={self.target.python()})"


@dataclass(frozen=True)
class TurnFaceDown(Effect):
    """708.2a: "turn this face down", "turn target creature with a morph ability face down"."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"turn {self.target.text(ph)} face down"

    def python(self, actions: Actions) -> str:
        return f"rt.TurnFaceDown(target={self.target.python()})"


@dataclass(frozen=True)
class Attach(Effect):
    """701.3a: "attach this to target creature you control" (equip, 702.6a)."""

    target: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"attach {ph.this_name()} to {self.target.text(ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.AttachSource(target={self.target.python()})"


@dataclass(frozen=True)
class GainControl(Effect):
    """613.1b (layer 2): "gain control of target creature until end of turn"."""

    target: Ref
    duration: str = "forever"  # "forever" | "eot" | "next_upkeep"

    def text(self, ph: "Phrase", subject: str) -> str:
        tail = {"eot": " until end of turn", "next_upkeep": " until your next upkeep"}.get(self.duration, "")
        return f"gain control of {self.target.text(ph)}{tail}"

    def python(self, actions: Actions) -> str:
        return f"rt.GainControl(target={self.target.python()}, until={lit(self.duration)})"


@dataclass(frozen=True)
class ApplyContinuous(Effect):
    """611.2: a continuous effect from a resolving spell or ability, for a duration: "target
    creature gets +3/+3 until end of turn", "until end of turn, creatures you control gain ...".

    ``lead``: the duration printed first; ``written``: a duration is printed at all (611.2a:
    "That creature gains haste." lasts as long as the object); ``tail``: parts printed after
    the duration; ``also``: "... and all other creatures with the same name as that creature"."""

    target: Ref
    parts: tuple[StaticPart, ...]
    # "eot" | "forever" | "next_upkeep" | "control" (until you lose control of it) | "combat" |
    # "next_turn_controller" / "next_turn_you" (during its controller's / your next turn) |
    # "source_tapped" (for as long as the source remains tapped, 611.2b)
    duration: str
    lead: bool = False
    tail: tuple[StaticPart, ...] = ()
    written: bool = True
    also: Ref | None = None
    this_turn: bool = False  # printed "... this turn"
    also_word: bool = False  # "creatures you control also gain ...": another effect of the ability gave them one
    still_land: bool = False  # 205.1b: followed by "It's still a land."

    def text(self, ph: "Phrase", subject: str) -> str:
        out = self._text(ph)
        return out + ". It's still a land" if self.still_land else out

    def _text(self, ph: "Phrase") -> str:
        ref = self.target
        if self.also is not None:
            first = ref.text(ph, True)
            ref = Group(words=f"{first} and {self.also.text(ph)}")
        parts = self.parts
        text = static_parts_text(parts, ph)
        # "has base power and toughness 4/1" keeps its verb in an effect (613.4b wording).
        text = re.sub(r"\bhas (?!base power)", "gains ", text, count=1 if parts and isinstance(parts[0], GainAbility) else 0)
        # 613.1e: an effect's color change reads "becomes black" (a static ability's, "is black").
        text = becomes(text)
        if ref.plural:
            text = plural_verbs(text)  # "creatures you control get +1/+1"
            text = text.replace(" as though it didn't", " as though they didn't")
        tail = f" and {static_parts_text(self.tail, None)}" if self.tail else ""
        if self.also_word:
            text = "also " + text
        if any(isinstance(p, HasKeywordAtManaCost) for p in parts):
            # 702.1b: "... gains flashback until end of turn. The flashback cost is equal to its
            # mana cost" (the sentence's own period ends the last one).
            return f"{ref.text(ph, True)} {text} until end of turn.{mana_cost_sentences(parts)[:-1]}"
        if self.duration == "next_upkeep":
            return f"until your next upkeep, {ref.text(ph)} {text}"
        if self.duration == "control":
            return f"{ref.text(ph, True)} {text} until you lose control of it"
        if self.duration == "combat":
            return f"{ref.text(ph, True)} {text} this combat{tail}"
        if self.duration == "source_tapped":
            return f"{ref.text(ph, True)} {text} for as long as {ph.this_name()} remains tapped"
        if self.duration.startswith("next_turn_"):
            whose = "its controller's" if self.duration == "next_turn_controller" else "your"
            return f"{ref.text(ph, True)} {text} during {whose} next turn"
        if self.lead:
            return f"until end of turn, {ref.text(ph, True)} {text}"
        if not self.written:  # "can attack this turn as though ...": its own duration
            return f"{ref.text(ph, True)} {text}"
        if self.this_turn:
            return f"{ref.text(ph, True)} {text} this turn{tail}"
        return f"{ref.text(ph, True)} {text} until end of turn{tail}"

    def python(self, actions: Actions) -> str:
        exprs = [p.python() for p in self.parts + self.tail]
        also = f", also={self.also.python()}" if self.also is not None else ""
        return (f"rt.ApplyContinuous(target={self.target.python()}, parts={tuple_expr(exprs)}, "
                f"until={lit(self.duration)}{also})")

    @property
    def lasts_this_turn(self) -> bool:
        """Whether a part says its own duration ("can attack this turn as though ...")."""
        return any(p.own_duration() for p in self.parts)


@dataclass(frozen=True)
class ApplyRules(ApplyContinuous):
    """611.2c: a continuous effect from a resolving spell or ability on a group ("creatures can't block
    this turn") that changes no characteristic but the rules of the game: it applies to every object
    the selector matches while it lasts, even those that weren't there as it began.  Printed as
    :class:`ApplyContinuous` is."""

    def python(self, actions: Actions) -> str:
        assert isinstance(self.target, EachObject)
        exprs = [p.python() for p in self.parts + self.tail]
        return (f"rt.ApplyRules(filter={self.target.filter.python()}, parts={tuple_expr(exprs)}, "
                f"until={lit(self.duration)})")


@dataclass(frozen=True)
class ChooseTargets(Effect):
    """601.2c, 702.33d: "choose any target, then choose another target for each time this spell was
    kicked" -- the slots ``first`` and ``more`` (chosen once per time the cost labelled ``word`` was
    paid) are chosen as the spell is cast; nothing more happens as it resolves."""

    first: Ref
    more: str  # the further slots' words after "another target" ("", "creature")
    word: str

    def text(self, ph: "Phrase", subject: str) -> str:
        more = f"another target {self.more}".rstrip()
        return f"choose {self.first.text(ph)}, then choose {more} for each time this spell was {self.word}"

    def python(self, actions: Actions) -> str:
        return "rt.TargetsChosen()"


@dataclass(frozen=True)
class Fight(Effect):
    """701.12a: "target creature you control fights target creature an opponent controls"."""

    first: Ref
    second: Ref
    base: bool = False  # worded with the base verb, after "have" ("you may have it fight ...")

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"{self.first.text(ph, True)} {'fight' if self.base else 'fights'} {self.second.text(ph)}"

    def python(self, actions: Actions) -> str:
        return f"rt.Fight(first={self.first.python()}, second={self.second.python()})"


@dataclass(frozen=True)
class LookAtTop(Effect):
    """401.2-401.4: "look at the top four cards of your library. Put one of them into your hand and
    the rest on the bottom of your library in any order" -- the cards stay hidden from the other
    players (401.2); the one chosen goes to the hand, the others to the bottom in an order of the
    player's choice (401.4); ``rest_to_graveyard``: "... and the other into your graveyard"."""

    amount: Amount
    graveyard: bool = False  # "and the rest into your graveyard"
    rest_to_graveyard: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        n = self.amount.value if isinstance(self.amount, Fixed) else None
        count = f"{NUMBER_TEXT.get(n, str(n))} cards" if n is not None else f"{self.amount.text()} cards"
        if self.rest_to_graveyard:
            return (f"look at the top {count} of your library. Put one of them into your hand and the other "
                    "into your graveyard")
        rest = "into your graveyard" if self.graveyard else "on the bottom of your library in any order"
        return f"look at the top {count} of your library. Put one of them into your hand and the rest {rest}"

    def python(self, actions: Actions) -> str:
        gy = ", rest_to_graveyard=True" if self.graveyard or self.rest_to_graveyard else ""
        return f"rt.LookAtTop(amount={self.amount.python()}{gy})"


@dataclass(frozen=True)
class RevealTop(Effect):
    """701.16a: "reveal the top four cards of your library. Put a creature card from among them into your
    hand and the rest into your graveyard" -- one matching card, if any, to the hand; the others to the
    graveyard."""

    amount: Amount
    filter: FilterIR

    def text(self, ph: "Phrase", subject: str) -> str:
        n = self.amount.value if isinstance(self.amount, Fixed) else None
        count = f"{NUMBER_TEXT.get(n, str(n))} cards" if n is not None else f"{self.amount.text()} cards"
        article = "an" if self.filter.words[:1] in "aeiou" else "a"
        return (f"reveal the top {count} of your library. Put {article} {self.filter.words} from among them into "
                "your hand and the rest into your graveyard")

    def python(self, actions: Actions) -> str:
        return f"rt.RevealTop(amount={self.amount.python()}, filter={self.filter.python()})"


# ------------------------------------------------------------------ mana (106)


@dataclass(frozen=True)
class AddMana(Effect):
    """106.3: "add {G}", "add {W} or {U}" (``choices``, 106.1a), "add one mana of any color"."""

    mana: tuple[str, ...] = ()
    any_color: bool = False
    choices: tuple[str, ...] = ()
    per: Amount | None = None  # 106.3: "add {G} for each creature with defender you control"
    count: int = 1  # "add two mana of any one color": one color chosen, that many (106.1a)

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.any_color and self.count != 1:
            return f"add {NUMBER_TEXT.get(self.count, str(self.count))} mana of any one color"
        if self.any_color:
            return "add one mana of any color"
        if len(self.choices) == 2:
            return f"add {self.choices[0]} or {self.choices[1]}"
        if self.choices:
            return f"add {', '.join(self.choices[:-1])}, or {self.choices[-1]}"
        per = f" {self.per.words}" if isinstance(self.per, CountOf) else ""
        if isinstance(self.per, PerCounters):
            per = self.per.suffix(ph)
        return f"add {''.join(self.mana)}{per}"

    def python(self, actions: Actions) -> str:
        if self.any_color and self.count != 1:
            return f"rt.AddMana(any_color=True, count={lit(self.count)})"
        if self.any_color:
            return "rt.AddMana(any_color=True)"
        if self.choices:
            return f"rt.AddMana(choices={lit(self.choices)})"
        per = f", per={self.per.python()}" if self.per is not None else ""
        return f"rt.AddMana(mana={lit(self.mana)}{per})"


# ------------------------------------------------------------------ keyword actions (701)


class KeywordAction(Effect):
    """A keyword action defined in the keyword library (701: search, shuffle, scry, manifest):
    performed by its class there (``actions`` maps its name to the class the module imports)."""

    action: str
    player: Ref

    def _python(self, actions: Actions, *fields: str) -> str:
        return f"rt.PerformAction({', '.join((f'action={ident(actions[self.action])}()', f'player={self.player.python()}') + fields)})"


@dataclass(frozen=True)
class NumberedAction(KeywordAction):
    """A keyword action with a number: "scry 2" (701.18a)."""

    action: str
    player: Ref
    count: Amount

    def text(self, ph: "Phrase", subject: str) -> str:
        n = self.count
        return f"{self.action} {n.words if not isinstance(n, Fixed) else n.value}"

    def python(self, actions: Actions) -> str:
        return self._python(actions, f"count={self.count.python()}")


@dataclass(frozen=True)
class TopCardAction(KeywordAction):
    """A keyword action on the top card(s) of a library: "manifest the top card of your library"
    (701.34a); ``their``: printed "its controller manifests the top card of their library"."""

    action: str
    player: Ref
    count: Amount | None = None
    their: bool = False

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.their:
            return f"{self.player.player_text(ph)} {self.action}s the top card of their library"
        whose = "your" if isinstance(self.player, YouRef) else "target player's"
        if self.count is not None:
            n = self.count.value
            return f"{self.action} the top {NUMBER_TEXT.get(n, str(n))} cards of {whose} library"
        return f"{self.action} the top card of {whose} library"

    def python(self, actions: Actions) -> str:
        if self.count is not None:
            return self._python(actions, f"count={self.count.python()}")
        return self._python(actions)


@dataclass(frozen=True)
class Search(KeywordAction):
    """701.19: "search your library for a basic land card, put it onto the battlefield tapped"."""

    action: str
    player: Ref
    count: Amount
    up_to: bool
    filter: FilterIR
    destination: str  # "battlefield" | "hand" | "graveyard"
    tapped: bool = False
    that_card: bool = False  # printed "put that card ..."
    those_cards: bool = False  # printed "put those cards ..."
    reveal: bool = False  # 701.16a: "reveal it"
    any_number: bool = False  # 701.19a: "any number of cards ..." (up to all that match)

    def text(self, ph: "Phrase", subject: str) -> str:
        n = 2 if self.any_number else self.count.value
        number = self.count.words if self.count.words not in ("1",) else "a"
        if number in ("a", "an"):
            number = "an" if self.filter.words[:1] in "aeiou" else "a"
        if self.any_number:
            number = "any number of"
        found = f"{number} {self.filter.words}"
        if self.up_to:
            found = f"up to {found}"
        dest = {"battlefield": "onto the battlefield", "hand": "into your hand",
                "graveyard": "into your graveyard"}[self.destination]
        tapped = " tapped" if self.tapped else ""
        # Ending its sentence ("... and put it onto the battlefield. Then shuffle your library.")
        # the search joins its verbs with "and"; in a list of instructions, with commas.
        last = ph.last_of_sentence
        joiner = " and" if last else ","
        if self.reveal:
            # 701.16a: "..., reveal it, and put it into your hand." / "..., reveal it, put it ..."
            found += ", reveal it" if n == 1 else ", reveal them"
            joiner = ", and" if last else ","
        if self.that_card:
            return f"search your library for {found}{joiner} put that card {dest}{tapped}"
        if self.those_cards:
            return f"search your library for {found}{joiner} put those cards {dest}{tapped}"
        return f"search your library for {found}{joiner} put {'it' if n == 1 else 'them'} {dest}{tapped}"

    def python(self, actions: Actions) -> str:
        fields = [f"count={self.count.python()}"]
        if self.up_to:
            fields.append("up_to=True")
        if self.any_number:
            fields.append("any_number=True")
        fields.append(f"filter={self.filter.python()}")
        fields.append(f"destination=rt.Zone.{self.destination.upper()}")
        if self.tapped:
            fields.append("tapped=True")
        if self.reveal:
            fields.append("reveal=True")
        return self._python(actions, *fields)


@dataclass(frozen=True)
class PlayerShuffles(KeywordAction):
    """701.20a: "those players shuffle their libraries", "target player shuffles their library"."""

    action: str
    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        if self.player.words == "those players":
            return "those players shuffle their libraries"
        return f"{self.player.player_text(ph)} shuffles their library"

    def python(self, actions: Actions) -> str:
        return self._python(actions)


@dataclass(frozen=True)
class Shuffle(KeywordAction):
    """701.20: "shuffle your library"."""

    action: str
    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return "shuffle your library"

    def python(self, actions: Actions) -> str:
        return self._python(actions)


@dataclass(frozen=True)
class LookThenAct(KeywordAction):
    """401.2, 701.34a: "look at the top two cards of your library. Manifest one of those cards, then
    put the other on the top or bottom of your library" -- the keyword action on the card chosen."""

    action: str
    player: Ref
    amount: Amount

    def text(self, ph: "Phrase", subject: str) -> str:
        n = self.amount.value if isinstance(self.amount, Fixed) else 0
        return (f"look at the top {NUMBER_TEXT.get(n, str(n))} cards of your library. {self.action.capitalize()} one "
                "of those cards, then put the other on the top or bottom of your library")

    def python(self, actions: Actions) -> str:
        return f"rt.LookThenAct(action={ident(actions[self.action])}(), amount={self.amount.python()})"


@dataclass(frozen=True)
class PileThenAct(KeywordAction):
    """406.3, 701.34a: "exile all creature cards from target player's graveyard in a face-down pile,
    shuffle that pile, then manifest those cards"."""

    action: str
    player: Ref
    filter: FilterIR

    def text(self, ph: "Phrase", subject: str) -> str:
        whose = "your" if isinstance(self.player, YouRef) else self.player.player_text(ph)
        return (f"exile all {self.filter.words} from {whose} graveyard in a face-down pile, shuffle that pile, "
                f"then {self.action} those cards")

    def python(self, actions: Actions) -> str:
        return (f"rt.PileThenAct(action={ident(actions[self.action])}(), filter={self.filter.python()}, "
                f"player={self.player.python()})")


@dataclass(frozen=True)
class ShuffleInto(KeywordAction):
    """701.20, 401.3: "shuffle this into your library" -- into its owner's library, then shuffled (the
    keyword action ``action``, 701.20a)."""

    action: str
    player: Ref
    target: Ref
    owners: bool = False  # "into its owner's library" (else "into your library")

    def text(self, ph: "Phrase", subject: str) -> str:
        return f"shuffle {self.target.text(ph)} into " + ("its owner's library" if self.owners else "your library")

    def python(self, actions: Actions) -> str:
        return f"rt.ShuffleObjectIntoLibrary(target={self.target.python()}, shuffle={ident(actions[self.action])}())"


def action_names(effects: tuple[Effect, ...], out: set[str]) -> None:
    """Add the names of the keyword actions ``effects`` perform (nested ones too) to ``out``."""
    for e in effects:
        if isinstance(e, KeywordAction):
            out.add(e.action)
        action_names(e.nested(), out)


@dataclass(frozen=True)
class ShuffleRevealed(KeywordAction):
    """701.20a, 401.3: "shuffle all other cards revealed this way into your library" -- the cards revealed
    by "reveal ... until" never left the library, so the library is shuffled."""

    action: str
    player: Ref

    def text(self, ph: "Phrase", subject: str) -> str:
        return "shuffle all other cards revealed this way into your library"

    def python(self, actions: Actions) -> str:
        return self._python(actions)


freeze(globals())
