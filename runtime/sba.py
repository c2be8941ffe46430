"""State-based actions (704), checked whenever a player would receive priority (704.3)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .abilities import AuraTarget
from .continuous import CantBeAttachedBy, Indestructible
from .leaving import players_lost
from .selectors import has_quality
from .zones import Zone
from .objects import plus
from .versions import without

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject


def _protected_from(game: "Game", host: "GameObject", attached: "GameObject") -> bool:
    """702.16c-d: ``host`` can't be enchanted or equipped by ``attached``'s quality."""
    parts = game.characteristics(host).has(CantBeAttachedBy)
    if not parts:
        return False
    ach = game.characteristics(attached)
    return any(isinstance(p, CantBeAttachedBy) and has_quality(ach.colors, p.quality, ach.subtypes, ach.types)
               for p, _ in parts)


def check_state_based_actions(game: "Game") -> bool:
    """Perform all applicable state-based actions at once, repeatedly, until none apply (704.3).

    Returns whether any was performed.  Kept against the game's clock: when the last check left a
    state in which none applied, and nothing but the passing of time was written since
    (``versions.PASSING_TIME``: no state-based action looks at priority, the step or waiting
    triggers), none applies now either and nothing is looked at (``verify``: checked anyway, and
    finding any is an error)."""
    clock = game.state.clock
    clean = game.sba_clean_at
    if clean >= 0 and clock.quiet_since(clean):
        if game.verify_characteristics:
            pending = game.state.pending
            if _check(game) or game.state.pending != pending:
                raise AssertionError("state-based actions or state triggers were skipped by the write journal")
        return False
    done = _check(game)
    game.sba_clean_at = clock.now
    return done


def _check(game: "Game") -> bool:
    """The check itself: every round first checks every permanent (a read-only
    query: each one's characteristics are computed once, and shared with a caller's surrounding
    ``unchanging()`` stretch), then performs what it found; a performed action drops whatever
    was remembered (``Game.changing``).  Returns whether any was performed."""
    any_done = False
    while True:
        done = _players_and_tokens(game)
        if done:
            game.changed()
        with game.unchanging():
            found = _check_permanents(game)
        if found.any():
            with game.changing():
                _perform(game, found)
            done = True
        elif found.deathtouched_seen:
            _forget_deathtouch(game)
            game.changed()
        alive = [p for p in game.players if not p.lost]
        if len(alive) <= 1 and len(alive) < len(game.players):
            game.state.game_over = True
            game.state.winner = alive[0].index if alive else None  # 104.2a, 104.4a
        elif any(p.lost and not p.left for p in game.players):
            # 104.5 / 800.4a: in a game that goes on, a player who lost leaves it (not itself a
            # state-based action: it happens as they lose).
            players_lost(game, [p.index for p in game.players if p.lost and not p.left])
            done = True
        if not done:
            game.collect_state_triggers()  # 603.8: checked whenever state-based actions are
            return any_done
        any_done = True


def _players_and_tokens(game: "Game") -> bool:
    """704.5a-b (a player loses) and 704.5d-e (a token or copy outside its zone ceases to exist)."""
    done = False
    for p in game.players:
        if p.lost:
            continue
        if p.life <= 0:  # 704.5a
            p.lost, p.loss_reason = True, "life total 0 or less (704.5a)"
            done = True
        elif p.drew_from_empty:  # 704.5b
            p.lost, p.loss_reason = True, "drew from an empty library (704.5b)"
            done = True
        elif p.counters.get("poison", 0) >= 10:  # 704.5c, 104.3d
            p.lost, p.loss_reason = True, "ten or more poison counters (704.5c)"
            done = True
        if p.lost:
            game.log(f"{p.name} loses the game: {p.loss_reason}")
    # 704.5d / 111.7: a token in a zone other than the battlefield ceases to exist.
    if not game.has_tokens():  # no token in the game: nothing to look for in every zone
        return done
    objects = game.state.objects
    for (zone, owner), oids in list(game.state.zones.items()):
        # 704.5e: a copy of a spell on the stack is fine; anywhere else it ceases to exist too.
        if zone is Zone.BATTLEFIELD or zone is Zone.STACK:
            continue
        for oid in [i for i in oids if objects[i].card.is_token]:
            o = game.obj(oid)
            game.set_zone(zone, owner, without(game.zone(zone, owner), oid))
            game.remove_object(oid)
            game.state.last_known = {**game.state.last_known, oid: o}
            game.log(f"{o.card.definition.name} token in {zone.value} ceases to exist (704.5d)")
            done = True
    return done


@dataclass(frozen=True)
class _Found:
    """What one check of the permanents found (704.3: all of it is then performed at once)."""

    unattached: tuple[int, ...]  # 704.5m
    dying: tuple[int, ...]  # 704.5f
    destroyed: tuple[int, ...]  # 704.5g: lethal damage destroys (so regeneration can replace it, 701.15a)
    deathtouched: tuple[int, ...]  # 704.5h
    annihilate: tuple[int, ...]  # 704.5q
    deathtouched_seen: bool  # some permanent carries the 704.5h mark, to be cleared
    worlds: tuple[int, ...] = ()  # 704.5k: world permanents put into their owners' graveyards
    unequipped: tuple[int, ...] = ()  # 704.5n: Equipment attached illegally becomes unattached

    def any(self) -> bool:
        """Whether any state-based action applies."""
        return bool(self.unattached or self.dying or self.destroyed or self.deathtouched or self.annihilate
                    or self.worlds or self.unequipped)


def _check_permanents(game: "Game") -> _Found:
    """The permanents' state-based actions that apply now, without performing any (read-only)."""
    dying: list[int] = []
    destroyed: list[int] = []
    deathtouched: list[int] = []
    annihilate: list[int] = []
    worlds: list[int] = []
    seen = False
    battlefield = game.battlefield()
    for o in battlefield:
        ch = game.characteristics(o)
        if "world" in ch.supertypes:
            worlds.append(o.oid)
        if "creature" in ch.types and ch.toughness is not None:
            if ch.toughness <= 0:  # 704.5f
                dying.append(o.oid)
            elif o.damage >= ch.toughness and o.damage > 0 and not ch.has(Indestructible):  # 704.5g, 702.12b
                destroyed.append(o.oid)
            elif o.deathtouched and not ch.has(Indestructible):
                # 704.5h: dealt damage by a source whose damage is lethal in any amount since the
                # last check: destroyed (indestructible still saves it, 702.12b; regeneration can
                # replace it).
                deathtouched.append(o.oid)
        seen = seen or o.deathtouched
        if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
            annihilate.append(o.oid)
    unattached: list[int] = []
    unequipped: list[int] = []
    # 704.5m: an Aura attached to nothing, to an illegal object, or to an object no longer on
    # the battlefield is put into its owner's graveyard.  704.5n: an Equipment attached to an
    # illegal permanent becomes unattached and stays on the battlefield; it may equip only a
    # creature, and an Equipment that's also a creature equips nothing (301.5c).
    for o in battlefield:
        if o.attached_to is not None:
            host = game.state.objects.get(o.attached_to)
            gone = host is None or host.zone is not Zone.BATTLEFIELD or host.phased_out
            ch = game.characteristics(o)
            if "Equipment" in ch.subtypes:
                if gone or host is None or "creature" not in game.characteristics(host).types \
                        or "creature" in ch.types or _protected_from(game, host, o):
                    unequipped.append(o.oid)
                continue
            # 303.4a, 613.1f: its enchant ability as it is now (an effect may have made it an Aura)
            aura = next((a for a in ch.abilities if isinstance(a, AuraTarget)), None)
            if gone or host is None or (
                    aura is not None and not (set(aura.types) & game.characteristics(host).types)) or \
                    _protected_from(game, host, o):
                unattached.append(o.oid)
    return _Found(tuple(unattached), tuple(dying), tuple(destroyed), tuple(deathtouched), tuple(annihilate), seen,
                  _world_rule(worlds), tuple(unequipped))


