"""Leaving the game (800.4): conceding (104.3a), and a player who loses a multiplayer game (104.5).

In a two-player game a player who loses ends the game (104.2a); in a game of three or more it goes
on without them, and as they leave, in this order (800.4a):

1. every object they own leaves the game, in every zone -- phased-out permanents too, which
   trigger nothing as they go (702.26k); a phased-in permanent's leaves-the-battlefield abilities
   trigger (603.6c), though one its leaving owner would control never goes on the stack (800.4d);
2. every effect giving them control of an object ends: the object returns to the player who
   controlled it before (a phased-out one stays out until the untap step after the leaver's next
   turn would have begun, 702.26n);
3. the spells and abilities they control on the stack that aren't cards (abilities, copies) cease
   to exist;
4. whatever they still control is exiled.

Their triggered abilities waiting to go on the stack never do (800.4d).  Priority they held passes
to the next player in turn order still in the game (800.4a), their turns are skipped (800.4k),
a turn of theirs in progress goes on without an active player (800.4j), and combat damage isn't
assigned to them (800.4e, ``combat.defending_player``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .continuous import ControlledBy
from .stack import StackKind
from .zones import Zone
from .versions import without

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject


def concede(game: "Game", player: int) -> None:
    """104.3a: the player concedes: they lose the game and leave it at once (the game ends if one
    player remains, 104.2a)."""
    p = game.players[player]
    if p.left or p.lost:
        return
    p.lost, p.loss_reason = True, "conceded (104.3a)"
    game.log(f"{p.name} concedes and loses the game (104.3a)")
    players_lost(game, [player])


def players_lost(game: "Game", lost: list[int]) -> None:
    """104.5: players who lost leave the game; 104.2a: with one player (or none) left in it, the
    game is over and the rest of 800.4a never matters."""
    remaining = [p for p in game.players if not p.lost]
    if len(remaining) <= 1:
        game.state.game_over = True
        game.state.winner = remaining[0].index if remaining else None
        return
    for player in lost:
        leave_game(game, player)


def leave_game(game: "Game", player: int) -> None:
    """800.4a: ``player`` leaves a game that goes on without them (see the module's docstring)."""
    p = game.players[player]
    if p.left:
        return
    p.left = True
    game.log(f"{p.name} leaves the game (800.4a)")
    s = game.state
    # 1. Every object they own leaves the game (702.26k: phased-out ones too, triggering nothing).
    for o in sorted((o for o in s.objects.values() if o.owner == player), key=lambda o: o.oid):
        _leave(game, o)
    s.cards = {cid: c for cid, c in s.cards.items() if c.owner != player}
    # 2. Effects giving them control of an object end (613.1b: its controller before them again).
    kept = []
    for e in s.continuous:
        gives = [part for part in e.parts if isinstance(part, ControlledBy) and part.player == player]
        if not gives:
            kept.append(e)
            continue
        held = s.objects.get(e.oid)
        if held is not None and held.controller == player and not game.players[gives[0].previous].left:
            game.set_controller(held.oid, gives[0].previous)
            if held.phased_out:
                held.phases_in_after = player  # 702.26n
    s.continuous = tuple(kept)
    # 3. Abilities (and copies of spells) they control on the stack cease to exist.
    for item in list(s.stack):
        if item.controller != player:
            continue
        spell = s.objects.get(item.oid)
        if item.kind is StackKind.SPELL and spell is not None and not spell.card.is_token:
            continue  # a card: exiled below
        s.stack = without(s.stack, item)
        if spell is not None:
            _leave(game, spell)
        game.log(f"{item.text or 'an ability'} ceases to exist: its controller left the game (800.4a)")
    # 800.4d: their triggered abilities never go on the stack.
    s.pending = tuple(t for t in s.pending if t.controller != player)
    s.delayed = tuple(d for d in s.delayed if d.controller != player)
    # 4. Whatever they still control is exiled.
    for o in sorted((o for o in s.objects.values() if o.controller == player
                     and o.zone in (Zone.BATTLEFIELD, Zone.STACK)), key=lambda o: o.oid):
        if o.zone is Zone.STACK:
            s.stack = tuple(i for i in s.stack if i.oid != o.oid)
        game.log(f"{game.name_of(o.oid)} is exiled: its controller left the game (800.4a)")
        game.move(o.oid, Zone.EXILE)
    if s.priority == player:
        s.priority = game.opponent(player)  # 800.4a: the next player in turn order still in the game


def _leave(game: "Game", o: "GameObject") -> None:
    """One object leaves the game: out of its zone and of every record that names it."""
    s = game.state
    phased_in_permanent = o.zone is Zone.BATTLEFIELD and not o.phased_out
    if phased_in_permanent:
        # 603.6c / 603.10a: leaves-the-battlefield abilities trigger, looking back at it.
        game.fire_object_event(o, "leaves")
    if o.zone is Zone.STACK:
        s.stack = tuple(i for i in s.stack if i.oid != o.oid)
    if o.attached_to is not None:
        game.unattach(o.oid)
    zone = game.zone(o.zone, o.owner)
    if o.oid in zone:
        game.set_zone(o.zone, o.owner, without(zone, o.oid))
    game.remove_object(o.oid)
    s.last_known = {**s.last_known, o.oid: o}
    s.continuous = tuple(e for e in s.continuous if e.oid != o.oid)
    game.end_while_tapped()  # 611.2b: effects lasting while it remains tapped end with it
    if o.oid in s.blocked:
        s.blocked = without(s.blocked, o.oid)
    s.damage_order = {k: v for k, v in s.damage_order.items() if k != o.oid}
    s.block_requirements = tuple((b, a) for b, a in s.block_requirements if o.oid not in (b, a))
    for other in s.objects.values():
        if o.oid in other.blocking:
            other.blocking = tuple(a for a in other.blocking if a != o.oid)
    game.log(f"{o.card.definition.name if o.face_down is None else 'a face-down card'} leaves the game "
             f"with its owner" + (" (phased out: nothing triggers, 702.26k)" if o.phased_out else ""))
    if o.face_down is not None:
        # 708.9: a leaving player's face-down permanents and spells are revealed to all.
        game.log(f"{game.players[o.owner].name} reveals the face-down card: {o.card.definition.name} (708.9)")


def turn_not_begun(game: "Game", player: int) -> None:
    """800.4k: a turn of a player who left the game doesn't begin.  702.26n: what phased out under
    their control phases in during the next untap step after it would have begun."""
    for o in game.state.objects.values():
        if o.phases_in_after == player:
            o.phases_in_after = -2
