"""Generating :mod:`dsl.cardparser` from the card grammar: ``python -m dsl.parsergen [--check]``.

textX parses with Arpeggio, which interprets the grammar's parsing expressions one Python object at
a time, reports failure by raising exceptions and records the farthest failure of every attempt
for its error message.  For this grammar that is about 1.5-2 ms per card, most of a cold build.
This module compiles the *same* parsing expressions -- the ones textX built from ``cardsmith.tx``,
read from the metamodel, so the grammar stays the one definition of the language -- into plain
Python methods, one per rule and per choice or repetition, with terminals, and sequences,
optionals and predicates that are no rule, inlined in their parent's method.  The code does
exactly what Arpeggio's expressions do (see the notes in :func:`_Gen.method`), in the same order,
including the whitespace and comment skipping before every terminal (looked up in a
per-position table after its first time: it never changes during a parse), so that it accepts
the same texts and builds the same parse tree; the model builders generated after it, one
function per rule making objects (see ``_BUILDER_BASE``), turn that tree into the same textX model
objects (:mod:`dsl.fastparse` uses them).  It reports no errors: when it fails, textX parses the
text again and gives its usual message.

The generated module is checked in (it is code the build runs, reviewed like any other) and a
test fails when it no longer matches the grammar.
"""
from __future__ import annotations

import hashlib
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Iterable

OUT = Path(__file__).with_name("cardparser.py")
FORMAT = 6  # bumped whenever the generated code changes shape
FirstChars = tuple[set[str] | None, bool]  # (first characters or None: can't tell, may be empty)


def grammar_digest(grammar: bytes) -> str:
    """What the generated parser records of the grammar it was made from."""
    return hashlib.sha256(f"{FORMAT}\0".encode() + grammar).hexdigest()


