"""The check of record on generated modules: an ``ast`` allowlist, run by the build on every module
it (re)writes, before writing it.

Generated code is built only from the templates and validated literals (``repr`` of a string or
number, an identifier from :func:`compiler.pyexpr.ident`), so what it may contain is known.  The
module's bytes -- exactly those the build writes, so Python's own reading of them, PEP 263
declaration included, is what gets checked -- are parsed with :mod:`ast`, and every node must be
one of the shapes below; anything else is refused with :class:`UnsafeCode` naming the line and the
construct.  A reviewer can read the whole allowlist here:

- **Module**: an optional docstring; ``from __future__ import annotations``; ``from runtime import
  api as rt`` (the only absolute import, the only use of ``runtime``); relative imports of sibling
  generated modules, ``from .MODULE import A, B`` (a keyword module) and ``from ..keywords.MODULE
  import A`` (a card module), no ``as``; class definitions; ``NAME = EXPR`` and ``NAME: ANNOTATION
  = EXPR``.
- **Classes**: no decorator, no keyword (``metaclass=``), each base ``rt.NAME`` (an exported class)
  or a class bound earlier in the module; a body of an optional docstring, ``NAME = EXPR`` and, in
  a module-level class, the two methods the keyword template writes, in exactly its shapes:
  ``def __init__(self, P: ANNOTATION, ...) -> None:`` whose body is ``self.P = P`` for each
  parameter in order, and ``def abilities(self) -> ANNOTATION:`` whose body is ``P = self.P`` for
  parameters of ``__init__``, nested class definitions (no methods), then ``return EXPR``.
- **Expressions** (EXPR): literals (``str``, ``int``, ``bool``, ``None``; ``-`` before an
  integer), tuples, dict displays (the index), names bound earlier in the module or the method,
  ``rt.NAME`` with NAME a class in ``runtime.api.__all__``, ``rt.ENUM.MEMBER`` with MEMBER a member
  of that exported enum, ``P.mana`` on a keyword parameter; calls only of ``rt.NAME`` (an exported
  class), of a class bound in the module or imported from a sibling, and ``P.plus(...)`` on a
  parameter, with plain positional and keyword arguments (no ``*``/``**``).
- **Annotations**: ``None``, ``str``, ``int``, ``bool``, ``tuple``, ``dict``, ``rt.NAME``, and
  subscripts of ``tuple``/``dict`` by those (``...`` inside one).
- **Names** bound: ASCII identifiers, not a keyword, builtin, dunder or a name the generated code
  itself uses (``rt``, ``self``, ``annotations``), each bound once per scope; a class body may not
  rebind a name of its module or method (it would hide it from the names read after it).
- **No dunder** attribute or name anywhere but the ``__init__`` method's own name and ``__future__``.

So no attribute reaches past the runtime API's exported classes (``rt.__dict__``, ``rt.pool``,
``''.__class__``), no builtin is reachable (``getattr``, ``exec``, ``open``), and nothing runs but
the constructors of runtime classes and of generated classes.  ``runtime.api.__all__`` itself is
read (:func:`api_surface`): only its classes count, so a module or function exported by mistake is
refused where used (and ``tests/unit/test_safety.py`` checks there is none).

**Lexical pre-pass.**  One thing an AST doesn't show: a comment on line 1 or 2 naming an encoding
(PEP 263).  Parsing the bytes honours it as the import does, but the templates never write one, and
a source path carrying ``coding:utf-7`` once turned a literal's ``+ACc-`` into a quote; it is
refused outright.

**Verdict memo (speed, sound).**  Parsing (about 0.11 ms) and walking (about 0.1 ms) each card
module would add seconds to a cold 30,000-card build.  Most modules differ from one already checked
only in their string literals and in names of their own.  :func:`skeleton` maps a module to its
*shape*: each string literal replaced by ``\\x00``, each comment by ``\\x01``, each name not in
:data:`_FIXED_NAMES` (keywords, builtins, dunders and ``_``-names, ``rt``, ``self``, the API's
exported names, the parameter attributes, the import words) renamed ``\\x02N`` by first
occurrence; numbers and every other character kept.  A module that passed the full check records
its shape in a per-process set; a module with a recorded shape is accepted without parsing.

Why that is sound: the shape is made only when Python tokenizes the text exactly as the shape
reads it, else it is None and the module is always fully checked.  Required: no NUL; outside
literals and comments only ASCII letters, digits, ``_``, space, newline and ``()[]{},.:=|>-``
(no quote, ``#``, backslash, tab, ``\\r`` or form feed left over); a literal is a quote, then
characters that are neither that quote, a backslash nor a control character, or a backslash and a
printable character, then the same quote (Python's short string, on one line); no literal right
after a letter, digit or ``_`` (a prefix: ``f''``, ``rb''``) nor right after another literal (so
none is part of a triple quote).  A ``#`` or quote is then, in both readings, where a comment or a
string token starts (leftmost, as the tokenizer finds them), and each ends where Python ends it;
the code between is the same characters in both, so two texts with one shape have the same tokens
but for string contents and a one-to-one renaming of non-fixed names.  The check never looks at a
string's content (only that it is a ``str``), and it treats non-fixed names only by equality and
binding order, the same under a one-to-one renaming; a kept name (a keyword, builtin, ``rt``, an
exported name) can't be renamed into or out of.  So a module with a recorded shape gets the verdict
its first module got.  (A literal whose escape Python refuses, ``'\\x'``, would give a module that
doesn't compile and so runs nothing; ``repr`` never writes one.)  The memo is in memory only, never
on disk, and holds at most :data:`_MEMO_SIZE` shapes.
"""
from __future__ import annotations

