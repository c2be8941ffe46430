"""Continuous effects (611) and what they do to an object: the parts of static abilities and of
"until end of turn" effects.

Each part is a frozen dataclass.  :func:`runtime.layers.characteristics` gathers the parts that
apply to an object (from its own static abilities whose condition holds, and from effects in
the game state) and the engine asks for them by class: ``has_part(game, obj, CantAttack)``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .abilities import Ability

from dataclasses import dataclass, field
from typing import Union

from .values import Amount
from .selectors import ObjectFilter
from .text_changes import COLOR_WORDS


@dataclass(frozen=True)
class PTChange:
    """613.4c (layer 7c): +N/+M.  ``x_power``/``x_toughness``: multiples of X, fixed when the effect
    is created by a resolving ability (608.2h) -- see :meth:`fixed`."""

    power: int
    toughness: int
    x_power: int = 0
    x_toughness: int = 0
    per_counter: str = ""  # "+1/+1 for each +1/+1 counter on this": counted on the ability's source
    per_filter: ObjectFilter | None = None  # "+1/+1 for each black permanent your opponents control"
    # "graveyard": ``per_filter`` counts the cards in the source's controller's graveyard instead of
    # permanents ("+1/+0 for each card with cycling in your graveyard", 404, 604.3)
    per_zone: str = ""

    def times(self, n: int) -> "PTChange":
        """The change counted ``n`` times (a "for each" counted as the characteristics are computed)."""
        return PTChange(self.power * n, self.toughness * n)

    def fixed(self, x: int) -> "PTChange":
        """The change with X's value locked in (608.2h)."""
        return PTChange(self.power + self.x_power * x, self.toughness + self.x_toughness * x)


@dataclass(frozen=True)
class CantAttack:
    """508.1c: a restriction on attacking (defender, 702.3b)."""


@dataclass(frozen=True)
class CantBlock:
    """509.1b: a restriction on blocking."""


@dataclass(frozen=True)
class CantAttackOrBlock:
    """Both restrictions at once."""


@dataclass(frozen=True)
class CantBeBlockedExceptBy:
    """509.1b: can be blocked only by a creature matching one of ``filters`` (flying, fear, horsemanship)."""

    filters: tuple[ObjectFilter, ...]


@dataclass(frozen=True)
class CanBlockOnly:
    """509.1b: can block only a creature matching one of ``filters`` (shadow, 702.28b)."""

    filters: tuple[ObjectFilter, ...]


@dataclass(frozen=True)
class Untargetable:
    """702.18a shroud (any player) / 702.11b hexproof (``opponents_only``)."""

    opponents_only: bool = False


@dataclass(frozen=True)
class PreventDamageBy:
    """615.1a: damage that sources the selector matches would deal to it is prevented (the selector
    sees the permanent with this part as its source: "creatures it's blocking"); no ``filter``: from
    any source; ``combat``: combat damage only (510.2)."""

    filter: ObjectFilter | None = None
    combat: bool = False


@dataclass(frozen=True)
class PreventDamageDealtBy:
    """615.1a: damage it would deal is prevented (``combat``: combat damage only, 510.2)."""

    combat: bool = False


@dataclass(frozen=True)
class ExileIfWouldDie:
    """614.1a, 700.4: a replacement effect: if it would be put into a graveyard from the battlefield, it
    is exiled instead."""


@dataclass(frozen=True)
class RedirectDamageToThis:
    """614.9: a static redirection effect: damage that would be dealt to its controller (``combat``:
    combat damage only, 510.2) by a source ``filter`` matches (seen from this permanent: "unblocked
    creatures") is dealt to this permanent instead."""

    filter: ObjectFilter | None = None
    combat: bool = False


@dataclass(frozen=True)
class Redirection:
    """614.9: a redirection effect from a resolved spell or ability, until end of turn (514.2): damage
    that would be dealt to ``recipient`` (an object id or "player:i"; None: to anything) by ``source``
    (an object id; None: by any source) is dealt to ``to`` instead.  ``once``: "the next time a source
    ... would deal damage": that one damage event, then it ends.  ``key`` tells effects apart (616.1f:
    each applies to an event at most once)."""

    key: int
    to: object
    recipient: object = None
    source: int | None = None
    once: bool = False
    combat: bool = False


@dataclass(frozen=True)
class DamageCantBePrevented:
    """615.12: damage can't be prevented: prevention effects prevent none of it, and prevention
    shields aren't reduced by it."""