def _world_rule(worlds: list[int]) -> tuple[int, ...]:
    """704.5k: of two or more world permanents (``worlds``), all but the one that has had the world
    supertype for the shortest time go to their owners' graveyards.  A permanent has it from the
    moment it became the object it is (no effect grants it), and object ids grow in that order (400.7)."""
    return tuple(sorted(worlds)[:-1]) if len(worlds) > 1 else ()


def _forget_deathtouch(game: "Game") -> None:
    """704.5h counts damage since the last time state-based actions were checked."""
    for o in game.battlefield():
        o.deathtouched = False


def _perform(game: "Game", found: _Found) -> None:
    """Perform what :func:`_check_permanents` found, in the order the rules text lists them."""
    _forget_deathtouch(game)
    for oid in found.annihilate:
        # 704.5q: +1/+1 and -1/-1 counters annihilate in pairs.
        o = game.obj(oid)
        k = min(o.counters["+1/+1"], o.counters["-1/-1"])
        o.counters = plus(plus(o.counters, "+1/+1", -k), "-1/-1", -k)
    for oid in found.worlds:
        game.log(f"{game.name_of(oid)} is put into its owner's graveyard: a newer world permanent is on the "
                 "battlefield (704.5k, the world rule)")
        game.move(oid, Zone.GRAVEYARD)
    for oid in found.unequipped:
        game.log(f"{game.name_of(oid)} becomes unattached: it is attached to nothing legal (704.5n)")
        game.unattach(oid)
    for oid in found.unattached:
        game.log(f"{game.name_of(oid)} is put into its owner's graveyard: it is attached to nothing legal (704.5m)")
        game.move(oid, Zone.GRAVEYARD)
    for oid in found.dying:
        game.log(f"{game.name_of(oid)} dies (704.5f)")
        game.move(oid, Zone.GRAVEYARD)
    for oid in found.destroyed:
        game.destroy(oid, message="dies (704.5g)")
    for oid in found.deathtouched:
        game.destroy(oid, message="is destroyed: it was dealt damage by a source whose damage is lethal in any "
                                  "amount (704.5h)")
