"""Snapshots and rewinds (726.1): a refused action leaves the game exactly as it was.

A snapshot keeps the state's field table (every field an immutable value), the log's length and
the random generator's state; objects and players are kept by the game's clock, which puts each
one's fields on its trail at its first write after the snapshot (``runtime.versions``).
``restore`` undoes the trail, puts the fields back, cuts the log back to its length and resets the
random generator, and forgets what a read-only stretch remembered.  The game's "has a token" memo
(704.5d) follows a rewind too."""
from __future__ import annotations

import dataclasses

import pytest

from runtime.continuous import GainKeywords
from runtime.errors import IllegalAction
from runtime.state import state_digest
from runtime.objects import CastInfo, plus
from runtime.pool import Pool
from runtime.sba import check_state_based_actions
from runtime.tools.simulate import play_game
from runtime.stack import StackItem, StackKind, with_targets
from runtime.versions import status_key
from runtime.zones import Zone

from .helpers import blank_game


def test_a_rewind_puts_back_every_field_of_every_object(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    elves = game.add_card(0, pool.get("Llanowar Elves"), Zone.BATTLEFIELD)
    bolt = game.add_card(0, pool.get("Lightning Bolt"), Zone.HAND)
    game.add_counters(elves, "+1/+1", 1)
    game.obj(bolt).cast = CastInfo(paid={0: 1})
    before_digest = state_digest(game.state)
    bears_obj, elves_obj, bolt_obj = game.obj(bears), game.obj(elves), game.obj(bolt)
    snap = game.snapshot()
    # Changes, as an action makes them before it turns out to be illegal: every one a write.
    bears_obj.tapped = True
    game.add_counters(bears, "-1/-1", 2)
    game.add_counters(elves, "+1/+1", 3)
    assert bolt_obj.cast is not None
    bolt_obj.cast = dataclasses.replace(bolt_obj.cast, paid={0: 5}, x=7)
    game.move(elves, Zone.GRAVEYARD)  # a new object in another zone; the old one gone
    game.state.players[0].life = 3
    game.add_mana(0, ("{G}",), False)
    assert state_digest(game.state) != before_digest
    game.restore(snap)
    assert state_digest(game.state) == before_digest
    assert game.obj(bears) is bears_obj and not bears_obj.tapped and not bears_obj.counters
    assert game.obj(elves) is elves_obj and elves_obj.counters == {"+1/+1": 1}
    assert bolt_obj.cast is not None and bolt_obj.cast.paid == {0: 1} and bolt_obj.cast.x == 0
    assert game.characteristics(bears_obj).power == 2
    # The snapshot can be restored again after more changes (the trail is kept for it).
    game.add_counters(bears, "+1/+1", 1)
    game.state.players[0].life = 7
    game.restore(snap)
    assert state_digest(game.state) == before_digest and not bears_obj.counters


def test_a_snapshot_costs_the_same_whatever_the_size_of_the_game(pool: Pool) -> None:
    """Structure sharing: a snapshot copies no object; restoring one puts back only what was written."""
    game = blank_game(pool)
    for i in range(300):
        game.add_card(i % 2, pool.get("Forest"), Zone.BATTLEFIELD)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    clock = game.state.clock
    snap = game.snapshot()
    assert clock.trail == []
    game.obj(bears).tapped = True
    game.obj(bears).damage = 1  # a second write to the same object: its fields are kept once
    assert [owner for owner, _, _ in clock.trail] == [game.obj(bears)]
    game.restore(snap)
    assert not game.obj(bears).tapped and game.obj(bears).damage == 0


def test_restoring_an_earlier_snapshot_invalidates_the_later_ones(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    first = game.snapshot()
    game.obj(bears).tapped = True
    second = game.snapshot()
    game.obj(bears).damage = 1
    game.restore(first)
    assert not game.obj(bears).tapped and game.obj(bears).damage == 0
    with pytest.raises(RuntimeError, match="can't be restored"):
        game.restore(second)


def test_versions_number_every_write_and_never_go_back(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    o = game.obj(bears)
    v0 = o.version
    start = game.state.clock.now
    snap = game.snapshot()
    o.tapped = True  # a status write (versions.STATUS): journalled apart from its characteristics' inputs
    assert o.version > v0 and game.state.clock.since(start) == {status_key(bears)}
    game.set_zone(Zone.HAND, 1, (999,))  # not a consistent state: only the write matters here
    assert game.state.clock.since(start) == {status_key(bears), (Zone.HAND, 1)}
    o.counters = plus(o.counters, "+1/+1", 1)
    assert game.state.clock.since(start) == {status_key(bears), bears, (Zone.HAND, 1)}
    after = game.state.clock.now
    game.restore(snap)
    assert o.version == v0  # the fields it had, with the version they had
    # A rewind is a write of what it put back: the object (all of it), and the zone that differs.
    assert game.state.clock.since(after) == {bears, (Zone.HAND, 1)}
    o.tapped = True
    assert o.version > after


def test_a_status_write_keeps_a_permanents_characteristics_and_finds_its_mana_again(pool: Pool) -> None:
    game = blank_game(pool)
    forest = game.add_card(0, pool.get("Forest"), Zone.BATTLEFIELD)
    with game.unchanging():
        lists = game.permanents.lists_of(game, 0)
        assert lists is not None
        ch = lists.controlled[0][1]
        assert [s[0] for s in lists.sources] == [forest]
    game.obj(forest).tapped = True  # 110.5: its status, none of its characteristics (613)
    with game.unchanging():
        lists = game.permanents.lists_of(game, 0)
        assert lists is not None
        assert lists.controlled[0][1] is ch  # kept, not computed again
        assert lists.sources == []  # 605.1a: a tapped land's {T} ability can't be activated


def test_rewinding_restores_the_effects_and_the_stack_items_a_snapshot_shares(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    item = StackItem(kind=StackKind.ABILITY, oid=game.new_id(), source_oid=bears, source_card=-1, controller=0)
    game.state.stack += (item,)
    before = game.snapshot()
    assert before.fields["stack"] == (item,)  # immutable: shared, not copied
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.targets = (bears,)  # type: ignore[misc]
    chosen = with_targets(game, item, (bears,))
    assert game.state.stack == (chosen,) and chosen.targets == (bears,) and item.targets == ()
    game.add_continuous(bears, (GainKeywords(("flying",)),), 0, "eot")
    assert "flying" in game.characteristics(game.obj(bears)).keywords
    game.restore(before)  # 726.1: exactly the state before
    assert game.state.stack == (item,) and game.state.stack[0].targets == ()
    assert game.effects_on(bears) == []
    assert "flying" not in game.characteristics(game.obj(bears)).keywords


def test_a_refused_action_rewinds_the_log_and_the_random_generator(pool: Pool) -> None:
    game = blank_game(pool)
    for name in ("Forest", "Grizzly Bears", "Lightning Bolt", "Island"):
        game.add_card(0, pool.get(name), Zone.LIBRARY)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    game.log("before the action")
    digest, lines, order = game.digest(), list(game.state.log), game.zone(Zone.LIBRARY, 0)

    def action() -> None:
        game.shuffle(0)  # draws from the game's generator (701.20)
        game.log("during the action")
        game.obj(bears).tapped = True
        raise IllegalAction("refused after changing things (test)")

    with pytest.raises(IllegalAction):
        game.transaction(action)
    assert game.digest() == digest  # the digest covers the log and the generator's state
    assert game.state.log == lines and game.zone(Zone.LIBRARY, 0) == order
    assert not game.obj(bears).tapped
    # The generator goes on as it would have without the refused action.
    twin = blank_game(pool)
    twin.state.rng.setstate(game.state.rng.getstate())
    assert [game.state.rng.random() for _ in range(3)] == [twin.state.rng.random() for _ in range(3)]


def test_the_same_snapshot_can_be_restored_twice(pool: Pool) -> None:
    game = blank_game(pool)
    game.log("one")
    snap = game.snapshot()
    digest = game.digest()
    for _ in range(2):
        game.log("two")
        game.state.rng.random()
        game.restore(snap)
        assert game.digest() == digest and game.state.log[-1].endswith("one")


def test_a_rewind_forgets_what_a_stretch_remembered(pool: Pool) -> None:
    game = blank_game(pool)
    bears = game.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    snap = game.snapshot()
    game.add_counters(bears, "+1/+1", 2)
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


def test_a_library_card_changed_in_place_is_put_back_too(pool: Pool) -> None:
    game = blank_game(pool)
    card = game.add_card(0, pool.get("Grizzly Bears"), Zone.LIBRARY)
    snap = game.snapshot()
    game.obj(card).tapped = True  # nothing in the engine does this, but a write is a write
    game.restore(snap)
    assert not game.obj(card).tapped


def test_verified_games_play_without_violations(pool: Pool) -> None:
    for seed in (2, 7, 40047):
        report = play_game(pool, seed, max_turns=14, verify=True)
        assert report.violations == [], report.violations
        assert report.decisions > 100
