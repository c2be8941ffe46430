"""A greedy baseline player: one ply of simple rules, no look-ahead.

It answers every question of the decision protocol (:mod:`runtime.decisions`) from what its
player may see (the battlefield, its own hand; 400.2, 708.5: a face-down permanent is only a 2/2):

- priority (117): play a land if it can; else cast the spell with the greatest mana value it is
  offered (202.3); else pass.  Activated abilities are never used, so it can't loop.
- attackers (508.1): a creature attacks unless an untapped creature of the opponent could block
  it (509.1b: evasion counts), survive and kill it; creatures that must attack do (508.1d).
- blockers (509.1): each attacker, biggest first, is blocked by a creature that kills it and
  survives, else by one that survives; when the unblocked damage would be lethal, the smallest
  creatures chump-block the biggest attackers.
- mulligans (103.4): a hand of more than five cards is sent back unless two to all but two of its
  cards are lands (2-5 of 7, 2-4 of 6) whose mana has the colors of at least half of its spells;
  the cards put on the bottom are lands beyond about 45% of the hand kept, else the most
  expensive spells.
- targets (601.2c): an opponent's permanent (the most expensive) or the opponent first, else its
  own; everything else: the largest number, the first option, the fewest cards it must choose
  (most it may when searching), triggers in the order offered.

It is deterministic (no random choice at all), and meant as a baseline for the search player
(``docs/players.md``), and as that player's answer to questions it doesn't search.
"""
from __future__ import annotations

from ..decisions import (
    Answer, Choice, ChooseAction, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget,
    DeclareAttackers, DeclareBlockers, Mulligan, MulliganBottom, Question, YesNo,
)
from ..combat import block_problem
from ..costs import _tap_mana  # a land's {T} mana abilities and the mana each adds
from ..game import Game
from ..mana import colors_of, mana_value
from ..objects import GameObject


def power_toughness(game: Game, o: GameObject) -> tuple[int, int]:
    """A creature's power and toughness as the table shows them (damage marked already taken off
    its toughness); face-down ones show the 2/2 of 708.2, so nothing hidden is read."""
    ch = game.characteristics(o)
    return (ch.power or 0), (ch.toughness or 0) - o.damage


def _object(game: Game, key: str) -> GameObject | None:
    """The object an option's key names (``123``, ``cast:123``, ``play:123:...``), if it exists."""
    parts = key.split(":")
    for p in parts[:2]:
        if p.isdigit() and int(p) in game.state.objects:
            return game.state.objects[int(p)]
    return None


def _cost_of(game: Game, o: GameObject | None) -> int:
    """The mana value of what an option names (its characteristics as the player sees them)."""
    return 0 if o is None else mana_value(game.characteristics(o).mana_cost)


def greedy_action(game: Game, q: ChooseAction) -> str:
    """117: a land, else the most expensive spell offered, else pass."""
    lands = [c for c in q.options if c.key.startswith("play:")]
    if lands:
        return lands[0].key
    spells = [c for c in q.options if c.key.startswith("cast:")]
    stack = game.state.stack
    if not spells or (stack and stack[-1].controller == q.player):  # never answer its own spell
        return "pass"
    if not spells:
        return "pass"
    return max(spells, key=lambda c: _cost_of(game, _object(game, c.key))).key


def greedy_attackers(game: Game, q: DeclareAttackers) -> tuple[str, ...]:
    """508.1: attack with each creature no untapped enemy creature able to block it (509.1b: flying,
    fear and every other restriction, :func:`runtime.combat.block_problem`) blocks profitably."""
    me = q.player
    enemies = [o for o in game.battlefield()
               if o.controller != me and not o.tapped and "creature" in game.characteristics(o).types]
    chosen: list[str] = [k for k in q.required if k in q.legal]
    for c in q.options:
        if c.key not in q.legal or c.key in chosen:
            continue
        o = game.state.objects.get(int(c.key))
        if o is None:
            continue
        p, t = power_toughness(game, o)
        if p <= 0:
            continue
        if any(ep >= t and et > p for e in enemies
               if block_problem(game, e, o, e.controller, attacking=False) is None
               for ep, et in (power_toughness(game, e),)):
            continue
        chosen.append(c.key)
    return tuple(chosen)