class _Gen:
    """Emits the parser's source from an Arpeggio parser model."""

    def __init__(self, parser: Any, single: frozenset[tuple[int, int]] = frozenset()) -> None:
        from arpeggio import EndOfFile, RegExMatch, StrMatch
        self.terminals = (RegExMatch, StrMatch, EndOfFile)
        self.model = parser.parser_model
        self.comments = parser.comments_model
        if self.comments is not None and not (isinstance(self.comments, RegExMatch)
                                              and self.comments.to_match_regex == r"\/\/.*$"):
            raise ValueError("the generator handles '//' line comments only")
        if not parser.skipws or parser.ignore_case or parser.reduce_tree or parser.memoization:
            raise ValueError("unsupported parser settings")
        self.modes: list[str] = [parser.ws]
        self.names: dict[tuple[int, int], str] = {}
        self.todo: list[tuple[Any, int]] = []
        self.regexes: dict[tuple[str, int], str] = {}
        self.charsets: dict[tuple[str, bool], str] = {}
        self.rules: list[tuple[str, str, str, str]] = []  # (rule name, kind, class name, attribute)
        self.rule_ids: dict[int, int] = {}
        self.exprs: list[Any] = []  # the root expression of each of ``rules``
        self.counter = 0
        self.local = 0  # locals made by fresh() in the method being generated
        # Rule sequences (id, mode) whose method has one caller: their code goes there instead.
        self.single = single
        self.inlining: set[tuple[int, int]] = set()

    # ------------------------------------------------------------------ naming

    def mode_of(self, ws: str) -> int:
        if ws not in self.modes:
            self.modes.append(ws)
        return self.modes.index(ws)

    def rule_id(self, e: Any) -> int:
        """The index of root expression ``e`` in ``RULES`` (what a parse-tree node was made by)."""
        rid = self.rule_ids.get(id(e))
        if rid is None:
            cls = getattr(e, "_tx_class", None)
            if e.rule_name.startswith("__asgn"):
                kind, attr = e.rule_name.split("_")[-1], e._attr_name
            else:
                kind, attr = (cls._tx_type if cls is not None else "model"), ""
            rid = self.rule_ids[id(e)] = len(self.rules)
            self.rules.append((e.rule_name, kind, cls.__name__ if cls is not None else "", attr))
            self.exprs.append(e)
        return rid

    def name(self, e: Any, mode: int) -> str:
        key = (id(e), mode)
        n = self.names.get(key)
        if n is None:
            if e.root and e.rule_name and not e.rule_name.startswith("__"):
                n = f"r_{e.rule_name}_{mode}"
            else:
                self.counter += 1
                n = f"e{self.counter}_{mode}"
            self.names[key] = n
            self.todo.append((e, mode))
        return n

    def regex(self, e: Any) -> str:
        key = (e.regex.pattern, e.regex.flags)
        n = self.regexes.get(key)
        if n is None:
            n = self.regexes[key] = f"_RX{len(self.regexes)}"
        return n

    # ------------------------------------------------------------------ code

    def skip(self, mode: int, ind: str, out: str, src: str) -> list[str]:
        """Arpeggio's ``Match.parse`` before a terminal: whitespace, then comments, from ``src`` to
        ``out``.  What that gives at a position never changes during a parse (a comment's skip,
        once made, is taken from the comment cache), so it is looked up in a per-position table
        and computed once, here: a method for it (called about 30 times a card) cost about 16,000
        instructions a card more (of about 940,000) than this code at each terminal, which makes
        the generated module a tenth bigger (its import about 1 ms slower)."""
        lines = [f"{ind}{out} = sk{mode}[{src}]", f"{ind}if {out} < 0:", f"{ind}    {out} = _WS{mode}(text, {src}).end()"]
        if self.comments is not None:  # (only a position where a comment starts can move on)
            lines += [f"{ind}    if text.startswith('//', {out}):", f"{ind}        {out} = self.comment({out}, _WS{mode})"]
        return lines + [f"{ind}    sk{mode}[{src}] = {out}"]

    def test(self, e: Any, mode: int, ind: str, src: str) -> tuple[list[str], str, list[str]]:
        """Terminal ``e`` at ``src``: (code skipping to ``q``, the condition that ``e`` matches
        there, code that then sets ``v`` -- a token ``(position, text, rule name)``, or None for an
        empty regex match -- and ``q``)."""
        from arpeggio import EndOfFile, RegExMatch
        rn = repr(e.rule_name if not isinstance(e, EndOfFile) else "EOF")
        pre = self.skip(mode, ind, "q", src)
        word = _keyword(e) if isinstance(e, RegExMatch) else None
        if word is not None:
            # textX's keyword-like match (autokwd), ``word\b``: the word, then no word character.
            # ``\b`` after a word character: no word character follows (the end, or a character
            # that is neither alphanumeric nor '_': what ``\w`` is, tests/unit/test_fastparse.py).
            n = len(word)
            return (pre, f"text.startswith({word!r}, q) and not (nx := text[q + {n}:q + {n + 1}]).isalnum() and nx != '_'",
                    [f"{ind}v = (q, {word!r}, {rn})", f"{ind}q += {len(word)}"])
        if isinstance(e, RegExMatch):
            chars, nullable = _regex_first(e.regex)
            if chars is None or nullable:
                match = f"{self.regex(e)}(text, q)"
            else:  # no call when the next character can't begin a match
                match = f"{self.regex(e)}(text, q) if text[q:q + 1] in {self.charset(frozenset(chars))} else None"
            return (pre + [f"{ind}m = {match}"], "m is not None",
                    [f"{ind}s = m.group()", f"{ind}v = (q, s, {rn}) if s else None", f"{ind}q += len(s)"])
        if isinstance(e, EndOfFile):
            return pre, "q == len(text)", [f"{ind}v = (q, '', {rn})"]
        s = e.to_match
        if not s:
            raise ValueError("empty string match")
        return pre, f"text.startswith({s!r}, q)", [f"{ind}v = (q, {s!r}, {rn})", f"{ind}q += {len(s)}"]

    def terminal(self, e: Any, mode: int, ind: str, fail: list[str], src: str) -> list[str]:
        """Inline code matching terminal ``e`` at ``src``.  On success ``q`` is the new position and
        ``v`` the result (a token, or None for an empty regex match); otherwise ``fail`` runs."""
        pre, cond, ok = self.test(e, mode, ind, src)
        return pre + [f"{ind}if {_truth(cond, False)}:"] + [f"{ind}    {x}" for x in fail] + ok

    def inner_mode(self, e: Any, mode: int) -> int:
        """The whitespace mode of ``e``'s children."""
        if getattr(e, "skipws", None) is not None or getattr(e, "suppress", False):
            raise ValueError(f"unsupported modifier on {e.name}")
        return mode if getattr(e, "ws", None) is None else self.mode_of(e.ws)

    def inlined(self, e: Any) -> bool:
        """Whether ``e`` is matched by code in its parent's method rather than by a method of its
        own: sequences, optionals and predicates that are no rule.  Their code has no loop that
        their parent's failure code could be inside of (an optional's own loop holds its own)."""
        from arpeggio import And, Not, Optional, Sequence
        return not e.root and type(e) in (Sequence, Optional, Not, And) and (
            type(e) not in (Not, And) or len(e.nodes) == 1)

    def always_node(self, e: Any) -> bool:
        """Whether ``e`` always gives a token when it matches (a string, a keyword, the end)."""
        from arpeggio import EndOfFile, RegExMatch, StrMatch
        return type(e) in (StrMatch, EndOfFile) or (type(e) is RegExMatch and _keyword(e) is not None)

    def may_list(self, e: Any) -> bool:
        """Whether a result of ``e`` other than None can be a plain list (which ``flatten`` splices):
        what a composite expression gives, and the empty list a repetition rule gives for nothing."""
        from arpeggio import And, Not, OneOrMore, ZeroOrMore
        if isinstance(e, self.terminals) or type(e) in (Not, And):
            return False
        return not e.root or type(e) in (ZeroOrMore, OneOrMore)

    def holds(self, e: Any, mode: int, ind: str, src: str) -> tuple[list[str], str, bool]:
        """Whether ``e`` matches at ``src``, its result dropped: (code, condition, whether the
        condition says so or its negation does)."""
        from arpeggio import And, Not
        if isinstance(e, self.terminals):
            pre, cond, _ = self.test(e, mode, ind, src)
            return pre, cond, True
        if type(e) in (Not, And) and self.inlined(e):
            pre, cond, positive = self.holds(e.nodes[0], self.inner_mode(e, mode), ind, src)
            return pre, cond, positive == (type(e) is And)
        return [], f"self.{self.name(e, mode)}({src}) is not None", True

    def child(self, e: Any, mode: int, ind: str, fail: list[str], src: str = "p") -> list[str]:
        """Code parsing ``e`` at ``src``: success leaves ``q`` and ``v`` (what ``e``'s method would
        return); failure runs ``fail``."""
        from arpeggio import Optional, Sequence
        if isinstance(e, self.terminals):
            return self.terminal(e, mode, ind, fail, src)
        if self.inline_rule(e, mode):
            pos, res = self.fresh("p"), self.fresh("res")
            lines = [f"{ind}{pos} = {src}", f"{ind}{res}: list[Any] = []"] + self.rule_seq(e, mode, ind, fail, pos, res)
            return lines + [f"{ind}q = {pos}", f"{ind}v = n if {res} else None"]
        if not self.inlined(e):
            return ([f"{ind}r = self.{self.name(e, mode)}({src})", f"{ind}if r is None:"]
                    + [f"{ind}    {x}" for x in fail] + [f"{ind}q, v = r"])
        inner = self.inner_mode(e, mode)
        if type(e) is Sequence:
            pos, res = self.fresh("p"), self.fresh("res")
            lines = [f"{ind}{pos} = {src}", f"{ind}{res}: list[Any] = []"]
            lines += self.seq(e.nodes, inner, ind, fail, pos, res)[0]
            return lines + [f"{ind}q = {pos}", f"{ind}v = {res} if {res} else None"]
        if type(e) is Optional:
            # Arpeggio's Optional: (start, None) when its node fails, (end, None) when the node
            # gives None, else (end, [result]).
            c = e.nodes[0]
            if isinstance(c, self.terminals):
                pre, cond, ok = self.test(c, inner, ind, src)
                # ([v] as Arpeggio's, but only when v is falsy: see _alt; a token is truthy.)
                wrap = [] if self.always_node(c) else [
                    f"{ind}    if v is not None and not v:", f"{ind}        v = [v]"]
                return (pre + [f"{ind}if {cond}:"] + [f"    {x}" for x in ok] + wrap
                        + [f"{ind}else:", f"{ind}    q = {src}", f"{ind}    v = None"])
            return ([f"{ind}while True:"] + self.child(c, inner, ind + "    ", [f"q = {src}", "v = None", "break"], src)
                    + [f"{ind}    if v is not None and not v:", f"{ind}        v = [v]", f"{ind}    break"])
        # A predicate (Not, And) consumes nothing and gives None.
        pre, cond, positive = self.holds(e, mode, ind, src)
        return (pre + [f"{ind}if {_truth(cond, not positive)}:"] + [f"{ind}    {x}" for x in fail]
                + [f"{ind}q = {src}", f"{ind}v = None"])

    def seq(self, nodes: list[Any], mode: int, ind: str, fail: list[str], pos: str, res: str) -> tuple[list[str], bool]:
        """Code matching ``nodes`` in order from ``pos`` (moved past each), adding their truthy
        results to list ``res`` as Arpeggio's Sequence does, and whether ``res`` may then hold
        plain lists (for ``flatten``).  A nested sequence's results are added directly and an
        optional's result without its one-item list: the tree is made of ``flatten(res)``, which
        splices them alike, and ``res`` is empty exactly when it would be."""
        from arpeggio import And, Not, Optional, Sequence
        lines: list[str] = []
        flat = False
        for c in nodes:
            if self.inlined(c) and type(c) is Sequence:
                sub, f = self.seq(c.nodes, self.inner_mode(c, mode), ind, fail, pos, res)
                lines += sub
                flat = flat or f
            elif self.inlined(c) and type(c) in (Not, And):
                pre, cond, positive = self.holds(c, mode, ind, pos)
                lines += pre + [f"{ind}if {_truth(cond, not positive)}:"] + [f"{ind}    {x}" for x in fail]
            elif self.inlined(c) and type(c) is Optional:
                sub, f = self.optional_into(c, mode, ind, pos, res)
                lines += sub
                flat = flat or f
            elif self.inline_rule(c, mode):
                p2, r2 = self.fresh("p"), self.fresh("res")
                lines += [f"{ind}{p2} = {pos}", f"{ind}{r2}: list[Any] = []"] + self.rule_seq(c, mode, ind, fail, p2, r2)
                lines += [f"{ind}{pos} = {p2}", f"{ind}if {r2} and n:", f"{ind}    {res}.append(n)"]
            else:
                lines += self.child(c, mode, ind, fail, pos) + [f"{ind}{pos} = q"]
                lines += [f"{ind}{res}.append(v)"] if self.always_node(c) else [f"{ind}if v:", f"{ind}    {res}.append(v)"]
                flat = flat or self.may_list(c)
        return lines, flat

    def inline_rule(self, e: Any, mode: int) -> bool:
        """Whether rule ``e`` (a sequence) is matched by code at its one caller, not by a method."""
        from arpeggio import Sequence
        return type(e) is Sequence and e.root and (id(e), mode) in self.single and (id(e), mode) not in self.inlining

    def rule_seq(self, e: Any, mode: int, ind: str, fail: list[str], pos: str, res: str) -> list[str]:
        """The code of rule sequence ``e``'s method at its caller, from ``pos`` with the empty list
        ``res``: ``fail`` runs where it would return None; then ``pos`` is where it ended and, if
        ``res`` isn't empty, ``n`` is its node (the method returns ``(pos, n)``, else
        ``(pos, None)``)."""
        key = (id(e), mode)
        self.inlining.add(key)
        try:
            sub, flat = self.seq(e.nodes, self.inner_mode(e, mode), ind, fail, pos, res)
        finally:
            self.inlining.discard(key)
        return sub + [f"{ind}if {res}:"] + self.node(e, ind + "    ", res, flat)

    def optional_into(self, e: Any, mode: int, ind: str, pos: str, res: str) -> tuple[list[str], bool]:
        """An optional in a sequence (see :meth:`seq`): its node's result, when not None, goes to
        ``res`` (the optional would give it in a one-item list, always truthy)."""
        from arpeggio import Sequence
        c = e.nodes[0]
        inner = self.inner_mode(e, mode)
        b = ind + "    "
        if isinstance(c, self.terminals):
            pre, cond, ok = self.test(c, inner, ind, pos)
            add = [f"{b}{res}.append(v)"] if self.always_node(c) else [f"{b}if v is not None:", f"{b}    {res}.append(v)"]
            return pre + [f"{ind}if {cond}:"] + [f"    {x}" for x in ok] + [f"{b}{pos} = q"] + add, False
        if self.inlined(c) and type(c) is Sequence:
            # The sequence's results in a list of their own, kept only if it matches.
            p2, r2 = self.fresh("p"), self.fresh("res")
            sub, f = self.seq(c.nodes, self.inner_mode(c, inner), b, ["break"], p2, r2)
            return ([f"{ind}while True:", f"{b}{p2} = {pos}", f"{b}{r2}: list[Any] = []"] + sub
                    + [f"{b}{pos} = {p2}", f"{b}{res} += {r2}", f"{b}break"]), f
        return ([f"{ind}while True:"] + self.child(c, inner, b, ["break"], pos)
                + [f"{b}{pos} = q", f"{b}if v is not None:", f"{b}    {res}.append(v)", f"{b}break"]), self.may_list(c)

    def node(self, e: Any, ind: str, items: str, flat: bool) -> list[str]:
        """``n``, the parse-tree node of rule ``e`` made of ``items`` (flattened if need be)."""
        # Its position (Arpeggio's, from its first child) is computed when asked for: the model
        # builder asks for few (see ``Nt.position``).
        if flat and items == "[v]":
            # flatten([v]) is flatten(v) for a list, [v] otherwise: no call for a node or token.
            made = "flatten(v) if type(v) is list else [v]"
        elif flat:
            # ``items`` is never empty here, and mostly one node or token (a statement's, four
            # times a card): then flatten would give it back as it is, so it isn't called.
            made = f"{items} if len({items}) == 1 and type({items}[0]) is not list else flatten({items})"
        else:
            made = items
        return [f"{ind}n = Nt({made})", f"{ind}n.rule = {self.rule_id(e)}"]

    def method(self, e: Any, mode: int) -> list[str]:
        from arpeggio import And, Not, OneOrMore, Optional, OrderedChoice, Sequence, ZeroOrMore
        name = self.names[(id(e), mode)]
        inner = self.inner_mode(e, mode)
        self.local = 0
        what = e.rule_name or type(e).__name__
        b = "        "
        lines: list[str] = []
        if type(e) is Sequence:
            # Sequence: every child in order; truthy results are kept; None if none is.
            lines += [f"{b}res: list[Any] = []"]
            sub, flat = self.seq(e.nodes, inner, b, ["return None"], "p", "res")
            lines += sub
            if e.root:
                lines += [f"{b}if not res:", f"{b}    return p, None"] + self.node(e, b, "res", flat) + [f"{b}return p, n"]
            else:
                lines += [f"{b}return p, res if res else None"]
        elif type(e) is OrderedChoice:
            # The first alternative whose result is not None; an alternative that fails goes
            # back to where the choice began, one that succeeds with None (nothing to keep)
            # leaves the position where it ended and the next alternative is tried from there.
            # Alternatives that can only begin with certain characters are skipped when the
            # next character isn't one of them (``ch``, after whitespace and comments: the skip
            # the first alternative makes first anyway, so the comment cache sees the same).
            dispatch = self.starts_with_skip(e.nodes[0], inner) and any(
                self.first(c, inner) is not None for c in e.nodes)
            lines += [f"{b}c = p"]
            if dispatch:
                lines += self.skip(inner, b, "q", "p") + [f"{b}ch0 = text[q:q + 1]", f"{b}ch: str | None = ch0"]
            for c in e.nodes:
                lines += self._alt(e, c, inner, b, dispatch)
            lines += [f"{b}return None"]
        elif type(e) is Optional:
            c = e.nodes[0]
            lines += self.child(c, inner, b, ["return p, None"])
            lines += [f"{b}if v is None:", f"{b}    return q, None"]
            if e.root:
                lines += self.node(e, b, "[v]", self.may_list(c)) + [f"{b}return q, n"]
            else:  # Arpeggio's [v]; v itself when truthy: the same once flattened (see _alt)
                lines += [f"{b}return q, v if v else [v]"]
        elif type(e) in (ZeroOrMore, OneOrMore):
            # Repeat while the result is truthy; a failure goes back to before that iteration
            # (and its separator, whose result stays, as in Arpeggio); a falsy result stops
            # where it ended.
            many = type(e) is OneOrMore
            track = many or e.sep is not None
            body = e.nodes[0]
            lines += [f"{b}res: list[Any] = []"] + ([f"{b}first = True"] if track else [])
            lines += [f"{b}while True:", f"{b}    c = p"]
            fail = ["p = c"] + (["if first:", "    return None"] if many else []) + ["break"]
            flat = False
            if e.sep is not None:
                lines += [f"{b}    if not first:"]
                lines += self.child(e.sep, inner, b + "        ", fail)
                lines += [f"{b}        p = q", f"{b}        if v:", f"{b}            res.append(v)"]
                flat = self.may_list(e.sep)
            if self.inlined(body) and type(body) is Sequence:
                # The body's results in a list of their own, added to ``res`` when truthy.
                p2, r2 = self.fresh("p"), self.fresh("res")
                sub, f = self.seq(body.nodes, self.inner_mode(body, inner), b + "    ", fail, p2, r2)
                lines += [f"{b}    {p2} = p", f"{b}    {r2}: list[Any] = []"] + sub
                lines += [f"{b}    p = {p2}", f"{b}    if not {r2}:", f"{b}        break", f"{b}    res += {r2}"]
                flat = flat or f
            else:
                lines += self.child(body, inner, b + "    ", fail)
                lines += [f"{b}    p = q", f"{b}    if not v:", f"{b}        break", f"{b}    res.append(v)"]
                flat = flat or self.may_list(body)
            lines += [f"{b}    first = False"] if track else []
            if e.root:
                lines += [f"{b}if not res:", f"{b}    return p, res"] + self.node(e, b, "res", flat) + [f"{b}return p, n"]
            else:
                lines += [f"{b}return p, res"]
        elif type(e) in (Not, And):
            # Consume nothing: Not succeeds when one of its nodes fails and fails when all match,
            # And the reverse.
            success, failure = "return c, None", "return None"
            if type(e) is Not:
                success, failure = failure, success
            lines += [f"{b}c = p"]
            for c in e.nodes:
                lines += self.child(c, inner, b, [failure])
                lines += [f"{b}p = q"]
            lines += [f"{b}{success}"]
        else:
            raise ValueError(f"unsupported parsing expression {type(e).__name__}")
        if e.root and type(e) in (Not, And):
            raise ValueError("a predicate as a rule")
        head = [f"    def {name}(self, p: int) -> Any:",
                f"        # {what}: {type(e).__name__}" + (" (rule)" if e.root else "")]
        code = "\n".join(lines)
        if re.search(r"\btext\b", code):
            head.append("        text = self.text")
        for i in range(len(self.modes)):
            if f"sk{i}[" in code:
                head.append(f"        sk{i} = self.sk{i}")
        return head + ["        v: Any"] + lines

    def _alt(self, choice: Any, c: Any, mode: int, b: str, dispatch: bool) -> list[str]:
        """One alternative ``c`` of an ordered choice (see :meth:`method`)."""
        from arpeggio import Sequence
        fail = ["p = c", "ch = ch0", "break"] if dispatch else ["p = c", "break"]
        chars = self.first(c, mode) if dispatch else None
        if chars is not None:
            # Tried only when ``ch`` may begin it: one test, the set holding None too ("moved
            # on", no guess).  When it is skipped, ``p`` is still ``c`` and ``ch`` is ``ch0``
            # (a failure has reset them, and only a move on makes them differ, with ``ch`` None),
            # so there is nothing to reset.  The long keyword choices skip most alternatives
            # (e.g. 26 of 29 per statement): the earlier test-and-reset per alternative was
            # about 6% of a card's parse.
            lines = [f"{b}if ch in {self.charset(chars, moved=True)}:", f"{b}    while True:"]
            i = b + "        "
        else:
            lines = [f"{b}while True:"]
            i = b + "    "
        if self.inlined(c) and type(c) is Sequence:
            # The alternative's result is the sequence's list (when not empty): a rule's node is
            # made of flatten([list]), which is flatten(list).  Arpeggio's result is [list]; the
            # list itself is the same to every user of the result: they keep it when it is truthy
            # and flatten it (and with a non-empty list, a node or a token in place of a one-item
            # list around it, ``flatten`` has less to do).
            pos, res = self.fresh("p"), self.fresh("res")
            sub, flat = self.seq(c.nodes, self.inner_mode(c, mode), i, fail, pos, res)
            lines += [f"{i}{pos} = p", f"{i}{res}: list[Any] = []"] + sub + [f"{i}if {res}:"]
            if choice.root:
                lines += self.node(choice, i + "    ", res, flat) + [f"{i}    return {pos}, n"]
            else:
                lines += [f"{i}    return {pos}, {res}"]
            lines += [f"{i}p = {pos}"]
        else:
            lines += self.child(c, mode, i, fail)
            lines += [f"{i}if v is not None:"]
            if choice.root:
                lines += self.node(choice, i + "    ", "[v]", self.may_list(c)) + [f"{i}    return q, n"]
            else:
                lines += [f"{i}    return q, v if v else [v]"]
            lines += [f"{i}p = q"]
        if dispatch:
            lines += [f"{i}ch = None  # moved on: no guess about the next alternative"]
        lines += [f"{i}break"]
        return lines

    def fresh(self, base: str) -> str:
        """A new local variable of the method being generated."""
        self.local += 1
        return f"{base}{self.local}"

    # ------------------------------------------------------------------ first characters

    def charset(self, chars: frozenset[str], moved: bool = False) -> str:
        """The name of a module-level set of ``chars`` (with None too if ``moved``: see :meth:`_alt`)."""
        key = ("".join(sorted(chars)), moved)
        n = self.charsets.get(key)
        if n is None:
            n = self.charsets[key] = f"_F{len(self.charsets)}"
        return n

    def starts_with_skip(self, e: Any, mode: int) -> bool:
        """Whether the first thing ``e`` does at a position is a terminal's whitespace-and-comment
        skip there, in ``mode``."""
        from arpeggio import Repetition, SyntaxPredicate
        if getattr(e, "ws", None) is not None and self.mode_of(e.ws) != mode:
            return False
        if isinstance(e, self.terminals):
            return True
        if isinstance(e, (Repetition, SyntaxPredicate)) or e.nodes:
            return bool(e.nodes) and self.starts_with_skip(e.nodes[0], mode)
        return False

    def first(self, e: Any, mode: int) -> frozenset[str] | None:
        """The characters ``e`` can begin with (after whitespace and comments, in ``mode``) when
        it succeeds; None if it may succeed consuming nothing or if that can't be told.  ''
        stands for the end of the text."""
        chars, nullable = self._first(e, mode, set())
        return None if chars is None or nullable else frozenset(chars)

    def _first(self, e: Any, mode: int, busy: set[int]) -> FirstChars:
        from arpeggio import (And, EndOfFile, Not, OneOrMore, Optional, OrderedChoice, RegExMatch,
                              Sequence, StrMatch, ZeroOrMore)
        if getattr(e, "ws", None) is not None and self.mode_of(e.ws) != mode:
            return None, True
        key = id(e)
        if key in busy:
            return None, True
        busy = busy | {key}
        if type(e) is StrMatch:
            return {e.to_match[0]}, False
        if type(e) is EndOfFile:
            return {""}, False
        if type(e) is RegExMatch:
            word = _keyword(e)
            return ({word[0]}, False) if word is not None else _regex_first(e.regex)
        if type(e) in (Not, And):
            return set(), True
        if type(e) in (Optional, ZeroOrMore):
            chars, _ = self._first(e.nodes[0], mode, busy)
            return chars, True
        if type(e) is OneOrMore:
            return self._first(e.nodes[0], mode, busy)
        if type(e) is OrderedChoice:
            return _choice_first(self._first(c, mode, busy) for c in e.nodes)
        if type(e) is Sequence:
            return _sequence_first(self._first(c, mode, busy) for c in e.nodes)
        return None, True

    def generate(self, grammar: bytes) -> str:
        entry = self.name(self.model, 0)
        body: list[str] = []
        while self.todo:
            e, mode = self.todo.pop(0)
            body += self.method(e, mode) + [""]
        head = [
            '"""The card parser, generated from ``cardsmith.tx`` by ``python -m dsl.parsergen``: do not edit.',
            "",
            "It builds the parse tree Arpeggio builds for textX (see :mod:`dsl.parsergen` and",
            ":mod:`dsl.fastparse`, which makes the model from it)."
            '"""',
            "# fmt: off",
            "# flake8: noqa",
            "from __future__ import annotations",
            "",
            "import re",
            "from typing import Any, Callable",
            "",
            "from .parsetree import Nt, flatten",
            "",
            f"GRAMMAR = {grammar_digest(grammar)!r}",
            "",
            "# (rule name, kind, textX class name, attribute): what made a parse-tree node; kind is",
            "# 'common', 'abstract' or 'match' for a rule, 'plain', 'optional', 'oneormore' or",
            "# 'zeroormore' for an assignment, 'model' for the whole file.",
            "RULES: tuple[tuple[str, str, str, str], ...] = (",
        ]
        head += [f"    {r!r}," for r in self.rules] + [")", ""]
        for i, ws in enumerate(self.modes):
            head.append(f"_WS{i}: Callable[[str, int], re.Match[str]] = "
                        f"re.compile({'[' + re.escape(ws) + ']*'!r}).match  # type: ignore[assignment]  # always matches")
        head.append("_COMMENT = re.compile(r'\\/\\/.*$', re.MULTILINE).match")
        head.append("_NOWORD = re.compile(r'(?!\\w)').match  # where \\b follows a word character")
        head += [
            "",
            "",
            "def _lazy(name: str) -> Callable[[str, int], re.Match[str] | None]:",
            '    """The ``match`` of a regular expression compiled when first used, which then takes this',
            "    stub's place in the module: a one-card rebuild parses with a few of these patterns, and",
            '    compiling them all took about 10 ms of its start (see :func:`compile_all`)."""',
            "    def first(text: str, pos: int) -> re.Match[str] | None:",
            "        pattern, flags = _PATTERNS[name]",
            "        match = globals()[name] = re.compile(pattern, flags).match",
            "        return match(text, pos)",
            "    return first",
            "",
            "",
            "def compile_all() -> None:",
            '    """Compile every regular expression now (a build does, before it forks its workers)."""',
            "    for name, (pattern, flags) in _PATTERNS.items():",
            "        globals()[name] = re.compile(pattern, flags).match",
            "",
            "",
            "_PATTERNS: dict[str, tuple[str, int]] = {",
        ]
        head += [f"    {n!r}: ({pattern!r}, {flags})," for (pattern, flags), n in self.regexes.items()] + ["}"]
        head += [f"{n} = _lazy({n!r})" for n in self.regexes.values()]
        for (chars, moved), n in self.charsets.items():
            head.append(f"{n} = frozenset({([None] if moved else []) + sorted(chars)!r})")
        head += [
            "",
            "",
            "class CardParser:",
            '    """One parse of one text: ``CardParser(text).parse()``."""',
            "",
            "    def __init__(self, text: str) -> None:",
            "        self.text = text",
            "        # Arpeggio's comment cache: where the comments starting at a position end.",
            "        self.comments: dict[int, int] = {}",
            "        # Per whitespace mode, where the skip before a terminal at each position ends (-1: not yet known).",
        ]
        head += [f"        self.sk{i} = [-1] * (len(text) + 1)" for i in range(len(self.modes))]
        head += [
            "",
            "    def parse(self) -> Nt | None:",
            '        """The parse tree of the whole text (rule ``Model``), or None if it is not in the language."""',
            f"        r = self.{entry}(0)",
            "        tree: Nt | None = None if r is None else r[1]",
            "        return tree",
            "",
            "    def comment(self, p: int, ws: Callable[[str, int], re.Match[str]]) -> int:",
            '        """Past the comments (and whitespace) at ``p``, as Arpeggio skips them: the first',
            '        skip from a position is remembered and reused, whatever whitespace was in force."""',
            "        known = self.comments.get(p)",
            "        if known is not None:",
            "            return known",
            "        text = self.text",
            "        start = p",
            "        while True:",
            "            p = ws(text, p).end()",
            "            p = self.comments.get(p, p)",
            "            m = _COMMENT(text, p)",
            "            if m is None:",
            "                break",
            "            p = ws(text, m.end()).end()",
            "        self.comments[start] = p",
            "        return p",
            "",
        ]
        return "\n".join(head + body).rstrip() + "\n"


