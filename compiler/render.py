"""Rendering IR to Python modules through Jinja2 templates.

The environment uses ``StrictUndefined`` (a missing value is an error, never an empty string),
``keep_trailing_newline`` and LF endings; iteration orders come from the IR (printed order) or
are sorted, and nothing time-dependent is written, so output is byte-for-byte deterministic.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping

import jinja2

from runtime.pool import INDEX_TABLE

from . import VERSION, pyexpr
from .ir.abilities import (
    AbilityIR, ActivatedIR, AdditionalCardCost, AlternativeCardCost, AmplifyIR, AsChoosePTIR, AsCopyIR, AsTurnedFaceUpIR, CardIR,
    ChooseColorAsEntersIR,
    CostPerExtraTarget, EntersAsCopyIR, EntersTappedIR, EntersWithIR, KeywordUseIR, SentenceIR, SpellIR, StaticIR,
    CostPerPermanent,
    CostLessIf, ConditionalKeywordIR, SpendOnXIR,
    TriggeredIR, UncounterableIR,
)
from .ir.conditions import condition_python
from .ir.effects import Divided, Effect, action_names
from .ir.library import ActionStep, KeywordFileIR, LibraryIR
from .ir.statics import GainAbility
from .lower import identifier
from .templating import TEMPLATES
from .text import ability_text, card_text


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The Jinja2 environment with the ``lit`` (repr), ``ident`` (validated identifier) and ``module``
    (validated module name) filters."""
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
    env.filters["module"] = pyexpr.module
    return env


@lru_cache(maxsize=16)
def _loaded(env: jinja2.Environment, name: str) -> jinja2.Template:
    """A template of ``env``, looked up once (Jinja2's own lookup costs microseconds per render)."""
    return env.get_template(name)


