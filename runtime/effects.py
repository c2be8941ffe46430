"""One-shot effects (610): what a resolving instruction does.

Each effect is a frozen dataclass built by generated card code.  ``resolve`` asks the game to
perform events; the game passes every event through replacement effects (614) and then offers it
to triggered abilities (603).  Effects never change game state directly.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from .abilities import Ability, AlternativeCost, KeywordAction
from .actions import CastSpell
from .casting import cast_spell
from .conditions import Condition
from .continuous import AttacksEachCombat, GainKeywordWithQuality, MayPlay, Part, PTChange, PTChoice, RuleEffect, SetBasePT, SetCreatureType
from .costoptions import cost_options
from .costs import mana_sources, nonmana_payable, offer_to_pay, pay_now
from .creature_types import choose_creature_type
from .decisions import Choice, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, YesNo, chosen_keys
from .errors import IllegalAction
from .facedown import FaceDown
from .mana import COLOR_NAMES
from .text_changes import COLOR_WORDS
from .mana_abilities import AddMana
from .phasing import phase_out_together
from .stack import StackKind, copy_spell, describe, spell_parts, target_candidates, with_targets
from .stickering import choose_sticker
from .values import Amount, Cost, ObjectRef, PlayerRef, ThisObject, You
from .selectors import ObjectFilter
from .zones import Zone

if TYPE_CHECKING:
    from .conditions import Condition
    from .resolution import Resolution
    from .game import Game


@dataclass(frozen=True)
class DealDamage:
    """120.3: the source deals damage to an object or player."""

    amount: Amount
    target: ObjectRef
    also: ObjectRef | None = None  # "to each creature and each player"
    also_amount: Amount | None = None  # "... and 4 damage to that creature's controller": the second its own
    unpreventable: bool = False  # 615.12: "... and the damage can't be prevented"

    def resolve(self, res: "Resolution") -> None:
        """Deal the damage to each still-legal referent, all of it at once."""
        n = self.amount.evaluate(res)
        m = self.also_amount.evaluate(res) if self.also_amount is not None else n
        dealt = [(ref, n) for ref in res.referents(self.target)]
        dealt += [(ref, m) for ref in (res.referents(self.also) if self.also is not None else [])]
        with res.game.simultaneous_damage():  # 120.3, 603.2c: one damage event
            for ref, k in dealt:
                res.game.deal_damage(res.source_oid, ref, k, preventable=not self.unpreventable)


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
class TargetsChosen:
    """601.2c: "choose any target, then choose another target for each time this spell was kicked"
    -- an instruction whose choices were made as the spell was cast (its target slots); nothing
    happens as it resolves (608.2c)."""

    def resolve(self, res: "Resolution") -> None:
        """Nothing to do: the targets were chosen on casting."""


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
    (slots ``slots``; ``through_end``: and every slot after the last, the targets of an unbounded
    "any number of targets" phrase, 115.1d); damage assigned to a target that became illegal isn't
    dealt (608.2b)."""

    slots: tuple[int, ...]
    through_end: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Deal each target its share."""
        src = res.source_object()
        division = res.division or (src.cast.division if src is not None and src.cast is not None else ())
        slots = self.slots + (tuple(range(self.slots[-1] + 1, len(res.targets))) if self.through_end else ())
        chosen = [i for i in slots if i < len(res.targets) and res.targets[i] is not None]
        with res.game.simultaneous_damage():  # 120.3, 603.2c: one damage event
            for k, i in enumerate(chosen):
                if k < len(division) and i not in res.illegal:
                    res.game.deal_damage(res.source_oid, res.targets[i], division[k])


@dataclass(frozen=True)
class PreventDividedDamage:
    """615.7, 601.2d: a prevention shield on each target chosen for slots ``slots``, of the share of the
    amount announced for it as the spell was cast; a target that became illegal gets none (608.2b)."""

    slots: tuple[int, ...]

    def resolve(self, res: "Resolution") -> None:
        """Set up each target's shield."""
        src = res.source_object()
        division = res.division or (src.cast.division if src is not None and src.cast is not None else ())
        chosen = [i for i in self.slots if i < len(res.targets) and res.targets[i] is not None]
        for k, i in enumerate(chosen):
            if k < len(division) and i not in res.illegal:
                res.game.add_prevention_shield(res.targets[i], division[k])


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
        for p in res.following(self.player):
            res.game.state.cast_bans += ((p, name, res.controller),)
            res.game.log(f"{res.game.players[p].name} can't cast spells named {name} until "
                         f"{res.game.players[res.controller].name}'s next turn")


@dataclass(frozen=True)
class CantCastSpellsThisTurn:
    """101.2: "target player can't cast spells this turn" -- a ban on every spell (recorded with no
    name), which ends as the turn does (514.2)."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Record the restriction."""
        for p in res.following(self.player):
            res.game.state.cast_bans += ((p, "", -1),)
            res.game.log(f"{res.game.players[p].name} can't cast spells this turn")


@dataclass(frozen=True)
class GainLife:
    """119.3: a player gains life."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Gain the life."""
        for p in res.following(self.player):
            res.game.change_life(p, self.amount.evaluate(res))


@dataclass(frozen=True)
class LoseLife:
    """119.3: a player loses life."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Lose the life; the total lost is what a following "that much" means (608.2c)."""
        total = 0
        for p in res.following(self.player):
            n = self.amount.evaluate(res)
            res.game.change_life(p, -n)
            total += max(n, 0)
        res.this_way = total


