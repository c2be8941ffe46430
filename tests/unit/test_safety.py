"""The check of record on generated code (compiler/safety.py, issue 25): an ``ast`` allowlist that
refuses, with the line and the construct, everything the templates never write; the API surface it
allows; its verdict memo; and the caches that hold no pickle."""
from __future__ import annotations

import enum
import inspect
import json
import re
import types
from pathlib import Path

import pytest

from compiler import safety
from compiler.build import build
from compiler.safety import UnsafeCode, api_surface, check_generated, skeleton
from runtime.pool import PACKAGE

HEAD = "from __future__ import annotations\n\nfrom runtime import api as rt\n"
GOOD = HEAD + ("\n\nclass ShockSpell(rt.SpellAbility):\n    text = 'Shock deals 2 damage to any target.'\n"
               "    targets = (\n        rt.TargetSpec(kind=rt.TargetKind.ANY, text='any target'),\n    )\n"
               "    sentences = (\n        rt.Sentence(effects=(rt.DealDamage(amount=rt.Fixed(-2), target=rt.Slot(0)),)),\n"
               "    )\n\n\nCARD = rt.CardDefinition(name='Shock', abilities=(ShockSpell(),), power=None)\n")
KEYWORD = HEAD + ("\n\nclass Zap(rt.Keyword):\n    'Zap (rule 702.1).'\n\n    name = 'Zap'\n\n"
                  "    def __init__(self, price: rt.Cost, n: int) -> None:\n        self.price = price\n        self.n = n\n\n"
                  "    def abilities(self) -> tuple[rt.Ability, ...]:\n        price = self.price\n        n = self.n\n\n"
                  "        class ZapActivated1(rt.ActivatedAbility):\n            cost = price.plus(rt.Cost())\n"
                  "            sentences = (rt.Sentence(effects=(rt.DealDamage(amount=rt.Fixed(n), target=rt.Slot(0)),)),)\n\n"
                  "        return (\n            ZapActivated1(),\n        )\n\nCOUNTERS: tuple[str, ...] = ()\n")

# The bypasses of issue 25: each passed an earlier check.
BYPASSES = [
    HEAD + "from runtime import pool\nCARD = pool.importlib.import_module('o' 's').system('true')\n",
    HEAD + "from runtime import replay\nCARD = replay.Path('x').write_text('x')\n",
]

