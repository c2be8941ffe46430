"""Selectors (109, 115.1): which objects an instruction, cost, target or count means, and the
qualities protection speaks of (702.16a)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from .mana import COLOR_NAMES, mana_value
from .text_changes import COLOR_WORDS
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject


class ObjectKind(Enum):
    """The kind of object a selector's words name (109.1: an object is a card, a token, a spell, a
    permanent, ...), by the noun they use (109.2); the value is that noun as the words write it.

    The kind says where the object is: the instruction, cost or target slot that has the selector
    looks in that zone (a target's ``TargetSpec.zone``, a search's library), so :meth:`ObjectFilter.matches`
    itself reads only the other properties.
    """

    # 109.2: no noun, only a card type or subtype ("target creature", "each Goblin"): a permanent of
    # that type on the battlefield -- or, where an instruction names a zone, an object there.
    ANY = ""
    # 110.1: "permanent": a card or token on the battlefield.
    PERMANENT = "permanent"
    # 108.2, 109.2a: "card": a Magic card, in the zone the words name (a hand, a library, a graveyard,
    # exile) -- outside the battlefield and the stack, where it is a permanent or a spell.
    CARD = "card"
    # 112.1, 109.2b: "spell": a card (or a copy of one) on the stack.
    SPELL = "spell"
    # 111.1: "token" ("creature token"): a permanent that isn't represented by a card (``token``
    # selects tokens only).
    TOKEN = "token"


@dataclass(frozen=True)
class ObjectFilter:
    """A selector over objects: "nonblack creature", "basic land card", "creature with flying or reach".

    Every listed property must hold; ``keywords`` needs any one of them.  ``kind`` is the kind of
    object the words name (:class:`ObjectKind`: a card, a spell, a permanent, a token, or
    ``ObjectKind.ANY`` when they name none); ``token`` selects tokens only.
    """

    # The fields are in the order generated code writes them (compiler/ir/selectors.py writes the
    # ones that differ from their defaults, in this order).
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    # 612.2: color words, changed by a text-changing effect on the object whose ability this is
    colors: tuple[str, ...] = field(default=(), metadata=COLOR_WORDS)
    non: tuple[str, ...] = field(default=(), metadata=COLOR_WORDS)  # colors or types the object must not have ("nonblack")
    keywords: tuple[str, ...] = ()
    kind: ObjectKind = ObjectKind.ANY
    other: bool = False  # not the source itself
    without: str = ""  # must not have this keyword
    controller: str = ""  # "you" | "defending" | "opponent" | "they" | "own" | "event", relative to ``viewer``
    blocked_by_source: bool = False  # "creature it's blocking": an attacker the source blocks
    any_types: tuple[str, ...] = ()  # "instant or sorcery spell": at least one of these types
    multicolored: bool = False  # 105.2c: two or more colors
    face_down: bool = False  # "face-down creatures" (708.2)
    face_up: bool = False  # "face-up creatures"
    combat: tuple[str, ...] = ()  # 506.4: "attacking" / "blocking" -- in combat as one of these
    mana_value_at_least: int = -1  # "with converted mana cost N or greater" (202.3)
    mana_value_at_most: int = -1  # "... N or less"
    states: tuple[str, ...] = ()  # "tapped", "attacking or blocking" (302.6, 506.4): any one of them
    power_min: int = -1  # "with power N or greater" (208.1)
    power_max: int = -1
    toughness_min: int = -1
    toughness_max: int = -1  # "with toughness N or less"
    name: str = ""  # "a permanent named X" (201.2)
    attacking_viewer: bool = False  # "that's attacking you": attacking while ``viewer`` is the defending player
    # "of that type": also the kind a player chose earlier in the ability (checked where the ability's
    # resolution is known, ``Resolution.referents``; ignored by :meth:`matches` itself)
    of_chosen: bool = False
    # "creatures of the creature type of your choice": the controller chooses a creature type as the
    # instruction is followed (608.2d, 205.3m); it becomes the kind "of that type" means
    creature_type_of_choice: bool = False
    # 202.3, 702.53a: "with the same converted mana cost as this card" -- as the source's, from its last
    # known information if it has left its zone (608.2h: transmute's card is discarded as a cost)
    same_mana_value_as_source: bool = False
    alternatives: tuple["ObjectFilter", ...] = ()  # "a basic land card or a Gate card": or any one of these
    # 115.7: "spell that targets only a single creature": a spell with exactly one target, an object
    # of this card type.
    single_target: str = ""
    # 120.3: "creature dealt damage by this this turn" -- the source dealt damage to it this turn.
    dealt_damage_by_source: bool = False
    # 118.3: "Merfolk tapped this turn to pay for its abilities" -- tapped this turn to pay a cost of
    # the source's (its last known information, if it has left, 608.2h).
    tapped_for_source: bool = False
    token: bool = False  # "creature token": tokens only (111.1)
    # 122.1: "permanent with a time counter on it" -- at least one counter of this kind on it; with the
    # keyword suspend, in exile, a "suspended card" (702.62b)
    counter: str = ""

    def describe(self) -> str:
        """The selector in words, plural ("artifact creatures", "creatures with flying or reach")."""
        words = [f"non{COLOR_NAMES.get(n, n)}" for n in self.non] + [COLOR_NAMES.get(c, c) for c in self.colors]
        words += list(self.supertypes) + list(self.subtypes) + list(self.types)
        noun = " ".join(words) or "objects"
        text = noun if noun.endswith("s") else noun + "s"
        if self.keywords:
            text += " with " + " or ".join(self.keywords)
        if self.without:
            text += " without " + self.without
        return text

    def states_quality(self) -> bool:
        """Whether the words state a quality (701.19b), not just a quantity of cards: "a card" and
        "two cards" name only the kind of object, "a basic land card" or "a red card" more."""
        return replace(self, kind=ObjectKind.ANY) != ObjectFilter()

    def matches(self, game: "Game", obj: "GameObject", viewer: int | None = None,
                source_oid: int | None = None) -> bool:
        """Whether ``obj``'s current characteristics (613) satisfy this selector.

        ``viewer`` is the player the words "you" and "defending player" are relative to (the
        controller of the source); ``source_oid`` is the source itself, for "other".
        """
        if self.alternatives and any(a.matches(game, obj, viewer, source_oid) for a in self.alternatives):
            return True
        ch = game.characteristics(obj)
        # "artifact creature": every listed card type (205.2a).
        if self.any_types and not any(t in ch.types for t in self.any_types):
            return False
        if self.face_down and obj.face_down is None:
            return False
        if self.face_up and obj.face_down is not None:
            return False
        if self.types and not all(t in ch.types for t in self.types):
            return False
        if self.subtypes and not any(s in ch.subtypes for s in self.subtypes):
            return False
        if any(s not in ch.supertypes for s in self.supertypes):
            return False
        if self.colors and not any(c in ch.colors for c in self.colors):
            return False
        if self.multicolored and len(ch.colors) < 2:
            return False
        for n in self.non:
            if n in ch.colors or n in ch.types or n in ch.subtypes or n in ch.supertypes:
                return False
            if n == "token" and obj.card.is_token:  # "nontoken" (111.1)
                return False
        if self.token and not obj.card.is_token:  # "creature token" (111.1)
            return False
        if self.mana_value_at_least >= 0 or self.mana_value_at_most >= 0:
            mv = mana_value(ch.mana_cost)
            if obj.zone is Zone.STACK and obj.cast is not None:
                mv += obj.cast.x * ch.mana_cost.count("{X}")  # 202.3e: X is its announced value on the stack
            if mv < self.mana_value_at_least or (self.mana_value_at_most >= 0 and mv > self.mana_value_at_most):
                return False
        if self.same_mana_value_as_source:
            src = None
            if source_oid is not None:
                src = game.state.objects.get(source_oid) or game.state.last_known.get(source_oid)
            if src is None or mana_value(game.characteristics(src).mana_cost) != mana_value(ch.mana_cost):
                return False
        if self.keywords and not any(k in ch.keywords for k in self.keywords):
            return False
        if self.combat and not (("attacking" in self.combat and obj.attacking)
                                or ("blocking" in self.combat and bool(obj.blocking))):
            return False
        if self.without and self.without in ch.keywords:
            return False
        if self.other and source_oid is not None and obj.oid == source_oid:
            return False
        if self.blocked_by_source:
            # 608.2b / 113.7a: if the source has left its zone (e.g. sacrificed to pay the cost),
            # its last known information says what it was blocking.
            src = None
            if source_oid is not None:
                src = game.state.objects.get(source_oid) or game.state.last_known.get(source_oid)
            if src is None or obj.oid not in src.blocking:
                return False
        if self.dealt_damage_by_source and (source_oid, game.state.turn) not in obj.damaged_by:
            return False
        if self.tapped_for_source:
            src = None
            if source_oid is not None:
                src = game.state.objects.get(source_oid) or game.state.last_known.get(source_oid)
            if src is None or (obj.oid, game.state.turn) not in src.tapped_for:
                return False
        if self.name and ch.name != self.name:
            return False
        if self.counter and not obj.counters.get(self.counter, 0):
            return False
        if self.single_target and not _targets_only_one(game, obj, self.single_target):
            return False
        if self.attacking_viewer and not (obj.attacking and viewer is not None and obj.controller != viewer
                                          and game.state.active != viewer):
            return False  # 508.1b: in a two-player game the attacked player is the active player's opponent
        if self.states and not any(_has_state(game, obj, s) for s in self.states):
            return False
        if not _within(ch.power, self.power_min, self.power_max):
            return False
        if not _within(ch.toughness, self.toughness_min, self.toughness_max):
            return False
        if self.controller and viewer is not None:
            mine = obj.controller == viewer
            # "they control": the player following the instruction, whom it passes as the viewer.
            # "that player controls" ("event"): the player a trigger's event named, passed as the viewer (603.2).
            if self.controller in ("you", "they", "event") and not mine:
                return False
            if self.controller in ("defending", "opponent") and mine:
                return False
            if self.controller == "own" and obj.owner != viewer:  # "you own" (108.3)
                return False
        return True


def _has_state(game: "Game", obj: "GameObject", state: str) -> bool:
    """A permanent's status (110.5: tapped or untapped), combat role (506.4: attacking, blocking; 509.1h: unblocked), or
    whether an Aura is attached to it (303.4: "enchanted creatures")."""
    if state == "unblocked":
        return obj.attacking and obj.oid not in game.state.blocked  # 509.1h
    if state == "enchanted":
        return any("Aura" in game.characteristics(a).subtypes for a in game.attached_to(obj.oid))
    if state == "tapped":
        return obj.tapped
    if state == "untapped":
        return not obj.tapped
    if state == "attacking":
        return obj.attacking
    return bool(obj.blocking)


def _within(value: int | None, low: int, high: int) -> bool:
    """Whether a power or toughness is within the bounds (-1: no bound); an object without one fails a bound."""
    if low < 0 and high < 0:
        return True
    if value is None:
        return False
    return (low < 0 or value >= low) and (high < 0 or value <= high)


_QUALITY_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def has_quality(colors: frozenset[str], quality: str, subtypes: frozenset[str] | tuple[str, ...] = (),
                types: frozenset[str] = frozenset()) -> bool:
    """Whether an object of ``colors``, ``subtypes`` and card ``types`` has ``quality`` (702.16a: a
    color, how many colors (105.2), a subtype ("protection from Zombies", written capitalized), or a
    card type ("artifacts"))."""
    if quality == "artifacts":
        return "artifact" in types
    if quality[:1].isupper():
        return quality in subtypes
    if quality in _QUALITY_COLORS:
        return _QUALITY_COLORS[quality] in colors
    if quality == "multicolored":
        return len(colors) >= 2  # 105.2c
    if quality == "monocolored":
        return len(colors) == 1  # 105.2b
    if quality == "colorless":
        return not colors  # 105.2c
    return False


def _targets_only_one(game: "Game", obj: "GameObject", card_type: str) -> bool:
    """115.7: whether ``obj`` is a spell on the stack whose only target is one object of ``card_type``
    (a player, or a second target, and it doesn't)."""
    item = next((i for i in game.state.stack if i.oid == obj.oid), None)
    chosen = [t for t in item.targets if t is not None] if item is not None else []
    if card_type == "target":
        return len(chosen) == 1  # "with a single target": one target, an object or a player
    if len(chosen) != 1 or not isinstance(chosen[0], int) or not game.exists(chosen[0]):
        return False
    return card_type in game.characteristics(game.obj(chosen[0])).types
