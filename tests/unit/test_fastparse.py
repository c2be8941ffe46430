"""The generated card parser (dsl/cardparser.py, dsl/fastparse.py) gives exactly textX's models.

Its objects are of classes generated beside the parser, named after the rules, so the models are
compared by what the compiler reads of them: class names, attributes, source spans, parents.

Every shipped card and keyword file and every documentation example, and for a deterministic
sample of them cuts and one-word mutations (the sample of ``test_grammar_equivalence``: dropped,
doubled, swapped and replaced words, comments and line breaks inserted), is parsed by textX and by
the generated parser.  Where textX gives a model the generated parser must give an equal one
(every object's class, attributes and source span, its parent, the root's file name and line and
column arithmetic); where textX reports a syntax error the generated parser must give nothing, so
that textX is asked and its message is the one an author reads.
"""
from __future__ import annotations

import random
import re
import sys
from typing import Any

import pytest
from arpeggio import NoMatch, Terminal
from textx import TextXSyntaxError, get_children, get_location

from dsl import cardparser, fastparse
from dsl.parsetree import Nt
from dsl.metamodel import card_metamodel, parse_text
from tests.unit.test_grammar_equivalence import dump, mutations, valid_sources, vocabulary


def textx_model(text: str) -> Any:
    """textX's model of ``text``, or None for a syntax error (or textX's recursion limit)."""
    try:
        return card_metamodel().model_from_str(text, file_name="x.card")
    except (TextXSyntaxError, RecursionError):
        return None


def parents(obj: Any, up: Any = None) -> list[tuple[str, Any]]:
    """(class, parent's class and span) of every object, in order."""
    if isinstance(obj, list):
        return [x for o in obj for x in parents(o, up)]
    attrs = getattr(type(obj), "_tx_attrs", None)
    if attrs is None:
        return []
    parent = getattr(obj, "parent", None)
    out = [(type(obj).__name__, None if parent is None else (type(parent).__name__, parent._tx_position))]
    for name in attrs:
        out += parents(getattr(obj, name), obj)
    return out


def same(text: str) -> None:
    expected = textx_model(text)
    got = fastparse.parse_model(text, "x.card")
    if expected is None:
        assert got is None, f"the generated parser accepts what textX rejects: {text!r}"
        return
    assert got is not None, f"the generated parser rejects what textX accepts: {text!r}"
    assert dump(got) == dump(expected), text
    assert parents(got) == parents(expected), text
    # textX's own model utilities walk both alike.
    assert ([type(o).__name__ for o in get_children(lambda _: True, got)]
            == [type(o).__name__ for o in get_children(lambda _: True, expected)])
    assert got._tx_filename == expected._tx_filename
    for pos in range(0, len(text) + 1, 7):
        assert got._tx_parser.pos_to_linecol(pos) == expected._tx_parser.pos_to_linecol(pos)


def test_every_shipped_and_documented_source_gives_textx_model() -> None:
    sources = [s for s in valid_sources() if s.strip()]
    assert len(sources) > 700
    for text in sources:
        same(text)


def cases(step: int, count: int, seed: int = 11) -> list[str]:
    """Cuts and ``count`` one-word mutations of every ``step``-th valid source."""
    rng = random.Random(seed)
    vocab = vocabulary()
    valid = [s for s in valid_sources() if s.strip()]
    return [m for text in valid[3::step] for m in mutations(text, rng, vocab, count) if m.strip()]


def test_cuts_and_mutations_give_textx_model_or_nothing() -> None:
    sample = cases(20, 20)
    assert len(sample) > 1000
    rejected = 0
    for text in sample:
        same(text)
        rejected += textx_model(text) is None
    assert 0.2 < rejected / len(sample) < 0.95  # both outcomes well represented


def arpeggio_shape(node: Any) -> Any:
    """Arpeggio's parse tree as nested tuples: tokens (position, text, rule name) and rule nodes
    (rule name, span, children)."""
    if isinstance(node, Terminal):
        return ("T", node.position, node.value, node.rule_name)
    return ("N", node.rule_name, node.position, node.position_end, tuple(arpeggio_shape(c) for c in node))


def generated_shape(node: Any) -> Any:
    """The generated parser's tree in the same form (a node's rule name from ``RULES``)."""
    if type(node) is tuple:  # a token: (position, text, rule name)
        return ("T", *node)
    assert type(node) is Nt
    return ("N", cardparser.RULES[node.rule][0], node.position, node.position_end,
            tuple(generated_shape(c) for c in node))


