"""Static parts: one thing a static ability (604, 611.3) or a continuous effect (611.2) does.

Each class renders its rules text (``text``: a verb phrase, "gets +1/+1", for the subject its
ability names) and its runtime part (``python``: an ``rt`` continuous-effect part).  A part that
is a whole sentence of its own ("Players can't search libraries.") says so in ``sentence``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..pyexpr import ident, lit
from ..wording import COLOR_WORDS, NUMBER_TEXT, signed
from .amounts import Amount, CountersOnCreator
from .base import dataclass, freeze
from .selectors import FilterIR, filters_python

if TYPE_CHECKING:
    from ..text import Phrase
    from .abilities import AbilityIR, StaticIR


class StaticPart:
    """One thing a static ability or continuous effect does."""

    # A clause with its own subject ("their activated abilities ... can't be activated"): joined to the
    # part before it with ", and".
    CLAUSE: ClassVar[bool] = False
    # 611.2c: the part changes the rules of the game (what an object can do), not its characteristics,
    # so an effect of a resolving ability with it applies to objects that weren't there as it began.
    RULES: ClassVar[bool] = False

    def text(self, ph: "Phrase | None") -> str:
        """The part as a verb phrase ("gets +1/+1"); ``ph``: the phrasing of its card's text
        (None where no card is known)."""
        raise NotImplementedError(f"{type(self).__name__} is printed only as a sentence of its own")

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        """The whole static ability's text, where this part alone is a sentence of its own."""
        return None

    def python(self) -> str:
        """The runtime part expression."""
        raise NotImplementedError(type(self).__name__)

    def own_duration(self) -> bool:
        """Whether the words say their own duration ("can attack this turn as though ...", "attacks
        this turn if able"): an effect made of such parts prints no other."""
        return False


class FixedPart(StaticPart):
    """A part with no parameters: fixed words and a runtime part of no arguments."""

    WORDS: ClassVar[str]
    RUNTIME: ClassVar[str]

    def text(self, ph: "Phrase | None") -> str:
        return self.WORDS

    def python(self) -> str:
        return f"rt.{self.RUNTIME}()"


@dataclass(frozen=True)
class CantAttack(FixedPart):
    """508.1c: can't attack."""
    WORDS, RUNTIME = "can't attack", "CantAttack"
    RULES = True


@dataclass(frozen=True)
class CantBlock(FixedPart):
    """509.1b: can't block."""
    WORDS, RUNTIME = "can't block", "CantBlock"
    RULES = True


@dataclass(frozen=True)
class CantAttackOrBlock(FixedPart):
    """508.1c, 509.1b: can't attack or block."""
    WORDS, RUNTIME = "can't attack or block", "CantAttackOrBlock"
    RULES = True


@dataclass(frozen=True)
class Indestructible(FixedPart):
    """702.12b: can't be destroyed."""
    WORDS, RUNTIME = "can't be destroyed", "Indestructible"


@dataclass(frozen=True)
class CantPhaseOut(FixedPart):
    """702.26: can't phase out."""
    WORDS, RUNTIME = "can't phase out", "CantPhaseOut"


@dataclass(frozen=True)
class PhasesEachUntap(FixedPart):
    """702.26a: phasing."""
    WORDS, RUNTIME = "phases in or out during your untap step", "PhasesEachUntap"


@dataclass(frozen=True)
class AssignsExcess(FixedPart):
    """702.19c-style: excess combat damage to the player it attacks."""
    WORDS, RUNTIME = "may assign excess combat damage to the player it's attacking", "AssignsExcessToPlayer"


@dataclass(frozen=True)
class FormsBands(FixedPart):
    """702.22c, 508.1e: may be announced in an attacking band; 702.22h: the band is blocked as one."""
    WORDS, RUNTIME = "can form attacking bands", "FormsAttackingBands"


@dataclass(frozen=True)
class DividesDamage(FixedPart):
    """702.22j-k: its controller divides the combat damage of the creatures in combat with it."""
    WORDS, RUNTIME = ("lets its controller divide the combat damage of creatures blocking it or blocked by it",
                      "DividesOpposingCombatDamage")


@dataclass(frozen=True)
class AttacksUntapped(FixedPart):
    """702.20b: attacking doesn't cause it to tap."""
    WORDS, RUNTIME = "doesn't tap to attack", "AttacksWithoutTapping"


