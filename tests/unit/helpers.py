"""Helpers for compiler tests: compile card text against the shipped keyword library."""
from __future__ import annotations

from functools import lru_cache

from compiler.build import CardResult, compile_text, default_pool, load_library
from compiler.ir import LibraryIR
from dsl.diagnostics import Diagnostic


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
