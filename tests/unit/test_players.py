"""The computer players (runtime/tools/players.py): the registry, the greedy baseline and the
ISMCTS search player -- legal play through the invariant-checked ``play_game``, determinism, no
cheating (hidden cards swapped give the same thinking, 400.2 / 708.5), no state leaking from its
look-ahead into the real game, and strength against the random player."""
from __future__ import annotations

import copy
from typing import Hashable

import pytest

from benchmarks.players import load_decks
from runtime.decisions import (
    Answer, ChooseAction, Choice, Decider, DeclareAttackers, DeclareBlockers, Mulligan, MulliganBottom, Question,
)
from runtime.game import Game
from runtime.pool import Pool
from runtime.tools.greedy_player import GreedyDecider, greedy_answer
from runtime.tools.players import PLAYER_KINDS, PlayerSpec, player_factory
from runtime.tools.random_player import RandomDecider
from runtime.tools.search_player import SearchDecider, hidden_places
from runtime.tools.simulate import play_game
from runtime.offers import legal_action_choices
from runtime.turns import StopAt, resume, run
from runtime.zones import Zone


def test_registry_shape() -> None:
    assert PLAYER_KINDS == ("random", "greedy", "search")
    assert PlayerSpec() == PlayerSpec("random", 200)
    with pytest.raises(ValueError, match="player kind nobody is not available"):
        player_factory([PlayerSpec("nobody")], 0)
    inner = player_factory([PlayerSpec("greedy"), PlayerSpec("search", 5)], 3)
    ref: list[Game] = []
    assert isinstance(inner(0, ref), GreedyDecider)
    assert isinstance(inner(1, ref), SearchDecider)
    assert isinstance(player_factory([PlayerSpec()], 3)(0, ref), RandomDecider)


class _Untouched:
    """Checks that answering a question changes nothing in the real game (the search thinks on
    copies only): the state digest before and after each answer is the same."""

    def __init__(self, inner: Decider, game_ref: list[Game], seen: list[int]) -> None:
        self.inner = inner
        self.game_ref = game_ref
        self.seen = seen

    def decide(self, question: Question) -> Answer:
        before = self.game_ref[0].digest()
        ans = self.inner.decide(question)
        assert self.game_ref[0].digest() == before, f"thinking about {question!r} changed the game"
        self.seen[0] += 1
        return ans


def _search_vs_greedy(pool: Pool, seed: int) -> tuple[list[str], str, int]:
    seen = [0]

    def inner(i: int, ref: list[Game]) -> Decider:
        if i == 0:
            return _Untouched(SearchDecider(0, ref, seed, iterations=6, horizon=1), ref, seen)
        return GreedyDecider(ref)
    r = play_game(pool, seed, load_decks(pool), max_turns=7, inner=inner)
    assert r.violations == []
    return r.decisions_log, r.final_state, seen[0]


def test_search_plays_legally_deterministically_and_leaves_the_game_alone(pool: Pool) -> None:
    """Every question answered legally (the invariant checker and the refusal check of
    ``play_game`` see no violation), the same seed gives the same game, and no answer changes
    the real game's state digest while the player thinks."""
    log1, final1, asked = _search_vs_greedy(pool, 11)
    log2, final2, _ = _search_vs_greedy(pool, 11)
    assert asked > 20
    assert log1 == log2 and final1 == final2


def _game_at(pool: Pool, seed: int, turn: int) -> Game:
    """A game of the sample decks played at random up to ``turn``'s first main phase."""
    g = Game(["alice", "bob"], [RandomDecider(seed), RandomDecider(seed + 1)], seed=seed)
    g.keyword_resolver = pool.keyword
    for p, deck in enumerate(load_decks(pool)):
        for name in deck:
            g.add_card(p, pool.get(name), Zone.LIBRARY)
        g.shuffle(p)
        g.draw(p, 7)
    run(g, StopAt(turn, "main1"))
    g.state.step = "main1"
    return g


