"""Turn structure (500-514) and the priority loop (117).

:func:`run` drives the game step by step.  In each step the turn-based actions happen first
(untap, draw, combat declarations, cleanup), then "at the beginning of" triggers, then players
get priority if the step gives it.  Before a player receives priority, state-based actions are
checked and waiting triggers are put on the stack (117.5).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from . import combat
from .actions import Action, ActivateAbility, CastSpell, Concede, PassPriority, PlayLand, TurnFaceUp
from .casting import activate, cast_spell, play_land
from .facedown import turn_face_up
from .continuous import DoesntUntap, MaxHandSize, MayChooseNotToUntap, SkipsExtraTurns, affects_player
from .leaving import concede, turn_not_begun
from .phasing import untap_step_phasing
from .library_top import reveal_tops
from .offers import legal_action_choices
from .decisions import ChooseAction, ChooseCards, Choice, YesNo, chosen_keys
from .errors import IllegalAction
from .sba import check_state_based_actions
from .stack import put_triggers_on_stack, resolve_top
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game

# 500.1: phases and steps in order.
STEPS: tuple[str, ...] = (
    "untap", "upkeep", "draw", "main1", "begin_combat", "attackers", "blockers", "first_damage", "damage",
    "end_combat", "main2", "end", "cleanup",
)
NO_PRIORITY = ("untap", "cleanup")
LOOP_LIMIT = 1000  # resolutions within one step taken as a mandatory loop (104.4b)  # 502.4, 514.3


@dataclass(frozen=True)
class StopAt:
    """Stop the game as step ``step`` of turn ``turn`` begins."""

    turn: int
    step: str


ActionSource = Callable[["Game", int], "Action | None"]


def begin_turn(game: "Game") -> None:
    """500.1 / 103.7: start the next turn for the next player."""
    s = game.state
    player = _next_turn_player(game)
    s.turn += 1
    s.active = player
    game.players[player].turn_began = s.turn
    for p in game.players:
        p.lands_played = 0
        p.cast_this_turn = ()
    # "until your next turn" effects end as that player's next turn begins.
    s.cast_bans = tuple(b for b in s.cast_bans if b[2] != s.active)
    # Effects "during its controller's next turn" begin now, and end with the turn (514.2).
    starting = [e for p, e in s.scheduled if p == s.active]
    s.scheduled = tuple((p, e) for p, e in s.scheduled if p != s.active)
    for e in starting:
        game.add_continuous(e.oid, e.parts, e.controller, "eot")
    game.log(f"turn {s.turn} begins ({game.players[s.active].name})")


def _first_priority(game: "Game") -> int:
    """117.3a-b: the active player receives priority; 800.4j: if they left the game, the next player
    in turn order does."""
    s = game.state
    return game.opponent(s.active) if game.players[s.active].left else s.active


def _next_turn_player(game: "Game") -> int:
    """500.7: the most recently created extra turn is taken first, unless it is skipped (614.10, a
    replacement effect: "skip" means "instead of beginning it, do nothing"); then the normal order
    goes on from the last turn that wasn't an extra one."""
    s = game.state
    while s.extra_turns:
        player = s.extra_turns[-1]
        s.extra_turns = s.extra_turns[:-1]
        if game.players[player].left:
            turn_not_begun(game, player)  # 800.4k
            continue
        skip = next((o for o in game.battlefield() for part, _ in game.characteristics(o).has(SkipsExtraTurns)
                     if isinstance(part, SkipsExtraTurns) and affects_player(part.who, o.controller, player)), None)
        if skip is None and _skips_turn(game, player):
            continue
        if skip is None:
            game.log(f"{game.players[player].name} takes an extra turn (500.7)")
            return player
        game.log(f"{game.players[player].name} skips an extra turn instead of beginning it "
                 f"({game.name_of(skip.oid)}, 614.10)")
    if s.normal_active < 0:
        # The first turn, or a game set up mid-way: the normal order goes on from the active player.
        s.normal_active = s.first_player if s.turn == 0 else game.opponent(s.active)
    else:
        n = len(game.players)
        following = (s.normal_active + 1) % n
        while game.players[following].left and following != s.normal_active:
            turn_not_begun(game, following)  # 800.4k
            following = (following + 1) % n
        s.normal_active = following
    while _skips_turn(game, s.normal_active):
        s.normal_active = game.opponent(s.normal_active)  # 614.10: the next turn in the normal order
    return s.normal_active