@dataclass(frozen=True)
class CantAttackUnlessDefendingControls:
    """508.1c: can't attack unless the player it would attack (506.2) controls a permanent ``filter`` matches."""

    filter: ObjectFilter


@dataclass(frozen=True)
class CantBeBlockedByGreaterPower:
    """509.1b: creatures with power greater than this creature's power can't block it."""


@dataclass(frozen=True)
class CantBlockMatching:
    """509.1b: can't block an attacker one of ``filters`` matches ("creatures with power 2 or less")."""

    filters: tuple[ObjectFilter, ...]


@dataclass(frozen=True)
class BlocksAdditional:
    """509.1a: it may be declared to block ``count`` more attackers than one, or, with ``any_number``,
    any number of attackers (each of them a legal block on its own)."""

    count: int = 0
    any_number: bool = False


@dataclass(frozen=True)
class BlocksAsThough:
    """509.1b, 702.28b: blocking an attacker one of ``filters`` matches, the restrictions on blocking it
    that come from ``keyword`` don't apply ("as though they didn't have shadow"); with ``had``, the
    attacker's restrictions see this blocker as if it had ``keyword`` ("as though this had shadow")."""

    filters: tuple[ObjectFilter, ...]
    keyword: str
    had: bool = False


@dataclass(frozen=True)
class CantBeTargetedByOnly:
    """115.4-style: it can't be chosen for a target requirement that allows only objects of ``subtype``
    ("spells that can target only Walls or ... abilities that can target only Walls")."""

    subtype: str


@dataclass(frozen=True)
class MustBeBlocked:
    """509.1c: a requirement: it must be blocked if able (at least one creature blocks it)."""


@dataclass(frozen=True)
class AllAbleBlock:
    """509.1c: a requirement: every creature able to block it does so."""


@dataclass(frozen=True)
class CostReduction:
    """601.2f: spells its controller casts that one of ``filters`` matches cost {amount} less."""

    amount: int
    filters: tuple[ObjectFilter, ...]


@dataclass(frozen=True)
class MaxHandSize:
    """402.2: the controller's maximum hand size is increased by ``delta``."""

    delta: int


def affects_player(who: str, controller: int, player: int) -> bool:
    """Whether a static ability of a permanent ``controller`` controls, worded for ``who``
    ("opponents": "your opponents", "an opponent"; "each": "players", "a player"), affects ``player``."""
    return who == "each" or (who == "opponents" and player != controller)


@dataclass(frozen=True)
class CantSearchLibraries:
    """701.19, 609.3: the players it affects (see :func:`affects_player`) can't search libraries: a
    search they would make finds nothing, and the rest of the effect still happens."""

    who: str


@dataclass(frozen=True)
class DamageLifeFloor:
    """614.1a, 120.3a: a replacement effect: damage that would reduce its controller's life total to less
    than ``floor`` reduces it to ``floor`` instead (the damage is still dealt in full: lifelink and
    "that much" see all of it; a life total already below ``floor`` doesn't change)."""

    floor: int = 1


@dataclass(frozen=True)
class SkipsExtraTurns:
    """500.7, 614.10: a replacement effect: if a player it affects would begin an extra turn, that
    player skips that turn instead."""

    who: str


@dataclass(frozen=True)
class AdditionalLandPlays:
    """305.2: its controller may play ``count`` more lands on each of their turns."""

    count: int


@dataclass(frozen=True)
class TopOfLibraryRevealed:
    """401.5, 701.14c: its controller plays with the top card of their library revealed (public)."""


@dataclass(frozen=True)
class MayPlayTopOfLibrary:
    """305.1, 601.2a: its controller may play the top card of their library if ``filter`` (when
    given) matches it; ``spells_only``: "cast", so a land can't be played this way.  The normal
    timing rules and the land limit (305.2) still apply."""

    filter: ObjectFilter | None = None
    spells_only: bool = False


@dataclass(frozen=True)
class DoesntUntap:
    """502.3: it doesn't untap during its controller's untap step (while the effect lasts)."""


@dataclass(frozen=True)
class MayChooseNotToUntap:
    """502.3: its controller may choose not to untap it during their untap step."""


@dataclass(frozen=True)
class SetPT:
    """604.3 / 613.4a (layer 7a): a characteristic-defining ability: power and/or toughness equal
    ``amount``, counted as the characteristics are computed."""

    amount: Amount
    power: bool = True
    toughness: bool = True


@dataclass(frozen=True)
class SetBasePT:
    """613.4b (layer 7b): an effect that sets power and/or toughness to a value (None: unchanged), as
    an exchange with a life total does (701.10g)."""

    power: int | None = None
    toughness: int | None = None