@dataclass(frozen=True)
class DoesntUntap(StaticPart):
    """502.3: it doesn't untap during its controller's untap step (``its``: printed "its
    controller's", as an Aura says of the enchanted permanent; else "your", of the permanent itself)."""

    its: bool = False

    def text(self, ph: "Phrase | None") -> str:
        whose = "its controller's" if self.its else "your"
        return f"doesn't untap during {whose} untap step"

    def python(self) -> str:
        return "rt.DoesntUntap()"


@dataclass(frozen=True)
class DamageGainsLife(FixedPart):
    """702.15b: its damage also causes its controller to gain that much life."""
    WORDS, RUNTIME = "causes its controller to gain that much life when it deals damage", "DamageGainsLife"


@dataclass(frozen=True)
class DamageIsLethal(FixedPart):
    """702.2b: any nonzero damage it deals is lethal."""
    WORDS, RUNTIME = "deals lethal damage in any amount", "DamageIsLethal"


@dataclass(frozen=True)
class DamageAsCounters(FixedPart):
    """120.3d, 702.80a: damage it deals to a creature is dealt as -1/-1 counters (wither)."""
    WORDS, RUNTIME = "deals damage to creatures in the form of -1/-1 counters", "DamageAsCounters"


@dataclass(frozen=True)
class Unblockable(FixedPart):
    """509.1b: can't be blocked."""
    WORDS, RUNTIME = "can't be blocked", "Unblockable"


@dataclass(frozen=True)
class AttacksEachCombat(FixedPart):
    """508.1d: attacks each combat if able."""
    WORDS, RUNTIME = "attacks each combat if able", "AttacksEachCombat"


@dataclass(frozen=True)
class BlocksEachCombat(FixedPart):
    """509.1c: blocks each combat if able."""
    WORDS, RUNTIME = "blocks each combat if able", "BlocksEachCombat"


@dataclass(frozen=True)
class Shroud(FixedPart):
    """702.18a: can't be the target of spells or abilities."""
    WORDS, RUNTIME = "can't be the target of spells or abilities", "Untargetable"

    def python(self) -> str:
        return "rt.Untargetable(opponents_only=False)"


@dataclass(frozen=True)
class Hexproof(FixedPart):
    """702.11b: can't be the target of spells or abilities its controller's opponents control."""
    WORDS, RUNTIME = "can't be the target of spells or abilities your opponents control", "Untargetable"

    def python(self) -> str:
        return "rt.Untargetable(opponents_only=True)"


@dataclass(frozen=True)
class CantActivate(FixedPart):
    """602.5: activated abilities that can't be activated."""
    WORDS, RUNTIME = "has activated abilities that can't be activated", "AbilitiesCantBeActivated"

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        if ab.affected is None:
            return None
        return f"Activated abilities of {ab.affected.words} can't be activated."


@dataclass(frozen=True)
class GainAbility(StaticPart):
    """613.1f: has a quoted ability, rendered as a module-level class ``cls`` of its own."""

    ability: "AbilityIR"
    cls: str

    def text(self, ph: "Phrase | None") -> str:
        assert ph is not None, "a granted ability is printed within its card's text"
        # A quoted ability, with its own final period inside the quotes.
        return f'has "{ph.ability_text(self.ability)}"'

    def python(self) -> str:
        return f"rt.GainAbility(ability={ident(self.cls)}())"


@dataclass(frozen=True)
class AddsType(StaticPart):
    """205.1b, 613.1d (layer 4): "is an enchantment in addition to its other types"."""

    type: str

    def text(self, ph: "Phrase | None") -> str:
        return f"is {'an' if self.type[:1] in 'aeiou' else 'a'} {self.type} in addition to its other types"

    def python(self) -> str:
        return f"rt.AddTypes(types=({lit(self.type)},))"


