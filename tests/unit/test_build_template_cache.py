"""Jinja2's compiled templates are kept in the build's cache folder
(``compiler.compiling._template_cache``): a process that compiles a card after another has kept them
loads them instead of compiling them, writes the same modules, and a damaged cache file only
means compiling the template again."""
from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

import compiler.render as render
from compiler.build import build

from .helpers import small_pool
from .test_build_incremental import _edit, _same_as_fresh

CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card")


@pytest.fixture
def fresh_environment() -> object:
    """A new Jinja2 environment for the test, as in a process of its own (and for the tests after it)."""
    render.environment.cache_clear()
    yield
    render.environment.cache_clear()


def _compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the name of every template Jinja2 compiles from its source."""
    names: list[str] = []
    real = jinja2.Environment.compile

    def spy(self: jinja2.Environment, source: object, name: str | None = None, *args: object,
            **kwargs: object) -> object:
        names.append(str(name))
        return real(self, source, name, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(jinja2.Environment, "compile", spy)
    return names


@pytest.mark.parametrize("damaged", [False, True])
def test_a_later_process_loads_the_card_templates_compiled_by_an_earlier_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_environment: object, damaged: bool) -> None:
    src = small_pool(tmp_path, CARDS)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    kept = sorted((out / ".cache").glob("template-*.cache"))
    assert kept  # the card template (and those it includes)
    if damaged:
        for p in kept:
            p.write_bytes(p.read_bytes()[:40])
    render.environment.cache_clear()  # a new process
    compiled = _compiled(monkeypatch)
    _edit(src / "l" / "lightning_bolt.card", "3 damage", "4 damage")
    report = build([src], out, jobs=1)
    assert report.compiled == 1
    assert ("card.py.j2" in compiled) == damaged
    monkeypatch.undo()
    _same_as_fresh(src, out, tmp_path, report)
