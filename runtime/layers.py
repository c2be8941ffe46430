"""Characteristics computed at query time through the layers (613).

Order: copiable values (layer 1), control is stored on the object (layer 2), ability-adding and
-removing effects (layer 6: keywords granted or lost by resolved effects, then by static
abilities), then power/toughness (layer 7: 7c modifications from effects and statics, then
counters).  Static abilities apply only while their condition holds; a condition that asks about
the object's own characteristics (e.g. "as long as it has defender") sees them as of layer 6
before static grants, which keeps the computation from depending on itself (613.8).
"""
from __future__ import annotations

import functools
import operator
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, TypeVar

from .abilities import Ability, ActivatedAbility, AuraTarget, Keyword, StaticAbility
from .continuous import (
    AddTypes, BecomesAura, ContinuousEffect, GainAbility, GainKeywordAtManaCost, GainKeywords, LoseKeywords, Part, PTChange,
    SetBasePT, SetColors, SetCreatureType, SetPT,
    GainKeywordWithQuality,
    BecomesCreature,
)
from .creature_types import CREATURE_TYPE_SET
from .resolution import Resolution
from .values import Cost
from .zones import Zone

if TYPE_CHECKING:
    from .abilities import CardDefinition
    from .game import Game
    from .objects import GameObject


T = TypeVar("T")


@dataclass(frozen=True)
class Characteristics:
    """An object's characteristics right now (109.3), and the continuous-effect parts applying to it.

    ``parts`` pairs each part with what it comes from (a keyword's name, or "" for the card's own
    ability or an effect), so refusals can say why.
    """

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
    parts: tuple[tuple[Part, str], ...] = ()
    # 613.1f: keyword instances granted by effects, as (name, cost parameter or None), in the order
    # granted; their abilities follow the printed ones (so a printed cost option keeps its index).
    granted: tuple[tuple[str, tuple[str, ...] | None], ...] = ()

    def derived(self, fn: "Callable[[Characteristics], T]") -> "T":
        """``fn(self)`` for a pure function ``fn`` of the characteristics (a module-level function),
        computed once per characteristics object: they are frozen, so the value can't go stale, and
        printed characteristics are shared by every object of a definition (see ``PrintedMemo``)."""
        try:  # one lookup each in the usual case, a value derived before
            return self.__dict__["_derived"][fn]  # type: ignore[no-any-return]
        except KeyError:
            pass
        memo: dict[object, object] | None = self.__dict__.get("_derived")
        if memo is None:  # the first value derived from these characteristics
            memo = self.__dict__["_derived"] = {}
        value = memo[fn] = fn(self)
        return value

    @functools.cached_property
    def activated(self) -> tuple[ActivatedAbility, ...]:
        """Its activated abilities (602), in order: found once per characteristics object (printed
        characteristics are shared by every object of a definition), not at every offer."""
        return tuple(a for a in self.abilities if isinstance(a, ActivatedAbility))

    def has(self, cls: type) -> list[tuple[Part, str]]:
        """The parts of class ``cls`` that apply, with their origins."""
        if not self.parts:  # most objects have none: no comprehension to set up
            return []
        return [(p, o) for p, o in self.parts if isinstance(p, cls)]


def equivalent(a: Characteristics, b: Characteristics) -> bool:
    """Whether two computations gave the same characteristics.  A keyword granted by an effect
    instantiates its abilities anew each time (``Keyword.abilities``; a keyword with parameters even
    their classes), so abilities, and granted abilities among the parts, are compared by class
    name; everything else by value."""
    def kind(x: object) -> str:
        return type(x).__qualname__

    def part_key(p: Part, origin: str) -> object:
        return (kind(p), kind(p.ability), origin) if isinstance(p, GainAbility) else (p, origin)

    return (a.name, a.mana_cost, a.colors, a.supertypes, a.types, a.subtypes, a.power, a.toughness, a.keywords,
            a.granted) == \
        (b.name, b.mana_cost, b.colors, b.supertypes, b.types, b.subtypes, b.power, b.toughness, b.keywords,
         b.granted) and \
        [kind(x) for x in a.abilities] == [kind(x) for x in b.abilities] and \
        [part_key(p, o) for p, o in a.parts] == [part_key(p, o) for p, o in b.parts]


