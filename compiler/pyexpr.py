"""IR values to Python expressions for generated code.

Every string from a script passes through :func:`lit` (``repr``), so quotes, backslashes,
newlines, ``\"\"\"`` and template syntax become inert literal text; identifiers come only from
:func:`compiler.lower.identifier` / :func:`module_name`, which admit ``[A-Za-z0-9_]`` alone.
"""
from __future__ import annotations

import re

from .ir import (
    AmountIR, ConditionIR, CostIR, EffectIR, FilterIR, RefIR, SentenceIR, StaticPartIR, TargetIR, TriggerIR,
)

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


# Exactly these types (not subclasses, whose ``repr`` may be anything) are their own ``repr``.
_LITERAL_TYPES = frozenset({str, int, bool, type(None)})


def lit(value: object) -> str:
    """A Python literal for a string, number, bool, None or tuple of them."""
    if type(value) in _LITERAL_TYPES:
        return repr(value)
    if type(value) is tuple and _LITERAL_TYPES.issuperset(map(type, value)):
        # (``repr`` of a flat tuple of literals is what the loop below writes: ``(a, b)``,
        # ``(a,)``, ``()``; C calls, checked and written, instead of generators.  The most
        # common case.)
        return repr(value)
    if isinstance(value, (str, int, bool)) or value is None:
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(lit(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    raise TypeError(f"not a literal: {value!r}")


def ident(name: str) -> str:
    """Pass a name through only if it is a plain identifier."""
    if not _IDENT.match(name):
        raise ValueError(f"not a valid identifier: {name!r}")
    return name


def amount(a: AmountIR) -> str:
    """Amount expression."""
    if a.kind == "x":
        return "rt.XValue()"
    if a.kind == "times_paid":
        each = f", each={lit(a.value)}" if a.value != 1 else ""
        return f"rt.TimesPaid(label={lit(a.label)}{each})"
    if a.kind == "counters_on_this":
        return f"rt.CountersOnThis(counter={lit(a.label)})"
    if a.kind == "power_of":
        return f"rt.PowerOf(slot={lit(a.value)})"
    if a.kind == "param":
        return f"rt.Fixed({ident(a.label)})"  # a keyword's number parameter, a local of abilities()
    if a.kind == "graveyard_size":
        return "rt.GraveyardSize()"
    if a.kind == "event_amount":
        return "rt.EventAmount()"
    if a.kind == "count":
        assert a.filter is not None
        extra = (f", zone={lit(a.label)}" if a.label and a.label != "battlefield" else "") + \
            (f", each={lit(a.value)}" if a.value > 1 else "")
        return f"rt.CountOf(filter={obj_filter(a.filter)}{extra})"
    return f"rt.Fixed({lit(a.value)})"


def obj_filter(f: FilterIR) -> str:
    """ObjectFilter expression (only non-default fields, for readability)."""
    fields = []
    for name in ("types", "subtypes", "supertypes", "colors", "non", "keywords"):
        v = getattr(f, name)
        if v:
            fields.append(f"{name}={lit(tuple(v))}")
    if f.kind:
        fields.append(f"kind={lit(f.kind)}")
    if f.other:
        fields.append("other=True")
    if f.without:
        fields.append(f"without={lit(f.without)}")
    if f.controller:
        fields.append(f"controller={lit(f.controller)}")
    if f.blocked_by_source:
        fields.append("blocked_by_source=True")
    if f.any_types:
        fields.append(f"any_types={lit(f.any_types)}")
    if f.multicolored:
        fields.append("multicolored=True")
    if f.face_down:
        fields.append("face_down=True")
    if f.face_up:
        fields.append("face_up=True")
    if f.combat:
        fields.append(f"combat={lit(f.combat)}")
    if f.mv_min >= 0:
        fields.append(f"mana_value_at_least={lit(f.mv_min)}")
    if f.mv_max >= 0:
        fields.append(f"mana_value_at_most={lit(f.mv_max)}")
    if f.states:
        fields.append(f"states={lit(f.states)}")
    for name in ("power_min", "power_max", "toughness_min", "toughness_max"):
        if getattr(f, name) >= 0:
            fields.append(f"{name}={lit(getattr(f, name))}")
    if f.name:
        fields.append(f"name={lit(f.name)}")
    if f.attacking_viewer:
        fields.append("attacking_viewer=True")
    if f.of_chosen:
        fields.append("of_chosen=True")
    if f.alternatives:
        fields.append(f"alternatives={tuple_expr([obj_filter(a) for a in f.alternatives])}")
    return f"rt.ObjectFilter({', '.join(fields)})"


def cost(c: CostIR) -> str:
    """Cost expression (a keyword's cost parameter is a local of ``abilities()``)."""
    if c.param:
        return ident(c.param)
    fields = []
    if c.mana:
        fields.append(f"mana={lit(c.mana)}")
    if c.tap:
        fields.append("tap=True")
    if c.life is not None:
        fields.append(f"life={amount(c.life)}")
    if c.sacrifice is not None:
        fields.append(f"sacrifice=rt.SacrificeSpec(count={amount(c.sacrifice.count)}, "
                      f"filter={obj_filter(c.sacrifice.filter)})")
    if c.discard:
        fields.append(f"discard={lit(c.discard)}")
    if c.discard_filter is not None:
        fields.append(f"discard_filter={obj_filter(c.discard_filter)}")
    if c.sacrifice_this:
        fields.append("sacrifice_this=True")
    if c.exile_this:
        fields.append("exile_this=True")
    if c.exile_from_hand is not None:
        fields.append(f"exile_from_hand=rt.SacrificeSpec(count={amount(c.exile_from_hand.count)}, "
                      f"filter={obj_filter(c.exile_from_hand.filter)})")
    if c.reveal is not None:
        fields.append(f"reveal=rt.SacrificeSpec(count={amount(c.reveal.count)}, filter={obj_filter(c.reveal.filter)})")
    if c.remove_counter:
        fields.append(f"remove_counters=({lit(c.remove_counter)}, {lit(c.remove_count)})")
    if c.tap_permanents is not None:
        fields.append(f"tap_permanents=rt.SacrificeSpec(count={amount(c.tap_permanents.count)}, "
                      f"filter={obj_filter(c.tap_permanents.filter)})")
    if c.put_counters is not None:
        fields.append(f"put_counters={lit(c.put_counters)}")
    if c.discard_this:
        fields.append("discard_this=True")
    if c.plus_param:
        return f"{ident(c.plus_param)}.plus(rt.Cost({', '.join(fields)}))"
    return f"rt.Cost({', '.join(fields)})"


def ref(r: RefIR) -> str:
    """Object or player reference expression."""
    if r.kind == "each":
        assert r.filter is not None
        if r.attached_to is not None:
            return f"rt.EachObject(filter={obj_filter(r.filter)}, attached_to={ref(r.attached_to)})"
        if r.same_name_as is not None:
            return f"rt.EachObject(filter={obj_filter(r.filter)}, same_name_as={ref(r.same_name_as)})"
        if r.in_graveyard:
            return f"rt.EachObject(filter={obj_filter(r.filter)}, in_your_graveyard=True)"
        return f"rt.EachObject(filter={obj_filter(r.filter)})"
    return {
        "slot": f"rt.Slot({r.index})",
        "slots_from": f"rt.SlotsFrom({r.index})",
        "slots": f"rt.Slots({r.index}, {lit(r.count)})",
        "this": "rt.ThisObject()",
        "last": "rt.LastAffected()",
        "you": "rt.You()",
        "player_slot": f"rt.PlayerSlot({r.index})",
        "each_opponent": "rt.EachOpponent()",
        "each_player": "rt.EachPlayer()",
        "controller_of": f"rt.ControllerOf({lit(r.index)})",
        "owner_of": f"rt.OwnerOf({lit(r.index)})",
        "enchanted": "rt.EnchantedObject()",
        "event_player": "rt.EventPlayer()",
    }[r.kind]


def condition(c: ConditionIR | None) -> str:
    """Condition expression."""
    if c is None:
        return "None"
    if c.kind == "graveyard":
        return f"rt.CardsInGraveyard(at_least={lit(c.count)})"
    if c.kind == "control_since":
        return "rt.ControlledSinceLastUpkeep()"
    if c.kind == "result":
        return f"rt.PreviousResult(did={lit(c.did)})"
    if c.kind == "cast_in_main":
        return "rt.CastDuringMainPhase()"
    if c.kind == "cast_from":
        return f"rt.CastFromZone(zone={lit(c.zone)})"
    if c.kind == "permanent_left":
        return "rt.PermanentLeftThisTurn()"
    if c.kind == "mana_value":
        bound = "at_most" if c.word == "less" else "at_least"
        return f"rt.ManaValueIs(subject={lit(-1 if c.subject is None else c.subject)}, {bound}={lit(c.count)})"
    if c.kind == "has_keyword":
        return f"rt.HasKeyword(keyword={lit(c.keyword)})"
    if c.kind == "defending_controls":
        assert c.filter is not None
        return f"rt.DefendingPlayerControls(filter={obj_filter(c.filter)})"
    if c.kind == "control":
        return f"rt.YouControl(filters={tuple_expr([obj_filter(f) for f in c.filters])})"
    if c.kind == "empty_hand":
        return "rt.NoCardsInHand()"
    if c.kind == "total_power":
        return f"rt.TotalPower(at_least={lit(c.count)})"
    if c.kind == "sorcery_timing":
        return "rt.SorceryTiming()"
    if c.kind == "it_is":
        assert c.filter is not None
        return f"rt.LastAffectedIs(filter={obj_filter(c.filter)})"
    if c.kind == "cast_timing":
        return "rt.CouldCastTiming()"
    if c.kind == "counters":
        return f"rt.HasCounters(counter={lit(c.word)}, at_least={lit(c.count)})"
    fields = [f"label={lit(c.label)}"]
    if c.ordinal is not None:
        fields.append(f"ordinal={lit(c.ordinal)}")
    if c.subject is not None:
        fields.append(f"subject=rt.Slot({c.subject})")
    if c.negated:
        fields.append("negated=True")
    if c.that_spell:
        fields.append("remembered=True")
    return f"rt.CostPaid({', '.join(fields)})"


def target(t: TargetIR) -> str:
    """TargetSpec expression."""
    kind = {"any": "ANY", "player": "PLAYER", "object": "OBJECT"}[t.kind]
    fields = [f"kind=rt.TargetKind.{kind}"]
    if t.kind == "object" or (t.kind == "player" and t.filter.controller):
        fields.append(f"filter={obj_filter(t.filter)}")
    if t.zone != "battlefield":
        fields.append(f"zone=rt.Zone.{t.zone.upper()}")
    if t.condition is not None:
        fields.append(f"condition={condition(t.condition)}")
    if t.mode >= 0:
        fields.append(f"mode={lit(t.mode)}")
    if t.optional:
        fields.append("optional=True")
    if t.group >= 0:
        fields.append(f"group={lit(t.group)}")
    if t.repeat:
        fields.append("repeat=True")
    fields.append(f"text={lit(t.words)}")
    return f"rt.TargetSpec({', '.join(fields)})"


def effect(e: EffectIR, actions: dict[str, str]) -> str:
    """Effect expression; ``actions`` maps keyword action names to their imported class names."""
    a = dict(e.args)
    k = e.kind

    def r(name: str) -> str:
        v = a[name]
        assert isinstance(v, RefIR)
        return ref(v)

    def am(name: str) -> str:
        v = a[name]
        assert isinstance(v, AmountIR)
        return amount(v)

    if k == "divided_damage":
        slots = tuple(int(i) for i in _strs_of(a["slots"]))
        return f"rt.DealDividedDamage(slots={lit(slots)})"
    if k == "damage":
        also = f", also={r('also')}" if isinstance(a.get("also"), RefIR) else ""
        return f"rt.DealDamage(amount={am('amount')}, target={r('target')}{also})"
    if k == "gain_life":
        return f"rt.GainLife(player={r('player')}, amount={am('amount')})"
    if k == "lose_life":
        return f"rt.LoseLife(player={r('player')}, amount={am('amount')})"
    if k == "choose_among":
        options = a["options"]
        assert isinstance(options, tuple)
        filters = [f for f in options if isinstance(f, FilterIR)]
        return (f"rt.ChooseAmong(player={r('player')}, options={tuple_expr([obj_filter(f) for f in filters])}, "
                f"labels={lit(tuple(f.words for f in filters))})")
    if k == "extra_turn":
        return f"rt.TakeExtraTurn(player={r('player')})"
    if k == "draw":
        return f"rt.Draw(player={r('player')}, amount={am('amount')})"
    if k == "destroy":
        return f"rt.Destroy(target={r('target')}, no_regeneration={lit(bool(a['no_regeneration']))})"
    if k == "return_all_from_graveyards":
        f = a["filter"]
        assert isinstance(f, FilterIR)
        return f"rt.ReturnAllFromGraveyards(filter={obj_filter(f)})"
    if k == "no_untap":
        return f"rt.ApplyContinuous(target={r('target')}, parts=(rt.DoesntUntap(),), until='controller_untap')"
    if k == "phase_out":
        return f"rt.PhaseOut(target={r('target')})"
    if k == "no_regen_turn":
        return f"rt.ApplyContinuous(target={r('target')}, parts=(rt.CantBeRegenerated(),), until='eot')"
    if k == "prevent":
        return f"rt.PreventNextDamage(amount={am('amount')}, target={r('target')})"
    if k == "return_from_graveyard":
        zone = "HAND" if a["to"] == "hand" else "BATTLEFIELD"
        if a.get("zone") == "exile":
            return f"rt.ReturnFromGraveyard(target={r('target')}, to=rt.Zone.{zone}, from_zone=rt.Zone.EXILE)"
        return f"rt.ReturnFromGraveyard(target={r('target')}, to=rt.Zone.{zone})"
    if k == "exile":
        also = f", also={r('also')}" if isinstance(a.get("also"), RefIR) else ""
        if a.get("counter"):
            also += f", counters={lit(a['counter'])}, amount={am('amount')}"
        return f"rt.ExileObject(target={r('target')}{also})"
    if k == "cant_cast_same_name":
        named = a["named"]
        assert isinstance(named, RefIR)
        return f"rt.CantCastSameName(player={r('player')}, named={lit(named.index)})"
    if k == "divided_evenly":
        return f"rt.DealDamageDividedEvenly(amount={am('amount')}, first={lit(a['first'])})"
    if k == "counter_spell":
        return f"rt.CounterSpell(target={r('target')})"
    if k == "put_counters":
        return f"rt.PutCounters(amount={am('amount')}, counter={lit(a['counter'])}, target={r('target')})"
    if k == "create_tokens":
        return (f"rt.CreateTokens(count={am('count')}, name={lit(a['name'])}, power={lit(a['power'])}, "
                f"toughness={lit(a['toughness'])}, colors={lit(a['colors'])}, types={lit(a['types'])}, "
                f"subtypes={lit(a['subtypes'])}, keywords={lit(a['keywords'])}"
                + (", tapped=True)" if a.get("tapped") else ")"))
    if k == "add_mana":
        if a["any_color"]:
            return "rt.AddMana(any_color=True)"
        if a.get("choices"):
            return f"rt.AddMana(choices={lit(a['choices'])})"
        return f"rt.AddMana(mana={lit(a['mana'])})"
    if k == "counter_unless":
        unless, per = a["unless"], a["per"]
        assert isinstance(unless, CostIR)
        mana = f"{ident(unless.param)}.mana" if unless.param else lit(unless.mana)
        extra = f", per={amount(per)}" if isinstance(per, AmountIR) else ""
        return f"rt.CounterUnlessPays(target={r('target')}, mana={mana}{extra})"
    if k == "put_on_library":
        return f"rt.PutIntoZone(target={r('target')}, zone=rt.Zone.LIBRARY, on_top={lit(bool(a['top']))})"
    if k == "player_sacrifices":
        f = a["filter"]
        assert isinstance(f, FilterIR)
        return f"rt.PlayerSacrifices(player={r('player')}, filter={obj_filter(f)}, amount={am('amount')})"
    if k == "put_into":
        return (f"rt.PutIntoZone(target={r('target')}, zone=rt.Zone.{str(a['zone']).upper()}, "
                f"face_down={lit(a['face_down'])}, under_your_control={lit(bool(a['mine']))})")
    if k == "exile_top":
        return f"rt.ExileTopCard(player={r('player')})"
    if k == "may_play":
        return "rt.MayPlayThem()"
    if k == "cast_this":
        if a.get("cost_param"):  # a keyword's cost parameter: a local of abilities()
            return f"rt.CastThis(target={r('target')}, label={lit(a['label'])}, cost={ident(str(a['cost_param']))})"
        return f"rt.CastThis(target={r('target')}, label={lit(a['label'])})"
    if k == "copy_spell":
        return f"rt.CopySpell(target={r('target')}, new_targets={lit(bool(a['new_targets']))})"
    if k == "token_copy":
        return f"rt.CreateTokenCopy(target={r('target')})"
    if k == "delayed":
        inner = a["effect"]
        assert isinstance(inner, EffectIR)
        return f"rt.AtBeginningOfNextStep(step={lit(a['step'])}, effect={effect(inner, actions)})"
    if k == "discard" and a.get("at_random"):
        return f"rt.Discard(player={r('player')}, amount={am('amount')}, at_random=True)"
    if k in ("discard", "mill"):
        return f"rt.{'Discard' if k == 'discard' else 'Mill'}(player={r('player')}, amount={am('amount')})"
    if k == "remove_counters":
        return f"rt.RemoveCounters(amount={am('amount')}, counter={lit(a['counter'])}, target={r('target')})"
    if k == "pay":
        paid = a["cost"]
        assert isinstance(paid, CostIR)
        return f"rt.Pay(cost={cost(paid)})"
    if k == "sacrifice":
        unless = a["unless"]
        extra = f", unless={cost(unless)}" if isinstance(unless, CostIR) else ""
        return f"rt.Sacrifice(target={r('target')}{extra})"
    if k == "attach":
        return f"rt.AttachSource(target={r('target')})"
    if k == "tap_or_untap":
        return f"rt.TapOrUntap(target={r('target')})"
    if k in ("untap", "tap", "bounce", "must_block", "regenerate"):
        cls = {"untap": "Untap", "tap": "Tap", "bounce": "ReturnToHand", "must_block": "MustBlock",
               "regenerate": "Regenerate"}[k]
        return f"rt.{cls}(target={r('target')})"
    if k == "gain_control":
        return f"rt.GainControl(target={r('target')}, until={lit(a['duration'])})"
    if k == "may":
        inner = a["effect"]
        assert isinstance(inner, EffectIR)
        return f"rt.MayDo(effect={effect(inner, actions)})"
    if k == "put_from_hand":
        f = a["filter"]
        assert isinstance(f, FilterIR)
        return f"rt.PutFromHand(filter={obj_filter(f)})"
    if k == "continuous":
        parts, tail = a["parts"], a.get("tail", ())
        assert isinstance(parts, tuple) and isinstance(tail, tuple)
        exprs = [static_part(p) for p in parts + tail if isinstance(p, StaticPartIR)]
        also = f", also={r('also')}" if isinstance(a.get("also"), RefIR) else ""
        return (f"rt.ApplyContinuous(target={r('target')}, parts={tuple_expr(exprs)}, "
                f"until={lit(a['duration'])}{also})")
    if k == "action":
        name = a["action"]
        assert isinstance(name, str)
        fields = [f"action={ident(actions[name])}()", f"player={r('player')}"]
        if "count" in a:
            fields.append(f"count={am('count')}")
        if a.get("up_to"):
            fields.append("up_to=True")
        f = a.get("filter")
        if isinstance(f, FilterIR):
            fields.append(f"filter={obj_filter(f)}")
        if "destination" in a:
            fields.append(f"destination=rt.Zone.{str(a['destination']).upper()}")
        if a.get("tapped"):
            fields.append("tapped=True")
        if a.get("reveal"):
            fields.append("reveal=True")
        return f"rt.PerformAction({', '.join(fields)})"
    raise ValueError(f"unknown effect kind {k}")


def tuple_expr(items: list[str]) -> str:
    """A tuple display of expressions."""
    if len(items) == 1:
        return f"({items[0]},)"
    return f"({', '.join(items)})"


def static_part(p: StaticPartIR) -> str:
    """A continuous-effect part expression."""
    if p.kind == "gain_ability":
        return f"rt.GainAbility(ability={ident(p.ability_cls)}())"
    if p.kind == "pt":
        if p.x_power or p.x_toughness:
            return (f"rt.PTChange(power={lit(p.power)}, toughness={lit(p.toughness)}, "
                    f"x_power={lit(p.x_power)}, x_toughness={lit(p.x_toughness)})")
        if p.per_counter:
            return f"rt.PTChange(power={lit(p.power)}, toughness={lit(p.toughness)}, per_counter={lit(p.per_counter)})"
        if p.per_filter is not None:
            return (f"rt.PTChange(power={lit(p.power)}, toughness={lit(p.toughness)}, "
                    f"per_filter={obj_filter(p.per_filter)})")
        return f"rt.PTChange(power={lit(p.power)}, toughness={lit(p.toughness)})"
    if p.kind == "color":
        return f"rt.SetColors(colors={lit(p.colors)})"
    if p.kind == "prevent_damage_by":
        return f"rt.PreventDamageBy(filter={obj_filter(p.filters[0])})"
    if p.kind == "cost_reduction":
        return f"rt.CostReduction(amount={lit(p.count)}, filters={tuple_expr([obj_filter(f) for f in p.filters])})"
    if p.kind == "cant_search":
        return f"rt.CantSearchLibraries(who={lit(p.keywords[0])})"
    if p.kind == "skip_extra_turns":
        return f"rt.SkipsExtraTurns(who={lit(p.keywords[0])})"
    if p.kind == "extra_land":
        return f"rt.AdditionalLandPlays(count={lit(p.count)})"
    if p.kind == "top_revealed":
        return "rt.TopOfLibraryRevealed()"
    if p.kind == "play_top":
        flt = obj_filter(p.filters[0]) if p.filters else "None"
        return f"rt.MayPlayTopOfLibrary(filter={flt}, spells_only={lit(p.keywords[0] == 'cast')})"
    if p.kind == "hand_size":
        return f"rt.MaxHandSize(delta={lit(p.count)})"
    if p.kind == "set_pt":
        assert p.amount is not None
        which = p.keywords[0]
        return (f"rt.SetPT(amount={amount(p.amount)}, power={lit(which != 'toughness')}, "
                f"toughness={lit(which != 'power')})")
    if p.kind == "attack_despite":
        return f"rt.AttacksAsThoughWithout(keyword={lit(p.keywords[0])})"
    if p.kind in ("evasion", "block_only"):
        cls = "CantBeBlockedExceptBy" if p.kind == "evasion" else "CanBlockOnly"
        return f"rt.{cls}(filters={tuple_expr([obj_filter(f) for f in p.filters])})"
    if p.kind in ("shroud", "hexproof"):
        return f"rt.Untargetable(opponents_only={lit(p.kind == 'hexproof')})"
    if p.kind == "has_at_mana_cost":
        return f"rt.GainKeywordAtManaCost(keyword={lit(p.keywords[0])})"
    if p.kind in ("has", "loses"):
        cls = "GainKeywords" if p.kind == "has" else "LoseKeywords"
        return f"rt.{cls}(keywords={lit(p.keywords)})"
    if p.kind == "min_blockers":
        return f"rt.MinimumBlockers(count={lit(p.count)})"
    if p.kind == "max_blockers":
        return f"rt.MaximumBlockers(count={lit(p.count)})"
    if p.kind == "damage_steps":
        return f"rt.CombatDamageSteps(first=True, regular={lit(p.regular)})"
    if p.kind in ("cant_be_blocked_by", "cant_be_targeted_by", "cant_be_attached_by", "prevent_damage_from"):
        cls = {"cant_be_blocked_by": "CantBeBlockedBy", "cant_be_targeted_by": "CantBeTargetedBy",
               "cant_be_attached_by": "CantBeAttachedBy", "prevent_damage_from": "PreventDamageFrom"}[p.kind]
        # A keyword's quality parameter is a local of abilities(); a literal quality word is a string.
        quality = ident(p.quality_param) if p.quality_param else lit(p.quality)
        return f"rt.{cls}(quality={quality})"
    cls = {"cant_attack": "CantAttack", "cant_block": "CantBlock", "cant_attack_or_block": "CantAttackOrBlock",
           "indestructible": "Indestructible", "cant_phase_out": "CantPhaseOut", "phasing": "PhasesEachUntap",
           "excess_to_player": "AssignsExcessToPlayer", "attacks_untapped": "AttacksWithoutTapping",
           "lifelink_damage": "DamageGainsLife", "lethal_damage": "DamageIsLethal",
           "cant_activate": "AbilitiesCantBeActivated", "unblockable": "Unblockable",
           "must_attack": "AttacksEachCombat", "must_block_each": "BlocksEachCombat"}[p.kind]
    return f"rt.{cls}()"


def trigger(t: TriggerIR) -> str:
    """Trigger expression."""
    if t.events == ("beginning",):
        zone = f", zone={lit(t.zone)}" if t.zone else ""
        return f"rt.BeginningOfStep(step={lit(t.step)}, yours={lit(t.whose == 'your')}{zone})"
    if t.events == ("enters",) and t.scope == "this" and not t.zone:
        return "rt.EntersTheBattlefield()"
    extra = f", filter={obj_filter(t.filter)}" if t.filter is not None else ""
    if t.scope != "this":
        extra += f", scope={lit(t.scope)}"
    if t.subject is not None:
        extra += f", subject={obj_filter(t.subject)}"
    if t.opponents:
        extra += ", opponents_only=True"
    if t.from_graveyard:
        extra += ", from_graveyard=True"
    if t.combat:
        extra += ", combat_only=True"
    if t.recipient:
        extra += f", recipient={lit(t.recipient)}"
    if t.zone:
        extra += f", zone={lit(t.zone)}"
    if t.counter:
        extra += f", counter={lit(t.counter)}"
    return f"rt.ObjectEvent(events={lit(t.events)}{extra})"


def sentence(s: SentenceIR, actions: dict[str, str]) -> str:
    """Sentence expression."""
    effects = ", ".join(effect(e, actions) for e in s.effects)
    if len(s.effects) == 1:
        effects += ","
    fields = [f"effects=({effects})"]
    if s.condition is not None:
        fields.append(f"condition={condition(s.condition)}")
    if s.instead:
        fields.append("instead=True")
    if s.may:
        fields.append("may=True")
    if s.gate is not None:
        fields.append(f"gate={condition(s.gate)}")
    return f"rt.Sentence({', '.join(fields)})"


def _strs_of(v: object) -> tuple[str, ...]:
    """The strings of a tuple-valued effect argument."""
    return tuple(x for x in v if isinstance(x, str)) if isinstance(v, tuple) else ()
