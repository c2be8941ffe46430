"""The fourth pass of play-speed work changes no behaviour: a snapshot keeps the objects and saves
their fields beside them, and a rewind (726.1) puts back exactly the state before, object fields,
counters and cast records included, however the action changed them; the check of state-based
actions skipped after a pass of priority (117.3d) would have found nothing; the game remembers
whether it has a token only while its cards stay the same (704.5d)."""
from __future__ import annotations

from runtime.game import Game
from runtime.objects import CastInfo
from runtime.pool import Pool
from runtime.sba import check_state_based_actions
from runtime.state import state_digest
from runtime.tools.simulate import play_game
from runtime.zones import Zone

from .helpers import blank_game



def test_a_rewind_puts_back_every_field_of_every_object(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    elves = game.add_card(0, pool.get("Llanowar Elves"), Zone.BATTLEFIELD)
    bolt = game.add_card(0, pool.get("Lightning Bolt"), Zone.HAND)
    game.obj(elves).counters["+1/+1"] = 1
    game.obj(bolt).cast = CastInfo(paid={0: 1})
    before_digest = state_digest(game.state)
    bears_obj, elves_obj, bolt_obj = game.obj(bears), game.obj(elves), game.obj(bolt)
    snap = game.snapshot()
    # Changes made in place, as an action does before it turns out to be illegal.
    bears_obj.tapped = True
    bears_obj.counters["-1/-1"] += 2  # was empty: the Counter itself is changed
    elves_obj.counters["+1/+1"] += 3
    bolt_obj.cast.paid[0] = 5  # type: ignore[union-attr]
    bolt_obj.cast.x = 7  # type: ignore[union-attr]
    game.move(elves, Zone.GRAVEYARD)  # a new object in another zone; the old one gone
    game.state.players[0].life = 3
    game.state.players[0].mana["G"] += 1
    assert state_digest(game.state) != before_digest
    game.restore(snap)
    assert state_digest(game.state) == before_digest
    assert game.obj(bears) is bears_obj and not bears_obj.tapped and not bears_obj.counters
    assert game.obj(elves) is elves_obj and elves_obj.counters == {"+1/+1": 1}
    assert bolt_obj.cast is not None and bolt_obj.cast.paid == {0: 1} and bolt_obj.cast.x == 0
    assert game.characteristics(bears_obj).power == 2
    # The snapshot itself was not changed by what happened after it, nor by the rewind: a change
    # after the rewind doesn't reach what it saved.
    bears_obj.counters["+1/+1"] += 1
    game.obj(bolt).cast.paid[0] = 9  # type: ignore[union-attr]
    saved = {o.oid: fields for o, fields in snap.__dict__["_saved_fields"]}
    assert saved[bears]["counters"] is None and saved[bolt]["cast"].paid == {0: 1}  # type: ignore[attr-defined]


def test_a_rewind_forgets_what_a_stretch_remembered(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    snap = game.snapshot()
    game.obj(bears).counters["+1/+1"] += 2
    with game.unchanging():
        assert game.characteristics(game.obj(bears)).power == 4
        game.restore(snap)  # the same object, its old fields: not served from before the rewind
        assert game.characteristics(game.obj(bears)).power == 2


def test_the_tokens_memo_follows_the_cards(pool: Pool) -> None:
    game = blank_game(pool)
    game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    assert not game.has_tokens()
    snap = game.snapshot()
    (token,) = game.create_token_copy(0, pool.get("Grizzly Bears"))  # 707.2: a token that's a copy
    assert game.has_tokens()
    game.move(token, Zone.GRAVEYARD)  # 704.5d: a token in a graveyard ceases to exist
    assert check_state_based_actions(game) and not game.exists(token)
    game.restore(snap)  # the cards before the token: no token again
    assert not game.has_tokens()


def test_skipping_the_check_after_a_pass_changes_no_game(pool: Pool) -> None:
    """Whenever legal actions are offered -- after a pass of priority too, where the check is now
    skipped -- no state-based action applies (704.3): checking there finds nothing and changes
    nothing, and seeded games played so are the same games as without it."""
    import runtime.turns as turns

    plain = [play_game(pool, seed, max_turns=8, check=True) for seed in (3, 11)]
    original, original_sba = turns.legal_action_choices, turns.check_state_based_actions
    checks: list[int] = []

    def checked(game: Game, player: int):  # type: ignore[no-untyped-def]
        before = state_digest(game.state)
        assert not original_sba(game), "a state-based action applied where legal actions are offered"
        assert state_digest(game.state) == before
        checks.append(player)
        return original(game, player)

    turns.legal_action_choices = checked  # type: ignore[assignment]
    try:
        forced = [play_game(pool, seed, max_turns=8, check=True) for seed in (3, 11)]
    finally:
        turns.legal_action_choices = original  # type: ignore[assignment]
    assert len(checks) > 100 and all(not r.violations for r in plain + forced)
    assert [(r.log, r.decisions_log, r.final_state) for r in plain] == \
        [(r.log, r.decisions_log, r.final_state) for r in forced]


def test_read_only_helpers_outside_a_stretch_open_one_of_their_own_only(pool: Pool) -> None:
    """Paying a cost reads the mana sources and cost reductions outside any stretch: they are found
    in a stretch of their own (each permanent's layers computed once), which closes with the call,
    and give what they give inside a stretch."""
    from runtime.continuous import CostReduction
    from runtime.costs import mana_sources

    game = blank_game(pool)
    for name in ("Forest", "Llanowar Elves", "Sunscape Familiar", "Mountain"):
        game.add_card(0, pool.get(name), Zone.BATTLEFIELD)
    outside = (mana_sources(game, 0), game.battlefield_parts(CostReduction, 0))
    assert game.characteristics_cache is None  # nothing stays remembered after the call
    with game.unchanging():
        inside = (mana_sources(game, 0), game.battlefield_parts(CostReduction, 0))
    assert outside == inside and len(outside[0]) >= 2 and len(outside[1]) == 1
    # A change after the call is seen by the next one.
    game.obj(game.zone(Zone.BATTLEFIELD)[0]).tapped = True
    assert len(mana_sources(game, 0)) == len(outside[0]) - 1
