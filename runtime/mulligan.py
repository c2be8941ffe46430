"""Mulligans (103.4): the London mulligan, taken before the first turn begins.

Each player has drawn their starting hand (103.4: seven cards).  Then, in rounds, the starting
player and then each other player in turn order declares whether they take a mulligan
(:class:`~runtime.decisions.Mulligan`, a yes/no question); once all have declared, everyone who
takes one does so at the same time: they shuffle their hand into their library, draw a new hand
of the starting size, and put as many of its cards on the bottom of their library as the
mulligans they have taken (:class:`~runtime.decisions.MulliganBottom`; in the order they choose,
401.4).  A player who keeps may take no further mulligans.  The rounds go on until nobody takes
one; a player may take mulligans until their opening hand would be zero cards (103.4).  In a game
of more than two players the first mulligan is free: it puts no card on the bottom and doesn't
count toward the number a player may take (103.4c).

A player who keeps changes nothing: no shuffle, no draw, no log line, so a game in which every
player keeps is the game it was before mulligans were asked.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import Choice, Mulligan, MulliganBottom, chosen_keys
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game

STARTING_HAND = 7  # 103.4: the starting hand size is normally seven


def _counted(game: "Game", taken: int) -> int:
    """103.4c: the mulligans that count (toward the cards put on the bottom and the number a player
    may take): in a multiplayer game the first one doesn't."""
    return max(taken - 1, 0) if len(game.players) > 2 else taken


def _hand(game: "Game", player: int) -> tuple[Choice, ...]:
    return tuple(Choice(str(o), game.name_of(o)) for o in game.zone(Zone.HAND, player))


def take_mulligans(game: "Game", hand_size: int = STARTING_HAND) -> None:
    """103.4: the mulligan process, after every player has drawn their starting hand and before the
    starting player takes their first turn (103.7)."""
    s = game.state
    n = len(game.players)
    order = [(s.first_player + i) % n for i in range(n)]
    taken = [0] * n
    deciding = [p for p in order if not game.players[p].left]
    while deciding:
        going = [p for p in deciding
                 if _counted(game, taken[p]) < hand_size
                 and bool(game.ask(Mulligan(p, f"Take a mulligan (your hand: "
                                               f"{', '.join(c.label for c in _hand(game, p)) or 'no cards'})?",
                                            hand=_hand(game, p), taken=taken[p],
                                            bottom=_counted(game, taken[p] + 1))))]
        # All mulligans at the same time: each shuffles their hand away and draws a new one.
        for p in going:
            taken[p] += 1
            game.log(f"{game.players[p].name} takes a mulligan (103.4)")
            for oid in list(game.zone(Zone.HAND, p)):
                game.move(oid, Zone.LIBRARY)
            game.shuffle(p)
            game.draw(p, hand_size)
        for p in going:
            _bottom(game, p, _counted(game, taken[p]))
        deciding = going


def _bottom(game: "Game", player: int, count: int) -> None:
    """103.4: put ``count`` cards of the new hand on the bottom of the library, in any order (401.4)."""
    hand = game.zone(Zone.HAND, player)
    count = min(count, len(hand))
    if count <= 0:
        return
    q = MulliganBottom(player, f"Put {count} card{'s' if count > 1 else ''} from your hand on the bottom of your "
                               f"library (103.4)", _hand(game, player), count, count)
    chosen = game.ask_valid(q, lambda ans: chosen_keys(ans, hand, count, count),
                            f"choose exactly {count} cards of the hand (103.4)")
    for oid in game.library_order(player, chosen, "on the bottom of your library"):
        game.move(oid, Zone.LIBRARY)  # a library's bottom is its last card
    game.log(f"{game.players[player].name} puts {count} card{'s' if count > 1 else ''} on the bottom of "
             f"their library (103.4)")
