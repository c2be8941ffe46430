"""The stack (405), targets (115, 601.2c), resolution (608) and copies of spells (707.10).

A spell on the stack is a :class:`GameObject` in the stack zone plus a :class:`StackItem` that
orders it; an ability on the stack is a :class:`StackItem` alone (113.7).  Targets are stored as
references: an object id, or ``"player:N"``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Sequence

from .abilities import (
    ActivatedAbility, AuraTarget, Sentence, SpellAbility, TargetKind, TargetSpec, TriggeredAbility,
)
from .continuous import CantBeTargetedBy, CantBeTargetedByOnly, Untargetable
from .decisions import Choice, ChooseCards, ChooseNumber, ChooseTarget, YesNo, chosen_keys
from .errors import IllegalAction
from .objects import Card, GameObject
from .resolution import Resolution
from .selectors import ObjectFilter, has_quality
from .zones import Zone

if TYPE_CHECKING:
    from .layers import Characteristics
    from .abilities import CardDefinition
    from .effects import Effect
    from .game import Game
    from .state import PendingTrigger


class StackKind(Enum):
    """What an item on the stack is (405.1): a spell, or an activated or triggered ability (113.7)."""

    SPELL = "spell"
    ABILITY = "ability"


@dataclass(frozen=True)
class StackItem:
    """One item on the stack.  Frozen, so a snapshot of the state shares the items (726.1 rewinds
    the list, never an item); choosing targets replaces the item (``with_targets``)."""

    kind: StackKind
    oid: int  # the spell's object id, or a fresh id for an ability
    source_oid: int
    source_card: int
    controller: int
    targets: tuple[object, ...] = ()
    ability: TriggeredAbility | ActivatedAbility | None = None
    effect: "Effect | None" = None
    remembered: tuple[int, ...] = ()
    text: str = ""
    event_player: int = -1  # a triggered ability's event: the player it names ("that player", 603.2)
    event_amount: int = 0  # ... and its amount ("that much")
    x: int | None = None  # 107.3a: X chosen as an activated ability's cost was paid ("{X}{X}, {T}: ...")
    division: tuple[int, ...] = ()  # 603.3d, 601.2d: how a triggered ability's divided amount was split
    cost_cards: tuple[tuple[str, int], ...] = ()  # 118.3, 602.2b: (how, mana value) of cards its costs moved
    modes: tuple[int, ...] = ()  # 700.2, 603.3c: the modes of a modal triggered ability, announced as it was put here


def with_targets(game: "Game", item: StackItem, targets: tuple[object, ...]) -> StackItem:
    """``item`` with its targets chosen (601.2c), put on the stack in its place; returns it."""
    new = replace(item, targets=targets)
    stack = game.state.stack
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is item:
            game.state.stack = stack[:i] + (new,) + stack[i + 1:]
            break
    return new


def target_candidates(game: "Game", controller: int, spec: TargetSpec, source_oid: int,
                      enough: int | None = None, chosen: Sequence[object] | None = None,
                      event_player: int = -1) -> list[object]:
    """Every legal choice for a target slot (115, 702.26d: phased-out permanents can't be targeted);
    with ``enough``, stop once that many are found (whether a target exists at all, 601.2c).
    ``event_player``: the player a triggered ability's event named, for "target creature that player
    controls" (603.2, 603.3d)."""
    if game.characteristics_cache is None and not game.partial:
        # Outside a read-only stretch (choosing targets while casting, checking them on resolution,
        # 608.2b): a stretch of its own, as this only reads, so each permanent's layers don't look
        # through the battlefield again for every candidate.
        with game.unchanging():
            return target_candidates(game, controller, spec, source_oid, enough, chosen, event_player)
    out: list[object] = []
    if spec.either:
        # 115.1: a slot spanning zones ("target permanent or suspended card"): any object one of its
        # selectors allows, each in its own zone.
        for part in (replace(spec, either=()), *spec.either):
            out += [c for c in target_candidates(game, controller, part, source_oid, None, chosen, event_player)
                    if c not in out]
        return out if enough is None else out[:enough]
    # "that player controls": the objects are matched against the event's player, not the controller.
    viewer = event_player if spec.filter.controller == "event" else controller
    if spec.filter.controller == "event" and event_player < 0:
        return out
    if spec.kind in (TargetKind.ANY, TargetKind.PLAYER):
        # "target opponent" (115.1): a player target restricted to the controller's opponents.
        opponents_only = (spec.kind is TargetKind.PLAYER and spec.filter.controller == "opponent") or spec.opponents_only
        out += [f"player:{p.index}" for p in game.players if not p.lost
                and not (opponents_only and p.index == controller)]
        if enough is not None and len(out) >= enough:
            return out  # enough found: whether any object could be a target too needn't be known
    if spec.kind in (TargetKind.ANY, TargetKind.OBJECT):
        if spec.zone in (Zone.GRAVEYARD, Zone.EXILE):
            # A card in a graveyard or in exile (115.1): "from your graveyard" / "you own" is the
            # controller's own.
            owners = [controller] if spec.filter.controller in ("you", "own") else [p.index for p in game.players]
            if spec.owner_slot >= 0 and chosen is not None:
                # 115.1: the graveyard of the player chosen for another slot of the same spell or ability.
                who = chosen[spec.owner_slot] if spec.owner_slot < len(chosen) else None
                owners = [int(who.split(":")[1])] if isinstance(who, str) and who.startswith("player:") else []
            for p in owners:
                out += [c for c in game.zone(spec.zone, p) if game.obj(c).owner == p
                        and spec.filter.matches(game, game.obj(c))]
        elif spec.zone is Zone.STACK:
            out += [i.oid for i in game.state.stack if i.kind is StackKind.SPELL and i.oid != source_oid
                    and spec.filter.matches(game, game.obj(i.oid))]
            if spec.abilities:
                # 113.7, 115.1: "target spell or ability": an activated or triggered ability on the stack
                # (not the ability choosing); "with a single target": exactly one target chosen (115.7).
                out += [i.oid for i in game.state.stack if i.kind is StackKind.ABILITY and i.oid != source_oid
                        and (spec.filter.single_target != "target" or sum(t is not None for t in i.targets) == 1)]
        else:
            for o in game.battlefield():
                ch = game.characteristics(o)
                if spec.kind is TargetKind.ANY and not ({"creature", "planeswalker"} & ch.types):
                    continue
                if untargetable_by(game, o, controller, source_oid) or _only_of_subtype(ch, spec):
                    continue
                if spec.filter.matches(game, o, viewer=viewer, source_oid=source_oid):
                    out.append(o.oid)
                    if enough is not None and len(out) >= enough:
                        break
    return out


def _only_of_subtype(ch: "Characteristics", spec: TargetSpec) -> bool:
    """Whether the object can't be chosen because the requirement allows only one subtype it refuses
    ("can't be the target of spells that can target only Walls")."""
    if not ch.parts or spec.filter.alternatives or len(spec.filter.subtypes) != 1:
        return False
    return any(isinstance(p, CantBeTargetedByOnly) and spec.filter.subtypes == (p.subtype,)
               for p, _ in ch.has(CantBeTargetedByOnly))


def untargetable_by(game: "Game", obj: "GameObject", player: int, source_oid: int | None = None) -> str | None:
    """Why ``player``'s spells and abilities (from ``source_oid``) can't target ``obj`` (702.18a shroud,
    702.11b hexproof, 702.16b: not by spells or abilities from sources of a quality)."""
    ch = game.characteristics(obj)
    for part, origin in ch.has(Untargetable):
        assert isinstance(part, Untargetable)
        if not part.opponents_only or obj.controller != player:
            return origin or "it can't be the target of spells or abilities"
    quality = ch.has(CantBeTargetedBy)
    if quality and source_oid is not None:
        src = game.state.objects.get(source_oid) or game.state.last_known.get(source_oid)
        src_ch = game.characteristics(src) if src is not None else None
        colors = src_ch.colors if src_ch is not None else frozenset()
        subtypes = src_ch.subtypes if src_ch is not None else ()
        types = src_ch.types if src_ch is not None else frozenset()
        for part, origin in quality:
            assert isinstance(part, CantBeTargetedBy)
            if has_quality(colors, part.quality, subtypes, types):
                return f"{origin} from {part.quality}" if origin else f"it can't be the target of {part.quality} sources"
    return None


def _why_not_targetable(game: "Game", ref: object, controller: int, source_oid: int | None = None) -> str:
    """For a refusal: why an object can't be targeted at all, if it is one of those reasons."""
    if not isinstance(ref, int) or not game.exists(ref):
        return ""
    o = game.obj(ref)
    if o.zone is Zone.BATTLEFIELD and o.phased_out:
        return ": it is phased out and treated as though it doesn't exist (702.26b)"
    why = untargetable_by(game, o, controller, source_oid) if o.zone is Zone.BATTLEFIELD else None
    return f": it can't be the target of spells or abilities ({why})" if why else ""


def describe(game: "Game", ref: object) -> str:
    """A readable label for a target reference."""
    if isinstance(ref, str) and ref.startswith("player:"):
        return game.players[int(ref.split(":")[1])].name
    if isinstance(ref, int):
        item = next((i for i in game.state.stack if i.oid == ref and i.kind is StackKind.ABILITY), None)
        if item is not None and not game.exists(ref):
            return f"ability of {game.source_name(item.source_oid, item.source_card)}"  # 113.7: no object
        return game.name_of(ref)
    return str(ref)


def targets_exist(game: "Game", player: int, specs: tuple[object, ...], source_oid: int) -> bool:
    """601.2c, 702.47b: could a target be chosen for every required slot of ``specs`` now?"""
    res = Resolution(game, player, source_oid, ())
    for spec in specs:
        if getattr(spec, "optional", False) or getattr(spec, "times", None) is not None:
            # "any number of targets": the slots after the first may stay empty; a slot chosen once per
            # time a cost is paid may be chosen no time at all (601.2c)
            continue
        cond = getattr(spec, "condition", None)
        if cond is not None and not cond.holds(game, res):
            continue
        if not target_candidates(game, player, spec, source_oid, enough=1):  # type: ignore[arg-type]
            return False
    return True


def choose_targets(game: "Game", controller: int, specs: tuple[TargetSpec, ...], source_oid: int,
                   given: tuple[object, ...] | None, active: list[bool], limit: int | None = None,
                   event_player: int = -1) -> tuple[object, ...]:
    """601.2c / 603.3d: choose a target for each active slot, from ``given`` or by asking.

    Slots whose condition is false are not chosen at all (702.33g); they hold ``None``.  ``limit``:
    the most targets there may be (601.2d: an amount divided among the targets gives each at least
    1, so "X damage divided among any number of targets" takes at most X); optional slots past it
    are not offered.
    """
    if specs and specs[-1].times is not None:
        # 601.2c: a slot chosen once per time a cost was paid (702.33d): as many slots as that.
        n = max(0, specs[-1].times.evaluate(Resolution(game, controller, source_oid, ())))
        last = active[len(specs) - 1] if len(active) >= len(specs) else True
        active = [*active[:len(specs) - 1], *([last] * n)]
        specs = (*specs[:-1], *(specs[-1],) * n)
    chosen: list[object] = []
    given_list = list(given) if given is not None else None
    stopped: set[int] = set()  # groups whose optional slots the player stopped filling
    order = list(enumerate(specs))
    while order:
        i, spec = order.pop(0)
        if spec.repeat and i == len(specs) - 1 and spec.group not in stopped and (i >= len(active) or active[i]):
            # 115.1d: "any number of targets" -- after this one, the phrase may take another.
            order.append((i + 1, spec))
            specs = (*specs, spec)
        if (i < len(active) and not active[i]) or spec.group in stopped:
            if i < len(active) or not spec.repeat:
                chosen.append(None)
            continue
        if limit is not None and spec.optional and sum(c is not None for c in chosen) >= limit \
                and (given_list is None or not given_list):
            if i < len(active):
                chosen.append(None)
            stopped.add(spec.group)
            continue
        legal = target_candidates(game, controller, spec, source_oid, chosen=chosen, event_player=event_player)
        if spec.group >= 0:  # 115.3: one phrase's targets are different objects or players
            taken = [chosen[j] for j in range(i) if specs[j].group == spec.group]
            legal = [c for c in legal if c not in taken]
        if given_list is not None:
            if not given_list and spec.optional:
                if i < len(active):
                    chosen.append(None)
                stopped.add(spec.group)
                continue
            if not given_list:
                raise IllegalAction(f"no target given for '{spec.text}' (601.2c)")
            pick = given_list.pop(0)
        else:
            if not legal and spec.optional:
                if i < len(active):
                    chosen.append(None)
                stopped.add(spec.group)
                continue
            if not legal:
                raise IllegalAction(f"no legal target for '{spec.text}' (601.2c)")
            ans = game.ask(ChooseTarget(controller, f"Choose {spec.text}",
                                        tuple(Choice(str(c), describe(game, c)) for c in legal), optional=spec.optional))
            pick = int(ans) if isinstance(ans, str) and ans.isdigit() else ans
            if pick is None and spec.optional:
                if i < len(active):
                    chosen.append(None)
                stopped.add(spec.group)
                continue
        if pick not in legal:
            raise IllegalAction(f"{describe(game, pick)} is not a legal choice for '{spec.text}'"
                                f"{_why_not_targetable(game, pick, controller, source_oid)} (115.1, 601.2c)")
        chosen.append(pick)
    if given_list:
        raise IllegalAction("more targets given than the spell has (601.2c)")
    return tuple(chosen)


def run_sentences(res: Resolution, sentences: tuple[Sentence, ...]) -> None:
    """608.2c: follow the instructions in order; an ``instead`` sentence replaces the one before it."""
    game = res.game
    i = 0
    while i < len(sentences):
        s = sentences[i]
        chosen: Sentence | None = s
        j = i + 1
        while j < len(sentences) and sentences[j].instead:
            alt = sentences[j]
            if alt.condition is None or alt.condition.holds(game, res):
                chosen = alt
            j += 1
        if chosen is s and s.condition is not None and not s.condition.holds(game, res):
            chosen = None
        if chosen is not None and chosen.gate is not None and not chosen.gate.holds(game, res):
            chosen = None
        if chosen is not None and chosen.may:
            # 608.2d: "you may" -- the controller chooses as the instruction is followed.
            if not game.ask_valid(YesNo(res.controller, _may_prompt(game, res)),
                                  lambda ans: ans if isinstance(ans, bool) else None, "answer yes or no"):
                res.performed = False
                chosen = None
        if chosen is not None:
            res.performed = True
            for e in chosen.effects:
                e.resolve(res)
        i = j


def _may_prompt(game: "Game", res: Resolution) -> str:
    return f"{game.name_of(res.source_oid)}: do the optional instruction ('you may')?"


def illegal_slots(game: "Game", item_controller: int, specs: tuple[TargetSpec, ...],
                  targets: tuple[object, ...], source_oid: int, event_player: int = -1) -> frozenset[int]:
    """608.2b: which chosen targets are no longer legal (``event_player``: as for ``target_candidates``)."""
    bad: set[int] = set()
    if specs and (specs[-1].repeat or specs[-1].times is not None):
        # 115.1d: the further targets of an unbounded phrase; 601.2c: of a slot chosen several times
        specs = (*specs, *(specs[-1],) * max(0, len(targets) - len(specs)))
    for i, spec in enumerate(specs):
        if i < len(targets) and targets[i] is not None:
            if targets[i] not in target_candidates(game, item_controller, spec, source_oid, chosen=targets,
                                                   event_player=event_player):
                bad.add(i)
    return frozenset(bad)


def announce_division(game: "Game", player: int, total: int, targets: tuple[object, ...],
                      given: tuple[int, ...] | None, name: str) -> tuple[int, ...]:
    """601.2d: the player announces how ``total`` is divided among the chosen targets; each gets at
    least 1.  Asked target by target (the last gets the rest) when not given."""
    chosen = [t for t in targets if t is not None]
    n = len(chosen)
    if n == 0:
        return ()
    if given is None:
        split: list[int] = []
        left = total
        for k, t in enumerate(chosen[:-1]):
            most = left - (n - k - 1)
            split.append(game.ask_valid(
                ChooseNumber(player, f"{name}: how much for {describe(game, t)}? (601.2d)", 1, most),
                lambda ans: ans if isinstance(ans, int) and not isinstance(ans, bool) and 1 <= ans <= most else None,
                f"a number from 1 to {most} (601.2d)"))
            left -= split[-1]
        given = (*split, left)
    if len(given) != n or any(v < 1 for v in given) or sum(given) != total:
        raise IllegalAction(f"{name}: divide {total} among {n} target(s), at least 1 each (601.2d)")
    return tuple(given)


def put_triggers_on_stack(game: "Game") -> None:
    """603.3: put waiting triggered abilities on the stack in APNAP order, choosing their targets."""
    while game.state.pending:
        for t in game.order_pending():
            _push_trigger(game, t)


def _push_trigger(game: "Game", t: "PendingTrigger") -> None:
    src = game.state.objects.get(t.source_oid)
    source_card = src.card.card_id if src else t.source_card
    targets: tuple[object, ...] = ()
    text = t.label
    modes: tuple[int, ...] = ()
    if t.ability is not None:
        specs = t.ability.targets
        active = [True] * len(specs)
        if isinstance(t.ability, TriggeredAbility) and t.ability.modes:
            modes = _announce_trigger_modes(game, t, t.ability, game.source_name(t.source_oid, source_card))
            if not modes:
                # 603.3c: no mode can be chosen (none has legal targets): it is removed from the stack.
                game.log(f"triggered ability of {game.source_name(t.source_oid, source_card)} is removed: "
                         f"no mode can be chosen (603.3c)")
                return
            active = [s.mode < 0 or s.mode in modes for s in specs]
        try:
            targets = choose_targets(game, t.controller, specs, t.source_oid, None, active, event_player=t.event_player)
        except IllegalAction as e:
            # 603.3d: with no legal target the ability is removed from the stack.
            game.log(f"triggered ability of {game.source_name(t.source_oid, source_card)} is removed: {e}")
            return
    division: tuple[int, ...] = ()
    if isinstance(t.ability, TriggeredAbility) and t.ability.divide is not None:
        # 603.3d, 601.2d: the division is announced as the targets are chosen.
        total = t.ability.divide.evaluate(Resolution(game, t.controller, t.source_oid, targets))
        try:
            division = announce_division(game, t.controller, total, targets, None,
                                         game.source_name(t.source_oid, source_card)) if total > 0 else ()
        except IllegalAction as e:  # pragma: no cover - asked until valid
            game.log(f"triggered ability of {game.source_name(t.source_oid, source_card)} is removed: {e}")
            return
    item = StackItem(kind=StackKind.ABILITY, oid=game.new_id(), source_oid=t.source_oid, source_card=source_card,
                     controller=t.controller, targets=targets, ability=t.ability, effect=t.effect,
                     remembered=t.remembered, text=text, event_player=t.event_player, event_amount=t.event_amount,
                     division=division, modes=modes)
    game.state.stack += (item,)
    game.log(f"triggered ability of {game.source_name(t.source_oid, source_card)} goes on the stack")
    game.became_targets(item)


def _announce_trigger_modes(game: "Game", t: "PendingTrigger", a: TriggeredAbility, name: str) -> tuple[int, ...]:
    """603.3c, 700.2: the controller of a modal triggered ability announces ``a.choose`` different modes
    as it is put on the stack; a mode whose targets can't be chosen can't be chosen.  Returns them in
    printed order, or none if too few can be chosen."""
    n = a.choose
    legal = [m for m in range(len(a.modes))
             if targets_exist(game, t.controller, tuple(s for s in a.targets if s.mode == m), t.source_oid)]
    if len(legal) <= n:
        return tuple(legal) if len(legal) == n else ()
    opts = tuple(Choice(str(m), f"mode {m + 1}") for m in legal)
    picked = game.ask_valid(ChooseCards(t.controller, f"Choose {n} mode(s) of {name}'s triggered ability (603.3c)",
                                        opts, n, n),
                            lambda ans: chosen_keys(ans, legal, n, n), f"choose {n} different modes (700.2)")
    return tuple(sorted(picked))


def resolve_top(game: "Game") -> None:
    """608: resolve the top object of the stack."""
    item = game.state.stack[-1]
    game.state.stack = game.state.stack[:-1]
    # 608.2: a resolving spell is still on the stack (in the stack zone) until it finishes.
    game.state.resolving = item.oid if item.kind is StackKind.SPELL else None
    try:
        if item.kind is StackKind.ABILITY:
            _resolve_ability(game, item)
        else:
            _resolve_spell(game, item)
    finally:
        game.state.resolving = None


def _resolve_ability(game: "Game", item: StackItem) -> None:
    src = game.state.objects.get(item.source_oid)
    x = item.x if item.x is not None else src.cast.x if src is not None and src.cast else 0
    res = Resolution(game, item.controller, item.source_oid, item.targets, x=x,
                     last_affected=tuple(item.remembered), event_player=item.event_player,
                     event_amount=item.event_amount, division=item.division, cost_cards=item.cost_cards)
    game.log(f"ability of {game.source_name(item.source_oid, item.source_card)} resolves")
    if item.ability is not None:
        a = item.ability
        condition = a.condition if isinstance(a, TriggeredAbility) else None
        if condition is not None and not condition.holds(game, res):
            # 603.4: the intervening-if condition is checked again on resolution
            game.log("its intervening-if condition is no longer true; it does nothing (603.4)")
            return
        res.illegal = illegal_slots(game, item.controller, a.targets, item.targets, item.source_oid, item.event_player)
        if a.targets and len(res.illegal) == sum(1 for t in item.targets if t is not None) > 0:
            game.log("all its targets are illegal; it doesn't resolve (608.2b)")
            return
        run_sentences(res, a.sentences)
        if isinstance(a, TriggeredAbility):
            # 700.2: a modal triggered ability follows the instructions of the chosen modes, in printed order.
            for m in item.modes:
                run_sentences(res, a.modes[m])
    elif item.effect is not None:
        item.effect.resolve(res)


def _resolve_spell(game: "Game", item: StackItem) -> None:
    o = game.obj(item.oid)
    d = o.definition
    spell = next((a for a in d.expanded if isinstance(a, SpellAbility)), None)
    ch = game.characteristics(o)
    if spell is not None:
        parts = spell_parts(o)
        specs = tuple(s for part in parts for s in part.targets)
        res = Resolution(game, item.controller, item.oid, item.targets, x=o.cast.x if o.cast else 0)
        res.illegal = illegal_slots(game, item.controller, specs, item.targets, item.oid)
        chosen = [t for t in item.targets if t is not None]
        if chosen and len(res.illegal) == len(chosen):
            # 608.2b: a spell whose targets are all illegal doesn't resolve.
            game.log(f"{d.name} doesn't resolve: all its targets are illegal (608.2b)")
            game.move(item.oid, Zone.GRAVEYARD)
            return
        game.log(f"{d.name} resolves")
        run_sentences(res, spell.sentences)
        # 700.2: a modal spell follows the instructions of the chosen modes, in printed order.
        for m in (o.cast.modes if o.cast is not None else ()):
            run_sentences(res, spell.modes[m])
        # 702.47b-c: then the instructions spliced onto it, each with its own targets; "this" in them
        # is the spell (702.47c).
        offset = len(spell.targets)
        for part in parts[1:]:
            n = len(part.targets)
            sub = Resolution(game, item.controller, item.oid, item.targets[offset:offset + n], x=res.x)
            sub.illegal = frozenset(i - offset for i in res.illegal if offset <= i < offset + n)
            run_sentences(sub, part.sentences)
            offset += n
    if {"instant", "sorcery"} & ch.types:
        if game.exists(item.oid):
            game.move(item.oid, Zone.GRAVEYARD)  # 608.2m
    else:
        specs = aura_target_specs(d)
        if specs and (not item.targets or illegal_slots(game, item.controller, specs, item.targets, item.oid)):
            # 608.3b: an Aura spell whose target is illegal doesn't resolve; it goes to the graveyard.
            game.log(f"{d.name} doesn't resolve: its target is illegal (608.3b)")
            game.move(item.oid, Zone.GRAVEYARD)
            return
        game.log(f"{d.name} resolves")
        new = game.move(item.oid, Zone.BATTLEFIELD, controller=item.controller)  # 608.3
        if specs and new is not None and isinstance(item.targets[0], int):
            game.attach(new, item.targets[0])  # 303.4f: it enters attached to its target
            game.log(f"{d.name} is attached to {game.name_of(item.targets[0])}")


def spell_parts(spell_obj: "GameObject") -> list[SpellAbility]:
    """The spell's instructions, then those of each card spliced onto it (702.47b-c)."""
    parts = [a for a in spell_obj.definition.expanded if isinstance(a, SpellAbility)][:1]
    for sd in (spell_obj.cast.spliced if spell_obj.cast is not None else ()):
        parts += [a for a in sd.expanded if isinstance(a, SpellAbility)][:1]
    return parts


def copy_spell(game: "Game", controller: int, oid: int, new_targets: bool) -> int | None:
    """707.10: put a copy of spell ``oid`` onto the stack, controlled and owned by ``controller``.

    The copy has the spell's copiable values (a card-less token object on the stack) and its
    choices: cast information (kicker paid, X, alternative cost; 707.10) and targets; with
    ``new_targets`` the controller may choose new ones (707.10c).  It isn't cast.
    """

    item = next((i for i in game.state.stack if i.kind is StackKind.SPELL and i.oid == oid), None)
    if item is None or not game.exists(oid):
        return None
    orig = game.obj(oid)
    card = Card(card_id=game.new_id(), owner=controller, definition=orig.card.definition, is_token=True)
    game.state.cards = {**game.state.cards, card.card_id: card}
    cast = replace(orig.cast, copy=True) if orig.cast is not None else None
    new = GameObject(oid=game.new_id(), card=card, zone=Zone.STACK, controller=controller, cast=cast,
                     face_down=orig.face_down, copy_of=orig.copy_of, targets=orig.targets, clock=game.state.clock)
    game.set_object(new)
    game.set_zone(Zone.STACK, -1, (*game.zone(Zone.STACK), new.oid))
    copy_item = StackItem(kind=StackKind.SPELL, oid=new.oid, source_oid=new.oid, source_card=card.card_id,
                          controller=controller, targets=item.targets)
    game.state.stack += (copy_item,)
    game.log(f"{game.players[controller].name} puts a copy of {game.name_of(oid)} onto the stack (707.10)")
    spell = next((a for a in new.definition.expanded if isinstance(a, SpellAbility)), None)
    if new_targets and spell is not None and spell.targets and any(t is not None for t in item.targets):
        change = game.ask_valid(YesNo(controller, "Choose new targets for the copy? (707.10c)"),
                                lambda ans: ans if isinstance(ans, bool) else None, "answer yes or no")
        if change:
            active = [t is not None for t in item.targets]
            try:
                copy_item = with_targets(game, copy_item, choose_targets(game, controller, spell.targets,
                                                                         new.oid, None, active))
            except IllegalAction as e:
                game.log(f"the copy keeps its targets: {e}")
            new.targets = copy_item.targets
    game.became_targets(copy_item)
    return new.oid


def aura_target_specs(d: "CardDefinition") -> tuple[TargetSpec, ...]:
    """303.4a: an Aura spell's target, as its enchant ability allows (one slot), or ()."""
    for a in d.expanded:
        if isinstance(a, AuraTarget):
            return (TargetSpec(TargetKind.OBJECT, ObjectFilter(types=a.types), text=f"target {' or '.join(a.types)}"),)
    return ()
