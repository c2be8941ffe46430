"""Mana symbols, costs and payment from a pool (106, 107.4, 202.3, 601.2f), and the remembered
mana plans that say whether sources can pay a cost."""
from __future__ import annotations

from collections import Counter

import pytest

from runtime.mana import ManaError, ManaRequirement, colors_of, mana_value, parse_symbols, pay_from_pool


def test_parse_and_reject() -> None:
    assert parse_symbols("{2}{G}{W/U}{G/P}{X}") == ("{2}", "{G}", "{W/U}", "{G/P}", "{X}")
    for bad in ("{Q}", "{W/W}", "2G", "{G/X}"):
        with pytest.raises(ManaError):
            parse_symbols(bad)


def test_mana_value_and_colors() -> None:
    assert mana_value(("{X}", "{R}", "{R}")) == 2  # 202.3e: X is 0
    assert mana_value(("{2/W}", "{G/P}")) == 3
    assert colors_of(("{2}", "{W/U}")) == frozenset({"W", "U"})


def test_payment_generic_colored_hybrid() -> None:
    req = ManaRequirement.build(("{1}", "{G}", "{W/U}"))
    assert pay_from_pool(Counter({"G": 1, "U": 1}), req) is None
    spent = pay_from_pool(Counter({"G": 2, "U": 1}), req)
    assert spent == Counter({"G": 2, "U": 1})
    assert pay_from_pool(Counter({"G": 3}), req) is None  # the hybrid needs W or U


def test_total_cost_adds_up_and_x() -> None:
    base = ManaRequirement.build(("{X}", "{R}", "{R}"), x=3)
    assert base.total() == 5
    total = base.plus(ManaRequirement.build(("{2}",)))
    assert total.generic == 5 and dict(total.specific) == {"R": 2}


def test_phyrexian_paid_with_life() -> None:
    req = ManaRequirement.build(("{G/P}", "{1}"), phyrexian_life=1)
    assert req.life_for_phyrexian == 2 and req.total() == 1


def test_whether_a_mana_plan_exists_depends_only_on_the_kinds_of_sources() -> None:
    """``plan_exists`` and ``_plan_by_position`` (remembered) against the solver on concrete sources,
    in two orders."""
    import itertools
    from collections import Counter

    from runtime.costs import _plan_by_position, _search_plan, plan_exists
    from runtime.mana import ManaRequirement

    costs = [("{R}",), ("{1}", "{R}"), ("{G}", "{G}"), ("{W/U}",), ("{2/W}",), ("{R/P}", "{1}"), ("{3}",),
             ("{R}", "{G}", "{1}")]
    kinds = [("R",), ("G",), ("R", "G"), ("W", "U", "B", "R", "G")]
    pools: list[dict[str, int]] = [{}, {"R": 1}, {"G": 2}]
    checked = found = 0
    for symbols in costs:
        req = ManaRequirement.build(symbols)
        for counts in itertools.product(range(3), repeat=len(kinds)):
            listed = [k for k, n in enumerate(counts) for _ in range(n)]
            # The same sources numbered both ways: the solver orders them by id among equals.
            sources = [(100 + i, 0, kinds[k]) for i, k in enumerate(listed)]
            renumbered = [(200 - i, 0, kinds[k]) for i, k in enumerate(listed)]
            for pool in pools:
                exists = plan_exists(req, tuple(sorted(pool.items())),
                                     tuple(sorted((kinds[k], n) for k, n in enumerate(counts) if n)))
                for numbered in (sources, renumbered):
                    ordered = sorted(numbered, key=lambda s: (len(s[2]), s[0]))
                    plan = _search_plan(Counter(pool), req, ordered)
                    assert exists == (plan is not None), (symbols, counts, pool)
                    # The remembered plan, by position, is the solver's plan for these sources.
                    by_position = _plan_by_position(req, tuple(sorted(pool.items())), tuple(s[2] for s in ordered))
                    assert plan == (None if by_position is None
                                    else [(ordered[i][0], color) for i, color in by_position])
                checked += 1
                found += exists
    assert checked == len(costs) * 81 * 3 and 0 < found < checked


def test_restricted_x_is_paid_only_with_the_mana_its_restrictions_allow() -> None:
    """106.6, 601.2h: "Spend only colored mana on X. No more than one mana of each color may be spent
    this way." -- the X part of the total cost, kept apart from the generic part."""
    from runtime.mana import COLORS, OneOfEachColor, SpendOnly

    rules = (SpendOnly(COLORS), OneOfEachColor())
    req = ManaRequirement.build(("{X}",), x=2, x_restrictions=rules).plus(ManaRequirement.build(("{2}",)))
    assert req.generic == 2 and req.total() == 4
    assert pay_from_pool(Counter({"G": 4}), req) is None  # one green at most on X
    assert pay_from_pool(Counter({"C": 3, "G": 1}), req) is None  # colorless never on X
    assert pay_from_pool(Counter({"G": 3, "R": 1}), req) == Counter({"G": 3, "R": 1})
    assert pay_from_pool(Counter({"C": 2, "U": 1, "B": 1}), req) == Counter({"C": 2, "U": 1, "B": 1})
    # Two parts under the same restrictions are one part: the cap counts all the mana spent on X.
    twice = ManaRequirement.build(("{X}",), x=1, x_restrictions=rules).plus(
        ManaRequirement.build(("{X}",), x=1, x_restrictions=rules))
    assert len(twice.restricted) == 1 and twice.restricted[0].amount == 2
    assert pay_from_pool(Counter({"W": 2}), twice) is None
    # 601.2f: a reduction takes the unrestricted generic mana first, then the restricted part.
    assert req.reduced(1).generic == 1 and req.reduced(1).restricted == req.restricted
    assert req.reduced(3).generic == 0 and req.reduced(3).restricted[0].amount == 1
    assert req.reduced(5).total() == 0 and req.reduced(5).restricted == ()
    # "Spend only black mana on X": the rest of the cost takes any mana.
    black = ManaRequirement.build(("{X}", "{1}", "{B}"), x=2, x_restrictions=(SpendOnly(("B",)),))
    assert pay_from_pool(Counter({"B": 2, "R": 2}), black) is None
    assert pay_from_pool(Counter({"B": 3, "R": 1}), black) == Counter({"B": 3, "R": 1})


def test_monocolored_hybrid_paid_as_two_generic_does_not_pay_the_colored_symbols_twice() -> None:
    """107.4e: {2/W}{W} is three mana when {2/W} is paid with {2}: W and two colorless pay it, and
    two W and two colorless are not all spent."""
    req = ManaRequirement.build(("{2/W}", "{W}"))
    assert pay_from_pool(Counter({"C": 2, "W": 1}), req) == Counter({"C": 2, "W": 1})
    assert pay_from_pool(Counter({"C": 2, "W": 2}), req) == Counter({"C": 2, "W": 1})
