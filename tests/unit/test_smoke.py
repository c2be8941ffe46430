"""Every scripted card plays: a generated smoke test per card of the shipped pool.

For each card: put it in alice's hand with one untapped basic land per mana symbol of its cost
(a land of the symbol's color; generic and X paid by Plains, X announced as 1), play it (305.1)
or cast it (601.2) on turn 1, let it resolve (608.2), and check where it went: a permanent onto
the battlefield (110.1), an instant or sorcery into its owner's graveyard (608.2n), a land onto
the battlefield.  Targets are provided, never skipped: both players have a creature, a land, an
artifact creature and an enchantment on the battlefield, alice has creature, instant, sorcery and land cards in her
graveyard and a card with flashback in exile, and a spell that targets a spell is cast in response to bob's Lightning Bolt.

Questions the engine asks (targets, "you may", choices while resolving) are answered
deterministically by :class:`AutoHarness`: the first legal option, "yes", the minimum number.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.sources import default_pool
from runtime.abilities import AdditionalCost, SpellAbility, TriggeredAbility
from runtime.decisions import (
    Answer, ChooseCards, ChooseNumber, ChooseOption, ChooseOrder, ChooseTarget, Question, YesNo,
)
from runtime.pool import Pool
from runtime.tools.scenario import (
    AttackAction, CardSetup, CastAction, Harness, PassAction, PlayAction, Ref, Scenario, ScriptedAction,
    UnscriptedQuestion,
)
from runtime.zones import Zone

LAND_FOR = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
# What both players have on the battlefield, so that targeted spells and abilities have targets.
# (the Forest is a snow land, so that a count of snow lands has one, 205.4g; the 0/4 wall comes first,
# so that an Aura giving -N toughness to the first creature offered has one that survives it)
BOARD = ("Steel Wall", "Grizzly Bears", "Snow-Covered Forest", "Ajani's Mantra")
# A card alice holds besides the one played: a Zombie creature card, so that a reveal from the hand
# (702.38a amplify: "cards that share a creature type") has one to reveal.
HAND = ("Walking Corpse",)
GRAVEYARD = ("Grizzly Bears", "Lightning Bolt", "Forest", "Steel Wall", "Walking Corpse", "Swirling Sandstorm")
EXILE = ("Think Twice",)  # a card with flashback in exile (406)
KEYWORD_CREATURES = {"flying": "Academy Drake"}  # a creature with each keyword a target may require
# Cards whose own abilities put them elsewhere under the automatic answers, as the rules say: no {B} is
# spent by the lands paying for Squealing Devil, so it is sacrificed (601.2h); the first player asked
# sacrifices a creature for Brain Gorgers's cast trigger, so it is countered (118.12).
ENDS_IN = {"Squealing Devil": Zone.GRAVEYARD, "Brain Gorgers": Zone.GRAVEYARD}
# What a mandatory additional cost that taps creatures you control finds untapped (601.2b, 118.3):
# white creatures without summoning sickness mattering (tapping as a cost isn't {T}, 302.6).
COST_CREATURE = "Elite Vanguard"


def _pool_names() -> list[str]:
    """Card names of the shipped pool, read from the sources (collection must not compile)."""
    names = []
    for p in sorted(default_pool().rglob("*.card")):
        m = re.search(r'^card\s+"((?:\\.|[^"\\])*)"', p.read_text(encoding="utf-8"), re.M)
        if m:
            names.append(m.group(1).replace('\\"', '"').replace("\\\\", "\\"))
    return sorted(names)


class AutoHarness(Harness):
    """The scenario harness, answering every question it has no scripted answer for automatically."""

    _last_optional = ""  # the prompt of the last optional target question answered

    def decide(self, q: Question) -> Answer:
        """Scripted answers first; otherwise a deterministic legal choice."""
        try:
            return super().decide(q)
        except UnscriptedQuestion:
            pass
        if isinstance(q, YesNo):
            return True
        if isinstance(q, ChooseTarget):
            # "any number of targets" (115.1d) may be unbounded: its optional slots are filled once
            # (the first optional question of a phrase), then left empty.
            again = q.optional and self._last_optional == q.prompt
            self._last_optional = q.prompt if q.optional else ""
            return None if again else q.options[0].key
        if isinstance(q, ChooseCards):  # at least one when one may be chosen (Clone copies something, 707.5)
            return tuple(c.key for c in q.options[:max(q.minimum, min(1, q.maximum))])
        if isinstance(q, ChooseOrder):
            return tuple(c.key for c in q.options)
        if isinstance(q, ChooseNumber):
            return q.minimum
        if isinstance(q, ChooseOption):
            return q.options[0].key
        raise AssertionError(f"unexpected question {q}")  # pragma: no cover - every kind is handled above


def _lands(mana_cost: tuple[str, ...]) -> list[str]:
    """One basic land per mana symbol ({2} counts two; X is announced as 1; hybrid pays its first color)."""
    lands: list[str] = []
    for sym in mana_cost:
        inner = sym.strip("{}")
        if inner in LAND_FOR:
            lands.append(LAND_FOR[inner])
        elif inner == "X":
            lands.append("Plains")
        elif "/" in inner and inner.split("/")[0] in LAND_FOR:  # hybrid (107.4e): its first color
            lands.append(LAND_FOR[inner.split("/")[0]])
        elif inner.isdigit():
            lands += ["Plains"] * int(inner)
        else:  # pragma: no cover - the pool's costs use only these symbols
            raise AssertionError(f"no land for mana symbol {sym}")
    return lands


def smoke_scenario(pool: Pool, name: str) -> tuple[Scenario, Zone]:
    """The scenario that plays ``name`` from alice's hand, and the zone it should end in."""
    d = pool.get(name)
    setup = [CardSetup("alice", Zone.HAND, name)] + [CardSetup("alice", Zone.HAND, n) for n in HAND]
    for who in ("alice", "bob"):
        setup += [CardSetup(who, Zone.BATTLEFIELD, n) for n in BOARD]
    setup += [CardSetup("alice", Zone.GRAVEYARD, n) for n in GRAVEYARD]
    setup += [CardSetup("alice", Zone.EXILE, n) for n in EXILE]
    actions: list[ScriptedAction] = []
    if "land" in d.types:
        actions.append(PlayAction(1, "main1", "alice", Ref(name)))
        return Scenario(f"{name} is played", ("305.1",), setup=tuple(setup), actions=tuple(actions),
                        stop=(1, "end")), Zone.BATTLEFIELD
    if not d.mana_cost:
        # 202.1b, 118.6: a card with no mana cost can't be cast by paying it (e.g. one with suspend,
        # played from exile by its own ability, tests/scenarios/suspend.scn): casting is refused and
        # the card stays in the hand.
        setup += [CardSetup("alice", Zone.BATTLEFIELD, "Island") for _ in range(4)]
        actions.append(CastAction(1, "main1", "alice", Ref(name), expect_refused=True,
                                  reason="has no mana cost"))
        return Scenario(f"{name} can't be cast", ("202.1b",), setup=tuple(setup), actions=tuple(actions),
                        stop=(1, "end")), Zone.HAND
    setup += [CardSetup("alice", Zone.BATTLEFIELD, land) for land in _lands(d.mana_cost)]
    for a in d.expanded:
        if isinstance(a, AdditionalCost) and a.mandatory and a.cost.tap_permanents is not None:
            n = getattr(a.cost.tap_permanents.count, "value", 1)
            setup += [CardSetup("alice", Zone.BATTLEFIELD, COST_CREATURE) for _ in range(n)]
        if isinstance(a, AdditionalCost) and a.mandatory and a.either:
            # A choice of costs ("reveal a Goblin card from your hand or pay {3}", 601.2b): lands for
            # the mana one, which is then the only one alice can pay.
            mana = next((c.mana for _, c in a.either if c.mana_only), ())
            setup += [CardSetup("alice", Zone.BATTLEFIELD, land) for land in _lands(mana)]
    spell = next((a for a in d.abilities if isinstance(a, SpellAbility)), None)
    stack_target = next((t for t in spell.targets if t.zone is Zone.STACK), None) if spell is not None else None
    if stack_target is not None:
        # A spell that targets a spell: cast it in response to bob's Lightning Bolt (601.2c), or to
        # his Restoration Angel (flash, mana value 4) if it needs a spell of mana value 2 or more.
        if stack_target.filter.mana_value_at_least > 1:
            setup += [CardSetup("bob", Zone.HAND, "Restoration Angel")]
            setup += [CardSetup("bob", Zone.BATTLEFIELD, "Plains") for _ in range(4)]
            response = CastAction(1, "main1", "bob", Ref("Restoration Angel"))
        else:
            setup += [CardSetup("bob", Zone.HAND, "Lightning Bolt"), CardSetup("bob", Zone.BATTLEFIELD, "Mountain")]
            response = CastAction(1, "main1", "bob", Ref("Lightning Bolt"), targets=("alice",))
        actions += [PassAction(1, "main1", "alice"), response]
    x = 1 if "{X}" in d.mana_cost else 0
    # Targets that need a status (110.5, 506.4): a tapped creature for bob; for "attacking or
    # blocking", alice attacks with a creature and casts in the declare attackers step.
    states = {s for t in spell.targets for s in (*t.filter.states, *t.filter.combat)} if spell is not None else set()
    step = "main1"
    if "tapped" in states:
        setup += [CardSetup("bob", Zone.BATTLEFIELD, "Grizzly Bears", tapped=True)]
    # Targets that need a keyword the board's creatures lack ("target creature with flying"): bob
    # has a creature with it.
    needed = {k for t in spell.targets for k in t.filter.keywords} if spell is not None else set()
    setup += [CardSetup("bob", Zone.BATTLEFIELD, KEYWORD_CREATURES[k]) for k in sorted(needed) if k in KEYWORD_CREATURES]
    if states & {"attacking", "blocking"}:
        setup += [CardSetup("alice", Zone.BATTLEFIELD, "Grizzly Bears", alias="raider")]
        actions.append(AttackAction(1, "attackers", "alice", (Ref(alias="raider"),)))
        step = "attackers"
    actions.append(CastAction(1, step, "alice", Ref(name), x=x))
    permanent = not ({"instant", "sorcery"} & set(d.types))
    return (Scenario(f"{name} is cast and resolves", ("601.2", "608.2"), setup=tuple(setup),
                     actions=tuple(actions), stop=(1, "end")),
            ENDS_IN.get(name, Zone.BATTLEFIELD if permanent else Zone.GRAVEYARD))


