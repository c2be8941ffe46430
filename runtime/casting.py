"""Casting spells (601.2), activating abilities (602.2) and playing lands (305.1).

Each function is called inside :meth:`Game.transaction`, so raising :class:`IllegalAction` at
any point rewinds the game to exactly where it was (726.1).
"""
from __future__ import annotations

import dataclasses

from typing import TYPE_CHECKING, Callable

from . import layers
from .abilities import (
    ActivatedAbility, AdditionalCost, AlternativeCost, AsCastIfPaid, CostsLessIf, CostsMorePerExtraTarget, SpendingRestrictionOnX,
    PlayerGetsCountersIfPaid, SpellAbility, SpliceOnto, StaticAbility, StickerOnSpellIfPaid,
    CostsLessPerPermanent,
)
from .actions import ActivateAbility, CastSpell, PlayLand
from .conditions import Condition, RevealedAsCast
from .continuous import AbilitiesCantBeActivated, AdditionalLandPlays, CostReduction, MayPlay
from .costoptions import cost_options, granted_keyword
from .costs import mana_payable, nonmana_payable, pay_cost
from .decisions import Choice, ChooseCards, ChooseNumber, ChooseOption, chosen_keys
from .errors import IllegalAction
from .library_top import may_play_top
from .mana import ManaRequirement
from .objects import CastInfo
from .resolution import Resolution
from .stickering import choose_sticker
from .stack import (
    StackItem, StackKind, announce_division, aura_target_specs, choose_targets, describe, run_sentences, spell_parts,
    targets_exist, with_targets,
)
from .timing import cast_banned, instant_timing, stack_restriction
from .values import Cost
from .zones import Zone

if TYPE_CHECKING:
    from .costoptions import CostOption
    from .game import Game
    from .objects import GameObject

MAIN_STEPS = ("main1", "main2")


def _sorcery_timing(game: "Game", player: int) -> str | None:
    """307.1: main phase of your own turn with an empty stack; returns the reason it isn't, or None."""
    s = game.state
    if s.active != player:
        return "it's not your turn"
    if s.step not in MAIN_STEPS:
        return "it's not a main phase"
    if s.stack:
        return "the stack isn't empty"
    return None


def cost_reduction(game: "Game", player: int, spell: "GameObject") -> int:
    """601.2f: how much generic mana static abilities of ``player``'s permanents take off the total
    cost of ``spell`` ("Green spells and blue spells you cast cost {1} less to cast")."""
    n = 0
    # 702.41a (affinity) and the like: the spell's own "costs {1} less to cast for each ..." abilities
    for a in game.characteristics(spell).abilities:
        if isinstance(a, CostsLessPerPermanent):
            each = sum(int(s.strip("{}")) for s in a.mana if s.strip("{}").isdigit())
            count = sum(1 for o in game.battlefield() if (not a.yours or o.controller == player)
                        and a.filter.matches(game, o, viewer=player, source_oid=spell.oid))
            n += each * count
    for o, part, _ in game.battlefield_parts(CostReduction, player):
        assert isinstance(part, CostReduction)
        if any(f.matches(game, spell, viewer=player, source_oid=o.oid) for f in part.filters):
            n += part.amount
    for oid in game.zone(Zone.COMMAND):
        # 113.6b, 408: a static ability that says it functions in the command zone ("as long as
        # this is in the command zone or on the battlefield", eminence) applies from there.
        o = game.obj(oid)
        if o.controller != player:
            continue
        for a in game.characteristics(o).abilities:
            if isinstance(a, StaticAbility) and "command" in a.zones:
                for part in a.parts:
                    if isinstance(part, CostReduction) and \
                            any(f.matches(game, spell, viewer=player, source_oid=o.oid) for f in part.filters):
                        n += part.amount
    # 601.2f: the spell's own reductions ("If ..., this spell costs {6} less to cast"), while their
    # condition holds as the total cost is determined.
    for a in spell.definition.expanded:
        if isinstance(a, CostsLessIf) and a.condition.holds(game, Resolution(game, player, spell.oid, ())):
            n += ManaRequirement.build(a.cost.mana).generic
    return n


