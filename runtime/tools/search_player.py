"""A search-based player: information-set Monte Carlo tree search (ISMCTS) over the decision
protocol (:mod:`runtime.decisions`).

**Where a search starts.**  The engine asks its questions from deep inside the turn loop, so a
copy of the game can only be played on from a point it knows how to take up again
(:func:`runtime.turns.resume`): a priority decision (117.3, the round goes on with the same
passes in succession, 117.3d) or the declaration of attackers or blockers (asked before their
step writes anything, 508.1, 509.1).  Such a question is a *root*: the game is copied there
(:meth:`Game.fork`, once per root; each iteration then rewinds that copy with the engine's own
``snapshot``/``restore``, 726.1).  Any other question of this player (a target, a number, cards to
choose...) is searched from the last root: each iteration plays the copy on from the root, giving
the answers this player really gave since (the *path*), and is dropped if the copy asks a
different question on the way (the opponent, played at random, did something else).  When no
iteration gets there, or the question has one sensible answer, the greedy player's answer is
given (:mod:`runtime.tools.greedy_player`).

**Never cheating (400.2, 708.5).**  Every iteration first *determinizes* the copy: the cards this
player can't see -- the opponent's hand, every library (its own order included) and the
face-down permanents it doesn't control -- are dealt again at random among the same places,
each owner's cards among that owner's hidden places (so counts are kept).  The deal depends only
on which places there are and on the multiset of cards hidden in them, never on where each card
really is, so swapping hidden cards in the real game changes no answer (tested).  The copy's
random generator is reseeded too (the real one would tell the next shuffle).  The real game is
only read (its state digest is unchanged by thinking: tested).

**The tree** is over this player's decisions only (single-observer ISMCTS): a node is the history
of this player's answers since the root; each question met there keeps, per candidate answer, its
visits and total value.  A question with a single candidate is no level of the tree.  At the
question being decided the budget is spent in rounds: each round deals one world (hidden cards,
random seed) and plays every candidate once in it, so candidates are compared world by world
(common random numbers; at the small budgets a game allows this matters more than UCB's
allocation).  Below it, this player's later decisions are chosen by UCB1 once the answer above
has been tried ``DEEPEN`` times, else by the rollout policy.  Candidates: every action (one per
card name for lands and spells in the hand), target, option, yes/no; for attacks and blocks a
few whole declarations (none, the greedy one, all, each creature alone; the greedy blocks, none,
chump blocks); numbers: the ends and middle of the range; cards: the greedy choice and a few
others.  Rollouts play to the end of the turn after next (``horizon``), both players as the greedy
player (``greedy_opponent=False``: the opponent as the random player, :class:`RandomDecider`);
then the state is scored (:func:`evaluate`).  The answer is the candidate that
beats the greedy answer world by world by more than ``MARGIN`` and ``NOISE`` standard errors,
else the greedy answer.
**Reuse:** when the next root follows the answers given from the old one, its node (and the
statistics under it) becomes the new root.

**Budget:** ``iterations`` per searched question (deterministic for a seed), or ``seconds`` of
thinking per question (not deterministic: it depends on the machine and its load).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Hashable, Sequence

from ..decisions import (
    Answer, ChooseAction, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget,
    DeclareAttackers, DeclareBlockers, Mulligan, MulliganBottom, Question, YesNo,
)
from ..game import Game, Snapshot
from ..objects import Card, GameObject
from ..turns import resume
from ..zones import Zone
from .greedy_player import greedy_answer, power_toughness
from .random_player import RandomDecider

UCB_C = 0.7  # exploration constant of UCB1 (values lie in [0, 1])
DEEPEN = 8  # visits of an answer before the decisions after it are chosen in the tree, not by rollout
SETTLED = 3  # rounds after which a search whose candidates all scored alike stops early
MARGIN = 0.005  # how much better than the greedy answer, on average over worlds, an answer must be
NOISE = 0.5  # ... and by how many standard errors of that average (world to world)


@dataclass
class Edge:
    """One candidate answer to one question at one node: its statistics and the node after it."""

    visits: int = 0
    total: float = 0.0
    child: "Node | None" = None

    def node(self) -> "Node":
        """The node after this answer (made on first need)."""
        if self.child is None:
            self.child = Node()
        return self.child


@dataclass
class Node:
    """An information set of this player: the questions met after a history of its answers, each
    with its candidate answers' edges (in candidate order)."""

    questions: dict[Question, dict[Hashable, Edge]] = field(default_factory=dict)