_timestamp = operator.attrgetter("timestamp")  # 613.7: the order effects apply in


def _for_source(game: "Game", p: Part, src: "GameObject") -> Part:
    """A static ability's part as it applies now: "+1/+1 for each +1/+1 counter on this" counts the
    counters on the ability's source; "for each black permanent your opponents control" counts those
    permanents, seen from the source's controller (613.8: the object being computed is seen as it
    is so far)."""
    if not isinstance(p, PTChange):
        return p
    if p.per_counter:
        return p.times(src.counters.get(p.per_counter, 0))
    if p.per_filter is not None:
        flt = p.per_filter
        # 404: "for each card with cycling in your graveyard" -- cards of the source's controller's graveyard
        counted = ([game.obj(c) for c in game.zone(Zone.GRAVEYARD, src.controller)] if p.per_zone == "graveyard"
                   else game.battlefield())
        return p.times(sum(1 for o in counted
                           if flt.matches(game, o, viewer=src.controller, source_oid=src.oid)))
    return p


@functools.lru_cache(maxsize=None)
def _pt_counter(kind: str) -> tuple[int, int] | None:
    """The power and toughness change of one counter of ``kind`` (122.1a), or None for other kinds."""
    m = re.fullmatch(r"([+-][0-9]+)/([+-][0-9]+)", kind)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _keyword_abilities(game: "Game", name: str, *args: object) -> list[tuple[Ability, str]]:
    k = game.keyword_library(name, *args)
    if isinstance(k, Keyword):
        return [(a, k.name) for a in k.abilities()] + [(k, k.name)]
    return [(k, name)]


def _redundant(game: "Game", name: str) -> bool:
    """Whether multiple instances of the keyword ``name`` on one object are redundant, as its
    definition says (702.3c, 702.9c, ...); else each instance functions independently (113.2c)."""
    k = game.keyword_library(name)
    return isinstance(k, Keyword) and bool(k.redundant)