@dataclass(frozen=True)
class GainKeywordWithQuality:
    """613.1f (layer 6) with 702.16a: has the keyword ``keyword`` with the quality ``quality``; "" is the
    object's chosen color (614.12: "has protection from the chosen color")."""

    keyword: str
    quality: str = field(default="", metadata=COLOR_WORDS)
    # "has protection from green and from white": further instances, one for each quality (702.16a)
    more: tuple[str, ...] = field(default=(), metadata=COLOR_WORDS)


@dataclass(frozen=True)
class BecomesCreature:
    """205.1b, 613.1d (layer 4: the creature type and these subtypes are added to its types), 613.1e
    (layer 5: these colors), 613.1f (layer 6: these keywords), 613.4b (layer 7b: this base power and
    toughness): "becomes a 4/4 green and white Insect Monk creature with first strike"."""

    power: int
    toughness: int
    colors: tuple[str, ...] = field(default=(), metadata=COLOR_WORDS)
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class CantBeRegenerated:
    """701.15c: its destruction can't be replaced by regeneration ("can't be regenerated this turn")."""


@dataclass(frozen=True)
class Indestructible:
    """702.12b: can't be destroyed (by effects or by lethal damage)."""


@dataclass(frozen=True)
class CantPhaseOut:
    """702.26: it doesn't phase out."""


@dataclass(frozen=True)
class PhasesEachUntap:
    """702.26a: phases out (or in) during its controller's untap step."""


@dataclass(frozen=True)
class GainKeywords:
    """613.1f (layer 6): has these keywords (and the abilities they stand for)."""

    keywords: tuple[str, ...]


@dataclass(frozen=True)
class GainKeywordAtManaCost:
    """613.1f (layer 6) with 702.1b: has the keyword ``keyword`` whose one cost parameter is the
    object's own mana cost ("gains flashback ... The flashback cost is equal to its mana cost").
    The cost is read from the object each time its characteristics are computed (702.1b: the
    variable is constantly reevaluated), so it works on a card in any zone (611.3a, 400.7f)."""

    keyword: str


@dataclass(frozen=True)
class LoseKeywords:
    """613.1f (layer 6): loses these keywords."""

    keywords: tuple[str, ...]


@dataclass(frozen=True)
class MinimumBlockers:
    """509.1b: can't be blocked except by ``count`` or more creatures (checked on the whole declaration)."""

    count: int


@dataclass(frozen=True)
class MaximumBlockers:
    """509.1b: can't be blocked by more than ``count`` creatures (checked on the whole declaration)."""

    count: int


@dataclass(frozen=True)
class Unblockable:
    """509.1b: can't be blocked."""


@dataclass(frozen=True)
class AttacksEachCombat:
    """508.1d: a requirement: attacks each combat if able."""


@dataclass(frozen=True)
class BlocksEachCombat:
    """509.1c: a requirement: blocks each combat if able."""


@dataclass(frozen=True)
class CombatDamageSteps:
    """510.4: deals combat damage in the first combat damage step and, if ``regular``, in the regular
    one too.  A creature with no such part deals combat damage only in the regular step."""

    first: bool = True
    regular: bool = False


@dataclass(frozen=True)
class AssignsExcessToPlayer:
    """510.1c-d: having assigned lethal damage to all its blockers, it may assign the rest to the
    player (or planeswalker) it is attacking; if all its blockers are gone, all of it."""


@dataclass(frozen=True)
class FormsAttackingBands:
    """702.22c, 508.1e: as attackers are declared, this may be announced in an attacking band with other
    attacking creatures that have this part and up to one that doesn't; 702.22h: an attacker of a band
    that becomes blocked by a creature makes the whole band blocked by it."""


@dataclass(frozen=True)
class DividesOpposingCombatDamage:
    """702.22j-k: a creature assigning combat damage to this creature (blocking it, or blocked by it)
    has its combat damage divided by this creature's controller, as they choose, among all the
    creatures it is assigning combat damage to: an exception to 510.1c-d."""


@dataclass(frozen=True)
class AttacksWithoutTapping:
    """508.1f: declaring it as an attacker doesn't cause it to tap."""


@dataclass(frozen=True)
class DamageGainsLife:
    """Damage dealt by this source also causes its controller to gain that much life (120.3)."""


@dataclass(frozen=True)
class DamageIsLethal:
    """Any nonzero damage this source deals to a creature is lethal: the creature is destroyed by a
    state-based action (704.5h), and 1 damage counts as lethal when assigning combat damage (510.1c-d)."""


