"""The language's mana symbols (``dsl.mana_symbols``) are exactly the engine's (``runtime.mana``):
a script's cost is accepted by the checks if and only if the runtime can take each of its symbols."""
from __future__ import annotations

import re
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from dsl.mana_symbols import SYMBOLS, is_mana_symbol
from runtime.mana import ManaError, check_symbol

# Bodies the grammar's ManaSymbol token reads: 1 to 5 characters, no brace or whitespace.
TOKEN = re.compile(r"\{(?!T\})[^{}\s]{1,5}\}")
# The characters of mana symbols, near misses, and digits str.isdigit takes beyond ASCII.
ALPHABET = "WUBRGCXSP" + "0129" + "/" + "wQT" + "\u00b2\u0663"


def runtime_accepts(symbol: str) -> bool:
    try:
        check_symbol(symbol)
    except ManaError:
        return False
    return True


def test_agree_on_every_short_word() -> None:
    for n in range(1, 5):
        for body in map("".join, product(ALPHABET, repeat=n)):
            symbol = f"{{{body}}}"
            if TOKEN.fullmatch(symbol):
                assert is_mana_symbol(symbol) == runtime_accepts(symbol), symbol


@settings(max_examples=500, database=None)
@given(st.text(min_size=1, max_size=5))
def test_agree_on_any_word(body: str) -> None:
    symbol = f"{{{body}}}"
    if TOKEN.fullmatch(symbol):
        assert is_mana_symbol(symbol) == runtime_accepts(symbol), symbol


def test_table_is_107_4_without_numbers() -> None:
    # 5 colors, {C}, {X}, {S}; 20 ordered hybrid pairs; 5 monocolored hybrid; 5 Phyrexian.
    assert len(SYMBOLS) == 8 + 20 + 5 + 5
    assert all(runtime_accepts(f"{{{s}}}") for s in SYMBOLS)