class CharacteristicsCache:
    """Characteristics remembered while the game state stands still (a read-only query such as
    offering legal actions, 117.1), so a permanent's layers are computed once per query rather
    than once per candidate that looks at it.

    The cache exists only for the duration of such a query (see ``Game.unchanging``): any state
    change happens outside it, so nothing stale is ever served.  Entries are keyed by object id
    and checked against the object itself (400.7: a moved object is a new one).  A result computed
    while another object's characteristics are in progress (613.8, ``game.partial``) may depend on
    that partial view, so it is neither stored nor served.
    """

    def __init__(self) -> None:
        self.entries: dict[int, tuple["GameObject", Characteristics]] = {}
        self.sources: list["GameObject"] | None = None
        self.battlefield: list["GameObject"] | None = None  # Game.battlefield(), found once
        self.reaching: list["GameObject"] | None = None  # permanents whose statics reach other zones
        # Game.battlefield_parts(cls, controller), by part class and controller, found once.
        self.parts: dict[tuple[type, int], list[tuple["GameObject", Part, str]]] = {}
        # By controller, the phased-in permanents that have continuous-effect parts, with them (for ``parts``).
        self.with_parts: dict[int, list[tuple["GameObject", tuple[tuple[Part, str], ...]]]] = {}
        # By controller, the phased-in permanents with their characteristics (Game.controlled), found once.
        self.controlled: dict[int, list[tuple["GameObject", Characteristics]]] = {}

    def clear(self) -> None:
        """Forget everything (the state changed)."""
        self.entries.clear()
        self.sources = None
        self.battlefield = None
        self.reaching = None
        self.parts.clear()
        self.with_parts.clear()
        self.controlled.clear()

    def affecting_sources(self, game: "Game") -> list["GameObject"]:
        """The permanents with statics that affect others (611.3a), found once per query."""
        if self.sources is None:
            self._find_sources(game)
        return self.sources  # type: ignore[return-value]

    def reaching_sources(self, game: "Game") -> list["GameObject"]:
        """The permanents with statics that affect cards in other zones (611.3a), found once per query."""
        if self.reaching is None:
            self._find_sources(game)
        return self.reaching  # type: ignore[return-value]

    def _find_sources(self, game: "Game") -> None:
        if game.permanents.is_local(game):
            # No permanent has a static ability affecting others (``runtime.permanents``, kept
            # against the game's clock): no pass over the battlefield.
            self.sources, self.reaching = [], []
            return
        # Both kinds in one pass over the battlefield: nearly every stretch asks for both.
        affecting: list["GameObject"] = []
        reaching: list["GameObject"] = []
        objects = game.state.objects
        for oid in game.zone(Zone.BATTLEFIELD):
            src = objects[oid]
            if not src.phased_out:
                # ``src.definition`` inline (708.2 face down, 707.2 a copy, else its card): read for
                # every permanent of every stretch.
                fd = src.face_down
                d = fd.definition if fd is not None else src.copy_of or src.stickered or src.card.definition
                if src.color_words:
                    d = src.definition  # 613.1c: its text changed (layer 3)
                if d.affecting:
                    affecting.append(src)
                if d.reaching:
                    reaching.append(src)
        self.sources, self.reaching = affecting, reaching

    def get(self, game: "Game", obj: "GameObject") -> Characteristics:
        """``obj``'s characteristics: remembered, or computed through the layers now."""
        if game.partial:
            return characteristics(game, obj)
        hit = self.entries.get(obj.oid)
        if hit is not None and hit[0] is obj:
            return hit[1]
        ch = characteristics(game, obj)
        self.entries[obj.oid] = (obj, ch)
        return ch


def _static_sources(game: "Game", kind: str) -> list["GameObject"]:
    """Phased-in permanents whose definition has static abilities of ``kind`` ("affecting" or
    "reaching"), in battlefield order."""
    objects = game.state.objects
    return [src for src in map(objects.__getitem__, game.zone(Zone.BATTLEFIELD))
            if not src.phased_out and getattr(src.definition, kind)]


def affecting_sources(game: "Game") -> list["GameObject"]:
    """Phased-in permanents whose static abilities affect every permanent their selector matches
    (611.3a, e.g. "White creatures get +1/+1"), in battlefield order."""
    return _static_sources(game, "affecting")


def reaching_sources(game: "Game") -> list["GameObject"]:
    """Phased-in permanents whose static abilities affect cards that aren't on the battlefield
    (611.3a, 613.1f: "Each Vampire creature card you own that isn't on the battlefield has
    madness"), in battlefield order."""
    return _static_sources(game, "reaching")


def _reached(game: "Game", obj: "GameObject") -> bool:
    """Whether anything outside ``obj``'s printed card may give it abilities in a zone other than
    the battlefield: a static ability reaching other zones (611.3a), or, for a spell, an ability
    granted to the card that let it be cast (400.7f)."""
    if obj.zone is Zone.STACK and obj.cast is not None and obj.cast.granted:
        return True
    cache = game.characteristics_cache
    return bool(cache.reaching_sources(game) if cache is not None else reaching_sources(game))


def _type_changed(ch: Characteristics, p: "SetCreatureType | BecomesAura") -> Characteristics:
    """613.1d (layer 4): ``ch`` with a type-changing effect applied.  205.1b: a new creature type
    replaces the object's creature types (its other subtypes stay); "becomes an Aura" adds the
    subtype Aura."""
    if isinstance(p, SetCreatureType):
        if not p.subtype:
            return ch  # not chosen (no choice was made as the effect was created)
        kept = frozenset(s for s in ch.subtypes if s not in CREATURE_TYPE_SET)
        return replace(ch, subtypes=kept | {p.subtype, *p.also})
    return replace(ch, subtypes=ch.subtypes | {"Aura"})


