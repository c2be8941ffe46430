"""Phasing (702.26): a permanent that phases out is treated as though it doesn't exist until it
phases in again.  Phasing is not a zone change (702.26d): the object keeps its identity, its
counters and its status; no enters or leaves abilities trigger.  Only "phases in/out" abilities do.

Auras attached to a permanent phase out indirectly with it and phase in with it, still attached
(702.26g); an indirectly phased permanent doesn't phase in on its own.  One that phased out
directly phases in attached to the same object if that is still there, else unattached (702.26i).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .continuous import CantPhaseOut, PhasesEachUntap
from .zones import Zone
from .versions import without

if TYPE_CHECKING:
    from .game import Game


def phase_out(game: "Game", oid: int, indirectly: bool = False) -> None:
    """702.26a-d: phase a permanent out; an attacking or blocking creature is removed from combat (506.4)."""
    o = game.obj(oid)
    if o.phased_out:
        return
    attached = game.attached_to(oid)
    if game.characteristics(o).has(CantPhaseOut):
        game.log(f"{game.name_of(oid)} can't phase out")
        return
    game.fire_object_event(o, "phases_out")  # looks back: read while it still exists (603.10a)
    o.phased_out = True
    o.attacking = False
    o.blocking = ()
    if oid in game.state.blocked:
        game.state.blocked = without(game.state.blocked, oid)
    for other in game.battlefield():
        if oid in other.blocking:
            other.blocking = tuple(a for a in other.blocking if a != oid)
    game.state.block_requirements = tuple((b, a) for b, a in game.state.block_requirements if oid not in (b, a))
    o.phased_indirectly = indirectly
    game.log(f"{game.name_of(oid)} phases out" + (" (indirectly)" if indirectly else ""))
    for aura in attached:  # 702.26g: what is attached phases out with it
        phase_out(game, aura.oid, indirectly=True)


def phase_out_together(game: "Game", oids: list[int]) -> None:
    """702.26a, 702.26h: phase out several permanents at once.  One attached (directly or through
    another) to a permanent of the same event phases out indirectly with that permanent, whatever
    their order on the battlefield, so hosts go first; one whose host can't phase out (702.26p)
    still phases out directly, afterwards."""
    going = set(oids)

    def hosts_going(oid: int) -> int:
        n, seen = 0, {oid}
        host = game.obj(oid).attached_to
        while host is not None and host not in seen and game.exists(host):
            seen.add(host)
            n += host in going
            host = game.obj(host).attached_to
        return n

    for oid in sorted(oids, key=hosts_going):  # stable: otherwise in the given order
        phase_out(game, oid)


def phase_in(game: "Game", oid: int) -> None:
    """702.26c: a phased-out permanent phases in, as it was (counters, choices made as it entered)."""
    o = game.obj(oid)
    if not o.phased_out:
        return
    o.phased_out = False
    o.phased_indirectly = False
    o.phases_in_after = -1
    host = game.state.objects.get(o.attached_to) if o.attached_to is not None else None
    if o.attached_to is not None and (host is None or host.zone is not Zone.BATTLEFIELD):
        # 702.26i: it phases in attached to what it was attached to only if that is still in the
        # same zone (400.7: a new object otherwise); if not, it phases in unattached.
        game.unattach(oid)
    game.log(f"{game.name_of(oid)} phases in")
    game.fire_object_event(o, "phases_in")
    # 702.26g: permanents that phased out indirectly with it phase in with it, still attached.
    for aid in list(game.state.attachments.get(oid, ())):
        other = game.state.objects.get(aid)
        if other is not None and other.phased_out and other.phased_indirectly and other.attached_to == oid:
            phase_in(game, other.oid)


def untap_step_phasing(game: "Game", player: int) -> None:
    """702.26a / 502.1: before untapping, the active player's phased-in permanents with phasing phase
    out and, simultaneously, their phased-out permanents phase in."""
    objs = [game.obj(i) for i in game.zone(Zone.BATTLEFIELD)]
    with game.unchanging():  # only reads: each permanent's layers computed once
        going_out = [o.oid for o in objs if o.controller == player and not o.phased_out
                     and game.characteristics(o).has(PhasesEachUntap)]
    # 702.26n: one that phased out under the control of a player who left the game waits for the
    # untap step after that player's next turn would have begun (``phases_in_after`` -2), whoever's.
    coming_in = [o.oid for o in objs if o.phased_out and not o.phased_indirectly
                 and (o.phases_in_after == -2 or (o.controller == player and o.phases_in_after == -1))]
    phase_out_together(game, going_out)
    for oid in coming_in:
        phase_in(game, oid)