def cast_spell(game: "Game", player: int, req: CastSpell, during_resolution: bool = False,
               named: AlternativeCost | None = None, free: bool = False) -> None:
    """601.2a-i: announce, choose costs and targets, determine and pay the total cost, become cast.

    ``during_resolution``: an effect instructs the player to cast it now (608.2g): timing
    permissions are ignored and "only as instructed" alternative costs (702.35a) may be used.
    ``named``: an alternative cost the instructing ability names itself, an option after the
    object's own (113.7a: the card need not still have the keyword that made the ability).
    ``free``: the effect casts it "without paying its mana cost" from the zone it is in (118.9,
    702.62a), an alternative cost of nothing; it can't be combined with another one (118.9a).
    """
    if not game.exists(req.oid):
        raise IllegalAction("that card is no longer there (400.7)")
    o = game.obj(req.oid)
    d = o.definition
    name = d.name
    ch = game.characteristics(o)
    options = cost_options(game, o)  # printed and granted (613.1f)
    if named is not None and during_resolution:
        options += (named,)
    chosen = options[req.alternative] if req.alternative is not None and 0 <= req.alternative < len(options) else None
    if isinstance(chosen, AlternativeCost) and chosen.face_down is not None:
        # 702.37c: casting it face down, the face-down characteristics are what casting rules see
        # (a land card with morph is cast as a 2/2 creature spell).
        ch = layers.characteristics_of_definition(chosen.face_down.definition)
    if "land" in ch.types:
        raise IllegalAction(f"{name} is a land: lands are played, not cast (305.9)")
    if cast_banned(game, player, ch.name):
        raise IllegalAction(f"{game.players[player].name} can't cast spells{f' named {ch.name}' if ch.name else ''} "
                            f"now: an effect says so (101.2)")
    locked = stack_restriction(game)
    if locked:
        raise IllegalAction(f"no spell can be cast while {locked} is on the stack (702.61a)")
    if o.owner != player:
        raise IllegalAction(f"{name} isn't yours to cast")
    # 601.2b: at most one alternative cost (118.9a); it names the zone it works from.
    if req.also:
        names = [options[i].label if 0 <= i < len(options) else "?" for i in (req.alternative, *req.also)
                 if i is not None]
        raise IllegalAction(f"{name}: a spell can't be cast with two alternative costs ({' and '.join(names)}) "
                            f"(118.9a, 601.2b)")
    alt: AlternativeCost | None = None
    if req.alternative is not None:
        if not 0 <= req.alternative < len(options) or not isinstance(options[req.alternative], AlternativeCost):
            raise IllegalAction(f"{name} has no such alternative cost (601.2b)")
        a = options[req.alternative]
        assert isinstance(a, AlternativeCost)
        alt = a
        if o.zone is not alt.zone:
            raise IllegalAction(
                f"{name} is in the {o.zone.value}: its {alt.label} cost can be used only from the "
                f"{alt.zone.value} (601.2b)")
        if alt.instructed and not during_resolution:
            raise IllegalAction(f"{name} can be cast for its {alt.label} cost only as its triggered ability "
                                f"instructs (702.35a, 608.2g)")
    elif free and not during_resolution:
        raise IllegalAction(f"{name} can be cast without paying its mana cost only as an effect instructs (118.9)")
    elif o.zone is not Zone.HAND and not free and not may_play(game, o, player):
        raise IllegalAction(f"{name} can't be cast from the {o.zone.value} (601.2a)")
    if alt is not None and free:
        raise IllegalAction(f"{name}: a spell can't be cast with two alternative costs (118.9a)")
    if alt is None and not free and not d.mana_cost:
        # 202.1b, 118.6: no mana cost is an unpayable cost; it can be cast only by an alternative cost.
        raise IllegalAction(f"{name} has no mana cost: it can't be cast by paying it (202.1b, 118.6)")
    if "instant" not in ch.types and not instant_timing(ch.abilities) and not during_resolution:
        why = _sorcery_timing(game, player)
        if why:
            raise IllegalAction(f"{name} can be cast only at sorcery speed: {why} (307.1, 301.1)")
    paid: dict[int, int] = {}
    for index, times in req.additional:
        if not 0 <= index < len(options) or not isinstance(options[index], AdditionalCost):
            raise IllegalAction(f"{name} has no such additional cost (601.2b)")
        add = options[index]
        assert isinstance(add, AdditionalCost)
        if times:
            paid[index] = paid.get(index, 0) + times
        # 702.33a vs 702.33c: a kicker cost is paid at most once, a multikicker cost any number of
        # times (counted over every announcement of the same cost).
        if times < 0 or (paid.get(index, 0) > 1 and not add.repeatable):
            raise IllegalAction(f"{add.label} cost can be paid only once (702.33a, 601.2b)")
    for index, opt in enumerate(options):
        # 601.2b: a mandatory additional cost ("As an additional cost to cast this spell, ...") is paid.
        if isinstance(opt, AdditionalCost) and opt.mandatory and index not in paid:
            paid[index] = 1
    # 702.81a: an alternative method may add its cost to the mana cost instead of replacing it.
    alt_cost = alt.total_for(d.mana_cost) if alt is not None else None
    base_symbols = alt_cost.mana if alt_cost is not None else () if free else d.mana_cost
    # 107.3a: X is announced if a cost that will be paid has an X in it: the mana cost or the
    # alternative cost used (an X may be in its non-mana part: "sacrifice X Mountains"), or an
    # additional cost being paid.  107.3b: otherwise the only legal X is 0.
    paying = [alt_cost if alt_cost is not None else Cost(mana=base_symbols)]
    # 601.2b: a cost printed as a choice ("reveal a Goblin card from your hand or pay {3}") is
    # announced now: the player chooses one of those they could pay.
    cost_of = {i: _announce_either(game, player, options[i], o, name, base_symbols) for i in paid}
    paying += [cost_of[i] for i in paid]
    has_x = any(c.mentions_x for c in paying)
    if req.x and not has_x:
        raise IllegalAction(f"{name} has no X to announce (107.3)")
    if req.x < 0:
        raise IllegalAction("X can't be negative (107.3)")
    from_zone = o.zone
    labels = tuple(opt.label for opt in options)
    # 400.7f: a keyword granted to the card that let it be cast keeps applying to the spell.
    kept = granted_keyword(game, o, req.alternative) if req.alternative is not None else None
    # 601.2a: the card moves to the stack and becomes a new object there; 708.4: one cast face
    # down is turned face down first, so the spell has only its face-down characteristics.
    face_down = alt.face_down if alt is not None else None
    new_oid = game.move(req.oid, Zone.STACK, controller=player, face_down=face_down)
    if new_oid is None:
        raise IllegalAction(f"{name} couldn't be put on the stack")
    spell_obj = game.obj(new_oid)
    # 601.2a: it becomes the topmost object on the stack then, before its modes and splices are
    # announced (a question asked then sees it there).
    item = StackItem(kind=StackKind.SPELL, oid=new_oid, source_oid=new_oid, source_card=spell_obj.card.card_id,
                     controller=player)
    game.state.stack += (item,)
    d = spell_obj.definition
    spell = next((a for a in d.expanded if isinstance(a, SpellAbility)), None)
    modes = announce_modes(game, player, spell, req.modes, name)
    splices = announce_splices(game, player, new_oid, name)
    spell_obj.cast = CastInfo(alternative=req.alternative, paid=paid, x=req.x, from_zone=from_zone, modes=modes,
                              options=labels, granted=(kept,) if kept is not None else (),
                              main_phase=game.state.active == player and game.state.step in MAIN_STEPS,
                              spliced=tuple(game.obj(oid).definition for oid, _ in splices))
    res = Resolution(game, player, new_oid, (), x=req.x)
    # 601.2c: targets; a slot gated by a kicker condition exists only if it holds (702.33g), and
    # a modal spell's slot only if its mode was chosen (700.2).
    aura = aura_target_specs(d)
    # 702.47d: the targets of spliced text are chosen normally, after the spell's own.
    specs = tuple(s for part in spell_parts(spell_obj) for s in part.targets)
    if spell is not None and specs:
        active = [_slot_active(game, res, s.condition) and (s.mode < 0 or s.mode in modes) for s in specs]
        # 601.2d (X is announced, 601.2b); 0: nothing is divided as this spell is cast (608.2c: the
        # sentence that divides replaces another only if a cost was paid)
        limit = (spell.divide.evaluate(res) or None) if spell.divide is not None else None
        item = with_targets(game, item, choose_targets(game, player, specs, new_oid, req.targets, active, limit))
    elif aura:
        # 303.4a: an Aura spell targets the object its enchant ability allows.
        item = with_targets(game, item, choose_targets(game, player, aura, new_oid, req.targets, [True]))
    elif req.targets:
        raise IllegalAction(f"{name} has no targets (601.2c)")
    divided = spell.divide.evaluate(res) if spell is not None and spell.divide is not None else 0
    if divided > 0:
        assert spell_obj.cast is not None
        spell_obj.cast = dataclasses.replace(
            spell_obj.cast, division=announce_division(game, player, divided, item.targets, req.division, name))
    elif req.division:
        raise IllegalAction(f"{name} divides nothing (601.2d)")
    spell_obj.targets = item.targets
    # 601.2f: total cost = mana cost or alternative cost, plus additional costs and increases;
    # 106.6, 601.2h: the mana spent on X obeys the spell's restrictions on it, in whichever cost X is.
    on_x = tuple(r for a in d.expanded if isinstance(a, SpendingRestrictionOnX) for r in a.restrictions)
    total = ManaRequirement.build(base_symbols, x=req.x, phyrexian_life=req.phyrexian_life, x_restrictions=on_x)
    for index, times in sorted(paid.items()):
        for _ in range(times):
            total = total.plus(ManaRequirement.build(cost_of[index].mana, x=req.x, x_restrictions=on_x))
    # 601.2f: cost increases, e.g. "costs {1} more to cast for each target beyond the first".
    chosen_targets = sum(1 for t in item.targets if t is not None)
    for inc in (a for a in d.expanded if isinstance(a, CostsMorePerExtraTarget)):
        for _ in range(chosen_targets - 1):
            total = total.plus(ManaRequirement.build(inc.cost.mana, x=req.x, x_restrictions=on_x))
    for _, splice in splices:  # 702.47a: each splice cost is an additional cost (601.2f)
        total = total.plus(ManaRequirement.build(splice.cost.mana, x=req.x))
    total = total.reduced(cost_reduction(game, player, spell_obj))
    nonmana = alt_cost.without_mana() if alt_cost is not None else Cost()
    pay_cost(game, player, nonmana, spell_obj, res, extra_mana=total)
    for index, times in sorted(paid.items()):
        c = cost_of[index]
        if not c.mana_only:
            for _ in range(times):
                pay_cost(game, player, c.without_mana(), spell_obj, res)
    for _, splice in splices:
        if not splice.cost.mana_only:
            pay_cost(game, player, splice.cost.without_mana(), spell_obj, res)
    assert spell_obj.cast is not None
    # 601.2h: kept on the spell: the cards the costs moved ("the discarded card's ...") and the mana
    # spent ("unless {B} was spent to cast it").
    spell_obj.cast = dataclasses.replace(spell_obj.cast, cost_cards=res.cost_cards or spell_obj.cast.cost_cards,
                                         mana_spent=res.mana_spent)
    # 601.2h, 702.33h: instructions carried out as the costs are paid, if their cost was paid.
    for part in spell_obj.definition.expanded:
        if isinstance(part, AsCastIfPaid) and game.times_paid(spell_obj, part.label, None) > 0:
            _AS_CAST[type(part)](game, player, spell_obj, part)
    # 601.2i: the spell becomes cast.
    extras = []
    if alt is not None:
        extras.append(f"for its {alt.label} cost")
    if free:
        extras.append("without paying its mana cost")
    for index, times in sorted(paid.items()):
        extras.append(f"{options[index].label} x{times}" if times > 1 else options[index].label)
    if req.x:
        extras.append(f"X={req.x}")
    for oid, splice in splices:
        extras.append(f"{game.name_of(oid)} spliced onto it")
    suffix = f" ({', '.join(extras)})" if extras else ""
    shown = "a face-down spell" if face_down is not None else name  # 708.5: hidden from the others
    game.log(f"{game.players[player].name} casts {shown}{suffix}")
    if spell_obj.cast is not None and any(isinstance(getattr(a, "condition", None), RevealedAsCast) for a in d.expanded):
        # 601.2i: "... or controlled a Dragon as you cast this spell" asks about this moment.
        spell_obj.cast = dataclasses.replace(spell_obj.cast, controlled=tuple(
            dataclasses.replace(p, clock=None) for p in game.battlefield() if p.controller == player))
    game.became_targets(item)
    game.spell_cast(spell_obj, player)  # 603.2: "whenever a player casts a spell" abilities trigger


