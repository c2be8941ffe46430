"""Combat (506-511): declaring attackers and blockers with restrictions, and combat damage.

Restrictions are general: an attack is checked against summoning sickness (302.6) and any
"can't attack" ability; a block against each "can't be blocked except by" ability of the
attacker (509.1b).  No keyword is named here.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from .continuous import (
    AllAbleBlock, BlocksAdditional, BlocksAsThough, CantBlockMatching, MustBeBlocked,
    AttacksEachCombat, BlocksEachCombat, MaximumBlockers, Unblockable,
    AssignsExcessToPlayer, AttacksAsThoughWithout, AttacksWithoutTapping, CanBlockOnly, CantAttack, CantAttackOrBlock, CantBeBlockedBy,
    CantBeBlockedExceptBy, CantBlock, CombatDamageSteps, DamageIsLethal, DividesOpposingCombatDamage,
    CantAttackUnlessDefendingControls, CantBeBlockedByGreaterPower, FormsAttackingBands, MinimumBlockers,
)
from .costs import summoning_sick
from .decisions import Choice, ChooseCards, ChooseNumber, ChooseOrder, DeclareAttackers, DeclareBlockers, chosen_keys
from .errors import IllegalAction
from .selectors import ObjectFilter, has_quality
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .objects import GameObject


def _not_there(game: "Game", o: "GameObject") -> str | None:
    """Why ``o`` isn't a permanent that can take part in combat at all, or None."""
    if o.zone is not Zone.BATTLEFIELD:
        return f"{game.name_of(o.oid)} isn't on the battlefield"
    if o.phased_out:
        # 702.26b: treated as though it doesn't exist.
        return f"{game.name_of(o.oid)} is phased out and treated as though it doesn't exist (702.26b)"
    return None


def attack_problem(game: "Game", o: "GameObject", player: int) -> str | None:
    """Why ``o`` can't attack now (508.1a), or None if it can."""
    gone = _not_there(game, o)
    if gone:
        return gone
    ch = game.characteristics(o)
    if o.controller != player or "creature" not in ch.types:
        return f"{ch.name} isn't a creature you control (508.1a)"
    if o.tapped:
        return f"{ch.name} is tapped (508.1a)"
    if summoning_sick(game, o):
        return f"{ch.name} has summoning sickness (302.6)"
    ignored = {p.keyword.lower() for p, _ in ch.has(AttacksAsThoughWithout) if isinstance(p, AttacksAsThoughWithout)}
    for _, origin in ch.has(CantAttack) + ch.has(CantAttackOrBlock):
        if origin.lower() in ignored:
            continue  # "as though it didn't have defender": that keyword's restriction doesn't apply
        return f"{ch.name} can't attack{_because(origin)} (508.1c)"
    if game.rule_parts(o, CantAttack) or game.rule_parts(o, CantAttackOrBlock):
        return f"{ch.name} can't attack: an effect says so (508.1c, 611.2c)"
    defender = game.opponent(player)  # 506.2: the player it would attack
    for part, origin in ch.has(CantAttackUnlessDefendingControls):
        assert isinstance(part, CantAttackUnlessDefendingControls)
        if not any(p.controller == defender and part.filter.matches(game, p, viewer=player) for p in game.battlefield()):
            return (f"{ch.name} can't attack unless defending player controls {part.filter.describe()}"
                    f"{_because(origin)} (508.1c)")
    return None


def _because(origin: str) -> str:
    return f": {origin}" if origin else ""


