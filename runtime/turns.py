"""Turn structure (500-514) and the priority loop (117).

:func:`run` drives the game step by step.  In each step the turn-based actions happen first
(untap, draw, combat declarations, cleanup), then "at the beginning of" triggers, then players
get priority if the step gives it.  Before a player receives priority, state-based actions are
checked and waiting triggers are put on the stack (117.5).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from . import combat
from .actions import Action, ActivateAbility, CastSpell, Concede, PassPriority, PlayLand, TurnFaceUp
from .abilities import ActivatedAbility, AlternativeCost
from .casting import activate, cast_spell, may_play, play_land
from .costoptions import options_in
from .costs import mana_sources
from .facedown import face_up_ways, turn_face_up
from .layers import characteristics_of_definition
from .legality import (Sources, can_activate, can_cast, can_pay, can_play_land, instant_speed, legal_modes,
                       sorcery_timing)
from .continuous import DoesntUntap, MaxHandSize, MayChooseNotToUntap, MayPlayTopOfLibrary, SkipsExtraTurns, affects_player
from .leaving import concede, turn_not_begun
from .phasing import untap_step_phasing
from .library_top import reveal_tops, top_card
from .decisions import ChooseAction, ChooseCards, Choice, YesNo, chosen_keys
from .errors import IllegalAction
from .sba import check_state_based_actions
from .stack import put_triggers_on_stack, resolve_top
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .layers import Characteristics, CharacteristicsCache

# 500.1: phases and steps in order.
STEPS: tuple[str, ...] = (
    "untap", "upkeep", "draw", "main1", "begin_combat", "attackers", "blockers", "first_damage", "damage",
    "end_combat", "main2", "end", "cleanup",
)
NO_PRIORITY = ("untap", "cleanup")
# A step is quiet when its turn-based actions wrote nothing but the step and its tick: a step that
# has none (505 main phases, 507 beginning of combat, 511 end of combat, 513.1 end step), or a combat
# step in which no creature is in combat once they are done (508.1 no attacker declared; then 509.1
# and 510.1 have no attacker to block or deal damage, and write nothing either).  When the step
# before ended with every player passing in succession on an empty stack (which changes nothing,
# 117.3d) and its end only emptied the mana pools (500.4; the end of combat too when no creature
# was in combat and there was nothing to forget, 511.3), the state any characteristic depends on is
# the one the last read-only stretch of that step saw: a quiet step's first stretch goes on with it
# instead of computing every permanent's characteristics again.  No characteristic depends on the
# step, the tick or mana in a pool (``verify`` compares every characteristic served with a fresh
# computation).
QUIET_STEPS = ("main1", "begin_combat", "end_combat", "main2", "end")
COMBAT_STEPS = ("attackers", "blockers", "damage")


def _in_combat(game: "Game") -> bool:
    """Whether a permanent is attacking or blocking (506.4), phased out ones included."""
    objects = game.state.objects
    return any(o.attacking or o.blocking for o in map(objects.__getitem__, game.zone(Zone.BATTLEFIELD)))


def _combat_bookkeeping(game: "Game") -> bool:
    """Whether the end of combat (511.3) would write anything: a creature in combat, or a list it clears."""
    s = game.state
    return _in_combat(game) or bool(s.blocked or s.damage_order or s.block_requirements or s.first_damage_dealers
                                    or s.bands)
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
    s.cast_bans = [b for b in s.cast_bans if b[2] != s.active]
    # Effects "during its controller's next turn" begin now, and end with the turn (514.2).
    starting = [e for p, e in s.scheduled if p == s.active]
    s.scheduled = [(p, e) for p, e in s.scheduled if p != s.active]
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
        player = s.extra_turns.pop()
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


def turn_based_actions(game: "Game", step: str, resume: "CharacteristicsCache | None" = None) -> None:
    """The turn-based actions of each step (703).  ``resume``: characteristics computed since the
    last change to the state, for the declaration of attackers to go on with (see QUIET_STEPS)."""
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
        game.state.continuous = [e for e in game.state.continuous if not (
            e.until == "controller_untap" and game.exists(e.oid) and game.obj(e.oid).controller == s.active)]
    elif step == "upkeep":
        game.players[s.active].upkeep_ticks.append(s.tick)
        # "Until your next upkeep" effects end as that upkeep begins.
        game.expire_continuous("next_upkeep", s.active)
    elif step == "draw":
        if not (s.turn == 1):  # 103.7a: the starting player skips the first draw
            game.draw(s.active, 1)
    elif step == "attackers":
        combat.declare_attackers(game, resume)
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
    game.state.prevention.clear()  # 615.7: "this turn" shields end
    game.state.redirections.clear()  # 614.9: "this turn" redirection effects end
    game.state.delayed = [d for d in game.state.delayed if not d.event]  # 603.7c: "... this turn" ends
    game.expire_continuous("eot")
    game.state.rules = [e for e in game.state.rules if e.until != "eot"]  # 611.2c effects "this turn"
    game.state.cast_bans = [b for b in game.state.cast_bans if b[2] != -1]  # 101.2 bans "this turn"


def end_step_cleanup(game: "Game", step: str) -> None:
    """500.4: mana empties from pools at the end of each step; 511.3 end of combat."""
    for p in game.players:
        p.mana.clear()
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


def legal_action_choices(game: "Game", player: int) -> list[tuple[Choice, Action]]:
    """The actions a player with priority may take now (117.1), per :mod:`runtime.legality`."""
    with game.unchanging():  # offers only read the state: each permanent's layers computed once
        return _offers(game, player)


def _offers(game: "Game", player: int) -> list[tuple[Choice, Action]]:
    stretch = game.characteristics_cache
    assert stretch is not None  # called in a read-only stretch only (``legal_action_choices``)
    out: list[tuple[Choice, Action]] = [(Choice("pass", "pass priority"), PassPriority())]
    objects = game.state.objects
    # The player's hand and graveyard and the shared exile, looked up once (``zone_key``).
    zones = game.state.zones
    hand, graveyard, exile = zones[(Zone.HAND, player)], zones[(Zone.GRAVEYARD, player)], zones[(Zone.EXILE, -1)]
    characteristics = game.characteristics
    # 307.1, 305.1-305.2: whether sorcery-speed actions are possible is the same for every
    # candidate; when they are not (most offers: the other player's priority, every step but the
    # main phases), a card whose characteristics can't be cast at instant speed is passed over
    # before its cost or targets are looked at.  Every check ``can_cast`` makes is side-effect
    # free, so testing its timing condition first leaves the offers exactly as they were.
    sorcery = sorcery_timing(game, player)
    found: list[Sources] = []

    def sources() -> Sources:
        """What could pay for each candidate: found on first need (most offers pay for nothing)."""
        if not found:
            found.append(mana_sources(game, player))
        return found[0]
    for oid in hand:
        o = objects[oid]
        ch = characteristics(o)
        if "land" in ch.types:
            # ``can_play_land`` requires sorcery timing too (305.1).
            if sorcery and can_play_land(game, player, o):
                out.append((Choice(f"play:{oid}", f"play {o.definition.name}"), PlayLand(oid)))
        elif (sorcery or ch.derived(instant_speed)) and can_cast(game, player, o, sources=sources()):
            for modes in legal_modes(game, player, o):  # 700.2: each legal mode choice is its own offer
                key = f"cast:{oid}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else "")
                label = f"cast {o.definition.name}" + (f" (mode {'+'.join(str(m + 1) for m in modes)})" if modes else "")
                out.append((Choice(key, label), CastSpell(oid, modes=modes or None)))
    # "You may play the top card of your library" (305.1, 601.2a): the top card, if a permission
    # covers it -- looked at only when a permanent the player controls gives one (``may_play_top``
    # refuses it otherwise), which few do.
    top = top_card(game, player) if game.battlefield_parts(MayPlayTopOfLibrary, player) else None
    for oid in exile + [top] if top is not None else exile:
        o = objects[oid]
        if not may_play(game, o, player):  # "you may play that card" (e.g. until end of turn)
            continue
        ch = characteristics(o)
        if "land" in ch.types:
            if can_play_land(game, player, o):
                out.append((Choice(f"play:{oid}", f"play {o.definition.name} from {o.zone.value}"), PlayLand(oid)))
        elif (sorcery or ch.derived(instant_speed)) and can_cast(game, player, o, sources=sources()):
            for modes in legal_modes(game, player, o):
                out.append((Choice(f"cast:{oid}:{o.zone.value}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else ""),
                                   f"cast {o.definition.name} from {o.zone.value}"), CastSpell(oid, modes=modes or None)))
    # Whether any permanent's static ability reaches cards off the battlefield (611.3a), once.
    reached = bool(stretch.reaching_sources(game))
    for zone, cards in ((Zone.HAND, hand), (Zone.GRAVEYARD, graveyard), (Zone.EXILE, exile)):
        for oid in cards:
            o = objects[oid]
            if o.owner != player:
                continue
            if not reached and not o.counters and not o.definition.costs and not game.effects_on(oid):
                # Nothing reaches it and no effect or counter is on it: a card off the battlefield
                # has its printed characteristics (113.6), with no cost option here; passed over
                # without a look at its characteristics (a graveyard grows all game).
                if game.verify_characteristics and characteristics(o).derived(_alternatives):
                    raise AssertionError(f"alternative cost passed over for {o.definition.name} #{oid}")
                continue
            # The alternative costs among its cost options, printed and granted (613.1f), by their
            # index; 702.35a: one usable only as an effect instructs is never offered here.
            for i, opt, instant in characteristics(o).derived(_alternatives):
                if opt.zone is zone and (sorcery or instant) and can_cast(game, player, o, i, sources()):
                    for modes in legal_modes(game, player, o):
                        key = f"cast:{oid}:alt{i}" + (f":mode{'+'.join(str(m + 1) for m in modes)}" if modes else "")
                        out.append((Choice(key, f"cast {o.definition.name} ({opt.label})"),
                                    CastSpell(oid, alternative=i, modes=modes or None)))
    for o, ch in game.controlled(player):
        if o.face_down is not None:
            # 116.2b: turning a face-down permanent face up, each way it allows, if the cost is payable.
            for i, way in enumerate(face_up_ways(game, o)):
                if can_pay(game, player, way.cost, o, sources()):
                    out.append((Choice(f"faceup:{o.oid}:{i}", f"turn {game.name_for(o.oid, player)} face up "
                                                             f"({way.label})"), TurnFaceUp(o.oid, i)))
        # Its activated abilities other than mana abilities (605.3a: those aren't offered), by index.
        for i, a in ch.derived(_non_mana_activated):
            if can_activate(game, player, o, a, sources(), i):
                out.append((Choice(f"activate:{o.oid}:{i}", f"activate {o.definition.name}"), ActivateAbility(o.oid, i)))
    for oid in hand:
        # 113.6a: abilities that work in the hand (702.29a cycling); cheap check on the printed ones first.
        h = objects[oid]
        if not h.definition.hand_abilities:
            continue
        for i, a in enumerate(characteristics(h).activated):
            if a.from_hand and can_activate(game, player, h, a, sources(), i):
                out.append((Choice(f"activate:{oid}:{i}", f"activate {h.definition.name} from hand"),
                            ActivateAbility(oid, i)))
    return out


def _alternatives(ch: "Characteristics") -> "tuple[tuple[int, AlternativeCost, bool], ...]":
    """The alternative costs a normal cast may use (not "only as instructed", 702.35a), each with its
    index among the cost options (``costoptions.cost_options``: the cost abilities in order) and
    whether the spell it casts may be cast at instant speed (a face-down spell has the face-down
    characteristics, 702.37c)."""
    out = []
    for i, opt in enumerate(options_in(ch.abilities)):
        if isinstance(opt, AlternativeCost) and not opt.instructed:
            cast_as = ch if opt.face_down is None else characteristics_of_definition(opt.face_down.definition)
            out.append((i, opt, instant_speed(cast_as)))
    return tuple(out)


def _non_mana_activated(ch: "Characteristics") -> "tuple[tuple[int, ActivatedAbility], ...]":
    """The activated abilities a player is offered, with their index (mana abilities are activated
    while paying, 605.3a)."""
    return tuple((i, a) for i, a in enumerate(ch.activated) if not a.is_mana)


def priority_round(game: "Game", actions: ActionSource | None,
                   resume: "CharacteristicsCache | None" = None, first: int | None = None,
                   passes: int = 0) -> "CharacteristicsCache | None":
    """117.3-117.4: players act or pass until all pass in succession; then resolve or end the step.

    ``resume``: characteristics computed since the last change to the state (see ``Game.unchanging``).
    Returns, when the step ends with every player passing in succession on an empty stack, the
    characteristics computed since the last change (only priority passed since, 117.3d); else None.
    ``first`` and ``passes``: a round taken up again in the middle (:func:`resume`): who holds
    priority, and how many players passed in succession before (``game.priority_passes``).
    """
    s = game.state
    s.priority = _first_priority(game) if first is None else first
    resolutions = 0
    refusals_in_a_row = 0
    carried = resume
    # The state is the one the last state-based-action check left, in which none applies: only
    # priority passed since (117.3d), so checking again (704.3) would find nothing and do nothing.
    settled = False
    while not s.game_over:
        # From the state-based-action check to the offers, nothing changes unless an action is
        # performed or a trigger put on the stack (each forgets what was remembered): one stretch,
        # so each permanent's characteristics are computed once, not once per check.
        with game.unchanging(carried) as cache:
            if not settled:
                check_state_based_actions(game)
            settled = False
            if s.game_over:
                return None
            if s.pending:
                # 117.5: triggers go on the stack, then state-based actions are checked again.  With
                # nothing pending, that second check would see the state the first one left, in
                # which no state-based action applies, so it is skipped.
                with game.changing():
                    put_triggers_on_stack(game)
                if check_state_based_actions(game):
                    continue
                if s.game_over:
                    return None
            reveal_tops(game)  # 401.5: a newly revealed top card is shown before anyone acts
            player = s.priority
            action: Action | None = actions(game, player) if actions else None
            choices = legal_action_choices(game, player) if action is None else []
        carried = None
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
                    return cache  # nothing changed since its stretch but priority passing (117.3d)
                resolve_top(game)
                resolutions += 1
                if resolutions > LOOP_LIMIT:
                    # 104.4b: a loop of mandatory actions no player can stop makes the game a draw.
                    # Every player passed before each of these resolutions, so no one stopped it.
                    game.log(f"{LOOP_LIMIT} objects resolved in one step with every player passing: "
                             "a mandatory loop; the game is a draw (104.4b)")
                    s.game_over = True
                    s.winner = None
                    return None
                passes = 0
                s.priority = _first_priority(game)  # 117.3b
            else:
                s.priority = game.opponent(player)
                # 117.3d: passing priority changes nothing any characteristic depends on (and
                # deciders only answer, 117.1), so the next check and offers go on with this cache;
                # nor anything a state-based action looks at, so the next check is skipped (the
                # last one left the state with none to perform, and nothing went pending since).
                carried = cache
                settled = not s.pending
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
    return None


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
        carried: CharacteristicsCache | None = None  # see QUIET_STEPS
        for step in STEPS[start_index:]:
            if stop is not None and (s.turn, STEPS.index(step)) >= (stop.turn, STEPS.index(stop.step)):
                s.step = step
                return
            if step == "first_damage" and not combat.has_first_damage_step(game):
                continue  # 510.4: only if a creature in combat deals damage in the first step
            s.step = step
            # Attackers are chosen before anything is written (508.1), in a read-only stretch that
            # goes on with the last one of the beginning of combat when that step was quiet.
            turn_based_actions(game, step, carried if step == "attackers" else None)
            # What triggers is collected in a read-only stretch (only the waiting-trigger list
            # grows, which no characteristic depends on, 603.3); the first priority check goes on
            # with what it computed.  In a quiet step it goes on with the last stretch of the step
            # before, when that step ended with every player passing (see QUIET_STEPS).
            quiet = step in QUIET_STEPS or (step in COMBAT_STEPS and not _in_combat(game))
            with game.unchanging(carried if quiet else None) as cache:
                game.collect_step_triggers(step)
            carried = None
            # 502.4: nobody gets priority in the untap step; what triggers there (phasing, 702.26)
            # waits until a player next would receive priority -- the upkeep -- and is put on the
            # stack then, together with the upkeep's own triggers (603.3b).  514.3a: in the cleanup
            # step players get priority only if something triggered.
            if step not in NO_PRIORITY or (step == "cleanup" and game.state.pending):
                carried = priority_round(game, actions, cache)
            if s.game_over:
                return
            if step == "end_combat" and _combat_bookkeeping(game):
                carried = None  # 511.3: creatures are removed from combat
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
    if step == "end_combat":
        _combat_bookkeeping(game)
    end_step_cleanup(game, step)
    i = STEPS.index(step)
    s.step = STEPS[i + 1] if i + 1 < len(STEPS) else "cleanup_done"
    run(game, stop, max_turns)