import ast
import builtins
import enum
import hashlib
import json
import keyword
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["UnsafeCode", "check_generated", "api_surface", "surface_cache_folder", "skeleton", "ready", "FORBIDDEN_NAMES",
           "RESERVED_NAMES", "Surface"]


class UnsafeCode(Exception):
    """A generated module outside the allowlist."""


# Names generated code itself uses: a script's identifier may never be one of them.
RESERVED_NAMES = frozenset({"rt", "self", "annotations", "runtime", "api"})
# Names a script's identifier may not take (kept for compiler.lower's message): every builtin, the
# reserved names above, and modules' names a reader would take for an escape.
FORBIDDEN_NAMES = frozenset(dir(builtins)) | RESERVED_NAMES | {"os", "sys", "subprocess", "importlib", "pickle"}
# Attributes read off a keyword's parameter (a ``rt.Cost``), each named: ``P.mana`` as a value
# (compiler/ir/effects.py), ``P.plus(...)`` as a call (compiler/ir/costs.py).
PARAMETER_ATTRIBUTES = frozenset({"mana"})
PARAMETER_METHODS = frozenset({"plus"})
# Builtin names allowed in annotations only (never evaluated: ``from __future__ import annotations``).
ANNOTATION_NAMES = frozenset({"str", "int", "bool", "tuple", "dict"})
_METHODS = ("__init__", "abilities")
_LITERAL_TYPES = (str, int, bool, type(None))
_ASCII_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# ---------------------------------------------------------------------------- the API surface


@dataclass(frozen=True)
class Surface:
    """What ``rt.`` may reach: the classes exported by ``runtime.api`` and, for its enums, their
    members (``rt.Zone.HAND``)."""

    classes: frozenset[str]
    members: dict[str, frozenset[str]]


_SURFACE: dict[str, Any] = {}
_SURFACE_FORMAT = 1
_RUNTIME = Path(__file__).resolve().parent.parent / "runtime"


def surface_cache_folder(cache_dir: Path) -> None:
    """Where :func:`api_surface` keeps what it read of ``runtime.api`` (a JSON file keyed by the
    runtime's sources), so that a one-card rebuild needn't import the runtime (0.2 s)."""
    _SURFACE.setdefault("cache_dir", cache_dir)


def _runtime_key() -> str:
    h = hashlib.sha256(f"{_SURFACE_FORMAT}\0{sys.version}\0".encode())
    for p in sorted(_RUNTIME.glob("*.py")):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def _read_surface() -> Surface:
    """``runtime.api.__all__`` read from the module: its classes and its enums' members."""
    import enum

    from runtime import api
    classes: set[str] = set()
    members: dict[str, frozenset[str]] = {}
    for name in api.__all__:
        value = getattr(api, name)
        if not isinstance(value, type) or not value.__module__.startswith("runtime."):
            continue  # (not a runtime class: unreachable from generated code)
        classes.add(name)
        if issubclass(value, enum.Enum):
            members[name] = frozenset(m for m in value.__members__ if not m.startswith("_"))
    return Surface(frozenset(classes), members)


