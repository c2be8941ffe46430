"""The top card of a library: public while an effect reveals it (401.5), and a zone some static
abilities let its owner play from (305.1, 601.2a).

A library is a hidden zone (400.2, 401.2): no one may see its cards, so its cards are named in the
event log only once revealed.  "Play with the top card of your library revealed" (701.14c) makes
the top card public; :func:`reveal_tops` logs each card as it becomes the revealed top card, at
the moments a player would receive priority, so the log (which every player sees) names a library
card only when the rules make it public.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .continuous import MayPlayTopOfLibrary, TopOfLibraryRevealed
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject


def top_card(game: "Game", player: int) -> int | None:
    """The id of the top card of ``player``'s library, or None if it is empty (401.1)."""
    lib = game.zone(Zone.LIBRARY, player)
    return lib[0] if lib else None


def top_revealed(game: "Game", player: int) -> bool:
    """401.5: whether a permanent ``player`` controls makes them play with their top card revealed."""
    return bool(game.battlefield_parts(TopOfLibraryRevealed, player))


def may_play_top(game: "Game", obj: "GameObject", player: int) -> bool:
    """Whether ``player`` may play ``obj`` as the top card of their own library: a permanent they
    control has a permission whose selector it matches ("if it's a land card"); a permission to
    "cast" doesn't cover playing a land (305.1 vs 601.2a)."""
    if obj.zone is not Zone.LIBRARY or obj.owner != player or top_card(game, player) != obj.oid:
        return False
    permissions = game.battlefield_parts(MayPlayTopOfLibrary, player)
    if not permissions:  # the usual case: no need to look at the card
        return False
    is_land = "land" in game.characteristics(obj).types
    for o, part, _ in permissions:
        assert isinstance(part, MayPlayTopOfLibrary)
        if part.spells_only and is_land:
            continue
        if part.filter is None or part.filter.matches(game, obj, player, o.oid):
            return True
    return False


def reveal_tops(game: "Game") -> None:
    """401.5: each player whose top card is revealed shows it to all players; a card is logged
    (public information) as it becomes the revealed top card."""
    for p in game.players:
        top = top_card(game, p.index) if top_revealed(game, p.index) else None
        shown = -1 if top is None else top
        if shown != p.revealed_top:
            p.revealed_top = shown
            if top is not None:
                game.log(f"{p.name} plays with the top card of their library revealed: {game.name_of(top)} (401.5)")
