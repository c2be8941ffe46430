"""The engine reads in layers (``runtime/__init__.py``): objects and zones, then characteristics,
then actions and effects, then turn structure, then the card pool.

Imports are read from the source (ast), at module level and inside functions alike: both run when
the engine does.  Imports under ``if TYPE_CHECKING:`` are left out: they only name types for the
type checker, and are never executed.  The checks: no engine module imports the tools
(``runtime.tools``); each engine module imports only modules of its own layer or a lower one, per
the table below (which the package docstring lists too); and the import cycles among engine
modules are exactly the justified ones, so a new cycle fails here.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import runtime

RUNTIME = Path(runtime.__file__).parent
TOOLS = "runtime.tools"

# Module (under ``runtime.``) -> its layer.  A new engine module must be placed here.
LAYERS: dict[str, int] = {
    # 1. objects and zones
    "zones": 1, "stickers": 1, "mana": 1, "text_changes": 1, "errors": 1, "decisions": 1, "actions": 1, "objects": 1, "events": 1, "state": 1,
    "versions": 1,
    # 2. characteristics
    "selectors": 2, "values": 2, "continuous": 2, "abilities": 2, "timing": 2, "conditions": 2, "costoptions": 2,
    "resolution": 2, "layers": 2, "creature_types": 2,
    # 3. actions and effects
    "game": 3, "mana_abilities": 3, "costs": 3, "stack": 3, "library_top": 3, "casting": 3, "legality": 3,
    "phasing": 3, "stickering": 3, "facedown": 3, "action_steps": 3, "effects": 3, "permanents": 3,
    # 4. turn structure
    "combat": 4, "leaving": 4, "sba": 4, "turns": 4, "offers": 4, "mulligan": 4,
    # 5. the card pool
    "api": 5, "pool": 5,
}

# Import cycles among engine modules that are justified in the package docstring, each as the set
# of modules on it.  None: every cycle was broken.
JUSTIFIED_CYCLES: set[frozenset[str]] = set()


def _module_name(path: Path) -> str:
    parts = path.relative_to(RUNTIME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(path: Path, *, typing_too: bool = False) -> set[str]:
    """The ``runtime`` modules that ``path`` imports at run time (module level or in a function);
    with ``typing_too``, those imported under ``TYPE_CHECKING`` as well."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str) -> None:
        if target == "runtime" or target.startswith("runtime."):
            found.add(target)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test) and not typing_too:
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                # ``from . import layers`` imports the module ``runtime.layers``.
                submodule = f"{module}.{alias.name}"
                add(submodule if (RUNTIME.parent / (submodule.replace(".", "/") + ".py")).exists()
                    or (RUNTIME.parent / submodule.replace(".", "/")).is_dir() else module)
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    found.discard(name)
    return found


def _engine_modules() -> dict[str, Path]:
    """Every engine module by its name under ``runtime.`` (the package itself and the tools aside)."""
    out = {}
    for path in sorted(RUNTIME.glob("*.py")):
        if path.name != "__init__.py":
            out[path.stem] = path
    return out


def _engine_graph() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports at run time (names under ``runtime.``)."""
    modules = _engine_modules()
    graph: dict[str, set[str]] = {}
    for short, path in modules.items():
        graph[short] = {m.removeprefix("runtime.") for m in _imports(path)
                        if m.removeprefix("runtime.") in modules}
    return graph


def _cycles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan), and self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.add(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_engine_never_imports_the_tools() -> None:
    # Not even for types: the engine is complete without the tools that drive it.
    offenders = {short: sorted(m for m in _imports(path, typing_too=True) if m == TOOLS or m.startswith(TOOLS + "."))
                 for short, path in _engine_modules().items()}
    assert not {k: v for k, v in offenders.items() if v}
    assert not {m for m in _imports(RUNTIME / "__init__.py", typing_too=True) if m.startswith(TOOLS)}


def test_every_engine_module_has_a_layer() -> None:
    assert set(_engine_modules()) == set(LAYERS)


def test_imports_go_to_the_same_layer_or_below() -> None:
    upward = sorted(f"{m} (layer {LAYERS[m]}) imports {d} (layer {LAYERS[d]})"
                    for m, deps in _engine_graph().items() for d in deps if LAYERS[d] > LAYERS[m])
    assert not upward


def test_import_cycles_are_exactly_the_justified_ones() -> None:
    assert _cycles(_engine_graph()) == JUSTIFIED_CYCLES
    # Each justified cycle is named, module by module, in one sentence of the package docstring.
    sentences = " ".join((runtime.__doc__ or "").split()).split(". ")
    for cycle in JUSTIFIED_CYCLES:
        assert any(all(f"``{m}``" in s for m in cycle) for s in sentences), sorted(cycle)


def test_the_package_docstring_lists_the_same_layers() -> None:
    doc = runtime.__doc__ or ""
    listed: dict[str, int] = {}
    layer = 0
    for line in doc.splitlines():
        heading = re.match(r"^(\d)\. ", line)
        if heading:
            layer = int(heading.group(1))
            continue
        entry = re.match(r"^\s+- ``(\w+)``:", line)
        if entry and layer:
            listed[entry.group(1)] = layer
    assert listed == LAYERS


def test_the_checks_see_what_they_should() -> None:
    # The reader finds function-level imports and leaves out TYPE_CHECKING ones: pool imports
    # abilities inside functions only, and game names effects only for types.
    assert "runtime.abilities" in _imports(RUNTIME / "pool.py")
    assert "runtime.effects" not in _imports(RUNTIME / "game.py")
    assert "runtime.effects" in _imports(RUNTIME / "game.py", typing_too=True)
    assert "runtime.layers" in _imports(RUNTIME / "game.py")  # ``from . import layers``
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {frozenset({"a", "b", "c"})}
    assert _cycles({"a": {"a"}}) == {frozenset({"a"})}
