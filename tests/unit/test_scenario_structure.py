"""Scenario constructs are complete in one place each: every alternative of the scenario grammar
has its loading method, every action, answer and expectation class carries its behaviour, and the
runtime tells constructs apart by class, never by comparing a ``kind`` with a string."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from compiler.scenarios import ScenarioBuilder, scenario_metamodel
from runtime.action_steps import ACTION_STEPS
from runtime.tools.scenario import actions, answers, expectations, judging
from runtime.tools.scenario.actions import Declaration, PriorityAction
from runtime.tools.scenario.answers import ScriptedAnswer
from runtime.tools.scenario.expectations import Expectation, ObjectExpectation

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rule, prefix", [("Statement", "stmt_"), ("Action", "action_"), ("Answer", "answer_"),
                                          ("Check", "check_"), ("ObjectProp", "prop_")])
def test_every_scenario_grammar_alternative_has_a_loading_method(rule: str, prefix: str) -> None:
    # An abstract alternative (a group of checks, e.g. JudgeCheck) stands for its own alternatives.
    todo, alternatives = list(scenario_metamodel()[rule]._tx_inh_by), []
    while todo:
        cls = todo.pop(0)
        if cls._tx_type == "abstract":
            todo.extend(cls._tx_inh_by)
        else:
            alternatives.append(cls.__name__)
    assert alternatives
    missing = [alt for alt in alternatives if not hasattr(ScenarioBuilder, prefix + alt)]
    assert not missing, f"add ScenarioBuilder.{prefix}<Rule> for: {missing}"


def _leaves(module: object, base: type) -> list[type]:
    classes = [c for _, c in inspect.getmembers(module, inspect.isclass)
               if c.__module__ == getattr(module, "__name__") and issubclass(c, base)]
    return [c for c in classes if not any(o is not c and issubclass(o, c) for o in classes)]


@pytest.mark.parametrize("module, base, method", [
    (actions, PriorityAction, "build"),
    (actions, Declaration, "declare"),
    (answers, ScriptedAnswer, "answer"),
    (expectations, Expectation, "check"),
    (expectations, ObjectExpectation, "check_object"),
    (judging, Expectation, "check"),
    (judging, ObjectExpectation, "check_object"),
])
def test_every_scenario_construct_has_its_behaviour(module: object, base: type, method: str) -> None:
    leaves = _leaves(module, base)
    assert leaves
    missing = [c.__name__ for c in leaves if getattr(c, method) is getattr(base, method)]
    assert not missing, f"{method} for: {missing}"


@pytest.mark.parametrize("module, base", [(actions, PriorityAction), (actions, Declaration),
                                          (answers, ScriptedAnswer)])
def test_every_action_and_answer_has_its_word_for_messages(module: object, base: type) -> None:
    assert all(vars(c).get("word") for c in _leaves(module, base))


def test_every_keyword_action_step_kind_has_its_function() -> None:
    from compiler.ir.library import ActionStep
    assert set(ACTION_STEPS) == {s.value for s in ActionStep}


def _compares_kind_with_a_string(node: ast.Compare) -> bool:
    sides = [node.left, *node.comparators]
    names_kind = any(isinstance(s, (ast.Name, ast.Attribute)) and (getattr(s, "id", "") or getattr(s, "attr", ""))
                     .endswith("kind") for s in sides)
    strings = [s for side in sides for s in ([side] if not isinstance(side, (ast.Tuple, ast.List, ast.Set))
                                             else side.elts)
               if isinstance(s, ast.Constant) and isinstance(s.value, str)]
    return names_kind and bool(strings)


def test_the_runtime_has_no_string_kind_dispatch() -> None:
    """Stack items by :class:`~runtime.stack.StackKind`, keyword-action steps by a table of their
    kinds (``ActionStep.kind`` stays a string: generated modules name it), scenario constructs by class."""
    found = []
    for path in sorted((ROOT / "runtime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and _compares_kind_with_a_string(node):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)
