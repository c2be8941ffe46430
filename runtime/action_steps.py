"""The primitive steps of keyword actions (701), one function per step kind.

A compiled keyword action (``cards/keywords/``) lists its steps as :class:`~runtime.abilities.ActionStep`
values whose ``kind`` names one of :data:`ACTION_STEPS`.  The steps run in order; each gets the
cards the last search found and returns the ones later steps act on, so "search, put them onto
the battlefield, then shuffle" is find, move, randomize.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .decisions import ChooseCards, Choice, chosen_keys
from .zones import Zone

if TYPE_CHECKING:
    from .abilities import ActionStep
    from .effects import PerformAction
    from .game import Game
    from .objects import GameObject
    from .resolution import Resolution

# A step returns what was found so far, or None to stop the action there.
Step = Callable[["Game", "Resolution", int, "PerformAction", "ActionStep", "list[int]"], "list[int] | None"]


def _count(res: "Resolution", act: "PerformAction") -> int:
    return act.count.evaluate(res) if act.count is not None else 1


def find(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
         found: list[int]) -> list[int]:
    """701.19: search the library for the action's cards; what was found is what later steps move."""
    if game.cant_search(player):
        # 701.19, 609.3: the player can't search; the search finds nothing, and the rest of the
        # effect (moving what was found, a later shuffle) does as much as possible.
        game.log(f"{game.players[player].name} can't search libraries (701.19)")
        return []
    lib = game.zone(Zone.LIBRARY, player)
    flt = act.filter
    # the source, for a selector that compares with it ("the same converted mana cost as this card")
    matching = [o for o in lib if flt is None or flt.matches(game, game.obj(o), player, res.source_oid)]
    count = len(matching) if act.any_number else _count(res, act)
    # 701.19b: searching a hidden zone for a stated quality, the player may fail to find; for a
    # quantity only ("a card"), they must find that many, or as many as there are (701.19d);
    # "any number of cards" may be none (701.19a).
    quality = flt is not None and flt.states_quality()
    lo = 0 if (step.may_fail and quality) or act.up_to or act.any_number else min(count, len(matching))
    hi = min(count, len(matching))
    if hi == 0:
        game.log(f"{game.players[player].name} searches and finds nothing")
        return found
    opts = tuple(Choice(str(o), game.name_of(o)) for o in matching)
    chosen: list[int] = game.ask_valid(
        ChooseCards(player, f"Search your library for up to {count}", opts, lo, hi),
        lambda ans: chosen_keys(ans, matching, lo, hi),
        f"search: find between {lo} and {hi} of the matching cards (701.19a-b)")
    # The event log is the omniscient record (for replays and determinism); what another player
    # may see of it is TurnLog's view (401.2, 701.19a): it names the cards only when the search
    # reveals them (701.16a).
    names = ", ".join(game.name_of(o) for o in chosen) or "nothing"
    verb = "finds and reveals" if act.reveal and chosen else "finds"
    game.log(f"{game.players[player].name} searches their library and {verb} {names}")
    return chosen


def move(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
         found: list[int]) -> list[int]:
    """Put what was found into the action's zone (the hand unless it says otherwise)."""
    dest = act.destination or Zone.HAND
    moved = []
    for o in found:
        new = game.move(o, dest, tapped=act.tapped, controller=player)
        if new is not None:
            moved.append(new)
    res.last_affected = tuple(moved)
    return found


def randomize(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
              found: list[int]) -> list[int]:
    """701.20a: shuffle the library."""
    game.shuffle(player)
    return found


def arrange(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
            found: list[int]) -> list[int]:
    """701.18a: look at the top cards and put them back on top or on the bottom in any order."""
    game.arrange_top(player, _count(res, act), act.action.name)
    return found


def face_down(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
              found: list[int]) -> list[int]:
    """701.34a (manifest) and cloak: the top card, turned face down, onto the battlefield; "the top
    two cards": one at a time, each the top card then (701.34a)."""
    made: list[int] = []
    for _ in range(_count(res, act)):
        lib = game.zone(Zone.LIBRARY, player)
        if not lib:
            break
        new = game.move(lib[0], Zone.BATTLEFIELD, controller=player, face_down=act.action.face_down)
        game.log(f"{game.players[player].name} {act.action.name}s the top card of their library")
        if new is not None:
            made.append(new)
    res.last_affected = tuple(made)
    return found


def _source(game: "Game", res: "Resolution") -> "GameObject | None":
    """The permanent whose ability performs the action ("monstrosity 10", "adapt 3")."""
    o = game.state.objects.get(res.source_oid)
    return o if o is not None and o.zone is Zone.BATTLEFIELD else None


def unless_counters(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
                    found: list[int]) -> list[int] | None:
    """701.43a (adapt): "if this creature has no +1/+1 counters on it, ..." -- stop if it has any (or is gone)."""
    src = _source(game, res)
    return None if src is None or src.counters.get(step.arg, 0) > 0 else found


def unless_designated(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
                      found: list[int]) -> list[int] | None:
    """701.31a (monstrosity): "if this permanent isn't monstrous, ..." -- stop if it is (or is gone)."""
    src = _source(game, res)
    return None if src is None or step.arg in src.designations else found


def put_counters(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
                 found: list[int]) -> list[int] | None:
    """122.6: put the action's number of counters of the kind on its source."""
    src = _source(game, res)
    if src is not None:
        game.add_counters(src.oid, step.arg, _count(res, act))
    return found


def designate(game: "Game", res: "Resolution", player: int, act: "PerformAction", step: "ActionStep",
              found: list[int]) -> list[int] | None:
    """701.31b: the source becomes monstrous -- a designation, not an ability nor a copiable value; it
    lasts until the permanent leaves the battlefield (400.7: a new object has none)."""
    src = _source(game, res)
    if src is not None:
        src.designations = src.designations | {step.arg}
        game.log(f"{game.name_of(src.oid)} becomes {step.arg} (701.31b)")
    return found


# Each step kind a compiled keyword action may name (the compiler's ActionStep values).
ACTION_STEPS: dict[str, Step] = {
    "find": find, "move": move, "randomize": randomize, "arrange": arrange, "face_down": face_down,
    "unless_counters": unless_counters, "unless_designated": unless_designated, "put_counters": put_counters,
    "designate": designate,
}
