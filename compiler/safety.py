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


def check_generated(code: str, filename: str = "<generated>") -> None:
    """Raise :class:`UnsafeCode` unless ``code`` is made only of what the templates produce."""
    try:
        tree = ast.parse(code, filename)
    except SyntaxError as e:
        raise UnsafeCode(f"{filename}: generated code does not parse: {e.msg} at line {e.lineno}") from None
    for node in ast.walk(tree):
        if not isinstance(node, ALLOWED_NODES):
            raise UnsafeCode(f"{filename}:{getattr(node, 'lineno', 0)}: {type(node).__name__} is not allowed "
                             "in generated code")
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module not in ALLOWED_IMPORTS:
            raise UnsafeCode(f"{filename}:{node.lineno}: import from {node.module!r} is not allowed")
        if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            raise UnsafeCode(f"{filename}:{node.lineno}: name {node.id!r} is not allowed")
        if isinstance(node, ast.Attribute) and node.attr.startswith("__"):
            raise UnsafeCode(f"{filename}:{node.lineno}: dunder attribute {node.attr!r} is not allowed")
        if isinstance(node, ast.FunctionDef) and node.name not in ("__init__", "abilities"):
            raise UnsafeCode(f"{filename}:{node.lineno}: function {node.name!r} is not allowed")