class _Abandon(Exception):
    """The copy left the path to the question being searched: the iteration is dropped."""


class _Horizon(Exception):
    """The rollout reached its horizon: the state is scored as it is."""


@dataclass
class Root:
    """Where iterations start: a copy of the game, its snapshot, how to resume it.  A snapshot
    serves one ``restore`` (the copy's state takes over its lists), so each restore is followed
    by a fresh snapshot of the same state."""

    game: Game
    snapshot: "Snapshot"
    priority: tuple[int, int] | None  # see runtime.turns.resume
    turn: int
    # The copy's hidden objects and their cards as copied: put back before each deal, as a
    # snapshot doesn't save library objects (nothing but a deal changes one in place).
    hidden: tuple[tuple[GameObject, Card], ...]


def _answer_key(ans: Answer) -> Hashable:
    return ans


def candidates(game: Game, q: Question) -> list[Answer]:
    """The answers the search compares for ``q`` (each legal; the greedy answer always among them;
    the same ones for the same question)."""
    rng = random.Random(0)
    greedy = greedy_answer(game, q)
    out: list[Answer] = []
    if isinstance(q, (Mulligan, MulliganBottom)):
        return [greedy]  # before the first turn there is no point to play a copy on from: the greedy rule
    if isinstance(q, ChooseAction):
        # Two cards of the same name in the hand are the same action (a land drop, a spell): one
        # candidate for both.
        labels: set[str] = set()
        for c in q.options:
            if c.key.startswith(("play:", "cast:")):
                if c.label in labels:
                    continue
                labels.add(c.label)
            out.append(c.key)
    elif isinstance(q, ChooseTarget):
        out += [c.key for c in q.options] + ([None] if q.optional or not q.options else [])
    elif isinstance(q, YesNo):
        out += [True, False]
    elif isinstance(q, ChooseOption):
        out += [c.key for c in q.options]
    elif isinstance(q, ChooseNumber):
        out += sorted({q.minimum, q.maximum, (q.minimum + q.maximum) // 2})
    elif isinstance(q, ChooseOrder):
        out += [tuple(c.key for c in q.options)]
    elif isinstance(q, ChooseCards):
        keys = [c.key for c in q.options]
        out += [greedy]
        for _ in range(4):
            n = rng.randint(q.minimum, min(q.maximum, len(keys))) if keys else 0
            out.append(tuple(sorted(rng.sample(keys, n))))
    elif isinstance(q, DeclareAttackers):
        must = tuple(k for k in q.required if k in q.legal)
        able = [c.key for c in q.options if c.key in q.legal and c.key not in must]
        out += [must, must + tuple(able)] + [must + (k,) for k in able]
    elif isinstance(q, DeclareBlockers):
        out += [tuple(r for r in q.requirements if r in q.legal)]
        if not q.requirements and not q.minimums:
            # chump blocks: each blocker in front of the attacker it can block first
            used: set[str] = set()
            chumps: list[str] = []
            for attacker in q.attackers:
                for p in q.legal:
                    b, _, att = p.partition(">")
                    if att == attacker.key and b not in used:
                        chumps.append(p)
                        used.add(b)
                        break
            out.append(tuple(chumps))
    seen: set[Hashable] = set()
    unique: list[Answer] = []
    for a in [greedy, *out]:
        k = _answer_key(a)
        if k not in seen:
            seen.add(k)
            unique.append(a)
    return unique


def evaluate(game: Game, me: int) -> float:
    """A state's value for ``me`` in [0, 1]: the result if the game is over, else a logistic
    function of the difference in life (the last 10 points worth three times the others),
    creatures (power + toughness), lands, other permanents and cards in hand."""
    s = game.state
    if s.game_over:
        return 0.5 if s.winner is None else (1.0 if s.winner == me else 0.0)
    if game.players[me].lost:
        return 0.0
    score = 0.0
    for p in game.players:
        sign = 1.0 if p.index == me else -1.0
        if p.lost:
            return 1.0 if p.index != me else 0.0
        life = max(p.life, 0)
        score += sign * (0.15 * min(life, 10) + 0.05 * max(life - 10, 0))  # the last 10 life count most
        score += sign * 0.15 * len(game.zone(Zone.HAND, p.index))
    for o in game.battlefield():
        sign = 1.0 if o.controller == me else -1.0
        ch = game.characteristics(o)
        if "creature" in ch.types:
            pw, tg = power_toughness(game, o)
            score += sign * 0.1 * (max(pw, 0) + max(tg, 0))
        elif "land" in ch.types:
            score += sign * 0.2
        else:
            score += sign * 0.15
    return 1.0 / (1.0 + math.exp(-score))


def hidden_places(game: Game, me: int) -> list[list[GameObject]]:
    """The objects whose card ``me`` can't see, by owner, in the order of their places: every
    library top to bottom (400.2; its own too, as it doesn't know the order), the other players'
    hands (400.2), and the face-down permanents it doesn't control (708.5)."""
    s = game.state
    out: list[list[GameObject]] = []
    for owner in range(len(game.players)):
        slots = list(s.zones[(Zone.LIBRARY, owner)])
        if owner != me:
            slots += s.zones[(Zone.HAND, owner)]
        slots += sorted(o.oid for o in game.battlefield()
                        if o.face_down is not None and o.controller != me and o.owner == owner)
        out.append([s.objects[oid] for oid in slots])
    return out


def determinize(game: Game, me: int, rng: random.Random) -> None:
    """Deal the cards ``me`` can't see again among their places (:func:`hidden_places`): each
    owner's hidden cards among that owner's hidden places, at random.  The deal depends only on
    the places and the multiset of hidden cards, not on which card is where (a place is its
    position in its zone: the objects of a library are interchangeable)."""
    for objs in hidden_places(game, me):
        cards = sorted((o.card for o in objs), key=lambda c: c.card_id)
        rng.shuffle(cards)
        for o, c in zip(objs, cards):
            o.card = c
    game.changed()


class _Seat:
    """Answers one player's questions inside a copy of the game, for the iteration under way."""

    def __init__(self, search: "SearchDecider", seat: int) -> None:
        self.search = search
        self.seat = seat

    def decide(self, question: Question) -> Answer:
        return self.search.in_copy(self.seat, question)


class SearchDecider:
    """An ISMCTS player for seat ``me`` of the game in ``game_ref`` (see the module docstring).

    ``iterations``: iterations per searched question; ``seconds``: a time budget instead (not
    deterministic); ``horizon``: the turns a rollout plays, the root's included (3: to the end of the
    turn after next, so both players' next turns are seen); ``greedy_rollouts`` and
    ``greedy_opponent``: see :meth:`_rollout_answer`.
    """

    def __init__(self, me: int, game_ref: list[Game], seed: int, iterations: int = 200,
                 seconds: float | None = None, horizon: int = 3, rollout_steps: int = 400,
                 greedy_rollouts: bool = True, greedy_opponent: bool = True) -> None:
        self.me = me
        self.game_ref = game_ref
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.rollout_steps = rollout_steps
        self.greedy_rollouts = greedy_rollouts
        self.greedy_opponent = greedy_opponent
        self.root: Root | None = None
        self.root_node = Node()
        self.path: list[tuple[Question, Answer]] = []  # this player's answers since the root
        # The iteration under way.
        self._it_path: list[tuple[Question, Answer]] = []
        self._target: Question | None = None
        self._node = self.root_node
        self._depth = 0
        self._in_tree = True
        self._visited: list[Edge] = []
        self._reached = False
        self._forced: Answer = None
        self._steps = 0
        self._horizon_turn = 0
        self._rollout: list[RandomDecider] = []
        self.last_values: dict[Hashable, dict[int, float]] = {}  # the last search's values, by answer and world
        # What thinking cost (for docs/players.md): questions searched, iterations, seconds.
        self.searched = 0
        self.spent_iterations = 0
        self.spent_seconds = 0.0

    # ------------------------------------------------------------------ the real game

    def decide(self, question: Question) -> Answer:
        """Search ``question`` when it has more than one sensible answer; else answer greedily."""
        game = self.game_ref[0]
        q = question
        cands = candidates(game, q)
        if isinstance(q, ChooseAction) and not any(c.key.startswith(("play:", "cast:")) for c in q.options):
            cands = cands[:1]  # only abilities to activate: the greedy player's pass, unsearched
        resumable = isinstance(q, (ChooseAction, DeclareAttackers, DeclareBlockers))
        if resumable and len(cands) > 1:
            self._new_root(game, q)
        if len(cands) <= 1:
            return cands[0] if cands else greedy_answer(game, q)
        if self.root is None or len(self.path) > 8:
            ans = greedy_answer(game, q)
        else:
            ans = self._search(q, cands)
        self.path.append((q, ans))
        return ans

    def _new_root(self, game: Game, q: Question) -> None:
        """Copy the game at a resumable question; keep the node the answers given lead to."""
        node: Node | None = self.root_node
        for pq, pa in self.path:
            edge = node.questions.get(pq, {}).get(_answer_key(pa)) if node is not None else None
            node = edge.child if edge is not None else None
        self.root_node = node if node is not None else Node()
        self.path = []
        copy_ = game.fork([_Seat(self, i) for i in range(len(game.players))])
        priority = (q.player, game.priority_passes) if isinstance(q, ChooseAction) else None
        hidden = tuple((o, o.card) for objs in hidden_places(copy_, self.me) for o in objs)
        self.root = Root(copy_, copy_.snapshot(), priority, game.state.turn, hidden)

    def _search(self, q: Question, cands: Sequence[Answer]) -> Answer:
        """Spend the budget on ``q`` in rounds: each round deals one world (the hidden cards, the
        copy's random generator) and plays every candidate once in it, so candidates are compared
        on the same worlds (common random numbers).  The answer is the candidate whose values beat
        the greedy answer's, world by world, by more than their noise; else the greedy answer."""
        assert self.root is not None
        root = self.root
        started = time.perf_counter()
        self.searched += 1
        values: dict[Hashable, dict[int, float]] = {_answer_key(a): {} for a in cands}
        n = 0
        world = 0
        while True:
            world += 1
            seeds = (self.rng.getrandbits(64), self.rng.getrandbits(64))
            for a in cands:
                if self.seconds is not None:
                    if time.perf_counter() - started >= self.seconds and world > 1:
                        break
                elif n >= self.iterations:
                    break
                n += 1
                v = self._iterate(root, q, seeds, a)
                if v is not None:
                    values[_answer_key(a)][world] = v
            else:
                if world >= SETTLED and all(values[_answer_key(a)] == values[_answer_key(cands[0])] for a in cands):
                    break  # every candidate scored the same in every world so far: nothing to find
                continue
            break
        self.spent_iterations += n
        self.spent_seconds += time.perf_counter() - started
        self.last_values = values
        greedy = cands[0]  # candidates() puts the greedy answer first
        base = values[_answer_key(greedy)]
        best, best_gain = greedy, 0.0
        for a in cands[1:]:
            mine = values[_answer_key(a)]
            diffs = [mine[w] - base[w] for w in mine if w in base]
            if len(diffs) < 2:
                continue
            mean = sum(diffs) / len(diffs)
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
            if mean > max(MARGIN, NOISE * sd / math.sqrt(len(diffs))) and mean > best_gain:
                best, best_gain = a, mean
        return best

    def _iterate(self, root: Root, q: Question, seeds: tuple[int, int], answer: Answer) -> float | None:
        """One iteration in the world ``seeds``: rewind the copy, deal the hidden cards, play on
        (answering ``q`` with ``answer``), score and back the value up; None if ``q`` wasn't met."""
        g = root.game
        g.restore(root.snapshot)
        root.snapshot = g.snapshot()
        for o, c in root.hidden:
            o.card = c
        world = random.Random(seeds[0])
        determinize(g, self.me, world)
        g.state.rng.seed(seeds[1])
        self._it_path = list(self.path)
        self._target = q
        self._forced = answer
        self._node = self.root_node
        self._depth = 0
        self._in_tree = True
        self._visited = []
        self._reached = False
        self._steps = 0
        self._rollout = [RandomDecider(world.getrandbits(32)) for _ in g.players]
        self._horizon_turn = root.turn + self.horizon
        try:
            resume(g, root.priority, max_turns=self._horizon_turn)
        except _Abandon:
            return None
        except _Horizon:
            pass
        except Exception:  # noqa: BLE001 - a copy that breaks teaches nothing; the real game goes on
            return None
        if not self._reached:
            return None
        value = evaluate(g, self.me)
        for e in self._visited:
            e.visits += 1
            e.total += value
        return value

    # ------------------------------------------------------------------ inside a copy

    def in_copy(self, seat: int, q: Question) -> Answer:
        """Answer a question asked in the copy: the path, then the tree, then the rollout."""
        g = self.root.game if self.root is not None else None
        assert g is not None
        self._steps += 1
        if self._steps > self.rollout_steps:
            if not self._reached:
                raise _Abandon()
            raise _Horizon()
        if seat != self.me or not self._in_tree:
            return self._rollout_answer(seat, g, q)
        cands = candidates(g, q)
        if len(cands) <= 1:
            return cands[0] if cands else greedy_answer(g, q)
        if self._depth < len(self._it_path):
            pq, pa = self._it_path[self._depth]
            if pq != q:
                raise _Abandon()
            self._depth += 1
            self._node = self._node.questions.setdefault(q, {}).setdefault(_answer_key(pa), Edge()).node()
            return pa
        stats = self._node.questions.setdefault(q, {})
        for a in cands:
            stats.setdefault(_answer_key(a), Edge())
        if not self._reached:
            if q != self._target:
                raise _Abandon()
            self._reached = True
            best = self._forced
        else:
            # UCB1 (unvisited candidates first, in candidate order).
            total = sum(stats[_answer_key(a)].visits for a in cands)
            best = cands[0]
            best_score = -1.0
            for a in cands:
                e = stats[_answer_key(a)]
                if e.visits == 0:
                    best = a
                    break
                score = e.total / e.visits + UCB_C * math.sqrt(math.log(total) / e.visits)
                if score > best_score:
                    best, best_score = a, score
        edge = stats.setdefault(_answer_key(best), Edge())
        self._visited.append(edge)
        # Deeper in the tree only below an answer tried often enough; else a rollout from here.
        self._in_tree = edge.visits >= DEEPEN
        self._node = edge.node()
        self._depth += 1
        return best

    def _rollout_answer(self, seat: int, g: Game, q: Question) -> Answer:
        """The rollout policy (the opponent throughout; this player past the tree).  With
        ``greedy_rollouts`` this player answers as the greedy player, the opponent too with
        ``greedy_opponent``, else as the random player (seeded by the world, so candidates
        compared in one world meet the same opponent); without, both at random."""
        if self.greedy_rollouts and (seat == self.me or self.greedy_opponent):
            return greedy_answer(g, q)
        return self._rollout[seat].decide(q)