@dataclass(frozen=True)
class PTChange(StaticPart):
    """613.4c: "gets +1/+1", "+X/-X" (fixed as the effect begins), "for each ... counter on this"."""

    power: int = 0
    toughness: int = 0
    x_power: int = 0  # power and toughness change by these multiples of X
    x_toughness: int = 0
    minus_zero: str = ""  # "p", "t" or "pt": a zero written "-0" ("-2/-0"), kept for the rules text
    additional: bool = False  # printed "an additional +1/+1"
    per_counter: str = ""  # "for each +1/+1 counter on this" (counted on the ability's source)
    per_filter: FilterIR | None = None  # "for each face-down creature on the battlefield"
    per_zone: str = ""  # "graveyard": ``per_filter`` counts the cards in the controller's graveyard (404)
    # 702.45a: ``x_power``/``x_toughness`` are multiples of this keyword number parameter, not of X
    # ("+n/+n" in bushido N: a local of the keyword's ``abilities()``, known as it is instantiated).
    param: str = ""

    def text(self, ph: "Phrase | None") -> str:
        var = self.param or "X"
        pw = (f"+{var}" if self.x_power > 0 else f"-{var}") if self.x_power else \
            signed(self.power, "p" in self.minus_zero)
        tg = (f"+{var}" if self.x_toughness > 0 else f"-{var}") if self.x_toughness else \
            signed(self.toughness, "t" in self.minus_zero)
        per = f" for each {self.per_counter} counter on {ph.card.name if ph is not None else 'it'}" \
            if self.per_counter else ""
        if self.per_filter is not None:
            per = f" for each {self.per_filter.words}"
        return f"gets {'an additional ' if self.additional else ''}{pw}/{tg}{per}"

    def python(self) -> str:
        base = f"power={lit(self.power)}, toughness={lit(self.toughness)}"
        if self.param:  # "+n/+n" (the lowering allows no other form): the parameter's value itself
            return f"rt.PTChange(power={ident(self.param)}, toughness={ident(self.param)})"
        if self.x_power or self.x_toughness:
            return f"rt.PTChange({base}, x_power={lit(self.x_power)}, x_toughness={lit(self.x_toughness)})"
        if self.per_counter:
            return f"rt.PTChange({base}, per_counter={lit(self.per_counter)})"
        if self.per_filter is not None:
            zone = f", per_zone={lit(self.per_zone)}" if self.per_zone else ""
            return f"rt.PTChange({base}, per_filter={self.per_filter.python()}{zone})"
        return f"rt.PTChange({base})"


@dataclass(frozen=True)
class PTChoice(StaticPart):
    """613.4c, 608.2d: "gets +2/-2 or -2/+2" -- one of the changes, chosen as the effect is created."""

    options: tuple[tuple[int, int], ...]

    def text(self, ph: "Phrase | None") -> str:
        return "gets " + " or ".join(f"{signed(p)}/{signed(t)}" for p, t in self.options)

    def python(self) -> str:
        return f"rt.PTChoice(options={lit(self.options)})"


@dataclass(frozen=True)
class ChosenCreatureType(FixedPart):
    """613.1d (layer 4), 205.1b: "becomes the creature type of your choice" (chosen as the effect is
    created, 608.2d)."""
    WORDS, RUNTIME = "becomes the creature type of your choice", "SetCreatureType"


@dataclass(frozen=True)
class BecomesTypes(StaticPart):
    """613.1d (layer 4), 205.1b: "becomes a Bird Giant" -- its creature types become exactly these."""

    subtypes: tuple[str, ...]

    def text(self, ph: "Phrase | None") -> str:
        words = " ".join(self.subtypes)
        return f"becomes {'an' if words[:1] in 'AEIOU' else 'a'} {words}"

    def python(self) -> str:
        return f"rt.SetCreatureType(subtype={lit(self.subtypes[0])}, also={lit(self.subtypes[1:])})"


@dataclass(frozen=True)
class BecomesAura(StaticPart):
    """613.1d, 613.1f: "becomes an Aura with enchant creature" (303.4a, 702.5a)."""

    enchant: str

    def text(self, ph: "Phrase | None") -> str:
        return f"becomes an Aura with enchant {self.enchant}"

    def python(self) -> str:
        return f"rt.BecomesAura(enchant=({lit(self.enchant)},))"


