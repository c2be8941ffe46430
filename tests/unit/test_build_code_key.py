"""The build cache is keyed by the compiler's own code too (``compiler.fingerprint.code_hash``):
after the compiler changes, every card is compiled again and the keyword library lowered again,
never taken from a cache made by other code."""
from __future__ import annotations

from pathlib import Path

import pytest

import compiler.build as build_module
import compiler.library as library_module
from compiler import fingerprint
from compiler.build import build

from .helpers import small_pool

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card")


def test_the_key_covers_the_compiler_the_front_end_and_the_runtime_definitions_it_writes() -> None:
    names = {p.relative_to(p.parents[1]).as_posix() for p in fingerprint.code_files()}
    assert {"compiler/lower.py", "ir/effects.py", "dsl/checks.py", "runtime/selectors.py"} <= names
    assert "dsl/cardparser.py" not in names  # made from the grammar, which has a hash of its own


def test_other_compiler_code_compiles_every_card_and_the_library_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    first = build([src], out, jobs=1)
    assert first.compiled == len(CARDS)
    assert build([src], out, jobs=1).compiled == 0  # same code: all cached
    kept = sorted((out / ".cache").glob("library-*.json"))
    assert len(kept) == 1

    other = "0" * 64
    monkeypatch.setattr(build_module, "code_hash", lambda: other)
    monkeypatch.setattr(library_module, "code_hash", lambda: other)
    again = build([src], out, jobs=1)
    assert again.compiled == len(CARDS) and again.cached == 0
    assert len(sorted((out / ".cache").glob("library-*.json"))) == 2  # lowered again, kept apart
