"""Values that abilities are built from: references, amounts, costs (selectors are in
:mod:`runtime.selectors`, conditions in :mod:`runtime.conditions`).

All are frozen dataclasses: generated card modules construct them as literals.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from .selectors import ObjectFilter
from .zones import Zone

if TYPE_CHECKING:
    from .conditions import Condition
    from .game import Game
    from .objects import GameObject
    from .resolution import Resolution


# ------------------------------------------------------------------ references to objects and players


@dataclass(frozen=True)
class Slot:
    """The object or player chosen for target slot ``index`` of this ability (115)."""

    index: int


@dataclass(frozen=True)
class SlotsFrom:
    """The objects or players chosen for an "any number of targets" phrase (115.1d): slot ``index``
    and every further slot chosen for it (its last slot repeats, so it is the ability's last)."""

    index: int


@dataclass(frozen=True)
class Slots:
    """The objects chosen for ``count`` target slots from ``first`` ("up to two target creatures", 115.1d)."""

    first: int
    count: int


@dataclass(frozen=True)
class ThisObject:
    """The object the ability belongs to ("this", 109.5 / 201.5)."""


@dataclass(frozen=True)
class LastAffected:
    """The objects the previous instruction of this ability acted on ("them" after "create ... tokens");
    ``permanent``: only those on the battlefield ("that permanent", 110.1)."""

    permanent: bool = False


@dataclass(frozen=True)
class EachObject:
    """Every permanent matching ``filter`` as the instruction is followed ("each creature", "all
    creatures", "creatures you control"; 608.2c, 611.2c); not targeted."""

    filter: ObjectFilter
    # "all Auras attached to them" (303.4): only permanents attached to one of these referents.
    attached_to: "Slot | SlotsFrom | None" = None
    # "with the same name as that creature" (201.2): only permanents sharing a name with these.
    same_name_as: "Slot | SlotsFrom | None" = None
    # "each instant and sorcery card in your graveyard" (404, 611.2c): the cards in the graveyard of
    # the ability's controller instead of permanents.
    in_your_graveyard: bool = False
    # "creatures target player controls" (115.1, 611.2c): only the permanents that player controls.
    controlled_by: "PlayerSlot | None" = None
    # 607.2a: "all tokens created with Saproling Burst" -- only tokens the source's abilities created.
    created_by_source: bool = False


@dataclass(frozen=True)
class TheRest:
    """"the rest" (608.2d): the permanents of the kind chosen from earlier in the ability that weren't
    chosen ("each player chooses a creature they control. Destroy the rest.")."""


@dataclass(frozen=True)
class EachOpponent:
    """Every opponent of the ability's controller ("each opponent", 102.2)."""


@dataclass(frozen=True)
class EachPlayer:
    """Every player still in the game ("each player")."""


@dataclass(frozen=True)
class EnchantedObject:
    """"enchanted creature": the permanent the source (an Aura) is attached to (303.4e)."""




@dataclass(frozen=True)
class You:
    """The controller of the ability (109.5)."""


@dataclass(frozen=True)
class PlayerSlot:
    """The player chosen for target slot ``index``."""

    index: int


@dataclass(frozen=True)
class ControllerOf:
    """"its controller": the controller of the object in target slot ``slot`` (-1: the source), as it
    last existed if it has left its zone (608.2h)."""

    slot: int


@dataclass(frozen=True)
class EventPlayer:
    """"that player": the player named by the event that triggered the ability (the player dealt
    damage in "whenever this deals combat damage to a player", 603.2)."""


@dataclass(frozen=True)
class OwnerOf:
    """"that creature's owner": the owner of the object in target slot ``slot`` (108.3), read from
    last known information if it left its zone (608.2h)."""

    slot: int


@dataclass(frozen=True)
class OwnersOfAffected:
    """"those players" (108.3): the owners of the objects the previous instruction acted on, each once."""


@dataclass(frozen=True)
class DefendingPlayer:
    """"defending player" (506.2): during the combat phase of a two-player game, the nonactive player."""


@dataclass(frozen=True)
class AttackingPlayer:
    """"attacking player" (506.2): during the combat phase, the active player."""


PlayerRef = Union[You, PlayerSlot, EachOpponent, EachPlayer, ControllerOf, EventPlayer, OwnerOf, DefendingPlayer,
                  AttackingPlayer, OwnersOfAffected]
# What an instruction acts on; "you" is a player it may damage ("deals 1 damage to you").
ObjectRef = Union[Slot, SlotsFrom, Slots, ThisObject, LastAffected, EachObject, EachOpponent, EachPlayer, EnchantedObject, You,
                  TheRest, ControllerOf]


# ------------------------------------------------------------------ amounts


@dataclass(frozen=True)
class Fixed:
    """A printed number."""

    value: int

    def evaluate(self, res: "Resolution") -> int:
        """The number."""
        return self.value


@dataclass(frozen=True)
class Times:
    """An amount ``n`` times over (702.24a: a cost paid once for each age counter)."""

    amount: "Amount"
    n: int

    def evaluate(self, res: "Resolution") -> int:
        """The amount times ``n``."""
        return self.amount.evaluate(res) * self.n


@dataclass(frozen=True)
class XValue:
    """107.3: the value announced for X as the spell was cast (0 elsewhere, 107.3b)."""

    def evaluate(self, res: "Resolution") -> int:
        """X as recorded on the spell or its source."""
        return res.x


@dataclass(frozen=True)
class TimesPaid:
    """"for each time it was kicked": how many times the cost options with ``label`` were paid (702.33d)."""

    label: str
    each: int = 1  # "2 life for each time it was kicked": the number per time

    def evaluate(self, res: "Resolution") -> int:
        """Sum over the source object's paid options carrying ``label``, times ``each``."""
        src = res.source_object()
        return 0 if src is None else self.each * res.game.times_paid(src, self.label, None)


@dataclass(frozen=True)
class CountersOnThis:
    """"the number of <kind> counters on it" (the source)."""

    counter: str
    each: int = 1  # "2 life for each +1/+1 counter on it": the number per counter

    def evaluate(self, res: "Resolution") -> int:
        """Counters of that kind on the source now (0 once it is gone: as it last existed, 608.2h)."""
        src = res.source_object()
        return 0 if src is None else self.each * src.counters.get(self.counter, 0)


@dataclass(frozen=True)
class CountersOnCreator:
    """607.2a, 111.2: "the number of fade counters on Saproling Burst" in a token's ability -- the counters
    on the object whose ability created the token (the source); once it has left the battlefield, as it
    last existed there (608.2h, 113.7a)."""

    counter: str

    def evaluate(self, res: "Resolution") -> int:
        """Counters of that kind on the creator now, or as it last existed."""
        src = res.source_object()
        if src is None or src.card.created_by < 0:
            return 0
        game = res.game
        creator = game.state.objects.get(src.card.created_by) or game.state.last_known.get(src.card.created_by)
        return 0 if creator is None else creator.counters.get(self.counter, 0)


@dataclass(frozen=True)
class CardsInZone:
    """"for each card in their graveyard" (608.2h: counted as the instruction is followed): the cards in
    a player's hand or graveyard; ``their``: the player following the instruction ("defending player
    loses 1 life for each card in their graveyard"), else the ability's controller."""

    zone: str
    their: bool = False
    each: int = 1

    def evaluate(self, res: "Resolution") -> int:
        """Count them now."""
        player = res.subject if self.their and res.subject >= 0 else res.controller
        zone = Zone.GRAVEYARD if self.zone == "graveyard" else Zone.HAND
        return self.each * len(res.game.zone(zone, player))


@dataclass(frozen=True)
class GraveyardSize:
    """"for each card in your graveyard": the number of cards in the controller's graveyard."""

    def evaluate(self, res: "Resolution") -> int:
        """Count them now."""
        return len(res.game.zone(Zone.GRAVEYARD, res.controller))


@dataclass(frozen=True)
class PowerOf:
    """"its power": the power of the object in target slot ``slot`` (-1: the source), from last known
    information if it has left its zone (608.2h)."""

    slot: int

    def evaluate(self, res: "Resolution") -> int:
        """The object's power now, or as it last existed."""
        obj = res.object_or_last_known(self.slot)
        if obj is None:
            return 0
        return max(res.game.characteristics(obj).power or 0, 0)


@dataclass(frozen=True)
class EventAmount:
    """"that much", "that many": the amount of the event that triggered the ability (the damage dealt,
    603.2, 120.3)."""

    def evaluate(self, res: "Resolution") -> int:
        """The amount the triggering event carried (0 for an ability that didn't trigger on one)."""
        return res.event_amount


@dataclass(frozen=True)
class Plus:
    """"1 plus the number of creature cards in your graveyard": ``base`` added to an amount."""

    base: int
    amount: "Amount"

    def evaluate(self, res: "Resolution") -> int:
        """The base plus the amount, counted now."""
        return self.base + self.amount.evaluate(res)


@dataclass(frozen=True)
class AmountThisWay:
    """"that much", "that many" after an instruction that counts what it did (608.2c): the life it made
    players lose (702.101a extort: "you gain life equal to the total life lost this way"), the cards it
    discarded ("discard all the cards in your hand, then draw that many cards")."""

    def evaluate(self, res: "Resolution") -> int:
        """What the previous counting instruction did."""
        return res.this_way


@dataclass(frozen=True)
class HalfLife:
    """"half their life, rounded up" (107.1a: the ability says which way to round): half the life total
    of the player following the instruction (the controller, for "you lose half your life"), read as
    it is followed (608.2h); 0 for a life total of 0 or less (107.1b)."""

    rounded_up: bool = True

    def evaluate(self, res: "Resolution") -> int:
        """Half that player's life now."""
        player = res.subject if res.subject >= 0 else res.controller
        life = max(res.game.players[player].life, 0)
        return (life + 1) // 2 if self.rounded_up else life // 2


@dataclass(frozen=True)
class AmountIf:
    """608.2c, 601.2d: the amount a spell divides when a sentence replacing another changes it (a
    sentence that applies only if a cost was paid: "..., prevent the next 6 damage this way instead"):
    ``then`` where ``condition`` holds as it is cast, else ``otherwise`` (None: nothing is divided, 0)."""

    condition: "Condition"
    then: "Amount"
    otherwise: "Amount | None" = None

    def evaluate(self, res: "Resolution") -> int:
        """The amount that applies now."""
        if self.condition.holds(res.game, res):
            return self.then.evaluate(res)
        return self.otherwise.evaluate(res) if self.otherwise is not None else 0


@dataclass(frozen=True)
class CountOf:
    """"the number of black permanents you control": permanents on the battlefield the selector matches
    (seen from the ability's controller and source)."""

    filter: ObjectFilter
    zone: str = "battlefield"  # or "graveyard": the controller's graveyard ("creature card in your graveyard")
    each: int = 1  # "2 life for each ...": the number per object counted

    def evaluate(self, res: "Resolution") -> int:
        """Count them now."""
        game = res.game
        if self.zone == "graveyard":
            cards = [game.obj(c) for c in game.zone(Zone.GRAVEYARD, res.controller)]
            return self.each * sum(1 for o in cards if self.filter.matches(game, o))
        return self.each * sum(1 for o in game.battlefield()
                               if self.filter.matches(game, o, viewer=res.controller, source_oid=res.source_oid))


@dataclass(frozen=True)
class Multiplied:
    """"twice that many" (107.1): ``factor`` times another amount."""

    base: "Amount"
    factor: int

    def evaluate(self, res: "Resolution") -> int:
        """The base amount, multiplied."""
        return self.factor * self.base.evaluate(res)


@dataclass(frozen=True)
class CostCardManaValue:
    """"the exiled card's converted mana cost", "the discarded card's ...": the mana value (202.3) of the
    card moved to pay a cost of this spell or ability (118.3, 601.2h, 602.2b), ``verb`` naming how
    ("exiled", "discarded").  An activated ability's resolution carries what its costs moved; a
    permanent spell keeps it on the object (400.7: what was paid while casting it), so its
    replacement effects as it enters read it there (614.1c)."""

    verb: str

    def evaluate(self, res: "Resolution") -> int:
        """The sum over the cards moved this way (one, for "the exiled card")."""
        moved = res.cost_cards
        if not moved:
            src = res.source_object()
            moved = src.cast.cost_cards if src is not None and src.cast is not None else ()
        return sum(mv for verb, mv in moved if verb == self.verb)


Amount = Union[Fixed, Times, XValue, TimesPaid, CountersOnThis, CountersOnCreator, GraveyardSize, PowerOf, EventAmount, AmountThisWay,
               HalfLife, AmountIf, CountOf, CardsInZone, Plus, Multiplied, CostCardManaValue]


# ------------------------------------------------------------------ costs


@dataclass(frozen=True)
class SacrificeSpec:
    """"Sacrifice N <filter>" as a cost (118.3, 701.17)."""

    count: Amount
    filter: ObjectFilter


@dataclass(frozen=True)
class Cost:
    """A cost (118): mana plus any of tap, life, sacrifice, discard, exile, reveal, return and counters."""

    mana: tuple[str, ...] = ()
    tap: bool = False
    life: Amount | None = None
    sacrifice: SacrificeSpec | None = None
    discard: Amount | None = None  # "discard two cards", "discard X cards" (118.3)
    sacrifice_this: bool = False
    discard_filter: ObjectFilter | None = None  # "discard a land card": which cards qualify
    exile_from_hand: SacrificeSpec | None = None  # "exile a blue card from your hand" (count, selector)
    remove_counters: tuple[str, int] | None = None  # "remove a fade counter from this": (kind, how many)
    discard_this: bool = False  # "discard this card": the source, from its owner's hand (118.3, 701.8)
    reveal: SacrificeSpec | None = None  # "reveal a green card in your hand" (count, selector)
    tap_permanents: SacrificeSpec | None = None  # "tap an untapped creature you control" (118.3)
    put_counters: tuple[str, int] | None = None  # "put a -0/-1 counter on this": (kind, how many) (122.6)
    exile_this: bool = False  # "exile this": the source permanent is exiled (118.3)
    # 107.17 ({TK}), 107.14-style: counters removed from the payer themselves: (kind, how many).
    player_counters: tuple[str, int] | None = None
    # "exile a face-down permanent you control face up" (118.3, 708.9): turned face up as it is exiled;
    # the cards exiled are "that card" for the ability's instructions
    exile_face_up: SacrificeSpec | None = None
    exile_from_graveyard: SacrificeSpec | None = None  # "exile two cards from your graveyard" (118.3)
    return_to_hand: SacrificeSpec | None = None  # "return two Islands you control to their owner's hand" (118.3)
    # "put three cards from your graveyard on the bottom of your library" (118.3; in the owner's order, 401.4)
    bottom_from_graveyard: SacrificeSpec | None = None
    # 118.6: based on the mana cost of an object that has none ("flashback cost equal to its mana
    # cost" of a card without one); trying to pay it is illegal, so nothing may use it.
    unpayable: bool = False

    @staticmethod
    def mana_cost_of(symbols: tuple[str, ...]) -> "Cost":
        """A cost equal to an object's mana cost ``symbols`` (702.1b): unpayable if it has none (118.6)."""
        return Cost(mana=symbols, unpayable=not symbols)

    @property
    def mana_only(self) -> bool:
        """True if this cost is only mana (its keyword line is printed "Name {cost}", not with an em dash)."""
        return dataclasses.replace(self, mana=(), unpayable=False) == Cost()

    def plus(self, other: "Cost") -> "Cost":
        """This cost and ``other`` paid together (118.3: "{2}, Discard this card"): a keyword's cost
        parameter with the parts its definition adds."""
        if self.discard is not None and other.discard is not None:
            raise ValueError("two discard parts can't be joined in one cost")
        return Cost(mana=self.mana + other.mana, tap=self.tap or other.tap, life=self.life or other.life,
                    sacrifice=self.sacrifice or other.sacrifice, discard=self.discard or other.discard,
                    sacrifice_this=self.sacrifice_this or other.sacrifice_this,
                    discard_filter=self.discard_filter or other.discard_filter,
                    exile_from_hand=self.exile_from_hand or other.exile_from_hand,
                    remove_counters=self.remove_counters or other.remove_counters,
                    discard_this=self.discard_this or other.discard_this,
                    reveal=self.reveal or other.reveal,
                    tap_permanents=self.tap_permanents or other.tap_permanents,
                    put_counters=self.put_counters or other.put_counters,
                    exile_this=self.exile_this or other.exile_this,
                    player_counters=self.player_counters or other.player_counters,
                    exile_from_graveyard=self.exile_from_graveyard or other.exile_from_graveyard,
                    return_to_hand=self.return_to_hand or other.return_to_hand,
                    bottom_from_graveyard=self.bottom_from_graveyard or other.bottom_from_graveyard,
                    unpayable=self.unpayable or other.unpayable)

    def times(self, n: int) -> "Cost":
        """This cost ``n`` times over (702.24a: "[cost] for each age counter"): its mana symbols, life
        and numbers of permanents or cards ``n`` times; its other parts (tapping, this object) once
        if ``n`` is positive.  ``n`` = 0 is no cost at all."""
        if n <= 0:
            return Cost()

        def scaled(spec: SacrificeSpec | None) -> SacrificeSpec | None:
            return None if spec is None else SacrificeSpec(Times(spec.count, n), spec.filter)

        # (replace: every part not scaled here -- tapping, this object -- is kept as it is)
        return dataclasses.replace(
            self, mana=self.mana * n, life=None if self.life is None else Times(self.life, n),
            sacrifice=scaled(self.sacrifice), discard=None if self.discard is None else Times(self.discard, n),
            exile_from_hand=scaled(self.exile_from_hand), reveal=scaled(self.reveal),
            remove_counters=None if self.remove_counters is None else (self.remove_counters[0], self.remove_counters[1] * n),
            tap_permanents=scaled(self.tap_permanents),
            put_counters=None if self.put_counters is None else (self.put_counters[0], self.put_counters[1] * n),
            player_counters=None if self.player_counters is None else (self.player_counters[0], self.player_counters[1] * n),
            exile_face_up=scaled(self.exile_face_up), exile_from_graveyard=scaled(self.exile_from_graveyard),
            return_to_hand=scaled(self.return_to_hand), bottom_from_graveyard=scaled(self.bottom_from_graveyard))

    @property
    def mentions_x(self) -> bool:
        """Whether it has an X in it (107.3a): in its mana, or in the amount of any other part
        (life, cards discarded, objects sacrificed, exiled, revealed, tapped or returned)."""
        if "{X}" in self.mana:
            return True
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, XValue) or isinstance(v, SacrificeSpec) and isinstance(v.count, XValue):
                return True
        return False

    def without_mana(self) -> "Cost":
        """The same cost with its mana part left out (the mana is paid as part of a total, 601.2f)."""
        return dataclasses.replace(self, mana=())


ZONES_FOR_KIND: dict[str, Zone] = {"spell": Zone.STACK, "card": Zone.HAND, "permanent": Zone.BATTLEFIELD}