@dataclass(frozen=True)
class BecomesCreature(StaticPart):
    """205.1b, 613.1d-f, 613.4b: "becomes a 4/4 green and white Insect Monk creature with first strike"
    -- it becomes a creature with those subtypes in addition to its types, those colors, those keywords
    and that base power and toughness."""

    power: int
    toughness: int
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    still_land: bool = False  # printed "that's still a land"

    def text(self, ph: "Phrase | None") -> str:
        colors = " and ".join(COLOR_WORDS[c] for c in self.colors)
        words = " ".join(w for w in (f"{self.power}/{self.toughness}", colors, " ".join(self.subtypes)) if w)
        with_ = f" with {' and '.join(self.keywords)}" if self.keywords else ""
        still = " that's still a land" if self.still_land else ""
        return f"becomes a {words} creature{with_}{still}"

    def python(self) -> str:
        return (f"rt.BecomesCreature(power={lit(self.power)}, toughness={lit(self.toughness)}, "
                f"colors={lit(self.colors)}, subtypes={lit(self.subtypes)}, keywords={lit(self.keywords)})")


@dataclass(frozen=True)
class SetColor(StaticPart):
    """613.1e (layer 5): is (or becomes) these colors."""

    colors: tuple[str, ...]

    def text(self, ph: "Phrase | None") -> str:
        return "is " + " and ".join(COLOR_WORDS[c] for c in self.colors)

    def python(self) -> str:
        return f"rt.SetColors(colors={lit(self.colors)})"


@dataclass(frozen=True)
class AttacksDespite(StaticPart):
    """"can attack as though it didn't have defender" (702.3b); ``this_turn``: a duration of its own."""

    keyword: str
    this_turn: bool = False

    def text(self, ph: "Phrase | None") -> str:
        when = " this turn" if self.this_turn else ""
        return f"can attack{when} as though it didn't have {self.keyword}"

    def own_duration(self) -> bool:
        return self.this_turn

    def python(self) -> str:
        return f"rt.AttacksAsThoughWithout(keyword={lit(self.keyword)})"


@dataclass(frozen=True)
class CantBeBlockedExcept(StaticPart):
    """509.1b: "can't be blocked except by creatures with flying or horsemanship"."""

    filters: tuple[FilterIR, ...]

    def text(self, ph: "Phrase | None") -> str:
        return "can't be blocked except by " + " or ".join(f.words for f in self.filters)

    def python(self) -> str:
        return f"rt.CantBeBlockedExceptBy(filters={filters_python(self.filters)})"


@dataclass(frozen=True)
class CanBlockOnly(StaticPart):
    """509.1b: "can block only creatures with flying"."""

    filters: tuple[FilterIR, ...]

    def text(self, ph: "Phrase | None") -> str:
        return "can block only " + " or ".join(f.words for f in self.filters)

    def python(self) -> str:
        return f"rt.CanBlockOnly(filters={filters_python(self.filters)})"


@dataclass(frozen=True)
class CantAttackUnless(StaticPart):
    """508.1c: "can't attack unless defending player controls an Island" -- a restriction that holds
    while the player it would attack (506.2) controls no permanent ``filter`` matches."""

    filter: FilterIR
    RULES: ClassVar[bool] = True

    def text(self, ph: "Phrase | None") -> str:
        noun = self.filter.words
        return f"can't attack unless defending player controls {'an' if noun[:1] in 'aeiouAEIOU' else 'a'} {noun}"

    def python(self) -> str:
        return f"rt.CantAttackUnlessDefendingControls(filter={self.filter.python()})"


@dataclass(frozen=True)
class CantBlockMatching(StaticPart):
    """509.1b: "can't block creatures with power 2 or less" -- a restriction against the attackers
    one of ``filters`` matches."""

    filters: tuple[FilterIR, ...]
    RULES: ClassVar[bool] = True

    def text(self, ph: "Phrase | None") -> str:
        return "can't block " + " or ".join(f.words for f in self.filters)

    def python(self) -> str:
        return f"rt.CantBlockMatching(filters={filters_python(self.filters)})"


@dataclass(frozen=True)
class BlockCapacity(StaticPart):
    """509.1a: "can block an additional creature each combat" (``any_number`` False) or "can block any
    number of creatures": how many attackers the one creature may be declared to block."""

    any_number: bool = False

    def text(self, ph: "Phrase | None") -> str:
        return "can block any number of creatures" if self.any_number else \
            "can block an additional creature each combat"

    def python(self) -> str:
        return "rt.BlocksAdditional(any_number=True)" if self.any_number else "rt.BlocksAdditional(count=1)"


