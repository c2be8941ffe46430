"""Paying costs (118, 601.2g-h): mana (with automatic activation of mana abilities), life,
tapping, sacrifice and discard; and a cost paid while something resolves ("unless [a player]
pays", 118.12).

Automatic mana payment is the players' payment policy, not a rule: when the pool is short, the
payer's untapped mana sources are activated by a deterministic solver that taps as few of them as
it can, in a fixed order (601.2g lets a player activate mana abilities before paying).  Scenarios may also activate mana
abilities themselves.
"""
from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING

from .abilities import ActivatedAbility, IgnoresSummoningSickness
from .continuous import AbilitiesCantBeActivated
from .decisions import Choice, ChooseCards, YesNo
from .errors import IllegalAction
from .mana import COLORS, ManaRequirement, format_cost, mana_value, pay_from_pool
from .mana_abilities import AddMana
from .resolution import Resolution
from .values import Cost, SacrificeSpec
from .selectors import ObjectFilter
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .layers import Characteristics
    from .objects import GameObject


def summoning_sick(game: "Game", obj: "GameObject", ch: "Characteristics | None" = None) -> bool:
    """302.6: a creature can't attack or pay {T} unless controlled continuously since its controller's
    most recent turn began (haste and similar abilities lift this, 702.10b).  ``ch``: ``obj``'s
    current characteristics, if the caller has them."""
    if ch is None:
        ch = game.characteristics(obj)
    if "creature" not in ch.types:
        return False
    if ch.derived(_ignores_sickness):
        return False
    began = game.players[obj.controller].turn_began
    # With extra turns (500.7) a player's most recent turn isn't always the one before this one.
    last_turn_start = began if began >= 0 else (
        game.state.turn if game.state.active == obj.controller else game.state.turn - 1)
    return obj.entered_turn >= last_turn_start and obj.entered_turn >= 0


def _ignores_sickness(ch: "Characteristics") -> bool:
    # Remembered per characteristics object: asked for every creature at every offer.
    return any(isinstance(a, IgnoresSummoningSickness) for a in ch.abilities)


def _produces(a: ActivatedAbility) -> list[str]:
    """The mana symbols (without braces) a mana ability can add."""
    produced: list[str] = []
    for s in a.sentences:
        for e in s.effects:
            if isinstance(e, AddMana) and e.per is None:
                # (an amount counted as it resolves, "add {G} for each ...", isn't one mana of a color:
                # such an ability is activated by its controller, not picked to pay one mana, 601.2g)
                produced += list(COLORS) if e.any_color else [m[1:-1] for m in e.mana + e.choices]
    return produced


def mana_sources(game: "Game", player: int) -> list[tuple[int, int, tuple[str, ...]]]:
    """Untapped sources whose {T} mana abilities ``player`` could activate now: (oid, index, colors)."""
    if game.characteristics_cache is None and not game.partial:
        # Outside a stretch (paying a cost): a stretch of its own, as this only reads, so the
        # layers of each permanent don't look through the battlefield again for every other one.
        with game.unchanging():
            return mana_sources(game, player)
    # Kept with the player's permanents (``runtime.permanents``) while they stand still.
    lists = game.permanents.lists_of(game, player) if not game.partial else None
    if lists is not None:
        return lists.sources
    return [s for o, ch in game.controlled(player) for s in tap_mana_sources(game, o, ch)]


def tap_mana_sources(game: "Game", o: "GameObject", ch: "Characteristics") -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """``o``'s {T} mana abilities its controller could activate now (untapped, not summoning sick,
    302.6; no "can't be activated", 602.5a), as sources: (oid, ability index, colors)."""
    if o.tapped:
        return ()
    taps = ch.derived(_tap_mana)
    # The cheap test first: most permanents have no {T} mana ability at all.
    if not taps or summoning_sick(game, o, ch) or (ch.parts and ch.has(AbilitiesCantBeActivated)):
        return ()
    return tuple((o.oid, i, produced) for i, produced in taps)