def _think(g: Game) -> tuple[Answer, dict[Hashable, dict[int, float]], ChooseAction]:
    me = g.state.active
    g.state.priority = me
    g.priority_passes = 0
    q = ChooseAction(me, "You have priority", tuple(c for c, _ in legal_action_choices(g, me)))
    sd = SearchDecider(me, [g], 5, iterations=12, horizon=1)
    digest = g.digest()
    ans = sd.decide(q)
    assert g.digest() == digest  # thinking wrote nothing to the real game
    return ans, sd.last_values, q


def test_search_never_cheats(pool: Pool) -> None:
    """400.2, 708.5: the opponent's hand swapped with cards of its library (same count) and
    every library reordered: the same seed thinks exactly the same (every candidate scored the
    same in every world), so nothing it can't see reaches its answers."""
    g = _game_at(pool, 0, 4)  # bob's turn: a land, Grizzly Bears, pass
    me = g.state.active
    opp = 1 - me
    ans, values, q = _think(g)
    assert len(values) > 1 and any(values.values())
    hand = [g.state.objects[o] for o in g.state.zones[(Zone.HAND, opp)]]
    library = [g.state.objects[o] for o in g.state.zones[(Zone.LIBRARY, opp)]]
    names = sorted(o.card.definition.name for o in hand)
    for h, lib in zip(hand, library[::-1]):
        h.card, lib.card = lib.card, h.card
    assert sorted(o.card.definition.name for o in hand) != names  # the hidden hand really changed
    for p in (0, 1):
        g.set_zone(Zone.LIBRARY, p, g.zone(Zone.LIBRARY, p)[::-1])
    g.changed()
    ans2, values2, q2 = _think(g)
    assert q2 == q
    assert (ans2, values2) == (ans, values)


def test_hidden_places_are_what_the_player_cannot_see(pool: Pool) -> None:
    g = _game_at(pool, 2, 2)
    places = hidden_places(g, 0)
    assert tuple(o.oid for o in places[0]) == g.state.zones[(Zone.LIBRARY, 0)]  # its own hand is seen
    assert tuple(o.oid for o in places[1]) == g.state.zones[(Zone.LIBRARY, 1)] + g.state.zones[(Zone.HAND, 1)]