def block_problem(game: "Game", blocker: "GameObject", attacker: "GameObject", player: int,
                  attacking: bool = True) -> str | None:
    """Why ``blocker`` can't block ``attacker`` (509.1a-b), or None if it can.  ``attacking=False``:
    whether it could block ``attacker`` if that attacked (a player planning attacks asks; read only)."""
    gone = _not_there(game, blocker) or _not_there(game, attacker)
    if gone:
        return gone
    bch = game.characteristics(blocker)
    ach = game.characteristics(attacker)
    if blocker.controller != player or "creature" not in bch.types:
        return f"{bch.name} isn't a creature you control (509.1a)"
    if blocker.tapped:
        return f"{bch.name} is tapped (509.1a)"
    if attacking and not attacker.attacking:
        return f"{ach.name} isn't attacking"
    for _, origin in bch.has(CantBlock) + bch.has(CantAttackOrBlock):
        return f"{bch.name} can't block{_because(origin)} (509.1b)"
    if game.rule_parts(blocker, CantBlock) or game.rule_parts(blocker, CantAttackOrBlock):
        return f"{bch.name} can't block: an effect says so (509.1b, 611.2c)"
    for part, origin in bch.has(CantBlockMatching):
        assert isinstance(part, CantBlockMatching)
        if any(f.matches(game, attacker, viewer=blocker.controller, source_oid=blocker.oid) for f in part.filters):
            return f"{bch.name} can't block {ach.name}{_because(origin)} (509.1b)"
    for _, origin in ach.has(Unblockable):
        return f"{ach.name} can't be blocked{_because(origin)} (509.1b)"
    for _, origin in ach.has(CantBeBlockedByGreaterPower):
        if (bch.power or 0) > (ach.power or 0):
            return f"{bch.name} has greater power than {ach.name} and can't block it{_because(origin)} (509.1b)"
    # 509.1b: "can block creatures with shadow as though they didn't have shadow" / "as though this
    # had shadow": the keywords whose restrictions this blocker ignores, and those it counts as having.
    ignored: set[str] = set()
    pretended: set[str] = set()
    for part, _ in bch.has(BlocksAsThough):
        assert isinstance(part, BlocksAsThough)
        if any(f.matches(game, attacker, viewer=blocker.controller, source_oid=blocker.oid) for f in part.filters):
            (pretended if part.had else ignored).add(part.keyword.lower())
    # 509.1b: restrictions of the attacker ("can't be blocked except by") and of the blocker
    # ("can block only") are both checked; any one failing makes the block illegal.
    for part, origin in ach.has(CantBeBlockedExceptBy):
        assert isinstance(part, CantBeBlockedExceptBy)
        if origin.lower() in ignored:
            continue
        if not any(f.matches(game, blocker) or _pretending(game, f, blocker, pretended) for f in part.filters):
            allowed = " or ".join(f.describe() for f in part.filters)
            return f"{ach.name} can't be blocked except by {allowed}{_because(origin)} (509.1b)"
    for part, origin in ach.has(CantBeBlockedBy):
        assert isinstance(part, CantBeBlockedBy)
        if has_quality(bch.colors, part.quality, bch.subtypes, bch.types):
            why = f"{origin} from {part.quality}" if origin else f"it can't be blocked by {part.quality} creatures"
            return f"{ach.name} can't be blocked by {bch.name}: {why} (509.1b)"
    for part, origin in bch.has(CanBlockOnly):
        assert isinstance(part, CanBlockOnly)
        if not any(f.matches(game, attacker) for f in part.filters):
            allowed = " or ".join(f.describe() for f in part.filters)
            return f"{bch.name} can block only {allowed}{_because(origin)} (509.1b)"
    return None


def _pretending(game: "Game", f: "ObjectFilter", blocker: "GameObject", keywords: set[str]) -> bool:
    """Whether ``f`` matches ``blocker`` as though it had one of ``keywords`` ("as though this had shadow")."""
    if not f.keywords or not any(k.lower() in keywords for k in f.keywords):
        return False
    return replace(f, keywords=()).matches(game, blocker)


def block_capacity(game: "Game", blocker: "GameObject") -> int | None:
    """509.1a: how many attackers ``blocker`` may block: one, plus each "can block an additional
    creature"; None for "any number"."""
    n = 1
    for part, _ in game.characteristics(blocker).has(BlocksAdditional):
        assert isinstance(part, BlocksAdditional)
        if part.any_number:
            return None
        n += part.count
    return n


def too_few_blockers(game: "Game", plan: list[tuple[int, int]]) -> str | None:
    """509.1b: an attacker that can't be blocked except by N or more creatures is blocked by none or by N+.
    ``plan``: the (blocker, attacker) blocks declared."""
    counts: dict[int, int] = {}
    for _, a in plan:
        counts[a] = counts.get(a, 0) + 1
    for a, n in sorted(counts.items()):
        for part, origin in game.characteristics(game.obj(a)).has(MinimumBlockers):
            assert isinstance(part, MinimumBlockers)
            if n < part.count:
                return (f"{game.name_of(a)} can't be blocked except by {part.count} or more creatures"
                        f"{_because(origin)} (509.1b)")
        for part, origin in game.characteristics(game.obj(a)).has(MaximumBlockers):
            assert isinstance(part, MaximumBlockers)
            if n > part.count:
                many = "one creature" if part.count == 1 else f"{part.count} creatures"
                return f"{game.name_of(a)} can't be blocked by more than {many}{_because(origin)} (509.1b)"
    return None


