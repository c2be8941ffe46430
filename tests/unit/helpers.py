"""Helpers for compiler tests: compile card text against the shipped keyword library."""
from __future__ import annotations

import os
import shutil
from functools import lru_cache
from pathlib import Path

from compiler.compiling import CardResult, compile_text
from compiler.ir import LibraryIR
from compiler.library import load_library
from compiler.sources import default_pool
from dsl.diagnostics import Diagnostic
from runtime.game import Game
from runtime.pool import Pool
from runtime.tools.random_player import RandomDecider


@lru_cache(maxsize=1)
def library() -> LibraryIR:
    """The shipped keyword library."""
    lib, diags, _ = load_library(sorted((default_pool() / "keywords").glob("*.kw")))
    assert not diags, diags
    return lib


def compile_src(text: str, path: str = "test.card") -> CardResult:
    """Compile one card's source text."""
    return compile_text(text, path, library())


def errors(text: str, path: str = "test.card") -> list[Diagnostic]:
    """The diagnostics for one card's source text."""
    return compile_src(text, path).diagnostics


def age(src: Path) -> None:
    """Date every file under ``src`` a minute back: modified well before any build that records it
    (a build trusts no file modified within its racy window)."""
    old = 1_000_000_000 * (int(os.path.getmtime(src)) - 60)
    for p in src.rglob("*"):
        os.utime(p, ns=(old, old))


def small_pool(tmp_path: Path, cards: tuple[str, ...]) -> Path:
    """``tmp_path/cards``: the keyword library and the shipped ``cards`` (paths like
    ``"l/lightning_bolt.card"``), aged with :func:`age`."""
    src = tmp_path / "cards"
    shutil.copytree(default_pool() / "keywords", src / "keywords")
    for name in cards:
        (src / name).parent.mkdir(exist_ok=True)
        shutil.copy(default_pool() / name, src / name)
    age(src)
    return src


def blank_game(pool: Pool) -> Game:
    """An empty two-player game (players "a" and "b", random deciders seeded 1 and 2) whose cards'
    keywords are resolved through ``pool``."""
    game = Game(["a", "b"], [RandomDecider(1), RandomDecider(2)])
    game.keyword_resolver = pool.keyword
    return game