def test_search_beats_random(pool: Pool) -> None:
    """A small seeded sample (docs/players.md has the full figures): the search player, with a
    small budget, in either seat and with either sample deck, beats the random player in at
    least 8 of 10 games."""
    wins = 0
    decks = load_decks(pool)
    for seed in range(10):
        seat = seed % 2
        specs = [PlayerSpec("random"), PlayerSpec("random")]
        specs[seat] = PlayerSpec("search", 4)
        r = play_game(pool, seed, decks if (seed // 2) % 2 == 0 else decks[::-1], max_turns=25,
                      inner=player_factory(specs, seed), check=False)
        wins += r.winner == ("alice", "bob")[seat]
    assert wins >= 8


def test_play_command_takes_computer_players(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardsmith play --players KIND,KIND --budget N`` (and its refusals)."""
    from cardsmith.cli import main

    assert main(["play", "--players", "search,greedy", "--budget", "3", "--turns", "2", "--seed", "4",
                 "--deck", "decks/red_green.deck", "--deck", "decks/blue_black.deck"]) == 0
    assert "turn limit after 2 turns" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--budget", "soon"])
    assert main(["play", "--players", "search,nobody"]) == 2
    assert main(["play", "--human", "--players", "search,random"]) == 2


class _ForkAt:
    """A random player that, at its ``at``-th question of type ``kind``, copies the game with
    copies of both players (``Game.fork``) and plays the copy to its end (``turns.resume``)."""

    def __init__(self, seed: int, game_ref: list[Game], players: list[RandomDecider], kind: type, at: int,
                 forks: list[Game]) -> None:
        self.inner = RandomDecider(seed)
        players.append(self.inner)
        self.game_ref, self.players, self.kind, self.at, self.forks = game_ref, players, kind, at, forks
        self.seen = 0

    def decide(self, question: Question) -> Answer:
        if isinstance(question, self.kind):
            self.seen += 1
            if self.seen == self.at:
                g = self.game_ref[0]
                copy_ = g.fork([copy.deepcopy(p) for p in self.players])
                priority = (question.player, g.priority_passes) if isinstance(question, ChooseAction) else None
                resume(copy_, priority, max_turns=12)
                self.forks.append(copy_)
        return self.inner.decide(question)


@pytest.mark.parametrize(("kind", "at", "verify"), [(ChooseAction, 5, False), (ChooseAction, 60, False),
                                                    (DeclareAttackers, 1, False), (DeclareBlockers, 1, False),
                                                    (ChooseAction, 60, True), (DeclareBlockers, 1, True)])
def test_a_fork_resumed_plays_the_same_game(pool: Pool, kind: type, at: int, verify: bool) -> None:
    """``Game.fork`` + ``turns.resume`` take the game up exactly where the question was asked
    (117.3d: the same passes in succession; 508.1 / 509.1: the declaration's step begun again):
    with copies of the same players the copy ends in the same state as the game.  With
    ``verify``, every value the copy is served from what it took over from the game (offers,
    permanents, the state-based-action check) is compared with a fresh computation."""
    players: list[RandomDecider] = []
    forks: list[Game] = []

    def inner(i: int, ref: list[Game]) -> Decider:
        if i == 1:
            return _ForkAt(7, ref, players, kind, at, forks)
        d = RandomDecider(8)
        players.insert(0, d)
        return d
    r = play_game(pool, 3, load_decks(pool), max_turns=12, inner=inner, check=False, verify=verify)
    assert len(forks) == 1 and forks[0].verify_characteristics == verify
    assert forks[0].digest() == r.final_state and not r.violations


def test_a_fork_starts_with_what_the_game_kept(pool: Pool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy's clock has the game's readings and journal (``Clock.__deepcopy__``), so the offers
    and the permanents' characteristics the game kept are served in the copy without being
    computed again, each permanent's the same characteristics object."""
    from runtime import layers, offers
    seen: list[tuple[Game, Game, int]] = []

    class Capture(RandomDecider):
        def decide(self, question: Question) -> Answer:
            if isinstance(question, ChooseAction) and len(seen) < 1 and self.ref[0].state.turn >= 6:
                g = self.ref[0]
                seen.append((g, g.fork([RandomDecider(1), RandomDecider(2)]), question.player))
            return super().decide(question)

    ref: list[Game] = []

    def inner(i: int, r: list[Game]) -> Decider:
        d = Capture(i)
        d.ref = r  # type: ignore[attr-defined]
        return d
    play_game(pool, 5, load_decks(pool), max_turns=8, inner=inner, check=False)
    assert seen
    game, copy_, player = seen[0]
    # The game had found the offers and its permanents for this decision as the copy was made.
    assert copy_.permanents.stamp == copy_.state.clock.now and len(copy_.permanents.entries) > 2

    def boom(*a: object, **k: object) -> object:
        raise AssertionError("computed again in the copy")
    monkeypatch.setattr(offers, "_candidates", boom)
    monkeypatch.setattr(layers, "through_layers", boom)
    with copy_.unchanging():
        served = offers.legal_action_choices(copy_, player)
        lists = copy_.permanents.lists_of(copy_, player)
    assert served and lists is not None
    assert all(o is copy_.obj(o.oid) for o, _ in lists.controlled)  # the copy's own objects


def _hand_question(pool: Pool, names: list[str]) -> tuple[Game, Mulligan]:
    g = Game(["alice", "bob"], [RandomDecider(0), RandomDecider(1)])
    for n in names:
        g.add_card(0, pool.get(n), Zone.HAND)
    hand = tuple(Choice(str(o), g.name_of(o)) for o in g.zone(Zone.HAND, 0))
    return g, Mulligan(0, "Take a mulligan?", hand=hand)


def test_mulligan_answers(pool: Pool) -> None:
    """103.4: the random player keeps without drawing a random number (seeded games stay what they
    were); the greedy and search players send back a hand of seven with fewer than two lands or
    fewer than two spells, or whose lands' colors cast fewer than half of its spells, keep five or
    fewer, and put extra lands, else the most expensive spells, on the bottom."""
    g, q = _hand_question(pool, ["Forest"] * 7)
    r = RandomDecider(5)
    state = r.rng.getstate()
    assert r.decide(q) is False and r.rng.getstate() == state
    search = SearchDecider(0, [g], 1, iterations=4)
    assert greedy_answer(g, q) is True and search.decide(q) is True
    assert greedy_answer(g, _hand_question(pool, ["Forest"] * 5)[1]) is False
    g, q = _hand_question(pool, ["Forest", "Forest", "Grizzly Bears", "Lightning Bolt", "Belltoll Dragon",
                                 "Firebolt", "Llanowar Elves"])
    assert greedy_answer(g, q) is True  # only two of the five spells are green
    g, q = _hand_question(pool, ["Forest", "Mountain", "Grizzly Bears", "Lightning Bolt", "Belltoll Dragon",
                                 "Firebolt", "Llanowar Elves"])
    assert greedy_answer(g, q) is False
    assert greedy_answer(g, MulliganBottom(0, "Put 1 card on the bottom", q.hand, 1, 1)) == (q.hand[4].key,)
    g, q = _hand_question(pool, ["Forest"] * 5 + ["Grizzly Bears", "Belltoll Dragon"])
    assert greedy_answer(g, q) is False  # 5 lands of 7: kept
    g, q = _hand_question(pool, ["Forest"] * 6 + ["Belltoll Dragon"])
    assert greedy_answer(g, q) is True
    assert greedy_answer(g, MulliganBottom(0, "Put 2 cards on the bottom", q.hand, 2, 2)) == (q.hand[5].key,
                                                                                               q.hand[4].key)


def test_greedy_players_mulligan_in_a_game(pool: Pool) -> None:
    """A seeded game of greedy players in which alice sends back a hand of seven (103.4): she shuffles,
    draws seven, puts one on the bottom, keeps six; every invariant holds."""
    r = play_game(pool, 0, load_decks(pool), max_turns=1,
                  inner=player_factory([PlayerSpec("greedy"), PlayerSpec("greedy")], 0))
    assert r.violations == []
    assert "T0 untap: alice takes a mulligan (103.4)" in r.log
    assert "T0 untap: alice puts 1 card on the bottom of their library (103.4)" in r.log
    assert r.decisions_log[:4] == ["Mulligan(0) -> True", "Mulligan(1) -> False", "MulliganBottom(0) -> ('" +
                                   r.decisions_log[2].split("('")[1], "Mulligan(0) -> False"]


def test_greedy_attack_sees_evasion(pool: Pool) -> None:
    """508.1, 509.1b: the greedy player attacks with a flier that the opponent's big ground creature
    can't block, and keeps back the Bears it would block and kill."""
    g = Game(["alice", "bob"], [RandomDecider(0), RandomDecider(1)])
    drake = g.add_card(0, pool.get("Tolarian Drake"), Zone.BATTLEFIELD)
    bears = g.add_card(0, pool.get("Grizzly Bears"), Zone.BATTLEFIELD)
    g.add_card(1, pool.get("Blastoderm"), Zone.BATTLEFIELD)
    options = (Choice(str(drake), "Tolarian Drake"), Choice(str(bears), "Grizzly Bears"))
    q = DeclareAttackers(0, "Declare attackers", options, legal=(str(drake), str(bears)))
    assert greedy_answer(g, q) == (str(drake),)