def _player_gets_counters(game: "Game", player: int, spell: "GameObject", a: AsCastIfPaid) -> None:
    """122.1, 702.33h: "you get a ticket counter"."""
    assert isinstance(a, PlayerGetsCountersIfPaid)
    game.add_player_counters(player, a.counter, a.amount)


def _sticker_on_spell(game: "Game", player: int, spell: "GameObject", a: AsCastIfPaid) -> None:
    """123.4, 702.33h: "you may put a sticker on this spell"."""
    choose_sticker(game, player, spell.oid, spell=True)


# Each instruction carried out as the costs are paid, by its class (one mechanism each).
_AS_CAST: dict[type, Callable[["Game", int, "GameObject", AsCastIfPaid], None]] = {
    PlayerGetsCountersIfPaid: _player_gets_counters,
    StickerOnSpellIfPaid: _sticker_on_spell,
}


def announce_splices(game: "Game", player: int, spell_oid: int, name: str) -> list[tuple[int, SpliceOnto]]:
    """702.47a-b, 601.2b: as a spell is cast, its controller may reveal cards with "splice onto
    [subtype]" from their hand (each at most once), if the spell has that subtype and the card's own
    targets could be chosen (702.47b); returns the chosen cards (in the order chosen, the order their
    instructions follow the spell's, 702.47b) with their splice abilities."""
    subtypes = game.characteristics(game.obj(spell_oid)).subtypes
    offers: list[tuple[int, SpliceOnto]] = []
    for oid in game.zone(Zone.HAND, player):
        h = game.obj(oid)
        if not any(isinstance(a, SpliceOnto) for a in h.definition.expanded):
            continue  # cheap check on the printed abilities first
        splice = next((a for a in game.characteristics(h).abilities
                       if isinstance(a, SpliceOnto) and a.subtype in subtypes), None)
        own = next((a for a in h.definition.expanded if isinstance(a, SpellAbility)), None)
        if splice is not None and own is not None and targets_exist(game, player, own.targets, spell_oid):
            offers.append((oid, splice))
    if not offers:
        return []
    keys = [oid for oid, _ in offers]
    opts = tuple(Choice(str(oid), f"{game.name_of(oid)} (splice onto {s.subtype} {''.join(s.cost.mana)})")
                 for oid, s in offers)
    picked = game.ask_valid(ChooseCards(player, f"Reveal cards to splice onto {name} (702.47a)", opts, 0, len(offers)),
                            lambda ans: chosen_keys(ans, keys, 0, len(offers)),
                            "choose cards with splice from your hand, each once (702.47b)")
    chosen = [(oid, s) for oid in picked for o2, s in offers if o2 == oid]
    for oid, s in chosen:
        game.log(f"{game.players[player].name} reveals {game.name_of(oid)} to splice it onto {name} (702.47a)")
    return chosen


