"""One-shot effects (610): what a resolving instruction does.

Each effect is a frozen dataclass built by generated card code.  ``resolve`` asks the game to
perform events; the game passes every event through replacement effects (614) and then offers it
to triggered abilities (603).  Effects never change game state directly.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .abilities import AlternativeCost, KeywordAction
from .actions import CastSpell
from .casting import cast_spell
from .continuous import MayPlay, Part, PTChange, RuleEffect
from .costoptions import cost_options
from .costs import offer_to_pay, pay_now
from .decisions import Choice, ChooseCards, ChooseOption, ChooseOrder, YesNo, chosen_keys
from .errors import IllegalAction
from .facedown import FaceDown
from .mana_abilities import AddMana
from .phasing import phase_out_together
from .stack import copy_spell
from .values import Amount, Cost, ObjectRef, PlayerRef, ThisObject, You
from .selectors import ObjectFilter
from .zones import Zone

if TYPE_CHECKING:
    from .resolution import Resolution


@dataclass(frozen=True)
class DealDamage:
    """120.3: the source deals damage to an object or player."""

    amount: Amount
    target: ObjectRef
    also: ObjectRef | None = None  # "to each creature and each player"

    def resolve(self, res: "Resolution") -> None:
        """Deal the damage to each still-legal referent."""
        n = self.amount.evaluate(res)
        refs = res.referents(self.target) + (res.referents(self.also) if self.also is not None else [])
        with res.game.simultaneous_damage():  # 120.3, 603.2c: one damage event
            for ref in refs:
                res.game.deal_damage(res.source_oid, ref, n)


@dataclass(frozen=True)
class ObjectDealsDamage:
    """120.3: an object deals damage equal to its power to each referent of ``target``; the object is
    the damage's source.  608.2h: the power is read as the instruction is followed, from last known
    information if the object has left the battlefield; 608.2b: an object that was an illegal target
    deals no damage."""

    source: ObjectRef
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Deal the damage from the object."""
        game = res.game
        if isinstance(self.source, ThisObject):
            # The ability's own source, maybe sacrificed to pay its cost: as it last existed (113.7a).
            oid, obj = res.source_oid, res.source_object()
        else:
            sources = [o for o in res.referents(self.source) if isinstance(o, int)]
            if len(sources) != 1:
                return
            oid = sources[0]
            obj = game.state.objects.get(oid) or game.state.last_known.get(oid)
        if obj is None:
            return
        power = max(game.characteristics(obj).power or 0, 0)
        with game.simultaneous_damage():
            for ref in res.referents(self.target):
                game.deal_damage(oid, ref, power)


@dataclass(frozen=True)
class Fight:
    """701.12a: each of two creatures deals damage equal to its power to the other, at once (120.3).

    701.12b: if either is no longer on the battlefield or no longer a creature (or was an illegal
    target, 608.2b), no damage is dealt; 701.12c: a creature that fights itself deals itself damage
    twice its power."""

    first: ObjectRef
    second: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Each fighter deals damage equal to its power to the other."""
        game = res.game
        fighters = [res.referents(self.first), res.referents(self.second)]
        if any(len(f) != 1 or not isinstance(f[0], int) for f in fighters):
            return
        a, b = fighters[0][0], fighters[1][0]
        assert isinstance(a, int) and isinstance(b, int)
        powers = []
        for oid in (a, b):
            if not game.exists(oid):
                return
            obj = game.obj(oid)
            ch = game.characteristics(obj)
            if obj.zone is not Zone.BATTLEFIELD or "creature" not in ch.types:
                return
            powers.append(ch.power or 0)
        with game.simultaneous_damage():
            game.deal_damage(a, b, powers[0])
            game.deal_damage(b, a, powers[1])


@dataclass(frozen=True)
class DealDividedDamage:
    """601.2d / 120.3: the source deals the damage divided as announced among the chosen targets
    (slots ``slots``); damage assigned to a target that became illegal isn't dealt (608.2b)."""

    slots: tuple[int, ...]

    def resolve(self, res: "Resolution") -> None:
        """Deal each target its share."""
        src = res.source_object()
        division = src.cast.division if src is not None and src.cast is not None else ()
        chosen = [i for i in self.slots if i < len(res.targets) and res.targets[i] is not None]
        with res.game.simultaneous_damage():  # 120.3, 603.2c: one damage event
            for k, i in enumerate(chosen):
                if k < len(division) and i not in res.illegal:
                    res.game.deal_damage(res.source_oid, res.targets[i], division[k])