def _truth(cond: str, positive: bool) -> str:
    """``cond``, or its negation."""
    if positive:
        return cond
    if cond.endswith(" is not None"):
        return cond[:-len(" is not None")] + " is None"
    return f"not ({cond})"


def _regex_first(regex: re.Pattern[str]) -> FirstChars:
    """(first characters, may match empty) of a regular expression, or (None, True) if that takes
    more than literals, small character classes, alternatives, groups, repeats and zero-width
    assertions to tell."""
    import re._parser as sre  # type: ignore[import-not-found]
    if regex.flags & re.IGNORECASE:
        return None, True
    try:
        return _sre_first(list(sre.parse(regex.pattern, regex.flags)))
    except Exception:  # noqa: BLE001 - anything unexpected: can't tell
        return None, True


def _sequence_first(items: Iterable[FirstChars]) -> FirstChars:
    """What a sequence can begin with, from its items' in order: the characters of the items up
    to the first one that can't be empty."""
    out: set[str] = set()
    for chars, nullable in items:
        if chars is None:
            return None, True
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _choice_first(items: Iterable[FirstChars]) -> FirstChars:
    """What a choice can begin with: what any of its alternatives can."""
    out: set[str] = set()
    nullable = False
    for chars, n in items:
        if chars is None:
            return None, True
        out |= chars
        nullable = nullable or n
    return out, nullable