@dataclass(frozen=True)
class PlayerGetsCounters:
    """122.1: a player gets counters ("defending player gets a poison counter"; 104.3d, 704.5c)."""

    player: PlayerRef
    counter: str
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Give each player the counters."""
        for p in res.following(self.player):
            res.game.add_player_counters(p, self.counter, self.amount.evaluate(res))


@dataclass(frozen=True)
class ShuffleIntoLibrary:
    """401.3, 701.20a: a player puts every card of their hand and/or graveyard into their library, then
    shuffles it ("each player shuffles their hand and graveyard into their library")."""

    player: PlayerRef
    zones: tuple[str, ...]

    def resolve(self, res: "Resolution") -> None:
        """Move the cards, then shuffle."""
        game = res.game
        for p in res.following(self.player):
            for name in self.zones:
                zone = Zone.HAND if name == "hand" else Zone.GRAVEYARD
                for oid in list(game.zone(zone, p)):
                    game.move(oid, Zone.LIBRARY)
            game.shuffle(p)


@dataclass(frozen=True)
class ShuffleCardsIntoLibrary:
    """115.1, 401.3, 701.20a: the targeted cards still in the player's graveyard are put into their library,
    which is then shuffled ("target player shuffles up to two target cards from their graveyard into their
    library")."""

    player: PlayerRef
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Move the cards, then shuffle."""
        game = res.game
        cards = [c for c in res.referents(self.target) if isinstance(c, int) and game.exists(c)]
        for p in res.following(self.player):
            for oid in cards:
                if game.obj(oid).zone is Zone.GRAVEYARD and game.obj(oid).owner == p:
                    game.move(oid, Zone.LIBRARY)
            game.shuffle(p)


@dataclass(frozen=True)
class Draw:
    """121: a player draws cards, one at a time."""

    player: PlayerRef
    amount: Amount
    up_to: bool = False  # 608.2d: "may draw up to three cards": each drawing player chooses from 0 to that many

    def resolve(self, res: "Resolution") -> None:
        """Draw (each player choosing how many if "up to", 608.2d)."""
        game = res.game
        for p in res.following(self.player):
            n = self.amount.evaluate(res)
            if self.up_to:
                most = max(n, 0)
                n = game.ask_valid(
                    ChooseNumber(p, f"Draw up to {most} cards ({game.name_of(res.source_oid)})", 0, most),
                    lambda ans: ans if isinstance(ans, int) and not isinstance(ans, bool) and 0 <= ans <= most else None,
                    f"a number from 0 to {most} (608.2d)")
            game.draw(p, n)


@dataclass(frozen=True)
class LookAtTop:
    """401.2-401.4: look at the top N cards of your library, put one of them into your hand and the
    rest on the bottom of your library in any order.  The cards stay hidden from the other players
    (401.2); fewer cards than N are all looked at (an empty library: nothing happens).
    ``rest_to_graveyard``: the others go into the graveyard instead ("and the rest into your
    graveyard", "and the other into your graveyard"; the order doesn't matter there)."""

    amount: Amount
    rest_to_graveyard: bool = False

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
        if self.rest_to_graveyard:
            game.move(chosen, Zone.HAND)
            for o in rest:
                game.move(o, Zone.GRAVEYARD)
            game.log(f"{game.players[player].name} looks at the top {len(top)} cards of their library, puts one "
                     f"into their hand and {len(rest)} into their graveyard")
            return
        if len(rest) > 1:
            rest = game.ask_valid(
                ChooseOrder(player, "Order the cards to put on the bottom (first is nearest the top)",
                            tuple(Choice(str(o), game.name_for(o, player)) for o in rest)),
                lambda ans: chosen_keys(ans, rest, len(rest), len(rest)), "an order lists each card once (401.4)")
        game.move(chosen, Zone.HAND)
        # The rest stay in the library (no zone change, 400.7): only their places change.
        lib = game.zone(Zone.LIBRARY, player)
        game.set_zone(Zone.LIBRARY, player, [o for o in lib if o not in rest] + rest)
        game.log(f"{game.players[player].name} looks at the top {len(top)} cards of their library, puts one "
                 f"into their hand and {len(rest)} on the bottom")


def act_face_down(game: "Game", player: int, action: KeywordAction, cards: list[int]) -> list[int]:
    """701.34a: the keyword action (manifest) done to each of ``cards`` in order: turned face down and
    put onto the battlefield under ``player``'s control as its face-down status says (708.2, 708.3)."""
    made = []
    for c in cards:
        new = game.move(c, Zone.BATTLEFIELD, controller=player, face_down=action.face_down)
        game.log(f"{game.players[player].name} {action.name}s a card")
        if new is not None:
            made.append(new)
    return made


@dataclass(frozen=True)
class LookThenAct:
    """401.2, 701.34a: look at the top two cards of your library, do the keyword action to one of them
    (manifest it), then put the other on the top or bottom of your library.  The cards stay hidden
    from the other players (401.2); with one card in the library, it is the one acted on."""

    action: KeywordAction
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Choose the card to act on, act, then choose where the other goes."""
        game = res.game
        player = res.controller
        top = list(game.zone(Zone.LIBRARY, player)[:max(self.amount.evaluate(res), 0)])
        if not top:
            return
        opts = tuple(Choice(str(o), game.name_for(o, player)) for o in top)
        chosen = game.ask_valid(ChooseCards(player, f"Choose the card to {self.action.name}", opts, 1, 1),
                                lambda ans: chosen_keys(ans, top, 1, 1), "choose one of the cards looked at")[0]
        res.last_affected = tuple(act_face_down(game, player, self.action, [chosen]))
        res.performed = bool(res.last_affected)
        for other in [o for o in top if o != chosen]:
            where = game.ask_valid(
                ChooseOption(player, f"Put {game.name_for(other, player)} on the top or the bottom of your library?",
                             (Choice("top", "on top"), Choice("bottom", "on the bottom"))),
                lambda ans: ans if ans in ("top", "bottom") else None, "answer top or bottom")
            # It stays in the library (no zone change, 400.7): only its place changes.
            lib = game.zone(Zone.LIBRARY, player)
            rest = [o for o in lib if o != other]
            game.set_zone(Zone.LIBRARY, player, [other] + rest if where == "top" else rest + [other])
            game.log(f"{game.players[player].name} puts a card on the {where} of their library")


@dataclass(frozen=True)
class PileThenAct:
    """406.3, 701.34a: exile every card of a player's graveyard the selector matches face down in a
    pile, shuffle that pile (a random order, 701.20a-style), then do the keyword action (manifest) to
    each of those cards in that order, under the controller's control."""

    action: KeywordAction
    filter: ObjectFilter
    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Exile them face down, randomize their order, then act on each still in exile."""
        game = res.game
        pile: list[int] = []
        for p in res.players(self.player):
            for c in list(game.zone(Zone.GRAVEYARD, p)):
                if self.filter.matches(game, game.obj(c), viewer=res.controller, source_oid=res.source_oid):
                    new = game.move(c, Zone.EXILE, face_down=FaceDown("face-down pile"))
                    if new is not None:
                        pile.append(new)
        game.log(f"{len(pile)} card(s) exiled in a face-down pile")
        game.state.rng.shuffle(pile)
        made = act_face_down(game, res.controller, self.action, [c for c in pile if game.exists(c)])
        res.last_affected = tuple(made)
        res.performed = bool(made)


@dataclass(frozen=True)
class RevealTop:
    """701.16a, 401.2: reveal the top N cards of your library, put one card the selector matches from among
    them into your hand (one must be chosen if any matches) and the rest into your graveyard."""

    amount: Amount
    filter: ObjectFilter

    def resolve(self, res: "Resolution") -> None:
        """Reveal, choose, move."""
        game = res.game
        player = res.controller
        top = list(game.zone(Zone.LIBRARY, player)[:max(self.amount.evaluate(res), 0)])
        if not top:
            return
        game.log(f"{game.players[player].name} reveals {', '.join(game.name_of(o) for o in top)} (701.16a)")
        matching = [o for o in top if self.filter.matches(game, game.obj(o), player, res.source_oid)]
        chosen: list[int] = []
        if matching:
            opts = tuple(Choice(str(o), game.name_of(o)) for o in matching)
            chosen = list(game.ask_valid(ChooseCards(player, "Choose the card to put into your hand", opts, 1, 1),
                                         lambda ans: chosen_keys(ans, matching, 1, 1),
                                         "choose one of the matching revealed cards"))
        for o in chosen:
            game.move(o, Zone.HAND)
        for o in top:
            if o not in chosen:
                game.move(o, Zone.GRAVEYARD)


@dataclass(frozen=True)
class RevealUntil:
    """701.16a: reveal cards from the top of the controller's library one at a time until one the selector
    matches is revealed (or the library runs out); that card is "that card" (it and the others stay in
    the library until an instruction moves them)."""

    filter: ObjectFilter

    def resolve(self, res: "Resolution") -> None:
        """Reveal, remembering the card found."""
        game = res.game
        player = res.controller
        shown: list[int] = []
        found: list[int] = []
        for o in game.zone(Zone.LIBRARY, player):
            shown.append(o)
            if self.filter.matches(game, game.obj(o), player, res.source_oid):
                found.append(o)
                break
        names = ", ".join(game.name_of(o) for o in shown) or "nothing"
        game.log(f"{game.players[player].name} reveals {names} (701.16a)")
        res.last_affected = tuple(found)
        res.performed = True


@dataclass(frozen=True)
class RevealTopCard:
    """701.16a: reveal the top card of the controller's library; it is "it" for later instructions (it
    stays on top)."""

    def resolve(self, res: "Resolution") -> None:
        """Show it to all players."""
        game = res.game
        lib = game.zone(Zone.LIBRARY, res.controller)
        if not lib:
            res.last_affected = ()
            return
        game.log(f"{game.players[res.controller].name} reveals {game.name_of(lib[0])} (701.16a)")
        res.last_affected = (lib[0],)


@dataclass(frozen=True)
class PutOntoBattlefield:
    """110.2: put each referent onto the battlefield under the control of the ability's controller."""

    target: ObjectRef
    amount: Amount | None = None  # "... with a manifestation counter on it" (614.1c, 122.6)
    counter: str = ""

    def resolve(self, res: "Resolution") -> None:
        """Move them; they become "them"."""
        moved = []
        counters = {self.counter: self.amount.evaluate(res)} if self.amount is not None else None
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                new = res.game.move(ref, Zone.BATTLEFIELD, controller=res.controller, counters=counters)
                if new is not None:
                    moved.append(new)
        res.last_affected = tuple(moved)


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
class ChoosePermanent:
    """608.2d, 101.4: each player chooses a permanent matching ``filter`` ("a creature they control"), in
    APNAP order; "the rest" (the permanents of that kind, whoever controls them, not chosen) is
    remembered for the instructions after it."""

    player: PlayerRef
    filter: ObjectFilter

    def resolve(self, res: "Resolution") -> None:
        """Ask each player, then remember the rest."""
        game = res.game
        chosen: list[int] = []
        for p in res.following(self.player):
            mine = [o.oid for o in game.battlefield() if o.controller == p and self.filter.matches(game, o, p)]
            if not mine:
                continue
            pick = mine if len(mine) == 1 else game.ask_valid(
                ChooseCards(p, "Choose one", tuple(Choice(str(o), game.name_for(o, p)) for o in mine), 1, 1),
                lambda ans: chosen_keys(ans, mine, 1, 1), "choose one of your permanents (608.2d)")
            chosen.append(pick[0])
            game.log(f"{game.players[p].name} chooses {game.name_of(pick[0])}")
        kind = replace(self.filter, controller="")
        res.rest = tuple(o.oid for o in game.battlefield() if o.oid not in chosen and kind.matches(game, o, res.controller))


@dataclass(frozen=True)
class PlayerTaps:
    """701.21a, 608.2d: a player taps permanents of their choice matching ``filter`` ("that player taps an
    untapped artifact, creature, or land they control for each fade counter on this"); all of them if
    they control fewer."""

    player: PlayerRef
    filter: ObjectFilter
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Ask each player to choose, then tap."""
        game = res.game
        for p in res.following(self.player):
            mine = [o.oid for o in game.battlefield() if o.controller == p and not o.tapped
                    and self.filter.matches(game, o, p)]
            n = min(self.amount.evaluate(res), len(mine))
            if n <= 0:
                continue
            picked = mine if n == len(mine) else game.ask_valid(
                ChooseCards(p, f"Tap {n}", tuple(Choice(str(o), game.name_for(o, p)) for o in mine), n, n),
                lambda ans: chosen_keys(ans, mine, n, n), f"choose {n} to tap (701.21a)")
            for oid in picked:
                game.set_tapped(oid, True)


@dataclass(frozen=True)
class ExchangeLifeWithToughness:
    """701.10g: a player's life total and the source's toughness are exchanged: the player gains or loses
    the life needed for their life total to become the toughness (119.5), and the toughness becomes the
    previous life total (613.4b, layer 7b, indefinitely).  701.10a: if the whole exchange can't happen
    (the source is no longer a creature on the battlefield, the player is no longer a legal target), none
    of it does."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Exchange the two values."""
        game = res.game
        players = res.players(self.player)
        src = game.state.objects.get(res.source_oid)
        if len(players) != 1 or src is None or src.zone is not Zone.BATTLEFIELD:
            return
        toughness = game.characteristics(src).toughness
        if toughness is None or "creature" not in game.characteristics(src).types:
            return
        p = players[0]
        life = game.players[p].life
        game.change_life(p, toughness - life)
        game.add_continuous(src.oid, (SetBasePT(toughness=life),), res.controller, "forever")
        game.log(f"{game.name_of(src.oid)}'s toughness becomes {life} (701.10g)")


@dataclass(frozen=True)
class RevealHand:
    """701.16a: a player reveals their hand, or a card at random from it (the game's seeded random
    generator); the cards stay where they are (701.16b) and become "them" for the next instruction."""

    player: PlayerRef
    at_random: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Show the cards to every player (the event log is public)."""
        game = res.game
        shown: list[int] = []
        for p in res.following(self.player):
            hand = list(game.zone(Zone.HAND, p))
            cards = [game.state.rng.choice(hand)] if self.at_random and hand else hand
            shown += cards
            names = ", ".join(game.name_of(o) for o in cards) or "no cards"
            how = "a card at random from their hand" if self.at_random else "their hand"
            game.log(f"{game.players[p].name} reveals {how}: {names} (701.16a)")
        res.last_affected = tuple(shown)
        res.performed = bool(shown)


@dataclass(frozen=True)
class LookAtHand:
    """402.3, 400.2: the ability's controller looks at a player's hand.  Nothing moves and nothing is
    revealed to anyone else: the log line names the cards, and a player's view of the log
    (``runtime.tools.turnlog``) names them only to the looker and the hand's owner."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Show the hand to the controller."""
        game = res.game
        seen: list[int] = []
        for p in res.following(self.player):
            hand = list(game.zone(Zone.HAND, p))
            seen += hand
            names = ", ".join(game.name_of(o) for o in hand) or "no cards"
            game.log(f"{game.players[res.controller].name} looks at {game.players[p].name}'s hand: {names} (402.3)")
        res.performed = True


@dataclass(frozen=True)
class ChooseCardName:
    """201.3, 608.2d: the ability's controller chooses a card name matching ``filter`` ("a nonland card
    name"); "that name" later in the ability means it.  The names offered are those of the cards in the
    game (a name no card in the game has would match nothing the ability could affect)."""

    filter: ObjectFilter

    def resolve(self, res: "Resolution") -> None:
        """Ask for the name and remember it."""
        game = res.game
        names = sorted({game.characteristics(o).name for o in game.state.objects.values()
                        if o.face_down is None and o.zone is not Zone.STACK and self.filter.matches(game, o)} - {""})
        if not names:
            return
        pick = game.ask_valid(ChooseOption(res.controller, "Choose a card name", tuple(Choice(n, n) for n in names)),
                              lambda ans: ans if isinstance(ans, str) and ans in names else None,
                              "choose one of the names offered")
        res.chosen_name = str(pick)
        game.log(f"{game.players[res.controller].name} chooses the name {pick}")


@dataclass(frozen=True)
class DiscardNamed:
    """701.8, 201.3: a player discards every card in their hand with the name chosen before in the
    ability ("discards all cards with that name")."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Discard them."""
        game = res.game
        for p in res.following(self.player):
            for oid in [o for o in game.zone(Zone.HAND, p) if res.chosen_name
                        and game.characteristics(game.obj(o)).name == res.chosen_name]:
                game.discard_card(p, oid)


@dataclass(frozen=True)
class ReturnExiledWith:
    """607.2a, 610.3c: each player returns to the battlefield, under their control, the cards they own
    that this object's abilities exiled and that are still in exile (a card that left exile is a new
    object, 400.7, and no longer in the set)."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Return them at once."""
        game = res.game
        mine = [c for s, c in game.state.exiled_with if s == res.source_oid]
        for p in res.following(self.player):
            for oid in mine:
                if game.exists(oid) and game.obj(oid).zone is Zone.EXILE and game.obj(oid).owner == p:
                    game.move(oid, Zone.BATTLEFIELD, controller=p)
        game.state.exiled_with = tuple((s, c) for s, c in game.state.exiled_with if s != res.source_oid or game.exists(c)
                                       and game.obj(c).zone is Zone.EXILE)


@dataclass(frozen=True)
class ChooseColor:
    """105.1, 608.2d: the ability's controller chooses a color; "the chosen color" later in the ability."""

    def resolve(self, res: "Resolution") -> None:
        """Ask and remember."""
        res.chosen_color = res.game.choose_color(res.controller)


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
        for p in res.following(self.player):
            pick = res.game.ask_valid(
                ChooseOption(p, "Choose one: " + ", ".join(self.labels),
                             tuple(Choice(k, label) for k, label in zip(keys, self.labels))),
                lambda ans: ans if isinstance(ans, str) and ans in keys else None,
                "choose one of the options offered")
            res.chosen = self.options[int(pick)]
            res.game.log(f"{res.game.players[p].name} chooses {self.labels[int(pick)]}")


@dataclass(frozen=True)
class SkipNextTurn:
    """614.10: the player skips their next turn -- instead of beginning it, nothing happens (the
    turn after it is taken in the normal order, 500.7)."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Count one more turn for the player to skip."""
        for p in res.players(self.player):
            res.game.players[p].turns_to_skip += 1
            res.game.log(f"{res.game.players[p].name} will skip their next turn (614.10)")


@dataclass(frozen=True)
class TakeExtraTurn:
    """500.7: the player takes an extra turn after this one (added directly after the current turn;
    the most recently created extra turn is taken first)."""

    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Add the turn."""
        for p in res.following(self.player):
            res.game.state.extra_turns += (p,)
            res.game.log(f"{res.game.players[p].name} will take an extra turn after this one (500.7)")


@dataclass(frozen=True)
class Destroy:
    """701.7: move a permanent to its owner's graveyard; ``no_regeneration`` per 701.15c."""

    target: ObjectRef
    no_regeneration: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Destroy each referent; the cards they became are "destroyed this way" (400.7)."""
        destroyed: list[int] = []
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.last_destroyed = None
                if res.game.destroy(ref, regenerate=not self.no_regeneration) and res.game.last_destroyed is not None:
                    destroyed.append(res.game.last_destroyed)
        res.destroyed = tuple(destroyed)


@dataclass(frozen=True)
class ReturnDestroyed:
    """701.7a, 400.7: "return all cards in your graveyard destroyed this way to the battlefield" -- the cards
    that the permanents an instruction before destroyed became, still in the controller's graveyard,
    each under its owner's control (110.2)."""

    def resolve(self, res: "Resolution") -> None:
        """Return them at once; they become "them"."""
        game = res.game
        mine = game.zone(Zone.GRAVEYARD, res.controller)
        moved = []
        for c in [c for c in res.destroyed if c in mine]:
            new = game.move(c, Zone.BATTLEFIELD, controller=game.obj(c).owner)
            if new is not None:
                moved.append(new)
        res.last_affected = tuple(moved)
        res.performed = bool(moved)


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
                    res.game.state.exiled_with += ((res.source_oid, new),)  # 607.2a
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
class ExileFromGraveyard:
    """406.3: "exile two cards from your graveyard" -- the controller chooses that many cards of their
    graveyard (all of them if fewer) and exiles them; not targeted (115.10a)."""

    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Choose the cards, then exile them; they become "them"."""
        game = res.game
        gy = list(game.zone(Zone.GRAVEYARD, res.controller))
        k = min(self.amount.evaluate(res), len(gy))
        if k <= 0:
            res.performed = False
            return
        chosen = gy if k == len(gy) else game.ask_valid(
            ChooseCards(res.controller, f"Exile {k} from your graveyard", tuple(Choice(str(o), game.name_of(o)) for o in gy), k, k),
            lambda ans: chosen_keys(ans, gy, k, k), f"choose {k} cards of your graveyard to exile (406.3)")
        moved = [n for n in (game.move(o, Zone.EXILE) for o in chosen) if n is not None]
        res.last_affected = tuple(moved)
        res.performed = len(moved) == self.amount.evaluate(res)


@dataclass(frozen=True)
class ShuffleObjectIntoLibrary:
    """701.20, 401.3: "shuffle this into your library" -- each referent is put into its owner's library,
    then that library is shuffled (the keyword action ``shuffle``, 701.20a)."""

    target: ObjectRef
    shuffle: KeywordAction

    def resolve(self, res: "Resolution") -> None:
        """Move, then shuffle each library that got a card."""
        game = res.game
        owners = []
        for ref in res.referents(self.target):
            if isinstance(ref, int) and game.exists(ref):
                owner = game.obj(ref).owner
                if game.move(ref, Zone.LIBRARY) is not None:
                    owners.append(owner)
        res.performed = bool(owners)
        for p in dict.fromkeys(owners):
            game.perform_action(res, p, PerformAction(self.shuffle, You()))


@dataclass(frozen=True)
class ReturnDiscarded:
    """603.2, 400.7: "return the discarded card from your graveyard to your hand" -- the card the discard
    trigger remembers, only while it is still that card in its owner's graveyard."""

    def resolve(self, res: "Resolution") -> None:
        """Move it to its owner's hand."""
        game = res.game
        cards = [o for o in res.last_affected if isinstance(o, int) and game.exists(o)
                 and game.obj(o).zone is Zone.GRAVEYARD]
        moved = [n for n in (game.move(o, Zone.HAND) for o in cards[:1]) if n is not None]
        res.performed = bool(moved)
        res.last_affected = tuple(moved)


@dataclass(frozen=True)
class Transform:
    """701.28a, 712.8: a transforming double-faced permanent turns over to its other face (it stays the
    same object, 712.8a); a permanent with no back face doesn't transform (701.28c)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Turn each referent over."""
        game = res.game
        done = False
        for ref in res.referents(self.target):
            if isinstance(ref, int) and game.exists(ref):
                o = game.obj(ref)
                if o.zone is Zone.BATTLEFIELD and o.card.definition.back is not None and o.face_down is None:
                    before = game.name_of(ref)
                    o.transformed = not o.transformed
                    game.log(f"{before} transforms into {game.name_of(ref)} (701.28a)")
                    done = True
                    # 701.28e: "when this creature transforms into NAME" -- read from the face it is now
                    game.fire_object_event(o, "transformed")
        res.performed = done


@dataclass(frozen=True)
class ChangeColorWord:
    """612.1-612.2, 613.1c (layer 3): "change the text of target spell or permanent by replacing all
    instances of one color word with another" -- as it resolves, its controller chooses a color word
    and another one (608.2d); from then on every instance of the first used as a color word in the
    object's text reads the second: in its selectors, protection qualities, token colors and
    color-setting effects (runtime.text_changes), not in its name (612.2), its mana symbols, or
    abilities other effects grant it (612.3).  It lasts as long as the object does (400.7; a
    permanent spell's change goes on to the permanent it becomes, 400.7a)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Ask for the two color words, then record the substitution on each target."""
        game = res.game
        refs = [r for r in res.referents(self.target) if isinstance(r, int) and game.exists(r)]
        if not refs:
            return
        words = tuple(COLOR_NAMES.values())
        old = game.ask_valid(ChooseOption(res.controller, "Choose the color word to replace",
                                          tuple(Choice(w, w) for w in words)),
                             lambda ans: ans if isinstance(ans, str) and ans in words else None,
                             "choose a color word (105.1)")
        others = tuple(w for w in words if w != old)
        new = game.ask_valid(ChooseOption(res.controller, f"Replace {old} with which color word?",
                                          tuple(Choice(w, w) for w in others)),
                             lambda ans: ans if isinstance(ans, str) and ans in others else None,
                             f"choose another color word than {old} (612.2)")
        letter = {name: c for c, name in COLOR_NAMES.items()}
        for ref in refs:
            o = game.obj(ref)
            before = game.name_of(ref)
            o.color_words = (*o.color_words, (letter[str(old)], letter[str(new)]))
            game.log(f"the text of {before} has {new} in place of {old} (612.2)")
        res.performed = True


@dataclass(frozen=True)
class SetBaseValue:
    """613.4b, 611.2: "change this's base toughness to N" -- a continuous effect on the source setting
    its base power or toughness to N, counted as it resolves (608.2h); it lasts indefinitely (while the
    object stays on the battlefield, 400.7)."""

    which: str  # "power" | "toughness"
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Count the number, then apply the effect."""
        game = res.game
        if not game.exists(res.source_oid) or game.obj(res.source_oid).zone is not Zone.BATTLEFIELD:
            res.performed = False
            return
        n = max(self.amount.evaluate(res), 0)
        part = SetBasePT(power=n) if self.which == "power" else SetBasePT(toughness=n)
        game.add_continuous(res.source_oid, (part,), res.controller, "indefinitely")


@dataclass(frozen=True)
class ChangeTargetToThis:
    """115.7: "change the target of target spell ... to this": if the spell has exactly one target
    and the source could be its target (the spell's own target requirements, 115.7a: the new target
    must be legal), that target becomes the source; otherwise it doesn't change."""

    spell: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Find the spell on the stack and retarget it."""
        game = res.game
        new = res.source_oid
        if not game.exists(new) or game.obj(new).zone is not Zone.BATTLEFIELD:
            return
        for ref in res.referents(self.spell):
            item = next((i for i in game.state.stack if i.oid == ref and i.kind is StackKind.SPELL), None)
            if item is None:
                continue
            chosen = [k for k, t in enumerate(item.targets) if t is not None]
            if len(chosen) != 1:
                continue
            k = chosen[0]
            specs = tuple(s for part in spell_parts(game.obj(item.oid)) for s in part.targets)
            if specs and specs[-1].repeat:  # 115.1d: the further targets of an unbounded phrase
                specs = (*specs, *(specs[-1],) * max(0, len(item.targets) - len(specs)))
            if k >= len(specs) or item.targets[k] == new:
                continue
            if new not in target_candidates(game, item.controller, specs[k], item.oid):
                game.log(f"the target of {game.name_of(item.oid)} doesn't change: "
                         f"{game.name_of(new)} can't be its target (115.7)")
                continue
            targets = (*item.targets[:k], new, *item.targets[k + 1:])
            with_targets(game, item, targets)
            game.obj(item.oid).targets = targets
            game.log(f"the target of {game.name_of(item.oid)} is changed to {game.name_of(new)} (115.7)")


@dataclass(frozen=True)
class AnyPlayerMayPay:
    """118.12, 101.4: "any player may sacrifice a creature. If a player does, ...": as it resolves, each
    player in turn order, beginning with the active player, may pay the cost (the ones who could); once
    one has paid, no one else is asked.  "If a player does" then asks whether one paid."""

    cost: Cost

    def resolve(self, res: "Resolution") -> None:
        """Offer the cost around the table."""
        game = res.game
        res.performed = False
        players = game.in_game()
        start = players.index(game.state.active) if game.state.active in players else 0
        for p in players[start:] + players[:start]:
            if not nonmana_payable(game, p, self.cost, None):
                continue
            if offer_to_pay(res, self.cost, p):
                res.performed = True
                return


@dataclass(frozen=True)
class ChangeTargetToAnother:
    """115.7a: "change that spell's target to another creature", "change the target of target spell or
    ability with a single target": the one target of the spell or ability becomes another legal target
    for it (its own requirements, 115.7a) matching ``filter`` if any, chosen by the effect's controller
    (608.2d); if there is none, the target is unchanged."""

    spell: ObjectRef
    filter: ObjectFilter | None = None

    def resolve(self, res: "Resolution") -> None:
        """Find the spell or ability, the legal new targets, and ask."""
        game = res.game
        res.performed = False
        for ref in res.referents(self.spell):
            item = next((i for i in game.state.stack if i.oid == ref), None)
            if item is None:
                continue
            chosen = [k for k, t in enumerate(item.targets) if t is not None]
            if len(chosen) != 1:
                continue
            k = chosen[0]
            if item.kind is StackKind.SPELL:
                specs = tuple(s for part in spell_parts(game.obj(item.oid)) for s in part.targets)
                source = item.oid
            else:
                specs = item.ability.targets if item.ability is not None else ()
                source = item.source_oid  # 113.7: an ability's source is the object it came from
            if specs and specs[-1].repeat:  # 115.1d: the further targets of an unbounded phrase
                specs = (*specs, *(specs[-1],) * max(0, len(item.targets) - len(specs)))
            if k >= len(specs):
                continue
            old = item.targets[k]
            flt = self.filter
            cands = [c for c in target_candidates(game, item.controller, specs[k], source)
                     if c != old and c != item.oid
                     and (flt is None or isinstance(c, int) and flt.matches(game, game.obj(c), res.controller))]
            name = describe(game, item.oid)
            if not cands:
                game.log(f"the target of {name} doesn't change: no other legal target (115.7a)")
                continue
            keys = {str(c): c for c in cands}
            new = game.ask_valid(
                ChooseOption(res.controller, f"Choose the new target of {name}",
                             tuple(Choice(key, describe(game, c), subject=c if isinstance(c, int) else -1)
                                   for key, c in keys.items())),
                lambda ans: keys[ans] if isinstance(ans, str) and ans in keys else None,
                "choose one of the legal targets offered (115.7a)")
            targets = (*item.targets[:k], new, *item.targets[k + 1:])
            with_targets(game, item, targets)
            if item.kind is StackKind.SPELL:
                game.obj(item.oid).targets = targets
            game.log(f"the target of {name} is changed to {describe(game, new)} (115.7a)")
            res.performed = True


@dataclass(frozen=True)
class PutCounters:
    """122.1: put counters on a permanent."""

    amount: Amount
    counter: str
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Add the counters; the permanents they were put on are "it" for the next instruction ("put two
        time counters on it and it gains vanishing": counters don't make a new object, 400.7)."""
        done: list[int] = []
        for ref in res.referents(self.target):
            if isinstance(ref, int):
                res.game.add_counters(ref, self.counter, self.amount.evaluate(res))
                done.append(ref)
        res.last_affected = tuple(done)


@dataclass(frozen=True)
class CreateTokens:
    """111.2: create tokens with the given characteristics."""

    count: Amount
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...] = field(metadata=COLOR_WORDS)  # 612.2: color words
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    tapped: bool = False  # "create ... tapped ... tokens" (111.2)
    supertypes: tuple[str, ...] = ()  # "a legendary 4/4 red Dragon creature token" (205.4)
    # 111.2: abilities the tokens have as they are created ("with flying and "{R}: ...""), part of
    # their copiable values (707.2)
    abilities: tuple[Ability, ...] = ()

    def resolve(self, res: "Resolution") -> None:
        """Create the tokens under the controller's control; they become "them" for later instructions."""
        res.last_affected = res.game.create_tokens(res.controller, self, self.count.evaluate(res), creator=res.source_oid)