def characteristics_of_definition(d: "CardDefinition") -> Characteristics:
    """The characteristics a definition gives by itself, before any effect applies (e.g. the
    face-down values a card would have when cast face down, 702.37c)."""
    return Characteristics(d.name, d.mana_cost, d.colors, frozenset(d.supertypes), frozenset(d.types),
                           frozenset(d.subtypes), d.power, d.toughness, d.expanded, frozenset(d.keywords))


# How a definition's own static abilities bear on its characteristics (``printed_characteristics``).
NO_STATICS, UNCONDITIONAL_STATICS, CONDITIONAL_STATICS = 0, 1, 2


class PrintedMemo:
    """Characteristics that depend on a definition alone, remembered per definition (definitions
    never change, so nothing here goes stale): the printed values, and the values of a permanent
    on which nothing but its own unconditional static abilities act."""

    def __init__(self) -> None:
        self.printed: dict[int, tuple["CardDefinition", Characteristics, int]] = {}
        self.with_statics: dict[int, tuple["CardDefinition", Characteristics]] = {}


def printed_characteristics(game: "Game", d: "CardDefinition") -> tuple[Characteristics, int]:
    """The characteristics ``d`` gives by itself, and how its own static abilities bear on them
    (604.1): none changes a characteristic (a static ability with no parts, e.g. defender's "can't
    attack", is read where it applies), all that do apply unconditionally, or some have a condition."""
    hit = game.printed.printed.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1], hit[2]
    statics = [a for a in d.expanded if isinstance(a, StaticAbility) and not a.affects and a.parts]
    # A value counted as the characteristics are computed (604.3 "equal to the number of ...",
    # "+1/+1 for each ...") depends on the game, not on the definition: such a static is treated
    # like a conditional one, never remembered.
    counted = any(isinstance(p, SetPT) or (isinstance(p, PTChange) and (p.per_counter or p.per_filter is not None))
                  for a in statics for p in a.parts)
    kind = NO_STATICS if not statics else \
        CONDITIONAL_STATICS if counted or any(a.condition is not None for a in statics) else UNCONDITIONAL_STATICS
    ch = characteristics_of_definition(d)
    game.printed.printed[id(d)] = (d, ch, kind)
    return ch, kind


def characteristics(game: "Game", obj: "GameObject", with_statics: bool = True) -> Characteristics:
    """Compute ``obj``'s characteristics through the layers (613.1)."""
    # ``obj.definition`` inline (708.2 face down, 707.2 a copy, else its card): the layers' most
    # frequent read.
    fd = obj.face_down
    d = fd.definition if fd is not None else obj.copy_of or obj.stickered or obj.card.definition
    if obj.transformed and d is obj.card.definition and d.back is not None:
        d = d.back  # 712.8d: its back face's characteristics
    if obj.color_words:
        d = obj.definition  # 612.2, 613.1c: its text as text-changing effects change it (layer 3)
    oid = obj.oid
    # No effect in the game (the usual case): no index to consult.
    effects = game.effects_on(oid) if game.state.continuous else []
    counters = obj.counters
    if not effects and not (counters and any(n and _pt_counter(k) for k, n in counters.items())):
        # Nothing from layers 6-7 can apply unless a static ability does: an object off the
        # battlefield (113.6) has its printed characteristics, and so has a permanent with no Aura
        # and no "affects others" static on the battlefield, once its own unconditional static
        # abilities are applied (which depends on its definition alone).
        hit = game.printed.printed.get(id(d))  # printed_characteristics, looked up inline
        printed, kind = (hit[1], hit[2]) if hit is not None and hit[0] is d else printed_characteristics(game, d)
        if not with_statics:
            return printed
        if obj.zone is not Zone.BATTLEFIELD:
            return through_layers(game, obj, effects, with_statics) if _reached(game, obj) else printed
        # Nothing is attached to most permanents: the index answers before any attachment is checked.
        if kind != CONDITIONAL_STATICS and not (game.state.attachments.get(oid) and game.attached_to(oid)):
            cache = game.characteristics_cache
            # The stretch's sources read inline when already found (``affecting_sources``).
            if not (cache.sources if cache is not None and cache.sources is not None
                    else cache.affecting_sources(game) if cache is not None else affecting_sources(game)):
                if kind == NO_STATICS:
                    return printed
                done = game.printed.with_statics.get(id(d))
                if done is not None and done[0] is d:
                    return done[1]
                ch = through_layers(game, obj, effects, with_statics)
                game.printed.with_statics[id(d)] = (d, ch)
                return ch
    return through_layers(game, obj, effects, with_statics)