@dataclass(frozen=True)
class DealDamageDividedEvenly:
    """The source deals ``amount`` divided evenly, rounded down, among the targets chosen for slot
    ``first`` and after it (an "any number of targets" phrase, 115.1d); the split counts every
    target chosen as it was cast, and a target that became illegal is dealt nothing (608.2b)."""

    amount: Amount
    first: int

    def resolve(self, res: "Resolution") -> None:
        """Deal each still-legal target its share."""
        chosen = [i for i in range(self.first, len(res.targets)) if res.targets[i] is not None]
        if not chosen:
            return
        share = self.amount.evaluate(res) // len(chosen)
        for i in chosen:
            if i not in res.illegal and share > 0:
                res.game.deal_damage(res.source_oid, res.targets[i], share)


@dataclass(frozen=True)
class CantCastSameName:
    """"That creature's owner can't cast spells with the same name as that creature until your next
    turn" (101.2): the name is read as the effect begins (608.2h: last known information if the
    object left); the effect ends as the ability's controller's next turn begins."""

    player: PlayerRef
    named: int  # the target slot whose object's name is banned

    def resolve(self, res: "Resolution") -> None:
        """Record the restriction."""
        obj = res.object_or_last_known(self.named)
        name = res.game.characteristics(obj).name if obj is not None else ""
        if not name:
            return
        for p in res.players(self.player):
            res.game.state.cast_bans.append((p, name, res.controller))
            res.game.log(f"{res.game.players[p].name} can't cast spells named {name} until "
                         f"{res.game.players[res.controller].name}'s next turn")


@dataclass(frozen=True)
class GainLife:
    """119.3: a player gains life."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Gain the life."""
        for p in res.players(self.player):
            res.game.change_life(p, self.amount.evaluate(res))


@dataclass(frozen=True)
class LoseLife:
    """119.3: a player loses life."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Lose the life."""
        for p in res.players(self.player):
            res.game.change_life(p, -self.amount.evaluate(res))


@dataclass(frozen=True)
class Draw:
    """121: a player draws cards, one at a time."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Draw."""
        for p in res.players(self.player):
            res.game.draw(p, self.amount.evaluate(res))


@dataclass(frozen=True)
class LookAtTop:
    """401.2-401.4: look at the top N cards of your library, put one of them into your hand and the
    rest on the bottom of your library in any order.  The cards stay hidden from the other players
    (401.2); fewer cards than N are all looked at (an empty library: nothing happens)."""

    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Choose the card for the hand, then the order of the rest on the bottom."""
        game = res.game
        player = res.controller
        top = list(game.zone(Zone.LIBRARY, player)[:max(self.amount.evaluate(res), 0)])
        if not top:
            return
        opts = tuple(Choice(str(o), game.name_for(o, player)) for o in top)
        chosen = game.ask_valid(ChooseCards(player, "Choose the card to put into your hand", opts, 1, 1),
                                lambda ans: chosen_keys(ans, top, 1, 1), "choose one of the cards looked at")[0]
        rest = [o for o in top if o != chosen]
        if len(rest) > 1:
            rest = game.ask_valid(
                ChooseOrder(player, "Order the cards to put on the bottom (first is nearest the top)",
                            tuple(Choice(str(o), game.name_for(o, player)) for o in rest)),
                lambda ans: chosen_keys(ans, rest, len(rest), len(rest)), "an order lists each card once (401.4)")
        game.move(chosen, Zone.HAND)
        # The rest stay in the library (no zone change, 400.7): only their places change.
        lib = game.zone(Zone.LIBRARY, player)
        lib[:] = [o for o in lib if o not in rest] + rest
        game.log(f"{game.players[player].name} looks at the top {len(top)} cards of their library, puts one "
                 f"into their hand and {len(rest)} on the bottom")


@dataclass(frozen=True)
class MoveCounters:
    """122.5: remove counters from one object and put them onto another.  If either can't happen
    (the two are one object, the first hasn't that many, either has left the battlefield or was an
    illegal target), no counter is removed or put; "if you do" then reads it as not done."""

    amount: Amount
    counter: str
    source: ObjectRef
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Move the counters, or nothing."""
        game = res.game
        sources = [o for o in res.referents(self.source) if isinstance(o, int)]
        targets = [o for o in res.referents(self.target) if isinstance(o, int)]
        res.performed = False
        if len(sources) != 1 or len(targets) != 1 or sources[0] == targets[0]:
            return
        src, dst = sources[0], targets[0]
        if not all(game.exists(o) and game.obj(o).zone is Zone.BATTLEFIELD for o in (src, dst)):
            return
        n = self.amount.evaluate(res)
        if game.remove_counters(src, self.counter, n):
            game.add_counters(dst, self.counter, n)
            res.performed = True