def _skips_turn(game: "Game", player: int) -> bool:
    """614.10: whether ``player`` skips this turn of theirs ("skip your next turn"), counting it."""
    p = game.players[player]
    if p.turns_to_skip <= 0:
        return False
    p.turns_to_skip -= 1
    game.log(f"{p.name} skips their turn (614.10)")
    return True


def turn_based_actions(game: "Game", step: str) -> None:
    """The turn-based actions of each step (703)."""
    s = game.state
    s.tick += 1
    if step == "untap":
        # 502.1 / 702.26a: phasing happens first, then 502.3: the active player untaps.
        untap_step_phasing(game, s.active)
        # 502.3: which permanents untap is determined first (a read-only stretch: each permanent's
        # layers once), then they untap simultaneously.
        with game.unchanging():
            untapping = [o for o in game.battlefield()
                         if o.controller == s.active and not game.characteristics(o).has(DoesntUntap)]
            optional = [o for o in untapping if o.tapped and game.characteristics(o).has(MayChooseNotToUntap)]
        for o in optional:
            # 502.3: "you may choose not to untap ..." -- asked before they untap.
            if not game.ask_valid(YesNo(s.active, f"Untap {game.name_of(o.oid)} during your untap step? (502.3)"),
                                  lambda ans: ans if isinstance(ans, bool) else None, "answer yes or no"):
                untapping.remove(o)
                game.log(f"{game.name_of(o.oid)} stays tapped (502.3)")
        untapped = [o for o in untapping if o.tapped]
        for o in untapping:
            o.tapped = False
        for o in untapped:
            game.fire_object_event(o, "untapped")  # 603.2: "whenever this becomes untapped" (502.3)
        game.end_while_tapped()  # 611.2b: effects lasting while a permanent that untapped remains tapped
        # "... during its controller's next untap step": that untap step has now happened.
        game.state.continuous = tuple(e for e in game.state.continuous if not (
            e.until == "controller_untap" and game.exists(e.oid) and game.obj(e.oid).controller == s.active))
    elif step == "upkeep":
        active = game.players[s.active]
        active.upkeep_ticks = (*active.upkeep_ticks, s.tick)
        # "Until your next upkeep" effects end as that upkeep begins.
        game.expire_continuous("next_upkeep", s.active)
    elif step == "draw":
        if not (s.turn == 1):  # 103.7a: the starting player skips the first draw
            game.draw(s.active, 1)
    elif step == "attackers":
        combat.declare_attackers(game)
    elif step == "blockers":
        combat.declare_blockers(game)
    elif step == "first_damage":
        combat.first_combat_damage(game)
    elif step == "damage":
        combat.combat_damage(game)
    elif step == "end_combat":
        pass
    elif step == "cleanup":
        _cleanup(game)


def max_hand_size(game: "Game", player: int) -> int:
    """402.2: seven, changed by static abilities of permanents the player controls."""
    size = 7
    for _, part, _ in game.battlefield_parts(MaxHandSize, player):
        assert isinstance(part, MaxHandSize)
        size += part.delta
    return size