def may_play(game: "Game", obj: "GameObject", player: int) -> bool:
    """Whether an effect lets ``player`` play ``obj`` from the zone it is in ("you may play that
    card", e.g. from exile until end of turn, or the top card of their library, 305.1, 601.2a)."""
    if obj.zone is Zone.LIBRARY:
        return may_play_top(game, obj, player)
    return any(isinstance(p, MayPlay) and p.player == player for e in game.effects_on(obj.oid) for p in e.parts)


def announce_modes(game: "Game", player: int, spell: SpellAbility | None, given: tuple[int, ...] | None,
                   name: str) -> tuple[int, ...]:
    """700.2, 601.2b: a modal spell's controller announces ``spell.choose`` different modes (asked
    for if not given); returns them in printed order.  A spell without modes has none."""
    if spell is None or not spell.modes:
        if given:
            raise IllegalAction(f"{name} has no modes to choose (700.2)")
        return ()
    n, count = spell.choose, len(spell.modes)
    if given is None:
        opts = tuple(Choice(str(i), f"mode {i + 1}") for i in range(count))
        picked = game.ask_valid(ChooseCards(player, f"Choose {n} mode(s) of {name} (700.2)", opts, n, n),
                                lambda ans: chosen_keys(ans, range(count), n, n), f"choose {n} different modes (700.2)")
        given = tuple(picked)
    if len(given) != n or len(set(given)) != n or not all(0 <= m < count for m in given):
        raise IllegalAction(f"{name}: choose {n} different mode(s) of {count} (700.2a, 601.2b)")
    return tuple(sorted(given))