def api_surface() -> Surface:
    """The runtime API's exported surface, read once per process (from the build's cache folder
    when an earlier build kept it there for the same runtime sources)."""
    surface: Surface | None = _SURFACE.get("surface")
    if surface is not None:
        return surface
    cache_dir: Path | None = _SURFACE.get("cache_dir")
    path = cache_dir / f"api-surface-{_runtime_key()}.json" if cache_dir is not None else None
    if path is not None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            surface = Surface(frozenset(data["classes"]), {k: frozenset(v) for k, v in data["members"].items()})
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            surface = None
    if surface is None:
        surface = _read_surface()
        if path is not None:
            data = {"classes": sorted(surface.classes), "members": {k: sorted(v) for k, v in surface.members.items()}}
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # workers may write at once
                tmp.write_text(json.dumps(data), encoding="utf-8")
                os.replace(tmp, path)
            except OSError:
                pass
    _SURFACE["surface"] = surface
    return surface


# ---------------------------------------------------------------------------- the check

# PEP 263: a comment on line 1 or 2 that names an encoding (searched in the first two lines only).
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]", re.M)


def check_generated(code: str, filename: str = "<generated>") -> None:
    """Raise :class:`UnsafeCode` unless ``code`` (written as its UTF-8 bytes) is made only of
    what the templates write (see the module's docstring)."""
    second = code.find("\n", code.find("\n") + 1)  # (the end of line 2; -1: there is none)
    head = code if second < 0 else code[:second]
    if "coding" in head and _CODING.search(head):
        raise UnsafeCode(f"{filename}: a comment on line 1 or 2 declares a source encoding")
    shape = skeleton(code)
    if shape is not None and shape in _MEMO:
        return
    try:
        tree = ast.parse(code.encode("utf-8"), filename)
        _Checker(filename, api_surface()).module(tree)
    except (SyntaxError, ValueError, UnicodeError) as e:
        line = getattr(e, "lineno", None) or 1
        raise UnsafeCode(f"{filename}:{line}: not valid Python: {e.__class__.__name__}") from None
    except (RecursionError, MemoryError):
        raise UnsafeCode(f"{filename}:1: nested too deep") from None
    if shape is not None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO.add(shape)


class _Bound(enum.Enum):
    """What a name is bound to (in :class:`_Scope`)."""

    RT = "runtime.api"
    CLASS = "a class (callable)"
    VALUE = "a value"
    PARAM = "a keyword's parameter"


class _Scope:
    """Names bound so far, each with what it is bound to."""

    def __init__(self, parent: _Scope | None = None) -> None:
        self.parent = parent
        self.kinds: dict[str, _Bound] = {}

    def lookup(self, name: str) -> _Bound | None:
        scope: _Scope | None = self
        while scope is not None:
            if name in scope.kinds:
                return scope.kinds[name]
            scope = scope.parent
        return None