def greedy_blockers(game: Game, q: DeclareBlockers) -> tuple[str, ...]:
    """509.1: good blocks first, chump blocks only against lethal damage; requirements kept."""
    def pt(key: str) -> tuple[int, int]:
        o = game.state.objects.get(int(key))
        return power_toughness(game, o) if o is not None else (0, 0)

    pairs: list[str] = [r for r in q.requirements if r in q.legal]
    used = {p.split(">")[0] for p in pairs}
    blocked = {p.split(">")[1] for p in pairs}
    attackers = sorted((a.key for a in q.attackers), key=lambda k: -pt(k)[0])
    for a in attackers:
        if a in blocked:
            continue
        ap, at = pt(a)
        mine = [p.split(">")[0] for p in q.legal if p.endswith(">" + a) and p.split(">")[0] not in used]
        kills = [b for b in mine if pt(b)[0] >= at and pt(b)[1] > ap]
        survives = [b for b in mine if pt(b)[1] > ap]
        picks = kills or survives
        if picks:
            pick = picks[0]
            pairs.append(f"{pick}>{a}")
            used.add(pick)
            blocked.add(a)
    life = game.players[q.player].life
    incoming = sum(pt(a)[0] for a in attackers if a not in blocked)
    for a in attackers:  # chump-block the biggest while the rest would be lethal
        if incoming < life or a in blocked:
            continue
        mine = sorted((p.split(">")[0] for p in q.legal if p.endswith(">" + a) and p.split(">")[0] not in used),
                      key=lambda b: sum(pt(b)))
        if mine:
            pairs.append(f"{mine[0]}>{a}")
            used.add(mine[0])
            blocked.add(a)
            incoming -= pt(a)[0]
    # 509.1b: an attacker that must be blocked by at least N creatures is blocked by none instead.
    for m in q.minimums:
        attacker, _, n = m.partition(">")
        if len([p for p in pairs if p.endswith(">" + attacker)]) < int(n):
            pairs = [p for p in pairs if not p.endswith(">" + attacker) or p in q.requirements]
    return tuple(pairs)


def greedy_target(game: Game, q: ChooseTarget) -> str | None:
    """601.2c: the opponent's most expensive permanent or the opponent, else the first option."""
    if not q.options:
        return None

    def rank(c: Choice) -> tuple[int, int]:
        if c.key.startswith("player:"):
            return (1 if int(c.key.split(":")[1]) != q.player else -1, 0)
        o = _object(game, c.key)
        if o is None:
            return (0, 0)
        return (1 if o.controller != q.player else -1, _cost_of(game, o))
    return max(q.options, key=rank).key


def _is_land(game: Game, c: Choice) -> bool:
    o = _object(game, c.key)
    return o is not None and "land" in game.characteristics(o).types


def _castable_colors(game: Game, spell: GameObject, colors: set[str]) -> bool:
    """Whether mana of ``colors`` pays every colored symbol of ``spell``'s mana cost (202.2)."""
    return colors_of(game.characteristics(spell).mana_cost) <= colors


def greedy_mulligan(game: Game, q: Mulligan) -> bool:
    """103.4: take a mulligan with a hand of more than five cards holding fewer than two lands or
    fewer than two spells, or whose lands' mana (their {T} mana abilities) is of the colors of
    fewer than half of its spells; keep a hand of five or fewer."""
    size = len(q.hand)
    objs = [o for o in (_object(game, c.key) for c in q.hand) if o is not None]
    lands = [o for o in objs if "land" in game.characteristics(o).types]
    spells = [o for o in objs if "land" not in game.characteristics(o).types]
    colors = {m for o in lands for _, produced in _tap_mana(game.characteristics(o)) for m in produced}
    on_color = sum(_castable_colors(game, o, colors) for o in spells)
    return size > 5 and not (2 <= len(lands) <= size - 2 and 2 * on_color >= len(spells))


def greedy_bottom(game: Game, q: MulliganBottom) -> tuple[str, ...]:
    """103.4: the cards of a new hand to put on the bottom: a land while the hand kept would hold
    more lands than about 45% of it, else the most expensive spell."""
    hand = list(q.options)
    target = round(0.45 * (len(hand) - q.minimum))
    out: list[str] = []
    for _ in range(min(q.minimum, len(hand))):
        lands = [c for c in hand if _is_land(game, c)]
        spells = [c for c in hand if not _is_land(game, c)]
        pick = lands[-1] if lands and (len(lands) > target or not spells) else \
            max(spells, key=lambda c: _cost_of(game, _object(game, c.key)))
        hand.remove(pick)
        out.append(pick.key)
    return tuple(out)


def greedy_answer(game: Game, question: Question) -> Answer:
    """The greedy answer to any question (see the module's docstring)."""
    q = question
    if isinstance(q, ChooseAction):
        return greedy_action(game, q)
    if isinstance(q, DeclareAttackers):
        return greedy_attackers(game, q)
    if isinstance(q, DeclareBlockers):
        return greedy_blockers(game, q)
    if isinstance(q, ChooseTarget):
        return greedy_target(game, q)
    if isinstance(q, Mulligan):
        return greedy_mulligan(game, q)
    if isinstance(q, YesNo):
        return True
    if isinstance(q, ChooseNumber):
        return q.maximum
    if isinstance(q, ChooseOption):
        return q.options[0].key
    if isinstance(q, ChooseOrder):
        return tuple(c.key for c in q.options)
    if isinstance(q, MulliganBottom):
        return greedy_bottom(game, q)
    if isinstance(q, ChooseCards):
        n = q.maximum if "search" in q.prompt.lower() else q.minimum
        return tuple(c.key for c in q.options[:min(n, len(q.options))])
    raise TypeError(f"unknown question {q!r}")


class GreedyDecider:
    """The greedy baseline for one player of the game in ``game_ref`` (filled once it exists)."""

    def __init__(self, game_ref: list[Game]) -> None:
        self.game_ref = game_ref

    def decide(self, question: Question) -> Answer:
        """:func:`greedy_answer` on the game as it is now."""
        return greedy_answer(self.game_ref[0], question)