def test_parse_trees_are_arpeggio_parse_trees() -> None:
    """Below the models, the trees themselves: every token and rule node Arpeggio makes for
    textX, with its rule name and span, in the same place (every shipped and documented source
    and a sample of cuts and mutations; where Arpeggio fails the generated parser gives nothing)."""
    texts = [s for s in valid_sources() if s.strip()] + cases(40, 10, seed=5)
    assert len(texts) > 1000
    blueprint = card_metamodel()._parser_blueprint
    for text in texts:
        try:
            expected = arpeggio_shape(blueprint.clone().parse(text))
        except (NoMatch, TextXSyntaxError, RecursionError):
            expected = None
        tree = cardparser.CardParser(text).parse()
        assert (None if tree is None else generated_shape(tree)) == expected, text


def test_keyword_end_is_regex_word_boundary() -> None:
    """A keyword (textX's ``word\\b``) ends where no word character follows; the generated
    parser tests that as "not ``str.isalnum()`` and not '_'", which is what ``\\w`` matches in
    Python's re, for every character."""
    every = "".join(chr(i) for i in range(sys.maxunicode + 1))
    assert re.findall(r"\w", every) == [c for c in every if c.isalnum() or c == "_"]


@pytest.mark.parametrize("text", [
    # Comments where the keyword line's arguments stay on its line (ws=' \t'): Arpeggio remembers
    # where comments starting at a position end, whatever whitespace was in force then.
    'card "A" {\n    type creature - Bear\n    pt 2/2\n    flying // c\n    trample\n}\n',
    'card "A" {\n    type creature - Bear\n    pt 2/2\n    kicker {2} // c\n // d\n    {1}: this gets +1/+1 until end of turn.\n}\n',
    'card "A" {\n    type creature - Bear\n    pt 2/2\n    flying, // c\n    trample\n}\n',
    'card "A" { // c\n type instant // d\n spell: draw a card. // e\n} // f',
    'card "A" {\r\n type instant\r\n spell: draw a card.\r\n}\r\n',
    'card "A" {type instant spell: draw a card.}',
    'card "A\\"B" { type instant spell: draw two cards. }',
    # A keyword followed by a non-ASCII word character is no keyword (textX's ``word\\b``).
    'card "Ærwyn, Ö" {\n    type creature - Bear\n    pt 2/2\n    flyingé\n}\n',
    'card "Ærwyn, Ö" {\n    type creature - Bear\n    pt 2/2\n    flying\u00a0trample\n}\n',
    'card "A" {\n    type creature - Bear\n    pt 2/2\n    flying\n}',
    'card "A" {\n    type creature - Bear\n    pt 2/2\n    flying',
    '// only a comment\n',
    'card "A" {} card "B" {}',
])
def test_edge_texts(text: str) -> None:
    same(text)


def depth(obj: Any) -> int:
    """How many model objects deep ``obj`` nests."""
    if isinstance(obj, list):
        return max((depth(x) for x in obj), default=0)
    attrs = getattr(type(obj), "_tx_attrs", None)
    return 0 if attrs is None else 1 + max((depth(getattr(obj, a)) for a in attrs), default=0)


def test_textx_recursion_limit_is_far_beyond_max_depth() -> None:
    """textX's parse of the deepest shipped sources needs under 20 frames per level of nesting, so
    at ``MAX_DEPTH`` levels it is far from Python's limit of 1,000: every model the generated
    parser gives, textX gives too (deeper ones are left to textX)."""
    sources = sorted((s for s in valid_sources() if s.strip()), key=lambda s: depth(textx_model(s)))[-8:]
    assert depth(textx_model(sources[-1])) >= 10
    base = len(__import__("inspect").stack()) + 20
    for text in sources:
        limit = base + 20 * depth(textx_model(text))
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(limit)
        try:
            card_metamodel().model_from_str(text, file_name="x.card")
        finally:
            sys.setrecursionlimit(old)
    assert base + 20 * fastparse.MAX_DEPTH < 1000