def _sre_first(items: list[Any]) -> FirstChars:
    return _sequence_first(_sre_item_first(op, av) for op, av in items)


def _sre_item_first(op: Any, av: Any) -> FirstChars:
    from re._constants import (  # type: ignore[import-not-found]
        ASSERT, ASSERT_NOT, AT, BRANCH, IN, LITERAL, MAX_REPEAT, MIN_REPEAT, RANGE, SUBPATTERN)
    if op is LITERAL:
        return {chr(av)}, False
    if op is IN:
        chars: set[str] = set()
        for kind, val in av:
            if kind is LITERAL:
                chars.add(chr(val))
            elif kind is RANGE and val[1] - val[0] < 256:
                chars.update(chr(c) for c in range(val[0], val[1] + 1))
            else:  # NEGATE, CATEGORY (\w, \s), big ranges
                return None, True
        return chars, False
    if op is BRANCH:
        return _choice_first(_sre_first(list(branch)) for branch in av[1])
    if op is SUBPATTERN:
        return (None, True) if av[1] or av[2] else _sre_first(list(av[3]))  # (inline flags: can't tell)
    if op in (MAX_REPEAT, MIN_REPEAT):
        chars_, nullable = _sre_first(list(av[2]))
        return chars_, nullable or av[0] == 0
    if op in (AT, ASSERT, ASSERT_NOT):
        return set(), True  # zero width: the characters come from what follows
    return None, True


