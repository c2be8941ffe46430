"""No compiled template is kept in the build's cache folder (issue 25: nothing a cache holds may be
code the next build runs): Jinja2's marshalled code objects (``template-*.cache``) were, until
session 14; a build writes none, and one left by an earlier version is never read."""
from __future__ import annotations

import marshal
from pathlib import Path

import pytest

import compiler.render as render
from compiler.build import build

from .helpers import small_pool
from .test_build_incremental import _edit

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card")


@pytest.fixture
def fresh_environment() -> object:
    """A new Jinja2 environment for the test, as in a process of its own (and for the tests after it)."""
    render.environment.cache_clear()
    yield
    render.environment.cache_clear()


def test_no_template_code_is_kept_or_loaded(tmp_path: Path, fresh_environment: object) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    assert not list((out / ".cache").glob("template-*"))
    assert render.environment().bytecode_cache is None
    trap = tmp_path / "PWNED"
    code = compile(f"open({str(trap)!r}, 'w').close()", "x", "exec")
    (out / ".cache" / "template-0.cache").write_bytes(b"j2/" + marshal.dumps(code))
    render.environment.cache_clear()  # a new process
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    assert build([src], out, jobs=1).compiled == 1
    assert not trap.exists()