class _Checker:
    def __init__(self, filename: str, surface: Surface) -> None:
        self.filename = filename
        self.surface = surface

    # -- refusing

    def refuse(self, node: ast.AST, what: str) -> UnsafeCode:
        line = getattr(node, "lineno", 1)
        return UnsafeCode(f"{self.filename}:{line}: {what} ({type(node).__name__}) is not allowed")

    def bind(self, scope: _Scope, node: ast.AST, name: str, kind: _Bound, attribute: bool = False) -> None:
        """Bind ``name`` in ``scope``; a class ``attribute`` (never read by name) may be a builtin's
        name (``filter``), but no other reserved name."""
        if not _ASCII_NAME.fullmatch(name) or name.startswith("__") or keyword.iskeyword(name) \
                or keyword.issoftkeyword(name) or name in (RESERVED_NAMES if attribute else FORBIDDEN_NAMES):
            raise self.refuse(node, f"binding the name {name!r}")
        if scope.lookup(name) is not None:
            raise self.refuse(node, f"binding {name!r} a second time")
        scope.kinds[name] = kind

    # -- statements

    def module(self, tree: ast.Module) -> None:
        scope = _Scope()
        body = list(tree.body)
        if body and _is_docstring(body[0]):
            body = body[1:]
        for st in body:
            if isinstance(st, ast.ImportFrom):
                self.import_from(st, scope)
            elif isinstance(st, ast.ClassDef):
                self.class_def(st, scope, methods=True)
            elif isinstance(st, ast.Assign):
                self.assign(st, scope, scope)
            elif isinstance(st, ast.AnnAssign):
                if not isinstance(st.target, ast.Name) or not st.simple or st.value is None:
                    raise self.refuse(st, "this annotated assignment")
                self.annotation(st.annotation)
                self.expr(st.value, scope)
                self.bind(scope, st, st.target.id, _Bound.VALUE)
            else:
                raise self.refuse(st, "this statement")

    def import_from(self, st: ast.ImportFrom, scope: _Scope) -> None:
        names = [(a.name, a.asname) for a in st.names]
        if st.level == 0 and st.module == "__future__" and names == [("annotations", None)]:
            return
        if st.level == 0 and st.module == "runtime" and names == [("api", "rt")]:
            if "rt" in scope.kinds:
                raise self.refuse(st, "importing runtime.api twice")
            scope.kinds["rt"] = _Bound.RT
            return
        parts = (st.module or "").split(".")
        sibling = (st.level == 1 and len(parts) == 1) or (st.level == 2 and len(parts) == 2 and parts[0] == "keywords")
        if not sibling or not all(_ASCII_NAME.fullmatch(p) and not p.startswith("_") and not keyword.iskeyword(p)
                                  for p in parts):
            raise self.refuse(st, "this import (only __future__.annotations, runtime.api as rt, and "
                                  "'.MODULE' or '..keywords.MODULE' of the generated package)")
        for a in st.names:
            if a.asname is not None:
                raise self.refuse(st, "'import ... as' of a generated module's name")
            self.bind(scope, st, a.name, _Bound.CLASS)

    def class_def(self, st: ast.ClassDef, scope: _Scope, methods: bool) -> None:
        if st.decorator_list or st.keywords or getattr(st, "type_params", None):
            raise self.refuse(st, "a decorator, a class keyword or type parameters")
        for base in st.bases:
            if not (self.is_api_class(base) or (isinstance(base, ast.Name) and scope.lookup(base.id) is _Bound.CLASS)):
                raise self.refuse(base, "this base class (only rt.NAME or a class bound before)")
        body = list(st.body)
        if body and _is_docstring(body[0]):
            body = body[1:]
        attrs: set[str] = set()
        params: tuple[str, ...] | None = None
        seen: set[str] = set()
        for item in body:
            if isinstance(item, ast.Assign):
                target = self.assign(item, scope, None)
                if target in attrs:
                    raise self.refuse(item, f"assigning {target!r} a second time")
                attrs.add(target)
            elif isinstance(item, ast.FunctionDef) and methods and item.name in _METHODS and item.name not in seen:
                seen.add(item.name)
                if item.name == "__init__":
                    params = self.init_method(item)
                else:
                    self.abilities_method(item, scope, params or ())
            else:
                raise self.refuse(item, "this statement in a class body")
        self.bind(scope, st, st.name, _Bound.CLASS)  # (bound once its body has run, as Python binds it)

    def assign(self, st: ast.Assign, scope: _Scope, binds: _Scope | None) -> str:
        """``NAME = EXPR``; bound in ``binds`` (None: a class attribute, which may not hide a name
        of ``scope``)."""
        if len(st.targets) != 1 or not isinstance(st.targets[0], ast.Name):
            raise self.refuse(st, "this assignment (only NAME = EXPR)")
        name = st.targets[0].id
        self.expr(st.value, scope)
        if binds is not None:
            self.bind(binds, st, name, _Bound.VALUE)
        else:
            self.bind(_Scope(scope), st, name, _Bound.VALUE, attribute=True)  # (checks the name, and that it hides nothing)
        return name

    def signature(self, fn: ast.FunctionDef) -> list[ast.arg]:
        a = fn.args
        if fn.decorator_list or a.posonlyargs or a.vararg or a.kwonlyargs or a.kw_defaults or a.kwarg \
                or a.defaults or getattr(fn, "type_params", None) or fn.returns is None:
            raise self.refuse(fn, "this method signature")
        if not a.args or a.args[0].arg != "self" or a.args[0].annotation is not None:
            raise self.refuse(fn, "a method whose first parameter is not 'self'")
        self.annotation(fn.returns)
        return a.args[1:]

    def init_method(self, fn: ast.FunctionDef) -> tuple[str, ...]:
        """``def __init__(self, P: ANNOTATION, ...) -> None:`` storing each parameter."""
        args = self.signature(fn)
        if not (isinstance(fn.returns, ast.Constant) and fn.returns.value is None):
            raise self.refuse(fn, "__init__ not annotated '-> None'")
        local = _Scope()
        for arg in args:
            if arg.annotation is None:
                raise self.refuse(arg, "a parameter without an annotation")
            self.annotation(arg.annotation)
            self.bind(local, arg, arg.arg, _Bound.PARAM)
        params = tuple(arg.arg for arg in args)
        stores = [st for st in fn.body if isinstance(st, ast.Assign) and len(st.targets) == 1]
        if len(stores) != len(fn.body) or len(stores) != len(params) or not all(
                _is_self_attr(st.targets[0], p) and isinstance(st.value, ast.Name) and st.value.id == p
                for st, p in zip(stores, params)):
            raise self.refuse(fn, "an __init__ body other than 'self.P = P' for each parameter")
        return params

    def abilities_method(self, fn: ast.FunctionDef, scope: _Scope, params: tuple[str, ...]) -> None:
        """``def abilities(self) -> ANNOTATION:``: ``P = self.P`` lines, nested classes, ``return EXPR``."""
        if self.signature(fn):
            raise self.refuse(fn, "abilities() with parameters")
        local = _Scope(scope)
        body = list(fn.body)
        if not body or not isinstance(body[-1], ast.Return) or body[-1].value is None:
            raise self.refuse(fn, "abilities() not ending in 'return EXPR'")
        for st in body[:-1]:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) \
                    and st.targets[0].id in params and _is_self_attr(st.value, st.targets[0].id):
                self.bind(local, st, st.targets[0].id, _Bound.PARAM)
            elif isinstance(st, ast.ClassDef):
                self.class_def(st, local, methods=False)
            else:
                raise self.refuse(st, "this statement in abilities()")
        self.expr(body[-1].value, local)

    # -- expressions

    def is_api_class(self, node: ast.expr) -> bool:
        return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "rt" \
            and node.attr in self.surface.classes

    def expr(self, node: ast.expr, scope: _Scope) -> None:
        if isinstance(node, ast.Constant):
            if type(node.value) not in _LITERAL_TYPES:
                raise self.refuse(node, f"a {type(node.value).__name__} literal")
        elif isinstance(node, ast.Tuple):
            for e in node.elts:
                self.expr(e, scope)
        elif isinstance(node, ast.Call):
            self.callee(node.func, scope)
            for e in node.args:
                self.expr(e, scope)  # (a ``*x`` is a Starred: refused there)
            for k in node.keywords:
                if k.arg is None or k.arg.startswith("__") or not _ASCII_NAME.fullmatch(k.arg):
                    raise self.refuse(node, "a '**' or dunder keyword argument")
                self.expr(k.value, scope)
        elif isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "rt":
                if node.attr not in self.surface.classes:
                    raise self.refuse(node, f"'rt.{node.attr}' (not a class runtime.api exports)")
            elif isinstance(node.value, ast.Attribute) and self.is_api_class(node.value):
                owner = node.value.attr
                if node.attr not in self.surface.members.get(owner, ()):
                    raise self.refuse(node, f"'rt.{owner}.{node.attr}' (not a member of an exported enum)")
            elif isinstance(node.value, ast.Name) and scope.lookup(node.value.id) is _Bound.PARAM \
                    and node.attr in PARAMETER_ATTRIBUTES:
                pass
            else:
                raise self.refuse(node, f"the attribute {node.attr!r} here")
        elif isinstance(node, ast.Name):
            kind = scope.lookup(node.id)
            if kind is None or kind is _Bound.RT:
                raise self.refuse(node, f"the name {node.id!r} (not bound before in the module)")
        elif isinstance(node, ast.UnaryOp):
            if not (isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant)
                    and type(node.operand.value) is int):
                raise self.refuse(node, "this operator (only '-' before an integer)")
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if key is None:
                    raise self.refuse(node, "'**' in a dict display")
                self.expr(key, scope)
                self.expr(value, scope)
        else:
            raise self.refuse(node, "this expression")

    def callee(self, func: ast.expr, scope: _Scope) -> None:
        if self.is_api_class(func):
            return
        if isinstance(func, ast.Name) and scope.lookup(func.id) is _Bound.CLASS:
            return
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                and scope.lookup(func.value.id) is _Bound.PARAM and func.attr in PARAMETER_METHODS:
            return
        raise self.refuse(func, "a call of this (only rt.NAME, a generated class or P.plus)")

    def annotation(self, node: ast.expr, inner: bool = False) -> None:
        if isinstance(node, ast.Constant) and (node.value is None or (inner and node.value is Ellipsis)):
            return
        if isinstance(node, ast.Name) and node.id in ANNOTATION_NAMES:
            return
        if self.is_api_class(node):
            return
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in ("tuple", "dict"):
            for e in node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]:
                self.annotation(e, inner=True)
            return
        raise self.refuse(node, "this annotation")