def _keyword(e: Any) -> str | None:
    """The word of a keyword-like regex ``word\\b`` (a literal ending in a word character), else None."""
    pattern, flags = e.regex.pattern, e.regex.flags
    if not pattern.endswith(r"\b") or flags & (re.IGNORECASE | re.DOTALL | re.VERBOSE | re.ASCII):
        return None
    body = pattern[:-2]
    word = re.sub(r"\\(.)", r"\1", body)
    if not word or re.escape(word) != body or not re.match(r"\w", word[-1]):
        return None
    return word


# textX's conversions of its base types (``TextXMetaModel._default_obj_processors``), the same
# expressions; a grammar whose model needs any other conversion isn't generated.
_CONVERTERS = {
    "BOOL": 'lambda x: x == "1" or x.lower() == "true"',
    "INT": "lambda x: int(x)",
    "FLOAT": "lambda x: float(x)",
    "STRICTFLOAT": "lambda x: float(x)",
    "STRING": """lambda x: x[1:-1].replace(r'\\"', r'"').replace(r"\\'", "'")""",
}


_MODEL_BASE = '''

class Attr:
    """What textX's model utilities (``get_children``, ...) read of an attribute: its name, whether
    it contains objects, and its multiplicity ('1', '0..1', '0..*', '1..*')."""

    __slots__ = ("name", "cont", "mult")

    def __init__(self, name: str, cont: bool, mult: str) -> None:
        self.name, self.cont, self.mult = name, cont, mult


class Model:
    """A model object: what textX makes of a rule (the class is named after the rule)."""

    _tx_attrs: dict[str, Attr] = {}  # in the grammar's order
    _tx_defaults: dict[str, Any] = {}  # what an attribute holds until parsing sets it
    _tx_lists: tuple[str, ...] = ()  # attributes that hold lists (a new one each)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at {self.__dict__.get('_tx_position')}>"


def _model_class(name: str, attrs: tuple[tuple[str, bool, str], ...], defaults: dict[str, Any],
                 lists: tuple[str, ...]) -> type[Model]:
    return type(name, (Model,), {"_tx_attrs": {a[0]: Attr(*a) for a in attrs}, "_tx_defaults": defaults,
                                 "_tx_lists": lists, "__module__": __name__})

'''