@dataclass(frozen=True)
class DamageAsCounters:
    """120.3d, 702.80a: damage this source deals to a creature isn't marked on it: its controller puts
    that many -1/-1 counters on that creature instead (wither).  It is still damage dealt (120.4)."""


@dataclass(frozen=True)
class CantBeBlockedBy:
    """509.1b: can't be blocked by creatures with ``quality`` (a color word or "multicolored")."""

    quality: str = field(metadata=COLOR_WORDS)


@dataclass(frozen=True)
class CantBeTargetedBy:
    """115.4 / 601.2c: can't be the target of spells with ``quality`` or abilities from sources with it."""

    quality: str = field(metadata=COLOR_WORDS)


@dataclass(frozen=True)
class CantBeAttachedBy:
    """702.16c-d / 704.5m: can't be enchanted or equipped by permanents with ``quality``."""

    quality: str = field(metadata=COLOR_WORDS)


@dataclass(frozen=True)
class PreventDamageFrom:
    """615: damage that sources with ``quality`` would deal to it is prevented."""

    quality: str = field(metadata=COLOR_WORDS)


@dataclass(frozen=True)
class AbilitiesCantBeActivated:
    """602.5a-style: the permanent's activated abilities (mana abilities included) can't be activated;
    ``with_tap``: only those with {T} in their costs."""

    with_tap: bool = False

    def forbids(self, tap: bool) -> bool:
        """Whether it forbids an ability whose cost includes {T} (``tap``) or not."""
        return tap or not self.with_tap


@dataclass(frozen=True)
class ControlledBy:
    """613.1b (layer 2): controlled by ``player``; when the effect ends, ``previous`` controls it again."""

    player: int
    previous: int


@dataclass(frozen=True)
class AttacksAsThoughWithout:
    """"can attack as though it didn't have defender": the attack restrictions that the named keyword
    imposes don't apply to it (508.1c, 702.3b)."""

    keyword: str


@dataclass(frozen=True)
class GainAbility:
    """613.1f (layer 6): the object has this ability -- a quoted ability granted by an effect
    ("gain "When this creature dies, ...""); its source is the object that has it (113.7)."""

    ability: "Ability"

    def __repr__(self) -> str:
        # Stable across processes (state digests and replays compare it): the class, not the id.
        return f"GainAbility({type(self.ability).__qualname__})"


@dataclass(frozen=True)
class SetColors:
    """613.1e (layer 5): the object's colors become exactly these ("is black"), replacing the colors
    it had (105.3)."""

    colors: tuple[str, ...] = field(metadata=COLOR_WORDS)


@dataclass(frozen=True)
class PTChoice:
    """613.4c, 608.2d: one of these changes ("gets +2/-2 or -2/+2"), chosen by the controller as the
    effect is created; :class:`runtime.effects.ApplyContinuous` replaces it with the chosen
    :class:`PTChange` (unchosen, it changes nothing)."""

    options: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class SetCreatureType:
    """613.1d (layer 4), 205.1b: the object's creature types become exactly this one ("becomes the
    creature type of your choice"); its other subtypes stay.  ``subtype`` is "" until the effect is
    created: its controller chooses then (608.2d), and :class:`runtime.effects.ApplyContinuous`
    stores the choice."""

    subtype: str = ""
    also: tuple[str, ...] = ()  # "becomes a Bird Giant": the further creature types it becomes


@dataclass(frozen=True)
class BecomesAura:
    """613.1d (layer 4) and 613.1f (layer 6): "it becomes an Aura with enchant creature" -- the
    object has the subtype Aura in addition to its other subtypes and gains enchant for these card
    types (702.5a, 303.4a)."""

    enchant: tuple[str, ...]


@dataclass(frozen=True)
class AddTypes:
    """205.1b, 613.1d (layer 4): the object has these card types in addition to its other types ("that
    permanent is an enchantment in addition to its other types")."""

    types: tuple[str, ...]


@dataclass(frozen=True)
class MayPlay:
    """"You may play that card" (a permission, e.g. from exile until end of turn): ``player`` may
    play the land or cast the spell from the zone it is in, following the normal timing rules
    (305.1, 601.2a)."""

    player: int