def _announce_either(game: "Game", player: int, opt: "CostOption", obj: "GameObject", name: str,
                     base: tuple[str, ...]) -> Cost:
    """601.2b: the cost of additional cost ``opt`` being paid; for one printed as a choice ("reveal a
    Goblin card from your hand or pay {3}"), the one ``player`` announces among those they could
    pay, its mana beside the mana cost ``base`` (118.3; asked only if more than one could be)."""
    assert isinstance(opt, AdditionalCost)
    if not opt.either:
        return opt.cost
    reduction = cost_reduction(game, player, obj)

    def payable_with(c: Cost) -> bool:
        need = ManaRequirement.build(base).plus(ManaRequirement.build(c.mana)).reduced(reduction)
        return nonmana_payable(game, player, c, obj) and mana_payable(game, player, need)

    # (none payable whole: those whose non-mana part is, so that the cast is refused for its mana)
    payable = ([(words, c) for words, c in opt.either if payable_with(c)]
               or [(words, c) for words, c in opt.either if nonmana_payable(game, player, c, obj)]
               or list(opt.either))
    if len(payable) == 1:
        return payable[0][1]
    key = game.ask_valid(
        ChooseOption(player, f"{name}: which additional cost? (601.2b)",
                     tuple(Choice(str(i), words) for i, (words, _) in enumerate(payable))),
        lambda ans: ans if isinstance(ans, str) and ans.isdigit() and int(ans) < len(payable) else None,
        "one of the costs offered (601.2b)")
    return payable[int(key)][1]


