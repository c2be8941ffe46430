"""The legal actions offered at priority (117.1) are exactly what the full checks give.

``legal_action_choices`` tests sorcery timing once per offer and passes over a card that can't be
cast at instant speed before looking at its costs (307.1, 702.8a), finds the mana sources only
when something needs them, and looks at the top card of a library only when a permanent gives a
permission to play it (305.1, 601.2a).  These tests compare its offers with those of every
candidate put through ``can_cast``, ``can_play_land`` and ``can_activate`` in full."""
from __future__ import annotations

from runtime.abilities import AlternativeCost
from runtime.actions import Action, ActivateAbility, CastSpell, PassPriority, PlayLand, TurnFaceUp
from runtime.casting import may_play
from runtime.costoptions import cost_options
from runtime.costs import mana_sources
from runtime.decisions import Choice
from runtime.facedown import face_up_ways
from runtime.game import Game
from runtime.legality import can_activate, can_cast, can_pay, can_play_land, legal_modes
from runtime.library_top import top_card
from runtime.pool import Pool
from runtime.tools.simulate import play_game
from runtime.zones import Zone

from .helpers import blank_game


def _every_candidate_checked(game: Game, player: int) -> list[tuple[Choice, Action]]:
    """The offers computed the plain way: every card and ability put through the full checks."""
    out: list[tuple[Choice, Action]] = [(Choice("pass", "pass priority"), PassPriority())]
    sources = mana_sources(game, player)
    for oid in game.zone(Zone.HAND, player):
        o = game.obj(oid)
        if "land" in game.characteristics(o).types:
            if can_play_land(game, player, o):
                out.append((Choice(f"play:{oid}", f"play {o.definition.name}"), PlayLand(oid)))
        elif can_cast(game, player, o, sources=sources):
            for modes in legal_modes(game, player, o):
                key = f"cast:{oid}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else "")
                label = f"cast {o.definition.name}" + (f" (mode {'+'.join(str(m + 1) for m in modes)})" if modes else "")
                out.append((Choice(key, label), CastSpell(oid, modes=modes or None)))
    top = top_card(game, player)
    for oid in list(game.zone(Zone.EXILE)) + ([top] if top is not None else []):
        o = game.obj(oid)
        if not may_play(game, o, player):
            continue
        if "land" in game.characteristics(o).types:
            if can_play_land(game, player, o):
                out.append((Choice(f"play:{oid}", f"play {o.definition.name} from {o.zone.value}"), PlayLand(oid)))
        elif can_cast(game, player, o, sources=sources):
            for modes in legal_modes(game, player, o):
                out.append((Choice(f"cast:{oid}:{o.zone.value}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else ""),
                                   f"cast {o.definition.name} from {o.zone.value}"), CastSpell(oid, modes=modes or None)))
    for zone in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE):
        for oid in game.zone(zone, player):
            o = game.obj(oid)
            if o.owner != player:
                continue
            for i, opt in enumerate(cost_options(game, o)):
                if isinstance(opt, AlternativeCost) and opt.zone is zone and not opt.instructed \
                        and can_cast(game, player, o, i, sources):
                    for modes in legal_modes(game, player, o):
                        key = f"cast:{oid}:alt{i}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else "")
                        out.append((Choice(key, f"cast {o.definition.name} ({opt.label})"),
                                    CastSpell(oid, alternative=i, modes=modes or None)))
    for o in game.battlefield():
        if o.controller != player:
            continue
        if o.face_down is not None:
            for i, way in enumerate(face_up_ways(game, o)):
                if can_pay(game, player, way.cost, o, sources):
                    out.append((Choice(f"faceup:{o.oid}:{i}", f"turn {game.name_for(o.oid, player)} face up "
                                                             f"({way.label})"), TurnFaceUp(o.oid, i)))
        for i, a in enumerate(game.characteristics(o).activated):
            if not a.is_mana and can_activate(game, player, o, a, sources, i):
                out.append((Choice(f"activate:{o.oid}:{i}", f"activate {o.definition.name}"), ActivateAbility(o.oid, i)))
    for oid in game.zone(Zone.HAND, player):
        h = game.obj(oid)
        for i, a in enumerate(game.characteristics(h).activated):
            if a.from_hand and can_activate(game, player, h, a, sources, i):
                out.append((Choice(f"activate:{oid}:{i}", f"activate {h.definition.name} from hand"),
                            ActivateAbility(oid, i)))
    return out