def maximum_blockers(game: "Game", attacker: "GameObject") -> int | None:
    """The most creatures that may block ``attacker`` (509.1b), None when nothing says so."""
    counts = [p.count for p, _ in game.characteristics(attacker).has(MaximumBlockers) if isinstance(p, MaximumBlockers)]
    return min(counts, default=None)


def attack_requirement_problem(game: "Game", chosen: list[int], player: int) -> str | None:
    """508.1d: the attack must obey as many requirements as possible without breaking a restriction:
    a creature that "attacks each combat if able" and can attack must be declared."""
    for o in game.battlefield():
        if o.controller != player or o.oid in chosen:
            continue
        for _, origin in game.characteristics(o).has(AttacksEachCombat):
            if attack_problem(game, o, player) is None:
                return f"{game.name_of(o.oid)} attacks each combat if able{_because(origin)} (508.1d)"
    return None


def each_combat_block_requirements(game: "Game", blockers: list["GameObject"], attackers: list["GameObject"],
                                   defender: int) -> list[tuple[int, int]]:
    """509.1c: a creature that "blocks each combat if able" is required to block some attacker: one
    "blocker>attacker" requirement per attacker it could block (obeying any one of them suffices);
    an attacker that "all creatures able to block it do so" requires each creature able to block it to."""
    reqs = [(b.oid, a.oid) for b in blockers if game.characteristics(b).has(BlocksEachCombat)
            for a in attackers if block_problem(game, b, a, defender) is None]
    reqs += [(b.oid, a.oid) for a in attackers if game.characteristics(a).has(AllAbleBlock)
             for b in blockers if block_problem(game, b, a, defender) is None and (b.oid, a.oid) not in reqs]
    return reqs


def must_be_blocked_problem(game: "Game", plan: list[tuple[int, int]], blockers: list["GameObject"],
                            attackers: list["GameObject"], defender: int) -> str | None:
    """509.1c: an attacker that "must be blocked if able" is blocked when enough creatures could block it
    (as many as its restrictions ask, 509.1b)."""
    blocked = {a for _, a in plan}
    for a in attackers:
        if a.oid in blocked or not game.characteristics(a).has(MustBeBlocked):
            continue
        able = [b for b in blockers if block_problem(game, b, a, defender) is None]
        if able and len(able) >= minimum_blockers(game, a):
            return f"{game.name_of(a.oid)} must be blocked if able (509.1c)"
    return None


def minimum_blockers(game: "Game", attacker: "GameObject") -> int:
    """The fewest creatures that may block ``attacker`` (509.1b), 1 when nothing says otherwise."""
    counts = [p.count for p, _ in game.characteristics(attacker).has(MinimumBlockers) if isinstance(p, MinimumBlockers)]
    return max(counts, default=1)


def requirement_problem(game: "Game", plan: list[tuple[int, int]], defender: int,
                        extra: list[tuple[int, int]] | None = None) -> str | None:
    """509.1c: the blocks must obey as many blocking requirements as possible without breaking a
    restriction.  A creature obeys at most as many as the attackers it can block (509.1a: one, unless
    it can block additional creatures).  ``extra``: requirements of static abilities ("blocks each
    combat if able", "all creatures able to block it do so")."""
    reqs = list(dict.fromkeys((b, a) for b, a in list(game.state.block_requirements) + (extra or [])
                              if game.exists(b) and game.exists(a)))
    if not reqs:
        return None
    possible: dict[int, set[int]] = {}
    able_to_block: dict[int, int] = {}
    for b, a in reqs:
        blocker, attacker = game.obj(b), game.obj(a)
        if blocker.phased_out or block_problem(game, blocker, attacker, defender) is not None:
            continue
        need = minimum_blockers(game, attacker)
        if need > 1:
            # 509.1b-c: an attacker that can't be blocked except by N or more creatures (menace) can
            # be blocked as required only if N creatures could block it; otherwise obeying would
            # break the restriction, and the requirement asks only what is possible.
            if a not in able_to_block:
                able_to_block[a] = sum(1 for o in game.battlefield()
                                       if o.controller == defender and not o.tapped and not o.phased_out
                                       and "creature" in game.characteristics(o).types
                                       and block_problem(game, o, attacker, defender) is None)
            if able_to_block[a] < need:
                continue
        possible.setdefault(b, set()).add(a)
    declared = set(plan)
    for b, able in possible.items():
        cap = block_capacity(game, game.obj(b))
        most = len(able) if cap is None else min(cap, len(able))
        obeyed = sum(1 for a in able if (b, a) in declared)
        if obeyed < most:
            a = next(a for bb, a in reqs if bb == b and a in able and (b, a) not in declared)
            return f"{game.name_of(b)} must block {game.name_of(a)} this combat if able (509.1c)"
    return None


