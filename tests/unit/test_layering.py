"""Which package may import which: ``dsl`` (the language) and ``runtime`` (the engine) import none
of the others; ``compiler`` builds on them but knows nothing of the language server or the command
line; ``langserver`` and ``cardsmith`` (the command line) may use the packages below them.  Every
import counts: at module level, in a function, or under ``TYPE_CHECKING``."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Sequence

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("dsl", "compiler", "runtime", "langserver", "cardsmith")
FORBIDDEN = {
    "compiler": {"cardsmith", "langserver"},
    "dsl": {"compiler", "runtime", "cardsmith"},
    "runtime": {"dsl", "compiler", "langserver", "cardsmith"},
}


def _statements(nodes: Sequence[ast.AST]) -> Iterator[ast.AST]:
    """Every statement of ``nodes``, those in the bodies of the compound ones included (an import
    is a statement: the expressions, most of a module such as the generated parser, are skipped)."""
    for node in nodes:
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            children = getattr(node, name, None)
            if isinstance(children, list):
                yield from _statements(children)


def imports(path: Path) -> list[tuple[int, str]]:
    """Each import in the module at ``path`` (a file of one of :data:`PACKAGES`): its line and
    the top-level package it imports from, relative imports resolved."""
    package = path.relative_to(ROOT).parent.parts  # (where ``from .`` looks, an ``__init__`` too)
    found = []
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"), str(path)).body):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                dotted = [*base, *(node.module.split(".") if node.module else [])]
            else:
                dotted = (node.module or "").split(".")
            found.append((node.lineno, dotted[0] if dotted else ""))
    return found


@lru_cache(maxsize=1)
def import_graph() -> dict[Path, list[tuple[int, str]]]:
    """The imports of every module of :data:`PACKAGES` (subpackages included), by file."""
    return {path: imports(path) for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def test_packages_import_only_what_their_layer_allows() -> None:
    broken = [f"{path.relative_to(ROOT)}:{line}: imports {top}"
              for path, found in import_graph().items()
              for line, top in found if top in FORBIDDEN.get(path.relative_to(ROOT).parts[0], ())]
    assert not broken, "\n".join(broken)


def test_the_scan_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert {path.relative_to(ROOT).parts[0] for path in graph} == set(PACKAGES)
    # In a function body: cardsmith.cli imports the language server only for ``cardsmith lsp``.
    assert {"compiler", "dsl", "runtime", "langserver"} <= {top for _, top in graph[ROOT / "cardsmith" / "cli.py"]}
    # Relative: compiler.build imports its own package only as ``from . import VERSION`` and the like.
    assert "compiler" in {top for _, top in graph[ROOT / "compiler" / "build.py"]}


def _module_imports(path: Path) -> set[str]:
    """The modules of :data:`PACKAGES` that ``path`` imports when it runs (module level or in a
    function; not under ``TYPE_CHECKING``, which never runs), relative imports resolved."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    if path.name == "__init__.py":
        package = package[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for n in ast.walk(node)}
    out: set[str] = set()
    for node in _statements(tree.body):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1]) if node.level else ""
            target = ".".join(x for x in (base, node.module or "") if x)
            out |= {target} | {f"{target}.{a.name}" for a in node.names}
    return out


def test_no_import_cycle_among_the_modules_of_the_language_compiler_and_tools() -> None:
    """The runtime's own layering is tests/unit/test_runtime_layers.py; here, the rest."""
    files = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
             for package in ("dsl", "compiler", "langserver", "cardsmith")
             for p in sorted((ROOT / package).rglob("*.py")) if p.name != "cardparser.py"}
    graph = {m: {t for t in _module_imports(p) if t in files and t != m} for m, p in files.items()}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            m = todo.pop()
            if m == goal:
                return True
            if m not in seen:
                seen.add(m)
                todo += graph[m]
        return False

    cycles = sorted((a, b) for a in graph for b in graph[a] if reaches(b, a))
    assert not cycles, cycles
