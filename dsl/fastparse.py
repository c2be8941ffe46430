"""Parsing a card file with the generated parser, into the model textX would build.

:mod:`dsl.cardparser` (generated from the grammar by :mod:`dsl.parsergen`) matches a text the way
Arpeggio does for textX and returns the same parse tree (:mod:`dsl.parsetree`); model builders
generated beside the parser, one function per rule making objects (``cardparser.build_model``,
used through :class:`GeneratedBuilder`), turn that tree into model objects the way
``textx.model.parse_tree_to_objgraph`` does: objects of classes named after the rules (generated
too, so that neither textX nor its metamodel need be loaded), with the same attributes, defaults,
``parent`` links and positions.  :class:`ModelBuilder` does the same from the rules' table alone
(a general walk, slower than builders that know each rule's shape): it is used for a generated
module without the builders, and the tests check the two agree.
The compiler reads a model by its classes' names and attributes only, so it can't tell the two
apart, and the tests check that nothing differs (``tests/unit/test_fastparse.py``: every shipped
card and keyword file, every documented example and thousands of mutations of them give equal
models, or both fail).

:func:`parse_model` returns None whenever it can't give exactly textX's answer -- the text isn't in
the language (textX then parses it again to say why), the generated parser is out of date, or the
model would need something this builder doesn't do -- and the caller parses with textX instead.
"""
from __future__ import annotations

import bisect
import os
from typing import Any

from .parsetree import Nt

# Models nested deeper than this are left to textX, whose recursion limit decides whether they
# are "nesting too deep": the shipped cards nest at most 11 objects deep, and textX needed at
# most about 7 frames of Python's 1,000 per level for them (tests/unit/test_fastparse.py checks 20).
MAX_DEPTH = 24


class _Unsupported(Exception):
    """Something textX would do differently or report: let textX parse this text."""


class Positions:
    """What a model's ``_tx_parser`` is asked for: ``pos_to_linecol`` (Arpeggio's arithmetic,
    including its quirks) and the file name."""

    def __init__(self, text: str, file_name: str | None, made: list[dict[str, Any]] | None = None) -> None:
        self.input = text
        self.file_name = file_name
        self.line_ends: list[int] = []
        # The ``__dict__`` of every object of the model that has a ``parent`` (see :func:`release`).
        self.made: list[dict[str, Any]] = made if made is not None else []

    def pos_to_linecol(self, pos: int) -> tuple[int, int]:
        """(line, column), 1-based, of offset ``pos``, as ``arpeggio.Parser.pos_to_linecol``."""
        if not self.line_ends:
            i = self.input.find("\n")
            while i >= 0:
                self.line_ends.append(i)
                i = self.input.find("\n", i + 1)
        line = bisect.bisect_left(self.line_ends, pos)
        col = pos
        if line > 0:
            col -= self.line_ends[line - 1]
            if self.input[self.line_ends[line - 1]] in "\n\r":
                col -= 1
        return line + 1, col + 1


# What a parse-tree node was made by (``RULES``' kinds): a rule making objects, an abstract rule,
# a match rule, the whole file, then the assignments (an optional '?=', a plain '=', one or many
# '+=' / '*=').
_COMMON, _ABSTRACT, _MATCH, _MODEL, _OPTIONAL, _PLAIN, _MANY = range(7)
_KINDS = {"common": _COMMON, "abstract": _ABSTRACT, "match": _MATCH, "model": _MODEL,
          "optional": _OPTIONAL, "plain": _PLAIN}  # anything else: 'oneormore', 'zeroormore', 'list'


