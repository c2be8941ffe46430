"""Card scripts are untrusted: hostile names and strings compile to inert, exact literals."""
from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from compiler.build import build
from compiler.sources import default_pool
from runtime.pool import PACKAGE, Pool

HOSTILE = [
    'Quote " Card',
    "Apostrophe ' Card",
    'Triple """ Quote',
    "Triple ''' Single",
    "Back\\slash",
    'Ends with backslash\\',
    "Newline\nin name",
    "Jinja {{ 7*7 }} and {% raw %}",
    "__import__('os').system('touch PWNED')",
    '"); import os; os.system("touch PWNED"); ("',
    "Unicode \u00e9\u00e8 \u2014 \u4e2d\u6587 \U0001F525",
]


def _escape_for_dsl(name: str) -> str:
    # The language's strings: double-quoted, with \\ \" \n escapes (dsl/strings.py).
    return name.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_name_is_an_inert_literal(tmp_path: Path, name: str) -> None:
    src = tmp_path / "cards"
    src.mkdir()
    (src / "card.card").write_text(
        f'card "{_escape_for_dsl(name)}" {{\n    cost {{R}}\n    type instant\n'
        f'    text "{_escape_for_dsl(name)}\\nsecond line"\n    spell:\n        deal 1 damage to any target.\n}}\n',
        encoding="utf-8")
    out = tmp_path / "out"
    report = build([src], out, jobs=1)
    assert not report.diagnostics, [d.format() for d in report.diagnostics]
    module = next((out / PACKAGE / "cards").glob("[!_]*.py"))
    code = module.read_text(encoding="utf-8")
    tree = ast.parse(code)
    # No call reaches eval/exec/__import__/os, and no name from the script became code.
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            assert node.id in {"rt", "CARD", "annotations"} or node.id.isidentifier()
            assert node.id not in {"eval", "exec", "__import__", "os", "open"}
        if isinstance(node, ast.Attribute):
            assert not node.attr.startswith("__")
    before = set(Path.cwd().iterdir())
    pool = Pool(out)
    (card_name,) = pool.names()
    definition = pool.get(card_name)
    assert definition.name == name
    assert definition.text.endswith("\nsecond line")
    assert set(Path.cwd().iterdir()) == before
    assert not (Path.cwd() / "PWNED").exists() and not (tmp_path / "PWNED").exists()


def test_newline_in_name_stays_a_string(tmp_path: Path) -> None:
    src = tmp_path / "cards"
    src.mkdir()
    (src / "nl.card").write_text('card "Line\\none\\n# comment\\nx = 1" {\n    type land\n}\n', encoding="utf-8")
    out = tmp_path / "out"
    assert not build([src], out, jobs=1).diagnostics
    pool = Pool(out)
    assert pool.get(pool.names()[0]).name == "Line\none\n# comment\nx = 1"