def test_valid_text_parses_without_textx() -> None:
    """A text the generated parser takes doesn't load textX (nor its metamodel); one it can't take
    does, and gets its message in words."""
    import subprocess
    code = ("import sys; from dsl.metamodel import parse_text\n"
            "m, d = parse_text('card \"A\" {\\n type instant\\n spell: draw a card.\\n}\\n', 'x.card')\n"
            "assert m is not None and not d and 'textx' not in sys.modules, sorted(sys.modules)\n"
            "m, d = parse_text('card \"A\" {\\n type instant\\n spell: draw a card\\n}\\n', 'x.card')\n"
            "assert m is None and 'textx' in sys.modules\n"
            "print(d[0].line, d[0].col, d[0].message)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("3 20 syntax error: expected '.'"), out


def test_deep_nesting_is_left_to_textx() -> None:
    """A model deeper than ``MAX_DEPTH`` is textX's to parse (its recursion limit says "nesting
    too deep"); the shipped cards are far shallower."""
    text = 'card "A" {\n type instant\n spell: draw a card.\n}\n'
    model = fastparse.parse_model(text, "x.card")
    assert model is not None
    old = fastparse.MAX_DEPTH
    try:
        fastparse.MAX_DEPTH = 2
        assert fastparse.parse_model(text, "x.card") is None
        assert parse_text(text, "x.card")[0] is not None  # textX still parses it
    finally:
        fastparse.MAX_DEPTH = old


def test_parse_text_fast_gives_textx_errors() -> None:
    text = 'card "A" {\n type instant\n spell: draw a card\n}\n'
    assert parse_text(text, "x.card")[1] == parse_text(text, "x.card", fast=False)[1]
    [d] = parse_text(text, "x.card")[1]
    assert (d.line, d.col) == (3, 20) and "'.'" in d.message


def test_locations_of_objects_are_textx_locations() -> None:
    text = 'card "A" {\n    type creature - Bear\n    pt 2/2\n    flying\n}\n'
    a = card_metamodel().model_from_str(text, file_name="x.card")
    b = fastparse.parse_model(text, "x.card")
    for x, y in zip([a, a.items[0], *a.items[0].stmts], [b, b.items[0], *b.items[0].stmts]):
        assert get_location(x) == get_location(y)


def test_generated_builders_make_the_model_and_the_general_builder_agrees() -> None:
    """The model is made by the builders generated per rule (``cardparser.build_model``); the
    general builder, kept for a generated module without them, makes the same objects (textX's,
    which ``same`` checks the generated ones against)."""
    builder = fastparse._builder()
    assert type(builder) is fastparse.GeneratedBuilder and builder.build is cardparser.build_model
    general = fastparse.ModelBuilder(cardparser.RULES, cardparser.CLASSES, cardparser.CONVERT)
    texts = [s for s in valid_sources() if s.strip()] + cases(40, 10, seed=7)
    made = 0
    for text in texts:
        tree = cardparser.CardParser(text).parse()
        if tree is None:
            continue
        try:
            expected = general.model(tree, text, "x.card")
        except Exception:  # noqa: BLE001 - what the general builder refuses, the generated one must
            with pytest.raises(Exception):
                builder.model(tree, text, "x.card")
            continue
        got = builder.model(tree, text, "x.card")
        assert dump(got) == dump(expected), text
        assert parents(got) == parents(expected), text
        assert len(got._tx_parser.made) == len(expected._tx_parser.made)
        made += 1
    assert made > 700


def test_generated_builders_refuse_what_the_general_builder_refuses() -> None:
    """Nesting beyond the limit and a second assignment to a single value raise (the caller then
    asks textX), as with the general builder.  (The generated builders look for a second
    assignment only where the grammar lets one happen: an attribute that two assignments of the
    rule, or one in a repetition, set; the comparisons above show the trees never have others.)"""
    text = valid_sources()[0]
    tree = cardparser.CardParser(text).parse()
    assert tree is not None
    with pytest.raises(cardparser.Unsupported):
        cardparser.build_model(tree, 1, [])
    general = fastparse.ModelBuilder(cardparser.RULES, cardparser.CLASSES, cardparser.CONVERT)

    def objects_with_plain(n: Any) -> Any:
        """(object node, its plain assignment to a single value) pairs under ``n``."""
        if type(n) is tuple:
            return
        name, kind, cls, _ = cardparser.RULES[n.rule]
        if kind == "common":
            for c in n:
                rule = cardparser.RULES[c.rule] if type(c) is Nt else None
                if rule is not None and rule[1] == "plain" and rule[3] not in cardparser.CLASSES[cls]._tx_lists:
                    yield n, c
        for c in n:
            yield from objects_with_plain(c)

    refused = 0
    for text in valid_sources()[:200]:
        tree = cardparser.CardParser(text).parse()
        if tree is None:
            continue
        for obj, assignment in list(objects_with_plain(tree)):
            obj.insert(obj.index(assignment) + 1, assignment)  # the same assignment twice
            try:
                cardparser.build_model(tree, fastparse.MAX_DEPTH, [])
            except cardparser.Unsupported:
                refused += 1
                with pytest.raises(fastparse._Unsupported):
                    general.model(tree, text, "x.card")
            obj.remove(assignment)
    assert refused > 10


def test_out_of_date_parser_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generated parser made from another grammar is never used: textX, the reference, parses
    every text until ``python -m dsl.parsergen`` is run (test_cardparser_is_current.py)."""
    monkeypatch.setattr(cardparser, "GRAMMAR", "0" * 64)
    monkeypatch.setattr(fastparse, "_BUILDER", [])
    text = 'card "A" {\n type instant\n spell: draw a card.\n}\n'
    assert fastparse.parse_model(text, "x.card") is None
    assert parse_text(text, "x.card")[0] is not None
    monkeypatch.undo()
    fastparse._BUILDER.clear()
    assert fastparse.parse_model(text, "x.card") is not None


if __name__ == "__main__":
    # ``python -m tests.unit.test_fastparse [STEP COUNT SEED]``: a larger sweep than the test's.
    step, count, seed = (int(x) for x in (sys.argv[1:4] if len(sys.argv) > 3 else ("1", "40", "1")))
    failures = 0
    sample = cases(step, count, seed)
    for i, text in enumerate(sample):
        try:
            same(text)
        except AssertionError as e:
            failures += 1
            print(f"DIFFERENT: {text!r}\n  {str(e)[:300]}")
        if i % 5000 == 0:
            print(f"{i}/{len(sample)} cases, {failures} different", file=sys.stderr)
    print(f"{len(sample)} cases, {failures} different")
    sys.exit(1 if failures else 0)


def objects(obj: Any) -> list[Any]:
    """``obj`` and the model objects under it, through attribute values and lists."""
    out = [obj]
    for k, v in vars(obj).items():
        if k == "parent" or k.startswith("_tx"):
            continue
        for x in v if isinstance(v, list) else [v]:
            if hasattr(x, "_tx_position"):
                out += objects(x)
    return out


def test_released_model_has_no_cycles_and_is_freed_at_once() -> None:
    """``release`` drops every ``parent`` link (the model's only cycles): the model is freed when
    its last reference goes, with the cyclic collector off."""
    import gc
    import weakref

    text = valid_sources()[0]
    model = fastparse.parse_model(text, "x.card")
    assert model is not None
    children = objects(model)  # (not textX's get_children: its recursive closure is a cycle)
    assert len(children) > 1 and all(hasattr(c, "parent") for c in children[1:])
    fastparse.release(model)
    assert not any(hasattr(c, "parent") for c in children)
    gone = weakref.ref(model)
    enabled = gc.isenabled()
    gc.disable()
    try:
        del model, children
        assert gone() is None
    finally:
        if enabled:
            gc.enable()


def test_compiling_leaves_no_cyclic_garbage() -> None:
    """A build compiles thousands of cards with the cyclic collector paused: compiling a card makes
    no garbage only that collector could free (the released model, no self-referring closure)."""
    import gc

    from compiler.compiling import compile_texts
    from compiler.library import load_library
    from compiler.sources import default_pool, find_sources

    cards, keywords = find_sources([default_pool()])
    library, _, _ = load_library(keywords)
    sources = [(str(p), p.read_text(encoding="utf-8")) for p in sorted(cards)[:40]]
    compile_texts(sources[:5], library)  # (first use: caches filled)
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        results = compile_texts(sources, library)
        assert all(r.code for r in results)
        del results
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_regular_expressions_compiled_on_first_use_or_all_at_once() -> None:
    """The generated parser's patterns are compiled when first matched (a one-card rebuild needs a
    few of them), each stub then replaced by the compiled pattern's ``match``; ``compile_all``
    (a build, before forking its workers) compiles every one."""
    import importlib
    import re as re_module

    fresh = importlib.reload(cardparser)
    try:
        names = list(fresh._PATTERNS)
        assert len(names) > 20 and all(getattr(fresh, n).__name__ == "first" for n in names)
        assert fastparse.parse_model(valid_sources()[0], "x.card") is not None
        used = [n for n in names if getattr(fresh, n).__name__ != "first"]
        assert used and len(used) < len(names)
        for n in used:
            pattern, flags = fresh._PATTERNS[n]
            assert getattr(fresh, n) == re_module.compile(pattern, flags).match
        fresh.compile_all()
        assert all(getattr(fresh, n).__name__ == "match" for n in names)
    finally:
        importlib.reload(cardparser).compile_all()
