"""The compiler's constructs are complete in one place each: every grammar alternative of an
instruction, condition or static part has its lowering method, and every IR class renders both
its rules text and its Python (the contributor's recipe, docs/contributing.md, relies on it)."""
from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from compiler.ir import amounts, conditions, effects, references, statics, triggers
from compiler.ir.base import FROZEN
from compiler.lower import _FIXED_PARTS, CardLowering
from dsl.metamodel import card_metamodel

ROOT = Path(__file__).resolve().parents[2]


def _alternatives(rule: str) -> list[str]:
    return [cls.__name__ for cls in card_metamodel()[rule]._tx_inh_by]


@pytest.mark.parametrize("rule, prefix", [("Effect", "effect_"), ("Condition", "condition_"),
                                          ("StaticPart", "static_"), ("ThisEvent", "event_")])
def test_every_grammar_alternative_has_a_lowering_method(rule: str, prefix: str) -> None:
    missing = [alt for alt in _alternatives(rule)
               if not hasattr(CardLowering, prefix + alt) and not (rule == "StaticPart" and alt in _FIXED_PARTS)]
    assert not missing, f"add CardLowering.{prefix}<Rule> for: {missing}"


def _concrete(module: object, base: type) -> list[type]:
    return [c for c in FROZEN if c.__module__ == getattr(module, "__name__") and issubclass(c, base)]


def _overrides(cls: type, base: type, name: str) -> bool:
    return any(name in vars(k) for k in cls.__mro__ if k is not base and issubclass(k, base))


@pytest.mark.parametrize("module, base, methods", [
    (effects, effects.Effect, ("text", "python")),
    (conditions, conditions.Condition, ("text", "python")),
    (amounts, amounts.Amount, ("python",)),
    (references, references.Ref, ("python",)),
    (triggers, triggers.Trigger, ("python",)),
    (statics, statics.StaticPart, ("python",)),
])
def test_every_construct_renders_itself(module: object, base: type, methods: tuple[str, ...]) -> None:
    classes = _concrete(module, base)
    assert classes
    # CantBeRegenerated exists only until lowering folds it into the Destroy before it;
    # Group only words a phrase.
    transient = {effects.CantBeRegenerated, references.Group}
    missing = [(c.__name__, m) for c in classes if c not in transient for m in methods if not _overrides(c, base, m)]
    assert not missing


def test_every_static_part_has_words_or_a_sentence() -> None:
    for c in _concrete(statics, statics.StaticPart):
        assert _overrides(c, statics.StaticPart, "text") or _overrides(c, statics.StaticPart, "sentence"), c


def test_the_compiler_has_no_string_kind_dispatch() -> None:
    """Constructs are told apart by class, never by comparing a ``kind`` string.  (A selector's
    ``kind``, the kind of object it names, is the runtime's enum ``rt.ObjectKind``, compared by
    identity: ``self.kind is ObjectKind.SPELL``.)"""
    pattern = re.compile(r"\bkind\s*(==|!=|\bin\b|\bnot in\b)")
    found = []
    for path in sorted((ROOT / "compiler").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and pattern.search(ast.unparse(node)):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)


def _strings(node: ast.expr) -> bool:
    """A string literal, or a tuple, list or set display holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(_strings(e) for e in node.elts)


def test_no_kind_is_compared_with_a_string() -> None:
    """Neither the compiler nor the runtime compares a ``kind`` (a name or an attribute: a selector's
    ``ObjectFilter.kind``, a stack item's, a target slot's) with a string or strings: each kind is an
    enum's member (``rt.ObjectKind``, ``rt.StackKind``, ``rt.TargetKind``)."""
    found = []
    for path in sorted((ROOT / "compiler").rglob("*.py")) + sorted((ROOT / "runtime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            named = any((isinstance(e, ast.Name) and e.id == "kind") or (isinstance(e, ast.Attribute) and e.attr == "kind")
                        for e in sides)
            if named and any(_strings(e) for e in sides):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)


def test_lowering_methods_take_the_model_node_and_the_targets_condition() -> None:
    for name, fn in inspect.getmembers(CardLowering, inspect.isfunction):
        if name.startswith("effect_"):
            assert list(inspect.signature(fn).parameters) == ["self", "e", "cond"], name