def declare_attackers(game: "Game") -> None:
    """508.1: the active player declares attackers; illegal declarations are refused and asked again."""
    player = game.state.active
    # Until the attackers are tapped, declaring only reads the state (deciders only answer, 117.1,
    # and a refused declaration changes nothing): one read-only stretch, so each permanent's
    # characteristics are computed once, not once per candidate and requirement that looks at it.
    with game.unchanging():
        cands = [o for o in game.battlefield() if o.controller == player and "creature" in game.characteristics(o).types]
        if not cands:
            return
        opts = tuple(Choice(str(o.oid), game.name_of(o.oid)) for o in cands)
        chosen = _choose_attackers(game, player, cands, opts)
    if not chosen:
        return  # 508.8: no creature attacks, so no player is attacked (506.2): nothing to write
    game.state.defending = game.opponent(player)  # 506.2: the next player in turn order still in the game
    for oid in chosen:
        o = game.obj(oid)
        o.attacking = True
        if not game.characteristics(o).has(AttacksWithoutTapping):
            o.tapped = True  # 508.1f
        game.log(f"{game.name_of(oid)} attacks {game.players[game.state.defending].name}")
    _announce_bands(game, player, chosen)
    for oid in chosen:
        game.fire_object_event(game.obj(oid), "attacks")  # 508.3a
    if len(chosen) == 1:
        # 506.5: a creature attacks alone if it's the only creature declared as an attacker.
        game.fire_object_event(game.obj(chosen[0]), "attacks_alone")
    game.fire_attack_batch(chosen)


def _announce_bands(game: "Game", player: int, chosen: list[int]) -> None:
    """508.1e, 702.22c: the active player announces which attackers are banded with which.  A band is one
    or more attackers that may form bands plus up to one that can't; each attacker is in one band at
    most.  Asked band by band: first its creatures that may form bands (none: no more bands), then up to
    one other attacker.  702.22d: all of them attack the same player (one defending player here, 506.2)."""
    banders = [oid for oid in chosen if game.characteristics(game.obj(oid)).has(FormsAttackingBands)]
    free = list(chosen)
    while True:
        able = [oid for oid in banders if oid in free]
        if not able:
            return
        core = game.ask_valid(
            ChooseCards(player, "Announce an attacking band: its creatures with banding (none: no more bands; 508.1e)",
                        tuple(Choice(str(o), game.name_of(o)) for o in able), 0, len(able)),
            lambda ans: chosen_keys(ans, able, 0, len(able)), "creatures with banding among the attackers (702.22c)")
        if not core:
            return
        others = [oid for oid in free if oid not in banders]
        extra: list[int] = []
        if others:
            extra = game.ask_valid(
                ChooseCards(player, "Up to one attacker without banding joins the band (702.22c)",
                            tuple(Choice(str(o), game.name_of(o)) for o in others), 0, 1),
                lambda ans: chosen_keys(ans, others, 0, 1), "up to one attacking creature without banding (702.22c)")
        band = tuple(core + extra)
        free = [oid for oid in free if oid not in band]
        if len(band) > 1:  # a band of one changes nothing
            game.state.bands += (band,)
            game.log(f"{', '.join(game.name_of(o) for o in band)} attack as a band (702.22c)")


def band_of(game: "Game", attacker: int) -> tuple[int, ...]:
    """702.22e-f: the other members of ``attacker``'s band still attacking (the band lasts for the rest of
    combat, even if banding is lost; a member removed from combat leaves it)."""
    for band in game.state.bands:
        if attacker in band:
            return tuple(o for o in band if o != attacker and game.exists(o) and game.obj(o).attacking)
    return ()