# Hand-written hostile modules: (module, the construct the message must name).
HOSTILE = [
    (HEAD + "X = rt.Fixed.__init__\n", "__init__"),
    (HEAD + "X = rt.__dict__\n", "'rt.__dict__'"),
    (HEAD + "X = rt.Fixed.__class__\n", "__class__"),
    (HEAD + "X = getattr(rt, 'pool')\n", "a call"),
    (HEAD + "X = rt.Fixed(lambda: 1)\n", "Lambda"),
    (HEAD + "X = rt.pool\n", "'rt.pool'"),
    (HEAD + "X = rt._effects\n", "'rt._effects'"),
    (HEAD + "X = print('x')\n", "a call"),
    (HEAD + "X = rt.Fixed(open)\n", "'open'"),
    ("from runtime import pool\n", "this import"),
    ("from runtime.pool import Pool\n", "this import"),
    ("import os\n", "Import"),
    ("from os import system\n", "this import"),
    ("from .. import index\n", "this import"),
    ("from ..index import KEYWORDS\n", "this import"),
    ("from .kicker import Kicker as rt\n", "import ... as"),
    ("from .kicker import rt\n", "'rt'"),
    (HEAD + "X = ''.__class__\n", "'__class__'"),
    (HEAD + "X = ().__class__.__base__\n", "'__base__'"),
    (HEAD + "@rt.Fixed\nclass A(rt.Ability):\n    x = 1\n", "a decorator"),
    (HEAD + "class A(rt.Ability, metaclass=rt.Fixed):\n    x = 1\n", "a class keyword"),
    (HEAD + "X = f'{rt}'\n", "JoinedStr"),
    (HEAD + "X = (Y := 1)\n", "NamedExpr"),
    (HEAD + "X = [i for i in ()]\n", "ListComp"),
    (HEAD + "X = (i for i in ())\n", "GeneratorExp"),
    (HEAD + "global X\n", "Global"),
    (HEAD + "exec('1')\n", "Expr"),
    (HEAD + "X = exec('1')\n", "a call"),
    (HEAD + "X = rt.Fixed(*rt.Fixed)\n", "Starred"),
    (HEAD + "X = rt.Fixed(**rt.Fixed)\n", "'**'"),
    (HEAD + "X = {**rt.Fixed}\n", "'**'"),
    (HEAD + "X = 1 + 2\n", "BinOp"),
    (HEAD + "X = not 1\n", "this operator"),
    (HEAD + "X = 1 if rt else 2\n", "IfExp"),
    (HEAD + "X = b'x'\n", "bytes literal"),
    (HEAD + "X = 1.5\n", "float literal"),
    (HEAD + "X = [1]\n", "List"),
    (HEAD + "X = rt.Fixed(1)[0]\n", "Subscript"),
    (HEAD + "X: eval('1') = 1\n", "this annotation"),
    (HEAD + "X = 1\nX = 2\n", "a second time"),
    (HEAD + "rt = 1\n", "'rt'"),
    (HEAD + "open = 1\n", "'open'"),
    (HEAD + "X = Y\nY = rt.Fixed\n", "'Y'"),
    (HEAD + "class A(rt.Ability):\n    def helper(self) -> None:\n        return None\n", "FunctionDef"),
    (HEAD + "class A(rt.Ability):\n    def __init__(self, a: int) -> None:\n        self.a = eval('a')\n", "__init__ body"),
    (HEAD + "class A(rt.Ability):\n    def __init__(self, a: int = rt.Fixed(1)) -> None:\n        self.a = a\n",
     "signature"),
    (HEAD + "class A(rt.Ability):\n    def __init__(self, *a: int) -> None:\n        pass\n", "signature"),
    (HEAD + "class A(rt.Ability):\n    def abilities(self) -> tuple[rt.Ability, ...]:\n        del self\n"
     "        return ()\n", "abilities()"),
    (HEAD + "class A(rt.Ability):\n    def abilities(self) -> tuple[rt.Ability, ...]:\n        yield 1\n", "abilities()"),
    (HEAD + "class A(rt.Ability):\n    def abilities(self) -> __import__('os'):\n        return ()\n", "annotation"),
    (HEAD + "class A(eval('x')):\n    x = 1\n", "base class"),
    (HEAD + "class A(rt.Ability):\n    import os\n", "Import"),
    (HEAD + "class A(rt.Ability):\n    Fixed = rt.Fixed\n    B = A\n", "'A'"),
    (HEAD + "class A(rt.Ability):\n    x = rt.Fixed(1)\nclass B(rt.Ability):\n    A = 1\n", "'A'"),
    (HEAD + "X = rt.Fixed(1).amount\n", "'amount'"),
    (HEAD + "X = rt.Zone.__members__\n", "__members__"),
    (HEAD + "X = rt.Zone.mro\n", "'rt.Zone.mro'"),
    (HEAD + "X = rt.ObjectFilter(kind=rt.ObjectKind.ALL)\n", "'rt.ObjectKind.ALL'"),
    (HEAD + "X = rt.Fixed(__builtins__=1)\n", "dunder keyword"),
    (HEAD + "X = rt.Fixed(1)\nif X:\n    X = 2\n", "If"),
    (HEAD + "try:\n    X = 1\nexcept Exception:\n    pass\n", "Try"),
    (HEAD + "with rt.Fixed(1):\n    pass\n", "With"),
    (HEAD + "def f() -> None:\n    pass\n", "FunctionDef"),
    (HEAD + "X = rt.Fixed(1); exec('1')\n", "Expr"),
    (HEAD + "X = rt.\u0435val\n", "rt."),  # (a Cyrillic letter: not an exported name)
    (HEAD + "X = \uff45\uff56\uff41\uff4c('1')\n", "a call"),  # (NFKC: Python reads "eval")
    (HEAD + "X = (\n", "not valid Python"),
    (HEAD + "X = 'a\n", "not valid Python"),
    ("# -*- coding: utf-7 -*-\nX = 1\n", "encoding"),
]


def test_the_bypasses_of_issue_25_are_refused() -> None:
    for module in BYPASSES:
        with pytest.raises(UnsafeCode, match=r"<generated>:\d+: .*import"):
            check_generated(module)