def _tap_mana(ch: "Characteristics") -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The {T} mana abilities among ``ch``'s activated abilities that cost nothing else, by their
    index, with the mana each can add (those that add none left out)."""
    out = []
    for i, a in enumerate(ch.activated):
        if a.is_mana and a.cost.tap and not (a.cost.mana or a.cost.life or a.cost.sacrifice):
            produced = _produces(a)
            if produced:
                out.append((i, tuple(produced)))
    return tuple(out)


def pay_mana(game: "Game", player: int, req: ManaRequirement, tapping: int | None = None) -> Counter[str]:
    """601.2g-h: pay ``req`` from the pool, activating untapped mana sources as needed; ``tapping`` is
    a permanent the cost itself taps ({T}), which can't also be tapped for mana.  Returns the mana
    spent, by color ("unless {B} was spent to cast it", 601.2h)."""
    spend = pay_from_pool(game.players[player].mana, req)
    if spend is None:
        sources = [s for s in mana_sources(game, player) if s[0] != tapping]
        plan = _plan_sources(game, player, req, sources)
        if plan is None:
            raise IllegalAction(f"{game.players[player].name} can't pay {_describe(req)} (601.2h)")
        for oid, color in plan:
            o = game.obj(oid)
            o.tapped = True
            game.add_mana(player, (f"{{{color}}}",), False)
            game.log(f"{game.name_of(oid)} is tapped for mana")
            _other_effects(game, player, oid, color)
        spend = pay_from_pool(game.players[player].mana, req)
        if spend is None:  # pragma: no cover - the plan was checked against the same solver
            raise IllegalAction(f"can't pay {_describe(req)} (601.2h)")
    pool = Counter(game.players[player].mana)
    pool.subtract(spend)
    game.players[player].mana = +pool
    return spend


def _other_effects(game: "Game", player: int, oid: int, color: str) -> None:
    """605.3b: a mana ability activated to pay a cost does all it says, not only add mana ("{T}: Add {R}.
    Barbarian Ring deals 1 damage to you."): the other instructions of the ability that made ``color``
    happen as it resolves."""
    for a in game.characteristics(game.obj(oid)).abilities:
        if isinstance(a, ActivatedAbility) and a.is_mana and a.cost.tap and color in _produces(a):
            res = Resolution(game, player, oid, ())
            for s in a.sentences:
                for e in s.effects:
                    if not isinstance(e, AddMana):
                        e.resolve(res)
            return


def _describe(req: ManaRequirement) -> str:
    parts = []
    if req.generic:
        parts.append(f"{{{req.generic}}}")
    for c, n in req.specific:
        parts.append(f"{{{c}}}" * n)
    for ch in req.choices:
        parts.append("{" + "/".join(ch) + "}")
    # 106.6: a restricted part says what may pay it: "{2}{2} ({2}: spend only colored mana, ...)"
    shown = "".join(parts) + "".join(f"{{{r.amount}}}" for r in req.restricted) or "{0}"
    return shown + "".join(f", of which {r.describe()}" for r in req.restricted)


def _plan_sources(game: "Game", player: int, req: ManaRequirement,
                  sources: list[tuple[int, int, tuple[str, ...]]] | None = None) -> list[tuple[int, str]] | None:
    """Pick sources and colors so pool + their mana pays ``req``, activating as few sources as can.

    601.2g: the player chooses which mana abilities to activate; this policy never taps a source
    whose mana wouldn't be spent (which would only be lost when the pool empties, 500.4).  Among
    plans with the fewest sources, the first in a fixed order wins: sources making fewer colors
    first, so flexible sources are kept for later needs, then by object id.
    """
    sources = list(mana_sources(game, player) if sources is None else sources)
    sources.sort(key=lambda s: (len(s[2]), s[0]))
    pool = game.players[player].mana
    by_position = _plan_by_position(req, tuple(sorted((c, n) for c, n in pool.items() if n > 0)),
                                    tuple(s[2] for s in sources))
    plan = None if by_position is None else [(sources[i][0], color) for i, color in by_position]
    if game.verify_characteristics and plan != _search_plan(Counter(pool), req, sources):
        raise AssertionError(f"remembered mana plan differs for {req}")
    return plan


@functools.lru_cache(maxsize=4096)
def _plan_by_position(req: ManaRequirement, pool: tuple[tuple[str, int], ...],
                      colors: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, str], ...] | None:
    """``_search_plan`` for sources making ``colors``, in that order, each named by its position: the
    plan depends on nothing else (the ids only order the sources, which the caller has done), so
    it is remembered, a pure function, and each position mapped back to its source by the caller."""
    plan = _search_plan(Counter(dict(pool)), req, [(i, 0, c) for i, c in enumerate(colors)])
    return None if plan is None else tuple(plan)


@functools.lru_cache(maxsize=4096)
def plan_exists(req: ManaRequirement, pool: tuple[tuple[str, int], ...],
                kinds: tuple[tuple[tuple[str, ...], int], ...]) -> bool:
    """Whether mana in ``pool`` plus one mana from each of some sources pays ``req``, given how many
    sources make each set of colors (``kinds``).  Whether a plan exists depends on nothing else
    (``_search_plan`` tries every set of sources of each size, so their ids and order only decide
    which plan it finds first): a pure function, remembered, as the offers ask it of the same few
    costs and lands at every decision."""
    sources = [(i, 0, colors) for i, colors in enumerate(c for c, n in kinds for _ in range(n))]
    sources.sort(key=lambda s: (len(s[2]), s[0]))
    return _search_plan(Counter(dict(pool)), req, sources) is not None


def _search_plan(pool: Counter[str], req: ManaRequirement,
                 sources: list[tuple[int, int, tuple[str, ...]]]) -> list[tuple[int, str]] | None:
    """``_plan_sources`` once the sources are found and ordered."""
    if pay_from_pool(pool, req) is not None:
        return []
    need = max(req.total() - sum(pool.values()), 1)

    def search(start: int, k: int, chosen: list[tuple[int, str]], extra: Counter[str]) -> list[tuple[int, str]] | None:
        if k == 0:
            total = Counter(pool)
            total.update(extra)
            return list(chosen) if pay_from_pool(total, req) is not None else None
        for i in range(start, len(sources) - k + 1):
            oid, _, colors = sources[i]
            for c in dict.fromkeys(colors):
                extra[c] += 1
                chosen.append((oid, c))
                found = search(i + 1, k - 1, chosen, extra)
                chosen.pop()
                extra[c] -= 1
                if found is not None:
                    return found
        return None

    # Each source makes one mana, so no plan needs more sources than the cost has mana.
    for k in range(need, min(req.total(), len(sources)) + 1):
        plan = search(0, k, [], Counter())
        if plan is not None:
            return plan
    return None


def tappable_for_cost(game: "Game", player: int, flt: ObjectFilter, source_oid: int | None) -> list[int]:
    """The untapped permanents ``player`` controls that a tapping cost may tap (118.3)."""
    return [o.oid for o in game.battlefield() if o.controller == player and not o.tapped
            and flt.matches(game, o, viewer=player, source_oid=source_oid)]


Sources = list[tuple[int, int, tuple[str, ...]]]


def mana_payable(game: "Game", player: int, req: ManaRequirement, sources: Sources | None = None) -> bool:
    """601.2g-h: whether ``player`` could pay the mana of ``req`` now, from their pool and the mana
    abilities of ``sources`` (default: all of theirs)."""
    if req.total() == 0:
        return True
    if sources is None:
        sources = mana_sources(game, player)
    pool = game.players[player].mana
    need = req.total()
    if need > sum(pool.values()) + len(sources):
        return False
    # Whether a plan exists depends only on how many sources make each set of colors, and no
    # plan uses more sources than the cost has mana (each makes one): keep that many of each kind,
    # so the solver's search doesn't grow with the number of identical lands on the battlefield.
    # The counts of a list of sources are remembered with it (a player's sources are kept between
    # decisions, ``runtime.permanents``, and every candidate of an offer asks).
    memo = game.source_kinds
    if memo is not None and memo[0] is sources:
        counts = memo[1]
    else:
        counts = {}
        for src in sources:
            counts[src[2]] = counts.get(src[2], 0) + 1
        game.source_kinds = (sources, counts)
    per_kind = {kind: min(n, need) for kind, n in counts.items()}
    # A colored symbol needs a mana of its color (106.1): too few possible sources of a color
    # rules the cost out before any search.
    for color, n in req.specific:
        makers = sum(k for colors, k in per_kind.items() if color in colors)
        if pool.get(color, 0) + makers < n:
            return False
    # Whether a plan exists depends only on the pool, the cost and those counts: remembered.
    ok = plan_exists(req, tuple(sorted((c, n) for c, n in pool.items() if n > 0)), tuple(sorted(per_kind.items())))
    if game.verify_characteristics and ok != (_plan_sources(game, player, req, sources) is not None):
        raise AssertionError(f"remembered mana plan differs for {req}")
    return ok


def nonmana_payable(game: "Game", player: int, cost: Cost, source: "GameObject | None") -> bool:
    """118.3: whether ``player`` could pay the parts of ``cost`` other than mana now (their mana is
    checked with the total cost, 601.2f-g)."""
    return _nonmana_ok(game, player, cost.without_mana(), source)


def _nonmana_ok(game: "Game", player: int, cost: Cost, source: "GameObject | None") -> bool:
    if cost.unpayable:
        return False  # 118.6
    if cost.tap and (source is None or source.tapped or summoning_sick(game, source)):
        return False
    if cost.life is not None and cost.life.__class__.__name__ == "Fixed":
        if getattr(cost.life, "value", 0) > game.players[player].life:
            return False
    if cost.sacrifice is not None:
        n = getattr(cost.sacrifice.count, "value", 0)
        mine = [o for o in game.battlefield() if o.controller == player and cost.sacrifice.filter.matches(
            game, o, viewer=player, source_oid=source.oid if source is not None else None)]
        if len(mine) < n:
            return False
    if cost.discard is not None:
        hand = [o for o in game.zone(Zone.HAND, player) if source is None or o != source.oid]
        if cost.discard_filter is not None:
            hand = [o for o in hand if cost.discard_filter.matches(game, game.obj(o), player)]
        if len(hand) < getattr(cost.discard, "value", 0):
            return False
    if cost.discard_this and (source is None or source.zone is not Zone.HAND or source.owner != player):
        return False
    if cost.tap_permanents is not None:
        n = getattr(cost.tap_permanents.count, "value", 0)
        src = source.oid if source is not None else None
        if len(tappable_for_cost(game, player, cost.tap_permanents.filter, src)) < n:
            return False
    if cost.remove_counters is not None:
        kind, need = cost.remove_counters
        if source is None or source.counters.get(kind, 0) < need:
            return False
    if cost.reveal is not None:
        need = getattr(cost.reveal.count, "value", 0)
        if sum(1 for o in game.zone(Zone.HAND, player)
               if (source is None or o != source.oid) and cost.reveal.filter.matches(game, game.obj(o))) < need:
            return False
    if cost.exile_from_hand is not None:
        n = getattr(cost.exile_from_hand.count, "value", 0)
        flt = cost.exile_from_hand.filter
        if sum(1 for o in game.zone(Zone.HAND, player)
               if (source is None or o != source.oid) and flt.matches(game, game.obj(o))) < n:
            return False
    src = source.oid if source is not None else None
    # Cards moved out of the graveyard (exiled, 118.3; put on the bottom of the library): enough there.
    for moved in (cost.exile_from_graveyard, cost.bottom_from_graveyard):
        if moved is not None:
            n = getattr(moved.count, "value", 0)
            if sum(1 for o in game.zone(Zone.GRAVEYARD, player)
                   if o != src and moved.filter.matches(game, game.obj(o), player, source_oid=src)) < n:
                return False
    if cost.return_to_hand is not None:
        n = getattr(cost.return_to_hand.count, "value", 0)
        flt = cost.return_to_hand.filter
        if sum(1 for o in game.battlefield() if o.controller == player and o.oid != src
               and flt.matches(game, o, viewer=player, source_oid=src)) < n:
            return False
    if cost.exile_face_up is not None:  # 118.3, 708.9: face-down permanents the player controls
        n = getattr(cost.exile_face_up.count, "value", 0)
        flt = cost.exile_face_up.filter
        if sum(1 for o in game.battlefield() if o.controller == player
               and flt.matches(game, o, viewer=player, source_oid=src)) < n:
            return False
    if cost.player_counters is not None:  # 107.17: enough ticket (or other) counters on the payer
        kind, n = cost.player_counters
        if game.players[player].counters.get(kind, 0) < n:
            return False
    return True


def pay_cost(game: "Game", player: int, cost: Cost, source: "GameObject | None", res: "Resolution",
             extra_mana: ManaRequirement | None = None) -> None:
    """118 / 601.2h: pay every part of ``cost`` (plus ``extra_mana``); raise IllegalAction if any can't be paid."""
    if cost.unpayable:
        raise IllegalAction("the cost is based on the mana cost of an object that has none: "
                            "it can't be paid (118.6)")
    if cost.tap:
        if source is None or source.tapped:
            raise IllegalAction("it is tapped: {T} can't be paid (118.3)")
        if summoning_sick(game, source):
            raise IllegalAction(f"{game.name_of(source.oid)} has summoning sickness: {{T}} can't be paid (302.6)")
    life = cost.life.evaluate(res) if cost.life is not None else 0
    if life > game.players[player].life:
        raise IllegalAction(f"can't pay {life} life with {game.players[player].life} (119.4)")
    sac: list[int] = []
    if cost.sacrifice_this:
        # 118.3 / 701.17a: "Sacrifice this" needs the source on the battlefield under your control.
        if source is None or source.zone is not Zone.BATTLEFIELD or source.controller != player:
            raise IllegalAction("it must be a permanent you control to be sacrificed (701.17a)")
        sac.append(source.oid)
    if cost.exile_this and (source is None or source.zone is not Zone.BATTLEFIELD or source.controller != player):
        # 118.3: "Exile this" needs the source on the battlefield under your control.
        raise IllegalAction("it must be a permanent you control to be exiled as a cost (118.3)")
    if cost.sacrifice is not None:
        n = cost.sacrifice.count.evaluate(res)
        cands = [o.oid for o in game.battlefield() if o.controller == player
                 and cost.sacrifice.filter.matches(game, o, viewer=player,
                                                   source_oid=source.oid if source is not None else None)]
        if len(cands) < n:
            raise IllegalAction(f"can't sacrifice {n}: only {len(cands)} match (118.3)")
        if len(cands) == n:
            sac += cands
        elif n > 0:
            ans = game.ask(ChooseCards(player, f"Sacrifice {n}", tuple(Choice(str(c), game.name_of(c)) for c in cands), n, n))
            keys = ans if isinstance(ans, tuple) else ()
            picked = [int(k) for k in keys if k.isdigit() and int(k) in cands]
            sac += picked
            if len(set(picked)) != n:
                raise IllegalAction(f"choose exactly {n} permanents to sacrifice")
    face_up: list[int] = []
    if cost.exile_face_up is not None:
        # 118.3: permanents you control matching the selector (face-down ones), chosen now.
        n = cost.exile_face_up.count.evaluate(res)
        cands = [o.oid for o in game.battlefield() if o.controller == player
                 and cost.exile_face_up.filter.matches(game, o, viewer=player,
                                                       source_oid=source.oid if source is not None else None)]
        if len(cands) < n:
            raise IllegalAction(f"can't exile {n}: only {len(cands)} match (118.3)")
        ans = game.ask(ChooseCards(player, f"Exile {n} face up", tuple(Choice(str(c), game.name_for(c, player))
                                                                       for c in cands), n, n))
        keys = ans if isinstance(ans, tuple) else ()
        face_up = [int(k) for k in keys if k.isdigit() and int(k) in cands]
        if len(set(face_up)) != n:
            raise IllegalAction(f"choose exactly {n} permanents to exile")
    discard: list[int] = []
    if cost.discard is not None:
        n = cost.discard.evaluate(res)  # "discard X cards": X was announced before costs are paid (601.2b)
        hand = game.zone(Zone.HAND, player)
        cands = [o for o in hand if source is None or o != source.oid]
        if cost.discard_filter is not None:  # "discard a land card" (702.81a)
            cands = [o for o in cands if cost.discard_filter.matches(game, game.obj(o), player)]
        if len(cands) < n:
            raise IllegalAction(f"can't discard {n} cards (118.3)")
        if n > 0:
            ans = game.ask(ChooseCards(player, f"Discard {n}", tuple(Choice(str(c), game.name_of(c)) for c in cands),
                                       n, n))
            keys = ans if isinstance(ans, tuple) else ()
            discard = [int(k) for k in keys if k.isdigit() and int(k) in cands]
            if len(set(discard)) != n:
                raise IllegalAction(f"choose exactly {n} cards to discard")
    if cost.discard_this:
        # 118.3 / 701.8: "Discard this card": the source must be in its owner's hand.
        if source is None or source.zone is not Zone.HAND or source.owner != player:
            raise IllegalAction("this card must be in your hand to be discarded (118.3)")
        discard.append(source.oid)
    if cost.remove_counters is not None:
        # 118.3: counters removed from the source as a cost; without enough of them it can't be paid.
        kind, n = cost.remove_counters
        have = source.counters.get(kind, 0) if source is not None and source.zone is Zone.BATTLEFIELD else 0
        if have < n:
            raise IllegalAction(f"it has {have} {kind} counter(s): removing {n} can't be paid (118.3)")
    if cost.reveal is not None:
        # 118.3: reveal matching cards from your hand (not the card being cast or turned up itself);
        # they stay in the hand.
        n = cost.reveal.count.evaluate(res)
        flt = cost.reveal.filter
        cands = [o for o in game.zone(Zone.HAND, player)
                 if (source is None or o != source.oid) and flt.matches(game, game.obj(o))]
        if len(cands) < n:
            raise IllegalAction(f"can't reveal {n} {flt.describe()} from your hand: only {len(cands)} (118.3)")
        shown = cands if len(cands) == n else None
        if shown is None:
            ans = game.ask(ChooseCards(player, f"Reveal {n} from your hand",
                                       tuple(Choice(str(c), game.name_of(c)) for c in cands), n, n))
            keys = ans if isinstance(ans, tuple) else ()
            shown = [int(k) for k in keys if k.isdigit() and int(k) in cands]
            if len(set(shown)) != n or len(shown) != len(keys):
                raise IllegalAction(f"choose exactly {n} matching cards in your hand to reveal (118.3)")
        for oid in shown:
            game.log(f"{game.players[player].name} reveals {game.name_of(oid)}")
    exiled: list[int] = []
    if cost.exile_from_hand is not None:
        # 118.3: exile cards from your hand matching the selector (not the card being cast itself).
        n = cost.exile_from_hand.count.evaluate(res)
        flt = cost.exile_from_hand.filter
        cands = [o for o in game.zone(Zone.HAND, player)
                 if (source is None or o != source.oid) and flt.matches(game, game.obj(o))]
        if len(cands) < n:
            raise IllegalAction(f"can't exile {n} {flt.describe()} from your hand: only {len(cands)} (118.3)")
        ans = game.ask(ChooseCards(player, f"Exile {n} from your hand",
                                   tuple(Choice(str(c), game.name_of(c)) for c in cands), n, n))
        keys = ans if isinstance(ans, tuple) else ()
        exiled = [int(k) for k in keys if k.isdigit() and int(k) in cands]
        if len(set(exiled)) != n or len(exiled) != len(keys):
            raise IllegalAction(f"choose exactly {n} matching cards in your hand to exile (118.3)")
    from_graveyard = _choose_for_cost(game, player, cost.exile_from_graveyard, source, res, Zone.GRAVEYARD,
                                      "exile", "from your graveyard")
    to_bottom = _choose_for_cost(game, player, cost.bottom_from_graveyard, source, res, Zone.GRAVEYARD,
                                 "put", "from your graveyard on the bottom of your library")
    returned = _choose_for_cost(game, player, cost.return_to_hand, source, res, Zone.BATTLEFIELD,
                                "return", "you control to their owner's hand")
    tapped: list[int] = []
    if cost.tap_permanents is not None:
        # 118.3: tap untapped permanents you control that match (not the source if {T} is also paid).
        n = cost.tap_permanents.count.evaluate(res)
        cands = [c for c in tappable_for_cost(game, player, cost.tap_permanents.filter,
                                              source.oid if source is not None else None)
                 if not (cost.tap and source is not None and c == source.oid)]
        if len(cands) < n:
            raise IllegalAction(f"can't tap {n} untapped {cost.tap_permanents.filter.describe()}: "
                                f"only {len(cands)} (118.3)")
        ans = game.ask(ChooseCards(player, f"Tap {n}", tuple(Choice(str(c), game.name_of(c)) for c in cands), n, n))
        keys = ans if isinstance(ans, tuple) else ()
        tapped = [int(k) for k in keys if k.isdigit() and int(k) in cands]
        if len(set(tapped)) != n or len(tapped) != len(keys):
            raise IllegalAction(f"choose exactly {n} untapped permanents to tap (118.3)")
    if cost.player_counters is not None:
        # 107.17 ({TK}), 107.14: counters removed from the payer; without enough, it can't be paid.
        kind, n = cost.player_counters
        have = game.players[player].counters.get(kind, 0)
        if have < n:
            raise IllegalAction(f"{game.players[player].name} has {have} {kind} counter(s): removing {n} "
                                f"can't be paid (118.3, 107.17)")
    if cost.put_counters is not None and (source is None or source.zone is not Zone.BATTLEFIELD):
        raise IllegalAction("counters can be put only on a permanent (122.6)")
    req = ManaRequirement.build(cost.mana, x=res.x)
    if extra_mana is not None:
        req = extra_mana.plus(req)
    # 601.2h: costs may be paid in any order; mana first so sources that are sacrificed can still tap.
    if req.total() > 0:
        spent = pay_mana(game, player, req, source.oid if cost.tap and source is not None else None)
        res.mana_spent = (*res.mana_spent, *sorted(spent.elements()))  # 601.2h: what was spent, by color
    if req.life_for_phyrexian:
        life += req.life_for_phyrexian
        if life > game.players[player].life:
            raise IllegalAction("not enough life for Phyrexian mana (119.4)")
    if cost.tap and source is not None:
        source.tapped = True
    if cost.remove_counters is not None and source is not None:
        game.remove_counters(source.oid, *cost.remove_counters)
    if cost.player_counters is not None:
        game.remove_player_counters(player, *cost.player_counters)
    if tapped and source is not None:
        # 118.3: remembered on the source ("destroy all Merfolk tapped this turn to pay for its abilities").
        source.tapped_for += tuple((oid, game.state.turn) for oid in tapped)
    for oid in tapped:
        game.obj(oid).tapped = True
        game.log(f"{game.name_of(oid)} is tapped to pay a cost")
    if cost.put_counters is not None and source is not None:
        game.add_counters(source.oid, *cost.put_counters)
    if life:
        game.change_life(player, -life)
    for oid in sac:
        game.log(f"{game.players[player].name} sacrifices {game.name_of(oid)}")
        game.move(oid, Zone.GRAVEYARD)
    for oid in discard:
        _moved_for_cost(game, res, "discarded", game.discard_card(player, oid))  # 118.3 / 702.35a: a discard
    for oid in exiled:
        game.log(f"{game.players[player].name} exiles {game.name_of(oid)} from their hand")
        _moved_for_cost(game, res, "exiled", game.move(oid, Zone.EXILE))
    if cost.exile_this and source is not None:
        game.log(f"{game.players[player].name} exiles {game.name_of(source.oid)} to pay a cost")
        game.move(source.oid, Zone.EXILE)
    moved = []
    for oid in face_up:
        # 708.9: a face-down permanent leaving the battlefield is revealed: it is exiled face up.
        new = game.move(oid, Zone.EXILE)
        if new is not None:
            moved.append(new)
    if face_up:
        res.last_affected = tuple(moved)  # "that card" (the ability remembers it, 607.2-style)
    for oid in from_graveyard:
        game.log(f"{game.players[player].name} exiles {game.name_of(oid)} from their graveyard")
        _moved_for_cost(game, res, "exiled", game.move(oid, Zone.EXILE))
    if to_bottom:
        # 401.4: cards put on the bottom together go in an order their owner chooses (first: nearest the top)
        for oid in game.library_order(player, to_bottom, "on the bottom (first is nearest the top)"):
            game.log(f"{game.players[player].name} puts {game.name_of(oid)} from their graveyard on the bottom "
                     f"of their library")
            game.move(oid, Zone.LIBRARY)
    for oid in returned:
        game.log(f"{game.players[player].name} returns {game.name_of(oid)} to its owner's hand")
        game.move(oid, Zone.HAND)


def _moved_for_cost(game: "Game", res: "Resolution", verb: str, new: int | None) -> None:
    """118.3, 202.3: remember the mana value of a card a cost moved, as the card is in its new zone
    ("the exiled card's converted mana cost"); a card a replacement effect kept out of that zone
    (madness exiles a discarded card instead) is still the card moved."""
    if new is not None and game.exists(new):
        o = game.obj(new)
        res.cost_cards = (*res.cost_cards, (verb, mana_value(o.definition.mana_cost)))


def _choose_for_cost(game: "Game", player: int, spec: "SacrificeSpec | None", source: "GameObject | None",
                     res: "Resolution", zone: Zone, verb: str, where: str) -> list[int]:
    """118.3: the objects a cost part moves out of ``zone`` ("exile two cards from your graveyard",
    "return two Islands you control to their owner's hand"): ``player`` chooses exactly the number
    the part names among their own matching objects there (the object being cast or turned face up
    is not among them: a spell is already on the stack as its costs are paid, 601.2a, 601.2h).
    Nothing moves here; the caller moves them once every part is known to be payable."""
    if spec is None:
        return []
    n = spec.count.evaluate(res)
    src = source.oid if source is not None else None
    if zone is Zone.BATTLEFIELD:
        cands = [o.oid for o in game.battlefield() if o.controller == player and o.oid != src
                 and spec.filter.matches(game, o, viewer=player, source_oid=src)]
    else:
        cands = [o for o in game.zone(zone, player)
                 if o != src and spec.filter.matches(game, game.obj(o), player, source_oid=src)]
    if len(cands) < n:
        raise IllegalAction(f"can't {verb} {n} {spec.filter.describe()} {where}: only {len(cands)} (118.3)")
    if n == 0 or len(cands) == n:
        return cands[:n]  # no choice to make
    ans = game.ask(ChooseCards(player, f"{verb.capitalize()} {n} {spec.filter.describe()} {where}",
                               tuple(Choice(str(c), game.name_of(c)) for c in cands), n, n))
    keys = ans if isinstance(ans, tuple) else ()
    picked = [int(k) for k in keys if k.isdigit() and int(k) in cands]
    if len(set(picked)) != n or len(picked) != len(keys):
        raise IllegalAction(f"choose exactly {n} matching objects to {verb} (118.3)")
    return picked


def offer_to_pay(res: "Resolution", cost: Cost, payer: int | None = None) -> bool:
    """118.12: "unless [a player] pays": ask the payer (the controller by default); pay if they
    agree and can (else False)."""
    game = res.game
    who = res.controller if payer is None else payer
    text = format_cost(cost.mana) or "the cost"
    yes = game.ask_valid(YesNo(who, f"Pay {text} for {game.name_for(res.source_oid, who)}?"),
                         lambda ans: ans if isinstance(ans, bool) else None, "answer yes or no")
    if not yes:
        return False
    return pay_now(res, cost, who)


def pay_now(res: "Resolution", cost: Cost, payer: int | None = None) -> bool:
    """118.1: ``payer`` (the controller by default) pays ``cost`` during a resolution; if it can't
    be paid, nothing of it is paid (the state is restored) and the answer is False."""
    game = res.game
    who = res.controller if payer is None else payer
    text = format_cost(cost.mana) or "the cost"
    before = game.snapshot()
    try:
        pay_cost(game, who, cost, None, res)
    except IllegalAction as e:
        game.restore(before)
        game.log(f"{game.players[who].name} can't pay {text}: {e}")
        return False
    game.log(f"{game.players[who].name} pays {text}")
    return True
