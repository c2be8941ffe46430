"""Quick fuzzing profile: random and mutated sources end in code or located diagnostics, never a
traceback (the long run is tests/fuzz/run.py)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from tests.fuzz.check import check_source
from tests.fuzz.strategies import any_source, mutated_card, wrapped_soup

from .helpers import library

QUICK = settings(max_examples=150, deadline=5000, suppress_health_check=list(HealthCheck), database=None)


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
