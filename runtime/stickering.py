"""Putting stickers on objects (cardsmith rules 123.4-123.6, 702.33h; docs/stickers.md).

A sticker comes from one of its player's sheets (123.1) and goes on a nonland permanent that
player owns, or, for sticker kicker (702.33h, seeds 001 and 004), on the spell being cast
(123.4).  An ability or power/toughness sticker's ticket cost is paid as it is put on (123.3,
107.17).  What a sticker changes is part of the object's card from then on (123.6): the object's
``stickered`` definition, which :attr:`runtime.objects.GameObject.definition` gives, and so every
layer sees.  Where stickers go as the card moves (123.7, 123.8) is :meth:`Game._stickers_follow`.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .abilities import CardDefinition
from .decisions import Answer, Choice, ChooseOption
from .errors import IllegalAction
from .stickers import AbilitySticker, NameSticker, PlacedSticker, PTSticker, Sticker
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject

TICKET = "ticket"  # 107.17: the counter kind {TK} stands for
NO_STICKER = "none"  # the key of the choice to put no sticker ("you may", 702.33h)


def on_sheets(game: "Game", player: int) -> list[PlacedSticker]:
    """123.4: the stickers still on ``player``'s sheets: those of every sheet, less those on an
    object now (a sticker is on its sheet or on one object, never both)."""
    used = {p.key for o in game.state.objects.values() for p in o.stickers}
    return [PlacedSticker(player, s, i, st)
            for s, sheet in enumerate(game.players[player].sheets)
            for i, st in enumerate(sheet.stickers) if (player, s, i) not in used]


def why_not(game: "Game", player: int, obj: "GameObject", spell: bool) -> str:
    """123.4: why ``player`` can't put a sticker on ``obj`` ("" if they can): it must be a nonland
    permanent they own, or, with ``spell`` (sticker kicker, 702.33h), the spell they are casting."""
    if obj.owner != player:
        return f"{game.name_of(obj.oid)} isn't yours: a sticker goes only on an object you own (123.4)"
    if spell and obj.zone is Zone.STACK:
        return ""
    if obj.zone is not Zone.BATTLEFIELD:
        return f"{game.name_of(obj.oid)} isn't a permanent: a sticker goes only on a nonland permanent (123.4)"
    if "land" in game.characteristics(obj).types:
        return f"{game.name_of(obj.oid)} is a land: a sticker goes only on a nonland permanent (123.4)"
    return ""


def put_sticker(game: "Game", player: int, oid: int, sticker: PlacedSticker, spell: bool = False) -> None:
    """123.4-123.6: ``player`` puts ``sticker`` from their sheet on ``oid``, paying its ticket cost
    (123.3, 107.17); IllegalAction (nothing done) if they can't."""
    obj = game.obj(oid)
    why = why_not(game, player, obj, spell)
    if why:
        raise IllegalAction(why)
    if sticker.player != player or sticker.key not in {p.key for p in on_sheets(game, player)}:
        raise IllegalAction(f"that {sticker.sticker.label} sticker isn't on {game.players[player].name}'s "
                            f"sheets (123.4)")
    cost = sticker.sticker.tickets
    if not game.remove_player_counters(player, TICKET, cost):
        have = game.players[player].counters.get(TICKET, 0)
        raise IllegalAction(f"the {sticker.sticker.label} sticker costs {'{TK}' * cost}: "
                            f"{game.players[player].name} has {have} ticket counter(s) (123.3, 107.17)")
    obj.stickers = obj.stickers + (sticker,)
    obj.stickered = stickered_definition(game, obj.card.definition, obj.stickers)
    game.log(f"{game.players[player].name} puts the {sticker.sticker.label} sticker on "
             f"{obj.card.definition.name} (123.4)")


def stickered_definition(game: "Game", card: CardDefinition, stickers: tuple[PlacedSticker, ...]) -> CardDefinition:
    """123.6: the card as its stickers change it, in the order they were put on: a name sticker
    gives it its name (123.6a), an ability sticker its keyword (123.6c), a power/toughness sticker
    its base power and toughness (123.6d); an art sticker changes nothing (123.6b)."""
    d = card
    for p in stickers:
        d = _apply(game, d, p.sticker)
    return d


def _apply(game: "Game", d: CardDefinition, s: Sticker) -> CardDefinition:
    if isinstance(s, NameSticker):
        return dataclasses.replace(d, name=s.name)
    if isinstance(s, AbilitySticker):
        return dataclasses.replace(d, abilities=d.abilities + (game.keyword_library(s.keyword),))
    if isinstance(s, PTSticker):
        return dataclasses.replace(d, power=s.power, toughness=s.toughness)
    return d


def choose_sticker(game: "Game", player: int, oid: int, spell: bool) -> None:
    """``player`` chooses a sticker from their sheets and puts it on ``oid``, paying its ticket
    cost (123.3, 123.4).  ``spell``: sticker kicker's "you may put a sticker on this spell"
    (702.33h), where no sticker is a choice too; otherwise an instruction ("put a sticker on target
    nonland permanent you own"), followed as far as it can be (609.3): a sticker must be chosen if
    one can be paid for.  A sticker whose ticket cost can't be paid is refused and asked again; with
    no sticker left (or none affordable, for an instruction), nothing is asked, and an object the
    player can't put a sticker on now (123.4) gets none."""
    why = why_not(game, player, game.obj(oid), spell)
    if why:
        game.log(f"no sticker is put: {why}")
        return
    stickers = on_sheets(game, player)
    have = game.players[player].counters.get(TICKET, 0)
    if not spell and not any(p.sticker.tickets <= have for p in stickers):
        stickers = []
    if not stickers:
        return
    options = ((Choice(NO_STICKER, "no sticker"),) if spell else ()) + tuple(
        Choice(f"{p.sheet}:{p.index}", p.sticker.label) for p in stickers)

    def read(ans: Answer) -> tuple[PlacedSticker | None] | None:
        if spell and ans == NO_STICKER:
            return (None,)
        for p in stickers:
            if ans == f"{p.sheet}:{p.index}" and p.sticker.tickets <= have:
                return (p,)
        return None

    chosen = game.ask_valid(ChooseOption(player, f"Put a sticker on {game.name_of(oid)}?", options), read,
                            f"a sticker whose ticket cost you can pay ({have} ticket counter(s), 123.3)"
                            + (", or no sticker" if spell else ""))[0]
    if chosen is not None:
        put_sticker(game, player, oid, chosen, spell=spell)