@dataclass(frozen=True)
class ChooseAmong:
    """A player chooses one of the listed kinds of objects ("that player chooses artifact, creature,
    land, or non-Aura enchantment"); the rest of the ability refers to it as "of that type" (608.2c-d)."""

    player: PlayerRef
    options: tuple[ObjectFilter, ...]
    labels: tuple[str, ...]

    def resolve(self, res: "Resolution") -> None:
        """Ask, and remember the choice on the resolution."""
        keys = tuple(str(i) for i in range(len(self.options)))
        for p in res.players(self.player):
            pick = res.game.ask_valid(
                ChooseOption(p, "Choose one: " + ", ".join(self.labels),
                             tuple(Choice(k, label) for k, label in zip(keys, self.labels))),
                lambda ans: ans if isinstance(ans, str) and ans in keys else None,
                "choose one of the options offered")
            res.chosen = self.options[int(pick)]
            res.game.log(f"{res.game.players[p].name} chooses {self.labels[int(pick)]}")


@dataclass(frozen=True)
class TakeExtraTurn:
    """500.7: the player takes an extra turn after this one (added directly after the current turn;
    the most recently created extra turn is taken first)."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Add the turn."""
        for p in res.players(self.player):
            res.game.state.extra_turns.append(p)
            res.game.log(f"{res.game.players[p].name} will take an extra turn after this one (500.7)")


@dataclass(frozen=True)
class Destroy:
    """701.7: move a permanent to its owner's graveyard; ``no_regeneration`` per 701.15c."""

    target: ObjectRef
    no_regeneration: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Destroy each referent."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.destroy(ref, regenerate=not self.no_regeneration)


@dataclass(frozen=True)
class ExileObject:
    """406: move an object to exile."""

    target: ObjectRef
    also: ObjectRef | None = None  # "... and all Auras attached to them": found before anything moves
    # 702.62a: "exile it with N time counters on it": the exiled card gets them (122.1).
    counters: str = ""
    amount: Amount | None = None

    def resolve(self, res: "Resolution") -> None:
        """Exile each referent."""
        moved = []
        refs = res.referents(self.target) + (res.referents(self.also) if self.also is not None else [])
        for ref in refs:
            if isinstance(ref, int):
                new = res.game.move(ref, Zone.EXILE)
                if new is not None:
                    moved.append(new)
                    if self.counters and self.amount is not None:
                        res.game.add_counters(new, self.counters, self.amount.evaluate(res))
        res.last_affected = tuple(moved)


@dataclass(frozen=True)
class CounterSpell:
    """701.5a: counter a spell: remove it from the stack into its owner's graveyard."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Counter each referent that is still a spell on the stack."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.counter(ref)


@dataclass(frozen=True)
class PutCounters:
    """122.1: put counters on a permanent."""

    amount: Amount
    counter: str
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Add the counters."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.add_counters(ref, self.counter, self.amount.evaluate(res))


@dataclass(frozen=True)
class CreateTokens:
    """111.2: create tokens with the given characteristics."""

    count: Amount
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    tapped: bool = False  # "create ... tapped ... tokens" (111.2)

    def resolve(self, res: "Resolution") -> None:
        """Create the tokens under the controller's control; they become "them" for later instructions."""
        res.last_affected = res.game.create_tokens(res.controller, self, self.count.evaluate(res))


