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


def check_generated(code: str, filename: str = "<generated>") -> None:
    """Raise :class:`UnsafeCode` unless ``code`` is made only of what the templates produce."""
    try:
        tree = ast.parse(code, filename)
    except SyntaxError as e:
        raise UnsafeCode(f"{filename}: generated code does not parse: {e.msg} at line {e.lineno}") from None
    # An explicit stack over ``_fields`` rather than ``ast.walk``: it runs for every card of every
    # build, and the generic walk (generators per node) cost as much as rendering.  Node types are
    # compared exactly, so no subclass of an allowed node slips through.
    stack: list[ast.AST] = [tree]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        node = pop()
        kind = type(node)
        if kind not in _ALLOWED_TYPES:
            raise UnsafeCode(f"{filename}:{getattr(node, 'lineno', 0)}: {kind.__name__} is not allowed "
                             "in generated code")
        if kind is ast.ImportFrom:
            assert isinstance(node, ast.ImportFrom)
            if node.level == 0 and node.module not in ALLOWED_IMPORTS:
                raise UnsafeCode(f"{filename}:{node.lineno}: import from {node.module!r} is not allowed")
        elif kind is ast.Name:
            assert isinstance(node, ast.Name)
            if node.id in FORBIDDEN_NAMES:
                raise UnsafeCode(f"{filename}:{node.lineno}: name {node.id!r} is not allowed")
        elif kind is ast.Attribute:
            assert isinstance(node, ast.Attribute)
            if node.attr.startswith("__"):
                raise UnsafeCode(f"{filename}:{node.lineno}: dunder attribute {node.attr!r} is not allowed")
        elif kind is ast.FunctionDef:
            assert isinstance(node, ast.FunctionDef)
            if node.name not in ("__init__", "abilities"):
                raise UnsafeCode(f"{filename}:{node.lineno}: function {node.name!r} is not allowed")
        for field_name in node._fields:
            value = getattr(node, field_name, None)
            if isinstance(value, list):
                extend(v for v in value if isinstance(v, ast.AST))
            elif isinstance(value, ast.AST):
                push(value)