def test_the_offers_are_those_of_every_candidate_checked(pool: Pool) -> None:
    """At every priority decision of seeded games, the offers are exactly (same choices, same
    order, same actions) what checking every card and ability in full gives: the timing test made
    first, once, and the mana sources found on first need leave nothing out and add nothing.
    The games cover both kinds of offer: with sorcery timing and without it, where instants, flash
    cards and activated abilities are offered."""
    import runtime.turns as turns

    original = turns.legal_action_choices
    seen = {"sorcery": 0, "instant": 0, "offered at instant speed": 0}

    def compared(game: Game, player: int):  # type: ignore[no-untyped-def]
        got = original(game, player)
        with game.unchanging():
            want = _every_candidate_checked(game, player)
        assert got == want, (game.state.turn, game.state.step, player)
        s = game.state
        sorcery = s.active == player and s.step in ("main1", "main2") and not s.stack
        seen["sorcery" if sorcery else "instant"] += 1
        if not sorcery and len(got) > 1:
            seen["offered at instant speed"] += 1
        return got

    def covered() -> bool:
        return seen["sorcery"] > 20 and seen["instant"] > 200 and seen["offered at instant speed"] > 5

    # Seeded games until both kinds of offer have been compared often enough: the random decks
    # come from the whole pool, so which seeds offer anything at instant speed changes as it grows.
    turns.legal_action_choices = compared
    reports = []
    try:
        for seed in range(40):
            reports.append(play_game(pool, seed, max_turns=12, check=True))
            if covered() and len(reports) >= 4:
                break
    finally:
        turns.legal_action_choices = original
    assert all(not r.violations for r in reports), [r.violations[:2] for r in reports]
    assert covered(), seen


def test_an_instant_is_offered_on_the_opponents_turn_and_a_sorcery_is_not(pool: Pool) -> None:
    game = blank_game(pool)
    for _ in range(2):
        game.add_card(1, pool.get("Mountain"), Zone.BATTLEFIELD)
    bolt = game.add_card(1, pool.get("Lightning Bolt"), Zone.HAND)
    ashes = game.add_card(1, pool.get("Grow from the Ashes"), Zone.HAND)
    game.state.turn, game.state.step, game.state.active = 3, "main1", 0
    from runtime.offers import legal_action_choices

    keys = [c.key for c, _ in legal_action_choices(game, 1)]
    assert f"cast:{bolt}" in keys and not any(k.startswith(f"cast:{ashes}") for k in keys)
    game.state.active = 1  # its own main phase, the stack empty: sorcery timing (307.1)
    keys = [c.key for c, _ in legal_action_choices(game, 1)]
    assert f"cast:{bolt}" in keys


def test_the_top_card_is_offered_only_with_a_permission(pool: Pool) -> None:
    """305.1, 601.2a: the top card of a library is offered only while a permanent its owner controls
    lets them play it (Courser of Kruphix: lands), and then exactly as the full checks offer it."""
    from runtime.offers import legal_action_choices

    game = blank_game(pool)
    forest = game.add_card(0, pool.get("Forest"), Zone.LIBRARY)
    game.state.turn, game.state.step, game.state.active = 3, "main1", 0
    assert not any(c.key == f"play:{forest}" for c, _ in legal_action_choices(game, 0))
    game.add_card(0, pool.get("Courser of Kruphix"), Zone.BATTLEFIELD)
    offers = legal_action_choices(game, 0)
    assert any(c.key == f"play:{forest}" for c, _ in offers)
    with game.unchanging():
        assert offers == _every_candidate_checked(game, 0)
    assert not any(c.key == f"play:{forest}" for c, _ in legal_action_choices(game, 1))  # not the other player