def _choose_attackers(game: "Game", player: int, cands: list["GameObject"],
                      opts: tuple[Choice, ...]) -> list[int] | None:
    """508.1a-d: ask for a legal declaration, up to 20 times; the attackers chosen, or None when
    every answer was illegal (then no creature attacks).  Reads the state only."""
    for _ in range(20):
        legal = tuple(str(o.oid) for o in cands if attack_problem(game, o, player) is None)
        required = tuple(str(o.oid) for o in cands if game.characteristics(o).has(AttacksEachCombat))
        ans = game.ask(DeclareAttackers(player, "Declare attackers", opts, legal, required))
        keys = ans if isinstance(ans, tuple) else ()
        try:
            chosen: list[int] = []
            for k in keys:
                if not k.isdigit() or not game.exists(int(k)):
                    raise IllegalAction(f"{k} is not a creature on the battlefield")
                if int(k) in chosen:
                    # 508.1a: the player chooses which creatures attack; each one attacks once.
                    raise IllegalAction(f"{game.name_of(int(k))} can't be declared as an attacker more than once (508.1a)")
                why = attack_problem(game, game.obj(int(k)), player)
                if why:
                    raise IllegalAction(f"{why}")
                chosen.append(int(k))
            why = attack_requirement_problem(game, chosen, player)
            if why:
                raise IllegalAction(why)
        except IllegalAction as e:
            game.refusals.append(str(e))
            continue
        return chosen
    return None


def defending_player(game: "Game") -> int | None:
    """506.2: the player attacked in this combat; None if they left the game (800.4a), when no one
    blocks and combat damage that would be assigned to them isn't (800.4e)."""
    s = game.state
    defender = s.defending if s.defending >= 0 else game.opponent(s.active)
    return None if game.players[defender].left else defender


def declare_blockers(game: "Game") -> None:
    """509.1: the defending player declares blockers, each blocking one attacker (509.1a), or more
    where an ability lets it; then 509.5g: each attacking creature no creature was declared to block
    "attacks and isn't blocked" (509.1h)."""
    _declare_blockers(game)
    for o in game.battlefield():
        if o.attacking and o.oid not in game.state.blocked:
            game.fire_object_event(o, "unblocked")


def _declare_blockers(game: "Game") -> None:
    """509.1: the blocks themselves."""
    attackers = [o for o in game.battlefield() if o.attacking]
    if not attackers:
        return
    defender = defending_player(game)
    if defender is None:
        return
    with game.unchanging():  # the question only reads the state: characteristics computed once
        blockers = [o for o in game.battlefield() if o.controller == defender and not o.tapped
                    and "creature" in game.characteristics(o).types]
        if not blockers:
            return
        each = each_combat_block_requirements(game, blockers, attackers, defender)
        q = DeclareBlockers(defender, "Declare blockers",
                            tuple(Choice(str(o.oid), game.name_of(o.oid)) for o in blockers),
                            tuple(Choice(str(o.oid), game.name_of(o.oid)) for o in attackers),
                            tuple(f"{b}>{a}" for b, a in list(game.state.block_requirements) + each),
                            tuple(f"{b.oid}>{a.oid}" for b in blockers for a in attackers
                                  if block_problem(game, b, a, defender) is None),
                            tuple(f"{a.oid}>{n}" for a in attackers if (n := minimum_blockers(game, a)) > 1),
                            tuple(f"{a.oid}>{m}" for a in attackers if (m := maximum_blockers(game, a)) is not None))
    for _ in range(20):
        ans = game.ask(q)
        pairs = ans if isinstance(ans, tuple) else ()
        try:
            plan: list[tuple[int, int]] = []
            for p in pairs:
                b, _, a = p.partition(">")
                if not (b.isdigit() and a.isdigit() and game.exists(int(b)) and game.exists(int(a))):
                    raise IllegalAction(f"bad block {p!r}")
                if (int(b), int(a)) in plan:
                    raise IllegalAction(f"{game.name_of(int(b))} is declared to block {game.name_of(int(a))} twice")
                cap = block_capacity(game, game.obj(int(b)))
                if cap is not None and sum(1 for bb, _ in plan if bb == int(b)) >= cap:
                    many = "one creature" if cap == 1 else f"{cap} creatures"
                    raise IllegalAction(f"{game.name_of(int(b))} can block only {many} (509.1a)")
                why = block_problem(game, game.obj(int(b)), game.obj(int(a)), defender)
                if why:
                    raise IllegalAction(why)
                plan.append((int(b), int(a)))
            why = (too_few_blockers(game, plan) or requirement_problem(game, plan, defender, each)
                   or must_be_blocked_problem(game, plan, blockers, attackers, defender))
            if why:
                raise IllegalAction(why)
        except IllegalAction as e:
            game.refusals.append(str(e))
            continue
        # 702.22h: an attacker of a band blocked by a creature makes each other member of its band blocked
        # by that creature too (whatever restrictions say: they aren't declared as blocked, 509.1b).
        plan = plan + [(b, m) for b, a in plan for m in band_of(game, a) if (b, m) not in plan]
        plan = list(dict.fromkeys(plan))
        for blocker, attacker in plan:
            game.obj(blocker).blocking += (attacker,)  # 509.1g: blocking each attacker chosen for it
            if attacker not in game.state.blocked:
                game.state.blocked += (attacker,)
            game.log(f"{game.name_of(blocker)} blocks {game.name_of(attacker)}")
        fired: set[int] = set()
        for blocker, attacker in plan:
            if blocker not in fired:  # 509.5a: "blocks" triggers once, whatever it blocks
                fired.add(blocker)
                game.fire_object_event(game.obj(blocker), "blocks", game.obj(attacker))
            game.fire_object_event(game.obj(blocker), "blocks_creature", game.obj(attacker))  # 509.5b
            game.fire_object_event(game.obj(attacker), "blocked", game.obj(blocker))  # 509.5c-d
        _damage_assignment_orders(game, plan)
        return
    # Every answer was illegal: the game can't go on with an illegal declaration (509.1c), nor
    # pick the blocks for the player.
    raise IllegalAction(f"no legal declaration of blockers was made: {game.refusals[-1]}")