@pytest.mark.parametrize("module, construct", HOSTILE)
def test_hostile_modules_are_refused_naming_line_and_construct(module: str, construct: str) -> None:
    with pytest.raises(UnsafeCode) as e:
        check_generated(module, "m.py")
    message = str(e.value)
    assert re.match(r"m\.py(:\d+)?: ", message), message
    assert construct in message, message
    if "coding" not in module:
        assert re.match(r"m\.py:\d+: ", message), message  # the line, for every refusal the AST gives


def test_what_the_templates_write_is_accepted() -> None:
    check_generated(GOOD)
    check_generated(KEYWORD)
    check_generated(HEAD + "from ..keywords.kicker import Kicker\nCARD = rt.CardDefinition(abilities=(Kicker(rt.Cost()),))\n")
    check_generated(HEAD + "from .search import ActionSearch, ActionReveal\nX = (ActionSearch(), ActionReveal())\n")
    check_generated(HEAD + "X = rt.ObjectFilter(types=('land',), kind=rt.ObjectKind.CARD)\n")  # (an exported enum's member)
    check_generated("'doc'\nKEYWORDS: dict[str, tuple[str, str]] = {\n    'flying': ('evergreen', 'Flying'),\n}\n")


def test_the_memo_gives_a_shape_the_verdict_its_first_module_got() -> None:
    """Two modules that differ only in string literals and (one-to-one) in names of their own have
    one shape; a kept name (rt, a builtin, an API class), a prefix or a triple quote is never
    renamed or hidden."""
    assert skeleton(GOOD) == skeleton(GOOD.replace("Shock", "Bolt")) is not None
    assert skeleton(GOOD) == skeleton(GOOD.replace("ShockSpell", "BoltSpell")) is not None
    for changed in (GOOD.replace("rt.Fixed", "rt.Slot"), GOOD.replace("ShockSpell(),", "open(),"),
                    GOOD.replace("name='Shock'", "name=f'Shock'"), GOOD.replace("CARD =", "__x =")):
        assert skeleton(changed) != skeleton(GOOD)
    for unsure in ("X = '''a' + eval('b') + 'c'''\n", "X = f'{a}'\n", "X = 'a''b'\n", "X = 1 + \\\n 2\n",
                   "X\t= 1\n", "X = 'a\\\n'\n", "# c\rX = eval('1')\n", "X = 'caf\u00e9'\nY = \u00e9\n", "X = '\x00'\n"):
        assert skeleton(unsure) is None, unsure
    safety._MEMO.clear()
    check_generated(GOOD)
    assert skeleton(GOOD) in safety._MEMO
    check_generated(GOOD.replace("Shock", "Bolt").replace("ShockSpell", "BoltSpell"))  # (a memo hit)
    for bad, _ in HOSTILE:
        with pytest.raises(UnsafeCode):
            check_generated(bad)
        assert skeleton(bad) not in safety._MEMO


def test_the_api_exports_only_runtime_classes() -> None:
    """Nothing in ``runtime.api.__all__`` is a module, a function or anything but a class of the
    runtime (so nothing reachable as ``rt.NAME`` imports, touches files or reaches ``os``)."""
    from runtime import api

    for name in api.__all__:
        value = getattr(api, name)
        assert inspect.isclass(value), name
        assert not isinstance(value, types.ModuleType), name
        assert value.__module__.startswith("runtime."), (name, value.__module__)
    surface = api_surface()
    assert surface.classes == frozenset(api.__all__)
    assert surface.members["Zone"] >= {"BATTLEFIELD", "HAND"}
    assert surface.members["ObjectKind"] == {"ANY", "PERMANENT", "CARD", "SPELL", "TOKEN"}
    assert all(issubclass(getattr(api, n), enum.Enum) for n in surface.members)


def test_the_surface_is_kept_as_json_in_the_cache_folder(tmp_path: Path) -> None:
    kept = dict(safety._SURFACE)
    try:
        safety._SURFACE.clear()
        safety.surface_cache_folder(tmp_path)
        first = api_surface()
        (path,) = tmp_path.glob("api-surface-*.json")
        assert json.loads(path.read_text())["classes"] == sorted(first.classes)
        safety._SURFACE.clear()
        safety.surface_cache_folder(tmp_path)
        assert api_surface() == first
    finally:
        safety._SURFACE.clear()
        safety._SURFACE.update(kept)


