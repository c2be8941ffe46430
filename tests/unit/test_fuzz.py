"""Quick fuzzing profile: random and mutated sources end in code or located diagnostics, never a
traceback; and every target of the fuzzer (grammar, cli, keywords, cache, runtime) runs a few
cases without a finding (the long profile is ``python tests/fuzz/run.py --profile long``)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz.check import check_source
from tests.fuzz.run import PROFILES, fuzz
from tests.fuzz.strategies import any_source, mutated_card, wrapped_soup
from tests.fuzz.targets import CaseTimeout, judge_cli, Ran, time_limit

from .helpers import library

if TYPE_CHECKING:
    from runtime.pool import Pool

# (no deadline: on a loaded shared machine one example can take seconds; hangs are the
# fuzzer's time limit's to find, tests/fuzz/run.py)
QUICK = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@QUICK
@given(any_source)
def test_any_source(text: str) -> None:
    check_source(text, library())


@QUICK
@given(mutated_card())
def test_mutated_real_cards(text: str) -> None:
    check_source(text, library())


@QUICK
@given(wrapped_soup)
def test_token_soup_in_a_card(text: str) -> None:
    check_source(text, library())


def test_the_quick_profile_of_every_target_finds_nothing(pool_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    failures = fuzz(PROFILES["quick"], seed=0, quiet=True, pool_dir=pool_dir)
    table = capsys.readouterr().out
    assert not failures, table
    for target in PROFILES["quick"]:
        assert f"\n{target} " in table, table  # every target ran its cases


def test_the_long_profile_is_100000_cases() -> None:
    assert sum(PROFILES["long"].values()) == 100_000
    assert PROFILES["long"].keys() == PROFILES["quick"].keys()


def test_the_cli_oracle_says_no_to_what_it_must() -> None:
    ok = Ran(2, "", "cardsmith: error: no such deck file, x.deck\n")
    assert judge_cli(["play"], ok) == "exit 2"
    for bad in (Ran(3, "", "cardsmith: error: internal error (...), in `cardsmith play`\n"),
                Ran(1, "", "Traceback (most recent call last):\n  File ...\n"),
                Ran(2, "", "cardsmith: error: no where\n"),
                Ran(2, "", "cardsmith: error: one, x\ncardsmith: error: two, y\n"),
                Ran(0, "\udcff", "")):
        with pytest.raises(AssertionError):
            judge_cli(["play"], bad)


def test_a_case_that_hangs_is_stopped() -> None:
    import time

    with pytest.raises(CaseTimeout):
        with time_limit(0.2):
            time.sleep(5)


@pytest.mark.parametrize("seed", [100113, 100152])
def test_a_choice_of_additional_costs_offers_only_what_can_be_paid(pool: "Pool", seed: int) -> None:
    """Found by the soak: "reveal a Goblin card from your hand or pay {3}" (601.2b) offered
    ``pay {3}`` to a player who could reveal a Goblin but not pay {3} more, and the engine then
    refused the cast it had offered (118.3: a cost is offered only if it can be paid, mana
    included); and a spell whose only payable way was ``pay {3}`` was offered without the mana."""
    from runtime.tools.simulate import play_game

    report = play_game(pool, seed, max_turns=20)
    assert not report.violations, report.violations


def test_a_block_requirement_that_would_break_menace_asks_nothing(pool: "Pool") -> None:
    """Found by the soak (seed 108176): Wall of Putrid Flesh had to block Ire Shaman "if able", but Ire
    Shaman has menace and the Wall was alone: 509.1b-c, a requirement is obeyed only as far as no
    restriction is broken, so no block at all is the legal declaration (it was refused, and the
    game stopped)."""
    from runtime.tools.simulate import play_game

    report = play_game(pool, 108176, max_turns=20)
    assert not report.violations, report.violations


def test_a_spell_is_on_the_stack_while_its_splices_are_announced(pool: "Pool") -> None:
    """Found by the soak (seed 100519): Glacial Ray was in the stack zone, but not yet on the stack,
    while its controller was asked which cards to splice onto it; 601.2a: the card becomes the
    topmost object on the stack as it moves there, before modes and splices are announced."""
    from runtime.tools.simulate import play_game

    report = play_game(pool, 100519, max_turns=20)
    assert not report.violations, report.violations
