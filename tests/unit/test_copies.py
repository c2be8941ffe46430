"""Copies of permanent spells (707.10, 707.10f) and kicker (seed 003 rulings): no printed card of
the 2019 Oracle data copies a permanent spell, so the copy is made here through the engine's own
copy operation (the one "copy target spell" effects use), inside a real scenario run."""
from __future__ import annotations

from runtime.actions import Action
from runtime.game import Game
from runtime.pool import Pool
from runtime.stack import StackKind, copy_spell
from runtime.tools.scenario import CardSetup, CastAction, ChooseAnswer, Harness, Pay, Ref, Scenario, TargetAnswer
from runtime.zones import Zone


class CopyingHarness(Harness):
    """Alice copies the first creature spell on the stack the first time she has priority with it there."""

    copied: int | None = None

    def next_action(self, game: Game, player: int) -> Action | None:
        item = next((i for i in game.state.stack if i.kind is StackKind.SPELL), None)
        if player == 0 and item is not None and self.copied is None:
            self.copied = copy_spell(game, 0, item.oid, new_targets=False)
            return None
        return super().next_action(game, player)


def test_a_copy_of_a_kicked_permanent_spell_becomes_a_kicked_token(pool: Pool) -> None:
    setup = (CardSetup("alice", Zone.HAND, "Gatekeeper of Malakir"),
             CardSetup("alice", Zone.BATTLEFIELD, "Swamp", 3),
             CardSetup("bob", Zone.BATTLEFIELD, "Grizzly Bears", 2))
    actions = (CastAction(1, "main1", "alice", Ref("Gatekeeper of Malakir"), pays=(Pay("kicker"),)),)
    answers = (TargetAnswer("alice", "bob"), ChooseAnswer("bob", (Ref("Grizzly Bears"),)), TargetAnswer("alice", "bob"))
    scenario = Scenario("copy of a kicked Gatekeeper", ("707.10", "707.10f"), setup=setup, actions=actions,
                        answers=answers, stop=(1, "end"))
    h = CopyingHarness(scenario, pool)
    result = h.run()
    assert result.passed, result.failures
    g = result.game
    gatekeepers = [o for o in g.state.objects.values()
                   if o.zone is Zone.BATTLEFIELD and o.definition.name == "Gatekeeper of Malakir"]
    tokens = [o for o in gatekeepers if o.card.is_token]
    assert len(gatekeepers) == 2 and len(tokens) == 1  # 707.10f: the copy became a token
    assert g.times_paid(tokens[0], "kicked", None) == 1  # seed 003: the token is kicked too
    # Both enters triggers saw "kicked": bob sacrificed both Bears.
    assert not [o for o in g.state.objects.values() if o.zone is Zone.BATTLEFIELD and o.controller == 1]
