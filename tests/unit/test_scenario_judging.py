"""The judge's checks of the scenario language fail, when wrong, with a message a reader understands;
a failing scenario shows the table; a multikicker written as kicker gets a hint."""
from __future__ import annotations

import pytest

from compiler.scenarios import load_scenarios
from runtime.pool import Pool
from runtime.tools.scenario import ScenarioError, ScenarioResult, run_scenario


def _run(pool: Pool, body: str, stop: str = "stop turn 1 end") -> ScenarioResult:
    scenarios, diags = load_scenarios(f'scenario "t" rule 100.1 {{\n{body}\n{stop}\n}}\n', "t.scn")
    assert not diags, [d.format() for d in diags]
    return run_scenario(scenarios[0], pool)


def _fails_with(pool: Pool, body: str, *phrases: str) -> str:
    result = _run(pool, body)
    assert not result.passed
    text = "\n".join(result.failures)
    for p in phrases:
        assert p in text, text
    return text


def test_wrong_mana_pool_says_what_is_in_it(pool: Pool) -> None:
    _fails_with(pool, """alice battlefield: "Forest" as f
turn 1 main1 alice: activate f
turn 1 main1 alice: expect alice mana {G}{G}""",
                "line 4: at turn 1 main1 alice: alice's mana pool is {G}, expected {G}{G}")
    _fails_with(pool, """alice battlefield: "Forest" as f
turn 1 main1 alice: activate f
turn 1 main1 alice: expect alice mana empty""", "alice's mana pool is {G}, expected empty")


def test_a_check_at_a_step_without_priority_says_it_never_happened(pool: Pool) -> None:
    _fails_with(pool, 'turn 1 untap: expect alice life 20', "line 2: at turn 1 untap: never checked")


def test_a_check_after_the_stop_is_a_diagnostic() -> None:
    _, diags = load_scenarios('scenario "t" rule 100.1 {\nturn 2 main1: expect alice life 20\nstop turn 1 end\n}\n',
                              "t.scn")
    assert any("at or after the stop point" in d.format() for d in diags)


def test_checks_run_in_order_with_the_actions_around_them(pool: Pool) -> None:
    # The first check comes before the cast (the spell isn't on the stack yet), the second after.
    result = _run(pool, """alice hand: "Lightning Bolt"
alice battlefield: "Mountain"
turn 1 main1 alice: expect stack count 0
turn 1 main1 alice: cast "Lightning Bolt" targeting player bob
turn 1 main1 alice: expect stack count 1
turn 1 main1 alice: pass
turn 1 main1 alice: expect bob life 17""")
    assert result.passed, result.failures


def test_wrong_counts_of_permanents_list_what_was_found(pool: Pool) -> None:
    # (alice's lands untap in her untap step; bob's stay tapped.)
    _fails_with(pool, """bob battlefield: "Forest" tapped, "Forest", "Grizzly Bears" face down
expect bob controls 2 tapped lands
expect 0 face-down creatures
expect bob controls 1 token named "Grizzly Bears\"""",
                "line 3: 1 tapped lands controlled by bob, expected 2 (found: ['Forest'])",
                "line 4: 1 face-down creatures, expected 0 (found: ['face-down creature",
                "line 5: 0 tokens named 'Grizzly Bears' controlled by bob, expected 1 (found: [])")


def test_wrong_attachment_keyword_and_subtype(pool: Pool) -> None:
    _fails_with(pool, """alice battlefield: "Bonesplitter" as axe, "Serra Angel" as angel
expect axe attached to angel
expect angel has keyword "Trample"
expect angel lacks keyword "Flying"
expect angel has subtype "Bear"
expect angel lacks subtype "Angel\"""",
                "line 3: axe is attached to nothing, expected angel",
                "line 4: angel lacks keyword 'Trample'",
                "line 5: angel has keyword 'Flying'",
                "line 6: angel lacks subtype 'Bear' (subtypes: ['Angel'])",
                "line 7: angel has subtype 'Angel'")


def test_wrong_shuffle_count(pool: Pool) -> None:
    _fails_with(pool, "expect alice shuffled", "alice never shuffled their library (701.20a)")
    _fails_with(pool, """alice hand: "Grow from the Ashes"
alice battlefield: "Forest" x3
alice library: "Forest"
turn 1 main1 alice: cast "Grow from the Ashes"
answer alice: choose "Forest"
expect alice shuffled x2""", "alice shuffled their library 1 times, expected 2")


def test_an_answer_that_should_have_been_refused(pool: Pool) -> None:
    _fails_with(pool, """alice hand: "Grow from the Ashes"
alice battlefield: "Forest" x3
alice library: "Forest"
turn 1 main1 alice: cast "Grow from the Ashes"
answer alice: choose "Forest" refused""", "answer 'choose': expected to be refused, but it was accepted")


def test_a_failing_scenario_shows_the_table(pool: Pool) -> None:
    result = _run(pool, """alice hand: "Lightning Bolt"
alice battlefield: "Mountain", "Bonesplitter" as axe, "Grizzly Bears" as bears
bob battlefield: "Grizzly Bears" tapped face down
turn 1 main1 alice: activate axe
answer alice: target bears
turn 1 main1 alice: pass
expect bob life 0""")
    table = "\n".join(result.table())
    assert "alice: life 20, mana pool empty" in table
    assert '"Bonesplitter" (axe) [attached to "Grizzly Bears"]' in table
    assert '"Grizzly Bears" [face down, 2/2, tapped]' in table
    assert "hand (1): \"Lightning Bolt\"" in table
    assert "stack, top first (0): -" in table


def test_kicker_written_for_a_multikicker_gets_a_hint(pool: Pool) -> None:
    with pytest.raises(ScenarioError, match="did you mean with multikicker x2"):
        _run(pool, """alice hand: "Joraga Warcaller"
alice battlefield: "Forest" x5
turn 1 main1 alice: cast "Joraga Warcaller" with kicker x2""")