class ModelBuilder:
    """Makes model objects from a generated parse tree: :mod:`dsl.cardparser`'s model classes
    (named after the rules, with textX's attributes and defaults) and conversions."""

    def __init__(self, rules: tuple[tuple[str, str, str, str], ...], classes: dict[str, Any],
                 convert: dict[str, Any]) -> None:
        self.processors = convert
        self.made: list[dict[str, Any]] = []  # the model being built's (see Positions.made)
        self.rules = [(name, _KINDS.get(kind, _MANY), classes[cls] if kind == "common" else None, attr)
                      for name, kind, cls, attr in rules]
        # The same, column by column (indexed by a node's ``rule``: one lookup each per node).
        self.kinds = [kind for _, kind, _, _ in self.rules]
        self.classes = [cls for _, _, cls, _ in self.rules]
        self.attrs = [attr for _, _, _, attr in self.rules]
        self.names = [name for name, _, _, _ in self.rules]
        # A match rule's conversion (None: its text as it is).
        self.match_convert = [convert.get(name) for name, _, _, _ in self.rules]
        # Per class: its defaults and list attributes.
        self.init = {cls: (cls._tx_defaults, cls._tx_lists) for cls in self.classes if cls is not None}

    def model(self, tree: Nt, text: str, file_name: str | None) -> Any:
        """The model of a parse tree of rule ``Model`` (the whole file), with what textX records
        on a model's root: the file name (absolute, as textX has it) and, as ``_tx_parser``,
        what turns offsets into lines and columns."""
        made: list[dict[str, Any]] = []
        self.made = made
        model = self.node(tree[0], None, 0)
        if file_name is not None:
            file_name = os.path.abspath(file_name)
        model._tx_filename = file_name
        model._tx_parser = Positions(text, file_name, made)
        return model

    def node(self, n: Any, obj: Any, depth: int) -> Any:
        """``parse_tree_to_objgraph``'s ``process_node``: ``obj`` is the object being built (its
        attributes take the assignments; it is the parent of the objects made), None at the root,
        and ``depth`` how many objects enclose ``n``."""
        kinds = self.kinds
        while True:
            if type(n) is tuple:  # a token
                f = self.processors.get(n[2])
                return n[1] if f is None else f(n[1])
            kind = kinds[n.rule]
            if kind == _COMMON:
                return self.obj(n, self.classes[n.rule], obj, depth)
            if kind == _ABSTRACT:
                if len(n) > 1:
                    for c in n:
                        if type(c) is not tuple:
                            return self.node(c, obj, depth)
                    return "".join(c[1] for c in n)
                if not n:
                    raise _Unsupported("empty abstract node")
                n = n[0]
                continue
            if kind == _MATCH:
                return self.match(n)
            if kind == _MODEL:
                raise _Unsupported("nested model node")
            self.assign(n, kind, self.attrs[n.rule], obj, depth)
            return None

    def obj(self, n: Nt, cls: Any, parent: Any, depth: int) -> Any:
        """A model object of class ``cls`` from node ``n`` of its rule."""
        if depth >= MAX_DEPTH:
            raise _Unsupported("nesting")
        # (The class has no __init__: calling it is ``cls.__new__(cls)`` in half the time; and a
        # __dict__ made whole is set sooner than one filled in.)
        inst = cls()
        defaults, lists = self.init[cls]
        d = defaults.copy()
        for k in lists:
            d[k] = []
        # Nt.position and Nt.position_end, here without two calls.
        x: Any = n
        while type(x) is Nt:
            if not x:
                break
            x = x[0]
        d["_tx_position"] = 0 if type(x) is Nt else x[0]
        x = n
        while type(x) is Nt:
            if not x:
                break
            x = x[-1]
        d["_tx_position_end"] = x.position if type(x) is Nt else x[0] + len(x[1])
        inst.__dict__ = d
        processors = self.processors
        kinds = self.kinds
        depth += 1
        for c in n:
            if type(c) is tuple:
                # textX converts a token that is no attribute's value too, and drops the result:
                # only a converter could make that matter (by failing).
                f = processors.get(c[2])
                if f is not None:
                    f(c[1])
                continue
            kind = kinds[c.rule]
            if kind == _PLAIN and len(c) == 1:
                # The usual assignment, done here: ``assign`` (plain) with its value's node.
                attr = self.attrs[c.rule]
                old = d[attr]
                if old and not isinstance(old, list):
                    raise _Unsupported("multiple assignments")
                x = c[0]
                while type(x) is Nt and len(x) == 1 and kinds[x.rule] == _ABSTRACT:
                    x = x[0]  # (what ``node`` does with an abstract rule's one child)
                if type(x) is tuple:
                    f = processors.get(x[2])
                    value = x[1] if f is None else f(x[1])
                elif kinds[x.rule] == _COMMON:
                    value = self.obj(x, self.classes[x.rule], inst, depth)
                else:
                    value = self.node(x, inst, depth)
                if isinstance(old, list):
                    old.append(value)
                else:
                    d[attr] = value
            elif kind == _MANY:
                # ``assign`` ('+=', '*=') done here, the same way.
                attr = self.attrs[c.rule]
                values = getattr(inst, attr, None)  # (only this assignment sets it meanwhile)
                for x in c:
                    if type(x) is tuple:
                        if x[2] == "sep":
                            continue  # a separator ("+=X[',']")
                        f = processors.get(x[2])
                        value = x[1] if f is None else f(x[1])
                    elif self.names[x.rule] == "sep":
                        continue
                    else:
                        while len(x) == 1 and kinds[x.rule] == _ABSTRACT and type(x[0]) is Nt:
                            x = x[0]
                        if kinds[x.rule] == _COMMON:
                            value = self.obj(x, self.classes[x.rule], inst, depth)
                        else:
                            value = self.node(x, inst, depth)
                    if values is None:
                        values = []
                        setattr(inst, attr, values)
                    values.append(value)
            elif kind >= _OPTIONAL:
                self.assign(c, kind, self.attrs[c.rule], inst, depth)
            else:
                self.node(c, inst, depth)
        if parent is not None:
            d["parent"] = parent
            self.made.append(d)
        name = d.get("name")
        if name and not isinstance(name, (str, int, float, bool)):
            raise _Unsupported("a name textX would refuse")  # "Object name can't be of unhashable type"
        return inst

    def assign(self, n: Nt, kind: int, attr: str, obj: Any, depth: int) -> None:
        """An assignment to the object being built, ``obj``."""
        if obj is None:
            raise _Unsupported("an assignment outside any object")
        if kind == _OPTIONAL:
            setattr(obj, attr, True)
        elif kind == _PLAIN:
            old = getattr(obj, attr)
            if old and not isinstance(old, list):
                raise _Unsupported("multiple assignments")
            if not n:
                raise _Unsupported("empty assignment")
            value = self.node(n[0], obj, depth)
            if isinstance(old, list):
                old.append(value)
            else:
                setattr(obj, attr, value)
        else:  # 'oneormore', 'zeroormore' (and textX's 'list')
            rules = self.rules
            for c in n:
                if (c[2] if type(c) is tuple else rules[c.rule][0]) == "sep":
                    continue  # a separator ("+=X[',']")
                value = self.node(c, obj, depth)
                if getattr(obj, attr, None) is None:
                    setattr(obj, attr, [])
                getattr(obj, attr).append(value)

    def match(self, n: Any) -> Any:
        """``parse_tree_to_objgraph``'s ``process_match``: a match rule's text, converted."""
        if type(n) is tuple:
            f = self.processors.get(n[2])
            return n[1] if f is None else f(n[1])
        if len(n) > 1:
            result: Any = "".join(str(self.match(c)) for c in n)
        elif n:
            result = self.match(n[0])
        else:
            raise _Unsupported("empty match node")
        f = self.match_convert[n.rule]
        return result if f is None else f(result)