@dataclass(frozen=True)
class BlocksDespite(StaticPart):
    """509.1b, 702.28b: "can block creatures with shadow as though they didn't have shadow" (the
    blocking restrictions the keyword gives those attackers don't apply to this blocker), or, with
    ``had``, "... as though this had shadow" (they are checked as if this blocker had the keyword)."""

    filters: tuple[FilterIR, ...]
    keyword: str
    had: bool = False

    def text(self, ph: "Phrase | None") -> str:
        who = ph.card.name if ph is not None and self.had else "it"
        though = f"{who} had {self.keyword}" if self.had else f"they didn't have {self.keyword}"
        return "can block " + " or ".join(f.words for f in self.filters) + f" as though {though}"

    def python(self) -> str:
        return (f"rt.BlocksAsThough(filters={filters_python(self.filters)}, keyword={lit(self.keyword)}, "
                f"had={lit(self.had)})")


@dataclass(frozen=True)
class AttacksThisTurn(FixedPart):
    """508.1d: "attacks this turn if able" -- a requirement with a duration of its own."""
    WORDS, RUNTIME = "attacks this turn if able", "AttacksEachCombat"

    def own_duration(self) -> bool:
        return True


@dataclass(frozen=True)
class TapAbilitiesCantActivate(StaticPart):
    """602.5a-style: "their activated abilities with {T} in their costs can't be activated" (``their``:
    the plural pronoun of a group's ability; else "its")."""

    their: bool = True
    CLAUSE: ClassVar[bool] = True

    def text(self, ph: "Phrase | None") -> str:
        w = "their" if self.their else "its"
        return f"{w} activated abilities with {{T}} in {w} costs can't be activated"

    def python(self) -> str:
        return "rt.AbilitiesCantBeActivated(with_tap=True)"


@dataclass(frozen=True)
class BasePT(StaticPart):
    """613.4b (layer 7b): "has base power and toughness 4/1" -- power and toughness set to these values."""

    power: int
    toughness: int

    def text(self, ph: "Phrase | None") -> str:
        return f"has base power and toughness {self.power}/{self.toughness}"

    def python(self) -> str:
        return f"rt.SetBasePT(power={lit(self.power)}, toughness={lit(self.toughness)})"


@dataclass(frozen=True)
class CantBeTargetedByOnly(StaticPart):
    """115.4-style: "can't be the target of spells that can target only Walls or of abilities that can
    target only Walls" -- a target requirement allowing only that subtype can't choose it."""

    subtype: str

    def text(self, ph: "Phrase | None") -> str:
        return (f"can't be the target of spells that can target only {self.subtype}s or of abilities that can "
                f"target only {self.subtype}s")

    def python(self) -> str:
        return f"rt.CantBeTargetedByOnly(subtype={lit(self.subtype)})"


@dataclass(frozen=True)
class MustBeBlocked(FixedPart):
    """509.1c: "must be blocked this turn if able" -- a requirement that at least one creature blocks it."""
    WORDS, RUNTIME = "must be blocked this turn if able", "MustBeBlocked"


@dataclass(frozen=True)
class MayChooseNotToUntap(StaticPart):
    """502.3: "you may choose not to untap this during your untap step" -- its controller is asked as
    the permanents untap.  A sentence of its own."""

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        return f"You may choose not to untap {card} during your untap step."

    def python(self) -> str:
        return "rt.MayChooseNotToUntap()"


@dataclass(frozen=True)
class CantBeBlockedByGreaterPower(StaticPart):
    """509.1b: "creatures with power greater than this's power can't block it" -- a restriction on each
    blocker, comparing powers as blockers are declared.  A sentence of its own: its subject is the
    creatures that can't block."""

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        return f"Creatures with power greater than {card}'s power can't block it."

    def python(self) -> str:
        return "rt.CantBeBlockedByGreaterPower()"


@dataclass(frozen=True)
class AllAbleBlock(StaticPart):
    """509.1c: "all creatures able to block this do so" -- a requirement on every creature able to block
    it.  A sentence of its own: its subject is the creatures that must block."""

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        it = f"{ab.host_word} {ab.enchanted}" if ab.enchanted else card
        body = f"all creatures able to block {it} do so"
        if ab.condition is not None:
            cond = ab.condition.text(False, card)[len("if "):]
            return f"As long as {cond}, {body}."
        return f"{body[0].upper()}{body[1:]}."

    def python(self) -> str:
        return "rt.AllAbleBlock()"


