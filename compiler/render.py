"""Rendering IR to Python modules through Jinja2 templates.

The environment uses ``StrictUndefined`` (a missing value is an error, never an empty string),
``keep_trailing_newline`` and LF endings; iteration orders come from the IR (printed order) or
are sorted, and nothing time-dependent is written, so output is byte-for-byte deterministic.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Mapping

import jinja2

from runtime.pool import INDEX_TABLE

from . import VERSION, pyexpr
from .ir import (
    AbilityIR, ActivatedIR, AmountIR, AmplifyIR, AsTurnedFaceUpIR, CardCostIR, CardIR, EffectIR, EntersAsCopyIR, UncounterableIR, EntersTappedIR,
    EntersWithIR, KeywordFileIR, KeywordIR, KeywordPartIR,
    KeywordUseIR, LibraryIR, SpellIR, StaticIR, StaticPartIR, TriggeredIR,
)
from .lower import identifier
from .templating import TEMPLATES
from .text import ability_text, card_text


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The Jinja2 environment with the ``lit`` (repr) and ``ident`` (validated identifier) filters."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        auto_reload=False,  # templates don't change during a build: no stat per rendered card
    )
    env.filters["lit"] = pyexpr.lit
    env.filters["ident"] = pyexpr.ident
    return env


@lru_cache(maxsize=16)
def _loaded(env: jinja2.Environment, name: str) -> jinja2.Template:
    """A template of ``env``, looked up once (Jinja2's own lookup costs microseconds per render)."""
    return env.get_template(name)


@lru_cache(maxsize=4)
def _ability_macro(env: jinja2.Environment) -> object:
    """``ability.j2``'s ``ability_class`` macro, passed to the module templates as a variable: a
    ``{% from "ability.j2" import ability_class %}`` in them cost about 20 microseconds of every
    rendered card (a sixth of its rendering)."""
    return _loaded(env, "ability.j2").module.ability_class  # type: ignore[attr-defined]


def ready() -> None:
    """Load the card and keyword templates and the ability macro now (see
    :func:`compiler.build._ready_to_compile`)."""
    env = environment()
    for name in ("card.py.j2", "keywords.py.j2"):
        _loaded(env, name)
    _ability_macro(env)


def _render(template: str, **context: object) -> str:
    """Render module template ``template`` (with the ability macro) from ``context``.

    As ``Template.render`` does, except that the context is ``shared``: these variables are all
    the templates read (they use none of Jinja2's globals), so Jinja2 needn't copy its globals into
    a new dictionary for every card (a third of the cost of rendering an empty card)."""
    env = environment()
    loaded = _loaded(env, template)
    context["ability_class"] = _ability_macro(env)
    try:
        return env.concat(loaded.root_render_func(loaded.new_context(context, shared=True)))
    except Exception:
        env.handle_exception()
        raise  # (handle_exception re-raises the error with the template's lines in its traceback)


_BASES = {SpellIR: ("Spell", "SpellAbility"), TriggeredIR: ("Triggered", "TriggeredAbility"),
          ActivatedIR: ("Activated", "ActivatedAbility"), StaticIR: ("Static", "StaticAbility")}


def _effect_actions(effects: tuple[EffectIR, ...], out: set[str]) -> None:
    for e in effects:
        for k, v in e.args:
            if k == "action" and isinstance(v, str):
                out.add(v)
            if isinstance(v, EffectIR):
                _effect_actions((v,), out)


def ability_classes(abilities: tuple[AbilityIR, ...], base: str, text_of: "TextOf",
                    actions: Mapping[str, tuple[str, str]]) -> tuple[list[dict[str, object]], list[str], set[tuple[str, str]]]:
    """Class entries for the templates, instance expressions in order, and imports needed."""
    imports: set[tuple[str, str]] = set()
    entries: list[dict[str, object]] = []
    instances: list[str] = []
    counts: dict[str, int] = {}
    used: dict[str, str] = {}
    for ab in abilities:
        if isinstance(ab, KeywordUseIR):
            imports.add((ab.module, pyexpr.ident(ab.cls)))
            args = ", ".join(str(a) if isinstance(a, int) else pyexpr.lit(a) if isinstance(a, str) else pyexpr.cost(a)
                             for a in ab.args)
            instances.append(f"{pyexpr.ident(ab.cls)}({args})")
            continue
        if isinstance(ab, EntersWithIR):
            cond = f", condition={pyexpr.condition(ab.condition)}" if ab.condition is not None else ""
            kws = f", keywords={pyexpr.lit(ab.keywords)}" if ab.keywords else ""
            instances.append(f"rt.EntersWithCounters(amount={pyexpr.amount(ab.amount)}, "
                             f"counter={pyexpr.lit(ab.counter)}{cond}{kws})")
            continue
        if isinstance(ab, EntersTappedIR):
            instances.append("rt.EntersTapped()")
            continue
        if isinstance(ab, CardCostIR):
            if ab.kind == "per_extra_target":
                instances.append(f"rt.CostsMorePerExtraTarget(cost={pyexpr.cost(ab.cost)})")
            elif ab.kind == "alternative":
                instances.append(f"rt.AlternativeCost(label='alternative', cost={pyexpr.cost(ab.cost)}, "
                                 "zone=rt.Zone.HAND)")
            else:
                instances.append(f"rt.AdditionalCost(label='additional', cost={pyexpr.cost(ab.cost)}, "
                                 "mandatory=True)")
            continue
        if isinstance(ab, AmplifyIR):
            instances.append(f"rt.RevealToEnterWithCounters(amount={pyexpr.amount(ab.amount)}, "
                             f"counter={pyexpr.lit(ab.counter)})")
            continue
        if isinstance(ab, AsTurnedFaceUpIR):
            instances.append(f"rt.AsTurnedFaceUp(amount={pyexpr.amount(ab.amount)}, counter={pyexpr.lit(ab.counter)})")
            continue
        if isinstance(ab, UncounterableIR):
            instances.append("rt.CantBeCountered()")
            continue
        if isinstance(ab, EntersAsCopyIR):
            instances.append(f"rt.EntersAsCopy(filter={pyexpr.obj_filter(ab.filter)})")
            continue
        # 613.1f: quoted abilities its effects grant are classes of their own, defined before it.
        for part in _granted(ab):
            assert part.ability is not None
            sub, _, sub_imports = ability_classes((part.ability,), base + part.ability_cls, text_of, actions)
            sub[-1]["cls"] = part.ability_cls
            entries.extend(sub)
            imports |= sub_imports
        kind, base_cls = _BASES[type(ab)]
        counts[kind] = counts.get(kind, 0) + 1
        cls = f"{base}{kind}{counts[kind] if counts[kind] > 1 or kind != 'Spell' else ''}"
        entry: dict[str, object] = {"cls": cls, "base": base_cls, "text": text_of(ab), "trigger": "", "affects": "",
                                    "filter": "",
                                    "condition": "", "cost": "", "is_mana": False, "targets": [],
                                    "sentences": [], "parts": [], "restriction": "", "once": False,
                                    "from_hand": False, "special": False, "zones": (),
                                    "modes": [], "choose": 0, "divide": ""}
        if isinstance(ab, StaticIR):
            entry["parts"] = [pyexpr.static_part(p) for p in ab.parts]
            entry["affects"] = "enchanted" if ab.enchanted else "cards" if ab.cards else \
                "filter" if ab.affected is not None else ""
            entry["filter"] = pyexpr.obj_filter(ab.affected) if ab.affected is not None else ""
            entry["condition"] = pyexpr.condition(ab.condition) if ab.condition else ""
            entry["zones"] = ab.zones
        else:
            names: set[str] = set()
            for sent in (*ab.sentences, *(s for m in getattr(ab, "modes", ()) for s in m)):
                _effect_actions(sent.effects, names)
            for n in sorted(names):
                used[n] = actions[n][1]
                imports.add(actions[n])
            entry["targets"] = [pyexpr.target(t) for t in ab.targets]
            entry["sentences"] = [pyexpr.sentence(sent, used) for sent in ab.sentences]
            divided = [e for s in ab.sentences for e in s.effects if e.kind == "divided_damage"]
            if isinstance(ab, SpellIR) and divided:
                amt = dict(divided[0].args)["amount"]
                assert isinstance(amt, AmountIR)
                entry["divide"] = pyexpr.amount(amt)
            if isinstance(ab, SpellIR) and ab.modes:
                entry["modes"] = [[pyexpr.sentence(sent, used) for sent in mode] for mode in ab.modes]
                entry["choose"] = ab.choose
            if isinstance(ab, TriggeredIR):
                entry["trigger"] = pyexpr.trigger(ab.trigger)
                entry["condition"] = pyexpr.condition(ab.condition) if ab.condition else ""
            if isinstance(ab, ActivatedIR):
                entry["cost"] = pyexpr.cost(ab.cost)
                entry["is_mana"] = ab.is_mana
                entry["restriction"] = pyexpr.condition(ab.restriction) if ab.restriction else ""
                entry["once"] = ab.once_per_turn
                entry["from_hand"] = ab.from_hand
                entry["special"] = ab.special
        entries.append(entry)
        instances.append(f"{cls}()")
    return entries, instances, imports


TextOf = Callable[[AbilityIR], str]


def _granted(ab: AbilityIR) -> list[StaticPartIR]:
    """The "gain_ability" parts of the continuous effects in ``ab``'s instructions."""
    out: list[StaticPartIR] = []
    for s in (*getattr(ab, "sentences", ()), *(x for m in getattr(ab, "modes", ()) for x in m)):
        for e in s.effects:
            _walk_granted(e, out)
    if isinstance(ab, StaticIR):
        _walk_granted(ab.parts, out)  # a static ability's quoted abilities ("has "When ... dies, ..."")
    return out


def _walk_granted(v: object, out: list[StaticPartIR]) -> None:
    # (A function of its own, not a closure: a closure that calls itself is a reference cycle,
    # left for the cyclic collector, once per ability of every card compiled.)
    if isinstance(v, StaticPartIR) and v.kind == "gain_ability":
        out.append(v)
    elif isinstance(v, EffectIR):
        for _, arg in v.args:
            _walk_granted(arg, out)
    elif isinstance(v, tuple):
        for x in v:
            _walk_granted(x, out)


def _import_lines(imports: set[tuple[str, str]], own_module: str = "") -> list[tuple[str, list[str]]]:
    by_module: dict[str, set[str]] = {}
    for module, cls in imports:
        if module != own_module:
            by_module.setdefault(module, set()).add(pyexpr.ident(cls))
    return sorted((m, sorted(c)) for m, c in by_module.items())


def render_card(card: CardIR, library: LibraryIR, text: str | None = None,
                lines_of: dict[int, str] | None = None) -> str:
    """The Python module for one card (``text``: its rules text, if already rendered, and
    ``lines_of`` its abilities' lines as :func:`compiler.text.card_text` gave them)."""
    actions = library.action_classes()
    known = lines_of or {}
    entries, instances, imports = ability_classes(card.abilities, identifier(card.name),
                                                  lambda ab: known.get(id(ab)) or ability_text(card, ab), actions)
    return _render("card.py.j2",
        version=VERSION, source=card.source, doc=f"{card.name}: generated card module.",
        imports=_import_lines(imports), abilities=entries, instances=instances,
        name=card.name, mana_cost=card.mana_cost, supertypes=card.supertypes, types=card.types,
        subtypes=card.subtypes, power=card.power, toughness=card.toughness, colors=card.colors,
        text=card_text(card, library) if text is None else text,
    )


def _part(k: KeywordIR, p: KeywordPartIR) -> str:
    label = pyexpr.lit(k.label)
    if p.kind == "additional":
        return (f"rt.AdditionalCost(label={label}, cost={pyexpr.ident(p.param)}, "
                f"repeatable={p.repeatable!r}, keyword={pyexpr.lit(k.name)})")
    if p.kind == "alternative":
        cost = f"rt.Cost(mana={pyexpr.lit(p.fixed)})" if p.fixed else pyexpr.ident(p.param)
        extra = ""
        if p.face_down:
            extra += f", face_down=rt.FaceDown({label})"
        if p.instructed:
            extra += ", instructed=True"
        return (f"rt.AlternativeCost(label={label}, cost={cost}, "
                f"zone=rt.Zone.{p.zone.upper()}, keyword={pyexpr.lit(k.name)}{extra})")
    if p.kind == "face_up":
        counters = f", counters=(({pyexpr.lit(p.counter)}, {pyexpr.lit(p.amount)}),)" if p.counter else ""
        return (f"rt.FaceUpCost(label={label}, cost={pyexpr.ident(p.param)}{counters}, "
                f"keyword={pyexpr.lit(k.name)})")
    if p.kind == "cast_from":
        assert p.cost is not None
        return (f"rt.AlternativeCost(label={label}, cost={pyexpr.cost(p.cost)}, zone=rt.Zone.{p.zone.upper()}, "
                f"keyword={pyexpr.lit(k.name)}, plus_mana_cost=True)")
    if p.kind == "discard_instead":
        return f"rt.DiscardInstead(zone=rt.Zone.{p.zone.upper()}, label={label})"
    if p.kind == "exile_from_stack":
        return f"rt.ExileIfLeavesStack(label={label})"
    if p.kind == "haste":
        return "rt.IgnoresSummoningSickness()"
    if p.kind == "hand_on_resolve":
        return f"rt.HandIfPaidOnResolve(label={label})"
    if p.kind == "flash":
        return "rt.MayCastAsThoughInstant()"
    if p.kind == "splice":
        return (f"rt.SpliceOnto(subtype={pyexpr.ident(p.zone)}, label={label}, cost={pyexpr.ident(p.param)}, "
                f"keyword={pyexpr.lit(k.name)})")
    if p.kind == "aura":
        return f"rt.AuraTarget(types=({pyexpr.ident(p.param)},))"
    raise ValueError(p.kind)


def render_keyword_file(f: KeywordFileIR, library: LibraryIR) -> str:
    """The Python module for one keyword file."""
    actions = library.action_classes()
    keywords = []
    all_imports: set[tuple[str, str]] = set()
    for k in f.keywords:
        title = k.name
        entries, instances, imports = ability_classes(k.abilities, k.cls, lambda ab: title, actions)
        all_imports |= imports
        keywords.append({
            "cls": k.cls, "name": k.name, "rule": k.rule, "reminder": k.reminder, "params": list(k.params),
            "parts": [_part(k, p) for p in k.parts if p.kind != "inert"] + instances,
            "abilities": entries,
        })
    actions_out = []
    for a in f.actions:
        _, kw_instances, imports = ability_classes(a.face_down_keywords, a.cls, lambda ab: a.name, actions)
        all_imports |= imports
        face_down = ""
        if any(kind == "face_down" for kind, _ in a.steps):
            face_down = (f"rt.FaceDown({pyexpr.lit(a.name)}, abilities=({''.join(i + ', ' for i in kw_instances)}), "
                         f"up_for_mana_cost={a.face_up_for_mana_cost!r})")
        actions_out.append({"cls": a.cls, "name": a.name, "rule": a.rule, "steps": a.steps, "face_down": face_down})
    return _render("keywords.py.j2",
        version=VERSION, source=f.source, doc=f"Keywords from {f.source}: generated module.",
        imports=_import_lines(all_imports, f.module), keywords=keywords, actions=actions_out,
        counters=tuple(sorted(c.name for c in f.counters)))


def index_table(cards: list[tuple[str, str]]) -> str:
    """The pool index's card table (:data:`INDEX_TABLE`): the names of ``cards`` (name, module),
    sorted, NUL-separated, two NULs, then their modules in the same order."""
    # Names are unique (the build reports a second card of a name as an error), so sorting the
    # names alone orders the pairs, and sorting strings is faster than sorting pairs (with the
    # C-level joins and counts below, 22 -> 15 ms at 30,000 cards; a loop over the pairs cost
    # as much as the rest).
    module_of = dict(cards)
    assert len(module_of) == len(cards), "card names must be unique"
    ordered = sorted(module_of)
    names, modules = "\x00".join(ordered), "\x00".join(map(module_of.__getitem__, ordered))
    # The separator occurs only between entries (sources with NUL are refused), and no name or
    # module is empty, so the two NULs occur only between the two parts.
    assert names.count("\x00") == modules.count("\x00") == max(len(ordered) - 1, 0)
    return names + "\x00\x00" + modules


def render_index(library: LibraryIR) -> str:
    """The pool index module (its cards are in :func:`index_table`)."""
    kws = sorted((k.name.lower(), k.module, k.cls) for f in library.files for k in f.keywords)
    acts = sorted((a.name, a.module, a.cls) for f in library.files for a in f.actions)
    return _render("index.py.j2", version=VERSION, table=INDEX_TABLE, keywords=kws, actions=acts)