@dataclass(frozen=True)
class ReturnAllFromGraveyards:
    """404.1, 400.3: every card in every graveyard that the selector matches goes to its owner's hand."""

    filter: ObjectFilter

    def resolve(self, res: "Resolution") -> None:
        """Move them, in APNAP order of the graveyards (101.4); they become "them"."""
        game = res.game
        n = len(game.players)
        moved = []
        for p in [(game.state.active + i) % n for i in range(n)]:
            for c in list(game.zone(Zone.GRAVEYARD, p)):
                if self.filter.matches(game, game.obj(c)):
                    new = game.move(c, Zone.HAND)
                    if new is not None:
                        moved.append(new)
        res.last_affected = tuple(moved)
        res.performed = bool(moved)


@dataclass(frozen=True)
class PhaseOut:
    """702.26a: the permanents phase out (they phase in during their controller's next untap step, 502.1)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Phase out the referents still on the battlefield, at once (702.26h)."""
        phase_out_together(res.game, [ref for ref in res.referents(self.target)
                                      if isinstance(ref, int) and res.game.exists(ref)])


@dataclass(frozen=True)
class AtBeginningOfNextStep:
    """603.7: create a delayed triggered ability "at the beginning of the next <step>"."""

    step: str
    effect: "Effect"

    def resolve(self, res: "Resolution") -> None:
        """Register the delayed trigger, remembering the objects "them" refers to now (603.7c)."""
        res.game.add_delayed_trigger(res, self.step, self.effect)


@dataclass(frozen=True)
class PerformAction:
    """A keyword action (701) applied with its parameters: search (701.19), shuffle (701.20)."""

    action: KeywordAction
    player: PlayerRef
    count: Amount | None = None
    up_to: bool = False
    filter: ObjectFilter | None = None
    destination: Zone | None = None
    tapped: bool = False
    reveal: bool = False  # 701.16a: "search ... for a card, reveal it": the card found is shown to all

    def resolve(self, res: "Resolution") -> None:
        """Run the action's primitive steps in order."""
        for p in res.players(self.player):
            res.game.perform_action(res, p, self)


@dataclass(frozen=True)
class ShuffleInto:
    """701.20, 401.1: "shuffle it into its owner's library": each card is put into its owner's library,
    which is then shuffled with ``shuffle`` (the library's shuffle action, performed by that owner).
    603.6c: a card that has left the zone it went to isn't found."""

    target: ObjectRef
    shuffle: PerformAction

    def resolve(self, res: "Resolution") -> None:
        """Move each card, then shuffle each owner's library once."""
        owners: list[int] = []
        for ref in res.referents(self.target):
            if not isinstance(ref, int) or not res.game.exists(ref):
                continue
            o = res.game.obj(ref)
            if o.zone is Zone.LIBRARY or o.zone is Zone.STACK:
                continue
            owner = o.owner
            res.game.move(ref, Zone.LIBRARY)
            if owner not in owners:
                owners.append(owner)
        for p in owners:
            res.game.perform_action(res, p, self.shuffle)


@dataclass(frozen=True)
class Discard:
    """701.8: a player discards cards of their choice."""

    player: PlayerRef
    amount: Amount
    at_random: bool = False  # 701.8a: the cards are chosen at random

    def resolve(self, res: "Resolution") -> None:
        """Ask for the cards (or pick them at random) and discard them."""
        for p in res.players(self.player):
            res.performed = res.game.discard(p, self.amount.evaluate(res), at_random=self.at_random)


@dataclass(frozen=True)
class Mill:
    """Put the top N cards of a library into its owner's graveyard (701.13, 2019 wording)."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Move the cards one at a time from the top."""
        for p in res.players(self.player):
            res.game.mill(p, self.amount.evaluate(res))


