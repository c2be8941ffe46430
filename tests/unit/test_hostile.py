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


def test_member_writes_only_a_runtime_enum_member() -> None:
    """An enum member reaches generated code as ``rt.ENUM.MEMBER`` only for an enum of the runtime
    (its names are the runtime's, never a script's); anything else is refused."""
    import enum

    from compiler.ir.targets import TargetKind as IRTargetKind
    from compiler.pyexpr import member
    from runtime.selectors import ObjectKind

    assert member(ObjectKind.SPELL) == "rt.ObjectKind.SPELL"
    assert member(ObjectKind.ANY) == "rt.ObjectKind.ANY"
    Foreign = enum.Enum("Foreign", {"X": 1})
    for bad in ("SPELL", IRTargetKind.ANY, Foreign.X, None):
        with pytest.raises(TypeError):
            member(bad)  # type: ignore[arg-type]


# Findings of the fuzzer's cli and cache targets (tests/fuzz/targets.py), each a regression test.

def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from cardsmith.cli import main

    try:
        code = main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [["soak", "--jobs", "99999999999999999999999"], ["check", "-j", "100000"],
                                  ["build", "-j", "1000000", "-o", "x"], ["soak", "--games", "10" * 20],
                                  ["play", "x", "x", "--vs", "search", "--budget", "100001"],
                                  ["play", "x", "x", "--vs", "search", "--budget", "1e9s"],
                                  ["simulate", "x", "x", "--players", "search", "--budget", "9" * 30]])
def test_absurd_numbers_of_jobs_and_games_are_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs 99999999999999999999999`` was an internal error (OverflowError, exit 3), a huge
    ``--games`` would hand out more chunks of seeds than memory holds, and a search budget of a
    billion iterations or seconds a decision played on for ever: all are bounded."""
    code, _, err = _cli(argv, capsys)
    assert code == 2, err
    assert err.startswith("cardsmith: error: argument") and "must be at most" in err and err.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
@pytest.mark.parametrize("option", ["--save-log", "--html"])
def test_an_output_that_is_a_named_pipe_is_refused_at_once(tmp_path: Path, option: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``replay LOG --html FIFO`` waited forever for a reader (after the whole replay)."""
    os.mkfifo(tmp_path / "fifo")
    argv = (["play", "--turns", "1"] if option == "--save-log" else ["replay", str(tmp_path / "log.json")])
    code, _, err = _cli(argv + [option, str(tmp_path / "fifo")], capsys)
    assert code == 2
    assert err == f"cardsmith: error: the {'log' if option == '--save-log' else 'HTML'} file is a named pipe or a " \
                  f"socket, not a file, {tmp_path / 'fifo'}\n"


