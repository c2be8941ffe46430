"""Text-changing effects (612.1-612.2, 613.1c): color words replaced in an object's text, read by
every construct holding a color, never in a card's name or its mana symbols; the change goes on from
a permanent spell to the permanent it becomes (400.7a).  No printed card of the pool targets a spell
with such an effect yet ("target spell or permanent"), so the change is made on a spell here through
the engine's own effect, inside a real scenario run."""
from __future__ import annotations

from runtime.actions import Action
from runtime.effects import ChangeColorWord
from runtime.game import Game
from runtime.pool import Pool
from runtime.resolution import Resolution
from runtime.selectors import ObjectFilter
from runtime.stack import StackKind
from runtime.text_changes import recolor, swap_letter, swap_text
from runtime.tools.scenario import CardSetup, CastAction, Harness, OptionAnswer, Ref, Scenario, TargetAnswer
from runtime.values import Slot
from runtime.zones import Zone


def test_color_words_are_replaced_in_order_and_never_in_the_name() -> None:
    swaps = (("B", "W"), ("W", "R"))  # black -> white, then white -> red: both read red (613.7)
    assert swap_letter("B", swaps) == "R" and swap_letter("W", swaps) == "R" and swap_letter("G", swaps) == "G"
    text = "White Knight deals damage to each nonblack creature. Black creatures get +1/+1."
    assert swap_text(text, (("B", "G"), ("W", "U")), "White Knight") == \
        "White Knight deals damage to each nongreen creature. Green creatures get +1/+1."
    # A selector's colors and "non" colors change; a card type in "non" doesn't.
    flt = ObjectFilter(types=("creature",), colors=("B",), non=("artifact", "B"))
    assert recolor(flt, (("B", "U"),)) == ObjectFilter(types=("creature",), colors=("U",), non=("artifact", "U"))
    assert recolor(flt, (("G", "U"),)) is flt  # nothing to change: the same object


class RewritingHarness(Harness):
    """Alice changes "black" to "white" in the text of the first spell on the stack (with the effect
    Alter Reality has), the first time she has priority with it there."""

    done = False

    def next_action(self, game: Game, player: int) -> Action | None:
        item = next((i for i in game.state.stack if i.kind is StackKind.SPELL), None)
        if player == 0 and item is not None and not self.done:
            self.done = True
            ChangeColorWord(target=Slot(0)).resolve(Resolution(game, 0, item.oid, (item.oid,)))
            return None
        return super().next_action(game, player)


def test_a_permanent_spell_keeps_its_changed_text_as_a_permanent(pool: Pool) -> None:
    """Bone Shredder's "destroy target nonartifact, nonblack creature" reads "nonwhite" once its text
    is changed on the stack: the black creature can be targeted (the white one isn't offered), 400.7a, 612.2."""
    setup = (CardSetup("alice", Zone.HAND, "Bone Shredder"),
             CardSetup("alice", Zone.BATTLEFIELD, "Swamp", 3),
             CardSetup("bob", Zone.BATTLEFIELD, "Walking Corpse"),
             CardSetup("bob", Zone.BATTLEFIELD, "Benalish Hero"))
    actions = (CastAction(1, "main1", "alice", Ref("Bone Shredder")),)
    answers = (OptionAnswer("alice", "black"), OptionAnswer("alice", "white"),
               TargetAnswer("alice", Ref("Walking Corpse")))
    scenario = Scenario("text change on a permanent spell", ("612.2", "400.7a"), setup=setup, actions=actions,
                        answers=answers, stop=(1, "end"))
    result = RewritingHarness(scenario, pool).run()
    assert result.passed, result.failures
    g = result.game
    on_battlefield = {o.definition.name: o for o in g.state.objects.values() if o.zone is Zone.BATTLEFIELD}
    assert "Walking Corpse" not in on_battlefield and "Benalish Hero" in on_battlefield
    shredder = on_battlefield["Bone Shredder"]
    assert shredder.color_words == (("B", "W"),)
    assert "nonwhite" in shredder.definition.text and shredder.definition.name == "Bone Shredder"
    assert g.characteristics(shredder).colors == frozenset({"B"})  # {2}{B}: a symbol, not a word