def _slot_active(game: "Game", res: Resolution, cond: Condition | None) -> bool:
    return cond is None or cond.holds(game, res)


def activated_abilities(game: "Game", obj: "GameObject") -> list[ActivatedAbility]:
    """The activated abilities ``obj`` has now, in printed order."""
    return list(game.characteristics(obj).activated)


def activate(game: "Game", player: int, req: ActivateAbility) -> None:
    """602.2: activate an ability; a mana ability resolves at once without the stack (605.3)."""
    if not game.exists(req.oid):
        raise IllegalAction("that permanent is no longer there (400.7)")
    o = game.obj(req.oid)
    acts = activated_abilities(game, o)
    if not 0 <= req.index < len(acts):
        raise IllegalAction(f"{game.name_of(o.oid)} has no activated ability #{req.index + 1}")
    a = acts[req.index]
    if a.from_hand:
        # 113.6a / 702.29a: it functions only while the card is in its owner's hand.
        if o.zone is not Zone.HAND or o.owner != player:
            raise IllegalAction(f"{game.name_of(o.oid)} isn't in your hand: this ability works only there (113.6a)")
    elif o.zone is not Zone.BATTLEFIELD or o.phased_out:
        raise IllegalAction(f"{game.name_of(o.oid)} isn't on the battlefield")
    if o.controller != player:
        raise IllegalAction(f"{game.name_of(o.oid)} isn't yours: only its controller can activate it (602.2)")
    for part, origin in game.characteristics(o).has(AbilitiesCantBeActivated):
        if a.special:
            break  # 116.2f: a special action isn't an activated ability
        if isinstance(part, AbilitiesCantBeActivated) and not part.forbids(a.cost.tap):
            continue
        why = f": {origin}" if origin else ""
        raise IllegalAction(f"activated abilities of {game.name_of(o.oid)} can't be activated{why} (602.5a)")
    if not a.special and not a.is_mana:
        locked = stack_restriction(game)  # 702.61b: mana abilities and special actions are still allowed
        if locked:
            raise IllegalAction(f"no ability that isn't a mana ability can be activated while {locked} is on the "
                                f"stack (702.61a)")
    res = Resolution(game, player, o.oid, (), x=req.x)
    if a.restriction is not None and not a.restriction.holds(game, res):
        if a.special:
            raise IllegalAction(f"{game.name_of(o.oid)}: this special action can be taken only when its condition "
                                f"holds, e.g. any time you could cast it (116.2f)")
        why = getattr(a.restriction, "refusal", "this ability can be activated only if its condition holds (602.5b)")
        raise IllegalAction(f"{game.name_of(o.oid)}: {why}")
    if a.once_per_turn and (req.index, game.state.turn) in o.activations:
        raise IllegalAction(f"{game.name_of(o.oid)}: this ability can be activated only once each turn (602.5b)")
    targets: tuple[object, ...] = ()
    if a.targets:
        targets = choose_targets(game, player, a.targets, o.oid, req.targets, [True] * len(a.targets))
    pay_cost(game, player, a.cost, o, res)
    if a.once_per_turn:
        o.activations = o.activations + ((req.index, game.state.turn),)
    if a.special:
        # 116.2f: a special action doesn't use the stack; what it does happens at once.
        game.log(f"{game.players[player].name} takes a special action with {game.name_of(o.oid)}: {a.text}")
        run_sentences(Resolution(game, player, o.oid, targets, x=req.x), a.sentences)
        return
    game.log(f"{game.players[player].name} activates {game.name_of(o.oid)}: {a.text}")
    if a.is_mana:
        run_sentences(Resolution(game, player, o.oid, targets, x=req.x), a.sentences)
        return
    # "that card": what the cost exiled (e.g. "exile a face-down permanent you control face up").
    paid = tuple(r for r in res.last_affected if isinstance(r, int)) if a.cost.exile_face_up is not None else ()
    item = StackItem(kind=StackKind.ABILITY, oid=game.new_id(), source_oid=o.oid, source_card=o.card.card_id,
                     controller=player, targets=targets, ability=a, text=a.text, remembered=paid,
                     cost_cards=res.cost_cards,
                     x=req.x if "{X}" in a.cost.mana else None)
    game.state.stack += (item,)
    game.became_targets(item)
    # An ability whose cost sacrificed its source still resolves; it uses last known information (608.2h).