def _cleanup(game: "Game") -> None:
    """514.1: discard to maximum hand size; 514.2: remove damage."""
    s = game.state
    hand = game.zone(Zone.HAND, s.active)
    with game.unchanging():  # read only: the permanents with parts found in one pass
        excess = len(hand) - max_hand_size(game, s.active)
    if excess > 0:
        opts = tuple(Choice(str(o), game.name_of(o)) for o in hand)
        chosen = game.ask_valid(ChooseCards(s.active, f"Discard {excess} (hand size, 514.1)", opts, excess, excess),
                                lambda ans: chosen_keys(ans, hand, excess, excess),
                                f"discard exactly {excess} cards from your hand (514.1)")
        for oid in chosen:
            game.discard_card(s.active, oid)
    # 514.2: damage is removed from all permanents, phased-out ones included (so not just
    # game.battlefield()), and "until end of turn" effects end at the same time.
    for oid in game.zone(Zone.BATTLEFIELD):
        game.obj(oid).damage = 0
        game.obj(oid).regenerate_shields = 0  # 701.15a: shields last until end of turn
    game.state.prevention = {}  # 615.7: "this turn" shields end
    game.state.redirections = ()  # 614.9: "this turn" redirection effects end
    game.state.delayed = tuple(d for d in game.state.delayed if not d.event)  # 603.7c: "... this turn" ends
    game.expire_continuous("eot")
    game.state.rules = tuple(e for e in game.state.rules if e.until != "eot")  # 611.2c effects "this turn"
    game.state.cast_bans = tuple(b for b in game.state.cast_bans if b[2] != -1)  # 101.2 bans "this turn"


def end_step_cleanup(game: "Game", step: str) -> None:
    """500.4: mana empties from pools at the end of each step; 511.3 end of combat."""
    for p in game.players:
        if p.mana:
            p.mana = Counter()
    if step == "end_combat":
        combat.end_combat(game)


def perform(game: "Game", player: int, action: Action) -> None:
    """Perform a player's action transactionally (726.1: an illegal one leaves no trace)."""
    if isinstance(action, CastSpell):
        game.transaction(lambda: cast_spell(game, player, action))
    elif isinstance(action, ActivateAbility):
        game.transaction(lambda: activate(game, player, action))
    elif isinstance(action, PlayLand):
        game.transaction(lambda: play_land(game, player, action))
    elif isinstance(action, TurnFaceUp):
        game.transaction(lambda: turn_face_up(game, player, action))
    elif isinstance(action, Concede):
        concede(game, player)  # 104.3a: not refusable, and nothing to undo


def priority_round(game: "Game", actions: ActionSource | None, first: int | None = None,
                   passes: int = 0) -> None:
    """117.3-117.4: players act or pass until all pass in succession; then resolve or end the step.

    ``first`` and ``passes``: a round taken up again in the middle (:func:`resume`): who holds
    priority, and how many players passed in succession before (``game.priority_passes``).
    What one decision computed (characteristics, the state-based-action check, the offers) is
    kept against the game's clock and used again at the next while nothing but priority and the
    step was written (``versions.PASSING_TIME``, 117.3d).
    """
    s = game.state
    s.priority = _first_priority(game) if first is None else first
    resolutions = 0
    refusals_in_a_row = 0
    while not s.game_over:
        # From the state-based-action check to the offers, nothing changes unless an action is
        # performed or a trigger put on the stack (each forgets what was remembered): one stretch,
        # so each permanent's characteristics are computed once, not once per check.
        with game.unchanging():
            check_state_based_actions(game)
            if s.game_over:
                return
            if s.pending:
                # 117.5: triggers go on the stack, then state-based actions are checked again.
                with game.changing():
                    put_triggers_on_stack(game)
                if check_state_based_actions(game):
                    continue
                if s.game_over:
                    return
            reveal_tops(game)  # 401.5: a newly revealed top card is shown before anyone acts
            player = s.priority
            action: Action | None = actions(game, player) if actions else None
            choices = legal_action_choices(game, player) if action is None else []
        if action is None:
            game.priority_passes = passes  # public: who passed in succession (117.3d), for :func:`resume`
            ans = game.ask(ChooseAction(player, "You have priority", tuple(c for c, _ in choices)))
            lookup = {c.key: a for c, a in choices}
            action = lookup.get(ans, PassPriority()) if isinstance(ans, str) else PassPriority()
        if isinstance(action, PassPriority):
            passes += 1
            refusals_in_a_row = 0
            if passes >= len(game.in_game()):  # 800.4a: those who left the game pass no more
                if not s.stack:
                    return
                resolve_top(game)
                resolutions += 1
                if resolutions > LOOP_LIMIT:
                    # 104.4b: a loop of mandatory actions no player can stop makes the game a draw.
                    # Every player passed before each of these resolutions, so no one stopped it.
                    game.log(f"{LOOP_LIMIT} objects resolved in one step with every player passing: "
                             "a mandatory loop; the game is a draw (104.4b)")
                    s.game_over = True
                    s.winner = None
                    return
                passes = 0
                s.priority = _first_priority(game)  # 117.3b
            else:
                s.priority = game.opponent(player)
            continue
        try:
            perform(game, player, action)
        except IllegalAction:
            # The refusal is in game.refusals; the state (log included) is exactly as before (726.1).
            refusals_in_a_row += 1
            if refusals_in_a_row > 50:
                passes += 1
                s.priority = game.opponent(player)
            continue
        passes = 0
        refusals_in_a_row = 0
        # 117.3c: after acting, the same player receives priority -- unless they left the game
        # (conceded, 104.3a): then the next player in turn order still in it does (800.4a).
        if game.players[player].left:
            s.priority = game.opponent(player)


