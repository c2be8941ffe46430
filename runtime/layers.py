"""Characteristics computed at query time (613): copiable values, then counters (613.4c).

Only what today's cards need is layered: printed values (layer 1, with face-down status in a
later change), counters and damage-independent P/T.  Keeping one entry point means later
layers slot in without touching callers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .abilities import Ability

if TYPE_CHECKING:
    from .objects import GameObject


@dataclass(frozen=True)
class Characteristics:
    """An object's characteristics right now (109.3)."""

    name: str
    mana_cost: tuple[str, ...]
    colors: frozenset[str]
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    power: int | None
    toughness: int | None
    abilities: tuple[Ability, ...]
    keywords: frozenset[str]


def characteristics(obj: "GameObject") -> Characteristics:
    """Compute ``obj``'s characteristics through the layers (613.1)."""
    d = obj.definition
    power, toughness = d.power, d.toughness
    # 613.4c (layer 7c): +1/+1 and -1/-1 counters.
    if power is not None and toughness is not None:
        delta = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
        power += delta
        toughness += delta
    return Characteristics(
        name=d.name,
        mana_cost=d.mana_cost,
        colors=d.colors,
        supertypes=frozenset(d.supertypes),
        types=frozenset(d.types),
        subtypes=frozenset(d.subtypes),
        power=power,
        toughness=toughness,
        abilities=d.expanded,
        keywords=d.keywords,
    )
