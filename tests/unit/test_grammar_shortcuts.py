"""The grammar's shortcuts (issue 8, parse speed) stay sound as the grammar grows.

dsl/cardsmith.tx tries some alternatives early, behind lookaheads, and enters some runs of optional
words through one lookahead.  Each device keeps the choices, the models and the syntax errors
because of a property of the grammar around it, which these tests check on the parser model that
textX builds (so a rule added later that breaks the property fails here, by name):

- a first-word shortcut ``!(!Guard) (Entries)`` in a choice: for every word the guard accepts, the
  entries that can begin with it are the first alternatives of the complete list that can begin with
  it, in the same order, and at least one of them can (so it is consumed and the error, if any, lies
  further on);
- the keyword-line shortcut of CardStmt: where it is taken, no statement or ability tried before
  KeywordLine can begin with the word except through a parameter name or an ability word, whose
  follow-up (',' or ':') the shortcut tries itself and KeywordLead excludes;
- a run of optional words, or a choice's complete list, entered through ``&(first words)``: the
  lookahead tries exactly the words the run would try first, in the same order (so where it fails, the
  run would have failed with the same syntax error, and where it matches, the run is tried);
- NotParamName is the union of the five rules ParamName used to exclude one by one.

The checks reason on first words, so they over-approximate what an alternative can begin with (a
negative lookahead is honoured only when it is a plain word or pattern); the equivalence test
(tests/unit/test_grammar_equivalence.py) compares whole parses against the earlier grammar.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from arpeggio import (And, EndOfFile, Match, Not, OneOrMore, Optional, OrderedChoice, RegExMatch, Sequence,
                      StrMatch, ZeroOrMore)

from dsl.grammar import GRAMMAR_PATH
from dsl.metamodel import card_metamodel

# Texts the guards are tried on: every word the grammar spells, alone and in the phrases that make
# player references and targets differ ("target player" vs "target creature").
PHRASES = ["target creature", "target player", "target opponent", "target players", "that creature",
           "that player", "that creature's owner", "that spell", "each opponent", "each player", "each creature",
           "creatures", "creature", "artifacts", "Goblins", "it's", "this's power", "{T}", "{2}", "{2}{R}", "{1",
           "{{", "flying", "first strike", "kicker {2}", "defender, flying", "scry 2", "zzz", "x_1", "when:",
           "you may", "you gain", "your opponents", "up to two", "all creatures", "another target"]


def peg(rule: str) -> Any:
    """The parser-model node of a grammar rule."""
    return card_metamodel()[rule]._tx_peg_rule


@lru_cache(maxsize=1)
def samples() -> list[str]:
    words = set(re.findall(r"'([^'\s]+)'|\"([^\"\s]+)\"", GRAMMAR_PATH.read_text(encoding="utf-8")))
    texts = sorted({a or b for a, b in words} | set(PHRASES))
    return [t + " x" for t in texts] + [t + ":" for t in texts] + [t + "," for t in texts]


def matches(m: Match, text: str) -> bool:
    """Whether the terminal ``m`` consumes a beginning of ``text``."""
    if isinstance(m, RegExMatch):
        found = m.regex.match(text)
        return bool(found and found.group())
    if isinstance(m, StrMatch):
        return bool(m.to_match) and text.startswith(m.to_match)
    return False


def surely_matches(e: Any, text: str) -> bool:
    """Under-approximation: ``e`` (a plain terminal, or a choice of them) matches a beginning of ``text``."""
    if isinstance(e, Match):
        return matches(e, text)
    if isinstance(e, OrderedChoice):
        return any(surely_matches(x, text) for x in e.nodes)
    return False


def blocks(x: Any, text: str) -> bool:
    """Whether the lookahead ``x`` surely fails at the beginning of ``text`` (so nothing after it is tried)."""
    if isinstance(x, Not):
        inner = x.nodes[0]
        if isinstance(inner, Not):  # !(!X): X must match
            return not starters(inner.nodes[0], text) and not nullable(inner.nodes[0], text)
        return surely_matches(inner, text)
    if isinstance(x, And):
        return not starters(x.nodes[0], text) and not nullable(x.nodes[0], text)
    return False


def nullable(e: Any, text: str, seen: frozenset[int] = frozenset()) -> bool:
    """Whether ``e`` may match nothing at the beginning of ``text``."""
    if id(e) in seen:
        return False
    seen = seen | {id(e)}
    if isinstance(e, (Not, And)):
        return not blocks(e, text)
    if isinstance(e, (Optional, ZeroOrMore)):
        return True
    if isinstance(e, Match):
        return isinstance(e, EndOfFile)
    if isinstance(e, OneOrMore):
        return nullable(e.nodes[0], text, seen)
    if isinstance(e, OrderedChoice):
        return any(nullable(x, text, seen) for x in e.nodes)
    if isinstance(e, Sequence):
        return all(nullable(x, text, seen) for x in e.nodes)
    return False


def starters(e: Any, text: str, seen: frozenset[int] = frozenset()) -> list[Match]:
    """Over-approximation: the terminals through which ``e`` could consume a beginning of ``text``."""
    if id(e) in seen:
        return []
    seen = seen | {id(e)}
    if isinstance(e, Match):
        return [e] if matches(e, text) else []
    if isinstance(e, (Not, And)):
        return []
    if isinstance(e, (Optional, ZeroOrMore, OneOrMore)):
        return starters(e.nodes[0], text, seen)
    if isinstance(e, OrderedChoice):
        return [m for x in e.nodes for m in starters(x, text, seen)]
    if isinstance(e, Sequence):
        out: list[Match] = []
        for x in e.nodes:
            if isinstance(x, (Not, And)):
                if blocks(x, text):
                    return out
                continue
            out += starters(x, text, seen)
            if not nullable(x, text):
                break
        return out
    return []


def shortcut_parts(choice: Any) -> tuple[list[tuple[Any, list[Any]]], list[Any]]:
    """The first-word shortcuts ``!(!Guard) Entries`` of a choice rule, and its complete list."""
    shortcuts, rest = [], list(choice.nodes)
    while rest and isinstance(rest[0], Sequence) and not rest[0].rule_name and len(rest[0].nodes) == 2 \
            and isinstance(rest[0].nodes[0], Not) and isinstance(rest[0].nodes[0].nodes[0], Not):
        guard = rest[0].nodes[0].nodes[0].nodes[0]
        entries = rest[0].nodes[1]
        shortcuts.append((guard, list(entries.nodes) if isinstance(entries, OrderedChoice) and not entries.rule_name
                          else [entries]))
        rest.pop(0)
    if len(rest) == 1 and isinstance(rest[0], Sequence) and isinstance(rest[0].nodes[0], And):
        rest = list(rest[0].nodes[1].nodes)  # the complete list, entered through a lookahead
    return shortcuts, rest


def test_first_word_shortcuts_pick_what_the_complete_list_would() -> None:
    checked = 0
    for rule in ("Effect", "TargetRef", "AbilityBody"):
        shortcuts, complete = shortcut_parts(peg(rule))
        assert shortcuts, f"{rule} has no shortcut any more: update this test"
        for guard, entries in shortcuts:
            for text in samples():
                if not starters(guard, text) and not surely_matches(guard, text):
                    continue
                checked += 1
                picked = [e.rule_name for e in entries if starters(e, text)]
                could = [a.rule_name for a in complete if starters(a, text)]
                assert picked, f"{rule}: the shortcut's guard accepts {text!r} but none of its entries begins with it"
                assert picked == could[:len(picked)], (
                    f"{rule}: for {text!r} the shortcut tries {picked}, but the complete list's alternatives "
                    f"that can begin with it are {could} (the shortcut must list a prefix of them, in order)")
    assert checked > 50


def test_keyword_line_shortcut_is_taken_only_where_no_statement_begins() -> None:
    choice = peg("CardStmt").nodes[1]
    shortcut, complete = choice.nodes[0], choice.nodes[1:]
    assert [a.rule_name for a in complete][-1] == "KeywordLine"
    reserved, lead = peg("Reserved"), peg("KeywordLead")
    follow_ups = {id(peg("AbilityWordName"))} | {id(m) for m in peg("ParamName").nodes if isinstance(m, RegExMatch)}
    assert shortcut.nodes[-1].rule_name == "KeywordLine"
    taken = 0
    for text in samples():
        if matches(reserved, text) or not matches(lead, text):
            continue
        taken += 1
        for alt in complete[:-1]:
            others = [m for m in starters(alt, text) if id(m) not in follow_ups]
            assert not others, (f"CardStmt: {alt.rule_name} can begin {text!r} (with {others[0].to_match!r}), "
                                "where KeywordLead takes a keyword line: exclude the word in KeywordLead")
    assert taken > 20


def attempts(e: Any) -> tuple[list[Any], bool]:
    """The terminals ``e`` tries, in order, where none matches; and whether the parse goes on after it."""
    if isinstance(e, Match):
        return [e], False
    if isinstance(e, Not):
        # tried silently; !(!X) fails where X does
        return [], not isinstance(e.nodes[0], Not)
    if isinstance(e, And):
        return attempts(e.nodes[0])[0], False
    if isinstance(e, (Optional, ZeroOrMore)):
        return attempts(e.nodes[0])[0], True
    if isinstance(e, OneOrMore):
        return attempts(e.nodes[0])[0], False
    if isinstance(e, OrderedChoice):
        return [m for x in e.nodes for m in attempts(x)[0]], False
    out: list[Any] = []
    for x in e.nodes:
        tried, goes_on = attempts(x)
        out += tried
        if not goes_on:
            return out, False
    return out, True


def expected(terminals: list[Any]) -> list[str]:
    """What a syntax error lists for these failed terminals (as Arpeggio words it), without repeats."""
    names = [m.rule_name if m.root else f"'{m.to_match}'" for m in terminals]
    return list(dict.fromkeys(names))


def entered_runs(e: Any, found: list[tuple[str, Any]], rule: str, seen: set[int]) -> None:
    """Every ``&(first words) run`` of the grammar: a run of optional words in an optional group, or a
    choice's complete list."""
    if id(e) in seen:
        return
    seen.add(id(e))
    if e.root and e.rule_name and not e.rule_name.startswith("__"):
        rule = e.rule_name
    if isinstance(e, Sequence) and isinstance(e.nodes[0], And) and isinstance(e.nodes[0].nodes[0], OrderedChoice) \
            and len(e.nodes) > 1:
        found.append((rule, e))
    for x in getattr(e, "nodes", []):
        entered_runs(x, found, rule, seen)


def test_runs_and_lists_are_entered_by_exactly_their_first_words() -> None:
    found: list[tuple[str, Any]] = []
    entered_runs(peg("File"), found, "File", set())
    assert sorted(r for r, _ in found) == ["Effect", "ObjectFilter", "ObjectFilter", "Sentence", "Sentence"]
    for rule, run in found:
        guard = expected(attempts(run.nodes[0].nodes[0])[0])
        body = Sequence(nodes=run.nodes[1:])
        tried, _ = attempts(body)
        assert guard == expected(tried), f"{rule}: the lookahead tries {guard}, the run it enters tries {expected(tried)}"


def test_not_param_name_is_the_union_of_what_a_parameter_name_is_not() -> None:
    union = [peg(r) for r in ("NumberWord", "TypeWord", "FilterKind", "BackWord")]
    other = re.compile(r"(another|other)\b")
    combined = peg("NotParamName")
    texts = samples() + ["an x", "twenty x", "sorcerys x", "permanent cards x", "those lands x", "that land x",
                         "others x", "anothers x", "itx x", "thisx x"]
    for text in texts:
        want = any(surely_matches(r, text) for r in union) or bool(other.match(text))
        assert bool(combined.regex.match(text)) == want, text