def run(game: "Game", stop: StopAt | None = None, max_turns: int = 200,
        actions: ActionSource | None = None, turn_ended: Callable[["Game"], None] | None = None) -> None:
    """Play from the current point until ``stop`` is reached, the game ends, or ``max_turns`` pass;
    ``turn_ended`` is called as each turn's cleanup step is over (514), before the next begins
    (a replayable log records the state there: runtime/tools/replay.py)."""
    s = game.state
    while not s.game_over:
        if s.turn == 0 or s.step == "cleanup_done":
            if s.turn >= max_turns:
                game.log("turn limit reached")
                return
            s.step = STEPS[0]  # the new turn begins with its untap step (log lines say so)
            begin_turn(game)
            start_index = 0
        else:
            start_index = STEPS.index(s.step)
        for step in STEPS[start_index:]:
            if stop is not None and (s.turn, STEPS.index(step)) >= (stop.turn, STEPS.index(stop.step)):
                s.step = step
                return
            if step == "first_damage" and not combat.has_first_damage_step(game):
                continue  # 510.4: only if a creature in combat deals damage in the first step
            s.step = step
            turn_based_actions(game, step)
            # What triggers is collected in a read-only stretch (only the waiting-trigger list
            # grows, which no characteristic depends on, 603.3).
            with game.unchanging():
                game.collect_step_triggers(step)
            # 502.4: nobody gets priority in the untap step; what triggers there (phasing, 702.26)
            # waits until a player next would receive priority -- the upkeep -- and is put on the
            # stack then, together with the upkeep's own triggers (603.3b).  514.3a: in the cleanup
            # step players get priority only if something triggered.
            if step not in NO_PRIORITY or (step == "cleanup" and game.state.pending):
                priority_round(game, actions)
            if s.game_over:
                return
            end_step_cleanup(game, step)
        s.step = "cleanup_done"
        if turn_ended is not None:
            turn_ended(game)


def resume(game: "Game", priority: tuple[int, int] | None, stop: StopAt | None = None,
           max_turns: int = 200) -> None:
    """Go on with a game copied (:meth:`Game.fork`) while one of its players was being asked a
    question, and play on as :func:`run` does; a player who looks ahead (a search player) plays its
    copies this way, the question asked again of the copy's deciders.

    ``priority``: (player, passes) when the question was a priority decision: the priority round
    goes on with that player holding priority after that many passes in succession (117.3d).
    ``None``: the question was the declaration of attackers or blockers, which is asked before the
    step's turn-based actions write anything (508.1, 509.1), so the step begins again.
    """
    s = game.state
    step = s.step
    if priority is not None:
        priority_round(game, None, first=priority[0], passes=priority[1])
    else:
        s.tick -= 1  # the step's clock tick is counted again as its turn-based actions are
        turn_based_actions(game, step)
        game.collect_step_triggers(step)
        if step not in NO_PRIORITY or (step == "cleanup" and s.pending):
            priority_round(game, None)
    if s.game_over:
        return
    end_step_cleanup(game, step)
    i = STEPS.index(step)
    s.step = STEPS[i + 1] if i + 1 < len(STEPS) else "cleanup_done"
    run(game, stop, max_turns)
