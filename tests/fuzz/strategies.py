"""Hypothesis strategies for card sources: token soups from the grammar's own vocabulary, and
mutations of real card files (deleted, duplicated, swapped tokens; truncation; odd Unicode; very
long names; deep nesting)."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def vocabulary() -> list[str]:
    """Every literal word of the grammar plus typical values (numbers, mana, names, punctuation)."""
    grammar = (ROOT / "dsl" / "cardsmith.tx").read_text(encoding="utf-8")
    words = sorted(set(re.findall(r"'([^'\s]+)'", grammar)) | set(re.findall(r'"([^"\s]+)"', grammar)))
    return words + ["{2}", "{G}", "{W/U}", "{X}", "{T}", "{G/P}", "{Q}", "3", "0", "99999999999999999999",
                    '"Name"', '"Bad \\"quote"', "Forest", "Elf", "Wizzard", "+1/+1", "fade", "kicked",
                    "kicker", "flying", "X", ":", ".", ",", "{", "}", "-", "//", "\n", "\t"]


@lru_cache(maxsize=1)
def real_cards() -> list[str]:
    """The shipped card scripts."""
    return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "cards").rglob("*.card"))]


def _tokens(text: str) -> list[str]:
    return re.findall(r'"(?:\\.|[^"\\])*"|\{[^{}]*\}|\w+|[^\w\s]|\s+', text)


token_soup = st.lists(st.sampled_from(vocabulary()), max_size=60).map(" ".join)
wrapped_soup = st.builds(lambda body: 'card "Fuzz" {\n' + body + "\n}\n", token_soup)
odd_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200)


@st.composite
def mutated_card(draw: st.DrawFn) -> str:
    """A real card with a few random edits."""
    toks = _tokens(draw(st.sampled_from(real_cards())))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "truncate", "unicode", "long", "nest"]))
        if not toks:
            break
        i = draw(st.integers(0, len(toks) - 1))
        j = draw(st.integers(0, len(toks) - 1))
        if op == "delete":
            del toks[i]
        elif op == "duplicate":
            toks.insert(i, toks[i])
        elif op == "swap":
            toks[i], toks[j] = toks[j], toks[i]
        elif op == "insert":
            toks.insert(i, " " + draw(st.sampled_from(vocabulary())) + " ")
        elif op == "truncate":
            toks = toks[:i]
        elif op == "unicode":
            toks.insert(i, draw(odd_text))
        elif op == "long":
            toks.insert(i, '"' + "N" * draw(st.integers(1000, 20000)) + '"')
        elif op == "nest":
            n = draw(st.integers(50, 2000))
            toks.insert(i, "{" * n + "}" * draw(st.integers(0, n)))
    return "".join(toks)


any_source = st.one_of(token_soup, wrapped_soup, mutated_card(), odd_text)