def test_shipped_pool_modules_only_import_the_runtime(pool_dir: Path) -> None:
    for path in sorted((pool_dir / PACKAGE).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                # Cards import keyword modules (level 2); a keyword module may import the keyword
                # actions of a sibling keyword module (level 1, e.g. typecycling's search).
                sibling = node.level == 1 and path.parent.name == "keywords"
                assert node.module in {"__future__", "runtime"} or node.level == 2 or sibling, (path, node.module)
            assert not isinstance(node, ast.Import), path
    assert default_pool().is_dir()


def test_no_encoding_declaration_can_reach_a_module(tmp_path: Path) -> None:
    """PEP 263: a comment on line 1 or 2 naming an encoding makes Python decode the file with it.
    With ``utf-7`` a literal's ``+ACc-`` becomes a quote, so a card in a folder named
    ``coding:utf-7`` with a crafted name would run code when its module is imported.  The
    generated header keeps the source path on line 3, and the allowlist refuses a declaration."""
    from compiler.safety import UnsafeCode, check_generated

    for bad in ("# -*- coding: utf-7 -*-\nx = 1\n", "x = 1\n# vim: set fileencoding=utf-7 :\n",
                "# Generated from '/p/coding:utf-7/a.card'. Do not edit.\nx = 'x+ACc-'\n"):
        with pytest.raises(UnsafeCode):
            check_generated(bad)
    check_generated("'doc'\nx = 1\n# Source: '/p/coding:utf-7/a.card'\n")  # (line 3: not a declaration)
    src = tmp_path / "coding:utf-7"
    src.mkdir()
    name = "x+ACc-; import os; PWNED = os.name +ACM-"
    (src / "card.card").write_text(f'card "{name}" {{\n    type land\n}}\n', encoding="utf-8")
    out = tmp_path / "out"
    assert not build([src], out, jobs=1).diagnostics
    module = next((out / PACKAGE / "cards").glob("[!_]*.py"))
    assert "coding" not in "".join(module.read_text(encoding="utf-8").splitlines(keepends=True)[:2])
    pool = Pool(out)
    assert pool.get(name).name == name
    assert not hasattr(pool._import(f"cards.{module.stem}"), "PWNED")


def test_every_shipped_module_passes_the_allowlist(pool_dir: Path) -> None:
    from compiler.safety import check_generated

    for path in sorted((pool_dir / PACKAGE).rglob("*.py")):
        code = path.read_text(encoding="utf-8")
        check_generated(code, str(path))
        compile(code, str(path), "exec", dont_inherit=True)  # (the check doesn't prove it is valid Python)


def _card_source(name: str, body: str) -> str:
    return f'card "{name}" {{\n{body}}}\n'


# Found by the mutation fuzzer and by hand: each was a traceback; each is now a located error.
CRASHES = [
    ("controller", _card_source("A", "    cost {R}\n    type instant\n    spell:\n"
                                     "        controller manifests the top card of their library.\n"),
     "5:9: error: say whose controller"),
    ("add mana", _card_source("B", "    cost {G}\n    type creature - Bird\n    pt 0/1\n"
                                   "    {T}: add mana of any color.\n"),
     "5:10: error: say how much mana"),
    ("pt digits", _card_source("C", "    cost {G}\n    type creature - Bird\n    pt " + "9" * 4400 + "/1\n"),
     "4:5: error: number too large: 4400 digits"),
    ("damage digits", _card_source("D", "    cost {R}\n    type instant\n    spell:\n        deal "
                                        + "9" * 4400 + " damage to any target.\n"),
     "5:14: error: number too large: 4400 digits"),
]


@pytest.mark.parametrize("label, source, expected", CRASHES, ids=[c[0] for c in CRASHES])
def test_crashing_sources_are_located_errors_and_the_build_goes_on(tmp_path: Path, label: str, source: str,
                                                                   expected: str) -> None:
    src = tmp_path / "cards"
    src.mkdir()
    (src / "bad.card").write_text(source, encoding="utf-8")
    (src / "good.card").write_text(_card_source("Good", "    type land\n"), encoding="utf-8")
    out = tmp_path / "out"
    report = build([src], out, jobs=1)
    assert [d.format().split("\n")[0].split(":", 1)[1][:len(expected)] for d in report.diagnostics] == [expected]
    assert Pool(out).names() == ["Good"]


@pytest.mark.parametrize("name", ["True", "False", "None"])
def test_a_keyword_as_a_card_name_compiles(tmp_path: Path, name: str) -> None:
    src = tmp_path / "cards"
    src.mkdir()
    (src / "card.card").write_text(_card_source(name, "    cost {R}\n    type instant\n    spell:\n"
                                                      "        deal 1 damage to any target.\n"), encoding="utf-8")
    out = tmp_path / "out"
    assert not build([src], out, jobs=1).diagnostics
    assert Pool(out).get(name).name == name


def test_a_file_name_that_is_not_utf8_fails_alone(tmp_path: Path) -> None:
    src = tmp_path / "cards"
    src.mkdir()
    try:
        (src / os.fsdecode(b"bad\xff.card")).write_text(_card_source("Bad", "    type land\n"), encoding="utf-8")
    except (OSError, UnicodeError):
        pytest.skip("the file system refuses a name that is not UTF-8")
    (src / "good.card").write_text(_card_source("Good", "    type land\n"), encoding="utf-8")
    out = tmp_path / "out"
    for _ in range(2):  # the cold build, then the rebuild through the cache
        report = build([src], out, jobs=1)
        assert [d.message for d in report.diagnostics] == ["the file's name is not valid UTF-8: rename it"]
        assert report.diagnostics[0].path.endswith("bad\\xff.card")
        assert Pool(out).names() == ["Good"]


@pytest.mark.parametrize("param", ["exec", "os", "sys", "__import__", "lambda", "None", "self", "rt", "print",
                                   "\uff45xec", "_x", "Cap", "name", "targets", "sentences"])
@pytest.mark.parametrize("used", [False, True])
def test_keyword_parameter_names_are_checked(tmp_path: Path, param: str, used: bool) -> None:
    """A parameter becomes a local and an attribute in the keyword's module: one Python would
    read as something else, or one that hides a name the module uses, is a located error."""
    src = tmp_path / "cards"
    (src / "keywords").mkdir(parents=True)
    for kw in default_pool().joinpath("keywords").glob("*.kw"):
        (src / "keywords" / kw.name).write_text(kw.read_text(encoding="utf-8"), encoding="utf-8")
    amount = param if used else "1"
    (src / "keywords" / "zap.kw").write_text(
        f'keyword Zap({param}: number) rule 702.1 {{\n    reminder "z"\n'
        f'    {{T}}: deal {amount} damage to any target.\n}}\n', encoding="utf-8")
    (src / "good.card").write_text(_card_source("Good", "    type land\n"), encoding="utf-8")
    report = build([src], tmp_path / "out", jobs=1)
    assert report.diagnostics
    first = report.diagnostics[0]
    assert first.path.endswith("zap.kw") and first.line in (1, 3), first.format()


def test_template_names_cover_what_the_templates_assign() -> None:
    """Every class attribute the templates write is refused as a parameter name (but "cost",
    which the shipped keywords use and only an activated ability's class sets)."""
    import re

    from compiler.lower import TEMPLATE_NAMES

    templates = Path(__file__).resolve().parents[2] / "compiler" / "templates"
    assigned = set()
    for t in ("ability.j2", "keywords.py.j2"):
        assigned |= set(re.findall(r"^(?:\{\{ indent \}\})? {4}(\w+) = ", (templates / t).read_text(), re.M))
    assert assigned - {"cost"} <= TEMPLATE_NAMES, assigned - TEMPLATE_NAMES


def test_a_card_name_too_long_for_a_file_name_is_refused_by_check(tmp_path: Path) -> None:
    """A name makes the module's file name: past 200 characters, ``check`` refuses it rather
    than ``build`` failing on "File name too long"."""
    from compiler.lower import MAX_NAME

    src = tmp_path / "cards"
    src.mkdir()
    (src / "long.card").write_text(_card_source("A" * 300, "    type land\n"), encoding="utf-8")
    (src / "most.card").write_text(_card_source("B" * MAX_NAME, "    type land\n"), encoding="utf-8")
    (src / "most2.card").write_text(_card_source("b" * MAX_NAME, "    type land\n"), encoding="utf-8")
    assert [(d.path[-9:], d.line, d.col) for d in build([src], None, jobs=1).diagnostics] == [("long.card", 1, 1)]
    out = tmp_path / "out"
    report = build([src], out, jobs=1)
    assert len(report.diagnostics) == 1 and "at most 200 characters" in report.diagnostics[0].message
    assert sorted(Pool(out).names()) == ["B" * MAX_NAME, "b" * MAX_NAME]  # (one module name, one renamed)


@pytest.mark.parametrize("bad", ["name\n", "na me", "", "1x", "\uff45xec", "x.y", "x\x00", "class", "match", "None",
                                 "open", "getattr", "Ellipsis", "rt", "self", "annotations", "__init__", "__x",
                                 "caf\u00e9"])
def test_ident_refuses_anything_but_a_plain_identifier(bad: str) -> None:
    """``$`` in a ``re.match`` pattern would let ``"name\\n"`` through: ``ident`` uses fullmatch,
    and refuses keywords (soft ones too), builtins, dunders and the generated code's own names."""
    from compiler.pyexpr import ident

    with pytest.raises(ValueError):
        ident(bad)
    assert ident("Name_1") == "Name_1"