@pytest.mark.parametrize("name", _pool_names())
def test_card_plays(pool: Pool, name: str) -> None:
    scenario, zone = smoke_scenario(pool, name)
    harness = AutoHarness(scenario, pool)
    result = harness.run()
    log = "\n".join(result.game.state.log[-15:])
    assert result.passed, f"{result.failures}\n{log}"
    assert not result.game.state.stack, f"the stack isn't empty:\n{log}"
    here = [o for o in result.game.state.objects.values()
            if o.card.definition.name == name and o.owner == 0 and o.zone is zone]
    assert here, f"{name} is not in alice's {zone.value}:\n{log}"
    if zone is Zone.HAND:
        return  # refused as it should be (202.1b): the harness checked the reason and the unchanged state
    verb = "plays" if zone is Zone.BATTLEFIELD and "land" in pool.get(name).types else "casts"
    assert any(line.endswith(f"{verb} {name}") or f"{verb} {name} (" in line for line in result.game.state.log), log


def test_pool_names_are_every_card() -> None:
    names = _pool_names()
    assert len(names) == len(set(names)) == len(list(default_pool().rglob("*.card")))


def test_auto_harness_answers_deterministically(pool: Pool) -> None:
    a, _ = smoke_scenario(pool, "Lightning Bolt")
    logs = [AutoHarness(a, pool).run().game.state.log for _ in range(2)]
    assert logs[0] == logs[1] and any("Lightning Bolt" in line for line in logs[0])


def test_triggered_abilities_of_entering_cards_resolve(pool: Pool) -> None:
    # A card with an enters-the-battlefield trigger: the smoke run puts the trigger on the stack
    # and resolves it (603.3, 608.2); the stack is empty where the run stops.
    names = [n for n in _pool_names() if any(isinstance(a, TriggeredAbility) for a in pool.get(n).abilities)]
    assert names
    scenario, _ = smoke_scenario(pool, names[0])
    result = AutoHarness(scenario, pool).run()
    assert result.passed and not result.game.state.stack