def _damage_assignment_orders(game: "Game", plan: list[tuple[int, int]]) -> None:
    """509.2: for each attacker blocked by two or more creatures, the active player orders its
    blockers; 509.3: for each creature blocking two or more attackers, the defending player orders
    those attackers.  Both orders are kept in ``state.damage_order``, keyed by the creature."""
    for attacker in game.state.blocked:
        blockers = tuple(b for b, a in plan if a == attacker)
        _ask_order(game, game.state.active, attacker, blockers, "509.2")
    defender = defending_player(game)
    for blocker in dict.fromkeys(b for b, _ in plan):
        if defender is not None:
            _ask_order(game, defender, blocker, game.obj(blocker).blocking, "509.3")


def _ask_order(game: "Game", player: int, creature: int, others: tuple[int, ...], rule: str) -> None:
    """Ask ``player`` for ``creature``'s damage assignment order among ``others`` (none with fewer than two)."""
    if len(others) < 2:
        game.state.damage_order = {**game.state.damage_order, creature: others}
        return
    opts = tuple(Choice(str(o), game.name_of(o)) for o in others)
    prompt = f"Damage assignment order for {game.name_of(creature)} (first is dealt damage first)"
    order = tuple(game.ask_valid(ChooseOrder(player, prompt, opts),
                                 lambda ans: chosen_keys(ans, others, len(others), len(others)),
                                 f"a damage assignment order lists each creature once ({rule})"))
    game.state.damage_order = {**game.state.damage_order, creature: order}
    game.log(f"{game.name_of(creature)} assigns damage to {', '.join(game.name_of(o) for o in order)} in that order")


def _in_combat(game: "Game") -> list["GameObject"]:
    return [o for o in game.battlefield() if o.attacking or o.blocking]


def _steps(game: "Game", o: "GameObject") -> list[CombatDamageSteps]:
    return [p for p, _ in game.characteristics(o).has(CombatDamageSteps) if isinstance(p, CombatDamageSteps)]


def has_first_damage_step(game: "Game") -> bool:
    """510.4: a first combat damage step happens if an attacking or blocking creature deals combat
    damage in it as the combat damage step begins."""
    return any(any(p.first for p in _steps(game, o)) for o in _in_combat(game))