def _model_classes(mm: Any, rules: list[tuple[str, str, str, str]],
                   shapes: dict[str, tuple[dict[str, Any], tuple[str, ...]]]) -> list[str]:
    """Source of the model classes: for each rule that makes objects, its attributes in grammar
    order and the values textX gives them before parsing fills them (``_init_obj_attrs``), which
    are also put in ``shapes`` (class name -> (defaults, list attributes))."""
    if mm.user_classes or getattr(mm, "_model_processors", None):
        raise ValueError("user classes and model processors aren't generated")
    if set(mm._obj_processors) != set(_CONVERTERS) or any(
            mm._obj_processors[k] is not mm._default_obj_processors[k] for k in _CONVERTERS):
        raise ValueError("only textX's own base-type conversions are generated")
    lines = ["", "", "# textX's conversions of its base types (match rules INT, FLOAT, ...).",
             "CONVERT: dict[str, Callable[[str], Any]] = {"]
    lines += [f"    {k!r}: {v}," for k, v in _CONVERTERS.items()] + ["}", ""]
    lines += _MODEL_BASE.splitlines()
    lines += ["",
              "# Rule name -> model class.",
              "CLASSES: dict[str, type[Model]] = {"]
    for name in sorted({cls for _, kind, cls, _ in rules if kind == "common"}):
        cls = mm[name]
        for a in cls._tx_attrs.values():
            if a.ref and not a.cont:
                raise ValueError("cross-references aren't generated")
        probe = cls.__new__(cls)
        mm._init_obj_attrs(probe)
        values = dict(vars(probe))
        attrs = tuple((a.name, bool(a.cont), str(a.mult)) for a in cls._tx_attrs.values())
        if tuple(values) != tuple(a[0] for a in attrs) or any(type(v) not in (list, type(None), bool, str, int, float) for v in values.values()):
            raise ValueError(f"unexpected attribute defaults of {name}")
        lists = tuple(k for k, v in values.items() if isinstance(v, list))
        defaults = {k: v for k, v in values.items() if not isinstance(v, list)}
        shapes[name] = (defaults, lists)
        lines.append(f"    {name!r}: _model_class({name!r}, {attrs!r}, {defaults!r}, {lists!r}),")
    lines += ["}"]
    return lines



# ---------------------------------------------------------------------- the model builders

_BUILDER_BASE = """

# ---------------------------------------------------------------------- the model builders
# One function per rule making objects (``_b<rule index>``), specialised to that rule: its class,
# its attributes' defaults, and each assignment in its body done inline (which attribute, whether
# it holds a list, which rule's builder makes its value).  What no rule's code expects is done
# by the general functions below, the way ``textx.model.parse_tree_to_objgraph`` does it.


class Unsupported(Exception):
    \"\"\"Something textX would do differently or report: :mod:`dsl.fastparse` lets textX parse.\"\"\"


Made = list[dict[str, Any]]  # the ``__dict__`` of every object given a ``parent`` (fastparse.release)


def build_model(tree: Nt, limit: int, made: Made) -> Any:
    \"\"\"The model object of ``tree``, a parse tree of rule ``Model`` (the whole file), as textX makes
    it; objects nested ``limit`` deep are refused (:class:`Unsupported`), and every object given a
    ``parent`` has its ``__dict__`` added to ``made``.\"\"\"
    return _node(tree[0], None, limit, made)


def _node(n: Any, obj: Any, lim: int, made: Made) -> Any:
    \"\"\"``process_node``: the value of node ``n`` (a token or a rule's node) inside ``obj``, the
    object being built (None at the root), ``lim`` more objects deep at most.\"\"\"
    while True:
        if type(n) is tuple:  # a token
            f = CONVERT.get(n[2])
            return n[1] if f is None else f(n[1])
        r = n.rule
        if r not in _ABSTRACT:
            return _N[r](n, obj, lim, made)
        if len(n) > 1:
            for c in n:
                if type(c) is not tuple:
                    return _node(c, obj, lim, made)
            return "".join(c[1] for c in n)
        if not n:
            raise Unsupported("empty abstract node")
        n = n[0]


def _match(n: Any) -> Any:
    \"\"\"``process_match``: a match rule's text, converted.\"\"\"
    if type(n) is tuple:
        f = CONVERT.get(n[2])
        return n[1] if f is None else f(n[1])
    if len(n) > 1:
        result: Any = "".join(str(_match(c)) for c in n)
    elif n:
        result = _match(n[0])
    else:
        raise Unsupported("empty match node")
    f = CONVERT.get(RULES[n.rule][0])
    return result if f is None else f(result)


def _match_node(n: Any, obj: Any, lim: int, made: Made) -> Any:
    return _match(n)


def _model_node(n: Any, obj: Any, lim: int, made: Made) -> Any:
    raise Unsupported("nested model node")


def _assign(n: Any, kind: str, attr: str, obj: Any, lim: int, made: Made) -> None:
    \"\"\"Assignment node ``n`` to ``obj`` where no rule's builder expects it.\"\"\"
    if obj is None:
        raise Unsupported("an assignment outside any object")
    if kind == "optional":
        setattr(obj, attr, True)
    elif kind == "plain":
        old = getattr(obj, attr)
        if old and not isinstance(old, list):
            raise Unsupported("multiple assignments")
        if not n:
            raise Unsupported("empty assignment")
        value = _node(n[0], obj, lim, made)
        if isinstance(old, list):
            old.append(value)
        else:
            setattr(obj, attr, value)
    else:  # 'oneormore', 'zeroormore'
        for c in n:
            if (c[2] if type(c) is tuple else RULES[c.rule][0]) == "sep":
                continue  # a separator ("+=X[',']")
            value = _node(c, obj, lim, made)
            if getattr(obj, attr, None) is None:
                setattr(obj, attr, [])
            getattr(obj, attr).append(value)
"""


