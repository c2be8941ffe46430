"""An AST allowlist for generated modules, checked by the build itself.

Generated code is built only from templates and validated literals, so its shape is known: a
module docstring, ``from __future__``/``runtime``/relative imports, class definitions with
assignments and (for keywords) ``__init__``/``abilities`` methods, and expressions made of
names, attributes, calls, literals and tuples.  Anything else (a call to ``eval``, ``exec``,
``open`` or ``__import__``, a dunder attribute, an import of another module, a lambda, a loop)
means a script escaped its literals, and the build refuses the module.
"""
from __future__ import annotations

import ast
from typing import Any

ALLOWED_NODES: tuple[type[ast.AST], ...] = (
    ast.Module, ast.Expr, ast.Constant, ast.ImportFrom, ast.alias, ast.ClassDef, ast.FunctionDef,
    ast.arguments, ast.arg, ast.Assign, ast.AnnAssign, ast.Return, ast.Name, ast.Load, ast.Store,
    ast.Attribute, ast.Call, ast.keyword, ast.Tuple, ast.Subscript, ast.Dict, ast.BinOp, ast.BitOr,
    ast.UnaryOp, ast.USub,
)
FORBIDDEN_NAMES = frozenset({"eval", "exec", "compile", "open", "__import__", "globals", "locals", "vars",
                             "getattr", "setattr", "delattr", "input", "breakpoint", "os", "sys", "subprocess"})
ALLOWED_IMPORTS = frozenset({"__future__", "runtime"})


class UnsafeCode(Exception):
    """A generated module outside the allowlist."""


_ALLOWED_TYPES = frozenset(ALLOWED_NODES)


def _child_fields(kind: type[ast.AST]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields of an allowed node type that may hold nodes: (one node or None, lists).

    Fields listed in ``_VALUE_FIELDS`` (names, numbers, a constant's value) are never walked, and
    ``ctx`` (Load/Store) is skipped: a name's context follows from the statement it is in, and
    every statement is checked.  A field missing from these tables fails closed: whatever it
    holds (a string, a list) is not an allowed node type, so the module is refused.
    """
    one: list[str] = []
    many: list[str] = []
    for f in kind._fields:
        if f == "ctx" or (kind, f) in _VALUE_FIELDS:
            continue
        (many if f in _LIST_FIELDS.get(kind, ()) else one).append(f)
    return tuple(one), tuple(many)


# Fields of the allowed nodes that hold plain values (names, numbers, a constant's value).
_VALUE_FIELDS = frozenset({
    (ast.Constant, "value"), (ast.Constant, "kind"), (ast.ImportFrom, "module"), (ast.ImportFrom, "level"),
    (ast.alias, "name"), (ast.alias, "asname"), (ast.ClassDef, "name"), (ast.FunctionDef, "name"),
    (ast.FunctionDef, "type_comment"), (ast.arg, "arg"), (ast.arg, "type_comment"),
    (ast.Assign, "type_comment"), (ast.AnnAssign, "simple"), (ast.Name, "id"), (ast.Attribute, "attr"),
    (ast.keyword, "arg"),
})
# Fields of the allowed nodes that hold lists (of nodes, or None for a missing default or a ``**``).
_LIST_FIELDS: dict[type[ast.AST], frozenset[str]] = {
    ast.Module: frozenset({"body", "type_ignores"}),
    ast.ImportFrom: frozenset({"names"}),
    ast.ClassDef: frozenset({"bases", "keywords", "body", "decorator_list", "type_params"}),
    ast.FunctionDef: frozenset({"body", "decorator_list", "type_params"}),
    ast.arguments: frozenset({"posonlyargs", "args", "kwonlyargs", "kw_defaults", "defaults"}),
    ast.Assign: frozenset({"targets"}),
    ast.Call: frozenset({"args", "keywords"}),
    ast.Tuple: frozenset({"elts"}),
    ast.Dict: frozenset({"keys", "values"}),
}
_CHILDREN = {kind: _child_fields(kind) for kind in ALLOWED_NODES}


def check_generated(code: str, filename: str = "<generated>") -> None:
    """Raise :class:`UnsafeCode` unless ``code`` is made only of what the templates produce."""
    try:
        tree = ast.parse(code, filename)
    except SyntaxError as e:
        raise UnsafeCode(f"{filename}: generated code does not parse: {e.msg} at line {e.lineno}") from None
    # An explicit stack rather than ``ast.walk``: it runs for every card of every build, and the
    # generic walk (generators per node, every field of every node) cost as much as rendering.
    # Node types are compared exactly, so no subclass of an allowed node slips through; only the
    # fields that can hold nodes are followed (see ``_CHILDREN``), and anything found there that
    # is not an allowed node type -- whatever it is -- is refused.
    stack: list[Any] = [tree]
    pop, push, extend = stack.pop, stack.append, stack.extend
    children = _CHILDREN
    while stack:
        node = pop()
        if node is None:  # a missing default or annotation, the key of a ``**`` in a dict
            continue
        kind: type[Any] = type(node)
        fields = children.get(kind)
        if fields is None:
            raise UnsafeCode(f"{filename}:{getattr(node, 'lineno', 0)}: {kind.__name__} is not allowed "
                             "in generated code")
        if kind is ast.Name:
            assert isinstance(node, ast.Name)
            if node.id in FORBIDDEN_NAMES:
                raise UnsafeCode(f"{filename}:{node.lineno}: name {node.id!r} is not allowed")
        elif kind is ast.Attribute:
            assert isinstance(node, ast.Attribute)
            if node.attr.startswith("__"):
                raise UnsafeCode(f"{filename}:{node.lineno}: dunder attribute {node.attr!r} is not allowed")
        elif kind is ast.ImportFrom:
            assert isinstance(node, ast.ImportFrom)
            if node.level == 0 and node.module not in ALLOWED_IMPORTS:
                raise UnsafeCode(f"{filename}:{node.lineno}: import from {node.module!r} is not allowed")
        elif kind is ast.FunctionDef:
            assert isinstance(node, ast.FunctionDef)
            if node.name not in ("__init__", "abilities"):
                raise UnsafeCode(f"{filename}:{node.lineno}: function {node.name!r} is not allowed")
        one, many = fields
        for f in one:
            push(getattr(node, f))
        for f in many:
            extend(getattr(node, f))