Part = Union[
    AddTypes, MayPlay, GainAbility, SetColors, SetCreatureType, BecomesAura, PTChoice, SetBasePT,
    GainKeywordWithQuality,
    PTChange, MayChooseNotToUntap, CantAttack, CantAttackUnlessDefendingControls, CantBeBlockedByGreaterPower, CantBlock, CantAttackOrBlock, CantBeBlockedExceptBy, CanBlockOnly, Untargetable,
    Indestructible, CantPhaseOut, PhasesEachUntap, GainKeywords, GainKeywordAtManaCost, LoseKeywords, ControlledBy,
    MinimumBlockers,
    CombatDamageSteps, AssignsExcessToPlayer, FormsAttackingBands, DividesOpposingCombatDamage, AttacksWithoutTapping,
    DamageGainsLife, DamageIsLethal, DamageAsCounters, CantBeBlockedBy, CantBeTargetedBy, CantBeAttachedBy, PreventDamageFrom, AttacksAsThoughWithout,
    AbilitiesCantBeActivated, MaximumBlockers, Unblockable, AttacksEachCombat, BlocksEachCombat,
    CantBeRegenerated, SetPT, BecomesCreature, MaxHandSize, PreventDamageBy, DoesntUntap, CostReduction,
    TopOfLibraryRevealed, MayPlayTopOfLibrary, CantSearchLibraries, SkipsExtraTurns, DamageLifeFloor, AdditionalLandPlays,
    PreventDamageDealtBy, RedirectDamageToThis, ExileIfWouldDie, DamageCantBePrevented, CantBlockMatching, BlocksAdditional, BlocksAsThough, MustBeBlocked,
    AllAbleBlock, CantBeTargetedByOnly,
]


@dataclass(frozen=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (611.2), on one object, with a duration.

    ``until`` is "eot" (ends in the cleanup step, 514.2) or "next_upkeep" (ends as its
    controller's next upkeep begins).  It applies to the object ``oid`` only: if that object leaves
    the battlefield, the new object is unaffected (400.7).
    """

    oid: int
    parts: tuple[Part, ...]
    controller: int
    until: str
    timestamp: int


@dataclass(frozen=True)
class RuleEffect:
    """611.2c: a continuous effect from a resolved spell or ability that changes the rules of the game
    rather than characteristics ("creatures can't block this turn", "damage can't be prevented this
    turn"): it applies to every object ``filter`` matches (seen by ``controller``) while it lasts,
    including objects that weren't there as it began; no ``filter``: to the game itself.  ``until``:
    "eot" (ends in the cleanup step, 514.2)."""

    parts: tuple[Part, ...]
    filter: ObjectFilter | None
    controller: int
    until: str


# What generated card modules may use (re-exported by runtime.api).
__all__ = [
    "AddTypes",
    "GainKeywordWithQuality",
    "AbilitiesCantBeActivated",
    "AdditionalLandPlays",
    "BecomesAura",
    "PTChoice",
    "SetBasePT",
    "SetCreatureType",
    "AllAbleBlock",
    "AssignsExcessToPlayer",
    "MayChooseNotToUntap",
    "CantBeBlockedByGreaterPower",
    "CantAttackUnlessDefendingControls",
    "FormsAttackingBands",
    "DividesOpposingCombatDamage",
    "AttacksAsThoughWithout",
    "AttacksEachCombat",
    "AttacksWithoutTapping",
    "BlocksAdditional",
    "BlocksAsThough",
    "BlocksEachCombat",
    "CanBlockOnly",
    "CantAttack",
    "CantAttackOrBlock",
    "CantBeAttachedBy",
    "CantBeBlockedBy",
    "CantBeBlockedExceptBy",
    "BecomesCreature",
    "CantBeRegenerated",
    "CantBeTargetedBy",
    "CantBeTargetedByOnly",
    "CantBlock",
    "CantBlockMatching",
    "CantPhaseOut",
    "CantSearchLibraries",
    "CombatDamageSteps",
    "CostReduction",
    "DamageCantBePrevented",
    "DamageGainsLife",
    "DamageIsLethal",
    "DamageAsCounters",
    "DoesntUntap",
    "GainAbility",
    "GainKeywordAtManaCost",
    "GainKeywords",
    "Indestructible",
    "LoseKeywords",
    "MaxHandSize",
    "MaximumBlockers",
    "MayPlayTopOfLibrary",
    "MinimumBlockers",
    "MustBeBlocked",
    "PTChange",
    "PhasesEachUntap",
    "PreventDamageBy",
    "PreventDamageDealtBy",
    "RedirectDamageToThis",
    "ExileIfWouldDie",
    "PreventDamageFrom",
    "SetColors",
    "SetPT",
    "SkipsExtraTurns",
    "DamageLifeFloor",
    "TopOfLibraryRevealed",
    "Unblockable",
    "Untargetable",
]