def test_every_golden_and_shipped_module_is_accepted(pool_dir: Path) -> None:
    golden = Path(__file__).resolve().parents[1] / "golden"
    paths = sorted(golden.rglob("*.py")) + sorted((pool_dir / PACKAGE).rglob("*.py"))
    assert len(paths) > 100
    for path in paths:
        safety._MEMO.clear()  # (the whole check, every one)
        check_generated(path.read_text(encoding="utf-8"), str(path))


def test_the_build_refuses_a_module_the_templates_would_never_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.cli import main
    from compiler import render

    src = tmp_path / "cards"
    src.mkdir()
    (src / "x.card").write_text('card "Hostile" {\n    type land\n}\n', encoding="utf-8")
    real = render.render_card

    def hostile(*args: object, **kwargs: object) -> str:
        code: str = real(*args, **kwargs)  # type: ignore[arg-type]
        return code.replace("\nCARD = ", "\nPWNED = rt.Fixed.__subclasses__()\nCARD = ", 1)
    monkeypatch.setattr(render, "render_card", hostile)
    out = tmp_path / "out"
    assert main(["build", "-j", "1", "-o", str(out), str(src)]) == 1
    err = capsys.readouterr()
    assert "x.card" in err.out + err.err
    assert re.search(r"generated code rejected: .*x\.card:\d+: a call of this", err.out + err.err)
    assert not list((out / PACKAGE / "cards").glob("hostile*.py"))


def test_no_cache_is_a_pickle(tmp_path: Path) -> None:
    """The build's cache folder holds no pickle, and a pickle left there by an earlier version is
    never loaded (a file that would run code if it were)."""
    src = tmp_path / "cards"
    (src / "keywords").mkdir(parents=True)
    from compiler.sources import default_pool
    for kw in default_pool().joinpath("keywords").glob("*.kw"):
        (src / "keywords" / kw.name).write_text(kw.read_text(encoding="utf-8"), encoding="utf-8")
    (src / "x.card").write_text('card "Plain" {\n    type land\n}\n', encoding="utf-8")
    (src / "y.card").write_text('card "Broken" {\n    type\n}\n', encoding="utf-8")  # (textX's turn)
    out = tmp_path / "out"
    build([src], out, jobs=1)
    cache = out / ".cache"
    for path in cache.iterdir():
        assert not path.read_bytes().startswith(b"\x80"), path  # (pickle protocol 2+)
    assert list(cache.glob("library-*.json"))
    trap = tmp_path / "PWNED"
    import pickle

    class Trap:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (Path.touch, (str(trap),))
    for json_file in cache.glob("library-*.json"):
        json_file.with_suffix(".pickle").write_bytes(pickle.dumps(Trap()))
        json_file.unlink()
    (cache / "metamodel-0.pickle").write_bytes(pickle.dumps(Trap()))
    (src / "x.card").write_text('card "Plain Two" {\n    type land\n}\n', encoding="utf-8")
    build([src], out, jobs=1)
    assert not trap.exists()


def test_a_damaged_library_cache_is_lowered_again(tmp_path: Path) -> None:
    from compiler.library import DamagedCache, dump_ir, load_ir
    from tests.unit.helpers import library

    lib = library()
    assert load_ir(dump_ir(lib)) == lib
    # A selector's kind is the runtime's enum (FilterIR extends rt.ObjectFilter): kept by its member's name.
    from compiler.ir.selectors import FilterIR
    from runtime.selectors import ObjectKind
    assert '{"@":"runtime.selectors.ObjectKind","v":"CARD"}' in dump_ir(lib)
    for kind in ObjectKind:
        f = FilterIR(types=("land",), kind=kind, words="w", alternatives=(FilterIR(kind=kind),))
        back = load_ir(dump_ir(f))
        assert back == f and isinstance(back, FilterIR) and back.kind is kind
    for bad in ('{"@": "os.system", "f": ["true"]}', '{"@": "compiler.ir.library.LibraryIR", "f": []}', "[1, {}]",
                '{"@": "compiler.ir.targets.TargetKind", "v": "__class__"}', "not json",
                '{"@": "runtime.selectors.ObjectKind", "v": "ALL"}', '{"@": "runtime.selectors.ObjectKind", "f": []}',
                '{"@": "runtime.stack.StackKind", "v": "SPELL"}'):
        with pytest.raises(DamagedCache):
            load_ir(bad)