class _Builders:
    """Emits the model builders (see ``_BUILDER_BASE``) from the generator's rules."""

    def __init__(self, gen: _Gen, shapes: dict[str, tuple[dict[str, Any], tuple[str, ...]]]) -> None:
        self.gen = gen
        self.shapes = shapes
        self.seps = frozenset(i for i, r in enumerate(gen.rules) if r[0] == "sep")

    def kind(self, e: Any) -> tuple[int, str] | None:
        """(rule index, kind) of expression ``e`` when a parse-tree node is made for it."""
        rid = self.gen.rule_ids.get(id(e))
        return None if rid is None else (rid, self.gen.rules[rid][1])

    def body(self, e: Any, top: Any, assigns: list[int], tokens: set[str], seen: set[int],
             repeated: set[int], again: bool = False) -> None:
        """The assignments (rule indexes) and the rule names of the tokens that can be children of
        the node of rule ``top`` (``e``: an expression in its body); in ``repeated`` the
        assignments that can match more than once in one node (inside a repetition, ``again``)."""
        from arpeggio import Repetition
        if id(e) in seen:
            return
        seen.add(id(e))
        if isinstance(e, self.gen.terminals):
            tokens.add(e.rule_name if type(e).__name__ != "EndOfFile" else "EOF")
            return
        k = self.kind(e)
        if e is not top and k is not None:
            if k[1] in ("plain", "optional", "oneormore", "zeroormore"):
                assigns.append(k[0])
                if again:
                    repeated.add(k[0])
            return  # another rule's node
        if e is not top and e.root:
            tokens.add("?")  # (a rule without a node of its own: can't tell)
            return
        again = again or isinstance(e, Repetition)
        for c in list(e.nodes) + ([e.sep] if getattr(e, "sep", None) is not None else []):
            self.body(c, top, assigns, tokens, seen, repeated, again)

    def value(self, e: Any, x: str, ind: str) -> list[str]:
        """Code setting ``value`` to what the node ``x`` of expression ``e`` gives (the value of an
        assignment)."""
        if isinstance(e, self.gen.terminals):
            name = e.rule_name if type(e).__name__ != "EndOfFile" else "EOF"
            text = f"CONVERT[{name!r}]({x}[1])" if name in _CONVERTERS else f"{x}[1]"
            return [f"{ind}value = {text} if type({x}) is tuple else _node({x}, inst, lim, made)"]
        k = self.kind(e)
        if k is not None and k[1] == "common" and k[0] not in self.seps:
            # (the parser makes an assignment's node of its value's node, here that rule's node)
            return [f"{ind}value = _b{k[0]}({x}, inst, lim, made)"]
        if k is not None and k[1] == "abstract":
            # Its one child, an object's node (what ``_node`` finds going through it).
            return [f"{ind}if type({x}) is Nt and {x}.rule == {k[0]} and len({x}) == 1 and type(y := {x}[0]) is Nt"
                    f" and (b := _OBJ[y.rule]) is not None:",
                    f"{ind}    value = b(y, inst, lim, made)",
                    f"{ind}else:",
                    f"{ind}    value = _node({x}, inst, lim, made)"]
        if k is not None and k[1] == "match":
            # Its one token's text (``_match``), converted by the token's and the rule's conversions.
            text = "y[1] if y[2] not in CONVERT else CONVERT[y[2]](y[1])"
            if e.rule_name in _CONVERTERS:
                text = f"CONVERT[{e.rule_name!r}]({text})"
            return [f"{ind}if type({x}) is Nt and {x}.rule == {k[0]} and len({x}) == 1 and type(y := {x}[0]) is tuple:",
                    f"{ind}    value = {text}",
                    f"{ind}else:",
                    f"{ind}    value = _node({x}, inst, lim, made)"]
        return [f"{ind}value = _node({x}, inst, lim, made)"]

    def assignment(self, rid: int, lists: tuple[str, ...], once: bool, ind: str) -> list[str]:
        """Code doing assignment node ``c`` (of rule ``rid``) to ``inst`` (whose ``__dict__`` is ``d``);
        ``once``: no other assignment to its attribute can be in the same node."""
        e = self.gen.exprs[rid]
        _, kind, _, attr = self.gen.rules[rid]
        a = repr(attr)
        if kind == "optional":
            return [f"{ind}d[{a}] = True"]
        if kind == "plain" and len(e.nodes) == 1:
            lines = [f"{ind}x = c[0]"]
            if attr not in lists and not once:
                # (a value is never a list: a second assignment to a single value is refused)
                lines += [f"{ind}if d[{a}]:", f"{ind}    raise Unsupported('multiple assignments')"]
            lines += self.value(e.nodes[0], "x", ind)
            return lines + [f"{ind}d[{a}].append(value)" if attr in lists else f"{ind}d[{a}] = value"]
        if kind in ("oneormore", "zeroormore") and attr in lists and len(e.nodes) == 1:
            el = e.nodes[0]
            k = self.kind(el)
            if getattr(e, "sep", None) is None and el.rule_name != "sep" and (
                    isinstance(el, self.gen.terminals) or (k is not None and k[1] in ("common", "abstract", "match"))):
                # No separator: every child is an element's value (a token, or the node of the
                # element's rule).
                if k is not None and k[1] == "common":
                    return [f"{ind}values = d[{a}]", f"{ind}for x in c:",
                            f"{ind}    values.append(_b{k[0]}(x, inst, lim, made))"]
                return ([f"{ind}values = d[{a}]", f"{ind}for x in c:"] + self.value(el, "x", ind + "    ")
                        + [f"{ind}    values.append(value)"])
            lines = [f"{ind}values = d[{a}]", f"{ind}for x in c:",
                     f"{ind}    if type(x) is tuple:",
                     f"{ind}        if x[2] == 'sep':",
                     f"{ind}            continue  # a separator (\"+=X[',']\")",
                     f"{ind}        f = CONVERT.get(x[2])",
                     f"{ind}        values.append(x[1] if f is None else f(x[1]))"]
            if self.seps:
                lines += [f"{ind}    elif x.rule in _SEP:", f"{ind}        continue"]
            if k is not None and k[1] == "common" and k[0] not in self.seps:
                lines += [f"{ind}    elif x.rule == {k[0]}:", f"{ind}        values.append(_b{k[0]}(x, inst, lim, made))"]
                return lines + [f"{ind}    else:", f"{ind}        values.append(_node(x, inst, lim, made))"]
            if k is not None and k[1] in ("abstract", "match") and k[0] not in self.seps:
                lines += [f"{ind}    else:"] + self.value(e.nodes[0], "x", ind + "        ")
                return lines + [f"{ind}        values.append(value)"]
            return lines + [f"{ind}    else:", f"{ind}        values.append(_node(x, inst, lim, made))"]
        return [f"{ind}_assign(c, {kind!r}, {a}, inst, lim, made)"]

    def common(self, rid: int) -> list[str]:
        """The builder of the objects of rule ``rid``."""
        e = self.gen.exprs[rid]
        name, _, cls, _ = self.gen.rules[rid]
        defaults, lists = self.shapes[cls]
        assigns: list[int] = []
        tokens: set[str] = set()
        repeated: set[int] = set()
        self.body(e, e, assigns, tokens, set(), repeated)
        # The attributes that only one assignment, matching once at most, can set in a node.
        count = Counter(self.gen.rules[a][3] for a in assigns)
        once = {a for a in assigns if count[self.gen.rules[a][3]] == 1 and a not in repeated}
        items = [f"{k!r}: {v!r}" for k, v in defaults.items()] + [f"{k!r}: []" for k in lists]
        items += ["'_tx_position': start", "'_tx_position_end': end"]
        b = "    "
        lines = [f"def _b{rid}(n: Nt, parent: Any, lim: int, made: Made) -> Any:",
                 f'{b}"""An object of rule {name} (class {cls}) from its node ``n``, inside ``parent``."""',
                 f"{b}if lim <= 0:", f"{b}    raise Unsupported('nesting')",
                 # Nt.position and Nt.position_end without their calls and emptiness tests (an
                 # empty node, which only an empty optional rule leaves, is left to them).
                 f"{b}try:",
                 f"{b}    x: Any = n[0]", f"{b}    while type(x) is Nt:", f"{b}        x = x[0]",
                 f"{b}    start = x[0]",
                 f"{b}    x = n[-1]", f"{b}    while type(x) is Nt:", f"{b}        x = x[-1]",
                 f"{b}    end = x[0] + len(x[1])",
                 f"{b}except IndexError:",
                 f"{b}    start = n.position",
                 f"{b}    end = n.position_end",
                 f"{b}inst: Any = _C{rid}()",
                 f"{b}d: dict[str, Any] = {{{', '.join(items)}}}",
                 f"{b}inst.__dict__ = d",
                 f"{b}lim -= 1"]
        if any(t == "?" or t in _CONVERTERS for t in tokens):
            tok = [f"{b}        f = CONVERT.get(c[2])", f"{b}        if f is not None:",
                   f"{b}            f(c[1])  # (textX converts it and drops the result: only a failure shows)"]
        else:
            tok = []
        lines += [f"{b}for c in n:", f"{b}    if type(c) is tuple:"] + tok + [f"{b}        continue"]
        if assigns:
            lines += [f"{b}    r = c.rule"]
            for i, a in enumerate(assigns):
                lines += [f"{b}    {'if' if i == 0 else 'elif'} r == {a}:  # {self.gen.rules[a][3]}"]
                lines += self.assignment(a, lists, a in once, b + "        ")
            lines += [f"{b}    else:", f"{b}        _node(c, inst, lim, made)"]
        else:
            lines += [f"{b}    _node(c, inst, lim, made)"]
        lines += [f"{b}if parent is not None:", f"{b}    d['parent'] = parent", f"{b}    made.append(d)"]
        if "name" in defaults or "name" in lists:
            lines += [f"{b}name = d['name']", f"{b}if name and not isinstance(name, (str, int, float, bool)):",
                      f"{b}    raise Unsupported('a name textX would refuse')  # \"Object name can't be of unhashable type\""]
        return lines + [f"{b}return inst", "", ""]

    def source(self) -> list[str]:
        rules = self.gen.rules
        lines = _BUILDER_BASE.splitlines() + [""]
        table: list[str] = []
        for rid, (name, kind, cls, attr) in enumerate(rules):
            if kind == "common":
                lines += [f"_C{rid} = CLASSES[{cls!r}]"]
                table.append(f"_b{rid}")
            elif kind == "abstract":
                table.append("_node")
            elif kind == "match":
                table.append("_match_node")
            elif kind == "model":
                table.append("_model_node")
            else:
                table.append(f"lambda n, o, lim, made: _assign(n, {kind!r}, {attr!r}, o, lim, made)")
        lines += ["", ""]
        for rid, r in enumerate(rules):
            if r[1] == "common":
                lines += self.common(rid)
        abstract = sorted(i for i, r in enumerate(rules) if r[1] == "abstract")
        lines += ["# What makes the value of a node, by its rule (abstract rules' nodes: see _node).",
                  "_N: list[Callable[[Any, Any, int, Made], Any]] = ["]
        lines += [f"    {t},  # {rid} {rules[rid][0]}" for rid, t in enumerate(table)] + ["]"]
        lines += [f"_ABSTRACT = frozenset({abstract!r})"]
        lines += ["# The builder of each rule making objects (None for the others).",
                  "_OBJ: list[Callable[[Any, Any, int, Made], Any] | None] = ["]
        lines += [f"    {t if r[1] == 'common' else None},  # {rid} {r[0]}" for rid, (t, r) in enumerate(zip(table, rules))] + ["]"]
        if self.seps:
            lines += [f"_SEP = frozenset({sorted(self.seps)!r})  # separators' rule nodes"]
        return lines