@lru_cache(maxsize=4)
def _ability_macro(env: jinja2.Environment) -> object:
    """``ability.j2``'s ``ability_class`` macro, passed to the module templates as a variable: a
    ``{% from "ability.j2" import ability_class %}`` in them would import the macro again for
    every rendered card."""
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
    a new dictionary for every card, a large part of the cost of rendering a small card)."""
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


def sentence_python(s: SentenceIR, actions: Mapping[str, str]) -> str:
    """The ``rt.Sentence`` expression of one sentence (``actions``: keyword action -> class name)."""
    effects = ", ".join(e.python(actions) for e in s.effects)
    if len(s.effects) == 1:
        effects += ","
    fields = [f"effects=({effects})"]
    if s.condition is not None:
        fields.append(f"condition={s.condition.python()}")
    if s.instead:
        fields.append("instead=True")
    if s.may:
        fields.append("may=True")
    if s.gate is not None:
        fields.append(f"gate={s.gate.python()}")
    return f"rt.Sentence({', '.join(fields)})"


# Abilities that are instances of runtime classes (not classes of their own): one function each.

def _instance_KeywordUseIR(ab: KeywordUseIR) -> str:
    args = ", ".join(str(a) if isinstance(a, int) else pyexpr.lit(a) if isinstance(a, str) else a.python()
                     for a in ab.args)
    return f"{pyexpr.ident(ab.cls)}({args})"


def _instance_EntersWithIR(ab: EntersWithIR) -> str:
    cond = f", condition={ab.condition.python()}" if ab.condition is not None else ""
    kws = f", keywords={pyexpr.lit(ab.keywords)}" if ab.keywords else ""
    granted = f", abilities=({pyexpr.ident(ab.granted.cls)}(),)" if ab.granted is not None else ""
    amount = ab.where if ab.where is not None else ab.amount  # 107.3: X is the "where X is" amount
    return (f"rt.EntersWithCounters(amount={amount.python()}, counter={pyexpr.lit(ab.counter)}{cond}{kws}"
            f"{granted})")


def _instance_ChooseColorAsEntersIR(ab: ChooseColorAsEntersIR) -> str:
    return "rt.ChooseColorAsEnters()"


def _instance_EntersTappedIR(ab: EntersTappedIR) -> str:
    return "rt.EntersTapped()"


def _instance_CostPerPermanent(ab: CostPerPermanent) -> str:
    flt = pyexpr.ident(ab.param) if ab.param else ab.filter.python() if ab.filter is not None else "rt.ObjectFilter()"
    return (f"rt.CostsLessPerPermanent(mana={pyexpr.lit(ab.cost.mana)}, filter={flt}, "
            f"yours={pyexpr.lit(bool(ab.param))})")


def _instance_CostPerExtraTarget(ab: CostPerExtraTarget) -> str:
    return f"rt.CostsMorePerExtraTarget(cost={ab.cost.python()})"


def _instance_CostLessIf(ab: CostLessIf) -> str:
    return f"rt.CostsLessIf(cost={ab.cost.python()}, condition={ab.condition.python()})"


def _instance_AlternativeCardCost(ab: AlternativeCardCost) -> str:
    return f"rt.AlternativeCost(label='alternative', cost={ab.cost.python()}, zone=rt.Zone.HAND)"


def _instance_AdditionalCardCost(ab: AdditionalCardCost) -> str:
    if ab.optional:
        # 601.2b, 607: an optional additional cost; "if you revealed ..." asks whether it was paid.
        return f"rt.AdditionalCost(label='revealed', cost={ab.cost.python()})"
    if ab.or_cost is not None:
        first = ab.cost.text()
        second = ("pay " if ab.pay else "") + ab.or_cost.text()
        return (f"rt.AdditionalCost(label='additional', cost={ab.cost.python()}, mandatory=True, "
                f"either=(({pyexpr.lit(first[:1].lower() + first[1:])}, {ab.cost.python()}), "
                f"({pyexpr.lit(second[:1].lower() + second[1:])}, {ab.or_cost.python()})))")
    return f"rt.AdditionalCost(label='additional', cost={ab.cost.python()}, mandatory=True)"


def _instance_AmplifyIR(ab: AmplifyIR) -> str:
    return f"rt.RevealToEnterWithCounters(amount={ab.amount.python()}, counter={pyexpr.lit(ab.counter)})"


def _instance_AsTurnedFaceUpIR(ab: AsTurnedFaceUpIR) -> str:
    return f"rt.AsTurnedFaceUp(amount={ab.amount.python()}, counter={pyexpr.lit(ab.counter)})"


def _instance_AsChoosePTIR(ab: AsChoosePTIR) -> str:
    return (f"rt.AsChoosePT(options={pyexpr.lit(ab.options)}, on_enter={pyexpr.lit(ab.on_enter)}, "
            f"on_turned_up={pyexpr.lit(ab.on_turned_up)})")


def _instance_AsCopyIR(ab: AsCopyIR) -> str:
    return f"rt.AsCopyOf(filter={ab.filter.python()}, extra=({pyexpr.ident(ab.extra.cls)}(),))"


def _instance_UncounterableIR(ab: UncounterableIR) -> str:
    return "rt.CantBeCountered()"


def _instance_ConditionalKeywordIR(ab: ConditionalKeywordIR) -> str:
    return f"rt.ConditionalKeyword(keyword={_instance_KeywordUseIR(ab.use)}, condition={ab.condition.python()})"


def _instance_EntersAsCopyIR(ab: EntersAsCopyIR) -> str:
    return f"rt.EntersAsCopy(filter={ab.filter.python()})"


def _instance_SpendOnXIR(ab: SpendOnXIR) -> str:
    restrictions = "".join(f"{r.python()}, " for r in ab.restrictions)
    return f"rt.SpendingRestrictionOnX(restrictions=({restrictions}))"


_INSTANCES: dict[type, Callable[[Any], str]] = {
    cls: globals()[f"_instance_{cls.__name__}"]
    for cls in (KeywordUseIR, EntersWithIR, EntersTappedIR, CostPerExtraTarget, CostPerPermanent, CostLessIf, AlternativeCardCost,
                AdditionalCardCost, AmplifyIR, AsTurnedFaceUpIR, AsChoosePTIR, AsCopyIR, ChooseColorAsEntersIR, UncounterableIR, EntersAsCopyIR,
                ConditionalKeywordIR, SpendOnXIR)
}


def ability_classes(abilities: tuple[AbilityIR, ...], base: str, text_of: "TextOf",
                    actions: Mapping[str, tuple[str, str]]) -> tuple[list[dict[str, object]], list[str], set[tuple[str, str]]]:
    """Class entries for the templates, instance expressions in order, and imports needed."""
    imports: set[tuple[str, str]] = set()
    entries: list[dict[str, object]] = []
    instances: list[str] = []
    counts: dict[str, int] = {}
    used: dict[str, str] = {}
    for ab in abilities:
        instance = _INSTANCES.get(type(ab))
        # 613.1f: quoted abilities its effects grant are classes of their own, defined before it
        # (707.9a: also the ability a copy has "except it has ...").
        for part in _granted(ab):
            sub, _, sub_imports = ability_classes((part.ability,), base + part.cls, text_of, actions)
            sub[-1]["cls"] = part.cls
            entries.extend(sub)
            imports |= sub_imports
        if instance is not None:
            if isinstance(ab, (KeywordUseIR, ConditionalKeywordIR)):
                use = ab.use if isinstance(ab, ConditionalKeywordIR) else ab
                imports.add((use.module, pyexpr.ident(use.cls)))
            instances.append(instance(ab))
            continue
        # Classes are named by their kind of ability and counted ("Activated2"); a card's one
        # spell ability is plain "Spell".
        noun, base_cls = _BASES[type(ab)]
        counts[noun] = counts.get(noun, 0) + 1
        cls = f"{base}{noun}{counts[noun] if counts[noun] > 1 or not isinstance(ab, SpellIR) else ''}"
        entry: dict[str, object] = {"cls": cls, "base": base_cls, "text": text_of(ab), "trigger": "", "affects": "",
                                    "filter": "",
                                    "condition": "", "cost": "", "is_mana": False, "targets": [],
                                    "sentences": [], "parts": [], "restriction": "", "once": False,
                                    "from_hand": False, "special": False, "zones": (),
                                    "modes": [], "choose": 0, "divide": ""}
        if isinstance(ab, StaticIR):
            entry["parts"] = [p.python() for p in ab.parts]
            entry["affects"] = "enchanted" if ab.enchanted else "cards" if ab.cards else \
                "filter" if ab.affected is not None else ""
            entry["filter"] = ab.affected.python() if ab.affected is not None else ""
            entry["condition"] = condition_python(ab.condition) if ab.condition else ""
            entry["zones"] = ab.zones
        else:
            assert isinstance(ab, (SpellIR, TriggeredIR, ActivatedIR))
            names: set[str] = set()
            for sent in (*ab.sentences, *(s for m in getattr(ab, "modes", ()) for s in m)):
                action_names(sent.effects, names)
            for n in sorted(names):
                used[n] = actions[n][1]
                imports.add(actions[n])
            entry["targets"] = [t.python() for t in ab.targets]
            entry["sentences"] = [sentence_python(sent, used) for sent in ab.sentences]
            if isinstance(ab, (SpellIR, TriggeredIR)):
                entry["divide"] = divide_python(ab.sentences)  # 601.2d, 603.3d: announced as put on the stack
            if isinstance(ab, (SpellIR, TriggeredIR)) and ab.modes:
                entry["modes"] = [[sentence_python(sent, used) for sent in mode] for mode in ab.modes]
                entry["choose"] = ab.choose
            if isinstance(ab, TriggeredIR):
                entry["trigger"] = ab.trigger.python()
                entry["condition"] = condition_python(ab.condition) if ab.condition else ""
            if isinstance(ab, ActivatedIR):
                entry["cost"] = ab.cost.python()
                entry["is_mana"] = ab.is_mana
                entry["restriction"] = condition_python(ab.restriction) if ab.restriction else ""
                entry["once"] = ab.once_per_turn
                entry["from_hand"] = ab.from_hand
                entry["special"] = ab.special
        entries.append(entry)
        instances.append(f"{cls}()")
    return entries, instances, imports


TextOf = Callable[[AbilityIR], str]


def _granted(ab: AbilityIR) -> list[GainAbility]:
    """The quoted abilities granted (613.1f) by the continuous effects in ``ab``'s instructions,
    or by its static parts ("has "When ... dies, ..."")."""
    out: list[GainAbility] = []
    for s in (*getattr(ab, "sentences", ()), *(x for m in getattr(ab, "modes", ()) for x in m)):
        for e in s.effects:
            _walk_granted(e, out)
    if isinstance(ab, StaticIR):
        _walk_granted(ab.parts, out)
    if isinstance(ab, AsCopyIR):
        out.append(ab.extra)  # 707.9a: the ability the copy has
    if isinstance(ab, EntersWithIR) and ab.granted is not None:
        out.append(ab.granted)  # "enters with ... and with "ABILITY"" (614.1c)
    return out


def _walk_granted(v: object, out: list[GainAbility]) -> None:
    # Through the fields of effects (the parts of continuous effects, nested instructions), in
    # order; not into a granted ability itself, whose own grants are its class's.
    if isinstance(v, GainAbility):
        out.append(v)
    elif isinstance(v, Effect):
        for arg in vars(v).values():
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


def divide_python(sentences: "tuple[SentenceIR, ...]") -> str:
    """601.2d: the amount an ability divides among its targets as it is put on the stack ("" for
    none): the first divided amount, or, where a sentence replacing another divides (608.2c: "if this
    spell was kicked, prevent the next 6 damage this way instead"), that amount while its condition
    holds."""
    out = ""
    for s in sentences:
        divided = [e for e in s.effects if isinstance(e, Divided)]
        if not divided:
            continue
        amount = divided[0].amount.python()
        if s.instead and s.condition is not None:
            otherwise = f", otherwise={out}" if out else ""
            out = f"rt.AmountIf(condition={condition_python(s.condition)}, then={amount}{otherwise})"
        elif not out:
            out = amount
    return out


def render_card(card: CardIR, library: LibraryIR, text: str | None = None,
                lines_of: dict[int, str] | None = None) -> str:
    """The Python module for one card (``text``: its rules text, if already rendered, and
    ``lines_of`` its abilities' lines as :func:`compiler.text.card_text` gave them)."""
    actions = library.action_classes()
    known = lines_of or {}
    entries, instances, imports = ability_classes(card.abilities, identifier(card.name),
                                                  lambda ab: known.get(id(ab)) or ability_text(card, ab), actions)
    back: dict[str, object] | None = None
    if card.back is not None:
        # 712.2: the back face's abilities are classes of the same module, named after its own name
        face = card.back
        back_entries, back_instances, back_imports = ability_classes(
            face.abilities, identifier(face.name), lambda ab: ability_text(face, ab), actions)
        entries = entries + back_entries
        imports |= back_imports
        back = {"name": face.name, "supertypes": face.supertypes, "types": face.types, "subtypes": face.subtypes,
                "power": face.power, "toughness": face.toughness, "colors": face.colors,
                "text": card_text(face, library), "instances": back_instances}
    return _render("card.py.j2",
        version=VERSION, source=card.source, doc=f"{card.name}: generated card module.",
        imports=_import_lines(imports), abilities=entries, instances=instances, back=back,
        name=card.name, mana_cost=card.mana_cost, supertypes=card.supertypes, types=card.types,
        subtypes=card.subtypes, power=card.power, toughness=card.toughness, colors=card.colors,
        text=card_text(card, library) if text is None else text,
    )


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
            "cls": k.cls, "name": k.name, "rule": k.rule, "reminder": k.reminder, "variant_of": k.variant_of, "redundant": k.redundant,
            "params": list(k.params),
            "parts": [e for e in (p.python(k) for p in k.parts) if e is not None] + instances,
            "abilities": entries,
        })
    actions_out = []
    for a in f.actions:
        _, kw_instances, imports = ability_classes(a.face_down_keywords, a.cls, lambda ab: a.name, actions)
        all_imports |= imports
        face_down = ""
        if a.has_step(ActionStep.FACE_DOWN):
            face_down = (f"rt.FaceDown({pyexpr.lit(a.name)}, abilities=({''.join(i + ', ' for i in kw_instances)}), "
                         f"up_for_mana_cost={a.face_up_for_mana_cost!r})")
        args = a.step_args or ("",) * len(a.steps)
        steps = tuple((step.value, may_fail, arg) for (step, may_fail), arg in zip(a.steps, args))
        actions_out.append({"cls": a.cls, "name": a.name, "rule": a.rule, "steps": steps, "face_down": face_down})
    return _render("keywords.py.j2",
        version=VERSION, source=f.source, doc=f"Keywords from {f.source}: generated module.",
        imports=_import_lines(all_imports, f.module), keywords=keywords, actions=actions_out,
        counters=tuple(sorted(c.name for c in f.counters)))


def index_table(cards: list[tuple[str, str]]) -> str:
    """The pool index's card table (:data:`INDEX_TABLE`): the names of ``cards`` (name, module),
    sorted, NUL-separated, two NULs, then their modules in the same order."""
    # Names are unique (the build reports a second card of a name as an error), so sorting the
    # names alone orders the pairs; sorting strings and joining them in C is much cheaper than
    # sorting and walking pairs, and a pool may hold tens of thousands of cards.
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