@dataclass(frozen=True)
class MaxBlockers(StaticPart):
    """509.1b: "can't be blocked by more than one creature"."""

    count: int

    def text(self, ph: "Phrase | None") -> str:
        many = "one" if self.count == 1 else NUMBER_TEXT.get(self.count, str(self.count))
        return f"can't be blocked by more than {many} creature{'s' if self.count != 1 else ''}"

    def python(self) -> str:
        return f"rt.MaximumBlockers(count={lit(self.count)})"


@dataclass(frozen=True)
class MinBlockers(StaticPart):
    """509.1b (menace, 702.110b): "can't be blocked except by two or more creatures"."""

    count: int

    def text(self, ph: "Phrase | None") -> str:
        return f"can't be blocked except by {NUMBER_TEXT.get(self.count, str(self.count))} or more creatures"

    def python(self) -> str:
        return f"rt.MinimumBlockers(count={lit(self.count)})"


@dataclass(frozen=True)
class CombatDamageSteps(StaticPart):
    """510.4: first strike, or double strike (``regular``: also in the regular step)."""

    regular: bool = False

    def text(self, ph: "Phrase | None") -> str:
        return "deals combat damage in the first " + ("and second combat damage steps" if self.regular
                                                       else "combat damage step")

    def python(self) -> str:
        return f"rt.CombatDamageSteps(first=True, regular={lit(self.regular)})"


class QualityPart(StaticPart):
    """A protection part (702.16b-e) from a quality: a quality word ("black", "multicolored") or
    a keyword's quality parameter standing for it."""

    quality: str
    quality_param: str
    TEMPLATE: ClassVar[str]  # the words, with {q} for the quality
    RUNTIME: ClassVar[str]

    def text(self, ph: "Phrase | None") -> str:
        return self.TEMPLATE.format(q=self.quality or self.quality_param)

    def python(self) -> str:
        # A keyword's quality parameter is a local of abilities(); a literal quality word is a string.
        quality = ident(self.quality_param) if self.quality_param else lit(self.quality)
        return f"rt.{self.RUNTIME}(quality={quality})"


@dataclass(frozen=True)
class CantBeBlockedBy(QualityPart):
    """702.16e: can't be blocked by creatures with the quality."""
    quality: str = ""
    quality_param: str = ""
    TEMPLATE, RUNTIME = "can't be blocked by {q} creatures", "CantBeBlockedBy"


@dataclass(frozen=True)
class CantBeTargetedBy(QualityPart):
    """702.16b: can't be the target of spells or abilities from sources with the quality."""
    quality: str = ""
    quality_param: str = ""
    TEMPLATE, RUNTIME = "can't be the target of spells or abilities from {q} sources", "CantBeTargetedBy"


@dataclass(frozen=True)
class CantBeAttachedBy(QualityPart):
    """702.16c: can't be enchanted or equipped by permanents with the quality."""
    quality: str = ""
    quality_param: str = ""
    TEMPLATE, RUNTIME = "can't be enchanted or equipped by {q} permanents", "CantBeAttachedBy"


@dataclass(frozen=True)
class PreventDamageFrom(QualityPart):
    """702.16d: damage from sources with the quality is prevented."""
    quality: str = ""
    quality_param: str = ""
    TEMPLATE, RUNTIME = "prevents all damage {q} sources would deal to it", "PreventDamageFrom"


@dataclass(frozen=True)
class HasKeywords(StaticPart):
    """613.1f: has (or gains) keyword abilities."""

    keywords: tuple[str, ...]

    def text(self, ph: "Phrase | None") -> str:
        return f"has {' and '.join(self.keywords)}"

    def python(self) -> str:
        return f"rt.GainKeywords(keywords={lit(self.keywords)})"


@dataclass(frozen=True)
class LosesKeywords(StaticPart):
    """613.1f: loses keyword abilities."""

    keywords: tuple[str, ...]

    def text(self, ph: "Phrase | None") -> str:
        return f"loses {' and '.join(self.keywords)}"

    def python(self) -> str:
        return f"rt.LoseKeywords(keywords={lit(self.keywords)})"