def generate() -> str:
    """The source of :mod:`dsl.cardparser` for the current grammar."""
    from textx import metamodel_from_file

    from .metamodel import GRAMMAR_PATH
    mm = metamodel_from_file(str(GRAMMAR_PATH), autokwd=True, memoization=False)
    grammar = GRAMMAR_PATH.read_bytes()
    # Twice: the first time tells which rule sequences' methods are called from one place only;
    # the second puts their code there (a call, a tuple and its unpacking less per match).
    first = _Gen(mm._parser_blueprint)
    calls = Counter(re.findall(r"self\.(\w+)\(", first.generate(grammar)))
    single = frozenset(key for key, name in first.names.items() if calls[name] == 1)
    gen = _Gen(mm._parser_blueprint, single)
    src = gen.generate(grammar)
    shapes: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {}
    classes = _model_classes(mm, gen.rules, shapes)
    return src + "\n".join(classes + _Builders(gen, shapes).source()) + "\n"


def main(argv: list[str] | None = None) -> int:
    import argparse  # (here: a build imports this module for grammar_digest alone)
    ap = argparse.ArgumentParser(prog="python -m dsl.parsergen", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if dsl/cardparser.py is out of date")
    args = ap.parse_args(argv)
    src = generate()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != src:
            print(f"{OUT} is out of date: run python -m dsl.parsergen", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(src, encoding="utf-8")
    print(f"wrote {OUT} ({src.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
