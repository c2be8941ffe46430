"""Phasing (702.26): a permanent that phases out is treated as though it doesn't exist until it
phases in again.  Phasing is not a zone change (702.26d): the object keeps its identity, its
counters and its status; no enters or leaves abilities trigger.  Only "phases in/out" abilities do.

Auras and Equipment attached to a permanent phase out indirectly with it (702.26g); attachments
are not modelled yet, so indirect phasing has nothing to act on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .continuous import CantPhaseOut, PhasesEachUntap

if TYPE_CHECKING:
    from .game import Game


def phase_out(game: "Game", oid: int) -> None:
    """702.26a-d: phase a permanent out; an attacking or blocking creature is removed from combat (506.4)."""
    o = game.obj(oid)
    if o.phased_out:
        return
    if game.characteristics(o).has(CantPhaseOut):
        game.log(f"{game.name_of(oid)} can't phase out")
        return
    game.fire_object_event(o, "phases_out")  # looks back: read while it still exists (603.10a)
    o.phased_out = True
    o.attacking = False
    o.blocking = ()
    if oid in game.state.blocked:
        game.state.blocked.remove(oid)
    for other in game.battlefield():
        if oid in other.blocking:
            other.blocking = tuple(a for a in other.blocking if a != oid)
    game.state.block_requirements = [(b, a) for b, a in game.state.block_requirements if oid not in (b, a)]
    game.log(f"{game.name_of(oid)} phases out")


def phase_in(game: "Game", oid: int) -> None:
    """702.26c: a phased-out permanent phases in, as it was (counters, choices made as it entered)."""
    o = game.obj(oid)
    if not o.phased_out:
        return
    o.phased_out = False
    game.log(f"{game.name_of(oid)} phases in")
    game.fire_object_event(o, "phases_in")


def untap_step_phasing(game: "Game", player: int) -> None:
    """702.26a / 502.1: before untapping, the active player's phased-in permanents with phasing phase
    out and, simultaneously, their phased-out permanents phase in."""
    from .zones import Zone

    objs = [game.obj(i) for i in game.zone(Zone.BATTLEFIELD)]
    going_out = [o.oid for o in objs if o.controller == player and not o.phased_out
                 and game.characteristics(o).has(PhasesEachUntap)]
    coming_in = [o.oid for o in objs if o.controller == player and o.phased_out]
    for oid in going_out:
        phase_out(game, oid)
    for oid in coming_in:
        phase_in(game, oid)