def _is_docstring(st: ast.stmt) -> bool:
    return isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant) and type(st.value.value) is str


def _is_self_attr(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.value, ast.Name) \
        and node.value.id == "self"


# ---------------------------------------------------------------------------- the verdict memo

_MEMO: set[str] = set()
_MEMO_SIZE = 8192
# A string literal as Python reads a short one (see the docstring), or a comment to the line's end.
_LITERAL_OR_COMMENT = re.compile(
    r"""'[^'\\\x00-\x1f\x7f]*+(?:\\[^\x00-\x1f\x7f][^'\\\x00-\x1f\x7f]*+)*+'"""
    r"""|"[^"\\\x00-\x1f\x7f]*+(?:\\[^\x00-\x1f\x7f][^"\\\x00-\x1f\x7f]*+)*+\""""
    r"""|#[^\n\r]*+""")
_SHAPE_CHARS = re.compile(r"[A-Za-z0-9_ \n()\[\]{},.:=|>\-\x00\x01]*+")
_UNSURE = re.compile(r"[A-Za-z0-9_\x00]\x00")  # a prefixed literal, or two side by side
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9][A-Za-z0-9_]*")
_FIXED_NAMES: dict[str, Any] = {}


def _fixed_names() -> frozenset[str]:
    names: frozenset[str] | None = _FIXED_NAMES.get("names")
    if names is None:
        names = _FIXED_NAMES["names"] = (
            frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | FORBIDDEN_NAMES | ANNOTATION_NAMES
            | PARAMETER_ATTRIBUTES | PARAMETER_METHODS | frozenset(_METHODS)
            | {"keywords", "__future__", "runtime", "api", "rt", "self"} | api_surface().classes
            | frozenset().union(*api_surface().members.values()))
    return names


def ready() -> None:
    """Read the API's surface and the fixed names now (before a build forks its workers)."""
    _fixed_names()


def skeleton(code: str) -> str | None:
    """The module's shape (see the module's docstring), or None if it can't be read safely."""
    if "\x00" in code or "\x01" in code or "\x02" in code:
        return None
    k = _LITERAL_OR_COMMENT.sub(lambda m: "\x01" if m.group().startswith("#") else "\x00", code)
    if _SHAPE_CHARS.fullmatch(k) is None or _UNSURE.search(k):
        return None
    fixed = _fixed_names()
    renamed: dict[str, str] = {}

    def name(m: re.Match[str]) -> str:
        word = m.group()
        if word in fixed or word[0] == "_" or word[0].isdigit():
            return word
        new = renamed.get(word)
        if new is None:
            new = renamed[word] = f"\x02{len(renamed)}"
        return new
    return _TOKEN.sub(name, k)