def first_combat_damage(game: "Game") -> None:
    """510.4: only creatures that deal damage in the first step assign combat damage; remember which
    creatures those were as the step began."""
    dealers = [o.oid for o in _in_combat(game) if any(p.first for p in _steps(game, o))]
    game.state.first_damage_dealers = tuple(dealers)
    _deal_combat_damage(game, set(dealers))


def combat_damage(game: "Game") -> None:
    """510.1-510.2 (and 510.4 after a first combat damage step): the remaining attackers and blockers
    that didn't deal damage in the first step, and those that deal it in both, deal combat damage."""
    first = set(game.state.first_damage_dealers)
    dealers = {o.oid for o in _in_combat(game)
               if o.oid not in first or any(p.regular for p in _steps(game, o))}
    _deal_combat_damage(game, dealers)


def _lethal(game: "Game", source: "GameObject", blocker: "GameObject", assigned: int) -> int:
    """510.1c-d: lethal damage for ``blocker`` given damage already marked and already assigned; 1 from a
    source whose damage is lethal in any amount (702.2c)."""
    left = max((game.characteristics(blocker).toughness or 0) - blocker.damage - assigned, 0)
    if left > 0 and game.characteristics(source).has(DamageIsLethal):
        return 1
    return left


def _divide(game: "Game", source: "GameObject", power: int, order: list["GameObject"],
            player: object | None, assigned: dict[int, int]) -> list[tuple[object, int]]:
    """510.1c-d, 702.19b: the controller of ``source`` divides ``power`` among the creatures in its
    damage assignment order (and ``player``, for a creature that may assign its excess to the player
    it attacks).  A creature later in the order -- or the player -- may be assigned damage only once
    each creature before it is assigned lethal damage, counting damage already marked and damage
    other creatures assign in this step (``assigned``); more than lethal may be assigned.  Asked
    creature by creature, so every answer completes a legal assignment (510.1e)."""
    out: list[tuple[object, int]] = []
    left = power
    for i, o in enumerate(order):
        if left <= 0:
            break
        last = i == len(order) - 1 and player is None
        lethal = _lethal(game, source, o, assigned.get(o.oid, 0))
        if last or left <= lethal:
            amount = left  # nothing may go further along the order yet: all of it is assigned here
        else:
            amount = game.ask_valid(
                ChooseNumber(source.controller,
                             f"Combat damage from {game.name_of(source.oid)}: how much to "
                             f"{game.name_of(o.oid)}? (lethal {lethal}; 510.1c)", lethal, left),
                _in_range(lethal, left), f"from {lethal} to {left}: lethal damage first (510.1c)")
        if amount > 0:
            out.append((o.oid, amount))
            assigned[o.oid] = assigned.get(o.oid, 0) + amount
        left -= amount
    if left > 0 and player is not None:
        out.append((player, left))
    return out


def _divider(game: "Game", dealer: "GameObject", recipients: list["GameObject"]) -> int | None:
    """702.22j-k: the player who divides ``dealer``'s combat damage among ``recipients`` instead of its
    controller: the controller of a recipient that divides the combat damage of creatures in combat
    with it (an opponent of the dealer's controller); None when 510.1c-d apply as usual."""
    for r in recipients:
        if r.controller != dealer.controller and game.characteristics(r).has(DividesOpposingCombatDamage):
            return r.controller
    return None


def _divide_freely(game: "Game", source: "GameObject", power: int, recipients: list["GameObject"],
                   player: object | None, divider: int, assigned: dict[int, int]) -> list[tuple[object, int]]:
    """702.22j-k: ``divider`` divides ``power`` as they choose among ``recipients``, with no damage
    assignment order and no lethal damage first (an exception to 510.1c-d).  ``player``: the player a
    creature that may assign its excess to it attacks (702.19c): only damage beyond lethal to every
    blocker may go there, and the divider decides how much."""
    out: list[tuple[object, int]] = []
    left = power
    short = False  # a recipient so far was assigned less than lethal damage (510.1c, 702.19c)
    for i, o in enumerate(recipients):
        if left <= 0:
            break
        lethal = _lethal(game, source, o, assigned.get(o.oid, 0))
        last = i == len(recipients) - 1
        lo = 0
        if last and (player is None or short):
            amount = left  # the rest: it can't go to the player
        else:
            if last:
                lo = min(lethal, left)  # what isn't assigned here goes to the player, once this one has lethal
            amount = game.ask_valid(
                ChooseNumber(divider, f"Combat damage from {game.name_of(source.oid)}: how much to "
                                      f"{game.name_of(o.oid)}? (you divide it, 702.22j-k)", lo, left),
                _in_range(lo, left), f"from {lo} to {left} (702.22j-k)")
        short = short or amount < lethal
        if amount > 0:
            out.append((o.oid, amount))
            assigned[o.oid] = assigned.get(o.oid, 0) + amount
        left -= amount
    if left > 0 and player is not None:
        out.append((player, left))
    return out