@dataclass(frozen=True)
class ReturnAllFromGraveyards:
    """404.1, 400.3: every card in every graveyard that the selector matches goes to its owner's hand;
    ``yours``: only the cards in the controller's graveyard ("from your graveyard to your hand").  A
    selector "of the chosen type" matches the kind chosen earlier in the ability (608.2d)."""

    filter: ObjectFilter
    yours: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Move them, in APNAP order of the graveyards (101.4); they become "them"."""
        game = res.game
        n = len(game.players)
        moved = []
        chosen = res.chosen if self.filter.of_chosen else None
        if self.filter.of_chosen and chosen is None:
            return  # nothing was chosen, so nothing is of the chosen type
        players = [res.controller] if self.yours else [(game.state.active + i) % n for i in range(n)]
        for p in players:
            for c in list(game.zone(Zone.GRAVEYARD, p)):
                if self.filter.matches(game, game.obj(c)) and (chosen is None or chosen.matches(game, game.obj(c))):
                    new = game.move(c, Zone.HAND)
                    if new is not None:
                        moved.append(new)
        res.last_affected = tuple(moved)
        res.performed = bool(moved)


@dataclass(frozen=True)
class PhaseOut:
    """702.26a: the permanents phase out (they phase in during their controller's next untap step, 502.1);
    with ``unless``, only if the controller doesn't pay that cost (118.12)."""

    target: ObjectRef
    unless: Cost | None = None

    def resolve(self, res: "Resolution") -> None:
        """Phase out the referents still on the battlefield, at once (702.26h)."""
        if self.unless is not None and offer_to_pay(res, self.unless):
            res.performed = False
            return
        phase_out_together(res.game, [ref for ref in res.referents(self.target)
                                      if isinstance(ref, int) and res.game.exists(ref)])


@dataclass(frozen=True)
class PutSticker:
    """123.4 (cardsmith, docs/stickers.md): the controller puts a sticker from their sheets on each
    referent, a nonland permanent they own, paying its ticket cost (123.3); one they can't put a
    sticker on (it is no longer a nonland permanent they own) gets none."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Choose a sticker for each referent, and put it on."""
        for ref in res.referents(self.target):
            if isinstance(ref, int) and res.game.exists(ref):
                choose_sticker(res.game, res.controller, ref, spell=False)


@dataclass(frozen=True)
class AtBeginningOfNextStep:
    """603.7: create a delayed triggered ability "at the beginning of the next <step>"."""

    step: str
    effect: "Effect"

    def resolve(self, res: "Resolution") -> None:
        """Register the delayed trigger, remembering the objects "them" refers to now (603.7c)."""
        res.game.add_delayed_trigger(res, self.step, self.effect)


@dataclass(frozen=True)
class WheneverThisTurn:
    """603.7, 603.7c: create a delayed triggered ability that triggers each time ``subject`` deals damage
    this turn (``combat``: combat damage, 510.2), once per damage event (603.2c); "that damage" is the
    event's amount.  ``condition``: an intervening "if" about the spell itself (603.4: whether a cost was
    paid as it was cast), which can't change: it is checked now, and without it no delayed ability is
    created."""

    subject: ObjectRef
    effect: "Effect"
    combat: bool = False
    condition: "Condition | None" = None

    def resolve(self, res: "Resolution") -> None:
        """Set the delayed ability up for each object the subject names."""
        if self.condition is not None and not self.condition.holds(res.game, res):
            return
        for oid in res.referents(self.subject):
            if isinstance(oid, int) and res.game.exists(oid):
                res.game.add_event_trigger(res, oid, "deals_damage", self.effect, self.combat)


@dataclass(frozen=True)
class WhenThisThisTurn:
    """603.7: create a delayed triggered ability "when this dies this turn, ..." on the source; it
    triggers once (603.7c), and only this turn."""

    event: str
    effect: "Effect"

    def resolve(self, res: "Resolution") -> None:
        """Register the delayed trigger on the source."""
        res.game.add_event_trigger(res, res.source_oid, self.event, self.effect, once=True)


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
    any_number: bool = False  # 701.19a: "search ... for any number of cards": up to all that match

    def resolve(self, res: "Resolution") -> None:
        """Run the action's primitive steps in order."""
        for p in res.following(self.player):
            res.game.perform_action(res, p, self)


@dataclass(frozen=True)
class Discard:
    """701.8: a player discards cards of their choice."""

    player: PlayerRef
    amount: Amount
    at_random: bool = False  # 701.8a: the cards are chosen at random
    whole_hand: bool = False  # "discard all the cards in your hand" (then "that many", 608.2c)

    def resolve(self, res: "Resolution") -> None:
        """Ask for the cards (or pick them at random) and discard them."""
        for p in res.following(self.player):
            if self.whole_hand:
                # every card is discarded, wherever a replacement (702.35a madness) then puts it
                n = len(res.game.zone(Zone.HAND, p))
                res.performed = res.game.discard(p, n)
                res.this_way = n
                continue
            res.performed = res.game.discard(p, self.amount.evaluate(res), at_random=self.at_random)


@dataclass(frozen=True)
class Mill:
    """Put the top N cards of a library into its owner's graveyard (701.13, 2019 wording)."""

    player: PlayerRef
    amount: Amount

    def resolve(self, res: "Resolution") -> None:
        """Move the cards one at a time from the top."""
        for p in res.following(self.player):
            res.game.mill(p, self.amount.evaluate(res))


@dataclass(frozen=True)
class RemoveCounters:
    """122.8-style: remove counters; performed only if all could be removed (for "if you can't").
    With fewer on the object than the number, those there are removed (609.3: as much as possible)."""

    amount: Amount
    counter: str
    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Remove the counters and report whether all of them could be."""
        done = False
        game = res.game
        for ref in res.referents(self.target):
            if isinstance(ref, int) and game.exists(ref):
                n = self.amount.evaluate(res)
                there = game.obj(ref).counters.get(self.counter, 0)
                done = there >= n and game.remove_counters(ref, self.counter, n)
                if not done and 0 < there < n:
                    game.remove_counters(ref, self.counter, there)  # 609.3
        res.performed = done


@dataclass(frozen=True)
class Sacrifice:
    """701.17: sacrifice a permanent; with ``unless``, its controller may pay that cost instead (118.12)."""

    target: ObjectRef
    unless: Cost | None = None
    # 702.24a: the cost is paid once for each counter counted ("for each age counter on it")
    per: Amount | None = None
    # 603.2: announced on the source when the cost is paid ("when this's echo cost is paid", 702.30a)
    paid_event: str = ""
    unless_condition: Condition | None = None  # "unless {B} was spent to cast it": kept if it holds

    def resolve(self, res: "Resolution") -> None:
        """Offer the cost if any, then sacrifice."""
        if self.unless_condition is not None and self.unless_condition.holds(res.game, res):
            res.performed = False
            return
        unless = self.unless
        if unless is not None and self.per is not None:
            unless = unless.times(self.per.evaluate(res))
        for ref in res.referents(self.target):
            if not isinstance(ref, int):
                continue
            if unless is not None and offer_to_pay(res, unless):
                res.performed = False
                if self.paid_event and res.game.exists(res.source_oid):
                    res.game.fire_object_event(res.game.obj(res.source_oid), self.paid_event)
                continue
            res.performed = res.game.sacrifice(ref)


@dataclass(frozen=True)
class Pay:
    """118.1 / 608.2d: the controller pays a cost as the instruction is followed ("you may pay {W}{W}");
    whether it was paid is what a following "if you do" asks (608.2c).  A cost that can't be paid
    isn't paid, and the game state is left as it was."""

    cost: Cost

    def resolve(self, res: "Resolution") -> None:
        """Pay the cost, if the controller can; with an X in it, X is chosen first (107.3, e.g.
        "you may reveal X black cards in your hand"), and the ability's X is that value from then
        on ("-X/-X")."""
        if self.cost.mentions_x:
            game = res.game
            most = _x_most(res, self.cost)
            res.x = game.ask_valid(
                ChooseNumber(res.controller, f"Choose X for {game.name_of(res.source_oid)} (107.3)", 0, most),
                lambda ans: ans if isinstance(ans, int) and not isinstance(ans, bool) and 0 <= ans <= most else None,
                f"a number from 0 to {most} (107.3)")
        res.performed = pay_now(res, self.cost)


def _x_most(res: "Resolution", cost: Cost) -> int:
    """The largest X ``cost`` could be paid with (the matching cards in hand for a reveal, the
    cards in hand for a discard, else the mana the payer could make)."""
    game = res.game
    hand = [game.obj(o) for o in game.zone(Zone.HAND, res.controller) if o != res.source_oid]
    if cost.reveal is not None:
        return sum(1 for o in hand if cost.reveal.filter.matches(game, o))
    if cost.discard is not None:
        return len(hand)
    return sum(game.players[res.controller].mana.values()) + len(mana_sources(game, res.controller))


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
class RedirectDamage:
    """614.9: a redirection effect until end of turn: damage that would be dealt to ``recipient`` is
    dealt to ``to`` instead (``combat``: combat damage only); with ``choose_source``, "the next time a
    source of your choice would deal damage this turn, that damage is dealt to ... instead": the
    controller chooses a source as it resolves (120.7, 609.7a: a permanent, or a spell on the stack), and
    all the damage it deals in its next damage event goes to ``to``."""

    to: ObjectRef
    recipient: ObjectRef | None = None
    choose_source: bool = False
    combat: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Choose the source, if any, and set the effect up."""
        game = res.game
        tos = res.referents(self.to)
        recipients = res.referents(self.recipient) if self.recipient is not None else [None]
        if not tos or not recipients:
            return
        source = None
        if self.choose_source:
            options = [o.oid for o in game.battlefield()]
            options += [i.oid for i in game.state.stack if i.kind is StackKind.SPELL and game.exists(i.oid)]
            if not options:
                return
            source = game.ask_valid(
                ChooseCards(res.controller, "Choose a source",
                            tuple(Choice(str(o), game.name_for(o, res.controller)) for o in options), 1, 1),
                lambda ans: chosen_keys(ans, options, 1, 1), "choose a permanent or a spell (609.7a)")[0]
            game.log(f"{game.players[res.controller].name} chooses {game.name_of(source)}")
        game.add_redirection(tos[0], recipients[0], source, once=self.choose_source, combat=self.combat)


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
        # 608.2d: "the creature type of your choice" -- chosen once, as the effect is created.
        parts = tuple(SetCreatureType(choose_creature_type(res.game, res.controller)) if isinstance(p, SetCreatureType) and not p.subtype
                      else p for p in parts)
        parts = tuple(choose_pt_change(res, p) if isinstance(p, PTChoice) else p for p in parts)
        # 608.2h: "the chosen color" is fixed as the effect begins; with no color chosen, no such part.
        parts = tuple(replace(p, quality=res.chosen_color) if isinstance(p, GainKeywordWithQuality) and not p.quality
                      else p for p in parts
                      if not (isinstance(p, GainKeywordWithQuality) and not p.quality and not res.chosen_color))
        until = self.until
        if until == "source_tapped":
            # 611.2b: "for as long as this remains tapped" -- if it isn't tapped now, the effect does nothing.
            src = res.game.state.objects.get(res.source_oid)
            if src is None or src.zone is not Zone.BATTLEFIELD or not src.tapped:
                res.game.log(f"{res.game.name_of(res.source_oid)} isn't tapped: the effect does nothing (611.2b)")
                return
            until = f"tapped:{src.oid}"
        refs = res.referents(self.target) + (res.referents(self.also) if self.also is not None else [])
        for ref in dict.fromkeys(refs):  # each object once, even if named twice
            if isinstance(ref, int):
                res.game.add_continuous(ref, parts, res.controller, until)


@dataclass(frozen=True)
class AttacksPlayerIfAble:
    """508.1d: "target creature attacks target opponent this turn if able": until end of turn, a
    requirement to attack that player.  Each creature attacks the player its controller attacks (506.2:
    the next opponent in turn order), so the requirement is made only where that is the player named;
    a creature can't attack its own controller, and then there is none."""

    target: ObjectRef
    player: PlayerRef

    def resolve(self, res: "Resolution") -> None:
        """Add the requirement to each creature that could attack that player."""
        players = list(res.following(self.player))
        for ref in dict.fromkeys(res.referents(self.target)):
            if isinstance(ref, int) and res.game.exists(ref):
                o = res.game.obj(ref)
                if res.game.opponent(o.controller) in players and o.controller not in players:
                    res.game.add_continuous(ref, (AttacksEachCombat(),), res.controller, "eot")


@dataclass(frozen=True)
class DoublePowerToughness:
    """701.9b: doubling a creature's power and toughness gives it +X/+Y until end of turn, X and Y its
    power and toughness as the instruction is followed (608.2h)."""

    target: ObjectRef
    until: str = "eot"

    def resolve(self, res: "Resolution") -> None:
        """Read its power and toughness now; the change is fixed from then on."""
        for ref in dict.fromkeys(res.referents(self.target)):
            if isinstance(ref, int) and res.game.exists(ref):
                ch = res.game.characteristics(res.game.obj(ref))
                res.game.add_continuous(ref, (PTChange(ch.power or 0, ch.toughness or 0),), res.controller, self.until)


def choose_pt_change(res: "Resolution", choice: PTChoice) -> PTChange:
    """608.2d: the controller chooses one of the changes ("+2/-2 or -2/+2")."""
    game = res.game
    labels = [f"{p:+d}/{t:+d}" for p, t in choice.options]
    keys = tuple(str(i) for i in range(len(labels)))
    pick = game.ask_valid(ChooseOption(res.controller, "Choose one: " + " or ".join(labels),
                                       tuple(Choice(k, label) for k, label in zip(keys, labels))),
                          lambda ans: ans if isinstance(ans, str) and ans in keys else None,
                          "choose one of the options offered")
    game.log(f"{game.players[res.controller].name} chooses {labels[int(pick)]}")
    p, t = choice.options[int(pick)]
    return PTChange(p, t)


@dataclass(frozen=True)
class ApplyRules:
    """611.2c: a continuous effect that changes the rules of the game, not characteristics ("creatures
    can't block this turn", "damage can't be prevented this turn"): it applies to every object
    ``filter`` matches while it lasts, even one that arrives later; no ``filter``: to the game."""

    filter: ObjectFilter | None
    parts: tuple[Part, ...]
    until: str = "eot"
    # 105.1, 608.2d: "sources of the color of your choice": the controller chooses a color as it
    # resolves (or the one chosen earlier in the ability), and only objects of that color are affected.
    of_chosen_color: bool = False

    def resolve(self, res: "Resolution") -> None:
        """Record the effect in the game state."""
        selector = self.filter
        if self.of_chosen_color:
            if not res.chosen_color:
                res.chosen_color = res.game.choose_color(res.controller)
            code = next(c for c, name in COLOR_NAMES.items() if name == res.chosen_color)
            selector = replace(selector or ObjectFilter(), colors=(code,))
        res.game.state.rules += (RuleEffect(self.parts, selector, res.controller, self.until),)
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
class FlipCoin:
    """705.1-705.2: the controller flips a coin (the game's seeded random generator decides, as an
    opponent's call would: each result is equally likely); "if you win/lose the flip" reads it."""

    def resolve(self, res: "Resolution") -> None:
        """Flip, remember and log the result."""
        game = res.game
        res.coin_won = game.state.rng.random() < 0.5
        game.log(f"{game.players[res.controller].name} flips a coin and {'wins' if res.coin_won else 'loses'} "
                 "the flip (705.2)")


@dataclass(frozen=True)
class ExchangeControl:
    """701.10a-b: two permanents controlled by different players: each player gains control of the one
    the other controlled, at once; if the whole exchange can't happen (one of them is gone or an
    illegal target, or one player controls both), nothing happens."""

    first: ObjectRef
    second: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Exchange, or do nothing."""
        game = res.game
        a = [r for r in res.referents(self.first) if isinstance(r, int) and game.exists(r)]
        b = [r for r in res.referents(self.second) if isinstance(r, int) and game.exists(r)]
        if len(a) != 1 or len(b) != 1:
            game.log("the exchange of control can't be completed: nothing is exchanged (701.10a)")
            return
        first, second = game.obj(a[0]), game.obj(b[0])
        if first.zone is not Zone.BATTLEFIELD or second.zone is not Zone.BATTLEFIELD \
                or first.controller == second.controller:
            game.log("the exchange of control does nothing (701.10b)")
            return
        c1, c2 = first.controller, second.controller
        game.gain_control(first.oid, c2, "forever")
        game.gain_control(second.oid, c1, "forever")
        game.log(f"control of {game.name_of(first.oid)} and {game.name_of(second.oid)} is exchanged (701.10b)")
        res.performed = True


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
    also: ObjectRef | None = None  # "put this and each creature it's blocking on top of ...": found first
    # 614.1c: onto the battlefield "with a -1/-1 counter on it" (702.79a persist)
    counters: Amount | None = None
    counter: str = ""
    transformed: bool = False  # "return it to the battlefield transformed" (701.28)

    def resolve(self, res: "Resolution") -> None:
        """Move each referent; they become "them" for later instructions."""
        game = res.game
        moved = []
        refs = res.referents(self.target) + (res.referents(self.also) if self.also is not None else [])
        for ref in refs:
            if not isinstance(ref, int):
                continue
            down = self.face_down == "yes"
            if self.face_down == "choice":
                down = game.ask_valid(YesNo(res.controller, "Put it onto the battlefield face down?"),
                                      lambda ans: ans if isinstance(ans, bool) else None, "answer yes or no")
            counters = {self.counter: self.counters.evaluate(res)} if self.counters is not None else None
            new = game.move(ref, self.zone, controller=res.controller if self.under_your_control else None,
                            face_down=FaceDown("effect") if down else None,
                            position=0 if self.on_top else None,  # a library's top is its first card
                            counters=counters, transformed=self.transformed)
            if new is not None:
                moved.append(new)
        res.last_affected = tuple(moved)
        res.performed = bool(moved)


@dataclass(frozen=True)
class TurnFaceDown:
    """708.2a: a face-up permanent turned face down by an effect becomes a 2/2 face-down creature
    with no text, no name, no subtypes and no mana cost.  It stays the same object (counters, damage,
    Auras and tapped status stay); a way its card gives to turn it face up again still works (702.37e)."""

    target: ObjectRef

    def resolve(self, res: "Resolution") -> None:
        """Turn each referent still on the battlefield and face up face down."""
        game = res.game
        done = []
        for ref in res.referents(self.target):
            if not isinstance(ref, int) or not game.exists(ref):
                continue
            o = game.obj(ref)
            if o.zone is not Zone.BATTLEFIELD or o.face_down is not None:
                continue  # 708.7-style: only a face-up permanent can be turned face down
            name = game.name_of(o.oid)
            o.face_down = FaceDown("turned face down")
            o.turned_up_with = ""
            if o.copy_until_face_down:
                o.copy_of, o.copy_until_face_down = None, False  # "until this is turned face down" (708.2a)
            game.log(f"{name} is turned face down (708.2a)")
            done.append(ref)
        res.last_affected = tuple(done)
        res.performed = bool(done)


@dataclass(frozen=True)
class ExileTopCard:
    """406.3: exile the top card (or the top ``count`` cards, as many as there are) of a player's
    library; they become "that card" / "those cards"."""

    player: PlayerRef
    count: Amount | None = None

    def resolve(self, res: "Resolution") -> None:
        """Move them; remember them for the next instruction."""
        moved = []
        n = 1 if self.count is None else self.count.evaluate(res)
        for p in res.following(self.player):
            for oid in list(res.game.zone(Zone.LIBRARY, p))[:max(n, 0)]:
                new = res.game.move(oid, Zone.EXILE)
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
    """707.2 / 111.2: create a token that's a copy of a permanent (its copiable values); ``amount``:
    that many such tokens ("create five of those tokens", 608.2h: counted as it resolves)."""

    target: ObjectRef
    amount: Amount | None = None  # None: one

    def resolve(self, res: "Resolution") -> None:
        """Create the copies; they become "them".  608.2h: an object that has left its zone is copied
        as it last existed ("create a token that's a copy of this" after it died)."""
        made: list[int] = []
        n = 1 if self.amount is None else self.amount.evaluate(res)
        if isinstance(self.target, ThisObject) and not res.game.exists(res.source_oid):
            copied = [res.source_object()]
        else:
            copied = [res.game.obj(ref) if res.game.exists(ref) else res.game.state.last_known.get(ref)
                      for ref in res.referents(self.target) if isinstance(ref, int)]
        for obj in copied:
            if obj is not None:
                for _ in range(n):
                    made += res.game.create_token_copy(res.controller, obj.copiable)  # 707.2
        res.last_affected = tuple(made)


@dataclass(frozen=True)
class CopyEach:
    """707.2, 111.2: "for each creature token on the battlefield, its controller creates a token that's a
    copy of that creature" -- the permanents are determined first (608.2c), then each one's controller
    creates a token with its copiable values; the new tokens are "them"."""

    filter: ObjectFilter

    def resolve(self, res: "Resolution") -> None:
        """Copy each matching permanent for its controller."""
        game = res.game
        copied = [o for o in game.battlefield()
                  if self.filter.matches(game, o, viewer=res.controller, source_oid=res.source_oid)]
        made: list[int] = []
        for obj in copied:
            made += game.create_token_copy(obj.controller, obj.copiable)  # 707.2
        res.last_affected = tuple(made)
        res.performed = bool(made)


@dataclass(frozen=True)
class PlayerSacrifices:
    """701.17a: a player sacrifices permanents of their choice matching ``filter`` (not targeted);
    with no amount, all of them ("each player sacrifices all lands they control": no choice)."""

    player: PlayerRef
    filter: ObjectFilter
    amount: Amount | None = None

    def resolve(self, res: "Resolution") -> None:
        """Ask the player to choose, then sacrifice."""
        game = res.game
        done = True  # for "if you do" (608.2c): every player sacrificed as many as asked
        for p in res.following(self.player):
            mine = [o.oid for o in game.battlefield() if o.controller == p and self.filter.matches(game, o, p)]
            wanted = len(mine) if self.amount is None else self.amount.evaluate(res)
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
    "ChangeColorWord",
    "WheneverThisTurn",
    "RedirectDamage",
    "PreventDividedDamage",
    "ApplyContinuous",
    "AttacksPlayerIfAble",
    "CantCastSpellsThisTurn",
    "DoublePowerToughness",
    "ApplyRules",
    "AtBeginningOfNextStep",
    "AttachSource",
    "CantCastSameName",
    "ChangeTargetToThis",
    "LookAtHand",
    "ChangeTargetToAnother",
    "AnyPlayerMayPay",
    "CastThis",
    "ChooseAmong",
    "ChooseColor",
    "ChooseCardName",
    "DiscardNamed",
    "RevealHand",
    "ChoosePermanent",
    "CopySpell",
    "CounterSpell",
    "CounterUnlessPays",
    "CopyEach",
    "WhenThisThisTurn",
    "PutOntoBattlefield",
    "RevealTopCard",
    "RevealUntil",
    "ReturnDestroyed",
    "CreateTokenCopy",
    "CreateTokens",
    "Transform",
    "ReturnDiscarded",
    "RevealTop",
    "ShuffleIntoLibrary",
    "ShuffleObjectIntoLibrary",
    "ExileFromGraveyard",
    "SetBaseValue",
    "DealDamage",
    "DealDamageDividedEvenly",
    "DealDividedDamage",
    "Destroy",
    "Discard",
    "Draw",
    "Effect",
    "ExileObject",
    "ExileTopCard",
    "ExchangeControl",
    "ExchangeLifeWithToughness",
    "Fight",
    "FlipCoin",
    "LookThenAct",
    "PileThenAct",
    "SkipNextTurn",
    "TurnFaceDown",
    "LookAtTop",
    "MoveCounters",
    "ObjectDealsDamage",
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
    "PutSticker",
    "PlayerGetsCounters",
    "PlayerSacrifices",
    "PlayerTaps",
    "PreventNextDamage",
    "PutCounters",
    "PutFromHand",
    "PutIntoZone",
    "Regenerate",
    "RemoveCounters",
    "ReturnAllFromGraveyards",
    "ReturnExiledWith",
    "ReturnFromGraveyard",
    "ReturnToHand",
    "Sacrifice",
    "TakeExtraTurn",
    "ShuffleCardsIntoLibrary",
    "Tap",
    "TapOrUntap",
    "TargetsChosen",
    "Untap",
]