@dataclass(frozen=True)
class ProtectionFromChosen(StaticPart):
    """702.16a, 613.1f: "has protection from the chosen color" -- a keyword whose quality is the color
    chosen as the object entered (614.12), or by "choose a color" before it in the ability (608.2d)."""

    keyword: str

    def text(self, ph: "Phrase | None") -> str:
        return f"has {self.keyword} from the chosen color"

    def python(self) -> str:
        return f"rt.GainKeywordWithQuality(keyword={lit(self.keyword)})"


@dataclass(frozen=True)
class HasKeywordFrom(StaticPart):
    """613.1f: has a keyword whose parameter is a quality ("has protection from black", 702.16a)."""

    keyword: str
    quality: str
    more: tuple[str, ...] = ()  # "... from green and from white": another instance for each (702.16a)
    words: str = ""  # the quality as printed, where it differs ("Gorgons" for the subtype Gorgon)

    def text(self, ph: "Phrase | None") -> str:
        return f"has {self.keyword} from {self.words or self.quality}" + "".join(f" and from {q}" for q in self.more)

    def python(self) -> str:
        more = f", more={lit(self.more)}" if self.more else ""
        return f"rt.GainKeywordWithQuality(keyword={lit(self.keyword)}, quality={lit(self.quality)}{more})"


@dataclass(frozen=True)
class HasKeywordAtManaCost(StaticPart):
    """702.1b: has a keyword whose one cost is the object's mana cost (its sentence follows, see
    :func:`mana_cost_sentences`)."""

    keyword: str

    def text(self, ph: "Phrase | None") -> str:
        return f"has {self.keyword}"

    def python(self) -> str:
        return f"rt.GainKeywordAtManaCost(keyword={lit(self.keyword)})"


@dataclass(frozen=True)
class SetPT(StaticPart):
    """604.3, 613.4a: a characteristic-defining ability setting power and/or toughness."""

    which: str  # "both" | "power" | "toughness"
    amount: Amount
    subject: str = ""  # "This creature" (a token's quoted ability, 111.2); else the card's name

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        which = {"both": "power and toughness are each", "power": "power is", "toughness": "toughness is"}
        words = self.amount.named(card) if isinstance(self.amount, CountersOnCreator) else self.amount.words
        return f"{self.subject or card}'s {which[self.which]} equal to {words}."

    def python(self) -> str:
        return (f"rt.SetPT(amount={self.amount.python()}, power={lit(self.which != 'toughness')}, "
                f"toughness={lit(self.which != 'power')})")


@dataclass(frozen=True)
class PreventDamageBy(StaticPart):
    """615.1a: "Prevent all damage that would be dealt to this by artifact creatures.", "Prevent all
    combat damage that would be dealt to this." (``combat``: combat damage only, 510.2; no ``filter``:
    from any source)."""

    filter: FilterIR | None = None
    combat: bool = False

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        kind = "combat damage" if self.combat else "damage"
        by = f" by {self.filter.words}" if self.filter is not None else ""
        return f"Prevent all {kind} that would be dealt to {card}{by}."

    def python(self) -> str:
        args = [f"filter={self.filter.python()}"] if self.filter is not None else []
        if self.combat:
            args.append("combat=True")
        return f"rt.PreventDamageBy({', '.join(args)})"


@dataclass(frozen=True)
class CostReduction(StaticPart):
    """601.2f: "Green spells you cast cost {1} less to cast."."""

    count: int
    filters: tuple[FilterIR, ...]

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        spells = ' and '.join(f.words for f in self.filters)
        if ab.zones:
            # 113.6b: "As long as The Ur-Dragon is in the command zone or on the battlefield, ..."
            places = " or ".join("in the command zone" if z == "command" else "on the battlefield" for z in ab.zones)
            return f"As long as {card} is {places}, {spells} you cast cost {{{self.count}}} less to cast."
        return f"{spells[:1].upper()}{spells[1:]} you cast cost {{{self.count}}} less to cast."

    def python(self) -> str:
        return f"rt.CostReduction(amount={lit(self.count)}, filters={filters_python(self.filters)})"


@dataclass(frozen=True)
class CantSearch(StaticPart):
    """701.19: "Your opponents can't search libraries." (``who``: "opponents" or "each")."""

    who: str

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        return f"{'Your opponents' if self.who == 'opponents' else 'Players'} can't search libraries."

    def python(self) -> str:
        return f"rt.CantSearchLibraries(who={lit(self.who)})"


