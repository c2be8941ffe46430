"""The table as a judge sees it when a scenario fails: every player's life, mana pool and zones,
the shared zones and the stack, naming each card by its card (omniscient, unlike a player's view,
708.5) with the status that matters: tapped, face down, phased out, counters, damage, attachments."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...objects import GameObject
from ...zones import Zone
from .judging import pool_text

if TYPE_CHECKING:
    from ...game import Game


def _card(game: "Game", o: GameObject) -> str:
    """One object: its card's name (and its name now, if different), alias and status."""
    name = o.card.definition.name
    now = o.definition.name
    text = f'"{name}"'
    if o.card.alias:
        text += f" ({o.card.alias})"
    if o.card.is_token:
        text += " token"
    notes: list[str] = []
    if o.face_down is not None:
        notes.append("face down")
    elif now != name:
        notes.append(f'as "{now}"')
    if o.zone is Zone.BATTLEFIELD:
        ch = game.characteristics(o)
        if ch.power is not None and ch.toughness is not None:
            notes.append(f"{ch.power}/{ch.toughness}")
        if o.tapped:
            notes.append("tapped")
        if o.phased_out:
            notes.append("phased out")
        if o.damage:
            notes.append(f"{o.damage} damage")
        if o.attacking:
            notes.append("attacking")
        if o.blocking:
            notes.append("blocking")
        if o.attached_to is not None:
            notes.append(f"attached to {_named(game, o.attached_to)}")
        if o.controller != o.owner:
            notes.append(f"owned by {game.players[o.owner].name}")
    notes += [f"{n} {k}" for k, n in sorted(o.counters.items()) if n]
    return text + (f" [{', '.join(notes)}]" if notes else "")


def _named(game: "Game", oid: int) -> str:
    o = game.state.objects.get(oid)
    if o is not None:
        return f'"{o.card.definition.name}"'
    gone = game.state.last_known.get(oid)  # 400.7: an object that left its zone
    return f'"{gone.card.definition.name}" #{oid}, no longer there' if gone is not None else f"#{oid}"


def _zone_line(game: "Game", label: str, oids: Sequence[int]) -> str:
    return f"  {label} ({len(oids)}): " + (", ".join(_card(game, game.obj(o)) for o in oids) or "-")


def describe_table(game: "Game") -> list[str]:
    """The whole table, one line per zone (library top first, stack top first)."""
    s = game.state
    whose = game.players[s.active].name if 0 <= s.active < len(game.players) else "?"
    out = [f"--- the table at turn {s.turn} {s.step} ({whose}'s turn) ---"]
    for p in game.players:
        status = f", lost ({p.loss_reason})" if p.lost else ""
        status += ", left the game (800.4a)" if p.left else ""
        out.append(f"{p.name}: life {p.life}, mana pool {pool_text(p.mana)}{status}")
        for zone in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD):
            out.append(_zone_line(game, zone.value, game.zone(zone, p.index)))
        mine = [o for o in game.zone(Zone.BATTLEFIELD) if game.obj(o).controller == p.index]
        out.append(_zone_line(game, "battlefield", mine))
    for zone in (Zone.EXILE, Zone.COMMAND):
        if game.zone(zone):
            out.append(_zone_line(game, zone.value, game.zone(zone)).strip())
    items = []
    for item in reversed(s.stack):
        who = game.players[item.controller].name
        if item.oid in s.objects and s.objects[item.oid].zone is Zone.STACK:
            items.append(f"{_card(game, game.obj(item.oid))} ({who})")
        else:
            items.append(f"ability of {_named(game, item.source_oid)}: {item.text!r} ({who})")
    out.append(f"stack, top first ({len(items)}): " + ("; ".join(items) or "-"))
    return out
