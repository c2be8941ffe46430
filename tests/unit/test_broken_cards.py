"""A corpus of broken cards, one common mistake each, with the exact messages an author gets
(golden: ``tests/unit/fixtures/broken/expected.txt``; after a deliberate change of wording,
``CARDSMITH_UPDATE_GOLDEN=1 pytest tests/unit/test_broken_cards.py`` rewrites it, and the diff
is reviewed like any other).

What the corpus holds the diagnostics to: every error of a file at once, each on the offending
word, said in words (never a regular expression), with a hint that fits the mistake."""
from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

from compiler.build import check

BROKEN = Path(__file__).parent / "fixtures" / "broken"
GOLDEN = BROKEN / "expected.txt"


def _messages() -> str:
    out: list[str] = []
    for card in sorted(BROKEN.glob("*.card")):
        report = check([card])
        out.append(f"== {card.name}")
        for d in sorted(report.diagnostics):
            out.append(dataclasses.replace(d, path=card.name).format())
    return "\n".join(out) + "\n"


def test_every_broken_card_gets_the_expected_messages() -> None:
    got = _messages()
    if os.environ.get("CARDSMITH_UPDATE_GOLDEN"):
        GOLDEN.write_text(got, encoding="utf-8")
    assert got == GOLDEN.read_text(encoding="utf-8")


def test_the_messages_hold_no_regular_expression_and_each_card_has_one() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    blocks = text.split("== ")[1:]
    assert len(blocks) == len(list(BROKEN.glob("*.card"))) >= 20
    assert all("error:" in b for b in blocks), [b.split("\n")[0] for b in blocks if "error:" not in b]
    assert not re.search(r"\\[bsdw]|\[[a-z]-[a-z]|\(\?:|\)\?|\|\w+\)", text), "a regex in a message"


def test_two_errors_in_one_file_are_both_reported() -> None:
    report = check([BROKEN / "two_errors.card"])
    assert [(d.line, d.col) for d in report.diagnostics] == [(4, 10), (6, 66)]
