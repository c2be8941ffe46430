"""Rendering IR to Python modules through Jinja2 templates.

The environment uses ``StrictUndefined`` (a missing value is an error, never an empty string),
``keep_trailing_newline`` and LF endings; iteration orders come from the IR (printed order) or
are sorted, and nothing time-dependent is written, so output is byte-for-byte deterministic.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from . import VERSION, pyexpr
from .ir import (
    ActivatedIR, CardIR, EntersWithIR, KeywordFileIR, KeywordIR, KeywordPartIR, KeywordUseIR, LibraryIR,
    SpellIR, TriggeredIR,
)
from .lower import identifier
from .text import ability_text, card_text

TEMPLATES = Path(__file__).with_name("templates")


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
    )
    env.filters["lit"] = pyexpr.lit
    env.filters["ident"] = pyexpr.ident
    return env


def _action_classes(library: LibraryIR) -> dict[str, tuple[str, str]]:
    return {name: (a.module, a.cls) for name, a in library.actions().items()}


def render_card(card: CardIR, library: LibraryIR) -> str:
    """The Python module for one card."""
    actions = _action_classes(library)
    imports: dict[str, set[str]] = {}
    used_actions: dict[str, str] = {}

    def need(module: str, cls: str) -> None:
        imports.setdefault(module, set()).add(pyexpr.ident(cls))

    abilities = []
    instances = []
    base = identifier(card.name)
    counts: dict[str, int] = {}
    for ab in card.abilities:
        if isinstance(ab, KeywordUseIR):
            need(ab.module, ab.cls)
            args = ", ".join(str(a) if isinstance(a, int) else pyexpr.cost(a) for a in ab.args)
            instances.append(f"{pyexpr.ident(ab.cls)}({args})")
            continue
        if isinstance(ab, EntersWithIR):
            instances.append(f"rt.EntersWithCounters(amount={pyexpr.amount(ab.amount)}, counter={pyexpr.lit(ab.counter)})")
            continue
        kind = {SpellIR: "Spell", TriggeredIR: "Triggered", ActivatedIR: "Activated"}[type(ab)]
        counts[kind] = counts.get(kind, 0) + 1
        cls = f"{base}{kind}{counts[kind] if counts[kind] > 1 or kind != 'Spell' else ''}"
        for s in ab.sentences:
            for e in s.effects:
                for k, v in e.args:
                    if k == "action" and isinstance(v, str):
                        used_actions[v] = actions[v][1]
                        need(*actions[v])
                    if k == "effect" and hasattr(v, "args"):
                        for k2, v2 in v.args:  # type: ignore[union-attr]
                            if k2 == "action" and isinstance(v2, str):
                                used_actions[v2] = actions[v2][1]
                                need(*actions[v2])
        entry = {
            "cls": cls,
            "base": {"Spell": "SpellAbility", "Triggered": "TriggeredAbility", "Activated": "ActivatedAbility"}[kind],
            "text": ability_text(card, ab),
            "trigger": "rt.EntersTheBattlefield()" if isinstance(ab, TriggeredIR) else "",
            "condition": pyexpr.condition(ab.condition) if isinstance(ab, TriggeredIR) and ab.condition else "",
            "cost": pyexpr.cost(ab.cost) if isinstance(ab, ActivatedIR) else "",
            "is_mana": isinstance(ab, ActivatedIR) and ab.is_mana,
            "targets": [pyexpr.target(t) for t in ab.targets],
            "sentences": [pyexpr.sentence(s, used_actions) for s in ab.sentences],
        }
        abilities.append(entry)
        instances.append(f"{cls}()")
    return environment().get_template("card.py.j2").render(
        version=VERSION, source=card.source, doc=f"{card.name}: generated card module.",
        imports=sorted((m, sorted(c)) for m, c in imports.items()), abilities=abilities, instances=instances,
        name=card.name, mana_cost=card.mana_cost, supertypes=card.supertypes, types=card.types,
        subtypes=card.subtypes, power=card.power, toughness=card.toughness, colors=card.colors,
        text=card_text(card, library),
    )


def _part(k: KeywordIR, p: KeywordPartIR) -> str:
    label = pyexpr.lit(k.label)
    if p.kind == "additional":
        return (f"rt.AdditionalCost(label={label}, cost=self.{pyexpr.ident(p.param)}, "
                f"repeatable={p.repeatable!r}, keyword={pyexpr.lit(k.name)})")
    if p.kind == "alternative":
        return (f"rt.AlternativeCost(label={label}, cost=self.{pyexpr.ident(p.param)}, "
                f"zone=rt.Zone.{p.zone.upper()}, keyword={pyexpr.lit(k.name)})")
    if p.kind == "exile_from_stack":
        return f"rt.ExileIfLeavesStack(label={label})"
    if p.kind == "evasion":
        assert p.filter is not None
        return f"rt.CantBeBlockedExceptBy(blockers={pyexpr.obj_filter(p.filter)})"
    if p.kind == "haste":
        return "rt.IgnoresSummoningSickness()"
    raise ValueError(p.kind)


def render_keyword_file(f: KeywordFileIR) -> str:
    """The Python module for one keyword file."""
    keywords = [
        {"cls": k.cls, "name": k.name, "rule": k.rule, "reminder": k.reminder, "params": list(k.params),
         "parts": [_part(k, p) for p in k.parts if p.kind != "inert"]}
        for k in f.keywords
    ]
    return environment().get_template("keywords.py.j2").render(
        version=VERSION, source=f.source, doc=f"Keywords from {f.source}: generated module.",
        keywords=keywords, actions=list(f.actions), counters=tuple(sorted(c.name for c in f.counters)))


def render_index(cards: list[tuple[str, str]], library: LibraryIR) -> str:
    """The pool index module."""
    kws = sorted((k.name.lower(), k.module, k.cls) for f in library.files for k in f.keywords)
    return environment().get_template("index.py.j2").render(version=VERSION, cards=sorted(cards), keywords=kws)


def template_hash() -> str:
    """Hash of every template (part of the build cache key)."""
    import hashlib
    h = hashlib.sha256()
    for p in sorted(TEMPLATES.glob("*.j2")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()