@dataclass(frozen=True)
class RemoveCounters:
    """122.8-style: remove counters; performed only if all could be removed (for "if you can't")."""

    amount: Amount
    counter: str
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Remove the counters and report whether it happened."""
        done = False
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                done = res.game.remove_counters(ref, self.counter, self.amount.evaluate(res))
        res.performed = done


@dataclass(frozen=True)
class Sacrifice:
    """701.17: sacrifice a permanent; with ``unless``, its controller may pay that cost instead (118.12)."""

    target: ObjectRef
    unless: Cost | None = None

    def resolve(self, res: "Resolution") -> None:
        """Offer the cost if any, then sacrifice."""
        for ref in res.referents(self.target):
            if not isinstance(ref, int):
                continue
            if self.unless is not None and offer_to_pay(res, self.unless):
                res.performed = False
                continue
            res.performed = res.game.sacrifice(ref)


@dataclass(frozen=True)
class Pay:
    """118.1 / 608.2d: the controller pays a cost as the instruction is followed ("you may pay {W}{W}");
    whether it was paid is what a following "if you do" asks (608.2c).  A cost that can't be paid
    isn't paid, and the game state is left as it was."""

    cost: Cost

    def resolve(self, res: "Resolution") -> None:
        """Pay the cost, if the controller can."""
        res.performed = pay_now(res, self.cost)


@dataclass(frozen=True)
class TapOrUntap:
    """701.21: "tap or untap target permanent" -- the controller chooses which as it resolves."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Ask tap or untap, then do it to each referent."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                pick = res.game.ask_valid(
                    ChooseOption(res.controller, f"Tap or untap {res.game.name_of(ref)}?",
                                 (Choice("tap", "tap"), Choice("untap", "untap"))),
                    lambda ans: ans if ans in ("tap", "untap") else None, "choose tap or untap (701.21)")
                res.game.set_tapped(ref, pick == "tap")


@dataclass(frozen=True)
class Untap:
    """701.20-era "untap": untap a permanent."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Untap each referent."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.set_tapped(ref, False)


@dataclass(frozen=True)
class AttachSource:
    """701.3a: attach the source (an Equipment's equip ability, 702.6a) to a permanent."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Attach the source if it's still the same permanent (400.7) and the host is legal."""
        game = res.game
        src = game.state.objects.get(res.source_oid)
        if src is None or src.zone is not Zone.BATTLEFIELD:
            return  # 400.7: the source left the battlefield; it's a new object, not attached
        for ref in res.referents(self.target):
            if isinstance(ref, int) and game.exists(ref):
                game.attach(src.oid, ref)
                game.log(f"{game.name_of(src.oid)} becomes attached to {game.name_of(ref)} (701.3a)")


@dataclass(frozen=True)
class Tap:
    """701.21a: tap a permanent."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Tap each referent."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.set_tapped(ref, True)


@dataclass(frozen=True)
class ReturnFromGraveyard:
    """Return a card from a graveyard to its owner's hand, or onto the battlefield under the
    ability's controller's control (400.7: it becomes a new object)."""

    target: ObjectRef
    to: Zone
    from_zone: Zone = Zone.GRAVEYARD  # or exile: "return target exiled card ... to your hand"

    def resolve(self, res: "Resolution") -> None:
        """Move each referent still in the zone it was chosen in."""
        for ref in res.referents(self.target):
            if isinstance(ref, int) and res.game.exists(ref) and res.game.obj(ref).zone is self.from_zone:
                res.game.move(ref, self.to, controller=res.controller)


@dataclass(frozen=True)
class PreventNextDamage:
    """615.7: a prevention shield: the next ``amount`` damage that would be dealt to the object or
    player this turn is prevented."""

    amount: Amount
    target: ObjectRef | You  # You: the ability's controller ("dealt to you")

    def resolve(self, res: "Resolution") -> None:
        """Set up the shield on each referent."""
        n = self.amount.evaluate(res)
        refs = [f"player:{res.controller}"] if isinstance(self.target, You) else res.referents(self.target)
        for ref in refs:
            res.game.add_prevention_shield(ref, n)


@dataclass(frozen=True)
class Regenerate:
    """701.15a: the next time the permanent would be destroyed this turn, instead remove all damage
    marked on it, tap it, and remove it from combat (a replacement shield, 614.8)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Give each referent a regeneration shield."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.add_regeneration_shield(ref)