def land_plays_allowed(game: "Game", player: int) -> int:
    """305.2: one land a turn, increased by static abilities of permanents the player controls."""
    return 1 + sum(part.count for _, part, _ in game.battlefield_parts(AdditionalLandPlays, player)
                   if isinstance(part, AdditionalLandPlays))


def play_land(game: "Game", player: int, req: PlayLand) -> None:
    """305.1-305.3: play a land from hand, once per turn, at sorcery timing."""
    if not game.exists(req.oid):
        raise IllegalAction("that card is no longer there (400.7)")
    o = game.obj(req.oid)
    name = o.definition.name
    if "land" not in game.characteristics(o).types:
        raise IllegalAction(f"{name} isn't a land (305.1)")
    if (o.zone is not Zone.HAND or o.owner != player) and not may_play(game, o, player):
        raise IllegalAction(f"{name} isn't in your hand (305.1)")
    why = _sorcery_timing(game, player)
    if why:
        raise IllegalAction(f"can't play {name}: {why} (305.1)")
    if game.players[player].lands_played >= land_plays_allowed(game, player):
        raise IllegalAction("you've already played a land this turn (305.2)")
    game.players[player].lands_played += 1
    game.log(f"{game.players[player].name} plays {name}")
    game.move(req.oid, Zone.BATTLEFIELD, controller=player)
