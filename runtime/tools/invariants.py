"""Invariants the game state must satisfy at every action boundary.

- Zone conservation (400.1): every card is in exactly one zone; each owner's card count is what it
  was when the game began (tokens aside, 111.7-111.8), and none for a player who left the game,
  whose cards left it with them (800.4a).
- Phased-out permanents (702.26d) are never offered as targets.
- The stack and the stack zone agree (405.1): each spell item's object is in the stack zone and
  every object in the stack zone has an item.
- Life totals and counters are integers; counters are never negative.
- Priority belongs to a player in the game (800.4a: not one who left it).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..stack import StackKind
from ..zones import Zone

if TYPE_CHECKING:
    from ..game import Game


def card_census(game: "Game") -> Counter[int]:
    """How many non-token cards each player owns, over all zones."""
    out: Counter[int] = Counter()
    for card in game.state.cards.values():
        if not card.is_token:
            out[card.owner] += 1
    return out


def check_invariants(game: "Game", census: Counter[int]) -> list[str]:
    """Every violated invariant, described (empty when all hold).

    Checked before every decision of every random game, so a fast test that they all hold comes
    first; only when it fails are the violations found and described one by one.
    """
    if _all_hold(game, census):
        return []
    return _violations(game, census)


# What the invariants read, besides objects (written under their ids), players (negative keys) and
# zones (their ``(Zone, player)`` keys): ``runtime.versions``.
_READ_FIELDS = frozenset({"objects", "cards", "zones", "stack", "resolving"})


def check_invariants_since(game: "Game", census: Counter[int], held_at: int | None) -> tuple[list[str], int | None]:
    """:func:`check_invariants`, brought up to date by versions: if the invariants held at clock
    reading ``held_at`` and nothing they read was written since (the game's write journal says
    so), they still hold, and only the priority holder is looked at.  Returns the violations and
    the reading to pass next time (None after a violation: check everything again)."""
    clock = game.state.clock
    if held_at is not None:
        written = clock.since(held_at)
        if written is not None and not any(not isinstance(k, str) or k in _READ_FIELDS for k in written):
            s = game.state
            if 0 <= s.priority < len(game.players) and not game.players[s.priority].left:
                if game.verify_characteristics and check_invariants(game, census):
                    raise AssertionError("invariants taken as holding by the write journal are violated")
                return [], clock.now
    problems = check_invariants(game, census)
    return problems, (None if problems else clock.now)


def _all_hold(game: "Game", census: Counter[int]) -> bool:
    """Whether every invariant holds: the same checks as :func:`_violations`, without messages."""
    s = game.state
    objects = s.objects
    where: set[int] = set()
    entries = 0
    for (zone, _), oids in s.zones.items():
        entries += len(oids)
        for oid in oids:
            o = objects.get(oid)
            if o is None or o.zone is not zone:
                return False
            where.add(o.card.card_id)
    # Distinct cards in the zone lists, as many as there are objects: each object in exactly one zone.
    if len(where) != entries or entries != len(objects):
        return False
    owned: dict[int, int] = {}
    for card in s.cards.values():
        if not card.is_token:
            if card.card_id not in where:
                return False
            owned[card.owner] = owned.get(card.owner, 0) + 1
    if owned != _expected(game, census):
        return False
    if any(p.left for p in game.players) and any(game.players[o.owner].left for o in objects.values()):
        return False
    stack_items = {i.oid for i in s.stack if i.kind is StackKind.SPELL}
    if s.resolving is not None:
        stack_items.add(s.resolving)
    if stack_items != set(s.zones[(Zone.STACK, -1)]):
        return False
    if not all(isinstance(p.life, int) for p in game.players):
        return False
    for o in objects.values():
        if o.counters and not all(isinstance(n, int) and n >= 0 for n in o.counters.values()):
            return False
    return 0 <= s.priority < len(game.players) and not game.players[s.priority].left


def _expected(game: "Game", census: Counter[int]) -> dict[int, int]:
    """The census of the players still in the game (800.4a: a leaving player's cards leave with them)."""
    return {k: v for k, v in census.items() if v and not game.players[k].left}


def _violations(game: "Game", census: Counter[int]) -> list[str]:
    """Every violated invariant, described."""
    s = game.state
    problems: list[str] = []
    where: dict[int, list[str]] = {}
    for (zone, player), oids in s.zones.items():
        for oid in oids:
            o = s.objects.get(oid)
            if o is None:
                problems.append(f"zone {zone.value}/{player} lists #{oid}, which is not an object")
                continue
            if o.zone is not zone:
                problems.append(f"{o.definition.name} #{oid} is listed in {zone.value} but says {o.zone.value}")
            where.setdefault(o.card.card_id, []).append(zone.value)
    for oid, o in s.objects.items():
        if o.card.card_id not in where:
            problems.append(f"{o.definition.name} #{oid} is in no zone")
    for card_id, zones in where.items():
        if len(zones) != 1:
            problems.append(f"card {card_id} is in {len(zones)} zones at once: {zones}")
    for card in s.cards.values():
        if not card.is_token and card.card_id not in where:
            problems.append(f"{card.definition.name} (card {card.card_id}) was lost: it is in no zone")
    now = card_census(game)
    if {k: v for k, v in now.items() if v} != _expected(game, census):
        problems.append(f"card counts per owner changed: {dict(census)} -> {dict(now)}")
    for o in s.objects.values():
        if game.players[o.owner].left:
            problems.append(f"{o.definition.name} #{o.oid} is still in the game, its owner left it (800.4a)")
    stack_items = {i.oid for i in s.stack if i.kind is StackKind.SPELL}
    stack_zone = set(s.zones[(Zone.STACK, -1)])
    # 608.2, 608.3: the spell resolving is still in the stack zone while its instructions are
    # followed, and a permanent spell leaves it as it enters the battlefield, where choices made
    # "as it enters" (614.12) are asked: the resolving spell may be in either.
    resolving = {s.resolving} if s.resolving is not None else set()
    if stack_items - resolving != stack_zone - resolving:
        problems.append(f"stack items {sorted(stack_items)} and stack zone {sorted(stack_zone)} disagree")
    for p in game.players:
        if not isinstance(p.life, int):
            problems.append(f"{p.name}'s life is not an integer: {p.life!r}")
    for o in s.objects.values():
        for kind, n in o.counters.items():
            if not isinstance(n, int) or n < 0:
                problems.append(f"{o.definition.name} has {n!r} {kind} counters")
    if not 0 <= s.priority < len(game.players):
        problems.append(f"priority belongs to no player ({s.priority})")
    elif game.players[s.priority].left:
        problems.append(f"priority belongs to {game.players[s.priority].name}, who left the game (800.4a)")
    return problems


def phased_out_targetable(game: "Game", offered: list[object]) -> list[str]:
    """702.26d: a phased-out permanent offered as a choice of target is a violation."""
    out = []
    for ref in offered:
        if isinstance(ref, int) and ref in game.state.objects and game.state.objects[ref].phased_out:
            out.append(f"phased-out {game.name_of(ref)} was offered as a target")
    return out