def _so_far(printed: Characteristics, pairs: list[tuple[Ability, str]], keywords: set[str]) -> Characteristics:
    """An object's characteristics as computed so far (613.8: what a static ability's condition or
    selector sees of the object being computed): printed values, abilities and keywords up to now."""
    return Characteristics(printed.name, printed.mana_cost, printed.colors, printed.supertypes, printed.types,
                           printed.subtypes, printed.power, printed.toughness, tuple(a for a, _ in pairs),
                           frozenset(keywords))


def through_layers(game: "Game", obj: "GameObject", effects: list[ContinuousEffect] | None = None,
                   with_statics: bool = True) -> Characteristics:
    """``obj``'s characteristics computed through every layer, with no shortcut (613.1);
    ``effects``: the resolved continuous effects on it, if the caller has found them."""
    d = obj.definition
    oid = obj.oid
    if effects is None:  # found afresh, not through the index: ``verify`` compares against this
        effects = [e for e in game.state.continuous if e.oid == oid]
    # The printed values (layer 1), found once per definition: their colors and type sets are
    # not rebuilt here at every computation.
    hit = game.printed.printed.get(id(d))
    printed = hit[1] if hit is not None and hit[0] is d else printed_characteristics(game, d)[0]
    # 613.1d (layer 4): type-changing effects from resolved abilities, in timestamp order (613.7).
    for e in sorted(effects, key=_timestamp) if effects else ():
        for p in e.parts:
            if isinstance(p, (SetCreatureType, BecomesAura)):
                printed = _type_changed(printed, p)
    pairs: list[tuple[Ability, str]] = list(zip(d.expanded, d.origins))
    keywords = set(d.keywords)
    parts: list[tuple[Part, str]] = []
    granted: list[tuple[str, tuple[str, ...] | None]] = []

    def gain(names: tuple[str, ...], origin: str) -> None:
        # 113.2c: a granted instance of a keyword the object already has is another instance, with
        # its own abilities (two provoke triggers, 702.39b), unless the keyword's instances are
        # redundant (702.3c defender, 702.26p phasing): then it adds nothing.
        for n in names:
            if n in keywords and _redundant(game, n):
                continue
            keywords.add(n)
            pairs.extend(_keyword_abilities(game, n))
            granted.append((n, None))

    def gain_at_mana_cost(name: str) -> None:
        # 702.1b: "the flashback cost is equal to its mana cost" -- a keyword instance whose cost
        # parameter is this object's mana cost; another instance of a keyword it has is added too
        # (each instance of an alternative cost is its own option, 118.9).
        keywords.add(name)
        pairs.extend(_keyword_abilities(game, name, Cost.mana_cost_of(d.mana_cost)))
        granted.append((name, d.mana_cost))

    def gain_with_quality(p: GainKeywordWithQuality) -> None:
        # 613.1f, 702.16a: a keyword instance with its quality ("protection from black"; with 614.12,
        # "the chosen color" is this object's); another instance of a keyword it has ("protection
        # from white") is added too.
        quality = p.quality or obj.chosen_color
        for q in (quality, *p.more) if quality else ():
            keywords.add(p.keyword)
            pairs.extend(_keyword_abilities(game, p.keyword, q))

    def lose(names: tuple[str, ...]) -> None:
        for n in names:
            keywords.discard(n)
        lost = {n.lower() for n in names}
        pairs[:] = [(a, o) for a, o in pairs if o.lower() not in lost]

    def grant(p: Part, origin: str) -> None:
        # Layer 6 from a static ability: a keyword, or a quoted ability ("has "When ... dies, ...""),
        # 613.1f; the granted ability is visited in turn (it may be a static ability itself).
        if isinstance(p, GainKeywords):
            gain(p.keywords, origin)
        elif isinstance(p, GainKeywordAtManaCost):
            gain_at_mana_cost(p.keyword)
        elif isinstance(p, GainKeywordWithQuality):
            gain_with_quality(p)
        elif isinstance(p, GainAbility):
            pairs.append((p.ability, origin))

    if obj.zone is Zone.STACK and obj.cast is not None:
        # 400.7f: an ability granted to a card that let it be cast keeps applying to the spell it
        # became ("If the flashback cost was paid, exile this card ...", 702.34a).
        for kept, cost in obj.cast.granted:
            if cost is None:
                gain((kept,), "")
            else:
                keywords.add(kept)
                pairs.extend(_keyword_abilities(game, kept, Cost(mana=cost)))
                granted.append((kept, cost))

    # Layer 6, from resolved effects in timestamp order (613.7).
    for e in sorted(effects, key=_timestamp) if effects else ():
        if e.until == "control" and e.controller != obj.controller:
            continue  # 702.62a: "until you lose control of it"
        for p in e.parts:
            if isinstance(p, GainKeywords):
                gain(p.keywords, "")
            elif isinstance(p, BecomesCreature):
                gain(p.keywords, "")  # 613.1f
            elif isinstance(p, GainKeywordAtManaCost):
                gain_at_mana_cost(p.keyword)  # 611.2c, 613.1f: e.g. a graveyard card gains flashback
            elif isinstance(p, GainKeywordWithQuality):
                gain_with_quality(p)
            elif isinstance(p, LoseKeywords):
                lose(p.keywords)
            elif isinstance(p, GainAbility):
                pairs.append((p.ability, ""))  # 613.1f: a granted (quoted) ability
            elif isinstance(p, BecomesAura):
                keywords.add("enchant")  # 702.5a: enchant for the given card types (613.1f)
                pairs.append((AuraTarget(p.enchant), ""))
    # Static abilities (604): their parts apply while their condition holds -- and, for a
    # permanent's abilities, only while it is on the battlefield (113.6): a threshold creature card
    # in a graveyard has its printed power and toughness.
    if with_statics and obj.zone is Zone.BATTLEFIELD:
        base = _so_far(printed, pairs, keywords)
        game.partial[obj.oid] = base
        try:
            res = Resolution(game, obj.controller, obj.oid, ())
            # 303.4 / 613: an Aura's "enchanted creature ..." statics apply to its host.
            if obj.zone is Zone.BATTLEFIELD:
                for aura in game.attached_to(obj.oid):
                    ares = Resolution(game, aura.controller, aura.oid, ())
                    for a in aura.definition.expanded:
                        if isinstance(a, StaticAbility) and a.affects == "enchanted" and \
                                (a.condition is None or a.condition.holds(game, ares)):
                            for p in a.parts:
                                grant(p, aura.definition.name)
                                parts.append((_for_source(game, p, aura), aura.definition.name))
                # 611.3a: static abilities of permanents that affect every permanent their selector
                # matches ("White creatures get +1/+1").  The selector sees this object as it is
                # being computed (613.8); the sources' printed abilities are read, not recomputed.
                cache = game.characteristics_cache
                for src in cache.affecting_sources(game) if cache is not None else affecting_sources(game):
                    sres = Resolution(game, src.controller, src.oid, ())
                    for a in src.definition.affecting:
                        if (a.condition is None or a.condition.holds(game, sres)) and \
                                a.filter.matches(game, obj, viewer=src.controller, source_oid=src.oid):
                            for p in a.parts:
                                grant(p, src.definition.name)
                                parts.append((_for_source(game, p, src), src.definition.name))
            i = 0
            while i < len(pairs):  # a granted keyword appends its abilities: they are visited too
                a, origin = pairs[i]
                i += 1
                if isinstance(a, StaticAbility) and not a.affects and \
                        (a.condition is None or a.condition.holds(game, res)):
                    for p in a.parts:
                        grant(p, origin)
                        parts.append((_for_source(game, p, obj), origin))
        finally:
            del game.partial[obj.oid]
    elif with_statics:
        # 611.3a, 613.1f: static abilities of permanents that affect cards in other zones ("Each
        # Vampire creature card you own that isn't on the battlefield has madness").  The selector
        # sees this object as it is so far (613.8).
        cache = game.characteristics_cache
        sources = cache.reaching_sources(game) if cache is not None else reaching_sources(game)
        if sources:
            game.partial[obj.oid] = _so_far(printed, pairs, keywords)
            try:
                for src in sources:
                    sres = Resolution(game, src.controller, src.oid, ())
                    for a in src.definition.reaching:
                        if (a.condition is None or a.condition.holds(game, sres)) and \
                                a.filter.matches(game, obj, viewer=src.controller, source_oid=src.oid):
                            for p in a.parts:
                                grant(p, src.definition.name)
                                parts.append((p, src.definition.name))
            finally:
                del game.partial[obj.oid]
    for e in effects:
        parts.extend((p, "") for p in e.parts)
    # 613.1e (layer 5): color-changing effects, in the order gathered (statics, then resolved effects
    # by timestamp); the last one that applies decides (613.7).
    colors = printed.colors
    types, subtypes = printed.types, printed.subtypes
    for p, _ in parts:
        if isinstance(p, SetColors):
            colors = frozenset(p.colors)
        elif isinstance(p, AddTypes):
            types = types | frozenset(p.types)  # 613.1d (layer 4), 205.1b: in addition to its other types
        elif isinstance(p, BecomesCreature):
            # 613.1d (layer 4), 205.1b: types added, not replaced; 613.1e (layer 5): its colors
            types = types | {"creature"}
            subtypes = subtypes | frozenset(p.subtypes)
            colors = frozenset(p.colors) if p.colors else colors
    power, toughness = d.power, d.toughness
    defining = [p for p, _ in parts if isinstance(p, SetPT)]
    if defining and obj.oid not in game.partial:
        # 613.4a (layer 7a): a characteristic-defining ability sets the value first.  While counting,
        # this object is seen with its printed power and toughness (613.8), so it may count itself.
        game.partial[obj.oid] = _so_far(printed, pairs, keywords)
        try:
            for p in defining:
                n = p.amount.evaluate(Resolution(game, obj.controller, obj.oid, ()))
                power = n if p.power else power
                toughness = n if p.toughness else toughness
        finally:
            del game.partial[obj.oid]
    for p, _ in parts:
        # 613.4b (layer 7b): effects that set power and/or toughness to a value, in timestamp order.
        if isinstance(p, SetBasePT):
            power = p.power if p.power is not None else power
            toughness = p.toughness if p.toughness is not None else toughness
        elif isinstance(p, BecomesCreature):
            power, toughness = p.power, p.toughness
    if power is not None and toughness is not None:
        # 613.4c (layer 7c): modifications from effects and static abilities, then counters.
        for p, _ in parts:
            if isinstance(p, PTChange):
                power += p.power
                toughness += p.toughness
        # 122.1a: a counter named "+X/+Y" (e.g. +1/+1, -0/-1) adds X to power and Y to toughness.
        for kind, n in obj.counters.items():
            pt = _pt_counter(kind)
            if pt is not None and n:
                power += pt[0] * n
                toughness += pt[1] * n
    return Characteristics(
        name=d.name,
        mana_cost=d.mana_cost,
        colors=colors,
        supertypes=printed.supertypes,
        types=types,
        subtypes=subtypes,
        power=power,
        toughness=toughness,
        abilities=tuple(a for a, _ in pairs),
        keywords=frozenset(keywords),
        parts=tuple(parts),
        granted=tuple(granted),
    )