def _in_range(lo: int, hi: int) -> Callable[[object], int | None]:
    """A validator for a number from ``lo`` to ``hi``."""
    def valid(ans: object) -> int | None:
        return ans if isinstance(ans, int) and not isinstance(ans, bool) and lo <= ans <= hi else None
    return valid


def _ordered(game: "Game", creature: "GameObject", others: dict[int, "GameObject"]) -> list["GameObject"]:
    """509.2a / 509.3: ``others`` in ``creature``'s damage assignment order (removed ones drop out)."""
    order = [oid for oid in game.state.damage_order.get(creature.oid, ()) if oid in others]
    return [others[oid] for oid in order] + [o for oid, o in others.items() if oid not in order]


def _deal_combat_damage(game: "Game", dealers: set[int]) -> None:
    """510.1-510.2: the given attackers and blockers assign combat damage, then it is all dealt at once.
    The active player assigns first, then the defending player (510.1e checks each player's total)."""
    attackers = [o for o in game.battlefield() if o.attacking and o.oid in dealers]
    defender = defending_player(game)
    assignments: list[tuple[int, object, int]] = []
    assigned: dict[int, int] = {}  # damage being assigned to each creature in this step (510.1c)
    for a in attackers:
        ach = game.characteristics(a)
        power = ach.power or 0
        if power <= 0:
            continue  # 510.1a: a creature with 0 or less power assigns no combat damage
        excess_to_player = bool(ach.has(AssignsExcessToPlayer))
        blockers = _ordered(game, a, {b.oid: b for b in game.battlefield() if a.oid in b.blocking})
        if not blockers:
            if _was_blocked(game, a) and not excess_to_player:
                continue  # 509.1h / 510.1c: a blocked creature stays blocked
            # 510.1a, or 702.19d: with all its blockers gone, all of its damage goes to the player
            # (800.4e: unless they left the game -- then it isn't assigned).
            if defender is not None:
                assignments.append((a.oid, f"player:{defender}", power))
            continue
        player = f"player:{defender}" if excess_to_player and defender is not None else None
        divider = _divider(game, a, blockers)
        if divider is not None:
            assignments.extend((a.oid, t, n) for t, n in _divide_freely(game, a, power, blockers, player, divider, assigned))
            continue
        assignments.extend((a.oid, t, n) for t, n in _divide(game, a, power, blockers, player, assigned))
    for b in game.battlefield():
        if b.oid not in dealers or not b.blocking:
            continue
        power = game.characteristics(b).power or 0
        if power <= 0:
            continue
        blocked = _ordered(game, b, {oid: game.obj(oid) for oid in b.blocking if game.exists(oid)})
        divider = _divider(game, b, blocked)
        if divider is not None:
            assignments.extend((b.oid, t, n) for t, n in _divide_freely(game, b, power, blocked, None, divider, assigned))
            continue
        assignments.extend((b.oid, t, n) for t, n in _divide(game, b, power, blocked, None, assigned))
    # 510.2: all combat damage is dealt simultaneously (one event for its triggers, 603.2c).
    with game.simultaneous_damage():
        for src, target, amount in assignments:
            game.deal_damage(src, target, amount, combat=True)


def _was_blocked(game: "Game", attacker: "GameObject") -> bool:
    return attacker.oid in game.state.blocked


def end_combat(game: "Game") -> None:
    """511.3: creatures stop being attacking and blocking creatures."""
    for o in game.battlefield():
        o.attacking = False
        o.blocking = ()
    game.state.blocked = ()
    game.state.defending = -1
    game.state.damage_order = {}
    game.state.block_requirements = ()
    game.state.first_damage_dealers = ()
    game.state.bands = ()
    # 500.5, 511.2: effects that last "this combat" end with the combat phase.
    game.expire_continuous("combat")