class GeneratedBuilder:
    """Makes the model with the builders generated beside the parser (``cardparser.build_model``:
    one function per rule, specialised to it), the same objects :class:`ModelBuilder` makes
    without its per-node table lookups."""

    def __init__(self, build: Any) -> None:
        self.build = build

    def model(self, tree: Nt, text: str, file_name: str | None) -> Any:
        """As :meth:`ModelBuilder.model`."""
        made: list[dict[str, Any]] = []
        model = self.build(tree, MAX_DEPTH, made)
        if file_name is not None:
            file_name = os.path.abspath(file_name)
        model._tx_filename = file_name
        model._tx_parser = Positions(text, file_name, made)
        return model


def release(model: Any) -> None:
    """Drop the ``parent`` links of a model made here, for a caller done with it (a build, once the
    card is lowered): they are its only reference cycles, so the model is then freed as soon as
    its last reference goes, instead of by the cyclic collector, which would have to walk every
    object made since its last run to find it.  A textX model is left as it is.
    The model can't say where its objects are (:func:`dsl.metamodel.location`) afterwards."""
    positions = getattr(model, "_tx_parser", None)
    if type(positions) is Positions:
        for d in positions.made:
            d.pop("parent", None)
        positions.made.clear()


def parse_model(text: str, file_name: str | None) -> Any | None:
    """The model of ``text`` as textX would make it (``model_from_str``), or None when only textX
    can say (a syntax error, a generated parser out of date, anything unusual)."""
    builder = _builder()
    if builder is None:
        return None
    from .cardparser import CardParser
    try:
        tree = CardParser(text).parse()
        if tree is None:
            return None
        return builder.model(tree, text, file_name)
    except (_Unsupported, RecursionError):
        return None
    except Exception:  # noqa: BLE001 - whatever textX would make of it, textX says
        return None


def ready() -> None:
    """Load the generated parser, compile its regular expressions and make the model builder now
    (a build does it once before it forks its workers, so that they start with all of it)."""
    if _builder() is not None:
        from . import cardparser
        cardparser.compile_all()


# The process's builder (a memo), or None when the generated parser doesn't match the grammar.
_BUILDER: list[GeneratedBuilder | ModelBuilder | None] = []


def _builder() -> GeneratedBuilder | ModelBuilder | None:
    if not _BUILDER:
        from . import cardparser
        from .grammar import GRAMMAR_PATH
        from .parsergen import grammar_digest
        builder: GeneratedBuilder | ModelBuilder | None = None
        if cardparser.GRAMMAR == grammar_digest(GRAMMAR_PATH.read_bytes()):
            build = getattr(cardparser, "build_model", None)
            try:
                # (the general builder: for a generated module without the per-rule builders)
                builder = GeneratedBuilder(build) if build is not None else ModelBuilder(
                    cardparser.RULES, cardparser.CLASSES, cardparser.CONVERT)
            except KeyError:  # a generated module not made by this generator: textX parses
                builder = None
        _BUILDER.append(builder)
    return _BUILDER[0]