@dataclass(frozen=True)
class ReturnToHand:
    """Return a permanent to its owner's hand (400.7: it becomes a new object)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Move each referent to its owner's hand."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.move(ref, Zone.HAND)


@dataclass(frozen=True)
class ApplyContinuous:
    """611.2: a continuous effect on an object for a duration ("until end of turn")."""

    target: ObjectRef
    parts: tuple[Part, ...]
    until: str = "eot"
    also: ObjectRef | None = None  # "target creature and all other creatures with the same name ..."

    def resolve(self, res: "Resolution") -> None:
        """Record the effect in the game state; layers apply it from then on (611.2c)."""
        # 608.2h: a value like X is determined once, as the effect is created.
        parts = tuple(p.fixed(res.x) if isinstance(p, PTChange) and (p.x_power or p.x_toughness) else p
                      for p in self.parts)
        refs = res.referents(self.target) + (res.referents(self.also) if self.also is not None else [])
        for ref in dict.fromkeys(refs):  # each object once, even if named twice
            if isinstance(ref, int):
                res.game.add_continuous(ref, parts, res.controller, self.until)


@dataclass(frozen=True)
class ApplyRules:
    """611.2c: a continuous effect that changes the rules of the game, not characteristics ("creatures
    can't block this turn", "damage can't be prevented this turn"): it applies to every object
    ``filter`` matches while it lasts, even one that arrives later; no ``filter``: to the game."""

    filter: ObjectFilter | None
    parts: tuple[Part, ...]
    until: str = "eot"

    def resolve(self, res: "Resolution") -> None:
        """Record the effect in the game state."""
        res.game.state.rules.append(RuleEffect(self.parts, self.filter, res.controller, self.until))
        res.game.log(f"{res.game.name_of(res.source_oid)}'s effect changes the rules until end of turn")


@dataclass(frozen=True)
class MayDo:
    """608.2d: "..., then you may put ...": the controller chooses whether to follow this instruction
    as it is reached; "if you do" after it asks whether they did."""

    effect: "Effect"

    def resolve(self, res: "Resolution") -> None:
        """Ask, then follow the instruction if the answer is yes."""
        game = res.game
        if game.ask_valid(YesNo(res.controller, f"{game.name_of(res.source_oid)}: do the optional instruction ('you may')?"),
                          lambda ans: ans if isinstance(ans, bool) else None, "answer yes or no"):
            res.performed = True
            self.effect.resolve(res)
        else:
            res.performed = False


@dataclass(frozen=True)
class PutFromHand:
    """110.2: "put a creature card from your hand onto the battlefield": the controller chooses one of
    the matching cards in their hand, if any; it enters under their control and becomes "that
    creature" for the instructions after it.  Not performed (for "if you do") with no such card."""

    filter: ObjectFilter

    def resolve(self, res: "Resolution") -> None:
        """Choose the card, then move it."""
        game, p = res.game, res.controller
        hand = [oid for oid in game.zone(Zone.HAND, p)
                if self.filter.matches(game, game.obj(oid), viewer=p, source_oid=res.source_oid)]
        res.performed = False
        res.last_affected = ()
        if not hand:
            game.log(f"{game.players[p].name} has no such card to put onto the battlefield")
            return
        opts = tuple(Choice(str(oid), game.name_of(oid)) for oid in hand)
        picked = game.ask_valid(ChooseCards(p, "Choose a card to put onto the battlefield", opts, 1, 1),
                                lambda ans: chosen_keys(ans, hand, 1, 1), "choose one of the matching cards in your hand")
        new = game.move(picked[0], Zone.BATTLEFIELD, controller=p)
        if new is not None:
            res.last_affected = (new,)
            res.performed = True


@dataclass(frozen=True)
class GainControl:
    """613.1b: the ability's controller gains control of a permanent ("until" "eot", or "forever")."""

    target: ObjectRef
    until: str = "forever"

    def resolve(self, res: "Resolution") -> None:
        """Change control now; a timed change reverts when its duration ends."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.gain_control(ref, res.controller, self.until)


@dataclass(frozen=True)
class MustBlock:
    """509.1c: the target blocks the source this combat if able (a blocking requirement)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Record the requirement for this combat."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.add_block_requirement(ref, res.source_oid)


@dataclass(frozen=True)
class PutIntoZone:
    """Put an object into a zone ("put it into your graveyard"; "return it to the battlefield").

    ``face_down``: "yes" puts it onto the battlefield face down (708.2a: a 2/2 with no text, name,
    subtypes or mana cost), "choice" lets its controller choose face up or face down.
    """

    target: ObjectRef
    zone: Zone
    face_down: str = "no"
    under_your_control: bool = False
    on_top: bool = False  # into a library: on top (401.2) rather than on the bottom

    def resolve(self, res: "Resolution") -> None:
        """Move each referent; they become "them" for later instructions."""
        game = res.game
        moved = []
        for ref in res.referents(self.target):
            if not isinstance(ref, int):
                continue
            down = self.face_down == "yes"
            if self.face_down == "choice":
                down = game.ask_valid(YesNo(res.controller, "Put it onto the battlefield face down?"),
                                      lambda ans: ans if isinstance(ans, bool) else None, "answer yes or no")
            new = game.move(ref, self.zone, controller=res.controller if self.under_your_control else None,
                            face_down=FaceDown("effect") if down else None,
                            position=0 if self.on_top else None)  # a library's top is its first card
            if new is not None:
                moved.append(new)
        res.last_affected = tuple(moved)
        res.performed = bool(moved)


@dataclass(frozen=True)
class ExileTopCard:
    """406 / 701: exile the top card of a player's library; it becomes "that card"."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Move it; remember it for the next instruction."""
        moved = []
        for p in res.players(self.player):
            lib = res.game.zone(Zone.LIBRARY, p)
            if lib:
                new = res.game.move(lib[0], Zone.EXILE)
                if new is not None:
                    moved.append(new)
        res.last_affected = tuple(moved)
        res.performed = bool(moved)


@dataclass(frozen=True)
class MayPlayThem:
    """"Until end of turn, you may play that card": a permission for the controller to play the
    objects the previous instruction acted on, from where they are (until ``until``)."""

    until: str = "eot"

    def resolve(self, res: "Resolution") -> None:
        """Record the permission as a continuous effect on each object (611.2)."""
        for ref in res.last_affected:
            if isinstance(ref, int):
                res.game.add_continuous(ref, (MayPlay(res.controller),), res.controller, self.until)


@dataclass(frozen=True)
class CastThis:
    """608.2g: its owner casts the object during resolution, using the alternative cost ``label``
    (702.35a: "cast it by paying [cost] rather than paying its mana cost"), or with no label without
    paying its mana cost (118.9, 702.62a: "if able").  Not performed (for "if you don't") when the cast
    is illegal, e.g. the cost can't be paid or no target exists: the game is rewound and the card stays."""

    target: ObjectRef
    label: str
    # 113.7a: the cost the ability itself names, used if the object no longer has the keyword (one
    # granted by a permanent that has since left the battlefield).
    cost: Cost | None = None

    def resolve(self, res: "Resolution") -> None:
        """Cast it now; it goes on top of the stack, above the resolving ability."""
        game = res.game
        res.performed = False
        for ref in res.referents(self.target):
            if not isinstance(ref, int):
                continue
            o = game.obj(ref)
            opts = cost_options(game, o)  # a granted madness too (611.3a, 613.1f)
            index = next((i for i, a in enumerate(opts) if isinstance(a, AlternativeCost) and a.label == self.label), None)
            named = None
            if index is None and self.label:
                if self.cost is None:
                    continue
                # 113.7a: the ability exists independently of the keyword that made it; it casts
                # the card by paying the cost it names, from the zone the card is in.
                named = AlternativeCost(label=self.label, cost=self.cost, zone=o.zone, keyword=self.label.capitalize(),
                                        instructed=True)
                index = len(opts)
            before = game.snapshot()
            try:
                cast_spell(game, o.owner, CastSpell(ref, alternative=index), during_resolution=True, named=named,
                           free=not self.label)
                res.last_affected = (game.state.stack[-1].oid,)  # 400.7: the spell it became ("it")
            except IllegalAction as e:
                # Not a refused player action but an instruction that can't be followed: rewind
                # the attempt (726.1) and go on resolving.
                game.restore(before)
                game.log(f"{game.players[o.owner].name} doesn't cast it: {e}")
                continue
            res.performed = True


@dataclass(frozen=True)
class CounterUnlessPays:
    """701.5a / 118.12: counter a spell or ability unless its controller pays ``mana`` (``per`` times,
    "{1} for each card in your graveyard")."""

    target: ObjectRef
    mana: tuple[str, ...]
    per: Amount | None = None

    def resolve(self, res: "Resolution") -> None:
        """Offer the cost to the controller of each referent; counter it if they don't pay."""
        game = res.game
        times = self.per.evaluate(res) if self.per is not None else 1
        for ref in res.referents(self.target):
            item = next((i for i in game.state.stack if i.oid == ref), None)
            if item is None:
                continue
            if times > 0 and offer_to_pay(res, Cost(mana=self.mana * times), payer=item.controller):
                continue
            game.counter(item.oid)


@dataclass(frozen=True)
class CopySpell:
    """707.10: put a copy of a spell onto the stack under the controller's control; it copies the
    spell's characteristics and every choice made for it (modes, targets, X, additional and
    alternative costs: a copy of a kicked spell is kicked, seed 003); the controller may choose new
    targets (707.10c).  The copy isn't cast."""

    target: ObjectRef
    new_targets: bool = True

    def resolve(self, res: "Resolution") -> None:
        """Make the copies."""
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                copy_spell(res.game, res.controller, ref, self.new_targets)


@dataclass(frozen=True)
class CreateTokenCopy:
    """707.2 / 111.2: create a token that's a copy of a permanent (its copiable values)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Create the copies; they become "them".  608.2h: an object that has left its zone is copied
        as it last existed ("create a token that's a copy of this" after it died)."""
        made: list[int] = []
        if isinstance(self.target, ThisObject) and not res.game.exists(res.source_oid):
            copied = [res.source_object()]
        else:
            copied = [res.game.obj(ref) if res.game.exists(ref) else res.game.state.last_known.get(ref)
                      for ref in res.referents(self.target) if isinstance(ref, int)]
        for obj in copied:
            if obj is not None:
                made += res.game.create_token_copy(res.controller, obj.definition)
        res.last_affected = tuple(made)


@dataclass(frozen=True)
class PlayerSacrifices:
    """701.17a: a player sacrifices permanents of their choice matching ``filter`` (not targeted)."""

    player: PlayerRef
    filter: ObjectFilter
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Ask the player to choose, then sacrifice."""
        game = res.game
        wanted = self.amount.evaluate(res)
        done = True  # for "if you do" (608.2c): every player sacrificed as many as asked
        for p in res.players(self.player):
            mine = [o.oid for o in game.battlefield() if o.controller == p and self.filter.matches(game, o, p)]
            n = min(wanted, len(mine))
            done = done and n == wanted
            if n == 0:
                continue
            picked = mine if n == len(mine) else game.ask_valid(
                ChooseCards(p, f"Sacrifice {n}", tuple(Choice(str(o), game.name_for(o, p)) for o in mine), n, n),
                lambda ans: chosen_keys(ans, mine, n, n), f"choose {n} to sacrifice (701.17a)")
            for oid in picked:
                game.sacrifice(oid)
        res.performed = done


class Effect(Protocol):
    """What an instruction does as its spell or ability resolves (608.2c): every effect class here
    (a frozen dataclass that generated card modules construct) has this method."""

    def resolve(self, res: "Resolution") -> None:
        """Do it."""


# What generated card modules may use (re-exported by runtime.api).
__all__ = [
    "ApplyContinuous",
    "ApplyRules",
    "AtBeginningOfNextStep",
    "AttachSource",
    "CantCastSameName",
    "CastThis",
    "ChooseAmong",
    "CopySpell",
    "CounterSpell",
    "CounterUnlessPays",
    "CreateTokenCopy",
    "CreateTokens",
    "DealDamage",
    "DealDamageDividedEvenly",
    "DealDividedDamage",
    "Destroy",
    "Discard",
    "Draw",
    "Effect",
    "ExileObject",
    "ExileTopCard",
    "Fight",
    "GainControl",
    "GainLife",
    "LookAtTop",
    "LoseLife",
    "MayDo",
    "MayPlayThem",
    "Mill",
    "MoveCounters",
    "MustBlock",
    "ObjectDealsDamage",
    "Pay",
    "PerformAction",
    "PhaseOut",
    "PlayerSacrifices",
    "PreventNextDamage",
    "PutCounters",
    "PutFromHand",
    "PutIntoZone",
    "Regenerate",
    "RemoveCounters",
    "ReturnAllFromGraveyards",
    "ReturnFromGraveyard",
    "ReturnToHand",
    "Sacrifice",
    "ShuffleInto",
    "TakeExtraTurn",
    "Tap",
    "TapOrUntap",
    "Untap",
]
