"""Selectors (109, 115.1): which objects an instruction, cost, target or count means."""
from __future__ import annotations

from ..pyexpr import lit, tuple_expr
from .base import dataclass, freeze


@dataclass(frozen=True)
class FilterIR:
    """A selector: the runtime's :class:`runtime.values.ObjectFilter` plus the words it was
    written with (its rules text) and the zone words lowering reads ("exiled card")."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    non: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    kind: str = ""  # the noun: "card", "spell", "permanent" or "" (ObjectFilter.kind)
    words: str = ""  # the selector as written, for rules text
    other: bool = False  # "other": not the source itself
    without: str = ""  # "without flying"
    controller: str = ""  # "you" | "defending" | "opponent"
    blocked_by_source: bool = False  # "creature it's blocking"
    any_types: tuple[str, ...] = ()  # "instant or sorcery": one of these
    mv_min: int = -1  # "with converted mana cost N or greater" (202.3)
    mv_max: int = -1  # "... N or less"
    multicolored: bool = False  # "multicolored spell" (105.2c: two or more colors)
    face_down: bool = False  # "face-down creatures" (708.2)
    face_up: bool = False  # "face-up creatures"
    exiled: bool = False  # "exiled card": a card in exile (406)
    combat: tuple[str, ...] = ()  # "attacking or blocking creature" (506.4): any one of these
    name: str = ""  # "a permanent named X" (201.2)
    attacking_viewer: bool = False  # "that's attacking you" (508.1b: you are the defending player)
    alternatives: tuple["FilterIR", ...] = ()  # "a basic land card or a Gate card": or any one of these
    states: tuple[str, ...] = ()  # "tapped", "attacking or blocking": any one of these statuses
    power_max: int = -1  # "with power N or less" (208.1)
    power_min: int = -1
    toughness_max: int = -1  # "with toughness N or less"
    toughness_min: int = -1
    of_chosen: bool = False  # "of that type": also the kind chosen earlier in the ability

    @property
    def is_spell(self) -> bool:
        """Whether it selects spells (on the stack, 112.1), not permanents or cards."""
        return self.kind == "spell"

    @property
    def is_card(self) -> bool:
        """Whether it selects cards (outside the battlefield and the stack)."""
        return self.kind == "card"

    def python(self) -> str:
        """The ``rt.ObjectFilter`` expression (only its non-default fields, for readability)."""
        fields = []
        for name in ("types", "subtypes", "supertypes", "colors", "non", "keywords"):
            v = getattr(self, name)
            if v:
                fields.append(f"{name}={lit(tuple(v))}")
        if self.kind:
            fields.append(f"kind={lit(self.kind)}")
        if self.other:
            fields.append("other=True")
        if self.without:
            fields.append(f"without={lit(self.without)}")
        if self.controller:
            fields.append(f"controller={lit(self.controller)}")
        if self.blocked_by_source:
            fields.append("blocked_by_source=True")
        if self.any_types:
            fields.append(f"any_types={lit(self.any_types)}")
        if self.multicolored:
            fields.append("multicolored=True")
        if self.face_down:
            fields.append("face_down=True")
        if self.face_up:
            fields.append("face_up=True")
        if self.combat:
            fields.append(f"combat={lit(self.combat)}")
        if self.mv_min >= 0:
            fields.append(f"mana_value_at_least={lit(self.mv_min)}")
        if self.mv_max >= 0:
            fields.append(f"mana_value_at_most={lit(self.mv_max)}")
        if self.states:
            fields.append(f"states={lit(self.states)}")
        for name in ("power_min", "power_max", "toughness_min", "toughness_max"):
            if getattr(self, name) >= 0:
                fields.append(f"{name}={lit(getattr(self, name))}")
        if self.name:
            fields.append(f"name={lit(self.name)}")
        if self.attacking_viewer:
            fields.append("attacking_viewer=True")
        if self.of_chosen:
            fields.append("of_chosen=True")
        if self.alternatives:
            fields.append(f"alternatives={tuple_expr([a.python() for a in self.alternatives])}")
        return f"rt.ObjectFilter({', '.join(fields)})"


def filters_python(filters: tuple[FilterIR, ...]) -> str:
    """A tuple of ``rt.ObjectFilter`` expressions."""
    return tuple_expr([f.python() for f in filters])


freeze(globals())
