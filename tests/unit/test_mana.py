"""Mana symbols, costs and payment from a pool (106, 107.4, 202.3, 601.2f)."""
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