@pytest.mark.parametrize("name", ["fifo", "/dev/zero"])
def test_an_input_that_is_not_a_regular_file_is_refused_unread(tmp_path: Path, name: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A deck, log or card named on the command line that is a named pipe waited for a writer, and
    ``/dev/zero`` was read until memory ran out: neither is opened now."""
    if name == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("named pipes are a POSIX thing")
        os.mkfifo(tmp_path / "fifo")
        name = str(tmp_path / "fifo")
    elif not Path(name).exists():
        pytest.skip("no /dev/zero here")
    for argv in (["play", "--deck", name, "--deck", name], ["replay", name], ["text", name]):
        code, _, err = _cli(argv, capsys)
        assert code == 2 and err.endswith(f"is not a regular file (a device, a named pipe or a socket), {name}\n"), err


def test_an_oracle_file_of_the_wrong_shape_is_an_error_with_where(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``new NAME --oracle FILE`` with JSON of no known shape printed the message without WHERE."""
    oracle = tmp_path / "oracle.json"
    oracle.write_text("[1, 2, 3]")
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    code, _, err = _cli(["new", "Lightning Bolt", "--pool", str(pool), "--oracle", str(oracle)], capsys)
    assert code == 2
    assert err == f"cardsmith: error: item 0 is not a card record with a name, {oracle}\n"


def test_a_garbled_listing_cache_is_not_read(tmp_path: Path) -> None:
    """A byte changed in ``.cache/listings.marshal`` was read as a card file's name: the build
    then reported an existing card as unreadable.  The listings carry a checksum now."""
    from compiler.sources import LISTINGS

    src = tmp_path / "cards"
    src.mkdir()
    for i in range(3):
        (src / f"card{i}.card").write_text(_card_source(f"Card {i}", "    type land\n"), encoding="utf-8")
    os.utime(src, (1_000_000_000, 1_000_000_000))
    out = tmp_path / "out"
    assert not build([src], out, jobs=1).diagnostics
    listings = out / ".cache" / LISTINGS
    data = bytearray(listings.read_bytes())
    at = data.index(b"card1")
    data[at + 5] ^= 0x80  # card1.card -> card1\xaecard
    listings.write_bytes(bytes(data))
    report = build([src], out, jobs=1)
    assert not report.diagnostics, [d.format() for d in report.diagnostics]
    assert sorted(Pool(out).names()) == ["Card 0", "Card 1", "Card 2"]


def test_coverage_of_an_oracle_file_of_the_wrong_shape_is_an_input_error(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``coverage --oracle FILE`` with JSON of no known shape was an internal error (exit 3)."""
    oracle = tmp_path / "oracle.json"
    oracle.write_text("[1, 2, 3]")
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    code, _, err = _cli(["coverage", "--pool", str(pool), "--oracle", str(oracle)], capsys)
    assert (code, err) == (2, f"cardsmith: error: item 0 is not a card record with a name, {oracle}\n")


def test_paths_that_are_not_utf8_are_printed_escaped_on_stdout(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``build -o OUT`` and ``play --save-log LOG`` printed a path whose bytes aren't UTF-8 as it
    was, which a UTF-8 standard output refuses (an internal error after the work was done)."""
    src = tmp_path / "cards"
    src.mkdir()
    (src / "land.card").write_text(_card_source("Land", "    type land\n"), encoding="utf-8")
    out = tmp_path / os.fsdecode(b"out\xff")
    code, stdout, _ = _cli(["build", str(src), "-o", str(out), "-j", "1"], capsys)
    assert code == 0 and stdout.endswith(f"-> {tmp_path}/out\\xff\n"), stdout
    stdout.encode("utf-8")


@pytest.mark.parametrize("command", [["new", "--all", "{oracle}", "-o", "{tmp}/out", "-v"],
                                     ["new", "Bad \udcff Name", "--oracle", "{oracle}"],
                                     ["coverage", "--oracle", "{oracle}"]])
def test_oracle_json_spelling_a_lone_surrogate_is_refused(tmp_path: Path, command: list[str],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """JSON may spell ``"\\udcff"``, which no UTF-8 stream takes: ``new`` was an internal error and
    ``coverage`` printed what standard output refuses."""
    oracle = tmp_path / "oracle.json"
    oracle.write_text('{"Bad \\udcff Name": {"name": "Bad \\udcff Name", "type_line": "Instant", "text": "Draw."}}')
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    argv = [a.format(oracle=oracle, tmp=tmp_path) for a in command] + ["--pool", str(pool)]
    code, _, err = _cli(argv, capsys)
    assert code == 2 and err.endswith(f"holds a lone surrogate ('\\udcff'), which is not a character, {oracle}\n"), err


@pytest.mark.parametrize("command", [["new", "--all", "{oracle}", "-o", "{tmp}/out", "-v"],
                                     ["new", "X", "--oracle", "{oracle}"],
                                     ["coverage", "--oracle", "{oracle}"]])
@pytest.mark.parametrize("data, said", [
    ('{"X": {"name": 3, "text": null}}', "a record whose name is 3, not a string"),
    ('{"X": {"name": "X", "type_line": 5}}', "the record 'X' has type_line 5, not a string"),
    ('{"X": {"name": "X", "text": "Draw.", "types": "Instant"}}', 'the record \'X\' has types "Instant", not a list'),
    ('{"X": {"name": "X", "text": "", "seed_keywords": [{}]}}', "the record 'X' has seed_keywords [{}], not a list"),
    ('[{"name": "X", "oracle_text": "Draw.", "type_line": ["Instant"]}]', "the record 'X' has type_line [\"Instant\"]"),
    ('{"data": {"X": [{"name": "X", "type": "Instant", "text": 7}]}}', "the record 'X' has text 7, not a string"),
])
def test_oracle_records_with_fields_of_the_wrong_type_are_refused(tmp_path: Path, command: list[str], data: str,
                                                                  said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (seed 400, case 21 of the cli target before its redesign): ``new --all``
    of an Oracle file whose record had a number for its name was an internal error
    (AttributeError, exit 3); any field of the wrong type is now refused, naming the record and
    the field."""
    oracle = tmp_path / "oracle.json"
    oracle.write_text(data)
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    argv = [a.format(oracle=oracle, tmp=tmp_path) for a in command] + ["--pool", str(pool)]
    code, _, err = _cli(argv, capsys)
    assert code == 2 and err.startswith(f"cardsmith: error: {said}") and err.endswith(f", {oracle}\n"), err


def test_a_garbled_library_cache_is_not_rendered(tmp_path: Path) -> None:
    """A letter changed in ``.cache/library-*.json`` (same size, another mtime; found by the fuzzer's
    cache target, seed 200, case 128), then the package deleted: the next build must write the
    package a clean build writes (the file's checksum no longer matches, so the library is lowered
    again)."""
    import shutil

    src = tmp_path / "cards"
    shutil.copytree(default_pool() / "keywords", src / "keywords")
    os.utime(src, (1_000_000_000, 1_000_000_000))
    for p in src.rglob("*"):
        os.utime(p, (1_000_000_000, 1_000_000_000))
    clean, out = tmp_path / "clean", tmp_path / "out"
    build([src], clean, jobs=1)
    build([src], out, jobs=1)
    (cache,) = (out / ".cache").glob("library-*.json")
    data = bytearray(cache.read_bytes())
    at = data.index(b"You may pay an additional")
    data[at + 3] = ord("j")  # "You may" -> "Youjmay"
    st = cache.stat()
    cache.write_bytes(bytes(data))
    os.utime(cache, ns=(st.st_mtime_ns - 10 ** 9, st.st_mtime_ns - 10 ** 9))
    shutil.rmtree(out / PACKAGE)
    build([src], out, jobs=1)
    for module in sorted((clean / PACKAGE / "keywords").glob("*.py")):
        assert (out / PACKAGE / "keywords" / module.name).read_bytes() == module.read_bytes(), module.name


@pytest.mark.parametrize("cards, lacks", [((), "lacks Plains, Island, Swamp, Mountain, Forest"),
                                          (("l/lightning_bolt.card",), "lacks Plains, Island, Swamp, Mountain, Forest"),
                                          (("f/forest.card",), "lacks Plains, Island, Swamp, Mountain ("),
                                          (("f/forest.card", "i/island.card", "m/mountain.card", "p/plains.card",
                                            "s/swamp.card"), "random decks need spells")])
@pytest.mark.parametrize("command", [["play", "--turns", "1"], ["soak", "--games", "1", "--turns", "1"]])
def test_random_decks_from_a_pool_that_cant_make_them_are_an_input_error(tmp_path: Path, command: list[str],
                                                                         cards: tuple[str, ...], lacks: str,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (seed 400, case 425 of the cli target, ``soak --pool /dev``): random
    decks from a pool without spells, or without the basic lands they are made of, were an
    internal error (IndexError, or UnknownCard: exit 3)."""
    import shutil

    pool = tmp_path / "pool"
    shutil.copytree(default_pool() / "keywords", pool / "keywords")
    for card in cards:
        shutil.copy(default_pool() / card, pool / Path(card).name)
    code, _, err = _cli(command + ["--pool", str(pool)], capsys)
    assert code == 2 and err.startswith("cardsmith: error: random decks need ") and lacks in err, err
    assert err.endswith(f", {pool}\n"), err


DEEP_JSON = "[" * 100_000


# The last: JSON nested 100,000 deep (a RecursionError, exit 3).
@pytest.mark.parametrize("oracle", ["[1, 2, 3]", '"x"', "3", '{"Lightning Bolt": []}', "{", DEEP_JSON])
def test_examples_of_a_pool_whose_oracle_file_is_of_another_shape_finds_none(tmp_path: Path, oracle: str,
                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (seed 400, case 407 of the cli target): ``examples`` of a pool whose
    ``oracle.json`` held a list was an internal error (IndexError, exit 3); JSON that is not
    records by name now gives no scripted lines, as unreadable JSON did."""
    import shutil

    pool = tmp_path / "pool"
    pool.mkdir()
    shutil.copy(default_pool() / "l" / "lightning_bolt.card", pool)
    (pool / "oracle.json").write_text(oracle)
    code, out, _ = _cli(["examples", "deals 3 damage", "--pool", str(pool)], capsys)
    assert (code, out) == (1, f"no scripted card of {pool} says anything like that\n")



@pytest.mark.parametrize("command", [["replay", "{file}", "--pool", "{pool}"],
                                     ["coverage", "--oracle", "{file}", "--pool", "{pool}"],
                                     ["new", "X", "--oracle", "{file}", "--pool", "{pool}"],
                                     ["new", "--all", "{file}", "-o", "{tmp}/out", "--pool", "{pool}"]])
def test_json_nested_too_deeply_is_an_input_error(tmp_path: Path, command: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (seed 400, case 1362 of the cli target): a game log holding 100,000
    ``[`` was an internal error (RecursionError, exit 3) in ``replay``, and so was such an Oracle
    file in ``new`` and ``coverage``: one error line with WHERE now (exit 2)."""
    file = tmp_path / "deep.json"
    file.write_text('{"format": 2, "seed": ' + DEEP_JSON)
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    argv = [a.format(file=file, pool=pool, tmp=tmp_path) for a in command]
    code, _, err = _cli(argv, capsys)
    assert code == 2 and err.startswith("cardsmith: error: ") and "nested too deeply" in err, err
    assert err.endswith(f", {file}\n"), err


@pytest.mark.parametrize("oracle, said", [
    ("{", "not JSON"), (DEEP_JSON, "nested too deeply"),
])
def test_new_with_the_pool_s_own_oracle_file_not_json_is_an_input_error(tmp_path: Path, oracle: str, said: str,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``new NAME`` reads the pool's ``oracle.json`` unchecked: one that was not JSON was an
    internal error (JSONDecodeError or RecursionError, exit 3)."""
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    (pool / "oracle.json").write_text(oracle)
    code, _, err = _cli(["new", "X", "--pool", str(pool)], capsys)
    assert code == 2 and said in err and err.endswith(f", {pool / 'oracle.json'}\n"), err


@pytest.mark.parametrize("ref", ["{", DEEP_JSON, '[{"name": "Y", "text": ""}]'])
def test_new_leaves_a_pool_whose_oracle_file_cant_take_the_record_as_it_was(tmp_path: Path, ref: str,
                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``new X --oracle FILE`` into a pool whose own ``oracle.json`` is not JSON, or a list of
    records (a shape ``load_oracle`` reads, but not one the record can be added to by name), was an
    internal error after the card file was written; refused now, the pool unchanged (exit 1)."""
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    (pool / "oracle.json").write_text(ref)
    oracle = tmp_path / "oracle.json"
    oracle.write_text('{"X": {"name": "X", "type_line": "Instant", "text": "Draw a card."}}')
    code, _, err = _cli(["new", "X", "--pool", str(pool), "--oracle", str(oracle)], capsys)
    assert code == 1 and "not adding 'X' to the pool" in err, err
    assert sorted(p.name for p in pool.rglob("*")) == ["keywords", "oracle.json"]


def test_debug_shows_only_an_internal_error_s_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (seed 400, case 13948 of the cli target, ``--debug new X --pool P``, P
    without ``oracle.json``): ``--debug`` let the traceback of a missing input out (exit 1), which
    without it is a one-line error (exit 2); it shows only an internal error's traceback now."""
    pool = tmp_path / "pool"
    (pool / "keywords").mkdir(parents=True)
    for argv in (["new", "X", "--pool", str(pool)], ["--debug", "new", "X", "--pool", str(pool)]):
        code, _, err = _cli(argv, capsys)
        assert (code, err) == (2, f"cardsmith: error: No such file or directory, {pool / 'oracle.json'}\n")


@pytest.mark.parametrize("name, shown", [("\r", "\\r"), (" ", "' '"), ("a\nb.scn", "a\\nb.scn"), ("\t\u2028", "\\t\\u2028")])
def test_an_error_s_where_of_white_space_or_control_characters_stays_visible(name: str, shown: str, tmp_path: Path,
                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (seed 400, case 17757 of the cli target, ``test '\\r' ...``): the error
    line's white space was collapsed, so a path of a carriage return alone vanished (``no such
    scenario file,``) and a newline in a path read as a space; such characters are escaped now."""
    code, _, err = _cli(["test", name, "--pool", str(tmp_path)], capsys)
    assert (code, err) == (2, f"cardsmith: error: no such scenario file, {shown}\n")