@dataclass(frozen=True)
class RedirectToThis(StaticPart):
    """614.9: "all combat damage that would be dealt to you by unblocked creatures is dealt to this
    instead" (maybe "as long as" a condition: the ability's)."""

    filter: "FilterIR | None"
    combat: bool = False

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        kind = "combat damage" if self.combat else "damage"
        by = f" by {self.filter.words}" if self.filter is not None else ""
        body = f"all {kind} that would be dealt to you{by} is dealt to {card} instead."
        if ab.condition is None:
            return body[:1].upper() + body[1:]
        return f"As long as {ab.condition.text(False, card)[len('if '):]}, {body}"

    def python(self) -> str:
        flt = self.filter.python() if self.filter is not None else "None"
        return f"rt.RedirectDamageToThis(filter={flt}, combat={lit(self.combat)})"


@dataclass(frozen=True)
class DamageLifeFloor(StaticPart):
    """614.1a: "Damage that would reduce your life total to less than 1 reduces it to 1 instead."."""

    floor: int

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        n = self.floor
        return f"Damage that would reduce your life total to less than {n} reduces it to {n} instead."

    def python(self) -> str:
        return f"rt.DamageLifeFloor(floor={lit(self.floor)})"


@dataclass(frozen=True)
class SkipExtraTurns(StaticPart):
    """614.10: "If an opponent would begin an extra turn, that player skips that turn instead."."""

    who: str

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        who = "an opponent" if self.who == "opponents" else "a player"
        return f"If {who} would begin an extra turn, that player skips that turn instead."

    def python(self) -> str:
        return f"rt.SkipsExtraTurns(who={lit(self.who)})"


@dataclass(frozen=True)
class ExtraLand(StaticPart):
    """305.2: "You may play an additional land on each of your turns."."""

    count: int

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        many = "an additional land" if self.count == 1 else \
            f"{NUMBER_TEXT.get(self.count, str(self.count))} additional lands"
        return f"You may play {many} on each of your turns."

    def python(self) -> str:
        return f"rt.AdditionalLandPlays(count={lit(self.count)})"


@dataclass(frozen=True)
class TopRevealed(StaticPart):
    """401.5: "Play with the top card of your library revealed."."""

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        return "Play with the top card of your library revealed."

    def python(self) -> str:
        return "rt.TopOfLibraryRevealed()"


@dataclass(frozen=True)
class PlayTop(StaticPart):
    """305.1, 601.2a: "You may play the top card of your library" (``verb`` "cast": spells only)."""

    verb: str
    filter: FilterIR | None = None

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        cond = ""
        if self.filter is not None:
            words = self.filter.words
            cond = f" if it's {'an' if words[:1] in 'aeiou' else 'a'} {words}"
        return f"You may {self.verb} the top card of your library{cond}."

    def python(self) -> str:
        flt = self.filter.python() if self.filter is not None else "None"
        return f"rt.MayPlayTopOfLibrary(filter={flt}, spells_only={lit(self.verb == 'cast')})"


@dataclass(frozen=True)
class HandSize(StaticPart):
    """402.2: "Your maximum hand size is increased by one."."""

    count: int

    def sentence(self, ab: "StaticIR", card: str) -> str | None:
        k = self.count
        return f"Your maximum hand size is increased by {'one' if k == 1 else NUMBER_TEXT.get(k, str(k))}."

    def python(self) -> str:
        return f"rt.MaxHandSize(delta={lit(self.count)})"


def static_parts_text(parts: tuple[StaticPart, ...], ph: "Phrase | None") -> str:
    """"gets +1/+1 and can't block"; a list of three or more with a serial comma."""
    out = [p.text(ph) for p in parts]
    if len(out) > 2:
        return ", ".join(out[:-1]) + ", and " + out[-1]
    if len(out) == 2 and parts[1].CLAUSE:
        return f"{out[0]}, and {out[1]}"  # two independent clauses
    return " and ".join(out)


def mana_cost_sentences(parts: tuple[StaticPart, ...]) -> str:
    """The sentences after one granting a keyword at the object's mana cost (702.1b): " The
    flashback cost is equal to its mana cost." (each with its period), or ""."""
    return "".join(f" The {p.keyword} cost is equal to its mana cost." for p in parts
                   if isinstance(p, HasKeywordAtManaCost))


freeze(globals())
