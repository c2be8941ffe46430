"""702.61a-b: while a spell with split second is on the stack, no spell and no ability that isn't a mana
ability is offered (117.1); mana abilities may still be activated.  Molten Disaster has split second only if it
was kicked (604.1, 702.33d)."""
from __future__ import annotations

from runtime.actions import CastSpell
from runtime.casting import cast_spell
from runtime.game import Game
from runtime.legality import can_activate
from runtime.pool import Pool
from runtime.turns import legal_action_choices
from runtime.zones import Zone

from .helpers import blank_game


def _disaster_on_stack(pool: Pool, kicked: bool) -> tuple[Game, dict[str, int]]:
    game = blank_game(pool)
    for _ in range(4):
        game.add_card(0, pool.get("Mountain"), Zone.BATTLEFIELD)
    disaster = game.add_card(0, pool.get("Molten Disaster"), Zone.HAND)
    ids = {
        "bolt": game.add_card(1, pool.get("Lightning Bolt"), Zone.HAND),
        "flinger": game.add_card(1, pool.get("Chainflinger"), Zone.BATTLEFIELD),
        "mountain": game.add_card(1, pool.get("Mountain"), Zone.BATTLEFIELD),
    }
    for _ in range(2):
        game.add_card(1, pool.get("Mountain"), Zone.BATTLEFIELD)
    game.state.turn, game.state.step, game.state.active = 3, "main1", 0
    cast_spell(game, 0, CastSpell(disaster, additional=((0, 1),) if kicked else (), x=1))  # option 0: its kicker
    assert len(game.state.stack) == 1
    return game, ids


def test_kicked_split_second_offers_no_spell_and_no_non_mana_ability(pool: Pool) -> None:
    game, ids = _disaster_on_stack(pool, kicked=True)
    keys = [c.key for c, _ in legal_action_choices(game, 1)]
    assert not any(k.startswith(f"cast:{ids['bolt']}") for k in keys)
    assert not any(k.startswith(f"activate:{ids['flinger']}") for k in keys)
    mountain = game.obj(ids["mountain"])
    mana = game.characteristics(mountain).activated[0]
    assert mana.is_mana and can_activate(game, 1, mountain, mana)  # 702.61b (605.3a: not offered, activated on demand)


def test_unkicked_offers_the_spell_and_the_ability(pool: Pool) -> None:
    game, ids = _disaster_on_stack(pool, kicked=False)
    keys = [c.key for c, _ in legal_action_choices(game, 1)]
    assert any(k.startswith(f"cast:{ids['bolt']}") for k in keys)
    assert any(k.startswith(f"activate:{ids['flinger']}") for k in keys)
